//! Helm charts in OCI registries: Helm's media types, its tag mapping and its
//! config blob, so that a chart pulled here is the artifact `helm push` made
//! and a chart pushed here is one `helm pull` accepts.
//!
//! A Helm chart artifact is an OCI image manifest whose config blob is the
//! chart's `Chart.yaml` as JSON ([`config_blob`]), with one layer: the chart's
//! `.tgz` ([`CHART_LAYER_MEDIA_TYPE`]), and optionally a provenance layer.
//! The tag is the chart version with `+` written `_` (OCI tags cannot hold
//! `+`), and a pulled tag maps back the same way.

use super::chart::Metadata;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::helm::chart::tests::load;

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
