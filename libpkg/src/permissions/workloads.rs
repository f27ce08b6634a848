//! Workloads: every pod template of the package, with the identity it runs as
//! and the Pod Security Standards level it meets.
//!
//! RBAC says what a ServiceAccount may do through the API; the pod spec says
//! what a container may do on its node. The checks here are the baseline and
//! restricted profiles of the Pod Security Standards, as the Pod Security
//! admission controller applies them, so the level shown is the one a
//! namespace enforcing that level would accept. The worst node-level settings
//! are also reported as risks.

use std::collections::BTreeMap;

use crate::manifest::{Manifest, Map};
use serde::{Deserialize, Serialize};

use super::rules::{POD_ADDED_CAPABILITIES, POD_HOST_NAMESPACES, POD_HOST_PATH, POD_PRIVILEGED};
use super::{Risk, service_account, strings};
use crate::object::Object;

/// A pod template and how it runs.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Workload {
    /// The object holding the template, as `Kind.group/namespace/name`.
    pub object: String,
    /// The pod's identity, as `ServiceAccount/<ns>/<name>`.
    pub service_account: String,
    /// Whether the ServiceAccount token is mounted into the containers.
    pub mounts_token: bool,
    /// The most restrictive Pod Security Standards level the template meets.
    pub pod_security: PodSecurityLevel,
    /// Why it does not meet the next level: baseline failures for
    /// `privileged`, restricted failures for `baseline`, none for `restricted`.
    pub reasons: Vec<String>,
}

/// A Pod Security Standards level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PodSecurityLevel {
    /// Fails baseline: known privilege escalations are possible.
    Privileged,
    /// Meets baseline, not restricted.
    Baseline,
    /// Meets restricted, the hardened profile.
    Restricted,
}

/// A pod template: its annotations and its pod spec.
pub(crate) struct PodTemplate<'a> {
    /// `metadata.annotations` of the template.
    pub annotations: Option<&'a Map>,
    /// The pod spec.
    pub spec: &'a Manifest,
}

/// The pod template of a workload object, if it is one.
pub(crate) fn pod_template(object: &Object) -> Option<PodTemplate<'_>> {
    let template = object.manifest.pointer(pod_template_pointer(object)?)?;
    Some(PodTemplate {
        annotations: template
            .pointer("/metadata/annotations")
            .and_then(Manifest::as_object),
        spec: template.get("spec").filter(|spec| spec.is_object())?,
    })
}

/// Where a workload object keeps its pod template (a JSON pointer; the whole
/// object for a Pod), if it is a workload.
pub(crate) fn pod_template_pointer(object: &Object) -> Option<&'static str> {
    match (object.group(), object.kind.as_str()) {
        ("apps" | "extensions", "Deployment" | "StatefulSet" | "DaemonSet" | "ReplicaSet")
        | ("batch", "Job")
        | ("", "ReplicationController") => Some("/spec/template"),
        ("batch", "CronJob") => Some("/spec/jobTemplate/spec/template"),
        ("", "Pod") => Some(""),
        _ => None,
    }
}

/// The pod spec's lists of containers: init, regular and ephemeral.
pub(crate) const CONTAINER_KINDS: [&str; 3] =
    ["initContainers", "containers", "ephemeralContainers"];

/// Init, regular and ephemeral containers of a pod spec, in that order.
pub(crate) fn containers(spec: &Manifest) -> impl Iterator<Item = &Manifest> {
    CONTAINER_KINDS.into_iter().flat_map(move |key| {
        spec.get(key)
            .and_then(Manifest::as_array)
            .into_iter()
            .flatten()
    })
}

/// Capabilities the baseline profile allows adding.
const BASELINE_CAPABILITIES: &[&str] = &[
    "AUDIT_WRITE",
    "CHOWN",
    "DAC_OVERRIDE",
    "FOWNER",
    "FSETID",
    "KILL",
    "MKNOD",
    "NET_BIND_SERVICE",
    "SETFCAP",
    "SETGID",
    "SETPCAP",
    "SETUID",
    "SYS_CHROOT",
];

