//! Digits that strictly increase along a line (thermometers): bounds from
//! both ends.

use crate::constraints::mask::{hi, lo, range, restrict, Narrowed};

pub(crate) fn propagate(cand: &mut [u64], cells: &[usize]) -> Narrowed {
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
