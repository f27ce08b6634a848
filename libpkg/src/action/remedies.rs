//! The remedies an error of any libpkg type holds, found by its type: the
//! one place that knows which errors carry [`Remedy`] values (see
//! [`crate::remedy`]).

use crate::remedy::Remedy;

/// The remedies `cause`'s own message names, for a caller that words them
/// its own way as it walks an error's chain (`std::error::Error::source`).
/// A cause of another crate's type, or one without a remedy, has none.
pub fn remedies(cause: &(dyn std::error::Error + 'static)) -> Vec<Remedy> {
    use super::{ApplyError, PlanError};
    if let Some(error) = cause.downcast_ref::<PlanError>() {
        error.remedies()
    } else if let Some(error) = cause.downcast_ref::<Box<PlanError>>() {
        error.remedies()
    } else if let Some(error) = cause.downcast_ref::<ApplyError>() {
        error.remedies()
    } else if let Some(error) = cause.downcast_ref::<crate::release::proposal::ProposalError>() {
        error.remedies()
    } else {
        Vec::new()
    }
}
