//! One registry's session: its base URL, HTTP client and credentials, and the
//! one read path every manifest, tag list and blob goes through (caps, retries
//! with backoff, timeouts, digest checks).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use oci_client::Client;
use oci_client::manifest::OciDescriptor;
use oci_client::secrets::RegistryAuth;

use super::MAX_RETRY_DELAY;
use super::error::{RegistryError, certificate_problem, connection_failed, error_chain};
use crate::reference::{OciRef, validate_digest};

/// The largest token-service answer accepted (tokens are a few kilobytes).
const MAX_TOKEN_BYTES: u64 = 64 << 10;

/// The realm and service of a `Bearer` challenge, if the header has one.
fn bearer_challenge(header: &str) -> Option<(String, Option<String>)> {
    http_auth::parser::ChallengeParser::new(header)
        .filter_map(Result::ok)
        .find(|challenge| challenge.scheme.eq_ignore_ascii_case("Bearer"))
        .and_then(|challenge| {
            let param = |name: &str| {
                challenge
                    .params
                    .iter()
                    .find(|(key, _)| key.eq_ignore_ascii_case(name))
                    .map(|(_, value)| value.to_unescaped())
            };
            Some((param("realm")?, param("service")))
        })
}

/// One registry: where it is, how to reach it, and the credentials for it.
pub(super) struct Session {
    registry: String,
    /// `https://host[:port]` or `http://host[:port]`.
    base: String,
    http: reqwest::Client,
    oci: Client,
    auth: RegistryAuth,
    timeout: Duration,
    attempts: u32,
    /// The credential to send per repository, once the token handshake is done.
    credentials: Mutex<HashMap<String, Credential>>,
}

/// What to send in `Authorization` to this registry (never to another host:
/// reqwest drops it when a redirect changes host, port or scheme).
#[derive(Clone)]
enum Credential {
    Anonymous,
    Basic(String, String),
    Bearer(String),
}

/// One read request.
pub(super) struct Get<'a> {
    /// Path and query below the registry's base URL.
    pub(super) path: String,
    pub(super) accept: Option<&'static str>,
    pub(super) head: bool,
    /// The most body bytes accepted.
    pub(super) max_bytes: u64,
    /// What is fetched, for errors: "manifest", "layer", "tag list".
    pub(super) what: &'a str,
    /// The reference shown in errors.
    pub(super) reference: &'a str,
}

impl Get<'_> {
    /// The reference, and which blob when it is one: `oci://…@sha256:… (layer sha256:…)`.
    fn described(&self) -> String {
        match self.what {
            "manifest" | "tag list" | "catalog" => self.reference.to_string(),
            what => format!("{} ({what})", self.reference),
        }
    }
}

/// Why one attempt failed, and whether another may succeed.
struct Failure {
    error: RegistryError,
    retry: bool,
    retry_after: Option<Duration>,
}

impl Session {
    /// A session for `registry` at `base` (`https://host[:port]`).
    pub(super) fn new(
        registry: &str,
        base: String,
        (http, oci): (reqwest::Client, Client),
        auth: RegistryAuth,
        timeout: Duration,
        attempts: u32,
    ) -> Session {
        Session {
            registry: registry.to_string(),
            base,
            http,
            oci,
            auth,
            timeout,
            attempts: attempts.max(1),
            credentials: Mutex::new(HashMap::new()),
        }
    }

    /// The oci-client client and credentials, for pushing.
    pub(super) fn oci(&self) -> (&Client, &RegistryAuth) {
        (&self.oci, &self.auth)
    }

    /// The credential for reading `repository`, after the token handshake if the registry wants one.
    async fn credential(&self, repository: &str) -> Result<Credential, RegistryError> {
        if let Some(known) = self
            .credentials
            .lock()
            .expect("not poisoned")
            .get(repository)
        {
            return Ok(known.clone());
        }
        let credential = self.handshake(repository).await?;
        self.credentials
            .lock()
            .expect("not poisoned")
            .insert(repository.to_string(), credential.clone());
        Ok(credential)
    }

