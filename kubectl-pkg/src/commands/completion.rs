//! `kubectl pkg completion SHELL`: shell completion scripts.
//!
//! bash, zsh and fish get a small script that asks `kubectl-pkg __complete`
//! for every word ([`crate::complete`]: subcommands and flags from the clap
//! definitions, release names, namespaces, packages, versions and stack
//! environments looked up), the protocol kubectl's own plugin completion
//! uses; one engine answers all three shells and `kubectl pkg <TAB>`.
//! PowerShell and elvish get clap_complete's static scripts (subcommands
//! and flags), generated from the same definitions.

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

/// The bash script: every word through `kubectl-pkg __complete`.
const BASH: &str = include_str!("../completions/bash");
/// The zsh script: every word through `kubectl-pkg __complete`.
const ZSH: &str = include_str!("../completions/zsh");
/// The fish script: every word through `kubectl-pkg __complete`.
const FISH: &str = include_str!("../completions/fish");

pub fn run(args: &CompletionArgs) -> Result<()> {
    let script = match args.shell {
        Shell::Bash => BASH.as_bytes().to_vec(),
        Shell::Zsh => ZSH.as_bytes().to_vec(),
        Shell::Fish => FISH.as_bytes().to_vec(),
        shell => {
            // Generated into memory: clap_complete panics on a failed write.
            // Named kubectl-pkg throughout: the name the script is for.
            let mut script = Vec::new();
            let mut command = Cli::command().bin_name("kubectl-pkg");
            clap_complete::generate(shell, &mut command, "kubectl-pkg", &mut script);
            script
        }
    };
    crate::view::write_stdout(&script)
}
