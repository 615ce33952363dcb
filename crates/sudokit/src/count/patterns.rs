//! Completions of a board whose given digits are given whole: every digit
//! that appears is given in all of its `N` cells (its *pattern*).
//!
//! Then the digits absent from the givens are interchangeable in every band
//! at once, and each band's fillings can be tallied by *key* (the multiset
//! of its digits' profiles, as in `count::bands`) from one representative
//! per relabelling of those digits. A given digit's profile is the same in
//! every filling of a band, so a key names exactly one orbit of column
//! configurations, and a band's count for one configuration is its key's
//! tally divided by the orbit's size.
//!
//! The join goes over the outer band's keys (one representative
//! configuration each, weighted by the key's tally): the completions below
//! a configuration do not change when free digits are relabelled. Below
//! it, the middle band chooses its column sets stack by stack among the
//! digits the outer band left in each column, with every given digit in the
//! column its pattern puts it; the last band takes the rest. With whole
//! patterns fixed these choices are few per stack, where a band with
//! scattered givens would leave all 56 (on 9×9).
//!
//! Used for the counts of grids holding two digits' whole patterns, which
//! `count::symmetry` needs for positions with two repeated digits.

use num_bigint::BigUint;

use super::band_fill::{self, Record};
use super::bands::{self, KeyMap, Plan};
use super::bucket::Unfinished;
use super::cut::{self, Orientation};
use super::frontier;
use super::Stop;
use crate::geometry::Geometry;

/// Whether [`whole_patterns`] covers this board: a covered shape, some
/// digit given, and every given digit given in all its cells.
pub(crate) fn applies(geo: &Geometry, values: &[u16]) -> bool {
    cut::plan_of(geo).is_some() && whole_digits(geo.n(), values)
}

fn whole_digits(n: usize, values: &[u16]) -> bool {
    let mut seen = vec![0usize; n + 1];
    for &v in values {
        seen[(v as usize).min(n)] += 1;
    }
    seen[1..].iter().any(|&k| k != 0) && seen[1..].iter().all(|&k| k == 0 || k == n)
}

/// The completions of `values` (a plain board, row by row, 0 empty) when
/// every digit that appears is given in all its cells; `None` when some
/// digit is given only in part, or the shape is not covered. `Err` holds
/// the lower bound reached when `stop` fired.
pub(crate) fn whole_patterns(
    geo: &Geometry,
    values: &[u16],
    stop: &Stop,
) -> Option<Result<BigUint, BigUint>> {
    let plan = cut::plan_of(geo)?;
    let Plan { w, h, n } = plan;
    if values.len() != n * n {
        return None;
    }
    if !whole_digits(n, values) {
        return None;
    }
    let cut = cut::cuts(geo, values, plan, Orientation::Auto)
        .into_iter()
        .next()?;
    let free = cut.free;
    let f = free.count_ones();
    // Per band: each given digit's profile (sum of column offset · w^stack).
    let profiles: Vec<Vec<Option<usize>>> = cut
        .bands
        .iter()
        .map(|cells| {
            let mut prof = vec![None; n];
            for (i, &v) in cells.iter().enumerate() {
                if v != 0 {
                    let c = i % n;
                    let p = prof[v as usize - 1].get_or_insert(0);
                    *p += (c % w) * w.pow((c / w) as u32);
                }
            }
            prof
        })
        .collect();
    let no_forbids = vec![0u32; n];
    let mut tallies = Vec::with_capacity(w);
    for cells in &cut.bands {
        match band_fill::fill_band(plan, Record::Key, cells, &no_forbids, free, stop) {
            Ok(t) => tallies.push(t),
            Err(Unfinished::Stopped) => return Some(Err(BigUint::default())),
            Err(Unfinished::TooBig) => return None,
        }
    }
    let bands: Vec<Band> = (0..w)
        .map(|b| Band::new(plan, &profiles[b], f, std::mem::take(&mut tallies[b])))
        .collect();
    let full = (0..n).fold(0u128, |acc, c| acc | (((1u128 << n) - 1) << (c * n)));
    let mut total = BigUint::default();
    for (&key, &weight) in &bands[0].tally {
        if stop.should_stop() {
            return Some(Err(total));
        }
        let outer = bands[0].representative(key, free);
        let below = match w {
            2 => bands[1].count(plan, full ^ outer),
            _ => {
                let mut options = Vec::with_capacity(h);
                for s in 0..h {
                    options.push(stack_choices(plan, s, outer, &profiles[1]));
                }
                let mut sum = 0u128;
                product(&options, 0, 0, &mut |middle| {
                    let last = full ^ outer ^ middle;
                    sum += bands[1].count(plan, middle) * bands[2].count(plan, last);
                });
                sum
            }
        };
        total += BigUint::from(weight) * below;
    }
    Some(Ok(total))
}

/// One band's tally by key, with what turns it into counts per
/// configuration.
struct Band {
    plan: Plan,
    tally: KeyMap<u128>,
    /// How many given digits have each profile (they are not relabelled).
    given_at: Vec<u32>,
    /// The given digits' profiles, `None` for free digits.
    profiles: Vec<Option<usize>>,
    free_count: u32,
}

