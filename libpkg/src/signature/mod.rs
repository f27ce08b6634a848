//! Cosign signatures on OCI artifacts, in cosign's classic storage form, and
//! their verification against trusted keys; [`policy`] says which artifacts
//! need them. Pure: it builds and checks manifests and payloads; the registry
//! reads and writes them (`crate::registry`), and `crate::source` checks
//! every artifact it fetches before anything is rendered.
//!
//! The classic form: the signatures of the manifest `sha256:<hex>` live in the
//! same repository under the tag `sha256-<hex>.sig`, an image manifest whose
//! layers (media type [`SIMPLESIGNING_MEDIA_TYPE`]) each hold a "simple
//! signing" payload naming the signed digest
//! (`critical.image.docker-manifest-digest`), and carry in the annotation
//! [`SIGNATURE_ANNOTATION`] the base64 of an ECDSA P-256 / SHA-256 signature
//! (ASN.1 DER) over the exact payload bytes.
//!
//! The bundle form, cosign v3's default, is a Sigstore bundle attached as an
//! OCI referrer: see [`bundle`]. Both forms are read for every artifact a
//! rule covers, and either one verifying is enough; the plan records which
//! ([`Form`]).
//!
//! A signature verifies only if a trusted key signed the payload *and* the
//! payload names the pinned digest: a valid signature copied from another
//! digest's tag is refused.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::{Deserialize, Serialize};

use crate::keys::{PrivateKey, PublicKey};

pub mod bundle;
pub mod keyless;
pub mod policy;

use bundle::{Bundle, BundleLayer};

/// The media type of a signature layer (a simple signing payload).
pub const SIMPLESIGNING_MEDIA_TYPE: &str = "application/vnd.dev.cosign.simplesigning.v1+json";
/// The layer annotation holding the base64 signature.
pub const SIGNATURE_ANNOTATION: &str = "dev.cosignproject.cosign/signature";
/// The layer annotation holding a keyless signature's certificate (PEM).
pub const CERTIFICATE_ANNOTATION: &str = "dev.sigstore.cosign/certificate";
/// The layer annotation holding a keyless signature's certificate chain (PEM).
pub const CHAIN_ANNOTATION: &str = "dev.sigstore.cosign/chain";
/// The layer annotation holding a keyless signature's Rekor entry
/// (`{"SignedEntryTimestamp", "Payload": {…}}`).
pub const LOG_ENTRY_ANNOTATION: &str = "dev.sigstore.cosign/bundle";
/// The `critical.type` of a cosign image signature payload.
pub const PAYLOAD_TYPE: &str = "cosign container image signature";
/// The media type of the signature manifest's config.
pub const CONFIG_MEDIA_TYPE: &str = "application/vnd.oci.image.config.v1+json";
/// The largest payload blob read.
pub const MAX_PAYLOAD_BYTES: u64 = 64 << 10;
/// The longest base64 signature annotation accepted.
pub const MAX_SIGNATURE_CHARS: usize = 4096;
/// The most signature layers one signature manifest may hold.
pub const MAX_SIGNATURES: usize = 100;

/// How strictly signatures are required.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VerifyMode {
    /// Unsigned or wrongly signed packages are refused.
    Enforce,
    /// They are used, with a warning in the plan.
    Warn,
    /// Signatures are not looked at.
    Off,
}

impl VerifyMode {
    /// The mode's name, as flags and files spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            VerifyMode::Enforce => "enforce",
            VerifyMode::Warn => "warn",
            VerifyMode::Off => "off",
        }
    }
}

/// A text that is not a [`VerifyMode`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a verify mode (enforce, warn or off)")]
pub struct VerifyModeError {
    /// What was read.
    pub text: String,
}

impl std::str::FromStr for VerifyMode {
    type Err = VerifyModeError;
    fn from_str(text: &str) -> Result<VerifyMode, VerifyModeError> {
        match text {
            "enforce" => Ok(VerifyMode::Enforce),
            "warn" => Ok(VerifyMode::Warn),
            "off" => Ok(VerifyMode::Off),
            other => Err(VerifyModeError {
                text: other.to_string(),
            }),
        }
    }
}

/// The tag holding the classic signatures of `digest` (`sha256-<hex>.sig`).
pub fn signature_tag(digest: &str) -> Result<String, crate::reference::DigestError> {
    crate::reference::validate_digest(digest)?;
    let (algorithm, hex) = digest.split_once(':').expect("a validated digest");
    Ok(format!("{algorithm}-{hex}.sig"))
}

/// A simple signing payload, as cosign writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    /// What is signed.
    pub critical: Critical,
    /// Unsigned-for-meaning extras (cosign's annotations); `null` when none.
    pub optional: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The payload's `critical` section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Critical {
    /// The repository signed.
    pub identity: Identity,
    /// The manifest signed.
    pub image: Image,
    /// Always [`PAYLOAD_TYPE`].
    #[serde(rename = "type")]
    pub kind: String,
}

