//! Embedding whole operations: install, upgrade, roll back and uninstall a release
//! through libpkg alone, with this program's own question before anything
//! changes. The library takes the release lock, plans, hands the plan to
//! the [`Reviewer`] below, holds it to the review gates (the risk policy and
//! approvals, read from the CLI's environment variables), applies exactly
//! that plan and unlocks, Ctrl-C included; the program only shows, asks and
//! reports.
//!
//! ```sh
//! cargo run -p libpkg --example embed -- install PACKAGE RELEASE NAMESPACE [CONSTRAINT]
//! cargo run -p libpkg --example embed -- upgrade PACKAGE RELEASE NAMESPACE [CONSTRAINT]
//! cargo run -p libpkg --example embed -- rollback RELEASE NAMESPACE [REVISION]
//! cargo run -p libpkg --example embed -- uninstall RELEASE NAMESPACE
//! cargo run -p libpkg --example embed -- stack plan|apply STACK_FILE [ENVIRONMENT]
//! ```
//!
//! A stack is planned the same way, every release fetched by the library as
//! its file says ([`StackSources`]), reviewed under the same gates, and
//! applied release after release ([`apply_stack`]).
//!
//! It reads the repositories `kubectl pkg repo add` and `import` configured
//! (so packages of an imported repository run its image copies, as with the
//! CLI), the kubeconfig, and `KUBECTL_PKG_REGISTRY_CA_FILE`. With
//! `EMBED_SAVE_PLAN=FILE` it also writes each plan it is shown, which is the
//! plan `kubectl pkg … --dry-run --out FILE` (or `kubectl pkg stack plan
//! --out FILE`) makes for the same release or stack.

use std::error::Error;
use std::io::{BufRead, Write};
use std::sync::Arc;

use libpkg::action::gates::{Gates, Origin, read_policy, read_trusted_keys};
use libpkg::action::stack::{
    StackApplyOptions, StackOptions, StackSources, apply_stack, plan_stack,
};
use libpkg::action::{
    self, AfterApply, ApplyOptions, Approved, Event, FailureKind, ImageCheck, InstallOptions,
    Outcome, Reporter, Reviewer, RollbackOptions, RunError, RunOptions, Session, Sessions,
    UninstallOptions, UpgradeFrom, UpgradeOptions, UpgradeStart,
};
use libpkg::cluster::{Cluster, ClusterOptions};
use libpkg::package::Limits;
use libpkg::plan::{Operation, Plan, ReleaseId};
use libpkg::reference::PackageRef;
use libpkg::registry::{RegistryClient, RegistryOptions};
use libpkg::release::DEFAULT_LOCK_DURATION;
use libpkg::repositories::Repositories;
use libpkg::source::{FetchRequest, Fetched, fetch};
use libpkg::stack::{Stack, StackRelease};
use libpkg::version::Constraint;

type Failure = Box<dyn Error + Send + Sync>;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    match embed().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", libpkg::remedy::with_causes(&*error));
            // The CLI's exit codes (docs/exit-codes.md), from the library's
            // classification of the same error.
            std::process::ExitCode::from(match action::failure_kind(&*error) {
                FailureKind::MalformedValues => 64,
                FailureKind::RequirementsUnmet => 5,
                FailureKind::Refused => 4,
                FailureKind::Failed => 1,
            })
        }
    }
}

