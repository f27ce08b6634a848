//! Packages, versions and offline plans through the real binary and registries.

use std::path::Path;

use kubectl_pkg_e2e::{
    BASIC_MANIFESTS, BASIC_SECRET_VALUE, Pkg, Run, parse_json, unique, warnings_of,
};
use serde_json::Value;

/// Pushes `dir` to `oci://<registry>/<path>` and returns the printed digest.
fn push(pkg: &Pkg, dir: &Path, registry: &str, path: &str) -> String {
    let run = pkg.run(
        [dir.to_str().unwrap(), &format!("oci://{registry}/{path}")]
            .iter()
            .fold(vec!["push".to_string()], |mut v, a| {
                v.push(a.to_string());
                v
            }),
    );
    let digest = run.ok().trim().to_string();
    assert!(
        digest.starts_with("sha256:") && digest.len() == 71,
        "{digest}"
    );
    digest
}

fn plan_json(pkg: &Pkg, reference: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "install",
        reference,
        "--offline",
        "--dry-run",
        "-o",
        "json",
        "-n",
        "apps",
    ];
    args.extend_from_slice(extra);
    parse_json(pkg.run(args).ok())
}

/// The plan without the fields that say where the package came from.
fn without_reference(mut plan: Value) -> Value {
    let package = plan["package"].as_object_mut().unwrap();
    package.remove("reference");
    package.remove("candidates");
    plan.as_object_mut().unwrap().remove("hash");
    plan
}

#[test]
fn the_same_package_gives_the_same_plan_from_directory_archive_and_registry() {
    let pkg = Pkg::new();
    let dir = pkg.write_package("app", "app", "1.2.0", BASIC_MANIFESTS);
    let path = unique("repro");

    // Pushing the same directory twice gives the same digest.
    let first = push(&pkg, &dir, &pkg.env.registry, &path);
    let second = push(&pkg, &dir, &pkg.env.registry, &path);
    assert_eq!(first, second);

    // Byte-identical plans on every run.
    let run_a = pkg.run([
        "install",
        "./app",
        "--offline",
        "--dry-run",
        "-o",
        "json",
        "-n",
        "apps",
    ]);
    let run_b = pkg.run([
        "install",
        "./app",
        "--offline",
        "--dry-run",
        "-o",
        "json",
        "-n",
        "apps",
    ]);
    assert_eq!(run_a.ok(), run_b.ok());

    // A .tgz of the directory (made by the system tar, not by us).
    let tar = std::process::Command::new("tar")
        .args(["czf", "app.tgz", "app"])
        .current_dir(pkg.work.path())
        .status()
        .unwrap();
    assert!(tar.success());

    // The most common way to pack a directory, `tar czf x.tgz -C dir .`:
    // GNU tar writes the root entry `./` first and every name as `./…`.
    let tar = std::process::Command::new("tar")
        .args(["czf", "dotted.tgz", "-C", "app", "."])
        .current_dir(pkg.work.path())
        .status()
        .unwrap();
    assert!(tar.success());
    let listing = pkg.run_program("tar", ["tzf", "dotted.tgz"]);
    assert!(
        listing.ok().lines().next() == Some("./"),
        "GNU tar writes the root first: {}",
        listing.ok()
    );

    let from_dir = plan_json(&pkg, "./app", &[]);
    let from_tgz = plan_json(&pkg, "app.tgz", &[]);
    let from_dotted = plan_json(&pkg, "dotted.tgz", &[]);
    assert_eq!(from_dotted["package"]["digest"], first.as_str());
    assert_eq!(
        without_reference(from_dotted),
        without_reference(from_tgz.clone())
    );
    let from_registry = plan_json(&pkg, &format!("oci://{}/{path}/app", pkg.env.registry), &[]);

    // The plan's digest is the registry's manifest digest, for all three.
    assert_eq!(from_dir["package"]["digest"], first.as_str());
    assert_eq!(
        from_registry["package"]["reference"],
        format!("oci://{}/{path}/app:1.2.0@{first}", pkg.env.registry)
    );
    assert_eq!(from_registry["package"]["candidates"][0]["note"], "chosen");
    assert_eq!(
        without_reference(from_dir.clone()),
        without_reference(from_tgz)
    );
    assert_eq!(
        without_reference(from_dir),
        without_reference(from_registry)
    );
}

