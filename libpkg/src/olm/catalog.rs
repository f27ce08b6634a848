//! File-Based Catalogs (FBC): reading `olm.package`, `olm.channel`,
//! `olm.bundle` and `olm.deprecations` blobs, and choosing a bundle the way
//! operator-controller resolves one.
//!
//! Resolution: the package; one channel (`--channel`, else the package's
//! default channel); bundles in that channel; the `--version` constraint; for
//! an upgrade (unless forced) only successors of the installed bundle: entries
//! that replace it, skip it or whose `skipRange` holds its version, or the
//! installed version itself, looked up in all of the package's channels as
//! operator-controller does; deprecated bundles last; then the highest version.
//!
//! Files are JSON streams (`.json`) or YAML streams (`.yaml`, `.yml`) anywhere
//! under the catalog root; other files are skipped, and `.indexignore` files
//! exclude paths below their directory (glob patterns, `*` and `?`, matched
//! against the relative path or its last component).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::OlmError;
use crate::archive::Files;
use crate::version::Constraint;

/// The image label naming the catalog's root directory in the image.
pub const CATALOG_LABEL: &str = "operators.operatorframework.io.index.configs.v1";

/// A parsed File-Based Catalog.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    /// Packages by name.
    pub packages: BTreeMap<String, CatalogPackage>,
}

/// One package of a catalog.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CatalogPackage {
    /// The package name.
    pub name: String,
    /// Its default channel.
    pub default_channel: Option<String>,
    /// Its description.
    pub description: String,
    /// Channels by name.
    pub channels: BTreeMap<String, Channel>,
    /// Bundles by name (the CSV name).
    pub bundles: BTreeMap<String, CatalogBundle>,
    /// Deprecation messages: of the package, of channels, of bundles.
    pub deprecations: Deprecations,
}

/// An `olm.channel`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Channel {
    /// The channel name.
    pub name: String,
    /// Its entries: the upgrade graph.
    pub entries: Vec<ChannelEntry>,
}

/// One entry of a channel.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ChannelEntry {
    /// The bundle name.
    pub name: String,
    /// The bundle it upgrades from.
    pub replaces: Option<String>,
    /// Bundles it may replace too.
    pub skips: Vec<String>,
    /// A range of versions it may replace.
    pub skip_range: Option<String>,
}

/// An `olm.bundle`, as far as resolution needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogBundle {
    /// The bundle name (its CSV's name).
    pub name: String,
    /// The bundle image.
    pub image: String,
    /// The version from its `olm.package` property.
    pub version: semver::Version,
}

/// `olm.deprecations` of one package.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Deprecations {
    /// The package's own deprecation message.
    pub package: Option<String>,
    /// Deprecated channels and their messages.
    pub channels: BTreeMap<String, String>,
    /// Deprecated bundles and their messages.
    pub bundles: BTreeMap<String, String>,
}

/// What is installed, for an upgrade.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Installed {
    /// The installed bundle's (CSV's) name.
    pub name: String,
    /// Its version.
    pub version: semver::Version,
}

/// What to resolve.
#[derive(Debug, Clone)]
pub struct Query<'a> {
    /// The package.
    pub package: &'a str,
    /// `--channel`; `None` for the default channel.
    pub channel: Option<&'a str>,
    /// `--version`.
    pub constraint: Option<&'a Constraint>,
    /// `--devel`: prereleases match a constraint's release range.
    pub devel: bool,
    /// For an upgrade: the installed bundle.
    pub installed: Option<&'a Installed>,
    /// `--force-upgrade`: any bundle, successor or not.
    pub force: bool,
}

/// How an upgrade reaches the chosen bundle from the installed one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edge {
    /// The chosen entry names the installed bundle in `replaces`.
    Replaces,
    /// The chosen entry names the installed bundle in `skips`.
    Skips,
    /// The installed version is in the chosen entry's `skipRange`.
    SkipRange(String),
    /// The chosen bundle is the installed version.
    Same,
    /// `--force-upgrade`: no edge.
    Forced,
}

impl Edge {
    /// The edge as the plan records it.
    pub fn describe(&self) -> String {
        match self {
            Edge::Replaces => "replaces".to_string(),
            Edge::Skips => "skips".to_string(),
            Edge::SkipRange(range) => format!("skipRange {range}"),
            Edge::Same => "same version".to_string(),
            Edge::Forced => format!("forced ({})", crate::remedy::Setting::ForceUpgrade),
        }
    }
}