    /// The distribution spec's token handshake, over the same timed client and
    /// with the same size cap as every read: `/v2/` names the scheme; for
    /// Bearer, the token service its challenge names gets the credentials (as
    /// Docker does, though never over plain HTTP unless the registry itself is)
    /// and answers with a token for reading `repository`.
    async fn handshake(&self, repository: &str) -> Result<Credential, RegistryError> {
        let reference = format!("{}/{repository}", self.registry);
        let basic = match &self.auth {
            RegistryAuth::Basic(user, password) => Some((user, password)),
            _ => None,
        };
        let probe = self
            .http
            .get(format!("{}/v2/", self.base))
            .send()
            .await
            .map_err(|e| self.transport_failure(e, &reference).error)?;
        let challenge = probe
            .headers()
            .get(http::header::WWW_AUTHENTICATE)
            .and_then(|value| value.to_str().ok())
            .and_then(bearer_challenge);
        let Some((realm, service)) = challenge else {
            return Ok(basic.map_or(Credential::Anonymous, |(user, password)| {
                Credential::Basic(user.clone(), password.clone())
            }));
        };
        let invalid = |reason: String| RegistryError::Invalid {
            reference: reference.clone(),
            reason,
        };
        let mut url = reqwest::Url::parse(&realm).map_err(|error| {
            let what = format!("its token service {realm:?} is not a URL");
            RegistryError::malformed(&reference, what, error)
        })?;
        if basic.is_some() && url.scheme() != "https" && self.base.starts_with("https:") {
            return Err(invalid(format!(
                "its token service {realm:?} is not HTTPS; refusing to send credentials to it"
            )));
        }
        url.query_pairs_mut()
            .append_pair("scope", &format!("repository:{repository}:pull"));
        if let Some(service) = &service {
            url.query_pairs_mut().append_pair("service", service);
        }
        let mut request = self.http.get(url);
        if let Some((user, password)) = basic {
            request = request.basic_auth(user, Some(password));
        }
        let what = "token service's answer";
        let response = request
            .send()
            .await
            .map_err(|e| self.transport_failure(e, &reference).error)?;
        match response.status().as_u16() {
            200..=299 => {}
            401 | 403 => {
                return Err(RegistryError::Unauthorized {
                    registry: self.registry.clone(),
                });
            }
            status => {
                return Err(RegistryError::Status {
                    reference: format!("{reference} (token service)"),
                    status,
                    attempts: 1,
                });
            }
        }
        let body = self
            .read_capped(response, &reference, what, MAX_TOKEN_BYTES)
            .await
            .map_err(|failure| failure.error)?;
        #[derive(serde::Deserialize)]
        struct TokenAnswer {
            token: Option<String>,
            access_token: Option<String>,
        }
        let answer: TokenAnswer = serde_json::from_slice(&body).map_err(|error| {
            let what = "its token service's answer is not a token";
            RegistryError::malformed(&reference, what, error)
        })?;
        answer
            .token
            .or(answer.access_token)
            .filter(|token| !token.is_empty())
            .map(Credential::Bearer)
            .ok_or_else(|| invalid("its token service answered without a token".to_string()))
    }

    /// Sends a read request, retrying transient failures with backoff; returns
    /// the headers and the body (empty for HEAD), at most `max_bytes` of it.
    pub(super) async fn get(
        &self,
        repository: &str,
        request: Get<'_>,
    ) -> Result<(http::HeaderMap, Vec<u8>), RegistryError> {
        self.retrying(repository, &request, async |credential| {
            let response = self.send(&request, credential).await?;
            let headers = response.headers().clone();
            if request.head {
                return Ok((headers, Vec::new()));
            }
            let body = self
                .read_capped(response, request.reference, request.what, request.max_bytes)
                .await?;
            Ok((headers, body))
        })
        .await
    }

