//! Applying a plan: exactly the reviewed objects, nothing re-resolved or
//! re-rendered.
//!
//! The plan's hash is verified and its access check must have passed. The
//! revision is recorded as `pending` before the first write; objects are
//! server-side applied phase by phase (several at a time within a phase), CRDs
//! are waited on before their custom resources, deletions follow in reverse
//! order, then readiness is awaited if asked. The revision ends `deployed` (and
//! the previous one `superseded`) or `failed` with the reason.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use futures::{StreamExt, TryStreamExt};

use super::ApplyError;
use crate::cluster::{Cluster, Discovery, Resource};
use crate::kinds::{Phase, phase_of};
use crate::object::group_of;
use crate::plan::{Action, Operation, Plan, PlannedObject};
use crate::readiness::{Readiness, readiness};
use crate::release::{Record, ReleaseStore, Status};

/// How to apply.
#[derive(Debug, Clone)]
pub struct ApplyOptions {
    /// Wait for workloads, claims and CRDs to become ready.
    pub wait: bool,
    /// How long to wait for readiness (and for CRDs to be established).
    pub timeout: Duration,
}

impl Default for ApplyOptions {
    fn default() -> Self {
        ApplyOptions {
            wait: true,
            timeout: Duration::from_secs(300),
        }
    }
}

/// What applying reports as it goes; the CLI shows it as progress.
pub trait Reporter: Send + Sync {
    /// Something happened.
    fn event(&self, event: Event);
}

/// A progress event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The revision was recorded as pending.
    Recorded {
        /// The revision.
        revision: u32,
    },
    /// An object was applied.
    Applied {
        /// `Kind/namespace/name`.
        object: String,
        /// What was done.
        action: Action,
    },
    /// An object was deleted.
    Deleted {
        /// `Kind/namespace/name`.
        object: String,
    },
    /// Still waiting for an object.
    Waiting {
        /// `Kind/namespace/name`.
        object: String,
        /// What is awaited.
        reason: String,
    },
    /// An object became ready.
    Ready {
        /// `Kind/namespace/name`.
        object: String,
    },
}

/// A reporter that ignores everything.
#[derive(Debug, Default, Clone, Copy)]
pub struct Silent;

impl Reporter for Silent {
    fn event(&self, _: Event) {}
}

fn shown(object: &PlannedObject) -> String {
    match &object.namespace {
        Some(namespace) => format!("{}/{namespace}/{}", object.kind, object.name),
        None => format!("{}/{}", object.kind, object.name),
    }
}

/// Applies `plan`, recording the revision in `store`. Returns the final record.
pub async fn apply(
    cluster: &Cluster,
    store: &ReleaseStore,
    plan: &Plan,
    options: &ApplyOptions,
    reporter: &dyn Reporter,
) -> Result<Record, ApplyError> {
    plan.verify_hash()?;
    if plan.is_masked() {
        return Err(ApplyError::Masked);
    }
    if !plan.permissions.installer.missing.is_empty() {
        return Err(ApplyError::AccessDenied {
            missing: plan.permissions.installer.missing.len(),
        });
    }
    let groups =
        crate::cluster::discovery::groups_of(plan.objects.iter().map(|o| o.api_version.as_str()));
    let mut discovery = cluster.discover(&groups).await?;
    discovery.learn_crds(
        plan.objects
            .iter()
            .filter(|o| o.action != Action::Delete)
            .map(|o| &o.manifest),
    );

    let release = &plan.release;
    let previous = store.latest(&release.namespace, &release.name).await?;
    let mut record = Record {
        plan: plan.clone(),
        status: Status::Pending,
        message: None,
    };
    // The record lives in the release namespace: if the plan creates it, that comes first.
    for object in plan.objects.iter().filter(|o| {
        o.kind == "Namespace"
            && o.api_version == "v1"
            && o.name == release.namespace
            && o.action == Action::Create
    }) {
        let resource = resource_of(&discovery, object)?;
        cluster
            .apply(resource, None, &object.name, &object.manifest, false)
            .await
            .map_err(|source| ApplyError::Object {
                object: shown(object),
                source,
            })?;
    }
    store.create(&record).await?;
    reporter.event(Event::Recorded {
        revision: release.revision,
    });

    match run(cluster, &discovery, plan, options, reporter).await {
        Ok(()) => {
            record.status = if plan.operation == Operation::Uninstall {
                Status::Uninstalled
            } else {
                Status::Deployed
            };
            store.update(&record).await?;
            if let Some(previous) = previous.filter(|p| p.status == Status::Deployed) {
                store
                    .set_status(
                        &release.namespace,
                        &release.name,
                        previous.revision,
                        Status::Superseded,
                    )
                    .await?;
            }
            Ok(record)
        }
        Err(error) => {
            record.status = Status::Failed;
            record.message = Some(error.to_string());
            // The failure is what the user needs to see; a failure to record it is secondary.
            if let Err(store_error) = store.update(&record).await {
                tracing::warn!("could not record the failed revision: {store_error}");
            }
            Err(error)
        }
    }
}

