//! The `helm` format: recognising a chart (a `Chart.yaml` at the top of a
//! directory, or under the one top directory of a `.tgz`), loading it with
//! [`crate::helm::chart`], and describing it with the same [`Package`] fields
//! as a native package (name, version, description from `Chart.yaml`).
//!
//! A chart takes values (`-f`, `--set`…, on upgrade merged with the deployed
//! revision's by Helm's rules), not `--config`; it renders with the cluster's
//! capabilities and `lookup` ([`crate::helm::engine`]) to objects, hooks
//! (some kept for later operations) and notes; the plan records the user's
//! values.
//!
//! A chart package's files are the chart's files as `helm package` takes them
//! (`.helmignore` applied); its digest is the digest of the Helm OCI artifact
//! that `kubectl pkg push` publishes and `helm pull` accepts
//! ([`crate::helm::oci::artifact`]), so a local chart and its pushed copy agree.

use std::path::Path;

use serde_json::Value;

use super::{
    ClusterFacts, ClusterNeeds, Configuration, Format, FormatError, RenderRequest, Rendered,
};
use crate::archive::{Artifact, Files, Limits};
use crate::helm::chart::{Chart, read_dir_files};
use crate::helm::engine::render_chart;
use crate::helm::oci;
use crate::helm::render::ReleaseOptions;
use crate::helm::values::{Values, go_numbers, integral_numbers, upgrade_values};
use crate::package::{Content, Maintainer, Package, PackageError, PackageMetadata, ParsedOnce};
use crate::plan::PackageFormat;

/// The format's name in plans.
pub const NAME: PackageFormat = PackageFormat::Helm;

/// Whether a directory is a chart: it has a `Chart.yaml` and no `package.yaml`.
pub(crate) fn is_chart_dir(dir: &Path) -> bool {
    dir.join("Chart.yaml").is_file() && !dir.join("package.yaml").exists()
}

/// The chart files of an unpacked archive, relative to the chart's directory:
/// `Some` when the archive is a chart (`NAME/Chart.yaml` under its one top
/// directory, or `Chart.yaml` at the top) and not a native package.
pub(crate) fn chart_files(files: &Files) -> Option<Files> {
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
        let mut metadata =
            PackageMetadata::synthesized(&chart.metadata.name, &chart.metadata.version);
        metadata.description = chart.metadata.description.clone();
        metadata.home = chart.metadata.home.clone();
        metadata.keywords = chart.metadata.keywords.clone();
        metadata.maintainers = chart
            .metadata
            .maintainers
            .iter()
            .map(|m| Maintainer {
                name: m.name.clone(),
                email: (!m.email.is_empty()).then(|| m.email.clone()),
                url: (!m.url.is_empty()).then(|| m.url.clone()),
            })
            .collect();
        let version = metadata
            .validate()
            .map_err(|error| PackageError::MetadataUnreadable {
                file: format!("{origin}/Chart.yaml"),
                source: error.into(),
            })?;
        Ok(Package {
            metadata,
            version,
            files,
            content: Content::Helm(Box::new(chart)),
            parsed: ParsedOnce::default(),
            limits: *limits,
        })
    }
}

impl Format for Chart {
    fn name(&self) -> PackageFormat {
        NAME
    }

    /// The Helm OCI artifact: what `helm push` makes and `helm pull` accepts.
    fn artifact(&self, package: &Package) -> Artifact {
        oci::artifact(&self.metadata, &package.files)
    }

    fn check_config(&self, configuration: &Configuration<'_>) -> Result<(), FormatError> {
        if let Some(key) = configuration.config.keys().next() {
            return Err(FormatError::Config {
                reason: format!(
                    "{config} {key}: a Helm chart takes values ({values}), not {config}",
                    config = crate::remedy::Setting::Config,
                    values = crate::remedy::Setting::Values
                ),
            });
        }
        Ok(())
    }

    /// A chart's values follow Helm's rules on upgrade ([`upgrade_values`]),
    /// not the deployed `--config`: it has none.
    fn upgrade_config(
        &self,
        _deployed: Option<&Value>,
    ) -> std::collections::BTreeMap<String, String> {
        Default::default()
    }

