//! `kubectl pkg list [-A]`: releases and their current revision, from one list call.

use std::collections::BTreeMap;

use anyhow::Result;
use clap::Args;
use libpkg::release::{ReleaseStore, Status, Summary};

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Releases in every namespace.
    #[arg(short = 'A', long)]
    pub all_namespaces: bool,
    /// Uninstalled releases too (kept with their history until `uninstall --purge`).
    #[arg(short = 'a', long)]
    pub all: bool,
}

pub async fn run(global: &GlobalArgs, args: &ListArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let namespace = (!args.all_namespaces).then_some(&cluster.namespace);
    let revisions = ReleaseStore::new(cluster.clone()).list(namespace).await?;
    // The newest revision of each release (revisions come sorted).
    let mut latest: BTreeMap<(String, String), Summary> = BTreeMap::new();
    for summary in revisions {
        latest.insert((summary.namespace.clone(), summary.name.clone()), summary);
    }
    let releases: Vec<&Summary> = latest
        .values()
        .filter(|release| args.all || release.status != Status::Uninstalled)
        .collect();
    match global.output {
        OutputFormat::Text => {
            if releases.is_empty() {
                crate::view::errln!(
                    "No releases.{}",
                    if args.all {
                        ""
                    } else {
                        " (Uninstalled ones are listed with --all.)"
                    }
                );
                return Ok(());
            }
            // Narrowed on a terminal as kubectl's tables are; `-o wide` keeps all.
            let columns = [
                view::Column::kept("NAME"),
                if args.all_namespaces {
                    view::Column::kept("NAMESPACE")
                } else {
                    view::Column::dropped("NAMESPACE", 2)
                },
                view::Column::dropped("REVISION", 3),
                view::Column::kept("STATUS"),
                view::Column::kept("PACKAGE"),
                view::Column::dropped("VERSION", 4),
                view::Column::dropped("UPDATED", 1),
            ];
            let rows: Vec<Vec<String>> = releases
                .iter()
                .map(|release| {
                    vec![
                        release.name.clone(),
                        release.namespace.clone(),
                        release.revision.to_string(),
                        release.status.as_str().to_string(),
                        release.package.clone(),
                        release.version.clone(),
                        release.created.clone().unwrap_or_default(),
                    ]
                })
                .collect();
            let table = view::records_table(view::Layout::stdout(), global.wide, &columns, &rows);
            view::outln!("{table}")?;
            Ok(())
        }
        format => view::print_document(format, &releases),
    }
}