/// `critical.identity`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// `host[:port]/path` of the repository.
    #[serde(rename = "docker-reference")]
    pub docker_reference: String,
}

/// `critical.image`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Image {
    /// The signed manifest's digest.
    #[serde(rename = "docker-manifest-digest")]
    pub docker_manifest_digest: String,
}

impl Payload {
    /// The payload for `digest` in the repository `docker_reference`.
    pub fn new(docker_reference: &str, digest: &str) -> Payload {
        Payload {
            critical: Critical {
                identity: Identity {
                    docker_reference: docker_reference.to_string(),
                },
                image: Image {
                    docker_manifest_digest: digest.to_string(),
                },
                kind: PAYLOAD_TYPE.to_string(),
            },
            optional: None,
        }
    }

    /// The payload's bytes, in cosign's field order (the bytes that are signed).
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a payload serializes")
    }
}

/// One signature layer as read from the registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureLayer {
    /// The layer's media type.
    pub media_type: String,
    /// The payload blob's digest.
    pub digest: String,
    /// The payload blob (verified against its digest by the reader).
    pub payload: Vec<u8>,
    /// The [`SIGNATURE_ANNOTATION`] value, if any.
    pub signature: Option<String>,
    /// The [`CERTIFICATE_ANNOTATION`] value, if any (keyless).
    pub certificate: Option<String>,
    /// The [`LOG_ENTRY_ANNOTATION`] value, if any (keyless).
    pub log_entry: Option<String>,
}

/// A simple-signing layer a signature manifest lists, before its payload is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayerDescriptor {
    /// The payload blob's digest.
    pub digest: String,
    /// The payload blob's size.
    pub size: u64,
    /// The [`SIGNATURE_ANNOTATION`] value, if any.
    pub signature: Option<String>,
    /// The [`CERTIFICATE_ANNOTATION`] value, if any (keyless).
    pub certificate: Option<String>,
    /// The [`LOG_ENTRY_ANNOTATION`] value, if any (keyless).
    pub log_entry: Option<String>,
}

impl LayerDescriptor {
    /// The layer, with its payload (checked against the digest by the reader).
    pub fn with_payload(self, payload: Vec<u8>) -> SignatureLayer {
        SignatureLayer {
            media_type: SIMPLESIGNING_MEDIA_TYPE.to_string(),
            digest: self.digest,
            payload,
            signature: self.signature,
            certificate: self.certificate,
            log_entry: self.log_entry,
        }
    }
}

/// Why the layers of a classic signature manifest cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SigningLayersError {
    /// More than [`MAX_SIGNATURES`] layers.
    #[error("{count} layers, more than the {MAX_SIGNATURES} accepted")]
    TooMany {
        /// How many.
        count: usize,
    },
    /// A layer that is not an OCI descriptor.
    #[error(transparent)]
    Descriptor(serde_json::Error),
    /// A layer of negative size.
    #[error("a negative layer size")]
    NegativeSize,
}

/// The simple-signing layers of a classic signature manifest (other layers
/// are skipped), at most [`MAX_SIGNATURES`].
pub fn signing_layers(
    raw_layers: &[serde_json::Value],
) -> Result<Vec<LayerDescriptor>, SigningLayersError> {
    if raw_layers.len() > MAX_SIGNATURES {
        return Err(SigningLayersError::TooMany {
            count: raw_layers.len(),
        });
    }
    let mut layers = Vec::new();
    for raw in raw_layers {
        let descriptor: oci_client::manifest::OciDescriptor =
            serde_json::from_value(raw.clone()).map_err(SigningLayersError::Descriptor)?;
        if descriptor.media_type != SIMPLESIGNING_MEDIA_TYPE {
            continue;
        }
        let annotation = |name: &str| {
            descriptor
                .annotations
                .as_ref()
                .and_then(|a| a.get(name))
                .cloned()
        };
        layers.push(LayerDescriptor {
            size: u64::try_from(descriptor.size).map_err(|_| SigningLayersError::NegativeSize)?,
            signature: annotation(SIGNATURE_ANNOTATION),
            certificate: annotation(CERTIFICATE_ANNOTATION),
            log_entry: annotation(LOG_ENTRY_ANNOTATION),
            digest: descriptor.digest,
        });
    }
    Ok(layers)
}

/// The storage form a signature was found in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// The `sha256-<hex>.sig` tag with simple signing payloads.
    #[default]
    Classic,
    /// A Sigstore bundle attached as an OCI referrer.
    Bundle,
}

impl Form {
    /// Whether it is the classic form (the default, not written in plans).
    pub fn is_classic(&self) -> bool {
        *self == Form::Classic
    }

    /// The form's name, as the plan and `--signature-format` spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Form::Classic => "classic",
            Form::Bundle => "bundle",
        }
    }
}

