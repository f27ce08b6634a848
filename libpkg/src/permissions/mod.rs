//! The permission preview: what a package may do once it is installed.
//!
//! Before anything is applied, kubectl-pkg shows who gets which Kubernetes
//! permissions (RBAC grants flattened per subject), which of those are risky
//! (a fixed table of rules, see [`rule_table`]), how privileged each pod
//! template is (its Pod Security Standards level), which cloud identities the
//! package's ServiceAccounts assume, and which extra permissions the package
//! declares for needs RBAC cannot express. Everything here is a pure function
//! of the rendered objects, and every list is sorted, so the same package
//! always gives the same preview, byte for byte.

mod changes;
mod cloud;
mod images;
mod rbac;
mod rules;
#[cfg(test)]
pub(crate) mod testing;
mod workloads;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::manifest::Manifest;
use crate::object::Object;

pub use changes::{PermissionChanges, PermissionDelta, PodSecurityChange, compare};
pub use cloud::CloudIdentity;
pub use images::{Image, images, images_with};
pub use rbac::Grant;
pub use rules::{RiskRule, closest_rule, rule_table};
pub(crate) use workloads::{CONTAINER_KINDS, pod_template_pointer};
pub use workloads::{PodSecurityLevel, Workload};

/// Everything the preview knows about what a package may do.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Permissions {
    /// RBAC rules granted by the package, one per subject and rule.
    pub grants: Vec<Grant>,
    /// Risky grants and pod settings, most severe first.
    pub risks: Vec<Risk>,
    /// Every pod template with its service account and security level.
    pub workloads: Vec<Workload>,
    /// Cloud identities assumed through ServiceAccount annotations.
    pub cloud: Vec<CloudIdentity>,
    /// Permissions the package declares outside RBAC (copied from its metadata).
    #[serde(default)]
    pub declared: Vec<DeclaredPermission>,
    /// Whether the installing user may create everything (filled by a cluster check).
    #[serde(default)]
    pub installer: InstallerCheck,
}

/// How serious a risk is; ordered most severe first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Equivalent to, or a short step from, full control of the cluster or a node.
    Critical,
    /// Broad access to sensitive data or to running code across the cluster.
    High,
    /// Access worth a look, limited in scope.
    Medium,
    /// Not a risk in itself, but something the preview cannot see through.
    Info,
}

impl Severity {
    /// The lowercase name used in JSON and in output (`critical`, `high`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Critical => "critical",
            Severity::High => "high",
            Severity::Medium => "medium",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding: a rule from [`rule_table`] that an object of the package triggers.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Risk {
    /// The rule's severity.
    pub severity: Severity,
    /// The rule's id, such as `rbac-cluster-admin`.
    pub rule: String,
    /// The object responsible, as `Kind.group/namespace/name`.
    pub object: String,
    /// Who can do what, in words.
    pub message: String,
}

/// A permission the package declares in its metadata for needs RBAC cannot
/// express (cloud APIs, external services).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeclaredPermission {
    /// Who grants it, such as `aws` or `github`.
    pub provider: String,
    /// Why the package needs it.
    #[serde(default)]
    pub description: String,
    /// Provider-specific actions, such as `s3:GetObject`.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// Whether the installing user holds the permissions the install needs.
/// [`analyze`] leaves it unchecked; a cluster access check fills it later.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InstallerCheck {
    /// Whether the check ran at all.
    pub checked: bool,
    /// Permissions the installer lacks, sorted.
    pub missing: Vec<MissingPermission>,
}

/// A permission the installing user lacks.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MissingPermission {
    /// The verb, such as `create`.
    pub verb: String,
    /// The API group, empty for core.
    pub group: String,
    /// The resource, such as `clusterroles`.
    pub resource: String,
    /// The namespace, `None` for cluster-wide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

/// Computes the permission preview of a package: grants, risks, workloads,
/// cloud identities, and the declared permissions. The order of `objects`
/// does not matter; the result is sorted.
pub fn analyze(objects: &[Object], declared: &[DeclaredPermission]) -> Permissions {
    let objects = canonical_order(objects);

    let rbac = rbac::flatten(&objects);
    let mut risks = rbac.risks;
    risks.extend(rules::grant_risks(&rbac.bound));
    let (workloads, workload_risks) = workloads::analyze(&objects);
    risks.extend(workload_risks);
    risks.sort();
    risks.dedup();

    let mut grants: Vec<Grant> = rbac.bound.into_iter().map(|bound| bound.grant).collect();
    grants.sort();
    grants.dedup();

    let mut declared = declared.to_vec();
    declared.sort();
    declared.dedup();

    Permissions {
        grants,
        risks,
        workloads,
        cloud: cloud::identities(&objects),
        declared,
        installer: InstallerCheck::default(),
    }
}

