//! The OCI registry client: list tags, resolve and pull by digest, push packages.
//!
//! A thin layer over oci-client that adds what a package manager needs:
//! credentials from the Docker config and its credential helpers; extra CAs
//! (a file, or Docker's `certs.d/<host>/*.crt`); plain HTTP only when asked for
//! or for a loopback registry that does not speak TLS (as Docker does); verified
//! digests for every manifest and blob; and errors that say which registry,
//! which repository and what to do.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use oci_client::client::{Certificate, CertificateEncoding, ClientConfig, ClientProtocol};
use oci_client::errors::{OciDistributionError, OciErrorCode};
use oci_client::manifest::OciImageManifest;
use oci_client::secrets::RegistryAuth;
use oci_client::{Client, Reference, RegistryOperation};

use crate::package::Artifact;
use crate::reference::OciRef;

/// How to reach registries.
#[derive(Debug, Clone, Default)]
pub struct RegistryOptions {
    /// Use plain HTTP for every registry (`--plain-http`).
    pub plain_http: bool,
    /// Extra CA certificates (PEM files) to trust (`--registry-ca-file`).
    pub ca_files: Vec<PathBuf>,
    /// Skip TLS verification (`--insecure-skip-tls-verify` for registries). Off by default.
    pub insecure_skip_tls_verify: bool,
    /// The Docker config directory to read credentials and `certs.d` from;
    /// `None`: `$DOCKER_CONFIG`, else `~/.docker`.
    pub docker_config_dir: Option<PathBuf>,
}

