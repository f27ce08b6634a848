//! Carvel packaging (kapp-controller's `data.packaging.carvel.dev/v1alpha1`):
//! a PackageRepository's content (`packages/**.yml` holding `Package` and
//! `PackageMetadata` documents, `.imgpkg/images.yml`), read from a directory
//! or an imgpkg bundle; `versionSelection` on the project's resolver; and a
//! package's fetch and template steps, as kapp-controller declares them.
//!
//! What a chosen package renders to is [`crate::formats::carvel`]'s business;
//! fetching its content is [`crate::source::carvel`]'s; running ytt is
//! [`ytt`]'s and the native kbld rewrite [`kbld`]'s.

pub mod install;
pub mod kapp;
pub mod kbld;
pub mod ytt;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::archive::Files;
use crate::plan::CarvelInfo;
use crate::version::{self, Constraint, Resolution, ResolveError};
use crate::yaml::{YamlBudget, YamlLimits};

/// The API group and version of `Package` and `PackageMetadata`.
pub const API_VERSION: &str = "data.packaging.carvel.dev/v1alpha1";

/// The config label that makes an image an imgpkg bundle.
pub const BUNDLE_LABEL: &str = "dev.carvel.imgpkg.bundle";

/// A bundle's image lock: the images its content names, by digest.
pub const IMAGES_LOCK_FILE: &str = ".imgpkg/images.yml";

/// The directory of a PackageRepository's package documents.
pub const PACKAGES_DIR: &str = "packages/";

/// Why a Carvel repository or package cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum CarvelError {
    /// A document of the repository or package is malformed.
    #[error("{origin}: {file}: {reason}")]
    Invalid {
        /// The repository or bundle.
        origin: String,
        /// The file (and document) at fault.
        file: String,
        /// What is wrong.
        reason: String,
    },
    /// A document of the repository or package does not parse.
    #[error("{origin}: {file}")]
    Unreadable {
        /// The repository or bundle.
        origin: String,
        /// The file (and document, and part of it) at fault.
        file: String,
        /// The parser's reason.
        source: DocumentError,
    },
    /// A step kapp-controller knows that kubectl-pkg does not run.
    #[error("package {package}: {stage} step {index} ({step}) is not supported: {why}")]
    Unsupported {
        /// `refName` and version.
        package: String,
        /// `fetch` or `template`.
        stage: &'static str,
        /// The step's index.
        index: usize,
        /// The step's kind (`kustomize`, `git`…).
        step: String,
        /// Why, and what to do instead.
        why: String,
    },
    /// The Packages of that refName (or those the version asked for would
    /// choose) were skipped when the repository was read: kapp-controller
    /// refuses them too.
    #[error("{origin}: {name}: {}", skipped_reasons(.asked, .skipped))]
    Skipped {
        /// The repository.
        origin: String,
        /// The refName asked for.
        name: String,
        /// Why nothing else fits (no such refName, no version matches).
        asked: String,
        /// The Packages of that refName skipped, and why.
        skipped: Vec<SkippedPackage>,
    },
    /// No package of that refName.
    #[error("{origin}: no Package with refName {name:?} (refNames: {})", .known.join(", "))]
    NotFound {
        /// The repository.
        origin: String,
        /// The refName asked for.
        name: String,
        /// The refNames there are.
        known: Vec<String>,
    },
    /// No version of the package fits the constraint.
    #[error("{origin}: {name}: {source}")]
    Resolve {
        /// The repository.
        origin: String,
        /// The refName.
        name: String,
        /// Why.
        source: ResolveError,
    },
    /// Values the package's `valuesSchema` refuses.
    #[error("package {package}: {}", values_violations(.file, .violations))]
    Values {
        /// `refName` and version.
        package: String,
        /// The repository file of the Package.
        file: String,
        /// (value path, what is wrong).
        violations: Vec<(String, String)>,
    },
    /// A template step failed.
    #[error("package {package}: template step {index} ({step}): {reason}{}", .values_refused.as_ref().map(|refused| format!("\n(and its {refused})")).unwrap_or_default())]
    Template {
        /// `refName` and version.
        package: String,
        /// The step's index.
        index: usize,
        /// The step's kind.
        step: String,
        /// What went wrong (ytt's stderr, a kbld image, a chart error).
        reason: String,
        /// The values' refusal by the `valuesSchema`, when they do not match
        /// it either: the templates' own refusal comes first, as it is the
        /// one kapp-controller reports (it never checks the schema).
        values_refused: Option<String>,
    },
    /// ytt is needed and cannot be run.
    #[error(
        "package {package} has ytt templates, and ytt {reason} (install ytt on PATH or pass {} PATH)",
        crate::remedy::Setting::Ytt
    )]
    YttMissing {
        /// `refName` and version.
        package: String,
        /// What went wrong ([`ytt::YttError`]'s message).
        reason: String,
    },
}

