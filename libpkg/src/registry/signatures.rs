//! Reading and writing cosign's signatures: the classic `sha256-<hex>.sig`
//! tags, and Sigstore bundles attached as OCI referrers (listed by the
//! referrers API, or, on registries without it such as distribution 2.x, by
//! the fallback tag `sha256-<hex>` holding an image index). The registry side
//! of [`crate::signature`].

use oci_client::RegistryOperation;
use oci_client::manifest::OciDescriptor;

use super::session::Get;
use super::{
    ContentError, MAX_DOCUMENT_BYTES, RawManifest, RegistryClient, RegistryError, classify,
    manifest_content_type, retrying, to_reference,
};
use crate::reference::OciRef;
use crate::signature::bundle::{
    BUNDLE_MEDIA_TYPE, BundleArtifact, BundleLayer, EMPTY_CONFIG, INDEX_MEDIA_TYPE,
    MAX_BUNDLE_BYTES, add_to_index, bundle_layer, bundle_referrers, referrers_tag,
};
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
        let tag = signature_tag(digest)
            .map_err(|error| RegistryError::malformed(target.to_string(), "", error))?;
        let at = target.with_tag(&tag);
        let shown = at.to_string();
        let not_signatures = "not a cosign signature manifest";
        let invalid = |error: ContentError| RegistryError::malformed(&shown, not_signatures, error);
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
            serde_json::from_slice(&body).map_err(|error| invalid(error.into()))?;
        let descriptors = match manifest.get("layers") {
            Some(serde_json::Value::Array(layers)) => layers.clone(),
            _ => {
                return Err(RegistryError::Invalid {
                    reference: shown,
                    reason: format!("{not_signatures}: no layers"),
                });
            }
        };
        let mut layers = Vec::new();
        for layer in signing_layers(&descriptors).map_err(|error| invalid(error.into()))? {
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
        self.push_small(
            &target.with_tag(&artifact.tag),
            &[&artifact.payload, &artifact.config],
            &artifact.manifest,
            manifest_content_type(),
        )
        .await?;
        Ok(crate::package::sha256_digest(&artifact.manifest))
    }

    /// Pushes a small artifact (a signature, a referrer, an index): each of
    /// `blobs` (bytes, digest) the repository lacks, then `manifest` at `at`
    /// (by tag or digest).
    async fn push_small(
        &self,
        at: &OciRef,
        blobs: &[&(Vec<u8>, String)],
        manifest: &[u8],
        media_type: http::HeaderValue,
    ) -> Result<(), RegistryError> {
        let shown = at.to_string();
        let session = self.session(&at.registry).await?;
        let (client, auth) = session.oci();
        let reference = to_reference(at);
        let failed = |e| classify(e, &at.registry, &shown);
        let attempts = self.options.attempts;
        retrying(attempts, || {
            client.auth(&reference, auth, RegistryOperation::Push)
        })
        .await
        .map_err(failed)?;
        for (data, digest) in blobs {
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
            client.push_manifest_raw(&reference, manifest.to_vec(), media_type.clone())
        })
        .await
        .map_err(failed)?;
        Ok(())
    }
}

/// Where an artifact's referrers were listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferrersSource {
    /// `GET /v2/<name>/referrers/<digest>`.
    Api,
    /// The fallback tag `sha256-<hex>`.
    FallbackTag,
    /// Neither lists any.
    None,
}

impl RegistryClient {
    /// The referrers index of `digest` in `target`'s repository, filtered
    /// to Sigstore bundles: from the referrers API, or, when the registry
    /// answers 404 there, from the fallback tag (`None` when that is absent
    /// too).
    async fn referrers_index(
        &self,
        target: &OciRef,
        digest: &str,
    ) -> Result<(ReferrersSource, Option<serde_json::Value>), RegistryError> {
        let shown = target.with_digest(digest).to_string();
        let invalid =
            |error: ContentError| RegistryError::malformed(&shown, "not a referrers index", error);
        let tag = referrers_tag(digest).map_err(|error| invalid(error.into()))?;
        let session = self.session(&target.registry).await?;
        let api = Get {
            path: format!(
                "/v2/{}/referrers/{digest}?artifactType={}",
                target.repository,
                BUNDLE_MEDIA_TYPE.replace('+', "%2B")
            ),
            accept: Some(INDEX_MEDIA_TYPE),
            head: false,
            max_bytes: MAX_DOCUMENT_BYTES,
            what: "referrers",
            reference: &shown,
        };
        let (source, body) = match session.get(&target.repository, api).await {
            Ok((_, body)) => (ReferrersSource::Api, body),
            Err(RegistryError::NotFound { .. }) => {
                let fallback = Get {
                    path: format!("/v2/{}/manifests/{tag}", target.repository),
                    accept: Some(INDEX_MEDIA_TYPE),
                    head: false,
                    max_bytes: MAX_DOCUMENT_BYTES,
                    what: "manifest",
                    reference: &shown,
                };
                match session.get(&target.repository, fallback).await {
                    Ok((_, body)) => (ReferrersSource::FallbackTag, body),
                    Err(RegistryError::NotFound { .. }) => {
                        return Ok((ReferrersSource::None, None));
                    }
                    Err(error) => return Err(error),
                }
            }
            Err(error) => return Err(error),
        };
        let index: serde_json::Value =
            serde_json::from_slice(&body).map_err(|error| invalid(error.into()))?;
        Ok((source, Some(index)))
    }

