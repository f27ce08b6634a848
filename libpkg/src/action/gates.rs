//! The review gates every apply passes: the risk policy and the approvals
//! it requires. They live here, not in a front end, so that every caller of
//! [`run`](super::run) and of a stack's apply is held to the same rules: a
//! tool embedding the library is refused exactly as the command line is.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::plan::Plan;
use crate::review::Review;
use crate::review::approval::{Approval, ApprovalError, TrustedKeys};
use crate::review::policy::{Acceptance, PolicyError, RiskPolicy};
use crate::stack::fleet::plan::FleetPlan;
use crate::stack::plan::StackPlan;

/// Where the plan under review comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Made by this operation: the policy's outcome is recorded in it (and
    /// its hash covers it); it cannot carry approvals yet.
    Fresh,
    /// Saved earlier (a file, a proposal): checked as it is, never changed.
    Saved,
}

/// The rules a plan must pass before it is applied.
#[derive(Debug, Clone, Default)]
pub struct Gates {
    /// The risk policy (the default limits nothing).
    pub policy: RiskPolicy,
    /// The keys whose approvals count, when the policy requires approvals.
    pub trusted_keys: Option<TrustedKeys>,
}

/// Why a gate refused a plan, or could not judge it.
#[derive(Debug, thiserror::Error)]
pub enum GateError {
    /// The risk policy refused a finding, or is itself invalid.
    #[error(transparent)]
    Policy(#[from] PolicyError),
    /// Too few trusted approvals, or an approval key that cannot be read.
    #[error(transparent)]
    Approval(#[from] ApprovalError),
    /// The policy requires approvals, and a plan made now has none.
    #[error(
        "{required} approval(s) are required, and a plan made now has none: save it, have it approved, then apply the saved plan"
    )]
    FreshPlanUnapproved {
        /// How many the policy requires.
        required: usize,
    },
    /// The policy requires approvals, and no trusted keys were given.
    #[error("{required} approval(s) are required, but no trusted keys were given")]
    NoTrustedKeys {
        /// How many the policy requires.
        required: usize,
    },
    /// A policy file, a trusted key file or their directory could not be read.
    #[error("cannot read {what} {}", path.display())]
    Unreadable {
        /// `policy file`, `trusted keys directory` or `key file`.
        what: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A directory of trusted keys holds none.
    #[error("{} holds no public keys (*.pub files in PEM)", dir.display())]
    NoPublicKeys {
        /// The directory.
        dir: PathBuf,
    },
    /// A gate refused one release of a stack plan.
    #[error("cluster {cluster}")]
    Cluster {
        /// The cluster (kubeconfig context) of a fleet.
        cluster: String,
        /// Why its stack plan did not pass.
        source: Box<GateError>,
    },
    /// A release's plan did not pass.
    #[error("release {release}")]
    Release {
        /// The release's name in the stack.
        release: String,
        /// Why.
        source: Box<GateError>,
    },
}

impl GateError {
    /// Whether this is a refusal of the plan (a finding over the policy's
    /// line, too few trusted approvals), as opposed to a gate that could not
    /// be judged (an unreadable key, an invalid policy).
    pub fn is_refusal(&self) -> bool {
        match self {
            GateError::Policy(error) => matches!(error, PolicyError::Refused { .. }),
            GateError::Approval(error) => matches!(error, ApprovalError::NotEnough { .. }),
            GateError::Release { source, .. } | GateError::Cluster { source, .. } => {
                source.is_refusal()
            }
            _ => false,
        }
    }
}

/// A policy file (`kind: Policy`), as `--policy` and `KUBECTL_PKG_POLICY`
/// name it.
pub fn read_policy(path: &Path) -> Result<RiskPolicy, GateError> {
    let text = std::fs::read_to_string(path).map_err(|source| GateError::Unreadable {
        what: "policy file",
        path: path.to_path_buf(),
        source,
    })?;
    Ok(RiskPolicy::from_yaml(&path.display().to_string(), &text)?)
}

/// Every `*.pub` file of `dir` (PEM public keys), in name order: the keys
/// whose approvals count.
pub fn read_trusted_keys(dir: &Path) -> Result<TrustedKeys, GateError> {
    let unreadable = |what: &'static str, path: &Path| {
        let path = path.to_path_buf();
        move |source| GateError::Unreadable { what, path, source }
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(unreadable("trusted keys directory", dir))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "pub"))
        .collect();
    files.sort();
    let mut trusted = TrustedKeys::default();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(unreadable("key file", file))?;
        trusted.add_pem(&file.display().to_string(), &text)?;
    }
    if trusted.is_empty() {
        return Err(GateError::NoPublicKeys {
            dir: dir.to_path_buf(),
        });
    }
    Ok(trusted)
}

