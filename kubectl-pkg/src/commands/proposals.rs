//! `kubectl pkg proposals`: the plans proposed in a namespace, with their
//! hash, note, approvals and state.

use anyhow::Result;
use clap::Args;
use libpkg::release::ReleaseStore;
use libpkg::release::proposal::{PROPOSAL_PREFIX, ProposalState, ProposalStore};

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct ProposalsArgs {
    /// Only the proposals for this release.
    pub release: Option<String>,
}

pub async fn run(global: &GlobalArgs, args: &ProposalsArgs) -> Result<()> {
    let cluster = settings::cluster(global).await?;
    let mut proposals = ProposalStore::new(cluster.clone())
        .list(&cluster.namespace)
        .await?;
    proposals.retain(|p| args.release.as_ref().is_none_or(|r| *r == p.release));
    match global.output {
        OutputFormat::Text => {
            if proposals.is_empty() {
                crate::view::errln!("No proposals in namespace {}.", cluster.namespace);
                return Ok(());
            }
            let releases = ReleaseStore::new(cluster.clone());
            let mut table = view::table();
            table.set_header([
                "NAME",
                "RELEASE",
                "OPERATION",
                "VERSION",
                "PLAN",
                "APPROVED BY",
                "STATE",
                "NOTE",
            ]);
            for proposal in &proposals {
                // An open proposal whose revision was written since cannot apply any more.
                let release = settings::release(&cluster.namespace, &proposal.release)?;
                let latest = releases.latest(&release).await?;
                let state = match proposal.state {
                    ProposalState::Open
                        if latest.is_some_and(|l| l.revision >= proposal.revision) =>
                    {
                        "superseded"
                    }
                    state => state.as_str(),
                };
                let hex = proposal.plan_hash.trim_start_matches("sha256:");
                table.add_row([
                    format!("{PROPOSAL_PREFIX}{}", proposal.name),
                    proposal.release.clone(),
                    proposal.operation.to_string(),
                    format!("{} {}", proposal.package, proposal.version),
                    hex[..hex.len().min(12)].to_string(),
                    proposal.approvers.join(", "),
                    state.to_string(),
                    proposal.note.clone(),
                ]);
            }
            view::outln!("{}", view::text(table))?;
            Ok(())
        }
        format => view::print_document(format, &proposals),
    }
}
