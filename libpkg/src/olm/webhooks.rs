//! Webhooks of a `registry+v1` bundle, with cert-manager as the certificate
//! provider, generated as operator-controller generates them: the checks its
//! validators make, a Service per webhook Deployment, the admission webhook
//! configurations and CRD conversion settings pointing at it with
//! cert-manager's CA-injection annotation, a self-signed Issuer and a
//! Certificate per Deployment, and the Deployment's certificate volumes.
//!
//! Names follow OLM: the Service is `<deployment with dots as dashes>-service`,
//! the Certificate and its Secret `<service>-cert`, the Issuer
//! `<certificate>-selfsigned-issuer`, each cut like the RBAC names.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

use super::bundle::{Bundle, WebhookDefinition};
use super::convert::InstallModeType;
use super::naming::name_for_base_and_suffix;

/// cert-manager's annotation asking its CA injector to fill in a CA bundle.
pub const INJECT_CA_ANNOTATION: &str = "cert-manager.io/inject-ca-from";

const VALIDATING: &str = "ValidatingAdmissionWebhook";
const MUTATING: &str = "MutatingAdmissionWebhook";
const CONVERSION: &str = "ConversionWebhook";

/// The certificate volumes OLM mounts into webhook Deployments: name, mount
/// path, and the file names of the certificate and key.
const CERT_VOLUMES: [(&str, &str, &str, &str); 2] = [
    (
        "webhook-cert",
        "/tmp/k8s-webhook-server/serving-certs",
        "tls.crt",
        "tls.key",
    ),
    (
        "apiservice-cert",
        "/apiserver.local.config/certificates",
        "apiserver.crt",
        "apiserver.key",
    ),
];

/// The names of what serves one Deployment's webhooks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertNames {
    /// The Service in front of the Deployment.
    pub service: String,
    /// The Certificate, and the Secret it writes.
    pub certificate: String,
    /// The self-signed Issuer.
    pub issuer: String,
}

/// The names OLM gives the Service, Certificate and Issuer of a webhook Deployment.
pub fn cert_names(deployment: &str) -> CertNames {
    let service = name_for_base_and_suffix(&deployment.replace('.', "-"), "service");
    let certificate = name_for_base_and_suffix(&service, "cert");
    let issuer = name_for_base_and_suffix(&certificate, "selfsigned-issuer");
    CertNames {
        service,
        certificate,
        issuer,
    }
}

impl WebhookDefinition {
    /// The port the webhook is served on (443 when the CSV gives none).
    fn port(&self) -> i64 {
        if self.container_port > 0 {
            self.container_port
        } else {
            443
        }
    }

    /// The webhook configuration's name: `generateName` without a trailing `-`.
    fn configuration_name(&self) -> &str {
        self.generate_name
            .strip_suffix('-')
            .unwrap_or(&self.generate_name)
    }
}

