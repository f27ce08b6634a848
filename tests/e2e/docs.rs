//! Every example in the docs (README.md and docs/*.md) is either generated
//! from the real thing, and checked for staleness, or run against the real
//! environment and checked against its real output. See docs/README.md,
//! "How the docs are tested", for the rules an author follows:
//!
//! - A generated section sits between `<!-- generated: SPEC -->` and
//!   `<!-- end generated -->`; SPEC is `file PATH LANG` (a file of the
//!   repository), `risk-rules` (libpkg's rule table), `kubectl pkg ARGS…`
//!   (the output of an offline, deterministic command) or `cargo run -q -p
//!   libpkg --example NAME -- ARGS…` (a library example's output). Run
//!   `KUBECTL_PKG_UPDATE_DOCS=1 cargo test -p kubectl-pkg-e2e --test e2e docs`
//!   to rewrite them.
//! - A ```console block outside generated sections is a session: each `$ `
//!   line is run with `sh` (stderr merged into stdout), in order, per
//!   document, in a fresh context where the repository `examples` holds the
//!   published examples and `./examples` is the examples directory. The lines
//!   after a command are its expected output: whitespace runs compare equal,
//!   `…` inside a line stands for any text, and a line of only `…` for any
//!   number of lines. Every command must succeed (a failure is shown with
//!   `; echo "exit $?"`). Namespaces named with `-n`/`--namespace` (or
//!   created with `kubectl create namespace`) get a unique name when run,
//!   shown back under the documented name.
//! - A ```sh block may only hold commands a test or CI runs elsewhere
//!   ([`RUN_ELSEWHERE`]); any other fenced block must be ```text: an
//!   illustration, not an example.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use kubectl_pkg_e2e::{Pkg, repo_root};

const UPDATE_ENV: &str = "KUBECTL_PKG_UPDATE_DOCS";
const GENERATED: &str = "<!-- generated: ";
const END_GENERATED: &str = "<!-- end generated -->";

/// README.md and every docs/*.md, relative to the repository root.
fn documents() -> Vec<PathBuf> {
    let mut documents = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo_root().join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| path.strip_prefix(repo_root()).unwrap().to_path_buf())
        .collect();
    docs.sort();
    documents.extend(docs);
    documents
}

/// One part of a document.
#[derive(Debug)]
enum Part {
    /// Prose (and the lines of generated markers).
    Text(String),
    /// A generated section: its spec and current content.
    Generated { spec: String, content: String },
    /// A fenced block outside generated sections.
    Block {
        lang: String,
        body: Vec<String>,
        line: usize,
    },
}

fn parse(text: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((number, line)) = lines.next() {
        if let Some(spec) = line
            .strip_prefix(GENERATED)
            .and_then(|rest| rest.strip_suffix(" -->"))
        {
            parts.push(Part::Text(format!("{line}\n")));
            let mut content = String::new();
            for (_, inner) in lines.by_ref() {
                if inner == END_GENERATED {
                    break;
                }
                content.push_str(inner);
                content.push('\n');
            }
            parts.push(Part::Generated {
                spec: spec.to_string(),
                content,
            });
            parts.push(Part::Text(format!("{END_GENERATED}\n")));
        } else if let Some(lang) = line.strip_prefix("```") {
            let mut body = Vec::new();
            for (_, inner) in lines.by_ref() {
                if inner.starts_with("```") {
                    break;
                }
                body.push(inner.to_string());
            }
            parts.push(Part::Block {
                lang: lang.trim().to_string(),
                body,
                line: number + 1,
            });
        } else {
            parts.push(Part::Text(format!("{line}\n")));
        }
    }
    parts
}

fn render(parts: &[Part]) -> String {
    let mut text = String::new();
    for part in parts {
        match part {
            Part::Text(line) => text.push_str(line),
            Part::Generated { content, .. } => text.push_str(content),
            Part::Block { lang, body, .. } => {
                text.push_str(&format!("```{lang}\n"));
                for line in body {
                    text.push_str(line);
                    text.push('\n');
                }
                text.push_str("```\n");
            }
        }
    }
    text
}

