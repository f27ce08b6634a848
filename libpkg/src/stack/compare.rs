//! Promoting between environments: what would change in one environment's
//! releases if it got what another has, from the two environments' stack
//! plans. Per release: the package, version and digest on each side, the
//! values' diff, and every object that differs, exists on one side only,
//! or is the same. Objects are matched by kind and name; namespaces are
//! not compared (environments side by side differ by namespace on
//! purpose): each side's release namespace is read as the other's.
//! Secret values are masked as everywhere else.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::plan::{ReleasePlan, StackPlan};
use crate::plan::{Action, Plan};

/// Two environments' stack plans compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    /// The stack.
    pub stack: String,
    /// The environment compared from (`None`: the base releases).
    pub from: Option<String>,
    /// The environment compared to.
    pub to: Option<String>,
    /// Every release of either side, in the `to` side's order, then the
    /// `from` side's releases it does not have.
    pub releases: Vec<ReleaseComparison>,
}

/// One release on both sides.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseComparison {
    /// The release's name in the stack.
    pub name: String,
    /// On the `from` side, if there.
    pub from: Option<Side>,
    /// On the `to` side, if there.
    pub to: Option<Side>,
    /// The values' unified diff (Secret values masked), if they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<String>,
    /// Objects that differ or are on one side only, by kind and name.
    pub objects: Vec<ObjectDifference>,
    /// How many objects are the same on both sides.
    pub same: usize,
}

/// A release as one environment has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Side {
    /// The release namespace.
    pub namespace: String,
    /// The package name.
    pub package: String,
    /// Its version.
    pub version: String,
    /// Its digest.
    pub digest: crate::digest::Digest,
}

/// An object that is not the same on both sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectDifference {
    /// `Kind.group/name` (no namespace: see the module's note).
    pub object: String,
    /// How it differs.
    pub change: Change,
    /// The unified diff, for [`Change::Differs`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
}

/// How an object differs between two environments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Change {
    /// Only the `from` side has it: promoting removes it.
    OnlyInFrom,
    /// Only the `to` side has it: promoting adds it.
    OnlyInTo,
    /// Both have it, differently.
    Differs,
}

impl ReleaseComparison {
    /// Whether the release is the same on both sides (version, digest,
    /// values, objects).
    pub fn is_same(&self) -> bool {
        let same_package = match (&self.from, &self.to) {
            (Some(from), Some(to)) => (&from.version, &from.digest) == (&to.version, &to.digest),
            _ => false,
        };
        same_package && self.values.is_none() && self.objects.is_empty()
    }
}

/// Compares two stack plans of one stack (two environments, or the same
/// environment planned twice).
pub fn compare(from: &StackPlan, to: &StackPlan) -> Comparison {
    let label = |plan: &StackPlan| {
        plan.stack
            .environment
            .clone()
            .unwrap_or_else(|| "base".to_string())
    };
    let labels = (label(from), label(to));
    let from_releases: BTreeMap<&str, &ReleasePlan> =
        from.releases.iter().map(|r| (r.name.as_str(), r)).collect();
    let names = (to.releases.iter().map(|r| r.name.as_str()))
        .chain(from.releases.iter().map(|r| r.name.as_str()))
        .fold(Vec::new(), |mut names, name| {
            if !names.contains(&name) {
                names.push(name);
            }
            names
        });
    let releases = names
        .into_iter()
        .map(|name| {
            let old = from_releases.get(name).map(|r| &r.plan);
            let new = to.releases.iter().find(|r| r.name == name).map(|r| &r.plan);
            compare_release(name, old, new, (&labels.0, &labels.1))
        })
        .collect();
    Comparison {
        stack: to.stack.name.clone(),
        from: from.stack.environment.clone(),
        to: to.stack.environment.clone(),
        releases,
    }
}

fn side(plan: &Plan) -> Side {
    Side {
        namespace: plan.release.namespace.to_string(),
        package: plan.package.name.clone(),
        version: plan.package.version.clone(),
        digest: plan.package.digest.clone(),
    }
}

fn compare_release(
    name: &str,
    old: Option<&Plan>,
    new: Option<&Plan>,
    labels: (&str, &str),
) -> ReleaseComparison {
    let values = match (old, new) {
        (Some(old), Some(new)) => {
            let masked = |plan: &Plan| plan.masked_values().unwrap_or(Value::Null);
            crate::diff::between_documents(&masked(old), &masked(new), labels)
        }
        _ => None,
    };
    let (objects, same) = compare_objects(old, new, labels);
    ReleaseComparison {
        name: name.to_string(),
        from: old.map(side),
        to: new.map(side),
        values,
        objects,
        same,
    }
}

/// The objects each side's release would have (what its plan leaves in the
/// cluster), by `Kind.group/name`, with the release namespace of `plan`
/// read as `as_namespace`.
fn objects_of(plan: &Plan, as_namespace: &str) -> BTreeMap<String, Value> {
    (plan.objects.iter())
        .filter(|o| o.action != Action::Delete)
        .map(|o| {
            let mut key = o.key();
            key.namespace = None;
            if key.name == plan.release.namespace {
                // The release namespace itself, created by the plan.
                key.name = as_namespace.to_string();
            }
            let mut manifest = o.manifest.to_value();
            rename_namespace(&mut manifest, &plan.release.namespace, as_namespace);
            (key.to_string(), manifest)
        })
        .collect()
}

/// Every string equal to `from` becomes `to`: the release namespace where
/// an object names it (its own namespace, a binding's subject, a webhook's
/// service).
fn rename_namespace(value: &mut Value, from: &str, to: &str) {
    match value {
        Value::String(text) if text == from => *text = to.to_string(),
        Value::Array(items) => items.iter_mut().for_each(|v| rename_namespace(v, from, to)),
        Value::Object(map) => map.values_mut().for_each(|v| rename_namespace(v, from, to)),
        _ => {}
    }
}

fn compare_objects(
    old: Option<&Plan>,
    new: Option<&Plan>,
    labels: (&str, &str),
) -> (Vec<ObjectDifference>, usize) {
    let namespace = new
        .or(old)
        .map(|p| p.release.namespace.to_string())
        .unwrap_or_default();
    let old = old.map(|p| objects_of(p, &namespace)).unwrap_or_default();
    let new = new.map(|p| objects_of(p, &namespace)).unwrap_or_default();
    let mut differences = Vec::new();
    let mut same = 0;
    for (object, manifest) in &new {
        let (change, diff) = match old.get(object) {
            None => (Change::OnlyInTo, None),
            Some(before) => match crate::diff::between(before, manifest, labels) {
                None => {
                    same += 1;
                    continue;
                }
                diff => (Change::Differs, diff),
            },
        };
        differences.push(ObjectDifference {
            object: object.clone(),
            change,
            diff,
        });
    }
    for object in old.keys().filter(|object| !new.contains_key(*object)) {
        differences.push(ObjectDifference {
            object: object.clone(),
            change: Change::OnlyInFrom,
            diff: None,
        });
    }
    (differences, same)
}
