//! Helm's release records in the cluster, read (and on request removed) when
//! a Helm release is taken over; decoding is [`crate::helm::release`].

use k8s_openapi::api::core::v1::Secret;
use kube::api::{Api, DeleteParams, ListParams};

use crate::cluster::{Cluster, ClusterError};
use crate::helm::release::{HELM_RECORD_TYPE, HelmRecordError, HelmRelease};
use crate::plan::ReleaseId;

/// A Helm release that cannot be taken over.
#[derive(Debug, thiserror::Error)]
pub enum HelmRecordsError {
    /// The API server failed.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// No Helm release of that name.
    #[error(
        "no Helm release {name:?} in namespace {namespace:?} (no Secret labelled owner=helm,name={name} of type {HELM_RECORD_TYPE})"
    )]
    NotFound {
        /// Name.
        name: String,
        /// Namespace.
        namespace: String,
    },
    /// No revision of it is deployed.
    #[error(
        "Helm release {name:?} has no deployed revision (statuses: {statuses}); fix it with Helm first, or install afresh"
    )]
    NotDeployed {
        /// Name.
        name: String,
        /// Each revision's status.
        statuses: String,
    },
    /// A record that does not decode.
    #[error(transparent)]
    Record(#[from] HelmRecordError),
}

/// Helm's records of releases, through a cluster connection.
#[derive(Debug, Clone)]
pub struct HelmRecords {
    cluster: Cluster,
}

impl HelmRecords {
    /// Records read through `cluster`.
    pub fn new(cluster: Cluster) -> Self {
        HelmRecords { cluster }
    }

    fn api(&self, namespace: &str) -> Api<Secret> {
        Api::namespaced(self.cluster.client().clone(), namespace)
    }

    fn params(name: &str) -> ListParams {
        ListParams::default()
            .labels(&format!("owner=helm,name={name}"))
            .fields(&format!("type={HELM_RECORD_TYPE}"))
    }

    /// Every revision of Helm release `release` that Helm still keeps, oldest first.
    pub async fn revisions(
        &self,
        release: &ReleaseId,
    ) -> Result<Vec<HelmRelease>, HelmRecordsError> {
        let secrets = self
            .api(&release.namespace)
            .list(&Self::params(&release.name))
            .await
            .map_err(ClusterError::from)?;
        if secrets.items.is_empty() {
            return Err(HelmRecordsError::NotFound {
                name: release.name.to_string(),
                namespace: release.namespace.to_string(),
            });
        }
        let mut releases = Vec::new();
        for secret in &secrets.items {
            let secret_name = secret.metadata.name.clone().unwrap_or_default();
            let payload = secret
                .data
                .as_ref()
                .and_then(|data| data.get("release"))
                .ok_or_else(|| HelmRecordError {
                    secret: secret_name.clone(),
                    reason: "no \"release\" key".to_string(),
                    source: None,
                })?;
            releases.push(HelmRelease::decode(&secret_name, &payload.0)?);
        }
        releases.sort_by_key(|release| release.revision);
        Ok(releases)
    }

    /// The deployed revision among `revisions` (as [`Self::revisions`] gives them).
    pub fn deployed(name: &str, revisions: &[HelmRelease]) -> Result<usize, HelmRecordsError> {
        revisions
            .iter()
            .rposition(|release| release.status == "deployed")
            .ok_or_else(|| HelmRecordsError::NotDeployed {
                name: name.to_string(),
                statuses: revisions
                    .iter()
                    .map(|r| format!("v{} {}", r.revision, r.status))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Deletes every record of Helm release `release`; returns how many.
    pub async fn remove(&self, release: &ReleaseId) -> Result<usize, HelmRecordsError> {
        let api = self.api(&release.namespace);
        let secrets = api
            .list_metadata(&Self::params(&release.name))
            .await
            .map_err(ClusterError::from)?;
        for secret in &secrets.items {
            if let Some(secret_name) = &secret.metadata.name {
                api.delete(secret_name, &DeleteParams::default())
                    .await
                    .map_err(ClusterError::from)?;
            }
        }
        Ok(secrets.items.len())
    }
}
