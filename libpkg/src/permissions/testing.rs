//! Test helpers: build objects from JSON literals and analyze them while
//! checking that every emitted risk comes from the rule table, so no test can
//! pass with a risk id or severity the table (and so the docs) does not know.

use serde_json::{Value, json};

use super::{Permissions, analyze, rule_table};
use crate::object::Object;

/// An object from a manifest literal, with its identity lifted out.
pub(crate) fn obj(manifest: Value) -> Object {
    let manifest = crate::manifest::Manifest::from(manifest);
    Object {
        api_version: manifest["apiVersion"].as_str().unwrap().to_string(),
        kind: manifest["kind"].as_str().unwrap().to_string(),
        namespace: manifest["metadata"]["namespace"]
            .as_str()
            .map(str::to_string),
        name: manifest["metadata"]["name"].as_str().unwrap().to_string(),
        manifest,
    }
}

/// [`analyze`] without declared permissions, asserting that every risk uses
/// an id from the table with the table's severity.
pub(crate) fn check(objects: &[Object]) -> Permissions {
    let permissions = analyze(objects, &[]);
    for risk in &permissions.risks {
        assert!(
            rule_table()
                .iter()
                .any(|rule| rule.id == risk.rule && rule.severity == risk.severity),
            "risk not in the rule table: {risk:?}"
        );
    }
    permissions
}

/// Whether any risk uses this rule id.
pub(crate) fn has(permissions: &Permissions, rule: &str) -> bool {
    permissions.risks.iter().any(|risk| risk.rule == rule)
}

/// The distinct rule ids of the risks, sorted.
pub(crate) fn rule_ids(permissions: &Permissions) -> Vec<String> {
    let mut ids: Vec<String> = permissions
        .risks
        .iter()
        .map(|risk| risk.rule.clone())
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// A role holding `rules` bound to `ServiceAccount/ops/op`: a Role and
/// RoleBinding in `namespace` when given, else a ClusterRole and
/// ClusterRoleBinding.
pub(crate) fn granting(namespace: Option<&str>, rules: Value) -> Vec<Object> {
    let subjects = json!([{"kind": "ServiceAccount", "name": "op", "namespace": "ops"}]);
    match namespace {
        Some(namespace) => vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
                "metadata": {"name": "r", "namespace": namespace}, "rules": rules
            })),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
                "metadata": {"name": "b", "namespace": namespace},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "r"},
                "subjects": subjects
            })),
        ],
        None => vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "r"}, "rules": rules
            })),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
                "metadata": {"name": "b"},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "r"},
                "subjects": subjects
            })),
        ],
    }
}

/// A Deployment `web/app` whose pod spec is `spec`.
pub(crate) fn deployment(spec: Value) -> Object {
    obj(json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "app", "namespace": "web"},
        "spec": {"template": {"metadata": {"labels": {"app": "app"}}, "spec": spec}}
    }))
}
