//! `kubectl pkg stack plan|apply -f stack.yaml [-e ENV]`: every release of a
//! stack planned as one plan, in the order its needs give, shown, and
//! applied exactly (`kubectl pkg apply stack-plan.json` applies a saved one).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use libpkg::action::stack::{
    ReleaseOutcome, StackActionError, StackApplyOptions, StackOptions, StackSources, apply_stack,
    plan_stack, plan_stack_uninstall,
};
use libpkg::action::{ApplyOptions, Event, Reporter, Session, Sessions, UpgradeFrom};
use libpkg::plan::ReleaseId;
use libpkg::stack::plan::StackPlan;
use libpkg::stack::{Stack, StackLock, StackRelease};

use crate::cli::{GlobalArgs, ImageCheckArgs, OutputFormat};
use crate::flow::MutatingArgs;
use crate::review::{Origin, ReviewArgs};
use crate::view::review::Source;
use crate::{prompt, settings, view};
use libpkg::action::gates::{Gates, ReviewedStack};

mod compare;
mod fleet;
mod lock;
mod status;

pub use compare::StackCompareArgs;
pub use fleet::{apply_saved as apply_saved_fleet, print as print_fleet};
pub use lock::StackLockArgs;
pub use status::StackStatusArgs;

#[derive(Debug, Subcommand)]
pub enum StackCommand {
    /// Plan every release of a stack, in dependency order, as one plan; nothing changes.
    #[command(
        after_help = "Examples:\n  kubectl pkg stack plan -f stack.yaml -e staging\n  kubectl pkg stack plan -f stack.yaml -e prod --out prod-plan.json\n  kubectl pkg apply prod-plan.json"
    )]
    Plan(StackPlanArgs),
    /// Plan a stack, show the plan, ask, and apply exactly it, release after release.
    #[command(after_help = "Example:\n  kubectl pkg stack apply -f stack.yaml -e staging --yes")]
    Apply(StackApplyArgs),
    /// Record what each release resolves to (version, reference, digest) in
    /// stack.lock beside the stack file, for `--locked`; no cluster is needed.
    #[command(
        after_help = "Examples:\n  kubectl pkg stack lock -f stack.yaml -e staging\n  kubectl pkg stack lock -f stack.yaml -e prod --update\n  kubectl pkg stack plan -f stack.yaml -e prod --locked"
    )]
    Lock(StackLockArgs),
    /// Each release of a stack (for an environment): its latest revision and
    /// status, the package version it runs, what it needs.
    #[command(
        after_help = "Examples:\n  kubectl pkg stack status -f stack.yaml -e staging\n  kubectl pkg stack status -f stack.yaml -e prod -o json"
    )]
    Status(StackStatusArgs),
    /// What promoting one environment to another would change: both planned
    /// (or read from saved stack plans) and compared release by release.
    #[command(
        after_help = "Examples:\n  kubectl pkg stack compare -f stack.yaml staging prod\n  kubectl pkg stack compare staging-plan.json prod-plan.json -o json"
    )]
    Compare(StackCompareArgs),
    /// Uninstall every installed release of a stack, dependents first, as
    /// one reviewed plan; each release's history is kept.
    #[command(after_help = "Example:\n  kubectl pkg stack uninstall -f stack.yaml -e staging")]
    Uninstall(StackUninstallArgs),
}

#[derive(Debug, Args)]
pub struct StackUninstallArgs {
    #[command(flatten)]
    pub stack: StackFileArgs,
    #[command(flatten)]
    pub fleet: fleet::FleetArgs,
    #[command(flatten)]
    pub no_namespace: NoNamespace,
    #[command(flatten)]
    pub apply: StackApplyFlags,
    /// Plan and show the uninstall; apply nothing.
    #[arg(long)]
    pub dry_run: bool,
}