impl std::fmt::Display for Form {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a verification found: recorded in the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    /// The form the verified signature was in. Written only for `bundle`:
    /// absent is `classic`, so plans and release records made before bundles
    /// were read keep their hashes.
    #[serde(default, skip_serializing_if = "Form::is_classic")]
    pub form: Form,
    /// The signed manifest digest.
    pub digest: String,
    /// The digest of the verified blob: the classic form's payload layer, or
    /// the bundle.
    pub signature_digest: String,
    /// The id of the key that verified it (`sha256:` of its public key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
    /// The certificate that verified it (keyless): its identity, issuer and
    /// transparency-log entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<keyless::CertificateIdentity>,
}

impl Verified {
    /// What it was verified against, for people: `key sha256:…` or
    /// `certificate ID (issuer …, Rekor log index N at T)`.
    pub fn signer(&self) -> String {
        match (&self.key_id, &self.certificate) {
            (Some(key_id), _) => format!("key {key_id}"),
            (None, Some(c)) => format!(
                "certificate {} (issuer {}, log index {} at {})",
                c.identity, c.issuer, c.log_index, c.integrated_time
            ),
            (None, None) => "nothing".to_string(),
        }
    }
}

/// Who a policy entry trusts to sign: keys, and keyless identities checked
/// against a trusted root.
#[derive(Debug, Clone, Copy, Default)]
pub struct Signers<'a> {
    /// Trusted public keys.
    pub keys: &'a [PublicKey],
    /// The trusted root and the identities it may vouch for (keyless).
    pub keyless: Option<(
        &'a keyless::TrustedRoot,
        &'a [(keyless::IdentityRule, keyless::IdentityMatcher)],
    )>,
}

impl Signers<'_> {
    /// Who is expected, for messages: key ids and `ISSUER=SUBJECT` identities.
    pub fn expected(&self) -> Vec<String> {
        let keys = self.keys.iter().map(|k| k.id().to_string());
        let identities = self
            .keyless
            .iter()
            .flat_map(|(_, ids)| ids.iter().map(|(rule, _)| format!("identity {rule}")));
        keys.chain(identities).collect()
    }
}

/// Why signatures do not verify.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    /// No signature at all.
    #[error("{reference} is not signed (no cosign signature under the tag {tag}, no Sigstore bundle among its referrers); {policy} expects a signature by {}", .expected.join(" or "))]
    Unsigned {
        /// The pinned reference.
        reference: String,
        /// The signature tag looked at.
        tag: String,
        /// The policy entry that asked.
        policy: String,
        /// The key ids trusted.
        expected: Vec<String>,
    },
    /// Signatures, none by a trusted key.
    #[error("{reference} has {count} signature(s), none by a trusted key; {policy} expects a signature by {}", .expected.join(" or "))]
    UntrustedKey {
        /// The pinned reference.
        reference: String,
        /// How many signatures were looked at.
        count: usize,
        /// The policy entry that asked.
        policy: String,
        /// The key ids trusted.
        expected: Vec<String>,
    },
    /// A trusted key's signature over a payload naming another digest.
    #[error(
        "{reference}: the {signature} is for {signed}, not this digest (a signature copied from another artifact); {policy} expects a signature of {expected}"
    )]
    WrongDigest {
        /// The pinned reference.
        reference: String,
        /// Which signature: its form and signer (`classic signature by
        /// sha256:…`, `bundle signature by certificate …`).
        signature: String,
        /// The digest the payload names.
        signed: String,
        /// The policy entry that asked.
        policy: String,
        /// The pinned digest.
        expected: String,
    },
    /// A keyless signature whose certificate, log entry or identity does not
    /// verify against the trusted root and the policy.
    #[error("{reference}: the keyless signature does not verify: {reason}; {policy} expects a signature by {}", .expected.join(" or "))]
    Keyless {
        /// The pinned reference.
        reference: String,
        /// What is wrong.
        reason: String,
        /// The policy entry that asked.
        policy: String,
        /// The signers trusted.
        expected: Vec<String>,
    },
    /// A saved plan made without the verification this policy requires.
    #[error("{reference} has no verified signature in the plan, and {policy} requires one by {} (enforce); make the plan again where that policy applies", .expected.join(" or "))]
    NotRecorded {
        /// The artifact.
        reference: String,
        /// The policy entry that requires it.
        policy: String,
        /// The key ids trusted.
        expected: Vec<String>,
    },
    /// A rule in force with no key to verify by.
    #[error(
        "{reference}: {policy} trusts no key to verify a signature by; add one with {} or in the trust policy",
        crate::remedy::Remedy::AddVerifyKey
    )]
    NoKeys {
        /// The artifact.
        reference: String,
        /// The policy entry.
        policy: String,
    },
    /// `--verify-mode enforce` for an artifact no rule covers.
    #[error(
        "{mode} enforce: no trust rule covers {reference}, so there is no key to verify its signature by; add its repository with {key} or give a {policy}",
        mode = crate::remedy::Setting::VerifyMode,
        key = crate::remedy::Setting::VerifyKey,
        policy = crate::remedy::Setting::TrustPolicy
    )]
    Uncovered {
        /// The artifact.
        reference: String,
    },
    /// A signature manifest or payload that is not what cosign writes.
    #[error("{reference}: malformed signature: {reason}")]
    Malformed {
        /// The pinned reference.
        reference: String,
        /// What is wrong.
        reason: String,
    },
}

