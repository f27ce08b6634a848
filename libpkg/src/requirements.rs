//! Requirements: what a package needs from the cluster before anything of it
//! is written (another release installed, a kind served, a Kubernetes
//! version), read from every format, and checked against what was observed.
//!
//! This module is pure: `formats::requirements::declared` reads what a
//! package says it needs in its format's terms, [`written_kinds`] what its
//! objects need (every kind it writes must be
//! served, or defined by a CustomResourceDefinition of the same plan), and
//! [`check`] judges them against [`Observations`], which the caller gathers
//! (the online planner from the cluster; a stack adds the releases and kinds
//! its earlier releases will create, as [`Provider::Planned`]). The outcome
//! is the plan's `requirements` section ([`Requirements`], in the hash).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::manifest::Manifest;
use crate::remedy::Remedy;

/// `requires:` of a `package.yaml`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Requires {
    /// Packages that must be installed (as a release, in any namespace).
    #[serde(
        default,
        deserialize_with = "crate::yaml::null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub packages: Vec<RequiredPackage>,
    /// Kinds the cluster must serve.
    #[serde(
        default,
        deserialize_with = "crate::yaml::null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub apis: Vec<RequiredApi>,
    /// A constraint on the server's Kubernetes version (`>=1.25`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kubernetes: Option<String>,
}

impl Requires {
    /// Whether nothing is required (the key is then left out of the package's config).
    pub fn is_empty(&self) -> bool {
        self.packages.is_empty() && self.apis.is_empty() && self.kubernetes.is_none()
    }

    /// Checks what serde cannot: DNS-label names and constraints that parse.
    pub fn validate(&self) -> Result<(), RequiresError> {
        for (index, package) in self.packages.iter().enumerate() {
            crate::names::validate_dns_label(&package.name).map_err(|reason| {
                RequiresError::PackageName {
                    index,
                    name: package.name.clone(),
                    reason,
                }
            })?;
            if let Some(version) = &package.version {
                crate::version::Constraint::parse(version).map_err(|reason| {
                    RequiresError::PackageVersion {
                        index,
                        constraint: version.clone(),
                        reason,
                    }
                })?;
            }
        }
        for (index, api) in self.apis.iter().enumerate() {
            if api.api_version.is_empty() || api.kind.is_empty() {
                return Err(RequiresError::IncompleteApi { index });
            }
        }
        if let Some(kubernetes) = &self.kubernetes {
            crate::gotemplate::masterminds::Constraints::parse(kubernetes).map_err(|reason| {
                RequiresError::Kubernetes {
                    constraint: kubernetes.clone(),
                    reason,
                }
            })?;
        }
        Ok(())
    }
}

/// Why a package's `requires` is invalid ([`Requires::validate`]).
#[derive(Debug, thiserror::Error)]
pub enum RequiresError {
    /// A required package's name is not a DNS label.
    #[error("requires.packages[{index}].name {name:?} is not a DNS label: {reason}")]
    PackageName {
        /// Its position in `requires.packages`.
        index: usize,
        /// The name.
        name: String,
        /// Why it is not a DNS label.
        reason: crate::names::NameError,
    },
    /// A required package's version constraint does not parse.
    #[error("requires.packages[{index}].version {constraint:?}: {reason}")]
    PackageVersion {
        /// Its position in `requires.packages`.
        index: usize,
        /// The constraint.
        constraint: String,
        /// Why it does not parse.
        reason: crate::version::ConstraintError,
    },
    /// A required API without its apiVersion or kind.
    #[error("requires.apis[{index}]: apiVersion and kind must both be given")]
    IncompleteApi {
        /// Its position in `requires.apis`.
        index: usize,
    },
    /// The Kubernetes version constraint does not parse.
    #[error("requires.kubernetes {constraint:?}: {reason}")]
    Kubernetes {
        /// The constraint.
        constraint: String,
        /// Why it does not parse (read as Helm reads `kubeVersion`).
        reason: crate::gotemplate::masterminds::SemverError,
    },
}

/// One entry of `requires.packages`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequiredPackage {
    /// The package name a release of it records.
    pub name: String,
    /// A semver constraint on its version (any version when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// One entry of `requires.apis`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequiredApi {
    /// `group/version` (`monitoring.coreos.com/v1`).
    pub api_version: String,
    /// The kind (`ServiceMonitor`).
    pub kind: String,
}

