//! Decides whether an applied object is ready, so `--wait` knows when to stop
//! waiting. The checks are pure predicates over the live object as read from
//! the API server and mirror `kubectl rollout status` and Helm's ready
//! checker: workloads must have their spec observed and their replicas
//! updated and available, Jobs must complete, claims must be bound and
//! CustomResourceDefinitions established. Kinds without a notion of
//! readiness are not applicable. A missing status field counts as 0.

use serde_json::Value;

/// Whether an object is ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Readiness {
    /// The object is ready.
    Ready,
    /// The object is not ready yet; the text says what is awaited, e.g.
    /// "2 of 3 replicas available".
    NotReady(String),
    /// The object's kind has no notion of readiness.
    NotApplicable,
}

/// Tells whether the live `object` is ready, by its `apiVersion` and `kind`.
pub fn readiness(object: &Value) -> Readiness {
    let api_version = text(object, "/apiVersion").unwrap_or_default();
    let kind = text(object, "/kind").unwrap_or_default();
    check_of(api_version, kind).map_or(Readiness::NotApplicable, |check| check(object))
}

/// Whether objects of this `apiVersion` and `kind` have a notion of
/// readiness ([`readiness`] is not [`Readiness::NotApplicable`] for them).
pub fn applies_to(api_version: &str, kind: &str) -> bool {
    check_of(api_version, kind).is_some()
}

/// The check of a kind's readiness, if it has one.
fn check_of(api_version: &str, kind: &str) -> Option<fn(&Value) -> Readiness> {
    let group = api_version
        .rsplit_once('/')
        .map_or("", |(group, _version)| group);
    Some(match (group, kind) {
        ("apps", "Deployment") => deployment,
        ("apps", "StatefulSet") => stateful_set,
        ("apps", "DaemonSet") => daemon_set,
        ("apps", "ReplicaSet") => replica_set,
        ("batch", "Job") => job,
        ("", "PersistentVolumeClaim") => persistent_volume_claim,
        ("", "Pod") => pod,
        ("apiextensions.k8s.io", "CustomResourceDefinition") => custom_resource_definition,
        _ => return None,
    })
}

/// Ready when the rollout is observed, every replica is updated and
/// available, no old replica is left and the progress deadline holds.
fn deployment(object: &Value) -> Readiness {
    if let Some(waiting) = generation_pending(object) {
        return waiting;
    }
    if let Some(condition) = condition(object, "Progressing")
        && text(condition, "/reason") == Some("ProgressDeadlineExceeded")
    {
        let message = text(condition, "/message").unwrap_or("no message");
        return Readiness::NotReady(format!("progress deadline exceeded: {message}"));
    }
    let wanted = spec_replicas(object);
    let updated = number(object, "/status/updatedReplicas");
    let total = number(object, "/status/replicas");
    let available = number(object, "/status/availableReplicas");
    if updated != wanted {
        not_ready(format!("{updated} of {wanted} replicas updated"))
    } else if total > updated {
        not_ready(format!(
            "{} old replicas pending termination",
            total - updated
        ))
    } else if available != wanted {
        not_ready(format!("{available} of {wanted} replicas available"))
    } else {
        Readiness::Ready
    }
}

/// Ready when the spec is observed, every replica is ready and, for a
/// rolling update, every replica above the partition runs the new revision.
fn stateful_set(object: &Value) -> Readiness {
    if let Some(waiting) = generation_pending(object) {
        return waiting;
    }
    let wanted = spec_replicas(object);
    let ready = number(object, "/status/readyReplicas");
    if ready != wanted {
        return not_ready(format!("{ready} of {wanted} replicas ready"));
    }
    let strategy = text(object, "/spec/updateStrategy/type").unwrap_or("RollingUpdate");
    if strategy != "RollingUpdate" {
        return Readiness::Ready;
    }
    let partition = number(object, "/spec/updateStrategy/rollingUpdate/partition");
    let expected = (wanted - partition).max(0);
    let updated = number(object, "/status/updatedReplicas");
    if updated != expected {
        return not_ready(format!("{updated} of {expected} replicas updated"));
    }
    if partition > 0 {
        // Pods below the partition keep the old revision by design.
        return Readiness::Ready;
    }
    match (
        text(object, "/status/currentRevision"),
        text(object, "/status/updateRevision"),
    ) {
        (Some(current), Some(update)) if current != update => {
            not_ready(format!("rolling update to revision {update} in progress"))
        }
        _ => Readiness::Ready,
    }
}

