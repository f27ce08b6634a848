//! `kubectl pkg verify PACKAGE`: resolve a package as install would and say
//! which of its OCI artifacts' signatures verify, and against what.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::keys::PublicKey;
use libpkg::reference::PackageRef;
use libpkg::signature::VerifyMode;
use libpkg::signature::policy::TrustRule;

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
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &VerifyArgs) -> Result<()> {
    let repositories = settings::repositories()?;
    // Every check is made and reported: a failure is not the end of it.
    let mut trust = settings::trust_policy(global, &repositories, Some(VerifyMode::Warn))?;
    if !args.key.is_empty() {
        let keys = args
            .key
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("--key {}", path.display()))?;
                Ok(PublicKey::from_pem(&path.display().to_string(), &text)?.to_pem())
            })
            .collect::<Result<Vec<_>>>()?;
        let location = match settings::package_ref(&args.package.package)? {
            PackageRef::Oci(oci) => format!("{}/{}", oci.registry, oci.repository),
            PackageRef::InRepository { repository, name } => {
                let location = repositories.get(&repository)?.package(&name)?;
                format!("{}/{}", location.registry, location.repository)
            }
            _ => bail!("--key needs a package in a registry: REPO/NAME or oci://HOST/PATH/NAME"),
        };
        let rule = TrustRule {
            mode: VerifyMode::Enforce,
            keys,
            identities: Vec::new(),
            trusted_root: None,
        };
        trust.add("--key", &location, &rule)?;
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
                println!("{}", view::text(table));
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
