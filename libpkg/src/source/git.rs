//! Packages from git repositories: `git+https://HOST/PATH.git//DIR?ref=REF`.
//!
//! A reference is resolved once to a commit (a tag, a branch or a full
//! commit; without `ref`, the newest semver tag `DIR/vX.Y.Z`, or `vX.Y.Z`
//! when the package is at the top, that satisfies `--version`). Everything
//! after reads that commit's tree: exactly that commit is fetched (shallow,
//! depth 1) into a scratch repository, its directory is written into the
//! cache under the commit's id, and the package is read from there as from
//! any directory, so its digest is the digest the same directory has on disk
//! or in a registry. The pinned reference the plan records names the ref and
//! the commit (`…?ref=main&commit=SHA`); a pinned reference never resolves
//! the ref again.
//!
//! The tree is written with care: links (in or out of the tree) and file
//! names that are not plain names are refused, files and the whole directory
//! are held to the package [`Limits`] before a byte is read, and submodules
//! are not followed (they are skipped, and [`GitPackage::warnings`] says so).
//! Signed tags and commits are not verified. Credentials for HTTPS come
//! from where git users keep them ([`super::git_credentials`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use gix::bstr::ByteSlice;
use gix::remote::Direction;

use crate::package::Limits;
pub use crate::reference::{GitRef, is_full_commit};

/// Environment variable that overrides the cache directory.
pub const CACHE_DIR_ENV: &str = "KUBECTL_PKG_CACHE_DIR";

/// Why a git source could not be used.
#[derive(Debug, thiserror::Error)]
pub enum GitError {
    /// The repository could not be reached or read.
    #[error("{url}")]
    Remote {
        /// The repository.
        url: String,
        /// What failed (gix's error, with its causes).
        source: gix::Error,
    },
    /// The server asked for credentials and none were found, or refused
    /// the ones sent.
    #[error(
        "{url}: {}",
        if *.refused {
            format!("the server refused the credentials sent (from {}, ~/.git-credentials or git's credential helper, in that order)", super::git_credentials::TOKEN_ENV)
        } else {
            format!("the server asks for credentials and none were found: set {}, add the server to ~/.git-credentials, or configure a git credential helper", super::git_credentials::TOKEN_ENV)
        }
    )]
    Credentials {
        /// The repository.
        url: String,
        /// Whether credentials were sent and refused (else none were found).
        refused: bool,
    },
    /// A commit id that is not one (a safeguard: references are checked
    /// when parsed).
    #[error("{url}: {commit:?} is not a commit id")]
    CommitId {
        /// The repository.
        url: String,
        /// The commit id as given.
        commit: String,
        /// Why it does not decode.
        source: gix::Error,
    },
    /// The blocking task that talks to the repository failed (it panicked
    /// or the runtime shut down).
    #[error("{url}: the git task failed")]
    Task {
        /// The repository.
        url: String,
        /// The task's failure.
        source: tokio::task::JoinError,
    },
    /// The ref names no tag, branch or commit of the repository.
    #[error(
        "{url}: no tag or branch {reference:?} (a commit must be named by its full 40-digit id)"
    )]
    NoSuchRef {
        /// The repository.
        url: String,
        /// The ref asked for.
        reference: String,
    },
    /// The commit has no such directory.
    #[error("{url}: commit {commit} has no directory {dir:?}")]
    NoSuchDir {
        /// The repository.
        url: String,
        /// The commit.
        commit: String,
        /// The directory.
        dir: String,
    },
    /// An entry of the tree that cannot be part of a package.
    #[error("{url}@{commit}: {path}: {reason}")]
    Refused {
        /// The repository.
        url: String,
        /// The commit.
        commit: String,
        /// The entry's path in the repository.
        path: String,
        /// Why.
        reason: String,
    },
    /// The cache could not be written.
    #[error("{path}: {source}")]
    Cache {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A named package that a single-package repository does not hold.
    #[error(
        "{url}: no tags {name}/vX.Y.Z, and the package its vX.Y.Z tags hold is {top:?}, not {name:?}"
    )]
    NotInRepository {
        /// The repository.
        url: String,
        /// The package asked for.
        name: String,
        /// The package at the top of the repository.
        top: String,
    },
    /// No cache directory could be determined.
    #[error("cannot find a cache directory: set {CACHE_DIR_ENV} or HOME")]
    NoCacheDir,
}

