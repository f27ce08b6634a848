//! Keyless (Fulcio / Rekor) signatures, verified offline against a trusted
//! root the user supplies (`trusted_root.json`, the Sigstore `TrustedRoot`
//! JSON): no network, no TUF. Pure; used by [`super::verify_all`] for both
//! storage forms (a bundle's `verificationMaterial`, or the classic form's
//! `dev.sigstore.cosign/certificate` and `dev.sigstore.cosign/bundle`
//! annotations).
//!
//! A keyless signature verifies when, in this order:
//! 1. the transparency-log entry is one of a log the trusted root names
//!    (its `logId` is the log's key id) and the log vouches for it: its
//!    SignedEntryTimestamp (ECDSA over the canonical JSON of `body`,
//!    `integratedTime`, `logID`, `logIndex`) verifies with the log's key, or
//!    an RFC 9162 inclusion proof leads to a root hash that a checkpoint
//!    (a signed note) signed by the log's key names;
//! 2. the entry's body (`hashedrekord` or `dsse`, v0.0.1) names this
//!    signature, this certificate and the hash of what was signed;
//! 3. the integrated time lies inside the log key's validity, the
//!    certificate's validity, and that of each certificate of a Fulcio chain
//!    in the trusted root that the certificate chains to (signatures
//!    checked up to its self-signed root);
//! 4. the artifact signature verifies with the certificate's key (checked by
//!    the caller, which knows what was signed);
//! 5. the certificate's identity (its SAN: e-mail or URI) and OIDC issuer
//!    (extension 1.3.6.1.4.1.57264.1.8, or the deprecated .1.1) match an
//!    [`IdentityRule`]: exact strings, or regular expressions matched as
//!    cosign's `--certificate-identity-regexp` matches them (Go's
//!    `MatchString`: anywhere in the value unless anchored with `^…$`).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use x509_parser::prelude::*;

use crate::keys::PublicKey;

/// The OIDC issuer extension (DER UTF8String).
pub const ISSUER_OID: &str = "1.3.6.1.4.1.57264.1.8";
/// The deprecated OIDC issuer extension (raw string).
pub const ISSUER_V1_OID: &str = "1.3.6.1.4.1.57264.1.1";
/// The largest trusted root read.
pub const MAX_TRUSTED_ROOT_BYTES: usize = 1 << 20;

/// Who may sign, as a policy says it: an issuer and a subject, each exact
/// or a regular expression (one of each pair).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IdentityRule {
    /// The OIDC issuer, exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// The OIDC issuer, as a regular expression.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer_regexp: Option<String>,
    /// The certificate's identity (SAN e-mail or URI), exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// The certificate's identity, as a regular expression.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject_regexp: Option<String>,
}

/// Why an identity rule cannot be used.
#[derive(Debug, Clone, thiserror::Error)]
pub enum IdentityError {
    /// Not `ISSUER=SUBJECT`, both sides given.
    #[error("{text:?} is not ISSUER=SUBJECT")]
    NotIssuerSubject {
        /// What was read.
        text: String,
    },
    /// A side's regular expression does not compile.
    #[error("{what}Regexp {pattern:?}: {source}")]
    Regexp {
        /// `issuer` or `subject`.
        what: &'static str,
        /// The expression.
        pattern: String,
        /// The regex crate's reason.
        source: regex::Error,
    },
    /// A side given both exactly and as an expression, or not at all.
    #[error("an identity needs exactly one of {what} and {what}Regexp")]
    NotExactlyOne {
        /// `issuer` or `subject`.
        what: &'static str,
    },
}

/// Why a `trusted_root.json` cannot be used ([`TrustedRoot::from_json`]).
#[derive(Debug, thiserror::Error)]
pub enum TrustedRootError {
    /// More than [`MAX_TRUSTED_ROOT_BYTES`].
    #[error("{size} bytes, more than the {MAX_TRUSTED_ROOT_BYTES} accepted")]
    TooLarge {
        /// Its size.
        size: usize,
    },
    /// Not the JSON of a trusted root.
    #[error("not a Sigstore trusted root: {source}")]
    Syntax {
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// A validity time that is not RFC 3339.
    #[error("{text:?} is not an RFC 3339 time")]
    Time {
        /// What was read.
        text: String,
    },
    /// A certificate's bytes that are not base64.
    #[error(transparent)]
    RawBytes(#[from] super::bundle::SigstoreBundleError),
    /// A certificate authority's certificate that does not parse.
    #[error("{name}: not a certificate: {source}")]
    Certificate {
        /// The authority, by position and URI.
        name: String,
        /// The X.509 parser's reason.
        source: x509_parser::nom::Err<X509Error>,
    },
    /// A certificate authority without certificates.
    #[error("{name} has no certificate")]
    NoCertificate {
        /// The authority, by position and URI.
        name: String,
    },
    /// A log's key that is not base64.
    #[error("{name}: its key is not base64: {source}")]
    LogKey {
        /// The log, by position and URL.
        name: String,
        /// The decoder's reason.
        source: base64::DecodeError,
    },
    /// A log's id that is not base64.
    #[error("{name}: its log id is not base64: {source}")]
    LogId {
        /// The log, by position and URL.
        name: String,
        /// The decoder's reason.
        source: base64::DecodeError,
    },
    /// No certificate authority, or no log with a P-256 key.
    #[error(
        "a trusted root for keyless signatures needs at least one certificate authority and one transparency log with an ECDSA P-256 key"
    )]
    Incomplete,
}

/// Why a signing certificate's key cannot be read ([`certificate_key`]).
#[derive(Debug, thiserror::Error)]
pub enum CertificateKeyError {
    /// Not an X.509 certificate.
    #[error("not a certificate: {source}")]
    NotACertificate {
        /// The X.509 parser's reason.
        source: x509_parser::nom::Err<X509Error>,
    },
    /// A key other than ECDSA P-256.
    #[error("the signing certificate's key: not an ECDSA P-256 public key")]
    NotP256,
}

