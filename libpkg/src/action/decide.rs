//! The decision step of planning, pure: from what an operation wants
//! ([`Desired`]) and what was seen of the cluster ([`Observations`]), the
//! plan. Online planning gathers the observations (`online.rs`, all the
//! I/O); offline planning has none ([`Observations::offline`]); tests build
//! them by hand. Both kinds of plan are decided here, once.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::{Desired, PlanError};
use crate::apiserver::discovery::{Discovery, Resource};
use crate::apiserver::{AccessCheck, ClusterError, known_bugs};
use crate::diff::{Comparison, compare};
use crate::manifest::{Fields, Manifest};
use crate::object::{Object, ObjectKey};
use crate::openapi_schema::{OpenApiSchemas, SchemaValidator};
use crate::permissions::{self, Grant, MissingPermission};
use crate::plan::{
    Action, ClusterInfo, Operation, PLAN_API_VERSION, PLAN_KIND, Plan, PlannedObject,
    ReleaseTarget, Validation, Warning, WarningCode,
};
use crate::remedy::Setting;
use crate::render::{ANNOTATION_RELEASE_NAMESPACE, LABEL_RELEASE};

/// What was seen of the cluster for one operation.
#[derive(Debug, Default)]
pub struct Observations {
    /// The cluster (its server and version), empty offline.
    pub cluster: ClusterInfo,
    /// Whether the release namespace exists.
    pub namespace_exists: bool,
    /// The answers to [`AccessChecks::all`]; `None` when not asked (offline).
    pub access: Option<BTreeMap<AccessCheck, bool>>,
    /// One per desired object, in order.
    pub objects: Vec<ObjectFacts>,
    /// One per object [`AccessChecks::pruned`] names, in order.
    pub pruned: Vec<PrunedFacts>,
    /// Said first among the plan's warnings (how it was planned).
    pub notes: Vec<Warning>,
    /// The cluster's OpenAPI schemas, when an object the server could not
    /// dry-run is to be checked against them ([`needs_openapi`]).
    pub openapi: Option<std::sync::Arc<OpenApiSchemas>>,
}

impl Observations {
    /// No cluster: every object is created, nothing is checked, and `note`
    /// says so first.
    pub fn offline(objects: usize, note: String) -> Observations {
        Observations {
            namespace_exists: true,
            objects: (0..objects).map(|_| ObjectFacts::Unobserved).collect(),
            notes: vec![Warning::new(WarningCode::Offline, note)],
            ..Observations::default()
        }
    }
}

/// What was seen of one desired object.
#[derive(Debug)]
pub enum ObjectFacts {
    /// Nothing: planned offline, so it is created.
    Unobserved,
    /// It was not read, for this reason.
    NotRead(NotRead),
    /// It was read: what its live copy (if any) says, and how its dry run
    /// compares with that copy. Built by [`ObjectFacts::read`], which keeps
    /// only these, so that planning holds neither copy of every object.
    Read {
        /// What the plan needs of the live object.
        live: Option<LiveFacts>,
        /// Whether the other release that owns the live object is installed
        /// (asked only when one does and it is not taken over).
        owner_installed: bool,
        /// The server-side dry run compared with the live copy, when
        /// [`needs_dry_run`] asked for one.
        dry_run: Option<Result<Comparison, ClusterError>>,
    },
}

impl ObjectFacts {
    /// What was read of one object, reduced at once to what deciding
    /// needs: the dry run is compared with the live copy here, and both
    /// whole copies are dropped (a 10,000-object upgrade would otherwise
    /// hold 20,000 objects until the last dry run returned).
    pub fn read(
        live: Option<Value>,
        owner_installed: bool,
        dry_run: Option<Result<Value, ClusterError>>,
    ) -> ObjectFacts {
        let dry_run =
            dry_run.map(|outcome| outcome.map(|planned| compare(live.as_ref(), &planned)));
        ObjectFacts::Read {
            live: live.as_ref().map(LiveFacts::of),
            owner_installed,
            dry_run,
        }
    }
}

/// What a plan needs of a live object besides its diff: who owns it,
/// whether it is being deleted, and the resource version the plan records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LiveFacts {
    /// `metadata.resourceVersion`.
    pub resource_version: Option<String>,
    /// `metadata.deletionTimestamp`, when it is being deleted.
    pub deletion_timestamp: Option<String>,
    /// `metadata.finalizers`.
    pub finalizers: Vec<String>,
    /// The release label.
    pub release: Option<String>,
    /// The release-namespace annotation.
    pub release_namespace: Option<String>,
    /// `metadata.namespace`.
    pub namespace: Option<String>,
}

impl LiveFacts {
    /// The facts of the live object `live`.
    pub fn of(live: &Value) -> LiveFacts {
        let text = |pointer: &str| live.pointer(pointer).and_then(Value::as_str);
        LiveFacts {
            resource_version: resource_version(live),
            deletion_timestamp: text("/metadata/deletionTimestamp").map(str::to_string),
            finalizers: finalizers(Some(live)),
            release: release_label(live).map(str::to_string),
            release_namespace: release_namespace_annotation(live).map(str::to_string),
            namespace: text("/metadata/namespace").map(str::to_string),
        }
    }

    /// Whether the object carries this release's label and namespace annotation.
    pub fn owned_by(&self, release: &ReleaseTarget) -> bool {
        self.release.as_deref() == Some(release.name.as_str())
            && self.release_namespace.as_deref() == Some(release.namespace.as_str())
    }

