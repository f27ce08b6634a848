//! Proposals: plans kept in the cluster for review, for teams without a
//! shared file system. One Secret per proposal in the release namespace
//! (`kubectl-pkg.proposal.<name>`, the name being `<release>.<12 hex of the
//! plan hash>`; type
//! [`PROPOSAL_TYPE`]), holding the gzipped plan with its approvals, exactly as
//! a saved plan file would (so Secret values are as safe as in the release
//! records beside it: readable by whoever may read Secrets there). Approving
//! adds to it; applying marks it applied, after which it is never applied
//! again. What `proposals` lists is in labels and annotations.

use crate::remedy::{Remedy, Setting};
use std::collections::BTreeMap;
use std::io::{Read, Write};

use k8s_openapi::ByteString;
use k8s_openapi::api::core::v1::Secret;
use kube::api::{Api, ListParams, ObjectMeta, Patch, PatchParams, PostParams};
use serde::{Deserialize, Serialize};

use crate::cluster::{Cluster, ClusterError};
use crate::names::Namespace;
use crate::plan::{Operation, Plan};
use crate::review::approval::Approval;

/// The Secret type of proposals.
pub const PROPOSAL_TYPE: &str = "kubectl-pkg.dev/proposal.v1";
/// How a proposal is named on the command line: `proposal/NAME`.
pub const PROPOSAL_PREFIX: &str = "proposal/";
const LABEL_PROPOSAL: &str = "kubectl-pkg.dev/proposal";
const LABEL_RELEASE: &str = "kubectl-pkg.dev/release-name";
const LABEL_STATE: &str = "kubectl-pkg.dev/proposal-state";
const ANNOTATION_SUMMARY: &str = "kubectl-pkg.dev/proposal-summary";
const DATA_KEY: &str = "plan";
/// The largest gzipped plan a proposal holds (one Secret, under the API
/// server's 1 MiB limit); larger plans travel as files.
pub const MAX_PROPOSAL_BYTES: usize = 900 * 1024;

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProposalState {
    /// Waiting for review and apply.
    Open,
    /// Applied; it is never applied again.
    Applied,
}

impl ProposalState {
    /// The lowercase name used in labels and output.
    pub fn as_str(self) -> &'static str {
        match self {
            ProposalState::Open => "open",
            ProposalState::Applied => "applied",
        }
    }
}

/// What `proposals` shows of one, read from its labels and annotations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposalSummary {
    /// The proposal's name (`<release>.<12 hex>`; its Secret is [`secret_name`]).
    pub name: String,
    /// The namespace (the release's).
    pub namespace: String,
    /// The release.
    pub release: String,
    /// The revision the plan would create.
    pub revision: u32,
    /// The operation.
    pub operation: Operation,
    /// Package name.
    pub package: String,
    /// Package version.
    pub version: String,
    /// The plan's hash.
    pub plan_hash: crate::digest::PlanHash,
    /// The author's note.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Who approved it so far (as the approvals name themselves; not yet
    /// checked against any trusted key: `apply` does that).
    #[serde(default)]
    pub approvers: Vec<String>,
    /// Open or applied.
    pub state: ProposalState,
    /// When it was proposed (the API server's clock), from its metadata.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub created: Option<String>,
}

/// A proposal that cannot be stored, found or used.
#[derive(Debug, thiserror::Error)]
pub enum ProposalError {
    /// The API server failed.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// No proposal of that name.
    #[error(
        "proposal {name:?} not found in namespace {namespace:?} ({} lists them)",
        Remedy::ListProposals { namespace: namespace.clone() }
    )]
    NotFound {
        /// Name.
        name: String,
        /// Namespace.
        namespace: String,
    },
    /// The same plan was proposed before.
    #[error("proposal {name:?} already holds this plan (hash {hash})")]
    Exists {
        /// Name.
        name: String,
        /// The plan's hash.
        hash: String,
    },
    /// Applied already.
    #[error("proposal {name:?} was applied already; make a new plan to change the release again")]
    Applied {
        /// Name.
        name: String,
    },
    /// Its plan cannot be applied or approved as it is.
    #[error("proposal {name:?}: {source}")]
    Saved {
        /// Name.
        name: String,
        /// Why.
        source: crate::plan::SavedPlanError,
    },
    /// Too large for one Secret.
    #[error(
        "the plan is {size} bytes gzipped, more than a proposal holds ({MAX_PROPOSAL_BYTES}); save it as a file with {} instead",
        Setting::SaveToFile
    )]
    TooLarge {
        /// Gzipped size.
        size: usize,
    },
    /// Someone approved at the same moment.
    #[error("proposal {name:?} changed while it was being approved; approve again")]
    Conflict {
        /// Name.
        name: String,
    },
    /// A Secret that is not a readable proposal.
    #[error("proposal {name}: {reason}")]
    Corrupt {
        /// Name.
        name: String,
        /// What is wrong.
        reason: String,
    },
}

