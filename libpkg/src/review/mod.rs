//! Review as a process, beyond reading the plan: a risk policy a plan must
//! pass ([`policy`]) and signed approvals of the plan's hash ([`approval`]).
//! Pure: keys and policies are read by the caller and passed in as text.

pub mod approval;
pub mod policy;

use serde::{Deserialize, Serialize};

use crate::permissions::Risk;
use approval::VerifiedApproval;

/// What the review of an applied revision established, kept in its release
/// record: who approved its plan, and the findings accepted when it was
/// applied (those accepted when it was planned are in the plan itself).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Review {
    /// Approvals that verified against a trusted key, one per key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approvals: Vec<VerifiedApproval>,
    /// Findings over the apply-time policy's line that were acknowledged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accepted_risks: Vec<Risk>,
}

impl Review {
    /// Whether nothing was established.
    pub fn is_empty(&self) -> bool {
        self.approvals.is_empty() && self.accepted_risks.is_empty()
    }
}
