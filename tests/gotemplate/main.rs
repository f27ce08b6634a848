//! Differential tests of libpkg's Go-template engine against Go itself.
//!
//! Every case (a set of template files, the one to render, and data) is
//! rendered twice: by `libpkg::gotemplate` and by the Go oracle
//! (`tests/gotemplate/oracle`, built by `tests/gotemplate/oracle/build` from
//! Debian's Go packages, configured exactly like Helm's engine). The outputs
//! must be identical, and so must the error/no-error outcome (error texts
//! are shown on mismatch but not compared).
//!
//! Two sources of cases: the corpus (`corpus.txt`, written for this
//! project: every action, every function, formatting, whitespace, errors)
//! and a generator of random well-formed templates from a grammar
//! (`generate.rs`, seeded): `GOTEMPLATE_CASES` sets how many (default 3000),
//! `GOTEMPLATE_SEED` the seed. The oracle must exist: a missing oracle fails
//! the tests, it does not skip them.

mod generate;
mod oracle;

use std::io::Write;

use oracle::{Case, Outcome, run_both};

fn report(what: &str, n: usize) {
    // Written to the real stderr so the count shows in CI logs even though
    // libtest captures print! output of passing tests.
    let _ = writeln!(
        std::io::stderr(),
        "gotemplate differential: {n} {what} cases agree with Go"
    );
}

/// The cases on which the two engines disagree, described.
fn disagreements(cases: &[Case]) -> Vec<String> {
    let results = run_both(cases);
    let mut failures = Vec::new();
    for (case, (ours, go)) in cases.iter().zip(results) {
        let agree = match (&ours, &go) {
            (Outcome::Output(a), Outcome::Output(b)) => a == b,
            (Outcome::Error(_), Outcome::Error(_)) => true,
            _ => false,
        };
        if !agree {
            failures.push(format!(
                "--- case {}\n{}\ndata: {}\nours: {:?}\ngo:   {:?}",
                case.name,
                case.templates
                    .iter()
                    .map(|(n, t)| format!("[{n}] {t:?}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
                if case.data == oracle::default_data() {
                    "(the default data)".to_string()
                } else {
                    case.data.to_string()
                },
                ours,
                go
            ));
        }
    }
    failures
}

fn assert_agree(failures: &[String], total: usize, what: &str) {
    if !failures.is_empty() {
        let shown: Vec<_> = failures.iter().take(40).cloned().collect();
        panic!(
            "{} of {total} {what} cases differ from Go:\n{}",
            failures.len(),
            shown.join("\n")
        );
    }
    report(what, total);
}

#[test]
fn corpus_agrees_with_go() {
    let cases = oracle::parse_corpus(include_str!("corpus.txt"));
    assert!(cases.len() > 100, "the corpus has {} cases", cases.len());
    assert_agree(&disagreements(&cases), cases.len(), "corpus");
}

#[test]
fn generated_templates_agree_with_go() {
    let n: usize = std::env::var("GOTEMPLATE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    let seed: u64 = std::env::var("GOTEMPLATE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261121);
    // Generated and run in chunks so a long run's memory stays bounded.
    let mut failures = Vec::new();
    let mut done = 0;
    while done < n {
        let chunk = generate::cases(seed, done, (n - done).min(5000));
        failures.extend(disagreements(&chunk));
        done += chunk.len();
    }
    assert_agree(&failures, n, "generated");
}
