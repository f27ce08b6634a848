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

/// `review` rendered by `render`, at most `limit` bytes when given: the
/// head and foot whole, then as many per-object diffs as fit, in the
/// review's order (most important first; a diff too large is skipped and
/// smaller ones after it may still fit), and the list of those left out.
/// Fails when the head, foot and list alone exceed the limit: those are
/// never cut.
pub fn fit(review: &Review, render: &dyn Render, limit: Option<usize>) -> Result<String> {
    let head = render.head(review);
    let foot = render.foot(review);
    let blocks: Vec<String> = review.changes.iter().map(|c| render.change(c)).collect();
    let total = review.changes.len();
    let Some(limit) = limit else {
        return Ok(head + &blocks.concat() + &foot);
    };
    let mut included = vec![false; blocks.len()];
    let omitted_size = |included: &[bool]| {
        let omitted: Vec<&Change> = review
            .changes
            .iter()
            .zip(included)
            .filter(|(_, shown)| !**shown)
            .map(|(change, _)| change)
            .collect();
        render.omitted(&omitted, total).len()
    };
    let fixed = head.len() + foot.len();
    let least = fixed + omitted_size(&included);
    if least > limit {
        bail!(
            "--max-size {limit}: the summary sections and the list of objects alone take {least} bytes, \
             and they are never cut; raise --max-size (github-summary is 1 MiB) or use -o html"
        );
    }
    // The list only shrinks as diffs go in: checking against the current
    // list is safe, and it is measured again only after a diff goes in.
    let mut shown = 0;
    let mut list = omitted_size(&included);
    for (index, block) in blocks.iter().enumerate() {
        if fixed + shown + block.len() + list <= limit {
            included[index] = true;
            shown += block.len();
            list = omitted_size(&included);
        }
    }
    let omitted: Vec<&Change> = review
        .changes
        .iter()
        .zip(&included)
        .filter(|(_, shown)| !**shown)
        .map(|(change, _)| change)
        .collect();
    let mut text = head;
    for (block, _) in blocks.iter().zip(&included).filter(|(_, shown)| **shown) {
        text.push_str(block);
    }
    text.push_str(&render.omitted(&omitted, total));
    text.push_str(&foot);
    debug_assert!(text.len() <= limit);
    Ok(text)
}
