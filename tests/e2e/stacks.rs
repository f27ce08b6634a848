//! Stacks (issue 33) against the real API server: many releases planned as
//! one plan, applied in the order their needs give, per environment; bad
//! stack files refused before any request; saved stack plans applied
//! exactly or refused as a whole; a failing release stops only what needs it.

use std::process::Stdio;
use std::time::Duration;

use kubectl_pkg_e2e::{Pkg, config_maps, eventually, parse_json, unique};

/// A plain package of `count` ConfigMaps under the work dir, its files' data
/// saying `version`.
fn package(pkg: &Pkg, name: &str, version: &str, count: usize) -> String {
    let dir = format!("{name}-{version}");
    let manifests = config_maps(name, count, version);
    pkg.write_package(&dir, name, version, &manifests);
    dir
}

/// The diamond: base; left and right need base; top needs both. The `b`
/// environment puts every release in namespace `other`, base at 2.0.0.
fn diamond(pkg: &Pkg, namespace: &str, other: &str) -> String {
    let base1 = package(pkg, "base", "1.0.0", 2);
    let base2 = package(pkg, "base", "2.0.0", 3);
    let left = package(pkg, "left", "1.0.0", 1);
    let right = package(pkg, "right", "1.0.0", 1);
    let top = package(pkg, "top", "1.0.0", 1);
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1
kind: Stack
name: diamond
releases:
- {{name: top, namespace: {namespace}, package: ./{top}, needs: [left, right]}}
- {{name: left, namespace: {namespace}, package: ./{left}, needs: [base]}}
- {{name: right, namespace: {namespace}, package: ./{right}, needs: [base]}}
- {{name: base, namespace: {namespace}, package: ./{base1}}}
environments:
  b:
    releases:
      base: {{namespace: {other}, package: ./{base2}}}
      left: {{namespace: {other}}}
      right: {{namespace: {other}}}
      top: {{namespace: {other}}}
"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    "stack.yaml".to_string()
}

/// A package `name` 1.0.0 of one Deployment: no controller runs here, so it
/// never becomes ready.
fn never_ready(pkg: &Pkg, name: &str) -> String {
    let deployment = format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {name}\nspec:\n  selector:\n    matchLabels: {{app: {name}}}\n  template:\n    metadata:\n      labels: {{app: {name}}}\n    spec:\n      containers:\n      - name: {name}\n        image: registry.invalid/{name}@sha256:0000000000000000000000000000000000000000000000000000000000000000\n"
    );
    let dir = format!("{name}-1");
    pkg.write_package(&dir, name, "1.0.0", &[("deployment.yaml", &deployment)]);
    dir
}

/// A child process killed (SIGKILL) and reaped when dropped, even by a
/// failing assertion.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether a release has no record at all in `namespace`.
fn never_recorded(pkg: &Pkg, release: &str, namespace: &str) -> bool {
    let history = pkg.run(["history", release, "-n", namespace]);
    history.code != 0 && history.stderr.contains("not found")
}

/// The line index in `output` of the first line starting with `[release]`.
fn first_line_of(output: &str, release: &str) -> usize {
    output
        .lines()
        .position(|line| line.starts_with(&format!("[{release}]")))
        .unwrap_or_else(|| panic!("no line of {release} in:\n{output}"))
}

