//! Sigstore bundles (v0.3) attached to an artifact as OCI referrers: cosign
//! v3's default storage form. Pure: it parses, builds and checks bundles and
//! the referrer manifests that carry them; `crate::registry` reads and writes
//! them (the referrers API, or its fallback tag on registries without one).
//!
//! A bundle referrer is an image manifest with `artifactType`
//! [`BUNDLE_MEDIA_TYPE`], an empty config ([`EMPTY_MEDIA_TYPE`]), one layer of
//! media type [`BUNDLE_MEDIA_TYPE`] holding the bundle JSON, and `subject` the
//! signed manifest's descriptor. The bundle holds either
//! - a DSSE envelope (what `cosign sign` writes for an image in v3): an
//!   in-toto statement v1 (`payloadType` [`IN_TOTO_PAYLOAD_TYPE`]) whose
//!   subject's `sha256` digest is the signed manifest's, predicate type
//!   [`SIGN_PREDICATE_TYPE`]; the signature is over the DSSE pre-authentication
//!   encoding (PAE) of the payload; or
//! - a message signature (what `cosign sign-blob --bundle` writes for a file;
//!   here the file is the manifest): `messageDigest` is the SHA-256 of the
//!   manifest bytes, that is the pinned digest itself, and the signature is
//!   over the manifest bytes, so it is checked against that digest.
//!
//! Either way the bundle verifies only if it names the pinned digest: a valid
//! bundle copied from another artifact is refused. The signer is a trusted key
//! (`verificationMaterial.publicKey`; such a bundle needs no transparency-log
//! entry) or a certificate checked against a trusted root
//! ([`super::keyless`]).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::{Deserialize, Serialize};

use crate::keys::PrivateKey;

/// The media type of a Sigstore bundle v0.3 (the referrer's artifact type
/// and its layer's media type).
pub const BUNDLE_MEDIA_TYPE: &str = "application/vnd.dev.sigstore.bundle.v0.3+json";
/// The media type and digest of the empty config a referrer carries.
pub const EMPTY_MEDIA_TYPE: &str = "application/vnd.oci.empty.v1+json";
/// The empty config's bytes (`{}`).
pub const EMPTY_CONFIG: &[u8] = b"{}";
/// The media type of an OCI image index (the referrers list).
pub const INDEX_MEDIA_TYPE: &str = "application/vnd.oci.image.index.v1+json";
/// The DSSE payload type of an in-toto statement.
pub const IN_TOTO_PAYLOAD_TYPE: &str = "application/vnd.in-toto+json";
/// The `_type` of an in-toto statement v1.
pub const STATEMENT_TYPE: &str = "https://in-toto.io/Statement/v1";
/// The predicate type of a cosign v3 image signature.
pub const SIGN_PREDICATE_TYPE: &str = "https://sigstore.dev/cosign/sign/v1";
/// The largest bundle read.
pub const MAX_BUNDLE_BYTES: u64 = 128 << 10;
/// The most referrers looked at for one artifact.
pub const MAX_REFERRERS: usize = super::MAX_SIGNATURES;

