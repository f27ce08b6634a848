//! Planning without a cluster: render, analyse and seal, every object a `create`.

use super::decide::{AccessChecks, Observations, decide_unsealed};
use super::{Desired, PlanError, Source, facts};
use crate::helm::render::{Capabilities, OFFLINE_KUBE_VERSION};
use crate::manifest::Manifest;
use crate::package::{Content, Package};
use crate::plan::{BundleInfo, Operation, PackageInfo, Plan, ReleaseId, Warning, WarningCode};
use crate::render::{self, Location, OfflineScopes, RenderError, RenderTarget, ScopeResolver};

/// A warning for each kind whose scope was assumed (see
/// [`OfflineScopes::assuming_unknown_kinds`]), once per kind.
fn assumed_scope_warnings(
    objects: &[crate::object::Object],
    scopes: &OfflineScopes,
) -> Vec<String> {
    let mut kinds = std::collections::BTreeSet::new();
    for object in objects {
        if scopes
            .known_scope(&object.api_version, &object.kind)
            .is_none()
        {
            kinds.insert((object.api_version.clone(), object.kind.clone()));
        }
    }
    kinds
        .into_iter()
        .map(|(api_version, kind)| {
            let scope = match render::assumed_scope(&kind) {
                crate::kinds::Scope::Cluster => "cluster-scoped",
                crate::kinds::Scope::Namespaced => "namespaced",
            };
            format!(
                "planned offline: no CustomResourceDefinition in the package defines {kind} ({api_version}); assumed {scope}. Against a cluster, it must serve the kind (install its CRD first) and its scope is read from there"
            )
        })
        .collect()
}

/// Plans installing `package` as release `release`, without a cluster, with the documented offline capabilities (Kubernetes
/// [`OFFLINE_KUBE_VERSION`](crate::helm::render::OFFLINE_KUBE_VERSION)).
pub fn plan_offline(
    package: &Package,
    source: &Source,
    release: &ReleaseId,
) -> Result<Plan, PlanError> {
    plan_offline_for(package, source, release, &Capabilities::offline())
}

/// [`plan_offline`] as for another cluster: `capabilities` such as
/// [`Capabilities::offline_for`] gives for a Kubernetes version.
pub fn plan_offline_for(
    package: &Package,
    source: &Source,
    release: &ReleaseId,
    capabilities: &Capabilities,
) -> Result<Plan, PlanError> {
    let digest = PackageDigest::start(package, source);
    Ok(offline_plan(package, source, release, capabilities, digest)?.seal())
}

/// What `kubectl pkg template` prints from: [`plan_offline_for`]'s plan
/// without the two things a template never shows, which are most of its
/// cost beside rendering on a large chart. The package's digest is left
/// empty unless the source pins it (a local package's is found by packing
/// and deflating every one of its files), and the plan is not sealed: its
/// hash is empty, so it cannot be applied, approved or stacked (each checks
/// the hash). Every object, its order, values, notes and warnings are the
/// sealed plan's.
pub fn template_offline(
    package: &Package,
    source: &Source,
    release: &ReleaseId,
    capabilities: &Capabilities,
) -> Result<Plan, PlanError> {
    let digest = PackageDigest::Known(source.digest.clone().unwrap_or_default());
    offline_plan(package, source, release, capabilities, digest)
}

/// [`plan_offline_for`]'s plan, not sealed, with the package digest `digest`.
fn offline_plan(
    package: &Package,
    source: &Source,
    release: &ReleaseId,
    capabilities: &Capabilities,
    digest: PackageDigest,
) -> Result<Plan, PlanError> {
    let target = facts::Target {
        release: &release.name,
        namespace: &release.namespace,
        upgrade: None,
    };
    // Offline, cert-manager's presence is unknown: bundles with webhooks are refused.
    let mut rendered = facts::render_offline(package, source, &target, capabilities)?;
    let documents = std::mem::take(&mut rendered.documents);
    let mut scopes = OfflineScopes::default();
    scopes.learn_crds(documents.iter().map(|(_, value)| value));
    // A chart's or a Carvel package's custom resources may need CRDs that
    // something else installs (another package, an operator): offline they
    // are rendered, with the scope assumed and said.
    if package.chart().is_some() || matches!(package.content, Content::Carvel(_)) {
        scopes = scopes.assuming_unknown_kinds();
    }
    let target = RenderTarget {
        release: &release.name,
        namespace: &release.namespace,
        other_namespaces: &rendered.other_namespaces,
        any_namespace: rendered.any_namespace,
        placement: &rendered.placement,
    };
    let render::Rendered {
        mut objects,
        warnings: render_warnings,
    } = render::render(documents, &target, &scopes)?;
    let mut deferred = render_deferred_hooks(
        std::mem::take(&mut rendered.deferred_hooks),
        &target,
        &scopes,
    )?;
    let package_info = package_info(package, source, rendered.bundle, digest);
    let rewrite = source.images.apply(
        objects.iter_mut().chain(deferred.objects.iter_mut()),
        related_images(&package_info),
    )?;
    let assumed = &capabilities.kube_version.version;
    let note = if assumed == OFFLINE_KUBE_VERSION {
        "planned offline: every object is shown as created; no diff and no access check".to_string()
    } else {
        format!(
            "planned offline, as for Kubernetes {assumed}: every object is shown as created; no diff and no access check"
        )
    };
    let mut warnings = source_warnings(source);
    warnings.extend(Warning::all(WarningCode::Render, rendered.warnings));
    warnings.extend(Warning::all(WarningCode::Render, render_warnings));
    warnings.extend(Warning::all(WarningCode::Render, deferred.warnings));
    let assumed_scopes = assumed_scope_warnings(&objects, &scopes);
    warnings.extend(Warning::all(WarningCode::Offline, assumed_scopes));
    let requirements = super::requirements::offline(
        package,
        &source.requirements,
        objects.iter().chain(&deferred.objects),
    );
    let observations = Observations::offline(objects.len(), note);
    let desired = Desired {
        operation: Operation::Install,
        release: release.revision(1),
        package: package_info,
        requirements,
        images: rewrite,
        values: rendered.values,
        notes: rendered.notes,
        warnings,
        objects,
        deferred_hooks: deferred.objects,
        previous: Vec::new(),
        declared: package.metadata.permissions.clone(),
        adopt: false,
        deployed: None,
        declared_namespaces: Some(rendered.other_namespaces),
        namespace_created_by: None,
        deleted_first: Default::default(),
        validate: true,
    };
    decide_unsealed(desired, AccessChecks::default(), observations)
}

