//! What an API server serves and answers, as data: which resource serves a
//! kind ([`discovery`]), the access questions asked of it ([`AccessCheck`]),
//! the errors it answers with ([`ClusterError`]) and the known bugs of some
//! of its versions ([`known_bugs`]).
//!
//! The requests are [`crate::cluster`]'s; planning (`action::decide`) reads
//! only these types, so it decides from data handed in.

pub mod discovery;
pub mod known_bugs;

use serde::{Deserialize, Serialize};

/// One question: may I `verb` `resource` in `group` (in `namespace`)?
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AccessCheck {
    /// The verb (`get`, `create`, `patch`, `delete`, …).
    pub verb: String,
    /// The API group, empty for core.
    pub group: String,
    /// The resource (plural), optionally `resource/subresource`.
    pub resource: String,
    /// The namespace; `None` for cluster-scoped resources or cluster-wide access.
    pub namespace: Option<String>,
}

/// Errors talking to the cluster.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The kubeconfig could not be read or used.
    #[error("kubeconfig: {0}")]
    Config(String),
    /// The kubeconfig context's namespace is not a namespace name.
    #[error("kubeconfig: the context's namespace {namespace:?} is invalid")]
    ContextNamespace {
        /// The namespace the context names.
        namespace: String,
        /// Why it is not one.
        source: crate::names::NameError,
    },
    /// The API server refused the request for lack of rights.
    #[error("forbidden: {message}")]
    Forbidden {
        /// The API server's message (names the user, verb and resource).
        message: String,
    },
    /// The user is not authenticated.
    #[error(
        "unauthorized: the API server did not accept the credentials of this context ({message})"
    )]
    Unauthorized {
        /// The API server's message.
        message: String,
    },
    /// Any other API error.
    #[error("API server: {message} ({}HTTP {code})", if reason.is_empty() { String::new() } else { format!("{reason}, ") })]
    Api {
        /// HTTP status.
        code: u16,
        /// Machine-readable reason.
        reason: String,
        /// Message.
        message: String,
    },
    /// The API server could not be reached.
    #[error("cannot reach the API server: {0}")]
    Connection(String),
}