/// Why a document of a Carvel repository or package does not parse, as the
/// source of [`CarvelError::Unreadable`].
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// Not YAML.
    #[error(transparent)]
    Yaml(#[from] crate::yaml::YamlError),
    /// Not the document's schema.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Not an `ImagesLock`.
    #[error(transparent)]
    ImagesLock(#[from] ImagesLockError),
    /// A fetch step's version constraint that is not one.
    #[error(transparent)]
    Constraint(#[from] crate::version::ConstraintError),
    /// A fetch step's image that is not an OCI reference.
    #[error(transparent)]
    Reference(#[from] crate::reference::RefParseError),
}

/// `values do not match its valuesSchema (FILE: …):` and each violation.
pub(crate) fn values_violations(file: &str, violations: &[(String, String)]) -> String {
    let listed: Vec<String> = violations
        .iter()
        .map(|(path, message)| format!("\n- {path}: {message}"))
        .collect();
    format!(
        "values do not match its valuesSchema ({file}: spec.valuesSchema.openAPIv3):{}",
        listed.concat()
    )
}

fn skipped_reasons(asked: &str, skipped: &[SkippedPackage]) -> String {
    let listed: Vec<String> = skipped.iter().map(|s| format!("\n- {s}")).collect();
    format!(
        "{asked}; skipped when the repository was read (kapp-controller refuses them too):{}",
        listed.concat()
    )
}

/// A `Package` document of a repository that kapp-controller refuses on its
/// own (a `metadata.name` that is not `refName.version`, no `spec.version`…):
/// left out, naming why, while every other package of the repository stays
/// usable, as kapp-controller creates the others.
#[derive(Debug, Clone, PartialEq)]
pub struct SkippedPackage {
    /// The file and document (`packages/x/1.0.0.yml (document 1)`).
    pub file: String,
    /// `metadata.name` as written.
    pub name: String,
    /// `spec.refName`, when it has one.
    pub ref_name: Option<String>,
    /// Why it was skipped.
    pub reason: String,
}

impl std::fmt::Display for SkippedPackage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Package {:?} ({}): {}",
            self.name, self.file, self.reason
        )
    }
}

/// `metadata` as the documents have it.
#[derive(Debug, Clone, Default, Deserialize)]
struct ObjectMeta {
    #[serde(default)]
    name: String,
}

/// A document of the repository: `Package` or `PackageMetadata`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Document {
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    api_version: String,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    kind: String,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    metadata: ObjectMeta,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    spec: Value,
}

/// A `Package`: one version of a package (`spec.refName`, `spec.version`).
#[derive(Debug, Clone, PartialEq)]
pub struct PackageVersion {
    /// `spec.refName`.
    pub ref_name: String,
    /// `spec.version`, parsed.
    pub version: semver::Version,
    /// `spec.releaseNotes`.
    pub release_notes: String,
    /// `spec.valuesSchema.openAPIv3`.
    pub values_schema: Option<Value>,
    /// `spec.template.spec.fetch`.
    pub fetch: Vec<FetchStep>,
    /// `spec.template.spec.template`.
    pub template: Vec<TemplateStep>,
    /// `spec.template.spec.deploy`.
    pub deploy: Vec<Value>,
    /// The file it was read from.
    pub file: String,
    /// `spec.kubernetesVersionSelection.constraints`.
    pub kubernetes_version_selection: Option<String>,
    /// `spec.kappControllerVersionSelection.constraints`.
    pub kapp_controller_version_selection: Option<String>,
}

impl PackageVersion {
    /// `refName@version`, as errors name the package.
    pub fn id(&self) -> String {
        format!("{}@{}", self.ref_name, self.version)
    }
}

/// A `PackageMetadata`: what describes a package across its versions.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PackageMetadata {
    /// `spec.displayName`.
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub display_name: String,
    /// `spec.shortDescription`.
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub short_description: String,
    /// `spec.longDescription`.
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub long_description: String,
    /// `spec.providerName`.
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub provider_name: String,
}