/// The problems operator-controller's webhook validators find, sorted as they sort them.
pub(crate) fn problems(bundle: &Bundle) -> Vec<String> {
    let spec = &bundle.csv.spec;
    let webhooks = &spec.webhook_definitions;
    let mut problems = Vec::new();
    let conversion: Vec<&WebhookDefinition> =
        webhooks.iter().filter(|w| w.kind == CONVERSION).collect();
    let modes = bundle.supported_install_modes();
    if !conversion.is_empty() && modes != BTreeSet::from([InstallModeType::AllNamespaces]) {
        let listed: Vec<&str> = modes.iter().map(|m| m.as_str()).collect();
        for webhook in &conversion {
            problems.push(format!(
                "bundle contains conversion webhook {:?} and supports install modes [{}] - conversion webhooks are only supported for bundles that only support AllNamespaces install mode",
                webhook.generate_name,
                listed.join(" ")
            ));
        }
    }
    let deployments: BTreeSet<&str> = spec.deployment_names().collect();
    let mut dangling: Vec<&WebhookDefinition> = webhooks
        .iter()
        .filter(|w| !deployments.contains(w.deployment_name.as_str()))
        .collect();
    dangling.sort_by(|a, b| {
        (&a.deployment_name, &a.kind, &a.generate_name).cmp(&(
            &b.deployment_name,
            &b.kind,
            &b.generate_name,
        ))
    });
    for webhook in dangling {
        problems.push(format!(
            "webhook of type '{}' with name '{}' references non-existent deployment '{}'",
            webhook.kind, webhook.generate_name, webhook.deployment_name
        ));
    }
    let mut seen = BTreeSet::new();
    let duplicates: BTreeSet<(&str, &str)> = webhooks
        .iter()
        .map(|w| (w.kind.as_str(), w.generate_name.as_str()))
        .filter(|key| !seen.insert(*key))
        .collect();
    for (kind, name) in duplicates {
        problems.push(format!("duplicate webhook '{name}' of type '{kind}'"));
    }
    let invalid: BTreeSet<(&str, &str)> = webhooks
        .iter()
        .filter(|w| crate::names::validate_dns_subdomain(&w.generate_name).is_err())
        .map(|w| (w.kind.as_str(), w.generate_name.as_str()))
        .collect();
    for (kind, name) in invalid {
        let why = crate::names::validate_dns_subdomain(name).unwrap_err();
        problems.push(format!(
            "webhook of type '{kind}' has invalid name '{name}': {why}"
        ));
    }
    let mut by_crd: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for webhook in &conversion {
        for crd in &webhook.conversion_crds {
            by_crd
                .entry(crd)
                .or_default()
                .insert(webhook.generate_name.as_str());
        }
    }
    for (crd, names) in &by_crd {
        if names.len() > 1 {
            problems.push(format!(
                "conversion webhooks [{}] reference same custom resource definition '{crd}'",
                names.iter().copied().collect::<Vec<_>>().join(",")
            ));
        }
    }
    let owned: BTreeSet<&str> = spec
        .custom_resource_definitions
        .owned
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    let mut sorted = conversion.clone();
    sorted.sort_by(|a, b| a.generate_name.cmp(&b.generate_name));
    for webhook in sorted {
        let crds: BTreeSet<&String> = webhook.conversion_crds.iter().collect();
        for crd in crds {
            if !owned.contains(crd.as_str()) {
                problems.push(format!(
                    "conversion webhook '{}' references custom resource definition '{crd}' not owned bundle",
                    webhook.generate_name
                ));
            }
        }
    }
    for webhook in webhooks.iter().filter(|w| w.kind != CONVERSION) {
        for rule in webhook.rules.iter().filter_map(Value::as_array).flatten() {
            let strings = |key: &str| -> Vec<&str> {
                rule.get(key)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect()
            };
            for group in strings("apiGroups") {
                if group == "*" || group == "olm.operatorframework.io" {
                    problems.push(format!(
                        "webhook {:?} contains forbidden rule: admission webhook rules cannot reference API group {group:?}",
                        webhook.generate_name
                    ));
                }
                if group == "admissionregistration.k8s.io" {
                    for resource in strings("resources") {
                        let lower = resource.to_lowercase();
                        let forbidden = lower == "*"
                            || lower.trim_end_matches('s') == "mutatingwebhookconfiguration"
                            || lower.trim_end_matches('s') == "validatingwebhookconfiguration";
                        if forbidden {
                            problems.push(format!(
                                "webhook {:?} contains forbidden rule: admission webhook rules cannot reference resource {resource:?} for API group {group:?}",
                                webhook.generate_name
                            ));
                        }
                    }
                }
            }
        }
    }
    problems
}

