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
use serde::{Deserialize, Serialize};

use crate::keys::{KeyError, PrivateKey, PublicKey};

/// What an approval's statement says it is.
pub const APPROVAL_KIND: &str = "kubectl-pkg.dev/v1alpha1/Approval";

/// A signed approval of one plan hash.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Approval {
    /// The approved plan's hash (`sha256:…`).
    pub plan_hash: crate::digest::PlanHash,
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
    #[error(transparent)]
    Key(#[from] KeyError),
    /// Fewer trusted approvals than required.
    #[error("{}", not_enough_message(*.required, .valid, .rejected))]
    NotEnough {
        /// Approvals required.
        required: usize,
        /// Distinct trusted approvals found.
        valid: Vec<VerifiedApproval>,
        /// Why each other approval did not count.
        rejected: Vec<RejectedApproval>,
    },
}

/// An approval that does not count, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{approver} (key {key_id}): {reason}")]
pub struct RejectedApproval {
    /// Who the approval says approved.
    pub approver: String,
    /// The key it says signed it.
    pub key_id: String,
    /// Why it does not count.
    pub reason: Rejection,
}

/// Why an approval does not count.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// It approves another plan hash.
    #[error("approves another plan ({approved}), not {expected}")]
    OtherPlan {
        /// The hash it approves.
        approved: String,
        /// The hash being applied.
        expected: String,
    },
    /// Its key is not among the trusted ones.
    #[error("signed by a key that is not trusted")]
    UntrustedKey,
    /// The signature is not base64.
    #[error("the signature is not base64")]
    NotBase64,
    /// The signature does not match the statement (moved or edited).
    #[error("the signature does not verify")]
    BadSignature,
    /// Another approval by the same key was counted already.
    #[error("that key already approved; each key counts once")]
    SameKey,
}

fn not_enough_message(
    required: usize,
    valid: &[VerifiedApproval],
    rejected: &[RejectedApproval],
) -> String {
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

/// Signs an approval of `plan_hash` with `key`. Signing is deterministic
/// (see [`PrivateKey::sign`]): the same inputs give the same approval.
pub fn approve(key: &PrivateKey, plan_hash: &str, approver: &str, comment: &str) -> Approval {
    let statement = Approval::statement(plan_hash, approver, comment, key.id());
    Approval {
        plan_hash: plan_hash.into(),
        approver: approver.to_string(),
        comment: comment.to_string(),
        key_id: key.id().to_string(),
        signature: BASE64.encode(key.sign(&statement)),
    }
}

/// The public keys whose approvals count.
#[derive(Debug, Clone, Default)]
pub struct TrustedKeys {
    keys: Vec<PublicKey>,
}

impl TrustedKeys {
    /// Adds a public key in PEM (see [`PublicKey::from_pem`]); `file` names
    /// it in errors. Returns its id.
    pub fn add_pem(&mut self, file: &str, text: &str) -> Result<String, ApprovalError> {
        let key = PublicKey::from_pem(file, text)?;
        let id = key.id().to_string();
        if !self.keys.iter().any(|known| known.id() == id) {
            self.keys.push(key);
        }
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
    pub fn verify(
        &self,
        approval: &Approval,
        plan_hash: &str,
    ) -> Result<VerifiedApproval, RejectedApproval> {
        let reject = |reason| RejectedApproval {
            approver: approval.approver.clone(),
            key_id: approval.key_id.clone(),
            reason,
        };
        if approval.plan_hash != plan_hash {
            return Err(reject(Rejection::OtherPlan {
                approved: approval.plan_hash.to_string(),
                expected: plan_hash.to_string(),
            }));
        }
        let Some(key) = self.keys.iter().find(|key| key.id() == approval.key_id) else {
            return Err(reject(Rejection::UntrustedKey));
        };
        let signature = BASE64
            .decode(&approval.signature)
            .map_err(|_| reject(Rejection::NotBase64))?;
        let statement = Approval::statement(
            plan_hash,
            &approval.approver,
            &approval.comment,
            &approval.key_id,
        );
        if !key.verifies(&statement, &signature) {
            return Err(reject(Rejection::BadSignature));
        }
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
                    rejected.push(RejectedApproval {
                        approver: verified.approver,
                        key_id: verified.key_id,
                        reason: Rejection::SameKey,
                    });
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
    use crate::keys::tests::test_key;

    fn trusted(keys: &[&PrivateKey]) -> TrustedKeys {
        let mut trusted = TrustedKeys::default();
        for key in keys {
            trusted.add_pem("key.pub", &key.public().to_pem()).unwrap();
        }
        trusted
    }

    const HASH: &str = "sha256:1111111111111111111111111111111111111111111111111111111111111111";
    const OTHER: &str = "sha256:2222222222222222222222222222222222222222222222222222222222222222";

    #[test]
    fn an_approval_by_a_trusted_key_counts_once() {
        let (alice, bob) = (test_key(1), test_key(2));
        let trusted = trusted(&[&alice, &bob, &alice]);
        assert_eq!(trusted.len(), 2);
        let approvals = [
            approve(&alice, HASH, "alice@example.com", "looks right"),
            approve(&alice, HASH, "alice@example.com", "again"),
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
        approvals.push(approve(&bob, HASH, "bob@example.com", ""));
        let valid = trusted.require(&approvals, HASH, 2).unwrap();
        assert_eq!(valid.len(), 2);
        assert_eq!(valid[0].approver, "alice@example.com");
        assert_eq!(
            approve(&bob, HASH, "b", "c"),
            approve(&bob, HASH, "b", "c"),
            "deterministic"
        );
    }

    #[test]
    fn untrusted_keys_other_hashes_and_edited_statements_do_not_count() {
        let (alice, mallory) = (test_key(1), test_key(3));
        let trusted = trusted(&[&alice]);
        let untrusted = approve(&mallory, HASH, "alice@example.com", "");
        assert!(
            trusted
                .verify(&untrusted, HASH)
                .unwrap_err()
                .to_string()
                .contains("not trusted")
        );
        let other = approve(&alice, OTHER, "alice@example.com", "");
        assert!(
            trusted
                .verify(&other, HASH)
                .unwrap_err()
                .to_string()
                .contains("another plan")
        );
        // Moving an approval to another hash, or changing its words, breaks the signature.
        let mut moved = other.clone();
        moved.plan_hash = HASH.into();
        assert!(
            trusted
                .verify(&moved, HASH)
                .unwrap_err()
                .to_string()
                .contains("does not verify")
        );
        let mut reworded = approve(&alice, HASH, "alice@example.com", "ok for staging");
        reworded.comment = "ok for production".to_string();
        assert!(
            trusted
                .verify(&reworded, HASH)
                .unwrap_err()
                .to_string()
                .contains("does not verify")
        );
        let mut garbled = approve(&alice, HASH, "alice@example.com", "");
        garbled.signature = "not base64!".to_string();
        assert!(
            trusted
                .verify(&garbled, HASH)
                .unwrap_err()
                .to_string()
                .contains("not base64")
        );
        assert!(trusted.require(&[], HASH, 0).unwrap().is_empty());
    }
}
