//! Install, upgrade, rollback, history and uninstall against the real API server.

use kubectl_pkg_e2e::{
    BASIC_MANIFESTS, BASIC_SECRET_VALUE, PROMPT, Pkg, eventually, parse_json, unique,
};

#[test]
fn install_upgrade_rollback_history_uninstall() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("life");
    let suffix = unique("gz");
    pkg.kubectl([
        "create",
        "configmap",
        "bystander",
        "-n",
        &ns,
        "--from-literal=keep=me",
    ])
    .ok();
    pkg.write_operator("v1", &suffix, 1);
    pkg.write_operator("v2", &suffix, 2);

    let install = pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"]);
    install.ok();
    assert!(
        install.stderr.contains("revision 1 deployed"),
        "{}",
        install.stderr
    );
    let gizmo = format!("gizmos.{suffix}.example.com/default-gizmo");
    for object in [
        "configmap/operator-config",
        "configmap/operator-legacy",
        "deployment/operator",
        "serviceaccount/operator",
        gizmo.as_str(),
    ] {
        assert!(pkg.exists(&ns, object), "{object} was not created");
    }

    // Upgrade: one object changes (shown as a diff), one is dropped (pruned).
    let upgrade = pkg.run([
        "upgrade",
        "operator",
        "./v2",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ]);
    let out = upgrade.ok();
    assert!(
        out.contains("-  level: info") && out.contains("+  level: debug"),
        "diff shown:\n{out}"
    );
    let actions = parse_json(
        pkg.run(["history", "operator", "-n", &ns, "-o", "json"])
            .ok(),
    );
    assert_eq!(actions.as_array().unwrap().len(), 2);
    assert!(
        !pkg.exists(&ns, "configmap/operator-legacy"),
        "dropped object pruned"
    );
    // Unchanged objects are counted; --show-unchanged lists them.
    assert!(
        out.contains("unchanged not listed; --show-unchanged lists them")
            && !out
                .lines()
                .any(|l| l.contains("unchanged") && l.contains("Deployment")),
        "{out}"
    );
    let listed = pkg.run([
        "upgrade",
        "operator",
        "./v2",
        "-n",
        &ns,
        "--dry-run",
        "--show-unchanged",
    ]);
    assert!(
        listed
            .ok()
            .lines()
            .any(|l| l.contains("unchanged") && l.contains("Deployment")),
        "{}",
        listed.stdout
    );

    // Rollback to revision 1: objects as before.
    pkg.run([
        "rollback",
        "operator",
        "1",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert!(pkg.exists(&ns, "configmap/operator-legacy"));
    let level = pkg.kubectl([
        "get",
        "configmap",
        "operator-config",
        "-n",
        &ns,
        "-o",
        "jsonpath={.data.level}",
    ]);
    assert_eq!(level.ok(), "info");

    // History: three revisions with digests and plan hashes.
    let history = parse_json(
        pkg.run(["history", "operator", "-n", &ns, "-o", "json"])
            .ok(),
    );
    let revisions = history.as_array().unwrap();
    let column = |key: &str| {
        revisions
            .iter()
            .map(|r| r[key].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(column("status"), ["superseded", "superseded", "deployed"]);
    assert_eq!(column("operation"), ["install", "upgrade", "rollback"]);
    let digests = column("digest");
    assert_eq!(
        digests[0], digests[2],
        "rollback re-applies revision 1's package"
    );
    assert_ne!(digests[0], digests[1]);
    let hashes = column("planHash");
    assert!(hashes.iter().all(|h| h.starts_with("sha256:")));
    assert_eq!(
        hashes
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        3
    );
    let text = pkg.run(["history", "operator", "-n", &ns]);
    let digest_hex = &digests[1]["sha256:".len()..];
    assert!(text.ok().contains(&digest_hex[..12]), "{}", text.stdout);
    let list = pkg.run(["list", "-n", &ns]);
    assert!(
        list.ok().contains("operator") && list.stdout.contains("deployed"),
        "{}",
        list.stdout
    );

    // Uninstall removes what the release created and nothing else; history stays.
    pkg.run(["uninstall", "operator", "-n", &ns, "--yes"]).ok();
    for object in [
        "configmap/operator-config",
        "configmap/operator-legacy",
        "deployment/operator",
        "serviceaccount/operator",
    ] {
        assert!(!pkg.exists(&ns, object), "{object} survived uninstall");
    }
    assert!(
        !pkg.kubectl(["get", "crd", &format!("gizmos.{suffix}.example.com")])
            .stdout
            .contains("gizmos")
    );
    assert!(
        pkg.kubectl(["get", "clusterrole", &format!("{suffix}-operator")])
            .code
            != 0
    );
    assert!(
        pkg.exists(&ns, "configmap/bystander"),
        "an object the release did not create was deleted"
    );
    let status = pkg.run(["status", "operator", "-n", &ns]);
    assert!(status.ok().contains("uninstalled"), "{}", status.stdout);
}

#[test]
fn a_crd_with_custom_resources_the_release_does_not_own_is_kept() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("crdkeep");
    let suffix = unique("keep");
    pkg.write_operator("v1", &suffix, 1);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let foreign = format!(
        "apiVersion: {suffix}.example.com/v1\nkind: Gizmo\nmetadata:\n  name: users-own\n  namespace: {ns}\nspec: {{}}\n"
    );
    let file = pkg.work.path().join("foreign.yaml");
    std::fs::write(&file, foreign).unwrap();
    pkg.kubectl(["apply", "-f", file.to_str().unwrap()]).ok();
    let uninstall = pkg.run(["uninstall", "operator", "-n", &ns, "--yes"]);
    assert!(uninstall.ok().contains("is kept"), "{}", uninstall.stdout);
    assert!(
        pkg.exists(&ns, &format!("gizmos.{suffix}.example.com/users-own")),
        "a user's custom resource was deleted"
    );
}

#[test]
fn declining_and_missing_terminal_and_dry_run_change_nothing() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("decline");
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);

    // No terminal, no --yes: refused with advice.
    let refused = pkg.run(["install", "./app", "-n", &ns]);
    assert!(
        refused.fails(1).contains("pass --yes"),
        "{}",
        refused.stderr
    );
    assert!(!pkg.exists(&ns, "configmap/app-config"));

    // A terminal, and the answer is no: exit 3. (`script` gives the command a pty.)
    let mut terminal = pkg.terminal(&["install", "./app", "-n", &ns, "--wait=false"], &[], "");
    terminal.wait_for(PROMPT);
    terminal.type_keys(b"no\n");
    let (code, shown) = terminal.finish();
    assert_eq!(code, Some(3), "{shown}");
    assert!(shown.contains("Apply plan sha256:"), "{shown}");
    assert!(!pkg.exists(&ns, "configmap/app-config"));
    assert!(!pkg.exists(&ns, "deployment/app"));

    // --dry-run: the server-side dry run leaves nothing behind, and no release record.
    pkg.run(["install", "./app", "-n", &ns, "--dry-run"]).ok();
    for object in [
        "configmap/app-config",
        "secret/app-credentials",
        "deployment/app",
    ] {
        assert!(!pkg.exists(&ns, object), "{object} exists after --dry-run");
    }
    assert!(pkg.run(["list", "-n", &ns]).stderr.contains("No releases"));
}

