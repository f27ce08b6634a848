//! Reading a `registry+v1` bundle: `metadata/annotations.yaml` and the
//! manifests under `manifests/` (one ClusterServiceVersion, CRDs and a few
//! other kinds), as operator-controller reads them.
//!
//! Only what conversion and the plan need is typed (the CSV's install
//! strategy, install modes, owned APIs, webhooks, related images); every other
//! field stays as written. Typed lists keep the difference between absent and
//! empty, because the generated RBAC names hash the permission entries as Go
//! encodes them.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::OlmError;
use crate::archive::Files;
use crate::manifest::Manifest;
use crate::render::Location;
use crate::yaml::{YamlBudget, YamlLimits};

/// The bundle media type `registry+v1`.
pub const MEDIA_TYPE_REGISTRY_V1: &str = "registry+v1";
/// The file that marks a directory or image as an OLM bundle.
pub const ANNOTATIONS_FILE: &str = "metadata/annotations.yaml";

const ANNOTATION_PACKAGE: &str = "operators.operatorframework.io.bundle.package.v1";
const ANNOTATION_MEDIA_TYPE: &str = "operators.operatorframework.io.bundle.mediatype.v1";
const ANNOTATION_CHANNELS: &str = "operators.operatorframework.io.bundle.channels.v1";
const ANNOTATION_DEFAULT_CHANNEL: &str = "operators.operatorframework.io.bundle.channel.default.v1";

/// A parsed `registry+v1` bundle.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// The OLM package name (`…bundle.package.v1`).
    pub package_name: String,
    /// The channels the bundle says it is in (`…bundle.channels.v1`).
    pub channels: Vec<String>,
    /// The default channel it names, if any.
    pub default_channel: Option<String>,
    /// The ClusterServiceVersion.
    pub csv: ClusterServiceVersion,
    /// Where the CSV was read.
    pub csv_location: Location,
    /// The CustomResourceDefinitions, as written, with where they were read.
    pub crds: Vec<(Location, Value)>,
    /// Every other object, as written, with where it was read.
    pub others: Vec<(Location, Value)>,
}

/// The parts of a ClusterServiceVersion that conversion reads.
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterServiceVersion {
    /// `metadata.name`, such as `etcd-operator.v0.9.4`.
    pub name: String,
    /// `metadata.annotations` (copied onto the Deployments' pod templates).
    pub annotations: BTreeMap<String, String>,
    /// `spec.version`.
    pub version: semver::Version,
    /// The typed `spec`.
    pub spec: CsvSpec,
}

/// `spec` of a ClusterServiceVersion, as far as conversion needs it.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CsvSpec {
    /// `installModes`.
    pub install_modes: Vec<InstallMode>,
    /// `install`: the install strategy.
    pub install: InstallStrategy,
    /// `customresourcedefinitions`.
    #[serde(rename = "customresourcedefinitions")]
    pub custom_resource_definitions: ApiDefinitions,
    /// `apiservicedefinitions`.
    #[serde(rename = "apiservicedefinitions")]
    pub api_service_definitions: ApiDefinitions,
    /// `webhookdefinitions`.
    #[serde(rename = "webhookdefinitions")]
    pub webhook_definitions: Vec<WebhookDefinition>,
    /// `relatedImages`.
    pub related_images: Vec<RelatedImage>,
    /// `replaces`: the CSV this one upgrades from.
    pub replaces: Option<String>,
    /// `skips`: CSVs this one may replace too.
    pub skips: Vec<String>,
    /// `description`.
    pub description: Option<String>,
    /// `displayName`.
    pub display_name: Option<String>,
}

impl CsvSpec {
    /// The names of the install strategy's Deployments, in CSV order.
    pub fn deployment_names(&self) -> impl Iterator<Item = &str> {
        self.install
            .spec
            .deployments
            .iter()
            .map(|d| d.name.as_str())
    }
}

