//! Orchestration: one function per operation. Each gathers its inputs through
//! the I/O layer (registry, cluster, release store) and hands them to the pure
//! planner; [`apply()`] carries out a plan exactly as it was reviewed.
//!
//! Every operation is plan first, apply second, so a caller can show the plan,
//! ask, save it, or stop (`--dry-run`) in between.

mod adopt_helm;
pub mod airgap;
pub mod apply;
mod drift;
mod facts;
pub mod hints;
mod images;
mod offline;
mod online;
mod progress;
mod requirements;

use crate::cluster::known_bugs::KnownBug;
use crate::cluster::{ClusterError, Discovery};
use std::collections::BTreeSet;

use crate::helm::hooks::HookEvent;
use crate::object::{Object, ObjectKey};
use crate::plan::{Action, HashMismatch, Operation, Plan, PlannedObject, ReleaseTarget};
use crate::release::{LockError, Record, ReleaseError, ReleaseStore, Status};
use crate::render::{self, RenderError, RenderTarget};
use crate::source::Fetched;

pub use crate::formats::olm::CONFIG_KEYS as REGISTRY_V1_CONFIG_KEYS;
pub use crate::source::Source;
pub use adopt_helm::plan_adopt_helm;
pub use apply::{ApplyOptions, Event, Reporter, Silent, apply, create_release_namespace};
pub use drift::{DriftError, verify_unchanged};
pub use images::ImageCheck;
pub use offline::{plan_offline, plan_offline_for};
pub use online::Desired;
pub use progress::{LiveReadiness, Progress, live_readiness, progress};

use crate::cluster::Cluster;

