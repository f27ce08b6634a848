//! Uninstalling a release: every object it has, between its delete hooks.

use super::history::{
    deferred_hooks_for, deployed_applied_in, never_deployed_attempt, next_revision_in,
    release_objects_in,
};
use super::{Desired, Hooks, PlanError, ReleaseStorage, Session, online};
use crate::helm::hooks::HookEvent;
use crate::plan::{Operation, Plan, ReleaseId, Warning, WarningCode};
use crate::release::{ReleaseError, Status};
use crate::render;

/// How to uninstall.
#[derive(Debug, Clone)]
pub struct UninstallOptions {
    /// The release to uninstall.
    pub release: ReleaseId,
    /// Whether the delete hooks run.
    pub hooks: Hooks,
    /// Objects deleted before this uninstall is applied (a stack's releases
    /// that need this one, uninstalled first): a CRD is not kept for
    /// custom resources among them.
    pub deleted_first: std::collections::BTreeSet<crate::object::ObjectKey>,
}

/// Plans deleting every object of a release's deployed revision, between the
/// `pre-delete` and `post-delete` hooks that revision kept.
pub async fn plan_uninstall(
    session: &Session,
    options: &UninstallOptions,
) -> Result<Plan, PlanError> {
    let (cluster, store) = (session.cluster(), session.releases());
    let release = &options.release;
    let mut warnings = Vec::new();
    // Read once: what is deployed, what failed attempts left and the next
    // revision all come from it (each read is a round trip before the
    // first delete).
    let history = store.history(release).await?;
    let (mut current, mut hooks) = match deployed_applied_in(store, release, &history).await {
        Ok(current) => {
            let hooks =
                deferred_hooks_for(&current.plan, HookEvent::PreDelete, HookEvent::PostDelete);
            (Some(current), hooks)
        }
        // An install that failed or was interrupted left what it created:
        // uninstalling removes that, without hooks (none was deployed).
        Err(PlanError::NotInstalled { .. }) => (None, Vec::new()),
        Err(other) => return Err(other),
    };
    let previous = release_objects_in(store, release, current.as_mut(), &history).await?;
    let package = match current {
        Some(current) => current.plan.package,
        None => {
            let attempt = never_deployed_attempt(store, release, &history).await?;
            warnings.push(Warning::new(WarningCode::NeverDeployed, format!(
                "no revision of {} was ever deployed: this removes what revision {} ({}) created before it stopped; no delete hooks run",
                release.name,
                attempt.plan.release.revision,
                attempt.status.as_str()
            )));
            attempt.plan.package
        }
    };
    render::sort_for_apply(&mut hooks);
    options.hooks.apply(&mut hooks, &mut warnings);
    let discovery = cluster
        .discover(&online::discover_for(previous.iter().chain(&hooks)))
        .await?;
    let desired = Desired {
        operation: Operation::Uninstall,
        release: release.revision(next_revision_in(&history)),
        package,
        requirements: Default::default(),
        images: Default::default(),
        values: None,
        notes: None,
        warnings,
        objects: hooks,
        deferred_hooks: Vec::new(),
        previous,
        declared: Vec::new(),
        adopt: false,
        deployed: None,
        declared_namespaces: None,
        namespace_created_by: None,
        deleted_first: options.deleted_first.clone(),
        validate: true,
    };
    online::plan(cluster, &discovery, desired).await
}

/// Why the history of an uninstalled release is not purged.
#[derive(Debug, thiserror::Error)]
pub enum PurgeError {
    /// The release has no history at all.
    #[error("release {:?} not found in namespace {:?}", .release.name.as_str(), .release.namespace.as_str())]
    NotFound {
        /// The release.
        release: ReleaseId,
    },
    /// Its newest revision is not an uninstall: it may have left objects,
    /// and its history is what lets the next install or upgrade clean them up.
    #[error(
        "release {:?} in namespace {:?} has no deployed revision and its revision {revision} is {}: its objects may still exist, so its history is kept (install or upgrade it to clean up)",
        .release.name.as_str(),
        .release.namespace.as_str(),
        .status.as_str()
    )]
    NotUninstalled {
        /// The release.
        release: ReleaseId,
        /// Its newest revision.
        revision: u32,
        /// That revision's status.
        status: Status,
    },
    /// The history could not be read or deleted.
    #[error(transparent)]
    Release(#[from] ReleaseError),
}

/// Deletes the history of `release`, already uninstalled (Helm's `uninstall
/// --purge` of such a release): its objects are gone, so only its history
/// goes. A release whose newest revision is not an uninstall (one that
/// failed may have left objects behind) keeps it ([`PurgeError::NotUninstalled`]).
/// With `dry_run` nothing is deleted. The number of revisions deleted (or
/// that would be); the caller holds the release's lock.
pub async fn purge_uninstalled(
    store: &impl ReleaseStorage,
    release: &ReleaseId,
    dry_run: bool,
) -> Result<usize, PurgeError> {
    let history = store.history(release).await?;
    let Some(newest) = history.last() else {
        return Err(PurgeError::NotFound {
            release: release.clone(),
        });
    };
    if newest.status != Status::Uninstalled {
        return Err(PurgeError::NotUninstalled {
            release: release.clone(),
            revision: newest.revision,
            status: newest.status,
        });
    }
    if !dry_run {
        store.purge(release).await?;
    }
    Ok(history.len())
}
