//! Planning against a live cluster: discovery, the access check, the live
//! state and a server-side-apply dry run per object, then the comparison.
//!
//! Inputs are gathered here (all I/O), bounded in concurrency and in request
//! order, then the plan is assembled by [`assemble`], which is the same for
//! every operation.

use std::collections::{BTreeMap, BTreeSet};

use futures::{StreamExt, TryStreamExt};
use serde_json::Value;

use super::PlanError;
use crate::cluster::{AccessCheck, Cluster, ClusterError, Discovery, Resource, known_bugs};
use crate::diff::{Comparison, compare};
use crate::object::{Object, ObjectKey};
use crate::permissions::{self, DeclaredPermission, Grant, MissingPermission};
use crate::plan::{
    Action, ClusterInfo, Operation, PLAN_API_VERSION, PLAN_KIND, PackageInfo, Plan, PlannedObject,
    ReleaseTarget,
};
use crate::render::{ANNOTATION_RELEASE_NAMESPACE, LABEL_RELEASE};

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
    /// Warnings from rendering.
    pub warnings: Vec<String>,
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
}

/// What planning learned about one desired object.
struct Observed {
    action: Action,
    live_resource_version: Option<String>,
    diff: Option<String>,
    note: Option<String>,
}

/// The groups a plan touches, for a discovery limited to them.
pub(crate) fn discover_for<'a>(objects: impl IntoIterator<Item = &'a Object>) -> BTreeSet<String> {
    crate::cluster::discovery::groups_of(objects.into_iter().map(|o| o.api_version.as_str()))
}

/// Resolves every object's resource, or says which kind the server does not know.
pub(crate) fn resolve<'a>(
    discovery: &'a Discovery,
    object: &Object,
) -> Result<&'a Resource, PlanError> {
    discovery
        .resolve(&object.api_version, &object.kind)
        .ok_or_else(|| PlanError::UnknownKind {
            object: object.to_string(),
            api_version: object.api_version.clone(),
            kind: object.kind.clone(),
        })
}