/// Sysctls the baseline profile allows (namespaced and isolated).
const SAFE_SYSCTLS: &[&str] = &[
    "kernel.shm_rmid_forced",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.ip_unprivileged_port_start",
    "net.ipv4.tcp_syncookies",
    "net.ipv4.ping_group_range",
    "net.ipv4.ip_local_reserved_ports",
    "net.ipv4.tcp_keepalive_time",
    "net.ipv4.tcp_fin_timeout",
    "net.ipv4.tcp_keepalive_intvl",
    "net.ipv4.tcp_keepalive_probes",
    "net.ipv4.tcp_rmem",
    "net.ipv4.tcp_wmem",
];

/// SELinux types the baseline profile allows.
const SELINUX_TYPES: &[&str] = &[
    "",
    "container_t",
    "container_init_t",
    "container_kvm_t",
    "container_engine_t",
];

/// Volume types the restricted profile allows.
const RESTRICTED_VOLUMES: &[&str] = &[
    "configMap",
    "csi",
    "downwardAPI",
    "emptyDir",
    "ephemeral",
    "persistentVolumeClaim",
    "projected",
    "secret",
];

const APPARMOR_ANNOTATION: &str = "container.apparmor.security.beta.kubernetes.io/";

fn flag(value: Option<&Manifest>, pointer: &str) -> Option<bool> {
    value?.pointer(pointer)?.as_bool()
}

fn text<'a>(value: Option<&'a Manifest>, pointer: &str) -> Option<&'a str> {
    value?.pointer(pointer)?.as_str()
}

fn name_of(value: &Manifest) -> &str {
    value.get("name").and_then(Manifest::as_str).unwrap_or("?")
}

/// A capability name as runtimes read it: upper case, without `CAP_`.
fn normalized_capability(capability: &str) -> String {
    let upper = capability.to_ascii_uppercase();
    upper
        .strip_prefix("CAP_")
        .map(str::to_string)
        .unwrap_or(upper)
}

/// Findings for one pod template.
struct Assessment<'a> {
    object: &'a str,
    baseline: Vec<String>,
    restricted: Vec<String>,
    risks: Vec<Risk>,
}

impl Assessment<'_> {
    fn risk(&mut self, rule: &super::RiskRule, message: String) {
        self.risks.push(rule.risk(self.object.to_string(), message));
    }
}

