//! `kubectl pkg verify PACKAGE`: resolve a package as install would and say
//! which of its OCI artifacts' signatures verify, in which form (classic or
//! Sigstore bundle), and against what (a key, or a certificate identity).

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use libpkg::reference::PackageRef;
use libpkg::signature::VerifyMode;

use crate::cli::{GlobalArgs, OutputFormat, PackageArgs};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub package: PackageArgs,
    /// Verify against this public key (PEM; repeatable) instead of the
    /// rules for the package's location.
    #[arg(long, value_name = "FILE")]
    pub key: Vec<PathBuf>,
    /// Verify keyless signatures by this identity (ISSUER=SUBJECT, exact;
    /// repeatable) instead of the rules; needs --trusted-root.
    #[arg(long, value_name = "ISSUER=SUBJECT", requires = "trusted_root")]
    pub identity: Vec<String>,
    /// As --identity, both sides regular expressions (matched anywhere
    /// unless anchored, as cosign's).
    #[arg(long, value_name = "ISSUER_RE=SUBJECT_RE", requires = "trusted_root")]
    pub identity_regexp: Vec<String>,
    /// The Sigstore trusted_root.json keyless signatures are checked against.
    #[arg(long, value_name = "FILE")]
    pub trusted_root: Option<PathBuf>,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &VerifyArgs) -> Result<()> {
    let repositories = settings::repositories()?;
    // Every check is made and reported: a failure is not the end of it.
    let mut trust = settings::trust_policy(global, &repositories, Some(VerifyMode::Warn))?;
    let keyless = crate::commands::repo::Keyless {
        identities: &args.identity,
        regexps: &args.identity_regexp,
        trusted_root: args.trusted_root.as_deref(),
    };
    // Without --verify-mode, a rule with keys or identities enforces.
    if let Some(rule) = crate::commands::repo::trust_rule(&args.key, &keyless, None)? {
        let location = match settings::package_ref(&args.package.package)? {
            PackageRef::Oci(oci) => format!("{}/{}", oci.registry, oci.repository),
            PackageRef::InRepository { repository, name } => {
                let location = repositories.get(&repository)?.package(&name)?;
                format!("{}/{}", location.registry, location.repository)
            }
            _ => bail!(
                "--key and --identity need a package in a registry: REPO/NAME or oci://HOST/PATH/NAME"
            ),
        };
        let origin = match (rule.keys.is_empty(), rule.identities.is_empty()) {
            (false, true) => "--key",
            (true, false) => "--identity",
            _ => "--key and --identity",
        };
        trust.add(origin, &location, &rule)?;
    }
    let fetched = settings::fetch_trusting(global, &args.package, &trust).await?;
    let checks = &fetched.source.signatures;
    match global.output {
        OutputFormat::Text => {
            let mut table = view::table();
            table.set_header(["ARTIFACT", "RULE", "RESULT"]);
            for check in checks {
                let result = match (&check.verified, &check.failure) {
                    (Some(verified), _) => format!(
                        "verified: {}, {} signature {}",
                        verified.signer(),
                        verified.form.as_str(),
                        verified.signature_digest
                    ),
                    (None, Some(failure)) => format!("NOT verified: {failure}"),
                    (None, None) => "not checked".to_string(),
                };
                table.add_row([&check.reference, &check.policy, &result]);
            }
            if !checks.is_empty() {
                view::outln!("{}", view::text(table))?;
            }
        }
        format => view::print_document(format, checks)?,
    }
    if checks.is_empty() {
        bail!(
            "no signature rule covers {} ({}): there is nothing to verify it against; give --key FILE, add its repository with --verify-key, or a --trust-policy",
            args.package.package,
            fetched.source.reference
        );
    }
    let failed = checks.iter().filter(|c| c.verified.is_none()).count();
    if failed > 0 {
        bail!("{failed} of {} signature check(s) failed", checks.len());
    }
    Ok(())
}
