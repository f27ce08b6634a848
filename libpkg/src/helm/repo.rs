//! Classic Helm chart repositories: parsing `index.yaml` and choosing a chart
//! version from it, as Helm's `pkg/repo` does, without fetching anything.
//!
//! The index lists, per chart name, its versions with their metadata, download
//! `urls` (absolute, or relative to the repository's URL) and the `digest`
//! (hex SHA-256 of the `.tgz`). Entries Helm would refuse (invalid metadata)
//! are dropped with a warning, as Helm drops them; each chart's versions are
//! sorted newest first. [`IndexFile::get`] picks a version as `helm pull
//! --version` does: an exact version string first, then the newest version
//! satisfying the constraint (Masterminds syntax; prereleases only when the
//! constraint names one), newest stable when no constraint is given.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::chart::Metadata;
use super::semver::{Constraints, Version};

/// One chart version in an index.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ChartVersion {
    /// The chart's `Chart.yaml`.
    #[serde(flatten)]
    pub metadata: Metadata,
    /// Where the `.tgz` can be downloaded, absolute or relative to the repository.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub urls: Vec<String>,
    /// When it was published (RFC 3339, as written).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub created: String,
    /// Whether it was removed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub removed: bool,
    /// Hex SHA-256 of the `.tgz` (possibly `sha256:`-prefixed).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub digest: String,
}

impl ChartVersion {
    /// Checks downloaded archive bytes against the entry's digest.
    pub fn verify(&self, archive: &[u8]) -> Result<(), RepoError> {
        let expected = self.digest.strip_prefix("sha256:").unwrap_or(&self.digest);
        if expected.is_empty() {
            return Err(RepoError::NoDigest {
                name: self.metadata.name.clone(),
                version: self.metadata.version.clone(),
            });
        }
        let actual = hex::encode(Sha256::digest(archive));
        if actual.eq_ignore_ascii_case(expected) {
            Ok(())
        } else {
            Err(RepoError::DigestMismatch {
                name: self.metadata.name.clone(),
                version: self.metadata.version.clone(),
                expected: expected.to_string(),
                actual,
            })
        }
    }
}

/// A parsed `index.yaml`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexFile {
    /// `v1`.
    #[serde(default)]
    pub api_version: String,
    /// When the index was generated, as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub generated: String,
    /// Versions per chart name, newest first.
    #[serde(default)]
    pub entries: BTreeMap<String, Vec<ChartVersion>>,
}

/// An index or a lookup in it that failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepoError {
    /// The index is empty.
    #[error("{source_name}: empty index.yaml file")]
    Empty {
        /// Where the index came from.
        source_name: String,
    },
    /// The index is not valid YAML or JSON.
    #[error("{source_name}: {reason}")]
    Parse {
        /// Where the index came from.
        source_name: String,
        /// What is wrong.
        reason: String,
    },
    /// The index has no `apiVersion`.
    #[error("{source_name}: no API version specified")]
    NoApiVersion {
        /// Where the index came from.
        source_name: String,
    },
    /// The repository has no chart of that name.
    #[error("no chart name found: {0}")]
    NoChartName(String),
    /// No version matches.
    #[error("no chart version found for {name}-{constraint}")]
    NoChartVersion {
        /// The chart.
        name: String,
        /// The constraint, as given.
        constraint: String,
    },
    /// The constraint does not parse.
    #[error("{0}")]
    BadConstraint(crate::gotemplate::masterminds::SemverError),
    /// The entry has no download URL.
    #[error("chart {name} {version} has no download URL")]
    NoUrl {
        /// The chart.
        name: String,
        /// Its version.
        version: String,
    },
    /// A URL is malformed.
    #[error("invalid URL {url:?}")]
    BadUrl {
        /// The URL.
        url: String,
        /// Why.
        source: url::ParseError,
    },
    /// The entry has no digest to verify against.
    #[error("chart {name} {version} has no digest in the index")]
    NoDigest {
        /// The chart.
        name: String,
        /// Its version.
        version: String,
    },
    /// The archive's digest differs from the index's.
    #[error(
        "chart {name} {version}: digest mismatch: the index says {expected}, the archive is {actual}"
    )]
    DigestMismatch {
        /// The chart.
        name: String,
        /// Its version.
        version: String,
        /// The index's digest.
        expected: String,
        /// The archive's.
        actual: String,
    },
}

