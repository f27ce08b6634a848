//! One operation at a time, and no stuck releases: the release lock, a process
//! killed in the middle of an apply, and `--atomic`.

use std::collections::BTreeMap;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use kubectl_pkg_e2e::{PROMPT, Pkg, Run, config_maps, eventually, parse_json, unique};
use serde_json::{Value, json};

fn finish(child: Child) -> Run {
    let output = child.wait_with_output().expect("the command runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn two_concurrent_upgrades_exactly_one_proceeds_the_other_meets_the_lock() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("concurrent");
    pkg.write_package("v1", "app", "1.0.0", &config_maps("cm", 200, "1"));
    pkg.write_package("v2", "app", "2.0.0", &config_maps("cm", 200, "2"));
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let upgrades: Vec<Child> = (0..2)
        .map(|_| {
            pkg.command(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let runs: Vec<Run> = upgrades.into_iter().map(finish).collect();
    let (proceeded, refused): (Vec<&Run>, Vec<&Run>) = runs.iter().partition(|r| r.code == 0);
    assert_eq!(
        (proceeded.len(), refused.len()),
        (1, 1),
        "exactly one proceeds: {runs:#?}"
    );
    assert!(
        proceeded[0].stderr.contains("revision 2 deployed"),
        "{}",
        proceeded[0].stderr
    );
    let message = refused[0].fails(1);
    assert!(
        message.contains(&format!(
            "release \"app\" in namespace \"{ns}\" is locked: upgrade by "
        )) && message.contains(" since 20"),
        "the lock message names the holder and since when: {message}"
    );
    assert_eq!(pkg.statuses("app", &ns), ["superseded", "deployed"]);
    assert!(!pkg.lease_exists(&ns, "app"), "the lock is released");
}

fn foreign_lease(pkg: &Pkg, ns: &str, renewed_seconds_ago: u64) {
    let at = |seconds_ago: u64| {
        let date = std::process::Command::new("date")
            .args([
                "-u",
                "-d",
                &format!("-{seconds_ago} seconds"),
                "+%Y-%m-%dT%H:%M:%S.000000Z",
            ])
            .output()
            .unwrap();
        String::from_utf8(date.stdout).unwrap().trim().to_string()
    };
    let lease = json!({
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": "kubectl-pkg.lock.app",
            "namespace": ns,
            "annotations": {"kubectl-pkg.dev/lock-operation": "upgrade"},
        },
        "spec": {
            "holderIdentity": "ci@build-7 (pid 4242)",
            "leaseDurationSeconds": 60,
            "acquireTime": at(renewed_seconds_ago + 30),
            "renewTime": at(renewed_seconds_ago),
        },
    });
    let path = pkg.work.path().join("lease.json");
    std::fs::write(&path, lease.to_string()).unwrap();
    pkg.kubectl(["apply", "-f", path.to_str().unwrap()]).ok();
}

#[test]
fn a_held_lock_refuses_at_once_naming_its_holder_and_a_stale_one_is_taken_over() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("lock");
    pkg.write_package("v1", "app", "1.0.0", &config_maps("cm", 2, "1"));
    pkg.write_package("v2", "app", "2.0.0", &config_maps("cm", 2, "2"));
    pkg.write_package("v3", "app", "3.0.0", &config_maps("cm", 2, "3"));
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    // Someone reviews an upgrade at the prompt: the lock is held meanwhile,
    // renewed well past its (here 2 s) duration.
    let mut reviewing = pkg.terminal(
        &["upgrade", "app", "./v2", "-n", &ns, "--wait=false"],
        &[("KUBECTL_PKG_LOCK_SECONDS", "2")],
        "",
    );
    eventually("the first upgrade locks", || pkg.lease_exists(&ns, "app"));
    std::thread::sleep(Duration::from_secs(5));
    let started = Instant::now();
    let second = pkg.run(["upgrade", "app", "./v3", "-n", &ns, "--yes", "--wait=false"]);
    assert!(started.elapsed() < Duration::from_secs(10), "fails at once");
    let message = second.fails(1);
    assert!(
        message.contains("is locked: upgrade by ") && message.contains("(pid "),
        "{message}"
    );
    reviewing.wait_for(PROMPT);
    reviewing.type_keys(b"no\n");
    let (code, screen) = reviewing.finish();
    assert_eq!(code, Some(3), "declined: {screen}");
    assert!(!pkg.lease_exists(&ns, "app"), "declining releases the lock");
    assert_eq!(pkg.statuses("app", &ns), ["deployed"]);

    // A live lock of another machine: refused, naming it, nothing changes.
    foreign_lease(&pkg, &ns, 0);
    let refused = pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"]);
    let message = refused.fails(1);
    assert!(
        message.contains(&format!(
            "release \"app\" in namespace \"{ns}\" is locked: upgrade by ci@build-7 (pid 4242) since 20"
        )) && message.contains("the lock expires at"),
        "{message}"
    );
    assert_eq!(pkg.statuses("app", &ns), ["deployed"]);

    // The same lock, not renewed for longer than its duration: taken over.
    foreign_lease(&pkg, &ns, 120);
    let upgrade = pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--yes", "--wait=false"]);
    upgrade.ok();
    assert!(
        upgrade.stderr.contains(
            "Took over the lock of release app from upgrade by ci@build-7 (pid 4242) since 20"
        ) && upgrade.stderr.contains(": it expired."),
        "{}",
        upgrade.stderr
    );
    assert_eq!(pkg.statuses("app", &ns), ["superseded", "deployed"]);
    assert!(!pkg.lease_exists(&ns, "app"));
}

#[test]
fn a_process_killed_mid_apply_leaves_a_pending_revision_that_the_next_upgrade_completes() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("killed");
    let mut v1 = config_maps("old", 5, "1");
    v1.extend(config_maps("legacy", 1, "1"));
    let v2: Vec<(String, String)> = config_maps("old", 5, "2")
        .into_iter()
        .chain(config_maps("new", 1500, "2"))
        .collect();
    pkg.write_package("v1", "big", "1.0.0", &v1);
    pkg.write_package("v2", "big", "2.0.0", &v2);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();

    let mut upgrade = pkg
        .command(["upgrade", "big", "./v2", "-n", &ns, "--yes", "--wait=false"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    eventually("the apply is under way", || {
        pkg.exists(&ns, "configmap/new-0") || pkg.exists(&ns, "configmap/new-1499")
    });
    upgrade.kill().unwrap(); // SIGKILL
    upgrade.wait().unwrap();
    let left = pkg.release_objects(&ns, "configmaps", "big").len();
    assert!(
        left < 1505,
        "killed before it finished ({left} ConfigMaps); make the package larger"
    );
    assert_eq!(pkg.statuses("big", &ns), ["deployed", "pending"]);

    let status = pkg.run(["status", "big", "-n", &ns]);
    let shown = status.ok();
    assert!(
        shown.contains("Revision:  2 (pending, upgrade)")
            && shown.contains("interrupted: the process applying it stopped after writing "),
        "{shown}"
    );
    let progress = parse_json(pkg.run(["status", "big", "-n", &ns, "-o", "json"]).ok());
    let written = progress["progress"]["written"].as_u64().unwrap();
    assert_eq!(progress["progress"]["writes"], 1505);
    assert!(written < 1505, "{progress}");

    // The command status suggests, run as printed.
    assert!(
        shown.contains(&format!("`kubectl pkg upgrade big ./v2 -n {ns}`")),
        "{shown}"
    );
    let next = pkg.run_hint(shown, &["--yes", "--wait=false"]);
    next.ok();
    assert!(
        next.stderr
            .contains("Took over the lock of release big from upgrade by ")
            && next.stderr.contains("its process has exited"),
        "{}",
        next.stderr
    );
    assert!(
        next.stderr
            .contains("Revision 2 had been interrupted: recorded it as failed"),
        "{}",
        next.stderr
    );
    assert_eq!(
        pkg.statuses("big", &ns),
        ["superseded", "failed", "deployed"]
    );
    let history = pkg.history("big", &ns);
    assert!(
        history[1]["message"]
            .as_str()
            .unwrap()
            .contains("interrupted before it finished; revision 3 took over"),
        "{history:?}"
    );
    let names = pkg.release_objects(&ns, "configmaps", "big");
    let mut expected: Vec<String> = (0..5)
        .map(|i| format!("old-{i}"))
        .chain((0..1500).map(|i| format!("new-{i}")))
        .collect();
    expected.sort();
    assert_eq!(names, expected, "exactly the new revision's objects");
    assert!(!pkg.lease_exists(&ns, "big"));
}

/// Every ConfigMap, Secret and Deployment of the namespace (release records
/// aside), reduced to what a revision defines: labels, annotations, data, spec.
fn snapshot(pkg: &Pkg, ns: &str) -> BTreeMap<String, Value> {
    let list = parse_json(
        pkg.kubectl([
            "get",
            "configmaps,secrets,deployments",
            "-n",
            ns,
            "-o",
            "json",
        ])
        .ok(),
    );
    list["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| {
            !o["type"]
                .as_str()
                .is_some_and(|t| t.starts_with("kubectl-pkg.dev/"))
        })
        .map(|o| {
            let key = format!("{}/{}", o["kind"], o["metadata"]["name"]);
            let kept = json!({
                "labels": o["metadata"]["labels"],
                "annotations": o["metadata"]["annotations"],
                "data": o["data"],
                "spec": o["spec"],
            });
            (key, kept)
        })
        .collect()
}

fn deployment(replicas: u32) -> (String, String) {
    (
        "deployment.yaml".to_string(),
        format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: {replicas}\n  selector:\n    matchLabels: {{app: web}}\n  template:\n    metadata:\n      labels: {{app: web}}\n    spec:\n      containers:\n      - name: web\n        image: registry.example/web@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n"
        ),
    )
}

fn secret(password: &str) -> (String, String) {
    (
        "secret.yaml".to_string(),
        format!(
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: credentials\nstringData:\n  password: {password}\n"
        ),
    )
}

#[test]
fn atomic_restores_the_previous_revision_object_by_object_when_the_server_rejects_an_object_half_way()
 {
    let pkg = Pkg::new();
    let ns = pkg.namespace("atomic");
    let mut v1 = config_maps("settings", 1, "1");
    v1.extend(config_maps("legacy", 1, "1"));
    v1.push(secret("first-password"));
    let mut v2 = config_maps("settings", 1, "2");
    v2.extend(config_maps("extra", 6, "2"));
    v2.push(secret("second-password"));
    pkg.write_package("v1", "app", "1.0.0", &v1);
    pkg.write_package("v2", "app", "2.0.0", &v2);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let before = snapshot(&pkg, &ns);

    // A quota leaves room for three more ConfigMaps: every dry run passes, the
    // fourth real create is rejected.
    config_map_quota(&pkg, &ns, 3);

    let plan = pkg.run(["upgrade", "app", "./v2", "-n", &ns, "--dry-run"]);
    assert!(plan.ok().contains("create"), "the dry run passes");
    let upgrade = pkg.run([
        "upgrade",
        "app",
        "./v2",
        "-n",
        &ns,
        "--yes",
        "--wait=false",
        "--atomic",
    ]);
    let message = upgrade.fails(1);
    assert!(
        message.contains("exceeded quota") && message.contains("--atomic restored revision 1"),
        "{message}"
    );
    assert!(
        upgrade
            .stderr
            .contains("Failed; --atomic: restoring revision 1"),
        "{}",
        upgrade.stderr
    );
    assert_eq!(
        snapshot(&pkg, &ns),
        before,
        "every object as revision 1 left it"
    );
    assert_eq!(pkg.statuses("app", &ns), ["deployed", "failed"]);
    let history = pkg.history("app", &ns);
    assert!(
        history[1]["message"]
            .as_str()
            .unwrap()
            .contains("--atomic restored revision 1"),
        "{history:?}"
    );
}

/// A ResourceQuota in `ns` that admits `room` more ConfigMaps: every dry run
/// passes, the next real create is refused. (No quota controller runs here,
/// so its usage is set as the controller would.)
fn config_map_quota(pkg: &Pkg, ns: &str, room: u32) {
    let quota = json!({"apiVersion": "v1", "kind": "ResourceQuota",
        "metadata": {"name": "config-maps", "namespace": ns},
        "spec": {"hard": {"count/configmaps": room.to_string()}}});
    let path = pkg.work.path().join("quota.json");
    std::fs::write(&path, quota.to_string()).unwrap();
    pkg.kubectl(["apply", "-f", path.to_str().unwrap()]).ok();
    let usage = json!({"status": {"hard": {"count/configmaps": room.to_string()},
        "used": {"count/configmaps": "0"}}});
    pkg.kubectl([
        "patch",
        "resourcequota",
        "config-maps",
        "-n",
        ns,
        "--subresource=status",
        "--type=merge",
        "-p",
        &usage.to_string(),
    ])
    .ok();
}

/// Issue 49: an install the server refuses half-way (a quota admits three of
/// its nine ConfigMaps) fails, and `status` counts the objects it wrote,
/// naming those it did not, never the plan's nine.
#[test]
fn status_of_a_failed_apply_counts_only_the_objects_it_wrote() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("half-written");
    pkg.write_package("v1", "app", "1.0.0", &config_maps("part", 9, "1"));
    config_map_quota(&pkg, &ns, 3);
    let install = pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"]);
    assert!(
        install.fails(1).contains("exceeded quota"),
        "{}",
        install.stderr
    );
    assert_eq!(pkg.statuses("app", &ns), ["failed"]);
    // The quota admits three at most (fewer when parallel creates meet in
    // its admission, which refuses some of them).
    let written = pkg.release_objects(&ns, "configmaps", "app").len();
    assert!(written <= 3, "{written} written");

    let status = pkg.run(["status", "app", "-n", &ns]);
    let shown = status.ok();
    assert!(
        shown.contains("Revision:  1 (failed, install)")
            && shown.contains(&format!(
                "Objects:   {written} created, 0 updated, 0 unchanged, 0 deleted ({} of the plan's 9 changes not made)",
                9 - written
            )),
        "{shown}"
    );
    assert_eq!(
        shown.matches("  not made   ConfigMap/").count(),
        9 - written,
        "{shown}"
    );
    let document = parse_json(pkg.run(["status", "app", "-n", &ns, "-o", "json"]).ok());
    assert_eq!(document["progress"]["written"], written, "{document}");
    assert_eq!(document["progress"]["writes"], 9, "{document}");
    let objects = document["objects"].as_array().unwrap();
    let done = objects.iter().filter(|o| o["done"] == true).count();
    assert_eq!((objects.len(), done), (9, written), "{document}");
}