/// Why a Sigstore bundle, its referrer manifest or the referrers index is
/// not what is read or written here.
#[derive(Debug, thiserror::Error)]
pub enum SigstoreBundleError {
    /// A base64 field that does not decode.
    #[error("{what} is not base64: {source}")]
    Base64 {
        /// The field.
        what: &'static str,
        /// The decoder's reason.
        source: base64::DecodeError,
    },
    /// `x509CertificateChain` without certificates.
    #[error("an empty x509CertificateChain")]
    EmptyChain,
    /// More than [`MAX_BUNDLE_BYTES`].
    #[error("{size} bytes, more than the {MAX_BUNDLE_BYTES} accepted")]
    TooLarge {
        /// The bundle's size.
        size: usize,
    },
    /// Not the JSON of a bundle.
    #[error("not a Sigstore bundle: {source}")]
    NotABundle {
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// Another media type than a bundle's.
    #[error("media type {media_type:?}, not {BUNDLE_MEDIA_TYPE:?}")]
    MediaType {
        /// The media type.
        media_type: String,
    },
    /// Both or neither of `messageSignature` and `dsseEnvelope`.
    #[error("a bundle holds exactly one of messageSignature and dsseEnvelope")]
    NotOneContent,
    /// A message signature without the digest it signs.
    #[error("the message signature has no messageDigest")]
    NoMessageDigest,
    /// A message digest of another algorithm than SHA-256.
    #[error("messageDigest algorithm {algorithm:?}, not SHA2_256")]
    DigestAlgorithm {
        /// The algorithm.
        algorithm: String,
    },
    /// A message digest that is not 32 bytes.
    #[error("messageDigest.digest is {length} bytes, not 32")]
    DigestLength {
        /// Its length.
        length: usize,
    },
    /// A DSSE payload of another type than in-toto.
    #[error("DSSE payload type {payload_type:?}, not {IN_TOTO_PAYLOAD_TYPE:?}")]
    PayloadType {
        /// The payload type.
        payload_type: String,
    },
    /// A DSSE payload that is not an in-toto statement.
    #[error("the DSSE payload is not an in-toto statement: {source}")]
    NotAStatement {
        /// The JSON parser's reason.
        source: serde_json::Error,
    },
    /// A statement of another `_type`.
    #[error("statement _type {kind:?}, not {STATEMENT_TYPE:?}")]
    StatementType {
        /// The `_type`.
        kind: String,
    },
    /// A DSSE envelope without signatures.
    #[error("the DSSE envelope has no signature")]
    NoSignature,
    /// Not a `sha256:` digest.
    #[error(transparent)]
    Digest(#[from] crate::reference::DigestError),
    /// A digest of another algorithm than SHA-256.
    #[error("{digest} is not a SHA-256 digest")]
    NotSha256 {
        /// The digest.
        digest: String,
    },
    /// The fallback tag's index without a `manifests` list.
    #[error("the referrers index has no manifests")]
    IndexWithoutManifests,
    /// A referrers answer that is not an index.
    #[error("not an image index (no manifests)")]
    NotAnIndex,
    /// More than [`MAX_REFERRERS`] bundle referrers.
    #[error("{count} bundle referrers, more than the {MAX_REFERRERS} accepted")]
    TooManyReferrers {
        /// How many.
        count: usize,
    },
    /// A referrer whose subject is another manifest.
    #[error("its subject is {}, not {expected}", .subject.as_deref().unwrap_or("missing"))]
    Subject {
        /// The subject's digest, when it has one.
        subject: Option<String>,
        /// The digest expected.
        expected: String,
    },
    /// A referrer manifest without layers.
    #[error("no layers")]
    NoLayers,
    /// A referrer manifest without a bundle layer.
    #[error("no layer of media type {BUNDLE_MEDIA_TYPE}")]
    NoBundleLayer,
    /// A bundle layer without a digest.
    #[error("a layer without a digest")]
    LayerWithoutDigest,
    /// A bundle layer without a size.
    #[error("a layer without a size")]
    LayerWithoutSize,
}

/// The fallback tag of the referrers of `digest` (`sha256-<hex>`), for
/// registries without the referrers API.
pub fn referrers_tag(digest: &str) -> Result<String, crate::reference::DigestError> {
    crate::reference::validate_digest(digest)?;
    let (algorithm, hex) = digest.split_once(':').expect("a validated digest");
    Ok(format!("{algorithm}-{hex}"))
}

/// A Sigstore bundle, as its JSON form (protobuf-specs `Bundle`) spells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Bundle {
    /// [`BUNDLE_MEDIA_TYPE`].
    pub media_type: String,
    /// Who signed, and the transparency-log evidence.
    pub verification_material: VerificationMaterial,
    /// A signature over the artifact's bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_signature: Option<MessageSignature>,
    /// A signed statement about the artifact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dsse_envelope: Option<Envelope>,
}

/// `verificationMaterial`: exactly one of a key hint, a certificate or a chain.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerificationMaterial {
    /// A key the verifier already trusts, named by a hint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key: Option<KeyHint>,
    /// The signing certificate (DER, base64).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<RawBytes>,
    /// The signing certificate then its issuers (bundles before v0.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x509_certificate_chain: Option<CertificateChain>,
    /// Transparency-log entries.
    #[serde(default)]
    pub tlog_entries: Vec<TlogEntry>,
    /// RFC 3161 timestamps (not used for verification here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp_verification_data: Option<serde_json::Value>,
}