/// Why a transparency-log entry cannot be read ([`LogEntry::from_bundle`],
/// [`LogEntry::from_annotation`]).
#[derive(Debug, thiserror::Error)]
pub enum LogEntryError {
    /// A field of a bundle's entry that is not base64.
    #[error("the log entry's {what} is not base64: {source}")]
    Base64 {
        /// The field.
        what: &'static str,
        /// The decoder's reason.
        source: base64::DecodeError,
    },
    /// The annotation is not the JSON cosign writes.
    #[error("the cosign bundle annotation is malformed: {source}")]
    Annotation {
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// A field of the annotation that is not base64.
    #[error("the cosign bundle annotation's {what} is not base64: {source}")]
    AnnotationBase64 {
        /// The field.
        what: &'static str,
        /// The decoder's reason.
        source: base64::DecodeError,
    },
    /// The annotation's log id is not hex.
    #[error("the cosign bundle annotation's logID is not hex: {source}")]
    AnnotationLogId {
        /// The decoder's reason.
        source: hex::FromHexError,
    },
}

/// Why a keyless signature does not verify ([`verify()`]): for people.
#[derive(Debug, thiserror::Error)]
pub enum KeylessError {
    /// The entry's log is not in the trusted root.
    #[error("its log entry {index} is from the log {log_id}, which the trusted root does not name")]
    UnknownLog {
        /// The entry's index.
        index: i64,
        /// The log's id, hex.
        log_id: String,
    },
    /// The log's key was not valid when the entry was integrated.
    #[error("{log}'s key was not valid at the entry's integrated time {time}")]
    LogKeyNotValid {
        /// The log.
        log: String,
        /// The integrated time (RFC 3339).
        time: String,
    },
    /// The SignedEntryTimestamp is not the log's signature.
    #[error("the SignedEntryTimestamp of log entry {index} does not verify with {log}'s key")]
    SignedEntryTimestamp {
        /// The entry's index.
        index: i64,
        /// The log.
        log: String,
    },
    /// The inclusion proof does not hold.
    #[error("log entry {index}: {reason}")]
    Inclusion {
        /// The entry's index.
        index: i64,
        /// What is wrong with it.
        reason: InclusionError,
    },
    /// Nothing vouches for the entry.
    #[error("log entry {index} has neither a SignedEntryTimestamp nor an inclusion proof")]
    Unvouched {
        /// The entry's index.
        index: i64,
    },
    /// The entry is about another signature, certificate or artifact.
    #[error("log entry {index}: {reason}")]
    Body {
        /// The entry's index.
        index: i64,
        /// What is wrong with its body.
        reason: BodyError,
    },
    /// The signing certificate does not parse.
    #[error("the signing certificate is not a certificate: {source}")]
    NotACertificate {
        /// The X.509 parser's reason.
        source: x509_parser::nom::Err<X509Error>,
    },
    /// The integrated time is not a certificate time.
    #[error("integrated time {time}: {source}")]
    Time {
        /// Unix seconds.
        time: i64,
        /// The X.509 library's reason.
        source: X509Error,
    },
    /// The certificate was not valid at the integrated time.
    #[error(
        "the signing certificate was not valid at the log's integrated time {time} (valid {not_before} to {not_after})"
    )]
    CertificateNotValid {
        /// The integrated time (RFC 3339).
        time: String,
        /// Its validity's start.
        not_before: String,
        /// Its validity's end.
        not_after: String,
    },
    /// The certificate chains to no trusted certificate authority.
    #[error(
        "the signing certificate (issued by {issuer}) does not chain to a certificate authority of the trusted root at {time}: {}",
        .reasons.join("; ")
    )]
    Unchained {
        /// The certificate's issuer.
        issuer: String,
        /// The integrated time (RFC 3339).
        time: String,
        /// Why each authority refused it, `NAME: REASON`.
        reasons: Vec<String>,
    },
    /// The certificate has no SAN e-mail or URI.
    #[error("the signing certificate names no identity (no SAN e-mail or URI)")]
    NoIdentity,
    /// The OIDC issuer extension does not parse.
    #[error("the OIDC issuer extension is not DER")]
    IssuerNotDer {
        /// The DER parser's reason.
        source: x509_parser::nom::Err<x509_parser::der_parser::error::BerError>,
    },
    /// The OIDC issuer extension is not a string.
    #[error("the OIDC issuer extension is not a string")]
    IssuerNotString {
        /// The DER parser's reason.
        source: x509_parser::der_parser::error::BerError,
    },
    /// The certificate has no OIDC issuer.
    #[error("the signing certificate names no OIDC issuer (no Fulcio issuer extension)")]
    NoIssuer,
    /// Another identity than the policy trusts.
    #[error(
        "the certificate's identity is {subject} (issuer {issuer}), not {}",
        .expected.join(" or ")
    )]
    WrongIdentity {
        /// The certificate's identity.
        subject: String,
        /// Its OIDC issuer.
        issuer: String,
        /// The identities trusted.
        expected: Vec<String>,
    },
}

/// Why a log entry's body is not about what was signed.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    /// Not JSON.
    #[error("its body is not JSON: {source}")]
    NotJson {
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// A kind other than `hashedrekord` or `dsse` 0.0.1.
    #[error(
        "its body is of kind {kind:?} version {version:?}; hashedrekord and dsse 0.0.1 are read"
    )]
    Kind {
        /// The kind.
        kind: String,
        /// The version, when given.
        version: Option<String>,
    },
    /// About another hash.
    #[error("its body is about sha256:{hash}, not what was signed (sha256:{expected})")]
    OtherHash {
        /// The hash it names.
        hash: String,
        /// The hash of what was signed.
        expected: String,
    },
    /// About another signature or certificate.
    #[error("its body names another signature or certificate")]
    OtherSignature,
}

/// Why an inclusion proof does not hold.
#[derive(Debug, thiserror::Error)]
pub enum InclusionError {
    /// `rootHash` is not base64.
    #[error("rootHash is not base64: {source}")]
    RootHash {
        /// The decoder's reason.
        source: base64::DecodeError,
    },
    /// The index lies outside the tree.
    #[error("index {index} outside a tree of {size}")]
    Index {
        /// The entry's index.
        index: i64,
        /// The tree's size.
        size: i64,
    },
    /// A proof hash that is not base64.
    #[error("a proof hash is not base64: {source}")]
    Hash {
        /// The decoder's reason.
        source: base64::DecodeError,
    },
    /// More hashes than the tree has levels.
    #[error("the inclusion proof is too long")]
    TooLong,
    /// The hashes lead to another root.
    #[error("the inclusion proof does not lead to its root hash")]
    OtherRoot,
    /// The checkpoint is not a signed note.
    #[error("the checkpoint is not a signed note")]
    NotANote,
    /// The checkpoint names another tree.
    #[error("the checkpoint names another tree than the inclusion proof")]
    OtherTree,
    /// The checkpoint is not signed by the log.
    #[error("the checkpoint is not signed by the log's key")]
    Unsigned,
}

impl IdentityRule {
    /// `ISSUER=SUBJECT` (`--verify-identity`); with `regexp`, both sides are
    /// regular expressions (`--verify-identity-regexp`).
    pub fn parse(text: &str, regexp: bool) -> Result<IdentityRule, IdentityError> {
        let (issuer, subject) = text
            .split_once('=')
            .filter(|(i, s)| !i.is_empty() && !s.is_empty())
            .ok_or_else(|| IdentityError::NotIssuerSubject {
                text: text.to_string(),
            })?;
        let rule = if regexp {
            IdentityRule {
                issuer_regexp: Some(issuer.to_string()),
                subject_regexp: Some(subject.to_string()),
                ..Default::default()
            }
        } else {
            IdentityRule {
                issuer: Some(issuer.to_string()),
                subject: Some(subject.to_string()),
                ..Default::default()
            }
        };
        rule.matcher()?;
        Ok(rule)
    }

    /// The rule compiled.
    pub fn matcher(&self) -> Result<IdentityMatcher, IdentityError> {
        let side = |what: &'static str, exact: &Option<String>, pattern: &Option<String>| match (
            exact, pattern,
        ) {
            (Some(exact), None) => Ok(Matcher::Exact(exact.clone())),
            (None, Some(pattern)) => {
                regex::Regex::new(pattern)
                    .map(Matcher::Regexp)
                    .map_err(|source| IdentityError::Regexp {
                        what,
                        pattern: pattern.clone(),
                        source,
                    })
            }
            _ => Err(IdentityError::NotExactlyOne { what }),
        };
        Ok(IdentityMatcher {
            issuer: side("issuer", &self.issuer, &self.issuer_regexp)?,
            subject: side("subject", &self.subject, &self.subject_regexp)?,
        })
    }
}

