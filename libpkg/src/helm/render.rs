//! Everything a template engine needs to render a chart, and nothing it has to
//! compute: Helm's install preflight (installable type, dependencies present,
//! `kubeVersion`), dependency processing, coalesced and schema-checked values,
//! and for every template of the chart and its subcharts its name, text and
//! top-level data object (`.Values`, `.Chart`, `.Release`, `.Capabilities`,
//! `.Template`, `.Files`, `.Subcharts`), as Helm's engine sets them up.
//!
//! Template names are Helm's (`app/templates/deployment.yaml`,
//! `app/charts/db/templates/_helpers.tpl`), and [`Rendering::templates`] is in
//! Helm's parse order: deeper paths first, then reverse lexical order. Parsing
//! all of them into one template set in that order makes a parent's `define`
//! win over a subchart's of the same name, as in Helm. Partials (`_*`) are
//! parsed but not rendered; a library chart contributes only its partials;
//! only the top chart's `NOTES.txt` is shown.
//!
//! The data objects are plain JSON with Go's field names. Where Helm hands
//! templates Go methods, the engine has to provide them over this data:
//! `.Capabilities.APIVersions.Has "apps/v1"` (the list is in `APIVersions`),
//! `.Files.Get/GetBytes/Glob/Lines/AsConfig/AsSecrets` (`Files` maps each path
//! to its text; [`ChartScope::files`] has the exact bytes and implements the
//! methods), and printing
//! `.Capabilities.KubeVersion` (Go prints its `Version`).

use std::collections::BTreeMap;

use bytes::Bytes;
use serde_json::{Map, Value, json};

use super::chart::{Chart, Metadata};
use super::dependencies::{missing_dependencies, process_dependencies};
use super::files::ChartFiles;
use super::schema::{SchemaError, validate_values};
use super::semver;
use super::values::{Values, ValuesError, coalesce_values, sort_keys};

/// The release a chart is rendered for (`.Release`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReleaseOptions {
    /// `.Release.Name`.
    pub name: String,
    /// `.Release.Namespace`.
    pub namespace: String,
    /// `.Release.Revision`: 1 for an install.
    pub revision: u64,
    /// `.Release.IsInstall`.
    pub is_install: bool,
    /// `.Release.IsUpgrade`.
    pub is_upgrade: bool,
    /// `.Release.Service`. Helm says `Helm`, and charts put it in their
    /// `app.kubernetes.io/managed-by` labels; [`ReleaseOptions::install`] keeps
    /// `Helm` so that charts which compare it keep working.
    pub service: String,
    /// Helm's `--enable-dns`: templates' `getHostByName` resolves names;
    /// without it (the default since Helm 3.11.1) it returns `""`. Not a
    /// `.Release` field.
    pub enable_dns: bool,
}

impl ReleaseOptions {
    /// A first install: revision 1.
    pub fn install(name: &str, namespace: &str) -> ReleaseOptions {
        ReleaseOptions {
            name: name.to_string(),
            namespace: namespace.to_string(),
            revision: 1,
            is_install: true,
            is_upgrade: false,
            service: "Helm".to_string(),
            enable_dns: false,
        }
    }

    /// An upgrade (or rollback) creating `revision`.
    pub fn upgrade(name: &str, namespace: &str, revision: u64) -> ReleaseOptions {
        ReleaseOptions {
            revision,
            is_install: false,
            is_upgrade: true,
            ..ReleaseOptions::install(name, namespace)
        }
    }

    fn to_value(&self) -> Value {
        json!({
            "Name": self.name,
            "Namespace": self.namespace,
            "Revision": self.revision,
            "Service": self.service,
            "IsUpgrade": self.is_upgrade,
            "IsInstall": self.is_install,
        })
    }
}

pub use crate::version::KubeVersion;

