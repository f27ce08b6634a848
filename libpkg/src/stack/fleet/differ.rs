//! What differs between a fleet's clusters: per release, what its plan does
//! in each cluster (the operation, the package version and digest, and each
//! object it changes with its diff), the clusters grouped by it. The group
//! of most clusters (on a tie, the one rolled out first) is what the fleet
//! does; every other cluster is named with what it does instead: drifted
//! (a value changed there by hand), at another version, not installed yet.

use serde::Serialize;

use super::plan::FleetPlan;
use crate::plan::{Action, Operation, Plan};

/// A release whose plan in some clusters differs from the others'.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Difference {
    /// The release.
    pub release: String,
    /// The clusters whose plan of it differs, in rollout order.
    pub clusters: Vec<String>,
    /// What it does there.
    pub there: String,
    /// The clusters that do what most do, in rollout order.
    pub others: Vec<String>,
    /// What it does in those.
    pub elsewhere: String,
}

/// What a release's plan does in one cluster, compared whole: two
/// clusters differ if any part differs, diffs included.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Shape {
    operation: Option<Operation>,
    changes_anything: bool,
    version: String,
    digest: crate::digest::Digest,
    /// (action, object, diff) of every object it changes.
    changes: Vec<(Action, String, Option<String>)>,
}

impl Shape {
    fn of(plan: Option<&Plan>) -> Shape {
        let Some(plan) = plan else {
            return Shape {
                operation: None,
                changes_anything: false,
                version: String::new(),
                digest: Default::default(),
                changes: Vec::new(),
            };
        };
        Shape {
            operation: Some(plan.operation),
            changes_anything: plan.has_changes(),
            version: plan.package.version.clone(),
            digest: plan.package.digest.clone(),
            changes: (plan.objects.iter())
                .filter(|o| o.action != Action::Unchanged)
                .map(|o| (o.action, o.key().to_string(), o.diff.clone()))
                .collect(),
        }
    }

    /// In words: `upgrade to 1.2.0: update ConfigMap/shop/web`.
    fn describe(&self) -> String {
        let Some(operation) = self.operation else {
            return "not planned".to_string();
        };
        if !self.changes_anything {
            return format!("no change ({})", self.version);
        }
        let what = match operation {
            Operation::Install => format!("install {}", self.version),
            Operation::Upgrade => format!("upgrade to {}", self.version),
            Operation::Rollback => format!("roll back to {}", self.version),
            Operation::Uninstall => "uninstall".to_string(),
            Operation::Import => format!("import {}", self.version),
        };
        const SHOWN: usize = 4;
        let mut changes: Vec<String> = (self.changes.iter().take(SHOWN))
            .map(|(action, object, _)| format!("{action} {object}"))
            .collect();
        if self.changes.len() > SHOWN {
            changes.push(format!("and {} more", self.changes.len() - SHOWN));
        }
        if changes.is_empty() {
            what
        } else {
            format!("{what}: {}", changes.join(", "))
        }
    }
}

/// Every release whose plan is not the same in every planned cluster.
pub fn differences(plan: &FleetPlan) -> Vec<Difference> {
    let mut releases: Vec<&str> = Vec::new();
    for cluster in &plan.clusters {
        for release in &cluster.plan.releases {
            if !releases.contains(&release.name.as_str()) {
                releases.push(&release.name);
            }
        }
    }
    let mut found = Vec::new();
    for release in releases {
        // (shape, clusters) in rollout order of each group's first cluster.
        let mut groups: Vec<(Shape, Vec<String>)> = Vec::new();
        for cluster in &plan.clusters {
            let of_release = (cluster.plan.releases.iter()).find(|r| r.name == release);
            let shape = Shape::of(of_release.map(|r| &r.plan));
            match groups.iter_mut().find(|(s, _)| *s == shape) {
                Some((_, clusters)) => clusters.push(cluster.cluster.clone()),
                None => groups.push((shape, vec![cluster.cluster.clone()])),
            }
        }
        if groups.len() < 2 {
            continue;
        }
        // Most clusters first; on a tie, the group rolled out first stays first.
        let common = (0..groups.len())
            .max_by(|a, b| groups[*a].1.len().cmp(&groups[*b].1.len()).then(b.cmp(a)))
            .expect("two groups");
        let (common_shape, others) = &groups[common];
        let elsewhere = common_shape.describe();
        for (index, (shape, clusters)) in groups.iter().enumerate() {
            if index == common {
                continue;
            }
            let mut there = shape.describe();
            if there == elsewhere {
                there.push_str(&if shape.digest != common_shape.digest {
                    format!(" (package {})", shape.digest)
                } else {
                    " (the same objects, changed differently)".to_string()
                });
            }
            found.push(Difference {
                release: release.to_string(),
                clusters: clusters.clone(),
                there,
                others: others.clone(),
                elsewhere: elsewhere.clone(),
            });
        }
    }
    found
}
