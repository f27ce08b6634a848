//! Fleets: one environment of a stack planned for many clusters at once and
//! applied in waves (docs/stacks.md, "Fleets"). A fleet is declared in the
//! stack file:
//!
//! ```yaml
//! fleets:
//!   prod:
//!     environment: prod            # optional: the environment whose settings apply
//!     clusters: [canary, eu, us]   # kubeconfig contexts
//!     waves: [[canary], [eu, us]]  # optional; default: one wave of all clusters
//! ```
//!
//! This is the pure part: the fleet as the file declares it, checked before
//! any request (names, a cluster listed twice or in two waves, a wave naming
//! a cluster the fleet does not list, a cluster in no wave, an environment
//! the file does not declare), the fleet plan ([`plan`]) and what differs
//! between its clusters ([`differ`]).

pub mod differ;
pub mod plan;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::file::FleetEntry;
use super::{Stack, StackError};

/// A fleet of a stack, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Fleet {
    /// The fleet's name (`fleets.<name>`), a DNS label.
    pub name: String,
    /// The environment of the stack it plans (`None`: the base releases).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<String>,
    /// Its clusters, as kubeconfig contexts, in the file's order.
    pub clusters: Vec<String>,
    /// The waves it is applied in, each a set of clusters applied together;
    /// every cluster is in exactly one.
    pub waves: Vec<Vec<String>>,
}

impl Fleet {
    /// The clusters in the order they are applied: wave after wave, each
    /// wave's in its written order.
    pub fn rollout_order(&self) -> impl Iterator<Item = &String> {
        self.waves.iter().flatten()
    }
}

/// Checks the fleets a stack file declares: `environments` are the file's.
pub(super) fn check(
    file: &str,
    fleets: &BTreeMap<String, FleetEntry>,
    environments: &BTreeSet<&String>,
) -> Result<BTreeMap<String, Fleet>, StackError> {
    let mut checked = BTreeMap::new();
    for (name, entry) in fleets {
        let invalid = |key: String, reason: String| StackError::InvalidFleet {
            file: file.to_string(),
            fleet: name.clone(),
            key,
            reason,
        };
        crate::names::validate_dns_label(name)
            .map_err(|reason| invalid("name".to_string(), reason.to_string()))?;
        if let Some(environment) = &entry.environment
            && !environments.contains(environment)
        {
            return Err(invalid(
                "environment".to_string(),
                format!(
                    "no environment {environment:?} in the stack (it has {})",
                    list(environments.iter().map(|e| e.as_str()))
                ),
            ));
        }
        if entry.clusters.is_empty() {
            return Err(invalid(
                "clusters".to_string(),
                "a fleet lists at least one cluster (a kubeconfig context)".to_string(),
            ));
        }
        let mut listed = BTreeSet::new();
        for (index, cluster) in entry.clusters.iter().enumerate() {
            if cluster.trim().is_empty() {
                return Err(invalid(
                    format!("clusters[{index}]"),
                    "a cluster is a kubeconfig context's name, not empty".to_string(),
                ));
            }
            if !listed.insert(cluster.as_str()) {
                return Err(invalid(
                    format!("clusters[{index}]"),
                    format!("cluster {cluster:?} is listed twice"),
                ));
            }
        }
        let waves = match &entry.waves {
            None => vec![entry.clusters.clone()],
            Some(waves) => {
                check_waves(waves, &listed).map_err(|(key, reason)| invalid(key, reason))?;
                waves.clone()
            }
        };
        checked.insert(
            name.clone(),
            Fleet {
                name: name.clone(),
                environment: entry.environment.clone(),
                clusters: entry.clusters.clone(),
                waves,
            },
        );
    }
    Ok(checked)
}

/// Every wave non-empty, naming listed clusters only, each cluster in
/// exactly one wave; the fault as (key, reason).
fn check_waves(waves: &[Vec<String>], listed: &BTreeSet<&str>) -> Result<(), (String, String)> {
    if waves.is_empty() {
        return Err((
            "waves".to_string(),
            "no wave: leave waves out for one wave of every cluster".to_string(),
        ));
    }
    let mut placed: BTreeMap<&str, usize> = BTreeMap::new();
    for (wave, clusters) in waves.iter().enumerate() {
        if clusters.is_empty() {
            return Err((format!("waves[{wave}]"), "an empty wave".to_string()));
        }
        for (index, cluster) in clusters.iter().enumerate() {
            let key = format!("waves[{wave}][{index}]");
            if !listed.contains(cluster.as_str()) {
                return Err((
                    key,
                    format!(
                        "cluster {cluster:?} is not one of the fleet's clusters ({})",
                        list(listed.iter().copied())
                    ),
                ));
            }
            if let Some(first) = placed.insert(cluster, wave) {
                return Err((
                    key,
                    format!(
                        "cluster {cluster:?} is in wave {first} already: a cluster is applied in one wave"
                    ),
                ));
            }
        }
    }
    if let Some(missing) = listed.iter().find(|c| !placed.contains_key(*c)) {
        return Err((
            "waves".to_string(),
            format!("cluster {missing:?} is in no wave: every cluster of the fleet is in one"),
        ));
    }
    Ok(())
}

fn list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

/// Reads a stack file for fleet `name`: the fleet, and the stack read for
/// the fleet's environment. A release that names its own `context:` is
/// refused: a fleet plans every release in each of its clusters.
pub fn load(path: &Path, name: &str) -> Result<(Fleet, Stack), StackError> {
    let base = super::load(path, None)?;
    let Some(fleet) = base.fleets.get(name).cloned() else {
        return Err(StackError::UnknownFleet {
            file: path.display().to_string(),
            fleet: name.to_string(),
            known: base.fleets.keys().cloned().collect(),
        });
    };
    let stack = match &fleet.environment {
        None => base,
        Some(environment) => super::load(path, Some(environment))?,
    };
    if let Some(release) = stack.releases.iter().find(|r| r.context.is_some()) {
        return Err(StackError::InvalidFleet {
            file: path.display().to_string(),
            fleet: fleet.name.clone(),
            key: "clusters".to_string(),
            reason: format!(
                "release {:?} names context {:?}: a fleet plans every release in each of its clusters, so its releases name no context",
                release.name,
                release.context.as_deref().unwrap_or_default()
            ),
        });
    }
    Ok((fleet, stack))
}

#[cfg(test)]
mod tests;