/// The Helm version templates see (`.Capabilities.HelmVersion`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelmVersion {
    /// The Helm release whose behaviour is reproduced.
    pub version: String,
    /// Empty: this is not a build of Helm.
    pub git_commit: String,
    /// Empty: this is not a build of Helm.
    pub git_tree_state: String,
    /// Empty: there is no Go runtime.
    pub go_version: String,
}

/// `.Capabilities`: the cluster's version and APIs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capabilities {
    /// The cluster version.
    pub kube_version: KubeVersion,
    /// `group/version` and `group/version/Kind` entries (`v1`, `apps/v1`,
    /// `apps/v1/Deployment`), sorted.
    pub api_versions: Vec<String>,
    /// The Helm version.
    pub helm_version: HelmVersion,
    /// Whether preparing a chart refuses one whose `kubeVersion` this
    /// version does not satisfy, as Helm does. Online planning turns it off:
    /// there the plan's requirements check it, with every other requirement.
    pub check_kube_version: bool,
}

/// The Kubernetes version assumed offline (Helm 3.17's default, v1.32.0).
pub const OFFLINE_KUBE_VERSION: &str = "v1.32.0";
/// The Helm release whose behaviour this module reproduces (the rendering
/// differences found with real charts were checked against Helm 4.2.3).
pub const HELM_VERSION: &str = "v4.2.3";

/// API groups/versions and kinds a Kubernetes 1.32 cluster serves by default.
const OFFLINE_APIS: &[(&str, &[&str])] = &[
    (
        "v1",
        &[
            "Binding",
            "ComponentStatus",
            "ConfigMap",
            "Endpoints",
            "Event",
            "LimitRange",
            "Namespace",
            "Node",
            "PersistentVolume",
            "PersistentVolumeClaim",
            "Pod",
            "PodTemplate",
            "ReplicationController",
            "ResourceQuota",
            "Secret",
            "Service",
            "ServiceAccount",
        ],
    ),
    (
        "admissionregistration.k8s.io/v1",
        &[
            "MutatingWebhookConfiguration",
            "ValidatingAdmissionPolicy",
            "ValidatingAdmissionPolicyBinding",
            "ValidatingWebhookConfiguration",
        ],
    ),
    ("apiextensions.k8s.io/v1", &["CustomResourceDefinition"]),
    ("apiregistration.k8s.io/v1", &["APIService"]),
    (
        "apps/v1",
        &[
            "ControllerRevision",
            "DaemonSet",
            "Deployment",
            "ReplicaSet",
            "StatefulSet",
        ],
    ),
    (
        "authentication.k8s.io/v1",
        &["SelfSubjectReview", "TokenReview"],
    ),
    (
        "authorization.k8s.io/v1",
        &[
            "LocalSubjectAccessReview",
            "SelfSubjectAccessReview",
            "SelfSubjectRulesReview",
            "SubjectAccessReview",
        ],
    ),
    ("autoscaling/v1", &["HorizontalPodAutoscaler"]),
    ("autoscaling/v2", &["HorizontalPodAutoscaler"]),
    ("batch/v1", &["CronJob", "Job"]),
    ("certificates.k8s.io/v1", &["CertificateSigningRequest"]),
    ("coordination.k8s.io/v1", &["Lease"]),
    ("discovery.k8s.io/v1", &["EndpointSlice"]),
    ("events.k8s.io/v1", &["Event"]),
    (
        "flowcontrol.apiserver.k8s.io/v1",
        &["FlowSchema", "PriorityLevelConfiguration"],
    ),
    (
        "networking.k8s.io/v1",
        &["Ingress", "IngressClass", "NetworkPolicy"],
    ),
    ("node.k8s.io/v1", &["RuntimeClass"]),
    ("policy/v1", &["Eviction", "PodDisruptionBudget"]),
    (
        "rbac.authorization.k8s.io/v1",
        &["ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding"],
    ),
    ("scheduling.k8s.io/v1", &["PriorityClass"]),
    (
        "storage.k8s.io/v1",
        &[
            "CSIDriver",
            "CSINode",
            "CSIStorageCapacity",
            "StorageClass",
            "VolumeAttachment",
        ],
    ),
];