/// Why a plan could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The package did not render.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Images without a mirrored copy, under `--require-mirrored-images`.
    #[error(transparent)]
    NotMirrored(#[from] crate::mirror::NotMirrored),
    /// Images their registries do not have (the preflight image check).
    #[error(transparent)]
    ImagesMissing(#[from] crate::image_check::ImagesMissing),
    /// An OLM bundle cannot be installed (with this configuration).
    #[error(transparent)]
    Olm(#[from] crate::olm::OlmError),
    /// The `--config` given does not fit the package.
    #[error("{reason}")]
    Config {
        /// What is wrong.
        reason: String,
    },
    /// A chart did not render (values, schema, template, output).
    #[error(transparent)]
    Chart(#[from] crate::helm::engine::ChartRenderError),
    /// A package format's own reason it could not render.
    #[error(transparent)]
    Format(crate::formats::FormatError),
    /// Values given for a package that takes none.
    #[error(
        "values (-f/--values, --set, --set-string, --set-file, --set-json, --set-literal) apply to Helm charts and Carvel packages only; this package's format is {format}"
    )]
    ValuesNotTaken {
        /// The package's format.
        format: String,
    },
    /// The release name is not a DNS label.
    #[error("release name {name:?} is invalid: {reason}")]
    ReleaseName {
        /// The name.
        name: String,
        /// Why.
        reason: String,
    },
    /// The API server failed.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// The release records could not be read.
    #[error(transparent)]
    Release(#[from] ReleaseError),
    /// A Helm release that cannot be taken over.
    #[error(transparent)]
    HelmRecords(#[from] crate::release::helm::HelmRecordsError),
    /// The release is kubectl-pkg's already.
    #[error(
        "release {name:?} in namespace {namespace:?} is managed by kubectl-pkg already (`kubectl pkg history {name} -n {namespace}`)"
    )]
    AlreadyManaged {
        /// Name.
        name: String,
        /// Namespace.
        namespace: String,
    },
    /// A kind the cluster does not serve and no CRD of the plan defines.
    #[error(
        "{object}: the cluster does not serve kind {kind} in {api_version}, and no CustomResourceDefinition in the package defines it"
    )]
    UnknownKind {
        /// The object.
        object: String,
        /// Its apiVersion.
        api_version: String,
        /// Its kind.
        kind: String,
    },
    /// The release namespace does not exist.
    #[error(
        "namespace {namespace:?} does not exist; create it first (kubectl create namespace {namespace}) or pass --create-namespace"
    )]
    NamespaceMissing {
        /// The namespace.
        namespace: String,
    },
    /// An object exists and belongs to someone else.
    #[error("{object} already exists and belongs to {owner}; pass --adopt to take it over")]
    Conflict {
        /// The object.
        object: String,
        /// Who owns it.
        owner: String,
    },
    /// An object exists and belongs to another release that is installed:
    /// two releases cannot own one object, so taking it over is not suggested.
    #[error(
        "{object} already exists and belongs to release {release:?} in namespace {namespace:?}, which is installed; remove it from one of the two packages, or uninstall that release first"
    )]
    OwnedByLiveRelease {
        /// The object.
        object: String,
        /// The owning release.
        release: String,
        /// Its namespace.
        namespace: String,
    },
    /// An object of the plan is still being deleted (an uninstall or a
    /// `kubectl delete` has not finished: finalizers still hold it).
    #[error(
        "{object} is being deleted (since {since}{}); plan again once it is gone",
        if finalizers.is_empty() { String::new() } else { format!(", held by finalizers {}", finalizers.join(", ")) }
    )]
    BeingDeleted {
        /// The object.
        object: String,
        /// Its `metadata.deletionTimestamp`.
        since: String,
        /// Its `metadata.finalizers`.
        finalizers: Vec<String>,
    },
    /// The API server rejected an object in the dry run.
    #[error(
        "{object}: the API server rejected it: {source}{}",
        known_bug.map(|bug| format!(" (likely {bug})")).unwrap_or_default()
    )]
    DryRun {
        /// The object.
        object: String,
        /// The rejection.
        source: ClusterError,
        /// The API server bug that explains it, if one does.
        known_bug: Option<&'static KnownBug>,
    },
    /// `install` of a release that exists.
    #[error(
        "release {name:?} already exists in namespace {namespace:?} (revision {revision}, {status}); use `{}`",
        hints::upgrade(name, namespace, reference)
    )]
    AlreadyInstalled {
        /// The package reference given.
        reference: String,
        /// Name.
        name: String,
        /// Namespace.
        namespace: String,
        /// Its latest revision.
        revision: u32,
        /// Its status.
        status: &'static str,
    },
    /// `upgrade`, `rollback` or `uninstall` of a release with no deployed revision.
    #[error(
        "release {name:?} in namespace {namespace:?} has no deployed revision; install it first: `{}`",
        hints::upgrade_install(name, namespace, "PACKAGE")
    )]
    NotInstalled {
        /// Name.
        name: String,
        /// Namespace.
        namespace: String,
    },
    /// Requirements of the package that nothing satisfies (all of them,
    /// each with what would satisfy it); `--skip-requirements` plans anyway.
    #[error(
        "{} requirement(s) not met, nothing was written: {}; pass --skip-requirements to plan anyway",
        unmet.len(),
        crate::requirements::describe_unmet(unmet)
    )]
    RequirementsUnmet {
        /// The unmet requirements.
        unmet: Vec<crate::requirements::RequirementStatus>,
    },
    /// `rollback` to a revision that cannot be rolled back to.
    #[error("cannot roll back release {name:?} to revision {revision}: {reason}")]
    Rollback {
        /// Name.
        name: String,
        /// Revision asked for.
        revision: u32,
        /// Why not.
        reason: String,
    },
}

impl From<crate::formats::FormatError> for PlanError {
    fn from(error: crate::formats::FormatError) -> PlanError {
        use crate::formats::FormatError;
        match error {
            FormatError::Render(e) => PlanError::Render(e),
            FormatError::Olm(e) => PlanError::Olm(e),
            FormatError::Chart(e) => PlanError::Chart(e),
            FormatError::Config { reason } => PlanError::Config { reason },
            FormatError::ValuesNotTaken { format } => PlanError::ValuesNotTaken { format },
            other @ FormatError::Other { .. } => PlanError::Format(other),
        }
    }
}

