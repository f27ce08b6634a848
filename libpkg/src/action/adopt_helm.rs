//! Taking over a release Helm installed: the plan applies the objects of
//! Helm's deployed revision with this tool's labels (ownership changes,
//! content does not), and copies every revision Helm kept into the release's
//! history, so `history` shows what Helm did and `rollback` can return to it.

use std::collections::BTreeSet;

use crate::cluster::Discovery;
use crate::helm::release::HelmRelease;
use crate::plan::{
    ClusterInfo, HelmRevision, ImportedRevision, Operation, PackageInfo, Plan, PlannedObject,
    ReleaseId, Warning, WarningCode,
};
use crate::release::helm::HelmRecords;
use crate::release::{Record, Status, Summary};
use crate::render::{self, RenderTarget};

use super::online::{self, Desired};
use super::prepare::served_kinds_hint;
use super::session::{ClusterAccess, ReleaseStorage};
use super::{ApplyError, PlanError, Session};

/// How a revision copied from Helm is referred to: `helm-release:NS/NAME.vN`.
fn reference(release: &ReleaseId, revision: u32) -> HelmRevision {
    HelmRevision {
        namespace: release.namespace.to_string(),
        name: release.name.to_string(),
        revision,
    }
}

/// How to take over a Helm release.
#[derive(Debug, Clone)]
pub struct AdoptHelmOptions {
    /// The Helm release, which becomes this tool's release of the same name.
    pub release: ReleaseId,
}

/// Plans taking over Helm release `release`: exactly the objects of its
/// deployed Helm revision, as Helm rendered them, applied with this release's
/// labels so that only ownership changes (no object is created again), its
/// values kept as the revision's (so `upgrade --reuse-values` works as with
/// Helm), and Helm's revisions copied into the history before it. Helm's
/// records are not touched.
pub async fn plan_adopt_helm(
    session: &Session,
    options: &AdoptHelmOptions,
) -> Result<Plan, PlanError> {
    let (cluster, store) = (session.cluster(), session.releases());
    let release = &options.release;
    let history = store.history(release).await?;
    if history.iter().any(|s| s.status == Status::Deployed) {
        return Err(PlanError::AlreadyManaged {
            name: release.name.to_string(),
            namespace: release.namespace.to_string(),
        });
    }
    let revisions = HelmRecords::new(cluster.clone()).revisions(release).await?;
    let helm = &revisions[HelmRecords::deployed(&release.name, &revisions)?];
    let to_copy = to_import(&revisions, &history, release);
    // Each copy is rendered now, so that one that cannot be is refused
    // before anything changes; applying renders it again from the same bytes.
    let all: Vec<&HelmRelease> = revisions.iter().collect();
    let discovery = discover_for(cluster, &all).await?;
    for (copy, record) in &to_copy {
        copied_record(release, record, copy, &ClusterInfo::default(), &discovery)?;
    }
    let imported: Vec<ImportedRevision> = to_copy.into_iter().map(|(copy, _)| copy).collect();
    let rendered = render_manifest(helm, &discovery)?;
    let mut warnings: Vec<Warning> = Warning::all(WarningCode::Render, rendered.warnings).collect();
    warnings.push(Warning::new(WarningCode::HelmTakeover, format!(
        "taken over from Helm release {} revision {} (chart {} {}): its objects change owner, not content; \
         Helm's records are kept unless {remove}",
        release.name, helm.revision, helm.chart_name, helm.chart_version,
        remove = crate::remedy::Setting::RemoveHelmRecords
    )));
    if helm.hooks > 0 {
        warnings.push(Warning::new(WarningCode::HelmTakeover, format!(
            "the Helm release's {} hook(s) are not taken over: they ran under Helm, and the chart's hooks run again on the next upgrade",
            helm.hooks
        )));
    }
    let revision = imported
        .last()
        .map(|copy| copy.revision)
        .or(history.last().map(|summary| summary.revision))
        .map_or(1, |last| last + 1);
    let desired = Desired {
        operation: Operation::Install,
        release: release.revision(revision),
        package: package_info(helm, reference(release, helm.revision).to_string()),
        requirements: Default::default(),
        images: Default::default(),
        values: Some(helm.values.clone()),
        notes: None,
        warnings,
        objects: rendered.objects,
        deferred_hooks: Vec::new(),
        previous: Vec::new(),
        declared: Vec::new(),
        adopt: true,
        deployed: None,
        declared_namespaces: Some(Vec::new()),
        namespace_created_by: None,
        deleted_first: Default::default(),
        validate: true,
    };
    let mut plan = online::plan(cluster, &discovery, desired).await?;
    plan.imported_history = imported;
    Ok(plan.seal())
}

