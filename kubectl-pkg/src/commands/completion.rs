//! `kubectl pkg completion SHELL`: shell completion scripts generated from the clap definitions.

use anyhow::Result;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::cli::Cli;

#[derive(Debug, Args)]
pub struct CompletionArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(args: &CompletionArgs) -> Result<()> {
    clap_complete::generate(
        args.shell,
        &mut Cli::command(),
        "kubectl-pkg",
        &mut std::io::stdout(),
    );
    Ok(())
}
