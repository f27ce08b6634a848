//! `kubectl pkg get values|manifest|notes|plan|all NAME [--revision N]`: what a
//! release's record holds, as Helm's `get` shows it. Read from the record, so
//! it is what was applied, never a new rendering; Secret values are masked.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use libpkg::plan::{Action, Plan};
use libpkg::release::proposal::{PROPOSAL_PREFIX, ProposalStore};
use libpkg::release::{Record, ReleaseStore};
use libpkg::stack::plan::StackPlan;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Subcommand)]
pub enum GetCommand {
    /// The values the release was configured with (charts: the user-supplied
    /// values; with --all, the chart's defaults merged with them).
    #[command(
        after_help = "Examples:\n  kubectl pkg get values mongodb --revision 1\n  kubectl pkg get values mongodb --all"
    )]
    Values(GetValuesArgs),
    /// The objects applied, as YAML documents in apply order.
    #[command(after_help = "Example:\n  kubectl pkg get manifest mongodb")]
    Manifest(GetArgs),
    /// The chart's rendered NOTES.txt.
    #[command(after_help = "Example:\n  kubectl pkg get notes mongodb")]
    Notes(GetArgs),
    /// The whole plan that was applied, a proposal's, or a saved plan file's
    /// (text, -o json, -o yaml, -o markdown or -o html).
    #[command(
        after_help = "Examples:\n  kubectl pkg get plan mongodb -o json\n  kubectl pkg get plan -f plan.json -o markdown --max-size github"
    )]
    Plan(GetPlanArgs),
    /// Everything the revision's record holds, as Helm's `get all`: its
    /// status, values, hooks kept for later, manifest and notes (-o json or
    /// -o yaml: the record itself).
    #[command(after_help = "Example:\n  kubectl pkg get all mongodb --revision 1")]
    All(GetArgs),
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// The release (for `get plan`: or `proposal/NAME`, a proposal's plan).
    pub release: String,
    /// The revision (default: the newest).
    #[arg(long, value_name = "N")]
    pub revision: Option<u32>,
}

// `get values`: the values given, or all of them.
#[derive(Debug, Args)]
pub struct GetValuesArgs {
    #[command(flatten)]
    pub get: GetArgs,
    /// All the values the chart was rendered with, as Helm's --all: its
    /// defaults with the release's values merged over them (the chart is
    /// read again from where the release's plan says it came from).
    #[arg(short = 'a', long)]
    pub all: bool,
}

// `get plan`: a release's, a proposal's, or a saved file's.
#[derive(Debug, Args)]
pub struct GetPlanArgs {
    /// The release, or `proposal/NAME` (a proposal's plan).
    #[arg(required_unless_present = "file", conflicts_with = "file")]
    pub release: Option<String>,
    /// A plan (or stack plan) file saved with --out, instead of a release.
    #[arg(short = 'f', long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The revision (default: the newest).
    #[arg(long, value_name = "N", conflicts_with = "file")]
    pub revision: Option<u32>,
}

pub async fn run(global: &GlobalArgs, command: &GetCommand) -> Result<()> {
    let args = match command {
        GetCommand::Values(GetValuesArgs { get: args, .. })
        | GetCommand::Manifest(args)
        | GetCommand::Notes(args)
        | GetCommand::All(args) => args,
        GetCommand::Plan(args) => return plan(global, args).await,
    };
    // A proposal's plan is read the same way: `get plan proposal/NAME`.
    let plan = match args.release.strip_prefix(PROPOSAL_PREFIX) {
        Some(name) => {
            let cluster = settings::cluster(global).await?;
            ProposalStore::new(cluster.clone())
                .load(&cluster.namespace, name)
                .await?
                .0
        }
        None => {
            let record = load(global, args).await?;
            if let GetCommand::All(_) = command {
                return all(global, record);
            }
            record.plan
        }
    };
    let plan = match command {
        GetCommand::Values(GetValuesArgs { all: true, .. }) => {
            with_computed_values(global, plan).await?
        }
        _ => plan,
    };
    let plan = plan.into_masked();
    say_if_masked(&plan);
    match command {
        GetCommand::Values(_) => {
            let values = plan
                .values
                .unwrap_or_else(|| serde_json::Value::Object(Default::default()));
            match global.output {
                OutputFormat::Text => view::print_document(OutputFormat::Yaml, &values),
                format => view::print_document(format, &values),
            }
        }
        GetCommand::Manifest(_) => view::write_stdout_with(|out| write_manifests(out, &plan)),
        GetCommand::Notes(_) => match &plan.notes {
            Some(notes) => {
                view::outln!("{}", notes.trim_end())?;
                Ok(())
            }
            None => bail!(
                "revision {} of release {:?} has no notes (only charts with a NOTES.txt do)",
                plan.release.revision,
                args.release
            ),
        },
        GetCommand::All(_) | GetCommand::Plan(_) => bail!(
            "get all reads a release's record; a proposal's plan is `get plan {}`",
            args.release
        ),
    }
}

