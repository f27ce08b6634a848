//! `apply_stack` on the in-memory fakes: levels in order, the journal
//! around each release, failures (a need skipping its dependents,
//! `fail_fast`), drift refusing the whole stack, and an interrupted apply
//! resumed under the same plan.

use super::*;
use crate::action::Silent;
use crate::action::testing::{FAKE_SERVER, FakeCluster, FakeReleases, session};
use crate::stack::plan::StackTarget;

type Fakes = Session<FakeCluster, FakeReleases>;

/// Fake sessions (the current context only) where namespaces `apps` (the
/// releases') and `stacks` (the stack's record) exist.
fn sessions() -> Sessions<FakeCluster, FakeReleases> {
    let session = session();
    let cluster = (session.cluster().clone())
        .with_namespace("apps")
        .with_namespace("stacks");
    let session: Fakes = Session::from_parts(cluster, session.releases().clone());
    Sessions::from([(None, session)])
}

/// Installing release `name` in `apps`: one ConfigMap, `<name>-config`.
fn release(name: &str, needs: &[&str]) -> ReleasePlan {
    let mut plan = crate::plan::tests::sample();
    plan.cluster.server = Some(FAKE_SERVER.to_string());
    plan.release.name = name.parse().unwrap();
    plan.package.name = name.to_string();
    let object = &mut plan.objects[0];
    object.kind = "ConfigMap".into();
    object.name = format!("{name}-config");
    object.manifest = serde_json::json!({
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": object.name, "namespace": "apps"},
    })
    .into();
    ReleasePlan {
        name: name.to_string(),
        needs: needs.iter().map(|n| n.to_string()).collect(),
        context: None,
        plan: plan.seal(),
    }
}

/// base and side first; web (needs base) and late (needs side) after them.
fn reviewed() -> ReviewedStack {
    let target = StackTarget {
        name: "demo".into(),
        environment: None,
        namespace: "stacks".into(),
        only: Vec::new(),
        prune: false,
    };
    let order = vec![
        vec!["base".to_string(), "side".to_string()],
        vec!["web".to_string(), "late".to_string()],
    ];
    let releases = vec![
        release("base", &[]),
        release("side", &[]),
        release("web", &["base"]),
        release("late", &["side"]),
    ];
    let plan = StackPlan::new(target, order, releases, Vec::new()).seal();
    Gates::default()
        .review_stack(plan, Origin::Saved, true)
        .expect("no gate")
}

fn options(fail_fast: bool) -> StackApplyOptions {
    StackApplyOptions {
        apply: ApplyOptions {
            wait: false,
            ..ApplyOptions::default()
        },
        lock_duration: Duration::from_secs(60),
        fail_fast,
    }
}

async fn apply(
    sessions: &Sessions<FakeCluster, FakeReleases>,
    options: &StackApplyOptions,
    interrupted: impl Future<Output = ()>,
) -> Result<StackOutcome, StackActionError<std::convert::Infallible>> {
    apply_stack(&reviewed(), sessions, options, |_| Silent, interrupted).await
}

fn log(sessions: &Sessions<FakeCluster, FakeReleases>) -> Vec<String> {
    sessions[&None].releases().log().lines()
}

fn position(lines: &[String], line: &str) -> usize {
    (lines.iter().position(|l| l == line)).unwrap_or_else(|| panic!("no {line:?} in {lines:?}"))
}

/// How each release ended, in words.
fn ends(outcome: &StackOutcome) -> Vec<String> {
    (outcome.releases.iter())
        .map(|(name, outcome)| {
            let end = match outcome {
                ReleaseOutcome::Applied(status) => status.as_str().to_string(),
                ReleaseOutcome::Skipped { needs } => format!("skipped for {needs}"),
                ReleaseOutcome::Stopped { failed } => format!("stopped after {failed}"),
                ReleaseOutcome::Failed(error) if outcome.interrupted() => {
                    format!("interrupted: {error}")
                }
                ReleaseOutcome::Failed(_) => "failed".to_string(),
                other => format!("{other:?}"),
            };
            format!("{name}: {end}")
        })
        .collect()
}

#[tokio::test]
async fn releases_are_applied_level_by_level_with_the_journal_written_before_and_after_each() {
    let sessions = sessions();
    let outcome = apply(&sessions, &options(false), std::future::pending()).await;
    let outcome = outcome.expect("applied");
    assert_eq!(
        ends(&outcome),
        [
            "base: deployed",
            "side: deployed",
            "web: deployed",
            "late: deployed"
        ]
    );
    assert!(!outcome.resumed && outcome.journal_error.is_none());
    let lines = log(&sessions);
    assert_eq!(lines[0], "lock stack stacks/demo", "{lines:?}");
    // The journal names every release pending before the first is locked.
    assert_eq!(
        lines[1],
        "journal base=pending side=pending web=pending late=pending"
    );
    for (release, later) in [("base", "web"), ("side", "late")] {
        let deployed = position(&lines, &format!("record {release} v1 deployed"));
        let unlocked = position(&lines, &format!("unlock release apps/{release}"));
        let dependent = position(&lines, &format!("lock release apps/{later}"));
        let journaled = (lines.iter().enumerate())
            .position(|(i, l)| {
                i > unlocked
                    && l.starts_with("journal")
                    && l.contains(&format!("{release}=applied"))
            })
            .unwrap_or_else(|| panic!("{release} not journaled: {lines:?}"));
        assert!(deployed < unlocked && journaled < dependent, "{lines:?}");
    }
    assert_eq!(lines.last().unwrap(), "unlock stack stacks/demo");
    let journal = (sessions[&None].releases())
        .journal("stacks", "demo", None)
        .expect("journal kept");
    let last = journal.last_apply.expect("the apply is journaled");
    assert!(last.finished);
    assert_eq!(last.plan_hash, reviewed().plan().hash);
}

