//! Applying a stack plan exactly: under the stack's lock, journaled in the
//! cluster, every release checked for drift before the first write, then
//! level by level.

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures::lock::Mutex;
use futures::{FutureExt, StreamExt};

use super::{Journals, StackActionError, records, session_for};
use crate::action::gates::{Gates, Origin, ReviewedStack};
use crate::action::{
    ApplyOptions, Approved, ClusterAccess, DriftError, HeldLock, Outcome, PlanError,
    ReleaseStorage, Reporter, Reviewer, RunError, RunOptions, Session, Sessions, verify_unchanged,
    verify_unchanged_after,
};
use crate::cluster::{ClusterError, Discovery};
use crate::manifest::Manifest;
use crate::plan::{Operation, Plan, ReleaseId};
use crate::release::stack_record::{JournalEntry, StackRecordError};
use crate::release::{LockError, LockRequest, LockSubject, Status};
use crate::stack::journal::{ReleaseState, StackJournal, record_name};
use crate::stack::plan::{ReleasePlan, StackPlan};

/// How many releases of one level are applied at once: each keeps its own
/// requests in flight, so a wide level does not flood the API server.
pub const RELEASES_AT_ONCE: usize = 8;

/// How one release of a stack ended.
#[derive(Debug)]
pub enum ReleaseOutcome {
    /// Applied; its record's status.
    Applied(Status),
    /// Its plan changes nothing.
    Unchanged,
    /// Applied by an earlier apply of this same stack plan (interrupted, or
    /// one where another release failed).
    AlreadyApplied,
    /// It failed; why (as a single release's operation fails: a lock held,
    /// drift, an apply error, an interruption while it was applied).
    Failed(Box<RunError<PlanError>>),
    /// Not applied again: the earlier apply this one resumes left it
    /// half applied (plan the stack again to finish it).
    HalfApplied {
        /// The revision the interrupted apply recorded.
        revision: u32,
        /// Its status now.
        status: Status,
    },
    /// Not applied: a release it needs did not succeed.
    Skipped {
        /// The release that did not.
        needs: String,
    },
    /// Not applied: `fail_fast` stopped the stack when a release failed.
    Stopped {
        /// The first release that failed.
        failed: String,
    },
    /// Not applied: the apply was interrupted before it started (a rerun
    /// of the same plan resumes with it).
    Interrupted,
}

impl ReleaseOutcome {
    /// Whether Ctrl-C (the apply's interruption) stopped it, before or while
    /// it was applied.
    pub fn interrupted(&self) -> bool {
        matches!(self, ReleaseOutcome::Interrupted)
            || matches!(self, ReleaseOutcome::Failed(error) if matches!(**error, RunError::Interrupted { .. }))
    }

    /// Whether the release is where its plan puts it.
    pub fn succeeded(&self) -> bool {
        matches!(
            self,
            ReleaseOutcome::Applied(_) | ReleaseOutcome::Unchanged | ReleaseOutcome::AlreadyApplied
        )
    }

    /// What the journal records of it.
    fn state(&self, plan: &Plan) -> ReleaseState {
        match self {
            ReleaseOutcome::Applied(Status::Failed) => ReleaseState::Failed,
            ReleaseOutcome::Applied(_) | ReleaseOutcome::AlreadyApplied
                if plan.operation == Operation::Uninstall =>
            {
                ReleaseState::Uninstalled
            }
            ReleaseOutcome::Applied(_) | ReleaseOutcome::AlreadyApplied => ReleaseState::Applied,
            ReleaseOutcome::Unchanged => ReleaseState::Unchanged,
            ReleaseOutcome::Failed(_) | ReleaseOutcome::HalfApplied { .. } => ReleaseState::Failed,
            ReleaseOutcome::Skipped { .. } | ReleaseOutcome::Stopped { .. } => {
                ReleaseState::Skipped
            }
            ReleaseOutcome::Interrupted => ReleaseState::Pending,
        }
    }

