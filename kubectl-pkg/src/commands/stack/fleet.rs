//! `--fleet NAME` on `stack plan|apply|status|uninstall`: one environment of
//! a stack planned for every cluster of a fleet the stack file declares, as
//! one fleet plan under one hash, then applied in its waves (canary first);
//! `kubectl pkg apply fleet-plan.json` applies a saved one.

use std::path::Path;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::action::gates::{Gates, Origin, ReviewedFleet};
use libpkg::action::stack::fleet::{
    ClusterOutcome, FleetError, FleetOptions, FleetSessions, apply_fleet, plan_fleet,
    plan_fleet_uninstall,
};
use libpkg::action::{Session, Sessions, UpgradeFrom};
use libpkg::stack::StackRelease;
use libpkg::stack::fleet::Fleet;
use libpkg::stack::fleet::plan::FleetPlan;

use super::{Fetcher, Lines, StackApplyFlags, StackArgs, confirm, ctrl_c, said, save_document};
use crate::cli::{GlobalArgs, OutputFormat};
use crate::flow::MutatingArgs;
use crate::view::review::Source;
use crate::{settings, view};

// Which fleet of the stack file.
#[derive(Debug, Clone, Args)]
pub struct FleetArgs {
    /// Plan the stack for every cluster of this fleet of the stack file
    /// (`fleets:`), as one fleet plan applied in the fleet's waves.
    #[arg(long, value_name = "NAME", conflicts_with = "environment")]
    pub fleet: Option<String>,
    /// With --fleet: plan the clusters that answer and record the others as
    /// left out (applying refuses the plan if one of them answers then).
    #[arg(long, requires = "fleet")]
    pub skip_unreachable: bool,
}

/// Loads the fleet, connects to its clusters and plans every one.
pub async fn plan(
    global: &GlobalArgs,
    args: &StackArgs,
    fleet: &FleetArgs,
) -> Result<(FleetPlan, FleetSessions)> {
    let name = fleet.fleet.as_deref().expect("a fleet was asked for");
    let (fleet_def, stack) = libpkg::stack::fleet::load(&args.stack.file, name)?;
    let fetcher = Fetcher::new(global, args, &stack)?;
    let clusters = connect(global, &args.stack.file, &fleet_def).await?;
    let options = FleetOptions {
        stack: fetcher.options()?,
        skip_unreachable: fleet.skip_unreachable,
    };
    let fetch =
        async |release: &StackRelease, from: &UpgradeFrom| fetcher.fetch(release, from).await;
    let plan = (plan_fleet(&stack, &fleet_def, &clusters, fetch, &options).await)
        .map_err(|error| fleet_error(&args.stack.file, error))?;
    Ok((plan, clusters))
}

/// One connection per cluster of the fleet, each its kubeconfig context:
/// a context the kubeconfig does not have is refused before any request,
/// naming the file and the key.
async fn connect(global: &GlobalArgs, file: &Path, fleet: &Fleet) -> Result<FleetSessions> {
    connect_to(global, &fleet.clusters)
        .await
        .with_context(|| format!("{}: fleets.{}.clusters", file.display(), fleet.name))
}

/// One connection per named context.
async fn connect_to(global: &GlobalArgs, contexts: &[String]) -> Result<FleetSessions> {
    let mut clusters = FleetSessions::new();
    for context in contexts {
        let global = GlobalArgs {
            context: Some(context.clone()),
            ..global.clone()
        };
        let cluster = settings::cluster(&global).await?;
        clusters.insert(
            context.clone(),
            Sessions::from([(None, Session::new(cluster))]),
        );
    }
    Ok(clusters)
}

