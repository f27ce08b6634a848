//! `kubectl pkg install PKG`: plan a new release and show the plan.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::plan_offline;

use crate::cli::{GlobalArgs, PackageArgs};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct InstallArgs {
    /// The release name (default: the package name).
    #[arg(long)]
    pub name: Option<String>,
    #[command(flatten)]
    pub package: PackageArgs,
    /// Plan without a cluster: no diff, no access check.
    #[arg(long)]
    pub offline: bool,
    /// Show the plan and stop.
    #[arg(long)]
    pub dry_run: bool,
    /// Save the complete plan (Secret values included, so owner-only) to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub async fn run(global: &GlobalArgs, args: &InstallArgs) -> Result<()> {
    if !args.offline {
        bail!(
            "planning against a cluster is not available in this version; pass --offline --dry-run for the offline plan"
        );
    }
    if !args.dry_run {
        bail!("--offline can only plan: add --dry-run");
    }
    let fetched = settings::fetch(global, &args.package).await?;
    let release = args
        .name
        .clone()
        .unwrap_or_else(|| fetched.package.metadata.name.clone());
    let plan = plan_offline(
        &fetched.package,
        &fetched.source,
        &release,
        &settings::offline_namespace(global),
    )?;
    if let Some(path) = &args.out {
        view::write_private(path, plan.to_json_pretty().as_bytes())?;
        eprintln!(
            "Saved the plan to {} (it holds Secret values: keep it private)",
            path.display()
        );
    }
    view::plan::print(global, &plan)
}
