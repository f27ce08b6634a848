//! `kubectl pkg upgrade NAME [PKG]`: plan a release's next revision from a package
//! (by default the repository it was installed from), show, ask, apply.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{deployed, plan_upgrade};
use libpkg::cluster::Cluster;
use libpkg::reference::PackageRef;
use libpkg::release::{ReleaseLock, ReleaseStore};

use crate::cli::{ConfigArgs, GlobalArgs, PackageArgs};
use crate::flow::{self, MutatingArgs};
use crate::settings;

#[derive(Debug, Args)]
pub struct UpgradeArgs {
    /// The release.
    pub release: String,
    /// The package (default: the registry repository the release came from).
    pub package: Option<String>,
    /// A semver constraint (`7.0.12` exact, `^7.0`, `>=7, <8`); default: newest stable.
    #[arg(long, value_name = "CONSTRAINT")]
    pub version: Option<String>,
    /// Consider prereleases too.
    #[arg(long)]
    pub devel: bool,
    /// Take over objects that exist but belong to no release or to another one.
    #[arg(long)]
    pub adopt: bool,
    #[command(flatten)]
    pub config: ConfigArgs,
    #[command(flatten)]
    pub mutating: MutatingArgs,
}

pub async fn run(global: &GlobalArgs, args: &UpgradeArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    flow::locked(
        &cluster,
        &args.mutating,
        &args.release,
        "upgrade",
        async |lock| upgrade(global, args, &cluster, lock).await,
    )
    .await
}

async fn upgrade(
    global: &GlobalArgs,
    args: &UpgradeArgs,
    cluster: &Cluster,
    lock: Option<&ReleaseLock>,
) -> Result<()> {
    let store = ReleaseStore::new(cluster.clone());
    let package = match &args.package {
        Some(package) => package.clone(),
        None => {
            let current = deployed(&store, &cluster.namespace, &args.release).await?;
            match PackageRef::parse(&current.plan.package.reference) {
                Ok(PackageRef::Oci(oci)) => format!("oci://{}/{}", oci.registry, oci.repository),
                _ => bail!(
                    "release {:?} was installed from {}; name the package to upgrade to",
                    args.release,
                    current.plan.package.reference
                ),
            }
        }
    };
    let package = PackageArgs {
        package,
        version: args.version.clone(),
        devel: args.devel,
    };
    let fetched = settings::fetch(global, &package)
        .await?
        .with_config(settings::config(&args.config)?);
    let plan = plan_upgrade(cluster, &store, &fetched, &args.release, args.adopt).await?;
    flow::review_and_apply(global, &args.mutating, cluster, lock, &plan).await
}