/// A fleet's error, a cluster's stack error kept whole (its exit code is a
/// release's), under the file's name.
fn fleet_error(file: &Path, error: FleetError<anyhow::Error>) -> anyhow::Error {
    match error.split() {
        Ok(error @ FleetError::Unreachable { .. }) => anyhow::anyhow!(
            "{error} (--skip-unreachable plans the others and records these as left out)"
        )
        .context(file.display().to_string()),
        Ok(error) => anyhow::Error::new(error).context(file.display().to_string()),
        Err((cluster, error)) => {
            let file = file.display().to_string();
            let cluster = format!("cluster {cluster}");
            match error.split_fetch() {
                Ok(error) => anyhow::Error::new(error).context(cluster).context(file),
                Err((release, fetch)) => (fetch.context(format!("release {release}")))
                    .context(cluster)
                    .context(file),
            }
        }
    }
}

/// `stack plan --fleet`.
pub async fn run_plan(
    global: &GlobalArgs,
    args: &StackArgs,
    fleet: &FleetArgs,
    out: Option<&Path>,
    detailed_exitcode: bool,
) -> Result<()> {
    let (plan, _) = plan(global, args, fleet).await?;
    let plan = args
        .review
        .gates()?
        .review_fleet(plan, Origin::Fresh, false)?
        .into_plan();
    if let Some(path) = out {
        save_document(path, "fleet plan", plan.to_json_pretty())?;
    }
    let source = match out {
        Some(path) => Source::Saved(path.display().to_string()),
        None => Source::Unsaved,
    };
    print(global, &plan, &source)?;
    if detailed_exitcode && plan.has_changes() {
        return Err(crate::flow::HasChanges.into());
    }
    Ok(())
}

/// `stack apply --fleet`.
pub async fn run_apply(
    global: &GlobalArgs,
    args: &StackArgs,
    fleet: &FleetArgs,
    flags: &StackApplyFlags,
    dry_run: bool,
) -> Result<()> {
    let (plan, clusters) = plan(global, args, fleet).await?;
    let reviewed = args
        .review
        .gates()?
        .review_fleet(plan, Origin::Fresh, !dry_run)?;
    print(global, reviewed.plan(), &Source::Unsaved)?;
    if dry_run {
        return Ok(());
    }
    apply(&reviewed, &clusters, flags).await
}

/// `stack uninstall --fleet`.
pub async fn run_uninstall(
    global: &GlobalArgs,
    file: &Path,
    fleet: &FleetArgs,
    flags: &StackApplyFlags,
    dry_run: bool,
) -> Result<()> {
    let name = fleet.fleet.as_deref().expect("a fleet was asked for");
    let (fleet_def, stack) = libpkg::stack::fleet::load(file, name)?;
    let clusters = connect(global, file, &fleet_def).await?;
    let plan = plan_fleet_uninstall(&stack, &fleet_def, &clusters, fleet.skip_unreachable)
        .await
        .map_err(|error| anyhow::Error::new(error).context(file.display().to_string()))?;
    if !plan.has_changes() {
        crate::view::errln!(
            "No release of stack {} is installed in any cluster of fleet {}.",
            stack.name,
            fleet_def.name
        );
        return Ok(());
    }
    print(global, &plan, &Source::Unsaved)?;
    if dry_run {
        return Ok(());
    }
    // Removing releases: no policy or approvals apply, as to `uninstall`'s defaults.
    let reviewed = Gates::default().review_fleet(plan, Origin::Fresh, false)?;
    apply(&reviewed, &clusters, flags).await
}

/// Applies a fleet plan saved with `--out` (`kubectl pkg apply FILE`).
pub async fn apply_saved(global: &GlobalArgs, text: &str, args: &MutatingArgs) -> Result<()> {
    let plan = FleetPlan::from_json(text)?;
    if plan.is_masked() {
        bail!(
            "this fleet plan has masked Secret values (it was printed for review); save it with --out and apply that file"
        );
    }
    plan.verify_hash()?;
    let clusters = connect_to(global, &plan.fleet.clusters).await?;
    let source = match &args.applying {
        Some(file) => Source::Saved(file.clone()),
        None => Source::Unsaved,
    };
    print(global, &plan, &source)?;
    let reviewed = args
        .review
        .gates()?
        .review_fleet(plan, Origin::Saved, !args.is_dry_run())?;
    if args.is_dry_run() {
        return Ok(());
    }
    let flags = StackApplyFlags {
        yes: args.yes,
        wait: args.wait,
        timeout: args.timeout,
        fail_fast: false,
    };
    apply(&reviewed, &clusters, &flags).await
}

