//! The trust policy: which OCI locations need a signature, by which keys, and
//! how strictly; and the record of each check that the plan keeps.
//!
//! A rule is bound to a location prefix (`host[:port]/path`): a repository
//! added with `--verify-key` binds its own location, a policy file binds any
//! prefix. Every artifact is checked against the most specific rule whose
//! prefix contains it, whatever name it was reached by: a full `oci://`
//! reference typed instead of the repository's name gets the repository's
//! rule.
//!
//! A rule trusts keys, keyless identities, or both. Keyless identities
//! (`ISSUER=SUBJECT`, exact or regular expressions) need the trusted root
//! (`trusted_root.json`) their certificates and log entries are checked
//! against; the rule stores its text, as it stores keys, so it needs no
//! other file later.

use serde::{Deserialize, Serialize};

use super::keyless::{IdentityMatcher, IdentityRule, TrustedRoot};
use super::{SignatureError, Signers, Verified, VerifyMode};
use crate::keys::PublicKey;
use crate::reference::OciRef;

/// What a repository or a policy file says about one location: stored as
/// written (keys as PEM text), so it needs no other file later.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TrustRule {
    /// How strictly.
    pub mode: VerifyMode,
    /// Trusted public keys, PEM.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<String>,
    /// Trusted keyless signers: certificate identities and issuers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub identities: Vec<IdentityRule>,
    /// The trusted root keyless signatures are checked against: the text of
    /// a `trusted_root.json`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trusted_root: Option<String>,
}

/// A rule bound to a location, its keys parsed.
#[derive(Debug, Clone)]
pub struct TrustEntry {
    /// Who said it, for messages and the plan: `repository stable`,
    /// `trust policy ci/trust.yaml rule 2`.
    pub origin: String,
    /// `host[:port]/path`, no scheme, no tag.
    pub prefix: String,
    /// The rule.
    pub mode: VerifyMode,
    /// The trusted keys.
    pub keys: Vec<PublicKey>,
    /// The trusted keyless identities, as written and compiled.
    pub identities: Vec<(IdentityRule, IdentityMatcher)>,
    /// The trusted root for keyless signatures.
    pub trusted_root: Option<std::sync::Arc<TrustedRoot>>,
}

impl TrustEntry {
    /// Who this rule trusts to sign.
    pub fn signers(&self) -> Signers<'_> {
        Signers {
            keys: &self.keys,
            keyless: self
                .trusted_root
                .as_deref()
                .map(|root| (root, self.identities.as_slice())),
        }
    }

    /// Whether it trusts anyone at all.
    pub fn trusts_anyone(&self) -> bool {
        !self.keys.is_empty() || !self.identities.is_empty()
    }
}

/// A rule that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{origin}{}", if .reason.is_empty() { String::new() } else { format!(": {}", .reason) })]
pub struct PolicyError {
    /// The repository or policy file rule.
    pub origin: String,
    /// What is wrong; empty when the source says it all.
    pub reason: String,
    /// The key, identity or trusted root's own error, when one refused it.
    #[source]
    pub source: Option<RuleError>,
}

