//! RBAC flattening: joins the package's Roles, ClusterRoles and bindings into
//! one [`Grant`] per subject and rule, so a person reads "who can do what,
//! where" instead of chasing roleRefs.
//!
//! Bindings to the built-in `cluster-admin`, `admin`, `edit` and `view`
//! ClusterRoles are expanded from a summary of Kubernetes' bootstrap policy
//! kept here; bindings to roles that are neither in the package nor built in
//! are reported as unknown rather than guessed at.

use std::collections::{BTreeMap, BTreeSet};

use crate::manifest::Manifest;
use serde::{Deserialize, Serialize};

use super::rules::{AGGREGATED_ROLE, EXTENDS_BUILTIN_ROLE, UNKNOWN_ROLE};
use super::{DEFAULT_NAMESPACE, Risk, service_account, strings};
use crate::object::Object;

/// The RBAC API group.
pub(crate) const RBAC_GROUP: &str = "rbac.authorization.k8s.io";

/// One RBAC rule granted to one subject, flattened from a binding and its role.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Grant {
    /// `ServiceAccount/<ns>/<name>`, `User/<name>` or `Group/<name>`.
    pub subject: String,
    /// `cluster`, or `namespace/<ns>` for a RoleBinding.
    pub scope: String,
    /// API groups of the rule (`""` is core), sorted.
    pub api_groups: Vec<String>,
    /// Resources of the rule, sorted.
    pub resources: Vec<String>,
    /// Object names the rule is limited to, sorted; empty means all.
    pub resource_names: Vec<String>,
    /// Verbs of the rule, sorted.
    pub verbs: Vec<String>,
    /// Non-resource URLs (`/metrics`) of the rule, sorted.
    #[serde(
        rename = "nonResourceURLs",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub non_resource_urls: Vec<String>,
    /// The binding, then the role: `["ClusterRoleBinding/x", "ClusterRole/y"]`.
    pub via: Vec<String>,
}

impl Grant {
    /// Whether the grant applies in every namespace (a ClusterRoleBinding).
    pub fn is_cluster_wide(&self) -> bool {
        self.scope == "cluster"
    }

    /// The namespace of a namespaced grant.
    pub fn namespace(&self) -> Option<&str> {
        self.scope.strip_prefix("namespace/")
    }
}

/// A grant together with the binding object (as displayed) it comes from.
#[derive(Debug, Clone)]
pub(crate) struct BoundGrant {
    /// The binding, as `Kind.group/namespace/name`.
    pub binding: String,
    /// The grant.
    pub grant: Grant,
}

/// The result of flattening: grants, plus what the preview could not resolve.
#[derive(Debug, Default)]
pub(crate) struct Rbac {
    /// Every grant, with its binding.
    pub bound: Vec<BoundGrant>,
    /// Info risks: unknown roles, aggregated roles.
    pub risks: Vec<Risk>,
}

/// One policy rule, its lists sorted and deduplicated.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PolicyRule {
    api_groups: Vec<String>,
    resources: Vec<String>,
    resource_names: Vec<String>,
    verbs: Vec<String>,
    non_resource_urls: Vec<String>,
}

fn sorted(items: impl IntoIterator<Item = String>) -> Vec<String> {
    items
        .into_iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

impl PolicyRule {
    fn from_json(rule: &Manifest) -> PolicyRule {
        let list = |key: &str| sorted(strings(rule.get(key)));
        PolicyRule {
            api_groups: list("apiGroups"),
            resources: list("resources"),
            resource_names: list("resourceNames"),
            verbs: list("verbs"),
            non_resource_urls: list("nonResourceURLs"),
        }
    }

    fn from_builtin(rule: &BuiltinRule) -> PolicyRule {
        let list = |items: &[&str]| sorted(items.iter().map(|item| item.to_string()));
        PolicyRule {
            api_groups: list(rule.groups),
            resources: list(rule.resources),
            resource_names: Vec::new(),
            verbs: list(rule.verbs),
            non_resource_urls: list(rule.urls),
        }
    }
}

/// A rule of a built-in ClusterRole.
struct BuiltinRule {
    groups: &'static [&'static str],
    resources: &'static [&'static str],
    verbs: &'static [&'static str],
    urls: &'static [&'static str],
}

const READ: &[&str] = &["get", "list", "watch"];
const WRITE: &[&str] = &["create", "delete", "deletecollection", "patch", "update"];
const READ_WRITE: &[&str] = &[
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "update",
    "watch",
];

