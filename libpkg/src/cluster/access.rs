//! The installer access check: SelfSubjectAccessReviews for every action of a
//! plan, so that missing rights are reported all at once before any write.

use std::sync::Arc;

use k8s_openapi::api::authorization::v1::{
    ResourceAttributes, SelfSubjectAccessReview, SelfSubjectAccessReviewSpec,
};
use kube::api::{Api, PostParams};

use super::{AccessCheck, Cluster, ClusterError};

/// The answer to one [`AccessCheck`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessResult {
    /// The question.
    pub check: AccessCheck,
    /// Whether it is allowed.
    pub allowed: bool,
}

/// Access answers shared by the clones of one
/// [`Cluster::sharing_access_answers`]: each question is asked of the server
/// once, and whoever asks it meanwhile waits for that answer.
pub(super) type AccessAnswers = crate::once::OnceEach<AccessCheck, bool>;

impl Cluster {
    /// A clone whose access questions are each asked once, by whichever
    /// clone of it asks first: the releases of a stack, planned together,
    /// share the answers of the questions they have in common (every
    /// question of releases in one namespace, those about cluster-wide
    /// kinds). The answers are those of the moment they were asked; another
    /// call starts afresh.
    pub fn sharing_access_answers(&self) -> Cluster {
        Cluster {
            access_answers: Some(Arc::default()),
            ..self.clone()
        }
    }

    /// Asks the API server whether the current user may do each of `checks`,
    /// several at a time (each once, for a clone sharing its answers).
    pub async fn review_access(
        &self,
        checks: Vec<AccessCheck>,
    ) -> Result<Vec<AccessResult>, ClusterError> {
        use futures::{StreamExt, TryStreamExt};
        futures::stream::iter(checks)
            .map(|check| async move {
                let allowed = match &self.access_answers {
                    Some(answers) => answers.try_get(&check, || self.ask(&check)).await?,
                    None => self.ask(&check).await?,
                };
                Ok::<_, ClusterError>(AccessResult { check, allowed })
            })
            .buffered(self.concurrency())
            .try_collect()
            .await
    }

    /// One SelfSubjectAccessReview.
    async fn ask(&self, check: &AccessCheck) -> Result<bool, ClusterError> {
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
        let api: Api<SelfSubjectAccessReview> = Api::all(self.client().clone());
        let _slot = self.slot().await;
        let answer = api.create(&PostParams::default(), &review).await?;
        Ok(answer.status.is_some_and(|s| s.allowed))
    }
}