impl std::fmt::Display for IdentityRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |exact: &Option<String>, pattern: &Option<String>| match (exact, pattern) {
            (Some(exact), _) => exact.clone(),
            (_, Some(pattern)) => format!("~{pattern}"),
            _ => "?".to_string(),
        };
        write!(
            f,
            "{}={}",
            side(&self.issuer, &self.issuer_regexp),
            side(&self.subject, &self.subject_regexp)
        )
    }
}

/// One side of an identity rule.
#[derive(Debug, Clone)]
pub enum Matcher {
    /// The whole value.
    Exact(String),
    /// Anywhere in the value, as Go's `regexp.MatchString` (cosign).
    Regexp(regex::Regex),
}

impl Matcher {
    fn matches(&self, value: &str) -> bool {
        match self {
            Matcher::Exact(exact) => exact == value,
            Matcher::Regexp(pattern) => pattern.is_match(value),
        }
    }
}

/// A compiled [`IdentityRule`].
#[derive(Debug, Clone)]
pub struct IdentityMatcher {
    issuer: Matcher,
    subject: Matcher,
}

impl IdentityMatcher {
    /// Whether a certificate of `issuer` and `subject` matches.
    pub fn matches(&self, issuer: &str, subject: &str) -> bool {
        self.issuer.matches(issuer) && self.subject.matches(subject)
    }
}

/// A time window, Unix seconds; no end is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window {
    start: i64,
    end: Option<i64>,
}

impl Window {
    fn contains(&self, time: i64) -> bool {
        self.start <= time && self.end.is_none_or(|end| time <= end)
    }
}

/// A Fulcio CA of the trusted root: its chain, intermediate first, root last.
#[derive(Debug, Clone)]
struct CertificateAuthority {
    name: String,
    chain: Vec<Vec<u8>>,
    valid: Window,
}

/// A transparency log of the trusted root.
#[derive(Debug, Clone)]
struct Log {
    name: String,
    key_id: Vec<u8>,
    key: PublicKey,
    valid: Window,
}

/// The trusted root: the Fulcio CAs and Rekor logs keyless signatures are
/// checked against.
#[derive(Debug, Clone)]
pub struct TrustedRoot {
    authorities: Vec<CertificateAuthority>,
    logs: Vec<Log>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RootFile {
    #[serde(default)]
    certificate_authorities: Vec<RootAuthority>,
    #[serde(default)]
    tlogs: Vec<RootLog>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RootAuthority {
    #[serde(default)]
    uri: String,
    cert_chain: RootChain,
    valid_for: RootWindow,
}

#[derive(Deserialize)]
struct RootChain {
    certificates: Vec<super::bundle::RawBytes>,
}

#[derive(Deserialize)]
struct RootWindow {
    start: String,
    #[serde(default)]
    end: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RootLog {
    #[serde(default)]
    base_url: String,
    public_key: RootKey,
    log_id: super::bundle::LogId,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RootKey {
    raw_bytes: String,
    valid_for: RootWindow,
}

/// `2021-01-12T11:53:27.000Z` (RFC 3339, UTC or an offset) → Unix seconds.
fn parse_time(text: &str) -> Result<i64, TrustedRootError> {
    let bad = || TrustedRootError::Time {
        text: text.to_string(),
    };
    let (date, rest) = text.split_once('T').ok_or_else(bad)?;
    let mut parts = date.split('-');
    let number = |s: Option<&str>| s.and_then(|s| s.parse::<i32>().ok()).ok_or_else(bad);
    let (year, month, day) = (
        number(parts.next())?,
        number(parts.next())?,
        number(parts.next())?,
    );
    let (clock, offset) = if let Some(clock) = rest.strip_suffix('Z') {
        (clock, 0)
    } else {
        let at = rest.rfind(['+', '-']).ok_or_else(bad)?;
        let (clock, zone) = rest.split_at(at);
        let sign = if zone.starts_with('-') { -1 } else { 1 };
        let (h, m) = zone[1..].split_once(':').ok_or_else(bad)?;
        let minutes =
            h.parse::<i64>().map_err(|_| bad())? * 60 + m.parse::<i64>().map_err(|_| bad())?;
        (clock, sign * minutes * 60)
    };
    let clock = clock.split('.').next().unwrap_or_default();
    let mut fields = clock.split(':');
    let mut field = || {
        fields
            .next()
            .and_then(|s| s.parse::<u8>().ok())
            .ok_or_else(bad)
    };
    let (hour, minute, second) = (field()?, field()?, field()?);
    let month =
        ::time::Month::try_from(u8::try_from(month).map_err(|_| bad())?).map_err(|_| bad())?;
    let date = ::time::Date::from_calendar_date(year, month, u8::try_from(day).map_err(|_| bad())?)
        .map_err(|_| bad())?;
    let time = ::time::Time::from_hms(hour, minute, second).map_err(|_| bad())?;
    Ok(::time::PrimitiveDateTime::new(date, time)
        .assume_utc()
        .unix_timestamp()
        - offset)
}

/// Unix seconds → `2026-11-25T21:00:00Z`.
pub fn format_time(seconds: i64) -> String {
    match ::time::OffsetDateTime::from_unix_timestamp(seconds) {
        Ok(t) => format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            t.year(),
            u8::from(t.month()),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        ),
        Err(_) => seconds.to_string(),
    }
}

impl TrustedRoot {
    /// Reads a `trusted_root.json` (the Sigstore `TrustedRoot` JSON). Its
    /// CA certificates and log keys are parsed here: logs whose keys are not
    /// ECDSA P-256 (Rekor v2's Ed25519 logs) are left out; CT logs and
    /// timestamp authorities are not used.
    pub fn from_json(text: &str) -> Result<TrustedRoot, TrustedRootError> {
        if text.len() > MAX_TRUSTED_ROOT_BYTES {
            return Err(TrustedRootError::TooLarge { size: text.len() });
        }
        let file: RootFile =
            serde_json::from_str(text).map_err(|source| TrustedRootError::Syntax { source })?;
        let window = |w: &RootWindow| -> Result<Window, TrustedRootError> {
            Ok(Window {
                start: parse_time(&w.start)?,
                end: w.end.as_deref().map(parse_time).transpose()?,
            })
        };
        let mut authorities = Vec::new();
        for (index, ca) in file.certificate_authorities.iter().enumerate() {
            let name = format!("certificate authority {} ({})", index + 1, ca.uri);
            let chain = ca
                .cert_chain
                .certificates
                .iter()
                .map(|c| {
                    let der = c.decode()?;
                    X509Certificate::from_der(&der).map_err(|source| {
                        TrustedRootError::Certificate {
                            name: name.clone(),
                            source,
                        }
                    })?;
                    Ok(der)
                })
                .collect::<Result<Vec<_>, TrustedRootError>>()?;
            if chain.is_empty() {
                return Err(TrustedRootError::NoCertificate { name });
            }
            authorities.push(CertificateAuthority {
                name,
                chain,
                valid: window(&ca.valid_for)?,
            });
        }
        let mut logs = Vec::new();
        for (index, log) in file.tlogs.iter().enumerate() {
            let name = format!("transparency log {} ({})", index + 1, log.base_url);
            let der = BASE64
                .decode(log.public_key.raw_bytes.trim())
                .map_err(|source| TrustedRootError::LogKey {
                    name: name.clone(),
                    source,
                })?;
            // Logs with other keys (Rekor v2's Ed25519) are left out: their
            // entries are refused as from a log the root does not name.
            let Some(key) = public_key_from_spki(&der) else {
                continue;
            };
            let key_id = BASE64.decode(log.log_id.key_id.trim()).map_err(|source| {
                TrustedRootError::LogId {
                    name: name.clone(),
                    source,
                }
            })?;
            logs.push(Log {
                name,
                key_id,
                key,
                valid: window(&log.public_key.valid_for)?,
            });
        }
        if authorities.is_empty() || logs.is_empty() {
            return Err(TrustedRootError::Incomplete);
        }
        Ok(TrustedRoot { authorities, logs })
    }
}

/// A P-256 key from its SubjectPublicKeyInfo DER; `None` for another key.
fn public_key_from_spki(der: &[u8]) -> Option<PublicKey> {
    use p256::pkcs8::DecodePublicKey as _;
    p256::ecdsa::VerifyingKey::from_public_key_der(der)
        .map(PublicKey::from)
        .ok()
}

/// The key of a certificate (P-256: what cosign and Fulcio use for signing).
pub fn certificate_key(der: &[u8]) -> Result<PublicKey, CertificateKeyError> {
    let (_, certificate) = X509Certificate::from_der(der)
        .map_err(|source| CertificateKeyError::NotACertificate { source })?;
    public_key_from_spki(certificate.public_key().raw).ok_or(CertificateKeyError::NotP256)
}

/// What a transparency-log entry claims, as either form carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    /// The body, as the log canonicalized it (the bytes, not base64).
    pub body: Vec<u8>,
    /// Unix seconds.
    pub integrated_time: i64,
    /// The entry's index.
    pub log_index: i64,
    /// The log's key id (bytes).
    pub log_id: Vec<u8>,
    /// The SignedEntryTimestamp (DER), if any.
    pub signed_entry_timestamp: Option<Vec<u8>>,
    /// The inclusion proof, if any.
    pub inclusion_proof: Option<super::bundle::InclusionProof>,
}

impl LogEntry {
    /// An entry of a bundle's `tlogEntries`.
    pub fn from_bundle(entry: &super::bundle::TlogEntry) -> Result<LogEntry, LogEntryError> {
        let decode = |what: &'static str, text: &str| {
            BASE64
                .decode(text.trim())
                .map_err(|source| LogEntryError::Base64 { what, source })
        };
        Ok(LogEntry {
            body: decode("body", &entry.canonicalized_body)?,
            integrated_time: entry.integrated_time,
            log_index: entry.log_index,
            log_id: decode("logId", &entry.log_id.key_id)?,
            signed_entry_timestamp: entry
                .inclusion_promise
                .as_ref()
                .map(|p| decode("SignedEntryTimestamp", &p.signed_entry_timestamp))
                .transpose()?,
            inclusion_proof: entry.inclusion_proof.clone(),
        })
    }

    /// The classic form's `dev.sigstore.cosign/bundle` annotation:
    /// `{"SignedEntryTimestamp", "Payload": {"body", "integratedTime",
    /// "logIndex", "logID"}}`.
    pub fn from_annotation(text: &str) -> Result<LogEntry, LogEntryError> {
        #[derive(Deserialize)]
        #[serde(rename_all = "PascalCase")]
        struct Annotation {
            signed_entry_timestamp: String,
            payload: AnnotationPayload,
        }
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct AnnotationPayload {
            body: String,
            integrated_time: i64,
            log_index: i64,
            #[serde(rename = "logID")]
            log_id: String,
        }
        let annotation: Annotation =
            serde_json::from_str(text).map_err(|source| LogEntryError::Annotation { source })?;
        let decode = |what: &'static str, text: &str| {
            BASE64
                .decode(text.trim())
                .map_err(|source| LogEntryError::AnnotationBase64 { what, source })
        };
        Ok(LogEntry {
            body: decode("body", &annotation.payload.body)?,
            integrated_time: annotation.payload.integrated_time,
            log_index: annotation.payload.log_index,
            log_id: hex::decode(&annotation.payload.log_id)
                .map_err(|source| LogEntryError::AnnotationLogId { source })?,
            signed_entry_timestamp: Some(decode(
                "SignedEntryTimestamp",
                &annotation.signed_entry_timestamp,
            )?),
            inclusion_proof: None,
        })
    }