async fn embed() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    if let [
        "stack",
        mode @ ("plan" | "apply"),
        file,
        ref environment @ ..,
    ] = args[..]
        && environment.len() <= 1
    {
        return embed_stack(mode == "apply", file, environment.first().copied()).await;
    }
    let mut revision = None;
    let (operation, package, release, namespace, constraint) = match args[..] {
        [
            op @ ("install" | "upgrade"),
            package,
            release,
            namespace,
            ref constraint @ ..,
        ] if constraint.len() <= 1 => {
            let constraint = constraint
                .first()
                .map(|c| Constraint::parse(c))
                .transpose()?;
            (op, Some(package), release, namespace, constraint)
        }
        ["rollback", release, namespace, ref to @ ..] if to.len() <= 1 => {
            revision = to.first().map(|r| r.parse::<u32>()).transpose()?;
            ("rollback", None, release, namespace, None)
        }
        ["uninstall", release, namespace] => ("uninstall", None, release, namespace, None),
        _ => return Err(USAGE.into()),
    };
    let release = ReleaseId::new(namespace.parse()?, release.parse()?);
    let session = Session::new(Cluster::connect(&ClusterOptions::default()).await?)
        .with_reporter(Arc::new(Log));
    let registry = Arc::new(registry()?);
    let options = RunOptions {
        release: release.clone(),
        operation: match operation {
            "install" => Operation::Install,
            "upgrade" => Operation::Upgrade,
            "rollback" => Operation::Rollback,
            _ => Operation::Uninstall,
        },
        lock_duration: DEFAULT_LOCK_DURATION,
        dry_run: false,
        gates: gates()?,
        origin: Origin::Fresh,
        after: AfterApply::Nothing,
    };
    let images = ImageCheck::registry(registry.clone());
    // What to plan, made once the lock is held.
    let plan = async || -> Result<Plan, Failure> {
        Ok(match (operation, package) {
            ("install", Some(package)) => {
                let from = UpgradeFrom::default();
                let fetched = fetch_package(package, constraint.as_ref(), &from, &registry).await?;
                let options = InstallOptions {
                    images: images.clone(),
                    ..InstallOptions::new(release.clone())
                };
                action::plan_install(&session, &fetched, &options).await?
            }
            ("upgrade", Some(package)) => {
                // From the deployed revision: an operator upgrades along its catalog's graph.
                let repositories = Repositories::load_default()?;
                let start =
                    UpgradeStart::read(session.releases(), &release, Some(package), &repositories)
                        .await?;
                let (package, from) = (&start.package, &start.from);
                let fetched = fetch_package(package, constraint.as_ref(), from, &registry).await?;
                let options = UpgradeOptions {
                    images: images.clone(),
                    ..UpgradeOptions::new(release.clone())
                };
                action::plan_upgrade(&session, &fetched, &options).await?
            }
            ("rollback", _) => {
                let options = RollbackOptions {
                    to: revision,
                    images: images.clone(),
                    ..RollbackOptions::new(release.clone())
                };
                action::plan_rollback(&session, &options).await?
            }
            _ => {
                let options = UninstallOptions {
                    release: release.clone(),
                    hooks: Default::default(),
                    deleted_first: Default::default(),
                };
                action::plan_uninstall(&session, &options).await?
            }
        })
    };
    let interrupted = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let outcome = action::run(&session, &options, plan, &mut Ask, interrupted).await;
    match outcome {
        Ok(Outcome::Applied(record)) => println!(
            "{release}: revision {} {}",
            record.plan.release.revision,
            record.status.as_str()
        ),
        Ok(Outcome::Unchanged(_)) => println!("{release}: nothing to change"),
        Ok(Outcome::Stopped) => println!("{release}: stopped, nothing changed"),
        Ok(Outcome::DryRun { .. }) => unreachable!("not a dry run"),
        Err(RunError::Caller(error)) => return Err(error),
        Err(error) => return Err(error.into()),
    }
    Ok(())
}

const USAGE: &str = "usage: embed install|upgrade PACKAGE RELEASE NAMESPACE [CONSTRAINT] | embed rollback RELEASE NAMESPACE [REVISION] | embed uninstall RELEASE NAMESPACE | embed stack plan|apply STACK_FILE [ENVIRONMENT]";

/// Plans the stack of `file` (for `environment`): one session per
/// kubeconfig context its releases name (the current one keeps the stack's
/// record), each release fetched as the library fetches it for the CLI.
/// Reviewed under the same gates; with `apply`, asked, then applied.
async fn embed_stack(apply: bool, file: &str, environment: Option<&str>) -> Result<(), Failure> {
    let stack = libpkg::stack::load(file.as_ref(), environment)?;
    let sessions = connect(&stack).await?;
    let repositories = Repositories::load_default()?;
    let trust = repositories.trust_policy()?;
    let registry = Arc::new(registry()?);
    let sources = StackSources {
        repositories: &repositories,
        trust: &trust,
        registry: &registry,
        limits: Limits::default(),
    };
    let fetch = async |release: &StackRelease, from: &UpgradeFrom| {
        sources.fetch(&stack, release, from).await
    };
    let options = StackOptions {
        images: ImageCheck::registry(registry.clone()),
        only: Vec::new(),
        prune: false,
        lock: None,
    };
    let plan = plan_stack(&stack, &sessions, fetch, &options).await?;
    let reviewed = gates()?.review_stack(plan, Origin::Fresh, apply)?;
    let plan = reviewed.plan();
    for release in &plan.releases {
        let id = release.plan.release.id();
        println!("{:<9} {id}", release.plan.operation);
    }
    println!("stack plan {}", plan.hash);
    if let Some(path) = std::env::var_os("EMBED_SAVE_PLAN") {
        std::fs::write(path, plan.to_json_pretty())?;
    }
    if !apply || !plan.has_changes() {
        return Ok(());
    }
    ask(&format!(
        "Apply stack plan {} of stack {}?",
        plan.hash.short(),
        plan.stack.name
    ))?;
    let options = StackApplyOptions {
        apply: ApplyOptions {
            wait: false,
            ..ApplyOptions::default()
        },
        lock_duration: DEFAULT_LOCK_DURATION,
        fail_fast: false,
    };
    let interrupted = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let outcome = apply_stack(&reviewed, &sessions, &options, |_| Log, interrupted).await?;
    for (release, outcome) in &outcome.releases {
        println!("{release}: {outcome:?}");
    }
    match outcome
        .releases
        .iter()
        .all(|(_, outcome)| outcome.succeeded())
    {
        true => Ok(()),
        false => Err("the stack was not applied whole".into()),
    }
}

