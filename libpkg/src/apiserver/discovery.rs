//! Discovery: which resource serves a kind, and whether it is namespaced.
//! The requests are [`crate::cluster`]'s; this is what they found.
//!
//! One discovery per run, limited to the API groups the plan touches. Kinds
//! defined by CustomResourceDefinitions in the same plan are added from the
//! CRDs themselves, since the server cannot know them yet.

use std::collections::{BTreeMap, BTreeSet};

use crate::manifest::Manifest;
use kube_core::discovery::ApiResource;

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
    /// Drops every kind of `groups`.
    pub(crate) fn forget(&mut self, groups: &BTreeSet<String>) {
        self.by_kind
            .retain(|_, resource| !groups.contains(&resource.api.group));
    }

    /// Adds what another discovery found.
    pub(crate) fn merge(&mut self, other: Discovery) {
        self.by_kind.extend(other.by_kind);
    }

    /// Adds a kind the server serves (what discovery would have found: for
    /// a cluster of one's own, such as a test's).
    pub fn serve(&mut self, resource: Resource) {
        let key = (resource.api.api_version.clone(), resource.api.kind.clone());
        self.by_kind.insert(key, resource);
    }

    /// Adds the kinds that CRDs among `documents` define and the server does not serve yet.
    pub fn learn_crds<'a>(&mut self, documents: impl IntoIterator<Item = &'a Manifest>) {
        for document in documents {
            let is_crd =
                document.get("kind").and_then(Manifest::as_str) == Some("CustomResourceDefinition");
            let Some(spec) = document.get("spec").filter(|_| is_crd) else {
                continue;
            };
            let (Some(group), Some(kind), Some(plural)) = (
                spec.get("group").and_then(Manifest::as_str),
                spec.pointer("/names/kind").and_then(Manifest::as_str),
                spec.pointer("/names/plural").and_then(Manifest::as_str),
            ) else {
                continue;
            };
            let namespaced = spec.get("scope").and_then(Manifest::as_str) != Some("Cluster");
            let versions = spec
                .get("versions")
                .and_then(Manifest::as_array)
                .unwrap_or_default();
            let names = versions
                .iter()
                .filter_map(|v| v.get("name").and_then(Manifest::as_str));
            for version in names.chain(spec.get("version").and_then(Manifest::as_str)) {
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

    /// Every resource known, in (apiVersion, kind) order.
    pub fn resources(&self) -> impl Iterator<Item = &Resource> {
        self.by_kind.values()
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

/// What full discovery found: every served `group/version` and
/// `group/version/Kind`, and the group versions whose resources could not be
/// listed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServedApis {
    /// `v1`, `v1/Pod`, `apps/v1`, `apps/v1/Deployment`…, sorted.
    pub api_versions: Vec<String>,
    /// Group versions the server lists but could not describe, with the
    /// server's answer: an aggregated API whose backing service is down
    /// answers 503. Their kinds are missing from `api_versions`.
    pub unavailable: Vec<(String, String)>,
}
