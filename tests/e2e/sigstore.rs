//! Sigstore bundles (issue 17) on the real registry, which has no referrers
//! API (distribution 2.x): `push --signature-format bundle` attaches a
//! bundle referrer listed under the fallback tag; a package signed only that
//! way installs under `enforce` with the form in the plan; a bundle by
//! another key, or copied from another digest, is refused with nothing
//! applied. Keyless: a test PKI made here (a Fulcio-like CA, a Rekor-like
//! log key, a trusted_root.json naming them) signs a bundle that verifies
//! for its identity and is refused for another.

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

/// A throwaway Sigstore made here: a Fulcio-like CA, a Rekor-like log key,
/// and the trusted_root.json naming them.
struct TestSigstore {
    ca_params: rcgen::CertificateParams,
    ca_key: rcgen::KeyPair,
    log_key: rcgen::KeyPair,
    log_id: Vec<u8>,
    root_json: String,
}

const ISSUER: &str = "https://issuer.test";
/// 2026-01-01T12:00:00Z: inside the leaves' validity (the first of January).
const INTEGRATED: i64 = 1_767_268_800;

impl TestSigstore {
    fn new() -> TestSigstore {
        use base64::Engine as _;
        let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        let ca_key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap();
        let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        ca_params
            .distinguished_name
            .push(rcgen::DnType::CommonName, "e2e fulcio");
        ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        let ca_der = ca_params.self_signed(&ca_key).unwrap().der().to_vec();
        let log_key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap();
        let log_id =
            sha2::Sha256::digest(rcgen::PublicKeyData::subject_public_key_info(&log_key)).to_vec();
        let root_json = serde_json::json!({
            "mediaType": "application/vnd.dev.sigstore.trustedroot+json;version=0.1",
            "tlogs": [{
                "baseUrl": "https://rekor.test",
                "hashAlgorithm": "SHA2_256",
                "publicKey": {
                    "rawBytes": b64(&rcgen::PublicKeyData::subject_public_key_info(&log_key)),
                    "keyDetails": "PKIX_ECDSA_P256_SHA_256",
                    "validFor": { "start": "2025-01-01T00:00:00Z" }
                },
                "logId": { "keyId": b64(&log_id) }
            }],
            "certificateAuthorities": [{
                "subject": { "organization": "e2e", "commonName": "e2e fulcio" },
                "uri": "https://fulcio.test",
                "certChain": { "certificates": [{ "rawBytes": b64(&ca_der) }] },
                "validFor": { "start": "2025-01-01T00:00:00Z" }
            }],
            "ctlogs": [],
            "timestampAuthorities": []
        })
        .to_string();
        TestSigstore {
            ca_params,
            ca_key,
            log_key,
            log_id,
            root_json,
        }
    }

    /// A keyless DSSE bundle of `digest` in `docker_reference`, by a
    /// certificate for `email` (valid on 2026-01-01) and logged at
    /// [`INTEGRATED`] with a SignedEntryTimestamp.
    fn bundle(&self, docker_reference: &str, digest: &str, email: &str) -> Vec<u8> {
        use base64::Engine as _;
        use libpkg::signature::bundle::{IN_TOTO_PAYLOAD_TYPE, pae, statement};
        use rcgen::SigningKey as _;
        let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        let signer = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap();
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.subject_alt_names = vec![rcgen::SanType::Rfc822Name(email.try_into().unwrap())];
        params.not_before = rcgen::date_time_ymd(2026, 1, 1);
        params.not_after = rcgen::date_time_ymd(2026, 1, 2);
        let mut issuer_der = vec![0x0c, ISSUER.len() as u8];
        issuer_der.extend_from_slice(ISSUER.as_bytes());
        params.custom_extensions = vec![rcgen::CustomExtension::from_oid_content(
            &[1, 3, 6, 1, 4, 1, 57264, 1, 8],
            issuer_der,
        )];
        let issuer = rcgen::Issuer::from_params(&self.ca_params, &self.ca_key);
        let leaf = params.signed_by(&signer, &issuer).unwrap();
        let payload = statement(docker_reference, digest).unwrap();
        let signature = signer.sign(&pae(IN_TOTO_PAYLOAD_TYPE, &payload)).unwrap();
        let body = serde_json::json!({
            "apiVersion": "0.0.1",
            "kind": "dsse",
            "spec": {
                "envelopeHash": { "algorithm": "sha256", "value": "0".repeat(64) },
                "payloadHash": { "algorithm": "sha256", "value": hex_of(&payload) },
                "signatures": [{ "signature": b64(&signature), "verifier": b64(leaf.pem().as_bytes()) }]
            }
        })
        .to_string();
        let entry = libpkg::signature::keyless::LogEntry {
            body: body.clone().into_bytes(),
            integrated_time: INTEGRATED,
            log_index: 7,
            log_id: self.log_id.clone(),
            signed_entry_timestamp: None,
            inclusion_proof: None,
        };
        let set = self
            .log_key
            .sign(&entry.signed_entry_timestamp_payload())
            .unwrap();
        serde_json::to_vec(&serde_json::json!({
            "mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
            "verificationMaterial": {
                "certificate": { "rawBytes": b64(leaf.der()) },
                "tlogEntries": [{
                    "logIndex": "7",
                    "logId": { "keyId": b64(&self.log_id) },
                    "kindVersion": { "kind": "dsse", "version": "0.0.1" },
                    "integratedTime": INTEGRATED.to_string(),
                    "inclusionPromise": { "signedEntryTimestamp": b64(&set) },
                    "canonicalizedBody": b64(body.as_bytes())
                }]
            },
            "dsseEnvelope": {
                "payload": b64(&payload),
                "payloadType": IN_TOTO_PAYLOAD_TYPE,
                "signatures": [{ "sig": b64(&signature), "keyid": "" }]
            }
        }))
        .unwrap()
    }
}

