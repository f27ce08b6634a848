//! From a fetched package to the documents the renderer labels and orders: a
//! `plain` package's manifests as written; an OLM `registry+v1` bundle
//! converted for the release namespace and its configuration (`--config`).
//!
//! This is the one place where a package format decides what its objects are;
//! everything after (rendering, permissions, the plan) is the same for all.

use std::collections::BTreeMap;

use serde_json::Value;

use super::PlanError;
use crate::olm::ConvertOptions;
use crate::package::Package;
use crate::plan::BundleInfo;
use crate::render::{self, Location, RenderError, RenderTarget, ScopeResolver};

/// The configuration keys a `registry+v1` bundle takes.
pub const REGISTRY_V1_CONFIG_KEYS: [&str; 1] = ["watchNamespace"];

/// What a package renders from.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    /// The documents, with where each comes from.
    pub documents: Vec<(Location, Value)>,
    /// A chart's hooks for later operations on the revision (the plan's
    /// `deferredHooks`); empty for other formats.
    pub deferred_hooks: Vec<(Location, Value)>,
    /// Namespaces besides the release's that objects may name.
    pub other_namespaces: Vec<String>,
    /// For a bundle: what the plan records about it.
    pub bundle: Option<BundleInfo>,
    /// The configuration as the plan's `values` (`None` when empty).
    pub values: Option<Value>,
}

/// Prepares `package` for release namespace `namespace` with `config`.
/// `cert_manager` says whether the cluster has cert-manager's CRDs.
pub(crate) fn prepare(
    package: &Package,
    config: &BTreeMap<String, String>,
    namespace: &str,
    cert_manager: bool,
) -> Result<Prepared, PlanError> {
    let values = (!config.is_empty()).then(|| {
        Value::Object(
            config
                .iter()
                .map(|(k, v)| (k.clone(), Value::from(v.clone())))
                .collect(),
        )
    });
    let Some(bundle) = &package.bundle else {
        if let Some(key) = config.keys().next() {
            return Err(PlanError::Config {
                reason: format!(
                    "--config {key}: a plain package takes no configuration (only registry+v1 bundles do)"
                ),
            });
        }
        return Ok(Prepared {
            documents: match package.parsed.take() {
                Some(documents) => documents,
                None => render::parse_documents(package)?,
            },
            deferred_hooks: Vec::new(),
            other_namespaces: package.metadata.namespaces.clone(),
            bundle: None,
            values: None,
        });
    };
    if let Some(key) = config
        .keys()
        .find(|key| !REGISTRY_V1_CONFIG_KEYS.contains(&key.as_str()))
    {
        return Err(PlanError::Config {
            reason: format!(
                "--config {key}: unknown key for a registry+v1 bundle (known: {})",
                REGISTRY_V1_CONFIG_KEYS.join(", ")
            ),
        });
    }
    let converted = bundle.convert(&ConvertOptions {
        install_namespace: namespace,
        watch_namespace: config.get("watchNamespace").map(String::as_str),
        cert_manager,
    })?;
    let other_namespaces = converted
        .target_namespaces
        .iter()
        .filter(|ns| !ns.is_empty() && ns.as_str() != namespace)
        .cloned()
        .collect();
    let mut related_images: Vec<String> = bundle
        .csv
        .spec
        .related_images
        .iter()
        .map(|r| r.image.clone())
        .filter(|image| !image.is_empty())
        .collect();
    related_images.sort();
    related_images.dedup();
    Ok(Prepared {
        documents: converted.objects,
        deferred_hooks: Vec::new(),
        other_namespaces,
        bundle: Some(BundleInfo {
            package: bundle.package_name.clone(),
            csv_name: bundle.csv.name.clone(),
            csv_version: bundle.csv.version.to_string(),
            install_mode: converted.install_mode.as_str().to_string(),
            target_namespaces: converted.target_namespaces,
            related_images,
        }),
        values,
    })
}

/// Renders a chart's deferred hooks as its objects are rendered (release
/// labels, namespace rules, apply order); there are none for other formats.
pub(crate) fn render_deferred_hooks(
    documents: Vec<(Location, Value)>,
    target: &RenderTarget<'_>,
    scopes: &dyn ScopeResolver,
) -> Result<render::Rendered, RenderError> {
    render::render(documents, target, scopes)
}

/// The configuration recorded in a plan's `values`, back as key-value pairs
/// (non-string values are skipped: no format writes them).
pub(crate) fn config_of(values: Option<&Value>) -> BTreeMap<String, String> {
    values
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Source, plan_offline};
    use crate::package::Limits;

    fn tinyop() -> Package {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/tinyop/1.0.0");
        Package::from_dir(&dir, &Limits::default()).unwrap()
    }

    #[test]
    fn a_bundle_plans_offline_with_its_configuration_recorded() {
        let package = tinyop();
        assert_eq!(package.format(), "registry+v1");
        let mut source = Source::local("./tinyop");
        source.config.insert("watchNamespace".into(), "ops".into());
        let plan = plan_offline(&package, &source, "tinyop", "ops").unwrap();
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
            plan_offline(&package, &source, "tinyop", "ops")
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
        let planned = plan_offline(&fetched, &source, "redis", "cache").unwrap();
        assert!(
            fetched.parsed.take().is_none(),
            "planning took the parsed manifests"
        );
        assert_eq!(
            planned,
            plan_offline(&fresh, &source, "redis", "cache").unwrap()
        );
    }

    #[test]
    fn single_namespace_roles_render_in_the_watched_namespace() {
        let mut package = tinyop();
        let bundle = package.bundle.as_mut().unwrap();
        for mode in &mut bundle.csv.spec.install_modes {
            mode.supported = mode.mode == "SingleNamespace";
        }
        let config = BTreeMap::from([("watchNamespace".to_string(), "team-a".to_string())]);
        let prepared = prepare(&package, &config, "ops", false).unwrap();
        assert_eq!(prepared.other_namespaces, ["team-a"]);
        let mut source = Source::local("./tinyop");
        source.config = config;
        let plan = plan_offline(&package, &source, "tinyop", "ops").unwrap();
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
