//! Completions of a partial grid by band composition.
//!
//! Orient the board as in `count::bands`: `w` bands of `h` rows, `h` stacks
//! of `w` columns, `N = w·h` digits. A band filling has a *column
//! configuration*: the digit set of each of its `N` columns (each set has `h`
//! digits). Bands meet only through columns, so a full grid is a choice of
//! one filling per band whose column sets partition the digits column by
//! column, and
//!
//! ```text
//! completions = Σ over compatible (C_1, …, C_w) of  Π_i  N_i(C_i)
//! ```
//!
//! where `N_i(C)` is the number of fillings of band `i` that agree with that
//! band's givens and have column configuration `C`. The bands take three
//! roles:
//!
//! * **A** (outer): its fillings are enumerated under its givens. Digits that
//!   appear in no given anywhere are interchangeable in the whole problem, so
//!   among them only one representative is tried at each cell and its filling
//!   is weighted by how many it stands for. Fillings are grouped by column
//!   configuration: `W(C_A)` is the weighted number of representatives.
//! * **B** and **C** (inner, three bands only B): a band with givens is
//!   *materialised*: all its fillings are enumerated into a map from column
//!   configuration to `N`. A band without givens needs no enumeration: its
//!   `N(C)` depends only on the multiset of digit profiles of `C` (the band
//!   *key* of `count::bands`) and is read from the key table.
//!
//! Then `completions = Σ_{C_A} W(C_A) · M(C_A)` with
//!
//! * two bands: `M(C_A) = N_B(complement of C_A)`;
//! * three bands, B and C without givens: `M` depends only on the class of
//!   `C_A`'s key under column and stack permutations (44 classes on 9×9), so it
//!   is computed once per class (the same sum as `grids`) and memoised;
//! * three bands otherwise: `M(C_A) = Σ N_B(C_B) · N_C(rest)` over the
//!   materialised `C_B` disjoint from `C_A`, found through an index on the
//!   column sets of B's first stack.
//!
//! A column configuration is packed into a `u128`: column `c`'s digit set
//! (bit `d` for digit `d + 1`) at bits `c·N .. c·N + N`. Two configurations
//! are compatible exactly when their bitwise AND is zero, and the third band
//! of a compatible pair is the complement of their OR.
//!
//! Which way to cut (rows or columns, when boxes are square) and which band
//! takes which role is chosen by a cost estimate from the number of givens per
//! band. Where that estimate is high, band composition is still taken when
//! a sampled estimate of the completions puts enumeration out of reach
//! (`Route::LongShot`). The key tables (bands with the first row fixed, by
//! key; key classes) are built once per box shape and kept for the life of
//! the process.
//!
//! Every number summed is a count of actual completions, so a count stopped by
//! the budget is a proven lower bound.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use num_bigint::BigUint;
use rayon::prelude::*;

use super::band_fill::{fill_band, fill_band_buckets, fill_band_list, Record};
use super::bands::{self, KeyMap, Plan};
use super::bucket::{Bucket, Unfinished};
use super::cut::{cuts, plan_of, Cut, Orientation};
use super::{in_pool, partitions, Count, Options, Progress, Stop};
use crate::geometry::Geometry;

/// Key tables of one shape, built once.
pub(crate) struct Tables {
    plan: Plan,
    /// Key → number of bands with one given profile map of that key.
    bands: KeyMap<u128>,
    /// Three bands: key → its class (smallest key of the orbit).
    class_of: KeyMap<u128>,
    /// Three bands: class → completions of bands 2 and 3 under a first band
    /// of that class (filled on demand).
    below: Mutex<KeyMap<u128>>,
}

type Cache = Mutex<HashMap<(usize, usize), Arc<Tables>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The tables of `plan`, built on first use; `None` if the budget ran out
/// while building them.
fn tables(plan: Plan, stop: &Stop) -> Option<Arc<Tables>> {
    let key = (plan.w, plan.h);
    let mut guard = match cache().lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(t) = guard.get(&key) {
        return Some(t.clone());
    }
    let first_row = bands::first_row_fixed_counts(plan, stop)?;
    let profiles = plan.w.pow(plan.h as u32);
    let band_counts: KeyMap<u128> = first_row
        .iter()
        .map(|(&k, &v)| (k, v * bands::stabiliser(k, profiles)))
        .collect();
    let mut class_of: KeyMap<u128> = KeyMap::default();
    if plan.w == 3 {
        let syms = bands::packed_column_symmetries(plan);
        for &k in first_row.keys() {
            if class_of.contains_key(&k) {
                continue;
            }
            let orb = bands::orbit(k, profiles, &syms);
            let c = orb[0];
            for x in orb {
                class_of.insert(x, c);
            }
        }
    }
    let t = Arc::new(Tables {
        plan,
        bands: band_counts,
        class_of,
        below: Mutex::new(KeyMap::default()),
    });
    guard.insert(key, t.clone());
    Some(t)
}

