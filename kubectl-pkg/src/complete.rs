//! Completion through kubectl itself (kubectl 1.26 and later).
//!
//! For `kubectl pkg …<TAB>`, kubectl runs the executable `kubectl_complete-pkg`
//! from `PATH` with the words after `kubectl pkg`, the last one being the word
//! under the cursor (empty when starting a new word), and reads one candidate
//! per line (`value<TAB>description`) and a last line `:<directive>`, cobra's
//! `ShellCompDirective`. This process answers when it is started under that
//! name (a copy or symlink of `kubectl-pkg`) or as `kubectl-pkg __complete
//! WORDS…` (what `completions/kubectl_complete-pkg` runs).
//!
//! Subcommands, flags and fixed values come from clap_complete's completion
//! engine over the same clap definitions the command line is parsed with;
//! values that need outside knowledge come from the completers here: release
//! names from the cluster, repository names from the config, package names
//! from the repositories' registries (where the registry lists them), and
//! namespaces. Paths are left to the shell. Every lookup is bounded in time
//! and fails quietly: completion never prints errors.

use std::cell::{Cell, RefCell};
use std::ffi::{OsStr, OsString};
use std::future::Future;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Arg, Command, CommandFactory, FromArgMatches, ValueHint};
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use libpkg::release::ReleaseStore;

use crate::cli::{Cli, GlobalArgs, RegistryArgs};
use crate::settings;

/// The executable name kubectl looks for to complete `kubectl pkg`.
pub const EXECUTABLE: &str = "kubectl_complete-pkg";
/// The hidden first argument that asks `kubectl-pkg` itself to complete.
pub const COMPLETE_ARG: &str = "__complete";

/// cobra's `ShellCompDirectiveNoFileComp`: do not fall back to file names.
const NO_FILE_COMPLETION: u8 = 4;
/// cobra's `ShellCompDirectiveDefault`: the shell's own completion (file names) applies.
const DEFAULT: u8 = 0;
/// How long one lookup (cluster, registry) may take before completion gives up on it.
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(5);

thread_local! {
    /// The words being completed, for completers that need the flags typed so far.
    static WORDS: RefCell<Vec<OsString>> = const { RefCell::new(Vec::new()) };
    /// Whether a completer asked the shell to complete file names.
    static FILES: Cell<bool> = const { Cell::new(false) };
}

/// The words to complete, if this process was started to complete rather than to run.
pub fn requested(args: &[OsString]) -> Option<Vec<OsString>> {
    let program = args.first().map(std::path::Path::new)?;
    if program.file_stem() == Some(OsStr::new(EXECUTABLE)) {
        return Some(args[1..].to_vec());
    }
    (args.get(1).map(OsString::as_os_str) == Some(OsStr::new(COMPLETE_ARG)))
        .then(|| args[2..].to_vec())
}

