//! The one flow every mutating command shares: lock the release, save the plan
//! if asked, show it, stop for `--dry-run`, refuse if the access check found
//! missing rights, ask (or take `--yes`), apply exactly that plan, report,
//! unlock.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{self, ApplyOptions, Event, Reporter};
use libpkg::cluster::{Cluster, ClusterError};
use libpkg::plan::Plan;
use libpkg::release::proposal::{PROPOSAL_PREFIX, ProposalStore};
use libpkg::release::{LockError, LockRequest, ReleaseLock, ReleaseStore, Staleness};

use crate::cli::GlobalArgs;
use crate::review::{Origin, ReviewArgs};
use crate::{prompt, view};

/// Flags of every command that changes the cluster.
#[derive(Debug, Clone, Args)]
pub struct MutatingArgs {
    /// Show the plan and stop; nothing is changed. `--dry-run=client` (install
    /// only, as Helm spells it) plans without a cluster, like --offline;
    /// `--dry-run=server`, the default, dry-runs every object on the server.
    #[arg(
        long,
        value_enum,
        value_name = "MODE",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "server"
    )]
    pub dry_run: Option<DryRun>,
    /// With --dry-run: exit 2 when the plan changes something, 0 when it changes nothing.
    #[arg(long, requires = "dry_run")]
    pub detailed_exitcode: bool,
    /// Save the complete plan (Secret values included, so owner-only) to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// List the objects the plan leaves unchanged too (by default they are counted).
    #[arg(long)]
    pub show_unchanged: bool,
    /// Apply without asking.
    #[arg(short = 'y', long)]
    pub yes: bool,
    /// Wait for workloads, claims and CRDs to become ready (--wait=false to skip).
    #[arg(long, default_value_t = true, num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub wait: bool,
    /// How long to wait, in Go's syntax: 90s, 5m, 1h30m.
    #[arg(long, default_value = "5m", value_parser = crate::duration::parse)]
    pub timeout: Duration,
    /// If applying or waiting fails, put the previous revision's objects back
    /// and delete the objects this attempt created.
    #[arg(long)]
    pub atomic: bool,
    #[command(flatten)]
    pub review: ReviewArgs,
    /// Set by `kubectl pkg propose`: store the plan in the cluster as a
    /// proposal with this note instead of applying it.
    #[arg(skip)]
    pub propose: Option<String>,
}

/// How a dry run plans.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DryRun {
    /// Without a cluster (install only).
    Client,
    /// Against the cluster, each object dry-run on the server.
    Server,
}

impl MutatingArgs {
    /// Whether only to plan.
    pub fn is_dry_run(&self) -> bool {
        self.dry_run.is_some()
    }
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

/// Ctrl-C stopped the command (exit code 130); what it had done is said already.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Set once a step handles Ctrl-C itself (the question, then applying): from
/// then on [`locked`] leaves an interruption to it, so that it can say what
/// was done before the lock is released.
static CTRL_C_HANDLED_INSIDE: AtomicBool = AtomicBool::new(false);

/// Completes at Ctrl-C (never, if the signal cannot be watched).
async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Completes at a Ctrl-C that no step handles itself.
async fn ctrl_c_unhandled() {
    loop {
        ctrl_c().await;
        if !CTRL_C_HANDLED_INSIDE.load(Ordering::SeqCst) {
            return;
        }
    }
}

/// `--detailed-exitcode`: the plan has changes (exit code 2, no message).
#[derive(Debug)]
pub struct HasChanges;

impl std::fmt::Display for HasChanges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the plan has changes")
    }
}

impl std::error::Error for HasChanges {}

/// How long a release lock lasts without renewal: `KUBECTL_PKG_LOCK_SECONDS`,
/// default 60 s.
fn lock_duration() -> Result<Duration> {
    match std::env::var("KUBECTL_PKG_LOCK_SECONDS") {
        Ok(text) => match text.parse::<u64>() {
            Ok(seconds) if seconds > 0 => Ok(Duration::from_secs(seconds)),
            _ => bail!("KUBECTL_PKG_LOCK_SECONDS={text:?} is not a positive number of seconds"),
        },
        Err(_) => Ok(libpkg::release::DEFAULT_LOCK_DURATION),
    }
}

/// Runs `body` holding the release's lock (from before planning until the
/// apply ends), then unlocks whatever happened, Ctrl-C included (planning is
/// stopped; [`review_and_apply`] says what an interrupted apply did).
/// `--dry-run` only reads, so it takes no lock. Without the right to lock, `body` runs unlocked and gets
/// `None`: its plan's access check lists the missing rights and nothing is applied.
pub async fn locked<T>(
    cluster: &Cluster,
    args: &MutatingArgs,
    release: &str,
    operation: &str,
    body: impl AsyncFnOnce(Option<&ReleaseLock>) -> Result<T>,
) -> Result<T> {
    if args.dry_run == Some(DryRun::Client) {
        bail!(
            "--dry-run=client plans without a cluster, which only install can (this command reads the release's record in the cluster): use --dry-run"
        );
    }
    if args.is_dry_run() {
        return body(None).await;
    }
    let lock = acquire(cluster, &cluster.namespace, release, operation).await?;
    let outcome = tokio::select! {
        outcome = body(lock.as_ref()) => outcome,
        _ = ctrl_c_unhandled() => Err(Interrupted.into()),
    };
    unlock(lock, release).await;
    outcome
}

