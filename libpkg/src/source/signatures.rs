//! Signature checks of the OCI artifacts a plan is made from: each pinned
//! digest is checked against the trust policy right after it is resolved,
//! before its content is pulled or rendered, in both of cosign's storage
//! forms (the classic `.sig` tag and Sigstore bundle referrers); and signing
//! on push, in either form.

use crate::reference::OciRef;
use crate::registry::{RegistryClient, RegistryError};
use crate::signature::policy::{SignatureCheck, TrustPolicy};
use crate::signature::signature_tag;

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
    let (layers, bundles) = if trust.needs_signatures(location) {
        let layers = registry
            .signatures(location, digest)
            .await?
            .map(|found| found.layers)
            .unwrap_or_default();
        (layers, registry.bundles(location, digest).await?)
    } else {
        (Vec::new(), Vec::new())
    };
    Ok(trust.judge_all(location, digest, &layers, &bundles)?)
}

/// What a signature that cannot be made is, said of the signed manifest.
const UNSIGNABLE: &str = "cannot be signed";

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
        crate::signature::sign(key, &docker_reference, digest, existing).map_err(|error| {
            RegistryError::malformed(target.with_digest(digest).to_string(), UNSIGNABLE, error)
        })?;
    let manifest_digest = registry.push_signature(target, &artifact).await?;
    let tag = signature_tag(digest).expect("a digest that was just signed");
    Ok(target.with_tag(&tag).with_digest(&manifest_digest))
}

/// Signs `digest` in `target`'s repository with `key` in the bundle form, as
/// `cosign sign --new-bundle-format --key` does: a DSSE Sigstore bundle in a
/// referrer whose subject is the signed manifest (listed under the fallback
/// tag when the registry has no referrers API). Returns the referrer's
/// reference.
pub async fn sign_bundle(
    registry: &RegistryClient,
    key: &crate::keys::PrivateKey,
    target: &OciRef,
    digest: &str,
) -> Result<OciRef, FetchError> {
    let signed = registry.raw_manifest(&target.with_digest(digest)).await?;
    let docker_reference = format!("{}/{}", target.registry, target.repository);
    let artifact = crate::signature::bundle::sign(
        key,
        &docker_reference,
        digest,
        &signed.media_type,
        signed.bytes.len() as u64,
    )
    .map_err(|error| {
        RegistryError::malformed(target.with_digest(digest).to_string(), UNSIGNABLE, error)
    })?;
    let manifest_digest = registry.push_bundle(target, digest, &artifact).await?;
    Ok(OciRef {
        tag: None,
        ..target.with_digest(&manifest_digest)
    })
}