/// The content a generated section should have.
fn generate(pkg: &Pkg, spec: &str) -> String {
    let words: Vec<&str> = spec.split_whitespace().collect();
    match words.as_slice() {
        ["file", path, lang] => {
            let content = std::fs::read_to_string(repo_root().join(path))
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            format!("```{lang}\n{content}```\n")
        }
        ["risk-rules"] => {
            let mut table = String::from("| id | severity | why it matters |\n|---|---|---|\n");
            for rule in libpkg::permissions::rule_table() {
                table.push_str(&format!(
                    "| `{}` | {} | {} |\n",
                    rule.id, rule.severity, rule.summary
                ));
            }
            table
        }
        ["kubectl", "pkg", args @ ..] => {
            let run = pkg.run(args);
            assert_eq!(run.code, 0, "{spec}:\n{}{}", run.stdout, run.stderr);
            format!("```console\n$ {spec}\n{}```\n", run.stdout)
        }
        // What `cargo run` of a libpkg example prints: the example binary
        // `cargo test --workspace` built, run the same way.
        [
            "cargo",
            "run",
            "-q",
            "-p",
            "libpkg",
            "--example",
            name,
            "--",
            args @ ..,
        ] => {
            let example = kubectl_pkg_e2e::binary()
                .parent()
                .unwrap()
                .join("examples")
                .join(name);
            let run = pkg.run_program(&example, args);
            assert_eq!(run.code, 0, "{spec}:\n{}{}", run.stdout, run.stderr);
            format!("```console\n$ {spec}\n{}```\n", run.stdout)
        }
        _ => panic!("unknown generated section {spec:?}"),
    }
}

/// A context whose work directory has `./examples` and whose repository
/// `examples` holds the published examples.
fn context() -> Pkg {
    let pkg = crate::examples::with_examples();
    std::os::unix::fs::symlink(
        repo_root().join("examples"),
        pkg.work.path().join("examples"),
    )
    .unwrap();
    pkg
}

#[test]
fn generated_sections_are_up_to_date() {
    let pkg = context();
    let update = std::env::var_os(UPDATE_ENV).is_some();
    let mut stale = Vec::new();
    for document in documents() {
        let path = repo_root().join(&document);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut parts = parse(&text);
        for part in &mut parts {
            if let Part::Generated { spec, content } = part {
                let fresh = generate(&pkg, spec);
                if *content != fresh {
                    stale.push(format!("{}: {spec}", document.display()));
                    *content = fresh;
                }
            }
        }
        let rendered = render(&parts);
        assert_eq!(
            render(&parse(&text)),
            text,
            "{} does not round-trip",
            document.display()
        );
        if update && rendered != text {
            std::fs::write(&path, rendered).unwrap();
        }
    }
    assert!(
        update || stale.is_empty(),
        "stale generated sections (rewrite them with `{UPDATE_ENV}=1 cargo test -p kubectl-pkg-e2e --test e2e docs`):\n{}",
        stale.join("\n")
    );
}

/// Commands shown in ```sh blocks that a test or CI runs elsewhere, and where.
const RUN_ELSEWHERE: &[(&str, &str)] = &[
    (
        "examples/demo",
        "e2e examples::the_demo_previews_and_installs_mongodb_by_name",
    ),
    ("tests/run", ".ci/run"),
];

#[test]
fn every_code_block_is_generated_run_or_an_illustration() {
    let mut unchecked = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(repo_root().join(&document)).unwrap();
        for part in parse(&text) {
            let Part::Block { lang, line, body } = part else {
                continue;
            };
            let run_elsewhere = |command: &String| {
                let command = command.split('#').next().unwrap().trim();
                RUN_ELSEWHERE.iter().any(|(known, _)| *known == command)
            };
            let checked = match lang.as_str() {
                "console" | "text" => true,
                "sh" => body.iter().all(run_elsewhere),
                _ => false,
            };
            if !checked {
                unchecked.push(format!("{}:{line}: ```{lang}", document.display()));
            }
        }
    }
    assert!(
        unchecked.is_empty(),
        "code blocks neither generated nor run (make them ```console sessions or generated sections, or ```text illustrations):\n{}",
        unchecked.join("\n")
    );
}

/// One `$ command` of a session and the output shown for it.
#[derive(Debug)]
struct Step {
    command: String,
    expected: Vec<String>,
    line: usize,
}

fn steps(body: &[String], first_line: usize) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut continued = false;
    for (offset, line) in body.iter().enumerate() {
        if continued {
            let step = steps.last_mut().unwrap();
            step.command.push('\n');
            step.command.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            steps.push(Step {
                command: command.to_string(),
                expected: Vec::new(),
                line: first_line + 1 + offset,
            });
            continued = command.ends_with('\\');
        } else if let Some(step) = steps.last_mut() {
            step.expected.push(line.clone());
        } else {
            panic!(
                "line {}: output before any `$ ` command",
                first_line + 1 + offset
            );
        }
    }
    steps
}

/// Whether `actual` lines match `expected` lines, with `…` lines and `…` in lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && matches(rest, others)),
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let squash = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let (expected, actual) = (squash(expected), squash(actual));
    let pieces: Vec<&str> = expected.split('…').collect();
    let [first, middle @ .., last] = pieces.as_slice() else {
        return expected == actual;
    };
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    for piece in middle {
        let Some(at) = rest.find(piece) else {
            return false;
        };
        rest = &rest[at + piece.len()..];
    }
    rest.ends_with(last)
}

/// A short unique suffix, so that documented names stay about as long in tables.
fn suffix() -> String {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as usize
        + std::process::id() as usize * 7919
        + COUNTER.fetch_add(1, Ordering::Relaxed) * 104_729;
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    (0..5)
        .map(|i| digits[(seed / 36usize.pow(i)) % 36] as char)
        .collect()
}

