//! Release records: one Secret per revision in the release namespace.
//!
//! `kubectl-pkg.release.v1.<name>.v<revision>`, type [`RECORD_TYPE`], holding
//! the gzipped JSON [`Record`] (the plan that was applied and its outcome).
//! What `list` and `history` show (status, package, version, digest, plan hash)
//! is also kept in labels and annotations, so they never decode payloads.
//! Creating a revision's Secret fails if it exists: two operations can never
//! both write revision N. A record larger than one Secret holds (1 MiB) is
//! split: the revision's Secret keeps the first [`PART_SIZE`] bytes and says how
//! many parts there are; `<secret>.part<N>` Secrets hold the rest.

pub mod helm;
mod lock;
pub mod proposal;
pub mod stack_record;

use std::collections::BTreeMap;
use std::io::{Read, Write};

use k8s_openapi::ByteString;
use k8s_openapi::api::core::v1::Secret;
use kube::api::{Api, ListParams, ObjectMeta, Patch, PatchParams, PostParams};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::cluster::{Cluster, ClusterError};
use crate::names::Namespace;
use crate::object::StoredObject;
use crate::plan::{Action, Operation, Plan, ReleaseId};
use crate::review::Review;

pub use lock::{
    DEFAULT_DURATION as DEFAULT_LOCK_DURATION, LockError, LockInfo, LockRequest, LockSubject,
    ReleaseLock, Staleness, lease_name,
};

/// The Secret type of release records.
pub const RECORD_TYPE: &str = "kubectl-pkg.dev/release.v1";
const LABEL_OWNER: &str = "owner";
const LABEL_NAME: &str = "kubectl-pkg.dev/release-name";
const LABEL_REVISION: &str = "kubectl-pkg.dev/revision";
const LABEL_STATUS: &str = "kubectl-pkg.dev/status";
const ANNOTATION_SUMMARY: &str = "kubectl-pkg.dev/summary";
const DATA_KEY: &str = "release";
const ANNOTATION_PARTS: &str = "kubectl-pkg.dev/parts";
const LABEL_PART: &str = "kubectl-pkg.dev/part";
/// The Secret type of the extra parts of a large record.
pub const PART_TYPE: &str = "kubectl-pkg.dev/release-part.v1";
/// Bytes of the gzipped record per Secret, well under the API server's 1 MiB limit.
pub const PART_SIZE: usize = 900 * 1024;

/// Where a revision stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Being applied (or interrupted while being applied).
    Pending,
    /// The current revision, applied successfully.
    Deployed,
    /// An earlier revision, replaced by a later one.
    Superseded,
    /// Applying it failed; see the message.
    Failed,
    /// Its objects were deleted by `uninstall`.
    Uninstalled,
}

