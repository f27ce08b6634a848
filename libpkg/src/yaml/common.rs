//! The common case of a manifest document read straight from the YAML
//! parser's events, without serde-saphyr's deserializer between them.
//!
//! Most documents of a package are mappings with string keys and sequences
//! of strings, integers, booleans and nulls, with no anchors, aliases, tags
//! or merge keys.
//! For those, building the [`Manifest`] from granit-parser's events (the parser
//! serde-saphyr drives) is much cheaper than the full deserializer, and
//! parsing is most of an offline plan's time for a large package. A plain
//! scalar that may be a number of another form (`1.5`, `0x1F`, `0.1.0`) is
//! read by serde-saphyr alone. Any other document (an anchor, an alias, a
//! tag, a merge key, a complex or duplicate key, a parse error, one near a
//! limit) is left to serde-saphyr whole: the rules for those, and every
//! error message, stay in one place. Tests compare both readings.

use compact_str::CompactString;
use serde_saphyr::DuplicateKeyPolicy;
use serde_saphyr::granit_parser::{Event, Options, Parser, ScalarStyle};

use crate::manifest::{Manifest, Map};

use super::{YamlLimits, parse_value_in_full};

/// The most events a document read here may have: far below serde-saphyr's
/// own per-document cap (a million), so a document near it is left to
/// serde-saphyr to refuse.
const MAX_EVENTS: usize = 500_000;

/// serde-saphyr refuses a document of more than 64 MiB of scalar text, and
/// a scalar is at most half again as long as its source (the escape `\L` is
/// three bytes): a document this long is left to serde-saphyr.
const MAX_BYTES: usize = 32 << 20;

/// The value of a single-document `chunk` as [`super::parse_value`] reads it,
/// or `None` when the document is not of the common kind (see the module).
pub(super) fn parse(chunk: &str, limits: &YamlLimits) -> Option<Manifest> {
    if chunk.len() >= MAX_BYTES {
        return None;
    }
    let mut options = Options::default();
    options.emit_comments = false;
    let mut events = Parser::new_from_str_with_options(chunk, options).map(|event| event.ok());
    let mut next = move || events.next().flatten().map(|(event, _)| event);
    if !matches!(next()?, Event::StreamStart) || !matches!(next()?, Event::DocumentStart(_, None)) {
        return None;
    }
    let mut builder = Builder {
        limits,
        events: 0,
        stack: Vec::new(),
        items: Vec::new(),
        entries: Vec::new(),
    };
    let mut event = next()?;
    let value = loop {
        if let Some(value) = builder.take(event)? {
            break value;
        }
        event = next()?;
    };
    match (next()?, next()?) {
        (Event::DocumentEnd, Event::StreamEnd) => Some(value),
        _ => None,
    }
}

/// The collections open at the current event, innermost last, and what
/// they hold so far.
///
/// Their items and entries wait in two stacks shared by all of them and
/// become a collection of exactly their number when it ends: a 50,000-object
/// package's documents are held until the plan is made, and collections grown
/// item by item kept up to half their room unused (most of a manifest's
/// mappings have one to four entries).
struct Builder<'limits> {
    limits: &'limits YamlLimits,
    events: usize,
    stack: Vec<Open>,
    /// The items of the open sequences, outermost first.
    items: Vec<Manifest>,
    /// The entries of the open mappings, outermost first.
    entries: Vec<(CompactString, Manifest)>,
}

/// A collection being read: where its items or entries start in the
/// builder's stacks.
enum Open {
    Sequence(usize),
    /// A mapping and, between a key and its value, the key.
    Mapping(usize, Option<CompactString>),
}

impl Builder<'_> {
    /// Takes one event: `Some(Some(root))` when it completes the document's
    /// root, `Some(None)` when more are needed, `None` when the document is
    /// not of the common kind.
    fn take(&mut self, event: Event) -> Option<Option<Manifest>> {
        self.events += 1;
        if self.events > MAX_EVENTS.min(self.limits.max_nodes) {
            return None;
        }
        let complete = match event {
            Event::Scalar(text, style, 0, None) => {
                let scalar = scalar(&text, style)?;
                if let Some(Open::Mapping(_, pending @ None)) = self.stack.last_mut() {
                    // Only string keys: serde-saphyr tells duplicates by their
                    // text, so `off:` (the key "false") and `'off':` clash.
                    match scalar {
                        Scalar::String("<<") => return None, // a merge key
                        Scalar::String(key) => *pending = Some(key.into()),
                        _ => return None,
                    }
                    return Some(None);
                }
                scalar.into_value(self.limits)?
            }
            Event::SequenceStart(_, 0, None) | Event::MappingStart(_, 0, None) => {
                if matches!(self.stack.last(), Some(Open::Mapping(_, None))) {
                    // A collection as a mapping key.
                    return None;
                }
                if self.stack.len() + 1 >= self.limits.max_depth {
                    return None;
                }
                self.stack.push(match event {
                    Event::SequenceStart(..) => Open::Sequence(self.items.len()),
                    _ => Open::Mapping(self.entries.len(), None),
                });
                return Some(None);
            }
            Event::SequenceEnd => match self.stack.pop()? {
                // Collected from an exact-size iterator: no room to spare.
                Open::Sequence(start) => Manifest::Array(self.items.drain(start..).collect()),
                Open::Mapping(..) => return None,
            },
            Event::MappingEnd => match self.stack.pop()? {
                Open::Mapping(start, None) => {
                    Manifest::Object(Map::from_unique(self.entries.drain(start..).collect()).ok()?)
                }
                _ => return None,
            },
            // Anchors, aliases, tags, comments, a second document.
            _ => return None,
        };
        match self.stack.last_mut() {
            None => Some(Some(complete)),
            Some(Open::Sequence(_)) => {
                self.items.push(complete);
                Some(None)
            }
            Some(Open::Mapping(_, pending)) => {
                let key = pending.take()?;
                self.entries.push((key, complete));
                Some(None)
            }
        }
    }
}

