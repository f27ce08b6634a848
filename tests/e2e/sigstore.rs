//! Sigstore bundles (issue 17) on the real registry, which has no referrers
//! API (distribution 2.x): `push --signature-format bundle` attaches a
//! bundle referrer listed under the fallback tag; a package signed only that
//! way installs under `enforce` with the form in the plan; a bundle by
//! another key, or copied from another digest, is refused with nothing
//! applied.

use kubectl_pkg_e2e::{Pkg, parse_json, unique};
use sha2::Digest as _;

/// A one-ConfigMap package `name` at `version` in directory `dir`.
fn write_package(pkg: &Pkg, dir: &str, name: &str, version: &str) {
    let config_map = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\ndata:\n  version: \"{version}\"\n"
    );
    pkg.write_package(dir, name, version, &[("cm.yaml", &config_map)]);
}

/// Pushes `dir` under `oci://REGISTRY/prefix` (signed with `key` in
/// `format` if given); returns push's JSON answer.
fn push(pkg: &Pkg, dir: &str, prefix: &str, key: Option<(&str, &str)>) -> serde_json::Value {
    let destination = format!("oci://{}/{prefix}", pkg.env.registry);
    let mut args = vec!["push", dir, destination.as_str(), "-o", "json"];
    if let Some((key, format)) = key {
        args.extend(["--sign-key", key, "--signature-format", format]);
    }
    parse_json(pkg.run(&args).ok())
}

/// `curl -fsS` of a registry URL path: (whether it was found, the body).
fn registry_get(pkg: &Pkg, path: &str, accept: &str) -> (bool, String) {
    let run = pkg.run_program(
        "curl",
        [
            "-fsS",
            "-H",
            &format!("Accept: {accept}"),
            &format!("http://{}{path}", pkg.env.registry),
        ],
    );
    (run.code == 0, run.stdout.clone())
}

/// PUTs a manifest or index under `reference`.
fn registry_put(pkg: &Pkg, repository: &str, reference: &str, media_type: &str, body: &[u8]) {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), body).unwrap();
    pkg.run_program(
        "curl",
        [
            "-fsS",
            "-X",
            "PUT",
            "-H",
            &format!("Content-Type: {media_type}"),
            "--data-binary",
            &format!("@{}", file.path().display()),
            &format!(
                "http://{}/v2/{repository}/manifests/{reference}",
                pkg.env.registry
            ),
        ],
    )
    .ok();
}

const MANIFEST: &str = "application/vnd.oci.image.manifest.v1+json";
const INDEX: &str = "application/vnd.oci.image.index.v1+json";
const BUNDLE: &str = "application/vnd.dev.sigstore.bundle.v0.3+json";

