//! What install and upgrade share before planning: the fetched package
//! rendered against the cluster, its chart hooks kept or left out, its
//! images rewritten to mirrored copies and looked up, and what the plan
//! records about the package: the operation's [`Desired`] state.

use std::collections::BTreeMap;

use super::{Desired, Hooks, ImageCheck, PlanError, Source, facts, images, offline};
use crate::cluster::{Cluster, Discovery};
use crate::crd_schema;
use crate::manifest::Manifest;
use crate::mirror::Rewrite;
use crate::object::Object;
use crate::permissions::DeclaredPermission;
use crate::plan::{Operation, PackageInfo, Plan, ReleaseTarget, Warning, WarningCode};
use crate::render::{self, RenderError, RenderTarget};
use crate::source::Fetched;

/// A fetched package made ready to plan: rendered for its release, hooks
/// and images dealt with, and what the plan records about it.
pub(super) struct Prepared {
    /// The objects, in apply order.
    pub objects: Vec<Object>,
    /// What the cluster serves, for the kinds rendered and those of `previous`.
    pub discovery: Discovery,
    deferred_hooks: Vec<Object>,
    package: PackageInfo,
    requirements: crate::requirements::Requirements,
    images: Rewrite,
    values: Option<serde_json::Value>,
    notes: Option<String>,
    warnings: Vec<Warning>,
    declared: Vec<DeclaredPermission>,
    other_namespaces: Vec<String>,
    validate: bool,
}

/// How to prepare a package: for which release, with what configuration.
pub(super) struct Preparation<'a> {
    /// The release and how it is rendered (an upgrade's revision and values).
    pub target: facts::Target<'a>,
    /// The configuration (`--config`) to render with.
    pub config: &'a BTreeMap<String, String>,
    /// The apiVersions of the objects the release may have now (their
    /// kinds are discovered too).
    pub previous_api_versions: Vec<&'a str>,
    /// Whether the operation's chart hooks run.
    pub hooks: Hooks,
    /// How images are looked up.
    pub images: &'a ImageCheck,
    /// Kinds that other releases will have created by the time this one is
    /// applied (a stack's CRDs): rendered as served.
    pub seed: &'a [crate::manifest::Manifest],
    /// Check the objects the API server cannot dry-run against the schema
    /// it admits them by (kubectl's `--validate`; on by default).
    pub validate: bool,
}

impl Prepared {
    /// Renders, leaves out hooks as asked, and mirrors the images of `fetched`.
    pub async fn new(
        cluster: &Cluster,
        fetched: &Fetched,
        how: Preparation<'_>,
    ) -> Result<Prepared, PlanError> {
        let digest = offline::PackageDigest::start(&fetched.package, &fetched.source);
        let RenderedOnline {
            mut objects,
            mut deferred_hooks,
            discovery,
            rendered,
            mut warnings,
            requirements,
        } = render_online(cluster, fetched, &how).await?;
        how.hooks.apply(&mut objects, &mut warnings);
        let package =
            offline::package_info(&fetched.package, &fetched.source, rendered.bundle, digest);
        let images = mirror_images(
            &fetched.source,
            how.images,
            &mut objects,
            &mut deferred_hooks,
            &package,
            &mut warnings,
        )
        .await?;
        Ok(Prepared {
            objects,
            discovery,
            deferred_hooks,
            package,
            requirements,
            images,
            values: rendered.values,
            notes: rendered.notes,
            warnings,
            declared: fetched.package.metadata.permissions.clone(),
            other_namespaces: rendered.other_namespaces,
            validate: how.validate,
        })
    }

    /// The state `operation` wants for revision `release`, replacing
    /// `previous`; `deployed` is the revision an upgrade replaces.
    pub fn into_desired(self, change: Change) -> (Desired, Discovery) {
        let desired = Desired {
            operation: change.operation,
            release: change.release,
            package: self.package,
            requirements: self.requirements,
            images: self.images,
            values: self.values,
            notes: self.notes,
            warnings: self.warnings,
            objects: self.objects,
            deferred_hooks: self.deferred_hooks,
            previous: change.previous,
            declared: self.declared,
            adopt: change.adopt,
            deployed: change.deployed,
            declared_namespaces: Some(self.other_namespaces),
            namespace_created_by: change.namespace_created_by,
            deleted_first: Default::default(),
            validate: self.validate,
        };
        (desired, self.discovery)
    }
}

/// What an operation changes: the rest of its [`Desired`] state.
pub(super) struct Change {
    /// Install or upgrade.
    pub operation: Operation,
    /// The revision the plan creates.
    pub release: ReleaseTarget,
    /// The release's objects now, pruned when no longer desired.
    pub previous: Vec<Object>,
    /// Take over objects others own.
    pub adopt: bool,
    /// The revision an upgrade replaces.
    pub deployed: Option<Plan>,
    /// Another release (of a stack) that creates the release namespace
    /// before this one is applied.
    pub namespace_created_by: Option<String>,
}

/// A package rendered against the cluster.
struct RenderedOnline {
    /// The objects, in apply order.
    objects: Vec<Object>,
    /// A chart's hooks for later operations on the revision.
    deferred_hooks: Vec<Object>,
    /// What the cluster serves, for the kinds rendered and those of `previous`.
    discovery: Discovery,
    /// What the plan records besides the objects (values, notes…);
    /// its documents and warnings are taken.
    rendered: crate::formats::Rendered,
    /// The source's warnings and the format's, in the order they arose.
    warnings: Vec<Warning>,
    /// The package's requirements, checked.
    requirements: crate::requirements::Requirements,
}