/// The chosen bundle and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The bundle.
    pub bundle: CatalogBundle,
    /// The channel it was chosen from.
    pub channel: String,
    /// For an upgrade: the edge from the installed bundle.
    pub edge: Option<Edge>,
    /// Deprecation notices that apply (package, channel, bundle).
    pub warnings: Vec<String>,
}

/// One channel as `show` lists it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChannelSummary {
    /// The channel.
    pub name: String,
    /// Whether it is the package's default.
    pub default: bool,
    /// The head: the entry no other entry replaces or skips.
    pub head: Option<String>,
    /// The versions it holds, highest first.
    pub versions: Vec<String>,
    /// Its deprecation message, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<String>,
}

#[derive(Deserialize)]
struct Blob {
    schema: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PackageBlob {
    name: String,
    #[serde(default)]
    default_channel: Option<String>,
    #[serde(default)]
    description: Option<String>,
}

#[derive(Deserialize)]
struct ChannelBlob {
    package: String,
    #[serde(flatten)]
    channel: Channel,
}

#[derive(Deserialize)]
struct BundleBlob {
    name: String,
    package: String,
    #[serde(default)]
    image: String,
    #[serde(default)]
    properties: Vec<Property>,
}

#[derive(Deserialize)]
struct Property {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    value: Value,
}

#[derive(Deserialize)]
struct DeprecationsBlob {
    package: String,
    #[serde(default)]
    entries: Vec<DeprecationEntry>,
}

#[derive(Deserialize)]
struct DeprecationEntry {
    reference: Reference,
    #[serde(default)]
    message: String,
}

#[derive(Deserialize)]
struct Reference {
    schema: String,
    #[serde(default)]
    name: String,
}

impl Catalog {
    /// Reads the catalog under `root` (`""` or a directory like `configs`) of
    /// `files`; `origin` names it in errors.
    pub fn from_files(files: &Files, root: &str, origin: &str) -> Result<Catalog, OlmError> {
        let root = root.trim_matches('/');
        let prefix = if root.is_empty() {
            String::new()
        } else {
            format!("{root}/")
        };
        let invalid = |file: &str, reason: String| OlmError::Invalid {
            origin: origin.to_string(),
            file: file.to_string(),
            reason,
        };
        // .indexignore patterns, by the directory (relative to the root) they sit in.
        let mut ignores: Vec<(String, Vec<String>)> = Vec::new();
        for (path, bytes) in files {
            let Some(relative) = path.strip_prefix(&prefix) else {
                continue;
            };
            if relative == ".indexignore" || relative.ends_with("/.indexignore") {
                let dir = relative.strip_suffix(".indexignore").unwrap_or_default();
                let patterns = String::from_utf8_lossy(bytes)
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(String::from)
                    .collect();
                ignores.push((dir.to_string(), patterns));
            }
        }
        let mut catalog = Catalog::default();
        let mut channels = Vec::new();
        let mut bundles = Vec::new();
        let mut deprecations = Vec::new();
        for (path, bytes) in files {
            let Some(relative) = path.strip_prefix(&prefix) else {
                continue;
            };
            let is_json = relative.ends_with(".json");
            let is_yaml = relative.ends_with(".yaml") || relative.ends_with(".yml");
            if !(is_json || is_yaml) || ignored(relative, &ignores) {
                continue;
            }
            let text =
                std::str::from_utf8(bytes).map_err(|_| invalid(path, "not UTF-8 text".into()))?;
            let values: Vec<Value> = if is_json {
                serde_json::Deserializer::from_str(text)
                    .into_iter::<Value>()
                    .collect::<Result<_, _>>()
                    .map_err(|e| invalid(path, format!("invalid JSON: {e}")))?
            } else {
                let mut budget = crate::yaml::YamlBudget::new(Default::default());
                crate::yaml::documents(text, &mut budget)
                    .map_err(|(doc, line, e)| {
                        invalid(
                            path,
                            format!("document {} (line {line}): {}", doc + 1, e.message),
                        )
                    })?
                    .into_iter()
                    .filter(|d| !d.value.is_null())
                    .map(|d| d.value.into())
                    .collect()
            };
            for value in values {
                let schema = serde_json::from_value::<Blob>(value.clone())
                    .map_err(|e| invalid(path, format!("a blob without a schema: {e}")))?
                    .schema;
                let blob_error = |e: serde_json::Error| invalid(path, format!("{schema}: {e}"));
                match schema.as_str() {
                    "olm.package" => {
                        let blob: PackageBlob =
                            serde_json::from_value(value).map_err(blob_error)?;
                        let package = catalog.packages.entry(blob.name.clone()).or_default();
                        package.name = blob.name;
                        package.default_channel = blob.default_channel.filter(|c| !c.is_empty());
                        package.description = blob.description.unwrap_or_default();
                    }
                    "olm.channel" => {
                        channels.push(
                            serde_json::from_value::<ChannelBlob>(value).map_err(blob_error)?,
                        );
                    }
                    "olm.bundle" => {
                        let blob: BundleBlob = serde_json::from_value(value).map_err(blob_error)?;
                        let version = blob
                            .properties
                            .iter()
                            .find(|p| p.kind == "olm.package")
                            .and_then(|p| p.value.get("version"))
                            .and_then(Value::as_str)
                            .ok_or_else(|| {
                                invalid(
                                    path,
                                    format!(
                                        "bundle {} has no olm.package version property",
                                        blob.name
                                    ),
                                )
                            })?;
                        let version = crate::version::parse_version(version).map_err(|e| {
                            invalid(
                                path,
                                format!("bundle {}: version {version:?}: {e}", blob.name),
                            )
                        })?;
                        bundles.push((
                            blob.package,
                            CatalogBundle {
                                name: blob.name,
                                image: blob.image,
                                version,
                            },
                        ));
                    }
                    "olm.deprecations" => {
                        deprecations.push(
                            serde_json::from_value::<DeprecationsBlob>(value)
                                .map_err(blob_error)?,
                        );
                    }
                    // Other schemas (icons, custom metadata) are not needed.
                    _ => {}
                }
            }
        }
        for blob in channels {
            let package = known(&mut catalog, &blob.package, origin, "olm.channel")?;
            package
                .channels
                .insert(blob.channel.name.clone(), blob.channel);
        }
        for (name, bundle) in bundles {
            let package = known(&mut catalog, &name, origin, "olm.bundle")?;
            package.bundles.insert(bundle.name.clone(), bundle);
        }
        for blob in deprecations {
            let package = known(&mut catalog, &blob.package, origin, "olm.deprecations")?;
            for entry in blob.entries {
                match entry.reference.schema.as_str() {
                    "olm.package" => package.deprecations.package = Some(entry.message),
                    "olm.channel" => {
                        package
                            .deprecations
                            .channels
                            .insert(entry.reference.name, entry.message);
                    }
                    "olm.bundle" => {
                        package
                            .deprecations
                            .bundles
                            .insert(entry.reference.name, entry.message);
                    }
                    _ => {}
                }
            }
        }
        Ok(catalog)
    }

