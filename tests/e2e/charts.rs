//! Helm charts as packages on the real API server and registry: the test
//! chart `tests/charts/shop` (a subchart enabled by a condition, globals, a CRD
//! in `crds/` and a custom resource of it, pre/post hooks with weights and a
//! delete policy, a test hook kept for `test`, pre-delete, post-delete and
//! pre-rollback hooks kept with the revision and run later, a schema, notes,
//! a non-deterministic function) installed, upgraded with `--set`, refused with
//! bad values, rolled back; and pushed as a Helm OCI artifact and installed by digest.

use kubectl_pkg_e2e::{Pkg, parse_json, unique, warnings_of};

fn config_map(pkg: &Pkg, ns: &str, name: &str) -> serde_json::Value {
    pkg.get_json(Some(ns), "configmap", name)["data"].clone()
}

#[test]
fn a_chart_installs_upgrades_with_set_refuses_bad_values_and_rolls_back() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("chart");
    let suffix = unique("shop");
    pkg.write_chart("shop", "shop", &suffix);

    // The plan: values recorded, hooks placed, left-out hooks and the random
    // function named with their templates.
    let plan = parse_json(
        pkg.run([
            "install",
            "./shop",
            "-n",
            &ns,
            "--set",
            "replicas=2",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["package"]["format"], "helm");
    assert_eq!(plan["values"], serde_json::json!({"replicas": 2}));
    assert!(
        plan["notes"]
            .as_str()
            .unwrap()
            .contains("shop-shop says hello with 2 replica(s)")
    );
    let names: Vec<(String, String)> = plan["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["kind"].as_str().unwrap().to_string(),
                o["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let position = |name: &str| names.iter().position(|(_, n)| n == name).unwrap();
    let crd = format!("widgets.{suffix}.example.com");
    assert_eq!(position(&crd), 0, "{names:?}");
    assert!(position("shop-shop-before") < position("shop-shop-config"));
    assert_eq!(position("shop-shop-after"), names.len() - 1, "{names:?}");
    assert!(names.iter().any(|(_, n)| n == "shop-cache"), "subchart");
    assert!(
        !names
            .iter()
            .any(|(_, n)| n.ends_with("-test") || n.ends_with("-goodbye"))
    );
    // Hooks of uninstall and rollback are rendered now and kept, not applied.
    let deferred: Vec<(&str, &str)> = plan["deferredHooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["name"].as_str().unwrap(),
                h["manifest"]["metadata"]["annotations"]["kubectl-pkg.dev/hook"]
                    .as_str()
                    .unwrap(),
            )
        })
        .collect();
    assert_eq!(
        deferred,
        [
            ("shop-shop-goodbye", "pre-delete"),
            ("shop-shop-rewind", "pre-rollback"),
            ("shop-shop-farewell", "post-delete"),
            ("shop-shop-test", "test"),
        ]
    );
    let warnings = warnings_of(&plan, "render");
    assert!(
        warnings.contains("shop/templates/secret.yaml calls randAlphaNum"),
        "{warnings}"
    );
    assert!(!warnings.contains("test hook"), "{warnings}");

    // Install: notes shown; the post hook ran and was deleted (hook-succeeded).
    let install = pkg.run([
        "install",
        "./shop",
        "-n",
        &ns,
        "--set",
        "replicas=2",
        "--yes",
        "--wait=false",
    ]);
    install.ok();
    assert!(
        install
            .stderr
            .contains("NOTES:\nshop-shop says hello with 2 replica(s)."),
        "{}",
        install.stderr
    );
    let config = config_map(&pkg, &ns, "shop-shop-config");
    assert_eq!(config["replicas"], "2");
    assert_eq!(config["greeting"], "hello");
    assert!(config["kubernetes"].as_str().unwrap().starts_with("v1.20"));
    assert_eq!(config_map(&pkg, &ns, "shop-cache")["team"], "web");
    // .Files: each chart reads its own files; .Capabilities.APIVersions.Has.
    assert_eq!(
        config_map(&pkg, &ns, "shop-cache")["config"],
        "maxmemory-policy allkeys-lru\n"
    );
    assert_eq!(
        config_map(&pkg, &ns, "shop-shop-files"),
        serde_json::json!({
            "app.properties": "a=1\n",
            "motd.txt": "Welcome to the shop.\nOpen all day.\n",
            "first-line": "Welcome to the shop.",
            "has-deployments": "yes",
        })
    );
    assert_eq!(config_map(&pkg, &ns, "shop-shop-before")["revision"], "1");
    assert!(!pkg.exists(&ns, "configmap/shop-shop-after"));
    assert!(pkg.exists(&ns, &format!("widgets.{suffix}.example.com/shop-shop")));

    let token =
        |pkg: &Pkg| pkg.get_json(Some(&ns), "secret", "shop-shop-token")["data"]["token"].clone();
    let first_token = token(&pkg);

    // Upgrade with new values (Helm's default: only the values given now).
    let upgrade = pkg.run([
        "upgrade",
        "shop",
        "./shop",
        "-n",
        &ns,
        "--set",
        "greeting=hi",
        "--set",
        "global.team=ops",
        "--yes",
        "--wait=false",
    ]);
    let out = upgrade.ok();
    assert!(
        out.contains("-  greeting: hello") && out.contains("+  greeting: hi"),
        "{out}"
    );
    let config = config_map(&pkg, &ns, "shop-shop-config");
    assert_eq!(
        (&config["greeting"], &config["replicas"]),
        (&"hi".into(), &"1".into())
    );
    assert_eq!(config_map(&pkg, &ns, "shop-cache")["team"], "ops");
    // lookup read the token from the cluster: it is kept, and the plan said so.
    assert_eq!(token(&pkg), first_token);
    assert!(
        out.contains("shop/templates/secret.yaml calls lookup: it read the cluster"),
        "{out}"
    );
    // The pre-upgrade hook was run again (deleted and created).
    assert_eq!(config_map(&pkg, &ns, "shop-shop-before")["revision"], "2");

    // --reuse-values keeps the deployed values and adds the new ones.
    pkg.run([
        "upgrade",
        "shop",
        "./shop",
        "-n",
        &ns,
        "--reuse-values",
        "--set",
        "extra=yes",
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(config_map(&pkg, &ns, "shop-shop-config")["greeting"], "hi");
    assert_eq!(config_map(&pkg, &ns, "shop-shop-extra")["extra"], "yes");

    // Bad values: the schema names the value path; a template error names the
    // file and line; nothing is applied.
    let schema = pkg.run([
        "upgrade",
        "shop",
        "./shop",
        "-n",
        &ns,
        "--set",
        "replicas=0",
        "--yes",
    ]);
    let error = schema.fails(1);
    assert!(error.contains("replicas"), "{error}");
    assert!(error.contains("minimum"), "{error}");
    let unparsable = pkg.run([
        "upgrade", "shop", "./shop", "-n", &ns, "--set", "a.b", "--yes",
    ]);
    assert!(
        unparsable.fails(64).contains("key \"b\" has no value"),
        "{}",
        unparsable.stderr
    );
    std::fs::write(
        pkg.work.path().join("shop/templates/broken.yaml"),
        "a: 1\nb: {{ required \"a database password is required\" .Values.password }}\n",
    )
    .unwrap();
    let broken = pkg.run(["upgrade", "shop", "./shop", "-n", &ns, "--yes"]);
    let error = broken.fails(1);
    assert!(error.contains("shop/templates/broken.yaml:2:"), "{error}");
    assert!(error.contains("a database password is required"), "{error}");
    assert_eq!(pkg.statuses("shop", &ns).len(), 3, "nothing recorded");

    // Rollback to revision 1: its objects and values again, and its
    // pre-rollback hook (as rendered for revision 1); other hooks do not run.
    assert!(!pkg.exists(&ns, "configmap/shop-shop-rewind"));
    let rollback = pkg.run(["rollback", "shop", "1", "-n", &ns, "--yes", "--wait=false"]);
    rollback.ok();
    assert_eq!(config_map(&pkg, &ns, "shop-shop-rewind")["revision"], "1");
    assert_eq!(config_map(&pkg, &ns, "shop-shop-before")["revision"], "3");
    let config = config_map(&pkg, &ns, "shop-shop-config");
    assert_eq!(
        (&config["greeting"], &config["replicas"]),
        (&"hello".into(), &"2".into())
    );
    assert!(!pkg.exists(&ns, "configmap/shop-shop-extra"), "pruned");
    let history = parse_json(pkg.run(["history", "shop", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(history.as_array().unwrap().len(), 4);

    // Uninstall runs the pre-delete hook before deleting anything and the
    // post-delete hook after, both kept by revision 1 and so carried by the rollback.
    assert!(!pkg.exists(&ns, "configmap/shop-shop-goodbye"));
    let uninstall = pkg.run(["uninstall", "shop", "-n", &ns, "--yes"]);
    let out = uninstall.ok();
    assert!(!pkg.exists(&ns, "configmap/shop-shop-config"));
    assert_eq!(config_map(&pkg, &ns, "shop-shop-goodbye")["revision"], "1");
    assert_eq!(config_map(&pkg, &ns, "shop-shop-farewell")["revision"], "1");
    let steps = uninstall.stderr.clone();
    let at = |needle: &str| {
        steps
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not in {steps}"))
    };
    assert!(at("shop-shop-goodbye") < at("shop-shop-config"), "{steps}");
    assert!(
        at("shop-shop-farewell") > steps.rfind("shop-shop-config").unwrap(),
        "{steps}"
    );
    // helm.sh/resource-policy: keep.
    assert!(pkg.exists(&ns, "secret/shop-shop-token"));
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "shop-shop-token is kept: its annotation helm.sh/resource-policy is \"keep\""
        ),
        "{out}"
    );
}

#[test]
fn values_are_refused_for_native_packages() {
    let pkg = Pkg::new();
    pkg.write_package(
        "plain",
        "plain",
        "1.0.0",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: plain}\n",
        )],
    );
    let run = pkg.run(["template", "./plain", "--set", "a=1"]);
    assert!(
        run.fails(1).contains(
            "apply to Helm charts and Carvel packages only; this package's format is plain"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn a_chart_pushed_as_a_helm_oci_artifact_installs_by_digest() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("chartoci");
    let suffix = unique("shopoci");
    pkg.write_chart("shop", "shop", &suffix);
    let path = unique("charts");
    let registry = &pkg.env.registry;
    let pushed = pkg.run(["push", "./shop", &format!("oci://{registry}/{path}")]);
    let digest = pushed.ok().trim().to_string();
    assert!(digest.starts_with("sha256:"), "{digest}");
    // The local chart's plan records the digest its artifact has.
    let local = parse_json(
        pkg.run(["install", "./shop", "--offline", "--dry-run", "-o", "json"])
            .ok(),
    );
    assert_eq!(local["package"]["digest"], digest.as_str());

    // Helm's media types, as `helm pull` expects them.
    let manifest = parse_json(
        pkg.run_program(
            "curl",
            [
                "-fsS",
                "-H",
                "Accept: application/vnd.oci.image.manifest.v1+json",
                &format!("http://{registry}/v2/{path}/shop/manifests/1.0.0"),
            ],
        )
        .ok(),
    );
    assert_eq!(
        manifest["config"]["mediaType"],
        "application/vnd.cncf.helm.config.v1+json"
    );
    assert_eq!(
        manifest["layers"][0]["mediaType"],
        "application/vnd.cncf.helm.chart.content.v1.tar+gzip"
    );

    let reference = format!("oci://{registry}/{path}/shop@{digest}");
    let install = pkg.run([
        "install",
        &reference,
        "-n",
        &ns,
        "--name",
        "web",
        "--set",
        "greeting=ahoy",
        "--yes",
        "--wait=false",
    ]);
    install.ok();
    assert_eq!(config_map(&pkg, &ns, "web-shop-config")["greeting"], "ahoy");
    // Upgrade without naming the package: from the repository it came from,
    // the deployed values kept (none given).
    pkg.run(["upgrade", "web", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    assert_eq!(config_map(&pkg, &ns, "web-shop-config")["greeting"], "ahoy");
    assert_eq!(config_map(&pkg, &ns, "web-shop-config")["revision"], "2");
    let history = parse_json(pkg.run(["history", "web", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(history.as_array().unwrap().len(), 2);
    // By name and version from the repository too: the same digest.
    let plan = parse_json(
        pkg.run([
            "install",
            &format!("oci://{registry}/{path}/shop"),
            "--version",
            "1.0.0",
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["package"]["digest"], digest.as_str());
    assert_eq!(plan["package"]["format"], "helm");
}

#[test]
fn the_mongodb_example_chart_is_configured_by_its_values() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("mongochart");
    let chart = kubectl_pkg_e2e::repo_root().join("examples/mongodb/chart");
    let chart = chart.to_str().unwrap();

    // Bad values name their path; a missing password names the value.
    let bad = pkg.run([
        "install",
        chart,
        "-n",
        &ns,
        "--set",
        "storage.size=lots,replicaCount=9",
        "--yes",
    ]);
    let error = bad.fails(1);
    assert!(
        error.contains("storage.size") && error.contains("replicaCount"),
        "{error}"
    );
    let missing = pkg.run(["install", chart, "-n", &ns, "--yes"]);
    assert!(
        missing.fails(1).contains(
            "execution error at (mongodb/templates/secret.yaml:2:17): auth.rootPassword is required"
        ),
        "{}",
        missing.stderr
    );

    // One member: no peer-discovery role, no disruption budget; the password is masked.
    let install = pkg.run([
        "install",
        chart,
        "-n",
        &ns,
        "--name",
        "db",
        "--set",
        "replicaCount=1",
        "--set",
        "storage.size=1Gi",
        "--set-string",
        "auth.rootPassword=change-me-please",
        "--set-json",
        r#"resources={"requests":{"cpu":"100m","memory":"256Mi"}}"#,
        "--yes",
        "--wait=false",
    ]);
    let out = install.ok();
    assert!(out.contains("rootPassword: <masked>"), "{out}");
    assert!(!out.contains("change-me-please"), "{out}");
    assert!(
        install
            .stderr
            .contains("NOTES:\nMongoDB 7.0.14: 1 member(s)"),
        "{}",
        install.stderr
    );
    let statefulset = pkg.get_json(Some(&ns), "statefulset", "db");
    assert_eq!(statefulset["spec"]["replicas"], 1);
    assert_eq!(
        statefulset["spec"]["volumeClaimTemplates"][0]["spec"]["resources"]["requests"]["storage"],
        "1Gi"
    );
    assert_eq!(
        statefulset["spec"]["template"]["spec"]["containers"][0]["resources"],
        serde_json::json!({"requests": {"cpu": "100m", "memory": "256Mi"}, "limits": {"memory": "2Gi"}})
    );
    assert!(!pkg.exists(&ns, "role/db-peer-discovery"));
    assert!(!pkg.exists(&ns, "poddisruptionbudget/db"));

    // Three members, the other values kept: role, binding and budget appear.
    let upgrade = pkg.run([
        "upgrade",
        "db",
        chart,
        "-n",
        &ns,
        "--reuse-values",
        "--set",
        "replicaCount=3",
        "--yes",
        "--wait=false",
    ]);
    let out = upgrade.ok();
    assert!(
        out.contains("-  replicas: 1") && out.contains("+  replicas: 3"),
        "{out}"
    );
    assert!(pkg.exists(&ns, "role/db-peer-discovery"));
    assert!(pkg.exists(&ns, "rolebinding/db-peer-discovery"));
    let budget = pkg.get_json(Some(&ns), "poddisruptionbudget", "db");
    assert_eq!(budget["apiVersion"], "policy/v1beta1", "Kubernetes 1.20");
    assert_eq!(budget["spec"]["minAvailable"], 2);
    let secret = pkg.get_json(Some(&ns), "secret", "db-credentials");
    assert_eq!(
        secret["data"]["root-password"], "Y2hhbmdlLW1lLXBsZWFzZQ==",
        "the password was kept (base64 of change-me-please)"
    );
}

#[test]
fn a_chart_from_a_classic_helm_repository_is_verified_and_installed() {
    use sha2::Digest;
    let pkg = Pkg::new();
    let ns = pkg.namespace("chartrepo");
    let suffix = unique("shophttp");
    pkg.write_chart("shop", "shop", &suffix);
    // The repository: index.yaml and a `helm package` archive under charts/.
    let repo = pkg.work.path().join("repo");
    std::fs::create_dir_all(repo.join("charts")).unwrap();
    let archive = repo.join("charts/shop-1.0.0.tgz");
    pkg.run_program(
        "tar",
        [
            "-czf",
            archive.to_str().unwrap(),
            "-C",
            pkg.work.path().to_str().unwrap(),
            "shop",
        ],
    )
    .ok();
    let digest = hex(&sha2::Sha256::digest(std::fs::read(&archive).unwrap()));
    let wrong = "0".repeat(64);
    std::fs::write(
        repo.join("index.yaml"),
        format!(
            "apiVersion: v1\nentries:\n  shop:\n  - {{apiVersion: v2, name: shop, version: 1.0.0, urls: [charts/shop-1.0.0.tgz], digest: {digest}}}\n  - {{apiVersion: v2, name: shop, version: 1.0.1-rc.1, urls: [charts/shop-1.0.0.tgz], digest: {digest}}}\n  - {{apiVersion: v2, name: shop, version: 0.9.0, urls: [charts/shop-1.0.0.tgz], digest: {wrong}}}\n"
        ),
    )
    .unwrap();
    let url = kubectl_pkg_e2e::serve_dir(repo);
    pkg.run(["repo", "add", "charts", &url]).ok();

    // By name: the newest stable version, its archive's digest in the reference.
    let plan = parse_json(
        pkg.run([
            "install",
            "shop",
            "-n",
            &ns,
            "--set",
            "greeting=hey",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["package"]["format"], "helm");
    assert_eq!(plan["package"]["version"], "1.0.0");
    assert_eq!(
        plan["package"]["reference"],
        format!("{url}/charts/shop-1.0.0.tgz@sha256:{digest}").as_str()
    );
    let candidates = plan["package"]["candidates"].to_string();
    assert!(
        candidates.contains("0.9.0") && candidates.contains("1.0.1-rc.1"),
        "{candidates}"
    );

    pkg.run([
        "install",
        "charts/shop",
        "-n",
        &ns,
        "--set",
        "greeting=hey",
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert_eq!(config_map(&pkg, &ns, "shop-shop-config")["greeting"], "hey");

    // An archive that does not match the index's digest is refused.
    let tampered = pkg.run([
        "install",
        "charts/shop",
        "--version",
        "0.9.0",
        "-n",
        &ns,
        "--name",
        "other",
        "--yes",
    ]);
    let error = tampered.fails(1);
    assert!(
        error.contains("chart shop 0.9.0: digest mismatch"),
        "{error}"
    );
    assert!(!pkg.exists(&ns, "configmap/other-shop-config"));
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn a_chart_for_a_newer_kubernetes_is_refused_before_any_change() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("chartkube");
    let suffix = unique("shopkube");
    let dir = pkg.write_chart("shop", "shop", &suffix);
    let chart_yaml = dir.join("Chart.yaml");
    let text = std::fs::read_to_string(&chart_yaml).unwrap();
    std::fs::write(
        &chart_yaml,
        text.replace("kubeVersion: \">=1.20.0-0\"", "kubeVersion: \">=1.25.0-0\""),
    )
    .unwrap();
    // Offline, the documented default (v1.32.0) satisfies it.
    pkg.run(["install", "./shop", "-n", &ns, "--offline", "--dry-run"])
        .ok();
    // Against the cluster (v1.20), it is refused as an unmet requirement
    // (exit 5), and nothing is recorded.
    let run = pkg.run(["install", "./shop", "-n", &ns, "--yes"]);
    let error = run.fails(5);
    assert!(
        error.contains(
            "Kubernetes >=1.25.0-0 (Chart.yaml kubeVersion): the server runs Kubernetes v1.20"
        ),
        "{error}"
    );
    let list = parse_json(pkg.run(["list", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(list, serde_json::json!([]), "no release recorded");
}

#[test]
fn a_saved_chart_plan_applies_exactly_what_was_rendered() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("chartplan");
    let suffix = unique("shopplan");
    pkg.write_chart("shop", "shop", &suffix);
    let plan_file = pkg.work.path().join("plan.json");
    pkg.run([
        "install",
        "./shop",
        "-n",
        &ns,
        "--set",
        "greeting=saved",
        "--dry-run",
        "--out",
        plan_file.to_str().unwrap(),
    ])
    .ok();
    let saved = parse_json(&std::fs::read_to_string(&plan_file).unwrap());
    let planned_token = saved["objects"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "shop-shop-token")
        .unwrap()["manifest"]["data"]["token"]
        .clone();
    assert!(planned_token.as_str().is_some_and(|t| !t.is_empty()));

    let apply = pkg.run([
        "apply",
        plan_file.to_str().unwrap(),
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ]);
    apply.ok();
    assert!(
        apply.stderr.contains("NOTES:\nshop-shop says saved"),
        "{}",
        apply.stderr
    );
    // The random token is the one the reviewed plan carried, not a new one.
    let live = pkg.get_json(Some(&ns), "secret", "shop-shop-token");
    assert_eq!(live["data"]["token"], planned_token);
    assert_eq!(
        config_map(&pkg, &ns, "shop-shop-config")["greeting"],
        "saved"
    );
}

#[test]
fn a_failing_hook_fails_the_install_at_once_and_nothing_after_it_is_applied() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("charthook");
    pkg.write_small_chart(
        "hooked",
        &[
            (
                "job.yaml",
                "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  annotations:\n    helm.sh/hook: pre-install\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: migrate\n        image: busybox:1.36\n",
            ),
            (
                "cm.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\n",
            ),
        ],
    );
    let child = pkg
        .command(["install", "./hooked", "-n", &ns, "--yes", "--timeout", "3m"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The hook Job is created and waited on (no controller runs here): fail it.
    let started = std::time::Instant::now();
    while !pkg.exists(&ns, "job/migrate") {
        assert!(
            started.elapsed().as_secs() < 60,
            "the hook Job was not created"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(
        !pkg.exists(&ns, "configmap/app"),
        "the release waits for its pre-install hook"
    );
    pkg.kubectl([
        "patch",
        "job",
        "migrate",
        "-n",
        &ns,
        "--subresource=status",
        "--type=merge",
        "-p",
        r#"{"status":{"conditions":[{"type":"Failed","status":"True","reason":"BackoffLimitExceeded","message":"Job has reached the specified backoff limit"}]}}"#,
    ])
    .ok();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr
            .contains("failed: BackoffLimitExceeded: Job has reached the specified backoff limit"),
        "{stderr}"
    );
    assert!(
        started.elapsed().as_secs() < 60,
        "failed at once, not at the timeout"
    );
    assert!(!pkg.exists(&ns, "configmap/app"));
    assert_eq!(pkg.statuses("hooked", &ns), ["failed"]);
}

#[test]
fn a_failing_pre_delete_hook_stops_the_uninstall_the_next_one_runs_it_again_and_no_hooks_skips_it()
{
    let pkg = Pkg::new();
    let ns = pkg.namespace("predelete");
    pkg.write_small_chart(
        "guarded",
        &[
            (
                "job.yaml",
                "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: backup\n  annotations:\n    helm.sh/hook: pre-delete\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: backup\n        image: busybox:1.36\n",
            ),
            (
                "cm.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: data}\n",
            ),
        ],
    );
    pkg.run(["install", "./guarded", "-n", &ns, "--yes"]).ok();
    assert!(
        !pkg.exists(&ns, "job/backup"),
        "a pre-delete hook waits for uninstall"
    );

    // The uninstall creates the hook Job and waits on it (no controller runs
    // here), then the test decides how the Job ends.
    let uninstall_until_the_job_ends = |condition: &str, previous_uid: Option<String>| {
        let child = pkg
            .command([
                "uninstall",
                "guarded",
                "-n",
                &ns,
                "--yes",
                "--timeout",
                "3m",
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let uid = loop {
            let job = pkg.kubectl([
                "get",
                "job",
                "backup",
                "-n",
                &ns,
                "-o",
                "jsonpath={.metadata.uid}",
            ]);
            if job.code == 0 && !job.stdout.is_empty() && Some(&job.stdout) != previous_uid.as_ref()
            {
                break job.stdout;
            }
            assert!(
                started.elapsed().as_secs() < 60,
                "the hook Job was not created"
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        };
        assert!(
            pkg.exists(&ns, "configmap/data"),
            "nothing is deleted before the pre-delete hook"
        );
        let status = format!(
            r#"{{"status":{{"conditions":[{{"type":"{condition}","status":"True","reason":"Test","message":"the test says {condition}"}}]}}}}"#
        );
        pkg.kubectl([
            "patch",
            "job",
            "backup",
            "-n",
            &ns,
            "--subresource=status",
            "--type=merge",
            "-p",
            &status,
        ])
        .ok();
        (child.wait_with_output().unwrap(), uid)
    };

    let (failed, uid) = uninstall_until_the_job_ends("Failed", None);
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(failed.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("failed: Test: the test says Failed"),
        "{stderr}"
    );
    assert!(
        pkg.exists(&ns, "configmap/data"),
        "the release keeps its objects"
    );
    assert_eq!(pkg.statuses("guarded", &ns), ["deployed", "failed"]);

    // The next uninstall runs the hook again (a new Job) and, once it completes, deletes the release.
    let (done, _) = uninstall_until_the_job_ends("Complete", Some(uid));
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(0), "{stderr}");
    assert!(!pkg.exists(&ns, "configmap/data"));
    assert_eq!(
        pkg.statuses("guarded", &ns),
        ["superseded", "failed", "uninstalled"]
    );

    // --no-hooks is the way out of a hook that can never succeed: the plan
    // leaves it out and says so, and nothing waits for it.
    pkg.kubectl(["delete", "job", "backup", "-n", &ns]).ok();
    pkg.run(["install", "./guarded", "-n", &ns, "--yes"]).ok();
    let uninstall = pkg.run(["uninstall", "guarded", "-n", &ns, "--no-hooks", "--yes"]);
    let out = uninstall.ok();
    assert!(
        out.contains("1 hook(s) of this operation are left out and not run (--no-hooks)"),
        "{out}"
    );
    assert!(!pkg.exists(&ns, "job/backup"));
    assert!(!pkg.exists(&ns, "configmap/data"));
}

#[test]
fn a_runaway_template_fails_fast_naming_its_file_and_nothing_is_applied() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("runaway");
    let dir = pkg.write_small_chart(
        "runaway",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: fine}\n",
        )],
    );
    // Hours of work in Go; a doubling string would take all memory.
    for (name, template) in [
        (
            "loop.yaml",
            "# a comment\n{{ range until 1000000 }}{{ range until 1000 }}{{ end }}{{ end }}\n",
        ),
        (
            "loop.yaml",
            "# a comment\n{{ $s := \"x\" }}{{ range until 64 }}{{ $s = print $s $s }}{{ end }}\n",
        ),
    ] {
        std::fs::write(dir.join("templates").join(name), template).unwrap();
        let install = pkg.run(["install", "./runaway", "-n", &ns, "--yes"]);
        let error = install.fails(1);
        assert!(
            error.contains("runaway/templates/loop.yaml:2:")
                && error.contains("kubectl-pkg's rendering limit"),
            "{error}"
        );
        let history = pkg.run(["history", "runaway", "-n", &ns]);
        assert!(history.fails(1).contains("not found"), "nothing recorded");
        assert!(!pkg.exists(&ns, "configmap/fine"), "nothing applied");
    }
}

/// Issue 22 I and H: a chart that renders no objects installs an empty
/// release, upgrades into one with a cluster-scoped object whose template
/// sets metadata.namespace (applied without it, the plan says so), and
/// uninstalls; as with Helm 4.2.3.
#[test]
fn a_chart_with_no_objects_installs_and_a_cluster_scoped_namespace_is_dropped() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("empty");
    let role = unique("reader");
    pkg.write_small_chart(
        "hollow",
        &[(
            "role.yaml",
            "{{- if .Values.role }}\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: {{ .Values.role }}\n  namespace: {{ .Release.Namespace }}\nrules: []\n{{- end }}\n",
        )],
    );
    pkg.run(["install", "./hollow", "-n", &ns, "--yes"]).ok();
    let history = parse_json(pkg.run(["history", "hollow", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(history.as_array().unwrap().len(), 1);

    let set = format!("role={role}");
    let plan = parse_json(
        pkg.run([
            "upgrade",
            "hollow",
            "./hollow",
            "-n",
            &ns,
            "--set",
            &set,
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(plan["objects"][0]["name"], serde_json::json!(role));
    assert!(
        plan["objects"][0]
            .get("namespace")
            .is_none_or(|n| n.is_null())
    );
    assert!(
        warnings_of(&plan, "render").contains("is cluster-scoped"),
        "{}",
        plan["warnings"]
    );
    pkg.run([
        "upgrade", "hollow", "./hollow", "-n", &ns, "--set", &set, "--yes",
    ])
    .ok();
    assert!(pkg.exists(&ns, &format!("clusterrole/{role}")));

    pkg.run(["uninstall", "hollow", "-n", &ns, "--yes"]).ok();
    assert!(!pkg.exists(&ns, &format!("clusterrole/{role}")));
    let history = pkg.run(["history", "hollow", "-n", &ns]);
    assert!(history.ok().contains("uninstalled"), "{}", history.ok());
}

/// A chart writing into kube-system, as metrics-server's binding to
/// `extension-apiserver-authentication-reader` does: installed as Helm would,
/// with a finding naming the namespace, and removed with the release.
#[test]
fn a_chart_writing_into_kube_system_installs_with_a_finding() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("metrics");
    let binding = unique("auth-reader");
    let chart = pkg.write_small_chart(
        "metrics",
        &[
            (
                "sa.yaml",
                "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: metrics\n",
            ),
            (
                "binding.yaml",
                &format!(
                    "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: {binding}\n  namespace: kube-system\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: extension-apiserver-authentication-reader\nsubjects:\n  - kind: ServiceAccount\n    name: metrics\n    namespace: {{{{ .Release.Namespace }}}}\n"
                ),
            ),
        ],
    );
    let chart = chart.to_str().unwrap();
    let install = pkg.run([
        "install",
        chart,
        "-n",
        &ns,
        "--yes",
        "--wait=false",
        "-o",
        "json",
    ]);
    let plan = parse_json(install.ok());
    let object = format!("RoleBinding.rbac.authorization.k8s.io/kube-system/{binding}");
    let finding = plan["permissions"]["risks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|risk| risk["rule"] == "namespace-undeclared")
        .unwrap_or_else(|| panic!("{:#}", plan["permissions"]["risks"]));
    assert_eq!(finding["object"], object.as_str());
    assert!(
        finding["message"].as_str().unwrap().contains(&format!(
            "namespace kube-system, outside the release namespace {ns}"
        )),
        "{finding}"
    );
    assert!(pkg.exists("kube-system", &format!("rolebinding/{binding}")));
    // Owned by the release like every other object: removed with it.
    pkg.run(["uninstall", "metrics", "-n", &ns, "--yes"]).ok();
    assert!(!pkg.exists("kube-system", &format!("rolebinding/{binding}")));
}

#[test]
fn a_charts_custom_resources_without_their_crd_render_offline_with_the_scope_assumed() {
    let pkg = Pkg::new();
    let chart = pkg.write_small_chart(
        "monitored",
        &[(
            "extras.yaml",
            "apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata:\n  name: web\nspec:\n  selector: {matchLabels: {app: web}}\n---\napiVersion: cert-manager.io/v1\nkind: ClusterIssuer\nmetadata:\n  name: self-signed\nspec:\n  selfSigned: {}\n",
        )],
    );
    let chart = chart.to_str().unwrap();
    let plan = parse_json(
        pkg.run([
            "install",
            chart,
            "--offline",
            "--dry-run",
            "-n",
            "apps",
            "-o",
            "json",
        ])
        .ok(),
    );
    let objects = plan["objects"].as_array().unwrap();
    let namespace_of = |kind: &str| {
        objects
            .iter()
            .find(|o| o["kind"] == kind)
            .map(|o| o["namespace"].clone())
            .unwrap_or_else(|| panic!("no {kind}: {plan}"))
    };
    assert_eq!(namespace_of("ServiceMonitor"), "apps");
    assert!(namespace_of("ClusterIssuer").is_null(), "{plan}");
    let warnings = warnings_of(&plan, "offline");
    assert!(
        warnings.contains("defines ServiceMonitor (monitoring.coreos.com/v1); assumed namespaced")
            && warnings
                .contains("defines ClusterIssuer (cert-manager.io/v1); assumed cluster-scoped"),
        "{warnings}"
    );
    // Against a cluster that does not serve the kinds, nothing is assumed.
    let ns = pkg.namespace("crs");
    let online = pkg.run(["install", chart, "-n", &ns, "--dry-run"]);
    assert!(
        online
            .fails(5)
            .contains("the cluster does not serve kind ServiceMonitor monitoring.coreos.com/v1"),
        "{}",
        online.stderr
    );
}

/// Issue 53: RSA keys for `genCA` and `genSignedCert` are made ahead on
/// plain threads while the chart renders. A chart making a CA and a serving
/// certificate for each of three webhooks in a `range` (two calls written,
/// six made) is planned with the runtime on one worker thread and on two,
/// and on one core (no thread made ahead): never hangs, and every
/// certificate verifies against its own CA, every key distinct.
#[test]
fn certificates_made_ahead_verify_on_one_or_two_workers_and_one_core() {
    let pkg = Pkg::new();
    pkg.write_small_chart(
        "hooks",
        &[(
            "certificates.yaml",
            "{{- range $name := list \"a\" \"b\" \"c\" }}\n\
             {{- $ca := genCA (printf \"%s-ca\" $name) 365 }}\n\
             {{- $cert := genSignedCert $name nil (list (printf \"%s.svc\" $name)) 365 $ca }}\n\
             ---\n\
             apiVersion: v1\n\
             kind: ConfigMap\n\
             metadata:\n  name: {{ $name }}-certificates\n\
             data:\n\
             \x20 ca.crt: {{ $ca.Cert | quote }}\n\
             \x20 tls.crt: {{ $cert.Cert | quote }}\n\
             {{- end }}\n",
        )],
    );
    let plan_args = ["install", "./hooks", "--offline", "--dry-run", "-o", "json"];
    let openssl = |args: &[&str]| pkg.run_program("openssl", args).ok().trim().to_string();
    let (ca, cert) = (
        pkg.work.path().join("ca.crt"),
        pkg.work.path().join("tls.crt"),
    );
    let (ca_path, cert_path) = (ca.display().to_string(), cert.display().to_string());
    let mut moduli = std::collections::BTreeSet::new();
    let runs = [
        ("one worker", Some("1")),
        ("two workers", Some("2")),
        ("one core", None),
    ];
    for (what, workers) in runs {
        for attempt in 0..2 {
            let mut command = match workers {
                Some(threads) => {
                    let mut command = pkg.command(plan_args);
                    command.env("TOKIO_WORKER_THREADS", threads);
                    command
                }
                // On one core no thread is started to make keys ahead.
                None => {
                    let mut pinned = pkg.program("taskset", ["-c", "0"]);
                    pinned.arg(kubectl_pkg_e2e::binary()).args(plan_args);
                    pinned
                }
            };
            command.stdin(std::process::Stdio::null());
            let what = format!("{what}, plan {attempt}");
            let plan = parse_json(&crate::real_stacks::within(
                command,
                std::time::Duration::from_secs(60),
                &what,
            ));
            let objects = plan["objects"].as_array().expect("the plan's objects");
            assert_eq!(objects.len(), 3, "{what}: {plan}");
            for object in objects {
                let data = &object["manifest"]["data"];
                std::fs::write(&ca, data["ca.crt"].as_str().expect("ca.crt")).expect("write");
                std::fs::write(&cert, data["tls.crt"].as_str().expect("tls.crt")).expect("write");
                let verified = openssl(&["verify", "-CAfile", &ca_path, &cert_path]);
                assert!(verified.ends_with(": OK"), "{what}: {verified}");
                for pem in [&ca_path, &cert_path] {
                    let modulus = openssl(&["x509", "-noout", "-modulus", "-in", pem]);
                    assert!(modulus.starts_with("Modulus="), "{what}: {modulus}");
                    assert!(moduli.insert(modulus), "{what}: a key was used twice");
                }
            }
        }
    }
    assert_eq!(moduli.len(), 3 * 2 * 3 * 2);
}
