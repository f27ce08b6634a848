//! Planning against a live cluster, the I/O half: discovery, the access
//! check, the live state and a server-side-apply dry run per object, bounded
//! in concurrency and in request order. What they mean is decided by
//! [`decide`](super::decide), the same for every operation and for offline
//! plans.

use std::collections::BTreeMap;

use futures::{StreamExt, TryFutureExt, TryStreamExt};
use serde_json::Value;

use super::PlanError;
use super::decide::{
    self, AccessChecks, LiveFacts, NotRead, ObjectChecks, ObjectFacts, Observations, PrunedFacts,
    check, resolve,
};
use crate::cluster::{AccessCheck, Cluster, ClusterError, Discovery, Resource};
use crate::manifest::Manifest;
use crate::names::{Namespace, ReleaseName};
use crate::object::{Object, ObjectKey, ValueText};
use crate::permissions::DeclaredPermission;
use crate::plan::{ClusterInfo, Operation, PackageInfo, Plan, ReleaseId, ReleaseTarget};

pub(crate) use super::decide::{owned_by, resource_version};

/// What an operation wants the cluster to look like.
#[derive(Debug, Clone)]
pub struct Desired {
    /// The operation.
    pub operation: Operation,
    /// The release and the revision the plan creates.
    pub release: ReleaseTarget,
    /// The package the objects come from.
    pub package: PackageInfo,
    /// The package's requirements, checked (empty for a rollback or uninstall).
    pub requirements: crate::requirements::Requirements,
    /// How the objects' images were rewritten to mirrored copies.
    pub images: crate::mirror::Rewrite,
    /// The values the objects were rendered with (the plan's `values`).
    pub values: Option<Value>,
    /// A chart's rendered notes.
    pub notes: Option<String>,
    /// Warnings from fetching and rendering.
    pub warnings: Vec<crate::plan::Warning>,
    /// The objects, rendered, in apply order (for uninstall: its hooks only).
    pub objects: Vec<Object>,
    /// A chart's hooks for later operations on the revision (the plan's `deferredHooks`).
    pub deferred_hooks: Vec<Object>,
    /// Objects of the current revision, pruned when `objects` no longer has them.
    pub previous: Vec<Object>,
    /// Permissions the package declares.
    pub declared: Vec<DeclaredPermission>,
    /// Take over objects that exist but belong to no release or another one.
    pub adopt: bool,
    /// For an upgrade or rollback: the deployed revision's plan, whose
    /// permissions the new ones are compared with.
    pub deployed: Option<Plan>,
    /// The namespaces besides the release's that the package declares;
    /// objects in others are risk findings. `None`: not checked (uninstall).
    pub declared_namespaces: Option<Vec<String>>,
    /// Another release (of a stack) that creates the release namespace
    /// before this one is applied: the namespace need not exist yet.
    pub namespace_created_by: Option<String>,
    /// Objects that what runs before this plan deletes (a stack's dependents,
    /// uninstalled first): a CRD whose only other custom resources are
    /// among them is not kept for their sake.
    pub deleted_first: std::collections::BTreeSet<crate::object::ObjectKey>,
    /// Check the objects the API server cannot dry-run against the schema
    /// it admits them by (kubectl's `--validate`; on by default).
    pub validate: bool,
}

/// The groups a plan touches, for a discovery limited to them.
pub(crate) fn discover_for<'a>(
    objects: impl IntoIterator<Item = &'a Object>,
) -> std::collections::BTreeSet<String> {
    crate::apiserver::discovery::groups_of(objects.into_iter().map(|o| o.api_version.as_str()))
}

/// Plans `desired` against the cluster: observes, then decides.
pub async fn plan(
    cluster: &Cluster,
    discovery: &Discovery,
    mut desired: Desired,
) -> Result<Plan, PlanError> {
    let (checks, observations) = observe(cluster, discovery, &mut desired).await?;
    decide::decide(desired, checks, observations)
}

