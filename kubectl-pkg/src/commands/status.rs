//! `kubectl pkg status NAME`: the newest revision, what it did, whether what
//! it runs is ready now, and what to do next.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::action::{hints, live_readiness, progress};
use libpkg::plan::{Action, Operation};
use libpkg::release::{ReleaseLock, ReleaseStore, Status, deployed_since_uninstall};
use serde_json::json;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// The release.
    pub release: String,
}

pub async fn run(global: &GlobalArgs, args: &StatusArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let store = ReleaseStore::new(cluster.clone());
    let history = store.history(&cluster.namespace, &args.release).await?;
    let Some(latest) = history.last() else {
        bail!(
            "release {:?} not found in namespace {:?}",
            args.release,
            cluster.namespace
        );
    };
    let record = store
        .load(&cluster.namespace, &args.release, latest.revision)
        .await?;
    let plan = &record.plan;
    let count = |action: Action| plan.objects.iter().filter(|o| o.action == action).count();
    let mut interrupted = None;
    let advice = match record.status {
        Status::Pending => match ReleaseLock::inspect(&cluster, &cluster.namespace, &args.release)
            .await?
            .filter(|lock| lock.stale.is_none())
        {
            Some(lock) => format!("being applied now ({lock}); wait for it to finish"),
            None => {
                let done = progress(&cluster, plan).await?;
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
                let next = format!(
                    "interrupted: the process applying it stopped after writing {} of {} objects and deleting {} of {}. \
                     The next {command} takes over: it records revision {} as failed and applies its own plan in full",
                    done.written, done.writes, done.deleted, done.deletes, plan.release.revision,
                );
                interrupted = Some(done);
                next
            }
        },
        Status::Failed => hints::after_failure(
            &plan.release.name,
            &plan.release.namespace,
            &plan.package.reference,
            deployed_since_uninstall(&history).is_some(),
        ),
        Status::Deployed | Status::Superseded | Status::Uninstalled => String::new(),
    };
    // What the revision runs, ready or not now (nothing left to ask of an
    // uninstalled one).
    let workloads = if record.status == Status::Uninstalled {
        Vec::new()
    } else {
        live_readiness(&cluster, plan).await?
    };
    match global.output {
        OutputFormat::Text => {
            view::outln!(
                "Release:   {} (namespace {})",
                plan.release.name,
                plan.release.namespace
            )?;
            view::outln!(
                "Revision:  {} ({}, {})",
                plan.release.revision,
                record.status.as_str(),
                view::label(&plan.operation)
            )?;
            if let Some(created) = &latest.created {
                view::outln!("Updated:   {created}")?;
            }
            view::outln!("Package:   {} {}", plan.package.name, plan.package.version)?;
            view::outln!("Reference: {}", plan.package.reference)?;
            view::outln!("Plan hash: {}", plan.hash)?;
            for approval in &record.review.approvals {
                let comment = if approval.comment.is_empty() {
                    String::new()
                } else {
                    format!(": {}", approval.comment)
                };
                view::outln!(
                    "Approved:  by {} (key {}){comment}",
                    approval.approver,
                    approval.key_id
                )?;
            }
            let accepted = plan
                .policy
                .iter()
                .flat_map(|policy| &policy.accepted)
                .chain(&record.review.accepted_risks);
            for risk in accepted {
                view::outln!(
                    "Accepted:  {}@{} ({})",
                    risk.rule,
                    risk.object,
                    risk.severity
                )?;
            }
            view::outln!(
                "Objects:   {} created, {} updated, {} unchanged, {} deleted",
                count(Action::Create),
                count(Action::Update),
                count(Action::Unchanged),
                count(Action::Delete)
            )?;
            if !workloads.is_empty() {
                let ready = workloads.iter().filter(|w| w.ready).count();
                view::outln!(
                    "Ready:     {ready} of {}, as --wait judges them",
                    workloads.len()
                )?;
                for workload in &workloads {
                    if workload.ready {
                        view::outln!("  ready      {}", workload.object)?;
                    } else {
                        view::outln!("  not ready  {}: {}", workload.object, workload.reason)?;
                    }
                }
            }
            if let Some(message) = &record.message {
                view::outln!("Message:   {message}")?;
            }
            if !advice.is_empty() {
                view::outln!("Next:      {advice}")?;
            }
            Ok(())
        }
        format => view::print_document(
            format,
            &json!({ "summary": latest, "next": advice, "progress": interrupted, "readiness": workloads, "objects": plan.objects.iter().map(|o| json!({
                "apiVersion": o.api_version, "kind": o.kind, "namespace": o.namespace, "name": o.name, "action": o.action,
            })).collect::<Vec<_>>() }),
        ),
    }
}
