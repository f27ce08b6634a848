//! Helm's own release records, read so that a release Helm installed can be
//! taken over: `sh.helm.release.v1.<name>.v<revision>` Secrets (type
//! `helm.sh/release.v1`) whose `release` key holds the release as JSON,
//! gzipped and base64-encoded (on top of the Secret's own base64). Only what
//! taking over needs is read: the chart's name and version, the user's
//! values, the status and the rendered manifest. Pure: the caller reads the
//! Secrets.

use std::io::Read;

use base64::Engine as _;
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::render::{Location, RenderError};
use crate::yaml::{YamlBudget, YamlLimits};

/// The Secret type of Helm's release records.
pub const HELM_RECORD_TYPE: &str = "helm.sh/release.v1";
/// The largest release JSON read (after gunzip): Helm's own records are capped
/// by the 1 MiB Secret size, compressed.
pub const MAX_RELEASE_BYTES: u64 = 64 << 20;

/// One revision of a Helm release, as Helm recorded it.
#[derive(Debug, Clone, PartialEq)]
pub struct HelmRelease {
    /// Release name.
    pub name: String,
    /// Release namespace.
    pub namespace: String,
    /// Helm's revision number.
    pub revision: u32,
    /// Helm's status: `deployed`, `superseded`, `failed`, …
    pub status: String,
    /// The chart's name.
    pub chart_name: String,
    /// The chart's version.
    pub chart_version: String,
    /// The values the user gave (Helm's `config`).
    pub values: Value,
    /// The rendered objects, as one multi-document YAML text.
    pub manifest: String,
    /// How many hooks the release ran (they are not part of the manifest).
    pub hooks: usize,
    /// `sha256:` of the record's payload: what a plan pins the release by.
    pub digest: String,
}

/// A Helm release record that cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("Helm release record {secret}: {reason}")]
pub struct HelmRecordError {
    /// The Secret.
    pub secret: String,
    /// What is wrong.
    pub reason: String,
    /// The decoder's error, when one refused it.
    #[source]
    pub source: Option<RecordFormatError>,
}