impl Gates {
    /// How many approvals the policy requires (0: none).
    pub fn required_approvals(&self) -> usize {
        self.policy.require_approvals.unwrap_or(0)
    }

    /// Checks `plan` against the policy: a fresh plan gets the policy's
    /// outcome recorded (and is sealed again), a saved one is checked with
    /// what it accepted when it was planned, and the review says which
    /// findings were acknowledged only now (its record keeps them). The plan
    /// is changed in place (a large one holds every object) and only when
    /// it passes.
    pub fn check_policy(&self, plan: &mut Plan, origin: Origin) -> Result<Review, GateError> {
        let mut review = Review::default();
        if !self.policy.limits_risks() {
            return Ok(review);
        }
        match origin {
            Origin::Fresh => plan.apply_policy(&self.policy)?,
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
                let record = (self.policy.clone())
                    .merge(with_planned)
                    .evaluate(&plan.permissions.risks)?;
                review.accepted_risks = record
                    .accepted
                    .into_iter()
                    .filter(|risk| !planned.iter().any(|a| a.covers(risk)))
                    .collect();
            }
        }
        Ok(review)
    }

    /// Checks the approvals of `hash` (a plan's or a stack plan's) that the
    /// policy requires, adding the ones that count to `review`.
    pub fn check_approvals(
        &self,
        approvals: &[Approval],
        hash: &str,
        review: &mut Review,
        origin: Origin,
    ) -> Result<(), GateError> {
        let required = self.required_approvals();
        if required == 0 {
            return Ok(());
        }
        if origin == Origin::Fresh {
            return Err(GateError::FreshPlanUnapproved { required });
        }
        let Some(trusted) = &self.trusted_keys else {
            return Err(GateError::NoTrustedKeys { required });
        };
        review.approvals = trusted.require(approvals, hash, required)?;
        Ok(())
    }

    /// Reviews a stack plan: the policy on every release's plan (a fresh
    /// stack plan gets each outcome recorded and is sealed again), then,
    /// when `approvals` (not for a plan that is only shown), the approvals
    /// of the stack hash. Only a reviewed stack plan can be applied.
    pub fn review_stack(
        &self,
        plan: StackPlan,
        origin: Origin,
        approvals: bool,
    ) -> Result<ReviewedStack, GateError> {
        let mut plan = plan;
        let mut reviews = BTreeMap::new();
        for release in &mut plan.releases {
            let review = self
                .check_policy(&mut release.plan, origin)
                .map_err(|error| GateError::Release {
                    release: release.name.clone(),
                    source: Box::new(error),
                })?;
            reviews.insert(release.name.clone(), review);
        }
        if origin == Origin::Fresh {
            plan = plan.seal();
        }
        if approvals {
            let mut approved = Review::default();
            self.check_approvals(&plan.approvals, &plan.hash, &mut approved, origin)?;
            for review in reviews.values_mut() {
                review.approvals = approved.approvals.clone();
            }
        }
        Ok(ReviewedStack { plan, reviews })
    }

    /// Reviews a fleet plan: every cluster's stack plan judged by the risk
    /// policy as [`review_stack`](Self::review_stack) judges one (a fresh
    /// plan records each outcome and is sealed anew), and, when `approvals`,
    /// the approvals of the fleet hash counted: they approve every
    /// cluster's plan, and each release's record names them.
    pub fn review_fleet(
        &self,
        plan: FleetPlan,
        origin: Origin,
        approvals: bool,
    ) -> Result<ReviewedFleet, GateError> {
        let mut plan = plan;
        let mut reviews = BTreeMap::new();
        for cluster in &mut plan.clusters {
            let stack = cluster.plan.clone();
            let reviewed =
                (self.review_stack(stack, origin, false)).map_err(|error| GateError::Cluster {
                    cluster: cluster.cluster.clone(),
                    source: Box::new(error),
                })?;
            cluster.plan = reviewed.plan;
            reviews.insert(cluster.cluster.clone(), reviewed.reviews);
        }
        if origin == Origin::Fresh {
            plan = plan.seal();
        }
        if approvals {
            let mut approved = Review::default();
            self.check_approvals(&plan.approvals, &plan.hash, &mut approved, origin)?;
            for review in reviews.values_mut().flat_map(|r| r.values_mut()) {
                review.approvals = approved.approvals.clone();
            }
        }
        Ok(ReviewedFleet { plan, reviews })
    }
}

