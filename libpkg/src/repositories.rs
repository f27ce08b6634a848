//! Named package repositories (`kubectl pkg repo add NAME oci://HOST/PATH`),
//! stored in the user's config directory.
//!
//! A repository is an OCI path prefix (one registry repository per package),
//! or an OLM File-Based Catalog: a catalog image (`oci://HOST/PATH:TAG` or
//! `@sha256:…`, a URL that names one image) or a catalog directory (a path),
//! or a classic Helm chart repository (`https://…`, its `index.yaml`).
//!
//! The file is `$KUBECTL_PKG_CONFIG_DIR/repositories.yaml`, or
//! `$XDG_CONFIG_HOME/kubectl-pkg/repositories.yaml` (`~/.config/kubectl-pkg/…`).
//! It is written atomically (temp file + rename) so that an interrupted write
//! never loses the list.
//!
//! A repository may carry a signature rule (`repo add … --verify-key FILE`),
//! kept with the trusted keys' PEM text; [`Repositories::trust_policy`] binds
//! each to the repository's location, and [`load_trust_policy`] adds the
//! rules of a policy file (`kind: TrustPolicy`) for pipelines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::mirror::ImageMapping;
use crate::names::validate_dns_label;
use crate::reference::OciRef;
use crate::signature::policy::{PolicyError, TrustPolicy, TrustRule};

/// Environment variable that overrides the config directory.
pub const CONFIG_DIR_ENV: &str = "KUBECTL_PKG_CONFIG_DIR";

/// One configured repository.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repository {
    /// Its name, a DNS label.
    pub name: String,
    /// Where it is, as given (`oci://host/path`, …); read by
    /// [`Repository::location`].
    pub url: String,
    /// Which signatures its packages need, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify: Option<TrustRule>,
    /// Images copied into this repository's registry by `import`: packages
    /// from here run those copies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<crate::mirror::MirroredImage>,
}

/// How another repository's location lies against a new one's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlap {
    /// The same location.
    Same,
    /// The new repository lies inside the other's location.
    Inside,
    /// The other repository lies inside the new one's location.
    Around,
}

/// Another repository whose location meets a new one's, where either has a
/// signature rule (see [`Repositories::rule_overlaps`]).
#[derive(Debug, Clone, Copy)]
pub struct RuleOverlap<'a> {
    /// The other repository.
    pub repository: &'a Repository,
    /// How its location lies against the new one's.
    pub overlap: Overlap,
}

/// The location a repository's signature rule is bound to, `host/path`
/// (a catalog image's tag or digest dropped); `None` for what is not in an
/// OCI registry.
fn rule_location(repository: &Repository) -> Option<String> {
    match repository.location() {
        Location::Prefix(prefix) => OciRef::parse(prefix).ok().map(|oci| oci.path()),
        Location::Catalog(CatalogLocation::Image(image)) => Some(image.path()),
        _ => None,
    }
}

/// Where a repository is: its URL read once, in [`Repository::location`],
/// and what kind of repository it is follows from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location<'a> {
    /// `oci://HOST[/PATH]`, an OCI path prefix: package `NAME` is the
    /// registry repository `HOST/PATH/NAME`. Holds `HOST[/PATH]`.
    Prefix(&'a str),
    /// An OLM File-Based Catalog: an image (`oci://…:TAG` or `@sha256:…`)
    /// or a directory.
    Catalog(CatalogLocation),
    /// `https://…` or `http://…`: a classic Helm chart repository (its
    /// `index.yaml`).
    ChartIndex(&'a str),
    /// `git+https://…`: packages in directories, versions from tags.
    Git(crate::reference::GitRef),
}

/// Where a catalog repository's File-Based Catalog is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CatalogLocation {
    /// A catalog image, by tag or digest.
    Image(OciRef),
    /// A directory holding the catalog.
    Directory(PathBuf),
}

