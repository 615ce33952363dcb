//! ALS-XY-Wing: three almost locked sets A, B (the pivot) and C, B linked
//! to A by a restricted common digit X and to C by another, Y.
//!
//! B has one digit more than cells, so it cannot lose both X and Y: it
//! holds X (then A has no X and is locked on its other digits) or Y (then C
//! is locked). Either way every digit Z that A and C share (other than X
//! and Y) is in A or in C, and a cell seeing every Z of both loses Z.
//! HoDoKu scores it 320 (Unfair). Boards of at most 128 cells (bit sets).

use super::{digits_text, elim_text, list_and, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    find_digit(c, None)
}

/// The most-eliminating ALS-XY-Wing, eliminating only `only` when given (tests).
pub(crate) fn find_digit(c: &Candidates, only: Option<u16>) -> Option<Step> {
    // ALSs of up to five cells (HoDoKu's example needs a five-cell set;
    // larger sets multiply the triples searched for little gain), shared
    // with ALS-XY-Chain.
    let net = super::als::net(c)?;
    let (list, small, links, digit_cells) = (&net.list, &net.small, &net.links, &net.digit_cells);
    // The wing with the most eliminations (ties: the first found), as
    // HoDoKu chooses and as ALS-XZ does.
    let mut best: Option<Step> = None;
    for bi in 0..links.nodes() {
        let around = links.of(bi);
        if c.out_of_time() {
            return None;
        }
        for (p, &(ai, xm)) in around.iter().enumerate() {
            for &(ci, ym) in &around[p + 1..] {
                let (ai, ci) = (ai as usize, ci as usize);
                let (sa, sc) = (&small[ai], &small[ci]);
                if sa.set & sc.set != 0 {
                    continue;
                }
                // Digits Z of both A and C with a cell to clear; this does
                // not depend on X and Y, so it is worked out once per pair.
                let outside = !(sa.set | sc.set);
                let zhit = bits(list[ai].mask & list[ci].mask)
                    .filter(|&z| only.map_or(true, |d| d as usize == z + 1))
                    .filter(|&z| digit_cells[z] & sa.seen[z] & sc.seen[z] & outside != 0)
                    .fold(0u64, |m, z| m | 1 << z);
                if zhit == 0 {
                    continue;
                }
                // X and Y excluded from Z: the pair leaving the most.
                let count = |x: usize, y: usize| -> u32 {
                    bits(zhit & !(1 << x) & !(1 << y))
                        .map(|z| (digit_cells[z] & sa.seen[z] & sc.seen[z] & outside).count_ones())
                        .sum()
                };
                let Some((k, x, y)) = bits(xm)
                    .flat_map(|x| bits(ym & !(1 << x)).map(move |y| (x, y)))
                    .map(|(x, y)| (count(x, y), x, y))
                    .max_by_key(|&(k, x, y)| (k, std::cmp::Reverse((x, y))))
                else {
                    continue;
                };
                if k as usize <= best.as_ref().map_or(0, |b: &Step| b.eliminations.len()) {
                    continue;
                }
                let mut elims = Vec::new();
                for z in bits(zhit & !(1 << x) & !(1 << y)) {
                    let mut hit = digit_cells[z] & sa.seen[z] & sc.seen[z] & outside;
                    while hit != 0 {
                        let t = hit.trailing_zeros() as usize;
                        hit &= hit - 1;
                        elims.push(Cand::new(t, z as u16 + 1));
                    }
                }
                let (a, b, cc) = (&list[ai], &list[bi], &list[ci]);
                let mut s = Step::new(Technique::AlsXyWing);
                s.eliminations = elims;
                s.cells = a
                    .cells
                    .iter()
                    .chain(b.cells.iter())
                    .chain(cc.cells.iter())
                    .copied()
                    .collect();
                s.units = vec![a.unit, b.unit, cc.unit];
                for &cell in &s.cells {
                    for d in bits(c.mask(cell as usize)) {
                        s.candidates.push(Cand::new(cell as usize, d as u16 + 1));
                    }
                }
                explain!(c, s,
                            "pivot B = {} ({}) shares X = {} with A = {} ({}) and Y = {} with C = {} ({}), each restricted (every X of A sees every X of B; likewise Y for C); B cannot lose both, so A or C is locked and each digit Z they share is in one of them: remove {}",
                            list_and(c, &b.cells),
                            digits_text(b.mask),
                            x + 1,
                            list_and(c, &a.cells),
                            digits_text(a.mask),
                            y + 1,
                            list_and(c, &cc.cells),
                            digits_text(cc.mask),
                            elim_text(c, &s.eliminations)
                        );
                best = Some(s);
            }
        }
    }
    best
}
