//! Signed approvals of plan hashes: "I reviewed exactly this plan".
//!
//! An approval is a detached ECDSA P-256 signature (the curve and encoding
//! cosign uses: SHA-256, ASN.1 DER, base64) over a small statement naming the
//! plan hash, the approver and their comment, so none of those can be changed
//! after signing. It travels with the plan (the plan's `approvals`, outside the
//! hash: approving does not change what was approved) and is checked against
//! public keys the applier trusts, never against a key the approval brings.
//! Each trusted key counts once, however many approvals it signed.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use p256::ecdsa::signature::{Signer as _, Verifier as _};
use p256::ecdsa::{Signature, SigningKey, VerifyingKey};
use p256::pkcs8::{DecodePrivateKey as _, DecodePublicKey as _, EncodePublicKey as _};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What an approval's statement says it is.
pub const APPROVAL_KIND: &str = "kubectl-pkg.dev/v1alpha1/Approval";

/// A signed approval of one plan hash.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Approval {
    /// The approved plan's hash (`sha256:…`).
    pub plan_hash: String,
    /// Who approves, as they name themselves (an e-mail address, a team).
    pub approver: String,
    /// What they say about it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// The signing key's id: `sha256:` of its public key (DER, SubjectPublicKeyInfo).
    pub key_id: String,
    /// The signature over [`Approval::statement`], ASN.1 DER, base64.
    pub signature: String,
}

impl Approval {
    /// The exact bytes signed: JSON with sorted keys and no whitespace.
    pub fn statement(plan_hash: &str, approver: &str, comment: &str, key_id: &str) -> Vec<u8> {
        let text = |s: &str| serde_json::to_string(s).expect("a string serializes");
        format!(
            "{{\"approver\":{},\"comment\":{},\"keyId\":{},\"kind\":{},\"planHash\":{}}}",
            text(approver),
            text(comment),
            text(key_id),
            text(APPROVAL_KIND),
            text(plan_hash)
        )
        .into_bytes()
    }
}

/// An approval that verified against a trusted key: what the release record keeps.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerifiedApproval {
    /// Who approved.
    pub approver: String,
    /// Their comment.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// The trusted key that verified it.
    pub key_id: String,
}

/// Keys, signatures and approvals that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApprovalError {
    /// A key file that holds no usable P-256 key.
    #[error("{file}: {reason}")]
    Key {
        /// The file.
        file: String,
        /// What is wrong.
        reason: String,
    },
    /// Fewer trusted approvals than required.
    #[error("{}", not_enough_message(*.required, .valid, .rejected))]
    NotEnough {
        /// Approvals required.
        required: usize,
        /// Distinct trusted approvals found.
        valid: Vec<VerifiedApproval>,
        /// Why each other approval did not count.
        rejected: Vec<String>,
    },
}

fn not_enough_message(required: usize, valid: &[VerifiedApproval], rejected: &[String]) -> String {
    let mut text = format!(
        "this plan needs {required} approval(s) by trusted keys and has {}; nothing was applied",
        valid.len()
    );
    for approval in valid {
        text.push_str(&format!(
            "\n  counted: {} (key {})",
            approval.approver, approval.key_id
        ));
    }
    for reason in rejected {
        text.push_str(&format!("\n  not counted: {reason}"));
    }
    text
}

/// A private key that signs approvals.
pub struct ApprovalKey {
    key: SigningKey,
    key_id: String,
}

impl std::fmt::Debug for ApprovalKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key itself.
        f.debug_struct("ApprovalKey")
            .field("key_id", &self.key_id)
            .finish()
    }
}

