//! Validating a `registry+v1` bundle and converting it to plain objects, the
//! way OLM v1's operator-controller renders it (its `registryv1` validators and
//! generators), so that a release holds the same objects OLM v1 would create.
//!
//! Generated, in this order: a ServiceAccount per distinct service account of
//! the permissions (not `default`); a Role and RoleBinding per target namespace
//! and `permissions` entry; a ClusterRole and ClusterRoleBinding per
//! `clusterPermissions` entry, plus, in AllNamespaces mode, per `permissions`
//! entry with the extra rule to get, list and watch namespaces; the CRDs
//! unchanged; the other objects, namespaced ones moved into the install
//! namespace; one Deployment per install-strategy deployment, its pod template
//! annotated with the CSV's annotations, `olm.targetNamespaces` and
//! `olm.operatorNamespace`, with `revisionHistoryLimit: 1`; and for webhooks,
//! with cert-manager present, what [`super::webhooks`] generates.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

use super::OlmError;
use super::bundle::{Bundle, Permission, PolicyRule};
use super::naming::generated_name;
use crate::render::Location;

/// How to convert: where the operator is installed and what it watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConvertOptions<'a> {
    /// The install namespace (the release namespace).
    pub install_namespace: &'a str,
    /// `watchNamespace` from the configuration: `None` (or empty) for the
    /// bundle's default, which is AllNamespaces when it supports that mode.
    pub watch_namespace: Option<&'a str>,
    /// Whether cert-manager's CRDs are present in the cluster (the certificate
    /// provider webhooks would need).
    pub cert_manager: bool,
}

/// The install mode a bundle is installed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum InstallModeType {
    /// The operator watches every namespace.
    AllNamespaces,
    /// The operator watches the namespace it is installed in.
    OwnNamespace,
    /// The operator watches one other namespace.
    SingleNamespace,
    /// The operator watches several namespaces (not selectable through `watchNamespace`).
    MultiNamespace,
}

impl InstallModeType {
    /// The name as in `spec.installModes[].type`.
    pub fn as_str(self) -> &'static str {
        match self {
            InstallModeType::AllNamespaces => "AllNamespaces",
            InstallModeType::OwnNamespace => "OwnNamespace",
            InstallModeType::SingleNamespace => "SingleNamespace",
            InstallModeType::MultiNamespace => "MultiNamespace",
        }
    }
}

/// A converted bundle: plain objects plus how it was installed.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted {
    /// The objects, each with the bundle file it comes from (generated ones:
    /// the ClusterServiceVersion's).
    pub objects: Vec<(Location, Value)>,
    /// The install mode used.
    pub install_mode: InstallModeType,
    /// The target namespaces (`[""]` for AllNamespaces, as OLM writes them).
    pub target_namespaces: Vec<String>,
}

/// Kinds a bundle may ship besides its CSV and CRDs, and whether each is
/// namespaced (operator-registry's `supportedResources`, as OLM v1 uses it).
const SUPPORTED_KINDS: [(&str, bool); 15] = [
    ("ClusterServiceVersion", true),
    ("ClusterRole", false),
    ("ClusterRoleBinding", false),
    ("ConfigMap", true),
    ("ConsoleYAMLSample", false),
    ("PodDisruptionBudget", true),
    ("PriorityClass", false),
    ("PrometheusRule", true),
    ("Role", true),
    ("RoleBinding", true),
    ("Secret", true),
    ("Service", true),
    ("ServiceAccount", true),
    ("ServiceMonitor", true),
    ("VerticalPodAutoscaler", false),
];

/// Why the bundle cannot watch the namespaces asked for (OLM v1's
/// `validateTargetNamespaces`); `supported` lists the bundle's install modes
/// as OLM does (`[OwnNamespace SingleNamespace]`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetNamespacesError {
    /// No `watchNamespace`, and the bundle cannot watch all namespaces.
    #[error(
        "supported install modes {supported} do not support targeting all namespaces: \
         choose a namespace with {} watchNamespace=NAMESPACE",
        crate::remedy::Setting::Config
    )]
    AllNamespaces {
        /// The bundle's install modes.
        supported: String,
    },
    /// `watchNamespace` is the install namespace, which the bundle cannot watch alone.
    #[error("supported install modes {supported} do not support targeting own namespace")]
    OwnNamespace {
        /// The bundle's install modes.
        supported: String,
    },
    /// `watchNamespace` is not a namespace name.
    #[error("watchNamespace {watch:?} is invalid: {why}")]
    InvalidWatchNamespace {
        /// The value given.
        watch: String,
        /// Why it is not a name.
        why: crate::names::NameError,
    },
    /// `watchNamespace` is another namespace, which the bundle cannot watch.
    #[error("supported install modes {supported} do not support target namespaces [{watch}]")]
    SingleNamespace {
        /// The bundle's install modes.
        supported: String,
        /// The namespace asked for.
        watch: String,
    },
}

