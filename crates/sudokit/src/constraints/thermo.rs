//! Thermometers: digits strictly increase from the bulb.
//!
//! Bounds in both directions: a cell is above its predecessor's lowest
//! digit and below its successor's highest.

use super::{hi, lo, range, restrict, Narrowed};

pub(super) fn satisfied(cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    cells.windows(2).all(|w| v(w[0]) < v(w[1]))
}

pub(super) fn propagate(cand: &mut [u64], cells: &[usize]) -> Narrowed {
    let mut changed = false;
    for w in cells.windows(2) {
        let floor = lo(cand[w[0]]) as i64 + 1;
        changed |= restrict(cand, w[1], range(floor, 64))?;
    }
    for w in cells.windows(2).rev() {
        let ceiling = hi(cand[w[1]]) as i64 - 1;
        changed |= restrict(cand, w[0], range(1, ceiling))?;
    }
    Ok(changed)
}
