//! The one table of well-known kinds: their scope and their apply phase.
//!
//! Offline planning takes scope from here (plus the package's own CRDs);
//! online planning takes it from discovery. The apply order of every plan comes
//! from [`phase_of`], so there is exactly one ordering rule in the code base.

use serde::{Deserialize, Serialize};

use crate::manifest::{Manifest, Map};

/// Apply phases, in order. Deletions run in the reverse order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// Namespaces, so that everything else has somewhere to go.
    Namespaces,
    /// CustomResourceDefinitions, waited on until Established.
    Definitions,
    /// A chart's `pre-install`/`pre-upgrade` hooks (objects marked with
    /// [`HOOK_ANNOTATION`]): by weight, each weight waited on before the next.
    PreHooks,
    /// PriorityClasses, ServiceAccounts, Secrets, ConfigMaps, RBAC roles, quotas.
    Foundation,
    /// RoleBindings and ClusterRoleBindings, after their roles: for a user who is
    /// not cluster-admin the API server resolves the role when the binding is created.
    Bindings,
    /// StorageClasses, PersistentVolumes and their claims.
    Storage,
    /// Services.
    Services,
    /// Pods and their controllers.
    Workloads,
    /// Everything else, custom resources included.
    Other,
    /// Admission webhooks and APIServices: last, so they cannot block the rest.
    Admission,
    /// A chart's `post-install`/`post-upgrade` hooks, after everything else
    /// is applied (and ready, with `--wait`).
    PostHooks,
}

/// The annotation that makes an object a hook of its plan: `pre-install`,
/// `pre-upgrade`, `post-install` or `post-upgrade`, the Helm hook event it runs
/// as. Set by chart rendering from `helm.sh/hook`; hooks are applied in the
/// hook phases, waited on, never pruned (see `docs/charts.md`).
pub const HOOK_ANNOTATION: &str = "kubectl-pkg.dev/hook";

/// The hook event an object runs as in its plan (its [`HOOK_ANNOTATION`]).
pub fn hook_of(manifest: &Manifest) -> Option<&str> {
    annotations(manifest)
        .and_then(|a| a.get(HOOK_ANNOTATION))
        .and_then(Manifest::as_str)
}

/// Sets the [`HOOK_ANNOTATION`] naming the event(s) a hook runs as.
pub fn mark_hook(object: &mut Manifest, events: &str) {
    let Some(metadata) = object.get_mut("metadata").and_then(Manifest::as_object_mut) else {
        return;
    };
    if !metadata.contains_key("annotations") {
        metadata.insert("annotations", Manifest::Object(Map::new()));
    }
    if let Some(annotations) = metadata
        .get_mut("annotations")
        .and_then(Manifest::as_object_mut)
    {
        annotations.insert(HOOK_ANNOTATION, events.into());
    }
}

/// The annotation giving a hook's weight, Helm's: hooks of one phase run by
/// weight (an integer as Go's `strconv.Atoi` reads it).
pub const HOOK_WEIGHT_ANNOTATION: &str = "helm.sh/hook-weight";

/// The weight of a rendered hook object (0 when it has none or it is not a number).
pub fn hook_weight(object: &Manifest) -> i64 {
    annotations(object)
        .and_then(|a| a.get(HOOK_WEIGHT_ANNOTATION))
        .and_then(Manifest::as_str)
        .and_then(go_atoi)
        .unwrap_or(0)
}

/// An object's `metadata.annotations`, looked up key by key: asked of every
/// object when sorting and showing, where a JSON pointer (which allocates
/// for each part of the path) showed in profiles.
fn annotations(object: &Manifest) -> Option<&Manifest> {
    object.get("metadata")?.get("annotations")
}

/// Go's `strconv.Atoi`: optional sign and decimal digits only.
pub(crate) fn go_atoi(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The apply phase of an object: its kind's, or a hook phase.
pub fn phase_of_object(group: &str, kind: &str, manifest: &Manifest) -> Phase {
    match hook_of(manifest) {
        Some(event) if event.starts_with("pre-") => PreHooks,
        Some(_) => PostHooks,
        None => phase_of(group, kind),
    }
}

/// Scope of a kind: namespaced or cluster-wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Lives in a namespace.
    Namespaced,
    /// Cluster-wide.
    Cluster,
}

use Phase::*;
use Scope::*;

