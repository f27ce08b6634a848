//! What a plan's requirements are checked against, gathered from the
//! cluster: the releases installed in every namespace, the kinds served (and
//! the release whose CustomResourceDefinition serves each), the server's
//! version. The judging is [`crate::requirements`]' (pure).

use std::collections::{BTreeMap, BTreeSet};

use super::PlanError;
use crate::cluster::{Cluster, ClusterError, Discovery};
use crate::manifest::Manifest;
use crate::package::Package;
use crate::release::{ReleaseStore, Status};
use crate::requirements::{
    self, Need, Observations, ObservedApi, ObservedRelease, Options, Provider, ReleaseRef,
    Requirement, Requirements, State,
};

/// Checks `package`'s requirements and those of the objects it writes
/// (`documents`, CRDs among them) against the cluster. Unmet ones refuse the
/// plan, all of them listed, unless `options` skips them.
pub(super) async fn check<'a>(
    cluster: &Cluster,
    package: &Package,
    options: &Options,
    documents: impl IntoIterator<Item = &'a (crate::render::Location, Manifest)>,
) -> Result<Requirements, PlanError> {
    let documents = documents
        .into_iter()
        .map(|(location, value)| (location.to_string(), value));
    let declared = crate::formats::requirements::declared(package);
    let (written, defined) = requirements::written_kinds(documents, &declared);
    let all: Vec<Requirement> = declared.into_iter().chain(written).collect();
    let (mut observations, releases_known) = observe(cluster, &all).await?;
    observations.apis.extend(defined);
    observations
        .releases
        .extend(options.planned.releases.iter().cloned());
    observations
        .apis
        .extend(options.planned.apis.iter().cloned());
    let mut entries = requirements::check(&all, &observations);
    if !releases_known {
        for entry in entries
            .iter_mut()
            .filter(|e| matches!(e.need, Need::Package { .. }) && e.state == State::Unmet)
        {
            entry.state = State::NotChecked;
            entry.detail =
                "not checked: you may not list release records in every namespace".to_string();
            entry.fix = None;
        }
    }
    let checked = Requirements {
        checked: true,
        skipped: options.skip,
        entries,
    };
    let unmet: Vec<_> = checked.unmet().cloned().collect();
    if !options.skip && !unmet.is_empty() {
        return Err(PlanError::RequirementsUnmet { unmet });
    }
    Ok(checked)
}

/// What the cluster shows for `needs` (only what they ask about: no release
/// list without a package requirement); also whether the release records of
/// every namespace could be read.
async fn observe(
    cluster: &Cluster,
    needs: &[Requirement],
) -> Result<(Observations, bool), PlanError> {
    let wanted: BTreeSet<(&str, &str)> = needs
        .iter()
        .filter_map(|r| match &r.need {
            Need::Api { api_version, kind } => Some((api_version.as_str(), kind.as_str())),
            Need::Resource {
                api_version,
                resource,
            } => Some((api_version.as_str(), resource.as_str())),
            _ => None,
        })
        .collect();
    let groups = crate::apiserver::discovery::groups_of(wanted.iter().map(|(v, _)| *v));
    let discovery = cluster.discover(&groups).await?;
    let apis = served_apis(cluster, &discovery, &wanted).await?;
    let any = |f: fn(&Need) -> bool| needs.iter().any(|r| f(&r.need));
    let (releases, known) = if !any(|n| matches!(n, Need::Package { .. })) {
        (Vec::new(), true)
    } else {
        match installed_releases(cluster).await {
            Ok(releases) => (releases, true),
            Err(PlanError::Release(crate::release::ReleaseError::Cluster(
                ClusterError::Forbidden { .. },
            ))) => (Vec::new(), false),
            Err(other) => return Err(other),
        }
    };
    let server_version = if any(|n| matches!(n, Need::Kubernetes { .. })) {
        Some(cluster.server_version().await?)
    } else {
        None
    };
    let observations = Observations {
        server_version,
        releases,
        apis,
    };
    Ok((observations, known))
}

