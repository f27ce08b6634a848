//! Presentation: tables, documents and files. Commands decide what to show;
//! this module decides how it looks.

pub mod copying;
pub mod fleet;
pub mod plan;
pub mod remedy;
pub mod review;
pub mod show;
pub mod stack;
pub mod status;

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use comfy_table::{ColumnConstraint, ContentArrangement, Table, Width, presets};
use serde::Serialize;

use crate::cli::OutputFormat;

/// The reader of standard output went away (`kubectl pkg get manifest R |
/// head -3`): the command stops there, and `main` exits 0 without a word, as
/// ripgrep does. A mutating command that could not show its plan turns it
/// into an error instead (see `flow`): nothing unseen is applied.
#[derive(Debug)]
pub struct ReaderGone;

impl std::fmt::Display for ReaderGone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for ReaderGone {}

/// Whether `error` is (or was caused by) a closed standard output.
pub fn is_reader_gone(error: &anyhow::Error) -> bool {
    error.is::<ReaderGone>()
}

/// A failed write to standard output: a closed pipe is [`ReaderGone`],
/// anything else an error that says where it happened.
pub fn stdout_error(error: std::io::Error) -> anyhow::Error {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        ReaderGone.into()
    } else {
        anyhow::Error::new(error).context("cannot write to standard output")
    }
}

/// Writes `bytes` to (locked) standard output and flushes it; what [`out!`]
/// and [`outln!`] call.
pub fn write_stdout(bytes: &[u8]) -> Result<()> {
    write_stdout_with(|out| out.write_all(bytes))
}

/// Writes to (locked, buffered) standard output what `write` writes, as it
/// writes it, and flushes it: a large document is not held whole first.
pub fn write_stdout_with(
    write: impl FnOnce(&mut std::io::BufWriter<std::io::StdoutLock<'static>>) -> std::io::Result<()>,
) -> Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(stdout_error)
}

/// `print!` that returns a `Result`: a closed pipe is [`ReaderGone`], for
/// `?` to carry up to `main` (`print!` panics there).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::view::write_stdout(format!($($arg)*).as_bytes())
    };
}

/// `println!` that returns a `Result` (see [`out!`]).
macro_rules! outln {
    () => {
        $crate::view::write_stdout(b"\n")
    };
    ($($arg:tt)*) => {
        $crate::view::write_stdout((format!($($arg)*) + "\n").as_bytes())
    };
}

/// Writes `bytes` to standard error, ignoring failure: a closed or broken
/// stderr (`2>&-`, `2>&1 | head`) must neither panic (`eprint!` does) nor
/// change the exit code; what [`errln!`] and [`errprint!`] call.
pub fn write_stderr(bytes: &[u8]) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(bytes).and_then(|()| err.flush());
}

/// `eprint!` that cannot panic (see [`write_stderr`]).
macro_rules! errprint {
    ($($arg:tt)*) => {
        $crate::view::write_stderr(format!($($arg)*).as_bytes())
    };
}

/// `eprintln!` that cannot panic (see [`write_stderr`]).
macro_rules! errln {
    () => {
        $crate::view::write_stderr(b"\n")
    };
    ($($arg:tt)*) => {
        $crate::view::write_stderr((format!($($arg)*) + "\n").as_bytes())
    };
}

pub(crate) use {errln, errprint, out, outln};

/// Prints a document as JSON or YAML on stdout. Markdown and HTML are
/// review documents of a plan: any other document asked for in them is a
/// usage error that says which commands show one.
pub fn print_document<T: Serialize>(format: OutputFormat, value: &T) -> Result<()> {
    if let OutputFormat::Markdown | OutputFormat::Html = format {
        anyhow::bail!(
            "-o {} shows a plan (install, upgrade, rollback, uninstall, apply, propose, stack plan, get plan); \
             this command prints text, json or yaml",
            format.as_str()
        );
    }
    // Written as it is serialized: a 50,000-object plan is 79 MB of JSON,
    // held whole it was a third of the command's memory.
    write_stdout_with(|out| match format {
        OutputFormat::Yaml => libpkg::yaml::to_writer(out, value),
        // JSON, also for text: a document has no text view of its own.
        _ => serde_json::to_writer_pretty(&mut *out, value)
            .map_err(std::io::Error::from)
            .and_then(|()| out.write_all(b"\n")),
    })
}

