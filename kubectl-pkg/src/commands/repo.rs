//! `kubectl pkg repo add|list|remove`: named repositories in the user's config.

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use comfy_table::Table;
use libpkg::keys::PublicKey;
use libpkg::repositories::{Overlap, Repository, RuleOverlap};
use libpkg::signature::VerifyMode;
use libpkg::signature::keyless::IdentityRule;
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
        /// Require its packages to be signed keyless (Fulcio certificate,
        /// Rekor entry) by this identity: ISSUER=SUBJECT, the OIDC issuer
        /// and the certificate's e-mail or URI, exactly (repeatable: any one
        /// will do). Needs --trusted-root.
        #[arg(long, value_name = "ISSUER=SUBJECT", requires = "trusted_root")]
        verify_identity: Vec<String>,
        /// As --verify-identity, both sides regular expressions (matched as
        /// cosign's --certificate-identity-regexp: anywhere unless anchored
        /// with ^…$).
        #[arg(long, value_name = "ISSUER_RE=SUBJECT_RE", requires = "trusted_root")]
        verify_identity_regexp: Vec<String>,
        /// The Sigstore trusted root (trusted_root.json: Fulcio CAs, Rekor
        /// keys) keyless signatures are checked against, offline. Its text is
        /// stored with the repository.
        #[arg(long, value_name = "FILE")]
        trusted_root: Option<PathBuf>,
        /// How strictly: enforce (refuse unsigned), warn, off. Default:
        /// enforce when a key or identity is given.
        #[arg(long, value_name = "MODE")]
        verify_mode: Option<VerifyMode>,
        #[command(flatten)]
        registry: crate::cli::RegistryArgs,
    },
    /// Check that repositories answer, and say what each holds now. There
    /// is no index to download first: every command reads repositories
    /// afresh (tags, chart indexes, catalogs, git tags).
    #[command(
        after_help = "Examples:\n  kubectl pkg repo update\n  kubectl pkg repo update stable"
    )]
    Update {
        /// Only these repositories (default: all).
        names: Vec<String>,
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
            verify_identity,
            verify_identity_regexp,
            trusted_root,
            verify_mode,
            // Already in `global.registry` (main.rs copies it there).
            registry: _,
        } => {
            let mut repository = repositories.prepare(name, url)?;
            repository.verify = trust_rule(
                verify_key,
                &Keyless {
                    identities: verify_identity,
                    regexps: verify_identity_regexp,
                    trusted_root: trusted_root.as_deref(),
                },
                *verify_mode,
            )?;
            // The rule must be usable before it is stored, and not silently
            // replace (or be replaced by) another repository's there.
            repository.add_trust_rule(&mut Default::default())?;
            let overlaps: Vec<String> = repositories
                .rule_overlaps(&repository)?
                .iter()
                .filter_map(|overlap| describe_overlap(&repository, overlap))
                .collect();
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
            crate::view::errln!("Added repository {name} ({url}): {found}");
            if let Some(rule) = rule {
                crate::view::errln!("Signatures: {rule}");
            }
            for overlap in overlaps {
                crate::view::errln!("Warning: {overlap}");
            }
        }
        RepoCommand::Update { names, .. } => update(global, &repositories, names).await?,
        RepoCommand::Remove { name } => {
            let removed = repositories.remove(name)?;
            crate::view::errln!("Removed repository {} ({})", removed.name, removed.url);
        }
        RepoCommand::List => list(global, &repositories)?,
    }
    Ok(())
}

/// `repo list`: a table, with the signature rules' column only when a
/// repository has a rule, or the document.
fn list(global: &GlobalArgs, repositories: &libpkg::repositories::Repositories) -> Result<()> {
    if global.output != OutputFormat::Text {
        return view::print_document(global.output, &repositories.list());
    }
    let mut table = view::table();
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
    print_table(table, repositories.list().is_empty())
}

/// `repo update`: each repository named (all by default) asked what it
/// holds, as `repo add` asks; every one is tried, and any that cannot be
/// read fails the command after the others were shown.
async fn update(
    global: &GlobalArgs,
    repositories: &libpkg::repositories::Repositories,
    names: &[String],
) -> Result<()> {
    for name in names {
        repositories.get(name)?;
    }
    let registry = settings::registry(global)?;
    let limits = settings::limits(global);
    let mut unreadable = Vec::new();
    for repository in repositories.list() {
        if !names.is_empty() && !names.contains(&repository.name) {
            continue;
        }
        match check_repository(repository, &registry, &limits).await {
            Ok(found) => view::outln!("{} ({}): {found}", repository.name, repository.url)?,
            Err(error) => {
                let error = view::remedy::error_text(&error);
                crate::view::errln!(
                    "{} ({}) cannot be read: {error}",
                    repository.name,
                    repository.url
                );
                unreadable.push(repository.name.clone());
            }
        }
    }
    if !unreadable.is_empty() {
        bail!("could not read {}", unreadable.join(", "));
    }
    Ok(())
}

