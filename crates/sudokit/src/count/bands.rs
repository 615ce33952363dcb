//! All grids of a box shape by band composition.
//!
//! Orient the board so that its boxes are `h` rows tall and `w` columns wide
//! with `w ≤ h` (transposing a grid does not change the count): the board is
//! then `w` bands of `h` rows, and `h` stacks of `w` columns. Inside one band
//! each digit sits once in every stack, in one of its `w` columns; the
//! digit's *profile* is that choice of column in every stack (`w^h` profiles).
//! Bands constrain each other only through their columns, that is, through
//! the profiles of their digits: a grid is a choice of one band per band row
//! such that every digit's profiles use each column exactly once.
//!
//! The counts needed are "how many bands have profile map `p`" (digit →
//! profile). Relabelling digits turns one band into another, so that number
//! depends only on the multiset of profiles (the band's *key*), and follows
//! from the bands with the first row fixed to `1..N`:
//! `bands(p) = first_row_fixed(key) · Π (multiplicity of each profile)!`.
//! Permuting rows 2..h of a band keeps its columns' digit sets, so only bands
//! with those rows in increasing order of their first cell are enumerated.
//!
//! * Two bands: the second band's profiles are the complements of the first's:
//!   `total = N! · Σ_key first_row_fixed(key) · bands(complement of key)`.
//! * Three bands (3×3): for a first band with profile map `p`, the second band
//!   picks for each digit another column in every stack and the third band
//!   gets the remaining one: `completions(p) = Σ_q bands(q) · bands(rest)`,
//!   over the 56³ such choices on the 9×9 board. `completions` is also
//!   invariant under permuting columns inside stacks and permuting stacks, so
//!   keys are grouped into classes under those 6⁴ symmetries (there are 44
//!   classes, the "gangsters" of Pettersen's method) and `completions` is
//!   evaluated once per class.
//!
//! Keys pack the multiplicity of each profile in 4 bits of a `u128`, so the
//! method covers shapes with at most 32 profiles: 2×2, 2×3, 2×4, 2×5 and 3×3.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;
use rayon::prelude::*;

use super::{in_pool, shard_items, sum_finished, Count, Options, Progress, Stop};
use crate::geometry::BoxShape;

/// The orientation used: `w` bands of `h` rows; boxes `h` tall, `w` wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(super) w: usize,
    pub(super) h: usize,
    pub(super) n: usize,
}

/// The plan for `shape`, when band composition applies to it.
pub(crate) fn plan(shape: BoxShape) -> Option<Plan> {
    let (w, h) = (shape.rows.min(shape.cols), shape.rows.max(shape.cols));
    if w != 2 && w != 3 {
        return None;
    }
    let profiles = w.checked_pow(h as u32)?;
    if profiles > 32 || h > 15 {
        return None;
    }
    Some(Plan { w, h, n: w * h })
}

/// A fast hash for keys that are already well mixed bit patterns.
#[derive(Default, Clone, Copy)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u128(&mut self, x: u128) {
        let h = (x as u64) ^ ((x >> 64) as u64).rotate_left(29);
        self.0 = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

pub(super) type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// Multiplicity of profile `p` in `key`.
#[inline]
pub(super) fn multiplicity(key: u128, p: usize) -> u32 {
    ((key >> (4 * p)) & 0xF) as u32
}

pub(super) fn factorial(k: u32) -> u128 {
    (1..=k as u128).product()
}

/// Number of relabellings that fix a profile map with this key.
pub(super) fn stabiliser(key: u128, profiles: usize) -> u128 {
    (0..profiles)
        .map(|p| factorial(multiplicity(key, p)))
        .product()
}

/// Counts bands with the first row fixed, by key (rows 2..h in increasing
/// order of first cell; multiply by (h-1)! for all of them).
struct BandEnumerator<'a> {
    plan: Plan,
    row_used: Vec<u32>,
    col_used: Vec<u32>,
    box_used: Vec<u32>,
    /// Profile of each digit so far (sum of offset · w^stack).
    prof: Vec<usize>,
    first: Vec<usize>,
    pow: Vec<usize>,
    counts: KeyMap<u64>,
    stop: &'a Stop<'a>,
    /// Calls of `run`, for periodic budget checks.
    nodes: u64,
    stopped: bool,
}