// `-n` on a stack command, not offered: each stack command has this arg of
// its own, hidden, in place of the global one (clap does not propagate a
// global arg to a command that has one of the same id), and `run` refuses
// the value, which still reaches [`GlobalArgs::namespace`].
#[derive(Debug, Clone, Args)]
pub struct NoNamespace {
    #[arg(
        short = 'n',
        long = "namespace",
        id = "namespace",
        value_name = "NAME",
        hide = true
    )]
    namespace: Option<String>,
}

// Which stack file, for which environment: every stack command's first flags.
#[derive(Debug, Clone, Args)]
pub struct StackFileArgs {
    /// The stack file.
    #[arg(
        short = 'f',
        long = "file",
        value_name = "FILE",
        default_value = "stack.yaml"
    )]
    pub file: PathBuf,
    /// The environment of the stack file (default: its base releases).
    #[arg(short = 'e', long = "environment", value_name = "ENV")]
    pub environment: Option<String>,
}

impl StackFileArgs {
    /// The stack file read and checked for the environment.
    pub fn load(&self) -> Result<Stack> {
        Ok(libpkg::stack::load(
            &self.file,
            self.environment.as_deref(),
        )?)
    }
}

// Which stack, for which environment, and how its releases are resolved.
#[derive(Debug, Clone, Args)]
pub struct StackArgs {
    #[command(flatten)]
    pub stack: StackFileArgs,
    /// Refuse any release that resolves to another version, reference or
    /// digest than stack.lock records (`kubectl pkg stack lock`).
    #[arg(long)]
    pub locked: bool,
    /// Only this release and the releases it needs (repeatable); the plan
    /// records which were asked for.
    #[arg(long, value_name = "RELEASE")]
    pub only: Vec<String>,
    /// Uninstall the releases the stack holds (its record in the cluster
    /// says) that the file no longer declares; without it they are named and
    /// left alone.
    #[arg(long, conflicts_with = "only")]
    pub prune: bool,
    #[command(flatten)]
    pub image_check: ImageCheckArgs,
    #[command(flatten)]
    pub requirements: crate::cli::RequirementArgs,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
    #[command(flatten)]
    pub review: ReviewArgs,
}

#[derive(Debug, Args)]
pub struct StackPlanArgs {
    #[command(flatten)]
    pub stack: StackArgs,
    #[command(flatten)]
    pub fleet: fleet::FleetArgs,
    #[command(flatten)]
    pub no_namespace: NoNamespace,
    /// Save the complete stack plan (Secret values included, so owner-only) to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Exit 2 when the stack plan changes something, 0 when it changes
    /// nothing (a pipeline's gate, as Terraform's).
    #[arg(long)]
    pub detailed_exitcode: bool,
}

#[derive(Debug, Args)]
pub struct StackApplyArgs {
    #[command(flatten)]
    pub stack: StackArgs,
    #[command(flatten)]
    pub fleet: fleet::FleetArgs,
    #[command(flatten)]
    pub no_namespace: NoNamespace,
    #[command(flatten)]
    pub apply: StackApplyFlags,
    /// Plan, review and show the stack plan; apply nothing (as `stack plan`).
    #[arg(long)]
    pub dry_run: bool,
}

// How a stack plan is applied.
#[derive(Debug, Clone, Args)]
pub struct StackApplyFlags {
    /// Apply without asking.
    #[arg(short = 'y', long)]
    pub yes: bool,
    /// Wait for each release's workloads to become ready before its
    /// dependents start (--wait=false to skip).
    #[arg(long, default_value_t = true, num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub wait: bool,
    /// How long to wait for each release, in Go's syntax: 90s, 5m.
    #[arg(long, default_value = "5m", value_parser = crate::duration::parse)]
    pub timeout: Duration,
    /// Stop at the first release that fails: no later level is applied
    /// (default: only what needs it is skipped, the others go on).
    #[arg(long)]
    pub fail_fast: bool,
}

impl StackApplyFlags {
    /// How each cluster's stack is applied, as the flags say.
    fn options(&self) -> StackApplyOptions {
        StackApplyOptions {
            apply: ApplyOptions {
                wait: self.wait,
                timeout: self.timeout,
                ..ApplyOptions::default()
            },
            lock_duration: libpkg::release::DEFAULT_LOCK_DURATION,
            fail_fast: self.fail_fast,
        }
    }
}