impl ProposalError {
    /// What the user can do about this error, as its message says it
    /// (see [`crate::remedy`]).
    pub fn remedies(&self) -> Vec<Remedy> {
        match self {
            ProposalError::NotFound { namespace, .. } => vec![Remedy::ListProposals {
                namespace: namespace.clone(),
            }],
            ProposalError::TooLarge { .. } => vec![Remedy::Set(Setting::SaveToFile)],
            _ => Vec::new(),
        }
    }
}

/// The name of the proposal holding `plan`: `<release>.<12 hex of its hash>`.
pub fn proposal_name(plan: &Plan) -> String {
    let hex = plan.hash.strip_prefix("sha256:").unwrap_or(&plan.hash);
    format!("{}.{}", plan.release.name, &hex[..hex.len().min(12)])
}

/// The Secret holding proposal `name`.
pub fn secret_name(name: &str) -> String {
    format!("kubectl-pkg.proposal.{name}")
}

/// Proposals stored as Secrets through a cluster connection.
#[derive(Debug, Clone)]
pub struct ProposalStore {
    cluster: Cluster,
}

impl ProposalStore {
    /// A store using `cluster`.
    pub fn new(cluster: Cluster) -> Self {
        ProposalStore { cluster }
    }

    fn api(&self, namespace: &str) -> Api<Secret> {
        Api::namespaced(self.cluster.client().clone(), namespace)
    }

    /// Stores `plan` (with any approvals it carries) as a new proposal with
    /// the author's `note`; returns its name.
    pub async fn create(&self, plan: &Plan, note: &str) -> Result<String, ProposalError> {
        let name = proposal_name(plan);
        let secret = to_secret(&name, plan, note, ProposalState::Open)?;
        match self
            .api(&plan.release.namespace)
            .create(&PostParams::default(), &secret)
            .await
        {
            Ok(_) => Ok(name),
            Err(kube::Error::Api(response)) if response.code == 409 => Err(ProposalError::Exists {
                name,
                hash: plan.hash.to_string(),
            }),
            Err(error) => Err(ClusterError::from(error).into()),
        }
    }

    /// Every proposal in a namespace, oldest first.
    pub async fn list(&self, namespace: &Namespace) -> Result<Vec<ProposalSummary>, ProposalError> {
        let params = ListParams::default()
            .labels(&format!("{LABEL_PROPOSAL}=true"))
            .fields(&format!("type={PROPOSAL_TYPE}"));
        let secrets = self
            .api(namespace)
            .list_metadata(&params)
            .await
            .map_err(ClusterError::from)?;
        let mut summaries: Vec<ProposalSummary> = secrets
            .items
            .iter()
            .filter_map(|secret| summary_of(&secret.metadata))
            .collect();
        summaries.sort_by(|a, b| (&a.created, &a.name).cmp(&(&b.created, &b.name)));
        Ok(summaries)
    }

    /// Reads a proposal: its plan (with approvals) and state.
    pub async fn load(
        &self,
        namespace: &Namespace,
        name: &str,
    ) -> Result<(Plan, ProposalState, String), ProposalError> {
        let secret = self.get(namespace, name).await?;
        let summary = summary_of(&secret.metadata).ok_or_else(|| ProposalError::Corrupt {
            name: name.to_string(),
            reason: "no readable summary annotation".to_string(),
        })?;
        Ok((plan_of(name, &secret)?, summary.state, summary.note))
    }

    /// Reads an open proposal's plan, to apply or approve: refused once it
    /// was applied, or if its plan is not whole ([`Plan::check_saved`]).
    pub async fn load_open(
        &self,
        namespace: &Namespace,
        name: &str,
    ) -> Result<Plan, ProposalError> {
        let (plan, state, _) = self.load(namespace, name).await?;
        if state == ProposalState::Applied {
            return Err(ProposalError::Applied {
                name: name.to_string(),
            });
        }
        plan.check_saved().map_err(|source| ProposalError::Saved {
            name: name.to_string(),
            source,
        })?;
        Ok(plan)
    }

    async fn get(&self, namespace: &Namespace, name: &str) -> Result<Secret, ProposalError> {
        self.api(namespace)
            .get_opt(&secret_name(name))
            .await
            .map_err(ClusterError::from)?
            .filter(|secret| secret.type_.as_deref() == Some(PROPOSAL_TYPE))
            .ok_or_else(|| ProposalError::NotFound {
                name: name.to_string(),
                namespace: namespace.to_string(),
            })
    }

