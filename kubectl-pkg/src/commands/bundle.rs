//! `kubectl pkg bundle PACKAGE… --out FILE`: packages, the images they run
//! and their signatures in one archive for an air-gapped cluster;
//! `bundle verify FILE` checks one offline, `bundle list FILE` lists it.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::{Args, Subcommand};
use libpkg::action::airgap::{self, BundleReport};
use libpkg::airgap::{EntryKind, MAX_BUNDLE_BYTES};

use crate::cli::{GlobalArgs, OutputFormat, PackageArgs};
use crate::view::copying::CopyProgress;
use crate::{settings, view};

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BundleArgs {
    #[command(subcommand)]
    pub command: Option<BundleCommand>,
    #[arg(
        value_name = "PACKAGE",
        required = true,
        help = "The packages: NAME, REPO/NAME or oci://HOST/PATH/NAME[:TAG|@DIGEST]"
    )]
    pub packages: Vec<String>,
    /// A semver constraint; repeat it to bundle several versions of each
    /// package (an offline upgrade or rollback needs both); default: newest stable.
    #[arg(long, value_name = "CONSTRAINT")]
    pub version: Vec<String>,
    /// Consider prereleases too.
    #[arg(long)]
    pub devel: bool,
    /// Only this platform of multi-platform images, OS/ARCH[/VARIANT] such
    /// as linux/amd64 (repeatable): one platform bundles that platform's own
    /// image (the plan then runs it by its digest), several a smaller index
    /// of theirs. Default: every platform.
    #[arg(long, value_name = "OS/ARCH")]
    pub platform: Vec<libpkg::airgap::Platform>,
    /// The archive to write (a tar of an OCI image layout).
    #[arg(long, value_name = "FILE", required = true)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

#[derive(Debug, Subcommand)]
pub enum BundleCommand {
    /// Check a bundle offline: every blob's digest, every manifest complete,
    /// signatures against the trust policy, every package renders.
    #[command(after_help = "Example:\n  kubectl pkg bundle verify mongodb-7.tar")]
    Verify {
        /// The bundle file.
        bundle: PathBuf,
    },
    /// List a bundle's packages, images and signatures without unpacking it.
    #[command(after_help = "Example:\n  kubectl pkg bundle list mongodb-7.tar")]
    List {
        /// The bundle file.
        bundle: PathBuf,
    },
}

pub async fn run(global: &GlobalArgs, args: &BundleArgs) -> Result<()> {
    match &args.command {
        Some(BundleCommand::Verify { bundle }) => return verify(global, bundle),
        Some(BundleCommand::List { bundle }) => return list(global, bundle),
        None => {}
    }
    let Some(out) = &args.out else {
        bail!("--out FILE is required");
    };
    let versions: Vec<Option<String>> = if args.version.is_empty() {
        vec![None]
    } else {
        args.version.iter().cloned().map(Some).collect()
    };
    let mut fetched = Vec::new();
    for package in &args.packages {
        for version in &versions {
            let request = PackageArgs {
                package: package.clone(),
                version: version.clone(),
                devel: args.devel,
                channel: None,
                verify_mode: None,
                sha256: None,
                allow_unverified: false,
            };
            fetched.push(settings::fetch(global, &request).await?);
        }
    }
    let progress = CopyProgress::new("copied");
    let report = airgap::bundle(
        &fetched,
        &args.platform,
        &settings::registry(global)?,
        out,
        &|step| progress.record(step),
    )
    .await;
    progress.finish();
    let report = report?;
    match global.output {
        OutputFormat::Text => {
            view::outln!("Wrote {}: {}", out.display(), contents(&report))?;
            crate::view::errln!("{}", progress.summary());
        }
        format => view::print_document(format, &report)?,
    }
    Ok(())
}

/// `2 packages, 3 images, 1 signature; 14 blobs, 12.3 MiB`.
fn contents(report: &BundleReport) -> String {
    let count = |kind: EntryKind| report.entries.iter().filter(|e| e.kind == kind).count();
    format!(
        "{} package(s), {} image(s), {} signature(s); {} blobs, {}",
        count(EntryKind::Package),
        count(EntryKind::Image),
        count(EntryKind::Signature),
        report.blobs,
        indicatif::HumanBytes(report.bytes)
    )
}

fn verify(global: &GlobalArgs, bundle: &Path) -> Result<()> {
    let repositories = settings::repositories()?;
    let trust = settings::trust_policy(global, &repositories, None)?;
    let work = tempfile::tempdir()?;
    let verification = airgap::verify_bundle(
        bundle,
        work.path(),
        &trust,
        settings::limits(global),
        MAX_BUNDLE_BYTES,
    )?;
    match global.output {
        OutputFormat::Text => {
            view::outln!(
                "{}: {}; every blob matches its digest and every manifest is complete",
                bundle.display(),
                contents(&verification.contents)
            )?;
            for package in &verification.packages {
                view::outln!("package {package}: loads and renders")?;
            }
            for check in &verification.signatures {
                let result = match (&check.verified, &check.failure) {
                    (Some(verified), _) => format!("verified ({})", verified.signer()),
                    (None, Some(failure)) => format!("NOT verified: {failure}"),
                    (None, None) => "not checked (mode off)".to_string(),
                };
                view::outln!(
                    "signature of {}: {result} [{}]",
                    check.reference,
                    check.policy
                )?;
            }
            if verification.signatures.is_empty() {
                view::outln!(
                    "signatures: no trust rule covers what the bundle holds; none checked"
                )?;
            }
        }
        format => view::print_document(format, &verification)?,
    }
    let failed = verification
        .signatures
        .iter()
        .filter(|c| c.failure.is_some())
        .count();
    if failed > 0 {
        bail!("{failed} signature check(s) failed");
    }
    Ok(())
}

fn list(global: &GlobalArgs, bundle: &Path) -> Result<()> {
    let entries = libpkg::airgap::list(bundle)?;
    match global.output {
        OutputFormat::Text => {
            let mut table = view::table();
            table.set_header(["KIND", "REFERENCE", "DIGEST"]);
            for entry in &entries {
                table.add_row([entry.kind.as_str(), &entry.reference, &entry.digest]);
            }
            view::outln!("{}", view::text(table))?;
        }
        format => view::print_document(format, &entries)?,
    }
    Ok(())
}