/// Plans `desired` against the cluster.
pub async fn plan(
    cluster: &Cluster,
    discovery: &Discovery,
    desired: Desired,
) -> Result<Plan, PlanError> {
    let namespace = desired.release.namespace.clone();
    let creates_namespace = desired
        .objects
        .iter()
        .any(|o| o.kind == "Namespace" && o.group().is_empty() && o.name == namespace);
    // A user who may not read namespaces still gets a plan: the access check tells the rest.
    let namespace_exists = match cluster.namespace_exists(&namespace).await {
        Err(ClusterError::Forbidden { .. }) => true,
        other => other?,
    };
    if !namespace_exists && !creates_namespace && desired.operation != Operation::Uninstall {
        return Err(PlanError::NamespaceMissing { namespace });
    }

    // 1. The access check comes first: what the installer may not read is not read.
    let desired_keys: BTreeSet<ObjectKey> = desired.objects.iter().map(Object::key).collect();
    let pruned: Vec<&Object> = desired
        .previous
        .iter()
        .filter(|o| !desired_keys.contains(&o.key()))
        .collect();
    let mut checks = BTreeSet::new();
    for object in &desired.objects {
        let resource = resolve(discovery, object)?;
        for verb in ["get", "create", "patch"] {
            checks.insert(check(verb, resource, object));
        }
        // Hooks are deleted before they run again, and by their delete policies.
        if crate::kinds::hook_of(&object.manifest).is_some() {
            checks.insert(check("delete", resource, object));
        }
    }
    for object in &pruned {
        if let Ok(resource) = resolve(discovery, object) {
            for verb in ["get", "delete"] {
                checks.insert(check(verb, resource, object));
            }
        }
    }
    // The release record itself, and the lock held while applying.
    let release_rights = [
        ("", "secrets", ["get", "list", "create", "patch"]),
        (
            "coordination.k8s.io",
            "leases",
            ["get", "create", "update", "delete"],
        ),
    ];
    for (group, resource, verbs) in release_rights {
        for verb in verbs {
            checks.insert(AccessCheck {
                verb: verb.to_string(),
                group: group.to_string(),
                resource: resource.to_string(),
                namespace: Some(namespace.clone()),
            });
        }
    }
    let mut analysis = permissions::analyze(&desired.objects, &desired.declared);
    if let Some(declared) = &desired.declared_namespaces {
        analysis
            .risks
            .extend(permissions::undeclared_namespace_risks(
                &desired.objects,
                &desired.release.namespace,
                declared,
            ));
        analysis.risks.sort();
    }
    // RBAC the package grants must be held by the installer (the API server's escalation check).
    let escalation: BTreeSet<AccessCheck> = analysis.grants.iter().flat_map(grant_checks).collect();
    let all_checks: Vec<AccessCheck> = checks
        .iter()
        .chain(escalation.iter())
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let answers: BTreeMap<AccessCheck, bool> = cluster
        .review_access(all_checks)
        .await?
        .into_iter()
        .map(|r| (r.check, r.allowed))
        .collect();
    let allowed = |check: &AccessCheck| answers.get(check).copied().unwrap_or(false);

    // 2. Live state and dry runs, several at a time, results in object order.
    let existing = list_existing(cluster, discovery, &desired.objects, &allowed).await?;
    let namespace_exists = &namespace_exists;
    let observed: Vec<Observed> = futures::stream::iter(&desired.objects)
        .map(|object| {
            let resource = resolve(discovery, object).expect("resolved above");
            let may = |verb: &str| allowed(&check(verb, resource, object));
            let (may_get, may_create, may_patch) = (may("get"), may("create"), may("patch"));
            // Listed: the live object (or that there is none), without a read.
            let listed = existing
                .get(&listing(resource, object))
                .map(|live| live.get(&object.name).cloned());
            let release = &desired.release;
            async move {
                observe(
                    cluster,
                    resource,
                    object,
                    release,
                    *namespace_exists,
                    (may_get, may_create, may_patch),
                    listed,
                    desired.adopt,
                )
                .await
            }
        })
        .buffered(cluster.concurrency())
        .try_collect()
        .await?;

    let mut warnings = Vec::new();
    // 3. Prune: objects of the current revision that this one no longer has, if this release owns them.
    // Their live state by list where there are several of a kind, else by
    // reads, several at a time (an uninstall prunes every object).
    let pruned_listed = list_existing(cluster, discovery, pruned.iter().copied(), &allowed).await?;
    let pruned_live: Vec<Option<Value>> = futures::stream::iter(&pruned)
        .map(|object| {
            let listed = resolve(discovery, object).ok().map(|resource| {
                let listed = pruned_listed
                    .get(&listing(resource, object))
                    .map(|live| live.get(&object.name).cloned());
                (resource, listed)
            });
            async move {
                match listed {
                    None => Ok(None),
                    Some((_, Some(listed))) => Ok(listed),
                    Some((resource, None)) if allowed(&check("get", resource, object)) => {
                        cluster
                            .get(resource, object.namespace.as_deref(), &object.name)
                            .await
                    }
                    Some(_) => Ok(None),
                }
            }
        })
        .buffered(cluster.concurrency())
        .try_collect()
        .await?;
    let mut deletions = Vec::new();
    for (object, live) in pruned.into_iter().zip(pruned_live) {
        let Some(live) = live.filter(|live| owned_by(live, &desired.release)) else {
            continue;
        };
        // Helm's `helm.sh/resource-policy: keep`: never deleted by the release.
        if object
            .manifest
            .pointer("/metadata/annotations")
            .and_then(|a| a.get(crate::helm::hooks::RESOURCE_POLICY_ANNOTATION))
            .and_then(Value::as_str)
            .is_some_and(|policy| policy.trim().eq_ignore_ascii_case("keep"))
        {
            warnings.push(format!(
                "{object} is kept: its annotation helm.sh/resource-policy is \"keep\""
            ));
            continue;
        }
        if object.kind == "CustomResourceDefinition" {
            let foreign = foreign_custom_resources(cluster, object, &desired).await?;
            if foreign > 0 {
                warnings.push(format!(
                    "{object} is kept: {foreign} custom resource(s) of it that this release does not manage exist, and deleting the CRD would delete them"
                ));
                continue;
            }
        }
        deletions.push((object.clone(), resource_version(&live)));
    }

    let mut missing: Vec<MissingPermission> = checks
        .iter()
        .chain(escalation.iter())
        .filter(|c| !allowed(c))
        .map(|c| MissingPermission {
            verb: c.verb.clone(),
            group: c.group.clone(),
            resource: c.resource.clone(),
            namespace: c.namespace.clone(),
        })
        .collect();
    missing.sort_by(|a, b| {
        (&a.namespace, &a.group, &a.resource, &a.verb).cmp(&(
            &b.namespace,
            &b.group,
            &b.resource,
            &b.verb,
        ))
    });
    missing.dedup();

    let escalating: Vec<&AccessCheck> = escalation.iter().filter(|c| !allowed(c)).collect();
    if !escalating.is_empty() {
        warnings.push(format!(
            "the package grants {} permission(s) you do not hold; the API server refuses such roles unless you may escalate (they are listed as missing)",
            escalating.len()
        ));
    }
    let server_version = cluster.server_version().await?;
    let cluster_info = ClusterInfo {
        version: Some(server_version),
        ..cluster.info.clone()
    };
    Ok(assemble(
        desired,
        observed,
        deletions,
        analysis,
        missing,
        warnings,
        cluster_info,
    ))
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
        .and_then(Value::as_str)
        .unwrap_or_default();
    let group = crd
        .manifest
        .pointer("/spec/group")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let Some(version) = crd
        .manifest
        .pointer("/spec/versions/0/name")
        .and_then(Value::as_str)
    else {
        return Ok(0);
    };
    let Some(resource) = discovery.resolve(&format!("{group}/{version}"), kind) else {
        return Ok(0);
    };
    let live = cluster.list(resource).await?;
    Ok(live
        .iter()
        .filter(|object| !owned_by(object, &desired.release))
        .count())
}