impl ApprovalKey {
    /// Reads an unencrypted P-256 private key in PEM: PKCS#8 (`PRIVATE KEY`)
    /// or SEC1 (`EC PRIVATE KEY`, as `openssl ecparam -genkey` writes).
    pub fn from_pem(file: &str, text: &str) -> Result<ApprovalKey, ApprovalError> {
        let error = |reason: &str| ApprovalError::Key {
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
        let key_id = key_id(key.verifying_key());
        Ok(ApprovalKey { key, key_id })
    }

    /// The key's id, as approvals name it.
    pub fn key_id(&self) -> &str {
        &self.key_id
    }

    /// Signs an approval of `plan_hash`. ECDSA nonces are derived from the
    /// key and message (RFC 6979), so the same inputs give the same approval.
    pub fn approve(&self, plan_hash: &str, approver: &str, comment: &str) -> Approval {
        let statement = Approval::statement(plan_hash, approver, comment, &self.key_id);
        let signature: Signature = self.key.sign(&statement);
        Approval {
            plan_hash: plan_hash.to_string(),
            approver: approver.to_string(),
            comment: comment.to_string(),
            key_id: self.key_id.clone(),
            signature: BASE64.encode(signature.to_der().as_bytes()),
        }
    }
}

/// `sha256:` of the key's SubjectPublicKeyInfo DER.
fn key_id(key: &VerifyingKey) -> String {
    let der = key.to_public_key_der().expect("a P-256 public key encodes");
    format!("sha256:{}", hex::encode(Sha256::digest(der.as_bytes())))
}

/// The public keys whose approvals count.
#[derive(Debug, Clone, Default)]
pub struct TrustedKeys {
    keys: Vec<(String, VerifyingKey, String)>,
}

impl TrustedKeys {
    /// Adds a public key in PEM (`-----BEGIN PUBLIC KEY-----`, as
    /// `cosign generate-key-pair` and `openssl ec -pubout` write); `file`
    /// names it in errors and reports.
    pub fn add_pem(&mut self, file: &str, text: &str) -> Result<&str, ApprovalError> {
        let key = VerifyingKey::from_public_key_pem(text).map_err(|_| ApprovalError::Key {
            file: file.to_string(),
            reason: "not a P-256 public key in PEM (-----BEGIN PUBLIC KEY-----)".to_string(),
        })?;
        let id = key_id(&key);
        if !self.keys.iter().any(|(known, _, _)| *known == id) {
            self.keys.push((id, key, file.to_string()));
        }
        let (id, _, _) = self
            .keys
            .iter()
            .find(|(known, _, _)| *known == key_id(&key))
            .expect("just added");
        Ok(id)
    }

    /// How many distinct keys are trusted.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no key is trusted.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Checks one approval of `plan_hash`: the approval, or why it does not count.
    pub fn verify(&self, approval: &Approval, plan_hash: &str) -> Result<VerifiedApproval, String> {
        let who = format!("{} (key {})", approval.approver, approval.key_id);
        if approval.plan_hash != plan_hash {
            return Err(format!(
                "{who}: approves another plan ({}), not {plan_hash}",
                approval.plan_hash
            ));
        }
        let Some((_, key, _)) = self.keys.iter().find(|(id, _, _)| *id == approval.key_id) else {
            return Err(format!("{who}: signed by a key that is not trusted"));
        };
        let signature = BASE64
            .decode(&approval.signature)
            .ok()
            .and_then(|der| Signature::from_der(&der).ok())
            .ok_or_else(|| format!("{who}: the signature is not base64 ASN.1 DER"))?;
        let statement = Approval::statement(
            plan_hash,
            &approval.approver,
            &approval.comment,
            &approval.key_id,
        );
        key.verify(&statement, &signature)
            .map_err(|_| format!("{who}: the signature does not verify"))?;
        Ok(VerifiedApproval {
            approver: approval.approver.clone(),
            comment: approval.comment.clone(),
            key_id: approval.key_id.clone(),
        })
    }