impl<'a> BandEnumerator<'a> {
    fn new(plan: Plan, stop: &'a Stop<'a>) -> Self {
        let Plan { w, h, n } = plan;
        let pow: Vec<usize> = (0..h).map(|s| w.pow(s as u32)).collect();
        let mut e = BandEnumerator {
            plan,
            row_used: vec![0; h],
            col_used: vec![0; n],
            box_used: vec![0; h],
            prof: vec![0; n],
            first: vec![0; h],
            pow,
            counts: KeyMap::default(),
            stop,
            nodes: 0,
            stopped: false,
        };
        for c in 0..n {
            e.set(0, c, c);
        }
        e
    }

    #[inline]
    fn set(&mut self, r: usize, c: usize, d: usize) {
        let (s, off) = (c / self.plan.w, c % self.plan.w);
        self.row_used[r] |= 1 << d;
        self.col_used[c] |= 1 << d;
        self.box_used[s] |= 1 << d;
        self.prof[d] += off * self.pow[s];
        if c == 0 {
            self.first[r] = d;
        }
    }

    #[inline]
    fn unset(&mut self, r: usize, c: usize, d: usize) {
        let (s, off) = (c / self.plan.w, c % self.plan.w);
        self.row_used[r] &= !(1 << d);
        self.col_used[c] &= !(1 << d);
        self.box_used[s] &= !(1 << d);
        self.prof[d] -= off * self.pow[s];
    }

    /// Digits allowed in cell `k` (counted over rows 1..h, row-major).
    #[inline]
    fn allowed(&self, k: usize) -> (usize, usize, u32) {
        let n = self.plan.n;
        let (r, c) = (1 + k / n, k % n);
        let full = (1u32 << n) - 1;
        let mut a = full & !(self.row_used[r] | self.col_used[c] | self.box_used[c / self.plan.w]);
        if c == 0 && r >= 2 {
            // Rows 2..h in increasing order of their first cell.
            a &= !((2u32 << self.first[r - 1]) - 1);
        }
        (r, c, a)
    }

    fn run(&mut self, k: usize) {
        let n = self.plan.n;
        self.nodes += 1;
        if self.nodes % (1 << 16) == 0 && self.stop.should_stop() {
            self.stopped = true;
        }
        if k == (self.plan.h - 1) * n {
            let key = self
                .prof
                .iter()
                .fold(0u128, |acc, &p| acc + (1u128 << (4 * p)));
            *self.counts.entry(key).or_insert(0) += 1;
            return;
        }
        let (r, c, mut a) = self.allowed(k);
        while a != 0 && !self.stopped {
            let d = a.trailing_zeros() as usize;
            a &= a - 1;
            self.set(r, c, d);
            self.run(k + 1);
            self.unset(r, c, d);
        }
    }
}

/// All first-row-fixed bands by key, counted over all rows orders; `None` if
/// stopped. Parallel over the choices of the first cells of row 2.
pub(super) fn first_row_fixed_counts(plan: Plan, stop: &Stop) -> Option<KeyMap<u128>> {
    // Prefixes: the first `depth` cells of row 2.
    let depth = plan.n.min(3);
    let mut prefixes: Vec<Vec<usize>> = vec![Vec::new()];
    for k in 0..depth {
        let mut next = Vec::new();
        for pre in &prefixes {
            let mut e = BandEnumerator::new(plan, stop);
            for (i, &d) in pre.iter().enumerate() {
                e.set(1, i, d);
            }
            let (_, _, mut a) = e.allowed(k);
            while a != 0 {
                let d = a.trailing_zeros() as usize;
                a &= a - 1;
                let mut p = pre.clone();
                p.push(d);
                next.push(p);
            }
        }
        prefixes = next;
    }
    let parts: Vec<Option<KeyMap<u64>>> = prefixes
        .par_iter()
        .map(|pre| {
            if stop.should_stop() {
                return None;
            }
            let mut e = BandEnumerator::new(plan, stop);
            for (i, &d) in pre.iter().enumerate() {
                e.set(1, i, d);
            }
            e.run(depth);
            (!e.stopped).then_some(e.counts)
        })
        .collect();
    let row_orders = factorial(plan.h as u32 - 1);
    let mut all: KeyMap<u128> = KeyMap::default();
    for part in parts {
        for (k, v) in part? {
            *all.entry(k).or_insert(0) += v as u128 * row_orders;
        }
    }
    Some(all)
}

