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

/// Full discovery, group versions asked for concurrently. Like kubectl and
/// Helm, an API server that lists a group version it cannot describe (an
/// aggregated API whose service is down) does not fail it: that group version
/// is reported in [`ServedApis::unavailable`].
pub(super) async fn api_versions(client: &kube::Client) -> Result<ServedApis, ClusterError> {
    let groups = client.list_api_groups().await?;
    let core = client.list_core_api_versions().await?;
    let group_versions: Vec<(String, bool)> = core
        .versions
        .into_iter()
        .map(|version| (version, true))
        .chain(groups.groups.into_iter().flat_map(|group| {
            group
                .versions
                .into_iter()
                .map(|version| (version.group_version, false))
        }))
        .collect();
    let answers = futures::future::join_all(group_versions.iter().map(|(gv, core)| async move {
        if *core {
            client.list_core_api_resources(gv).await
        } else {
            client.list_api_group_resources(gv).await
        }
    }))
    .await;
    let mut served = ServedApis::default();
    let mut versions = BTreeSet::new();
    for ((group_version, _), answer) in group_versions.into_iter().zip(answers) {
        match answer {
            Ok(list) => {
                for resource in list.resources {
                    // Subresources (`pods/log`) are not kinds of their own.
                    if !resource.name.contains('/') {
                        versions.insert(format!("{group_version}/{}", resource.kind));
                    }
                }
            }
            Err(kube::Error::Api(status)) if matches!(status.code, 404 | 503) => {
                served
                    .unavailable
                    .push((group_version.clone(), status.message));
            }
            Err(error) => return Err(error.into()),
        }
        versions.insert(group_version);
    }
    served.api_versions = versions.into_iter().collect();
    Ok(served)
}
