//! Stacks: many releases declared in one file (`kind: Stack`), per
//! environment, with the order their `needs:` give (docs/stacks.md).
//!
//! This is the pure part: reading a stack file, laying an environment over
//! its base releases, and refusing, before any cluster request, everything
//! that can be known wrong from the file alone: unknown keys (with line and
//! column), a release named twice, a `needs:` to nothing or to a release left
//! out, a dependency cycle (named whole), an unknown environment, an override
//! of a release the stack does not have, invalid names, namespaces, package
//! references, version constraints and `set` entries. The file is checked
//! whole: its base releases and every environment, not only the one asked
//! for, so a file broken for production is refused while working on staging.
//! What can be decided from the checked stack without a cluster is here too:
//! its levels (what may be applied together), the closure of a subset
//! (`--only`), and the lock file of what was resolved ([`lock`]).
//!
//! Environments only change the releases the stack declares: a release wanted
//! in some environments only is declared with `enabled: false` and enabled
//! where it is wanted, so the file lists every release once, in one place.

pub mod compare;
mod file;
pub mod fleet;
mod graph;
pub mod journal;
pub mod lock;
pub mod plan;

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::plan::ReleaseId;
use crate::reference::PackageRef;
use file::{ReleaseEntry, StackFile};
pub use lock::{LockedRelease, StackLock};

/// `apiVersion` of a stack file (and of its lock file).
pub const STACK_API_VERSION: &str = "kubectl-pkg.dev/v1alpha1";
/// `kind` of a stack file.
pub const STACK_KIND: &str = "Stack";
/// Where a stack keeps its record unless its file says (`namespace:`): a
/// namespace every cluster has.
pub const DEFAULT_RECORD_NAMESPACE: &str = "default";

/// A stack file read for one environment (`None`: the file's base releases),
/// validated. It serializes (camelCase keys) for plans and `-o json` views.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stack {
    /// The stack's name (`name:`), a DNS label.
    pub name: String,
    /// Where the stack keeps its record (journal and lock) in the current
    /// context's cluster (`namespace:`, default [`DEFAULT_RECORD_NAMESPACE`]).
    pub namespace: String,
    /// The file, as it was named to [`load`] or [`parse`].
    pub file: PathBuf,
    /// The environment read, `None` for the base releases.
    pub environment: Option<String>,
    /// The releases of this environment, enabled ones only, in the file's order.
    pub releases: Vec<StackRelease>,
    /// Every environment the file declares, sorted.
    pub environments: Vec<String>,
    /// Releases the file declares that this environment leaves out
    /// (`enabled: false`), sorted: not pruned, not planned.
    pub disabled: Vec<String>,
    /// The fleets the file declares, by name ([`fleet`]).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub fleets: std::collections::BTreeMap<String, fleet::Fleet>,
}

/// One release of a stack, with its environment's overrides applied.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StackRelease {
    /// The release name, a DNS label, unique in the stack.
    pub name: String,
    /// The release namespace, a DNS label.
    pub namespace: String,
    /// The package reference as install takes it; a relative directory or
    /// archive path is made relative to the stack file's directory (resolved,
    /// so it works from any cwd).
    pub package: String,
    /// The package reference as the file writes it (a relative path is
    /// relative to the stack file): what a plan can record without the
    /// machine's directories in it.
    pub declared_package: String,
    /// The version constraint's text, valid as
    /// [`crate::version::Constraint::parse`] reads it.
    pub version: Option<String>,
    /// Inline values, the environment's merged over the base's as Helm merges
    /// `-f` files.
    pub values: Map<String, Value>,
    /// Values files, relative paths made relative to the stack file's directory.
    pub values_files: Vec<PathBuf>,
    /// `--set`-style entries (`key=value`), applied after the values.
    pub set: Vec<String>,
    /// Other releases of the stack this one is applied after.
    pub needs: Vec<String>,
    /// The kubeconfig context to plan and apply it in; `None`: the current one.
    pub context: Option<String>,
    /// Whether other environments of the stack may hold this same release
    /// (same context, namespace and name) too (`shared: true`): then no
    /// environment uninstalls it while another's journal holds it. Without
    /// it, such a release is refused.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared: bool,
    /// Plan it even when its package's requirements are not met
    /// (`skipRequirements: true`): the plan shows the unmet ones.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip_requirements: bool,
}

