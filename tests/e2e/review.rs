//! Review as a process: what an upgrade newly allows, the risk policy, and
//! approvals of plan hashes, against the real API server.

use kubectl_pkg_e2e::{Pkg, Run, config_maps, parse_json, repo_root, unique};

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

#[test]
fn the_risk_policy_refuses_every_finding_over_the_line_until_each_is_accepted() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("policy");
    let binding = unique("edit-everywhere");
    write_escalating_package(&pkg, &ns, &binding);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let upgrade = |extra: &[&str]| {
        let mut args = vec![
            "upgrade",
            "escalating",
            "./v2",
            "-n",
            &ns,
            "--yes",
            "--wait=false",
            "--max-risk",
            "medium",
        ];
        args.extend_from_slice(extra);
        pkg.run(args)
    };
    let refused = upgrade(&[]);
    let stderr = refused.fails(4);
    assert!(
        stderr.contains("the risk policy refuses this plan"),
        "{stderr}"
    );
    let deployment = format!("Deployment.apps/{ns}/app");
    let binding_object = format!("ClusterRoleBinding.rbac.authorization.k8s.io/{binding}");
    assert!(
        stderr.contains(&format!("pod-privileged@{deployment}"))
            && stderr.contains(&format!("@{binding_object}")),
        "both objects' findings are listed at once:\n{stderr}"
    );
    assert!(
        refused
            .stdout
            .contains("Permission changes since revision 1:"),
        "the plan is shown before the refusal"
    );
    assert_eq!(pkg.statuses("escalating", &ns), ["deployed"]);
    assert!(
        !pkg.kubectl(["get", "clusterrolebinding", &binding])
            .stdout
            .contains(&binding),
        "nothing was applied"
    );

    // Accepting all but one still refuses, naming only that one.
    let accepts: Vec<String> = stderr
        .rsplit("add: ")
        .next()
        .unwrap()
        .split_whitespace()
        .filter(|word| *word != "--accept-risk")
        .map(str::to_string)
        .collect();
    assert!(accepts.len() >= 2, "{accepts:?}");
    let mut flags: Vec<&str> = Vec::new();
    for accept in &accepts[1..] {
        flags.extend(["--accept-risk", accept]);
    }
    let still = upgrade(&flags);
    let stderr = still.fails(4);
    assert!(
        stderr.contains("1 finding(s) over the line") && stderr.contains(&accepts[0]),
        "{stderr}"
    );

    flags.extend(["--accept-risk", &accepts[0]]);
    upgrade(&flags).ok();
    let plan = parse_json(
        pkg.run(["get", "plan", "escalating", "-n", &ns, "-o", "json"])
            .ok(),
    );
    assert_eq!(plan["policy"]["maxRisk"], "medium");
    assert_eq!(
        plan["policy"]["accepted"].as_array().unwrap().len(),
        accepts.len(),
        "{:#}",
        plan["policy"]
    );
    let status = pkg.run(["status", "escalating", "-n", &ns]);
    assert!(
        status.ok().contains(&format!(
            "Accepted:  pod-privileged@{deployment} (critical)"
        )),
        "{}",
        status.stdout
    );
    pkg.run(["uninstall", "escalating", "-n", &ns, "--yes"])
        .ok();
}

