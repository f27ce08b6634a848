//! `kubectl pkg stack status`: each release of a stack as its records say.

use anyhow::Result;
use clap::Args;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view;

#[derive(Debug, Args)]
pub struct StackStatusArgs {
    #[command(flatten)]
    pub stack: super::StackFileArgs,
}

/// One release of a stack as its records say.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ReleaseState {
    name: String,
    namespace: String,
    /// Its latest revision, if it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    revision: Option<u32>,
    /// That revision's status; `not installed` without one.
    status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    package: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<String>,
    needs: Vec<String>,
}

/// Shows each release of the stack as its records say, in the stack's order.
pub async fn run(global: &GlobalArgs, args: &StackStatusArgs) -> Result<()> {
    let stack = args.stack.load()?;
    let clusters = super::connect(global, stack.releases.iter().map(|r| r.context.clone())).await?;
    let mut states = Vec::new();
    for release in stack.levels().into_iter().flatten() {
        let store = libpkg::release::ReleaseStore::new(clusters[&release.context].clone());
        let latest = store.latest(&release.namespace, &release.name).await?;
        states.push(ReleaseState {
            name: release.name.clone(),
            namespace: release.namespace.clone(),
            revision: latest.as_ref().map(|l| l.revision),
            status: latest
                .as_ref()
                .map_or("not installed", |l| l.status.as_str())
                .to_string(),
            package: latest.as_ref().map(|l| l.package.clone()),
            version: latest.as_ref().map(|l| l.version.clone()),
            needs: release.needs.clone(),
        });
    }
    if global.output != OutputFormat::Text {
        return view::print_document(global.output, &states);
    }
    let mut table = view::Layout::stdout().table();
    table.set_header([
        "RELEASE",
        "NAMESPACE",
        "REVISION",
        "STATUS",
        "PACKAGE",
        "NEEDS",
    ]);
    for state in &states {
        let dash = || "-".to_string();
        table.add_row([
            state.name.clone(),
            state.namespace.clone(),
            state.revision.map_or_else(dash, |r| r.to_string()),
            state.status.clone(),
            match (&state.package, &state.version) {
                (Some(package), Some(version)) => format!("{package} {version}"),
                _ => dash(),
            },
            if state.needs.is_empty() {
                dash()
            } else {
                state.needs.join(", ")
            },
        ]);
    }
    let environment = stack
        .environment
        .as_deref()
        .map(|env| format!(" (environment {env})"))
        .unwrap_or_default();
    view::outln!("Stack: {}{environment}\n{}", stack.name, view::text(table))
}
