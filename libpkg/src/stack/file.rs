//! The stack file as written: the serde shape of `kind: Stack`, every level
//! refusing unknown keys, and the overlay of one environment on the base
//! releases. Nothing here validates names or the graph (`super` does, on the
//! overlaid result); this file only says what may be written and how an
//! environment's keys replace or merge into a release's.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct StackFile {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    #[serde(default)]
    pub namespace: Option<String>,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub releases: Vec<ReleaseEntry>,
    #[serde(default, deserialize_with = "null_entries_as_default")]
    pub environments: BTreeMap<String, EnvironmentEntry>,
    #[serde(default, deserialize_with = "null_entries_as_default")]
    pub fleets: BTreeMap<String, FleetEntry>,
}

/// A fleet, as written under `fleets:`: the clusters (kubeconfig contexts)
/// one environment of the stack is planned for, and the waves it is
/// applied in.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct FleetEntry {
    #[serde(default)]
    pub environment: Option<String>,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub clusters: Vec<String>,
    #[serde(default)]
    pub waves: Option<Vec<Vec<String>>>,
}

/// A base release, as written under `releases:`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct ReleaseEntry {
    pub name: String,
    pub namespace: String,
    pub package: String,
    #[serde(default)]
    pub version: Option<String>,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub values: Map<String, Value>,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub values_files: Vec<String>,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub set: Vec<String>,
    #[serde(default, deserialize_with = "crate::yaml::null_as_default")]
    pub needs: Vec<String>,
    #[serde(default)]
    pub context: Option<String>,
    #[serde(default = "yes")]
    pub enabled: bool,
    #[serde(default)]
    pub shared: bool,
    #[serde(default)]
    pub skip_requirements: bool,
}

fn yes() -> bool {
    true
}

/// One environment: overrides of base releases, by release name.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct EnvironmentEntry {
    #[serde(default, deserialize_with = "null_entries_as_default")]
    pub releases: BTreeMap<String, ReleaseOverride>,
}

/// What an environment changes of one release: any key but its name. `version`
/// and `context` may be set to null, which removes the base's.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct ReleaseOverride {
    pub namespace: Option<String>,
    pub package: Option<String>,
    #[serde(default, deserialize_with = "explicit_null")]
    pub version: Option<Option<String>>,
    pub values: Option<Map<String, Value>>,
    pub values_files: Option<Vec<String>>,
    pub set: Option<Vec<String>>,
    pub needs: Option<Vec<String>>,
    #[serde(default, deserialize_with = "explicit_null")]
    pub context: Option<Option<String>>,
    pub enabled: Option<bool>,
    pub shared: Option<bool>,
    pub skip_requirements: Option<bool>,
}

/// A map whose entries may be left empty (`staging:` with nothing under it):
/// an empty entry is the default one, an environment or override that
/// changes nothing. A null map is an empty one.
fn null_entries_as_default<'de, D, T>(deserializer: D) -> Result<BTreeMap<String, T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    let entries: Option<BTreeMap<String, Option<T>>> = Deserialize::deserialize(deserializer)?;
    Ok(entries
        .unwrap_or_default()
        .into_iter()
        .map(|(key, value)| (key, value.unwrap_or_default()))
        .collect())
}

/// A key given as null is `Some(None)`; a key left out stays `None` (the
/// field's default), so an environment can remove a base's constraint.
fn explicit_null<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

impl ReleaseEntry {
    /// This release with `over` laid on it: values deep-merge as Helm merges
    /// `-f` files (maps merge, anything else replaces, a null is kept so that
    /// it deletes the chart's default); every other key replaces.
    pub fn overlaid(mut self, over: &ReleaseOverride) -> ReleaseEntry {
        let replace = |target: &mut String, with: &Option<String>| {
            if let Some(with) = with {
                target.clone_from(with);
            }
        };
        replace(&mut self.namespace, &over.namespace);
        replace(&mut self.package, &over.package);
        if let Some(version) = &over.version {
            self.version.clone_from(version);
        }
        if let Some(values) = &over.values {
            let base = std::mem::take(&mut self.values);
            self.values = crate::helm::values::merge_maps(base, values.clone());
        }
        for (target, with) in [
            (&mut self.values_files, &over.values_files),
            (&mut self.set, &over.set),
            (&mut self.needs, &over.needs),
        ] {
            if let Some(with) = with {
                target.clone_from(with);
            }
        }
        if let Some(context) = &over.context {
            self.context.clone_from(context);
        }
        if let Some(enabled) = over.enabled {
            self.enabled = enabled;
        }
        if let Some(shared) = over.shared {
            self.shared = shared;
        }
        if let Some(skip) = over.skip_requirements {
            self.skip_requirements = skip;
        }
        self
    }
}
