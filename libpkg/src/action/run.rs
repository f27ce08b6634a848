//! The whole of an operation as one call: take the release lock, plan,
//! let the caller review and confirm, create the release namespace, apply
//! exactly the reviewed plan, and release the lock on every path,
//! interruption included. The review gates (risk policy, approvals) are
//! applied here too; the caller keeps what only it can do (showing, saving,
//! asking): the sequence that keeps a release consistent is here, so a
//! command line, an embedder and a stack run the same one.

use std::future::Future;
use std::time::Duration;

use super::gates::{GateError, Gates, Origin};
use super::session::{ClusterAccess, HeldLock, ReleaseStorage};
use super::{ApplyError, ApplyOptions, Event, PlanError, Reporter, Session, changes_anything};
use crate::cluster::ClusterError;
use crate::plan::{Operation, Plan, ReleaseId};
use crate::release::helm::HelmRecordsError;
use crate::release::proposal::ProposalError;
use crate::release::{LockError, LockRequest, Record, ReleaseError, Staleness, Status};

/// The caller's part of an operation: only it can show a plan or ask.
pub trait Reviewer {
    /// The caller's own error (a policy that refuses, a declined question).
    type Error;

    /// Reviews the plan made under the lock, the risk policy's outcome
    /// recorded in it (shows it, saves it). `Some` goes on with the plan it
    /// holds, which must be the one reviewed: the approvals it needs are
    /// checked, then the installer's access, then it is applied (or, for a
    /// dry run, judged only); `None` stops with nothing changed (a
    /// proposal).
    fn review(&mut self, plan: Plan)
    -> impl Future<Output = Result<Option<Approved>, Self::Error>>;

    /// Asks whether to apply, once the plan is known to change something and
    /// the installer holds every permission it needs; an error stops.
    fn confirm(&mut self, plan: &Plan) -> impl Future<Output = Result<(), Self::Error>>;

    /// Runs after the plan was applied, still holding the release's lock
    /// (deleting the history of a release just uninstalled, say); its error
    /// is the operation's.
    fn applied(&mut self, record: &Record) -> impl Future<Output = Result<(), Self::Error>> {
        let _ = record;
        async { Ok(()) }
    }
}

/// A reviewed plan to apply, and how.
#[derive(Debug, Clone)]
pub struct Approved {
    /// The plan, exactly as reviewed.
    pub plan: Plan,
    /// How to apply it (waiting, atomic). What the gates establish (risks
    /// acknowledged now, the approvals that counted) is added to its review
    /// record.
    pub options: ApplyOptions,
}

/// How to run an operation.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The release the operation is on: the lock is its.
    pub release: ReleaseId,
    /// What the lock says is being done: the operation (a saved plan's own).
    pub operation: Operation,
    /// How long the lock lasts without renewal.
    pub lock_duration: Duration,
    /// Plan, review and judge only: no lock is taken and nothing is applied.
    pub dry_run: bool,
    /// The gates the plan must pass.
    pub gates: Gates,
    /// Whether the plan is made now or was saved (the gates treat them
    /// differently: only a saved plan carries approvals).
    pub origin: Origin,
    /// What is done once the plan is applied, still holding the lock.
    pub after: AfterApply,
}

/// What is done once a plan is applied, still holding the release's lock
/// (after [`Reviewer::applied`]), each reported as an [`Event`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum AfterApply {
    /// Nothing.
    #[default]
    Nothing,
    /// Delete the release's history: an uninstall that leaves no trace.
    PurgeHistory,
    /// Once the release is deployed, delete Helm's records of it: an
    /// adoption that Helm forgets.
    RemoveHelmRecords,
    /// Once the release is deployed, mark the proposal the plan was
    /// stored as applied, so that it is never applied again.
    MarkProposalApplied {
        /// The proposal's name.
        name: String,
    },
}

