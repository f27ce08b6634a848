//! Review documents: a plan shown where teams review, as GitHub-flavoured
//! markdown (a pull-request comment, a job summary) or one self-contained
//! HTML page.
//!
//! One content model, [`Review`], is built from the (masked) plan
//! ([`build`]) and rendered twice ([`markdown`], [`html`]), so both formats
//! carry the same sections in the same order: what a reviewer must see
//! first (the verdict, new and dropped permissions, risk findings,
//! deletions), then counts, images, signature and approvals, and only then
//! one collapsed diff per object. [`fit()`] keeps a document under a size cap
//! by leaving out whole per-object diffs, least important first, and naming
//! each one left out: the sections before the diffs are never cut.
//!
//! Everything in a plan that came from a package (names, messages, diffs) is
//! untrusted: the renderers escape every string they write.

mod build;
mod fit;
pub mod html;
pub mod markdown;
#[cfg(test)]
mod tests;

use anyhow::Result;
use libpkg::plan::{Action, Plan};
use libpkg::stack::plan::StackPlan;

use crate::cli::{GlobalArgs, MaxSize, OutputFormat};
use crate::view;

pub use build::{from_fleet, from_plan, from_stack};
pub use fit::fit;

/// A plan (or a stack's plans) as a reviewer reads it, before any format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The plan's hash, for the hidden marker and the footer.
    pub hash: String,
    /// `namespace/name` of the release (a stack: `stack NAME`), for the
    /// second marker CI finds its comment by.
    pub subject: String,
    /// One line: what is planned for which release.
    pub title: String,
    /// Whether the plan can go, needs a careful look, or cannot be applied.
    pub verdict: Verdict,
    /// Package, version, digest, cluster, plan hash: label and value.
    pub facts: Vec<(String, String)>,
    /// The sections before the per-object diffs: never cut.
    pub sections: Vec<Section>,
    /// One per object that changes, most important first.
    pub changes: Vec<Change>,
    /// How to apply exactly this plan.
    pub footer: Footer,
}

/// The plan's verdict: a tone and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Good: nothing to look at twice; Warning: review the listed reasons;
    /// Danger: it cannot be applied as it is.
    pub tone: Tone,
    /// A few words: "Review needed", "Ready to apply".
    pub headline: String,
    /// What made it so, one short phrase each.
    pub reasons: Vec<String>,
}

/// How a line should catch the eye: a colour and a symbol in each format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tone {
    /// Nothing to worry about (pinned image, verified signature).
    Good,
    /// Plain information.
    Plain,
    /// Worth a careful look (new permission, high risk, update).
    Warning,
    /// A deletion, a critical risk, something that blocks the apply.
    Danger,
}

/// A titled part of the document before the diffs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// A stable id (`permissions`, `deletions`): the HTML element's id, and
    /// what tests look for.
    pub id: String,
    /// The heading.
    pub title: String,
    /// Its contents, in order.
    pub blocks: Vec<Block>,
}

/// One piece of a section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A paragraph.
    Text(String),
    /// A minor heading inside the section.
    Subtitle(String),
    /// A bullet list.
    Items(Vec<Item>),
    /// A table with a header row.
    Table(Table),
}

/// One bullet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// How it is marked.
    pub tone: Tone,
    /// Its text.
    pub text: String,
}

/// A table: header cells, then rows of as many cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The column names.
    pub header: Vec<String>,
    /// The rows.
    pub rows: Vec<Row>,
}

/// One row of a [`Table`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// How the row is marked.
    pub tone: Tone,
    /// Its cells, as many as the header's.
    pub cells: Vec<String>,
}

/// One object that changes and its diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Create, update or delete.
    pub action: Action,
    /// The object's kind.
    pub kind: String,
    /// Its namespace, for namespaced objects.
    pub namespace: Option<String>,
    /// Its name.
    pub name: String,
    /// For a stack, the release it belongs to.
    pub release: Option<String>,
    /// The unified diff: `-` live, `+` planned; a create is all `+`, a
    /// delete all `-`. Secret values are masked.
    pub diff: String,
}

impl Change {
    /// `Kind namespace/name`, with the release first in a stack.
    pub fn label(&self) -> String {
        let release = self
            .release
            .as_deref()
            .map_or(String::new(), |release| format!("{release}: "));
        match &self.namespace {
            Some(namespace) => format!("{release}{} {namespace}/{}", self.kind, self.name),
            None => format!("{release}{} {}", self.kind, self.name),
        }
    }
}

/// The end of the document: the command that applies exactly this plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Footer {
    /// The command, when there is one to give.
    pub command: Option<String>,
    /// What to know about it.
    pub note: String,
}

/// Where the plan shown can be applied from: what the footer's command names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A plan file (`--out FILE`, `get plan -f FILE`) or `proposal/NAME`.
    Saved(String),
    /// A plan only printed: it must be saved with `--out` to be applied.
    Unsaved,
    /// A release's record: already applied.
    Recorded,
}

/// The symbol shown for an action, the same in every format.
pub fn action_symbol(action: Action) -> &'static str {
    match action {
        Action::Create => "+",
        Action::Update => "~",
        Action::Delete => "-",
        Action::Unchanged => "=",
    }
}

/// Prints `plan` (masked by the caller) as the review document `-o` asks for.
pub fn print(global: &GlobalArgs, plan: &Plan, source: &Source) -> Result<()> {
    print_review(global, &from_plan(plan, source))
}

/// Prints a stack plan (masked by the caller) as its review document.
pub fn print_stack(global: &GlobalArgs, plan: &StackPlan, source: &Source) -> Result<()> {
    print_review(global, &from_stack(plan, source))
}

/// Prints a fleet plan's review document (`-o markdown|html`).
pub fn print_fleet(
    global: &GlobalArgs,
    plan: &libpkg::stack::fleet::plan::FleetPlan,
    source: &Source,
) -> Result<()> {
    print_review(global, &from_fleet(plan, source))
}

/// Renders `review` in the format `-o` asks for, fitted to `--max-size`.
fn print_review(global: &GlobalArgs, review: &Review) -> Result<()> {
    let limit = global.max_size.map(|MaxSize(size)| size);
    let render: &dyn fit::Render = match global.output {
        OutputFormat::Html => &html::Html,
        _ => &markdown::Markdown,
    };
    let fitted = fit(review, render, limit)?;
    view::write_stdout_with(|out| fitted.write(review, render, out))
}
