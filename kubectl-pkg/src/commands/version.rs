//! `kubectl pkg version`: the version, as text or JSON.

use anyhow::Result;
use serde_json::json;

use crate::cli::{GlobalArgs, OutputFormat};
use crate::view;

pub fn run(global: &GlobalArgs) -> Result<()> {
    let version = env!("CARGO_PKG_VERSION");
    match global.output {
        OutputFormat::Text => view::outln!("kubectl-pkg {version}")?,
        format => view::print_document(format, &json!({ "version": version }))?,
    }
    Ok(())
}