#[test]
fn the_restricted_user_sees_what_is_missing_and_succeeds_once_granted_exactly_that() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("restricted");
    // The package grants `list configmaps`, which installing needs nowhere else: the API
    // server's escalation check requires the installer to hold it, so the access check lists it.
    let rbac = "apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: app}\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: app-reader}\nrules:\n- apiGroups: ['']\n  resources: [configmaps]\n  verbs: [list]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: app-reader}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: app-reader}\nsubjects: [{kind: ServiceAccount, name: app}]\n";
    let mut manifests = BASIC_MANIFESTS.to_vec();
    manifests.push(("rbac.yaml", rbac));
    pkg.write_package("app", "app", "1.0.0", &manifests);

    let denied = pkg.run([
        "--context",
        "restricted",
        "install",
        "./app",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ]);
    let stderr = denied.fails(1).to_string();
    assert!(
        stderr.contains("missing") && stderr.contains("nothing was applied"),
        "{stderr}"
    );
    assert!(
        denied.stdout.contains("VERB") && denied.stdout.contains("configmaps"),
        "{}",
        denied.stdout
    );
    assert!(
        !pkg.exists(&ns, "configmap/app-config"),
        "the cluster was touched"
    );

    let dry_run = pkg.run([
        "--context",
        "restricted",
        "install",
        "./app",
        "-n",
        &ns,
        "--dry-run",
        "-o",
        "json",
    ]);
    // The plan is shown, and a dry run you could not apply does not pass.
    assert!(
        dry_run
            .fails(1)
            .contains("permission(s) this plan needs (listed above): applying it would be refused"),
        "{}",
        dry_run.stderr
    );
    let plan = parse_json(&dry_run.stdout);
    let missing = plan["permissions"]["installer"]["missing"]
        .as_array()
        .unwrap()
        .clone();
    let listed = |verb: &str, resource: &str| {
        missing
            .iter()
            .any(|m| m["verb"] == verb && m["resource"] == resource)
    };
    assert!(
        listed("create", "configmaps") && listed("create", "roles") && listed("create", "secrets"),
        "{missing:?}"
    );
    assert!(
        listed("list", "configmaps"),
        "the escalation check is part of the access check: {missing:?}"
    );
    // Grant exactly what was listed: one Role with one rule per missing permission.
    let rules: Vec<serde_json::Value> = missing
        .iter()
        .map(|m| {
            assert_eq!(m["namespace"], ns.as_str(), "everything is namespaced here: {m}");
            serde_json::json!({"apiGroups": [m["group"]], "resources": [m["resource"]], "verbs": [m["verb"]]})
        })
        .collect();
    let grant = serde_json::json!({"apiVersion": "v1", "kind": "List", "items": [
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role", "metadata": {"name": "installer", "namespace": ns}, "rules": rules},
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding", "metadata": {"name": "installer", "namespace": ns},
         "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "installer"},
         "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "restricted"}]},
    ]});
    let file = pkg.work.path().join("grant.json");
    std::fs::write(&file, grant.to_string()).unwrap();
    pkg.kubectl(["apply", "-f", file.to_str().unwrap()]).ok();
    // The API server's authorizer learns of a new binding a moment after it
    // is written: wait until it grants each permission (the lock's Lease is
    // taken before the plan is made).
    for m in &missing {
        let resource = match m["group"].as_str() {
            Some("") | None => m["resource"].as_str().unwrap().to_string(),
            Some(group) => format!("{}.{group}", m["resource"].as_str().unwrap()),
        };
        let verb = m["verb"].as_str().unwrap();
        eventually(&format!("restricted may {verb} {resource}"), || {
            pkg.kubectl([
                "auth",
                "can-i",
                verb,
                &resource,
                "-n",
                &ns,
                "--as",
                "restricted",
            ])
            .stdout
            .trim()
                == "yes"
        });
    }

    let granted = pkg.run([
        "--context",
        "restricted",
        "install",
        "./app",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ]);
    granted.ok();
    assert!(
        granted.stdout.contains("you may perform every action"),
        "{}",
        granted.stdout
    );
    assert!(pkg.exists(&ns, "configmap/app-config"));
    assert!(pkg.exists(&ns, "role/app-reader"));
}