/// A plain or quoted scalar, read.
#[derive(Debug)]
enum Scalar<'text> {
    Null,
    Bool(bool),
    Number(Manifest),
    String(&'text str),
    /// Plain text that may be a number of another form (`1.5`, `0x1F`,
    /// `1_000`) or a string that looks like one (`0.1.0`): serde-saphyr
    /// reads it alone, as it would in place.
    NumberLike(&'text str),
}

impl Scalar<'_> {
    fn into_value(self, limits: &YamlLimits) -> Option<Manifest> {
        Some(match self {
            Scalar::Null => Manifest::Null,
            Scalar::Bool(value) => Manifest::Bool(value),
            Scalar::Number(number) => number,
            Scalar::String(text) => Manifest::String(text.into()),
            Scalar::NumberLike(text) => {
                parse_value_in_full(text, limits, DuplicateKeyPolicy::Error).ok()?
            }
        })
    }
}

/// An untagged scalar as serde-saphyr reads it with this crate's options
/// (YAML 1.1 booleans, legacy octal): quoted and block scalars are strings;
/// a plain one is null, a boolean, a decimal integer, a string, or
/// [`Scalar::NumberLike`]. `None` for plain text that would not read alone
/// as it does in place (`-`, `---`).
fn scalar(text: &str, style: ScalarStyle) -> Option<Scalar<'_>> {
    if style != ScalarStyle::Plain {
        return Some(Scalar::String(text));
    }
    if matches!(text, "" | "~" | "null" | "Null" | "NULL") {
        return Some(Scalar::Null);
    }
    const TRUE: [&str; 4] = ["true", "yes", "y", "on"];
    const FALSE: [&str; 4] = ["false", "no", "n", "off"];
    if TRUE.iter().any(|word| text.eq_ignore_ascii_case(word)) {
        return Some(Scalar::Bool(true));
    }
    if FALSE.iter().any(|word| text.eq_ignore_ascii_case(word)) {
        return Some(Scalar::Bool(false));
    }
    // A number starts with a digit, a sign or a dot, and has only the
    // characters of integers (`0x1F`, `0o17`, `1_000`) and of floats (`1e-3`,
    // `.inf`, Rust's `infinity` and `nan`).
    let number_like = |b: u8| b.is_ascii_hexdigit() || b"_+-.xXoOiInNtTyY".contains(&b);
    let first = text.as_bytes()[0];
    if !(first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.'))
        || !text.bytes().all(number_like)
    {
        return Some(Scalar::String(text));
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text),
    };
    let decimal = !digits.is_empty()
        && (digits == "0" || !digits.starts_with('0'))
        && digits.bytes().all(|b| b.is_ascii_digit());
    let number = match (decimal, negative) {
        (false, _) => None,
        (true, true) => text.parse::<i64>().ok().map(Manifest::from),
        (true, false) => text.parse::<u64>().ok().map(Manifest::from),
    };
    match number {
        Some(number) => Some(Scalar::Number(number)),
        None if text == "-" || text.starts_with("---") || text.starts_with("...") => None,
        None => Some(Scalar::NumberLike(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::split_documents;
    use super::*;
    use proptest::prelude::*;

    /// What serde-saphyr makes of `chunk`, and what this module does, when it reads it.
    fn both(chunk: &str) -> (Option<Manifest>, Result<Manifest, String>) {
        let limits = YamlLimits::default();
        let full = parse_value_in_full(chunk, &limits, DuplicateKeyPolicy::Error)
            .map_err(|e| e.to_string());
        (parse(chunk, &limits), full)
    }

    /// Fails unless this module either leaves `chunk` alone or reads it as serde-saphyr does.
    fn agrees(chunk: &str) -> bool {
        match both(chunk) {
            (None, _) => false,
            (Some(common), full) => {
                assert_eq!(Ok(&common), full.as_ref(), "read differently: {chunk:?}");
                true
            }
        }
    }

    /// Plain scalars of every reading, and look-alikes of each.
    const SCALARS: &[&str] = &[
        "",
        "~",
        "null",
        "Null",
        "NULL",
        "nULL",
        "nil",
        "true",
        "True",
        "TRUE",
        "tRuE",
        "yes",
        "Yes",
        "YES",
        "y",
        "Y",
        "on",
        "On",
        "ON",
        "false",
        "no",
        "No",
        "n",
        "N",
        "off",
        "OFF",
        "yess",
        "onn",
        "0",
        "-0",
        "+0",
        "00",
        "007",
        "0777",
        "-0777",
        "8",
        "42",
        "-42",
        "+42",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "1_000",
        "1.5",
        "-1.5",
        "1.0",
        "1e3",
        "1E3",
        ".5",
        "5.",
        "0x1F",
        "0X1F",
        "0o17",
        "0b101",
        ".inf",
        "-.inf",
        ".nan",
        "-.nan",
        "inf",
        "nan",
        "Infinity",
        "-",
        "--",
        "-a",
        "+",
        ".",
        "..",
        "1.2.3",
        "1-2",
        "128Mi",
        "0.5Gi",
        "v1",
        "apps/v1",
        "/healthz",
        "$HOME",
        "a b",
        "x:y",
        "http://example.test/",
        "2001-12-14",
        "12:30:00",
        "<<",
        "=",
        "é",
        "ça",
        "🦀",
    ];

    #[test]
    fn plain_scalars_are_read_as_serde_saphyr_reads_them() {
        let mut taken = 0;
        for scalar in SCALARS {
            for chunk in [
                format!("value: {scalar}\n"),
                format!("{scalar}: value\n"),
                format!("- {scalar}\n- [{scalar}]\n"),
                format!("{{key: {scalar}}}\n"),
                format!("value: '{scalar}'\n'{scalar}': \"{scalar}\"\n"),
                format!("{scalar}\n"),
            ] {
                taken += usize::from(agrees(&chunk));
            }
        }
        // Most are read here, so the comparison is not empty.
        assert!(taken > SCALARS.len() * 5, "only {taken} read here");
    }

    #[test]
    fn documents_of_other_kinds_are_left_to_serde_saphyr() {
        for chunk in [
            "a: &x 1\nb: *x\n",
            "a: !!str 1\n",
            "a: !custom x\n",
            "base: &b {x: 1}\nother:\n  <<: *b\n",
            "a: 1\na: 2\n",
            "on: 1\n\"true\": 2\n",
            "off: 1\n'off': 2\n",
            "80: http\n",
            "? [a, b]\n: c\n",
            "a: -\n",
            "%YAML 1.2\n---\na: 1\n",
            "a: [1, 2\n",
            "a: 1\n--- \nb: 2\n",
        ] {
            assert_eq!(both(chunk).0, None, "read here: {chunk:?}");
        }
        // Nesting at the depth limit is serde-saphyr's to refuse.
        let limits = YamlLimits {
            max_depth: 3,
            ..YamlLimits::default()
        };
        assert_eq!(parse("a: {b: {c: 1}}\n", &limits), None);
        assert!(parse("a: {b: 1}\n", &limits).is_some());
    }

    #[test]
    fn the_projects_manifests_are_read_as_serde_saphyr_reads_them() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let (mut documents, mut taken) = (0, 0);
        let mut directories = vec![root.join("examples"), root.join("tests")];
        while let Some(directory) = directories.pop() {
            for entry in std::fs::read_dir(&directory).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    directories.push(path);
                    continue;
                }
                let is_yaml = path
                    .extension()
                    .is_some_and(|extension| extension == "yaml" || extension == "yml");
                let Some(text) = is_yaml
                    .then(|| std::fs::read_to_string(&path).ok())
                    .flatten()
                    .filter(|text| !text.contains("{{"))
                else {
                    continue;
                };
                for (_, chunk) in split_documents(&text) {
                    if !chunk.trim().is_empty() {
                        documents += 1;
                        taken += usize::from(agrees(chunk));
                    }
                }
            }
        }
        assert!(documents > 100, "found {documents} documents");
        assert!(
            taken * 10 > documents * 9,
            "{taken} of {documents} read here"
        );
    }

    /// A YAML text of nested mappings and sequences over [`SCALARS`], in
    /// block or flow style, plain or quoted.
    fn yaml_text() -> impl Strategy<Value = String> {
        let scalar = (0..SCALARS.len(), 0..3).prop_map(|(index, quoting)| {
            let text = SCALARS[index];
            match quoting {
                0 if !text.is_empty() && !text.contains(':') && text != "-" => text.to_string(),
                1 => format!("'{text}'"),
                _ => format!("{text:?}"),
            }
        });
        scalar.prop_recursive(4, 40, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5)
                    .prop_map(|items| format!("[{}]", items.join(", "))),
                prop::collection::vec((inner.clone(), inner), 0..5).prop_map(|entries| {
                    let entries: Vec<String> =
                        entries.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                    format!("{{{}}}", entries.join(", "))
                }),
            ]
        })
    }

    proptest! {
        #[test]
        fn random_documents_are_read_as_serde_saphyr_reads_them(text in yaml_text()) {
            agrees(&format!("root: {text}\n"));
        }
    }
}
