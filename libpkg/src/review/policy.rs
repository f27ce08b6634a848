//! The risk policy: which findings a plan may carry without someone saying,
//! finding by finding, that they accept it.
//!
//! A policy sets the highest severity allowed (`maxRisk`) and rules refused at
//! any severity (`deny`); a finding over the line passes only when acknowledged
//! by its rule id, for every object or for one (`RULE@OBJECT`). A refusal lists
//! every finding over the line at once, with the acknowledgement that would
//! pass it. What a plan was checked against, and what was accepted, is
//! recorded in the plan ([`PolicyRecord`]), inside its hash.

use serde::{Deserialize, Serialize};

use crate::permissions::{Risk, Severity};

/// `apiVersion` of a policy file.
pub const POLICY_API_VERSION: &str = "kubectl-pkg.dev/v1alpha1";
/// `kind` of a policy file.
pub const POLICY_KIND: &str = "Policy";

/// A risk policy: from a file (`--policy`), flags, or both merged.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RiskPolicy {
    /// Findings more severe than this are refused unless accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_risk: Option<Severity>,
    /// Rule ids refused at any severity unless accepted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deny: Vec<String>,
    /// Findings acknowledged in advance.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accept: Vec<Acceptance>,
    /// Approvals an applied plan needs (see [`super::approval`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub require_approvals: Option<usize>,
}

/// An acknowledged finding: a rule, for every object or for one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Acceptance {
    /// The rule id, such as `pod-privileged`.
    pub rule: String,
    /// The object, as findings name it (`Deployment.apps/shop/app`); absent: every object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<String>,
}

impl Acceptance {
    /// Parses `RULE` or `RULE@OBJECT` (the `--accept-risk` syntax).
    pub fn parse(text: &str) -> Result<Acceptance, PolicyError> {
        let (rule, object) = match text.split_once('@') {
            Some((rule, object)) => (rule, Some(object)),
            None => (text, None),
        };
        let valid_rule = !rule.is_empty()
            && rule
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !valid_rule || object.is_some_and(str::is_empty) {
            return Err(PolicyError::Acceptance(text.to_string()));
        }
        Ok(Acceptance {
            rule: rule.to_string(),
            object: object.map(str::to_string),
        })
    }

    /// Whether it acknowledges `risk`.
    pub fn covers(&self, risk: &Risk) -> bool {
        self.rule == risk.rule && self.object.as_ref().is_none_or(|o| *o == risk.object)
    }
}

impl std::fmt::Display for Acceptance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.object {
            Some(object) => write!(f, "{}@{object}", self.rule),
            None => f.write_str(&self.rule),
        }
    }
}

/// What a plan was checked against and which findings were accepted: the
/// plan's `policy` section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PolicyRecord {
    /// The highest severity allowed without acknowledgement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_risk: Option<Severity>,
    /// Rules refused at any severity without acknowledgement, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deny: Vec<String>,
    /// The findings over the line that were acknowledged, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accepted: Vec<Risk>,
}

/// A policy that cannot be used, or a plan it refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PolicyError {
    /// An `--accept-risk` value that is not `RULE` or `RULE@OBJECT`.
    #[error(
        "{accept} {0:?} is not RULE or RULE@OBJECT (a rule id such as pod-privileged, optionally @ the object as the plan names it)",
        accept = crate::remedy::Setting::AcceptRisk
    )]
    Acceptance(String),
    /// A policy naming a rule the rule table does not have.
    #[error(
        "{place} names rule {rule:?}, which is not a risk rule{} (docs/risk-rules.md lists them)",
        .suggestion.map(|s| format!("; did you mean {s}?")).unwrap_or_default()
    )]
    UnknownRule {
        /// Where: `--accept-risk`, or the policy file and field.
        place: String,
        /// The rule id.
        rule: String,
        /// The closest rule id, if one is a typo or two away.
        suggestion: Option<&'static str>,
    },
    /// A policy file that is not one.
    #[error("{file}: {reason}")]
    File {
        /// The file.
        file: String,
        /// What is wrong.
        reason: String,
    },
    /// Findings over the line without acknowledgement.
    #[error("{}", refusal_message(.refused))]
    Refused {
        /// Every finding over the line, most severe first.
        refused: Vec<Risk>,
    },
}

fn refusal_message(refused: &[Risk]) -> String {
    let mut text = format!(
        "the risk policy refuses this plan: {} finding(s) over the line, none acknowledged:",
        refused.len()
    );
    for risk in refused {
        text.push_str(&format!(
            "\n  {} {} {}: {}",
            risk.severity.as_str().to_uppercase(),
            risk.rule,
            risk.object,
            risk.message
        ));
    }
    let flags: Vec<String> = refused
        .iter()
        .map(|risk| {
            let accept = crate::remedy::Setting::AcceptRisk;
            format!("{accept} {}@{}", risk.rule, risk.object)
        })
        .collect();
    text.push_str(&format!(
        "\nnothing was applied; to accept them, review each and add: {}",
        flags.join(" ")
    ));
    text
}

