//! Helm charts as packages: loading charts, the values Helm would compute for
//! them, and the data a Go-template engine needs to render them, ported from
//! Helm 3's own code and tests. Pure code: nothing here reads the network or
//! prints; files named by `-f`/`--set-file` are read through a callback.
//!
//! The path from a chart to templates ready to render:
//!
//! ```
//! use libpkg::helm::chart::Chart;
//! use libpkg::helm::render::{prepare, Capabilities, ReleaseOptions, TemplateKind};
//! use libpkg::helm::values::ValueOptions;
//! use libpkg::package::{Files, Limits};
//!
//! let mut files = Files::new();
//! files.insert("Chart.yaml".into(), "apiVersion: v2\nname: hello\nversion: 1.0.0\n".into());
//! files.insert("values.yaml".into(), "replicas: 1\n".into());
//! files.insert("templates/cm.yaml".into(), "replicas: {{ .Values.replicas }}\n".into());
//! let chart = Chart::from_files(files, "hello", &Limits::default())?;
//!
//! let flags = ValueOptions { values: vec!["replicas=3".into()], ..ValueOptions::default() };
//! let user = flags.merge(&|path: &str| Ok(std::fs::read(path)?))?;
//! let rendering = prepare(&chart, &user, &ReleaseOptions::install("web", "default"),
//!                         &Capabilities::offline())?;
//! for template in &rendering.templates {
//!     // Parse every template (in this order) into one set, then execute the
//!     // ones of kind Manifest (and Notes) with their data.
//!     let data = rendering.data_for(template);
//!     assert_eq!(template.name, "hello/templates/cm.yaml");
//!     assert_eq!(template.kind, TemplateKind::Manifest);
//!     assert_eq!(data["Values"]["replicas"], 3);
//!     assert_eq!(data["Release"]["Name"], "web");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`chart`] (loading, `Chart.yaml`), [`ignore`] (`.helmignore`),
//! [`strvals`] (`--set` and friends), [`values`] (merging and coalescing, and
//! how numbers are represented), [`dependencies`] (condition, tags, alias,
//! import-values), [`files`] (`.Files` and its methods), [`schema`] (`values.schema.json`), [`semver`] (Helm's
//! version constraints, for `kubeVersion`), [`render`] (capabilities, the
//! per-template data), [`hooks`] (hook annotations), [`repo`] (`index.yaml`)
//! [`oci`] (media types and tags) and [`release`] (Helm's own release
//! records, read to take a Helm release over).

pub mod chart;
pub mod dependencies;
pub mod engine;
pub mod files;
pub mod hooks;
pub mod ignore;
pub mod objects;
pub mod oci;
pub mod output;
pub mod release;
pub mod render;
pub mod repo;
pub mod schema;
pub mod strvals;
/// Helm's version constraints: Masterminds/semver, which the template engine
/// ports (sprig's `semver` functions use it too).
pub use crate::gotemplate::masterminds as semver;
pub mod values;

#[cfg(test)]
mod fixture_tests {
    //! The fixture chart `tests/fixtures/helm/webapp`, loaded from disk and
    //! prepared end to end: subcharts as a directory, an alias, a `.tgz`
    //! enabled by a condition and a library chart; import-values of both
    //! forms; globals; schemas in the parent and a subchart; `.helmignore`.
    use super::chart::Chart;
    use super::render::{Capabilities, PrepareError, ReleaseOptions, TemplateKind, prepare};
    use super::values::ValueOptions;
    use crate::archive::Limits;
    use serde_json::json;

    fn fixture() -> Chart {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/helm/webapp");
        Chart::from_dir(&dir, &Limits::default()).unwrap()
    }

    fn flags(set: &[&str]) -> ValueOptions {
        ValueOptions {
            values: set.iter().map(|s| s.to_string()).collect(),
            ..ValueOptions::default()
        }
    }

    fn no_files(path: &str) -> Result<Vec<u8>, super::strvals::ReadFileError> {
        Err(format!("{path}: not expected").into())
    }

    #[test]
    fn the_fixture_chart_loads_from_disk() {
        let chart = fixture();
        assert_eq!(chart.metadata.name, "webapp");
        assert!(
            !chart.files.contains_key("values.yaml.orig"),
            "ignored by .helmignore"
        );
        let subcharts: Vec<&str> = chart.dependencies.iter().map(Chart::name).collect();
        assert_eq!(subcharts, ["cache", "common", "database"]);
    }