/// The cache directory: `$KUBECTL_PKG_CACHE_DIR`, else the XDG one.
pub fn cache_dir() -> Result<PathBuf, GitError> {
    if let Some(dir) = std::env::var_os(CACHE_DIR_ENV).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("dev", "kubectl-pkg", "kubectl-pkg")
        .map(|dirs| dirs.cache_dir().to_path_buf())
        .ok_or(GitError::NoCacheDir)
}

/// A tag or branch of a remote repository and the commit it stands for
/// (an annotated tag peeled).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteRef {
    /// `refs/tags/…` or `refs/heads/…`.
    pub name: String,
    /// The commit id.
    pub commit: String,
}

/// A package directory of one commit, written into the cache.
#[derive(Debug, Clone)]
pub struct GitPackage {
    /// The directory holding the package's files.
    pub path: PathBuf,
    /// The commit.
    pub commit: String,
    /// What was skipped (submodules), for the user.
    pub warnings: Vec<String>,
}

fn remote_error(url: &str) -> impl Fn(gix::Error) -> GitError + '_ {
    move |error| {
        let chain = crate::remedy::with_causes(&error);
        let url = url.to_string();
        // gix's words for a 401 with nothing to send, and with credentials refused.
        if chain.contains("No credentials were returned") {
            GitError::Credentials {
                url,
                refused: false,
            }
        } else if chain.contains("were not accepted by the remote") {
            GitError::Credentials { url, refused: true }
        } else {
            GitError::Remote { url, source: error }
        }
    }
}

/// The error of a blocking git task that did not finish.
fn task_failed(url: &str) -> impl Fn(tokio::task::JoinError) -> GitError + '_ {
    move |source| GitError::Task {
        url: url.to_string(),
        source,
    }
}

/// A scratch bare repository in the cache, removed when dropped.
fn scratch_repository(cache: &Path) -> Result<(tempfile::TempDir, gix::Repository), GitError> {
    let root = cache.join("git");
    std::fs::create_dir_all(&root).map_err(|source| GitError::Cache {
        path: root.clone(),
        source,
    })?;
    let scratch = tempfile::Builder::new()
        .prefix("scratch.")
        .tempdir_in(&root)
        .map_err(|source| GitError::Cache {
            path: root.clone(),
            source,
        })?;
    let repository = gix::init_bare(scratch.path()).map_err(|source| GitError::Remote {
        url: scratch.path().display().to_string(),
        source,
    })?;
    Ok((scratch, repository))
}

/// Lists the remote's refs that `refspecs` select, without fetching objects.
pub fn list_refs(url: &str, refspecs: &[String], cache: &Path) -> Result<Vec<RemoteRef>, GitError> {
    let (_scratch, repository) = scratch_repository(cache)?;
    let remote = repository
        .remote_at(url)
        .map_err(remote_error(url))?
        .with_fetch_tags(gix::remote::fetch::Tags::None)
        .with_refspecs(refspecs.iter().map(String::as_str), Direction::Fetch)
        .map_err(remote_error(url))?;
    let connection = remote
        .connect(Direction::Fetch)
        .map_err(remote_error(url))?
        .with_credentials(super::git_credentials::authenticate(&repository));
    let (ref_map, _) = connection
        .ref_map(gix::progress::Discard, Default::default())
        .map_err(remote_error(url))?;
    let mut refs: Vec<RemoteRef> = ref_map
        .remote_refs
        .iter()
        .filter_map(|remote_ref| {
            let (name, target, peeled) = remote_ref.unpack();
            let commit = peeled.or(target)?;
            Some(RemoteRef {
                name: name.to_str_lossy().into_owned(),
                commit: commit.to_hex().to_string(),
            })
        })
        .collect();
    refs.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(refs)
}

