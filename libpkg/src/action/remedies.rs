//! The remedies an error of any libpkg type holds, found by its type: the
//! one place that knows which errors carry [`Remedy`] values (see
//! [`crate::remedy`]).

use super::{AfterApplyError, ApplyError, PlanError, RunError};
use crate::release::proposal::ProposalError;
use crate::remedy::Remedy;

/// The remedies `cause`'s own message names, for a caller that words them
/// its own way as it walks an error's chain (`std::error::Error::source`).
/// A cause of another crate's type, or one without a remedy, has none.
/// (Settings need no finding: their words are the same in every message.)
pub fn remedies(cause: &(dyn std::error::Error + 'static)) -> Vec<Remedy> {
    if let Some(error) = cause.downcast_ref::<PlanError>() {
        error.remedies()
    } else if let Some(error) = cause.downcast_ref::<Box<PlanError>>() {
        error.remedies()
    } else if let Some(error) = cause.downcast_ref::<ApplyError>() {
        error.remedies()
    } else if let Some(error) = cause.downcast_ref::<ProposalError>() {
        error.remedies()
    } else if let Some(error) = cause.downcast_ref::<AfterApplyError>() {
        after_apply(error)
    } else if let Some(error) = cause.downcast_ref::<RunError<PlanError>>() {
        error.remedies()
    } else {
        Vec::new()
    }
}

fn after_apply(error: &AfterApplyError) -> Vec<Remedy> {
    match error {
        AfterApplyError::Proposal(error) => error.remedies(),
        _ => Vec::new(),
    }
}

impl RunError<PlanError> {
    /// What the user can do about this error, as its message says it
    /// (see [`crate::remedy`]).
    pub fn remedies(&self) -> Vec<Remedy> {
        match self {
            RunError::Plan(error) | RunError::Caller(error) => error.remedies(),
            RunError::Apply(error) => error.remedies(),
            RunError::AfterApply(error) => after_apply(error),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_atomic_failure_reads_with_the_failure_it_restored_after() {
        let error = ApplyError::Atomic {
            source: Box::new(ApplyError::Timeout {
                waiting: "deployment/app".into(),
            }),
            restored: "restored revision 1".into(),
        };
        assert_eq!(
            crate::remedy::with_causes(&error),
            "applying failed, and `atomic: true` restored revision 1: timed out waiting for deployment/app"
        );
    }
}
