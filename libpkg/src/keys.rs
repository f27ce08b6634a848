//! ECDSA P-256 keys, as cosign uses them: PEM files in, SHA-256 ECDSA
//! signatures (ASN.1 DER) out. Shared by approvals of plans and by package
//! signatures, so both accept the same key files and name keys the same way.

use p256::ecdsa::signature::{Signer as _, Verifier as _};
use p256::ecdsa::{Signature, SigningKey, VerifyingKey};
use p256::pkcs8::{DecodePrivateKey as _, DecodePublicKey as _, EncodePublicKey as _};
use sha2::{Digest, Sha256};

/// A key file that holds no usable P-256 key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {reason}")]
pub struct KeyError {
    /// The file.
    pub file: String,
    /// What is wrong.
    pub reason: String,
}

/// A P-256 private key.
#[derive(Clone)]
pub struct PrivateKey {
    key: SigningKey,
    id: String,
}

impl std::fmt::Debug for PrivateKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key itself.
        f.debug_struct("PrivateKey").field("id", &self.id).finish()
    }
}

impl PrivateKey {
    /// Reads an unencrypted P-256 private key in PEM: PKCS#8 (`PRIVATE KEY`)
    /// or SEC1 (`EC PRIVATE KEY`, as `openssl ecparam -genkey` writes).
    /// `file` names it in errors.
    pub fn from_pem(file: &str, text: &str) -> Result<PrivateKey, KeyError> {
        let error = |reason: &str| KeyError {
            file: file.to_string(),
            reason: reason.to_string(),
        };
        let key = if text.contains("-----BEGIN PRIVATE KEY-----") {
            SigningKey::from_pkcs8_pem(text)
                .map_err(|_| error("not a P-256 (prime256v1) private key in PKCS#8 PEM"))?
        } else if text.contains("-----BEGIN EC PRIVATE KEY-----") {
            p256::SecretKey::from_sec1_pem(text)
                .map(SigningKey::from)
                .map_err(|_| error("not a P-256 (prime256v1) private key in SEC1 PEM"))?
        } else if text.contains("ENCRYPTED") {
            return Err(error(
                "an encrypted private key; decrypt it first (openssl pkcs8 -in KEY -out PLAIN)",
            ));
        } else {
            return Err(error(
                "no PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN EC PRIVATE KEY-----)",
            ));
        };
        Ok(PrivateKey::from(key))
    }

    /// The key's id: see [`PublicKey::id`].
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The public half.
    pub fn public(&self) -> PublicKey {
        PublicKey::from(*self.key.verifying_key())
    }

    /// Signs `message` (SHA-256, ECDSA, ASN.1 DER). Nonces are derived from
    /// the key and message (RFC 6979): the same inputs give the same bytes.
    pub fn sign(&self, message: &[u8]) -> Vec<u8> {
        let signature: Signature = self.key.sign(message);
        signature.to_der().as_bytes().to_vec()
    }
}

impl From<SigningKey> for PrivateKey {
    fn from(key: SigningKey) -> PrivateKey {
        let id = PublicKey::from(*key.verifying_key()).id;
        PrivateKey { key, id }
    }
}

/// A P-256 public key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicKey {
    key: VerifyingKey,
    id: String,
}

impl PublicKey {
    /// Reads a public key in PEM (`-----BEGIN PUBLIC KEY-----`, as
    /// `cosign generate-key-pair` and `openssl ec -pubout` write).
    pub fn from_pem(file: &str, text: &str) -> Result<PublicKey, KeyError> {
        VerifyingKey::from_public_key_pem(text)
            .map(PublicKey::from)
            .map_err(|_| KeyError {
                file: file.to_string(),
                reason: "not a P-256 public key in PEM (-----BEGIN PUBLIC KEY-----)".to_string(),
            })
    }

    /// The key's id: `sha256:` of its SubjectPublicKeyInfo DER, the
    /// fingerprint plans and approvals name keys by.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The key in PEM.
    pub fn to_pem(&self) -> String {
        self.key
            .to_public_key_pem(p256::pkcs8::LineEnding::LF)
            .expect("a P-256 public key encodes")
    }

    /// Whether `signature` (ASN.1 DER) is this key's over `message`.
    pub fn verifies(&self, message: &[u8], signature: &[u8]) -> bool {
        Signature::from_der(signature)
            .is_ok_and(|signature| self.key.verify(message, &signature).is_ok())
    }
}

impl From<VerifyingKey> for PublicKey {
    fn from(key: VerifyingKey) -> PublicKey {
        let der = key.to_public_key_der().expect("a P-256 public key encodes");
        let id = format!("sha256:{}", hex::encode(Sha256::digest(der.as_bytes())));
        PublicKey { key, id }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A key from a fixed scalar, for tests.
    pub(crate) fn test_key(seed: u8) -> PrivateKey {
        let secret = p256::SecretKey::from_slice(&[seed; 32]).expect("a valid scalar");
        PrivateKey::from(SigningKey::from(secret))
    }

    // A P-256 key made for this test with `openssl ecparam -genkey -name prime256v1 -noout`.
    const SEC1: &str = "-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIMO16D1p68klcyKthrLpSXt2Ht31c85R+L0biLSu/DT8oAoGCCqGSM49
AwEHoUQDQgAEVc9qCD4LljkHLhnkhGlEMaGMVZuyPvpsXUKaEujcFPYS3x+gg5Na
HR28Hd8kkdC0MOjjpHhPigQaLc9iQm1ReQ==
-----END EC PRIVATE KEY-----
";

    #[test]
    fn keys_read_from_pem_sign_and_verify() {
        let key = PrivateKey::from_pem("a.key", SEC1).unwrap();
        let signature = key.sign(b"message");
        assert_eq!(signature, key.sign(b"message"), "deterministic");
        let public = PublicKey::from_pem("a.pub", &key.public().to_pem()).unwrap();
        assert_eq!(public.id(), key.id());
        assert!(public.verifies(b"message", &signature));
        assert!(!public.verifies(b"massage", &signature));
        assert!(!public.verifies(b"message", b"not DER"));
        assert!(!test_key(2).public().verifies(b"message", &signature));
        assert!(format!("{key:?}").contains(key.id()) && !format!("{key:?}").contains("MHcC"));
        let pkcs8 =
            p256::pkcs8::EncodePrivateKey::to_pkcs8_pem(&key.key, p256::pkcs8::LineEnding::LF)
                .unwrap();
        assert_eq!(
            PrivateKey::from_pem("b.key", &pkcs8).unwrap().id(),
            key.id()
        );
    }

    #[test]
    fn bad_key_files_are_named() {
        for (text, why) in [
            ("hello", "no PEM private key"),
            (
                "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n",
                "encrypted",
            ),
            (
                "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n",
                "SEC1",
            ),
        ] {
            let error = PrivateKey::from_pem("bad.key", text)
                .unwrap_err()
                .to_string();
            assert!(
                error.starts_with("bad.key: ") && error.contains(why),
                "{error}"
            );
        }
        let error = PublicKey::from_pem("k.pub", SEC1).unwrap_err().to_string();
        assert!(
            error.contains("k.pub") && error.contains("public key"),
            "{error}"
        );
    }
}