/// Why a plan was not applied, or not completely.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// The plan was edited after it was made.
    #[error(transparent)]
    Hash(#[from] HashMismatch),
    /// A plan with masked Secret values cannot be applied.
    #[error(
        "this plan has masked Secret values (it was printed for review); save the plan with --out and apply that file"
    )]
    Masked,
    /// The installer lacks permissions the access check found missing.
    #[error(
        "you are missing {missing} permission(s) this plan needs (see the access check); nothing was applied"
    )]
    AccessDenied {
        /// How many.
        missing: usize,
    },
    /// The API server failed.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// Writing the release record failed.
    #[error(transparent)]
    Release(#[from] ReleaseError),
    /// Applying or deleting one object failed.
    #[error("{object}: {source}")]
    Object {
        /// The object.
        object: String,
        /// The error.
        source: ClusterError,
    },
    /// A kind the cluster no longer serves.
    #[error("{object}: the cluster does not serve this kind")]
    UnknownKind {
        /// The object.
        object: String,
    },
    /// The lock given is not this release's.
    #[error("the lock held is for release {held}, the plan is for {release}")]
    WrongLock {
        /// The locked release, `namespace/name`.
        held: String,
        /// The plan's release, `namespace/name`.
        release: String,
    },
    /// The release's lock was lost.
    #[error(transparent)]
    Lock(#[from] LockError),
    /// Applying failed and `atomic` put the previous revision back (or tried to).
    #[error("{source}; --atomic {restored}")]
    Atomic {
        /// Why applying failed.
        source: Box<ApplyError>,
        /// What restoring did.
        restored: String,
    },
    /// A chart hook failed (a Job or Pod that will not succeed).
    #[error("hook {object} failed: {reason}")]
    HookFailed {
        /// The hook.
        object: String,
        /// Why, as its status says.
        reason: String,
    },
    /// Readiness was not reached in time.
    #[error("timed out waiting for {waiting}")]
    Timeout {
        /// What was still not ready, and why.
        waiting: String,
    },
    /// A revision the plan copies from another tool's records cannot be.
    #[error("cannot copy {reference} into the release's history: {reason}; nothing was applied")]
    Import {
        /// The other tool's record (`helm-release:NS/NAME.vN`).
        reference: String,
        /// Why.
        reason: String,
    },
}

fn validate_release_name(name: &str) -> Result<(), PlanError> {
    crate::names::validate_dns_label(name).map_err(|reason| PlanError::ReleaseName {
        name: name.to_string(),
        reason,
    })
}

/// The objects a stored plan leaves in the cluster that belong to its release:
/// everything but its deletions and what it created without owning it (the
/// namespace of `--create-namespace`), which later revisions never touch.
pub fn kept_objects(plan: &Plan) -> Vec<Object> {
    plan.objects
        .iter()
        .filter(|o| o.action != Action::Delete && online::owned_by(&o.manifest, &plan.release))
        // Hooks run once per operation; they are not the release's objects to keep or prune.
        .filter(|o| crate::kinds::hook_of(&o.manifest).is_none())
        .map(PlannedObject::to_object)
        .collect()
}

/// The hooks a stored plan kept for a later operation whose events are `pre`
/// and `post`, each marked with the one event it runs as (a hook of both runs
/// once, as `pre`, which the plan that kept it warned of).
fn deferred_hooks_for(plan: &Plan, pre: HookEvent, post: HookEvent) -> Vec<Object> {
    plan.deferred_hooks
        .iter()
        .filter_map(|hook| {
            let events: Vec<&str> = hook.events().collect();
            [pre, post]
                .into_iter()
                .find(|event| events.contains(&event.as_str()))
                .map(|event| hook.to_object_for(event.as_str()))
        })
        .collect()
}

/// The currently deployed revision of a release.
pub async fn deployed(
    store: &ReleaseStore,
    namespace: &str,
    name: &str,
) -> Result<Record, PlanError> {
    let history = store.history(namespace, name).await?;
    let current = history
        .iter()
        .rev()
        .find(|s| s.status == Status::Deployed)
        .ok_or_else(|| PlanError::NotInstalled {
            name: name.to_string(),
            namespace: namespace.to_string(),
        })?;
    Ok(store.load(namespace, name, current.revision).await?)
}

/// The latest attempt at a release that has no deployed revision: a revision
/// that failed or was interrupted since it was last uninstalled (or ever).
async fn never_deployed_attempt(
    store: &ReleaseStore,
    namespace: &str,
    name: &str,
) -> Result<Record, PlanError> {
    let history = store.history(namespace, name).await?;
    let attempt = history
        .iter()
        .rev()
        .take_while(|s| s.status != Status::Uninstalled)
        .find(|s| {
            matches!(s.status, Status::Failed | Status::Pending) && s.operation != Operation::Import
        })
        .ok_or_else(|| PlanError::NotInstalled {
            name: name.to_string(),
            namespace: namespace.to_string(),
        })?;
    Ok(store.load(namespace, name, attempt.revision).await?)
}

/// The objects a release may have in the cluster: those of its deployed
/// revision (if any) and of every later revision that failed or was interrupted,
/// since those may have created objects before they stopped. Plans prune from
/// these, so nothing a failed attempt left behind stays orphaned.
async fn release_objects(
    store: &ReleaseStore,
    namespace: &str,
    name: &str,
    deployed: Option<&Record>,
) -> Result<Vec<Object>, PlanError> {
    let history = store.history(namespace, name).await?;
    let since = deployed.map_or_else(
        || {
            history
                .iter()
                .rev()
                .find(|s| s.status == Status::Uninstalled)
                .map_or(0, |s| s.revision)
        },
        |d| d.plan.release.revision,
    );
    let mut objects = deployed.map(|d| kept_objects(&d.plan)).unwrap_or_default();
    let mut known: BTreeSet<ObjectKey> = objects.iter().map(Object::key).collect();
    for summary in history
        .iter()
        .filter(|s| s.revision > since && matches!(s.status, Status::Failed | Status::Pending))
        // A copy of another tool's revision created nothing here.
        .filter(|s| s.operation != Operation::Import)
    {
        let record = store.load(namespace, name, summary.revision).await?;
        for object in kept_objects(&record.plan) {
            if known.insert(object.key()) {
                objects.push(object);
            }
        }
    }
    Ok(objects)
}

/// Whether applying `plan` would change anything: an object, or the package the
/// release records (an upgrade to a version with identical objects still
/// records a revision, so the release says which version it runs).
pub async fn changes_anything(store: &ReleaseStore, plan: &Plan) -> Result<bool, PlanError> {
    if plan.has_changes() || matches!(plan.operation, Operation::Install | Operation::Uninstall) {
        return Ok(true);
    }
    let release = &plan.release;
    let current = deployed(store, &release.namespace, &release.name).await?;
    Ok(current.plan.package.digest != plan.package.digest)
}

/// The revision the next operation on a release creates.
async fn next_revision(
    store: &ReleaseStore,
    namespace: &str,
    name: &str,
) -> Result<u32, PlanError> {
    Ok(store
        .latest(namespace, name)
        .await?
        .map_or(1, |s| s.revision + 1))
}

/// A package rendered against the cluster.
struct RenderedOnline {
    /// The objects, in apply order.
    objects: Vec<Object>,
    /// A chart's hooks for later operations on the revision.
    deferred_hooks: Vec<Object>,
    /// What the cluster serves, for the kinds rendered and those of `previous`.
    discovery: Discovery,
    /// What the plan records besides the objects (values, notes, warnings…);
    /// its documents are taken.
    rendered: crate::formats::Rendered,
    /// The package's requirements, checked.
    requirements: crate::requirements::Requirements,
}

/// Renders a fetched package against the cluster's discovery with its
/// configuration (`config`): its format asks for what it needs of the
/// cluster; also returns what the plan records about it.
async fn render_online(
    cluster: &Cluster,
    fetched: &Fetched,
    config: &std::collections::BTreeMap<String, String>,
    target: &facts::Target<'_>,
    previous: &[Object],
) -> Result<RenderedOnline, PlanError> {
    let (release, namespace) = (target.release, target.namespace);
    let mut rendered =
        facts::render_online(cluster, &fetched.package, &fetched.source, config, target).await?;
    let documents = std::mem::take(&mut rendered.documents);
    let deferred_hooks = std::mem::take(&mut rendered.deferred_hooks);
    let api_versions = documents
        .iter()
        .chain(&deferred_hooks)
        .filter_map(|(_, v)| v.get("apiVersion").and_then(|a| a.as_str()))
        .chain(previous.iter().map(|o| o.api_version.as_str()))
        // The core group always: `--create-namespace` adds a Namespace after rendering.
        .chain(std::iter::once("v1"));
    let groups = crate::cluster::discovery::groups_of(api_versions);
    let mut discovery = cluster.discover(&groups).await?;
    let requirements = requirements::check(
        cluster,
        &fetched.package,
        &fetched.source.requirements,
        documents.iter().chain(&deferred_hooks),
    )
    .await?;
    discovery.learn_crds(documents.iter().map(|(_, v)| v));
    let target = RenderTarget {
        release,
        namespace,
        other_namespaces: &rendered.other_namespaces,
        any_namespace: rendered.any_namespace,
        placement: &rendered.placement,
    };
    let objects = render::render(documents, &target, &discovery).map_err(served_kinds_hint)?;
    let deferred = offline::render_deferred_hooks(deferred_hooks, &target, &discovery)
        .map_err(served_kinds_hint)?;
    rendered
        .warnings
        .extend(fetched.source.warnings.iter().cloned());
    rendered.warnings.extend(objects.warnings);
    rendered.warnings.extend(deferred.warnings);
    let objects = objects.objects;
    let deferred_hooks = deferred.objects;
    Ok(RenderedOnline {
        objects,
        deferred_hooks,
        discovery,
        rendered,
        requirements,
    })
}

/// An unknown kind, online, is one the cluster does not serve: say so.
fn served_kinds_hint(error: RenderError) -> RenderError {
    match error {
        RenderError::UnknownKind {
            location,
            api_version,
            kind,
            ..
        } => RenderError::UnknownKind {
            location,
            api_version,
            kind,
            hint: "the cluster does not serve it and no CustomResourceDefinition in the package defines it".to_string(),
        },
        other => other,
    }
}

/// Whether a plan runs its operation's chart hooks. Skipping them is the way
/// out when a hook cannot succeed (a pre-delete Job whose image is gone would
/// otherwise keep a release from ever being uninstalled); hooks kept for
/// later operations are still kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Hooks {
    /// Run them (the default).
    #[default]
    Run,
    /// Leave them out of the plan, with a warning that says so (`--no-hooks`).
    Skip,
}