    /// What a SignedEntryTimestamp signs: the canonical JSON of the entry.
    pub fn signed_entry_timestamp_payload(&self) -> Vec<u8> {
        let text = |s: &str| serde_json::to_string(s).expect("a string serializes");
        format!(
            r#"{{"body":{},"integratedTime":{},"logID":{},"logIndex":{}}}"#,
            text(&BASE64.encode(&self.body)),
            self.integrated_time,
            text(&hex::encode(&self.log_id)),
            self.log_index
        )
        .into_bytes()
    }
}

/// What a keyless verification established: recorded in the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateIdentity {
    /// The certificate's identity (SAN e-mail or URI).
    pub identity: String,
    /// Its OIDC issuer.
    pub issuer: String,
    /// The transparency-log entry's index.
    pub log_index: i64,
    /// When the log integrated it (RFC 3339, UTC).
    pub integrated_time: String,
}

/// What the log entry's body must name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected<'a> {
    /// The artifact signature (DER).
    pub signature: &'a [u8],
    /// The hex SHA-256 of what was signed (the payload; for a message
    /// signature, the message digest).
    pub hash: &'a str,
}

/// Verifies a keyless signature's certificate `leaf` (DER) and log entry
/// against `root`, and its identity against `identities` (see the module
/// docs; the caller has verified the artifact signature with the leaf's
/// key). Errors say what is wrong, for people.
pub fn verify(
    root: &TrustedRoot,
    identities: &[(IdentityRule, IdentityMatcher)],
    leaf: &[u8],
    entry: &LogEntry,
    expected: &Expected<'_>,
) -> Result<CertificateIdentity, KeylessError> {
    let time = entry.integrated_time;
    let shown_time = format_time(time);
    // 1. The log vouches for the entry.
    let log = root
        .logs
        .iter()
        .find(|log| log.key_id == entry.log_id)
        .ok_or_else(|| KeylessError::UnknownLog {
            index: entry.log_index,
            log_id: hex::encode(&entry.log_id),
        })?;
    if !log.valid.contains(time) {
        return Err(KeylessError::LogKeyNotValid {
            log: log.name.clone(),
            time: shown_time,
        });
    }
    let mut vouched = Vec::new();
    if let Some(set) = &entry.signed_entry_timestamp {
        if log
            .key
            .verifies(&entry.signed_entry_timestamp_payload(), set)
        {
            vouched.push("SignedEntryTimestamp");
        } else {
            return Err(KeylessError::SignedEntryTimestamp {
                index: entry.log_index,
                log: log.name.clone(),
            });
        }
    }
    if let Some(proof) = &entry.inclusion_proof {
        verify_inclusion(&log.key, &entry.body, proof).map_err(|reason| {
            KeylessError::Inclusion {
                index: entry.log_index,
                reason,
            }
        })?;
        vouched.push("inclusion proof");
    }
    if vouched.is_empty() {
        return Err(KeylessError::Unvouched {
            index: entry.log_index,
        });
    }
    // 2. The entry is about this signature, certificate and artifact.
    check_body(&entry.body, leaf, expected).map_err(|reason| KeylessError::Body {
        index: entry.log_index,
        reason,
    })?;
    // 3. The certificate, valid then, chains to a trusted CA valid then.
    let (_, certificate) = X509Certificate::from_der(leaf)
        .map_err(|source| KeylessError::NotACertificate { source })?;
    let at =
        ASN1Time::from_timestamp(time).map_err(|source| KeylessError::Time { time, source })?;
    if !certificate.validity().is_valid_at(at) {
        return Err(KeylessError::CertificateNotValid {
            time: shown_time,
            not_before: certificate.validity().not_before.to_string(),
            not_after: certificate.validity().not_after.to_string(),
        });
    }
    let mut reasons = Vec::new();
    let chained = root
        .authorities
        .iter()
        .any(|ca| match chains_to(&certificate, ca, at, time) {
            Ok(()) => true,
            Err(reason) => {
                reasons.push(format!("{}: {reason}", ca.name));
                false
            }
        });
    if !chained {
        return Err(KeylessError::Unchained {
            issuer: certificate.issuer().to_string(),
            time: shown_time,
            reasons,
        });
    }
    // 5. Who signed.
    let (subject, issuer) = identity_of(&certificate)?;
    if !identities.iter().any(|(_, m)| m.matches(&issuer, &subject)) {
        return Err(KeylessError::WrongIdentity {
            subject,
            issuer,
            expected: identities
                .iter()
                .map(|(rule, _)| rule.to_string())
                .collect(),
        });
    }
    Ok(CertificateIdentity {
        identity: subject,
        issuer,
        log_index: entry.log_index,
        integrated_time: shown_time,
    })
}