#[test]
fn atomic_after_a_failed_wait_recreates_what_was_pruned_and_deletes_what_was_created() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("atomic-wait");
    let mut v1 = config_maps("settings", 1, "1");
    v1.extend(config_maps("legacy", 1, "1"));
    v1.push(deployment(1));
    let mut v2 = config_maps("settings", 1, "2");
    v2.extend(config_maps("extra", 2, "2"));
    v2.push(deployment(3));
    pkg.write_package("v1", "app", "1.0.0", &v1);
    pkg.write_package("v2", "app", "2.0.0", &v2);
    pkg.run(["install", "./v1", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    let before = snapshot(&pkg, &ns);

    // No controller makes the Deployment ready: the wait times out after the prune.
    let upgrade = pkg.run([
        "upgrade",
        "app",
        "./v2",
        "-n",
        &ns,
        "--yes",
        "--timeout",
        "2s",
        "--atomic",
    ]);
    let message = upgrade.fails(1);
    assert!(
        message.contains("timed out waiting for Deployment.apps/")
            && message.contains("--atomic restored revision 1"),
        "{message}"
    );
    assert!(
        upgrade.stderr.contains("deleted   ConfigMap/") && upgrade.stderr.contains("legacy-0"),
        "legacy-0 was pruned before the wait: {}",
        upgrade.stderr
    );
    assert_eq!(
        snapshot(&pkg, &ns),
        before,
        "every object as revision 1 left it"
    );
    assert_eq!(pkg.statuses("app", &ns), ["deployed", "failed"]);

    // A failed install with --atomic leaves nothing behind.
    let ns2 = pkg.namespace("atomic-install");
    let failed = pkg.run([
        "install",
        "./v2",
        "-n",
        &ns2,
        "--yes",
        "--timeout",
        "2s",
        "--atomic",
    ]);
    assert!(
        failed
            .fails(1)
            .contains("--atomic deleted the objects this attempt created"),
        "{}",
        failed.stderr
    );
    assert!(
        snapshot(&pkg, &ns2).is_empty(),
        "{:?}",
        snapshot(&pkg, &ns2)
    );
    // And the release is not stuck: installing again works.
    pkg.run(["install", "./v1", "-n", &ns2, "--yes", "--wait=false"])
        .ok();
    assert_eq!(pkg.statuses("app", &ns2), ["failed", "deployed"]);
}

#[test]
fn a_release_that_never_deployed_is_uninstalled_with_everything_its_attempts_created() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("never-deployed");
    let mut v1 = config_maps("settings", 2, "1");
    v1.push(deployment(1));
    pkg.write_package("v1", "app", "1.0.0", &v1);
    // No controller makes the Deployment ready: the install fails after its writes.
    let failed = pkg.run(["install", "./v1", "-n", &ns, "--yes", "--timeout", "2s"]);
    assert!(
        failed
            .fails(1)
            .contains("timed out waiting for Deployment.apps/"),
        "{}",
        failed.stderr
    );
    assert_eq!(snapshot(&pkg, &ns).len(), 3, "{:?}", snapshot(&pkg, &ns));
    assert_eq!(pkg.statuses("app", &ns), ["failed"]);

    let removed = pkg.run(["uninstall", "app", "-n", &ns, "--yes", "--wait=false"]);
    let plan = removed.ok();
    assert!(
        plan.contains(
            "no revision of app was ever deployed: this removes what revision 1 (failed) created"
        ),
        "{plan}"
    );
    assert!(snapshot(&pkg, &ns).is_empty(), "{:?}", snapshot(&pkg, &ns));
    assert_eq!(pkg.statuses("app", &ns), ["failed", "uninstalled"]);
    // Once uninstalled, there is nothing left to uninstall.
    let again = pkg.run(["uninstall", "app", "-n", &ns, "--yes"]);
    assert!(
        again.fails(1).contains("has no deployed revision"),
        "{}",
        again.stderr
    );
}

