//! Rolling a release back to an earlier revision, from its stored objects.

use std::collections::BTreeSet;

use super::history::{
    Deployed, deferred_hooks_for, next_revision_in, no_longer_desired, read_deployed,
    take_kept_objects,
};
use super::{Desired, Hooks, ImageCheck, PlanError, Session, images, online};
use crate::helm::hooks::HookEvent;
use crate::object::{Object, StoredObject};
use crate::plan::{Operation, Plan, ReleaseId};
use crate::release::{Status, Summary};
use crate::render;

/// How to roll back.
#[derive(Debug, Clone)]
pub struct RollbackOptions {
    /// The release to roll back.
    pub release: ReleaseId,
    /// The revision to return to (default: the one deployed before the current one).
    pub to: Option<u32>,
    /// Whether the rollback hooks run.
    pub hooks: Hooks,
    /// Whether the images are looked up in their registries first.
    pub images: ImageCheck,
    /// Check the objects the API server cannot dry-run against the schema
    /// it admits them by (kubectl's `--validate`; on by default).
    pub validate: bool,
}

impl RollbackOptions {
    /// Rolling `release` back to the revision before, everything else as the CLI's defaults.
    pub fn new(release: ReleaseId) -> RollbackOptions {
        RollbackOptions {
            release,
            to: None,
            hooks: Hooks::default(),
            images: ImageCheck::default(),
            validate: true,
        }
    }
}
/// Plans re-applying revision `to` (default: the one deployed before the current one),
/// from its stored objects: no package is fetched (the images are looked up
/// as `options.images` says).
pub async fn plan_rollback(
    session: &Session,
    options: &RollbackOptions,
) -> Result<Plan, PlanError> {
    let (cluster, store) = (session.cluster(), session.releases());
    let release = &options.release;
    let Deployed {
        history,
        plan: current,
        previous,
    } = read_deployed(store, release).await?;
    let target = rollback_target(&history, current.release.revision, options)?;
    // Read with its manifests as text, each parsed as it is kept: a large
    // release's objects are not held twice.
    let mut record = store.load_applied(release, target).await?;
    let declared_namespaces = declared_namespaces_of(&record.plan, &record.objects);
    let mut objects = take_kept_objects(&mut record);
    // As Helm does, the revision rolled back to brings its own rollback hooks.
    objects.extend(deferred_hooks_for(
        &record.plan,
        HookEvent::PreRollback,
        HookEvent::PostRollback,
    ));
    render::sort_for_apply(&mut objects);
    let mut warnings = Vec::new();
    options.hooks.apply(&mut objects, &mut warnings);
    let mut deferred_hooks: Vec<Object> = record
        .plan
        .deferred_hooks
        .iter()
        .map(|h| h.to_object())
        .collect();
    let mut rewrite = crate::mirror::Rewrite::of(&record.plan.images);
    // What is kept of the revision rolled back to; the rest is dropped here
    // rather than held while the rollback is planned.
    // Its notes too, as Helm's rollback copies them into the new revision.
    let (package, values, notes, declared) = {
        let plan = record.plan;
        (
            plan.package,
            plan.values,
            plan.notes,
            plan.permissions.declared,
        )
    };
    warnings.extend(
        images::check_images(
            &options.images,
            &mut objects,
            &mut deferred_hooks,
            &[],
            &mut rewrite,
        )
        .await?,
    );
    let mut discovery = cluster
        .discover(&crate::apiserver::discovery::groups_of(
            objects
                .iter()
                .map(|o| o.api_version.as_str())
                .chain(previous.iter().map(|o| o.api_version.as_str())),
        ))
        .await?;
    let previous = no_longer_desired(previous, &objects);
    discovery.learn_crds(objects.iter().map(|o| &o.manifest));
    if options.validate {
        let crds: Vec<_> = (objects.iter())
            .filter(|o| o.kind == "CustomResourceDefinition")
            .map(|o| o.manifest.clone())
            .collect();
        super::prepare::check_custom_resources(&crds, &objects, &discovery)?;
    }
    let desired = Desired {
        operation: Operation::Rollback,
        release: release.revision(next_revision_in(&history)),
        package,
        requirements: Default::default(),
        images: rewrite,
        values,
        notes,
        warnings,
        objects,
        deferred_hooks,
        previous,
        declared,
        declared_namespaces: Some(declared_namespaces),
        namespace_created_by: None,
        deleted_first: Default::default(),
        validate: options.validate,
        adopt: false,
        deployed: Some(current),
    };
    let mut plan = online::plan(cluster, &discovery, desired).await?;
    plan.rollback_to = Some(target);
    Ok(plan.seal())
}

/// The revision a rollback returns to: `options.to`, or the one deployed
/// before `current_revision`; refused unless it was deployed.
fn rollback_target(
    history: &[Summary],
    current_revision: u32,
    options: &RollbackOptions,
) -> Result<u32, PlanError> {
    let release = &options.release;
    let target = match options.to {
        Some(revision) => revision,
        None => history
            .iter()
            .rev()
            .find(|s| s.revision < current_revision && s.status == Status::Superseded)
            .map(|s| s.revision)
            .ok_or_else(|| PlanError::Rollback {
                name: release.name.to_string(),
                revision: current_revision.saturating_sub(1),
                reason: "there is no earlier deployed revision".to_string(),
            })?,
    };
    let summary = history
        .iter()
        .find(|s| s.revision == target)
        .ok_or_else(|| PlanError::Rollback {
            name: release.name.to_string(),
            revision: target,
            reason: "no such revision".to_string(),
        })?;
    if !matches!(summary.status, Status::Deployed | Status::Superseded)
        || summary.operation == Operation::Uninstall
    {
        return Err(PlanError::Rollback {
            name: release.name.to_string(),
            revision: target,
            reason: format!("it was never deployed (status {})", summary.status.as_str()),
        });
    }
    Ok(target)
}

/// The namespaces besides the release's that a revision's package declared:
/// those its objects (`applied`, what the plan applied) are in, except the
/// ones its plan flagged as undeclared.
fn declared_namespaces_of(plan: &Plan, applied: &[StoredObject]) -> Vec<String> {
    let flagged: BTreeSet<&str> = plan
        .permissions
        .risks
        .iter()
        .filter(|risk| risk.rule == crate::permissions::UNDECLARED_NAMESPACE_RULE)
        .map(|risk| risk.object.as_str())
        .collect();
    let mut declared: Vec<String> = applied
        .iter()
        .filter(|o| !flagged.contains(o.key().to_string().as_str()))
        .filter_map(|o| o.namespace.clone())
        .filter(|namespace| *namespace != plan.release.namespace)
        .collect();
    declared.sort();
    declared.dedup();
    declared
}
