//! Signature checks of the OCI artifacts a plan is made from: each pinned
//! digest is checked against the trust policy right after it is resolved,
//! before its content is pulled or rendered.

use crate::reference::OciRef;
use crate::registry::RegistryClient;
use crate::signature::policy::{SignatureCheck, TrustPolicy};
use crate::signature::{SignatureError, VerifyMode, signature_tag, verify};

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
    let pinned = location.with_digest(digest);
    let reference = pinned.to_string();
    let Some(requirement) = trust.requirement(location) else {
        if trust.override_mode == Some(VerifyMode::Enforce) {
            return Err(SignatureError::Uncovered { reference }.into());
        }
        return Ok(None);
    };
    let entry = requirement.entry;
    let mut record = SignatureCheck {
        reference: reference.clone(),
        policy: entry.origin.clone(),
        mode: requirement.mode,
        overridden: (requirement.mode != entry.mode).then_some(entry.mode),
        verified: None,
        failure: None,
    };
    if requirement.mode == VerifyMode::Off {
        return Ok(Some(record));
    }
    let outcome = if entry.keys.is_empty() {
        Err(SignatureError::NoKeys {
            reference: reference.clone(),
            policy: entry.origin.clone(),
        })
    } else {
        let layers = registry
            .signatures(location, digest)
            .await?
            .map(|found| found.layers)
            .unwrap_or_default();
        verify(&reference, digest, &layers, &entry.keys, &entry.origin)
    };
    match (outcome, requirement.mode) {
        (Ok(verified), _) => record.verified = Some(verified),
        (Err(error), VerifyMode::Enforce) => return Err(error.into()),
        (Err(error), _) => record.failure = Some(error.to_string()),
    }
    Ok(Some(record))
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