impl StackRelease {
    /// The release: its name in its namespace, both checked when the stack
    /// file was read.
    pub fn id(&self) -> ReleaseId {
        let checked = "a stack file's release names and namespaces are checked as it is read";
        ReleaseId::new(
            self.namespace.parse().expect(checked),
            self.name.parse().expect(checked),
        )
    }
}

/// Why a stack file or its lock was refused. Every variant names the file,
/// and, where one is at fault, the release, the key and the environment.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StackError {
    /// The file could not be read or written.
    #[error("{file}: {reason}")]
    Io {
        /// The file.
        file: String,
        /// The system's reason.
        reason: String,
    },
    /// Not YAML, or not a stack's shape: an unknown or missing key, a value
    /// of the wrong type (the reason gives the line and column).
    #[error("{file}: {reason}")]
    Malformed {
        /// The file.
        file: String,
        /// The parser's message.
        reason: String,
    },
    /// The file is some other document.
    #[error(
        "{file}: apiVersion {api_version:?} and kind {kind:?}: a {expected} file has apiVersion {STACK_API_VERSION} and kind {expected}"
    )]
    WrongKind {
        /// The file.
        file: String,
        /// Its `apiVersion`.
        api_version: String,
        /// Its `kind`.
        kind: String,
        /// The kind it should have (`Stack`, `StackLock`).
        expected: &'static str,
    },
    /// The stack's or an environment's name is not a DNS label.
    #[error("{file}: {what} {name:?}: {reason}")]
    InvalidName {
        /// The file.
        file: String,
        /// `stack name`, `stack namespace` or `environment`.
        what: &'static str,
        /// The name.
        name: String,
        /// Why it is not valid.
        reason: crate::names::NameError,
    },
    /// `--fleet NAME` names a fleet the file does not declare.
    #[error("{file}: no fleet {fleet:?}: {}", if known.is_empty() { "the file declares no fleets: (see docs/stacks.md, Fleets)".to_string() } else { format!("it declares {}", known.join(", ")) })]
    UnknownFleet {
        /// The file.
        file: String,
        /// The fleet asked for.
        fleet: String,
        /// The fleets it declares.
        known: Vec<String>,
    },
    /// A key of a fleet has a value that cannot be used.
    #[error("{file}: fleets.{fleet}.{key}: {reason}")]
    InvalidFleet {
        /// The file.
        file: String,
        /// The fleet.
        fleet: String,
        /// The key at fault (`waves[1][0]`).
        key: String,
        /// Why.
        reason: String,
    },
    /// The file declares no release.
    #[error("{file}: the stack declares no release (releases: is empty)")]
    Empty {
        /// The file.
        file: String,
    },
    /// A key of a release has a value that cannot be used.
    #[error(
        "{file}: release {release:?}{}: {key}: {reason}",
        in_environment(environment)
    )]
    InvalidRelease {
        /// The file.
        file: String,
        /// The environment whose value it is (`None`: the base release's).
        environment: Option<String>,
        /// The release.
        release: String,
        /// The key (`name`, `namespace`, `package`, `version`, `set`, …).
        key: &'static str,
        /// Why the value cannot be used.
        reason: String,
    },
    /// Two releases have the same name.
    #[error(
        "{file}: release {release:?} is declared twice (releases {first} and {second}, counting from 1)"
    )]
    DuplicateRelease {
        /// The file.
        file: String,
        /// The name.
        release: String,
        /// Position of its first declaration.
        first: usize,
        /// Position of its second.
        second: usize,
    },
    /// A `needs:` names no release of the stack.
    #[error(
        "{file}: release {release:?}{}: needs {need:?}, which is not a release of the stack (it has {})",
        in_environment(environment), known.join(", ")
    )]
    UnknownNeed {
        /// The file.
        file: String,
        /// The environment read (`None`: the base releases).
        environment: Option<String>,
        /// The release that needs it.
        release: String,
        /// What it needs.
        need: String,
        /// The stack's releases.
        known: Vec<String>,
    },
    /// A release needs one its environment leaves out.
    #[error(
        "{file}: release {release:?}{}: needs {need:?}, which is left out there (enabled: false): enable it or drop the need",
        in_environment(environment)
    )]
    NeedsDisabled {
        /// The file.
        file: String,
        /// The environment read (`None`: the base releases).
        environment: Option<String>,
        /// The release that needs it.
        release: String,
        /// The release left out.
        need: String,
    },
    /// The releases' needs go round.
    #[error("{file}{}: dependency cycle: {}", in_environment(environment), cycle.join(" -> "))]
    Cycle {
        /// The file.
        file: String,
        /// The environment read (`None`: the base releases).
        environment: Option<String>,
        /// The cycle, its first release repeated at the end.
        cycle: Vec<String>,
    },
    /// `-e ENV` names an environment the file does not declare.
    #[error("{file}: no environment {environment:?}: {}", environment_list(known))]
    UnknownEnvironment {
        /// The file.
        file: String,
        /// The environment asked for.
        environment: String,
        /// The environments the file declares.
        known: Vec<String>,
    },
    /// An environment overrides a release the stack does not declare.
    #[error(
        "{file}: environment {environment:?} overrides release {release:?}, which the stack does not declare (it has {}); environments only change declared releases (declare it with enabled: false to have it in some environments only)",
        known.join(", ")
    )]
    UnknownOverride {
        /// The file.
        file: String,
        /// The environment.
        environment: String,
        /// The release it names.
        release: String,
        /// The stack's releases.
        known: Vec<String>,
    },
    /// A release asked for (`--only`) is not in the stack's environment.
    #[error(
        "{file}: no release {release:?} in the stack{} (it has {})",
        in_environment(environment), known.join(", ")
    )]
    UnknownRelease {
        /// The file.
        file: String,
        /// The environment read (`None`: the base releases).
        environment: Option<String>,
        /// The name asked for.
        release: String,
        /// The environment's releases.
        known: Vec<String>,
    },
    /// Two environments declare one release (same context, namespace and
    /// name) without saying it is shared.
    #[error(
        "{file}: release {release:?} in namespace {namespace:?}{} is the same release in environments {:?} and {:?}: each would change and uninstall the other's; give it another namespace in one of them, or mark it shared: true in both if one release is meant to serve both",
        context.as_ref().map_or_else(String::new, |c| format!(" (context {c:?})")),
        environments.0, environments.1
    )]
    SharedRelease {
        /// The file.
        file: String,
        /// The release.
        release: String,
        /// Its namespace.
        namespace: String,
        /// Its context.
        context: Option<String>,
        /// The two environments, in the file's order of names.
        environments: Box<(String, String)>,
    },
    /// The lock file has no entry for a release (`--locked`).
    #[error(
        "{file}: release {release:?}{} is not locked: run the lock update to record it",
        in_environment(environment)
    )]
    NotLocked {
        /// The lock file.
        file: String,
        /// The environment (`None`: the base releases).
        environment: Option<String>,
        /// The release.
        release: String,
    },
    /// A release resolves differently from its lock entry (`--locked`).
    #[error(
        "{file}: release {release:?}{} resolves differently from its lock: {}",
        in_environment(environment), differences.join("; ")
    )]
    LockMismatch {
        /// The lock file.
        file: String,
        /// The environment (`None`: the base releases).
        environment: Option<String>,
        /// The release.
        release: String,
        /// Each field that differs, `FIELD locked X, resolved Y`.
        differences: Vec<String>,
    },
}

