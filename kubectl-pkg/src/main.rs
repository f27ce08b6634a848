//! kubectl-pkg: the kubectl plugin. Parses the command line, runs one command,
//! and maps the outcome to a documented exit code (docs/exit-codes.md):
//! 0 success, 1 error, 2 a plan with changes (`--dry-run --detailed-exitcode`),
//! 3 declined at the prompt, 4 refused by a review gate, 5 requirements
//! not met, 64 usage error, 130 interrupted (Ctrl-C).
//! Standard output is written through `view::out!`/`outln!` only (a closed
//! pipe stops the command quietly; `print!` would panic).

#![deny(clippy::print_stdout)]

mod cli;
mod commands;
mod complete;
mod duration;
mod flow;
mod prompt;
mod review;
mod settings;
mod view;

use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;

use cli::{Cli, Command};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The exit code of a usage error (sysexits' EX_USAGE), distinct from
/// `--detailed-exitcode`'s 2.
const USAGE_ERROR: u8 = 64;

/// The log filter when `KUBECTL_PKG_LOG` is not set: libpkg's warnings (a
/// release lock not renewed, a failed revision not recorded) and nothing from
/// the libraries below it. Their logs (kube's failed responses, rustls's
/// certificate errors) repeat what the error that reaches the user says, and
/// that error names the fix.
const DEFAULT_LOG: &str = "off,libpkg=warn";

/// `KUBECTL_PKG_LOG` (tracing's filter syntax), else [`DEFAULT_LOG`].
fn log_filter() -> tracing_subscriber::EnvFilter {
    match std::env::var("KUBECTL_PKG_LOG") {
        Ok(directives) => tracing_subscriber::EnvFilter::new(directives),
        Err(_) => tracing_subscriber::EnvFilter::new(DEFAULT_LOG),
    }
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(words) = complete::requested(&args) {
        return complete::run(words);
    }
    let alone = args.len() == 1;
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // `kubectl pkg` alone asks for nothing wrong: its help, on stdout, as Helm does.
        Err(error) if alone && error.kind() == DisplayHelpOnMissingArgumentOrSubcommand => {
            let help = <Cli as clap::CommandFactory>::command().render_help();
            let _ = view::write_stdout(help.to_string().as_bytes());
            return ExitCode::SUCCESS;
        }
        // Help and --version are not errors; a usage error exits 64 (EX_USAGE),
        // apart from --detailed-exitcode's 2.
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() {
                ExitCode::from(USAGE_ERROR)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    // Colours in the log only on a terminal, as everywhere else.
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr())
        && std::env::var_os("NO_COLOR").is_none();
    tracing_subscriber::fmt()
        .with_env_filter(log_filter())
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .init();
    let verbose = cli.global.verbose;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("the tokio runtime starts");
    let outcome = runtime.block_on(run(cli));
    // A question left unanswered (Ctrl-C) still blocks a thread reading the
    // terminal: do not wait for it.
    runtime.shutdown_background();
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        // `kubectl pkg … | head`: the reader has what it wanted.
        Err(error) if view::is_reader_gone(&error) => ExitCode::SUCCESS,
        // A usage error found after parsing (install with neither a package nor a PackageInstall).
        Err(error) if error.is::<clap::Error>() => {
            let _ = error.downcast_ref::<clap::Error>().map(clap::Error::print);
            ExitCode::from(USAGE_ERROR)
        }
        // A `--set`-style flag that does not parse: a usage error too.
        Err(error) if malformed_values_flag(&error) => {
            eprintln!("error: {}", chain(&error, verbose));
            ExitCode::from(USAGE_ERROR)
        }
        Err(error) if error.is::<flow::Interrupted>() => ExitCode::from(130),
        Err(error) if error.is::<flow::HasChanges>() => ExitCode::from(2),
        Err(error) if requirements_unmet(&error) => {
            eprintln!("error: {}", chain(&error, verbose));
            ExitCode::from(5)
        }
        Err(error) if review::is_refusal(&error) => {
            eprintln!("error: {}", chain(&error, verbose));
            ExitCode::from(4)
        }
        Err(error) if error.is::<flow::Declined>() => {
            eprintln!("{error}");
            ExitCode::from(3)
        }
        Err(error) => {
            eprintln!("error: {}", chain(&error, verbose));
            ExitCode::from(1)
        }
    }
}

/// Whether a `--set`, `--set-string`, `--set-json`, `--set-file` or
/// `--set-literal` value could not be parsed (exit 64, as Helm refuses it).
fn malformed_values_flag(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<libpkg::helm::values::ValuesError>(),
            Some(libpkg::helm::values::ValuesError::Set { .. })
        )
    })
}

