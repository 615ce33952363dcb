//! XY-wing: a pivot {a, b} seeing two pincers {a, c} and {b, c}. Whatever the
//! pivot is, one pincer is c, so cells seeing both pincers lose c.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    for p in 0..c.cell_count() {
        let pm = c.mask(p);
        if pm.count_ones() != 2 {
            continue;
        }
        let wings: Vec<u32> = ctx.peers[p]
            .iter()
            .copied()
            .filter(|&w| {
                let wm = c.mask(w as usize);
                wm.count_ones() == 2 && (wm & pm).count_ones() == 1
            })
            .collect();
        for (i, &x) in wings.iter().enumerate() {
            for &y in &wings[i + 1..] {
                let (xm, ym) = (c.mask(x as usize), c.mask(y as usize));
                let zx = xm & !pm;
                if zx != ym & !pm || xm & pm == ym & pm {
                    continue;
                }
                let z = zx.trailing_zeros() as u16 + 1;
                let elims = seeing_all(c, z, &[x, y], &[p as u32]);
                if elims.is_empty() {
                    continue;
                }
                let mut s = Step::new(Technique::XYWing);
                s.eliminations = elims;
                s.cells = vec![p as u32, x, y];
                for &cell in &s.cells {
                    s.candidates.extend(
                        c.digits(cell as usize)
                            .into_iter()
                            .map(|d| Cand::new(cell as usize, d)),
                    );
                }
                explain!(c, s,
                    "Pivot {} ({}) sees {} ({}) and {} ({}); either way one of the pincers is {z}, so remove {z} from {}",
                    c.cn(p),
                    super::digits_text(pm),
                    c.cn(x as usize),
                    super::digits_text(xm),
                    c.cn(y as usize),
                    super::digits_text(ym),
                    list_and(c, &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>())
                );
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn xy_wing() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        let mut removed = Vec::new();
        for (cell, keep) in [(0usize, [1u16, 2]), (4, [1, 3]), (36, [2, 3])] {
            for d in 1..=9 {
                if !keep.contains(&d) {
                    removed.push((cell, d));
                }
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::XYWing);
        assert_eq!(elims(&c, &s), vec!["r5c5<>3"]);
    }
}
