//! Presentation: tables, documents and files. Commands decide what to show;
//! this module decides how it looks.

pub mod copying;
pub mod plan;
pub mod show;

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use crate::cli::OutputFormat;

/// Prints a document as JSON or YAML on stdout.
pub fn print_document<T: Serialize>(format: OutputFormat, value: &T) -> Result<()> {
    let text = match format {
        OutputFormat::Yaml => libpkg::yaml::to_string(value),
        _ => serde_json::to_string_pretty(value)? + "\n",
    };
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(())
}

/// A table in the house style: no borders; fitted to the terminal's width
/// (`COLUMNS` when set), and not wrapped at all when the width is unknown
/// (output piped to a file or another program), as kubectl does, so that no
/// name is ever cut in two for a reader that cannot see it whole.
pub fn table() -> Table {
    let mut table = Table::new();
    table.load_style(presets::NOTHING);
    match output_width() {
        Some(width) => {
            table
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(width);
        }
        None => {
            table.set_content_arrangement(ContentArrangement::Disabled);
        }
    }
    table
}

/// The width to fit tables to: `COLUMNS`, else the terminal's; `None` when
/// stdout is not a terminal, or one that does not know its size.
fn output_width() -> Option<u16> {
    use std::io::IsTerminal;
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<u16>().ok());
    match columns {
        Some(width) if width > 0 => Some(width),
        _ if std::io::stdout().is_terminal() => Table::new().width().filter(|w| *w > 0),
        _ => None,
    }
}

/// The serialized name of an enum value (`critical`, `create`).
pub fn label<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Writes a file readable by its owner only (plans hold Secret values).
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    // An existing file keeps its mode on open: make sure it is private too.
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    file.write_all(bytes)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// "2 critical, 1 high, 0 medium, 0 info".
pub fn risk_counts(permissions: &libpkg::permissions::Permissions) -> String {
    use libpkg::permissions::Severity;
    let count = |severity: Severity| {
        permissions
            .risks
            .iter()
            .filter(|r| r.severity == severity)
            .count()
    };
    format!(
        "{} critical, {} high, {} medium, {} info",
        count(Severity::Critical),
        count(Severity::High),
        count(Severity::Medium),
        count(Severity::Info)
    )
}

/// Saves the complete plan owner-only, and says so.
pub fn save_plan(path: &Path, plan: &libpkg::plan::Plan) -> Result<()> {
    write_private(path, plan.to_json_pretty().as_bytes())?;
    eprintln!(
        "Saved the plan to {} (it holds Secret values: keep it private)",
        path.display()
    );
    Ok(())
}

/// Whether to color: stdout is a terminal, and neither `--no-color` nor `NO_COLOR` says no.
pub fn use_color(global: &crate::cli::GlobalArgs) -> bool {
    use std::io::IsTerminal;
    color_allowed(global) && std::io::stdout().is_terminal()
}

/// Whether to color what goes to stderr (the summary before the question).
pub fn use_color_on_stderr(global: &crate::cli::GlobalArgs) -> bool {
    use std::io::IsTerminal;
    color_allowed(global) && std::io::stderr().is_terminal()
}

/// `--no-color` and `NO_COLOR` (any non-empty value) turn color off.
fn color_allowed(global: &crate::cli::GlobalArgs) -> bool {
    !global.no_color && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}