#[test]
fn a_saved_plan_applies_only_with_enough_approvals_from_trusted_keys() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("approve");
    let binding = unique("edit-everywhere");
    write_escalating_package(&pkg, &ns, &binding);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let (alice, _) = pkg.key_pair("alice");
    let (mallory, mallory_pub) = pkg.key_pair("mallory");
    // Only alice's key is trusted.
    std::fs::remove_file(&mallory_pub).unwrap();
    let trusted = pkg.work.path().join("keys").display().to_string();
    let plan_file = pkg.work.path().join("plan.json").display().to_string();
    pkg.run([
        "upgrade",
        "escalating",
        "./v2",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        &plan_file,
    ])
    .ok();
    let apply = |required: &str| {
        pkg.run([
            "apply",
            &plan_file,
            "-n",
            &ns,
            "--yes",
            "--wait=false",
            "--require-approvals",
            required,
            "--trusted-keys",
            &trusted,
        ])
    };

    // No approval, then one by an untrusted key: refused, nothing applied.
    assert!(
        apply("1")
            .fails(4)
            .contains("needs 1 approval(s) by trusted keys and has 0")
    );
    pkg.run([
        "approve",
        &plan_file,
        "--key",
        &mallory,
        "--approver",
        "mallory@example.com",
    ])
    .ok();
    let refused = apply("1");
    assert!(
        refused
            .fails(4)
            .contains("signed by a key that is not trusted"),
        "{}",
        refused.stderr
    );
    assert_eq!(pkg.statuses("escalating", &ns), ["deployed"]);

    // Alice approves twice: her key counts once.
    for comment in ["reviewed the new binding", "still fine"] {
        let approved = pkg.run([
            "approve",
            &plan_file,
            "--key",
            &alice,
            "--approver",
            "alice@example.com",
            "--comment",
            comment,
        ]);
        assert!(approved.ok().starts_with("Approved plan sha256:"));
    }
    assert!(apply("2").fails(4).contains("each key counts once"));

    // An approval of another plan does not count for this one.
    let other_file = pkg.work.path().join("other.json").display().to_string();
    pkg.run([
        "upgrade",
        "escalating",
        "./v1",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        &other_file,
    ])
    .ok();
    pkg.run([
        "approve",
        &other_file,
        "--key",
        &alice,
        "--approver",
        "alice@example.com",
    ])
    .ok();
    let mut other: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&other_file).unwrap()).unwrap();
    let mut moved = other["approvals"][0].take();
    moved["planHash"] = parse_json(&std::fs::read_to_string(&plan_file).unwrap())["hash"].clone();
    let mut copied: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&plan_file).unwrap()).unwrap();
    let only_moved = {
        let mut plan = copied.clone();
        plan["approvals"] = serde_json::json!([moved]);
        plan
    };
    let moved_file = pkg.work.path().join("moved.json").display().to_string();
    std::fs::write(&moved_file, only_moved.to_string()).unwrap();
    let refused = pkg.run([
        "apply",
        &moved_file,
        "-n",
        &ns,
        "--yes",
        "--require-approvals",
        "1",
        "--trusted-keys",
        &trusted,
    ]);
    assert!(
        refused.fails(4).contains("the signature does not verify"),
        "{}",
        refused.stderr
    );

    // A plan edited after approval is refused before approvals are even counted.
    copied["objects"][0]["manifest"]["metadata"]["labels"] = serde_json::json!({"edited": "yes"});
    let edited_file = pkg.work.path().join("edited.json").display().to_string();
    std::fs::write(&edited_file, copied.to_string()).unwrap();
    let refused = pkg.run([
        "apply",
        &edited_file,
        "-n",
        &ns,
        "--yes",
        "--require-approvals",
        "1",
        "--trusted-keys",
        &trusted,
    ]);
    assert!(refused.fails(1).contains("was edited after it was made"));
    assert_eq!(pkg.statuses("escalating", &ns), ["deployed"]);

    // With alice's approval it applies, and the history names her.
    apply("1").ok();
    let history = pkg.run(["history", "escalating", "-n", &ns]);
    assert!(
        history
            .ok()
            .contains("Revision 2 approved by alice@example.com"),
        "{}",
        history.stdout
    );
    let status = pkg.run(["status", "escalating", "-n", &ns]);
    assert!(
        status
            .ok()
            .contains("Approved:  by alice@example.com (key sha256:"),
        "{}",
        status.stdout
    );
    pkg.run(["uninstall", "escalating", "-n", &ns, "--yes"])
        .ok();
}