pub async fn run(global: &GlobalArgs, command: &StackCommand) -> Result<()> {
    // Each release's namespace is in the file: -n would be silently ignored.
    if let Some(namespace) = &global.namespace {
        return Err(crate::cli::usage_error(
            "stack",
            format!(
                "-n {namespace}: a stack file names each release's namespace, and its own with `namespace:`; stack commands take no -n"
            ),
        ));
    }
    match command {
        StackCommand::Plan(args) if args.fleet.fleet.is_some() => {
            let out = args.out.as_deref();
            fleet::run_plan(
                global,
                &args.stack,
                &args.fleet,
                out,
                args.detailed_exitcode,
            )
            .await
        }
        StackCommand::Apply(args) if args.fleet.fleet.is_some() => {
            fleet::run_apply(global, &args.stack, &args.fleet, &args.apply, args.dry_run).await
        }
        StackCommand::Uninstall(args) if args.fleet.fleet.is_some() => {
            let file = &args.stack.file;
            fleet::run_uninstall(global, file, &args.fleet, &args.apply, args.dry_run).await
        }
        StackCommand::Plan(args) => {
            let (plan, _) = plan(global, &args.stack).await?;
            let gates = args.stack.review.gates()?;
            let plan = gates.review_stack(plan, Origin::Fresh, false)?.into_plan();
            if let Some(path) = &args.out {
                save_document(path, "stack plan", plan.to_json_pretty())?;
            }
            let source = match &args.out {
                Some(path) => Source::Saved(path.display().to_string()),
                None => Source::Unsaved,
            };
            print(global, &plan, &source)?;
            if args.detailed_exitcode && plan.has_changes() {
                return Err(crate::flow::HasChanges.into());
            }
            Ok(())
        }
        StackCommand::Apply(args) => {
            let (plan, sessions) = plan(global, &args.stack).await?;
            let applying = !args.dry_run;
            let gates = args.stack.review.gates()?;
            let reviewed = gates.review_stack(plan, Origin::Fresh, applying)?;
            print(global, reviewed.plan(), &Source::Unsaved)?;
            if args.dry_run {
                return Ok(());
            }
            apply(&reviewed, &sessions, &args.apply).await
        }
        StackCommand::Lock(args) => lock::run(global, args).await,
        StackCommand::Compare(args) => compare::run(global, args).await,
        StackCommand::Status(args) => status::run(global, args).await,
        StackCommand::Uninstall(args) => {
            let stack = args.stack.load()?;
            let contexts = stack.releases.iter().map(|r| r.context.clone());
            let sessions = connect(global, contexts).await?;
            let plan = plan_stack_uninstall(&stack, &sessions).await?;
            if plan.releases.is_empty() && plan.shared.is_empty() {
                crate::view::errln!("No release of stack {} is installed.", stack.name);
                return Ok(());
            }
            print(global, &plan, &Source::Unsaved)?;
            if args.dry_run {
                return Ok(());
            }
            // Removing releases: no policy or approvals apply, as to `uninstall`'s defaults.
            let reviewed = Gates::default().review_stack(plan, Origin::Fresh, false)?;
            apply(&reviewed, &sessions, &args.apply).await
        }
    }
}

