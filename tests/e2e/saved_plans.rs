//! Saved plans: `--out` now, `apply` later, refused when the cluster drifted.

use kubectl_pkg_e2e::{BASIC_MANIFESTS, Pkg, parse_json, unique};

fn changed_manifests(from: &str, to: &str) -> Vec<(&'static str, String)> {
    BASIC_MANIFESTS
        .iter()
        .map(|(f, t)| (*f, t.replace(from, to)))
        .collect()
}

fn write(pkg: &Pkg, dir: &str, version: &str, manifests: &[(&'static str, String)]) {
    pkg.write_package(dir, "app", version, manifests);
}

/// Installs v1, and saves a plan upgrading to v2 (mode: production → staging).
fn installed_with_saved_upgrade(pkg: &Pkg, ns: &str) {
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    write(
        pkg,
        "v2",
        "1.1.0",
        &changed_manifests("mode: production", "mode: staging"),
    );
    pkg.run(["install", "./v1", "-n", ns, "--yes", "--wait=false"])
        .ok();
    pkg.run([
        "upgrade",
        "app",
        "./v2",
        "-n",
        ns,
        "--dry-run",
        "--out",
        "plan.json",
    ])
    .ok();
}

/// Applies the saved plan.json in `ns`, expecting a refusal; returns its message.
fn refused(pkg: &Pkg, ns: &str) -> String {
    pkg.run(["apply", "plan.json", "-n", ns, "--yes"])
        .fails(1)
        .to_string()
}

fn mode(pkg: &Pkg, ns: &str) -> String {
    pkg.kubectl([
        "get",
        "configmap",
        "app-config",
        "-n",
        ns,
        "-o",
        "jsonpath={.data.mode}",
    ])
    .ok()
    .to_string()
}

#[test]
fn a_saved_plan_applies_exactly_and_only_once() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("saved");
    installed_with_saved_upgrade(&pkg, &ns);
    assert_eq!(
        mode(&pkg, &ns),
        "production",
        "--dry-run --out changes nothing"
    );
    let applied = pkg.run(["apply", "plan.json", "-n", &ns, "--yes", "--wait=false"]);
    applied.ok();
    assert_eq!(mode(&pkg, &ns), "staging");
    let history = parse_json(pkg.run(["history", "app", "-n", &ns, "-o", "json"]).ok());
    let saved: serde_json::Value =
        parse_json(&std::fs::read_to_string(pkg.work.path().join("plan.json")).unwrap());
    assert_eq!(
        history[1]["planHash"], saved["hash"],
        "the applied plan is the saved one"
    );
    // The same plan again: said to be applied already, as which revision
    // (issue 39: not every object "created by someone else in the meantime").
    let again = pkg.run(["apply", "plan.json", "-n", &ns, "--yes"]);
    let message = again.fails(1);
    assert!(
        message.contains(
            "this plan was already applied, as revision 2 of release \"app\" (deployed); a plan applies once"
        ) && !message.contains("in the meantime")
            && !message.contains("the plan was made for revision"),
        "{message}"
    );

    // An install plan, twice.
    let ns = pkg.namespace("saved-install");
    pkg.run([
        "install",
        "./v1",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "install.json",
    ])
    .ok();
    pkg.run(["apply", "install.json", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let again = pkg.run(["apply", "install.json", "-n", &ns, "--yes"]);
    let message = again.fails(1);
    assert!(
        message.contains("this plan was already applied, as revision 1 of release \"app\"")
            && !message.contains("in the meantime"),
        "{message}"
    );
}

#[test]
fn every_drift_refuses_and_applies_nothing() {
    let pkg = Pkg::new();

    // A live object edited after planning.
    let ns = pkg.namespace("drift-edit");
    installed_with_saved_upgrade(&pkg, &ns);
    pkg.kubectl([
        "label",
        "configmap",
        "app-config",
        "-n",
        &ns,
        "edited=by-hand",
    ])
    .ok();
    let stderr = refused(&pkg, &ns);
    assert!(
        stderr.contains(&format!("ConfigMap/{ns}/app-config was modified"))
            && stderr.contains("make a new plan"),
        "{stderr}"
    );
    assert_eq!(mode(&pkg, &ns), "production");

    // The kubeconfig pointing at another namespace.
    let other = pkg.namespace("drift-other");
    let stderr = refused(&pkg, &other);
    assert!(
        stderr.contains(&format!("the plan is for namespace \"{ns}\"")),
        "{stderr}"
    );

    // The plan file edited by hand.
    let ns = pkg.namespace("drift-file");
    installed_with_saved_upgrade(&pkg, &ns);
    let path = pkg.work.path().join("plan.json");
    let edited = std::fs::read_to_string(&path)
        .unwrap()
        .replace("staging", "hacked");
    std::fs::write(&path, edited).unwrap();
    let stderr = refused(&pkg, &ns);
    assert!(
        stderr.contains("edited") && stderr.contains("hash"),
        "{stderr}"
    );
    assert_eq!(mode(&pkg, &ns), "production");

    // The release upgraded by someone else in between.
    let ns = pkg.namespace("drift-release");
    installed_with_saved_upgrade(&pkg, &ns);
    write(
        &pkg,
        "v3",
        "1.2.0",
        &changed_manifests("mode: production", "mode: canary"),
    );
    pkg.run(["upgrade", "app", "./v3", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let stderr = refused(&pkg, &ns);
    assert!(stderr.contains("is at revision 2 now"), "{stderr}");
    assert_eq!(mode(&pkg, &ns), "canary");

    // An object created that the plan would create.
    let ns = pkg.namespace("drift-create");
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    pkg.run([
        "install",
        "./v1",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "plan.json",
    ])
    .ok();
    pkg.kubectl([
        "create",
        "configmap",
        "app-config",
        "-n",
        &ns,
        "--from-literal=mode=mine",
    ])
    .ok();
    let stderr = refused(&pkg, &ns);
    assert!(
        stderr.contains(&format!(
            "ConfigMap/{ns}/app-config was created by someone else"
        )),
        "{stderr}"
    );
    assert!(!pkg.exists(&ns, "deployment/app"));
}

#[test]
fn a_plan_printed_for_review_cannot_be_applied() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("masked");
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    let printed = pkg.run(["install", "./v1", "-n", &ns, "--dry-run", "-o", "json"]);
    std::fs::write(pkg.work.path().join("review.json"), printed.ok()).unwrap();
    let stderr = pkg
        .run(["apply", "review.json", "-n", &ns, "--yes"])
        .fails(1)
        .to_string();
    assert!(
        stderr.contains("masked") && stderr.contains("--out"),
        "{stderr}"
    );
    std::fs::write(
        pkg.work.path().join("future.json"),
        r#"{"apiVersion": "kubectl-pkg.dev/v2", "kind": "Plan"}"#,
    )
    .unwrap();
    let stderr = pkg
        .run(["apply", "future.json", "-n", &ns, "--yes"])
        .fails(1)
        .to_string();
    assert!(stderr.contains("kubectl-pkg.dev/v2"), "{stderr}");
    assert!(!pkg.exists(&ns, "configmap/app-config"));
}

#[test]
fn applying_a_saved_plan_installs_the_reviewed_content_even_if_the_tag_moved() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("tagmoved");
    let path = unique("tagmoved");
    let repository = format!("oci://{}/{path}", pkg.env.registry);
    let reviewed = pkg.write_package("reviewed", "app", "1.0.0", BASIC_MANIFESTS);
    pkg.run(["push", reviewed.to_str().unwrap(), &repository])
        .ok();
    pkg.run([
        "install",
        &format!("{repository}/app"),
        "-n",
        &ns,
        "--dry-run",
        "--out",
        "plan.json",
    ])
    .ok();
    // Someone overwrites the tag with other content.
    write(
        &pkg,
        "other",
        "1.0.0",
        &changed_manifests("mode: production", "mode: tampered"),
    );
    let other = pkg.work.path().join("other");
    pkg.run(
        [other.to_str().unwrap(), &repository]
            .iter()
            .fold(vec!["push"], |mut v, a| {
                v.push(a);
                v
            }),
    )
    .ok();
    pkg.run(["apply", "plan.json", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(
        mode(&pkg, &ns),
        "production",
        "the reviewed content was installed"
    );
}

#[test]
fn detailed_exitcode_tells_pipelines_whether_a_plan_changes_anything() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("exitcode");
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    assert_eq!(
        pkg.run([
            "install",
            "./v1",
            "-n",
            &ns,
            "--dry-run",
            "--detailed-exitcode"
        ])
        .code,
        2
    );
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let same = pkg.run([
        "upgrade",
        "app",
        "./v1",
        "-n",
        &ns,
        "--dry-run",
        "--detailed-exitcode",
    ]);
    assert_eq!(same.code, 0, "{}", same.stderr);
    write(
        &pkg,
        "v2",
        "1.1.0",
        &changed_manifests("mode: production", "mode: staging"),
    );
    assert_eq!(
        pkg.run([
            "upgrade",
            "app",
            "./v2",
            "-n",
            &ns,
            "--dry-run",
            "--detailed-exitcode"
        ])
        .code,
        2
    );
    let usage = pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--detailed-exitcode"]);
    assert!(
        usage.fails(64).contains("--dry-run"),
        "a usage error: it needs --dry-run"
    );
}