#[test]
fn a_diamond_installs_in_dependency_order_and_a_second_environment_beside_it() {
    let pkg = Pkg::new();
    let (ns, other) = (pkg.namespace("stack-a"), pkg.namespace("stack-b"));
    let file = diamond(&pkg, &ns, &other);

    let planned = pkg
        .run(["stack", "plan", "-f", &file, "-o", "json"])
        .ok()
        .to_string();
    let plan = parse_json(&planned);
    assert_eq!(
        plan["order"],
        serde_json::json!([["base"], ["left", "right"], ["top"]])
    );
    assert_eq!(plan["kind"], "StackPlan");

    let text = pkg.run(["stack", "plan", "-f", &file]).ok().to_string();
    assert!(
        text.starts_with("Stack:     diamond\nOrder:     1. base  2. left, right  3. top"),
        "{text}"
    );
    assert!(text.contains("Release top (namespace"), "{text}");

    let run = pkg.run(["stack", "apply", "-f", &file, "--yes", "--wait=false"]);
    let said = run.ok().to_string() + &run.stderr;
    let (base, left, right, top) = (
        first_line_of(&said, "base"),
        first_line_of(&said, "left"),
        first_line_of(&said, "right"),
        first_line_of(&said, "top"),
    );
    assert!(
        base < left && base < right && left < top && right < top,
        "{said}"
    );
    for release in ["base", "left", "right", "top"] {
        assert_eq!(pkg.statuses(release, &ns), ["deployed"], "{release}");
    }

    // The same stack for environment b, beside it, base at another version.
    pkg.run([
        "stack",
        "apply",
        "-f",
        &file,
        "-e",
        "b",
        "--yes",
        "--wait=false",
    ])
    .ok();
    for release in ["base", "left", "right", "top"] {
        assert_eq!(pkg.statuses(release, &other), ["deployed"], "{release}");
    }
    let versions = |namespace: &str| {
        parse_json(pkg.run(["list", "-n", namespace, "-o", "json"]).ok())
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == "base")
            .map(|r| r.to_string())
            .unwrap()
    };
    assert!(versions(&ns).contains("1.0.0"), "{}", versions(&ns));
    assert!(versions(&other).contains("2.0.0"), "{}", versions(&other));
    // `stack status` shows each environment's releases side by side.
    let status = pkg.run(["stack", "status", "-f", &file]).ok().to_string();
    assert!(status.starts_with("Stack: diamond\n"), "{status}");
    assert!(
        status.contains("base 1.0.0") && status.contains("deployed"),
        "{status}"
    );
    // At 80 columns (issue 52): a header and a line per release, a table.
    let narrow = pkg.on_terminal(&["stack", "status", "-f", &file], 80);
    let table: Vec<&str> = narrow
        .lines()
        .skip_while(|l| !l.starts_with("RELEASE "))
        .collect();
    assert_eq!(table.len(), 5, "{narrow}");
    for line in narrow.lines() {
        assert!(line.chars().count() <= 80, "wider than 80:\n{narrow}");
        assert!(!line.starts_with(' '), "a leading space:\n{narrow}");
    }
    let status = parse_json(
        pkg.run(["stack", "status", "-f", &file, "-e", "b", "-o", "json"])
            .ok(),
    );
    let releases = status["releases"].as_array().unwrap();
    let names: Vec<&str> = releases
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["base", "left", "right", "top"]);
    assert_eq!(releases[0]["namespace"], other.as_str());
    assert_eq!(releases[0]["version"], "2.0.0");
    assert!(
        releases.iter().all(|r| r["status"] == "deployed"),
        "{status}"
    );
    // The stack's journal: the last apply finished, every release applied.
    assert_eq!(status["lastApply"]["finished"], true, "{status}");
    assert!(
        releases.iter().all(|r| r["lastApply"] == "applied"),
        "{status}"
    );

    // Applied again: nothing to change, nothing recorded.
    let again = pkg.run(["stack", "apply", "-f", &file, "--yes"]);
    again.ok();
    assert!(
        again.stderr.contains("Nothing to change"),
        "{}",
        again.stderr
    );
    assert_eq!(pkg.statuses("top", &ns), ["deployed"]);

    // Uninstalled as one plan, dependents first; environment b untouched.
    let run = pkg.run(["stack", "uninstall", "-f", &file, "--yes"]);
    let said = run.ok().to_string() + &run.stderr;
    let (base, left, top) = (
        first_line_of(&said, "base"),
        first_line_of(&said, "left"),
        first_line_of(&said, "top"),
    );
    assert!(top < left && left < base, "{said}");
    for release in ["base", "left", "right", "top"] {
        let statuses = pkg.statuses(release, &ns);
        assert!(
            statuses.iter().any(|s| s == "uninstalled"),
            "{release}: {statuses:?}"
        );
        assert_eq!(pkg.statuses(release, &other), ["deployed"], "{release}");
    }
    let none = pkg.run(["stack", "uninstall", "-f", &file, "--yes"]);
    assert!(
        none.ok().is_empty()
            && none
                .stderr
                .contains("No release of stack diamond is installed"),
        "{}",
        none.stderr
    );
}

