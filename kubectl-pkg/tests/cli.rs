//! The command line itself, without servers: every command has help with an
//! example, and usage errors exit with code 2.
//!
//! (This target also makes `cargo test --workspace` build the `kubectl-pkg`
//! binary that the end-to-end tests in `tests/` drive.)

use std::process::Command;

const BINARY: &str = env!("CARGO_BIN_EXE_kubectl-pkg");

fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(BINARY)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_command_has_help_with_an_example() {
    for command in [
        &["install"][..],
        &["upgrade"],
        &["rollback"],
        &["uninstall"],
        &["apply"],
        &["list"],
        &["status"],
        &["history"],
        &["template"],
        &["show"],
        &["push"],
        &["repo", "add"],
        &["version"],
        &["completion"],
    ] {
        let mut args = command.to_vec();
        args.push("--help");
        let (code, stdout, _) = run(&args);
        assert_eq!(code, 0, "{command:?}");
        assert!(
            stdout.contains("Example"),
            "{command:?} --help has no example:\n{stdout}"
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    let (code, _, stderr) = run(&["install"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("<PACKAGE>"), "{stderr}");
    let (code, _, _) = run(&["no-such-command"]);
    assert_eq!(code, 2);
}

#[test]
fn offline_install_needs_dry_run() {
    let (code, _, stderr) = run(&["install", "./x", "--offline"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("--dry-run"), "{stderr}");
}