/// Resolves a tag or branch name (or a full ref name) to its commit; a tag
/// wins over a branch of the same name, as with git.
pub fn resolve_ref(url: &str, reference: &str, cache: &Path) -> Result<String, GitError> {
    if is_full_commit(reference) {
        return Ok(reference.to_string());
    }
    let candidates: Vec<String> = if reference.starts_with("refs/") {
        vec![reference.to_string()]
    } else {
        vec![
            format!("refs/tags/{reference}"),
            format!("refs/heads/{reference}"),
        ]
    };
    let refs = list_refs(url, &candidates, cache)?;
    candidates
        .iter()
        .find_map(|wanted| refs.iter().find(|r| &r.name == wanted))
        .map(|found| found.commit.clone())
        .ok_or_else(|| GitError::NoSuchRef {
            url: url.to_string(),
            reference: reference.to_string(),
        })
}

/// The version tags of a directory (`DIR/vX.Y.Z`, or `vX.Y.Z` at the top),
/// as `(version tag without the prefix, commit)`.
pub fn version_tags(
    url: &str,
    prefix: &str,
    cache: &Path,
) -> Result<Vec<(String, String)>, GitError> {
    let refs = list_refs(
        url,
        &[format!("refs/tags/{prefix}*:refs/tags/{prefix}*")],
        cache,
    )?;
    let full_prefix = format!("refs/tags/{prefix}");
    Ok(refs
        .into_iter()
        .filter_map(|r| {
            let tag = r.name.strip_prefix(&full_prefix)?;
            (!tag.contains('/')).then(|| (tag.to_string(), r.commit))
        })
        .collect())
}

/// Writes directory `dir` of `commit` into the cache (fetching exactly that
/// commit, shallow, unless the cache has it) and says where.
pub fn checkout(
    url: &str,
    commit: &str,
    dir: &str,
    cache: &Path,
    limits: &Limits,
) -> Result<GitPackage, GitError> {
    use sha2::Digest;
    let key = hex::encode(&sha2::Sha256::digest(dir.as_bytes())[..8]);
    let trees = cache.join("git").join("trees");
    let target = trees.join(format!("{commit}-{key}"));
    let warnings_file = trees.join(format!("{commit}-{key}.warnings"));
    if target.is_dir() {
        let warnings = std::fs::read_to_string(&warnings_file)
            .map(|text| text.lines().map(str::to_string).collect())
            .unwrap_or_default();
        return Ok(GitPackage {
            path: target,
            commit: commit.to_string(),
            warnings,
        });
    }
    let cache_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| GitError::Cache { path, source }
    };
    std::fs::create_dir_all(&trees).map_err(cache_error(&trees))?;
    let (_scratch, repository) = scratch_repository(cache)?;
    let remote = repository
        .remote_at(url)
        .map_err(remote_error(url))?
        .with_fetch_tags(gix::remote::fetch::Tags::None)
        .with_refspecs([commit], Direction::Fetch)
        .map_err(remote_error(url))?;
    let connection = remote
        .connect(Direction::Fetch)
        .map_err(remote_error(url))?
        .with_credentials(super::git_credentials::authenticate(&repository));
    let depth = std::num::NonZeroU32::new(1).expect("1 is not zero");
    connection
        .prepare_fetch(gix::progress::Discard, Default::default())
        .map_err(remote_error(url))?
        .with_shallow(gix::remote::fetch::Shallow::DepthAtRemote(depth))
        .receive(gix::progress::Discard, &AtomicBool::new(false))
        .map_err(remote_error(url))?;

    let id = gix::ObjectId::from_hex(commit.as_bytes()).map_err(|source| GitError::CommitId {
        url: url.to_string(),
        commit: commit.to_string(),
        source,
    })?;
    let not_there = || GitError::NoSuchDir {
        url: url.to_string(),
        commit: commit.to_string(),
        dir: dir.to_string(),
    };
    let tree = repository
        .find_commit(id)
        .and_then(|c| c.tree())
        .map_err(remote_error(url))?;
    let tree_id = if dir.is_empty() {
        tree.id
    } else {
        let entry = tree
            .lookup_entry_by_path(dir)
            .map_err(remote_error(url))?
            .ok_or_else(not_there)?;
        if !entry.mode().is_tree() {
            return Err(not_there());
        }
        entry.object_id()
    };

    let staging = tempfile::Builder::new()
        .prefix("staging.")
        .tempdir_in(&trees)
        .map_err(cache_error(&trees))?;
    let mut writer = TreeWriter {
        repository: &repository,
        url,
        commit,
        limits,
        entries: 0,
        bytes: 0,
        warnings: Vec::new(),
    };
    writer.write(tree_id, staging.path(), dir)?;
    let warnings = writer.warnings;
    std::fs::write(&warnings_file, warnings.join("\n")).map_err(cache_error(&warnings_file))?;
    let staged = staging.keep();
    match std::fs::rename(&staged, &target) {
        Ok(()) => {}
        // Another process wrote the same commit first: same content.
        Err(_) if target.is_dir() => {
            let _ = std::fs::remove_dir_all(&staged);
        }
        Err(source) => {
            let _ = std::fs::remove_dir_all(&staged);
            return Err(GitError::Cache {
                path: target,
                source,
            });
        }
    }
    Ok(GitPackage {
        path: target,
        commit: commit.to_string(),
        warnings,
    })
}

