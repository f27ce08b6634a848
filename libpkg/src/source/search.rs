//! `kubectl pkg search KEYWORD`: the configured repositories' packages whose
//! name (or, where the repository kind tells it cheaply, description or
//! keywords) contains a keyword, as Helm's `helm search repo` finds charts.
//! Each repository is read the way bare-name lookup reads it, and no
//! package is downloaded:
//!
//! - a Helm chart repository: its `index.yaml` (names, versions,
//!   descriptions, keywords);
//! - an OLM catalog: its packages, their bundles' versions and descriptions;
//! - a Carvel PackageRepository: its Packages and PackageMetadata;
//! - a git repository: its `NAME/vX.Y.Z` tags (names and versions);
//! - an OCI prefix: the registry's catalog below the prefix, then each
//!   package's tags (names and versions; a description would take one
//!   download per package).
//!
//! A repository that cannot be read is named in a warning, as other lookups
//! do, and the search goes on with the others.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{FetchError, Loaded, chart_repository::ChartIndex, git, load_catalog};
use crate::package::Limits;
use crate::registry::RegistryClient;
use crate::repositories::{Repositories, Repository};
use crate::signature::policy::TrustPolicy;

/// What to search for, and how.
#[derive(Debug, Clone)]
pub struct SearchOptions<'a> {
    /// Matched, case-insensitively, inside names, descriptions and keywords;
    /// empty matches every package.
    pub keyword: String,
    /// Count prereleases as versions (`--devel`).
    pub devel: bool,
    /// Archive limits for indexes and catalogs.
    pub limits: Limits,
    /// Signature rules catalog images are checked against, as when installing from them.
    pub trust: &'a TrustPolicy,
}

/// A package found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchHit {
    /// The repository it is in.
    pub repository: String,
    /// Its name there.
    pub name: String,
    /// Its versions, newest first (prereleases only with `devel`).
    pub versions: Vec<String>,
    /// What the repository says it is (empty when it does not say).
    pub description: String,
}

/// The packages found, and the repositories that could not be searched.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    /// By repository, then name.
    pub hits: Vec<SearchHit>,
    /// One per repository that could not be read, naming it and why.
    pub warnings: Vec<String>,
}

/// One package as a repository lists it.
#[derive(Debug, Default)]
struct Listed {
    versions: Vec<semver::Version>,
    description: String,
    keywords: Vec<String>,
}

/// Searches every configured repository.
pub async fn search(
    repositories: &Repositories,
    options: &SearchOptions<'_>,
    registry: &RegistryClient,
) -> SearchResult {
    let keyword = options.keyword.to_lowercase();
    let mut result = SearchResult::default();
    for repository in repositories.list() {
        let listed = match list(repository, options, registry).await {
            Ok(listed) => listed,
            Err(error) => {
                let error = super::unavailable(repository, error);
                result.warnings.push(format!(
                    "repository {} was not searched: {}",
                    repository.name,
                    crate::remedy::with_causes(&error)
                ));
                continue;
            }
        };
        for (name, mut package) in listed {
            let matches = [&name, &package.description]
                .into_iter()
                .chain(&package.keywords)
                .any(|text| text.to_lowercase().contains(&keyword));
            package
                .versions
                .retain(|v| options.devel || v.pre.is_empty());
            if !matches || package.versions.is_empty() {
                continue;
            }
            package.versions.sort_by(|a, b| b.cmp(a));
            package.versions.dedup();
            result.hits.push(SearchHit {
                repository: repository.name.clone(),
                name,
                versions: package.versions.iter().map(ToString::to_string).collect(),
                description: package.description.trim().to_string(),
            });
        }
    }
    result
        .hits
        .sort_by(|a, b| (&a.repository, &a.name).cmp(&(&b.repository, &b.name)));
    result
}