    /// The release (name, namespace) the object's labels say owns it.
    fn owning_release(&self) -> Option<(String, String)> {
        let name = self.release.as_deref()?;
        let namespace = self
            .release_namespace
            .as_deref()
            .or(self.namespace.as_deref())
            .unwrap_or("default");
        Some((name.to_string(), namespace.to_string()))
    }

    /// The other release that owns the object, if one does (its name and
    /// namespace): the gatherer asks whether it is still installed.
    pub fn other_owner(&self, release: &ReleaseTarget) -> Option<(String, String)> {
        Some(self)
            .filter(|live| !live.owned_by(release))
            .and_then(LiveFacts::owning_release)
    }
}

/// Why a desired object was not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRead {
    /// The installer may not get it.
    Forbidden,
    /// Its CustomResourceDefinition is created by the same plan.
    CrdPending,
    /// Its namespace is created by the same plan.
    NamespaceNew,
}

/// What was seen of one object the operation no longer wants.
#[derive(Debug)]
pub struct PrunedFacts {
    /// What its live copy says, if it exists (and could be read).
    pub live: Option<LiveFacts>,
    /// For a CustomResourceDefinition: how many of its custom resources
    /// exist that the release does not manage.
    pub foreign_custom_resources: usize,
}

/// The questions an operation asks the API server's access review.
#[derive(Debug, Clone, Default)]
pub struct AccessChecks {
    /// What writing the desired objects, pruning and recording takes.
    pub checks: BTreeSet<AccessCheck>,
    /// What the package's RBAC grants (the installer must hold it: the API
    /// server's escalation check).
    pub escalation: BTreeSet<AccessCheck>,
    /// Per desired object, in order: may the installer get, create and
    /// patch it.
    pub objects: Vec<ObjectChecks>,
    /// The objects of the release that `desired` no longer has.
    pub pruned: Vec<Object>,
}

/// The questions about one desired object.
#[derive(Debug, Clone)]
pub struct ObjectChecks {
    /// May the installer get it.
    pub get: AccessCheck,
    /// May the installer create it.
    pub create: AccessCheck,
    /// May the installer patch it.
    pub patch: AccessCheck,
}

impl AccessChecks {
    /// Every question, once, in order.
    pub fn all(&self) -> Vec<AccessCheck> {
        self.checks.union(&self.escalation).cloned().collect()
    }
}

/// The access checks `desired` needs, with `discovery` for its resources.
pub fn access_checks(desired: &Desired, discovery: &Discovery) -> Result<AccessChecks, PlanError> {
    let namespace = &desired.release.namespace;
    let desired_keys: BTreeSet<ObjectKey> = desired.objects.iter().map(Object::key).collect();
    let pruned: Vec<Object> = desired
        .previous
        .iter()
        .filter(|o| !desired_keys.contains(&o.key()))
        .cloned()
        .collect();
    let mut checks = BTreeSet::new();
    let mut objects = Vec::with_capacity(desired.objects.len());
    for object in &desired.objects {
        let resource = resolve(discovery, object)?;
        let asked = ObjectChecks {
            get: check("get", resource, object),
            create: check("create", resource, object),
            patch: check("patch", resource, object),
        };
        checks.extend([asked.get.clone(), asked.create.clone(), asked.patch.clone()]);
        objects.push(asked);
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
                namespace: Some(namespace.to_string()),
            });
        }
    }
    let escalation = analyze(desired)
        .grants
        .iter()
        .flat_map(grant_checks)
        .collect();
    Ok(AccessChecks {
        checks,
        escalation,
        objects,
        pruned,
    })
}

/// Resolves an object's resource, or says which kind the server does not know.
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

