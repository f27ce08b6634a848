//! Progress of copying artifacts (`bundle`, `import`): on a terminal, a
//! spinner with counts and bytes; otherwise nothing until the summary.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{HumanBytes, ProgressBar};
use libpkg::action::airgap::Copied;

/// Counts of what was copied, shown as it happens.
pub struct CopyProgress {
    verb: &'static str,
    spinner: Option<ProgressBar>,
    manifests: AtomicUsize,
    blobs: AtomicUsize,
    bytes: AtomicU64,
    skipped: AtomicUsize,
}

impl CopyProgress {
    /// A progress display for `verb` ("copied", "pushed").
    pub fn new(verb: &'static str) -> CopyProgress {
        let spinner = std::io::stderr().is_terminal().then(|| {
            let spinner = ProgressBar::new_spinner();
            spinner.enable_steady_tick(Duration::from_millis(120));
            spinner
        });
        CopyProgress {
            verb,
            spinner,
            manifests: AtomicUsize::new(0),
            blobs: AtomicUsize::new(0),
            bytes: AtomicU64::new(0),
            skipped: AtomicUsize::new(0),
        }
    }

    /// Counts one step.
    pub fn record(&self, copied: Copied) {
        match copied {
            Copied::Manifest => {
                self.manifests.fetch_add(1, Ordering::Relaxed);
            }
            Copied::Blob(size) => {
                self.blobs.fetch_add(1, Ordering::Relaxed);
                self.bytes.fetch_add(size, Ordering::Relaxed);
            }
            Copied::Skipped(_) => {
                self.skipped.fetch_add(1, Ordering::Relaxed);
            }
        }
        if let Some(spinner) = &self.spinner {
            spinner.set_message(self.summary());
        }
    }

    /// `copied 12 blobs (3.4 MiB) and 5 manifests[, 2 blobs already there]`.
    pub fn summary(&self) -> String {
        let skipped = self.skipped.load(Ordering::Relaxed);
        let mut text = format!(
            "{} {} blobs ({}) and {} manifests",
            self.verb,
            self.blobs.load(Ordering::Relaxed),
            HumanBytes(self.bytes.load(Ordering::Relaxed)),
            self.manifests.load(Ordering::Relaxed)
        );
        if skipped > 0 {
            text.push_str(&format!(", {skipped} blobs already there"));
        }
        text
    }

    /// Removes the spinner.
    pub fn finish(&self) {
        if let Some(spinner) = &self.spinner {
            spinner.finish_and_clear();
        }
    }
}