/// Why a Helm release record does not decode, as the source of
/// [`HelmRecordError`].
#[derive(Debug, thiserror::Error)]
pub enum RecordFormatError {
    /// Not base64.
    #[error(transparent)]
    Base64(#[from] base64::DecodeError),
    /// Not gzip.
    #[error(transparent)]
    Gzip(#[from] std::io::Error),
    /// Not the JSON of a release.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

#[derive(Deserialize)]
struct Record {
    name: String,
    namespace: String,
    version: u32,
    #[serde(default)]
    info: Info,
    chart: Chart,
    #[serde(default)]
    config: Option<Value>,
    #[serde(default)]
    manifest: String,
    #[serde(default)]
    hooks: Option<Vec<Value>>,
}

#[derive(Default, Deserialize)]
struct Info {
    #[serde(default)]
    status: String,
}

#[derive(Deserialize)]
struct Chart {
    metadata: ChartMetadata,
}

#[derive(Deserialize)]
struct ChartMetadata {
    name: String,
    #[serde(default)]
    version: String,
}

impl HelmRelease {
    /// Decodes the `release` value of a Helm record Secret (`payload`: the
    /// bytes after the Secret's own base64, i.e. base64 text of gzipped JSON).
    pub fn decode(secret: &str, payload: &[u8]) -> Result<HelmRelease, HelmRecordError> {
        let error = |reason: String| HelmRecordError {
            secret: secret.to_string(),
            reason,
            source: None,
        };
        let refused = |reason: &str, source: RecordFormatError| HelmRecordError {
            secret: secret.to_string(),
            reason: reason.to_string(),
            source: Some(source),
        };
        let text: Vec<u8> = payload
            .iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .collect();
        let gzipped = base64::engine::general_purpose::STANDARD
            .decode(&text)
            .map_err(|e| refused("not base64", e.into()))?;
        let mut json = Vec::new();
        flate2::read::GzDecoder::new(&gzipped[..])
            .take(MAX_RELEASE_BYTES + 1)
            .read_to_end(&mut json)
            .map_err(|e| refused("not gzip", e.into()))?;
        if json.len() as u64 > MAX_RELEASE_BYTES {
            return Err(error(format!(
                "larger than {MAX_RELEASE_BYTES} bytes uncompressed"
            )));
        }
        let record: Record =
            serde_json::from_slice(&json).map_err(|e| refused("not a Helm release", e.into()))?;
        Ok(HelmRelease {
            name: record.name,
            namespace: record.namespace,
            revision: record.version,
            status: record.info.status,
            chart_name: record.chart.metadata.name,
            chart_version: record.chart.metadata.version,
            values: record
                .config
                .filter(|config| !config.is_null())
                .unwrap_or_else(|| Value::Object(Default::default())),
            manifest: record.manifest,
            hooks: record.hooks.map_or(0, |hooks| hooks.len()),
            digest: format!("sha256:{}", hex::encode(Sha256::digest(&json))),
        })
    }

    /// The manifest's documents, each located by the template Helm's
    /// `# Source:` comment names (empty documents left out).
    pub fn documents(
        &self,
        limits: YamlLimits,
    ) -> Result<Vec<(Location, crate::manifest::Manifest)>, RenderError> {
        let mut budget = YamlBudget::new(limits);
        let file = format!("Helm release {} revision {}", self.name, self.revision);
        let documents = crate::yaml::documents(&self.manifest, &mut budget).map_err(
            |(document, line, error)| RenderError::Yaml {
                location: Location {
                    file: file.clone(),
                    document,
                    line,
                },
                message: error.message,
            },
        )?;
        let lines: Vec<&str> = self.manifest.lines().collect();
        // Helm starts each document with `# Source: <template>`.
        let source = |line: usize| {
            lines
                .iter()
                .skip(line.saturating_sub(1))
                .take_while(|l| l.starts_with('#') || l.trim().is_empty() || **l == "---")
                .find_map(|l| l.strip_prefix("# Source: "))
        };
        Ok(documents
            .into_iter()
            .filter(|document| !document.value.is_null())
            .map(|document| {
                let file = match source(document.line) {
                    Some(template) => format!("{file}: {template}"),
                    None => file.clone(),
                };
                let location = Location {
                    file,
                    document: document.index,
                    line: document.line,
                };
                (location, document.value)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use serde_json::json;

    use super::*;

    fn payload(record: &Value) -> Vec<u8> {
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(record.to_string().as_bytes()).unwrap();
        base64::engine::general_purpose::STANDARD
            .encode(gzip.finish().unwrap())
            .into_bytes()
    }

    fn record() -> Value {
        json!({
            "name": "hello", "namespace": "web", "version": 3,
            "info": {"status": "deployed", "description": "Upgrade complete"},
            "chart": {"metadata": {"name": "hello", "version": "0.1.0", "apiVersion": "v2"}},
            "config": {"greeting": "hey"},
            "manifest": "---\n# Source: hello/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hello\ndata:\n  greeting: \"hey\"\n---\n# Source: hello/templates/empty.yaml\n---\n# Source: hello/templates/svc.yaml\napiVersion: v1\nkind: Service\nmetadata:\n  name: hello\nspec:\n  ports: [{port: 80}]\n",
            "hooks": [{"name": "migrate"}],
            "apply_method": "ssa"
        })
    }

    #[test]
    fn a_record_decodes_with_its_documents_located_by_source() {
        let release =
            HelmRelease::decode("sh.helm.release.v1.hello.v3", &payload(&record())).unwrap();
        assert_eq!(
            (
                release.revision,
                release.status.as_str(),
                release.chart_version.as_str()
            ),
            (3, "deployed", "0.1.0")
        );
        assert_eq!(release.values, json!({"greeting": "hey"}));
        assert_eq!(release.hooks, 1);
        assert!(release.digest.starts_with("sha256:"));
        let documents = release.documents(YamlLimits::default()).unwrap();
        let kinds: Vec<&str> = documents
            .iter()
            .map(|(_, v)| v["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["ConfigMap", "Service"]);
        assert_eq!(
            documents[1].0.file,
            "Helm release hello revision 3: hello/templates/svc.yaml"
        );
    }

    #[test]
    fn broken_records_name_the_secret() {
        for (bytes, why) in [
            (b"!!!".to_vec(), "not base64"),
            (
                base64::engine::general_purpose::STANDARD
                    .encode(b"plain")
                    .into_bytes(),
                "not gzip",
            ),
            (payload(&json!({"name": "x"})), "not a Helm release"),
        ] {
            let error = HelmRelease::decode("sh.helm.release.v1.x.v1", &bytes)
                .unwrap_err()
                .to_string();
            assert!(
                error.contains("sh.helm.release.v1.x.v1") && error.contains(why),
                "{error}"
            );
        }
        let mut no_values = record();
        no_values["config"] = Value::Null;
        let release = HelmRelease::decode("s", &payload(&no_values)).unwrap();
        assert_eq!(release.values, json!({}));
    }
}