    fn message(&self) -> Option<String> {
        match self {
            ReleaseOutcome::Failed(error) => Some(crate::remedy::with_causes(&**error)),
            ReleaseOutcome::HalfApplied { revision, status } => Some(format!(
                "an earlier apply of this plan left revision {revision} {}; plan the stack again to finish it",
                status.as_str()
            )),
            ReleaseOutcome::Skipped { needs } => Some(format!("needs {needs}")),
            ReleaseOutcome::Stopped { failed } => Some(format!("stopped after {failed} failed")),
            _ => None,
        }
    }
}

/// How to apply a stack plan.
#[derive(Debug, Clone)]
pub struct StackApplyOptions {
    /// How each release is applied (readiness is awaited by default, so a
    /// release's dependents start once it is ready).
    pub apply: ApplyOptions,
    /// How long a release's (and the stack's) lock lasts without renewal.
    pub lock_duration: Duration,
    /// Stop at the first failure: no release of a later level is applied
    /// (default: only the failed release's dependents are skipped).
    pub fail_fast: bool,
}

/// How a stack's apply ended.
#[derive(Debug)]
pub struct StackOutcome {
    /// Each release, in the plan's order.
    pub releases: Vec<(String, ReleaseOutcome)>,
    /// Whether it resumed an earlier apply of the same plan (interrupted, or
    /// with a release that failed).
    pub resumed: bool,
    /// The journal could not be written after the first write (the releases
    /// are as `releases` says; `stack status` may lag behind).
    pub journal_error: Option<StackRecordError>,
}

/// Applies a stack plan exactly. Under the stack's lock (a Lease beside its
/// journal, naming its holder) from the drift check to the last write:
/// every hash checked, the journal read (an unfinished apply of this same
/// plan is resumed: the releases it applied are skipped; any other plan
/// starts afresh), every remaining release checked for drift (nothing is
/// written in any release if one drifted), then the releases level by
/// level, a level's concurrently, each under its own lock, the journal
/// written after each. A release whose needs did not succeed is skipped;
/// the others go on (unless `fail_fast`). `reporter` gives each release's
/// progress its reporter (in place of its session's); `interrupted` stops every release. Only a plan
/// that passed the review gates ([`Gates::review_stack`]) is applied; what
/// the review established of each release goes into its record.
///
/// [`Gates::review_stack`]: crate::action::gates::Gates::review_stack
pub async fn apply_stack<
    C: ClusterAccess + Clone,
    S: ReleaseStorage + Clone,
    R: Reporter + 'static,
>(
    reviewed: &ReviewedStack,
    sessions: &Sessions<C, S>,
    options: &StackApplyOptions,
    reporter: impl Fn(&ReleaseId) -> R,
    interrupted: impl Future<Output = ()>,
) -> Result<StackOutcome, StackActionError<std::convert::Infallible>> {
    let plan = reviewed.plan();
    plan.verify_hash()?;
    let records = records(sessions, &plan.stack.namespace)?;
    let name = record_name(&plan.stack.name, plan.stack.environment.as_deref());
    let request = LockRequest {
        namespace: &plan.stack.namespace,
        name: &name,
        subject: LockSubject::Stack,
        operation: "stack apply",
        duration: options.lock_duration,
    };
    let record_session = &sessions[&None];
    let lock = match record_session.cluster().lock(&request).await {
        Err(LockError::Cluster(ClusterError::Api { code: 404, .. })) => {
            return Err(StackActionError::NoRecordNamespace {
                namespace: plan.stack.namespace.clone(),
            });
        }
        locked => locked.map_err(StackActionError::Locked)?,
    };
    let outcome = apply_locked(reviewed, sessions, &records, options, reporter, interrupted).await;
    let released = lock.release().await;
    if let Err(error) = released {
        tracing::warn!("could not release the stack's lock: {error}");
    }
    outcome
}

/// The apply, its lock held.
async fn apply_locked<
    C: ClusterAccess + Clone,
    S: ReleaseStorage + Clone,
    R: Reporter + 'static,
