//! 2-string kite: a row and a column each with a digit in exactly two
//! places, one end of each in the same box. One of the two far ends holds
//! the digit, so a cell seeing both loses it.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    super::per_digit(c, super::DigitSlot::Kite, |d| {
        let pairs = |lines: &Vec<u32>| -> Vec<(u32, [u32; 2])> {
            lines
                .iter()
                .filter_map(|&l| {
                    let p = c.places(l as usize, d);
                    (p.len() == 2).then(|| (l, [p[0], p[1]]))
                })
                .collect()
        };
        let (rows, cols) = (pairs(&ctx.rows), pairs(&ctx.cols));
        for (lr, r) in &rows {
            for (lc, k) in &cols {
                for (ri, ci) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (in_r, in_c) = (r[ri], k[ci]);
                    let (far_r, far_c) = (r[1 - ri], k[1 - ci]);
                    let bx = ctx.box_of[in_r as usize];
                    if in_r == in_c
                        || bx == u32::MAX
                        || ctx.box_of[in_c as usize] != bx
                        || ctx.box_of[far_r as usize] == bx
                        || ctx.box_of[far_c as usize] == bx
                        || far_r == far_c
                    {
                        continue;
                    }
                    let pattern = [far_r, in_r, in_c, far_c];
                    let elims = seeing_all(c, d, &[far_r, far_c], &pattern);
                    if elims.is_empty() {
                        continue;
                    }
                    let mut s = Step::new(Technique::TwoStringKite);
                    s.eliminations = elims;
                    s.cells = pattern.to_vec();
                    s.candidates = pattern.iter().map(|&x| Cand::new(x as usize, d)).collect();
                    s.units = vec![*lr, *lc, bx];
                    explain!(c, s,
                        "{} and {} each have {d} in two places, joined in {} by {} and {}, so {d} is in {} or {}; remove it from {}",
                        c.un(*lr as usize),
                        c.un(*lc as usize),
                        c.un(bx as usize),
                        c.cn(in_r as usize),
                        c.cn(in_c as usize),
                        c.cn(far_r as usize),
                        c.cn(far_c as usize),
                        list_and(c, &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>())
                    );
                    return Some(s);
                }
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn kite() {
        // Row 1: 6 only at r1c2, r1c7; column 1: 6 only at r2c1, r8c1.
        // r1c2 and r2c1 share box 1; far ends r1c7 and r8c1: r8c7 sees both.
        let mut removed = Vec::new();
        for col in 0..9 {
            if col != 1 && col != 6 {
                removed.push((col, 6));
            }
        }
        for r in 0..9 {
            if r != 1 && r != 7 && r != 0 {
                removed.push((r * 9, 6));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::TwoStringKite);
        assert_eq!(elims(&c, &s), vec!["r8c7<>6"]);
    }
}