/// Why a step after the apply failed (the plan itself was applied).
#[derive(Debug, thiserror::Error)]
pub enum AfterApplyError {
    /// The release's history could not be deleted.
    #[error(transparent)]
    History(#[from] ReleaseError),
    /// Helm's records could not be deleted.
    #[error(transparent)]
    HelmRecords(#[from] HelmRecordsError),
    /// The proposal could not be marked applied.
    #[error(transparent)]
    Proposal(#[from] ProposalError),
}

/// How an operation ended.
#[derive(Debug)]
pub enum Outcome {
    /// The reviewer stopped it, or it was a dry run: nothing was changed.
    Stopped,
    /// The plan changes nothing, so nothing was applied or recorded.
    Unchanged(Box<Plan>),
    /// A dry run whose plan passed every gate and the access check.
    DryRun {
        /// The plan.
        plan: Box<Plan>,
        /// Whether applying it would change anything.
        changes: bool,
    },
    /// The plan was applied; its release record.
    Applied(Box<Record>),
}

/// Where an interruption stopped an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Before anything was written.
    Planning,
    /// While the caller reviewed the plan; nothing was written.
    Reviewing,
    /// While the caller asked whether to apply; nothing was written.
    Confirming,
    /// While applying: some changes may have been made (the release record
    /// says the revision is pending; the next operation takes over).
    Applying {
        /// The revision being applied.
        revision: u32,
    },
}

/// Why an operation did not complete.
#[derive(Debug, thiserror::Error)]
pub enum RunError<E> {
    /// The release's lock could not be taken (held by another operation).
    #[error(transparent)]
    Lock(#[from] LockError),
    /// Planning failed.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The caller's planning, review or confirmation stopped it.
    #[error("{0}")]
    Caller(E),
    /// The risk policy refused the plan before it was reviewed; the plan
    /// holds the findings (a caller shows it, then the refusal).
    // The refusal is the source too (not only the message), so that a
    // caller walking the chain finds it ([`super::failure_kind`]).
    #[error("{error}")]
    Refused {
        /// The plan, with its findings.
        plan: Box<Plan>,
        /// The policy's refusal.
        #[source]
        error: GateError,
    },
    /// The reviewed plan lacks the approvals the policy requires.
    #[error("{0}")]
    Gate(#[source] GateError),
    /// The installer lacks rights the plan's access check found missing.
    #[error(
        "you are missing {missing} permission(s) this plan needs (see the access check){}",
        if *dry_run { ": applying it would be refused" } else { "; nothing was applied" }
    )]
    AccessDenied {
        /// How many.
        missing: usize,
        /// Whether it was a dry run (which only judged the plan).
        dry_run: bool,
    },
    /// The release could not be locked (no right to create Leases in its namespace).
    #[error(
        "could not lock release {} (you may not create Leases in namespace {}); nothing was applied",
        release.name,
        release.namespace
    )]
    NotLocked {
        /// The release.
        release: ReleaseId,
    },
    /// Applying failed.
    #[error(transparent)]
    Apply(#[from] ApplyError),
    /// The plan was applied; a step after it ([`AfterApply`]) failed.
    #[error(transparent)]
    AfterApply(#[from] AfterApplyError),
    /// The interruption the caller signalled; the lock is released.
    #[error("interrupted")]
    Interrupted {
        /// Where it stopped.
        stage: Stage,
    },
}

/// Runs one operation on `options.release`: lock, `plan`, review, confirm,
/// apply, unlock. `interrupted` completes when the caller wants to stop
/// (Ctrl-C): planning is abandoned, applying stops between writes, and the
/// lock is released either way. Events about the lock and the apply go to
/// the session's reporter.
pub async fn run<C: ClusterAccess, S: ReleaseStorage, R: Reviewer>(
    session: &Session<C, S>,
    options: &RunOptions,
    plan: impl AsyncFnOnce() -> Result<Plan, R::Error>,
    reviewer: &mut R,
    interrupted: impl Future<Output = ()>,
) -> Result<Outcome, RunError<R::Error>> {
    let mut interrupted = std::pin::pin!(interrupted);
    with_lock(session, options, async |lock| {
        let plan = tokio::select! {
            planned = plan() => planned.map_err(RunError::Caller)?,
            () = &mut interrupted => return Err(RunError::Interrupted { stage: Stage::Planning }),
        };
        let mut steps = Steps {
            session,
            options,
            lock,
        };
        steps.review_and_apply(plan, reviewer, interrupted).await
    })
    .await
}

/// Runs `body` holding the lock of `options.release` (none for a dry run,
/// or when the release namespace does not exist yet or the installer may
/// not lock: `body` gets `None`), and releases it however `body` ends. For
/// work on a release that is not a plan, such as deleting the history of a
/// release uninstalled earlier.
pub async fn with_lock<C: ClusterAccess, S, T, E>(
    session: &Session<C, S>,
    options: &RunOptions,
    body: impl AsyncFnOnce(Option<&C::Lock>) -> Result<T, RunError<E>>,
) -> Result<T, RunError<E>> {
    let lock = if options.dry_run {
        None
    } else {
        acquire(session, options, &options.release).await?
    };
    let outcome = body(lock.as_ref()).await;
    unlock(lock, &options.release, session.reporter()).await;
    outcome
}

/// The steps after planning, holding the lock (if any).
struct Steps<'a, C: ClusterAccess, S> {
    session: &'a Session<C, S>,
    options: &'a RunOptions,
    lock: Option<&'a C::Lock>,
}

impl<C: ClusterAccess, S: ReleaseStorage> Steps<'_, C, S> {
    async fn review_and_apply<R: Reviewer>(
        &mut self,
        plan: Plan,
        reviewer: &mut R,
        mut interrupted: std::pin::Pin<&mut impl Future<Output = ()>>,
    ) -> Result<Outcome, RunError<R::Error>> {
        let (gates, origin, dry_run) = (
            &self.options.gates,
            self.options.origin,
            self.options.dry_run,
        );
        let mut plan = plan;
        let mut review = match gates.check_policy(&mut plan, origin) {
            Ok(review) => review,
            Err(error) => {
                return Err(RunError::Refused {
                    plan: Box::new(plan),
                    error,
                });
            }
        };
        let reviewed = tokio::select! {
            reviewed = reviewer.review(plan) => reviewed.map_err(RunError::Caller)?,
            () = &mut interrupted => return Err(RunError::Interrupted { stage: Stage::Reviewing }),
        };
        let Some(Approved { plan, mut options }) = reviewed else {
            return Ok(Outcome::Stopped);
        };
        // A plan made now cannot carry approvals yet: for a dry run of one,
        // they are the next step, not a failure.
        if !(dry_run && origin == Origin::Fresh) {
            (gates.check_approvals(&plan.approvals, &plan.hash, &mut review, origin))
                .map_err(RunError::Gate)?;
        }
        options.review.approvals.extend(review.approvals);
        options.review.accepted_risks.extend(review.accepted_risks);
        let missing = plan.permissions.installer.missing.len();
        if missing > 0 {
            return Err(RunError::AccessDenied { missing, dry_run });
        }
        let changes = changes_anything(self.session.releases(), &plan).await?;
        if dry_run {
            return Ok(Outcome::DryRun {
                plan: Box::new(plan),
                changes,
            });
        }
        if !changes {
            return Ok(Outcome::Unchanged(Box::new(plan)));
        }
        tokio::select! {
            confirmed = reviewer.confirm(&plan) => confirmed.map_err(RunError::Caller)?,
            () = &mut interrupted => return Err(RunError::Interrupted { stage: Stage::Confirming }),
        }
        // A namespace the plan creates is created first; then the release can be locked in it.
        let deferred = match self.lock {
            None if super::create_release_namespace(self.session, &plan).await? => {
                acquire(self.session, self.options, &plan.release.id()).await?
            }
            _ => None,
        };
        let outcome = match self.lock.or(deferred.as_ref()) {
            Some(lock) => {
                let applying = super::apply(self.session, lock, &plan, &options);
                let record = tokio::select! {
                    record = applying => record.map_err(RunError::Apply),
                    () = interrupted => Err(RunError::Interrupted {
                        stage: Stage::Applying { revision: plan.release.revision },
                    }),
                };
                match record {
                    Ok(record) => match reviewer.applied(&record).await {
                        Ok(()) => match self.after_apply(&record).await {
                            Ok(()) => Ok(Outcome::Applied(Box::new(record))),
                            Err(error) => Err(RunError::AfterApply(error)),
                        },
                        Err(error) => Err(RunError::Caller(error)),
                    },
                    Err(error) => Err(error),
                }
            }
            None => Err(RunError::NotLocked {
                release: plan.release.id(),
            }),
        };
        unlock(deferred, &self.options.release, self.session.reporter()).await;
        outcome
    }

