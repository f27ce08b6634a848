//! Fleets (issue 54) against three real API servers on one etcd (contexts
//! `canary`, `eu`, `us`; tests/env/cluster): one stack of two public charts
//! (bitnami's postgresql and mongodb, unchanged, tests/charts/real) planned
//! for every cluster as one fleet plan, reviewed once, applied in waves.

use std::path::Path;

use kubectl_pkg_e2e::{Pkg, parse_json, repo_root, unique};

const CLUSTERS: [&str; 3] = ["canary", "eu", "us"];

/// Writes `stack.yaml`: stack `name` (its record in `default`, which every
/// cluster has), two releases in `namespace`, and fleet `prod` of
/// `clusters` in `waves`.
fn write_fleet(pkg: &Pkg, name: &str, namespace: &str, clusters: &str, waves: &str) {
    let chart = |archive: &str| repo_root().join("tests/charts/real").join(archive);
    let text = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1
kind: Stack
name: {name}
releases:
- name: db
  namespace: {namespace}
  package: {postgresql}
  # policy/v1 PodDisruptionBudgets are served from Kubernetes 1.21 on.
  set: [primary.pdb.create=false]
- name: docs
  namespace: {namespace}
  package: {mongodb}
  set: [pdb.create=false]
  needs: [db]
fleets:
  prod:
    clusters: {clusters}
    waves: {waves}
",
        postgresql = chart("postgresql-17.1.0.tgz").display(),
        mongodb = chart("mongodb-17.0.2.tgz").display(),
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), text).unwrap();
}

/// kubectl in cluster `context`.
fn kubectl_in(pkg: &Pkg, context: &str, args: &[&str]) -> kubectl_pkg_e2e::Run {
    let mut command = std::process::Command::new("kubectl");
    command
        .args(args)
        .env("KUBECONFIG", &pkg.env.kubeconfig)
        .arg(format!("--context={context}"));
    kubectl_pkg_e2e::Run::from(command.output().expect("kubectl runs"))
}

fn namespace_exists(pkg: &Pkg, context: &str, namespace: &str) -> bool {
    let run = kubectl_in(pkg, context, &["get", "namespace", namespace, "-o", "name"]);
    assert!(
        run.code == 0 || run.stderr.contains("NotFound"),
        "{}",
        run.stderr
    );
    run.code == 0
}

/// The etcd revisions (resourceVersions: one etcd serves every cluster, so
/// they order the writes of all of them) of the namespace and every object
/// of the kinds the charts write in it.
fn revisions(pkg: &Pkg, context: &str, namespace: &str) -> Vec<u64> {
    let kinds = "configmaps,secrets,services,statefulsets,serviceaccounts,networkpolicies";
    let listed =
        parse_json(kubectl_in(pkg, context, &["get", kinds, "-n", namespace, "-o", "json"]).ok());
    let namespace =
        parse_json(kubectl_in(pkg, context, &["get", "namespace", namespace, "-o", "json"]).ok());
    let items = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .chain([&namespace]);
    let revisions: Vec<u64> = items
        .map(|item| {
            (item["metadata"]["resourceVersion"].as_str().unwrap())
                .parse()
                .unwrap()
        })
        .collect();
    assert!(revisions.len() > 10, "{context}: {revisions:?}");
    revisions
}

fn plan_fleet(pkg: &Pkg, extra: &[&str]) -> kubectl_pkg_e2e::Run {
    kubectl_pkg_e2e::Run::from(
        plan_fleet_command(pkg, extra)
            .output()
            .expect("kubectl-pkg runs"),
    )
}

/// `stack plan --fleet prod` of `stack.yaml`, with `extra` arguments.
fn plan_fleet_command(pkg: &Pkg, extra: &[&str]) -> std::process::Command {
    let mut args = vec![
        "stack",
        "plan",
        "-f",
        "stack.yaml",
        "--fleet",
        "prod",
        "--skip-image-check",
    ];
    args.extend(extra);
    pkg.command(args)
}

