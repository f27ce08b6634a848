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
//! files.insert("Chart.yaml".into(), b"apiVersion: v2\nname: hello\nversion: 1.0.0\n".to_vec());
//! files.insert("values.yaml".into(), b"replicas: 1\n".to_vec());
//! files.insert("templates/cm.yaml".into(), b"replicas: {{ .Values.replicas }}\n".to_vec());
//! let chart = Chart::from_files(files, "hello", &Limits::default())?;
//!
//! let flags = ValueOptions { values: vec!["replicas=3".into()], ..ValueOptions::default() };
//! let user = flags.merge(&|path: &str| std::fs::read(path).map_err(|e| e.to_string()))?;
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
//! import-values), [`schema`] (`values.schema.json`), [`semver`] (Helm's
//! version constraints, for `kubeVersion`), [`render`] (capabilities, the
//! per-template data), [`hooks`] (hook annotations), [`repo`] (`index.yaml`)
//! and [`oci`] (media types and tags).

pub mod chart;
pub mod dependencies;
pub mod hooks;
pub mod ignore;
pub mod oci;
pub mod render;
pub mod repo;
pub mod schema;
pub mod semver;
pub mod strvals;
pub mod values;