    /// The package called `name`.
    pub fn package(&self, name: &str) -> Option<&CatalogPackage> {
        self.packages.get(name)
    }

    /// Chooses a bundle as operator-controller does (module docs).
    pub fn resolve(&self, query: &Query<'_>) -> Result<Resolved, OlmError> {
        let not_found = |reason: String| OlmError::NotResolved {
            package: query.package.to_string(),
            reason,
        };
        let package = self
            .package(query.package)
            .ok_or_else(|| not_found("the catalog has no such package".to_string()))?;
        let channel_name = match query.channel {
            Some(channel) => channel.to_string(),
            None => match (&package.default_channel, package.channels.len()) {
                (Some(default), _) => default.clone(),
                (None, 1) => package.channels.keys().next().expect("one").clone(),
                (None, _) => {
                    return Err(not_found(format!(
                        "the package has no default channel: choose one with {}",
                        crate::remedy::Setting::Channel
                    )));
                }
            },
        };
        let channel = package.channels.get(&channel_name).ok_or_else(|| {
            not_found(format!(
                "no channel {channel_name:?} (channels: {})",
                package
                    .channels
                    .keys()
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        let mut candidates: Vec<(&CatalogBundle, Option<Edge>)> = Vec::new();
        for entry in &channel.entries {
            let Some(bundle) = package.bundles.get(&entry.name) else {
                continue;
            };
            if let Some(constraint) = query.constraint
                && !constraint.matches(&bundle.version, query.devel)
            {
                continue;
            }
            let edge = match (query.installed, query.force) {
                (None, _) => None,
                (Some(_), true) => Some(Edge::Forced),
                (Some(installed), false) => match successor_edge(package, bundle, installed) {
                    Some(edge) => Some(edge),
                    None => continue,
                },
            };
            candidates.push((bundle, edge));
        }
        // Not deprecated first, then the highest version.
        candidates.sort_by(|(a, _), (b, _)| {
            let deprecated =
                |bundle: &CatalogBundle| package.deprecations.bundles.contains_key(&bundle.name);
            deprecated(a)
                .cmp(&deprecated(b))
                .then_with(|| b.version.cmp(&a.version))
        });
        let Some((bundle, edge)) = candidates.into_iter().next() else {
            let mut reason = String::new();
            if let Some(installed) = query.installed {
                reason.push_str(&format!(
                    "error upgrading from currently installed version {:?}: ",
                    installed.version.to_string()
                ));
            }
            reason.push_str(&format!("no bundles found for package {:?}", query.package));
            if let Some(constraint) = query.constraint {
                reason.push_str(&format!(" matching version {:?}", constraint.to_string()));
            }
            reason.push_str(&format!(" in channels [{channel_name}]"));
            if query.installed.is_some() {
                reason.push_str(&format!(
                    " that replace, skip or skipRange the installed bundle ({} ignores the upgrade graph)",
                    crate::remedy::Setting::ForceUpgrade
                ));
            }
            return Err(not_found(reason));
        };
        let mut warnings = Vec::new();
        if let Some(message) = &package.deprecations.package {
            warnings.push(format!("package {} is deprecated: {message}", package.name));
        }
        if let Some(message) = package.deprecations.channels.get(&channel_name) {
            warnings.push(format!("channel {channel_name} is deprecated: {message}"));
        }
        if let Some(message) = package.deprecations.bundles.get(&bundle.name) {
            warnings.push(format!("bundle {} is deprecated: {message}", bundle.name));
        }
        Ok(Resolved {
            bundle: bundle.clone(),
            channel: channel_name,
            edge,
            warnings,
        })
    }
}

impl CatalogPackage {
    /// Every channel with its head and versions, for `show`.
    pub fn summary(&self) -> Vec<ChannelSummary> {
        self.channels
            .values()
            .map(|channel| {
                let replaced: std::collections::BTreeSet<&str> = channel
                    .entries
                    .iter()
                    .flat_map(|e| e.replaces.iter().chain(&e.skips))
                    .map(String::as_str)
                    .collect();
                let mut heads: Vec<&ChannelEntry> = channel
                    .entries
                    .iter()
                    .filter(|e| !replaced.contains(e.name.as_str()))
                    .collect();
                heads.sort_by_key(|e| std::cmp::Reverse(self.version_of(&e.name)));
                let mut versions: Vec<semver::Version> = channel
                    .entries
                    .iter()
                    .filter_map(|e| self.version_of(&e.name))
                    .collect();
                versions.sort_by(|a, b| b.cmp(a));
                ChannelSummary {
                    name: channel.name.clone(),
                    default: self.default_channel.as_deref() == Some(channel.name.as_str()),
                    head: heads.first().map(|e| e.name.clone()),
                    versions: versions.iter().map(ToString::to_string).collect(),
                    deprecated: self.deprecations.channels.get(&channel.name).cloned(),
                }
            })
            .collect()
    }

    fn version_of(&self, bundle: &str) -> Option<semver::Version> {
        self.bundles.get(bundle).map(|b| b.version.clone())
    }
}

/// How `bundle` succeeds `installed` in any channel of `package`, if it does.
fn successor_edge(
    package: &CatalogPackage,
    bundle: &CatalogBundle,
    installed: &Installed,
) -> Option<Edge> {
    for channel in package.channels.values() {
        for entry in channel.entries.iter().filter(|e| e.name == bundle.name) {
            if entry.replaces.as_deref() == Some(installed.name.as_str()) {
                return Some(Edge::Replaces);
            }
            if entry.skips.contains(&installed.name) {
                return Some(Edge::Skips);
            }
            if let Some(range) = entry.skip_range.as_deref().filter(|r| !r.is_empty())
                && Constraint::parse(range).is_ok_and(|c| c.matches(&installed.version, true))
            {
                return Some(Edge::SkipRange(range.to_string()));
            }
        }
    }
    (bundle.version == installed.version).then_some(Edge::Same)
}

fn known<'a>(
    catalog: &'a mut Catalog,
    package: &str,
    origin: &str,
    schema: &str,
) -> Result<&'a mut CatalogPackage, OlmError> {
    catalog
        .packages
        .get_mut(package)
        .ok_or_else(|| OlmError::Invalid {
            origin: origin.to_string(),
            file: schema.to_string(),
            reason: format!("refers to package {package:?}, which has no olm.package blob"),
        })
}

/// Whether an `.indexignore` pattern excludes `relative`.
fn ignored(relative: &str, ignores: &[(String, Vec<String>)]) -> bool {
    ignores.iter().any(|(dir, patterns)| {
        let Some(below) = relative.strip_prefix(dir.as_str()) else {
            return false;
        };
        let last = below.rsplit('/').next().unwrap_or(below);
        patterns.iter().any(|pattern| {
            let pattern = pattern.trim_start_matches('/').trim_end_matches('/');
            glob(pattern, below) || glob(pattern, last) || below.starts_with(&format!("{pattern}/"))
        })
    })
}

/// `*` (any run of characters but `/`) and `?` (one character).
fn glob(pattern: &str, text: &str) -> bool {
    fn go(p: &[char], t: &[char]) -> bool {
        match (p.first(), t.first()) {
            (None, None) => true,
            (Some('*'), _) => {
                go(&p[1..], t) || (t.first().is_some_and(|c| *c != '/') && go(p, &t[1..]))
            }
            (Some('?'), Some(c)) if *c != '/' => go(&p[1..], &t[1..]),
            (Some(a), Some(b)) if a == b => go(&p[1..], &t[1..]),
            _ => false,
        }
    }
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    go(&p, &t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        let mut files = Files::new();
        files.insert(
            "configs/op/catalog.yaml".into(),
            br#"schema: olm.package
name: op
defaultChannel: stable
description: An operator
---
schema: olm.channel
package: op
name: stable
entries:
- name: op.v1.0.0
- name: op.v1.1.0
  replaces: op.v1.0.0
- name: op.v1.2.0
  replaces: op.v1.1.0
  skips: [op.v1.0.0]
---
schema: olm.channel
package: op
name: fast
entries:
- name: op.v1.2.0
- name: op.v2.0.0
  replaces: op.v1.2.0
  skipRange: ">=1.0.0 <1.2.0"
"#
            .to_vec()
            .into(),
        );
        let mut bundles = String::new();
        for version in ["1.0.0", "1.1.0", "1.2.0", "2.0.0"] {
            bundles.push_str(&format!(
                r#"{{"schema":"olm.bundle","name":"op.v{version}","package":"op","image":"r.example/op-bundle:v{version}","properties":[{{"type":"olm.package","value":{{"packageName":"op","version":"{version}"}}}}]}}
"#
            ));
        }
        files.insert(
            "configs/op/bundles.json".into(),
            bundles.into_bytes().into(),
        );
        files.insert(
            "configs/.indexignore".into(),
            b"# tests\n*.md\nscratch\n".to_vec().into(),
        );
        files.insert("configs/README.md".into(), b"not a blob".to_vec().into());
        files.insert("configs/scratch/broken.yaml".into(), b"{{{".to_vec().into());
        files.insert("other/ignored.yaml".into(), b"{{{".to_vec().into());
        Catalog::from_files(&files, "/configs", "catalog").unwrap()
    }

    fn resolve(
        channel: Option<&str>,
        installed: Option<&str>,
        force: bool,
    ) -> Result<Resolved, OlmError> {
        let installed = installed.map(|v| Installed {
            name: format!("op.v{v}"),
            version: v.parse().unwrap(),
        });
        catalog().resolve(&Query {
            package: "op",
            channel,
            constraint: None,
            devel: false,
            installed: installed.as_ref(),
            force,
        })
    }

    #[test]
    fn installs_take_the_highest_version_of_the_default_channel() {
        let resolved = resolve(None, None, false).unwrap();
        assert_eq!(resolved.bundle.name, "op.v1.2.0");
        assert_eq!(resolved.channel, "stable");
        assert_eq!(resolved.edge, None);
        assert_eq!(
            resolve(Some("fast"), None, false).unwrap().bundle.name,
            "op.v2.0.0"
        );
        let constraint = Constraint::parse("<1.2").unwrap();
        let resolved = catalog()
            .resolve(&Query {
                package: "op",
                channel: None,
                constraint: Some(&constraint),
                devel: false,
                installed: None,
                force: false,
            })
            .unwrap();
        assert_eq!(resolved.bundle.name, "op.v1.1.0");
    }

    #[test]
    fn upgrades_follow_replaces_skips_and_skip_range() {
        let resolved = resolve(None, Some("1.1.0"), false).unwrap();
        assert_eq!(
            (resolved.bundle.name.as_str(), resolved.edge),
            ("op.v1.2.0", Some(Edge::Replaces))
        );
        let resolved = resolve(None, Some("1.0.0"), false).unwrap();
        assert_eq!(
            (resolved.bundle.name.as_str(), resolved.edge),
            ("op.v1.2.0", Some(Edge::Skips))
        );
        let resolved = resolve(Some("fast"), Some("1.1.0"), false).unwrap();
        assert_eq!(resolved.bundle.name, "op.v2.0.0");
        assert_eq!(
            resolved.edge,
            Some(Edge::SkipRange(">=1.0.0 <1.2.0".into()))
        );
        // At the head: the installed version itself is the answer.
        let resolved = resolve(None, Some("1.2.0"), false).unwrap();
        assert_eq!(
            (resolved.bundle.name.as_str(), resolved.edge),
            ("op.v1.2.0", Some(Edge::Same))
        );
    }

    #[test]
    fn upgrades_without_an_edge_are_refused_unless_forced() {
        // 2.0.0 cannot go back to 1.x in stable: no entry replaces or skips it.
        let error = resolve(None, Some("2.0.0"), false).unwrap_err().to_string();
        assert!(
            error.contains("error upgrading from currently installed version \"2.0.0\""),
            "{error}"
        );
        assert!(error.contains("in channels [stable]"), "{error}");
        let forced = resolve(None, Some("2.0.0"), true).unwrap();
        assert_eq!(
            (forced.bundle.name.as_str(), forced.edge),
            ("op.v1.2.0", Some(Edge::Forced))
        );
    }

    #[test]
    fn show_lists_channels_heads_and_versions() {
        let summary = catalog().packages["op"].summary();
        let fast = &summary[0];
        assert_eq!(
            (fast.name.as_str(), fast.default, fast.head.as_deref()),
            ("fast", false, Some("op.v2.0.0"))
        );
        assert_eq!(fast.versions, ["2.0.0", "1.2.0"]);
        let stable = &summary[1];
        assert_eq!(
            (stable.default, stable.head.as_deref()),
            (true, Some("op.v1.2.0"))
        );
        assert_eq!(stable.versions, ["1.2.0", "1.1.0", "1.0.0"]);
    }

    #[test]
    fn deprecated_bundles_come_last_and_warn() {
        let mut catalog = catalog();
        let package = catalog.packages.get_mut("op").unwrap();
        package
            .deprecations
            .bundles
            .insert("op.v1.2.0".into(), "use 1.1".into());
        package
            .deprecations
            .channels
            .insert("stable".into(), "use fast".into());
        let resolved = catalog
            .resolve(&Query {
                package: "op",
                channel: None,
                constraint: None,
                devel: false,
                installed: None,
                force: false,
            })
            .unwrap();
        assert_eq!(resolved.bundle.name, "op.v1.1.0");
        assert_eq!(
            resolved.warnings,
            ["channel stable is deprecated: use fast"]
        );
    }

    #[test]
    fn blobs_of_unknown_packages_are_errors() {
        let mut files = Files::new();
        files.insert(
            "c.yaml".into(),
            b"schema: olm.channel\npackage: ghost\nname: s\n"
                .to_vec()
                .into(),
        );
        let error = Catalog::from_files(&files, "", "cat")
            .unwrap_err()
            .to_string();
        assert!(error.contains("ghost"), "{error}");
    }

    #[test]
    fn globs() {
        assert!(glob("*.md", "README.md"));
        assert!(!glob("*.md", "a/README.md"));
        assert!(glob("a?c", "abc"));
        assert!(!glob("scratch", "scratchy"));
    }
}
