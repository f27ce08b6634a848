//! `kubectl pkg uninstall NAME`: plan deleting a release's objects, show, ask,
//! delete in reverse order; history is kept unless `--purge`.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{PlanError, plan_uninstall};
use libpkg::release::{ReleaseStore, Status};

use crate::cli::{GlobalArgs, HookArgs};
use crate::flow::{self, MutatingArgs};
use crate::{settings, view};

#[derive(Debug, Clone, Args)]
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
    let cluster = settings::cluster(global).await?;
    let mutating = &args.mutating;
    flow::locked(
        &cluster,
        mutating,
        &args.release,
        "uninstall",
        async |lock| {
            let store = ReleaseStore::new(cluster.clone());
            let plan = match plan_uninstall(&cluster, &store, &args.release, args.hooks.hooks())
                .await
            {
                Err(PlanError::NotInstalled { .. }) if args.purge => {
                    return purge_uninstalled(&store, &cluster.namespace, &args.release, mutating)
                        .await;
                }
                other => other?,
            };
            flow::review_and_apply(
                global,
                mutating,
                &cluster,
                lock,
                &plan,
                crate::review::Origin::Fresh,
            )
            .await?;
            if args.purge && !mutating.is_dry_run() {
                store.purge(&cluster.namespace, &args.release).await?;
                eprintln!("Deleted the history of release {}.", args.release);
            }
            Ok(())
        },
    )
    .await
}

/// `uninstall --purge` of a release already uninstalled (its history kept):
/// its objects are gone, so only the history is deleted, as Helm does. A
/// release whose newest revision failed may have left objects behind: its
/// history is what lets the next install or upgrade clean them up, so it stays.
async fn purge_uninstalled(
    store: &ReleaseStore,
    namespace: &str,
    release: &str,
    mutating: &MutatingArgs,
) -> Result<()> {
    let history = store.history(namespace, release).await?;
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
    store.purge(namespace, release).await?;
    eprintln!(
        "Release {release} was already uninstalled; deleted its history ({} revision(s)).",
        history.len()
    );
    Ok(())
}
