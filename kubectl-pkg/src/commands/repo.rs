//! `kubectl pkg repo add|list|remove`: named repositories in the user's config.

use anyhow::Result;
use clap::Subcommand;
use comfy_table::Table;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Subcommand)]
pub enum RepoCommand {
    /// Add a repository: NAME and oci://HOST/PATH.
    #[command(after_help = "Example:\n  kubectl pkg repo add stable oci://registry.example/pkgs")]
    Add {
        /// A short name for it (a DNS label).
        name: String,
        /// oci://HOST/PATH (packages are at HOST/PATH/NAME), an OLM catalog
        /// (oci://HOST/PATH:TAG or a directory), or https://… of a Helm chart
        /// repository (its index.yaml).
        url: String,
    },
    /// List the repositories.
    #[command(after_help = "Example:\n  kubectl pkg repo list -o json")]
    List,
    /// Remove a repository (packages in it are not touched).
    #[command(after_help = "Example:\n  kubectl pkg repo remove stable")]
    Remove {
        /// Its name.
        name: String,
    },
}

pub fn run(global: &GlobalArgs, command: &RepoCommand) -> Result<()> {
    let mut repositories = settings::repositories()?;
    match command {
        RepoCommand::Add { name, url } => {
            repositories.add(name, url)?;
            eprintln!("Added repository {name} ({url})");
        }
        RepoCommand::Remove { name } => {
            let removed = repositories.remove(name)?;
            eprintln!("Removed repository {} ({})", removed.name, removed.url);
        }
        RepoCommand::List => match global.output {
            OutputFormat::Text => {
                let mut table = view::table();
                table.set_header(["NAME", "URL"]);
                for repository in repositories.list() {
                    table.add_row([&repository.name, &repository.url]);
                }
                print_table(table, repositories.list().is_empty());
            }
            format => view::print_document(format, &repositories.list())?,
        },
    }
    Ok(())
}

fn print_table(table: Table, empty: bool) {
    if empty {
        eprintln!("No repositories. Add one with `kubectl pkg repo add NAME oci://HOST/PATH`.");
    } else {
        println!("{}", table.trim_fmt());
    }
}