/// Applies a stack plan saved with `--out` (`kubectl pkg apply FILE`); with
/// `--dry-run`, only shows it.
pub async fn apply_saved(global: &GlobalArgs, text: &str, args: &MutatingArgs) -> Result<()> {
    let plan = StackPlan::from_json(text)?;
    if plan.is_masked() {
        bail!(
            "this stack plan has masked Secret values (it was printed for review); save it with --out and apply that file"
        );
    }
    plan.verify_hash()?;
    let contexts = plan.releases.iter().map(|r| r.context.clone());
    let sessions = connect(global, contexts).await?;
    let source = match &args.applying {
        Some(file) => Source::Saved(file.clone()),
        None => Source::Unsaved,
    };
    print(global, &plan, &source)?;
    let gates = args.review.gates()?;
    let reviewed = gates.review_stack(plan, Origin::Saved, !args.is_dry_run())?;
    if args.is_dry_run() {
        return Ok(());
    }
    let flags = StackApplyFlags {
        yes: args.yes,
        wait: args.wait,
        timeout: args.timeout,
        fail_fast: false,
    };
    apply(&reviewed, &sessions, &flags).await
}

/// Loads the stack, connects to its clusters, and plans every release.
async fn plan(global: &GlobalArgs, args: &StackArgs) -> Result<(StackPlan, Sessions)> {
    let stack = args.stack.load()?;
    let fetcher = Fetcher::new(global, args, &stack)?;
    let sessions = connect(
        &fetcher.global,
        stack.releases.iter().map(|r| r.context.clone()),
    )
    .await?;
    let options = fetcher.options()?;
    let fetch =
        async |release: &StackRelease, from: &UpgradeFrom| fetcher.fetch(release, from).await;
    let plan = (plan_stack(&stack, &sessions, fetch, &options).await)
        .map_err(|error| stack_error(&args.stack.file, error))?;
    Ok((plan, sessions))
}

/// Fetches a stack's releases as the stack command's flags say (registry,
/// requirements), and plans them against the lock file with `--locked`.
pub(super) struct Fetcher<'a> {
    global: GlobalArgs,
    args: &'a StackArgs,
    stack: &'a Stack,
    sources: Sources,
}

impl<'a> Fetcher<'a> {
    pub(super) fn new(global: &GlobalArgs, args: &'a StackArgs, stack: &'a Stack) -> Result<Self> {
        let global = GlobalArgs {
            registry: args.registry.clone(),
            ..global.clone()
        };
        Ok(Fetcher {
            sources: Sources::new(&global)?,
            global,
            args,
            stack,
        })
    }

    /// How the stack's releases are planned.
    pub(super) fn options(&self) -> Result<StackOptions> {
        let lock = match self.args.locked {
            true => Some(StackLock::read(&StackLock::path_beside(
                &self.args.stack.file,
            ))?),
            false => None,
        };
        Ok(StackOptions {
            images: settings::image_check(&self.global, &self.args.image_check)?,
            only: self.args.only.clone(),
            prune: self.args.prune,
            lock,
        })
    }

    /// One release's package, with `--skip-requirements`.
    pub(super) async fn fetch(
        &self,
        release: &StackRelease,
        from: &UpgradeFrom,
    ) -> Result<libpkg::source::Fetched> {
        let mut fetched = self.sources.fetch(self.stack, release, from).await?;
        self.args.requirements.apply(&mut fetched);
        Ok(fetched)
    }
}

/// What a stack's packages are fetched with: the user's repositories and
/// signature rules, and a registry client from the flags.
pub(super) struct Sources {
    repositories: libpkg::repositories::Repositories,
    trust: libpkg::signature::policy::TrustPolicy,
    registry: libpkg::registry::RegistryClient,
    limits: libpkg::package::Limits,
}

impl Sources {
    pub(super) fn new(global: &GlobalArgs) -> Result<Sources> {
        let repositories = settings::repositories()?;
        Ok(Sources {
            trust: settings::trust_policy(global, &repositories, None)?,
            repositories,
            registry: settings::registry(global)?,
            limits: settings::limits(global),
        })
    }

    /// A release's package with its values, as the library fetches it for
    /// any caller ([`StackSources::fetch`]).
    pub(super) async fn fetch(
        &self,
        stack: &Stack,
        release: &StackRelease,
        from: &UpgradeFrom,
    ) -> Result<libpkg::source::Fetched> {
        let sources = StackSources {
            repositories: &self.repositories,
            trust: &self.trust,
            registry: &self.registry,
            limits: self.limits,
        };
        Ok(sources.fetch(stack, release, from).await?)
    }
}

