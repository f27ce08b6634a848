//! Signature checks of the OCI artifacts a plan is made from: each pinned
//! digest is checked against the trust policy right after it is resolved,
//! before its content is pulled or rendered.

use crate::reference::OciRef;
use crate::registry::RegistryClient;
use crate::signature::policy::{SignatureCheck, TrustPolicy};
use crate::signature::{SignatureError, signature_tag};

use super::FetchError;

/// Checks the signatures of `location` pinned at `digest` as `trust` asks:
/// `None` when no rule covers it; under `enforce` a signature that does not
/// verify is an error, under `warn` it is recorded as a failure (the plan
/// warns); under an `off` override the rule it lowered is recorded.
pub async fn check(
    trust: &TrustPolicy,
    registry: &RegistryClient,
    location: &OciRef,
    digest: &str,
) -> Result<Option<SignatureCheck>, FetchError> {
    let layers = if trust.needs_signatures(location) {
        registry
            .signatures(location, digest)
            .await?
            .map(|found| found.layers)
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    Ok(trust.judge(location, digest, &layers)?)
}

/// Signs `digest` in `target`'s repository with `key` (classic form), keeping
/// the signatures already there; returns the signature manifest's reference.
pub async fn sign(
    registry: &RegistryClient,
    key: &crate::keys::PrivateKey,
    target: &OciRef,
    digest: &str,
) -> Result<OciRef, FetchError> {
    let existing = registry
        .signatures(target, digest)
        .await?
        .map(|found| found.descriptors)
        .unwrap_or_default();
    let docker_reference = format!("{}/{}", target.registry, target.repository);
    let artifact =
        crate::signature::sign(key, &docker_reference, digest, existing).map_err(|reason| {
            SignatureError::Malformed {
                reference: target.with_digest(digest).to_string(),
                reason,
            }
        })?;
    let manifest_digest = registry.push_signature(target, &artifact).await?;
    let tag = signature_tag(digest).expect("a digest that was just signed");
    Ok(target.with_tag(&tag).with_digest(&manifest_digest))
}
