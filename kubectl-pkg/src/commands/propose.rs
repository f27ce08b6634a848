//! `kubectl pkg propose install|upgrade|rollback|uninstall …`: plan as the
//! command would, show the plan, and store it in the cluster as a proposal
//! for others to review, approve and apply, instead of applying it.

use anyhow::Result;
use clap::{Args, Subcommand};

use crate::cli::GlobalArgs;
use crate::commands::{install, rollback, uninstall, upgrade};

#[derive(Debug, Args)]
pub struct ProposeArgs {
    /// What the proposal is for, shown to reviewers by `kubectl pkg proposals`.
    #[arg(long, value_name = "TEXT", default_value = "")]
    pub note: String,
    #[command(subcommand)]
    pub command: ProposeCommand,
}

#[derive(Debug, Subcommand)]
pub enum ProposeCommand {
    /// Propose installing a package.
    #[command(
        after_help = "Example:\n  kubectl pkg propose --note 'first install' install ./mongodb -n databases"
    )]
    Install(install::InstallArgs),
    /// Propose upgrading a release.
    #[command(
        after_help = "Example:\n  kubectl pkg propose --note 'bump to 7.0.14' upgrade mongodb --version 7.0.14"
    )]
    Upgrade(upgrade::UpgradeArgs),
    /// Propose rolling a release back.
    #[command(after_help = "Example:\n  kubectl pkg propose rollback mongodb 1")]
    Rollback(rollback::RollbackArgs),
    /// Propose uninstalling a release.
    #[command(after_help = "Example:\n  kubectl pkg propose uninstall mongodb")]
    Uninstall(uninstall::UninstallArgs),
}

pub async fn run(global: &GlobalArgs, args: &ProposeArgs) -> Result<()> {
    let note = Some(args.note.clone());
    match &args.command {
        ProposeCommand::Install(command) => {
            let mut command = command.clone();
            command.mutating.propose = note;
            install::run(global, &command).await
        }
        ProposeCommand::Upgrade(command) => {
            let mut command = command.clone();
            command.mutating.propose = note;
            upgrade::run(global, &command).await
        }
        ProposeCommand::Rollback(command) => {
            let mut command = command.clone();
            command.mutating.propose = note;
            rollback::run(global, &command).await
        }
        ProposeCommand::Uninstall(command) => {
            let mut command = command.clone();
            command.mutating.propose = note;
            uninstall::run(global, &command).await
        }
    }
}
