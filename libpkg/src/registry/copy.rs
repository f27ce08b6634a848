//! Copying artifacts byte for byte: manifests and indexes of any media type,
//! and blobs streamed through files, never held whole in memory. What
//! `bundle` reads from registries and `import` writes to them.

use std::path::Path;

use futures::StreamExt;
use oci_client::RegistryOperation;
use oci_client::errors::OciDistributionError;

use super::session::Get;
use super::{
    MAX_DOCUMENT_BYTES, ManifestError, RegistryClient, RegistryError, classify, retrying,
    to_reference,
};
use crate::reference::{OciRef, validate_digest};

/// Every manifest media type copied: images and indexes, OCI and Docker.
pub const MANIFEST_MEDIA_TYPES: [&str; 4] = [
    "application/vnd.oci.image.manifest.v1+json",
    "application/vnd.oci.image.index.v1+json",
    "application/vnd.docker.distribution.manifest.v2+json",
    "application/vnd.docker.distribution.manifest.list.v2+json",
];

/// `Accept` for [`MANIFEST_MEDIA_TYPES`].
const ACCEPT_ANY_MANIFEST: &str = "application/vnd.oci.image.manifest.v1+json, application/vnd.oci.image.index.v1+json, application/vnd.docker.distribution.manifest.v2+json, application/vnd.docker.distribution.manifest.list.v2+json";

/// How much of a blob is sent per request when uploading.
const UPLOAD_CHUNK_BYTES: usize = 4 << 20;

/// A manifest or index exactly as the registry stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawManifest {
    /// Its media type (from the document, else the registry's `Content-Type`).
    pub media_type: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// `sha256:` of the bytes.
    pub digest: String,
}

impl RawManifest {
    /// A manifest from its bytes: the media type the document declares
    /// (`fallback` when it declares none), which must be one that is copied.
    pub fn parse(bytes: Vec<u8>, fallback: Option<&str>) -> Result<RawManifest, ManifestError> {
        let document: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|source| ManifestError::NotJson { source })?;
        let media_type = document
            .get("mediaType")
            .and_then(serde_json::Value::as_str)
            .or(fallback)
            .map(|t| t.split(';').next().unwrap_or_default().trim().to_string())
            .ok_or(ManifestError::NoMediaType)?;
        if !MANIFEST_MEDIA_TYPES.contains(&media_type.as_str()) {
            return Err(ManifestError::UnsupportedMediaType { media_type });
        }
        Ok(RawManifest {
            digest: crate::package::sha256_digest(&bytes),
            media_type,
            bytes,
        })
    }

    /// Whether it is an index (a manifest list) rather than an image manifest.
    pub fn is_index(&self) -> bool {
        self.media_type.ends_with("index.v1+json") || self.media_type.ends_with("list.v2+json")
    }
}

