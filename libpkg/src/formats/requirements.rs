//! What a package declares it needs from the cluster, in its format's own
//! terms, as [`Requirement`]s (judged by [`crate::requirements::check`]).

use serde_json::Value;

use crate::package::{Content, Package};
use crate::requirements::{Need, Requirement, Requires};

/// What a package declares it needs, in its format's own terms.
pub fn declared(package: &Package) -> Vec<Requirement> {
    let mut requirements = Vec::new();
    let metadata = &package.metadata;
    if let Some(kube_version) = &metadata.kube_version {
        requirements.push(Requirement::new(
            Need::Kubernetes {
                version: kube_version.clone(),
            },
            "package.yaml kubeVersion",
        ));
    }
    requirements.extend(from_requires(&metadata.requires));
    match &package.content {
        Content::Plain => {}
        Content::Helm(chart) => requirements.extend(from_chart(chart)),
        Content::RegistryV1(bundle) => requirements.extend(from_bundle(package, bundle)),
        Content::Carvel(carvel) => requirements.extend(from_carvel(&carvel.package)),
    }
    requirements
}

fn from_requires(requires: &Requires) -> Vec<Requirement> {
    let packages = requires.packages.iter().enumerate().map(|(index, p)| {
        Requirement::new(
            Need::Package {
                name: p.name.clone(),
                version: p.version.clone(),
            },
            format!("package.yaml requires.packages[{index}]"),
        )
    });
    let apis = requires.apis.iter().enumerate().map(|(index, a)| {
        Requirement::new(
            Need::Api {
                api_version: a.api_version.clone(),
                kind: a.kind.clone(),
            },
            format!("package.yaml requires.apis[{index}]"),
        )
    });
    let kubernetes = requires.kubernetes.iter().map(|version| {
        Requirement::new(
            Need::Kubernetes {
                version: version.clone(),
            },
            "package.yaml requires.kubernetes",
        )
    });
    packages.chain(apis).chain(kubernetes).collect()
}

/// Rancher's chart annotations for what a chart needs installed first.
const RANCHER_KUBE_VERSION: &str = "catalog.cattle.io/kube-version";
const RANCHER_REQUIRES_GVR: &str = "catalog.cattle.io/requires-gvr";
const RANCHER_AUTO_INSTALL: &str = "catalog.cattle.io/auto-install";

/// A chart's `kubeVersion`, and the Chart.yaml annotations Rancher's charts
/// use for the same (`catalog.cattle.io/kube-version`, `…/requires-gvr`
/// `PLURAL.GROUP/VERSION`, `…/auto-install` `CHART=VERSION|match`).
fn from_chart(chart: &crate::helm::chart::Chart) -> Vec<Requirement> {
    let metadata = &chart.metadata;
    let mut requirements = Vec::new();
    if !metadata.kube_version.is_empty() {
        requirements.push(Requirement::new(
            Need::Kubernetes {
                version: metadata.kube_version.clone(),
            },
            "Chart.yaml kubeVersion",
        ));
    }
    let annotations = metadata.annotations.clone().unwrap_or_default();
    let from = |key: &str| format!("Chart.yaml annotation {key}");
    if let Some(version) = annotations.get(RANCHER_KUBE_VERSION) {
        requirements.push(Requirement::new(
            Need::Kubernetes {
                version: version.clone(),
            },
            from(RANCHER_KUBE_VERSION),
        ));
    }
    if let Some(gvr) = annotations.get(RANCHER_REQUIRES_GVR) {
        let need = match gvr.trim().split_once('/') {
            Some((resource_group, version)) => match resource_group.split_once('.') {
                Some((resource, group)) => Need::Resource {
                    api_version: format!("{group}/{version}"),
                    resource: resource.to_string(),
                },
                None => Need::Resource {
                    api_version: version.to_string(),
                    resource: resource_group.to_string(),
                },
            },
            None => Need::Other {
                description: format!("{RANCHER_REQUIRES_GVR}: {gvr}"),
            },
        };
        requirements.push(Requirement::new(need, from(RANCHER_REQUIRES_GVR)));
    }
    if let Some(auto) = annotations.get(RANCHER_AUTO_INSTALL) {
        let (name, version) = auto.trim().split_once('=').unwrap_or((auto.trim(), ""));
        let version = match version {
            "" => None,
            "match" => Some(format!("={}", metadata.version)),
            other => Some(other.to_string()),
        };
        requirements.push(Requirement::new(
            Need::Package {
                name: name.to_string(),
                version,
            },
            from(RANCHER_AUTO_INSTALL),
        ));
    }
    requirements
}