#[test]
fn a_proposal_made_by_one_user_is_approved_and_applied_by_another_once() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("proposal");
    pkg.write_package(
        "app",
        "app",
        "1.0.0",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-config}\ndata: {level: info}\n",
        )],
    );
    // The restricted user may work in this namespace only.
    let grant = serde_json::json!({"apiVersion": "v1", "kind": "List", "items": [
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role", "metadata": {"name": "operator", "namespace": ns},
         "rules": [{"apiGroups": ["", "coordination.k8s.io"], "resources": ["*"], "verbs": ["*"]}]},
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding", "metadata": {"name": "operator", "namespace": ns},
         "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "operator"},
         "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "restricted"}]},
    ]});
    let file = pkg.work.path().join("grant.json");
    std::fs::write(&file, grant.to_string()).unwrap();
    pkg.kubectl(["apply", "-f", file.to_str().unwrap()]).ok();
    let (alice, _) = pkg.key_pair("alice");
    let trusted = pkg.work.path().join("keys").display().to_string();

    // The admin proposes; nothing is applied.
    let proposed = pkg.run([
        "propose",
        "--note",
        "first install",
        "install",
        "./app",
        "-n",
        &ns,
    ]);
    proposed.ok();
    let name = proposed
        .stderr
        .split_whitespace()
        .find(|word| word.starts_with("proposal/"))
        .unwrap_or_else(|| panic!("no proposal name:\n{}", proposed.stderr))
        .to_string();
    assert!(!pkg.exists(&ns, "configmap/app-config"), "nothing applied");
    let listed = pkg.run(["proposals", "-n", &ns]);
    let row = listed
        .ok()
        .lines()
        .find(|line| line.contains(&name))
        .unwrap_or_else(|| panic!("{}", listed.stdout))
        .to_string();
    assert!(
        row.contains("open") && row.contains("first install"),
        "{row}"
    );

    // Another user reviews, approves and applies it.
    let restricted = |args: &[&str]| {
        let mut all = vec!["--context", "restricted", "-n", &ns];
        all.extend_from_slice(args);
        pkg.run(all)
    };
    let shown = restricted(&["get", "plan", &name]);
    assert!(
        shown.ok().contains("Plan hash: sha256:"),
        "{}",
        shown.stdout
    );
    restricted(&[
        "approve",
        &name,
        "--key",
        &alice,
        "--approver",
        "alice@example.com",
    ])
    .ok();
    let apply_args = [
        "apply",
        name.as_str(),
        "--yes",
        "--wait=false",
        "--require-approvals",
        "1",
        "--trusted-keys",
        &trusted,
    ];
    restricted(&apply_args).ok();
    assert!(pkg.exists(&ns, "configmap/app-config"));
    let history = pkg.run(["history", "app", "-n", &ns]);
    assert!(
        history
            .ok()
            .contains("Revision 1 approved by alice@example.com"),
        "{}",
        history.stdout
    );

    // Applied once: never again, and it says so.
    let again = restricted(&apply_args);
    assert!(
        again.fails(1).contains("was applied already"),
        "{}",
        again.stderr
    );
    let listed = pkg.run(["proposals", "-n", &ns, "-o", "json"]);
    let proposals = parse_json(listed.ok());
    assert_eq!(proposals[0]["state"], "applied", "{proposals:#}");
    assert_eq!(proposals[0]["approvers"][0], "alice@example.com");
    assert_eq!(pkg.statuses("app", &ns), ["deployed"]);
}