/// The question whether the installer may `verb` an object.
pub(crate) fn check(verb: &str, resource: &Resource, object: &Object) -> AccessCheck {
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

/// The permissions `desired` grants, with its undeclared namespaces as risks.
fn analyze(desired: &Desired) -> permissions::Permissions {
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
    analysis
}

/// What the plan says of one desired object.
#[derive(Debug, PartialEq, Eq)]
struct Observed {
    action: Action,
    live_resource_version: Option<String>,
    diff: Option<String>,
    note: Option<Note>,
}

/// Why a desired object's entry is not a plain dry-run comparison.
#[derive(Debug, PartialEq, Eq)]
enum Note {
    /// Its namespace is created by the plan: said once for all of them.
    InNewNamespace,
    /// Said as a warning naming the object.
    Warning(String),
}

/// What the live copy of a desired object decides before any dry run.
enum Verdict {
    /// Decided without one.
    Decided(Observed),
    /// Dry-run it; the note stays with the outcome.
    DryRun(Option<Note>),
}

/// Whether planning must dry-run `object`, given its live copy: the gatherer
/// asks this so that only what a decision needs is requested. Errors are
/// the ones [`decide`] would return for the same facts.
pub fn needs_dry_run(
    object: &Object,
    live: Option<&LiveFacts>,
    owner_installed: bool,
    desired: &Desired,
    may_write: bool,
) -> Result<bool, PlanError> {
    let verdict = judge_live(object, live, owner_installed, desired, may_write)?;
    Ok(matches!(verdict, Verdict::DryRun(_)))
}

/// Judges a desired object by its live copy: refused when it is being
/// deleted or belongs to someone else (unless taken over), decided without
/// a dry run for a leftover hook or an object the installer may not write.
fn judge_live(
    object: &Object,
    live: Option<&LiveFacts>,
    owner_installed: bool,
    desired: &Desired,
    may_write: bool,
) -> Result<Verdict, PlanError> {
    let release = &desired.release;
    // Applying to an object on its way out would be lost with it. (A hook is
    // deleted and created again anyway, once the old one is gone.)
    if let Some(live) = live.filter(|_| crate::kinds::hook_of(&object.manifest).is_none())
        && let Some(since) = &live.deletion_timestamp
    {
        return Err(PlanError::BeingDeleted {
            object: object.to_string(),
            since: since.clone(),
            finalizers: live.finalizers.clone(),
        });
    }
    // The release that owns the live object, if another one does.
    let other_release = live.and_then(|live| live.other_owner(release));
    if let Some(live) = live
        && !desired.adopt
        && !live.owned_by(release)
    {
        return Err(conflict(object, other_release, owner_installed));
    }
    // Taken over with --adopt from another release: the plan says who loses it.
    let adopted_from = other_release.filter(|_| desired.adopt).map(|(name, namespace)| {
        Note::Warning(format!("taken over from release {name:?} in namespace {namespace:?} ({}): that release no longer owns it", Setting::Adopt))
    });
    if let Some(live) = live
        && let Some(event) = crate::kinds::hook_of(&object.manifest)
    {
        return Ok(Verdict::Decided(Observed {
            action: Action::Update,
            live_resource_version: live.resource_version.clone(),
            diff: None,
            note: Some(Note::Warning(format!(
                "a {event} hook left from an earlier run: it is deleted and created again"
            ))),
        }));
    }
    if !may_write {
        return Ok(Verdict::Decided(Observed {
            action: if live.is_some() {
                Action::Update
            } else {
                Action::Create
            },
            live_resource_version: live.and_then(|live| live.resource_version.clone()),
            diff: None,
            note: Some(Note::Warning(
                "not dry-run: you may not write it (see the access check)".to_string(),
            )),
        }));
    }
    Ok(Verdict::DryRun(adopted_from))
}

/// The finalizers of a live object.
fn finalizers(live: Option<&Value>) -> Vec<String> {
    live.and_then(|l| l.pointer("/metadata/finalizers"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|f| f.as_str().map(str::to_string))
        .collect()
}

/// The error for an object that exists and is not the release's.
fn conflict(
    object: &Object,
    other_release: Option<(String, String)>,
    owner_installed: bool,
) -> PlanError {
    match other_release {
        Some((release, namespace)) if owner_installed => PlanError::OwnedByLiveRelease {
            object: object.to_string(),
            release,
            namespace,
        },
        other => PlanError::Conflict {
            object: object.to_string(),
            owner: other.map_or_else(
                || "no kubectl-pkg release".to_string(),
                |(name, namespace)| {
                    format!("release {name:?} (namespace {namespace:?}, no longer installed)")
                },
            ),
        },
    }
}

/// Judges a desired object by everything seen of it.
fn judge(
    object: &Object,
    facts: ObjectFacts,
    desired: &Desired,
    may_write: bool,
    server_version: Option<&str>,
) -> Result<Observed, PlanError> {
    let (live, owner_installed, dry_run) = match facts {
        ObjectFacts::Unobserved => {
            return Ok(Observed {
                action: Action::Create,
                live_resource_version: None,
                diff: None,
                note: None,
            });
        }
        ObjectFacts::NotRead(why) => return Ok(not_read(why)),
        ObjectFacts::Read {
            live,
            owner_installed,
            dry_run,
        } => (live, owner_installed, dry_run),
    };
    let note = match judge_live(object, live.as_ref(), owner_installed, desired, may_write)? {
        Verdict::Decided(observed) => return Ok(observed),
        Verdict::DryRun(note) => note,
    };
    let live_resource_version = live.as_ref().and_then(|live| live.resource_version.clone());
    let comparison = match dry_run {
        Some(Ok(comparison)) => comparison,
        // A new object whose dry run needs another object this plan creates first (a
        // RoleBinding's Role, for a user the API server checks for escalation): the
        // apply, which runs in order, validates it.
        Some(Err(ClusterError::Api {
            code: 404, message, ..
        })) if live.is_none() => {
            return Ok(Observed {
                action: Action::Create,
                live_resource_version: None,
                diff: None,
                note: Some(Note::Warning(format!(
                    "not dry-run: the server needs an object this plan creates first ({message}); validated when applied"
                ))),
            });
        }
        Some(Err(source)) => {
            return Err(PlanError::DryRun {
                object: object.to_string(),
                known_bug: server_version
                    .and_then(|version| known_bugs::explain(version, &object.manifest, &source)),
                source,
            });
        }
        None => {
            return Ok(Observed {
                action: if live.is_some() {
                    Action::Update
                } else {
                    Action::Create
                },
                live_resource_version,
                diff: None,
                note: Some(Note::Warning("not dry-run".to_string())),
            });
        }
    };
    let (action, diff) = match comparison {
        Comparison::Create => (Action::Create, None),
        Comparison::Unchanged => (Action::Unchanged, None),
        Comparison::Update { diff } => (Action::Update, Some(diff)),
    };
    Ok(Observed {
        action,
        live_resource_version,
        diff,
        note,
    })
}

/// A desired object that was not read: created, with the reason.
fn not_read(why: NotRead) -> Observed {
    let note = match why {
        NotRead::Forbidden => {
            Note::Warning("not read: you may not get it (see the access check)".to_string())
        }
        NotRead::CrdPending => Note::Warning(
            "its CustomResourceDefinition is created by this plan (or an earlier release of the stack): checked against that CRD's schema now, and by the API server when it is written".to_string(),
        ),
        NotRead::NamespaceNew => Note::InNewNamespace,
    };
    Observed {
        action: Action::Create,
        live_resource_version: None,
        diff: None,
        note: Some(note),
    }
}

/// What becomes of an object the operation no longer wants.
enum Pruned {
    /// Deleted; its live resource version.
    Delete(Option<String>),
    /// Kept, with the reason as a warning.
    Kept(String),
    /// Gone already, or not the release's: left alone.
    NotOurs,
}

/// Judges one pruned object by its live copy.
fn judge_pruned(object: &Object, facts: PrunedFacts, release: &ReleaseTarget) -> Pruned {
    let Some(live) = facts.live.filter(|live| live.owned_by(release)) else {
        return Pruned::NotOurs;
    };
    // Helm's `helm.sh/resource-policy: keep`: never deleted by the release.
    if object
        .manifest
        .pointer("/metadata/annotations")
        .and_then(|a| a.get(crate::helm::hooks::RESOURCE_POLICY_ANNOTATION))
        .and_then(Manifest::as_str)
        .is_some_and(|policy| policy.trim().eq_ignore_ascii_case("keep"))
    {
        return Pruned::Kept(format!(
            "{object} is kept: its annotation helm.sh/resource-policy is \"keep\""
        ));
    }
    if object.kind == "CustomResourceDefinition" && facts.foreign_custom_resources > 0 {
        return Pruned::Kept(format!(
            "{object} is kept: {} custom resource(s) of it that this release does not manage exist, and deleting the CRD would delete them",
            facts.foreign_custom_resources
        ));
    }
    Pruned::Delete(live.resource_version)
}

/// Refuses a plan whose release namespace neither exists nor is created
/// by it (an uninstall needs none).
pub fn check_namespace(desired: &Desired, namespace_exists: bool) -> Result<(), PlanError> {
    let namespace = &desired.release.namespace;
    let creates_namespace = desired
        .objects
        .iter()
        .any(|o| o.kind == "Namespace" && o.group().is_empty() && o.name == *namespace);
    if namespace_exists
        || creates_namespace
        || desired.namespace_created_by.is_some()
        || desired.operation == Operation::Uninstall
    {
        return Ok(());
    }
    Err(PlanError::NamespaceMissing {
        namespace: namespace.to_string(),
    })
}

/// How `facts` say an object is validated before the first write: by the
/// server's dry run, else (unless `validate` is off) against its CRD's
/// schema (checked as the package was rendered) or the cluster's OpenAPI
/// schema (checked by [`decide`]); `None` offline.
fn validation_by(facts: &ObjectFacts, validate: bool) -> Option<Validation> {
    match facts {
        ObjectFacts::Unobserved => None,
        ObjectFacts::Read {
            dry_run: Some(Ok(_)),
            ..
        } => Some(Validation::DryRun),
        _ if !validate => Some(Validation::NotValidated),
        ObjectFacts::NotRead(NotRead::CrdPending) => Some(Validation::CrdSchema),
        _ => Some(Validation::OpenApi),
    }
}

/// Whether deciding `desired` needs the cluster's OpenAPI schemas: some
/// object of `objects` (its facts, in order) was not dry-run by the server.
pub fn needs_openapi(desired: &Desired, objects: &[ObjectFacts]) -> bool {
    objects
        .iter()
        .any(|facts| validation_by(facts, desired.validate) == Some(Validation::OpenApi))
}

/// Checks `object` against the cluster's OpenAPI schema of its kind, adding
/// what it breaks to `invalid`: validated by OpenAPI, or not validated
/// when no schema of its kind is known.
fn check_schema(
    object: &Object,
    schemas: Option<&mut SchemaValidator<'_>>,
    invalid: &mut Vec<crate::crd_schema::Violation>,
) -> Validation {
    let manifest = serde_json::to_value(&object.manifest).expect("a manifest serializes");
    let found = schemas.and_then(|schemas| {
        schemas.check(
            &object.to_string(),
            &object.api_version,
            &object.kind,
            &manifest,
        )
    });
    match found {
        Some(violations) => {
            invalid.extend(violations);
            Validation::OpenApi
        }
        None => Validation::NotValidated,
    }
}

/// Decides the plan of `desired` from `observations`; `checks` are the
/// questions [`access_checks`] asked (their answers are in `observations`).
/// The checks are taken, not lent: the objects they prune move into the
/// plan's deletions (a 10,000-object uninstall's were held twice).
pub fn decide(
    desired: Desired,
    checks: AccessChecks,
    observations: Observations,
) -> Result<Plan, PlanError> {
    decide_unsealed(desired, checks, observations).map(Plan::seal)
}

/// [`decide`]'s plan before it is sealed (its hash empty): for a caller that
/// seals it once its other fields are final, or shows only its objects.
pub(super) fn decide_unsealed(
    desired: Desired,
    mut checks: AccessChecks,
    observations: Observations,
) -> Result<Plan, PlanError> {
    check_namespace(&desired, observations.namespace_exists)?;
    let access = observations.access.as_ref();
    let allowed =
        |check: &AccessCheck| access.is_none_or(|a| a.get(check).copied().unwrap_or(false));
    let server_version = observations.cluster.version.as_deref();
    let mut observed = Vec::with_capacity(desired.objects.len());
    let mut schemas = (observations.openapi.as_deref())
        .map(|schemas| SchemaValidator::new(schemas, server_version));
    let mut invalid = Vec::new();
    for (index, (object, facts)) in desired.objects.iter().zip(observations.objects).enumerate() {
        let may_write = checks.objects.get(index).is_none_or(|asked| match &facts {
            ObjectFacts::Read { live: Some(_), .. } => allowed(&asked.patch),
            _ => allowed(&asked.create),
        });
        let validation = match validation_by(&facts, desired.validate) {
            Some(Validation::OpenApi) => Some(check_schema(object, schemas.as_mut(), &mut invalid)),
            other => other,
        };
        let seen = judge(object, facts, &desired, may_write, server_version)?;
        observed.push((seen, validation));
    }
    if !invalid.is_empty() {
        return Err(PlanError::ObjectsInvalid {
            violations: invalid,
        });
    }
    let mut warnings = observations.notes;
    let mut deletions = Vec::new();
    for (object, facts) in std::mem::take(&mut checks.pruned)
        .into_iter()
        .zip(observations.pruned)
    {
        match judge_pruned(&object, facts, &desired.release) {
            Pruned::Delete(live_resource_version) => {
                deletions.push((object, live_resource_version))
            }
            Pruned::Kept(warning) => warnings.push(Warning::new(WarningCode::KeptObject, warning)),
            Pruned::NotOurs => {}
        }
    }
    let mut analysis = analyze(&desired);
    if access.is_some() {
        analysis.installer = permissions::InstallerCheck {
            checked: true,
            missing: missing(&checks, &allowed),
        };
        let escalating = checks.escalation.iter().filter(|c| !allowed(c)).count();
        if escalating > 0 {
            warnings.push(Warning::new(WarningCode::PermissionEscalation, format!(
                "the package grants {escalating} permission(s) you do not hold; the API server refuses such roles unless you may escalate (they are listed as missing)"
            )));
        }
    }
    Ok(assemble(
        desired,
        observed,
        deletions,
        analysis,
        warnings,
        observations.cluster,
    ))
}

/// The checks the installer failed, sorted, once each.
fn missing(
    checks: &AccessChecks,
    allowed: &impl Fn(&AccessCheck) -> bool,
) -> Vec<MissingPermission> {
    let mut missing: Vec<MissingPermission> = checks
        .checks
        .iter()
        .chain(checks.escalation.iter())
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
    missing
}

/// Whether an object (live, or as a revision applied it) carries this
/// release's label and namespace annotation.
pub(crate) fn owned_by(object: &impl Fields, release: &ReleaseTarget) -> bool {
    release_label(object) == Some(release.name.as_str())
        && release_namespace_annotation(object) == Some(release.namespace.as_str())
}

/// The release label of an object.
fn release_label(object: &impl Fields) -> Option<&str> {
    metadata_text(object, "labels", LABEL_RELEASE)
}

/// The release-namespace annotation of an object.
fn release_namespace_annotation(object: &impl Fields) -> Option<&str> {
    metadata_text(object, "annotations", ANNOTATION_RELEASE_NAMESPACE)
}

/// The text of `key` in `metadata.<section>`.
fn metadata_text<'a>(object: &'a impl Fields, section: &str, key: &str) -> Option<&'a str> {
    object.field("metadata")?.field(section)?.field(key)?.text()
}

