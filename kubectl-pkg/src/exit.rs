//! From a failed command to its exit code (docs/exit-codes.md), in one place:
//! [`classify`] walks the error's chain of causes for the kinds that have a
//! code of their own, and [`report`] says on stderr what each kind says.
//! Every other error is 1.

use std::process::ExitCode;

use libpkg::action::{FailureKind, failure_kind};

use crate::flow::{Declined, HasChanges, Interrupted};
use crate::view::{self, ReaderGone};

/// What a failed command's error means for its exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Standard output was closed by its reader (`| head`): 0, silently.
    ReaderGone,
    /// Any other error: 1.
    Failed,
    /// `--detailed-exitcode` and the plan changes something: 2, silently.
    HasChanges,
    /// Declined at the question: 3.
    Declined,
    /// Refused by a review gate (risk policy, approvals) or by a signature
    /// the trust policy requires: 4.
    Refused,
    /// Requirements of the package are not met: 5.
    RequirementsUnmet,
    /// A usage error found after parsing (clap's own, or a `--set`-style
    /// line Helm's parser refuses): 64.
    Usage,
    /// Ctrl-C: 130, silently (what was done is said already).
    Interrupted,
}

/// The exit code of a usage error (sysexits' EX_USAGE), distinct from
/// `--detailed-exitcode`'s 2.
pub const USAGE_ERROR: u8 = 64;

impl Outcome {
    /// The process's exit code.
    pub fn code(self) -> u8 {
        match self {
            Outcome::ReaderGone => 0,
            Outcome::Failed => 1,
            Outcome::HasChanges => 2,
            Outcome::Declined => 3,
            Outcome::Refused => 4,
            Outcome::RequirementsUnmet => 5,
            Outcome::Usage => USAGE_ERROR,
            Outcome::Interrupted => 130,
        }
    }
}

/// The outcome of `error`: the first kind with a code of its own found
/// anywhere in its chain, in the order below (a closed stdout wins over
/// everything: nothing more can be said); the library's own kinds as
/// [`failure_kind`] finds them, as it does for every embedder.
pub fn classify(error: &anyhow::Error) -> Outcome {
    let library = failure_kind(error.as_ref());
    if has::<ReaderGone>(error) {
        Outcome::ReaderGone
    } else if has::<clap::Error>(error) || library == FailureKind::MalformedValues {
        Outcome::Usage
    } else if has::<Interrupted>(error) {
        Outcome::Interrupted
    } else if has::<HasChanges>(error) {
        Outcome::HasChanges
    } else if library == FailureKind::RequirementsUnmet {
        Outcome::RequirementsUnmet
    } else if library == FailureKind::Refused {
        Outcome::Refused
    } else if has::<Declined>(error) {
        Outcome::Declined
    } else {
        Outcome::Failed
    }
}

/// Whether `error` holds a `T`: as a cause in its chain, or as the context
/// a command wrapped it in (which the chain shows only as text).
fn has<T: std::error::Error + Send + Sync + 'static>(error: &anyhow::Error) -> bool {
    error.is::<T>() || error.chain().any(|cause| cause.is::<T>())
}

/// Says on stderr what `error` means (nothing when its outcome is silent)
/// and returns its exit code. `verbose` shows a server's long messages whole.
pub fn report(error: &anyhow::Error, verbose: bool) -> ExitCode {
    let outcome = classify(error);
    match outcome {
        Outcome::ReaderGone | Outcome::HasChanges | Outcome::Interrupted => {}
        Outcome::Usage if error.is::<clap::Error>() => {
            let _ = error.downcast_ref::<clap::Error>().map(clap::Error::print);
        }
        Outcome::Declined => view::errln!("{error}"),
        _ => view::errln!("error: {}", chain(error, verbose)),
    }
    ExitCode::from(outcome.code())
}

