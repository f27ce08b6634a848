//! A Helm chart in memory, loaded from a directory, a `.tgz` or plain files,
//! as Helm's `pkg/chart/loader` loads it.
//!
//! Files are sorted into `Chart.yaml` ([`Metadata`]), `values.yaml`,
//! `values.schema.json`, `templates/**` (everything there is a template; a
//! base name starting with `_` is a partial: parsed, never rendered),
//! `charts/*` (subcharts, as directories or `.tgz`; names starting with `_` or
//! `.` and `.prov` files are skipped) and everything else, which templates
//! read through `.Files` (`crds/` among them). `Chart.lock`,
//! `requirements.lock` and, for `apiVersion: v1` charts, `requirements.yaml`
//! (their dependency list) are not part of `.Files`. Directories honour
//! `.helmignore` ([`IgnoreRules`]); archives are unpacked with the
//! package [`Limits`] and must hold one top directory. Symbolic links are
//! refused, as for native packages. Every error names the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::ignore::{IgnoreError, IgnoreRules};
use super::semver;
use crate::archive::{self, ArchiveError, Files, Limits};
use crate::yaml::null_as_default;

/// `apiVersion` of Helm 2 era charts (dependencies in `requirements.yaml`).
pub const API_VERSION_V1: &str = "v1";
/// `apiVersion` of Helm 3 charts.
pub const API_VERSION_V2: &str = "v2";
/// How deep subcharts may nest (`charts/a/charts/b/…`). Helm has no limit; one
/// is needed because a `.tgz` can contain itself (a gzip quine).
pub const MAX_SUBCHART_DEPTH: usize = 16;

/// A maintainer in `Chart.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Maintainer {
    /// Name of a person or organization.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub name: String,
    /// Contact address.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub email: String,
    /// Web address.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub url: String,
}

/// A dependency in `Chart.yaml` (or a v1 chart's `requirements.yaml`).
///
/// Fields are declared in Helm's order, so the JSON is byte-for-byte Helm's.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dependency {
    /// The chart's name.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub name: String,
    /// A version constraint (Masterminds syntax) the chart must satisfy.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub version: String,
    /// Where it is published (not used to render: subcharts come from `charts/`).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub repository: String,
    /// Comma-separated value paths; the first that holds a boolean enables or disables it.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub condition: String,
    /// Tags under `.Values.tags` that enable or disable it.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tags: Vec<String>,
    /// Whether it is enabled (set while processing dependencies).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub enabled: bool,
    /// Values imported from the subchart: strings (`exports.NAME`) or `{child, parent}` maps.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        rename = "import-values",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub import_values: Vec<Value>,
    /// The name the subchart goes by in this chart.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub alias: String,
}

/// `Chart.yaml`. Fields are declared in Helm's order, so that
/// `serde_json::to_vec` gives exactly the JSON Helm writes (the OCI config blob).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Metadata {
    /// The chart's name. Required.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub name: String,
    /// Project home page.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub home: String,
    /// Source code addresses.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub sources: Vec<String>,
    /// The chart's version (semver, loosely: `1.2` is accepted). Required.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub version: String,
    /// One-sentence description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// Search keywords.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub keywords: Vec<String>,
    /// Maintainers.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub maintainers: Vec<Maintainer>,
    /// Icon address.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub icon: String,
    /// `v1` or `v2`. Required (a missing one means `v1`, as in Helm).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub api_version: String,
    /// Unused by Helm 3 (kept so the file round-trips).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub condition: String,
    /// Unused by Helm 3 (kept so the file round-trips).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub tags: String,
    /// Version of the packaged application.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub app_version: String,
    /// Whether the chart is deprecated.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub deprecated: bool,
    /// Free-form annotations; `None` when `Chart.yaml` has none (Go's nil
    /// map, which `.Chart.Annotations` shows as `null`, where an empty
    /// `annotations: {}` is `{}`).
    #[serde(default, skip_serializing_if = "no_annotations")]
    pub annotations: Option<BTreeMap<String, String>>,
    /// Constraint on the cluster's Kubernetes version (Masterminds syntax).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub kube_version: String,
    /// Subcharts.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub dependencies: Vec<Dependency>,
    /// `application` (default) or `library`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        rename = "type",
        skip_serializing_if = "String::is_empty"
    )]
    pub chart_type: String,
}

