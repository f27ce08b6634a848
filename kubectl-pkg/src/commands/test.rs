//! `kubectl pkg test RELEASE`: runs the chart test hooks the deployed
//! revision kept (Helm's `helm test`), reports each, and fails if any did.

use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{TestFilter, TestOptions, TestPhase, TestReport, test_release};
use libpkg::release::ReleaseStore;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::flow::Progress;
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct TestArgs {
    /// The release.
    pub release: String,
    /// How long each test may run.
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = crate::duration::parse)]
    pub timeout: Duration,
    /// Run only the tests named (name=NAME) or not these (!name=NAME);
    /// repeatable, or comma-separated.
    #[arg(long, value_name = "FILTER", value_delimiter = ',')]
    pub filter: Vec<TestFilter>,
    /// Print the logs of the test Pods once they finished.
    #[arg(long)]
    pub logs: bool,
}

pub async fn run(global: &GlobalArgs, args: &TestArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let store = ReleaseStore::new(cluster.clone());
    let options = TestOptions {
        timeout: args.timeout,
        filters: args.filter.clone(),
        logs: args.logs,
    };
    let release = settings::release(&cluster.namespace, &args.release)?;
    let progress = Progress::new();
    let report = test_release(&cluster, &store, &release, &options, &progress).await;
    progress.finish();
    let report = report?;
    match global.output {
        OutputFormat::Text => print(&report)?,
        format => view::print_document(format, &report)?,
    }
    let failed: Vec<String> = report
        .failed()
        .map(|t| match &t.reason {
            Some(reason) => format!("{} ({reason})", t.name),
            None => t.name.clone(),
        })
        .collect();
    if !failed.is_empty() {
        let hint = if args.logs {
            ""
        } else {
            "; --logs prints the test Pods' logs"
        };
        bail!(
            "{} of {} tests of release {} failed: {}{hint}",
            failed.len(),
            report.tests.len(),
            report.release,
            failed.join(", ")
        );
    }
    Ok(())
}

fn print(report: &TestReport) -> Result<()> {
    if report.tests.is_empty() {
        return view::outln!(
            "Release {} (revision {}) has no tests (its chart has no helm.sh/hook: test objects).",
            report.release,
            report.revision
        );
    }
    view::outln!(
        "Tests of release {} (revision {}):",
        report.release,
        report.revision
    )?;
    let mut table = view::table();
    table.set_header(["NAME", "KIND", "PHASE", "DURATION"]);
    for test in &report.tests {
        table.add_row([
            test.name.clone(),
            test.kind.clone(),
            test.phase.as_str().to_string(),
            test.duration
                .map_or_else(|| "-".to_string(), |d| format!("{:.1}s", d.as_secs_f64())),
        ]);
    }
    view::outln!("{}", view::text(table))?;
    for test in &report.tests {
        if let Some(reason) = &test.reason {
            view::outln!("{} {}: {reason}", test.kind, test.name)?;
        } else if test.phase == TestPhase::NotRun {
            view::outln!(
                "{} {}: not run, an earlier test failed",
                test.kind,
                test.name
            )?;
        }
    }
    for test in &report.tests {
        for log in &test.logs {
            view::outln!(
                "\nLogs of {} {}, container {}:",
                test.kind,
                test.name,
                log.container
            )?;
            match &log.log {
                Ok(text) if text.is_empty() => view::outln!("(no output)")?,
                Ok(text) if text.ends_with('\n') => view::out!("{text}")?,
                Ok(text) => view::outln!("{text}")?,
                Err(why) => view::outln!("(not available: {why})")?,
            }
        }
    }
    Ok(())
}
