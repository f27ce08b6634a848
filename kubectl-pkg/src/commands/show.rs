//! `kubectl pkg show PKG`: metadata, versions (the one an install would pick
//! marked) and the permission summary of the chosen version (for a chart,
//! rendered with the values given; `-o json` adds its default values).

use anyhow::Result;
use clap::Args;
use serde_json::json;

use libpkg::olm::InstallModeType;

use crate::cli::{GlobalArgs, OutputFormat, PackageArgs, ValuesArgs};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub package: PackageArgs,
    #[command(flatten)]
    pub values: ValuesArgs,
}

pub async fn run(global: &GlobalArgs, args: &ShowArgs) -> Result<()> {
    let mut fetched = settings::fetch(global, &args.package).await?;
    settings::apply_values(&mut fetched, &args.values)?;
    // An operator that cannot watch all namespaces is shown watching its own.
    if let Some(bundle) = fetched.package.bundle()
        && !bundle
            .supported_install_modes()
            .contains(&InstallModeType::AllNamespaces)
    {
        let namespace = global.namespace.as_deref().unwrap_or("default");
        fetched = fetched.with_config([("watchNamespace".into(), namespace.into())].into());
    }
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
                "values": fetched.package.chart().map(|chart| &chart.values),
                "permissions": plan.permissions,
                "images": plan.images,
            }),
        )?,
    }
    Ok(())
}