/// Checks both Pod Security Standards profiles on a template, and collects
/// the node-level risks.
fn assess<'a>(object: &'a str, template: &PodTemplate<'_>) -> Assessment<'a> {
    let mut found = Assessment {
        object,
        baseline: Vec::new(),
        restricted: Vec::new(),
        risks: Vec::new(),
    };
    let spec = template.spec;
    let pod_context = spec.get("securityContext");

    // Baseline, pod level.
    let host_namespaces: Vec<&str> = ["hostNetwork", "hostPID", "hostIPC"]
        .into_iter()
        .filter(|key| spec.get(*key).and_then(Manifest::as_bool) == Some(true))
        .collect();
    for key in &host_namespaces {
        found.baseline.push(format!("pod: {key}"));
    }
    if !host_namespaces.is_empty() {
        found.risk(
            &POD_HOST_NAMESPACES,
            format!(
                "pod shares the node's namespaces ({})",
                host_namespaces.join(", ")
            ),
        );
    }
    if flag(pod_context, "/windowsOptions/hostProcess") == Some(true) {
        found.baseline.push("pod: Windows hostProcess".to_string());
        found.risk(
            &POD_PRIVILEGED,
            "pod runs as Windows HostProcess containers: full access to the node".to_string(),
        );
    }
    for volume in spec
        .get("volumes")
        .and_then(Manifest::as_array)
        .into_iter()
        .flatten()
    {
        let name = name_of(volume);
        if let Some(host_path) = volume.get("hostPath") {
            let path = text(Some(host_path), "/path").unwrap_or("?");
            found
                .baseline
                .push(format!("volume \"{name}\": hostPath {path}"));
            found.risk(
                &POD_HOST_PATH,
                format!("volume \"{name}\" mounts the node's {path}"),
            );
            continue;
        }
        let kind = volume
            .as_object()
            .and_then(|fields| fields.keys().find(|key| *key != "name"));
        if let Some(kind) = kind
            && !RESTRICTED_VOLUMES.contains(&kind.as_str())
        {
            found
                .restricted
                .push(format!("volume \"{name}\": type {kind} not allowed"));
        }
    }
    for sysctl in pod_context
        .and_then(|context| context.get("sysctls"))
        .and_then(Manifest::as_array)
        .into_iter()
        .flatten()
    {
        let name = name_of(sysctl);
        if !SAFE_SYSCTLS.contains(&name) {
            found.baseline.push(format!("pod: unsafe sysctl {name}"));
        }
    }
    for (key, value) in template.annotations.into_iter().flatten() {
        if let Some(container) = key.strip_prefix(APPARMOR_ANNOTATION) {
            let value = value.as_str().unwrap_or("");
            if value != "runtime/default" && !value.starts_with("localhost/") {
                found
                    .baseline
                    .push(format!("container \"{container}\": AppArmor {value}"));
            }
        }
    }
    shared_checks(&mut found, "pod", pod_context);

    // Restricted, pod level.
    let pod_non_root = flag(pod_context, "/runAsNonRoot");
    if pod_non_root == Some(false) {
        found.restricted.push("pod: runAsNonRoot false".to_string());
    }
    let pod_seccomp = text(pod_context, "/seccompProfile/type");
    let pod_seccomp_ok = matches!(pod_seccomp, Some("RuntimeDefault" | "Localhost"));
    if let Some(other) = pod_seccomp.filter(|t| !pod_seccomp_ok && *t != "Unconfined") {
        found
            .restricted
            .push(format!("pod: seccompProfile {other}"));
    }

    for container in containers(spec) {
        let name = name_of(container);
        let who = format!("container \"{name}\"");
        let context = container.get("securityContext");

        // Baseline.
        if flag(context, "/privileged") == Some(true) {
            found.baseline.push(format!("{who}: privileged"));
            found.risk(
                &POD_PRIVILEGED,
                format!("{who} runs privileged: full access to the node"),
            );
        }
        if flag(context, "/windowsOptions/hostProcess") == Some(true) {
            found.baseline.push(format!("{who}: Windows hostProcess"));
            found.risk(
                &POD_PRIVILEGED,
                format!("{who} runs as Windows HostProcess: full access to the node"),
            );
        }
        let added = strings(context.and_then(|c| c.pointer("/capabilities/add")));
        let beyond_baseline: Vec<&str> = added
            .iter()
            .map(String::as_str)
            .filter(|cap| !BASELINE_CAPABILITIES.contains(cap))
            .collect();
        if !beyond_baseline.is_empty() {
            found.baseline.push(format!(
                "{who}: adds capabilities {}",
                beyond_baseline.join(", ")
            ));
        }
        let risky: Vec<String> = added
            .iter()
            .map(|cap| normalized_capability(cap))
            .filter(|cap| !BASELINE_CAPABILITIES.contains(&cap.as_str()))
            .collect();
        if !risky.is_empty() {
            found.risk(
                &POD_ADDED_CAPABILITIES,
                format!(
                    "{who} adds capabilities {} beyond the baseline set",
                    risky.join(", ")
                ),
            );
        }
        for port in container
            .get("ports")
            .and_then(Manifest::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(host_port) = port.get("hostPort").and_then(Manifest::as_i64)
                && host_port != 0
            {
                found.baseline.push(format!("{who}: hostPort {host_port}"));
            }
        }
        if let Some(proc_mount) = text(context, "/procMount").filter(|m| *m != "Default") {
            found
                .baseline
                .push(format!("{who}: procMount {proc_mount}"));
        }
        shared_checks(&mut found, &who, context);

        // Restricted.
        if flag(context, "/allowPrivilegeEscalation") != Some(false) {
            found
                .restricted
                .push(format!("{who}: allowPrivilegeEscalation not false"));
        }
        match flag(context, "/runAsNonRoot") {
            Some(false) => found.restricted.push(format!("{who}: runAsNonRoot false")),
            None if pod_non_root != Some(true) => found
                .restricted
                .push(format!("{who}: runAsNonRoot not true")),
            _ => {}
        }
        match text(context, "/seccompProfile/type") {
            Some("RuntimeDefault" | "Localhost" | "Unconfined") => {}
            Some(other) => found
                .restricted
                .push(format!("{who}: seccompProfile {other}")),
            None if !pod_seccomp_ok => found.restricted.push(format!(
                "{who}: seccompProfile not RuntimeDefault or Localhost"
            )),
            None => {}
        }
        let dropped = strings(context.and_then(|c| c.pointer("/capabilities/drop")));
        if !dropped.iter().any(|cap| cap == "ALL") {
            found
                .restricted
                .push(format!("{who}: capabilities do not drop ALL"));
        }
        let extra: Vec<&str> = added
            .iter()
            .map(String::as_str)
            .filter(|cap| *cap != "NET_BIND_SERVICE")
            .collect();
        if !extra.is_empty() {
            found.restricted.push(format!(
                "{who}: adds capabilities {} (only NET_BIND_SERVICE allowed)",
                extra.join(", ")
            ));
        }
    }
    found
}

