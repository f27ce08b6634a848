//! Stacks: many releases planned as one
//! [`StackPlan`](crate::stack::plan::StackPlan), level after level in
//! the order their needs give (the releases of a level concurrently), each
//! planned as install or upgrade exactly as on its own, with the kinds that
//! earlier releases' CustomResourceDefinitions create counted as served;
//! then applied in that order, every release through the same sequence as
//! any operation ([`run`](crate::action::run)): its lock, exactly its plan,
//! unlock. The stack's journal and lock (see [`crate::stack::journal`])
//! make its apply one operation too.

use crate::action::{ClusterAccess, PlanError, ReleaseStorage, Session, Sessions};
use crate::release::LockError;
use crate::release::stack_record::{JournalEntry, StackRecordError};
use crate::source::Fetched;
use crate::stack::LockedRelease;
use crate::stack::plan::{BASE_RELEASES, StackPlanError};

/// Why a stack could not be planned or applied; each names the release.
#[derive(Debug, thiserror::Error)]
pub enum StackActionError<E> {
    /// No session was given for a release's context.
    #[error("release {release}: no cluster for context {context:?}")]
    NoCluster {
        /// The release.
        release: String,
        /// Its context.
        context: Option<String>,
    },
    /// The stack file refuses the request (`--only` naming no release of it).
    #[error(transparent)]
    Stack(Box<crate::stack::StackError>),
    /// A release's package could not be fetched.
    #[error("release {release}")]
    Fetch {
        /// The release.
        release: String,
        /// Why.
        source: E,
    },
    /// A release could not be planned.
    #[error("release {release}")]
    Plan {
        /// The release.
        release: String,
        /// Why.
        source: Box<PlanError>,
    },
    /// A release's package requirements are not met by the cluster nor by
    /// an earlier release of the stack.
    #[error(
        "release {release}: its requirements are not met; in a stack, add a release that installs what is missing (its needs order it first) or set skipRequirements: true on release {release}"
    )]
    RequirementsUnmet {
        /// The release.
        release: String,
        /// The plan's refusal ([`PlanError::RequirementsUnmet`]).
        source: Box<PlanError>,
    },
    /// A package requirement met by another release of the stack closes a
    /// cycle with the stack's needs.
    #[error(
        "release {release}: its package requires the package of release {needs}, which needs it in turn (directly or through others); break the cycle in the stack's needs"
    )]
    RequirementCycle {
        /// The release.
        release: String,
        /// The release it would need.
        needs: String,
    },
    /// Releases resolve differently from the stack's lock
    /// ([`StackOptions::lock`]): nothing was planned.
    #[error(
        "{} release(s) resolve differently from the lock {}, nothing was planned:\n  - {}\nupdate the lock to record what they resolve to now, or pin them in the stack file",
        differing.len(),
        lock.display(),
        differing.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n  - ")
    )]
    Unlocked {
        /// The lock file.
        lock: std::path::PathBuf,
        /// Each release that differs, and how.
        differing: Vec<crate::stack::StackError>,
    },
    /// The stack plan was edited after it was made.
    #[error(transparent)]
    Edited(#[from] StackPlanError),
    /// Two releases of the stack would both write one object.
    #[error(
        "releases {first} and {second} of the stack both write {object}: an object has one owner; remove it from one of the two packages"
    )]
    SharedObject {
        /// The object.
        object: String,
        /// The release planned first.
        first: String,
        /// The other.
        second: String,
    },
    /// The namespace the stack keeps its record in does not exist.
    #[error(
        "the stack keeps its record (journal and lock) in namespace {namespace:?}, which does not exist: create it (kubectl create namespace {namespace}) or change the stack file's namespace:"
    )]
    NoRecordNamespace {
        /// The namespace.
        namespace: String,
    },
    /// Another apply of the stack holds its lock.
    #[error("{0}")]
    Locked(LockError),
    /// The stack's journal could not be read or written.
    #[error(transparent)]
    Record(#[from] StackRecordError),
    /// `--prune` with `--only`: a subset cannot say what the stack no longer holds.
    #[error(
        "{} plans the whole stack: it cannot be combined with {} (a subset does not say which releases the stack no longer declares)",
        crate::remedy::Setting::Prune,
        crate::remedy::Setting::Only
    )]
    PruneWithOnly,
    /// A release of the stack that another environment's journal holds too
    /// (the same release in the cluster), not marked `shared: true`.
    #[error(
        "release {release} (namespace {namespace}) is also a release of {}: one release in the cluster, which this plan would {verb}; give it another namespace in this environment, or mark it shared: true in the stack file if it is meant to serve both",
        held_by.iter().map(|scope| scope_label(scope)).collect::<Vec<_>>().join(" and ")
    )]
    HeldElsewhere {
        /// The release.
        release: String,
        /// Its namespace.
        namespace: String,
        /// The environments whose journals hold it ([`BASE_RELEASES`] for the base releases).
        held_by: Vec<String>,
        /// What the plan would do to it (`change`, `uninstall`).
        verb: &'static str,
    },
    /// A release's part of the cluster changed since it was planned:
    /// nothing was applied in any release.
    // The source's text inside the message, not after it: what follows it
    // ("nothing was applied…") is said of the whole stack.
    #[error("release {release}: {source}; nothing was applied in any release of the stack")]
    Drifted {
        /// The release.
        release: String,
        /// What changed.
        source: super::DriftError,
    },
}

