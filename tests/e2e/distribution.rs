//! Distribution: `krew-manifest.yaml` is a krew plugin manifest
//! (krew.googlecontainertools.github.com/v1alpha2) for this version, with an
//! archive for every platform krew users ask for, named as
//! `dist/build-archives` builds them.

use std::collections::BTreeSet;

use kubectl_pkg_e2e::repo_root;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Manifest {
    api_version: String,
    kind: String,
    metadata: Metadata,
    spec: Spec,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Metadata {
    name: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Spec {
    version: String,
    homepage: String,
    short_description: String,
    description: String,
    caveats: String,
    platforms: Vec<Platform>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Platform {
    selector: Selector,
    uri: String,
    sha256: String,
    bin: String,
    files: Vec<FileOperation>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Selector {
    match_labels: std::collections::BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileOperation {
    from: String,
    to: String,
}

/// The Rust target an archive is built for, from krew's os and arch.
fn rust_target(os: &str, arch: &str) -> String {
    let cpu = match arch {
        "amd64" => "x86_64",
        "arm64" => "aarch64",
        other => panic!("unexpected arch {other}"),
    };
    let system = match os {
        "linux" => "unknown-linux-gnu",
        "darwin" => "apple-darwin",
        "windows" => "pc-windows-msvc",
        other => panic!("unexpected os {other}"),
    };
    format!("{cpu}-{system}")
}

#[test]
fn the_krew_manifest_is_valid_for_this_version_and_every_platform() {
    let text = std::fs::read_to_string(repo_root().join("krew-manifest.yaml")).unwrap();
    let manifest: Manifest = serde_saphyr::from_str(&text).unwrap();
    assert_eq!(
        manifest.api_version,
        "krew.googlecontainertools.github.com/v1alpha2"
    );
    assert_eq!(manifest.kind, "Plugin");
    // `kubectl pkg` runs the executable `kubectl-pkg`.
    assert_eq!(manifest.metadata.name, "pkg");
    let spec = &manifest.spec;
    let version = format!("v{}", env!("CARGO_PKG_VERSION"));
    assert_eq!(spec.version, version, "the manifest is for another version");
    assert!(spec.homepage.starts_with("https://"));
    // krew-index asks for a short description that fits its search listing.
    assert!(
        !spec.short_description.is_empty() && spec.short_description.len() <= 50,
        "{:?}",
        spec.short_description
    );
    assert!(spec.description.len() > spec.short_description.len());
    assert!(spec.caveats.contains("kubectl_complete-pkg"));

    let mut platforms = BTreeSet::new();
    for platform in &spec.platforms {
        let labels = &platform.selector.match_labels;
        let (os, arch) = (&labels["os"], &labels["arch"]);
        assert_eq!(labels.len(), 2, "{labels:?}");
        assert!(
            platforms.insert(format!("{os}/{arch}")),
            "{os}/{arch} twice"
        );
        let extension = if os == "windows" { "zip" } else { "tar.gz" };
        let archive = format!(
            "kubectl-pkg-{version}-{}.{extension}",
            rust_target(os, arch)
        );
        assert!(
            platform.uri.starts_with("https://")
                && platform.uri.ends_with(&format!("/{version}/{archive}")),
            "{os}/{arch}: {} is not {archive} of release {version}",
            platform.uri
        );
        assert!(
            platform.sha256.len() == 64
                && platform
                    .sha256
                    .chars()
                    .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)),
            "{os}/{arch}: sha256 {:?} is not 64 lowercase hex digits",
            platform.sha256
        );
        let exe = if os == "windows" {
            "kubectl-pkg.exe"
        } else {
            "kubectl-pkg"
        };
        assert_eq!(platform.bin, exe);
        assert!(
            platform
                .files
                .iter()
                .any(|file| file.from == exe && file.to == "."),
            "{os}/{arch}: the binary is not installed"
        );
    }
    let expected: BTreeSet<String> = [
        "darwin/amd64",
        "darwin/arm64",
        "linux/amd64",
        "linux/arm64",
        "windows/amd64",
    ]
    .map(String::from)
    .into();
    assert_eq!(platforms, expected);
}
