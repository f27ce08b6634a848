//! The text view of a fleet plan: the fleet and its waves, a table of
//! clusters × releases (each cell the release's operation and object
//! counts there), what differs between the clusters, then each cluster's
//! stack plan as `stack plan` shows it, and the fleet hash.

use std::fmt::{self, Write};

use libpkg::stack::fleet::differ::differences;
use libpkg::stack::fleet::plan::FleetPlan;
use libpkg::stack::plan::StackPlan;

use crate::view::stack::ReleaseChange;
use crate::view::{self, Indented, Layout};

/// The whole view.
pub fn render(plan: &FleetPlan, layout: Layout) -> String {
    let mut out = String::new();
    write(&mut out, plan, layout).expect("a String takes every write");
    out
}

fn write(out: &mut dyn Write, plan: &FleetPlan, layout: Layout) -> fmt::Result {
    let environment = (plan.fleet.environment.as_deref())
        .map(|env| format!(", environment {env}"))
        .unwrap_or_default();
    writeln!(
        out,
        "Fleet:     {} (stack {}{environment})",
        plan.fleet.name, plan.stack
    )?;
    let waves: Vec<String> = (plan.fleet.waves.iter().enumerate())
        .map(|(index, wave)| format!("{}. {}", index + 1, wave.join(", ")))
        .collect();
    writeln!(out, "Waves:     {}", waves.join("  "))?;
    for left_out in &plan.unreachable {
        writeln!(
            out,
            "Left out:  {} (unreachable when planned: {})",
            left_out.cluster, left_out.reason
        )?;
    }
    writeln!(out)?;
    writeln!(out, "{}", table(plan))?;
    writeln!(out)?;
    differs(out, plan)?;
    for (wave, clusters) in plan.waves().iter().enumerate() {
        for cluster in clusters {
            writeln!(out)?;
            writeln!(out, "Cluster {} (wave {}):", cluster.cluster, wave + 1)?;
            view::stack::write(
                &mut Indented::new(out, 2),
                &cluster.plan,
                layout.narrower(2),
            )?;
        }
    }
    writeln!(out)?;
    view::whole_hash_line(out, "Fleet plan hash:", &plan.hash, layout)
}

/// Clusters × releases: per cell the operation and what it changes
/// (`upgrade ~1`, `install +3`, `no change`).
pub fn table(plan: &FleetPlan) -> String {
    let releases = &release_names(plan);
    let mut header = vec!["CLUSTER".to_string(), "WAVE".to_string()];
    header.extend(releases.iter().map(|r| r.to_uppercase()));
    let rows: Vec<Vec<String>> = (plan.waves().iter().enumerate())
        .flat_map(|(wave, clusters)| {
            clusters.iter().map(move |cluster| {
                let mut row = vec![cluster.cluster.clone(), (wave + 1).to_string()];
                row.extend(releases.iter().map(|name| cell(&cluster.plan, name)));
                row
            })
        })
        .collect();
    aligned(&header, &rows)
}

/// Rows under a header, columns three spaces apart as kubectl's (the
/// columns are the stack's releases, so their headers are not known
/// ahead).
fn aligned(header: &[String], rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|index| {
            (std::iter::once(header).chain(rows.iter().map(Vec::as_slice)))
                .map(|row| row[index].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let lines: Vec<String> = (std::iter::once(header).chain(rows.iter().map(Vec::as_slice)))
        .map(|row| {
            let cells: Vec<String> = (row.iter().zip(&widths))
                .map(|(cell, width)| format!("{cell:<width$}"))
                .collect();
            cells.join("   ").trim_end().to_string()
        })
        .collect();
    lines.join("\n")
}

/// Every release of any cluster's plan, in the first plan's order.
pub fn release_names(plan: &FleetPlan) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for cluster in &plan.clusters {
        for release in &cluster.plan.releases {
            if !names.contains(&release.name) {
                names.push(release.name.clone());
            }
        }
    }
    names
}

/// What a release's plan does in one cluster, in a few characters.
pub fn cell(plan: &StackPlan, release: &str) -> String {
    let Some(release) = plan.releases.iter().find(|r| r.name == release) else {
        return "-".to_string();
    };
    if !release.plan.has_changes() {
        return "no change".to_string();
    }
    let change = ReleaseChange::of(&release.plan);
    let counts: Vec<String> = [
        ("+", change.create),
        ("~", change.update),
        ("-", change.delete),
    ]
    .into_iter()
    .filter(|(_, count)| *count > 0)
    .map(|(sign, count)| format!("{sign}{count}"))
    .collect();
    format!("{} {}", release.plan.operation, counts.join(" "))
        .trim_end()
        .to_string()
}

/// What differs between the clusters, before the details.
fn differs(out: &mut dyn Write, plan: &FleetPlan) -> fmt::Result {
    let found = differences(plan);
    if found.is_empty() {
        return writeln!(
            out,
            "What differs between clusters: nothing; each cluster's plan does the same."
        );
    }
    writeln!(out, "What differs between clusters:")?;
    for difference in found {
        writeln!(
            out,
            "  {}: release {}: {}",
            difference.clusters.join(", "),
            difference.release,
            difference.there
        )?;
        writeln!(
            out,
            "    ({}: {})",
            difference.others.join(", "),
            difference.elsewhere
        )?;
    }
    Ok(())
}
