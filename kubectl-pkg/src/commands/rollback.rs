//! `kubectl pkg rollback NAME [REVISION]`: plan re-applying an earlier revision's
//! stored objects (no package is fetched; the images are looked up), show,
//! ask, apply.

use anyhow::Result;
use clap::Args;
use libpkg::action::{RollbackOptions, Session, plan_rollback};
use libpkg::plan::Operation;

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
    pub validation: crate::cli::ValidateArgs,
    #[command(flatten)]
    pub mutating: MutatingArgs,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &RollbackArgs) -> Result<()> {
    let session = Session::new(settings::cluster(global).await?);
    let cluster = session.cluster();
    let options = RollbackOptions {
        to: args.revision,
        hooks: args.hooks.hooks(),
        images: settings::image_check(global, &args.image_check)?,
        validate: args.validation.validate,
        ..RollbackOptions::new(settings::release(&cluster.namespace, &args.release)?)
    };
    let step = flow::Step {
        release: options.release.clone(),
        operation: Operation::Rollback,
        origin: crate::review::Origin::Fresh,
        after: Default::default(),
    };
    flow::run(global, &args.mutating, &session, step, async || {
        Ok(plan_rollback(&session, &options).await?)
    })
    .await
}
