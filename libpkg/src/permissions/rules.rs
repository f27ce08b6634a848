//! The risk rules: one table ([`rule_table`]) that names every finding the
//! preview can report, with its severity and a one-line reason, and the checks
//! that apply the RBAC rules to flattened grants.
//!
//! Each rule is a constant used both in the table and at the place that emits
//! it, so a risk cannot carry an id or severity the table (and the generated
//! docs) do not have. Workload rules are emitted by `workloads`, RBAC info
//! rules by `rbac`, and grant rules here.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use serde::Serialize;

use super::rbac::{BoundGrant, Grant, RBAC_GROUP};
use super::{Risk, Severity};

/// A kind of risk the preview reports: a row of the rule table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RiskRule {
    /// Stable kebab-case id, such as `rbac-cluster-admin`.
    pub id: &'static str,
    /// How serious every finding of this rule is.
    pub severity: Severity,
    /// Why it matters, in one line.
    pub summary: &'static str,
}

impl RiskRule {
    /// A finding of this rule on `object`.
    pub(crate) fn risk(&self, object: String, message: String) -> Risk {
        Risk {
            severity: self.severity,
            rule: self.id.to_string(),
            object,
            message,
        }
    }
}

const fn rule(id: &'static str, severity: Severity, summary: &'static str) -> RiskRule {
    RiskRule {
        id,
        severity,
        summary,
    }
}

use Severity::{Critical, High, Info, Medium};

pub(crate) const CLUSTER_ADMIN: RiskRule = rule(
    "rbac-cluster-admin",
    Critical,
    "Binds cluster-admin: full control of everything in scope, including granting it to others.",
);
pub(crate) const WILDCARD_VERBS: RiskRule = rule(
    "rbac-wildcard-verbs",
    Critical,
    "Grants every verb (*), including ones added in the future, such as escalate and impersonate.",
);
pub(crate) const WILDCARD_RESOURCES: RiskRule = rule(
    "rbac-wildcard-resources",
    Critical,
    "Grants access to every resource or API group (*), including Secrets and ones added in the future.",
);
pub(crate) const ESCALATE_BIND_IMPERSONATE: RiskRule = rule(
    "rbac-escalate-bind-impersonate",
    Critical,
    "Can escalate or bind roles, or impersonate users, groups or ServiceAccounts: a way around RBAC itself.",
);
pub(crate) const WRITE_RBAC: RiskRule = rule(
    "rbac-write-rbac",
    Critical,
    "Can change roles or role bindings, and so hand out permissions.",
);
pub(crate) const NODES_PROXY: RiskRule = rule(
    "rbac-nodes-proxy",
    Critical,
    "Can reach the kubelet API through nodes/proxy, which runs commands in any pod of the node unaudited.",
);
pub(crate) const APPROVE_CSR: RiskRule = rule(
    "rbac-approve-csr",
    Critical,
    "Can approve certificate signing requests, and so mint client certificates for any user or node.",
);
pub(crate) const CREATE_TOKEN: RiskRule = rule(
    "rbac-create-token",
    Critical,
    "Can create tokens for ServiceAccounts, and so act as any of them.",
);
pub(crate) const WRITE_WEBHOOKS: RiskRule = rule(
    "rbac-write-webhooks",
    Critical,
    "Can change admission webhooks or policies, which see, change or allow every API request.",
);
pub(crate) const WRITE_CRDS: RiskRule = rule(
    "rbac-write-crds",
    Critical,
    "Can create, change or delete CustomResourceDefinitions, and with them every custom resource of the cluster.",
);
pub(crate) const CLUSTER_CREATE_PODS: RiskRule = rule(
    "rbac-cluster-create-pods",
    Critical,
    "Can create pods in every namespace, and so run as any ServiceAccount and mount any Secret.",
);
pub(crate) const CLUSTER_POD_EXEC: RiskRule = rule(
    "rbac-cluster-pod-exec",
    Critical,
    "Can exec or attach into any pod of any namespace, and so act with each pod's identity and data.",
);
pub(crate) const CLUSTER_READ_SECRETS: RiskRule = rule(
    "rbac-cluster-read-secrets",
    High,
    "Can read Secrets in every namespace, including other applications' credentials and tokens.",
);
pub(crate) const CLUSTER_WRITE_SECRETS: RiskRule = rule(
    "rbac-cluster-write-secrets",
    High,
    "Can create or change Secrets in every namespace, including ServiceAccount token Secrets.",
);
pub(crate) const CLUSTER_WRITE_WORKLOADS: RiskRule = rule(
    "rbac-cluster-write-workloads",
    High,
    "Can create or change workloads in every namespace, and so run any code as any ServiceAccount.",
);
pub(crate) const POD_EXEC: RiskRule = rule(
    "rbac-pod-exec",
    High,
    "Can exec or attach into pods of a namespace, and so act with their identity and data.",
);
pub(crate) const READ_SECRETS: RiskRule = rule(
    "rbac-read-secrets",
    Medium,
    "Can read all Secrets of a namespace (or Secrets of given names in every namespace).",
);
pub(crate) const CREATE_PODS: RiskRule = rule(
    "rbac-create-pods",
    Medium,
    "Can create pods in a namespace, and so use every ServiceAccount and Secret of that namespace.",
);
pub(crate) const AGGREGATED_ROLE: RiskRule = rule(
    "rbac-aggregated-role",
    Info,
    "ClusterRole rules are aggregated at runtime by label selector; the preview only sees the package's rules.",
);
pub(crate) const EXTENDS_BUILTIN_ROLE: RiskRule = rule(
    "rbac-extends-builtin-role",
    Info,
    "ClusterRole adds its rules to the built-in admin, edit or view role, for everyone bound to it.",
);
pub(crate) const UNKNOWN_ROLE: RiskRule = rule(
    "rbac-unknown-role",
    Info,
    "Binds a role that is neither in the package nor built in; what it grants is unknown to the preview.",
);
pub(crate) const POD_PRIVILEGED: RiskRule = rule(
    "pod-privileged",
    Critical,
    "Runs a privileged (or Windows HostProcess) container: full access to the node and its other pods.",
);
pub(crate) const POD_HOST_NAMESPACES: RiskRule = rule(
    "pod-host-namespaces",
    High,
    "Shares the node's network, process or IPC namespace, seeing and reaching what the node does.",
);
pub(crate) const POD_HOST_PATH: RiskRule = rule(
    "pod-host-path",
    High,
    "Mounts a directory of the node (hostPath), which can expose node credentials or the container runtime.",
);
pub(crate) const POD_ADDED_CAPABILITIES: RiskRule = rule(
    "pod-added-capabilities",
    High,
    "Adds Linux capabilities beyond the baseline set (such as SYS_ADMIN or NET_ADMIN), widening what root can do.",
);