#[test]
fn a_corrupted_blob_fails_with_the_digest_error_and_no_plan() {
    let pkg = Pkg::new();
    let dir = pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    // A unique description makes this package's layer unique to this test.
    let marker = unique("corrupt");
    std::fs::write(dir.join("README.md"), &marker).unwrap();
    let path = unique("corrupt");
    push(&pkg, &dir, &pkg.env.registry, &path);

    let layer_digest = libpkg::package::Package::from_dir(&dir, &Default::default())
        .unwrap()
        .artifact();
    let manifest: Value = serde_json::from_slice(&layer_digest.manifest).unwrap();
    let layer = manifest["layers"][0]["digest"].as_str().unwrap();
    let hex = layer.strip_prefix("sha256:").unwrap();
    let blob = pkg.env.registry_blob(layer);
    let mut bytes = std::fs::read(&blob).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&blob, bytes).unwrap();

    let run = pkg.run([
        "install",
        &format!("oci://{}/{path}/app", pkg.env.registry),
        "--offline",
        "--dry-run",
    ]);
    let stderr = run.fails(1);
    assert!(stderr.contains("digest mismatch"), "{stderr}");
    assert!(
        stderr.contains(&format!("sha256:{hex}")),
        "names the expected digest: {stderr}"
    );
    assert!(run.stdout.is_empty(), "no plan is printed: {}", run.stdout);
}

