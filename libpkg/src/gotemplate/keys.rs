//! RSA keys for sprig's certificate functions, made ahead on spare cores.
//!
//! A 2048-bit key takes AWS-LC tens of milliseconds, a random number of
//! them (a prime search), and a chart generating webhook certificates calls
//! `genCA` and `genSignedCert` once per webhook: the keys were most of its
//! rendering. Helm makes them one after the other, on one core. Here, as
//! soon as the templates are read and call for keys, one key is made on
//! another core while the chart is prepared and rendered; once a template
//! has asked for a key, the keys the set's templates may ask for next are
//! made ahead too. A call takes a key made ahead when one is ready. When
//! none is but keys are being made, it waits for the first of them while
//! one more thread makes another on the core it leaves idle: a key begun
//! earlier is usually done sooner than a new one, and of two searches the
//! first to end is sooner than either. Only when no key is being made
//! (one core, or no thread could be started) does a call make its own, on
//! the rendering thread. Waiting cannot hang: it lasts while a thread is
//! making a key, and each thread, however it stops, tells the calls
//! waiting. A chart that writes a call in a branch it does not take costs
//! at most that one key, on a spare core, and no time: nothing waits for
//! it. Keys are random either way, from the same generator: which thread
//! made a key changes nothing a chart can see, and nothing hashed depends
//! on it (a plan's certificates differ at every rendering anyway).
//!
//! How many keys to keep ahead is counted from the templates' text (calls
//! written, [`KeyPool::expect_calls`]); a call in a `range` is counted
//! once, and once asked the pool stays that many keys ahead of the calls
//! made, so a loop is served too. Keys left over when the set is dropped are dropped
//! with it, and the threads stop after the key they are making.

use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// An RSA private key as sprig needs it: PKCS#1 DER (what Go's
/// `MarshalPKCS1PrivateKey` writes and sprig puts in its PEM) and PKCS#8
/// DER (what rcgen reads).
pub(crate) struct RsaKey {
    pub(crate) pkcs1: Vec<u8>,
    pub(crate) pkcs8: Vec<u8>,
}

/// The key sizes sprig makes: 2048 bits for certificates, 4096 for
/// `genPrivateKey`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RsaSize {
    /// `genCA`, `genSelfSignedCert`, `genSignedCert`.
    Bits2048,
    /// `genPrivateKey "rsa"`.
    Bits4096,
}

impl RsaSize {
    fn aws_lc(self) -> aws_lc_rs::rsa::KeySize {
        match self {
            RsaSize::Bits2048 => aws_lc_rs::rsa::KeySize::Rsa2048,
            RsaSize::Bits4096 => aws_lc_rs::rsa::KeySize::Rsa4096,
        }
    }

    /// The template functions that make a key of this size without being
    /// given one.
    fn functions(self) -> &'static [&'static str] {
        match self {
            RsaSize::Bits2048 => &["genCA", "genSelfSignedCert", "genSignedCert"],
            RsaSize::Bits4096 => &["genPrivateKey"],
        }
    }
}

/// A new RSA key (Go's `rsa.GenerateKey`: public exponent 65537) from
/// AWS-LC, seeded by the operating system.
pub(crate) fn generate(size: RsaSize) -> Result<RsaKey, String> {
    use aws_lc_rs::encoding::AsDer as _;
    let failed = |_| "error generating rsa key".to_string();
    let pair = aws_lc_rs::rsa::KeyPair::generate(size.aws_lc()).map_err(failed)?;
    let pkcs8 = pair.as_der().map_err(failed)?.as_ref().to_vec();
    // The PKCS#8 wrapping holds the PKCS#1 key as its private key octets.
    let pkcs1 = rsa::pkcs8::PrivateKeyInfo::try_from(pkcs8.as_slice())
        .map_err(|e| format!("error generating rsa key: {e}"))?
        .private_key
        .to_vec();
    Ok(RsaKey { pkcs1, pkcs8 })
}

