//! Packages: what every format has in common (metadata, version, files) and
//! what one format alone has, as one [`Content`] enum with one variant per
//! format.
//!
//! Which format a directory, an archive or an image holds, and how each format
//! loads, configures and renders, is [`crate::formats`]' business: it defines
//! [`Package`]'s constructors ([`Package::from_dir`], [`Package::from_files`]
//! …) so that this module, which the formats build on, depends on none of
//! their adapters.
//!
//! A package is held as its files in memory ([`Files`]): the same value comes
//! out of a directory, a `.tgz` and a registry, which is what makes the plan the
//! same for all three. Its digest is the digest of the OCI manifest that
//! [`Package::artifact`] builds, so a local package and its pushed copy agree.

mod metadata;

use std::path::{Path, PathBuf};

use crate::helm::chart::Chart;
use crate::olm::{Bundle, OlmError};

pub use crate::archive::{
    self, ArchiveError, Artifact, Files, Limits, MANIFEST_MEDIA_TYPE, sha256_digest,
};
pub use metadata::{Maintainer, MetadataError, PACKAGE_API_VERSION, PackageMetadata};

/// Media type of the package config blob (package.yaml as JSON).
pub const CONFIG_MEDIA_TYPE: &str = "application/vnd.kubectl-pkg.package.config.v1+json";
/// Media type of the package layer.
pub const LAYER_MEDIA_TYPE: &str = "application/vnd.oci.image.layer.v1.tar+gzip";
/// The directory of manifests inside a package.
pub(crate) const MANIFESTS_DIR: &str = "manifests/";
/// The directory of an OLM bundle's metadata.
pub(crate) const BUNDLE_METADATA_DIR: &str = "metadata/";
/// The files of a directory that belong to the package; anything else is left out.
pub(crate) const EXTRA_FILES: [&str; 2] = ["README.md", "LICENSE"];

/// A loaded package: metadata and files, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct Package {
    /// The parsed `package.yaml` (synthesized for bundle images without one).
    pub metadata: PackageMetadata,
    /// The parsed version.
    pub version: semver::Version,
    /// Every file of the package by relative path.
    pub files: Files,
    /// What only its format has: a chart, a bundle, or (`plain`) nothing
    /// besides the files.
    pub content: Content,
    /// Its manifests as [`crate::render::parse_documents`] parsed them when
    /// the package was fetched, until planning takes them: a large package's
    /// YAML is parsed once, not once to check it and once to plan.
    pub(crate) parsed: ParsedOnce,
    /// The limits it was read within (`--package-limits`): the documents its
    /// format renders (a chart's output, a ytt template's) are held to the
    /// same number of documents as its files.
    pub(crate) limits: Limits,
}

/// A package's content, one variant per format: the one place a format's
/// own data lives, so that every `match` on it is checked by the compiler
/// when a format is added. What each format does with it is behind
/// [`crate::formats::Format`] ([`Content::format`] is the one dispatch point).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Content {
    /// The native `plain` format (also a rukpak-style bundle image with
    /// `manifests/` and no `package.yaml`): its objects are its manifests.
    Plain,
    /// A Helm chart (a directory or `.tgz` with a `Chart.yaml`, or a Helm OCI
    /// artifact): see [`crate::helm`].
    Helm(Box<Chart>),
    /// An OLM `registry+v1` bundle (`metadata/annotations.yaml` and a
    /// ClusterServiceVersion): see [`crate::olm`].
    RegistryV1(Box<Bundle>),
    /// A Carvel `Package` chosen from a PackageRepository, its content
    /// fetched: see [`crate::carvel`].
    Carvel(Box<crate::carvel::CarvelPackage>),
}

impl Package {
    /// The chart, for a Helm chart package.
    pub fn chart(&self) -> Option<&Chart> {
        match &self.content {
            Content::Helm(chart) => Some(chart),
            _ => None,
        }
    }

    /// The bundle, for an OLM `registry+v1` package.
    pub fn bundle(&self) -> Option<&Bundle> {
        match &self.content {
            Content::RegistryV1(bundle) => Some(bundle),
            _ => None,
        }
    }

    /// The manifest files in the order they are read: lexical by path.
    pub fn manifest_files(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.files
            .iter()
            .filter(|(path, _)| path.starts_with(MANIFESTS_DIR))
            .map(|(path, data)| (path.as_str(), data.as_ref()))
    }
}

impl crate::render::Manifests for Package {
    fn manifests(&self) -> Vec<(&str, &[u8])> {
        self.manifest_files().collect()
    }
}