/// The number of grids of `shape` (see the module docs), with sharding over
/// keys (two bands) or classes (three bands) in sorted order. Whole exact
/// totals are kept for the life of the process: the live counter asks for
/// the empty board's total again and again, and 9×9 takes a quarter second.
pub(crate) fn count(plan: Plan, opts: &Options) -> Count {
    static TOTALS: std::sync::Mutex<Vec<(Plan, BigUint)>> = std::sync::Mutex::new(Vec::new());
    let whole = opts.shard == super::Shard::WHOLE;
    let totals = || TOTALS.lock().unwrap_or_else(|e| e.into_inner());
    if whole {
        if let Some((_, t)) = totals().iter().find(|(p, _)| *p == plan) {
            return Count::Exact(t.clone());
        }
    }
    let stop = Stop::new(&opts.limits);
    let count = in_pool(opts.threads, || count_in_pool(plan, opts, &stop));
    if let (true, Count::Exact(t)) = (whole, &count) {
        totals().push((plan, t.clone()));
    }
    count
}

fn count_in_pool(plan: Plan, opts: &Options, stop: &Stop) -> Count {
    let Some(first_row) = first_row_fixed_counts(plan, stop) else {
        return Count::AtLeast(BigUint::default());
    };
    let profiles = plan.w.pow(plan.h as u32);
    // bands(key) for every key.
    let bands: KeyMap<u128> = first_row
        .iter()
        .map(|(&k, &v)| (k, v * stabiliser(k, profiles)))
        .collect();
    let (sum, exact) = match plan.w {
        2 => two_bands(plan, &first_row, &bands, opts, stop),
        _ => three_bands(plan, &first_row, &bands, opts, stop),
    };
    Count::new(sum * BigUint::from(factorial(plan.n as u32)), exact)
}

/// The key of the profile map with every digit's profile complemented.
pub(super) fn complement_key(key: u128, plan: Plan) -> u128 {
    let profiles = plan.w.pow(plan.h as u32);
    (0..profiles).fold(0u128, |acc, p| {
        acc | ((multiplicity(key, p) as u128) << (4 * (profiles - 1 - p)))
    })
}

fn two_bands(
    plan: Plan,
    first_row: &KeyMap<u128>,
    bands: &KeyMap<u128>,
    opts: &Options,
    stop: &Stop,
) -> (BigUint, bool) {
    let mut keys: Vec<(u128, u128)> = first_row.iter().map(|(&k, &v)| (k, v)).collect();
    keys.sort_unstable();
    let mut sum = BigUint::default();
    let mine: Vec<_> = keys
        .iter()
        .enumerate()
        .filter(|(i, _)| opts.shard.owns(*i))
        .collect();
    let total = mine.len();
    for (done, (_, &(k, v))) in mine.into_iter().enumerate() {
        if done % 1024 == 0 && stop.should_stop() {
            return (sum, false);
        }
        if let Some(&b) = bands.get(&complement_key(k, plan)) {
            sum += BigUint::from(v) * b;
        }
        if let Some(p) = opts.progress {
            if (done + 1) % 1024 == 0 || done + 1 == total {
                p(Progress {
                    done: done + 1,
                    total,
                });
            }
        }
    }
    (sum, true)
}

