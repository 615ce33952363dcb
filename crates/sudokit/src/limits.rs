//! Deadlines and cancellation for work that may run long.
//!
//! Hard large puzzles can take arbitrarily long, so every search, finder and
//! generator loop checks a [`Limits`] now and then (every thousand guesses or
//! so, every few hundred conflicts). Checking that rarely keeps the cost
//! invisible.
//!
//! Time is read through a [`Clock`]: `std::time::Instant` panics on
//! `wasm32-unknown-unknown`, so there the default clock never advances and a
//! caller that wants deadlines passes its own (the browser's
//! `performance.now()`, say) with [`Limits::with_clock`]. Cancellation works
//! everywhere.
//!
//! Long loops also say how far they have come through [`Limits::report`]: a
//! caller that shows progress passes a callback with
//! [`Limits::with_progress`] (it is called as often as the limits are
//! checked, so it should be cheap and throttle on its own).

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A source of elapsed time: any monotonic reading, as a duration since an
/// origin of the clock's choosing.
pub trait Clock: Send + Sync {
    fn now(&self) -> Duration;
}

/// `std::time::Instant` where the platform has it.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
struct SystemClock;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Clock for SystemClock {
    fn now(&self) -> Duration {
        static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        ORIGIN.get_or_init(std::time::Instant::now).elapsed()
    }
}

/// No clock on this platform: time stands still, deadlines never pass.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
struct SystemClock;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
impl Clock for SystemClock {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

fn system_clock() -> Arc<dyn Clock> {
    Arc::new(SystemClock)
}

/// How far long work has come, as reported to a [`Limits::with_progress`]
/// callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Progress {
    /// A count has found at least this many solutions so far.
    Solutions(u128),
    /// A count split into `total` independent parts has finished `done`.
    Parts { done: usize, total: usize },
    /// Generation is on candidate grid `attempt` (from 1).
    Attempt(usize),
    /// Generation has tried removing `tried` of `total` clue groups from the
    /// current candidate.
    Clues { tried: usize, total: usize },
}

/// A progress callback (shared by clones of the limits).
pub type ProgressFn = Arc<dyn Fn(Progress) + Send + Sync>;

/// When work must give up: a deadline, a shared cancel flag, both or neither;
/// and, optionally, where to report progress.
///
/// ```
/// use std::time::Duration;
/// use sudokit::Limits;
/// let none = Limits::none();
/// assert!(!none.expired());
/// let past = Limits::timeout(Duration::ZERO);
/// assert!(past.expired());
/// ```
#[derive(Clone, Default)]
pub struct Limits {
    deadline: Option<(Arc<dyn Clock>, Duration)>,
    cancel: Option<Arc<AtomicBool>>,
    progress: Option<ProgressFn>,
}

impl fmt::Debug for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("deadline", &self.deadline.as_ref().map(|(_, d)| d))
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// A time limit given in seconds (`--timeout`, a binding's `timeout=`):
/// `None` is no limit, and so is a number of seconds longer than any run;
/// a negative or non-finite number is refused in words.
///
/// ```
/// use std::time::Duration;
/// use sudokit::limits::timeout_secs;
/// assert_eq!(timeout_secs(Some(1.5)), Ok(Some(Duration::from_millis(1500))));
/// assert_eq!(timeout_secs(Some(1e30)), Ok(None));
/// assert!(timeout_secs(Some(-1.0)).is_err());
/// ```
pub fn timeout_secs(secs: Option<f64>) -> Result<Option<Duration>, String> {
    let Some(t) = secs else { return Ok(None) };
    match Duration::try_from_secs_f64(t) {
        Ok(d) => Ok(Some(d)),
        Err(_) if t.is_finite() && t > 0.0 => Ok(None),
        Err(_) => Err(format!(
            "a timeout must be a non-negative number of seconds, not {t}"
        )),
    }
}

impl Limits {
    /// The limits of [`timeout_secs`]: a deadline that many seconds from
    /// now, or none.
    pub fn from_secs(secs: Option<f64>) -> Result<Self, String> {
        Ok(match timeout_secs(secs)? {
            Some(d) => Limits::timeout(d),
            None => Limits::none(),
        })
    }