/// A stack's planning error, its causes kept (so that the exit code is
/// the one a single release's error gives), under the file's name.
fn stack_error(
    file: &Path,
    error: libpkg::action::stack::StackActionError<anyhow::Error>,
) -> anyhow::Error {
    let file = file.display().to_string();
    match error.split_fetch() {
        // The library says what to do in its words; this is the command.
        Ok(unlocked @ StackActionError::Unlocked { .. }) => anyhow::anyhow!(
            "{}",
            unlocked.to_string().replace(
                "update the lock to record",
                &format!("run `kubectl pkg stack lock -f {file} --update` to record")
            )
        ),
        Ok(error) => anyhow::Error::new(error).context(file),
        Err((release, fetch)) => fetch.context(format!("release {release}")).context(file),
    }
}

/// One connection per kubeconfig context the releases name.
pub(super) async fn connect(
    global: &GlobalArgs,
    contexts: impl Iterator<Item = Option<String>>,
) -> Result<Sessions> {
    let mut sessions = Sessions::new();
    // The current context's cluster keeps the stack's record.
    for context in std::iter::once(None).chain(contexts) {
        if sessions.contains_key(&context) {
            continue;
        }
        let global = GlobalArgs {
            context: context.clone().or_else(|| global.context.clone()),
            ..global.clone()
        };
        let cluster = settings::cluster(&global)
            .await
            .with_context(|| format!("context {}", context.as_deref().unwrap_or("(current)")))?;
        sessions.insert(context, Session::new(cluster));
    }
    Ok(sessions)
}

/// Saves a stack or fleet plan (`what`), owner-only (it holds Secret values).
fn save_document(path: &Path, what: &str, json: String) -> Result<()> {
    view::write_private(path, json.as_bytes())?;
    crate::view::errln!(
        "Saved the {what} to {} (it holds Secret values: keep it private)",
        path.display()
    );
    Ok(())
}

/// Prints a stack plan: its text view, or its document or review document
/// (masked); `source` is where it can be applied from.
pub(crate) fn print(global: &GlobalArgs, plan: &StackPlan, source: &Source) -> Result<()> {
    match global.output {
        OutputFormat::Text => view::out!("{}", view::stack::render(plan, view::Layout::stdout())),
        OutputFormat::Markdown | OutputFormat::Html => {
            view::review::print_stack(global, &plan.masked(), source)
        }
        format => view::print_document(format, &plan.masked()),
    }
}

/// Asks (unless `--yes`), then applies the stack plan and says how each release ended.
async fn apply(
    reviewed: &ReviewedStack,
    sessions: &Sessions,
    flags: &StackApplyFlags,
) -> Result<()> {
    let plan = reviewed.plan();
    if !plan.has_changes() {
        crate::view::errln!("Nothing to change.");
        return Ok(());
    }
    if !flags.yes {
        confirm(&format!(
            "Apply stack plan {} ({} releases) of stack {}?",
            plan.hash.short(),
            plan.releases.len(),
            plan.stack.name
        ))?;
    }
    let options = flags.options();
    let interrupted = ctrl_c();
    let outcome = apply_stack(
        reviewed,
        sessions,
        &options,
        Lines::for_release,
        interrupted,
    )
    .await?;
    if outcome.resumed {
        crate::view::errln!(
            "Resumed the last apply of this stack plan (interrupted, or a release failed): what it applied is not applied again."
        );
    }
    let mut failed = 0;
    for (release, outcome) in &outcome.releases {
        if !outcome.succeeded() {
            failed += 1;
        }
        crate::view::errln!("Release {release}: {}.", said(outcome));
    }
    if let Some(error) = &outcome.journal_error {
        let error = crate::view::remedy::error_text(error);
        crate::view::errln!(
            "warning: the stack's journal could not be written ({error}): `stack status` may not show the last release states"
        );
    }
    // Ctrl-C: exit 130 as any interrupted command, once every release's
    // end is said.
    if outcome.releases.iter().any(|(_, o)| o.interrupted()) {
        return Err(crate::flow::Interrupted.into());
    }
    if failed > 0 {
        bail!(
            "{failed} of {} release(s) of stack {} did not succeed (listed above); the others were applied",
            outcome.releases.len(),
            plan.stack.name
        );
    }
    Ok(())
}

