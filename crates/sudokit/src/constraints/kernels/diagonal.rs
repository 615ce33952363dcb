//! Sums along a diagonal whose cells may repeat digits (little killers),
//! split into runs of cells that share a unit.

use crate::constraints::mask::{bit, digits, restrict, Narrowed, Wipeout};
use crate::geometry::Geometry;

/// Sums are tracked as `u128` sets of reachable totals: larger clues (big
/// boards) keep to bounds.
pub(crate) const MAX_SUM: u32 = 127;

/// Assignments tried per group and call before falling back to bounds.
const BUDGET: usize = 4096;

/// Most runs and cells per run the unit reasoning handles (fixed arrays,
/// no allocation per call); longer diagonals or runs keep to bounds.
const MAX_RUNS: usize = 16;
const MAX_RUN_LEN: usize = 8;

/// Splits `cells` (in diagonal order) into runs of cells that pairwise share
/// a unit of `geo`; returns each run's end index.
pub(crate) fn groups(cells: &[usize], geo: &Geometry) -> Vec<usize> {
    let shares = |a: usize, b: usize| {
        let ub = geo.units_of(b);
        geo.units_of(a).iter().any(|u| ub.contains(u))
    };
    let mut ends = Vec::new();
    let mut start = 0;
    for i in 1..cells.len() {
        if !(start..i).all(|j| shares(cells[j], cells[i])) {
            ends.push(i);
            start = i;
        }
    }
    ends.push(cells.len());
    ends
}

/// Narrows the diagonal `cells` with total `sum`, whose runs end at `ends`
/// (see [`groups`]; all runs of one cell: bounds only).
pub(crate) fn propagate(cand: &mut [u64], cells: &[usize], ends: &[usize], sum: u32) -> Narrowed {
    // The exact walk keeps only digits of whole assignments, which bounds
    // would keep too: bounds only when it gives no answer.
    if sum <= MAX_SUM {
        if let Some((c, _)) = narrow(cand, cells, ends, 1 << sum)? {
            return Ok(c);
        }
    }
    super::sum::bounds(cand, cells, sum)
}

/// Keeps in each of `cells` (runs ending at `ends`, distinct digits inside
/// a run) the digits of some assignment whose total is in `targets` (bit t
/// for total t). Returns whether a mask changed and the targets reachable;
/// `None` when the runs are too many or too long, or a budget ran out (no
/// conclusion then).
pub(crate) fn narrow(
    cand: &mut [u64],
    cells: &[usize],
    ends: &[usize],
    targets: u128,
) -> Result<Option<(bool, u128)>, Wipeout> {
    let k = ends.len();
    if targets == 0 || k == cells.len() || k > MAX_RUNS {
        return Ok(None);
    }
    let mut runs: [&[usize]; MAX_RUNS] = [&[]; MAX_RUNS];
    let mut start = 0;
    for (run, &end) in runs.iter_mut().zip(ends) {
        if end - start > MAX_RUN_LEN {
            return Ok(None);
        }
        *run = &cells[start..end];
        start = end;
    }
    let runs = &runs[..k];
    let top = 127 - targets.leading_zeros();
    // Totals each run can make on its own.
    let mut totals = [0u128; MAX_RUNS];
    // And the digits of those assignments, per run.
    let mut keeps = [[0u64; MAX_RUN_LEN]; MAX_RUNS];
    for ((t, kept), run) in totals.iter_mut().zip(&mut keeps).zip(runs) {
        let mut walk = Walk::new(cand, run, u128::MAX >> (127 - top));
        if !walk.run(0, 0, 0) {
            return Ok(None);
        }
        if walk.totals == 0 {
            return Err(Wipeout);
        }
        *t = walk.totals;
        *kept = walk.keep;
    }
    // before[i]: totals of runs 0..i together; after[i]: of runs i.. .
    let mut before = [1u128; MAX_RUNS + 1];
    let mut after = [1u128; MAX_RUNS + 1];
    for i in 0..k {
        before[i + 1] = sumset(before[i], totals[i], top);
        after[k - 1 - i] = sumset(after[k - i], totals[k - 1 - i], top);
    }
    let reach = before[k] & targets;
    if reach == 0 {
        return Err(Wipeout);
    }
    let mut changed = false;
    for (i, run) in runs.iter().enumerate() {
        // Totals t of this run with s - t made by the others, s reachable:
        // bit t of reverse(others) >> (127 - s) is bit s - t of others.
        let back = sumset(before[i], after[i + 1], top).reverse_bits();
        let mut wanted = 0u128;
        let mut rest = reach;
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            wanted |= back >> (127 - s);
        }
        // Every total the run makes wanted: the first walk's digits stand
        // (the run's own masks have not changed since).
        let keep = if totals[i] & !wanted == 0 {
            keeps[i]
        } else {
            let mut walk = Walk::new(cand, run, wanted);
            if !walk.run(0, 0, 0) {
                continue;
            }
            walk.keep
        };
        for (&c, &k) in run.iter().zip(keep.iter()) {
            changed |= restrict(cand, c, k)?;
        }
    }
    Ok(Some((changed, reach)))
}

