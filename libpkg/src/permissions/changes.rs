//! What an upgrade or rollback newly allows, and what it gives up: the
//! permission preview of the new revision compared with the deployed one.
//!
//! Like a phone asking again when an app wants new rights, a reviewer of an
//! upgrade should not have to compare two long previews by eye. RBAC grants
//! are compared by what they allow, not by how they are written: a grant is
//! new only for the (verb, resource, name) it adds that no grant of the other
//! revision already covered, wildcards, cluster-wide bindings and renamed
//! bindings included. Everything is sorted, so the result is deterministic.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{CloudIdentity, DeclaredPermission, Grant, Image, Permissions, PodSecurityLevel, Risk};

/// The permission differences between the deployed revision and the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PermissionChanges {
    /// The deployed revision the plan was compared with.
    pub compared_with: u32,
    /// What the plan allows that the deployed revision did not.
    pub added: PermissionDelta,
    /// What the deployed revision allowed that the plan no longer does.
    pub removed: PermissionDelta,
}

impl PermissionChanges {
    /// Whether the two revisions allow the same.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty()
    }
}

/// One side of [`PermissionChanges`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PermissionDelta {
    /// RBAC permissions, one row per subject, scope and resource, with only
    /// the verbs that changed. `via` names the binding and role of this side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// Risk findings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub risks: Vec<Risk>,
    /// Pod templates whose security level or host access changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pod_security: Vec<PodSecurityChange>,
    /// Cloud identities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cloud: Vec<CloudIdentity>,
    /// Permissions the package declares outside RBAC.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared: Vec<DeclaredPermission>,
    /// Image references not pinned by digest (in `added` only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unpinned_images: Vec<String>,
}

impl PermissionDelta {
    /// Whether nothing is listed.
    pub fn is_empty(&self) -> bool {
        self.grants.is_empty()
            && self.risks.is_empty()
            && self.pod_security.is_empty()
            && self.cloud.is_empty()
            && self.declared.is_empty()
            && self.unpinned_images.is_empty()
    }
}

/// A pod template that became more (in `added`) or less (in `removed`) privileged.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodSecurityChange {
    /// The workload, as `Kind.group/namespace/name`.
    pub object: String,
    /// Its level before; absent for a workload the deployed revision did not have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<PodSecurityLevel>,
    /// Its level after; absent for a workload the plan removes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<PodSecurityLevel>,
    /// The reasons (privileged, host access, ...) that appeared (in `added`)
    /// or went away (in `removed`).
    pub reasons: Vec<String>,
}