impl Hooks {
    /// Leaves hooks out of `objects` when skipping them; says so in `warnings`.
    fn apply(self, objects: &mut Vec<Object>, warnings: &mut Vec<String>) {
        if self == Hooks::Run {
            return;
        }
        let before = objects.len();
        objects.retain(|o| crate::kinds::hook_of(&o.manifest).is_none());
        let skipped = before - objects.len();
        if skipped > 0 {
            warnings.push(format!(
                "{skipped} hook(s) of this operation are left out and not run (--no-hooks)"
            ));
        }
    }
}

/// How to install.
#[derive(Debug, Clone, Default)]
pub struct InstallOptions {
    /// The release name.
    pub release: String,
    /// Take over objects that exist but belong to no release or another one.
    pub adopt: bool,
    /// Create the release namespace if it does not exist. It is created as part
    /// of the plan but not owned by the release, so uninstall never deletes it
    /// (with everything in it, release history included).
    pub create_namespace: bool,
    /// Whether the chart's install hooks run.
    pub hooks: Hooks,
    /// Whether the images are looked up in their registries first.
    pub images: ImageCheck,
}

/// Plans installing a fetched package as a new release.
pub async fn plan_install(
    cluster: &Cluster,
    store: &ReleaseStore,
    fetched: &Fetched,
    options: &InstallOptions,
) -> Result<Plan, PlanError> {
    let release = options.release.as_str();
    validate_release_name(release)?;
    let namespace = cluster.namespace.clone();
    // A user who may not read release records still gets a plan: the access check lists the right.
    let history = match store.history(&namespace, release).await {
        Err(ReleaseError::Cluster(ClusterError::Forbidden { .. })) => Vec::new(),
        other => other?,
    };
    // Installed means deployed since the last uninstall; a release whose
    // install failed or was interrupted is installed again over its leftovers.
    let since_uninstall = history
        .iter()
        .rposition(|s| s.status == Status::Uninstalled)
        .map_or(&history[..], |i| &history[i + 1..]);
    if let Some(current) = crate::release::deployed_since_uninstall(&history) {
        let latest = history.last().unwrap_or(current);
        return Err(PlanError::AlreadyInstalled {
            reference: fetched.source.reference.clone(),
            name: release.to_string(),
            namespace,
            revision: latest.revision,
            status: latest.status.as_str(),
        });
    }
    let previous = if since_uninstall.is_empty() {
        Vec::new()
    } else {
        release_objects(store, &namespace, release, None).await?
    };
    let target = facts::Target {
        release,
        namespace: &namespace,
        upgrade: None,
    };
    let digest = offline::PackageDigest::start(&fetched.package, &fetched.source);
    let RenderedOnline {
        mut objects,
        mut deferred_hooks,
        discovery,
        rendered,
        requirements,
    } = render_online(cluster, fetched, &fetched.source.config, &target, &previous).await?;
    let has_namespace = objects
        .iter()
        .any(|o| o.kind == "Namespace" && o.group().is_empty() && o.name == namespace);
    if options.create_namespace
        && !has_namespace
        && !cluster.namespace_exists(&namespace).await.unwrap_or(true)
    {
        objects.insert(
            0,
            Object {
                api_version: "v1".to_string(),
                kind: "Namespace".to_string(),
                namespace: None,
                name: namespace.clone(),
                manifest: serde_json::json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": namespace}}),
            },
        );
    }
    let mut warnings = rendered.warnings;
    options.hooks.apply(&mut objects, &mut warnings);
    let package = offline::package_info(&fetched.package, &fetched.source, rendered.bundle, digest);
    let images = mirror_images(
        &fetched.source,
        &options.images,
        &mut objects,
        &mut deferred_hooks,
        &package,
        &mut warnings,
    )
    .await?;
    let desired = Desired {
        operation: Operation::Install,
        release: ReleaseTarget {
            name: release.to_string(),
            namespace: namespace.clone(),
            revision: history.last().map_or(1, |l| l.revision + 1),
        },
        package,
        requirements,
        images,
        values: rendered.values,
        notes: rendered.notes,
        warnings,
        objects,
        deferred_hooks,
        previous,
        declared: fetched.package.metadata.permissions.clone(),
        adopt: options.adopt,
        deployed: None,
        declared_namespaces: Some(rendered.other_namespaces),
    };
    online::plan(cluster, &discovery, desired).await
}

