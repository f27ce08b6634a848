//! `kubectl pkg apply PLANFILE`: apply a plan saved with `--out`, exactly as
//! saved (no registry access), if the cluster is still what was reviewed.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::action::verify_unchanged;
use libpkg::plan::{MAX_PLAN_FILE_BYTES, Plan};
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
    let text = read_plan_file(&args.plan)?;
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
            flow::review_and_apply(
                global,
                mutating,
                &cluster,
                lock,
                &plan,
                crate::review::Origin::Saved,
            )
            .await
        },
    )
    .await
}

/// The plan file's text, at most [`MAX_PLAN_FILE_BYTES`] of it.
pub(crate) fn read_plan_file(path: &std::path::Path) -> Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_PLAN_FILE_BYTES + 1).read_to_string(&mut text))
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > MAX_PLAN_FILE_BYTES {
        bail!(
            "{} is larger than {MAX_PLAN_FILE_BYTES} bytes: not a plan file",
            path.display()
        );
    }
    Ok(text)
}
