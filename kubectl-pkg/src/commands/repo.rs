//! `kubectl pkg repo add|list|remove`: named repositories in the user's config.

use anyhow::{Context, Result};
use clap::Subcommand;
use comfy_table::Table;
use libpkg::keys::PublicKey;
use libpkg::signature::VerifyMode;
use libpkg::signature::policy::TrustRule;
use libpkg::source::check_repository;
use std::path::PathBuf;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Subcommand)]
pub enum RepoCommand {
    /// Add a repository: NAME and oci://HOST/PATH.
    #[command(
        after_help = "Examples:\n  kubectl pkg repo add stable oci://registry.example/pkgs\n  kubectl pkg repo add signed oci://registry.example/pkgs --verify-key release.pub"
    )]
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
        /// Require its packages to be signed by this public key (PEM, as
        /// `cosign generate-key-pair` writes; repeatable: any one will do).
        #[arg(long, value_name = "FILE")]
        verify_key: Vec<PathBuf>,
        /// How strictly: enforce (refuse unsigned), warn, off. Default:
        /// enforce when a key is given.
        #[arg(long, value_name = "MODE", requires = "verify_key")]
        verify_mode: Option<VerifyMode>,
        #[command(flatten)]
        registry: crate::cli::RegistryArgs,
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
            verify_key,
            verify_mode,
            // Already in `global.registry` (main.rs copies it there).
            registry: _,
        } => {
            let mut repository = repositories.prepare(name, url)?;
            repository.verify = trust_rule(verify_key, *verify_mode)?;
            // The rule must be usable before it is stored.
            repository.add_trust_rule(&mut Default::default())?;
            let found = if *no_verify {
                "not contacted (--no-verify)".to_string()
            } else {
                let registry = settings::registry(global)?;
                let limits = settings::limits(global);
                check_repository(&repository, &registry, &limits)
                    .await
                    .with_context(|| {
                        format!(
                            "repository {name} ({url}) does not answer as one; nothing was added (add it anyway with --no-verify)"
                        )
                    })?
            };
            let url = repository.url.clone();
            let rule = repository.verify.as_ref().map(describe_rule);
            repositories.insert(repository)?;
            eprintln!("Added repository {name} ({url}): {found}");
            if let Some(rule) = rule {
                eprintln!("Signatures: {rule}");
            }
        }
        RepoCommand::Remove { name } => {
            let removed = repositories.remove(name)?;
            eprintln!("Removed repository {} ({})", removed.name, removed.url);
        }
        RepoCommand::List => match global.output {
            OutputFormat::Text => {
                let mut table = view::table();
                // The signature rules' column only when one has a rule.
                let any_rule = repositories.list().iter().any(|r| r.verify.is_some());
                if any_rule {
                    table.set_header(["NAME", "URL", "SIGNATURES"]);
                } else {
                    table.set_header(["NAME", "URL"]);
                }
                for repository in repositories.list() {
                    let mut row = vec![repository.name.clone(), repository.url.clone()];
                    if any_rule {
                        let rule = repository.verify.as_ref().map(describe_rule);
                        row.push(rule.unwrap_or_else(|| "-".to_string()));
                    }
                    table.add_row(row);
                }
                print_table(table, repositories.list().is_empty());
            }
            format => view::print_document(format, &repositories.list())?,
        },
    }
    Ok(())
}

/// The rule `--verify-key` and `--verify-mode` give, the keys read and checked.
pub(crate) fn trust_rule(keys: &[PathBuf], mode: Option<VerifyMode>) -> Result<Option<TrustRule>> {
    if keys.is_empty() {
        return Ok(None);
    }
    let keys = keys
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--verify-key {}", path.display()))?;
            let key = PublicKey::from_pem(&path.display().to_string(), &text)?;
            Ok(key.to_pem())
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Some(TrustRule {
        mode: mode.unwrap_or(VerifyMode::Enforce),
        keys,
    }))
}

/// `enforce, key sha256:…` for listings.
fn describe_rule(rule: &TrustRule) -> String {
    let ids: Vec<String> = rule
        .keys
        .iter()
        .filter_map(|pem| PublicKey::from_pem("key", pem).ok())
        .map(|key| key.id().to_string())
        .collect();
    format!("{}, key {}", rule.mode.as_str(), ids.join(" or "))
}

fn print_table(table: Table, empty: bool) {
    if empty {
        eprintln!("No repositories. Add one with `kubectl pkg repo add NAME oci://HOST/PATH`.");
    } else {
        println!("{}", view::text(table));
    }
}
