//! The OCI registry client: list tags, resolve and pull by digest, push packages.
//!
//! Every byte a registry sends is untrusted, so reads go through one small
//! HTTP layer of our own (reqwest) rather than straight through oci-client:
//!
//! - every response body is capped ([`MAX_DOCUMENT_BYTES`] for manifests and tag
//!   lists, the descriptor's size for blobs), so a huge manifest or an endless
//!   body fails instead of filling memory;
//! - every manifest and blob is checked against its digest;
//! - connecting and each read must finish within [`RegistryOptions::timeout`]
//!   (default [`DEFAULT_TIMEOUT`]) and a whole request within [`REQUEST_DEADLINE`],
//!   so a registry that accepts the connection and never answers fails quickly;
//! - 429, 500, 502, 503, 504 and dropped connections are retried a bounded number of
//!   times ([`RegistryOptions::attempts`]) with exponential backoff (honouring a short `Retry-After`);
//! - redirects (blob downloads often go to a CDN) are followed at most
//!   [`MAX_REDIRECTS`] times, never from HTTPS to HTTP, and credentials are
//!   dropped whenever the host, port or scheme changes.
//!
//! oci-client is used for what it does well and what reads nothing large:
//! the token handshake and pushing. Credentials come from the Docker config and
//! its credential helpers, looked up for the registry's exact `host[:port]` only;
//! extra CAs from a file or Docker's `certs.d/<host>/*.crt`; plain HTTP only when
//! asked for, or for a loopback registry that does not speak TLS (as Docker does).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use oci_client::client::{Certificate, CertificateEncoding, ClientConfig, ClientProtocol};
use oci_client::errors::OciDistributionError;
use oci_client::manifest::OciImageManifest;
use oci_client::{Client, Reference, RegistryOperation};

use crate::package::Artifact;
use crate::reference::{OciRef, validate_digest};

mod copy;
mod docker;
mod error;
mod session;
mod signatures;

pub use copy::{MANIFEST_MEDIA_TYPES, RawManifest};
pub use signatures::Signatures;

pub use error::{ContentError, ManifestError, RegistryError};
use error::{answered_without_tls, classify, error_chain};

use docker::{credentials_for, docker_certs_d};
use session::{Get, Session};

/// How long connecting, and each read, may take by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
/// How long one request may take in all, however steadily data trickles in.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(600);
/// How many times a request is tried by default when the registry fails transiently.
pub const DEFAULT_ATTEMPTS: u32 = 3;
/// The largest manifest or tag-list page accepted (the size the OCI
/// distribution spec asks registries to accept at least).
pub const MAX_DOCUMENT_BYTES: u64 = 4 << 20;
/// The largest config blob accepted.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;
/// The most redirects followed for one request.
pub const MAX_REDIRECTS: usize = 5;
/// The most tags a repository (or repositories a catalog) may list.
pub const MAX_TAGS: usize = 100_000;
/// The longest wait between two attempts, whatever `Retry-After` says.
const MAX_RETRY_DELAY: Duration = Duration::from_secs(10);
/// How kubectl-pkg introduces itself to registries.
const USER_AGENT: &str = concat!("kubectl-pkg/", env!("CARGO_PKG_VERSION"));
/// Manifest media types asked for: image manifests only, never indexes.
const ACCEPT_MANIFESTS: &str = "application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json";

/// How to reach registries.
#[derive(Debug, Clone)]
pub struct RegistryOptions {
    /// Use plain HTTP for every registry (`--plain-http`).
    pub plain_http: bool,
    /// Extra CA certificates (PEM files) to trust (`--registry-ca-file`).
    pub ca_files: Vec<PathBuf>,
    /// Skip TLS verification (`--registry-insecure-skip-tls-verify`). Off by default.
    pub insecure_skip_tls_verify: bool,
    /// The Docker config directory to read credentials and `certs.d` from;
    /// `None`: `$DOCKER_CONFIG`, else `~/.docker`.
    pub docker_config_dir: Option<PathBuf>,
    /// How long connecting, and each read, may take (`--registry-timeout`).
    pub timeout: Duration,
    /// How many times a request is tried when the registry answers 429 or 5xx
    /// or drops the connection; timeouts are never retried.
    pub attempts: u32,
}