/// Every relabelling of columns that keeps the band structure: permutations
/// of the stacks and of the columns inside each stack, as maps on profiles.
pub(super) fn column_symmetries(plan: Plan) -> Vec<Vec<usize>> {
    let Plan { w, h, .. } = plan;
    let stack_perms = permutations(h);
    let offset_perms = permutations(w);
    let profiles = w.pow(h as u32);
    let pow: Vec<usize> = (0..h).map(|s| w.pow(s as u32)).collect();
    let mut out = Vec::new();
    for sp in &stack_perms {
        // One offset permutation per stack: a mixed-radix counter.
        let mut choice = vec![0usize; h];
        loop {
            let map: Vec<usize> = (0..profiles)
                .map(|p| {
                    (0..h)
                        .map(|s| offset_perms[choice[s]][(p / pow[s]) % w] * pow[sp[s]])
                        .sum()
                })
                .collect();
            out.push(map);
            let mut s = 0;
            while s < h {
                choice[s] += 1;
                if choice[s] < offset_perms.len() {
                    break;
                }
                choice[s] = 0;
                s += 1;
            }
            if s == h {
                break;
            }
        }
    }
    out
}

pub(super) fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(k - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, k - 1);
            out.push(q);
        }
    }
    out
}

/// The orbit of `key` under the column symmetries.
pub(super) fn orbit(key: u128, profiles: usize, syms: &[[u8; 32]]) -> Vec<u128> {
    let present: Vec<(usize, u128)> = (0..profiles)
        .filter(|&p| multiplicity(key, p) > 0)
        .map(|p| (p, multiplicity(key, p) as u128))
        .collect();
    let mut out: Vec<u128> = syms
        .iter()
        .map(|m| {
            present
                .iter()
                .fold(0u128, |a, &(p, c)| a | (c << (4 * m[p] as u32)))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// [`column_symmetries`] as byte maps (profile `p` goes to `a[p]`), the
/// form [`orbit`] reads.
pub(super) fn packed_column_symmetries(plan: Plan) -> Vec<[u8; 32]> {
    column_symmetries(plan)
        .iter()
        .map(|m| {
            let mut a = [0u8; 32];
            for (p, &q) in m.iter().enumerate() {
                a[p] = q as u8;
            }
            a
        })
        .collect()
}

fn three_bands(
    plan: Plan,
    first_row: &KeyMap<u128>,
    bands: &KeyMap<u128>,
    opts: &Options,
    stop: &Stop,
) -> (BigUint, bool) {
    let profiles = plan.w.pow(plan.h as u32);
    let syms = packed_column_symmetries(plan);
    // Each key's class, found orbit by orbit: one orbit computation per
    // class rather than one canonical form per key.
    let mut class_of: KeyMap<u128> = KeyMap::default();
    // class (smallest key of the orbit) → (weight, representative); a BTreeMap
    // gives the fixed order that sharding needs.
    let mut classes: BTreeMap<u128, (u128, u128)> = BTreeMap::new();
    for (&k, &v) in first_row {
        let c = match class_of.get(&k) {
            Some(&c) => c,
            None => {
                let orb = orbit(k, profiles, &syms);
                let c = orb[0];
                for x in orb {
                    class_of.insert(x, c);
                }
                c
            }
        };
        classes.entry(c).or_insert((0, c)).0 += v;
    }
    let mine = shard_items(classes.into_values(), opts.shard);
    sum_finished(&mine, opts, stop, |&(weight, rep)| {
        Some(BigUint::from(
            weight * completions_of_first_band(plan, rep, bands),
        ))
    })
}

/// Number of ways to fill bands 2 and 3 under a first band whose profile
/// multiset is `key` (three bands, w = 3).
///
/// Stack by stack, band 2 takes for every digit one of the two columns the
/// first band left free, three digits per column (56 ways per stack on 9×9),
/// and band 3 the last column. The sum runs over the product of the stacks'
/// choices with the profiles built up incrementally. Exchanging bands 2 and 3
/// is a fixed-point-free involution on these choices, so only the choices
/// where digit 0 takes the lower free column of stack 1 in band 2 are
/// enumerated, and the sum is doubled.
pub(super) fn completions_of_first_band(plan: Plan, key: u128, bands: &KeyMap<u128>) -> u128 {
    let Plan { w, h, n } = plan;
    let profiles = w.pow(h as u32);
    let pow: Vec<usize> = (0..h).map(|s| w.pow(s as u32)).collect();
    let mut first: Vec<usize> = Vec::with_capacity(n);
    for p in 0..profiles {
        for _ in 0..multiplicity(key, p) {
            first.push(p);
        }
    }
    // Per stack: every way to give each digit its band-2 offset, as
    // (band-2 offsets, band-3 offsets) per digit.
    let choices: Vec<Vec<(Vec<u8>, Vec<u8>)>> = (0..h)
        .map(|s| {
            let offs: Vec<usize> = first.iter().map(|&p| (p / pow[s]) % w).collect();
            let mut out = Vec::new();
            for mask in 0u32..(1 << n) {
                let mut t = vec![0u8; n];
                let mut u = vec![0u8; n];
                let mut per_col = vec![0usize; w];
                for d in 0..n {
                    let others: Vec<usize> = (0..w).filter(|&o| o != offs[d]).collect();
                    let (a, b) = if mask >> d & 1 == 0 {
                        (others[0], others[1])
                    } else {
                        (others[1], others[0])
                    };
                    t[d] = a as u8;
                    u[d] = b as u8;
                    per_col[a] += 1;
                }
                if per_col.iter().all(|&c| c == h) && (s > 0 || mask & 1 == 0) {
                    out.push((t, u));
                }
            }
            out
        })
        .collect();
    let mut prof_t = vec![0usize; n];
    let mut prof_u = vec![0usize; n];
    2 * stack_sum(0, &choices, &pow, &mut prof_t, &mut prof_u, bands)
}

/// Sums `bands(band 2) · bands(band 3)` over the choices of stacks `s..`.
fn stack_sum(
    s: usize,
    choices: &[Vec<(Vec<u8>, Vec<u8>)>],
    pow: &[usize],
    prof_t: &mut [usize],
    prof_u: &mut [usize],
    bands: &KeyMap<u128>,
) -> u128 {
    let n = prof_t.len();
    if s + 1 == choices.len() {
        let mut sum = 0u128;
        for (t, u) in &choices[s] {
            let mut key_t = 0u128;
            for d in 0..n {
                key_t += 1u128 << (4 * (prof_t[d] + t[d] as usize * pow[s]));
            }
            let Some(&a) = bands.get(&key_t) else {
                continue;
            };
            let mut key_u = 0u128;
            for d in 0..n {
                key_u += 1u128 << (4 * (prof_u[d] + u[d] as usize * pow[s]));
            }
            if let Some(&b) = bands.get(&key_u) {
                sum += a * b;
            }
        }
        return sum;
    }
    let mut sum = 0;
    for (t, u) in &choices[s] {
        for d in 0..n {
            prof_t[d] += t[d] as usize * pow[s];
            prof_u[d] += u[d] as usize * pow[s];
        }
        sum += stack_sum(s + 1, choices, pow, prof_t, prof_u, bands);
        for d in 0..n {
            prof_t[d] -= t[d] as usize * pow[s];
            prof_u[d] -= u[d] as usize * pow[s];
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;

    fn grids(r: usize, c: usize) -> Count {
        let plan = plan(BoxShape::new(r, c)).unwrap();
        let _ = Limits::none();
        count(plan, &Options::default())
    }

    #[test]
    fn small_shapes() {
        assert_eq!(grids(2, 2), Count::Exact(288u32.into()));
        assert_eq!(grids(2, 3), Count::Exact(28_200_960u32.into()));
        assert_eq!(grids(3, 2), Count::Exact(28_200_960u32.into()));
    }

    #[test]
    fn symmetry_group_size() {
        let p = plan(BoxShape::new(3, 3)).unwrap();
        assert_eq!(column_symmetries(p).len(), 1296);
        assert_eq!(permutations(3).len(), 6);
    }

    #[test]
    fn shapes_without_a_plan() {
        assert!(plan(BoxShape::new(1, 4)).is_none());
        assert!(plan(BoxShape::new(4, 4)).is_none());
        assert!(plan(BoxShape::new(3, 4)).is_none());
    }
}
