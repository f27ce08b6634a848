//! A kapp-controller `PackageInstall`, with the Secrets its values come
//! from, read as install input: which package (`packageRef.refName`), which
//! versions (`versionSelection`), the release's name and namespace, and the
//! values, in the order kapp-controller gives them to the templates.

use serde_json::Value;

use super::CarvelError;
use crate::yaml::{YamlBudget, YamlLimits, documents};

/// What a PackageInstall asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageInstall {
    /// `metadata.name`: the release name.
    pub name: String,
    /// `metadata.namespace`, if set.
    pub namespace: Option<String>,
    /// `spec.packageRef.refName`.
    pub ref_name: String,
    /// `spec.packageRef.versionSelection.constraints`.
    pub constraints: Option<String>,
    /// `versionSelection.prereleases` was given: prereleases are candidates.
    pub prereleases: bool,
    /// Each values document: where it came from (`FILE: Secret/NAME key
    /// KEY`), and its bytes, in kapp-controller's order (the `values`
    /// entries in order, each Secret's keys sorted).
    pub values: Vec<(String, Vec<u8>)>,
    /// What kubectl-pkg does differently (`serviceAccountName` is not used:
    /// it applies as you).
    pub warnings: Vec<String>,
}

/// The API version of PackageInstall.
const API_VERSION: &str = "packaging.carvel.dev/v1alpha1";

