//! `run` on the in-memory fakes: each branch of the sequence, the lock
//! taken and released on every path, and what is recorded.

use super::*;
use crate::action::testing::{FAKE_SERVER, FakeCluster, FakeReleases, session};
use crate::permissions::{MissingPermission, Risk, Severity};
use crate::plan::{Action, Operation};
use crate::release::Status;
use crate::review::policy::RiskPolicy;

type Fakes = Session<FakeCluster, FakeReleases>;

/// A fake session whose namespace `apps` exists.
fn fakes() -> Fakes {
    let session = session();
    let cluster = session.cluster().clone().with_namespace("apps");
    Session::from_parts(cluster, session.releases().clone())
}

/// Installing release `demo` in `apps`: one Secret, made against the fake.
fn plan() -> Plan {
    let mut plan = crate::plan::tests::sample();
    plan.cluster.server = Some(FAKE_SERVER.to_string());
    plan.seal()
}

/// Release `demo` in `apps`.
fn demo() -> ReleaseId {
    crate::plan::tests::release("apps", "demo")
}

fn options() -> RunOptions {
    RunOptions {
        release: demo(),
        operation: Operation::Install,
        lock_duration: Duration::from_secs(60),
        dry_run: false,
        gates: Gates::default(),
        origin: Origin::Fresh,
        after: AfterApply::Nothing,
    }
}

/// A reviewer that approves or stops, confirms or declines, as told, and
/// says what it was asked.
#[derive(Default)]
struct Script {
    stop: bool,
    decline: bool,
    fail_after: bool,
    reviewed: usize,
    confirmed: usize,
    applied: Vec<Status>,
}

impl Reviewer for Script {
    type Error = String;

    async fn review(&mut self, plan: Plan) -> Result<Option<Approved>, String> {
        self.reviewed += 1;
        if self.stop {
            return Ok(None);
        }
        let options = ApplyOptions {
            wait: false,
            ..ApplyOptions::default()
        };
        Ok(Some(Approved { plan, options }))
    }

    async fn confirm(&mut self, _: &Plan) -> Result<(), String> {
        self.confirmed += 1;
        match self.decline {
            true => Err("declined".to_string()),
            false => Ok(()),
        }
    }

    async fn applied(&mut self, record: &Record) -> Result<(), String> {
        self.applied.push(record.status);
        match self.fail_after {
            true => Err("after".to_string()),
            false => Ok(()),
        }
    }
}

async fn run_with(
    session: &Fakes,
    options: &RunOptions,
    plan: Plan,
    reviewer: &mut Script,
) -> Result<Outcome, RunError<String>> {
    let made = async || Ok::<_, String>(plan);
    super::run(session, options, made, reviewer, std::future::pending()).await
}

/// The lock of `apps/demo` was taken, then released, and no lock is left.
fn locked_and_released(session: &Fakes) {
    assert!(!session.cluster().holds_locks(), "a lock is left behind");
    let lines = session_log(session);
    let taken = lines.iter().position(|l| l == "lock release apps/demo");
    let released = lines.iter().position(|l| l == "unlock release apps/demo");
    assert!(
        matches!((taken, released), (Some(t), Some(r)) if t < r),
        "{lines:?}"
    );
}

fn session_log(session: &Fakes) -> Vec<String> {
    session.releases().log().lines()
}

fn nothing_applied(session: &Fakes) {
    let log = session.releases().log();
    assert!(log.starting_with("apply").is_empty(), "{:?}", log.lines());
    assert!(log.starting_with("record").is_empty(), "{:?}", log.lines());
}

#[tokio::test]
async fn an_approved_plan_is_recorded_applied_and_deployed_under_the_lock() {
    let session = fakes();
    let mut reviewer = Script::default();
    let outcome = run_with(&session, &options(), plan(), &mut reviewer).await;
    let Ok(Outcome::Applied(record)) = outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!(record.status, Status::Deployed);
    assert_eq!((reviewer.reviewed, reviewer.confirmed), (1, 1));
    assert_eq!(reviewer.applied, [Status::Deployed]);
    assert_eq!(
        session_log(&session),
        [
            "lock release apps/demo",
            "record demo v1 pending",
            "apply Secret apps/creds",
            "record demo v1 deployed",
            "unlock release apps/demo",
        ]
    );
    assert!(
        (session.cluster())
            .object("v1", "Secret", Some("apps"), "creds")
            .is_some()
    );
}

