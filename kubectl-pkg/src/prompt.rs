//! The question before applying, deliberate by construction: it is asked only
//! on a terminal that shows the plan, it throws away whatever was typed before
//! it appeared, and only `yes` followed by Enter applies. A stray key, a `y`
//! meant for a pager, or `maybe` never applies a plan.

use std::io::{BufRead, IsTerminal, Write};

/// Why no person can be asked here, if so, naming each stream that is not a
/// terminal: the answer must come from the terminal the plan was shown on.
/// Output piped into a pager (`install | less`) does not qualify: the pager
/// reads keys from the same terminal.
pub fn cannot_ask() -> Option<String> {
    reasons(
        std::io::stdin().is_terminal(),
        std::io::stdout().is_terminal(),
        std::io::stderr().is_terminal(),
    )
}

/// [`cannot_ask`] for streams that are terminals or not.
fn reasons(stdin: bool, stdout: bool, stderr: bool) -> Option<String> {
    let mut why = Vec::new();
    if !stdout {
        why.push("standard output is piped or redirected (the plan is not shown on the terminal)");
    }
    if !stdin {
        why.push("standard input is not a terminal (no answer can be typed)");
    }
    if !stderr {
        why.push("standard error is not a terminal (the question cannot be shown)");
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// What to do instead of answering, said after [`cannot_ask`]'s reason.
pub const HOW_TO_ANSWER: &str =
    "pass --yes to apply the plan as shown, or run without the pipe or redirection to be asked";

/// What the person answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `yes`, then Enter.
    Yes,
    /// Anything else, as typed (trimmed); empty at end of input (Ctrl-D).
    No(String),
}

/// Asks `question` on stderr and reads one line from stdin (the terminal
/// stays in line mode: nothing counts until Enter). Input typed before the
/// question was shown is discarded first. Blocks: call it off the async
/// runtime.
pub fn ask(question: &str) -> std::io::Result<Answer> {
    {
        // Not held while waiting: whoever hears Ctrl-C must be able to print.
        let mut stderr = std::io::stderr().lock();
        write!(
            stderr,
            "{question}\n  Only 'yes' applies it; anything else cancels: "
        )?;
        stderr.flush()?;
    }
    // Type-ahead: keys pressed while the plan was being made or printed were
    // not an answer to a question not yet asked.
    rustix::termios::tcflush(std::io::stdin(), rustix::termios::QueueSelector::IFlush)?;
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(parse_answer(&line))
}

fn parse_answer(line: &str) -> Answer {
    match line.trim() {
        "yes" => Answer::Yes,
        other => Answer::No(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_names_what_is_not_a_terminal() {
        assert_eq!(reasons(true, true, true), None);
        let stdout = reasons(true, false, true).unwrap();
        assert!(stdout.starts_with("standard output is piped"), "{stdout}");
        assert!(!stdout.contains("standard input"), "{stdout}");
        let all = reasons(false, false, false).unwrap();
        for stream in ["standard output", "standard input", "standard error"] {
            assert!(all.contains(stream), "{all}");
        }
    }

    #[test]
    fn only_yes_spelled_out_applies() {
        assert_eq!(parse_answer("yes\n"), Answer::Yes);
        assert_eq!(parse_answer("  yes \r\n"), Answer::Yes);
        for other in [
            "y\n",
            "Y\n",
            "maybe\n",
            "yes please\n",
            "YES\n",
            "ye\n",
            "\n",
            "",
        ] {
            assert!(matches!(parse_answer(other), Answer::No(_)), "{other:?}");
        }
    }
}
