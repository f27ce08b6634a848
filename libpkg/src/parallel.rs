//! CPU-bound work split over the machine's cores, its results in order: a
//! large package's YAML documents, its objects and the plan hash.

/// Threads worth starting for CPU-bound work: one per core, at most four.
/// Counted once (the count reads cgroup files).
pub(crate) fn threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(4)))
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

/// `work` applied to each of `items`, the results in the items' order, on
/// up to [`threads`] threads (the calling one among them) that each take
/// the next item not taken yet: for items of uneven cost, such as a chart's
/// templates, where equal shares would leave one thread the large ones.
pub(crate) fn map_each<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads().min(items.len());
    if threads < 2 {
        return items.iter().map(work).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let take = || {
        let mut done = Vec::new();
        loop {
            let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(item) = items.get(index) else {
                return done;
            };
            done.push((index, work(item)));
        }
    };
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let take = &take;
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(take)).collect();
        let mut done = take();
        for helper in helpers {
            done.extend(
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        done
    });
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
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

    #[test]
    fn each_result_comes_back_in_its_items_place() {
        let items: Vec<u64> = (0..500).collect();
        // Uneven work: some items take far longer than others.
        let results = map_each(&items, |&n| (0..n * (n % 7)).fold(n, |a, b| a ^ b));
        let alone: Vec<u64> = items
            .iter()
            .map(|&n| (0..n * (n % 7)).fold(n, |a, b| a ^ b))
            .collect();
        assert_eq!(results, alone);
        assert!(map_each(&[] as &[u8], |_| 0).is_empty());
    }
}
