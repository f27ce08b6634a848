//! `package.yaml`: the metadata of a native `plain` package.
//!
//! The shape is a public format (see docs/package-format.md): flat top-level
//! keys, unknown keys rejected so that typos are caught at load time rather than
//! silently ignored.

use serde::{Deserialize, Serialize};

use crate::permissions::DeclaredPermission;
use crate::yaml::null_as_default;

/// The only `apiVersion` a `package.yaml` may have.
pub const PACKAGE_API_VERSION: &str = "kubectl-pkg.dev/v1alpha1";

/// The parsed `package.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PackageMetadata {
    /// Always [`PACKAGE_API_VERSION`].
    pub api_version: String,
    /// Always `Package`.
    pub kind: String,
    /// The package name, a DNS label.
    pub name: String,
    /// The package version, semver.
    pub version: String,
    /// One line saying what the package is.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// Who maintains it.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub maintainers: Vec<Maintainer>,
    /// The project's home page.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub home: String,
    /// Search keywords.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub keywords: Vec<String>,
    /// A semver constraint on the cluster's Kubernetes version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kube_version: Option<String>,
    /// Permissions the package needs that RBAC cannot express (cloud IAM and the like).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub permissions: Vec<DeclaredPermission>,
    /// Images the author vouches for.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub images: Vec<String>,
    /// Namespaces besides the release's that the package's objects may name in
    /// `metadata.namespace` (a RoleBinding in `kube-system`, say). Without this
    /// list every namespaced object lives in the release namespace.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub namespaces: Vec<String>,
    /// What the package needs from the cluster: releases of other packages,
    /// kinds served, a Kubernetes version (checked in the plan).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "crate::requirements::Requires::is_empty"
    )]
    pub requires: crate::requirements::Requires,
}

/// A package maintainer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Maintainer {
    /// Name.
    pub name: String,
    /// E-mail address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Web page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

impl PackageMetadata {
    /// Metadata for a package that has none of its own (a rukpak-style plain
    /// bundle image): the name and version come from where it was found.
    pub fn synthesized(name: &str, version: &str) -> Self {
        PackageMetadata {
            api_version: PACKAGE_API_VERSION.to_string(),
            kind: "Package".to_string(),
            name: name.to_string(),
            version: version.to_string(),
            description: String::new(),
            maintainers: Vec::new(),
            home: String::new(),
            keywords: Vec::new(),
            kube_version: None,
            permissions: Vec::new(),
            images: Vec::new(),
            namespaces: Vec::new(),
            requires: Default::default(),
        }
    }

    /// Checks what serde cannot: fixed apiVersion and kind, a DNS-label name,
    /// a semver version, DNS-label namespaces and a parsable kubeVersion constraint.
    pub fn validate(&self) -> Result<semver::Version, MetadataError> {
        if self.api_version != PACKAGE_API_VERSION {
            return Err(MetadataError::ApiVersion {
                found: self.api_version.clone(),
            });
        }
        if self.kind != "Package" {
            return Err(MetadataError::Kind {
                found: self.kind.clone(),
            });
        }
        crate::names::validate_dns_label(&self.name).map_err(|reason| MetadataError::Name {
            name: self.name.clone(),
            reason,
        })?;
        let version = crate::version::parse_version(&self.version).map_err(|reason| {
            MetadataError::Version {
                version: self.version.clone(),
                reason,
            }
        })?;
        for namespace in &self.namespaces {
            crate::names::validate_dns_label(namespace).map_err(|reason| {
                MetadataError::Namespace {
                    namespace: namespace.clone(),
                    reason,
                }
            })?;
        }
        if let Some(constraint) = &self.kube_version {
            crate::version::Constraint::parse(constraint).map_err(|reason| {
                MetadataError::KubeVersion {
                    constraint: constraint.clone(),
                    reason,
                }
            })?;
        }
        self.requires.validate()?;
        Ok(version)
    }
}

/// Why `package.yaml` is invalid ([`PackageMetadata::validate`]).
#[derive(Debug, thiserror::Error)]
pub enum MetadataError {
    /// Another apiVersion than [`PACKAGE_API_VERSION`].
    #[error("apiVersion is {found:?}, expected {PACKAGE_API_VERSION:?}")]
    ApiVersion {
        /// The apiVersion given.
        found: String,
    },
    /// Another kind than `Package`.
    #[error("kind is {found:?}, expected \"Package\"")]
    Kind {
        /// The kind given.
        found: String,
    },
    /// The name is not a DNS label.
    #[error("name {name:?} is not a DNS label: {reason}")]
    Name {
        /// The name.
        name: String,
        /// Why not.
        reason: crate::names::NameError,
    },
    /// The version is not semver.
    #[error("version {version:?} is not semver: {reason}")]
    Version {
        /// The version.
        version: String,
        /// The `semver` crate's reason (in the message, not a separate cause).
        reason: semver::Error,
    },
    /// A namespace of `namespaces` is not a DNS label.
    #[error("namespaces: {namespace:?} is not a DNS label: {reason}")]
    Namespace {
        /// The namespace.
        namespace: String,
        /// Why not.
        reason: crate::names::NameError,
    },
    /// The kubeVersion constraint does not parse.
    #[error("kubeVersion {constraint:?}: {reason}")]
    KubeVersion {
        /// The constraint.
        constraint: String,
        /// Why not.
        reason: crate::version::ConstraintError,
    },
    /// `requires` is invalid.
    #[error(transparent)]
    Requires(#[from] crate::requirements::RequiresError),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list, map or string key left empty reads as empty, as Kubernetes'
    /// YAML reading does; an unknown key is still refused.
    #[test]
    fn null_keys_read_as_empty_and_unknown_keys_are_refused() {
        let metadata: PackageMetadata = crate::yaml::from_str(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: a\nversion: 1.0.0\n\
             description:\nkeywords:\nmaintainers: ~\nnamespaces: null\nimages:\npermissions:\n",
        )
        .unwrap();
        assert_eq!(metadata, PackageMetadata::synthesized("a", "1.0.0"));
        let error = crate::yaml::from_str::<PackageMetadata>(
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: a\nversion: 1.0.0\nkeyword:\n",
        )
        .unwrap_err();
        assert!(error.to_string().contains("keyword"), "{error}");
    }
}