/// `--verify-identity`, `--verify-identity-regexp`, `--trusted-root`.
pub(crate) struct Keyless<'a> {
    pub identities: &'a [String],
    pub regexps: &'a [String],
    pub trusted_root: Option<&'a std::path::Path>,
}

/// The rule `--verify-key`, the keyless flags and `--verify-mode` give, the
/// keys, identities and trusted root read and checked.
pub(crate) fn trust_rule(
    keys: &[PathBuf],
    keyless: &Keyless<'_>,
    mode: Option<VerifyMode>,
) -> Result<Option<TrustRule>> {
    let identities = keyless
        .identities
        .iter()
        .map(|text| (text, false))
        .chain(keyless.regexps.iter().map(|text| (text, true)))
        .map(|(text, regexp)| {
            IdentityRule::parse(text, regexp).map_err(|e| {
                anyhow::anyhow!(
                    "--verify-identity{} {text:?}: {e}",
                    if regexp { "-regexp" } else { "" }
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    if keys.is_empty() && identities.is_empty() {
        if mode.is_some() || keyless.trusted_root.is_some() {
            bail!("--verify-mode and --trusted-root need --verify-key or --verify-identity");
        }
        return Ok(None);
    }
    if keyless.trusted_root.is_some() && identities.is_empty() {
        bail!("--trusted-root needs --verify-identity or --verify-identity-regexp");
    }
    let trusted_root = keyless
        .trusted_root
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--trusted-root {}", path.display()))?;
            libpkg::signature::keyless::TrustedRoot::from_json(&text)
                .map_err(|e| anyhow::anyhow!("--trusted-root {}: {e}", path.display()))?;
            Ok::<_, anyhow::Error>(text)
        })
        .transpose()?;
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
        identities,
        trusted_root,
    }))
}

/// `enforce, key sha256:…` (or `identity ISSUER=SUBJECT`) for listings.
fn describe_rule(rule: &TrustRule) -> String {
    let ids: Vec<String> = rule
        .keys
        .iter()
        .filter_map(|pem| PublicKey::from_pem("key", pem).ok())
        .map(|key| format!("key {}", key.id()))
        .chain(rule.identities.iter().map(|id| format!("identity {id}")))
        .collect();
    format!("{}, {}", rule.mode.as_str(), ids.join(" or "))
}

/// Which signature rule governs where `new` meets another repository's
/// location (the most specific location's; see docs/signatures.md); `None`
/// when there is nothing to say.
fn describe_overlap(new: &Repository, overlap: &RuleOverlap<'_>) -> Option<String> {
    let other = overlap.repository;
    let (name, url) = (&other.name, &other.url);
    let text = match (
        overlap.overlap,
        new.verify.is_some(),
        other.verify.is_some(),
    ) {
        (Overlap::Same, false, _) => format!(
            "{url} is covered by repository {name}'s signature rule: packages reached as {}/… are checked against it",
            new.name
        ),
        (Overlap::Same, true, true) => format!(
            "{url} has this signature rule already, repository {name}'s: checks there are named after {name}"
        ),
        (Overlap::Same, true, false) => format!(
            "repository {name} ({url}) has no signature rule: its packages are now checked against this one"
        ),
        (Overlap::Inside, false, _) => format!(
            "{} lies within {url}: its packages are checked against repository {name}'s signature rule",
            new.url
        ),
        (Overlap::Inside, true, true) => format!(
            "{} lies within {url}: this rule, the more specific, replaces repository {name}'s there",
            new.url
        ),
        (Overlap::Inside, true, false) => return None,
        (Overlap::Around, true, true) => format!(
            "repository {name} ({url}) lies within {}: its own signature rule, the more specific, stays in force there",
            new.url
        ),
        (Overlap::Around, true, false) => format!(
            "repository {name} ({url}) lies within {} and has no signature rule: its packages are now checked against this one",
            new.url
        ),
        (Overlap::Around, false, _) => return None,
    };
    Some(text)
}

fn print_table(table: Table, empty: bool) -> Result<()> {
    if empty {
        crate::view::errln!(
            "No repositories. Add one with `kubectl pkg repo add NAME oci://HOST/PATH`."
        );
        Ok(())
    } else {
        view::outln!("{}", view::text(table))
    }
}
