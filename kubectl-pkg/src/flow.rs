//! The one flow every mutating command shares: libpkg's operation sequence
//! (lock, plan, review, confirm, apply exactly the reviewed plan, unlock:
//! [`libpkg::action::run`]) with this command line's review: save the plan
//! if asked, show it, stop for `--dry-run`, refuse if the access check found
//! missing rights, ask (or take `--yes`), report progress.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{
    self, AfterApply, ApplyOptions, Approved, Event, Outcome, Reporter, Reviewer, RunError,
    RunOptions, Session, Stage,
};
use libpkg::cluster::Cluster;
use libpkg::plan::{Operation, Plan, ReleaseId};
use libpkg::release::Record;
use libpkg::release::proposal::{PROPOSAL_PREFIX, ProposalStore};

use crate::cli::GlobalArgs;
use crate::review::{Origin, ReviewArgs};
use crate::{prompt, view};

// Flags of every command that changes the cluster.
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
    /// Set by `kubectl pkg apply`: the plan file or `proposal/NAME` applied,
    /// which a review document's footer names.
    #[arg(skip)]
    pub applying: Option<String>,
}

impl MutatingArgs {
    /// Where the plan this command shows can be applied from: the proposal
    /// it is stored as, the file `--out` saves it to, or nowhere yet.
    pub fn source(&self, plan: &Plan) -> view::review::Source {
        use view::review::Source;
        if self.propose.is_some() {
            return Source::Saved(format!(
                "{PROPOSAL_PREFIX}{}",
                libpkg::release::proposal::proposal_name(plan)
            ));
        }
        match (&self.applying, &self.out) {
            (Some(applying), _) => Source::Saved(applying.clone()),
            (None, Some(path)) => Source::Saved(path.display().to_string()),
            (None, None) => Source::Unsaved,
        }
    }
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

/// Completes at Ctrl-C (never, if the signal cannot be watched).
async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
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

/// Runs one operation on `release` through libpkg's sequence: `plan` is made
/// holding the release's lock (none for `--dry-run`, which only reads), then
/// reviewed here and applied exactly as shown; the lock is released however
/// it ends, Ctrl-C included.
pub async fn run(
    global: &GlobalArgs,
    args: &MutatingArgs,
    session: &Session,
    step: Step,
    plan: impl AsyncFnOnce() -> Result<Plan>,
) -> Result<()> {
    if args.dry_run == Some(DryRun::Client) {
        bail!(
            "--dry-run=client plans without a cluster, which only install can (this command reads the release's record in the cluster): use --dry-run"
        );
    }
    let options = RunOptions {
        release: step.release,
        operation: step.operation,
        lock_duration: lock_duration()?,
        dry_run: args.is_dry_run(),
        gates: args.review.gates()?,
        origin: step.origin,
        after: step.after,
    };
    let progress = Arc::new(Progress::new());
    let session = session.clone().with_reporter(progress.clone());
    let mut reviewer = CommandLine {
        global,
        args,
        cluster: session.cluster(),
        progress: &progress,
    };
    let outcome = action::run(&session, &options, plan, &mut reviewer, ctrl_c()).await;
    progress.finish();
    match outcome {
        Ok(Outcome::Stopped) => Ok(()),
        Ok(Outcome::Unchanged(_)) => {
            crate::view::errln!("Nothing to change.");
            Ok(())
        }
        // Reported by the reviewer, under the lock.
        Ok(Outcome::Applied(_)) => Ok(()),
        Ok(Outcome::DryRun { changes, .. }) if changes && args.detailed_exitcode => {
            Err(HasChanges.into())
        }
        Ok(Outcome::DryRun { .. }) => Ok(()),
        // The policy's findings are in the plan: show it, then why it is
        // refused (refused all the same when standard output is gone).
        Err(RunError::Refused { plan, error }) => {
            let shown = view::plan::print(global, &plan, args.show_unchanged, &args.source(&plan));
            if let Err(error) = shown
                && !view::is_reader_gone(&error)
            {
                return Err(error);
            }
            Err(error.into())
        }
        Err(RunError::Interrupted { stage }) => {
            interrupted(stage, &options.release, progress.changes());
            Err(Interrupted.into())
        }
        Err(other) => Err(caller_error(other)),
    }
}

/// Runs `body` holding `release`'s lock (none for `--dry-run`), released
/// however it ends: work on a release that is not a plan.
pub async fn with_lock<T>(
    session: &Session,
    args: &MutatingArgs,
    release: &ReleaseId,
    operation: Operation,
    body: impl AsyncFnOnce() -> Result<T>,
) -> Result<T> {
    let options = RunOptions {
        release: release.clone(),
        operation,
        lock_duration: lock_duration()?,
        dry_run: args.is_dry_run(),
        gates: Default::default(),
        origin: Origin::Fresh,
        after: AfterApply::Nothing,
    };
    let session = session.clone().with_reporter(Arc::new(Progress::new()));
    let locked = action::with_lock(&session, &options, async |_| {
        body().await.map_err(RunError::Caller)
    })
    .await;
    locked.map_err(caller_error)
}

/// A sequence's error as the command line reports it: the library's own
/// errors keep their types (exit codes and hints depend on them).
fn caller_error(error: RunError<anyhow::Error>) -> anyhow::Error {
    match error {
        RunError::Caller(error) => error,
        RunError::Plan(error) => error.into(),
        RunError::Apply(error) => error.into(),
        RunError::Lock(error) => error.into(),
        RunError::Gate(error) => error.into(),
        RunError::AfterApply(error) => error.into(),
        RunError::AccessDenied { missing, dry_run } => anyhow::anyhow!(
            "you are missing {missing} permission(s) this plan needs (listed above){}",
            if dry_run {
                ": applying it would be refused"
            } else {
                "; nothing was applied"
            }
        ),
        other => other.into(),
    }
}

/// Which operation [`run`] runs: on which release, as what, from what plan.
pub struct Step {
    /// The release.
    pub release: ReleaseId,
    /// What the lock says is being done.
    pub operation: Operation,
    /// A plan made now, or a saved one.
    pub origin: Origin,
    /// What libpkg does once it is applied, still holding the lock
    /// (`uninstall --purge`, `adopt-helm --remove-helm-records`, applying
    /// a proposal).
    pub after: AfterApply,
}

/// Says what an interruption left.
fn interrupted(stage: Stage, release: &ReleaseId, done: usize) {
    match stage {
        Stage::Planning | Stage::Reviewing => {}
        Stage::Confirming => {
            crate::view::errln!();
            crate::view::errln!("Interrupted at the question: nothing was changed.");
        }
        Stage::Applying { revision } => crate::view::errln!(
            "Interrupted while applying revision {revision} of release {name}: {done} change(s) made (listed above), the rest not. \
             The lock is released; `kubectl pkg status {name} -n {namespace}` shows where it stopped, \
             and the next operation on the release records revision {revision} as failed and applies its own plan in full.",
            name = release.name,
            namespace = release.namespace,
        ),
    }
}

/// Reports an applied revision, and a chart's notes as Helm shows them
/// after an install or upgrade (a rollback keeps the notes of the revision
/// it returns to, for `get notes`, and shows none, as `helm rollback`).
fn applied(record: &Record) {
    let release = &record.plan.release;
    crate::view::errln!(
        "Release {} in namespace {}: revision {} {}.",
        release.name,
        release.namespace,
        release.revision,
        record.status.as_str()
    );
    let shows_notes = record.plan.operation != libpkg::plan::Operation::Rollback;
    if let Some(notes) = record.plan.notes.as_ref().filter(|_| shows_notes) {
        crate::view::errln!("\nNOTES:\n{}", notes.trim_end());
    }
}

/// This command line's review: `--out`, the plan shown, `--propose`, then
/// the question (the gates are libpkg's, applied by its `run`).
struct CommandLine<'a> {
    global: &'a GlobalArgs,
    args: &'a MutatingArgs,
    cluster: &'a Cluster,
    /// Cleared before the outcome is reported.
    progress: &'a Progress,
}