/// One fetch step of `spec.template.spec.fetch`, and the sub-directory
/// (`path`) it is placed under.
#[derive(Debug, Clone, PartialEq)]
pub struct FetchStep {
    /// What it fetches.
    pub kind: Fetch,
    /// `path`: where its content goes (by default the top when there is one
    /// fetch step, else its index).
    pub path: Option<String>,
}

/// What a fetch step fetches.
#[derive(Debug, Clone, PartialEq)]
pub enum Fetch {
    /// `imgpkgBundle.image`: an imgpkg bundle.
    ImgpkgBundle {
        /// The image reference.
        image: String,
    },
    /// `image.url`: an image's layers (`subPath` of them).
    Image {
        /// The image reference.
        url: String,
        /// `subPath`.
        sub_path: Option<String>,
    },
    /// `http.url`, pinned by `http.sha256`: a file, or a `.tgz`/`.tar.gz`
    /// archive unpacked (`subPath` of it).
    Http {
        /// The URL.
        url: String,
        /// The sha256 (hex) the body must have.
        sha256: String,
        /// `subPath`.
        sub_path: Option<String>,
    },
    /// `helmChart`: a chart of a classic Helm chart repository, its archive
    /// verified against the index's digest.
    HelmChart {
        /// `name`.
        name: String,
        /// `version` (exact).
        version: String,
        /// `repository.url`.
        repository: String,
    },
    /// `inline.paths`: files given in the document.
    Inline {
        /// Path → content.
        paths: BTreeMap<String, String>,
    },
    /// A step kubectl-pkg does not run, or cannot read: refused (naming
    /// the step and why) only when its package version is chosen, so one
    /// version's step never makes a whole repository unreadable.
    Unsupported {
        /// The step's kind (its key).
        step: String,
        /// Why it is refused.
        why: String,
    },
}

/// One template step of `spec.template.spec.template`.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplateStep {
    /// `ytt`.
    Ytt(YttStep),
    /// `kbld`.
    Kbld {
        /// `paths` (`-` is the previous step's output).
        paths: Vec<String>,
    },
    /// `helmTemplate`.
    HelmTemplate {
        /// `name` (default: the release).
        name: Option<String>,
        /// `namespace` (default: the release's).
        namespace: Option<String>,
        /// `path` of the chart (default: the top).
        path: Option<String>,
        /// `valuesFrom` paths.
        values_from: Vec<String>,
    },
    /// A step kubectl-pkg does not run (`kustomize`, `cue`, `jsonnet`, `sops`,
    /// or one it does not know), or cannot read: refused when its package
    /// version is chosen.
    Unsupported {
        /// The step's kind (its key).
        step: String,
        /// Why it is refused.
        why: String,
    },
}

impl TemplateStep {
    /// The step's kind as kapp-controller spells it.
    pub fn kind(&self) -> &str {
        match self {
            TemplateStep::Ytt(_) => "ytt",
            TemplateStep::Kbld { .. } => "kbld",
            TemplateStep::HelmTemplate { .. } => "helmTemplate",
            TemplateStep::Unsupported { step, .. } => step,
        }
    }
}

/// A `ytt` template step.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct YttStep {
    /// `paths` (`-` is the previous step's output; none: the whole content).
    pub paths: Vec<String>,
    /// `inline.paths`: extra files.
    pub inline: BTreeMap<String, String>,
    /// `valuesFrom[].path`: data values files of the content.
    pub values_from: Vec<String>,
    /// `fileMarks`, passed as `--file-mark`.
    pub file_marks: Vec<String>,
    /// `ignoreUnknownComments`.
    pub ignore_unknown_comments: bool,
    /// `strict`.
    pub strict: bool,
}

/// An imgpkg `ImagesLock` (`.imgpkg/images.yml`): original reference (its
/// `kbld.carvel.dev/id` annotation) → the reference by digest.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ImagesLock {
    /// `kbld.carvel.dev/id` → `image`.
    pub images: BTreeMap<String, String>,
    /// `kbld.carvel.dev/id` → its `kbld.carvel.dev/origins` annotation (a
    /// YAML list, as kbld wrote it when it resolved the image), where the
    /// lock has one.
    #[serde(skip)]
    pub origins: BTreeMap<String, String>,
}

