//! `kubectl pkg search [KEYWORD]`: the configured repositories' packages
//! whose name, description or keywords contain KEYWORD (Helm's `helm search
//! repo`), newest version first; unreadable repositories named as warnings.

use anyhow::Result;
use clap::Args;
use libpkg::source::{SearchOptions, SearchResult, search};

use crate::cli::{GlobalArgs, OutputFormat};
use crate::{settings, view};

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Part of a package's name, description or keywords (any case); none lists every package.
    #[arg(default_value = "")]
    pub keyword: String,
    /// One row per version, not only the newest.
    #[arg(long)]
    pub versions: bool,
    /// Count prereleases as versions.
    #[arg(long)]
    pub devel: bool,
    #[command(flatten)]
    pub registry: crate::cli::RegistryArgs,
}

pub async fn run(global: &GlobalArgs, args: &SearchArgs) -> Result<()> {
    let repositories = settings::repositories()?;
    let trust = settings::trust_policy(global, &repositories, None)?;
    let options = SearchOptions {
        keyword: args.keyword.clone(),
        devel: args.devel,
        limits: settings::limits(global),
        trust: &trust,
    };
    let found = search(&repositories, &options, &settings::registry(global)?).await;
    for warning in &found.warnings {
        let warning = view::remedy::in_cli_words(warning, &[]);
        crate::view::errln!("warning: {warning}");
    }
    match global.output {
        OutputFormat::Text => print(&found, args),
        format => view::print_document(format, &found.hits),
    }
}

fn print(found: &SearchResult, args: &SearchArgs) -> Result<()> {
    if found.hits.is_empty() {
        let what = if args.keyword.is_empty() {
            String::new()
        } else {
            format!(" matching {:?}", args.keyword)
        };
        return view::outln!("No packages{what} in the configured repositories.");
    }
    let mut table = view::table();
    let version_header = if args.versions {
        "VERSION"
    } else {
        "LATEST VERSION"
    };
    table.set_header(["PACKAGE", version_header, "DESCRIPTION"]);
    for hit in &found.hits {
        let shown = if args.versions {
            hit.versions.as_slice()
        } else {
            &hit.versions[..1]
        };
        for version in shown {
            table.add_row([
                format!("{}/{}", hit.repository, hit.name),
                version.clone(),
                hit.description.clone(),
            ]);
        }
    }
    view::outln!("{}", view::text(table))
}