/// Everything [`decide::decide`] needs to know of the cluster for `desired`.
async fn observe(
    cluster: &Cluster,
    discovery: &Discovery,
    desired: &mut Desired,
) -> Result<(AccessChecks, Observations), PlanError> {
    // Two independent questions, asked together: a round trip less.
    let (namespace_exists, version) = futures::join!(
        cluster.namespace_exists(&desired.release.namespace),
        cluster.server_version()
    );
    // A user who may not read namespaces still gets a plan: the access check tells the rest.
    let namespace_exists = match namespace_exists {
        Err(ClusterError::Forbidden { .. }) => true,
        other => other?,
    };
    decide::check_namespace(desired, namespace_exists)?;
    let version = version?;
    let checks = decide::access_checks(desired, discovery)?;
    // What the release had that the plan may prune is in `checks.pruned`
    // now; the rest of it (all of a large upgrade's objects) is not needed.
    desired.previous = Vec::new();
    let desired = &*desired;
    // 1. The access check, and meanwhile the lists of what exists: a list of
    // a kind the installer may not get is dropped unread when the answers
    // come (what the installer may not read is not used), so the lists do
    // not wait for the answers.
    let (answers, mut existing, mut listed_pruned) = futures::try_join!(
        cluster.review_access(checks.all()).map_err(PlanError::from),
        list_existing(cluster, discovery, &desired.objects),
        list_existing(cluster, discovery, &checks.pruned),
    )?;
    let answers: BTreeMap<AccessCheck, bool> =
        answers.into_iter().map(|r| (r.check, r.allowed)).collect();
    let allowed = |check: &AccessCheck| answers.get(check).copied().unwrap_or(false);
    existing.retain(|_, listed| allowed(&listed.get));
    listed_pruned.retain(|_, listed| allowed(&listed.get));
    // 2. Live state and dry runs, several at a time, results in object order.
    let seen = Seen {
        desired,
        asked: &checks.objects,
        namespace_exists,
    };
    let objects = observe_objects(cluster, discovery, seen, existing, &allowed).await?;
    // 3. The live state of what this revision no longer has.
    let pruned = observe_pruned(
        cluster,
        discovery,
        desired,
        (&checks.pruned, listed_pruned),
        &allowed,
    )
    .await?;
    // The cluster's OpenAPI schemas (megabytes, fetched once per cluster)
    // only when an object was not dry-run by the server.
    let openapi = if decide::needs_openapi(desired, &objects) {
        Some(cluster.openapi().await?)
    } else {
        None
    };
    let observations = Observations {
        cluster: ClusterInfo {
            version: Some(version),
            ..cluster.info.clone()
        },
        namespace_exists,
        access: Some(answers),
        objects,
        pruned,
        notes: Vec::new(),
        openapi,
    };
    Ok((checks, observations))
}

/// What planning knows of the desired objects before reading them.
struct Seen<'a> {
    desired: &'a Desired,
    /// The access checks of each object, in order.
    asked: &'a [ObjectChecks],
    namespace_exists: bool,
}

/// What is live of each desired object, and its dry run where one is needed.
async fn observe_objects(
    cluster: &Cluster,
    discovery: &Discovery,
    seen: Seen<'_>,
    mut existing: Listings,
    allowed: &impl Fn(&AccessCheck) -> bool,
) -> Result<Vec<ObjectFacts>, PlanError> {
    let desired = seen.desired;
    futures::stream::iter(desired.objects.iter().zip(seen.asked))
        .map(|(object, asked)| {
            let resource = resolve(discovery, object).expect("resolved by the access checks");
            // Listed: the live object (or that there is none), without a
            // read. Taken out of the listing: its facts replace it.
            let listed = existing
                .get_mut(&listing(resource, object))
                .map(|listed| listed.take(&object.name));
            let known = Known {
                resource,
                asked,
                listed,
                namespace_exists: seen.namespace_exists,
            };
            async move { object_facts(cluster, object, desired, known, allowed).await }
        })
        .buffered(cluster.concurrency())
        .try_collect()
        .await
}

/// What is known of one desired object before it is read.
struct Known<'a> {
    resource: &'a Resource,
    asked: &'a ObjectChecks,
    /// From a list: the live object, or that there is none.
    listed: Option<Option<Value>>,
    namespace_exists: bool,
}