pub(crate) const OUTSIDE_NAMESPACE: RiskRule = rule(
    "namespace-undeclared",
    Medium,
    "Writes an object into a namespace other than the release's that the package does not declare (a chart from elsewhere may, as Helm allows).",
);

/// Every rule, in the order the docs list them.
static RULES: [RiskRule; 26] = [
    CLUSTER_ADMIN,
    WILDCARD_VERBS,
    WILDCARD_RESOURCES,
    ESCALATE_BIND_IMPERSONATE,
    WRITE_RBAC,
    NODES_PROXY,
    APPROVE_CSR,
    CREATE_TOKEN,
    WRITE_WEBHOOKS,
    WRITE_CRDS,
    CLUSTER_CREATE_PODS,
    CLUSTER_POD_EXEC,
    CLUSTER_READ_SECRETS,
    CLUSTER_WRITE_SECRETS,
    CLUSTER_WRITE_WORKLOADS,
    POD_EXEC,
    READ_SECRETS,
    CREATE_PODS,
    AGGREGATED_ROLE,
    EXTENDS_BUILTIN_ROLE,
    UNKNOWN_ROLE,
    POD_PRIVILEGED,
    POD_HOST_NAMESPACES,
    POD_HOST_PATH,
    POD_ADDED_CAPABILITIES,
    OUTSIDE_NAMESPACE,
];

/// The one table of risk rules; the docs are generated from it.
pub fn rule_table() -> &'static [RiskRule] {
    &RULES
}

/// The rule id closest to `id` (a typo or two away), for "did you mean";
/// `None` when no rule is that close, or `id` is one.
pub fn closest_rule(id: &str) -> Option<&'static str> {
    let limit = 2.max(id.len() / 4);
    RULES
        .iter()
        .map(|rule| (strsim::levenshtein(id, rule.id), rule.id))
        .filter(|(distance, _)| (1..=limit).contains(distance))
        .min()
        .map(|(_, rule)| rule)
}

const WRITE: &[&str] = &["create", "update", "patch", "delete", "deletecollection"];
const READ: &[&str] = &["get", "list", "watch"];
const MODIFY: &[&str] = &["create", "update", "patch"];

/// What a rule looks for: verbs on resources of one API group.
struct Target {
    group: &'static str,
    resources: &'static [&'static str],
    /// Empty means any verb.
    verbs: &'static [&'static str],
    /// Cluster-scoped resources are only reachable through a ClusterRoleBinding.
    cluster_scoped: bool,
}

const fn target(
    group: &'static str,
    resources: &'static [&'static str],
    verbs: &'static [&'static str],
    cluster_scoped: bool,
) -> Target {
    Target {
        group,
        resources,
        verbs,
        cluster_scoped,
    }
}

/// Whether an RBAC list covers `wanted`, `*` covering anything.
fn covers(list: &[String], wanted: &str) -> bool {
    list.iter().any(|item| item == "*" || item == wanted)
}

