//! `kubectl pkg test RELEASE`: runs the chart test hooks (`helm.sh/hook:
//! test`) that the deployed revision's plan kept, as Helm's
//! `action.ReleaseTesting` does (`pkg/action/release_testing.go` and
//! `execHook` in `pkg/action/hooks.go`):
//!
//! - the hooks run one at a time, by `helm.sh/hook-weight` (lowest first,
//!   then in the order the plan kept them); each is created and waited on
//!   until it finishes: a Pod until its phase is `Succeeded` or `Failed`, a
//!   Job until its `Complete` or `Failed` condition; any other kind is done
//!   once created. `timeout` bounds each hook, as Helm's `--timeout` does;
//! - the first test that fails stops the run: the later ones are reported
//!   as not run;
//! - `helm.sh/hook-delete-policy` is followed: `before-hook-creation` (the
//!   default when none is given) deletes a copy left by an earlier run before
//!   creating it, `hook-failed` deletes a failed test, `hook-succeeded` deletes
//!   the tests once all succeeded. A copy left by an earlier run whose policy
//!   does not delete it is refused (Helm's create would fail on it), and so is
//!   an object of that name that is not this release's;
//! - filters (`name=NAME`, `!name=NAME`) choose the tests by name: exclusions
//!   first, then, if any inclusion is given, only the included ones.
//!
//! What runs is what the revision's plan kept, reviewed when it was planned;
//! nothing is rendered again. The run is not recorded in the release.

use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;

use super::apply::{Event, Reporter};
use super::{PlanError, history};
use crate::cluster::{Cluster, ClusterError, Discovery, Resource};
use crate::manifest::Manifest;
use crate::object::Object;
use crate::plan::ReleaseId;
use crate::release::ReleaseStore;

/// How tests are run.
#[derive(Debug, Clone)]
pub struct TestOptions {
    /// How long each test may take.
    pub timeout: Duration,
    /// Which tests run.
    pub filters: Vec<TestFilter>,
    /// Whether to read the logs of test Pods once they finished (before any is deleted).
    pub logs: bool,
}

/// One `--filter`: Helm's `name=NAME` or `!name=NAME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestFilter {
    /// Run this test (and the other included ones only).
    Include(String),
    /// Do not run this test.
    Exclude(String),
}

/// A text that is not a [`TestFilter`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a test filter: write name=NAME to run a test, !name=NAME to leave it out")]
pub struct TestFilterError {
    /// What was read.
    pub text: String,
}

impl std::str::FromStr for TestFilter {
    type Err = TestFilterError;

    fn from_str(text: &str) -> Result<TestFilter, TestFilterError> {
        let (excluded, rest) = match text.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        match rest.split_once('=') {
            Some(("name", name)) if !name.is_empty() => Ok(if excluded {
                TestFilter::Exclude(name.to_string())
            } else {
                TestFilter::Include(name.to_string())
            }),
            _ => Err(TestFilterError {
                text: text.to_string(),
            }),
        }
    }
}

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TestPhase {
    /// It finished successfully.
    Succeeded,
    /// It failed, or did not finish in time.
    Failed,
    /// An earlier test failed, so it was not run.
    NotRun,
    /// A filter left it out.
    Skipped,
}

impl TestPhase {
    /// The phase as shown.
    pub fn as_str(self) -> &'static str {
        match self {
            TestPhase::Succeeded => "Succeeded",
            TestPhase::Failed => "Failed",
            TestPhase::NotRun => "NotRun",
            TestPhase::Skipped => "Skipped",
        }
    }
}

/// One test and how it went.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TestResult {
    /// Its kind (`Pod`, `Job`, …).
    pub kind: String,
    /// Its name.
    pub name: String,
    /// How it ended.
    pub phase: TestPhase,
    /// From its creation to its end, when it ran.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "seconds")]
    pub duration: Option<Duration>,
    /// Why it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Its containers' logs (`container`, text), with `logs` for a Pod that ran.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub logs: Vec<ContainerLog>,
}

/// One container's log, or why it could not be read.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerLog {
    /// The container.
    pub container: String,
    /// What it wrote, or why that could not be read (a Pod that never ran on
    /// a node has no log).
    #[serde(serialize_with = "log_as_text")]
    pub log: Result<String, ClusterError>,
}