/// One entry of `spec.installModes`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct InstallMode {
    /// `OwnNamespace`, `SingleNamespace`, `MultiNamespace` or `AllNamespaces`.
    #[serde(rename = "type")]
    pub mode: String,
    /// Whether the operator supports it.
    #[serde(default)]
    pub supported: bool,
}

/// `spec.install`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct InstallStrategy {
    /// `strategy`: always `deployment`.
    pub strategy: String,
    /// `spec`.
    pub spec: StrategySpec,
}

/// `spec.install.spec`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StrategySpec {
    /// `deployments`.
    pub deployments: Vec<DeploymentSpec>,
    /// `permissions`: namespaced rules, per service account.
    pub permissions: Vec<Permission>,
    /// `clusterPermissions`: cluster-wide rules, per service account.
    pub cluster_permissions: Vec<Permission>,
}

/// One deployment of the install strategy.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct DeploymentSpec {
    /// The Deployment's name.
    pub name: String,
    /// Its `spec`, as written.
    #[serde(default)]
    pub spec: Value,
    /// Its labels.
    #[serde(default)]
    pub label: Option<BTreeMap<String, String>>,
}

/// A `StrategyDeploymentPermissions`: rules for one service account.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Permission {
    /// The service account (empty means `default`).
    #[serde(default)]
    pub service_account_name: String,
    /// The rules; `None` when absent (Go: nil).
    #[serde(default)]
    pub rules: Option<Vec<PolicyRule>>,
}

impl Permission {
    /// The service account, `default` when none is named.
    pub fn service_account_or_default(&self) -> &str {
        if self.service_account_name.is_empty() {
            "default"
        } else {
            &self.service_account_name
        }
    }
}

/// An RBAC `PolicyRule`; `None` marks a list that is absent (Go: nil).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyRule {
    /// `verbs`.
    #[serde(default)]
    pub verbs: Option<Vec<String>>,
    /// `apiGroups`.
    #[serde(default)]
    pub api_groups: Option<Vec<String>>,
    /// `resources`.
    #[serde(default)]
    pub resources: Option<Vec<String>>,
    /// `resourceNames`.
    #[serde(default)]
    pub resource_names: Option<Vec<String>>,
    /// `nonResourceURLs`.
    #[serde(default, rename = "nonResourceURLs")]
    pub non_resource_urls: Option<Vec<String>>,
}

impl PolicyRule {
    /// The rule as it appears in a Role or ClusterRole (absent lists left out).
    pub fn to_manifest(&self) -> Value {
        let mut rule = serde_json::Map::new();
        for (key, list) in [
            ("verbs", &self.verbs),
            ("apiGroups", &self.api_groups),
            ("resources", &self.resources),
            ("resourceNames", &self.resource_names),
            ("nonResourceURLs", &self.non_resource_urls),
        ] {
            let keep = list
                .as_ref()
                .is_some_and(|l| key == "verbs" || !l.is_empty());
            if let (true, Some(list)) = (keep, list) {
                rule.insert(key.to_string(), Value::from(list.clone()));
            }
        }
        Value::Object(rule)
    }
}

/// `customresourcedefinitions` or `apiservicedefinitions`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ApiDefinitions {
    /// APIs the operator provides.
    pub owned: Vec<ApiDescription>,
    /// APIs the operator needs from others.
    pub required: Vec<ApiDescription>,
}

/// One owned or required API.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ApiDescription {
    /// The CRD name (`plural.group`) or APIService group.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its kind.
    pub kind: String,
}

