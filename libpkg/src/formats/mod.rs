//! Package formats: the one seam between "a package" and "a `plain` package,
//! a Helm chart, an OLM bundle". Each format is one module here that answers
//! the same small set of questions behind the [`Format`] trait:
//!
//! | question | [`Format`] method | `plain` | `helm` | `registry+v1` |
//! |---|---|---|---|---|
//! | how is it recognised and loaded from files? | `recognise`/`load` functions of its module, tried in the order of [`Package::from_files`] | `package.yaml` and `manifests/` | `Chart.yaml` | `metadata/annotations.yaml` |
//! | what name does the plan give it? | [`Format::name`] | `plain` | `helm` | `registry+v1` |
//! | what is checked as it is fetched? | [`Format::check`] | manifests parsed | - | (read) |
//! | what configuration does it take, how is it validated? | [`Format::check_config`], [`Format::upgrade_config`] | none | values (`-f`, `--set`…) | `--config watchNamespace` |
//! | what does it need from the cluster to render? | [`Format::cluster_needs`] | nothing | capabilities, `lookup` | whether cert-manager is served |
//! | what does it render to? | [`Format::render`] | its manifests | templates, hooks, notes | the converted CSV |
//! | what does the plan record about it? | [`Rendered::values`], [`Rendered::bundle`] | - | the user's values | configuration, bundle |
//! | what is its published artifact? | [`Format::artifact`] | package.yaml + layer | Helm's OCI artifact | package.yaml + layer |
//!
//! A package's format-specific data is its [`Content`]; [`Content::format`]
//! is the one dispatch point from content to its format, and the orchestration
//! layer ([`crate::action`]) calls [`render`] and knows no format. Adding a
//! format (docs/library.md, "Adding a format") is a module here, a variant of
//! [`Content`] with its arm in [`Content::format`], and its recognition in
//! [`Package::from_files`] (and [`Package::from_dir`] / [`Package::from_archive`]
//! if its files are laid out differently).
//!
//! Why a trait behind an enum, rather than a `match` on [`Content`] at every
//! question: a format's answers then sit together in its own module, the
//! compiler checks that a new format answers them all (the trait has few
//! defaults), and the content stays a closed enum whose only `match` that
//! every format must extend is [`Content::format`].
//!
//! The trait is an interface over data, not over I/O: a format says what it
//! needs from the cluster ([`ClusterNeeds`]), the caller gathers it (online
//! from the API server, offline the documented defaults) and hands it to
//! [`Format::render`] ([`ClusterFacts`]), so rendering stays a pure function
//! that unit tests call without a cluster.

pub mod carvel;
pub mod helm;
pub mod olm;
pub mod plain;
pub mod requirements;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use crate::archive::{self, Artifact, Files, Limits};
use crate::helm::engine::{ChartRenderError, Lookup};
use crate::helm::render::Capabilities;
use crate::helm::values::{ReuseValues, Values};
use crate::manifest::Manifest;
use crate::olm::OlmError;
use crate::package::{
    BUNDLE_METADATA_DIR, CONFIG_MEDIA_TYPE, Content, DirBudget, EXTRA_FILES, LAYER_MEDIA_TYPE,
    MANIFESTS_DIR, Package, PackageError, read_tree,
};
use crate::plan::{BundleInfo, PackageFormat};
use crate::render::{Location, NamespacePlacement, RenderError};

/// What every package format answers. Implemented by each format's content
/// (a unit type for `plain`, the [`Chart`](crate::helm::chart::Chart), the
/// [`Bundle`](crate::olm::Bundle)); [`Content::format`] finds the one of a
/// package. The methods take the whole [`Package`] too, for what all formats
/// share (files, metadata).
pub trait Format {
    /// The format's name, as plans record it (`package.format`).
    fn name(&self) -> PackageFormat;

    /// Checks a package as it is fetched, before any cluster request, so that
    /// a bad package is refused early (and may keep what it parsed for
    /// planning), within the package `limits` the fetch had. Nothing by default.
    fn check(&self, _package: &Package, _limits: &Limits) -> Result<(), RenderError> {
        Ok(())
    }