impl Status {
    /// The lowercase name used in labels and output.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Deployed => "deployed",
            Status::Superseded => "superseded",
            Status::Failed => "failed",
            Status::Uninstalled => "uninstalled",
        }
    }

    fn parse(text: &str) -> Option<Status> {
        [
            Status::Pending,
            Status::Deployed,
            Status::Superseded,
            Status::Failed,
            Status::Uninstalled,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// A stored revision: the plan applied and what came of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// The plan, exactly as reviewed and applied.
    pub plan: Plan,
    /// Current status.
    pub status: Status,
    /// What happened: the error of a failed revision, for example.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Approvals and acknowledgements established when it was applied.
    #[serde(default, skip_serializing_if = "Review::is_empty")]
    pub review: Review,
}

/// What an upgrade or a rollback needs of a stored revision
/// ([`ReleaseStore::load_applied`]).
#[derive(Debug, Clone)]
pub struct AppliedRevision {
    /// The plan, with `objects` left empty (its hooks are few, and a
    /// rollback to it runs some of them).
    pub plan: Plan,
    /// The objects the plan applied (all but those it deleted), in its
    /// order, their manifests as text.
    pub objects: Vec<StoredObject>,
}

/// A record's JSON as its Secrets hold it.
struct Payload {
    json: Vec<u8>,
    /// What the Secret's summary says, which is newer than the record's status.
    summary: Option<Summary>,
    /// The revision's Secret, for errors.
    secret: String,
}

impl Payload {
    fn corrupt(&self, reason: String) -> ReleaseError {
        ReleaseError::Corrupt {
            secret: self.secret.clone(),
            reason,
        }
    }
}

/// [`AppliedRevision`] of a record's JSON, its manifests copied as text
/// (borrowed while read) and never parsed.
fn applied_of(json: &[u8]) -> Result<AppliedRevision, serde_json::Error> {
    let mut record: RecordParts<Vec<EntryAsText<'_>>> = serde_json::from_slice(json)?;
    let objects = std::mem::take(&mut record.plan.objects)
        .into_iter()
        .filter(|entry| entry.action != Action::Delete)
        .map(EntryAsText::into_stored)
        .collect();
    Ok(AppliedRevision {
        plan: record.plan.without_objects()?,
        objects,
    })
}

/// The plan of a record's JSON without its objects, which are skipped
/// unread.
fn plan_alone_of(json: &[u8]) -> Result<Plan, serde_json::Error> {
    let record: RecordParts<IgnoredAny> = serde_json::from_slice(json)?;
    record.plan.without_objects()
}

/// A record read with its plan's objects read as `O` (as text, or not at
/// all); the rest of the plan is small.
#[derive(Deserialize)]
struct RecordParts<O> {
    plan: PlanParts<O>,
}

#[derive(Deserialize)]
struct PlanParts<O> {
    objects: O,
    #[serde(flatten)]
    rest: serde_json::Map<String, Value>,
}

impl<O> PlanParts<O> {
    /// The plan, `objects` empty.
    fn without_objects(self) -> Result<Plan, serde_json::Error> {
        let mut rest = self.rest;
        rest.insert("objects".to_string(), Value::Array(Vec::new()));
        serde_json::from_value(Value::Object(rest))
    }
}

/// A plan entry's identity, action and manifest text; its diff is skipped.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EntryAsText<'a> {
    api_version: String,
    kind: String,
    #[serde(default)]
    namespace: Option<String>,
    name: String,
    action: Action,
    #[serde(borrow)]
    manifest: &'a RawValue,
}

impl EntryAsText<'_> {
    fn into_stored(self) -> StoredObject {
        StoredObject::from_json(
            self.api_version,
            self.kind,
            self.namespace,
            self.name,
            self.manifest,
        )
    }
}

/// What `list` and `history` show of a revision, read from labels and annotations only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Release name.
    pub name: String,
    /// Release namespace.
    pub namespace: String,
    /// Revision number.
    pub revision: u32,
    /// Status.
    pub status: Status,
    /// The operation that created the revision.
    pub operation: Operation,
    /// Package name.
    pub package: String,
    /// Package version.
    pub version: String,
    /// Package digest.
    pub digest: crate::digest::Digest,
    /// The applied plan's hash.
    pub plan_hash: crate::digest::PlanHash,
    /// The outcome message, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Who approved the applied plan (verified approvals), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approved_by: Vec<String>,
    /// When the revision was recorded (RFC 3339, the API server's clock):
    /// the record's creation time, read from its metadata, never stored in
    /// the summary itself.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub created: Option<String>,
    /// For a rollback: the revision it returned to, as its plan records it
    /// (absent for rollbacks recorded before plans said).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled_back_to: Option<u32>,
}

/// The deployed revision of a history (oldest first) since the release was
/// last uninstalled, if any. Without one, the release is installed again
/// (`install`, `upgrade --install`) over what its failed or interrupted
/// attempts left; `upgrade` and `rollback` have nothing to start from.
pub fn deployed_since_uninstall(history: &[Summary]) -> Option<&Summary> {
    let since = history
        .iter()
        .rposition(|s| s.status == Status::Uninstalled)
        .map_or(history, |i| &history[i + 1..]);
    since.iter().rev().find(|s| s.status == Status::Deployed)
}