    /// The steps after the apply ([`RunOptions::after`]).
    async fn after_apply(&self, record: &Record) -> Result<(), AfterApplyError> {
        let (releases, reporter) = (self.session.releases(), self.session.reporter());
        let release = record.plan.release.id();
        let deployed = record.status == Status::Deployed;
        match &self.options.after {
            AfterApply::Nothing => {}
            AfterApply::PurgeHistory => {
                releases.purge(&release).await?;
                reporter.event(Event::HistoryPurged { release });
            }
            AfterApply::RemoveHelmRecords if deployed => {
                let removed = releases.remove_helm_records(&release).await?;
                reporter.event(Event::HelmRecordsRemoved { release, removed });
            }
            AfterApply::MarkProposalApplied { name } if deployed => {
                (releases)
                    .mark_proposal_applied(&release.namespace, name)
                    .await?;
            }
            AfterApply::RemoveHelmRecords | AfterApply::MarkProposalApplied { .. } => {}
        }
        Ok(())
    }
}

/// Takes a release's lock; `None` when its namespace does not exist yet (the
/// plan creates it) or the installer may not lock (the access check says so).
async fn acquire<C: ClusterAccess, S, E>(
    session: &Session<C, S>,
    options: &RunOptions,
    release: &ReleaseId,
) -> Result<Option<C::Lock>, RunError<E>> {
    let request = LockRequest {
        namespace: &release.namespace,
        name: &release.name,
        subject: Default::default(),
        operation: options.operation.as_str(),
        duration: options.lock_duration,
    };
    let lock = match session.cluster().lock(&request).await {
        Ok(lock) => lock,
        Err(LockError::Cluster(
            ClusterError::Forbidden { .. } | ClusterError::Api { code: 404, .. },
        )) => return Ok(None),
        Err(error) => return Err(error.into()),
    };
    if let Some(stale) = lock.taken_over() {
        session.reporter().event(Event::LockTakenOver {
            release: release.clone(),
            holder: stale.to_string(),
            holder_gone: stale.stale == Some(Staleness::HolderGone),
        });
    }
    Ok(Some(lock))
}

/// Releases the lock of `release`; a failure is reported, not returned: the
/// operation's own outcome matters more, and the lock expires anyway.
async fn unlock(lock: Option<impl HeldLock>, release: &ReleaseId, reporter: &dyn Reporter) {
    if let Some(lock) = lock
        && let Err(error) = lock.release().await
    {
        reporter.event(Event::LockNotReleased {
            release: release.clone(),
            reason: crate::remedy::with_causes(&error),
        });
    }
}

#[cfg(test)]
mod tests;
