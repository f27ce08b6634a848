//! The review gates every mutating command shares: the risk policy (flags
//! and `--policy` file) and the approvals a plan must carry.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::permissions::Severity;
use libpkg::plan::Plan;
use libpkg::review::Review;
use libpkg::review::approval::TrustedKeys;
use libpkg::review::policy::{Acceptance, RiskPolicy};

/// Flags of the risk policy and of required approvals.
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

/// Where the plan being applied comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Made by this command: the policy's outcome is recorded in it.
    Fresh,
    /// Read from a file: it is checked as it is, never changed.
    Saved,
}

impl ReviewArgs {
    /// The policy in force: the file's, made stricter by the flags.
    pub fn policy(&self) -> Result<RiskPolicy> {
        let mut policy = match &self.policy {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read policy file {}", path.display()))?;
                RiskPolicy::from_yaml(&path.display().to_string(), &text)?
            }
            None => RiskPolicy::default(),
        };
        let flags = RiskPolicy {
            max_risk: self.max_risk,
            deny: Vec::new(),
            accept: self.accept_risk.clone(),
            require_approvals: self.require_approvals,
        };
        flags.check_rules("--accept-risk")?;
        policy = policy.merge(flags);
        Ok(policy)
    }

    /// Checks `plan` against the policy: a fresh plan gets the policy's
    /// outcome recorded (and is sealed again), a saved one is checked with
    /// what it accepted when it was planned plus the acknowledgements given
    /// now, which the release record keeps. The plan is changed in place
    /// (not copied: a large one holds every object) and only when it passes.
    pub fn check_policy(&self, plan: &mut Plan, origin: Origin) -> Result<Review> {
        let policy = self.policy()?;
        let mut review = Review::default();
        if !policy.limits_risks() {
            return Ok(review);
        }
        match origin {
            Origin::Fresh => {
                plan.apply_policy(&policy)?;
                Ok(review)
            }
            Origin::Saved => {
                let planned: Vec<Acceptance> = plan
                    .policy
                    .iter()
                    .flat_map(|record| &record.accepted)
                    .map(|risk| Acceptance {
                        rule: risk.rule.clone(),
                        object: Some(risk.object.clone()),
                    })
                    .collect();
                let with_planned = RiskPolicy {
                    accept: planned.clone(),
                    ..Default::default()
                };
                let record = policy
                    .merge(with_planned)
                    .evaluate(&plan.permissions.risks)?;
                review.accepted_risks = record
                    .accepted
                    .into_iter()
                    .filter(|risk| !planned.iter().any(|a| a.covers(risk)))
                    .collect();
                Ok(review)
            }
        }
    }

    /// Checks the approvals the policy requires, adding the ones that count
    /// to `review`.
    pub fn check_approvals(&self, plan: &Plan, review: &mut Review, origin: Origin) -> Result<()> {
        self.check_approvals_of(&plan.approvals, &plan.hash, review, origin)
    }

    /// Checks the approvals of `hash` (a plan's or a stack plan's) the policy
    /// requires, adding the ones that count to `review`.
    pub fn check_approvals_of(
        &self,
        approvals: &[libpkg::review::approval::Approval],
        hash: &str,
        review: &mut Review,
        origin: Origin,
    ) -> Result<()> {
        let required = self.policy()?.require_approvals.unwrap_or(0);
        if required == 0 {
            return Ok(());
        }
        if origin == Origin::Fresh {
            bail!(
                "{required} approval(s) are required, and a plan made now has none: save it with --out, \
                 have it approved (kubectl pkg approve FILE --key KEY), then apply the file"
            );
        }
        let Some(dir) = &self.trusted_keys else {
            bail!(
                "{required} approval(s) are required, but no trusted keys were given: pass --trusted-keys DIR"
            );
        };
        let trusted = read_trusted_keys(dir)?;
        review.approvals = trusted.require(approvals, hash, required)?;
        Ok(())
    }
}

/// Every `*.pub` file of `dir`, in name order.
fn read_trusted_keys(dir: &Path) -> Result<TrustedKeys> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read trusted keys directory {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "pub"))
        .collect();
    files.sort();
    let mut trusted = TrustedKeys::default();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        trusted.add_pem(&file.display().to_string(), &text)?;
    }
    if trusted.is_empty() {
        bail!(
            "{} holds no public keys (*.pub files in PEM)",
            dir.display()
        );
    }
    Ok(trusted)
}

/// Whether an error is a review gate's refusal (exit code 4): a finding over
/// the policy's line, too few trusted approvals, or a signature the trust
/// policy requires that does not verify (malformed signatures are errors).
pub fn is_refusal(error: &anyhow::Error) -> bool {
    use libpkg::action::airgap::AirgapError;
    use libpkg::review::approval::ApprovalError;
    use libpkg::review::policy::PolicyError;
    use libpkg::signature::SignatureError;
    use libpkg::source::FetchError;
    // Whether fetching a package (install) or checking a bundle (import,
    // bundle verify) found it.
    let signature = error
        .downcast_ref::<SignatureError>()
        .or_else(|| match error.downcast_ref::<FetchError>() {
            Some(FetchError::Signature(signature)) => Some(signature),
            _ => None,
        })
        .or_else(|| match error.downcast_ref::<AirgapError>() {
            Some(AirgapError::Signature(signature)) => Some(signature),
            Some(AirgapError::Package(FetchError::Signature(signature))) => Some(signature),
            _ => None,
        });
    if signature.is_some_and(|e| !matches!(e, SignatureError::Malformed { .. })) {
        return true;
    }
    matches!(
        error.downcast_ref::<PolicyError>(),
        Some(PolicyError::Refused { .. })
    ) || matches!(
        error.downcast_ref::<ApprovalError>(),
        Some(ApprovalError::NotEnough { .. })
    )
}