/// Renders a fetched package against the cluster's discovery with its
/// configuration: its format asks for what it needs of the
/// cluster; also returns what the plan records about it.
async fn render_online(
    cluster: &Cluster,
    fetched: &Fetched,
    how: &Preparation<'_>,
) -> Result<RenderedOnline, PlanError> {
    let (release, namespace) = (how.target.release, how.target.namespace);
    let mut rendered = facts::render_online(
        cluster,
        &fetched.package,
        &fetched.source,
        how.config,
        &how.target,
    )
    .await?;
    let documents = std::mem::take(&mut rendered.documents);
    let deferred_hooks = std::mem::take(&mut rendered.deferred_hooks);
    let api_versions = documents
        .iter()
        .chain(&deferred_hooks)
        .filter_map(|(_, v)| v.get("apiVersion").and_then(|a| a.as_str()))
        .chain(how.previous_api_versions.iter().copied())
        // The core group always: `--create-namespace` adds a Namespace after rendering.
        .chain(std::iter::once("v1"));
    let groups = crate::apiserver::discovery::groups_of(api_versions);
    let mut discovery = cluster.discover(&groups).await?;
    let requirements = super::requirements::check(
        cluster,
        &fetched.package,
        &fetched.source.requirements,
        documents.iter().chain(&deferred_hooks),
    )
    .await?;
    discovery.learn_crds(documents.iter().map(|(_, v)| v).chain(how.seed));
    // The CRDs custom resources may be checked against before the first
    // write (their kinds are not served yet: no server-side dry run).
    let crds: Vec<Manifest> = (documents.iter().map(|(_, v)| v))
        .filter(|v| v.get("kind").and_then(Manifest::as_str) == Some("CustomResourceDefinition"))
        .chain(how.seed)
        .cloned()
        .collect();
    let target = RenderTarget {
        release,
        namespace,
        other_namespaces: &rendered.other_namespaces,
        any_namespace: rendered.any_namespace,
        placement: &rendered.placement,
    };
    let objects = render::render(documents, &target, &discovery).map_err(served_kinds_hint)?;
    let deferred = offline::render_deferred_hooks(deferred_hooks, &target, &discovery)
        .map_err(served_kinds_hint)?;
    let format_warnings = std::mem::take(&mut rendered.warnings);
    let mut warnings: Vec<Warning> = Warning::all(WarningCode::Render, format_warnings).collect();
    warnings.extend(offline::source_warnings(&fetched.source));
    warnings.extend(Warning::all(WarningCode::Render, objects.warnings));
    warnings.extend(Warning::all(WarningCode::Render, deferred.warnings));
    let objects = objects.objects;
    if how.validate {
        check_custom_resources(&crds, &objects, &discovery)?;
    }
    let deferred_hooks = deferred.objects;
    Ok(RenderedOnline {
        objects,
        deferred_hooks,
        discovery,
        rendered,
        warnings,
        requirements,
    })
}

/// Refuses the plan when a custom resource of a CRD it creates (or a
/// stack's earlier release creates) breaks that CRD's schema: the API
/// server cannot dry-run it, and would refuse it halfway through the apply.
pub(super) fn check_custom_resources(
    crds: &[Manifest],
    objects: &[Object],
    discovery: &Discovery,
) -> Result<(), PlanError> {
    let mut schemas: BTreeMap<(&str, &str), Option<serde_json::Value>> = BTreeMap::new();
    let mut violations = Vec::new();
    for object in objects {
        let resource = discovery.resolve(&object.api_version, &object.kind);
        if !resource.is_some_and(|r| r.pending_crd) {
            continue;
        }
        let key = (object.api_version.as_str(), object.kind.as_str());
        let schema = schemas
            .entry(key)
            .or_insert_with(|| crd_schema::schema_for(crds, key.0, key.1));
        if let Some(schema) = schema {
            let manifest = serde_json::to_value(&object.manifest).expect("a manifest serializes");
            violations.extend(crd_schema::validate(&object.to_string(), &manifest, schema));
        }
    }
    if violations.is_empty() {
        Ok(())
    } else {
        Err(PlanError::CustomResourcesInvalid { violations })
    }
}

/// An unknown kind, online, is one the cluster does not serve: say so.
pub(super) fn served_kinds_hint(error: RenderError) -> RenderError {
    match error {
        RenderError::UnknownKind {
            location,
            api_version,
            kind,
            ..
        } => RenderError::UnknownKind {
            location,
            api_version,
            kind,
            hint: "the cluster does not serve it and no CustomResourceDefinition in the package defines it".to_string(),
        },
        other => other,
    }
}

/// Rewrites the images of a fetched package's objects and hooks to the
/// mirrored copies its source names ([`Source::images`]), then looks them
/// up in their registries as `check` says (pinning mirrored tags).
async fn mirror_images(
    source: &Source,
    check: &ImageCheck,
    objects: &mut [Object],
    hooks: &mut [Object],
    package: &PackageInfo,
    warnings: &mut Vec<Warning>,
) -> Result<Rewrite, PlanError> {
    let related = offline::related_images(package);
    let mut rewrite = source
        .images
        .apply(objects.iter_mut().chain(hooks.iter_mut()), related)?;
    warnings.extend(images::check_images(check, objects, hooks, related, &mut rewrite).await?);
    Ok(rewrite)
}
