//! The chart corpus against real Helm 4: every chart under
//! `tests/charts/corpus` (small charts written for this test, each exercising
//! what real charts do, and the reproductions of the rendering differences
//! found with public charts) is rendered by `kubectl-pkg template` and by
//! Helm 4.2.3 (PyPI `helm-python-sdk`, offline dry-run install), and compared
//! object by object by `tests/charts/corpus/compare.py` after its documented
//! normalisations. A chart that differs fails the test unless
//! `tests/charts/corpus/known-differences.txt` lists it (each one explained
//! in docs/charts.md). The twelve public charts of `tests/charts/real`
//! (issue 53's rendering benchmark among them) are compared the same way,
//! with no difference allowed. No cluster is needed.

use std::process::Command;

use kubectl_pkg_e2e::{Run, binary, helm_python, repo_root};

/// Runs compare.py with `charts` (none: the corpus); returns its summary line.
fn compare(charts: &[std::path::PathBuf]) -> String {
    let config = tempfile::tempdir().unwrap();
    let script = repo_root().join("tests/charts/corpus/compare.py");
    let mut command = Command::new(helm_python());
    command
        .arg(&script)
        .arg("--binary")
        .arg(binary())
        .args(charts)
        .current_dir(repo_root())
        .env("KUBECTL_PKG_CONFIG_DIR", config.path())
        .env("KUBECTL_PKG_CACHE_DIR", config.path().join("cache"))
        .env("NO_COLOR", "1")
        .env_remove("KUBECTL_PKG_LOG");
    let shown = format!("{command:?}");
    let run = Run::from(
        command
            .output()
            .unwrap_or_else(|e| panic!("{shown} does not run: {e}")),
    );
    // The report, as the differential tests print their counts.
    println!("{}", run.stdout);
    eprintln!("{}", run.stderr);
    let report = run.ok();
    let summary = report
        .lines()
        .find(|line| {
            let mut words = line.split_whitespace();
            words.next().is_some_and(|n| n.parse::<usize>().is_ok())
                && words.next() == Some("charts:")
        })
        .unwrap_or_else(|| panic!("no summary line in the report:\n{report}"))
        .to_string();
    assert!(
        summary.contains(" identical, ") && summary.contains(" fail in Helm"),
        "{summary}"
    );
    // Every chart renders in Helm: one that does not tests nothing.
    assert!(summary.contains(", 0 fail in Helm"), "{summary}");
    summary
}

#[test]
fn every_corpus_chart_renders_as_helm_4_renders_it() {
    compare(&[]);
}

#[test]
fn the_public_charts_render_exactly_as_helm_4_renders_them() {
    let mut charts: Vec<_> = std::fs::read_dir(repo_root().join("tests/charts/real"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "tgz"))
        .collect();
    charts.sort();
    assert_eq!(charts.len(), 12, "{charts:?}");
    let summary = compare(&charts);
    assert!(
        summary.starts_with("12 charts: 12 identical, 0 differ, 0 fail in kubectl-pkg"),
        "{summary}"
    );
}