/// A table in the house style: no borders; fitted to the terminal's width
/// (`COLUMNS` when set), and not wrapped at all when the width is unknown
/// (output piped to a file or another program), as kubectl does, so that no
/// name is ever cut in two for a reader that cannot see it whole.
pub fn table() -> Table {
    Layout::stdout().table()
}

/// How a view is laid out: the width its tables are fitted to. Passed to
/// views rather than read by them, so a view renders the same text whatever
/// the terminal (its tests choose the width), and a view nesting another
/// hands it what is left of the line ([`Layout::narrower`], with the lines
/// written through [`Indented`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The columns tables are fitted to; `None` when piped: nothing wraps.
    pub width: Option<u16>,
}

impl Layout {
    /// Standard output's: `COLUMNS`, else the terminal's width; unfitted
    /// when piped.
    pub fn stdout() -> Layout {
        Layout {
            width: output_width(),
        }
    }

    /// The same layout for lines indented `by` more columns.
    pub fn narrower(self, by: usize) -> Layout {
        let by = u16::try_from(by).unwrap_or(u16::MAX);
        Layout {
            width: self.width.map(|width| width.saturating_sub(by).max(1)),
        }
    }

    /// An empty table in the house style, fitted to this layout.
    pub fn table(self) -> Table {
        let mut table = Table::new();
        table.load_style(presets::NOTHING);
        match self.width {
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
}

/// A writer that puts `indent` spaces before every line it passes on (not
/// before an empty one): one view shown inside another.
pub struct Indented<'a> {
    out: &'a mut dyn std::fmt::Write,
    indent: usize,
    at_line_start: bool,
}

impl<'a> Indented<'a> {
    /// Lines written to the result go to `out`, `indent` spaces in.
    pub fn new(out: &'a mut dyn std::fmt::Write, indent: usize) -> Indented<'a> {
        Indented {
            out,
            indent,
            at_line_start: true,
        }
    }
}

impl std::fmt::Write for Indented<'_> {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        for line in text.split_inclusive('\n') {
            if self.at_line_start && line != "\n" {
                write!(self.out, "{:1$}", "", self.indent)?;
            }
            self.out.write_str(line)?;
            self.at_line_start = line.ends_with('\n');
        }
        Ok(())
    }
}

/// A table as text with no word broken in two: fitted to the terminal, a
/// column is at least as wide as its longest word (cells wrap at spaces
/// only); unfitted (piped), nothing wraps at all, every row is one line.
/// When the longest words of all columns do not fit side by side, a table
/// with a header becomes one block per row, a `HEADER: value` line per
/// column (as `kubectl describe` shows one object), and a table without
/// one shows each row's last cell below the others: the lines stay within
/// the terminal, which would otherwise wrap them inside a word. Only a
/// single word wider than the terminal passes its edge.
/// (comfy-table's own fitting splits words longer than a column.)
pub fn text(mut table: Table) -> String {
    // No leading space: a table's first column starts at the margin, as
    // kubectl's do (the others keep a space each side).
    if let Some(first) = table.column_mut(0) {
        first.set_padding((0, 1));
    }
    let Some(width) = table
        .width()
        .filter(|_| !matches!(table.content_arrangement(), ContentArrangement::Disabled))
    else {
        return table.trim_fmt();
    };
    // Per column: its longest word and its longest line.
    let mut shortest: Vec<usize> = Vec::new();
    let mut natural: Vec<usize> = Vec::new();
    for row in table.header().into_iter().chain(table.row_iter()) {
        for (index, cell) in row.cell_iter().enumerate() {
            let content = cell.content();
            let longest = |parts: &mut dyn Iterator<Item = &str>| {
                parts.map(|part| part.chars().count()).max().unwrap_or(0)
            };
            if shortest.len() <= index {
                shortest.resize(index + 1, 0);
                natural.resize(index + 1, 0);
            }
            // A cell of spaces (a list's indentation) keeps its width.
            let word = if content.trim().is_empty() {
                content.chars().count()
            } else {
                longest(&mut content.split_whitespace())
            };
            shortest[index] = shortest[index].max(word);
            natural[index] = natural[index].max(longest(&mut content.lines()));
        }
    }
    let padding: usize = table
        .column_iter()
        .map(|column| usize::from(column.padding_width()))
        .sum();
    let available = usize::from(width).saturating_sub(padding);
    if natural.iter().sum::<usize>() <= available {
        return table.trim_fmt();
    }
    if shortest.iter().sum::<usize>() > available {
        return if table.header().is_some() {
            records(&table, usize::from(width))
        } else {
            last_cell_below(&table, usize::from(width))
        };
    }
    // Each column gets its longest word, then a share of what is left, in
    // proportion to how much more its longest line needs.
    let spare = available - shortest.iter().sum::<usize>();
    let wanted: Vec<usize> = natural.iter().zip(&shortest).map(|(n, s)| n - s).collect();
    let total_wanted = wanted.iter().sum::<usize>().max(1);
    let paddings: Vec<usize> = table
        .column_iter()
        .map(|column| usize::from(column.padding_width()))
        .collect();
    for (((column, least), more), pad) in table
        .column_iter_mut()
        .zip(&shortest)
        .zip(&wanted)
        .zip(paddings)
    {
        let share = (spare * more / total_wanted).min(*more);
        // Absolute widths count the column's padding.
        let columns = u16::try_from(least + share + pad).unwrap_or(u16::MAX);
        column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(columns)));
    }
    table.trim_fmt()
}