/// Reads one desired object, asks whether its other owner is installed, and
/// dry-runs it when the decision needs that.
async fn object_facts(
    cluster: &Cluster,
    object: &Object,
    desired: &Desired,
    seen: Known<'_>,
    allowed: &impl Fn(&AccessCheck) -> bool,
) -> Result<ObjectFacts, PlanError> {
    let namespace = object.namespace.as_deref();
    let release = &desired.release;
    let in_new_namespace =
        namespace.is_some_and(|ns| ns == release.namespace) && !seen.namespace_exists;
    if !allowed(&seen.asked.get) {
        return Ok(ObjectFacts::NotRead(NotRead::Forbidden));
    }
    if seen.resource.pending_crd {
        return Ok(ObjectFacts::NotRead(NotRead::CrdPending));
    }
    if in_new_namespace {
        return Ok(ObjectFacts::NotRead(NotRead::NamespaceNew));
    }
    let live = match seen.listed {
        Some(live) => live,
        None => cluster.get(seen.resource, namespace, &object.name).await?,
    };
    let facts = live.as_ref().map(LiveFacts::of);
    let owner_installed = match facts.as_ref().and_then(|l| l.other_owner(release)) {
        Some((name, namespace)) if !desired.adopt => {
            match (Namespace::new(namespace), ReleaseName::new(name)) {
                (Ok(namespace), Ok(name)) => {
                    release_is_live(cluster, &ReleaseId::new(namespace, name)).await
                }
                // Labels naming no possible release: counted as installed,
                // as a history that cannot be read is.
                _ => true,
            }
        }
        _ => false,
    };
    let may_write = allowed(if live.is_some() {
        &seen.asked.patch
    } else {
        &seen.asked.create
    });
    let dry_run =
        if decide::needs_dry_run(object, facts.as_ref(), owner_installed, desired, may_write)? {
            Some(
                cluster
                    .apply(
                        seen.resource,
                        namespace,
                        &object.name,
                        &object.manifest,
                        true,
                    )
                    .await,
            )
        } else {
            None
        };
    Ok(ObjectFacts::read(live, owner_installed, dry_run))
}

/// The live state of objects the release no longer wants: by list where
/// there are several of a kind, else by reads, several at a time (an
/// uninstall prunes every object); for a CRD the release owns, how many of
/// its custom resources others have.
async fn observe_pruned(
    cluster: &Cluster,
    discovery: &Discovery,
    desired: &Desired,
    (pruned, mut listed): (&[Object], Listings),
    allowed: &impl Fn(&AccessCheck) -> bool,
) -> Result<Vec<PrunedFacts>, PlanError> {
    futures::stream::iter(pruned)
        .map(|object| {
            let resource = resolve(discovery, object).ok();
            let known = resource.map(|resource| {
                listed
                    .get_mut(&listing(resource, object))
                    .map(|listed| listed.take(&object.name))
            });
            async move {
                let live = match (resource, known) {
                    (Some(_), Some(Some(listed))) => listed,
                    (Some(resource), Some(None)) if allowed(&check("get", resource, object)) => {
                        cluster
                            .get(resource, object.namespace.as_deref(), &object.name)
                            .await?
                    }
                    _ => None,
                };
                let live = live.as_ref().map(LiveFacts::of);
                let foreign_custom_resources = match &live {
                    Some(live)
                        if object.kind == "CustomResourceDefinition"
                            && live.owned_by(&desired.release) =>
                    {
                        foreign_custom_resources(cluster, object, desired).await?
                    }
                    _ => 0,
                };
                Ok::<_, PlanError>(PrunedFacts {
                    live,
                    foreign_custom_resources,
                })
            }
        })
        .buffered(cluster.concurrency())
        .try_collect()
        .await
}

