//! The plan: the complete, deterministic description of one operation.
//!
//! Its JSON keys are a public contract (docs/plan-format.md). The `hash` is
//! sha256 over the canonical JSON (keys sorted at every level, no whitespace)
//! of everything else, so the same inputs give the same hash byte for byte, and
//! any edit to a saved plan is detected. Nothing time-, random- or
//! host-dependent is part of a plan.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::manifest::Manifest;
use crate::names::{NameError, Namespace, ReleaseName};
use crate::object::{Object, ObjectKey};
use crate::permissions::{Image, PermissionChanges, Permissions};
use crate::review::approval::Approval;
use crate::review::policy::{PolicyError, PolicyRecord, RiskPolicy};
use crate::version::Candidate;

mod warning;
pub use warning::{Warning, WarningCode};

/// `apiVersion` of a plan document.
pub const PLAN_API_VERSION: &str = "kubectl-pkg.dev/v1alpha1";
/// `kind` of a plan document.
pub const PLAN_KIND: &str = "Plan";
/// What masked Secret values are replaced with in plans shown for review.
pub const MASKED: &str = "<masked>";
/// The largest plan file read (a plan holds every manifest, so it can be large).
pub const MAX_PLAN_FILE_BYTES: u64 = 64 << 20;

/// The operation a plan performs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    /// A new release.
    Install,
    /// A new revision of an existing release from a (new) package version.
    Upgrade,
    /// A new revision re-applying an earlier revision's objects.
    Rollback,
    /// Deleting a release's objects.
    Uninstall,
    /// A revision copied from another tool's records (Helm's, when its
    /// release was taken over): what that tool applied, never applied here.
    Import,
}

/// What happens to one object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// The object does not exist and will be created.
    Create,
    /// The object exists and will change.
    Update,
    /// The object exists and is already as desired.
    Unchanged,
    /// The object will be deleted.
    Delete,
}

impl Operation {
    /// The name plans and records use (`install`, `rollback`).
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Install => "install",
            Operation::Upgrade => "upgrade",
            Operation::Rollback => "rollback",
            Operation::Uninstall => "uninstall",
            Operation::Import => "import",
        }
    }
}

impl std::fmt::Display for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Action {
    /// The name plans use (`create`, `unchanged`).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Unchanged => "unchanged",
            Action::Delete => "delete",
        }
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The release a plan is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "UncheckedTarget")]
pub struct ReleaseTarget {
    /// Release name.
    pub name: ReleaseName,
    /// Release namespace.
    pub namespace: Namespace,
    /// The revision this plan would create.
    pub revision: u32,
}

/// A [`ReleaseTarget`] as read, before its names are checked: so that a bad
/// one is reported with the key it is at (`release.name`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct UncheckedTarget {
    name: String,
    namespace: String,
    revision: u32,
}

impl TryFrom<UncheckedTarget> for ReleaseTarget {
    type Error = String;

    fn try_from(target: UncheckedTarget) -> Result<ReleaseTarget, String> {
        let invalid = |key: &str, value: &str, reason: NameError| {
            format!("release.{key} {value:?} is invalid: {reason}")
        };
        Ok(ReleaseTarget {
            name: ReleaseName::new(target.name.as_str())
                .map_err(|reason| invalid("name", &target.name, reason))?,
            namespace: Namespace::new(target.namespace.as_str())
                .map_err(|reason| invalid("namespace", &target.namespace, reason))?,
            revision: target.revision,
        })
    }
}

impl ReleaseTarget {
    /// The release this revision belongs to.
    pub fn id(&self) -> ReleaseId {
        ReleaseId::new(self.namespace.clone(), self.name.clone())
    }
}

/// A release: a name in a namespace. Every operation names one explicitly,
/// rather than reading the namespace from the cluster connection, so one
/// connection serves the releases of a whole stack. Both parts are checked
/// names of their own types, so they cannot be given one for the other.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReleaseId {
    /// The namespace that holds the release's history.
    pub namespace: Namespace,
    /// The release name.
    pub name: ReleaseName,
}

impl ReleaseId {
    /// The release `name` in `namespace`.
    pub fn new(namespace: Namespace, name: ReleaseName) -> ReleaseId {
        ReleaseId { namespace, name }
    }

    /// This release's revision `revision` (what a plan creates).
    pub fn revision(&self, revision: u32) -> ReleaseTarget {
        ReleaseTarget {
            name: self.name.clone(),
            namespace: self.namespace.clone(),
            revision,
        }
    }
}

/// `NAMESPACE/NAME`.
impl std::fmt::Display for ReleaseId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.namespace, self.name)
    }
}

/// The cluster a plan was made against; empty when offline.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClusterInfo {
    /// API server URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// Kubeconfig context name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    /// Server version (`v1.20.2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// A package format, as plans record it (`package.format`): the strings are
/// part of the plan format (and of its hash), so each variant serializes as
/// the name the format has always had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PackageFormat {
    /// A kubectl-pkg package: `package.yaml` and `manifests/`.
    #[serde(rename = "plain")]
    Plain,
    /// A Helm chart.
    #[serde(rename = "helm")]
    Helm,
    /// An OLM `registry+v1` bundle.
    #[serde(rename = "registry+v1")]
    RegistryV1,
    /// A Carvel package from a PackageRepository.
    #[serde(rename = "carvel")]
    Carvel,
}

impl PackageFormat {
    /// The name, as plans and messages write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Plain => "plain",
            Self::Helm => "helm",
            Self::RegistryV1 => "registry+v1",
            Self::Carvel => "carvel",
        }
    }
}

