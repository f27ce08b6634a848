//! kubectl-pkg: the kubectl plugin. Parses the command line, runs one command,
//! and maps the outcome to a documented exit code (docs/exit-codes.md):
//! 0 success, 1 error, 2 a plan with changes (`--dry-run --detailed-exitcode`),
//! 3 declined at the prompt, 4 refused by a review gate, 5 requirements
//! not met, 64 usage error, 130 interrupted (Ctrl-C).
//! Standard output is written through `view::out!`/`outln!` only (a closed
//! pipe stops the command quietly; `print!` would panic), standard error
//! through `view::errln!`/`errprint!` (a closed or broken stderr is ignored;
//! `eprint!` would panic). The exit codes are `exit`'s.

#![deny(clippy::print_stdout, clippy::print_stderr)]

mod cli;
mod commands;
mod complete;
mod duration;
mod exit;
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

/// The log filter when `KUBECTL_PKG_LOG` is not set: libpkg's warnings (a
/// release lock not renewed, a failed revision not recorded) and nothing from
/// the libraries below it. Their logs (kube's failed responses, rustls's
/// certificate errors) repeat what the error that reaches the user says, and
/// that error names the fix.
const DEFAULT_LOG: &str = "off,libpkg=warn";

/// `KUBECTL_PKG_LOG` (targets and levels, `libpkg=debug,kube=info`), else
/// [`DEFAULT_LOG`]. tracing-subscriber's `Targets`, not its `EnvFilter`:
/// `EnvFilter` brings regex-automata's full-DFA builder into the binary, and
/// with it every regular expression (a chart's `regexMatch`, a version
/// constraint) is compiled into a DFA first, a tenth of a small chart's
/// `template`. Span and field filters are what that leaves out.
fn log_filter() -> tracing_subscriber::filter::Targets {
    let default = || DEFAULT_LOG.parse().expect("the default log filter parses");
    match std::env::var("KUBECTL_PKG_LOG") {
        Ok(directives) => directives.parse().unwrap_or_else(|error| {
            view::errln!(
                "KUBECTL_PKG_LOG={directives:?} is not a log filter ({error}); expected targets and levels such as libpkg=debug,kube=info"
            );
            default()
        }),
        Err(_) => default(),
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
                ExitCode::from(exit::USAGE_ERROR)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    // Colours in the log only on a terminal, as everywhere else.
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr())
        && std::env::var_os("NO_COLOR").is_none();
    {
        use tracing_subscriber::layer::SubscriberExt as _;
        use tracing_subscriber::util::SubscriberInitExt as _;
        tracing_subscriber::registry()
            .with(log_filter())
            .with(
                tracing_subscriber::fmt::layer()
                    .with_writer(std::io::stderr)
                    .with_ansi(colour),
            )
            .init();
    }
    let verbose = cli.global.verbose;
    // `template` reads one package and renders it: nothing for a pool of
    // worker threads to share, whose start was a few percent of a small
    // chart's run. Every other command talks to a cluster or many registries.
    let runtime = match cli.command {
        Command::Template(_) => tokio::runtime::Builder::new_current_thread(),
        _ => tokio::runtime::Builder::new_multi_thread(),
    }
    .enable_all()
    .build()
    .expect("the tokio runtime starts");
    let outcome = runtime.block_on(run(cli));
    // A question left unanswered (Ctrl-C) still blocks a thread reading the
    // terminal: do not wait for it.
    runtime.shutdown_background();
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => exit::report(&error, verbose),
    }
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
