//! Sandwich sums: in a row or column, the digits between the 1 and the N
//! sum to the clue. Propagation tries every placement of the 1 and the N
//! that the candidates allow, keeps those whose crust can reach the sum
//! (by bounds and by the smallest and largest sums of distinct digits),
//! and removes the 1 and the N from the cells no kept placement uses.

use super::{bit, hi, lo, restrict, Narrowed, Wipeout};

pub(super) fn satisfied(cells: &[usize], sum: u32, n: u32, v: &dyn Fn(usize) -> u32) -> bool {
    let p1 = cells.iter().position(|&c| v(c) == 1);
    let pn = cells.iter().position(|&c| v(c) == n);
    let (Some(a), Some(b)) = (p1, pn) else {
        return false;
    };
    let (a, b) = (a.min(b), a.max(b));
    cells[a + 1..b].iter().map(|&c| v(c)).sum::<u32>() == sum
}

pub(super) fn propagate(cand: &mut [u64], cells: &[usize], sum: u32, n: usize) -> Narrowed {
    let (one, top) = (bit(1), bit(n as u32));
    let crust = one | top;
    let mut ones = 0u64; // positions (bits) where the 1 may go
    let mut tops = 0u64;
    for (i, &c1) in cells.iter().enumerate() {
        if cand[c1] & one == 0 {
            continue;
        }
        for (j, &cn) in cells.iter().enumerate() {
            if i == j || cand[cn] & top == 0 {
                continue;
            }
            let (a, b) = (i.min(j), i.max(j));
            let inner = &cells[a + 1..b];
            let k = inner.len() as u32;
            // k distinct digits from 2..=n-1.
            let min_distinct = k * (k + 3) / 2; // 2 + 3 + … + (k + 1)
            let max_distinct = (0..k).map(|t| n as u32 - 1 - t).sum::<u32>();
            if k as usize > n.saturating_sub(2) || sum < min_distinct || sum > max_distinct {
                continue;
            }
            let mut lo_sum = 0;
            let mut hi_sum = 0;
            let mut ok = true;
            for &c in inner {
                let m = cand[c] & !crust;
                if m == 0 {
                    ok = false;
                    break;
                }
                lo_sum += lo(m);
                hi_sum += hi(m);
            }
            if ok && lo_sum <= sum && sum <= hi_sum {
                ones |= 1 << i;
                tops |= 1 << j;
            }
        }
    }
    if ones == 0 {
        return Err(Wipeout);
    }
    let mut changed = false;
    for (i, &c) in cells.iter().enumerate() {
        let mut drop = 0;
        if ones & (1 << i) == 0 {
            drop |= one;
        }
        if tops & (1 << i) == 0 {
            drop |= top;
        }
        if cand[c] & drop != 0 {
            changed |= restrict(cand, c, !drop)?;
        }
    }
    Ok(changed)
}