/// Points the CRDs that conversion webhooks convert at their Service, with
/// the CA-injection annotation. A CRD with `preserveUnknownFields: true`
/// cannot be converted by a webhook: an error.
pub(crate) fn convert_crds(
    bundle: &Bundle,
    crds: &mut [(crate::render::Location, Value)],
    install_namespace: &str,
) -> Result<(), String> {
    let mut by_crd: BTreeMap<&str, &WebhookDefinition> = BTreeMap::new();
    for webhook in bundle
        .csv
        .spec
        .webhook_definitions
        .iter()
        .filter(|w| w.kind == CONVERSION)
    {
        for crd in &webhook.conversion_crds {
            by_crd.insert(crd, webhook);
        }
    }
    for (_, crd) in crds.iter_mut() {
        let name = crd
            .pointer("/metadata/name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let Some(webhook) = by_crd.get(name.as_str()) else {
            continue;
        };
        if crd.pointer("/spec/preserveUnknownFields") == Some(&Value::Bool(true)) {
            return Err(format!(
                "custom resource definition '{name}' must have .spec.preserveUnknownFields set to false to let API Server call webhook to do the conversion"
            ));
        }
        let names = cert_names(&webhook.deployment_name);
        let conversion = json!({
            "strategy": "Webhook",
            "webhook": {
                "clientConfig": {"service": {
                    "namespace": install_namespace,
                    "name": names.service,
                    "path": webhook.webhook_path.clone().unwrap_or_else(|| "/".to_string()),
                    "port": webhook.port(),
                }},
                "conversionReviewVersions": webhook.admission_review_versions,
            },
        });
        if let Some(spec) = crd.get_mut("spec").and_then(Value::as_object_mut) {
            spec.insert("conversion".into(), conversion);
        }
        annotate(crd, install_namespace, &names.certificate);
    }
    Ok(())
}

/// Everything else the webhooks need: their configurations, a Service per
/// Deployment, and cert-manager's Issuer and Certificate per Deployment.
pub(crate) fn objects(
    bundle: &Bundle,
    install_namespace: &str,
    target_namespaces: &[String],
) -> Vec<Value> {
    let webhooks = &bundle.csv.spec.webhook_definitions;
    let mut objects = Vec::new();
    let namespace_selector = (!target_namespaces.iter().any(String::is_empty)).then(|| {
        json!({"matchExpressions": [{
            "key": "kubernetes.io/metadata.name",
            "operator": "In",
            "values": target_namespaces,
        }]})
    });
    for (kind, configuration_kind, list) in [
        (VALIDATING, "ValidatingWebhookConfiguration", "webhooks"),
        (MUTATING, "MutatingWebhookConfiguration", "webhooks"),
    ] {
        for webhook in webhooks.iter().filter(|w| w.kind == kind) {
            let names = cert_names(&webhook.deployment_name);
            let mut service = Map::new();
            service.insert("namespace".into(), Value::from(install_namespace));
            service.insert("name".into(), Value::from(names.service.clone()));
            if let Some(path) = &webhook.webhook_path {
                service.insert("path".into(), Value::from(path.clone()));
            }
            service.insert("port".into(), Value::from(webhook.port()));
            let mut entry = Map::new();
            entry.insert("name".into(), Value::from(webhook.configuration_name()));
            for (key, value) in [
                ("rules", &webhook.rules),
                ("failurePolicy", &webhook.failure_policy),
                ("matchPolicy", &webhook.match_policy),
                ("objectSelector", &webhook.object_selector),
                ("sideEffects", &webhook.side_effects),
                ("timeoutSeconds", &webhook.timeout_seconds),
            ] {
                if let Some(value) = value {
                    entry.insert(key.into(), value.clone());
                }
            }
            entry.insert(
                "admissionReviewVersions".into(),
                Value::from(webhook.admission_review_versions.clone()),
            );
            entry.insert("clientConfig".into(), json!({"service": service}));
            if kind == MUTATING
                && let Some(policy) = &webhook.reinvocation_policy
            {
                entry.insert("reinvocationPolicy".into(), policy.clone());
            }
            if let Some(selector) = &namespace_selector {
                entry.insert("namespaceSelector".into(), selector.clone());
            }
            let mut configuration = json!({
                "apiVersion": "admissionregistration.k8s.io/v1",
                "kind": configuration_kind,
                "metadata": {"name": webhook.configuration_name()},
                list: [Value::Object(entry)],
            });
            annotate(&mut configuration, install_namespace, &names.certificate);
            objects.push(configuration);
        }
    }
    for deployment in &bundle.csv.spec.install.spec.deployments {
        let served: Vec<&WebhookDefinition> = webhooks
            .iter()
            .filter(|w| w.deployment_name == deployment.name)
            .collect();
        if served.is_empty() {
            continue;
        }
        let names = cert_names(&deployment.name);
        let mut ports: BTreeMap<(i64, String), Value> = BTreeMap::new();
        for webhook in served {
            let port = webhook.port();
            let target = webhook
                .target_port
                .clone()
                .unwrap_or_else(|| Value::from(port));
            // Sorted by port, then by the target's number (names count as 0), as OLM sorts them.
            let key = (port, format!("{:020}", target.as_i64().unwrap_or(0)));
            ports.entry(key).or_insert_with(|| {
                json!({"name": port.to_string(), "port": port, "targetPort": target, "protocol": "TCP"})
            });
        }
        let selector = deployment
            .spec
            .pointer("/selector/matchLabels")
            .cloned()
            .unwrap_or(Value::Null);
        let mut spec = json!({"ports": ports.into_values().collect::<Vec<_>>()});
        if !selector.is_null() {
            spec["selector"] = selector;
        }
        objects.push(json!({
            "apiVersion": "v1", "kind": "Service",
            "metadata": {"name": names.service, "namespace": install_namespace},
            "spec": spec,
        }));
        objects.push(json!({
            "apiVersion": "cert-manager.io/v1", "kind": "Issuer",
            "metadata": {"name": names.issuer, "namespace": install_namespace},
            "spec": {"selfSigned": {}},
        }));
        objects.push(json!({
            "apiVersion": "cert-manager.io/v1", "kind": "Certificate",
            "metadata": {"name": names.certificate, "namespace": install_namespace},
            "spec": {
                "secretName": names.certificate,
                "usages": ["server auth"],
                "dnsNames": [format!("{}.{install_namespace}.svc", names.service)],
                "issuerRef": {"name": names.issuer},
            },
        }));
    }
    objects
}

