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
    /// The package directory.
    pub dir: PathBuf,
    /// The repository prefix: oci://HOST/PATH (the package goes to HOST/PATH/NAME:VERSION).
    pub destination: String,
}

pub async fn run(global: &GlobalArgs, args: &PushArgs) -> Result<()> {
    let Some(prefix) = args.destination.strip_prefix("oci://") else {
        bail!("destination {:?} must start with oci://", args.destination);
    };
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