/// Every command of a release's life, each run once quietly and once with
/// every log level (trace), and nothing secret in any output: not the package's Secret
/// values (plain or base64), not the API server token, not the registry password.
#[test]
fn secret_values_appear_in_no_output() {
    let pkg = Pkg::new();
    pkg.login();
    let ns = pkg.namespace("secret");
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    let changed: Vec<(&str, String)> = BASIC_MANIFESTS
        .iter()
        .map(|(f, t)| {
            (
                *f,
                t.replace(BASIC_SECRET_VALUE, "second-very-secret-value"),
            )
        })
        .collect();
    let v2 = pkg.write_package("v2", "app", "1.1.0", &changed);
    // Version 2 comes from the registry that needs credentials.
    let repository = format!("oci://{}/{}", pkg.env.registry_auth, unique("secret"));
    let plan_file = pkg.work.path().join("plan.json");
    let plan_file = plan_file.to_str().unwrap();
    let mut outputs = Vec::new();
    let mut run = |args: &[&str]| {
        for log in ["", "trace"] {
            // Mutating commands run once, with trace logs; reads run twice.
            let mutating = args.contains(&"--yes") || args[0] == "push";
            if mutating && log.is_empty() {
                continue;
            }
            let mut command = pkg.command(args);
            if !log.is_empty() {
                command.env("KUBECTL_PKG_LOG", log);
            }
            let output = command.output().expect("kubectl-pkg runs");
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(output.status.success(), "{args:?}: {text}");
            outputs.push((args.join(" "), text));
        }
    };
    run(&["push", v2.to_str().unwrap(), &repository]);
    let from_registry = format!("{repository}/app");
    run(&["install", "./v1", "-n", &ns, "--yes", "--wait=false"]);
    for format in ["text", "json", "yaml"] {
        run(&[
            "upgrade",
            "app",
            &from_registry,
            "-n",
            &ns,
            "--dry-run",
            "-o",
            format,
        ]);
    }
    run(&[
        "upgrade",
        "app",
        &from_registry,
        "-n",
        &ns,
        "--dry-run",
        "--out",
        plan_file,
    ]);
    run(&["apply", plan_file, "-n", &ns, "--yes", "--wait=false"]);
    run(&["rollback", "app", "-n", &ns, "--dry-run", "-o", "json"]);
    run(&["rollback", "app", "-n", &ns, "--yes", "--wait=false"]);
    run(&["history", "app", "-n", &ns, "-o", "yaml"]);
    run(&["status", "app", "-n", &ns, "-o", "json"]);
    run(&["status", "app", "-n", &ns]);
    run(&["list", "-n", &ns, "-o", "json"]);
    run(&["template", &from_registry]);
    run(&["show", &from_registry, "-o", "yaml"]);
    run(&[
        "install",
        &from_registry,
        "--offline",
        "--dry-run",
        "-o",
        "json",
    ]);
    run(&["uninstall", "app", "-n", &ns, "--dry-run", "-o", "yaml"]);
    run(&["uninstall", "app", "-n", &ns, "--yes", "--wait=false"]);

    let all: String = outputs.iter().map(|(_, text)| text.as_str()).collect();
    assert!(all.contains("password"), "the key is shown");
    assert!(all.contains("<masked, changed>"), "the change is shown");
    assert!(all.contains("DEBUG"), "the debug logs ran");
    let kubeconfig = std::fs::read_to_string(&pkg.env.kubeconfig).unwrap();
    let tokens: Vec<&str> = kubeconfig
        .lines()
        .filter_map(|line| line.trim().strip_prefix("token: "))
        .collect();
    assert!(!tokens.is_empty(), "the kubeconfig has tokens");
    let engine = &base64::engine::general_purpose::STANDARD;
    let registry_login = format!(
        "{}:{}",
        pkg.env.registry_auth_user, pkg.env.registry_auth_password
    );
    let mut secrets = vec![
        BASIC_SECRET_VALUE.to_string(),
        "second-very-secret-value".to_string(),
        base64::Engine::encode(engine, BASIC_SECRET_VALUE),
        base64::Engine::encode(engine, "second-very-secret-value"),
        pkg.env.registry_auth_password.clone(),
        base64::Engine::encode(engine, &registry_login),
    ];
    secrets.extend(tokens.iter().map(|t| t.to_string()));
    for secret in &secrets {
        for (command, text) in &outputs {
            assert!(
                !text.contains(secret.as_str()),
                "a secret appeared in the output of `{command}`"
            );
        }
    }
}