    fn cluster_needs(&self) -> ClusterNeeds {
        ClusterNeeds {
            capabilities: true,
            lookup: true,
            served_kinds: Vec::new(),
        }
    }

    fn render(
        &self,
        package: &Package,
        request: &RenderRequest<'_>,
        cluster: ClusterFacts<'_, '_>,
    ) -> Result<Rendered, FormatError> {
        let configuration = &request.configuration;
        let (release, values) = match request.upgrade {
            None => (
                ReleaseOptions::install(request.release, request.namespace),
                configuration.values.clone(),
            ),
            Some((revision, previous)) => {
                // Every number of the previous release's values is a
                // `float64` to Helm, which reads them back from its record's
                // JSON (a `--set` integer included).
                let previous: Values = match previous.cloned().map(go_numbers) {
                    Some(Value::Object(previous)) => previous,
                    _ => Values::new(),
                };
                (
                    ReleaseOptions::upgrade(
                        request.release,
                        request.namespace,
                        u64::from(revision),
                    ),
                    upgrade_values(
                        configuration.reuse_values,
                        configuration.values.clone(),
                        &previous,
                    ),
                )
            }
        };
        let release = ReleaseOptions {
            enable_dns: configuration.enable_dns,
            ..release
        };
        let rendered = render_chart(
            self,
            &values,
            &release,
            cluster.capabilities,
            cluster.lookup,
            package.limits.yaml(),
        )?;
        // Recorded as Helm records them: a values file's `1` is `1`, not `1.0`.
        let mut values = integral_numbers(Value::Object(values));
        crate::helm::values::sort_keys(&mut values);
        Ok(Rendered {
            documents: rendered.documents,
            deferred_hooks: rendered.deferred_hooks,
            other_namespaces: chart_namespaces(self),
            any_namespace: true,
            placement: Default::default(),
            values: Some(values),
            bundle: None,
            notes: rendered.notes,
            warnings: rendered.warnings,
        })
    }
}

/// The annotation of `Chart.yaml` listing the namespaces besides the
/// release's that the chart's objects may name (comma-separated), as
/// `namespaces:` does in `package.yaml`.
const NAMESPACES_ANNOTATION: &str = "kubectl-pkg.dev/namespaces";

/// The namespaces a chart's [`NAMESPACES_ANNOTATION`] lists.
fn chart_namespaces(chart: &Chart) -> Vec<String> {
    chart
        .metadata
        .annotations
        .as_ref()
        .and_then(|annotations| annotations.get(NAMESPACES_ANNOTATION))
        .map(|list| {
            list.split(',')
                .map(str::trim)
                .filter(|ns| !ns.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive;
    const FORMAT_HELM: crate::plan::PackageFormat = NAME;

    fn chart_files_sample() -> Files {
        let mut files = Files::new();
        files.insert(
            "Chart.yaml".into(),
            b"apiVersion: v2\nname: hello\nversion: 1.2.3\ndescription: Says hello\n"
                .to_vec()
                .into(),
        );
        files.insert("values.yaml".into(), b"greeting: hi\n".to_vec().into());
        files.insert(
            "templates/cm.yaml".into(),
            b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: hello}\n"
                .to_vec()
                .into(),
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
        files.insert("package.yaml".into(), Vec::new().into());
        assert!(chart_files(&files).is_none());
        let nested: Files = chart_files_sample()
            .into_iter()
            .map(|(p, d)| (format!("hello/{p}"), d))
            .collect();
        assert_eq!(chart_files(&nested), Some(chart_files_sample()));
        let mut two_tops = nested.clone();
        two_tops.insert("other/x".into(), Vec::new().into());
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
            b"apiVersion: v2\nname: Hello_World\nversion: 1.0.0\n"
                .to_vec()
                .into(),
        );
        let error = crate::remedy::with_causes(
            &Package::from_chart_files(files, "charts/hello", &Limits::default()).unwrap_err(),
        );
        assert!(error.starts_with("charts/hello/Chart.yaml: "), "{error}");
    }
}