/// Ready when the spec is observed and every node that should run a pod runs
/// an updated, ready and available one. With the `OnDelete` strategy pods
/// are only replaced by hand, so the updated count is not awaited.
fn daemon_set(object: &Value) -> Readiness {
    if let Some(waiting) = generation_pending(object) {
        return waiting;
    }
    let desired = number(object, "/status/desiredNumberScheduled");
    let on_delete = text(object, "/spec/updateStrategy/type") == Some("OnDelete");
    let updated = number(object, "/status/updatedNumberScheduled");
    let ready = number(object, "/status/numberReady");
    let available = number(object, "/status/numberAvailable");
    if !on_delete && updated != desired {
        not_ready(format!("{updated} of {desired} pods updated"))
    } else if ready != desired {
        not_ready(format!("{ready} of {desired} pods ready"))
    } else if available != desired {
        not_ready(format!("{available} of {desired} pods available"))
    } else {
        Readiness::Ready
    }
}

/// Ready when the spec is observed and every replica is ready.
fn replica_set(object: &Value) -> Readiness {
    if let Some(waiting) = generation_pending(object) {
        return waiting;
    }
    let wanted = spec_replicas(object);
    let ready = number(object, "/status/readyReplicas");
    if ready == wanted {
        Readiness::Ready
    } else {
        not_ready(format!("{ready} of {wanted} replicas ready"))
    }
}

/// Ready when the Job has completed; a failed Job never becomes ready.
fn job(object: &Value) -> Readiness {
    if condition_true(object, "Complete") {
        return Readiness::Ready;
    }
    if let Some(failed) = condition(object, "Failed")
        && text(failed, "/status") == Some("True")
    {
        let reason = text(failed, "/reason").unwrap_or("no reason given");
        return not_ready(format!("failed: {reason}"));
    }
    let succeeded = number(object, "/status/succeeded");
    let completions = object
        .pointer("/spec/completions")
        .and_then(Value::as_i64)
        .unwrap_or(1);
    not_ready(format!(
        "{succeeded} of {completions} completions succeeded"
    ))
}

/// Ready when the claim is bound to a volume.
fn persistent_volume_claim(object: &Value) -> Readiness {
    match text(object, "/status/phase") {
        Some("Bound") => Readiness::Ready,
        phase => not_ready(format!(
            "claim not bound yet (phase {})",
            phase.unwrap_or("unknown")
        )),
    }
}

/// Ready when the pod reports Ready, or has run to completion.
fn pod(object: &Value) -> Readiness {
    let phase = text(object, "/status/phase");
    if condition_true(object, "Ready") || phase == Some("Succeeded") {
        Readiness::Ready
    } else {
        not_ready(format!(
            "pod not ready (phase {})",
            phase.unwrap_or("unknown")
        ))
    }
}

/// Ready when the API server serves the new resource.
fn custom_resource_definition(object: &Value) -> Readiness {
    if condition_true(object, "Established") {
        Readiness::Ready
    } else {
        not_ready("definition not established yet".to_owned())
    }
}

/// `NotReady` with `message`.
fn not_ready(message: String) -> Readiness {
    Readiness::NotReady(message)
}

/// `NotReady` while the controller has not yet seen the latest spec.
fn generation_pending(object: &Value) -> Option<Readiness> {
    let generation = number(object, "/metadata/generation");
    let observed = number(object, "/status/observedGeneration");
    (observed < generation).then(|| {
        not_ready(format!(
            "generation {generation} not observed yet (observed {observed})"
        ))
    })
}

/// `spec.replicas`, which defaults to 1.
fn spec_replicas(object: &Value) -> i64 {
    object
        .pointer("/spec/replicas")
        .and_then(Value::as_i64)
        .unwrap_or(1)
}

/// The integer at `pointer`, or 0 when missing.
fn number(object: &Value, pointer: &str) -> i64 {
    object.pointer(pointer).and_then(Value::as_i64).unwrap_or(0)
}

/// The string at `pointer`, if any.
fn text<'a>(object: &'a Value, pointer: &str) -> Option<&'a str> {
    object.pointer(pointer).and_then(Value::as_str)
}