/// Checks that `leaf` was issued by `ca`'s chain, every certificate of it
/// valid at `at`, up to its self-signed root.
fn chains_to(
    leaf: &X509Certificate<'_>,
    ca: &CertificateAuthority,
    at: ASN1Time,
    time: i64,
) -> Result<(), String> {
    if !ca.valid.contains(time) {
        return Err("not valid at that time".to_string());
    }
    let chain = ca
        .chain
        .iter()
        .map(|der| {
            X509Certificate::from_der(der)
                .map(|(_, c)| c)
                .map_err(|e| crate::remedy::with_causes(&e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut child = leaf;
    for parent in &chain {
        if child.issuer() != parent.subject() {
            return Err(format!(
                "{} is not the issuer {}",
                parent.subject(),
                child.issuer()
            ));
        }
        child
            .verify_signature(Some(parent.public_key()))
            .map_err(|_| format!("{} did not sign {}", parent.subject(), child.subject()))?;
        if !parent.validity().is_valid_at(at) {
            return Err(format!("{} was not valid then", parent.subject()));
        }
        if !parent.is_ca() {
            return Err(format!("{} is not a CA", parent.subject()));
        }
        child = parent;
    }
    child
        .verify_signature(None)
        .map_err(|_| format!("{} is not a self-signed root", child.subject()))
}

/// The certificate's identity (first SAN e-mail or URI) and OIDC issuer.
fn identity_of(certificate: &X509Certificate<'_>) -> Result<(String, String), KeylessError> {
    let subject = certificate
        .subject_alternative_name()
        .ok()
        .flatten()
        .and_then(|san| {
            san.value.general_names.iter().find_map(|name| match name {
                GeneralName::RFC822Name(email) => Some(email.to_string()),
                GeneralName::URI(uri) => Some(uri.to_string()),
                _ => None,
            })
        })
        .ok_or(KeylessError::NoIdentity)?;
    let mut issuer = None;
    for extension in certificate.extensions() {
        let oid = extension.oid.to_id_string();
        if oid == ISSUER_OID {
            let (_, any) = x509_parser::der_parser::parse_der(extension.value)
                .map_err(|source| KeylessError::IssuerNotDer { source })?;
            issuer = Some(
                any.as_str()
                    .map_err(|source| KeylessError::IssuerNotString { source })?
                    .to_string(),
            );
        } else if oid == ISSUER_V1_OID && issuer.is_none() {
            issuer = Some(String::from_utf8_lossy(extension.value).into_owned());
        }
    }
    let issuer = issuer.ok_or(KeylessError::NoIssuer)?;
    Ok((subject, issuer))
}

/// Checks that a log entry body (`hashedrekord` or `dsse`, v0.0.1) names
/// the signature, the certificate and the hash of what was signed.
fn check_body(body: &[u8], leaf: &[u8], expected: &Expected<'_>) -> Result<(), BodyError> {
    let body: serde_json::Value =
        serde_json::from_slice(body).map_err(|source| BodyError::NotJson { source })?;
    let kind = body["kind"].as_str().unwrap_or_default();
    let text = |value: &serde_json::Value| value.as_str().unwrap_or_default().to_string();
    let same_certificate = |encoded: &serde_json::Value| {
        BASE64
            .decode(text(encoded))
            .ok()
            .and_then(|pem| {
                x509_parser::pem::parse_x509_pem(&pem)
                    .ok()
                    .map(|(_, p)| p.contents)
            })
            .is_some_and(|der| der == leaf)
    };
    let same_signature = |encoded: &serde_json::Value| {
        BASE64
            .decode(text(encoded))
            .is_ok_and(|sig| sig == expected.signature)
    };
    let (hash, signed) = match (kind, body["apiVersion"].as_str()) {
        ("hashedrekord", Some("0.0.1")) => {
            let spec = &body["spec"];
            (
                text(&spec["data"]["hash"]["value"]),
                same_signature(&spec["signature"]["content"])
                    && same_certificate(&spec["signature"]["publicKey"]["content"]),
            )
        }
        ("dsse", Some("0.0.1")) => {
            let spec = &body["spec"];
            let signed = spec["signatures"].as_array().is_some_and(|signatures| {
                signatures
                    .iter()
                    .any(|s| same_signature(&s["signature"]) && same_certificate(&s["verifier"]))
            });
            (text(&spec["payloadHash"]["value"]), signed)
        }
        (kind, version) => {
            return Err(BodyError::Kind {
                kind: kind.to_string(),
                version: version.map(str::to_string),
            });
        }
    };
    if hash != expected.hash {
        return Err(BodyError::OtherHash {
            hash,
            expected: expected.hash.to_string(),
        });
    }
    if !signed {
        return Err(BodyError::OtherSignature);
    }
    Ok(())
}

/// RFC 9162 inclusion proof of `body`, to a root that a checkpoint signed
/// by `key` names.
fn verify_inclusion(
    key: &PublicKey,
    body: &[u8],
    proof: &super::bundle::InclusionProof,
) -> Result<(), InclusionError> {
    let hash = |parts: &[&[u8]]| -> Vec<u8> {
        let mut hasher = Sha256::new();
        for part in parts {
            hasher.update(part);
        }
        hasher.finalize().to_vec()
    };
    let root = BASE64
        .decode(proof.root_hash.trim())
        .map_err(|source| InclusionError::RootHash { source })?;
    let (index, size) = (proof.log_index, proof.tree_size);
    if index < 0 || size <= index {
        return Err(InclusionError::Index { index, size });
    }
    let (mut f, mut s) = (index as u64, (size - 1) as u64);
    let mut r = hash(&[&[0], body]);
    for encoded in &proof.hashes {
        let p = BASE64
            .decode(encoded.trim())
            .map_err(|source| InclusionError::Hash { source })?;
        if s == 0 {
            return Err(InclusionError::TooLong);
        }
        if f & 1 == 1 || f == s {
            r = hash(&[&[1], &p, &r]);
            if f & 1 == 0 {
                while f & 1 == 0 && f != 0 {
                    f >>= 1;
                    s >>= 1;
                }
            }
        } else {
            r = hash(&[&[1], &r, &p]);
        }
        f >>= 1;
        s >>= 1;
    }
    if s != 0 || r != root {
        return Err(InclusionError::OtherRoot);
    }
    // The checkpoint: "origin\nsize\nbase64(root)\n[extensions]\n\n— name base64(hint+sig)\n".
    let note = &proof.checkpoint.envelope;
    let split = note.find("\n\n").ok_or(InclusionError::NotANote)?;
    let (text, signatures) = (&note[..=split], &note[split + 2..]);
    let mut lines = text.lines();
    let _origin = lines.next();
    let tree_size = lines.next().unwrap_or_default();
    let root_line = lines.next().unwrap_or_default();
    if tree_size != size.to_string() || BASE64.decode(root_line).ok().as_deref() != Some(&root) {
        return Err(InclusionError::OtherTree);
    }
    let signed = signatures.lines().any(|line| {
        line.strip_prefix("\u{2014} ")
            .and_then(|rest| rest.rsplit_once(' '))
            .and_then(|(_, sig)| BASE64.decode(sig).ok())
            .is_some_and(|sig| sig.len() > 4 && key.verifies(text.as_bytes(), &sig[4..]))
    });
    if !signed {
        return Err(InclusionError::Unsigned);
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    //! A throwaway Sigstore: a Fulcio-like CA (root and intermediate), a
    //! Rekor-like log key, a trusted root naming them, and leaves with the
    //! Fulcio extensions, all made here with rcgen; the log's
    //! SignedEntryTimestamps are real signatures over real bodies.

    use super::*;
    use crate::keys::PrivateKey;
    use crate::keys::tests::test_key;

    /// 2026-01-01T00:00:00Z and a day.
    pub(crate) const JAN_1: i64 = 1_767_225_600;
    const DAY: i64 = 86_400;

    pub(crate) struct Sigstore {
        pub root_json: String,
        pub log_key: PrivateKey,
        ca_key: rcgen::KeyPair,
        ca_params: rcgen::CertificateParams,
    }

    fn key_pair(seed: u8) -> rcgen::KeyPair {
        let pem = test_key(seed).to_pkcs8_pem();
        rcgen::KeyPair::from_pem(&pem).expect("a P-256 PKCS#8 key")
    }

    fn at(seconds: i64) -> ::time::OffsetDateTime {
        ::time::OffsetDateTime::from_unix_timestamp(seconds).unwrap()
    }

    impl Sigstore {
        /// A CA (key `seed`) valid through 2026 and a log (key `seed + 1`).
        pub(crate) fn new(seed: u8) -> Sigstore {
            let ca_key = key_pair(seed);
            let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
            ca_params
                .distinguished_name
                .push(rcgen::DnType::CommonName, format!("test fulcio {seed}"));
            ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
            ca_params.not_before = at(JAN_1);
            ca_params.not_after = at(JAN_1 + 365 * DAY);
            let ca_der = ca_params.self_signed(&ca_key).unwrap().der().to_vec();
            let log_key = test_key(seed + 1);
            let log_id = hex::decode(log_key.id().trim_start_matches("sha256:")).unwrap();
            let spki = {
                use p256::pkcs8::DecodePublicKey as _;
                use p256::pkcs8::EncodePublicKey as _;
                p256::ecdsa::VerifyingKey::from_public_key_pem(&log_key.public().to_pem())
                    .unwrap()
                    .to_public_key_der()
                    .unwrap()
                    .as_bytes()
                    .to_vec()
            };
            let root_json = serde_json::json!({
                "mediaType": "application/vnd.dev.sigstore.trustedroot+json;version=0.1",
                "tlogs": [{
                    "baseUrl": "https://rekor.test",
                    "hashAlgorithm": "SHA2_256",
                    "publicKey": {
                        "rawBytes": BASE64.encode(&spki),
                        "keyDetails": "PKIX_ECDSA_P256_SHA_256",
                        "validFor": { "start": "2025-01-01T00:00:00Z" }
                    },
                    "logId": { "keyId": BASE64.encode(&log_id) }
                }],
                "certificateAuthorities": [{
                    "subject": { "organization": "test", "commonName": "test fulcio" },
                    "uri": "https://fulcio.test",
                    "certChain": { "certificates": [{ "rawBytes": BASE64.encode(&ca_der) }] },
                    "validFor": { "start": "2025-01-01T00:00:00.000Z" }
                }],
                "ctlogs": [],
                "timestampAuthorities": []
            })
            .to_string();
            Sigstore {
                root_json,
                log_key,
                ca_key,
                ca_params,
            }
        }

        pub(crate) fn root(&self) -> TrustedRoot {
            TrustedRoot::from_json(&self.root_json).unwrap()
        }

        /// A leaf for `signer`'s key, naming `email` and `issuer`, valid ten
        /// minutes from `from`.
        pub(crate) fn leaf(
            &self,
            signer: &PrivateKey,
            email: &str,
            issuer: &str,
            from: i64,
        ) -> Vec<u8> {
            let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
            params.subject_alt_names = vec![rcgen::SanType::Rfc822Name(email.try_into().unwrap())];
            params.not_before = at(from);
            params.not_after = at(from + 600);
            params.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::CodeSigning];
            let utf8 = {
                let mut der = vec![0x0c, issuer.len() as u8];
                der.extend_from_slice(issuer.as_bytes());
                der
            };
            params.custom_extensions = vec![
                rcgen::CustomExtension::from_oid_content(
                    &[1, 3, 6, 1, 4, 1, 57264, 1, 1],
                    issuer.as_bytes().to_vec(),
                ),
                rcgen::CustomExtension::from_oid_content(&[1, 3, 6, 1, 4, 1, 57264, 1, 8], utf8),
            ];
            let issuer_cert = rcgen::Issuer::from_params(&self.ca_params, &self.ca_key);
            let leaf_key = rcgen::KeyPair::from_pem(&signer.to_pkcs8_pem()).unwrap();
            params
                .signed_by(&leaf_key, &issuer_cert)
                .unwrap()
                .der()
                .to_vec()
        }

        /// A hashedrekord entry for `signature` of what hashes to `hash`
        /// by `leaf`, integrated at `time`, with a SignedEntryTimestamp.
        pub(crate) fn entry(
            &self,
            leaf: &[u8],
            signature: &[u8],
            hash: &str,
            time: i64,
        ) -> LogEntry {
            let pem = certificate_pem(leaf);
            let body = serde_json::json!({
                "apiVersion": "0.0.1",
                "kind": "hashedrekord",
                "spec": {
                    "data": { "hash": { "algorithm": "sha256", "value": hash } },
                    "signature": {
                        "content": BASE64.encode(signature),
                        "publicKey": { "content": BASE64.encode(pem) }
                    }
                }
            })
            .to_string()
            .into_bytes();
            self.logged(body, time)
        }

        /// A dsse entry for the DSSE `signature` over a payload hashing to
        /// `payload_hash`, by `leaf`, integrated at `time`, with a SET.
        pub(crate) fn dsse_entry(
            &self,
            leaf: &[u8],
            signature: &[u8],
            payload_hash: &str,
            time: i64,
        ) -> LogEntry {
            let pem = certificate_pem(leaf);
            let body = serde_json::json!({
                "apiVersion": "0.0.1",
                "kind": "dsse",
                "spec": {
                    "envelopeHash": { "algorithm": "sha256", "value": "0".repeat(64) },
                    "payloadHash": { "algorithm": "sha256", "value": payload_hash },
                    "signatures": [{
                        "signature": BASE64.encode(signature),
                        "verifier": BASE64.encode(pem)
                    }]
                }
            })
            .to_string()
            .into_bytes();
            self.logged(body, time)
        }

        /// `body` as this log integrates it at `time`, with a SET.
        fn logged(&self, body: Vec<u8>, time: i64) -> LogEntry {
            let mut entry = LogEntry {
                body,
                integrated_time: time,
                log_index: 42,
                log_id: hex::decode(self.log_key.id().trim_start_matches("sha256:")).unwrap(),
                signed_entry_timestamp: None,
                inclusion_proof: None,
            };
            entry.signed_entry_timestamp =
                Some(self.log_key.sign(&entry.signed_entry_timestamp_payload()));
            entry
        }
    }

    /// A bundle's `tlogEntries` item for `entry`.
    pub(crate) fn tlog_entry(entry: &LogEntry) -> crate::signature::bundle::TlogEntry {
        use crate::signature::bundle::{InclusionPromise, KindVersion, LogId, TlogEntry};
        let body: serde_json::Value = serde_json::from_slice(&entry.body).unwrap();
        TlogEntry {
            log_index: entry.log_index,
            log_id: LogId {
                key_id: BASE64.encode(&entry.log_id),
            },
            kind_version: KindVersion {
                kind: body["kind"].as_str().unwrap().to_string(),
                version: "0.0.1".to_string(),
            },
            integrated_time: entry.integrated_time,
            inclusion_promise: entry
                .signed_entry_timestamp
                .as_ref()
                .map(|set| InclusionPromise {
                    signed_entry_timestamp: BASE64.encode(set),
                }),
            inclusion_proof: None,
            canonicalized_body: BASE64.encode(&entry.body),
        }
    }

    /// The classic form's `dev.sigstore.cosign/bundle` annotation for `entry`.
    pub(crate) fn annotation(entry: &LogEntry) -> String {
        serde_json::json!({
            "SignedEntryTimestamp": BASE64.encode(entry.signed_entry_timestamp.as_ref().unwrap()),
            "Payload": {
                "body": BASE64.encode(&entry.body),
                "integratedTime": entry.integrated_time,
                "logIndex": entry.log_index,
                "logID": hex::encode(&entry.log_id),
            }
        })
        .to_string()
    }

    pub(crate) const ISSUER: &str = "https://issuer.test";
    pub(crate) const EMAIL: &str = "release@example.com";

    pub(crate) fn identities(rules: &[IdentityRule]) -> Vec<(IdentityRule, IdentityMatcher)> {
        rules
            .iter()
            .map(|r| (r.clone(), r.matcher().unwrap()))
            .collect()
    }

    /// A signature by `signer` over `payload`, its certificate and log entry.
    fn signed(
        sigstore: &Sigstore,
        signer: &PrivateKey,
        time: i64,
    ) -> (Vec<u8>, Vec<u8>, LogEntry, String) {
        let payload = b"the payload";
        let hash = hex::encode(Sha256::digest(payload));
        let signature = signer.sign(payload);
        let leaf = sigstore.leaf(signer, EMAIL, ISSUER, JAN_1 + DAY);
        let entry = sigstore.entry(&leaf, &signature, &hash, time);
        (signature, leaf, entry, hash)
    }

    fn exact() -> Vec<(IdentityRule, IdentityMatcher)> {
        identities(&[IdentityRule::parse(&format!("{ISSUER}={EMAIL}"), false).unwrap()])
    }

    #[test]
    fn a_valid_keyless_signature_verifies_and_names_its_signer() {
        let sigstore = Sigstore::new(10);
        let signer = test_key(20);
        let time = JAN_1 + DAY + 60;
        let (signature, leaf, entry, hash) = signed(&sigstore, &signer, time);
        assert!(
            certificate_key(&leaf)
                .unwrap()
                .verifies(b"the payload", &signature)
        );
        let expected = Expected {
            signature: &signature,
            hash: &hash,
        };
        let found = verify(&sigstore.root(), &exact(), &leaf, &entry, &expected).unwrap();
        assert_eq!(
            found,
            CertificateIdentity {
                identity: EMAIL.into(),
                issuer: ISSUER.into(),
                log_index: 42,
                integrated_time: "2026-01-02T00:01:00Z".into(),
            }
        );
        // Regular expressions match as cosign's do: anywhere unless anchored.
        let loose =
            identities(&[IdentityRule::parse("issuer\\.test=@example\\.com", true).unwrap()]);
        assert!(verify(&sigstore.root(), &loose, &leaf, &entry, &expected).is_ok());
        let anchored =
            identities(&[IdentityRule::parse("^https://issuer\\.test$=^release@", true).unwrap()]);
        assert!(verify(&sigstore.root(), &anchored, &leaf, &entry, &expected).is_ok());
        let anchored_wrong =
            identities(&[IdentityRule::parse("^issuer\\.test$=.*", true).unwrap()]);
        assert!(verify(&sigstore.root(), &anchored_wrong, &leaf, &entry, &expected).is_err());
    }

    #[test]
    fn wrong_identity_or_issuer_is_refused() {
        let sigstore = Sigstore::new(10);
        let (signature, leaf, entry, hash) = signed(&sigstore, &test_key(20), JAN_1 + DAY + 60);
        let expected = Expected {
            signature: &signature,
            hash: &hash,
        };
        let other_subject =
            identities(&[
                IdentityRule::parse(&format!("{ISSUER}=someone@example.com"), false).unwrap(),
            ]);
        let error = verify(&sigstore.root(), &other_subject, &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(EMAIL) && error.contains("someone@example.com"),
            "{error}"
        );
        let other_issuer = identities(&[IdentityRule::parse(
            &format!("https://accounts.google.com={EMAIL}"),
            false,
        )
        .unwrap()]);
        let error = verify(&sigstore.root(), &other_issuer, &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(error.contains("issuer https://issuer.test"), "{error}");
    }

    #[test]
    fn a_certificate_expired_at_the_integrated_time_is_refused() {
        let sigstore = Sigstore::new(10);
        // The leaf is valid ten minutes; the log integrated it an hour later.
        let (signature, leaf, entry, hash) = signed(&sigstore, &test_key(20), JAN_1 + DAY + 3600);
        let expected = Expected {
            signature: &signature,
            hash: &hash,
        };
        let error = verify(&sigstore.root(), &exact(), &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("not valid at the log's integrated time"),
            "{error}"
        );
    }

    #[test]
    fn a_chain_to_an_untrusted_ca_is_refused() {
        let trusted = Sigstore::new(10);
        let rogue = Sigstore::new(30);
        let signer = test_key(20);
        let time = JAN_1 + DAY + 60;
        // Issued by the rogue CA, logged by the trusted log.
        let payload_hash = hex::encode(Sha256::digest(b"the payload"));
        let signature = signer.sign(b"the payload");
        let leaf = rogue.leaf(&signer, EMAIL, ISSUER, JAN_1 + DAY);
        let entry = trusted.entry(&leaf, &signature, &payload_hash, time);
        let expected = Expected {
            signature: &signature,
            hash: &payload_hash,
        };
        let error = verify(&trusted.root(), &exact(), &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(error.contains("does not chain"), "{error}");
    }

    #[test]
    fn a_set_signed_by_another_log_is_refused() {
        let trusted = Sigstore::new(10);
        let other = Sigstore::new(30);
        let (signature, leaf, mut entry, hash) = signed(&trusted, &test_key(20), JAN_1 + DAY + 60);
        let expected = Expected {
            signature: &signature,
            hash: &hash,
        };
        // Another log's SET over the same entry, claiming the trusted log's id.
        entry.signed_entry_timestamp =
            Some(other.log_key.sign(&entry.signed_entry_timestamp_payload()));
        let error = verify(&trusted.root(), &exact(), &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(error.contains("does not verify"), "{error}");
        // Or naming its own log id: a log the trusted root does not name.
        let (_, _, foreign, _) = signed(&other, &test_key(20), JAN_1 + DAY + 60);
        let error = verify(&trusted.root(), &exact(), &leaf, &foreign, &expected)
            .unwrap_err()
            .to_string();
        assert!(error.contains("does not name"), "{error}");
    }

    #[test]
    fn a_body_not_matching_the_signature_is_refused() {
        let sigstore = Sigstore::new(10);
        let signer = test_key(20);
        let (signature, leaf, _, hash) = signed(&sigstore, &signer, JAN_1 + DAY + 60);
        // The log holds another signature (of another payload).
        let other = signer.sign(b"another payload");
        let entry = sigstore.entry(&leaf, &other, &hash, JAN_1 + DAY + 60);
        let expected = Expected {
            signature: &signature,
            hash: &hash,
        };
        let error = verify(&sigstore.root(), &exact(), &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(error.contains("another signature"), "{error}");
        // Or is about another artifact.
        let entry = sigstore.entry(&leaf, &signature, &"0".repeat(64), JAN_1 + DAY + 60);
        let error = verify(&sigstore.root(), &exact(), &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(error.contains("not what was signed"), "{error}");
    }

    #[test]
    fn inclusion_proofs_and_checkpoints_verify() {
        let sigstore = Sigstore::new(10);
        let (signature, leaf, mut entry, hash) = signed(&sigstore, &test_key(20), JAN_1 + DAY + 60);
        let expected = Expected {
            signature: &signature,
            hash: &hash,
        };
        // A tree of three leaves, the entry at index 2: root = H(1, H(1, l0, l1), l2).
        let h = |parts: &[&[u8]]| {
            let mut hasher = Sha256::new();
            for p in parts {
                hasher.update(p);
            }
            hasher.finalize().to_vec()
        };
        let (l0, l1, l2) = (h(&[&[0], b"a"]), h(&[&[0], b"b"]), h(&[&[0], &entry.body]));
        let left = h(&[&[1], &l0, &l1]);
        let root = h(&[&[1], &left, &l2]);
        let text = format!("rekor.test - 1\n3\n{}\n", BASE64.encode(&root));
        let mut note_signature = vec![0, 0, 0, 0];
        note_signature.extend(sigstore.log_key.sign(text.as_bytes()));
        let checkpoint = format!(
            "{text}\n\u{2014} rekor.test {}\n",
            BASE64.encode(&note_signature)
        );
        entry.signed_entry_timestamp = None;
        entry.inclusion_proof = Some(crate::signature::bundle::InclusionProof {
            log_index: 2,
            root_hash: BASE64.encode(&root),
            tree_size: 3,
            hashes: vec![BASE64.encode(&left)],
            checkpoint: crate::signature::bundle::Checkpoint {
                envelope: checkpoint.clone(),
            },
        });
        verify(&sigstore.root(), &exact(), &leaf, &entry, &expected).unwrap();
        // A proof for another index does not lead to the root.
        entry.inclusion_proof.as_mut().unwrap().log_index = 1;
        assert!(verify(&sigstore.root(), &exact(), &leaf, &entry, &expected).is_err());
        // A checkpoint not signed by the log is refused.
        let proof = entry.inclusion_proof.as_mut().unwrap();
        proof.log_index = 2;
        proof.checkpoint.envelope = checkpoint.replace("rekor.test - 1", "rekor.test - 2");
        let error = verify(&sigstore.root(), &exact(), &leaf, &entry, &expected)
            .unwrap_err()
            .to_string();
        assert!(error.contains("not signed by the log"), "{error}");
        // Neither SET nor proof: refused.
        entry.inclusion_proof = None;
        assert!(
            verify(&sigstore.root(), &exact(), &leaf, &entry, &expected)
                .unwrap_err()
                .to_string()
                .contains("neither")
        );
    }

    #[test]
    fn trusted_roots_and_times_parse() {
        assert_eq!(parse_time("2026-01-01T00:00:00Z").unwrap(), JAN_1);
        assert_eq!(parse_time("2026-01-01T00:00:00.123Z").unwrap(), JAN_1);
        assert_eq!(parse_time("2026-01-01T01:00:00+01:00").unwrap(), JAN_1);
        assert!(parse_time("yesterday").is_err());
        assert_eq!(format_time(JAN_1), "2026-01-01T00:00:00Z");
        // A root that also names a Rekor v2 log (an Ed25519 key, as the
        // public-good root does) is read; that log is left out.
        let mut root: serde_json::Value =
            serde_json::from_str(&Sigstore::new(10).root_json).unwrap();
        let mut ed25519 = root["tlogs"][0].clone();
        ed25519["publicKey"]["rawBytes"] =
            "MCowBQYDK2VwAyEAt8rlp1knGwjfbcXAYPYAkn0XiLz1x8O4t0YkEhie244=".into();
        ed25519["publicKey"]["keyDetails"] = "PKIX_ED25519".into();
        ed25519["logId"]["keyId"] = "AAAA".into();
        root["tlogs"].as_array_mut().unwrap().push(ed25519);
        assert_eq!(
            TrustedRoot::from_json(&root.to_string())
                .unwrap()
                .logs
                .len(),
            1
        );
        assert!(
            TrustedRoot::from_json("{}")
                .unwrap_err()
                .to_string()
                .contains("at least one")
        );
        assert!(IdentityRule::parse("no-equals", false).is_err());
        assert!(IdentityRule::parse("a=(", true).is_err());
    }

    /// `leaf` (DER) as a PEM certificate, as log entries carry it.
    fn certificate_pem(leaf: &[u8]) -> String {
        format!(
            "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n",
            BASE64.encode(leaf)
        )
    }
}
