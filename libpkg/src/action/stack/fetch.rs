//! A stack release's package, fetched as its file says: the package and
//! version constraint it declares, an installed release from what its
//! upgrade starts from ([`UpgradeFrom`]), and its values layered in Helm's
//! order. The CLI and embedders fetch through this, so the same stack file
//! gives the same stack plan whoever plans it.

use crate::action::UpgradeFrom;
use crate::helm::strvals::ReadFileError;
use crate::helm::values::{ValueOptions, ValuesError};
use crate::package::Limits;
use crate::reference::{PackageRef, ReferenceError};
use crate::registry::RegistryClient;
use crate::repositories::Repositories;
use crate::signature::policy::TrustPolicy;
use crate::source::{FetchError, FetchRequest, Fetched};
use crate::stack::{Stack, StackRelease};
use crate::version::{Constraint, ConstraintError};

/// Where a stack's packages come from and how far they are trusted: what
/// [`plan_stack`](super::plan_stack)'s `fetch` needs besides the release.
pub struct StackSources<'a> {
    /// The configured repositories (names, image copies of imported ones).
    pub repositories: &'a Repositories,
    /// The signature rules each package is held to.
    pub trust: &'a TrustPolicy,
    /// The registry client packages are pulled with.
    pub registry: &'a RegistryClient,
    /// How large a package may be.
    pub limits: Limits,
}

/// Why a stack release's package could not be fetched.
#[derive(Debug, thiserror::Error)]
pub enum StackFetchError {
    /// The declared package is not a reference.
    #[error("package {package:?}")]
    Reference {
        /// The package as the release resolves it.
        package: String,
        /// Why it does not parse.
        source: ReferenceError,
    },
    /// The declared version is not a constraint.
    #[error("version {constraint:?}")]
    Constraint {
        /// The constraint.
        constraint: String,
        /// Why it does not parse.
        source: ConstraintError,
    },
    /// The package could not be resolved, pulled or verified.
    #[error(transparent)]
    Fetch(#[from] FetchError),
    /// The release's values could not be read or merged.
    #[error(transparent)]
    Values(#[from] ValuesError),
}

impl StackSources<'_> {
    /// Fetches `release` of `stack` (starting `from` what its upgrade starts
    /// from when it is installed) with its values: the stack's inline values
    /// first, then its values files, then its `set` entries. A local package
    /// is recorded as the stack file names it (relative to the file), not by
    /// this machine's absolute path.
    pub async fn fetch(
        &self,
        stack: &Stack,
        release: &StackRelease,
        from: &UpgradeFrom,
    ) -> Result<Fetched, StackFetchError> {
        let reference =
            PackageRef::parse(&release.package).map_err(|source| StackFetchError::Reference {
                package: release.package.clone(),
                source,
            })?;
        let constraint = (release.version.as_deref())
            .map(|text| {
                Constraint::parse(text).map_err(|source| StackFetchError::Constraint {
                    constraint: text.to_string(),
                    source,
                })
            })
            .transpose()?;
        let request = FetchRequest {
            reference: &reference,
            constraint: constraint.as_ref(),
            devel: false,
            limits: self.limits,
            channel: from.channel.as_deref(),
            installed: from.installed.as_ref(),
            force_upgrade: false,
            trust: self.trust,
            allow_unverified: false,
        };
        let mut fetched = crate::source::fetch(&request, self.repositories, self.registry).await?;
        if fetched.source.reference == release.package {
            fetched.source.reference = release.declared_package.clone();
        }
        fetched.source.values = release_values(stack, release)?;
        Ok(fetched)
    }
}

/// A release's values, layered as Helm layers `-f` files and `--set`: the
/// inline `values` (named after their place in the stack file), then each
/// of `valuesFiles`, then `set`.
fn release_values(
    stack: &Stack,
    release: &StackRelease,
) -> Result<crate::helm::values::Values, ValuesError> {
    let inline_origin = format!("{}: releases.{}.values", stack.file.display(), release.name);
    let inline = (!release.values.is_empty())
        .then(|| serde_json::to_vec(&release.values).expect("a JSON map serializes"));
    let options = ValueOptions {
        value_files: (inline.is_some().then(|| inline_origin.clone()).into_iter())
            .chain(release.values_files.iter().map(|p| p.display().to_string()))
            .collect(),
        values: release.set.clone(),
        ..ValueOptions::default()
    };
    let read = |path: &str| -> Result<Vec<u8>, ReadFileError> {
        match &inline {
            Some(bytes) if path == inline_origin => Ok(bytes.clone()),
            _ => Ok(std::fs::read(path)?),
        }
    };
    options.merge(&read)
}
