//! Cells whose digits differ: naked singles inside a group, and full units
//! with hidden singles too.

use crate::constraints::mask::{restrict, Narrowed, Wipeout};

/// Naked singles inside the group.
pub(crate) fn distinct(cand: &mut [u64], cells: &[usize]) -> Narrowed {
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
pub(crate) fn unit(cand: &mut [u64], cells: &[usize], n: usize) -> Narrowed {
    let mut changed = distinct(cand, cells)?;
    let (mut once, mut twice) = (0u64, 0u64);
    for &c in cells {
        twice |= once & cand[c];
        once |= cand[c];
    }
    if once != crate::bits::full_mask(n) {
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