    /// Checks that at least `required` distinct trusted keys approved
    /// `plan_hash`; returns the approvals that count, one per key.
    pub fn require(
        &self,
        approvals: &[Approval],
        plan_hash: &str,
        required: usize,
    ) -> Result<Vec<VerifiedApproval>, ApprovalError> {
        let mut valid: Vec<VerifiedApproval> = Vec::new();
        let mut rejected = Vec::new();
        for approval in approvals {
            match self.verify(approval, plan_hash) {
                Ok(verified) if valid.iter().any(|v| v.key_id == verified.key_id) => {
                    rejected.push(format!(
                        "{} (key {}): that key already approved; each key counts once",
                        verified.approver, verified.key_id
                    ));
                }
                Ok(verified) => valid.push(verified),
                Err(reason) => rejected.push(reason),
            }
        }
        if valid.len() < required {
            return Err(ApprovalError::NotEnough {
                required,
                valid,
                rejected,
            });
        }
        valid.sort();
        Ok(valid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A P-256 key made for this test with `openssl ecparam -genkey -name prime256v1 -noout`.
    const KEY_A: &str = "-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIMO16D1p68klcyKthrLpSXt2Ht31c85R+L0biLSu/DT8oAoGCCqGSM49
AwEHoUQDQgAEVc9qCD4LljkHLhnkhGlEMaGMVZuyPvpsXUKaEujcFPYS3x+gg5Na
HR28Hd8kkdC0MOjjpHhPigQaLc9iQm1ReQ==
-----END EC PRIVATE KEY-----
";

    fn key(seed: u8) -> ApprovalKey {
        let secret = p256::SecretKey::from_slice(&[seed; 32]).expect("a valid scalar");
        let key = SigningKey::from(secret);
        ApprovalKey {
            key_id: key_id(key.verifying_key()),
            key,
        }
    }

    fn trusted(keys: &[&ApprovalKey]) -> TrustedKeys {
        let mut trusted = TrustedKeys::default();
        for key in keys {
            let pem = key
                .key
                .verifying_key()
                .to_public_key_pem(p256::pkcs8::LineEnding::LF)
                .unwrap();
            trusted.add_pem("key.pub", &pem).unwrap();
        }
        trusted
    }

    const HASH: &str = "sha256:1111111111111111111111111111111111111111111111111111111111111111";
    const OTHER: &str = "sha256:2222222222222222222222222222222222222222222222222222222222222222";

    #[test]
    fn an_approval_by_a_trusted_key_counts_once() {
        let (alice, bob) = (key(1), key(2));
        let trusted = trusted(&[&alice, &bob]);
        let approvals = [
            alice.approve(HASH, "alice@example.com", "looks right"),
            alice.approve(HASH, "alice@example.com", "again"),
        ];
        let error = trusted
            .require(&approvals, HASH, 2)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("needs 2 approval(s) by trusted keys and has 1"),
            "{error}"
        );
        assert!(error.contains("each key counts once"), "{error}");
        let mut approvals = approvals.to_vec();
        approvals.push(bob.approve(HASH, "bob@example.com", ""));
        let valid = trusted.require(&approvals, HASH, 2).unwrap();
        assert_eq!(valid.len(), 2);
        assert_eq!(valid[0].approver, "alice@example.com");
    }

    #[test]
    fn untrusted_keys_other_hashes_and_edited_statements_do_not_count() {
        let (alice, mallory) = (key(1), key(3));
        let trusted = trusted(&[&alice]);
        let untrusted = mallory.approve(HASH, "alice@example.com", "");
        assert!(
            trusted
                .verify(&untrusted, HASH)
                .unwrap_err()
                .contains("not trusted")
        );
        let other = alice.approve(OTHER, "alice@example.com", "");
        assert!(
            trusted
                .verify(&other, HASH)
                .unwrap_err()
                .contains("another plan")
        );
        // Moving an approval to another hash, or changing its words, breaks the signature.
        let mut moved = other.clone();
        moved.plan_hash = HASH.to_string();
        assert!(
            trusted
                .verify(&moved, HASH)
                .unwrap_err()
                .contains("does not verify")
        );
        let mut reworded = alice.approve(HASH, "alice@example.com", "ok for staging");
        reworded.comment = "ok for production".to_string();
        assert!(
            trusted
                .verify(&reworded, HASH)
                .unwrap_err()
                .contains("does not verify")
        );
        let mut garbled = alice.approve(HASH, "alice@example.com", "");
        garbled.signature = "not base64!".to_string();
        assert!(
            trusted
                .verify(&garbled, HASH)
                .unwrap_err()
                .contains("not base64")
        );
        assert!(trusted.require(&[], HASH, 0).unwrap().is_empty());
    }

    #[test]
    fn approvals_are_deterministic_and_keys_read_from_pem() {
        let key = ApprovalKey::from_pem("a.key", KEY_A).unwrap();
        let first = key.approve(HASH, "a", "c");
        assert_eq!(first, key.approve(HASH, "a", "c"));
        assert!(format!("{key:?}").contains(key.key_id()) && !format!("{key:?}").contains("MHcC"));
        let pkcs8 = ApprovalKey::from_pem(
            "b.key",
            &p256::pkcs8::EncodePrivateKey::to_pkcs8_pem(&key.key, p256::pkcs8::LineEnding::LF)
                .unwrap(),
        )
        .unwrap();
        assert_eq!(pkcs8.key_id(), key.key_id());
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
            let error = ApprovalKey::from_pem("bad.key", text)
                .unwrap_err()
                .to_string();
            assert!(
                error.starts_with("bad.key: ") && error.contains(why),
                "{error}"
            );
        }
        let error = TrustedKeys::default()
            .add_pem("k.pub", KEY_A)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("k.pub") && error.contains("public key"),
            "{error}"
        );
    }
}
