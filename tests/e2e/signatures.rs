//! Cosign signatures (issue 17) on the real registry: signed packages verify
//! and install with the key in the plan; unsigned, wrongly signed and copied
//! signatures are refused with nothing applied; `warn` and `--verify-mode`
//! go on with a warning; saved plans carry the verification and `apply`
//! enforces this machine's rules.

use kubectl_pkg_e2e::{Pkg, parse_json, unique, warnings_of};

/// A one-ConfigMap package `name` at `version` in directory `dir`.
fn write_package(pkg: &Pkg, dir: &str, name: &str, version: &str) {
    let config_map = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\ndata:\n  version: \"{version}\"\n"
    );
    pkg.write_package(dir, name, version, &[("cm.yaml", &config_map)]);
}

/// Pushes `dir` under `oci://REGISTRY/prefix`, signed with `key` if given;
/// returns the pushed digest.
fn push(pkg: &Pkg, dir: &str, prefix: &str, key: Option<&str>) -> String {
    let destination = format!("oci://{}/{prefix}", pkg.env.registry);
    let mut args = vec!["push", dir, destination.as_str(), "-o", "json"];
    if let Some(key) = key {
        args.extend(["--sign-key", key]);
    }
    let pushed = parse_json(pkg.run(&args).ok());
    assert_eq!(pushed["signature"].is_object(), key.is_some(), "{pushed}");
    pushed["digest"].as_str().unwrap().to_string()
}

/// The key id (`sha256:` of the public key's DER) of a PEM public key file.
fn key_id(pkg: &Pkg, public: &str) -> String {
    let der = pkg
        .run_program(
            "sh",
            [
                "-c",
                &format!("openssl pkey -pubin -in {public} -outform DER | sha256sum"),
            ],
        )
        .ok()
        .to_string();
    format!("sha256:{}", der.split_whitespace().next().unwrap())
}