/// The id of the rule [`undeclared_namespace_risks`] finds.
pub const UNDECLARED_NAMESPACE_RULE: &str = rules::OUTSIDE_NAMESPACE.id;

/// Findings for objects written into namespaces other than the release's
/// that the package does not declare (`declared`: its `namespaces:`, or a
/// chart's `kubectl-pkg.dev/namespaces` annotation), one per object, sorted.
pub fn undeclared_namespace_risks(
    objects: &[Object],
    release_namespace: &str,
    declared: &[String],
) -> Vec<Risk> {
    let mut risks: Vec<Risk> = objects
        .iter()
        .filter_map(|object| {
            let namespace = object.namespace.as_deref()?;
            (namespace != release_namespace && !declared.iter().any(|d| d == namespace)).then(|| {
                rules::OUTSIDE_NAMESPACE.risk(
                    object.to_string(),
                    format!(
                        "writes into namespace {namespace}, outside the release namespace {release_namespace}, which the package does not declare"
                    ),
                )
            })
        })
        .collect();
    risks.sort();
    risks
}

/// The objects in an order that does not depend on the input order, so that
/// lookups by name resolve duplicates the same way every time.
/// Objects are sorted by key; only objects sharing a key (which rendering
/// refuses, but callers may pass) are told apart by their serialized manifest,
/// so the cost stays one key per object.
/// The key is compared where it is, as [`crate::object::ObjectKey`] orders
/// it (group, kind, namespace, name), not copied out of each object.
pub(crate) fn canonical_order(objects: &[Object]) -> Vec<&Object> {
    fn key(o: &Object) -> (&str, &str, Option<&str>, &str) {
        let group = crate::object::group_of(&o.api_version);
        (group, &o.kind, o.namespace.as_deref(), &o.name)
    }
    let mut sorted: Vec<&Object> = objects.iter().collect();
    sorted.sort_by(|a, b| {
        key(a)
            .cmp(&key(b))
            .then_with(|| a.manifest.to_string().cmp(&b.manifest.to_string()))
    });
    sorted
}