impl std::fmt::Display for PackageFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which package, which version, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PackageInfo {
    /// Package name.
    pub name: String,
    /// Chosen version.
    pub version: String,
    /// The constraint asked for (`None`: newest stable, or a pinned reference).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constraint: Option<String>,
    /// Every tag considered, with notes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
    /// Where it came from, pinned: `oci://host/path/name@sha256:…`, or a path.
    pub reference: String,
    /// The package's manifest digest.
    pub digest: crate::digest::Digest,
    /// Package format.
    pub format: PackageFormat,
    /// For an OLM `registry+v1` bundle: what was installed and how.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bundle: Option<BundleInfo>,
    /// For a package resolved from an OLM File-Based Catalog: which catalog,
    /// channel and upgrade edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<CatalogInfo>,
    /// For a Carvel package: its repository (and digest), version, fetch and
    /// template steps, and the ytt that rendered it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carvel: Option<CarvelInfo>,
    /// The signature checks of the OCI artifacts it came from, as the trust
    /// policy asked for them: what verified (key, signature digest) or why
    /// not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub signatures: Vec<crate::signature::policy::SignatureCheck>,
}

impl PackageInfo {
    /// The OCI artifacts (`oci://…@sha256:…`) the package was made from:
    /// itself, the catalog or Carvel repository that named it, and a Carvel
    /// package's fetched images. What a trust policy is checked against when
    /// a saved plan is applied.
    pub fn artifacts(&self) -> Vec<String> {
        let carvel = self.carvel.iter().flat_map(|carvel| {
            let steps = carvel.fetch.iter().filter_map(|step| {
                let (kind, rest) = step.split_once(' ')?;
                matches!(kind, "imgpkgBundle" | "image")
                    .then(|| rest.split(' ').next().unwrap_or(rest))
            });
            std::iter::once(carvel.repository.as_str()).chain(steps)
        });
        std::iter::once(self.reference.as_str())
            .chain(self.catalog.iter().map(|c| c.reference.as_str()))
            .chain(carvel)
            .filter(|reference| crate::reference::OciRef::is_url(reference))
            .map(str::to_string)
            .collect()
    }
}

/// How a bundle was chosen from a File-Based Catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CatalogInfo {
    /// The repository (as configured) the catalog was read through.
    pub repository: String,
    /// The catalog: `oci://HOST/PATH:TAG@sha256:…` pinned, or its directory.
    pub reference: String,
    /// The catalog image's manifest digest; absent for a directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// The channel the bundle was chosen from.
    pub channel: String,
    /// The bundle's name in the catalog (its CSV name).
    pub bundle: String,
    /// For an upgrade: the installed bundle and the edge to the chosen one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrade_edge: Option<UpgradeEdge>,
    /// Deprecation notices of the package, channel or bundle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deprecations: Vec<String>,
}

/// The upgrade edge a catalog upgrade followed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpgradeEdge {
    /// The installed bundle.
    pub from: String,
    /// `replaces`, `skips`, `skipRange RANGE`, `same version` or `forced (--force-upgrade)`.
    pub via: String,
}

/// The OLM side of a `registry+v1` package: the ClusterServiceVersion, the
/// install mode chosen and the images the CSV names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BundleInfo {
    /// The OLM package name.
    pub package: String,
    /// The ClusterServiceVersion's name (`tinyop.v1.0.0`).
    pub csv_name: String,
    /// The ClusterServiceVersion's `spec.version`.
    pub csv_version: String,
    /// The install mode used: `AllNamespaces`, `OwnNamespace` or `SingleNamespace`.
    pub install_mode: String,
    /// The namespaces the operator watches (`[""]`: all).
    pub target_namespaces: Vec<String>,
    /// The CSV's `relatedImages`, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub related_images: Vec<String>,
}

/// What the plan records about a Carvel package (`package.carvel`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CarvelInfo {
    /// The PackageRepository: a pinned bundle reference or a directory.
    pub repository: String,
    /// The repository bundle's manifest digest; absent for a directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repository_digest: Option<String>,
    /// The Package's `refName`.
    pub ref_name: String,
    /// The Package's version.
    pub version: String,
    /// Each fetch step, pinned: `imgpkgBundle REF@sha256:…`, `inline`.
    pub fetch: Vec<String>,
    /// The template steps, in order (`ytt`, `kbld`, `helmTemplate`).
    pub template: Vec<String>,
    /// The ytt that renders it, when one is needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ytt: Option<YttTool>,
}

/// The ytt that renders a package, as the plan records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct YttTool {
    /// What `ytt version` printed (`ytt version 0.48.0`).
    pub version: String,
    /// sha256 of the binary, `sha256:…`.
    pub sha256: String,
}

/// One object of the plan and what happens to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlannedObject {
    /// apiVersion.
    pub api_version: String,
    /// kind.
    pub kind: String,
    /// Namespace, absent when cluster-scoped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// Name.
    pub name: String,
    /// What happens to it.
    pub action: Action,
    /// The manifest applied (for `delete`: the object as last applied).
    pub manifest: Manifest,
    /// The live object's resourceVersion the plan was computed against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_resource_version: Option<String>,
    /// Unified diff from live to desired, for updates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
    /// How it was validated before the first write; absent for deletions,
    /// in a plan made offline, and in plans saved before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validation: Option<Validation>,
}

/// How a planned object was validated before anything was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Validation {
    /// By the API server: a server-side dry run of its apply.
    #[serde(rename = "dryRun")]
    DryRun,
    /// Against the cluster's OpenAPI schema (`/openapi/v2`), where the
    /// server could not dry-run it (its namespace is new, say).
    #[serde(rename = "openAPI")]
    OpenApi,
    /// Against the schema of its CustomResourceDefinition, which the plan
    /// (or a stack's earlier release) creates.
    #[serde(rename = "crdSchema")]
    CrdSchema,
    /// Not validated before it is written: the server checks it as it is
    /// written (no schema of its kind is known, or `--validate=false`).
    #[serde(rename = "none")]
    NotValidated,
}

impl Validation {
    /// How the plan's views say it.
    pub fn as_str(self) -> &'static str {
        match self {
            Validation::DryRun => "dryRun",
            Validation::OpenApi => "openAPI",
            Validation::CrdSchema => "crdSchema",
            Validation::NotValidated => "none",
        }
    }
}

impl PlannedObject {
    /// `object` planned as created, with no live state and no diff: what a
    /// plan made without a cluster holds, and a revision copied from Helm.
    pub fn created(object: Object) -> PlannedObject {
        PlannedObject {
            api_version: object.api_version,
            kind: object.kind,
            namespace: object.namespace,
            name: object.name,
            action: Action::Create,
            manifest: object.manifest,
            live_resource_version: None,
            diff: None,
            validation: None,
        }
    }

