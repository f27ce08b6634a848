//! What kind of failure an error of the library's is, found anywhere in its
//! chain of causes: the one place that knows which errors are refusals of a
//! review gate or of a signature, unmet requirements, or malformed values,
//! so that the CLI and embedders answer them alike (the CLI's exit codes,
//! docs/exit-codes.md). An interrupt is [`RunError::Interrupted`](super::RunError),
//! matched by the caller on the operation's own result.

use std::error::Error;

use super::PlanError;
use super::airgap::AirgapError;
use super::gates::GateError;
use crate::helm::values::ValuesError;
use crate::review::approval::ApprovalError;
use crate::review::policy::PolicyError;
use crate::signature::SignatureError;
use crate::source::FetchError;

/// A failure's kind, as [`failure_kind`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// A line of values (`key=value`, as Helm's `--set` takes) does not
    /// parse: the caller's input is malformed.
    MalformedValues,
    /// The package's requirements are not met by the cluster nor by what
    /// the plan installs first.
    RequirementsUnmet,
    /// A review gate refused the plan (a finding over the risk policy's
    /// line, too few trusted approvals), or a signature the trust policy
    /// requires does not verify (a malformed signature is a failure).
    Refused,
    /// Any other failure.
    Failed,
}

/// The kind of `error`: the first of malformed values, unmet requirements
/// and refusal found anywhere in its chain of causes, in that order.
pub fn failure_kind(error: &(dyn Error + 'static)) -> FailureKind {
    let causes = || std::iter::successors(Some(error), |&cause| cause.source());
    if causes().any(malformed_values) {
        FailureKind::MalformedValues
    } else if causes().any(requirements_unmet) {
        FailureKind::RequirementsUnmet
    } else if causes().any(refusal) {
        FailureKind::Refused
    } else {
        FailureKind::Failed
    }
}

/// A `--set`-style line that does not parse (as Helm refuses it).
fn malformed_values(cause: &(dyn Error + 'static)) -> bool {
    matches!(
        cause.downcast_ref::<ValuesError>(),
        Some(ValuesError::Set { .. })
    )
}

/// Planning stopped at requirements nothing satisfies.
fn requirements_unmet(cause: &(dyn Error + 'static)) -> bool {
    // A stack's release error holds its plan error boxed.
    let plan_error = (cause.downcast_ref::<PlanError>())
        .or_else(|| cause.downcast_ref::<Box<PlanError>>().map(|boxed| &**boxed));
    matches!(plan_error, Some(PlanError::RequirementsUnmet { .. }))
}

/// A review gate's refusal, or a required signature that does not verify.
fn refusal(cause: &(dyn Error + 'static)) -> bool {
    signature_of(cause).is_some_and(|e| !matches!(e, SignatureError::Malformed { .. }))
        || cause
            .downcast_ref::<GateError>()
            .is_some_and(GateError::is_refusal)
        || matches!(
            cause.downcast_ref::<PolicyError>(),
            Some(PolicyError::Refused { .. })
        )
        || matches!(
            cause.downcast_ref::<ApprovalError>(),
            Some(ApprovalError::NotEnough { .. })
        )
}

/// The signature error `cause` is or holds: fetching a package (install) or
/// checking a bundle (import, bundle verify) carries it transparently, so it
/// is not a cause of its own in the chain.
fn signature_of<'a>(cause: &'a (dyn Error + 'static)) -> Option<&'a SignatureError> {
    cause
        .downcast_ref::<SignatureError>()
        .or_else(|| match cause.downcast_ref::<FetchError>() {
            Some(FetchError::Signature(signature)) => Some(signature),
            _ => None,
        })
        .or_else(|| match cause.downcast_ref::<AirgapError>() {
            Some(AirgapError::Signature(signature)) => Some(signature),
            Some(AirgapError::Package(FetchError::Signature(signature))) => Some(signature),
            _ => None,
        })
}
