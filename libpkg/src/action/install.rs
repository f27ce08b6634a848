//! Installing a fetched package as a new release.

use super::history::release_objects;
use super::prepare::{Change, Preparation, Prepared};
use super::{Hooks, ImageCheck, PlanError, Session, facts, online};
use crate::cluster::{Cluster, ClusterError};
use crate::object::Object;
use crate::plan::{Operation, Plan, ReleaseId};
use crate::release::{ReleaseError, Status};
use crate::source::Fetched;

/// How to install.
#[derive(Debug, Clone)]
pub struct InstallOptions {
    /// The release to create.
    pub release: ReleaseId,
    /// Take over objects that exist but belong to no release or another one.
    pub adopt: bool,
    /// Create the release namespace if it does not exist. It is created as part
    /// of the plan but not owned by the release, so uninstall never deletes it
    /// (with everything in it, release history included).
    pub create_namespace: bool,
    /// Whether the chart's install hooks run.
    pub hooks: Hooks,
    /// Whether the images are looked up in their registries first.
    pub images: ImageCheck,
    /// CustomResourceDefinitions that other releases create before this one
    /// is applied (a stack's): their kinds count as served.
    pub seed_crds: Vec<crate::manifest::Manifest>,
    /// Another release (of a stack, applied first) creates the release
    /// namespace: this plan neither creates it nor needs it to exist yet.
    pub namespace_created_by: Option<String>,
    /// Check the objects the API server cannot dry-run against the schema
    /// it admits them by (kubectl's `--validate`; on by default).
    pub validate: bool,
}

impl InstallOptions {
    /// Installing as `release`, everything else as the CLI's defaults.
    pub fn new(release: ReleaseId) -> InstallOptions {
        InstallOptions {
            release,
            adopt: false,
            create_namespace: false,
            hooks: Hooks::default(),
            images: ImageCheck::default(),
            seed_crds: Vec::new(),
            namespace_created_by: None,
            validate: true,
        }
    }
}

/// Plans installing a fetched package as a new release.
pub async fn plan_install(
    session: &Session,
    fetched: &Fetched,
    options: &InstallOptions,
) -> Result<Plan, PlanError> {
    let (cluster, store) = (session.cluster(), session.releases());
    let release = &options.release;
    // A user who may not read release records still gets a plan: the access check lists the right.
    let history = match store.history(release).await {
        Err(ReleaseError::Cluster(ClusterError::Forbidden { .. })) => Vec::new(),
        other => other?,
    };
    if let Some(current) = crate::release::deployed_since_uninstall(&history) {
        let latest = history.last().unwrap_or(current);
        return Err(PlanError::AlreadyInstalled {
            reference: fetched.source.reference.clone(),
            name: release.name.to_string(),
            namespace: release.namespace.to_string(),
            revision: latest.revision,
            status: latest.status.as_str(),
        });
    }
    // Installed means deployed since the last uninstall; a release whose
    // install failed or was interrupted is installed again over its leftovers.
    let attempted_since_uninstall = history
        .last()
        .is_some_and(|latest| latest.status != Status::Uninstalled);
    let previous = if attempted_since_uninstall {
        release_objects(store, release, None).await?
    } else {
        Vec::new()
    };
    let preparation = Preparation {
        target: facts::Target {
            release: &release.name,
            namespace: &release.namespace,
            upgrade: None,
        },
        config: &fetched.source.config,
        previous_api_versions: previous.iter().map(|o| o.api_version.as_str()).collect(),
        hooks: options.hooks,
        images: &options.images,
        seed: &options.seed_crds,
        validate: options.validate,
    };
    let mut prepared = Prepared::new(cluster, fetched, preparation).await?;
    if options.create_namespace
        && options.namespace_created_by.is_none()
        && needs_namespace(cluster, &prepared.objects, release).await
    {
        prepared
            .objects
            .insert(0, namespace_object(&release.namespace));
    }
    let (desired, discovery) = prepared.into_desired(Change {
        operation: Operation::Install,
        release: release.revision(history.last().map_or(1, |l| l.revision + 1)),
        previous,
        adopt: options.adopt,
        deployed: None,
        namespace_created_by: options.namespace_created_by.clone(),
    });
    online::plan(cluster, &discovery, desired).await
}

/// Whether `--create-namespace` adds the release namespace: neither the
/// package nor the cluster has it.
async fn needs_namespace(cluster: &Cluster, objects: &[Object], release: &ReleaseId) -> bool {
    let in_package = objects
        .iter()
        .any(|o| o.kind == "Namespace" && o.group().is_empty() && o.name == release.namespace);
    !in_package
        && !cluster
            .namespace_exists(&release.namespace)
            .await
            .unwrap_or(true)
}

/// The Namespace object `--create-namespace` adds.
fn namespace_object(namespace: &str) -> Object {
    Object {
        api_version: "v1".to_string(),
        kind: "Namespace".to_string(),
        namespace: None,
        name: namespace.to_string(),
        manifest: serde_json::json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": namespace}})
            .into(),
    }
}
