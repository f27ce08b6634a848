//! Fetching a package from wherever a [`PackageRef`] points, and recording how
//! its version was chosen ([`Source`], which the plan's `package` section
//! records, and [`Fetched`]); classic Helm chart repositories are in
//! [`chart_repository`].
//!
//! Registry packages are resolved once (constraint → tag → manifest digest) and
//! from then on fetched by digest only, with every blob verified. Local
//! directories and archives get the digest their published artifact would have.

pub mod carvel;
pub mod chart_repository;
pub mod git;
pub mod git_credentials;
pub mod http;
mod search;
pub mod signatures;

pub use search::{SearchHit, SearchOptions, SearchResult, search};

use std::collections::BTreeMap;

use crate::olm::OlmError;
use crate::olm::catalog::{CATALOG_LABEL, Catalog, ChannelSummary, Installed, Query};
use crate::package::{CONFIG_MEDIA_TYPE, Files, Limits, Package, PackageError, archive};
use crate::plan::{CatalogInfo, UpgradeEdge};
use crate::reference::{OciRef, PackageRef};
use crate::registry::{RegistryClient, RegistryError};
use crate::repositories::{CatalogLocation, Location};
use crate::repositories::{Repositories, Repository, RepositoryError};
use crate::version::{self, Candidate, Constraint, ResolveError};
use chart_repository::ChartIndex;

/// Where a package came from and how its version was chosen: what the plan's
/// `package` section records besides the package's own metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// Pinned reference (`oci://…@sha256:…`) or path.
    pub reference: String,
    /// The constraint asked for.
    pub constraint: Option<String>,
    /// Tags considered.
    pub candidates: Vec<Candidate>,
    /// The digest from the registry; `None` for local packages (computed).
    pub digest: Option<String>,
    /// The configuration given for the package (`--config KEY=VALUE`),
    /// recorded in the plan as `values`; only `registry+v1` bundles take any.
    pub config: BTreeMap<String, String>,
    /// For a package resolved from a File-Based Catalog: how.
    pub catalog: Option<CatalogInfo>,
    /// Values for a Helm chart (`-f`, `--set` and friends, merged); only
    /// charts take them.
    pub values: crate::helm::values::Values,
    /// How an upgrade treats the values of the revision it upgrades.
    pub reuse_values: crate::helm::values::ReuseValues,
    /// `--enable-dns`: a chart's `getHostByName` resolves names (Helm's
    /// flag; without it, `""`). The plan says which, for each template that
    /// calls it.
    pub enable_dns: bool,
    /// What the source itself warns of (a git submodule left out, a
    /// repository skipped), for the plan's warnings (code `source`; the
    /// warnings of `signatures` are added to the plan with code `signature`).
    pub warnings: Vec<String>,
    /// The signature checks of the OCI artifacts it came from (the package,
    /// and the catalog or repository bundle that named it), for the plan.
    pub signatures: Vec<crate::signature::policy::SignatureCheck>,
    /// Where the images the package runs were mirrored (the repository's
    /// copies from `import`, `--image-registry` rules): the plan rewrites
    /// its objects to run them.
    pub images: crate::mirror::ImageMapping,
    /// How the package's requirements are checked (`--skip-requirements`,
    /// and what a stack says will exist by then).
    pub requirements: crate::requirements::Options,
}

impl Source {
    /// A package read from disk: no constraint, no candidates, digest computed.
    pub fn local(path: &str) -> Source {
        Source {
            reference: path.to_string(),
            constraint: None,
            candidates: Vec::new(),
            digest: None,
            config: BTreeMap::new(),
            catalog: None,
            values: Default::default(),
            reuse_values: Default::default(),
            enable_dns: false,
            warnings: Vec::new(),
            signatures: Vec::new(),
            images: Default::default(),
            requirements: Default::default(),
        }
    }
}

/// What to fetch and how to choose the version.
#[derive(Debug, Clone)]
pub struct FetchRequest<'a> {
    /// The package reference.
    pub reference: &'a PackageRef,
    /// `--version`.
    pub constraint: Option<&'a Constraint>,
    /// `--devel`: consider prereleases.
    pub devel: bool,
    /// Archive limits for unpacking.
    pub limits: Limits,
    /// `--channel`, for packages from a File-Based Catalog (default: the
    /// package's default channel).
    pub channel: Option<&'a str>,
    /// For an upgrade from a catalog: the installed bundle, whose successors
    /// alone are candidates.
    pub installed: Option<&'a Installed>,
    /// `--force-upgrade`: ignore the catalog's upgrade graph.
    pub force_upgrade: bool,
    /// Which OCI artifacts must be signed, by whom.
    pub trust: &'a crate::signature::policy::TrustPolicy,
    /// `--allow-unverified`: read an HTTP archive that no checksum pins
    /// (the plan then pins what was downloaded, with a warning).
    pub allow_unverified: bool,
}

