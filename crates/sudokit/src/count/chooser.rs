//! Which method counts the completions of a grid, and the public calls
//! that count with it: a share of the total by symmetry
//! (`count::symmetry`), band keys when every given digit is given whole
//! (`count::patterns`), band composition (`count::frontier`) where its cost
//! estimate is low or enumeration is out of reach, and enumeration
//! (`count::completions`) otherwise.

use std::sync::Arc;
use std::time::Duration;

use num_bigint::BigUint;

use super::completions::{completions_unchecked, estimated_completions};
use super::cut::{cuts, plan_of, Cut, Orientation};
use super::frontier::{self, run};
use super::{bands, in_pool, patterns, symmetry, Count, Options, Shard, Stop};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::limits::Limits;
use crate::solve;
use crate::validate::{check_givens, Contradiction};

/// The exact number of solutions of `grid` (or a lower bound if the budget
/// runs out), with the options' threads, shard and progress callback.
///
/// Contradictory givens are an error, as in [`crate::solve::count`].
///
/// ```
/// use sudokit::{count, Grid};
/// let g = Grid::from_line(&".".repeat(16)).unwrap();
/// let c = count::completions(&g, &count::Options::default()).unwrap();
/// assert_eq!(c.to_string(), "288");
/// // Two shards give partial counts that add up to the same total.
/// let part = |i| {
///     let opts = count::Options { shard: count::Shard::new(i, 2).unwrap(), ..Default::default() };
///     count::completions(&g, &opts).unwrap().value().clone()
/// };
/// assert_eq!(part(0) + part(1), 288u32.into());
/// ```
pub fn completions(grid: &Grid, opts: &Options) -> Result<Count, Contradiction> {
    check_givens(grid)?;
    if let Some(choice) = choose(grid.geometry(), grid.cells()) {
        if let Some(c) = small_count(grid) {
            // The whole count is one work item: shard 0 owns it.
            let mine = if opts.shard.owns(0) { c } else { 0 };
            return Ok(Count::Exact(mine.into()));
        }
        let count = auto(grid.geometry(), grid.cells(), choice, opts)
            .unwrap_or_else(|| completions_unchecked(grid.geometry(), grid.cells(), opts));
        return Ok(at_least_small_count(count, opts));
    }
    Ok(completions_unchecked(grid.geometry(), grid.cells(), opts))
}

/// A whole count's lower bound raised to [`SMALL_COUNT`]: the bounded
/// search before it found that many. (A long shot that runs out its share
/// can leave enumeration no time, and "at least 0" for a position with
/// billions of completions reads as a wrong answer.)
fn at_least_small_count(count: Count, opts: &Options) -> Count {
    match count {
        Count::AtLeast(n) if opts.shard == Shard::WHOLE => {
            Count::AtLeast(n.max(SMALL_COUNT.into()))
        }
        other => other,
    }
}

/// Solutions a plain search counts before band composition takes over: a
/// position with fewer (a puzzle, a dense position) is finished by the search
/// in milliseconds, while band composition would first enumerate its bands.
const SMALL_COUNT: u64 = 2_000;

/// The number of solutions when it is below [`SMALL_COUNT`].
fn small_count(grid: &Grid) -> Option<u64> {
    solve::count(grid, SMALL_COUNT)
        .ok()
        .filter(|&k| k < SMALL_COUNT)
}

/// How [`completions`] counts a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionsMethod {
    /// Band composition under the givens (plain square boards with box
    /// shapes 2×2, 2×3, 2×4, 3×3 and transposes, less than half full: when
    /// its estimated work is small, or when a sample of the search tree
    /// puts the completions beyond what enumeration finishes in seconds but
    /// within what band composition has been seen to finish).
    Bands,
    /// The search tree with digit relabelling (every other case).
    Enumeration,
}

/// The method [`completions`] uses for `grid` (a function of the grid
/// alone, so the shards of one count agree). Positions with fewer than
/// 2,000 completions are counted by the search even where band composition
/// applies; this call runs that bounded search to tell.
///
/// ```
/// use sudokit::{count, Grid};
/// let sparse = Grid::from_line(&format!("1{}", ".".repeat(80))).unwrap();
/// assert_eq!(count::completions_method(&sparse), count::CompletionsMethod::Bands);
/// ```
pub fn completions_method(grid: &Grid) -> CompletionsMethod {
    if choose(grid.geometry(), grid.cells()).is_some() && small_count(grid).is_none() {
        CompletionsMethod::Bands
    } else {
        CompletionsMethod::Enumeration
    }
}

/// [`completions`] by the search tree only (the method of every geometry;
/// used to cross-check band composition).
///
/// ```
/// use sudokit::{count, Grid};
/// let g = Grid::from_line("1...............").unwrap();
/// let c = count::completions_by_enumeration(&g, &Default::default()).unwrap();
/// assert_eq!(c.to_string(), "72");
/// ```
pub fn completions_by_enumeration(grid: &Grid, opts: &Options) -> Result<Count, Contradiction> {
    check_givens(grid)?;
    Ok(completions_unchecked(grid.geometry(), grid.cells(), opts))
}