impl Bundle {
    /// The install modes the CSV marks supported.
    pub fn supported_install_modes(&self) -> BTreeSet<InstallModeType> {
        self.csv
            .spec
            .install_modes
            .iter()
            .filter(|m| m.supported)
            .filter_map(|m| match m.mode.as_str() {
                "AllNamespaces" => Some(InstallModeType::AllNamespaces),
                "OwnNamespace" => Some(InstallModeType::OwnNamespace),
                "SingleNamespace" => Some(InstallModeType::SingleNamespace),
                "MultiNamespace" => Some(InstallModeType::MultiNamespace),
                _ => None,
            })
            .collect()
    }

    /// Everything that makes the bundle uninstallable whatever the options,
    /// plus what the options make impossible (webhooks without cert-manager),
    /// as OLM v1's validators word them, sorted within each check.
    pub fn problems(&self, cert_manager: bool) -> Vec<String> {
        let spec = &self.csv.spec;
        let mut problems = Vec::new();
        let deployments: Vec<&str> = spec.deployment_names().collect();
        for name in duplicates(deployments.iter().copied()) {
            problems.push(format!(
                "cluster service version contains duplicate strategy deployment spec '{name}'"
            ));
        }
        for name in deployments.iter().collect::<BTreeSet<_>>() {
            if let Err(why) = crate::names::validate_dns_subdomain(name) {
                problems.push(format!(
                    "invalid cluster service version strategy deployment name '{name}': {}",
                    crate::remedy::with_causes(&why)
                ));
            }
        }
        let crd_names: Vec<&str> = self
            .crds
            .iter()
            .map(|(_, crd)| {
                crd.pointer("/metadata/name")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
            })
            .collect();
        for name in duplicates(crd_names.iter().copied()) {
            problems.push(format!(
                "bundle contains duplicate custom resource definition '{name}'"
            ));
        }
        let present: BTreeSet<&str> = crd_names.iter().copied().collect();
        let missing: BTreeSet<&str> = spec
            .custom_resource_definitions
            .owned
            .iter()
            .map(|crd| crd.name.as_str())
            .filter(|name| !present.contains(name))
            .collect();
        for name in missing {
            problems.push(format!(
                "cluster service definition references owned custom resource definition '{name}' not found in bundle"
            ));
        }
        if !spec.api_service_definitions.owned.is_empty() {
            let names: BTreeSet<&str> = spec
                .api_service_definitions
                .owned
                .iter()
                .map(|api| api.name.as_str())
                .collect();
            problems.push(format!(
                "apiServiceDefinitions are not supported (owned: {}): OLM v1 does not install APIServices",
                names.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
        if !spec.webhook_definitions.is_empty() {
            if cert_manager {
                problems.extend(super::webhooks::problems(self));
            } else {
                let names: BTreeSet<String> = spec
                    .webhook_definitions
                    .iter()
                    .map(|w| format!("{} {}", w.kind, w.generate_name))
                    .collect();
                let names = names.into_iter().collect::<Vec<_>>().join(", ");
                problems.push(format!(
                    "webhookDefinitions ({names}) need a certificate provider: install cert-manager \
                     (its CRDs are not present in the cluster)"
                ));
            }
        }
        for (location, object) in &self.others {
            let kind = object
                .get("kind")
                .and_then(Value::as_str)
                .unwrap_or_default();
            if !SUPPORTED_KINDS.iter().any(|(k, _)| *k == kind) {
                let name = object
                    .pointer("/metadata/name")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                problems.push(format!(
                    "bundle contains unsupported resource: Name: {name}, Kind: {kind} ({location})"
                ));
            }
        }
        problems
    }

    /// Chooses the target namespaces for `watchNamespace`, checked against the
    /// supported install modes (OLM v1's `validateTargetNamespaces`).
    pub fn target_namespaces(
        &self,
        install_namespace: &str,
        watch_namespace: Option<&str>,
    ) -> Result<(InstallModeType, Vec<String>), TargetNamespacesError> {
        let supported = self.supported_install_modes();
        let listed = || {
            format!(
                "[{}]",
                supported
                    .iter()
                    .map(|m| m.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        };
        match watch_namespace.filter(|w| !w.is_empty()) {
            None if supported.contains(&InstallModeType::AllNamespaces) => {
                Ok((InstallModeType::AllNamespaces, vec![String::new()]))
            }
            None => Err(TargetNamespacesError::AllNamespaces {
                supported: listed(),
            }),
            Some(watch) if watch == install_namespace => {
                if supported.contains(&InstallModeType::OwnNamespace) {
                    Ok((InstallModeType::OwnNamespace, vec![watch.to_string()]))
                } else {
                    Err(TargetNamespacesError::OwnNamespace {
                        supported: listed(),
                    })
                }
            }
            Some(watch) => {
                crate::names::validate_dns_label(watch).map_err(|why| {
                    TargetNamespacesError::InvalidWatchNamespace {
                        watch: watch.to_string(),
                        why,
                    }
                })?;
                if supported.contains(&InstallModeType::SingleNamespace) {
                    Ok((InstallModeType::SingleNamespace, vec![watch.to_string()]))
                } else {
                    Err(TargetNamespacesError::SingleNamespace {
                        supported: listed(),
                        watch: watch.to_string(),
                    })
                }
            }
        }
    }

    /// Validates the bundle and converts it into plain objects.
    pub fn convert(&self, options: &ConvertOptions<'_>) -> Result<Converted, OlmError> {
        let csv = &self.csv;
        let mut problems = self.problems(options.cert_manager);
        let targets = self.target_namespaces(options.install_namespace, options.watch_namespace);
        if let Err(why) = &targets {
            let reason = crate::remedy::with_causes(why);
            problems.push(format!("invalid target namespaces: {reason}"));
        }
        if !problems.is_empty() {
            return Err(OlmError::Unsupported {
                csv: csv.name.clone(),
                problems,
            });
        }
        let (install_mode, target_namespaces) = targets.expect("checked above");
        let install_ns = options.install_namespace;
        let all_namespaces = target_namespaces == [String::new()];
        let strategy = &csv.spec.install.spec;
        let here = || self.csv_location.clone();
        let mut objects: Vec<(Location, Value)> = Vec::new();

        // ServiceAccounts, one per distinct account; the bundle's own wins.
        let shipped: BTreeSet<&str> = self
            .others
            .iter()
            .filter(|(_, o)| o.get("kind").and_then(Value::as_str) == Some("ServiceAccount"))
            .filter_map(|(_, o)| o.pointer("/metadata/name").and_then(Value::as_str))
            .collect();
        let accounts: BTreeSet<&str> = strategy
            .permissions
            .iter()
            .chain(&strategy.cluster_permissions)
            .map(Permission::service_account_or_default)
            .filter(|sa| *sa != "default" && !shipped.contains(sa))
            .collect();
        for account in accounts {
            objects.push((
                here(),
                json!({"apiVersion": "v1", "kind": "ServiceAccount",
                       "metadata": {"name": account, "namespace": install_ns}}),
            ));
        }

        // Namespaced permissions: a Role and RoleBinding per target namespace.
        if !all_namespaces {
            for namespace in &target_namespaces {
                for permission in &strategy.permissions {
                    let name = generated_name(&csv.name, permission);
                    let account = permission.service_account_or_default();
                    objects.push((
                        here(),
                        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
                               "metadata": {"name": name, "namespace": namespace},
                               "rules": rules(permission)}),
                    ));
                    objects.push((
                        here(),
                        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
                               "metadata": {"name": name, "namespace": namespace},
                               "subjects": [{"kind": "ServiceAccount", "namespace": install_ns, "name": account}],
                               "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": name}}),
                    ));
                }
            }
        }

        // Cluster permissions, and in AllNamespaces mode the promoted namespaced ones.
        let mut cluster_permissions: Vec<Permission> = strategy.cluster_permissions.clone();
        if all_namespaces {
            for permission in &strategy.permissions {
                let mut promoted = permission.clone();
                promoted
                    .rules
                    .get_or_insert_with(Vec::new)
                    .push(PolicyRule {
                        verbs: Some(vec!["get".into(), "list".into(), "watch".into()]),
                        api_groups: Some(vec![String::new()]),
                        resources: Some(vec!["namespaces".into()]),
                        resource_names: None,
                        non_resource_urls: None,
                    });
                cluster_permissions.push(promoted);
            }
        }
        for permission in &cluster_permissions {
            let name = generated_name(&csv.name, permission);
            let account = permission.service_account_or_default();
            objects.push((
                here(),
                json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                       "metadata": {"name": name}, "rules": rules(permission)}),
            ));
            objects.push((
                here(),
                json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
                       "metadata": {"name": name},
                       "subjects": [{"kind": "ServiceAccount", "namespace": install_ns, "name": account}],
                       "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": name}}),
            ));
        }

        // CRDs as written, but for the conversion webhooks of their own.
        let mut crds = self.crds.clone();
        super::webhooks::convert_crds(self, &mut crds, install_ns).map_err(|problem| {
            OlmError::Unsupported {
                csv: csv.name.clone(),
                problems: vec![problem],
            }
        })?;
        objects.extend(crds);

        // Other objects: namespaced ones into the install namespace.
        for (location, object) in &self.others {
            let kind = object
                .get("kind")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let namespaced = SUPPORTED_KINDS
                .iter()
                .find(|(k, _)| *k == kind)
                .is_some_and(|(_, namespaced)| *namespaced);
            let mut object = object.clone();
            if let Some(metadata) = object.get_mut("metadata").and_then(Value::as_object_mut) {
                if namespaced {
                    metadata.insert("namespace".into(), Value::from(install_ns));
                } else {
                    metadata.remove("namespace");
                }
            }
            objects.push((location.clone(), object));
        }

        // Deployments.
        for deployment in &strategy.deployments {
            let mut spec = match &deployment.spec {
                Value::Object(spec) => spec.clone(),
                _ => Map::new(),
            };
            let template = object_at(&mut spec, "template");
            let metadata = object_at(template, "metadata");
            let mut annotations: BTreeMap<String, Value> = csv
                .annotations
                .iter()
                .map(|(k, v)| (k.clone(), Value::from(v.clone())))
                .collect();
            if let Some(Value::Object(own)) = metadata.get("annotations") {
                annotations.extend(own.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
            annotations.insert(
                "olm.targetNamespaces".into(),
                Value::from(target_namespaces.join(",")),
            );
            annotations.insert("olm.operatorNamespace".into(), Value::from(install_ns));
            metadata.insert(
                "annotations".into(),
                Value::Object(annotations.into_iter().collect()),
            );
            spec.insert("revisionHistoryLimit".into(), Value::from(1));
            super::webhooks::mount_certificates(self, &deployment.name, &mut spec);
            let mut metadata = json!({"name": deployment.name, "namespace": install_ns});
            if let Some(labels) = deployment.label.as_ref().filter(|l| !l.is_empty()) {
                metadata["labels"] = json!(labels);
            }
            objects.push((
                here(),
                json!({"apiVersion": "apps/v1", "kind": "Deployment",
                       "metadata": metadata, "spec": Value::Object(spec)}),
            ));
        }

        // Webhook configurations, their Services, cert-manager's Issuers and Certificates.
        objects.extend(
            super::webhooks::objects(self, install_ns, &target_namespaces)
                .into_iter()
                .map(|object| (here(), object)),
        );

        // Identical entries (the same rules for the same account twice) give one object.
        let mut seen = BTreeSet::new();
        objects.retain(|(_, object)| seen.insert(crate::plan::canonical_json(object)));
        Ok(Converted {
            objects,
            install_mode,
            target_namespaces,
        })
    }
}

fn rules(permission: &Permission) -> Value {
    Value::from(
        permission
            .rules
            .iter()
            .flatten()
            .map(PolicyRule::to_manifest)
            .collect::<Vec<_>>(),
    )
}

/// The object under `key`, created (or replacing a non-object) if needed.
fn object_at<'a>(map: &'a mut Map<String, Value>, key: &str) -> &'a mut Map<String, Value> {
    let entry = map
        .entry(key.to_string())
        .or_insert_with(|| Value::Object(Map::new()));
    if !entry.is_object() {
        *entry = Value::Object(Map::new());
    }
    entry.as_object_mut().expect("an object")
}

/// The names that occur more than once, sorted.
fn duplicates<'a>(names: impl Iterator<Item = &'a str>) -> BTreeSet<&'a str> {
    let mut seen = BTreeSet::new();
    names.filter(|name| !seen.insert(*name)).collect()
}