impl Reviewer for CommandLine<'_> {
    type Error = anyhow::Error;

    async fn review(&mut self, plan: Plan) -> Result<Option<Approved>> {
        let (global, args) = (self.global, self.args);
        if let Some(path) = &args.out {
            view::write_private(path, plan.to_json_pretty().as_bytes())?;
            crate::view::errln!(
                "Saved the plan to {} (it holds Secret values: keep it private)",
                path.display()
            );
        }
        match view::plan::print(global, &plan, args.show_unchanged, &args.source(&plan)) {
            // A dry run only shows: its reader took what it wanted.
            Err(error) if view::is_reader_gone(&error) && !args.is_dry_run() => {
                bail!("standard output was closed before the plan was shown: nothing was applied")
            }
            shown => shown?,
        }
        if let Some(note) = &args.propose {
            propose(self.cluster, &plan, note).await?;
            return Ok(None);
        }
        let options = ApplyOptions {
            wait: args.wait,
            timeout: args.timeout,
            atomic: args.atomic,
            review: Default::default(),
        };
        Ok(Some(Approved { plan, options }))
    }

    async fn confirm(&mut self, plan: &Plan) -> Result<()> {
        if self.args.yes {
            return Ok(());
        }
        confirm(self.global, plan).await
    }

    async fn applied(&mut self, record: &Record) -> Result<()> {
        self.progress.finish();
        applied(record);
        Ok(())
    }
}