/// The keys of one size: made ahead, being made, and wanted ahead.
#[derive(Default)]
struct Stock {
    ready: Vec<RsaKey>,
    /// Threads making keys for this stock.
    workers: usize,
    /// Keys to keep ready or being made once a template has asked for one.
    ahead: usize,
    /// Whether a template has asked for a key (until then, one is made ahead).
    asked: bool,
    /// Calls waiting for a key being made: each lends its core to one more
    /// thread.
    waiting: usize,
    /// The pool was dropped: threads stop.
    stopped: bool,
}

impl Stock {
    /// Keys to have ready or being made: one before the first call, when
    /// the templates call for any, then as many as they call for, and one
    /// more for each call waiting that no ready key serves yet.
    fn wanted(&self) -> usize {
        let ahead = if self.asked {
            self.ahead
        } else {
            self.ahead.min(1)
        };
        ahead + self.unserved()
    }

    /// Whether `threads` making keys are too few: below the spare cores
    /// (plus the core of each call waiting that no ready key serves yet),
    /// and with the keys ready, short of those wanted. The rule for starting
    /// a thread, and for a thread (not counting itself) to go on.
    fn needs_thread(&self, spare_cores: usize, threads: usize) -> bool {
        threads < spare_cores + self.unserved() && self.ready.len() + threads < self.wanted()
    }

    /// Calls waiting that no ready key serves yet.
    fn unserved(&self) -> usize {
        self.waiting.saturating_sub(self.ready.len())
    }
}

/// One size's stock, shared with the threads filling it.
struct Shelf {
    size: RsaSize,
    stock: Mutex<Stock>,
    /// Told when a key is ready or a thread stops.
    changed: Condvar,
    /// Threads that may fill this stock at once, besides one per waiting
    /// call.
    spare_cores: usize,
}

impl Shelf {
    fn new(size: RsaSize, spare_cores: usize) -> Arc<Shelf> {
        Arc::new(Shelf {
            size,
            stock: Mutex::new(Stock::default()),
            changed: Condvar::new(),
            spare_cores,
        })
    }

    fn stock(&self) -> std::sync::MutexGuard<'_, Stock> {
        self.stock.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A key made ahead: one ready, or else the first to be ready of those
    /// being made, while one more thread makes another on this call's core
    /// (a key search is random: the first of two is sooner than either).
    /// `None` when no key is being made: the call makes its own. Waiting
    /// ends: every thread making a key tells when it is ready or stops.
    fn take(self: &Arc<Shelf>) -> Option<RsaKey> {
        let mut stock = self.stock();
        stock.asked = true;
        if stock.ready.is_empty() && stock.workers > 0 {
            stock.waiting += 1;
            self.top_up(&mut stock);
            while stock.ready.is_empty() && stock.workers > 0 {
                stock = self
                    .changed
                    .wait(stock)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            stock.waiting -= 1;
        }
        let key = stock.ready.pop();
        self.top_up(&mut stock);
        key
    }

    /// Starts threads while fewer keys are ready or being made than wanted
    /// ahead (a thread makes one key at a time).
    fn top_up(self: &Arc<Shelf>, stock: &mut Stock) {
        while !stock.stopped && stock.needs_thread(self.spare_cores, stock.workers) {
            let shelf = self.clone();
            let started = std::thread::Builder::new()
                .name("rsa-keys".into())
                .spawn(move || shelf.fill());
            if started.is_err() {
                // No thread: the calls make their keys themselves.
                return;
            }
            stock.workers += 1;
        }
    }

    /// A thread's work: keys until enough are ready or the pool is dropped.
    fn fill(&self) {
        /// Counts the thread out and tells waiting calls however it stops
        /// (a panic included), so that no call waits for it in vain.
        struct Leaving<'a>(&'a Shelf);
        impl Drop for Leaving<'_> {
            fn drop(&mut self) {
                self.0.stock().workers -= 1;
                self.0.changed.notify_all();
            }
        }
        let _leaving = Leaving(self);
        loop {
            {
                let stock = self.stock();
                let others = stock.workers - 1;
                if stock.stopped || !stock.needs_thread(self.spare_cores, others) {
                    return;
                }
            }
            // A failure is the calls' to report, when they make their own.
            let Ok(key) = generate(self.size) else {
                return;
            };
            let mut stock = self.stock();
            if stock.stopped {
                return;
            }
            stock.ready.push(key);
            self.changed.notify_all();
        }
    }
}