/// A package's digest for its plan: the pin its source names, or the digest
/// of the artifact built from its files (a local package), built on another
/// thread while the caller renders: deflating a large chart's files is a fifth
/// of rendering it.
pub(super) enum PackageDigest {
    /// Pinned by the source.
    Known(String),
    /// Being computed.
    Computing(std::thread::JoinHandle<String>),
}

impl PackageDigest {
    /// Starts finding `package`'s digest.
    pub(super) fn start(package: &Package, source: &Source) -> PackageDigest {
        match &source.digest {
            Some(digest) => PackageDigest::Known(digest.clone()),
            None => {
                let package = package.clone();
                PackageDigest::Computing(std::thread::spawn(move || package.artifact().digest))
            }
        }
    }

    /// The digest, once computed.
    pub(super) fn finish(self) -> String {
        match self {
            PackageDigest::Known(digest) => digest,
            PackageDigest::Computing(job) => {
                job.join().expect("building an artifact does not panic")
            }
        }
    }
}

/// The plan's `package` section for a fetched package.
pub(super) fn package_info(
    package: &Package,
    source: &Source,
    bundle: Option<BundleInfo>,
    digest: PackageDigest,
) -> PackageInfo {
    PackageInfo {
        name: package.metadata.name.clone(),
        version: package.version.to_string(),
        constraint: source.constraint.clone(),
        candidates: source.candidates.clone(),
        reference: source.reference.clone(),
        digest: digest.finish().into(),
        format: package.format(),
        bundle,
        catalog: source.catalog.clone(),
        carvel: match &package.content {
            crate::package::Content::Carvel(carvel) => Some(carvel.info()),
            _ => None,
        },
        signatures: source.signatures.clone(),
    }
}

/// Renders a chart's deferred hooks as its objects are rendered (release
/// labels, namespace rules, apply order); there are none for other formats.
pub(super) fn render_deferred_hooks(
    documents: Vec<(Location, Manifest)>,
    target: &RenderTarget<'_>,
    scopes: &dyn ScopeResolver,
) -> Result<render::Rendered, RenderError> {
    render::render(documents, target, scopes)
}

/// The deprecation notices of a catalog package, as plan warnings.
pub(super) fn catalog_warnings(package: &PackageInfo) -> impl Iterator<Item = Warning> + '_ {
    let notices = package.catalog.iter().flat_map(|c| c.deprecations.iter());
    Warning::all(WarningCode::CatalogDeprecation, notices.cloned())
}

/// What the package's source warns of, then its signature checks' warnings.
pub(super) fn source_warnings(source: &Source) -> Vec<Warning> {
    let signatures = source.signatures.iter().filter_map(|c| c.warning());
    Warning::all(WarningCode::Source, source.warnings.iter().cloned())
        .chain(Warning::all(WarningCode::Signature, signatures))
        .collect()
}

