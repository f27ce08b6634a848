//! `kubectl pkg approve PLANFILE --key KEY`: sign the plan's hash, as a
//! reviewer saying "I reviewed exactly this", and attach the approval to the
//! file. `apply --require-approvals N --trusted-keys DIR` counts them.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use libpkg::keys::PrivateKey;
use libpkg::plan::Plan;
use libpkg::review::approval;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::commands::apply::read_plan_file;
use crate::view;

#[derive(Debug, Args)]
pub struct ApproveArgs {
    /// A plan file written by --out.
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

pub fn run(global: &GlobalArgs, args: &ApproveArgs) -> Result<()> {
    let shown = args.plan.display();
    let text = read_plan_file(&args.plan)?;
    let mut plan = Plan::from_json(&text).with_context(|| format!("{shown}"))?;
    if plan.is_masked() {
        bail!("{shown} has masked Secret values: approve the plan file saved with --out");
    }
    plan.verify_hash()
        .with_context(|| format!("{shown} was edited after it was made"))?;
    let key_text = std::fs::read_to_string(&args.key)
        .with_context(|| format!("cannot read {}", args.key.display()))?;
    let key = PrivateKey::from_pem(&args.key.display().to_string(), &key_text)?;
    let approval = approval::approve(&key, &plan.hash, &args.approver, &args.comment);
    if !plan.approvals.contains(&approval) {
        plan.approvals.push(approval.clone());
    }
    view::write_private(&args.plan, plan.to_json_pretty().as_bytes())?;
    match global.output {
        OutputFormat::Text => {
            println!(
                "Approved plan {} as {} (key {}); {shown} carries {} approval(s).",
                plan.hash,
                approval.approver,
                approval.key_id,
                plan.approvals.len()
            );
            Ok(())
        }
        format => view::print_document(format, &approval),
    }
}
