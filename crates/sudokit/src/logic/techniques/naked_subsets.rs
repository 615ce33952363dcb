//! Naked pairs, triples and quads: k cells of a unit whose candidates
//! together are k digits hold those digits, so no other cell of any unit
//! containing all k cells can.

use super::memo::{self, Search};
use super::{digits_text, elim_text, list_and, subsets_within, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates, k: usize) -> Option<Step> {
    let technique = match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let geo = c.geometry().clone();
    // A unit's search reads its cells and, for eliminations, the other
    // units holding two or more of them (the memo's `Search::Naked`).
    let units = geo.units().len();
    memo::per_region(
        c,
        Search::Naked(k),
        units,
        super::box_first_units(c),
        |ui| {
            let u = &geo.units()[ui];
            let open: Vec<u32> = u
                .cells
                .iter()
                .copied()
                .filter(|&x| {
                    let n = c.mask(x as usize).count_ones() as usize;
                    n >= 2 && n <= k
                })
                .collect();
            let empty = u.cells.iter().filter(|&&x| c.mask(x as usize) != 0).count();
            if open.len() < k || empty <= k {
                return None;
            }
            let mut found = None;
            let mask = |x: u32| c.mask(x as usize);
            subsets_within(c, &open, k, (0, k), mask, |cells, m| {
                if m.count_ones() as usize != k {
                    return false;
                }
                // Every unit holding all k cells loses the digits elsewhere.
                let mut elims = Vec::new();
                let mut units = Vec::new();
                for &v in geo.units_of(cells[0] as usize) {
                    let vc = &geo.units()[v as usize].cells;
                    if !cells.iter().all(|x| vc.contains(x)) {
                        continue;
                    }
                    units.push(v);
                    for &x in vc {
                        if cells.contains(&x) {
                            continue;
                        }
                        for d in bits(c.mask(x as usize) & m) {
                            let e = Cand::new(x as usize, d as u16 + 1);
                            if !elims.contains(&e) {
                                elims.push(e);
                            }
                        }
                    }
                }
                if elims.is_empty() {
                    return false;
                }
                let mut s = Step::new(technique);
                s.eliminations = elims;
                s.cells = cells.to_vec();
                s.units = units;
                for &x in cells {
                    for d in bits(c.mask(x as usize)) {
                        s.candidates.push(Cand::new(x as usize, d as u16 + 1));
                    }
                }
                // Name every unit that loses a candidate, not only the one
                // searched: a pair in a row and a box clears both.
                if c.texts() {
                    let losing: Vec<String> = s
                        .units
                        .iter()
                        .filter(|&&v| {
                            let vc = &geo.units()[v as usize].cells;
                            s.eliminations.iter().any(|e| vc.contains(&e.cell))
                        })
                        .map(|&v| c.un(v as usize))
                        .collect();
                    s.explanation = format!(
                        "In {}, {} hold only {}, so those digits go there: remove {}",
                        losing.join(" and in "),
                        list_and(c, cells),
                        digits_text(m),
                        elim_text(c, &s.eliminations)
                    );
                }
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
    fn naked_pair_in_row() {
        // r1c1 and r1c2 reduced to {1,2}: row 1 and box 1 lose 1 and 2.
        let mut removed = Vec::new();
        for cell in [0, 1] {
            for d in 3..=9 {
                removed.push((cell, d));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::NakedPair);
        assert_eq!(s.eliminations.len(), 2 * (7 + 7 - 1));
        assert!(elims(&c, &s).contains(&"r3c3<>2".to_string()));
        assert!(elims(&c, &s).contains(&"r1c9<>1".to_string()));
    }
}
