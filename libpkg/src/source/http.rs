//! Packages and charts from HTTP(S) archives: `https://HOST/PATH.tgz`.
//!
//! An archive over HTTP is pinned by its sha256, given in advance
//! (`--sha256`, or `#sha256=HEX` on the URL). The download goes through the
//! registry client's HTTP stack (its trusted roots, timeouts, redirect
//! limits, no HTTPS-to-HTTP downgrade), is capped at the package limits'
//! total size, and is checked against the checksum before a byte of it is
//! unpacked. The plan records the URL with the checksum, so a saved plan, a
//! rollback or a second install names exactly these bytes. Without a
//! checksum the download is refused unless the caller allows unverified
//! archives; the plan then pins what was downloaded and warns that nobody
//! vouched for it beforehand.

use sha2::Digest;

use super::{FetchError, FetchRequest, Fetched, local};
use crate::package::Package;
use crate::reference::HttpRef;
use crate::registry::RegistryClient;

/// Why an HTTP archive was refused before it was unpacked.
#[derive(Debug, thiserror::Error)]
pub enum HttpArchiveError {
    /// No checksum was given and unverified archives are not allowed.
    #[error(
        "{url}: an archive read over HTTP must be pinned by its checksum: add {} HEX (or #sha256=HEX to the URL); {} takes whatever the server sends",
        crate::remedy::Setting::Sha256,
        crate::remedy::Setting::AllowUnverified
    )]
    Unpinned {
        /// The archive.
        url: String,
    },
    /// The server sent other bytes than the checksum pins.
    #[error(
        "{url}: the archive's sha256 is {actual}, not the {expected} it is pinned to; nothing was unpacked"
    )]
    ChecksumMismatch {
        /// The archive.
        url: String,
        /// The pinned checksum.
        expected: String,
        /// The checksum of what was downloaded.
        actual: String,
    },
}

/// Downloads, checks and reads the archive `reference` names.
pub(crate) async fn fetch(
    reference: &HttpRef,
    request: &FetchRequest<'_>,
    registry: &RegistryClient,
) -> Result<Fetched, FetchError> {
    if reference.sha256.is_none() && !request.allow_unverified {
        return Err(HttpArchiveError::Unpinned {
            url: reference.url.clone(),
        }
        .into());
    }
    let body = registry
        .get_url(
            &reference.url,
            "package archive",
            request.limits.max_total_bytes,
        )
        .await?;
    let actual = hex::encode(sha2::Sha256::digest(&body));
    if let Some(expected) = &reference.sha256
        && expected != &actual
    {
        return Err(HttpArchiveError::ChecksumMismatch {
            url: reference.url.clone(),
            expected: expected.clone(),
            actual,
        }
        .into());
    }
    let pinned = reference.pinned(&actual).to_string();
    let package = Package::from_archive(&body, &reference.url, &request.limits)?;
    let mut fetched = local(package, &pinned, request)?;
    if reference.sha256.is_none() {
        fetched.source.warnings.push(format!(
            "{}: not checked against a checksum given in advance ({}); the plan pins what was downloaded, sha256 {actual}",
            reference.url,
            crate::remedy::Setting::AllowUnverified
        ));
    }
    Ok(fetched)
}
