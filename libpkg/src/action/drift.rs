//! Before a saved plan is applied: is the cluster still what was reviewed?
//!
//! Checks the plan's target (API server and namespace), the release's current
//! revision, and every object: the ones it diffed must still have the recorded
//! resourceVersion, the ones it creates must still not exist. Every difference
//! is collected, so the user sees all of them at once; but a plan a revision
//! already records as applied is said to be that, alone.

use super::Session;
use super::online::resource_version;
use super::session::{ClusterAccess, ReleaseStorage};
use crate::cluster::ClusterError;
use crate::plan::{Action, Plan};
use crate::release::ReleaseError;

/// Why a saved plan no longer applies.
#[derive(Debug, thiserror::Error)]
pub enum DriftError {
    /// The cluster changed since the plan was made.
    #[error("the cluster changed since this plan was made; make a new plan:\n  - {}", .changes.join("\n  - "))]
    Drifted {
        /// One line per change.
        changes: Vec<String>,
    },
    /// The plan was applied already: a revision of the release records its
    /// hash. A plan applies once.
    #[error(
        "this plan was already applied, as revision {revision} of release {release:?} ({}); a plan applies once: make a new one to change the release again",
        status.as_str()
    )]
    AlreadyApplied {
        /// The release.
        release: String,
        /// The revision that applied it.
        revision: u32,
        /// That revision's status now (deployed, superseded, failed…).
        status: crate::release::Status,
    },
    /// Reading the cluster failed.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// Reading the release failed.
    #[error(transparent)]
    Release(#[from] ReleaseError),
}

/// Checks that `plan` still describes the cluster it will be applied to.
pub async fn verify_unchanged<C: ClusterAccess, S: ReleaseStorage>(
    session: &Session<C, S>,
    plan: &Plan,
) -> Result<(), DriftError> {
    verify_unchanged_after(session, plan, []).await
}

/// [`verify_unchanged`] of a plan applied after others (a stack's earlier
/// releases) that create `crds_before`: the kinds they define are expected
/// to be served by the time `plan` is applied, so its objects of those kinds
/// are checked then (by a second call, once the CRDs exist), not reported
/// as drift now.
pub async fn verify_unchanged_after<'a, C: ClusterAccess, S: ReleaseStorage>(
    session: &Session<C, S>,
    plan: &'a Plan,
    crds_before: impl IntoIterator<Item = &'a crate::manifest::Manifest>,
) -> Result<(), DriftError> {
    let (cluster, store) = (session.cluster(), session.releases());
    let mut changes = Vec::new();
    if plan.cluster.server.is_none() {
        changes.push("the plan was made offline; plan against the cluster to apply it".to_string());
    } else if plan.cluster.server.as_deref() != cluster.server() {
        changes.push(format!(
            "the plan is for the API server {}, the current context talks to {}",
            plan.cluster.server.as_deref().unwrap_or("-"),
            cluster.server().unwrap_or("-")
        ));
    }
    let release = &plan.release;
    if !changes.is_empty() {
        return Err(DriftError::Drifted { changes });
    }
    let history = store.history(&release.id()).await?;
    // Applied already: then every object it creates exists, and the release
    // moved on; that is the one thing to say.
    if let Some(applied) = history.iter().find(|s| s.plan_hash == plan.hash) {
        return Err(DriftError::AlreadyApplied {
            release: release.name.to_string(),
            revision: applied.revision,
            status: applied.status,
        });
    }
    let latest = history.iter().map(|s| s.revision).max().unwrap_or(0);
    if latest + 1 != release.revision {
        changes.push(format!(
            "release {:?} is at revision {latest} now; the plan was made for revision {} after {}",
            release.name,
            release.revision,
            release.revision - 1
        ));
    }
    let groups =
        crate::apiserver::discovery::groups_of(plan.objects.iter().map(|o| o.api_version.as_str()));
    let mut discovery = cluster.discover(&groups).await?;
    discovery.learn_crds(plan.objects.iter().map(|o| &o.manifest).chain(crds_before));
    for object in &plan.objects {
        let shown = object.key();
        let Some(resource) = discovery.resolve(&object.api_version, &object.kind) else {
            let since = match object.action {
                Action::Create => "does not serve",
                _ => "no longer serves",
            };
            changes.push(format!(
                "{shown}: the cluster {since} {} {}",
                object.api_version, object.kind
            ));
            continue;
        };
        if resource.pending_crd {
            continue;
        }
        let live = cluster
            .get(resource, object.namespace.as_deref(), &object.name)
            .await?;
        let live_version = live.as_ref().and_then(resource_version);
        match (object.action, &object.live_resource_version, &live_version) {
            (Action::Create, _, Some(_)) => changes.push(format!(
                "{shown} was created by someone else in the meantime"
            )),
            (Action::Create, _, None) => {}
            (_, Some(recorded), Some(now)) if recorded != now => changes.push(format!(
                "{shown} was modified (resourceVersion {recorded} then, {now} now)"
            )),
            (_, Some(_), None) => changes.push(format!("{shown} was deleted in the meantime")),
            _ => {}
        }
    }
    if changes.is_empty() {
        Ok(())
    } else {
        Err(DriftError::Drifted { changes })
    }
}
