//! Discovery: which resource serves a kind, and whether it is namespaced.
//!
//! One discovery per run, limited to the API groups the plan touches. Kinds
//! defined by CustomResourceDefinitions in the same plan are added from the
//! CRDs themselves, since the server cannot know them yet.

use std::collections::{BTreeMap, BTreeSet};

use kube::discovery::{ApiResource, Scope as KubeScope};
use serde_json::Value;

use super::ClusterError;
use crate::kinds::Scope;
use crate::object::group_of;
use crate::render::ScopeResolver;

/// A resolved resource: how to address a kind on this server.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// Group, version, kind and plural.
    pub api: ApiResource,
    /// Whether objects of this kind live in a namespace.
    pub namespaced: bool,
    /// Whether the kind comes from a CRD in the plan (not served yet).
    pub pending_crd: bool,
}

/// The kinds a server serves, by (apiVersion, kind).
#[derive(Debug, Clone, Default)]
pub struct Discovery {
    by_kind: BTreeMap<(String, String), Resource>,
}

impl Discovery {
    /// Discovers the given API groups (`""` is the core group); callers go
    /// through [`super::Cluster::discover`], which caches.
    pub(super) async fn run(
        client: &kube::Client,
        groups: &BTreeSet<String>,
    ) -> Result<Discovery, ClusterError> {
        let wanted: Vec<&str> = groups.iter().map(String::as_str).collect();
        let discovered = kube::Discovery::new(client.clone())
            .filter(&wanted)
            .run()
            .await?;
        let mut by_kind = BTreeMap::new();
        for group in discovered.groups() {
            for version in group.versions() {
                for (api, capabilities) in group.versioned_resources(version) {
                    let namespaced = capabilities.scope == KubeScope::Namespaced;
                    by_kind.insert(
                        (api.api_version.clone(), api.kind.clone()),
                        Resource {
                            api,
                            namespaced,
                            pending_crd: false,
                        },
                    );
                }
            }
        }
        Ok(Discovery { by_kind })
    }

    /// Adds what another discovery found.
    pub(super) fn merge(&mut self, other: Discovery) {
        self.by_kind.extend(other.by_kind);
    }

    /// Adds the kinds that CRDs among `documents` define and the server does not serve yet.
    pub fn learn_crds<'a>(&mut self, documents: impl IntoIterator<Item = &'a Value>) {
        for document in documents {
            let is_crd =
                document.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition");
            let Some(spec) = document.get("spec").filter(|_| is_crd) else {
                continue;
            };
            let (Some(group), Some(kind), Some(plural)) = (
                spec.get("group").and_then(Value::as_str),
                spec.pointer("/names/kind").and_then(Value::as_str),
                spec.pointer("/names/plural").and_then(Value::as_str),
            ) else {
                continue;
            };
            let namespaced = spec.get("scope").and_then(Value::as_str) != Some("Cluster");
            let versions = spec
                .get("versions")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let names = versions
                .iter()
                .filter_map(|v| v.get("name").and_then(Value::as_str));
            for version in names.chain(spec.get("version").and_then(Value::as_str)) {
                let api_version = format!("{group}/{version}");
                self.by_kind
                    .entry((api_version.clone(), kind.to_string()))
                    .or_insert(Resource {
                        api: ApiResource {
                            group: group.to_string(),
                            version: version.to_string(),
                            api_version,
                            kind: kind.to_string(),
                            plural: plural.to_string(),
                        },
                        namespaced,
                        pending_crd: true,
                    });
            }
        }
    }

    /// The resource serving `kind` in `api_version`.
    pub fn resolve(&self, api_version: &str, kind: &str) -> Option<&Resource> {
        self.by_kind
            .get(&(api_version.to_string(), kind.to_string()))
    }
}

impl ScopeResolver for Discovery {
    fn scope(&self, api_version: &str, kind: &str) -> Option<Scope> {
        self.resolve(api_version, kind).map(|r| {
            if r.namespaced {
                Scope::Namespaced
            } else {
                Scope::Cluster
            }
        })
    }
}

/// The API groups of a set of documents and objects, for a limited discovery.
pub fn groups_of<'a>(api_versions: impl IntoIterator<Item = &'a str>) -> BTreeSet<String> {
    api_versions
        .into_iter()
        .map(|v| group_of(v).to_string())
        .collect()
}

/// Every served `group/version` and `group/version/Kind`, sorted.
pub(super) async fn api_versions(client: &kube::Client) -> Result<Vec<String>, ClusterError> {
    let discovered = kube::Discovery::new(client.clone()).run().await?;
    let mut versions = BTreeSet::new();
    for group in discovered.groups() {
        for version in group.versions() {
            let group_version = if group.name().is_empty() {
                version.to_string()
            } else {
                format!("{}/{version}", group.name())
            };
            for (api, _) in group.versioned_resources(version) {
                versions.insert(format!("{group_version}/{}", api.kind));
            }
            versions.insert(group_version);
        }
    }
    Ok(versions.into_iter().collect())
}