/// Why an `ImagesLock` document is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImagesLockError {
    /// The document is of another kind.
    #[error("not an ImagesLock (kind ImagesLock)")]
    NotImagesLock,
    /// An entry has no `image`.
    #[error("images[{index}]: no image")]
    NoImage {
        /// The entry's index.
        index: usize,
    },
    /// An entry's image is not a reference by digest.
    #[error("images[{index}]: {image:?} is not pinned by digest")]
    NotPinned {
        /// The entry's index.
        index: usize,
        /// The image.
        image: String,
    },
}

impl ImagesLock {
    /// Parses an `ImagesLock` document; `origin` and `file` name it in errors.
    pub fn parse(text: &str, origin: &str, file: &str) -> Result<ImagesLock, CarvelError> {
        let unreadable = |source: DocumentError| CarvelError::Unreadable {
            origin: origin.to_string(),
            file: file.to_string(),
            source,
        };
        let value: Value = crate::yaml::from_str(text).map_err(|e| unreadable(e.into()))?;
        let mut lock = ImagesLock::default();
        lock.absorb(&value).map_err(|e| unreadable(e.into()))?;
        Ok(lock)
    }

    /// Adds the images of an `ImagesLock` document.
    pub(crate) fn absorb(&mut self, value: &Value) -> Result<(), ImagesLockError> {
        if value.get("kind").and_then(Value::as_str) != Some("ImagesLock") {
            return Err(ImagesLockError::NotImagesLock);
        }
        for (index, entry) in value
            .get("images")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let image = entry
                .get("image")
                .and_then(Value::as_str)
                .ok_or(ImagesLockError::NoImage { index })?;
            if !image.contains("@sha256:") {
                return Err(ImagesLockError::NotPinned {
                    index,
                    image: image.to_string(),
                });
            }
            let id = entry
                .pointer("/annotations/kbld.carvel.dev~1id")
                .and_then(Value::as_str)
                .unwrap_or(image);
            self.images.insert(id.to_string(), image.to_string());
            if let Some(origins) = entry
                .pointer("/annotations/kbld.carvel.dev~1origins")
                .and_then(Value::as_str)
            {
                self.origins.insert(id.to_string(), origins.to_string());
            }
        }
        Ok(())
    }
}

/// A PackageRepository's content: its packages by refName (each version
/// once), their metadata, and its image lock.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Repository {
    /// refName → versions, newest first.
    pub packages: BTreeMap<String, Vec<PackageVersion>>,
    /// refName → its `PackageMetadata`.
    pub metadata: BTreeMap<String, PackageMetadata>,
    /// `.imgpkg/images.yml`, if any.
    pub images_lock: ImagesLock,
    /// The Packages left out, and why, in file order.
    pub skipped: Vec<SkippedPackage>,
}

/// Whether files are a PackageRepository's content: YAML under `packages/`
/// (and no `package.yaml`, `Chart.yaml` or OLM catalog).
pub fn is_repository(files: &Files) -> bool {
    files.keys().any(|path| {
        path.starts_with(PACKAGES_DIR) && (path.ends_with(".yml") || path.ends_with(".yaml"))
    }) && !files.contains_key("package.yaml")
        && !files.contains_key("Chart.yaml")
}