#[test]
fn a_package_signed_only_as_a_bundle_installs_and_foreign_bundles_are_refused() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("bundled");
    let (release_key, release_pub) = pkg.key_pair("release");
    let (other_key, _) = pkg.key_pair("other");
    let name = unique("bdl");
    let base = unique("bundles");
    write_package(&pkg, "v1", &name, "1.0.0");
    write_package(&pkg, "v2", &name, "2.0.0");

    let pushed = push(
        &pkg,
        "v1",
        &format!("{base}/signed"),
        Some((&release_key, "bundle")),
    );
    let signed_digest = pushed["digest"].as_str().unwrap().to_string();
    let signature = &pushed["signature"];
    assert!(signature["reference"].is_null(), "{pushed}");
    let referrer = signature["bundle"].as_str().unwrap().to_string();
    let referrer_digest = referrer.rsplit_once('@').unwrap().1.to_string();

    // Bundle form only: no classic tag; the fallback tag lists the referrer.
    let repository = format!("{base}/signed/{name}");
    let hex = signed_digest.trim_start_matches("sha256:");
    let (classic, _) = registry_get(
        &pkg,
        &format!("/v2/{repository}/manifests/sha256-{hex}.sig"),
        MANIFEST,
    );
    assert!(!classic, "a classic signature was written");
    let (found, index) = registry_get(
        &pkg,
        &format!("/v2/{repository}/manifests/sha256-{hex}"),
        INDEX,
    );
    assert!(found);
    let index = parse_json(&index);
    assert_eq!(index["manifests"][0]["digest"], referrer_digest.as_str());
    assert_eq!(index["manifests"][0]["artifactType"], BUNDLE);
    let (_, manifest) = registry_get(
        &pkg,
        &format!("/v2/{repository}/manifests/{referrer_digest}"),
        MANIFEST,
    );
    let manifest = parse_json(&manifest);
    assert_eq!(manifest["subject"]["digest"], signed_digest.as_str());
    assert_eq!(manifest["layers"][0]["mediaType"], BUNDLE);

    for repository in ["signed", "other"] {
        let url = format!("oci://{}/{base}/{repository}", pkg.env.registry);
        pkg.run([
            "repo",
            "add",
            repository,
            &url,
            "--verify-key",
            &release_pub,
        ])
        .ok();
    }

    // Verified in bundle form; the plan says so and by which key.
    let reference = format!("signed/{name}");
    let plan = parse_json(
        pkg.run(["install", &reference, "-n", &ns, "--dry-run", "-o", "json"])
            .ok(),
    );
    let check = &plan["package"]["signatures"][0];
    assert_eq!(check["mode"], "enforce", "{check}");
    assert_eq!(check["verified"]["form"], "bundle", "{check}");
    assert_eq!(check["verified"]["digest"], signed_digest.as_str());
    assert_eq!(signature["keyId"], check["verified"]["keyId"]);
    let text = pkg
        .run(["install", &reference, "-n", &ns, "--dry-run"])
        .ok()
        .to_string();
    assert!(
        text.contains("(bundle signature; repository signed"),
        "{text}"
    );
    let verified = pkg.run(["verify", &reference]).ok().to_string();
    assert!(verified.contains("bundle signature"), "{verified}");
    pkg.run(["install", &reference, "-n", &ns, "--yes"]).ok();
    assert!(pkg.exists(&ns, &format!("configmap/{name}")));
    pkg.run(["uninstall", &name, "-n", &ns, "--yes"]).ok();

    // A bundle by another key: refused, nothing applied.
    push(
        &pkg,
        "v1",
        &format!("{base}/other"),
        Some((&other_key, "bundle")),
    );
    let error = pkg
        .run(["install", &format!("other/{name}"), "-n", &ns, "--yes"])
        .fails(4)
        .to_string();
    assert!(error.contains("none by a trusted key"), "{error}");
    assert!(error.contains("repository other"), "{error}");
    assert!(!pkg.exists(&ns, &format!("configmap/{name}")));

    // 1.0.0's bundle re-attached to 2.0.0 (a referrer whose subject is
    // 2.0.0, carrying 1.0.0's signed statement): refused, nothing applied.
    let copied = push(&pkg, "v2", &format!("{base}/signed"), None);
    let copied_digest = copied["digest"].as_str().unwrap().to_string();
    let mut forged = manifest.clone();
    forged["subject"]["digest"] = copied_digest.clone().into();
    let forged = serde_json::to_vec(&forged).unwrap();
    let forged_digest = format!("sha256:{}", hex_of(&forged));
    registry_put(&pkg, &repository, &forged_digest, MANIFEST, &forged);
    let mut forged_index = index.clone();
    forged_index["manifests"][0]["digest"] = forged_digest.clone().into();
    forged_index["manifests"][0]["size"] = forged.len().into();
    registry_put(
        &pkg,
        &repository,
        &copied_digest.replace(':', "-"),
        INDEX,
        &serde_json::to_vec(&forged_index).unwrap(),
    );
    let error = pkg
        .run([
            "install",
            &reference,
            "--version",
            "2.0.0",
            "-n",
            &ns,
            "--yes",
        ])
        .fails(4)
        .to_string();
    assert!(error.contains("copied from another artifact"), "{error}");
    assert!(error.contains("bundle signature"), "{error}");
    assert!(error.contains(&signed_digest), "{error}");
    assert!(!pkg.exists(&ns, &format!("configmap/{name}")));

    // Both forms at once.
    let both = push(
        &pkg,
        "v1",
        &format!("{base}/both"),
        Some((&release_key, "both")),
    );
    assert!(both["signature"]["reference"].is_string(), "{both}");
    assert!(both["signature"]["bundle"].is_string(), "{both}");
}

fn hex_of(bytes: &[u8]) -> String {
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