/// Takes a release's lock; `None` when the namespace does not exist yet (the
/// plan creates it) or the user may not lock (the access check says so).
async fn acquire(
    cluster: &Cluster,
    namespace: &str,
    release: &str,
    operation: &str,
) -> Result<Option<ReleaseLock>> {
    let request = LockRequest {
        namespace,
        name: release,
        operation,
        duration: lock_duration()?,
    };
    let lock = match ReleaseLock::acquire(cluster, &request).await {
        Ok(lock) => lock,
        Err(LockError::Cluster(
            ClusterError::Forbidden { .. } | ClusterError::Api { code: 404, .. },
        )) => return Ok(None),
        Err(error) => return Err(error.into()),
    };
    if let Some(stale) = lock.taken_over() {
        let why = match stale.stale {
            Some(Staleness::HolderGone) => "its process has exited",
            _ => "it expired",
        };
        eprintln!("Took over the lock of release {release} from {stale}: {why}.");
    }
    Ok(Some(lock))
}

async fn unlock(lock: Option<ReleaseLock>, release: &str) {
    if let Some(lock) = lock
        && let Err(error) = lock.release().await
    {
        eprintln!("warning: could not release the lock of release {release}: {error}");
    }
}

/// Checks against the policy, saves, shows, checks approvals, confirms and
/// applies `plan`, holding `lock`.
pub async fn review_and_apply(
    global: &GlobalArgs,
    args: &MutatingArgs,
    cluster: &Cluster,
    lock: Option<&ReleaseLock>,
    plan: &Plan,
    origin: Origin,
) -> Result<()> {
    let (plan, mut review) = match args.review.check_policy(plan, origin) {
        Ok(checked) => checked,
        Err(refused) => {
            // The findings are in the plan: show it, then why it is refused
            // (refused all the same when standard output is gone).
            let shown = view::plan::print(global, plan, args.show_unchanged);
            if let Err(error) = shown
                && !view::is_reader_gone(&error)
            {
                return Err(error);
            }
            return Err(refused);
        }
    };
    let plan = &plan;
    if let Some(path) = &args.out {
        view::write_private(path, plan.to_json_pretty().as_bytes())?;
        eprintln!(
            "Saved the plan to {} (it holds Secret values: keep it private)",
            path.display()
        );
    }
    let shown = view::plan::print(global, plan, args.show_unchanged);
    match shown {
        // A dry run only shows: its reader took what it wanted.
        Err(error) if view::is_reader_gone(&error) && !args.is_dry_run() => {
            bail!("standard output was closed before the plan was shown: nothing was applied")
        }
        shown => shown?,
    }
    if let Some(note) = &args.propose {
        return propose(cluster, plan, note).await;
    }
    let store = ReleaseStore::new(cluster.clone());
    let missing = plan.permissions.installer.missing.len();
    let approvals = args.review.check_approvals(plan, &mut review, origin);
    if args.is_dry_run() {
        // A plan you could not apply is not a passing dry run; a plan made
        // now cannot carry approvals yet, so for it they are the next step.
        if origin == Origin::Saved {
            approvals?;
        }
        if missing > 0 {
            bail!(
                "you are missing {missing} permission(s) this plan needs (listed above): applying it would be refused"
            );
        }
        if args.detailed_exitcode && action::changes_anything(&store, plan).await? {
            return Err(HasChanges.into());
        }
        return Ok(());
    }
    approvals?;
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
        confirm(global, plan).await?;
    }
    let release = &plan.release;
    // A namespace the plan creates is created first; then the release can be locked in it.
    let deferred = match lock {
        None if action::create_release_namespace(cluster, plan).await? => {
            let operation = view::label(&plan.operation);
            acquire(cluster, &release.namespace, &release.name, &operation).await?
        }
        _ => None,
    };
    let Some(lock) = lock.or(deferred.as_ref()) else {
        bail!(
            "could not lock release {} (you may not create Leases in namespace {}); nothing was applied",
            release.name,
            release.namespace
        );
    };
    let options = ApplyOptions {
        wait: args.wait,
        timeout: args.timeout,
        atomic: args.atomic,
        review,
    };
    let progress = Progress::new();
    CTRL_C_HANDLED_INSIDE.store(true, Ordering::SeqCst);
    let outcome = tokio::select! {
        outcome = action::apply(cluster, &store, lock, plan, &options, &progress) => Some(outcome),
        _ = ctrl_c() => None,
    };
    progress.finish();
    unlock(deferred, &release.name).await;
    let Some(outcome) = outcome else {
        eprintln!(
            "Interrupted while applying revision {revision} of release {name}: {done} change(s) made (listed above), the rest not. \
             The lock is released; `kubectl pkg status {name} -n {namespace}` shows where it stopped, \
             and the next operation on the release records revision {revision} as failed and applies its own plan in full.",
            revision = release.revision,
            name = release.name,
            namespace = release.namespace,
            done = progress.changes(),
        );
        return Err(Interrupted.into());
    };
    let record = outcome?;
    eprintln!(
        "Release {} in namespace {}: revision {} {}.",
        plan.release.name,
        plan.release.namespace,
        plan.release.revision,
        record.status.as_str()
    );
    // A chart's notes, as Helm shows them after an install or upgrade.
    if let Some(notes) = &plan.notes {
        eprintln!("\nNOTES:\n{}", notes.trim_end());
    }
    Ok(())
}