/// A log as a `Result` of strings serializes: `{"Ok": TEXT}`, or
/// `{"Err": REASON}` with the error's message.
fn log_as_text<S: serde::Serializer>(
    log: &Result<String, ClusterError>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match log {
        Ok(text) => s.serialize_newtype_variant("Result", 0, "Ok", text),
        Err(error) => {
            let text = crate::remedy::with_causes(error);
            s.serialize_newtype_variant("Result", 1, "Err", &text)
        }
    }
}

fn seconds<S: serde::Serializer>(value: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(duration) => s.serialize_some(&duration.as_secs_f64()),
        None => s.serialize_none(),
    }
}

/// What a test run found.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TestReport {
    /// The release's name.
    pub release: String,
    /// Its namespace.
    pub namespace: String,
    /// The deployed revision whose tests ran.
    pub revision: u32,
    /// Every test hook of the revision, in the order they run.
    pub tests: Vec<TestResult>,
}

impl TestReport {
    /// The tests that failed.
    pub fn failed(&self) -> impl Iterator<Item = &TestResult> {
        self.tests.iter().filter(|t| t.phase == TestPhase::Failed)
    }
}

/// Why tests could not be run (a test that fails is a result, not an error).
#[derive(Debug, thiserror::Error)]
pub enum TestError {
    /// The release has no deployed revision, or its history could not be read.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The cluster could not be asked.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// A request about one test failed.
    #[error("test {object}")]
    Object {
        /// `Kind/namespace/name`.
        object: String,
        /// The failure.
        source: ClusterError,
    },
    /// The cluster does not serve a test's kind.
    #[error("test {object}: the cluster does not serve its kind")]
    UnknownKind {
        /// `Kind/namespace/name`.
        object: String,
    },
    /// An object of a test's name exists and cannot be replaced.
    #[error("test {object}: {reason}")]
    InTheWay {
        /// `Kind/namespace/name`.
        object: String,
        /// Whose it is, and what to do.
        reason: String,
    },
}

/// Runs the test hooks of `release`'s deployed revision.
pub async fn test_release(
    cluster: &Cluster,
    store: &ReleaseStore,
    release: &ReleaseId,
    options: &TestOptions,
    reporter: &dyn Reporter,
) -> Result<TestReport, TestError> {
    let record = history::deployed(store, release).await?;
    let mut hooks: Vec<Object> = record
        .plan
        .deferred_hooks
        .iter()
        .filter(|hook| hook.events().any(|event| event == "test"))
        .map(|hook| hook.to_object_for("test"))
        .collect();
    hooks.sort_by_key(|hook| crate::kinds::hook_weight(&hook.manifest));
    let groups =
        crate::apiserver::discovery::groups_of(hooks.iter().map(|h| h.api_version.as_str()));
    let discovery = cluster.discover(&groups).await?;
    let run = Run {
        cluster,
        discovery: &discovery,
        release: &record.plan.release,
        options,
        reporter,
    };
    let mut tests = Vec::with_capacity(hooks.len());
    let mut ran = Vec::new();
    let mut stopped = false;
    for hook in &hooks {
        let result = if !chosen(&options.filters, &hook.name) {
            result(hook, TestPhase::Skipped)
        } else if stopped {
            result(hook, TestPhase::NotRun)
        } else {
            let result = run.one(hook).await?;
            stopped = result.phase == TestPhase::Failed;
            ran.push(hook);
            result
        };
        tests.push(result);
    }
    if !stopped {
        for hook in ran {
            run.delete_if(hook, "hook-succeeded").await?;
        }
    }
    Ok(TestReport {
        release: release.name.to_string(),
        namespace: release.namespace.to_string(),
        revision: record.plan.release.revision,
        tests,
    })
}

/// Whether the filters let the test `name` run, as Helm reads them.
fn chosen(filters: &[TestFilter], name: &str) -> bool {
    if filters
        .iter()
        .any(|f| *f == TestFilter::Exclude(name.to_string()))
    {
        return false;
    }
    let mut included = filters.iter().filter_map(|f| match f {
        TestFilter::Include(name) => Some(name),
        TestFilter::Exclude(_) => None,
    });
    let mut any = false;
    included.any(|n| {
        any = true;
        n == name
    }) || !any
}