/// Whether RBAC resources cover `wanted` (`pods` or `pods/exec`), with `*`
/// and `*/<subresource>` as the authorizer matches them.
fn covers_resource(list: &[String], wanted: &str) -> bool {
    let subresource = wanted.split_once('/').map(|(_, sub)| sub);
    list.iter().any(|item| {
        item == "*"
            || item == wanted
            || subresource.is_some_and(|sub| item.strip_prefix("*/") == Some(sub))
    })
}

/// What of `target` a grant allows: the verbs and resources, or `None`.
fn allowed(grant: &Grant, target: &Target) -> Option<(Vec<String>, Vec<&'static str>)> {
    if grant.resources.is_empty()
        || (target.cluster_scoped && !grant.is_cluster_wide())
        || !covers(&grant.api_groups, target.group)
    {
        return None;
    }
    let verbs: Vec<String> = if target.verbs.is_empty() {
        grant.verbs.clone()
    } else {
        target
            .verbs
            .iter()
            .filter(|verb| covers(&grant.verbs, verb))
            .map(|verb| verb.to_string())
            .collect()
    };
    let resources: Vec<&'static str> = target
        .resources
        .iter()
        .copied()
        .filter(|resource| covers_resource(&grant.resources, resource))
        .collect();
    (!verbs.is_empty() && !resources.is_empty()).then_some((verbs, resources))
}

/// "in every namespace", "cluster-wide" or "in namespace x", for a grant's scope.
fn place(scope: &str, cluster_scoped: bool) -> String {
    match scope.strip_prefix("namespace/") {
        Some(namespace) => format!("in namespace {namespace}"),
        None if cluster_scoped => "cluster-wide".to_string(),
        None => "in every namespace".to_string(),
    }
}

fn names_suffix(resource_names: &[String]) -> String {
    if resource_names.is_empty() {
        String::new()
    } else {
        format!(" (only {})", resource_names.join(", "))
    }
}

/// What of a rule's targets a grant (or several grants of one subject through
/// one binding) allows.
struct Finding {
    verbs: Vec<String>,
    resources: Vec<&'static str>,
    /// Whether any allowed resource is cluster-scoped.
    cluster_scoped: bool,
}

impl Finding {
    fn merge(&mut self, other: Finding) {
        for verb in other.verbs {
            if !self.verbs.contains(&verb) {
                self.verbs.push(verb);
            }
        }
        for resource in other.resources {
            if !self.resources.contains(&resource) {
                self.resources.push(resource);
            }
        }
        self.cluster_scoped |= other.cluster_scoped;
    }
}

/// Checks `targets` against a grant.
fn check(grant: &Grant, targets: &[Target]) -> Option<Finding> {
    let mut finding: Option<Finding> = None;
    for target in targets {
        if let Some((verbs, resources)) = allowed(grant, target) {
            let found = Finding {
                verbs,
                resources,
                cluster_scoped: target.cluster_scoped,
            };
            match &mut finding {
                Some(existing) => existing.merge(found),
                None => finding = Some(found),
            }
        }
    }
    finding
}