#[test]
fn a_cycle_an_unknown_need_and_an_unknown_key_are_refused_before_any_request() {
    let pkg = Pkg::new();
    let dir = package(&pkg, "one", "1.0.0", 1);
    let cases = [
        (
            "cycle.yaml",
            format!(
                "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: s\nreleases:\n- {{name: a, namespace: x, package: ./{dir}, needs: [b]}}\n- {{name: b, namespace: x, package: ./{dir}, needs: [a]}}\n"
            ),
            vec!["cycle.yaml", "a", "b"],
        ),
        (
            "need.yaml",
            format!(
                "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: s\nreleases:\n- {{name: a, namespace: x, package: ./{dir}, needs: [ghost]}}\n"
            ),
            vec!["need.yaml", "ghost"],
        ),
        (
            "key.yaml",
            format!(
                "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: s\nreleases:\n- {{name: a, namespace: x, package: ./{dir}, replicas: 3}}\n"
            ),
            vec!["key.yaml", "replicas"],
        ),
    ];
    for (file, text, named) in cases {
        std::fs::write(pkg.work.path().join(file), text).unwrap();
        // No cluster is reachable: the file is refused before any request.
        let output = pkg
            .command(["stack", "plan", "-f", file])
            .env("KUBECONFIG", pkg.work.path().join("no-such-kubeconfig"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{file}: {stderr}");
        for name in named {
            assert!(
                stderr.contains(name),
                "{file}: {stderr} does not name {name}"
            );
        }
        assert!(!stderr.contains("kubeconfig"), "{file}: {stderr}");
    }
}

#[test]
fn a_saved_stack_plan_applies_exactly_or_is_refused_as_a_whole() {
    let pkg = Pkg::new();
    let (ns, other) = (pkg.namespace("stack-s"), pkg.namespace("stack-t"));
    let file = diamond(&pkg, &ns, &other);

    // Edited: one value of one release's plan.
    pkg.run(["stack", "plan", "-f", &file, "--out", "plan.json"])
        .ok();
    let mut edited =
        parse_json(&std::fs::read_to_string(pkg.work.path().join("plan.json")).unwrap());
    let manifest = &mut edited["releases"][1]["plan"]["objects"][0]["manifest"];
    manifest["data"]["version"] = serde_json::json!("9.9.9");
    std::fs::write(pkg.work.path().join("edited.json"), edited.to_string()).unwrap();
    let refused = pkg.run(["apply", "edited.json", "--yes"]);
    assert!(
        refused.fails(1).contains("edited after it was made"),
        "{}",
        refused.stderr
    );

    // Drifted: an object one release would create now exists.
    pkg.kubectl(["create", "configmap", "top-0", "-n", &ns])
        .ok();
    let refused = pkg.run(["apply", "plan.json", "--yes"]);
    let said = refused.fails(1).to_string();
    assert!(
        said.contains("release top") && said.contains("nothing was applied in any release"),
        "{said}"
    );
    for release in ["base", "left", "right", "top"] {
        assert!(never_recorded(&pkg, release, &ns), "{release} was written");
    }

    // Planned again (top now adopts nothing: remove the intruder) and applied exactly.
    pkg.kubectl(["delete", "configmap", "top-0", "-n", &ns])
        .ok();
    pkg.run(["stack", "plan", "-f", &file, "--out", "plan2.json"])
        .ok();
    let saved = parse_json(&std::fs::read_to_string(pkg.work.path().join("plan2.json")).unwrap());
    pkg.run(["apply", "plan2.json", "--yes", "--wait=false"])
        .ok();
    for (index, release) in ["base", "left", "right", "top"].iter().enumerate() {
        let history = pkg.history(release, &ns);
        let planned = saved["releases"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == *release)
            .unwrap();
        assert_eq!(
            history[0]["planHash"], planned["plan"]["hash"],
            "{release} ({index}) applied exactly its planned plan"
        );
    }
    let again = pkg.run(["apply", "plan2.json", "--yes"]);
    assert_eq!(again.code, 1, "a stack plan applies once: {}", again.stderr);
}

#[test]
fn a_failing_release_stops_only_what_needs_it() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-f");
    let base = package(&pkg, "base", "1.0.0", 1);
    let other = package(&pkg, "other", "1.0.0", 1);
    let child = package(&pkg, "child", "1.0.0", 1);
    // No controller runs here: a Deployment never becomes ready.
    let bad = never_ready(&pkg, "bad");
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1
kind: Stack
name: failing
releases:
- {{name: base, namespace: {ns}, package: ./{base}}}
- {{name: bad, namespace: {ns}, package: ./{bad}, needs: [base]}}
- {{name: child, namespace: {ns}, package: ./{child}, needs: [bad]}}
- {{name: other, namespace: {ns}, package: ./{other}, needs: [base]}}
"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    let run = pkg.run([
        "stack",
        "apply",
        "--yes",
        "--timeout",
        "3s",
        "--skip-image-check",
    ]);
    let said = run.fails(1).to_string();
    assert!(said.contains("Release bad: FAILED"), "{said}");
    assert!(
        said.contains("Release child: not applied: it needs bad"),
        "{said}"
    );
    assert!(said.contains("1 of 4") || said.contains("2 of 4"), "{said}");
    assert_eq!(pkg.statuses("base", &ns), ["deployed"]);
    assert_eq!(pkg.statuses("other", &ns), ["deployed"]);
    assert!(never_recorded(&pkg, "child", &ns));

    // Again: the healthy releases are not touched (no new revision).
    pkg.run([
        "stack",
        "apply",
        "--yes",
        "--timeout",
        "3s",
        "--skip-image-check",
    ]);
    assert_eq!(pkg.statuses("base", &ns), ["deployed"]);
    assert_eq!(pkg.statuses("other", &ns), ["deployed"]);
}