impl IndexFile {
    /// Parses an index (YAML or JSON). `source_name` names it in errors and
    /// warnings. Returns the index and the entries dropped, with why.
    pub fn parse(text: &str, source_name: &str) -> Result<(IndexFile, Vec<String>), RepoError> {
        if text.trim().is_empty() {
            return Err(RepoError::Empty {
                source_name: source_name.to_string(),
            });
        }
        let mut index: IndexFile = crate::yaml::from_str(text).map_err(|e| RepoError::Parse {
            source_name: source_name.to_string(),
            reason: e.message,
        })?;
        let mut warnings = Vec::new();
        for (name, versions) in &mut index.entries {
            versions.retain_mut(|entry| {
                if entry.metadata.api_version.is_empty() {
                    entry.metadata.api_version = super::chart::API_VERSION_V1.to_string();
                }
                match entry.metadata.validate() {
                    Ok(()) => true,
                    // JFrog strips aliases from indexes: Helm tolerates this one.
                    Err(super::chart::ChartMetadataError::DuplicateDependency(_)) => true,
                    Err(e) => {
                        warnings.push(format!(
                            "skipping loading invalid entry for chart {name:?} {:?} from {source_name}: {}",
                            entry.metadata.version,
                            crate::remedy::with_causes(&e)
                        ));
                        false
                    }
                }
            });
            // Newest first; validated versions all parse.
            versions.sort_by(|a, b| {
                let parse = |v: &ChartVersion| Version::parse(&v.metadata.version).ok();
                match (parse(a), parse(b)) {
                    (Some(a), Some(b)) => b.compare(&a),
                    _ => std::cmp::Ordering::Equal,
                }
            });
        }
        if index.api_version.is_empty() {
            return Err(RepoError::NoApiVersion {
                source_name: source_name.to_string(),
            });
        }
        Ok((index, warnings))
    }

    /// The version `helm pull NAME --version CONSTRAINT` would take: an entry
    /// whose version is exactly `constraint`, else the newest that satisfies
    /// it; with no constraint, the newest stable version.
    pub fn get(&self, name: &str, constraint: Option<&str>) -> Result<&ChartVersion, RepoError> {
        let versions = self
            .entries
            .get(name)
            .ok_or_else(|| RepoError::NoChartName(name.to_string()))?;
        let text = constraint.unwrap_or("").trim();
        if !text.is_empty()
            && let Some(exact) = versions.iter().find(|v| v.metadata.version == text)
        {
            return Ok(exact);
        }
        let parsed = Constraints::parse(if text.is_empty() { "*" } else { text })
            .map_err(RepoError::BadConstraint)?;
        versions
            .iter()
            .find(|v| {
                Version::parse(&v.metadata.version).is_ok_and(|version| parsed.check(&version))
            })
            .ok_or_else(|| RepoError::NoChartVersion {
                name: name.to_string(),
                constraint: text.to_string(),
            })
    }
}

/// Resolves a chart URL from an index against the repository's URL, as Helm's
/// `ResolveReferenceURL`: absolute URLs stay; relative ones are joined to the
/// repository URL treated as a directory, keeping its query string (some
/// repositories put an access token there).
pub fn resolve_url(repository: &str, reference: &str) -> Result<String, RepoError> {
    let bad = |url: &str, source: url::ParseError| RepoError::BadUrl {
        url: url.to_string(),
        source,
    };
    if let Ok(absolute) = url::Url::parse(reference) {
        return Ok(absolute.to_string());
    }
    let mut base = url::Url::parse(repository).map_err(|e| bad(repository, e))?;
    let query = base.query().map(str::to_string);
    let path = format!("{}/", base.path().trim_end_matches('/'));
    base.set_path(&path);
    let mut resolved = base.join(reference).map_err(|e| bad(reference, e))?;
    resolved.set_query(query.as_deref());
    Ok(resolved.to_string())
}

