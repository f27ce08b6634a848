//! What a release's stored history says: its deployed revision, the objects
//! it may have in the cluster, the revision the next operation creates.

use std::collections::BTreeSet;

use super::{PlanError, online};
use crate::helm::hooks::HookEvent;
use crate::object::{Object, ObjectKey};
use crate::plan::{Action, Operation, Plan, PlannedObject, ReleaseId};
use crate::release::{Record, ReleaseStore, Status};

/// The objects a stored plan leaves in the cluster that belong to its release:
/// everything but its deletions and what it created without owning it (the
/// namespace of `--create-namespace`), which later revisions never touch.
pub fn kept_objects(plan: &Plan) -> Vec<Object> {
    plan.objects
        .iter()
        .filter(|o| o.action != Action::Delete && online::owned_by(&o.manifest, &plan.release))
        // Hooks run once per operation; they are not the release's objects to keep or prune.
        .filter(|o| crate::kinds::hook_of(&o.manifest).is_none())
        .map(PlannedObject::to_object)
        .collect()
}

/// The hooks a stored plan kept for a later operation whose events are `pre`
/// and `post`, each marked with the one event it runs as (a hook of both runs
/// once, as `pre`, which the plan that kept it warned of).
pub(super) fn deferred_hooks_for(plan: &Plan, pre: HookEvent, post: HookEvent) -> Vec<Object> {
    plan.deferred_hooks
        .iter()
        .filter_map(|hook| {
            let events: Vec<&str> = hook.events().collect();
            [pre, post]
                .into_iter()
                .find(|event| events.contains(&event.as_str()))
                .map(|event| hook.to_object_for(event.as_str()))
        })
        .collect()
}

/// The currently deployed revision of a release.
pub async fn deployed(store: &ReleaseStore, release: &ReleaseId) -> Result<Record, PlanError> {
    let history = store.history(&release.namespace, &release.name).await?;
    let current = history
        .iter()
        .rev()
        .find(|s| s.status == Status::Deployed)
        .ok_or_else(|| PlanError::NotInstalled {
            name: release.name.clone(),
            namespace: release.namespace.clone(),
        })?;
    Ok(store
        .load(&release.namespace, &release.name, current.revision)
        .await?)
}

/// The latest attempt at a release that has no deployed revision: a revision
/// that failed or was interrupted since it was last uninstalled (or ever).
pub(super) async fn never_deployed_attempt(
    store: &ReleaseStore,
    release: &ReleaseId,
) -> Result<Record, PlanError> {
    let history = store.history(&release.namespace, &release.name).await?;
    let attempt = history
        .iter()
        .rev()
        .take_while(|s| s.status != Status::Uninstalled)
        .find(|s| {
            matches!(s.status, Status::Failed | Status::Pending) && s.operation != Operation::Import
        })
        .ok_or_else(|| PlanError::NotInstalled {
            name: release.name.clone(),
            namespace: release.namespace.clone(),
        })?;
    Ok(store
        .load(&release.namespace, &release.name, attempt.revision)
        .await?)
}

/// The objects a release may have in the cluster: those of its deployed
/// revision (if any) and of every later revision that failed or was interrupted,
/// since those may have created objects before they stopped. Plans prune from
/// these, so nothing a failed attempt left behind stays orphaned.
pub(super) async fn release_objects(
    store: &ReleaseStore,
    release: &ReleaseId,
    deployed: Option<&Record>,
) -> Result<Vec<Object>, PlanError> {
    let history = store.history(&release.namespace, &release.name).await?;
    let since = deployed.map_or_else(
        || {
            history
                .iter()
                .rev()
                .find(|s| s.status == Status::Uninstalled)
                .map_or(0, |s| s.revision)
        },
        |d| d.plan.release.revision,
    );
    let mut objects = deployed.map(|d| kept_objects(&d.plan)).unwrap_or_default();
    let mut known: BTreeSet<ObjectKey> = objects.iter().map(Object::key).collect();
    for summary in history
        .iter()
        .filter(|s| s.revision > since && matches!(s.status, Status::Failed | Status::Pending))
        // A copy of another tool's revision created nothing here.
        .filter(|s| s.operation != Operation::Import)
    {
        let record = store
            .load(&release.namespace, &release.name, summary.revision)
            .await?;
        for object in kept_objects(&record.plan) {
            if known.insert(object.key()) {
                objects.push(object);
            }
        }
    }
    Ok(objects)
}

/// Whether applying `plan` would change anything: an object, or the package the
/// release records (an upgrade to a version with identical objects still
/// records a revision, so the release says which version it runs).
pub async fn changes_anything(store: &ReleaseStore, plan: &Plan) -> Result<bool, PlanError> {
    if plan.has_changes() || matches!(plan.operation, Operation::Install | Operation::Uninstall) {
        return Ok(true);
    }
    let current = deployed(store, &plan.release.id()).await?;
    Ok(current.plan.package.digest != plan.package.digest)
}

/// The revision the next operation on a release creates.
pub(super) async fn next_revision(
    store: &ReleaseStore,
    release: &ReleaseId,
) -> Result<u32, PlanError> {
    Ok(store
        .latest(&release.namespace, &release.name)
        .await?
        .map_or(1, |s| s.revision + 1))
}
