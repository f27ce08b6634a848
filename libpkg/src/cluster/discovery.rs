//! Discovery: which resource serves a kind, and whether it is namespaced.
//!
//! One discovery per run, limited to the API groups the plan touches. Kinds
//! defined by CustomResourceDefinitions in the same plan are added from the
//! CRDs themselves, since the server cannot know them yet.

use std::collections::{BTreeMap, BTreeSet};

use crate::manifest::Manifest;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::APIResourceList;
use kube::discovery::ApiResource;

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
    /// through [`super::Cluster::discover`], which caches. The group lists and
    /// then every version of the wanted groups are asked for concurrently: two
    /// round trips, however many groups.
    pub(super) async fn run(
        client: &kube::Client,
        groups: &BTreeSet<String>,
    ) -> Result<Discovery, ClusterError> {
        let group_versions = group_versions(client, Groups::Only(groups)).await?;
        let mut by_kind = BTreeMap::new();
        for (group_version, answer) in resource_lists(client, group_versions).await {
            let (group, version) = match group_version.split_once('/') {
                Some((group, version)) => (group, version),
                None => ("", group_version.as_str()),
            };
            for resource in answer?.resources {
                // Subresources (`pods/log`) are not kinds of their own.
                if resource.name.contains('/') {
                    continue;
                }
                by_kind.insert(
                    (group_version.clone(), resource.kind.clone()),
                    Resource {
                        api: ApiResource {
                            group: group.to_string(),
                            version: version.to_string(),
                            api_version: group_version.clone(),
                            kind: resource.kind,
                            plural: resource.name,
                        },
                        namespaced: resource.namespaced,
                        pending_crd: false,
                    },
                );
            }
        }
        Ok(Discovery { by_kind })
    }

    /// Drops every kind of `groups`.
    pub(super) fn forget(&mut self, groups: &BTreeSet<String>) {
        self.by_kind
            .retain(|_, resource| !groups.contains(&resource.api.group));
    }

    /// Adds what another discovery found.
    pub(super) fn merge(&mut self, other: Discovery) {
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

/// Full discovery, group versions asked for concurrently. Like kubectl and
/// Helm, an API server that lists a group version it cannot describe (an
/// aggregated API whose service is down) does not fail it: that group version
/// is reported in [`ServedApis::unavailable`].
pub(super) async fn api_versions(client: &kube::Client) -> Result<ServedApis, ClusterError> {
    let group_versions = group_versions(client, Groups::All).await?;
    let mut served = ServedApis::default();
    let mut versions = BTreeSet::new();
    for (group_version, answer) in resource_lists(client, group_versions).await {
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

/// Which API groups a discovery asks about.
#[derive(Clone, Copy)]
enum Groups<'a> {
    All,
    Only(&'a BTreeSet<String>),
}

impl Groups<'_> {
    fn has(self, group: &str) -> bool {
        match self {
            Groups::All => true,
            Groups::Only(groups) => groups.contains(group),
        }
    }

    /// Whether any group besides the core one is wanted.
    fn named(self) -> bool {
        match self {
            Groups::All => true,
            Groups::Only(groups) => groups.iter().any(|g| !g.is_empty()),
        }
    }
}

/// The served group versions (`v1`, `apps/v1`…) of the `wanted` groups
/// (`""` is the core group), from `/api` and `/apis` asked for together; each
/// with whether it is the core group's.
async fn group_versions(
    client: &kube::Client,
    wanted: Groups<'_>,
) -> Result<Vec<(String, bool)>, ClusterError> {
    let core = async {
        if wanted.has("") {
            client.list_core_api_versions().await.map(|c| c.versions)
        } else {
            Ok(Vec::new())
        }
    };
    // A plan of core kinds only needs no group list.
    let groups = async {
        if wanted.named() {
            client.list_api_groups().await.map(|g| g.groups)
        } else {
            Ok(Vec::new())
        }
    };
    let (core, groups) = futures::try_join!(core, groups)?;
    let named = groups
        .into_iter()
        .filter(|group| wanted.has(&group.name))
        .flat_map(|group| group.versions.into_iter().map(|v| (v.group_version, false)));
    Ok(core
        .into_iter()
        .map(|version| (version, true))
        .chain(named)
        .collect())
}

/// The resources of each group version, all asked for concurrently, in the
/// order given.
async fn resource_lists(
    client: &kube::Client,
    group_versions: Vec<(String, bool)>,
) -> Vec<(String, Result<APIResourceList, kube::Error>)> {
    let answers = futures::future::join_all(group_versions.iter().map(|(gv, core)| async move {
        if *core {
            client.list_core_api_resources(gv).await
        } else {
            client.list_api_group_resources(gv).await
        }
    }))
    .await;
    group_versions
        .into_iter()
        .map(|(gv, _)| gv)
        .zip(answers)
        .collect()
}
