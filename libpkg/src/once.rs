//! Answers found once per key by concurrent tasks: whoever asks while an
//! answer is being found waits for it, and everyone after gets it as found
//! (image lookups and access reviews shared by the releases of a stack).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use tokio::sync::OnceCell;

/// Answers by key, each found once.
pub(crate) struct OnceEach<K, V> {
    answers: Mutex<HashMap<K, Arc<OnceCell<V>>>>,
}

impl<K, V> Default for OnceEach<K, V> {
    fn default() -> Self {
        OnceEach {
            answers: Mutex::default(),
        }
    }
}

impl<K, V> std::fmt::Debug for OnceEach<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known = self.answers.lock().map_or(0, |answers| answers.len());
        f.debug_struct("OnceEach").field("keys", &known).finish()
    }
}

impl<K: Eq + Hash + Clone, V: Clone> OnceEach<K, V> {
    /// `key`'s answer, found by `find` unless it was found already.
    pub(crate) async fn get<F: Future<Output = V>>(&self, key: &K, find: impl FnOnce() -> F) -> V {
        self.cell(key).get_or_init(find).await.clone()
    }

    /// `key`'s answer, found by `find` unless it was found already; an
    /// error is not kept, so the next asker tries again.
    pub(crate) async fn try_get<E, F: Future<Output = Result<V, E>>>(
        &self,
        key: &K,
        find: impl FnOnce() -> F,
    ) -> Result<V, E> {
        Ok(self.cell(key).get_or_try_init(find).await?.clone())
    }

    /// The cell that holds (or will hold) `key`'s answer.
    fn cell(&self, key: &K) -> Arc<OnceCell<V>> {
        let mut answers = self
            .answers
            .lock()
            .expect("no answer is found holding the lock");
        answers.entry(key.clone()).or_default().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::OnceEach;

    #[tokio::test]
    async fn each_answer_is_found_once_and_errors_are_not_kept() {
        let answers: OnceEach<&str, u32> = OnceEach::default();
        let found = std::sync::atomic::AtomicU32::new(0);
        let find = || async {
            tokio::task::yield_now().await;
            found.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 10
        };
        let asked = futures::future::join_all((0..4).map(|_| answers.get(&"a", find))).await;
        assert_eq!(asked, [10; 4]);
        let failed: Result<u32, &str> = answers.try_get(&"b", || async { Err("down") }).await;
        assert_eq!(failed, Err("down"));
        assert_eq!(
            answers.try_get(&"b", || async { Ok::<_, &str>(7) }).await,
            Ok(7)
        );
        assert_eq!(answers.get(&"b", || async { 8 }).await, 7);
        assert_eq!(found.load(std::sync::atomic::Ordering::SeqCst), 1);
    }
}