/// Attaches `bundle` to `digest` in `repository` as a referrer, as cosign does.
fn attach(pkg: &Pkg, repository: &str, digest: &str, bundle: Vec<u8>) {
    use libpkg::reference::OciRef;
    use libpkg::registry::{RegistryClient, RegistryOptions};
    let target = OciRef::parse(&format!("{}/{repository}", pkg.env.registry)).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let client = RegistryClient::new(RegistryOptions::default()).unwrap();
        let signed = client
            .raw_manifest(&target.with_digest(digest))
            .await
            .unwrap();
        let artifact = libpkg::signature::bundle::referrer(
            bundle,
            digest,
            &signed.media_type,
            signed.bytes.len() as u64,
            libpkg::signature::bundle::SIGN_PREDICATE_TYPE,
        );
        client
            .push_bundle(&target, digest, &artifact)
            .await
            .unwrap();
    });
}

#[test]
fn a_keyless_bundle_installs_for_its_identity_and_is_refused_for_another() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("keyless");
    let sigstore = TestSigstore::new();
    let root = pkg.work.path().join("trusted_root.json");
    std::fs::write(&root, &sigstore.root_json).unwrap();
    let root = root.display().to_string();
    let name = unique("kls");
    let base = unique("keyless");
    write_package(&pkg, "v1", &name, "1.0.0");
    let pushed = push(&pkg, "v1", &base, None);
    let digest = pushed["digest"].as_str().unwrap().to_string();
    let repository = format!("{base}/{name}");
    let bundle = sigstore.bundle(
        &format!("{}/{repository}", pkg.env.registry),
        &digest,
        "release@example.com",
    );
    attach(&pkg, &repository, &digest, bundle);

    let url = format!("oci://{}/{base}", pkg.env.registry);
    let expected = format!("{ISSUER}=release@example.com");
    pkg.run([
        "repo",
        "add",
        "keyless",
        &url,
        "--verify-identity",
        &expected,
        "--trusted-root",
        &root,
    ])
    .ok();
    let reference = format!("keyless/{name}");
    let plan = parse_json(
        pkg.run(["install", &reference, "-n", &ns, "--dry-run", "-o", "json"])
            .ok(),
    );
    let check = &plan["package"]["signatures"][0];
    assert_eq!(check["verified"]["form"], "bundle", "{check}");
    let certificate = &check["verified"]["certificate"];
    assert_eq!(certificate["identity"], "release@example.com", "{check}");
    assert_eq!(certificate["issuer"], ISSUER);
    assert_eq!(certificate["logIndex"], 7);
    assert_eq!(certificate["integratedTime"], "2026-01-01T12:00:00Z");
    assert!(check["verified"]["keyId"].is_null(), "{check}");
    pkg.run(["install", &reference, "-n", &ns, "--yes"]).ok();
    assert!(pkg.exists(&ns, &format!("configmap/{name}")));
    pkg.run(["uninstall", &name, "-n", &ns, "--yes"]).ok();

    // `verify` by hand, with the identity on the command line.
    let full = format!("oci://{}/{repository}:1.0.0", pkg.env.registry);
    let verified = pkg
        .run([
            "verify",
            &full,
            "--identity",
            &expected,
            "--trusted-root",
            &root,
        ])
        .ok()
        .to_string();
    assert!(
        verified.contains("certificate release@example.com")
            && verified.contains("bundle signature")
            && verified.contains("--identity"),
        "{verified}"
    );

    // Another identity expected (an anchored regexp): refused before
    // anything is applied.
    pkg.run(["repo", "remove", "keyless"]).ok();
    let anchored = "^https://issuer\\.test$=^someone@example\\.com$";
    pkg.run([
        "repo",
        "add",
        "stranger",
        &url,
        "--verify-identity-regexp",
        anchored,
        "--trusted-root",
        &root,
    ])
    .ok();
    let error = pkg
        .run(["install", &format!("stranger/{name}"), "-n", &ns, "--yes"])
        .fails(4)
        .to_string();
    assert!(
        error.contains("keyless signature does not verify"),
        "{error}"
    );
    assert!(error.contains("release@example.com"), "{error}");
    assert!(error.contains("repository stranger"), "{error}");
    assert!(!pkg.exists(&ns, &format!("configmap/{name}")));
}