impl VerificationMaterial {
    /// The signing certificate (DER), when the bundle is keyless.
    pub fn leaf(&self) -> Result<Option<Vec<u8>>, SigstoreBundleError> {
        match (&self.certificate, &self.x509_certificate_chain) {
            (Some(certificate), _) => certificate.decode().map(Some),
            (None, Some(chain)) => match chain.certificates.first() {
                Some(leaf) => leaf.decode().map(Some),
                None => Err(SigstoreBundleError::EmptyChain),
            },
            (None, None) => Ok(None),
        }
    }
}

/// `publicKey`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyHint {
    /// A hint naming the key (cosign: base64 of the SHA-256 of its DER).
    #[serde(default)]
    pub hint: String,
}

/// Base64 bytes in a `rawBytes` field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RawBytes {
    /// Base64 (standard alphabet).
    pub raw_bytes: String,
}

impl RawBytes {
    /// The decoded bytes.
    pub fn decode(&self) -> Result<Vec<u8>, SigstoreBundleError> {
        BASE64
            .decode(self.raw_bytes.trim())
            .map_err(|source| SigstoreBundleError::Base64 {
                what: "rawBytes",
                source,
            })
    }
}

/// `x509CertificateChain`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertificateChain {
    /// Leaf first.
    pub certificates: Vec<RawBytes>,
}

/// One transparency-log (Rekor) entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TlogEntry {
    /// The entry's index in the log (an int64: a string in proto JSON).
    #[serde(with = "int64")]
    pub log_index: i64,
    /// The log's id.
    pub log_id: LogId,
    /// The entry's kind and version (`hashedrekord` `0.0.1`, `dsse` `0.0.1`).
    pub kind_version: KindVersion,
    /// When the log integrated it, in Unix seconds.
    #[serde(with = "int64")]
    pub integrated_time: i64,
    /// The log's signed promise to include it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inclusion_promise: Option<InclusionPromise>,
    /// The proof that it is included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inclusion_proof: Option<InclusionProof>,
    /// The entry's body, as the log canonicalized it (base64).
    pub canonicalized_body: String,
}

/// `logId`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogId {
    /// SHA-256 of the log's public key DER (base64).
    pub key_id: String,
}

/// `kindVersion`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindVersion {
    /// `hashedrekord`, `dsse`, …
    pub kind: String,
    /// `0.0.1`, …
    pub version: String,
}

/// `inclusionPromise`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InclusionPromise {
    /// The SignedEntryTimestamp (base64 DER ECDSA signature).
    pub signed_entry_timestamp: String,
}

/// `inclusionProof`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InclusionProof {
    /// The entry's index in the tree.
    #[serde(with = "int64")]
    pub log_index: i64,
    /// The tree's root hash (base64).
    pub root_hash: String,
    /// The tree's size.
    #[serde(with = "int64")]
    pub tree_size: i64,
    /// The audit path, leaf side first (base64 each).
    #[serde(default)]
    pub hashes: Vec<String>,
    /// The signed checkpoint naming the root.
    pub checkpoint: Checkpoint,
}

/// `checkpoint`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The signed note, as text.
    pub envelope: String,
}

/// `messageSignature`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageSignature {
    /// The digest of what was signed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_digest: Option<MessageDigest>,
    /// The signature (base64 DER).
    pub signature: String,
}

/// `messageDigest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MessageDigest {
    /// `SHA2_256`.
    pub algorithm: String,
    /// The digest (base64).
    pub digest: String,
}

/// A DSSE envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Envelope {
    /// The statement (base64).
    pub payload: String,
    /// [`IN_TOTO_PAYLOAD_TYPE`].
    pub payload_type: String,
    /// Its signatures.
    pub signatures: Vec<EnvelopeSignature>,
}

/// One DSSE signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvelopeSignature {
    /// The signature (base64 DER) over the PAE.
    pub sig: String,
    /// The key's id, often empty.
    #[serde(default)]
    pub keyid: String,
}