    /// The Sigstore bundle referrers of `digest` in `target`'s repository as
    /// an index to copy (an air-gap bundle keeps it, and an import pushes it,
    /// under the fallback tag): an OCI image index of their descriptors,
    /// sorted by digest; `None` when nothing refers to it.
    pub async fn bundle_referrers_index(
        &self,
        target: &OciRef,
        digest: &str,
    ) -> Result<Option<RawManifest>, RegistryError> {
        let (_, index) = self.referrers_index(target, digest).await?;
        let Some(index) = index else {
            return Ok(None);
        };
        let invalid = |error: ContentError| {
            let at = target.with_digest(digest).to_string();
            RegistryError::malformed(at, "its referrers index", error)
        };
        let referrers = bundle_referrers(&index).map_err(|error| invalid(error.into()))?;
        let mut entries: Vec<&serde_json::Value> = index["manifests"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|entry| {
                entry["digest"]
                    .as_str()
                    .is_some_and(|d| referrers.iter().any(|r| r == d))
            })
            .collect();
        if entries.is_empty() {
            return Ok(None);
        }
        entries.sort_by_key(|entry| entry["digest"].as_str().unwrap_or_default().to_string());
        entries.dedup_by_key(|entry| entry["digest"].clone());
        let bytes = serde_json::to_vec(&serde_json::json!({
            "schemaVersion": 2,
            "mediaType": INDEX_MEDIA_TYPE,
            "manifests": entries,
        }))
        .expect("an index serializes");
        RawManifest::parse(bytes, Some(INDEX_MEDIA_TYPE))
            .map(Some)
            .map_err(|error| invalid(error.into()))
    }

    /// The Sigstore bundles attached to `digest` in `target`'s repository
    /// (see [`crate::signature::bundle`]): each referrer of artifact type
    /// [`BUNDLE_MEDIA_TYPE`] whose subject is `digest`, its bundle layer read
    /// (at most [`MAX_BUNDLE_BYTES`], checked against its digest). A
    /// referrer that is not such a manifest is an error naming it.
    pub async fn bundles(
        &self,
        target: &OciRef,
        digest: &str,
    ) -> Result<Vec<BundleLayer>, RegistryError> {
        let (_, index) = self.referrers_index(target, digest).await?;
        let Some(index) = index else {
            return Ok(Vec::new());
        };
        let shown = target.with_digest(digest).to_string();
        let referrers = bundle_referrers(&index)
            .map_err(|error| RegistryError::malformed(&shown, "its referrers index", error))?;
        let session = self.session(&target.registry).await?;
        let mut bundles = Vec::new();
        for referrer in referrers {
            let at = target.with_digest(&referrer).to_string();
            let path = format!("/v2/{}/manifests/{referrer}", target.repository);
            let (_, body) = session
                .get(&target.repository, Get::manifest(path, &at))
                .await?;
            if crate::package::sha256_digest(&body) != referrer {
                return Err(RegistryError::DigestMismatch {
                    reference: at,
                    expected: referrer,
                    actual: crate::package::sha256_digest(&body),
                });
            }
            let invalid = |error: ContentError| {
                let what = format!("not a Sigstore bundle referrer of {digest}");
                RegistryError::malformed(&at, what, error)
            };
            let manifest: serde_json::Value =
                serde_json::from_slice(&body).map_err(|error| invalid(error.into()))?;
            let (layer_digest, size) =
                bundle_layer(&manifest, digest).map_err(|error| invalid(error.into()))?;
            let descriptor = OciDescriptor {
                media_type: BUNDLE_MEDIA_TYPE.to_string(),
                digest: layer_digest.clone(),
                size: i64::try_from(size).unwrap_or(i64::MAX),
                ..Default::default()
            };
            let bytes = session
                .blob(
                    target,
                    &descriptor,
                    "Sigstore bundle",
                    MAX_BUNDLE_BYTES,
                    &at,
                )
                .await?;
            bundles.push(BundleLayer {
                digest: layer_digest,
                bytes,
            });
        }
        Ok(bundles)
    }

    /// Pushes a bundle referrer into `target`'s repository: its blobs, its
    /// manifest, and, unless the registry has the referrers API, the
    /// fallback tag's index with the referrer added (the referrers already
    /// there kept). Returns the referrer manifest's digest.
    pub async fn push_bundle(
        &self,
        target: &OciRef,
        digest: &str,
        artifact: &BundleArtifact,
    ) -> Result<String, RegistryError> {
        let (source, existing) = self.referrers_index(target, digest).await?;
        let config = (
            EMPTY_CONFIG.to_vec(),
            crate::package::sha256_digest(EMPTY_CONFIG),
        );
        self.push_small(
            &target.with_digest(&artifact.manifest.1),
            &[&artifact.bundle, &config],
            &artifact.manifest.0,
            manifest_content_type(),
        )
        .await?;
        if source != ReferrersSource::Api {
            let index = add_to_index(existing.as_ref(), artifact).map_err(|error| {
                let at = target.with_digest(&artifact.manifest.1).to_string();
                RegistryError::malformed(at, "", error)
            })?;
            let tag = referrers_tag(digest).expect("a digest already used");
            self.push_small(
                &target.with_tag(&tag),
                &[],
                &index,
                http::HeaderValue::from_static(INDEX_MEDIA_TYPE),
            )
            .await?;
        }
        Ok(artifact.manifest.1.clone())
    }
}