/// The kinds (or resources) `wanted` that are served, each with the release
/// whose CustomResourceDefinition serves it (read from the CRD's labels).
async fn served_apis(
    cluster: &Cluster,
    discovery: &Discovery,
    wanted: &BTreeSet<(&str, &str)>,
) -> Result<Vec<ObservedApi>, PlanError> {
    let served: Vec<_> = discovery
        .resources()
        .filter(|r| !r.pending_crd)
        .filter(|r| {
            let version = r.api.api_version.as_str();
            wanted.contains(&(version, r.api.kind.as_str()))
                || wanted.contains(&(version, r.api.plural.as_str()))
        })
        .collect();
    let custom: BTreeSet<(String, String)> = served
        .iter()
        .filter(|r| crate::kinds::builtin_scope(&r.api.group, &r.api.kind).is_none())
        .map(|r| (r.api.plural.clone(), r.api.group.clone()))
        .collect();
    let owners = crd_owners(cluster, custom).await?;
    Ok(served
        .into_iter()
        .map(|r| ObservedApi {
            api_version: r.api.api_version.clone(),
            kind: r.api.kind.clone(),
            resource: r.api.plural.clone(),
            provider: owners
                .get(&(r.api.plural.clone(), r.api.group.clone()))
                .cloned()
                .map_or(Provider::Cluster, Provider::Release),
        })
        .collect())
}

/// The release owning each live CustomResourceDefinition `PLURAL.GROUP`
/// that has one; CRDs the installer may not read have none.
async fn crd_owners(
    cluster: &Cluster,
    crds: BTreeSet<(String, String)>,
) -> Result<BTreeMap<(String, String), ReleaseRef>, PlanError> {
    if crds.is_empty() {
        return Ok(BTreeMap::new());
    }
    let group = "apiextensions.k8s.io";
    let discovery = cluster
        .discover(&BTreeSet::from([group.to_string()]))
        .await?;
    let Some(resource) = discovery.resolve("apiextensions.k8s.io/v1", "CustomResourceDefinition")
    else {
        return Ok(BTreeMap::new());
    };
    let mut owners = BTreeMap::new();
    for (plural, group) in crds {
        let live = match cluster
            .get(resource, None, &format!("{plural}.{group}"))
            .await
        {
            Ok(live) => live,
            Err(ClusterError::Forbidden { .. }) => None,
            Err(other) => return Err(other.into()),
        };
        if let Some(owner) = live.as_ref().and_then(requirements::crd_owner) {
            owners.insert((plural, group), owner);
        }
    }
    Ok(owners)
}

/// Every release deployed (since its last uninstall), in every namespace.
async fn installed_releases(cluster: &Cluster) -> Result<Vec<ObservedRelease>, PlanError> {
    let revisions = ReleaseStore::new(cluster.clone()).list(None).await?;
    let mut histories: BTreeMap<(String, String), Vec<crate::release::Summary>> = BTreeMap::new();
    for summary in revisions {
        histories
            .entry((summary.namespace.clone(), summary.name.clone()))
            .or_default()
            .push(summary);
    }
    Ok(histories
        .into_values()
        .filter_map(|history| {
            let deployed = crate::release::deployed_since_uninstall(&history)?;
            (deployed.status == Status::Deployed).then(|| ObservedRelease {
                release: ReleaseRef {
                    name: deployed.name.clone(),
                    namespace: deployed.namespace.clone(),
                    manager: "kubectl-pkg".to_string(),
                },
                package: deployed.package.clone(),
                version: deployed.version.clone(),
                planned: false,
            })
        })
        .collect())
}

/// Requirements of a plan made without a cluster: recorded, not checked.
pub(super) fn offline<'a>(
    package: &Package,
    options: &Options,
    objects: impl IntoIterator<Item = &'a crate::object::Object>,
) -> Requirements {
    let objects = objects.into_iter().map(|o| (o.to_string(), &o.manifest));
    let declared = crate::formats::requirements::declared(package);
    let (written, _) = requirements::written_kinds(objects, &declared);
    Requirements::offline(declared.into_iter().chain(written).collect(), options.skip)
}
