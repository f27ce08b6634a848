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
    // Generated into memory: clap_complete panics on a failed write.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "kubectl-pkg", &mut script);
    crate::view::write_stdout(&script)
}