/// An in-toto statement (v1; v0.1 is read too).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Statement {
    /// [`STATEMENT_TYPE`].
    #[serde(rename = "_type")]
    pub kind: String,
    /// What it is about.
    pub subject: Vec<Subject>,
    /// What it says.
    pub predicate_type: String,
    /// The predicate.
    #[serde(default)]
    pub predicate: serde_json::Value,
}

/// One statement subject.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    /// A name (the repository, for an image).
    #[serde(default)]
    pub name: String,
    /// `{"sha256": "<hex>"}`.
    pub digest: std::collections::BTreeMap<String, String>,
}

/// Int64 fields: proto JSON writes them as strings; numbers are read too.
mod int64 {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &i64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&value.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Text(String),
            Number(i64),
        }
        match Either::deserialize(deserializer)? {
            Either::Number(n) => Ok(n),
            Either::Text(text) => text.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// The DSSE pre-authentication encoding of `payload` of type `payload_type`:
/// what a DSSE signature is over.
pub fn pae(payload_type: &str, payload: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "DSSEv1 {} {payload_type} {} ",
        payload_type.len(),
        payload.len()
    )
    .into_bytes();
    out.extend_from_slice(payload);
    out
}

/// What a bundle's signature is over, once it is known to name the pinned
/// digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Signed {
    /// A message signature: over the manifest whose SHA-256 is this.
    Prehashed {
        /// The 32 bytes of the digest.
        digest: Vec<u8>,
        /// The signature (DER).
        signature: Vec<u8>,
    },
    /// A DSSE signature: over these PAE bytes.
    Message {
        /// The PAE bytes.
        message: Vec<u8>,
        /// The signatures (DER), any of which may verify.
        signatures: Vec<Vec<u8>>,
    },
}

impl Signed {
    /// Whether `verify(message, signature)` or, for a message signature,
    /// `verify_prehash(digest, signature)` accepts one of its signatures.
    pub fn verified_by(
        &self,
        verify: impl Fn(&[u8], &[u8]) -> bool,
        verify_prehash: impl Fn(&[u8], &[u8]) -> bool,
    ) -> bool {
        self.signature_verified_by(verify, verify_prehash).is_some()
    }

    /// The signature that `verify` (or `verify_prehash`) accepts, if any.
    pub fn signature_verified_by(
        &self,
        verify: impl Fn(&[u8], &[u8]) -> bool,
        verify_prehash: impl Fn(&[u8], &[u8]) -> bool,
    ) -> Option<&[u8]> {
        match self {
            Signed::Prehashed { digest, signature } => {
                verify_prehash(digest, signature).then_some(signature.as_slice())
            }
            Signed::Message {
                message,
                signatures,
            } => signatures
                .iter()
                .find(|s| verify(message, s))
                .map(Vec::as_slice),
        }
    }
}

/// What a bundle signs and the digests it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Content {
    /// What the signature is over.
    pub signed: Signed,
    /// The `sha256:` digests it names (the message digest, or the
    /// statement's subjects): trusted only once the signature verifies.
    pub names: Vec<String>,
    /// The hex SHA-256 a transparency-log entry names for it: the message
    /// digest, or the DSSE payload's.
    pub hash: String,
}

impl Bundle {
    /// Parses bundle JSON (at most [`MAX_BUNDLE_BYTES`]).
    pub fn parse(bytes: &[u8]) -> Result<Bundle, SigstoreBundleError> {
        if bytes.len() as u64 > MAX_BUNDLE_BYTES {
            return Err(SigstoreBundleError::TooLarge { size: bytes.len() });
        }
        let bundle: Bundle = serde_json::from_slice(bytes)
            .map_err(|source| SigstoreBundleError::NotABundle { source })?;
        if bundle.media_type != BUNDLE_MEDIA_TYPE
            && !bundle
                .media_type
                .starts_with("application/vnd.dev.sigstore.bundle+json;version=0.")
        {
            return Err(SigstoreBundleError::MediaType {
                media_type: bundle.media_type,
            });
        }
        if bundle.message_signature.is_some() == bundle.dsse_envelope.is_some() {
            return Err(SigstoreBundleError::NotOneContent);
        }
        Ok(bundle)
    }

