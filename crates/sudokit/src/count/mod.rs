//! Exact counting: the completions of a partial grid, and all grids of a shape.
//!
//! Two counters share the types of this module:
//!
//! * [`completions`] counts the solutions of any partial grid of any geometry
//!   by walking the solver's search tree. Digits that appear nowhere in the
//!   givens are interchangeable, so among them only one representative is
//!   explored at each branch and its subtree is counted with a multiplicity
//!   (the dynamic form of "fix them in first-occurrence order and multiply by
//!   k!"). The tree is split deterministically into subtrees, which gives both
//!   parallelism (rayon) and sharding (shard `i` of `n` owns subtrees
//!   `i, i+n, i+2n, …`, so partial counts sum to the total).
//!   On plain square boards with box shapes 2×2, 2×3, 2×4 and 3×3 (and
//!   transposes) it first lets a bounded search finish positions with few
//!   completions, then answers positions whose count is a share of all
//!   grids by symmetry (at most three givens, on 9×9 at most five, and
//!   larger sets whose digits collapse onto one or two repeated digits:
//!   `count::symmetry`), boards whose given digits are given in all their
//!   cells by band keys (`count::patterns`), then uses band composition
//!   under the givens
//!   (`count::frontier`) when its estimated work is small: bands meet only
//!   through the digit sets of their columns, so the count is a sum over
//!   compatible column configurations of per-band filling counts. Sparse
//!   positions whose givens spread over every band (and every stack) are
//!   beyond both methods' reach; a budget then gives a lower bound.
//!   [`completions_by_bands`] and [`completions_by_enumeration`] force one
//!   method, for cross-checks.
//! * [`grids`] counts every completed grid of a box shape. Plain shapes with
//!   two or three bands use band composition (`count::bands`): bands interact only
//!   through the digit sets of their columns. Disjoint groups and sudoku X
//!   on boxes of 2 or 3 rows and at most 9 digits group the first bands into
//!   classes of equal completion counts and search each class once
//!   (`count::classes`, with `count::disjoint` and `count::diagonals`).
//!   Other variants and shapes fall back to [`completions`] of the empty grid.
//!
//! Counts are arbitrary precision. A time budget or a cancellation flag turns
//! an unfinished count into [`Count::AtLeast`]: the sum of what was counted,
//! which is a proven lower bound, never an estimate.
//!
//! ```
//! use std::time::Duration;
//! use sudokit::{count, Grid};
//! // Seed 003's live counter: 4×4 with one given has 72 completions.
//! let g = Grid::from_line("1...............").unwrap();
//! let c = count::count_within(&g, Duration::from_secs(5)).unwrap();
//! assert_eq!(c, count::Count::Exact(72u32.into()));
//! ```

mod band_boxes;
mod band_fill;
mod bands;
mod bucket;
mod chooser;
mod classes;
mod completions;
mod cut;
mod diagonals;
mod disjoint;
mod estimate;
mod frontier;
mod grids;
mod partial;
mod partitions;
mod patterns;
mod symmetry;
mod tally;
mod two_patterns;
mod two_stacks;
mod windows;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

pub use num_bigint::BigUint;
use rayon::prelude::*;

use crate::solve::Limits;

pub use chooser::{
    completions, completions_by_bands, completions_by_enumeration, completions_method,
    count_within, CompletionsMethod,
};
pub use cut::Orientation;
pub use estimate::{estimate, Estimate};
pub use grids::{grids, GridsMethod};
pub use partial::{
    completions_problem, describe_geometry, grids_problem, merge, MergeError, Partial,
    PARTIAL_FORMAT, SPLIT,
};

/// The result of a count.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Count {
    /// The count is complete.
    Exact(BigUint),
    /// The count was stopped (time budget or cancellation); the true number is
    /// at least this: every unit of it was actually counted.
    AtLeast(BigUint),
}

impl Count {
    /// The number counted (exact or a lower bound).
    pub fn value(&self) -> &BigUint {
        match self {
            Count::Exact(v) | Count::AtLeast(v) => v,
        }
    }

    /// True when the count is complete.
    pub fn is_exact(&self) -> bool {
        matches!(self, Count::Exact(_))
    }

    /// Combines a sum with whether every part of it finished.
    pub(crate) fn new(value: BigUint, exact: bool) -> Self {
        if exact {
            Count::Exact(value)
        } else {
            Count::AtLeast(value)
        }
    }
}

impl fmt::Display for Count {
    /// `123` or `at least 123`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(v) => write!(f, "{v}"),
            Count::AtLeast(v) => write!(f, "at least {v}"),
        }
    }
}