/// [`completions`] by band composition whatever the estimated cost, cutting
/// the board the way `orientation` says. `Ok(None)` when the geometry is not
/// covered (variants, cubes, box shapes other than 2×2, 2×3, 2×4, 3×3 and
/// transposes) or the orientation does not fit the box shape.
///
/// Cutting a 9×9 into rows and into columns are two different
/// decompositions of the same count (here the first box is filled):
///
/// ```
/// use sudokit::{count, count::Orientation, Grid};
/// let rows = ["123", "456", "789"].map(|r| format!("{r}......"));
/// let g = Grid::from_line(&format!("{}{}", rows.concat(), ".".repeat(54))).unwrap();
/// let opts = count::Options::default();
/// let by_rows = count::completions_by_bands(&g, Orientation::Rows, &opts).unwrap().unwrap();
/// let by_cols = count::completions_by_bands(&g, Orientation::Columns, &opts).unwrap().unwrap();
/// assert_eq!(by_rows, by_cols);
/// assert_eq!(by_rows.to_string(), "18383222420692992");
/// ```
pub fn completions_by_bands(
    grid: &Grid,
    orientation: Orientation,
    opts: &Options,
) -> Result<Option<Count>, Contradiction> {
    check_givens(grid)?;
    Ok(frontier::forced(
        grid.geometry(),
        grid.cells(),
        orientation,
        opts,
    ))
}

/// Counts for at most `budget` on the global thread pool: exact when it
/// finishes, "at least" otherwise. This is the call behind a live counter.
pub fn count_within(grid: &Grid, budget: Duration) -> Result<Count, Contradiction> {
    let opts = Options {
        limits: Limits::timeout(budget),
        ..Default::default()
    };
    completions(grid, &opts)
}

/// Up to this estimated work (band fillings enumerated plus joins) the
/// automatic choice takes band composition.
const AUTO_COST_LIMIT: f64 = 3e6;

/// Above [`AUTO_COST_LIMIT`], band composition is still the better bet
/// when enumeration is out of reach, from about [`ENUMERATION_REACH`] to
/// [`BANDS_REACH`] completions (estimated by sampling the search tree, good
/// to a factor of about 1.5 on the test positions). The cost estimate is a
/// poor guide there: positions estimated at 10^11 have finished in 2 s,
/// others at 10^9 not in 10 s. Above this cost band composition is not
/// tried at all.
const LONG_SHOT_COST: f64 = 1e12;

/// Completions beyond which enumeration (1–5 million a second on 9×9) is
/// slower than band composition is likely to be. Puzzle subsets with 14–16
/// givens and 0.75–5.5 million completions took 0.28–1.06 s by enumeration
/// and 0.04–0.2 s by bands (their cost estimate is high: it counts band
/// fillings, not the box fill's work). Were 10^7 (the value before), they
/// went to enumeration.
const ENUMERATION_REACH: f64 = 5e5;

/// Completions beyond which band composition has rarely finished in 10 s
/// (random positions with 11 or fewer givens: 10^12 and more; with 12,
/// 10^11 to 6·10^11 finished in 2–20 s).
const BANDS_REACH: f64 = 2e12;

/// Share of the time left that a long shot may use before enumeration
/// takes over; the larger of the two lower bounds is kept.
const LONG_SHOT_SHARE: f64 = 0.9;

/// Time below which a whole count does not try a long shot beyond
/// [`SHORT_SHOT_REACH`]: none of those has finished in under half a second,
/// and enumeration's lower bound is the better answer then.
const LONG_SHOT_MIN_TIME: Duration = Duration::from_secs(1);

/// Estimated completions up to which a long shot is tried with less time,
/// from [`SHORT_SHOT_MIN_TIME`]. Since the box fill, long shots with 13–16
/// givens and up to 1.6·10^10 completions finish in 0.05–0.2 s: at the web
/// server's 0.3 s budget this makes 17 more test positions exact. Beyond,
/// they did not finish in 0.3 s, and the short try only cost memory (about
/// 200 MB where enumeration takes 7 MB) and most of enumeration's time.
const SHORT_SHOT_REACH: f64 = 3e10;

/// The least time for a long shot within [`SHORT_SHOT_REACH`].
const SHORT_SHOT_MIN_TIME: Duration = Duration::from_millis(200);

/// What [`auto`] would answer with, found once: `completions` asks first
/// (to let a small search take tiny counts) and then counts with it.
pub(crate) enum Choice {
    /// A share of the total (`count::symmetry`).
    Symmetry,
    /// Every given digit given whole: band keys (`count::patterns`).
    WholeDigits,
    /// Band composition on this cut.
    Bands(Cut, Route),
}

/// The method [`auto`] would take, if any: a share of the total by
/// symmetry, whole digits by band keys, or band composition.
pub(crate) fn choose(geo: &Arc<Geometry>, values: &[u16]) -> Option<Choice> {
    if plan_of(geo).is_some() && symmetry::applies(geo, values) {
        Some(Choice::Symmetry)
    } else if patterns::applies(geo, values) {
        Some(Choice::WholeDigits)
    } else {
        auto_cut(geo, values).map(|(cut, route)| Choice::Bands(cut, route))
    }
}