/// Release records stored as Secrets through a cluster connection.
#[derive(Debug, Clone)]
pub struct ReleaseStore {
    cluster: Cluster,
}

/// Errors of the release store.
#[derive(Debug, thiserror::Error)]
pub enum ReleaseError {
    /// The API server failed.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// No release of that name in that namespace.
    #[error("release {name:?} not found in namespace {namespace:?}")]
    NotFound {
        /// Name.
        name: String,
        /// Namespace.
        namespace: String,
    },
    /// No such revision.
    #[error("release {name:?} has no revision {revision}")]
    NoRevision {
        /// Name.
        name: String,
        /// The revision asked for.
        revision: u32,
    },
    /// Another operation wrote the same revision first.
    #[error(
        "revision {revision} of release {name:?} was written by another operation in the meantime; plan again"
    )]
    Conflict {
        /// Name.
        name: String,
        /// Revision.
        revision: u32,
    },
    /// A record that cannot be read.
    #[error("release record {secret}: {reason}")]
    Corrupt {
        /// The Secret's name.
        secret: String,
        /// What is wrong.
        reason: String,
    },
}

/// The Secret name of a revision.
pub fn secret_name(name: &str, revision: u32) -> String {
    format!("kubectl-pkg.release.v1.{name}.v{revision}")
}

impl ReleaseStore {
    /// A store using `cluster`.
    pub fn new(cluster: Cluster) -> Self {
        ReleaseStore { cluster }
    }

    /// The cluster the records are kept in.
    pub fn cluster(&self) -> &Cluster {
        &self.cluster
    }

    fn api(&self, namespace: &str) -> Api<Secret> {
        Api::namespaced(self.cluster.client().clone(), namespace)
    }

    /// Every revision of every release, in one namespace or all (`None`), from one list call.
    pub async fn list(&self, namespace: Option<&Namespace>) -> Result<Vec<Summary>, ReleaseError> {
        let api: Api<Secret> = match namespace {
            Some(namespace) => self.api(namespace),
            None => Api::all(self.cluster.client().clone()),
        };
        summaries(&api, &format!("{LABEL_OWNER}=kubectl-pkg")).await
    }

    /// All revisions of one release, oldest first.
    pub async fn history(&self, release: &ReleaseId) -> Result<Vec<Summary>, ReleaseError> {
        summaries(
            &self.api(&release.namespace),
            &format!("{LABEL_OWNER}=kubectl-pkg,{LABEL_NAME}={}", release.name),
        )
        .await
    }

    /// The newest revision of a release, if it has any.
    pub async fn latest(&self, release: &ReleaseId) -> Result<Option<Summary>, ReleaseError> {
        Ok(self.history(release).await?.pop())
    }

    /// Reads a whole revision.
    pub async fn load(&self, release: &ReleaseId, revision: u32) -> Result<Record, ReleaseError> {
        let payload = self.payload(release, revision).await?;
        let mut record: Record = serde_json::from_slice(&payload.json)
            .map_err(|e| payload.corrupt(format!("not a release record: {e}")))?;
        if let Some(summary) = payload.summary {
            record.status = summary.status;
            record.message = summary.message;
        }
        Ok(record)
    }

    /// Reads what an upgrade or a rollback needs of a revision: its plan
    /// without its objects, and the objects it applied with their
    /// manifests as text. A 10,000-object record read whole holds every
    /// manifest parsed (about six times its JSON) at once.
    pub async fn load_applied(
        &self,
        release: &ReleaseId,
        revision: u32,
    ) -> Result<AppliedRevision, ReleaseError> {
        let payload = self.payload(release, revision).await?;
        applied_of(&payload.json).map_err(|e| payload.corrupt(format!("not a release record: {e}")))
    }