/// Every package of one repository, by name.
async fn list(
    repository: &Repository,
    options: &SearchOptions<'_>,
    registry: &RegistryClient,
) -> Result<BTreeMap<String, Listed>, FetchError> {
    if let Some(base) = repository.git() {
        return Ok(from_tags(
            git::remote_tags(&base)
                .await?
                .iter()
                .map(|t| t.name.as_str()),
        ));
    }
    if let Some(url) = repository.chart_index() {
        let index = ChartIndex::load(url, registry, &options.limits).await?;
        return Ok(from_chart_index(&index, options.devel));
    }
    if let Some(catalog) = repository.catalog() {
        let loaded = load_catalog(
            &repository.name,
            &catalog,
            options.trust,
            &options.limits,
            registry,
        )
        .await?;
        return Ok(from_catalog(&loaded));
    }
    let mut listed = BTreeMap::new();
    for name in super::package_names(repository, registry).await? {
        let tags = registry.list_tags(&repository.package(&name)?).await?;
        let versions = tags
            .iter()
            .filter_map(|tag| crate::version::parse_version(tag).ok())
            .collect();
        listed.insert(
            name,
            Listed {
                versions,
                ..Listed::default()
            },
        );
    }
    Ok(listed)
}

/// A git repository's packages from its `NAME/vX.Y.Z` tags (`refs/tags/…`).
fn from_tags<'a>(tags: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, Listed> {
    let mut listed: BTreeMap<String, Listed> = BTreeMap::new();
    for tag in tags {
        let Some((name, version)) = tag
            .strip_prefix("refs/tags/")
            .and_then(|tag| tag.rsplit_once('/'))
        else {
            continue;
        };
        if let Ok(version) = crate::version::parse_version(version) {
            listed
                .entry(name.to_string())
                .or_default()
                .versions
                .push(version);
        }
    }
    listed
}

/// A chart repository's charts: the newest entry (stable unless `devel`)
/// describes each.
fn from_chart_index(index: &ChartIndex, devel: bool) -> BTreeMap<String, Listed> {
    let mut listed = BTreeMap::new();
    for (name, entries) in &index.index.entries {
        let mut versions: Vec<(semver::Version, &crate::helm::repo::ChartVersion)> = entries
            .iter()
            .filter(|entry| !entry.removed)
            .filter_map(|entry| {
                let version = crate::version::parse_version(&entry.metadata.version).ok()?;
                (devel || version.pre.is_empty()).then_some((version, entry))
            })
            .collect();
        versions.sort_by(|a, b| b.0.cmp(&a.0));
        let Some((_, newest)) = versions.first() else {
            continue;
        };
        let package = Listed {
            description: newest.metadata.description.clone(),
            keywords: newest.metadata.keywords.clone(),
            versions: versions.iter().map(|(v, _)| v.clone()).collect(),
        };
        listed.insert(name.clone(), package);
    }
    listed
}

/// A catalog's packages: an OLM catalog's bundles, a Carvel repository's
/// Packages with their PackageMetadata.
fn from_catalog(loaded: &Loaded) -> BTreeMap<String, Listed> {
    match loaded {
        Loaded::Olm(catalog) => catalog
            .catalog
            .packages
            .iter()
            .map(|(name, package)| {
                let versions = package
                    .bundles
                    .values()
                    .map(|b| b.version.clone())
                    .collect();
                let listed = Listed {
                    versions,
                    description: package.description.clone(),
                    keywords: Vec::new(),
                };
                (name.clone(), listed)
            })
            .collect(),
        Loaded::Carvel(repository) => repository
            .content
            .packages
            .iter()
            .map(|(name, versions)| {
                let metadata = repository.content.metadata.get(name);
                let listed = Listed {
                    versions: versions.iter().map(|v| v.version.clone()).collect(),
                    description: metadata
                        .map(|m| m.short_description.clone())
                        .unwrap_or_default(),
                    keywords: metadata
                        .map(|m| vec![m.display_name.clone()])
                        .unwrap_or_default(),
                };
                (name.clone(), listed)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_tags_give_packages_and_versions() {
        let listed = from_tags([
            "refs/tags/web/v1.0.0",
            "refs/tags/web/v1.2.0",
            "refs/tags/db/2.0.0",
            "refs/tags/v3.0.0",
            "refs/tags/web/latest",
            "refs/heads/main",
        ]);
        assert_eq!(listed.keys().collect::<Vec<_>>(), ["db", "web"]);
        assert_eq!(listed["web"].versions.len(), 2);
    }
}