/// Shard `index` of `count`: a fixed subset of the work, the same on every
/// machine, so the partial counts of shards `0..count` sum to the total.
///
/// ```
/// use sudokit::count::Shard;
/// let s: Shard = "2/5".parse().unwrap();
/// assert_eq!((s.index(), s.count()), (2, 5));
/// assert!(s.owns(7) && !s.owns(8));
/// assert!("5/5".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// All the work in one piece.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count` (`index < count`).
    pub fn new(index: usize, count: usize) -> Option<Self> {
        (index < count).then_some(Shard { index, count })
    }
    pub fn index(&self) -> usize {
        self.index
    }
    pub fn count(&self) -> usize {
        self.count
    }
    /// Whether work item `i` (in the deterministic order of the counter)
    /// belongs to this shard.
    pub fn owns(&self, i: usize) -> bool {
        i % self.count == self.index
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::WHOLE
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;
    /// Parses `i/n` with `0 <= i < n`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("expected a shard like 0/4 (index/count, index < count), found {s:?}");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let i: usize = i.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        Shard::new(i, n).ok_or_else(bad)
    }
}

/// How far a count has come: `done` of `total` work items (subtrees or band
/// classes) finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// Options shared by both counters.
#[derive(Default)]
pub struct Options<'a> {
    /// When to give up (deadline, cancel flag): the count is then a lower
    /// bound ([`Count::AtLeast`]).
    pub limits: Limits,
    /// Worker threads; 0 = rayon's default (one per core).
    pub threads: usize,
    pub shard: Shard,
    /// Called from worker threads after each finished work item.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

/// A stop signal shared by the workers of one count: once the budget is
/// exhausted every worker sees it at its next check.
pub(crate) struct Stop<'a> {
    limits: &'a Limits,
    stopped: AtomicBool,
}

impl<'a> Stop<'a> {
    pub(crate) fn new(limits: &'a Limits) -> Self {
        Stop {
            limits,
            stopped: AtomicBool::new(false),
        }
    }
    pub(crate) fn should_stop(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        if self.limits.expired() {
            self.stopped.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// This shard's work items: those whose position in the counter's
/// deterministic order the shard owns.
pub(crate) fn shard_items<T>(items: impl IntoIterator<Item = T>, shard: Shard) -> Vec<T> {
    items
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.owns(*i))
        .map(|(_, x)| x)
        .collect()
}

/// The loop every sharded counter shares: runs `work` on each item in
/// parallel (with one `init()` scratch value per worker) and adds up the
/// results. `work` returns the item's count and whether it is complete; an
/// incomplete item still adds what it counted, so the sum stays a lower
/// bound. Once the budget is spent the remaining items are skipped.
/// `opts.progress` hears of every finished item.
pub(crate) fn sum_items<T, S, I, W>(
    items: &[T],
    opts: &Options,
    stop: &Stop,
    init: I,
    work: W,
) -> (BigUint, bool)
where
    T: Sync,
    I: Fn() -> S + Sync + Send,
    W: Fn(&mut S, &T) -> (BigUint, bool) + Sync + Send,
{
    let total = items.len();
    let done = AtomicUsize::new(0);
    // The parts are announced before the first one finishes (which can
    // take hours), so that progress shows how much work there is.
    if let Some(p) = opts.progress {
        p(Progress { done: 0, total });
    }
    let parts: Vec<(BigUint, bool)> = items
        .par_iter()
        .map_init(init, |scratch, item| {
            if stop.should_stop() {
                return (BigUint::default(), false);
            }
            let part = work(scratch, item);
            if let Some(p) = opts.progress {
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                p(Progress { done: d, total });
            }
            part
        })
        .collect();
    let exact = parts.iter().all(|p| p.1);
    (parts.into_iter().map(|p| p.0).sum(), exact)
}

/// [`sum_items`] for work that either finishes or gives up with nothing.
pub(crate) fn sum_finished<T, W>(
    items: &[T],
    opts: &Options,
    stop: &Stop,
    work: W,
) -> (BigUint, bool)
where
    T: Sync,
    W: Fn(&T) -> Option<BigUint> + Sync + Send,
{
    sum_items(
        items,
        opts,
        stop,
        || (),
        |_, item| match work(item) {
            Some(v) => (v, true),
            None => (BigUint::default(), false),
        },
    )
}

/// Runs `work` on a pool of `threads` threads (0 = the global pool).
pub(crate) fn in_pool<R: Send>(threads: usize, work: impl FnOnce() -> R + Send) -> R {
    if threads == 0 || !cfg!(feature = "parallel") {
        return work();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}
