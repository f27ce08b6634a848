//! `kubectl pkg uninstall NAME`: plan deleting a release's objects, show, ask,
//! delete in reverse order; history is kept unless `--purge`.

use anyhow::Result;
use clap::Args;
use libpkg::action::{AfterApply, PlanError, Session, UninstallOptions, plan_uninstall};
use libpkg::plan::{Operation, ReleaseId};
use libpkg::release::ReleaseStore;

use crate::cli::{GlobalArgs, HookArgs};
use crate::flow::{self, MutatingArgs};
use crate::{settings, view};

#[derive(Debug, Clone, Args)]
// Nothing an uninstall deletes is waited on, and the hooks it runs are
// waited on always: --wait is accepted (scripts pass it) but not offered.
#[command(
    mut_arg("wait", |wait| wait.hide(true)),
    mut_arg("timeout", |timeout| timeout.help("How long the chart hooks the uninstall runs may take, in Go's syntax: 90s, 5m, 1h30m"))
)]
pub struct UninstallArgs {
    /// The release.
    pub release: String,
    /// Also delete the release history.
    #[arg(long)]
    pub purge: bool,
    #[command(flatten)]
    pub hooks: HookArgs,
    #[command(flatten)]
    pub mutating: MutatingArgs,
}

pub async fn run(global: &GlobalArgs, args: &UninstallArgs) -> Result<()> {
    let session = Session::new(settings::cluster(global).await?);
    let cluster = session.cluster();
    let mutating = &args.mutating;
    let options = UninstallOptions {
        release: settings::release(&cluster.namespace, &args.release)?,
        hooks: args.hooks.hooks(),
        deleted_first: Default::default(),
    };
    let step = flow::Step {
        release: options.release.clone(),
        operation: Operation::Uninstall,
        origin: crate::review::Origin::Fresh,
        after: if args.purge {
            AfterApply::PurgeHistory
        } else {
            AfterApply::Nothing
        },
    };
    let store = session.releases();
    let uninstalled = flow::run(global, mutating, &session, step, async || {
        Ok(plan_uninstall(&session, &options).await?)
    })
    .await;
    match uninstalled {
        Err(error)
            if args.purge
                && matches!(
                    error.downcast_ref::<PlanError>(),
                    Some(PlanError::NotInstalled { .. })
                ) =>
        {
            flow::with_lock(
                &session,
                mutating,
                &options.release,
                Operation::Uninstall,
                async || purge_uninstalled(store, &options.release, mutating).await,
            )
            .await
        }
        other => other,
    }
}

/// `uninstall --purge` of a release already uninstalled: the library
/// decides whether its history may go ([`libpkg::action::purge_uninstalled`]).
async fn purge_uninstalled(
    store: &ReleaseStore,
    release: &ReleaseId,
    mutating: &MutatingArgs,
) -> Result<()> {
    let dry_run = mutating.is_dry_run();
    let revisions = libpkg::action::purge_uninstalled(store, release, dry_run).await?;
    let name = &release.name;
    if dry_run {
        view::outln!(
            "Release {name} is uninstalled; --purge would delete its history ({revisions} revision(s))."
        )?;
    } else {
        crate::view::errln!(
            "Release {name} was already uninstalled; deleted its history ({revisions} revision(s))."
        );
    }
    Ok(())
}
