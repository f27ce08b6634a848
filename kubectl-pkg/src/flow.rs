//! The one flow every mutating command shares: save the plan if asked, show it,
//! stop for `--dry-run`, refuse if the access check found missing rights, ask
//! (or take `--yes`), apply exactly that plan, report.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{self, ApplyOptions, Event, Reporter};
use libpkg::cluster::Cluster;
use libpkg::plan::Plan;
use libpkg::release::ReleaseStore;

use crate::cli::GlobalArgs;
use crate::view;

/// Flags of every command that changes the cluster.
#[derive(Debug, Clone, Args)]
pub struct MutatingArgs {
    /// Show the plan and stop; nothing is changed.
    #[arg(long)]
    pub dry_run: bool,
    /// With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing.
    #[arg(long, requires = "dry_run")]
    pub detailed_exitcode: bool,
    /// Save the complete plan (Secret values included, so owner-only) to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Apply without asking.
    #[arg(short = 'y', long)]
    pub yes: bool,
    /// Wait for workloads, claims and CRDs to become ready (--wait=false to skip).
    #[arg(long, default_value_t = true, num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub wait: bool,
    /// How long to wait, e.g. 90s, 5m.
    #[arg(long, default_value = "5m", value_parser = parse_duration)]
    pub timeout: Duration,
}

/// The user said no at the prompt (exit code 3).
#[derive(Debug)]
pub struct Declined;

impl std::fmt::Display for Declined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("declined: nothing was changed")
    }
}

impl std::error::Error for Declined {}

/// `--detailed-exitcode`: the plan has changes (exit code 2, no message).
#[derive(Debug)]
pub struct HasChanges;

impl std::fmt::Display for HasChanges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the plan has changes")
    }
}

impl std::error::Error for HasChanges {}

fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let value: u64 = number
        .parse()
        .map_err(|_| format!("{text:?} is not a duration like 90s, 5m or 1h"))?;
    match unit {
        "" | "s" => Ok(Duration::from_secs(value)),
        "m" => Ok(Duration::from_secs(value * 60)),
        "h" => Ok(Duration::from_secs(value * 3600)),
        _ => Err(format!("{text:?}: unknown unit {unit:?} (use s, m or h)")),
    }
}

/// Saves, shows, confirms and applies `plan`.
pub async fn review_and_apply(
    global: &GlobalArgs,
    args: &MutatingArgs,
    cluster: &Cluster,
    plan: &Plan,
) -> Result<()> {
    if let Some(path) = &args.out {
        view::write_private(path, plan.to_json_pretty().as_bytes())?;
        eprintln!(
            "Saved the plan to {} (it holds Secret values: keep it private)",
            path.display()
        );
    }
    view::plan::print(global, plan)?;
    let store = ReleaseStore::new(cluster.clone());
    if args.dry_run {
        if args.detailed_exitcode && action::changes_anything(&store, plan).await? {
            return Err(HasChanges.into());
        }
        return Ok(());
    }
    let missing = plan.permissions.installer.missing.len();
    if missing > 0 {
        bail!(
            "you are missing {missing} permission(s) this plan needs (listed above); nothing was applied"
        );
    }
    if !action::changes_anything(&store, plan).await? {
        eprintln!("Nothing to change.");
        return Ok(());
    }
    if !args.yes {
        if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
            bail!(
                "refusing to apply without confirmation: there is no terminal to ask on; pass --yes to apply, or --dry-run to only plan"
            );
        }
        let proceed = dialoguer::Confirm::new()
            .with_prompt(format!("Proceed with plan {}?", short_hash(&plan.hash)))
            .default(false)
            .interact()?;
        if !proceed {
            return Err(Declined.into());
        }
    }
    let options = ApplyOptions {
        wait: args.wait,
        timeout: args.timeout,
    };
    let progress = Progress::new();
    let outcome = action::apply(cluster, &store, plan, &options, &progress).await;
    progress.finish();
    let record = outcome?;
    eprintln!(
        "Release {} in namespace {}: revision {} {}.",
        plan.release.name,
        plan.release.namespace,
        plan.release.revision,
        record.status.as_str()
    );
    Ok(())
}

fn short_hash(hash: &str) -> &str {
    &hash[..hash.len().min(19)]
}

/// Progress on stderr: a spinner showing what is awaited on a terminal, plain
/// lines otherwise (so logs stay readable); every applied object gets a line.
struct Progress {
    spinner: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new() -> Progress {
        let spinner = std::io::stderr().is_terminal().then(|| {
            let spinner = indicatif::ProgressBar::new_spinner();
            spinner.enable_steady_tick(Duration::from_millis(120));
            spinner
        });
        Progress { spinner }
    }

    fn line(&self, text: String) {
        match &self.spinner {
            Some(spinner) => spinner.println(text),
            None => eprintln!("{text}"),
        }
    }

    fn finish(&self) {
        if let Some(spinner) = &self.spinner {
            spinner.finish_and_clear();
        }
    }
}

impl Reporter for Progress {
    fn event(&self, event: Event) {
        match event {
            Event::Recorded { revision } => {
                self.line(format!("Recorded revision {revision} as pending"))
            }
            Event::Applied { object, action } => {
                self.line(format!("  {:<9} {object}", view::label(&action)))
            }
            Event::Deleted { object } => self.line(format!("  deleted   {object}")),
            Event::Waiting { object, reason } => match &self.spinner {
                Some(spinner) => spinner.set_message(format!("waiting for {object}: {reason}")),
                None => eprintln!("  waiting   {object}: {reason}"),
            },
            Event::Ready { object } => self.line(format!("  ready     {object}")),
        }
    }
}
