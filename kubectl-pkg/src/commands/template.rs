//! `kubectl pkg template [NAME] PKG`: the rendered objects as YAML, in apply order.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use crate::cli::{ConfigArgs, GlobalArgs, ImageArgs, PackageArgs, ReleaseNameArgs, ValuesArgs};
use crate::settings;

#[derive(Debug, Args)]
#[command(override_usage = "kubectl pkg template [OPTIONS] [NAME] PACKAGE")]
pub struct TemplateArgs {
    #[command(flatten)]
    pub package: PackageArgs,
    #[command(flatten)]
    pub naming: ReleaseNameArgs,
    #[command(flatten)]
    pub config: ConfigArgs,
    /// Print Secret values instead of masking them.
    #[arg(long)]
    pub show_secrets: bool,
    #[command(flatten)]
    pub values: ValuesArgs,
    #[command(flatten)]
    pub images: ImageArgs,
    #[command(flatten)]
    pub requirements: crate::cli::RequirementArgs,
    /// The Kubernetes version charts see (`.Capabilities.KubeVersion`), as
    /// Helm's --kube-version: 1.30 or v1.30.2 (default: v1.32.0).
    #[arg(long, value_name = "VERSION")]
    pub kube_version: Option<String>,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &TemplateArgs) -> Result<()> {
    let (mut package, mut naming) = (args.package.clone(), args.naming.clone());
    naming
        .settle(&mut package)
        .map_err(|message| crate::cli::usage_error("template", message))?;
    let mut fetched = settings::fetch(global, &package)
        .await?
        .with_config(settings::config(&args.config)?);
    settings::apply_values(&mut fetched, &args.values)?;
    settings::apply_images(&mut fetched, &args.images)?;
    args.requirements.apply(&mut fetched);
    let name = naming.release_name_now(&fetched.package)?;
    let plan = settings::template_plan(global, &fetched, &name, args.kube_version.as_deref())?;
    // The package's files (a large package's text) are not written.
    drop(fetched);
    let plan = if args.show_secrets {
        plan
    } else {
        plan.into_masked()
    };
    // `template | kubectl apply -f -` is common: masked values must not go unnoticed.
    if plan.is_masked() {
        crate::view::errln!(
            "Secret values are masked ({}); add --show-secrets to print them, e.g. to pipe into kubectl apply",
            libpkg::plan::MASKED
        );
    }
    let written = write_documents(&plan);
    // Not freed, as in `view::plan::print_owned`: the process exits next.
    std::mem::forget(plan);
    // `template | head` stops reading: main exits quietly.
    written.map_err(crate::view::stdout_error)
}

/// Each object's YAML to standard output, `---` before each (and alone
/// when there is no object).
fn write_documents(plan: &libpkg::plan::Plan) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if plan.objects.is_empty() {
        out.write_all(b"---\n")?;
    }
    libpkg::yaml::write_documents(&mut out, &plan.objects, |object| &object.manifest)?;
    out.flush()
}