/// Lists a git repository's tags, to check it answers before it is added;
/// says how many there are.
pub(crate) async fn describe_repository(reference: &GitRef) -> Result<String, super::FetchError> {
    let tags = remote_tags(reference).await?;
    Ok(format!("a git repository with {} tag(s)", tags.len()))
}

/// The tags of a repository's remote, listed on a blocking thread.
pub(super) async fn remote_tags(reference: &GitRef) -> Result<Vec<RemoteRef>, super::FetchError> {
    let url = reference.url.clone();
    let task = tokio::task::spawn_blocking(move || {
        let cache = cache_dir()?;
        list_refs(&url, &["refs/tags/*:refs/tags/*".to_string()], &cache)
    });
    Ok(task.await.map_err(task_failed(&reference.url))??)
}

/// The packages a git repository added with `repo add` holds, from its tags
/// alone (no objects are fetched): the directories with `DIR/vX.Y.Z` tags,
/// sorted, and whether it has top-level `vX.Y.Z` tags (a single-package
/// repository, whose package name only its `package.yaml` tells).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GitListing {
    /// Directories with version tags (`NAME` of `NAME/vX.Y.Z`).
    pub directories: Vec<String>,
    /// Whether there are top-level `vX.Y.Z` tags.
    pub top_level: bool,
}

impl GitListing {
    /// The listing of these tag names (`refs/tags/…`).
    pub fn from_tags<'a>(tags: impl IntoIterator<Item = &'a str>) -> GitListing {
        let mut listing = GitListing::default();
        for tag in tags {
            let Some(tag) = tag.strip_prefix("refs/tags/") else {
                continue;
            };
            let (directory, version) = match tag.rsplit_once('/') {
                Some((directory, version)) => (Some(directory), version),
                None => (None, tag),
            };
            let is_version = crate::version::parse_version(version).is_ok();
            match directory {
                _ if !is_version => {}
                Some(directory) => listing.directories.push(directory.to_string()),
                None => listing.top_level = true,
            }
        }
        listing.directories.sort();
        listing.directories.dedup();
        listing
    }
}