async fn run(
    cluster: &Cluster,
    discovery: &Discovery,
    plan: &Plan,
    options: &ApplyOptions,
    reporter: &dyn Reporter,
) -> Result<(), ApplyError> {
    let deadline = Instant::now() + options.timeout;
    let mut phases: BTreeMap<Phase, Vec<&PlannedObject>> = BTreeMap::new();
    for object in plan
        .objects
        .iter()
        .filter(|o| matches!(o.action, Action::Create | Action::Update))
    {
        phases
            .entry(phase_of(group_of(&object.api_version), &object.kind))
            .or_default()
            .push(object);
    }
    for (phase, objects) in &phases {
        futures::stream::iter(objects.iter().copied())
            .map(|object| async move {
                let resource = resource_of(discovery, object)?;
                cluster
                    .apply(
                        resource,
                        object.namespace.as_deref(),
                        &object.name,
                        &object.manifest,
                        false,
                    )
                    .await
                    .map_err(|source| ApplyError::Object {
                        object: shown(object),
                        source,
                    })?;
                reporter.event(Event::Applied {
                    object: shown(object),
                    action: object.action,
                });
                Ok::<_, ApplyError>(())
            })
            .buffer_unordered(crate::cluster::CONCURRENCY)
            .try_collect::<Vec<()>>()
            .await?;
        if *phase == Phase::Definitions {
            // Custom resources need their CRDs established, whatever --wait says.
            wait_ready(cluster, discovery, objects, deadline, reporter).await?;
        }
    }
    for object in plan.objects.iter().filter(|o| o.action == Action::Delete) {
        let resource = resource_of(discovery, object)?;
        cluster
            .delete(resource, object.namespace.as_deref(), &object.name)
            .await
            .map_err(|source| ApplyError::Object {
                object: shown(object),
                source,
            })?;
        reporter.event(Event::Deleted {
            object: shown(object),
        });
    }
    if options.wait {
        let applied: Vec<&PlannedObject> = phases.values().flatten().copied().collect();
        wait_ready(cluster, discovery, &applied, deadline, reporter).await?;
    }
    Ok(())
}

fn resource_of<'a>(
    discovery: &'a Discovery,
    object: &PlannedObject,
) -> Result<&'a Resource, ApplyError> {
    discovery
        .resolve(&object.api_version, &object.kind)
        .ok_or_else(|| ApplyError::UnknownKind {
            object: shown(object),
        })
}

/// Polls until every object is ready (or readiness does not apply to it).
async fn wait_ready(
    cluster: &Cluster,
    discovery: &Discovery,
    objects: &[&PlannedObject],
    deadline: Instant,
    reporter: &dyn Reporter,
) -> Result<(), ApplyError> {
    let mut pending: Vec<&PlannedObject> = objects.to_vec();
    let mut last_reason: BTreeMap<String, String> = BTreeMap::new();
    loop {
        let mut still = Vec::new();
        for object in pending {
            let resource = resource_of(discovery, object)?;
            let live = cluster
                .get(resource, object.namespace.as_deref(), &object.name)
                .await?;
            match live.as_ref().map(readiness) {
                Some(Readiness::Ready) => reporter.event(Event::Ready {
                    object: shown(object),
                }),
                Some(Readiness::NotApplicable) => {}
                Some(Readiness::NotReady(reason)) => {
                    if last_reason.get(&shown(object)) != Some(&reason) {
                        reporter.event(Event::Waiting {
                            object: shown(object),
                            reason: reason.clone(),
                        });
                        last_reason.insert(shown(object), reason);
                    }
                    still.push(object);
                }
                None => {
                    last_reason.insert(shown(object), "it does not exist".to_string());
                    still.push(object);
                }
            }
        }
        if still.is_empty() {
            return Ok(());
        }
        if Instant::now() >= deadline {
            let waiting = still
                .iter()
                .map(|o| {
                    format!(
                        "{} ({})",
                        shown(o),
                        last_reason
                            .get(&shown(o))
                            .map_or("not ready", String::as_str)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Err(ApplyError::Timeout { waiting });
        }
        pending = still;
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}