/// A fleet plan that passed the review gates ([`Gates::review_fleet`]),
/// with what the review established of each cluster's releases: the only
/// form of a fleet plan that can be applied.
#[derive(Debug, Clone)]
pub struct ReviewedFleet {
    plan: FleetPlan,
    /// Per cluster, per release.
    reviews: BTreeMap<String, BTreeMap<String, Review>>,
}

impl ReviewedFleet {
    /// The fleet plan, as reviewed.
    pub fn plan(&self) -> &FleetPlan {
        &self.plan
    }

    /// The plan reviewed, for showing or saving.
    pub fn into_plan(self) -> FleetPlan {
        self.plan
    }

    /// One cluster's stack plan, reviewed as part of the fleet.
    pub fn stack(&self, cluster: &str) -> Option<ReviewedStack> {
        let plan = self.plan.cluster(cluster)?.clone();
        let reviews = self.reviews.get(cluster).cloned().unwrap_or_default();
        Some(ReviewedStack { plan, reviews })
    }
}

/// A stack plan that passed the gates, with what the review established of
/// each release (for its record): what a stack's apply takes, so that no
/// caller applies a stack plan the gates did not see.
#[derive(Debug, Clone)]
pub struct ReviewedStack {
    plan: StackPlan,
    reviews: BTreeMap<String, Review>,
}

impl ReviewedStack {
    /// The plan, as reviewed (a fresh one holds the policy's outcomes).
    pub fn plan(&self) -> &StackPlan {
        &self.plan
    }

    /// What the review established of a release, by its name in the stack.
    pub fn review(&self, release: &str) -> Review {
        self.reviews.get(release).cloned().unwrap_or_default()
    }

