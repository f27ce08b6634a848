//! The stack's lock file (`stack.lock`, beside the stack file), as Cargo.lock
//! is to Cargo.toml: for each environment and release, the version, reference
//! and digest its package resolved to. Committed, it makes production apply
//! exactly the digests staging tested: a `--locked` plan refuses a release
//! that resolves to anything else ([`StackLock::check`]).
//!
//! The file is YAML, one entry per environment and release, sorted, so that
//! writing the same lock gives the same bytes and a change is a small diff:
//!
//! ```yaml
//! apiVersion: kubectl-pkg.dev/v1alpha1
//! kind: StackLock
//! releases:
//! - environment: prod
//!   release: web
//!   version: 1.0.0
//!   reference: oci://REGISTRY/examples/hello-web@sha256:…
//!   digest: sha256:…
//! ```
//!
//! An entry without `environment` is for the base releases (no `-e`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{STACK_API_VERSION, Stack, StackError};

/// `kind` of a lock file.
pub const LOCK_KIND: &str = "StackLock";
/// The lock file's name, in the stack file's directory.
pub const LOCK_FILE: &str = "stack.lock";

/// What one release resolved to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockedRelease {
    /// The package version chosen.
    pub version: String,
    /// The reference it was fetched from, as the plan records it.
    pub reference: String,
    /// The package's digest (`sha256:…`).
    pub digest: crate::digest::Digest,
}

/// A stack's lock: `(environment, release)` → what it resolved to, the
/// environment `None` for the base releases.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StackLock {
    /// The lock file: where it was read from or will be written to.
    pub file: PathBuf,
    /// The entries, sorted by environment (base first), then release.
    pub entries: BTreeMap<(Option<String>, String), LockedRelease>,
}

/// The file as written.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LockFile {
    api_version: String,
    kind: String,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    releases: Vec<LockEntry>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LockEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    environment: Option<String>,
    release: String,
    version: String,
    reference: String,
    digest: String,
}

const HEADER: &str = "# The versions and digests the stack's releases resolved to, per environment.\n\
# Written by kubectl pkg; commit it beside the stack file.\n";

impl StackLock {
    /// An empty lock to be written at `file`.
    pub fn new(file: &Path) -> StackLock {
        StackLock {
            file: file.to_path_buf(),
            entries: BTreeMap::new(),
        }
    }

    /// Where the lock of the stack file `stack_file` lives: beside it.
    pub fn path_beside(stack_file: &Path) -> PathBuf {
        stack_file.with_file_name(LOCK_FILE)
    }

    /// Reads and checks a lock file.
    pub fn read(path: &Path) -> Result<StackLock, StackError> {
        let text = std::fs::read_to_string(path).map_err(|e| StackError::Io {
            file: path.display().to_string(),
            reason: e.to_string(),
        })?;
        StackLock::parse(path, &text)
    }

    /// [`StackLock::read`], or an empty lock when there is no file yet (a
    /// first `lock --update`).
    pub fn read_or_new(path: &Path) -> Result<StackLock, StackError> {
        match path.try_exists() {
            Ok(false) => Ok(StackLock::new(path)),
            _ => StackLock::read(path),
        }
    }

    /// A lock from the text of the file at `path`.
    pub fn parse(path: &Path, text: &str) -> Result<StackLock, StackError> {
        let file = path.display().to_string();
        let malformed = |reason: String| StackError::Malformed {
            file: file.clone(),
            reason,
        };
        let document: LockFile = crate::yaml::from_str(text).map_err(|e| malformed(e.message))?;
        if (document.api_version.as_str(), document.kind.as_str()) != (STACK_API_VERSION, LOCK_KIND)
        {
            return Err(StackError::WrongKind {
                file,
                api_version: document.api_version,
                kind: document.kind,
                expected: LOCK_KIND,
            });
        }
        let mut lock = StackLock::new(path);
        for (index, entry) in document.releases.into_iter().enumerate() {
            check_entry(&entry).map_err(|why| malformed(format!("releases[{index}]: {why}")))?;
            let key = (entry.environment, entry.release);
            let locked = LockedRelease {
                version: entry.version,
                reference: entry.reference,
                digest: entry.digest.into(),
            };
            if lock.entries.insert(key.clone(), locked).is_some() {
                return Err(malformed(format!(
                    "releases[{index}]: release {:?}{} is locked twice",
                    key.1,
                    super::in_environment(&key.0)
                )));
            }
        }
        Ok(lock)
    }