/// A live object's `metadata.resourceVersion`.
pub(crate) fn resource_version(live: &Value) -> Option<String> {
    live.pointer("/metadata/resourceVersion")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// Builds the plan from what was decided (not sealed).
fn assemble(
    desired: Desired,
    observed: Vec<(Observed, Option<Validation>)>,
    deletions: Vec<(Object, Option<String>)>,
    analysis: permissions::Permissions,
    mut warnings: Vec<Warning>,
    cluster: ClusterInfo,
) -> Plan {
    warnings.extend(desired.warnings.iter().cloned());
    let images = desired.images.annotate(permissions::images_with(
        &desired.objects,
        super::offline::related_images(&desired.package),
    ));
    warnings.extend(Warning::all(WarningCode::Mirror, desired.images.warnings()));
    warnings.extend(super::offline::catalog_warnings(&desired.package));
    let unpinned = images.iter().filter_map(|image| image.warning());
    warnings.extend(Warning::all(WarningCode::UnpinnedImage, unpinned));
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
    let mut not_validated = 0;
    for (object, (seen, validation)) in desired.objects.into_iter().zip(observed) {
        not_validated += usize::from(validation == Some(Validation::NotValidated));
        match seen.note {
            Some(Note::InNewNamespace) => in_new_namespace += 1,
            Some(Note::Warning(note)) => warnings.push(Warning::new(
                WarningCode::Object,
                format!("{object}: {note}"),
            )),
            None => {}
        }
        objects.push(PlannedObject {
            action: seen.action,
            live_resource_version: seen.live_resource_version,
            diff: seen.diff,
            validation,
            ..PlannedObject::created(object)
        });
    }
    if in_new_namespace > 0 {
        let instead = if desired.validate {
            "checked against the cluster's OpenAPI schema instead".to_string()
        } else {
            format!(
                "and not checked against a schema either ({})",
                Setting::NoValidation
            )
        };
        warnings.push(Warning::new(WarningCode::NotDryRun, format!(
            "namespace {} is created by this plan: its {in_new_namespace} object(s) are created without a server-side dry run, {instead}",
            desired.release.namespace
        )));
    }
    if !desired.validate {
        warnings.push(Warning::new(WarningCode::NotValidated, format!(
            "schema validation is off ({}): {not_validated} object(s) the API server could not dry-run are not validated before they are written; one the server refuses stops the apply halfway",
            Setting::NoValidation
        )));
    } else if not_validated > 0 {
        warnings.push(Warning::new(WarningCode::NotValidated, format!(
            "{not_validated} object(s) the API server could not dry-run have no schema the cluster publishes: they are validated only as they are written"
        )));
    }
    objects.extend(in_deletion_order(deletions));
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
        rollback_to: None,
        hash: Default::default(),
        approvals: Vec::new(),
    }
}