/// Why a part of a trust rule does not parse, as the source of
/// [`PolicyError`].
#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    /// A key that is not a P-256 public key.
    #[error(transparent)]
    Key(#[from] crate::keys::KeyError),
    /// An identity that is not one.
    #[error(transparent)]
    Identity(#[from] super::keyless::IdentityError),
    /// A trusted root that is not one.
    #[error(transparent)]
    TrustedRoot(#[from] super::keyless::TrustedRootError),
}

/// Every rule in force for one run, and the one-run override.
#[derive(Debug, Clone, Default)]
pub struct TrustPolicy {
    entries: Vec<TrustEntry>,
    /// `--verify-mode`: replaces every rule's mode for this run (shown in the
    /// plan as a warning when it lowers one).
    pub override_mode: Option<VerifyMode>,
}

/// What the policy asks of one artifact.
#[derive(Debug, Clone)]
pub struct Requirement<'a> {
    /// The rule that applies.
    pub entry: &'a TrustEntry,
    /// The mode in force (the override's, if any).
    pub mode: VerifyMode,
}

impl TrustPolicy {
    /// Binds `rule` to `prefix` (an `oci://` prefix or `host/path`), its
    /// keys parsed; `origin` names it in messages.
    pub fn add(&mut self, origin: &str, prefix: &str, rule: &TrustRule) -> Result<(), PolicyError> {
        let fail = |reason: String| PolicyError {
            origin: origin.to_string(),
            reason,
            source: None,
        };
        let refused = |what: &str, source: RuleError| PolicyError {
            origin: origin.to_string(),
            reason: what.to_string(),
            source: Some(source),
        };
        let prefix = normalize_prefix(prefix).map_err(fail)?;
        let keys = rule
            .keys
            .iter()
            .enumerate()
            .map(|(index, pem)| {
                PublicKey::from_pem(&format!("key {}", index + 1), pem)
                    .map_err(|e| refused("", e.into()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let identities = rule
            .identities
            .iter()
            .map(|identity| {
                Ok((
                    identity.clone(),
                    identity.matcher().map_err(|e| refused("", e.into()))?,
                ))
            })
            .collect::<Result<Vec<_>, PolicyError>>()?;
        let trusted_root = rule
            .trusted_root
            .as_deref()
            .map(|text| {
                TrustedRoot::from_json(text)
                    .map(std::sync::Arc::new)
                    .map_err(|e| refused("trusted root", e.into()))
            })
            .transpose()?;
        if !identities.is_empty() && trusted_root.is_none() {
            return Err(fail(
                "keyless identities need a trusted root (trusted_root.json) to check certificates against"
                    .to_string(),
            ));
        }
        if rule.mode != VerifyMode::Off && keys.is_empty() && identities.is_empty() {
            return Err(fail(format!(
                "mode {} needs at least one trusted key or keyless identity",
                rule.mode.as_str()
            )));
        }
        self.entries.push(TrustEntry {
            origin: origin.to_string(),
            prefix,
            mode: rule.mode,
            keys,
            identities,
            trusted_root,
        });
        Ok(())
    }

    /// The rules, in the order they were added.
    pub fn entries(&self) -> &[TrustEntry] {
        &self.entries
    }

    /// The rule for `location`: the longest prefix containing it (a later
    /// rule wins a tie: policy files are added after repositories); `None`
    /// when no rule covers it, or the mode in force is `off`.
    pub fn requirement(&self, location: &OciRef) -> Option<Requirement<'_>> {
        let entry = self
            .entries
            .iter()
            .filter(|entry| location.is_within(&entry.prefix))
            .max_by_key(|entry| entry.prefix.len())?;
        let mode = self.override_mode.unwrap_or(entry.mode);
        (mode != VerifyMode::Off || entry.mode != VerifyMode::Off)
            .then_some(Requirement { entry, mode })
    }

    /// Whether checking `location` needs its signatures read: a rule
    /// covers it in a mode other than `off`, with keys to verify against.
    pub fn needs_signatures(&self, location: &OciRef) -> bool {
        self.requirement(location)
            .is_some_and(|r| r.mode != VerifyMode::Off && r.entry.trusts_anyone())
    }

    /// Checks `location` pinned at `digest`, whose signature layers are
    /// `layers` (read only when [`TrustPolicy::needs_signatures`]): `None`
    /// when no rule covers it; under `enforce` a signature that does not
    /// verify is an error, under `warn` it is recorded as a failure (the plan
    /// warns); under an `off` override the rule it lowered is recorded.
    pub fn judge(
        &self,
        location: &OciRef,
        digest: &str,
        layers: &[super::SignatureLayer],
    ) -> Result<Option<SignatureCheck>, SignatureError> {
        self.judge_all(location, digest, layers, &[])
    }

    /// [`TrustPolicy::judge`] with the Sigstore bundles attached to the
    /// artifact as well: either form verifying is enough.
    pub fn judge_all(
        &self,
        location: &OciRef,
        digest: &str,
        layers: &[super::SignatureLayer],
        bundles: &[super::bundle::BundleLayer],
    ) -> Result<Option<SignatureCheck>, SignatureError> {
        let reference = location.with_digest(digest).to_string();
        let Some(requirement) = self.requirement(location) else {
            if self.override_mode == Some(VerifyMode::Enforce) {
                return Err(SignatureError::Uncovered { reference });
            }
            return Ok(None);
        };
        let entry = requirement.entry;
        let mut record = SignatureCheck {
            reference: reference.clone(),
            policy: entry.origin.clone(),
            mode: requirement.mode,
            overridden: (requirement.mode != entry.mode).then_some(entry.mode),
            verified: None,
            failure: None,
        };
        if requirement.mode == VerifyMode::Off {
            return Ok(Some(record));
        }
        let outcome = if !entry.trusts_anyone() {
            Err(SignatureError::NoKeys {
                reference: reference.clone(),
                policy: entry.origin.clone(),
            })
        } else {
            super::verify_all(
                &reference,
                digest,
                layers,
                bundles,
                &entry.signers(),
                &entry.origin,
            )
        };
        match (outcome, requirement.mode) {
            (Ok(verified), _) => record.verified = Some(verified),
            (Err(error), VerifyMode::Enforce) => return Err(error),
            (Err(error), _) => record.failure = Some(error.to_string()),
        }
        Ok(Some(record))
    }

    /// The check of a saved plan before it is applied: every OCI artifact
    /// the plan was made from that this policy says must be signed
    /// (`enforce`) has a record in `checks` verified by a key this policy
    /// trusts. A plan made where no policy applied, or with `--verify-mode`
    /// lowered, is refused here rather than applied unverified.
    pub fn check_recorded(
        &self,
        references: &[String],
        checks: &[SignatureCheck],
    ) -> Result<(), SignatureError> {
        for reference in references {
            let Some(Ok(location)) = OciRef::from_url(reference) else {
                continue;
            };
            let Some(requirement) = self.requirement(&location) else {
                continue;
            };
            if requirement.entry.mode != VerifyMode::Enforce {
                continue;
            }
            let entry = requirement.entry;
            let trusted: Vec<&str> = entry.keys.iter().map(|k| k.id()).collect();
            let verified = checks.iter().any(|check| {
                &check.reference == reference
                    && check.verified.as_ref().is_some_and(|v| {
                        v.key_id
                            .as_deref()
                            .is_some_and(|key_id| trusted.contains(&key_id))
                            || v.certificate.as_ref().is_some_and(|c| {
                                entry
                                    .identities
                                    .iter()
                                    .any(|(_, m)| m.matches(&c.issuer, &c.identity))
                            })
                    })
            });
            if !verified {
                return Err(SignatureError::NotRecorded {
                    reference: reference.clone(),
                    policy: entry.origin.clone(),
                    expected: entry.signers().expected(),
                });
            }
        }
        Ok(())
    }
}

/// `oci://host/path/` or `host/path` → `host/path`, checked.
fn normalize_prefix(prefix: &str) -> Result<String, String> {
    let bare = OciRef::url_path(prefix).unwrap_or(prefix.trim_end_matches('/'));
    // A catalog image's tag or digest is dropped: the rule covers its
    // repository, every version of it.
    let parsed = OciRef::parse(bare)
        .map_err(|reason| format!("prefix {prefix:?}: {}", crate::remedy::with_causes(&reason)))?;
    Ok(parsed.path())
}

/// One signature check, as the plan records it (inside its hash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignatureCheck {
    /// The artifact, pinned: `oci://host/path@sha256:…`.
    pub reference: String,
    /// The rule that asked (`repository stable`).
    pub policy: String,
    /// The mode in force.
    pub mode: VerifyMode,
    /// The rule's own mode, when `--verify-mode` replaced it for this run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overridden: Option<VerifyMode>,
    /// What verified it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verified: Option<Verified>,
    /// Why it did not verify (`warn` mode went on regardless).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

impl SignatureCheck {
    /// The plan warning this check calls for, if any: a failure under
    /// `warn`, or a mode lowered by `--verify-mode`.
    pub fn warning(&self) -> Option<String> {
        let mode = crate::remedy::Setting::VerifyMode;
        let lowered = self.overridden.filter(|rule| *rule < self.mode);
        match (&self.failure, lowered) {
            (Some(failure), Some(rule)) => Some(format!(
                "signature NOT verified ({failure}); {} says {}, lowered to {} by {mode}",
                self.policy,
                rule.as_str(),
                self.mode.as_str()
            )),
            (Some(failure), None) => Some(format!(
                "signature NOT verified ({failure}); {} is in {} mode",
                self.policy,
                self.mode.as_str()
            )),
            (None, Some(rule)) => Some(format!(
                "{}: {} says {}, lowered to {} by {mode}",
                self.reference,
                self.policy,
                rule.as_str(),
                self.mode.as_str()
            )),
            (None, None) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::tests::test_key;

    fn rule(mode: VerifyMode, key: u8) -> TrustRule {
        TrustRule {
            mode,
            keys: vec![test_key(key).public().to_pem()],
            identities: Vec::new(),
            trusted_root: None,
        }
    }

    fn location(text: &str) -> OciRef {
        OciRef::parse(text).unwrap()
    }

    #[test]
    fn the_longest_prefix_on_a_path_boundary_wins() {
        let mut policy = TrustPolicy::default();
        policy
            .add(
                "repository stable",
                "oci://r.example/pkgs",
                &rule(VerifyMode::Enforce, 1),
            )
            .unwrap();
        policy
            .add(
                "policy rule 1",
                "r.example/pkgs/edge/",
                &rule(VerifyMode::Warn, 2),
            )
            .unwrap();
        let found = policy
            .requirement(&location("r.example/pkgs/app:1.0.0"))
            .unwrap();
        assert_eq!(found.entry.origin, "repository stable");
        assert_eq!(found.mode, VerifyMode::Enforce);
        let found = policy
            .requirement(&location("r.example/pkgs/edge/app@sha256:1111111111111111111111111111111111111111111111111111111111111111"))
            .unwrap();
        assert_eq!(found.entry.origin, "policy rule 1");
        // A sibling whose name merely starts the same is not covered.
        assert!(
            policy
                .requirement(&location("r.example/pkgsx/app"))
                .is_none()
        );
        assert!(
            policy
                .requirement(&location("other.example/pkgs/app"))
                .is_none()
        );
    }

    #[test]
    fn the_override_replaces_the_mode_and_off_rules_need_no_keys() {
        let mut policy = TrustPolicy::default();
        policy
            .add(
                "repository stable",
                "r.example/pkgs",
                &rule(VerifyMode::Enforce, 1),
            )
            .unwrap();
        policy.override_mode = Some(VerifyMode::Warn);
        let found = policy.requirement(&location("r.example/pkgs/app")).unwrap();
        assert_eq!(found.mode, VerifyMode::Warn);
        let error = policy
            .add(
                "repository bare",
                "r.example/bare",
                &TrustRule {
                    mode: VerifyMode::Enforce,
                    keys: Vec::new(),
                    identities: Vec::new(),
                    trusted_root: None,
                },
            )
            .unwrap_err();
        assert!(error.to_string().contains("repository bare"), "{error}");
        policy
            .add(
                "repository open",
                "r.example/open",
                &TrustRule {
                    mode: VerifyMode::Off,
                    keys: Vec::new(),
                    identities: Vec::new(),
                    trusted_root: None,
                },
            )
            .unwrap();
        policy.override_mode = None;
        assert!(
            policy
                .requirement(&location("r.example/open/app"))
                .is_none()
        );
    }

    #[test]
    fn a_saved_plan_needs_a_record_by_a_key_the_policy_trusts() {
        let mut policy = TrustPolicy::default();
        policy
            .add(
                "repository stable",
                "r.example/pkgs",
                &rule(VerifyMode::Enforce, 1),
            )
            .unwrap();
        let reference = "oci://r.example/pkgs/app:1.0.0@sha256:1111111111111111111111111111111111111111111111111111111111111111".to_string();
        let check = |key: u8| SignatureCheck {
            reference: reference.clone(),
            policy: "repository stable".into(),
            mode: VerifyMode::Enforce,
            overridden: None,
            verified: Some(Verified {
                form: crate::signature::Form::Bundle,
                digest: "sha256:11".into(),
                signature_digest: "sha256:22".into(),
                key_id: Some(test_key(key).id().to_string()),
                certificate: None,
            }),
            failure: None,
        };
        let references = [reference.clone(), "./local".to_string()];
        policy.check_recorded(&references, &[check(1)]).unwrap();
        let error = policy.check_recorded(&references, &[]).unwrap_err();
        assert!(
            matches!(error, SignatureError::NotRecorded { .. }),
            "{error}"
        );
        assert!(error.to_string().contains("repository stable"), "{error}");
        assert!(policy.check_recorded(&references, &[check(2)]).is_err());
        // Outside the policy, nothing is required.
        assert!(
            TrustPolicy::default()
                .check_recorded(&references, &[])
                .is_ok()
        );
    }

    #[test]
    fn keyless_rules_need_a_trusted_root_and_saved_plans_need_a_matching_identity() {
        use crate::signature::keyless::tests::{EMAIL, ISSUER, Sigstore};
        let identity = IdentityRule::parse(&format!("{ISSUER}={EMAIL}"), false).unwrap();
        let mut rule = TrustRule {
            mode: VerifyMode::Enforce,
            keys: Vec::new(),
            identities: vec![identity],
            trusted_root: None,
        };
        let mut policy = TrustPolicy::default();
        let error = policy
            .add("repository keyless", "r.example/pkgs", &rule)
            .unwrap_err();
        assert!(error.to_string().contains("trusted root"), "{error}");
        rule.trusted_root = Some(Sigstore::new(10).root_json);
        policy
            .add("repository keyless", "r.example/pkgs", &rule)
            .unwrap();
        assert!(policy.needs_signatures(&location("r.example/pkgs/app")));
        let reference = "oci://r.example/pkgs/app:1.0.0@sha256:1111111111111111111111111111111111111111111111111111111111111111".to_string();
        let check = |identity: &str| SignatureCheck {
            reference: reference.clone(),
            policy: "repository keyless".into(),
            mode: VerifyMode::Enforce,
            overridden: None,
            verified: Some(Verified {
                form: crate::signature::Form::Bundle,
                digest: "sha256:11".into(),
                signature_digest: "sha256:22".into(),
                key_id: None,
                certificate: Some(crate::signature::keyless::CertificateIdentity {
                    identity: identity.into(),
                    issuer: ISSUER.into(),
                    log_index: 1,
                    integrated_time: "2026-01-02T00:00:00Z".into(),
                }),
            }),
            failure: None,
        };
        let references = [reference.clone()];
        policy.check_recorded(&references, &[check(EMAIL)]).unwrap();
        let error = policy
            .check_recorded(&references, &[check("mallory@example.com")])
            .unwrap_err();
        assert!(error.to_string().contains(EMAIL), "{error}");
    }

    #[test]
    fn warnings_say_what_was_lowered_or_not_verified() {
        let mut check = SignatureCheck {
            reference: "oci://r/p@sha256:1".into(),
            policy: "repository stable".into(),
            mode: VerifyMode::Warn,
            overridden: Some(VerifyMode::Enforce),
            verified: None,
            failure: Some("not signed".into()),
        };
        let warning = check.warning().unwrap();
        assert!(
            warning.contains("not signed") && warning.contains("lowered"),
            "{warning}"
        );
        check.overridden = None;
        assert!(check.warning().unwrap().contains("warn mode"));
        check.failure = None;
        assert_eq!(check.warning(), None);
    }
}
