//! `kubectl pkg history NAME`: every revision with its digest and plan hash.

use anyhow::{Result, bail};
use clap::Args;
use libpkg::release::ReleaseStore;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The release.
    pub release: String,
}

pub async fn run(global: &GlobalArgs, args: &HistoryArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let history = ReleaseStore::new(cluster.clone())
        .history(&cluster.namespace, &args.release)
        .await?;
    if history.is_empty() {
        bail!(
            "release {:?} not found in namespace {:?}",
            args.release,
            cluster.namespace
        );
    }
    match global.output {
        OutputFormat::Text => {
            let mut table = view::table();
            table.set_header([
                "REVISION",
                "STATUS",
                "OPERATION",
                "VERSION",
                "DIGEST",
                "PLAN HASH",
                "MESSAGE",
            ]);
            for revision in &history {
                table.add_row([
                    revision.revision.to_string(),
                    revision.status.as_str().to_string(),
                    view::label(&revision.operation),
                    revision.version.clone(),
                    view::short_digest(&revision.digest).to_string(),
                    view::short_digest(&revision.plan_hash).to_string(),
                    revision.message.clone().unwrap_or_default(),
                ]);
            }
            // Digests are read and compared, so they are never wrapped.
            for column in [4, 5] {
                if let Some(column) = table.column_mut(column) {
                    column.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
                }
            }
            println!("{table}");
            Ok(())
        }
        format => view::print_document(format, &history),
    }
}