#[test]
fn versions_are_resolved_from_named_repositories_on_the_authenticated_registry() {
    let pkg = Pkg::new();
    pkg.login();
    let registry = &pkg.env.registry_auth;
    let path = unique("versions");
    for version in ["1.0.0", "1.1.0", "2.0.0-rc.1"] {
        let dir = pkg.write_package(&format!("db-{version}"), "db", version, BASIC_MANIFESTS);
        push(&pkg, &dir, registry, &path);
    }
    pkg.run(["repo", "add", "stable", &format!("oci://{registry}/{path}")])
        .ok();
    let listed = pkg.run(["repo", "list"]);
    assert!(listed.ok().contains("stable"), "{}", listed.stdout);
    // A typo: the registry's close names are suggested.
    let typo = pkg.run(["install", "dv", "--offline", "--dry-run"]);
    assert!(
        typo.fails(1).contains("did you mean stable/db?"),
        "{}",
        typo.stderr
    );

    let version = |args: &[&str]| {
        plan_json(&pkg, args[0], &args[1..])["package"]["version"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(version(&["db"]), "1.1.0");
    assert_eq!(version(&["stable/db"]), "1.1.0");
    assert_eq!(version(&["db", "--version", "~1.0"]), "1.0.0");
    assert_eq!(version(&["db", "--devel"]), "2.0.0-rc.1");
    assert_eq!(version(&["db", "--version", ">=2.0.0-rc.0"]), "2.0.0-rc.1");

    let plan = plan_json(&pkg, "db", &[]);
    let notes: Vec<(String, String)> = plan["package"]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["tag"].as_str().unwrap().to_string(),
                c["note"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        notes,
        [
            (
                "2.0.0-rc.1".to_string(),
                // The plan is the library's: it names the library's option.
                "skipped: prerelease (use `devel: true`)".to_string()
            ),
            ("1.1.0".to_string(), "chosen".to_string()),
            ("1.0.0".to_string(), String::new()),
        ]
    );

    // `show` marks the version an install picks, newest first.
    let show = pkg.run(["show", "db"]);
    let text = show.ok();
    assert!(text.contains("* 1.1.0"), "{text}");
    assert!(
        text.find("2.0.0-rc.1").unwrap() < text.find("1.0.0").unwrap(),
        "{text}"
    );

    // No match names what exists.
    let stderr = pkg
        .run(["install", "db", "--version", "^3", "--offline", "--dry-run"])
        .fails(1)
        .to_string();
    assert!(
        stderr.contains("no version matches \"^3\"") && stderr.contains("1.1.0"),
        "{stderr}"
    );

    // The same name in two repositories is ambiguous.
    pkg.run(["repo", "add", "mirror", &format!("oci://{registry}/{path}")])
        .ok();
    let stderr = pkg
        .run(["install", "db", "--offline", "--dry-run"])
        .fails(1)
        .to_string();
    assert!(
        stderr.contains("stable/db") && stderr.contains("mirror/db"),
        "{stderr}"
    );
    pkg.run(["repo", "remove", "mirror"]).ok();

    // Without credentials the registry refuses, and the error says how to log in.
    std::fs::remove_file(pkg.docker_config_dir().join("config.json")).unwrap();
    let stderr = pkg
        .run(["install", "stable/db", "--offline", "--dry-run"])
        .fails(1)
        .to_string();
    assert!(
        stderr.contains("authentication required") && stderr.contains("docker login"),
        "{stderr}"
    );
}

#[test]
fn bad_input_gives_one_line_errors_naming_the_culprit() {
    let pkg = Pkg::new();
    let one_line_error = |args: &[&str], expected: &str| {
        let run = pkg.run(args);
        let stderr = run
            .fails(if expected == "usage" { 64 } else { 1 })
            .to_string();
        if expected != "usage" {
            assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
            assert!(
                stderr.contains(expected),
                "{args:?}: expected {expected:?} in {stderr}"
            );
        }
        assert!(!stderr.contains("panicked"), "{stderr}");
    };
    pkg.write_package(
        "bad-yaml",
        "bad",
        "1.0.0",
        &[(
            "a.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\nkind: [\n",
        )],
    );
    one_line_error(
        &["install", "./bad-yaml", "--offline", "--dry-run"],
        "manifests/a.yaml: document 2 (line 5): invalid YAML",
    );

    std::fs::create_dir_all(pkg.work.path().join("empty/manifests")).unwrap();
    one_line_error(
        &["install", "./empty", "--offline", "--dry-run"],
        "no package.yaml",
    );

    let unnamed = pkg.write_package(
        "unnamed",
        "x",
        "1.0.0",
        &[("a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {}\n")],
    );
    one_line_error(
        &["template", "./unnamed"],
        "manifests/a.yaml: document 1 (line 1): ConfigMap: missing metadata.name",
    );
    std::fs::write(
        unnamed.join("package.yaml"),
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nversion: 1.0.0\n",
    )
    .unwrap();
    one_line_error(
        &["template", "./unnamed"],
        "unnamed/package.yaml: line 3 column 1: missing field `name`",
    );

    pkg.write_package(
        "dupes",
        "dupes",
        "1.0.0",
        &[
            (
                "a.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: same}\n",
            ),
            (
                "b.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: same}\n",
            ),
        ],
    );
    one_line_error(
        &["template", "./dupes"],
        "ConfigMap/default/same is defined twice",
    );

    pkg.write_package(
        "unknown-kind",
        "u",
        "1.0.0",
        &[(
            "a.yaml",
            "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n",
        )],
    );
    one_line_error(
        &["template", "./unknown-kind"],
        "unknown kind Gadget in example.com/v1",
    );

    one_line_error(
        &[
            "install",
            "./dupes",
            "--version",
            ">=banana",
            "--offline",
            "--dry-run",
        ],
        "invalid --version \">=banana\"",
    );
    one_line_error(
        &["install", "nosuchrepo/app", "--offline", "--dry-run"],
        "unknown repository \"nosuchrepo\"",
    );
    one_line_error(
        &["install", "app", "--offline", "--dry-run"],
        "package \"app\" was not found",
    );
    one_line_error(
        &["install", "./no-such-dir", "--offline", "--dry-run"],
        "no-such-dir",
    );
    one_line_error(
        &["install", "Not_A_Name", "--offline", "--dry-run"],
        "invalid package reference \"Not_A_Name\"",
    );
    one_line_error(&["install", "--no-such-flag"], "usage");
}

#[test]
fn secrets_are_masked_in_output_and_kept_in_the_saved_plan() {
    let pkg = Pkg::new();
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    for format in ["text", "json", "yaml"] {
        let run = pkg.run([
            "install",
            "./app",
            "--offline",
            "--dry-run",
            "-o",
            format,
            "--out",
            "plan.json",
        ]);
        assert!(
            !run.ok().contains(BASIC_SECRET_VALUE),
            "{format} output shows the secret"
        );
        assert!(!run.stderr.contains(BASIC_SECRET_VALUE));
    }
    let template = pkg.run(["template", "./app"]);
    assert!(!template.ok().contains(BASIC_SECRET_VALUE));
    assert!(
        template.stdout.contains("password: <masked>"),
        "{}",
        template.stdout
    );

    let saved = pkg.work.path().join("plan.json");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&saved).unwrap().permissions().mode() & 0o777,
        0o600
    );
    let plan: libpkg::plan::Plan =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    plan.verify_hash().unwrap();
    assert!(!plan.is_masked());
    let secret = plan.objects.iter().find(|o| o.kind == "Secret").unwrap();
    assert_eq!(
        secret.manifest["stringData"]["password"],
        BASIC_SECRET_VALUE
    );
}

