//! The OLM `registry+v1` format: a bundle (`metadata/annotations.yaml`, a
//! ClusterServiceVersion and its manifests), read and converted by
//! [`crate::olm`] as OLM v1 converts it. It takes `--config watchNamespace`,
//! needs to know whether the cluster serves cert-manager (for webhooks), and
//! the plan records its configuration and what the bundle is
//! ([`BundleInfo`]).

use super::{ClusterFacts, Configuration, Format, FormatError, RenderRequest, Rendered};
use crate::archive::{Files, Limits};
use crate::olm::{Bundle, ConvertOptions};
use crate::package::{
    BUNDLE_METADATA_DIR, Content, MANIFESTS_DIR, Package, PackageError, PackageMetadata, ParsedOnce,
};
use crate::plan::{BundleInfo, PackageFormat};

/// The format's name in plans.
pub const NAME: PackageFormat = PackageFormat::RegistryV1;

/// The configuration keys a `registry+v1` bundle takes.
pub const CONFIG_KEYS: [&str; 1] = ["watchNamespace"];

/// cert-manager's Certificate kind: its being served is what webhooks of OLM
/// bundles need.
const CERT_MANAGER_CERTIFICATE: (&str, &str) = ("cert-manager.io/v1", "Certificate");

/// Whether files are a bundle: `metadata/annotations.yaml` and no `package.yaml`.
pub(super) fn recognise(files: &Files) -> bool {
    !files.contains_key("package.yaml") && crate::olm::is_bundle(files)
}

/// Loads a bundle from its files: its name is the OLM package name, its
/// version the CSV's; only `manifests/` and `metadata/` are kept.
pub(super) fn load(files: Files, origin: &str, limits: &Limits) -> Result<Package, PackageError> {
    let bundle = Bundle::from_files_within(&files, origin, limits.yaml())?;
    let metadata =
        PackageMetadata::synthesized(&bundle.package_name, &bundle.csv.version.to_string());
    let version = metadata
        .validate()
        .map_err(|reason| PackageError::Metadata {
            origin: origin.to_string(),
            reason: reason.to_string(),
        })?;
    let files = files
        .into_iter()
        .filter(|(path, _)| {
            path.starts_with(MANIFESTS_DIR) || path.starts_with(BUNDLE_METADATA_DIR)
        })
        .collect();
    Ok(Package {
        metadata,
        version,
        files,
        content: Content::RegistryV1(Box::new(bundle)),
        parsed: ParsedOnce::default(),
        limits: *limits,
    })
}

impl Format for Bundle {
    fn name(&self) -> PackageFormat {
        NAME
    }

    fn check_config(&self, configuration: &Configuration<'_>) -> Result<(), FormatError> {
        super::refuse_values(self, configuration)?;
        if let Some(key) = configuration
            .config
            .keys()
            .find(|key| !CONFIG_KEYS.contains(&key.as_str()))
        {
            return Err(FormatError::Config {
                reason: format!(
                    "{} {key}: unknown key for a registry+v1 bundle (known: {})",
                    crate::remedy::Setting::Config,
                    CONFIG_KEYS.join(", ")
                ),
            });
        }
        Ok(())
    }

    /// Webhooks need certificates: with cert-manager served, they come from it.
    fn cluster_needs(&self) -> super::ClusterNeeds {
        let (api_version, kind) = CERT_MANAGER_CERTIFICATE;
        super::ClusterNeeds {
            served_kinds: if self.csv.spec.webhook_definitions.is_empty() {
                Vec::new()
            } else {
                vec![(api_version.to_string(), kind.to_string())]
            },
            ..super::ClusterNeeds::default()
        }
    }

    fn render(
        &self,
        _package: &Package,
        request: &RenderRequest<'_>,
        cluster: ClusterFacts<'_, '_>,
    ) -> Result<Rendered, FormatError> {
        let config = request.configuration.config;
        let namespace = request.namespace;
        let values = (!config.is_empty()).then(|| {
            serde_json::Value::Object(
                config
                    .iter()
                    .map(|(k, v)| (k.clone(), serde_json::Value::from(v.clone())))
                    .collect(),
            )
        });
        let (api_version, kind) = CERT_MANAGER_CERTIFICATE;
        let converted = self.convert(&ConvertOptions {
            install_namespace: namespace,
            watch_namespace: config.get("watchNamespace").map(String::as_str),
            cert_manager: cluster
                .served_kinds
                .contains(&(api_version.to_string(), kind.to_string())),
        })?;
        let other_namespaces = converted
            .target_namespaces
            .iter()
            .filter(|ns| !ns.is_empty() && ns.as_str() != namespace)
            .cloned()
            .collect();
        let mut related_images: Vec<String> = self
            .csv
            .spec
            .related_images
            .iter()
            .map(|r| r.image.clone())
            .filter(|image| !image.is_empty())
            .collect();
        related_images.sort();
        related_images.dedup();
        Ok(Rendered {
            documents: converted
                .objects
                .into_iter()
                .map(|(location, object)| (location, object.into()))
                .collect(),
            other_namespaces,
            any_namespace: false,
            bundle: Some(BundleInfo {
                package: self.package_name.clone(),
                csv_name: self.csv.name.clone(),
                csv_version: self.csv.version.to_string(),
                install_mode: converted.install_mode.as_str().to_string(),
                target_namespaces: converted.target_namespaces,
                related_images,
            }),
            values,
            ..Rendered::default()
        })
    }
}
