//! The stack plan: every release's complete plan, in the order the stack's
//! needs give, and one hash over all of it. Each release plan keeps its own
//! hash (and is applied exactly, as any plan is); the stack hash covers the
//! stack, its order and every release plan's hash, so changing one value in
//! one release changes it.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::journal::Member;
use crate::plan::{HashMismatch, PLAN_API_VERSION, Plan, PlanFileError};
use crate::review::approval::Approval;

/// The `kind` of a stack plan document.
pub const STACK_PLAN_KIND: &str = "StackPlan";

/// Many releases planned as one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StackPlan {
    /// [`PLAN_API_VERSION`].
    pub api_version: String,
    /// [`STACK_PLAN_KIND`].
    pub kind: String,
    /// The stack and the environment planned.
    pub stack: StackTarget,
    /// The releases by level: each needs only releases of earlier levels, so
    /// a level's releases can be applied together.
    pub order: Vec<Vec<String>>,
    /// Every release's plan, in order.
    pub releases: Vec<ReleasePlan>,
    /// Releases the stack holds (its journal says) that its file no longer
    /// declares, left alone: `--prune` plans uninstalling them instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_declared: Vec<Member>,
    /// Releases of the plan (`shared: true`) that other environments'
    /// journals hold too; an uninstall leaves them out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared: Vec<SharedRelease>,
    /// `sha256:` over the canonical JSON of everything above, each release
    /// plan by its own hash.
    pub hash: crate::digest::PlanHash,
    /// Signed approvals of `hash` (`kubectl pkg approve`); outside the hash,
    /// since approving does not change what was approved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approvals: Vec<Approval>,
}

/// Which stack, for which environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StackTarget {
    /// The stack's name.
    pub name: String,
    /// The environment, if one was chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<String>,
    /// Where the stack keeps its record (journal and lock) in the current
    /// context's cluster.
    pub namespace: String,
    /// The releases asked for with `--only` (the plan holds them and what
    /// they need); empty: the whole stack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
    /// Whether releases the file no longer declares are uninstalled (`--prune`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prune: bool,
}

/// One release of a stack plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReleasePlan {
    /// The release's name in the stack.
    pub name: String,
    /// The releases of the stack it needs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<String>,
    /// The kubeconfig context it is planned against, if not the current one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    /// Its plan, complete.
    pub plan: Plan,
}

/// The name [`SharedRelease::held_by`] gives the stack's base releases
/// (planned without an environment): no environment has it, as environment
/// names are DNS labels.
pub const BASE_RELEASES: &str = "(base)";

/// A release of the stack that other environments' journals hold too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SharedRelease {
    /// The release.
    pub name: String,
    /// The environments whose journals hold it ([`BASE_RELEASES`] for the
    /// base releases).
    pub held_by: Vec<String>,
    /// Whether the plan leaves it alone for them (an uninstall does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub kept: bool,
}

/// What the stack hash is computed over: release plans by their hashes.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Hashed<'a> {
    api_version: &'a str,
    kind: &'a str,
    stack: &'a StackTarget,
    order: &'a [Vec<String>],
    releases: Vec<HashedRelease<'a>>,
    #[serde(skip_serializing_if = "<[Member]>::is_empty")]
    not_declared: &'a [Member],
    #[serde(skip_serializing_if = "<[SharedRelease]>::is_empty")]
    shared: &'a [SharedRelease],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HashedRelease<'a> {
    name: &'a str,
    needs: &'a [String],
    context: &'a Option<String>,
    plan_hash: &'a str,
}

/// Why a stack plan file cannot be read or trusted.
#[derive(Debug, thiserror::Error)]
pub enum StackPlanError {
    /// Not a stack plan of this version.
    #[error("not a kubectl-pkg stack plan: {0}")]
    Malformed(String),
    /// A release plan inside is not a valid plan.
    #[error("release {release}")]
    Release {
        /// The release.
        release: String,
        /// Why.
        source: PlanFileError,
    },
    /// The stack plan, or a release plan in it, was edited after it was made.
    #[error("{what} was edited after it was made")]
    Edited {
        /// The stack plan, or which release's plan.
        what: String,
        /// The hashes.
        source: HashMismatch,
    },
}

impl StackPlan {
    /// A stack plan of `releases` in `order`, sealed.
    pub fn new(
        stack: StackTarget,
        order: Vec<Vec<String>>,
        releases: Vec<ReleasePlan>,
        not_declared: Vec<Member>,
    ) -> Self {
        StackPlan {
            api_version: PLAN_API_VERSION.to_string(),
            kind: STACK_PLAN_KIND.to_string(),
            stack,
            order,
            releases,
            not_declared,
            shared: Vec::new(),
            hash: Default::default(),
            approvals: Vec::new(),
        }
        .seal()
    }

