//! What a package's format needs from the cluster while rendering
//! ([`ClusterNeeds`]), gathered here: the cluster's version and APIs
//! (`.Capabilities`), whether kinds are served, live objects (`lookup`).
//! Offline, [`render_offline`] gives the documented defaults. Orchestration asks the
//! format what it needs and renders it through [`crate::formats::render`],
//! once; it knows no format.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::{PlanError, Source};
use crate::cluster::Cluster;
use crate::formats::{self, ClusterFacts, ClusterNeeds, Configuration, RenderRequest, Rendered};
use crate::gotemplate::LookupError;
use crate::helm::render::Capabilities;
use crate::package::Package;

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

impl Target<'_> {
    /// The request a format renders: this release, the source's values and
    /// `config`.
    fn request<'a>(
        &'a self,
        source: &'a Source,
        config: &'a BTreeMap<String, String>,
    ) -> RenderRequest<'a> {
        RenderRequest {
            release: self.release,
            namespace: self.namespace,
            upgrade: self.upgrade,
            configuration: Configuration {
                config,
                values: &source.values,
                reuse_values: source.reuse_values,
                enable_dns: source.enable_dns,
            },
        }
    }
}

/// Renders a package without a cluster: with `capabilities` (the offline
/// ones, or another Kubernetes version's), no kind known to be served (so
/// cert-manager is not: bundles with webhooks are refused), no `lookup`.
pub(super) fn render_offline(
    package: &Package,
    source: &Source,
    target: &Target<'_>,
    capabilities: &Capabilities,
) -> Result<Rendered, PlanError> {
    let served = BTreeSet::new();
    let facts = ClusterFacts {
        capabilities,
        served_kinds: &served,
        lookup: None,
    };
    Ok(formats::render(
        package,
        &target.request(source, &source.config),
        facts,
    )?)
}

/// Renders a package against the cluster: gathers what its format needs
/// ([`ClusterNeeds`]) and renders it with `config`.
pub(super) async fn render_online(
    cluster: &Cluster,
    package: &Package,
    source: &Source,
    config: &BTreeMap<String, String>,
    target: &Target<'_>,
) -> Result<Rendered, PlanError> {
    let needs = package.content.format().cluster_needs();
    let served = served_kinds(cluster, &needs).await?;
    let (capabilities, discovery_warnings) = capabilities(cluster, &needs).await?;
    let mut rendered = if needs.lookup {
        let job = RenderJob {
            package: package.clone(),
            values: source.values.clone(),
            reuse_values: source.reuse_values,
            enable_dns: source.enable_dns,
            config: config.clone(),
            release: target.release.to_string(),
            namespace: target.namespace.to_string(),
            upgrade: target
                .upgrade
                .map(|(revision, values)| (revision, values.cloned())),
            capabilities,
            served,
        };
        render_answering_lookups(cluster, job).await?
    } else {
        let facts = ClusterFacts {
            capabilities: &capabilities,
            served_kinds: &served,
            lookup: None,
        };
        formats::render(package, &target.request(source, config), facts)?
    };
    rendered.warnings.extend(discovery_warnings);
    Ok(rendered)
}

/// Those of the kinds a format asked about that the cluster serves.
async fn served_kinds(
    cluster: &Cluster,
    needs: &ClusterNeeds,
) -> Result<BTreeSet<(String, String)>, PlanError> {
    let mut served = BTreeSet::new();
    for (api_version, kind) in &needs.served_kinds {
        let group = crate::object::group_of(api_version).to_string();
        if cluster
            .discover(&BTreeSet::from([group]))
            .await?
            .resolve(api_version, kind)
            .is_some()
        {
            served.insert((api_version.clone(), kind.clone()));
        }
    }
    Ok(served)
}

/// Everything a rendering that reads the cluster needs, owned: it runs on a
/// thread of its own.
struct RenderJob {
    package: Package,
    values: crate::helm::values::Values,
    reuse_values: crate::helm::values::ReuseValues,
    enable_dns: bool,
    config: BTreeMap<String, String>,
    release: String,
    namespace: String,
    upgrade: Option<(u32, Option<Value>)>,
    capabilities: Capabilities,
    served: BTreeSet<(String, String)>,
}

/// One `lookup` call of a template: (apiVersion, kind, namespace, name).
type LookupCall = (String, String, String, String);