impl Default for RegistryOptions {
    fn default() -> Self {
        RegistryOptions {
            plain_http: false,
            ca_files: Vec::new(),
            insecure_skip_tls_verify: false,
            docker_config_dir: None,
            timeout: DEFAULT_TIMEOUT,
            attempts: DEFAULT_ATTEMPTS,
        }
    }
}

/// A pulled image: verified manifest, config and layers.
#[derive(Debug, Clone)]
pub struct PulledImage {
    /// The manifest digest.
    pub digest: String,
    /// The parsed manifest.
    pub manifest: OciImageManifest,
    /// The config blob.
    pub config: Vec<u8>,
    /// The layer blobs, in manifest order.
    pub layers: Vec<Vec<u8>>,
}

/// Talks to OCI registries; one connection pool per registry, reused.
pub struct RegistryClient {
    options: RegistryOptions,
    extra_roots: Vec<Certificate>,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
}

impl std::fmt::Debug for RegistryClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RegistryClient")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl RegistryClient {
    /// Creates a client; CA files are read and parsed now so that a bad file fails early.
    pub fn new(options: RegistryOptions) -> Result<Self, RegistryError> {
        crate::install_crypto_provider();
        let mut extra_roots = Vec::new();
        for path in &options.ca_files {
            let data = std::fs::read(path).map_err(|source| RegistryError::CaFile {
                path: path.clone(),
                source,
            })?;
            match reqwest::Certificate::from_pem_bundle(&data) {
                Ok(bundle) if !bundle.is_empty() => {}
                _ => {
                    return Err(RegistryError::CaFile {
                        path: path.clone(),
                        source: std::io::Error::new(
                            std::io::ErrorKind::InvalidData,
                            "no PEM certificate in the file",
                        ),
                    });
                }
            }
            extra_roots.push(Certificate {
                encoding: CertificateEncoding::Pem,
                data,
            });
        }
        Ok(RegistryClient {
            options,
            extra_roots,
            sessions: Mutex::new(HashMap::new()),
        })
    }

    /// Every tag of a repository (following pagination, at most [`MAX_TAGS`]).
    pub async fn list_tags(&self, repository: &OciRef) -> Result<Vec<String>, RegistryError> {
        let session = self.session(&repository.registry).await?;
        let listing = Listing {
            path: format!("/v2/{}/tags/list", repository.repository),
            key: "tags",
            what: "tag list",
            reference: repository.to_string(),
        };
        listing.read(&session, &repository.repository).await
    }

    /// The repositories of `registry` under the path `prefix` (every one for an
    /// empty prefix), from the catalog endpoint (`/v2/_catalog`, following
    /// pagination). Not every registry offers the catalog: public ones often
    /// answer `Unauthorized` or `NotFound`.
    pub async fn list_repositories(
        &self,
        registry: &str,
        prefix: &str,
    ) -> Result<Vec<String>, RegistryError> {
        let session = self.session(registry).await?;
        let listing = Listing {
            path: "/v2/_catalog".to_string(),
            key: "repositories",
            what: "catalog",
            reference: format!("{registry}/v2/_catalog"),
        };
        let start = match prefix.trim_end_matches('/') {
            "" => String::new(),
            path => format!("{path}/"),
        };
        let mut found = listing.read(&session, "catalog").await?;
        found.retain(|name| name.starts_with(&start));
        found.sort();
        Ok(found)
    }

    /// Resolves a tag to its manifest digest (a digest reference resolves to itself).
    pub async fn resolve_digest(&self, target: &OciRef) -> Result<String, RegistryError> {
        if let Some(digest) = &target.digest {
            validate_digest(digest)
                .map_err(|error| RegistryError::malformed(target.to_string(), "", error))?;
            return Ok(digest.clone());
        }
        self.manifest_digest(target, ACCEPT_MANIFESTS)
            .await?
            .ok_or_else(|| RegistryError::NotFound {
                reference: target.to_string(),
            })
    }

    /// The digest of the manifest `target` names (by tag or digest), of a
    /// media type `accept` lists, looked up with a HEAD request (and a GET
    /// of its bytes when the registry sends no digest header); `None` when
    /// the registry does not have it.
    async fn manifest_digest(
        &self,
        target: &OciRef,
        accept: &'static str,
    ) -> Result<Option<String>, RegistryError> {
        let session = self.session(&target.registry).await?;
        let shown = target.to_string();
        let path = manifest_path(target, &shown)?;
        let request = |head| Get {
            path: path.clone(),
            accept: Some(accept),
            head,
            max_bytes: if head { 0 } else { MAX_DOCUMENT_BYTES },
            what: "manifest",
            reference: &shown,
        };
        let headers = match session.get(&target.repository, request(true)).await {
            Ok((headers, _)) => headers,
            Err(RegistryError::NotFound { .. }) => return Ok(None),
            Err(error) => return Err(error),
        };
        if let Some(digest) = &target.digest {
            return Ok(Some(digest.clone()));
        }
        if let Some(digest) = headers
            .get("docker-content-digest")
            .and_then(|v| v.to_str().ok())
        {
            validate_digest(digest).map_err(|error| {
                RegistryError::malformed(&shown, "the registry announced an invalid digest", error)
            })?;
            return Ok(Some(digest.to_string()));
        }
        // No digest header: the digest is that of the manifest's bytes.
        let (_, body) = session.get(&target.repository, request(false)).await?;
        Ok(Some(crate::package::sha256_digest(&body)))
    }

    /// Pulls an image by digest: the manifest is checked against the digest, each
    /// blob against its own; `max_blob_bytes` caps the config and layers together
    /// (checked against the manifest before anything is downloaded).
    pub async fn pull(
        &self,
        target: &OciRef,
        digest: &str,
        max_blob_bytes: u64,
    ) -> Result<PulledImage, RegistryError> {
        let pinned = target.with_digest(digest);
        let shown = pinned.to_string();
        let invalid = |error: ContentError| RegistryError::malformed(&shown, "", error);
        validate_digest(digest).map_err(|error| invalid(error.into()))?;
        let session = self.session(&target.registry).await?;
        let manifest = Get::manifest(manifest_path(&pinned, &shown)?, &shown);
        let (_, body) = session.get(&target.repository, manifest).await?;
        let actual = crate::package::sha256_digest(&body);
        if actual != digest {
            return Err(RegistryError::DigestMismatch {
                reference: shown,
                expected: digest.to_string(),
                actual,
            });
        }
        let manifest = parse_manifest(&body).map_err(|error| invalid(error.into()))?;
        let declared: u64 = std::iter::once(&manifest.config)
            .chain(&manifest.layers)
            .map(|d| u64::try_from(d.size).unwrap_or(u64::MAX))
            .fold(0, u64::saturating_add);
        if declared > max_blob_bytes {
            return Err(RegistryError::TooLarge {
                reference: shown,
                what: "package (its blobs together)".to_string(),
                limit: max_blob_bytes,
            });
        }
        let config = session
            .blob(target, &manifest.config, "config", MAX_CONFIG_BYTES, &shown)
            .await?;
        let mut layers = Vec::with_capacity(manifest.layers.len());
        for layer in &manifest.layers {
            layers.push(
                session
                    .blob(target, layer, "layer", max_blob_bytes, &shown)
                    .await?,
            );
        }
        Ok(PulledImage {
            digest: actual,
            manifest,
            config,
            layers,
        })
    }

    /// Pushes a package artifact under `target`'s tag; returns the manifest digest.
    pub async fn push(
        &self,
        target: &OciRef,
        artifact: &Artifact,
    ) -> Result<String, RegistryError> {
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
        let manifest: OciImageManifest = serde_json::from_slice(&artifact.manifest)
            .expect("artifact manifests are built by this crate");
        for (data, descriptor) in [
            (&artifact.layer, &manifest.layers[0]),
            (&artifact.config, &manifest.config),
        ] {
            let exists = retrying(attempts, || {
                client.blob_exists(&reference, &descriptor.digest)
            })
            .await
            .map_err(failed)?;
            if !exists {
                retrying(attempts, || {
                    client.push_blob(&reference, data.clone(), &descriptor.digest)
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
        Ok(artifact.digest.clone())
    }

    /// Reads an HTTP(S) URL that is not a registry's (a Helm chart
    /// repository's `index.yaml` or chart archive), with the same trusted
    /// roots (`--registry-ca-file`, Docker's `certs.d`), timeouts and
    /// redirect rules as registry reads, refusing a body over `max_bytes`.
    /// No credentials are sent.
    pub async fn get_url(
        &self,
        url: &str,
        what: &str,
        max_bytes: u64,
    ) -> Result<Vec<u8>, RegistryError> {
        let parsed =
            url::Url::parse(url).map_err(|error| RegistryError::malformed(url, "", error))?;
        let host = match (parsed.host_str(), parsed.port()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_string(),
            (None, _) => {
                return Err(RegistryError::Invalid {
                    reference: url.to_string(),
                    reason: "no host".to_string(),
                });
            }
        };
        let mut roots = self.extra_roots.clone();
        roots.extend(docker_certs_d(
            &host,
            self.options.docker_config_dir.as_deref(),
        ));
        let http = self.build_http(&host, &roots)?;
        let mut response = http.get(url).send().await.map_err(|error| {
            if error.is_timeout() {
                RegistryError::Timeout {
                    registry: host.clone(),
                    seconds: self.options.timeout.as_secs(),
                }
            } else if error.is_redirect() {
                RegistryError::Redirect {
                    reference: url.to_string(),
                    reason: error_chain(&error),
                }
            } else {
                error::connection_failed(&error, &host)
            }
        })?;
        let status = response.status().as_u16();
        match status {
            200..=299 => {}
            404 => {
                return Err(RegistryError::NotFound {
                    reference: url.to_string(),
                });
            }
            401 | 403 => return Err(RegistryError::Unauthorized { registry: host }),
            _ => {
                return Err(RegistryError::Status {
                    reference: url.to_string(),
                    status,
                    attempts: 1,
                });
            }
        }
        let too_large = || RegistryError::TooLarge {
            reference: url.to_string(),
            what: what.to_string(),
            limit: max_bytes,
        };
        if response.content_length().is_some_and(|n| n > max_bytes) {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| RegistryError::Unreachable {
                registry: host.clone(),
                reason: error_chain(&e),
            })?
        {
            if (body.len() + chunk.len()) as u64 > max_bytes {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// The session for a registry, created on first use: its protocol, clients and credentials.
    async fn session(&self, registry: &str) -> Result<Arc<Session>, RegistryError> {
        if let Some(session) = self.sessions.lock().expect("not poisoned").get(registry) {
            return Ok(session.clone());
        }
        let auth = credentials_for(registry, self.options.docker_config_dir.as_deref());
        let mut roots = self.extra_roots.clone();
        roots.extend(docker_certs_d(
            registry,
            self.options.docker_config_dir.as_deref(),
        ));
        let mut plain_http = self.options.plain_http;
        let http = self.build_http(registry, &roots)?;
        // Like Docker with a local registry: try TLS first, fall back to plain
        // HTTP on loopback only, and only when the server answered without TLS.
        if !plain_http {
            match http.get(format!("https://{registry}/v2/")).send().await {
                Err(error) if error.is_timeout() => {
                    return Err(RegistryError::Timeout {
                        registry: registry.to_string(),
                        seconds: self.options.timeout.as_secs(),
                    });
                }
                Err(error)
                    if crate::reference::is_loopback_host(registry)
                        && answered_without_tls(&error) =>
                {
                    plain_http = true;
                }
                // Anything else is reported by the request that needs the registry.
                _ => {}
            }
        }
        let oci = Client::try_from(ClientConfig {
            protocol: if plain_http {
                ClientProtocol::Http
            } else {
                ClientProtocol::Https
            },
            extra_root_certificates: roots,
            accept_invalid_certificates: self.options.insecure_skip_tls_verify,
            connect_timeout: Some(self.options.timeout),
            read_timeout: Some(self.options.timeout),
            platform_resolver: None,
            user_agent: USER_AGENT,
            ..ClientConfig::default()
        })
        .map_err(|e| RegistryError::Tls {
            registry: registry.to_string(),
            reason: error_chain(&e),
        })?;
        let base = format!("{}://{registry}", if plain_http { "http" } else { "https" });
        let session = Arc::new(Session::new(
            registry,
            base,
            (http, oci),
            auth,
            self.options.timeout,
            self.options.attempts,
        ));
        self.sessions
            .lock()
            .expect("not poisoned")
            .insert(registry.to_string(), session.clone());
        Ok(session)
    }

    /// The HTTP client for reads: timeouts, redirect rules and trusted roots.
    fn build_http(
        &self,
        registry: &str,
        roots: &[Certificate],
    ) -> Result<reqwest::Client, RegistryError> {
        let tls = |reason: String| RegistryError::Tls {
            registry: registry.to_string(),
            reason,
        };
        let mut certificates = Vec::new();
        for root in roots {
            certificates.extend(
                reqwest::Certificate::from_pem_bundle(&root.data)
                    .map_err(|e| tls(error_chain(&e)))?,
            );
        }
        reqwest::Client::builder()
            .user_agent(USER_AGENT)
            .connect_timeout(self.options.timeout)
            .read_timeout(self.options.timeout)
            .timeout(REQUEST_DEADLINE)
            .tls_certs_merge(certificates)
            .tls_danger_accept_invalid_certs(self.options.insecure_skip_tls_verify)
            .redirect(reqwest::redirect::Policy::custom(|attempt| {
                let downgrade = attempt.url().scheme() == "http"
                    && attempt
                        .previous()
                        .last()
                        .is_some_and(|previous| previous.scheme() == "https");
                if downgrade {
                    attempt.error("from HTTPS to plain HTTP")
                } else if attempt.previous().len() > MAX_REDIRECTS {
                    attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
                } else {
                    attempt.follow()
                }
            }))
            .build()
            .map_err(|e| tls(error_chain(&e)))
    }
}

/// A paginated listing (`?n=1000&last=…`) of names: a repository's tags, a registry's catalog.
struct Listing {
    /// The endpoint, without query.
    path: String,
    /// The JSON field holding the page's names.
    key: &'static str,
    /// What it is, for errors.
    what: &'static str,
    /// The reference shown in errors.
    reference: String,
}

impl Listing {
    /// Every name, each once, at most [`MAX_TAGS`]. A short page ends the listing,
    /// and so does a page with nothing new (a registry that ignores `last`).
    async fn read(&self, session: &Session, scope: &str) -> Result<Vec<String>, RegistryError> {
        const PAGE: usize = 1000;
        let invalid = |error: serde_json::Error| {
            let what = format!("the {} is not a list of names", self.what);
            RegistryError::malformed(&self.reference, what, error)
        };
        let mut names: Vec<String> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        loop {
            let mut path = format!("{}?n={PAGE}", self.path);
            if let Some(last) = names.last() {
                path.push_str(&format!("&last={}", query_escape(last)));
            }
            let request = Get {
                path,
                accept: None,
                head: false,
                max_bytes: MAX_DOCUMENT_BYTES,
                what: self.what,
                reference: &self.reference,
            };
            let (_, body) = session.get(scope, request).await?;
            let page: serde_json::Value = serde_json::from_slice(&body).map_err(invalid)?;
            let page: Vec<String> = match page.get(self.key) {
                None | Some(serde_json::Value::Null) => Vec::new(),
                Some(list) => serde_json::from_value(list.clone()).map_err(invalid)?,
            };
            let (count, before) = (page.len(), names.len());
            names.extend(page.into_iter().filter(|name| seen.insert(name.clone())));
            if names.len() > MAX_TAGS {
                return Err(RegistryError::TooLarge {
                    reference: self.reference.clone(),
                    what: format!("{} (more than {MAX_TAGS} entries)", self.what),
                    limit: MAX_TAGS as u64,
                });
            }
            if count < PAGE || names.len() == before {
                return Ok(names);
            }
        }
    }
}

impl<'a> Get<'a> {
    /// A GET of the image manifest at `path`, at most [`MAX_DOCUMENT_BYTES`].
    fn manifest(path: String, reference: &'a str) -> Get<'a> {
        Get {
            path,
            accept: Some(ACCEPT_MANIFESTS),
            head: false,
            max_bytes: MAX_DOCUMENT_BYTES,
            what: "manifest",
            reference,
        }
    }
}

/// `/v2/<repository>/manifests/<digest or tag>`, with the tag checked against
/// the OCI tag grammar (it may come from a registry's tag list).
fn manifest_path(target: &OciRef, shown: &str) -> Result<String, RegistryError> {
    let reference = match (&target.digest, &target.tag) {
        (Some(digest), _) => digest.clone(),
        (None, Some(tag)) => tag.clone(),
        (None, None) => "latest".to_string(),
    };
    let valid_tag = reference.len() <= 128
        && reference
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && reference
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
    if target.digest.is_none() && !valid_tag {
        return Err(RegistryError::Invalid {
            reference: shown.to_string(),
            reason: format!("{reference:?} is not a valid tag"),
        });
    }
    Ok(format!("/v2/{}/manifests/{reference}", target.repository))
}

/// Percent-encodes a query value (tags are plain, but the registry chose them).
fn query_escape(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Parses an image manifest; image indexes and other documents are refused.
pub(crate) fn parse_manifest(body: &[u8]) -> Result<OciImageManifest, ManifestError> {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Versioned {
        schema_version: i32,
        #[serde(default)]
        media_type: Option<String>,
    }
    let versioned: Versioned = serde_json::from_slice(body)
        .map_err(|source| ManifestError::NotImageManifest { source })?;
    if versioned.schema_version != 2 {
        return Err(ManifestError::SchemaVersion {
            version: versioned.schema_version,
        });
    }
    match versioned.media_type.as_deref() {
        None
        | Some(crate::package::MANIFEST_MEDIA_TYPE)
        | Some("application/vnd.docker.distribution.manifest.v2+json") => {}
        Some(other) => {
            return Err(ManifestError::NotAPackage {
                media_type: other.to_string(),
            });
        }
    }
    serde_json::from_slice(body).map_err(|source| ManifestError::NotImageManifest { source })
}

/// Runs one push step again after a transient failure (429, 5xx, a connection
/// that failed or timed out), `attempts` times in all with backoff: every step
/// is idempotent (blobs are addressed by digest, the manifest is put under its tag).
async fn retrying<T, Step, Attempt>(
    attempts: u32,
    mut step: Step,
) -> Result<T, OciDistributionError>
where
    Step: FnMut() -> Attempt,
    Attempt: std::future::Future<Output = Result<T, OciDistributionError>>,
{
    let mut attempt = 1;
    loop {
        match step().await {
            Err(error) if attempt < attempts && transient(&error) => {
                let delay = Duration::from_millis(250 << (attempt - 1).min(5));
                tracing::debug!("push: attempt {attempt} failed ({error}); retrying in {delay:?}");
                tokio::time::sleep(delay).await;
                attempt += 1;
            }
            outcome => return outcome,
        }
    }
}

/// Whether a push step may succeed if tried again.
fn transient(error: &OciDistributionError) -> bool {
    match error {
        OciDistributionError::ServerError { code, .. } => {
            matches!(code, 429 | 500 | 502 | 503 | 504)
        }
        OciDistributionError::RequestError(error) => error.is_connect() || error.is_timeout(),
        _ => false,
    }
}

fn manifest_content_type() -> http::HeaderValue {
    http::HeaderValue::from_static(crate::package::MANIFEST_MEDIA_TYPE)
}

fn to_reference(target: &OciRef) -> Reference {
    match (&target.digest, &target.tag) {
        (Some(digest), _) => Reference::with_digest(
            target.registry.clone(),
            target.repository.clone(),
            digest.clone(),
        ),
        (None, Some(tag)) => Reference::with_tag(
            target.registry.clone(),
            target.repository.clone(),
            tag.clone(),
        ),
        (None, None) => Reference::with_tag(
            target.registry.clone(),
            target.repository.clone(),
            "latest".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_from_a_registry_are_checked_before_they_reach_a_url() {
        let target = |tag: &str| OciRef::parse("r.example/pkgs/app").unwrap().with_tag(tag);
        assert_eq!(
            manifest_path(&target("1.0.0_build.1"), "x").unwrap(),
            "/v2/pkgs/app/manifests/1.0.0_build.1"
        );
        for bad in [
            "../../v2/other/manifests/x",
            "a/b",
            "a?b",
            "-a",
            "",
            &"a".repeat(129),
        ] {
            assert!(manifest_path(&target(bad), "x").is_err(), "{bad:?}");
        }
        assert_eq!(query_escape("1.0.0+b&n=1"), "1.0.0%2Bb%26n%3D1");
    }

    #[test]
    fn only_image_manifests_are_packages() {
        let image = br#"{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"a","digest":"sha256:00","size":1},"layers":[]}"#;
        parse_manifest(image).unwrap();
        let index = br#"{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[]}"#;
        assert!(matches!(
            parse_manifest(index).unwrap_err(),
            ManifestError::NotAPackage { .. }
        ));
        let old = br#"{"schemaVersion":1}"#;
        assert!(
            parse_manifest(old)
                .unwrap_err()
                .to_string()
                .contains("schemaVersion 1")
        );
        assert!(parse_manifest(b"<html>").is_err());
    }
}
