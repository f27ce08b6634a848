//! `kubectl pkg import BUNDLE --to oci://HOST/PATH`: check a bundle, push
//! it byte for byte into a registry, and add a repository whose packages
//! run the copied images.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::action::airgap::{self, AirgapError, ImportRequest, ImportedRepository};
use libpkg::reference::OciRef;
use libpkg::signature::VerifyMode;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view::copying::CopyProgress;
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The bundle file (from `kubectl pkg bundle`).
    pub bundle: PathBuf,
    /// Where to push: oci://HOST/PATH (packages go to PATH/packages/NAME,
    /// images to PATH/images/THEIR-PATH).
    #[arg(long, value_name = "oci://HOST/PATH")]
    pub to: String,
    /// The repository to record (default: the last segment of --to's path).
    #[arg(long, value_name = "NAME")]
    pub repo_name: Option<String>,
    /// Require the bundle's packages to be signed by this public key (PEM;
    /// repeatable), checked before anything is pushed and kept as the new
    /// repository's rule.
    #[arg(long, value_name = "FILE")]
    pub verify_key: Vec<PathBuf>,
    /// How strictly: enforce (refuse unsigned), warn, off. Default: enforce
    /// when a key is given.
    #[arg(long, value_name = "MODE", requires = "verify_key")]
    pub verify_mode: Option<VerifyMode>,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &ImportArgs) -> Result<()> {
    let Some(to) = OciRef::url_path(&args.to) else {
        bail!("--to {}: must be oci://HOST/PATH", args.to);
    };
    let to = OciRef::parse(to).with_context(|| format!("--to {}", args.to))?;
    let mut repositories = settings::repositories()?;
    let trust = settings::trust_policy(global, &repositories, None)?;
    let rule = crate::commands::repo::trust_rule(
        &args.verify_key,
        &crate::commands::repo::Keyless {
            identities: &[],
            regexps: &[],
            trusted_root: None,
        },
        args.verify_mode,
    )?;
    let request = ImportRequest {
        bundle: &args.bundle,
        to: &to,
        repository: args.repo_name.clone(),
        rule,
        limits: settings::limits(global),
    };
    let work = tempfile::tempdir()?;
    let progress = CopyProgress::new("pushed");
    let imported = airgap::import_bundle(
        &request,
        work.path(),
        &mut repositories,
        trust,
        &settings::registry(global)?,
        &|step| progress.record(step),
    )
    .await;
    progress.finish();
    let ImportedRepository { name, imported } = imported.map_err(|error| match error {
        AirgapError::Destination { .. } => anyhow::Error::new(error).context("--to"),
        // The library's words for the way out; this is the flag.
        AirgapError::RepositoryName { derived: true, .. } => anyhow::anyhow!(
            "{}",
            error
                .to_string()
                .replace("name the repository", "give --repo-name")
        ),
        error => error.into(),
    })?;
    match global.output {
        OutputFormat::Text => {
            for reference in &imported.package_references {
                view::outln!("pushed package {reference}")?;
            }
            for image in &imported.images {
                view::outln!(
                    "pushed image {} as {}@{}",
                    image.original,
                    image.mirror,
                    image.digest
                )?;
            }
            crate::view::errln!("{}", progress.summary());
            view::outln!(
                "Repository {name} ({}) runs the {} copied image(s)",
                imported.packages,
                imported.images.len()
            )?;
        }
        format => view::print_document(format, &imported)?,
    }
    Ok(())
}