impl RiskPolicy {
    /// Reads a policy file (YAML or JSON): `apiVersion: kubectl-pkg.dev/v1alpha1`,
    /// `kind: Policy`, and the fields of [`RiskPolicy`].
    pub fn from_yaml(file: &str, text: &str) -> Result<RiskPolicy, PolicyError> {
        let error = |reason: String| PolicyError::File {
            file: file.to_string(),
            reason,
        };
        let mut document: serde_json::Map<String, serde_json::Value> =
            crate::yaml::from_str(text).map_err(|e| error(e.to_string()))?;
        let mut header = |key: &str| match document.remove(key) {
            Some(serde_json::Value::String(text)) => text,
            _ => String::new(),
        };
        let (api_version, kind) = (header("apiVersion"), header("kind"));
        if (api_version.as_str(), kind.as_str()) != (POLICY_API_VERSION, POLICY_KIND) {
            return Err(error(format!(
                "apiVersion {api_version:?} and kind {kind:?}: a policy file has apiVersion {POLICY_API_VERSION} and kind {POLICY_KIND}"
            )));
        }
        let policy: RiskPolicy = serde_json::from_value(serde_json::Value::Object(document))
            .map_err(|e| error(e.to_string()))?;
        policy.check_rules(file)?;
        Ok(policy)
    }

    /// This policy with `other`'s settings added: the stricter level, both
    /// deny lists, both acceptance lists, the higher approval count.
    pub fn merge(mut self, other: RiskPolicy) -> RiskPolicy {
        self.max_risk = match (self.max_risk, other.max_risk) {
            // Critical sorts first: the smaller is the stricter.
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.deny.extend(other.deny);
        self.deny.sort();
        self.deny.dedup();
        self.accept.extend(other.accept);
        self.accept.sort();
        self.accept.dedup();
        self.require_approvals = self.require_approvals.max(other.require_approvals);
        self
    }

    /// Whether the policy sets anything about risks.
    pub fn limits_risks(&self) -> bool {
        self.max_risk.is_some() || !self.deny.is_empty()
    }

    /// Checks that every rule the policy names exists, so a typo does not
    /// silently accept or deny nothing.
    pub fn check_rules(&self, place: &str) -> Result<(), PolicyError> {
        let known = crate::permissions::rule_table();
        let named = self
            .deny
            .iter()
            .map(|rule| (format!("{place} (deny)"), rule))
            .chain(
                self.accept
                    .iter()
                    .map(|a| (format!("{place} (accept)"), &a.rule)),
            );
        for (place, rule) in named {
            if !known.iter().any(|r| r.id == rule) {
                return Err(PolicyError::UnknownRule {
                    place,
                    rule: rule.clone(),
                    suggestion: crate::permissions::closest_rule(rule),
                });
            }
        }
        Ok(())
    }

    /// Whether a finding is over the line.
    fn refuses(&self, risk: &Risk) -> bool {
        // Critical sorts first: "more severe than max" is "smaller than max".
        self.max_risk.is_some_and(|max| risk.severity < max) || self.deny.contains(&risk.rule)
    }

    /// Checks findings against the policy: the record for the plan, or every
    /// finding over the line that nothing acknowledged.
    pub fn evaluate(&self, risks: &[Risk]) -> Result<PolicyRecord, PolicyError> {
        let over: Vec<&Risk> = risks.iter().filter(|risk| self.refuses(risk)).collect();
        let (accepted, mut refused): (Vec<&Risk>, Vec<&Risk>) = over
            .into_iter()
            .partition(|risk| self.accept.iter().any(|a| a.covers(risk)));
        if !refused.is_empty() {
            refused.sort();
            return Err(PolicyError::Refused {
                refused: refused.into_iter().cloned().collect(),
            });
        }
        let mut accepted: Vec<Risk> = accepted.into_iter().cloned().collect();
        accepted.sort();
        let mut deny = self.deny.clone();
        deny.sort();
        deny.dedup();
        Ok(PolicyRecord {
            max_risk: self.max_risk,
            deny,
            accepted,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn risk(severity: Severity, rule: &str, object: &str) -> Risk {
        Risk {
            severity,
            rule: rule.to_string(),
            object: object.to_string(),
            message: format!("{rule} on {object}"),
        }
    }

    fn findings() -> Vec<Risk> {
        vec![
            risk(
                Severity::Critical,
                "pod-privileged",
                "Deployment.apps/shop/app",
            ),
            risk(
                Severity::High,
                "pod-host-namespaces",
                "Deployment.apps/shop/app",
            ),
            risk(
                Severity::Medium,
                "rbac-read-secrets",
                "RoleBinding.rbac.authorization.k8s.io/shop/app",
            ),
        ]
    }

    #[test]
    fn findings_over_the_level_are_refused_all_at_once() {
        let policy = RiskPolicy {
            max_risk: Some(Severity::Medium),
            ..Default::default()
        };
        let Err(PolicyError::Refused { refused }) = policy.evaluate(&findings()) else {
            panic!("refused");
        };
        let rules: Vec<&str> = refused.iter().map(|r| r.rule.as_str()).collect();
        assert_eq!(rules, ["pod-privileged", "pod-host-namespaces"]);
        let message = PolicyError::Refused { refused }.to_string();
        assert!(
            message.contains("`accepted` pod-privileged@Deployment.apps/shop/app"),
            "{message}"
        );
        assert!(message.contains("nothing was applied"), "{message}");
    }

    #[test]
    fn acknowledged_findings_pass_and_are_recorded() {
        let policy = RiskPolicy {
            max_risk: Some(Severity::Medium),
            accept: vec![
                Acceptance::parse("pod-privileged@Deployment.apps/shop/app").unwrap(),
                Acceptance::parse("pod-host-namespaces").unwrap(),
                // Matching nothing is not an error: pipeline defaults accept broadly.
                Acceptance::parse("rbac-cluster-admin").unwrap(),
            ],
            ..Default::default()
        };
        let record = policy.evaluate(&findings()).unwrap();
        assert_eq!(record.max_risk, Some(Severity::Medium));
        assert_eq!(record.accepted.len(), 2);
        // An acknowledgement for one object does not cover another.
        let mut other = findings();
        other.push(risk(
            Severity::Critical,
            "pod-privileged",
            "DaemonSet.apps/shop/agent",
        ));
        let Err(PolicyError::Refused { refused }) = policy.evaluate(&other) else {
            panic!("refused");
        };
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].object, "DaemonSet.apps/shop/agent");
    }

    #[test]
    fn denied_rules_are_refused_at_any_level() {
        let policy = RiskPolicy {
            deny: vec!["rbac-read-secrets".into()],
            ..Default::default()
        };
        let Err(PolicyError::Refused { refused }) = policy.evaluate(&findings()) else {
            panic!("refused");
        };
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].rule, "rbac-read-secrets");
        assert!(
            RiskPolicy::default()
                .evaluate(&findings())
                .unwrap()
                .accepted
                .is_empty()
        );
    }