/// Lists the packages of a git repository added with `repo add`, from its
/// tags (see [`GitListing`]).
pub(crate) async fn list_packages(reference: &GitRef) -> Result<GitListing, super::FetchError> {
    let tags = remote_tags(reference).await?;
    Ok(GitListing::from_tags(tags.iter().map(|t| t.name.as_str())))
}

/// Fetches a package from a git reference (see the module docs): the ref
/// resolved once, or the newest version tag that satisfies `--version`.
pub(crate) async fn fetch(
    reference: &GitRef,
    request: &super::FetchRequest<'_>,
) -> Result<super::Fetched, super::FetchError> {
    let reference = reference.clone();
    let limits = request.limits;
    let constraint = request.constraint.cloned();
    let devel = request.devel;
    let task = tokio::task::spawn_blocking(move || {
        fetch_blocking(&reference, constraint.as_ref(), devel, &limits)
    });
    task.await
        .map_err(|error| super::FetchError::Git(task_failed("git")(error)))?
}

/// Fetches package `name` from a git repository added with `repo add`: the
/// directory `name` at its newest `name/vX.Y.Z` tag, or, in a repository
/// with no such tags, its top-level package at its newest `vX.Y.Z` tag when
/// that package is called `name` (a single-package repository).
pub(crate) async fn fetch_named(
    base: &GitRef,
    name: &str,
    request: &super::FetchRequest<'_>,
) -> Result<super::Fetched, super::FetchError> {
    let in_directory = GitRef {
        dir: name.to_string(),
        ..base.clone()
    };
    let (url, prefix) = (base.url.clone(), in_directory.tag_prefix());
    let task = tokio::task::spawn_blocking(move || {
        let cache = cache_dir()?;
        Ok::<_, GitError>(
            version_tags(&url, &prefix, &cache)?.is_empty()
                && !version_tags(&url, "", &cache)?.is_empty(),
        )
    });
    let single_package = task.await.map_err(task_failed(&base.url))??;
    if !single_package {
        return fetch(&in_directory, request).await;
    }
    let at_top = GitRef {
        dir: String::new(),
        ..base.clone()
    };
    let fetched = fetch(&at_top, request).await?;
    if fetched.package.metadata.name != name {
        return Err(GitError::NotInRepository {
            url: base.url.clone(),
            name: name.to_string(),
            top: fetched.package.metadata.name.clone(),
        }
        .into());
    }
    Ok(fetched)
}

fn fetch_blocking(
    reference: &GitRef,
    constraint: Option<&crate::version::Constraint>,
    devel: bool,
    limits: &Limits,
) -> Result<super::Fetched, super::FetchError> {
    use super::FetchError;
    let cache = cache_dir()?;
    let pinned_already = reference.commit.is_some() || reference.reference.is_some();
    if pinned_already && constraint.is_some() {
        return Err(FetchError::ConstraintOnPinned {
            reference: reference.to_string(),
        });
    }
    let (pinned, candidates, tag_version) = match (&reference.commit, &reference.reference) {
        (Some(commit), _) => (reference.pinned(commit), Vec::new(), None),
        (None, Some(name)) => {
            let commit = resolve_ref(&reference.url, name, &cache)?;
            let version = name
                .rsplit('/')
                .next()
                .and_then(|tag| crate::version::parse_version(tag).ok());
            (reference.pinned(&commit), Vec::new(), version)
        }
        (None, None) => {
            let prefix = reference.tag_prefix();
            let tags = version_tags(&reference.url, &prefix, &cache)?;
            let names: Vec<String> = tags.iter().map(|(tag, _)| tag.clone()).collect();
            let shown = reference.to_string();
            let resolution =
                crate::version::resolve(&names, constraint, devel).map_err(|source| {
                    FetchError::Resolve {
                        reference: format!("{shown} (tags {prefix}vX.Y.Z)"),
                        source,
                    }
                })?;
            let commit = tags
                .iter()
                .find(|(tag, _)| *tag == resolution.tag)
                .map(|(_, commit)| commit.clone())
                .unwrap_or_default();
            let pinned = GitRef {
                reference: Some(format!("{prefix}{}", resolution.tag)),
                commit: Some(commit),
                ..reference.clone()
            };
            let version = crate::version::parse_version(&resolution.tag).ok();
            (pinned, resolution.candidates, version)
        }
    };
    let commit = pinned.commit.clone().unwrap_or_default();
    let checkout = checkout(&pinned.url, &commit, &pinned.dir, &cache, limits)?;
    let package = crate::package::Package::from_dir(&checkout.path, limits)?;
    let shown = pinned.to_string();
    if let Some(tag_version) = tag_version
        && tag_version != package.version
    {
        return Err(FetchError::TagMismatch {
            reference: shown,
            tag_version: tag_version.to_string(),
            package_version: package.version.to_string(),
        });
    }
    if let Some(constraint) = constraint
        && !constraint.matches(&package.version, devel)
    {
        return Err(FetchError::VersionMismatch {
            reference: shown,
            version: package.version.to_string(),
            constraint: constraint.to_string(),
        });
    }
    let mut source = super::Source::local(&shown);
    source.constraint = constraint.map(ToString::to_string);
    source.candidates = candidates;
    source.warnings = checkout.warnings;
    Ok(super::Fetched {
        package,
        source,
        channels: Vec::new(),
    })
}

