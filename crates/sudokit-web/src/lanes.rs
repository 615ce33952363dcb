//! Where solver work runs: two lanes, so cheap requests are never refused
//! because heavy ones are running.
//!
//! * **Cheap**: small boards (9×9 and below) for solve, hint, rate, explain,
//!   render and parse, and counts on them under a short budget. Up to
//!   `max_cheap` are admitted at once; they run on one thread per core
//!   (counts on as many threads of their own).
//! * **Heavy**: everything else (big boards, generation, counts). They run
//!   on `max_heavy` dedicated threads at low CPU priority (nice 10 on
//!   Linux), so the scheduler gives a cheap request most of a core even with
//!   every heavy thread busy.
//!
//! A request waits for its lane at most `queue_wait`, and at most
//! `max_queue` heavy requests wait at once; past either it gets 503 with
//! `Retry-After`. Every job runs under [`sudokit::Options`] limits that
//! expire with its budget and a cancel flag set when the request gives up,
//! so no job outlives its request by more than the library's check interval.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use sudokit::Options;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

use crate::Config;

/// Which lane a request runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lane {
    Cheap,
    Heavy,
}

/// Why a job did not run or did not finish.
pub(crate) enum Refused {
    /// The lane stayed full for the whole wait, or too many wait already.
    Busy,
    /// The job ran past its budget (and was cancelled).
    OverBudget,
    /// The job panicked.
    Crashed,
}

type Job = Box<dyn FnOnce() + Send>;

/// The two lanes of one server.
pub(crate) struct Lanes {
    /// Jobs running and jobs finished since the allocator was last trimmed.
    activity: Arc<Activity>,
    cheap: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    heavy_waiting: AtomicUsize,
    cheap_jobs: Mutex<mpsc::Sender<Job>>,
    cheap_counts: Mutex<mpsc::Sender<Job>>,
    heavy_jobs: Mutex<mpsc::Sender<Job>>,
    config: Config,
}

impl Lanes {
    pub(crate) fn new(config: &Config) -> Self {
        let activity = Arc::new(Activity::default());
        start_trimmer(activity.clone());
        let heavy = config.max_heavy.max(1);
        // Cheap jobs are CPU-bound: more threads than cores would only share
        // the cores, and each thread's stack and allocator caches stay
        // resident. Admitted jobs wait in the channel for a thread. Counts
        // run to their budget (300 ms), so they have threads of their own:
        // queued behind eight clients' counts, a 1 ms solve took 260 ms.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let cheap_threads = config.max_cheap.clamp(1, cores);
        Lanes {
            activity,
            cheap: Arc::new(Semaphore::new(config.max_cheap.max(1))),
            heavy: Arc::new(Semaphore::new(heavy)),
            heavy_waiting: AtomicUsize::new(0),
            cheap_jobs: start_threads("cheap", cheap_threads, false),
            cheap_counts: start_threads("cheap-count", cheap_threads, false),
            heavy_jobs: start_threads("heavy", heavy, true),
            config: config.clone(),
        }
    }

    /// The time budget of a job in `lane` (`count` jobs in the cheap lane
    /// get the short one: they answer "at least N" when it runs out).
    fn budget(&self, lane: Lane, count: bool) -> Duration {
        match (lane, count) {
            (Lane::Cheap, true) => self.config.cheap_count_budget.min(self.config.budget),
            _ => self.config.budget,
        }
    }

    /// Seconds a refused client should wait before trying again.
    pub(crate) fn retry_after(&self) -> u64 {
        self.config.budget.as_secs_f64().ceil().max(1.0) as u64
    }

