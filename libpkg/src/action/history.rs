//! What a release's stored history says: its deployed revision, the objects
//! it may have in the cluster, the revision the next operation creates.

use std::collections::BTreeSet;

use super::session::ReleaseStorage;
use super::{PlanError, online};
use crate::helm::hooks::HookEvent;
use crate::manifest::Manifest;
use crate::object::{Object, ObjectKey, StoredObject};
use crate::plan::{Action, Operation, Plan, PlannedObject, ReleaseId, ReleaseTarget};
use crate::release::{AppliedRevision, Record, ReleaseStore, Status, Summary};

/// The objects a stored plan leaves in the cluster that belong to its release:
/// everything but its deletions and what it created without owning it (the
/// namespace of `--create-namespace`), which later revisions never touch.
pub fn kept_objects(plan: &Plan) -> Vec<Object> {
    plan.objects
        .iter()
        .filter(|o| o.action != Action::Delete && kept_by(&o.manifest, &plan.release))
        .map(PlannedObject::to_object)
        .collect()
}

/// Whether an object a revision of `release` applied is one the release
/// keeps: one it owns, and not a hook (hooks run once per operation; they
/// are not the release's objects to keep or prune).
fn kept_by(manifest: &Manifest, release: &ReleaseTarget) -> bool {
    online::owned_by(manifest, release) && crate::kinds::hook_of(manifest).is_none()
}

/// The objects of `applied` (a revision's, read by
/// [`ReleaseStore::load_applied`]) that `release` keeps, as [`kept_objects`]
/// says; each manifest is parsed, one at a time, only to be checked.
pub(super) fn kept_of(
    applied: Vec<StoredObject>,
    release: &ReleaseTarget,
) -> impl Iterator<Item = StoredObject> {
    applied
        .into_iter()
        .filter(move |object| kept_by(&object.manifest(), release))
}

/// The objects `applied` keeps ([`kept_of`]), taken out of it (moved, not
/// copied: a large release's objects are not held twice) and parsed.
pub(super) fn take_kept_objects(applied: &mut AppliedRevision) -> Vec<Object> {
    kept_of(std::mem::take(&mut applied.objects), &applied.plan.release)
        .map(StoredObject::into_object)
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

/// What an upgrade or a rollback starts from, read from the release's
/// history once (a round trip each time): the history, the deployed
/// revision's plan without its objects and hooks, and the objects the
/// release may have now, pruned when no longer desired.
pub(super) struct Deployed {
    /// Every revision's summary.
    pub history: Vec<Summary>,
    /// The deployed revision's plan as [`Desired::deployed`](super::Desired)
    /// keeps it: its permissions and images, which the new ones are
    /// compared with; its objects are in `previous`, its hooks left out.
    pub plan: Plan,
    /// The objects the release may have now, their manifests as text:
    /// held while the new objects are made and only those no longer
    /// desired need them ([`no_longer_desired`]).
    pub previous: Vec<StoredObject>,
}

/// Reads what an upgrade or a rollback of `release` starts from: the
/// deployed revision is read with its manifests as text
/// ([`ReleaseStore::load_applied`]), never parsed whole.
pub(super) async fn read_deployed(
    store: &ReleaseStore,
    release: &ReleaseId,
) -> Result<Deployed, PlanError> {
    let history = store.history(release).await?;
    let mut applied = deployed_applied_in(store, release, &history).await?;
    applied.plan.deferred_hooks = Vec::new();
    let owner = &applied.plan.release;
    let mut previous: Vec<StoredObject> = kept_of(applied.objects, owner).collect();
    let mut known: BTreeSet<ObjectKey> = previous.iter().map(StoredObject::key).collect();
    let attempts = attempts_objects(store, release, owner.revision, &mut known, &history).await?;
    previous.extend(attempts.into_iter().map(StoredObject::from));
    Ok(Deployed {
        plan: applied.plan,
        history,
        previous,
    })
}

/// The objects of `previous` that `desired` no longer has, which the plan
/// may prune, with their manifests; the rest are dropped unparsed.
pub(super) fn no_longer_desired(previous: Vec<StoredObject>, desired: &[Object]) -> Vec<Object> {
    let desired: BTreeSet<ObjectKey> = desired.iter().map(Object::key).collect();
    previous
        .into_iter()
        .filter(|object| !desired.contains(&object.key()))
        .map(StoredObject::into_object)
        .collect()
}

/// The currently deployed revision of a release.
pub async fn deployed(store: &ReleaseStore, release: &ReleaseId) -> Result<Record, PlanError> {
    let history = store.history(release).await?;
    deployed_in(store, release, &history).await
}

/// What an operation needs of the deployed revision `history` (the
/// release's, as read) names: its plan and its objects as text
/// ([`ReleaseStore::load_applied`]).
pub(super) async fn deployed_applied_in(
    store: &ReleaseStore,
    release: &ReleaseId,
    history: &[Summary],
) -> Result<AppliedRevision, PlanError> {
    let current = deployed_summary(release, history)?;
    Ok(store.load_applied(release, current.revision).await?)
}

/// The currently deployed revision's plan without its objects (its
/// package, values and permissions), read without parsing them.
pub async fn deployed_plan(
    store: &impl ReleaseStorage,
    release: &ReleaseId,
) -> Result<Plan, PlanError> {
    let history = store.history(release).await?;
    let current = deployed_summary(release, &history)?;
    Ok(store.load_plan_alone(release, current.revision).await?)
}

/// The deployed revision `history` (the release's, as read) names.
pub(super) async fn deployed_in(
    store: &ReleaseStore,
    release: &ReleaseId,
    history: &[Summary],
) -> Result<Record, PlanError> {
    let current = deployed_summary(release, history)?;
    Ok(store.load(release, current.revision).await?)
}

/// The summary of the deployed revision of `history`.
fn deployed_summary<'a>(
    release: &ReleaseId,
    history: &'a [Summary],
) -> Result<&'a Summary, PlanError> {
    history
        .iter()
        .rev()
        .find(|s| s.status == Status::Deployed)
        .ok_or_else(|| PlanError::NotInstalled {
            name: release.name.to_string(),
            namespace: release.namespace.to_string(),
        })
}