>(
    reviewed: &ReviewedStack,
    sessions: &Sessions<C, S>,
    records: &Journals<'_, S>,
    options: &StackApplyOptions,
    reporter: impl Fn(&ReleaseId) -> R,
    interrupted: impl Future<Output = ()>,
) -> Result<StackOutcome, StackActionError<std::convert::Infallible>> {
    let plan = reviewed.plan();
    let mut entry = (records.read(&plan.stack.name, plan.stack.environment.as_deref())).await?;
    let Preflight { resumed, not_again } = preflight(plan, sessions, &mut entry.journal).await?;
    let crds = StackCrds::of(plan);
    for kept in plan.shared.iter().filter(|shared| shared.kept) {
        entry.journal.let_go(&kept.name);
    }
    records.write(&mut entry).await?;
    let journal = Journal {
        records,
        entry: Mutex::new(entry),
        error: Mutex::new(None),
    };
    let levels = Levels {
        reviewed,
        sessions,
        options,
        rechecked: crds.rechecked(plan),
    };
    let outcomes = levels
        .apply(not_again, &journal, reporter, interrupted)
        .await;
    let mut entry = journal.entry.into_inner();
    if !outcomes
        .iter()
        .any(|(_, o)| matches!(o, ReleaseOutcome::Interrupted))
    {
        entry.journal.finish();
    }
    let mut journal_error = journal.error.into_inner();
    if let Err(error) = records.write(&mut entry).await {
        journal_error.get_or_insert(error);
    }
    Ok(StackOutcome {
        releases: outcomes,
        resumed,
        journal_error,
    })
}

/// What the check before the first write found.
pub(super) struct Preflight {
    /// Whether the apply resumes an earlier apply of the same plan.
    pub resumed: bool,
    /// The releases not applied (again), with their outcome.
    pub not_again: BTreeMap<String, ReleaseOutcome>,
}

/// Begins the apply of `plan` in `journal` (resuming an earlier apply of
/// the same plan that did not do every release), and checks every release
/// it has still to do for drift: an error if one drifted.
pub(super) async fn preflight<C: ClusterAccess, S: ReleaseStorage>(
    plan: &StackPlan,
    sessions: &Sessions<C, S>,
    journal: &mut StackJournal,
) -> Result<Preflight, StackActionError<std::convert::Infallible>> {
    // `Some`: resuming an earlier apply of this plan, which did these.
    let done = journal.begin(plan);
    let resumed = done.is_some();
    let done = done.unwrap_or_default();
    let crds = StackCrds::of(plan);
    let mut not_again = BTreeMap::new();
    for release in plan.releases.iter().filter(|r| !done.contains(&r.name)) {
        match check_drift(sessions, release, resumed, &crds.before(release)).await? {
            Found::AsPlanned => {}
            Found::AppliedBefore => {
                not_again.insert(release.name.clone(), ReleaseOutcome::AlreadyApplied);
            }
            Found::HalfApplied { revision, status } => {
                let outcome = ReleaseOutcome::HalfApplied { revision, status };
                not_again.insert(release.name.clone(), outcome);
            }
        }
    }
    for name in done {
        not_again.insert(name, ReleaseOutcome::AlreadyApplied);
    }
    Ok(Preflight { resumed, not_again })
}

/// What the drift check found of a release.
enum Found {
    /// Its part of the cluster is as planned.
    AsPlanned,
    /// Resuming: its record says this very plan was applied already (the
    /// journal missed it: the apply was killed before it could write).
    AppliedBefore,
    /// Resuming: this plan was begun on it and did not finish; it is not
    /// applied again (plan again to finish it), its dependents wait.
    HalfApplied {
        /// The revision the interrupted apply recorded.
        revision: u32,
        /// Its status now.
        status: Status,
    },
}

/// The CustomResourceDefinitions a stack plan's releases create or keep:
/// the kinds they define are served once their release is applied, so
/// later releases' objects of those kinds are not drift at the start.
struct StackCrds<'p> {
    /// (context, release, CRD).
    crds: Vec<(&'p Option<String>, &'p str, &'p Manifest)>,
}

