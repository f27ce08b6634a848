//! `kubectl pkg history NAME`: every revision with its digest and plan hash.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::plan::Operation;
use libpkg::release::{ReleaseStore, Status, Summary};

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The release.
    pub release: String,
    /// Show at most the newest N revisions, as Helm's --max.
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..))]
    pub max: u32,
}

pub async fn run(global: &GlobalArgs, args: &HistoryArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let release = settings::release(&cluster.namespace, &args.release)?;
    let mut history = ReleaseStore::new(cluster.clone()).history(&release).await?;
    if history.is_empty() {
        bail!(
            "release {:?} not found in namespace {:?}",
            args.release,
            cluster.namespace
        );
    }
    // Oldest first: the newest `--max` are the last ones.
    let older = history.len().saturating_sub(args.max as usize);
    let mut history = history.split_off(older);
    // Why a revision failed, as the library recorded it: its options as flags.
    for revision in &mut history {
        if let Some(message) = &mut revision.message {
            *message = view::remedy::in_cli_words(message, &[]);
        }
    }
    match global.output {
        OutputFormat::Text => {
            // Narrowed on a terminal as kubectl's tables are; `-o wide` keeps all.
            let columns = [
                view::Column::kept("REVISION"),
                view::Column::kept("STATUS"),
                view::Column::kept("OPERATION"),
                view::Column::kept("VERSION"),
                view::Column::dropped("DIGEST", 1),
                view::Column::dropped("PLAN", 2),
                view::Column::dropped("UPDATED", 3),
            ];
            let rows: Vec<Vec<String>> = history
                .iter()
                .map(|revision| {
                    vec![
                        revision.revision.to_string(),
                        revision.status.as_str().to_string(),
                        revision.operation.to_string(),
                        revision.version.clone(),
                        hex_prefix(&revision.digest),
                        hex_prefix(&revision.plan_hash),
                        revision.created.clone().unwrap_or_default(),
                    ]
                })
                .collect();
            let table = view::records_table(view::Layout::stdout(), global.wide, &columns, &rows);
            view::outln!("{table}")?;
            // Messages (why a revision failed) are long: below the table, unwrapped.
            for revision in &history {
                if let Some(note) = rolled_back_to(&history, revision) {
                    view::outln!("Revision {}: {note}", revision.revision)?;
                }
                if let Some(message) = &revision.message {
                    view::outln!("Revision {}: {message}", revision.revision)?;
                }
                if !revision.approved_by.is_empty() {
                    view::outln!(
                        "Revision {} approved by {}",
                        revision.revision,
                        revision.approved_by.join(", ")
                    )?;
                }
            }
            Ok(())
        }
        format => view::print_document(format, &history),
    }
}

/// The first 12 hex digits of a `sha256:` digest: enough to tell revisions
/// apart and to find them in `-o json`, and narrow enough to leave the message room.
fn hex_prefix(digest: &str) -> String {
    let hex = digest.strip_prefix("sha256:").unwrap_or(digest);
    hex[..hex.len().min(12)].to_string()
}

/// Which revision a rollback returned to: as its plan recorded it; for a
/// rollback recorded before plans said, the earlier deployed revision of the
/// same package digest, when exactly one has it, otherwise the candidates
/// named as such.
fn rolled_back_to(history: &[Summary], rollback: &Summary) -> Option<String> {
    if rollback.operation != Operation::Rollback {
        return None;
    }
    if let Some(target) = rollback.rolled_back_to {
        return Some(format!("rolled back to revision {target}"));
    }
    let candidates: Vec<String> = history
        .iter()
        .filter(|s| s.revision < rollback.revision && s.digest == rollback.digest)
        .filter(|s| matches!(s.status, Status::Deployed | Status::Superseded))
        .filter(|s| s.operation != Operation::Uninstall)
        .map(|s| s.revision.to_string())
        .collect();
    match candidates.as_slice() {
        [] => None,
        [one] => Some(format!("rolled back to revision {one}")),
        [rest @ .., last] => Some(format!(
            "rolled back to revision {} or {last} (the same package; the record does not say which)",
            rest.join(", ")
        )),
    }
}
