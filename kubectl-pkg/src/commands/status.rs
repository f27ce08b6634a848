//! `kubectl pkg status NAME`: the newest revision, what it did, whether what
//! it runs is ready now, and what to do next.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{Progress, live_readiness, progress};
use libpkg::cluster::Cluster;
use libpkg::plan::Operation;
use libpkg::release::{
    Record, ReleaseLock, ReleaseStore, Status, Summary, deployed_since_uninstall,
};

use crate::cli::GlobalArgs;
use crate::view::remedy as hints;
use crate::view::status::ReleaseStatus;
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// The release.
    pub release: String,
    /// List the objects of the revision too, as Helm's --show-resources
    /// (what its plan did to each: created, updated, unchanged).
    #[arg(long)]
    pub show_resources: bool,
}

pub async fn run(global: &GlobalArgs, args: &StatusArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let store = ReleaseStore::new(cluster.clone());
    let release = settings::release(&cluster.namespace, &args.release)?;
    let history = store.history(&release).await?;
    let Some(latest) = history.last() else {
        bail!(
            "release {:?} not found in namespace {:?}",
            args.release,
            cluster.namespace
        );
    };
    let record = store.load(&release, latest.revision).await?;
    let (next, progress) = advice(&cluster, &record, &history).await?;
    // What the revision runs, ready or not now (nothing left to ask of an
    // uninstalled one).
    let readiness = if record.status == Status::Uninstalled {
        Vec::new()
    } else {
        live_readiness(&cluster, &record.plan).await?
    };
    let status = ReleaseStatus {
        summary: latest,
        record: &record,
        next,
        progress,
        readiness,
    };
    view::status::print(global, &status, args.show_resources)
}

/// What to do next about the revision `record` (nothing when it is done),
/// and, when it was interrupted or failed, how far it got: what its apply
/// wrote, as the cluster shows it, not what its plan meant to write.
async fn advice(
    cluster: &Cluster,
    record: &Record,
    history: &[Summary],
) -> Result<(String, Option<Progress>)> {
    let plan = &record.plan;
    match record.status {
        Status::Pending => {
            let lock = ReleaseLock::inspect(cluster, &plan.release.id())
                .await?
                .filter(|lock| lock.stale.is_none());
            if let Some(lock) = lock {
                return Ok((
                    format!("being applied now ({lock}); wait for it to finish"),
                    None,
                ));
            }
            let done = progress(cluster, plan).await?;
            Ok((take_over(record, &done), Some(done)))
        }
        Status::Failed => Ok((
            hints::after_failure(
                &plan.release.name,
                &plan.release.namespace,
                &plan.package.reference,
                deployed_since_uninstall(history).is_some(),
            ),
            Some(progress(cluster, plan).await?),
        )),
        Status::Deployed | Status::Superseded | Status::Uninstalled => Ok((String::new(), None)),
    }
}

/// What takes over a revision whose process stopped after `done`.
fn take_over(record: &Record, done: &Progress) -> String {
    let plan = &record.plan;
    let name = &plan.release.name;
    let (namespace, reference) = (&plan.release.namespace, &plan.package.reference);
    let command = if plan.operation == Operation::Install {
        format!("`{}`", hints::install(name, namespace, reference))
    } else {
        format!(
            "`{}` (or rollback, or apply of a saved plan)",
            hints::upgrade(name, namespace, reference)
        )
    };
    format!(
        "interrupted: the process applying it stopped after writing {} of {} objects and deleting {} of {}. \
         The next {command} takes over: it records revision {} as failed and applies its own plan in full",
        done.written, done.writes, done.deleted, done.deletes, plan.release.revision,
    )
}