impl<'p> StackCrds<'p> {
    fn of(plan: &'p StackPlan) -> StackCrds<'p> {
        let crds = (plan.releases.iter())
            .flat_map(|release| {
                (release.plan.crds())
                    .map(move |o| (&release.context, release.name.as_str(), &o.manifest))
            })
            .collect();
        StackCrds { crds }
    }

    /// The CRDs the other releases of `release`'s cluster create (the
    /// stack's order puts the ones it needs first).
    fn before(&self, release: &ReleasePlan) -> Vec<&'p Manifest> {
        (self.crds.iter())
            .filter(|(context, name, _)| **context == release.context && *name != release.name)
            .map(|(_, _, crd)| *crd)
            .collect()
    }

    /// The releases with objects of a kind another release's CRD defines:
    /// their drift check is made again at their turn, once the CRD exists.
    fn rechecked(&self, plan: &StackPlan) -> BTreeSet<String> {
        (plan.releases.iter())
            .filter(|release| {
                let mut defined = Discovery::default();
                defined.learn_crds(self.before(release));
                (release.plan.objects.iter())
                    .any(|o| defined.resolve(&o.api_version, &o.kind).is_some())
            })
            .map(|release| release.name.clone())
            .collect()
    }
}

/// Checks a release for drift, knowing whether this apply resumes one of
/// the same plan, and the CRDs the stack's other releases create.
async fn check_drift<C: ClusterAccess, S: ReleaseStorage>(
    sessions: &Sessions<C, S>,
    release: &ReleasePlan,
    resumed: bool,
    crds_before: &[&Manifest],
) -> Result<Found, StackActionError<std::convert::Infallible>> {
    let session = session_for(sessions, &release.name, &release.context)?;
    let crds_before = crds_before.iter().copied();
    match verify_unchanged_after(session, &release.plan, crds_before).await {
        Ok(()) => Ok(Found::AsPlanned),
        Err(DriftError::AlreadyApplied { status, .. })
            if resumed && matches!(status, Status::Deployed | Status::Uninstalled) =>
        {
            Ok(Found::AppliedBefore)
        }
        Err(DriftError::AlreadyApplied {
            revision, status, ..
        }) if resumed => Ok(Found::HalfApplied { revision, status }),
        Err(source) => Err(StackActionError::Drifted {
            release: release.name.clone(),
            source,
        }),
    }
}

/// The journal while releases are applied: written after each one.
struct Journal<'a, S> {
    records: &'a Journals<'a, S>,
    entry: Mutex<JournalEntry>,
    /// The first write that failed.
    error: Mutex<Option<StackRecordError>>,
}

impl<S: ReleaseStorage> Journal<'_, S> {
    async fn record(&self, release: &ReleasePlan, outcome: &ReleaseOutcome) {
        let mut entry = self.entry.lock().await;
        let state = outcome.state(&release.plan);
        entry.journal.record(release, state, outcome.message());
        if let Err(error) = self.records.write(&mut entry).await {
            self.error.lock().await.get_or_insert(error);
        }
    }
}

/// A stack plan's levels to apply.
struct Levels<'a, C, S> {
    reviewed: &'a ReviewedStack,
    sessions: &'a Sessions<C, S>,
    options: &'a StackApplyOptions,
    /// The releases checked for drift again at their turn ([`StackCrds::rechecked`]).
    rechecked: BTreeSet<String>,
}