/// Verifies the classic signatures of `digest` (`reference` names it in
/// errors, `policy` names the policy entry asking): the first layer that a
/// key of `keys` signed and whose payload names `digest` wins.
pub fn verify(
    reference: &str,
    digest: &str,
    layers: &[SignatureLayer],
    keys: &[PublicKey],
    policy: &str,
) -> Result<Verified, SignatureError> {
    let signers = Signers {
        keys,
        keyless: None,
    };
    verify_all(reference, digest, layers, &[], &signers, policy)
}

/// What the signatures looked at so far came to, when none verified.
#[derive(Default)]
struct Tally {
    /// Signatures looked at.
    count: usize,
    /// A trusted signer's signature naming another digest: form, signer, digest.
    wrong_digest: Option<(Form, String, String)>,
    /// The first bundle that could not be read.
    malformed: Option<String>,
    /// The first keyless signature that did not verify, and why.
    keyless: Option<String>,
}

/// Checks a keyless signature (certificate `leaf`, DER) whose artifact
/// signature is `signature` over what hashes to `hash`, with the log
/// entries `entries` (the first that verifies wins).
fn keyless_signer(
    signers: &Signers<'_>,
    leaf: &[u8],
    signature: &[u8],
    hash: &str,
    entries: Vec<Result<keyless::LogEntry, keyless::LogEntryError>>,
) -> Result<keyless::CertificateIdentity, String> {
    let (root, identities) = signers.keyless.expect("checked by the caller");
    let expected = keyless::Expected { signature, hash };
    let mut first = None;
    for entry in entries {
        let verified = entry
            .map_err(|e| crate::remedy::with_causes(&e))
            .and_then(|entry| {
                keyless::verify(root, identities, leaf, &entry, &expected)
                    .map_err(|e| crate::remedy::with_causes(&e))
            });
        match verified {
            Ok(identity) => return Ok(identity),
            Err(reason) => {
                first.get_or_insert(reason);
            }
        }
    }
    Err(first.unwrap_or_else(|| "it has no transparency-log entry".to_string()))
}

/// A PEM certificate's DER.
fn pem_certificate(text: &str) -> Result<Vec<u8>, String> {
    x509_parser::pem::parse_x509_pem(text.as_bytes())
        .map(|(_, pem)| pem.contents)
        .map_err(|e| format!("the certificate annotation is not PEM: {e}"))
}