#[tokio::test]
async fn a_dry_run_takes_no_lock_and_applies_nothing() {
    let session = fakes();
    let options = RunOptions {
        dry_run: true,
        ..options()
    };
    let mut reviewer = Script::default();
    let outcome = run_with(&session, &options, plan(), &mut reviewer).await;
    assert!(
        matches!(outcome, Ok(Outcome::DryRun { changes: true, .. })),
        "{outcome:?}"
    );
    assert_eq!(reviewer.confirmed, 0);
    assert!(
        session_log(&session).is_empty(),
        "{:?}",
        session_log(&session)
    );
}

#[tokio::test]
async fn a_plan_that_changes_nothing_is_not_applied_nor_recorded() {
    let session = fakes();
    // Deployed: revision 1, the same package and values.
    let deployed = plan();
    session.releases().put(Record {
        plan: deployed.clone(),
        status: Status::Deployed,
        message: None,
        review: Default::default(),
    });
    let mut upgrade = deployed;
    upgrade.operation = Operation::Upgrade;
    upgrade.release.revision = 2;
    upgrade.objects[0].action = Action::Unchanged;
    let outcome = run_with(&session, &options(), upgrade.seal(), &mut Script::default()).await;
    assert!(matches!(outcome, Ok(Outcome::Unchanged(_))), "{outcome:?}");
    locked_and_released(&session);
    nothing_applied(&session);
}

#[tokio::test]
async fn a_reviewer_that_stops_changes_nothing_and_releases_the_lock() {
    let session = fakes();
    let mut reviewer = Script {
        stop: true,
        ..Script::default()
    };
    let outcome = run_with(&session, &options(), plan(), &mut reviewer).await;
    assert!(matches!(outcome, Ok(Outcome::Stopped)), "{outcome:?}");
    assert_eq!(reviewer.confirmed, 0);
    locked_and_released(&session);
    nothing_applied(&session);
}

#[tokio::test]
async fn a_declined_question_changes_nothing_and_releases_the_lock() {
    let session = fakes();
    let mut reviewer = Script {
        decline: true,
        ..Script::default()
    };
    let outcome = run_with(&session, &options(), plan(), &mut reviewer).await;
    assert!(
        matches!(outcome, Err(RunError::Caller(ref e)) if e == "declined"),
        "{outcome:?}"
    );
    locked_and_released(&session);
    nothing_applied(&session);
}

#[tokio::test]
async fn a_failed_planning_is_the_callers_error_and_releases_the_lock() {
    let session = fakes();
    let failing = async || Err::<Plan, _>("no such package".to_string());
    let outcome = super::run(
        &session,
        &options(),
        failing,
        &mut Script::default(),
        std::future::pending(),
    )
    .await;
    assert!(matches!(outcome, Err(RunError::Caller(_))), "{outcome:?}");
    locked_and_released(&session);
}

#[tokio::test]
async fn a_plan_the_policy_refuses_is_returned_with_the_refusal_unreviewed() {
    let session = fakes();
    let mut risky = plan();
    risky.permissions.risks = vec![Risk {
        severity: Severity::High,
        rule: "pod-host-path".into(),
        object: "Deployment.apps/apps/web".into(),
        message: "mounts the node's filesystem".into(),
    }];
    let options = RunOptions {
        gates: Gates {
            policy: RiskPolicy {
                max_risk: Some(Severity::Medium),
                ..RiskPolicy::default()
            },
            trusted_keys: None,
        },
        ..options()
    };
    let mut reviewer = Script::default();
    let outcome = run_with(&session, &options, risky.seal(), &mut reviewer).await;
    let Err(RunError::Refused { plan, error }) = outcome else {
        panic!("{outcome:?}");
    };
    assert!(error.is_refusal());
    assert_eq!(
        plan.permissions.risks.len(),
        1,
        "the plan shows its findings"
    );
    assert_eq!(reviewer.reviewed, 0);
    locked_and_released(&session);
    nothing_applied(&session);
}

#[tokio::test]
async fn a_saved_plan_without_the_approvals_required_is_refused_at_the_gate() {
    let session = fakes();
    let options = RunOptions {
        gates: Gates {
            policy: RiskPolicy {
                require_approvals: Some(1),
                ..RiskPolicy::default()
            },
            trusted_keys: None,
        },
        origin: Origin::Saved,
        ..options()
    };
    let mut reviewer = Script::default();
    let outcome = run_with(&session, &options, plan(), &mut reviewer).await;
    assert!(
        matches!(
            outcome,
            Err(RunError::Gate(GateError::NoTrustedKeys { required: 1 }))
        ),
        "{outcome:?}"
    );
    assert_eq!((reviewer.reviewed, reviewer.confirmed), (1, 0));
    locked_and_released(&session);
    nothing_applied(&session);
}

