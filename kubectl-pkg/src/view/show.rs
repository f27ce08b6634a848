//! The text view of `show`: metadata, versions, permission summary.

use std::fmt::Write as _;

use libpkg::permissions::Severity;
use libpkg::plan::Plan;
use libpkg::source::Fetched;

use crate::view::{self, label};

pub fn print(fetched: &Fetched, plan: &Plan) -> anyhow::Result<()> {
    let metadata = &fetched.package.metadata;
    let mut out = String::new();
    let _ = writeln!(out, "Name:        {}", metadata.name);
    let _ = writeln!(out, "Version:     {}", fetched.package.version);
    if !metadata.description.is_empty() {
        let _ = writeln!(out, "Description: {}", metadata.description);
    }
    if !metadata.home.is_empty() {
        let _ = writeln!(out, "Home:        {}", metadata.home);
    }
    for maintainer in &metadata.maintainers {
        let _ = writeln!(
            out,
            "Maintainer:  {}{}",
            maintainer.name,
            maintainer
                .email
                .as_deref()
                .map(|e| format!(" <{e}>"))
                .unwrap_or_default()
        );
    }
    let _ = writeln!(out, "Reference:   {}", plan.package.reference);
    let _ = writeln!(out, "Digest:      {}", plan.package.digest);
    if let Some(bundle) = &plan.package.bundle {
        let _ = writeln!(
            out,
            "Bundle:      {} ({}), {} mode by default",
            bundle.csv_name, plan.package.format, bundle.install_mode
        );
    }
    if let Some(catalog) = &plan.package.catalog {
        let _ = writeln!(
            out,
            "Catalog:     {} ({}), channel {}",
            catalog.repository, catalog.reference, catalog.channel
        );
    }
    if !fetched.channels.is_empty() {
        let _ = writeln!(out, "\nChannels (* = default):");
        for channel in &fetched.channels {
            let _ = writeln!(
                out,
                "  {} {}: head {}; versions {}{}",
                if channel.default { "*" } else { " " },
                channel.name,
                channel.head.as_deref().unwrap_or("-"),
                channel.versions.join(", "),
                channel
                    .deprecated
                    .as_deref()
                    .map(|m| format!(" (deprecated: {m})"))
                    .unwrap_or_default()
            );
        }
    }
    if !plan.package.candidates.is_empty() {
        let _ = writeln!(out, "\nVersions (newest first; * = what install picks):");
        for candidate in &plan.package.candidates {
            let chosen = candidate.note.as_deref() == Some("chosen");
            let note = match candidate.note.as_deref() {
                Some(note) if !chosen => format!("  ({note})"),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {} {}{note}",
                if chosen { "*" } else { " " },
                candidate.version.as_deref().unwrap_or(&candidate.tag)
            );
        }
    }
    if let Some(schema) = crate::commands::show::carvel_schema(fetched) {
        let _ = writeln!(out, "\nValues (valuesSchema):");
        let properties = schema.get("properties").and_then(|p| p.as_object());
        for (name, property) in properties.into_iter().flatten() {
            let text = |key: &str| property.get(key).and_then(|v| v.as_str()).unwrap_or("");
            let _ = writeln!(
                out,
                "  {name}: {}{}",
                text("type"),
                Some(text("description"))
                    .filter(|d| !d.is_empty())
                    .map(|d| format!(" ({d})"))
                    .unwrap_or_default()
            );
        }
    }
    let permissions = &plan.permissions;
    let _ = writeln!(
        out,
        "
Permissions: {} grants; risks: {}",
        permissions.grants.len(),
        view::risk_counts(permissions)
    );
    for risk in permissions
        .risks
        .iter()
        .filter(|r| r.severity <= Severity::High)
    {
        let _ = writeln!(
            out,
            "  [{}] {}: {}",
            label(&risk.severity).to_uppercase(),
            risk.rule,
            risk.message
        );
    }
    for workload in &permissions.workloads {
        let _ = writeln!(
            out,
            "  Pod security: {} is {}",
            workload.object,
            label(&workload.pod_security)
        );
    }
    view::out!("{out}")
}