/// Parsed manifests, kept until taken once. A copy of the package starts
/// without them (it parses again), and they take no part in comparisons.
#[derive(Default)]
pub(crate) struct ParsedOnce(
    std::sync::Mutex<Option<Vec<(crate::render::Location, crate::manifest::Manifest)>>>,
);

impl ParsedOnce {
    /// Keeps `documents` for [`take`](Self::take).
    pub(crate) fn keep(
        &self,
        documents: Vec<(crate::render::Location, crate::manifest::Manifest)>,
    ) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(documents);
    }

    /// The documents kept, if any; they are kept no longer.
    pub(crate) fn take(&self) -> Option<Vec<(crate::render::Location, crate::manifest::Manifest)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

impl Clone for ParsedOnce {
    fn clone(&self) -> Self {
        ParsedOnce::default()
    }
}

impl PartialEq for ParsedOnce {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for ParsedOnce {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ParsedOnce")
    }
}

/// A package that could not be loaded. Every variant names where the problem is.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// Reading the directory or archive failed.
    #[error("{path}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The archive or image layer was refused.
    #[error("{origin}")]
    Archive {
        /// Where the archive came from.
        origin: String,
        /// Why it was refused.
        source: ArchiveError,
    },
    /// Neither `package.yaml` nor `manifests/` is there.
    #[error("{origin}: not a package: no package.yaml and no manifests/ directory")]
    NotAPackage {
        /// Where it was looked for.
        origin: String,
    },
    /// `package.yaml` is malformed or invalid.
    #[error("{origin}/package.yaml: {reason}")]
    Metadata {
        /// The package's origin.
        origin: String,
        /// What is wrong.
        reason: String,
    },
    /// `package.yaml` (or a chart's `Chart.yaml`, read as package
    /// metadata) does not parse or breaks a rule; the source says why.
    #[error("{file}")]
    MetadataUnreadable {
        /// The file: the package's origin joined with its name.
        file: String,
        /// Why.
        source: MetadataFileError,
    },
    /// An OLM bundle that cannot be read.
    #[error(transparent)]
    Bundle(#[from] OlmError),
    /// A Helm chart that cannot be loaded.
    #[error(transparent)]
    Chart(#[from] crate::helm::chart::ChartError),
    /// A file that cannot be part of a package (a link, a device).
    #[error("{path}: {reason}")]
    UnsupportedFile {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

/// Why a package's metadata file is refused, as the source of
/// [`PackageError::MetadataUnreadable`].
#[derive(Debug, thiserror::Error)]
pub enum MetadataFileError {
    /// Not the YAML of package metadata.
    #[error(transparent)]
    Yaml(#[from] crate::yaml::YamlError),
    /// Metadata that breaks a rule.
    #[error(transparent)]
    Invalid(#[from] MetadataError),
}

/// What a directory has used of its [`Limits`] so far.
pub(crate) struct DirBudget<'a> {
    pub(crate) limits: &'a Limits,
    pub(crate) entries: usize,
    pub(crate) bytes: u64,
}

impl DirBudget<'_> {
    /// Counts one entry of `size` bytes, or says which limit it breaks.
    pub(crate) fn admit(&mut self, path: &Path, size: u64) -> Result<(), PackageError> {
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
        Err(PackageError::UnsupportedFile {
            path: path.to_path_buf(),
            reason: format!("the package exceeds the limit of {limit}"),
        })
    }
}

/// Reads every regular file under `dir` (hidden ones too, such as a
/// catalog's `.indexignore`), within the [`Limits`]; links are refused.
pub fn read_directory(dir: &Path, limits: &Limits) -> Result<Files, PackageError> {
    let mut files = Files::new();
    let mut budget = DirBudget {
        limits,
        entries: 0,
        bytes: 0,
    };
    read_tree_with(dir, "", &mut files, &mut budget, true)?;
    Ok(files)
}

/// Reads the regular files under `dir` into `files` under `prefix` (hidden
/// ones skipped), within the budget.
pub(crate) fn read_tree(
    dir: &Path,
    prefix: &str,
    files: &mut Files,
    budget: &mut DirBudget<'_>,
) -> Result<(), PackageError> {
    read_tree_with(dir, prefix, files, budget, false)
}

fn read_tree_with(
    dir: &Path,
    prefix: &str,
    files: &mut Files,
    budget: &mut DirBudget<'_>,
    keep_hidden: bool,
) -> Result<(), PackageError> {
    let entries = std::fs::read_dir(dir).map_err(|source| PackageError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    for entry in entries {
        let entry = entry.map_err(|source| PackageError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && !keep_hidden {
            continue;
        }
        let path = entry.path();
        let kind = entry.file_type().map_err(|source| PackageError::Io {
            path: path.clone(),
            source,
        })?;
        if kind.is_dir() {
            budget.admit(&path, 0)?;
            read_tree_with(
                &path,
                &format!("{prefix}{name}/"),
                files,
                budget,
                keep_hidden,
            )?;
        } else if kind.is_file() {
            let size = entry
                .metadata()
                .map_err(|source| PackageError::Io {
                    path: path.clone(),
                    source,
                })?
                .len();
            budget.admit(&path, size)?;
            let data = std::fs::read(&path).map_err(|source| PackageError::Io {
                path: path.clone(),
                source,
            })?;
            files.insert(format!("{prefix}{name}"), data.into());
        } else {
            return Err(PackageError::UnsupportedFile {
                path,
                reason: "links and special files are not allowed in a package".to_string(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn sample_files() -> Files {
        let mut files = Files::new();
        files.insert(
            "package.yaml".into(),
            b"apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: demo\nversion: 1.0.0\n"
                .to_vec()
                .into(),
        );
        files.insert(
            "manifests/cm.yaml".into(),
            b"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo\n"
                .to_vec()
                .into(),
        );
        files
    }

    #[test]
    fn directory_archive_and_files_agree() {
        let dir = tempfile::tempdir().unwrap();
        for (path, data) in sample_files() {
            let full = dir.path().join(&path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, data).unwrap();
        }
        std::fs::write(dir.path().join("notes.txt"), "not part of the package").unwrap();
        let from_dir = Package::from_dir(dir.path(), &Limits::default()).unwrap();
        let from_files = Package::from_files(sample_files(), "mem", None).unwrap();
        assert_eq!(from_dir, from_files);
        let archive = archive::pack(&sample_files());
        let from_archive = Package::from_archive(&archive, "demo.tgz", &Limits::default()).unwrap();
        assert_eq!(from_archive.artifact().digest, from_dir.artifact().digest);
        assert_eq!(from_dir.artifact().manifest, from_dir.artifact().manifest);
    }

    #[test]
    fn directories_are_held_to_the_same_limits() {
        let dir = tempfile::tempdir().unwrap();
        for (path, data) in sample_files() {
            let full = dir.path().join(&path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, data).unwrap();
        }
        std::fs::write(dir.path().join("manifests/big.yaml"), vec![b'#'; 5000]).unwrap();
        let per_file = Limits {
            max_file_bytes: 4096,
            ..Limits::default()
        };
        let error =
            crate::remedy::with_causes(&Package::from_dir(dir.path(), &per_file).unwrap_err());
        assert!(error.contains("big.yaml"), "{error}");
        assert!(error.contains("4096 bytes per file"), "{error}");
        let few = Limits {
            max_entries: 2,
            ..Limits::default()
        };
        let error = Package::from_dir(dir.path(), &few).unwrap_err().to_string();
        assert!(error.contains("2 entries"), "{error}");
        Package::from_dir(dir.path(), &Limits::default()).unwrap();
    }

    #[test]
    fn archives_with_a_top_directory_are_accepted() {
        let nested: Files = sample_files()
            .into_iter()
            .map(|(p, d)| (format!("demo/{p}"), d))
            .collect();
        let archive = archive::pack(&nested);
        let package = Package::from_archive(&archive, "demo.tgz", &Limits::default()).unwrap();
        assert_eq!(package.metadata.name, "demo");
    }

    #[test]
    fn metadata_errors_name_the_file_and_field() {
        let mut files = sample_files();
        files.insert(
            "package.yaml".into(),
            b"apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nname: demo\nversion: 1.0.0\nversoin: 2\n".to_vec().into(),
        );
        let error =
            crate::remedy::with_causes(&Package::from_files(files, "pkgs/demo", None).unwrap_err());
        assert!(error.starts_with("pkgs/demo/package.yaml:"), "{error}");
        assert!(error.contains("versoin"), "{error}");

        let mut files = sample_files();
        files.insert(
            "package.yaml".into(),
            b"apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Package\nversion: 1.0.0\n"
                .to_vec()
                .into(),
        );
        let error =
            crate::remedy::with_causes(&Package::from_files(files, "pkgs/demo", None).unwrap_err());
        assert!(error.contains("name"), "{error}");

        let mut files = sample_files();
        files.remove("package.yaml");
        let error = crate::remedy::with_causes(
            &Package::from_files(files.clone(), "pkgs/demo", None).unwrap_err(),
        );
        assert!(error.contains("no package.yaml"), "{error}");
        let bundle = Package::from_files(files, "oci://r/demo", Some(("demo", "1.2.3"))).unwrap();
        assert_eq!(bundle.version.to_string(), "1.2.3");
    }
}
