//! Rendering a chart: [`prepare`] (values, schema,
//! `kubeVersion`, subcharts), then every template parsed into one
//! [`Templates`] set in Helm's
//! order, then the manifest templates executed and split into documents
//! ([`super::output`]), and the top chart's `NOTES.txt` rendered for showing
//! after an install.
//!
//! Determinism: templates that call functions whose result is not determined
//! by their inputs (`randAlphaNum`, `uuidv4`, `now`, `genCA`, `lookup`…) are
//! reported, with the template that called them, as warnings for the plan.
//! The plan carries the rendered objects, so what is applied is what was
//! reviewed; the next upgrade renders them again (and its diff shows it).
//! `lookup` asks the [`Lookup`] given (the cluster, when planning online);
//! without one it finds nothing, as in `helm template` and `--dry-run`.

use std::collections::BTreeSet;

use super::chart::Chart;
use super::objects::chart_objects;
use super::output::{HookOperation, documents};
use super::render::{Capabilities, PrepareError, ReleaseOptions, TemplateKind, prepare};
use super::values::Values;
use crate::gotemplate::{self, Host, LookupError, Options, RenderData, TemplateError, Templates};
use crate::render::{Location, RenderError};
use crate::yaml::YamlLimits;

/// A rendered chart.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderedChart {
    /// The documents: CRDs, manifests and this operation's hooks.
    pub documents: Vec<(Location, crate::manifest::Manifest)>,
    /// Hooks of later operations on the revision (uninstall, rollback to it),
    /// marked with their events; see [`super::output::DEFERRED_EVENTS`].
    pub deferred_hooks: Vec<(Location, crate::manifest::Manifest)>,
    /// The top chart's rendered `NOTES.txt` (`None` when it has none or it
    /// renders to nothing but white space).
    pub notes: Option<String>,
    /// For the plan: non-deterministic calls, hooks left out, what Helm would log.
    pub warnings: Vec<String>,
}