/// Mounts the certificate Secret into a webhook Deployment's pod template:
/// volumes of OLM's certificate names or paths are replaced by its own.
pub(crate) fn mount_certificates(bundle: &Bundle, deployment: &str, spec: &mut Map<String, Value>) {
    if !bundle
        .csv
        .spec
        .webhook_definitions
        .iter()
        .any(|w| w.deployment_name == deployment)
    {
        return;
    }
    let secret = cert_names(deployment).certificate;
    let Some(pod) = spec
        .get_mut("template")
        .and_then(|t| t.get_mut("spec"))
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    let mut remove: BTreeSet<String> = CERT_VOLUMES.iter().map(|v| v.0.to_string()).collect();
    let paths: BTreeSet<&str> = CERT_VOLUMES.iter().map(|v| v.1).collect();
    for container in pod
        .get("containers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        for mount in container
            .get("volumeMounts")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let path = mount.get("mountPath").and_then(Value::as_str).unwrap_or("");
            if paths.contains(path)
                && let Some(name) = mount.get("name").and_then(Value::as_str)
            {
                remove.insert(name.to_string());
            }
        }
    }
    let keep = |item: &Value| {
        !item
            .get("name")
            .and_then(Value::as_str)
            .is_some_and(|name| remove.contains(name))
    };
    let mut volumes: Vec<Value> = pod
        .get("volumes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|v| keep(v))
        .cloned()
        .collect();
    volumes.extend(CERT_VOLUMES.iter().map(|(name, _, cert, key)| {
        json!({"name": name, "secret": {"secretName": secret, "items": [
            {"key": "tls.crt", "path": cert},
            {"key": "tls.key", "path": key},
        ]}})
    }));
    pod.insert("volumes".into(), Value::from(volumes));
    for container in pod
        .get_mut("containers")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
    {
        let Some(container) = container.as_object_mut() else {
            continue;
        };
        let mut mounts: Vec<Value> = container
            .get("volumeMounts")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|m| keep(m))
            .cloned()
            .collect();
        mounts.extend(
            CERT_VOLUMES
                .iter()
                .map(|(name, path, _, _)| json!({"name": name, "mountPath": path})),
        );
        container.insert("volumeMounts".into(), Value::from(mounts));
    }
}

fn annotate(object: &mut Value, namespace: &str, certificate: &str) {
    if let Some(metadata) = object.get_mut("metadata").and_then(Value::as_object_mut) {
        let annotations = metadata
            .entry("annotations")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Some(annotations) = annotations.as_object_mut() {
            annotations.insert(
                INJECT_CA_ANNOTATION.into(),
                Value::from(format!("{namespace}/{certificate}")),
            );
        }
    }
}