impl<E> StackActionError<E> {
    /// This error, or a release's fetch error apart (`Err((release, error))`):
    /// the caller's own error type kept whole for its callers, every other
    /// error typed.
    pub fn split_fetch(self) -> Result<StackActionError<std::convert::Infallible>, (String, E)> {
        use StackActionError as S;
        Ok(match self {
            S::Fetch { release, source } => return Err((release, source)),
            S::NoCluster { release, context } => S::NoCluster { release, context },
            S::Stack(error) => S::Stack(error),
            S::Plan { release, source } => S::Plan { release, source },
            S::RequirementsUnmet { release, source } => S::RequirementsUnmet { release, source },
            S::RequirementCycle { release, needs } => S::RequirementCycle { release, needs },
            S::Unlocked { lock, differing } => S::Unlocked { lock, differing },
            S::Edited(error) => S::Edited(error),
            S::SharedObject {
                object,
                first,
                second,
            } => S::SharedObject {
                object,
                first,
                second,
            },
            S::NoRecordNamespace { namespace } => S::NoRecordNamespace { namespace },
            S::Locked(error) => S::Locked(error),
            S::Record(error) => S::Record(error),
            S::PruneWithOnly => S::PruneWithOnly,
            S::HeldElsewhere {
                release,
                namespace,
                held_by,
                verb,
            } => S::HeldElsewhere {
                release,
                namespace,
                held_by,
                verb,
            },
            S::Drifted { release, source } => S::Drifted { release, source },
        })
    }
}

/// `environment prod`, or `the stack's base releases`.
fn scope_label(scope: &str) -> String {
    if scope == BASE_RELEASES {
        "the stack's base releases (planned without -e)".to_string()
    } else {
        format!("environment {scope}")
    }
}

/// Where a stack keeps its record: the current context's session (which
/// must be connected, whatever contexts its releases name).
fn records<'a, C, S, E>(
    sessions: &'a Sessions<C, S>,
    namespace: &'a str,
) -> Result<Journals<'a, S>, StackActionError<E>> {
    let session = sessions
        .get(&None)
        .ok_or_else(|| StackActionError::NoCluster {
            release: "(the stack's record)".to_string(),
            context: None,
        })?;
    Ok(Journals {
        releases: session.releases(),
        namespace,
    })
}

/// The journals of a stack's environments, where it keeps its record.
struct Journals<'a, S> {
    releases: &'a S,
    namespace: &'a str,
}

impl<S: ReleaseStorage> Journals<'_, S> {
    /// The journal of the stack for `environment`; empty if none is kept.
    async fn read(
        &self,
        stack: &str,
        environment: Option<&str>,
    ) -> Result<JournalEntry, StackRecordError> {
        (self.releases)
            .read_journal(self.namespace, stack, environment)
            .await
    }

    /// Writes `entry`, unless someone else wrote it since it was read.
    async fn write(&self, entry: &mut JournalEntry) -> Result<(), StackRecordError> {
        self.releases.write_journal(self.namespace, entry).await
    }
}

mod apply;
mod fetch;
pub mod fleet;
mod plan;

pub use apply::{ReleaseOutcome, StackApplyOptions, StackOutcome, apply_stack};
pub use fetch::{StackFetchError, StackSources};
pub use plan::{StackOptions, plan_stack, plan_stack_uninstall};

/// What a release's fetched package resolved to, as a stack's lock file
/// records it: its version, its reference (as the plan records it) and its
/// digest (the artifact's, for a local package).
pub fn resolved(fetched: &Fetched) -> LockedRelease {
    LockedRelease {
        version: fetched.package.version.to_string(),
        reference: fetched.source.reference.clone(),
        digest: fetched
            .source
            .digest
            .clone()
            .unwrap_or_else(|| fetched.package.artifact().digest)
            .into(),
    }
}

/// The session of a release's context.
fn session_for<'a, C: ClusterAccess, S, E>(
    sessions: &'a Sessions<C, S>,
    release: &str,
    context: &Option<String>,
) -> Result<&'a Session<C, S>, StackActionError<E>> {
    sessions
        .get(context)
        .ok_or_else(|| StackActionError::NoCluster {
            release: release.to_string(),
            context: context.clone(),
        })
}
