//! What the user can do about an error, as data; and an error as the user
//! reads it, its causes included ([`with_causes`]).
//!
//! An error (or an unmet requirement) that has a way out carries it as a
//! [`Remedy`], and its message says it in the library's words: an option is
//! named as the field an embedder sets ([`Setting`], in backquotes), an
//! operation as the operation. A program built on libpkg words remedies its
//! own way: it finds them with [`crate::action::remedies`] while it walks an
//! error's chain of causes, and writes its own command or flag where the
//! message has the remedy's [`Display`](fmt::Display) text; settings
//! ([`Setting::ALL`]) and remedies without data ([`Remedy::FIXED`]) read the
//! same in every message and plan warning, so they need no finding. The
//! `kubectl pkg` plugin does exactly that (its `view::remedy` module), which
//! is why no message here names the plugin or one of its flags
//! (`libpkg/tests/layers.rs` reads every string literal to keep it so).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Something the user can do to get past an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Remedy {
    /// Configure a repository to find packages in.
    AddRepository,
    /// Configure a repository with the key that verifies its signatures.
    AddVerifyKey,
    /// Remove a configured repository (to add it again differently).
    RemoveRepository,
    /// Publish the package to an OCI registry.
    Push,
    /// Trust the CA that signed a registry's certificate.
    TrustCa,
    /// Install a package by name, at a version in a range.
    #[serde(rename_all = "camelCase")]
    Install {
        /// The package.
        package: String,
        /// The version range, if one is required.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
    },
    /// Upgrade an installed release.
    #[serde(rename_all = "camelCase")]
    Upgrade {
        /// The release's name.
        name: String,
        /// Its namespace.
        namespace: String,
        /// The package to upgrade to, when it must be named again (a
        /// directory or an archive; a registry package upgrades from the
        /// repository it came from).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        package: Option<String>,
        /// The version range, if one is required.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
    },
    /// Install a release that has no deployed revision, as its next
    /// revision (its failed ones stay in its history).
    #[serde(rename_all = "camelCase")]
    InstallOver {
        /// The release's name.
        name: String,
        /// Its namespace.
        namespace: String,
    },
    /// Read a release's history.
    #[serde(rename_all = "camelCase")]
    History {
        /// The release's name.
        name: String,
        /// Its namespace.
        namespace: String,
    },
    /// List the proposals of a namespace.
    #[serde(rename_all = "camelCase")]
    ListProposals {
        /// The namespace.
        namespace: String,
    },
    /// Set an option of the operation.
    Set(Setting),
}

impl Remedy {
    /// The remedies that carry no data: like settings, each reads the same
    /// in every message, so a caller can word them without finding them.
    pub const FIXED: &'static [Remedy] = &[
        Remedy::AddRepository,
        Remedy::AddVerifyKey,
        Remedy::RemoveRepository,
        Remedy::Push,
        Remedy::TrustCa,
    ];

    /// [`Remedy::Set`] of `setting`.
    pub fn set(setting: Setting) -> Remedy {
        Remedy::Set(setting)
    }
}

/// The library's words for a remedy: an operation as a noun phrase (`an
/// upgrade of release db in namespace data`), a function in backquotes, an
/// option as its field. A message shows it where the plugin shows its
/// command, so it reads in either.
impl fmt::Display for Remedy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Remedy::AddRepository => write!(f, "`Repositories::add`"),
            Remedy::AddVerifyKey => {
                write!(f, "`Repositories::add` with a `Repository::verify` rule")
            }
            Remedy::RemoveRepository => write!(f, "`Repositories::remove`"),
            Remedy::Push => write!(f, "`RegistryClient::push`"),
            Remedy::TrustCa => write!(f, "`RegistryOptions::ca_files`"),
            Remedy::Install { package, version } => {
                write!(f, "an install of package {package}")?;
                version_range(f, version)
            }
            Remedy::Upgrade {
                name,
                namespace,
                package,
                version,
            } => {
                write!(f, "an upgrade of release {name} in namespace {namespace}")?;
                if let Some(package) = package {
                    write!(f, " to {package}")?;
                }
                version_range(f, version)
            }
            Remedy::InstallOver { name, namespace } => write!(
                f,
                "an install of release {name} in namespace {namespace} over its failed revisions"
            ),
            Remedy::History { name, namespace } => {
                write!(f, "the history of release {name} in namespace {namespace}")
            }
            Remedy::ListProposals { namespace } => {
                write!(f, "`ProposalStore::list` of namespace {namespace}")
            }
            Remedy::Set(setting) => write!(f, "{setting}"),
        }
    }
}

fn version_range(f: &mut fmt::Formatter<'_>, version: &Option<String>) -> fmt::Result {
    match version {
        Some(range) => write!(f, " at a version in '{range}'"),
        None => Ok(()),
    }
}