fn in_environment(environment: &Option<String>) -> String {
    environment
        .as_ref()
        .map_or_else(String::new, |env| format!(" in environment {env:?}"))
}

fn environment_list(known: &[String]) -> String {
    if known.is_empty() {
        "the file declares no environments".to_string()
    } else {
        format!("the file declares {}", known.join(", "))
    }
}

/// Reads, parses and checks a stack file, and lays `environment` over its
/// base releases. Relative package paths and values files are resolved
/// against the file's directory made absolute, so the result works from any
/// working directory.
pub fn load(path: &Path, environment: Option<&str>) -> Result<Stack, StackError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| StackError::Io {
        file: shown.clone(),
        reason: e.to_string(),
    })?;
    let parent = path.parent().unwrap_or(Path::new(""));
    let dir = std::fs::canonicalize(if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    })
    .unwrap_or_else(|_| parent.to_path_buf());
    let mut stack = parse_in(&shown, &text, environment, &dir)?;
    stack.file = path.to_path_buf();
    Ok(stack)
}

/// [`load`] of a file's text: `file` names it in errors, and its parent
/// directory, as given, is what relative paths are relative to.
pub fn parse(file: &str, text: &str, environment: Option<&str>) -> Result<Stack, StackError> {
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    parse_in(file, text, environment, dir)
}

