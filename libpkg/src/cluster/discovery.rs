//! Discovery's requests: what the API server serves, asked for in two
//! round trips ([`crate::apiserver::discovery`] holds what they find).

use std::collections::BTreeSet;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::APIResourceList;
use kube::discovery::ApiResource;

use super::ClusterError;
use crate::apiserver::discovery::{Discovery, Resource, ServedApis};

/// Discovers the given API groups (`""` is the core group); callers go
/// through [`super::Cluster::discover`], which caches. The group lists and
/// then every version of the wanted groups are asked for concurrently: two
/// round trips, however many groups.
pub(super) async fn discover(
    client: &kube::Client,
    groups: &BTreeSet<String>,
) -> Result<Discovery, ClusterError> {
    let group_versions = group_versions(client, Groups::Only(groups)).await?;
    let mut discovery = Discovery::default();
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
            discovery.serve(Resource {
                api: ApiResource {
                    group: group.to_string(),
                    version: version.to_string(),
                    api_version: group_version.clone(),
                    kind: resource.kind,
                    plural: resource.name,
                },
                namespaced: resource.namespaced,
                pending_crd: false,
            });
        }
    }
    Ok(discovery)
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
