//! Helm charts in OCI registries: Helm's media types, its tag mapping and its
//! config blob, so that a chart pulled here is the artifact `helm push` made
//! and a chart pushed here is one `helm pull` accepts.
//!
//! A Helm chart artifact is an OCI image manifest whose config blob is the
//! chart's `Chart.yaml` as JSON ([`config_blob`]), with one layer: the chart's
//! `.tgz` ([`CHART_LAYER_MEDIA_TYPE`]), and optionally a provenance layer.
//! The tag is the chart version with `+` written `_` (OCI tags cannot hold
//! `+`), and a pulled tag maps back the same way.
//!
//! [`artifact`] builds that artifact from a chart's files reproducibly (the
//! archive sorted, with fixed times, owners and modes, under the chart's
//! name as `helm package` lays it out; no creation-time annotation), so the
//! same chart directory always has the same digest and can be pinned like a
//! native package.

use super::chart::Metadata;
use crate::archive::{self, Artifact, Files};

/// The URL scheme of OCI chart references (`oci://registry/path/chart`).
pub const OCI_SCHEME: &str = "oci";
/// Media type of the config blob (`Chart.yaml` as JSON).
pub const CONFIG_MEDIA_TYPE: &str = "application/vnd.cncf.helm.config.v1+json";
/// Media type of the chart layer (the `.tgz`).
pub const CHART_LAYER_MEDIA_TYPE: &str = "application/vnd.cncf.helm.chart.content.v1.tar+gzip";
/// Media type of the provenance layer (`.prov`).
pub const PROV_LAYER_MEDIA_TYPE: &str = "application/vnd.cncf.helm.chart.provenance.v1.prov";
/// The layer media type of charts pushed by Helm before 3.7; still accepted by Helm.
pub const LEGACY_CHART_LAYER_MEDIA_TYPE: &str = "application/tar+gzip";

/// Whether a layer media type holds a chart archive.
pub fn is_chart_layer(media_type: &str) -> bool {
    media_type == CHART_LAYER_MEDIA_TYPE || media_type == LEGACY_CHART_LAYER_MEDIA_TYPE
}

/// The OCI tag of a chart version: `1.2.3+build.1` → `1.2.3_build.1`.
pub fn tag_for_version(version: &str) -> String {
    version.replace('+', "_")
}

/// The chart version of an OCI tag: `1.2.3_build.1` → `1.2.3+build.1`.
pub fn version_for_tag(tag: &str) -> String {
    tag.replace('_', "+")
}

/// The config blob Helm pushes: the metadata as Go's `json.Marshal` writes it
/// (fields in Helm's order, empty ones left out, annotations sorted).
pub fn config_blob(metadata: &Metadata) -> Vec<u8> {
    serde_json::to_vec(metadata).expect("chart metadata serializes")
}

/// Builds the OCI artifact of a chart from its metadata and its files
/// (relative paths, as [`read_dir_files`](super::chart::read_dir_files) gives
/// them): Helm's config blob and the chart archive under the chart's name.
pub fn artifact(metadata: &Metadata, files: &Files) -> Artifact {
    let under_name: Files = files
        .iter()
        .map(|(path, data)| (format!("{}/{path}", metadata.name), data.clone()))
        .collect();
    Artifact::new(
        (CONFIG_MEDIA_TYPE, config_blob(metadata)),
        (CHART_LAYER_MEDIA_TYPE, archive::pack(&under_name)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::sha256_digest;
    use crate::helm::chart::tests::load;
    use oci_client::manifest::OciImageManifest;

    #[test]
    fn tags_map_plus_to_underscore_and_back() {
        assert_eq!(tag_for_version("1.2.3+build.1"), "1.2.3_build.1");
        assert_eq!(version_for_tag("1.2.3_build.1"), "1.2.3+build.1");
        assert_eq!(
            version_for_tag(&tag_for_version("0.1.0-rc.1+a.b")),
            "0.1.0-rc.1+a.b"
        );
        assert!(is_chart_layer(CHART_LAYER_MEDIA_TYPE));
        assert!(is_chart_layer(LEGACY_CHART_LAYER_MEDIA_TYPE));
        assert!(!is_chart_layer(PROV_LAYER_MEDIA_TYPE));
    }

    #[test]
    fn artifacts_are_reproducible_and_load_back() {
        use crate::archive::Limits;
        use crate::helm::chart::{Chart, tests::files};
        let chart_files = files(&[
            (
                "Chart.yaml",
                "apiVersion: v2\nname: hello\nversion: 1.0.0+build.2\n",
            ),
            ("templates/cm.yaml", "kind: ConfigMap\n"),
        ]);
        let chart = Chart::from_files(chart_files.clone(), "hello", &Limits::default()).unwrap();
        let first = artifact(&chart.metadata, &chart_files);
        assert_eq!(first, artifact(&chart.metadata, &chart_files));
        let manifest: OciImageManifest = serde_json::from_slice(&first.manifest).unwrap();
        assert_eq!(manifest.config.media_type, CONFIG_MEDIA_TYPE);
        assert_eq!(manifest.layers[0].media_type, CHART_LAYER_MEDIA_TYPE);
        assert_eq!(manifest.layers[0].digest, sha256_digest(&first.layer));
        let back = Chart::from_archive(&first.layer, "pulled", &Limits::default()).unwrap();
        assert_eq!(back, chart);
        let mut changed = chart_files.clone();
        changed.insert(
            "templates/cm.yaml".into(),
            b"kind: Secret\n".to_vec().into(),
        );
        assert_ne!(artifact(&chart.metadata, &changed).digest, first.digest);
    }

    #[test]
    fn the_config_blob_is_helms_json() {
        let chart = load(&[(
            "Chart.yaml",
            "apiVersion: v2\nname: mongodb\nversion: 7.0.12\nappVersion: '7.0'\nkubeVersion: '>=1.20.0-0'\nmaintainers: [{name: Jane}]\n",
        )]);
        assert_eq!(
            String::from_utf8(config_blob(&chart.metadata)).unwrap(),
            r#"{"name":"mongodb","version":"7.0.12","maintainers":[{"name":"Jane"}],"apiVersion":"v2","appVersion":"7.0","kubeVersion":">=1.20.0-0"}"#
        );
    }
}
