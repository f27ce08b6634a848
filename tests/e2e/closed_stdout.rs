//! Issue 39 (4): every command that prints stops quietly (exit 0, no panic)
//! when the reader of its standard output is gone before the first write
//! (`kubectl pkg get manifest R | true`); a mutating command that could not
//! show its plan applies nothing and exits 1.

use std::process::Stdio;

use kubectl_pkg_e2e::{Pkg, config_maps};

/// Runs the binary with its standard output a pipe whose reading end is
/// closed at once: (exit code, stderr).
fn with_stdout_closed(pkg: &Pkg, args: &[&str]) -> (Option<i32>, String) {
    let mut child = pkg
        .command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kubectl-pkg starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("kubectl-pkg runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_printing_command_stops_quietly_when_its_reader_is_gone() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("pipe");
    pkg.write_package("app", "app", "1.0.0", &config_maps("piped", 3, "1"));
    pkg.run(["install", "./app", "-n", &ns, "--yes", "--wait=false"])
        .ok();
    pkg.write_package("other", "other", "1.0.0", &config_maps("other", 2, "1"));
    let registry = format!("oci://{}/{}", pkg.env.registry, ns);
    pkg.run(["repo", "add", "piped", &registry]).ok();

    let commands: &[&[&str]] = &[
        &["get", "manifest", "app", "-n", &ns],
        &["get", "plan", "app", "-n", &ns],
        &["get", "plan", "app", "-n", &ns, "-o", "json"],
        &["get", "values", "app", "-n", &ns],
        &["get", "all", "app", "-n", &ns],
        &["history", "app", "-n", &ns],
        &["status", "app", "-n", &ns],
        &["list", "-n", &ns],
        &["show", "./app"],
        &["repo", "list"],
        &["version"],
        &["template", "./app"],
        &["completion", "bash"],
        &["install", "./other", "-n", &ns, "--dry-run"],
        &["upgrade", "app", "./app", "-n", &ns, "--dry-run"],
        &["install", "./app", "--offline", "--dry-run"],
    ];
    for args in commands {
        let (code, stderr) = with_stdout_closed(&pkg, args);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_mutating_command_whose_plan_could_not_be_shown_applies_nothing() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("pipe");
    pkg.write_package("app", "app", "1.0.0", &config_maps("unseen", 2, "1"));
    let (code, stderr) = with_stdout_closed(
        &pkg,
        &["install", "./app", "-n", &ns, "--yes", "--wait=false"],
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr
            .contains("standard output was closed before the plan was shown: nothing was applied"),
        "{stderr}"
    );
    let history = pkg.run(["history", "app", "-n", &ns]);
    assert!(
        history.fails(1).contains("not found"),
        "a release was recorded"
    );
    assert!(
        !pkg.exists(&ns, "configmap/unseen-0"),
        "an object was applied"
    );
}

/// Runs the binary with its standard error a pipe whose reading end was
/// closed before it started (every write fails with a broken pipe): (exit
/// code, stdout).
fn with_stderr_closed(pkg: &Pkg, args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let output = pkg
        .command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(writer)
        .output()
        .expect("kubectl-pkg runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Issue 51: a command whose stderr is gone (`2>&1 | head` after the reader
/// left) exits with the code it would have had; `eprintln!` panicked (101).
#[test]
fn a_command_whose_stderr_is_closed_exits_with_its_usual_code() {
    let pkg = Pkg::new();
    let ns = pkg.namespace("stderr");
    pkg.write_package("app", "app", "1.0.0", &config_maps("quiet", 2, "1"));
    let registry = format!("oci://{}/{}", pkg.env.registry, ns);
    // Success, with its report on stderr.
    let (code, _) = with_stderr_closed(&pkg, &["repo", "add", "gone", &registry]);
    assert_eq!(code, Some(0), "repo add");
    // An error, its message lost.
    let (code, _) = with_stderr_closed(&pkg, &["install", "./missing", "--offline", "--dry-run"]);
    assert_eq!(code, Some(1), "install of a missing directory");
    // A usage error found after parsing.
    let (code, _) = with_stderr_closed(
        &pkg,
        &[
            "install",
            "./app",
            "--offline",
            "--dry-run",
            "--set",
            "a[=1",
        ],
    );
    assert_eq!(code, Some(64), "a --set line that does not parse");
    // The plan still reaches stdout.
    let (code, stdout) = with_stderr_closed(&pkg, &["install", "./app", "--offline", "--dry-run"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("quiet-0"), "{stdout}");
}