fn result(hook: &Object, phase: TestPhase) -> TestResult {
    TestResult {
        kind: hook.kind.clone(),
        name: hook.name.clone(),
        phase,
        duration: None,
        reason: None,
        logs: Vec::new(),
    }
}

/// What running one test needs.
struct Run<'a> {
    cluster: &'a Cluster,
    discovery: &'a Discovery,
    release: &'a crate::plan::ReleaseTarget,
    options: &'a TestOptions,
    reporter: &'a dyn Reporter,
}

impl Run<'_> {
    fn resource(&self, hook: &Object) -> Result<&Resource, TestError> {
        self.discovery
            .resolve(&hook.api_version, &hook.kind)
            .ok_or_else(|| TestError::UnknownKind {
                object: hook.key().to_string(),
            })
    }

    fn failed(hook: &Object) -> impl FnOnce(ClusterError) -> TestError + '_ {
        move |source| TestError::Object {
            object: hook.key().to_string(),
            source,
        }
    }

    /// Creates one test, waits for it to finish, reads its logs and deletes
    /// it if it failed and its policy says so.
    async fn one(&self, hook: &Object) -> Result<TestResult, TestError> {
        let resource = self.resource(hook)?;
        let namespace = hook.namespace.as_deref();
        self.clear_earlier_run(hook, resource).await?;
        let started = Instant::now();
        self.cluster
            .apply(resource, namespace, &hook.name, &hook.manifest, false)
            .await
            .map_err(Self::failed(hook))?;
        self.reporter.event(Event::Applied {
            object: hook.key().to_string(),
            action: crate::plan::Action::Create,
        });
        let (phase, reason) = self.wait(hook, resource, started).await?;
        let mut result = result(hook, phase);
        result.duration = Some(started.elapsed());
        result.reason = reason;
        if self.options.logs && hook.kind == "Pod" && hook.api_version == "v1" {
            result.logs = self.logs(hook).await;
        }
        if phase == TestPhase::Failed {
            self.delete_if(hook, "hook-failed").await?;
        }
        Ok(result)
    }

    /// Deletes a copy of the test left by an earlier run, as its
    /// `before-hook-creation` policy says; refuses one it may not delete.
    async fn clear_earlier_run(&self, hook: &Object, resource: &Resource) -> Result<(), TestError> {
        let namespace = hook.namespace.as_deref();
        let Some(live) = self
            .cluster
            .get(resource, namespace, &hook.name)
            .await
            .map_err(Self::failed(hook))?
        else {
            return Ok(());
        };
        let in_the_way = |reason: String| TestError::InTheWay {
            object: hook.key().to_string(),
            reason,
        };
        if !super::online::owned_by(&live, self.release) {
            return Err(in_the_way(format!(
                "an object of that name exists and is not release {}'s: delete or rename it",
                self.release.name
            )));
        }
        if !policies(&hook.manifest).contains(&"before-hook-creation".to_string()) {
            return Err(in_the_way(format!(
                "a copy from an earlier run exists and its {} does not delete it before the next run: delete it first",
                crate::helm::hooks::HOOK_DELETE_POLICY_ANNOTATION
            )));
        }
        self.cluster
            .delete(resource, namespace, &hook.name)
            .await
            .map_err(Self::failed(hook))?;
        let deadline = Instant::now() + self.options.timeout;
        while self
            .cluster
            .get(resource, namespace, &hook.name)
            .await
            .map_err(Self::failed(hook))?
            .is_some()
        {
            if Instant::now() >= deadline {
                return Err(in_the_way(
                    "the copy from an earlier run was deleted but is still there".to_string(),
                ));
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        Ok(())
    }

    /// Polls the test until it finishes or its time is up.
    async fn wait(
        &self,
        hook: &Object,
        resource: &Resource,
        started: Instant,
    ) -> Result<(TestPhase, Option<String>), TestError> {
        let mut pause = Duration::from_millis(50);
        let mut last = String::new();
        loop {
            let live = self
                .cluster
                .get(resource, hook.namespace.as_deref(), &hook.name)
                .await
                .map_err(Self::failed(hook))?;
            let waiting = match live.as_ref().map(finished) {
                None => {
                    return Ok((
                        TestPhase::Failed,
                        Some("it was deleted while running".into()),
                    ));
                }
                Some(Finished::Yes(phase, reason)) => return Ok((phase, reason)),
                Some(Finished::No(waiting)) => waiting,
            };
            if started.elapsed() >= self.options.timeout {
                let reason = format!(
                    "it did not finish within {:?} ({waiting})",
                    self.options.timeout
                );
                return Ok((TestPhase::Failed, Some(reason)));
            }
            if waiting != last {
                self.reporter.event(Event::Waiting {
                    object: hook.key().to_string(),
                    reason: waiting.clone(),
                });
                last = waiting;
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_secs(1));
        }
    }

    /// The logs of every container of a test Pod.
    async fn logs(&self, hook: &Object) -> Vec<ContainerLog> {
        let namespace = hook.namespace.as_deref().unwrap_or_default();
        let containers: Vec<&str> = hook
            .manifest
            .pointer("/spec/containers")
            .and_then(Manifest::as_array)
            .into_iter()
            .flatten()
            .filter_map(|c| c["name"].as_str())
            .collect();
        let mut logs = Vec::with_capacity(containers.len());
        for container in containers {
            let log = self
                .cluster
                .pod_logs(namespace, &hook.name, container)
                .await;
            logs.push(ContainerLog {
                container: container.to_string(),
                log,
            });
        }
        logs
    }

    /// Deletes the test if its delete policies name `policy`.
    async fn delete_if(&self, hook: &Object, policy: &str) -> Result<(), TestError> {
        if !policies(&hook.manifest).iter().any(|p| p == policy) {
            return Ok(());
        }
        let resource = self.resource(hook)?;
        self.cluster
            .delete(resource, hook.namespace.as_deref(), &hook.name)
            .await
            .map_err(Self::failed(hook))?;
        self.reporter.event(Event::Deleted {
            object: hook.key().to_string(),
        });
        Ok(())
    }
}

/// A test's delete policies, `before-hook-creation` when it names none (as Helm).
fn policies(manifest: &Manifest) -> Vec<String> {
    match crate::helm::hooks::classify_object(manifest) {
        crate::helm::hooks::HookClass::Hook(hook) => hook
            .effective_delete_policies()
            .into_iter()
            .filter_map(|policy| match policy {
                crate::helm::hooks::DeletePolicy::BeforeHookCreation => {
                    Some("before-hook-creation".to_string())
                }
                crate::helm::hooks::DeletePolicy::HookSucceeded => {
                    Some("hook-succeeded".to_string())
                }
                crate::helm::hooks::DeletePolicy::HookFailed => Some("hook-failed".to_string()),
                crate::helm::hooks::DeletePolicy::Other(_) => None,
            })
            .collect(),
        _ => vec!["before-hook-creation".to_string()],
    }
}

/// Whether a live test has finished, and how; else what it is waiting for.
enum Finished {
    Yes(TestPhase, Option<String>),
    No(String),
}

fn finished(live: &Value) -> Finished {
    let text = |pointer: &str| live.pointer(pointer).and_then(Value::as_str);
    match (
        text("/apiVersion").unwrap_or_default(),
        text("/kind").unwrap_or_default(),
    ) {
        ("v1", "Pod") => match text("/status/phase") {
            Some("Succeeded") => Finished::Yes(TestPhase::Succeeded, None),
            Some("Failed") => Finished::Yes(TestPhase::Failed, Some(pod_failure(live))),
            phase => Finished::No(format!("phase {}", phase.unwrap_or("Pending"))),
        },
        ("batch/v1", "Job") => {
            let condition = |kind: &str| {
                live.pointer("/status/conditions")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .find(|c| c["type"] == kind && c["status"] == "True")
            };
            if condition("Complete").is_some() {
                Finished::Yes(TestPhase::Succeeded, None)
            } else if let Some(failed) = condition("Failed") {
                let why = [&failed["reason"], &failed["message"]]
                    .iter()
                    .filter_map(|v| v.as_str())
                    .collect::<Vec<_>>()
                    .join(": ");
                Finished::Yes(TestPhase::Failed, Some(why).filter(|w| !w.is_empty()))
            } else {
                Finished::No("the Job to complete".to_string())
            }
        }
        _ => Finished::Yes(TestPhase::Succeeded, None),
    }
}

/// Why a Pod failed: its message, or its containers' exit codes.
fn pod_failure(live: &Value) -> String {
    if let Some(message) = live.pointer("/status/message").and_then(Value::as_str) {
        return message.to_string();
    }
    let exits: Vec<String> = live
        .pointer("/status/containerStatuses")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| {
            let terminated = c.pointer("/state/terminated")?;
            Some(format!(
                "container {} exited with {} ({})",
                c["name"].as_str().unwrap_or("?"),
                terminated["exitCode"],
                terminated["reason"].as_str().unwrap_or("no reason given")
            ))
        })
        .collect();
    if exits.is_empty() {
        "the Pod failed".to_string()
    } else {
        exits.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A log that could not be read is written as the text it was before
    /// the error was typed: `{"Err": MESSAGE}`.
    #[test]
    fn container_logs_serialize_as_text() {
        let read = ContainerLog {
            container: "c".into(),
            log: Ok("done\n".into()),
        };
        let refused = ContainerLog {
            container: "c".into(),
            log: Err(ClusterError::Forbidden {
                message: "pods \"t\" is forbidden".into(),
            }),
        };
        let message = refused.log.as_ref().unwrap_err().to_string();
        assert_eq!(
            serde_json::to_value(&read).unwrap(),
            json!({"container": "c", "log": {"Ok": "done\n"}})
        );
        assert_eq!(
            serde_json::to_value(&refused).unwrap(),
            json!({"container": "c", "log": {"Err": message}})
        );
    }

    #[test]
    fn filters_are_read_as_helm_reads_them() {
        let parse = |t: &str| t.parse::<TestFilter>();
        assert_eq!(parse("name=a"), Ok(TestFilter::Include("a".into())));
        assert_eq!(parse("!name=b"), Ok(TestFilter::Exclude("b".into())));
        assert!(
            parse("kind=Pod")
                .unwrap_err()
                .to_string()
                .contains("name=NAME")
        );
        assert!(parse("name=").is_err());
        let filters = [parse("name=a").unwrap(), parse("!name=b").unwrap()];
        assert!(chosen(&filters, "a"));
        assert!(!chosen(&filters, "b") && !chosen(&filters, "c"));
        let only_exclusions = [parse("!name=b").unwrap()];
        assert!(chosen(&only_exclusions, "c") && !chosen(&only_exclusions, "b"));
        assert!(chosen(&[], "anything"));
    }

    #[test]
    fn pods_and_jobs_finish_as_helm_waits_for_them() {
        let pod =
            |phase: &str| json!({"apiVersion": "v1", "kind": "Pod", "status": {"phase": phase}});
        assert!(matches!(
            finished(&pod("Succeeded")),
            Finished::Yes(TestPhase::Succeeded, None)
        ));
        assert!(matches!(finished(&pod("Running")), Finished::No(w) if w == "phase Running"));
        let failed = json!({"apiVersion": "v1", "kind": "Pod", "status": {"phase": "Failed",
            "containerStatuses": [{"name": "t", "state": {"terminated": {"exitCode": 1, "reason": "Error"}}}]}});
        assert!(matches!(finished(&failed),
            Finished::Yes(TestPhase::Failed, Some(r)) if r == "container t exited with 1 (Error)"));
        let job = |kind: &str| {
            json!({"apiVersion": "batch/v1", "kind": "Job",
            "status": {"conditions": [{"type": kind, "status": "True", "reason": "BackoffLimitExceeded"}]}})
        };
        assert!(matches!(
            finished(&job("Complete")),
            Finished::Yes(TestPhase::Succeeded, _)
        ));
        assert!(matches!(finished(&job("Failed")),
            Finished::Yes(TestPhase::Failed, Some(r)) if r == "BackoffLimitExceeded"));
        let config_map = json!({"apiVersion": "v1", "kind": "ConfigMap"});
        assert!(matches!(
            finished(&config_map),
            Finished::Yes(TestPhase::Succeeded, None)
        ));
    }

    #[test]
    fn delete_policies_default_to_before_hook_creation() {
        let hook = |policy: Option<&str>| {
            let mut annotations = json!({"helm.sh/hook": "test"});
            if let Some(policy) = policy {
                annotations["helm.sh/hook-delete-policy"] = json!(policy);
            }
            Manifest::from(json!({"metadata": {"annotations": annotations}}))
        };
        assert_eq!(policies(&hook(None)), ["before-hook-creation"]);
        assert_eq!(
            policies(&hook(Some("hook-succeeded,hook-failed"))),
            ["hook-succeeded", "hook-failed"]
        );
    }
}