    /// The plan, for a caller that only shows it.
    pub fn into_plan(self) -> StackPlan {
        self.plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::tests::test_key;
    use crate::permissions::{Risk, Severity};
    use crate::review::approval::approve;

    /// A plan holding one high finding.
    fn risky_plan() -> Plan {
        let mut plan = crate::plan::tests::sample();
        plan.permissions.risks = vec![Risk {
            severity: Severity::High,
            rule: "pod-host-path".into(),
            object: "Deployment.apps/apps/web".into(),
            message: "mounts the node's filesystem".into(),
        }];
        plan.seal()
    }

    fn at_most(severity: Severity) -> Gates {
        Gates {
            policy: RiskPolicy {
                max_risk: Some(severity),
                ..RiskPolicy::default()
            },
            trusted_keys: None,
        }
    }

    #[test]
    fn no_policy_passes_a_plan_unchanged() {
        let mut plan = risky_plan();
        let before = plan.hash.clone();
        let review = Gates::default()
            .check_policy(&mut plan, Origin::Fresh)
            .unwrap();
        assert!(review.is_empty());
        assert_eq!(plan.hash, before);
        assert!(plan.policy.is_none());
    }

    #[test]
    fn a_fresh_plan_records_the_policy_a_refusal_leaves_it_unchanged() {
        let mut plan = risky_plan();
        let before = plan.hash.clone();
        let error = at_most(Severity::Medium)
            .check_policy(&mut plan, Origin::Fresh)
            .unwrap_err();
        assert!(error.is_refusal(), "{error}");
        assert_eq!(plan.hash, before, "a refused plan is not changed");
        at_most(Severity::High)
            .check_policy(&mut plan, Origin::Fresh)
            .unwrap();
        assert!(plan.policy.is_some());
        assert_ne!(plan.hash, before, "the policy's outcome is in the hash");
        plan.verify_hash().unwrap();
    }

    #[test]
    fn a_saved_plan_is_checked_as_it_is_with_what_it_accepted() {
        let accepting = Gates {
            policy: RiskPolicy {
                max_risk: Some(Severity::Medium),
                accept: vec![Acceptance::parse("pod-host-path").unwrap()],
                ..RiskPolicy::default()
            },
            trusted_keys: None,
        };
        let mut plan = risky_plan();
        accepting.check_policy(&mut plan, Origin::Fresh).unwrap();
        let saved = plan.clone();
        // Accepted when it was planned: a stricter apply-time line passes it,
        // and nothing is acknowledged anew.
        let review = at_most(Severity::Medium)
            .check_policy(&mut plan, Origin::Saved)
            .unwrap();
        assert!(review.accepted_risks.is_empty());
        assert_eq!(plan, saved, "a saved plan is never changed");
        // Planned without acceptance: refused at apply time.
        let mut unaccepted = risky_plan();
        let error = at_most(Severity::Medium)
            .check_policy(&mut unaccepted, Origin::Saved)
            .unwrap_err();
        assert!(error.is_refusal());
        // Acknowledged only now: passes, and the review says so.
        let review = accepting
            .check_policy(&mut unaccepted, Origin::Saved)
            .unwrap();
        assert_eq!(review.accepted_risks.len(), 1);
    }

    #[test]
    fn approvals_are_required_of_saved_plans_from_trusted_keys() {
        let (alice, mallory) = (test_key(1), test_key(2));
        let mut trusted = TrustedKeys::default();
        trusted
            .add_pem("alice.pub", &alice.public().to_pem())
            .unwrap();
        let gates = Gates {
            policy: RiskPolicy {
                require_approvals: Some(1),
                ..RiskPolicy::default()
            },
            trusted_keys: Some(trusted),
        };
        let plan = risky_plan();
        let mut review = Review::default();
        let fresh = gates.check_approvals(&[], &plan.hash, &mut review, Origin::Fresh);
        assert!(matches!(
            fresh,
            Err(GateError::FreshPlanUnapproved { required: 1 })
        ));
        let by_mallory = [approve(&mallory, &plan.hash, "mallory", "")];
        let error = (gates.check_approvals(&by_mallory, &plan.hash, &mut review, Origin::Saved))
            .unwrap_err();
        assert!(error.is_refusal(), "{error}");
        let of_another_plan = [approve(&alice, "sha256:other", "alice", "")];
        assert!(
            (gates.check_approvals(&of_another_plan, &plan.hash, &mut review, Origin::Saved))
                .is_err()
        );
        let by_alice = [approve(&alice, &plan.hash, "alice", "")];
        (gates.check_approvals(&by_alice, &plan.hash, &mut review, Origin::Saved)).unwrap();
        assert_eq!(review.approvals.len(), 1);
        let untrusting = Gates {
            trusted_keys: None,
            ..gates
        };
        assert!(matches!(
            untrusting.check_approvals(&by_alice, &plan.hash, &mut review, Origin::Saved),
            Err(GateError::NoTrustedKeys { required: 1 })
        ));
    }
}