    /// What the bundle signs, and which digests it names.
    pub fn content(&self) -> Result<Content, SigstoreBundleError> {
        let decode = |what: &'static str, text: &str| {
            BASE64
                .decode(text.trim())
                .map_err(|source| SigstoreBundleError::Base64 { what, source })
        };
        if let Some(message) = &self.message_signature {
            let Some(signed) = &message.message_digest else {
                return Err(SigstoreBundleError::NoMessageDigest);
            };
            if signed.algorithm != "SHA2_256" {
                return Err(SigstoreBundleError::DigestAlgorithm {
                    algorithm: signed.algorithm.clone(),
                });
            }
            let digest = decode("messageDigest.digest", &signed.digest)?;
            if digest.len() != 32 {
                return Err(SigstoreBundleError::DigestLength {
                    length: digest.len(),
                });
            }
            return Ok(Content {
                names: vec![format!("sha256:{}", hex::encode(&digest))],
                hash: hex::encode(&digest),
                signed: Signed::Prehashed {
                    digest,
                    signature: decode("messageSignature.signature", &message.signature)?,
                },
            });
        }
        let envelope = self.dsse_envelope.as_ref().expect("parse checked");
        if envelope.payload_type != IN_TOTO_PAYLOAD_TYPE {
            return Err(SigstoreBundleError::PayloadType {
                payload_type: envelope.payload_type.clone(),
            });
        }
        let payload = decode("the DSSE payload", &envelope.payload)?;
        let statement: Statement = serde_json::from_slice(&payload)
            .map_err(|source| SigstoreBundleError::NotAStatement { source })?;
        if statement.kind != STATEMENT_TYPE && statement.kind != "https://in-toto.io/Statement/v0.1"
        {
            return Err(SigstoreBundleError::StatementType {
                kind: statement.kind,
            });
        }
        if envelope.signatures.is_empty() {
            return Err(SigstoreBundleError::NoSignature);
        }
        let signatures = envelope
            .signatures
            .iter()
            .map(|s| decode("a DSSE signature", &s.sig))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Content {
            hash: crate::archive::sha256_digest(&payload)
                .trim_start_matches("sha256:")
                .to_string(),
            names: statement
                .subject
                .iter()
                .filter_map(|s| s.digest.get("sha256"))
                .map(|hex| format!("sha256:{hex}"))
                .collect(),
            signed: Signed::Message {
                message: pae(&envelope.payload_type, &payload),
                signatures,
            },
        })
    }
}

/// One bundle referrer as read from the registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleLayer {
    /// The digest of the bundle blob.
    pub digest: String,
    /// The bundle's bytes (verified against the digest by the reader).
    pub bytes: Vec<u8>,
}

/// A bundle referrer ready to push: its blobs, its manifest, and the
/// referrers index that lists it (for registries without the referrers API,
/// pushed under [`referrers_tag`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleArtifact {
    /// The bundle blob and its digest.
    pub bundle: (Vec<u8>, String),
    /// The referrer manifest's bytes and digest.
    pub manifest: (Vec<u8>, String),
}

/// The in-toto statement cosign v3 signs for an image: subject the
/// repository `docker_reference` at `digest`, predicate type
/// [`SIGN_PREDICATE_TYPE`], an empty predicate.
pub fn statement(docker_reference: &str, digest: &str) -> Result<Vec<u8>, SigstoreBundleError> {
    crate::reference::validate_digest(digest)?;
    let hex = digest
        .strip_prefix("sha256:")
        .ok_or_else(|| SigstoreBundleError::NotSha256 {
            digest: digest.to_string(),
        })?;
    Ok(serde_json::to_vec(&serde_json::json!({
        "_type": STATEMENT_TYPE,
        "subject": [{ "name": docker_reference, "digest": { "sha256": hex } }],
        "predicateType": SIGN_PREDICATE_TYPE,
        "predicate": {},
    }))
    .expect("a statement serializes"))
}