    #[test]
    fn acceptances_parse_strictly() {
        assert_eq!(
            Acceptance::parse("pod-privileged@Deployment.apps/a/b")
                .unwrap()
                .to_string(),
            "pod-privileged@Deployment.apps/a/b"
        );
        for bad in [
            "",
            "@x",
            "Pod-Privileged",
            "pod privileged",
            "pod-privileged@",
        ] {
            assert!(Acceptance::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn policy_files_are_checked_and_merged_to_the_stricter() {
        let file = RiskPolicy::from_yaml(
            "policy.yaml",
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Policy\nmaxRisk: high\ndeny: [rbac-cluster-admin]\naccept:\n  - rule: pod-host-path\n    object: DaemonSet.apps/monitoring/agent\nrequireApprovals: 2\n",
        )
        .unwrap();
        assert_eq!(file.max_risk, Some(Severity::High));
        let merged = file.merge(RiskPolicy {
            max_risk: Some(Severity::Medium),
            require_approvals: Some(1),
            ..Default::default()
        });
        assert_eq!(merged.max_risk, Some(Severity::Medium));
        assert_eq!(merged.require_approvals, Some(2));
        assert_eq!(merged.accept.len(), 1);

        let typo = RiskPolicy::from_yaml(
            "p.yaml",
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Policy\ndeny: [rbac-clusteradmin]\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            typo.contains("p.yaml (deny)") && typo.contains("rbac-clusteradmin"),
            "{typo}"
        );
        let unknown = RiskPolicy::from_yaml(
            "p.yaml",
            "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Policy\nmaxRisks: high\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            unknown.starts_with("p.yaml: ") && unknown.contains("maxRisks"),
            "{unknown}"
        );
        let wrong = RiskPolicy::from_yaml("p.yaml", "apiVersion: v1\nkind: ConfigMap\n")
            .unwrap_err()
            .to_string();
        assert!(
            wrong.contains("kind: Policy") || wrong.contains("kind Policy"),
            "{wrong}"
        );
    }
}
