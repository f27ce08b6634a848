//! `kubectl pkg uninstall NAME`: plan deleting a release's objects, show, ask,
//! delete in reverse order; history is kept unless `--purge`.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{AfterApply, PlanError, Session, UninstallOptions, plan_uninstall};
use libpkg::plan::{Operation, ReleaseId};
use libpkg::release::{ReleaseStore, Status};

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

/// `uninstall --purge` of a release already uninstalled (its history kept):
/// its objects are gone, so only the history is deleted, as Helm does. A
/// release whose newest revision failed may have left objects behind: its
/// history is what lets the next install or upgrade clean them up, so it stays.
async fn purge_uninstalled(
    store: &ReleaseStore,
    release: &ReleaseId,
    mutating: &MutatingArgs,
) -> Result<()> {
    let id = release;
    let history = store.history(id).await?;
    let (namespace, release) = (&id.namespace, &id.name);
    let Some(newest) = history.last() else {
        bail!("release {release:?} not found in namespace {namespace:?}");
    };
    if newest.status != Status::Uninstalled {
        bail!(
            "release {release:?} in namespace {namespace:?} has no deployed revision and its revision {} is {}: \
             its objects may still exist, so its history is kept (install or upgrade it to clean up)",
            newest.revision,
            newest.status.as_str()
        );
    }
    if mutating.is_dry_run() {
        view::outln!(
            "Release {release} is uninstalled; --purge would delete its history ({} revision(s)).",
            history.len()
        )?;
        return Ok(());
    }
    store.purge(id).await?;
    crate::view::errln!(
        "Release {release} was already uninstalled; deleted its history ({} revision(s)).",
        history.len()
    );
    Ok(())
}
