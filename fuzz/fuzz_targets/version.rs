//! Tags, constraints and references. The first line is a constraint, the
//! others are tags (and references). Properties: resolution picks a tag that
//! satisfies the constraint and accounts for every tag; a version's tag parses
//! back to it; a parsed OCI reference prints as text that parses back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libpkg::reference::{OciRef, PackageRef};
use libpkg::version::{Constraint, parse_version, resolve, tag_for};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let constraint = lines.next().and_then(|line| Constraint::parse(line).ok());
    let tags: Vec<String> = lines.map(str::to_string).collect();
    for devel in [false, true] {
        if let Ok(resolution) = resolve(&tags, constraint.as_ref(), devel) {
            assert!(tags.contains(&resolution.tag));
            assert_eq!(resolution.candidates.len(), tags.len());
            if let Some(constraint) = &constraint {
                assert!(constraint.matches(&resolution.version, devel));
            }
        }
    }
    for tag in &tags {
        if let Ok(version) = parse_version(tag) {
            assert_eq!(parse_version(&tag_for(&version)).unwrap(), version, "{tag:?}");
        }
        if let Ok(PackageRef::Oci(reference)) = PackageRef::parse(tag) {
            let printed = reference.to_string();
            let reparsed = OciRef::parse(printed.strip_prefix("oci://").unwrap())
                .unwrap_or_else(|e| panic!("{printed:?} does not parse back: {e}"));
            assert_eq!(reparsed, reference);
        }
    }
});
