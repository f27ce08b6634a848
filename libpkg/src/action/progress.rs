//! How far an interrupted apply got, read from the cluster rather than from
//! anything the interrupted process wrote: it may have died at any point.

use futures::{StreamExt, TryStreamExt};
use serde::Serialize;

use super::online::resource_version;
use crate::cluster::{Cluster, ClusterError};
use crate::plan::{Action, Plan};

/// Which of a plan's writes and deletions the cluster shows as done.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Objects created or updated.
    pub written: usize,
    /// Objects the plan creates or updates.
    pub writes: usize,
    /// Objects deleted.
    pub deleted: usize,
    /// Objects the plan deletes.
    pub deletes: usize,
    /// `Kind/name` of what is not done, in plan order.
    pub remaining: Vec<String>,
}

/// Compares `plan` with the live cluster. A created object is done when it
/// exists, an updated one when its resourceVersion moved on from the one the
/// plan was made against, a deleted one when it is gone.
pub async fn progress(cluster: &Cluster, plan: &Plan) -> Result<Progress, ClusterError> {
    let groups =
        crate::cluster::discovery::groups_of(plan.objects.iter().map(|o| o.api_version.as_str()));
    let mut discovery = cluster.discover(&groups).await?;
    discovery.learn_crds(plan.objects.iter().map(|o| &o.manifest));
    let relevant = plan
        .objects
        .iter()
        .filter(|o| matches!(o.action, Action::Create | Action::Update | Action::Delete));
    let done: Vec<bool> = futures::stream::iter(relevant.clone())
        .map(|object| {
            let resource = discovery.resolve(&object.api_version, &object.kind);
            async move {
                let live = match resource {
                    Some(resource) if !resource.pending_crd => {
                        cluster
                            .get(resource, object.namespace.as_deref(), &object.name)
                            .await?
                    }
                    _ => None,
                };
                Ok::<_, ClusterError>(match object.action {
                    Action::Create => live.is_some(),
                    Action::Update => live.as_ref().and_then(resource_version).is_some_and(|now| {
                        object.live_resource_version.as_deref() != Some(now.as_str())
                    }),
                    _ => live.is_none(),
                })
            }
        })
        .buffered(cluster.concurrency())
        .try_collect()
        .await?;
    let mut progress = Progress::default();
    for (object, done) in relevant.zip(done) {
        let (count, total) = if object.action == Action::Delete {
            (&mut progress.deleted, &mut progress.deletes)
        } else {
            (&mut progress.written, &mut progress.writes)
        };
        *total += 1;
        if done {
            *count += 1;
        } else {
            progress
                .remaining
                .push(format!("{}/{}", object.kind, object.name));
        }
    }
    Ok(progress)
}

/// Whether one of a revision's objects is ready now, as `--wait` would judge it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveReadiness {
    /// `Kind/name`.
    pub object: String,
    /// Ready now.
    pub ready: bool,
    /// What is awaited (`1 of 2 replicas available`), or why it cannot be
    /// told (`not found`); empty when ready.
    pub reason: String,
}

/// The readiness of the objects `plan` keeps (created, updated or unchanged;
/// not its hooks) whose kinds have one (workloads, Jobs, claims, CRDs; see
/// [`crate::readiness`]), read from the live cluster, in plan order.
pub async fn live_readiness(
    cluster: &Cluster,
    plan: &Plan,
) -> Result<Vec<LiveReadiness>, ClusterError> {
    use crate::readiness::{Readiness, readiness};
    let kept: Vec<_> = plan
        .objects
        .iter()
        .filter(|o| o.action != Action::Delete)
        .filter(|o| crate::kinds::hook_of(&o.manifest).is_none())
        .filter(|o| readiness(&o.manifest) != Readiness::NotApplicable)
        .collect();
    if kept.is_empty() {
        return Ok(Vec::new());
    }
    let groups = crate::cluster::discovery::groups_of(kept.iter().map(|o| o.api_version.as_str()));
    let mut discovery = cluster.discover(&groups).await?;
    discovery.learn_crds(plan.objects.iter().map(|o| &o.manifest));
    futures::stream::iter(kept)
        .map(|object| {
            let resource = discovery.resolve(&object.api_version, &object.kind);
            async move {
                let live = match resource {
                    Some(resource) if !resource.pending_crd => {
                        cluster
                            .get(resource, object.namespace.as_deref(), &object.name)
                            .await?
                    }
                    _ => None,
                };
                let (ready, reason) = match live.as_ref().map(readiness) {
                    None => (false, "not found".to_string()),
                    Some(Readiness::NotReady(reason)) => (false, reason),
                    Some(_) => (true, String::new()),
                };
                Ok(LiveReadiness {
                    object: format!("{}/{}", object.kind, object.name),
                    ready,
                    reason,
                })
            }
        })
        .buffered(cluster.concurrency())
        .try_collect()
        .await
}
