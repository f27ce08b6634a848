//! `kubectl pkg stack status`: each release of a stack as its records say.

use anyhow::Result;
use clap::Args;

use libpkg::release::stack_record::StackRecords;
use libpkg::release::{LockSubject, ReleaseLock};
use libpkg::stack::journal::record_name;

use libpkg::action::Sessions;
use libpkg::stack::Stack;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view;

#[derive(Debug, Args)]
pub struct StackStatusArgs {
    #[command(flatten)]
    pub stack: super::StackFileArgs,
    /// Every cluster of this fleet of the stack file: each one's releases,
    /// and where the fleet's rollout stands.
    #[arg(long, value_name = "NAME", conflicts_with = "environment")]
    pub fleet: Option<String>,
    #[command(flatten)]
    pub no_namespace: super::NoNamespace,
}

/// One release of a stack as its records say.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ReleaseState {
    name: String,
    namespace: String,
    /// Its latest revision, if it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    revision: Option<u32>,
    /// That revision's status; `not installed` without one.
    status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    package: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<String>,
    needs: Vec<String>,
    /// Where the stack's last apply left it (`applied`, `failed`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    last_apply: Option<String>,
}

/// The stack as a whole: its last apply and who holds its lock.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct StackState {
    stack: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    environment: Option<String>,
    /// The stack plan last applied, and whether its apply finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    last_apply: Option<LastApply>,
    /// Who is applying the stack now.
    #[serde(skip_serializing_if = "Option::is_none")]
    locked_by: Option<String>,
    /// Releases the stack holds that the file no longer declares.
    not_declared: Vec<String>,
    releases: Vec<ReleaseState>,
    /// Where its last apply left it (`applied`, `failed (web)`, …).
    #[serde(skip)]
    pub(super) rollout: String,
}

#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct LastApply {
    plan_hash: String,
    finished: bool,
}

/// Shows each release of the stack as its records say, in the stack's
/// order, with the stack's last apply as its journal says.
pub async fn run(global: &GlobalArgs, args: &StackStatusArgs) -> Result<()> {
    if let Some(fleet) = &args.fleet {
        return super::fleet::status(global, &args.stack.file, fleet).await;
    }
    let stack = args.stack.load()?;
    let sessions = super::connect(global, stack.releases.iter().map(|r| r.context.clone())).await?;
    let state = state(&stack, &sessions).await?;
    if global.output != OutputFormat::Text {
        return view::print_document(global.output, &state);
    }
    view::outln!("{}", text(&state, view::Layout::stdout(), global.wide))
}

/// The stack's state in its clusters: its journal, its lock, and each
/// release's latest record.
pub(super) async fn state(stack: &Stack, sessions: &Sessions) -> Result<StackState> {
    let record = sessions[&None].cluster();
    let journal = StackRecords::new(record, &stack.namespace)
        .read(&stack.name, stack.environment.as_deref())
        .await?
        .journal;
    let lock_name = record_name(&stack.name, stack.environment.as_deref());
    let lock =
        ReleaseLock::inspect_subject(record, LockSubject::Stack, &stack.namespace, &lock_name)
            .await?;
    let locked_by = lock.filter(|l| l.stale.is_none()).map(|l| l.to_string());
    let state_locked = locked_by.is_some();
    let mut releases = Vec::new();
    for release in stack.levels().into_iter().flatten() {
        let store = sessions[&release.context].releases();
        let latest = store.latest(&release.id()).await?;
        releases.push(ReleaseState {
            name: release.name.clone(),
            namespace: release.namespace.clone(),
            revision: latest.as_ref().map(|l| l.revision),
            status: latest
                .as_ref()
                .map_or("not installed", |l| l.status.as_str())
                .to_string(),
            package: latest.as_ref().map(|l| l.package.clone()),
            version: latest.as_ref().map(|l| l.version.clone()),
            needs: release.needs.clone(),
            last_apply: journal
                .state_of(&release.name)
                .map(|r| r.state.as_str().to_string()),
        });
    }
    let state = StackState {
        stack: stack.name.clone(),
        environment: stack.environment.clone(),
        last_apply: journal.last_apply.as_ref().map(|a| LastApply {
            plan_hash: a.plan_hash.to_string(),
            finished: a.finished,
        }),
        locked_by: locked_by.clone(),
        not_declared: journal
            .not_declared(stack)
            .into_iter()
            .map(|m| m.name.to_string())
            .collect(),
        releases,
        rollout: rollout(&journal, state_locked),
    };
    Ok(state)
}

