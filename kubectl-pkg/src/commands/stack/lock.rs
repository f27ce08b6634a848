//! `kubectl pkg stack lock`: what each release resolves to, in stack.lock.

use anyhow::{Context, Result};
use clap::Args;
use libpkg::action::stack::resolved;
use libpkg::stack::StackLock;

use crate::cli::GlobalArgs;

#[derive(Debug, Args)]
pub struct StackLockArgs {
    #[command(flatten)]
    pub stack: super::StackFileArgs,
    #[command(flatten)]
    pub no_namespace: super::NoNamespace,
    /// Replace entries that resolve differently now (otherwise such a
    /// difference is refused, and the lock left as it was).
    #[arg(long)]
    pub update: bool,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

/// Resolves every release of the stack (no cluster) and records what each
/// resolved to in stack.lock.
pub async fn run(global: &GlobalArgs, args: &StackLockArgs) -> Result<()> {
    let stack = args.stack.load()?;
    let global = &GlobalArgs {
        registry: args.registry.clone(),
        ..global.clone()
    };
    let path = StackLock::path_beside(&args.stack.file);
    let mut lock = StackLock::read_or_new(&path)?;
    let environment = stack.environment.as_deref();
    let mut changed = Vec::new();
    let sources = super::Sources::new(global)?;
    for release in stack.levels().into_iter().flatten() {
        let fetched = sources.fetch(&stack, release, &Default::default()).await?;
        let resolved = resolved(&fetched);
        if let Some(locked) = lock.get(environment, &release.name)
            && *locked != resolved
        {
            if !args.update {
                lock.check(environment, &release.name, &resolved)
                    .context("pass --update to record the new resolution")?;
            }
            changed.push(release.name.clone());
        }
        lock.set(environment, &release.name, resolved);
    }
    lock.forget_missing(&stack);
    lock.write(&path)?;
    crate::view::errln!(
        "Locked {} release(s) of stack {} in {}{}.",
        stack.releases.len(),
        stack.name,
        path.display(),
        if changed.is_empty() {
            String::new()
        } else {
            format!(" (updated: {})", changed.join(", "))
        }
    );
    Ok(())
}
