//! CPU-bound work split over the machine's cores, its results in order: a
//! large package's YAML documents, its objects and the plan hash.

/// Threads worth starting for CPU-bound work: one per core, at most four.
pub(crate) fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// `work` applied to consecutive, equal shares of `items`, one share per
/// thread, the results in the shares' order. With fewer than `min` items, or
/// one core, `work` takes all of them on the calling thread: starting threads
/// would cost more than it saves.
pub(crate) fn in_shares<T: Send, R: Send>(
    items: Vec<T>,
    min: usize,
    work: impl Fn(Vec<T>) -> R + Sync,
) -> Vec<R> {
    let threads = threads();
    if threads < 2 || items.len() < min {
        return vec![work(items)];
    }
    let share = items.len().div_ceil(threads);
    let mut items = items.into_iter();
    let shares: Vec<Vec<T>> = (0..threads)
        .map(|_| items.by_ref().take(share).collect())
        .collect();
    std::thread::scope(|scope| {
        let work = &work;
        let workers: Vec<_> = shares
            .into_iter()
            .map(|share| scope.spawn(move || work(share)))
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_come_back_in_order() {
        let items: Vec<usize> = (0..1000).collect();
        let shares = in_shares(items.clone(), 10, |share| share);
        assert!(shares.len() <= threads());
        assert_eq!(shares.concat(), items);
        assert_eq!(in_shares(vec![1, 2], 10, |share| share), [vec![1, 2]]);
    }
}