/// Renders `job` where templates may call `lookup`. Templates run
/// synchronously and a `lookup` waits for the API server, so the rendering
/// runs on a blocking thread (never a runtime worker) and sends each call
/// here, where it is answered asynchronously while this task also keeps
/// nothing else waiting: no runtime thread ever blocks on work that needs
/// one (blocking in place here deadlocked when the planner of another
/// release, polled by the same task, held the cluster's discovery cache).
async fn render_answering_lookups(
    cluster: &Cluster,
    job: RenderJob,
) -> Result<Rendered, PlanError> {
    type Reply = tokio::sync::oneshot::Sender<Result<Value, LookupError>>;
    let (calls, mut asked) = tokio::sync::mpsc::unbounded_channel::<(LookupCall, Reply)>();
    let rendering = tokio::task::spawn_blocking(move || {
        let mut lookup = |api_version: &str, kind: &str, namespace: &str, name: &str| {
            let (reply, answer) = tokio::sync::oneshot::channel();
            let call = (
                api_version.into(),
                kind.into(),
                namespace.into(),
                name.into(),
            );
            calls
                .send((call, reply))
                .map_err(|_| LookupError::from("the planner stopped"))?;
            answer
                .blocking_recv()
                .map_err(|_| LookupError::from("the planner stopped"))?
        };
        let request = RenderRequest {
            release: &job.release,
            namespace: &job.namespace,
            upgrade: job
                .upgrade
                .as_ref()
                .map(|(revision, values)| (*revision, values.as_ref())),
            configuration: Configuration {
                config: &job.config,
                values: &job.values,
                reuse_values: job.reuse_values,
                enable_dns: job.enable_dns,
            },
        };
        let facts = ClusterFacts {
            capabilities: &job.capabilities,
            served_kinds: &job.served,
            lookup: Some(&mut lookup),
        };
        formats::render(&job.package, &request, facts)
    });
    let mut rendering = std::pin::pin!(rendering);
    loop {
        tokio::select! {
            Some((call, reply)) = asked.recv() => {
                // The renderer gone (its thread panicked) needs no answer.
                let _ = reply.send(lookup(cluster, &call).await);
            }
            rendered = &mut rendering => {
                let rendered = rendered.unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic()));
                return Ok(rendered?);
            }
        }
    }
}

/// Helm's `lookup` against the cluster: the object, or for an empty name a
/// `List` of the kind's objects in the namespace (every namespace when it is
/// empty); `{}` when there is none, or the kind is not served.
async fn lookup(cluster: &Cluster, call: &LookupCall) -> Result<Value, LookupError> {
    let (api_version, kind, namespace, name) = call;
    let group = crate::object::group_of(api_version).to_string();
    let discovery = cluster.discover(&BTreeSet::from([group])).await?;
    let Some(resource) = discovery.resolve(api_version, kind) else {
        return Ok(Value::Object(Default::default()));
    };
    let namespace = (resource.namespaced && !namespace.is_empty()).then_some(namespace.as_str());
    if name.is_empty() {
        let items: Vec<Value> = cluster
            .list(resource)
            .await?
            .into_iter()
            .filter(|item| {
                namespace.is_none_or(|ns| {
                    item.pointer("/metadata/namespace").and_then(Value::as_str) == Some(ns)
                })
            })
            .collect();
        return Ok(serde_json::json!({
            "apiVersion": "v1", "kind": "List", "items": items,
        }));
    }
    Ok(cluster
        .get(resource, namespace, name)
        .await?
        .unwrap_or_else(|| Value::Object(Default::default())))
}