    /// Runs `work` (a count when `count`) in `lane` under its budget.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        lane: Lane,
        count: bool,
        work: impl FnOnce(Options) -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let budget = self.budget(lane, count);
        let permit = self.admit(lane).await?;
        let cancel = Arc::new(AtomicBool::new(false));
        let opts = Options::default()
            .with_timeout(budget)
            .with_cancel(cancel.clone())
            .with_threads(1)
            .started();
        let (tx, rx) = oneshot::channel();
        let activity = self.activity.clone();
        activity.running.fetch_add(1, Ordering::AcqRel);
        let job = move || {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(opts)));
            // The lanes' threads live as long as the server: the finders'
            // memos (tens of MB on a big board, never reused by the next
            // job) would stay resident, beyond the trimmer's reach.
            sudokit::logic::forget_thread_memos();
            activity.running.fetch_sub(1, Ordering::AcqRel);
            activity.since_trim.store(true, Ordering::Release);
            // The permit is held until the work has really stopped: a lane
            // is never oversubscribed by jobs that were given up on.
            drop(permit);
            let _ = tx.send(out);
        };
        let jobs = match (lane, count) {
            (Lane::Cheap, false) => &self.cheap_jobs,
            (Lane::Cheap, true) => &self.cheap_counts,
            (Lane::Heavy, _) => &self.heavy_jobs,
        };
        let sent = jobs
            .lock()
            .map_err(|_| Refused::Crashed)?
            .send(Box::new(job));
        sent.map_err(|_| Refused::Crashed)?;
        // A little grace beyond the budget for work that stops at it by itself.
        let limit = budget + Duration::from_millis(500);
        match tokio::time::timeout(limit, rx).await {
            Ok(Ok(Ok(v))) => Ok(v),
            Ok(_) => Err(Refused::Crashed),
            Err(_) => {
                cancel.store(true, Ordering::Relaxed);
                Err(Refused::OverBudget)
            }
        }
    }

    /// A place in `lane`, waiting at most `queue_wait` (heavy: only while
    /// fewer than `max_queue` others wait).
    async fn admit(&self, lane: Lane) -> Result<OwnedSemaphorePermit, Refused> {
        let sem = match lane {
            Lane::Cheap => &self.cheap,
            Lane::Heavy => &self.heavy,
        };
        if let Ok(p) = sem.clone().try_acquire_owned() {
            return Ok(p);
        }
        let _waiting = match lane {
            Lane::Heavy => {
                let w = WaitSlot::take(&self.heavy_waiting, self.config.max_queue)
                    .ok_or(Refused::Busy)?;
                Some(w)
            }
            Lane::Cheap => None,
        };
        match tokio::time::timeout(self.config.queue_wait, sem.clone().acquire_owned()).await {
            Ok(Ok(p)) => Ok(p),
            _ => Err(Refused::Busy),
        }
    }
}

/// Starts a lane's `n` threads, which live as long as the server, and
/// returns the channel that feeds them jobs.
fn start_threads(lane: &str, n: usize, low_priority: bool) -> Mutex<mpsc::Sender<Job>> {
    let (tx, rx) = mpsc::channel::<Job>();
    let rx = Arc::new(Mutex::new(rx));
    for i in 0..n {
        let rx = rx.clone();
        std::thread::Builder::new()
            .name(format!("sudokit-{lane}-{i}"))
            .spawn(move || {
                if low_priority {
                    lower_priority();
                }
                loop {
                    // The lock is held only while waiting for the next job.
                    let job = match rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => job(),
                        Err(_) => return,
                    }
                }
            })
            .expect("spawning a lane's thread");
    }
    Mutex::new(tx)
}

/// What the memory trimmer watches.
#[derive(Default)]
struct Activity {
    running: AtomicUsize,
    since_trim: AtomicBool,
}

/// Gives memory back to the system once the server is quiet: glibc keeps
/// the pages that big jobs freed in its per-thread arenas (the resident
/// size went from 11 MB to 240 MB after a mixed load and stayed there),
/// and only `malloc_trim` returns them. Checked every two seconds: when
/// jobs ran since the last trim and none is running now.
///
/// `malloc_trim` does not shrink the free space at the top of a thread's
/// arena, which glibc trims on `free` only above its trim threshold; by
/// default that threshold follows the largest block freed (up to 64 MB),
/// and after big boards tens of MB per heavy thread stayed resident. The
/// thresholds are therefore fixed at 256 KiB: blocks above it are mapped
/// apart and returned when freed, and no arena keeps more than that on top.
/// What stays after a trim is spread over the arenas (pages that a few
/// live blocks pin), so the arenas are capped at four rather than glibc's
/// eight per core (measurements: docs/notes/server-reliability.md).
fn start_trimmer(activity: Arc<Activity>) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const THRESHOLD: libc::c_int = 256 << 10;
        // SAFETY: mallopt only changes glibc's tuning; it is thread-safe.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD);
            libc::mallopt(libc::M_TRIM_THRESHOLD, THRESHOLD);
            libc::mallopt(libc::M_ARENA_MAX, 4);
        }
        let weak = Arc::downgrade(&activity);
        drop(activity);
        let _ = std::thread::Builder::new()
            .name("sudokit-trim".into())
            .spawn(move || loop {
                std::thread::sleep(Duration::from_secs(2));
                // The server is gone: so is this thread.
                let Some(a) = weak.upgrade() else { return };
                if a.running.load(Ordering::Acquire) == 0
                    && a.since_trim.swap(false, Ordering::AcqRel)
                {
                    // SAFETY: glibc's malloc_trim only releases free memory.
                    unsafe {
                        libc::malloc_trim(0);
                    }
                }
            });
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    drop(activity);
}

/// One of the bounded places in the heavy lane's queue, given back on drop.
struct WaitSlot<'a>(&'a AtomicUsize);

impl<'a> WaitSlot<'a> {
    fn take(count: &'a AtomicUsize, max: usize) -> Option<Self> {
        count
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| WaitSlot(count))
    }
}

impl Drop for WaitSlot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Heavy threads run at nice 10 (Linux: per thread; threads they start, such
/// as the SAT solver's racing helper, inherit it). Elsewhere a no-op.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread, no memory involved.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}
