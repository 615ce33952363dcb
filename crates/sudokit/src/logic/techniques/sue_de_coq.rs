//! Sue de Coq: two overlapping units (a line and a box, or any two units
//! sharing cells) split one set of digits between them.
//!
//! Take cells C of the intersection holding digits V, cells L of the first
//! unit outside it holding digits VL, and cells B of the second unit outside
//! it holding digits VB, with VL and VB disjoint and, in all, exactly as many
//! digits as cells. Then each of those digits is in exactly one of the cells:
//! a VL digit can only be in L or C (all in the first unit), a VB digit only
//! in C or B (all in the second), the rest only in C, and there are as many
//! cells as digits. So the first unit's other cells lose the VL digits and C's
//! own, the second unit's other cells the VB digits and C's own.

use super::memo::{self, Search};
use super::{combinations, digits_text, elim_text, list_and, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// Most cells on either side outside the intersection. HoDoKu sets no
/// limit; every extra cell multiplies the subsets tried.
const MAX_SIDE: usize = 3;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let units = c.geometry().units();
    let empty = |x: &u32| c.values()[*x as usize] == 0;
    let union = |cells: &[u32]| cells.iter().fold(0u64, |m, &x| m | c.mask(x as usize));
    let overlaps = &c.ctx.overlaps;
    // An overlap's answer depends only on the cells of its two units
    // (`Search::SueDeCoq`).
    memo::per_region(
        c,
        Search::SueDeCoq,
        overlaps.len(),
        0..overlaps.len(),
        |i| {
            let (u1, u2, shared) = &overlaps[i];
            let inter: Vec<u32> = shared.iter().copied().filter(empty).collect();
            if inter.len() < 2 {
                return None;
            }
            let rest = |u: u32| -> Vec<u32> {
                units[u as usize]
                    .cells
                    .iter()
                    .copied()
                    .filter(|x| empty(x) && !shared.contains(x))
                    .collect()
            };
            let (line_rest, box_rest) = (rest(*u1), rest(*u2));
            let mut found = None;
            // Reused for every choice of C (filled anew each time).
            let mut line_cands: Vec<u32> = Vec::with_capacity(line_rest.len());
            let mut box_cands: Vec<u32> = Vec::with_capacity(box_rest.len());
            for k in 2..=inter.len() {
                combinations(c, &inter, k, |cs| {
                    let v = union(cs);
                    if (v.count_ones() as usize) < k + 2 {
                        return false;
                    }
                    // Cells outside the intersection that share a digit with C.
                    let shares_with_c = |x: &u32| c.mask(*x as usize) & v != 0;
                    line_cands.clear();
                    line_cands.extend(line_rest.iter().copied().filter(shares_with_c));
                    box_cands.clear();
                    box_cands.extend(box_rest.iter().copied().filter(shares_with_c));
                    // The digits count at most k + nl + MAX_SIDE cells: fewer
                    // line cells than that allows can never match.
                    let fewest_l = (v.count_ones() as usize).saturating_sub(k + MAX_SIDE);
                    for nl in fewest_l.max(1)..=MAX_SIDE {
                        let done = combinations(c, &line_cands, nl, |ls| {
                            let vl = union(ls);
                            // At most MAX_SIDE box cells follow, so more digits
                            // than k + nl + MAX_SIDE can never match the cell count.
                            if (v | vl).count_ones() as usize > k + nl + MAX_SIDE {
                                return false;
                            }
                            // Box cells sharing a digit with L can never be used.
                            let mut pool = [0u32; 64];
                            let mut len = 0;
                            for &x in &box_cands {
                                if c.mask(x as usize) & vl == 0 && len < pool.len() {
                                    pool[len] = x;
                                    len += 1;
                                }
                            }
                            // Nor fewer box cells than the digits so far need.
                            let fewest_b = ((v | vl).count_ones() as usize).saturating_sub(k + nl);
                            (fewest_b.max(1)..=MAX_SIDE).any(|nb| {
                            combinations(c, &pool[..len], nb, |bs| {
                                let vb = union(bs);
                                if vl & vb != 0 {
                                    return false;
                                }
                                let all = v | vl | vb;
                                if all.count_ones() as usize != k + nl + nb {
                                    return false;
                                }
                                let only_c = v & !vl & !vb;
                                let mut elims = Vec::new();
                                // Intersection cells outside C are in both units.
                                for &x in inter.iter().filter(|x| !cs.contains(x)) {
                                    for d in bits(c.mask(x as usize) & all) {
                                        elims.push(Cand::new(x as usize, d as u16 + 1));
                                    }
                                }
                                for (pool, digits) in
                                    [(&line_rest, vl | only_c), (&box_rest, vb | only_c)]
                                {
                                    for &x in pool.iter() {
                                        if ls.contains(&x) || bs.contains(&x) {
                                            continue;
                                        }
                                        for d in bits(c.mask(x as usize) & digits) {
                                            elims.push(Cand::new(x as usize, d as u16 + 1));
                                        }
                                    }
                                }
                                if elims.is_empty() {
                                    return false;
                                }
                                let mut s = Step::new(Technique::SueDeCoq);
                                s.eliminations = elims;
                                s.cells = cs.iter().chain(ls).chain(bs).copied().collect();
                                s.units = vec![*u1, *u2];
                                for &x in &s.cells {
                                    for d in bits(c.mask(x as usize)) {
                                        s.candidates.push(Cand::new(x as usize, d as u16 + 1));
                                    }
                                }
                                explain!(c, s,
                                    "{} ({}) with {} ({}) in {} and {} ({}) in {} hold exactly {} digits in {} cells, so each digit is in one of them: remove {}",
                                    list_and(c, cs),
                                    digits_text(v),
                                    list_and(c, ls),
                                    digits_text(vl),
                                    c.un(*u1 as usize),
                                    list_and(c, bs),
                                    digits_text(vb),
                                    c.un(*u2 as usize),
                                    all.count_ones(),
                                    k + nl + nb,
                                    elim_text(c, &s.eliminations)
                                );
                                found = Some(s);
                                true
                            })
                        })
                        });
                        if done {
                            return true;
                        }
                    }
                    false
                });
                if found.is_some() {
                    return found;
                }
            }
            None
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn sue_de_coq_row_and_box() {
        // Intersection of row 1 and box 1: r1c1 {1,2,3,4}, r1c2 {1,2,3,4},
        // r1c3 {5,6} (not part of the pattern). Row 1:
        // r1c5 {1,2}. Box 1: r2c1 {3,4}. Four cells (r1c1, r1c2, r1c5, r2c1)
        // and four digits 1–4: 1 and 2 are in row 1's r1c1, r1c2 or r1c5, 3 and
        // 4 in box 1's r1c1, r1c2 or r2c1. So the rest of row 1 loses 1 and 2,
        // the rest of box 1 loses 3 and 4.
        let keep: &[(&str, &[u16])] = &[
            ("r1c1", &[1, 2, 3, 4]),
            ("r1c2", &[1, 2, 3, 4]),
            ("r1c3", &[5, 6]),
            ("r1c5", &[1, 2]),
            ("r2c1", &[3, 4]),
        ];
        let c = keeping(keep);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::SueDeCoq);
        let mut expected = Vec::new();
        for col in [4, 6, 7, 8, 9] {
            for d in [1, 2] {
                expected.push(format!("r1c{col}<>{d}"));
            }
        }
        for (r, col) in [(2, 2), (2, 3), (3, 1), (3, 2), (3, 3)] {
            for d in [3, 4] {
                expected.push(format!("r{r}c{col}<>{d}"));
            }
        }
        expected.sort();
        assert_eq!(elims(&c, &s), expected);
    }

    #[test]
    fn three_line_cells() {
        // C = r1c1 {1,5} and r1c2 {4,6}; L = r1c4 {1,2}, r1c5 {2,3,4}, r1c6
        // {3,4} (three cells of row 1); B = r2c1 {5,6} (box 1). Six cells,
        // six digits (no two cells of L give a 2+2+1), 1-4 in row 1 and 5-6
        // in box 1: row 1's other cells lose 1-4, box 1's lose 5 and 6, and
        // r1c3 (in both) loses 1-6.
        let keep: &[(&str, &[u16])] = &[
            ("r1c1", &[1, 5]),
            ("r1c2", &[4, 6]),
            ("r1c4", &[1, 2]),
            ("r1c5", &[2, 3, 4]),
            ("r1c6", &[3, 4]),
            ("r2c1", &[5, 6]),
        ];
        let c = keeping(keep);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::SueDeCoq);
        let mut expected = Vec::new();
        for d in 1..=6 {
            expected.push(format!("r1c3<>{d}"));
        }
        for col in 7..=9 {
            for d in 1..=4 {
                expected.push(format!("r1c{col}<>{d}"));
            }
        }
        for cell in ["r2c2", "r2c3", "r3c1", "r3c2", "r3c3"] {
            for d in 5..=6 {
                expected.push(format!("{cell}<>{d}"));
            }
        }
        expected.sort();
        assert_eq!(elims(&c, &s), expected, "{}", s.explanation);
    }
}
