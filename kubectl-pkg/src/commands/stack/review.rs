//! The review gates over a stack plan: the risk policy over every release's
//! plan (as `install` and `upgrade` apply it to one), and the approvals the
//! policy requires, of the stack hash.

use std::collections::BTreeMap;

use anyhow::Result;
use libpkg::review::Review;
use libpkg::stack::plan::StackPlan;

use crate::review::{Origin, ReviewArgs};

/// What the review established of each release, by name: the approvals of
/// the stack hash that counted, the risks acknowledged now. Each release's
/// record keeps its own.
pub type Reviews = BTreeMap<String, Review>;

/// Checks the policy on every release plan: a fresh stack plan gets each
/// release's policy outcome recorded (and is sealed again: its hash covers
/// them), a saved one is checked as it is. Then, if `approvals` is set, the
/// approvals the policy requires, of the stack hash (a fresh plan has
/// none: it must be saved, approved, then applied).
pub fn review(
    args: &ReviewArgs,
    plan: StackPlan,
    origin: Origin,
    approvals: bool,
) -> Result<(StackPlan, Reviews)> {
    let mut plan = plan;
    let mut reviews = Reviews::new();
    for release in &mut plan.releases {
        let review = args
            .check_policy(&mut release.plan, origin)
            .map_err(|error| error.context(format!("release {}", release.name)))?;
        reviews.insert(release.name.clone(), review);
    }
    if origin == Origin::Fresh {
        plan = plan.seal();
    }
    if approvals {
        let mut approved = Review::default();
        args.check_approvals_of(&plan.approvals, &plan.hash, &mut approved, origin)?;
        for review in reviews.values_mut() {
            review.approvals = approved.approvals.clone();
        }
    }
    Ok((plan, reviews))
}