    /// Reads a revision's plan alone, without its objects: what
    /// it installed (package, values, permissions), for a caller that
    /// needs none of its objects.
    pub async fn load_plan_alone(
        &self,
        release: &ReleaseId,
        revision: u32,
    ) -> Result<Plan, ReleaseError> {
        let payload = self.payload(release, revision).await?;
        plan_alone_of(&payload.json)
            .map_err(|e| payload.corrupt(format!("not a release record: {e}")))
    }

    /// A revision's record as stored: its JSON, gunzipped from the
    /// revision's Secret and its parts, with the status its Secret's
    /// summary says (the record itself keeps the one it was written with).
    async fn payload(&self, release: &ReleaseId, revision: u32) -> Result<Payload, ReleaseError> {
        let secret_name = secret_name(&release.name, revision);
        let secret = self
            .api(&release.namespace)
            .get_opt(&secret_name)
            .await
            .map_err(ClusterError::from)?
            .ok_or_else(|| ReleaseError::NoRevision {
                name: release.name.to_string(),
                revision,
            })?;
        let corrupt = |reason: String| ReleaseError::Corrupt {
            secret: secret_name.clone(),
            reason,
        };
        let chunk = |secret: &Secret| {
            secret
                .data
                .as_ref()
                .and_then(|d| d.get(DATA_KEY))
                .map(|d| d.0.clone())
                .ok_or_else(|| {
                    corrupt(format!(
                        "{} has no {DATA_KEY:?} key",
                        secret.metadata.name.as_deref().unwrap_or("?")
                    ))
                })
        };
        let mut payload = chunk(&secret)?;
        let parts: usize = secret
            .metadata
            .annotations
            .as_ref()
            .and_then(|a| a.get(ANNOTATION_PARTS))
            .map_or(Ok(1), |n| n.parse())
            .map_err(|_| corrupt(format!("{ANNOTATION_PARTS} is not a number")))?;
        for part in 1..parts {
            let part_name = part_name(&secret_name, part);
            let secret = self
                .api(&release.namespace)
                .get_opt(&part_name)
                .await
                .map_err(ClusterError::from)?
                .ok_or_else(|| {
                    corrupt(format!("part {part} of {parts} ({part_name}) is missing"))
                })?;
            payload.extend(chunk(&secret)?);
        }
        let mut json = Vec::new();
        flate2::read::GzDecoder::new(payload.as_slice())
            .read_to_end(&mut json)
            .map_err(|e| corrupt(format!("not gzip: {e}")))?;
        Ok(Payload {
            json,
            summary: summary_of(&secret.metadata),
            secret: secret_name,
        })
    }

    /// Writes a new revision; fails with [`ReleaseError::Conflict`] if it exists.
    /// The revision's own Secret is created first: it is what two operations race for.
    pub async fn create(&self, record: &Record) -> Result<(), ReleaseError> {
        let release = &record.plan.release;
        let (main, parts) = to_secrets(record);
        match self
            .api(&release.namespace)
            .create(&PostParams::default(), &main)
            .await
        {
            Ok(_) => {}
            Err(kube::Error::Api(status)) if status.code == 409 => {
                return Err(ReleaseError::Conflict {
                    name: release.name.to_string(),
                    revision: release.revision,
                });
            }
            Err(other) => return Err(ClusterError::from(other).into()),
        }
        self.write_all(&release.namespace, &parts).await
    }

    /// Rewrites a revision's status and message (the plan never changes).
    pub async fn update(&self, record: &Record) -> Result<(), ReleaseError> {
        let (main, parts) = to_secrets(record);
        self.write_all(&record.plan.release.namespace, &parts)
            .await?;
        self.write_all(&record.plan.release.namespace, &[main])
            .await
    }