    /// The object's identity.
    pub fn key(&self) -> ObjectKey {
        ObjectKey::new(
            &self.api_version,
            &self.kind,
            self.namespace.as_deref(),
            &self.name,
        )
    }

    /// The object with its manifest, without what the plan says about it.
    pub fn to_object(&self) -> Object {
        Object {
            api_version: self.api_version.clone(),
            kind: self.kind.clone(),
            namespace: self.namespace.clone(),
            name: self.name.clone(),
            manifest: self.manifest.clone(),
        }
    }
}

/// A chart hook rendered with this plan for a later operation on its revision:
/// `uninstall` runs the `pre-delete` and `post-delete` ones, a rollback to the
/// revision its `pre-rollback` and `post-rollback` ones. Those operations do
/// not render the chart again, so they run what was reviewed here; the hook's
/// `kubectl-pkg.dev/hook` annotation lists the events it runs on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeferredHook {
    /// apiVersion.
    pub api_version: String,
    /// kind.
    pub kind: String,
    /// Namespace, absent when cluster-scoped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// Name.
    pub name: String,
    /// The manifest, labelled for the release like every object of the plan.
    pub manifest: Manifest,
}

impl DeferredHook {
    /// The events it runs on, from its `kubectl-pkg.dev/hook` annotation.
    pub fn events(&self) -> impl Iterator<Item = &str> {
        crate::kinds::hook_of(&self.manifest)
            .unwrap_or_default()
            .split(',')
            .filter(|event| !event.is_empty())
    }

    /// The hook's identity.
    pub fn key(&self) -> ObjectKey {
        ObjectKey::new(
            &self.api_version,
            &self.kind,
            self.namespace.as_deref(),
            &self.name,
        )
    }

    /// The hook as an object, as kept.
    pub fn to_object(&self) -> Object {
        Object {
            api_version: self.api_version.clone(),
            kind: self.kind.clone(),
            namespace: self.namespace.clone(),
            name: self.name.clone(),
            manifest: self.manifest.clone(),
        }
    }

    /// The hook as an object to apply, marked with the one event it runs as.
    pub fn to_object_for(&self, event: &str) -> Object {
        let mut object = self.to_object();
        crate::kinds::mark_hook(&mut object.manifest, event);
        object
    }
}

impl From<Object> for DeferredHook {
    fn from(object: Object) -> DeferredHook {
        DeferredHook {
            api_version: object.api_version,
            kind: object.kind,
            namespace: object.namespace,
            name: object.name,
            manifest: object.manifest,
        }
    }
}

/// A revision of a release another tool managed, to be copied into the
/// release's history when the plan is applied: named by the digest of that
/// tool's record, so what is copied is what was reviewed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImportedRevision {
    /// The revision it becomes in this release's history.
    pub revision: u32,
    /// Where it comes from: `helm-release:NAMESPACE/NAME.vN`.
    pub reference: HelmRevision,
    /// `sha256:` of the other tool's record.
    pub digest: String,
    /// The other tool's status of it (`superseded`, `deployed`, `failed`, …).
    pub status: String,
    /// The package it installed.
    pub package: String,
    /// That package's version.
    pub version: String,
}

/// A revision of a release Helm installed, as plans name what they copy from
/// Helm's records: `helm-release:NAMESPACE/NAME.vN`, written and read here
/// only (a plan stores the string, so its hash is that of the string).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct HelmRevision {
    /// The release's namespace.
    pub namespace: String,
    /// The release's name.
    pub name: String,
    /// Helm's revision number.
    pub revision: u32,
}

impl HelmRevision {
    const PREFIX: &str = "helm-release:";

    /// Helm's release `release` as a whole, in the same form without a
    /// revision (`helm-release:NAMESPACE/NAME`), for messages about all of
    /// its records.
    pub fn release(release: &ReleaseId) -> String {
        format!("{}{release}", Self::PREFIX)
    }
}

impl std::fmt::Display for HelmRevision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (prefix, namespace, name) = (Self::PREFIX, &self.namespace, &self.name);
        write!(f, "{prefix}{namespace}/{name}.v{}", self.revision)
    }
}

impl std::str::FromStr for HelmRevision {
    type Err = String;

    /// Reads `helm-release:NAMESPACE/NAME.vN` (a release name may hold dots:
    /// the revision follows the last `.v`).
    fn from_str(text: &str) -> Result<Self, String> {
        let parsed = text.strip_prefix(Self::PREFIX).and_then(|rest| {
            let (namespace, rest) = rest.split_once('/')?;
            let (name, revision) = rest.rsplit_once(".v")?;
            let revision = revision.parse().ok()?;
            (!namespace.is_empty() && !name.is_empty()).then(|| Self {
                namespace: namespace.to_string(),
                name: name.to_string(),
                revision,
            })
        });
        parsed.ok_or_else(|| {
            format!("{text:?} is not a Helm revision (helm-release:NAMESPACE/NAME.vN)")
        })
    }
}

impl From<HelmRevision> for String {
    fn from(revision: HelmRevision) -> String {
        revision.to_string()
    }
}

