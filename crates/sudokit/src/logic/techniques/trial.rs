//! Last resorts, clearly labelled as guesses.
//!
//! Trial and error: assume a candidate is true, fill in every single that
//! follows; if that reaches a contradiction (a cell with no candidate, a
//! digit with no place in a unit), the candidate is false. Sound, but a guess
//! checked by its consequences rather than a pattern a person would spot.
//!
//! Brute force: when even that finds nothing, place one digit of the
//! solution found by search. Only used when every technique above has
//! failed, so every valid puzzle still gets a full path.

use super::{Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// Fills in naked and hidden singles until none is left. Returns false on a
/// contradiction.
pub(crate) fn propagate_singles(c: &mut Candidates) -> bool {
    let units = c.geometry().clone();
    let n = c.ctx.n;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    loop {
        let mut changed = false;
        for x in 0..c.cell_count() {
            if c.values()[x] != 0 {
                continue;
            }
            let m = c.mask(x);
            if m == 0 {
                return false;
            }
            if m.count_ones() == 1 {
                c.place(x, m.trailing_zeros() as u16 + 1);
                changed = true;
            }
        }
        for u in units.units() {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &x in &u.cells {
                let m = c.mask(x as usize);
                twice |= once & m;
                once |= m;
                let v = c.values()[x as usize];
                if v != 0 {
                    if placed >> (v - 1) & 1 != 0 {
                        return false;
                    }
                    placed |= 1 << (v - 1);
                }
            }
            if (once | placed) != full {
                return false;
            }
            let single = once & !twice & !placed;
            for d in bits(single) {
                if let Some(&x) = u.cells.iter().find(|&&x| c.mask(x as usize) >> d & 1 != 0) {
                    c.place(x as usize, d as u16 + 1);
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    // Cells with few candidates first: the most natural guesses.
    for k in 2..=c.ctx.n as u32 {
        for x in 0..c.cell_count() {
            if c.mask(x).count_ones() != k {
                continue;
            }
            for d in bits(c.mask(x)) {
                let d = d as u16 + 1;
                let mut t = c.clone();
                t.place(x, d);
                if !propagate_singles(&mut t) {
                    let mut s = Step::new(Technique::TrialAndError);
                    s.eliminations = vec![Cand::new(x, d)];
                    s.cells = vec![x as u32];
                    s.candidates = vec![Cand::new(x, d)];
                    s.explanation = format!(
                        "A guess: assuming {} = {d} and filling in singles leads to a contradiction, so {} is not {d}",
                        c.cn(x),
                        c.cn(x)
                    );
                    return Some(s);
                }
            }
        }
    }
    None
}

pub(crate) fn brute_force(c: &Candidates) -> Option<Step> {
    let grid = c.to_grid();
    let solution = crate::solve::unchecked_solutions(&grid)
        .find(|sol| (0..c.cell_count()).all(|x| c.values()[x] != 0 || c.has(x, sol.get(x))))?;
    let x = (0..c.cell_count())
        .filter(|&x| c.values()[x] == 0)
        .min_by_key(|&x| c.mask(x).count_ones())?;
    let d = solution.get(x);
    let mut s = Step::new(Technique::BruteForce);
    s.placements = vec![Cand::new(x, d)];
    s.cells = vec![x as u32];
    s.candidates = vec![Cand::new(x, d)];
    s.explanation = format!(
        "A guess: no technique applies; the solution found by search has {} = {d}",
        c.cn(x)
    );
    Some(s)
}