fn parse_in(
    file: &str,
    text: &str,
    environment: Option<&str>,
    dir: &Path,
) -> Result<Stack, StackError> {
    let document: StackFile = crate::yaml::from_str(text).map_err(|e| StackError::Malformed {
        file: file.to_string(),
        reason: e.message,
    })?;
    let checked = Checked::new(file, document)?;
    let known: Vec<String> = checked.document.environments.keys().cloned().collect();
    if let Some(env) = environment
        && !known.iter().any(|k| k == env)
    {
        return Err(StackError::UnknownEnvironment {
            file: file.to_string(),
            environment: env.to_string(),
            known,
        });
    }
    // The base first: a fault of the base releases is named without an
    // environment, then the one asked for, then the others.
    let asked = environment.map(str::to_string);
    let mut stack = checked.build(None, dir)?;
    if asked.is_some() {
        stack = checked.build(asked.clone(), dir)?;
    }
    let mut environments = Vec::with_capacity(known.len());
    for other in &known {
        if asked.as_ref() == Some(other) {
            environments.push(stack.clone());
        } else {
            environments.push(checked.build(Some(other.clone()), dir)?);
        }
    }
    refuse_unshared_releases(file, &environments)?;
    stack.environments = known;
    Ok(stack)
}

/// Refuses a release that two environments declare alike (same context,
/// namespace and name) unless both say `shared: true`: one release in the
/// cluster, which either environment would change or uninstall. Only
/// releases that name their context are known from the file to be in one
/// cluster: two environments planned in "the current context" are often
/// different clusters, so those are checked when planned, against the other
/// environments' journals in the cluster.
fn refuse_unshared_releases(file: &str, environments: &[Stack]) -> Result<(), StackError> {
    let mut seen: std::collections::BTreeMap<(&String, &str, &str), (&str, bool)> =
        Default::default();
    for stack in environments {
        let environment = stack.environment.as_deref().unwrap_or_default();
        for release in &stack.releases {
            let Some(context) = &release.context else {
                continue;
            };
            let key = (context, release.namespace.as_str(), release.name.as_str());
            match seen.get(&key) {
                Some((_, shared)) if *shared && release.shared => {}
                Some((first, _)) => {
                    return Err(StackError::SharedRelease {
                        file: file.to_string(),
                        release: release.name.clone(),
                        namespace: release.namespace.clone(),
                        context: release.context.clone(),
                        environments: Box::new((first.to_string(), environment.to_string())),
                    });
                }
                None => {
                    seen.insert(key, (environment, release.shared));
                }
            }
        }
    }
    Ok(())
}

/// A stack file whose file-wide rules hold (kind, names, no duplicate, no
/// override of an undeclared release); environments are built from it.
struct Checked<'a> {
    file: &'a str,
    document: StackFile,
    fleets: std::collections::BTreeMap<String, fleet::Fleet>,
}

impl<'a> Checked<'a> {
    fn new(file: &'a str, document: StackFile) -> Result<Checked<'a>, StackError> {
        let fail_name = |what: &'static str, name: &str, reason: crate::names::NameError| {
            StackError::InvalidName {
                file: file.to_string(),
                what,
                name: name.to_string(),
                reason,
            }
        };
        if (document.api_version.as_str(), document.kind.as_str())
            != (STACK_API_VERSION, STACK_KIND)
        {
            return Err(StackError::WrongKind {
                file: file.to_string(),
                api_version: document.api_version,
                kind: document.kind,
                expected: STACK_KIND,
            });
        }
        crate::names::validate_dns_label(&document.name)
            .map_err(|reason| fail_name("stack name", &document.name, reason))?;
        if let Some(namespace) = &document.namespace {
            crate::names::validate_dns_label(namespace)
                .map_err(|reason| fail_name("stack namespace", namespace, reason))?;
        }
        for env in document.environments.keys() {
            crate::names::validate_dns_label(env)
                .map_err(|reason| fail_name("environment", env, reason))?;
        }
        let fleets = fleet::check(
            file,
            &document.fleets,
            &document.environments.keys().collect(),
        )?;
        let checked = Checked {
            file,
            document,
            fleets,
        };
        checked.check_releases()?;
        Ok(checked)
    }

    fn check_releases(&self) -> Result<(), StackError> {
        let file = self.file.to_string();
        if self.document.releases.is_empty() {
            return Err(StackError::Empty { file });
        }
        for (index, release) in self.document.releases.iter().enumerate() {
            crate::names::validate_release_name(&release.name).map_err(|reason| {
                StackError::InvalidRelease {
                    file: file.clone(),
                    environment: None,
                    release: release.name.clone(),
                    key: "name",
                    reason: reason.to_string(),
                }
            })?;
            if let Some(first) = self.position(&release.name)
                && first < index
            {
                return Err(StackError::DuplicateRelease {
                    file,
                    release: release.name.clone(),
                    first: first + 1,
                    second: index + 1,
                });
            }
        }
        for (env, entry) in &self.document.environments {
            if let Some(release) = entry.releases.keys().find(|r| self.position(r).is_none()) {
                return Err(StackError::UnknownOverride {
                    file,
                    environment: env.clone(),
                    release: release.clone(),
                    known: self.names(),
                });
            }
        }
        Ok(())
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.document.releases.iter().position(|r| r.name == name)
    }