    /// The package's OCI artifact, whose digest is the package's identity. By
    /// default the native one: `package.yaml` as JSON and one layer of the
    /// files.
    fn artifact(&self, package: &Package) -> Artifact {
        let config = serde_json::to_vec(&package.metadata).expect("metadata serializes");
        let layer = archive::pack(&package.files);
        Artifact::new((CONFIG_MEDIA_TYPE, config), (LAYER_MEDIA_TYPE, layer))
    }

    /// Checks the configuration given (`--config`, values) before rendering:
    /// what the format does not take is refused here.
    fn check_config(&self, configuration: &Configuration<'_>) -> Result<(), FormatError>;

    /// The configuration (`--config`) an upgrade renders with when none is
    /// given, from the plan `values` the deployed revision recorded. By
    /// default the deployed one is kept.
    fn upgrade_config(&self, deployed: Option<&Value>) -> BTreeMap<String, String> {
        config_of(deployed)
    }

    /// The release name when none is given: by default the package's name.
    fn default_release_name(&self, package: &Package) -> String {
        package.metadata.name.clone()
    }

    /// What rendering needs from the cluster (nothing by default).
    fn cluster_needs(&self) -> ClusterNeeds {
        ClusterNeeds::default()
    }

    /// Renders the package for a release with its configuration (already
    /// checked) and what the cluster told: the documents that become the
    /// plan's objects, and what the plan records about the package.
    fn render(
        &self,
        package: &Package,
        request: &RenderRequest<'_>,
        cluster: ClusterFacts<'_, '_>,
    ) -> Result<Rendered, FormatError>;
}

impl Content {
    /// The format of this content: the one dispatch point from a package to
    /// what its format does.
    pub fn format(&self) -> &dyn Format {
        match self {
            Content::Plain => &plain::Plain,
            Content::Helm(chart) => chart.as_ref(),
            Content::RegistryV1(bundle) => bundle.as_ref(),
            Content::Carvel(package) => package.as_ref(),
        }
    }
}

/// The configuration a package is rendered with, as the user gave it.
#[derive(Debug, Clone, Copy)]
pub struct Configuration<'a> {
    /// `--config KEY=VALUE` pairs.
    pub config: &'a BTreeMap<String, String>,
    /// Values (`-f`, `--set` and friends, merged).
    pub values: &'a Values,
    /// How an upgrade treats the values of the revision it upgrades.
    pub reuse_values: ReuseValues,
    /// `--enable-dns`: a chart's `getHostByName` resolves names.
    pub enable_dns: bool,
}

/// The release a package is rendered for, and with what.
#[derive(Debug, Clone, Copy)]
pub struct RenderRequest<'a> {
    /// Release name.
    pub release: &'a str,
    /// Release namespace.
    pub namespace: &'a str,
    /// For an upgrade: the revision it creates and the plan `values` the
    /// deployed revision recorded.
    pub upgrade: Option<(u32, Option<&'a Value>)>,
    /// The configuration given.
    pub configuration: Configuration<'a>,
}

/// What a format needs to know of the cluster to render.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClusterNeeds {
    /// The cluster's version and the APIs it serves (Helm's `.Capabilities`);
    /// without it, [`Capabilities::offline`].
    pub capabilities: bool,
    /// Reading live objects while rendering (Helm's `lookup`).
    pub lookup: bool,
    /// Kinds, as (apiVersion, kind), whose being served changes what renders.
    pub served_kinds: Vec<(String, String)>,
}

/// What the cluster told, as a format's [`ClusterNeeds`] asked (offline: the
/// documented defaults, nothing served, no lookup).
pub struct ClusterFacts<'a, 'b> {
    /// The capabilities (the offline defaults unless asked for and online).
    pub capabilities: &'a Capabilities,
    /// Those of the kinds asked about that the cluster serves.
    pub served_kinds: &'a BTreeSet<(String, String)>,
    /// Live objects, when asked for and online.
    pub lookup: Option<&'a mut Lookup<'b>>,
}