/// The strings of a JSON array (non-strings skipped), or nothing.
pub(crate) fn strings(value: Option<&Manifest>) -> Vec<String> {
    value
        .and_then(Manifest::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The `ServiceAccount/<namespace>/<name>` form used for subjects everywhere.
pub(crate) fn service_account(namespace: Option<&str>, name: &str) -> String {
    format!(
        "ServiceAccount/{}/{name}",
        namespace.unwrap_or(DEFAULT_NAMESPACE)
    )
}

/// The namespace a namespaced object without one lands in.
pub(crate) const DEFAULT_NAMESPACE: &str = "default";

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::testing::{check, has, obj, rule_ids};
    use super::*;

    fn service_account_object() -> Object {
        obj(json!({
            "apiVersion": "v1", "kind": "ServiceAccount",
            "metadata": {"name": "app", "namespace": "shop"}
        }))
    }

    #[test]
    fn binding_cluster_admin_is_critical() {
        let objects = vec![
            service_account_object(),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
                "metadata": {"name": "app-admin"},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "cluster-admin"},
                "subjects": [{"kind": "ServiceAccount", "name": "app", "namespace": "shop"}]
            })),
        ];
        let permissions = check(&objects);
        let risk = permissions
            .risks
            .iter()
            .find(|risk| risk.rule == "rbac-cluster-admin")
            .expect("cluster-admin flagged");
        assert_eq!(risk.severity, Severity::Critical);
        assert_eq!(
            risk.object,
            "ClusterRoleBinding.rbac.authorization.k8s.io/app-admin"
        );
        assert!(risk.message.contains("ServiceAccount/shop/app"));
        // cluster-admin's wildcards are flagged too, but each row only once.
        assert!(has(&permissions, "rbac-wildcard-verbs"));
        assert!(has(&permissions, "rbac-wildcard-resources"));
        let mut rows = permissions.risks.clone();
        rows.dedup();
        assert_eq!(rows.len(), permissions.risks.len());
        // Expanded from the built-in description, with the binding as the path.
        assert!(
            permissions
                .grants
                .iter()
                .any(|grant| grant.non_resource_urls == ["*"]
                    && grant.via == ["ClusterRoleBinding/app-admin", "ClusterRole/cluster-admin"])
        );
    }

    #[test]
    fn role_with_wildcard_verbs_is_critical() {
        let objects = vec![
            service_account_object(),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
                "metadata": {"name": "all", "namespace": "shop"},
                "rules": [{"apiGroups": [""], "resources": ["configmaps"], "verbs": ["*"]}]
            })),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
                "metadata": {"name": "all", "namespace": "shop"},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "all"},
                "subjects": [{"kind": "ServiceAccount", "name": "app"}]
            })),
        ];
        let permissions = check(&objects);
        let risk = permissions
            .risks
            .iter()
            .find(|risk| risk.rule == "rbac-wildcard-verbs")
            .expect("wildcard verbs flagged");
        assert_eq!(risk.severity, Severity::Critical);
        assert_eq!(
            risk.message,
            "ServiceAccount/shop/app can use every verb (*) on configmaps in namespace shop"
        );
        // `*` verbs on configmaps is not pod creation, RBAC writing, or a wildcard resource.
        assert_eq!(rule_ids(&permissions), ["rbac-wildcard-verbs"]);
    }

    #[test]
    fn privileged_daemonset_is_critical_and_privileged() {
        let objects = vec![obj(json!({
            "apiVersion": "apps/v1", "kind": "DaemonSet",
            "metadata": {"name": "agent", "namespace": "monitoring"},
            "spec": {"template": {"spec": {
                "containers": [{"name": "agent", "image": "agent:1.0",
                                "securityContext": {"privileged": true}}]
            }}}
        }))];
        let permissions = check(&objects);
        let risk = permissions
            .risks
            .iter()
            .find(|risk| risk.rule == "pod-privileged")
            .expect("privileged flagged");
        assert_eq!(risk.severity, Severity::Critical);
        assert_eq!(risk.object, "DaemonSet.apps/monitoring/agent");
        let workload = &permissions.workloads[0];
        assert_eq!(workload.pod_security, PodSecurityLevel::Privileged);
        assert!(
            workload
                .reasons
                .contains(&r#"container "agent": privileged"#.to_string())
        );
    }

    fn least_privilege_package() -> Vec<Object> {
        vec![
            service_account_object(),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
                "metadata": {"name": "app", "namespace": "shop"},
                "rules": [
                    {"apiGroups": [""], "resources": ["configmaps"], "verbs": ["get", "list", "watch"]},
                    {"apiGroups": [""], "resources": ["secrets"], "resourceNames": ["app-db"], "verbs": ["get"]}
                ]
            })),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
                "metadata": {"name": "app", "namespace": "shop"},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "app"},
                "subjects": [{"kind": "ServiceAccount", "name": "app", "namespace": "shop"}]
            })),
            obj(json!({
                "apiVersion": "apps/v1", "kind": "Deployment",
                "metadata": {"name": "app", "namespace": "shop"},
                "spec": {"template": {"spec": {
                    "serviceAccountName": "app",
                    "securityContext": {"runAsNonRoot": true, "runAsUser": 10001,
                                        "seccompProfile": {"type": "RuntimeDefault"}},
                    "containers": [{
                        "name": "app",
                        "image": "ghcr.io/example/app@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
                        "securityContext": {
                            "allowPrivilegeEscalation": false,
                            "readOnlyRootFilesystem": true,
                            "capabilities": {"drop": ["ALL"]}
                        }
                    }],
                    "volumes": [{"name": "tmp", "emptyDir": {}}]
                }}}
            })),
        ]
    }

    #[test]
    fn least_privilege_package_is_clean_and_restricted() {
        let permissions = check(&least_privilege_package());
        let serious: Vec<&Risk> = permissions
            .risks
            .iter()
            .filter(|risk| risk.severity <= Severity::Medium)
            .collect();
        assert!(serious.is_empty(), "unexpected risks: {serious:#?}");
        assert_eq!(permissions.grants.len(), 2);
        assert!(
            permissions
                .grants
                .iter()
                .all(|grant| grant.scope == "namespace/shop"
                    && grant.subject == "ServiceAccount/shop/app"
                    && grant.via == ["RoleBinding/shop/app", "Role/shop/app"])
        );
        let workload = &permissions.workloads[0];
        assert_eq!(workload.object, "Deployment.apps/shop/app");
        assert_eq!(workload.service_account, "ServiceAccount/shop/app");
        assert!(workload.mounts_token);
        assert_eq!(workload.pod_security, PodSecurityLevel::Restricted);
        assert!(workload.reasons.is_empty(), "{:?}", workload.reasons);
    }

    #[test]
    fn output_does_not_depend_on_input_order() {
        let mut objects = least_privilege_package();
        objects.extend([
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
                "metadata": {"name": "ops"},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "edit"},
                "subjects": [{"kind": "User", "name": "jane"}, {"kind": "Group", "name": "ops"}]
            })),
            obj(json!({
                "apiVersion": "v1", "kind": "ServiceAccount",
                "metadata": {"name": "s3", "namespace": "shop",
                             "annotations": {"eks.amazonaws.com/role-arn": "arn:aws:iam::1:role/s3"}}
            })),
            obj(json!({
                "apiVersion": "batch/v1", "kind": "CronJob",
                "metadata": {"name": "backup", "namespace": "shop"},
                "spec": {"jobTemplate": {"spec": {"template": {"spec": {
                    "hostNetwork": true,
                    "containers": [{"name": "b", "image": "backup"}, {"name": "c", "image": "alpine:3"}]
                }}}}}
            })),
        ]);
        let declared = vec![
            DeclaredPermission {
                provider: "aws".into(),
                description: "backups".into(),
                actions: vec!["s3:PutObject".into()],
            },
            DeclaredPermission {
                provider: "aws".into(),
                description: "".into(),
                actions: vec![],
            },
        ];
        let expected = serde_json::to_string(&analyze(&objects, &declared)).unwrap();
        let expected_images = serde_json::to_string(&images(&objects)).unwrap();
        // A fixed set of permutations: reversed and rotations of both inputs.
        let mut reversed = objects.clone();
        reversed.reverse();
        let mut declared_reversed = declared.clone();
        declared_reversed.reverse();
        for shift in 0..objects.len() {
            let mut shuffled = reversed.clone();
            shuffled.rotate_left(shift);
            let result = analyze(&shuffled, &declared_reversed);
            assert_eq!(serde_json::to_string(&result).unwrap(), expected);
            assert_eq!(
                serde_json::to_string(&images(&shuffled)).unwrap(),
                expected_images
            );
        }
    }

    #[test]
    fn json_contract() {
        let objects = least_privilege_package();
        let value = serde_json::to_value(analyze(
            &objects,
            &[DeclaredPermission {
                provider: "gcp".into(),
                description: "read buckets".into(),
                actions: vec!["storage.objects.get".into()],
            }],
        ))
        .unwrap();
        let keys: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "grants",
                "risks",
                "workloads",
                "cloud",
                "declared",
                "installer"
            ]
        );
        assert_eq!(
            value["grants"][0],
            json!({
                "subject": "ServiceAccount/shop/app", "scope": "namespace/shop",
                "apiGroups": [""], "resources": ["configmaps"], "resourceNames": [],
                "verbs": ["get", "list", "watch"],
                "via": ["RoleBinding/shop/app", "Role/shop/app"]
            })
        );
        assert_eq!(
            value["workloads"][0],
            json!({
                "object": "Deployment.apps/shop/app", "serviceAccount": "ServiceAccount/shop/app",
                "mountsToken": true, "podSecurity": "restricted", "reasons": []
            })
        );
        assert_eq!(value["installer"], json!({"checked": false, "missing": []}));
        assert_eq!(
            value["declared"],
            json!([{"provider": "gcp", "description": "read buckets", "actions": ["storage.objects.get"]}])
        );
        let round_trip: Permissions = serde_json::from_value(value).unwrap();
        assert_eq!(round_trip, analyze(&objects, &round_trip.declared));
    }

    #[test]
    fn declared_permissions_reject_unknown_fields_and_default_the_rest() {
        let minimal: DeclaredPermission =
            serde_json::from_value(json!({"provider": "github"})).unwrap();
        assert_eq!(minimal.description, "");
        assert!(minimal.actions.is_empty());
        assert!(
            serde_json::from_value::<DeclaredPermission>(
                json!({"provider": "aws", "action": ["s3:GetObject"]})
            )
            .is_err()
        );
    }

    #[test]
    fn undeclared_namespaces_are_findings() {
        let objects = vec![
            service_account_object(),
            obj(
                json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "namespace": "kube-system"}}),
            ),
            obj(
                json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "b", "namespace": "monitoring"}}),
            ),
            obj(
                json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "elsewhere"}}),
            ),
        ];
        let risks = undeclared_namespace_risks(&objects, "shop", &["monitoring".to_string()]);
        assert_eq!(risks.len(), 1, "{risks:#?}");
        assert_eq!(risks[0].rule, UNDECLARED_NAMESPACE_RULE);
        assert_eq!(risks[0].severity, Severity::Medium);
        assert_eq!(risks[0].object, "ConfigMap/kube-system/a");
        assert!(
            risks[0]
                .message
                .contains("namespace kube-system, outside the release namespace shop")
        );
        assert!(
            undeclared_namespace_risks(
                &objects,
                "kube-system",
                &["monitoring".into(), "shop".into()]
            )
            .is_empty()
        );
    }

    #[test]
    fn severity_orders_critical_first_and_serializes_lowercase() {
        assert!(Severity::Critical < Severity::High);
        assert!(Severity::Medium < Severity::Info);
        assert_eq!(serde_json::to_value(Severity::High).unwrap(), json!("high"));
        assert_eq!(Severity::Info.to_string(), "info");
        let missing = MissingPermission {
            verb: "create".into(),
            group: "rbac.authorization.k8s.io".into(),
            resource: "clusterroles".into(),
            namespace: None,
        };
        assert_eq!(
            serde_json::to_value(missing).unwrap(),
            json!({"verb": "create", "group": "rbac.authorization.k8s.io", "resource": "clusterroles"})
        );
    }
}