impl Repository {
    /// Reads the `Package` and `PackageMetadata` documents under `packages/`
    /// and `.imgpkg/images.yml`. Any other document under `packages/`, or
    /// the same version twice, is an error naming its file. A Package that
    /// kapp-controller would refuse on its own (its name is not
    /// `refName.version`, a field missing) is skipped, naming why
    /// ([`Repository::skipped`]): the others stay usable.
    pub fn from_files(files: &Files, origin: &str) -> Result<Repository, CarvelError> {
        let mut repository = Repository::default();
        let mut budget = YamlBudget::new(YamlLimits::default());
        for (path, bytes) in files {
            if !path.starts_with(PACKAGES_DIR)
                || !(path.ends_with(".yml") || path.ends_with(".yaml"))
            {
                continue;
            }
            let invalid = |document: usize, reason: String| CarvelError::Invalid {
                origin: origin.to_string(),
                file: format!("{path} (document {})", document + 1),
                reason,
            };
            let unreadable =
                |document: usize, part: &str, source: DocumentError| CarvelError::Unreadable {
                    origin: origin.to_string(),
                    file: format!("{path} (document {}){part}", document + 1),
                    source,
                };
            let text = std::str::from_utf8(bytes).map_err(|_| invalid(0, "not UTF-8".into()))?;
            let documents = crate::yaml::documents(text, &mut budget)
                .map_err(|(index, _, error)| unreadable(index, "", error.into()))?;
            for document in documents {
                if document.value.is_null() {
                    continue;
                }
                let index = document.index;
                let parsed: Document = serde_json::from_value(document.value.into())
                    .map_err(|e| unreadable(index, "", e.into()))?;
                if parsed.api_version != API_VERSION {
                    return Err(invalid(
                        index,
                        format!(
                            "apiVersion {:?} kind {:?}: a PackageRepository holds only {API_VERSION} Package and PackageMetadata documents",
                            parsed.api_version, parsed.kind
                        ),
                    ));
                }
                match parsed.kind.as_str() {
                    "PackageMetadata" => {
                        let metadata: PackageMetadata = serde_json::from_value(parsed.spec)
                            .map_err(|e| unreadable(index, " spec", e.into()))?;
                        repository
                            .metadata
                            .insert(parsed.metadata.name.clone(), metadata);
                    }
                    "Package" => {
                        let package = match parse_package(&parsed, path) {
                            Ok(package) => package,
                            Err(reason) => {
                                repository.skipped.push(SkippedPackage {
                                    file: format!("{path} (document {})", index + 1),
                                    name: parsed.metadata.name.clone(),
                                    ref_name: string_at(&parsed.spec, "/refName"),
                                    reason,
                                });
                                continue;
                            }
                        };
                        let versions = repository
                            .packages
                            .entry(package.ref_name.clone())
                            .or_default();
                        if let Some(other) = versions.iter().find(|v| v.version == package.version)
                        {
                            return Err(invalid(
                                index,
                                format!(
                                    "{} is defined twice (also in {})",
                                    package.id(),
                                    other.file
                                ),
                            ));
                        }
                        versions.push(package);
                    }
                    other => {
                        return Err(invalid(
                            index,
                            format!("kind {other:?}: expected Package or PackageMetadata"),
                        ));
                    }
                }
            }
        }
        for versions in repository.packages.values_mut() {
            versions.sort_by(|a, b| b.version.cmp(&a.version));
        }
        if let Some(bytes) = files.get(IMAGES_LOCK_FILE) {
            let text = String::from_utf8_lossy(bytes);
            repository.images_lock = ImagesLock::parse(&text, origin, IMAGES_LOCK_FILE)?;
        }
        Ok(repository)
    }

    /// The refNames, sorted.
    pub fn names(&self) -> Vec<String> {
        self.packages.keys().cloned().collect()
    }

    /// The skipped Packages of refName `name` (by `spec.refName`, or by a
    /// `metadata.name` that starts with it where there is none).
    pub fn skipped_of(&self, name: &str) -> Vec<SkippedPackage> {
        self.skipped
            .iter()
            .filter(|s| match &s.ref_name {
                Some(ref_name) => ref_name == name,
                None => s.name.starts_with(&format!("{name}.")),
            })
            .cloned()
            .collect()
    }

    /// Chooses a version of `name` as `versionSelection` does: the highest
    /// that satisfies `constraint` (newest stable when `None`), prereleases
    /// only with `devel` or a constraint naming one.
    pub fn resolve(
        &self,
        name: &str,
        constraint: Option<&Constraint>,
        devel: bool,
        origin: &str,
    ) -> Result<(&PackageVersion, Resolution), CarvelError> {
        // Nothing usable: the Packages of that refName that were skipped
        // are why.
        let skipped = |asked: String| {
            let skipped = self.skipped_of(name);
            CarvelError::Skipped {
                origin: origin.to_string(),
                name: name.to_string(),
                asked,
                skipped,
            }
        };
        let has_skipped = !self.skipped_of(name).is_empty();
        let Some(versions) = self.packages.get(name) else {
            if has_skipped {
                return Err(skipped("no usable Package with that refName".to_string()));
            }
            return Err(CarvelError::NotFound {
                origin: origin.to_string(),
                name: name.to_string(),
                known: self.names(),
            });
        };
        let texts: Vec<String> = versions.iter().map(|v| v.version.to_string()).collect();
        let resolution = version::resolve(&texts, constraint, devel).map_err(|source| {
            if has_skipped {
                skipped(source.to_string())
            } else {
                CarvelError::Resolve {
                    origin: origin.to_string(),
                    name: name.to_string(),
                    source,
                }
            }
        })?;
        let chosen = versions
            .iter()
            .find(|v| v.version == resolution.version)
            .expect("the resolver chose one of the versions given");
        Ok((chosen, resolution))
    }
}