    /// No limit: work until done.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Give up `after` from now, by the system clock.
    pub fn timeout(after: Duration) -> Self {
        Limits::none().with_timeout_on(system_clock(), after)
    }

    /// Give up `after` from now as read by `clock` (for platforms without a
    /// system clock, and for tests).
    pub fn with_clock(clock: Arc<dyn Clock>, after: Duration) -> Self {
        Limits::none().with_timeout_on(clock, after)
    }

    fn with_timeout_on(mut self, clock: Arc<dyn Clock>, after: Duration) -> Self {
        let at = clock.now().saturating_add(after);
        self.deadline = Some((clock, at));
        self
    }

    /// Also give up `after` from now (the earlier deadline wins).
    pub fn and_timeout(self, after: Duration) -> Self {
        let clock = self
            .deadline
            .as_ref()
            .map_or_else(system_clock, |(c, _)| c.clone());
        let at = clock.now().saturating_add(after);
        match &self.deadline {
            Some((_, d)) if *d <= at => self,
            _ => Limits {
                deadline: Some((clock, at)),
                ..self
            },
        }
    }

    /// Give up once `flag` is set (by another thread, say).
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Report progress to `f` (see [`Limits::report`]).
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use sudokit::limits::{Limits, Progress};
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = seen.clone();
    /// let l = Limits::none().with_progress(Arc::new(move |p| log.lock().unwrap().push(p)));
    /// l.report(|| Progress::Attempt(1));
    /// assert_eq!(*seen.lock().unwrap(), [Progress::Attempt(1)]);
    /// ```
    pub fn with_progress(mut self, f: ProgressFn) -> Self {
        self.progress = Some(f);
        self
    }

    /// Tells the progress callback, if there is one, how far the work has
    /// come (`p` is only evaluated then).
    pub fn report(&self, p: impl FnOnce() -> Progress) {
        if let Some(f) = &self.progress {
            f(p());
        }
    }

    /// True when a progress callback listens.
    pub fn reports(&self) -> bool {
        self.progress.is_some()
    }

    /// Time left before the deadline (`None` without one).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .as_ref()
            .map(|(clock, at)| at.saturating_sub(clock.now()))
    }

    /// True when there is neither a deadline nor a cancel flag.
    pub fn is_unlimited(&self) -> bool {
        self.deadline.is_none() && self.cancel.is_none()
    }

    /// True once the deadline has passed or the flag is set.
    pub fn expired(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self
                .deadline
                .as_ref()
                .is_some_and(|(clock, at)| clock.now() >= *at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    /// A clock moved by hand.
    struct Manual(AtomicU64);
    impl Clock for Manual {
        fn now(&self) -> Duration {
            Duration::from_millis(self.0.load(Ordering::Relaxed))
        }
    }

    #[test]
    fn deadline_follows_the_given_clock() {
        let clock = Arc::new(Manual(AtomicU64::new(1000)));
        let l = Limits::with_clock(clock.clone(), Duration::from_millis(50));
        assert!(!l.expired());
        assert_eq!(l.remaining(), Some(Duration::from_millis(50)));
        clock.0.store(1049, Ordering::Relaxed);
        assert!(!l.expired());
        clock.0.store(1050, Ordering::Relaxed);
        assert!(l.expired());
    }

    #[test]
    fn cancel_flag_and_earlier_deadline_win() {
        let flag = Arc::new(AtomicBool::new(false));
        let l = Limits::timeout(Duration::from_secs(3600)).with_cancel(flag.clone());
        assert!(!l.expired());
        flag.store(true, Ordering::Relaxed);
        assert!(l.expired());
        let l = Limits::timeout(Duration::from_secs(3600)).and_timeout(Duration::ZERO);
        assert!(l.expired());
        let l = Limits::timeout(Duration::ZERO).and_timeout(Duration::from_secs(3600));
        assert!(l.expired());
    }
}