/// Checks that apply alike to the pod and to each container security context.
fn shared_checks(found: &mut Assessment<'_>, who: &str, context: Option<&Manifest>) {
    if text(context, "/seccompProfile/type") == Some("Unconfined") {
        found
            .baseline
            .push(format!("{who}: seccompProfile Unconfined"));
    }
    if let Some(profile) = text(context, "/appArmorProfile/type")
        .filter(|t| !matches!(*t, "RuntimeDefault" | "Localhost"))
    {
        found.baseline.push(format!("{who}: AppArmor {profile}"));
    }
    if let Some(options) = context.and_then(|c| c.get("seLinuxOptions")) {
        let selinux_type = text(Some(options), "/type").unwrap_or("");
        if !SELINUX_TYPES.contains(&selinux_type) {
            found
                .baseline
                .push(format!("{who}: SELinux type {selinux_type}"));
        }
        for field in ["user", "role"] {
            if text(Some(options), &format!("/{field}")).is_some_and(|v| !v.is_empty()) {
                found.baseline.push(format!("{who}: SELinux {field} set"));
            }
        }
    }
    if let Some(user) = context
        .and_then(|c| c.get("runAsUser"))
        .and_then(Manifest::as_i64)
        && user == 0
    {
        found.restricted.push(format!("{who}: runAsUser 0"));
    }
}

fn unique(reasons: Vec<String>) -> Vec<String> {
    let mut seen = Vec::with_capacity(reasons.len());
    for reason in reasons {
        if !seen.contains(&reason) {
            seen.push(reason);
        }
    }
    seen
}