    async fn write_all(&self, namespace: &str, secrets: &[Secret]) -> Result<(), ReleaseError> {
        let params = PatchParams::apply(crate::FIELD_MANAGER).force();
        for secret in secrets {
            let name = secret
                .metadata
                .name
                .as_deref()
                .expect("record secrets are named");
            self.api(namespace)
                .patch(name, &params, &Patch::Apply(secret))
                .await
                .map_err(ClusterError::from)?;
        }
        Ok(())
    }

    /// Gives a revision a new status and message: superseded by a later one, or
    /// interrupted. Only its status label and summary annotation change, which
    /// [`load`](Self::load) and the summaries take as authoritative, so a large
    /// record is not read and rewritten for it.
    pub async fn set_outcome(
        &self,
        revision: &Summary,
        status: Status,
        message: Option<String>,
    ) -> Result<(), ReleaseError> {
        let summary = Summary {
            status,
            message,
            created: None,
            ..revision.clone()
        };
        let patch = serde_json::json!({"metadata": {
            "labels": {LABEL_STATUS: status.as_str()},
            "annotations": {ANNOTATION_SUMMARY: serde_json::to_string(&summary).expect("summaries serialize")},
        }});
        self.api(&revision.namespace)
            .patch(
                &secret_name(&revision.name, revision.revision),
                &PatchParams::default(),
                &Patch::Merge(&patch),
            )
            .await
            .map_err(ClusterError::from)?;
        Ok(())
    }

    /// Deletes every revision of a release (`uninstall --purge`), parts included.
    pub async fn purge(&self, release: &ReleaseId) -> Result<(), ReleaseError> {
        let params = ListParams::default()
            .labels(&format!(
                "{LABEL_OWNER}=kubectl-pkg,{LABEL_NAME}={}",
                release.name
            ))
            .fields(&format!("type={PART_TYPE}"));
        let parts = self
            .api(&release.namespace)
            .list_metadata(&params)
            .await
            .map_err(ClusterError::from)?;
        let history = self.history(release).await?;
        let names = parts
            .items
            .iter()
            .filter_map(|p| p.metadata.name.clone())
            .chain(
                history
                    .iter()
                    .map(|s| secret_name(&release.name, s.revision)),
            );
        for secret in names {
            self.api(&release.namespace)
                .delete(&secret, &Default::default())
                .await
                .map_err(ClusterError::from)?;
        }
        Ok(())
    }
}

/// The summaries of the records a label selector matches, from one metadata-only
/// list call, sorted by namespace, name and revision.
async fn summaries(api: &Api<Secret>, labels: &str) -> Result<Vec<Summary>, ReleaseError> {
    let params = ListParams::default()
        .labels(labels)
        .fields(&format!("type={RECORD_TYPE}"));
    let secrets = api
        .list_metadata(&params)
        .await
        .map_err(ClusterError::from)?;
    let mut summaries: Vec<Summary> = secrets
        .items
        .iter()
        .filter_map(|s| summary_of(&s.metadata))
        .collect();
    summaries.sort_by(|a, b| {
        (&a.namespace, &a.name, a.revision).cmp(&(&b.namespace, &b.name, b.revision))
    });
    Ok(summaries)
}

fn part_name(secret_name: &str, part: usize) -> String {
    format!("{secret_name}.part{part}")
}

