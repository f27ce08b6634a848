//! The command line itself, without servers: every command has help with an
//! example, usage errors exit with code 2, and the committed completion
//! scripts are the ones the command line generates.
//!
//! (This target also makes `cargo test --workspace` build the `kubectl-pkg`
//! binary that the end-to-end tests in `tests/` drive.)

use std::path::Path;
use std::process::Command;

use clap_complete::Shell;

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

/// The subcommands `--help` lists under `Commands:` (without `help`).
fn subcommands(path: &[String]) -> Vec<String> {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let (code, stdout, _) = run(&args);
    assert_eq!(code, 0, "{path:?}");
    stdout
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        // A command's line is indented by two; its wrapped description, by more.
        .filter(|line| !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_has_help_with_an_example() {
    let mut pending: Vec<Vec<String>> = subcommands(&[])
        .into_iter()
        .map(|name| vec![name])
        .collect();
    let mut checked = 0;
    while let Some(path) = pending.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let (code, stdout, _) = run(&args);
        assert_eq!(code, 0, "{path:?}");
        assert!(
            stdout.contains("Example"),
            "{path:?} --help has no example:\n{stdout}"
        );
        for sub in subcommands(&path) {
            let mut child = path.clone();
            child.push(sub);
            pending.push(child);
        }
        checked += 1;
    }
    // install … completion, and repo add/list/remove.
    assert!(checked >= 17, "only {checked} commands found");
}

#[test]
fn usage_errors_exit_64_apart_from_the_detailed_exitcode_2_and_help_exits_0() {
    let (code, _, stderr) = run(&["install"]);
    assert_eq!(code, 64);
    assert!(stderr.contains("<PACKAGE>"), "{stderr}");
    // Without a package, a -f file must be a PackageInstall.
    let values = std::env::temp_dir().join(format!("values-{}.yaml", std::process::id()));
    std::fs::write(&values, "replicas: 2\n").unwrap();
    let (code, _, stderr) = run(&["install", "-f", values.to_str().unwrap()]);
    std::fs::remove_file(&values).unwrap();
    assert_eq!(code, 64, "{stderr}");
    assert!(
        stderr.contains("<PACKAGE> (or -f FILE holding a kapp-controller PackageInstall)"),
        "{stderr}"
    );
    let (code, _, _) = run(&["no-such-command"]);
    assert_eq!(code, 64);
    let (code, stdout, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("Usage"), "{stdout}");
    let (code, _, stderr) = run(&["install", "./x", "--timeout", "30"]);
    assert_eq!(code, 64);
    assert!(stderr.contains("\"30\" has no unit: write 30s"), "{stderr}");
}

#[test]
fn helm_spellings_are_aliases_and_global_flags_are_grouped_in_help() {
    for (alias, command) in [("ls", "list"), ("delete", "uninstall"), ("un", "uninstall")] {
        let (code, stdout, stderr) = run(&[alias, "--help"]);
        assert_eq!(code, 0, "{alias}: {stderr}");
        assert!(
            stdout.contains(&format!("Usage: kubectl pkg {command}")),
            "{alias}: {stdout}"
        );
    }
    let (_, help, _) = run(&["list", "--help"]);
    let (own, global) = help
        .split_once("Global options:")
        .expect("a Global options group");
    assert!(
        own.contains("--all-namespaces") && !own.contains("--kubeconfig"),
        "{help}"
    );
    assert!(
        global.contains("--kubeconfig") && global.contains("--context"),
        "{help}"
    );
}

#[test]
fn offline_install_needs_dry_run() {
    let (code, _, stderr) = run(&["install", "./x", "--offline"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("--dry-run"), "{stderr}");
}

#[test]
fn completion_scripts_are_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../completions");
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::PowerShell,
        Shell::Elvish,
    ] {
        let (code, generated, stderr) = run(&["completion", &shell.to_string()]);
        assert_eq!(code, 0, "{stderr}");
        let file = dir.join(clap_complete::Generator::file_name(&shell, "kubectl-pkg"));
        let committed = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            committed == generated,
            "{} is stale: run completions/generate",
            file.display()
        );
    }
}