impl Capabilities {
    /// The documented offline defaults: Kubernetes v1.32.0 (major `1`, minor
    /// `32`) and the GA APIs a 1.32 cluster serves, with and without kinds.
    ///
    /// Helm's own offline set is client-go's type registry, which also lists
    /// beta versions (`policy/v1beta1`) that a 1.32 cluster no longer serves;
    /// this set lists only what such a cluster serves, so a chart that picks
    /// its API version with `.Capabilities.APIVersions.Has` picks one that exists.
    pub fn offline() -> Capabilities {
        let mut api_versions = Vec::new();
        for (group_version, kinds) in OFFLINE_APIS {
            api_versions.push(group_version.to_string());
            api_versions.extend(kinds.iter().map(|kind| format!("{group_version}/{kind}")));
        }
        Capabilities::for_cluster(OFFLINE_KUBE_VERSION, "1", "32", api_versions)
    }

    /// The offline defaults with another Kubernetes version, as Helm 4's
    /// `--kube-version` gives it ([`KubeVersion::parse`]). The APIs listed
    /// stay the offline set, as in Helm.
    pub fn offline_for(version: &str) -> Result<Capabilities, crate::version::KubeVersionError> {
        Ok(Capabilities {
            kube_version: KubeVersion::parse(version)?,
            ..Capabilities::offline()
        })
    }

    /// Capabilities from discovery: the server's `gitVersion`, `major` and
    /// `minor`, and its group/versions and group/version/kinds.
    pub fn for_cluster(
        git_version: &str,
        major: &str,
        minor: &str,
        api_versions: impl IntoIterator<Item = String>,
    ) -> Capabilities {
        let mut api_versions: Vec<String> = api_versions.into_iter().collect();
        api_versions.sort();
        api_versions.dedup();
        Capabilities {
            kube_version: KubeVersion {
                version: git_version.to_string(),
                normalized: KubeVersion::parse(git_version)
                    .map_or_else(|_| git_version.to_string(), |parsed| parsed.normalized),
                major: major.to_string(),
                minor: minor.to_string(),
            },
            api_versions,
            helm_version: HelmVersion {
                version: HELM_VERSION.to_string(),
                git_commit: String::new(),
                git_tree_state: String::new(),
                go_version: String::new(),
            },
            check_kube_version: true,
        }
    }

    /// `.Capabilities.APIVersions.Has`.
    pub fn has(&self, api_version: &str) -> bool {
        self.api_versions
            .binary_search_by(|v| v.as_str().cmp(api_version))
            .is_ok()
    }

    /// The `.Capabilities` object.
    pub fn to_value(&self) -> Value {
        json!({
            "KubeVersion": {
                "Version": self.kube_version.version,
                "Major": self.kube_version.major,
                "Minor": self.kube_version.minor,
                "GitVersion": self.kube_version.version,
            },
            "APIVersions": self.api_versions,
            "HelmVersion": {
                "Version": self.helm_version.version,
                "GitCommit": self.helm_version.git_commit,
                "GitTreeState": self.helm_version.git_tree_state,
                "GoVersion": self.helm_version.go_version,
            },
        })
    }
}

/// `.Chart`: the metadata with Go's field names, plus `IsRoot`.
fn chart_value(metadata: &Metadata, is_root: bool) -> Value {
    let maintainers: Vec<Value> = metadata
        .maintainers
        .iter()
        .map(|m| json!({"Name": m.name, "Email": m.email, "URL": m.url}))
        .collect();
    let dependencies: Vec<Value> = metadata
        .dependencies
        .iter()
        .map(|d| {
            json!({
                "Name": d.name, "Version": d.version, "Repository": d.repository,
                "Condition": d.condition, "Tags": d.tags, "Enabled": d.enabled,
                "ImportValues": d.import_values, "Alias": d.alias,
            })
        })
        .collect();
    json!({
        "Name": metadata.name,
        "Home": metadata.home,
        "Sources": metadata.sources,
        "Version": metadata.version,
        "Description": metadata.description,
        "Keywords": metadata.keywords,
        "Maintainers": maintainers,
        "Icon": metadata.icon,
        "APIVersion": metadata.api_version,
        "Condition": metadata.condition,
        "Tags": metadata.tags,
        "AppVersion": metadata.app_version,
        "Deprecated": metadata.deprecated,
        "Annotations": metadata.annotations,
        "KubeVersion": metadata.kube_version,
        "Dependencies": dependencies,
        "Type": metadata.chart_type,
        "IsRoot": is_root,
    })
}

