//! Registry errors: one enum that names the registry or reference at fault, and
//! the translation of transport and oci-client errors into it.

use std::path::PathBuf;

use oci_client::errors::{OciDistributionError, OciErrorCode};

/// Why a manifest's bytes are not a manifest that is copied or pulled
/// ([`super::RawManifest::parse`], the image manifest of a package).
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    /// Not JSON.
    #[error("not a JSON manifest")]
    NotJson {
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// Neither the document nor the registry says what it is.
    #[error("the manifest has no media type")]
    NoMediaType,
    /// A media type of none of [`super::MANIFEST_MEDIA_TYPES`].
    #[error("unsupported manifest media type {media_type:?}")]
    UnsupportedMediaType {
        /// The media type.
        media_type: String,
    },
    /// Not the JSON of an OCI image manifest.
    #[error("the manifest is not an OCI image manifest")]
    NotImageManifest {
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// A schemaVersion other than 2.
    #[error("unsupported manifest schemaVersion {version}")]
    SchemaVersion {
        /// The schemaVersion.
        version: i32,
    },
    /// An index or another artifact where a package's image manifest was expected.
    #[error(
        "the manifest has media type {media_type:?}: an image index or another kind of artifact, not a package"
    )]
    NotAPackage {
        /// The media type.
        media_type: String,
    },
}