/// Stores a plan as a proposal and says how to take it further.
async fn propose(cluster: &Cluster, plan: &Plan, note: &str) -> Result<()> {
    let name = ProposalStore::new(cluster.clone())
        .create(plan, note)
        .await?;
    let namespace = &plan.release.namespace;
    crate::view::errln!(
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
            "refusing to apply without confirmation: {why}; {} (--dry-run only plans)",
            prompt::HOW_TO_ANSWER
        );
    }
    crate::view::errprint!(
        "{}",
        view::plan::summary(plan, view::use_color_on_stderr(global))
    );
    let question = format!(
        "Apply plan {} to release {} in namespace {}?",
        plan.hash.short(),
        plan.release.name,
        plan.release.namespace
    );
    // The question blocks a thread of its own (the lock is renewed on
    // another); Ctrl-C while it waits stops the sequence (nothing changed).
    let answer = tokio::task::spawn_blocking(move || prompt::ask(&question)).await??;
    match answer {
        prompt::Answer::Yes => Ok(()),
        prompt::Answer::No(_) => Err(Declined.into()),
    }
}

/// Progress on stderr: a spinner showing what is awaited on a terminal once
/// applying starts, plain lines otherwise (so logs stay readable); every
/// applied object gets a line. The spinner is cleared ([`Progress::finish`])
/// before anything else is written to stderr, or its last frame would stay
/// on a line of its own.
pub(crate) struct Progress {
    spinner: std::sync::Mutex<Spinner>,
    /// Objects applied or deleted so far.
    changes: std::sync::atomic::AtomicUsize,
}

/// Where the spinner is in its life: it appears once, and once cleared
/// stays away (later lines are plain).
enum Spinner {
    NotStarted,
    Running(indicatif::ProgressBar),
    Finished,
}

impl Progress {
    pub(crate) fn new() -> Progress {
        Progress {
            spinner: std::sync::Mutex::new(Spinner::NotStarted),
            changes: Default::default(),
        }
    }

    fn spinner(&self) -> std::sync::MutexGuard<'_, Spinner> {
        // A panic elsewhere while holding it leaves a spinner still usable.
        self.spinner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Applying has started: the spinner appears (on a terminal).
    fn start(&self) {
        let mut spinner = self.spinner();
        if matches!(*spinner, Spinner::NotStarted) && std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.enable_steady_tick(Duration::from_millis(120));
            *spinner = Spinner::Running(bar);
        }
    }

    fn changes(&self) -> usize {
        self.changes.load(Ordering::Relaxed)
    }

    fn changed(&self) {
        self.changes.fetch_add(1, Ordering::Relaxed);
    }

    fn line(&self, text: String) {
        match &*self.spinner() {
            Spinner::Running(bar) => bar.println(text),
            _ => crate::view::errln!("{text}"),
        }
    }

    /// Clears the spinner, for good: what follows is written plainly.
    pub(crate) fn finish(&self) {
        let mut spinner = self.spinner();
        if let Spinner::Running(bar) = std::mem::replace(&mut *spinner, Spinner::Finished) {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    /// However the work ended, the spinner's last frame is not left behind.
    fn drop(&mut self) {
        self.finish();
    }
}

impl Reporter for Progress {
    fn event(&self, event: Event) {
        match event {
            Event::Recorded { revision } => {
                self.start();
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
            Event::Waiting { object, reason } => match &*self.spinner() {
                Spinner::Running(bar) => bar.set_message(format!("waiting for {object}: {reason}")),
                _ => crate::view::errln!("  waiting   {object}: {reason}"),
            },
            Event::Ready { object } => self.line(format!("  ready     {object}")),
            Event::LockTakenOver {
                release,
                holder,
                holder_gone,
            } => {
                let why = if holder_gone {
                    "its process has exited"
                } else {
                    "it expired"
                };
                self.line(format!(
                    "Took over the lock of release {} from {holder}: {why}.",
                    release.name
                ))
            }
            Event::HistoryPurged { release } => {
                self.line(format!("Deleted the history of release {}.", release.name))
            }
            Event::HelmRecordsRemoved { release, removed } => self.line(format!(
                "Removed Helm's {removed} record(s) of release {}.",
                release.name
            )),
            Event::LockNotReleased { release, reason } => self.line(format!(
                "warning: could not release the lock of release {}: {reason}",
                release.name
            )),
        }
    }
}

/// What the apply log says was done to an object: in the past tense, as
/// `deleted` and `ready` are (the plan says what will be done: `create`).
pub(crate) fn done(action: libpkg::plan::Action) -> &'static str {
    use libpkg::plan::Action;
    match action {
        Action::Create => "created",
        Action::Update => "updated",
        Action::Unchanged => "unchanged",
        Action::Delete => "deleted",
    }
}