/// What a template file is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateKind {
    /// Rendered; its output is manifests.
    Manifest,
    /// A `_` file: parsed for its definitions, never rendered.
    Partial,
    /// A file whose name ends in `NOTES.txt`: rendered, never a manifest.
    Notes {
        /// Whether it is the top chart's `templates/NOTES.txt`, the only notes
        /// Helm shows after an install.
        root: bool,
    },
}

/// One template file, ready for the engine.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// Helm's name for it: `app/templates/deployment.yaml`. Errors name it.
    pub name: String,
    /// `.Template.BasePath`: `app/templates`.
    pub base_path: String,
    /// The template text.
    pub text: String,
    /// What it is for.
    pub kind: TemplateKind,
    /// Index of its chart in [`Rendering::charts`].
    pub chart: usize,
}

/// One chart (the top one or a subchart) and the data its templates see.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartScope {
    /// `app`, `app/charts/db`.
    pub full_path: String,
    /// `{Values, Chart, Release, Capabilities, Subcharts}` (`.Files` is
    /// [`ChartScope::files`], a Go object to templates).
    pub data: Value,
    /// The chart's files, exact bytes, with `.Files`' methods.
    pub files: ChartFiles,
    /// For a subchart: its parent's index in [`Rendering::charts`] and its
    /// name there (`.Values.<name>` and `.Subcharts.<name>` of the parent).
    pub parent: Option<(usize, String)>,
}

/// A chart prepared for rendering.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendering {
    /// The top chart's coalesced `.Values`, keys sorted: what the plan records.
    pub values: Values,
    /// Every enabled chart, top chart first, then subcharts depth-first.
    pub charts: Vec<ChartScope>,
    /// Every template, in Helm's parse order (see the module docs).
    pub templates: Vec<Template>,
    /// CRD files of the enabled charts (`app/crds/x.yaml`, `app/charts/db/crds/y.yaml`):
    /// applied first, never templated.
    pub crds: Vec<(String, Bytes)>,
    /// What Helm would only log: non-boolean conditions, overwritten tables.
    pub warnings: Vec<String>,
}

impl Template {
    /// `.Template`: `{Name, BasePath}`.
    pub fn template_object(&self) -> Value {
        json!({"Name": self.name, "BasePath": self.base_path})
    }
}

impl Rendering {
    /// The top-level data object for one template: its chart's data plus
    /// `.Template`. This copies the chart's data; an engine that renders many
    /// templates can instead read `charts[template.chart].data` by reference
    /// and answer `.Template` from [`Template::template_object`].
    pub fn data_for(&self, template: &Template) -> Value {
        let mut data = self.charts[template.chart].data.clone();
        data["Template"] = template.template_object();
        data
    }

    /// The top chart's `templates/NOTES.txt`, shown after an install.
    pub fn notes(&self) -> Option<&Template> {
        self.templates
            .iter()
            .find(|t| t.kind == TemplateKind::Notes { root: true })
    }

    /// The templates whose output is manifests, in parse order.
    pub fn manifests(&self) -> impl Iterator<Item = &Template> {
        self.templates
            .iter()
            .filter(|t| t.kind == TemplateKind::Manifest)
    }
}