/// What a requirement asks for.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Need {
    /// A release of a package, at a version the constraint allows.
    Package {
        /// The package name.
        name: String,
        /// A semver constraint; any version when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
    },
    /// A kind the cluster serves.
    #[serde(rename_all = "camelCase")]
    Api {
        /// `group/version`.
        api_version: String,
        /// The kind.
        kind: String,
    },
    /// A resource the cluster serves, by its plural (Rancher's
    /// `catalog.cattle.io/requires-gvr`).
    #[serde(rename_all = "camelCase")]
    Resource {
        /// `group/version`.
        api_version: String,
        /// The plural (`servicemonitors`).
        resource: String,
    },
    /// A Kubernetes version constraint on the server.
    Kubernetes {
        /// The constraint (`>=1.25`), as Helm's `kubeVersion` reads it.
        version: String,
    },
    /// Something read but not evaluated (an OLM `olm.constraint`,
    /// kapp-controller's version): reported, never refused.
    Other {
        /// What it says.
        description: String,
    },
}

impl std::fmt::Display for Need {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Need::Package {
                name,
                version: Some(version),
            } => write!(f, "package {name} {version}"),
            Need::Package {
                name,
                version: None,
            } => write!(f, "package {name}"),
            Need::Api { api_version, kind } => write!(f, "{kind} {api_version}"),
            Need::Resource {
                api_version,
                resource,
            } => write!(f, "resource {resource} {api_version}"),
            Need::Kubernetes { version } => write!(f, "Kubernetes {version}"),
            Need::Other { description } => f.write_str(description),
        }
    }
}

/// A requirement and where it was read.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Requirement {
    /// What is needed.
    pub need: Need,
    /// Where it was read (`package.yaml requires.packages[0]`, `Chart.yaml
    /// kubeVersion`, `objects`).
    pub from: String,
}

impl Requirement {
    /// `need`, read at `from`.
    pub fn new(need: Need, from: impl Into<String>) -> Requirement {
        Requirement {
            need,
            from: from.into(),
        }
    }
}

/// Who provides what was observed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Provider {
    /// The cluster, with no release known to own it (a built-in kind, a
    /// CRD applied by hand).
    Cluster,
    /// A CustomResourceDefinition of this plan.
    ThisPlan,
    /// An installed release.
    Release(ReleaseRef),
    /// A release that will exist before this one is applied (another
    /// release of the same stack): an ordering edge for its caller.
    Planned(ReleaseRef),
}

/// A release, by name and namespace, and which tool records it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReleaseRef {
    /// Release name.
    pub name: String,
    /// Release namespace.
    pub namespace: String,
    /// `kubectl-pkg`, `helm` or `olm`.
    pub manager: String,
}

impl std::fmt::Display for ReleaseRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.manager.as_str() {
            "kubectl-pkg" => write!(f, "release {} in namespace {}", self.name, self.namespace),
            manager => write!(
                f,
                "{manager} release {} in namespace {}",
                self.name, self.namespace
            ),
        }
    }
}

/// A release seen installed (or, [`Provider::Planned`], to be).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObservedRelease {
    /// The release.
    pub release: ReleaseRef,
    /// The package it runs.
    pub package: String,
    /// That package's version.
    pub version: String,
    /// Whether it will only exist once something else is applied first.
    pub planned: bool,
}

/// A kind seen served (or to be), and who provides it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObservedApi {
    /// `group/version`.
    pub api_version: String,
    /// The kind.
    pub kind: String,
    /// The plural.
    pub resource: String,
    /// Who provides it.
    pub provider: Provider,
}

/// What the cluster (and the caller) say exists, for [`check`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Observations {
    /// The server's version (`v1.20.2`).
    pub server_version: Option<String>,
    /// Releases installed, of every namespace (only those deployed).
    pub releases: Vec<ObservedRelease>,
    /// Kinds served, those of the plan's CRDs, and those planned.
    pub apis: Vec<ObservedApi>,
}

/// Whether a requirement holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum State {
    /// Something satisfies it.
    Met,
    /// Nothing does: the plan is refused unless requirements are skipped.
    Unmet,
    /// Not checked (offline, or a kind of requirement this tool does not evaluate).
    NotChecked,
}