/// `get plan -f FILE`: a saved plan or stack plan file, its hash checked;
/// a file printed for review (masked) is shown, but cannot be applied.
fn plan_file(global: &GlobalArgs, path: &std::path::Path) -> Result<()> {
    use view::review::Source;
    let text = crate::commands::apply::read_plan_file(path)?;
    let shown = path.display().to_string();
    let edited = || format!("{shown} was edited after it was made");
    if libpkg::stack::fleet::plan::FleetPlan::is_fleet_plan(&text) {
        let fleet = libpkg::stack::fleet::plan::FleetPlan::from_json(&text)
            .with_context(|| shown.clone())?;
        let source = if fleet.is_masked() {
            Source::Unsaved
        } else {
            fleet.verify_hash().with_context(edited)?;
            Source::Saved(shown.clone())
        };
        return crate::commands::stack::print_fleet(global, &fleet, &source);
    }
    if StackPlan::is_stack_plan(&text) {
        let stack = StackPlan::from_json(&text).with_context(|| shown.clone())?;
        let source = if stack.is_masked() {
            Source::Unsaved
        } else {
            stack.verify_hash().with_context(edited)?;
            Source::Saved(shown.clone())
        };
        return crate::commands::stack::print(global, &stack, &source);
    }
    let plan = Plan::from_json(&text).with_context(|| shown.clone())?;
    let source = if plan.is_masked() {
        Source::Unsaved
    } else {
        plan.verify_hash().with_context(edited)?;
        Source::Saved(shown.clone())
    };
    view::plan::print(global, &plan, true, &source)
}

/// `get plan`: the plan of a saved file, a proposal or a release's record,
/// Secret values masked, in any output format.
async fn plan(global: &GlobalArgs, args: &GetPlanArgs) -> Result<()> {
    use view::review::Source;
    if let Some(path) = &args.file {
        return plan_file(global, path);
    }
    let release = args.release.as_deref().unwrap_or_default();
    let (plan, source) = match release.strip_prefix(PROPOSAL_PREFIX) {
        Some(name) => {
            let cluster = settings::cluster(global).await?;
            let plan = ProposalStore::new(cluster.clone())
                .load(&cluster.namespace, name)
                .await?
                .0;
            (plan, Source::Saved(release.to_string()))
        }
        None => {
            let get = GetArgs {
                release: release.to_string(),
                revision: args.revision,
            };
            (load(global, &get).await?.plan, Source::Recorded)
        }
    };
    let plan = plan.masked();
    say_if_masked(&plan);
    view::plan::print(global, &plan, true, &source)
}

/// Says so on stderr when `plan` had Secret values that are now masked.
fn say_if_masked(plan: &libpkg::plan::Plan) {
    if plan.is_masked() {
        crate::view::errln!(
            "Secret values are masked ({}); read them from the cluster with kubectl if you may",
            libpkg::plan::MASKED
        );
    }
}