/// A session for the current kubeconfig context and for each context the
/// stack's releases name.
async fn connect(stack: &Stack) -> Result<Sessions, Failure> {
    let mut sessions = Sessions::new();
    let contexts = stack.releases.iter().map(|release| release.context.clone());
    for context in std::iter::once(None).chain(contexts) {
        if let std::collections::btree_map::Entry::Vacant(entry) = sessions.entry(context) {
            let options = ClusterOptions {
                context: entry.key().clone(),
                ..ClusterOptions::default()
            };
            entry.insert(Session::new(Cluster::connect(&options).await?));
        }
    }
    Ok(sessions)
}

/// Asks `question` on standard input: anything but yes declines.
fn ask(question: &str) -> Result<(), Failure> {
    print!("{question} [y/N] ");
    std::io::stdout().flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    match answer.trim() {
        "y" | "yes" => Ok(()),
        _ => Err("declined: nothing was changed".into()),
    }
}

/// The review gates the CLI reads from the same environment: the risk
/// policy of `KUBECTL_PKG_POLICY`, the trusted keys of
/// `KUBECTL_PKG_TRUSTED_KEYS`. libpkg's `run` applies them, so this program
/// is refused exactly as `kubectl pkg` is.
fn gates() -> Result<Gates, Failure> {
    let mut gates = Gates::default();
    if let Some(path) = std::env::var_os("KUBECTL_PKG_POLICY") {
        gates.policy = read_policy(path.as_ref())?;
    }
    if let Some(dir) = std::env::var_os("KUBECTL_PKG_TRUSTED_KEYS") {
        gates.trusted_keys = Some(read_trusted_keys(dir.as_ref())?);
    }
    Ok(gates)
}

/// A registry client trusting the CA the CLI's environment variable names.
fn registry() -> Result<RegistryClient, Failure> {
    let ca_files = std::env::var_os("KUBECTL_PKG_REGISTRY_CA_FILE")
        .map(Into::into)
        .into_iter()
        .collect();
    Ok(RegistryClient::new(RegistryOptions {
        ca_files,
        ..RegistryOptions::default()
    })?)
}

/// Resolves and fetches a package as the CLI does, with the repositories'
/// signature rules and image copies, starting `from` what an upgrade starts
/// from (the installed bundle and its channel).
async fn fetch_package(
    package: &str,
    constraint: Option<&Constraint>,
    from: &UpgradeFrom,
    registry: &RegistryClient,
) -> Result<Fetched, Failure> {
    let repositories = Repositories::load_default()?;
    let trust = repositories.trust_policy()?;
    let reference = PackageRef::parse(package)?;
    let request = FetchRequest {
        reference: &reference,
        constraint,
        devel: false,
        limits: Limits::default(),
        channel: from.channel.as_deref(),
        installed: from.installed.as_ref(),
        force_upgrade: false,
        trust: &trust,
        allow_unverified: false,
    };
    Ok(fetch(&request, &repositories, registry).await?)
}

/// This program's review: one line per object, the permissions it lacks,
/// the hash; then a question on standard input.
struct Ask;

impl Reviewer for Ask {
    type Error = Failure;

    async fn review(&mut self, plan: Plan) -> Result<Option<Approved>, Failure> {
        for object in &plan.objects {
            println!("{:<9} {}", object.action, object.key());
        }
        for missing in &plan.permissions.installer.missing {
            println!("missing permission: {missing:?}");
        }
        println!("plan {}", plan.hash);
        if let Some(path) = std::env::var_os("EMBED_SAVE_PLAN") {
            std::fs::write(path, plan.to_json_pretty())?;
        }
        let options = ApplyOptions {
            wait: false,
            ..ApplyOptions::default()
        };
        Ok(Some(Approved { plan, options }))
    }

    async fn confirm(&mut self, plan: &Plan) -> Result<(), Failure> {
        ask(&format!(
            "Apply plan {} to {}?",
            plan.hash.short(),
            plan.release.id()
        ))
    }
}

/// Apply progress, one line an event.
struct Log;

impl Reporter for Log {
    fn event(&self, event: Event) {
        match event {
            Event::Applied { object, action } => println!("{action} {object}"),
            Event::Deleted { object } => println!("deleted {object}"),
            other => println!("{other:?}"),
        }
    }
}
