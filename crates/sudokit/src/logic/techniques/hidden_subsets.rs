//! Hidden pairs, triples and quads: k digits that, in one unit, fit only in
//! the same k cells fill those cells, so the cells' other candidates go.

use super::memo::{self, Search};
use super::{digits_text, elim_text, list_and, subsets_within, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates, k: usize) -> Option<Step> {
    let technique = match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let n = c.ctx.n;
    let geo = c.geometry().clone();
    // A unit's search reads its own cells only (`Search::Hidden`).
    let units = geo.units().len();
    memo::per_region(
        c,
        Search::Hidden(k),
        units,
        super::box_first_units(c),
        |ui| {
            let u = &geo.units()[ui];
            let empty = u.cells.iter().filter(|&&x| c.mask(x as usize) != 0).count();
            if empty <= k {
                return None;
            }
            // Place mask (bit = position in the unit) of each digit.
            let mut where_ = vec![0u64; n];
            for (i, &x) in u.cells.iter().enumerate() {
                for d in bits(c.mask(x as usize)) {
                    where_[d] |= 1 << i;
                }
            }
            let digits: Vec<u32> = (0..n as u32)
                .filter(|&d| {
                    let p = where_[d as usize].count_ones() as usize;
                    p >= 2 && p <= k
                })
                .collect();
            let mut found = None;
            let places_of = |d: u32| where_[d as usize];
            subsets_within(c, &digits, k, (0, k), places_of, |ds, places| {
                if places.count_ones() as usize != k {
                    return false;
                }
                let dm = ds.iter().fold(0u64, |a, &d| a | 1 << d);
                let cells: Vec<u32> = bits(places).map(|i| u.cells[i]).collect();
                let mut s = Step::new(technique);
                for &x in &cells {
                    for d in bits(c.mask(x as usize) & !dm) {
                        s.eliminations.push(Cand::new(x as usize, d as u16 + 1));
                    }
                    for d in bits(c.mask(x as usize) & dm) {
                        s.candidates.push(Cand::new(x as usize, d as u16 + 1));
                    }
                }
                if s.eliminations.is_empty() {
                    return false;
                }
                s.cells = cells.clone();
                s.units = vec![ui as u32];
                explain!(
                    c,
                    s,
                    "In {}, {} fit only in {}, so those cells hold nothing else: remove {}",
                    c.un(ui),
                    digits_text(dm),
                    list_and(c, &cells),
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
    fn hidden_pair_in_row() {
        // 1 and 2 removed from r1c3..r1c9: in row 1 they fit only in r1c1, r1c2.
        let mut removed = Vec::new();
        for cell in 2..9 {
            removed.push((cell, 1));
            removed.push((cell, 2));
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::HiddenPair);
        assert_eq!(s.eliminations.len(), 14);
        assert!(elims(&c, &s).contains(&"r1c1<>9".to_string()));
    }
}