/// The images a plan lists besides its pod templates': a bundle's `relatedImages`.
pub(super) fn related_images(package: &PackageInfo) -> &[String] {
    package
        .bundle
        .as_ref()
        .map_or(&[], |bundle| bundle.related_images.as_slice())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::action::plan_offline;
    use crate::formats::{ClusterFacts, Configuration, RenderRequest, Rendered};
    use crate::package::{Content, Limits};
    use crate::plan::tests::release;

    /// Renders a package as planning does, with `config`, for namespace
    /// `namespace`, with or without cert-manager.
    fn prepare(
        package: &Package,
        config: &BTreeMap<String, String>,
        namespace: &str,
        cert_manager: bool,
    ) -> Result<Rendered, PlanError> {
        let capabilities = crate::helm::render::Capabilities::offline();
        let served = if cert_manager {
            [("cert-manager.io/v1".to_string(), "Certificate".to_string())].into()
        } else {
            Default::default()
        };
        let request = RenderRequest {
            release: "release",
            namespace,
            upgrade: None,
            configuration: Configuration {
                config,
                values: &Default::default(),
                reuse_values: Default::default(),
                enable_dns: false,
            },
        };
        let facts = ClusterFacts {
            capabilities: &capabilities,
            served_kinds: &served,
            lookup: None,
        };
        Ok(crate::formats::render(package, &request, facts)?)
    }

    fn tinyop() -> Package {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/tinyop/1.0.0");
        Package::from_dir(&dir, &Limits::default()).unwrap()
    }

    #[test]
    fn a_bundle_plans_offline_with_its_configuration_recorded() {
        let package = tinyop();
        assert_eq!(package.format(), crate::formats::olm::NAME);
        let mut source = Source::local("./tinyop");
        source.config.insert("watchNamespace".into(), "ops".into());
        let plan = plan_offline(&package, &source, &release("ops", "tinyop")).unwrap();
        let bundle = plan.package.bundle.as_ref().unwrap();
        assert_eq!(bundle.install_mode, "OwnNamespace");
        assert_eq!(
            plan.values,
            Some(serde_json::json!({"watchNamespace": "ops"}))
        );
        assert!(
            plan.images
                .iter()
                .any(|i| i.reference == "registry.example/tinyop/reporter:1.0.0")
        );
        assert!(
            plan.objects
                .iter()
                .all(|o| o.manifest["metadata"]["labels"]["kubectl-pkg.dev/release"] == "tinyop")
        );
        // The same inputs give the same plan.
        assert_eq!(
            plan.hash,
            plan_offline(&package, &source, &release("ops", "tinyop"))
                .unwrap()
                .hash
        );
    }

    #[test]
    fn manifests_parsed_when_fetched_are_planned_without_parsing_again() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/redis/7.2.5");
        let fresh = Package::from_dir(&dir, &Limits::default()).unwrap();
        let fetched = fresh.clone();
        fetched
            .parsed
            .keep(render::parse_documents(&fetched).unwrap());
        let source = Source::local("./redis");
        let planned = plan_offline(&fetched, &source, &release("cache", "redis")).unwrap();
        assert!(
            fetched.parsed.take().is_none(),
            "planning took the parsed manifests"
        );
        assert_eq!(
            planned,
            plan_offline(&fresh, &source, &release("cache", "redis")).unwrap()
        );
    }

    #[test]
    fn a_template_is_the_plan_without_its_digest_and_hash() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/redis/7.2.5");
        let package = Package::from_dir(&dir, &Limits::default()).unwrap();
        let source = Source::local("./redis");
        let capabilities = Capabilities::offline();
        let plan =
            plan_offline_for(&package, &source, &release("cache", "redis"), &capabilities).unwrap();
        let template =
            template_offline(&package, &source, &release("cache", "redis"), &capabilities).unwrap();
        assert!(!plan.package.digest.is_empty() && !plan.hash.is_empty());
        // Nothing computed that a template does not show; not appliable.
        assert_eq!(template.package.digest, "");
        assert_eq!(template.hash, "");
        assert!(template.verify_hash().is_err());
        // The rest is the plan's: objects in order, values, notes, warnings.
        let mut unsealed = plan.clone();
        unsealed.package.digest = Default::default();
        unsealed.hash = Default::default();
        assert_eq!(template, unsealed);
        // A digest the source pins is kept.
        let mut pinned = source.clone();
        pinned.digest = Some("sha256:pinned".to_string());
        let template =
            template_offline(&package, &pinned, &release("cache", "redis"), &capabilities).unwrap();
        assert_eq!(template.package.digest, "sha256:pinned");
    }

    #[test]
    fn single_namespace_roles_render_in_the_watched_namespace() {
        let mut package = tinyop();
        let Content::RegistryV1(bundle) = &mut package.content else {
            panic!("tinyop is a bundle")
        };
        for mode in &mut bundle.csv.spec.install_modes {
            mode.supported = mode.mode == "SingleNamespace";
        }
        let config = BTreeMap::from([("watchNamespace".to_string(), "team-a".to_string())]);
        let prepared = prepare(&package, &config, "ops", false).unwrap();
        assert_eq!(prepared.other_namespaces, ["team-a"]);
        let mut source = Source::local("./tinyop");
        source.config = config;
        let plan = plan_offline(&package, &source, &release("ops", "tinyop")).unwrap();
        assert!(
            plan.objects
                .iter()
                .any(|o| o.kind == "Role" && o.namespace.as_deref() == Some("team-a"))
        );
    }

    #[test]
    fn configuration_keys_are_checked() {
        let package = tinyop();
        let config = BTreeMap::from([("watchNamespaces".to_string(), "x".to_string())]);
        let error = prepare(&package, &config, "ops", false)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("unknown key for a registry+v1 bundle (known: watchNamespace)"),
            "{error}"
        );
    }
}
