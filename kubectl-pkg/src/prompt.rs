//! The question before applying, deliberate by construction: it is asked only
//! on a terminal that shows the plan, it throws away whatever was typed before
//! it appeared, and only `yes` followed by Enter applies. A stray key, a `y`
//! meant for a pager, or `maybe` never applies a plan.

use std::io::{BufRead, IsTerminal, Write};

/// Why no person can be asked here, if so: the answer must come from the
/// terminal the plan was shown on. Output piped into a pager (`install |
/// less`) does not qualify: the pager reads keys from the same terminal.
pub fn cannot_ask() -> Option<&'static str> {
    if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
        Some("there is no terminal to ask on")
    } else if !std::io::stdout().is_terminal() {
        Some("the plan is not shown on a terminal (its output goes to a pipe or a file)")
    } else {
        None
    }
}

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
