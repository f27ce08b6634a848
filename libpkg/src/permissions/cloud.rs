//! Cloud identities: which cloud roles the package's ServiceAccounts assume.
//!
//! Workload identity federation lets a pod act as an AWS IAM role, a Google
//! service account or an Azure managed identity, chosen by an annotation on
//! its ServiceAccount. Those permissions live in the cloud, not in RBAC, so
//! the preview at least names the identity a person should go and check.

use crate::manifest::Manifest;
use serde::{Deserialize, Serialize};

use super::service_account;
use crate::object::Object;

/// A cloud identity a ServiceAccount of the package assumes.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CloudIdentity {
    /// The ServiceAccount, as `ServiceAccount/<ns>/<name>`.
    pub service_account: String,
    /// `aws`, `gcp` or `azure`.
    pub provider: String,
    /// The role ARN, Google service account e-mail, or Azure client id.
    pub identity: String,
}

/// ServiceAccount annotations that select a cloud identity, by provider.
const ANNOTATIONS: &[(&str, &str)] = &[
    // AWS IAM Roles for Service Accounts (EKS).
    ("eks.amazonaws.com/role-arn", "aws"),
    // GKE Workload Identity.
    ("iam.gke.io/gcp-service-account", "gcp"),
    // Azure Workload Identity (pods opt in with the label
    // `azure.workload.identity/use: "true"`; the SA names the identity).
    ("azure.workload.identity/client-id", "azure"),
];

/// The cloud identities of the package's ServiceAccounts, sorted.
pub(crate) fn identities(objects: &[&Object]) -> Vec<CloudIdentity> {
    let mut identities: Vec<CloudIdentity> = objects
        .iter()
        .filter(|object| object.group().is_empty() && object.kind == "ServiceAccount")
        .flat_map(|object| {
            let annotations = object
                .pointer("/metadata/annotations")
                .and_then(Manifest::as_object);
            ANNOTATIONS.iter().filter_map(move |(key, provider)| {
                let identity = annotations?.get(key)?.as_str()?.trim();
                (!identity.is_empty()).then(|| CloudIdentity {
                    service_account: service_account(object.namespace.as_deref(), &object.name),
                    provider: provider.to_string(),
                    identity: identity.to_string(),
                })
            })
        })
        .collect();
    identities.sort();
    identities.dedup();
    identities
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::testing::{check, obj};
    use super::*;
    use serde_json::Value;

    #[test]
    fn annotations_name_cloud_identities() {
        let account = |name: &str, annotations: Value| {
            obj(json!({"apiVersion": "v1", "kind": "ServiceAccount",
                       "metadata": {"name": name, "namespace": "apps", "annotations": annotations}}))
        };
        let objects = vec![
            account(
                "s3",
                json!({"eks.amazonaws.com/role-arn": "arn:aws:iam::123456789012:role/s3-reader"}),
            ),
            account(
                "gcs",
                json!({"iam.gke.io/gcp-service-account": "reader@project.iam.gserviceaccount.com"}),
            ),
            account(
                "blob",
                json!({"azure.workload.identity/client-id": "00000000-0000-0000-0000-000000000001",
                                   "azure.workload.identity/tenant-id": "t"}),
            ),
            account(
                "plain",
                json!({"example.com/other": "x", "eks.amazonaws.com/role-arn": ""}),
            ),
            // Not a ServiceAccount: ignored.
            obj(json!({"apiVersion": "v1", "kind": "ConfigMap",
                       "metadata": {"name": "c", "namespace": "apps",
                                    "annotations": {"eks.amazonaws.com/role-arn": "arn"}}})),
        ];
        let cloud = check(&objects).cloud;
        assert_eq!(
            cloud,
            [
                CloudIdentity {
                    service_account: "ServiceAccount/apps/blob".into(),
                    provider: "azure".into(),
                    identity: "00000000-0000-0000-0000-000000000001".into(),
                },
                CloudIdentity {
                    service_account: "ServiceAccount/apps/gcs".into(),
                    provider: "gcp".into(),
                    identity: "reader@project.iam.gserviceaccount.com".into(),
                },
                CloudIdentity {
                    service_account: "ServiceAccount/apps/s3".into(),
                    provider: "aws".into(),
                    identity: "arn:aws:iam::123456789012:role/s3-reader".into(),
                },
            ]
        );
        assert_eq!(
            serde_json::to_value(&cloud[0]).unwrap(),
            json!({"serviceAccount": "ServiceAccount/apps/blob", "provider": "azure",
                   "identity": "00000000-0000-0000-0000-000000000001"})
        );
    }
}