/// `stack lock` records what each release resolves to; `--locked` then
/// refuses a release whose constraint resolves to a version pushed after
/// the lock, and `stack lock --update` takes the new one.
#[test]
fn locked_refuses_a_release_that_now_resolves_to_a_newer_version() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-l");
    let repository = format!(
        "oci://{}/{}",
        pkg.env.registry,
        kubectl_pkg_e2e::unique("stk")
    );
    let v1 = package(&pkg, "locked", "1.0.0", 1);
    pkg.run(["push", &v1, &repository]).ok();
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1
kind: Stack
name: locking
releases:
- {{name: app, namespace: {ns}, package: {repository}/locked, version: \">=1.0\"}}
"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    pkg.run(["stack", "lock"]).ok();
    let lock = std::fs::read_to_string(pkg.work.path().join("stack.lock")).unwrap();
    assert!(
        lock.contains("kind: StackLock") && lock.contains("version: \"1.0.0\""),
        "{lock}"
    );
    pkg.run(["stack", "plan", "--locked", "--skip-image-check"])
        .ok();

    let v2 = package(&pkg, "locked", "1.1.0", 1);
    pkg.run(["push", &v2, &repository]).ok();
    let refused = pkg.run(["stack", "plan", "--locked", "--skip-image-check"]);
    let said = refused.fails(1).to_string();
    assert!(
        said.contains("release \"app\"")
            && said.contains("version locked 1.0.0, resolved 1.1.0")
            && said.contains("stack.lock, nothing was planned")
            && said.contains("run `kubectl pkg stack lock -f stack.yaml --update` to record"),
        "{said}"
    );
    // Without --locked, the newer version is planned.
    let planned = parse_json(
        pkg.run(["stack", "plan", "--skip-image-check", "-o", "json"])
            .ok(),
    );
    assert_eq!(
        planned["releases"][0]["plan"]["package"]["version"],
        "1.1.0"
    );
    // The lock changes only when asked to.
    let kept = pkg.run(["stack", "lock"]);
    assert!(kept.fails(1).contains("--update"), "{}", kept.stderr);
    pkg.run(["stack", "lock", "--update"]).ok();
    let lock = std::fs::read_to_string(pkg.work.path().join("stack.lock")).unwrap();
    assert!(lock.contains("version: \"1.1.0\""), "{lock}");
    pkg.run(["stack", "plan", "--locked", "--skip-image-check"])
        .ok();
}

/// A release whose package requires another release's package is ordered
/// after it (issue 34 within a stack), with no `needs:` written, and its
/// plan says the requirement is met by that planned release.
#[test]
fn a_requirement_met_by_another_release_of_the_stack_orders_the_stack() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-r");
    let operator = format!("op{}", kubectl_pkg_e2e::unique("x").replace('-', ""));
    let provider = package(&pkg, &operator, "1.2.0", 1);
    let user = package(&pkg, "user", "1.0.0", 1);
    let manifest = pkg.work.path().join(&user).join("package.yaml");
    let mut text = std::fs::read_to_string(&manifest).unwrap();
    text.push_str(&format!(
        "requires:\n  packages:\n  - name: {operator}\n    version: \">=1.0\"\n"
    ));
    std::fs::write(&manifest, text).unwrap();
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1
kind: Stack
name: requiring
releases:
- {{name: app, namespace: {ns}, package: ./{user}}}
- {{name: ops, namespace: {ns}, package: ./{provider}}}
"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    // On its own, the requirement is unmet (exit 5) ...
    pkg.run(["install", &format!("./{user}"), "-n", &ns, "--dry-run"])
        .fails(5);
    // ... in the stack, the release that installs it goes first and meets it.
    let plan = parse_json(pkg.run(["stack", "plan", "-o", "json"]).ok());
    assert_eq!(plan["order"], serde_json::json!([["ops"], ["app"]]));
    let app = &plan["releases"][1];
    assert_eq!(app["needs"], serde_json::json!(["ops"]));
    let entries = app["plan"]["requirements"]["entries"].as_array().unwrap();
    let met = entries
        .iter()
        .find(|e| e["need"].to_string().contains(&operator))
        .unwrap_or_else(|| panic!("{entries:?}"));
    assert_eq!(met["state"], "met", "{met}");
    assert!(met["satisfiedBy"].to_string().contains("ops"), "{met}");
    pkg.run(["stack", "apply", "--yes", "--wait=false"]).ok();
    assert_eq!(pkg.statuses("app", &ns), ["deployed"]);
}

/// `--only` plans a release and what it needs, and the plan records which
/// release was asked for.
#[test]
fn only_takes_a_release_and_what_it_needs() {
    let pkg = Pkg::new();
    let (ns, other) = (pkg.namespace("stack-o"), pkg.namespace("stack-p"));
    let file = diamond(&pkg, &ns, &other);
    let plan = parse_json(
        pkg.run(["stack", "plan", "-f", &file, "--only", "left", "-o", "json"])
            .ok(),
    );
    assert_eq!(plan["order"], serde_json::json!([["base"], ["left"]]));
    assert_eq!(plan["stack"]["only"], serde_json::json!(["left"]));
    let text = pkg
        .run(["stack", "plan", "-f", &file, "--only", "left"])
        .ok()
        .to_string();
    assert!(
        text.contains("Only:      left (and what they need)"),
        "{text}"
    );
    let unknown = pkg.run(["stack", "plan", "-f", &file, "--only", "ghost"]);
    assert!(unknown.fails(1).contains("ghost"), "{}", unknown.stderr);
}