/// Signs `digest` (a manifest of media type `media_type` and `size` bytes)
/// of the repository `docker_reference` with `key`, as `cosign sign
/// --new-bundle-format --key` does: a DSSE bundle with the key's hint and no
/// transparency-log entry, in a referrer manifest whose subject is the
/// signed manifest. Deterministic: no time goes into it (cosign adds an
/// `org.opencontainers.image.created` annotation; it is left out).
pub fn sign(
    key: &PrivateKey,
    docker_reference: &str,
    digest: &str,
    media_type: &str,
    size: u64,
) -> Result<BundleArtifact, SigstoreBundleError> {
    let payload = statement(docker_reference, digest)?;
    let signature = key.sign(&pae(IN_TOTO_PAYLOAD_TYPE, &payload));
    let hint = BASE64
        .encode(hex::decode(key.id().trim_start_matches("sha256:")).expect("a key id is hex"));
    let bundle = Bundle {
        media_type: BUNDLE_MEDIA_TYPE.to_string(),
        verification_material: VerificationMaterial {
            public_key: Some(KeyHint { hint }),
            ..Default::default()
        },
        message_signature: None,
        dsse_envelope: Some(Envelope {
            payload: BASE64.encode(&payload),
            payload_type: IN_TOTO_PAYLOAD_TYPE.to_string(),
            signatures: vec![EnvelopeSignature {
                sig: BASE64.encode(signature),
                keyid: String::new(),
            }],
        }),
    };
    let bytes = serde_json::to_vec(&bundle).expect("a bundle serializes");
    Ok(referrer(
        bytes,
        digest,
        media_type,
        size,
        SIGN_PREDICATE_TYPE,
    ))
}

/// The referrer manifest carrying `bundle` for the manifest `digest`.
pub fn referrer(
    bundle: Vec<u8>,
    digest: &str,
    media_type: &str,
    size: u64,
    predicate_type: &str,
) -> BundleArtifact {
    let bundle_digest = crate::archive::sha256_digest(&bundle);
    let manifest = serde_json::to_vec(&serde_json::json!({
        "schemaVersion": 2,
        "mediaType": crate::archive::MANIFEST_MEDIA_TYPE,
        "artifactType": BUNDLE_MEDIA_TYPE,
        "config": {
            "mediaType": EMPTY_MEDIA_TYPE,
            "size": EMPTY_CONFIG.len(),
            "digest": crate::archive::sha256_digest(EMPTY_CONFIG),
        },
        "layers": [{
            "mediaType": BUNDLE_MEDIA_TYPE,
            "size": bundle.len(),
            "digest": bundle_digest,
        }],
        "subject": { "mediaType": media_type, "size": size, "digest": digest },
        "annotations": {
            "dev.sigstore.bundle.content": "dsse-envelope",
            "dev.sigstore.bundle.predicateType": predicate_type,
        },
    }))
    .expect("a manifest serializes");
    let manifest_digest = crate::archive::sha256_digest(&manifest);
    BundleArtifact {
        bundle: (bundle, bundle_digest),
        manifest: (manifest, manifest_digest),
    }
}

/// The referrers index after adding `artifact` to `existing` (the fallback
/// tag's index as read, if any): the entry is added once, with its
/// `artifactType` and annotations as the referrers API would list it.
pub fn add_to_index(
    existing: Option<&serde_json::Value>,
    artifact: &BundleArtifact,
) -> Result<Vec<u8>, SigstoreBundleError> {
    let mut entries = match existing.map(|index| index.get("manifests")) {
        None => Vec::new(),
        Some(Some(serde_json::Value::Array(entries))) => entries.clone(),
        Some(_) => return Err(SigstoreBundleError::IndexWithoutManifests),
    };
    let manifest: serde_json::Value =
        serde_json::from_slice(&artifact.manifest.0).expect("a manifest this module made");
    let entry = serde_json::json!({
        "mediaType": crate::archive::MANIFEST_MEDIA_TYPE,
        "size": artifact.manifest.0.len(),
        "digest": artifact.manifest.1,
        "artifactType": BUNDLE_MEDIA_TYPE,
        "annotations": manifest["annotations"],
    });
    if !entries
        .iter()
        .any(|e| e.get("digest") == entry.get("digest"))
    {
        entries.push(entry);
    }
    Ok(serde_json::to_vec(&serde_json::json!({
        "schemaVersion": 2,
        "mediaType": INDEX_MEDIA_TYPE,
        "manifests": entries,
    }))
    .expect("an index serializes"))
}