/// How a release's apply ended, in words.
pub(super) fn said(outcome: &ReleaseOutcome) -> String {
    match outcome {
        ReleaseOutcome::Applied(status) => status.as_str().to_string(),
        ReleaseOutcome::Unchanged => "unchanged".to_string(),
        ReleaseOutcome::AlreadyApplied => {
            "already applied by an earlier apply of this plan".to_string()
        }
        ReleaseOutcome::Failed(why) => {
            format!("FAILED: {}", crate::view::remedy::error_text(&**why))
        }
        ReleaseOutcome::HalfApplied { revision, status } => format!(
            "FAILED: an earlier apply of this plan left revision {revision} {}; plan the stack again to finish it",
            status.as_str()
        ),
        ReleaseOutcome::Skipped { needs } => {
            format!("not applied: it needs {needs}, which did not succeed")
        }
        ReleaseOutcome::Stopped { failed } => {
            format!("not applied: --fail-fast stopped the stack when {failed} failed")
        }
        ReleaseOutcome::Interrupted => {
            "not applied: interrupted before it started (apply the same plan again to resume)"
                .to_string()
        }
    }
}

/// Resolves when Ctrl-C is pressed: a stack's or fleet's apply stops there.
async fn ctrl_c() {
    let _ = tokio::signal::ctrl_c().await;
}

/// Asks before applying, unless no person can be asked here.
fn confirm(question: &str) -> Result<()> {
    if let Some(why) = prompt::cannot_ask() {
        bail!(
            "refusing to apply without confirmation: {why}; {}",
            prompt::HOW_TO_ANSWER
        );
    }
    match prompt::ask(question)? {
        prompt::Answer::Yes => Ok(()),
        prompt::Answer::No(_) => Err(crate::flow::Declined.into()),
    }
}

/// Apply progress on stderr, one line an event, each naming its release
/// (and its cluster, in a fleet).
struct Lines {
    release: ReleaseId,
    cluster: Option<String>,
}

impl Lines {
    fn for_release(release: &ReleaseId) -> Lines {
        Lines {
            release: release.clone(),
            cluster: None,
        }
    }

    fn for_cluster(cluster: &str, release: &ReleaseId) -> Lines {
        Lines {
            release: release.clone(),
            cluster: Some(cluster.to_string()),
        }
    }
}

impl Reporter for Lines {
    fn event(&self, event: Event) {
        let name = match &self.cluster {
            Some(cluster) => format!("{cluster}/{}", self.release.name),
            None => self.release.name.to_string(),
        };
        let line = match event {
            Event::Recorded { revision } => format!("recorded revision {revision} as pending"),
            Event::Applied { object, action } => {
                format!("{:<9} {object}", crate::flow::done(action))
            }
            Event::Deleted { object } => format!("deleted   {object}"),
            Event::Waiting { object, reason } => format!("waiting   {object}: {reason}"),
            Event::Ready { object } => format!("ready     {object}"),
            Event::TookOver { revision } => {
                format!("revision {revision} had been interrupted: recorded it as failed")
            }
            Event::Restoring { revision } => format!("failed; restoring revision {revision:?}"),
            Event::LockTakenOver { holder, .. } => format!("took over the lock from {holder}"),
            Event::LockNotReleased { reason, .. } => {
                format!("warning: could not release the lock: {reason}")
            }
            Event::HistoryPurged { .. } => "deleted its history".to_string(),
            Event::HelmRecordsRemoved { removed, .. } => {
                format!("removed Helm's {removed} record(s)")
            }
        };
        crate::view::errln!("[{name}] {line}");
    }
}