    /// Sends a read request as [`Session::get`] does and streams the body,
    /// at most `max_bytes` of it, into the file `destination` (rewritten on
    /// each attempt); returns its `sha256:` digest and size.
    pub(super) async fn download(
        &self,
        repository: &str,
        request: Get<'_>,
        destination: &std::path::Path,
    ) -> Result<(String, u64), RegistryError> {
        use sha2::Digest;
        use tokio::io::AsyncWriteExt;
        let io = |source| Failure {
            error: RegistryError::Io {
                path: destination.to_path_buf(),
                source,
            },
            retry: false,
            retry_after: None,
        };
        self.retrying(repository, &request, async |credential| {
            let mut response = self.send(&request, credential).await?;
            let mut file = tokio::fs::File::create(destination).await.map_err(io)?;
            let mut hasher = sha2::Sha256::new();
            let mut size = 0u64;
            while let Some(chunk) = response
                .chunk()
                .await
                .map_err(|e| self.transport_failure(e, request.reference))?
            {
                size += chunk.len() as u64;
                if size > request.max_bytes {
                    return Err(Failure {
                        error: RegistryError::TooLarge {
                            reference: request.reference.to_string(),
                            what: request.what.to_string(),
                            limit: request.max_bytes,
                        },
                        retry: false,
                        retry_after: None,
                    });
                }
                hasher.update(&chunk);
                file.write_all(&chunk).await.map_err(io)?;
            }
            file.flush().await.map_err(io)?;
            Ok((format!("sha256:{}", hex::encode(hasher.finalize())), size))
        })
        .await
    }

    /// Runs `attempt` until it succeeds, fails for good, or the attempts are
    /// spent, waiting with exponential backoff (or `Retry-After`) between.
    async fn retrying<T>(
        &self,
        repository: &str,
        request: &Get<'_>,
        mut attempt_once: impl AsyncFnMut(&Credential) -> Result<T, Failure>,
    ) -> Result<T, RegistryError> {
        let credential = self.credential(repository).await?;
        let mut attempt = 1;
        loop {
            match attempt_once(&credential).await {
                Ok(response) => return Ok(response),
                Err(failure) if failure.retry && attempt < self.attempts => {
                    let backoff = Duration::from_millis(250 << (attempt - 1).min(5));
                    let delay = failure.retry_after.unwrap_or(backoff).min(MAX_RETRY_DELAY);
                    tracing::debug!(
                        "{}: attempt {attempt} failed ({}); retrying in {delay:?}",
                        request.reference,
                        failure.error
                    );
                    tokio::time::sleep(delay).await;
                    attempt += 1;
                }
                Err(failure) => {
                    return Err(match failure.error {
                        RegistryError::Status {
                            reference, status, ..
                        } => RegistryError::Status {
                            reference,
                            status,
                            attempts: attempt,
                        },
                        other => other,
                    });
                }
            }
        }
    }

