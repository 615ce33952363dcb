//! Locked pairs and triples: a naked pair (triple) whose cells lie where
//! two units overlap (a box and a line) holds its digits for both units, so
//! both lose them elsewhere.
//!
//! HoDoKu scores these below a naked pair (40 and 60) and looks for them
//! before locked candidates: they are what a player sees first in a box
//! with a crowded line. As HoDoKu does, the pattern counts as locked only
//! when both units lose a candidate; otherwise it is a plain naked subset.

use super::memo::{self, Search};
use super::{digits_text, elim_text, list_and, subsets_within, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates, k: usize) -> Option<Step> {
    let technique = if k == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    let overlaps = &c.ctx.overlaps;
    // An overlap's search reads the cells of its two units (`Search::Locked`).
    memo::per_region(
        c,
        Search::Locked(k),
        overlaps.len(),
        0..overlaps.len(),
        |i| {
            let ((a, b, shared), (rest_a, rest_b)) = (&overlaps[i], &c.ctx.overlap_rest[i]);
            let open: Vec<u32> = shared
                .iter()
                .copied()
                .filter(|&x| (2..=k).contains(&(c.mask(x as usize).count_ones() as usize)))
                .collect();
            if open.len() < k {
                return None;
            }
            let mut found = None;
            let mask = |x: u32| c.mask(x as usize);
            subsets_within(c, &open, k, (0, k), mask, |cells, m| {
                if m.count_ones() as usize != k {
                    return false;
                }
                let hits = |rest: &[u32]| -> Vec<Cand> {
                    let mut v = Vec::new();
                    for &x in rest {
                        for d in bits(c.mask(x as usize) & m) {
                            v.push(Cand::new(x as usize, d as u16 + 1));
                        }
                    }
                    v
                };
                let (ea, eb) = (hits(rest_a), hits(rest_b));
                if ea.is_empty() || eb.is_empty() {
                    return false;
                }
                // The overlap's other cells belong to both units and lose the
                // digits too.
                let others: Vec<u32> = shared
                    .iter()
                    .copied()
                    .filter(|x| !cells.contains(x))
                    .collect();
                let mut s = Step::new(technique);
                s.eliminations = ea.into_iter().chain(eb).chain(hits(&others)).collect();
                s.cells = cells.to_vec();
                s.units = vec![*a, *b];
                for &x in cells {
                    for d in bits(c.mask(x as usize)) {
                        s.candidates.push(Cand::new(x as usize, d as u16 + 1));
                    }
                }
                explain!(c, s,
                "{} hold only {} and lie in both {} and {}, so those digits go there and both units lose them elsewhere: remove {}",
                list_and(c, cells),
                digits_text(m),
                c.un(*a as usize),
                c.un(*b as usize),
                elim_text(c, &s.eliminations)
            );
                found = Some(s);
                true
            });
            found
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn locked_pair_clears_row_and_box() {
        // r1c1 and r1c2 reduced to {1,2}: they share row 1 and box 1.
        let mut removed = Vec::new();
        for cell in [0, 1] {
            for d in 3..=9 {
                removed.push((cell, d));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::LockedPair);
        // Row 1 loses 1 and 2 from 7 cells, box 1 from the 6 others.
        assert_eq!(s.eliminations.len(), 2 * (7 + 6));
        assert!(elims(&c, &s).contains(&"r1c3<>1".to_string()));
        let e = elims(&c, &s);
        assert!(e.contains(&"r3c3<>2".to_string()) && e.contains(&"r1c9<>1".to_string()));
        assert!(s.explanation.contains("row 1") && s.explanation.contains("box 1"));
        assert!(!s.explanation.starts_with("Locked"));
    }

    #[test]
    fn pair_clearing_one_unit_only_is_not_locked() {
        // Same pair, but box 1 has no other 1 or 2: only the row loses them.
        let mut removed = Vec::new();
        for cell in [0, 1] {
            for d in 3..=9 {
                removed.push((cell, d));
            }
        }
        for cell in [2, 9, 10, 11, 18, 19, 20] {
            removed.push((cell, 1));
            removed.push((cell, 2));
        }
        let c = cands(&".".repeat(81), &removed);
        assert!(find(&c, 2).is_none());
    }
}
