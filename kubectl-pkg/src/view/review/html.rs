//! The review document as one self-contained HTML page: inline CSS, no
//! script, a Content-Security-Policy that forbids loading anything, every
//! string escaped (package content is untrusted), native `<details>` per
//! object, a colour and a symbol per action, and a print stylesheet that
//! opens every diff on paper.

use std::fmt::Write as _;

use super::fit::Render;
use super::{Block, Change, Review, Tone, action_symbol};

/// The HTML renderer.
#[derive(Debug, Clone, Copy)]
pub struct Html;

/// Nothing may be loaded: no script, image, font, frame, form target or
/// base; only the page's own `<style>` element applies.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; \
     img-src 'none'; font-src 'none'; form-action 'none'; base-uri 'none'; frame-src 'none'";

/// The page's only style: colours per action and tone, and for print every
/// diff open and every colour kept.
const STYLE: &str = "
:root { color-scheme: light; --good: #1a7f37; --warn: #9a6700; --danger: #cf222e; --muted: #57606a; }
body { font: 14px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1f2328; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; border-bottom: 1px solid #d0d7de; padding-bottom: .2rem; margin-top: 2rem; }
h3 { font-size: 1rem; }
.verdict { padding: .6rem .8rem; border-radius: 6px; border: 1px solid; }
.tone-good { color: var(--good); } .tone-warning { color: var(--warn); } .tone-danger { color: var(--danger); } .tone-plain { color: inherit; }
.verdict.tone-good { background: #dafbe1; } .verdict.tone-warning { background: #fff8c5; } .verdict.tone-danger { background: #ffebe9; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid #d0d7de; padding: .25rem .5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f6f8fa; }
ul { padding-left: 1.2rem; } li { margin: .15rem 0; }
span.mark { display: inline-block; width: 1.2em; font-weight: 700; }
td.mark { width: 1.5em; text-align: center; font-weight: 700; }
details { border: 1px solid #d0d7de; border-radius: 6px; margin: .4rem 0; }
summary { cursor: pointer; padding: .3rem .6rem; font-family: ui-monospace, monospace; }
summary .sym { font-weight: 700; display: inline-block; width: 1.2em; }
.action-create .sym, .action-create .verb { color: var(--good); }
.action-update .sym, .action-update .verb { color: var(--warn); }
.action-delete .sym, .action-delete .verb { color: var(--danger); }
pre { margin: 0; padding: .5rem .8rem; overflow-x: auto; background: #f6f8fa; font: 12px/1.45 ui-monospace, monospace; }
pre .add { color: var(--good); background: #e6ffec; } pre .del { color: var(--danger); background: #ffebe9; }
pre .hunk { color: #0969da; }
code.command { display: block; padding: .5rem .8rem; background: #f6f8fa; white-space: pre-wrap; overflow-wrap: anywhere; }
footer { margin-top: 2rem; border-top: 1px solid #d0d7de; padding-top: .5rem; color: var(--muted); }
@media print {
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  body { margin: 0; max-width: none; font-size: 11px; }
  details::details-content { content-visibility: visible; display: block; }
  details { break-inside: avoid-page; }
  summary { list-style: none; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  tr, li { break-inside: avoid; }
}
";

impl Render for Html {
    fn head(&self, review: &Review) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
             <meta name=\"referrer\" content=\"no-referrer\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{}\n<header>\n<h1>{}</h1>\n",
            CONTENT_SECURITY_POLICY,
            escape(&review.title),
            super::markdown::marker(&review.hash),
            escape(&review.title),
        );
        let verdict = &review.verdict;
        let reasons = if verdict.reasons.is_empty() {
            String::new()
        } else {
            format!(": {}", escape(&verdict.reasons.join("; ")))
        };
        let _ = writeln!(
            out,
            "<p class=\"verdict {}\" id=\"verdict\"><span class=\"mark\">{}</span><strong>{}</strong>{reasons}</p>",
            tone_class(verdict.tone),
            tone_symbol(verdict.tone),
            escape(&verdict.headline),
        );
        out.push_str("<dl class=\"facts\">\n");
        for (label, value) in &review.facts {
            let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", escape(label), escape(value));
        }
        out.push_str("</dl>\n</header>\n<main>\n");
        for section in &review.sections {
            let _ = writeln!(
                out,
                "<section id=\"{}\">\n<h2>{}</h2>",
                escape(&section.id),
                escape(&section.title)
            );
            for block in &section.blocks {
                write_block(&mut out, block);
            }
            out.push_str("</section>\n");
        }
        let _ = writeln!(
            out,
            "<section id=\"changes\">\n<h2>Changes by object ({})</h2>",
            review.changes.len()
        );
        if review.changes.is_empty() {
            out.push_str("<p>No object changes.</p>\n");
        }
        out
    }

    fn change(&self, change: &Change) -> String {
        let mut out = format!(
            "<details class=\"action-{}\"><summary><span class=\"sym\">{}</span><span class=\"verb\">{}</span> {}</summary>\n<pre>",
            change.action,
            action_symbol(change.action),
            change.action,
            escape(&change.label())
        );
        for line in change.diff.lines() {
            let class = if line.starts_with("+++") || line.starts_with("---") {
                "ctx"
            } else if line.starts_with('+') {
                "add"
            } else if line.starts_with('-') {
                "del"
            } else if line.starts_with("@@") {
                "hunk"
            } else {
                "ctx"
            };
            let _ = writeln!(out, "<span class=\"{class}\">{}</span>", escape(line));
        }
        out.push_str("</pre>\n</details>\n");
        out
    }

    fn omitted(&self, omitted: &[&Change], total: usize) -> String {
        if omitted.is_empty() {
            return String::new();
        }
        let mut out = format!(
            "<section id=\"omitted\">\n<h3>Diffs not shown ({} of {total}, over --max-size)</h3>\n<ul>\n",
            omitted.len()
        );
        for change in omitted {
            let _ = writeln!(
                out,
                "<li class=\"action-{}\"><span class=\"sym\">{}</span> {} {}</li>",
                change.action,
                action_symbol(change.action),
                change.action,
                escape(&change.label())
            );
        }
        out.push_str("</ul>\n</section>\n");
        out
    }

    fn foot(&self, review: &Review) -> String {
        let mut out = String::from("</section>\n</main>\n<footer id=\"apply\">\n");
        let _ = writeln!(out, "<p>{}</p>", escape(&review.footer.note));
        if let Some(command) = &review.footer.command {
            let _ = writeln!(out, "<code class=\"command\">{}</code>", escape(command));
        }
        let _ = writeln!(
            out,
            "<p>kubectl-pkg · plan <code>{}</code></p>\n</footer>\n</body>\n</html>",
            escape(&review.hash)
        );
        out
    }
}

/// Writes one block as HTML.
fn write_block(out: &mut String, block: &Block) {
    match block {
        Block::Text(text) => {
            let _ = writeln!(out, "<p>{}</p>", escape(text));
        }
        Block::Subtitle(text) => {
            let _ = writeln!(out, "<h3>{}</h3>", escape(text));
        }
        Block::Items(items) => {
            out.push_str("<ul>\n");
            for item in items {
                let _ = writeln!(
                    out,
                    "<li class=\"{}\"><span class=\"mark\">{}</span>{}</li>",
                    tone_class(item.tone),
                    tone_symbol(item.tone),
                    escape(&item.text)
                );
            }
            out.push_str("</ul>\n");
        }
        Block::Table(table) => {
            out.push_str("<table>\n<thead><tr><th></th>");
            for header in &table.header {
                let _ = write!(out, "<th>{}</th>", escape(header));
            }
            out.push_str("</tr></thead>\n<tbody>\n");
            for row in &table.rows {
                let _ = write!(
                    out,
                    "<tr class=\"{}\"><td class=\"mark\">{}</td>",
                    tone_class(row.tone),
                    tone_symbol(row.tone)
                );
                for cell in &row.cells {
                    let _ = write!(out, "<td>{}</td>", escape(cell));
                }
                out.push_str("</tr>\n");
            }
            out.push_str("</tbody>\n</table>\n");
        }
    }
}

/// The CSS class of a tone.
fn tone_class(tone: Tone) -> &'static str {
    match tone {
        Tone::Good => "tone-good",
        Tone::Plain => "tone-plain",
        Tone::Warning => "tone-warning",
        Tone::Danger => "tone-danger",
    }
}

/// The symbol of a tone, for readers who do not see the colour.
fn tone_symbol(tone: Tone) -> &'static str {
    match tone {
        Tone::Good => "✓",
        Tone::Plain => "·",
        Tone::Warning => "!",
        Tone::Danger => "✗",
    }
}

/// `text` escaped for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}