/// A fetched package and where it came from.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// The package.
    pub package: Package,
    /// Reference, constraint, candidates, digest.
    pub source: Source,
    /// For a package from a File-Based Catalog: its channels, heads and
    /// versions (what `show` lists).
    pub channels: Vec<ChannelSummary>,
}

impl Fetched {
    /// The package with a configuration (`--config KEY=VALUE`) to render it with.
    pub fn with_config(mut self, config: std::collections::BTreeMap<String, String>) -> Fetched {
        self.source.config = config;
        self
    }
}

/// Why a package could not be fetched.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// Loading or validating the package failed.
    #[error(transparent)]
    Package(#[from] PackageError),
    /// The registry failed.
    #[error(transparent)]
    Registry(#[from] RegistryError),
    /// A manifest does not parse or names an invalid object.
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    /// A repository problem (unknown name, bad URL).
    #[error(transparent)]
    Repository(#[from] RepositoryError),
    /// A File-Based Catalog is malformed, has no matching bundle, or names
    /// a bundle that is not what it says.
    #[error(transparent)]
    Catalog(#[from] OlmError),
    /// A catalog image without the label naming its catalog directory.
    #[error("{reference}: not a catalog image: its config has no {CATALOG_LABEL} label")]
    NotACatalog {
        /// The image.
        reference: String,
    },
    /// A Carvel PackageRepository or Package is unusable (malformed, no such
    /// version, an unsupported step, no ytt).
    #[error(transparent)]
    Carvel(#[from] crate::carvel::CarvelError),
    /// No version satisfies the constraint.
    #[error("{reference}")]
    Resolve {
        /// The repository.
        reference: String,
        /// Why.
        source: ResolveError,
    },
    /// A bare name found in no configured repository.
    #[error("package {name:?} was not found in {}{}{}", if .searched.is_empty() { format!("any repository: none is configured (add one with {})", crate::remedy::Remedy::AddRepository) } else { format!("the configured repositories ({})", .searched.join(", ")) }, if .suggestions.is_empty() { String::new() } else { format!("; did you mean {}?", .suggestions.join(" or ")) }, if *.local_dir_exists { format!("; to use the directory of that name, write ./{name}") } else { String::new() })]
    NameNotFound {
        /// The name.
        name: String,
        /// Repositories searched.
        searched: Vec<String>,
        /// Whether `./name` exists, for the hint.
        local_dir_exists: bool,
        /// Close names the repositories do have (`REPO/NAME`).
        suggestions: Vec<String>,
    },
    /// A configured repository could not be read: its registry cannot be
    /// reached, refuses the credentials, or has a certificate not trusted.
    #[error("repository {repository} ({url}) cannot be read")]
    RepositoryUnavailable {
        /// The repository's name.
        repository: String,
        /// Its URL.
        url: String,
        /// What the registry said, naming what fixes it.
        source: Box<RegistryError>,
    },
    /// A bare name found in several repositories.
    #[error("package {name:?} is in several repositories; choose one: {}", .candidates.join(", "))]
    Ambiguous {
        /// The name.
        name: String,
        /// `repo/name` for each.
        candidates: Vec<String>,
    },
    /// A chart repository's index or entry is unusable (no such chart, no
    /// digest, a digest mismatch, a bad URL).
    #[error(transparent)]
    ChartRepository(#[from] crate::helm::repo::RepoError),
    /// A chart repository's archive is not the chart its index entry names.
    #[error("{reference}: the repository's index lists {expected}, but the archive holds {actual}")]
    IndexMismatch {
        /// The archive.
        reference: String,
        /// Name and version the index lists.
        expected: String,
        /// Name and version of the chart in the archive.
        actual: String,
    },
    /// A version constraint given for a reference that is already pinned.
    #[error(
        "{reference} names one version already; {} does not apply",
        crate::remedy::Setting::Version
    )]
    ConstraintOnPinned {
        /// The reference.
        reference: String,
    },
    /// A local package whose version does not satisfy `--version`.
    #[error(
        "{reference} is version {version}, which does not satisfy {} {constraint:?}",
        crate::remedy::Setting::Version
    )]
    VersionMismatch {
        /// The reference.
        reference: String,
        /// Its version.
        version: String,
        /// The constraint.
        constraint: String,
    },
    /// The package inside a tag has a different version than the tag says.
    #[error(
        "{reference}: the tag says version {tag_version} but package.yaml says {package_version}"
    )]
    TagMismatch {
        /// The reference.
        reference: String,
        /// The tag's version.
        tag_version: String,
        /// The package's version.
        package_version: String,
    },
    /// A signature required by the trust policy does not verify.
    #[error(transparent)]
    Signature(#[from] crate::signature::SignatureError),
    /// A git repository could not be read, or holds no usable package.
    #[error(transparent)]
    Git(#[from] git::GitError),
    /// An HTTP archive is not pinned, or is not what its checksum pins.
    #[error(transparent)]
    Http(#[from] http::HttpArchiveError),
    /// Reading a local archive failed.
    #[error("{path}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// Fetches a package. Registry access happens only for registry references.
/// Its manifests are parsed and every object's identity checked (valid names
/// and namespaces) here, so that a bad package is refused before any cluster request.
pub async fn fetch(
    request: &FetchRequest<'_>,
    repositories: &Repositories,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    let mut fetched = fetch_unchecked(request, repositories, registry).await?;
    // Packages of an imported (air-gapped) repository run its image copies.
    fetched.source.images = repositories.image_mapping(&fetched.source.reference)?;
    // Each format checks what it can without a cluster (a `plain` package
    // parses its manifests; a bundle was checked as it was read).
    fetched
        .package
        .content
        .format()
        .check(&fetched.package, &request.limits)?;
    Ok(fetched)
}

async fn fetch_unchecked(
    request: &FetchRequest<'_>,
    repositories: &Repositories,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    match request.reference {
        PackageRef::Directory(path) => {
            let package = Package::from_dir(path, &request.limits)?;
            local(package, &path.display().to_string(), request)
        }
        PackageRef::Archive(path) => {
            let shown = path.display().to_string();
            let bytes = std::fs::read(path).map_err(|source| FetchError::Io {
                path: shown.clone(),
                source,
            })?;
            let package = Package::from_archive(&bytes, &shown, &request.limits)?;
            local(package, &shown, request)
        }
        PackageRef::InRepository { repository, name } => {
            let repository = repositories.get(repository)?;
            fetch_from(repository, name, request, registry)
                .await
                .map_err(|error| unavailable(repository, error))
        }
        PackageRef::Name(name) => {
            let (found, warnings) = find_by_name(name, repositories, request, registry).await?;
            let mut fetched = match found {
                Found::Oci(location) => fetch_oci(&location, request, registry).await,
                Found::Charts(index) => index.fetch(name, request, registry).await,
                Found::Catalog(loaded) => {
                    fetch_from_catalog(&loaded, name, request, registry).await
                }
                Found::Carvel(loaded) => carvel::fetch(&loaded, name, request, registry).await,
                Found::Git(base) => git::fetch_named(&base, name, request).await,
                Found::Fetched(fetched) => Ok(*fetched),
            }?;
            fetched.source.warnings.extend(warnings);
            Ok(fetched)
        }
        PackageRef::Oci(location) => fetch_oci(location, request, registry).await,
        PackageRef::Git(reference) => git::fetch(reference, request).await,
        PackageRef::Http(reference) => http::fetch(reference, request, registry).await,
    }
}

/// Fetches package `name` from one configured repository.
async fn fetch_from(
    repository: &Repository,
    name: &str,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    match repository.location() {
        Location::Git(base) => git::fetch_named(&base, name, request).await,
        Location::ChartIndex(url) => {
            let index = ChartIndex::load(url, registry, &request.limits).await?;
            index.fetch(name, request, registry).await
        }
        Location::Catalog(catalog) => {
            match load_catalog(
                &repository.name,
                &catalog,
                request.trust,
                &request.limits,
                registry,
            )
            .await?
            {
                Loaded::Olm(loaded) => fetch_from_catalog(&loaded, name, request, registry).await,
                Loaded::Carvel(loaded) => carvel::fetch(&loaded, name, request, registry).await,
            }
        }
        Location::Prefix(_) => fetch_oci(&repository.package(name)?, request, registry).await,
    }
}

/// A registry failure that makes a whole repository unreadable (no
/// connection, no answer, credentials refused, a certificate not trusted)
/// names the repository; any other error is returned as it is.
fn unavailable(repository: &Repository, error: FetchError) -> FetchError {
    match error {
        FetchError::Registry(
            source @ (RegistryError::Unreachable { .. }
            | RegistryError::UntrustedCertificate { .. }
            | RegistryError::Unauthorized { .. }
            | RegistryError::Timeout { .. }
            | RegistryError::Tls { .. }),
        ) => FetchError::RepositoryUnavailable {
            repository: repository.name.clone(),
            url: repository.url.clone(),
            source: Box::new(source),
        },
        other => other,
    }
}

/// Contacts a repository to check that it answers as what its URL says it
/// is, before it is added: a Helm chart repository's `index.yaml` parses, an
/// OLM catalog image resolves (a catalog directory exists), and an OCI
/// prefix's registry answers the distribution API (an unknown package there
/// is "not found", not a failure to connect). Says what it found.
pub async fn check_repository(
    repository: &Repository,
    registry: &RegistryClient,
    limits: &Limits,
) -> Result<String, FetchError> {
    if let Some(base) = repository.git() {
        return git::describe_repository(&base).await;
    }
    if let Some(url) = repository.chart_index() {
        let index = ChartIndex::load(url, registry, limits).await?;
        return Ok(format!(
            "a Helm chart repository listing {} chart(s)",
            index.index.entries.len()
        ));
    }
    match repository.catalog() {
        Some(CatalogLocation::Image(image)) => {
            let digest = registry.resolve_digest(&image).await?;
            let pulled = registry
                .pull(&image, &digest, limits.max_total_bytes.saturating_mul(2))
                .await?;
            if carvel::is_bundle(&pulled.config) {
                let pinned = image.with_digest(&digest);
                let loaded =
                    carvel::load_bundle(&repository.name, &pinned, &digest, &pulled, limits)?;
                return Ok(format!(
                    "a Carvel PackageRepository bundle listing {} package(s), now {digest}{}",
                    loaded.content.packages.len(),
                    loaded.skipped_note()
                ));
            }
            Ok(format!("an OLM catalog image, now {digest}"))
        }
        Some(CatalogLocation::Directory(path)) if carvel::is_repository_dir(&path) => {
            let loaded = carvel::load_dir(&repository.name, &path, limits)?;
            Ok(format!(
                "a Carvel PackageRepository directory listing {} package(s), {}{}",
                loaded.content.packages.len(),
                path.display(),
                loaded.skipped_note()
            ))
        }
        Some(CatalogLocation::Directory(path)) => {
            Ok(format!("an OLM catalog directory, {}", path.display()))
        }
        None => {
            let probe = repository.package("kubectl-pkg-probe")?;
            match registry.list_tags(&probe).await {
                Ok(_)
                | Err(RegistryError::NotFound { .. })
                | Err(RegistryError::Unauthorized { .. }) => {
                    Ok(format!("an OCI registry at {}", probe.registry))
                }
                Err(error) => Err(error.into()),
            }
        }
    }
}

/// The names of the packages in a repository, as far as the registry tells:
/// from its catalog, the repositories directly under the repository's path.
/// Registries without a catalog give an error; callers that only suggest
/// names (shell completion) treat that as "unknown".
pub async fn package_names(
    repository: &Repository,
    registry: &RegistryClient,
) -> Result<Vec<String>, FetchError> {
    // A git repository lists its directories with version tags.
    if let Some(base) = repository.git() {
        return Ok(git::list_packages(&base).await?.directories);
    }
    // A Carvel PackageRepository lists its refNames.
    if let Some(loaded) = carvel::load(repository, registry, &Limits::default()).await? {
        return Ok(loaded.content.names());
    }
    // The location of a package named `x` tells the registry and the path.
    let probe = repository.package("x")?;
    let prefix = probe
        .repository
        .strip_suffix('x')
        .unwrap_or_default()
        .to_string();
    let names = registry
        .list_repositories(&probe.registry, &prefix)
        .await?
        .into_iter()
        .filter_map(|path| {
            let name = path.strip_prefix(&prefix)?;
            (!name.contains('/')).then(|| name.to_string())
        })
        .collect();
    Ok(names)
}

fn local(package: Package, shown: &str, request: &FetchRequest<'_>) -> Result<Fetched, FetchError> {
    if let Some(constraint) = request.constraint
        && !constraint.matches(&package.version, request.devel)
    {
        return Err(FetchError::VersionMismatch {
            reference: shown.to_string(),
            version: package.version.to_string(),
            constraint: constraint.to_string(),
        });
    }
    let mut source = Source::local(shown);
    source.constraint = request.constraint.map(ToString::to_string);
    Ok(Fetched {
        package,
        source,
        channels: Vec::new(),
    })
}

/// Where a bare name was found.
enum Found {
    /// A package repository in a registry.
    Oci(OciRef),
    /// A chart of a classic Helm chart repository.
    Charts(ChartIndex),
    /// A package of a File-Based Catalog.
    Catalog(LoadedCatalog),
    /// A package of a Carvel PackageRepository.
    Carvel(carvel::LoadedRepository),
    /// A directory of a git repository with `NAME/vX.Y.Z` tags.
    Git(crate::reference::GitRef),
    /// The package of a single-package git repository, fetched to learn its name.
    Fetched(Box<Fetched>),
}

/// Looks a bare name up in every configured repository (catalogs included).
/// A repository that cannot be read is skipped with a warning (returned
/// beside what was found) when another has the package; when none has it,
/// the first such failure is the error, since the package may be there.
async fn find_by_name(
    name: &str,
    repositories: &Repositories,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<(Found, Vec<String>), FetchError> {
    let mut found = Vec::new();
    // Every name seen, by repository, for "did you mean" if none matches.
    let mut known: Vec<(String, String)> = Vec::new();
    let mut skipped: Vec<(&Repository, FetchError)> = Vec::new();
    for repository in repositories.list() {
        match look_up(repository, name, request, registry).await {
            Ok((hit, names)) => {
                known.extend(names.into_iter().map(|n| (repository.name.clone(), n)));
                found.extend(hit.map(|hit| (repository.name.clone(), hit)));
            }
            Err(error) => skipped.push((repository, error)),
        }
    }
    match found.len() {
        1 => {
            let from = &found[0].0;
            let warnings = skipped
                .iter()
                .map(|(repository, error)| {
                    let skipped = &repository.name;
                    format!(
                        "repository {skipped} was not searched for {name}: {error}; \
                         the package came from {from}, but if {skipped} has {name} too \
                         the name is ambiguous: write {from}/{name} to choose"
                    )
                })
                .collect();
            Ok((found.remove(0).1, warnings))
        }
        0 if !skipped.is_empty() => {
            let (repository, error) = skipped.remove(0);
            Err(unavailable(repository, error))
        }
        0 => {
            // Registries list their packages only when asked (and not all can).
            for repository in repositories.list() {
                if let Location::Prefix(_) = repository.location() {
                    let names = package_names(repository, registry)
                        .await
                        .unwrap_or_default();
                    known.extend(names.into_iter().map(|n| (repository.name.clone(), n)));
                }
            }
            Err(FetchError::NameNotFound {
                name: name.to_string(),
                searched: repositories.list().iter().map(|r| r.name.clone()).collect(),
                local_dir_exists: std::path::Path::new(name).join("package.yaml").is_file(),
                suggestions: close_names(name, &known),
            })
        }
        _ => Err(FetchError::Ambiguous {
            name: name.to_string(),
            candidates: found
                .iter()
                .map(|(repo, _)| format!("{repo}/{name}"))
                .collect(),
        }),
    }
}

/// Whether one repository has package `name`, and the names it lists.
async fn look_up(
    repository: &Repository,
    name: &str,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<(Option<Found>, Vec<String>), FetchError> {
    if let Some(base) = repository.git() {
        let listing = git::list_packages(&base).await?;
        if listing.directories.iter().any(|n| n == name) {
            return Ok((Some(Found::Git(base)), listing.directories));
        }
        if !listing.directories.is_empty() || !listing.top_level {
            return Ok((None, listing.directories));
        }
        // A single-package repository: its package.yaml names its package.
        return match git::fetch_named(&base, name, request).await {
            Ok(fetched) => Ok((
                Some(Found::Fetched(Box::new(fetched))),
                vec![name.to_string()],
            )),
            Err(FetchError::Git(git::GitError::NotInRepository { top, .. })) => {
                Ok((None, vec![top]))
            }
            Err(error) => Err(error),
        };
    }
    if let Some(url) = repository.chart_index() {
        let index = ChartIndex::load(url, registry, &request.limits).await?;
        let names = index.index.entries.keys().cloned().collect();
        let hit = index.index.entries.contains_key(name);
        return Ok((hit.then_some(Found::Charts(index)), names));
    }
    if let Some(catalog) = repository.catalog() {
        return Ok(
            match load_catalog(
                &repository.name,
                &catalog,
                request.trust,
                &request.limits,
                registry,
            )
            .await?
            {
                Loaded::Olm(loaded) => {
                    let names = loaded.catalog.packages.keys().cloned().collect();
                    let hit = loaded.catalog.package(name).is_some();
                    (hit.then_some(Found::Catalog(loaded)), names)
                }
                Loaded::Carvel(loaded) => {
                    let names = loaded.content.names();
                    let hit = names.iter().any(|n| n == name);
                    (hit.then_some(Found::Carvel(loaded)), names)
                }
            },
        );
    }
    let location = repository.package(name)?;
    match registry.list_tags(&location).await {
        Ok(tags) if !tags.is_empty() => Ok((Some(Found::Oci(location)), Vec::new())),
        Ok(_) | Err(RegistryError::NotFound { .. }) => Ok((None, Vec::new())),
        Err(other) => Err(other.into()),
    }
}

/// Up to three names close to `name` (a typo or two away), closest first, as
/// `REPO/NAME`.
fn close_names(name: &str, known: &[(String, String)]) -> Vec<String> {
    let mut close: Vec<(usize, String)> = known
        .iter()
        .filter_map(|(repository, candidate)| {
            let distance = strsim::levenshtein(name, candidate);
            (distance > 0 && distance <= 2.max(name.len() / 4))
                .then(|| (distance, format!("{repository}/{candidate}")))
        })
        .collect();
    close.sort();
    close.dedup();
    close.into_iter().take(3).map(|(_, name)| name).collect()
}

async fn fetch_oci(
    location: &OciRef,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    let pinned_already = location.digest.is_some() || location.tag.is_some();
    if pinned_already && request.constraint.is_some() {
        return Err(FetchError::ConstraintOnPinned {
            reference: location.to_string(),
        });
    }
    let (tagged, candidates) = if pinned_already {
        (location.clone(), Vec::new())
    } else {
        let tags = registry.list_tags(location).await?;
        let resolution =
            version::resolve(&tags, request.constraint, request.devel).map_err(|source| {
                FetchError::Resolve {
                    reference: location.to_string(),
                    source,
                }
            })?;
        (location.with_tag(&resolution.tag), resolution.candidates)
    };
    let digest = registry.resolve_digest(&tagged).await?;
    // Before a byte of content is read: is it signed as the policy asks?
    let check = signatures::check(request.trust, registry, &tagged, &digest).await?;
    let mut fetched =
        fetch_pinned(&tagged, &digest, location, candidates, request, registry).await?;
    fetched.source.signatures.extend(check);
    Ok(fetched)
}

/// Pulls an OCI package by its digest (a Helm OCI chart, or a native or
/// bundle image) and checks it is the version its tag says.
async fn fetch_pinned(
    tagged: &OciRef,
    digest: &str,
    location: &OciRef,
    candidates: Vec<Candidate>,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    // Compressed blobs may not exceed what their decompressed stream may.
    let max_blob_bytes = request.limits.max_total_bytes.saturating_mul(2);
    let image = registry.pull(tagged, digest, max_blob_bytes).await?;
    from_image(&image, tagged, location, candidates, request)
}

/// The package in a pulled OCI artifact (from a registry, or from a bundle's
/// layout), whose version must be the one its tag says.
pub fn from_image(
    image: &crate::registry::PulledImage,
    tagged: &OciRef,
    location: &OciRef,
    candidates: Vec<Candidate>,
    request: &FetchRequest<'_>,
) -> Result<Fetched, FetchError> {
    let digest = image.digest.as_str();
    let pinned = tagged.with_digest(digest);
    if image.manifest.config.media_type == crate::helm::oci::CONFIG_MEDIA_TYPE {
        return helm_chart(image, tagged, &pinned, digest, candidates, request);
    }

    let files = unpack_layers(&image.layers, &pinned, &request.limits)?;
    let tag_version = tagged
        .tag
        .as_deref()
        .and_then(|tag| version::parse_version(tag).ok());
    let fallback_version = tag_version
        .as_ref()
        .map_or_else(|| "0.0.0".to_string(), ToString::to_string);
    let is_native = image.manifest.config.media_type == CONFIG_MEDIA_TYPE;
    let fallback = (!is_native).then_some((location.package_name(), fallback_version.as_str()));
    let package =
        Package::from_files_within(files, &pinned.to_string(), fallback, &request.limits)?;
    pinned_fetch(package, tag_version, &pinned, digest, candidates, request)
}

/// A package fetched by digest: its version must be the tag's, when the tag
/// is a version; the source records the pinned reference.
fn pinned_fetch(
    package: Package,
    tag_version: Option<semver::Version>,
    pinned: &OciRef,
    digest: &str,
    candidates: Vec<crate::version::Candidate>,
    request: &FetchRequest<'_>,
) -> Result<Fetched, FetchError> {
    if let Some(tag_version) = tag_version
        && tag_version != package.version
    {
        return Err(FetchError::TagMismatch {
            reference: pinned.to_string(),
            tag_version: tag_version.to_string(),
            package_version: package.version.to_string(),
        });
    }
    Ok(Fetched {
        package,
        source: Source {
            reference: pinned.to_string(),
            constraint: request.constraint.map(ToString::to_string),
            candidates,
            digest: Some(digest.to_string()),
            values: Default::default(),
            reuse_values: Default::default(),
            enable_dns: false,
            config: Default::default(),
            catalog: None,
            warnings: Vec::new(),
            signatures: Vec::new(),
            images: Default::default(),
            requirements: Default::default(),
        },
        channels: Vec::new(),
    })
}

/// A Helm OCI chart (config `application/vnd.cncf.helm.config.v1+json`): its
/// chart layer is the chart's `.tgz`. The tag's version (`_` for `+`) must be
/// the chart's.
fn helm_chart(
    image: &crate::registry::PulledImage,
    tagged: &OciRef,
    pinned: &OciRef,
    digest: &str,
    candidates: Vec<crate::version::Candidate>,
    request: &FetchRequest<'_>,
) -> Result<Fetched, FetchError> {
    let layer = image
        .manifest
        .layers
        .iter()
        .position(|layer| crate::helm::oci::is_chart_layer(&layer.media_type))
        .and_then(|index| image.layers.get(index))
        .ok_or_else(|| PackageError::NotAPackage {
            origin: pinned.to_string(),
        })?;
    let package = Package::from_archive(layer, &pinned.to_string(), &request.limits)?;
    if package.chart().is_none() {
        return Err(PackageError::NotAPackage {
            origin: pinned.to_string(),
        }
        .into());
    }
    let tag_version = tagged
        .tag
        .as_deref()
        .and_then(|tag| version::parse_version(tag).ok());
    pinned_fetch(package, tag_version, pinned, digest, candidates, request)
}

/// A File-Based Catalog read once for this request, pinned.
struct LoadedCatalog {
    /// The repository's name.
    repository: String,
    /// The image pinned by digest, or the directory.
    reference: String,
    /// The image's digest.
    digest: Option<String>,
    /// The catalog.
    catalog: Catalog,
    /// The catalog image's signature check.
    signatures: Vec<crate::signature::policy::SignatureCheck>,
}

/// A catalog repository as read: an OLM File-Based Catalog or a Carvel
/// PackageRepository.
enum Loaded {
    /// A File-Based Catalog.
    Olm(LoadedCatalog),
    /// A Carvel PackageRepository.
    Carvel(carvel::LoadedRepository),
}

/// Reads a catalog repository: a directory, or an image resolved to its
/// digest, pulled by it and unpacked within the limits: an imgpkg bundle is a
/// Carvel PackageRepository (as a directory with `packages/` is), else its
/// config label names the catalog's directory.
async fn load_catalog(
    repository: &str,
    location: &CatalogLocation,
    trust: &crate::signature::policy::TrustPolicy,
    limits: &Limits,
    registry: &RegistryClient,
) -> Result<Loaded, FetchError> {
    match location {
        CatalogLocation::Directory(dir) if carvel::is_repository_dir(dir) => {
            Ok(Loaded::Carvel(carvel::load_dir(repository, dir, limits)?))
        }
        CatalogLocation::Directory(dir) => {
            let files = crate::package::read_directory(dir, limits)?;
            let shown = dir.display().to_string();
            Ok(Loaded::Olm(LoadedCatalog {
                repository: repository.to_string(),
                catalog: Catalog::from_files(&files, "", &shown)?,
                reference: shown,
                digest: None,
                signatures: Vec::new(),
            }))
        }
        CatalogLocation::Image(image) => {
            let digest = registry.resolve_digest(image).await?;
            let check = signatures::check(trust, registry, image, &digest).await?;
            let pinned = image.with_digest(&digest);
            let max_blob_bytes = limits.max_total_bytes.saturating_mul(2);
            let pulled = registry.pull(image, &digest, max_blob_bytes).await?;
            if carvel::is_bundle(&pulled.config) {
                let mut loaded =
                    carvel::load_bundle(repository, &pinned, &digest, &pulled, limits)?;
                loaded.signatures.extend(check);
                return Ok(Loaded::Carvel(loaded));
            }
            let config: serde_json::Value =
                serde_json::from_slice(&pulled.config).unwrap_or_default();
            let root = config
                .pointer("/config/Labels")
                .and_then(|labels| labels.get(CATALOG_LABEL))
                .and_then(serde_json::Value::as_str)
                .ok_or_else(|| FetchError::NotACatalog {
                    reference: pinned.to_string(),
                })?
                .to_string();
            let files = unpack_layers(&pulled.layers, &pinned, limits)?;
            Ok(Loaded::Olm(LoadedCatalog {
                repository: repository.to_string(),
                catalog: Catalog::from_files(&files, &root, &pinned.to_string())?,
                reference: pinned.to_string(),
                digest: Some(digest),
                signatures: check.into_iter().collect(),
            }))
        }
    }
}

/// Resolves `name` in a loaded catalog and fetches the chosen bundle image by
/// digest; checks the bundle is the one the catalog names.
async fn fetch_from_catalog(
    loaded: &LoadedCatalog,
    name: &str,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    let resolved = loaded.catalog.resolve(&Query {
        package: name,
        channel: request.channel,
        constraint: request.constraint,
        devel: request.devel,
        installed: request.installed,
        force: request.force_upgrade,
    })?;
    let image = OciRef::parse(&resolved.bundle.image).map_err(|reason| OlmError::Invalid {
        origin: loaded.reference.clone(),
        file: format!("olm.bundle {}", resolved.bundle.name),
        reason: format!("image {:?}: {reason}", resolved.bundle.image),
    })?;
    let bundle_request = FetchRequest {
        constraint: None,
        ..request.clone()
    };
    let mut fetched = fetch_oci(&image, &bundle_request, registry).await?;
    let mismatch = |what: String| OlmError::Invalid {
        origin: loaded.reference.clone(),
        file: format!("olm.bundle {}", resolved.bundle.name),
        reason: format!("its image {} {what}", fetched.source.reference),
    };
    let Some(bundle) = fetched.package.bundle() else {
        return Err(mismatch("is not a registry+v1 bundle".to_string()).into());
    };
    if bundle.csv.name != resolved.bundle.name || bundle.csv.version != resolved.bundle.version {
        return Err(mismatch(format!(
            "holds {} version {}, not version {}",
            bundle.csv.name, bundle.csv.version, resolved.bundle.version
        ))
        .into());
    }
    fetched.source.constraint = request.constraint.map(ToString::to_string);
    // The catalog's check first: it named the bundle.
    fetched
        .source
        .signatures
        .splice(0..0, loaded.signatures.iter().cloned());
    fetched.source.catalog = Some(CatalogInfo {
        repository: loaded.repository.clone(),
        reference: loaded.reference.clone(),
        digest: loaded.digest.clone(),
        channel: resolved.channel,
        bundle: resolved.bundle.name,
        upgrade_edge: match (request.installed, resolved.edge) {
            (Some(installed), Some(edge)) => Some(UpgradeEdge {
                from: installed.name.clone(),
                via: edge.describe(),
            }),
            _ => None,
        },
        deprecations: resolved.warnings,
    });
    fetched.channels = loaded
        .catalog
        .package(name)
        .map(|package| package.summary())
        .unwrap_or_default();
    Ok(fetched)
}

/// Unpacks image layers in order into one file set; layers share one budget.
fn unpack_layers(
    layers: &[Vec<u8>],
    pinned: &OciRef,
    limits: &Limits,
) -> Result<Files, FetchError> {
    let mut files = Files::new();
    for layer in layers {
        // What earlier layers unpacked counts against later ones.
        let used_bytes: u64 = files.values().map(|data| data.len() as u64).sum();
        let limits = Limits {
            max_total_bytes: limits.max_total_bytes.saturating_sub(used_bytes),
            max_entries: limits.max_entries.saturating_sub(files.len()),
            ..*limits
        };
        archive::unpack_into(&mut files, layer, &limits).map_err(|source| {
            PackageError::Archive {
                origin: pinned.to_string(),
                source,
            }
        })?;
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_a_typo_or_two_away_closest_first() {
        let known: Vec<(String, String)> = [
            ("stable", "mongodb"),
            ("stable", "redis"),
            ("charts", "mongodb-exporter"),
            ("charts", "mongo"),
        ]
        .iter()
        .map(|(r, n)| (r.to_string(), n.to_string()))
        .collect();
        assert_eq!(
            close_names("mongdb", &known),
            ["stable/mongodb", "charts/mongo"]
        );
        assert_eq!(close_names("reddis", &known), ["stable/redis"]);
        assert!(close_names("postgres", &known).is_empty());
        // The name itself is not "close": it would have been found.
        assert!(close_names("redis", &known).is_empty());
    }

    /// A bundle image's layers are unpacked in order: a later layer replaces
    /// files, its whiteouts delete earlier ones, and all share one budget.
    #[test]
    fn image_layers_unpack_in_order_into_one_bundle() {
        let bundle_dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/tinyop/1.0.0");
        let files = crate::package::read_directory(&bundle_dir, &Limits::default()).unwrap();
        let mut first = files.clone();
        first.insert(
            "manifests/stale.yaml".into(),
            b"kind: Broken".to_vec().into(),
        );
        let mut second = Files::new();
        second.insert("manifests/.wh.stale.yaml".into(), Vec::new().into());
        second.insert(
            "manifests/tinyop-metrics.service.yaml".into(),
            b"apiVersion: v1\nkind: Service\nmetadata: {name: replaced}\n"
                .to_vec()
                .into(),
        );
        let layers = [archive::pack(&first), archive::pack(&second)];
        let pinned = OciRef::parse(
            "r.example/b@sha256:0000000000000000000000000000000000000000000000000000000000000000",
        )
        .unwrap();
        let unpacked = unpack_layers(&layers, &pinned, &Limits::default()).unwrap();
        assert!(!unpacked.contains_key("manifests/stale.yaml"));
        let package = Package::from_files(unpacked, "image", None).unwrap();
        let bundle = package.bundle().unwrap();
        assert_eq!(bundle.others[0].1["metadata"]["name"], "replaced");

        // The budget is shared: two layers that fit alone do not fit together.
        let total: u64 = files.values().map(|f| f.len() as u64).sum();
        let tight = Limits {
            max_total_bytes: total + 10,
            ..Limits::default()
        };
        let error = unpack_layers(
            &[archive::pack(&files), archive::pack(&files)],
            &pinned,
            &tight,
        );
        assert!(error.is_err());
    }
}