#[test]
fn registry_options_are_on_the_commands_that_read_a_registry_only() {
    for command in [
        &["install"][..],
        &["upgrade"],
        &["template"],
        &["show"],
        &["show", "values"],
        &["verify"],
        &["push"],
        &["bundle"],
        &["import"],
        &["repo", "add"],
        &["propose", "install"],
        // Rollback fetches no package but looks its images up.
        &["rollback"],
        &["propose", "rollback"],
    ] {
        let (code, stdout, _) = run(&[command, &["--help"]].concat());
        assert_eq!(code, 0, "{command:?}");
        assert!(
            stdout.contains("Registry options:") && stdout.contains("--registry-ca-file"),
            "{command:?} --help:\n{stdout}"
        );
    }
    for command in [
        &["list"][..],
        &["status"],
        &["uninstall"],
        &["history"],
        &["apply"],
        &["repo", "list"],
        &["bundle", "verify"],
    ] {
        let (code, stdout, _) = run(&[command, &["--help"]].concat());
        assert_eq!(code, 0, "{command:?}");
        assert!(
            !stdout.contains("--registry-ca-file"),
            "{command:?} --help:\n{stdout}"
        );
    }
    // Given to a command that reads no registry, it is a usage error.
    let (code, _, stderr) = run(&["list", "--plain-http"]);
    assert_eq!(code, 64, "{stderr}");
}

/// `template | head` closes the pipe early: the command stops quietly and
/// exits 0, as other Unix tools do, rather than failing or panicking. So do
/// plans shown as JSON or YAML, which are written as they are serialized.
#[test]
fn output_stops_quietly_when_its_reader_goes_away() {
    let package = tempfile::tempdir().unwrap();
    std::fs::write(
        package.path().join("package.yaml"),
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: many\nversion: 1.0.0\n",
    )
    .unwrap();
    std::fs::create_dir(package.path().join("manifests")).unwrap();
    // Far more than a pipe holds, so the command is still writing when the pipe closes.
    let manifests: Vec<String> = (0..2000)
        .map(|i| format!("apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: c{i}}}\ndata: {{index: \"{i}\"}}\n"))
        .collect();
    std::fs::write(
        package.path().join("manifests/many.yaml"),
        manifests.join("---\n"),
    )
    .unwrap();
    let plan = ["install", "--offline", "--dry-run", "-o"];
    for args in [
        &["template"][..],
        &[&plan[..], &["json"]].concat(),
        &[&plan[..], &["yaml"]].concat(),
    ] {
        let mut child = Command::new(BINARY)
            .args(&args[..1])
            .arg(package.path())
            .args(&args[1..])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("error") && !stderr.contains("panicked"),
            "{args:?}: {stderr}"
        );
    }
}

/// Issue 39 (10): `kubectl pkg` alone is no usage error: its help, on
/// stdout, exit 0 (as Helm); a missing argument still exits 64.
#[test]
fn no_command_prints_help_to_stdout_and_exits_0() {
    let (code, stdout, stderr) = run(&[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("Usage: kubectl pkg [OPTIONS] <COMMAND>"),
        "{stdout}"
    );
    assert!(stderr.is_empty(), "{stderr}");
    let (code, _, _) = run(&["repo"]);
    assert_eq!(code, 64);
}

/// Issue 39 (9): a mistyped `--accept-risk` rule is a usage error found as
/// the command line is read (before any package is read or planned), with
/// the closest rule id.
#[test]
fn a_mistyped_accept_risk_rule_is_a_usage_error_naming_the_closest_rule() {
    for value in ["rbac-cluster-admn", "rbac-cluster-admn@ClusterRole/x"] {
        let (code, stdout, stderr) = run(&[
            "install",
            "./no-such-package",
            "--offline",
            "--dry-run",
            "--accept-risk",
            value,
        ]);
        assert_eq!(code, 64, "{stderr}");
        assert!(
            stderr.contains("did you mean rbac-cluster-admin?"),
            "{stderr}"
        );
        assert!(stdout.is_empty(), "{stdout}");
    }
    let (code, _, stderr) = run(&[
        "install",
        "./no-such-package",
        "--offline",
        "--dry-run",
        "--accept-risk",
        "rbac-cluster-admin",
    ]);
    assert_eq!(code, 1, "a known rule passes: {stderr}");
}

/// A command that prints a document refuses the review formats, which only
/// plans have, and prints nothing.
#[test]
fn review_formats_are_refused_for_documents_that_are_not_plans() {
    let (code, stdout, stderr) = run(&["version", "-o", "markdown"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("-o markdown shows a plan") && stderr.contains("prints text, json or yaml"),
        "{stderr}"
    );
    let (code, stdout, _) = run(&["version", "-o", "json"]);
    assert_eq!(code, 0);
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(stdout, format!("{{\n  \"version\": \"{version}\"\n}}\n"));
}