    /// The file's bytes: the same lock always gives the same bytes.
    pub fn to_yaml(&self) -> String {
        let document = LockFile {
            api_version: STACK_API_VERSION.to_string(),
            kind: LOCK_KIND.to_string(),
            releases: self
                .entries
                .iter()
                .map(|((environment, release), locked)| LockEntry {
                    environment: environment.clone(),
                    release: release.clone(),
                    version: locked.version.clone(),
                    reference: locked.reference.clone(),
                    digest: locked.digest.to_string(),
                })
                .collect(),
        };
        format!("{HEADER}{}", crate::yaml::to_string(&document))
    }

    /// Writes the lock to `path` (through a temporary file beside it, so a
    /// reader never sees half a lock).
    pub fn write(&self, path: &Path) -> Result<(), StackError> {
        let fail = |e: std::io::Error| StackError::Io {
            file: path.display().to_string(),
            reason: e.to_string(),
        };
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut temporary = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
        std::io::Write::write_all(&mut temporary, self.to_yaml().as_bytes()).map_err(fail)?;
        temporary.persist(path).map_err(|e| fail(e.error))?;
        Ok(())
    }

    /// What `release` of `environment` is locked to.
    pub fn get(&self, environment: Option<&str>, release: &str) -> Option<&LockedRelease> {
        self.entries
            .get(&(environment.map(str::to_string), release.to_string()))
    }

    /// Records what `release` of `environment` resolved to.
    pub fn set(&mut self, environment: Option<&str>, release: &str, locked: LockedRelease) {
        self.entries.insert(
            (environment.map(str::to_string), release.to_string()),
            locked,
        );
    }

    /// Drops what `stack` no longer has: entries of its environment for
    /// releases it does not plan (removed or `enabled: false`), and entries of
    /// environments the file no longer declares.
    pub fn forget_missing(&mut self, stack: &Stack) {
        self.entries.retain(|(environment, release), _| {
            let declared = environment
                .as_ref()
                .is_none_or(|env| stack.environments.contains(env));
            let other = *environment != stack.environment;
            declared && (other || stack.release(release).is_some())
        });
    }

    /// Whether `release` of `environment` resolved to exactly what is locked
    /// (`--locked`): an error names every field that differs, or says it is
    /// not locked at all.
    pub fn check(
        &self,
        environment: Option<&str>,
        release: &str,
        resolved: &LockedRelease,
    ) -> Result<(), StackError> {
        let file = self.file.display().to_string();
        let environment_owned = environment.map(str::to_string);
        let Some(locked) = self.get(environment, release) else {
            return Err(StackError::NotLocked {
                file,
                environment: environment_owned,
                release: release.to_string(),
            });
        };
        let differences: Vec<String> = [
            (
                "version",
                locked.version.as_str(),
                resolved.version.as_str(),
            ),
            (
                "reference",
                locked.reference.as_str(),
                resolved.reference.as_str(),
            ),
            ("digest", locked.digest.as_str(), resolved.digest.as_str()),
        ]
        .into_iter()
        .filter(|(_, a, b)| a != b)
        .map(|(field, a, b)| format!("{field} locked {a}, resolved {b}"))
        .collect();
        if differences.is_empty() {
            return Ok(());
        }
        Err(StackError::LockMismatch {
            file,
            environment: environment_owned,
            release: release.to_string(),
            differences,
        })
    }
}

/// An entry's names, version and digest are what a stack and a registry give.
fn check_entry(entry: &LockEntry) -> Result<(), String> {
    if let Some(env) = &entry.environment {
        crate::names::validate_dns_label(env)
            .map_err(|why| format!("environment {env:?}: {why}"))?;
    }
    crate::names::validate_dns_label(&entry.release)
        .map_err(|why| format!("release {:?}: {why}", entry.release))?;
    crate::version::parse_version(&entry.version)
        .map_err(|why| format!("version {:?}: {why}", entry.version))?;
    if entry.reference.trim().is_empty() {
        return Err("reference: empty".to_string());
    }
    crate::reference::validate_digest(&entry.digest).map_err(|why| format!("digest: {why}"))
}