/// Why a chart's metadata is invalid ([`Metadata::validate`], Helm's
/// `Metadata.Validate` messages).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChartMetadataError {
    /// No apiVersion.
    #[error("chart.metadata.apiVersion is required")]
    NoApiVersion,
    /// An apiVersion other than v1 or v2.
    #[error("chart.metadata.apiVersion {0:?} is not supported (expected v1 or v2)")]
    ApiVersion(String),
    /// No name.
    #[error("chart.metadata.name is required")]
    NoName,
    /// `.` or `..`.
    #[error("chart.metadata.name {0:?} is not allowed")]
    NameNotAllowed(String),
    /// A name with a path separator.
    #[error("chart.metadata.name {0:?} is invalid")]
    InvalidName(String),
    /// No version.
    #[error("chart.metadata.version is required")]
    NoVersion,
    /// A version that is not semver.
    #[error("chart.metadata.version {0:?} is invalid")]
    InvalidVersion(String),
    /// A type other than application or library.
    #[error("chart.metadata.type must be application or library")]
    Type,
    /// A dependency without a name.
    #[error("dependencies must have a name")]
    UnnamedDependency,
    /// A dependency alias with characters other than letters, digits, `-` and `_`.
    #[error("dependency {0:?} has disallowed characters in the alias")]
    Alias(String),
    /// Two dependencies with the same name or alias (JFrog strips aliases
    /// from indexes: Helm tolerates this one there).
    #[error("more than one dependency with name or alias {0:?}")]
    DuplicateDependency(String),
}

impl Metadata {
    /// Whether this is a library chart (its templates only provide definitions).
    pub fn is_library(&self) -> bool {
        self.chart_type == "library"
    }

    /// Helm's `Metadata.Validate`: sanitizes strings and checks the required
    /// fields, the version, the type and the dependencies' names and aliases.
    pub fn validate(&mut self) -> Result<(), ChartMetadataError> {
        for field in [
            &mut self.name,
            &mut self.description,
            &mut self.home,
            &mut self.icon,
            &mut self.condition,
            &mut self.tags,
            &mut self.app_version,
            &mut self.kube_version,
        ] {
            *field = sanitize(field);
        }
        for text in self.sources.iter_mut().chain(self.keywords.iter_mut()) {
            *text = sanitize(text);
        }
        if self.api_version.is_empty() {
            return Err(ChartMetadataError::NoApiVersion);
        }
        if self.api_version != API_VERSION_V1 && self.api_version != API_VERSION_V2 {
            return Err(ChartMetadataError::ApiVersion(self.api_version.clone()));
        }
        if self.name.is_empty() {
            return Err(ChartMetadataError::NoName);
        }
        if self.name == "." || self.name == ".." {
            return Err(ChartMetadataError::NameNotAllowed(self.name.clone()));
        }
        if self.name.contains('/') || self.name.contains('\\') {
            return Err(ChartMetadataError::InvalidName(self.name.clone()));
        }
        if self.version.is_empty() {
            return Err(ChartMetadataError::NoVersion);
        }
        if semver::Version::parse(&self.version).is_err() {
            return Err(ChartMetadataError::InvalidVersion(self.version.clone()));
        }
        if !matches!(self.chart_type.as_str(), "" | "application" | "library") {
            return Err(ChartMetadataError::Type);
        }
        for maintainer in &mut self.maintainers {
            maintainer.name = sanitize(&maintainer.name);
            maintainer.email = sanitize(&maintainer.email);
            maintainer.url = sanitize(&maintainer.url);
        }
        let mut seen = std::collections::BTreeSet::new();
        for dependency in &mut self.dependencies {
            dependency.name = sanitize(&dependency.name);
            if dependency.name.is_empty() {
                return Err(ChartMetadataError::UnnamedDependency);
            }
            if !dependency.alias.is_empty()
                && !dependency
                    .alias
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(ChartMetadataError::Alias(dependency.name.clone()));
            }
            let key = if dependency.alias.is_empty() {
                &dependency.name
            } else {
                &dependency.alias
            };
            if !seen.insert(key.clone()) {
                return Err(ChartMetadataError::DuplicateDependency(key.clone()));
            }
        }
        Ok(())
    }
}