/// One requirement, where it came from, and what satisfies it or why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequirementStatus {
    /// What is needed.
    pub need: Need,
    /// Where it was read.
    pub from: String,
    /// Whether it holds.
    pub state: State,
    /// What satisfies it, or why not, or why it was not checked.
    pub detail: String,
    /// Who satisfies it, when someone does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub satisfied_by: Option<Provider>,
    /// What would satisfy an unmet one, when something would.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<crate::remedy::Remedy>,
}

/// The plan's `requirements` section.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Requirements {
    /// Whether they were checked against a cluster (`false` offline).
    pub checked: bool,
    /// `--skip-requirements`: unmet ones do not refuse the plan.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skipped: bool,
    /// Every requirement, in the order read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<RequirementStatus>,
}

impl Requirements {
    /// Whether there is nothing to record: none checked, none skipped, none read.
    pub fn is_empty(&self) -> bool {
        !self.checked && !self.skipped && self.entries.is_empty()
    }

    /// The unmet ones.
    pub fn unmet(&self) -> impl Iterator<Item = &RequirementStatus> {
        self.entries.iter().filter(|e| e.state == State::Unmet)
    }

    /// Requirements recorded without a cluster: each one said not checked.
    pub fn offline(requirements: Vec<Requirement>, skipped: bool) -> Requirements {
        Requirements {
            checked: false,
            skipped,
            entries: requirements
                .into_iter()
                .map(|r| not_checked(r, "planned offline: not checked against a cluster"))
                .collect(),
        }
    }
}