    /// Adds an approval to an open proposal (kept if it is there already).
    /// Returns how many it carries now.
    pub async fn approve(
        &self,
        namespace: &Namespace,
        name: &str,
        approval: Approval,
    ) -> Result<usize, ProposalError> {
        let secret = self.get(namespace, name).await?;
        let summary = summary_of(&secret.metadata).ok_or_else(|| ProposalError::Corrupt {
            name: name.to_string(),
            reason: "no readable summary annotation".to_string(),
        })?;
        if summary.state == ProposalState::Applied {
            return Err(ProposalError::Applied {
                name: name.to_string(),
            });
        }
        let mut plan = plan_of(name, &secret)?;
        if !plan.approvals.contains(&approval) {
            plan.approvals.push(approval);
        }
        let mut updated = to_secret(name, &plan, &summary.note, summary.state)?;
        // Optimistic concurrency: two approvals at once must not lose one.
        updated.metadata.resource_version = secret.metadata.resource_version.clone();
        match self
            .api(namespace)
            .replace(&secret_name(name), &PostParams::default(), &updated)
            .await
        {
            Ok(_) => Ok(plan.approvals.len()),
            Err(kube::Error::Api(response)) if response.code == 409 => {
                Err(ProposalError::Conflict {
                    name: name.to_string(),
                })
            }
            Err(error) => Err(ClusterError::from(error).into()),
        }
    }

    /// Marks a proposal applied, so it is never applied again.
    pub async fn mark_applied(
        &self,
        namespace: &Namespace,
        name: &str,
    ) -> Result<(), ProposalError> {
        let secret = self.get(namespace, name).await?;
        let mut summary = summary_of(&secret.metadata).ok_or_else(|| ProposalError::Corrupt {
            name: name.to_string(),
            reason: "no readable summary annotation".to_string(),
        })?;
        summary.state = ProposalState::Applied;
        summary.created = None;
        let patch = serde_json::json!({"metadata": {
            "labels": {LABEL_STATE: ProposalState::Applied.as_str()},
            "annotations": {ANNOTATION_SUMMARY: serde_json::to_string(&summary).expect("summaries serialize")},
        }});
        self.api(namespace)
            .patch(
                &secret_name(name),
                &PatchParams::default(),
                &Patch::Merge(&patch),
            )
            .await
            .map_err(ClusterError::from)?;
        Ok(())
    }
}

fn to_secret(
    name: &str,
    plan: &Plan,
    note: &str,
    state: ProposalState,
) -> Result<Secret, ProposalError> {
    let summary = ProposalSummary {
        name: name.to_string(),
        namespace: plan.release.namespace.to_string(),
        release: plan.release.name.to_string(),
        revision: plan.release.revision,
        operation: plan.operation,
        package: plan.package.name.clone(),
        version: plan.package.version.clone(),
        plan_hash: plan.hash.clone(),
        note: note.to_string(),
        approvers: plan.approvals.iter().map(|a| a.approver.clone()).collect(),
        state,
        created: None,
    };
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(plan.to_json_pretty().as_bytes())
        .expect("in memory");
    let payload = gzip.finish().expect("in memory");
    if payload.len() > MAX_PROPOSAL_BYTES {
        return Err(ProposalError::TooLarge {
            size: payload.len(),
        });
    }
    Ok(Secret {
        metadata: ObjectMeta {
            name: Some(secret_name(name)),
            namespace: Some(plan.release.namespace.to_string()),
            labels: Some(BTreeMap::from([
                (LABEL_PROPOSAL.to_string(), "true".to_string()),
                (LABEL_RELEASE.to_string(), plan.release.name.to_string()),
                (LABEL_STATE.to_string(), state.as_str().to_string()),
            ])),
            annotations: Some(BTreeMap::from([(
                ANNOTATION_SUMMARY.to_string(),
                serde_json::to_string(&summary).expect("summaries serialize"),
            )])),
            ..ObjectMeta::default()
        },
        type_: Some(PROPOSAL_TYPE.to_string()),
        data: Some(BTreeMap::from([(
            DATA_KEY.to_string(),
            ByteString(payload),
        )])),
        ..Secret::default()
    })
}

fn plan_of(name: &str, secret: &Secret) -> Result<Plan, ProposalError> {
    let corrupt = |reason: String| ProposalError::Corrupt {
        name: name.to_string(),
        reason,
    };
    let payload = secret
        .data
        .as_ref()
        .and_then(|d| d.get(DATA_KEY))
        .ok_or_else(|| corrupt(format!("no {DATA_KEY:?} key")))?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(&payload.0[..])
        .take(crate::plan::MAX_PLAN_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| corrupt(format!("not gzipped text: {e}")))?;
    Plan::from_json(&text).map_err(|e| corrupt(e.to_string()))
}

fn summary_of(metadata: &ObjectMeta) -> Option<ProposalSummary> {
    let text = metadata.annotations.as_ref()?.get(ANNOTATION_SUMMARY)?;
    let mut summary: ProposalSummary = serde_json::from_str(text).ok()?;
    summary.created = metadata
        .creation_timestamp
        .as_ref()
        .map(|time| time.0.to_string());
    Some(summary)
}