#[test]
fn signed_packages_install_and_unsigned_wrongly_signed_or_copied_ones_are_refused() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("signed");
    let (release_key, release_pub) = pkg.key_pair("release");
    let (other_key, _) = pkg.key_pair("other");
    let name = unique("sig");
    let base = unique("sigs");
    write_package(&pkg, "v1", &name, "1.0.0");
    write_package(&pkg, "v2", &name, "2.0.0");

    let signed_digest = push(&pkg, "v1", &format!("{base}/signed"), Some(&release_key));
    push(&pkg, "v1", &format!("{base}/unsigned"), None);
    push(&pkg, "v1", &format!("{base}/other"), Some(&other_key));
    for repository in ["signed", "unsigned", "other"] {
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

    // Signed by the trusted key: verified, and the plan says by which key.
    let reference = format!("signed/{name}");
    let plan = parse_json(
        pkg.run(["install", &reference, "-n", &ns, "--dry-run", "-o", "json"])
            .ok(),
    );
    let check = &plan["package"]["signatures"][0];
    assert_eq!(check["policy"], "repository signed", "{check}");
    assert_eq!(check["mode"], "enforce");
    assert_eq!(check["verified"]["keyId"], key_id(&pkg, &release_pub));
    assert_eq!(check["verified"]["digest"], signed_digest.as_str());
    assert!(
        check["reference"]
            .as_str()
            .unwrap()
            .ends_with(&signed_digest),
        "{check}"
    );
    let text = pkg
        .run(["install", &reference, "-n", &ns, "--dry-run"])
        .ok()
        .to_string();
    assert!(
        text.contains(&format!(
            "Signature: verified, key {}",
            key_id(&pkg, &release_pub)
        )),
        "{text}"
    );
    pkg.run(["install", &reference, "-n", &ns, "--yes"]).ok();
    assert!(pkg.exists(&ns, &format!("configmap/{name}")));
    pkg.run(["uninstall", &name, "-n", &ns, "--yes"]).ok();

    // Unsigned, and signed by another key: refused (exit 4), nothing applied,
    // by name and by the full reference typed instead of the repository's name.
    let unsigned_url = format!("oci://{}/{base}/unsigned/{name}:1.0.0", pkg.env.registry);
    for (reference, expected) in [
        (format!("unsigned/{name}"), "is not signed"),
        (unsigned_url.clone(), "is not signed"),
        (format!("other/{name}"), "none by a trusted key"),
    ] {
        let error = pkg
            .run(["install", &reference, "-n", &ns, "--yes"])
            .fails(4)
            .to_string();
        assert!(error.contains(expected), "{reference}: {error}");
        assert!(error.contains("expects a signature by"), "{error}");
        assert!(
            !pkg.exists(&ns, &format!("configmap/{name}")),
            "{reference}"
        );
    }

    // A valid signature of 1.0.0 copied to 2.0.0's signature tag is refused.
    let copied_digest = push(&pkg, "v2", &format!("{base}/signed"), None);
    let repository = format!("{base}/signed/{name}");
    let tag = |digest: &str| digest.replace(':', "-") + ".sig";
    let registry = &pkg.env.registry;
    pkg.run_program(
        "sh",
        [
            "-c",
            &format!(
                "curl -fsS -H 'Accept: application/vnd.oci.image.manifest.v1+json' http://{registry}/v2/{repository}/manifests/{} \
                 | curl -fsS -X PUT -H 'Content-Type: application/vnd.oci.image.manifest.v1+json' --data-binary @- \
                   http://{registry}/v2/{repository}/manifests/{}",
                tag(&signed_digest),
                tag(&copied_digest)
            ),
        ],
    )
    .ok();
    let error = pkg
        .run([
            "install",
            &format!("signed/{name}"),
            "--version",
            "2.0.0",
            "-n",
            &ns,
            "--yes",
        ])
        .fails(4)
        .to_string();
    assert!(error.contains("copied from another artifact"), "{error}");
    assert!(error.contains(&signed_digest), "{error}");

    // warn (for this run): the plan goes on, says why, and records it.
    let plan = parse_json(
        pkg.run([
            "install",
            &format!("unsigned/{name}"),
            "-n",
            &ns,
            "--verify-mode",
            "warn",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    let check = &plan["package"]["signatures"][0];
    assert_eq!(check["mode"], "warn", "{check}");
    assert_eq!(check["overridden"], "enforce", "{check}");
    assert!(check["failure"].as_str().unwrap().contains("is not signed"));
    let warnings = warnings_of(&plan, "signature");
    assert!(
        warnings.contains("signature NOT verified") && warnings.contains("lowered to warn"),
        "{warnings}"
    );

    // `verify` says what verifies and against what, and fails otherwise.
    let verified = pkg.run(["verify", &format!("signed/{name}"), "--version", "1.0.0"]);
    assert!(verified.ok().contains(&key_id(&pkg, &release_pub)));
    let refused = pkg.run(["verify", &format!("unsigned/{name}")]);
    assert!(
        refused
            .fails(1)
            .contains("1 of 1 signature check(s) failed")
    );
    assert!(
        refused.stdout.contains("NOT verified"),
        "{}",
        refused.stdout
    );
}

#[test]
fn a_trust_policy_file_binds_prefixes_and_apply_enforces_the_rules_in_force() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("trusted");
    let (release_key, _) = pkg.key_pair("release");
    // keys/other.pub, which the policy file names.
    pkg.key_pair("other");
    let name = unique("pol");
    let base = unique("policy");
    write_package(&pkg, "v1", &name, "1.0.0");
    push(&pkg, "v1", &format!("{base}/pkgs"), Some(&release_key));
    let registry = &pkg.env.registry;
    let reference = format!("oci://{registry}/{base}/pkgs/{name}:1.0.0");

    // No rule covers it: the plan records no check and installs.
    let plan_file = pkg.work.path().join("plan.json");
    pkg.run([
        "install",
        &reference,
        "-n",
        &ns,
        "--dry-run",
        "--out",
        plan_file.to_str().unwrap(),
    ])
    .ok();

    // A policy file enforcing another key on the prefix: install is refused
    // naming the rule; the plan saved without it is refused by apply.
    let policy = pkg.work.path().join("trust.yaml");
    std::fs::write(
        &policy,
        format!(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: TrustPolicy\nrules:\n  - prefix: oci://{registry}/{base}\n    mode: enforce\n    keys: [keys/other.pub]\n"
        ),
    )
    .unwrap();
    let policy_flag = format!("--trust-policy={}", policy.display());
    let error = pkg
        .run(["install", &reference, "-n", &ns, "--yes", &policy_flag])
        .fails(4)
        .to_string();
    assert!(
        error.contains(&format!("trust policy {} rule 1", policy.display())),
        "{error}"
    );
    let error = pkg
        .run([
            "apply",
            plan_file.to_str().unwrap(),
            "-n",
            &ns,
            "--yes",
            &policy_flag,
        ])
        .fails(4)
        .to_string();
    assert!(
        error.contains("no verified signature in the plan") && error.contains("rule 1"),
        "{error}"
    );
    assert!(!pkg.exists(&ns, &format!("configmap/{name}")));

    // The same plan made with verification lowered to off is refused too.
    let lowered = pkg.work.path().join("lowered.json");
    pkg.run([
        "install",
        &reference,
        "-n",
        &ns,
        "--dry-run",
        "--verify-mode",
        "off",
        &policy_flag,
        "--out",
        lowered.to_str().unwrap(),
    ])
    .ok();
    pkg.run([
        "apply",
        lowered.to_str().unwrap(),
        "-n",
        &ns,
        "--yes",
        &policy_flag,
    ])
    .fails(4);

    // The policy trusting the signer: a saved plan keeps the verification
    // and applies; a bad policy file is named.
    std::fs::write(
        &policy,
        format!(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: TrustPolicy\nrules:\n  - prefix: oci://{registry}/{base}\n    mode: enforce\n    keys: [keys/release.pub, keys/other.pub]\n"
        ),
    )
    .unwrap();
    let verified = pkg.work.path().join("verified.json");
    pkg.run([
        "install",
        &reference,
        "-n",
        &ns,
        "--dry-run",
        &policy_flag,
        "--out",
        verified.to_str().unwrap(),
    ])
    .ok();
    let saved = parse_json(&std::fs::read_to_string(&verified).unwrap());
    assert!(saved["package"]["signatures"][0]["verified"]["keyId"].is_string());
    pkg.run([
        "apply",
        verified.to_str().unwrap(),
        "-n",
        &ns,
        "--yes",
        &policy_flag,
    ])
    .ok();
    assert!(pkg.exists(&ns, &format!("configmap/{name}")));
    let history = pkg.history(&name, &ns);
    assert_eq!(history.len(), 1, "{history:?}");
    pkg.run(["uninstall", &name, "-n", &ns, "--yes"]).ok();

    std::fs::write(&policy, "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: TrustPolicy\nrules:\n  - prefix: oci://x/y\n    mode: enforce\n    keys: [missing.pub]\n").unwrap();
    let error = pkg
        .run(["install", &reference, "-n", &ns, "--dry-run", &policy_flag])
        .fails(1)
        .to_string();
    assert!(
        error.contains("missing.pub") && error.contains("--trust-policy"),
        "{error}"
    );
}

/// Issue 39: a second repository on the same URL with another key used to
/// replace the first's rule silently, and refusals then named a repository
/// the user had not used. `repo add` refuses a different rule for the same
/// location, and says which rule governs where a location meets another's.
#[test]
fn two_repositories_on_one_url_never_silently_swap_signature_rules() {
    let pkg = Pkg::new();
    let (first_key, first_pub) = pkg.key_pair("first");
    let (_, second_pub) = pkg.key_pair("second");
    let name = unique("same");
    let base = unique("sameurl");
    write_package(&pkg, "v1", &name, "1.0.0");
    push(&pkg, "v1", &base, Some(&first_key));
    let url = format!("oci://{}/{base}", pkg.env.registry);
    pkg.run(["repo", "add", "first", &url, "--verify-key", &first_pub])
        .ok();

    // Another key for the same location: refused, naming the rule there.
    let refused = pkg.run(["repo", "add", "second", &url, "--verify-key", &second_pub]);
    let message = refused.fails(1);
    assert!(
        message.contains("already has a signature rule, repository first's")
            && message.contains("remove first first, or add second with the same rule"),
        "{message}"
    );
    let listed = pkg.run(["repo", "list", "-o", "json"]);
    assert!(!listed.ok().contains("\"second\""), "{}", listed.stdout);

    // The same key: one rule, named after the first.
    let same = pkg.run(["repo", "add", "again", &url, "--verify-key", &first_pub]);
    same.ok();
    assert!(
        same.stderr.contains(&format!(
            "Warning: {url} has this signature rule already, repository first's: checks there are named after first"
        )),
        "{}",
        same.stderr
    );

    // No rule of its own: said to be covered by the first's.
    let plain = pkg.run(["repo", "add", "plain", &url]);
    plain.ok();
    assert!(
        plain.stderr.contains(&format!(
            "Warning: {url} is covered by repository first's signature rule: packages reached as plain/… are checked against it"
        )),
        "{}",
        plain.stderr
    );
    let verified = pkg.run(["verify", &format!("plain/{name}"), "-o", "json"]);
    let checks = parse_json(verified.ok());
    assert_eq!(checks[0]["policy"], "repository first", "{checks}");

    // A deeper location with its own rule: said to win there.
    let deeper = format!("{url}/team");
    let nested = pkg.run([
        "repo",
        "add",
        "team",
        &deeper,
        "--verify-key",
        &second_pub,
        "--no-verify",
    ]);
    nested.ok();
    assert!(
        nested.stderr.contains(&format!(
            "Warning: {deeper} lies within {url}: this rule, the more specific, replaces repository first's there"
        )),
        "{}",
        nested.stderr
    );
}
