//! Deadlines and cancellation for searches that may run long.
//!
//! Hard large puzzles can take arbitrarily long, so every search checks a
//! [`Limits`] now and then (every thousand guesses or so, every few hundred
//! conflicts). Checking the clock that rarely keeps the cost invisible.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When a search must give up: a deadline, a shared cancel flag, both or neither.
///
/// ```
/// use std::time::Duration;
/// use sudokit::solve::Limits;
/// let none = Limits::none();
/// assert!(!none.expired());
/// let past = Limits::timeout(Duration::ZERO);
/// assert!(past.expired());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// Checks left before giving up (see [`Limits::with_work`]).
    work: Option<Arc<AtomicU64>>,
}

impl Limits {
    /// No limit: search until done.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Give up `after` from now.
    pub fn timeout(after: Duration) -> Self {
        Limits {
            deadline: Instant::now().checked_add(after),
            ..Limits::default()
        }
    }

    /// Give up at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Give up once `flag` is set (by another thread, say).
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Give up at the first check after `checks` checks of the limits. A
    /// search checks at fixed points of its own work (every 1,024 guesses of
    /// the generic search, 4,096 of the 9×9 one, 256 conflicts of the
    /// learning one), so this budget is deterministic: the same search gives
    /// up at the same point on every machine, under any load. The generator
    /// uses it to stay reproducible from its seed.
    ///
    /// ```
    /// use sudokit::solve::Limits;
    /// let l = Limits::none().with_work(2);
    /// assert!(!l.expired());
    /// assert!(!l.expired());
    /// assert!(l.expired());
    /// assert!(l.expired());
    /// ```
    pub fn with_work(mut self, checks: u64) -> Self {
        self.work = Some(Arc::new(AtomicU64::new(checks)));
        self
    }

    /// True once the deadline has passed, the flag is set or the work
    /// budget is spent (each call counts as one check).
    pub fn expired(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.work.as_ref().is_some_and(|w| {
                w.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |k| k.checked_sub(1))
                    .is_err()
            })
    }
}
