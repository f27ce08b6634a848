//! `kubectl pkg push DIR oci://HOST/PATH`: publish a package as HOST/PATH/NAME:VERSION.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::package::Package;
use libpkg::reference::OciRef;
use libpkg::version::tag_for;
use serde_json::json;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct PushArgs {
    /// The package directory (or an imgpkg bundle directory, with .imgpkg/).
    pub dir: PathBuf,
    /// The repository prefix: oci://HOST/PATH (the package goes to
    /// HOST/PATH/NAME:VERSION); for an imgpkg bundle, oci://HOST/PATH:TAG.
    pub destination: String,
}

pub async fn run(global: &GlobalArgs, args: &PushArgs) -> Result<()> {
    let Some(prefix) = args.destination.strip_prefix("oci://") else {
        bail!("destination {:?} must start with oci://", args.destination);
    };
    if libpkg::carvel::is_bundle_dir(&args.dir) {
        return push_bundle(global, args, prefix).await;
    }
    let package = Package::from_dir(&args.dir, &settings::limits(global))?;
    // A package whose manifests do not parse is refused here, not by its users.
    libpkg::render::parse_documents(&package)?;
    let artifact = package.artifact();
    let target = OciRef::parse(&format!(
        "{}/{}:{}",
        prefix.trim_end_matches('/'),
        package.metadata.name,
        tag_for(&package.version)
    ))
    .map_err(anyhow::Error::msg)
    .with_context(|| format!("invalid destination {:?}", args.destination))?;
    let digest = settings::registry(global)?.push(&target, &artifact).await?;
    let pinned = target.with_digest(&digest);
    match global.output {
        OutputFormat::Text => {
            eprintln!("Pushed {target}");
            println!("{digest}");
        }
        format => view::print_document(
            format,
            &json!({ "reference": pinned.to_string(), "digest": digest }),
        )?,
    }
    Ok(())
}

/// An imgpkg bundle (a directory with `.imgpkg/`: a Carvel package's content
/// or a PackageRepository) goes to the destination as given, `HOST/PATH:TAG`,
/// as `imgpkg push -b` pushes it.
async fn push_bundle(global: &GlobalArgs, args: &PushArgs, reference: &str) -> Result<()> {
    let target = OciRef::parse(reference)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("invalid destination {:?}", args.destination))?;
    if target.tag.is_none() || target.digest.is_some() {
        bail!(
            "{} is an imgpkg bundle (it has .imgpkg/): give its destination with a tag, oci://HOST/PATH:TAG",
            args.dir.display()
        );
    }
    let files = libpkg::package::read_directory(&args.dir, &settings::limits(global))?;
    if libpkg::carvel::is_repository(&files) {
        // A PackageRepository whose documents do not parse is refused here.
        libpkg::carvel::Repository::from_files(&files, &args.dir.display().to_string())?;
    }
    let artifact = libpkg::carvel::bundle_artifact(&files);
    let digest = settings::registry(global)?.push(&target, &artifact).await?;
    let pinned = target.with_digest(&digest);
    match global.output {
        OutputFormat::Text => {
            eprintln!("Pushed imgpkg bundle {target}");
            println!("{digest}");
        }
        format => view::print_document(
            format,
            &json!({ "reference": pinned.to_string(), "digest": digest }),
        )?,
    }
    Ok(())
}
