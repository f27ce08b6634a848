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
        PrivateKey::from_pem_with_password(file, text, None)
    }

    /// [`PrivateKey::from_pem`], and also the encrypted keys `cosign
    /// generate-key-pair` writes (`ENCRYPTED SIGSTORE PRIVATE KEY`, or
    /// `ENCRYPTED COSIGN PRIVATE KEY` from older cosign), decrypted with
    /// `password` (cosign allows an empty one); without it, such a key is
    /// refused saying a password is needed.
    pub fn from_pem_with_password(
        file: &str,
        text: &str,
        password: Option<&str>,
    ) -> Result<PrivateKey, KeyError> {
        let error = |reason: &str| KeyError {
            file: file.to_string(),
            reason: reason.to_string(),
        };
        let key = if let Some(sealed) = cosign_encrypted(text) {
            let Some(password) = password else {
                return Err(error(
                    "a cosign key encrypted with a password: give the password (COSIGN_PASSWORD, as cosign reads it)",
                ));
            };
            let der = decrypt_cosign_key(sealed, password).map_err(|reason| error(&reason))?;
            SigningKey::from_pkcs8_der(&der)
                .map_err(|_| error("the decrypted key is not a P-256 (prime256v1) private key"))?
        } else if text.contains("-----BEGIN PRIVATE KEY-----") {
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

/// The base64 body of a cosign encrypted key, if `text` is one.
fn cosign_encrypted(text: &str) -> Option<String> {
    ["SIGSTORE", "COSIGN"].iter().find_map(|label| {
        let begin = format!("-----BEGIN ENCRYPTED {label} PRIVATE KEY-----");
        let end = format!("-----END ENCRYPTED {label} PRIVATE KEY-----");
        let body = text.split_once(&begin)?.1.split_once(&end)?.0;
        Some(body.split_whitespace().collect())
    })
}

/// Opens cosign's sealed key: JSON with the scrypt parameters and salt, the
/// secretbox nonce and the ciphertext of the PKCS#8 DER key.
fn decrypt_cosign_key(body: String, password: &str) -> Result<Vec<u8>, String> {
    use base64::Engine as _;
    use crypto_secretbox::aead::{Aead as _, KeyInit as _};
    #[derive(serde::Deserialize)]
    struct Sealed {
        kdf: Kdf,
        cipher: Cipher,
        ciphertext: String,
    }
    #[derive(serde::Deserialize)]
    struct Kdf {
        name: String,
        params: KdfParams,
        salt: String,
    }
    #[derive(serde::Deserialize)]
    #[allow(non_snake_case)]
    struct KdfParams {
        N: u64,
        r: u32,
        p: u32,
    }
    #[derive(serde::Deserialize)]
    struct Cipher {
        name: String,
        nonce: String,
    }
    let base64 = base64::engine::general_purpose::STANDARD;
    let malformed = |what: &str| format!("not a cosign encrypted key: {what}");
    let json = base64
        .decode(body)
        .map_err(|_| malformed("the PEM body is not base64"))?;
    let sealed: Sealed =
        serde_json::from_slice(&json).map_err(|e| malformed(&format!("its JSON: {e}")))?;
    if sealed.kdf.name != "scrypt" || sealed.cipher.name != "nacl/secretbox" {
        return Err(format!(
            "a key sealed with {} and {}; only scrypt and nacl/secretbox (cosign's) are read",
            sealed.kdf.name, sealed.cipher.name
        ));
    }
    let KdfParams { N, r, p } = sealed.kdf.params;
    // N is a power of two; cosign writes 32768 (65536 with old versions).
    // More than 2^20 would take seconds and gigabytes: refused.
    if !N.is_power_of_two() || !(2..=1 << 20).contains(&N) {
        return Err(malformed(&format!(
            "scrypt N={N} is not a power of two up to 2^20"
        )));
    }
    let params = scrypt::Params::new(N.trailing_zeros() as u8, r, p)
        .map_err(|e| malformed(&format!("scrypt parameters: {e}")))?;
    let salt = base64
        .decode(sealed.kdf.salt)
        .map_err(|_| malformed("the salt"))?;
    let nonce = base64
        .decode(sealed.cipher.nonce)
        .map_err(|_| malformed("the nonce"))?;
    let ciphertext = base64
        .decode(sealed.ciphertext)
        .map_err(|_| malformed("the ciphertext"))?;
    if nonce.len() != 24 {
        return Err(malformed("the nonce is not 24 bytes"));
    }
    let mut key = [0u8; 32];
    scrypt::scrypt(password.as_bytes(), &salt, &params, &mut key)
        .map_err(|e| malformed(&format!("scrypt: {e}")))?;
    let sealed_box = crypto_secretbox::XSalsa20Poly1305::new((&key).into());
    sealed_box
        .decrypt(nonce.as_slice().into(), ciphertext.as_slice())
        .map_err(|_| {
            "the password does not open it (wrong password, or the file was changed)".to_string()
        })
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

    /// Whether `signature` (ASN.1 DER) is this key's over a message whose
    /// SHA-256 is `digest` (a Sigstore message signature names the digest).
    pub fn verifies_prehash(&self, digest: &[u8], signature: &[u8]) -> bool {
        use p256::ecdsa::signature::hazmat::PrehashVerifier;
        digest.len() == 32
            && Signature::from_der(signature)
                .is_ok_and(|signature| self.key.verify_prehash(digest, &signature).is_ok())
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

    impl PrivateKey {
        /// The key in PKCS#8 PEM (for rcgen, in tests).
        pub(crate) fn to_pkcs8_pem(&self) -> String {
            use p256::pkcs8::EncodePrivateKey as _;
            self.key
                .to_pkcs8_pem(p256::pkcs8::LineEnding::LF)
                .expect("a P-256 key encodes")
                .to_string()
        }
    }

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

    /// A test key sealed as `cosign generate-key-pair` seals one (scrypt
    /// N=32768 r=8 p=1, nacl/secretbox), password "correct horse battery staple".
    const COSIGN_ENCRYPTED: &str = "-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----\n\
eyJrZGYiOnsibmFtZSI6InNjcnlwdCIsInBhcmFtcyI6eyJOIjozMjc2OCwiciI6\n\
OCwicCI6MX0sInNhbHQiOiJnY29Td3pnMXUzdGtFUkRPbEVUc3ZGSTYyNVFndW1K\n\
L1o3Y3RCRXA3bDBFPSJ9LCJjaXBoZXIiOnsibmFtZSI6Im5hY2wvc2VjcmV0Ym94\n\
Iiwibm9uY2UiOiJmZmMyYjFWdld6MnNGTWJPQ25ZU3ZtU2NxN3h1Y3k0YSJ9LCJj\n\
aXBoZXJ0ZXh0Ijoibk1vQU4rVWI4YkxaNUxVQnIrMnUzWG9xTVBiTWtmT2NZcE8x\n\
aFVTWmRpZ0hIdHkyQ2d1eDBVMG9JNWlFZzlwSklyOEpsMFpMUHBzMnB4azh4dnhH\n\
OVd3YUZOYUY5TU5iYkN6dnYwMzhwaGZ1Qmlua01ZT2cwRll6TllGNjVTYmM4cXNW\n\
clpPY2ZPZlIwOVBIeGxMUTF0YTVUSUF3NWdiVERIU0JPaFBMN291WE1TbllQS1hX\n\
R2xVL2JGM0dSVTJVY29DVXQrSDExL2ZSckE9PSJ9\n\
-----END ENCRYPTED SIGSTORE PRIVATE KEY-----\n\
";
    const COSIGN_PUBLIC: &str = "-----BEGIN PUBLIC KEY-----\n\
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/1sG8PcsP3YztQeR05RpOJd8luLI\n\
qRwUHR42xC9dPUgaCBeWidaEDX2xaNhN5UEa5qso+b//T7zzn0YQykLqjw==\n\
-----END PUBLIC KEY-----\n\
";

    #[test]
    fn cosign_encrypted_keys_open_with_their_password_only() {
        let public = PublicKey::from_pem("cosign.pub", COSIGN_PUBLIC).unwrap();
        let key = PrivateKey::from_pem_with_password(
            "cosign.key",
            COSIGN_ENCRYPTED,
            Some("correct horse battery staple"),
        )
        .unwrap();
        assert_eq!(key.id(), public.id());
        assert!(public.verifies(b"message", &key.sign(b"message")));
        for (password, why) in [
            (None, "COSIGN_PASSWORD"),
            (Some("wrong"), "password does not open it"),
            (Some(""), "password does not open it"),
        ] {
            let error =
                PrivateKey::from_pem_with_password("cosign.key", COSIGN_ENCRYPTED, password)
                    .unwrap_err()
                    .to_string();
            assert!(
                error.starts_with("cosign.key: ") && error.contains(why),
                "{error}"
            );
        }
        let tampered = COSIGN_ENCRYPTED.replacen("OCwicCI6MX0", "OCwicCI6Mn0", 1);
        let error = PrivateKey::from_pem_with_password(
            "cosign.key",
            &tampered,
            Some("correct horse battery staple"),
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("does not open it"), "{error}");
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
