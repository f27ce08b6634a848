//! `kubectl pkg stack compare FROM TO`: what promoting would change: two
//! environments' stack plans (planned now, or saved with `--out`) compared
//! release by release.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;
use libpkg::stack::compare::{Change, Comparison, compare};
use libpkg::stack::plan::StackPlan;

use super::{StackArgs, StackFileArgs};
use crate::cli::{GlobalArgs, ImageCheckArgs, OutputFormat};
use crate::view;

#[derive(Debug, Args)]
pub struct StackCompareArgs {
    /// The environment promoted from (`base` for the file's base releases),
    /// or a stack plan file saved with --out.
    pub from: String,
    /// The environment promoted to, or a stack plan file.
    pub to: String,
    /// The stack file.
    #[arg(
        short = 'f',
        long = "file",
        value_name = "FILE",
        default_value = "stack.yaml"
    )]
    pub file: PathBuf,
    /// Plan each environment with what stack.lock records (see `stack plan --locked`).
    #[arg(long)]
    pub locked: bool,
    #[command(flatten)]
    pub image_check: ImageCheckArgs,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
    #[command(flatten)]
    pub no_namespace: super::NoNamespace,
}

/// Plans (or reads) both sides and shows how they differ; exit 0 either way.
pub async fn run(global: &GlobalArgs, args: &StackCompareArgs) -> Result<()> {
    let from = side(global, args, &args.from).await?;
    let to = side(global, args, &args.to).await?;
    let comparison = compare(&from, &to);
    match global.output {
        OutputFormat::Text => view::outln!("{}", text(&comparison)),
        format => view::print_document(format, &comparison),
    }
}

/// A side: a saved stack plan if `side` names a file, else the environment planned now.
async fn side(global: &GlobalArgs, args: &StackCompareArgs, side: &str) -> Result<StackPlan> {
    if Path::new(side).is_file() {
        let text = std::fs::read_to_string(side).with_context(|| format!("cannot read {side}"))?;
        let plan = StackPlan::from_json(&text).with_context(|| side.to_string())?;
        plan.verify_hash().with_context(|| side.to_string())?;
        return Ok(plan);
    }
    let stack = StackArgs {
        stack: StackFileArgs {
            file: args.file.clone(),
            environment: (side != "base").then(|| side.to_string()),
        },
        locked: args.locked,
        only: Vec::new(),
        prune: false,
        image_check: args.image_check.clone(),
        requirements: Default::default(),
        registry: args.registry.clone(),
        review: Default::default(),
    };
    Ok(super::plan(global, &stack).await?.0)
}

/// One row per release, then each differing release's values and objects.
fn text(comparison: &Comparison) -> String {
    let name = |env: &Option<String>| env.clone().unwrap_or_else(|| "base".to_string());
    let (from, to) = (name(&comparison.from), name(&comparison.to));
    let mut out = format!("Stack {}: {from} -> {to}\n", comparison.stack);
    let mut table = view::Layout::stdout().table();
    table.set_header([
        "RELEASE",
        &from.to_uppercase(),
        &to.to_uppercase(),
        "DIFFERENCES",
    ]);
    let package = |side: &Option<libpkg::stack::compare::Side>| {
        side.as_ref().map_or("-".to_string(), |s| {
            format!("{} {} ({})", s.package, s.version, s.digest.short())
        })
    };
    for release in &comparison.releases {
        table.add_row([
            release.name.clone(),
            package(&release.from),
            package(&release.to),
            summary(release),
        ]);
    }
    out += view::text(table).trim_end();
    out.push('\n');
    for release in comparison.releases.iter().filter(|r| !r.is_same()) {
        if release.values.is_none() && release.objects.is_empty() {
            continue;
        }
        out += &format!("\nRelease {}:\n", release.name);
        if let Some(values) = &release.values {
            out += &format!("  Values:\n{}", indent(values, 4));
        }
        for object in &release.objects {
            let change = match object.change {
                Change::OnlyInFrom => format!("only in {from} (promoting removes it)"),
                Change::OnlyInTo => format!("only in {to} (promoting adds it)"),
                Change::Differs => "differs".to_string(),
            };
            out += &format!("  {}: {change}\n", object.object);
            if let Some(diff) = &object.diff {
                out += &indent(diff, 4);
            }
        }
    }
    out
}

/// What differs in a release, in a few words.
fn summary(release: &libpkg::stack::compare::ReleaseComparison) -> String {
    if release.is_same() {
        return "same".to_string();
    }
    let mut said = Vec::new();
    match (&release.from, &release.to) {
        (None, Some(_)) => said.push("only in the second".to_string()),
        (Some(_), None) => said.push("only in the first".to_string()),
        (Some(a), Some(b)) if a.version != b.version => said.push("version".to_string()),
        (Some(a), Some(b)) if a.digest != b.digest => said.push("digest".to_string()),
        _ => {}
    }
    if release.values.is_some() {
        said.push("values".to_string());
    }
    let objects = release.objects.len();
    if objects > 0 && release.from.is_some() && release.to.is_some() {
        said.push(format!("{objects} object(s), {} same", release.same));
    }
    said.join(", ")
}

fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines().map(|line| format!("{pad}{line}\n")).collect()
}