/// The revision's Secret and, for a large record, its extra parts.
fn to_secrets(record: &Record) -> (Secret, Vec<Secret>) {
    let mut main = to_secret(record);
    let payload = main
        .data
        .take()
        .and_then(|mut d| d.remove(DATA_KEY))
        .expect("to_secret sets the payload")
        .0;
    let mut chunks = payload.chunks(PART_SIZE);
    let first = chunks.next().unwrap_or_default().to_vec();
    let rest: Vec<Vec<u8>> = chunks.map(<[u8]>::to_vec).collect();
    main.data = Some(BTreeMap::from([(DATA_KEY.to_string(), ByteString(first))]));
    if !rest.is_empty() {
        main.metadata
            .annotations
            .get_or_insert_with(BTreeMap::new)
            .insert(ANNOTATION_PARTS.to_string(), (rest.len() + 1).to_string());
    }
    let release = &record.plan.release;
    let main_name = secret_name(&release.name, release.revision);
    let parts = rest
        .into_iter()
        .enumerate()
        .map(|(index, chunk)| Secret {
            metadata: ObjectMeta {
                name: Some(part_name(&main_name, index + 1)),
                namespace: Some(release.namespace.to_string()),
                labels: Some(BTreeMap::from([
                    (LABEL_OWNER.to_string(), "kubectl-pkg".to_string()),
                    (LABEL_NAME.to_string(), release.name.to_string()),
                    (LABEL_REVISION.to_string(), release.revision.to_string()),
                    (LABEL_PART.to_string(), (index + 1).to_string()),
                ])),
                ..ObjectMeta::default()
            },
            type_: Some(PART_TYPE.to_string()),
            data: Some(BTreeMap::from([(DATA_KEY.to_string(), ByteString(chunk))])),
            ..Secret::default()
        })
        .collect();
    (main, parts)
}

impl Summary {
    /// What `list` and `history` show of `record`, as its Secret's
    /// annotation keeps it (no creation time: the API server sets that).
    pub fn of(record: &Record) -> Summary {
        let plan = &record.plan;
        let release = &plan.release;
        Summary {
            name: release.name.to_string(),
            namespace: release.namespace.to_string(),
            revision: release.revision,
            status: record.status,
            operation: plan.operation,
            package: plan.package.name.clone(),
            version: plan.package.version.clone(),
            digest: plan.package.digest.clone(),
            plan_hash: plan.hash.clone(),
            message: record.message.clone(),
            approved_by: record
                .review
                .approvals
                .iter()
                .map(|approval| approval.approver.clone())
                .collect(),
            created: None,
            rolled_back_to: plan.rollback_to,
        }
    }
}

fn to_secret(record: &Record) -> Secret {
    let release = &record.plan.release;
    let summary = Summary::of(record);
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(&serde_json::to_vec(record).expect("records serialize"))
        .expect("in memory");
    let payload = gzip.finish().expect("in memory");
    Secret {
        metadata: ObjectMeta {
            name: Some(secret_name(&release.name, release.revision)),
            namespace: Some(release.namespace.to_string()),
            labels: Some(BTreeMap::from([
                (LABEL_OWNER.to_string(), "kubectl-pkg".to_string()),
                (LABEL_NAME.to_string(), release.name.to_string()),
                (LABEL_REVISION.to_string(), release.revision.to_string()),
                (LABEL_STATUS.to_string(), record.status.as_str().to_string()),
            ])),
            annotations: Some(BTreeMap::from([(
                ANNOTATION_SUMMARY.to_string(),
                serde_json::to_string(&summary).expect("summaries serialize"),
            )])),
            ..ObjectMeta::default()
        },
        type_: Some(RECORD_TYPE.to_string()),
        data: Some(BTreeMap::from([(
            DATA_KEY.to_string(),
            ByteString(payload),
        )])),
        ..Secret::default()
    }
}

fn summary_of(metadata: &ObjectMeta) -> Option<Summary> {
    let text = metadata.annotations.as_ref()?.get(ANNOTATION_SUMMARY)?;
    let mut summary: Summary = serde_json::from_str(text).ok()?;
    if let Some(status) = label_status(metadata) {
        summary.status = status;
    }
    summary.created = metadata
        .creation_timestamp
        .as_ref()
        .map(|time| time.0.to_string());
    Some(summary)
}