/// Prints the candidates for the last of `words` and the directive, kubectl's way.
pub fn run(mut words: Vec<OsString>) -> ExitCode {
    if words.is_empty() {
        words.push(OsString::new());
    }
    let (candidates, directive) = complete(&words);
    let mut out = std::io::stdout().lock();
    for (value, help) in candidates {
        let line = match help {
            Some(help) => format!("{value}\t{help}"),
            None => value,
        };
        if writeln!(out, "{line}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    match writeln!(out, ":{directive}") {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// The candidates (value, one-line description) and the cobra directive.
fn complete(words: &[OsString]) -> (Vec<(String, Option<String>)>, u8) {
    WORDS.with(|w| *w.borrow_mut() = words.to_vec());
    FILES.with(|f| f.set(false));
    let mut args = vec![OsString::from("kubectl-pkg")];
    args.extend(words.iter().cloned());
    let index = args.len() - 1;
    let cwd = std::env::current_dir().ok();
    let candidates = clap_complete::engine::complete(&mut command(), args, index, cwd.as_deref())
        .unwrap_or_default();
    // As cobra does: flags only for a word that starts like one.
    let flags_wanted = words
        .last()
        .is_some_and(|word| word.to_string_lossy().starts_with('-'));
    let candidates = candidates
        .into_iter()
        .filter(|candidate| !candidate.is_hide_set())
        .filter(|candidate| {
            flags_wanted || !candidate.get_value().to_string_lossy().starts_with('-')
        })
        .map(|candidate| {
            let help = candidate
                .get_help()
                .map(|help| {
                    help.to_string()
                        .lines()
                        .next()
                        .unwrap_or_default()
                        .to_string()
                })
                .filter(|help| !help.is_empty());
            (candidate.get_value().to_string_lossy().into_owned(), help)
        })
        .collect();
    let directive = if FILES.with(Cell::get) {
        DEFAULT
    } else {
        NO_FILE_COMPLETION
    };
    (candidates, directive)
}

/// The command line's clap definitions with the completers attached, every
/// command's arguments built first (they are deferred: [`crate::cli::Command`]).
fn command() -> Command {
    let mut command = Cli::command();
    command.build();
    attach(command, &[])
}

/// Attaches the completers to `command` and its subcommands; `parents` are
/// the names of the commands above it (`stack` above `stack plan`).
fn attach(command: Command, parents: &[String]) -> Command {
    let subcommand = command.get_name().to_string();
    let in_stack = parents.iter().any(|parent| parent == "stack");
    let mut path = parents.to_vec();
    path.push(subcommand.clone());
    command
        .mut_args(|arg| match completer_for(&subcommand, in_stack, &arg) {
            // A word starting with `-` is a flag, never a value to look up.
            Some(completer) => arg.add(ArgValueCompleter::new(move |current: &OsStr| {
                if current.to_string_lossy().starts_with('-') {
                    Vec::new()
                } else {
                    completer(current)
                }
            })),
            None => arg,
        })
        .mut_subcommands(|sub| attach(sub, &path))
}

type Completer = fn(&OsStr) -> Vec<CompletionCandidate>;

/// Which completer an argument gets: by its id (a stack command's `-f`:
/// stack files), or by its value hint for paths.
fn completer_for(subcommand: &str, in_stack: bool, arg: &Arg) -> Option<Completer> {
    match (subcommand, arg.get_id().as_str()) {
        (_, "file") if in_stack => Some(stack_files),
        (_, "release") => Some(releases),
        (_, "package" | "package_after_name") => Some(packages),
        (_, "environment") => Some(environments),
        (_, "namespace") => Some(namespaces),
        (_, "version") => Some(versions),
        ("remove", "name") => Some(repositories),
        _ if matches!(
            arg.get_value_hint(),
            ValueHint::AnyPath | ValueHint::FilePath | ValueHint::DirPath
        ) =>
        {
            Some(files)
        }
        _ => None,
    }
}

/// Leaves the value to the shell's file-name completion.
fn files(_current: &OsStr) -> Vec<CompletionCandidate> {
    FILES.with(|f| f.set(true));
    Vec::new()
}

/// How many directory entries [`stack_files`] looks at, and how large a
/// file it reads: completion stays quick in any directory.
const STACK_FILE_SCAN: (usize, u64) = (500, 1 << 20);

/// Stack files (`*.yaml`/`*.yml` whose top level says `kind: Stack`) in the
/// directory the word names, those starting with what is typed; none
/// there, or a word that cannot be one, leaves it to file-name completion.
fn stack_files(current: &OsStr) -> Vec<CompletionCandidate> {
    let text = current.to_string_lossy();
    let (dir, prefix) = match text.rfind('/') {
        Some(slash) => (&text[..=slash], &text[slash + 1..]),
        None => ("", text.as_ref()),
    };
    let listed = std::fs::read_dir(if dir.is_empty() { "." } else { dir });
    let mut found: Vec<String> = listed
        .into_iter()
        .flatten()
        .take(STACK_FILE_SCAN.0)
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let yaml = name.ends_with(".yaml") || name.ends_with(".yml");
            let small = entry.metadata().ok()?.len() <= STACK_FILE_SCAN.1;
            (yaml && small && name.starts_with(prefix) && is_stack_file(&entry.path()))
                .then(|| format!("{dir}{name}"))
        })
        .collect();
    if found.is_empty() {
        return files(current);
    }
    found.sort();
    found.into_iter().map(CompletionCandidate::new).collect()
}

/// Whether a file's top level says `kind: Stack` (no more is read for
/// completion: a stack file with mistakes is still offered).
fn is_stack_file(path: &std::path::Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| {
        text.lines()
            .any(|line| line.trim_end() == format!("kind: {}", libpkg::stack::STACK_KIND))
    })
}