/// Why a chart cannot be rendered.
#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    /// Library charts only provide definitions to other charts.
    #[error("{chart}: library charts are not installable")]
    NotInstallable {
        /// The chart.
        chart: String,
    },
    /// A dependency in `Chart.yaml` has no chart in `charts/`.
    #[error("{chart}: {message}")]
    MissingDependencies {
        /// The chart.
        chart: String,
        /// Which ones.
        message: String,
    },
    /// The cluster's version does not satisfy the chart's `kubeVersion`.
    #[error(
        "chart requires kubeVersion: {constraint} which is incompatible with Kubernetes {version}"
    )]
    KubeVersion {
        /// The chart's constraint.
        constraint: String,
        /// The cluster's version.
        version: String,
    },
    /// The chart's `kubeVersion` is not a valid constraint.
    #[error("{chart}/Chart.yaml: kubeVersion {constraint:?}: {reason}")]
    BadKubeVersion {
        /// The chart.
        chart: String,
        /// The constraint as written.
        constraint: String,
        /// Why it does not parse.
        reason: semver::SemverError,
    },
    /// The values could not be coalesced.
    #[error(transparent)]
    Values(#[from] ValuesError),
    /// The values break a chart's schema.
    #[error(transparent)]
    Schema(#[from] SchemaError),
}

/// Checks the chart's `kubeVersion` against the cluster's, as Helm does at
/// install (the top chart's only).
pub fn check_kube_version(chart: &Chart, capabilities: &Capabilities) -> Result<(), PrepareError> {
    let constraint = &chart.metadata.kube_version;
    if constraint.is_empty() || !capabilities.check_kube_version {
        return Ok(());
    }
    let parsed =
        semver::Constraints::parse(constraint).map_err(|reason| PrepareError::BadKubeVersion {
            chart: chart.name().to_string(),
            constraint: constraint.clone(),
            reason,
        })?;
    let version = &capabilities.kube_version.normalized;
    let compatible = semver::Version::parse(version).is_ok_and(|v| parsed.check(&v));
    if compatible {
        Ok(())
    } else {
        Err(PrepareError::KubeVersion {
            constraint: constraint.clone(),
            version: version.clone(),
        })
    }
}

/// Prepares `chart` for rendering with the user's `values` (from
/// [`ValueOptions::merge`](super::values::ValueOptions::merge)): the install
/// preflight, dependency processing, coalescing, schema validation, then the
/// data object of every chart and the list of templates.
pub fn prepare(
    chart: &Chart,
    values: &Values,
    release: &ReleaseOptions,
    capabilities: &Capabilities,
) -> Result<Rendering, PrepareError> {
    if chart.metadata.is_library() {
        return Err(PrepareError::NotInstallable {
            chart: chart.name().to_string(),
        });
    }
    if let Some(message) = missing_dependencies(chart) {
        return Err(PrepareError::MissingDependencies {
            chart: chart.name().to_string(),
            message,
        });
    }
    check_kube_version(chart, capabilities)?;
    // Dependency processing changes a copy; a chart without any is read as it is.
    let (chart, mut warnings) =
        if chart.dependencies.is_empty() && chart.metadata.dependencies.is_empty() {
            (std::borrow::Cow::Borrowed(chart), Vec::new())
        } else {
            let mut chart = chart.clone();
            let warnings = process_dependencies(&mut chart, values)?;
            (std::borrow::Cow::Owned(chart), warnings)
        };
    let (mut coalesced, more) = coalesce_values(&chart, values)?;
    warnings.extend(more);
    validate_values(&chart, &coalesced)?;
    coalesced.sort_keys();
    coalesced.values_mut().for_each(sort_keys);

    let mut rendering = Rendering {
        values: coalesced.clone(),
        charts: Vec::new(),
        templates: Vec::new(),
        crds: chart.crd_files(),
        warnings,
    };
    let common = Common {
        release: release.to_value(),
        capabilities: capabilities.to_value(),
    };
    scope(
        &chart,
        chart.name().to_string(),
        Value::Object(coalesced),
        None,
        &common,
        &mut rendering,
    );
    rendering.templates.sort_by(|a, b| {
        let depth = |t: &Template| t.name.matches('/').count();
        depth(b).cmp(&depth(a)).then_with(|| b.name.cmp(&a.name))
    });
    Ok(rendering)
}

struct Common {
    release: Value,
    capabilities: Value,
}

/// Adds the chart's scope and templates, then its subcharts'; returns the
/// chart's data object for its parent's `.Subcharts` (null for the root).
fn scope(
    chart: &Chart,
    full_path: String,
    values: Value,
    parent: Option<(usize, String)>,
    common: &Common,
    out: &mut Rendering,
) -> Value {
    let index = out.charts.len();
    let is_root = parent.is_none();
    out.charts.push(ChartScope {
        full_path: full_path.clone(),
        data: Value::Null,
        files: ChartFiles::new(chart.files.clone()),
        parent,
    });
    let mut subcharts = BTreeMap::new();
    for sub in &chart.dependencies {
        let sub_values = match values.get(sub.name()) {
            Some(Value::Object(map)) => Value::Object(map.clone()),
            _ => Value::Object(Map::new()),
        };
        let data = scope(
            sub,
            format!("{full_path}/charts/{}", sub.name()),
            sub_values,
            Some((index, sub.name().to_string())),
            common,
            out,
        );
        subcharts.insert(sub.name().to_string(), data);
    }
    let data = json!({
        "Values": values,
        "Chart": chart_value(&chart.metadata, is_root),
        "Release": common.release,
        "Capabilities": common.capabilities,
        "Subcharts": subcharts,
    });
    // The root's data is no chart's `.Subcharts`: kept, not copied.
    let for_parent = if is_root { Value::Null } else { data.clone() };
    out.charts[index].data = data;

    let base_path = format!("{full_path}/templates");
    for (path, text) in &chart.templates {
        let base_name = path.rsplit('/').next().unwrap_or(path);
        let kind = if base_name.starts_with('_') {
            TemplateKind::Partial
        } else if path.ends_with("NOTES.txt") {
            TemplateKind::Notes {
                root: is_root && path == "templates/NOTES.txt",
            }
        } else {
            TemplateKind::Manifest
        };
        if chart.metadata.is_library() && kind != TemplateKind::Partial {
            continue;
        }
        out.templates.push(Template {
            name: format!("{full_path}/{path}"),
            base_path: base_path.clone(),
            text: text.clone(),
            kind,
            chart: index,
        });
    }
    for_parent
}

#[cfg(test)]
mod tests {

    #[test]
    fn kube_version_as_helm_takes_it() {
        let at = |v: &str| Capabilities::offline_for(v).map(|c| c.kube_version);
        // As Helm 4.2.3 gives them (checked with its SDK).
        for (given, version, normalized, minor) in [
            ("1.30", "v1.30", "v1.30", "30"),
            ("v1.29.4", "v1.29.4", "v1.29.4", "29"),
            ("1.30.0-rc.1", "v1.30.0-rc.1", "v1.30.0", "30"),
            (
                "v1.29.3-eks-adc7111",
                "v1.29.3-eks-adc7111",
                "v1.29.3",
                "29",
            ),
            ("1.30.x", "v1.30.x", "v1.30", "30"),
            ("1.30.2.7", "v1.30.2.7", "v1.30.2.7", "30"),
        ] {
            let parsed = at(given).unwrap();
            assert_eq!(
                (
                    parsed.version.as_str(),
                    parsed.normalized.as_str(),
                    parsed.major.as_str(),
                    parsed.minor.as_str()
                ),
                (version, normalized, "1", minor),
                "{given}"
            );
        }
        for bad in ["1", "one.two", "01.30", "x1.30", ""] {
            assert!(
                at(bad)
                    .unwrap_err()
                    .to_string()
                    .contains("not a Kubernetes version"),
                "{bad}"
            );
        }
        let apis = Capabilities::offline_for("1.31").unwrap();
        assert!(apis.has("policy/v1/PodDisruptionBudget"));
        assert_eq!(apis.api_versions, Capabilities::offline().api_versions);
    }

    use super::*;
    use crate::helm::chart::tests::load;
    use serde_json::json;

    fn chart() -> Chart {
        load(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: app\nversion: 1.0.0\nappVersion: '7.0'\nkubeVersion: '>=1.20.0-0'\n\
                 maintainers: [{name: Jane, email: jane@example.com}]\n\
                 dependencies: [{name: db, version: 1.x, alias: store}, {name: common, version: '*'}]\n",
            ),
            (
                "values.yaml",
                "replicas: 2\nstore: {size: 5Gi}\nglobal: {env: prod}\n",
            ),
            ("templates/deployment.yaml", "kind: Deployment"),
            (
                "templates/_helpers.tpl",
                "{{ define \"app.name\" }}app{{ end }}",
            ),
            ("templates/NOTES.txt", "Installed {{ .Release.Name }}"),
            ("templates/extra/MORENOTES.txt", "not a manifest"),
            ("files/app.conf", "x=1\n"),
            ("crds/thing.yaml", "kind: CustomResourceDefinition"),
            (
                "charts/db/Chart.yaml",
                "apiVersion: v2\nname: db\nversion: 1.4.0\n",
            ),
            ("charts/db/values.yaml", "size: 1Gi\nimage: postgres\n"),
            ("charts/db/templates/statefulset.yaml", "kind: StatefulSet"),
            ("charts/db/templates/NOTES.txt", "db notes"),
            (
                "charts/common/Chart.yaml",
                "apiVersion: v2\nname: common\nversion: 2.0.0\ntype: library\n",
            ),
            (
                "charts/common/templates/_labels.tpl",
                "{{ define \"common.labels\" }}{{ end }}",
            ),
            ("charts/common/templates/ignored.yaml", "kind: ConfigMap"),
        ])
    }

    #[test]
    fn templates_come_with_names_kinds_and_helms_parse_order() {
        let rendering = prepare(
            &chart(),
            &Values::new(),
            &ReleaseOptions::install("web", "prod"),
            &Capabilities::offline(),
        )
        .unwrap();
        let listed: Vec<(&str, TemplateKind)> = rendering
            .templates
            .iter()
            .map(|t| (t.name.as_str(), t.kind))
            .collect();
        assert_eq!(
            listed,
            [
                (
                    "app/charts/store/templates/statefulset.yaml",
                    TemplateKind::Manifest
                ),
                (
                    "app/charts/store/templates/NOTES.txt",
                    TemplateKind::Notes { root: false }
                ),
                (
                    "app/charts/common/templates/_labels.tpl",
                    TemplateKind::Partial
                ),
                (
                    "app/templates/extra/MORENOTES.txt",
                    TemplateKind::Notes { root: false }
                ),
                ("app/templates/deployment.yaml", TemplateKind::Manifest),
                ("app/templates/_helpers.tpl", TemplateKind::Partial),
                (
                    "app/templates/NOTES.txt",
                    TemplateKind::Notes { root: true }
                ),
            ]
        );
        assert_eq!(
            rendering
                .manifests()
                .map(|t| t.name.as_str())
                .collect::<Vec<_>>(),
            [
                "app/charts/store/templates/statefulset.yaml",
                "app/templates/deployment.yaml"
            ]
        );
        assert_eq!(rendering.crds[0].0, "app/crds/thing.yaml");
        assert_eq!(rendering.notes().unwrap().name, "app/templates/NOTES.txt");
    }

    #[test]
    fn data_objects_are_scoped_per_chart() {
        let user = json!({"store": {"image": "postgres:17"}});
        let rendering = prepare(
            &chart(),
            user.as_object().unwrap(),
            &ReleaseOptions::upgrade("web", "prod", 3),
            &Capabilities::offline(),
        )
        .unwrap();
        let top = rendering
            .templates
            .iter()
            .find(|t| t.name == "app/templates/deployment.yaml")
            .unwrap();
        let data = rendering.data_for(top);
        assert_eq!(data["Values"]["replicas"], json!(2.0));
        assert_eq!(data["Values"]["store"]["image"], json!("postgres:17"));
        assert_eq!(data["Chart"]["Name"], json!("app"));
        assert_eq!(data["Chart"]["AppVersion"], json!("7.0"));
        assert_eq!(data["Chart"]["IsRoot"], json!(true));
        assert_eq!(
            data["Chart"]["Maintainers"][0]["Email"],
            json!("jane@example.com")
        );
        assert_eq!(
            data["Release"],
            json!({"Name": "web", "Namespace": "prod", "Revision": 3, "Service": "Helm", "IsUpgrade": true, "IsInstall": false})
        );
        assert_eq!(
            data["Capabilities"]["KubeVersion"]["Version"],
            json!("v1.32.0")
        );
        assert_eq!(data["Capabilities"]["KubeVersion"]["Minor"], json!("32"));
        assert_eq!(
            data["Template"],
            json!({"Name": "app/templates/deployment.yaml", "BasePath": "app/templates"})
        );
        assert_eq!(
            rendering.charts[0].files.get_bytes("files/app.conf"),
            b"x=1\n"
        );
        assert_eq!(data["Subcharts"]["store"]["Values"]["size"], json!("5Gi"));

        let sub = rendering
            .templates
            .iter()
            .find(|t| t.name == "app/charts/store/templates/statefulset.yaml")
            .unwrap();
        let data = rendering.data_for(sub);
        assert_eq!(
            data["Values"],
            json!({"size": "5Gi", "image": "postgres:17", "global": {"env": "prod"}})
        );
        assert_eq!(data["Chart"]["Name"], json!("store"));
        assert_eq!(data["Chart"]["IsRoot"], json!(false));
        assert_eq!(
            data["Template"]["BasePath"],
            json!("app/charts/store/templates")
        );
        assert_eq!(rendering.charts[sub.chart].full_path, "app/charts/store");
    }

    #[test]
    fn preflight_refuses_what_helm_refuses() {
        let release = ReleaseOptions::install("web", "prod");
        let old = Capabilities::for_cluster("v1.19.4", "1", "19", Vec::new());
        let error = prepare(&chart(), &Values::new(), &release, &old)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "chart requires kubeVersion: >=1.20.0-0 which is incompatible with Kubernetes v1.19.4"
        );
        let eks = Capabilities::for_cluster("v1.29.3-eks-adc7111", "1", "29+", Vec::new());
        prepare(&chart(), &Values::new(), &release, &eks).unwrap();

        let mut bad = chart();
        bad.metadata.kube_version = "newest".into();
        let error = prepare(&bad, &Values::new(), &release, &eks)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("app/Chart.yaml: kubeVersion \"newest\""),
            "{error}"
        );

        let library = load(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: lib\nversion: 1.0.0\ntype: library\n",
        )]);
        assert!(matches!(
            prepare(&library, &Values::new(), &release, &eks),
            Err(PrepareError::NotInstallable { .. })
        ));
        let missing = load(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies: [{name: db, version: 1.x}]\n",
        )]);
        let error = prepare(&missing, &Values::new(), &release, &eks)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("missing in charts/ directory: db"),
            "{error}"
        );
    }

    #[test]
    fn offline_capabilities_list_versions_and_kinds() {
        let caps = Capabilities::offline();
        assert!(caps.has("apps/v1"));
        assert!(caps.has("apps/v1/Deployment"));
        assert!(caps.has("policy/v1/PodDisruptionBudget"));
        assert!(!caps.has("policy/v1beta1/PodDisruptionBudget"));
        assert!(caps.has("v1/Secret"));
        let value = caps.to_value();
        assert_eq!(value["HelmVersion"]["Version"], json!(HELM_VERSION));
        assert_eq!(
            value["APIVersions"].as_array().unwrap().len(),
            caps.api_versions.len()
        );
    }
}
