//! How far an interrupted apply got, read from the cluster rather than from
//! anything the interrupted process wrote: it may have died at any point.

use futures::{StreamExt, TryStreamExt};
use serde::Serialize;

use super::online::resource_version;
use crate::cluster::{Cluster, ClusterError};
use serde_json::Value;

use crate::plan::{Action, Plan, PlannedObject};

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
    /// The keys of what is not done (as [`ObjectKey`](crate::object::ObjectKey) shows them), in plan order.
    pub remaining: Vec<String>,
}

/// Compares `plan` with the live cluster. A created object is done when it
/// exists, an updated one when its resourceVersion moved on from the one the
/// plan was made against, a deleted one when it is gone.
pub async fn progress(cluster: &Cluster, plan: &Plan) -> Result<Progress, ClusterError> {
    let relevant: Vec<&PlannedObject> = plan
        .objects
        .iter()
        .filter(|o| matches!(o.action, Action::Create | Action::Update | Action::Delete))
        .collect();
    let live = live_copies(cluster, plan, &relevant).await?;
    let done = relevant
        .iter()
        .zip(&live)
        .map(|(object, live)| match object.action {
            Action::Create => live.is_some(),
            Action::Update => live
                .as_ref()
                .and_then(resource_version)
                .is_some_and(|now| object.live_resource_version.as_deref() != Some(now.as_str())),
            _ => live.is_none(),
        });
    let mut progress = Progress::default();
    for (object, done) in relevant.iter().zip(done) {
        let (count, total) = if object.action == Action::Delete {
            (&mut progress.deleted, &mut progress.deletes)
        } else {
            (&mut progress.written, &mut progress.writes)
        };
        *total += 1;
        if done {
            *count += 1;
        } else {
            progress.remaining.push(object.key().to_string());
        }
    }
    Ok(progress)
}

/// Whether one of a revision's objects is ready now, as `--wait` would judge it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveReadiness {
    /// The object's key, as [`ObjectKey`](crate::object::ObjectKey) shows it (`Deployment.apps/web/app`).
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
    use crate::readiness::{Readiness, applies_to, readiness};
    let kept: Vec<_> = plan
        .objects
        .iter()
        .filter(|o| o.action != Action::Delete)
        .filter(|o| crate::kinds::hook_of(&o.manifest).is_none())
        .filter(|o| applies_to(&o.api_version, &o.kind))
        .collect();
    if kept.is_empty() {
        return Ok(Vec::new());
    }
    let live = live_copies(cluster, plan, &kept).await?;
    Ok(kept
        .into_iter()
        .zip(live)
        .map(|(object, live)| {
            let (ready, reason) = match live.as_ref().map(readiness) {
                None => (false, "not found".to_string()),
                Some(Readiness::NotReady(reason)) => (false, reason),
                Some(_) => (true, String::new()),
            };
            LiveReadiness {
                object: object.key().to_string(),
                ready,
                reason,
            }
        })
        .collect())
}

/// The live copy of each of `objects` (of `plan`), read concurrently, in
/// order: `None` where it does not exist or its kind is not served (yet).
async fn live_copies(
    cluster: &Cluster,
    plan: &Plan,
    objects: &[&PlannedObject],
) -> Result<Vec<Option<Value>>, ClusterError> {
    let groups =
        crate::apiserver::discovery::groups_of(objects.iter().map(|o| o.api_version.as_str()));
    let mut discovery = cluster.discover(&groups).await?;
    discovery.learn_crds(plan.objects.iter().map(|o| &o.manifest));
    futures::stream::iter(objects)
        .map(|object| {
            let resource = discovery.resolve(&object.api_version, &object.kind);
            async move {
                match resource {
                    Some(resource) if !resource.pending_crd => {
                        cluster
                            .get(resource, object.namespace.as_deref(), &object.name)
                            .await
                    }
                    _ => Ok(None),
                }
            }
        })
        .buffered(cluster.concurrency())
        .try_collect()
        .await
}