/// Release names in the namespace the words name (or the context's), from the cluster.
fn releases(current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(global) = global_args() else {
        return Vec::new();
    };
    let summaries = lookup(async {
        let cluster = settings::cluster(&global).await.ok()?;
        let namespace = cluster.namespace.clone();
        ReleaseStore::new(cluster).list(Some(&namespace)).await.ok()
    })
    .unwrap_or_default();
    // Revisions come oldest first: the last one of each release describes it.
    let mut latest: std::collections::BTreeMap<String, String> = Default::default();
    for summary in summaries {
        let help = format!(
            "{} {} ({})",
            summary.package,
            summary.version,
            summary.status.as_str()
        );
        latest.insert(summary.name, help);
    }
    latest
        .into_iter()
        .map(|(name, help)| CompletionCandidate::new(name).help(Some(help.into())))
        .filter(|candidate| starts_with(candidate, current))
        .collect()
}

/// Package references: `REPO/NAME` for every package a configured repository's
/// registry lists, and `NAME` alone where only one repository has it. A word
/// that looks like a path, or nothing known, leaves it to file-name completion
/// (package directories and archives).
fn packages(current: &OsStr) -> Vec<CompletionCandidate> {
    let text = current.to_string_lossy();
    if text.starts_with(['.', '/', '~']) || text.ends_with(".tgz") {
        return files(current);
    }
    let (Ok(repositories), Some(global)) = (settings::repositories(), global_args()) else {
        return files(current);
    };
    let Ok(registry) = settings::registry(&global) else {
        return files(current);
    };
    let mut by_name: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for repository in repositories.list() {
        let names = lookup(async {
            libpkg::source::package_names(repository, &registry)
                .await
                .ok()
        })
        .unwrap_or_default();
        for name in names {
            by_name
                .entry(name)
                .or_default()
                .push(repository.name.clone());
        }
    }
    let mut candidates = Vec::new();
    for (name, repositories) in &by_name {
        if let [repository] = repositories.as_slice() {
            candidates
                .push(CompletionCandidate::new(name).help(Some(format!("in {repository}").into())));
        }
        for repository in repositories {
            candidates.push(CompletionCandidate::new(format!("{repository}/{name}")));
        }
    }
    candidates.retain(|candidate| starts_with(candidate, current));
    if candidates.is_empty() {
        return files(current);
    }
    candidates
}

/// The versions of the package the words name (a registry package: its
/// semver tags, newest first); nothing for a directory or archive.
fn versions(current: &OsStr) -> Vec<CompletionCandidate> {
    use libpkg::reference::PackageRef;
    // `install NAME PACKAGE --version <TAB>`: the second argument is the package.
    let package =
        typed_value::<String>("package_after_name").or_else(|| typed_value::<String>("package"));
    let (Some(global), Some(package)) = (global_args(), package) else {
        return Vec::new();
    };
    let (Ok(repositories), Ok(registry)) = (settings::repositories(), settings::registry(&global))
    else {
        return Vec::new();
    };
    let locations = match PackageRef::parse(&package) {
        Ok(PackageRef::Oci(oci)) => vec![oci],
        Ok(PackageRef::InRepository { repository, name }) => repositories
            .get(&repository)
            .ok()
            .and_then(|r| r.package(&name).ok())
            .into_iter()
            .collect(),
        Ok(PackageRef::Name(name)) => repositories
            .list()
            .iter()
            .filter_map(|r| r.package(&name).ok())
            .collect(),
        _ => Vec::new(),
    };
    // A Carvel PackageRepository's versions of the refName.
    let carvel = match PackageRef::parse(&package) {
        Ok(PackageRef::InRepository { repository, name }) => repositories
            .get(&repository)
            .map(|r| (vec![r.clone()], name))
            .ok(),
        Ok(PackageRef::Name(name)) => Some((repositories.list().to_vec(), name)),
        _ => None,
    };
    if let Some((candidates, name)) = carvel {
        let found = lookup(async {
            for repository in &candidates {
                if let Ok(Some(loaded)) =
                    libpkg::source::carvel::load(repository, &registry, &Default::default()).await
                    && !loaded.versions(&name).is_empty()
                {
                    return Some(loaded.versions(&name));
                }
            }
            None
        });
        if let Some(versions) = found {
            return versions
                .into_iter()
                .map(CompletionCandidate::new)
                .filter(|candidate| starts_with(candidate, current))
                .collect();
        }
    }
    let tags = lookup(async {
        for location in &locations {
            if let Ok(tags) = registry.list_tags(location).await {
                return Some(tags);
            }
        }
        None
    })
    .unwrap_or_default();
    let mut versions: Vec<_> = tags
        .into_iter()
        .filter_map(|tag| Some((libpkg::version::parse_version(&tag).ok()?, tag)))
        .collect();
    versions.sort_by(|a, b| b.0.cmp(&a.0));
    versions
        .into_iter()
        .map(|(_, tag)| CompletionCandidate::new(tag))
        .filter(|candidate| starts_with(candidate, current))
        .collect()
}