/// An OLM bundle's dependencies: `metadata/dependencies.yaml` (`olm.package`,
/// `olm.gvk`, `olm.constraint`), the `olm.package.required` and
/// `olm.gvk.required` properties of `metadata/properties.yaml`, and the
/// CSV's required CRDs. OLM v1 refuses bundles that declare any; here they
/// are reported and checked like every requirement.
fn from_bundle(package: &Package, bundle: &crate::olm::Bundle) -> Vec<Requirement> {
    let mut requirements = Vec::new();
    for (file, key) in [
        ("metadata/dependencies.yaml", "dependencies"),
        ("metadata/properties.yaml", "properties"),
    ] {
        let Some(data) = package.files.get(file) else {
            continue;
        };
        let Ok(document) = std::str::from_utf8(data)
            .map_err(|e| e.to_string())
            .and_then(|text| crate::yaml::first_document(text).map_err(|e| e.to_string()))
        else {
            continue;
        };
        let entries = document.get(key).and_then(Value::as_array);
        for (index, entry) in entries.into_iter().flatten().enumerate() {
            let kind = entry
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let value = entry.get("value").cloned().unwrap_or(Value::Null);
            if let Some(need) = olm_need(kind, &value) {
                requirements.push(Requirement::new(
                    need,
                    format!("{file} {key}[{index}] ({kind})"),
                ));
            }
        }
    }
    let required = &bundle.csv.spec.custom_resource_definitions.required;
    for (index, api) in required.iter().enumerate() {
        let group = api.name.split_once('.').map_or("", |(_, group)| group);
        requirements.push(Requirement::new(
            Need::Api {
                api_version: format!("{group}/{}", api.version),
                kind: api.kind.clone(),
            },
            format!(
                "ClusterServiceVersion {} spec.customresourcedefinitions.required[{index}]",
                bundle.csv.name
            ),
        ));
    }
    requirements
}

fn olm_need(kind: &str, value: &Value) -> Option<Need> {
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
    match kind {
        "olm.package" | "olm.package.required" => Some(Need::Package {
            name: text("packageName")?,
            version: text("version").or_else(|| text("versionRange")),
        }),
        "olm.gvk" | "olm.gvk.required" => {
            let group = text("group").unwrap_or_default();
            let version = text("version")?;
            Some(Need::Api {
                api_version: if group.is_empty() {
                    version
                } else {
                    format!("{group}/{version}")
                },
                kind: text("kind")?,
            })
        }
        "olm.constraint" => Some(Need::Other {
            description: format!(
                "olm.constraint: {}",
                text("failureMessage").unwrap_or_else(|| String::from_utf8_lossy(
                    &crate::canonical::to_vec(value).unwrap_or_default()
                )
                .into_owned())
            ),
        }),
        _ => None,
    }
}

/// A Carvel Package's `kubernetesVersionSelection` (checked) and
/// `kappControllerVersionSelection` (reported: kubectl-pkg, not
/// kapp-controller, installs it).
fn from_carvel(package: &crate::carvel::PackageVersion) -> Vec<Requirement> {
    let mut requirements = Vec::new();
    if let Some(version) = &package.kubernetes_version_selection {
        requirements.push(Requirement::new(
            Need::Kubernetes {
                version: version.clone(),
            },
            format!("Package {} spec.kubernetesVersionSelection", package.id()),
        ));
    }
    if let Some(version) = &package.kapp_controller_version_selection {
        requirements.push(Requirement::new(
            Need::Other {
                description: format!(
                    "kapp-controller {version} (kubectl-pkg installs the package itself)"
                ),
            },
            format!(
                "Package {} spec.kappControllerVersionSelection",
                package.id()
            ),
        ));
    }
    requirements
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn olm_properties_and_dependencies_become_needs() {
        assert_eq!(
            olm_need(
                "olm.gvk.required",
                &json!({"group": "etcd.database.coreos.com", "version": "v1beta2", "kind": "EtcdCluster"})
            ),
            Some(Need::Api {
                api_version: "etcd.database.coreos.com/v1beta2".into(),
                kind: "EtcdCluster".into()
            })
        );
        assert_eq!(
            olm_need(
                "olm.package",
                &json!({"packageName": "etcd", "version": ">=0.9.0"})
            ),
            Some(Need::Package {
                name: "etcd".into(),
                version: Some(">=0.9.0".into())
            })
        );
        let constraint = olm_need("olm.constraint", &json!({"failureMessage": "needs etcd"}));
        assert!(
            matches!(constraint, Some(Need::Other { description }) if description.contains("needs etcd"))
        );
        assert_eq!(olm_need("olm.maxOpenShiftVersion", &json!("4.12")), None);
    }
}