/// Which of Helm's `revisions` to copy, and the revision each becomes: all
/// but those a retried take-over copied already, keeping Helm's numbers when
/// they come after the release's own `history`, numbered after it otherwise.
fn to_import<'a>(
    revisions: &'a [HelmRelease],
    history: &[Summary],
    release: &ReleaseId,
) -> Vec<(ImportedRevision, &'a HelmRelease)> {
    let copied: BTreeSet<&str> = history
        .iter()
        .filter(|summary| summary.operation == Operation::Import)
        .map(|summary| summary.digest.as_str())
        .collect();
    let last = history.last().map_or(0, |summary| summary.revision);
    let pending: Vec<_> = revisions
        .iter()
        .filter(|helm| !copied.contains(helm.digest.as_str()))
        .collect();
    let keep_numbers = pending.first().is_some_and(|first| first.revision > last);
    pending
        .into_iter()
        .zip(1..)
        .map(|(helm, position)| {
            let copy = ImportedRevision {
                revision: if keep_numbers {
                    helm.revision
                } else {
                    last + position
                },
                reference: reference(release, helm.revision),
                digest: helm.digest.as_str().into(),
                status: helm.status.clone(),
                package: helm.chart_name.clone(),
                version: helm.chart_version.clone(),
            };
            (copy, helm)
        })
        .collect()
}

fn package_info(helm: &HelmRelease, reference: String) -> PackageInfo {
    PackageInfo {
        name: helm.chart_name.clone(),
        version: helm.chart_version.clone(),
        constraint: None,
        candidates: Vec::new(),
        reference,
        digest: helm.digest.as_str().into(),
        format: crate::formats::helm::NAME,
        bundle: None,
        catalog: None,
        carvel: None,
        signatures: Vec::new(),
    }
}

/// What the cluster serves for the objects of all `revisions`, asked once,
/// with the CRDs they define learnt.
async fn discover_for(
    cluster: &impl ClusterAccess,
    revisions: &[&HelmRelease],
) -> Result<Discovery, PlanError> {
    let mut documents = Vec::new();
    for helm in revisions {
        documents.extend(helm.documents(Default::default())?);
    }
    let groups = crate::apiserver::discovery::groups_of(
        documents
            .iter()
            .filter_map(|(_, v)| v.get("apiVersion").and_then(|a| a.as_str())),
    );
    let mut discovery = cluster.discover(&groups).await?;
    discovery.learn_crds(documents.iter().map(|(_, v)| v));
    Ok(discovery)
}

/// The objects of a Helm revision's manifest, as Helm rendered them, with
/// this release's labels.
fn render_manifest(
    helm: &HelmRelease,
    discovery: &Discovery,
) -> Result<render::Rendered, PlanError> {
    let target = RenderTarget {
        release: &helm.name,
        namespace: &helm.namespace,
        other_namespaces: &[],
        any_namespace: true,
        placement: &Default::default(),
    };
    let documents = helm.documents(Default::default())?;
    Ok(render::render(documents, &target, discovery).map_err(served_kinds_hint)?)
}

/// The record of Helm revision `helm` of `release` copied as `copy`: its
/// objects as Helm rendered them, with this release's labels (what a
/// rollback to it applies), its values, and Helm's outcome as the status.
fn copied_record(
    release: &ReleaseId,
    helm: &HelmRelease,
    copy: &ImportedRevision,
    cluster_info: &ClusterInfo,
    discovery: &Discovery,
) -> Result<Record, PlanError> {
    let rendered = render_manifest(helm, discovery)?;
    let mut permissions = crate::permissions::analyze(&rendered.objects, &[]);
    permissions
        .risks
        .extend(crate::permissions::undeclared_namespace_risks(
            &rendered.objects,
            &helm.namespace,
            &[],
        ));
    permissions.risks.sort();
    let images = crate::permissions::images_with(&rendered.objects, &[]);
    let (status, message) = match helm.status.as_str() {
        "deployed" | "superseded" => (Status::Superseded, None),
        "uninstalled" => (Status::Uninstalled, None),
        "failed" => (Status::Failed, Some("failed under Helm".to_string())),
        other => (Status::Failed, Some(format!("Helm left it {other}"))),
    };
    let plan = Plan {
        api_version: crate::plan::PLAN_API_VERSION.to_string(),
        kind: crate::plan::PLAN_KIND.to_string(),
        operation: Operation::Import,
        release: release.revision(copy.revision),
        cluster: cluster_info.clone(),
        package: package_info(helm, copy.reference.to_string()),
        requirements: Default::default(),
        values: Some(helm.values.clone()),
        notes: None,
        objects: rendered
            .objects
            .into_iter()
            .map(PlannedObject::created)
            .collect(),
        deferred_hooks: Vec::new(),
        permissions,
        permission_changes: None,
        policy: None,
        images,
        warnings: vec![Warning::new(WarningCode::HelmTakeover, format!(
            "copied from Helm's record {} (Helm's status: {}): what Helm applied, not planned or applied by kubectl-pkg",
            copy.reference, helm.status
        ))],
        imported_history: Vec::new(),
        rollback_to: None,
        hash: Default::default(),
        approvals: Vec::new(),
    }
    .seal();
    Ok(Record {
        plan,
        status,
        message,
        review: Default::default(),
    })
}