fn string_at(value: &Value, pointer: &str) -> Option<String> {
    value
        .pointer(pointer)
        .and_then(Value::as_str)
        .map(str::to_string)
}

fn strings_at(value: &Value, key: &str) -> Result<Vec<String>, String> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("{key}: every entry must be a string"))
            })
            .collect(),
        Some(_) => Err(format!("{key}: must be a list of strings")),
    }
}

fn parse_package(document: &Document, file: &str) -> Result<PackageVersion, String> {
    let spec = &document.spec;
    let ref_name = string_at(spec, "/refName").ok_or("spec.refName is missing")?;
    crate::names::validate_dns_subdomain(&ref_name)
        .map_err(|reason| format!("spec.refName {ref_name:?}: {reason}"))?;
    let version_text = string_at(spec, "/version").ok_or("spec.version is missing")?;
    let version = semver::Version::parse(&version_text)
        .map_err(|e| format!("spec.version {version_text:?}: not a semver version: {e}"))?;
    let expected = format!("{ref_name}.{version_text}");
    if document.metadata.name != expected {
        return Err(format!(
            "metadata.name {:?} must be spec.refName + \".\" + spec.version ({expected:?})",
            document.metadata.name
        ));
    }
    let template_spec = spec
        .pointer("/template/spec")
        .ok_or("spec.template.spec is missing")?;
    let mut fetch = Vec::new();
    for step in template_spec
        .get("fetch")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        fetch.push(parse_fetch(step).unwrap_or_else(|why| FetchStep {
            kind: Fetch::Unsupported {
                step: step_name(step, &["path"]),
                why,
            },
            path: None,
        }));
    }
    if fetch.is_empty() {
        return Err("spec.template.spec.fetch has no steps".to_string());
    }
    let mut template = Vec::new();
    for step in template_spec
        .get("template")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        template.push(
            parse_template(step).unwrap_or_else(|why| TemplateStep::Unsupported {
                step: step_name(step, &[]),
                why,
            }),
        );
    }
    if template.is_empty() {
        return Err("spec.template.spec.template has no steps".to_string());
    }
    let values_schema = spec.pointer("/valuesSchema/openAPIv3").cloned();
    Ok(PackageVersion {
        ref_name,
        version,
        release_notes: string_at(spec, "/releaseNotes").unwrap_or_default(),
        values_schema,
        fetch,
        template,
        deploy: template_spec
            .get("deploy")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        file: file.to_string(),
        kubernetes_version_selection: string_at(spec, "/kubernetesVersionSelection/constraints"),
        kapp_controller_version_selection: string_at(
            spec,
            "/kappControllerVersionSelection/constraints",
        ),
    })
}

/// A step's kind for messages: its key, or what is wrong with it.
fn step_name(step: &Value, extra: &[&str]) -> String {
    step_kind(step, extra).map_or_else(|_| "unreadable step".to_string(), |(kind, _)| kind)
}