const fn rule(
    groups: &'static [&'static str],
    resources: &'static [&'static str],
    verbs: &'static [&'static str],
) -> BuiltinRule {
    BuiltinRule {
        groups,
        resources,
        verbs,
        urls: &[],
    }
}

/// `cluster-admin`: everything, everywhere.
static CLUSTER_ADMIN_RULES: &[BuiltinRule] = &[
    rule(&["*"], &["*"], &["*"]),
    BuiltinRule {
        groups: &[],
        resources: &[],
        verbs: &["*"],
        urls: &["*"],
    },
];

/// `system:aggregate-to-admin`: what `admin` adds to `edit`.
static AGGREGATE_TO_ADMIN: &[BuiltinRule] = &[
    rule(
        &["authorization.k8s.io"],
        &["localsubjectaccessreviews"],
        &["create"],
    ),
    rule(&[RBAC_GROUP], &["rolebindings", "roles"], READ_WRITE),
];

/// `system:aggregate-to-edit`: what `edit` adds to `view`. Note that it reads
/// Secrets, execs into pods, impersonates and mints tokens for ServiceAccounts.
static AGGREGATE_TO_EDIT: &[BuiltinRule] = &[
    rule(
        &[""],
        &[
            "pods/attach",
            "pods/exec",
            "pods/portforward",
            "pods/proxy",
            "secrets",
            "services/proxy",
        ],
        READ,
    ),
    rule(&[""], &["serviceaccounts"], &["impersonate"]),
    rule(
        &[""],
        &[
            "pods",
            "pods/attach",
            "pods/exec",
            "pods/portforward",
            "pods/proxy",
        ],
        WRITE,
    ),
    rule(&[""], &["pods/eviction"], &["create"]),
    rule(
        &[""],
        &[
            "configmaps",
            "events",
            "persistentvolumeclaims",
            "replicationcontrollers",
            "replicationcontrollers/scale",
            "secrets",
            "serviceaccounts",
            "services",
            "services/proxy",
        ],
        WRITE,
    ),
    rule(&[""], &["serviceaccounts/token"], &["create"]),
    rule(
        &["apps"],
        &[
            "daemonsets",
            "deployments",
            "deployments/rollback",
            "deployments/scale",
            "replicasets",
            "replicasets/scale",
            "statefulsets",
            "statefulsets/scale",
        ],
        WRITE,
    ),
    rule(&["autoscaling"], &["horizontalpodautoscalers"], WRITE),
    rule(&["batch"], &["cronjobs", "jobs"], WRITE),
    rule(
        &["extensions"],
        &[
            "daemonsets",
            "deployments",
            "deployments/rollback",
            "deployments/scale",
            "ingresses",
            "networkpolicies",
            "replicasets",
            "replicasets/scale",
            "replicationcontrollers/scale",
        ],
        WRITE,
    ),
    rule(&["policy"], &["poddisruptionbudgets"], WRITE),
    rule(
        &["networking.k8s.io"],
        &["ingresses", "networkpolicies"],
        WRITE,
    ),
    rule(&["coordination.k8s.io"], &["leases"], READ_WRITE),
];

/// `system:aggregate-to-view`: read access to non-escalating resources
/// (no Secrets, no pods/exec).
static AGGREGATE_TO_VIEW: &[BuiltinRule] = &[
    rule(
        &[""],
        &[
            "configmaps",
            "endpoints",
            "persistentvolumeclaims",
            "persistentvolumeclaims/status",
            "pods",
            "replicationcontrollers",
            "replicationcontrollers/scale",
            "serviceaccounts",
            "services",
            "services/status",
        ],
        READ,
    ),
    rule(
        &[""],
        &[
            "bindings",
            "events",
            "limitranges",
            "namespaces/status",
            "pods/log",
            "pods/status",
            "replicationcontrollers/status",
            "resourcequotas",
            "resourcequotas/status",
        ],
        READ,
    ),
    rule(&[""], &["namespaces"], READ),
    rule(&["discovery.k8s.io"], &["endpointslices"], READ),
    rule(
        &["apps"],
        &[
            "controllerrevisions",
            "daemonsets",
            "daemonsets/status",
            "deployments",
            "deployments/scale",
            "deployments/status",
            "replicasets",
            "replicasets/scale",
            "replicasets/status",
            "statefulsets",
            "statefulsets/scale",
            "statefulsets/status",
        ],
        READ,
    ),
    rule(
        &["autoscaling"],
        &[
            "horizontalpodautoscalers",
            "horizontalpodautoscalers/status",
        ],
        READ,
    ),
    rule(
        &["batch"],
        &["cronjobs", "cronjobs/status", "jobs", "jobs/status"],
        READ,
    ),
    rule(
        &["extensions"],
        &[
            "daemonsets",
            "daemonsets/status",
            "deployments",
            "deployments/scale",
            "deployments/status",
            "ingresses",
            "ingresses/status",
            "networkpolicies",
            "replicasets",
            "replicasets/scale",
            "replicasets/status",
            "replicationcontrollers/scale",
        ],
        READ,
    ),
    rule(
        &["policy"],
        &["poddisruptionbudgets", "poddisruptionbudgets/status"],
        READ,
    ),
    rule(
        &["networking.k8s.io"],
        &["ingresses", "ingresses/status", "networkpolicies"],
        READ,
    ),
];

