//! Sandwich sums: the digits between the 1 and the N of a row or column, by
//! fillings on small boards and placement bounds otherwise.

use crate::constraints::mask::{bit, hi, lo, restrict, Narrowed, Wipeout};

/// Boards above this many digits keep to placement bounds (the fillings
/// would be too many to list).
const MAX_FILLED: usize = 16;

/// Per inside length k, the sets of k distinct digits from 2..=N-1 with
/// total `sum`; empty on boards over [`MAX_FILLED`].
pub(crate) fn fillings(n: usize, sum: u32) -> Vec<Vec<u64>> {
    if !(3..=MAX_FILLED).contains(&n) {
        return Vec::new();
    }
    let mut by_len = vec![Vec::new(); n - 1];
    for m in 0u64..1 << (n - 2) {
        let set = m << 1; // bit 1 is digit 2
        if crate::constraints::mask::digits(set).sum::<u32>() == sum {
            by_len[set.count_ones() as usize].push(set);
        }
    }
    by_len
}

/// Whether `cells` can hold exactly the digits of `set`, one each (every
/// cell has one of them and together they cover it: necessary, and with
/// the unit's distinct rule enough for the search).
fn fits(cand: &[u64], cells: &[usize], set: u64) -> bool {
    let mut cover = 0;
    for &c in cells {
        let m = cand[c] & set;
        if m == 0 {
            return false;
        }
        cover |= m;
    }
    cover == set
}

/// Every placement of the 1 at `cells[i]` and the N at `cells[j]` that the
/// candidates allow, as `(i, j)`.
fn crust_placements<'a>(
    cand: &'a [u64],
    cells: &'a [usize],
    n: usize,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let (one, top) = (bit(1), bit(n as u32));
    let may = move |i: usize, d: u64| cand[cells[i]] & d != 0;
    (0..cells.len())
        .filter(move |&i| may(i, one))
        .flat_map(move |i| {
            (0..cells.len())
                .filter(move |&j| j != i && may(j, top))
                .map(move |j| (i, j))
        })
}

pub(crate) fn propagate(
    cand: &mut [u64],
    cells: &[usize],
    sum: u32,
    n: usize,
    fillings: &[Vec<u64>],
) -> Narrowed {
    if fillings.is_empty() {
        return placements(cand, cells, sum, n);
    }
    let (one, top) = (bit(1), bit(n as u32));
    let middle = crate::bits::full_mask(n) & !(one | top);
    let mut keep = [0u64; MAX_FILLED];
    let mut any = false;
    for (i, j) in crust_placements(cand, cells, n) {
        let (a, b) = (i.min(j), i.max(j));
        let inner = &cells[a + 1..b];
        let outer = cells[..a].iter().chain(&cells[b + 1..]);
        for &set in &fillings[inner.len()] {
            let rest = middle & !set;
            if !fits(cand, inner, set) || !outer.clone().all(|&c| cand[c] & rest != 0) {
                continue;
            }
            let cover = outer.clone().fold(0, |m, &c| m | (cand[c] & rest));
            if cover != rest {
                continue;
            }
            any = true;
            keep[i] |= one;
            keep[j] |= top;
            for t in (a + 1..b).chain(0..a).chain(b + 1..cells.len()) {
                let allowed = if (a + 1..b).contains(&t) { set } else { rest };
                keep[t] |= cand[cells[t]] & allowed;
            }
        }
    }
    if !any {
        return Err(Wipeout);
    }
    let mut changed = false;
    for (t, &c) in cells.iter().enumerate() {
        changed |= restrict(cand, c, keep[t])?;
    }
    Ok(changed)
}

/// Placement bounds only (boards over [`MAX_FILLED`]).
fn placements(cand: &mut [u64], cells: &[usize], sum: u32, n: usize) -> Narrowed {
    let (one, top) = (bit(1), bit(n as u32));
    let crust = one | top;
    let mut ones = 0u64; // positions (bits) where the 1 may go
    let mut tops = 0u64;
    for (i, j) in crust_placements(cand, cells, n) {
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

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: u64 = 0x1ff;

    #[test]
    fn fillings_of_nine_by_length() {
        let f = fillings(9, 10);
        // No single digit 2..8 is 10; two digits: 2+8, 3+7, 4+6.
        assert_eq!(f[1], Vec::<u64>::new());
        assert_eq!(f[2].len(), 3);
        assert_eq!(f[3], vec![bit(2) | bit(3) | bit(5)]); // 2+4+4 repeats
        assert!(f[4].is_empty()); // 2+3+4+5 is already 14
        assert!(fillings(25, 10).is_empty());
    }

    #[test]
    fn a_one_at_the_end_and_a_sum_of_two_place_the_two_and_nine() {
        let cells: Vec<usize> = (0..9).collect();
        let mut cand = vec![FULL; 9];
        cand[0] = bit(1);
        propagate(&mut cand, &cells, 2, 9, &fillings(9, 2)).unwrap();
        assert_eq!(cand[1], bit(2));
        assert_eq!(cand[2], bit(9));
        assert!(cand[3..]
            .iter()
            .all(|&m| m == FULL & !(bit(1) | bit(2) | bit(9))));
    }

    #[test]
    fn a_full_sum_puts_the_crust_at_the_ends() {
        // 35 = 2 + … + 8: the 1 and the 9 are the first and last cells.
        let cells: Vec<usize> = (0..9).collect();
        let mut cand = vec![FULL; 9];
        propagate(&mut cand, &cells, 35, 9, &fillings(9, 35)).unwrap();
        assert_eq!(cand[0], bit(1) | bit(9));
        assert_eq!(cand[8], bit(1) | bit(9));
        assert!(cand[1..8].iter().all(|&m| m == FULL & !(bit(1) | bit(9))));
    }
}
