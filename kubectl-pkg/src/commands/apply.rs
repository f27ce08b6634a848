//! `kubectl pkg apply PLANFILE`: apply a plan saved with `--out`, exactly as
//! saved (no registry access), if the cluster is still what was reviewed.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::action::verify_unchanged;
use libpkg::plan::Plan;
use libpkg::release::ReleaseStore;

use crate::cli::GlobalArgs;
use crate::flow::{self, MutatingArgs};
use crate::settings;

#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// A plan file written by --out.
    pub plan: PathBuf,
    #[command(flatten)]
    pub mutating: MutatingArgs,
}

pub async fn run(global: &GlobalArgs, args: &ApplyArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.plan)
        .with_context(|| format!("cannot read {}", args.plan.display()))?;
    let plan = Plan::from_json(&text).with_context(|| format!("{}", args.plan.display()))?;
    if plan.is_masked() {
        bail!(
            "{} has masked Secret values: it was printed for review (-o json), not saved; save the plan with --out and apply that file",
            args.plan.display()
        );
    }
    plan.verify_hash()
        .with_context(|| format!("{} was edited after it was made", args.plan.display()))?;
    let cluster = settings::cluster(global).await?;
    let mutating = &args.mutating;
    flow::locked(
        &cluster,
        mutating,
        &plan.release.name,
        "apply",
        async |lock| {
            verify_unchanged(&cluster, &ReleaseStore::new(cluster.clone()), &plan).await?;
            flow::review_and_apply(global, mutating, &cluster, lock, &plan).await
        },
    )
    .await
}
