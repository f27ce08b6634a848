//! The chart side of planning: the values a chart is rendered with (the
//! user's, or on upgrade those of the deployed revision by Helm's rules), the
//! `.Release` and `.Capabilities` it sees (from the cluster when online,
//! documented defaults offline), and its rendering into documents, notes and
//! warnings. Other formats go to [`prepare`](super::prepare), and refuse values.

use serde_json::Value;

use super::prepare::{Prepared, prepare};
use super::{PlanError, Source};
use crate::cluster::Cluster;
use crate::helm::engine::{Lookup, render_chart};
use crate::helm::render::{Capabilities, ReleaseOptions};
use crate::helm::values::{Values, upgrade_values};
use crate::package::Package;

/// What rendering a package gave: its documents and, for a chart, what the
/// plan records (its `values`: the user-supplied values, Helm's release config).
#[derive(Debug, Clone)]
pub(super) struct Rendered {
    /// The documents and the plan's `values`.
    pub prepared: Prepared,
    /// The chart's rendered `NOTES.txt`.
    pub notes: Option<String>,
    /// Warnings for the plan.
    pub warnings: Vec<String>,
}

/// The release a package is rendered for.
pub(super) struct Target<'a> {
    /// Release name.
    pub release: &'a str,
    /// Release namespace.
    pub namespace: &'a str,
    /// For an upgrade: the revision it creates and the values the deployed
    /// revision recorded.
    pub upgrade: Option<(u32, Option<&'a Value>)>,
}

/// Renders a package: a chart with its values, any other format through
/// [`prepare`] with its configuration. `cert_manager`: whether the cluster
/// has cert-manager (for OLM bundles' webhooks).
pub(super) fn render_package(
    package: &Package,
    source: &Source,
    target: &Target<'_>,
    capabilities: &Capabilities,
    cert_manager: bool,
    lookup: Option<&mut Lookup<'_>>,
) -> Result<Rendered, PlanError> {
    let Some(chart) = &package.chart else {
        if !source.values.is_empty() {
            return Err(PlanError::ValuesNotTaken {
                format: package.format().to_string(),
            });
        }
        let prepared = prepare(package, &source.config, target.namespace, cert_manager)?;
        // A chart may render no objects (Helm installs an empty release); a
        // package with nothing under manifests/ is a mistake.
        if prepared.documents.is_empty() {
            return Err(crate::render::RenderError::Empty.into());
        }
        return Ok(Rendered {
            prepared,
            notes: None,
            warnings: Vec::new(),
        });
    };
    if let Some(key) = source.config.keys().next() {
        return Err(PlanError::Config {
            reason: format!(
                "--config {key}: a Helm chart takes values (-f/--values, --set…), not --config"
            ),
        });
    }
    let (release, values) = match target.upgrade {
        None => (
            ReleaseOptions::install(target.release, target.namespace),
            source.values.clone(),
        ),
        Some((revision, previous)) => {
            let previous: Values = previous
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            (
                ReleaseOptions::upgrade(target.release, target.namespace, u64::from(revision)),
                upgrade_values(source.reuse_values, source.values.clone(), &previous),
            )
        }
    };
    let rendered = render_chart(chart, &values, &release, capabilities, lookup)?;
    let mut values = Value::Object(values);
    crate::helm::values::sort_keys(&mut values);
    Ok(Rendered {
        prepared: Prepared {
            documents: rendered.documents,
            deferred_hooks: rendered.deferred_hooks,
            other_namespaces: chart_namespaces(chart),
            bundle: None,
            values: Some(values),
        },
        notes: rendered.notes,
        warnings: rendered.warnings,
    })
}

/// The annotation of `Chart.yaml` listing the namespaces besides the
/// release's that the chart's objects may name (comma-separated), as
/// `namespaces:` does in `package.yaml`.
const NAMESPACES_ANNOTATION: &str = "kubectl-pkg.dev/namespaces";