/// Copies the revisions `plan` imports into the release's history, before
/// the plan's own revision is recorded. Each must be the record that was
/// reviewed (same digest); one copied already by an earlier attempt of the
/// same plan is left as it is.
pub(super) async fn write_imported(
    cluster: &impl ClusterAccess,
    store: &impl ReleaseStorage,
    plan: &Plan,
    history: &[Summary],
) -> Result<(), ApplyError> {
    if plan.imported_history.is_empty() {
        return Ok(());
    }
    let release = plan.release.id();
    let revisions = (store.helm_revisions(&release).await).map_err(|error| ApplyError::Import {
        reference: HelmRevision::release(&release),
        reason: error.to_string(),
    })?;
    // Checked first, all of them, so that a changed record copies none.
    let mut pending = Vec::new();
    for copy in &plan.imported_history {
        let refused = |reason: String| ApplyError::Import {
            reference: copy.reference.to_string(),
            reason,
        };
        if let Some(existing) = history.iter().find(|s| s.revision == copy.revision) {
            if existing.operation == Operation::Import && existing.digest == copy.digest {
                continue;
            }
            return Err(refused(format!(
                "revision {} of the release exists already; plan again",
                copy.revision
            )));
        }
        let helm = revisions
            .iter()
            .find(|helm| reference(&release, helm.revision) == copy.reference)
            .ok_or_else(|| {
                refused("Helm's record is gone since the plan was made; plan again".to_string())
            })?;
        if helm.digest != copy.digest {
            return Err(refused(format!(
                "Helm's record changed since the plan was made (digest {}, planned {}); plan again",
                helm.digest, copy.digest
            )));
        }
        pending.push((copy, helm));
    }
    if pending.is_empty() {
        return Ok(());
    }
    let helms: Vec<&HelmRelease> = pending.iter().map(|(_, helm)| *helm).collect();
    let discovery = discover_for(cluster, &helms)
        .await
        .map_err(|error| ApplyError::Import {
            reference: pending[0].0.reference.to_string(),
            reason: error.to_string(),
        })?;
    for (copy, helm) in pending {
        let record =
            copied_record(&release, helm, copy, &plan.cluster, &discovery).map_err(|error| {
                ApplyError::Import {
                    reference: copy.reference.to_string(),
                    reason: error.to_string(),
                }
            })?;
        store.create(&record).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helm(revision: u32, status: &str) -> HelmRelease {
        HelmRelease {
            name: "web".into(),
            namespace: "apps".into(),
            revision,
            status: status.into(),
            chart_name: "web".into(),
            chart_version: format!("1.{revision}.0"),
            values: serde_json::json!({}),
            manifest: String::new(),
            hooks: 0,
            digest: format!("sha256:{revision:064}"),
        }
    }

    fn ours(revision: u32, operation: Operation, digest: &str, status: Status) -> Summary {
        Summary {
            name: "web".into(),
            namespace: "apps".into(),
            revision,
            status,
            operation,
            package: "web".into(),
            version: "1.0.0".into(),
            digest: digest.into(),
            plan_hash: Default::default(),
            message: None,
            approved_by: Vec::new(),
            created: None,
            rolled_back_to: None,
        }
    }

    fn numbers(revisions: &[HelmRelease], history: &[Summary]) -> Vec<(u32, String)> {
        to_import(
            revisions,
            history,
            &crate::plan::tests::release("apps", "web"),
        )
        .into_iter()
        .map(|(copy, _)| (copy.revision, copy.reference.to_string()))
        .collect()
    }

    #[test]
    fn helms_numbers_are_kept_when_the_history_is_empty_even_after_pruning() {
        let revisions = [
            helm(4, "superseded"),
            helm(5, "failed"),
            helm(6, "deployed"),
        ];
        assert_eq!(
            numbers(&revisions, &[]),
            [
                (4, "helm-release:apps/web.v4".to_string()),
                (5, "helm-release:apps/web.v5".to_string()),
                (6, "helm-release:apps/web.v6".to_string()),
            ]
        );
    }

    #[test]
    fn copies_follow_an_earlier_history_and_a_retry_copies_nothing_twice() {
        let revisions = [helm(1, "superseded"), helm(2, "deployed")];
        // An earlier release of the same name, uninstalled.
        let earlier = [ours(1, Operation::Install, "sha256:x", Status::Uninstalled)];
        assert_eq!(
            numbers(&revisions, &earlier)
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>(),
            [2, 3]
        );
        // A take-over that copied both, then failed: only the failed
        // take-over's own digest is Helm's, and it is not a copy.
        let retried = [
            ours(
                1,
                Operation::Import,
                &helm(1, "").digest,
                Status::Superseded,
            ),
            ours(
                2,
                Operation::Import,
                &helm(2, "").digest,
                Status::Superseded,
            ),
            ours(3, Operation::Install, &helm(2, "").digest, Status::Failed),
        ];
        assert!(numbers(&revisions, &retried).is_empty());
    }
}