/// One entry of `webhookdefinitions`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WebhookDefinition {
    /// `ValidatingAdmissionWebhook`, `MutatingAdmissionWebhook` or `ConversionWebhook`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The webhook's name.
    pub generate_name: String,
    /// The Deployment serving it.
    pub deployment_name: String,
    /// The port the Service exposes (443 when absent).
    pub container_port: i64,
    /// The container port behind it (a number or a name; the container port when absent).
    pub target_port: Option<Value>,
    /// The URL path.
    pub webhook_path: Option<String>,
    /// `admissionReviewVersions`.
    pub admission_review_versions: Vec<String>,
    /// CRDs a conversion webhook converts.
    #[serde(rename = "conversionCRDs")]
    pub conversion_crds: Vec<String>,
    /// Admission rules, as written.
    pub rules: Option<Value>,
    /// `failurePolicy`.
    pub failure_policy: Option<Value>,
    /// `matchPolicy`.
    pub match_policy: Option<Value>,
    /// `objectSelector`.
    pub object_selector: Option<Value>,
    /// `sideEffects`.
    pub side_effects: Option<Value>,
    /// `timeoutSeconds`.
    pub timeout_seconds: Option<Value>,
    /// `reinvocationPolicy` (mutating webhooks).
    pub reinvocation_policy: Option<Value>,
}

/// One entry of `relatedImages`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct RelatedImage {
    /// A label for the image.
    pub name: String,
    /// The image reference.
    pub image: String,
}

/// `metadata/annotations.yaml`.
#[derive(Debug, Deserialize)]
struct AnnotationsFile {
    #[serde(deserialize_with = "crate::yaml::null_as_default")]
    annotations: BTreeMap<String, String>,
}

/// Whether a set of files is an OLM bundle (has `metadata/annotations.yaml`).
pub fn is_bundle(files: &Files) -> bool {
    files.contains_key(ANNOTATIONS_FILE)
}

impl Bundle {
    /// Reads a bundle from its files (a directory or unpacked image layers).
    /// `origin` names it in errors. The media type must be `registry+v1`; the
    /// manifests must hold exactly one ClusterServiceVersion; subdirectories of
    /// `manifests/` are refused, as OLM refuses them.
    pub fn from_files(files: &Files, origin: &str) -> Result<Bundle, OlmError> {
        Bundle::from_files_within(files, origin, YamlLimits::default())
    }