impl Repository {
    /// Where the repository is, read from its URL: an `oci://` URL naming
    /// one image (a tag or digest) is a catalog image, any other a prefix; a
    /// path is a catalog directory.
    pub fn location(&self) -> Location<'_> {
        let url = self.url.as_str();
        if url.starts_with("https://") || url.starts_with("http://") {
            return Location::ChartIndex(url);
        }
        if url.starts_with("git+")
            && let Ok(git) = crate::reference::GitRef::parse(url)
        {
            return Location::Git(git);
        }
        let Some(prefix) = OciRef::url_path(url) else {
            return Location::Catalog(CatalogLocation::Directory(PathBuf::from(url)));
        };
        match OciRef::parse(prefix) {
            Ok(image) if image.tag.is_some() || image.digest.is_some() => {
                Location::Catalog(CatalogLocation::Image(image))
            }
            _ => Location::Prefix(prefix),
        }
    }

    /// The repository's URL, for a classic Helm chart repository (`http://`
    /// or `https://`, whose `index.yaml` lists its charts).
    pub fn chart_index(&self) -> Option<&str> {
        match self.location() {
            Location::ChartIndex(url) => Some(url),
            _ => None,
        }
    }

    /// The catalog, for a File-Based Catalog repository; `None` for an OCI
    /// path prefix or a chart repository.
    pub fn catalog(&self) -> Option<CatalogLocation> {
        match self.location() {
            Location::Catalog(catalog) => Some(catalog),
            _ => None,
        }
    }

    /// The repository, for a git repository (`git+https://…`): packages in
    /// directories, versions from tags `NAME/vX.Y.Z`.
    pub fn git(&self) -> Option<crate::reference::GitRef> {
        match self.location() {
            Location::Git(git) => Some(git),
            _ => None,
        }
    }

    /// Adds this repository's signature rule, if it has one, to `policy`,
    /// bound to its location and named `repository NAME`.
    pub fn add_trust_rule(&self, policy: &mut TrustPolicy) -> Result<(), PolicyError> {
        let Some(rule) = &self.verify else {
            return Ok(());
        };
        let origin = format!("repository {}", self.name);
        if !matches!(
            self.location(),
            Location::Prefix(_) | Location::Catalog(CatalogLocation::Image(_))
        ) {
            return Err(PolicyError {
                origin,
                reason: format!(
                    "{} is not an OCI repository; signatures are verified on OCI artifacts only",
                    self.url
                ),
                source: None,
            });
        }
        policy.add(&origin, &self.url, rule)
    }

    /// The OCI location of package `name` in this repository.
    pub fn package(&self, name: &str) -> Result<OciRef, RepositoryError> {
        let invalid = |reason: &str| RepositoryError::InvalidUrl {
            url: self.url.clone(),
            reason: reason.to_string(),
        };
        match self.location() {
            Location::Prefix(prefix) => OciRef::parse(&format!("{prefix}/{name}"))
                .map_err(|error| RepositoryError::unreadable_url(&self.url, "", error)),
            Location::ChartIndex(_) => Err(invalid(
                "a chart repository lists its charts in index.yaml, not as OCI repositories",
            )),
            Location::Catalog(_) => Err(invalid(
                "a catalog repository holds no OCI repository per package",
            )),
            Location::Git(_) => Err(invalid(
                "a git repository holds its packages in directories, not as OCI repositories",
            )),
        }
    }
}

/// The configured repositories and where they are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repositories {
    path: PathBuf,
    list: Vec<Repository>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RepositoriesFile {
    api_version: String,
    kind: String,
    #[serde(default)]
    repositories: Vec<Repository>,
}

/// Errors about repositories.
#[derive(Debug, thiserror::Error)]
pub enum RepositoryError {
    /// No repository has that name.
    #[error("unknown repository {name:?}; configured: {}", if .known.is_empty() { format!("none (add one with {})", crate::remedy::Remedy::AddRepository) } else { .known.join(", ") })]
    Unknown {
        /// The name asked for.
        name: String,
        /// The names there are.
        known: Vec<String>,
    },
    /// A repository of that name exists already.
    #[error("repository {name:?} already exists ({url}); remove it first")]
    Exists {
        /// The name.
        name: String,
        /// Its URL.
        url: String,
    },
    /// Another repository binds a different signature rule to the same
    /// location: only one of the two would be in force there, for packages
    /// reached by either name.
    #[error(
        "{url} already has a signature rule, repository {other}'s; a second one for the same location would replace it for packages reached as {other}/… too: remove {other} first, or add {name} with the same rule"
    )]
    RuleConflict {
        /// The repository being added.
        name: String,
        /// Its URL.
        url: String,
        /// The repository whose rule is bound there.
        other: String,
    },
    /// A URL that is not `oci://host/path`.
    #[error("invalid repository URL {url:?}: {reason}")]
    InvalidUrl {
        /// The URL.
        url: String,
        /// Why.
        reason: String,
    },
    /// A URL (or what a repository holds under it) that does not parse.
    #[error("invalid repository URL {url:?}{}", if .what.is_empty() { String::new() } else { format!(": {}", .what) })]
    UnreadableUrl {
        /// The URL.
        url: String,
        /// What of it does not parse ("its image copy …"); empty when the
        /// source says it all.
        what: String,
        /// Why.
        source: UrlError,
    },
    /// A name that is not a DNS label.
    #[error("invalid repository name {name:?}")]
    InvalidName {
        /// The name.
        name: String,
        /// Why.
        #[source]
        reason: crate::names::NameError,
    },
    /// The file could not be read or written.
    #[error("{path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is malformed.
    #[error("{path}: {reason}")]
    Malformed {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// No config directory could be determined.
    #[error("cannot find a config directory: set {CONFIG_DIR_ENV} or HOME")]
    NoConfigDir,
}