/// Go's `sanitizeString`: whitespace becomes a space, unprintable characters go.
/// Whether `Chart.yaml`'s JSON leaves `annotations` out (Go's `omitempty`:
/// nil or empty).
fn no_annotations(annotations: &Option<BTreeMap<String, String>>) -> bool {
    annotations.as_ref().is_none_or(BTreeMap::is_empty)
}

fn sanitize(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            if c.is_whitespace() {
                Some(' ')
            } else if c.is_control() {
                None
            } else {
                Some(c)
            }
        })
        .collect()
}

/// A loaded chart and its subcharts.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// `Chart.yaml`, validated.
    pub metadata: Metadata,
    /// `values.yaml` (numbers as floats, see [the values docs](super::values)).
    pub values: Map<String, Value>,
    /// `values.schema.json`, parsed.
    pub schema: Option<Value>,
    /// Files under `templates/`, by path (`templates/deployment.yaml`).
    pub templates: BTreeMap<String, String>,
    /// Every other file, by path: what `.Files` reads (`crds/` included).
    pub files: Files,
    /// Subcharts from `charts/`, in file-name order.
    pub dependencies: Vec<Chart>,
}

/// A chart that could not be loaded. Every variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// Reading the directory failed.
    #[error("{path}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The archive was refused.
    #[error("{origin}")]
    Archive {
        /// Where the archive came from.
        origin: String,
        /// Why.
        source: ArchiveError,
    },
    /// A file is malformed or breaks a rule; `path` names it.
    #[error("{path}: {reason}")]
    Invalid {
        /// The file (origin joined with its path in the chart).
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// A file does not parse, or its content breaks Helm's rules; `path`
    /// names it and the source says why.
    #[error("{path}")]
    Unreadable {
        /// The file (origin joined with its path in the chart).
        path: String,
        /// Why.
        source: ChartFileError,
    },
}