    fn names(&self) -> Vec<String> {
        self.document
            .releases
            .iter()
            .map(|r| r.name.clone())
            .collect()
    }

    /// The releases of `environment` (declared), each checked, then their graph.
    fn build(&self, environment: Option<String>, dir: &Path) -> Result<Stack, StackError> {
        let overrides = environment
            .as_ref()
            .and_then(|env| self.document.environments.get(env));
        let entries: Vec<ReleaseEntry> = self
            .document
            .releases
            .iter()
            .map(
                |release| match overrides.and_then(|o| o.releases.get(&release.name)) {
                    Some(over) => release.clone().overlaid(over),
                    None => release.clone(),
                },
            )
            .collect();
        let mut releases = Vec::new();
        let mut disabled = Vec::new();
        for entry in &entries {
            let release = self.release(&environment, entry, dir)?;
            self.check_needs(&environment, entry, &entries)?;
            if entry.enabled {
                releases.push(release);
            } else {
                disabled.push(entry.name.clone());
            }
        }
        disabled.sort();
        let stack = Stack {
            name: self.document.name.clone(),
            namespace: (self.document.namespace.as_deref())
                .unwrap_or(DEFAULT_RECORD_NAMESPACE)
                .to_string(),
            file: PathBuf::from(self.file),
            environment,
            releases,
            environments: Vec::new(),
            disabled,
            fleets: self.fleets.clone(),
        };
        if let Some(cycle) = graph::find_cycle(&stack.graph()) {
            return Err(StackError::Cycle {
                file: self.file.to_string(),
                environment: stack.environment,
                cycle,
            });
        }
        Ok(stack)
    }

    fn check_needs(
        &self,
        environment: &Option<String>,
        entry: &ReleaseEntry,
        entries: &[ReleaseEntry],
    ) -> Result<(), StackError> {
        for need in &entry.needs {
            let Some(needed) = entries.iter().find(|e| e.name == *need) else {
                return Err(StackError::UnknownNeed {
                    file: self.file.to_string(),
                    environment: environment.clone(),
                    release: entry.name.clone(),
                    need: need.clone(),
                    known: self.names(),
                });
            };
            if entry.enabled && !needed.enabled {
                return Err(StackError::NeedsDisabled {
                    file: self.file.to_string(),
                    environment: environment.clone(),
                    release: entry.name.clone(),
                    need: need.clone(),
                });
            }
        }
        Ok(())
    }

    /// One release checked key by key, its paths resolved against `dir`.
    fn release(
        &self,
        environment: &Option<String>,
        entry: &ReleaseEntry,
        dir: &Path,
    ) -> Result<StackRelease, StackError> {
        let fail = |key: &'static str, reason: String| StackError::InvalidRelease {
            file: self.file.to_string(),
            environment: environment.clone(),
            release: entry.name.clone(),
            key,
            reason,
        };
        check_keys(entry).map_err(|(key, reason)| fail(key, reason))?;
        let reference = PackageRef::parse(&entry.package)
            .map_err(|e| fail("package", crate::remedy::with_causes(&e)))?;
        if let (PackageRef::Oci(oci), Some(_)) = (&reference, &entry.version)
            && (oci.tag.is_some() || oci.digest.is_some())
        {
            return Err(fail(
                "version",
                format!(
                    "{} names one version already (a tag or digest): leave out the constraint or the pin",
                    crate::reference::without_credentials(&entry.package)
                ),
            ));
        }
        Ok(StackRelease {
            name: entry.name.clone(),
            namespace: entry.namespace.clone(),
            package: resolve_package(dir, &entry.package, &reference),
            declared_package: entry.package.clone(),
            version: entry.version.as_ref().map(|v| v.trim().to_string()),
            values: entry.values.clone(),
            values_files: entry
                .values_files
                .iter()
                .map(|f| join(dir, Path::new(f)))
                .collect(),
            set: entry.set.clone(),
            needs: entry.needs.clone(),
            context: entry.context.clone(),
            shared: entry.shared,
            skip_requirements: entry.skip_requirements,
        })
    }
}