/// Why a chart did not render.
#[derive(Debug, thiserror::Error)]
pub enum ChartRenderError {
    /// Values, schema, `kubeVersion` or dependencies.
    #[error(transparent)]
    Prepare(#[from] PrepareError),
    /// A template did not parse or execute: Helm's message, which names the
    /// template file and line (`execution error at (app/templates/x.yaml:3:7): …`).
    #[error("{message}")]
    Template {
        /// The template file.
        template: String,
        /// The message.
        message: String,
    },
    /// The output is not valid YAML or not valid objects.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// What Helm's `lookup` reads: the object (or, for an empty name, a `List`
/// of the kind in the namespace, or everywhere for an empty namespace) as
/// JSON; an empty map when it does not exist.
pub type Lookup<'a> =
    dyn FnMut(&str, &str, &str, &str) -> Result<serde_json::Value, LookupError> + 'a;

/// A [`Host`] that records non-deterministic calls and answers `lookup`
/// through the [`Lookup`] given (finding nothing without one).
struct PlanHost<'a, 'b> {
    inner: gotemplate::DefaultHost,
    lookup: Option<&'a mut Lookup<'b>>,
}

impl Host for PlanHost<'_, '_> {
    fn lookup(
        &mut self,
        api_version: &str,
        kind: &str,
        namespace: &str,
        name: &str,
    ) -> Result<serde_json::Value, LookupError> {
        match &mut self.lookup {
            Some(lookup) => lookup(api_version, kind, namespace, name),
            None => Ok(serde_json::Value::Object(Default::default())),
        }
    }

    /// The system's resolver: Helm's `--enable-dns` asks for real DNS.
    fn resolve_host(&mut self, name: &str) -> Vec<String> {
        use std::net::ToSocketAddrs;
        match (name, 0).to_socket_addrs() {
            Ok(found) => found.map(|address| address.ip().to_string()).collect(),
            Err(_) => Vec::new(),
        }
    }

    fn nondeterministic(&mut self, function: &str, template: &str) {
        self.inner.nondeterministic(function, template);
    }

    fn random_u64(&mut self) -> u64 {
        self.inner.random_u64()
    }
}

/// Renders `chart` with the user's `values` for `release`; `lookup` answers
/// the templates' `lookup` calls (`None`: they find nothing). The output is
/// held to `limits` (the package's, `--package-limits`).
pub fn render_chart(
    chart: &Chart,
    values: &Values,
    release: &ReleaseOptions,
    capabilities: &Capabilities,
    lookup: Option<&mut Lookup<'_>>,
    limits: YamlLimits,
) -> Result<RenderedChart, ChartRenderError> {
    let rendering = prepare(chart, values, release, capabilities)?;
    let mut set = Templates::new();
    let files: Vec<(&str, &str)> = rendering
        .templates
        .iter()
        .map(|template| (template.name.as_str(), template.text.as_str()))
        .collect();
    set.add_all(&files).map_err(helm_error)?;
    let online = lookup.is_some();
    let mut host = PlanHost {
        inner: gotemplate::DefaultHost::default(),
        lookup,
    };
    let options = Options {
        enable_dns: release.enable_dns,
        ..Options::default()
    };
    // Each chart's top-level data, shared by its templates as Helm shares
    // one Go map (with the Go values that have methods: .Files.Get,
    // .Capabilities.APIVersions.Has…); a subchart's .Values is its parent's
    // .Values.<name> itself, and the parent's .Subcharts.<name> its data.
    let mut shared: Vec<RenderData> = Vec::with_capacity(rendering.charts.len());
    for scope in &rendering.charts {
        let data = RenderData::new(&scope.data, &chart_objects(&scope.files, capabilities));
        if let Some((parent, name)) = &scope.parent {
            let parent = &shared[*parent];
            if let Some(values) = parent.get(&["Values", name]) {
                data.link(&["Values"], &values);
            }
            parent.link(&["Subcharts", name], &data);
        }
        shared.push(data);
    }
    let mut outputs = Vec::new();
    let mut notes = None;
    for template in &rendering.templates {
        let is_notes = match template.kind {
            TemplateKind::Partial | TemplateKind::Notes { root: false } => continue,
            TemplateKind::Manifest => false,
            TemplateKind::Notes { root: true } => true,
        };
        let data = &shared[template.chart];
        data.insert("Template", &template.template_object());
        let text = set
            .render_shared(&template.name, data, &options, &mut host)
            .map_err(helm_error)?;
        if is_notes {
            notes = (!text.trim().is_empty()).then_some(text);
        } else {
            outputs.push((template.name.clone(), text));
        }
    }
    let operation = if release.is_upgrade {
        HookOperation::Upgrade
    } else {
        HookOperation::Install
    };
    let split = documents(&rendering.crds, &outputs, operation, limits)?;
    let mut warnings = rendering.warnings;
    let calls: BTreeSet<(String, String)> = host.inner.nondeterministic_calls.into_iter().collect();
    for (function, template) in calls {
        warnings.push(nondeterministic_warning(
            &function,
            &template,
            online,
            release.enable_dns,
        ));
    }
    warnings.extend(split.warnings);
    Ok(RenderedChart {
        documents: split.documents,
        deferred_hooks: split.deferred_hooks,
        notes,
        warnings,
    })
}

/// Helm's `cleanupParseError` and `cleanupExecError`: a parse error as
/// `parse error at (FILE:LINE): MESSAGE`; an execution error from `fail` or
/// `required` (their text between Helm's `HELM_ERR_START`/`HELM_ERR_END`
/// markers) as `execution error at (FILE:LINE:COL): MESSAGE`; other execution
/// errors as Go wrote them.
fn helm_error(error: TemplateError) -> ChartRenderError {
    let (template, message) = match error {
        TemplateError::Parse { template, message } => {
            let tokens: Vec<&str> = message.split(": ").collect();
            let message = if tokens.len() == 1 {
                format!("parse error in ({template}): {message}")
            } else {
                format!(
                    "parse error at ({}): {}",
                    tokens[1],
                    tokens[tokens.len() - 1]
                )
            };
            (template, message)
        }
        TemplateError::Execute { template, message } => {
            let tokens: Vec<&str> = message.splitn(3, ": ").collect();
            let marked = tokens.get(2).and_then(|rest| {
                let start = rest.find(HELM_ERR_START)? + HELM_ERR_START.len();
                let end = rest.rfind(HELM_ERR_END)?;
                (start <= end).then(|| &rest[start..end])
            });
            let message = match (tokens.len(), marked) {
                (3, Some(inner)) => format!("execution error at ({}): {inner}", tokens[1]),
                (3, None) => message,
                _ => format!("execution error in ({template}): {message}"),
            };
            (template, message)
        }
    };
    ChartRenderError::Template { template, message }
}

/// The markers Helm's `fail` and `required` put around their message.
const HELM_ERR_START: &str = "HELM_ERR_START";
const HELM_ERR_END: &str = "HELM_ERR_END";

/// What the plan says of a template calling `function`: `online` whether
/// `lookup` read a cluster, `enable_dns` whether `getHostByName` resolved.
fn nondeterministic_warning(
    function: &str,
    template: &str,
    online: bool,
    enable_dns: bool,
) -> String {
    if function == "getHostByName" && !enable_dns {
        format!(
            "{template} calls getHostByName, which returns \"\" without {}, as in Helm 3.11.1 and later (a chart rendered anywhere could otherwise send its values out in DNS queries)",
            crate::remedy::Setting::EnableDns
        )
    } else if function == "getHostByName" {
        format!(
            "{template} calls getHostByName, and {} was given: it resolved the name when the plan was made, and the plan carries that address; an upgrade resolves it again (its diff shows a change)",
            crate::remedy::Setting::EnableDns
        )
    } else if function == "lookup" && online {
        format!(
            "{template} calls lookup: it read the cluster when the plan was made, and the plan carries what it rendered then"
        )
    } else if function == "lookup" {
        format!(
            "{template} calls lookup, which finds nothing in a plan made without a cluster (as in `helm template`)"
        )
    } else {
        format!(
            "{template} calls {function}, whose result changes every time the chart is rendered: this plan carries one result, and an upgrade renders a new one (its diff shows it)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::{Files, Limits};
    use crate::helm::values::ValueOptions;

    fn chart(list: &[(&str, &str)]) -> Chart {
        let files: Files = list
            .iter()
            .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec().into()))
            .collect();
        Chart::from_files(files, "test", &Limits::default()).unwrap()
    }

    const CHART: &[(&str, &str)] = &[
        ("Chart.yaml", "apiVersion: v2\nname: web\nversion: 1.0.0\n"),
        ("values.yaml", "replicas: 1\nname: web\n"),
        (
            "templates/_helpers.tpl",
            "{{ define \"web.name\" }}{{ .Release.Name }}-{{ .Values.name }}{{ end }}",
        ),
        (
            "templates/cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ include \"web.name\" . }}\ndata:\n  replicas: {{ .Values.replicas | quote }}\n  token: {{ randAlphaNum 8 | quote }}\n---\n{{- if gt (int .Values.replicas) 1 }}\napiVersion: v1\nkind: Service\nmetadata: {name: many}\n{{- end }}\n",
        ),
        ("files/motd.txt", "welcome\nto the shop\n"),
        ("files/conf/a.properties", "a=1\n"),
        (
            "templates/files.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: files}\ndata:\n  motd: {{ .Files.Get \"files/motd.txt\" | quote }}\n  first: {{ index (.Files.Lines \"files/motd.txt\") 1 | quote }}\n  {{- (.Files.Glob \"files/conf/*\").AsConfig | nindent 2 }}\n  policy: {{ if .Capabilities.APIVersions.Has \"policy/v1\" }}v1{{ else }}v1beta1{{ end }}\n  apps: {{ .Capabilities.APIVersions.Has \"apps/v1/Deployment\" | quote }}\n  kube: {{ .Capabilities.KubeVersion }}-{{ .Capabilities.KubeVersion.Minor }}\n",
        ),
        (
            "templates/NOTES.txt",
            "{{ .Release.Name }} runs {{ .Values.replicas }} replica(s).\n",
        ),
    ];

    #[test]
    fn a_chart_renders_into_documents_notes_and_warnings() {
        let chart = chart(CHART);
        let user = ValueOptions {
            values: vec!["replicas=3".into()],
            ..ValueOptions::default()
        }
        .merge(&|_: &str| Err("no files".into()))
        .unwrap();
        let rendered = render_chart(
            &chart,
            &user,
            &ReleaseOptions::install("shop", "web"),
            &Capabilities::offline(),
            None,
            YamlLimits::default(),
        )
        .unwrap();
        let names: Vec<&str> = rendered
            .documents
            .iter()
            .map(|(_, v)| v["metadata"]["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["files", "shop-web", "many"]);
        assert_eq!(
            rendered.documents[0].1["data"],
            serde_json::json!({
                "motd": "welcome\nto the shop\n",
                "first": "to the shop",
                "a.properties": "a=1\n",
                "policy": "v1",
                "apps": "true",
                "kube": "v1.32.0-32",
            })
        );
        assert_eq!(rendered.documents[1].1["data"]["replicas"], "3");
        assert_eq!(rendered.documents[1].0.file, "web/templates/cm.yaml");
        assert_eq!(rendered.notes.as_deref(), Some("shop runs 3 replica(s).\n"));
        assert_eq!(
            rendered.warnings,
            [nondeterministic_warning(
                "randAlphaNum",
                "web/templates/cm.yaml",
                false,
                false
            )]
        );
    }

    #[test]
    fn template_errors_name_the_file_and_line() {
        let error_of = |template: &'static str| {
            let mut files = CHART.to_vec();
            files.push(("templates/bad.yaml", template));
            render_chart(
                &chart(&files),
                &Values::new(),
                &ReleaseOptions::install("shop", "web"),
                &Capabilities::offline(),
                None,
                YamlLimits::default(),
            )
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            error_of("a: 1\nb: {{ required \"db.password is required\" .Values.db }}\n"),
            "execution error at (web/templates/bad.yaml:2:6): db.password is required"
        );
        assert_eq!(
            error_of("a: 1\nb: {{ .Values.x | nosuchfunc }}\n"),
            "parse error at (web/templates/bad.yaml:2): function \"nosuchfunc\" not defined"
        );
    }

    #[test]
    fn get_host_by_name_resolves_only_with_enable_dns_and_the_plan_says_which() {
        let chart = chart(&[
            ("Chart.yaml", "apiVersion: v2\nname: web\nversion: 1.0.0\n"),
            (
                "templates/cm.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dns}\ndata:\n  address: {{ getHostByName \"localhost\" | quote }}\n",
            ),
        ]);
        let render = |enable_dns: bool| {
            let release = ReleaseOptions {
                enable_dns,
                ..ReleaseOptions::install("shop", "web")
            };
            render_chart(
                &chart,
                &Values::new(),
                &release,
                &Capabilities::offline(),
                None,
                YamlLimits::default(),
            )
            .unwrap()
        };
        let off = render(false);
        assert_eq!(off.documents[0].1["data"]["address"], "");
        assert_eq!(
            off.warnings,
            [nondeterministic_warning(
                "getHostByName",
                "web/templates/cm.yaml",
                false,
                false
            )]
        );
        assert!(off.warnings[0].contains("returns \"\" without `enable_dns: true`"));
        let on = render(true);
        let address = on.documents[0].1["data"]["address"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(address == "127.0.0.1" || address == "::1", "{address}");
        assert!(
            on.warnings[0].contains("`enable_dns: true` was given"),
            "{:?}",
            on.warnings
        );
    }

    #[test]
    fn lookup_asks_the_host_and_is_reported() {
        let chart = chart(&[
            ("Chart.yaml", "apiVersion: v2\nname: web\nversion: 1.0.0\n"),
            (
                "templates/secret.yaml",
                "{{- $old := lookup \"v1\" \"Secret\" .Release.Namespace \"token\" }}\napiVersion: v1\nkind: Secret\nmetadata: {name: token}\ndata:\n  token: {{ if $old }}{{ $old.data.token }}{{ else }}{{ randAlphaNum 8 | b64enc }}{{ end }}\n",
            ),
        ]);
        let mut asked = Vec::new();
        let mut lookup = |api: &str, kind: &str, ns: &str, name: &str| {
            asked.push(format!("{api} {kind} {ns}/{name}"));
            Ok(serde_json::json!({"data": {"token": "a2VlcA=="}}))
        };
        let rendered = render_chart(
            &chart,
            &Values::new(),
            &ReleaseOptions::upgrade("shop", "web", 2),
            &Capabilities::offline(),
            Some(&mut lookup),
            YamlLimits::default(),
        )
        .unwrap();
        assert_eq!(asked, ["v1 Secret web/token"]);
        assert_eq!(rendered.documents[0].1["data"]["token"], "a2VlcA==");
        assert_eq!(
            rendered.warnings,
            [nondeterministic_warning(
                "lookup",
                "web/templates/secret.yaml",
                true,
                false
            )]
        );
    }
}