/// Why a file of a chart is refused, as the source of
/// [`ChartError::Unreadable`].
#[derive(Debug, thiserror::Error)]
pub enum ChartFileError {
    /// `Chart.yaml` or `requirements.yaml` is not the YAML expected.
    #[error(transparent)]
    Yaml(#[from] crate::yaml::YamlError),
    /// `Chart.yaml` breaks Helm's rules.
    #[error(transparent)]
    Metadata(#[from] ChartMetadataError),
    /// `values.yaml` is not a map of values.
    #[error(transparent)]
    Values(#[from] super::values::ValuesError),
    /// `values.schema.json` is not JSON.
    #[error(transparent)]
    Schema(#[from] serde_json::Error),
    /// `.helmignore` does not parse.
    #[error(transparent)]
    Ignore(#[from] IgnoreError),
}

fn unreadable(origin: &str, file: &str, source: impl Into<ChartFileError>) -> ChartError {
    ChartError::Unreadable {
        path: format!("{origin}/{file}"),
        source: source.into(),
    }
}

fn invalid(origin: &str, file: &str, reason: impl Into<String>) -> ChartError {
    ChartError::Invalid {
        path: if file.is_empty() {
            origin.to_string()
        } else {
            format!("{origin}/{file}")
        },
        reason: reason.into(),
    }
}

impl Chart {
    /// The chart's name (after aliasing, the alias).
    pub fn name(&self) -> &str {
        &self.metadata.name
    }

    /// Loads a chart from a directory or a `.tgz` file, whichever `path` is.
    pub fn from_path(path: &Path, limits: &Limits) -> Result<Chart, ChartError> {
        let io = |source| ChartError::Io {
            path: path.to_path_buf(),
            source,
        };
        let metadata = std::fs::metadata(path).map_err(io)?;
        if metadata.is_dir() {
            return Chart::from_dir(path, limits);
        }
        if metadata.len() > limits.max_file_bytes {
            return Err(invalid(
                &path.display().to_string(),
                "",
                format!(
                    "the archive exceeds the limit of {} bytes per file",
                    limits.max_file_bytes
                ),
            ));
        }
        let bytes = std::fs::read(path).map_err(io)?;
        Chart::from_archive(&bytes, &path.display().to_string(), limits)
    }

    /// Loads a chart directory, honouring `.helmignore`, within `limits`.
    pub fn from_dir(dir: &Path, limits: &Limits) -> Result<Chart, ChartError> {
        let files = read_dir_files(dir, limits)?;
        Chart::from_files(files, &dir.display().to_string(), limits)
    }

    /// Loads a `.tgz` chart: its files must sit under one top directory.
    pub fn from_archive(bytes: &[u8], origin: &str, limits: &Limits) -> Result<Chart, ChartError> {
        Chart::archive_at(bytes, origin, limits, 0)
    }

    fn archive_at(
        bytes: &[u8],
        origin: &str,
        limits: &Limits,
        depth: usize,
    ) -> Result<Chart, ChartError> {
        let mut files = Files::new();
        archive::unpack_into(&mut files, bytes, limits).map_err(|source| ChartError::Archive {
            origin: origin.to_string(),
            source,
        })?;
        let mut top: Option<String> = None;
        let mut stripped = Files::new();
        for (path, data) in files {
            let Some((dir, rest)) = path.split_once('/') else {
                return Err(invalid(
                    origin,
                    &path,
                    "a chart archive holds one directory; this file is outside it",
                ));
            };
            match &top {
                Some(existing) if existing != dir => {
                    return Err(invalid(
                        origin,
                        "",
                        format!(
                            "a chart archive holds one directory, this one has {existing:?} and {dir:?}"
                        ),
                    ));
                }
                _ => top = Some(dir.to_string()),
            }
            stripped.insert(rest.to_string(), data);
        }
        Chart::files_at(stripped, origin, limits, depth)
    }

    /// Builds a chart from its files (relative paths); `origin` prefixes error
    /// messages. `limits` apply to subchart archives.
    pub fn from_files(files: Files, origin: &str, limits: &Limits) -> Result<Chart, ChartError> {
        Chart::files_at(files, origin, limits, 0)
    }

    fn files_at(
        files: Files,
        origin: &str,
        limits: &Limits,
        depth: usize,
    ) -> Result<Chart, ChartError> {
        if depth > MAX_SUBCHART_DEPTH {
            return Err(invalid(
                origin,
                "",
                format!("subcharts are nested more than {MAX_SUBCHART_DEPTH} levels deep"),
            ));
        }
        let text = |path: &str, data: &[u8]| {
            String::from_utf8(data.to_vec()).map_err(|_| invalid(origin, path, "not UTF-8"))
        };
        let chart_yaml = files
            .get("Chart.yaml")
            .ok_or_else(|| invalid(origin, "", "Chart.yaml file is missing"))?;
        let mut metadata: Metadata = crate::yaml::from_str(&text("Chart.yaml", chart_yaml)?)
            .map_err(|e| unreadable(origin, "Chart.yaml", e))?;
        if metadata.api_version.is_empty() {
            metadata.api_version = API_VERSION_V1.to_string();
        }
        // Helm reads requirements.yaml whatever the apiVersion (it warns for v2).
        if let Some(requirements) = files.get("requirements.yaml") {
            #[derive(Deserialize)]
            struct Requirements {
                #[serde(default)]
                dependencies: Option<Vec<Dependency>>,
            }
            let parsed: Requirements =
                crate::yaml::from_str(&text("requirements.yaml", requirements)?)
                    .map_err(|e| unreadable(origin, "requirements.yaml", e))?;
            if let Some(dependencies) = parsed.dependencies {
                metadata.dependencies = dependencies;
            }
        }
        metadata
            .validate()
            .map_err(|e| unreadable(origin, "Chart.yaml", e))?;

        let values = match files.get("values.yaml") {
            Some(data) => super::values::read_values(&text("values.yaml", data)?)
                .map_err(|e| unreadable(origin, "values.yaml", e))?,
            None => Map::new(),
        };
        let schema = match files.get("values.schema.json") {
            Some(data) => Some(
                serde_json::from_slice(data)
                    .map_err(|e| unreadable(origin, "values.schema.json", e))?,
            ),
            None => None,
        };

        let mut templates = BTreeMap::new();
        let mut rest = Files::new();
        let mut subcharts: BTreeMap<String, Files> = BTreeMap::new();
        for (path, data) in files {
            if path.starts_with("templates/") {
                templates.insert(path.clone(), text(&path, &data)?);
            } else if let Some(inner) = path.strip_prefix("charts/") {
                let name = inner.split('/').next().unwrap_or(inner).to_string();
                subcharts.entry(name).or_default().insert(path, data);
            } else if !matches!(
                path.as_str(),
                "Chart.yaml" | "values.yaml" | "values.schema.json" | "Chart.lock"
            ) && (!matches!(path.as_str(), "requirements.yaml" | "requirements.lock")
                || metadata.api_version == API_VERSION_V1)
            {
                rest.insert(path, data);
            }
        }

        let mut dependencies = Vec::new();
        for (name, files) in subcharts {
            if name.starts_with('_') || name.starts_with('.') || name.ends_with(".prov") {
                continue;
            }
            let sub_origin = format!("{origin}/charts/{name}");
            let chart = if name.ends_with(".tgz") {
                let data = files
                    .get(&format!("charts/{name}"))
                    .ok_or_else(|| invalid(origin, &format!("charts/{name}"), "not a file"))?;
                Chart::archive_at(data, &sub_origin, limits, depth + 1)?
            } else {
                let prefix = format!("charts/{name}/");
                let inner: Files = files
                    .into_iter()
                    .filter_map(|(path, data)| {
                        path.strip_prefix(&prefix).map(|p| (p.to_string(), data))
                    })
                    .collect();
                if inner.is_empty() {
                    return Err(invalid(
                        origin,
                        &format!("charts/{name}"),
                        "a file in charts/ must be a chart directory or a .tgz",
                    ));
                }
                Chart::files_at(inner, &sub_origin, limits, depth + 1)?
            };
            dependencies.push(chart);
        }

        Ok(Chart {
            metadata,
            values,
            schema,
            templates,
            files: rest,
            dependencies,
        })
    }

    /// The chart's CRD files (`crds/*.yaml|yml|json`) and its subcharts',
    /// as (path shown to users, content): `mychart/crds/a.yaml`.
    pub fn crd_files(&self) -> Vec<(String, Bytes)> {
        let mut out = Vec::new();
        self.collect_crds(self.name(), &mut out);
        out
    }

    fn collect_crds(&self, full_path: &str, out: &mut Vec<(String, Bytes)>) {
        for (path, data) in &self.files {
            let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
            if path.starts_with("crds/")
                && matches!(extension.as_deref(), Some("yaml" | "yml" | "json"))
            {
                out.push((format!("{full_path}/{path}"), data.clone()));
            }
        }
        for sub in &self.dependencies {
            sub.collect_crds(&format!("{full_path}/charts/{}", sub.name()), out);
        }
    }
}

/// The files of a chart directory, as a chart (and `helm package`) takes
/// them: `.helmignore` applied, links refused, within `limits`. Paths are
/// relative (`templates/deployment.yaml`).
pub fn read_dir_files(dir: &Path, limits: &Limits) -> Result<Files, ChartError> {
    let origin = dir.display().to_string();
    let rules = match std::fs::read(dir.join(".helmignore")) {
        Ok(bytes) => IgnoreRules::parse(&String::from_utf8_lossy(&bytes))
            .map_err(|e: IgnoreError| unreadable(&origin, ".helmignore", e))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => IgnoreRules::defaults(),
        Err(source) => {
            return Err(ChartError::Io {
                path: dir.join(".helmignore"),
                source,
            });
        }
    };
    let mut files = Files::new();
    let mut walk = Walk {
        rules: &rules,
        limits,
        entries: 0,
        bytes: 0,
        files: &mut files,
    };
    walk.dir(dir, "")?;
    Ok(files)
}

/// A directory walk with `.helmignore` rules and the package limits.
struct Walk<'a> {
    rules: &'a IgnoreRules,
    limits: &'a Limits,
    entries: usize,
    bytes: u64,
    files: &'a mut Files,
}

impl Walk<'_> {
    fn admit(&mut self, path: &Path, size: u64) -> Result<(), ChartError> {
        self.entries += 1;
        self.bytes += size;
        let limit = if self.entries > self.limits.max_entries {
            format!("{} entries", self.limits.max_entries)
        } else if size > self.limits.max_file_bytes {
            format!("{} bytes per file", self.limits.max_file_bytes)
        } else if self.bytes > self.limits.max_total_bytes {
            format!("{} bytes in all", self.limits.max_total_bytes)
        } else {
            return Ok(());
        };
        Err(ChartError::Invalid {
            path: path.display().to_string(),
            reason: format!("the chart exceeds the limit of {limit}"),
        })
    }

    fn dir(&mut self, dir: &Path, prefix: &str) -> Result<(), ChartError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| ChartError::Io { path, source }
        };
        let mut entries = std::fs::read_dir(dir)
            .map_err(io(dir))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(io(dir))?;
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            let relative = format!("{prefix}{name}");
            let path = entry.path();
            let kind = entry.file_type().map_err(io(&path))?;
            if kind.is_dir() {
                if self.rules.ignore(&relative, true) {
                    continue;
                }
                self.admit(&path, 0)?;
                self.dir(&path, &format!("{relative}/"))?;
            } else if kind.is_file() {
                if self.rules.ignore(&relative, false) {
                    continue;
                }
                let size = entry.metadata().map_err(io(&path))?.len();
                self.admit(&path, size)?;
                let data = std::fs::read(&path).map_err(io(&path))?;
                self.files.insert(relative, data.into());
            } else if !self.rules.ignore(&relative, false) {
                return Err(ChartError::Invalid {
                    path: path.display().to_string(),
                    reason: "links and special files are not allowed in a chart".to_string(),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Files of a chart from (path, text) pairs.
    pub(crate) fn files(list: &[(&str, &str)]) -> Files {
        list.iter()
            .map(|(p, d)| (p.to_string(), d.as_bytes().to_vec().into()))
            .collect()
    }

    pub(crate) fn load(list: &[(&str, &str)]) -> Chart {
        Chart::from_files(files(list), "mem", &Limits::default()).unwrap()
    }

    fn load_err(list: &[(&str, &str)]) -> String {
        crate::remedy::with_causes(
            &Chart::from_files(files(list), "mem", &Limits::default()).unwrap_err(),
        )
    }

    #[test]
    fn files_are_sorted_into_their_roles() {
        let sub_tgz = archive::pack(&files(&[
            (
                "sub2/Chart.yaml",
                "apiVersion: v2\nname: sub2\nversion: 0.1.0\n",
            ),
            ("sub2/values.yaml", "x: 1\n"),
        ]));
        let mut all = files(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: top\nversion: 1.0\nappVersion: 7.0.12\nkubeVersion: '>=1.20.0-0'\n",
            ),
            ("values.yaml", "replicas: 3\nimage: {tag: latest}\n"),
            ("values.schema.json", "{\"type\": \"object\"}"),
            ("templates/deployment.yaml", "kind: Deployment\n"),
            ("templates/_helpers.tpl", "{{- define \"x\" }}{{ end }}"),
            ("templates/NOTES.txt", "Installed."),
            ("crds/crontab.yaml", "kind: CustomResourceDefinition\n"),
            ("files/config.ini", "a=b\n"),
            ("Chart.lock", "generated: now\n"),
            (
                "charts/sub1/Chart.yaml",
                "apiVersion: v2\nname: sub1\nversion: 0.2.0\n",
            ),
            (
                "charts/sub1/crds/sub.yaml",
                "kind: CustomResourceDefinition\n",
            ),
            ("charts/sub2-0.1.0.tgz.prov", "signature"),
        ]);
        all.insert("charts/sub2-0.1.0.tgz".into(), sub_tgz.into());
        let chart = Chart::from_files(all, "mem", &Limits::default()).unwrap();
        assert_eq!(chart.metadata.version, "1.0");
        assert_eq!(chart.values["replicas"], serde_json::json!(3.0));
        assert!(chart.schema.is_some());
        assert_eq!(
            chart.templates.keys().collect::<Vec<_>>(),
            [
                "templates/NOTES.txt",
                "templates/_helpers.tpl",
                "templates/deployment.yaml"
            ]
        );
        assert_eq!(
            chart.files.keys().collect::<Vec<_>>(),
            ["crds/crontab.yaml", "files/config.ini"]
        );
        let names: Vec<_> = chart.dependencies.iter().map(Chart::name).collect();
        assert_eq!(names, ["sub1", "sub2"]);
        assert_eq!(chart.dependencies[1].values["x"], serde_json::json!(1.0));
        let crds: Vec<_> = chart.crd_files().into_iter().map(|(p, _)| p).collect();
        assert_eq!(
            crds,
            ["top/crds/crontab.yaml", "top/charts/sub1/crds/sub.yaml"]
        );
    }

    #[test]
    fn metadata_errors_name_the_file() {
        let error = load_err(&[("Chart.yaml", "apiVersion: v2\nversion: 1.0.0\n")]);
        assert_eq!(error, "mem/Chart.yaml: chart.metadata.name is required");
        let error = load_err(&[("Chart.yaml", "apiVersion: v2\nname: x\nversion: one\n")]);
        assert!(
            error.contains("chart.metadata.version \"one\" is invalid"),
            "{error}"
        );
        let error = load_err(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: x\nversion: 1.0.0\ntype: app\n",
        )]);
        assert!(error.contains("application or library"), "{error}");
        let error = load_err(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: x\nversion: 1.0.0\ndependencies: [{name: a}, {name: b, alias: a}]\n",
        )]);
        assert!(
            error.contains("more than one dependency with name or alias \"a\""),
            "{error}"
        );
        let error = load_err(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: x\nversion: 1.0.0\ndependencies: [{name: a, alias: 'a b'}]\n",
        )]);
        assert!(
            error.contains("disallowed characters in the alias"),
            "{error}"
        );
        let error = load_err(&[("values.yaml", "a: 1\n")]);
        assert_eq!(error, "mem: Chart.yaml file is missing");
        let error = load_err(&[
            ("Chart.yaml", "apiVersion: v2\nname: x\nversion: 1.0.0\n"),
            ("values.yaml", "a: [\n"),
        ]);
        assert!(error.starts_with("mem/values.yaml:"), "{error}");
        let error = load_err(&[
            ("Chart.yaml", "apiVersion: v2\nname: x\nversion: 1.0.0\n"),
            ("charts/sub/Chart.yaml", "apiVersion: v2\nversion: 1.0.0\n"),
        ]);
        assert!(error.starts_with("mem/charts/sub/Chart.yaml:"), "{error}");
        let error = load_err(&[
            ("Chart.yaml", "apiVersion: v2\nname: x\nversion: 1.0.0\n"),
            ("values.schema.json", "{"),
        ]);
        assert!(error.starts_with("mem/values.schema.json:"), "{error}");
    }

    /// bitnami's kube-prometheus-crds writes `dependencies:` with no value;
    /// Helm reads a null list, map or string as an empty one.
    #[test]
    fn null_lists_maps_and_strings_read_as_empty() {
        let chart = load(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: crds\nversion: 1.0.0\ndependencies:\nkeywords: ~\n\
             maintainers: null\ndescription:\nannotations:\nsources: [a]\n",
        )]);
        assert!(chart.metadata.dependencies.is_empty());
        assert!(chart.metadata.keywords.is_empty());
        assert!(chart.metadata.maintainers.is_empty());
        assert_eq!(chart.metadata.description, "");
        assert_eq!(chart.metadata.annotations, None);
        assert_eq!(chart.metadata.sources, ["a"]);
        let error = load_err(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: crds\nversion: 1.0.0\ndependencies: 3\n",
        )]);
        assert!(error.contains("mem/Chart.yaml"), "{error}");
    }

    #[test]
    fn v1_charts_take_dependencies_from_requirements() {
        let chart = load(&[
            ("Chart.yaml", "name: old\nversion: 1.0.0\n"),
            (
                "requirements.yaml",
                "dependencies:\n- name: db\n  version: ~1.0\n",
            ),
        ]);
        assert_eq!(chart.metadata.api_version, "v1");
        assert_eq!(chart.metadata.dependencies[0].name, "db");
        // A v1 chart's requirements.yaml is one of its files too, as in Helm.
        assert_eq!(
            chart.files.keys().collect::<Vec<_>>(),
            ["requirements.yaml"]
        );
        let v2 = load(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: new\nversion: 1.0.0\ndependencies: [{name: a}]\n",
            ),
            ("requirements.yaml", "dependencies:\n- name: db\n"),
            ("requirements.lock", "generated: x\n"),
        ]);
        assert_eq!(v2.metadata.dependencies[0].name, "db");
        assert!(v2.files.is_empty());
    }

    #[test]
    fn directories_honour_helmignore_and_archives_need_one_top_dir() {
        let dir = tempfile::tempdir().unwrap();
        for (path, data) in [
            ("Chart.yaml", "apiVersion: v2\nname: d\nversion: 1.0.0\n"),
            (".helmignore", "*.bak\nsecret/\n"),
            ("templates/cm.yaml", "kind: ConfigMap\n"),
            ("templates/.swp", "editor junk"),
            ("values.yaml.bak", "old"),
            ("secret/key", "x"),
            ("README.md", "hi"),
        ] {
            let full = dir.path().join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, data).unwrap();
        }
        let chart = Chart::from_path(dir.path(), &Limits::default()).unwrap();
        assert_eq!(
            chart.templates.keys().collect::<Vec<_>>(),
            ["templates/cm.yaml"]
        );
        assert_eq!(
            chart.files.keys().collect::<Vec<_>>(),
            [".helmignore", "README.md"]
        );

        let good = archive::pack(&files(&[
            ("d/Chart.yaml", "apiVersion: v2\nname: d\nversion: 1.0.0\n"),
            ("d/templates/cm.yaml", "kind: ConfigMap\n"),
        ]));
        let chart = Chart::from_archive(&good, "d-1.0.0.tgz", &Limits::default()).unwrap();
        assert_eq!(chart.templates.len(), 1);
        let file = dir.path().join("d-1.0.0.tgz");
        std::fs::write(&file, &good).unwrap();
        let from_file = Chart::from_path(&file, &Limits::default()).unwrap();
        assert_eq!(from_file, chart);
        let flat = archive::pack(&files(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: d\nversion: 1.0.0\n",
        )]));
        let error = crate::remedy::with_causes(
            &Chart::from_archive(&flat, "d.tgz", &Limits::default()).unwrap_err(),
        );
        assert!(error.contains("one directory"), "{error}");
        let two = archive::pack(&files(&[
            ("a/Chart.yaml", "apiVersion: v2\nname: d\nversion: 1.0.0\n"),
            ("b/x", "y"),
        ]));
        assert!(Chart::from_archive(&two, "d.tgz", &Limits::default()).is_err());
    }

    #[test]
    fn subchart_nesting_is_bounded() {
        let mut list = vec![(
            "Chart.yaml".to_string(),
            "apiVersion: v2\nname: c\nversion: 1.0.0\n".to_string(),
        )];
        let mut prefix = String::new();
        for _ in 0..=MAX_SUBCHART_DEPTH {
            prefix.push_str("charts/c/");
            list.push((
                format!("{prefix}Chart.yaml"),
                "apiVersion: v2\nname: c\nversion: 1.0.0\n".to_string(),
            ));
        }
        let all: Files = list
            .iter()
            .map(|(p, d)| (p.clone(), d.as_bytes().to_vec().into()))
            .collect();
        let error = crate::remedy::with_causes(
            &Chart::from_files(all.clone(), "deep", &Limits::default()).unwrap_err(),
        );
        assert!(error.contains("nested more than 16 levels"), "{error}");
        let fewer: Files = all
            .into_iter()
            .filter(|(p, _)| p.matches("charts/").count() < MAX_SUBCHART_DEPTH + 1)
            .collect();
        Chart::from_files(fewer, "deep", &Limits::default()).unwrap();
    }

    #[test]
    fn metadata_serializes_as_helm_does() {
        let chart = load(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: db\nversion: 1.2.3\ndescription: A db\ntype: application\nannotations: {b: '2', a: '1'}\ndependencies: [{name: common, version: 1.x.x, repository: 'oci://r', import-values: [defaults]}]\n",
        )]);
        assert_eq!(
            String::from_utf8(serde_json::to_vec(&chart.metadata).unwrap()).unwrap(),
            r#"{"name":"db","version":"1.2.3","description":"A db","apiVersion":"v2","annotations":{"a":"1","b":"2"},"dependencies":[{"name":"common","version":"1.x.x","repository":"oci://r","import-values":["defaults"]}],"type":"application"}"#
        );
    }
}