/// How many custom resources of a CRD exist that the release does not manage.
async fn foreign_custom_resources(
    cluster: &Cluster,
    crd: &Object,
    desired: &Desired,
) -> Result<usize, PlanError> {
    let mut discovery = Discovery::default();
    discovery.learn_crds([&crd.manifest]);
    let kind = crd
        .manifest
        .pointer("/spec/names/kind")
        .and_then(Manifest::as_str)
        .unwrap_or_default();
    let group = crd
        .manifest
        .pointer("/spec/group")
        .and_then(Manifest::as_str)
        .unwrap_or_default();
    let Some(version) = crd
        .manifest
        .pointer("/spec/versions/0/name")
        .and_then(Manifest::as_str)
    else {
        return Ok(0);
    };
    let Some(resource) = discovery.resolve(&format!("{group}/{version}"), kind) else {
        return Ok(0);
    };
    let live = cluster.list(resource).await?;
    let deleted_first = |object: &Value| {
        let text = |pointer: &str| object.pointer(pointer).and_then(Value::as_str);
        let key = ObjectKey::new(
            text("/apiVersion").unwrap_or_default(),
            text("/kind").unwrap_or(kind),
            text("/metadata/namespace"),
            text("/metadata/name").unwrap_or_default(),
        );
        desired.deleted_first.contains(&key)
    };
    Ok(live
        .iter()
        .filter(|object| !owned_by(*object, &desired.release) && !deleted_first(object))
        .count())
}

/// Kinds with at least this many objects in one namespace are listed (names
/// only) rather than read one by one.
const LIST_FROM: usize = 8;

/// One metadata list: a resource (apiVersion and plural) in a namespace.
type Listing = (String, String, Option<String>);

fn listing(resource: &Resource, object: &Object) -> Listing {
    (
        resource.api.api_version.clone(),
        resource.api.plural.clone(),
        object.namespace.clone(),
    )
}

/// The objects one list found, by name, and the access check that says
/// whether the installer may read them.
struct Listed {
    get: AccessCheck,
    /// Held until each object is planned, as text (without the managed
    /// fields, which neither the diff nor any decision reads).
    live: BTreeMap<String, ValueText>,
}

impl Listed {
    /// The live object `name` (or that there is none), taken out of the
    /// list and parsed: its facts replace it.
    fn take(&mut self, name: &str) -> Option<Value> {
        self.live.remove(name).map(|object| object.value())
    }
}

/// The lists made, by kind and namespace.
type Listings = BTreeMap<Listing, Listed>;

/// The live objects by name, per kind and namespace with [`LIST_FROM`] or
/// more desired objects: one list tells which of an install's objects are
/// new and hands an upgrade the live state of all of them, where a read of
/// each would take a round trip apiece. A list that is refused (the
/// installer may get but not list) leaves its objects to be read one by one.
/// Made while the access check runs; the caller drops the lists of kinds
/// the installer may not get.
async fn list_existing<'a>(
    cluster: &Cluster,
    discovery: &Discovery,
    objects: impl IntoIterator<Item = &'a Object>,
) -> Result<Listings, PlanError> {
    let mut counts: BTreeMap<Listing, (usize, &Resource, AccessCheck)> = BTreeMap::new();
    for object in objects {
        let resource = resolve(discovery, object)?;
        if !resource.pending_crd {
            counts
                .entry(listing(resource, object))
                .or_insert_with(|| (0, resource, check("get", resource, object)))
                .0 += 1;
        }
    }
    let lists: Vec<Option<(Listing, Listed)>> = futures::stream::iter(
        counts
            .into_iter()
            .filter(|(_, (count, _, _))| *count >= LIST_FROM),
    )
    .map(|(key, (_, resource, get))| async move {
        match cluster.objects(resource, key.2.as_deref()).await {
            Ok(live) => Ok(Some((key, Listed { get, live }))),
            Err(ClusterError::Forbidden { .. }) => Ok(None),
            Err(other) => Err(other),
        }
    })
    .buffer_unordered(cluster.concurrency())
    .try_collect()
    .await?;
    Ok(lists.into_iter().flatten().collect())
}

/// Whether a release is installed (deployed since its last uninstall). A
/// history that cannot be read counts as installed: its objects are not
/// suggested for taking over on a guess.
async fn release_is_live(cluster: &Cluster, release: &ReleaseId) -> bool {
    match crate::release::ReleaseStore::new(cluster.clone())
        .history(release)
        .await
    {
        Ok(history) => history
            .iter()
            .rev()
            .take_while(|s| s.status != crate::release::Status::Uninstalled)
            .any(|s| s.status == crate::release::Status::Deployed),
        Err(_) => true,
    }
}