/// What went wrong talking to a registry.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    /// The repository or tag does not exist.
    #[error("{reference}: not found in the registry")]
    NotFound {
        /// What was looked for.
        reference: String,
    },
    /// The registry refused our credentials, or we had none.
    #[error(
        "{registry}: authentication required or refused; log in with `docker login {registry}` (credentials are read from the Docker config and its credential helpers)"
    )]
    Unauthorized {
        /// The registry host.
        registry: String,
    },
    /// Content did not match its digest.
    #[error(
        "{reference}: digest mismatch: expected {expected}, got {actual}; the registry served corrupted or tampered content"
    )]
    DigestMismatch {
        /// The object fetched.
        reference: String,
        /// The digest it should have.
        expected: String,
        /// The digest it had.
        actual: String,
    },
    /// The registry could not be reached.
    #[error("{registry}: cannot connect: {reason}")]
    Unreachable {
        /// The registry host.
        registry: String,
        /// Why.
        reason: String,
    },
    /// A CA file could not be read.
    #[error("{path}: cannot read CA certificate: {source}")]
    CaFile {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The registry answered something that is not a package.
    #[error("{reference}: {reason}")]
    Invalid {
        /// The object fetched.
        reference: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Any other registry error.
    #[error("{reference}: {source}")]
    Other {
        /// The object fetched.
        reference: String,
        /// The client's error.
        source: OciDistributionError,
    },
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

/// Talks to OCI registries; one HTTP client per registry, reused.
pub struct RegistryClient {
    options: RegistryOptions,
    extra_roots: Vec<Certificate>,
    clients: Mutex<HashMap<String, Client>>,
}

impl std::fmt::Debug for RegistryClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RegistryClient")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// How long to wait for a connection, and for any read, before giving up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const READ_TIMEOUT: Duration = Duration::from_secs(30);

impl RegistryClient {
    /// Creates a client; CA files are read now so that a bad path fails early.
    pub fn new(options: RegistryOptions) -> Result<Self, RegistryError> {
        crate::install_crypto_provider();
        let mut extra_roots = Vec::new();
        for path in &options.ca_files {
            let data = std::fs::read(path).map_err(|source| RegistryError::CaFile {
                path: path.clone(),
                source,
            })?;
            extra_roots.push(Certificate {
                encoding: CertificateEncoding::Pem,
                data,
            });
        }
        Ok(RegistryClient {
            options,
            extra_roots,
            clients: Mutex::new(HashMap::new()),
        })
    }

    /// Every tag of a repository (following pagination).
    pub async fn list_tags(&self, repository: &OciRef) -> Result<Vec<String>, RegistryError> {
        let (client, auth) = self.client(&repository.registry).await?;
        let reference = Reference::with_tag(
            repository.registry.clone(),
            repository.repository.clone(),
            "latest".into(),
        );
        let mut tags: Vec<String> = Vec::new();
        loop {
            let page = client
                .list_tags(
                    &reference,
                    &auth,
                    Some(1000),
                    tags.last().map(String::as_str),
                )
                .await
                .map_err(|e| classify(e, &repository.registry, &repository.to_string()))?;
            let count = page.tags.len();
            tags.extend(page.tags);
            if count < 1000 {
                break;
            }
        }
        Ok(tags)
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
        const PAGE: usize = 1000;
        let (client, auth) = self.client(registry).await?;
        let reference =
            Reference::with_tag(registry.to_string(), "catalog".into(), "latest".into());
        let start = match prefix.trim_end_matches('/') {
            "" => String::new(),
            path => format!("{path}/"),
        };
        let mut found = Vec::new();
        let mut last: Option<String> = None;
        loop {
            let page = client
                .catalog(&reference, &auth, Some(PAGE), last.as_deref())
                .await
                .map_err(|e| classify(e, registry, &format!("{registry}/v2/_catalog")))?;
            let count = page.repositories.len();
            last = page.repositories.last().cloned();
            found.extend(
                page.repositories
                    .into_iter()
                    .filter(|name| name.starts_with(&start)),
            );
            if count < PAGE {
                break;
            }
        }
        Ok(found)
    }

    /// Resolves a tag to its manifest digest (a digest reference resolves to itself).
    pub async fn resolve_digest(&self, target: &OciRef) -> Result<String, RegistryError> {
        if let Some(digest) = &target.digest {
            return Ok(digest.clone());
        }
        let (client, auth) = self.client(&target.registry).await?;
        client
            .fetch_manifest_digest(&to_reference(target), &auth)
            .await
            .map_err(|e| classify(e, &target.registry, &target.to_string()))
    }

    /// Pulls an image by digest: the manifest is checked against the digest, each blob against its own.
    pub async fn pull(&self, target: &OciRef, digest: &str) -> Result<PulledImage, RegistryError> {
        let pinned = target.with_digest(digest);
        let shown = pinned.to_string();
        let (client, auth) = self.client(&target.registry).await?;
        let reference = to_reference(&pinned);
        let (manifest, manifest_digest) = client
            .pull_image_manifest(&reference, &auth)
            .await
            .map_err(|e| classify(e, &target.registry, &shown))?;
        if manifest_digest != digest {
            return Err(RegistryError::DigestMismatch {
                reference: shown,
                expected: digest.to_string(),
                actual: manifest_digest,
            });
        }
        let mut config = Vec::new();
        client
            .pull_blob(&reference, &manifest.config, &mut config)
            .await
            .map_err(|e| {
                classify(
                    e,
                    &target.registry,
                    &format!("{shown} (config {})", manifest.config.digest),
                )
            })?;
        let mut layers = Vec::with_capacity(manifest.layers.len());
        for layer in &manifest.layers {
            let mut data = Vec::new();
            client
                .pull_blob(&reference, layer, &mut data)
                .await
                .map_err(|e| {
                    classify(
                        e,
                        &target.registry,
                        &format!("{shown} (layer {})", layer.digest),
                    )
                })?;
            layers.push(data);
        }
        Ok(PulledImage {
            digest: manifest_digest,
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
        let (client, auth) = self.client(&target.registry).await?;
        let reference = to_reference(target);
        client
            .auth(&reference, &auth, RegistryOperation::Push)
            .await
            .map_err(|e| classify(e, &target.registry, &shown))?;
        let manifest: OciImageManifest = serde_json::from_slice(&artifact.manifest)
            .expect("artifact manifests are built by this crate");
        for (data, descriptor) in [
            (&artifact.layer, &manifest.layers[0]),
            (&artifact.config, &manifest.config),
        ] {
            let exists = client
                .blob_exists(&reference, &descriptor.digest)
                .await
                .map_err(|e| classify(e, &target.registry, &shown))?;
            if !exists {
                client
                    .push_blob(&reference, data.clone(), &descriptor.digest)
                    .await
                    .map_err(|e| classify(e, &target.registry, &shown))?;
            }
        }
        client
            .push_manifest_raw(
                &reference,
                artifact.manifest.clone(),
                manifest_content_type(),
            )
            .await
            .map_err(|e| classify(e, &target.registry, &shown))?;
        Ok(artifact.digest.clone())
    }

    /// The client for a registry, created on first use, with its credentials.
    async fn client(&self, registry: &str) -> Result<(Client, RegistryAuth), RegistryError> {
        let auth = credentials_for(registry, self.options.docker_config_dir.as_deref());
        if let Some(client) = self.clients.lock().expect("not poisoned").get(registry) {
            return Ok((client.clone(), auth));
        }
        let loopback = crate::reference::is_loopback_host(registry);
        let protocol = if self.options.plain_http {
            ClientProtocol::Http
        } else {
            ClientProtocol::Https
        };
        let mut client = self.build_client(registry, protocol)?;
        // Like Docker with a local registry: try TLS first, fall back to plain HTTP on loopback only.
        if !self.options.plain_http {
            let probe = Reference::with_tag(
                registry.to_string(),
                "kubectl-pkg-probe".into(),
                "latest".into(),
            );
            if let Err(error) = client.auth(&probe, &auth, RegistryOperation::Pull).await
                && loopback
                && answered_without_tls(&error)
            {
                client = self.build_client(registry, ClientProtocol::Http)?;
            }
        }
        self.clients
            .lock()
            .expect("not poisoned")
            .insert(registry.to_string(), client.clone());
        Ok((client, auth))
    }

    fn build_client(
        &self,
        registry: &str,
        protocol: ClientProtocol,
    ) -> Result<Client, RegistryError> {
        let mut extra_root_certificates = self.extra_roots.clone();
        extra_root_certificates.extend(docker_certs_d(
            registry,
            self.options.docker_config_dir.as_deref(),
        ));
        Ok(Client::new(ClientConfig {
            protocol,
            extra_root_certificates,
            accept_invalid_certificates: self.options.insecure_skip_tls_verify,
            connect_timeout: Some(CONNECT_TIMEOUT),
            read_timeout: Some(READ_TIMEOUT),
            platform_resolver: None,
            user_agent: concat!("kubectl-pkg/", env!("CARGO_PKG_VERSION")),
            ..ClientConfig::default()
        }))
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

/// Credentials from the Docker config (`config.json` in `dir`, `$DOCKER_CONFIG`
/// or `~/.docker`) and its credential helpers; anonymous when none are configured.
fn credentials_for(registry: &str, dir: Option<&std::path::Path>) -> RegistryAuth {
    use docker_credential::{CredentialRetrievalError as E, DockerCredential};
    let credential = match dir {
        Some(dir) => std::fs::File::open(dir.join("config.json"))
            .map_err(|_| E::ConfigReadError)
            .and_then(|file| {
                docker_credential::get_credential_from_reader(
                    std::io::BufReader::new(file),
                    registry,
                )
            }),
        None => docker_credential::get_credential(registry),
    };
    match credential {
        Ok(DockerCredential::UsernamePassword(user, password)) => {
            RegistryAuth::Basic(user, password)
        }
        Ok(DockerCredential::IdentityToken(token)) => RegistryAuth::Bearer(token),
        Err(E::NoCredentialConfigured | E::ConfigNotFound | E::ConfigReadError) => {
            RegistryAuth::Anonymous
        }
        Err(other) => {
            tracing::warn!(
                "{registry}: cannot read credentials from the Docker config ({other}); trying anonymously"
            );
            RegistryAuth::Anonymous
        }
    }
}

/// CA certificates Docker would trust for this registry: `certs.d/<host:port>/*.crt`
/// under `$DOCKER_CONFIG` (or `~/.docker`) and `/etc/docker`.
fn docker_certs_d(registry: &str, dir: Option<&std::path::Path>) -> Vec<Certificate> {
    let mut dirs = Vec::new();
    match dir
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("DOCKER_CONFIG").map(PathBuf::from))
    {
        Some(dir) => dirs.push(dir.join("certs.d")),
        None => {
            if let Some(home) = std::env::var_os("HOME") {
                dirs.push(PathBuf::from(home).join(".docker/certs.d"));
            }
        }
    }
    dirs.push(PathBuf::from("/etc/docker/certs.d"));
    let mut certificates = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir.join(registry)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "crt"))
        {
            if let Ok(data) = std::fs::read(&path) {
                certificates.push(Certificate {
                    encoding: CertificateEncoding::Pem,
                    data,
                });
            }
        }
    }
    certificates
}

/// Whether a TLS handshake failed because the server answered in plain HTTP
/// (rustls saw a non-TLS record). Certificate errors are not this: a registry
/// that speaks TLS with an untrusted certificate must never be downgraded.
fn answered_without_tls(error: &OciDistributionError) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(current) = cause {
        if let Some(tls) = current.downcast_ref::<rustls::Error>() {
            return matches!(tls, rustls::Error::InvalidMessage(_));
        }
        // io::Error hides the error it wraps from source(); look inside it instead.
        cause = match current
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            Some(inner) => Some(inner as &(dyn std::error::Error + 'static)),
            None => current.source(),
        };
    }
    false
}

/// Turns oci-client errors into ours, naming the registry and what was fetched.
fn classify(error: OciDistributionError, registry: &str, reference: &str) -> RegistryError {
    use oci_client::errors::DigestError;
    match error {
        OciDistributionError::DigestError(DigestError::VerificationError { expected, actual }) => {
            RegistryError::DigestMismatch {
                reference: reference.to_string(),
                expected,
                actual,
            }
        }
        OciDistributionError::AuthenticationFailure(_)
        | OciDistributionError::UnauthorizedError { .. } => RegistryError::Unauthorized {
            registry: registry.to_string(),
        },
        OciDistributionError::ImageManifestNotFoundError(_) => RegistryError::NotFound {
            reference: reference.to_string(),
        },
        OciDistributionError::RegistryError { ref envelope, .. } => {
            let codes: Vec<&OciErrorCode> = envelope.errors.iter().map(|e| &e.code).collect();
            if codes
                .iter()
                .any(|c| matches!(c, OciErrorCode::Unauthorized | OciErrorCode::Denied))
            {
                RegistryError::Unauthorized {
                    registry: registry.to_string(),
                }
            } else if codes.iter().any(|c| {
                matches!(
                    c,
                    OciErrorCode::NameUnknown
                        | OciErrorCode::ManifestUnknown
                        | OciErrorCode::BlobUnknown
                )
            }) {
                RegistryError::NotFound {
                    reference: reference.to_string(),
                }
            } else {
                RegistryError::Other {
                    reference: reference.to_string(),
                    source: error,
                }
            }
        }
        OciDistributionError::ServerError {
            code: 401 | 403, ..
        } => RegistryError::Unauthorized {
            registry: registry.to_string(),
        },
        OciDistributionError::ServerError { code: 404, .. } => RegistryError::NotFound {
            reference: reference.to_string(),
        },
        OciDistributionError::RequestError(ref e)
            if e.is_connect() || e.is_timeout() || e.is_request() =>
        {
            RegistryError::Unreachable {
                registry: registry.to_string(),
                reason: error_chain(e),
            }
        }
        other => RegistryError::Other {
            reference: reference.to_string(),
            source: other,
        },
    }
}

/// "error sending request: connection refused": the chain, which reqwest hides in its Display.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut parts = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        source = cause.source();
    }
    parts.join(": ")
}