/// The download URL of an entry: its first URL, resolved against the repository.
pub fn download_url(repository: &str, entry: &ChartVersion) -> Result<String, RepoError> {
    let first = entry.urls.first().ok_or_else(|| RepoError::NoUrl {
        name: entry.metadata.name.clone(),
        version: entry.metadata.version.clone(),
    })?;
    resolve_url(repository, first)
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = r#"apiVersion: v1
generated: "2024-01-01T00:00:00Z"
entries:
  mongodb:
  - apiVersion: v2
    name: mongodb
    version: 7.0.12
    appVersion: "7.0"
    urls: [charts/mongodb-7.0.12.tgz]
    digest: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824
  - name: mongodb
    version: 8.0.0-rc.1
    urls: ["https://cdn.example.com/mongodb-8.0.0-rc.1.tgz"]
  - name: mongodb
    version: 7.1.0
    urls: [mongodb-7.1.0.tgz]
  - name: mongodb
    version: not-semver
    urls: [broken.tgz]
  redis:
  - name: redis
    version: 1.0.0
"#;

    fn index() -> IndexFile {
        let (index, warnings) =
            IndexFile::parse(INDEX, "https://charts.example.com/stable").unwrap();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("\"not-semver\""), "{warnings:?}");
        index
    }

    #[test]
    fn entries_are_validated_and_sorted_newest_first() {
        let index = index();
        let versions: Vec<&str> = index.entries["mongodb"]
            .iter()
            .map(|v| v.metadata.version.as_str())
            .collect();
        assert_eq!(versions, ["8.0.0-rc.1", "7.1.0", "7.0.12"]);
        assert_eq!(index.entries["redis"][0].metadata.api_version, "v1");
        assert!(matches!(
            IndexFile::parse("entries: {}\n", "x"),
            Err(RepoError::NoApiVersion { .. })
        ));
        assert!(matches!(
            IndexFile::parse(" \n", "x"),
            Err(RepoError::Empty { .. })
        ));
    }

    #[test]
    fn versions_are_chosen_as_helm_pull_does() {
        let index = index();
        let pick = |c: Option<&str>| index.get("mongodb", c).map(|v| v.metadata.version.as_str());
        assert_eq!(pick(None), Ok("7.1.0"));
        assert_eq!(pick(Some("~7.0")), Ok("7.0.12"));
        assert_eq!(pick(Some("7.0.12")), Ok("7.0.12"));
        assert_eq!(pick(Some(">=8.0.0-0")), Ok("8.0.0-rc.1"));
        assert_eq!(pick(Some("8.0.0-rc.1")), Ok("8.0.0-rc.1"));
        assert_eq!(
            pick(Some("^9")),
            Err(RepoError::NoChartVersion {
                name: "mongodb".into(),
                constraint: "^9".into()
            })
        );
        assert!(matches!(
            index.get("nginx", None),
            Err(RepoError::NoChartName(_))
        ));
        assert!(matches!(
            pick(Some(">>1")),
            Err(RepoError::BadConstraint(_))
        ));
    }

    #[test]
    fn urls_resolve_against_the_repository() {
        let cases = [
            (
                "http://localhost:8123/charts/",
                "nginx-0.2.0.tgz",
                "http://localhost:8123/charts/nginx-0.2.0.tgz",
            ),
            (
                "http://localhost:8123/charts",
                "nginx-0.2.0.tgz",
                "http://localhost:8123/charts/nginx-0.2.0.tgz",
            ),
            (
                "http://localhost:8123/charts?with=queryparameter",
                "nginx-0.2.0.tgz",
                "http://localhost:8123/charts/nginx-0.2.0.tgz?with=queryparameter",
            ),
            (
                "http://localhost:8123",
                "https://other.example/nginx-0.2.0.tgz",
                "https://other.example/nginx-0.2.0.tgz",
            ),
            (
                "http://localhost:8123/charts/",
                "sub/nginx-0.2.0.tgz",
                "http://localhost:8123/charts/sub/nginx-0.2.0.tgz",
            ),
            (
                "http://localhost:8123/charts/",
                "/abs/nginx.tgz",
                "http://localhost:8123/abs/nginx.tgz",
            ),
        ];
        for (base, reference, expect) in cases {
            assert_eq!(
                resolve_url(base, reference).unwrap(),
                expect,
                "{base} + {reference}"
            );
        }
        let index = index();
        let entry = index.get("mongodb", Some("7.0.12")).unwrap();
        assert_eq!(
            download_url("https://charts.example.com/stable", entry).unwrap(),
            "https://charts.example.com/stable/charts/mongodb-7.0.12.tgz"
        );
        assert!(matches!(
            download_url("https://x", &index.entries["redis"][0]),
            Err(RepoError::NoUrl { .. })
        ));
    }

    #[test]
    fn digests_are_verified() {
        let index = index();
        let entry = index.get("mongodb", Some("7.0.12")).unwrap();
        entry.verify(b"hello").unwrap();
        assert!(matches!(
            entry.verify(b"hullo"),
            Err(RepoError::DigestMismatch { .. })
        ));
        let unsigned = index.get("mongodb", Some("7.1.0")).unwrap();
        assert!(matches!(
            unsigned.verify(b"hello"),
            Err(RepoError::NoDigest { .. })
        ));
    }
}
