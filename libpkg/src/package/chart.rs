//! Helm charts as packages: recognising a chart (a `Chart.yaml` at the top of
//! a directory, or under the one top directory of a `.tgz`), loading it with
//! [`crate::helm::chart`], and describing it with the same [`Package`] fields
//! as a native package (name, version, description from `Chart.yaml`).
//!
//! A chart package's files are the chart's files as `helm package` takes them
//! (`.helmignore` applied); its digest is the digest of the Helm OCI artifact
//! that `kubectl pkg push` publishes and `helm pull` accepts
//! ([`crate::helm::oci::artifact`]), so a local chart and its pushed copy agree.

use std::path::Path;

use super::{Artifact, Files, Limits, Package, PackageError, PackageMetadata};
use crate::helm::chart::{Chart, read_dir_files};
use crate::helm::oci;

/// Whether a directory is a chart: it has a `Chart.yaml` and no `package.yaml`.
pub(super) fn is_chart_dir(dir: &Path) -> bool {
    dir.join("Chart.yaml").is_file() && !dir.join("package.yaml").exists()
}

/// The chart files of an unpacked archive, relative to the chart's directory:
/// `Some` when the archive is a chart (`NAME/Chart.yaml` under its one top
/// directory, or `Chart.yaml` at the top) and not a native package.
pub(super) fn chart_files(files: &Files) -> Option<Files> {
    if files.contains_key("package.yaml") {
        return None;
    }
    if files.contains_key("Chart.yaml") {
        return Some(files.clone());
    }
    let first = files.keys().next()?;
    let (top, _) = first.split_once('/')?;
    let prefix = format!("{top}/");
    if !files.contains_key(&format!("{prefix}Chart.yaml"))
        || files.contains_key(&format!("{prefix}package.yaml"))
        || !files.keys().all(|path| path.starts_with(&prefix))
    {
        return None;
    }
    Some(
        files
            .iter()
            .map(|(path, data)| (path[prefix.len()..].to_string(), data.clone()))
            .collect(),
    )
}

impl Package {
    /// Loads a chart directory as a package (`.helmignore` applied).
    pub fn from_chart_dir(dir: &Path, limits: &Limits) -> Result<Package, PackageError> {
        let files = read_dir_files(dir, limits)?;
        Package::from_chart_files(files, &dir.display().to_string(), limits)
    }

    /// Builds a chart package from the chart's files (paths relative to the
    /// chart's directory); `limits` apply to subchart archives under `charts/`.
    pub fn from_chart_files(
        files: Files,
        origin: &str,
        limits: &Limits,
    ) -> Result<Package, PackageError> {
        let chart = Chart::from_files(files.clone(), origin, limits)?;
        let chart_yaml = |reason: String| {
            PackageError::Chart(crate::helm::chart::ChartError::Invalid {
                path: format!("{origin}/Chart.yaml"),
                reason,
            })
        };
        let mut metadata =
            PackageMetadata::synthesized(&chart.metadata.name, &chart.metadata.version);
        metadata.description = chart.metadata.description.clone();
        metadata.home = chart.metadata.home.clone();
        metadata.keywords = chart.metadata.keywords.clone();
        metadata.maintainers = chart
            .metadata
            .maintainers
            .iter()
            .map(|m| super::Maintainer {
                name: m.name.clone(),
                email: (!m.email.is_empty()).then(|| m.email.clone()),
                url: (!m.url.is_empty()).then(|| m.url.clone()),
            })
            .collect();
        let version = metadata.validate().map_err(chart_yaml)?;
        Ok(Package {
            metadata,
            version,
            files,
            bundle: None,
            chart: Some(Box::new(chart)),
            parsed: super::ParsedOnce::default(),
        })
    }
}

/// The Helm OCI artifact of a chart package.
pub(super) fn artifact(chart: &Chart, files: &Files) -> Artifact {
    oci::artifact(&chart.metadata, files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::{FORMAT_HELM, archive};

    fn chart_files_sample() -> Files {
        let mut files = Files::new();
        files.insert(
            "Chart.yaml".into(),
            b"apiVersion: v2\nname: hello\nversion: 1.2.3\ndescription: Says hello\n".to_vec(),
        );
        files.insert("values.yaml".into(), b"greeting: hi\n".to_vec());
        files.insert(
            "templates/cm.yaml".into(),
            b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: hello}\n".to_vec(),
        );
        files
    }

    #[test]
    fn a_chart_directory_and_its_archive_are_the_same_helm_package() {
        let dir = tempfile::tempdir().unwrap();
        for (path, data) in chart_files_sample() {
            let full = dir.path().join(&path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, data).unwrap();
        }
        let from_dir = Package::from_dir(dir.path(), &Limits::default()).unwrap();
        assert_eq!(from_dir.format(), FORMAT_HELM);
        assert_eq!(from_dir.metadata.name, "hello");
        assert_eq!(from_dir.version.to_string(), "1.2.3");
        assert_eq!(from_dir.metadata.description, "Says hello");

        // The layer of the chart's OCI artifact is `helm package`'s archive:
        // loading it as a .tgz gives the same package and the same digest.
        let artifact = from_dir.artifact();
        let from_archive =
            Package::from_archive(&artifact.layer, "hello-1.2.3.tgz", &Limits::default()).unwrap();
        assert_eq!(from_archive, from_dir);
        assert_eq!(from_archive.artifact().digest, artifact.digest);
        let manifest: oci_client::manifest::OciImageManifest =
            serde_json::from_slice(&artifact.manifest).unwrap();
        assert_eq!(manifest.config.media_type, oci::CONFIG_MEDIA_TYPE);
        assert_eq!(manifest.layers[0].media_type, oci::CHART_LAYER_MEDIA_TYPE);
    }

    #[test]
    fn native_packages_are_not_charts() {
        let mut files = chart_files_sample();
        files.insert("package.yaml".into(), Vec::new());
        assert!(chart_files(&files).is_none());
        let nested: Files = chart_files_sample()
            .into_iter()
            .map(|(p, d)| (format!("hello/{p}"), d))
            .collect();
        assert_eq!(chart_files(&nested), Some(chart_files_sample()));
        let mut two_tops = nested.clone();
        two_tops.insert("other/x".into(), Vec::new());
        assert!(chart_files(&two_tops).is_none());
        let archive = archive::pack(&nested);
        let package = Package::from_archive(&archive, "x.tgz", &Limits::default()).unwrap();
        assert_eq!(package.format(), FORMAT_HELM);
    }

    #[test]
    fn chart_metadata_errors_name_the_chart() {
        let mut files = chart_files_sample();
        files.insert(
            "Chart.yaml".into(),
            b"apiVersion: v2\nname: Hello_World\nversion: 1.0.0\n".to_vec(),
        );
        let error = Package::from_chart_files(files, "charts/hello", &Limits::default())
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("charts/hello/Chart.yaml: "), "{error}");
    }
}