/// Rewrites the images of a fetched package's objects and hooks to the
/// mirrored copies its source names ([`Source::images`]), then looks them
/// up in their registries as `check` says (pinning mirrored tags).
async fn mirror_images(
    source: &Source,
    check: &ImageCheck,
    objects: &mut [Object],
    hooks: &mut [Object],
    package: &crate::plan::PackageInfo,
    warnings: &mut Vec<String>,
) -> Result<crate::mirror::Rewrite, PlanError> {
    let related = offline::related_images(package);
    let mut rewrite = source
        .images
        .apply(objects.iter_mut().chain(hooks.iter_mut()), related)?;
    warnings.extend(images::check_images(check, objects, hooks, related, &mut rewrite).await?);
    Ok(rewrite)
}

/// Plans upgrading a release to a fetched package: changed objects updated,
/// dropped ones pruned. Without a configuration of its own (`--config`), the
/// upgrade keeps the one the deployed revision was planned with.
pub async fn plan_upgrade(
    cluster: &Cluster,
    store: &ReleaseStore,
    fetched: &Fetched,
    release: &str,
    adopt: bool,
    hooks: Hooks,
    image_check: &ImageCheck,
) -> Result<Plan, PlanError> {
    let namespace = cluster.namespace.clone();
    let current = deployed(store, &namespace, release).await?;
    let previous = release_objects(store, &namespace, release, Some(&current)).await?;
    let revision = next_revision(store, &namespace, release).await?;
    // Without a configuration of its own, the format says which: a bundle
    // keeps the deployed one (a chart's values follow Helm's rules instead).
    let config = if fetched.source.config.is_empty() {
        fetched
            .package
            .content
            .format()
            .upgrade_config(current.plan.values.as_ref())
    } else {
        fetched.source.config.clone()
    };
    let target = facts::Target {
        release,
        namespace: &namespace,
        upgrade: Some((revision, current.plan.values.as_ref())),
    };
    let digest = offline::PackageDigest::start(&fetched.package, &fetched.source);
    let RenderedOnline {
        mut objects,
        mut deferred_hooks,
        discovery,
        rendered,
        requirements,
    } = render_online(cluster, fetched, &config, &target, &previous).await?;
    let mut warnings = rendered.warnings;
    hooks.apply(&mut objects, &mut warnings);
    let package = offline::package_info(&fetched.package, &fetched.source, rendered.bundle, digest);
    let images = mirror_images(
        &fetched.source,
        image_check,
        &mut objects,
        &mut deferred_hooks,
        &package,
        &mut warnings,
    )
    .await?;
    let desired = Desired {
        operation: Operation::Upgrade,
        release: ReleaseTarget {
            name: release.to_string(),
            namespace: namespace.clone(),
            revision,
        },
        package,
        requirements,
        images,
        values: rendered.values,
        notes: rendered.notes,
        warnings,
        objects,
        deferred_hooks,
        previous,
        declared: fetched.package.metadata.permissions.clone(),
        adopt,
        deployed: Some(current.plan),
        declared_namespaces: Some(rendered.other_namespaces),
    };
    online::plan(cluster, &discovery, desired).await
}