impl TryFrom<String> for HelmRevision {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

/// The plan document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Plan {
    /// Always [`PLAN_API_VERSION`].
    pub api_version: String,
    /// Always [`PLAN_KIND`].
    pub kind: String,
    /// The operation.
    pub operation: Operation,
    /// The release and the revision this plan creates.
    pub release: ReleaseTarget,
    /// The cluster, empty when planned offline.
    pub cluster: ClusterInfo,
    /// The package.
    pub package: PackageInfo,
    /// What the package needs from the cluster, and what satisfies each
    /// need or why not (see [`crate::requirements`]). Left out when there is
    /// nothing to say (a rollback, an uninstall), so that plans made before
    /// it existed keep their hash.
    #[serde(
        default,
        skip_serializing_if = "crate::requirements::Requirements::is_empty"
    )]
    pub requirements: crate::requirements::Requirements,
    /// Values, for formats that take them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Value>,
    /// A chart's rendered `NOTES.txt`, shown after applying; never applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// Objects in apply order.
    pub objects: Vec<PlannedObject>,
    /// Hooks kept for later operations on the revision, never applied by this plan.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deferred_hooks: Vec<DeferredHook>,
    /// For a rollback: the revision whose objects it re-applies, so that
    /// `history` says which one it returned to. Left out otherwise (and by
    /// rollbacks planned before it was recorded), so other plans keep their hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollback_to: Option<u32>,
    /// The permission preview.
    pub permissions: Permissions,
    /// For an upgrade or rollback: what the preview allows that the deployed
    /// revision did not, and what it gives up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permission_changes: Option<PermissionChanges>,
    /// The risk policy the plan was checked against and the findings it
    /// accepted; absent when no policy was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<PolicyRecord>,
    /// Container images and whether they are pinned.
    pub images: Vec<Image>,
    /// Things the reviewer should know, each with a code saying what kind.
    pub warnings: Vec<Warning>,
    /// Revisions another tool recorded (Helm's, when its release is taken
    /// over), copied into this release's history, before this plan's revision,
    /// as it is applied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub imported_history: Vec<ImportedRevision>,
    /// `sha256:` over the canonical JSON of everything above.
    pub hash: crate::digest::PlanHash,
    /// Signed approvals of `hash` (`kubectl pkg approve`); outside the hash,
    /// since approving does not change what was approved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approvals: Vec<Approval>,
}

/// A plan whose hash does not match its content.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the plan's hash does not match its content (recorded {recorded}, computed {computed}): it was edited or is incomplete"
)]
pub struct HashMismatch {
    /// The hash in the document.
    pub recorded: String,
    /// The hash of its content.
    pub computed: String,
}

/// Why a saved plan cannot be applied or approved as it is
/// ([`Plan::check_saved`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedPlanError {
    /// Secret values were masked: the plan was written for review, and its
    /// Secrets would be applied as `<masked>`.
    #[error("it has masked Secret values: it was written for review, not saved whole")]
    Masked,
    /// The plan's hash does not match its content.
    #[error("it was edited after it was made")]
    Edited(#[source] HashMismatch),
}

/// A plan file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanFileError {
    /// Not JSON of the plan's shape (unknown fields are refused too).
    #[error("not a kubectl-pkg plan: {0}")]
    Malformed(String),
    /// A plan of another version of the format.
    #[error(
        "a plan of apiVersion {api_version:?} and kind {kind:?}; this version reads {PLAN_API_VERSION:?} {PLAN_KIND:?}"
    )]
    Version {
        /// The file's apiVersion.
        api_version: String,
        /// The file's kind.
        kind: String,
    },
}

/// Why a plan cannot be applied as it is ([`Plan::blockers`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocker {
    /// The installer lacks permissions the plan needs (its access check).
    MissingPermissions {
        /// How many.
        count: usize,
    },
    /// Requirements of the package are not met (and were not skipped).
    UnmetRequirements {
        /// How many.
        count: usize,
    },
}

impl std::fmt::Display for Blocker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Blocker::MissingPermissions { count } => {
                write!(f, "the installer lacks {count} permission(s)")
            }
            Blocker::UnmetRequirements { count } => write!(f, "{count} unmet requirement(s)"),
        }
    }
}

impl Plan {
    /// The CustomResourceDefinitions the plan creates, updates or keeps:
    /// their kinds are served once it is applied.
    pub fn crds(&self) -> impl Iterator<Item = &PlannedObject> {
        (self.objects.iter())
            .filter(|o| o.kind == "CustomResourceDefinition" && o.action != Action::Delete)
    }

    /// Reads a plan file. Before anything else (the hash included) it checks
    /// that the text is a plan of this version, that it has exactly the plan's
    /// shape (unknown fields anywhere are refused, with their line), and that
    /// every object's manifest is the object its entry names, so the table a
    /// reviewer reads is what would be applied.
    pub fn from_json(text: &str) -> Result<Plan, PlanFileError> {
        let malformed = |message: String| PlanFileError::Malformed(message);
        let header: Value =
            serde_json::from_str(text).map_err(|e| malformed(format!("not JSON: {e}")))?;
        let Value::Object(header) = header else {
            return Err(malformed("a plan file holds one JSON object".to_string()));
        };
        let field = |key: &str| header.get(key).and_then(Value::as_str);
        match (field("apiVersion"), field("kind")) {
            (Some(PLAN_API_VERSION), Some(PLAN_KIND)) => {}
            (Some(api_version), Some(kind)) => {
                return Err(PlanFileError::Version {
                    api_version: api_version.to_string(),
                    kind: kind.to_string(),
                });
            }
            _ => {
                return Err(malformed(
                    "no apiVersion and kind: not a kubectl-pkg plan file".to_string(),
                ));
            }
        }
        // From the text, not the parsed value, so that errors carry a line and column.
        let plan: Plan = serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
        plan.check_consistency().map_err(malformed)?;
        Ok(plan)
    }