/// The namespaces a chart's [`NAMESPACES_ANNOTATION`] lists.
fn chart_namespaces(chart: &crate::helm::chart::Chart) -> Vec<String> {
    chart
        .metadata
        .annotations
        .get(NAMESPACES_ANNOTATION)
        .map(|list| {
            list.split(',')
                .map(str::trim)
                .filter(|ns| !ns.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Helm's `lookup` against the cluster: the object, or for an empty name a
/// `List` of the kind's objects in the namespace (every namespace when it is
/// empty); `{}` when there is none, or the kind is not served. Templates run
/// synchronously, so each call blocks on the request (on a multi-threaded
/// runtime; on any other, `lookup` finds nothing, as offline).
pub(super) fn cluster_lookup(
    cluster: &Cluster,
) -> Option<impl FnMut(&str, &str, &str, &str) -> Result<Value, String> + '_> {
    let handle = tokio::runtime::Handle::try_current().ok()?;
    if handle.runtime_flavor() != tokio::runtime::RuntimeFlavor::MultiThread {
        return None;
    }
    Some(
        move |api_version: &str, kind: &str, namespace: &str, name: &str| {
            tokio::task::block_in_place(|| {
                handle.block_on(async {
                    let group = crate::object::group_of(api_version).to_string();
                    let discovery = cluster
                        .discover(&std::collections::BTreeSet::from([group]))
                        .await
                        .map_err(|e| e.to_string())?;
                    let Some(resource) = discovery.resolve(api_version, kind) else {
                        return Ok(Value::Object(Default::default()));
                    };
                    let namespace =
                        (resource.namespaced && !namespace.is_empty()).then_some(namespace);
                    if name.is_empty() {
                        let items: Vec<Value> = cluster
                            .list(resource)
                            .await
                            .map_err(|e| e.to_string())?
                            .into_iter()
                            .filter(|item| {
                                namespace.is_none_or(|ns| {
                                    item.pointer("/metadata/namespace").and_then(Value::as_str)
                                        == Some(ns)
                                })
                            })
                            .collect();
                        return Ok(serde_json::json!({
                            "apiVersion": "v1", "kind": "List", "items": items,
                        }));
                    }
                    Ok(cluster
                        .get(resource, namespace, name)
                        .await
                        .map_err(|e| e.to_string())?
                        .unwrap_or_else(|| Value::Object(Default::default())))
                })
            })
        },
    )
}

/// `.Capabilities` from the cluster: its version and every API it serves,
/// and a warning for each group version the server could not describe (as
/// Helm warns of an orphaned APIService). Only charts need them; other
/// packages get the offline defaults unasked.
pub(super) async fn capabilities(
    cluster: &Cluster,
    package: &Package,
) -> Result<(Capabilities, Vec<String>), PlanError> {
    if package.chart.is_none() {
        return Ok((Capabilities::offline(), Vec::new()));
    }
    let version = cluster.server_version().await?;
    let (major, minor) = major_minor(&version);
    let served = cluster.api_versions().await?;
    let warnings = served
        .unavailable
        .iter()
        .map(|(group_version, message)| {
            format!(
                "the API server could not describe {group_version} ({message}); .Capabilities.APIVersions lists it without its kinds"
            )
        })
        .collect();
    let capabilities = Capabilities::for_cluster(&version, &major, &minor, served.api_versions);
    Ok((capabilities, warnings))
}

/// `v1.20.2-eks-1` → (`1`, `20`).
fn major_minor(version: &str) -> (String, String) {
    let mut parts = version.trim_start_matches('v').split('.');
    let major = parts.next().unwrap_or_default().to_string();
    let minor: String = parts
        .next()
        .unwrap_or_default()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (major, minor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_split_as_the_server_reports_them() {
        assert_eq!(major_minor("v1.20.2"), ("1".into(), "20".into()));
        assert_eq!(
            major_minor("v1.29.3-eks-adc7111"),
            ("1".into(), "29".into())
        );
    }

    fn chart_package(templates: &[(&str, &str)]) -> crate::package::Package {
        use crate::package::{Files, Limits, Package};
        let mut files: Files = templates
            .iter()
            .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
            .collect();
        files.insert(
            "Chart.yaml".to_string(),
            b"apiVersion: v2\nname: app\nversion: 1.0.0\n".to_vec(),
        );
        Package::from_chart_files(files, "app", &Limits::default()).unwrap()
    }

    /// Issue 22 I: a chart whose templates render no objects (here: all of
    /// them behind a value that is off) plans an empty release, as Helm 4.2.3
    /// installs one (its dry-run manifest is empty); no refusal about
    /// `manifests/`.
    #[test]
    fn a_chart_that_renders_nothing_plans_an_empty_release() {
        let package = chart_package(&[(
            "templates/a.yaml",
            "{{- if .Values.x }}\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n{{- end }}\n",
        )]);
        let plan =
            crate::action::plan_offline(&package, &Source::local("./app"), "app", "web").unwrap();
        assert!(plan.objects.is_empty());
    }

    /// Issue 22 H, through a chart: the namespace of a cluster-scoped
    /// object is dropped and the plan says so.
    #[test]
    fn a_chart_cluster_scoped_object_with_a_namespace_is_planned() {
        let package = chart_package(&[(
            "templates/a.yaml",
            "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\n  namespace: {{ .Release.Namespace }}\n",
        )]);
        let plan =
            crate::action::plan_offline(&package, &Source::local("./app"), "app", "web").unwrap();
        assert_eq!(plan.objects[0].namespace, None);
        assert!(
            plan.warnings.iter().any(|w| w.contains(
                "ClusterRole \"reader\" is cluster-scoped; its metadata.namespace \"web\" was dropped"
            )),
            "{:?}",
            plan.warnings
        );
    }

    #[test]
    fn charts_name_other_namespaces_in_an_annotation() {
        use crate::package::{Files, Limits, Package};
        let files = |annotations: &str| -> Files {
            [
                (
                    "Chart.yaml".to_string(),
                    format!("apiVersion: v2\nname: spread\nversion: 1.0.0\n{annotations}")
                        .into_bytes(),
                ),
                (
                    "templates/cm.yaml".to_string(),
                    b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, namespace: monitoring}\n"
                        .to_vec(),
                ),
            ]
            .into_iter()
            .collect()
        };
        let plan = |annotations: &str| {
            let package =
                Package::from_chart_files(files(annotations), "spread", &Limits::default())
                    .unwrap();
            crate::action::plan_offline(&package, &Source::local("./spread"), "spread", "web")
        };
        let error = plan("").unwrap_err().to_string();
        assert!(error.contains("kubectl-pkg.dev/namespaces"), "{error}");
        let plan =
            plan("annotations: {kubectl-pkg.dev/namespaces: \"monitoring, logging\"}\n").unwrap();
        assert_eq!(plan.objects[0].namespace.as_deref(), Some("monitoring"));
    }

    #[test]
    fn a_chart_without_random_functions_plans_byte_for_byte_the_same() {
        use crate::package::{Limits, Package};
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/mongodb/chart");
        let package = Package::from_dir(&dir, &Limits::default()).unwrap();
        let mut source = Source::local("./examples/mongodb/chart");
        let user = crate::helm::values::ValueOptions {
            values: vec!["replicaCount=3,auth.rootPassword=change-me".into()],
            string_values: vec!["image.tag=7.0.15".into()],
            ..Default::default()
        };
        source.values = user.merge(&|_: &str| Err("no files".to_string())).unwrap();
        let plan = || crate::action::plan_offline(&package, &source, "db", "data").unwrap();
        let (first, second) = (plan(), plan());
        assert_eq!(first.to_json_pretty(), second.to_json_pretty());
        assert_eq!(
            first.values,
            Some(serde_json::json!({
                "auth": {"rootPassword": "change-me"},
                "image": {"tag": "7.0.15"},
                "replicaCount": 3
            }))
        );
        assert!(
            first
                .notes
                .as_deref()
                .unwrap()
                .starts_with("MongoDB 7.0.14: 3 member(s)")
        );
        let statefulset = first
            .objects
            .iter()
            .find(|o| o.kind == "StatefulSet")
            .unwrap();
        assert_eq!(
            statefulset.manifest["spec"]["template"]["spec"]["containers"][0]["image"],
            "docker.io/library/mongo:7.0.15"
        );
        // Offline, the documented defaults: Kubernetes 1.32 serves policy/v1.
        let budget = first
            .objects
            .iter()
            .find(|o| o.kind == "PodDisruptionBudget")
            .unwrap();
        assert_eq!(budget.api_version, "policy/v1");
    }
}
