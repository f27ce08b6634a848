//! What Docker would use for a registry: credentials from its config and
//! credential helpers (looked up for the exact `host[:port]`, nothing else),
//! and CA certificates from `certs.d/<host[:port]>/*.crt`.

use std::path::PathBuf;

use oci_client::client::{Certificate, CertificateEncoding};
use oci_client::secrets::RegistryAuth;

/// Credentials from the Docker config (`config.json` in `dir`, `$DOCKER_CONFIG`
/// or `~/.docker`) and its credential helpers; anonymous when none are configured.
pub(super) fn credentials_for(registry: &str, dir: Option<&std::path::Path>) -> RegistryAuth {
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
pub(super) fn docker_certs_d(registry: &str, dir: Option<&std::path::Path>) -> Vec<Certificate> {
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