/// (group, kind, scope, phase) of the built-in kinds.
const KINDS: &[(&str, &str, Scope, Phase)] = &[
    ("", "Namespace", Cluster, Namespaces),
    (
        "apiextensions.k8s.io",
        "CustomResourceDefinition",
        Cluster,
        Definitions,
    ),
    ("scheduling.k8s.io", "PriorityClass", Cluster, Foundation),
    ("", "ServiceAccount", Namespaced, Foundation),
    ("", "Secret", Namespaced, Foundation),
    ("", "ConfigMap", Namespaced, Foundation),
    ("", "LimitRange", Namespaced, Foundation),
    ("", "ResourceQuota", Namespaced, Foundation),
    (
        "rbac.authorization.k8s.io",
        "ClusterRole",
        Cluster,
        Foundation,
    ),
    (
        "rbac.authorization.k8s.io",
        "ClusterRoleBinding",
        Cluster,
        Bindings,
    ),
    ("rbac.authorization.k8s.io", "Role", Namespaced, Foundation),
    (
        "rbac.authorization.k8s.io",
        "RoleBinding",
        Namespaced,
        Bindings,
    ),
    ("policy", "PodSecurityPolicy", Cluster, Foundation),
    ("storage.k8s.io", "StorageClass", Cluster, Storage),
    ("storage.k8s.io", "CSIDriver", Cluster, Storage),
    ("", "PersistentVolume", Cluster, Storage),
    ("", "PersistentVolumeClaim", Namespaced, Storage),
    ("", "Service", Namespaced, Services),
    ("", "Endpoints", Namespaced, Services),
    ("discovery.k8s.io", "EndpointSlice", Namespaced, Services),
    ("", "Pod", Namespaced, Workloads),
    ("", "ReplicationController", Namespaced, Workloads),
    ("apps", "ReplicaSet", Namespaced, Workloads),
    ("apps", "Deployment", Namespaced, Workloads),
    ("apps", "StatefulSet", Namespaced, Workloads),
    ("apps", "DaemonSet", Namespaced, Workloads),
    ("batch", "Job", Namespaced, Workloads),
    ("batch", "CronJob", Namespaced, Workloads),
    ("", "PodTemplate", Namespaced, Other),
    ("", "Event", Namespaced, Other),
    ("", "Node", Cluster, Other),
    ("apps", "ControllerRevision", Namespaced, Other),
    ("autoscaling", "HorizontalPodAutoscaler", Namespaced, Other),
    ("policy", "PodDisruptionBudget", Namespaced, Other),
    ("networking.k8s.io", "NetworkPolicy", Namespaced, Other),
    ("networking.k8s.io", "Ingress", Namespaced, Other),
    ("networking.k8s.io", "IngressClass", Cluster, Other),
    ("coordination.k8s.io", "Lease", Namespaced, Other),
    ("node.k8s.io", "RuntimeClass", Cluster, Other),
    ("storage.k8s.io", "VolumeAttachment", Cluster, Other),
    ("storage.k8s.io", "CSINode", Cluster, Other),
    ("storage.k8s.io", "CSIStorageCapacity", Namespaced, Other),
    (
        "certificates.k8s.io",
        "CertificateSigningRequest",
        Cluster,
        Other,
    ),
    ("flowcontrol.apiserver.k8s.io", "FlowSchema", Cluster, Other),
    (
        "flowcontrol.apiserver.k8s.io",
        "PriorityLevelConfiguration",
        Cluster,
        Other,
    ),
    (
        "admissionregistration.k8s.io",
        "MutatingWebhookConfiguration",
        Cluster,
        Admission,
    ),
    (
        "admissionregistration.k8s.io",
        "ValidatingWebhookConfiguration",
        Cluster,
        Admission,
    ),
    (
        "admissionregistration.k8s.io",
        "ValidatingAdmissionPolicy",
        Cluster,
        Admission,
    ),
    (
        "admissionregistration.k8s.io",
        "ValidatingAdmissionPolicyBinding",
        Cluster,
        Admission,
    ),
    ("apiregistration.k8s.io", "APIService", Cluster, Admission),
];

/// The entry of [`KINDS`] for a built-in kind, found by hashing: asked
/// several times of every object (its scope, its phase when sorting), and
/// going down the table was a fiftieth of a 50,000-object offline plan.
fn lookup(group: &str, kind: &str) -> Option<&'static (&'static str, &'static str, Scope, Phase)> {
    type Index = std::collections::HashMap<(&'static str, &'static str), usize>;
    static INDEX: std::sync::LazyLock<Index> = std::sync::LazyLock::new(|| {
        let entries = KINDS.iter().enumerate();
        entries.map(|(at, (g, k, _, _))| ((*g, *k), at)).collect()
    });
    // The table's keys live for ever; a shorter-lived key is looked up as one.
    let index: &std::collections::HashMap<(&str, &str), usize> = &INDEX;
    index.get(&(group, kind)).map(|&at| &KINDS[at])
}

/// The apply phase of a kind; kinds not in the table (custom resources) are [`Phase::Other`].
pub fn phase_of(group: &str, kind: &str) -> Phase {
    lookup(group, kind).map_or(Other, |entry| entry.3)
}

/// The scope of a built-in kind, if it is one.
pub fn builtin_scope(group: &str, kind: &str) -> Option<Scope> {
    lookup(group, kind).map(|entry| entry.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_has_no_duplicates_and_orders_phases() {
        let mut seen = std::collections::BTreeSet::new();
        for (group, kind, _, _) in KINDS {
            assert!(seen.insert((group, kind)), "{group}/{kind} twice");
        }
        assert!(
            phase_of("", "Namespace")
                < phase_of("apiextensions.k8s.io", "CustomResourceDefinition")
        );
        assert!(phase_of("", "Secret") < phase_of("apps", "Deployment"));
        let rbac = "rbac.authorization.k8s.io";
        assert!(phase_of(rbac, "Role") < phase_of(rbac, "RoleBinding"));
        assert!(phase_of(rbac, "ClusterRole") < phase_of(rbac, "ClusterRoleBinding"));
        assert_eq!(phase_of("example.com", "Widget"), Other);
        assert_eq!(
            builtin_scope("rbac.authorization.k8s.io", "ClusterRole"),
            Some(Cluster)
        );
        assert_eq!(builtin_scope("example.com", "Widget"), None);
    }
}