/// The latest attempt at a release that has no deployed revision: a revision
/// that failed or was interrupted since it was last uninstalled (or ever).
pub(super) async fn never_deployed_attempt(
    store: &ReleaseStore,
    release: &ReleaseId,
    history: &[Summary],
) -> Result<Record, PlanError> {
    let attempt = history
        .iter()
        .rev()
        .take_while(|s| s.status != Status::Uninstalled)
        .find(|s| {
            matches!(s.status, Status::Failed | Status::Pending) && s.operation != Operation::Import
        })
        .ok_or_else(|| PlanError::NotInstalled {
            name: release.name.to_string(),
            namespace: release.namespace.to_string(),
        })?;
    Ok(store.load(release, attempt.revision).await?)
}

/// The objects a release may have in the cluster: those of its deployed
/// revision (if any, taken out of what was read of it) and of every later
/// revision that failed or was interrupted, since those may have created
/// objects before they stopped. Plans prune from these, so nothing a failed attempt left
/// behind stays orphaned.
pub(super) async fn release_objects(
    store: &ReleaseStore,
    release: &ReleaseId,
    deployed: Option<&mut AppliedRevision>,
) -> Result<Vec<Object>, PlanError> {
    let history = store.history(release).await?;
    release_objects_in(store, release, deployed, &history).await
}

/// [`release_objects`] from the release's `history`, as read.
pub(super) async fn release_objects_in(
    store: &ReleaseStore,
    release: &ReleaseId,
    deployed: Option<&mut AppliedRevision>,
    history: &[Summary],
) -> Result<Vec<Object>, PlanError> {
    let since = deployed.as_ref().map_or_else(
        || {
            history
                .iter()
                .rev()
                .find(|s| s.status == Status::Uninstalled)
                .map_or(0, |s| s.revision)
        },
        |d| d.plan.release.revision,
    );
    let mut objects = deployed.map(take_kept_objects).unwrap_or_default();
    let mut known: BTreeSet<ObjectKey> = objects.iter().map(Object::key).collect();
    objects.extend(attempts_objects(store, release, since, &mut known, history).await?);
    Ok(objects)
}

/// The objects the release's failed or interrupted attempts after revision
/// `since` kept that are not `known` yet (added to it as they are found).
async fn attempts_objects(
    store: &ReleaseStore,
    release: &ReleaseId,
    since: u32,
    known: &mut BTreeSet<ObjectKey>,
    history: &[Summary],
) -> Result<Vec<Object>, PlanError> {
    let mut objects = Vec::new();
    for summary in history
        .iter()
        .filter(|s| s.revision > since && matches!(s.status, Status::Failed | Status::Pending))
        // A copy of another tool's revision created nothing here.
        .filter(|s| s.operation != Operation::Import)
    {
        let record = store.load(release, summary.revision).await?;
        for object in kept_objects(&record.plan) {
            if known.insert(object.key()) {
                objects.push(object);
            }
        }
    }
    Ok(objects)
}

/// Whether applying `plan` would change anything: an object, or what the
/// release records: the package (an upgrade to a version with identical
/// objects still records a revision, so the release says which version it
/// runs) or the values (an upgrade whose new values render the same objects
/// records a revision too, as Helm does, so `get values` says what was set).
pub async fn changes_anything(store: &impl ReleaseStorage, plan: &Plan) -> Result<bool, PlanError> {
    if plan.has_changes() || matches!(plan.operation, Operation::Install | Operation::Uninstall) {
        return Ok(true);
    }
    let current = deployed_plan(store, &plan.release.id()).await?;
    Ok(records_differ(&current, plan))
}

/// Whether `plan` records another package or other values than the deployed
/// revision's plan `current`.
fn records_differ(current: &Plan, plan: &Plan) -> bool {
    current.package.digest != plan.package.digest || current.values != plan.values
}

/// The revision the next operation on a release whose history is `history` creates.
pub(super) fn next_revision_in(history: &[Summary]) -> u32 {
    history.last().map_or(1, |s| s.revision + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 49: an upgrade that only changes values (its objects render
    /// the same) is recorded; one that changes neither package nor values is not.
    #[test]
    fn new_values_are_a_change_even_when_the_objects_are_the_same() {
        let current = crate::plan::tests::sample();
        let mut plan = current.clone();
        assert!(!records_differ(&current, &plan));
        plan.values = Some(serde_json::json!({"unused": "b"}));
        assert!(records_differ(&current, &plan));
        let mut other_package = current.clone();
        other_package.package.digest = "sha256:01".into();
        assert!(records_differ(&current, &other_package));
    }
}