#[tokio::test]
async fn a_plan_whose_access_check_found_missing_rights_is_refused_before_the_question() {
    let session = fakes();
    let mut lacking = plan();
    lacking.permissions.installer.missing = vec![MissingPermission {
        verb: "create".into(),
        group: String::new(),
        resource: "secrets".into(),
        namespace: Some("apps".into()),
    }];
    let mut reviewer = Script::default();
    let outcome = run_with(&session, &options(), lacking.seal(), &mut reviewer).await;
    assert!(
        matches!(
            outcome,
            Err(RunError::AccessDenied {
                missing: 1,
                dry_run: false
            })
        ),
        "{outcome:?}"
    );
    assert_eq!(reviewer.confirmed, 0);
    locked_and_released(&session);
    nothing_applied(&session);
}

#[tokio::test]
async fn a_lock_held_by_another_operation_stops_before_planning() {
    let session = fakes();
    session.cluster().lock_held_elsewhere(&demo());
    let mut planned = false;
    let plan = async || {
        planned = true;
        Ok::<_, String>(plan())
    };
    let outcome = super::run(
        &session,
        &options(),
        plan,
        &mut Script::default(),
        std::future::pending(),
    )
    .await;
    assert!(
        matches!(outcome, Err(RunError::Lock(LockError::Held { .. }))),
        "{outcome:?}"
    );
    assert!(!planned);
    assert!(session_log(&session).is_empty());
}

#[tokio::test]
async fn an_apply_error_records_the_revision_failed_and_releases_the_lock() {
    let session = fakes();
    session.cluster().fail_writes_to("creds", "etcd is full");
    let mut reviewer = Script::default();
    let outcome = run_with(&session, &options(), plan(), &mut reviewer).await;
    let Err(RunError::Apply(error)) = outcome else {
        panic!("{outcome:?}");
    };
    let message = crate::remedy::with_causes(&error);
    assert!(message.contains("etcd is full"), "{message}");
    assert!(reviewer.applied.is_empty());
    let records = session.releases().records(&demo());
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].status, Status::Failed);
    assert!(
        records[0]
            .message
            .as_ref()
            .unwrap()
            .contains("etcd is full")
    );
    locked_and_released(&session);
}

