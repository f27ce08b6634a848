//! Classic Helm chart repositories (`kubectl pkg repo add NAME https://…`):
//! the repository's `index.yaml` read once, a chart version chosen from it
//! with the same rules as registry tags (`--version`, newest stable, `--devel`,
//! every version accounted for in the plan), its archive downloaded from the
//! entry's URL (relative URLs resolved against the repository's) and checked
//! against the entry's `digest` before it is unpacked. Reads go through the
//! registry client's HTTP stack: the same trusted roots, timeouts, redirect
//! rules and size caps.

use super::{FetchError, FetchRequest, Fetched, Source};
use crate::helm::repo::{IndexFile, RepoError, download_url, resolve_url};
use crate::package::{Limits, Package, PackageError};
use crate::registry::RegistryClient;
use crate::version;

/// A chart repository's index, loaded.
#[derive(Debug, Clone)]
pub struct ChartIndex {
    /// The repository's URL.
    pub url: String,
    /// Its `index.yaml`.
    pub index: IndexFile,
}

impl ChartIndex {
    /// Reads `URL/index.yaml`, within the package size limit.
    pub async fn load(
        url: &str,
        registry: &RegistryClient,
        limits: &Limits,
    ) -> Result<ChartIndex, FetchError> {
        let index_url = resolve_url(url, "index.yaml")?;
        let bytes = registry
            .get_url(&index_url, "chart repository index", limits.max_total_bytes)
            .await?;
        let text = String::from_utf8(bytes).map_err(|_| RepoError::Parse {
            source_name: index_url.clone(),
            reason: "not UTF-8".to_string(),
        })?;
        let (index, dropped) = IndexFile::parse(&text, &index_url)?;
        for warning in dropped {
            tracing::warn!("{warning}");
        }
        Ok(ChartIndex {
            url: url.to_string(),
            index,
        })
    }

    /// Chooses a version of chart `name`, downloads its archive, verifies it
    /// against the index's digest and loads it.
    pub async fn fetch(
        &self,
        name: &str,
        request: &FetchRequest<'_>,
        registry: &RegistryClient,
    ) -> Result<Fetched, FetchError> {
        let versions = self
            .index
            .entries
            .get(name)
            .ok_or_else(|| RepoError::NoChartName(name.to_string()))?;
        let tags: Vec<String> = versions
            .iter()
            .map(|entry| entry.metadata.version.clone())
            .collect();
        let resolution =
            version::resolve(&tags, request.constraint, request.devel).map_err(|source| {
                FetchError::Resolve {
                    reference: format!("{}/{name}", self.url),
                    source,
                }
            })?;
        let entry = versions
            .iter()
            .find(|entry| entry.metadata.version == resolution.tag)
            .expect("the chosen version is one of the index's");
        let archive_url = download_url(&self.url, entry)?;
        let archive = registry
            .get_url(
                &archive_url,
                "chart archive",
                request.limits.max_total_bytes,
            )
            .await?;
        entry.verify(&archive)?;
        let digest = entry.digest.trim_start_matches("sha256:").to_lowercase();
        let reference = format!("{archive_url}@sha256:{digest}");
        let package = Package::from_archive(&archive, &reference, &request.limits)?;
        if package.chart().is_none() {
            return Err(PackageError::NotAPackage { origin: reference }.into());
        }
        let listed = version::parse_version(&resolution.tag).ok();
        if package.metadata.name != name || listed.as_ref() != Some(&package.version) {
            return Err(FetchError::IndexMismatch {
                reference,
                expected: format!("{name} {}", resolution.tag),
                actual: format!("{} {}", package.metadata.name, package.version),
            });
        }
        let mut source = Source::local(&reference);
        source.constraint = request.constraint.map(ToString::to_string);
        source.candidates = resolution.candidates;
        Ok(Fetched {
            package,
            source,
            channels: Vec::new(),
        })
    }
}