#[test]
fn wait_follows_readiness_and_a_timeout_fails_the_revision_keeping_the_previous() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("wait");
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    let v2: Vec<(&str, String)> = BASIC_MANIFESTS
        .iter()
        .map(|(f, t)| (*f, t.replace("replicas: 1", "replicas: 2")))
        .collect();
    pkg.write_package("v2", "app", "1.1.0", &v2);

    // No controllers run here, so the test plays the Deployment controller.
    let kubeconfig = pkg.env.kubeconfig.clone();
    let namespace = ns.clone();
    let controller = std::thread::spawn(move || {
        let status = r#"{"status":{"observedGeneration":1,"replicas":1,"updatedReplicas":1,"availableReplicas":1,"readyReplicas":1}}"#;
        for _ in 0..120 {
            let patched = std::process::Command::new("kubectl")
                .args([
                    "--context=admin",
                    "patch",
                    "deployment",
                    "app",
                    "-n",
                    &namespace,
                    "--subresource=status",
                    "--type=merge",
                    "-p",
                    status,
                ])
                .env("KUBECONFIG", &kubeconfig)
                .output()
                .unwrap();
            if patched.status.success() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(250));
        }
        false
    });
    let install = pkg.run(["install", "./v1", "-n", &ns, "--yes", "--timeout", "60s"]);
    install.ok();
    assert!(controller.join().unwrap(), "the deployment never appeared");
    assert!(
        install.stderr.contains("ready     Deployment.apps/"),
        "{}",
        install.stderr
    );

    let upgrade = pkg.run([
        "upgrade",
        "app",
        "./v2",
        "-n",
        &ns,
        "--yes",
        "--timeout",
        "2s",
    ]);
    let stderr = upgrade.fails(1).to_string();
    assert!(
        stderr.contains(&format!("timed out waiting for Deployment.apps/{ns}/app")),
        "{stderr}"
    );
    let history = parse_json(pkg.run(["history", "app", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(
        history[0]["status"], "deployed",
        "the previous revision stays deployed"
    );
    assert_eq!(history[1]["status"], "failed");
    assert!(
        history[1]["message"]
            .as_str()
            .unwrap()
            .contains("timed out"),
        "{history}"
    );
}

#[test]
fn create_namespace_creates_it_and_uninstall_leaves_it() {
    let pkg = Pkg::new();
    let ns = unique("newns");
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    let missing = pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"]);
    assert!(
        missing.fails(1).contains("--create-namespace"),
        "{}",
        missing.stderr
    );
    let created = pkg.run([
        "install",
        "./app",
        "-n",
        &ns,
        "--create-namespace",
        "--yes",
        "--wait=false",
    ]);
    assert!(created.ok().contains("Namespace"), "{}", created.stdout);
    assert!(pkg.exists(&ns, "configmap/app-config"));
    // Later revisions leave the namespace alone: it is not the release's.
    let v2: Vec<(&str, String)> = BASIC_MANIFESTS
        .iter()
        .map(|(f, t)| (*f, t.replace("production", "staging")))
        .collect();
    pkg.write_package("v2", "app", "1.1.0", &v2);
    pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let rollback = pkg.run(["rollback", "app", "1", "-n", &ns, "--yes", "--wait=false"]);
    assert!(
        !rollback.ok().contains("Namespace"),
        "the rollback does not touch the namespace: {}",
        rollback.stdout
    );
    pkg.run(["uninstall", "app", "-n", &ns, "--yes"]).ok();
    assert_eq!(
        pkg.kubectl(["get", "namespace", &ns, "-o", "name"])
            .ok()
            .trim(),
        format!("namespace/{ns}")
    );
}

#[test]
fn objects_owned_by_nobody_are_conflicts_unless_adopted() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("adopt");
    pkg.kubectl([
        "create",
        "configmap",
        "app-config",
        "-n",
        &ns,
        "--from-literal=mode=handmade",
    ])
    .ok();
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    let conflict = pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"]);
    let stderr = conflict.fails(1).to_string();
    assert!(
        stderr.contains("ConfigMap") && stderr.contains("app-config") && stderr.contains("--adopt"),
        "{stderr}"
    );
    assert!(!pkg.exists(&ns, "deployment/app"), "nothing applied");
    let adopted = pkg.run([
        "install",
        "./app",
        "-n",
        &ns,
        "--adopt",
        "--yes",
        "--wait=false",
    ]);
    assert!(
        adopted
            .ok()
            .lines()
            .any(|l| l.contains("update") && l.contains("app-config")),
        "{}",
        adopted.stdout
    );
    let mode = pkg.kubectl([
        "get",
        "configmap",
        "app-config",
        "-n",
        &ns,
        "-o",
        "jsonpath={.data.mode}",
    ]);
    assert_eq!(mode.ok(), "production");
}

#[test]
fn an_object_still_being_deleted_is_named_and_installed_once_it_is_gone() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("terminating");
    pkg.write_package("app", "app", "1.0.0", BASIC_MANIFESTS);
    pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let set_finalizers = |finalizers: &str| {
        let patch = format!(r#"{{"metadata":{{"finalizers":{finalizers}}}}}"#);
        pkg.kubectl([
            "patch",
            "configmap",
            "app-config",
            "-n",
            &ns,
            "--type=merge",
            "-p",
            &patch,
        ])
        .ok();
    };
    // A finalizer nobody removes yet holds the ConfigMap after the uninstall.
    set_finalizers(r#"["example.com/hold"]"#);
    pkg.run(["uninstall", "app", "-n", &ns, "--yes"]).ok();
    assert!(
        pkg.exists(&ns, "configmap/app-config"),
        "held by its finalizer"
    );

    let again = pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"]);
    let error = again.fails(1);
    assert!(
        error.contains("app-config is being deleted (since ")
            && error.contains("held by finalizers example.com/hold); plan again once it is gone"),
        "{error}"
    );
    assert!(!pkg.exists(&ns, "deployment/app"), "nothing applied");

    set_finalizers("null");
    pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert!(pkg.exists(&ns, "configmap/app-config"));
    assert!(pkg.exists(&ns, "deployment/app"));
}

#[test]
fn a_kind_the_cluster_does_not_serve_is_named() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("unknown");
    pkg.write_package(
        "app",
        "app",
        "1.0.0",
        &[(
            "g.yaml",
            "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n",
        )],
    );
    let run = pkg.run(["install", "./app", "-n", &ns, "--dry-run"]);
    // A requirement of the objects: refused before anything is written (exit 5).
    let stderr = run.fails(5).to_string();
    assert!(
        stderr.contains("Gadget example.com/v1 (objects: manifests/g.yaml")
            && stderr.contains("the cluster does not serve kind Gadget example.com/v1"),
        "{stderr}"
    );
    // Planned anyway, the unknown kind is still named where it was read.
    let run = pkg.run([
        "install",
        "./app",
        "-n",
        &ns,
        "--dry-run",
        "--skip-requirements",
    ]);
    let stderr = run.fails(1).to_string();
    assert!(
        stderr.contains("manifests/g.yaml")
            && stderr.contains("unknown kind Gadget in example.com/v1"),
        "{stderr}"
    );
    assert!(stderr.contains("the cluster does not serve it"), "{stderr}");
}

#[test]
fn upgrade_defaults_to_the_repository_it_came_from_and_purge_deletes_history() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("fromrepo");
    let path = unique("fromrepo");
    for (dir, version) in [("v1", "1.0.0"), ("v2", "1.1.0")] {
        let package = pkg.write_package(dir, "app", version, BASIC_MANIFESTS);
        pkg.run([
            "push",
            package.to_str().unwrap(),
            &format!("oci://{}/{path}", pkg.env.registry),
        ])
        .ok();
    }
    let reference = format!("oci://{}/{path}/app", pkg.env.registry);
    pkg.run([
        "install",
        &reference,
        "--version",
        "1.0.0",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    pkg.run(["upgrade", "app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let history = parse_json(pkg.run(["history", "app", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(history[1]["version"], "1.1.0", "{history}");

    pkg.run(["uninstall", "app", "-n", &ns, "--purge", "--yes"])
        .ok();
    assert!(
        pkg.run(["history", "app", "-n", &ns])
            .fails(1)
            .contains("not found")
    );
    assert!(!pkg.exists(&ns, "configmap/app-config"));
}

#[test]
fn kubeconfig_may_be_split_across_files_as_kubectl_allows() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("kubeconfig");
    let full: serde_json::Value =
        serde_saphyr::from_str(&std::fs::read_to_string(&pkg.env.kubeconfig).unwrap()).unwrap();
    let credentials = serde_json::json!({"apiVersion": "v1", "kind": "Config", "clusters": full["clusters"], "users": full["users"]});
    let contexts = serde_json::json!({"apiVersion": "v1", "kind": "Config", "contexts": full["contexts"], "current-context": "admin"});
    let first = pkg.work.path().join("credentials.json");
    let second = pkg.work.path().join("contexts.json");
    std::fs::write(&first, credentials.to_string()).unwrap();
    std::fs::write(&second, contexts.to_string()).unwrap();
    let joined = format!("{}:{}", first.display(), second.display());
    let run = pkg
        .command(["list", "-n", &ns])
        .env("KUBECONFIG", joined)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // --kubeconfig and --context name them explicitly.
    let restricted = pkg.run([
        "--kubeconfig",
        pkg.env.kubeconfig.to_str().unwrap(),
        "--context",
        "restricted",
        "list",
        "-n",
        &ns,
    ]);
    assert!(
        restricted.fails(1).contains("forbidden"),
        "{}",
        restricted.stderr
    );
}

#[test]
fn an_object_of_another_installed_release_is_not_offered_and_taking_it_names_the_loser() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("owned");
    let shared = [(
        "shared.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shared}\ndata: {by: first}\n",
    )];
    pkg.write_package("first", "first", "1.0.0", &shared);
    pkg.write_package("second", "second", "1.0.0", &shared);
    pkg.run(["install", "./first", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let refused = pkg.run(["install", "./second", "-n", &ns, "--yes", "--wait=false"]);
    let stderr = refused.fails(1).to_string();
    assert!(
        stderr.contains(&format!(
            "ConfigMap/{ns}/shared already exists and belongs to release \"first\" in namespace \"{ns}\", which is installed"
        )) && !stderr.contains("--adopt"),
        "{stderr}"
    );

    // Taken anyway: the plan names the release that loses it.
    let taken = pkg.run(["install", "./second", "-n", &ns, "--adopt", "--dry-run"]);
    let out = taken.ok();
    assert!(
        out.contains(&format!(
            "taken over from release \"first\" in namespace \"{ns}\" (--adopt): that release no longer owns it"
        )),
        "{out}"
    );
}

/// Issue 39: the apply log says what was done in one tense (`created`,
/// `updated`, `deleted`, not `create` beside `deleted`); `history` says
/// which revision a rollback returned to (or, when several earlier revisions
/// had its package, that the record does not say which); `status` says
/// whether what the release runs is ready.
#[test]
fn the_apply_log_history_and_status_say_what_happened_and_what_is_ready() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("told");
    pkg.write_package("v1", "app", "1.0.0", BASIC_MANIFESTS);
    let mut v2: Vec<(&str, String)> = BASIC_MANIFESTS
        .iter()
        .filter(|(file, _)| *file != "secret.yaml")
        .map(|(file, text)| (*file, text.replace("mode: production", "mode: staging")))
        .collect();
    v2.push((
        "extra.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-extra\n".to_string(),
    ));
    pkg.write_package("v2", "app", "2.0.0", &v2);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let upgrade = pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"]);
    upgrade.ok();
    for line in [
        "  created   ConfigMap/",
        "  updated   ConfigMap/",
        "  deleted   Secret/",
    ] {
        assert!(
            upgrade.stderr.contains(line),
            "{line:?}:\n{}",
            upgrade.stderr
        );
    }
    for present in ["  create  ", "  update  ", "  delete  "] {
        assert!(
            !upgrade.stderr.contains(present),
            "{present:?}:\n{}",
            upgrade.stderr
        );
    }

    // Revision 3 returns to 1, the only earlier revision of its package.
    pkg.run(["rollback", "app", "1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let history = pkg.run(["history", "app", "-n", &ns]);
    assert!(
        history
            .ok()
            .contains("Revision 3: rolled back to revision 1\n"),
        "{}",
        history.stdout
    );
    // Revision 5 returns to 3, which has the same package as 1: the plan
    // records which (rollbackTo), so history need not guess.
    pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    pkg.run(["rollback", "app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let history = pkg.run(["history", "app", "-n", &ns]);
    assert!(
        history
            .ok()
            .contains("Revision 5: rolled back to revision 3\n"),
        "{}",
        history.stdout
    );
    let plan = parse_json(
        pkg.run([
            "get",
            "plan",
            "app",
            "--revision",
            "5",
            "-n",
            &ns,
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["rollbackTo"], 3, "{plan}");
    let install = parse_json(
        pkg.run([
            "get",
            "plan",
            "app",
            "--revision",
            "1",
            "-n",
            &ns,
            "-o",
            "json",
        ])
        .ok(),
    );
    assert!(install.get("rollbackTo").is_none(), "only rollbacks say");

    // The Deployment's image does not exist: not ready, and why.
    let status = pkg.run(["status", "app", "-n", &ns]);
    let shown = status.ok();
    assert!(
        shown.contains("Ready:     0 of 1, as --wait judges them\n")
            && shown.contains(&format!("  not ready  Deployment.apps/{ns}/app: ")),
        "{shown}"
    );
    let json = parse_json(pkg.run(["status", "app", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(
        json["readiness"][0]["object"],
        format!("Deployment.apps/{ns}/app"),
        "{json}"
    );
    assert_eq!(json["readiness"][0]["ready"], false, "{json}");
}