/// `get all`: the record of one revision, Secret values masked.
fn all(global: &GlobalArgs, record: Record) -> Result<()> {
    let record = Record {
        plan: record.plan.into_masked(),
        ..record
    };
    say_if_masked(&record.plan);
    if global.output != OutputFormat::Text {
        return view::print_document(global.output, &record);
    }
    let plan = &record.plan;
    let mut head = format!(
        "RELEASE: {}\nNAMESPACE: {}\nREVISION: {}\nSTATUS: {}\nOPERATION: {}\nPACKAGE: {} {}\nDIGEST: {}\nPLAN: {}\n",
        plan.release.name,
        plan.release.namespace,
        plan.release.revision,
        record.status.as_str(),
        plan.operation,
        plan.package.name,
        plan.package.version,
        plan.package.digest,
        plan.hash,
    );
    if let Some(message) = &record.message {
        head.push_str(&format!("MESSAGE: {message}\n"));
    }
    let no_values = serde_json::Value::Object(Default::default());
    // A large release's manifests are written as they are serialized.
    view::write_stdout_with(|out| {
        out.write_all(head.as_bytes())?;
        out.write_all(b"\nVALUES:\n")?;
        libpkg::yaml::to_writer(out, plan.values.as_ref().unwrap_or(&no_values))?;
        if !plan.deferred_hooks.is_empty() {
            out.write_all(b"\nHOOKS:\n")?;
            for hook in &plan.deferred_hooks {
                out.write_all(b"---\n")?;
                libpkg::yaml::to_writer(out, &hook.manifest)?;
            }
        }
        out.write_all(b"\nMANIFEST:\n")?;
        write_manifests(out, plan)?;
        if let Some(notes) = &plan.notes {
            writeln!(out, "\nNOTES:\n{}", notes.trim_end())?;
        }
        Ok(())
    })
}

/// `get values --all`: the plan with its chart's defaults under its values,
/// as Helm's (`CoalesceValues` of the chart and the release's values). The
/// record holds the values given, not the chart: the chart is read again
/// from the plan's pinned reference and must still have the plan's digest.
/// A package that is not a chart has no defaults: its values are all of them.
async fn with_computed_values(global: &GlobalArgs, mut plan: Plan) -> Result<Plan> {
    if plan.package.format != libpkg::plan::PackageFormat::Helm {
        return Ok(plan);
    }
    let reference = &plan.package.reference;
    let package = crate::cli::PackageArgs {
        package: reference.clone(),
        version: None,
        devel: false,
        channel: None,
        verify_mode: None,
        sha256: None,
        allow_unverified: false,
    };
    let fetched = settings::fetch(global, &package)
        .await
        .with_context(|| format!("get values --all reads the chart again, from {reference}"))?;
    let digest = match &fetched.source.digest {
        Some(digest) => digest.clone(),
        None => fetched.package.artifact().digest,
    };
    if digest != plan.package.digest {
        bail!(
            "get values --all: the chart at {reference} is no longer the one revision {} was rendered from (digest {}, now {digest}); without --all, the values given are shown",
            plan.release.revision,
            plan.package.digest
        );
    }
    let chart = fetched
        .package
        .chart()
        .context("a Helm chart package holds a chart")?;
    let given = match plan.values.take() {
        Some(serde_json::Value::Object(values)) => values,
        _ => Default::default(),
    };
    let (computed, _warnings) = libpkg::helm::values::coalesce_values(chart, &given)?;
    plan.values = Some(serde_json::Value::Object(computed));
    Ok(plan)
}

/// The manifests of the objects a revision has (not those it deleted), as
/// YAML documents, each after `---`.
fn write_manifests(out: &mut impl Write, plan: &Plan) -> std::io::Result<()> {
    for object in plan.objects.iter().filter(|o| o.action != Action::Delete) {
        out.write_all(b"---\n")?;
        libpkg::yaml::to_writer(out, &object.manifest)?;
    }
    Ok(())
}

/// The record of the asked-for revision, or of the newest one.
async fn load(global: &GlobalArgs, args: &GetArgs) -> Result<Record> {
    let cluster = settings::cluster(global).await?;
    let store = ReleaseStore::new(cluster.clone());
    let release = settings::release(&cluster.namespace, &args.release)?;
    let history = store.history(&release).await?;
    let Some(newest) = history.last() else {
        bail!(
            "release {:?} not found in namespace {:?}",
            args.release,
            cluster.namespace
        );
    };
    let revision = args.revision.unwrap_or(newest.revision);
    if !history.iter().any(|s| s.revision == revision) {
        let known: Vec<String> = history.iter().map(|s| s.revision.to_string()).collect();
        bail!(
            "release {:?} has no revision {revision} (it has {})",
            args.release,
            known.join(", ")
        );
    }
    Ok(store.load(&release, revision).await?)
}