impl RegistryClient {
    /// A manifest or index by tag or digest, of any copied media type, at
    /// most [`MAX_DOCUMENT_BYTES`], checked against the digest when named by one.
    pub async fn raw_manifest(&self, target: &OciRef) -> Result<RawManifest, RegistryError> {
        let shown = target.to_string();
        let session = self.session(&target.registry).await?;
        let path = super::manifest_path(target, &shown)?;
        let request = Get {
            path,
            accept: Some(ACCEPT_ANY_MANIFEST),
            head: false,
            max_bytes: MAX_DOCUMENT_BYTES,
            what: "manifest",
            reference: &shown,
        };
        let (headers, body) = session.get(&target.repository, request).await?;
        let content_type = headers
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok());
        let manifest = RawManifest::parse(body, content_type)
            .map_err(|error| RegistryError::malformed(shown.clone(), "", error))?;
        if let Some(digest) = &target.digest
            && manifest.digest != *digest
        {
            return Err(RegistryError::DigestMismatch {
                reference: shown,
                expected: digest.clone(),
                actual: manifest.digest,
            });
        }
        Ok(manifest)
    }

    /// Whether `target`'s repository has the manifest `digest`.
    pub async fn has_manifest(&self, target: &OciRef, digest: &str) -> Result<bool, RegistryError> {
        Ok(self
            .find_manifest(&target.with_digest(digest))
            .await?
            .is_some())
    }

    /// The digest of the manifest or index `target` names (by tag or by
    /// digest), of any copied media type, looked up with a HEAD request;
    /// `None` when the registry does not have it.
    pub async fn find_manifest(&self, target: &OciRef) -> Result<Option<String>, RegistryError> {
        self.manifest_digest(target, ACCEPT_ANY_MANIFEST).await
    }

    /// Streams blob `digest` of `target`'s repository into `destination`,
    /// refusing more than `size` bytes or bytes that are not the digest's.
    pub async fn download_blob(
        &self,
        target: &OciRef,
        digest: &str,
        size: u64,
        destination: &Path,
    ) -> Result<(), RegistryError> {
        let shown = target.to_string();
        validate_digest(digest).map_err(|error| RegistryError::malformed(&shown, "", error))?;
        let what = format!("blob {digest}");
        let session = self.session(&target.registry).await?;
        let request = Get {
            path: format!("/v2/{}/blobs/{digest}", target.repository),
            accept: None,
            head: false,
            max_bytes: size,
            what: &what,
            reference: &shown,
        };
        let (actual, written) = session
            .download(&target.repository, request, destination)
            .await?;
        if actual != digest || written != size {
            return Err(RegistryError::DigestMismatch {
                reference: format!("{shown} ({what})"),
                expected: digest.to_string(),
                actual,
            });
        }
        Ok(())
    }

    /// Uploads the blob in file `source` to `target`'s repository unless
    /// the registry has it; returns whether it was sent.
    pub async fn upload_blob(
        &self,
        target: &OciRef,
        digest: &str,
        size: u64,
        source: &Path,
    ) -> Result<bool, RegistryError> {
        let shown = target.to_string();
        let session = self.session(&target.registry).await?;
        let (client, auth) = session.oci();
        let reference = to_reference(target);
        let failed = |e| classify(e, &target.registry, &shown);
        let attempts = self.options.attempts;
        retrying(attempts, || {
            client.auth(&reference, auth, RegistryOperation::Push)
        })
        .await
        .map_err(failed)?;
        if retrying(attempts, || client.blob_exists(&reference, digest))
            .await
            .map_err(failed)?
        {
            return Ok(false);
        }
        retrying(attempts, || async {
            let file = tokio::fs::File::open(source)
                .await
                .map_err(OciDistributionError::IoError)?;
            client
                .push_blob_stream(&reference, chunks(file), digest, Some(size))
                .await
        })
        .await
        .map_err(failed)?;
        Ok(true)
    }

    /// Uploads a manifest or index under `target`'s tag, or its digest when
    /// it has no tag.
    pub async fn upload_manifest(
        &self,
        target: &OciRef,
        manifest: &RawManifest,
    ) -> Result<(), RegistryError> {
        let at = if target.tag.is_some() {
            target.clone()
        } else {
            target.with_digest(&manifest.digest)
        };
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
        let content_type = http::HeaderValue::from_str(&manifest.media_type).map_err(|_| {
            RegistryError::Invalid {
                reference: shown.clone(),
                reason: format!("invalid media type {:?}", manifest.media_type),
            }
        })?;
        retrying(attempts, || {
            client.push_manifest_raw(&reference, manifest.bytes.clone(), content_type.clone())
        })
        .await
        .map_err(failed)?;
        Ok(())
    }
}

/// A file's bytes as a stream of [`UPLOAD_CHUNK_BYTES`] chunks.
fn chunks(
    file: tokio::fs::File,
) -> futures::stream::BoxStream<'static, Result<bytes::Bytes, OciDistributionError>> {
    futures::stream::unfold(file, |mut file| async move {
        use tokio::io::AsyncReadExt;
        let mut buffer = vec![0u8; UPLOAD_CHUNK_BYTES];
        match file.read(&mut buffer).await {
            Ok(0) => None,
            Ok(read) => {
                buffer.truncate(read);
                Some((Ok(bytes::Bytes::from(buffer)), file))
            }
            Err(error) => Some((Err(OciDistributionError::IoError(error)), file)),
        }
    })
    .boxed()
}
