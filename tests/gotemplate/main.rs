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

// The counts are written to the real stderr so they show in CI logs even
// though libtest captures print! output of passing tests.
use std::io::Write;

use oracle::{Case, Outcome, run_both};

/// What a run found: the disagreements, described, and how the agreeing
/// cases split between rendered output and errors (and how many error
/// messages are Go's word for word).
#[derive(Default)]
struct Tally {
    failures: Vec<String>,
    outputs: usize,
    errors: usize,
    same_error_text: usize,
}

fn compare(cases: &[Case], tally: &mut Tally) {
    let results = run_both(cases);
    for (case, (ours, go)) in cases.iter().zip(results) {
        let agree = match (&ours, &go) {
            (Outcome::Output(a), Outcome::Output(b)) => {
                tally.outputs += 1;
                a == b
            }
            (Outcome::Error(a), Outcome::Error(b)) => {
                tally.errors += 1;
                tally.same_error_text += usize::from(a == b);
                true
            }
            _ => false,
        };
        if !agree {
            tally.failures.push(format!(
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
}

fn assert_agree(tally: &Tally, total: usize, what: &str) {
    if !tally.failures.is_empty() {
        let shown: Vec<_> = tally.failures.iter().take(40).cloned().collect();
        panic!(
            "{} of {total} {what} cases differ from Go:\n{}",
            tally.failures.len(),
            shown.join("\n")
        );
    }
    let _ = writeln!(
        std::io::stderr(),
        "gotemplate differential: {total} {what} cases agree with Go ({} rendered identically, {} errors in both; {} of those errors word for word)",
        tally.outputs,
        tally.errors,
        tally.same_error_text
    );
}

#[test]
fn corpus_agrees_with_go() {
    let cases = oracle::parse_corpus(include_str!("corpus.txt"));
    assert!(cases.len() > 100, "the corpus has {} cases", cases.len());
    let mut tally = Tally::default();
    compare(&cases, &mut tally);
    assert_agree(&tally, cases.len(), "corpus");
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
    let mut tally = Tally::default();
    let mut done = 0;
    while done < n {
        let chunk = generate::cases(seed, done, (n - done).min(5000));
        compare(&chunk, &mut tally);
        done += chunk.len();
    }
    assert_agree(&tally, n, "generated");
}