fn check(verb: &str, resource: &Resource, object: &Object) -> AccessCheck {
    AccessCheck {
        verb: verb.to_string(),
        group: resource.api.group.clone(),
        resource: resource.api.plural.clone(),
        namespace: object.namespace.clone(),
    }
}

/// The access checks that holding a grant amounts to (one per verb and resource).
fn grant_checks(grant: &Grant) -> Vec<AccessCheck> {
    let namespace = grant.namespace().map(str::to_string);
    let mut checks = Vec::new();
    for group in &grant.api_groups {
        for resource in &grant.resources {
            for verb in &grant.verbs {
                checks.push(AccessCheck {
                    verb: verb.clone(),
                    group: group.clone(),
                    resource: resource.clone(),
                    namespace: namespace.clone(),
                });
            }
        }
    }
    checks
}

/// Why an object in a namespace the plan creates has no diff; said once per plan.
const NEW_NAMESPACE_NOTE: &str = "its namespace is created by this plan";

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

/// The live objects by name, per kind and namespace with [`LIST_FROM`] or
/// more desired objects the installer may read: one list tells which of an
/// install's objects are new and hands an upgrade the live state of all of
/// them, where a read of each would take a round trip apiece. A list that is
/// refused (the installer may get but not list) leaves its objects to be read
/// one by one.
async fn list_existing<'a>(
    cluster: &Cluster,
    discovery: &Discovery,
    objects: impl IntoIterator<Item = &'a Object>,
    allowed: &impl Fn(&AccessCheck) -> bool,
) -> Result<BTreeMap<Listing, BTreeMap<String, Value>>, PlanError> {
    let mut counts: BTreeMap<Listing, (usize, &Resource)> = BTreeMap::new();
    for object in objects {
        let resource = resolve(discovery, object)?;
        if !resource.pending_crd && allowed(&check("get", resource, object)) {
            counts
                .entry(listing(resource, object))
                .or_insert((0, resource))
                .0 += 1;
        }
    }
    type Listed = (Listing, BTreeMap<String, Value>);
    let lists: Vec<Option<Listed>> = futures::stream::iter(
        counts
            .into_iter()
            .filter(|(_, (count, _))| *count >= LIST_FROM),
    )
    .map(|(key, (_, resource))| async move {
        match cluster.objects(resource, key.2.as_deref()).await {
            Ok(live) => Ok(Some((key, live))),
            Err(ClusterError::Forbidden { .. }) => Ok(None),
            Err(other) => Err(other),
        }
    })
    .buffer_unordered(cluster.concurrency())
    .try_collect()
    .await?;
    Ok(lists.into_iter().flatten().collect())
}