/// Prints a fleet plan: its text view, or its document or review document (masked).
pub fn print(global: &GlobalArgs, plan: &FleetPlan, source: &Source) -> Result<()> {
    match global.output {
        OutputFormat::Text => view::out!("{}", view::fleet::render(plan, view::Layout::stdout())),
        OutputFormat::Markdown | OutputFormat::Html => {
            view::review::print_fleet(global, &plan.masked(), source)
        }
        format => view::print_document(format, &plan.masked()),
    }
}

/// Asks (unless `--yes`), applies wave by wave, and says how each cluster
/// and release ended.
async fn apply(
    reviewed: &ReviewedFleet,
    clusters: &FleetSessions,
    flags: &StackApplyFlags,
) -> Result<()> {
    let plan = reviewed.plan();
    if !plan.has_changes() {
        crate::view::errln!("Nothing to change in any cluster.");
        return Ok(());
    }
    if !flags.yes {
        confirm(&format!(
            "Apply fleet plan {} of fleet {} ({} clusters in {} waves)?",
            view::short_hash(&plan.hash),
            plan.fleet.name,
            plan.clusters.len(),
            plan.fleet.waves.len()
        ))?;
    }
    let options = flags.options();
    let interrupted = ctrl_c();
    let reporter =
        |cluster: &str, release: &libpkg::plan::ReleaseId| Lines::for_cluster(cluster, release);
    let outcome = apply_fleet(reviewed, clusters, &options, reporter, interrupted)
        .await
        .map_err(anyhow::Error::new)?;
    for (cluster, wave, ended) in &outcome.clusters {
        match ended {
            ClusterOutcome::Applied(stack) => {
                let how = if ended.succeeded() {
                    "applied"
                } else {
                    "FAILED"
                };
                crate::view::errln!("Cluster {cluster} (wave {wave}): {how}.");
                if stack.resumed {
                    crate::view::errln!("  Resumed the last apply of its stack plan.");
                }
                for (release, outcome) in &stack.releases {
                    crate::view::errln!("  Release {release}: {}.", said(outcome));
                }
                if let Some(error) = &stack.journal_error {
                    let error = crate::view::remedy::error_text(error);
                    crate::view::errln!(
                        "  warning: its stack journal could not be written ({error})"
                    );
                }
            }
            ClusterOutcome::AlreadyApplied => crate::view::errln!(
                "Cluster {cluster} (wave {wave}): already applied by an earlier apply of this plan."
            ),
            ClusterOutcome::Refused(error) => {
                let error = crate::view::remedy::error_text(error);
                crate::view::errln!("Cluster {cluster} (wave {wave}): FAILED: {error}.")
            }
            ClusterOutcome::Halted { by } => crate::view::errln!(
                "Cluster {cluster} (wave {wave}): not applied: the rollout halted at cluster {by}."
            ),
        }
    }
    if outcome.clusters.iter().any(|(_, _, o)| o.interrupted()) {
        return Err(crate::flow::Interrupted.into());
    }
    if let Some(at) = outcome.halted_at() {
        let untouched: Vec<&str> = (outcome.clusters.iter())
            .filter(|(_, _, o)| matches!(o, ClusterOutcome::Halted { .. }))
            .map(|(cluster, _, _)| cluster.as_str())
            .collect();
        let later = match untouched.is_empty() {
            true => String::new(),
            false => format!("; not applied: {}", untouched.join(", ")),
        };
        bail!(
            "the rollout of fleet {} halted at cluster {at} (said above){later}; apply the same plan again to resume it once the cause is fixed",
            plan.fleet.name
        );
    }
    Ok(())
}