/// Deletions as planned: after the applies, in reverse apply order (a
/// release's objects are unique by key, so reversing the stable sort is
/// that order exactly).
fn in_deletion_order(
    mut deletions: Vec<(Object, Option<String>)>,
) -> impl Iterator<Item = PlannedObject> {
    crate::render::sort_for_apply_by(&mut deletions, |(object, _)| object);
    deletions.reverse();
    deletions
        .into_iter()
        .map(|(object, live_resource_version)| PlannedObject {
            action: Action::Delete,
            live_resource_version,
            ..PlannedObject::created(object)
        })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::plan::PackageInfo;

    fn release() -> ReleaseTarget {
        ReleaseTarget {
            name: "web".parse().unwrap(),
            namespace: "shop".parse().unwrap(),
            revision: 2,
        }
    }

    fn config_map(name: &str, data: &str) -> Object {
        Object {
            api_version: "v1".to_string(),
            kind: "ConfigMap".to_string(),
            namespace: Some("shop".to_string()),
            name: name.to_string(),
            manifest: json!({
                "apiVersion": "v1", "kind": "ConfigMap",
                "metadata": {"name": name, "namespace": "shop"},
                "data": {"key": data},
            })
            .into(),
        }
    }

    #[test]
    fn deletions_go_in_reverse_apply_order_with_their_resource_versions() {
        let namespace = Object {
            api_version: "v1".to_string(),
            kind: "Namespace".to_string(),
            namespace: None,
            name: "shop".to_string(),
            manifest:
                json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "shop"}})
                    .into(),
        };
        let account = Object {
            kind: "ServiceAccount".to_string(),
            name: "web".to_string(),
            ..config_map("web", "")
        };
        let deletions = vec![
            (config_map("b", "1"), Some("3".to_string())),
            (namespace, Some("1".to_string())),
            (config_map("a", "1"), None),
            (account, Some("2".to_string())),
        ];
        let planned: Vec<(String, Option<String>)> = in_deletion_order(deletions)
            .map(|o| {
                assert_eq!(o.action, Action::Delete);
                (format!("{}/{}", o.kind, o.name), o.live_resource_version)
            })
            .collect();
        // Applied: the namespace, the ConfigMaps by name, the ServiceAccount.
        let expected = [
            ("ServiceAccount/web", Some("2")),
            ("ConfigMap/b", Some("3")),
            ("ConfigMap/a", None),
            ("Namespace/shop", Some("1")),
        ];
        let expected: Vec<(String, Option<String>)> = expected
            .iter()
            .map(|(name, version)| (name.to_string(), version.map(str::to_string)))
            .collect();
        assert_eq!(planned, expected);
    }

    /// The live copy of `object` as the cluster holds it, labelled as
    /// `owner`'s (release, namespace) if given.
    fn live(object: &Object, owner: Option<(&str, &str)>, data: &str) -> Value {
        let mut live = object.manifest.to_value();
        live["metadata"]["resourceVersion"] = json!("41");
        live["data"]["key"] = json!(data);
        if let Some((name, namespace)) = owner {
            live["metadata"]["labels"] = json!({ LABEL_RELEASE: name });
            live["metadata"]["annotations"] = json!({ ANNOTATION_RELEASE_NAMESPACE: namespace });
        }
        live
    }

    fn desired(objects: Vec<Object>, previous: Vec<Object>) -> Desired {
        Desired {
            operation: Operation::Upgrade,
            release: release(),
            package: PackageInfo {
                name: "web".to_string(),
                version: "1.0.0".to_string(),
                constraint: None,
                candidates: Vec::new(),
                reference: "./web".to_string(),
                digest: "sha256:00".into(),
                format: crate::plan::PackageFormat::Plain,
                bundle: None,
                catalog: None,
                carvel: None,
                signatures: Vec::new(),
            },
            requirements: Default::default(),
            images: Default::default(),
            values: None,
            notes: None,
            warnings: vec![Warning::new(WarningCode::Render, "rendered")],
            objects,
            deferred_hooks: Vec::new(),
            previous,
            declared: Vec::new(),
            adopt: false,
            deployed: None,
            declared_namespaces: Some(Vec::new()),
            namespace_created_by: None,
            deleted_first: Default::default(),
            validate: true,
        }
    }

    /// Access checks for `desired` as a discovery of the core group gives them.
    fn checks_for(desired: &Desired) -> AccessChecks {
        let resource = |object: &Object| AccessCheck {
            verb: String::new(),
            group: String::new(),
            resource: format!("{}s", object.kind.to_lowercase()),
            namespace: object.namespace.clone(),
        };
        let keys: BTreeSet<ObjectKey> = desired.objects.iter().map(Object::key).collect();
        AccessChecks {
            checks: desired
                .objects
                .iter()
                .flat_map(|o| {
                    ["get", "create", "patch"].map(|verb| AccessCheck {
                        verb: verb.to_string(),
                        ..resource(o)
                    })
                })
                .collect(),
            escalation: BTreeSet::new(),
            objects: desired
                .objects
                .iter()
                .map(|o| ObjectChecks {
                    get: AccessCheck {
                        verb: "get".to_string(),
                        ..resource(o)
                    },
                    create: AccessCheck {
                        verb: "create".to_string(),
                        ..resource(o)
                    },
                    patch: AccessCheck {
                        verb: "patch".to_string(),
                        ..resource(o)
                    },
                })
                .collect(),
            pruned: desired
                .previous
                .iter()
                .filter(|o| !keys.contains(&o.key()))
                .cloned()
                .collect(),
        }
    }

    /// Observations of a cluster that answers every access check with `allowed`.
    fn seen(checks: &AccessChecks, allowed: bool, objects: Vec<ObjectFacts>) -> Observations {
        Observations {
            cluster: ClusterInfo {
                version: Some("v1.20.2".to_string()),
                ..ClusterInfo::default()
            },
            namespace_exists: true,
            access: Some(checks.all().into_iter().map(|c| (c, allowed)).collect()),
            objects,
            pruned: Vec::new(),
            notes: Vec::new(),
            openapi: None,
        }
    }

    fn read(live: Option<Value>, dry_run: Value) -> ObjectFacts {
        ObjectFacts::read(live, false, Some(Ok(dry_run)))
    }

    #[test]
    fn new_changed_and_unchanged_objects_are_created_updated_and_left() {
        let (new, changed, same) = (
            config_map("new", "a"),
            config_map("changed", "b"),
            config_map("same", "c"),
        );
        let ours = Some(("web", "shop"));
        let facts = vec![
            read(None, live(&new, ours, "a")),
            read(Some(live(&changed, ours, "old")), live(&changed, ours, "b")),
            read(Some(live(&same, ours, "c")), live(&same, ours, "c")),
        ];
        let desired = desired(vec![new, changed, same], Vec::new());
        let checks = checks_for(&desired);
        let plan = decide(desired, checks.clone(), seen(&checks, true, facts)).unwrap();
        let actions: Vec<Action> = plan.objects.iter().map(|o| o.action).collect();
        assert_eq!(actions, [Action::Create, Action::Update, Action::Unchanged]);
        let diff = plan.objects[1].diff.as_deref().unwrap();
        assert!(diff.contains("old") && diff.contains('b'), "{diff}");
        assert_eq!(plan.objects[1].live_resource_version.as_deref(), Some("41"));
        assert!(plan.permissions.installer.checked);
        assert!(plan.permissions.installer.missing.is_empty());
        assert_eq!(
            plan.warnings,
            [Warning::new(WarningCode::Render, "rendered")]
        );
        assert_eq!(plan.cluster.version.as_deref(), Some("v1.20.2"));
        plan.verify_hash().unwrap();
    }

    #[test]
    fn an_object_someone_else_owns_is_refused_unless_taken_over() {
        let object = config_map("shared", "a");
        let unowned = || read(Some(live(&object, None, "x")), live(&object, None, "a"));
        let d = desired(vec![object.clone()], Vec::new());
        let checks = checks_for(&d);
        let error = decide(d, checks.clone(), seen(&checks, true, vec![unowned()])).unwrap_err();
        assert!(
            matches!(&error, PlanError::Conflict { owner, .. } if owner == "no kubectl-pkg release"),
            "{error}"
        );

        let other = ObjectFacts::read(Some(live(&object, Some(("db", "data")), "x")), true, None);
        let d = desired(vec![object.clone()], Vec::new());
        let error = decide(d, checks.clone(), seen(&checks, true, vec![other])).unwrap_err();
        assert!(
            matches!(&error, PlanError::OwnedByLiveRelease { release, namespace, .. } if release == "db" && namespace == "data"),
            "{error}"
        );

        let mut d = desired(vec![object.clone()], Vec::new());
        d.adopt = true;
        let plan = decide(d, checks.clone(), seen(&checks, true, vec![unowned()])).unwrap();
        assert_eq!(plan.objects[0].action, Action::Update);
    }

    #[test]
    fn an_object_being_deleted_is_refused_with_its_finalizers() {
        let object = config_map("going", "a");
        let mut going = live(&object, Some(("web", "shop")), "a");
        going["metadata"]["deletionTimestamp"] = json!("2026-11-27T10:00:00Z");
        going["metadata"]["finalizers"] = json!(["example.com/hold"]);
        let d = desired(vec![object.clone()], Vec::new());
        let checks = checks_for(&d);
        let facts = vec![read(Some(going), object.manifest.to_value())];
        let error = decide(d, checks.clone(), seen(&checks, true, facts)).unwrap_err();
        assert!(
            matches!(&error, PlanError::BeingDeleted { finalizers, .. } if finalizers == &["example.com/hold"]),
            "{error}"
        );
    }

    #[test]
    fn missing_rights_are_listed_and_unreadable_objects_said() {
        let object = config_map("secretive", "a");
        let d = desired(vec![object], Vec::new());
        let checks = checks_for(&d);
        let facts = vec![ObjectFacts::NotRead(NotRead::Forbidden)];
        let plan = decide(d, checks.clone(), seen(&checks, false, facts)).unwrap();
        let missing: Vec<&str> = plan
            .permissions
            .installer
            .missing
            .iter()
            .map(|m| m.verb.as_str())
            .collect();
        assert_eq!(missing, ["create", "get", "patch"]);
        assert_eq!(plan.objects[0].action, Action::Create);
        assert!(
            plan.warnings.iter().any(|w| w.code == WarningCode::Object
                && w.message.starts_with("ConfigMap/shop/secretive: not read")),
            "{:?}",
            plan.warnings
        );
    }

    #[test]
    fn pruned_objects_are_deleted_only_when_the_release_owns_them_and_nothing_keeps_them() {
        let ours = Some(("web", "shop"));
        let gone = config_map("gone", "a");
        let foreign = config_map("foreign", "a");
        let mut kept = config_map("kept", "a");
        kept.manifest["metadata"]["annotations"] =
            json!({"helm.sh/resource-policy": "keep"}).into();
        let d = desired(
            Vec::new(),
            vec![gone.clone(), foreign.clone(), kept.clone()],
        );
        let checks = checks_for(&d);
        let mut observations = seen(&checks, true, Vec::new());
        observations.pruned = [
            (&gone, ours),
            (&foreign, Some(("db", "data"))),
            (&kept, ours),
        ]
        .into_iter()
        .map(|(object, owner)| PrunedFacts {
            live: Some(LiveFacts::of(&live(object, owner, "a"))),
            foreign_custom_resources: 0,
        })
        .collect();
        let plan = decide(d, checks.clone(), observations).unwrap();
        let planned: Vec<(&str, Action)> = plan
            .objects
            .iter()
            .map(|o| (o.name.as_str(), o.action))
            .collect();
        assert_eq!(planned, [("gone", Action::Delete)]);
        assert!(
            plan.warnings[0].code == WarningCode::KeptObject
                && plan.warnings[0]
                    .message
                    .contains("kept: its annotation helm.sh/resource-policy"),
            "{:?}",
            plan.warnings
        );
    }

    #[test]
    fn a_missing_namespace_is_refused_unless_the_plan_creates_it() {
        let d = desired(vec![config_map("a", "a")], Vec::new());
        let checks = checks_for(&d);
        let mut observations = seen(
            &checks,
            true,
            vec![ObjectFacts::NotRead(NotRead::NamespaceNew)],
        );
        observations.namespace_exists = false;
        let error = decide(d, checks.clone(), observations).unwrap_err();
        assert!(matches!(error, PlanError::NamespaceMissing { namespace } if namespace == "shop"));
    }

    /// A cluster's OpenAPI schemas that define ConfigMap (`data`: a map of strings).
    fn config_map_schemas() -> std::sync::Arc<OpenApiSchemas> {
        let document = json!({"definitions": {"io.k8s.api.core.v1.ConfigMap": {
            "type": "object",
            "properties": {
                "apiVersion": {"type": "string"}, "kind": {"type": "string"},
                "metadata": {"type": "object"},
                "data": {"type": "object", "additionalProperties": {"type": "string"}}},
            "x-kubernetes-group-version-kind": [{"group": "", "kind": "ConfigMap", "version": "v1"}]}}});
        std::sync::Arc::new(OpenApiSchemas::from_document(document).unwrap())
    }

    /// Issue 49: objects the server could not dry-run (their namespace is
    /// new) are checked against the cluster's OpenAPI schema; the plan
    /// records how each was validated, and is refused naming the field.
    #[test]
    fn objects_in_a_new_namespace_are_validated_by_the_clusters_schema() {
        let mut bad = config_map("bad", "a");
        bad.manifest = json!({"apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": "bad", "namespace": "shop"}, "data": {"key": 1}, "extra": true})
        .into();
        let plan_of = |objects: Vec<Object>, validate: bool| {
            let mut d = desired(objects, Vec::new());
            d.validate = validate;
            let checks = checks_for(&d);
            let facts = (0..d.objects.len())
                .map(|_| ObjectFacts::NotRead(NotRead::NamespaceNew))
                .collect();
            let mut observations = seen(&checks, true, facts);
            observations.namespace_exists = false;
            observations.openapi = Some(config_map_schemas());
            assert!(needs_openapi(&d, &observations.objects) == validate);
            let mut d = d;
            d.objects.insert(0, namespace_object());
            observations.objects.insert(0, read(None, json!({})));
            let checks = checks_for(&d);
            decide(d, checks, observations)
        };
        let plan = plan_of(vec![config_map("good", "a")], true).unwrap();
        let validations: Vec<_> = plan.objects.iter().map(|o| o.validation).collect();
        assert_eq!(
            validations,
            [Some(Validation::DryRun), Some(Validation::OpenApi)]
        );
        let Err(PlanError::ObjectsInvalid { violations }) =
            plan_of(vec![config_map("good", "a"), bad.clone()], true)
        else {
            panic!("refused");
        };
        let found: Vec<String> = violations.iter().map(ToString::to_string).collect();
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].starts_with("ConfigMap/shop/bad: /data/key: "),
            "{found:?}"
        );
        assert_eq!(
            found[1],
            "ConfigMap/shop/bad: /extra: field not declared in schema"
        );
        // --validate=false: planned, each such object recorded as not validated.
        let plan = plan_of(vec![bad], false).unwrap();
        assert_eq!(plan.objects[1].validation, Some(Validation::NotValidated));
        let warning = warnings_with(&plan, WarningCode::NotValidated);
        assert!(warning.contains("`validate: false`"), "{warning}");
    }

    /// The Namespace a plan creates, dry-run by the server.
    fn namespace_object() -> Object {
        Object {
            api_version: "v1".to_string(),
            kind: "Namespace".to_string(),
            namespace: None,
            name: "shop".to_string(),
            manifest:
                json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "shop"}})
                    .into(),
        }
    }

    /// The messages of `plan`'s warnings of `code`, joined.
    fn warnings_with(plan: &Plan, code: WarningCode) -> String {
        plan.warnings
            .iter()
            .filter(|w| w.code == code)
            .map(|w| w.message.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn offline_every_object_is_created_and_nothing_is_checked() {
        let d = desired(vec![config_map("a", "a"), config_map("b", "b")], Vec::new());
        let observations = Observations::offline(2, "planned offline".to_string());
        let plan = decide(d, AccessChecks::default(), observations).unwrap();
        assert!(
            plan.objects
                .iter()
                .all(|o| o.action == Action::Create && o.diff.is_none())
        );
        assert!(!plan.permissions.installer.checked);
        assert_eq!(
            plan.warnings,
            [
                Warning::new(WarningCode::Offline, "planned offline"),
                Warning::new(WarningCode::Render, "rendered")
            ]
        );
        assert_eq!(plan.cluster, ClusterInfo::default());
    }
}