/// An apply killed midway: `stack status` shows it interrupted and how far
/// each release got; applying the same saved plan again resumes it (what
/// was applied is not applied again, the release left half-applied is
/// named, the rest goes on), under the same stack hash only.
#[test]
fn an_interrupted_apply_resumes_under_the_same_stack_hash() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-r");
    let base = package(&pkg, "base", "1.0.0", 1);
    let mid = package(&pkg, "mid", "1.0.0", 1);
    let top = package(&pkg, "top", "1.0.0", 1);
    let slow = never_ready(&pkg, "slow");
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1
kind: Stack
name: resumed
namespace: {ns}
releases:
- {{name: base, namespace: {ns}, package: ./{base}}}
- {{name: slow, namespace: {ns}, package: ./{slow}, needs: [base]}}
- {{name: mid, namespace: {ns}, package: ./{mid}, needs: [base]}}
- {{name: top, namespace: {ns}, package: ./{top}, needs: [mid]}}
"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    pkg.run(["stack", "plan", "--skip-image-check", "--out", "plan.json"])
        .ok();
    let mut apply = Killed(
        pkg.command(["apply", "plan.json", "--yes", "--timeout", "5m"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    eventually("mid is deployed while slow waits", || {
        if let Ok(Some(_)) = apply.0.try_wait() {
            let mut said = String::new();
            let stderr = apply.0.stderr.as_mut().unwrap();
            std::io::Read::read_to_string(stderr, &mut said).unwrap();
            panic!("the apply ended early: {said}");
        }
        let mid = pkg.run(["history", "mid", "-n", &ns, "-o", "json"]);
        mid.code == 0 && mid.stdout.contains("deployed") && pkg.exists(&ns, "deployment/slow")
    });
    std::thread::sleep(Duration::from_millis(300));
    drop(apply); // SIGKILL: no chance to write anything more

    let status = pkg.run(["stack", "status"]).ok().to_string();
    assert!(
        status.contains("(interrupted: apply the same plan again to resume it)"),
        "{status}"
    );
    let status = parse_json(pkg.run(["stack", "status", "-o", "json"]).ok());
    assert_eq!(status["lastApply"]["finished"], false, "{status}");
    let state = |name: &str| {
        status["releases"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .map(|r| r["lastApply"].clone())
            .unwrap()
    };
    assert_eq!(state("base"), "applied", "{status}");
    assert_eq!(state("top"), "pending", "{status}");
    assert!(never_recorded(&pkg, "top", &ns));

    let again = pkg.run(["apply", "plan.json", "--yes", "--wait=false"]);
    let said = again.fails(1).to_string();
    assert!(
        said.contains("Resumed the last apply of this stack plan"),
        "{said}"
    );
    assert!(said.contains("Release base: already applied"), "{said}");
    assert!(said.contains("Release mid: already applied"), "{said}");
    assert!(
        said.contains(
            "Release slow: FAILED: an earlier apply of this plan left revision 1 pending"
        ),
        "{said}"
    );
    assert!(said.contains("Release top: deployed"), "{said}");
    for release in ["base", "mid", "top"] {
        assert_eq!(pkg.statuses(release, &ns), ["deployed"], "{release}");
    }
    // Finished now: the same plan does not apply a second time.
    let status = parse_json(pkg.run(["stack", "status", "-o", "json"]).ok());
    assert_eq!(status["lastApply"]["finished"], true, "{status}");
    assert_eq!(pkg.run(["apply", "plan.json", "--yes"]).code, 1);
}

/// A release removed from the stack file stays installed and is named in
/// the plan; `--prune` plans uninstalling it, last, and keeps its history.
#[test]
fn a_release_removed_from_the_file_is_uninstalled_only_with_prune() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-p");
    let kept = package(&pkg, "kept", "1.0.0", 1);
    let gone = package(&pkg, "gone", "1.0.0", 1);
    let write = |releases: &str| {
        let stack = format!(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: pruned\nnamespace: {ns}\nreleases:\n{releases}"
        );
        std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    };
    let kept_line = format!("- {{name: kept, namespace: {ns}, package: ./{kept}}}\n");
    write(&format!(
        "{kept_line}- {{name: gone, namespace: {ns}, package: ./{gone}}}\n"
    ));
    pkg.run(["stack", "apply", "--yes"]).ok();
    write(&kept_line);

    let plan = pkg.run(["stack", "plan"]).ok().to_string();
    assert!(
        plan.contains(&format!(
            "release gone (namespace {ns}) belongs to the stack but the file no longer declares it"
        )),
        "{plan}"
    );
    let status = parse_json(pkg.run(["stack", "status", "-o", "json"]).ok());
    assert_eq!(
        status["notDeclared"],
        serde_json::json!(["gone"]),
        "{status}"
    );
    pkg.run(["stack", "apply", "--yes"]).ok();
    assert_eq!(
        pkg.statuses("gone", &ns),
        ["deployed"],
        "left alone without --prune"
    );

    let pruned = parse_json(pkg.run(["stack", "plan", "--prune", "-o", "json"]).ok());
    assert_eq!(pruned["stack"]["prune"], true);
    assert_eq!(pruned["order"], serde_json::json!([["kept"], ["gone"]]));
    assert_eq!(pruned["releases"][1]["plan"]["operation"], "uninstall");
    assert_eq!(
        pkg.run(["stack", "plan", "--prune", "--only", "kept"]).code,
        64
    );

    pkg.run(["stack", "apply", "--prune", "--yes"]).ok();
    assert_eq!(
        pkg.statuses("gone", &ns),
        ["superseded", "uninstalled"],
        "history kept"
    );
    assert_eq!(pkg.statuses("kept", &ns), ["deployed"]);
    let status = parse_json(pkg.run(["stack", "status", "-o", "json"]).ok());
    assert_eq!(status["notDeclared"], serde_json::json!([]), "{status}");
}

/// A stack plan is reviewed as one: the risk policy judges every release's
/// plan (refusing the stack, exit 4, naming the release), and the approvals
/// a policy requires are of the stack hash (`kubectl pkg approve` signs a
/// saved stack plan); each release's record names who approved.
#[test]
fn the_risk_policy_and_approvals_apply_to_the_stack_hash() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-v");
    let plain = package(&pkg, "plain", "1.0.0", 1);
    let role = format!(
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: reader\n  namespace: {ns}\nrules:\n- apiGroups: ['']\n  resources: [secrets]\n  verbs: [get, list]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: reader\n  namespace: {ns}\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: reader\nsubjects:\n- kind: ServiceAccount\n  name: default\n  namespace: {ns}\n"
    );
    pkg.write_package("reader-1", "reader", "1.0.0", &[("role.yaml", &role)]);
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: reviewed\nnamespace: {ns}\nreleases:\n- {{name: plain, namespace: {ns}, package: ./{plain}}}\n- {{name: reader, namespace: {ns}, package: ./reader-1, needs: [plain]}}\n"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();

    let refused = pkg.run(["stack", "plan", "--max-risk", "info"]);
    let said = refused.fails(4).to_string();
    assert!(said.contains("release reader"), "{said}");
    assert!(said.contains("rbac-read-secrets"), "{said}");
    let accepted = ["--max-risk", "info", "--accept-risk", "rbac-read-secrets"];
    let mut plan_args = vec!["stack", "plan", "--out", "plan.json", "-o", "json"];
    plan_args.extend(accepted);
    let planned = parse_json(pkg.run(plan_args).ok());
    assert!(
        planned["releases"][1]["plan"]["policy"].is_object(),
        "the policy's outcome is in the release plan, so in the stack hash: {planned}"
    );
    // A fresh plan has no approvals: refused when the policy requires one.
    let fresh = pkg.run(["stack", "apply", "--yes", "--require-approvals", "1"]);
    assert_ne!(fresh.code, 0);
    assert!(never_recorded(&pkg, "plain", &ns));

    let (alice, _) = pkg.key_pair("alice");
    let trusted = pkg.work.path().join("keys").display().to_string();
    let apply = || {
        pkg.run([
            "apply",
            "plan.json",
            "--yes",
            "--wait=false",
            "--require-approvals",
            "1",
            "--trusted-keys",
            &trusted,
        ])
    };
    let said = apply().fails(4).to_string();
    assert!(
        said.contains("needs 1 approval(s) by trusted keys and has 0"),
        "{said}"
    );
    assert!(never_recorded(&pkg, "plain", &ns));
    let approved = pkg.run([
        "approve",
        "plan.json",
        "--key",
        &alice,
        "--approver",
        "alice@example.com",
    ]);
    let hash = planned["hash"].as_str().unwrap();
    assert!(
        approved.ok().starts_with(&format!("Approved plan {hash} ")),
        "the stack hash is signed"
    );
    apply().ok();
    for release in ["plain", "reader"] {
        let history = pkg.run(["history", release, "-n", &ns]).ok().to_string();
        assert!(
            history.contains("Revision 1 approved by alice@example.com"),
            "{history}"
        );
    }
}

/// Promoting between environments is a diff of their plans: per release,
/// versions and digests, values, and the objects that differ or are on one
/// side only, namespaces aside; from saved plans the same.
#[test]
fn two_environments_are_compared_release_by_release() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-c");
    let other = pkg.namespace("stack-c-b");
    let file = diamond(&pkg, &ns, &other);
    let compared = pkg.run(["stack", "compare", "-f", &file, "base", "b"]);
    let text = compared.ok().to_string();
    assert!(text.starts_with("Stack diamond: base -> b\n"), "{text}");
    assert!(text.contains("only in b (promoting adds it)"), "{text}");
    let json = parse_json(
        pkg.run(["stack", "compare", "base", "b", "-o", "json"])
            .ok(),
    );
    let release = |name: &str| {
        json["releases"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()
            .clone()
    };
    let base = release("base");
    assert_eq!(base["from"]["version"], "1.0.0", "{json}");
    assert_eq!(base["to"]["version"], "2.0.0", "{json}");
    assert_eq!(base["to"]["namespace"], other.as_str());
    let changes: Vec<(&str, &str)> = base["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["object"].as_str().unwrap(), o["change"].as_str().unwrap()))
        .collect();
    assert_eq!(
        changes,
        [
            ("ConfigMap/base-0", "differs"),
            ("ConfigMap/base-1", "differs"),
            ("ConfigMap/base-2", "only-in-to")
        ],
        "{json}"
    );
    // The other releases differ only by namespace: the same.
    for name in ["left", "right", "top"] {
        let release = release(name);
        assert_eq!(release["objects"], serde_json::json!([]), "{name}: {json}");
        assert_eq!(release["same"], 1, "{name}");
    }

    // Saved plans compare the same way.
    pkg.run(["stack", "plan", "--out", "a.json"]).ok();
    pkg.run(["stack", "plan", "-e", "b", "--out", "b.json"])
        .ok();
    let saved = parse_json(
        pkg.run(["stack", "compare", "a.json", "b.json", "-o", "json"])
            .ok(),
    );
    assert_eq!(saved, json);
}

/// Releases sharing a namespace the cluster does not have: the first in
/// the stack's order creates it, the others come after it and plan no
/// Namespace of their own.
#[test]
fn a_new_namespace_shared_by_releases_is_created_once() {
    let pkg = Pkg::new();
    let record = pkg.namespace("stack-n");
    let shared = unique("stack-n-new");
    let one = package(&pkg, "one", "1.0.0", 1);
    let two = package(&pkg, "two", "1.0.0", 1);
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: shared\nnamespace: {record}\nreleases:\n- {{name: one, namespace: {shared}, package: ./{one}}}\n- {{name: two, namespace: {shared}, package: ./{two}}}\n"
    );
    // The stack's record namespace must exist: refused before any write.
    let missing = unique("stack-n-none");
    let elsewhere = stack.replace(
        &format!("namespace: {record}\n"),
        &format!("namespace: {missing}\n"),
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), elsewhere).unwrap();
    let refused = pkg.run(["stack", "apply", "--yes", "--wait=false"]);
    assert!(
        refused
            .fails(1)
            .contains(&format!("namespace {missing:?}, which does not exist")),
        "{}",
        refused.stderr
    );
    assert!(!pkg.exists("", &format!("namespace/{shared}")));
    // Two releases writing one object are refused before anything is written.
    let copy = package(&pkg, "one", "2.0.0", 1);
    let both = format!("{stack}- {{name: copy, namespace: {shared}, package: ./{copy}}}\n");
    std::fs::write(pkg.work.path().join("stack.yaml"), both).unwrap();
    let refused = pkg.run(["stack", "apply", "--yes", "--wait=false"]);
    let said = refused.fails(1).to_string();
    assert!(
        said.contains(&format!(
            "releases copy and one of the stack both write ConfigMap/{shared}/one-0"
        )),
        "{said}"
    );
    assert!(!pkg.exists("", &format!("namespace/{shared}")));
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    let plan = parse_json(pkg.run(["stack", "plan", "-o", "json"]).ok());
    let creates = |index: usize| {
        plan["releases"][index]["plan"]["objects"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["kind"] == "Namespace")
            .count()
    };
    assert_eq!((creates(0), creates(1)), (1, 0), "{plan}");
    assert_eq!(plan["order"], serde_json::json!([["one"], ["two"]]));
    assert_eq!(plan["releases"][1]["needs"], serde_json::json!(["one"]));
    pkg.run(["stack", "apply", "--yes", "--wait=false"]).ok();
    assert_eq!(pkg.statuses("one", &shared), ["deployed"]);
    assert_eq!(pkg.statuses("two", &shared), ["deployed"]);
}