/// One cluster of a fleet as `stack status --fleet` shows it.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ClusterStatus {
    cluster: String,
    wave: usize,
    /// Where its stack's last apply left it (`applied`, `failed (web)`,
    /// `never applied`, `unreachable`…).
    rollout: String,
    /// Its stack's state, when it could be reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<super::status::StackState>,
    /// Why it could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The fleet's rollout and every cluster's releases.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct FleetStatus {
    fleet: String,
    stack: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    environment: Option<String>,
    /// The first cluster, in rollout order, whose last apply did not finish
    /// whole: where a rollout stopped (none: every cluster's did).
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_at: Option<String>,
    clusters: Vec<ClusterStatus>,
}

/// `stack status --fleet`: each cluster's stack, in rollout order, and
/// where the rollout stands.
pub async fn status(global: &GlobalArgs, file: &Path, name: &str) -> Result<()> {
    let (fleet, stack) = libpkg::stack::fleet::load(file, name)?;
    let clusters = connect(global, file, &fleet).await?;
    let mut statuses = Vec::new();
    for (index, wave) in fleet.waves.iter().enumerate() {
        for cluster in wave {
            let (rollout, state, error) =
                match super::status::state(&stack, &clusters[cluster]).await {
                    Ok(state) => (state.rollout.clone(), Some(state), None),
                    Err(error) => ("unknown".to_string(), None, Some(format!("{error:#}"))),
                };
            statuses.push(ClusterStatus {
                cluster: cluster.clone(),
                wave: index + 1,
                rollout,
                state,
                error,
            });
        }
    }
    let status = FleetStatus {
        fleet: fleet.name.clone(),
        stack: stack.name.clone(),
        environment: fleet.environment.clone(),
        stopped_at: (statuses.iter())
            .find(|c| c.rollout != "applied")
            .map(|c| c.cluster.clone()),
        clusters: statuses,
    };
    if global.output != OutputFormat::Text {
        return view::print_document(global.output, &status);
    }
    view::outln!(
        "{}",
        status_text(&status, view::Layout::stdout(), global.wide)
    )
}

fn status_text(status: &FleetStatus, layout: view::Layout, wide: bool) -> String {
    let environment = (status.environment.as_deref())
        .map(|env| format!(", environment {env}"))
        .unwrap_or_default();
    let mut out = format!(
        "Fleet: {} (stack {}{environment})\n",
        status.fleet, status.stack
    );
    out += &match (status.stopped_at.as_deref())
        .and_then(|at| status.clusters.iter().find(|c| c.cluster == at))
    {
        None => "Rollout: every cluster's last apply finished\n".to_string(),
        Some(at) => {
            let after: Vec<&str> = (status.clusters.iter())
                .filter(|c| c.wave > at.wave)
                .map(|c| c.cluster.as_str())
                .collect();
            let after = match after.is_empty() {
                true => String::new(),
                false => format!("; later waves: {}", after.join(", ")),
            };
            format!(
                "Rollout: stopped at cluster {} (wave {}): {}{after}\n",
                at.cluster, at.wave, at.rollout
            )
        }
    };
    let columns = [
        view::Column::kept("CLUSTER"),
        view::Column::kept("WAVE"),
        view::Column::kept("LAST APPLY"),
    ];
    let rows: Vec<Vec<String>> = (status.clusters.iter())
        .map(|c| vec![c.cluster.clone(), c.wave.to_string(), c.rollout.clone()])
        .collect();
    out += &view::records_table(layout, wide, &columns, &rows);
    for cluster in &status.clusters {
        out += &format!("\n\nCluster {} (wave {}):\n", cluster.cluster, cluster.wave);
        let body = match (&cluster.state, &cluster.error) {
            (Some(state), _) => super::status::text(state, layout.narrower(2), wide),
            (None, error) => format!("error: {}", error.as_deref().unwrap_or_default()),
        };
        for line in body.lines() {
            out += &format!("  {line}\n");
        }
        out.pop();
    }
    out
}