/// The one key of a step besides `path`.
fn step_kind(step: &Value, extra: &[&str]) -> Result<(String, Value), String> {
    let map = step.as_object().ok_or("a step must be a mapping")?;
    let keys: Vec<&String> = map
        .keys()
        .filter(|key| !extra.contains(&key.as_str()))
        .collect();
    match keys.as_slice() {
        [key] => Ok(((*key).clone(), map[key.as_str()].clone())),
        [] => Err("the step names no kind".to_string()),
        _ => Err(format!(
            "the step names several kinds: {}",
            keys.iter()
                .map(|k| k.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

fn parse_fetch(step: &Value) -> Result<FetchStep, String> {
    let (kind, body) = step_kind(step, &["path"])?;
    let path = string_at(step, "/path");
    let kind = match kind.as_str() {
        "imgpkgBundle" => Fetch::ImgpkgBundle {
            image: string_at(&body, "/image").ok_or("imgpkgBundle.image is missing")?,
        },
        "image" => Fetch::Image {
            url: string_at(&body, "/url").ok_or("image.url is missing")?,
            sub_path: string_at(&body, "/subPath"),
        },
        "http" => {
            let url = string_at(&body, "/url").ok_or("http.url is missing")?;
            if body.get("sha256").is_some_and(|v| !v.is_string()) {
                return Err("http.sha256 must be a string: quote it".to_string());
            }
            let sha256 = string_at(&body, "/sha256").ok_or(
                "http.sha256 is missing: kubectl-pkg fetches over HTTP only what a checksum pins",
            )?;
            let sha256 = sha256.trim_start_matches("sha256:").to_lowercase();
            if sha256.len() != 64 || !sha256.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(format!("http.sha256 {sha256:?} is not a sha256 in hex"));
            }
            Fetch::Http {
                url,
                sha256,
                sub_path: string_at(&body, "/subPath"),
            }
        }
        "helmChart" => {
            if body.pointer("/repository/secretRef").is_some() {
                return Err("helmChart.repository.secretRef reads the cluster kapp-controller runs in; credentials for chart repositories are not supported".to_string());
            }
            Fetch::HelmChart {
                name: string_at(&body, "/name").ok_or("helmChart.name is missing")?,
                version: string_at(&body, "/version").ok_or(
                    "helmChart.version is missing: kubectl-pkg fetches one version, pinned",
                )?,
                repository: string_at(&body, "/repository/url")
                    .ok_or("helmChart.repository.url is missing")?,
            }
        }
        "inline" => {
            if body.get("pathsFrom").is_some() {
                return Err("inline.pathsFrom reads Secrets or ConfigMaps of the cluster kapp-controller runs in; kubectl-pkg renders from the package alone: put the files in inline.paths".to_string());
            }
            let paths = match body.get("paths") {
                None => BTreeMap::new(),
                Some(Value::Object(map)) => map
                    .iter()
                    .map(|(k, v)| {
                        v.as_str()
                            .map(|s| (k.clone(), s.to_string()))
                            .ok_or_else(|| format!("inline.paths.{k}: must be a string"))
                    })
                    .collect::<Result<_, _>>()?,
                Some(_) => return Err("inline.paths must be a mapping".to_string()),
            };
            Fetch::Inline { paths }
        }
        other => Fetch::Unsupported {
            step: other.to_string(),
            why: unsupported_reason(other),
        },
    };
    if let Some(path) = &path {
        check_relative(path).map_err(|e| format!("path {path:?}: {e}"))?;
    }
    Ok(FetchStep { kind, path })
}

fn values_from_paths(body: &Value) -> Result<Vec<String>, String> {
    let mut paths = Vec::new();
    for (index, source) in body
        .get("valuesFrom")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        match string_at(source, "/path") {
            Some(path) => {
                check_relative(&path).map_err(|e| format!("valuesFrom[{index}].path: {e}"))?;
                paths.push(path);
            }
            None => {
                return Err(format!(
                    "valuesFrom[{index}]: only path is supported (secretRef, configMapRef and downwardAPI read the cluster kapp-controller runs in; give values with -f instead)"
                ));
            }
        }
    }
    Ok(paths)
}

fn parse_template(step: &Value) -> Result<TemplateStep, String> {
    let (kind, body) = step_kind(step, &[])?;
    Ok(match kind.as_str() {
        "ytt" => {
            let inline = match body.pointer("/inline/paths") {
                None => BTreeMap::new(),
                Some(Value::Object(map)) => map
                    .iter()
                    .map(|(k, v)| {
                        check_relative(k).map_err(|e| format!("ytt.inline.paths.{k}: {e}"))?;
                        v.as_str()
                            .map(|s| (k.clone(), s.to_string()))
                            .ok_or_else(|| format!("ytt.inline.paths.{k}: must be a string"))
                    })
                    .collect::<Result<_, _>>()?,
                Some(_) => return Err("ytt.inline.paths must be a mapping".to_string()),
            };
            if body.pointer("/inline/pathsFrom").is_some() {
                return Err(
                    "ytt.inline.pathsFrom reads the cluster: put the files in ytt.inline.paths"
                        .to_string(),
                );
            }
            let paths = strings_at(&body, "paths").map_err(|e| format!("ytt.{e}"))?;
            for path in paths.iter().filter(|p| p.as_str() != "-") {
                check_relative(path).map_err(|e| format!("ytt.paths {path:?}: {e}"))?;
            }
            TemplateStep::Ytt(YttStep {
                paths,
                inline,
                values_from: values_from_paths(&body).map_err(|e| format!("ytt.{e}"))?,
                file_marks: strings_at(&body, "fileMarks").map_err(|e| format!("ytt.{e}"))?,
                ignore_unknown_comments: body
                    .get("ignoreUnknownComments")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                strict: body.get("strict").and_then(Value::as_bool).unwrap_or(false),
            })
        }
        "kbld" => {
            let paths = strings_at(&body, "paths").map_err(|e| format!("kbld.{e}"))?;
            for path in paths.iter().filter(|p| p.as_str() != "-") {
                check_relative(path).map_err(|e| format!("kbld.paths {path:?}: {e}"))?;
            }
            TemplateStep::Kbld { paths }
        }
        "helmTemplate" => {
            let path = string_at(&body, "/path");
            if let Some(path) = &path {
                check_relative(path).map_err(|e| format!("helmTemplate.path: {e}"))?;
            }
            TemplateStep::HelmTemplate {
                name: string_at(&body, "/name"),
                namespace: string_at(&body, "/namespace"),
                path,
                values_from: values_from_paths(&body).map_err(|e| format!("helmTemplate.{e}"))?,
            }
        }
        other => TemplateStep::Unsupported {
            step: other.to_string(),
            why: unsupported_reason(other),
        },
    })
}

/// A path inside the content: relative, no `..`.
fn check_relative(path: &str) -> Result<(), String> {
    if path.starts_with('/') || path.split('/').any(|part| part == "..") {
        Err("must be a relative path inside the package's content".to_string())
    } else {
        Ok(())
    }
}

/// Why kubectl-pkg does not run a step, for [`CarvelError::Unsupported`].
pub fn unsupported_reason(step: &str) -> String {
    match step {
        "git" => {
            "git sources wait for the git-sources issue; publish the content as an imgpkg bundle"
                .to_string()
        }
        "kustomize" | "cue" | "jsonnet" | "sops" => format!(
            "kubectl-pkg runs ytt, kbld and helmTemplate only; render {step} output into the package's content"
        ),
        other => format!("{other:?} is not a step kapp-controller defines"),
    }
}

/// Whether a directory is an imgpkg bundle's (it has `.imgpkg/`).
pub fn is_bundle_dir(dir: &std::path::Path) -> bool {
    dir.join(".imgpkg").is_dir()
}

/// An imgpkg bundle of `files` as `imgpkg push -b` makes one: an OCI image
/// of one tar+gzip layer whose config carries the [`BUNDLE_LABEL`]. The same
/// files give the same bytes and digest.
pub fn bundle_artifact(files: &Files) -> crate::archive::Artifact {
    let config = serde_json::to_vec(&serde_json::json!({
        "architecture": "amd64",
        "os": "linux",
        "config": {"Labels": {BUNDLE_LABEL: "true"}},
        "rootfs": {"type": "layers", "diff_ids": []},
    }))
    .expect("a JSON literal serializes");
    crate::archive::Artifact::new(
        ("application/vnd.oci.image.config.v1+json", config),
        (
            "application/vnd.oci.image.layer.v1.tar+gzip",
            crate::archive::pack(files),
        ),
    )
}

/// A chosen Carvel package, its content fetched: what [`Content::Carvel`](crate::package::Content::Carvel)
/// holds. Its files (the package's `files`) are its fetch steps' content,
/// each under its `path`.
#[derive(Debug, Clone, PartialEq)]
pub struct CarvelPackage {
    /// The `Package`.
    pub package: PackageVersion,
    /// Its `PackageMetadata`, if the repository has one.
    pub metadata: Option<PackageMetadata>,
    /// The repository: a pinned bundle reference or a directory.
    pub repository: String,
    /// The repository bundle's digest; `None` for a directory.
    pub repository_digest: Option<String>,
    /// Each fetch step as fetched (`imgpkgBundle REF@sha256:…`, `inline`).
    pub fetched: Vec<String>,
    /// The ytt that renders it; `None` when no step needs ytt.
    pub ytt: Option<ytt::Ytt>,
    /// The Packages of its refName the repository skipped (what `show`
    /// lists beside the versions).
    pub skipped: Vec<SkippedPackage>,
}

impl CarvelPackage {
    /// What the plan records about it.
    pub fn info(&self) -> CarvelInfo {
        CarvelInfo {
            repository: self.repository.clone(),
            repository_digest: self.repository_digest.clone(),
            ref_name: self.package.ref_name.clone(),
            version: self.package.version.to_string(),
            fetch: self.fetched.clone(),
            template: self
                .package
                .template
                .iter()
                .map(|step| step.kind().to_string())
                .collect(),
            ytt: self.ytt.as_ref().map(|ytt| ytt.tool.clone()),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