/// RSA keys made ahead for a set of templates; see the module's doc.
pub(crate) struct KeyPool {
    shelves: [Arc<Shelf>; 2],
}

impl std::fmt::Debug for KeyPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyPool").finish_non_exhaustive()
    }
}

impl Default for KeyPool {
    /// A pool using every core but the rendering thread's (none on one core).
    fn default() -> Self {
        KeyPool::with_workers(crate::parallel::threads().saturating_sub(1))
    }
}

impl KeyPool {
    /// A pool of at most `spare_cores` threads per key size while the
    /// rendering thread works, and one more for each call waiting.
    pub(crate) fn with_workers(spare_cores: usize) -> KeyPool {
        KeyPool {
            shelves: [
                Shelf::new(RsaSize::Bits2048, spare_cores),
                Shelf::new(RsaSize::Bits4096, spare_cores),
            ],
        }
    }

    fn shelf(&self, size: RsaSize) -> &Arc<Shelf> {
        &self.shelves[usize::from(size == RsaSize::Bits4096)]
    }

    /// Counts the calls `text` writes to functions making keys (each place
    /// once, whatever runs it), to keep that many keys ahead once asked;
    /// the first is started now.
    pub(crate) fn expect_calls(&self, text: &str) {
        for shelf in &self.shelves {
            let calls: usize = shelf
                .size
                .functions()
                .iter()
                .map(|function| calls_written(text, function))
                .sum();
            if calls > 0 {
                let mut stock = shelf.stock();
                stock.ahead += calls;
                shelf.top_up(&mut stock);
            }
        }
    }

    /// A key of `size`: one made ahead if ready, else made now.
    pub(crate) fn key(&self, size: RsaSize) -> Result<RsaKey, String> {
        match self.shelf(size).take() {
            Some(key) => Ok(key),
            None => generate(size),
        }
    }
}

impl Drop for KeyPool {
    fn drop(&mut self) {
        for shelf in &self.shelves {
            let mut stock = shelf.stock();
            stock.stopped = true;
            stock.ready.clear();
        }
    }
}

