//! The example packages (`examples/`), published with `examples/publish` and
//! installed by name from the `examples` repository, as the README's demo does.
//!
//! The packages are published once per test run to a path of their own; each
//! test adds that as the repository `examples` in its own config directory.

use std::sync::OnceLock;

use kubectl_pkg_e2e::{Pkg, Run, parse_json, repo_root, unique};

/// Every example package, each with a test below that installs it.
/// (`carvel` is a PackageRepository, published as the repository `carvel`
/// and tested in the carvel module; `stack` is a stack of the others.)
const TESTED: &[&str] = &[
    "backup-operator",
    "carvel",
    "hello-web",
    "mongodb",
    "redis",
    "stack",
    "tinyop",
];

/// `oci://…` of the published examples (published on first use).
pub(crate) fn published() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let pkg = Pkg::new();
        let path = unique("examples");
        let script = repo_root().join("examples/publish");
        let run = pkg.run_program(&script, [pkg.env.registry.as_str(), path.as_str()]);
        run.ok();
        let url = format!("oci://{}/{path}", pkg.env.registry);
        assert!(
            run.stderr
                .contains(&format!("Added repository examples ({url})")),
            "{}",
            run.stderr
        );
        let list = pkg.run(["repo", "list", "-o", "json"]);
        assert_eq!(parse_json(list.ok())[0]["url"], url.as_str());
        url
    })
}

/// A test context whose repository `examples` holds the published examples.
pub(crate) fn with_examples() -> Pkg {
    let pkg = Pkg::new();
    pkg.run(["repo", "add", "examples", published()]).ok();
    pkg
}

fn install(pkg: &Pkg, args: &[&str]) -> Run {
    let mut all = vec!["install"];
    all.extend(args);
    all.extend(["--yes", "--wait=false"]);
    pkg.run(all)
}

/// Whether a text plan has the object row `ACTION KIND NAMESPACE NAME`.
fn has_row(plan: &str, action: &str, kind: &str, name: &str) -> bool {
    plan.lines().any(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        words.first() == Some(&action) && words.get(1) == Some(&kind) && words.last() == Some(&name)
    })
}