    /// Sends one request; a response other than 2xx is a failure.
    async fn send(
        &self,
        request: &Get<'_>,
        credential: &Credential,
    ) -> Result<reqwest::Response, Failure> {
        let fatal = |error| Failure {
            error,
            retry: false,
            retry_after: None,
        };
        let url = format!("{}{}", self.base, request.path);
        let mut builder = if request.head {
            self.http.head(&url)
        } else {
            self.http.get(&url)
        };
        if let Some(accept) = request.accept {
            builder = builder.header(http::header::ACCEPT, accept);
        }
        builder = match credential {
            Credential::Anonymous => builder,
            Credential::Basic(user, password) => builder.basic_auth(user, Some(password)),
            Credential::Bearer(token) => builder.bearer_auth(token),
        };
        let response = builder
            .send()
            .await
            .map_err(|e| self.transport_failure(e, request.reference))?;
        let status = response.status().as_u16();
        match status {
            200..=299 => Ok(response),
            401 | 403 => Err(fatal(RegistryError::Unauthorized {
                registry: self.registry.clone(),
            })),
            404 => Err(fatal(RegistryError::NotFound {
                reference: request.described(),
            })),
            _ => {
                let retry_after = response
                    .headers()
                    .get(http::header::RETRY_AFTER)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.trim().parse::<u64>().ok())
                    .map(Duration::from_secs);
                Err(Failure {
                    error: RegistryError::Status {
                        reference: request.described(),
                        status,
                        attempts: 1,
                    },
                    retry: matches!(status, 429 | 500 | 502 | 503 | 504),
                    retry_after,
                })
            }
        }
    }

    /// A response's body, refused as soon as it is known to exceed `max_bytes`.
    async fn read_capped(
        &self,
        mut response: reqwest::Response,
        reference: &str,
        what: &str,
        max_bytes: u64,
    ) -> Result<Vec<u8>, Failure> {
        let too_large = || Failure {
            error: RegistryError::TooLarge {
                reference: reference.to_string(),
                what: what.to_string(),
                limit: max_bytes,
            },
            retry: false,
            retry_after: None,
        };
        if response
            .content_length()
            .is_some_and(|length| length > max_bytes)
        {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| self.transport_failure(e, reference))?
        {
            if (body.len() + chunk.len()) as u64 > max_bytes {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// A blob, at most as large as its descriptor says (and `limit`), checked against its digest.
    pub(super) async fn blob(
        &self,
        target: &OciRef,
        descriptor: &OciDescriptor,
        what: &str,
        limit: u64,
        shown: &str,
    ) -> Result<Vec<u8>, RegistryError> {
        let what = format!("{what} {}", descriptor.digest);
        validate_digest(&descriptor.digest).map_err(|error| {
            RegistryError::malformed(shown, "the manifest lists an invalid digest", error)
        })?;
        let size = u64::try_from(descriptor.size).map_err(|_| RegistryError::Invalid {
            reference: shown.to_string(),
            reason: format!("the manifest gives {what} a negative size"),
        })?;
        if size > limit {
            return Err(RegistryError::TooLarge {
                reference: shown.to_string(),
                what,
                limit,
            });
        }
        let (_, data) = self
            .get(
                &target.repository,
                Get {
                    path: format!("/v2/{}/blobs/{}", target.repository, descriptor.digest),
                    accept: None,
                    head: false,
                    max_bytes: size,
                    what: &what,
                    reference: shown,
                },
            )
            .await?;
        let actual = crate::package::sha256_digest(&data);
        if actual != descriptor.digest || data.len() as u64 != size {
            return Err(RegistryError::DigestMismatch {
                reference: format!("{shown} ({what})"),
                expected: descriptor.digest.clone(),
                actual,
            });
        }
        Ok(data)
    }

    /// Classifies a transport error: timeouts and refused redirects are final,
    /// dropped or refused connections may be retried.
    fn transport_failure(&self, error: reqwest::Error, reference: &str) -> Failure {
        let (error, retry) = if error.is_timeout() {
            (
                RegistryError::Timeout {
                    registry: self.registry.clone(),
                    seconds: self.timeout.as_secs(),
                },
                false,
            )
        } else if error.is_redirect() {
            (
                RegistryError::Redirect {
                    reference: reference.to_string(),
                    reason: error_chain(&error),
                },
                false,
            )
        } else {
            let tls = certificate_problem(&error);
            (connection_failed(&error, &self.registry), !tls)
        };
        Failure {
            error,
            retry,
            retry_after: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::bearer_challenge;

    #[test]
    fn a_bearer_challenge_gives_realm_and_service() {
        let header = r#"Bearer realm="https://auth.example/token",service="registry.example",scope="repository:a/b:pull""#;
        assert_eq!(
            bearer_challenge(header),
            Some((
                "https://auth.example/token".to_string(),
                Some("registry.example".to_string())
            ))
        );
        assert_eq!(
            bearer_challenge(r#"Basic realm="x", Bearer realm="https://t/x""#),
            Some(("https://t/x".to_string(), None))
        );
        assert_eq!(bearer_challenge(r#"Basic realm="registry""#), None);
        assert_eq!(bearer_challenge("Bearer service=\"no-realm\""), None);
    }
}
