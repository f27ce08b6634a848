//! `kubectl pkg show PKG`: metadata, versions (the one an install would pick
//! marked) and the permission summary of the chosen version (for a chart,
//! rendered with the values given; `-o json` adds its default values).

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use serde_json::json;

use libpkg::olm::InstallModeType;

use crate::cli::{GlobalArgs, OutputFormat, PackageArgs, ValuesArgs};
use crate::{settings, view};

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ShowArgs {
    #[command(subcommand)]
    pub part: Option<ShowPart>,
    #[command(flatten)]
    pub package: Option<PackageArgs>,
    #[command(flatten)]
    pub values: ValuesArgs,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

// One part of a package, as Helm's `show` subcommands print it (a plain
// comment: with the commands' arguments deferred, a doc comment here
// would replace `show`'s own description).
#[derive(Debug, Subcommand)]
pub enum ShowPart {
    /// A chart's default values: its values.yaml as written, comments included.
    #[command(after_help = "Example:\n  kubectl pkg show values ./examples/mongodb/chart")]
    Values {
        #[command(flatten)]
        package: PackageArgs,
        #[command(flatten)]
        registry: crate::cli::RegistryArgs,
    },
}

pub async fn run(global: &GlobalArgs, args: &ShowArgs) -> Result<()> {
    let package = match (&args.part, &args.package) {
        (Some(ShowPart::Values { package, .. }), _) => {
            return show_values(global, package).await;
        }
        (None, Some(package)) => package,
        (None, None) => bail!("name the package to show"),
    };
    show(global, package, args).await
}

/// `show values`: read, not rendered.
async fn show_values(global: &GlobalArgs, package: &PackageArgs) -> Result<()> {
    let fetched = settings::fetch(global, package).await?;
    let Some(chart) = fetched.package.chart() else {
        bail!(
            "{} is a {} package: only charts have values (see `kubectl pkg show {}` for what it takes)",
            package.package,
            fetched.package.content.format().name(),
            package.package
        );
    };
    match fetched.package.files.get("values.yaml") {
        Some(text) => view::out!("{}", String::from_utf8_lossy(text)),
        None => view::out!("{}", libpkg::yaml::to_string(&chart_values(chart))),
    }
}

/// A chart's default values as written (`replicaCount: 1` is `1`, not the
/// `1.0` of the float Helm reads it as).
fn chart_values(chart: &libpkg::helm::chart::Chart) -> serde_json::Value {
    libpkg::helm::values::integral_numbers(serde_json::Value::Object(chart.values.clone()))
}

async fn show(global: &GlobalArgs, package: &PackageArgs, args: &ShowArgs) -> Result<()> {
    let mut fetched = settings::fetch(global, package).await?;
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
    let name = fetched.package.default_release_name();
    let name = (name.parse())
        .with_context(|| format!("the package's name {name:?} is no valid release name"))?;
    let plan = settings::offline_plan(global, &fetched, &name, None)?;
    match global.output {
        OutputFormat::Text => view::show::print(&fetched, &plan)?,
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
                "values": fetched.package.chart().map(chart_values),
                "carvel": plan.package.carvel,
                "valuesSchema": view::show::carvel_schema(&fetched),
                "permissions": plan.permissions,
                "images": plan.images,
            }),
        )?,
    }
    Ok(())
}