/// Findings of one rule for one subject through one binding, in one scope and
/// for the same resource names, are reported together.
type FindingKey = (&'static str, String, String, String, Vec<String>);

/// What a grant's rule is about, in words: `configmaps`, `all resources in all
/// API groups`, `non-resource URLs /metrics`.
fn describe_what(grant: &Grant) -> String {
    if grant.resources.is_empty() {
        return format!("non-resource URLs {}", grant.non_resource_urls.join(", "));
    }
    let resources = if grant.resources.iter().any(|r| r == "*") {
        "all resources".to_string()
    } else {
        grant.resources.join(", ")
    };
    let groups = if grant.api_groups.iter().any(|g| g == "*") {
        " in all API groups".to_string()
    } else if grant.api_groups.iter().all(String::is_empty) {
        String::new()
    } else {
        let groups: Vec<&str> = grant
            .api_groups
            .iter()
            .map(|g| if g.is_empty() { "core" } else { g.as_str() })
            .collect();
        format!(" in {}", groups.join(", "))
    };
    format!("{resources}{groups}")
}

fn describe_verbs(grant: &Grant) -> String {
    if grant.verbs.iter().any(|v| v == "*") {
        "use every verb (*) on".to_string()
    } else {
        grant.verbs.join("/")
    }
}

/// The risks of the grants, by the RBAC rules of the table.
pub(crate) fn grant_risks(bound: &[BoundGrant]) -> Vec<Risk> {
    let mut risks = Vec::new();
    let mut findings: BTreeMap<FindingKey, (RiskRule, Finding)> = BTreeMap::new();
    for BoundGrant { binding, grant } in bound {
        let mut emit = |rule: &RiskRule, message: String| {
            risks.push(rule.risk(binding.clone(), message));
        };
        let mut found = |rule: &RiskRule, finding: Option<Finding>| {
            let Some(finding) = finding else { return };
            let key = (
                rule.id,
                binding.clone(),
                grant.subject.clone(),
                grant.scope.clone(),
                grant.resource_names.clone(),
            );
            match findings.entry(key) {
                Entry::Occupied(mut entry) => entry.get_mut().1.merge(finding),
                Entry::Vacant(entry) => {
                    entry.insert((*rule, finding));
                }
            }
        };
        let cluster = grant.is_cluster_wide();

        if grant.via.get(1).map(String::as_str) == Some("ClusterRole/cluster-admin") {
            let reach = match grant.namespace() {
                Some(namespace) => format!("namespace {namespace}"),
                None => "the whole cluster".to_string(),
            };
            emit(
                &CLUSTER_ADMIN,
                format!(
                    "{} is bound to cluster-admin: full control of {reach}",
                    grant.subject
                ),
            );
        }

        let everything = format!(
            "{} can {} {} {}{}",
            grant.subject,
            describe_verbs(grant),
            describe_what(grant),
            place(&grant.scope, grant.resources.is_empty()),
            names_suffix(&grant.resource_names)
        );
        if grant.verbs.iter().any(|v| v == "*") {
            emit(&WILDCARD_VERBS, everything.clone());
        }
        if !grant.resources.is_empty()
            && (grant.resources.iter().any(|r| r == "*")
                || grant.api_groups.iter().any(|g| g == "*"))
        {
            emit(&WILDCARD_RESOURCES, everything);
        }

        found(
            &ESCALATE_BIND_IMPERSONATE,
            check(
                grant,
                &[
                    target(
                        RBAC_GROUP,
                        &["roles", "clusterroles"],
                        &["escalate", "bind"],
                        false,
                    ),
                    target("", &["serviceaccounts"], &["impersonate"], false),
                    target("", &["users", "groups"], &["impersonate"], true),
                ],
            ),
        );
        found(
            &WRITE_RBAC,
            check(
                grant,
                &[
                    target(RBAC_GROUP, &["roles", "rolebindings"], WRITE, false),
                    target(
                        RBAC_GROUP,
                        &["clusterroles", "clusterrolebindings"],
                        WRITE,
                        true,
                    ),
                ],
            ),
        );
        found(
            &NODES_PROXY,
            check(grant, &[target("", &["nodes/proxy"], &[], true)]),
        );
        found(
            &APPROVE_CSR,
            check(
                grant,
                &[
                    target(
                        "certificates.k8s.io",
                        &["certificatesigningrequests/approval"],
                        &["update", "patch"],
                        true,
                    ),
                    target("certificates.k8s.io", &["signers"], &["approve"], true),
                ],
            ),
        );
        found(
            &CREATE_TOKEN,
            check(
                grant,
                &[target("", &["serviceaccounts/token"], &["create"], false)],
            ),
        );
        found(
            &WRITE_WEBHOOKS,
            check(
                grant,
                &[target(
                    "admissionregistration.k8s.io",
                    &[
                        "mutatingwebhookconfigurations",
                        "validatingwebhookconfigurations",
                        "mutatingadmissionpolicies",
                        "mutatingadmissionpolicybindings",
                        "validatingadmissionpolicies",
                        "validatingadmissionpolicybindings",
                    ],
                    WRITE,
                    true,
                )],
            ),
        );
        found(
            &WRITE_CRDS,
            check(
                grant,
                &[target(
                    "apiextensions.k8s.io",
                    &["customresourcedefinitions"],
                    WRITE,
                    true,
                )],
            ),
        );

        let pods = [target("", &["pods"], &["create"], false)];
        let exec = [target(
            "",
            &["pods/exec", "pods/attach"],
            &["create"],
            false,
        )];
        let (pods_rule, exec_rule) = if cluster {
            (&CLUSTER_CREATE_PODS, &CLUSTER_POD_EXEC)
        } else {
            (&CREATE_PODS, &POD_EXEC)
        };
        found(pods_rule, check(grant, &pods));
        found(exec_rule, check(grant, &exec));

        let secrets_read = check(grant, &[target("", &["secrets"], READ, false)]);
        if cluster && grant.resource_names.is_empty() {
            found(&CLUSTER_READ_SECRETS, secrets_read);
        } else if cluster || grant.resource_names.is_empty() {
            found(&READ_SECRETS, secrets_read);
        }
        if cluster {
            found(
                &CLUSTER_WRITE_SECRETS,
                check(grant, &[target("", &["secrets"], MODIFY, false)]),
            );
            found(
                &CLUSTER_WRITE_WORKLOADS,
                check(
                    grant,
                    &[
                        target(
                            "apps",
                            &["deployments", "daemonsets", "statefulsets", "replicasets"],
                            MODIFY,
                            false,
                        ),
                        target("batch", &["jobs", "cronjobs"], MODIFY, false),
                        target("", &["replicationcontrollers"], MODIFY, false),
                    ],
                ),
            );
        }
    }
    for ((_, binding, subject, scope, names), (rule, mut finding)) in findings {
        finding.resources.sort_unstable();
        risks.push(rule.risk(
            binding,
            format!(
                "{subject} can {} {} {}{}",
                finding.verbs.join("/"),
                finding.resources.join(", "),
                place(&scope, finding.cluster_scoped),
                names_suffix(&names)
            ),
        ));
    }
    risks
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_mistyped_rule_id_has_the_closest_rule_as_suggestion() {
        let id = super::RULES[0].id;
        let typo = format!("{}x", &id[..id.len() - 1]);
        assert_eq!(super::closest_rule(&typo), Some(id));
        assert_eq!(super::closest_rule(id), None, "a rule id is no typo");
        assert_eq!(super::closest_rule("nothing-like-any-rule-at-all"), None);
    }

    use std::collections::BTreeSet;

    use serde_json::{Value, json};

    use super::super::testing::{check, deployment, granting, has, obj};
    use super::*;
    use crate::object::Object;

    #[test]
    fn ids_are_unique_kebab_case_and_summarized() {
        let mut ids = BTreeSet::new();
        for rule in rule_table() {
            assert!(ids.insert(rule.id), "duplicate id {}", rule.id);
            assert!(
                rule.id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{} is not kebab-case",
                rule.id
            );
            assert!(!rule.summary.is_empty() && !rule.summary.contains('\n'));
        }
        assert_eq!(
            serde_json::to_value(rule_table()[0]).unwrap(),
            json!({"id": "rbac-cluster-admin", "severity": "critical",
                   "summary": CLUSTER_ADMIN.summary})
        );
    }

    fn rbac(
        namespace: Option<&str>,
        group: &str,
        resources: &[&str],
        verbs: &[&str],
    ) -> Vec<Object> {
        granting(
            namespace,
            json!([{"apiGroups": [group], "resources": resources, "verbs": verbs}]),
        )
    }

    fn cluster(group: &str, resources: &[&str], verbs: &[&str]) -> Vec<Object> {
        rbac(None, group, resources, verbs)
    }

    fn namespaced(group: &str, resources: &[&str], verbs: &[&str]) -> Vec<Object> {
        rbac(Some("ops"), group, resources, verbs)
    }

    fn pod(spec: Value) -> Vec<Object> {
        vec![deployment(spec)]
    }

    fn container(security_context: Value) -> Value {
        json!({"containers": [{"name": "c", "image": "x", "securityContext": security_context}]})
    }

    /// (rule id, package, whether the rule must trigger). Every rule of the
    /// table has at least one case that triggers it.
    fn cases() -> Vec<(&'static str, Vec<Object>, bool)> {
        let binding_to = |role: &str| {
            vec![obj(json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
                "metadata": {"name": "b", "namespace": "ops"},
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": role},
                "subjects": [{"kind": "User", "name": "jane"}]
            }))]
        };
        vec![
            ("rbac-cluster-admin", binding_to("cluster-admin"), true),
            ("rbac-cluster-admin", binding_to("admin"), false),
            ("rbac-cluster-admin", cluster("", &["pods"], &["*"]), false),
            (
                "rbac-wildcard-verbs",
                namespaced("", &["configmaps"], &["*"]),
                true,
            ),
            (
                "rbac-wildcard-verbs",
                cluster("", &["configmaps"], &["get", "list"]),
                false,
            ),
            (
                "rbac-wildcard-resources",
                namespaced("", &["*"], &["get"]),
                true,
            ),
            (
                "rbac-wildcard-resources",
                namespaced("*", &["configmaps"], &["get"]),
                true,
            ),
            (
                "rbac-wildcard-resources",
                cluster("apps", &["deployments", "deployments/scale"], &["get"]),
                false,
            ),
            (
                "rbac-escalate-bind-impersonate",
                cluster(RBAC_GROUP, &["clusterroles"], &["bind"]),
                true,
            ),
            (
                "rbac-escalate-bind-impersonate",
                namespaced(RBAC_GROUP, &["roles"], &["escalate"]),
                true,
            ),
            (
                "rbac-escalate-bind-impersonate",
                cluster("", &["users", "groups"], &["impersonate"]),
                true,
            ),
            (
                "rbac-escalate-bind-impersonate",
                namespaced("", &["serviceaccounts"], &["impersonate"]),
                true,
            ),
            // Users are cluster-scoped: a RoleBinding cannot grant impersonating them.
            (
                "rbac-escalate-bind-impersonate",
                namespaced("", &["users"], &["impersonate"]),
                false,
            ),
            (
                "rbac-escalate-bind-impersonate",
                cluster(RBAC_GROUP, &["roles"], &["get", "list"]),
                false,
            ),
            (
                "rbac-escalate-bind-impersonate",
                cluster("", &["configmaps"], &["*"]),
                false,
            ),
            (
                "rbac-write-rbac",
                namespaced(RBAC_GROUP, &["rolebindings"], &["create"]),
                true,
            ),
            (
                "rbac-write-rbac",
                cluster(RBAC_GROUP, &["clusterroles"], &["patch"]),
                true,
            ),
            (
                "rbac-write-rbac",
                cluster(RBAC_GROUP, &["*"], &["delete"]),
                true,
            ),
            (
                "rbac-write-rbac",
                cluster(
                    RBAC_GROUP,
                    &["roles", "clusterroles"],
                    &["get", "list", "watch"],
                ),
                false,
            ),
            (
                "rbac-write-rbac",
                namespaced(RBAC_GROUP, &["clusterrolebindings"], &["create"]),
                false,
            ),
            (
                "rbac-write-rbac",
                cluster("", &["roles"], &["create"]),
                false,
            ),
            (
                "rbac-nodes-proxy",
                cluster("", &["nodes/proxy"], &["get"]),
                true,
            ),
            (
                "rbac-nodes-proxy",
                cluster("", &["*/proxy"], &["get"]),
                true,
            ),
            (
                "rbac-nodes-proxy",
                cluster("", &["nodes", "nodes/status"], &["get"]),
                false,
            ),
            (
                "rbac-approve-csr",
                cluster(
                    "certificates.k8s.io",
                    &["certificatesigningrequests/approval"],
                    &["update"],
                ),
                true,
            ),
            (
                "rbac-approve-csr",
                cluster("certificates.k8s.io", &["signers"], &["approve"]),
                true,
            ),
            (
                "rbac-approve-csr",
                cluster(
                    "certificates.k8s.io",
                    &["certificatesigningrequests"],
                    &["create", "get"],
                ),
                false,
            ),
            (
                "rbac-create-token",
                namespaced("", &["serviceaccounts/token"], &["create"]),
                true,
            ),
            (
                "rbac-create-token",
                cluster("", &["serviceaccounts"], &["create", "get"]),
                false,
            ),
            (
                "rbac-write-webhooks",
                cluster(
                    "admissionregistration.k8s.io",
                    &["mutatingwebhookconfigurations"],
                    &["patch"],
                ),
                true,
            ),
            (
                "rbac-write-webhooks",
                cluster(
                    "admissionregistration.k8s.io",
                    &["validatingwebhookconfigurations"],
                    &["list", "watch"],
                ),
                false,
            ),
            (
                "rbac-write-crds",
                cluster(
                    "apiextensions.k8s.io",
                    &["customresourcedefinitions"],
                    &["create"],
                ),
                true,
            ),
            (
                "rbac-write-crds",
                cluster(
                    "apiextensions.k8s.io",
                    &["customresourcedefinitions"],
                    &["get", "list"],
                ),
                false,
            ),
            (
                "rbac-cluster-create-pods",
                cluster("", &["pods"], &["create"]),
                true,
            ),
            (
                "rbac-cluster-create-pods",
                namespaced("", &["pods"], &["create"]),
                false,
            ),
            (
                "rbac-cluster-create-pods",
                cluster("", &["configmaps"], &["create"]),
                false,
            ),
            (
                "rbac-cluster-create-pods",
                cluster("", &["pods"], &["get", "list", "delete"]),
                false,
            ),
            (
                "rbac-cluster-pod-exec",
                cluster("", &["pods/exec"], &["create"]),
                true,
            ),
            (
                "rbac-cluster-pod-exec",
                cluster("", &["pods/attach"], &["create"]),
                true,
            ),
            (
                "rbac-cluster-pod-exec",
                namespaced("", &["pods/exec"], &["create"]),
                false,
            ),
            (
                "rbac-cluster-pod-exec",
                cluster("", &["pods", "pods/log"], &["get", "create"]),
                false,
            ),
            (
                "rbac-cluster-read-secrets",
                cluster("", &["secrets"], &["list"]),
                true,
            ),
            (
                "rbac-cluster-read-secrets",
                namespaced("", &["secrets"], &["get", "list"]),
                false,
            ),
            (
                "rbac-cluster-read-secrets",
                cluster("", &["configmaps"], &["get", "list", "watch"]),
                false,
            ),
            (
                "rbac-cluster-write-secrets",
                cluster("", &["secrets"], &["create"]),
                true,
            ),
            (
                "rbac-cluster-write-secrets",
                namespaced("", &["secrets"], &["create", "update"]),
                false,
            ),
            (
                "rbac-cluster-write-workloads",
                cluster("apps", &["deployments"], &["patch"]),
                true,
            ),
            (
                "rbac-cluster-write-workloads",
                cluster("batch", &["cronjobs"], &["create"]),
                true,
            ),
            (
                "rbac-cluster-write-workloads",
                cluster("apps", &["deployments"], &["get", "list", "watch"]),
                false,
            ),
            (
                "rbac-cluster-write-workloads",
                namespaced(
                    "apps",
                    &["deployments", "statefulsets"],
                    &["create", "update", "patch"],
                ),
                false,
            ),
            (
                "rbac-pod-exec",
                namespaced("", &["pods/exec"], &["create"]),
                true,
            ),
            (
                "rbac-pod-exec",
                cluster("", &["pods/exec"], &["create"]),
                false,
            ),
            (
                "rbac-pod-exec",
                namespaced("", &["pods/log"], &["get"]),
                false,
            ),
            (
                "rbac-read-secrets",
                namespaced("", &["secrets"], &["get"]),
                true,
            ),
            (
                "rbac-read-secrets",
                cluster("", &["secrets"], &["list"]),
                false,
            ),
            (
                "rbac-read-secrets",
                namespaced("", &["configmaps"], &["get", "list"]),
                false,
            ),
            (
                "rbac-create-pods",
                namespaced("", &["pods"], &["create"]),
                true,
            ),
            (
                "rbac-create-pods",
                namespaced("", &["configmaps"], &["create"]),
                false,
            ),
            (
                "rbac-create-pods",
                cluster("", &["pods"], &["create"]),
                false,
            ),
            (
                "rbac-aggregated-role",
                vec![obj(json!({
                    "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                    "metadata": {"name": "agg"},
                    "aggregationRule": {"clusterRoleSelectors": [{"matchLabels": {"a": "b"}}]}
                }))],
                true,
            ),
            (
                "rbac-aggregated-role",
                cluster("", &["pods"], &["get"]),
                false,
            ),
            (
                "rbac-extends-builtin-role",
                vec![obj(json!({
                    "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                    "metadata": {"name": "x", "labels": {"rbac.authorization.k8s.io/aggregate-to-edit": "true"}},
                    "rules": []
                }))],
                true,
            ),
            (
                "rbac-extends-builtin-role",
                vec![obj(json!({
                    "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                    "metadata": {"name": "x", "labels": {"rbac.authorization.k8s.io/aggregate-to-edit": "false"}},
                    "rules": []
                }))],
                false,
            ),
            ("rbac-unknown-role", binding_to("some-operator"), true),
            ("rbac-unknown-role", binding_to("view"), false),
            (
                "pod-privileged",
                pod(container(json!({"privileged": true}))),
                true,
            ),
            (
                "pod-privileged",
                pod(
                    json!({"securityContext": {"windowsOptions": {"hostProcess": true}},
                                         "hostNetwork": true, "containers": [{"name": "c", "image": "x"}]}),
                ),
                true,
            ),
            (
                "pod-privileged",
                pod(container(json!({"privileged": false, "runAsUser": 0}))),
                false,
            ),
            (
                "pod-host-namespaces",
                pod(json!({"hostPID": true, "containers": [{"name": "c", "image": "x"}]})),
                true,
            ),
            (
                "pod-host-namespaces",
                pod(json!({"hostNetwork": false, "containers": [{"name": "c", "image": "x"}]})),
                false,
            ),
            (
                "pod-host-path",
                pod(json!({"containers": [{"name": "c", "image": "x"}],
                                         "volumes": [{"name": "sock", "hostPath": {"path": "/var/run"}}]})),
                true,
            ),
            (
                "pod-host-path",
                pod(json!({"containers": [{"name": "c", "image": "x"}],
                                         "volumes": [{"name": "data", "emptyDir": {}}]})),
                false,
            ),
            (
                "pod-added-capabilities",
                pod(container(json!({"capabilities": {"add": ["SYS_ADMIN"]}}))),
                true,
            ),
            (
                "pod-added-capabilities",
                pod(container(
                    json!({"capabilities": {"add": ["CAP_NET_ADMIN"]}}),
                )),
                true,
            ),
            (
                "pod-added-capabilities",
                pod(container(
                    json!({"capabilities": {"add": ["NET_BIND_SERVICE", "CHOWN"]}}),
                )),
                false,
            ),
            // Running as root with escalation allowed is a workload reason, not a risk.
            (
                "pod-added-capabilities",
                pod(container(
                    json!({"runAsUser": 0, "allowPrivilegeEscalation": true}),
                )),
                false,
            ),
        ]
    }

    #[test]
    fn every_rule_triggers_on_its_cases_and_not_on_others() {
        let mut triggered = BTreeSet::new();
        for (index, (id, objects, expected)) in cases().into_iter().enumerate() {
            assert!(
                rule_table().iter().any(|rule| rule.id == id),
                "case {index}: unknown rule {id}"
            );
            let permissions = check(&objects);
            assert_eq!(
                has(&permissions, id),
                expected,
                "case {index} ({id}): risks {:#?}",
                permissions.risks
            );
            if expected {
                triggered.insert(id);
            }
        }
        // Found from the package's declared namespaces, not the objects alone:
        // permissions::tests::undeclared_namespaces_are_findings covers it.
        triggered.insert(OUTSIDE_NAMESPACE.id);
        let table: BTreeSet<&str> = rule_table().iter().map(|rule| rule.id).collect();
        assert_eq!(triggered, table, "every rule needs a triggering case");
    }

    #[test]
    fn noisy_but_harmless_pods_are_not_risks() {
        let permissions = check(&pod(container(
            json!({"runAsUser": 0, "allowPrivilegeEscalation": true}),
        )));
        assert!(permissions.risks.is_empty(), "{:?}", permissions.risks);
        assert!(!permissions.workloads[0].reasons.is_empty());
    }

    fn messages(objects: &[Object], rule: &str) -> Vec<String> {
        check(objects)
            .risks
            .into_iter()
            .filter(|risk| risk.rule == rule)
            .map(|risk| risk.message)
            .collect()
    }

    #[test]
    fn messages_name_the_subject_and_what_it_can_do() {
        assert_eq!(
            messages(
                &cluster("", &["pods/exec"], &["create", "get"]),
                "rbac-cluster-pod-exec"
            ),
            ["ServiceAccount/ops/op can create pods/exec in every namespace"]
        );
        assert_eq!(
            messages(
                &cluster("", &["*"], &["get", "list"]),
                "rbac-cluster-read-secrets"
            ),
            ["ServiceAccount/ops/op can get/list secrets in every namespace"]
        );
        assert_eq!(
            messages(
                &cluster("", &["*"], &["get", "list"]),
                "rbac-wildcard-resources"
            ),
            ["ServiceAccount/ops/op can get/list all resources in every namespace"]
        );
        assert_eq!(
            messages(&cluster(RBAC_GROUP, &["*"], &["*"]), "rbac-write-rbac"),
            [
                "ServiceAccount/ops/op can create/update/patch/delete/deletecollection \
                 clusterrolebindings, clusterroles, rolebindings, roles cluster-wide"
            ]
        );
        assert_eq!(
            messages(
                &namespaced(RBAC_GROUP, &["*"], &["create"]),
                "rbac-write-rbac"
            ),
            ["ServiceAccount/ops/op can create rolebindings, roles in namespace ops"]
        );
        assert_eq!(
            messages(
                &cluster(
                    "apiextensions.k8s.io",
                    &["customresourcedefinitions"],
                    &["update"]
                ),
                "rbac-write-crds"
            ),
            ["ServiceAccount/ops/op can update customresourcedefinitions cluster-wide"]
        );
        // One row per rule, subject and binding, even across many rules of a role.
        let edit = vec![obj(json!({
            "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
            "metadata": {"name": "b"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "edit"},
            "subjects": [{"kind": "ServiceAccount", "name": "op", "namespace": "ops"}]
        }))];
        assert_eq!(
            messages(&edit, "rbac-cluster-write-workloads"),
            [
                "ServiceAccount/ops/op can create/update/patch cronjobs, daemonsets, deployments, \
              jobs, replicasets, replicationcontrollers, statefulsets in every namespace"
            ]
        );
        assert_eq!(
            messages(&edit, "rbac-cluster-pod-exec"),
            ["ServiceAccount/ops/op can create pods/attach, pods/exec in every namespace"]
        );
        let proxy = granting(
            None,
            json!([
                {"apiGroups": [""], "resources": ["nodes/proxy"], "verbs": ["get"]},
                {"apiGroups": [""], "resources": ["*"], "verbs": ["list", "watch"]}
            ]),
        );
        assert_eq!(
            messages(&proxy, "rbac-nodes-proxy"),
            ["ServiceAccount/ops/op can get/list/watch nodes/proxy cluster-wide"]
        );
        let named = granting(
            None,
            json!([{"apiGroups": [""], "resources": ["secrets"], "resourceNames": ["tls"], "verbs": ["get"]}]),
        );
        assert_eq!(
            messages(&named, "rbac-read-secrets"),
            ["ServiceAccount/ops/op can get secrets in every namespace (only tls)"]
        );
        assert!(messages(&named, "rbac-cluster-read-secrets").is_empty());
        let one_secret = granting(
            Some("ops"),
            json!([{"apiGroups": [""], "resources": ["secrets"], "resourceNames": ["tls"], "verbs": ["get"]}]),
        );
        assert!(check(&one_secret).risks.is_empty());
        let urls = granting(None, json!([{"nonResourceURLs": ["*"], "verbs": ["*"]}]));
        assert_eq!(
            messages(&urls, "rbac-wildcard-verbs"),
            ["ServiceAccount/ops/op can use every verb (*) on non-resource URLs * cluster-wide"]
        );
        assert!(messages(&urls, "rbac-wildcard-resources").is_empty());
    }

    #[test]
    fn rbac_matching_follows_the_authorizer() {
        let list = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(covers_resource(&list(&["*"]), "pods/exec"));
        assert!(covers_resource(&list(&["*/exec"]), "pods/exec"));
        assert!(!covers_resource(&list(&["pods"]), "pods/exec"));
        assert!(!covers_resource(&list(&["pods/*"]), "pods/exec"));
        assert!(!covers_resource(&list(&["*/exec"]), "pods"));
        assert!(covers(&list(&["get", "*"]), "escalate"));
        assert!(!covers(&list(&["get"]), "list"));
    }
}
