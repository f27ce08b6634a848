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
    /// The file it was read from.
    pub file: String,
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
    /// The Secrets `spec.values` names, in order.
    pub values_secrets: Vec<String>,
    /// The Secrets in the same file, as JSON.
    pub file_secrets: Vec<Value>,
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
    let parsed: Vec<Value> = parsed.into_iter().map(|d| d.value.into()).collect();
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
            "PackageInstall {name}: spec.cluster (another cluster's kubeconfig) is not supported; use {}",
            crate::remedy::Setting::Context
        )));
    }
    let mut values_secrets = Vec::new();
    let entries = install.pointer("/spec/values").and_then(Value::as_array);
    for entry in entries.into_iter().flatten() {
        let secret = entry
            .pointer("/secretRef/name")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                invalid(format!(
                    "PackageInstall {name}: a values entry without secretRef.name"
                ))
            })?;
        values_secrets.push(secret.to_string());
    }
    Ok(Some(PackageInstall {
        file: file.to_string(),
        namespace: text_at("/metadata/namespace").map(str::to_string),
        name,
        ref_name,
        constraints,
        prereleases,
        values_secrets,
        file_secrets: parsed
            .iter()
            .filter(|v| kind_of(v) == (Some("v1".into()), Some("Secret".into())))
            .cloned()
            .collect(),
        warnings,
    }))
}

impl PackageInstall {
    /// The values Secrets the file does not hold (to be read from the cluster).
    pub fn missing_secrets(&self) -> Vec<&str> {
        self.values_secrets
            .iter()
            .filter(|name| self.file_secret(name).is_none())
            .map(String::as_str)
            .collect()
    }

    fn file_secret(&self, name: &str) -> Option<&Value> {
        self.file_secrets
            .iter()
            .find(|s| s.pointer("/metadata/name").and_then(Value::as_str) == Some(name))
    }

    /// Each values document: where it came from (`Secret/NAME key KEY`, with
    /// the file for one in the file), and its bytes, in kapp-controller's
    /// order: the `values` entries in order, each Secret's keys sorted
    /// (`stringData` over `data`). `others` are Secrets read elsewhere (the
    /// cluster); one found nowhere is an error naming it.
    pub fn values(&self, others: &[Value]) -> Result<Vec<(String, Vec<u8>)>, CarvelError> {
        let invalid = |reason: String| CarvelError::Invalid {
            origin: "PackageInstall input".to_string(),
            file: self.file.clone(),
            reason,
        };
        let mut values = Vec::new();
        for secret_name in &self.values_secrets {
            let named = |s: &&Value| {
                s.pointer("/metadata/name").and_then(Value::as_str) == Some(secret_name)
            };
            let (secret, origin) = match self.file_secret(secret_name) {
                Some(secret) => (secret, format!("{}: Secret/{secret_name}", self.file)),
                None => (
                    others.iter().find(named).ok_or_else(|| {
                        invalid(format!(
                            "PackageInstall {}: values Secret {secret_name} is neither in this file (put it after `---`) nor in the cluster",
                            self.name
                        ))
                    })?,
                    format!("Secret/{secret_name}"),
                ),
            };
            let mut keys: std::collections::BTreeMap<String, Vec<u8>> = Default::default();
            for (key, encoded) in secret
                .get("data")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                use base64::Engine;
                let bytes = encoded
                    .as_str()
                    .and_then(|e| base64::engine::general_purpose::STANDARD.decode(e).ok())
                    .ok_or_else(|| {
                        invalid(format!("Secret {secret_name}: data.{key} is not base64"))
                    })?;
                keys.insert(key.clone(), bytes);
            }
            for (key, text) in secret
                .get("stringData")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                let text = text.as_str().ok_or_else(|| {
                    invalid(format!(
                        "Secret {secret_name}: stringData.{key} is not a string"
                    ))
                })?;
                keys.insert(key.clone(), text.as_bytes().to_vec());
            }
            values.extend(
                keys.into_iter()
                    .map(|(key, bytes)| (format!("{origin} key {key}"), bytes)),
            );
        }
        Ok(values)
    }
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
        assert!(install.missing_secrets().is_empty());
        let documents = install.values(&[]).unwrap();
        let values: Vec<(&str, &[u8])> = documents
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
    fn other_files_are_not_package_installs_and_secrets_come_from_the_file_or_the_cluster() {
        assert_eq!(
            read_package_install("v.yaml", "replicas: 2\n").unwrap(),
            None
        );
        assert_eq!(read_package_install("v.yaml", "{{ not yaml").unwrap(), None);
        let alone = INSTALL.split("---").next().unwrap();
        let install = read_package_install("pi.yaml", alone).unwrap().unwrap();
        assert_eq!(install.missing_secrets(), ["supervisor-values"]);
        let error = install.values(&[]).unwrap_err().to_string();
        assert!(
            error.contains("values Secret supervisor-values is neither in this file"),
            "{error}"
        );
        // From the cluster: data only, as the API serves Secrets.
        let live = serde_json::json!({"metadata": {"name": "supervisor-values"}, "data": {"values.yml": "eDogMQ=="}});
        assert_eq!(
            install.values(&[live]).unwrap(),
            [(
                "Secret/supervisor-values key values.yml".to_string(),
                b"x: 1".to_vec()
            )]
        );
    }
}
