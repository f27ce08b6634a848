//! `kubectl pkg apply PLANFILE`: apply a plan saved with `--out`, exactly as
//! saved (no registry access), if the cluster is still what was reviewed.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::action::{AfterApply, Session, verify_unchanged};
use libpkg::plan::SavedPlanError;
use libpkg::plan::{MAX_PLAN_FILE_BYTES, Plan};
use libpkg::release::proposal::{PROPOSAL_PREFIX, ProposalStore};
use libpkg::stack::plan::StackPlan;

use crate::cli::GlobalArgs;
use crate::flow::{self, MutatingArgs};
use crate::settings;

#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// A plan file written by --out, or proposal/NAME (kubectl pkg proposals).
    pub plan: PathBuf,
    /// Apply only if the plan's hash is HASH: the plan that was reviewed (a
    /// review document's footer gives it), not another one saved since.
    #[arg(long, value_name = "HASH")]
    pub plan_hash: Option<String>,
    #[command(flatten)]
    pub mutating: MutatingArgs,
}

pub async fn run(global: &GlobalArgs, args: &ApplyArgs) -> Result<()> {
    let proposal = proposal_name(&args.plan);
    let mutating = MutatingArgs {
        applying: Some(args.plan.display().to_string()),
        ..args.mutating.clone()
    };
    let (plan, cluster) = match proposal {
        Some(name) => {
            let cluster = settings::cluster(global).await?;
            let store = ProposalStore::new(cluster.clone());
            let plan = store.load_open(&cluster.namespace, name).await?;
            check_hash(&plan.hash, args, &format!("{PROPOSAL_PREFIX}{name}"))?;
            (plan, cluster)
        }
        None => {
            let text = read_plan_file(&args.plan)?;
            if libpkg::stack::fleet::plan::FleetPlan::is_fleet_plan(&text) {
                let fleet = libpkg::stack::fleet::plan::FleetPlan::from_json(&text)?;
                check_hash(&fleet.hash, args, &args.plan.display().to_string())?;
                return crate::commands::stack::apply_saved_fleet(global, &text, &mutating).await;
            }
            if StackPlan::is_stack_plan(&text) {
                let stack = StackPlan::from_json(&text)?;
                check_hash(&stack.hash, args, &args.plan.display().to_string())?;
                return crate::commands::stack::apply_saved(global, &text, &mutating).await;
            }
            let plan = parse_plan(&args.plan, &text)?;
            check_hash(&plan.hash, args, &args.plan.display().to_string())?;
            (plan, settings::cluster(global).await?)
        }
    };
    // Made where no signature rule applied, or with --verify-mode lowered?
    // This machine's rules still hold.
    let trust = settings::trust_policy(global, &settings::repositories()?, None)?;
    trust.check_recorded(&plan.package.artifacts(), &plan.package.signatures)?;
    // The plan names its namespace; a different -n is a mistake worth stopping.
    if plan.release.namespace != cluster.namespace {
        bail!(
            "the plan is for namespace {:?}, the current namespace is {:?} (pass -n {}); nothing was applied",
            plan.release.namespace,
            cluster.namespace,
            plan.release.namespace
        );
    }
    // A proposal whose plan becomes the deployed revision is never applied again.
    let after = match proposal {
        Some(name) => AfterApply::MarkProposalApplied {
            name: name.to_string(),
        },
        None => AfterApply::Nothing,
    };
    let step = flow::Step {
        release: plan.release.id(),
        operation: plan.operation,
        origin: crate::review::Origin::Saved,
        after,
    };
    let session = Session::new(cluster.clone());
    flow::run(global, &mutating, &session, step, async || {
        verify_unchanged(&session, &plan).await?;
        Ok(plan.clone())
    })
    .await
}

/// With `--plan-hash`: that the plan about to be applied is the one reviewed.
fn check_hash(hash: &str, args: &ApplyArgs, shown: &str) -> Result<()> {
    match &args.plan_hash {
        Some(expected) if expected != hash => bail!(
            "{shown} is plan {hash}, not the plan reviewed (--plan-hash {expected}); nothing was applied"
        ),
        _ => Ok(()),
    }
}

/// The proposal a PLAN argument names (`proposal/NAME`), if it names one.
pub(crate) fn proposal_name(plan: &std::path::Path) -> Option<&str> {
    plan.to_str()?.strip_prefix(PROPOSAL_PREFIX)
}

/// Reads a plan file saved with --out: a complete plan whose hash matches.
pub(crate) fn read_plan(path: &std::path::Path) -> Result<Plan> {
    parse_plan(path, &read_plan_file(path)?)
}

/// [`read_plan`] of a plan file's text, read already.
fn parse_plan(path: &std::path::Path, text: &str) -> Result<Plan> {
    let plan = Plan::from_json(text).with_context(|| format!("{}", path.display()))?;
    check_saved(&plan, &path.display().to_string())?;
    Ok(plan)
}

/// A plan that can be applied (or approved): not masked, hash matching.
pub(crate) fn check_saved(plan: &Plan, shown: &str) -> Result<()> {
    match plan.check_saved() {
        Err(SavedPlanError::Masked) => bail!(
            "{shown} has masked Secret values: it was printed for review (-o json), not saved; save the plan with --out and apply that file"
        ),
        checked => Ok(checked.with_context(|| shown.to_string())?),
    }
}

/// The plan file's text, at most [`MAX_PLAN_FILE_BYTES`] of it.
pub(crate) fn read_plan_file(path: &std::path::Path) -> Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_PLAN_FILE_BYTES + 1).read_to_string(&mut text))
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > MAX_PLAN_FILE_BYTES {
        bail!(
            "{} is larger than {MAX_PLAN_FILE_BYTES} bytes: not a plan file",
            path.display()
        );
    }
    Ok(text)
}