/// How many access reviews the binary asked for running `args` (counted in
/// its request log).
fn access_reviews(pkg: &Pkg, args: &[&str]) -> usize {
    let output = (pkg.command(args))
        .env("KUBECTL_PKG_LOG", "libpkg=debug")
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    log.lines()
        .filter(|line| line.contains("/selfsubjectaccessreviews") && line.ends_with("requesting"))
        .count()
}

#[test]
fn releases_planned_together_ask_each_access_question_once() {
    let pkg = Pkg::new();
    let namespace = pkg.namespace("stack-q");
    let one = package(&pkg, "one", "1.0.0", 2);
    let two = package(&pkg, "two", "1.0.0", 3);
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: questions\nreleases:\n- {{name: one, namespace: {namespace}, package: ./{one}}}\n- {{name: two, namespace: {namespace}, package: ./{two}}}\n"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();
    let alone = access_reviews(
        &pkg,
        &[
            "install",
            &format!("./{one}"),
            "--name",
            "one",
            "-n",
            &namespace,
            "--dry-run",
        ],
    );
    assert!(alone > 0);
    // Two releases of the same kinds in one namespace have the same
    // questions: asked once for both.
    assert_eq!(access_reviews(&pkg, &["stack", "plan"]), alone);
}

/// Issue 51: a stack planned by an embedder through the library alone
/// (libpkg's `embed` example) is the CLI's stack plan byte for byte: each
/// release fetched by the library with its values layered as the file says
/// (inline values, then values files, then `set`); the embedder is refused
/// by the same risk policy, and what it applies is what the CLI planned.
#[test]
fn an_embedder_plans_and_applies_the_stack_the_cli_plans() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stack-embed");
    let base = package(&pkg, "base", "1.0.0", 2);
    let chart = pkg.work.path().join("web");
    std::fs::create_dir_all(chart.join("templates")).unwrap();
    std::fs::write(
        chart.join("Chart.yaml"),
        "apiVersion: v2\nname: web\nversion: 1.0.0\n",
    )
    .unwrap();
    std::fs::write(
        chart.join("values.yaml"),
        "inline: chart\nfile: chart\nset: chart\n",
    )
    .unwrap();
    std::fs::write(
        chart.join("templates/settings.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-settings\ndata:\n  inline: {{ .Values.inline | quote }}\n  file: {{ .Values.file | quote }}\n  set: {{ .Values.set | quote }}\n",
    )
    .unwrap();
    std::fs::write(
        pkg.work.path().join("prod-values.yaml"),
        "file: file\nset: file\n",
    )
    .unwrap();
    let role = format!(
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: reader\n  namespace: {ns}\nrules:\n- apiGroups: ['']\n  resources: [secrets]\n  verbs: [get]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: reader\n  namespace: {ns}\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: reader\nsubjects:\n- kind: ServiceAccount\n  name: default\n  namespace: {ns}\n"
    );
    pkg.write_package("reader-1", "reader", "1.0.0", &[("role.yaml", &role)]);
    let stack = format!(
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: embedded\nnamespace: {ns}\nreleases:\n- {{name: base, namespace: {ns}, package: ./{base}}}\n- {{name: web, namespace: {ns}, package: ./web, needs: [base], values: {{inline: inline, file: inline, set: inline}}}}\n- {{name: reader, namespace: {ns}, package: ./reader-1}}\nenvironments:\n  prod:\n    releases:\n      web: {{valuesFiles: [prod-values.yaml], set: [set=set]}}\n"
    );
    std::fs::write(pkg.work.path().join("stack.yaml"), stack).unwrap();

    // The same risk policy refuses both, naming the release and the finding.
    let policy = pkg.work.path().join("policy.yaml");
    std::fs::write(
        &policy,
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Policy\nmaxRisk: info\n",
    )
    .unwrap();
    let cli = pkg
        .command(["stack", "plan", "-e", "prod"])
        .env("KUBECTL_PKG_POLICY", &policy)
        .output()
        .unwrap();
    assert_eq!(cli.status.code(), Some(4), "{cli:?}");
    let embedded = pkg
        .program(
            crate::airgap::embed_example(),
            ["stack", "plan", "stack.yaml", "prod"],
        )
        .env("KUBECTL_PKG_POLICY", &policy)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(embedded.status.code(), Some(4), "{embedded:?}");
    for said in [&cli.stderr, &embedded.stderr] {
        let said = String::from_utf8_lossy(said);
        assert!(
            said.contains("release reader") && said.contains("rbac-read-secrets"),
            "{said}"
        );
    }

    // Without the policy: the CLI's saved plan is the embedder's.
    pkg.run(["stack", "plan", "-e", "prod", "--out", "cli-stack.json"])
        .ok();
    let said = crate::airgap::run_embed(
        &pkg,
        &["stack", "apply", "stack.yaml", "prod"],
        "y\n",
        "embed-stack.json",
    );
    assert_eq!(
        crate::airgap::saved_hash(&pkg, "embed-stack.json"),
        crate::airgap::saved_hash(&pkg, "cli-stack.json"),
        "{said}"
    );
    let settings = pkg.get_json(Some(&ns), "configmap", "web-settings");
    assert_eq!(
        settings["data"],
        serde_json::json!({"inline": "inline", "file": "file", "set": "set"}),
        "inline values, then the values file, then set"
    );
    // What the embedder applied is what the CLI plans: nothing is left to change.
    let again = parse_json(pkg.run(["stack", "plan", "-e", "prod", "-o", "json"]).ok());
    let releases = again["releases"].as_array().unwrap();
    assert_eq!(releases.len(), 3);
    for release in releases {
        assert_eq!(release["plan"]["operation"], "upgrade", "{release}");
        let objects = release["plan"]["objects"].as_array().unwrap();
        assert!(
            objects.iter().all(|o| o["action"] == "unchanged"),
            "{release}"
        );
    }
}
