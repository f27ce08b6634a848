//! Completion through kubectl: `completions/kubectl_complete-pkg` run the way
//! kubectl runs it (the words after `kubectl pkg`, the last one the word being
//! typed), and through the real kubectl's `__complete`, against the real
//! cluster (release names) and registry (package names).

use std::path::PathBuf;

use kubectl_pkg_e2e::{BASIC_MANIFESTS, Pkg, Run, repo_root, unique};

/// The directory of `kubectl_complete-pkg`.
fn completions_dir() -> PathBuf {
    repo_root().join("completions")
}

/// Runs `program` with `completions/` on PATH too, as an installed setup has it.
fn run_with_completions(pkg: &Pkg, program: &str, args: &[&str]) -> Run {
    let mut command = pkg.program(program, args);
    let path = command
        .get_envs()
        .find(|(key, _)| *key == "PATH")
        .and_then(|(_, value)| value)
        .expect("the harness sets PATH")
        .to_owned();
    let path = std::env::join_paths(
        std::env::split_paths(&path).chain(std::iter::once(completions_dir())),
    )
    .unwrap();
    command.env("PATH", path);
    let output = command.output().expect("runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// kubectl's way: `kubectl_complete-pkg WORDS…`; the candidates (without
/// descriptions) and the directive of the last line.
pub(crate) fn complete(pkg: &Pkg, words: &[&str]) -> (Vec<String>, u32) {
    let script = completions_dir().join("kubectl_complete-pkg");
    let run = run_with_completions(pkg, script.to_str().unwrap(), words);
    parse(run.ok())
}

fn parse(stdout: &str) -> (Vec<String>, u32) {
    let mut lines: Vec<&str> = stdout.lines().filter(|l| !l.is_empty()).collect();
    let directive = lines
        .pop()
        .and_then(|last| last.strip_prefix(':'))
        .unwrap_or_else(|| panic!("no :<directive> line last:\n{stdout}"))
        .parse()
        .unwrap();
    let values = lines
        .iter()
        .map(|line| line.split('\t').next().unwrap().to_string())
        .collect();
    (values, directive)
}

/// A context with repository `comp` holding packages `web-<n>` and two
/// releases installed in their own namespace.
fn setup() -> (Pkg, String, String) {
    let pkg = Pkg::new();
    let ns = pkg.namespace("comp");
    let package = unique("web");
    let path = unique("comp");
    let url = format!("oci://{}/{path}", pkg.env.registry);
    let newer = pkg.write_package("web-2", &package, "2.0.0", BASIC_MANIFESTS);
    pkg.run(["push", newer.to_str().unwrap(), &url]).ok();
    let dir = pkg.write_package("web", &package, "1.0.0", BASIC_MANIFESTS);
    pkg.run(["push", dir.to_str().unwrap(), &url]).ok();
    pkg.run(["repo", "add", "comp", &url]).ok();
    pkg.write_package(
        "other",
        "other",
        "1.0.0",
        &[(
            "cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: other}\n",
        )],
    );
    for (release, dir) in [("frontend", "./web"), ("backend", "./other")] {
        pkg.run([
            "install",
            dir,
            "--name",
            release,
            "-n",
            &ns,
            "--yes",
            "--wait=false",
        ])
        .ok();
    }
    (pkg, ns, package)
}

#[test]
fn kubectl_complete_pkg_answers_as_kubectl_expects() {
    let (pkg, ns, package) = setup();

    // Subcommands, then flags, with "no file completion" (4).
    let (commands, directive) = complete(&pkg, &[""]);
    assert!(commands.contains(&"install".to_string()), "{commands:?}");
    assert!(commands.contains(&"upgrade".to_string()), "{commands:?}");
    assert_eq!(directive, 4);
    assert_eq!(complete(&pkg, &["upg"]).0, ["upgrade"]);
    assert_eq!(complete(&pkg, &["upgrade", "--ad"]).0, ["--adopt"]);

    // Release names from the cluster, in the namespace typed so far.
    let (releases, directive) = complete(&pkg, &["upgrade", "-n", &ns, ""]);
    assert_eq!(releases, ["backend", "frontend"]);
    assert_eq!(directive, 4);
    assert_eq!(
        complete(&pkg, &["status", "--namespace", &ns, "fr"]).0,
        ["frontend"]
    );
    let described = run_with_completions(
        &pkg,
        completions_dir()
            .join("kubectl_complete-pkg")
            .to_str()
            .unwrap(),
        &["history", &format!("--namespace={ns}"), "b"],
    );
    assert_eq!(described.ok(), "backend\tother 1.0.0 (deployed)\n:4\n");

    // Namespaces from an empty prefix.
    let (namespaces, _) = complete(&pkg, &["install", "-n", ""]);
    assert!(namespaces.contains(&ns), "{namespaces:?}");

    // Versions of the package typed, newest first, by repository or bare name.
    assert_eq!(
        complete(
            &pkg,
            &["install", &format!("comp/{package}"), "--version", ""]
        )
        .0,
        ["2.0.0", "1.0.0"]
    );
    assert_eq!(
        complete(&pkg, &["install", &package, "--version", "1"]).0,
        ["1.0.0"]
    );

    // Repository names, and package names from the repository's registry.
    assert_eq!(complete(&pkg, &["repo", "remove", ""]).0, ["comp"]);
    let prefix = &package[..package.len() - 2];
    assert_eq!(complete(&pkg, &["install", prefix]).0, [package.as_str()]);
    assert_eq!(
        complete(&pkg, &["show", "comp/"]).0,
        [format!("comp/{package}")]
    );

    // A link to the binary under kubectl's name answers the same.
    let link = pkg.work.path().join("kubectl_complete-pkg");
    std::os::unix::fs::symlink(kubectl_pkg_e2e::binary(), &link).unwrap();
    let linked = run_with_completions(&pkg, link.to_str().unwrap(), &["upgrade", "-n", &ns, ""]);
    assert_eq!(
        parse(linked.ok()),
        (vec!["backend".into(), "frontend".into()], 4)
    );

    // Paths are the shell's: no candidates, default directive (0).
    assert_eq!(complete(&pkg, &["install", "./w"]), (vec![], 0));
    assert_eq!(complete(&pkg, &["apply", ""]), (vec![], 0));
}

#[test]
fn kubectl_itself_completes_through_kubectl_complete_pkg() {
    let (pkg, ns, _) = setup();
    let run = run_with_completions(
        &pkg,
        "kubectl",
        &["__complete", "pkg", "rollback", "-n", &ns, ""],
    );
    let (releases, directive) = parse(run.ok());
    assert_eq!(releases, ["backend", "frontend"]);
    assert_eq!(directive, 4);
    assert!(
        run.stderr.contains("ShellCompDirectiveNoFileComp"),
        "{}",
        run.stderr
    );
}