    #[test]
    fn the_fixture_chart_prepares_with_subcharts_imports_and_globals() {
        let user = ValueOptions {
            values: vec!["replicaCount=3,cache.enabled=true".into()],
            string_values: vec!["image.tag=1.28".into()],
            ..ValueOptions::default()
        }
        .merge(&no_files)
        .unwrap();
        let rendering = prepare(
            &fixture(),
            &user,
            &ReleaseOptions::install("shop", "web"),
            &Capabilities::offline(),
        )
        .unwrap();
        let names: Vec<(&str, TemplateKind)> = rendering
            .templates
            .iter()
            .map(|t| (t.name.as_str(), t.kind))
            .collect();
        assert_eq!(
            names,
            [
                (
                    "webapp/charts/db/templates/statefulset.yaml",
                    TemplateKind::Manifest
                ),
                (
                    "webapp/charts/common/templates/_labels.tpl",
                    TemplateKind::Partial
                ),
                (
                    "webapp/charts/cache/templates/configmap.yaml",
                    TemplateKind::Manifest
                ),
                (
                    "webapp/templates/hooks/migrate-job.yaml",
                    TemplateKind::Manifest
                ),
                ("webapp/templates/deployment.yaml", TemplateKind::Manifest),
                ("webapp/templates/_helpers.tpl", TemplateKind::Partial),
                (
                    "webapp/templates/NOTES.txt",
                    TemplateKind::Notes { root: true }
                ),
            ]
        );
        let deployment = &rendering.templates[4];
        let data = rendering.data_for(deployment);
        assert_eq!(data["Values"]["replicaCount"], json!(3));
        assert_eq!(
            data["Values"]["image"],
            json!({"repository": "nginx", "tag": "1.28"})
        );
        // import-values: a child table under a parent path (the parent's own key
        // wins), and a library's exports at the top.
        assert_eq!(
            data["Values"]["dbService"],
            json!({"name": "webapp-db", "port": 5432.0})
        );
        assert_eq!(
            data["Values"]["commonLabels"],
            json!({"app.kubernetes.io/part-of": "webapp"})
        );
        assert_eq!(
            rendering.charts[deployment.chart]
                .files
                .get_bytes("files/nginx.conf"),
            b"server {\n  listen 80;\n}\n"
        );

        let db = rendering.data_for(&rendering.templates[0]);
        assert_eq!(db["Chart"]["Name"], json!("db"));
        assert_eq!(
            db["Values"]["auth"],
            json!({"username": "app", "password": ""})
        );
        assert_eq!(db["Values"]["global"]["labels"]["team"], json!("web"));
        let cache = rendering.data_for(&rendering.templates[2]);
        assert_eq!(cache["Values"]["maxMemory"], json!("256mb"));
        assert_eq!(
            rendering
                .crds
                .iter()
                .map(|(p, _)| p.as_str())
                .collect::<Vec<_>>(),
            ["webapp/crds/widget.yaml"]
        );
        // The values recorded for the plan have sorted keys.
        let keys: Vec<&String> = rendering.values.keys().collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
    }

    #[test]
    fn conditions_remove_subcharts() {
        let user = flags(&["db.enabled=false"]).merge(&no_files).unwrap();
        let rendering = prepare(
            &fixture(),
            &user,
            &ReleaseOptions::install("shop", "web"),
            &Capabilities::offline(),
        )
        .unwrap();
        assert!(
            rendering
                .templates
                .iter()
                .all(|t| !t.name.contains("/charts/db/"))
        );
        assert!(
            rendering
                .templates
                .iter()
                .all(|t| !t.name.contains("/charts/cache/"))
        );
    }

    #[test]
    fn bad_values_name_the_chart_and_value_path() {
        let release = ReleaseOptions::install("shop", "web");
        let user = flags(&["replicaCount=0", "db.persistence.size=lots"])
            .merge(&no_files)
            .unwrap();
        let error = prepare(&fixture(), &user, &release, &Capabilities::offline()).unwrap_err();
        assert!(matches!(error, PrepareError::Schema(_)));
        let text = error.to_string();
        assert!(text.contains("webapp:\n- replicaCount: "), "{text}");
        assert!(text.contains("webapp.db:\n- persistence.size: "), "{text}");

        let error = flags(&["image.tag"])
            .merge(&no_files)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "failed parsing --set data \"image.tag\": key \"tag\" has no value"
        );

        let old = Capabilities::for_cluster("v1.19.0", "1", "19", Vec::new());
        let error = prepare(&fixture(), &Default::default(), &release, &old)
            .unwrap_err()
            .to_string();
        assert!(error.contains("kubeVersion: >=1.20.0-0"), "{error}");
    }
}