/// Why a repository URL does not parse, as the source of
/// [`RepositoryError::UnreadableUrl`].
#[derive(Debug, thiserror::Error)]
pub enum UrlError {
    /// Not a package reference of its kind (`git+…`, `oci://…`).
    #[error(transparent)]
    Reference(#[from] crate::reference::RefParseError),
    /// Not a URL.
    #[error(transparent)]
    Url(#[from] url::ParseError),
    /// Not a directory that can be read.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// An image copy that is not one.
    #[error(transparent)]
    ImageCopy(#[from] crate::mirror::ImageNameError),
}

impl RepositoryError {
    /// A [`RepositoryError::UnreadableUrl`] of `url`: `what` of it, and why.
    fn unreadable_url(url: &str, what: &str, source: impl Into<UrlError>) -> RepositoryError {
        RepositoryError::UnreadableUrl {
            url: url.to_string(),
            what: what.to_string(),
            source: source.into(),
        }
    }
}

/// The config directory: `$KUBECTL_PKG_CONFIG_DIR`, else the XDG one.
pub fn config_dir() -> Result<PathBuf, RepositoryError> {
    if let Some(dir) = std::env::var_os(CONFIG_DIR_ENV).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("dev", "kubectl-pkg", "kubectl-pkg")
        .map(|dirs| dirs.config_dir().to_path_buf())
        .ok_or(RepositoryError::NoConfigDir)
}

impl Repositories {
    /// Loads the repositories of the default config directory.
    pub fn load_default() -> Result<Self, RepositoryError> {
        Self::load(&config_dir()?.join("repositories.yaml"))
    }

    /// Loads a repositories file; a missing file is an empty list.
    pub fn load(path: &Path) -> Result<Self, RepositoryError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Repositories {
                    path: path.to_path_buf(),
                    list: Vec::new(),
                });
            }
            Err(source) => {
                return Err(RepositoryError::Io {
                    path: path.to_path_buf(),
                    source,
                });
            }
        };
        let file: RepositoriesFile =
            crate::yaml::from_str(&text).map_err(|e| RepositoryError::Malformed {
                path: path.to_path_buf(),
                reason: e.message,
            })?;
        Ok(Repositories {
            path: path.to_path_buf(),
            list: file.repositories,
        })
    }

    /// The repositories, in the order they were added.
    pub fn list(&self) -> &[Repository] {
        &self.list
    }

    /// The repository called `name`.
    pub fn get(&self, name: &str) -> Result<&Repository, RepositoryError> {
        self.list
            .iter()
            .find(|r| r.name == name)
            .ok_or_else(|| RepositoryError::Unknown {
                name: name.to_string(),
                known: self.list.iter().map(|r| r.name.clone()).collect(),
            })
    }

    /// Adds a repository and saves the file. `url` is `oci://HOST/PATH` (a
    /// prefix), `oci://HOST/PATH:TAG` or `…@sha256:…` (a catalog image), or
    /// a directory holding a File-Based Catalog (stored as an absolute path),
    /// or `https://…` (`http://…`) of a classic Helm chart repository.
    pub fn add(&mut self, name: &str, url: &str) -> Result<(), RepositoryError> {
        let repository = self.prepare(name, url)?;
        self.insert(repository)
    }

    /// The repository [`Repositories::add`] would add (name and URL checked,
    /// the URL normalized), without adding it: a caller can contact it first.
    pub fn prepare(&self, name: &str, url: &str) -> Result<Repository, RepositoryError> {
        validate_dns_label(name).map_err(|reason| RepositoryError::InvalidName {
            name: name.to_string(),
            reason,
        })?;
        if let Some(existing) = self.list.iter().find(|r| r.name == name) {
            return Err(RepositoryError::Exists {
                name: name.to_string(),
                url: existing.url.clone(),
            });
        }
        let url = if url.starts_with("git+") {
            let git = crate::reference::GitRef::parse(url)
                .map_err(|error| RepositoryError::unreadable_url(url, "", error))?;
            if !git.dir.is_empty() || git.reference.is_some() || git.commit.is_some() {
                return Err(RepositoryError::InvalidUrl {
                    url: url.to_string(),
                    reason: "a git repository is added without //DIR or ?ref= (packages are its directories, versions its tags)".to_string(),
                });
            }
            git.to_string()
        } else if OciRef::is_url(url) {
            url.trim_end_matches('/').to_string()
        } else if url.starts_with("https://") || url.starts_with("http://") {
            url::Url::parse(url).map_err(|e| RepositoryError::unreadable_url(url, "", e))?;
            url.trim_end_matches('/').to_string()
        } else {
            let path = std::fs::canonicalize(url).map_err(|e| {
                RepositoryError::unreadable_url(url, "neither oci://… nor a catalog directory", e)
            })?;
            if !path.is_dir() {
                return Err(RepositoryError::InvalidUrl {
                    url: url.to_string(),
                    reason: "not a directory".to_string(),
                });
            }
            path.display().to_string()
        };
        let repository = Repository {
            name: name.to_string(),
            url,
            verify: None,
            images: Vec::new(),
        };
        if let Location::Prefix(_) = repository.location() {
            repository.package("probe")?;
        }
        Ok(repository)
    }

    /// The trust policy these repositories define: each repository's rule
    /// bound to its location (an OCI prefix, or a catalog or bundle image's
    /// repository), named `repository NAME`. Two repositories binding the
    /// same rule to the same location are one rule, named after the one
    /// added first (as `repo add` says). Two binding different rules to one
    /// location (a file written before `repo add` refused that) are refused
    /// here, naming both: only one could be in force, and a signature rule
    /// is never silently dropped.
    pub fn trust_policy(&self) -> Result<TrustPolicy, PolicyError> {
        let mut policy = TrustPolicy::default();
        let mut bound: Vec<(String, &TrustRule, &str)> = Vec::new();
        for repository in &self.list {
            if let (Some(location), Some(rule)) = (rule_location(repository), &repository.verify) {
                match bound.iter().find(|(l, _, _)| *l == location) {
                    Some((_, r, _)) if *r == rule => continue,
                    Some((_, _, first)) => {
                        return Err(PolicyError {
                            origin: format!("repository {}", repository.name),
                            reason: format!(
                                "it and repository {first} bind different signature rules to {location}, so only one would be in force; remove one ({}) and add it again with the rule you want",
                                crate::remedy::Remedy::RemoveRepository
                            ),
                            source: None,
                        });
                    }
                    None => bound.push((location, rule, &repository.name)),
                }
            }
            repository.add_trust_rule(&mut policy)?;
        }
        Ok(policy)
    }

    /// The image copies that packages from `reference` (a pinned
    /// `oci://…` reference) run: those of every repository whose location
    /// covers it, on a path boundary.
    pub fn image_mapping(&self, reference: &str) -> Result<ImageMapping, RepositoryError> {
        let mut mapping = ImageMapping::default();
        let Some(Ok(location)) = OciRef::from_url(reference) else {
            return Ok(mapping);
        };
        for repository in &self.list {
            let Location::Prefix(prefix) = repository.location() else {
                continue;
            };
            if !location.is_within(prefix) {
                continue;
            }
            for copy in &repository.images {
                mapping.add_copy(copy.clone()).map_err(|error| {
                    let what = format!("its image copy {}", copy.original);
                    RepositoryError::unreadable_url(&repository.url, &what, error)
                })?;
            }
        }
        Ok(mapping)
    }

    /// Adds the image copies of an import to repository `repository` (added
    /// if it is new), keeping those of earlier imports, and saves the file.
    /// An existing repository of that name elsewhere is an error.
    pub fn record_import(&mut self, repository: Repository) -> Result<(), RepositoryError> {
        let Some(existing) = self.list.iter_mut().find(|r| r.name == repository.name) else {
            self.list.push(repository);
            return self.save();
        };
        if existing.url != repository.url {
            return Err(RepositoryError::Exists {
                name: repository.name,
                url: existing.url.clone(),
            });
        }
        let images: BTreeMap<String, crate::mirror::MirroredImage> = existing
            .images
            .drain(..)
            .chain(repository.images)
            .map(|copy| (copy.original.clone(), copy))
            .collect();
        existing.images = images.into_values().collect();
        if repository.verify.is_some() {
            existing.verify = repository.verify;
        }
        self.save()
    }

    /// Adds a repository made by [`Repositories::prepare`] and saves the file.
    pub fn insert(&mut self, repository: Repository) -> Result<(), RepositoryError> {
        if let Some(existing) = self.list.iter().find(|r| r.name == repository.name) {
            return Err(RepositoryError::Exists {
                name: repository.name,
                url: existing.url.clone(),
            });
        }
        self.list.push(repository);
        self.save()
    }

    /// Where `repository`'s location meets another repository's, either of
    /// the two carrying a signature rule: the rules that would govern
    /// packages reached by either name (the most specific location wins, see
    /// [`TrustPolicy::requirement`]). Refused with
    /// [`RepositoryError::RuleConflict`] when both bind different rules to
    /// the same location, since only the later would be in force.
    pub fn rule_overlaps(
        &self,
        repository: &Repository,
    ) -> Result<Vec<RuleOverlap<'_>>, RepositoryError> {
        let Some(location) = rule_location(repository) else {
            return Ok(Vec::new());
        };
        let mut overlaps = Vec::new();
        for other in &self.list {
            if other.name == repository.name
                || (other.verify.is_none() && repository.verify.is_none())
            {
                continue;
            }
            let Some(theirs) = rule_location(other) else {
                continue;
            };
            let within = |inner: &str, outer: &str| {
                inner
                    .strip_prefix(outer)
                    .is_some_and(|rest| rest.starts_with('/'))
            };
            let overlap = if theirs == location {
                Overlap::Same
            } else if within(&location, &theirs) {
                Overlap::Inside
            } else if within(&theirs, &location) {
                Overlap::Around
            } else {
                continue;
            };
            if overlap == Overlap::Same {
                match (&repository.verify, &other.verify) {
                    (Some(ours), Some(theirs)) if ours != theirs => {
                        return Err(RepositoryError::RuleConflict {
                            name: repository.name.clone(),
                            url: repository.url.clone(),
                            other: other.name.clone(),
                        });
                    }
                    // The same rule twice: one rule, named after the first.
                    _ => {}
                }
            }
            overlaps.push(RuleOverlap {
                repository: other,
                overlap,
            });
        }
        Ok(overlaps)
    }

    /// Removes a repository and saves the file.
    pub fn remove(&mut self, name: &str) -> Result<Repository, RepositoryError> {
        self.get(name)?;
        let index = self
            .list
            .iter()
            .position(|r| r.name == name)
            .expect("just found");
        let removed = self.list.remove(index);
        self.save()?;
        Ok(removed)
    }

    fn save(&self) -> Result<(), RepositoryError> {
        let io = |source| RepositoryError::Io {
            path: self.path.clone(),
            source,
        };
        if let Some(parent) = self.path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        let file = RepositoriesFile {
            api_version: crate::package::PACKAGE_API_VERSION.to_string(),
            kind: "Repositories".to_string(),
            repositories: self.list.clone(),
        };
        let temporary = self.path.with_extension("yaml.tmp");
        std::fs::write(&temporary, crate::yaml::to_string(&file)).map_err(io)?;
        std::fs::rename(&temporary, &self.path).map_err(io)
    }
}