/// A column of a table of records ([`records_table`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The header.
    pub header: &'static str,
    /// When the rows are wider than the terminal, columns are left out in
    /// this order, 1 first; `None`: always shown.
    pub drop_order: Option<u8>,
}

impl Column {
    /// A column always shown.
    pub const fn kept(header: &'static str) -> Column {
        Column {
            header,
            drop_order: None,
        }
    }

    /// A column left out, `order`-th, on a terminal too narrow for the rows.
    pub const fn dropped(header: &'static str, order: u8) -> Column {
        Column {
            header,
            drop_order: Some(order),
        }
    }
}

/// The gap between two columns of a table of records, as kubectl's.
const GAP: usize = 3;

/// The narrowest a column is shortened to: its header, and no fewer
/// characters than this.
const NARROWEST: usize = 6;

/// A table of records as kubectl prints one: a header line, then one line
/// per record, columns [`GAP`] spaces apart, no leading space. On a terminal
/// (`layout.width` known), unless `wide` (`-o wide`), columns are left out
/// in their drop order until the lines fit, then the widest are shortened,
/// their long cells cut in the middle with `…`: a narrower table, never a
/// record broken into several lines. Piped, or `-o wide`, every column is
/// shown whole. Each row has a cell per column.
pub fn records_table(
    layout: Layout,
    wide: bool,
    columns: &[Column],
    rows: &[Vec<String>],
) -> String {
    let cells = |row: &[String]| -> Vec<String> {
        row.iter()
            .map(|cell| cell.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    let rows: Vec<Vec<String>> = rows.iter().map(|row| cells(row)).collect();
    let mut widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(index, column)| {
            rows.iter()
                .map(|row| row[index].chars().count())
                .chain(std::iter::once(column.header.len()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut shown: Vec<usize> = (0..columns.len()).collect();
    let line_width = |shown: &[usize], widths: &[usize]| {
        shown.iter().map(|&index| widths[index]).sum::<usize>()
            + GAP * shown.len().saturating_sub(1)
    };
    if let (Some(width), false) = (layout.width.map(usize::from), wide) {
        let mut droppable: Vec<usize> = shown
            .iter()
            .copied()
            .filter(|&index| columns[index].drop_order.is_some())
            .collect();
        droppable.sort_by_key(|&index| columns[index].drop_order);
        for index in droppable {
            if line_width(&shown, &widths) <= width {
                break;
            }
            shown.retain(|&shown| shown != index);
        }
        while line_width(&shown, &widths) > width {
            let narrowest = |index: usize| columns[index].header.len().max(NARROWEST);
            let widest = shown
                .iter()
                .copied()
                .filter(|&index| widths[index] > narrowest(index))
                .max_by_key(|&index| widths[index]);
            match widest {
                Some(index) => widths[index] -= 1,
                None => break,
            }
        }
    }
    let header: Vec<String> = columns.iter().map(|c| c.header.to_string()).collect();
    let mut out = String::new();
    for row in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (position, &index) in shown.iter().enumerate() {
            if position > 0 {
                line.push_str(&" ".repeat(GAP));
            }
            let cell = shortened(&row[index], widths[index]);
            line.push_str(&cell);
            line.push_str(&" ".repeat(widths[index] - cell.chars().count()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.pop();
    out
}

/// `text` in at most `width` characters: whole if it fits, else its start
/// and end around `…` (the end of a name tells names apart as often as
/// its start does).
fn shortened(text: &str, width: usize) -> std::borrow::Cow<'_, str> {
    let length = text.chars().count();
    if length <= width {
        return text.into();
    }
    let kept = width.saturating_sub(1);
    let (head, tail) = (kept.div_ceil(2), kept / 2);
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(length - tail).collect();
    format!("{start}…{end}").into()
}

/// What [`text`] makes of an unfitted [`Layout::table`] (piped: `width`
/// `None`) with `header` and `rows`, written directly when every cell is
/// one line of printable ASCII (so its width is its length): a plan's
/// objects table of 50,000 rows took comfy-table a twentieth of the
/// plan's time and a tenth of its memory. `None` otherwise: the caller
/// builds the table.
pub fn plain_table<const N: usize>(header: [&str; N], rows: &[[String; N]]) -> Option<String> {
    let printable = |cell: &str| cell.bytes().all(|b| b.is_ascii_graphic() || b == b' ');
    let cells = || rows.iter().flat_map(|row| row.iter().map(String::as_str));
    if !header.iter().copied().chain(cells()).all(printable) {
        return None;
    }
    let mut widths = header.map(str::len);
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.len());
        }
    }
    let line_length = widths.iter().map(|width| width + 2).sum::<usize>();
    let mut out = String::with_capacity(line_length * (rows.len() + 1));
    let rows =
        std::iter::once(header).chain(rows.iter().map(|row| row.each_ref().map(String::as_str)));
    for (index, row) in rows.enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let start = out.len();
        for (column, (cell, width)) in row.iter().zip(widths).enumerate() {
            // A column's padding: one space each side, none before the first.
            if column > 0 {
                out.push(' ');
            }
            out.push_str(cell);
            out.extend(std::iter::repeat_n(' ', width - cell.len() + 1));
        }
        let end = start + out[start..].trim_end().len();
        out.truncate(end);
    }
    Some(out)
}

/// A table too wide for `width` as one block per row: `HEADER: value`, the
/// values aligned and wrapped at spaces, a blank line between rows.
fn records(table: &Table, width: usize) -> String {
    let keys: Vec<String> = table
        .header()
        .map(|header| {
            header
                .cell_iter()
                .map(|c| format!("{}:", c.content()))
                .collect()
        })
        .unwrap_or_default();
    let key_width = keys.iter().map(|k| k.chars().count()).max().unwrap_or(0);
    // "KEY:  value", at the margin as a table's first column.
    let indent = key_width + 2;
    let blocks: Vec<String> = table
        .row_iter()
        .map(|row| {
            let mut block = Vec::new();
            for (key, cell) in keys.iter().zip(row.cell_iter()) {
                let content = cell.content();
                let room = width.saturating_sub(indent);
                let longest = content.split_whitespace().map(|w| w.chars().count()).max();
                // A word too long beside its key goes below it, less indented.
                if longest.is_some_and(|longest| longest > room) {
                    block.push(key.clone());
                    for line in wrap(&content, width.saturating_sub(BELOW)) {
                        block.push(format!("{:BELOW$}{line}", ""));
                    }
                    continue;
                }
                for (index, line) in wrap(&content, room).iter().enumerate() {
                    let key = if index == 0 { key.as_str() } else { "" };
                    block.push(format!("{key:<key_width$}  {line}").trim_end().to_string());
                }
            }
            block.join("\n")
        })
        .collect();
    blocks.join("\n\n")
}

/// How far in a record's value starts on the lines below its key.
const BELOW: usize = 3;

/// A table without a header too wide for `width`: each row's leading cells
/// on one line, aligned, and its last cell below them, indented and wrapped
/// at spaces (a list of findings whose message holds a long name).
fn last_cell_below(table: &Table, width: usize) -> String {
    let rows: Vec<Vec<String>> = table
        .row_iter()
        .map(|row| row.cell_iter().map(|c| c.content()).collect())
        .collect();
    let leading = rows
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .saturating_sub(1);
    let mut widths = vec![0; leading];
    for row in &rows {
        for (index, cell) in row.iter().take(leading).enumerate() {
            widths[index] = widths[index].max(cell.chars().count());
        }
    }
    // Two columns further in than the last of the leading cells.
    let indent = widths.iter().rev().skip(1).map(|w| w + 2).sum::<usize>() + 2;
    let mut lines = Vec::new();
    for row in &rows {
        let first: Vec<String> = row
            .iter()
            .take(leading)
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect();
        lines.push(first.join("  ").trim_end().to_string());
        if let Some(last) = row.get(leading) {
            for line in wrap(last, width.saturating_sub(indent)) {
                lines.push(format!("{:indent$}{line}", ""));
            }
        }
    }
    lines.join("\n")
}

/// `LABEL HASH`, with the hash shortened to `sha256:` and 12 digits (`…`)
/// when the line would be wider than a terminal `layout` (never piped or
/// with `-o wide`, where scripts and people copy it whole).
pub fn hash_line(label: &str, hash: &str, layout: Layout, wide: bool) -> String {
    let line = format!("{label}{hash}");
    match layout.width {
        Some(width) if !wide && line.chars().count() > usize::from(width) => {
            format!("{label}{}", short_hash(hash))
        }
        _ => line,
    }
}

/// `LABEL HASH` of a plan, always whole (approvals sign it, `apply`
/// compares it with the saved plan's): on a terminal too narrow for the
/// line, the hash goes on a line of its own under the label.
pub fn whole_hash_line(
    out: &mut dyn std::fmt::Write,
    label: &str,
    hash: &impl std::fmt::Display,
    layout: Layout,
) -> std::fmt::Result {
    let hash = hash.to_string();
    let fits = |width: u16| label.chars().count() + 1 + hash.chars().count() <= usize::from(width);
    match layout.width {
        Some(width) if !fits(width) => writeln!(out, "{label}\n  {hash}"),
        _ => writeln!(out, "{label} {hash}"),
    }
}

/// A hash as a narrow terminal shows it: its short form
/// ([`libpkg::digest::short`]), then `…`.
pub fn short_hash(hash: &str) -> String {
    format!("{}…", libpkg::digest::short(hash))
}

/// `text` in lines of at most `width` characters, broken at spaces only (a
/// word longer than `width` is a line of its own); its own lines kept.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
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
    write_private_with(path, |file| file.write_all(bytes))
}

/// [`write_private`] of what `write` writes, as it writes it (a large plan
/// is not held whole first).
pub fn write_private_with(
    path: &Path,
    write: impl FnOnce(&mut std::io::BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    // An existing file keeps its mode on open: make sure it is private too.
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    let mut out = std::io::BufWriter::new(file);
    write(&mut out)
        .and_then(|()| out.flush())
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
    write_private_with(path, |file| plan.write_json_pretty(file))?;
    crate::view::errln!(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_of_records_drops_columns_to_fit_and_never_becomes_cards() {
        let columns = [
            Column::kept("NAME"),
            Column::dropped("UPDATED", 1),
            Column::kept("STATUS"),
            Column::dropped("VERSION", 2),
        ];
        let row = |name: &str| {
            vec![
                name.to_string(),
                "2026-11-28T09:16:14Z".to_string(),
                "deployed".to_string(),
                "1.0.0".to_string(),
            ]
        };
        let rows = [row("web"), row("a-much-longer-release")];
        let all = "NAME                    UPDATED                STATUS     VERSION\n\
                   web                     2026-11-28T09:16:14Z   deployed   1.0.0\n\
                   a-much-longer-release   2026-11-28T09:16:14Z   deployed   1.0.0";
        // Piped, wide enough, or -o wide: every column.
        for (width, wide) in [(None, false), (Some(65), false), (Some(20), true)] {
            assert_eq!(records_table(Layout { width }, wide, &columns, &rows), all);
        }
        // Narrower: UPDATED goes first, then VERSION; the kept ones stay
        // even when they do not fit, one line per record.
        let narrow = records_table(Layout { width: Some(64) }, false, &columns, &rows);
        assert_eq!(
            narrow,
            "NAME                    STATUS     VERSION\n\
             web                     deployed   1.0.0\n\
             a-much-longer-release   deployed   1.0.0"
        );
        // Narrower still: the widest kept column is shortened, its long
        // cells cut in the middle, down to its header or six characters.
        let shortened = records_table(Layout { width: Some(30) }, false, &columns, &rows);
        assert_eq!(
            shortened,
            "NAME                  STATUS\n\
             web                   deployed\n\
             a-much-lo…r-release   deployed"
        );
        let narrowest = records_table(Layout { width: Some(10) }, false, &columns, &rows);
        assert_eq!(narrowest.lines().count(), 3, "{narrowest}");
        assert_eq!(narrowest.lines().next(), Some("NAME     STATUS"));
        assert_eq!(narrowest.lines().nth(2), Some("a-m…se   dep…ed"));
        // A cell's line breaks and runs of spaces are one space: one line per record.
        let broken = records_table(
            Layout { width: None },
            false,
            &[Column::kept("A"), Column::kept("B")],
            &[vec!["x\ny".into(), "z".into()]],
        );
        assert_eq!(broken, "A     B\nx y   z");
    }

    #[test]
    fn a_plain_table_is_what_comfy_table_makes_of_it_unfitted() {
        let row = |cells: [&str; 3]| cells.map(String::from);
        let rows = [
            row(["create", "CustomResourceDefinition", "widgets.example.com"]),
            row(["update", "-", "a name with spaces  "]),
            row(["", "ConfigMap", ""]),
        ];
        for rows in [&rows[..], &rows[..1]] {
            let mut table = Layout { width: None }.table();
            table.set_header(["ACTION", "KIND", "NAME"]);
            for row in rows {
                table.add_row(row.clone());
            }
            let plain = plain_table(["ACTION", "KIND", "NAME"], rows);
            assert_eq!(plain.as_deref(), Some(text(table).as_str()));
        }
        // Not one line of ASCII: left to comfy-table.
        assert_eq!(
            plain_table(["A"], &[["x".to_string()]]),
            Some("A\nx".into())
        );
        assert_eq!(plain_table(["A"], &[["two\nlines".to_string()]]), None);
        assert_eq!(plain_table(["A"], &[["größe".to_string()]]), None);
    }

    #[test]
    fn a_fitted_table_wraps_between_words_only() {
        let mut table = Table::new();
        table.load_style(presets::NOTHING);
        table
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(40);
        table.set_header(["ACTION", "KIND", "NAME"]);
        table.add_row([
            "create",
            "ConfigMap",
            "a-name-much-longer-than-forty-columns-of-terminal",
        ]);
        let shown = text(table);
        for word in [
            "ACTION",
            "ConfigMap",
            "a-name-much-longer-than-forty-columns-of-terminal",
        ] {
            assert!(shown.contains(word), "{shown}");
        }

        // Words that fit: lines wrap between them, within the width.
        let why = "container \"app\": allowPrivilegeEscalation not false; container \"app\": runAsNonRoot not true";
        let mut table = Table::new();
        table.load_style(presets::NOTHING);
        table
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(80);
        table.set_header(["WORKLOAD", "LEVEL", "WHY"]);
        table.add_row(["Deployment.apps/apps/web-frontend", "baseline", why]);
        let shown = text(table);
        assert!(shown.lines().all(|l| l.chars().count() <= 80), "{shown}");
        assert!(shown.lines().count() > 2, "{shown}");
        let words: Vec<&str> = shown.split_whitespace().collect();
        let expected: Vec<&str> = "WORKLOAD LEVEL WHY Deployment.apps/apps/web-frontend baseline"
            .split_whitespace()
            .chain(why.split_whitespace())
            .collect();
        let mut sorted = words.clone();
        sorted.sort();
        let mut want = expected.clone();
        want.sort();
        assert_eq!(sorted, want, "{shown}");
    }

    /// Issue 39: a table whose words do not fit side by side is one block
    /// per row, and one without a header shows its last cell below; no line
    /// wider than the terminal, no word broken.
    #[test]
    fn a_table_too_wide_for_its_words_shows_blocks_within_the_width() {
        let fitted = |header: Option<[&str; 4]>, row: [&str; 4]| {
            let mut table = Table::new();
            table.load_style(presets::NOTHING);
            table
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(40);
            if let Some(header) = header {
                table.set_header(header);
            }
            table.add_row(row);
            text(table)
        };
        let row = [
            "2",
            "superseded",
            "2026-11-27T11:38:25Z",
            "an upgrade that failed to become ready in time",
        ];
        let shown = fitted(Some(["REVISION", "STATUS", "UPDATED", "WHY"]), row);
        assert_eq!(
            shown,
            "REVISION:  2\nSTATUS:    superseded\nUPDATED:   2026-11-27T11:38:25Z\nWHY:       an upgrade that failed to\n           become ready in time"
        );
        let shown = fitted(None, row);
        assert_eq!(
            shown,
            "2  superseded  2026-11-27T11:38:25Z\n                 an upgrade that failed\n                 to become ready in time"
        );
    }
}
