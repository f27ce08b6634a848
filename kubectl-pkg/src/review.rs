//! The flags of the review gates every mutating command shares: the risk
//! policy (flags and `--policy` file) and the approvals a plan must carry.
//! The gates themselves are libpkg's (`action::gates`), applied by its
//! `run` and required by a stack's apply.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
pub use libpkg::action::gates::Origin;
use libpkg::action::gates::{self, Gates};
use libpkg::permissions::Severity;
use libpkg::review::policy::{Acceptance, RiskPolicy};

// Flags of the risk policy and of required approvals.
#[derive(Debug, Clone, Default, Args)]
pub struct ReviewArgs {
    /// Refuse the plan if a finding is more severe than LEVEL (critical,
    /// high, medium, info) and not accepted with --accept-risk.
    #[arg(long, value_name = "LEVEL", value_parser = parse_severity)]
    pub max_risk: Option<Severity>,
    /// Accept a finding over the policy's line: a rule id for every object,
    /// or RULE@OBJECT as the plan names it (repeatable). Recorded in the plan.
    #[arg(long, value_name = "RULE[@OBJECT]", value_parser = parse_acceptance)]
    pub accept_risk: Vec<Acceptance>,
    /// A policy file (kind: Policy): maxRisk, deny, accept, requireApprovals.
    #[arg(long, value_name = "FILE", env = "KUBECTL_PKG_POLICY")]
    pub policy: Option<PathBuf>,
    /// Refuse to apply a plan unless N distinct trusted keys approved its
    /// hash (`kubectl pkg approve`); only a saved plan carries approvals.
    #[arg(long, value_name = "N")]
    pub require_approvals: Option<usize>,
    /// A directory of trusted public keys (*.pub, PEM) whose approvals count.
    #[arg(long, value_name = "DIR", env = "KUBECTL_PKG_TRUSTED_KEYS")]
    pub trusted_keys: Option<PathBuf>,
}

fn parse_severity(text: &str) -> Result<Severity, String> {
    [
        Severity::Critical,
        Severity::High,
        Severity::Medium,
        Severity::Info,
    ]
    .into_iter()
    .find(|severity| severity.as_str() == text)
    .ok_or_else(|| "expected critical, high, medium or info".to_string())
}

/// An `--accept-risk` value, its rule checked against the rule table here,
/// as the command line is read: a typo is a usage error (exit 64) with the
/// closest rule, not a refusal after the whole plan.
fn parse_acceptance(text: &str) -> Result<Acceptance, String> {
    let acceptance = Acceptance::parse(text).map_err(|e| e.to_string())?;
    let policy = RiskPolicy {
        accept: vec![acceptance.clone()],
        ..RiskPolicy::default()
    };
    match policy.check_rules("--accept-risk") {
        Ok(()) => Ok(acceptance),
        Err(libpkg::review::policy::PolicyError::UnknownRule {
            rule, suggestion, ..
        }) => Err(format!(
            "{rule:?} is not a risk rule{} (docs/risk-rules.md lists them)",
            suggestion
                .map(|s| format!("; did you mean {s}?"))
                .unwrap_or_default()
        )),
        Err(other) => Err(other.to_string()),
    }
}

impl ReviewArgs {
    /// The gates in force: the policy file's, made stricter by the flags;
    /// the trusted keys, read when the policy requires approvals.
    pub fn gates(&self) -> Result<Gates> {
        let policy = match &self.policy {
            Some(path) => gates::read_policy(path)?,
            None => RiskPolicy::default(),
        };
        let flags = RiskPolicy {
            max_risk: self.max_risk,
            deny: Vec::new(),
            accept: self.accept_risk.clone(),
            require_approvals: self.require_approvals,
        };
        flags.check_rules("--accept-risk")?;
        let mut gates = Gates {
            policy: policy.merge(flags),
            trusted_keys: None,
        };
        if let Some(dir) = self
            .trusted_keys
            .as_ref()
            .filter(|_| gates.required_approvals() > 0)
        {
            gates.trusted_keys = Some(gates::read_trusted_keys(dir)?);
        }
        Ok(gates)
    }
}
