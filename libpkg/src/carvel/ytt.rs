//! Running ytt as kapp-controller does: an external program, never through a
//! shell, its inputs as files in a private temporary directory, within a
//! timeout and an output cap, its stderr shown when it fails.
//!
//! Which ytt: the one [`set_program`] names (`--ytt PATH`), else `ytt` on
//! `PATH`. Its version (`ytt version`) and the sha256 of its binary go into
//! the plan ([`YttTool`]), so a plan made with another ytt differs visibly.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::plan::YttTool;

/// How long one ytt run may take.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// How much ytt may write to stdout (and, separately, stderr).
pub const OUTPUT_CAP: usize = 64 * 1024 * 1024;

static PROGRAM: OnceLock<PathBuf> = OnceLock::new();

/// Names the ytt binary to run (`--ytt PATH`) for this process; without it,
/// `ytt` is looked up on `PATH`. The first call wins.
pub fn set_program(path: PathBuf) {
    let _ = PROGRAM.set(path);
}

/// A ytt found and identified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ytt {
    /// The binary.
    pub path: PathBuf,
    /// Its version and digest.
    pub tool: YttTool,
}

/// Why ytt could not be found or run. The messages follow the word "ytt"
/// (`ytt is not on PATH`), as the callers print them.
#[derive(Debug, thiserror::Error)]
pub enum YttError {
    /// The configured program ([`set_program`]) is not a file.
    #[error("was not found at {} ({})", path.display(), crate::remedy::Setting::Ytt)]
    NotAt {
        /// The configured path.
        path: PathBuf,
    },
    /// No program was configured and `PATH` has no `ytt`.
    #[error("is not on PATH")]
    NotOnPath,
    /// The binary could not be read (to compute its digest).
    #[error("at {}: {error}", path.display())]
    Unreadable {
        /// The binary.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// No private directory to run in.
    #[error("could not run: {0}")]
    NoScratch(std::io::Error),
    /// `ytt version` failed.
    #[error("at {} could not tell its version: {reason}", path.display())]
    NoVersion {
        /// The binary.
        path: PathBuf,
        /// Why the run failed.
        reason: Box<YttError>,
    },
    /// `ytt version` printed something else than a ytt version.
    #[error("at {} is not ytt: `version` printed {printed:?}", path.display())]
    NotYtt {
        /// The binary.
        path: PathBuf,
        /// The first line it printed.
        printed: String,
    },
    /// The program could not be started.
    #[error("could not start {}: {error}", program.display())]
    Start {
        /// The program.
        program: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The run took longer than [`TIMEOUT`].
    #[error("did not finish within {}s", TIMEOUT.as_secs())]
    Timeout,
    /// The run could not be waited for.
    #[error("{0}")]
    Wait(std::io::Error),
    /// The run wrote more than [`OUTPUT_CAP`] to stdout.
    #[error("wrote more than {OUTPUT_CAP} bytes")]
    TooMuchOutput,
    /// The run exited non-zero.
    #[error("exited with {status}:\n{stderr}")]
    Failed {
        /// Its exit status.
        status: std::process::ExitStatus,
        /// What it wrote to stderr.
        stderr: String,
    },
    /// The run's stdout is not UTF-8.
    #[error("wrote output that is not UTF-8")]
    NotUtf8,
}

/// The binary to run: the configured one, else `ytt` on `PATH`.
fn locate() -> Result<PathBuf, YttError> {
    if let Some(path) = PROGRAM.get() {
        return if path.is_file() {
            Ok(path.clone())
        } else {
            Err(YttError::NotAt { path: path.clone() })
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("ytt"))
        .find(|candidate| candidate.is_file())
        .ok_or(YttError::NotOnPath)
}

/// Finds ytt and identifies it (`ytt version`, sha256 of the binary).
pub fn find() -> Result<Ytt, YttError> {
    let path = locate()?;
    let bytes = std::fs::read(&path).map_err(|error| YttError::Unreadable {
        path: path.clone(),
        error,
    })?;
    let sha256 = format!("sha256:{}", hex::encode(Sha256::digest(&bytes)));
    let scratch = tempfile::tempdir().map_err(YttError::NoScratch)?;
    let output =
        run(&path, scratch.path(), &["version"], None).map_err(|reason| YttError::NoVersion {
            path: path.clone(),
            reason: Box::new(reason),
        })?;
    let version = output
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or_default()
        .to_string();
    if !version.starts_with("ytt version") {
        return Err(YttError::NotYtt {
            path,
            printed: version,
        });
    }
    Ok(Ytt {
        path,
        tool: YttTool { version, sha256 },
    })
}

/// Reads a pipe to its end, keeping at most [`OUTPUT_CAP`] bytes; says
/// whether there was more.
fn read_capped(mut pipe: impl Read) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buffer = [0u8; 64 * 1024];
    let mut over = false;
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if kept.len() + n > OUTPUT_CAP {
                    over = true;
                    kept.extend_from_slice(&buffer[..OUTPUT_CAP - kept.len()]);
                } else if !over {
                    kept.extend_from_slice(&buffer[..n]);
                }
            }
        }
    }
    (kept, over)
}

/// Runs `program args` in `dir` with a cleared environment, `stdin` fed to
/// it, within [`TIMEOUT`] and [`OUTPUT_CAP`]; its stdout, or why it failed
/// (its stderr when it exits non-zero).
pub fn run(
    program: &Path,
    dir: &Path,
    args: &[&str],
    stdin: Option<&[u8]>,
) -> Result<String, YttError> {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env_clear()
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| YttError::Start {
            program: program.to_path_buf(),
            error,
        })?;
    let input = stdin.map(<[u8]>::to_vec);
    let mut child_stdin = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let (Some(pipe), Some(input)) = (child_stdin.as_mut(), input) {
            let _ = pipe.write_all(&input);
        }
    });
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let out_reader = std::thread::spawn(move || read_capped(stdout));
    let err_reader = std::thread::spawn(move || read_capped(stderr));
    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break Err(YttError::Timeout);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => break Err(YttError::Wait(e)),
        }
    };
    let _ = writer.join();
    let (out, out_over) = out_reader.join().unwrap_or_default();
    let (err, _) = err_reader.join().unwrap_or_default();
    let status = status?;
    if out_over {
        return Err(YttError::TooMuchOutput);
    }
    if !status.success() {
        let stderr = String::from_utf8_lossy(&err).trim_end().to_string();
        return Err(YttError::Failed { status, stderr });
    }
    String::from_utf8(out).map_err(|_| YttError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_program_shows_its_stderr_and_a_missing_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let error = run(
            Path::new("/bin/sh"),
            dir.path(),
            &["-c", "echo broken template >&2; exit 3"],
            None,
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("broken template"), "{error}");
        assert!(error.contains("exit status: 3"), "{error}");
        let out = run(Path::new("/bin/cat"), dir.path(), &[], Some(b"a: 1\n")).unwrap();
        assert_eq!(out, "a: 1\n");
        let missing = run(Path::new("/nonexistent/ytt"), dir.path(), &[], None)
            .unwrap_err()
            .to_string();
        assert!(missing.contains("/nonexistent/ytt"), "{missing}");
    }
}
