//! `kubectl pkg stack status`: each release of a stack as its records say.

use anyhow::Result;
use clap::Args;

use libpkg::release::stack_record::StackRecords;
use libpkg::release::{LockSubject, ReleaseLock};
use libpkg::stack::journal::record_name;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view;

#[derive(Debug, Args)]
pub struct StackStatusArgs {
    #[command(flatten)]
    pub stack: super::StackFileArgs,
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
struct StackState {
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
    let stack = args.stack.load()?;
    let clusters = super::connect(global, stack.releases.iter().map(|r| r.context.clone())).await?;
    let record = &clusters[&None];
    let journal = StackRecords::new(record, &stack.namespace)
        .read(&stack.name, stack.environment.as_deref())
        .await?
        .journal;
    let lock_name = record_name(&stack.name, stack.environment.as_deref());
    let lock =
        ReleaseLock::inspect_subject(record, LockSubject::Stack, &stack.namespace, &lock_name)
            .await?;
    let mut releases = Vec::new();
    for release in stack.levels().into_iter().flatten() {
        let store = libpkg::release::ReleaseStore::new(clusters[&release.context].clone());
        let latest = store.latest(&release.namespace, &release.name).await?;
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
            plan_hash: a.plan_hash.clone(),
            finished: a.finished,
        }),
        locked_by: lock.filter(|l| l.stale.is_none()).map(|l| l.to_string()),
        not_declared: journal
            .not_declared(&stack)
            .into_iter()
            .map(|m| m.name)
            .collect(),
        releases,
    };
    if global.output != OutputFormat::Text {
        return view::print_document(global.output, &state);
    }
    view::outln!("{}", text(&state, view::Layout::stdout(), global.wide))
}

/// The text view: the stack's lines, then one row per release, fitted to
/// `layout` unless `wide`.
fn text(state: &StackState, layout: view::Layout, wide: bool) -> String {
    let environment = (state.environment.as_deref())
        .map(|env| format!(" (environment {env})"))
        .unwrap_or_default();
    let mut out = format!("Stack: {}{environment}\n", state.stack);
    if let Some(last) = &state.last_apply {
        let how = match (last.finished, &state.locked_by) {
            (true, _) => "finished",
            (false, Some(_)) => "under way",
            (false, None) => "interrupted: apply the same plan again to resume it",
        };
        let mut line = format!("Last apply: {} ({how})", last.plan_hash);
        // On a narrow terminal the hash is shortened (whole piped, in -o wide and json).
        if layout
            .width
            .is_some_and(|width| line.chars().count() > usize::from(width))
            && !wide
        {
            let short: String = last.plan_hash.chars().take("sha256:".len() + 12).collect();
            line = format!("Last apply: {short}… ({how})");
        }
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
