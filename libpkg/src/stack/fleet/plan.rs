//! The fleet plan: one stack plan per cluster, in the order the fleet is
//! rolled out, under one hash. Each cluster's stack plan keeps its own hash
//! (each cluster's apply is that stack plan's, exactly); the fleet hash is
//! over the fleet, its waves and every cluster's stack plan hash, so an
//! approval of the fleet hash approves every cluster's plan.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::Fleet;
use crate::plan::{HashMismatch, PLAN_API_VERSION};
use crate::review::approval::Approval;
use crate::stack::plan::{StackPlan, StackPlanError};

/// `kind` of a fleet plan.
pub const FLEET_PLAN_KIND: &str = "FleetPlan";

/// Every cluster's stack plan, as one plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FleetPlan {
    /// Always [`PLAN_API_VERSION`].
    pub api_version: String,
    /// Always [`FLEET_PLAN_KIND`].
    pub kind: String,
    /// The stack's name.
    pub stack: String,
    /// The fleet: its clusters and waves.
    pub fleet: Fleet,
    /// Each reachable cluster's stack plan, in rollout order (wave after wave).
    pub clusters: Vec<ClusterPlan>,
    /// Clusters left out because they could not be reached, with
    /// `skip_unreachable`; an apply refuses the plan if one answers then.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unreachable: Vec<Unreachable>,
    /// `sha256:` over the canonical JSON of everything above, each
    /// cluster's stack plan by its hash.
    pub hash: crate::digest::PlanHash,
    /// Signed approvals of `hash`; outside it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approvals: Vec<Approval>,
}

/// One cluster's part of a fleet plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClusterPlan {
    /// The cluster: its kubeconfig context.
    pub cluster: String,
    /// Its stack plan, made against it.
    pub plan: StackPlan,
}

/// A cluster of the fleet that could not be reached when it was planned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Unreachable {
    /// The cluster.
    pub cluster: String,
    /// What the connection said.
    pub reason: String,
}

/// What the fleet hash is computed over.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Hashed<'a> {
    api_version: &'a str,
    kind: &'a str,
    stack: &'a str,
    fleet: &'a Fleet,
    clusters: Vec<HashedCluster<'a>>,
    #[serde(skip_serializing_if = "<[Unreachable]>::is_empty")]
    unreachable: &'a [Unreachable],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HashedCluster<'a> {
    cluster: &'a str,
    plan_hash: &'a str,
}

/// Why a fleet plan file cannot be read or trusted.
#[derive(Debug, thiserror::Error)]
pub enum FleetPlanError {
    /// Not a fleet plan of this version, or its clusters do not match its fleet.
    #[error("not a kubectl-pkg fleet plan: {0}")]
    Malformed(String),
    /// A cluster's stack plan inside is not valid, or was edited.
    #[error("cluster {cluster}")]
    Cluster {
        /// The cluster.
        cluster: String,
        /// Why.
        source: StackPlanError,
    },
    /// The fleet plan was edited after it was made.
    #[error("the fleet plan was edited after it was made: {0}")]
    Edited(HashMismatch),
}

impl FleetPlan {
    /// A fleet plan of `clusters` (in rollout order), sealed.
    pub fn new(
        stack: String,
        fleet: Fleet,
        clusters: Vec<ClusterPlan>,
        unreachable: Vec<Unreachable>,
    ) -> Self {
        FleetPlan {
            api_version: PLAN_API_VERSION.to_string(),
            kind: FLEET_PLAN_KIND.to_string(),
            stack,
            fleet,
            clusters,
            unreachable,
            hash: Default::default(),
            approvals: Vec::new(),
        }
        .seal()
    }

    /// Sets the hash; approvals of another hash are dropped.
    pub fn seal(mut self) -> Self {
        self.hash = self.compute_hash().into();
        let hash = self.hash.clone();
        self.approvals.retain(|approval| approval.plan_hash == hash);
        self
    }

    /// The hash of the fleet plan as it is now.
    pub fn compute_hash(&self) -> String {
        let hashed = Hashed {
            api_version: &self.api_version,
            kind: &self.kind,
            stack: &self.stack,
            fleet: &self.fleet,
            clusters: (self.clusters.iter())
                .map(|c| HashedCluster {
                    cluster: &c.cluster,
                    plan_hash: &c.plan.hash,
                })
                .collect(),
            unreachable: &self.unreachable,
        };
        let json = crate::canonical::to_vec(&hashed).expect("a fleet plan serializes");
        format!("sha256:{}", hex::encode(Sha256::digest(&json)))
    }

