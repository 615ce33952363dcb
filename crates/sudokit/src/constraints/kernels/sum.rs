//! Sums over cells (killer cages, the rule of 45): combinations of distinct
//! digits within a budget, bounds otherwise.

use crate::constraints::mask::{bit, digits, hi, lo, restrict, Narrowed, Wipeout};

/// Combinations tried per call before falling back to bounds.
const COMBINATION_BUDGET: usize = 4096;

pub(crate) fn propagate(
    cand: &mut [u64],
    cells: &[usize],
    sum: u32,
    distinct: bool,
    n: usize,
) -> Narrowed {
    if !distinct {
        return bounds(cand, cells, sum);
    }
    let mut changed = super::distinct::distinct(cand, cells)?;
    match combinations(cand, cells, sum) {
        Some(allowed) => {
            for (i, &c) in cells.iter().enumerate() {
                changed |= restrict(cand, c, allowed[i])?;
            }
        }
        None => changed |= bounds(cand, cells, sum)?,
    }
    let _ = n;
    Ok(changed)
}

/// Per cell, the digits of the feasible combinations; `None` when the
/// enumeration ran over budget.
fn combinations(cand: &[u64], cells: &[usize], sum: u32) -> Option<Vec<u64>> {
    let union = cells.iter().fold(0, |m, &c| m | cand[c]);
    let pool: Vec<u32> = digits(union).collect();
    let k = cells.len();
    let mut allowed = vec![0u64; k];
    let mut budget = COMBINATION_BUDGET;
    let mut chosen = 0u64;
    let ok = walk(
        &pool,
        0,
        k,
        sum,
        &mut chosen,
        cand,
        cells,
        &mut allowed,
        &mut budget,
    );
    ok.then_some(allowed)
}

/// Depth-first over the pool's digits in ascending order. Returns false
/// when the budget ran out.
#[allow(clippy::too_many_arguments)]
fn walk(
    pool: &[u32],
    from: usize,
    left: usize,
    rest: u32,
    chosen: &mut u64,
    cand: &[u64],
    cells: &[usize],
    allowed: &mut [u64],
    budget: &mut usize,
) -> bool {
    if left == 0 {
        if rest == 0 {
            accept(*chosen, cand, cells, allowed);
        }
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if pool.len() - from < left {
        return true;
    }
    // The smallest and largest sums `left` more digits can still make.
    let min: u32 = pool[from..from + left].iter().sum();
    let max: u32 = pool[pool.len() - left..].iter().sum();
    if rest < min || rest > max {
        return true;
    }
    for i in from..pool.len() {
        let d = pool[i];
        if d > rest {
            break;
        }
        *chosen |= bit(d);
        let ok = walk(
            pool,
            i + 1,
            left - 1,
            rest - d,
            chosen,
            cand,
            cells,
            allowed,
            budget,
        );
        *chosen &= !bit(d);
        if !ok {
            return false;
        }
    }
    true
}

/// Records combination `set` if every cell can take one of its digits and
/// together they can cover it (a necessary condition of a matching).
fn accept(set: u64, cand: &[u64], cells: &[usize], allowed: &mut [u64]) {
    let mut cover = 0;
    for &c in cells {
        let m = cand[c] & set;
        if m == 0 {
            return;
        }
        cover |= m;
    }
    if cover != set {
        return;
    }
    for (i, &c) in cells.iter().enumerate() {
        allowed[i] |= cand[c] & set;
    }
}

/// Bounds reasoning for a sum: each digit must leave the other cells a
/// reachable remainder.
pub(crate) fn bounds(cand: &mut [u64], cells: &[usize], sum: u32) -> Narrowed {
    let total_lo: u32 = cells.iter().map(|&c| lo(cand[c])).sum();
    let total_hi: u32 = cells.iter().map(|&c| hi(cand[c])).sum();
    if sum < total_lo || sum > total_hi {
        return Err(Wipeout);
    }
    let mut changed = false;
    for &c in cells {
        let (l, h) = (lo(cand[c]), hi(cand[c]));
        // d + (others' lowest) <= sum and d + (others' highest) >= sum.
        let max_d = sum as i64 - (total_lo - l) as i64;
        let min_d = sum as i64 - (total_hi - h) as i64;
        changed |= restrict(cand, c, crate::constraints::mask::range(min_d, max_d))?;
    }
    Ok(changed)
}

/// A sum over `cells` (distinct digits or not) narrowed by the cage
/// reasoning: for the rule of 45's innies and outies.
pub(crate) fn narrow_sum(cand: &mut [u64], cells: &[usize], sum: u32, distinct: bool) -> Narrowed {
    propagate(cand, cells, sum, distinct, 0)
}
