//! Fitting a review document under a size cap: the head (everything before
//! the per-object diffs) and the footer always go in whole; the diffs go in
//! whole or not at all, most important first, each one that does not fit
//! named in a list at the end. Every cut is between two objects, so the
//! document is well-formed whatever the cap.

use anyhow::{Result, bail};

use super::{Change, Review};

/// How a format writes each part of a review document; [`fit`] puts the
/// parts together.
pub trait Render {
    /// Everything before the first per-object diff.
    fn head(&self, review: &Review) -> String;
    /// One object's diff, whole.
    fn change(&self, change: &Change) -> String;
    /// The list naming the objects whose diffs were left out (`""` for none),
    /// out of `total`.
    fn omitted(&self, omitted: &[&Change], total: usize) -> String;
    /// The end: the command that applies the plan, closing markup.
    fn foot(&self, review: &Review) -> String;
}

/// What a review document holds once fitted: decided before anything is
/// written, so that a cap too small writes nothing, and written diff by
/// diff ([`Fitted::write`]), so that a large plan's document (94 MB of
/// HTML for 50,000 objects) is never held whole.
pub struct Fitted {
    head: String,
    /// Whether each of the review's changes has its diff shown.
    shown: Vec<bool>,
    /// The list of the diffs left out (`""` for none).
    omitted: String,
    foot: String,
}

/// `review` fitted by `render` into at most `limit` bytes when given: the
/// head and foot whole, then as many per-object diffs as fit, in the
/// review's order (most important first; a diff too large is skipped and
/// smaller ones after it may still fit), and the list of those left out.
/// Fails when the head, foot and list alone exceed the limit: those are
/// never cut.
pub fn fit(review: &Review, render: &dyn Render, limit: Option<usize>) -> Result<Fitted> {
    let head = render.head(review);
    let foot = render.foot(review);
    let total = review.changes.len();
    let Some(limit) = limit else {
        return Ok(Fitted {
            head,
            shown: vec![true; total],
            omitted: String::new(),
            foot,
        });
    };
    // Each diff's size, rendered to be measured and let go: those that
    // fit are rendered again as they are written (at most `limit` bytes).
    let sizes: Vec<usize> = review
        .changes
        .iter()
        .map(|c| render.change(c).len())
        .collect();
    let omitted_list = |shown: &[bool]| {
        let omitted: Vec<&Change> = review
            .changes
            .iter()
            .zip(shown)
            .filter(|(_, shown)| !**shown)
            .map(|(change, _)| change)
            .collect();
        render.omitted(&omitted, total)
    };
    let mut shown = vec![false; total];
    let fixed = head.len() + foot.len();
    let least = fixed + omitted_list(&shown).len();
    if least > limit {
        bail!(
            "--max-size {limit}: the summary sections and the list of objects alone take {least} bytes, \
             and they are never cut; raise --max-size (github-summary is 1 MiB) or use -o html"
        );
    }
    // The list only shrinks as diffs go in: checking against the current
    // list is safe, and it is measured again only after a diff goes in.
    let mut shown_size = 0;
    let mut list = least - fixed;
    for (index, size) in sizes.into_iter().enumerate() {
        if fixed + shown_size + size + list <= limit {
            shown[index] = true;
            shown_size += size;
            list = omitted_list(&shown).len();
        }
    }
    let omitted = omitted_list(&shown);
    debug_assert!(fixed + shown_size + omitted.len() <= limit);
    Ok(Fitted {
        head,
        shown,
        omitted,
        foot,
    })
}

impl Fitted {
    /// Writes the document: `review` and `render` must be those it was
    /// fitted from.
    pub fn write(
        &self,
        review: &Review,
        render: &dyn Render,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        out.write_all(self.head.as_bytes())?;
        for (change, _) in review
            .changes
            .iter()
            .zip(&self.shown)
            .filter(|(_, shown)| **shown)
        {
            out.write_all(render.change(change).as_bytes())?;
        }
        out.write_all(self.omitted.as_bytes())?;
        out.write_all(self.foot.as_bytes())
    }
}
