//! Planning without a cluster: render, analyse and seal, every object a `create`.

use std::collections::BTreeMap;

use super::prepare::render_deferred_hooks;
use super::{PlanError, chart};
use crate::helm::render::Capabilities;
use crate::package::Package;
use crate::permissions;
use crate::plan::{
    Action, BundleInfo, CatalogInfo, ClusterInfo, Operation, PLAN_API_VERSION, PLAN_KIND,
    PackageInfo, Plan, PlannedObject, ReleaseTarget,
};
use crate::render::{self, OfflineScopes, RenderTarget};
use crate::version::Candidate;

/// Where a package came from and how its version was chosen: what the plan's
/// `package` section records besides the package's own metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// Pinned reference (`oci://…@sha256:…`) or path.
    pub reference: String,
    /// The constraint asked for.
    pub constraint: Option<String>,
    /// Tags considered.
    pub candidates: Vec<Candidate>,
    /// The digest from the registry; `None` for local packages (computed).
    pub digest: Option<String>,
    /// The configuration given for the package (`--config KEY=VALUE`),
    /// recorded in the plan as `values`; only `registry+v1` bundles take any.
    pub config: BTreeMap<String, String>,
    /// For a package resolved from a File-Based Catalog: how.
    pub catalog: Option<CatalogInfo>,
    /// Values for a Helm chart (`-f`, `--set` and friends, merged); only
    /// charts take them.
    pub values: crate::helm::values::Values,
    /// How an upgrade treats the values of the revision it upgrades.
    pub reuse_values: crate::helm::values::ReuseValues,
}

impl Source {
    /// A package read from disk: no constraint, no candidates, digest computed.
    pub fn local(path: &str) -> Source {
        Source {
            reference: path.to_string(),
            constraint: None,
            candidates: Vec::new(),
            digest: None,
            config: BTreeMap::new(),
            catalog: None,
            values: Default::default(),
            reuse_values: Default::default(),
        }
    }
}

/// Plans installing `package` as release `release` in `namespace`, without a cluster.
pub fn plan_offline(
    package: &Package,
    source: &Source,
    release: &str,
    namespace: &str,
) -> Result<Plan, PlanError> {
    crate::names::validate_dns_label(release).map_err(|reason| PlanError::ReleaseName {
        name: release.to_string(),
        reason,
    })?;
    let target = chart::Target {
        release,
        namespace,
        upgrade: None,
    };
    let rendered = chart::render_package(
        package,
        source,
        &target,
        &Capabilities::offline(),
        // Offline, cert-manager's presence is unknown: bundles with webhooks are refused.
        false,
        None,
    )?;
    let prepared = rendered.prepared;
    let mut scopes = OfflineScopes::default();
    scopes.learn_crds(prepared.documents.iter().map(|(_, value)| value));
    let target = RenderTarget {
        release,
        namespace,
        other_namespaces: &prepared.other_namespaces,
    };
    let render::Rendered {
        objects,
        warnings: render_warnings,
    } = render::render(prepared.documents, &target, &scopes)?;
    let deferred = render_deferred_hooks(prepared.deferred_hooks, &target, &scopes)?;
    let deferred_hooks = deferred.objects;
    let permissions = permissions::analyze(&objects, &package.metadata.permissions);
    let package_info = package_info(package, source, prepared.bundle);
    let images = permissions::images_with(&objects, related_images(&package_info));
    let mut warnings = vec![
        "planned offline: every object is shown as created; no diff and no access check"
            .to_string(),
    ];
    warnings.extend(catalog_warnings(&package_info));
    warnings.extend(rendered.warnings);
    warnings.extend(render_warnings);
    warnings.extend(deferred.warnings);
    warnings.extend(images.iter().filter_map(|image| image.warning()));
    let planned = objects
        .into_iter()
        .map(|object| PlannedObject {
            api_version: object.api_version,
            kind: object.kind,
            namespace: object.namespace,
            name: object.name,
            action: Action::Create,
            manifest: object.manifest,
            live_resource_version: None,
            diff: None,
        })
        .collect();
    Ok(Plan {
        api_version: PLAN_API_VERSION.to_string(),
        kind: PLAN_KIND.to_string(),
        operation: Operation::Install,
        release: ReleaseTarget {
            name: release.to_string(),
            namespace: namespace.to_string(),
            revision: 1,
        },
        cluster: ClusterInfo::default(),
        package: package_info,
        values: prepared.values,
        notes: rendered.notes,
        objects: planned,
        deferred_hooks: deferred_hooks.into_iter().map(Into::into).collect(),
        permissions,
        images,
        warnings,
        hash: String::new(),
    }
    .seal())
}

/// The plan's `package` section for a fetched package.
pub(super) fn package_info(
    package: &Package,
    source: &Source,
    bundle: Option<BundleInfo>,
) -> PackageInfo {
    PackageInfo {
        name: package.metadata.name.clone(),
        version: package.version.to_string(),
        constraint: source.constraint.clone(),
        candidates: source.candidates.clone(),
        reference: source.reference.clone(),
        digest: source
            .digest
            .clone()
            .unwrap_or_else(|| package.artifact().digest),
        format: package.format().to_string(),
        bundle,
        catalog: source.catalog.clone(),
    }
}

/// The deprecation notices of a catalog package, as plan warnings.
pub(super) fn catalog_warnings(package: &PackageInfo) -> Vec<String> {
    package
        .catalog
        .iter()
        .flat_map(|catalog| catalog.deprecations.iter().cloned())
        .collect()
}

/// The images a plan lists besides its pod templates': a bundle's `relatedImages`.
pub(super) fn related_images(package: &PackageInfo) -> &[String] {
    package
        .bundle
        .as_ref()
        .map_or(&[], |bundle| bundle.related_images.as_slice())
}