/// `context: cause: root cause`, on one line, libpkg's remedies in the
/// plugin's words (its commands and flags); unless `verbose`, an API
/// server's long message (a rejected object quoted back, tens of kilobytes
/// on one line) cut to its start ([`shortened`]). Our own messages stay
/// whole: their hints (`--accept-risk …`) are to be copied.
fn chain(error: &anyhow::Error, verbose: bool) -> String {
    let remedies = view::remedy::in_chain(error);
    let mut parts: Vec<String> = Vec::new();
    for cause in error.chain() {
        let text = view::remedy::in_cli_words(&cause.to_string(), &remedies);
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
    use libpkg::action::PlanError;
    use libpkg::action::airgap::AirgapError;
    use libpkg::action::stack::StackActionError;
    use libpkg::helm::values::ValuesError;
    use libpkg::review::approval::ApprovalError;
    use libpkg::review::policy::PolicyError;
    use libpkg::signature::SignatureError;
    use libpkg::source::FetchError;

    /// `error` under two layers of context, as commands add them.
    fn wrapped(error: impl Into<anyhow::Error>) -> anyhow::Error {
        error.into().context("planning x").context("install")
    }

    #[test]
    fn a_closed_stdout_exits_0() {
        assert_eq!(classify(&wrapped(ReaderGone)).code(), 0);
        let broken = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        assert_eq!(classify(&view::stdout_error(broken)).code(), 0);
        // Even when something else also went wrong on the way out.
        assert_eq!(
            classify(&anyhow::Error::new(ReaderGone).context(Declined)).code(),
            0
        );
    }

    #[test]
    fn any_other_error_exits_1() {
        assert_eq!(classify(&anyhow::anyhow!("no such release")).code(), 1);
        let malformed = SignatureError::Malformed {
            reference: "r.io/p@sha256:0".into(),
            reason: "not JSON".into(),
        };
        assert_eq!(classify(&wrapped(malformed)).code(), 1);
        let other_values_error = ValuesError::File {
            file: "v.yaml".into(),
            reason: "not UTF-8".into(),
        };
        assert_eq!(classify(&wrapped(other_values_error)).code(), 1);
    }

    #[test]
    fn a_plan_with_changes_under_detailed_exitcode_exits_2() {
        assert_eq!(classify(&anyhow::Error::new(HasChanges)).code(), 2);
    }

    #[test]
    fn declined_at_the_question_exits_3() {
        assert_eq!(classify(&wrapped(Declined)).code(), 3);
    }

    #[test]
    fn a_refusal_by_a_gate_or_a_signature_exits_4() {
        let policy = PolicyError::Refused { refused: vec![] };
        assert_eq!(classify(&wrapped(policy)).code(), 4);
        let approvals = ApprovalError::NotEnough {
            required: 2,
            valid: vec![],
            rejected: vec![],
        };
        assert_eq!(classify(&wrapped(approvals)).code(), 4);
        let unsigned = || SignatureError::Unsigned {
            reference: "r.io/p@sha256:0".into(),
            tag: "sha256-0.sig".into(),
            policy: "r.io/*".into(),
            expected: vec!["key".into()],
        };
        assert_eq!(classify(&wrapped(unsigned())).code(), 4);
        // Carried transparently by a fetch and by an import.
        assert_eq!(
            classify(&wrapped(FetchError::Signature(unsigned()))).code(),
            4
        );
        let import = AirgapError::Package(FetchError::Signature(unsigned()));
        assert_eq!(classify(&wrapped(import)).code(), 4);
    }

    #[test]
    fn unmet_requirements_exit_5_also_boxed_in_a_stack() {
        let unmet = || PlanError::RequirementsUnmet { unmet: vec![] };
        assert_eq!(classify(&wrapped(unmet())).code(), 5);
        let in_stack = StackActionError::<std::convert::Infallible>::RequirementsUnmet {
            release: "db".into(),
            source: Box::new(unmet()),
        };
        assert_eq!(classify(&wrapped(in_stack)).code(), 5);
    }

    #[test]
    fn a_usage_error_found_after_parsing_exits_64() {
        let clap_error = clap::Error::raw(clap::error::ErrorKind::MissingRequiredArgument, "x");
        assert_eq!(classify(&anyhow::Error::new(clap_error)).code(), 64);
        let set = ValuesError::Set {
            flag: "--set",
            line: "a[=1".into(),
            reason: "error parsing index".into(),
        };
        assert_eq!(classify(&wrapped(set)).code(), 64);
    }

    #[test]
    fn an_interruption_exits_130() {
        assert_eq!(classify(&wrapped(Interrupted)).code(), 130);
    }

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
