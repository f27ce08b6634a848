//! OLM `registry+v1` bundles: read, validated and converted to plain objects
//! exactly as OLM v1's operator-controller converts them, so that an operator
//! from an OLM catalog installs with the same plan, permission preview and
//! access check as every other package (docs/olm.md).
//!
//! Pure: a [`Bundle`] is parsed from its files ([`Bundle::from_files`]) and
//! [`Bundle::convert`] turns it into objects for one install namespace and
//! watch namespace. File-Based Catalogs are read and resolved by [`catalog`].
//! Fetching bundles and catalogs lives in [`crate::source`]; the bundle as a
//! package format (configuration, rendering, what plans record) in
//! [`crate::formats::olm`].
//!
//! ```
//! use libpkg::olm::{Bundle, ConvertOptions};
//! use libpkg::package::Files;
//!
//! let mut files = Files::new();
//! files.insert("metadata/annotations.yaml".into(), "annotations:
//!   operators.operatorframework.io.bundle.mediatype.v1: registry+v1
//!   operators.operatorframework.io.bundle.package.v1: demo
//! ".into());
//! files.insert("manifests/demo.csv.yaml".into(), "apiVersion: operators.coreos.com/v1alpha1
//! kind: ClusterServiceVersion
//! metadata: {name: demo.v1.0.0}
//! spec:
//!   version: 1.0.0
//!   installModes: [{type: AllNamespaces, supported: true}]
//!   install:
//!     strategy: deployment
//!     spec:
//!       permissions:
//!       - serviceAccountName: demo
//!         rules: [{apiGroups: [''], resources: [configmaps], verbs: [get]}]
//!       deployments: []
//! ".into());
//! let bundle = Bundle::from_files(&files, "./demo")?;
//! let converted = bundle.convert(&ConvertOptions {
//!     install_namespace: "operators",
//!     watch_namespace: None,
//!     cert_manager: false,
//! })?;
//! let kinds: Vec<&str> = converted.objects.iter().map(|(_, o)| o["kind"].as_str().unwrap()).collect();
//! assert_eq!(kinds, ["ServiceAccount", "ClusterRole", "ClusterRoleBinding"]);
//! # Ok::<(), libpkg::olm::OlmError>(())
//! ```

mod bundle;
pub mod catalog;
mod convert;
pub mod naming;
pub mod webhooks;

pub use bundle::{
    ANNOTATIONS_FILE, ApiDefinitions, ApiDescription, Bundle, ClusterServiceVersion, CsvSpec,
    DeploymentSpec, InstallMode, InstallStrategy, MEDIA_TYPE_REGISTRY_V1, Permission, PolicyRule,
    RelatedImage, StrategySpec, WebhookDefinition, is_bundle,
};
pub use convert::{ConvertOptions, Converted, InstallModeType, TargetNamespacesError};

/// Why a bundle cannot be read or installed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OlmError {
    /// A file of the bundle is missing or malformed.
    #[error("{origin}: {file}: {reason}")]
    Invalid {
        /// Where the bundle came from.
        origin: String,
        /// The file (or `file: document N (line L)`) at fault.
        file: String,
        /// What is wrong.
        reason: String,
    },
    /// The bundle cannot be installed (OLM v1 would refuse it too), or not
    /// with the requested watch namespace.
    #[error("bundle {csv} cannot be installed: {}", .problems.join("; "))]
    Unsupported {
        /// The ClusterServiceVersion's name.
        csv: String,
        /// Every reason, as OLM v1's validators word them.
        problems: Vec<String>,
    },
    /// No bundle of a catalog satisfies the request.
    #[error("package {package:?}: {reason}")]
    NotResolved {
        /// The package.
        package: String,
        /// Why, as operator-controller words it.
        reason: String,
    },
}

#[cfg(test)]
mod tests;