/// The entry of `status.conditions` whose type is `kind`.
fn condition<'a>(object: &'a Value, kind: &str) -> Option<&'a Value> {
    object
        .pointer("/status/conditions")
        .and_then(Value::as_array)?
        .iter()
        .find(|condition| text(condition, "/type") == Some(kind))
}

/// Whether the condition `kind` has status `True`.
fn condition_true(object: &Value, kind: &str) -> bool {
    condition(object, kind).is_some_and(|condition| text(condition, "/status") == Some("True"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn with_status(mut object: Value, status: Value) -> Value {
        object["status"] = status;
        object
    }

    fn is_not_ready(readiness: &Readiness, needle: &str) -> bool {
        matches!(readiness, Readiness::NotReady(message) if message.contains(needle))
    }

    fn deployment() -> Value {
        json!({
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"name": "web", "generation": 2},
            "spec": {"replicas": 3}
        })
    }

    #[test]
    fn deployment_ready() {
        let object = with_status(
            deployment(),
            json!({"observedGeneration": 2, "replicas": 3, "updatedReplicas": 3,
                   "availableReplicas": 3, "readyReplicas": 3,
                   "conditions": [{"type": "Progressing", "status": "True",
                                   "reason": "NewReplicaSetAvailable"}]}),
        );
        assert_eq!(readiness(&object), Readiness::Ready);
    }

    #[test]
    fn deployment_not_ready() {
        let no_status = deployment();
        assert!(is_not_ready(&readiness(&no_status), "generation 2"));

        let stale = with_status(
            deployment(),
            json!({"observedGeneration": 1, "replicas": 3, "updatedReplicas": 3,
                   "availableReplicas": 3}),
        );
        assert!(is_not_ready(&readiness(&stale), "generation 2"));

        let updating = with_status(
            deployment(),
            json!({"observedGeneration": 2, "replicas": 3, "updatedReplicas": 1,
                   "availableReplicas": 3}),
        );
        assert_eq!(
            readiness(&updating),
            Readiness::NotReady("1 of 3 replicas updated".into())
        );

        let old_left = with_status(
            deployment(),
            json!({"observedGeneration": 2, "replicas": 4, "updatedReplicas": 3,
                   "availableReplicas": 3}),
        );
        assert!(is_not_ready(&readiness(&old_left), "1 old replicas"));

        let unavailable = with_status(
            deployment(),
            json!({"observedGeneration": 2, "replicas": 3, "updatedReplicas": 3,
                   "availableReplicas": 2}),
        );
        assert_eq!(
            readiness(&unavailable),
            Readiness::NotReady("2 of 3 replicas available".into())
        );

        let stuck = with_status(
            deployment(),
            json!({"observedGeneration": 2, "replicas": 3, "updatedReplicas": 3,
                   "availableReplicas": 3,
                   "conditions": [{"type": "Progressing", "status": "False",
                                   "reason": "ProgressDeadlineExceeded",
                                   "message": "ReplicaSet \"web-5d\" has timed out progressing."}]}),
        );
        let verdict = readiness(&stuck);
        assert!(is_not_ready(&verdict, "progress deadline exceeded"));
        assert!(is_not_ready(&verdict, "has timed out progressing"));
    }

    #[test]
    fn deployment_replicas_default_to_one() {
        let mut object = deployment();
        object["spec"] = json!({});
        let ready = with_status(
            object.clone(),
            json!({"observedGeneration": 2, "replicas": 1, "updatedReplicas": 1,
                   "availableReplicas": 1}),
        );
        assert_eq!(readiness(&ready), Readiness::Ready);
        let not = with_status(object, json!({"observedGeneration": 2}));
        assert!(is_not_ready(&readiness(&not), "0 of 1"));
    }

    fn stateful_set(strategy: Value) -> Value {
        json!({
            "apiVersion": "apps/v1",
            "kind": "StatefulSet",
            "metadata": {"name": "db", "generation": 1},
            "spec": {"replicas": 3, "updateStrategy": strategy}
        })
    }

    #[test]
    fn stateful_set_ready() {
        let object = with_status(
            stateful_set(json!({"type": "RollingUpdate"})),
            json!({"observedGeneration": 1, "replicas": 3, "readyReplicas": 3,
                   "updatedReplicas": 3, "currentRevision": "db-2", "updateRevision": "db-2"}),
        );
        assert_eq!(readiness(&object), Readiness::Ready);

        let partitioned = with_status(
            stateful_set(json!({"type": "RollingUpdate", "rollingUpdate": {"partition": 2}})),
            json!({"observedGeneration": 1, "replicas": 3, "readyReplicas": 3,
                   "updatedReplicas": 1, "currentRevision": "db-1", "updateRevision": "db-2"}),
        );
        assert_eq!(readiness(&partitioned), Readiness::Ready);

        let on_delete = with_status(
            stateful_set(json!({"type": "OnDelete"})),
            json!({"observedGeneration": 1, "replicas": 3, "readyReplicas": 3,
                   "updatedReplicas": 0, "currentRevision": "db-1", "updateRevision": "db-2"}),
        );
        assert_eq!(readiness(&on_delete), Readiness::Ready);
    }

    #[test]
    fn stateful_set_not_ready() {
        let no_status = stateful_set(json!({"type": "RollingUpdate"}));
        assert!(is_not_ready(&readiness(&no_status), "generation"));

        let starting = with_status(
            stateful_set(json!({"type": "RollingUpdate"})),
            json!({"observedGeneration": 1, "replicas": 3, "readyReplicas": 2,
                   "updatedReplicas": 3}),
        );
        assert_eq!(
            readiness(&starting),
            Readiness::NotReady("2 of 3 replicas ready".into())
        );

        let rolling = with_status(
            stateful_set(json!({"type": "RollingUpdate"})),
            json!({"observedGeneration": 1, "replicas": 3, "readyReplicas": 3,
                   "updatedReplicas": 2}),
        );
        assert!(is_not_ready(
            &readiness(&rolling),
            "2 of 3 replicas updated"
        ));

        let partitioned = with_status(
            stateful_set(json!({"type": "RollingUpdate", "rollingUpdate": {"partition": 1}})),
            json!({"observedGeneration": 1, "replicas": 3, "readyReplicas": 3,
                   "updatedReplicas": 1}),
        );
        assert!(is_not_ready(
            &readiness(&partitioned),
            "1 of 2 replicas updated"
        ));

        let revision = with_status(
            stateful_set(json!({})),
            json!({"observedGeneration": 1, "replicas": 3, "readyReplicas": 3,
                   "updatedReplicas": 3, "currentRevision": "db-1", "updateRevision": "db-2"}),
        );
        assert!(is_not_ready(&readiness(&revision), "db-2"));
    }

    fn daemon_set() -> Value {
        json!({
            "apiVersion": "apps/v1",
            "kind": "DaemonSet",
            "metadata": {"name": "agent", "generation": 3},
            "spec": {"updateStrategy": {"type": "RollingUpdate"}}
        })
    }

    #[test]
    fn daemon_set_ready() {
        let object = with_status(
            daemon_set(),
            json!({"observedGeneration": 3, "desiredNumberScheduled": 4, "numberReady": 4,
                   "updatedNumberScheduled": 4, "numberAvailable": 4}),
        );
        assert_eq!(readiness(&object), Readiness::Ready);
    }

    #[test]
    fn daemon_set_not_ready() {
        assert!(is_not_ready(&readiness(&daemon_set()), "generation 3"));
        let cases = [
            (
                json!({"updatedNumberScheduled": 2, "numberReady": 4, "numberAvailable": 4}),
                "2 of 4 pods updated",
            ),
            (
                json!({"updatedNumberScheduled": 4, "numberReady": 3, "numberAvailable": 4}),
                "3 of 4 pods ready",
            ),
            (
                json!({"updatedNumberScheduled": 4, "numberReady": 4}),
                "0 of 4 pods available",
            ),
        ];
        for (mut status, expected) in cases {
            status["observedGeneration"] = json!(3);
            status["desiredNumberScheduled"] = json!(4);
            let object = with_status(daemon_set(), status);
            assert_eq!(readiness(&object), Readiness::NotReady(expected.into()));
        }
    }

    fn job(status: Value) -> Value {
        json!({
            "apiVersion": "batch/v1",
            "kind": "Job",
            "metadata": {"name": "migrate"},
            "spec": {"completions": 2},
            "status": status
        })
    }

    #[test]
    fn job_ready() {
        let object = job(json!({"succeeded": 2, "conditions": [
            {"type": "SuccessCriteriaMet", "status": "True"},
            {"type": "Complete", "status": "True"}]}));
        assert_eq!(readiness(&object), Readiness::Ready);
    }

    #[test]
    fn job_not_ready() {
        let running = job(json!({"active": 1, "succeeded": 1}));
        assert_eq!(
            readiness(&running),
            Readiness::NotReady("1 of 2 completions succeeded".into())
        );
        let failed = job(json!({"failed": 7, "conditions": [
            {"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded"}]}));
        assert_eq!(
            readiness(&failed),
            Readiness::NotReady("failed: BackoffLimitExceeded".into())
        );
        let mut fresh = job(json!(null));
        fresh["spec"] = json!({});
        assert_eq!(
            readiness(&fresh),
            Readiness::NotReady("0 of 1 completions succeeded".into())
        );
    }

    #[test]
    fn persistent_volume_claim() {
        let claim = |phase: Value| {
            json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                   "metadata": {"name": "data"}, "status": {"phase": phase}})
        };
        assert_eq!(readiness(&claim(json!("Bound"))), Readiness::Ready);
        assert!(is_not_ready(
            &readiness(&claim(json!("Pending"))),
            "Pending"
        ));
        assert!(is_not_ready(&readiness(&claim(json!(null))), "unknown"));
    }

    #[test]
    fn custom_resource_definition() {
        let crd = |established: &str| {
            json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
                   "metadata": {"name": "widgets.example.com"},
                   "status": {"conditions": [
                       {"type": "NamesAccepted", "status": "True"},
                       {"type": "Established", "status": established}]}})
        };
        assert_eq!(readiness(&crd("True")), Readiness::Ready);
        assert!(matches!(readiness(&crd("False")), Readiness::NotReady(_)));
        let mut bare = crd("True");
        bare.as_object_mut().unwrap().remove("status");
        assert!(matches!(readiness(&bare), Readiness::NotReady(_)));
    }

    #[test]
    fn replica_set() {
        let rs = |ready: Option<u64>| {
            let mut object = json!({"apiVersion": "apps/v1", "kind": "ReplicaSet",
                   "metadata": {"name": "web-5d", "generation": 1},
                   "spec": {"replicas": 2},
                   "status": {"observedGeneration": 1, "replicas": 2}});
            if let Some(ready) = ready {
                object["status"]["readyReplicas"] = json!(ready);
            }
            object
        };
        assert_eq!(readiness(&rs(Some(2))), Readiness::Ready);
        assert_eq!(
            readiness(&rs(Some(1))),
            Readiness::NotReady("1 of 2 replicas ready".into())
        );
        assert!(is_not_ready(&readiness(&rs(None)), "0 of 2"));
    }

    #[test]
    fn pod() {
        let pod = |phase: &str, ready: &str| {
            json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
                   "status": {"phase": phase, "conditions": [{"type": "Ready", "status": ready}]}})
        };
        assert_eq!(readiness(&pod("Running", "True")), Readiness::Ready);
        assert_eq!(readiness(&pod("Succeeded", "False")), Readiness::Ready);
        assert!(is_not_ready(
            &readiness(&pod("Pending", "False")),
            "Pending"
        ));
        assert!(is_not_ready(
            &readiness(&pod("Running", "False")),
            "Running"
        ));
        let bare = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}});
        assert!(is_not_ready(&readiness(&bare), "unknown"));
    }

    #[test]
    fn other_kinds_are_not_applicable() {
        for (api_version, kind) in [
            ("v1", "ConfigMap"),
            ("v1", "Service"),
            ("v1", "Secret"),
            ("batch/v1", "CronJob"),
            ("example.com/v1", "Deployment"),
            ("rbac.authorization.k8s.io/v1", "Role"),
        ] {
            let object =
                json!({"apiVersion": api_version, "kind": kind, "metadata": {"name": "x"}});
            assert_eq!(readiness(&object), Readiness::NotApplicable, "{kind}");
        }
        assert_eq!(readiness(&json!("not an object")), Readiness::NotApplicable);
        assert_eq!(readiness(&json!({})), Readiness::NotApplicable);
    }
}