    /// The checks the types cannot express: a well-formed hash, and
    /// manifests that are the objects their entries name.
    fn check_consistency(&self) -> Result<(), String> {
        let hex = self.hash.strip_prefix("sha256:").unwrap_or_default();
        if hex.len() != 64 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!(
                "hash {:?} is not sha256: and 64 hex digits",
                self.hash
            ));
        }
        for (index, o) in self.objects.iter().enumerate() {
            let identity = (&o.api_version, &o.kind, &o.namespace, &o.name);
            check_manifest(&format!("objects[{index}]"), identity, &o.manifest)?;
        }
        for (index, h) in self.deferred_hooks.iter().enumerate() {
            let identity = (&h.api_version, &h.kind, &h.namespace, &h.name);
            check_manifest(&format!("deferredHooks[{index}]"), identity, &h.manifest)?;
        }
        Ok(())
    }

    /// Checks the plan's findings against a risk policy and records the
    /// outcome in the plan (which is sealed again: the policy section is
    /// part of what is reviewed and hashed). Approvals are dropped: they
    /// approved the plan without it.
    pub fn with_policy(mut self, policy: &RiskPolicy) -> Result<Plan, PolicyError> {
        self.apply_policy(policy)?;
        Ok(self)
    }

    /// [`Plan::with_policy`] in place, the plan unchanged when the policy
    /// refuses it: a large plan is checked without a copy of it (one of a
    /// 10,000-object release holds every object's manifest).
    pub fn apply_policy(&mut self, policy: &RiskPolicy) -> Result<(), PolicyError> {
        self.policy = Some(policy.evaluate(&self.permissions.risks)?);
        self.approvals.clear();
        self.hash = self.compute_hash().into();
        Ok(())
    }

    /// Computes and stores the hash. Call once all fields are final.
    pub fn seal(mut self) -> Plan {
        self.hash = self.compute_hash().into();
        self
    }

    /// sha256 over the canonical JSON of the plan without its `hash` field
    /// (nor its approvals, which approve that hash).
    pub fn compute_hash(&self) -> String {
        let skip = ["hash", "approvals"];
        let mut digest = Sha256::new();
        crate::canonical::write_without_in_parallel(
            self,
            &skip,
            "objects",
            &self.objects,
            |bytes| digest.update(bytes),
        )
        .expect("a plan serializes");
        format!("sha256:{}", hex::encode(digest.finalize()))
    }

    /// Checks that the recorded hash matches the content.
    pub fn verify_hash(&self) -> Result<(), HashMismatch> {
        let computed = self.compute_hash();
        if computed == self.hash {
            Ok(())
        } else {
            Err(HashMismatch {
                recorded: self.hash.to_string(),
                computed,
            })
        }
    }

    /// That the plan, as saved, can be applied or approved: whole (not
    /// masked for review) and with its hash matching its content.
    pub fn check_saved(&self) -> Result<(), SavedPlanError> {
        if self.is_masked() {
            return Err(SavedPlanError::Masked);
        }
        self.verify_hash().map_err(SavedPlanError::Edited)
    }

    /// Whether applying the plan would change anything.
    pub fn has_changes(&self) -> bool {
        self.objects.iter().any(|o| o.action != Action::Unchanged)
    }

    /// Why the plan cannot be applied as it is (empty: it can): what every
    /// view's verdict says, decided here once.
    pub fn blockers(&self) -> Vec<Blocker> {
        let mut blockers = Vec::new();
        let missing = self.permissions.installer.missing.len();
        if missing > 0 {
            blockers.push(Blocker::MissingPermissions { count: missing });
        }
        let unmet = self.requirements.unmet().count();
        if unmet > 0 && !self.requirements.skipped {
            blockers.push(Blocker::UnmetRequirements { count: unmet });
        }
        blockers
    }

    /// The plan for showing: Secret `data` and `stringData` values replaced by
    /// [`MASKED`] (keys stay visible), and so are the chart values whose key
    /// names a secret (see [`is_secret_key`]). The hash is the real plan's, so a masked
    /// plan can be matched to the one applied, but it cannot be applied itself.
    pub fn masked(&self) -> Plan {
        self.clone().into_masked()
    }

    /// [`Plan::masked`] in place, for a caller done with the real plan: a
    /// large plan is not copied only to be shown.
    pub fn into_masked(mut self) -> Plan {
        let objects = self
            .objects
            .iter_mut()
            .map(|o| (&o.api_version, &o.kind, &mut o.manifest));
        let hooks = self
            .deferred_hooks
            .iter_mut()
            .map(|h| (&h.api_version, &h.kind, &mut h.manifest));
        for (api_version, kind, manifest) in objects.chain(hooks) {
            if kind == "Secret" && api_version == "v1" {
                mask_secret(manifest);
            }
        }
        if let Some(values) = &mut self.values {
            mask_secret_values(values);
        }
        self
    }

    /// The chart values with those under secret-naming keys masked, as
    /// [`Plan::masked`] shows them: what a view that prints the values but no
    /// Secret's data needs, without a masked copy of the whole plan.
    pub fn masked_values(&self) -> Option<Value> {
        self.values.clone().map(|mut values| {
            mask_secret_values(&mut values);
            values
        })
    }

    /// Whether any Secret value in the plan has been masked (such a plan is for review only).
    pub fn is_masked(&self) -> bool {
        let objects = self.objects.iter().map(|o| (&o.kind, &o.manifest));
        let hooks = self.deferred_hooks.iter().map(|h| (&h.kind, &h.manifest));
        self.values.as_ref().is_some_and(has_masked_value)
            || objects.chain(hooks).any(|(kind, manifest)| {
                kind == "Secret"
                    && ["data", "stringData"].iter().any(|section| {
                        manifest
                            .get(section)
                            .and_then(Manifest::as_object)
                            .is_some_and(|map| map.values().any(|v| v == MASKED))
                    })
            })
    }

    /// The plan as pretty JSON (the `--out` file format).
    pub fn to_json_pretty(&self) -> String {
        let mut text = Vec::new();
        self.write_json_pretty(&mut text)
            .expect("a plan serializes to memory");
        String::from_utf8(text).expect("JSON is UTF-8")
    }

    /// Writes [`Plan::to_json_pretty`]'s text to `out` as it is serialized,
    /// without holding it whole (a 50,000-object plan's is 79 MB).
    pub fn write_json_pretty<W: std::io::Write>(&self, mut out: W) -> std::io::Result<()> {
        serde_json::to_writer_pretty(&mut out, self)?;
        out.write_all(b"\n")
    }
}

/// That `manifest` is the object its plan entry names (`apiVersion`, `kind`,
/// `metadata.name` and `metadata.namespace`), so the table a reviewer reads is
/// what would be applied.
fn check_manifest(
    entry: &str,
    (api_version, kind, namespace, name): (&String, &String, &Option<String>, &String),
    manifest: &Manifest,
) -> Result<(), String> {
    let entry = format!(
        "{entry} ({kind} {}{name})",
        namespace
            .as_deref()
            .map_or(String::new(), |ns| format!("{ns}/")),
    );
    let metadata = manifest.get("metadata");
    let text = |value: Option<&Manifest>| value.and_then(Manifest::as_str).map(str::to_string);
    let expected = [
        (
            "apiVersion",
            text(manifest.get("apiVersion")),
            Some(api_version.clone()),
        ),
        ("kind", text(manifest.get("kind")), Some(kind.clone())),
        (
            "metadata.name",
            text(metadata.and_then(|m| m.get("name"))),
            Some(name.clone()),
        ),
        (
            "metadata.namespace",
            text(metadata.and_then(|m| m.get("namespace"))),
            namespace.clone(),
        ),
    ];
    let shown = |value: Option<String>| value.map_or("absent".to_string(), |v| format!("{v:?}"));
    for (field, found, wanted) in expected {
        if found != wanted {
            return Err(format!(
                "{entry}: the manifest's {field} is {}, but the entry says {}",
                shown(found),
                shown(wanted)
            ));
        }
    }
    Ok(())
}