/// Reads, dry-runs and compares one desired object; `listed` when a list
/// has shown what is live (the object, or that there is none: no read needed).
#[allow(clippy::too_many_arguments)]
async fn observe(
    cluster: &Cluster,
    resource: &Resource,
    object: &Object,
    release: &ReleaseTarget,
    namespace_exists: bool,
    (may_get, may_create, may_patch): (bool, bool, bool),
    listed: Option<Option<Value>>,
    adopt: bool,
) -> Result<Observed, PlanError> {
    let namespace = object.namespace.as_deref();
    let in_new_namespace = namespace.is_some_and(|ns| ns == release.namespace) && !namespace_exists;
    if resource.pending_crd || in_new_namespace || !may_get {
        let note = if !may_get {
            "not read: you may not get it (see the access check)"
        } else if resource.pending_crd {
            "its CustomResourceDefinition is created by this plan: validated after the CRD is established"
        } else {
            NEW_NAMESPACE_NOTE
        };
        return Ok(Observed {
            action: Action::Create,
            live_resource_version: None,
            diff: None,
            note: Some(note.to_string()),
        });
    }
    let live = match listed {
        Some(live) => live,
        None => cluster.get(resource, namespace, &object.name).await?,
    };
    // Applying to an object on its way out would be lost with it. (A hook is
    // deleted and created again anyway, once the old one is gone.)
    if let Some(since) = live
        .as_ref()
        .filter(|_| crate::kinds::hook_of(&object.manifest).is_none())
        .and_then(|l| l.pointer("/metadata/deletionTimestamp"))
        .and_then(Value::as_str)
    {
        let finalizers = live
            .as_ref()
            .and_then(|l| l.pointer("/metadata/finalizers"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str().map(str::to_string))
            .collect();
        return Err(PlanError::BeingDeleted {
            object: object.to_string(),
            since: since.to_string(),
            finalizers,
        });
    }
    // The release that owns the live object, if another one does.
    let other_release = live
        .as_ref()
        .filter(|live| !owned_by(live, release))
        .and_then(owning_release);
    if let Some(live) = &live
        && !adopt
        && !owned_by(live, release)
    {
        if let Some((name, namespace)) = &other_release
            && release_is_live(cluster, namespace, name).await
        {
            return Err(PlanError::OwnedByLiveRelease {
                object: object.to_string(),
                release: name.clone(),
                namespace: namespace.clone(),
            });
        }
        let owner = other_release.as_ref().map_or_else(
            || "no kubectl-pkg release".to_string(),
            |(name, namespace)| {
                format!("release {name:?} (namespace {namespace:?}, no longer installed)")
            },
        );
        return Err(PlanError::Conflict {
            object: object.to_string(),
            owner,
        });
    }
    // Taken over with --adopt from another release: the plan says who loses it.
    let adopted_from = other_release.filter(|_| adopt).map(|(name, namespace)| {
        format!("taken over from release {name:?} in namespace {namespace:?} (--adopt): that release no longer owns it")
    });
    if let Some(live) = &live
        && let Some(event) = crate::kinds::hook_of(&object.manifest)
    {
        return Ok(Observed {
            action: Action::Update,
            live_resource_version: resource_version(live),
            diff: None,
            note: Some(format!(
                "a {event} hook left from an earlier run: it is deleted and created again"
            )),
        });
    }
    let may_write = if live.is_some() {
        may_patch
    } else {
        may_create
    };
    if !may_write {
        return Ok(Observed {
            action: if live.is_some() {
                Action::Update
            } else {
                Action::Create
            },
            live_resource_version: live.as_ref().and_then(resource_version),
            diff: None,
            note: Some("not dry-run: you may not write it (see the access check)".to_string()),
        });
    }
    let dry_run = match cluster
        .apply(resource, namespace, &object.name, &object.manifest, true)
        .await
    {
        Ok(dry_run) => dry_run,
        // A new object whose dry run needs another object this plan creates first (a
        // RoleBinding's Role, for a user the API server checks for escalation): the
        // apply, which runs in order, validates it.
        Err(ClusterError::Api {
            code: 404, message, ..
        }) if live.is_none() => {
            return Ok(Observed {
                action: Action::Create,
                live_resource_version: None,
                diff: None,
                note: Some(format!(
                    "not dry-run: the server needs an object this plan creates first ({message}); validated when applied"
                )),
            });
        }
        Err(source) => {
            let known_bug = match cluster.server_version().await {
                Ok(version) => known_bugs::explain(&version, &object.manifest, &source),
                Err(_) => None,
            };
            return Err(PlanError::DryRun {
                object: object.to_string(),
                source,
                known_bug,
            });
        }
    };
    let (action, diff) = match compare(live.as_ref(), &dry_run) {
        Comparison::Create => (Action::Create, None),
        Comparison::Unchanged => (Action::Unchanged, None),
        Comparison::Update { diff } => (Action::Update, Some(diff)),
    };
    Ok(Observed {
        action,
        live_resource_version: live.as_ref().and_then(resource_version),
        diff,
        note: adopted_from,
    })
}

/// The release (name, namespace) a live object's labels say owns it.
fn owning_release(live: &Value) -> Option<(String, String)> {
    let name = release_label(live)?;
    let namespace = release_namespace_annotation(live)
        .or_else(|| live.pointer("/metadata/namespace").and_then(Value::as_str))
        .unwrap_or("default");
    Some((name.to_string(), namespace.to_string()))
}

/// Whether a release is installed (deployed since its last uninstall). A
/// history that cannot be read counts as installed: its objects are not
/// suggested for taking over on a guess.
async fn release_is_live(cluster: &Cluster, namespace: &str, name: &str) -> bool {
    match crate::release::ReleaseStore::new(cluster.clone())
        .history(namespace, name)
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

/// Whether a live object carries this release's label and namespace annotation.
pub(crate) fn owned_by(live: &Value, release: &ReleaseTarget) -> bool {
    release_label(live) == Some(release.name.as_str())
        && release_namespace_annotation(live) == Some(release.namespace.as_str())
}

/// The release label of a live object.
fn release_label(live: &Value) -> Option<&str> {
    live.pointer(&format!(
        "/metadata/labels/{}",
        LABEL_RELEASE.replace('/', "~1")
    ))
    .and_then(Value::as_str)
}

/// The release-namespace annotation of a live object.
fn release_namespace_annotation(live: &Value) -> Option<&str> {
    live.pointer(&format!(
        "/metadata/annotations/{}",
        ANNOTATION_RELEASE_NAMESPACE.replace('/', "~1")
    ))
    .and_then(Value::as_str)
}

pub(crate) fn resource_version(live: &Value) -> Option<String> {
    live.pointer("/metadata/resourceVersion")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// Builds and seals the plan from what was gathered. Pure.
fn assemble(
    desired: Desired,
    observed: Vec<Observed>,
    deletions: Vec<(Object, Option<String>)>,
    mut analysis: permissions::Permissions,
    missing: Vec<MissingPermission>,
    mut warnings: Vec<String>,
    cluster: ClusterInfo,
) -> Plan {
    analysis.installer = permissions::InstallerCheck {
        checked: true,
        missing,
    };
    warnings.extend(desired.warnings.iter().cloned());
    let images = desired.images.annotate(permissions::images_with(
        &desired.objects,
        super::offline::related_images(&desired.package),
    ));
    warnings.extend(desired.images.warnings());
    warnings.extend(super::offline::catalog_warnings(&desired.package));
    warnings.extend(images.iter().filter_map(|image| image.warning()));
    let permission_changes = desired.deployed.as_ref().map(|deployed| {
        permissions::compare(
            deployed.release.revision,
            (&deployed.permissions, &deployed.images),
            (&analysis, &images),
        )
    });
    let mut objects: Vec<PlannedObject> =
        Vec::with_capacity(desired.objects.len() + deletions.len());
    let mut in_new_namespace = 0;
    for (object, seen) in desired.objects.into_iter().zip(observed) {
        match seen.note.as_deref() {
            Some(NEW_NAMESPACE_NOTE) => in_new_namespace += 1,
            Some(note) => warnings.push(format!("{object}: {note}")),
            None => {}
        }
        objects.push(PlannedObject {
            api_version: object.api_version,
            kind: object.kind,
            namespace: object.namespace,
            name: object.name,
            action: seen.action,
            manifest: object.manifest,
            live_resource_version: seen.live_resource_version,
            diff: seen.diff,
        });
    }
    if in_new_namespace > 0 {
        warnings.push(format!(
            "namespace {} is created by this plan: its {in_new_namespace} object(s) are created without a server-side dry run",
            desired.release.namespace
        ));
    }
    // Deletions run after the applies, in reverse apply order.
    let mut deletions: Vec<(Object, Option<String>)> = deletions;
    let mut order: Vec<Object> = deletions.iter().map(|(o, _)| o.clone()).collect();
    crate::render::sort_for_apply(&mut order);
    let position: BTreeMap<ObjectKey, usize> = order
        .iter()
        .enumerate()
        .map(|(index, object)| (object.key(), index))
        .collect();
    deletions.sort_by_cached_key(|(o, _)| std::cmp::Reverse(position.get(&o.key()).copied()));
    for (object, live_resource_version) in deletions {
        objects.push(PlannedObject {
            api_version: object.api_version,
            kind: object.kind,
            namespace: object.namespace,
            name: object.name,
            action: Action::Delete,
            manifest: object.manifest,
            live_resource_version,
            diff: None,
        });
    }
    Plan {
        api_version: PLAN_API_VERSION.to_string(),
        kind: PLAN_KIND.to_string(),
        operation: desired.operation,
        release: desired.release,
        cluster,
        package: desired.package,
        requirements: desired.requirements,
        values: desired.values,
        notes: desired.notes,
        objects,
        deferred_hooks: desired.deferred_hooks.into_iter().map(Into::into).collect(),
        permissions: analysis,
        permission_changes,
        policy: None,
        images,
        warnings,
        imported_history: Vec::new(),
        hash: String::new(),
        approvals: Vec::new(),
    }
    .seal()
}
