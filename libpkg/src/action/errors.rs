//! Why an operation could not be planned or applied.

use crate::apiserver::known_bugs::KnownBug;
use crate::cluster::ClusterError;
use crate::plan::HashMismatch;
use crate::release::{LockError, ReleaseError};
use crate::render::RenderError;

use crate::remedy::{Remedy, Setting};

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
    /// The configuration given does not fit the package.
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
        "values ({}) apply to Helm charts and Carvel packages only; this package's format is {format}",
        Setting::Values
    )]
    ValuesNotTaken {
        /// The package's format.
        format: String,
    },
    /// The API server failed.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// Custom resources of a CustomResourceDefinition the plan creates break
    /// its schema (each with the field at fault): refused before anything is
    /// written, as the server's dry run refuses other objects.
    #[error(
        "{} custom resource field(s) break their CustomResourceDefinition's schema, nothing was written:\n  - {}",
        violations.len(),
        violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n  - ")
    )]
    CustomResourcesInvalid {
        /// Each violation.
        violations: Vec<crate::crd_schema::Violation>,
    },
    /// Objects the API server cannot dry-run (their namespace is new, say)
    /// break the cluster's OpenAPI schema (each with the field at fault):
    /// refused before anything is written, as the server would refuse them
    /// halfway through the apply.
    #[error(
        "{} field(s) break the cluster's OpenAPI schema in objects the API server could not dry-run, nothing was written ({} skips this check):\n  - {}",
        violations.len(),
        Setting::NoValidation,
        violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n  - ")
    )]
    ObjectsInvalid {
        /// Each violation.
        violations: Vec<crate::crd_schema::Violation>,
    },
    /// The cluster changed since the plan was made (a stack's release whose
    /// custom resources' CRD an earlier release created, checked once it
    /// exists).
    #[error(transparent)]
    Drifted(#[from] super::DriftError),
    /// The release records could not be read.
    #[error(transparent)]
    Release(#[from] ReleaseError),
    /// A Helm release that cannot be taken over.
    #[error(transparent)]
    HelmRecords(#[from] crate::release::helm::HelmRecordsError),
    /// The release is kubectl-pkg's already.
    #[error(
        "release {name:?} in namespace {namespace:?} is managed by kubectl-pkg already ({})",
        Remedy::History { name: name.clone(), namespace: namespace.clone() }
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
        "namespace {namespace:?} does not exist; create it first (kubectl create namespace {namespace}) or pass {}",
        Setting::CreateNamespace
    )]
    NamespaceMissing {
        /// The namespace.
        namespace: String,
    },
    /// An object exists and belongs to someone else.
    #[error(
        "{object} already exists and belongs to {owner}; pass {} to take it over",
        Setting::Adopt
    )]
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
        "{object}: the API server rejected it{}",
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
        "release {name:?} already exists in namespace {namespace:?} (revision {revision}, {status}); use {}",
        PlanError::upgrade_instead(name, namespace, reference)
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
        "release {name:?} in namespace {namespace:?} has no deployed revision; install it first: {}",
        Remedy::InstallOver { name: name.clone(), namespace: namespace.clone() }
    )]
    NotInstalled {
        /// Name.
        name: String,
        /// Namespace.
        namespace: String,
    },
    /// `upgrade` without a package named, of a release whose source cannot be
    /// upgraded from (a local directory or archive, an unconfigured repository).
    #[error("{reason}")]
    NoUpgradeSource {
        /// The release name.
        name: String,
        /// Why, and what to do.
        reason: String,
    },
    /// Requirements of the package that nothing satisfies (all of them,
    /// each with what would satisfy it); skipping requirements plans anyway.
    #[error(
        "{} requirement(s) not met, nothing was written: {}; pass {} to plan anyway",
        unmet.len(),
        crate::requirements::describe_unmet(unmet),
        Setting::SkipRequirements
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

impl PlanError {
    /// What the user can do about this error, as its message says it
    /// (see [`crate::remedy`]).
    pub fn remedies(&self) -> Vec<Remedy> {
        match self {
            PlanError::AlreadyManaged { name, namespace } => vec![Remedy::History {
                name: name.clone(),
                namespace: namespace.clone(),
            }],
            PlanError::AlreadyInstalled {
                reference,
                name,
                namespace,
                ..
            } => vec![PlanError::upgrade_instead(name, namespace, reference)],
            PlanError::NotInstalled { name, namespace } => vec![Remedy::InstallOver {
                name: name.clone(),
                namespace: namespace.clone(),
            }],
            PlanError::RequirementsUnmet { unmet } => (unmet.iter())
                .filter_map(|entry| entry.fix.clone())
                .chain([Remedy::Set(Setting::SkipRequirements)])
                .collect(),
            PlanError::ValuesNotTaken { .. } => vec![Remedy::Set(Setting::Values)],
            PlanError::ObjectsInvalid { .. } => vec![Remedy::Set(Setting::NoValidation)],
            PlanError::NamespaceMissing { .. } => vec![Remedy::Set(Setting::CreateNamespace)],
            PlanError::Conflict { .. } => vec![Remedy::Set(Setting::Adopt)],
            PlanError::ImagesMissing(_) => vec![Remedy::Set(Setting::SkipImageCheck)],
            PlanError::NotMirrored(_) => vec![
                Remedy::Set(Setting::ImageRegistry),
                Remedy::Set(Setting::RequireMirroredImages),
            ],
            _ => Vec::new(),
        }
    }

    /// Upgrading the release `install` found: a registry package upgrades
    /// from the repository it came from (so its pinned reference is left
    /// out); a directory or an archive is named again.
    fn upgrade_instead(name: &str, namespace: &str, reference: &str) -> Remedy {
        Remedy::Upgrade {
            name: name.to_string(),
            namespace: namespace.to_string(),
            package: (!crate::reference::OciRef::is_url(reference)).then(|| reference.to_string()),
            version: None,
        }
    }
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

impl ApplyError {
    /// What the user can do about this error, as its message says it
    /// (see [`crate::remedy`]).
    pub fn remedies(&self) -> Vec<Remedy> {
        match self {
            ApplyError::Masked => vec![Remedy::Set(Setting::SaveToFile)],
            _ => Vec::new(),
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
        "this plan has masked Secret values (it was printed for review); save the plan with {} and apply that file",
        Setting::SaveToFile
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
    #[error("{object}")]
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
    #[error("applying failed, and {} {restored}", Setting::Atomic)]
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