/// The totals up to `top` reachable as one of `a` plus one of `b` (larger
/// ones cannot lead to a wanted total: no total is negative).
fn sumset(a: u128, b: u128, top: u32) -> u128 {
    let lim = u128::MAX >> (127 - top);
    let (a, b) = (a & lim, b & lim);
    if a == 0 || b == 0 {
        return 0;
    }
    // One shift per bit of the side with the narrower span (a cheap guess
    // at the sparser side: no popcount instruction on the base target).
    let span = |x: u128| 128 - x.leading_zeros() - x.trailing_zeros();
    let (mut rest, b) = if span(a) <= span(b) { (a, b) } else { (b, a) };
    let mut out = 0;
    while rest != 0 {
        let s = rest.trailing_zeros();
        rest &= rest - 1;
        out |= b << s;
    }
    out & lim
}

/// Assignments of distinct digits to one run whose total is in `wanted`
/// (bit t for total t): the totals met and, per cell, the digits used. The
/// run's last cell is not enumerated: its digits come out of one shift of
/// `wanted`.
struct Walk<'a> {
    cand: &'a [u64],
    run: &'a [usize],
    wanted: u128,
    chosen: [u64; MAX_RUN_LEN],
    keep: [u64; MAX_RUN_LEN],
    totals: u128,
    budget: usize,
}

impl<'a> Walk<'a> {
    fn new(cand: &'a [u64], run: &'a [usize], wanted: u128) -> Self {
        Walk {
            cand,
            run,
            wanted,
            chosen: [0; MAX_RUN_LEN],
            keep: [0; MAX_RUN_LEN],
            totals: 0,
            budget: BUDGET,
        }
    }

    /// Cells `i..` given digits `used` with `total` so far; false when the
    /// budget ran out (the results are then partial).
    fn run(&mut self, i: usize, used: u64, total: u32) -> bool {
        let free = self.cand[self.run[i]] & !used;
        if total >= 127 {
            return true; // every digit would pass the largest tracked sum
        }
        if i + 1 == self.run.len() {
            // Digit d (bit d - 1) lands on total + d.
            let last = free & (self.wanted >> (total + 1)) as u64;
            if last != 0 {
                self.keep[i] |= last;
                for j in 0..i {
                    self.keep[j] |= self.chosen[j];
                }
                self.totals |= u128::from(last) << (total + 1);
            }
            return true;
        }
        for d in digits(free) {
            if total + d > 127 || self.wanted >> (total + d) == 0 {
                break;
            }
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            self.chosen[i] = bit(d);
            if !self.run(i + 1, used | bit(d), total + d) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sumset_of_an_empty_side_is_empty() {
        assert_eq!(super::sumset(0, 0b110, 20), 0);
        assert_eq!(super::sumset(0b110, 0, 20), 0);
        // {1, 2} + {0, 3} = {1, 2, 4, 5}
        assert_eq!(super::sumset(0b110, 0b1001, 20), 0b110110);
    }

    use super::*;
    use crate::geometry::BoxShape;

    const FULL: u64 = 0x1ff;

    fn nine() -> Geometry {
        Geometry::square(BoxShape::new(3, 3), &[]).unwrap()
    }

    #[test]
    fn the_main_diagonal_splits_at_the_boxes() {
        let cells: Vec<usize> = (0..9).map(|i| i * 9 + i).collect();
        assert_eq!(groups(&cells, &nine()), vec![3, 6, 9]);
        // r1c3, r2c2, r3c1: box 1's anti-diagonal, one run.
        assert_eq!(groups(&[2, 10, 18], &nine()), vec![3]);
    }

    #[test]
    fn a_run_in_one_box_takes_distinct_digits() {
        // r1c1 + r2c2 + r3c3 = 6 inside box 1: only 1 + 2 + 3.
        let cells = [0, 10, 20];
        let mut cand = vec![FULL; 81];
        propagate(&mut cand, &cells, &[3], 6).unwrap();
        assert!(cells.iter().all(|&c| cand[c] == 0b111));
        // Without the box (repeats allowed) bounds leave 1..4.
        let mut cand = vec![FULL; 81];
        propagate(&mut cand, &cells, &[1, 2, 3], 6).unwrap();
        assert!(cells.iter().all(|&c| cand[c] == 0b1111));
    }

    #[test]
    fn two_runs_of_two_cannot_make_four() {
        // Each run of two distinct digits is at least 1 + 2.
        let cells = [20, 30, 40, 50];
        let mut cand = vec![FULL; 81];
        assert_eq!(propagate(&mut cand, &cells, &[2, 4], 4), Err(Wipeout));
        let mut cand = vec![FULL; 81];
        assert!(propagate(&mut cand, &cells, &[1, 2, 3, 4], 4).is_ok());
    }

    #[test]
    fn a_digit_needing_an_impossible_partner_goes() {
        // Runs r1c1 r2c2 | r3c3, r3c3 fixed at 5, total 9: the pair makes
        // 4 with distinct digits, 1 + 3 (2 + 2 repeats), so 2 goes; bounds
        // alone would keep it.
        let cells = [0, 10, 20];
        let mut cand = vec![FULL; 81];
        cand[20] = bit(5);
        propagate(&mut cand, &cells, &[2, 3], 9).unwrap();
        assert_eq!(cand[0], bit(1) | bit(3));
        assert_eq!(cand[10], bit(1) | bit(3));
    }
}
