//! `kubectl pkg adopt-helm RELEASE`: take over a release Helm installed. The
//! plan applies exactly the objects of Helm's deployed revision with this
//! tool's labels (ownership changes, content does not, nothing is created
//! again), and copies Helm's revisions into the release's history; after it
//! is applied the release is upgraded, rolled back and uninstalled here.
//! Helm's records stay unless --remove-helm-records.

use anyhow::Result;
use clap::Args;
use libpkg::action::plan_adopt_helm;
use libpkg::release::helm::HelmRecords;
use libpkg::release::{ReleaseStore, Status};

use crate::cli::GlobalArgs;
use crate::flow::{self, MutatingArgs};
use crate::settings;

#[derive(Debug, Clone, Args)]
pub struct AdoptHelmArgs {
    /// The Helm release.
    pub release: String,
    /// Once taken over, delete Helm's records of the release (its
    /// sh.helm.release.v1.* Secrets), so `helm` no longer lists it.
    #[arg(long)]
    pub remove_helm_records: bool,
    #[command(flatten)]
    pub mutating: MutatingArgs,
}

pub async fn run(global: &GlobalArgs, args: &AdoptHelmArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let mutating = &args.mutating;
    let store = ReleaseStore::new(cluster.clone());
    let plan = flow::locked(
        &cluster,
        mutating,
        &args.release,
        "adopt-helm",
        async |lock| {
            let plan = plan_adopt_helm(&cluster, &store, &args.release).await?;
            flow::review_and_apply(
                global,
                mutating,
                &cluster,
                lock,
                &plan,
                crate::review::Origin::Fresh,
            )
            .await?;
            Ok(plan)
        },
    )
    .await?;
    let taken_over = store
        .latest(&cluster.namespace, &args.release)
        .await?
        .is_some_and(|l| l.status == Status::Deployed && l.plan_hash == plan.hash);
    if args.remove_helm_records && taken_over {
        let removed = HelmRecords::new(cluster.clone())
            .remove(&cluster.namespace, &args.release)
            .await?;
        eprintln!(
            "Removed Helm's {removed} record(s) of release {}.",
            args.release
        );
    }
    Ok(())
}