/// One fleet plan for three clusters: the table of clusters × releases and
/// one hash; an edited plan and a cluster drifted since planning are
/// refused with nothing written in any cluster; approvals count on the
/// fleet hash; the plan made again applies exactly, wave after wave: every
/// object of eu and us written after every object of canary.
#[test]
fn a_fleet_plan_is_reviewed_once_and_applied_in_waves() {
    let pkg = Pkg::new();
    let namespace = unique("fleet-a");
    write_fleet(
        &pkg,
        &unique("fleet"),
        &namespace,
        "[canary, eu, us]",
        "[[canary], [eu, us]]",
    );

    let shown = plan_fleet(&pkg, &["--out", "plan.json"]);
    let text = shown.ok();
    let plan = parse_json(&std::fs::read_to_string(pkg.work.path().join("plan.json")).unwrap());
    assert_eq!(plan["kind"], "FleetPlan");
    let clusters: Vec<&str> = (plan["clusters"].as_array().unwrap().iter())
        .map(|c| c["cluster"].as_str().unwrap())
        .collect();
    assert_eq!(clusters, CLUSTERS);
    let hash = plan["hash"].as_str().unwrap();
    assert!(
        text.contains("CLUSTER   WAVE   DB           DOCS\ncanary    1      install +7   install +7\neu        2      install +7   install +7\nus        2      install +7   install +7\n"),
        "{text}"
    );
    assert!(
        text.contains("What differs between clusters: nothing"),
        "{text}"
    );
    assert!(
        text.ends_with(&format!("Fleet plan hash: {hash}\n")),
        "{text}"
    );

    // Edited: refused, nothing written anywhere.
    let mut edited = plan.clone();
    edited["fleet"]["waves"] = serde_json::json!([["eu"], ["canary", "us"]]);
    std::fs::write(pkg.work.path().join("edited.json"), edited.to_string()).unwrap();
    let said = pkg
        .run(["apply", "edited.json", "--yes"])
        .fails(1)
        .to_string();
    assert!(
        said.contains("the fleet plan was edited after it was made"),
        "{said}"
    );

    // Drifted in one cluster since planning: refused whole.
    kubectl_in(&pkg, "us", &["create", "namespace", &namespace]).ok();
    let said = pkg
        .run(["apply", "plan.json", "--yes", "--wait=false"])
        .fails(1)
        .to_string();
    assert!(said.contains("cluster us: release db:"), "{said}");
    assert!(
        said.contains("nothing was applied in any cluster of the fleet"),
        "{said}"
    );
    for cluster in ["canary", "eu"] {
        assert!(!namespace_exists(&pkg, cluster, &namespace), "{cluster}");
    }

    // Planned again (us has the namespace now: named as what differs),
    // approved, applied exactly under a policy that wants one approval.
    let text = plan_fleet(&pkg, &["--out", "plan.json"]).ok().to_string();
    let differs = text
        .find("What differs between clusters:\n  us: release db: install")
        .expect(&text);
    assert!(
        differs < text.find("Cluster canary (wave 1):").unwrap(),
        "{text}"
    );
    let (key, public) = pkg.key_pair("reviewer");
    let keys = Path::new(&public).parent().unwrap().display().to_string();
    let unapproved = pkg.run([
        "apply",
        "plan.json",
        "--yes",
        "--wait=false",
        "--require-approvals",
        "1",
        "--trusted-keys",
        &keys,
    ]);
    assert_eq!(unapproved.code, 4, "{}", unapproved.stderr);
    pkg.run(["approve", "plan.json", "--key", &key, "--approver", "ana"])
        .ok();
    let applied = pkg.run([
        "apply",
        "plan.json",
        "--yes",
        "--wait=false",
        "--require-approvals",
        "1",
        "--trusted-keys",
        &keys,
    ]);
    applied.ok();
    let said = &applied.stderr;
    for (cluster, wave) in [("canary", 1), ("eu", 2), ("us", 2)] {
        assert!(
            said.contains(&format!("Cluster {cluster} (wave {wave}): applied.")),
            "{said}"
        );
    }
    let canary = revisions(&pkg, "canary", &namespace);
    let later: Vec<u64> = ["eu", "us"]
        .iter()
        .flat_map(|cluster| revisions(&pkg, cluster, &namespace))
        .filter(|revision| {
            // us's namespace was made by hand before anything was applied.
            *revision > *canary.iter().min().unwrap()
        })
        .collect();
    let last_in_canary = *canary.iter().max().unwrap();
    let first_after = *later.iter().min().unwrap();
    assert!(
        last_in_canary < first_after,
        "canary's last write (revision {last_in_canary}) after a write of a later wave (revision {first_after})"
    );
    for cluster in CLUSTERS {
        let history = parse_json(
            kubectl_in(
                &pkg,
                cluster,
                &["get", "secrets", "-n", &namespace, "-o", "json"],
            )
            .ok(),
        );
        assert!(
            !history["items"].as_array().unwrap().is_empty(),
            "{cluster}"
        );
    }
    let status = pkg
        .run(["stack", "status", "-f", "stack.yaml", "--fleet", "prod"])
        .ok()
        .to_string();
    assert!(
        status.contains("Rollout: every cluster's last apply finished"),
        "{status}"
    );
    // The same plan again: every cluster had it whole.
    let again = pkg.run(["apply", "plan.json", "--yes", "--wait=false"]);
    assert!(
        again
            .stderr
            .contains("Cluster eu (wave 2): already applied"),
        "{}",
        again.stderr
    );

    // A value changed by hand in eu: the fleet plan names eu, and what the
    // others do, before any cluster's details; the review document too.
    kubectl_in(
        &pkg,
        "eu",
        &[
            "label",
            "service",
            "db-postgresql",
            "-n",
            &namespace,
            "--overwrite",
            "app.kubernetes.io/component=changed-by-hand",
        ],
    )
    .ok();
    let text = plan_fleet(&pkg, &[]).ok().to_string();
    let differs = text
        .find("What differs between clusters:\n  eu: release db: upgrade to ")
        .unwrap_or_else(|| panic!("{text}"));
    let line = text[differs..].lines().nth(1).unwrap();
    assert!(line.contains("update Service/"), "{text}");
    assert!(
        text[differs..].contains("    (canary, us: no change ("),
        "{text}"
    );
    assert!(
        differs < text.find("Cluster canary (wave 1):").unwrap(),
        "{text}"
    );
    let markdown = plan_fleet(&pkg, &["-o", "markdown"]).ok().to_string();
    let clusters = markdown.find("### Clusters (3)").expect(&markdown);
    let differs = markdown
        .find("### What differs between clusters\n\n- ⚠️ eu: release db: upgrade to ")
        .expect(&markdown);
    assert!(
        clusters < differs && differs < markdown.find("### canary: ").unwrap(),
        "{markdown}"
    );

    // Uninstalled wave by wave; each release's history kept.
    pkg.run([
        "stack",
        "uninstall",
        "-f",
        "stack.yaml",
        "--fleet",
        "prod",
        "--yes",
        "--wait=false",
    ])
    .ok();
    for cluster in CLUSTERS {
        assert_eq!(
            release_status(&pkg, cluster, &namespace),
            "uninstalled",
            "{cluster}"
        );
    }
}