#[tokio::test]
async fn an_interruption_while_applying_leaves_the_revision_pending_and_releases_the_lock() {
    let session = fakes();
    session.cluster().hang_writes_to("creds");
    let (interrupt, interrupted) = tokio::sync::oneshot::channel::<()>();
    let plan = async || {
        // Ctrl-C arrives once the apply is under way.
        let _ = interrupt.send(());
        Ok::<_, String>(plan())
    };
    let interrupted = async {
        let _ = interrupted.await;
        // Let the apply reach its hanging write first.
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let outcome = super::run(
        &session,
        &options(),
        plan,
        &mut Script::default(),
        interrupted,
    )
    .await;
    assert!(
        matches!(
            outcome,
            Err(RunError::Interrupted {
                stage: Stage::Applying { revision: 1 }
            })
        ),
        "{outcome:?}"
    );
    let records = session.releases().records(&demo());
    assert_eq!(records[0].status, Status::Pending);
    locked_and_released(&session);
}

#[tokio::test]
async fn an_interruption_while_planning_stops_at_once_and_releases_the_lock() {
    let session = fakes();
    let never = async || {
        std::future::pending::<()>().await;
        Ok::<_, String>(plan())
    };
    let outcome = super::run(
        &session,
        &options(),
        never,
        &mut Script::default(),
        std::future::ready(()),
    )
    .await;
    assert!(
        matches!(
            outcome,
            Err(RunError::Interrupted {
                stage: Stage::Planning
            })
        ),
        "{outcome:?}"
    );
    locked_and_released(&session);
}

#[tokio::test]
async fn an_error_after_applying_is_returned_and_the_lock_still_released() {
    let session = fakes();
    let mut reviewer = Script {
        fail_after: true,
        ..Script::default()
    };
    let outcome = run_with(&session, &options(), plan(), &mut reviewer).await;
    assert!(
        matches!(outcome, Err(RunError::Caller(ref e)) if e == "after"),
        "{outcome:?}"
    );
    assert_eq!(reviewer.applied, [Status::Deployed]);
    locked_and_released(&session);
}

#[tokio::test]
async fn a_release_namespace_the_plan_creates_is_created_first_then_locked() {
    let session = session();
    let mut creating = plan();
    let namespace = crate::object::Object {
        api_version: "v1".into(),
        kind: "Namespace".into(),
        namespace: None,
        name: "apps".into(),
        manifest: serde_json::json!({
            "apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "apps"}
        })
        .into(),
    };
    creating
        .objects
        .insert(0, crate::plan::PlannedObject::created(namespace));
    let outcome = run_with(
        &session,
        &options(),
        creating.seal(),
        &mut Script::default(),
    )
    .await;
    assert!(matches!(outcome, Ok(Outcome::Applied(_))), "{outcome:?}");
    let lines = session_log(&session);
    assert_eq!(lines[0], "apply Namespace apps", "{lines:?}");
    assert_eq!(lines[1], "lock release apps/demo", "{lines:?}");
    assert_eq!(lines.last().unwrap(), "unlock release apps/demo");
}

#[tokio::test]
async fn a_release_namespace_that_does_not_exist_cannot_be_locked_and_nothing_is_applied() {
    let session = session();
    let outcome = run_with(&session, &options(), plan(), &mut Script::default()).await;
    assert!(
        matches!(outcome, Err(RunError::NotLocked { .. })),
        "{outcome:?}"
    );
    nothing_applied(&session);
}

#[tokio::test]
async fn a_revision_left_pending_is_taken_over_and_the_deployed_one_superseded() {
    let session = fakes();
    let first = plan();
    session.releases().put(Record {
        plan: first.clone(),
        status: Status::Deployed,
        message: None,
        review: Default::default(),
    });
    let mut interrupted = first.clone();
    interrupted.release.revision = 2;
    interrupted.operation = Operation::Upgrade;
    session.releases().put(Record {
        plan: interrupted.seal(),
        status: Status::Pending,
        message: None,
        review: Default::default(),
    });
    let mut next = first;
    next.release.revision = 3;
    next.operation = Operation::Upgrade;
    next.objects[0].action = Action::Update;
    let outcome = run_with(&session, &options(), next.seal(), &mut Script::default()).await;
    assert!(matches!(outcome, Ok(Outcome::Applied(_))), "{outcome:?}");
    let statuses: Vec<Status> = (session.releases().records(&demo()).iter())
        .map(|r| r.status)
        .collect();
    assert_eq!(
        statuses,
        [Status::Superseded, Status::Failed, Status::Deployed]
    );
    let records = session.releases().records(&demo());
    assert!(
        records[1]
            .message
            .as_ref()
            .unwrap()
            .contains("revision 3 took over"),
        "{:?}",
        records[1].message
    );
}

/// `run` of a saved plan, checked for drift under the lock as `apply` does.
async fn run_saved(session: &Fakes, plan: Plan) -> Result<Outcome, RunError<String>> {
    let checked = async || {
        crate::action::verify_unchanged(session, &plan)
            .await
            .map_err(|e| e.to_string())?;
        Ok(plan.clone())
    };
    let options = RunOptions {
        origin: Origin::Saved,
        ..options()
    };
    let mut reviewer = Script::default();
    super::run(
        session,
        &options,
        checked,
        &mut reviewer,
        std::future::pending(),
    )
    .await
}

#[tokio::test]
async fn a_saved_plan_is_refused_when_an_object_changed_since_it_was_made() {
    let session = fakes();
    session.cluster().put(serde_json::json!({
        "apiVersion": "v1", "kind": "Secret",
        "metadata": {"name": "creds", "namespace": "apps"},
    }));
    let mut saved = plan();
    saved.objects[0].action = Action::Update;
    saved.objects[0].live_resource_version = Some("0".into());
    let outcome = run_saved(&session, saved.seal()).await;
    let Err(RunError::Caller(error)) = outcome else {
        panic!("{outcome:?}");
    };
    assert!(
        error.contains("was modified (resourceVersion 0 then"),
        "{error}"
    );
    locked_and_released(&session);
    nothing_applied(&session);
}

#[tokio::test]
async fn a_saved_plan_applies_once() {
    let session = fakes();
    let saved = plan();
    let first = run_saved(&session, saved.clone()).await;
    assert!(matches!(first, Ok(Outcome::Applied(_))), "{first:?}");
    let again = run_saved(&session, saved).await;
    let Err(RunError::Caller(error)) = again else {
        panic!("{again:?}");
    };
    assert!(
        error.contains("this plan was already applied, as revision 1"),
        "{error}"
    );
    assert_eq!(session.releases().records(&demo()).len(), 1);
}

/// Hears the events, for the steps after an apply.
#[derive(Default)]
struct Heard(std::sync::Mutex<Vec<Event>>);

impl Reporter for Heard {
    fn event(&self, event: Event) {
        self.0.lock().unwrap().push(event);
    }
}

#[tokio::test]
async fn the_steps_after_an_apply_run_under_the_lock_and_are_reported() {
    let heard = std::sync::Arc::new(Heard::default());
    let session = fakes().with_reporter(heard.clone());
    let proposing = RunOptions {
        after: AfterApply::MarkProposalApplied {
            name: "demo-1234".into(),
        },
        ..options()
    };
    let outcome = run_with(&session, &proposing, plan(), &mut Script::default()).await;
    assert!(matches!(outcome, Ok(Outcome::Applied(_))), "{outcome:?}");
    assert!(
        session
            .releases()
            .proposal_applied(&demo().namespace, "demo-1234")
    );
    let lines = session_log(&session);
    let marked = position(&lines, "proposal apps/demo-1234 applied");
    assert!(marked < position(&lines, "unlock release apps/demo"));

    // An uninstall that purges: the history goes, under the lock.
    let mut uninstall = plan();
    uninstall.operation = Operation::Uninstall;
    uninstall.release.revision = 2;
    uninstall.objects[0].action = Action::Delete;
    let options = RunOptions {
        after: AfterApply::PurgeHistory,
        ..options()
    };
    let outcome = run_with(&session, &options, uninstall.seal(), &mut Script::default()).await;
    assert!(matches!(outcome, Ok(Outcome::Applied(_))), "{outcome:?}");
    assert!(session.releases().records(&demo()).is_empty());
    let lines = session_log(&session);
    let purged = position(&lines, "purge apps/demo");
    assert!(
        purged
            < lines
                .iter()
                .rposition(|l| l == "unlock release apps/demo")
                .unwrap()
    );
    let events = heard.0.lock().unwrap();
    assert!(events.contains(&Event::HistoryPurged { release: demo() }));
}

#[tokio::test]
async fn helm_records_are_removed_only_once_the_release_is_deployed() {
    let session = fakes();
    session.cluster().fail_writes_to("creds", "etcd is full");
    let options = RunOptions {
        after: AfterApply::RemoveHelmRecords,
        ..options()
    };
    let failed = run_with(&session, &options, plan(), &mut Script::default()).await;
    assert!(matches!(failed, Err(RunError::Apply(_))), "{failed:?}");
    assert!(
        session
            .releases()
            .log()
            .starting_with("remove helm")
            .is_empty()
    );
}

fn position(lines: &[String], line: &str) -> usize {
    (lines.iter().position(|l| l == line)).unwrap_or_else(|| panic!("no {line:?} in {lines:?}"))
}

/// Puts revisions of `demo` with `statuses`, oldest first.
fn history_of(session: &Fakes, statuses: &[Status]) {
    for (index, status) in statuses.iter().enumerate() {
        let mut revision = plan();
        revision.release.revision = index as u32 + 1;
        session.releases().put(Record {
            plan: revision.seal(),
            status: *status,
            message: None,
            review: Default::default(),
        });
    }
}

#[tokio::test]
async fn purging_an_uninstalled_release_deletes_its_history_unless_a_dry_run() {
    let session = fakes();
    history_of(&session, &[Status::Superseded, Status::Uninstalled]);
    let store = session.releases();
    let counted = crate::action::purge_uninstalled(store, &demo(), true).await;
    assert_eq!(counted.unwrap(), 2);
    assert_eq!(store.records(&demo()).len(), 2, "a dry run deletes nothing");
    let purged = crate::action::purge_uninstalled(store, &demo(), false).await;
    assert_eq!(purged.unwrap(), 2);
    assert!(store.records(&demo()).is_empty());
    assert_eq!(store.log().starting_with("purge"), ["purge apps/demo"]);
}

#[tokio::test]
async fn a_release_whose_newest_revision_failed_keeps_its_history() {
    let session = fakes();
    history_of(&session, &[Status::Uninstalled, Status::Failed]);
    let store = session.releases();
    let refused = crate::action::purge_uninstalled(store, &demo(), false).await;
    assert!(
        matches!(
            refused,
            Err(crate::action::PurgeError::NotUninstalled {
                revision: 2,
                status: Status::Failed,
                ..
            })
        ),
        "{refused:?}"
    );
    assert_eq!(store.records(&demo()).len(), 2);
    let unknown = crate::plan::tests::release("apps", "other");
    let missing = crate::action::purge_uninstalled(store, &unknown, false).await;
    assert!(
        matches!(missing, Err(crate::action::PurgeError::NotFound { .. })),
        "{missing:?}"
    );
    assert!(store.log().starting_with("purge").is_empty());
}