#[test]
fn template_prints_objects_in_apply_order_and_plans_preview_risks() {
    let pkg = Pkg::new();
    pkg.write_package("op", "op", "1.0.0", &[
        ("crd.yaml", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}]\n"),
        ("cr.yaml", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n"),
        ("rbac.yaml", "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: op-admin}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}\nsubjects: [{kind: ServiceAccount, name: op, namespace: ops}]\n"),
        ("ds.yaml", "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      hostNetwork: true\n      containers: [{name: agent, image: 'agent:latest', securityContext: {privileged: true}}]\n"),
    ]);
    let template = pkg.run(["template", "./op", "-n", "ops"]);
    let kinds: Vec<&str> = template
        .ok()
        .lines()
        .filter_map(|l| l.strip_prefix("kind: "))
        .collect();
    assert_eq!(
        kinds,
        [
            "CustomResourceDefinition",
            "ClusterRoleBinding",
            "DaemonSet",
            "Widget"
        ]
    );

    let plan = plan_json(&pkg, "./op", &[]);
    let critical: Vec<&str> = plan["permissions"]["risks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["severity"] == "critical")
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    for rule in [
        "rbac-cluster-admin",
        "rbac-wildcard-verbs",
        "pod-privileged",
    ] {
        assert!(critical.contains(&rule), "{rule} missing from {critical:?}");
    }
    assert_eq!(
        plan["permissions"]["workloads"][0]["podSecurity"],
        "privileged"
    );
    assert_eq!(plan["images"][0]["pinned"], false);

    let text = pkg.run(["install", "./op", "--offline", "--dry-run"]);
    let out = text.ok();
    assert!(
        out.lines()
            .any(|l| l.contains("CRITICAL") && l.contains("rbac-cluster-admin")),
        "{out}"
    );
    assert!(out.contains("Plan hash: sha256:"), "{out}");
    // Piped, nothing is wrapped: each finding is one whole line.
    assert!(
        out.lines().any(|l| l.contains("CRITICAL")
            && l.contains("rbac-cluster-admin")
            && l.contains("ServiceAccount/ops/op")),
        "{out}"
    );
    // COLUMNS is honoured: the tables fit 80 columns.
    let narrow = Run::from(
        pkg.command(["install", "./op", "--offline", "--dry-run"])
            .env("COLUMNS", "80")
            .output()
            .unwrap(),
    );
    // COLUMNS is honoured: a table whose words fit 80 columns fits them;
    // one whose longest words cannot share 80 columns (the pod security's
    // here) shows one block per row instead (issue 39): no word is ever
    // broken, no line is wider (but those of a digest).
    let piped = out.to_string();
    let out = narrow.ok();
    for line in out.lines().filter(|l| !l.contains("sha256:")) {
        assert!(line.chars().count() <= 80, "fits 80 columns:\n{out}");
    }
    let shown: Vec<&str> = out
        .split_whitespace()
        .map(|w| w.trim_end_matches(':'))
        .collect();
    for word in piped.split_whitespace() {
        assert!(
            shown.contains(&word.trim_end_matches(':')),
            "{word:?} broken:\n{out}"
        );
    }

    // A least-privilege package has no findings.
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    let plan = plan_json(&pkg, "./app", &[]);
    assert_eq!(plan["permissions"]["risks"], serde_json::json!([]));
    assert_eq!(
        plan["permissions"]["workloads"][0]["podSecurity"],
        "restricted"
    );
}

#[tokio::test]
async fn a_rukpak_style_plain_bundle_image_is_a_package_too() {
    use libpkg::package::{Artifact, Files, archive};
    let pkg = Pkg::new();
    let mut files = Files::new();
    files.insert(
        "manifests/config.yaml".into(),
        BASIC_MANIFESTS[0].1.as_bytes().to_vec().into(),
    );
    let layer = archive::pack(&files);
    let config =
        br#"{"architecture":"amd64","os":"linux","rootfs":{"type":"layers","diff_ids":[]}}"#
            .to_vec();
    let artifact = Artifact::new(
        ("application/vnd.oci.image.config.v1+json", config),
        ("application/vnd.oci.image.layer.v1.tar+gzip", layer),
    );
    let path = unique("bundle");
    let target =
        libpkg::reference::OciRef::parse(&format!("{}/{path}/cache:v2.3.4", pkg.env.registry))
            .unwrap();
    let client = libpkg::registry::RegistryClient::new(Default::default()).unwrap();
    let digest = client.push(&target, &artifact).await.unwrap();
    assert_eq!(
        client.resolve_digest(&target).await.unwrap(),
        digest,
        "the registry reports the same digest"
    );

    let plan = plan_json(
        &pkg,
        &format!("oci://{}/{path}/cache", pkg.env.registry),
        &[],
    );
    assert_eq!(plan["package"]["name"], "cache");
    assert_eq!(plan["package"]["version"], "2.3.4");
    assert_eq!(plan["package"]["digest"], digest.as_str());
    assert_eq!(plan["objects"][0]["name"], "app-config");
}

#[test]
fn repo_add_contacts_the_repository_first_and_no_verify_skips_that() {
    let pkg = Pkg::new();
    // A port nothing listens on: refused, named, nothing added.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let closed = format!("oci://127.0.0.1:{port}/pkgs");
    let refused = pkg.run(["repo", "add", "closed", &closed]);
    assert!(
        refused.fails(1).contains(&format!(
            "repository closed ({closed}) does not answer as one; nothing was added (add it anyway with --no-verify)"
        )),
        "{}",
        refused.stderr
    );
    assert!(!pkg.run(["repo", "list"]).stdout.contains("closed"));
    let unchecked = pkg.run(["repo", "add", "closed", &closed, "--no-verify"]);
    unchecked.ok();
    assert!(
        unchecked.stderr.contains("not contacted (--no-verify)"),
        "{}",
        unchecked.stderr
    );

    // A real registry answers (an unknown package there is an answer, not a failure).
    let real = format!("oci://{}/{}", pkg.env.registry, unique("empty"));
    let added = pkg.run(["repo", "add", "real", &real]);
    added.ok();
    assert!(
        added
            .stderr
            .contains(&format!("an OCI registry at {}", pkg.env.registry)),
        "{}",
        added.stderr
    );
    // A chart repository that is not one: its index.yaml does not answer.
    let site = kubectl_pkg_e2e::serve_dir(pkg.work.path().to_path_buf());
    let not_charts = pkg.run(["repo", "add", "site", &site]);
    assert!(
        not_charts.fails(1).contains("index.yaml"),
        "{}",
        not_charts.stderr
    );

    // `repo update` (issue 39): each repository asked again, as `repo add`
    // asks; the one that does not answer is named and fails the command
    // after the others were shown.
    let update = pkg.run(["repo", "update"]);
    update.fails(1);
    assert!(
        update.stdout.contains(&format!(
            "real ({real}): an OCI registry at {}",
            pkg.env.registry
        )),
        "{}",
        update.stdout
    );
    assert!(
        update
            .stderr
            .contains(&format!("closed ({closed}) cannot be read:"))
            && update.stderr.contains("error: could not read closed"),
        "{}",
        update.stderr
    );
    let one = pkg.run(["repo", "update", "real"]);
    assert!(!one.ok().contains("closed"), "{}", one.stdout);
    let unknown = pkg.run(["repo", "update", "nope"]);
    assert!(
        unknown
            .fails(1)
            .contains("unknown repository \"nope\"; configured: closed, real"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn a_bare_name_skips_an_unreachable_repository_with_a_warning() {
    let pkg = Pkg::new();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let name = unique("reach");
    let dir = pkg.write_package("pkg", &name, "1.0.0", BASIC_MANIFESTS);
    let prefix = unique("reachable");
    push(&pkg, &dir, &pkg.env.registry, &prefix);
    let closed = format!("oci://127.0.0.1:{port}/pkgs");
    pkg.run(["repo", "add", "closed", &closed, "--no-verify"])
        .ok();
    let reachable = format!("oci://{}/{prefix}", pkg.env.registry);
    pkg.run(["repo", "add", "reachable", &reachable]).ok();

    // Found in the repository that answers; the one that does not is named.
    let plan = plan_json(&pkg, &name, &[]);
    let warnings = warnings_of(&plan, "source");
    assert!(
        warnings.contains(&format!("repository closed was not searched for {name}: "))
            && warnings.contains("the package came from reachable"),
        "{warnings}"
    );
    assert!(
        plan["package"]["reference"]
            .as_str()
            .unwrap()
            .starts_with(&reachable)
    );

    // Found nowhere: the repository that could not be read is the error,
    // since the package may be there.
    let missing = pkg.run(["install", "no-such-package", "--offline", "--dry-run"]);
    assert!(
        missing.fails(1).contains(&format!("127.0.0.1:{port}")),
        "{}",
        missing.stderr
    );
}

/// Whether a run's standard error holds a library's log line instead of kubectl-pkg's own words.
fn leaks_logs(stderr: &str) -> bool {
    stderr.contains("ERROR") || stderr.contains("rustls")
}

#[test]
fn a_repository_whose_certificate_is_not_trusted_is_named_with_the_flag_that_fixes_it() {
    // Issue 39: an untrusted CA printed rustls's log lines and an error naming
    // neither the repository nor --registry-ca-file.
    let pkg = Pkg::new();
    pkg.login();
    let name = unique("trust");
    let dir = pkg.write_package("pkg", &name, "1.0.0", BASIC_MANIFESTS);
    let (plain, secured) = (unique("plain"), unique("secured"));
    push(&pkg, &dir, &pkg.env.registry, &plain);
    push(&pkg, &dir, &pkg.env.registry_auth, &secured);
    let plain_url = format!("oci://{}/{plain}", pkg.env.registry);
    let secured_url = format!("oci://{}/{secured}", pkg.env.registry_auth);
    pkg.run(["repo", "add", "plain", &plain_url]).ok();
    pkg.run(["repo", "add", "secured", &secured_url]).ok();
    // With the CA trusted, the bare name is in both repositories.
    let both = pkg.run(["install", &name, "--offline", "--dry-run"]);
    assert!(
        both.fails(1)
            .contains(&format!("plain/{name}, secured/{name}")),
        "{}",
        both.stderr
    );

    let untrusted = |args: &[&str]| {
        let mut command = pkg.command(args);
        command.env_remove("KUBECTL_PKG_REGISTRY_CA_FILE");
        Run::from(command.output().unwrap())
    };
    // The plugin's messages name its flag; a plan (the library's document)
    // names the library's option.
    let names_the_fix_as = |text: &str, fix: &str| {
        text.contains(&format!(
            "{}: its TLS certificate is signed by an unknown CA",
            pkg.env.registry_auth
        )) && text.contains(fix)
            && text.contains(&format!("certs.d/{}/ca.crt", pkg.env.registry_auth))
    };
    let names_the_fix = |text: &str| {
        names_the_fix_as(
            text,
            "--registry-ca-file FILE (or KUBECTL_PKG_REGISTRY_CA_FILE)",
        )
    };

    // Named through the repository: the error names it and the fix, on one line.
    let named = untrusted(&[
        "install",
        &format!("secured/{name}"),
        "--offline",
        "--dry-run",
    ]);
    let stderr = named.fails(1);
    assert!(
        stderr.starts_with(&format!(
            "error: repository secured ({secured_url}) cannot be read: "
        )) && names_the_fix(stderr)
            && stderr.trim().lines().count() == 1
            && !leaks_logs(stderr),
        "{stderr}"
    );

    // A bare name: the package comes from the repository that answers, and
    // the warning says the name may be ambiguous, with what to write.
    let bare = untrusted(&["install", &name, "--offline", "--dry-run", "-o", "json"]);
    let plan = parse_json(bare.ok());
    let warnings = warnings_of(&plan, "source");
    assert!(
        warnings.contains(&format!("repository secured was not searched for {name}: "))
            && names_the_fix_as(&warnings, "`RegistryOptions::ca_files`")
            && warnings.contains(&format!(
                "the package came from plain, but if secured has {name} too the name is ambiguous: write plain/{name} to choose"
            )),
        "{warnings}"
    );
    assert!(!leaks_logs(&bare.stderr), "{}", bare.stderr);

    // Adding a repository contacts it, and says the same.
    let added = untrusted(&["repo", "add", "again", &secured_url]);
    let stderr = added.fails(1);
    assert!(names_the_fix(stderr) && !leaks_logs(stderr), "{stderr}");
}

#[test]
fn a_registry_that_refuses_names_the_credentials_to_log_in_with() {
    // Issue 39: import's 401 said "HTTP status client error (401 Unauthorized)".
    let pkg = Pkg::new();
    let name = unique("refused");
    let dir = pkg.write_package(
        "pkg",
        &name,
        "1.0.0",
        &kubectl_pkg_e2e::config_maps("settings", 1, "1"),
    );
    let plain = unique("source");
    push(&pkg, &dir, &pkg.env.registry, &plain);
    let bundled = format!("oci://{}/{plain}/{name}", pkg.env.registry);
    pkg.run(["bundle", &bundled, "--out", "b.tar"]).ok();
    let login = format!("`docker login {}`", pkg.env.registry_auth);

    // No credentials for the authenticated registry.
    let to = format!("oci://{}/{}", pkg.env.registry_auth, unique("import"));
    let imported = pkg.run(["import", "b.tar", "--to", &to]);
    let stderr = imported.fails(1);
    assert!(
        stderr.contains("authentication required or refused")
            && stderr.contains(&login)
            && !stderr.contains("HTTP status client error")
            && !leaks_logs(stderr),
        "{stderr}"
    );

    // Through a repository: the repository too.
    let secured = format!("oci://{}/{}", pkg.env.registry_auth, unique("secured"));
    pkg.run(["repo", "add", "secured", &secured]).ok();
    let install = pkg.run([
        "install",
        &format!("secured/{name}"),
        "--offline",
        "--dry-run",
    ]);
    let stderr = install.fails(1);
    assert!(
        stderr.starts_with(&format!(
            "error: repository secured ({secured}) cannot be read: "
        )) && stderr.contains(&login)
            && !leaks_logs(stderr),
        "{stderr}"
    );
}

/// Every word of a text, in order.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn the_plan_text_never_breaks_a_word_at_any_width() {
    let pkg = Pkg::new();
    let long = "a-config-map-whose-name-is-longer-than-any-column-could-be-on-a-narrow-terminal";
    let image = format!(
        "registry.example.com/platform/team/a-rather-long-image-name@sha256:{}",
        "0123456789abcdef".repeat(4)
    );
    let deployment = format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {long}\nspec:\n  selector:\n    matchLabels: {{app: x}}\n  template:\n    metadata:\n      labels: {{app: x}}\n    spec:\n      containers:\n      - name: app\n        image: {image}\n"
    );
    let config_map = format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {long}\n");
    pkg.write_package(
        "wide",
        "wide",
        "1.0.0",
        &[
            ("cm.yaml", config_map.as_str()),
            ("deploy.yaml", deployment.as_str()),
        ],
    );
    let plan = |columns: Option<&str>| {
        let mut command =
            pkg.command(["install", "./wide", "--offline", "--dry-run", "-n", "apps"]);
        match columns {
            Some(columns) => command.env("COLUMNS", columns),
            None => command.env_remove("COLUMNS"),
        };
        Run::from(command.output().unwrap()).ok().to_string()
    };
    // Piped, nothing is wrapped: every line of a table is one row.
    let piped = plan(None);
    assert!(
        piped
            .lines()
            .any(|l| l.contains(long) && l.contains("Deployment")),
        "{piped}"
    );
    assert!(piped.contains(&image), "{piped}");
    // Fitted to 200 columns, lines wrap between words only: the same words
    // in the same order, and the long ones whole.
    let wide = plan(Some("200"));
    assert_eq!(words(&wide), words(&piped), "at 200 columns:\n{wide}");
    // At 80 the tables whose words do not fit side by side show one block
    // per row (`NAME:` before each value): every word still whole.
    let narrow = plan(Some("80"));
    for word in words(&piped) {
        assert!(
            narrow
                .split_whitespace()
                .any(|w| w.trim_end_matches(':') == word.trim_end_matches(':')),
            "{word:?} broken at 80 columns:\n{narrow}"
        );
    }
    assert!(narrow.contains(long) && narrow.contains(&image), "{narrow}");
    // And exactly as reviewed here (the offline plan is deterministic).
    insta::assert_snapshot!("plan_text_piped", piped);
    insta::assert_snapshot!("plan_text_80_columns", plan(Some("80")));
    insta::assert_snapshot!("plan_text_200_columns", plan(Some("200")));
    // Issue 39: no line passes the edge but one holding a word longer than
    // the terminal is wide (which it wraps where it must).
    assert!(
        narrow
            .lines()
            .filter(|l| !l.contains(long) && !l.contains(&image) && !l.contains("sha256:"))
            .all(|l| l.chars().count() <= 80),
        "{narrow}"
    );
}