/// Unmet requirements on one line: each with where it was read, why, and
/// what would satisfy it.
pub fn describe_unmet(unmet: &[RequirementStatus]) -> String {
    unmet
        .iter()
        .map(|entry| {
            let fix = entry
                .fix
                .as_ref()
                .map(|fix| format!(" ({fix})"))
                .unwrap_or_default();
            format!("{} ({}): {}{fix}", entry.need, entry.from, entry.detail)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// How a caller asks for requirements to be handled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// `--skip-requirements`: unmet ones are recorded but do not refuse the plan.
    pub skip: bool,
    /// Releases and kinds that will exist before the plan is applied
    /// (another release of the same stack), added to what the cluster shows.
    pub planned: Observations,
}

/// Judges every requirement against `observations`, in order.
pub fn check(requirements: &[Requirement], observations: &Observations) -> Vec<RequirementStatus> {
    requirements
        .iter()
        .map(|requirement| check_one(requirement, observations))
        .collect()
}

fn status(requirement: &Requirement, state: State, detail: String) -> RequirementStatus {
    RequirementStatus {
        need: requirement.need.clone(),
        from: requirement.from.clone(),
        state,
        detail,
        satisfied_by: None,
        fix: None,
    }
}

fn not_checked(requirement: Requirement, why: &str) -> RequirementStatus {
    status(&requirement, State::NotChecked, why.to_string())
}

fn check_one(requirement: &Requirement, observations: &Observations) -> RequirementStatus {
    match &requirement.need {
        Need::Package { name, version } => {
            check_package(requirement, name, version.as_deref(), observations)
        }
        Need::Api { api_version, kind } => check_api(requirement, observations, |api| {
            api.api_version == *api_version && api.kind == *kind
        }),
        Need::Resource {
            api_version,
            resource,
        } => check_api(requirement, observations, |api| {
            api.api_version == *api_version && api.resource == *resource
        }),
        Need::Kubernetes { version } => {
            check_kubernetes(requirement, version, observations.server_version.as_deref())
        }
        Need::Other { .. } => status(
            requirement,
            State::NotChecked,
            "reported only: kubectl-pkg does not evaluate this kind of requirement".to_string(),
        ),
    }
}

fn check_package(
    requirement: &Requirement,
    name: &str,
    version: Option<&str>,
    observations: &Observations,
) -> RequirementStatus {
    let constraint = version.map(crate::version::Constraint::parse);
    if let Some(Err(why)) = &constraint {
        return status(
            requirement,
            State::Unmet,
            format!("the version constraint does not parse: {why}"),
        );
    }
    let constraint = constraint.and_then(Result::ok);
    let allows = |v: &str| {
        constraint.as_ref().is_none_or(|c| {
            crate::version::parse_version(v).is_ok_and(|parsed| c.matches(&parsed, true))
        })
    };
    // Installed releases before planned ones: what exists now needs no ordering.
    let mut candidates: Vec<&ObservedRelease> = observations
        .releases
        .iter()
        .filter(|r| r.package == name)
        .collect();
    candidates.sort_by(|a, b| (a.planned, &a.release).cmp(&(b.planned, &b.release)));
    if let Some(release) = candidates.iter().find(|r| allows(&r.version)) {
        let mut met = status(
            requirement,
            State::Met,
            format!(
                "{}{} runs {name} {}",
                release.release,
                if release.planned { " (planned)" } else { "" },
                release.version
            ),
        );
        met.satisfied_by = Some(if release.planned {
            Provider::Planned(release.release.clone())
        } else {
            Provider::Release(release.release.clone())
        });
        return met;
    }
    let (detail, fix) = match candidates.first() {
        Some(other) => (
            format!(
                "{} runs {name} {}, which is not {}",
                other.release,
                other.version,
                version.unwrap_or_default()
            ),
            Remedy::Upgrade {
                name: other.release.name.to_string(),
                namespace: other.release.namespace.to_string(),
                package: None,
                version: version.map(str::to_string),
            },
        ),
        None => (
            format!("no release of package {name} is installed"),
            Remedy::Install {
                package: name.to_string(),
                version: version.map(str::to_string),
            },
        ),
    };
    let mut unmet = status(requirement, State::Unmet, detail);
    unmet.fix = Some(fix);
    unmet
}

fn check_api(
    requirement: &Requirement,
    observations: &Observations,
    matches: impl Fn(&ObservedApi) -> bool,
) -> RequirementStatus {
    let mut found: Vec<&ObservedApi> = observations.apis.iter().filter(|a| matches(a)).collect();
    // The cluster before this plan before a planned release.
    found.sort_by_key(|api| match &api.provider {
        Provider::Release(_) => 0,
        Provider::Cluster => 1,
        Provider::ThisPlan => 2,
        Provider::Planned(_) => 3,
    });
    let Some(api) = found.first() else {
        let what = match &requirement.need {
            Need::Resource {
                api_version,
                resource,
            } => format!("resource {resource} in {api_version}"),
            other => format!("kind {other}"),
        };
        return status(
            requirement,
            State::Unmet,
            format!(
                "the cluster does not serve {what}, and no CustomResourceDefinition of this plan defines it: install the package that provides it first"
            ),
        );
    };
    let detail = match &api.provider {
        Provider::Cluster => "served by the cluster".to_string(),
        Provider::ThisPlan => "defined by a CustomResourceDefinition of this plan".to_string(),
        Provider::Release(release) => {
            format!("served; its CustomResourceDefinition belongs to {release}")
        }
        Provider::Planned(release) => {
            format!("defined by a CustomResourceDefinition of {release} (planned)")
        }
    };
    let mut met = status(requirement, State::Met, detail);
    met.satisfied_by = Some(api.provider.clone());
    met
}

fn check_kubernetes(
    requirement: &Requirement,
    constraint: &str,
    server: Option<&str>,
) -> RequirementStatus {
    let Some(server) = server else {
        return status(
            requirement,
            State::NotChecked,
            "the server's version is not known".to_string(),
        );
    };
    let parsed = match crate::gotemplate::masterminds::Constraints::parse(constraint) {
        Ok(parsed) => parsed,
        Err(why) => {
            return status(
                requirement,
                State::Unmet,
                format!("the constraint does not parse: {why}"),
            );
        }
    };
    // As Helm checks kubeVersion: the numeric part of the server's version.
    let normalized = crate::version::KubeVersion::parse(server)
        .map_or_else(|_| server.to_string(), |v| v.normalized);
    let compatible =
        crate::gotemplate::masterminds::Version::parse(&normalized).is_ok_and(|v| parsed.check(&v));
    if compatible {
        let mut met = status(requirement, State::Met, format!("the server runs {server}"));
        met.satisfied_by = Some(Provider::Cluster);
        met
    } else {
        status(
            requirement,
            State::Unmet,
            format!("the server runs Kubernetes {server}, which is not {constraint}"),
        )
    }
}

/// How [`written_kinds`]' requirements say where they were read.
const FROM_OBJECTS: &str = "objects: ";

impl RequirementStatus {
    /// Whether it is one every plan has: a kind its objects write.
    pub fn from_objects(&self) -> bool {
        self.from.starts_with(FROM_OBJECTS)
    }
}

/// What a plan's objects need: each kind they write served, once per kind
/// (with where its first object was read, and how many there are), except
/// the kinds `declared` names already. Also returns the kinds the
/// CustomResourceDefinitions among them define (as [`Provider::ThisPlan`]
/// observations).
pub fn written_kinds<'a>(
    objects: impl IntoIterator<Item = (String, &'a Manifest)>,
    declared: &[Requirement],
) -> (Vec<Requirement>, Vec<ObservedApi>) {
    let mut seen: BTreeMap<(String, String), (String, usize)> = BTreeMap::new();
    let mut order = Vec::new();
    let mut defined = Vec::new();
    for (location, object) in objects {
        let text = |pointer: &str| object.pointer(pointer).and_then(Manifest::as_str);
        let (Some(api_version), Some(kind)) = (text("/apiVersion"), text("/kind")) else {
            continue;
        };
        let key = (api_version.to_string(), kind.to_string());
        seen.entry(key.clone())
            .or_insert_with(|| {
                order.push(key);
                (location, 0)
            })
            .1 += 1;
        if kind == "CustomResourceDefinition" {
            defined.extend(crd_kinds(object));
        }
    }
    let named: BTreeSet<&Need> = declared.iter().map(|r| &r.need).collect();
    let requirements = order
        .into_iter()
        .map(|(api_version, kind)| {
            let (first, count) = &seen[&(api_version.clone(), kind.clone())];
            let from = match count {
                1 => format!("{FROM_OBJECTS}{first}"),
                n => format!("{FROM_OBJECTS}{n} of this kind, the first {first}"),
            };
            Requirement::new(Need::Api { api_version, kind }, from)
        })
        .filter(|r| !named.contains(&r.need))
        .collect();
    (requirements, defined)
}

/// The kinds (every version) a CustomResourceDefinition defines.
fn crd_kinds(crd: &Manifest) -> Vec<ObservedApi> {
    let text = |pointer: &str| crd.pointer(pointer).and_then(Manifest::as_str);
    let (Some(group), Some(kind), Some(plural)) = (
        text("/spec/group"),
        text("/spec/names/kind"),
        text("/spec/names/plural"),
    ) else {
        return Vec::new();
    };
    crd.pointer("/spec/versions")
        .and_then(Manifest::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.get("name").and_then(Manifest::as_str))
        .map(|version| ObservedApi {
            api_version: format!("{group}/{version}"),
            kind: kind.to_string(),
            resource: plural.to_string(),
            provider: Provider::ThisPlan,
        })
        .collect()
}

/// The release a live CustomResourceDefinition's labels and annotations
/// say installed it: kubectl-pkg's, Helm's (`meta.helm.sh/release-name`),
/// or OLM's (`olm.managed` with `operators.coreos.com/PACKAGE.NAMESPACE`).
pub fn crd_owner(crd: &Value) -> Option<ReleaseRef> {
    let metadata = crd.get("metadata")?;
    let label = |key: &str| metadata.pointer(&format!("/labels/{}", key.replace('/', "~1")));
    let annotation =
        |key: &str| metadata.pointer(&format!("/annotations/{}", key.replace('/', "~1")));
    let text = |value: Option<&Value>| value.and_then(Value::as_str).map(str::to_string);
    if let (Some(name), Some(namespace)) = (
        text(label(crate::render::LABEL_RELEASE)),
        text(annotation(crate::render::ANNOTATION_RELEASE_NAMESPACE)),
    ) {
        return Some(ReleaseRef {
            name,
            namespace,
            manager: "kubectl-pkg".to_string(),
        });
    }
    if let (Some(name), Some(namespace)) = (
        text(annotation("meta.helm.sh/release-name")),
        text(annotation("meta.helm.sh/release-namespace")),
    ) {
        return Some(ReleaseRef {
            name,
            namespace,
            manager: "helm".to_string(),
        });
    }
    let labels = metadata.get("labels").and_then(Value::as_object)?;
    labels.keys().find_map(|key| {
        let operator = key.strip_prefix("operators.coreos.com/")?;
        let (name, namespace) = operator.rsplit_once('.')?;
        Some(ReleaseRef {
            name: name.to_string(),
            namespace: namespace.to_string(),
            manager: "olm".to_string(),
        })
    })
}

#[cfg(test)]
mod tests;
