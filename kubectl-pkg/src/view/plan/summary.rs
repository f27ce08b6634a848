//! The summary shown right before the question: the plan view's gist in a
//! few lines, for a reader who scrolled past the full view.

use std::fmt;

use libpkg::permissions::{Risk, Severity};
use libpkg::plan::{Action, Plan};

use super::describe_signature;
use crate::view::{self, label};

/// How many of the most severe risks the summary names.
const NAMED_RISKS: usize = 3;

/// The few lines shown right before the question: what the plan does, its
/// worst risks, whether you may do all of it, and which plan this is.
/// Critical and high risks carry a `!` marker, and are red when `color`.
pub fn summary(plan: &Plan, color: bool) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail: every `fmt::Error` comes from the writer.
    write_summary(&mut out, plan, color).expect("a String takes every write");
    out
}

/// [`summary`], written to `out`.
fn write_summary(out: &mut dyn fmt::Write, plan: &Plan, color: bool) -> fmt::Result {
    let count = |action: Action| plan.objects.iter().filter(|o| o.action == action).count();
    writeln!(
        out,
        "\nSummary: {} {} {} as release {} in namespace {} (revision {})",
        plan.operation,
        plan.package.name,
        plan.package.version,
        plan.release.name,
        plan.release.namespace,
        plan.release.revision
    )?;
    writeln!(
        out,
        "  Objects: {} to create, {} to update, {} to delete, {} unchanged",
        count(Action::Create),
        count(Action::Update),
        count(Action::Delete),
        count(Action::Unchanged)
    )?;
    severe_risks(out, plan, color)?;
    new_permissions(out, plan)?;
    for check in &plan.package.signatures {
        let marker = if check.verified.is_some() { " " } else { "!" };
        writeln!(
            out,
            "{marker} Signed:  {}",
            describe_signature(check, &plan.package)
        )?;
    }
    let installer = &plan.permissions.installer;
    let access = match (installer.checked, installer.missing.len()) {
        (false, _) => "not checked (offline)".to_string(),
        (true, 0) => "you may perform every action in this plan".to_string(),
        (true, missing) => format!("you are missing {missing} permission(s) (listed above)"),
    };
    writeln!(out, "  Access:  {access}")?;
    writeln!(out, "  Plan:    {}", plan.hash)
}

/// The risk counts, and the first few critical and high risks named.
fn severe_risks(out: &mut dyn fmt::Write, plan: &Plan, color: bool) -> fmt::Result {
    let mut severe: Vec<&Risk> = plan
        .permissions
        .risks
        .iter()
        .filter(|r| matches!(r.severity, Severity::Critical | Severity::High))
        .collect();
    severe.sort_by_key(|r| r.severity);
    let highlight = |text: String| {
        if color {
            let style = anstyle::Style::new()
                .bold()
                .fg_color(Some(anstyle::AnsiColor::Red.into()));
            format!("{style}{text}{style:#}")
        } else {
            text
        }
    };
    let marker = if severe.is_empty() { " " } else { "!" };
    writeln!(
        out,
        "{marker} Risks:   {}",
        view::risk_counts(&plan.permissions)
    )?;
    for risk in severe.iter().take(NAMED_RISKS) {
        let line = format!(
            "!   {} {}: {}",
            label(&risk.severity).to_uppercase(),
            risk.object,
            risk.message
        );
        writeln!(out, "{}", highlight(line))?;
    }
    if severe.len() > NAMED_RISKS {
        writeln!(
            out,
            "    and {} more critical or high (listed above)",
            severe.len() - NAMED_RISKS
        )?;
    }
    Ok(())
}

/// For an upgrade or rollback, how much it newly allows, counted by kind.
fn new_permissions(out: &mut dyn fmt::Write, plan: &Plan) -> fmt::Result {
    let Some(changes) = &plan.permission_changes else {
        return Ok(());
    };
    let added = &changes.added;
    let counts = [
        (added.grants.len(), "RBAC grant"),
        (added.risks.len(), "risk"),
        (added.pod_security.len(), "pod security change"),
        (added.cloud.len(), "cloud identity"),
        (added.declared.len(), "declared permission"),
        (added.unpinned_images.len(), "unpinned image"),
    ];
    let listed: Vec<String> = counts
        .iter()
        .filter(|(count, _)| *count > 0)
        .map(|(count, what)| match (count, *what) {
            (1, what) => format!("1 {what}"),
            (count, "cloud identity") => format!("{count} cloud identities"),
            (count, what) => format!("{count} {what}s"),
        })
        .collect();
    let (marker, text) = if listed.is_empty() {
        (" ", "none".to_string())
    } else {
        ("!", format!("{} (listed above)", listed.join(", ")))
    };
    writeln!(
        out,
        "{marker} New since revision {}: {text}",
        changes.compared_with
    )
}