#[test]
fn every_example_has_an_install_test() {
    let mut found: Vec<String> = std::fs::read_dir(repo_root().join("examples"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(
        found, TESTED,
        "an example without an install test, or the reverse"
    );
}

#[test]
fn every_example_version_is_published_and_shown_by_name() {
    let pkg = with_examples();
    let show = pkg.run(["show", "mongodb", "-o", "json"]);
    let text = show.ok();
    for version in ["7.0.12", "7.0.14"] {
        assert!(text.contains(version), "{text}");
    }
    for name in TESTED
        .iter()
        .filter(|name| !["carvel", "stack"].contains(*name))
    {
        let show = pkg.run(["show", name]);
        assert!(show.ok().contains(name), "{}", show.stdout);
    }
}

#[test]
fn mongodb_installs_by_name_and_its_upgrade_changes_adds_and_removes_objects() {
    let pkg = with_examples();
    let ns = pkg.namespace("ex-mongo");
    install(&pkg, &["mongodb", "--version", "7.0.12", "-n", &ns]).ok();
    for object in [
        "statefulset/mongodb",
        "service/mongodb",
        "service/mongodb-headless",
        "secret/mongodb-credentials",
        "configmap/mongodb-config",
        "configmap/mongodb-init-scripts",
        "serviceaccount/mongodb",
        "role/mongodb-peer-discovery",
        "rolebinding/mongodb-peer-discovery",
        "poddisruptionbudget/mongodb",
        "networkpolicy/mongodb",
    ] {
        assert!(pkg.exists(&ns, object), "{object} was not created");
    }
    assert!(
        pkg.kubectl(["get", "statefulset", "mongodb", "-n", &ns, "-o", "json"])
            .ok()
            .contains("volumeClaimTemplates"),
        "the StatefulSet keeps its storage"
    );

    // The upgrade to the newest version (7.0.14) changes, adds and removes objects.
    let upgrade = pkg.run(["upgrade", "mongodb", "-n", &ns, "--yes", "--wait=false"]);
    let plan = upgrade.ok();
    assert!(
        has_row(plan, "update", "ConfigMap", "mongodb-config"),
        "{plan}"
    );
    assert!(has_row(plan, "update", "StatefulSet", "mongodb"), "{plan}");
    assert!(
        has_row(plan, "update", "NetworkPolicy", "mongodb"),
        "{plan}"
    );
    assert!(
        plan.contains("+        image: docker.io/percona/mongodb_exporter:0.40.0"),
        "{plan}"
    );
    assert!(
        has_row(plan, "create", "Service", "mongodb-metrics"),
        "{plan}"
    );
    assert!(
        has_row(plan, "delete", "ConfigMap", "mongodb-init-scripts"),
        "{plan}"
    );
    assert!(plan.contains("-          cacheSizeGB: 1"), "{plan}");
    assert!(plan.contains("+          cacheSizeGB: 2"), "{plan}");
    assert!(pkg.exists(&ns, "service/mongodb-metrics"));
    assert!(!pkg.exists(&ns, "configmap/mongodb-init-scripts"));

    // And the rollback undoes all three.
    pkg.run([
        "rollback",
        "mongodb",
        "1",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
    ])
    .ok();
    assert!(!pkg.exists(&ns, "service/mongodb-metrics"));
    assert!(pkg.exists(&ns, "configmap/mongodb-init-scripts"));
    let history = parse_json(
        pkg.run(["history", "mongodb", "-n", &ns, "-o", "json"])
            .ok(),
    );
    let versions: Vec<&str> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|revision| revision["version"].as_str().unwrap())
        .collect();
    assert_eq!(versions, ["7.0.12", "7.0.14", "7.0.12"]);
}

#[test]
fn redis_installs_by_name_with_no_rbac_and_a_restricted_pod() {
    let pkg = with_examples();
    let ns = pkg.namespace("ex-redis");
    let plan = parse_json(
        pkg.run(["install", "redis", "-n", &ns, "--dry-run", "-o", "json"])
            .ok(),
    );
    assert_eq!(plan["permissions"]["grants"], serde_json::json!([]));
    assert_eq!(
        plan["permissions"]["workloads"][0]["podSecurity"],
        "restricted"
    );
    install(&pkg, &["redis", "-n", &ns]).ok();
    for object in [
        "deployment/redis",
        "service/redis",
        "secret/redis-auth",
        "configmap/redis-config",
        "persistentvolumeclaim/redis-data",
        "serviceaccount/redis",
    ] {
        assert!(pkg.exists(&ns, object), "{object} was not created");
    }
    pkg.run(["uninstall", "redis", "-n", &ns, "--yes"]).ok();
    assert!(!pkg.exists(&ns, "deployment/redis"));
}

#[test]
fn hello_web_installs_twice_side_by_side_in_two_namespaces() {
    let pkg = with_examples();
    let first = pkg.namespace("ex-web-a");
    let second = pkg.namespace("ex-web-b");
    install(&pkg, &["hello-web", "-n", &first]).ok();
    install(&pkg, &["hello-web", "-n", &second, "--name", "web"]).ok();
    for ns in [&first, &second] {
        assert!(pkg.exists(ns, "deployment/hello-web"));
        assert!(pkg.exists(ns, "configmap/hello-web-content"));
    }
    let releases = parse_json(pkg.run(["list", "-A", "-o", "json"]).ok());
    let ours: Vec<(String, String)> = releases
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["namespace"] == first.as_str() || r["namespace"] == second.as_str())
        .map(|r| {
            (
                r["namespace"].as_str().unwrap().to_string(),
                r["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        ours,
        [
            (first.clone(), "hello-web".to_string()),
            (second.clone(), "web".to_string())
        ]
    );
    // Uninstalling one leaves the other alone.
    pkg.run(["uninstall", "hello-web", "-n", &first, "--yes"])
        .ok();
    assert!(!pkg.exists(&first, "deployment/hello-web"));
    assert!(pkg.exists(&second, "deployment/hello-web"));
    let status = pkg.run(["status", "web", "-n", &second]);
    assert!(status.ok().contains("deployed"), "{}", status.stdout);
}

/// The install arguments of one release of a stack, its inline values
/// written to a file of the test's work directory: what `stack apply` will
/// give each release, spelled as flags.
fn stack_release_args(
    pkg: &Pkg,
    release: &libpkg::stack::StackRelease,
    namespace: &str,
) -> Vec<String> {
    let mut args = vec![
        "install".to_string(),
        release.package.clone(),
        "--name".to_string(),
        release.name.clone(),
        "-n".to_string(),
        namespace.to_string(),
    ];
    if let Some(version) = &release.version {
        args.extend(["--version".to_string(), version.clone()]);
    }
    if !release.values.is_empty() {
        let file = pkg
            .work
            .path()
            .join(format!("{namespace}-{}.json", release.name));
        std::fs::write(&file, serde_json::to_string(&release.values).unwrap()).unwrap();
        args.extend(["-f".to_string(), file.display().to_string()]);
    }
    for file in &release.values_files {
        args.extend(["-f".to_string(), file.display().to_string()]);
    }
    for line in &release.set {
        args.extend(["--set".to_string(), line.clone()]);
    }
    args
}

/// The example stack's releases install one by one, in its order, from any
/// directory: staging for real, side by side in namespaces of the test's
/// own, and prod as offline plans (its backup operator is one per cluster,
/// which the backup-operator test owns). Each release's inputs are the
/// environment's: staging's database has one member, prod's three.
#[test]
fn the_example_stack_installs_release_by_release_in_its_order() {
    let pkg = with_examples();
    let file = repo_root().join("examples/stack/stack.yaml");
    let staging = libpkg::stack::load(&file, Some("staging")).unwrap();
    let mut namespaces = std::collections::BTreeMap::new();
    for release in staging.levels().into_iter().flatten() {
        let ns = namespaces
            .entry(release.namespace.clone())
            .or_insert_with(|| pkg.namespace("ex-stack"))
            .clone();
        let mut args = stack_release_args(&pkg, release, &ns);
        args.extend(["--yes".to_string(), "--wait=false".to_string()]);
        pkg.run(&args).ok();
    }
    let data = &namespaces["shop-staging-data"];
    for object in ["statefulset/db", "deployment/redis"] {
        assert!(pkg.exists(data, object), "{object} was not created");
    }
    assert!(pkg.exists(&namespaces["shop-staging"], "deployment/hello-web"));
    let replicas = pkg.kubectl([
        "get",
        "statefulset/db",
        "-n",
        data,
        "-o",
        "jsonpath={.spec.replicas}",
    ]);
    assert_eq!(replicas.ok(), "1");

    let prod = libpkg::stack::load(&file, Some("prod")).unwrap();
    let order: Vec<&str> = prod
        .levels()
        .into_iter()
        .flatten()
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(order, ["backup-operator", "cache", "db", "web"]);
    for release in prod.levels().into_iter().flatten() {
        let mut args = stack_release_args(&pkg, release, &release.namespace);
        args.extend(["--offline", "--dry-run", "-o", "json"].map(String::from));
        let plan = parse_json(pkg.run(&args).ok());
        if release.name == "db" {
            let statefulset = plan["objects"]
                .as_array()
                .unwrap()
                .iter()
                .find(|o| o["kind"] == "StatefulSet")
                .expect("a StatefulSet in the plan");
            assert_eq!(
                statefulset["manifest"]["spec"]["replicas"], 3,
                "{statefulset}"
            );
        }
    }

    // The same stack as one plan: `stack plan` reads it from any directory,
    // in the same order, staging's inputs and the repository's package.
    let planned = parse_json(
        pkg.run([
            "stack",
            "plan",
            "-f",
            file.to_str().unwrap(),
            "-e",
            "staging",
            "-o",
            "json",
        ])
        .ok(),
    );
    // cache and db share staging's new namespace: cache creates it, db after.
    assert_eq!(
        planned["order"],
        serde_json::json!([["cache"], ["db"], ["web"]])
    );
    let web = &planned["releases"][2]["plan"]["package"];
    assert_eq!(web["name"], "hello-web", "{web}");
    assert!(
        web["reference"].as_str().unwrap().starts_with("oci://"),
        "{web}"
    );
}

/// The operator's cluster-wide objects have fixed names (one copy per
/// cluster), so this is the one example test that cleans up after itself and
/// before itself, in case an earlier run was interrupted.
#[test]
fn backup_operator_installs_its_crd_and_resource_and_its_risk_is_flagged() {
    let pkg = with_examples();
    remove_operator(&pkg);
    let ns = pkg.namespace("ex-operator");

    let plan = parse_json(
        pkg.run([
            "install",
            "backup-operator",
            "-n",
            &ns,
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    let risks: Vec<&str> = plan["permissions"]["risks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|risk| risk["rule"].as_str().unwrap())
        .collect();
    assert_eq!(risks, ["rbac-cluster-read-secrets"]);
    assert_eq!(plan["permissions"]["cloud"][0]["provider"], "aws");
    assert_eq!(plan["permissions"]["declared"][0]["provider"], "aws");

    install(&pkg, &["backup-operator", "-n", &ns]).ok();
    for object in [
        "deployment/backup-operator",
        "serviceaccount/backup-operator",
        "backupschedules.backup.examples.kubectl-pkg.dev/nightly",
    ] {
        assert!(
            pkg.exists(OPERATOR_NAMESPACE, object),
            "{object} was not created"
        );
    }
    assert!(
        pkg.kubectl(["get", "clusterrolebinding", "backup-operator"])
            .code
            == 0
    );

    // A second copy would own the same cluster-wide objects: refused, as a conflict.
    let other = pkg.namespace("ex-operator-2");
    let refused = pkg.run(["install", "backup-operator", "-n", &other, "--dry-run"]);
    let error = refused.fails(1);
    assert!(
        error.contains("already exists and belongs to release \"backup-operator\""),
        "{error}"
    );

    pkg.run([
        "uninstall",
        "backup-operator",
        "-n",
        &ns,
        "--yes",
        "--purge",
    ])
    .ok();
    assert!(pkg.kubectl(["get", "crd", OPERATOR_CRD]).code != 0);
    remove_operator(&pkg);
}

/// The OLM example bundle installs with the RBAC OLM v1 would create for it:
/// Roles per watched namespace in OwnNamespace mode, everything promoted to
/// ClusterRoles in AllNamespaces mode (names as in libpkg's unit tests,
/// computed there independently).
#[test]
fn tinyop_bundle_installs_in_own_and_all_namespaces_mode() {
    let pkg = Pkg::new();
    let bundle = repo_root().join("examples/tinyop/1.0.0");
    let bundle = bundle.to_str().unwrap();
    let remove = |pkg: &Pkg| {
        pkg.kubectl([
            "delete",
            "crd",
            "widgets.tiny.example.com",
            "--ignore-not-found",
        ]);
        for kind in ["clusterrole", "clusterrolebinding"] {
            pkg.kubectl([
                "delete",
                kind,
                "-l",
                "kubectl-pkg.dev/release=tinyop",
                "--ignore-not-found",
            ]);
        }
    };
    remove(&pkg);
    let names = |pkg: &Pkg, kind: &str, ns: Option<&str>| pkg.labelled(kind, ns, "tinyop");

    let ns = pkg.namespace("ex-tinyop");
    let watch = format!("watchNamespace={ns}");
    install(&pkg, &[bundle, "-n", &ns, "--config", &watch]).ok();
    assert_eq!(
        names(&pkg, "roles", Some(&ns)),
        [
            "tinyop.v1.0.0-tiny-26o840f1oom1o0vdj6lj4f7m05jd8cjt95c6cu1bcart",
            "tinyop.v1.0.0-tiny-2hojcf3fpmd5rxze8ijvfkq0namx2g6oktsfl77kbcc9"
        ]
    );
    assert_eq!(
        names(&pkg, "clusterroles", None),
        ["tinyop.v1.0.0-tiny-22niicex5vgt2d2fcqncevj4src28usjaulopi7fxc6m"]
    );
    assert!(pkg.exists(&ns, "service/tinyop-metrics"));
    pkg.run(["uninstall", "tinyop", "-n", &ns, "--yes"]).ok();
    // The uninstall deleted the CRD; the API server finishes that on its own
    // time, and an install meeting it still terminating is refused.
    pkg.kubectl([
        "wait",
        "--for=delete",
        "crd/widgets.tiny.example.com",
        "--timeout=60s",
    ])
    .ok();

    let ns = pkg.namespace("ex-tinyop-all");
    install(&pkg, &[bundle, "-n", &ns]).ok();
    assert!(names(&pkg, "roles", Some(&ns)).is_empty());
    assert_eq!(
        names(&pkg, "clusterroles", None),
        [
            "tinyop.v1.0.0-tiny-1iv6n3hs07g1neovzcbd2oddblg2573ivmhz8if2f2j7",
            "tinyop.v1.0.0-tiny-22niicex5vgt2d2fcqncevj4src28usjaulopi7fxc6m",
            "tinyop.v1.0.0-tinyo-xx3umls4s1mdw1vnwvh5o949r0ox8jrx29r3vpglln5"
        ]
    );
    pkg.run(["uninstall", "tinyop", "-n", &ns, "--yes"]).ok();
    assert!(names(&pkg, "clusterroles", None).is_empty());
    remove(&pkg);
}

const OPERATOR_NAMESPACE: &str = "backup-system";
const OPERATOR_CRD: &str = "backupschedules.backup.examples.kubectl-pkg.dev";

/// Deletes what an interrupted run may have left of the operator.
fn remove_operator(pkg: &Pkg) {
    for object in [
        format!("crd/{OPERATOR_CRD}"),
        "clusterrole/backup-operator".to_string(),
        "clusterrolebinding/backup-operator".to_string(),
    ] {
        pkg.kubectl(["delete", &object, "--ignore-not-found", "--wait=false"])
            .ok();
    }
    for kind in ["deployment", "serviceaccount", "role", "rolebinding"] {
        pkg.kubectl([
            "delete",
            kind,
            "--all",
            "-n",
            OPERATOR_NAMESPACE,
            "--ignore-not-found",
        ]);
    }
    pkg.remove_namespace(OPERATOR_NAMESPACE);
}

/// `libpkg/examples/plan.rs`, the library used from another program, fetches
/// by name from the repository and makes the very plan the CLI makes.
#[test]
fn the_library_example_plans_mongodb_from_the_repository_as_the_cli_does() {
    let pkg = with_examples();
    let example = kubectl_pkg_e2e::binary()
        .parent()
        .unwrap()
        .join("examples/plan");
    assert!(
        example.exists(),
        "{} is missing: run the tests with `cargo test --workspace`",
        example.display()
    );
    let run = pkg.run_program(&example, ["mongodb", "~7.0.12"]);
    let summary = run.ok();
    assert!(summary.starts_with("mongodb 7.0.14 (sha256:"), "{summary}");
    assert!(
        summary.contains("  create    StatefulSet default/mongodb\n"),
        "{summary}"
    );
    assert!(
        summary.contains("image docker.io/library/mongo:7.0.14 (NOT pinned)"),
        "{summary}"
    );

    let cli = parse_json(
        pkg.run([
            "install",
            "mongodb",
            "--version",
            "~7.0.12",
            "--offline",
            "--dry-run",
            "-o",
            "json",
        ])
        .ok(),
    );
    let hash = cli["hash"].as_str().unwrap();
    assert!(
        summary.ends_with(&format!("plan hash {hash}\n")),
        "{summary}"
    );
    assert!(summary.contains(&format!(
        "from {}\n",
        cli["package"]["reference"].as_str().unwrap()
    )));
}

/// The README's first command, `examples/demo`, with the binary under test and
/// a namespace of its own: it publishes the examples and installs mongodb by
/// name, showing the plan first; a second run explains the installed release.
#[test]
fn the_demo_previews_and_installs_mongodb_by_name() {
    let pkg = Pkg::new();
    let namespace = unique("demo");
    let bin_dir = kubectl_pkg_e2e::binary().parent().unwrap().to_path_buf();
    let demo = |pkg: &Pkg| {
        let mut command = pkg.program(repo_root().join("examples/demo"), [""; 0]);
        command
            .env("KUBECTL_PKG_BIN_DIR", &bin_dir)
            .env("KUBECTL_PKG_DEMO_NAMESPACE", &namespace);
        let output = command.output().expect("examples/demo runs");
        let text = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{text}");
        text
    };
    let first = demo(&pkg);
    for shown in [
        format!("Plan: install mongodb as release mongodb in namespace {namespace} (revision 1)"),
        "Package:   mongodb 7.0.12".to_string(),
        "Risks: 0 critical, 0 high, 0 medium, 0 info".to_string(),
        format!("Release mongodb in namespace {namespace}: revision 1 deployed."),
    ] {
        assert!(first.contains(&shown), "{shown:?} not shown:\n{first}");
    }
    // The closing hint runs as written and asks the question it names.
    assert!(
        first.contains(&format!(
            "kubectl pkg upgrade mongodb -n {namespace} --wait=false   # to 7.0.14: the diff, then \"Apply plan sha256:…?\" (only 'yes' applies it)"
        )),
        "{first}"
    );
    let mut terminal = pkg.terminal(
        &["upgrade", "mongodb", "-n", &namespace, "--wait=false"],
        &[],
        "",
    );
    let screen = terminal.wait_for("Only 'yes' applies it");
    assert!(screen.contains("Apply plan sha256:"), "{screen}");
    assert!(screen.contains("mongodb 7.0.14"), "{screen}");
    terminal.type_keys(b"no\n");
    let (code, screen) = terminal.finish();
    assert_eq!(code, Some(3), "{screen}");

    let second = demo(&pkg);
    assert!(second.contains("mongodb is installed already"), "{second}");
}