/// The namespaces a command names with `-n NAME`, `--namespace NAME`,
/// `--namespace=NAME` or `kubectl create namespace NAME`.
fn namespaces(command: &str) -> Vec<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut found = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let next = words.get(index + 1);
        if let Some(name) = word.strip_prefix("--namespace=") {
            found.push(name.to_string());
        } else if let Some(name) = next.filter(|_| {
            matches!(*word, "-n" | "--namespace")
                || (*word == "namespace" && index > 0 && words[index - 1] == "create")
        }) {
            found.push(name.to_string());
        }
    }
    found
}

fn replace_word(text: &str, word: &str, with: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + word.len()..].chars().next();
        let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '-');
        out.push_str(&rest[..at]);
        out.push_str(if boundary(before) && boundary(after) {
            with
        } else {
            word
        });
        rest = &rest[at + word.len()..];
    }
    out.push_str(rest);
    out
}

fn run_sessions(document: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(repo_root().join(document)).unwrap();
    let sessions: Vec<(usize, Vec<String>)> = parse(&text)
        .into_iter()
        .filter_map(|part| match part {
            Part::Block { lang, body, line } if lang == "console" => Some((line, body)),
            _ => None,
        })
        .collect();
    if sessions.is_empty() {
        return Vec::new();
    }
    let pkg = context();
    // The documented repository URL and the one the examples were published to.
    let repository = (
        format!("oci://{}/examples", pkg.env.registry),
        crate::examples::published().to_string(),
    );
    let mut aliases: BTreeMap<String, String> = BTreeMap::new();
    let mut failures = Vec::new();
    for (line, body) in sessions {
        for step in steps(&body, line) {
            for namespace in namespaces(&step.command) {
                aliases
                    .entry(namespace.clone())
                    .or_insert_with(|| format!("{namespace}-{}", suffix()));
            }
            let mut command = step.command.replace(&repository.0, &repository.1);
            for (name, alias) in &aliases {
                command = replace_word(&command, name, alias);
            }
            let run = pkg.run_program("sh", ["-c", &format!("exec 2>&1\n{command}")]);
            let mut output = run.stdout.replace(&repository.1, &repository.0);
            for (name, alias) in &aliases {
                output = output.replace(alias, name);
            }
            let actual: Vec<String> = output.lines().map(str::to_string).collect();
            // A failure is shown with `; echo "exit $?"`, so every command must succeed.
            if run.code != 0 || !matches(&step.expected, &actual) {
                failures.push(format!(
                    "{}:{}: $ {}\n--- shown\n{}\n--- actual (exit {})\n{}",
                    document.display(),
                    step.line,
                    step.command,
                    step.expected.join("\n"),
                    run.code,
                    output.trim_end()
                ));
            }
        }
    }
    failures
}

#[test]
fn console_sessions_in_the_docs_run_as_shown() {
    let _quiet = kubectl_pkg_e2e::discovery_quiet();
    let failures: Vec<String> = documents()
        .iter()
        .flat_map(|document| run_sessions(document))
        .collect();
    assert!(
        failures.is_empty(),
        "{} doc example(s) do not match what they do:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_matcher_elides_and_squashes_but_fails_on_a_difference() {
    let lines = |text: &str| text.lines().map(str::to_string).collect::<Vec<_>>();
    let actual = lines("Plan: install\n  Digest:   sha256:abc123\nA\nB\nC\nPlan hash: sha256:ff");
    assert!(matches(
        &lines("Plan: install\n Digest: sha256:abc…\n…\nC\nPlan hash: sha256:…"),
        &actual
    ));
    assert!(!matches(&lines("Plan: install\n…\nD\n…"), &actual));
    assert!(!matches(&lines("Plan: upgrade\n…"), &actual));
    assert!(
        !matches(&lines("Plan: install"), &actual),
        "trailing lines count"
    );
    assert_eq!(
        namespaces("kubectl pkg install x -n db --namespace=web"),
        ["db", "web"]
    );
    assert_eq!(
        namespaces("kubectl create namespace apps && kubectl get pods"),
        ["apps"]
    );
    assert_eq!(
        replace_word("ns db and db-2 in db", "db", "db-x"),
        "ns db-x and db-2 in db-x"
    );
}

#[test]
fn relative_links_point_to_files_that_exist() {
    let mut broken = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(repo_root().join(&document)).unwrap();
        let dir = repo_root().join(document.parent().unwrap());
        for (at, _) in text.match_indices("](") {
            let target = text[at + 2..].split(')').next().unwrap_or_default();
            let path = target.split('#').next().unwrap();
            if path.is_empty() || target.contains("://") {
                continue;
            }
            if !dir.join(path).exists() {
                broken.push(format!("{}: {target}", document.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}