    /// This plan with `shared` recorded, sealed anew.
    pub fn sharing(mut self, shared: Vec<SharedRelease>) -> Self {
        self.shared = shared;
        self.seal()
    }

    /// Sets the hash; approvals of another hash are dropped (they approved
    /// something else).
    pub fn seal(mut self) -> Self {
        self.hash = self.compute_hash().into();
        let hash = self.hash.clone();
        self.approvals.retain(|approval| approval.plan_hash == hash);
        self
    }

    /// The hash of the stack plan as it is now.
    pub fn compute_hash(&self) -> String {
        let hashed = Hashed {
            api_version: &self.api_version,
            kind: &self.kind,
            stack: &self.stack,
            order: &self.order,
            releases: self
                .releases
                .iter()
                .map(|release| HashedRelease {
                    name: &release.name,
                    needs: &release.needs,
                    context: &release.context,
                    plan_hash: &release.plan.hash,
                })
                .collect(),
            not_declared: &self.not_declared,
            shared: &self.shared,
        };
        let json = crate::canonical::to_vec(&hashed).expect("a stack plan serializes");
        format!("sha256:{}", hex::encode(Sha256::digest(&json)))
    }

    /// Checks every release plan's hash, then the stack's.
    pub fn verify_hash(&self) -> Result<(), StackPlanError> {
        for release in &self.releases {
            release
                .plan
                .verify_hash()
                .map_err(|source| StackPlanError::Edited {
                    what: format!("the plan of release {}", release.name),
                    source,
                })?;
        }
        let computed = self.compute_hash();
        if computed != self.hash {
            return Err(StackPlanError::Edited {
                what: "the stack plan".to_string(),
                source: HashMismatch {
                    recorded: self.hash.to_string(),
                    computed,
                },
            });
        }
        Ok(())
    }

    /// Whether any release plan changes anything, or the stack lets go of
    /// a shared release another environment keeps installed (its journal
    /// changes).
    pub fn has_changes(&self) -> bool {
        self.releases
            .iter()
            .any(|release| release.plan.has_changes())
            || self.shared.iter().any(|shared| shared.kept)
    }

    /// The stack plan for showing: every release plan masked (see [`Plan::masked`]).
    pub fn masked(&self) -> StackPlan {
        let mut masked = self.clone();
        for release in &mut masked.releases {
            release.plan = release.plan.masked();
        }
        masked
    }

    /// Whether a release plan in it has masked values (it was printed, not saved).
    pub fn is_masked(&self) -> bool {
        self.releases.iter().any(|release| release.plan.is_masked())
    }

    /// Pretty JSON, as saved with `--out`.
    pub fn to_json_pretty(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a stack plan serializes");
        text.push('\n');
        text
    }

    /// Reads a stack plan file: its shape (unknown fields refused), every
    /// release plan read as [`Plan::from_json`] reads one, and the order
    /// naming exactly its releases. The hashes are checked by [`verify_hash`](Self::verify_hash).
    pub fn from_json(text: &str) -> Result<StackPlan, StackPlanError> {
        let malformed = |message: String| StackPlanError::Malformed(message);
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| malformed(format!("not JSON: {e}")))?;
        let field = |key: &str| value.get(key).and_then(serde_json::Value::as_str);
        if (field("apiVersion"), field("kind")) != (Some(PLAN_API_VERSION), Some(STACK_PLAN_KIND)) {
            return Err(malformed(format!(
                "expected apiVersion {PLAN_API_VERSION:?} and kind {STACK_PLAN_KIND:?}"
            )));
        }
        let releases = value
            .get("releases")
            .and_then(serde_json::Value::as_array)
            .ok_or_else(|| malformed("no releases".to_string()))?;
        for release in releases {
            let name = release.get("name").and_then(serde_json::Value::as_str);
            let plan = release
                .get("plan")
                .map(ToString::to_string)
                .unwrap_or_default();
            Plan::from_json(&plan).map_err(|source| StackPlanError::Release {
                release: name.unwrap_or("?").to_string(),
                source,
            })?;
        }
        let plan: StackPlan = serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
        let mut ordered: Vec<&String> = plan.order.iter().flatten().collect();
        let mut named: Vec<&String> = plan.releases.iter().map(|r| &r.name).collect();
        ordered.sort();
        named.sort();
        if ordered != named {
            return Err(malformed(
                "its order does not name exactly its releases".to_string(),
            ));
        }
        Ok(plan)
    }

    /// Whether `text` is a stack plan (its `kind`), to tell it from a release plan.
    pub fn is_stack_plan(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
            .is_some_and(|kind| kind == STACK_PLAN_KIND)
    }
}
