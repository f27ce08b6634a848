//! `kubectl pkg install PKG`: plan a new release, show it, ask, apply exactly it.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{plan_install, plan_offline};
use libpkg::release::ReleaseStore;

use crate::cli::{GlobalArgs, PackageArgs};
use crate::flow::{self, MutatingArgs};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct InstallArgs {
    #[command(flatten)]
    pub package: PackageArgs,
    /// The release name (default: the package name).
    #[arg(long)]
    pub name: Option<String>,
    /// Take over objects that exist but belong to no release or to another one.
    #[arg(long)]
    pub adopt: bool,
    /// Plan without a cluster: no diff, no access check (needs --dry-run).
    #[arg(long)]
    pub offline: bool,
    #[command(flatten)]
    pub mutating: MutatingArgs,
}

pub async fn run(global: &GlobalArgs, args: &InstallArgs) -> Result<()> {
    if args.offline && !args.mutating.dry_run {
        bail!("--offline can only plan: add --dry-run");
    }
    let fetched = settings::fetch(global, &args.package).await?;
    let release = args
        .name
        .clone()
        .unwrap_or_else(|| fetched.package.metadata.name.clone());
    if args.offline {
        let plan = plan_offline(
            &fetched.package,
            &fetched.source,
            &release,
            &settings::offline_namespace(global),
        )?;
        if let Some(path) = &args.mutating.out {
            view::write_private(path, plan.to_json_pretty().as_bytes())?;
        }
        return view::plan::print(global, &plan);
    }
    let cluster = settings::cluster(global).await?;
    let plan = plan_install(
        &cluster,
        &ReleaseStore::new(cluster.clone()),
        &fetched,
        &release,
        args.adopt,
    )
    .await?;
    flow::review_and_apply(global, &args.mutating, &cluster, &plan).await
}