/// Compares the deployed revision's preview and images (`before`) with the
/// plan's (`after`).
pub fn compare(
    compared_with: u32,
    before: (&Permissions, &[Image]),
    after: (&Permissions, &[Image]),
) -> PermissionChanges {
    PermissionChanges {
        compared_with,
        added: delta(before, after, Direction::Added),
        removed: delta(after, before, Direction::Removed),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Direction {
    Added,
    Removed,
}

/// What `to` has that `from` does not.
fn delta(
    (from, from_images): (&Permissions, &[Image]),
    (to, to_images): (&Permissions, &[Image]),
    direction: Direction,
) -> PermissionDelta {
    // A repository already used by tag before is not newly unpinned when
    // only its tag changes (mongo:7.0.12 → mongo:7.0.14).
    let from_unpinned: BTreeSet<&str> = from_images
        .iter()
        .filter(|image| !image.pinned)
        .map(Image::repository)
        .collect();
    PermissionDelta {
        grants: uncovered_grants(&from.grants, &to.grants),
        risks: missing_from(&from.risks, &to.risks),
        pod_security: pod_security_changes(from, to, direction),
        cloud: missing_from(&from.cloud, &to.cloud),
        declared: missing_from(&from.declared, &to.declared),
        // An image that is no longer used unpinned is not a right given up.
        unpinned_images: match direction {
            Direction::Added => to_images
                .iter()
                .filter(|image| !image.pinned && !from_unpinned.contains(image.repository()))
                .map(|image| image.reference.clone())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect(),
            Direction::Removed => Vec::new(),
        },
    }
}

/// The items of `to` that `from` does not have, sorted.
fn missing_from<T: Ord + Clone>(from: &[T], to: &[T]) -> Vec<T> {
    let from: BTreeSet<&T> = from.iter().collect();
    let missing: BTreeSet<&T> = to.iter().filter(|item| !from.contains(item)).collect();
    missing.into_iter().cloned().collect()
}

/// Workloads of `to` that are less restricted than in `from`, or have reasons
/// `from` did not (for `Removed`, `from` and `to` are swapped by the caller,
/// so the levels are reported in the right order here).
fn pod_security_changes(
    from: &Permissions,
    to: &Permissions,
    direction: Direction,
) -> Vec<PodSecurityChange> {
    let before: BTreeMap<&str, &super::Workload> = from
        .workloads
        .iter()
        .map(|workload| (workload.object.as_str(), workload))
        .collect();
    let mut changes = Vec::new();
    for workload in &to.workloads {
        let previous = before.get(workload.object.as_str());
        let old_reasons: BTreeSet<&String> = previous
            .map(|w| w.reasons.iter().collect())
            .unwrap_or_default();
        let reasons: Vec<String> = workload
            .reasons
            .iter()
            .filter(|reason| !old_reasons.contains(reason))
            .cloned()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        // Lower is less restricted: privileged < baseline < restricted. The
        // reasons of a stricter level answer another question (what keeps it
        // from the next level), so a tightened workload is the other side's.
        if previous.is_some_and(|previous| workload.pod_security > previous.pod_security) {
            continue;
        }
        let loosened = match previous {
            Some(previous) => workload.pod_security < previous.pod_security,
            None => workload.pod_security < PodSecurityLevel::Restricted,
        };
        if !loosened && reasons.is_empty() {
            continue;
        }
        let (old_level, new_level) = (
            previous.map(|w| w.pod_security),
            Some(workload.pod_security),
        );
        let (from, to) = match direction {
            Direction::Added => (old_level, new_level),
            Direction::Removed => (new_level, old_level),
        };
        changes.push(PodSecurityChange {
            object: workload.object.clone(),
            from,
            to,
            reasons,
        });
    }
    changes.sort();
    changes
}

/// One thing a grant allows: a verb on one resource (or all names of it), or
/// on one non-resource URL.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Atom<'a> {
    subject: &'a str,
    scope: &'a str,
    target: Target<'a>,
    verb: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Target<'a> {
    Resource {
        group: &'a str,
        resource: &'a str,
        /// `None`: every object of the resource.
        name: Option<&'a str>,
    },
    Url(&'a str),
}

/// Everything one grant allows, atom by atom.
fn atoms(grant: &Grant) -> Vec<Atom<'_>> {
    let names: Vec<Option<&str>> = if grant.resource_names.is_empty() {
        vec![None]
    } else {
        grant
            .resource_names
            .iter()
            .map(|n| Some(n.as_str()))
            .collect()
    };
    let mut targets = Vec::new();
    for group in &grant.api_groups {
        for resource in &grant.resources {
            for name in &names {
                targets.push(Target::Resource {
                    group,
                    resource,
                    name: *name,
                });
            }
        }
    }
    targets.extend(grant.non_resource_urls.iter().map(|url| Target::Url(url)));
    let mut atoms = Vec::new();
    for target in targets {
        for verb in &grant.verbs {
            atoms.push(Atom {
                subject: &grant.subject,
                scope: &grant.scope,
                target: target.clone(),
                verb,
            });
        }
    }
    atoms
}

/// Whether `grant` allows `atom`, wildcards and cluster-wide scope included.
fn covers(grant: &Grant, atom: &Atom<'_>) -> bool {
    let any = |list: &[String], item: &str| list.iter().any(|x| x == "*" || x == item);
    if grant.subject != atom.subject
        || !(grant.scope == atom.scope || grant.is_cluster_wide())
        || !any(&grant.verbs, atom.verb)
    {
        return false;
    }
    match &atom.target {
        Target::Resource {
            group,
            resource,
            name,
        } => {
            any(&grant.api_groups, group)
                && any(&grant.resources, resource)
                && match name {
                    _ if grant.resource_names.is_empty() => true,
                    Some(name) => grant.resource_names.iter().any(|n| n == name),
                    None => false,
                }
        }
        Target::Url(url) => grant.non_resource_urls.iter().any(|pattern| {
            pattern == url
                || pattern
                    .strip_suffix('*')
                    .is_some_and(|prefix| url.starts_with(prefix))
        }),
    }
}

/// What the grants of `to` allow that no grant of `from` does, regrouped as
/// grants: per subject, scope and binding path, the resources of one API
/// group (or the URLs) that gained the same verbs share a row.
fn uncovered_grants(from: &[Grant], to: &[Grant]) -> Vec<Grant> {
    // First the uncovered verbs of each resource (or URL)...
    let mut verbs_of: BTreeMap<(Grant, Target<'_>), BTreeSet<&str>> = BTreeMap::new();
    for grant in to {
        let shape = Grant {
            verbs: Vec::new(),
            api_groups: Vec::new(),
            resources: Vec::new(),
            resource_names: Vec::new(),
            non_resource_urls: Vec::new(),
            ..grant.clone()
        };
        for atom in atoms(grant) {
            if !from.iter().any(|old| covers(old, &atom)) {
                verbs_of
                    .entry((shape.clone(), atom.target.clone()))
                    .or_default()
                    .insert(atom.verb);
            }
        }
    }
    // ...then one row per verb set, group and names.
    // (shape, verbs, API group or none for URLs, resource names) → resources or URLs.
    type Row<'a> = (Grant, Vec<String>, Option<&'a str>, Vec<String>);
    let mut rows: BTreeMap<Row<'_>, Vec<String>> = BTreeMap::new();
    for ((shape, target), verbs) in verbs_of {
        let verbs: Vec<String> = verbs.into_iter().map(str::to_string).collect();
        let (group, names, item) = match target {
            Target::Resource {
                group,
                resource,
                name,
            } => (
                Some(group),
                name.map(str::to_string).into_iter().collect(),
                resource,
            ),
            Target::Url(url) => (None, Vec::new(), url),
        };
        rows.entry((shape, verbs, group, names))
            .or_default()
            .push(item.to_string());
    }
    let mut grants: Vec<Grant> = rows
        .into_iter()
        .map(|((shape, verbs, group, names), items)| match group {
            Some(group) => Grant {
                api_groups: vec![group.to_string()],
                resources: items,
                resource_names: names,
                verbs,
                ..shape
            },
            None => Grant {
                non_resource_urls: items,
                verbs,
                ..shape
            },
        })
        .collect();
    grants.sort();
    grants
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::testing::{check, obj};
    use super::super::{Severity, images};
    use super::*;
    use crate::object::Object;

    fn role_binding(kind: &str, name: &str, role: &str, rules: serde_json::Value) -> Vec<Object> {
        let (role_kind, binding_kind, namespace) = match kind {
            "cluster" => ("ClusterRole", "ClusterRoleBinding", None),
            _ => ("Role", "RoleBinding", Some("shop")),
        };
        let metadata = |name: &str| match namespace {
            Some(ns) => json!({"name": name, "namespace": ns}),
            None => json!({"name": name}),
        };
        vec![
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": role_kind,
                "metadata": metadata(role), "rules": rules
            })),
            obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": binding_kind,
                "metadata": metadata(name),
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": role_kind, "name": role},
                "subjects": [{"kind": "ServiceAccount", "name": "app", "namespace": "shop"}]
            })),
        ]
    }

    fn deployment(container: serde_json::Value) -> Object {
        obj(json!({
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "app", "namespace": "shop"},
            "spec": {"template": {"spec": {"serviceAccountName": "app", "containers": [container]}}}
        }))
    }

    fn changes(before: &[Object], after: &[Object]) -> PermissionChanges {
        compare(
            3,
            (&check(before), &images(before)),
            (&check(after), &images(after)),
        )
    }

    #[test]
    fn identical_revisions_change_nothing() {
        let objects = role_binding(
            "ns",
            "app",
            "app",
            json!([{"apiGroups": [""], "resources": ["configmaps"], "verbs": ["get"]}]),
        );
        let result = changes(&objects, &objects);
        assert!(result.is_empty(), "{result:#?}");
        assert_eq!(result.compared_with, 3);
    }

    #[test]
    fn a_new_verb_is_listed_alone_and_a_renamed_binding_is_not_new() {
        let before = role_binding(
            "ns",
            "app",
            "app",
            json!([{"apiGroups": [""], "resources": ["configmaps", "secrets"], "verbs": ["get"]}]),
        );
        // Same rights through renamed objects, plus `list` on configmaps.
        let after = role_binding(
            "ns",
            "app-v2",
            "app-v2",
            json!([{"apiGroups": [""], "resources": ["configmaps"], "verbs": ["get", "list"]},
                   {"apiGroups": [""], "resources": ["secrets"], "verbs": ["get"]}]),
        );
        let result = changes(&before, &after);
        assert_eq!(result.added.grants.len(), 1, "{:#?}", result.added.grants);
        let grant = &result.added.grants[0];
        assert_eq!(grant.verbs, ["list"]);
        assert_eq!(grant.resources, ["configmaps"]);
        assert_eq!(grant.scope, "namespace/shop");
        assert_eq!(grant.via, ["RoleBinding/shop/app-v2", "Role/shop/app-v2"]);
        assert!(result.removed.grants.is_empty(), "{:#?}", result.removed);
    }

    #[test]
    fn wildcards_and_cluster_bindings_cover_narrower_grants() {
        let before = role_binding(
            "cluster",
            "app",
            "app",
            json!([{"apiGroups": ["*"], "resources": ["*"], "verbs": ["*"]}]),
        );
        let after = role_binding(
            "ns",
            "app",
            "app",
            json!([{"apiGroups": ["apps"], "resources": ["deployments"], "verbs": ["get", "patch"]}]),
        );
        let result = changes(&before, &after);
        assert!(result.added.grants.is_empty(), "{:#?}", result.added);
        // Going the other way, the wildcard is what is new.
        let back = changes(&after, &before);
        assert_eq!(back.added.grants.len(), 1);
        assert_eq!(back.added.grants[0].verbs, ["*"]);
        assert_eq!(back.added.grants[0].scope, "cluster");
        assert!(
            back.added
                .risks
                .iter()
                .any(|r| r.rule == "rbac-wildcard-verbs")
        );
        assert!(back.removed.grants.is_empty(), "{:#?}", back.removed.grants);
    }

    #[test]
    fn named_objects_are_narrower_than_all_objects() {
        let before = role_binding(
            "ns",
            "app",
            "app",
            json!([{"apiGroups": [""], "resources": ["secrets"], "resourceNames": ["db"], "verbs": ["get"]}]),
        );
        let after = role_binding(
            "ns",
            "app",
            "app",
            json!([{"apiGroups": [""], "resources": ["secrets"], "verbs": ["get"]}]),
        );
        let result = changes(&before, &after);
        assert_eq!(result.added.grants.len(), 1);
        assert!(result.added.grants[0].resource_names.is_empty());
        assert!(result.removed.grants.is_empty());
        let back = changes(&after, &before);
        assert!(back.added.grants.is_empty());
        assert_eq!(back.removed.grants[0].resources, ["secrets"]);
    }

    #[test]
    fn a_privileged_container_and_host_access_are_new_and_then_dropped() {
        let before = vec![deployment(json!({"name": "app", "image": "app:1"}))];
        let after = vec![deployment(json!({
            "name": "app", "image": "app:1", "securityContext": {"privileged": true}
        }))];
        let result = changes(&before, &after);
        assert_eq!(result.added.pod_security.len(), 1);
        let change = &result.added.pod_security[0];
        assert_eq!(change.object, "Deployment.apps/shop/app");
        assert_eq!(change.from, Some(PodSecurityLevel::Baseline));
        assert_eq!(change.to, Some(PodSecurityLevel::Privileged));
        assert!(change.reasons.iter().any(|r| r.contains("privileged")));
        assert!(
            result
                .added
                .risks
                .iter()
                .any(|r| r.rule == "pod-privileged" && r.severity == Severity::Critical)
        );
        // Rolled back: the same change, on the other side, levels in order.
        let back = changes(&after, &before);
        assert!(back.added.pod_security.is_empty(), "{:#?}", back.added);
        let dropped = &back.removed.pod_security[0];
        assert_eq!(dropped.from, Some(PodSecurityLevel::Privileged));
        assert_eq!(dropped.to, Some(PodSecurityLevel::Baseline));
        assert!(
            back.removed
                .risks
                .iter()
                .any(|r| r.rule == "pod-privileged")
        );
    }

    #[test]
    fn new_unpinned_images_cloud_identities_and_declared_permissions() {
        let pinned = "app@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
        let before = vec![deployment(json!({"name": "app", "image": pinned}))];
        let mut after = vec![deployment(json!({"name": "app", "image": "app:latest"}))];
        after.push(obj(json!({
            "apiVersion": "v1", "kind": "ServiceAccount",
            "metadata": {"name": "app", "namespace": "shop",
                         "annotations": {"eks.amazonaws.com/role-arn": "arn:aws:iam::1:role/s3"}}
        })));
        let declared = DeclaredPermission {
            provider: "aws".into(),
            description: "backups".into(),
            actions: vec!["s3:PutObject".into()],
        };
        let result = compare(
            1,
            (&check(&before), &images(&before)),
            (
                &super::super::analyze(&after, std::slice::from_ref(&declared)),
                &images(&after),
            ),
        );
        assert_eq!(result.added.unpinned_images, ["app:latest"]);
        // Another tag of an image already used by tag is not newly unpinned.
        let retagged = vec![deployment(json!({"name": "app", "image": "app:2"}))];
        let later = changes(&after, &retagged);
        assert!(later.added.unpinned_images.is_empty(), "{later:#?}");
        assert_eq!(
            Image::new("ghcr.io:443/x/y:1@sha256:ab").repository(),
            "ghcr.io:443/x/y"
        );
        assert_eq!(
            Image::new("localhost:5000/y").repository(),
            "localhost:5000/y"
        );
        assert_eq!(result.added.cloud.len(), 1);
        assert_eq!(result.added.cloud[0].identity, "arn:aws:iam::1:role/s3");
        assert_eq!(result.added.declared, [declared]);
        // Going back to the pinned image is not listed as a right given up.
        let back = compare(
            1,
            (&check(&after), &images(&after)),
            (&check(&before), &images(&before)),
        );
        assert!(back.added.unpinned_images.is_empty() && back.removed.unpinned_images.is_empty());
    }

    #[test]
    fn json_sections_are_left_out_when_empty() {
        let before = vec![deployment(json!({"name": "app", "image": "app:1"}))];
        let value = serde_json::to_value(changes(&before, &before)).unwrap();
        assert_eq!(
            value,
            json!({"comparedWith": 3, "added": {}, "removed": {}})
        );
        let round_trip: PermissionChanges = serde_json::from_value(value).unwrap();
        assert!(round_trip.is_empty());
    }
}
