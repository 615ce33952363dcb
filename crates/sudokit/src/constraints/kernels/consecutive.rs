//! Sets of consecutive digits without repeats (renban lines).

use crate::constraints::mask::{range, restrict, Narrowed, Wipeout};

pub(crate) fn propagate(cand: &mut [u64], cells: &[usize], n: usize) -> Narrowed {
    let k = cells.len();
    if k == 0 {
        return Ok(false);
    }
    if k > n {
        return Err(Wipeout);
    }
    let mut changed = super::distinct::distinct(cand, cells)?;
    let mut allowed = vec![0u64; k];
    for a in 1..=(n - k + 1) as i64 {
        let w = range(a, a + k as i64 - 1);
        let mut cover = 0;
        if cells.iter().all(|&c| {
            cover |= cand[c] & w;
            cand[c] & w != 0
        }) && cover == w
        {
            for (i, &c) in cells.iter().enumerate() {
                allowed[i] |= cand[c] & w;
            }
        }
    }
    for (i, &c) in cells.iter().enumerate() {
        changed |= restrict(cand, c, allowed[i])?;
    }
    Ok(changed)
}
