//! `kubectl pkg test`: a chart's test hooks (the `helm create` chart's
//! `templates/tests/test-connection.yaml`) kept with the revision and run on
//! the real API server. It runs no kubelet, so the test plays it: it patches
//! the test Pod's status (the `status` subresource) to `Succeeded` or `Failed`
//! while `kubectl pkg test` waits (issue 39, point 11).

use std::process::Stdio;
use std::time::{Duration, Instant};

use kubectl_pkg_e2e::{Pkg, Run, parse_json};

const POD: &str = "web-test-connection";

/// Waits until the test Pod exists with another uid than `old` (a copy left
/// by an earlier run is deleted first), then sets its status as a kubelet
/// would: `phase`, and for a failure the container's exit code.
fn play_kubelet(pkg: &Pkg, ns: &str, old: Option<&str>, phase: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    let uid = loop {
        let run = pkg.kubectl([
            "get",
            "pod",
            POD,
            "-n",
            ns,
            "-o",
            "jsonpath={.metadata.uid}",
        ]);
        if run.code == 0 && !run.stdout.is_empty() && Some(run.stdout.as_str()) != old {
            break run.stdout;
        }
        assert!(Instant::now() < deadline, "no new test Pod: {}", run.stderr);
        std::thread::sleep(Duration::from_millis(100));
    };
    let exit = if phase == "Failed" { 1 } else { 0 };
    let patch = serde_json::json!({
        "metadata": {"uid": uid},
        "status": {"phase": phase, "containerStatuses": [{
            "name": "wget", "image": "busybox", "imageID": "", "ready": false, "restartCount": 0,
            "state": {"terminated": {"exitCode": exit, "reason": if exit == 0 { "Completed" } else { "Error" }}}
        }]}
    });
    pkg.kubectl([
        "patch",
        "pod",
        POD,
        "-n",
        ns,
        "--subresource=status",
        "--type=merge",
        "-p",
        &patch.to_string(),
    ])
    .ok();
    uid
}

/// Runs `kubectl pkg test` while this thread plays the kubelet.
fn test_while(pkg: &Pkg, args: &[&str], play: impl FnOnce() -> String) -> (Run, String) {
    let child = pkg
        .command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kubectl-pkg starts");
    let uid = play();
    let output = child.wait_with_output().expect("kubectl-pkg finishes");
    (Run::from(output), uid)
}

#[test]
fn a_charts_test_hooks_are_kept_with_the_revision_and_run_by_test() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("chart-tests");
    pkg.helm(&ns, "helm.Chart.create('web', '.')").ok();

    // The plan keeps the test Pod for later; nothing of it is created now.
    let plan = parse_json(
        pkg.run([
            "install",
            "./web",
            "-n",
            &ns,
            "--dry-run",
            "-o",
            "json",
            "--skip-image-check",
        ])
        .ok(),
    );
    let kept: Vec<(&str, &str)> = plan["deferredHooks"]
        .as_array()
        .expect("deferred hooks")
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
    assert_eq!(kept, [(POD, "test")]);
    let common = [
        "-n",
        ns.as_str(),
        "--yes",
        "--wait=false",
        "--skip-image-check",
    ];
    let mut install = vec!["install", "./web"];
    install.extend(common);
    pkg.run(&install).ok();
    assert!(
        !pkg.exists(&ns, &format!("pod/{POD}")),
        "install runs no test"
    );

    // The test succeeds: reported, exit 0, the Pod kept (no delete policy
    // but the default before-hook-creation).
    let (run, first) = test_while(&pkg, &["test", "web", "-n", &ns], || {
        play_kubelet(&pkg, &ns, None, "Succeeded")
    });
    let out = run.ok();
    assert!(out.contains("Tests of release web (revision 1):"), "{out}");
    let row = out
        .lines()
        .map(str::trim_start)
        .find(|l| l.starts_with(POD))
        .unwrap_or_else(|| panic!("no row: {out}"));
    assert!(row.contains("Pod") && row.contains("Succeeded"), "{out}");
    assert!(row.trim_end().ends_with('s'), "a duration: {row}");

    // Run again: the earlier copy is deleted first; the test fails this time:
    // exit 1, the reason named, the logs asked for.
    let (run, second) = test_while(&pkg, &["test", "web", "-n", &ns, "--logs"], || {
        play_kubelet(&pkg, &ns, Some(&first), "Failed")
    });
    let stderr = run.fails(1);
    assert_ne!(first, second, "a new Pod each run");
    assert!(
        stderr.contains(
            "1 of 1 tests of release web failed: web-test-connection (container wget exited with 1 (Error))"
        ),
        "{stderr}"
    );
    let out = &run.stdout;
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with(POD) && l.contains("Failed")),
        "{out}"
    );
    // (The API server serves an empty log for a Pod that never ran on a node.)
    assert!(
        out.contains("Logs of Pod web-test-connection, container wget:\n(no output)\n")
            || out.contains("Logs of Pod web-test-connection, container wget:\n(not available: "),
        "{out}"
    );

    // A filter leaving the test out runs nothing; -o json reports it as skipped.
    let report = parse_json(
        pkg.run([
            "test",
            "web",
            "-n",
            &ns,
            "--filter",
            "!name=web-test-connection",
            "-o",
            "json",
        ])
        .ok(),
    );
    assert_eq!(report["revision"], 1);
    assert_eq!(report["tests"][0]["name"], POD);
    assert_eq!(report["tests"][0]["phase"], "Skipped");
    let live = pkg.get_json(Some(&ns), "pod", POD);
    assert_eq!(
        live["metadata"]["uid"],
        second.as_str(),
        "the failed copy is left alone"
    );

    // Nobody finishes the Pod: the timeout fails it.
    let timed_out = pkg.run(["test", "web", "-n", &ns, "--timeout", "2s"]);
    let stderr = timed_out.fails(1);
    assert!(
        stderr.contains("did not finish within 2s (phase Pending)"),
        "{stderr}"
    );
    // A filter of another kind is a usage error.
    let usage = pkg.run(["test", "web", "-n", &ns, "--filter", "kind=Pod"]);
    assert!(usage.fails(64).contains("name=NAME"), "{}", usage.stderr);
}
