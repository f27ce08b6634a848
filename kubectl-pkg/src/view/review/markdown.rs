//! The review document as GitHub-flavoured markdown: for a pull-request
//! comment (GitHub, GitLab) or a job summary.
//!
//! Package content is untrusted and must not change the document's shape:
//! inline text has every character markdown or HTML gives a meaning
//! backslash-escaped or written as an entity, and lines are joined; text in
//! HTML (a `<summary>`) is HTML-escaped; each diff sits in a fence longer
//! than any run of backticks inside it, so no line of a diff can close it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use libpkg::plan::Action;

use super::fit::Render;
use super::{Block, Change, Review, Tone, action_symbol};

/// The markdown renderer.
#[derive(Debug, Clone, Copy)]
pub struct Markdown;

/// The hidden first line: lets CI find and update its comment for this
/// plan, `<!-- kubectl-pkg plan sha256:… -->`.
pub fn marker(hash: &str) -> String {
    format!("<!-- kubectl-pkg plan {} -->", comment_safe(hash))
}

impl Render for Markdown {
    fn head(&self, review: &Review) -> String {
        let mut out = String::new();
        out.push_str(&marker(&review.hash));
        let _ = writeln!(
            out,
            "\n<!-- kubectl-pkg subject {} -->\n",
            comment_safe(&review.subject)
        );
        let verdict = &review.verdict;
        let _ = writeln!(
            out,
            "## {} {}\n\n**{}**{}\n",
            tone_mark(verdict.tone),
            inline(&review.title),
            inline(&verdict.headline),
            if verdict.reasons.is_empty() {
                String::new()
            } else {
                format!(": {}", inline(&verdict.reasons.join("; ")))
            }
        );
        for (label, value) in &review.facts {
            let _ = writeln!(out, "- **{}:** {}", inline(label), inline(value));
        }
        out.push('\n');
        for section in &review.sections {
            let _ = writeln!(out, "### {}\n", inline(&section.title));
            for block in &section.blocks {
                write_block(&mut out, block);
            }
        }
        let _ = writeln!(out, "### Changes by object ({})\n", review.changes.len());
        if review.changes.is_empty() {
            out.push_str("No object changes.\n\n");
        }
        out
    }

    fn change(&self, change: &Change) -> String {
        let fence = fence_for(&change.diff);
        format!(
            "<details><summary>{} {} {}</summary>\n\n{fence}diff\n{}{}{fence}\n\n</details>\n\n",
            action_symbol(change.action),
            change.action,
            escape_html(&change.label()),
            change.diff,
            if change.diff.ends_with('\n') {
                ""
            } else {
                "\n"
            },
        )
    }

    fn omitted(&self, omitted: &[&Change], total: usize) -> String {
        if omitted.is_empty() {
            return String::new();
        }
        let mut out = format!(
            "### Diffs not shown ({} of {total}, over --max-size)\n\n",
            omitted.len()
        );
        for ((action, kind, namespace), names) in group(omitted) {
            let place = namespace.map_or(String::new(), |ns| format!(" in {}", inline(ns)));
            let names: Vec<String> = names.iter().map(|n| inline(n)).collect();
            let _ = writeln!(
                out,
                "- {} {action} {}{place} ({}): {}",
                action_symbol(action),
                inline(kind),
                names.len(),
                names.join(", ")
            );
        }
        out.push('\n');
        out
    }

    fn foot(&self, review: &Review) -> String {
        let mut out = String::from("---\n\n");
        let _ = writeln!(out, "{}\n", inline(&review.footer.note));
        if let Some(command) = &review.footer.command {
            let fence = fence_for(command);
            let _ = writeln!(out, "{fence}sh\n{command}\n{fence}\n");
        }
        let _ = writeln!(
            out,
            "<sub>kubectl-pkg · plan {}</sub>",
            escape_html(&review.hash)
        );
        out
    }
}

/// Omitted changes grouped by action, kind and namespace, in order of
/// first appearance (most important first), names in order.
type Groups<'a> = Vec<((Action, &'a str, Option<&'a str>), Vec<&'a str>)>;

/// See [`Groups`]; a stack's release goes with the namespace.
fn group<'a>(omitted: &[&'a Change]) -> Groups<'a> {
    let mut order: Vec<(Action, &str, Option<&str>)> = Vec::new();
    let mut names: BTreeMap<(Action, &str, Option<&str>), Vec<&str>> = BTreeMap::new();
    for change in omitted {
        let key = (
            change.action,
            change.kind.as_str(),
            change.namespace.as_deref(),
        );
        let entry = names.entry(key).or_default();
        if entry.is_empty() {
            order.push(key);
        }
        entry.push(change.name.as_str());
    }
    order
        .into_iter()
        .map(|key| (key, names.remove(&key).unwrap_or_default()))
        .collect()
}

/// Writes one block as markdown, followed by a blank line.
fn write_block(out: &mut String, block: &Block) {
    match block {
        Block::Text(text) => {
            let _ = writeln!(out, "{}\n", inline(text));
        }
        Block::Subtitle(text) => {
            let _ = writeln!(out, "#### {}\n", inline(text));
        }
        Block::Items(items) => {
            for item in items {
                let _ = writeln!(out, "- {} {}", tone_mark(item.tone), inline(&item.text));
            }
            out.push('\n');
        }
        Block::Table(table) => {
            let cells =
                |cells: &mut dyn Iterator<Item = String>| cells.collect::<Vec<_>>().join(" | ");
            let _ = writeln!(
                out,
                "| | {} |",
                cells(&mut table.header.iter().map(|h| inline(h)))
            );
            let _ = writeln!(
                out,
                "|---|{}|",
                cells(&mut table.header.iter().map(|_| "---".to_string()))
            );
            for row in &table.rows {
                let _ = writeln!(
                    out,
                    "| {} | {} |",
                    tone_mark(row.tone),
                    cells(&mut row.cells.iter().map(|c| inline(c)))
                );
            }
            out.push('\n');
        }
    }
}

/// The mark a tone gets in markdown, where there is no colour.
fn tone_mark(tone: Tone) -> &'static str {
    match tone {
        Tone::Good => "✅",
        Tone::Plain => "▫️",
        Tone::Warning => "⚠️",
        Tone::Danger => "⛔",
    }
}

/// `text` as inline markdown that reads as itself: one line, every
/// character with a markdown or HTML meaning escaped.
pub fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous: Option<char> = None;
    for c in text.chars() {
        let after = previous.replace(c);
        match c {
            // `@name` after a space or at the start would notify a GitHub
            // user or team named by package content: a word joiner (U+2060,
            // invisible) after `@` keeps it text. `name@sha256:…` and mail
            // addresses are not mentions and stay as they are.
            '@' if !after.is_some_and(char::is_alphanumeric) => out.push_str("@\u{2060}"),
            '\n' | '\r' | '\t' => out.push(' '),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '!' | '~' | '$' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// `text` escaped for HTML (the `<summary>` of a diff).
pub fn escape_html(text: &str) -> String {
    super::html::escape(text)
}

/// A fence that no line of `text` can close: more backticks than its longest run.
fn fence_for(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// `text` safe inside an HTML comment: only what a hash or a release name
/// holds; anything else becomes `_`, so no `-->` can end the comment early.
fn comment_safe(text: &str) -> String {
    let mut safe: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || ":/._- ".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    while safe.contains("--") {
        safe = safe.replace("--", "-_");
    }
    safe
}