/// How many times `text` names `function` as a whole word (`genCA`, not
/// `genCAWithKey`).
fn calls_written(text: &str, function: &str) -> usize {
    // Most texts call none: a quick search for the name first (every file
    // of a chart is searched for each function).
    if !text.contains(function) {
        return 0;
    }
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(function)
        .filter(|(at, _)| {
            !word(text[..*at].chars().next_back())
                && !word(text[at + function.len()..].chars().next())
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_are_counted_by_whole_name() {
        assert_eq!(
            calls_written(
                "{{ genCA \"a\" 1 }}{{ genCAWithKey \"b\" 1 $k }}{{genCA}}{{ x_genCA }}",
                "genCA"
            ),
            2
        );
        let pool = KeyPool::with_workers(0);
        pool.expect_calls("{{ $ca := genCA \"x\" 1 }}{{ genSignedCert \"y\" nil nil 1 $ca }}");
        pool.expect_calls("{{ genPrivateKey \"rsa\" }}{{ genSelfSignedCertWithKey 1 }}");
        assert_eq!(pool.shelf(RsaSize::Bits2048).stock().ahead, 2);
        assert_eq!(pool.shelf(RsaSize::Bits4096).stock().ahead, 1);
    }

    /// The RSA modulus of a PKCS#1 key, through the `rsa` crate's parser.
    fn modulus(key: &RsaKey) -> Vec<u8> {
        use rsa::pkcs1::DecodeRsaPrivateKey as _;
        use rsa::traits::PublicKeyParts as _;
        let parsed = rsa::RsaPrivateKey::from_pkcs1_der(&key.pkcs1).unwrap();
        assert_eq!(parsed.size(), 256);
        parsed.n().to_bytes_be()
    }

    /// Waits until `done` holds of the shelf's stock, polling; fails the
    /// test with `what` after 20 s.
    fn wait_until(shelf: &Shelf, what: &str, done: impl Fn(&Stock) -> bool) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while !done(&shelf.stock()) {
            assert!(std::time::Instant::now() < deadline, "{what}");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[test]
    fn keys_made_ahead_are_distinct_valid_keys() {
        let pool = KeyPool::with_workers(2);
        pool.expect_calls("{{ genCA \"a\" 1 }}{{ genSignedCert \"b\" nil nil 1 $ca }}");
        let mut moduli: Vec<Vec<u8>> = (0..5)
            .map(|_| modulus(&pool.key(RsaSize::Bits2048).unwrap()))
            .collect();
        // Give the threads time to make keys ahead, then take them.
        wait_until(
            pool.shelf(RsaSize::Bits2048),
            "no key made ahead",
            |stock| stock.ready.len() >= 2,
        );
        moduli.extend((0..2).map(|_| modulus(&pool.key(RsaSize::Bits2048).unwrap())));
        let distinct: std::collections::BTreeSet<_> = moduli.iter().collect();
        assert_eq!(distinct.len(), moduli.len());
    }

    #[test]
    fn a_call_takes_the_key_being_made_rather_than_making_its_own() {
        let pool = KeyPool::with_workers(1);
        pool.expect_calls("{{ genCA 1 }}");
        let shelf = pool.shelf(RsaSize::Bits2048).clone();
        // The key started when the templates were read is being made (or
        // made): the call waits for it, or for the one more thread it
        // starts, and never makes its own.
        let stock = shelf.stock();
        assert_eq!(stock.ready.len() + stock.workers, 1);
        drop(stock);
        let key = shelf.take().expect("a key made ahead");
        modulus(&key);
        assert_eq!(shelf.stock().waiting, 0);
        // With no thread making keys, the call makes its own.
        assert!(
            KeyPool::with_workers(0)
                .shelf(RsaSize::Bits2048)
                .take()
                .is_none()
        );
    }

    #[test]
    fn without_spare_cores_or_calls_no_thread_starts() {
        let alone = KeyPool::with_workers(0);
        alone.expect_calls("{{ genCA \"a\" 1 }}");
        modulus(&alone.key(RsaSize::Bits2048).unwrap());
        assert_eq!(alone.shelf(RsaSize::Bits2048).stock().workers, 0);
        let none = KeyPool::with_workers(2);
        none.expect_calls("{{ genCAWithKey \"a\" 1 $key }}");
        assert_eq!(none.shelf(RsaSize::Bits2048).stock().workers, 0);
    }

    #[test]
    fn one_key_is_made_ahead_before_the_first_call_then_as_many_as_written() {
        let pool = KeyPool::with_workers(2);
        pool.expect_calls("{{ genCA 1 }}{{ genCA 2 }}{{ genCA 3 }}");
        let shelf = pool.shelf(RsaSize::Bits2048).clone();
        wait_until(&shelf, "no key made ahead", |stock| !stock.ready.is_empty());
        // One key, not three, before any template asked: its thread stops.
        wait_until(&shelf, "thread still running", |stock| stock.workers == 0);
        assert_eq!(shelf.stock().ready.len(), 1);
        // The first call takes it and starts threads for the other two.
        assert!(shelf.take().is_some());
        assert_eq!(shelf.stock().workers, 2);
    }

    #[test]
    fn threads_stop_once_the_pool_is_dropped() {
        let pool = KeyPool::with_workers(2);
        pool.expect_calls("{{ genCA 1 }}{{ genCA 2 }}{{ genCA 3 }}{{ genCA 4 }}");
        let shelf = pool.shelf(RsaSize::Bits2048).clone();
        // The first call takes a key and keeps three more made ahead, on
        // the two spare cores.
        assert!(shelf.take().is_some());
        assert!(shelf.stock().workers > 0);
        drop(pool);
        wait_until(&shelf, "threads still running", |stock| stock.workers == 0);
        assert!(shelf.stock().ready.is_empty());
    }
}