    /// [`Bundle::from_files`] with the manifests held to `limits` (a
    /// package's, `--package-limits`).
    pub fn from_files_within(
        files: &Files,
        origin: &str,
        limits: YamlLimits,
    ) -> Result<Bundle, OlmError> {
        let invalid = |file: &str, reason: String| OlmError::Invalid {
            origin: origin.to_string(),
            file: file.to_string(),
            reason,
        };
        let annotations = files
            .get(ANNOTATIONS_FILE)
            .ok_or_else(|| invalid(ANNOTATIONS_FILE, "missing".to_string()))?;
        let annotations = std::str::from_utf8(annotations)
            .map_err(|_| invalid(ANNOTATIONS_FILE, "not UTF-8 text".to_string()))?;
        let annotations: AnnotationsFile = crate::yaml::from_str(annotations)
            .map_err(|e| invalid(ANNOTATIONS_FILE, e.to_string()))?;
        let annotations = annotations.annotations;
        let media_type = annotations
            .get(ANNOTATION_MEDIA_TYPE)
            .map(String::as_str)
            .unwrap_or_default();
        if media_type != MEDIA_TYPE_REGISTRY_V1 {
            return Err(invalid(
                ANNOTATIONS_FILE,
                format!(
                    "bundle media type {media_type:?} is not supported (only {MEDIA_TYPE_REGISTRY_V1:?})"
                ),
            ));
        }
        let package_name = annotations
            .get(ANNOTATION_PACKAGE)
            .cloned()
            .unwrap_or_default();
        if package_name.is_empty() {
            return Err(invalid(
                ANNOTATIONS_FILE,
                format!("package name is empty ({ANNOTATION_PACKAGE})"),
            ));
        }
        let channels = annotations
            .get(ANNOTATION_CHANNELS)
            .map(|text| {
                text.split(',')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        let default_channel = annotations
            .get(ANNOTATION_DEFAULT_CHANNEL)
            .filter(|c| !c.is_empty())
            .cloned();

        let mut budget = YamlBudget::new(limits);
        let mut csvs = Vec::new();
        let mut crds = Vec::new();
        let mut others = Vec::new();
        for (path, bytes) in files.range("manifests/".to_string()..) {
            let Some(name) = path.strip_prefix("manifests/") else {
                break;
            };
            if name.contains('/') {
                return Err(invalid(
                    path,
                    "subdirectories are not allowed within the manifests directory of a bundle"
                        .to_string(),
                ));
            }
            let text =
                std::str::from_utf8(bytes).map_err(|_| invalid(path, "not UTF-8 text".into()))?;
            let documents =
                crate::yaml::documents(text, &mut budget).map_err(|(document, line, error)| {
                    invalid(
                        path,
                        format!("document {} (line {line}): {}", document + 1, error.message),
                    )
                })?;
            for document in documents {
                let location = Location {
                    file: path.clone(),
                    document: document.index,
                    line: document.line,
                };
                if document.value.is_null() {
                    continue;
                }
                let kind = document
                    .value
                    .get("kind")
                    .and_then(Manifest::as_str)
                    .unwrap_or_default();
                match kind {
                    "ClusterServiceVersion" => csvs.push((location, document.value)),
                    "CustomResourceDefinition" => crds.push((location, document.value.into())),
                    _ => others.push((location, document.value.into())),
                }
            }
        }
        let (csv_location, csv) = match csvs.len() {
            1 => csvs.remove(0),
            0 => {
                return Err(invalid(
                    "manifests/",
                    "no ClusterServiceVersion in the bundle".to_string(),
                ));
            }
            n => {
                return Err(invalid(
                    "manifests/",
                    format!("{n} ClusterServiceVersions in the bundle; a bundle has exactly one"),
                ));
            }
        };
        let csv = parse_csv(&csv.to_value())
            .map_err(|reason| invalid(&csv_location.to_string(), reason))?;
        Ok(Bundle {
            package_name,
            channels,
            default_channel,
            csv,
            csv_location,
            crds,
            others,
        })
    }

    /// Every image the CSV names: its Deployments' containers and init
    /// containers and its `relatedImages`, sorted, without duplicates.
    pub fn images(&self) -> Vec<String> {
        let mut images = std::collections::BTreeSet::new();
        for related in &self.csv.spec.related_images {
            if !related.image.is_empty() {
                images.insert(related.image.clone());
            }
        }
        for deployment in &self.csv.spec.install.spec.deployments {
            for list in ["containers", "initContainers"] {
                let pointer = format!("/template/spec/{list}");
                for container in deployment
                    .spec
                    .pointer(&pointer)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if let Some(image) = container.get("image").and_then(Value::as_str) {
                        images.insert(image.to_string());
                    }
                }
            }
        }
        images.into_iter().collect()
    }
}

fn parse_csv(value: &Value) -> Result<ClusterServiceVersion, String> {
    let name = value
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
        .ok_or("the ClusterServiceVersion has no metadata.name")?
        .to_string();
    let annotations = match value.pointer("/metadata/annotations") {
        None | Some(Value::Null) => BTreeMap::new(),
        Some(annotations) => serde_json::from_value(annotations.clone())
            .map_err(|e| format!("metadata.annotations: {e}"))?,
    };
    let spec: CsvSpec = match value.get("spec") {
        None | Some(Value::Null) => CsvSpec::default(),
        Some(spec) => serde_json::from_value(spec.clone()).map_err(|e| format!("spec: {e}"))?,
    };
    let version = value
        .pointer("/spec/version")
        .and_then(Value::as_str)
        .ok_or("the ClusterServiceVersion has no spec.version")?;
    let version = crate::version::parse_version(version)
        .map_err(|e| format!("spec.version {version:?} is not semver: {e}"))?;
    Ok(ClusterServiceVersion {
        name,
        annotations,
        version,
        spec,
    })
}
