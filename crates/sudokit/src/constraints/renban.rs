//! Renban lines: the digits are a set of consecutive digits in any order,
//! without repeats. A line of k cells holds one window `a..a+k-1`; each
//! cell keeps the digits of the windows every cell of the line can fit.

use super::{bit, range, region, restrict, Narrowed, Wipeout};

pub(super) fn satisfied(cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    let vals: Vec<u32> = cells.iter().map(|&c| v(c)).collect();
    let (Some(&min), Some(&max)) = (vals.iter().min(), vals.iter().max()) else {
        return true;
    };
    let distinct = vals
        .iter()
        .try_fold(0u64, |seen, &d| {
            (seen & bit(d) == 0).then_some(seen | bit(d))
        })
        .is_some();
    distinct && (max - min) as usize == vals.len() - 1
}

pub(super) fn propagate(cand: &mut [u64], cells: &[usize], n: usize) -> Narrowed {
    let k = cells.len();
    if k == 0 {
        return Ok(false);
    }
    if k > n {
        return Err(Wipeout);
    }
    let mut changed = region::distinct(cand, cells)?;
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