/// The value typed so far (or the default) for argument `id` of the
/// innermost subcommand (`stack plan`'s, not `stack`'s).
fn typed_value<T: Clone + Send + Sync + 'static>(id: &str) -> Option<T> {
    let matches = typed_matches()?;
    let mut innermost = matches.subcommand()?.1;
    while let Some((_, sub)) = innermost.subcommand() {
        innermost = sub;
    }
    innermost.try_get_one::<T>(id).ok().flatten().cloned()
}

/// The environments of the stack file that `-f` names (default stack.yaml).
fn environments(current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(file) = typed_value::<std::path::PathBuf>("file") else {
        return Vec::new();
    };
    let Ok(stack) = libpkg::stack::load(&file, None) else {
        return Vec::new();
    };
    stack
        .environments()
        .iter()
        .map(CompletionCandidate::new)
        .filter(|candidate| starts_with(candidate, current))
        .collect()
}

/// The words typed so far, parsed as far as they go (they need not form a
/// complete command).
fn typed_matches() -> Option<clap::ArgMatches> {
    let words = WORDS.with(|w| w.borrow().clone());
    Cli::command()
        .ignore_errors(true)
        .try_get_matches_from(std::iter::once(OsString::from("kubectl-pkg")).chain(words))
        .ok()
}

/// The configured repositories' names.
fn repositories(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(repositories) = settings::repositories() else {
        return Vec::new();
    };
    repositories
        .list()
        .iter()
        .map(|r| CompletionCandidate::new(&r.name).help(Some(r.url.clone().into())))
        .filter(|candidate| starts_with(candidate, current))
        .collect()
}

/// The cluster's namespaces (for users allowed to list them).
fn namespaces(current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(global) = global_args() else {
        return Vec::new();
    };
    lookup(async {
        let cluster = settings::cluster(&global).await.ok()?;
        cluster.list_namespaces().await.ok()
    })
    .unwrap_or_default()
    .into_iter()
    .map(CompletionCandidate::new)
    .filter(|candidate| starts_with(candidate, current))
    .collect()
}

fn starts_with(candidate: &CompletionCandidate, current: &OsStr) -> bool {
    candidate
        .get_value()
        .to_string_lossy()
        .starts_with(current.to_string_lossy().as_ref())
}

/// The global flags typed so far (`--kubeconfig`, `--context`, `-n`, registry
/// flags), from words that need not parse as a complete command.
fn global_args() -> Option<GlobalArgs> {
    let matches = typed_matches()?;
    let (global, registry) = match matches.subcommand() {
        // The registry flags of a command that has them (`--registry-ca-file`
        // reaches a private registry's package names too).
        Some((_, sub)) => (
            GlobalArgs::from_arg_matches(sub),
            sub.try_contains_id("plain_http")
                .is_ok()
                .then(|| RegistryArgs::from_arg_matches(sub).ok())
                .flatten(),
        ),
        None => (GlobalArgs::from_arg_matches(&matches), None),
    };
    let mut global = global.ok()?;
    global.registry = registry.unwrap_or_default();
    // The word being completed is not a setting yet (`-n <TAB>` is not namespace "").
    let current = WORDS
        .with(|w| w.borrow().last().cloned())
        .unwrap_or_default();
    if global.namespace.as_deref().map(OsStr::new) == Some(current.as_os_str()) {
        global.namespace = None;
    }
    Some(global)
}

