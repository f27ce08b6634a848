//! The text view of `show`: metadata, versions, permission summary.

use std::fmt;

use libpkg::permissions::Severity;
use libpkg::plan::Plan;
use libpkg::source::Fetched;

use crate::view::{self, label};

/// Prints the text view of the package `fetched`, planned offline as `plan`.
pub fn print(fetched: &Fetched, plan: &Plan) -> anyhow::Result<()> {
    let mut out = String::new();
    // Writing to a String cannot fail: every `fmt::Error` comes from the writer.
    write(&mut out, fetched, plan).expect("a String takes every write");
    view::out!("{out}")
}

/// The text view, section after section.
fn write(out: &mut dyn fmt::Write, fetched: &Fetched, plan: &Plan) -> fmt::Result {
    metadata(out, fetched)?;
    origin(out, plan)?;
    channels(out, fetched)?;
    versions(out, plan)?;
    skipped(out, fetched)?;
    values_schema(out, fetched)?;
    permissions(out, plan)
}

/// Name, version, description, home page and maintainers.
fn metadata(out: &mut dyn fmt::Write, fetched: &Fetched) -> fmt::Result {
    let metadata = &fetched.package.metadata;
    writeln!(out, "Name:        {}", metadata.name)?;
    writeln!(out, "Version:     {}", fetched.package.version)?;
    if !metadata.description.is_empty() {
        writeln!(out, "Description: {}", metadata.description)?;
    }
    if !metadata.home.is_empty() {
        writeln!(out, "Home:        {}", metadata.home)?;
    }
    for maintainer in &metadata.maintainers {
        let email = maintainer
            .email
            .as_deref()
            .map(|e| format!(" <{e}>"))
            .unwrap_or_default();
        writeln!(out, "Maintainer:  {}{email}", maintainer.name)?;
    }
    Ok(())
}

/// Where the package is, pinned, and the bundle or catalog it is.
fn origin(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    writeln!(out, "Reference:   {}", plan.package.reference)?;
    writeln!(out, "Digest:      {}", plan.package.digest)?;
    if let Some(bundle) = &plan.package.bundle {
        writeln!(
            out,
            "Bundle:      {} ({}), {} mode by default",
            bundle.csv_name, plan.package.format, bundle.install_mode
        )?;
    }
    if let Some(catalog) = &plan.package.catalog {
        writeln!(
            out,
            "Catalog:     {} ({}), channel {}",
            catalog.repository, catalog.reference, catalog.channel
        )?;
    }
    Ok(())
}

/// A catalog package's channels, their heads and versions.
fn channels(out: &mut dyn fmt::Write, fetched: &Fetched) -> fmt::Result {
    if fetched.channels.is_empty() {
        return Ok(());
    }
    writeln!(out, "\nChannels (* = default):")?;
    for channel in &fetched.channels {
        let deprecated = channel
            .deprecated
            .as_deref()
            .map(|m| format!(" (deprecated: {m})"))
            .unwrap_or_default();
        writeln!(
            out,
            "  {} {}: head {}; versions {}{deprecated}",
            if channel.default { "*" } else { " " },
            channel.name,
            channel.head.as_deref().unwrap_or("-"),
            channel.versions.join(", "),
        )?;
    }
    Ok(())
}

/// The versions considered, newest first, the one install picks marked.
fn versions(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    if plan.package.candidates.is_empty() {
        return Ok(());
    }
    writeln!(out, "\nVersions (newest first; * = what install picks):")?;
    for candidate in &plan.package.candidates {
        let chosen = candidate.note.as_deref() == Some("chosen");
        let note = match candidate.note.as_deref() {
            Some(note) if !chosen => format!("  ({})", super::remedy::in_cli_words(note, &[])),
            _ => String::new(),
        };
        writeln!(
            out,
            "  {} {}{note}",
            if chosen { "*" } else { " " },
            candidate.version.as_deref().unwrap_or(&candidate.tag)
        )?;
    }
    Ok(())
}

/// The Packages of a Carvel package's refName that its repository skipped,
/// and why.
fn skipped(out: &mut dyn fmt::Write, fetched: &Fetched) -> fmt::Result {
    let libpkg::package::Content::Carvel(carvel) = &fetched.package.content else {
        return Ok(());
    };
    if carvel.skipped.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nSkipped (kapp-controller refuses them too; install cannot choose them):"
    )?;
    for skipped in &carvel.skipped {
        writeln!(out, "  {skipped}")?;
    }
    Ok(())
}

/// A Carvel package's `valuesSchema.openAPIv3`.
pub(crate) fn carvel_schema(fetched: &Fetched) -> Option<&serde_json::Value> {
    match &fetched.package.content {
        libpkg::package::Content::Carvel(carvel) => carvel.package.values_schema.as_ref(),
        _ => None,
    }
}

/// A Carvel package's values: name, type and description of each.
fn values_schema(out: &mut dyn fmt::Write, fetched: &Fetched) -> fmt::Result {
    let Some(schema) = carvel_schema(fetched) else {
        return Ok(());
    };
    writeln!(out, "\nValues (valuesSchema):")?;
    let properties = schema.get("properties").and_then(|p| p.as_object());
    for (name, property) in properties.into_iter().flatten() {
        let text = |key: &str| property.get(key).and_then(|v| v.as_str()).unwrap_or("");
        let description = Some(text("description"))
            .filter(|d| !d.is_empty())
            .map(|d| format!(" ({d})"))
            .unwrap_or_default();
        writeln!(out, "  {name}: {}{description}", text("type"))?;
    }
    Ok(())
}

/// The permission summary: grants and risks counted, the high and critical
/// risks and each workload's Pod Security level named.
fn permissions(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    let permissions = &plan.permissions;
    writeln!(
        out,
        "\nPermissions: {} grants; risks: {}",
        permissions.grants.len(),
        view::risk_counts(permissions)
    )?;
    for risk in permissions
        .risks
        .iter()
        .filter(|r| r.severity <= Severity::High)
    {
        writeln!(
            out,
            "  [{}] {}: {}",
            label(&risk.severity).to_uppercase(),
            risk.rule,
            risk.message
        )?;
    }
    for workload in &permissions.workloads {
        writeln!(
            out,
            "  Pod security: {} is {}",
            workload.object,
            label(&workload.pod_security)
        )?;
    }
    Ok(())
}