/// Verifies `digest` by either form: the classic `layers` first, then the
/// Sigstore `bundles`; the first signature by a trusted signer that names
/// `digest` wins. When none does, the error says the most useful thing
/// found: a trusted signature of another digest, then a malformed bundle,
/// then signatures by untrusted signers, then none at all.
pub fn verify_all(
    reference: &str,
    digest: &str,
    layers: &[SignatureLayer],
    bundles: &[BundleLayer],
    signers: &Signers<'_>,
    policy: &str,
) -> Result<Verified, SignatureError> {
    let keys = signers.keys;
    let expected = signers.expected();
    let malformed = |reason: String| SignatureError::Malformed {
        reference: reference.to_string(),
        reason,
    };
    if layers.len() > MAX_SIGNATURES || bundles.len() > bundle::MAX_REFERRERS {
        return Err(malformed(format!(
            "{} signature layers and {} bundles (at most {MAX_SIGNATURES} of each)",
            layers.len(),
            bundles.len()
        )));
    }
    let tag = signature_tag(digest).map_err(|reason| malformed(reason.to_string()))?;
    let mut tally = Tally::default();
    for layer in layers {
        if layer.media_type != SIMPLESIGNING_MEDIA_TYPE {
            continue;
        }
        let Some(signature) = &layer.signature else {
            continue;
        };
        tally.count += 1;
        if signature.len() > MAX_SIGNATURE_CHARS {
            return Err(malformed(format!(
                "the signature of layer {} is {} characters (at most {MAX_SIGNATURE_CHARS})",
                layer.digest,
                signature.len()
            )));
        }
        let Ok(signature) = BASE64.decode(signature.trim()) else {
            continue;
        };
        let signer = match keys
            .iter()
            .find(|key| key.verifies(&layer.payload, &signature))
        {
            Some(key) => Signer::Key(key.id().to_string()),
            None => match (&layer.certificate, signers.keyless) {
                (Some(pem), Some(_)) => {
                    let checked = pem_certificate(pem).and_then(|leaf| {
                        let key = keyless::certificate_key(&leaf)
                            .map_err(|e| crate::remedy::with_causes(&e))?;
                        if !key.verifies(&layer.payload, &signature) {
                            return Err("the signature does not verify with its certificate's key"
                                .to_string());
                        }
                        let entries = layer
                            .log_entry
                            .iter()
                            .map(|text| keyless::LogEntry::from_annotation(text))
                            .collect();
                        let hash = crate::archive::sha256_digest(&layer.payload);
                        keyless_signer(
                            signers,
                            &leaf,
                            &signature,
                            hash.trim_start_matches("sha256:"),
                            entries,
                        )
                    });
                    match checked {
                        Ok(identity) => Signer::Certificate(identity),
                        Err(reason) => {
                            tally.keyless.get_or_insert(format!(
                                "the classic signature {}: {reason}",
                                layer.digest
                            ));
                            continue;
                        }
                    }
                }
                _ => continue,
            },
        };
        // Signed by a trusted signer: only now is the payload worth reading.
        let payload: Payload = serde_json::from_slice(&layer.payload).map_err(|e| {
            malformed(format!(
                "the payload {} is not a simple signing payload: {e}",
                layer.digest
            ))
        })?;
        if payload.critical.kind != PAYLOAD_TYPE {
            return Err(malformed(format!(
                "the payload {} has type {:?}, not {PAYLOAD_TYPE:?}",
                layer.digest, payload.critical.kind
            )));
        }
        if payload.critical.image.docker_manifest_digest == digest {
            return Ok(signer.verified(Form::Classic, digest, &layer.digest));
        }
        tally.wrong_digest.get_or_insert((
            Form::Classic,
            signer.to_string(),
            payload.critical.image.docker_manifest_digest,
        ));
    }
    for layer in bundles {
        tally.count += 1;
        let parsed = Bundle::parse(&layer.bytes).and_then(|b| Ok((b.content()?, b)));
        let (content, bundle) = match parsed {
            Ok(parsed) => parsed,
            Err(reason) => {
                tally
                    .malformed
                    .get_or_insert(format!("the Sigstore bundle {}: {reason}", layer.digest));
                continue;
            }
        };
        let by_key = keys.iter().find(|key| {
            content
                .signed
                .verified_by(|m, s| key.verifies(m, s), |d, s| key.verifies_prehash(d, s))
        });
        let signer = match by_key {
            Some(key) => Signer::Key(key.id().to_string()),
            None => {
                let leaf = match (bundle.verification_material.leaf(), signers.keyless) {
                    (Ok(Some(leaf)), Some(_)) => leaf,
                    (Err(reason), _) => {
                        tally.malformed.get_or_insert(format!(
                            "the Sigstore bundle {}: {reason}",
                            layer.digest
                        ));
                        continue;
                    }
                    _ => continue,
                };
                let checked = keyless::certificate_key(&leaf)
                    .map_err(|e| crate::remedy::with_causes(&e))
                    .and_then(|key| {
                        let signature = content
                            .signed
                            .signature_verified_by(
                                |m, s| key.verifies(m, s),
                                |d, s| key.verifies_prehash(d, s),
                            )
                            .ok_or_else(|| {
                                "the signature does not verify with its certificate's key"
                                    .to_string()
                            })?;
                        let entries = bundle
                            .verification_material
                            .tlog_entries
                            .iter()
                            .map(keyless::LogEntry::from_bundle)
                            .collect();
                        keyless_signer(signers, &leaf, signature, &content.hash, entries)
                    });
                match checked {
                    Ok(identity) => Signer::Certificate(identity),
                    Err(reason) => {
                        tally.keyless.get_or_insert(format!(
                            "the Sigstore bundle {}: {reason}",
                            layer.digest
                        ));
                        continue;
                    }
                }
            }
        };
        if content.names.iter().any(|named| named == digest) {
            return Ok(signer.verified(Form::Bundle, digest, &layer.digest));
        }
        tally.wrong_digest.get_or_insert((
            Form::Bundle,
            signer.to_string(),
            if content.names.is_empty() {
                "no sha256 subject".to_string()
            } else {
                content.names.join(", ")
            },
        ));
    }
    Err(match tally {
        Tally {
            wrong_digest: Some((form, key_id, signed)),
            ..
        } => SignatureError::WrongDigest {
            reference: reference.to_string(),
            signature: format!("{form} signature by {key_id}"),
            signed,
            policy: policy.to_string(),
            expected: digest.to_string(),
        },
        Tally {
            keyless: Some(reason),
            ..
        } => SignatureError::Keyless {
            reference: reference.to_string(),
            reason,
            policy: policy.to_string(),
            expected,
        },
        Tally {
            malformed: Some(reason),
            ..
        } => malformed(format!(
            "{reason}; {policy} expects a signature of {digest}"
        )),
        Tally { count: 0, .. } => SignatureError::Unsigned {
            reference: reference.to_string(),
            tag,
            policy: policy.to_string(),
            expected,
        },
        Tally { count, .. } => SignatureError::UntrustedKey {
            reference: reference.to_string(),
            count,
            policy: policy.to_string(),
            expected,
        },
    })
}

/// Who signed a signature that verified.
enum Signer {
    /// A trusted key, by id.
    Key(String),
    /// A certificate the trusted root vouches for.
    Certificate(keyless::CertificateIdentity),
}