/// Plans re-applying revision `to` (default: the one deployed before the current one),
/// from its stored objects: no package is fetched (the images are looked up
/// as `image_check` says).
pub async fn plan_rollback(
    cluster: &Cluster,
    store: &ReleaseStore,
    release: &str,
    to: Option<u32>,
    hooks: Hooks,
    image_check: &ImageCheck,
) -> Result<Plan, PlanError> {
    let namespace = cluster.namespace.clone();
    let current = deployed(store, &namespace, release).await?;
    let history = store.history(&namespace, release).await?;
    let current_revision = current.plan.release.revision;
    let target = match to {
        Some(revision) => revision,
        None => history
            .iter()
            .rev()
            .find(|s| s.revision < current_revision && s.status == Status::Superseded)
            .map(|s| s.revision)
            .ok_or_else(|| PlanError::Rollback {
                name: release.to_string(),
                revision: current_revision.saturating_sub(1),
                reason: "there is no earlier deployed revision".to_string(),
            })?,
    };
    let summary = history
        .iter()
        .find(|s| s.revision == target)
        .ok_or_else(|| PlanError::Rollback {
            name: release.to_string(),
            revision: target,
            reason: "no such revision".to_string(),
        })?;
    if !matches!(summary.status, Status::Deployed | Status::Superseded)
        || summary.operation == Operation::Uninstall
    {
        return Err(PlanError::Rollback {
            name: release.to_string(),
            revision: target,
            reason: format!("it was never deployed (status {})", summary.status.as_str()),
        });
    }
    let record = store.load(&namespace, release, target).await?;
    let mut objects = kept_objects(&record.plan);
    // As Helm does, the revision rolled back to brings its own rollback hooks.
    objects.extend(deferred_hooks_for(
        &record.plan,
        HookEvent::PreRollback,
        HookEvent::PostRollback,
    ));
    render::sort_for_apply(&mut objects);
    let mut warnings = Vec::new();
    hooks.apply(&mut objects, &mut warnings);
    let mut deferred_hooks: Vec<Object> = record
        .plan
        .deferred_hooks
        .iter()
        .map(|h| h.to_object())
        .collect();
    let mut rewrite = crate::mirror::Rewrite::of(&record.plan.images);
    warnings.extend(
        images::check_images(
            image_check,
            &mut objects,
            &mut deferred_hooks,
            &[],
            &mut rewrite,
        )
        .await?,
    );
    let previous = release_objects(store, &namespace, release, Some(&current)).await?;
    let mut discovery = cluster
        .discover(&online::discover_for(objects.iter().chain(&previous)))
        .await?;
    discovery.learn_crds(objects.iter().map(|o| &o.manifest));
    let desired = Desired {
        operation: Operation::Rollback,
        release: ReleaseTarget {
            name: release.to_string(),
            namespace: namespace.clone(),
            revision: next_revision(store, &namespace, release).await?,
        },
        package: record.plan.package.clone(),
        requirements: Default::default(),
        images: rewrite,
        values: record.plan.values.clone(),
        notes: None,
        warnings,
        objects,
        deferred_hooks,
        previous,
        declared: record.plan.permissions.declared.clone(),
        declared_namespaces: Some(declared_namespaces_of(&record.plan)),
        adopt: false,
        deployed: Some(current.plan),
    };
    online::plan(cluster, &discovery, desired).await
}

