//! Review as a process: what an upgrade newly allows, the risk policy, and
//! approvals of plan hashes, against the real API server.

use kubectl_pkg_e2e::{Pkg, parse_json, unique};

/// The two revisions of the acceptance scenario: v2 binds the package's
/// ServiceAccount to the built-in `edit` ClusterRole everywhere and makes its
/// Deployment privileged.
fn write_escalating_package(pkg: &Pkg, ns: &str, binding: &str) {
    let service_account = format!(
        "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: app\n  namespace: {ns}\n"
    );
    let deployment = |privileged: bool| {
        let security = if privileged {
            "\n          securityContext:\n            privileged: true"
        } else {
            ""
        };
        format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\n  namespace: {ns}\nspec:\n  selector:\n    matchLabels: {{app: app}}\n  template:\n    metadata:\n      labels: {{app: app}}\n    spec:\n      serviceAccountName: app\n      containers:\n        - name: app\n          image: registry.invalid/app@sha256:{}{security}\n",
            "0".repeat(64)
        )
    };
    let binding = format!(
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: {binding}\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: edit\nsubjects:\n  - kind: ServiceAccount\n    name: app\n    namespace: {ns}\n"
    );
    pkg.write_package(
        "v1",
        "escalating",
        "1.0.0",
        &[
            ("sa.yaml", &service_account),
            ("deploy.yaml", &deployment(false)),
        ],
    );
    pkg.write_package(
        "v2",
        "escalating",
        "2.0.0",
        &[
            ("sa.yaml", &service_account),
            ("deploy.yaml", &deployment(true)),
            ("binding.yaml", &binding),
        ],
    );
}

#[test]
fn an_upgrade_shows_what_it_newly_allows_and_a_rollback_what_it_drops() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("review");
    let binding = unique("edit-everywhere");
    write_escalating_package(&pkg, &ns, &binding);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let upgrade = pkg.run([
        "upgrade",
        "escalating",
        "./v2",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ]);
    let out = upgrade.ok();
    let section = out
        .split("Permission changes since revision 1:")
        .nth(1)
        .and_then(|rest| rest.split("\nPermissions:").next())
        .unwrap_or_else(|| panic!("no permission changes section:\n{out}"));
    let subject = format!("ServiceAccount/{ns}/app");
    assert!(section.contains("New permissions:"), "{section}");
    assert!(
        section
            .lines()
            .any(|l| l.contains(&subject) && l.contains("cluster") && l.contains("secrets")),
        "the edit grant is new:\n{section}"
    );
    assert!(
        section.contains("pod-privileged")
            && section.contains(&format!("Deployment.apps/{ns}/app baseline -> privileged")),
        "the privileged Deployment is new:\n{section}"
    );
    assert!(!section.contains("Dropped permissions:"), "{section}");

    // The record keeps the section, inside the plan's hash.
    let plan = parse_json(
        pkg.run(["get", "plan", "escalating", "-n", &ns, "-o", "json"])
            .ok(),
    );
    let changes = &plan["permissionChanges"];
    assert_eq!(changes["comparedWith"], 1, "{changes:#}");
    let added_rules: Vec<&str> = changes["added"]["risks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    assert!(added_rules.contains(&"pod-privileged"), "{added_rules:?}");
    assert!(
        added_rules.iter().any(|r| r.starts_with("rbac-cluster-")),
        "{added_rules:?}"
    );
    assert!(changes["removed"].as_object().unwrap().is_empty());

    // Rolling back drops exactly those, and adds nothing.
    let rollback = pkg.run([
        "rollback",
        "escalating",
        "-n",
        &ns,
        "--dry-run",
        "-o",
        "json",
    ]);
    let plan = parse_json(rollback.ok());
    let changes = &plan["permissionChanges"];
    assert_eq!(changes["comparedWith"], 2);
    assert!(
        changes["added"].as_object().unwrap().is_empty(),
        "{changes:#}"
    );
    assert_eq!(
        changes["removed"]["podSecurity"][0]["to"], "baseline",
        "{changes:#}"
    );

    // An upgrade to the same content has nothing new to say.
    let again = pkg.run(["upgrade", "escalating", "./v2", "-n", &ns, "--dry-run"]);
    assert!(
        again
            .ok()
            .contains("Permission changes since revision 2: none."),
        "{}",
        again.stdout
    );
    pkg.run(["uninstall", "escalating", "-n", &ns, "--yes"])
        .ok();
}