/// What rendering a package gave.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    /// The documents, with where each comes from.
    pub documents: Vec<(Location, Manifest)>,
    /// Hooks kept for later operations on the revision (the plan's
    /// `deferredHooks`); a chart's, empty for other formats.
    pub deferred_hooks: Vec<(Location, Manifest)>,
    /// Namespaces besides the release's that objects may name.
    pub other_namespaces: Vec<String>,
    /// Whether objects may name any other namespace too, each a risk finding
    /// (charts: Helm installs them, and third-party charts cannot be edited).
    pub any_namespace: bool,
    /// Where namespaced objects are moved (a Carvel package's
    /// `deploy.kapp.intoNs` / `mapNs`); by default nowhere.
    pub placement: NamespacePlacement,
    /// The configuration as the plan records it (`values`), if any.
    pub values: Option<Value>,
    /// What the plan records about a bundle (`package.bundle`).
    pub bundle: Option<BundleInfo>,
    /// Notes for the user (a chart's `NOTES.txt`).
    pub notes: Option<String>,
    /// Warnings for the plan.
    pub warnings: Vec<String>,
}

/// Why a package could not be rendered with its configuration.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The documents did not parse or name invalid objects.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// An OLM bundle cannot be installed (with this configuration).
    #[error(transparent)]
    Olm(#[from] OlmError),
    /// A chart did not render (values, schema, template, output).
    #[error(transparent)]
    Chart(#[from] ChartRenderError),
    /// The `--config` given does not fit the package.
    #[error("{reason}")]
    Config {
        /// What is wrong.
        reason: String,
    },
    /// Values given for a package that takes none.
    #[error(
        "values ({}) apply to Helm charts and Carvel packages only; this package's format is {format}",
        crate::remedy::Setting::Values
    )]
    ValuesNotTaken {
        /// The package's format.
        format: String,
    },
    /// A format's own reason, for formats whose errors have no variant here
    /// (a new format needs no change outside its module to report them).
    #[error("{format}")]
    Other {
        /// The format's name.
        format: &'static str,
        /// What went wrong.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// Renders `package` for `request`: its format checks the configuration, then
/// renders with what the cluster told.
pub fn render(
    package: &Package,
    request: &RenderRequest<'_>,
    cluster: ClusterFacts<'_, '_>,
) -> Result<Rendered, FormatError> {
    let format = package.content.format();
    format.check_config(&request.configuration)?;
    format.render(package, request, cluster)
}

/// The configuration recorded in a plan's `values`, back as key-value pairs
/// (non-string values are skipped: no format writes them).
pub fn config_of(values: Option<&Value>) -> BTreeMap<String, String> {
    values
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
        .collect()
}

/// A format that takes no values refuses them, naming itself.
pub(crate) fn refuse_values(
    format: &dyn Format,
    configuration: &Configuration<'_>,
) -> Result<(), FormatError> {
    if configuration.values.is_empty() {
        Ok(())
    } else {
        Err(FormatError::ValuesNotTaken {
            format: format.name().to_string(),
        })
    }
}

impl Package {
    /// Loads a package directory: a chart (a `Chart.yaml` and no
    /// `package.yaml`), or `package.yaml`, `manifests/**` and a README or
    /// LICENSE at the top (and an OLM bundle's `metadata/`). Hidden files are
    /// skipped; links are refused; the [`Limits`] apply as they do to archives
    /// (sizes are checked before reading).
    pub fn from_dir(dir: &Path, limits: &Limits) -> Result<Package, PackageError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| PackageError::Io { path, source }
        };
        let metadata = std::fs::metadata(dir).map_err(io(dir))?;
        if !metadata.is_dir() {
            return Err(PackageError::NotAPackage {
                origin: dir.display().to_string(),
            });
        }
        if helm::is_chart_dir(dir) {
            return Package::from_chart_dir(dir, limits);
        }
        let mut files = Files::new();
        let mut budget = DirBudget {
            limits,
            entries: 0,
            bytes: 0,
        };
        for top in ["package.yaml"].iter().chain(EXTRA_FILES.iter()) {
            let path = dir.join(top);
            match std::fs::symlink_metadata(&path) {
                Ok(meta) if meta.is_file() => {
                    budget.admit(&path, meta.len())?;
                    files.insert(
                        top.to_string(),
                        std::fs::read(&path).map_err(io(&path))?.into(),
                    );
                }
                Ok(_) => {
                    return Err(PackageError::UnsupportedFile {
                        path,
                        reason: "must be a regular file".to_string(),
                    });
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(PackageError::Io { path, source: e }),
            }
        }
        let manifests = dir.join("manifests");
        if manifests.is_dir() {
            read_tree(&manifests, MANIFESTS_DIR, &mut files, &mut budget)?;
        }
        // An OLM bundle's metadata (its annotations.yaml).
        let bundle_metadata = dir.join("metadata");
        if bundle_metadata.join("annotations.yaml").is_file() {
            read_tree(
                &bundle_metadata,
                BUNDLE_METADATA_DIR,
                &mut files,
                &mut budget,
            )?;
        }
        Package::from_files_within(files, &dir.display().to_string(), None, limits)
    }

    /// Loads a package from a `.tgz` of its directory. An archive whose files sit
    /// under one top directory (`mongodb/package.yaml`) is accepted too.
    pub fn from_archive(
        bytes: &[u8],
        origin: &str,
        limits: &Limits,
    ) -> Result<Package, PackageError> {
        let mut files = Files::new();
        archive::unpack_into(&mut files, bytes, limits).map_err(|source| {
            PackageError::Archive {
                origin: origin.to_string(),
                source,
            }
        })?;
        if let Some(files) = helm::chart_files(&files) {
            return Package::from_chart_files(files, origin, limits);
        }
        Package::from_files_within(strip_single_top_dir(files), origin, None, limits)
    }

    /// Builds a package from its files. `fallback` gives the name and version for
    /// a rukpak-style bundle that has `manifests/` but no `package.yaml`. Files
    /// with `metadata/annotations.yaml` and no `package.yaml` are an OLM bundle:
    /// its name is the OLM package name, its version the CSV's.
    pub fn from_files(
        files: Files,
        origin: &str,
        fallback: Option<(&str, &str)>,
    ) -> Result<Package, PackageError> {
        Package::from_files_within(files, origin, fallback, &Limits::default())
    }

    /// [`Package::from_files`] within `limits`: its documents (and those its
    /// format renders) are held to `limits.max_documents`.
    pub fn from_files_within(
        files: Files,
        origin: &str,
        fallback: Option<(&str, &str)>,
        limits: &Limits,
    ) -> Result<Package, PackageError> {
        if olm::recognise(&files) {
            return olm::load(files, origin, limits);
        }
        plain::load(files, origin, fallback, limits)
    }

    /// The release name when none is given ([`Format::default_release_name`]).
    pub fn default_release_name(&self) -> String {
        self.content.format().default_release_name(self)
    }

    /// The package format's name, as plans record it.
    pub fn format(&self) -> PackageFormat {
        self.content.format().name()
    }

    /// Builds the package's OCI artifact reproducibly: same files, same bytes.
    pub fn artifact(&self) -> Artifact {
        self.content.format().artifact(self)
    }
}

/// `mongodb/package.yaml` … → `package.yaml` …, when everything sits under one directory.
fn strip_single_top_dir(files: Files) -> Files {
    if files.contains_key("package.yaml") || crate::olm::is_bundle(&files) {
        return files;
    }
    let tops: BTreeSet<&str> = files
        .keys()
        .map(|path| path.split_once('/').map_or(path.as_str(), |(top, _)| top))
        .collect();
    let single = match tops.into_iter().collect::<Vec<_>>().as_slice() {
        [top]
            if files.contains_key(&format!("{top}/package.yaml"))
                || files.contains_key(&format!("{top}/{}", crate::olm::ANNOTATIONS_FILE)) =>
        {
            format!("{top}/")
        }
        _ => return files,
    };
    files
        .into_iter()
        .filter_map(|(path, data)| {
            path.strip_prefix(&single)
                .map(|rest| (rest.to_string(), data))
        })
        .collect()
}