impl<C: ClusterAccess + Clone, S: ReleaseStorage + Clone> Levels<'_, C, S> {
    /// Applies the releases level by level; those in `not_again` are not
    /// applied (the apply this one resumes applied them, or left them half
    /// applied), their outcome given.
    async fn apply<R: Reporter + 'static>(
        &self,
        mut not_again: BTreeMap<String, ReleaseOutcome>,
        journal: &Journal<'_, S>,
        reporter: impl Fn(&ReleaseId) -> R,
        interrupted: impl Future<Output = ()>,
    ) -> Vec<(String, ReleaseOutcome)> {
        let Levels {
            reviewed,
            sessions,
            options,
            ..
        } = self;
        let plan = reviewed.plan();
        let interrupted = interrupted.boxed_local().shared();
        let by_name: BTreeMap<&str, &ReleasePlan> =
            plan.releases.iter().map(|r| (r.name.as_str(), r)).collect();
        let mut outcomes: BTreeMap<String, ReleaseOutcome> = BTreeMap::new();
        for level in &plan.order {
            let first_failure = (plan.order.iter().flatten())
                .find(|name| outcomes.get(name.as_str()).is_some_and(|o| !o.succeeded()));
            let stopped = first_failure.filter(|_| options.fail_fast).cloned();
            let runs = level.iter().map(|name| {
                let release = by_name[name.as_str()];
                let failed_need = (release.needs.iter()).find(|need| {
                    !outcomes
                        .get(need.as_str())
                        .is_some_and(ReleaseOutcome::succeeded)
                });
                let interrupted = interrupted.clone();
                let reporter: Arc<dyn Reporter> = Arc::new(reporter(&release.plan.release.id()));
                let decided = not_again.remove(name.as_str());
                let stopped = stopped.clone();
                async move {
                    let outcome = if let Some(outcome) = decided {
                        outcome
                    } else if interrupted.clone().now_or_never().is_some() {
                        return (name.clone(), ReleaseOutcome::Interrupted);
                    } else if let Some(failed) = stopped {
                        ReleaseOutcome::Stopped { failed }
                    } else if let Some(need) = failed_need {
                        ReleaseOutcome::Skipped {
                            needs: need.clone(),
                        }
                    } else {
                        let session = sessions[&release.context].clone().with_reporter(reporter);
                        let recheck = self.rechecked.contains(name);
                        let review = reviewed.review(name);
                        let run = ReleaseRun {
                            options,
                            recheck,
                            review,
                        };
                        apply_release(&session, release, run, interrupted).await
                    };
                    journal.record(release, &outcome).await;
                    (name.clone(), outcome)
                }
            });
            let level: Vec<_> = futures::stream::iter(runs)
                .buffered(RELEASES_AT_ONCE)
                .collect()
                .await;
            outcomes.extend(level);
        }
        (plan.order.iter().flatten())
            .map(|name| {
                let outcome = outcomes.remove(name).expect("every release has an outcome");
                (name.clone(), outcome)
            })
            .collect()
    }
}

/// Applies one release's plan through [`run`](super::run), its review done;
/// with `recheck`, checked for drift again under its lock first (its custom
/// resources' CRDs exist now).
async fn apply_release<C: ClusterAccess, S: ReleaseStorage>(
    session: &Session<C, S>,
    release: &ReleasePlan,
    ReleaseRun {
        options,
        recheck,
        review,
    }: ReleaseRun<'_>,
    interrupted: impl Future<Output = ()>,
) -> ReleaseOutcome {
    let run = RunOptions {
        release: release.plan.release.id(),
        operation: release.plan.operation,
        lock_duration: options.lock_duration,
        dry_run: false,
        // The stack's review passed the gates already, for every release.
        gates: Gates::default(),
        origin: Origin::Saved,
        after: Default::default(),
    };
    let mut apply = options.apply.clone();
    apply.review = review;
    let mut reviewed = Reviewed(apply);
    let plan = async || {
        if recheck {
            verify_unchanged(session, &release.plan).await?;
        }
        Ok::<_, PlanError>(release.plan.clone())
    };
    match crate::action::run(session, &run, plan, &mut reviewed, interrupted).await {
        Ok(Outcome::Applied(record)) => ReleaseOutcome::Applied(record.status),
        Ok(Outcome::Unchanged(_) | Outcome::Stopped | Outcome::DryRun { .. }) => {
            ReleaseOutcome::Unchanged
        }
        Err(error) => ReleaseOutcome::Failed(Box::new(error)),
    }
}

/// How one release of a stack is applied.
struct ReleaseRun<'a> {
    options: &'a StackApplyOptions,
    /// Checked for drift again under its lock ([`StackCrds::rechecked`]).
    recheck: bool,
    /// What the stack's review established of it.
    review: crate::review::Review,
}

/// The review a stack's release plans had already, as one stack plan.
struct Reviewed(ApplyOptions);

impl Reviewer for Reviewed {
    type Error = PlanError;

    async fn review(&mut self, plan: Plan) -> Result<Option<Approved>, PlanError> {
        Ok(Some(Approved {
            plan,
            options: self.0.clone(),
        }))
    }

    async fn confirm(&mut self, _: &Plan) -> Result<(), PlanError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