/// Where the stack's last apply left it, in a word or a few: `applied`,
/// `failed (web)`, `interrupted`, `under way`, `never applied`.
fn rollout(journal: &libpkg::stack::journal::StackJournal, locked: bool) -> String {
    let Some(last) = &journal.last_apply else {
        return "never applied".to_string();
    };
    let not_done: Vec<&str> = (last.releases.iter())
        .filter(|r| !r.state.is_done())
        .map(|r| r.name.as_str())
        .collect();
    match (last.finished, locked) {
        (false, true) => "under way".to_string(),
        (false, false) => "interrupted".to_string(),
        (true, _) if not_done.is_empty() => "applied".to_string(),
        (true, _) => format!("failed ({})", not_done.join(", ")),
    }
}

/// The text view: the stack's lines, then one row per release, fitted to
/// `layout` unless `wide`.
pub(super) fn text(state: &StackState, layout: view::Layout, wide: bool) -> String {
    let environment = (state.environment.as_deref())
        .map(|env| format!(" (environment {env})"))
        .unwrap_or_default();
    let mut out = format!("Stack: {}{environment}\n", state.stack);
    if let Some(last) = &state.last_apply {
        let (how, next) = match (last.finished, &state.locked_by) {
            (true, _) => ("finished", None),
            (false, Some(_)) => ("under way", None),
            (false, None) => (
                "interrupted",
                Some("apply the same plan again to resume it"),
            ),
        };
        let whole = match next {
            Some(next) => format!("Last apply: {} ({how}: {next})", last.plan_hash),
            None => format!("Last apply: {} ({how})", last.plan_hash),
        };
        // On a narrow terminal the hash is shortened, and advice that still
        // does not fit gets its own line (whole piped, in -o wide and json).
        let fits = |line: &str| {
            wide || layout
                .width
                .is_none_or(|width| line.chars().count() <= usize::from(width))
        };
        let line = if fits(&whole) {
            whole
        } else {
            let hash = view::short_hash(&last.plan_hash);
            match next {
                Some(next) if !fits(&format!("Last apply: {hash} ({how}: {next})")) => {
                    format!("Last apply: {hash} ({how})\nNext: {next}")
                }
                Some(next) => format!("Last apply: {hash} ({how}: {next})"),
                None => format!("Last apply: {hash} ({how})"),
            }
        };
        out += &line;
        out.push('\n');
    }
    if let Some(holder) = &state.locked_by {
        out += &format!("Locked: {holder}\n");
    }
    for name in &state.not_declared {
        out += &format!(
            "Not in the file: {name} (the stack holds it; `stack apply --prune` uninstalls it)\n"
        );
    }
    // Narrowed on a terminal as kubectl's tables are; `-o wide` keeps all.
    let columns = [
        view::Column::kept("RELEASE"),
        view::Column::dropped("NAMESPACE", 4),
        view::Column::dropped("REVISION", 3),
        view::Column::kept("STATUS"),
        view::Column::kept("PACKAGE"),
        view::Column::dropped("NEEDS", 2),
        view::Column::dropped("LAST APPLY", 1),
    ];
    let dash = || "-".to_string();
    let rows: Vec<Vec<String>> = state
        .releases
        .iter()
        .map(|release| {
            vec![
                release.name.clone(),
                release.namespace.clone(),
                release.revision.map_or_else(dash, |r| r.to_string()),
                release.status.clone(),
                match (&release.package, &release.version) {
                    (Some(package), Some(version)) => format!("{package} {version}"),
                    _ => dash(),
                },
                if release.needs.is_empty() {
                    dash()
                } else {
                    release.needs.join(",")
                },
                release.last_apply.clone().unwrap_or_else(dash),
            ]
        })
        .collect();
    out + &view::records_table(layout, wide, &columns, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 52: an interrupted apply's line fits 80 columns (the hash
    /// shortened, the advice on its own line); piped, it is one whole line.
    #[test]
    fn the_interrupted_apply_line_fits_80_columns_and_is_whole_piped() {
        let hash = format!("sha256:{}", "5e0f1d2c".repeat(8));
        let state = StackState {
            stack: "shop".to_string(),
            environment: None,
            last_apply: Some(LastApply {
                plan_hash: hash.clone(),
                finished: false,
            }),
            locked_by: None,
            not_declared: Vec::new(),
            releases: Vec::new(),
            rollout: "interrupted".to_string(),
        };
        let narrow = text(&state, view::Layout { width: Some(80) }, false);
        assert!(
            narrow.starts_with(&format!(
                "Stack: shop\nLast apply: {} (interrupted)\nNext: apply the same plan again to resume it\n",
                view::short_hash(&hash)
            )),
            "{narrow}"
        );
        assert!(
            narrow.lines().all(|line| line.chars().count() <= 80),
            "{narrow}"
        );
        for whole in [
            text(&state, view::Layout { width: None }, false),
            text(&state, view::Layout { width: Some(80) }, true),
        ] {
            assert!(
                whole.contains(&format!(
                    "\nLast apply: {hash} (interrupted: apply the same plan again to resume it)\n"
                )),
                "{whole}"
            );
        }
    }
}