impl Tables {
    /// `N(C)` for a band without givens.
    fn empty_band(&self, cols: u128) -> u128 {
        self.bands
            .get(&profile_key(self.plan, cols))
            .copied()
            .unwrap_or(0)
    }

    /// Completions of bands 2 and 3 (no givens) under a first band with
    /// band key `key`.
    fn below_key(&self, key: u128) -> u128 {
        let Some(&class) = self.class_of.get(&key) else {
            return 0;
        };
        if let Some(&v) = lock(&self.below).get(&class) {
            return v;
        }
        let v = bands::completions_of_first_band(self.plan, class, &self.bands);
        lock(&self.below).insert(class, v);
        v
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// The band key (multiset of digit profiles) of a column configuration.
pub(super) fn profile_key(plan: Plan, cols: u128) -> u128 {
    let Plan { w, n, .. } = plan;
    let mask = (1u128 << n) - 1;
    let mut prof = [0usize; 16];
    let mut pow = 1usize;
    for c in 0..n {
        if c > 0 && c % w == 0 {
            pow *= w;
        }
        let mut m = ((cols >> (c * n)) & mask) as u32;
        let add = (c % w) * pow;
        while m != 0 {
            prof[m.trailing_zeros() as usize] += add;
            m &= m - 1;
        }
    }
    prof[..n]
        .iter()
        .fold(0u128, |acc, &p| acc + (1u128 << (4 * p)))
}

/// Band composition forced (any cost), in the given orientation; `None`
/// when the geometry or orientation is not covered.
pub(crate) fn forced(
    geo: &Geometry,
    values: &[u16],
    orientation: Orientation,
    opts: &Options,
) -> Option<Count> {
    let plan = plan_of(geo)?;
    if values.len() != plan.n * plan.n {
        return None;
    }
    let best = cuts(geo, values, plan, orientation)
        .into_iter()
        .min_by(|a, b| a.cost.total_cmp(&b.cost))?;
    Some(run(best, opts).unwrap_or(Count::AtLeast(BigUint::default())))
}

pub(super) fn run(cut: Cut, opts: &Options) -> Result<Count, Unfinished> {
    let stop = Stop::new(&opts.limits);
    in_pool(opts.threads, || run_in_pool(&cut, opts, &stop))
}

/// Band composition of a cut: `Err(TooBig)` when a band has too many
/// configurations to hold; a stopped count is `Ok(AtLeast(sum so far))`.
fn run_in_pool(cut: &Cut, opts: &Options, stop: &Stop) -> Result<Count, Unfinished> {
    let plan = cut.plan;
    let zero = |u: Unfinished| match u {
        Unfinished::Stopped => Ok(Count::AtLeast(BigUint::default())),
        Unfinished::TooBig => Err(Unfinished::TooBig),
    };
    if cut.givens.iter().all(|&g| g == 0) {
        return Ok(bands::count(plan, opts));
    }
    // The key tables serve bands without givens only.
    let tables = if cut.givens.contains(&0) {
        match tables(plan, stop) {
            Some(t) => Some(t),
            None => return zero(Unfinished::Stopped),
        }
    } else {
        None
    };
    let (a, b) = (cut.roles[0], cut.roles[1]);
    let c = cut.roles.get(2).copied();
    let inner_empty = cut.roles[1..].iter().all(|&x| cut.givens[x] == 0);
    // Materialise the inner bands that have givens: on 9×9 (three bands)
    // in buckets by their first two stacks, else as maps.
    let three = plan.w == 3;
    let materialise = |x: usize| -> Result<Option<KeyMap<u128>>, Unfinished> {
        if cut.givens[x] == 0 || three {
            return Ok(None);
        }
        fill_band(
            plan,
            Record::Columns,
            &cut.bands[x],
            &cut.forbid[x],
            0,
            stop,
        )
        .map(Some)
    };
    let buckets = |x: usize| -> Result<Option<KeyMap<Bucket>>, Unfinished> {
        if cut.givens[x] == 0 || !three {
            return Ok(None);
        }
        fill_band_buckets(plan, &cut.bands[x], &cut.forbid[x], stop).map(Some)
    };
    let (lb, index) = match (materialise(b), buckets(b)) {
        (Ok(l), Ok(bk)) => (l, bk.map(|bk| StackIndex::new(plan, bk))),
        (Err(u), _) | (_, Err(u)) => return zero(u),
    };
    // The last band's buckets (C's column sets follow from A's and B's).
    let split_c = match c.map(buckets) {
        None => None,
        Some(Ok(l)) => l,
        Some(Err(u)) => return zero(u),
    };
    // With no givens below, only the outer band's key matters.
    let outer = if inner_empty {
        fill_band(
            plan,
            Record::Key,
            &cut.bands[a],
            &cut.forbid[a],
            cut.free,
            stop,
        )
        .map(|o| o.into_iter().collect())
    } else {
        fill_band_list(plan, &cut.bands[a], &cut.forbid[a], cut.free, stop)
    };
    let mut groups: Vec<(u128, u128)> = match outer {
        Ok(o) => o,
        Err(u) => return zero(u),
    };
    // Outer bands sharing their first two stacks come together, so the
    // join below meets the same small tables of the last band in a row.
    let shift2 = 2 * plan.w * plan.n;
    let low2 = (1u128 << shift2.min(127)) - 1;
    groups.sort_unstable_by_key(|&(g, _)| (g & low2, g));
    let mine: Vec<(u128, u128)> = groups
        .into_iter()
        .enumerate()
        .filter(|(i, _)| opts.shard.owns(*i))
        .map(|(_, g)| g)
        .collect();
    let full_cols: u128 = (0..plan.n).fold(0u128, |acc, col| {
        acc | (((1u128 << plan.n) - 1) << (col * plan.n))
    });
    let empty_band = |cols: u128| tables.as_ref().map_or(0, |t| t.empty_band(cols));
    let n_of = |list: &Option<KeyMap<u128>>, cols: u128| -> u128 {
        match list {
            Some(l) => l.get(&cols).copied().unwrap_or(0),
            None => empty_band(cols),
        }
    };
    // The three-band join, in two parts. `join_of` depends on the outer
    // band's first two stacks only: B's buckets compatible there, each with
    // the part of C's table its first two stacks leave (C's column sets
    // follow from A's and B's).
    let join_of = |g: u128| -> Vec<JoinPart> {
        let mut out = Vec::new();
        if let Some(idx) = index.as_ref() {
            let c = full_cols ^ g;
            idx.buckets(g, |b12, list| match &split_c {
                Some(split) => {
                    if let Some(inner) = split.get(&((c ^ b12) & low2)) {
                        out.push((b12, list, Some(inner)));
                    }
                }
                None => out.push((b12, list, None)),
            });
        }
        out
    };
    // `join_rest` finishes a run of outer bands: `M` of each. Part by part,
    // so that a part's arrays stay in cache while every band of the run
    // reads them (band by band, each part's lookups missed the cache).
    let join_rest =
        |run: &[(u128, u128)], shared: &[JoinPart], third: &mut ThirdJoin| -> Vec<u128> {
            let stacks = partitions::partitions();
            let mut totals = vec![0u128; run.len()];
            let outer3: Vec<u16> = run
                .iter()
                .map(|&(g, _)| partitions::number((g >> shift2) as u32))
                .collect();
            for &(b12, bucket, inner) in shared {
                match inner {
                    Some(inner) => third.add(bucket, inner, &outer3, &mut totals),
                    None => {
                        for (total, &(g, _)) in totals.iter_mut().zip(run) {
                            let c = full_cols ^ g;
                            let g3 = (g >> shift2) as u32;
                            for (&b, &nb) in bucket.third.iter().zip(&bucket.counts) {
                                let b3 = stacks.sets(b);
                                if b3 & g3 == 0 {
                                    *total += u128::from(nb)
                                        * empty_band(c ^ (b12 | u128::from(b3) << shift2));
                                }
                            }
                        }
                    }
                }
            }
            totals
        };
    // `M` of one outer band, where bands below have no givens or there are
    // two bands.
    let below = |g: u128| -> u128 {
        match (plan.w, inner_empty) {
            (2, true) => tables.as_ref().map_or(0, |t| {
                t.bands
                    .get(&bands::complement_key(g, plan))
                    .copied()
                    .unwrap_or(0)
            }),
            (2, false) => n_of(&lb, full_cols ^ g),
            _ => tables.as_ref().map_or(0, |t| t.below_key(g)),
        }
    };
    let total = mine.len();
    let done = AtomicUsize::new(0);
    // Runs of outer bands with the same first two stacks share the first
    // part of the three-band join.
    let three_band_join = plan.w == 3 && !inner_empty;
    let runs: Vec<&[(u128, u128)]> = if three_band_join {
        mine.chunk_by(|x, y| x.0 & low2 == y.0 & low2).collect()
    } else {
        mine.chunks(1).collect()
    };
    // Each fold keeps its join scratch (`ThirdJoin`) with its sum; only a
    // three-band join makes one.
    let sum = runs
        .par_iter()
        .fold(
            || (Sum::default(), three_band_join.then(ThirdJoin::default)),
            |(mut acc, mut third), run| {
                if stop.should_stop() {
                    acc.complete = false;
                    return (acc, third);
                }
                if let Some(third) = third.as_mut() {
                    let totals = join_rest(run, &join_of(run[0].0), third);
                    for (&(_, weight), m) in run.iter().zip(totals) {
                        acc.add(weight, m);
                    }
                } else {
                    for &(g, weight) in run.iter() {
                        acc.add(weight, below(g));
                    }
                }
                if let Some(p) = opts.progress {
                    let d = done.fetch_add(run.len(), Ordering::Relaxed) + run.len();
                    if d % 1024 < run.len() || d == total {
                        p(Progress { done: d, total });
                    }
                }
                (acc, third)
            },
        )
        .map(|(acc, _)| acc)
        .reduce(Sum::default, Sum::merge);
    let exact = sum.complete;
    Ok(Count::new(sum.value(), exact))
}

/// One bucket of the middle band's configurations, with its first two
/// stacks' column sets and the last band's counts by third stack (`None`:
/// read the last band from the key tables).
type JoinPart<'a> = (u128, &'a Bucket, Option<&'a Bucket>);

/// A sum of products, in `u128` until it overflows.
struct Sum {
    small: u128,
    big: BigUint,
    complete: bool,
}

impl Default for Sum {
    fn default() -> Self {
        Sum {
            small: 0,
            big: BigUint::default(),
            complete: true,
        }
    }
}

impl Sum {
    fn add(&mut self, a: u128, b: u128) {
        match a.checked_mul(b).and_then(|p| p.checked_add(self.small)) {
            Some(s) => self.small = s,
            None => self.big += BigUint::from(a) * b,
        }
    }
    fn merge(mut self, other: Sum) -> Sum {
        self.big += other.big;
        self.big += other.small;
        self.complete &= other.complete;
        self
    }
    fn value(self) -> BigUint {
        self.big + self.small
    }
}

/// A materialised band's configurations indexed by the column sets of its
/// first two stacks. A first-stack index alone left thousands of entries
/// per key on 17–18 given positions (a band with givens has few distinct
/// first stacks), and the join scanned them all for every outer band.
struct StackIndex {
    plan: Plan,
    by_stack: KeyMap<KeyMap<Bucket>>,
}

/// Dense scratch for the join over the third stack: for a run of outer
/// bands (their third stacks `outer`), one bucket of the middle band and
/// the last band's part under it, adds `Σ middle[b] · last[c]` over the 56
/// pairs that complete each outer third stack. It walks the smallest of the
/// three lists and reads the other two densely: from an outer band its 56
/// pairs; from a middle entry `b` the 56 (outer, last) pairs around it,
/// summed per outer partition first (and likewise from a last entry).
/// Counts fit `u64`: products are below 10^10, sums of a part below 10^14.
///
/// The arrays have a slot for every `u16`, so that a partition number
/// indexes them without a bounds check (the inner loop is two such reads
/// and a multiply-add per pair); only the first 1,680 slots are ever
/// touched, so the rest costs no cache, and where the allocator hands out
/// zeroed pages lazily (Linux) no memory either (1.5 MB a worker
/// otherwise, as in WebAssembly). One per worker, kept across runs of
/// outer bands.
struct ThirdJoin {
    middle: Dense,
    last: Dense,
    by_outer: Dense,
}

type Dense = Box<[u64; 1 << 16]>;

impl Default for ThirdJoin {
    fn default() -> Self {
        let zeros = || -> Dense {
            vec![0u64; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is the array's")
        };
        ThirdJoin {
            middle: zeros(),
            last: zeros(),
            by_outer: zeros(),
        }
    }
}

impl ThirdJoin {
    fn add(&mut self, middle: &Bucket, last: &Bucket, outer: &[u16], totals: &mut [u128]) {
        let t = partitions::partitions();
        let (nm, nl) = (middle.third.len(), last.third.len());
        if outer.len() <= nm.min(nl) {
            middle.scatter(&mut self.middle);
            last.scatter(&mut self.last);
            for (total, &a) in totals.iter_mut().zip(outer) {
                let mut sum = 0u64;
                for &(b, c) in t.pairs(a) {
                    sum += self.middle[b as usize] * self.last[c as usize];
                }
                *total += u128::from(sum);
            }
            middle.clear(&mut self.middle);
            last.clear(&mut self.last);
            return;
        }
        // Walk the smaller bucket; the other is read densely.
        let (walked, dense, walked_is_middle) = if nm <= nl {
            (middle, last, true)
        } else {
            (last, middle, false)
        };
        let read = if walked_is_middle {
            &mut self.last
        } else {
            &mut self.middle
        };
        dense.scatter(read);
        for (&p, &n) in walked.third.iter().zip(&walked.counts) {
            for &(a, q) in t.pairs(p) {
                self.by_outer[a as usize] += n * read[q as usize];
            }
        }
        dense.clear(read);
        for (total, &a) in totals.iter_mut().zip(outer) {
            *total += u128::from(self.by_outer[a as usize]);
        }
        self.by_outer[..partitions::PARTITIONS].fill(0);
    }
}

impl StackIndex {
    /// The index of a band's buckets (keyed by their first two stacks'
    /// column sets).
    fn new(plan: Plan, buckets: KeyMap<Bucket>) -> Self {
        // A stack's column sets fit a `u32` (three bands: 9×9 only).
        debug_assert!(plan.w * plan.n <= 32);
        let low = (1u128 << (plan.w * plan.n)) - 1;
        let shift = plan.w * plan.n;
        let mut by_stack: KeyMap<KeyMap<Bucket>> = KeyMap::default();
        for (cols, bucket) in buckets {
            by_stack
                .entry(cols & low)
                .or_default()
                .insert((cols >> shift) & low, bucket);
        }
        StackIndex { plan, by_stack }
    }

    /// Calls `f` with each bucket whose first two stacks are disjoint from
    /// `other`'s (column by column) and the bucket's two stacks' column
    /// sets; the caller checks the third stack.
    fn buckets<'a>(&'a self, other: u128, mut f: impl FnMut(u128, &'a Bucket)) {
        let Plan { w, n, .. } = self.plan;
        let shift = w * n;
        let low = (1u128 << shift) - 1;
        let second = (other >> shift) & low;
        let mut firsts = Vec::new();
        stack_options(self.plan, other & low, &mut firsts);
        let mut seconds: Option<Vec<u128>> = None;
        for k in firsts {
            let Some(inner) = self.by_stack.get(&k) else {
                continue;
            };
            let options = seconds.get_or_insert_with(|| {
                let mut v = Vec::new();
                stack_options(self.plan, second, &mut v);
                v
            });
            // Few second stacks under this first one: filter them; else
            // look up the compatible ones.
            if inner.len() <= options.len() {
                for (&k2, list) in inner {
                    if k2 & second == 0 {
                        f(k | k2 << shift, list);
                    }
                }
            } else {
                for &k2 in options.iter() {
                    if let Some(list) = inner.get(&k2) {
                        f(k | k2 << shift, list);
                    }
                }
            }
        }
    }
}

/// Every stack column assignment (`w` disjoint `h`-sets covering the
/// digits) disjoint from `other` column by column, one stack's column sets
/// at the low end (and `other`'s stack there too).
pub(super) fn stack_options(plan: Plan, other: u128, out: &mut Vec<u128>) {
    fn walk(plan: Plan, other: u128, c: usize, used: u32, acc: u128, out: &mut Vec<u128>) {
        let Plan { w, h, n } = plan;
        let full = (1u32 << n) - 1;
        if c == w {
            if used == full {
                out.push(acc);
            }
            return;
        }
        let mask = (1u128 << n) - 1;
        let allowed = full & !used & !(((other >> (c * n)) & mask) as u32);
        // Every h-subset of `allowed`.
        let mut sub = allowed;
        loop {
            if sub.count_ones() as usize == h {
                walk(
                    plan,
                    other,
                    c + 1,
                    used | sub,
                    acc | ((sub as u128) << (c * n)),
                    out,
                );
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & allowed;
        }
    }
    walk(plan, other, 0, 0, 0, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::cut::total_bands;
    use crate::geometry::BoxShape;
    use crate::limits::Limits;

    fn geo(r: usize, c: usize) -> Arc<Geometry> {
        Arc::new(Geometry::square(BoxShape::new(r, c), &[]).unwrap())
    }

    #[test]
    fn band_totals_match_the_tables() {
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        for (r, c) in [(2, 2), (2, 3)] {
            let plan = plan_of(&geo(r, c)).unwrap();
            let t = tables(plan, &stop).unwrap();
            let cells = vec![0u8; plan.h * plan.n];
            let all = fill_band(plan, Record::Columns, &cells, &[0; 6], 0, &stop).unwrap();
            let sum: u128 = all.values().sum();
            assert_eq!(sum as f64, total_bands(plan));
            for (&cols, &v) in &all {
                assert_eq!(t.empty_band(cols), v);
            }
        }
    }

    /// Total bands from the key tables: each key stands for `N!/stabiliser`
    /// profile maps. Heavy for 2×4 and 3×3 in the test profile; run with
    /// `cargo test --release -p sudokit --lib count::frontier -- --ignored`.
    #[test]
    #[ignore]
    fn band_totals_of_large_shapes() {
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        for (r, c) in [(2, 4), (3, 3)] {
            let plan = plan_of(&geo(r, c)).unwrap();
            let t = tables(plan, &stop).unwrap();
            let profiles = plan.w.pow(plan.h as u32);
            let nf = bands::factorial(plan.n as u32);
            let sum: u128 = t
                .bands
                .iter()
                .map(|(&k, &v)| v * (nf / bands::stabiliser(k, profiles)))
                .sum();
            assert_eq!(sum as f64, total_bands(plan), "{r}x{c}");
        }
    }

    #[test]
    fn six_by_six_with_givens_agrees_with_enumeration() {
        let g = geo(2, 3);
        let mut values = vec![0u16; 36];
        values[0] = 1;
        values[8] = 3;
        values[21] = 5;
        values[35] = 2;
        let want =
            crate::count::completions::completions_unchecked(&g, &values, &Options::default());
        for o in [Orientation::Auto, Orientation::Columns] {
            assert_eq!(
                forced(&g, &values, o, &Options::default()),
                Some(want.clone())
            );
        }
        assert_eq!(
            forced(&g, &values, Orientation::Rows, &Options::default()),
            None
        );
    }

    /// The third-stack join against a brute force over every middle and last
    /// entry, with the run, the middle bucket and the last bucket each the
    /// smallest in turn (each takes its own path through `ThirdJoin::add`).
    #[test]
    fn third_stack_join_walks_any_of_the_three_lists() {
        let t = partitions::partitions();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |k: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % k as u64) as usize
        };
        let bucket = |len: usize, next: &mut dyn FnMut(usize) -> usize| {
            let mut b = Bucket::default();
            let mut seen = std::collections::HashSet::new();
            while b.third.len() < len {
                let p = next(partitions::PARTITIONS) as u16;
                if seen.insert(p) {
                    b.push_number(p, 1 + next(1000) as u64);
                }
            }
            b
        };
        for (outer_len, middle_len, last_len) in [(5, 1500, 1400), (600, 20, 900), (700, 800, 30)] {
            let middle = bucket(middle_len, &mut next);
            let last = bucket(last_len, &mut next);
            let outer: Vec<u16> = (0..outer_len)
                .map(|_| next(partitions::PARTITIONS) as u16)
                .collect();
            let mut totals = vec![0u128; outer.len()];
            ThirdJoin::default().add(&middle, &last, &outer, &mut totals);
            for (&a, &total) in outer.iter().zip(&totals) {
                let mut want = 0u128;
                for (&b, &nb) in middle.third.iter().zip(&middle.counts) {
                    for (&c, &nc) in last.third.iter().zip(&last.counts) {
                        let (x, y, z) = (t.sets(a), t.sets(b), t.sets(c));
                        if x & y == 0 && x & z == 0 && y & z == 0 {
                            want += u128::from(nb * nc);
                        }
                    }
                }
                assert_eq!(total, want, "sizes {outer_len} {middle_len} {last_len}");
            }
        }
    }
}
