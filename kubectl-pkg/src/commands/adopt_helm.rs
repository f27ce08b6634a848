//! `kubectl pkg adopt-helm RELEASE`: take over a release Helm installed. The
//! plan applies exactly the objects of Helm's deployed revision with this
//! tool's labels (ownership changes, content does not, nothing is created
//! again), and copies Helm's revisions into the release's history; after it
//! is applied the release is upgraded, rolled back and uninstalled here.
//! Helm's records stay unless --remove-helm-records.

use anyhow::Result;
use clap::Args;
use libpkg::action::{AdoptHelmOptions, AfterApply, Session, plan_adopt_helm};
use libpkg::plan::Operation;

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
    let session = Session::new(settings::cluster(global).await?);
    let release = settings::release(&session.cluster().namespace, &args.release)?;
    let step = flow::Step {
        release: release.clone(),
        operation: Operation::Import,
        origin: crate::review::Origin::Fresh,
        after: if args.remove_helm_records {
            AfterApply::RemoveHelmRecords
        } else {
            AfterApply::Nothing
        },
    };
    flow::run(global, &args.mutating, &session, step, async || {
        let options = AdoptHelmOptions {
            release: release.clone(),
        };
        Ok(plan_adopt_helm(&session, &options).await?)
    })
    .await
}