    /// Checks every cluster's stack plan (and its release plans), then the fleet's hash.
    pub fn verify_hash(&self) -> Result<(), FleetPlanError> {
        for cluster in &self.clusters {
            (cluster.plan.verify_hash()).map_err(|source| FleetPlanError::Cluster {
                cluster: cluster.cluster.clone(),
                source,
            })?;
        }
        let computed = self.compute_hash();
        if computed != self.hash {
            return Err(FleetPlanError::Edited(HashMismatch {
                recorded: self.hash.to_string(),
                computed,
            }));
        }
        Ok(())
    }

    /// The plan of `cluster`, if it was planned.
    pub fn cluster(&self, cluster: &str) -> Option<&StackPlan> {
        (self.clusters.iter())
            .find(|c| c.cluster == cluster)
            .map(|c| &c.plan)
    }

    /// The waves, each with the plans of its planned clusters.
    pub fn waves(&self) -> Vec<Vec<&ClusterPlan>> {
        (self.fleet.waves.iter())
            .map(|wave| {
                (wave.iter())
                    .filter_map(|name| self.clusters.iter().find(|c| &c.cluster == name))
                    .collect()
            })
            .collect()
    }

    /// Whether any cluster's plan changes anything.
    pub fn has_changes(&self) -> bool {
        self.clusters.iter().any(|c| c.plan.has_changes())
    }

    /// The fleet plan for showing: every release plan masked.
    pub fn masked(&self) -> FleetPlan {
        let mut masked = self.clone();
        for cluster in &mut masked.clusters {
            cluster.plan = cluster.plan.masked();
        }
        masked
    }

    /// Whether a release plan in it has masked values (it was printed, not saved).
    pub fn is_masked(&self) -> bool {
        self.clusters.iter().any(|c| c.plan.is_masked())
    }

    /// Pretty JSON, as saved with `--out`.
    pub fn to_json_pretty(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a fleet plan serializes");
        text.push('\n');
        text
    }

    /// Reads a fleet plan file: its shape (unknown fields refused), every
    /// cluster's stack plan read as [`StackPlan::from_json`] reads one, and
    /// its clusters matching its fleet's. The hashes are checked by
    /// [`verify_hash`](Self::verify_hash).
    pub fn from_json(text: &str) -> Result<FleetPlan, FleetPlanError> {
        let malformed = |message: String| FleetPlanError::Malformed(message);
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| malformed(format!("not JSON: {e}")))?;
        let field = |key: &str| value.get(key).and_then(serde_json::Value::as_str);
        if (field("apiVersion"), field("kind")) != (Some(PLAN_API_VERSION), Some(FLEET_PLAN_KIND)) {
            return Err(malformed(format!(
                "expected apiVersion {PLAN_API_VERSION:?} and kind {FLEET_PLAN_KIND:?}"
            )));
        }
        let clusters = (value.get("clusters"))
            .and_then(serde_json::Value::as_array)
            .ok_or_else(|| malformed("no clusters".to_string()))?;
        for cluster in clusters {
            let name = cluster.get("cluster").and_then(serde_json::Value::as_str);
            let plan = (cluster.get("plan"))
                .map(ToString::to_string)
                .unwrap_or_default();
            StackPlan::from_json(&plan).map_err(|source| FleetPlanError::Cluster {
                cluster: name.unwrap_or("?").to_string(),
                source,
            })?;
        }
        let plan: FleetPlan = serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
        let mut accounted: Vec<&String> = (plan.clusters.iter().map(|c| &c.cluster))
            .chain(plan.unreachable.iter().map(|u| &u.cluster))
            .collect();
        let mut declared: Vec<&String> = plan.fleet.waves.iter().flatten().collect();
        accounted.sort();
        declared.sort();
        if accounted != declared {
            return Err(malformed(
                "its clusters are not exactly its fleet's waves' clusters".to_string(),
            ));
        }
        Ok(plan)
    }

    /// Whether `text` is a fleet plan (its `kind`).
    pub fn is_fleet_plan(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
            .is_some_and(|kind| kind == FLEET_PLAN_KIND)
    }
}