impl Band {
    fn new(plan: Plan, profiles: &[Option<usize>], free_count: u32, tally: KeyMap<u128>) -> Band {
        let mut given_at = vec![0u32; plan.w.pow(plan.h as u32)];
        for p in profiles.iter().flatten() {
            given_at[*p] += 1;
        }
        Band {
            plan,
            tally,
            given_at,
            profiles: profiles.to_vec(),
            free_count,
        }
    }

    /// Fillings of this band with column configuration `cols`.
    fn count(&self, plan: Plan, cols: u128) -> u128 {
        let key = frontier::profile_key(plan, cols);
        let Some(&t) = self.tally.get(&key) else {
            return 0;
        };
        t / self.orbit(key)
    }

    /// Configurations with this key: relabellings of the free digits over
    /// those that leave it unchanged.
    fn orbit(&self, key: u128) -> u128 {
        let same: u128 = (0..self.given_at.len())
            .map(|p| bands::factorial(bands::multiplicity(key, p) - self.given_at[p]))
            .product();
        bands::factorial(self.free_count) / same
    }

    /// A column configuration with this key: the given digits where their
    /// profiles say, the free digits (in increasing order) on the other
    /// profiles of the key (in increasing order).
    fn representative(&self, key: u128, free: u32) -> u128 {
        let Plan { w, h, n } = self.plan;
        let mut left: Vec<u32> = (0..self.given_at.len())
            .map(|p| bands::multiplicity(key, p) - self.given_at[p])
            .collect();
        let mut cols = 0u128;
        for d in 0..n {
            let p = match self.profiles[d] {
                Some(p) if free & (1 << d) == 0 => p,
                _ => {
                    let p = left.iter().position(|&k| k > 0).unwrap_or(0);
                    left[p] = left[p].saturating_sub(1);
                    p
                }
            };
            let mut rest = p;
            for s in 0..h {
                let c = s * w + rest % w;
                rest /= w;
                cols |= 1u128 << (c * n + d);
            }
        }
        cols
    }
}

/// The middle band's column sets in stack `s` (packed in place) that miss
/// the outer band's column by column, hold `h` digits each, and put every
/// given digit in the column its profile in the middle band says.
fn stack_choices(plan: Plan, s: usize, outer: u128, middle: &[Option<usize>]) -> Vec<u128> {
    let Plan { w, n, .. } = plan;
    let shift = s * w * n;
    // Where each given digit must be: its column's bit in the stack.
    let must = middle.iter().enumerate().fold(0u128, |m, (d, p)| match p {
        Some(p) => m | 1u128 << ((p / w.pow(s as u32)) % w * n + d),
        None => m,
    });
    let mut all = Vec::new();
    frontier::stack_options(plan, (outer >> shift) & ((1u128 << (w * n)) - 1), &mut all);
    all.into_iter()
        .filter(|&o| o & must == must)
        .map(|o| o << shift)
        .collect()
}

/// Calls `f` with the OR of one choice per stack, for every combination.
fn product(options: &[Vec<u128>], s: usize, acc: u128, f: &mut impl FnMut(u128)) {
    if s == options.len() {
        f(acc);
        return;
    }
    for &o in &options[s] {
        product(options, s + 1, acc | o, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::{Count, Options};
    use crate::geometry::BoxShape;
    use crate::grid::Grid;
    use crate::limits::Limits;
    use crate::solve;
    use std::sync::Arc;

    /// A solution of the empty board with only `digits` kept.
    fn whole(r: usize, c: usize, digits: &[u16]) -> (Arc<Geometry>, Vec<u16>) {
        let geo = Arc::new(Geometry::square(BoxShape::new(r, c), &[]).unwrap());
        let sol = solve::solve(&Grid::empty(geo.clone())).unwrap().unwrap();
        let values = sol
            .cells()
            .iter()
            .map(|&v| if digits.contains(&v) { v } else { 0 })
            .collect();
        (geo, values)
    }

    fn by_patterns(geo: &Geometry, values: &[u16]) -> BigUint {
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        whole_patterns(geo, values, &stop).unwrap().unwrap()
    }

    fn by_bands(geo: &Geometry, values: &[u16]) -> Count {
        let auto = Orientation::Auto;
        frontier::forced(geo, values, auto, &Options::default()).unwrap()
    }

    #[test]
    fn agrees_with_band_composition() {
        for (r, c, digits) in [
            (2, 2, vec![1]),
            (2, 2, vec![2, 3]),
            (2, 3, vec![1]),
            (2, 3, vec![2, 5]),
            (3, 2, vec![4, 6]),
            (2, 3, vec![1, 2, 3]),
        ] {
            let (geo, values) = whole(r, c, &digits);
            let fast = Count::Exact(by_patterns(&geo, &values));
            assert_eq!(fast, by_bands(&geo, &values), "{r}x{c} {digits:?}");
        }
    }

    #[test]
    #[ignore = "release: 9x9 band composition of three whole digits"]
    fn nine_by_nine_three_whole_digits() {
        let (geo, values) = whole(3, 3, &[2, 5, 7]);
        let fast = Count::Exact(by_patterns(&geo, &values));
        assert_eq!(fast, by_bands(&geo, &values));
    }
}