/// Replaces the values of a Secret's `data` and `stringData` with [`MASKED`].
pub fn mask_secret(manifest: &mut Manifest) {
    for section in ["data", "stringData"] {
        if let Some(Manifest::Object(map)) = manifest.get_mut(section) {
            for value in map.values_mut() {
                *value = Manifest::from(MASKED);
            }
        }
    }
}

/// Whether a values key names a secret: it contains `password`, `passwd`,
/// `secret`, `token`, `apikey`, `api_key`, `privatekey`, `private_key` or
/// `credential` (in any case).
pub fn is_secret_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    [
        "password",
        "passwd",
        "secret",
        "token",
        "apikey",
        "api_key",
        "privatekey",
        "private_key",
        "credential",
    ]
    .iter()
    .any(|word| key.contains(word))
}

/// Masks the scalar values under secret-naming keys, at any depth.
fn mask_secret_values(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                if is_secret_key(key) && !item.is_object() && !item.is_array() && !item.is_null() {
                    *item = Value::String(MASKED.to_string());
                } else {
                    mask_secret_values(item);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(mask_secret_values),
        _ => {}
    }
}

fn has_masked_value(value: &Value) -> bool {
    match value {
        Value::String(text) => text == MASKED,
        Value::Object(map) => map.values().any(has_masked_value),
        Value::Array(items) => items.iter().any(has_masked_value),
        _ => false,
    }
}

