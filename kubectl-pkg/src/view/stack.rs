//! The text view of a stack plan: the whole stack first (per release: what
//! it does, how much, its risks and new permissions, what it needs), so a
//! reviewer sees what matters before the detail; then each release's own
//! plan view, indented under its heading.

use std::fmt::{self, Write};

use libpkg::plan::{Action, Plan};
use libpkg::stack::plan::{BASE_RELEASES, SharedRelease, StackPlan};

use crate::view::{self, Indented, Layout};

/// The whole text view of `plan`.
pub fn render(plan: &StackPlan, layout: Layout) -> String {
    let mut out = String::new();
    write(&mut out, plan, layout).expect("a String takes every write");
    out
}

/// Writes the stack's summary, then every release's plan.
pub fn write(out: &mut dyn Write, plan: &StackPlan, layout: Layout) -> fmt::Result {
    header(out, plan)?;
    summary(out, plan, layout)?;
    let options = view::plan::Options {
        layout: layout.narrower(2),
        show_unchanged: false,
    };
    for release in &plan.releases {
        writeln!(out)?;
        writeln!(
            out,
            "Release {} (namespace {}):",
            release.name, release.plan.release.namespace
        )?;
        view::plan::write(&mut Indented::new(out, 2), &release.plan, &options)?;
    }
    writeln!(out)?;
    view::whole_hash_line(out, "Stack plan hash:", &plan.hash, layout)
}

/// The stack, its environment and its order.
fn header(out: &mut dyn Write, plan: &StackPlan) -> fmt::Result {
    let environment = plan
        .stack
        .environment
        .as_deref()
        .map(|env| format!(" (environment {env})"))
        .unwrap_or_default();
    writeln!(out, "Stack:     {}{environment}", plan.stack.name)?;
    if !plan.stack.only.is_empty() {
        writeln!(
            out,
            "Only:      {} (and what they need)",
            plan.stack.only.join(", ")
        )?;
    }
    let order: Vec<String> = plan
        .order
        .iter()
        .enumerate()
        .map(|(index, level)| format!("{}. {}", index + 1, level.join(", ")))
        .collect();
    writeln!(out, "Order:     {}", order.join("  "))?;
    if plan.stack.prune {
        writeln!(
            out,
            "Prune:     releases the file no longer declares are uninstalled last"
        )?;
    }
    for member in &plan.not_declared {
        writeln!(
            out,
            "Warning:   release {} (namespace {}) belongs to the stack but the file no longer declares it; it is left alone (--prune uninstalls it)",
            member.name, member.namespace
        )?;
    }
    for shared in &plan.shared {
        writeln!(out, "Shared:    {}", shared_text(shared))?;
    }
    writeln!(out)
}

/// What a plan does with a release other environments hold too.
pub fn shared_text(shared: &SharedRelease) -> String {
    let held_by: Vec<String> = (shared.held_by.iter())
        .map(|scope| match scope.as_str() {
            BASE_RELEASES => "the base releases".to_string(),
            environment => format!("environment {environment}"),
        })
        .collect();
    let done = match (shared.kept, held_by.len()) {
        (true, _) => "left installed",
        (false, 1) => "changed for both",
        (false, _) => "changed for all",
    };
    format!(
        "release {} is shared with {}: {done}",
        shared.name,
        held_by.join(" and ")
    )
}

/// One row per release: operation, object counts, risks, new permissions,
/// and the releases it waits for (what it needs; for an uninstall, what
/// needs it).
fn summary(out: &mut dyn Write, plan: &StackPlan, layout: Layout) -> fmt::Result {
    // On a narrow terminal the least needed columns go first, as kubectl's.
    let columns = [
        view::Column::kept("RELEASE"),
        view::Column::dropped("NAMESPACE", 4),
        view::Column::kept("OPERATION"),
        view::Column::kept("CREATE"),
        view::Column::kept("UPDATE"),
        view::Column::kept("DELETE"),
        view::Column::dropped("UNCHANGED", 1),
        view::Column::kept("RISKS"),
        view::Column::dropped("NEW RIGHTS", 2),
        view::Column::dropped("AFTER", 3),
    ];
    let rows: Vec<Vec<String>> = (plan.releases.iter())
        .map(|release| {
            let p = &release.plan;
            let change = ReleaseChange::of(p);
            vec![
                release.name.clone(),
                p.release.namespace.to_string(),
                p.operation.to_string(),
                change.create.to_string(),
                change.update.to_string(),
                change.delete.to_string(),
                change.unchanged.to_string(),
                change.risks,
                change.new_rights,
                if release.needs.is_empty() {
                    "-".to_string()
                } else {
                    release.needs.join(", ")
                },
            ]
        })
        .collect();
    writeln!(
        out,
        "{}",
        view::records_table(layout, false, &columns, &rows)
    )
}

/// What one release's plan changes, as the stack's summaries show it: the
/// text view's table and the review document's (one source, so they agree).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReleaseChange {
    /// Objects created.
    pub create: usize,
    /// Objects updated.
    pub update: usize,
    /// Objects deleted.
    pub delete: usize,
    /// Objects left as they are.
    pub unchanged: usize,
    /// The risk findings by severity (`1 critical, 2 high`), or `-`.
    pub risks: String,
    /// `yes` when an upgrade or rollback grants rights the deployed
    /// revision did not, `no` when not, `-` with no revision to compare.
    pub new_rights: String,
}

impl ReleaseChange {
    /// The change `plan` makes.
    pub fn of(plan: &Plan) -> Self {
        let count = |action: Action| plan.objects.iter().filter(|o| o.action == action).count();
        ReleaseChange {
            create: count(Action::Create),
            update: count(Action::Update),
            delete: count(Action::Delete),
            unchanged: count(Action::Unchanged),
            risks: risks(plan),
            new_rights: new_rights(plan),
        }
    }
}

/// The plan's risks by severity, or `-`.
fn risks(plan: &Plan) -> String {
    if plan.permissions.risks.is_empty() {
        return "-".to_string();
    }
    view::risk_counts(&plan.permissions)
        .split(", ")
        .filter(|count| !count.starts_with("0 "))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether an upgrade grants rights the deployed revision did not.
fn new_rights(plan: &Plan) -> String {
    match &plan.permission_changes {
        Some(changes) if !changes.added.is_empty() => "yes".to_string(),
        Some(_) => "no".to_string(),
        None => "-".to_string(),
    }
}
