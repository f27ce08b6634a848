//! Reading and writing cosign's classic signatures (`sha256-<hex>.sig` tags):
//! the registry side of [`crate::signature`].

use oci_client::RegistryOperation;
use oci_client::manifest::OciDescriptor;

use super::session::Get;
use super::{
    RegistryClient, RegistryError, classify, manifest_content_type, retrying, to_reference,
};
use crate::reference::OciRef;
use crate::signature::{
    MAX_PAYLOAD_BYTES, SIMPLESIGNING_MEDIA_TYPE, SignatureArtifact, SignatureLayer, signature_tag,
    signing_layers,
};

/// The signature manifest of an artifact, as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signatures {
    /// The manifest's layer descriptors, raw (kept when another key signs).
    pub descriptors: Vec<serde_json::Value>,
    /// The signature layers with their payloads (verified against their digests).
    pub layers: Vec<SignatureLayer>,
}

impl RegistryClient {
    /// The classic signatures of `digest` in `target`'s repository; `None`
    /// when there is no signature tag. Payloads are capped at
    /// [`MAX_PAYLOAD_BYTES`] each, layers at [`MAX_SIGNATURES`](crate::signature::MAX_SIGNATURES).
    pub async fn signatures(
        &self,
        target: &OciRef,
        digest: &str,
    ) -> Result<Option<Signatures>, RegistryError> {
        let tag = signature_tag(digest).map_err(|reason| RegistryError::Invalid {
            reference: target.to_string(),
            reason,
        })?;
        let at = target.with_tag(&tag);
        let shown = at.to_string();
        let invalid = |reason: String| RegistryError::Invalid {
            reference: shown.clone(),
            reason: format!("not a cosign signature manifest: {reason}"),
        };
        let session = self.session(&target.registry).await?;
        let path = format!("/v2/{}/manifests/{tag}", target.repository);
        let body = match session
            .get(&target.repository, Get::manifest(path, &shown))
            .await
        {
            Ok((_, body)) => body,
            Err(RegistryError::NotFound { .. }) => return Ok(None),
            Err(error) => return Err(error),
        };
        let manifest: serde_json::Value =
            serde_json::from_slice(&body).map_err(|e| invalid(e.to_string()))?;
        let descriptors = match manifest.get("layers") {
            Some(serde_json::Value::Array(layers)) => layers.clone(),
            _ => return Err(invalid("no layers".to_string())),
        };
        let mut layers = Vec::new();
        for layer in signing_layers(&descriptors).map_err(invalid)? {
            let descriptor = OciDescriptor {
                media_type: SIMPLESIGNING_MEDIA_TYPE.to_string(),
                digest: layer.digest.clone(),
                size: i64::try_from(layer.size).unwrap_or(i64::MAX),
                ..Default::default()
            };
            let payload = session
                .blob(
                    target,
                    &descriptor,
                    "signature payload",
                    MAX_PAYLOAD_BYTES,
                    &shown,
                )
                .await?;
            layers.push(layer.with_payload(payload));
        }
        Ok(Some(Signatures {
            descriptors,
            layers,
        }))
    }

    /// Pushes a signature manifest under its tag in `target`'s repository;
    /// returns the manifest's digest.
    pub async fn push_signature(
        &self,
        target: &OciRef,
        artifact: &SignatureArtifact,
    ) -> Result<String, RegistryError> {
        let at = target.with_tag(&artifact.tag);
        let shown = at.to_string();
        let session = self.session(&target.registry).await?;
        let (client, auth) = session.oci();
        let reference = to_reference(&at);
        let failed = |e| classify(e, &target.registry, &shown);
        let attempts = self.options.attempts;
        retrying(attempts, || {
            client.auth(&reference, auth, RegistryOperation::Push)
        })
        .await
        .map_err(failed)?;
        for (data, digest) in [&artifact.payload, &artifact.config] {
            let exists = retrying(attempts, || client.blob_exists(&reference, digest))
                .await
                .map_err(failed)?;
            if !exists {
                retrying(attempts, || {
                    client.push_blob(&reference, data.clone(), digest)
                })
                .await
                .map_err(failed)?;
            }
        }
        retrying(attempts, || {
            client.push_manifest_raw(
                &reference,
                artifact.manifest.clone(),
                manifest_content_type(),
            )
        })
        .await
        .map_err(failed)?;
        Ok(crate::package::sha256_digest(&artifact.manifest))
    }
}
