//! `kubectl pkg install PKG`: plan a new release, show it, ask, apply exactly it.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{InstallOptions, plan_install};
use libpkg::release::ReleaseStore;

use crate::cli::{ConfigArgs, GlobalArgs, HookArgs, ImageArgs, PackageArgs, ValuesArgs};
use crate::flow::{self, DryRun, MutatingArgs};
use crate::{settings, view};

#[derive(Debug, Clone, Args)]
pub struct InstallArgs {
    #[command(flatten)]
    pub package: PackageArgs,
    #[command(flatten)]
    pub config: ConfigArgs,
    /// The release name (default: the package name).
    #[arg(long)]
    pub name: Option<String>,
    /// Take over objects that exist but belong to no release or to another one.
    #[arg(long)]
    pub adopt: bool,
    /// Create the release namespace if it does not exist (uninstall leaves it in place).
    #[arg(long)]
    pub create_namespace: bool,
    /// Plan without a cluster: no diff, no access check (needs --dry-run).
    #[arg(long)]
    pub offline: bool,
    #[command(flatten)]
    pub values: ValuesArgs,
    #[command(flatten)]
    pub images: ImageArgs,
    #[command(flatten)]
    pub hooks: HookArgs,
    #[command(flatten)]
    pub mutating: MutatingArgs,
}

pub async fn run(global: &GlobalArgs, args: &InstallArgs) -> Result<()> {
    if args.offline && !args.mutating.is_dry_run() {
        bail!("--offline can only plan: add --dry-run");
    }
    let offline = args.offline || args.mutating.dry_run == Some(DryRun::Client);
    let mut fetched = settings::fetch(global, &args.package)
        .await?
        .with_config(settings::config(&args.config)?);
    settings::apply_values(&mut fetched, &args.values)?;
    settings::apply_images(&mut fetched, &args.images)?;
    if offline {
        let plan = settings::offline_plan(global, &fetched, args.name.as_deref())?;
        if let Some(path) = &args.mutating.out {
            view::save_plan(path, &plan)?;
        }
        return view::plan::print(global, &plan, args.mutating.show_unchanged);
    }
    let cluster = settings::cluster(global).await?;
    let options = InstallOptions {
        release: args
            .name
            .clone()
            .unwrap_or_else(|| fetched.package.default_release_name()),
        adopt: args.adopt,
        create_namespace: args.create_namespace,
        hooks: args.hooks.hooks(),
    };
    let mutating = &args.mutating;
    flow::locked(
        &cluster,
        mutating,
        &options.release,
        "install",
        async |lock| {
            let store = ReleaseStore::new(cluster.clone());
            let plan = plan_install(&cluster, &store, &fetched, &options).await?;
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