/// Why content a registry served cannot be read: the parser's error, as
/// the source of [`RegistryError::Malformed`].
#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    /// Not the JSON expected.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Not a manifest that is copied or pulled.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// A digest that is not one.
    #[error(transparent)]
    Digest(#[from] crate::reference::DigestError),
    /// The layers of a classic signature manifest.
    #[error(transparent)]
    SigningLayers(#[from] crate::signature::SigningLayersError),
    /// A Sigstore bundle referrer, or the referrers index.
    #[error(transparent)]
    Bundle(#[from] crate::signature::bundle::SigstoreBundleError),
    /// A URL that does not parse.
    #[error(transparent)]
    Url(#[from] url::ParseError),
}

impl RegistryError {
    /// A [`RegistryError::Malformed`] of `reference`: `what` it is not, and
    /// the parser's reason.
    pub fn malformed(
        reference: impl Into<String>,
        what: impl Into<String>,
        source: impl Into<ContentError>,
    ) -> RegistryError {
        RegistryError::Malformed {
            reference: reference.into(),
            what: what.into(),
            source: source.into(),
        }
    }
}

/// What went wrong talking to a registry.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    /// The repository, tag or blob does not exist.
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
    /// The registry could not be reached, or the connection failed.
    #[error("{registry}: cannot connect: {reason}")]
    Unreachable {
        /// The registry host.
        registry: String,
        /// Why.
        reason: String,
    },
    /// The registry's TLS certificate is signed by a CA this machine does
    /// not trust (a private CA, or a self-signed certificate).
    #[error(
        "{registry}: its TLS certificate is signed by an unknown CA ({reason}); trust that CA with {}, or put it in Docker's certs.d/{registry}/ca.crt",
        crate::remedy::Remedy::TrustCa
    )]
    UntrustedCertificate {
        /// The registry host.
        registry: String,
        /// What TLS said.
        reason: String,
    },
    /// The registry did not answer in time.
    #[error(
        "{registry}: no answer within {seconds} s; the registry is down, overloaded or unreachable (the timeout is configurable)"
    )]
    Timeout {
        /// The registry host.
        registry: String,
        /// The timeout, in seconds.
        seconds: u64,
    },
    /// The registry kept failing (429 or 5xx) after every attempt, or answered
    /// with a status that makes no sense for the request.
    #[error("{reference}: the registry answered {status}{}", if *.attempts > 1 { format!(" to all {attempts} attempts", attempts = .attempts) } else { String::new() })]
    Status {
        /// The object fetched.
        reference: String,
        /// The last HTTP status.
        status: u16,
        /// How many attempts were made.
        attempts: u32,
    },
    /// The registry sent, or announced, more bytes than allowed.
    #[error("{reference}: the {what} is larger than the limit of {limit} bytes; refusing it")]
    TooLarge {
        /// The object fetched.
        reference: String,
        /// What it is (manifest, layer, tag list).
        what: String,
        /// The limit.
        limit: u64,
    },
    /// A redirect that is refused (too many, or from HTTPS to HTTP).
    #[error("{reference}: refused a redirect: {reason}")]
    Redirect {
        /// The object fetched.
        reference: String,
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
    /// The TLS settings could not be used (a CA file that is not PEM, say).
    #[error("{registry}: cannot set up TLS: {reason}")]
    Tls {
        /// The registry host.
        registry: String,
        /// Why.
        reason: String,
    },
    /// The registry answered something that is not a package.
    #[error("{reference}: {reason}")]
    Invalid {
        /// The object fetched.
        reference: String,
        /// What is wrong with it, in the library's words.
        reason: String,
    },
    /// What the registry answered (or a reference to it) does not parse
    /// as what was asked for; the parser's reason is the source.
    #[error("{reference}{}", if what.is_empty() { String::new() } else { format!(": {what}") })]
    Malformed {
        /// The object fetched.
        reference: String,
        /// What it is not, or what of it is wrong ("not a referrers
        /// index"); empty when the source says it all.
        what: String,
        /// Why it does not parse.
        #[source]
        source: ContentError,
    },
    /// A local file a blob is read from or written to failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
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

/// Whether a TLS handshake failed because the server answered in plain HTTP
/// (rustls saw a non-TLS record). Certificate errors are not this: a registry
/// that speaks TLS with an untrusted certificate must never be downgraded.
pub(super) fn answered_without_tls(error: &(dyn std::error::Error + 'static)) -> bool {
    tls_error(error).is_some_and(|tls| matches!(tls, rustls::Error::InvalidMessage(_)))
}

/// Whether TLS itself failed (an untrusted certificate, say): trying again will not help.
pub(super) fn certificate_problem(error: &(dyn std::error::Error + 'static)) -> bool {
    tls_error(error).is_some()
}

/// Whether TLS failed because the certificate's issuer is not trusted
/// (`UnknownIssuer`): a CA to trust fixes it, unlike an expired certificate
/// or one for another name.
pub(super) fn unknown_issuer(error: &(dyn std::error::Error + 'static)) -> bool {
    tls_error(error).is_some_and(|tls| {
        matches!(
            tls,
            rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer)
        )
    })
}

/// A connection that failed: [`RegistryError::UntrustedCertificate`] when
/// the certificate's CA is unknown, [`RegistryError::Unreachable`] otherwise.
pub(super) fn connection_failed(
    error: &(dyn std::error::Error + 'static),
    registry: &str,
) -> RegistryError {
    if unknown_issuer(error) {
        RegistryError::UntrustedCertificate {
            registry: registry.to_string(),
            reason: tls_error(error).map_or_else(|| error_chain(error), ToString::to_string),
        }
    } else {
        RegistryError::Unreachable {
            registry: registry.to_string(),
            reason: error_chain(error),
        }
    }
}

/// The rustls error somewhere in an error's chain.
fn tls_error<'a>(error: &'a (dyn std::error::Error + 'static)) -> Option<&'a rustls::Error> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(current) = cause {
        if let Some(tls) = current.downcast_ref::<rustls::Error>() {
            return Some(tls);
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
    None
}

/// Turns oci-client errors into ours, naming the registry and what was fetched.
pub(super) fn classify(
    error: OciDistributionError,
    registry: &str,
    reference: &str,
) -> RegistryError {
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
        // oci-client's own requests (pushing) turn a refusal into a status error.
        OciDistributionError::RequestError(ref e)
            if matches!(e.status().map(|s| s.as_u16()), Some(401 | 403)) =>
        {
            RegistryError::Unauthorized {
                registry: registry.to_string(),
            }
        }
        OciDistributionError::RequestError(ref e)
            if e.is_connect() || e.is_timeout() || e.is_request() =>
        {
            connection_failed(e, registry)
        }
        other => RegistryError::Other {
            reference: reference.to_string(),
            source: other,
        },
    }
}

/// "error sending request: connection refused": the chain, which reqwest hides in its Display.
pub(super) fn error_chain(error: &dyn std::error::Error) -> String {
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