/// The rules of a well-known built-in ClusterRole, as the bootstrap policy
/// defines (and aggregates) them: admin ⊇ edit ⊇ view.
fn builtin_rules(name: &str) -> Option<Vec<PolicyRule>> {
    let parts: &[&[BuiltinRule]] = match name {
        "cluster-admin" => &[CLUSTER_ADMIN_RULES],
        "admin" => &[AGGREGATE_TO_ADMIN, AGGREGATE_TO_EDIT, AGGREGATE_TO_VIEW],
        "edit" => &[AGGREGATE_TO_EDIT, AGGREGATE_TO_VIEW],
        "view" => &[AGGREGATE_TO_VIEW],
        _ => return None,
    };
    Some(
        parts
            .iter()
            .flat_map(|rules| rules.iter().map(PolicyRule::from_builtin))
            .collect(),
    )
}

/// Labels by which a ClusterRole adds its rules to the built-in roles.
const AGGREGATE_LABELS: &[(&str, &str)] = &[
    ("rbac.authorization.k8s.io/aggregate-to-admin", "admin"),
    ("rbac.authorization.k8s.io/aggregate-to-edit", "edit"),
    ("rbac.authorization.k8s.io/aggregate-to-view", "view"),
];

fn is_rbac(object: &Object, kind: &str) -> bool {
    object.group() == RBAC_GROUP && object.kind == kind
}

fn rules_of(role: &Object) -> Vec<PolicyRule> {
    role.pointer("/rules")
        .and_then(Manifest::as_array)
        .map(|rules| rules.iter().map(PolicyRule::from_json).collect())
        .unwrap_or_default()
}

/// A binding subject in the `Kind/...` form of [`Grant::subject`].
fn subject_of(subject: &Manifest, binding_namespace: Option<&str>) -> Option<String> {
    let kind = subject.get("kind")?.as_str()?;
    let name = subject.get("name")?.as_str()?;
    Some(match kind {
        "ServiceAccount" => service_account(
            subject
                .get("namespace")
                .and_then(Manifest::as_str)
                .or(binding_namespace),
            name,
        ),
        _ => format!("{kind}/{name}"),
    })
}