/// A trust policy file, as pipelines give it (`--trust-policy FILE`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TrustPolicyFile {
    api_version: String,
    kind: String,
    rules: Vec<TrustPolicyFileRule>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TrustPolicyFileRule {
    /// `oci://host/path`: the artifacts it covers.
    prefix: String,
    mode: crate::signature::VerifyMode,
    /// Public key files, relative to the policy file.
    #[serde(default)]
    keys: Vec<PathBuf>,
    /// Keyless signers: `{issuer | issuerRegexp, subject | subjectRegexp}`.
    #[serde(default)]
    identities: Vec<crate::signature::keyless::IdentityRule>,
    /// The `trusted_root.json` keyless signatures are checked against,
    /// relative to the policy file.
    #[serde(default)]
    trusted_root: Option<PathBuf>,
}

/// Adds the rules of the policy file at `path` to `policy` (after the
/// repositories' rules: on the same prefix the file's rule wins). Key files
/// are read relative to the policy file; each rule is named
/// `trust policy PATH rule N` in messages and the plan.
pub fn load_trust_policy(policy: &mut TrustPolicy, path: &Path) -> Result<(), RepositoryError> {
    let malformed = |reason: String| RepositoryError::Malformed {
        path: path.to_path_buf(),
        reason,
    };
    let text = std::fs::read_to_string(path).map_err(|source| RepositoryError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let file: TrustPolicyFile = crate::yaml::from_str(&text).map_err(|e| malformed(e.message))?;
    if file.api_version != crate::package::PACKAGE_API_VERSION || file.kind != "TrustPolicy" {
        return Err(malformed(format!(
            "expected apiVersion {} and kind TrustPolicy, found {} {}",
            crate::package::PACKAGE_API_VERSION,
            file.api_version,
            file.kind
        )));
    }
    let base = path.parent().unwrap_or(Path::new("."));
    for (index, rule) in file.rules.iter().enumerate() {
        let origin = format!("trust policy {} rule {}", path.display(), index + 1);
        let keys = rule
            .keys
            .iter()
            .map(|key| {
                let key_path = base.join(key);
                std::fs::read_to_string(&key_path).map_err(|e| {
                    malformed(format!(
                        "rule {}: key {}: {e}",
                        index + 1,
                        key_path.display()
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let trusted_root = rule
            .trusted_root
            .as_ref()
            .map(|root| {
                let root_path = base.join(root);
                std::fs::read_to_string(&root_path).map_err(|e| {
                    malformed(format!(
                        "rule {}: trusted root {}: {e}",
                        index + 1,
                        root_path.display()
                    ))
                })
            })
            .transpose()?;
        let rule = TrustRule {
            mode: rule.mode,
            keys,
            identities: rule.identities.clone(),
            trusted_root,
        };
        policy
            .add(&origin, &file.rules[index].prefix, &rule)
            .map_err(|e| malformed(e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_list_remove_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/repositories.yaml");
        let mut repos = Repositories::load(&path).unwrap();
        assert!(repos.list().is_empty());
        repos.add("stable", "oci://127.0.0.1:5000/pkgs/").unwrap();
        repos.add("edge", "oci://localhost:5000/edge").unwrap();
        let loaded = Repositories::load(&path).unwrap();
        assert_eq!(loaded.list().len(), 2);
        assert_eq!(
            loaded.get("stable").unwrap().url,
            "oci://127.0.0.1:5000/pkgs"
        );
        assert_eq!(
            loaded
                .get("stable")
                .unwrap()
                .package("mongodb")
                .unwrap()
                .repository,
            "pkgs/mongodb"
        );
        assert!(matches!(
            repos.add("stable", "oci://x/y").unwrap_err(),
            RepositoryError::Exists { .. }
        ));
        assert!(matches!(
            repos.add("Bad", "oci://x/y").unwrap_err(),
            RepositoryError::InvalidName { .. }
        ));
        assert!(matches!(
            repos.add("plain", "https://").unwrap_err(),
            RepositoryError::UnreadableUrl {
                source: UrlError::Url(_),
                ..
            }
        ));
        repos.remove("stable").unwrap();
        let error = Repositories::load(&path)
            .unwrap()
            .get("stable")
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown repository \"stable\"; configured: edge"
        );
    }

    #[test]
    fn catalog_repositories_are_images_or_directories() {
        let dir = tempfile::tempdir().unwrap();
        let mut repos = Repositories::load(&dir.path().join("repositories.yaml")).unwrap();
        repos
            .add("hub", "oci://127.0.0.1:5000/olm/catalog:v4.18")
            .unwrap();
        repos.add("prefix", "oci://127.0.0.1:5000/olm").unwrap();
        let catalog_dir = dir.path().join("catalog");
        std::fs::create_dir(&catalog_dir).unwrap();
        repos.add("local", catalog_dir.to_str().unwrap()).unwrap();
        let hub = repos.get("hub").unwrap();
        assert!(
            matches!(hub.catalog(), Some(CatalogLocation::Image(image)) if image.tag.as_deref() == Some("v4.18"))
        );
        assert!(hub.package("x").is_err(), "a catalog has no package paths");
        assert_eq!(repos.get("prefix").unwrap().catalog(), None);
        let local = repos.get("local").unwrap();
        assert_eq!(
            local.catalog(),
            Some(CatalogLocation::Directory(
                catalog_dir.canonicalize().unwrap()
            ))
        );
        assert!(repos.add("missing", "./no-such-dir").is_err());
    }

    #[test]
    fn signature_rules_bind_oci_repositories_and_policy_files_add_prefixes() {
        use crate::signature::VerifyMode;
        let dir = tempfile::tempdir().unwrap();
        let key = crate::keys::tests::test_key(1).public().to_pem();
        let mut repos = Repositories::load(&dir.path().join("repositories.yaml")).unwrap();
        let mut signed = repos.prepare("signed", "oci://r.example/pkgs").unwrap();
        signed.verify = Some(TrustRule {
            mode: VerifyMode::Enforce,
            keys: vec![key.clone()],
            identities: Vec::new(),
            trusted_root: None,
        });
        repos.insert(signed).unwrap();
        let reloaded = Repositories::load(&dir.path().join("repositories.yaml")).unwrap();
        let mut policy = reloaded.trust_policy().unwrap();
        let app = OciRef::parse("r.example/pkgs/app:1.0.0").unwrap();
        assert_eq!(
            policy.requirement(&app).unwrap().entry.origin,
            "repository signed"
        );

        // Two rules on one location, as files written before `repo add`
        // refused that can hold: refused, naming both, never one dropped.
        let mut older = reloaded.clone();
        let mut twin = older.prepare("twin", "oci://r.example/pkgs").unwrap();
        twin.verify = Some(TrustRule {
            mode: VerifyMode::Enforce,
            keys: vec![crate::keys::tests::test_key(2).public().to_pem()],
            identities: Vec::new(),
            trusted_root: None,
        });
        older.list.push(twin);
        let error = older.trust_policy().unwrap_err().to_string();
        assert!(
            error.contains("repository twin") && error.contains("repository signed"),
            "{error}"
        );

        // A chart repository cannot carry a rule: its charts are not OCI artifacts.
        let mut charts = repos.prepare("charts", "https://charts.example").unwrap();
        charts.verify = Some(TrustRule {
            mode: VerifyMode::Enforce,
            keys: vec![key.clone()],
            identities: Vec::new(),
            trusted_root: None,
        });
        let error = charts
            .add_trust_rule(&mut TrustPolicy::default())
            .unwrap_err();
        assert!(error.to_string().contains("repository charts"), "{error}");

        // A policy file's rule on the same prefix wins; key paths are
        // relative to the file; mistakes name the file.
        std::fs::write(dir.path().join("k.pub"), &key).unwrap();
        let file = dir.path().join("trust.yaml");
        std::fs::write(
            &file,
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: TrustPolicy\nrules:\n  - {prefix: oci://r.example/pkgs, mode: warn, keys: [k.pub]}\n",
        )
        .unwrap();
        load_trust_policy(&mut policy, &file).unwrap();
        let found = policy.requirement(&app).unwrap();
        assert!(
            found.entry.origin.ends_with("trust.yaml rule 1"),
            "{}",
            found.entry.origin
        );
        assert_eq!(found.mode, VerifyMode::Warn);
        std::fs::write(&file, "apiVersion: v1\nkind: Other\nrules: []\n").unwrap();
        let error = load_trust_policy(&mut policy, &file).unwrap_err();
        assert!(error.to_string().contains("trust.yaml"), "{error}");
    }

    #[test]
    fn policy_files_give_keyless_identities_and_a_trusted_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = crate::signature::keyless::tests::Sigstore::new(10).root_json;
        std::fs::create_dir_all(dir.path().join("sigstore")).unwrap();
        std::fs::write(dir.path().join("sigstore/trusted_root.json"), root).unwrap();
        let file = dir.path().join("trust.yaml");
        std::fs::write(
            &file,
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: TrustPolicy\nrules:\n  - prefix: oci://r.example/pkgs\n    mode: enforce\n    identities:\n      - {issuer: https://issuer.test, subject: release@example.com}\n      - {issuerRegexp: '^https://issuer\\.test$', subjectRegexp: '@example\\.com$'}\n    trustedRoot: sigstore/trusted_root.json\n",
        )
        .unwrap();
        let mut policy = TrustPolicy::default();
        load_trust_policy(&mut policy, &file).unwrap();
        let app = OciRef::parse("r.example/pkgs/app:1.0.0").unwrap();
        let entry = policy.requirement(&app).unwrap().entry;
        assert_eq!(entry.identities.len(), 2);
        assert!(entry.trusted_root.is_some() && entry.keys.is_empty());
        assert!(policy.needs_signatures(&app));
        // Identities without a trusted root are refused, naming the rule.
        std::fs::write(
            &file,
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: TrustPolicy\nrules:\n  - prefix: oci://r.example/pkgs\n    mode: enforce\n    identities: [{issuer: https://issuer.test, subject: a@example.com}]\n",
        )
        .unwrap();
        let error = load_trust_policy(&mut TrustPolicy::default(), &file).unwrap_err();
        assert!(
            error.to_string().contains("rule 1") && error.to_string().contains("trusted root"),
            "{error}"
        );
    }

    #[test]
    fn a_repositorys_kind_follows_from_its_location() {
        let at = |url: &str| Repository {
            name: "r".into(),
            url: url.into(),
            verify: None,
            images: Vec::new(),
        };
        let prefix = at("oci://127.0.0.1:5000/team/");
        assert_eq!(prefix.location(), Location::Prefix("127.0.0.1:5000/team"));
        assert_eq!(
            prefix.package("app").unwrap().to_string(),
            "oci://127.0.0.1:5000/team/app"
        );
        // A registry alone is a prefix too: packages at HOST/NAME.
        let host = at("oci://127.0.0.1:5000");
        assert_eq!(host.location(), Location::Prefix("127.0.0.1:5000"));
        assert_eq!(host.package("app").unwrap().path(), "127.0.0.1:5000/app");
        assert!(matches!(
            at("oci://h.example/catalog@sha256:0000000000000000000000000000000000000000000000000000000000000000").location(),
            Location::Catalog(CatalogLocation::Image(image)) if image.path() == "h.example/catalog"
        ));
        assert_eq!(
            at("/srv/catalog").location(),
            Location::Catalog(CatalogLocation::Directory("/srv/catalog".into()))
        );
        assert_eq!(
            at("http://charts.example/x").location(),
            Location::ChartIndex("http://charts.example/x")
        );
        assert!(matches!(
            at("git+https://git.example/pkgs.git").location(),
            Location::Git(_)
        ));
    }

    #[test]
    fn chart_repositories_are_http_urls() {
        let dir = tempfile::tempdir().unwrap();
        let mut repos = Repositories::load(&dir.path().join("repositories.yaml")).unwrap();
        repos
            .add("charts", "https://charts.example.com/stable/")
            .unwrap();
        let charts = repos.get("charts").unwrap();
        assert_eq!(charts.url, "https://charts.example.com/stable");
        assert_eq!(
            charts.chart_index(),
            Some("https://charts.example.com/stable")
        );
        assert_eq!(charts.catalog(), None);
        assert!(charts.package("x").is_err(), "no OCI repository per chart");
        repos.add("prefix", "oci://127.0.0.1:5000/olm").unwrap();
        assert_eq!(repos.get("prefix").unwrap().chart_index(), None);
    }

    /// Issue 39: a different rule for a location another repository's rule
    /// is bound to is refused; other meetings are reported, most specific first.
    #[test]
    fn a_second_rule_for_the_same_location_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut repos = Repositories::load(&dir.path().join("repositories.yaml")).unwrap();
        let rule = |key: &str| {
            Some(TrustRule {
                mode: crate::signature::VerifyMode::Enforce,
                keys: vec![key.to_string()],
                identities: Vec::new(),
                trusted_root: None,
            })
        };
        let mut first = repos.prepare("first", "oci://r.test/pkgs").unwrap();
        first.verify = rule("one");
        repos.insert(first).unwrap();
        let mut second = repos.prepare("second", "oci://r.test/pkgs/").unwrap();
        second.verify = rule("two");
        assert!(matches!(
            repos.rule_overlaps(&second),
            Err(RepositoryError::RuleConflict { other, .. }) if other == "first"
        ));
        second.verify = rule("one");
        let same = repos.rule_overlaps(&second).unwrap();
        assert_eq!(same[0].overlap, Overlap::Same);
        let plain = repos.prepare("plain", "oci://r.test/pkgs/team").unwrap();
        let inside = repos.rule_overlaps(&plain).unwrap();
        assert_eq!(inside[0].overlap, Overlap::Inside);
        assert_eq!(inside[0].repository.name, "first");
        let elsewhere = repos.prepare("other", "oci://r.test/pkgsx").unwrap();
        assert!(repos.rule_overlaps(&elsewhere).unwrap().is_empty());
    }
}