/// Writes a tree's files into a directory, refusing what a package cannot hold.
struct TreeWriter<'a> {
    repository: &'a gix::Repository,
    url: &'a str,
    commit: &'a str,
    limits: &'a Limits,
    entries: usize,
    bytes: u64,
    warnings: Vec<String>,
}

impl TreeWriter<'_> {
    fn refuse(&self, path: &str, reason: impl Into<String>) -> GitError {
        GitError::Refused {
            url: self.url.to_string(),
            commit: self.commit.to_string(),
            path: path.to_string(),
            reason: reason.into(),
        }
    }

    fn write(&mut self, tree: gix::ObjectId, into: &Path, shown: &str) -> Result<(), GitError> {
        let object = self
            .repository
            .find_tree(tree)
            .map_err(remote_error(self.url))?;
        let decoded = object.decode().map_err(remote_error(self.url))?;
        for entry in &decoded.entries {
            let name = entry.filename.to_str().map_err(|_| {
                self.refuse(
                    &format!("{shown}/{}", entry.filename.to_str_lossy()),
                    "the file name is not UTF-8",
                )
            })?;
            let path = if shown.is_empty() {
                name.to_string()
            } else {
                format!("{shown}/{name}")
            };
            if name.is_empty()
                || name == "."
                || name == ".."
                || name.eq_ignore_ascii_case(".git")
                || name.contains(['/', '\\', '\0'])
            {
                return Err(self.refuse(&path, "not a plain file name"));
            }
            self.entries += 1;
            if self.entries > self.limits.max_entries {
                return Err(self.refuse(
                    &path,
                    format!(
                        "the package exceeds the limit of {} entries",
                        self.limits.max_entries
                    ),
                ));
            }
            let destination = into.join(name);
            let mode = entry.mode;
            if mode.is_tree() {
                std::fs::create_dir(&destination).map_err(|source| GitError::Cache {
                    path: destination.clone(),
                    source,
                })?;
                self.write(entry.oid.to_owned(), &destination, &path)?;
            } else if mode.is_commit() {
                self.warnings.push(format!(
                    "{path}: a submodule (commit {}): not followed, left out of the package",
                    entry.oid
                ));
            } else if mode.is_link() {
                return Err(
                    self.refuse(&path, "a symbolic link: links are not allowed in a package")
                );
            } else if mode.is_blob() {
                let header = self
                    .repository
                    .find_header(entry.oid.to_owned())
                    .map_err(remote_error(self.url))?;
                let size = header.size();
                self.bytes += size;
                if size > self.limits.max_file_bytes {
                    return Err(self.refuse(
                        &path,
                        format!(
                            "{size} bytes: the package exceeds the limit of {} bytes per file",
                            self.limits.max_file_bytes
                        ),
                    ));
                }
                if self.bytes > self.limits.max_total_bytes {
                    return Err(self.refuse(
                        &path,
                        format!(
                            "the package exceeds the limit of {} bytes in all",
                            self.limits.max_total_bytes
                        ),
                    ));
                }
                let blob = self
                    .repository
                    .find_object(entry.oid.to_owned())
                    .map_err(remote_error(self.url))?;
                std::fs::write(&destination, &blob.data).map_err(|source| GitError::Cache {
                    path: destination.clone(),
                    source,
                })?;
            } else {
                return Err(self.refuse(&path, "not a file, directory or submodule"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repositorys_packages_are_the_directories_of_its_version_tags() {
        let listing = GitListing::from_tags([
            "refs/tags/web/v1.0.0",
            "refs/tags/web/v1.1.0",
            "refs/tags/charts/db/v2.0.0",
            "refs/tags/notes/latest",
            "refs/tags/release-1",
            "refs/heads/web/v9.0.0",
        ]);
        assert_eq!(listing.directories, ["charts/db", "web"]);
        assert!(!listing.top_level);
        assert!(GitListing::from_tags(["refs/tags/v1.0.0"]).top_level);
    }

    #[test]
    fn references_parse_into_url_directory_ref_and_commit() {
        let r = GitRef::parse("git+https://git.example/platform/packages.git//mongodb?ref=v7.0.14")
            .unwrap();
        assert_eq!(r.url, "https://git.example/platform/packages.git");
        assert_eq!(r.dir, "mongodb");
        assert_eq!(r.reference.as_deref(), Some("v7.0.14"));
        assert_eq!(r.commit, None);
        assert_eq!(
            r.to_string(),
            "git+https://git.example/platform/packages.git//mongodb?ref=v7.0.14"
        );
        let commit = "0123456789abcdef0123456789abcdef01234567";
        let pinned = r.pinned(commit);
        assert_eq!(
            pinned.to_string(),
            format!(
                "git+https://git.example/platform/packages.git//mongodb?ref=v7.0.14&commit={commit}"
            )
        );
        assert_eq!(GitRef::parse(&pinned.to_string()).unwrap(), pinned);

        let nested = GitRef::parse("git+file:///srv/repo.git//charts/web/").unwrap();
        assert_eq!(nested.url, "file:///srv/repo.git");
        assert_eq!(nested.dir, "charts/web");
        assert_eq!(nested.tag_prefix(), "charts/web/");
        let top = GitRef::parse("git+http://127.0.0.1:8080/r.git").unwrap();
        assert_eq!(top.dir, "");
        assert_eq!(top.tag_prefix(), "");
        let by_commit = GitRef::parse(&format!("git+https://h/r.git?ref={commit}")).unwrap();
        assert_eq!(by_commit.commit.as_deref(), Some(commit));
        assert_eq!(
            by_commit.to_string(),
            format!("git+https://h/r.git?ref={commit}")
        );
    }

    #[test]
    fn bad_references_say_what_is_wrong() {
        for (text, expected) in [
            ("git+ftp://h/r.git", "not supported"),
            ("git+http://git.example/r.git", "loopback"),
            ("git+https://user:secret@h/r.git", "credentials"),
            ("git+https://h/r.git//../etc", "relative path"),
            ("git+https://h/r.git//a/.git", "relative path"),
            ("git+https://h/r.git?ref=a..b", "not a valid git ref"),
            ("git+https://h/r.git?ref=-x", "not a valid git ref"),
            ("git+https://h/r.git?commit=abc", "40-digit"),
            ("git+https://h/r.git?ref=a&ref=b", "once each"),
            ("git+https://h/r.git?branch=a", "only ref=REF"),
            ("git+h/r.git", "git+https://HOST/PATH"),
        ] {
            let error = GitRef::parse(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
}