/// The namespaces besides the release's that a revision's package declared:
/// those its objects are in, except the ones its plan flagged as undeclared.
fn declared_namespaces_of(plan: &Plan) -> Vec<String> {
    let flagged: BTreeSet<&str> = plan
        .permissions
        .risks
        .iter()
        .filter(|risk| risk.rule == crate::permissions::UNDECLARED_NAMESPACE_RULE)
        .map(|risk| risk.object.as_str())
        .collect();
    let mut declared: Vec<String> = plan
        .objects
        .iter()
        .filter(|o| !flagged.contains(o.key().to_string().as_str()))
        .filter_map(|o| o.namespace.clone())
        .filter(|namespace| *namespace != plan.release.namespace)
        .collect();
    declared.sort();
    declared.dedup();
    declared
}

/// Plans deleting every object of a release's deployed revision, between the
/// `pre-delete` and `post-delete` hooks that revision kept.
pub async fn plan_uninstall(
    cluster: &Cluster,
    store: &ReleaseStore,
    release: &str,
    run_hooks: Hooks,
) -> Result<Plan, PlanError> {
    let namespace = cluster.namespace.clone();
    let mut warnings = Vec::new();
    let (current, mut hooks) = match deployed(store, &namespace, release).await {
        Ok(current) => {
            let hooks =
                deferred_hooks_for(&current.plan, HookEvent::PreDelete, HookEvent::PostDelete);
            (Some(current), hooks)
        }
        // An install that failed or was interrupted left what it created:
        // uninstalling removes that, without hooks (none was deployed).
        Err(PlanError::NotInstalled { .. }) => (None, Vec::new()),
        Err(other) => return Err(other),
    };
    let previous = release_objects(store, &namespace, release, current.as_ref()).await?;
    let package = match current {
        Some(current) => current.plan.package,
        None => {
            let attempt = never_deployed_attempt(store, &namespace, release).await?;
            warnings.push(format!(
                "no revision of {release} was ever deployed: this removes what revision {} ({}) created before it stopped; no delete hooks run",
                attempt.plan.release.revision,
                attempt.status.as_str()
            ));
            attempt.plan.package
        }
    };
    render::sort_for_apply(&mut hooks);
    run_hooks.apply(&mut hooks, &mut warnings);
    let discovery = cluster
        .discover(&online::discover_for(previous.iter().chain(&hooks)))
        .await?;
    let desired = Desired {
        operation: Operation::Uninstall,
        release: ReleaseTarget {
            name: release.to_string(),
            namespace: namespace.clone(),
            revision: next_revision(store, &namespace, release).await?,
        },
        package,
        requirements: Default::default(),
        images: Default::default(),
        values: None,
        notes: None,
        warnings,
        objects: hooks,
        deferred_hooks: Vec::new(),
        previous,
        declared: Vec::new(),
        adopt: false,
        deployed: None,
        declared_namespaces: None,
    };
    online::plan(cluster, &discovery, desired).await
}
