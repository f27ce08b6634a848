//! The package loader: an archive (input starting with the gzip magic), a raw
//! tar stream (input starting with `TAR`: gzipped here, so that the fuzzer
//! mutates tar headers rather than compressed bytes), or `package.yaml` and one
//! manifest file separated by a NUL byte. Whatever loads must render into a
//! plan whose every object carries the release labels.
#![no_main]

use std::io::Write;

use libfuzzer_sys::fuzz_target;
use libpkg::action::{Source, plan_offline};
use libpkg::package::{Files, Limits, Package};
use libpkg::render::{LABEL_MANAGED_BY, LABEL_RELEASE};

/// Small limits: the fuzzer should find logic bugs, not spend its time allocating.
const LIMITS: Limits = Limits {
    max_total_bytes: 1 << 20,
    max_file_bytes: 256 << 10,
    max_entries: 256,
    max_documents: 256,
};

fuzz_target!(|data: &[u8]| {
    let package = if data.starts_with(&[0x1f, 0x8b]) {
        Package::from_archive(data, "fuzz.tgz", &LIMITS)
    } else if let Some(tar) = data.strip_prefix(b"TAR") {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(tar).expect("writing to memory");
        Package::from_archive(&gz.finish().expect("writing to memory"), "fuzz.tgz", &LIMITS)
    } else {
        let (metadata, manifest) = match data.iter().position(|b| *b == 0) {
            Some(at) => (&data[..at], &data[at + 1..]),
            None => (&b"apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: fuzz\nversion: 1.0.0\n"[..], data),
        };
        let mut files = Files::new();
        files.insert("package.yaml".into(), metadata.to_vec().into());
        files.insert("manifests/fuzz.yaml".into(), manifest.to_vec().into());
        Package::from_files(files, "fuzz", None)
    };
    let Ok(package) = package else { return };
    let Ok(plan) = plan_offline(&package, &Source::local("./fuzz"), "fuzz", "default") else {
        return;
    };
    plan.verify_hash().expect("a fresh plan verifies");
    for object in &plan.objects {
        let labels = &object.manifest["metadata"]["labels"];
        assert_eq!(labels[LABEL_RELEASE], "fuzz", "{object:?}");
        // Ours, unless the package set its own.
        assert!(labels[LABEL_MANAGED_BY].as_str().is_some(), "{object:?}");
    }
});
