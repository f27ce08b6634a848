//! `kubectl pkg rollback NAME [REVISION]`: plan re-applying an earlier revision's
//! stored objects (no package is fetched; the images are looked up), show,
//! ask, apply.

use anyhow::Result;
use clap::Args;
use libpkg::action::plan_rollback;
use libpkg::release::ReleaseStore;

use crate::cli::{GlobalArgs, HookArgs, ImageCheckArgs};
use crate::flow::{self, MutatingArgs};
use crate::settings;

#[derive(Debug, Clone, Args)]
pub struct RollbackArgs {
    /// The release.
    pub release: String,
    /// The revision to return to (default: the one deployed before the current one).
    pub revision: Option<u32>,
    #[command(flatten)]
    pub hooks: HookArgs,
    #[command(flatten)]
    pub image_check: ImageCheckArgs,
    #[command(flatten)]
    pub mutating: MutatingArgs,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &RollbackArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let image_check = settings::image_check(global, &args.image_check)?;
    let mutating = &args.mutating;
    flow::locked(
        &cluster,
        mutating,
        &args.release,
        "rollback",
        async |lock| {
            let store = ReleaseStore::new(cluster.clone());
            let plan = plan_rollback(
                &cluster,
                &store,
                &args.release,
                args.revision,
                args.hooks.hooks(),
                &image_check,
            )
            .await?;
            flow::review_and_apply(
                global,
                mutating,
                &cluster,
                lock,
                &plan,
                crate::review::Origin::Fresh,
            )
            .await
        },
    )
    .await
}
