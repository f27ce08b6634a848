//! Completion through kubectl: `completions/kubectl_complete-pkg` run the way
//! kubectl runs it (the words after `kubectl pkg`, the last one the word being
//! typed), and through the real kubectl's `__complete`, against the real
//! cluster (release names) and registry (package names); and the scripts of
//! `kubectl-pkg completion bash|zsh|fish` driven as each shell drives them.

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

/// Completes as the shell does once a completion script is loaded: `setup`
/// (bash code) loads it, then COMP_LINE, COMP_POINT, COMP_WORDS and
/// COMP_CWORD are set to `line` and `words` (as bash splits the line, the
/// last word the one being completed) and the function registered for the
/// first word is called; COMPREPLY, one candidate per line, first field.
fn bash_complete(pkg: &Pkg, setup: &str, line: &str, words: &[&str]) -> Vec<String> {
    let script = format!(
        r#"{setup}
COMP_LINE="$1"; COMP_POINT=${{#COMP_LINE}}; shift
COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
spec=$(complete -p "$1") || exit 3
function=${{spec##*-F }}; function=${{function%% *}}
"$function" "$1" "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}"
"#
    );
    let mut args = vec!["-c", &script, "bash", line];
    args.extend(words);
    let run = run_with_completions(pkg, "bash", &args);
    run.ok()
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// `kubectl-pkg completion bash`, sourced as the docs say.
const KUBECTL_PKG_BASH: &str = "source <(kubectl-pkg completion bash)";
/// kubectl's own bash completion (it needs the bash-completion package's
/// helpers), which completes `kubectl pkg …` through kubectl_complete-pkg.
const KUBECTL_BASH: &str =
    "source /usr/share/bash-completion/bash_completion; source <(kubectl completion bash)";

/// bash with the line split at spaces (no `=` or `:` in it).
fn bash_words(pkg: &Pkg, setup: &str, line: &str) -> Vec<String> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    if line.ends_with(' ') {
        words.push("");
    }
    bash_complete(pkg, setup, line, &words)
}

#[test]
fn bash_completes_every_word_when_the_script_is_sourced() {
    let (pkg, ns, package) = setup();
    let stack_commands = ["plan", "apply", "lock", "status", "compare", "uninstall"];
    for setup in [KUBECTL_PKG_BASH, KUBECTL_BASH] {
        let command = if setup == KUBECTL_BASH {
            "kubectl pkg"
        } else {
            "kubectl-pkg"
        };
        let offered = bash_words(&pkg, setup, &format!("{command} stack "));
        for subcommand in stack_commands {
            assert!(
                offered.iter().any(|o| o == subcommand),
                "{command}: {offered:?}"
            );
        }
        assert_eq!(
            bash_words(&pkg, setup, &format!("{command} install --cr")),
            ["--create-namespace"],
            "{command}"
        );
        assert_eq!(
            bash_words(&pkg, setup, &format!("{command} upgrade -n {ns} ")),
            ["backend", "frontend"],
            "{command}"
        );
    }

    // Deeper words: a package's versions after `install NAME PACKAGE`.
    assert_eq!(
        bash_words(
            &pkg,
            KUBECTL_PKG_BASH,
            &format!("kubectl-pkg install web comp/{package} --version ")
        ),
        ["2.0.0", "1.0.0"]
    );
    // bash splits `--namespace=NS` at `=`: the candidate replaces its word.
    let line = format!("kubectl-pkg status --namespace={ns} fr");
    let words = ["kubectl-pkg", "status", "--namespace", "=", &ns, "fr"];
    assert_eq!(
        bash_complete(&pkg, KUBECTL_PKG_BASH, &line, &words),
        ["frontend"]
    );
    let words = ["kubectl-pkg", "list", "--output", "=", "ya"];
    assert_eq!(
        bash_complete(
            &pkg,
            KUBECTL_PKG_BASH,
            "kubectl-pkg list --output=ya",
            &words
        ),
        ["yaml"]
    );
    // After `--output=`, bash's word is `=`: each candidate replaces it.
    let words = ["kubectl-pkg", "list", "--output", "="];
    assert_eq!(
        bash_complete(&pkg, KUBECTL_PKG_BASH, "kubectl-pkg list --output=", &words),
        ["=text", "=wide", "=json", "=yaml", "=markdown", "=html"]
    );

    // Stack environments from the file -f names.
    std::fs::write(
        pkg.work.path().join("shop.yaml"),
        "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: shop\nreleases:\n- {name: web, namespace: shop, package: ./web}\nenvironments:\n  staging: {}\n  prod: {}\n",
    )
    .unwrap();
    assert_eq!(
        bash_words(
            &pkg,
            KUBECTL_PKG_BASH,
            "kubectl-pkg stack plan -f shop.yaml -e "
        ),
        ["prod", "staging"]
    );
    assert_eq!(
        bash_words(
            &pkg,
            KUBECTL_PKG_BASH,
            "kubectl-pkg stack status -f shop.yaml -e st"
        ),
        ["staging"]
    );
    // A stack command's -f offers the stack files, not every YAML file.
    std::fs::write(pkg.work.path().join("values.yaml"), "replicas: 2\n").unwrap();
    assert_eq!(
        bash_words(&pkg, KUBECTL_PKG_BASH, "kubectl-pkg stack plan -f "),
        ["shop.yaml"]
    );
}

#[test]
fn fish_and_zsh_complete_through_the_same_engine() {
    let (pkg, ns, _) = setup();
    // fish's own completion, as <TAB> asks for it.
    let fish = |line: &str| -> Vec<String> {
        let script = format!("kubectl-pkg completion fish | source; complete -C '{line}'");
        run_with_completions(&pkg, "fish", &["--no-config", "-c", &script])
            .ok()
            .lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect()
    };
    let stack = fish("kubectl-pkg stack ");
    for subcommand in ["plan", "apply", "lock", "status", "compare", "uninstall"] {
        assert!(stack.iter().any(|o| o == subcommand), "{stack:?}");
    }
    assert_eq!(fish("kubectl-pkg install --cr"), ["--create-namespace"]);
    assert_eq!(
        fish(&format!("kubectl-pkg rollback -n {ns} ")),
        ["backend", "frontend"]
    );

    // zsh: real compsys (compinit, _describe, _files) in an interactive zsh
    // on a pseudo-terminal (zsh/zpty), the line typed and TAB pressed; what
    // compsys hands to the `compadd` builtin is recorded.
    let zsh = |line: &str| -> Vec<String> {
        let script = r#"zmodload zsh/zpty
out=$PWD/zsh-completions.txt; rm -f $out
zpty z zsh -f -i
zpty -w z 'PS1= ; autoload -U compinit && compinit -u -D'
zpty -w z 'source <(kubectl-pkg completion zsh)'
zpty -w z "compadd () { builtin compadd -O __hits \"\$@\"; print -rl -- \$__hits >> $out; builtin compadd \"\$@\" }"
zpty -w z "print -r -- __READY__ > $out"
for i in {1..300}; do grep -qs __READY__ $out && break; sleep 0.1; done
zpty -wn z "$1"$'\t'
zpty -w z $'\C-u'"print -r -- __END__ >> $out"
for i in {1..300}; do grep -qs __END__ $out && break; sleep 0.1; done
zpty -d z
cat $out"#;
        let run = run_with_completions(&pkg, "zsh", &["-f", "-c", script, "zsh", line]);
        let mut offered: Vec<String> = Vec::new();
        for word in run.ok().lines() {
            let marker = ["", "__READY__", "__END__"].contains(&word);
            if !marker && !offered.iter().any(|o| o == word) {
                offered.push(word.to_string());
            }
        }
        assert!(
            run.stdout.contains("__END__"),
            "zsh did not finish: {}",
            run.stdout
        );
        offered
    };
    let stack = zsh("kubectl-pkg stack ");
    assert_eq!(
        stack,
        [
            "plan",
            "apply",
            "lock",
            "status",
            "compare",
            "uninstall",
            "help"
        ]
    );
    assert_eq!(zsh("kubectl-pkg install --cr"), ["--create-namespace"]);
    assert_eq!(
        zsh(&format!("kubectl-pkg history -n {ns} ")),
        ["backend", "frontend"]
    );
    // A path is zsh's own file completion (compsys's _files).
    std::fs::write(pkg.work.path().join("plan-to-apply.json"), "{}").unwrap();
    let files = zsh("kubectl-pkg apply plan-to");
    assert_eq!(files, ["plan-to-apply.json"], "{files:?}");
}