#[test]
fn a_failed_install_is_advised_a_command_that_installs_it_again_keeping_the_failure() {
    // Issue 39: status advised "upgrade again, or roll back", and both refused
    // a release that was never deployed.
    let pkg = Pkg::new();
    let ns = pkg.namespace("advised");
    let name = unique("advised");
    let mut v1 = config_maps("settings", 2, "1");
    v1.push(deployment(1));
    let dir = pkg.write_package("v1", &name, "1.0.0", &v1);
    let repository = format!("oci://{}/{}", pkg.env.registry, unique("advice"));
    pkg.run(["push", dir.to_str().unwrap(), &repository]).ok();
    pkg.run(["repo", "add", "stable", &repository]).ok();
    // No controller makes the Deployment ready: the install times out.
    let reference = format!("stable/{name}");
    let install = ["install", &reference, "--name", "app", "-n", &ns, "--yes"];
    let failed = pkg.run(install.iter().chain(&["--timeout", "2s"]));
    assert!(
        failed.fails(1).contains("timed out waiting for"),
        "{}",
        failed.stderr
    );
    assert_eq!(pkg.statuses("app", &ns), ["failed"]);

    let status = pkg.run(["status", "app", "-n", &ns]).ok().to_string();
    let next = status
        .lines()
        .find_map(|line| line.strip_prefix("Next:"))
        .unwrap_or_else(|| panic!("no advice: {status}"));
    assert!(
        next.contains(&format!("`kubectl pkg uninstall app -n {ns}`")) && !next.contains("roll"),
        "{next}"
    );
    // Upgrade and rollback have nothing to start from, and say what does.
    for refused in [["upgrade", "app"], ["rollback", "app"]] {
        let run = pkg.run(refused.iter().chain(&["-n", &ns, "--yes"]));
        assert!(
            run.fails(1).contains(&format!(
                "has no deployed revision; install it first: `kubectl pkg upgrade --install app PACKAGE -n {ns}`"
            )),
            "{}",
            run.stderr
        );
    }
    // The first command advised, run as printed (without waiting for the Deployment).
    let command = next
        .split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("no command: {next}"));
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(
        words[..4],
        ["kubectl", "pkg", "upgrade", "--install"],
        "{command}"
    );
    let retried = pkg.run(words[2..].iter().chain(&["--yes", "--wait=false"]));
    retried.ok();
    // Nothing in the history is lost: the failure stays, the install is revision 2.
    assert_eq!(pkg.statuses("app", &ns), ["failed", "deployed"]);
    let history = pkg.history("app", &ns);
    assert_eq!(history[1]["revision"], 2, "{history:?}");
    assert!(
        history[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("timed out")),
        "{history:?}"
    );
}