/// Stores a plan as a proposal and says how to take it further.
async fn propose(cluster: &Cluster, plan: &Plan, note: &str) -> Result<()> {
    let name = ProposalStore::new(cluster.clone())
        .create(plan, note)
        .await?;
    let namespace = &plan.release.namespace;
    eprintln!(
        "Proposed as {PROPOSAL_PREFIX}{name} in namespace {namespace}; nothing was applied.\n\
         Review:  kubectl pkg get plan {PROPOSAL_PREFIX}{name} -n {namespace}\n\
         Approve: kubectl pkg approve {PROPOSAL_PREFIX}{name} -n {namespace} --key KEY --approver NAME\n\
         Apply:   kubectl pkg apply {PROPOSAL_PREFIX}{name} -n {namespace}"
    );
    Ok(())
}

/// Asks before applying, unless no person can be asked here (then refuses:
/// `--yes` is how a pipeline says yes). Ctrl-C at the question changes nothing.
async fn confirm(global: &GlobalArgs, plan: &Plan) -> Result<()> {
    if let Some(why) = prompt::cannot_ask() {
        bail!(
            "refusing to apply without confirmation: {why}; pass --yes to apply, or --dry-run to only plan"
        );
    }
    eprint!(
        "{}",
        view::plan::summary(plan, view::use_color_on_stderr(global))
    );
    let question = format!(
        "Apply plan {} to release {} in namespace {}?",
        short_hash(&plan.hash),
        plan.release.name,
        plan.release.namespace
    );
    // The question blocks a thread of its own (the lock is renewed on
    // another), so that Ctrl-C is heard while it waits.
    CTRL_C_HANDLED_INSIDE.store(true, Ordering::SeqCst);
    let answer = tokio::task::spawn_blocking(move || prompt::ask(&question));
    let answer = tokio::select! {
        answer = answer => answer??,
        _ = ctrl_c() => {
            eprintln!();
            eprintln!("Interrupted at the question: nothing was changed.");
            return Err(Interrupted.into());
        }
    };
    match answer {
        prompt::Answer::Yes => Ok(()),
        prompt::Answer::No(_) => Err(Declined.into()),
    }
}

fn short_hash(hash: &str) -> &str {
    &hash[..hash.len().min(19)]
}

/// Progress on stderr: a spinner showing what is awaited on a terminal, plain
/// lines otherwise (so logs stay readable); every applied object gets a line.
struct Progress {
    spinner: Option<indicatif::ProgressBar>,
    /// Objects applied or deleted so far.
    changes: std::sync::atomic::AtomicUsize,
}

impl Progress {
    fn new() -> Progress {
        let spinner = std::io::stderr().is_terminal().then(|| {
            let spinner = indicatif::ProgressBar::new_spinner();
            spinner.enable_steady_tick(Duration::from_millis(120));
            spinner
        });
        Progress {
            spinner,
            changes: Default::default(),
        }
    }

    fn changes(&self) -> usize {
        self.changes.load(Ordering::Relaxed)
    }

    fn changed(&self) {
        self.changes.fetch_add(1, Ordering::Relaxed);
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
            Event::TookOver { revision } => self.line(format!(
                "Revision {revision} had been interrupted: recorded it as failed, this revision takes over"
            )),
            Event::Restoring { revision } => self.line(match revision {
                Some(revision) => format!("Failed; --atomic: restoring revision {revision}"),
                None => "Failed; --atomic: deleting what this attempt created".to_string(),
            }),
            Event::Applied { object, action } => {
                self.changed();
                self.line(format!("  {:<9} {object}", done(action)))
            }
            Event::Deleted { object } => {
                self.changed();
                self.line(format!("  deleted   {object}"))
            }
            Event::Waiting { object, reason } => match &self.spinner {
                Some(spinner) => spinner.set_message(format!("waiting for {object}: {reason}")),
                None => eprintln!("  waiting   {object}: {reason}"),
            },
            Event::Ready { object } => self.line(format!("  ready     {object}")),
        }
    }
}

/// What the apply log says was done to an object: in the past tense, as
/// `deleted` and `ready` are (the plan says what will be done: `create`).
fn done(action: libpkg::plan::Action) -> &'static str {
    use libpkg::plan::Action;
    match action {
        Action::Create => "created",
        Action::Update => "updated",
        Action::Unchanged => "unchanged",
        Action::Delete => "deleted",
    }
}
