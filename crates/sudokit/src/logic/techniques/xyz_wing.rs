//! XYZ-wing: a pivot {a, b, c} seeing pincers {a, c} and {b, c}. One of the
//! three cells is c, so cells seeing all three lose c.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    for p in 0..c.cell_count() {
        let pm = c.mask(p);
        if pm.count_ones() != 3 {
            continue;
        }
        let wings: Vec<u32> = ctx.peers[p]
            .iter()
            .copied()
            .filter(|&w| {
                let wm = c.mask(w as usize);
                wm.count_ones() == 2 && wm & !pm == 0
            })
            .collect();
        for (i, &x) in wings.iter().enumerate() {
            for &y in &wings[i + 1..] {
                let (xm, ym) = (c.mask(x as usize), c.mask(y as usize));
                if xm == ym || (xm & ym).count_ones() != 1 {
                    continue;
                }
                let z = (xm & ym).trailing_zeros() as u16 + 1;
                let elims = seeing_all(c, z, &[p as u32, x, y], &[]);
                if elims.is_empty() {
                    continue;
                }
                let mut s = Step::new(Technique::XYZWing);
                s.eliminations = elims;
                s.cells = vec![p as u32, x, y];
                for &cell in &s.cells {
                    s.candidates.extend(
                        c.digits(cell as usize)
                            .into_iter()
                            .map(|d| Cand::new(cell as usize, d)),
                    );
                }
                explain!(
                    c,
                    s,
                    "One of {} ({}), {} ({}) and {} ({}) is {z}, so remove {z} from {}",
                    c.cn(p),
                    super::digits_text(pm),
                    c.cn(x as usize),
                    super::digits_text(xm),
                    c.cn(y as usize),
                    super::digits_text(ym),
                    list_and(
                        c,
                        &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()
                    )
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
    fn xyz_wing() {
        // Pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}: r1c2, r1c3 lose 3.
        let mut removed = Vec::new();
        for (cell, keep) in [
            (0usize, vec![1u16, 2, 3]),
            (4, vec![1, 3]),
            (10, vec![2, 3]),
        ] {
            for d in 1..=9 {
                if !keep.contains(&d) {
                    removed.push((cell, d));
                }
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::XYZWing);
        assert_eq!(elims(&c, &s), vec!["r1c2<>3", "r1c3<>3"]);
    }
}