#[test]
fn a_cosign_encrypted_key_approves_with_its_password_and_its_public_key_is_trusted() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("approve");
    let keys = repo_root().join("tests/keys");
    let trusted = pkg.work.path().join("trusted");
    std::fs::create_dir_all(&trusted).unwrap();
    std::fs::copy(
        keys.join("cosign-encrypted.pub"),
        trusted.join("release.pub"),
    )
    .unwrap();
    pkg.write_package("app", "app", "1.0.0", &config_maps("approved", 1, "1"));
    let plan_file = pkg.work.path().join("plan.json").display().to_string();
    pkg.run([
        "install",
        "./app",
        "-n",
        &ns,
        "--dry-run",
        "--out",
        &plan_file,
    ])
    .ok();
    let key = keys.join("cosign-encrypted.key").display().to_string();
    let approve = |password: Option<&str>| {
        let mut command = pkg.command([
            "approve",
            &plan_file,
            "--key",
            &key,
            "--approver",
            "release@example.com",
        ]);
        match password {
            Some(password) => command.env("COSIGN_PASSWORD", password),
            None => command.env_remove("COSIGN_PASSWORD"),
        };
        Run::from(command.output().unwrap())
    };
    // Without the password, or with a wrong one: refused, naming the file, the
    // password never printed.
    let missing = approve(None);
    assert!(
        missing.fails(1).contains("COSIGN_PASSWORD"),
        "{}",
        missing.stderr
    );
    let wrong = approve(Some("tr0ub4dor"));
    let error = wrong.fails(1).to_string();
    assert!(
        error.contains("cosign-encrypted.key")
            && error.contains("does not open it")
            && !error.contains("tr0ub4dor"),
        "{error}"
    );
    approve(Some("correct horse battery staple")).ok();
    pkg.run([
        "apply",
        &plan_file,
        "-n",
        &ns,
        "--yes",
        "--wait=false",
        "--require-approvals",
        "1",
        "--trusted-keys",
        trusted.to_str().unwrap(),
    ])
    .ok();
    assert!(pkg.exists(&ns, "configmap/approved-0"));
}

/// Issue 51: the review gates are the library's, so an embedder (libpkg's
/// `embed` example, given the same policy file as the CLI) is refused by
/// the same risk policy and the same approval rule, before its question and
/// with nothing written.
#[test]
fn an_embedder_is_held_to_the_same_policy_and_approvals_as_the_cli() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("embed-gates");
    let binding = unique("edit-everywhere");
    write_escalating_package(&pkg, &ns, &binding);
    let policy = pkg.work.path().join("policy.yaml");
    let write_policy = |rules: &str| {
        std::fs::write(
            &policy,
            format!("apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Policy\n{rules}"),
        )
        .unwrap()
    };
    let embed = |args: &[&str]| {
        pkg.program(crate::airgap::embed_example(), args)
            .env("KUBECTL_PKG_POLICY", &policy)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the embed example runs")
    };
    let nothing_written = || {
        let secrets = pkg
            .kubectl(["get", "secrets", "-n", &ns, "-o", "name"])
            .stdout;
        assert!(
            !secrets.contains("escalating"),
            "no release was recorded: {secrets}"
        );
        assert!(!pkg.exists(&ns, "deployment/app"), "nothing was applied");
    };

    write_policy("maxRisk: medium\n");
    let cli = pkg
        .program(
            kubectl_pkg_e2e::binary(),
            ["install", "./v2", "-n", &ns, "--yes"],
        )
        .env("KUBECTL_PKG_POLICY", &policy)
        .output()
        .unwrap();
    assert_eq!(cli.status.code(), Some(4), "{cli:?}");
    let cli_said = String::from_utf8_lossy(&cli.stderr).to_string();
    let embedded = embed(&["install", "./v2", "escalating", &ns]);
    let embed_said = String::from_utf8_lossy(&embedded.stderr).to_string();
    assert_eq!(
        embedded.status.code(),
        Some(4),
        "the CLI's exit code, by the library's classification: {embedded:?}"
    );
    assert!(
        embed_said.contains("the risk policy refuses this plan")
            && cli_said.contains("the risk policy refuses this plan"),
        "cli: {cli_said}\nembed: {embed_said}"
    );
    for finding in ["pod-privileged@Deployment.apps", "@ClusterRoleBinding"] {
        assert!(
            embed_said.contains(finding) && cli_said.contains(finding),
            "{finding}\ncli: {cli_said}\nembed: {embed_said}"
        );
    }
    assert!(
        !String::from_utf8_lossy(&embedded.stdout).contains("Apply plan"),
        "refused before the question"
    );
    nothing_written();

    // A policy that requires an approval: a plan made now has none.
    write_policy("requireApprovals: 1\n");
    let embedded = embed(&["install", "./v1", "escalating", &ns]);
    let embed_said = String::from_utf8_lossy(&embedded.stderr);
    assert!(
        !embedded.status.success() && embed_said.contains("a plan made now has none"),
        "{embedded:?}"
    );
    nothing_written();
}
