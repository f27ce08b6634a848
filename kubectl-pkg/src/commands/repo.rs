//! `kubectl pkg repo add|list|remove`: named repositories in the user's config.

use anyhow::{Context, Result};
use clap::Subcommand;
use comfy_table::Table;
use libpkg::source::check_repository;

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
        /// Add it without contacting it (by default it must answer as what
        /// its URL says it is: a registry, a catalog, a chart repository).
        #[arg(long)]
        no_verify: bool,
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

pub async fn run(global: &GlobalArgs, command: &RepoCommand) -> Result<()> {
    let mut repositories = settings::repositories()?;
    match command {
        RepoCommand::Add {
            name,
            url,
            no_verify,
        } => {
            let repository = repositories.prepare(name, url)?;
            let found = if *no_verify {
                "not contacted (--no-verify)".to_string()
            } else {
                let registry = settings::registry(global)?;
                let limits = global.package_limits.unwrap_or_default();
                check_repository(&repository, &registry, &limits)
                    .await
                    .with_context(|| {
                        format!(
                            "repository {name} ({url}) does not answer as one; nothing was added (add it anyway with --no-verify)"
                        )
                    })?
            };
            let url = repository.url.clone();
            repositories.insert(repository)?;
            eprintln!("Added repository {name} ({url}): {found}");
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
