//! The installer access check: SelfSubjectAccessReviews for every action of a
//! plan, so that missing rights are reported all at once before any write.

use k8s_openapi::api::authorization::v1::{
    ResourceAttributes, SelfSubjectAccessReview, SelfSubjectAccessReviewSpec,
};
use kube::api::{Api, PostParams};
use serde::{Deserialize, Serialize};

use super::{Cluster, ClusterError};

/// One question: may I `verb` `resource` in `group` (in `namespace`)?
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AccessCheck {
    /// The verb (`get`, `create`, `patch`, `delete`, …).
    pub verb: String,
    /// The API group, empty for core.
    pub group: String,
    /// The resource (plural), optionally `resource/subresource`.
    pub resource: String,
    /// The namespace; `None` for cluster-scoped resources or cluster-wide access.
    pub namespace: Option<String>,
}

/// The answer to one [`AccessCheck`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessResult {
    /// The question.
    pub check: AccessCheck,
    /// Whether it is allowed.
    pub allowed: bool,
}

impl Cluster {
    /// Asks the API server whether the current user may do each of `checks`,
    /// several at a time.
    pub async fn review_access(
        &self,
        checks: Vec<AccessCheck>,
    ) -> Result<Vec<AccessResult>, ClusterError> {
        use futures::{StreamExt, TryStreamExt};
        let api: Api<SelfSubjectAccessReview> = Api::all(self.client().clone());
        futures::stream::iter(checks)
            .map(|check| {
                let api = api.clone();
                async move {
                    let (resource, subresource) = match check.resource.split_once('/') {
                        Some((resource, sub)) => (resource.to_string(), Some(sub.to_string())),
                        None => (check.resource.clone(), None),
                    };
                    let review = SelfSubjectAccessReview {
                        spec: SelfSubjectAccessReviewSpec {
                            resource_attributes: Some(ResourceAttributes {
                                verb: Some(check.verb.clone()),
                                group: Some(check.group.clone()),
                                resource: Some(resource),
                                subresource,
                                namespace: check.namespace.clone(),
                                ..ResourceAttributes::default()
                            }),
                            ..SelfSubjectAccessReviewSpec::default()
                        },
                        ..SelfSubjectAccessReview::default()
                    };
                    let _slot = self.slot().await;
                    let answer = api.create(&PostParams::default(), &review).await?;
                    let allowed = answer.status.is_some_and(|s| s.allowed);
                    Ok::<_, ClusterError>(AccessResult { check, allowed })
                }
            })
            .buffered(self.concurrency())
            .try_collect()
            .await
    }
}