/// The automatic choice behind `completions`, from [`choose`]: `Some` when
/// symmetry or whole digits answer, or band composition is expected to be
/// cheap or is the better long shot and finishes; `None` to use
/// enumeration.
pub(crate) fn auto(
    geo: &Arc<Geometry>,
    values: &[u16],
    choice: Choice,
    opts: &Options,
) -> Option<Count> {
    let (cut, route) = match choice {
        Choice::Bands(cut, route) => (cut, route),
        shortcut => {
            // Only for whole counts: these answers are not split into
            // shards, and the forced decompositions stay independent checks
            // of them.
            if opts.shard == Shard::WHOLE {
                if matches!(shortcut, Choice::Symmetry) {
                    if let Some(count) = by_symmetry(geo, values, opts) {
                        return Some(count);
                    }
                }
                if patterns::applies(geo, values) {
                    let stop = Stop::new(&opts.limits);
                    let whole = in_pool(opts.threads, || {
                        patterns::whole_patterns(geo, values, &stop)
                    });
                    if let Some(done) = whole {
                        return Some(match done {
                            Ok(exact) => Count::Exact(exact),
                            Err(at_least) => Count::AtLeast(at_least),
                        });
                    }
                }
            }
            auto_cut(geo, values)?
        }
    };
    match route {
        // Too big to materialise: enumeration gets the rest of the budget.
        Route::Sure => run(cut, opts).ok(),
        Route::LongShot { min_time } => long_shot(cut, geo, values, opts, min_time),
    }
}

/// Band composition where its cost estimate is high. A whole count gives it
/// part of the time left (none when little is left), then enumeration the
/// rest, and keeps the larger lower bound (`None`: not tried). A shard runs
/// it as any other method, so that every shard of a count uses the same one.
fn long_shot(
    cut: Cut,
    geo: &Arc<Geometry>,
    values: &[u16],
    opts: &Options,
    min_time: Duration,
) -> Option<Count> {
    let whole = opts.shard == Shard::WHOLE;
    let Some(remaining) = opts.limits.remaining().filter(|_| whole) else {
        return run(cut, opts).ok();
    };
    if remaining < min_time {
        return None;
    }
    let share = remaining.mul_f64(LONG_SHOT_SHARE);
    let part = Options {
        limits: opts.limits.clone().and_timeout(share),
        threads: opts.threads,
        shard: opts.shard,
        progress: opts.progress,
    };
    let bands = match run(cut, &part) {
        Ok(Count::Exact(n)) => return Some(Count::Exact(n)),
        Ok(Count::AtLeast(n)) => n,
        Err(_) => BigUint::default(),
    };
    Some(match completions_unchecked(geo, values, opts) {
        Count::AtLeast(n) => Count::AtLeast(n.max(bands)),
        exact => exact,
    })
}

/// The completions as a share of all grids (`count::symmetry`), when that
/// applies.
fn by_symmetry(geo: &Geometry, values: &[u16], opts: &Options) -> Option<Count> {
    let plan = plan_of(geo)?;
    let (num, den) = symmetry::share(geo, values)?;
    match bands::count(plan, opts) {
        // The share of an exact total is a whole number; were it not, the
        // reasoning would not hold here: count instead.
        Count::Exact(t) if (&t * &num % &den).bits() == 0 => Some(Count::Exact(t * num / den)),
        Count::Exact(_) => None,
        Count::AtLeast(t) => Some(Count::AtLeast(t * num / den)),
    }
}

/// How sure `auto` is of band composition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Expected to be cheap.
    Sure,
    /// Expensive, but enumeration would be more so; tried when a whole
    /// count has at least `min_time` left.
    LongShot { min_time: Duration },
}

/// The cut `auto` would count with, if any.
fn auto_cut(geo: &Arc<Geometry>, values: &[u16]) -> Option<(Cut, Route)> {
    let plan = plan_of(geo)?;
    if values.len() != plan.n * plan.n {
        return None;
    }
    let givens = values.iter().filter(|&&v| v != 0).count();
    // Dense positions: enumeration finishes at once and needs no tables.
    if 2 * givens >= values.len() {
        return None;
    }
    let best = cuts(geo, values, plan, Orientation::Auto)
        .into_iter()
        .min_by(|a, b| a.cost.total_cmp(&b.cost))?;
    if best.cost <= AUTO_COST_LIMIT {
        return Some((best, Route::Sure));
    }
    if best.cost > LONG_SHOT_COST {
        return None;
    }
    let estimate = estimated_completions(geo, values);
    let min_time = if estimate <= SHORT_SHOT_REACH {
        SHORT_SHOT_MIN_TIME
    } else {
        LONG_SHOT_MIN_TIME
    };
    (ENUMERATION_REACH..=BANDS_REACH)
        .contains(&estimate)
        .then_some((best, Route::LongShot { min_time }))
}