#[tokio::test]
async fn a_release_whose_need_failed_is_skipped_and_the_others_go_on() {
    let sessions = sessions();
    sessions[&None]
        .cluster()
        .fail_writes_to("base-config", "quota exceeded");
    let outcome = apply(&sessions, &options(false), std::future::pending()).await;
    assert_eq!(
        ends(&outcome.expect("applied")),
        [
            "base: failed",
            "side: deployed",
            "web: skipped for base",
            "late: deployed"
        ]
    );
    let lines = log(&sessions);
    assert!(!lines.iter().any(|l| l.contains("apps/web")), "{lines:?}");
    let journal = (sessions[&None].releases())
        .journal("stacks", "demo", None)
        .unwrap();
    let states: Vec<&str> = (journal.last_apply.as_ref().unwrap().releases.iter())
        .map(|r| r.state.as_str())
        .collect();
    assert_eq!(states, ["failed", "applied", "skipped", "applied"]);
}

#[tokio::test]
async fn fail_fast_stops_every_later_level_at_the_first_failure() {
    let sessions = sessions();
    sessions[&None]
        .cluster()
        .fail_writes_to("base-config", "quota exceeded");
    let outcome = apply(&sessions, &options(true), std::future::pending()).await;
    assert_eq!(
        ends(&outcome.expect("applied")),
        [
            "base: failed",
            "side: deployed",
            "web: stopped after base",
            "late: stopped after base"
        ]
    );
}

#[tokio::test]
async fn drift_in_one_release_refuses_the_whole_stack_before_any_write() {
    let sessions = sessions();
    // Someone else created web's ConfigMap since the plan was made.
    sessions[&None].cluster().put(serde_json::json!({
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "web-config", "namespace": "apps"},
    }));
    let outcome = apply(&sessions, &options(false), std::future::pending()).await;
    let Err(StackActionError::Drifted { release, source }) = outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!(release, "web");
    assert!(
        source.to_string().contains("created by someone else"),
        "{source}"
    );
    let lines = log(&sessions);
    assert_eq!(
        lines,
        ["lock stack stacks/demo", "unlock stack stacks/demo"],
        "nothing written, the stack's lock released"
    );
}

#[tokio::test]
async fn a_stack_locked_by_another_apply_is_refused() {
    let sessions = sessions();
    let cluster = sessions[&None].cluster();
    let request = LockRequest {
        namespace: "stacks",
        name: "demo",
        subject: LockSubject::Stack,
        operation: "stack apply",
        duration: Duration::from_secs(60),
    };
    let held = cluster.lock(&request).await.expect("free");
    let outcome = apply(&sessions, &options(false), std::future::pending()).await;
    assert!(
        matches!(
            outcome,
            Err(StackActionError::Locked(LockError::Held { .. }))
        ),
        "{outcome:?}"
    );
    held.release().await.unwrap();
}

#[tokio::test]
async fn a_stack_whose_record_namespace_is_missing_is_refused() {
    let sessions = Sessions::from([(None, session())]);
    let outcome = apply(&sessions, &options(false), std::future::pending()).await;
    assert!(
        matches!(outcome, Err(StackActionError::NoRecordNamespace { ref namespace }) if namespace == "stacks"),
        "{outcome:?}"
    );
}

#[tokio::test]
async fn an_interrupted_apply_is_resumed_by_the_same_plan_without_applying_twice() {
    let sessions = sessions();
    let cluster = sessions[&None].cluster();
    // base hangs while side is applied; Ctrl-C then stops base and the
    // next level before it starts.
    cluster.hang_writes_to("base-config");
    let interrupted = tokio::time::sleep(Duration::from_millis(50));
    let first = apply(&sessions, &options(false), interrupted).await;
    let first = first.expect("applied in part");
    assert_eq!(
        ends(&first),
        [
            "base: interrupted: interrupted",
            "side: deployed",
            "web: Interrupted",
            "late: Interrupted"
        ]
    );
    let journal = (sessions[&None].releases())
        .journal("stacks", "demo", None)
        .unwrap();
    assert!(!journal.last_apply.unwrap().finished);

    cluster.clear_faults();
    let second = apply(&sessions, &options(false), std::future::pending()).await;
    let second = second.expect("resumed");
    assert!(second.resumed);
    assert_eq!(
        ends(&second),
        [
            "base: HalfApplied { revision: 1, status: Pending }",
            "side: AlreadyApplied",
            "web: skipped for base",
            "late: deployed"
        ]
    );
    // side was applied once, by the first apply.
    let applied_side = (log(&sessions).iter())
        .filter(|l| *l == "apply ConfigMap apps/side-config")
        .count();
    assert_eq!(applied_side, 1);
    let journal = (sessions[&None].releases())
        .journal("stacks", "demo", None)
        .unwrap();
    assert!(journal.last_apply.unwrap().finished);
}