/// Canonical JSON: object keys sorted at every level, no insignificant whitespace.
pub fn canonical_json(value: &(impl Serialize + ?Sized)) -> String {
    let json = crate::canonical::to_vec(value).expect("a JSON value serializes");
    String::from_utf8(json).expect("JSON is UTF-8")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn operations_and_actions_display_as_plans_name_them() {
        for operation in [
            Operation::Install,
            Operation::Upgrade,
            Operation::Rollback,
            Operation::Uninstall,
            Operation::Import,
        ] {
            assert_eq!(serde_json::json!(operation), operation.to_string());
        }
        for action in [
            Action::Create,
            Action::Update,
            Action::Unchanged,
            Action::Delete,
        ] {
            assert_eq!(serde_json::json!(action), action.to_string());
        }
    }
    use serde_json::json;

    #[test]
    fn a_plan_is_blocked_by_missing_permissions_and_unskipped_unmet_requirements() {
        let mut plan = sample();
        assert_eq!(plan.blockers(), []);
        plan.permissions
            .installer
            .missing
            .push(crate::permissions::MissingPermission {
                verb: "create".into(),
                group: "rbac.authorization.k8s.io".into(),
                resource: "clusterroles".into(),
                namespace: None,
            });
        plan.requirements.entries[0].state = crate::requirements::State::Unmet;
        assert_eq!(
            plan.blockers(),
            [
                Blocker::MissingPermissions { count: 1 },
                Blocker::UnmetRequirements { count: 1 }
            ]
        );
        assert_eq!(
            plan.blockers()[0].to_string(),
            "the installer lacks 1 permission(s)"
        );
        plan.requirements.skipped = true;
        assert_eq!(plan.blockers(), [Blocker::MissingPermissions { count: 1 }]);
    }

    /// Release `name` in `namespace`, for tests, whose names are valid.
    pub(crate) fn release(namespace: &str, name: &str) -> ReleaseId {
        ReleaseId::new(namespace.parse().unwrap(), name.parse().unwrap())
    }

    pub(crate) fn sample() -> Plan {
        Plan {
            api_version: PLAN_API_VERSION.into(),
            kind: PLAN_KIND.into(),
            operation: Operation::Install,
            release: release("apps", "demo").revision(1),
            cluster: ClusterInfo::default(),
            package: PackageInfo {
                name: "demo".into(),
                version: "1.0.0".into(),
                constraint: None,
                candidates: vec![],
                reference: "./demo".into(),
                digest: "sha256:00".into(),
                format: PackageFormat::Plain,
                bundle: None,
                catalog: None,
                carvel: None,
                signatures: vec![],
            },
            requirements: crate::requirements::Requirements::offline(
                vec![crate::requirements::Requirement {
                    need: crate::requirements::Need::Kubernetes {
                        version: ">=1.20".into(),
                    },
                    from: "package.yaml requires.kubernetes".into(),
                }],
                false,
            ),
            values: None,
            notes: None,
            deferred_hooks: vec![],
            objects: vec![PlannedObject {
                api_version: "v1".into(),
                kind: "Secret".into(),
                namespace: Some("apps".into()),
                name: "creds".into(),
                action: Action::Create,
                manifest: json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "creds", "namespace": "apps"}, "data": {"password": "c2VjcmV0"}}).into(),
                live_resource_version: None,
                diff: None,
                validation: None,
            }],
            permissions: Permissions::default(),
            permission_changes: None,
            policy: None,
            images: vec![],
            warnings: vec![],
            imported_history: vec![],
        rollback_to: None,
            hash: Default::default(),
            approvals: Vec::new(),
        }
        .seal()
    }

    #[test]
    fn helm_revisions_are_written_and_read_back_as_one_string() {
        let revision = HelmRevision {
            namespace: "apps".into(),
            name: "web.v2.front".into(),
            revision: 7,
        };
        let text = "helm-release:apps/web.v2.front.v7";
        assert_eq!(revision.to_string(), text);
        assert_eq!(text.parse::<HelmRevision>().unwrap(), revision);
        assert_eq!(serde_json::to_value(&revision).unwrap(), json!(text));
        assert_eq!(
            serde_json::from_value::<HelmRevision>(json!(text)).unwrap(),
            revision
        );
        assert_eq!(
            HelmRevision::release(&release("apps", "web")),
            "helm-release:apps/web"
        );
        for bad in [
            "apps/web.v7",
            "helm-release:apps/web",
            "helm-release:/web.v1",
            "helm-release:apps/web.vx",
        ] {
            let error = bad.parse::<HelmRevision>().unwrap_err();
            assert!(
                error.contains(bad) && error.contains("NAMESPACE/NAME.vN"),
                "{error}"
            );
        }
    }

    #[test]
    fn requirements_are_hashed_and_absent_when_there_is_nothing_to_say() {
        let plan = sample();
        assert!(plan.to_json_pretty().contains("\"requirements\""));
        let mut skipped = plan.clone();
        skipped.requirements.skipped = true;
        assert!(skipped.verify_hash().is_err());
        // A rollback's plan, or one made before requirements were recorded:
        // no key, so its hash is what it was.
        let mut none = plan.clone();
        none.requirements = Default::default();
        let none = none.seal();
        assert!(!none.to_json_pretty().contains("requirements"));
        assert_eq!(Plan::from_json(&none.to_json_pretty()).unwrap(), none);
    }

    #[test]
    fn canonical_json_sorts_keys_everywhere() {
        let value = json!({"b": 1, "a": {"d": [ {"z": 1, "y": 2} ], "c": null}});
        assert_eq!(
            canonical_json(&value),
            r#"{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}"#
        );
    }

    #[test]
    fn hash_covers_everything_but_itself() {
        let plan = sample();
        assert!(plan.hash.starts_with("sha256:"));
        plan.verify_hash().unwrap();
        let mut edited = plan.clone();
        edited.objects[0].manifest["data"]["password"] = json!("b3RoZXI=").into();
        assert!(edited.verify_hash().is_err());
        // Key order in the manifest does not matter, content does.
        let mut reordered = plan.clone();
        reordered.objects[0].manifest = json!({"data": {"password": "c2VjcmV0"}, "metadata": {"namespace": "apps", "name": "creds"}, "kind": "Secret", "apiVersion": "v1"}).into();
        reordered.verify_hash().unwrap();
    }

    #[test]
    fn a_plan_saved_with_plain_string_warnings_reads_and_verifies() {
        // How a plan saved before warnings had codes looks: sealed over strings.
        let mut value = serde_json::to_value(sample()).unwrap();
        value["warnings"] = json!(["an old warning"]);
        let old: Plan = serde_json::from_value(value).unwrap();
        let old = old.seal();
        let read = Plan::from_json(&old.to_json_pretty()).unwrap();
        assert_eq!(
            read.warnings,
            [Warning::new(WarningCode::Other, "an old warning")]
        );
        read.verify_hash().unwrap();
        let text = read.to_json_pretty();
        let reread: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(reread["warnings"], json!(["an old warning"]));
        // A coded warning is an object, and part of the hash.
        let mut coded = sample();
        coded.warnings = vec![Warning::new(WarningCode::SkippedHooks, "hooks skipped")];
        let coded = coded.seal();
        let reread: Value = serde_json::from_str(&coded.to_json_pretty()).unwrap();
        assert_eq!(
            reread["warnings"],
            json!([{"code": "skipped-hooks", "message": "hooks skipped"}])
        );
        Plan::from_json(&coded.to_json_pretty())
            .unwrap()
            .verify_hash()
            .unwrap();
        assert_ne!(coded.hash, sample().seal().hash);
    }

    #[test]
    fn a_saved_plan_is_applicable_only_whole_and_unedited() {
        let plan = sample();
        assert_eq!(plan.check_saved(), Ok(()));
        assert_eq!(plan.masked().check_saved(), Err(SavedPlanError::Masked));
        let mut edited = plan.clone();
        edited.objects[0].manifest["data"]["password"] = json!("b3RoZXI=").into();
        assert!(matches!(
            edited.check_saved(),
            Err(SavedPlanError::Edited(_))
        ));
    }

    #[test]
    fn masking_hides_values_and_is_detectable() {
        let plan = sample();
        assert!(!plan.is_masked());
        let masked = plan.masked();
        assert!(masked.is_masked());
        assert!(!masked.to_json_pretty().contains("c2VjcmV0"));
        assert!(masked.to_json_pretty().contains("password"));
        assert_eq!(masked.hash, plan.hash);
    }

    #[test]
    fn plan_files_are_checked_for_version_and_shape() {
        let text = sample().to_json_pretty();
        assert_eq!(Plan::from_json(&text).unwrap(), sample());
        let other = text.replace(PLAN_API_VERSION, "kubectl-pkg.dev/v9");
        assert!(matches!(
            Plan::from_json(&other),
            Err(PlanFileError::Version { .. })
        ));
        assert!(matches!(
            Plan::from_json("{"),
            Err(PlanFileError::Malformed(_))
        ));
    }

    #[test]
    fn unknown_fields_are_rejected_anywhere_with_their_line() {
        for pointer in [
            "",
            "/package",
            "/objects/0",
            "/permissions",
            "/permissions/installer",
            "/release",
            "/requirements",
            "/requirements/entries/0",
        ] {
            let mut value = serde_json::to_value(sample()).unwrap();
            value.pointer_mut(pointer).unwrap()["surprise"] = json!(1);
            let text = serde_json::to_string_pretty(&value).unwrap();
            let error = Plan::from_json(&text).unwrap_err().to_string();
            assert!(
                error.contains("unknown field `surprise`"),
                "{pointer}: {error}"
            );
            assert!(error.contains(" line "), "{pointer}: {error}");
        }
    }

    #[test]
    fn a_release_of_typed_names_is_written_as_plain_strings() {
        let typed = ReleaseId::new("apps".parse().unwrap(), "web".parse().unwrap());
        assert_eq!(typed.to_string(), "apps/web");
        assert_eq!(
            serde_json::to_string(&typed.revision(2)).unwrap(),
            r#"{"name":"web","namespace":"apps","revision":2}"#
        );
        let plan = sample();
        let canonical = canonical_json(&serde_json::to_value(&plan).unwrap());
        assert!(
            canonical.contains(r#""release":{"name":"demo","namespace":"apps","revision":1}"#),
            "{canonical}"
        );
        let back = Plan::from_json(&plan.to_json_pretty()).unwrap();
        assert_eq!(back.release.id(), release("apps", "demo"));
        assert_eq!(back.hash, plan.hash);
    }

    #[test]
    fn a_plan_for_a_release_name_that_is_no_dns_label_is_refused() {
        let mut value = serde_json::to_value(sample()).unwrap();
        value["release"]["name"] = json!("a".repeat(64));
        let error = Plan::from_json(&value.to_string()).unwrap_err().to_string();
        assert!(
            error.contains("release.name \"aaaa")
                && error.contains("longer than 63 characters (64)"),
            "{error}"
        );
    }

    #[test]
    fn what_is_not_a_plan_says_so() {
        for (text, expected) in [
            ("[]", "one JSON object"),
            ("{\"a\": 1}", "not a kubectl-pkg plan file"),
            (
                "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\"}",
                "this version reads",
            ),
            ("not json", "not JSON"),
        ] {
            let error = Plan::from_json(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn manifests_must_be_the_objects_their_entries_name() {
        let edits: [(&str, Value, &str); 4] = [
            (
                "/objects/0/manifest/kind",
                json!("ConfigMap"),
                "the manifest's kind is \"ConfigMap\", but the entry says \"Secret\"",
            ),
            (
                "/objects/0/manifest/metadata/name",
                json!("other"),
                "metadata.name",
            ),
            (
                "/objects/0/manifest/metadata/namespace",
                json!("kube-system"),
                "metadata.namespace",
            ),
            ("/hash", json!("sha256:xyz"), "64 hex digits"),
        ];
        for (pointer, replacement, expected) in edits {
            let mut value = serde_json::to_value(sample()).unwrap();
            *value.pointer_mut(pointer).unwrap() = replacement;
            let error = Plan::from_json(&value.to_string()).unwrap_err().to_string();
            assert!(error.contains(expected), "{pointer}: {error}");
        }
        let mut value = serde_json::to_value(sample()).unwrap();
        value["release"]["namespace"] = json!("Apps!");
        let error = Plan::from_json(&value.to_string()).unwrap_err().to_string();
        assert!(error.contains("release.namespace"), "{error}");
    }

    /// The sample plan with a Secret kept as a pre-delete hook.
    fn with_deferred_hook() -> Plan {
        let mut plan = sample();
        let mut hook = plan.objects[0].manifest.clone();
        hook["metadata"]["annotations"] =
            json!({"kubectl-pkg.dev/hook": "pre-delete,post-rollback"}).into();
        plan.deferred_hooks.push(DeferredHook {
            api_version: "v1".into(),
            kind: "Secret".into(),
            namespace: Some("apps".into()),
            name: "creds".into(),
            manifest: hook,
        });
        plan.seal()
    }

    #[test]
    fn a_rollback_target_is_hashed_and_absent_from_other_plans() {
        let plan = sample();
        assert!(!plan.to_json_pretty().contains("rollbackTo"));
        let mut rollback = plan.clone();
        rollback.rollback_to = Some(3);
        let rollback = rollback.seal();
        assert_ne!(rollback.hash, plan.hash);
        let text = rollback.to_json_pretty();
        assert!(text.contains("\"rollbackTo\": 3"), "{text}");
        assert_eq!(Plan::from_json(&text).unwrap().rollback_to, Some(3));
    }

    #[test]
    fn deferred_hooks_are_hashed_checked_and_masked_like_objects() {
        let plan = with_deferred_hook();
        assert_ne!(plan.hash, sample().hash);
        let hook = &plan.deferred_hooks[0];
        assert_eq!(
            hook.events().collect::<Vec<_>>(),
            ["pre-delete", "post-rollback"]
        );
        assert_eq!(
            hook.to_object_for("post-rollback").manifest["metadata"]["annotations"]["kubectl-pkg.dev/hook"],
            "post-rollback"
        );

        let text = plan.to_json_pretty();
        assert!(text.contains("\"deferredHooks\""));
        assert_eq!(Plan::from_json(&text).unwrap(), plan);
        // A plan without deferred hooks has no such key (plans made before it read as before).
        assert!(!sample().to_json_pretty().contains("deferredHooks"));

        let mut value = serde_json::to_value(&plan).unwrap();
        value["deferredHooks"][0]["manifest"]["metadata"]["name"] = json!("other");
        let error = Plan::from_json(&value.to_string()).unwrap_err().to_string();
        assert!(
            error.contains("deferredHooks[0] (Secret apps/creds): the manifest's metadata.name"),
            "{error}"
        );
        let mut value = serde_json::to_value(&plan).unwrap();
        value["deferredHooks"][0]["surprise"] = json!(1);
        let error = Plan::from_json(&value.to_string()).unwrap_err().to_string();
        assert!(error.contains("unknown field `surprise`"), "{error}");

        let mut only_hook_masked = plan.clone();
        only_hook_masked.deferred_hooks[0].manifest =
            plan.masked().deferred_hooks[0].manifest.clone();
        assert!(only_hook_masked.is_masked());
        assert!(!plan.masked().to_json_pretty().contains("c2VjcmV0"));
    }

    #[test]
    fn secret_looking_values_are_masked_for_showing() {
        let mut plan = sample();
        plan.values = Some(serde_json::json!({
            "auth": {"rootPassword": "s3cret", "rootUsername": "root", "existingSecret": ""},
            "apiToken": 42,
            "replicas": 3
        }));
        let plan = plan.seal();
        assert!(!plan.is_masked());
        let masked = plan.masked();
        assert_eq!(
            masked.values.unwrap(),
            serde_json::json!({
                "auth": {"rootPassword": MASKED, "rootUsername": "root", "existingSecret": MASKED},
                "apiToken": MASKED,
                "replicas": 3
            })
        );
        assert!(plan.masked().is_masked());
    }
}