/// The keys of a release that have rules of their own, as `(key, reason)`.
fn check_keys(entry: &ReleaseEntry) -> Result<(), (&'static str, String)> {
    crate::names::validate_dns_label(&entry.namespace)
        .map_err(|why| ("namespace", why.to_string()))?;
    if let Some(version) = &entry.version {
        // The reason quotes the constraint, or says it is empty.
        crate::version::Constraint::parse(version).map_err(|why| ("version", why.to_string()))?;
    }
    for line in &entry.set {
        crate::helm::strvals::parse(line, crate::helm::strvals::SetKind::Typed)
            .map_err(|why| ("set", format!("{line:?}: {why}")))?;
    }
    if entry.values_files.iter().any(|f| f.trim().is_empty()) {
        return Err(("valuesFiles", "an entry is empty".to_string()));
    }
    if entry.context.as_ref().is_some_and(|c| c.trim().is_empty()) {
        return Err((
            "context",
            "empty (leave it out for the current context)".to_string(),
        ));
    }
    let mut seen = BTreeSet::new();
    if let Some(need) = entry.needs.iter().find(|n| !seen.insert(n.as_str())) {
        return Err(("needs", format!("{need:?} is listed twice")));
    }
    Ok(())
}

/// A relative directory or archive reference made relative to `dir`, still
/// read as a path by [`PackageRef::parse`]; any other reference unchanged.
fn resolve_package(dir: &Path, package: &str, reference: &PackageRef) -> String {
    match reference {
        PackageRef::Directory(path) | PackageRef::Archive(path)
            if path.is_relative() && !package.starts_with('~') =>
        {
            let joined = join(dir, path);
            let text = joined.display().to_string();
            if joined.is_absolute() || text.starts_with('.') {
                text
            } else {
                format!("./{text}")
            }
        }
        _ => package.to_string(),
    }
}

/// `dir` joined with `path`, `.` dropped and `..` taking off a component of
/// what comes before it when there is one: `a/stack` + `../redis` is `a/redis`.
fn join(dir: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        return path.to_path_buf();
    }
    let mut joined = dir.to_path_buf();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(joined.components().next_back(), Some(Component::Normal(_))) =>
            {
                joined.pop();
            }
            other => joined.push(other),
        }
    }
    if joined.as_os_str().is_empty() {
        joined.push(".");
    }
    joined
}

impl Stack {
    /// Release name → what it needs, for [`graph`]'s functions (needs outside
    /// the stack, possible only in a stack built by hand, are left out).
    fn graph(&self) -> graph::Graph<'_> {
        self.releases
            .iter()
            .map(|release| {
                let needs = release
                    .needs
                    .iter()
                    .map(String::as_str)
                    .filter(|need| self.release(need).is_some())
                    .collect();
                (release.name.as_str(), needs)
            })
            .collect()
    }

    /// Releases in dependency order, grouped in levels: every release of a
    /// level needs only releases of earlier levels (independent ones can be
    /// applied in parallel). Sorted by name within a level.
    pub fn levels(&self) -> Vec<Vec<&StackRelease>> {
        graph::levels(&self.graph())
            .into_iter()
            .map(|level| {
                level
                    .into_iter()
                    .filter_map(|name| self.release(name))
                    .collect()
            })
            .collect()
    }

    /// The release named `name`, if this environment has it.
    pub fn release(&self, name: &str) -> Option<&StackRelease> {
        self.releases.iter().find(|release| release.name == name)
    }

    /// `only` and every release it needs, transitively (for `--only`), in
    /// the order of [`Stack::levels`].
    pub fn closure(&self, only: &[String]) -> Result<Vec<&StackRelease>, StackError> {
        let mut roots = Vec::new();
        for name in only {
            let Some(release) = self.release(name) else {
                return Err(StackError::UnknownRelease {
                    file: self.file.display().to_string(),
                    environment: self.environment.clone(),
                    release: name.clone(),
                    known: self.releases.iter().map(|r| r.name.clone()).collect(),
                });
            };
            roots.push(release.name.as_str());
        }
        let taken = graph::closure(&self.graph(), &roots);
        Ok(self
            .levels()
            .into_iter()
            .flatten()
            .filter(|release| taken.contains(release.name.as_str()))
            .collect())
    }

    /// The environment names the file declares, sorted.
    pub fn environments(&self) -> &[String] {
        &self.environments
    }
}

#[cfg(test)]
mod tests;