/// `.Capabilities` from the cluster: its version and every API it serves,
/// and a warning for each group version the server could not describe (as
/// Helm warns of an orphaned APIService). Only formats that ask get them;
/// others get the offline defaults unasked.
async fn capabilities(
    cluster: &Cluster,
    needs: &ClusterNeeds,
) -> Result<(Capabilities, Vec<String>), PlanError> {
    if !needs.capabilities {
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
    let mut capabilities = Capabilities::for_cluster(&version, &major, &minor, served.api_versions);
    // The plan's requirements check `kubeVersion`, with the others (action::requirements).
    capabilities.check_kube_version = false;
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
    use crate::plan::tests::release;

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
            .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec().into()))
            .collect();
        files.insert(
            "Chart.yaml".to_string(),
            b"apiVersion: v2\nname: app\nversion: 1.0.0\n"
                .to_vec()
                .into(),
        );
        Package::from_chart_files(files, "app", &Limits::default()).unwrap()
    }

    /// Issue 49: a chart's rendered documents are held to the package's
    /// `--package-limits documents=N`, as a plain package's files are, not to
    /// the default whatever the flag says.
    #[test]
    fn a_charts_rendered_documents_are_held_to_the_packages_limit() {
        use crate::package::{Files, Limits, Package};
        let files: Files = [
            ("Chart.yaml", "apiVersion: v2\nname: hello\nversion: 1.2.3\n"),
            (
                "templates/many.yaml",
                "{{ range until 6 }}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c{{ . }}}\n{{ end }}",
            ),
            (
                "templates/cm.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: hello}\n",
            ),
        ]
        .into_iter()
        .map(|(path, text)| (path.to_string(), text.as_bytes().to_vec().into()))
        .collect();
        let within = |max_documents: usize| {
            let limits = Limits {
                max_documents,
                ..Limits::default()
            };
            let package = Package::from_chart_files(files.clone(), "hello", &limits).unwrap();
            crate::action::plan_offline(
                &package,
                &Source::local("./hello"),
                &release("default", "hello"),
            )
        };
        let error = within(5).unwrap_err().to_string();
        assert!(
            error.contains("more than 5 YAML documents in the package (the limit)"),
            "{error}"
        );
        let plan = within(20).unwrap();
        let config_maps = plan.objects.iter().filter(|o| o.kind == "ConfigMap");
        assert_eq!(config_maps.count(), 7);
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
            crate::action::plan_offline(&package, &Source::local("./app"), &release("web", "app"))
                .unwrap();
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
            crate::action::plan_offline(&package, &Source::local("./app"), &release("web", "app"))
                .unwrap();
        assert_eq!(plan.objects[0].namespace, None);
        assert!(
            plan.warnings.iter().any(|w| w.message.contains(
                "ClusterRole \"reader\" is cluster-scoped; its metadata.namespace \"web\" was dropped"
            )),
            "{:?}",
            plan.warnings
        );
    }

    #[test]
    fn charts_may_write_other_namespaces_and_declare_them_in_an_annotation() {
        use crate::package::{Files, Limits, Package};
        let files = |annotations: &str| -> Files {
            [
                (
                    "Chart.yaml".to_string(),
                    format!("apiVersion: v2\nname: spread\nversion: 1.0.0\n{annotations}")
                        .into_bytes()
                        .into(),
                ),
                (
                    "templates/cm.yaml".to_string(),
                    b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, namespace: monitoring}\n"
                        .to_vec().into(),
                ),
            ]
            .into_iter()
            .collect()
        };
        let plan = |annotations: &str| {
            let package =
                Package::from_chart_files(files(annotations), "spread", &Limits::default())
                    .unwrap();
            crate::action::plan_offline(
                &package,
                &Source::local("./spread"),
                &release("web", "spread"),
            )
        };
        // Undeclared, it is planned as Helm would install it, with a finding...
        let undeclared = plan("").unwrap();
        assert_eq!(
            undeclared.objects[0].namespace.as_deref(),
            Some("monitoring")
        );
        let rules: Vec<&str> = undeclared
            .permissions
            .risks
            .iter()
            .map(|r| r.rule.as_str())
            .collect();
        assert_eq!(rules, [crate::permissions::UNDECLARED_NAMESPACE_RULE]);
        // ...declared in the annotation, without one.
        let plan =
            plan("annotations: {kubectl-pkg.dev/namespaces: \"monitoring, logging\"}\n").unwrap();
        assert_eq!(plan.objects[0].namespace.as_deref(), Some("monitoring"));
        assert!(
            plan.permissions.risks.is_empty(),
            "{:?}",
            plan.permissions.risks
        );
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
        source.values = user.merge(&|_: &str| Err("no files".into())).unwrap();
        let plan =
            || crate::action::plan_offline(&package, &source, &release("data", "db")).unwrap();
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

    /// Issue 49: a values file's `replicaCount: 1` is recorded (and so shown
    /// and hashed) as `1`, as Helm records it, not `1.0`; the chart still
    /// renders it as Helm does.
    #[test]
    fn values_from_a_file_are_recorded_as_written() {
        use crate::package::{Limits, Package};
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/mongodb/chart");
        let package = Package::from_dir(&dir, &Limits::default()).unwrap();
        let mut source = Source::local("./examples/mongodb/chart");
        let user = crate::helm::values::ValueOptions {
            value_files: vec!["values.yaml".into()],
            json_values: vec!["cacheSizeGB=2".into()],
            ..Default::default()
        };
        source.values = user
            .merge(&|_: &str| {
                Ok(b"replicaCount: 1\nauth: {rootPassword: pw}\nratio: 0.5\n".to_vec())
            })
            .unwrap();
        let plan = crate::action::plan_offline(&package, &source, &release("data", "db")).unwrap();
        assert_eq!(
            plan.values,
            Some(serde_json::json!({
                "auth": {"rootPassword": "pw"},
                "cacheSizeGB": 2,
                "ratio": 0.5,
                "replicaCount": 1
            }))
        );
        let json = plan.to_json_pretty();
        assert!(json.contains("\"replicaCount\": 1\n"), "{json}");
        let statefulset = plan
            .objects
            .iter()
            .find(|o| o.kind == "StatefulSet")
            .unwrap();
        assert_eq!(statefulset.manifest["spec"]["replicas"].as_i64(), Some(1));
    }
}
