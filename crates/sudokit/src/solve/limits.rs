//! Deadlines and cancellation for searches that may run long.
//!
//! Hard large puzzles can take arbitrarily long, so every search checks a
//! [`Limits`] now and then (every thousand guesses or so, every few hundred
//! conflicts). Checking the clock that rarely keeps the cost invisible.

use std::sync::atomic::{AtomicBool, Ordering};
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
            cancel: None,
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

    /// True once the deadline has passed or the flag is set.
    pub fn expired(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