/// The bundle referrers an index lists (entries of artifact type
/// [`BUNDLE_MEDIA_TYPE`]): their manifests' digests, at most
/// [`MAX_REFERRERS`].
pub fn bundle_referrers(index: &serde_json::Value) -> Result<Vec<String>, SigstoreBundleError> {
    let Some(serde_json::Value::Array(entries)) = index.get("manifests") else {
        return Err(SigstoreBundleError::NotAnIndex);
    };
    let found: Vec<String> = entries
        .iter()
        .filter(|e| e.get("artifactType").and_then(|t| t.as_str()) == Some(BUNDLE_MEDIA_TYPE))
        .filter_map(|e| e.get("digest").and_then(|d| d.as_str()).map(str::to_string))
        .collect();
    if found.len() > MAX_REFERRERS {
        return Err(SigstoreBundleError::TooManyReferrers { count: found.len() });
    }
    Ok(found)
}

/// The bundle layer a referrer manifest carries: its digest and size, after
/// checking that its subject is `digest`.
pub fn bundle_layer(
    manifest: &serde_json::Value,
    digest: &str,
) -> Result<(String, u64), SigstoreBundleError> {
    let subject = manifest
        .get("subject")
        .and_then(|s| s.get("digest"))
        .and_then(|d| d.as_str());
    if subject != Some(digest) {
        return Err(SigstoreBundleError::Subject {
            subject: subject.map(str::to_string),
            expected: digest.to_string(),
        });
    }
    let layers = manifest
        .get("layers")
        .and_then(|l| l.as_array())
        .ok_or(SigstoreBundleError::NoLayers)?;
    let layer = layers
        .iter()
        .find(|l| l.get("mediaType").and_then(|t| t.as_str()) == Some(BUNDLE_MEDIA_TYPE))
        .ok_or(SigstoreBundleError::NoBundleLayer)?;
    let layer_digest = layer
        .get("digest")
        .and_then(|d| d.as_str())
        .ok_or(SigstoreBundleError::LayerWithoutDigest)?;
    crate::reference::validate_digest(layer_digest)?;
    let size = layer
        .get("size")
        .and_then(|s| s.as_u64())
        .ok_or(SigstoreBundleError::LayerWithoutSize)?;
    Ok((layer_digest.to_string(), size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::tests::test_key;

    const DIGEST: &str = "sha256:1111111111111111111111111111111111111111111111111111111111111111";
    const OTHER: &str = "sha256:2222222222222222222222222222222222222222222222222222222222222222";

    fn bundle_of(artifact: &BundleArtifact) -> Bundle {
        Bundle::parse(&artifact.bundle.0).unwrap()
    }

    #[test]
    fn pae_is_the_dsse_spec_s() {
        // The DSSE specification's example.
        assert_eq!(
            pae("http://example.com/HelloWorld", b"hello world"),
            b"DSSEv1 29 http://example.com/HelloWorld 11 hello world"
        );
    }

    #[test]
    fn signed_bundles_are_cosign_s_shape_and_deterministic() {
        let key = test_key(1);
        let artifact = sign(
            &key,
            "r.example/pkgs/app",
            DIGEST,
            crate::archive::MANIFEST_MEDIA_TYPE,
            500,
        )
        .unwrap();
        assert_eq!(
            artifact,
            sign(
                &key,
                "r.example/pkgs/app",
                DIGEST,
                crate::archive::MANIFEST_MEDIA_TYPE,
                500
            )
            .unwrap()
        );
        let manifest: serde_json::Value = serde_json::from_slice(&artifact.manifest.0).unwrap();
        assert_eq!(manifest["artifactType"], BUNDLE_MEDIA_TYPE);
        assert_eq!(manifest["config"]["mediaType"], EMPTY_MEDIA_TYPE);
        assert_eq!(
            manifest["config"]["digest"],
            "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"
        );
        assert_eq!(manifest["subject"]["digest"], DIGEST);
        assert_eq!(
            bundle_layer(&manifest, DIGEST).unwrap(),
            (artifact.bundle.1.clone(), artifact.bundle.0.len() as u64)
        );
        assert!(
            bundle_layer(&manifest, OTHER)
                .unwrap_err()
                .to_string()
                .contains(OTHER)
        );
        let bundle = bundle_of(&artifact);
        let envelope = bundle.dsse_envelope.as_ref().unwrap();
        let statement: serde_json::Value =
            serde_json::from_slice(&BASE64.decode(&envelope.payload).unwrap()).unwrap();
        assert_eq!(statement["_type"], STATEMENT_TYPE);
        assert_eq!(statement["predicateType"], SIGN_PREDICATE_TYPE);
        assert_eq!(
            statement["subject"][0]["digest"]["sha256"],
            DIGEST.trim_start_matches("sha256:")
        );
        let content = bundle.content().unwrap();
        assert_eq!(content.names, vec![DIGEST.to_string()]);
        let Signed::Message {
            message,
            signatures,
        } = &content.signed
        else {
            panic!("a DSSE bundle")
        };
        assert!(key.public().verifies(message, &signatures[0]));
        assert!(
            content
                .signed
                .verified_by(|m, s| key.public().verifies(m, s), |_, _| false)
        );
        assert!(
            !content
                .signed
                .verified_by(|m, s| test_key(2).public().verifies(m, s), |_, _| false)
        );

        // The fallback index lists it once, under the bundle artifact type.
        let index: serde_json::Value =
            serde_json::from_slice(&add_to_index(None, &artifact).unwrap()).unwrap();
        let again: serde_json::Value =
            serde_json::from_slice(&add_to_index(Some(&index), &artifact).unwrap()).unwrap();
        assert_eq!(index, again);
        assert_eq!(
            bundle_referrers(&index).unwrap(),
            vec![artifact.manifest.1.clone()]
        );
    }

    #[test]
    fn message_signature_bundles_name_the_manifest_digest() {
        let digest = BASE64.encode(hex::decode(DIGEST.trim_start_matches("sha256:")).unwrap());
        let text = format!(
            r#"{{"mediaType":"{BUNDLE_MEDIA_TYPE}","verificationMaterial":{{"publicKey":{{"hint":"x"}},"tlogEntries":[]}},"messageSignature":{{"messageDigest":{{"algorithm":"SHA2_256","digest":"{digest}"}},"signature":"AAAA"}}}}"#
        );
        let content = Bundle::parse(text.as_bytes()).unwrap().content().unwrap();
        assert!(matches!(content.signed, Signed::Prehashed { .. }));
        assert_eq!(content.names, vec![DIGEST.to_string()]);
    }

    #[test]
    fn malformed_and_oversized_bundles_are_refused() {
        assert!(Bundle::parse(b"{}").is_err());
        assert!(
            Bundle::parse(&vec![b' '; MAX_BUNDLE_BYTES as usize + 1])
                .unwrap_err()
                .to_string()
                .contains("more than")
        );
        let both = format!(
            r#"{{"mediaType":"{BUNDLE_MEDIA_TYPE}","verificationMaterial":{{}},"messageSignature":{{"signature":"AA=="}},"dsseEnvelope":{{"payload":"","payloadType":"x","signatures":[]}}}}"#
        );
        assert!(
            Bundle::parse(both.as_bytes())
                .unwrap_err()
                .to_string()
                .contains("exactly one")
        );
        let other_type = r#"{"mediaType":"application/json","verificationMaterial":{},"messageSignature":{"signature":"AA=="}}"#;
        assert!(Bundle::parse(other_type.as_bytes()).is_err());
        let no_digest = format!(
            r#"{{"mediaType":"{BUNDLE_MEDIA_TYPE}","verificationMaterial":{{}},"messageSignature":{{"signature":"AA=="}}}}"#
        );
        assert!(
            Bundle::parse(no_digest.as_bytes())
                .unwrap()
                .content()
                .unwrap_err()
                .to_string()
                .contains("messageDigest")
        );
        // Int64 fields are read as strings or numbers.
        let entry: TlogEntry = serde_json::from_str(
            r#"{"logIndex":"12","logId":{"keyId":"AA=="},"kindVersion":{"kind":"hashedrekord","version":"0.0.1"},"integratedTime":34,"canonicalizedBody":""}"#,
        )
        .unwrap();
        assert_eq!((entry.log_index, entry.integrated_time), (12, 34));
    }
}