/// Flattens the package's RBAC objects (in canonical order) into grants.
pub(crate) fn flatten(objects: &[&Object]) -> Rbac {
    let mut rbac = Rbac::default();
    let mut cluster_roles: BTreeMap<&str, &Object> = BTreeMap::new();
    let mut roles: BTreeMap<(Option<&str>, &str), &Object> = BTreeMap::new();
    for &object in objects {
        if is_rbac(object, "ClusterRole") {
            cluster_roles.insert(&object.name, object);
            note_cluster_role(object, &mut rbac.risks);
        } else if is_rbac(object, "Role") {
            roles.insert((object.namespace.as_deref(), &object.name), object);
        }
    }

    for &binding in objects {
        let cluster = is_rbac(binding, "ClusterRoleBinding");
        if !cluster && !is_rbac(binding, "RoleBinding") {
            continue;
        }
        let binding_namespace = if cluster {
            None
        } else {
            Some(binding.namespace.as_deref().unwrap_or(DEFAULT_NAMESPACE))
        };
        let (scope, binding_label) = match binding_namespace {
            None => (
                "cluster".to_string(),
                format!("ClusterRoleBinding/{}", binding.name),
            ),
            Some(namespace) => (
                format!("namespace/{namespace}"),
                format!("RoleBinding/{namespace}/{}", binding.name),
            ),
        };
        let role_kind = binding
            .pointer("/roleRef/kind")
            .and_then(Manifest::as_str)
            .unwrap_or("");
        let role_name = binding
            .pointer("/roleRef/name")
            .and_then(Manifest::as_str)
            .unwrap_or("");
        let subjects: Vec<String> = binding
            .pointer("/subjects")
            .and_then(Manifest::as_array)
            .map(|subjects| {
                subjects
                    .iter()
                    .filter_map(|subject| subject_of(subject, binding_namespace))
                    .collect()
            })
            .unwrap_or_default();

        let (role_label, rules) = match role_kind {
            "ClusterRole" => (
                format!("ClusterRole/{role_name}"),
                cluster_roles
                    .get(role_name)
                    .map(|role| rules_of(role))
                    .or_else(|| builtin_rules(role_name)),
            ),
            "Role" if !cluster => (
                format!("Role/{}/{role_name}", binding_namespace.unwrap_or_default()),
                roles
                    .get(&(binding.namespace.as_deref(), role_name))
                    .map(|role| rules_of(role)),
            ),
            _ => (format!("{role_kind}/{role_name}"), None),
        };
        let Some(rules) = rules else {
            let who = if subjects.is_empty() {
                "no subjects".to_string()
            } else {
                subjects.join(", ")
            };
            rbac.risks.push(UNKNOWN_ROLE.risk(
                binding.to_string(),
                format!(
                    "{binding_label} binds {who} to {role_label}, which is neither in the package \
                     nor a built-in role the preview knows: what it grants is unknown to the preview"
                ),
            ));
            continue;
        };

        for subject in &subjects {
            for rule in &rules {
                // Non-resource URLs are only honoured cluster-wide.
                let non_resource_urls = if cluster {
                    rule.non_resource_urls.clone()
                } else {
                    Vec::new()
                };
                if rule.verbs.is_empty()
                    || (rule.resources.is_empty() && non_resource_urls.is_empty())
                {
                    continue;
                }
                rbac.bound.push(BoundGrant {
                    binding: binding.to_string(),
                    grant: Grant {
                        subject: subject.clone(),
                        scope: scope.clone(),
                        api_groups: rule.api_groups.clone(),
                        resources: rule.resources.clone(),
                        resource_names: rule.resource_names.clone(),
                        verbs: rule.verbs.clone(),
                        non_resource_urls,
                        via: vec![binding_label.clone(), role_label.clone()],
                    },
                });
            }
        }
    }
    rbac
}

