//! Extra regions and "no repeats" groups (cages without a sum, renban
//! lines): a placed digit leaves the group's other cells; a region of N
//! cells is a full unit, so a digit with one place left goes there.

use super::{bit, restrict, Narrowed, Wipeout};

pub(super) fn satisfied(cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    let mut seen = 0u64;
    cells.iter().all(|&c| {
        let b = bit(v(c));
        let fresh = seen & b == 0;
        seen |= b;
        fresh
    })
}

/// Naked singles inside the group.
pub(super) fn distinct(cand: &mut [u64], cells: &[usize]) -> Narrowed {
    let mut fixed = 0u64;
    for &c in cells {
        let m = cand[c];
        if m.is_power_of_two() {
            if fixed & m != 0 {
                return Err(Wipeout);
            }
            fixed |= m;
        }
    }
    if fixed == 0 {
        return Ok(false);
    }
    let mut changed = false;
    for &c in cells {
        if !cand[c].is_power_of_two() {
            changed |= restrict(cand, c, !fixed)?;
        }
    }
    Ok(changed)
}

/// A full unit: naked and hidden singles.
pub(super) fn unit(cand: &mut [u64], cells: &[usize], n: usize) -> Narrowed {
    let mut changed = distinct(cand, cells)?;
    let (mut once, mut twice) = (0u64, 0u64);
    for &c in cells {
        twice |= once & cand[c];
        once |= cand[c];
    }
    if once != crate::puzzle::full_mask(n) {
        return Err(Wipeout);
    }
    let hidden = once & !twice;
    for &c in cells {
        let h = cand[c] & hidden;
        if h != 0 && cand[c] != h {
            if !h.is_power_of_two() {
                return Err(Wipeout);
            }
            cand[c] = h;
            changed = true;
        }
    }
    Ok(changed)
}