/// The status label, which is authoritative: it is what `set_outcome` rewrites.
fn label_status(metadata: &ObjectMeta) -> Option<Status> {
    metadata
        .labels
        .as_ref()?
        .get(LABEL_STATUS)
        .and_then(|s| Status::parse(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(revision: u32, status: Status) -> Summary {
        Summary {
            name: "app".to_string(),
            namespace: "ns".to_string(),
            revision,
            status,
            operation: Operation::Install,
            package: "app".to_string(),
            version: "1.0.0".to_string(),
            digest: Default::default(),
            plan_hash: Default::default(),
            message: None,
            approved_by: Vec::new(),
            created: None,
            rolled_back_to: None,
        }
    }

    #[test]
    fn a_deployed_revision_counts_only_since_the_last_uninstall() {
        use Status::*;
        let history = |statuses: &[Status]| -> Vec<Summary> {
            statuses
                .iter()
                .enumerate()
                .map(|(i, s)| summary(i as u32 + 1, *s))
                .collect()
        };
        let revision =
            |statuses: &[Status]| deployed_since_uninstall(&history(statuses)).map(|s| s.revision);
        assert_eq!(revision(&[]), None);
        assert_eq!(revision(&[Failed]), None);
        assert_eq!(revision(&[Deployed, Failed]), Some(1));
        assert_eq!(revision(&[Superseded, Deployed, Failed, Failed]), Some(2));
        assert_eq!(revision(&[Superseded, Uninstalled, Failed]), None);
    }

    #[test]
    fn an_applied_revision_is_the_record_without_its_deletions() {
        use crate::plan::{DeferredHook, PlannedObject};
        let mut plan = crate::plan::tests::sample();
        let entry = |name: &str, action: Action, diff: Option<&str>| PlannedObject {
            api_version: "v1".into(),
            kind: "ConfigMap".into(),
            namespace: Some("apps".into()),
            name: name.into(),
            action,
            // Keys out of the usual order, a float that needs its digits.
            manifest: serde_json::json!({"metadata": {"name": name, "namespace": "apps"},
                "kind": "ConfigMap", "apiVersion": "v1", "data": {"z": "1", "a": 0.1}})
            .into(),
            live_resource_version: Some("7".into()),
            diff: diff.map(str::to_string),
            validation: None,
        };
        plan.objects
            .push(entry("kept", Action::Update, Some("-a\n+b\n")));
        plan.objects.push(entry("gone", Action::Delete, None));
        plan.deferred_hooks.push(DeferredHook {
            api_version: "v1".into(),
            kind: "Pod".into(),
            namespace: Some("apps".into()),
            name: "test".into(),
            manifest: serde_json::json!({"kind": "Pod"}).into(),
        });
        let record = Record {
            plan: plan.clone().seal(),
            status: Status::Deployed,
            message: None,
            review: Review::default(),
        };
        let json = serde_json::to_vec(&record).unwrap();
        let applied = applied_of(&json).unwrap();
        let mut expected = record.plan.clone();
        let objects = std::mem::take(&mut expected.objects);
        assert_eq!(applied.plan, expected);
        assert_eq!(plan_alone_of(&json).unwrap(), expected);
        let stored: Vec<_> = applied
            .objects
            .into_iter()
            .map(|o| o.into_object())
            .collect();
        let applied_objects: Vec<_> = objects
            .iter()
            .filter(|o| o.action != Action::Delete)
            .map(PlannedObject::to_object)
            .collect();
        assert_eq!(stored, applied_objects);
        assert_eq!(
            stored.iter().map(|o| o.name.as_str()).collect::<Vec<_>>(),
            ["creds", "kept"]
        );
        // The manifests' text is the record's: same key order, same numbers.
        assert_eq!(
            serde_json::to_string(&stored[1].manifest).unwrap(),
            serde_json::to_string(&objects[1].manifest).unwrap()
        );
    }

    #[test]
    fn a_record_that_is_not_one_is_refused() {
        assert!(applied_of(br#"{"plan": {"objects": [{"kind": 1}]}}"#).is_err());
        assert!(applied_of(br#"{"plan": {"objects": []}}"#).is_err());
        assert!(applied_of(b"[]").is_err());
        assert!(plan_alone_of(br#"{"plan": {"objects": 1}}"#).is_err());
    }
}
