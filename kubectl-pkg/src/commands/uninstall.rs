//! `kubectl pkg uninstall NAME`: plan deleting a release's objects, show, ask,
//! delete in reverse order; history is kept unless `--purge`.

use anyhow::Result;
use clap::Args;
use libpkg::action::plan_uninstall;
use libpkg::release::ReleaseStore;

use crate::cli::{GlobalArgs, HookArgs};
use crate::flow::{self, MutatingArgs};
use crate::settings;

#[derive(Debug, Args)]
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
            let plan = plan_uninstall(&cluster, &store, &args.release, args.hooks.hooks()).await?;
            flow::review_and_apply(global, mutating, &cluster, lock, &plan).await?;
            if args.purge && !mutating.dry_run {
                store.purge(&cluster.namespace, &args.release).await?;
                eprintln!("Deleted the history of release {}.", args.release);
            }
            Ok(())
        },
    )
    .await
}