/// A release that never becomes ready in canary halts the rollout: eu and
/// us untouched, `stack status --fleet` says where it stopped. A release
/// whose lock another holds fails before writing: the same saved plan,
/// applied again once the lock is gone, resumes where it stopped.
#[test]
fn a_failure_in_canary_halts_the_rollout_and_the_same_plan_resumes_it() {
    let pkg = Pkg::new();
    let namespace = unique("fleet-h");
    write_fleet(
        &pkg,
        &unique("fleet"),
        &namespace,
        "[canary, eu, us]",
        "[[canary], [eu, us]]",
    );
    plan_fleet(&pkg, &["--out", "plan.json"]).ok();
    // No controller runs here: postgresql's StatefulSet is never ready.
    let said = pkg
        .run(["apply", "plan.json", "--yes", "--timeout", "3s"])
        .fails(1)
        .to_string();
    assert!(said.contains("Cluster canary (wave 1): FAILED."), "{said}");
    assert!(
        said.contains("Cluster eu (wave 2): not applied: the rollout halted at cluster canary."),
        "{said}"
    );
    assert!(
        said.contains("the rollout of fleet prod halted at cluster canary"),
        "{said}"
    );
    for cluster in ["eu", "us"] {
        assert!(!namespace_exists(&pkg, cluster, &namespace), "{cluster}");
    }
    let status = pkg
        .run(["stack", "status", "-f", "stack.yaml", "--fleet", "prod"])
        .ok()
        .to_string();
    assert!(
        status.contains(
            "Rollout: stopped at cluster canary (wave 1): failed (db, docs); later waves: eu, us"
        ),
        "{status}"
    );
    let json = parse_json(
        pkg.run([
            "stack",
            "status",
            "-f",
            "stack.yaml",
            "--fleet",
            "prod",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(json["stoppedAt"], "canary", "{json}");
    assert_eq!(json["clusters"][1]["rollout"], "never applied", "{json}");

    // Another fleet in fresh namespaces, whose canary release is locked by
    // another operation: it fails before writing, the rollout halts.
    let namespace = unique("fleet-r");
    write_fleet(
        &pkg,
        &unique("fleet"),
        &namespace,
        "[canary, eu, us]",
        "[[canary], [eu, us]]",
    );
    for cluster in CLUSTERS {
        kubectl_in(&pkg, cluster, &["create", "namespace", &namespace]).ok();
    }
    let lease = serde_json::json!({
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {"name": "kubectl-pkg.lock.db", "namespace": namespace},
        "spec": {
            "holderIdentity": "ci@build-7 (pid 4242)",
            "leaseDurationSeconds": 3600,
            "acquireTime": "2026-01-01T00:00:00.000000Z",
            "renewTime": now(),
        },
    });
    std::fs::write(pkg.work.path().join("lease.json"), lease.to_string()).unwrap();
    kubectl_in(
        &pkg,
        "canary",
        &[
            "apply",
            "-f",
            pkg.work.path().join("lease.json").to_str().unwrap(),
        ],
    )
    .ok();
    plan_fleet(&pkg, &["--out", "plan.json"]).ok();
    let said = pkg
        .run(["apply", "plan.json", "--yes", "--wait=false"])
        .fails(1)
        .to_string();
    assert!(said.contains("Release db: FAILED"), "{said}");
    assert!(said.contains("ci@build-7"), "{said}");
    assert!(said.contains("Cluster us (wave 2): not applied"), "{said}");
    kubectl_in(
        &pkg,
        "canary",
        &["delete", "lease", "kubectl-pkg.lock.db", "-n", &namespace],
    )
    .ok();
    let resumed = pkg.run(["apply", "plan.json", "--yes", "--wait=false"]);
    resumed.ok();
    let said = &resumed.stderr;
    assert!(
        said.contains("Resumed the last apply of its stack plan."),
        "{said}"
    );
    for (cluster, wave) in [("canary", 1), ("eu", 2), ("us", 2)] {
        assert!(
            said.contains(&format!("Cluster {cluster} (wave {wave}): applied.")),
            "{said}"
        );
        assert_eq!(
            release_status(&pkg, cluster, &namespace),
            "deployed",
            "{cluster}"
        );
    }
}

/// The latest status of release db in `namespace` of `cluster`.
fn release_status(pkg: &Pkg, cluster: &str, namespace: &str) -> String {
    let list = pkg.run([
        "list",
        "-a",
        "-n",
        namespace,
        "--context",
        cluster,
        "-o",
        "json",
    ]);
    let list = parse_json(list.ok());
    let db = (list.as_array().unwrap().iter())
        .find(|r| r["name"] == "db")
        .unwrap_or_else(|| panic!("{list}"));
    db["status"].as_str().unwrap().to_string()
}

fn now() -> String {
    let date = std::process::Command::new("date")
        .args(["-u", "+%Y-%m-%dT%H:%M:%S.000000Z"])
        .output()
        .unwrap();
    String::from_utf8(date.stdout).unwrap().trim().to_string()
}

/// A context the kubeconfig does not have is refused before any request,
/// naming the file and the key; a cluster that does not answer refuses
/// the plan, or with --skip-unreachable is left out (recorded), and the
/// plan is refused at apply once it answers.
#[test]
fn unknown_and_unreachable_clusters_are_named() {
    let pkg = Pkg::new();
    let namespace = unique("fleet-u");
    write_fleet(
        &pkg,
        &unique("fleet"),
        &namespace,
        "[canary, nowhere]",
        "[[canary], [nowhere]]",
    );
    let said = plan_fleet(&pkg, &[]).fails(1).to_string();
    assert!(
        said.contains(
            "stack.yaml: fleets.prod.clusters: kubeconfig: context \"nowhere\" does not exist"
        ),
        "{said}"
    );
    write_fleet(
        &pkg,
        &unique("fleet"),
        &namespace,
        "[canary, gone]",
        "[[canary], [gone]]",
    );
    // A kubeconfig with `gone`: a cluster at a port nothing listens on.
    let kubeconfig = pkg.work.path().join("kubeconfig");
    let with_gone = |server: &str| {
        let text = std::fs::read_to_string(&pkg.env.kubeconfig).unwrap();
        let text = text.replace(
            "contexts:\n",
            "contexts:\n- name: gone\n  context: {cluster: gone, user: admin, namespace: default}\n",
        );
        let text = text.replacen(
            "clusters:\n",
            &format!("clusters:\n- name: gone\n  cluster:\n    server: {server}\n    insecure-skip-tls-verify: true\n"),
            1,
        );
        std::fs::write(&kubeconfig, text).unwrap();
    };
    with_gone("https://127.0.0.1:9");
    let run = |args: &[&str]| {
        let mut command = pkg.command(args);
        command.env("KUBECONFIG", &kubeconfig);
        kubectl_pkg_e2e::Run::from(command.output().unwrap())
    };
    let plan = [
        "stack",
        "plan",
        "-f",
        "stack.yaml",
        "--fleet",
        "prod",
        "--skip-image-check",
    ];
    let said = run(&plan).fails(1).to_string();
    assert!(
        said.contains("1 of the fleet's clusters could not be reached (gone: "),
        "{said}"
    );
    assert!(said.contains("--skip-unreachable"), "{said}");
    let skipped = [&plan[..], &["--skip-unreachable", "--out", "plan.json"]].concat();
    let text = run(&skipped).ok().to_string();
    assert!(
        text.contains("Left out:  gone (unreachable when planned: "),
        "{text}"
    );
    // It answers at apply: its state was never reviewed.
    let eu = parse_json(kubectl_in(&pkg, "eu", &["config", "view", "--minify", "-o", "json"]).ok());
    with_gone(eu["clusters"][0]["cluster"]["server"].as_str().unwrap());
    let said = run(&["apply", "plan.json", "--yes", "--wait=false"])
        .fails(1)
        .to_string();
    assert!(
        said.contains(
            "cluster gone could not be reached when the fleet was planned and answers now"
        ),
        "{said}"
    );
    assert!(!namespace_exists(&pkg, "canary", &namespace));
}

/// A fleet fetches each release once for every cluster that starts its
/// upgrade from the same place, and plans the clusters concurrently: with
/// the runtime limited to one worker thread, and to two, it never hangs and
/// makes the same fleet plan, byte for byte, as with the default runtime.
/// (The charts' passwords are given: generated, they differ in every plan.)
#[test]
fn a_fleet_plans_the_same_on_one_or_two_workers() {
    let pkg = Pkg::new();
    write_fleet(
        &pkg,
        &unique("fleet-w"),
        &unique("fleet-w"),
        "[canary, eu, us]",
        "[[canary], [eu, us]]",
    );
    let file = pkg.work.path().join("stack.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let text = text
        .replace(
            "set: [primary.pdb.create=false]",
            "set: [primary.pdb.create=false, auth.postgresPassword=given]",
        )
        .replace(
            "set: [pdb.create=false]",
            "set: [pdb.create=false, auth.rootPassword=given]",
        );
    std::fs::write(&file, text).unwrap();
    plan_fleet(&pkg, &["--out", "default.json"]).ok();
    let expected = std::fs::read(pkg.work.path().join("default.json")).unwrap();
    for workers in ["1", "2"] {
        for attempt in 0..3 {
            let saved = format!("plan-{workers}-{attempt}.json");
            let mut command = plan_fleet_command(&pkg, &["--out", &saved]);
            command
                .env("TOKIO_WORKER_THREADS", workers)
                .stdin(std::process::Stdio::null());
            let what = format!("{workers} worker(s), plan {attempt}");
            crate::real_stacks::within(command, std::time::Duration::from_secs(120), &what);
            let planned = std::fs::read(pkg.work.path().join(&saved)).unwrap();
            assert!(planned == expected, "{what}: another fleet plan");
        }
    }
}