/// Whether planning stopped at requirements nothing satisfies (exit 5).
fn requirements_unmet(error: &anyhow::Error) -> bool {
    use libpkg::action::PlanError;
    error.chain().any(|cause| {
        // A stack's release error holds its plan error boxed.
        let plan_error = (cause.downcast_ref::<PlanError>())
            .or_else(|| cause.downcast_ref::<Box<PlanError>>().map(|boxed| &**boxed));
        matches!(plan_error, Some(PlanError::RequirementsUnmet { .. }))
    })
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let mut global = cli.global.clone();
    if global.output == cli::OutputFormat::Wide {
        global.output = cli::OutputFormat::Text;
        global.wide = true;
    }
    if let Some(registry) = cli.command.registry() {
        global.registry = registry.clone();
    }
    let global = &global;
    // --max-size sizes a review document only: anywhere else it would be ignored.
    if global.max_size.is_some()
        && !matches!(
            global.output,
            cli::OutputFormat::Markdown | cli::OutputFormat::Html
        )
    {
        let mut command = <Cli as clap::CommandFactory>::command();
        return Err(command
            .error(
                clap::error::ErrorKind::ArgumentConflict,
                "--max-size sizes a review document: pass -o markdown or -o html with it",
            )
            .into());
    }
    if let Some(ytt) = &global.ytt {
        libpkg::carvel::ytt::set_program(ytt.clone());
    }
    match &cli.command {
        Command::Install(args) => commands::install::run(global, args).await,
        Command::Upgrade(args) => commands::upgrade::run(global, args).await,
        Command::Rollback(args) => commands::rollback::run(global, args).await,
        Command::Uninstall(args) => commands::uninstall::run(global, args).await,
        Command::Apply(args) => commands::apply::run(global, args).await,
        Command::AdoptHelm(args) => commands::adopt_helm::run(global, args).await,
        Command::Approve(args) => commands::approve::run(global, args).await,
        Command::Propose(args) => commands::propose::run(global, args).await,
        Command::Proposals(args) => commands::proposals::run(global, args).await,
        Command::Get(command) => commands::get::run(global, command).await,
        Command::List(args) => commands::list::run(global, args).await,
        Command::Status(args) => commands::status::run(global, args).await,
        Command::History(args) => commands::history::run(global, args).await,
        Command::Template(args) => commands::template::run(global, args).await,
        Command::Test(args) => commands::test::run(global, args).await,
        Command::Show(args) => commands::show::run(global, args).await,
        Command::Search(args) => commands::search::run(global, args).await,
        Command::Push(args) => commands::push::run(global, args).await,
        Command::Verify(args) => commands::verify::run(global, args).await,
        Command::Bundle(args) => commands::bundle::run(global, args).await,
        Command::Import(args) => commands::import::run(global, args).await,
        Command::Repo(command) => commands::repo::run(global, command).await,
        Command::Stack(command) => commands::stack::run(global, command).await,
        Command::Version => commands::version::run(global),
        Command::Completion(args) => commands::completion::run(args),
    }
}

/// `context: cause: root cause`, on one line; unless `verbose`, an API
/// server's long message (a rejected object quoted back, tens of kilobytes
/// on one line) cut to its start ([`shortened`]). Our own messages stay
/// whole: their hints (`--accept-risk …`) are to be copied.
fn chain(error: &anyhow::Error, verbose: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
    }
    let mut shown = parts.join(": ");
    if verbose {
        return shown;
    }
    for cause in error.chain() {
        use libpkg::cluster::ClusterError;
        let message = match cause.downcast_ref::<ClusterError>() {
            Some(
                ClusterError::Api { message, .. }
                | ClusterError::Forbidden { message }
                | ClusterError::Unauthorized { message },
            ) => message,
            _ => continue,
        };
        let short = shortened(message);
        if short != *message {
            shown = shown.replace(message.as_str(), &short);
        }
    }
    shown
}

/// The most of an error's text shown without `-v`: its first lines, each
/// of at most [`LINE_CHARACTERS`] characters.
const ERROR_LINES: usize = 40;
/// See [`ERROR_LINES`].
const LINE_CHARACTERS: usize = 600;

/// `text` with its lines after the first [`ERROR_LINES`] left out and each
/// line cut after [`LINE_CHARACTERS`] characters (at a space when there is
/// one near), saying how much was left out and that `-v` shows it.
fn shortened(text: &str) -> String {
    let mut shown: Vec<&str> = Vec::new();
    for line in text.split('\n').take(ERROR_LINES) {
        let Some((end, _)) = line.char_indices().nth(LINE_CHARACTERS) else {
            shown.push(line);
            continue;
        };
        // Not inside a word, when a space is near.
        let cut = match line[..end].rfind(' ') {
            Some(space) if end - space < 80 => space,
            _ => end,
        };
        shown.push(&line[..cut]);
    }
    let kept: usize = shown.iter().map(|line| line.len()).sum::<usize>() + shown.len() - 1;
    if kept >= text.len() {
        return text.to_string();
    }
    let left = text.len() - kept;
    format!(
        "{} … ({left} more bytes; -v shows the whole message)",
        shown.join("\n").trim_end()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_errors_are_cut_and_say_so() {
        assert_eq!(shortened("short: message"), "short: message");
        let long = format!(
            "CustomResourceDefinition \"x\" is invalid: {}",
            "word ".repeat(10_000)
        );
        let cut = shortened(&long);
        assert!(cut.chars().count() < LINE_CHARACTERS + 80, "{cut}");
        assert!(cut.starts_with("CustomResourceDefinition \"x\" is invalid: word"));
        assert!(
            cut.ends_with("more bytes; -v shows the whole message)"),
            "{cut}"
        );
        assert!(cut.contains("word word … ("), "a word cut: {cut}");
        let lines: String = (0..50).map(|n| format!("line {n}\n")).collect();
        let cut = shortened(&lines);
        assert!(
            cut.contains("line 39 … (") && !cut.contains("line 40"),
            "{cut}"
        );
        // The server's message is cut; ours is not.
        let server = libpkg::cluster::ClusterError::Api {
            code: 422,
            reason: "Invalid".into(),
            message: long.clone(),
        };
        let error = anyhow::Error::new(server).context("applying x");
        let whole = format!("applying x: API server: {long} (Invalid, HTTP 422)");
        assert_eq!(chain(&error, true), whole);
        let cut = chain(&error, false);
        assert!(cut.len() < 800, "{cut}");
        assert!(cut.starts_with("applying x: API server: CustomResourceDefinition"));
        assert!(
            cut.ends_with("-v shows the whole message) (Invalid, HTTP 422)"),
            "{cut}"
        );
        let ours = anyhow::anyhow!("{long}");
        assert_eq!(chain(&ours, false), long);
    }
}
