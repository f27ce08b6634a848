//! `kubectl pkg approve PLANFILE --key KEY`: sign the plan's hash, as a
//! reviewer saying "I reviewed exactly this", and attach the approval to the
//! file. `apply --require-approvals N --trusted-keys DIR` counts them. A
//! stack plan is approved as a whole: its stack hash is signed; a fleet
//! plan too: its fleet hash.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use libpkg::plan::Plan;
use libpkg::release::proposal::ProposalStore;
use libpkg::review::approval::{self, Approval};
use libpkg::stack::fleet::plan::FleetPlan;
use libpkg::stack::plan::StackPlan;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::commands::apply::{proposal_name, read_plan};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct ApproveArgs {
    /// A plan file written by --out, or proposal/NAME (kubectl pkg proposals).
    pub plan: PathBuf,
    /// Your private key (P-256, PEM: PKCS#8 or SEC1, unencrypted).
    #[arg(long, value_name = "FILE")]
    pub key: PathBuf,
    /// Who approves, as the release history will name you.
    #[arg(long, value_name = "NAME", env = "KUBECTL_PKG_APPROVER")]
    pub approver: String,
    /// What you say about it (signed with the approval).
    #[arg(long, value_name = "TEXT", default_value = "")]
    pub comment: String,
}

/// Whether `path` holds a fleet plan (a file that cannot be read is left
/// for the plan reader to report).
fn is_fleet_plan(path: &std::path::Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| FleetPlan::is_fleet_plan(&text))
}

/// Whether `path` holds a stack plan (a file that cannot be read is left
/// for the plan reader to report).
fn is_stack_plan(path: &std::path::Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| StackPlan::is_stack_plan(&text))
}

/// A saved plan, stack plan or fleet plan: what is signed and where the
/// approval goes.
trait Approvable {
    fn hash(&self) -> &str;
    fn approvals(&mut self) -> &mut Vec<Approval>;
    fn is_masked(&self) -> bool;
    fn to_json_pretty(&self) -> String;
}

macro_rules! approvable {
    ($($plan:ty),*) => {$(
        impl Approvable for $plan {
            fn hash(&self) -> &str {
                self.hash.as_str()
            }
            fn approvals(&mut self) -> &mut Vec<Approval> {
                &mut self.approvals
            }
            fn is_masked(&self) -> bool {
                <$plan>::is_masked(self)
            }
            fn to_json_pretty(&self) -> String {
                <$plan>::to_json_pretty(self)
            }
        }
    )*};
}

approvable!(Plan, StackPlan, FleetPlan);

/// Signs the plan's hash and writes the file back with the approval
/// attached (once); the approval and how many the file carries.
fn attach(
    mut plan: impl Approvable,
    args: &ApproveArgs,
    key: &libpkg::keys::PrivateKey,
    shown: &str,
) -> Result<(Approval, usize)> {
    if plan.is_masked() {
        anyhow::bail!(
            "{shown} has masked Secret values (it was printed for review): approve the file saved with --out"
        );
    }
    let approval = approval::approve(key, plan.hash(), &args.approver, &args.comment);
    if !plan.approvals().contains(&approval) {
        plan.approvals().push(approval.clone());
    }
    view::write_private(&args.plan, plan.to_json_pretty().as_bytes())?;
    let count = plan.approvals().len();
    Ok((approval, count))
}

pub async fn run(global: &GlobalArgs, args: &ApproveArgs) -> Result<()> {
    let key = settings::private_key(&args.key, "--key")?;
    let shown = args.plan.display().to_string();
    let (approval, count) = match proposal_name(&args.plan) {
        Some(name) => {
            let cluster = settings::cluster(global).await?;
            let store = ProposalStore::new(cluster.clone());
            let plan = store.load_open(&cluster.namespace, name).await?;
            let approval = approval::approve(&key, &plan.hash, &args.approver, &args.comment);
            let count = store
                .approve(&cluster.namespace, name, approval.clone())
                .await?;
            (approval, count)
        }
        None if is_fleet_plan(&args.plan) => {
            let plan = FleetPlan::from_json(&std::fs::read_to_string(&args.plan)?)?;
            plan.verify_hash()?;
            attach(plan, args, &key, &shown)?
        }
        None if is_stack_plan(&args.plan) => {
            let plan = StackPlan::from_json(&std::fs::read_to_string(&args.plan)?)?;
            plan.verify_hash()?;
            attach(plan, args, &key, &shown)?
        }
        None => attach(read_plan(&args.plan)?, args, &key, &shown)?,
    };
    match global.output {
        OutputFormat::Text => {
            view::outln!(
                "Approved plan {} as {} (key {}); {shown} carries {count} approval(s).",
                approval.plan_hash,
                approval.approver,
                approval.key_id
            )?;
            Ok(())
        }
        format => view::print_document(format, &approval),
    }
}