/// Info risks about a ClusterRole whose effective rules the package alone
/// does not determine.
fn note_cluster_role(role: &Object, risks: &mut Vec<Risk>) {
    if role
        .pointer("/aggregationRule")
        .is_some_and(|rule| !rule.is_null())
    {
        risks.push(AGGREGATED_ROLE.risk(
            role.to_string(),
            format!(
                "ClusterRole/{} is aggregated: the cluster fills in its rules at runtime from \
                 every ClusterRole matching its label selectors, so the preview shows only the \
                 rules written in the package",
                role.name
            ),
        ));
    }
    let labels = role.pointer("/metadata/labels");
    for (label, builtin) in AGGREGATE_LABELS {
        if labels
            .and_then(|labels| labels.get(label))
            .and_then(Manifest::as_str)
            != Some("true")
        {
            continue;
        }
        let resources = sorted(rules_of(role).into_iter().flat_map(|rule| {
            rule.resources
                .into_iter()
                .chain(rule.non_resource_urls)
                .collect::<Vec<_>>()
        }));
        let what = if resources.is_empty() {
            "its rules".to_string()
        } else {
            format!("its rules on {}", resources.join(", "))
        };
        risks.push(EXTENDS_BUILTIN_ROLE.risk(
            role.to_string(),
            format!(
                "ClusterRole/{} adds {what} to the built-in {builtin} role, so everyone already \
                 bound to {builtin} gets them",
                role.name
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::testing::{check, has, obj, rule_ids};
    use super::*;
    use serde_json::Value;

    fn role_binding(namespace: &str, role_kind: &str, role: &str, subjects: Value) -> Object {
        obj(json!({
            "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
            "metadata": {"name": "rb", "namespace": namespace},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": role_kind, "name": role},
            "subjects": subjects
        }))
    }

    fn cluster_role_binding(role: &str, subjects: Value) -> Object {
        obj(json!({
            "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
            "metadata": {"name": "crb"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": role},
            "subjects": subjects
        }))
    }

    #[test]
    fn every_subject_times_every_rule() {
        let objects = vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "reader"},
                "rules": [
                    {"apiGroups": [""], "resources": ["pods", "configmaps", "pods"], "verbs": ["list", "get"]},
                    {"nonResourceURLs": ["/metrics"], "verbs": ["get"]}
                ]
            })),
            cluster_role_binding(
                "reader",
                json!([
                    {"kind": "ServiceAccount", "name": "a", "namespace": "x"},
                    {"kind": "User", "name": "jane", "apiGroup": "rbac.authorization.k8s.io"},
                    {"kind": "Group", "name": "devs", "apiGroup": "rbac.authorization.k8s.io"}
                ]),
            ),
        ];
        let permissions = check(&objects);
        assert_eq!(permissions.grants.len(), 6);
        let subjects: BTreeSet<&str> = permissions
            .grants
            .iter()
            .map(|grant| grant.subject.as_str())
            .collect();
        assert_eq!(
            subjects,
            BTreeSet::from(["Group/devs", "ServiceAccount/x/a", "User/jane"])
        );
        // Sorted by subject first; non-resource rules (no apiGroups) come first.
        assert_eq!(permissions.grants[0].subject, "Group/devs");
        assert_eq!(permissions.grants[0].non_resource_urls, ["/metrics"]);
        let pods = &permissions.grants[1];
        assert_eq!(pods.subject, "Group/devs");
        assert_eq!(pods.resources, ["configmaps", "pods"]);
        assert_eq!(pods.verbs, ["get", "list"]);
        assert_eq!(pods.scope, "cluster");
        assert!(pods.is_cluster_wide());
        assert_eq!(pods.via, ["ClusterRoleBinding/crb", "ClusterRole/reader"]);
        assert!(
            permissions
                .grants
                .iter()
                .any(|grant| grant.non_resource_urls == ["/metrics"])
        );
        assert!(permissions.risks.is_empty(), "{:?}", permissions.risks);
    }

    #[test]
    fn role_binding_to_cluster_role_grants_in_its_namespace_only() {
        let objects = vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "secret-reader"},
                "rules": [
                    {"apiGroups": [""], "resources": ["secrets"], "verbs": ["get", "list"]},
                    {"nonResourceURLs": ["/metrics"], "verbs": ["get"]}
                ]
            })),
            // The ServiceAccount has no namespace: it is the binding's.
            role_binding(
                "team",
                "ClusterRole",
                "secret-reader",
                json!([{"kind": "ServiceAccount", "name": "app"}]),
            ),
        ];
        let permissions = check(&objects);
        assert_eq!(permissions.grants.len(), 1, "{:?}", permissions.grants);
        let grant = &permissions.grants[0];
        assert_eq!(grant.subject, "ServiceAccount/team/app");
        assert_eq!(grant.scope, "namespace/team");
        assert_eq!(grant.namespace(), Some("team"));
        assert_eq!(
            grant.via,
            ["RoleBinding/team/rb", "ClusterRole/secret-reader"]
        );
        assert!(has(&permissions, "rbac-read-secrets"));
        assert!(!has(&permissions, "rbac-cluster-read-secrets"));
    }

    #[test]
    fn role_ref_to_a_role_resolves_in_the_binding_namespace() {
        let objects = vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
                "metadata": {"name": "r", "namespace": "other"},
                "rules": [{"apiGroups": [""], "resources": ["pods"], "verbs": ["get"]}]
            })),
            role_binding(
                "team",
                "Role",
                "r",
                json!([{"kind": "User", "name": "jane"}]),
            ),
        ];
        let permissions = check(&objects);
        assert!(permissions.grants.is_empty());
        assert_eq!(rule_ids(&permissions), ["rbac-unknown-role"]);
        assert_eq!(
            permissions.risks[0].message,
            "RoleBinding/team/rb binds User/jane to Role/team/r, which is neither in the package \
             nor a built-in role the preview knows: what it grants is unknown to the preview"
        );
    }

    #[test]
    fn unknown_external_cluster_role_is_info() {
        let objects = vec![cluster_role_binding(
            "system:auth-delegator",
            json!([{"kind": "ServiceAccount", "name": "api", "namespace": "x"}]),
        )];
        let permissions = check(&objects);
        assert!(permissions.grants.is_empty());
        assert_eq!(permissions.risks.len(), 1);
        assert_eq!(permissions.risks[0].rule, "rbac-unknown-role");
        assert_eq!(permissions.risks[0].severity, super::super::Severity::Info);
        assert_eq!(
            permissions.risks[0].object,
            "ClusterRoleBinding.rbac.authorization.k8s.io/crb"
        );
    }

    #[test]
    fn package_role_shadows_builtin_name() {
        let objects = vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "view"},
                "rules": [{"apiGroups": [""], "resources": ["pods"], "verbs": ["get"]}]
            })),
            cluster_role_binding("view", json!([{"kind": "User", "name": "jane"}])),
        ];
        let permissions = check(&objects);
        assert_eq!(permissions.grants.len(), 1);
        assert_eq!(permissions.grants[0].resources, ["pods"]);
    }

    fn builtin_grants(role: &str) -> Vec<Grant> {
        check(&[role_binding(
            "team",
            "ClusterRole",
            role,
            json!([{"kind": "User", "name": "jane"}]),
        )])
        .grants
    }

    fn allows(grants: &[Grant], group: &str, resource: &str, verb: &str) -> bool {
        grants.iter().any(|grant| {
            grant.api_groups.iter().any(|g| g == group || g == "*")
                && grant.resources.iter().any(|r| r == resource || r == "*")
                && grant.verbs.iter().any(|v| v == verb || v == "*")
        })
    }

    #[test]
    fn builtin_roles_follow_the_bootstrap_policy() {
        let view = builtin_grants("view");
        assert!(allows(&view, "", "configmaps", "list"));
        assert!(allows(&view, "apps", "deployments", "watch"));
        assert!(!allows(&view, "", "secrets", "get"));
        assert!(!allows(&view, "", "pods/exec", "create"));
        assert!(!allows(&view, "", "pods", "create"));

        let edit = builtin_grants("edit");
        assert!(allows(&edit, "", "secrets", "get"));
        assert!(allows(&edit, "", "pods/exec", "create"));
        assert!(allows(&edit, "", "serviceaccounts/token", "create"));
        assert!(allows(&edit, "apps", "deployments", "patch"));
        assert!(
            allows(&edit, "", "configmaps", "list"),
            "edit includes view"
        );
        assert!(!allows(&edit, RBAC_GROUP, "roles", "create"));

        let admin = builtin_grants("admin");
        assert!(allows(&admin, RBAC_GROUP, "rolebindings", "create"));
        assert!(allows(&admin, "", "secrets", "list"), "admin includes edit");
        assert!(allows(&admin, "", "pods", "get"), "admin includes view");
        assert!(!allows(&admin, RBAC_GROUP, "clusterroles", "create"));

        let cluster_admin = builtin_grants("cluster-admin");
        assert!(allows(
            &cluster_admin,
            "anything.example.com",
            "widgets",
            "delete"
        ));
        // Non-resource URLs do not apply through a RoleBinding.
        assert!(
            cluster_admin
                .iter()
                .all(|grant| grant.non_resource_urls.is_empty())
        );
    }

    #[test]
    fn builtin_bindings_are_flagged_for_what_they_allow() {
        let edit = check(&[role_binding(
            "team",
            "ClusterRole",
            "edit",
            json!([{"kind": "Group", "name": "devs"}]),
        )]);
        assert!(has(&edit, "rbac-pod-exec"));
        assert!(has(&edit, "rbac-read-secrets"));
        assert!(has(&edit, "rbac-create-token"));
        assert!(has(&edit, "rbac-escalate-bind-impersonate"));
        assert!(!has(&edit, "rbac-write-rbac"));
        assert!(!has(&edit, "rbac-cluster-admin"));

        let view = check(&[cluster_role_binding(
            "view",
            json!([{"kind": "Group", "name": "devs"}]),
        )]);
        assert!(view.risks.is_empty(), "view is harmless: {:?}", view.risks);
    }

    #[test]
    fn aggregated_and_aggregating_roles_are_info() {
        let objects = vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "monitoring"},
                "aggregationRule": {"clusterRoleSelectors": [{"matchLabels": {"example.com/monitoring": "true"}}]},
                "rules": []
            })),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "widgets-view",
                             "labels": {"rbac.authorization.k8s.io/aggregate-to-view": "true"}},
                "rules": [{"apiGroups": ["example.com"], "resources": ["widgets"], "verbs": ["get"]}]
            })),
        ];
        let permissions = check(&objects);
        assert_eq!(
            rule_ids(&permissions),
            ["rbac-aggregated-role", "rbac-extends-builtin-role"]
        );
        assert!(permissions.risks.iter().any(|risk| risk.message
            == "ClusterRole/widgets-view adds its rules on widgets to the built-in view role, \
                so everyone already bound to view gets them"));
        assert!(
            permissions
                .risks
                .iter()
                .all(|risk| risk.severity == super::super::Severity::Info)
        );
    }
}