impl std::fmt::Display for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Signer::Key(id) => write!(f, "{id}"),
            Signer::Certificate(c) => write!(f, "certificate {} (issuer {})", c.identity, c.issuer),
        }
    }
}

impl Signer {
    fn verified(self, form: Form, digest: &str, signature_digest: &str) -> Verified {
        let (key_id, certificate) = match self {
            Signer::Key(id) => (Some(id), None),
            Signer::Certificate(identity) => (None, Some(identity)),
        };
        Verified {
            form,
            digest: digest.to_string(),
            signature_digest: signature_digest.to_string(),
            key_id,
            certificate,
        }
    }
}

/// A signature manifest ready to push under [`signature_tag`]: its blobs and
/// its manifest, as cosign writes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureArtifact {
    /// The tag (`sha256-<hex>.sig`).
    pub tag: String,
    /// The new payload blob and its digest.
    pub payload: (Vec<u8>, String),
    /// The config blob and its digest.
    pub config: (Vec<u8>, String),
    /// The manifest's bytes.
    pub manifest: Vec<u8>,
}

/// Signs `digest` of the repository `docker_reference` with `key`, keeping
/// the layers of an existing signature manifest (`existing`, its raw layer
/// descriptors) as cosign does when several keys sign the same artifact. A
/// layer with the same payload and signature is not added twice.
pub fn sign(
    key: &PrivateKey,
    docker_reference: &str,
    digest: &str,
    existing: Vec<serde_json::Value>,
) -> Result<SignatureArtifact, crate::reference::DigestError> {
    let tag = signature_tag(digest)?;
    let payload = Payload::new(docker_reference, digest).to_bytes();
    let payload_digest = crate::archive::sha256_digest(&payload);
    let signature = BASE64.encode(key.sign(&payload));
    let descriptor = serde_json::json!({
        "mediaType": SIMPLESIGNING_MEDIA_TYPE,
        "size": payload.len(),
        "digest": payload_digest,
        "annotations": { SIGNATURE_ANNOTATION: signature },
    });
    let mut layers = existing;
    if !layers.contains(&descriptor) {
        layers.push(descriptor);
    }
    let diff_ids: Vec<&str> = layers
        .iter()
        .filter_map(|layer| layer.get("digest").and_then(|d| d.as_str()))
        .collect();
    // The config cosign writes: an empty image whose layers are the payloads.
    let config = serde_json::to_vec(&serde_json::json!({
        "architecture": "",
        "created": "0001-01-01T00:00:00Z",
        "history": [{ "created": "0001-01-01T00:00:00Z" }],
        "os": "",
        "rootfs": { "type": "layers", "diff_ids": diff_ids },
        "config": {},
    }))
    .expect("a config serializes");
    let config_digest = crate::archive::sha256_digest(&config);
    let manifest = serde_json::to_vec(&serde_json::json!({
        "schemaVersion": 2,
        "mediaType": crate::archive::MANIFEST_MEDIA_TYPE,
        "config": {
            "mediaType": CONFIG_MEDIA_TYPE,
            "size": config.len(),
            "digest": config_digest,
        },
        "layers": layers,
    }))
    .expect("a manifest serializes");
    Ok(SignatureArtifact {
        tag,
        payload: (payload, payload_digest),
        config: (config, config_digest),
        manifest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::tests::test_key;

    const DIGEST: &str = "sha256:1111111111111111111111111111111111111111111111111111111111111111";
    const OTHER: &str = "sha256:2222222222222222222222222222222222222222222222222222222222222222";

    /// The layers a signature manifest made by [`sign`] holds.
    fn layers_of(artifact: &SignatureArtifact) -> Vec<SignatureLayer> {
        let manifest: serde_json::Value = serde_json::from_slice(&artifact.manifest).unwrap();
        manifest["layers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|layer| SignatureLayer {
                media_type: layer["mediaType"].as_str().unwrap().to_string(),
                digest: layer["digest"].as_str().unwrap().to_string(),
                payload: artifact.payload.0.clone(),
                signature: layer["annotations"][SIGNATURE_ANNOTATION]
                    .as_str()
                    .map(str::to_string),
                certificate: None,
                log_entry: None,
            })
            .collect()
    }

    #[test]
    fn payloads_are_cosigns() {
        // The exact bytes cosign signs (its field order, `optional: null`).
        assert_eq!(
            String::from_utf8(Payload::new("r.example/pkgs/app", DIGEST).to_bytes()).unwrap(),
            format!(
                r#"{{"critical":{{"identity":{{"docker-reference":"r.example/pkgs/app"}},"image":{{"docker-manifest-digest":"{DIGEST}"}},"type":"cosign container image signature"}},"optional":null}}"#
            )
        );
        assert_eq!(
            signature_tag(DIGEST).unwrap(),
            "sha256-1111111111111111111111111111111111111111111111111111111111111111.sig"
        );
        assert!(signature_tag("sha256:../x").is_err());
    }

    #[test]
    fn a_trusted_keys_signature_of_the_digest_verifies() {
        let key = test_key(1);
        let artifact = sign(&key, "r.example/pkgs/app", DIGEST, Vec::new()).unwrap();
        assert_eq!(
            artifact,
            sign(&key, "r.example/pkgs/app", DIGEST, Vec::new()).unwrap()
        );
        let verified = verify("ref", DIGEST, &layers_of(&artifact), &[key.public()], "p").unwrap();
        assert_eq!(verified.key_id.as_deref(), Some(key.id()));
        assert_eq!(verified.form, Form::Classic);
        // Classic records serialize as they did before bundles were read
        // (saved plans keep their hashes); bundle ones say so.
        let record = serde_json::to_value(&verified).unwrap();
        assert!(record.get("form").is_none(), "{record}");
        let bundle = Verified {
            form: Form::Bundle,
            ..verified.clone()
        };
        assert_eq!(serde_json::to_value(&bundle).unwrap()["form"], "bundle");
        assert_eq!(verified.signature_digest, artifact.payload.1);
        assert_eq!(verified.digest, DIGEST);
        // A second signer keeps the first signature.
        let both = sign(&test_key(2), "r.example/pkgs/app", DIGEST, {
            let manifest: serde_json::Value = serde_json::from_slice(&artifact.manifest).unwrap();
            manifest["layers"].as_array().unwrap().clone()
        })
        .unwrap();
        let manifest: serde_json::Value = serde_json::from_slice(&both.manifest).unwrap();
        assert_eq!(manifest["layers"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn unsigned_other_keys_and_copied_signatures_are_refused() {
        let key = test_key(1);
        let trusted = [key.public()];
        let error = verify("ref", DIGEST, &[], &trusted, "repository stable").unwrap_err();
        assert!(matches!(error, SignatureError::Unsigned { .. }), "{error}");
        let text = error.to_string();
        assert!(
            text.contains("ref") && text.contains("repository stable") && text.contains(key.id()),
            "{text}"
        );

        let other = sign(&test_key(2), "r", DIGEST, Vec::new()).unwrap();
        let error = verify("ref", DIGEST, &layers_of(&other), &trusted, "p").unwrap_err();
        assert!(
            matches!(error, SignatureError::UntrustedKey { count: 1, .. }),
            "{error}"
        );

        // Signed by the trusted key, but for another digest.
        let copied = sign(&key, "r", OTHER, Vec::new()).unwrap();
        let error = verify("ref", DIGEST, &layers_of(&copied), &trusted, "p").unwrap_err();
        assert!(
            matches!(&error, SignatureError::WrongDigest { signed, .. } if signed == OTHER),
            "{error}"
        );

        // A tampered payload fails the signature.
        let mut tampered = layers_of(&sign(&key, "r", DIGEST, Vec::new()).unwrap());
        tampered[0].payload.push(b' ');
        let error = verify("ref", DIGEST, &tampered, &trusted, "p").unwrap_err();
        assert!(
            matches!(error, SignatureError::UntrustedKey { .. }),
            "{error}"
        );

        // A huge annotation is refused, not decoded.
        let mut huge = layers_of(&sign(&key, "r", DIGEST, Vec::new()).unwrap());
        huge[0].signature = Some("A".repeat(MAX_SIGNATURE_CHARS + 4));
        let error = verify("ref", DIGEST, &huge, &trusted, "p").unwrap_err();
        assert!(matches!(error, SignatureError::Malformed { .. }), "{error}");
    }

    /// A keyless DSSE bundle of `digest` signed by `signer`'s certificate
    /// for `email`, logged by `sigstore`'s log.
    fn keyless_bundle(
        sigstore: &keyless::tests::Sigstore,
        signer: &PrivateKey,
        email: &str,
        digest: &str,
    ) -> BundleLayer {
        use keyless::tests::{ISSUER, JAN_1};
        let payload = bundle::statement("r.example/pkgs/app", digest).unwrap();
        let signature = signer.sign(&bundle::pae(bundle::IN_TOTO_PAYLOAD_TYPE, &payload));
        let leaf = sigstore.leaf(signer, email, ISSUER, JAN_1 + 86_400);
        let payload_hash = crate::archive::sha256_digest(&payload);
        let entry = sigstore.dsse_entry(
            &leaf,
            &signature,
            payload_hash.trim_start_matches("sha256:"),
            JAN_1 + 86_460,
        );
        let value = Bundle {
            media_type: bundle::BUNDLE_MEDIA_TYPE.to_string(),
            verification_material: bundle::VerificationMaterial {
                certificate: Some(bundle::RawBytes {
                    raw_bytes: BASE64.encode(&leaf),
                }),
                tlog_entries: vec![keyless::tests::tlog_entry(&entry)],
                ..Default::default()
            },
            message_signature: None,
            dsse_envelope: Some(bundle::Envelope {
                payload: BASE64.encode(&payload),
                payload_type: bundle::IN_TOTO_PAYLOAD_TYPE.to_string(),
                signatures: vec![bundle::EnvelopeSignature {
                    sig: BASE64.encode(&signature),
                    keyid: String::new(),
                }],
            }),
        };
        let bytes = serde_json::to_vec(&value).unwrap();
        BundleLayer {
            digest: crate::archive::sha256_digest(&bytes),
            bytes,
        }
    }

    #[test]
    fn keyless_bundles_and_classic_keyless_signatures_verify_by_identity() {
        use keyless::tests::{EMAIL, ISSUER, JAN_1, Sigstore, annotation, identities};
        let sigstore = Sigstore::new(10);
        let root = sigstore.root();
        let ids = identities(&[
            keyless::IdentityRule::parse(&format!("{ISSUER}={EMAIL}"), false).unwrap(),
        ]);
        let signers = Signers {
            keys: &[],
            keyless: Some((&root, &ids)),
        };
        let signer = test_key(20);

        // The bundle form.
        let good = keyless_bundle(&sigstore, &signer, EMAIL, DIGEST);
        let verified = verify_all("ref", DIGEST, &[], &[good], &signers, "p").unwrap();
        assert_eq!(verified.form, Form::Bundle);
        assert_eq!(verified.key_id, None);
        let certificate = verified.certificate.as_ref().unwrap();
        assert_eq!(
            (certificate.identity.as_str(), certificate.issuer.as_str()),
            (EMAIL, ISSUER)
        );
        assert_eq!(certificate.log_index, 42);
        assert!(verified.signer().contains(EMAIL), "{}", verified.signer());

        // Another subject: refused, naming the policy and who was expected.
        let stranger = keyless_bundle(&sigstore, &signer, "mallory@example.com", DIGEST);
        let error =
            verify_all("ref", DIGEST, &[], &[stranger], &signers, "repository r").unwrap_err();
        assert!(matches!(error, SignatureError::Keyless { .. }), "{error}");
        let text = error.to_string();
        assert!(
            text.contains("mallory@example.com")
                && text.contains("repository r")
                && text.contains(&format!("identity {ISSUER}={EMAIL}")),
            "{text}"
        );

        // A valid keyless bundle of another digest: a copy.
        let copied = keyless_bundle(&sigstore, &signer, EMAIL, OTHER);
        let error = verify_all("ref", DIGEST, &[], &[copied], &signers, "p").unwrap_err();
        assert!(
            matches!(&error, SignatureError::WrongDigest { signed, .. } if signed == OTHER),
            "{error}"
        );

        // Without a trusted root, a keyless bundle is no trusted signature.
        let plain = keyless_bundle(&sigstore, &signer, EMAIL, DIGEST);
        let error = verify("ref", DIGEST, &[], &[test_key(1).public()], "p");
        assert!(error.is_err());
        let keys_only = Signers {
            keys: &[],
            keyless: None,
        };
        assert!(matches!(
            verify_all("ref", DIGEST, &[], &[plain], &keys_only, "p").unwrap_err(),
            SignatureError::UntrustedKey { .. }
        ));

        // The classic form with cosign's keyless annotations.
        let payload = Payload::new("r.example/pkgs/app", DIGEST).to_bytes();
        let signature = signer.sign(&payload);
        let leaf = sigstore.leaf(&signer, EMAIL, ISSUER, JAN_1 + 86_400);
        let hash = crate::archive::sha256_digest(&payload);
        let entry = sigstore.entry(
            &leaf,
            &signature,
            hash.trim_start_matches("sha256:"),
            JAN_1 + 86_460,
        );
        let layer = SignatureLayer {
            media_type: SIMPLESIGNING_MEDIA_TYPE.to_string(),
            digest: hash.clone(),
            payload: payload.clone(),
            signature: Some(BASE64.encode(&signature)),
            certificate: Some(format!(
                "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n",
                BASE64.encode(&leaf)
            )),
            log_entry: Some(annotation(&entry)),
        };
        let verified = verify_all(
            "ref",
            DIGEST,
            std::slice::from_ref(&layer),
            &[],
            &signers,
            "p",
        )
        .unwrap();
        assert_eq!(verified.form, Form::Classic);
        assert_eq!(verified.certificate.unwrap().identity, EMAIL);
        // Without its log entry it is refused.
        let unlogged = SignatureLayer {
            log_entry: None,
            ..layer
        };
        let error = verify_all("ref", DIGEST, &[unlogged], &[], &signers, "p").unwrap_err();
        assert!(
            error.to_string().contains("no transparency-log entry"),
            "{error}"
        );
    }

    #[test]
    fn verify_modes_parse() {
        for mode in [VerifyMode::Enforce, VerifyMode::Warn, VerifyMode::Off] {
            assert_eq!(mode.as_str().parse::<VerifyMode>().unwrap(), mode);
        }
        assert!(
            "strict"
                .parse::<VerifyMode>()
                .unwrap_err()
                .to_string()
                .contains("strict")
        );
    }
}