/// Runs one lookup on a small runtime, giving up after [`LOOKUP_TIMEOUT`].
fn lookup<T>(future: impl Future<Output = Option<T>>) -> Option<T> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .ok()?;
    runtime
        .block_on(async { tokio::time::timeout(LOOKUP_TIMEOUT, future).await })
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &[&str]) -> Vec<OsString> {
        text.iter().map(OsString::from).collect()
    }

    fn values(text: &[&str]) -> (Vec<String>, u8) {
        let (candidates, directive) = complete(&words(text));
        (
            candidates.into_iter().map(|(value, _)| value).collect(),
            directive,
        )
    }

    #[test]
    fn started_as_kubectl_complete_pkg_or_with_complete_arg() {
        let args = words(&["/usr/local/bin/kubectl_complete-pkg", "upgrade", ""]);
        assert_eq!(requested(&args), Some(words(&["upgrade", ""])));
        let args = words(&["kubectl-pkg", "__complete", "inst"]);
        assert_eq!(requested(&args), Some(words(&["inst"])));
        assert_eq!(requested(&words(&["kubectl-pkg", "install", "x"])), None);
    }

    #[test]
    fn subcommands_flags_and_fixed_values() {
        let (commands, directive) = values(&[""]);
        for command in ["install", "upgrade", "repo", "completion"] {
            assert!(commands.contains(&command.to_string()), "{commands:?}");
        }
        assert_eq!(directive, NO_FILE_COMPLETION);
        assert_eq!(values(&["inst"]).0, ["install"]);
        let (flags, _) = values(&["install", "--dry"]);
        assert_eq!(flags, ["--dry-run"]);
        let (formats, _) = values(&["list", "-o", ""]);
        assert_eq!(
            formats,
            ["text", "wide", "json", "yaml", "markdown", "html"]
        );
        let (shells, _) = values(&["completion", "f"]);
        assert_eq!(shells, ["fish"]);
    }

    #[test]
    fn paths_are_left_to_the_shell() {
        assert_eq!(values(&["apply", ""]), (vec![], DEFAULT));
        assert_eq!(values(&["install", "./"]), (vec![], DEFAULT));
        assert_eq!(values(&["install", "x", "--out", ""]), (vec![], DEFAULT));
    }

    /// Issue 52: a stack command's `-f` offers the stack files of the
    /// directory typed; `get plan -f` (a plan file) is left to the shell.
    #[test]
    fn stack_commands_offer_stack_files_after_f() {
        let dir = tempfile::tempdir().unwrap();
        let stack = "apiVersion: kubectl-pkg.dev/v1alpha1\nkind: Stack\nname: shop\nreleases: []\n";
        std::fs::write(dir.path().join("shop.yaml"), stack).unwrap();
        std::fs::write(dir.path().join("prod.yml"), stack).unwrap();
        std::fs::write(dir.path().join("values.yaml"), "replicas: 2\n").unwrap();
        std::fs::write(dir.path().join("notes.txt"), stack).unwrap();
        let typed = format!("{}/", dir.path().display());
        let offered = |words: &[&str]| values(words);
        assert_eq!(
            offered(&["stack", "plan", "-f", &typed]),
            (
                vec![format!("{typed}prod.yml"), format!("{typed}shop.yaml")],
                NO_FILE_COMPLETION
            )
        );
        assert_eq!(
            offered(&["stack", "compare", "a", "b", "--file", &format!("{typed}s")]).0,
            [format!("{typed}shop.yaml")]
        );
        // No stack file starts so: the shell's file names.
        assert_eq!(
            offered(&["stack", "status", "-f", &format!("{typed}v")]),
            (vec![], DEFAULT)
        );
        assert_eq!(offered(&["get", "plan", "-f", &typed]), (vec![], DEFAULT));
    }

    #[test]
    fn global_flags_are_read_from_incomplete_words() {
        WORDS.with(|w| *w.borrow_mut() = words(&["upgrade", "-n", "apps", "--context=c1", ""]));
        let global = global_args().unwrap();
        assert_eq!(global.namespace.as_deref(), Some("apps"));
        assert_eq!(global.context.as_deref(), Some("c1"));
    }
}