/// An option of an operation, named as the library's field (the plugin has
/// a flag for each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Setting {
    /// Take over objects that exist and belong to no release.
    Adopt,
    /// Accept a risk the policy refuses (`Policy::accepted`).
    AcceptRisk,
    /// Fetch over HTTP without a checksum given in advance.
    AllowUnverified,
    /// Restore the previous revision when applying fails.
    Atomic,
    /// An OLM channel.
    Channel,
    /// A format's configuration (`config`).
    Config,
    /// A kubeconfig context.
    Context,
    /// Create the release namespace.
    CreateNamespace,
    /// Consider prerelease versions.
    Devel,
    /// Let `getHostByName` resolve names.
    EnableDns,
    /// Upgrade an OLM bundle outside its upgrade graph.
    ForceUpgrade,
    /// Mirror image references (`image_registries`).
    ImageRegistry,
    /// Leave chart hooks out (`hooks: Hooks::Skip`).
    NoHooks,
    /// Remove Helm's records of a release taken over.
    RemoveHelmRecords,
    /// Plan a subset of a stack's releases.
    Only,
    /// Plan the removal of releases a stack no longer declares.
    Prune,
    /// A CA certificate registries are trusted by.
    RegistryCaFile,
    /// Refuse images without a mirrored copy.
    RequireMirroredImages,
    /// Save a plan as a file (to apply that file).
    SaveToFile,
    /// The checksum an HTTP archive is pinned by.
    Sha256,
    /// Do not look images up in their registries.
    SkipImageCheck,
    /// Record unmet requirements without refusing the plan.
    SkipRequirements,
    /// The trust policy signatures are checked by.
    TrustPolicy,
    /// Do not check objects against the cluster's schema.
    NoValidation,
    /// A package's values (`values`).
    Values,
    /// The key a repository's signatures are verified by.
    VerifyKey,
    /// How signature checks are enforced.
    VerifyMode,
    /// A version range.
    Version,
    /// The ytt program Carvel templates are run with.
    Ytt,
}

impl Setting {
    /// Every setting.
    pub const ALL: &'static [Setting] = &[
        Setting::Adopt,
        Setting::AcceptRisk,
        Setting::AllowUnverified,
        Setting::Atomic,
        Setting::Channel,
        Setting::Config,
        Setting::Context,
        Setting::CreateNamespace,
        Setting::Devel,
        Setting::EnableDns,
        Setting::ForceUpgrade,
        Setting::ImageRegistry,
        Setting::NoHooks,
        Setting::RemoveHelmRecords,
        Setting::Only,
        Setting::Prune,
        Setting::RegistryCaFile,
        Setting::RequireMirroredImages,
        Setting::SaveToFile,
        Setting::Sha256,
        Setting::SkipImageCheck,
        Setting::SkipRequirements,
        Setting::TrustPolicy,
        Setting::NoValidation,
        Setting::Values,
        Setting::VerifyKey,
        Setting::VerifyMode,
        Setting::Version,
        Setting::Ytt,
    ];

    /// The option as an embedder writes it: the field, and its value when
    /// the setting is one value of it.
    pub fn field(self) -> &'static str {
        match self {
            Setting::Adopt => "adopt: true",
            Setting::AcceptRisk => "accepted",
            Setting::AllowUnverified => "allow_unverified: true",
            Setting::Atomic => "atomic: true",
            Setting::Channel => "channel",
            Setting::Config => "config",
            Setting::Context => "context",
            Setting::CreateNamespace => "create_namespace: true",
            Setting::Devel => "devel: true",
            Setting::EnableDns => "enable_dns: true",
            Setting::ForceUpgrade => "force_upgrade: true",
            Setting::ImageRegistry => "ImageMapping::add_prefix",
            Setting::NoHooks => "hooks: Hooks::Skip",
            Setting::RemoveHelmRecords => "AfterApply::RemoveHelmRecords",
            Setting::Only => "only",
            Setting::Prune => "prune: true",
            Setting::RegistryCaFile => "ca_files",
            Setting::RequireMirroredImages => "require_mirrored: true",
            Setting::SaveToFile => "Plan::to_json_pretty",
            Setting::Sha256 => "HttpRef::sha256",
            Setting::SkipImageCheck => "ImageCheck::Skip",
            Setting::SkipRequirements => "requirements.skip: true",
            Setting::TrustPolicy => "TrustPolicy",
            Setting::NoValidation => "validate: false",
            Setting::Values => "values",
            Setting::VerifyKey => "Repository::verify",
            Setting::VerifyMode => "override_mode",
            Setting::Version => "version",
            Setting::Ytt => "ytt",
        }
    }
}

/// The option in backquotes (`` `adopt: true` ``): what a message shows
/// where the plugin shows its flag.
impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", self.field())
    }
}

/// `error`'s message followed by its causes' (`message: cause: cause`), as
/// a user reads it: a libpkg error says what failed and leaves why to its
/// source, which it does not repeat. A cause whose text an earlier message
/// holds already is left out (errors of other crates may repeat theirs).
pub fn with_causes(error: &(dyn std::error::Error + 'static)) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in std::iter::successors(Some(error), |cause| cause.source()) {
        let text = cause.to_string();
        if !parts.iter().any(|part| part.contains(&text)) {
            parts.push(text);
        }
    }
    parts.join(": ")
}