/// The workloads of the package (in canonical order), sorted by object, and
/// the risks of their pod templates.
pub(crate) fn analyze(objects: &[&Object]) -> (Vec<Workload>, Vec<Risk>) {
    let service_accounts: BTreeMap<(Option<&str>, &str), &Object> = objects
        .iter()
        .filter(|object| object.group().is_empty() && object.kind == "ServiceAccount")
        .map(|object| ((object.namespace.as_deref(), object.name.as_str()), *object))
        .collect();

    let mut workloads = Vec::new();
    let mut risks = Vec::new();
    for &object in objects {
        let Some(template) = pod_template(object) else {
            continue;
        };
        let display = object.to_string();
        let spec = template.spec;
        let account = ["serviceAccountName", "serviceAccount"]
            .into_iter()
            .find_map(|key| spec.get(key).and_then(Manifest::as_str))
            .filter(|name| !name.is_empty())
            .unwrap_or("default");
        let namespace = object.namespace.as_deref();
        let mounts_token = spec
            .get("automountServiceAccountToken")
            .and_then(Manifest::as_bool)
            .or_else(|| {
                service_accounts
                    .get(&(namespace, account))
                    .and_then(|sa| sa.pointer("/automountServiceAccountToken"))
                    .and_then(Manifest::as_bool)
            })
            .unwrap_or(true);

        let found = assess(&display, &template);
        let (pod_security, reasons) = if !found.baseline.is_empty() {
            (PodSecurityLevel::Privileged, found.baseline)
        } else if !found.restricted.is_empty() {
            (PodSecurityLevel::Baseline, found.restricted)
        } else {
            (PodSecurityLevel::Restricted, Vec::new())
        };
        risks.extend(found.risks);
        workloads.push(Workload {
            object: display.clone(),
            service_account: service_account(namespace, account),
            mounts_token,
            pod_security,
            reasons: unique(reasons),
        });
    }
    workloads.sort();
    workloads.dedup();
    (workloads, risks)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::testing::{check, deployment, has, obj};
    use super::*;
    use serde_json::Value;

    fn restricted_container(name: &str) -> Value {
        json!({
            "name": name, "image": "x",
            "securityContext": {
                "allowPrivilegeEscalation": false,
                "capabilities": {"drop": ["ALL"]}
            }
        })
    }

    fn restricted_spec() -> Value {
        json!({
            "securityContext": {"runAsNonRoot": true, "seccompProfile": {"type": "RuntimeDefault"}},
            "containers": [restricted_container("app")],
            "initContainers": [restricted_container("init")],
            "volumes": [
                {"name": "config", "configMap": {"name": "c"}},
                {"name": "data", "persistentVolumeClaim": {"claimName": "d"}},
                {"name": "token", "projected": {"sources": []}}
            ]
        })
    }

    fn workload(spec: Value) -> Workload {
        let permissions = check(&[deployment(spec)]);
        assert_eq!(permissions.workloads.len(), 1);
        permissions.workloads[0].clone()
    }

    fn with(mut spec: Value, pointer: &str, value: Value) -> Value {
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        let target = spec.pointer_mut(parent).unwrap();
        match key.parse::<usize>() {
            Ok(index) if target.is_array() => target[index] = value,
            _ => target[key] = value,
        }
        spec
    }

    #[test]
    fn restricted_pod_is_restricted() {
        let workload = workload(restricted_spec());
        assert_eq!(workload.pod_security, PodSecurityLevel::Restricted);
        assert!(workload.reasons.is_empty(), "{:?}", workload.reasons);
        assert_eq!(workload.service_account, "ServiceAccount/web/default");
    }

    #[test]
    fn restricted_needs_every_hardening() {
        let cases = [
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/allowPrivilegeEscalation",
                    json!(true),
                ),
                r#"container "app": allowPrivilegeEscalation not false"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/securityContext/runAsNonRoot",
                    json!(null),
                ),
                r#"container "init": runAsNonRoot not true"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/runAsNonRoot",
                    json!(false),
                ),
                r#"container "app": runAsNonRoot false"#,
            ),
            (
                with(restricted_spec(), "/securityContext/runAsUser", json!(0)),
                "pod: runAsUser 0",
            ),
            (
                with(
                    restricted_spec(),
                    "/securityContext/seccompProfile",
                    json!(null),
                ),
                r#"container "app": seccompProfile not RuntimeDefault or Localhost"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/capabilities/drop",
                    json!(["NET_RAW"]),
                ),
                r#"container "app": capabilities do not drop ALL"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/capabilities/add",
                    json!(["CHOWN"]),
                ),
                r#"container "app": adds capabilities CHOWN (only NET_BIND_SERVICE allowed)"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/volumes/0",
                    json!({"name": "nfs", "nfs": {"server": "s", "path": "/"}}),
                ),
                r#"volume "nfs": type nfs not allowed"#,
            ),
        ];
        for (spec, reason) in cases {
            let workload = workload(spec);
            assert_eq!(
                workload.pod_security,
                PodSecurityLevel::Baseline,
                "{reason}"
            );
            assert!(
                workload.reasons.contains(&reason.to_string()),
                "{reason} not in {:?}",
                workload.reasons
            );
        }
        // Adding NET_BIND_SERVICE and setting seccomp per container are fine.
        let fine = with(
            with(
                restricted_spec(),
                "/containers/0/securityContext/capabilities/add",
                json!(["NET_BIND_SERVICE"]),
            ),
            "/securityContext/seccompProfile",
            json!(null),
        );
        let fine = with(
            fine,
            "/containers/0/securityContext/seccompProfile",
            json!({"type": "Localhost", "localhostProfile": "p"}),
        );
        let fine = with(
            fine,
            "/initContainers/0/securityContext/seccompProfile",
            json!({"type": "RuntimeDefault"}),
        );
        assert_eq!(workload(fine).pod_security, PodSecurityLevel::Restricted);
    }

    #[test]
    fn baseline_failures_make_a_pod_privileged() {
        let cases = [
            (
                with(restricted_spec(), "/hostIPC", json!(true)),
                "pod: hostIPC",
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/ports",
                    json!([{"containerPort": 80, "hostPort": 8080}]),
                ),
                r#"container "app": hostPort 8080"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/capabilities/add",
                    json!(["NET_ADMIN"]),
                ),
                r#"container "app": adds capabilities NET_ADMIN"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/procMount",
                    json!("Unmasked"),
                ),
                r#"container "app": procMount Unmasked"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/securityContext/seccompProfile/type",
                    json!("Unconfined"),
                ),
                "pod: seccompProfile Unconfined",
            ),
            (
                with(
                    restricted_spec(),
                    "/securityContext/sysctls",
                    json!([{"name": "kernel.msgmax", "value": "1"}]),
                ),
                "pod: unsafe sysctl kernel.msgmax",
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/seLinuxOptions",
                    json!({"type": "spc_t"}),
                ),
                r#"container "app": SELinux type spc_t"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/securityContext/seLinuxOptions",
                    json!({"user": "root"}),
                ),
                "pod: SELinux user set",
            ),
            (
                with(
                    restricted_spec(),
                    "/containers/0/securityContext/appArmorProfile",
                    json!({"type": "Unconfined"}),
                ),
                r#"container "app": AppArmor Unconfined"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/volumes/0",
                    json!({"name": "root", "hostPath": {"path": "/"}}),
                ),
                r#"volume "root": hostPath /"#,
            ),
            (
                with(
                    restricted_spec(),
                    "/ephemeralContainers",
                    json!([{"name": "debug", "image": "busybox", "securityContext": {"privileged": true}}]),
                ),
                r#"container "debug": privileged"#,
            ),
        ];
        for (spec, reason) in cases {
            let workload = workload(spec);
            assert_eq!(
                workload.pod_security,
                PodSecurityLevel::Privileged,
                "{reason}"
            );
            assert!(
                workload.reasons.contains(&reason.to_string()),
                "{reason} not in {:?}",
                workload.reasons
            );
        }
        // Safe sysctls, allowed SELinux types and baseline capabilities stay baseline.
        let spec = with(
            restricted_spec(),
            "/securityContext/sysctls",
            json!([{"name": "net.ipv4.ping_group_range", "value": "0 1"}]),
        );
        let spec = with(
            spec,
            "/securityContext/seLinuxOptions",
            json!({"type": "container_init_t", "level": "s0:c1"}),
        );
        let spec = with(
            spec,
            "/containers/0/securityContext/capabilities/add",
            json!(["CHOWN"]),
        );
        let spec = with(
            spec,
            "/containers/0/ports",
            json!([{"containerPort": 80, "hostPort": 0}]),
        );
        assert_eq!(workload(spec).pod_security, PodSecurityLevel::Baseline);
    }

    #[test]
    fn apparmor_annotation_is_checked() {
        let mut object = deployment(restricted_spec());
        object.manifest["spec"]["template"]["metadata"]["annotations"] = json!({
            "container.apparmor.security.beta.kubernetes.io/app": "unconfined",
            "container.apparmor.security.beta.kubernetes.io/init": "runtime/default"
        })
        .into();
        let workload = check(&[object]).workloads[0].clone();
        assert_eq!(workload.pod_security, PodSecurityLevel::Privileged);
        assert_eq!(
            workload.reasons,
            [r#"container "app": AppArmor unconfined"#]
        );
    }

    #[test]
    fn default_pod_is_baseline() {
        let workload = workload(json!({"containers": [{"name": "web", "image": "nginx"}]}));
        assert_eq!(workload.pod_security, PodSecurityLevel::Baseline);
        assert!(workload.mounts_token);
        assert_eq!(
            workload.reasons,
            [
                r#"container "web": allowPrivilegeEscalation not false"#,
                r#"container "web": runAsNonRoot not true"#,
                r#"container "web": seccompProfile not RuntimeDefault or Localhost"#,
                r#"container "web": capabilities do not drop ALL"#,
            ]
        );
    }

    #[test]
    fn every_pod_template_kind_is_found() {
        let pod_spec =
            json!({"serviceAccountName": "runner", "containers": [{"name": "c", "image": "x"}]});
        let template = json!({"spec": pod_spec});
        let objects = vec![
            obj(
                json!({"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "s", "namespace": "n"}, "spec": {"template": template}}),
            ),
            obj(
                json!({"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "r", "namespace": "n"}, "spec": {"template": template}}),
            ),
            obj(
                json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j", "namespace": "n"}, "spec": {"template": template}}),
            ),
            obj(
                json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "c", "namespace": "n"}, "spec": {"jobTemplate": {"spec": {"template": template}}}}),
            ),
            obj(
                json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "n"}, "spec": pod_spec}),
            ),
            obj(
                json!({"apiVersion": "example.com/v1", "kind": "Deployment", "metadata": {"name": "custom", "namespace": "n"}, "spec": {"template": template}}),
            ),
        ];
        let permissions = check(&objects);
        let found: Vec<&str> = permissions
            .workloads
            .iter()
            .map(|workload| workload.object.as_str())
            .collect();
        assert_eq!(
            found,
            [
                "CronJob.batch/n/c",
                "Job.batch/n/j",
                "Pod/n/p",
                "ReplicaSet.apps/n/r",
                "StatefulSet.apps/n/s",
            ]
        );
        assert!(
            permissions
                .workloads
                .iter()
                .all(|workload| workload.service_account == "ServiceAccount/n/runner")
        );
    }

    #[test]
    fn token_mounting_follows_pod_then_service_account() {
        let account = |automount: Value| {
            obj(json!({"apiVersion": "v1", "kind": "ServiceAccount",
                       "metadata": {"name": "app", "namespace": "web"},
                       "automountServiceAccountToken": automount}))
        };
        let pod = |automount: Value| {
            deployment(
                json!({"serviceAccountName": "app", "automountServiceAccountToken": automount,
                              "containers": [{"name": "c", "image": "x"}]}),
            )
        };
        let mounts = |objects: Vec<Object>| check(&objects).workloads[0].mounts_token;
        assert!(mounts(vec![pod(Value::Null)]));
        assert!(!mounts(vec![pod(json!(false))]));
        assert!(!mounts(vec![pod(Value::Null), account(json!(false))]));
        assert!(mounts(vec![pod(json!(true)), account(json!(false))]));
    }

    #[test]
    fn node_level_settings_are_risks_once() {
        let spec = json!({
            "hostNetwork": true, "hostPID": true,
            "containers": [
                {"name": "a", "image": "x", "securityContext": {"privileged": true, "capabilities": {"add": ["SYS_ADMIN", "NET_BIND_SERVICE"]}}},
                {"name": "b", "image": "x", "securityContext": {"privileged": true}}
            ],
            "volumes": [{"name": "sock", "hostPath": {"path": "/run/containerd/containerd.sock"}}]
        });
        let permissions = check(&[deployment(spec)]);
        let messages: Vec<(&str, &str)> = permissions
            .risks
            .iter()
            .map(|risk| (risk.rule.as_str(), risk.message.as_str()))
            .collect();
        assert_eq!(
            messages,
            [
                (
                    "pod-privileged",
                    r#"container "a" runs privileged: full access to the node"#
                ),
                (
                    "pod-privileged",
                    r#"container "b" runs privileged: full access to the node"#
                ),
                (
                    "pod-added-capabilities",
                    r#"container "a" adds capabilities SYS_ADMIN beyond the baseline set"#
                ),
                (
                    "pod-host-namespaces",
                    "pod shares the node's namespaces (hostNetwork, hostPID)"
                ),
                (
                    "pod-host-path",
                    r#"volume "sock" mounts the node's /run/containerd/containerd.sock"#
                ),
            ]
        );
        assert!(
            permissions
                .risks
                .iter()
                .all(|risk| risk.object == "Deployment.apps/web/app")
        );
        assert!(has(&permissions, "pod-host-path"));
    }
}
