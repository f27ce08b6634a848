//! `kubectl pkg show PKG`: metadata, versions (the one an install would pick
//! marked) and the permission summary of the chosen version.

use anyhow::Result;
use clap::Args;
use serde_json::json;

use crate::cli::{GlobalArgs, OutputFormat, PackageArgs};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub package: PackageArgs,
}

pub async fn run(global: &GlobalArgs, args: &ShowArgs) -> Result<()> {
    let fetched = settings::fetch(global, &args.package).await?;
    let metadata = &fetched.package.metadata;
    let plan = settings::offline_plan(global, &fetched, None)?;
    match global.output {
        OutputFormat::Text => view::show::print(&fetched, &plan),
        format => view::print_document(
            format,
            &json!({
                "metadata": metadata,
                "reference": plan.package.reference,
                "digest": plan.package.digest,
                "candidates": plan.package.candidates,
                "format": plan.package.format,
                "bundle": plan.package.bundle,
                "catalog": plan.package.catalog,
                "channels": fetched.channels,
                "permissions": plan.permissions,
                "images": plan.images,
            }),
        )?,
    }
    Ok(())
}