/// Reads `text` (the file `file`): `None` when it holds no PackageInstall,
/// so the caller can treat it as something else.
pub fn read_package_install(file: &str, text: &str) -> Result<Option<PackageInstall>, CarvelError> {
    let invalid = |reason: String| CarvelError::Invalid {
        origin: "PackageInstall input".to_string(),
        file: file.to_string(),
        reason,
    };
    let mut budget = YamlBudget::new(YamlLimits::default());
    let Ok(parsed) = documents(text, &mut budget) else {
        return Ok(None);
    };
    let kind_of = |value: &Value| {
        (
            value
                .get("apiVersion")
                .and_then(Value::as_str)
                .map(str::to_string),
            value
                .get("kind")
                .and_then(Value::as_str)
                .map(str::to_string),
        )
    };
    let installs: Vec<&Value> = parsed
        .iter()
        .map(|d| &d.value)
        .filter(|v| kind_of(v) == (Some(API_VERSION.into()), Some("PackageInstall".into())))
        .collect();
    let install = match installs.as_slice() {
        [] => return Ok(None),
        [one] => *one,
        _ => {
            return Err(invalid(format!(
                "{} PackageInstalls; give one",
                installs.len()
            )));
        }
    };
    let text_at = |pointer: &str| install.pointer(pointer).and_then(Value::as_str);
    let name = text_at("/metadata/name")
        .ok_or_else(|| invalid("the PackageInstall has no metadata.name".into()))?
        .to_string();
    let ref_name = text_at("/spec/packageRef/refName")
        .ok_or_else(|| invalid(format!("PackageInstall {name}: no spec.packageRef.refName")))?
        .to_string();
    let selection = install.pointer("/spec/packageRef/versionSelection");
    let constraints = selection
        .and_then(|s| s.get("constraints"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let prereleases = selection.is_some_and(|s| s.get("prereleases").is_some());
    let mut warnings = Vec::new();
    if let Some(account) = text_at("/spec/serviceAccountName") {
        warnings.push(format!(
            "PackageInstall {name}: serviceAccountName {account} is not used; kubectl-pkg applies as you, after checking you may"
        ));
    }
    if install.pointer("/spec/cluster").is_some() {
        return Err(invalid(format!(
            "PackageInstall {name}: spec.cluster (another cluster's kubeconfig) is not supported; use --context"
        )));
    }
    let secrets: Vec<&Value> = parsed
        .iter()
        .map(|d| &d.value)
        .filter(|v| kind_of(v) == (Some("v1".into()), Some("Secret".into())))
        .collect();
    let mut values = Vec::new();
    let entries = install
        .pointer("/spec/values")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for entry in entries {
        let Some(secret_name) = entry.pointer("/secretRef/name").and_then(Value::as_str) else {
            return Err(invalid(format!(
                "PackageInstall {name}: a values entry without secretRef.name"
            )));
        };
        let secret = secrets
            .iter()
            .find(|s| s.pointer("/metadata/name").and_then(Value::as_str) == Some(secret_name))
            .ok_or_else(|| {
                invalid(format!(
                    "PackageInstall {name}: values Secret {secret_name} is not in this file (put it beside the PackageInstall, after `---`)"
                ))
            })?;
        let mut keys: Vec<(String, Vec<u8>)> = Vec::new();
        if let Some(data) = secret.get("data").and_then(Value::as_object) {
            for (key, encoded) in data {
                use base64::Engine;
                let bytes = encoded
                    .as_str()
                    .and_then(|e| base64::engine::general_purpose::STANDARD.decode(e).ok())
                    .ok_or_else(|| {
                        invalid(format!("Secret {secret_name}: data.{key} is not base64"))
                    })?;
                keys.push((key.clone(), bytes));
            }
        }
        if let Some(data) = secret.get("stringData").and_then(Value::as_object) {
            for (key, text) in data {
                let text = text.as_str().ok_or_else(|| {
                    invalid(format!(
                        "Secret {secret_name}: stringData.{key} is not a string"
                    ))
                })?;
                keys.retain(|(known, _)| known != key);
                keys.push((key.clone(), text.as_bytes().to_vec()));
            }
        }
        keys.sort_by(|a, b| a.0.cmp(&b.0));
        values.extend(
            keys.into_iter()
                .map(|(key, bytes)| (format!("{file}: Secret/{secret_name} key {key}"), bytes)),
        );
    }
    Ok(Some(PackageInstall {
        namespace: text_at("/metadata/namespace").map(str::to_string),
        name,
        ref_name,
        constraints,
        prereleases,
        values,
        warnings,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INSTALL: &str = r#"
apiVersion: packaging.carvel.dev/v1alpha1
kind: PackageInstall
metadata:
  name: supervisor
  namespace: pinniped-supervisor
spec:
  serviceAccountName: installer
  packageRef:
    refName: supervisor.pinniped.dev
    versionSelection:
      constraints: ">0.25.0"
      prereleases: {}
  values:
  - secretRef:
      name: supervisor-values
---
apiVersion: v1
kind: Secret
metadata:
  name: supervisor-values
stringData:
  values.yml: |
    replicas: 2
data:
  a.yml: cmVwbGljYXM6IDE=
"#;

    #[test]
    fn a_package_install_gives_the_package_versions_release_and_values_in_order() {
        let install = read_package_install("pi.yaml", INSTALL).unwrap().unwrap();
        assert_eq!(install.name, "supervisor");
        assert_eq!(install.namespace.as_deref(), Some("pinniped-supervisor"));
        assert_eq!(install.ref_name, "supervisor.pinniped.dev");
        assert_eq!(install.constraints.as_deref(), Some(">0.25.0"));
        assert!(install.prereleases);
        let values: Vec<(&str, &[u8])> = install
            .values
            .iter()
            .map(|(origin, bytes)| (origin.as_str(), bytes.as_slice()))
            .collect();
        assert_eq!(
            values,
            [
                (
                    "pi.yaml: Secret/supervisor-values key a.yml",
                    &b"replicas: 1"[..]
                ),
                (
                    "pi.yaml: Secret/supervisor-values key values.yml",
                    &b"replicas: 2\n"[..]
                ),
            ]
        );
        assert!(install.warnings[0].contains("serviceAccountName installer"));
    }

    #[test]
    fn other_files_are_not_package_installs_and_missing_secrets_are_named() {
        assert_eq!(
            read_package_install("v.yaml", "replicas: 2\n").unwrap(),
            None
        );
        assert_eq!(read_package_install("v.yaml", "{{ not yaml").unwrap(), None);
        let alone = INSTALL.split("---").next().unwrap();
        let error = read_package_install("pi.yaml", alone)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("values Secret supervisor-values is not in this file"),
            "{error}"
        );
    }
}
