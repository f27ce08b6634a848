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
use crate::render::{self, Location};

/// The configuration keys a `registry+v1` bundle takes.
pub const REGISTRY_V1_CONFIG_KEYS: [&str; 1] = ["watchNamespace"];

/// What a package renders from.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    /// The documents, with where each comes from.
    pub documents: Vec<(Location, Value)>,
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
            documents: render::parse_documents(package)?,
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
