//! libpkg: plan, preview and apply Kubernetes packages.
//!
//! This is the library behind the `kubectl pkg` plugin, for tools that want
//! the same plans: resolve a package version, pin it by digest, render its
//! objects, analyse the permissions it grants, and produce one deterministic,
//! hashed [`plan::Plan`] that is what gets applied.
//!
//! The crate is layered, and the module tree shows it (no module imports one
//! above it; docs/library.md draws the graph):
//! - pure planning over data, bottom up: [`archive`] (package files, archives,
//!   OCI artifacts), [`version`], [`reference`](mod@reference), [`kinds`],
//!   [`render`], [`apiserver`] (what an API server serves and answers, as
//!   data), [`permissions`], [`keys`] (P-256 keys as cosign uses
//!   them), [`signature`] (cosign's classic signatures, built and checked),
//!   [`review`] (risk policy, signed
//!   approvals), [`plan`], [`gotemplate`] (Go templates, no
//!   Helm in it), [`helm`] (charts: values, subcharts, rendering, hooks),
//!   [`olm`] (OLM registry+v1 bundles and File-Based Catalogs), [`package`]
//!   (a package: its metadata, files and one [`package::Content`] per
//!   format), [`formats`] (the one interface every format answers: loading,
//!   configuration, rendering, what the plan records, what it needs of the
//!   cluster), [`stack`] (stack files: many releases per environment, their
//!   order, their lock file);
//! - I/O at the edges: [`registry`] (OCI), [`repositories`] (user config),
//!   [`source`] (fetching a package from any reference, classic Helm chart
//!   repositories included), [`cluster`] (Kubernetes API);
//! - orchestration: [`action`], which gathers inputs through the I/O layer,
//!   dispatches once to the package's format, and calls the pure planner.
//!
//! Nothing here prints or prompts; errors are typed per module.
//!
//! ```
//! use libpkg::package::{Files, Package};
//! use libpkg::action::plan_offline;
//! use libpkg::plan::ReleaseId;
//!
//! let mut files = Files::new();
//! files.insert("package.yaml".into(),
//!     "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: hello\nversion: 1.0.0\n".into());
//! files.insert("manifests/cm.yaml".into(),
//!     "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: hello}\ndata: {greeting: hi}\n".into());
//! let package = Package::from_files(files, "hello", None)?;
//! let release = ReleaseId::new("default".parse()?, "hello".parse()?);
//! let plan = plan_offline(&package, &libpkg::action::Source::local("./hello"), &release)?;
//! assert_eq!(plan.objects.len(), 1);
//! assert!(plan.hash.starts_with("sha256:"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod action;
pub mod airgap;
pub mod apiserver;
pub mod archive;
mod canonical;
pub mod carvel;
pub mod cluster;
pub mod crd_schema;
pub mod diff;
pub mod digest;
pub mod formats;
pub mod gotemplate;
pub mod helm;
pub mod image_check;
pub mod keys;
pub mod kinds;
pub mod manifest;
pub mod mirror;
pub mod names;
pub mod object;
pub mod olm;
mod once;
pub mod openapi_schema;
pub mod package;
mod parallel;
pub mod permissions;
pub mod plan;
pub mod readiness;
pub mod reference;
pub mod registry;
pub mod release;
pub mod remedy;
pub mod render;
pub mod repositories;
pub mod requirements;
pub mod review;
pub mod signature;
pub mod source;
pub mod stack;
pub mod version;
pub mod yaml;

/// The field manager kubectl-pkg applies with (server-side apply).
pub const FIELD_MANAGER: &str = "kubectl-pkg";

/// Installs ring as the process-wide TLS crypto provider (once; later calls are
/// no-ops). kube and oci-client share it, so one provider is compiled in.
pub(crate) fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
