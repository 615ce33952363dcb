//! Skyscraper: two parallel lines each with a digit in exactly two places,
//! one end of each in a common cross line. One of the two far ends holds the
//! digit, so cells seeing both far ends lose it.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    super::per_digit(c, super::DigitSlot::Skyscraper, |d| {
        for (lines, cross_of) in [(&ctx.rows, &ctx.col_of), (&ctx.cols, &ctx.row_of)] {
            let pairs: Vec<(u32, [u32; 2])> = lines
                .iter()
                .filter_map(|&l| {
                    let p = c.places(l as usize, d);
                    (p.len() == 2).then(|| (l, [p[0], p[1]]))
                })
                .collect();
            for i in 0..pairs.len() {
                for j in i + 1..pairs.len() {
                    let (la, a) = &pairs[i];
                    let (lb, b) = &pairs[j];
                    for (ai, bi) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        let (base_a, base_b) = (a[ai], b[bi]);
                        let (far_a, far_b) = (a[1 - ai], b[1 - bi]);
                        if cross_of[base_a as usize] != cross_of[base_b as usize]
                            || cross_of[far_a as usize] == cross_of[far_b as usize]
                        {
                            continue;
                        }
                        let pattern = [base_a, far_a, base_b, far_b];
                        let elims = seeing_all(c, d, &[far_a, far_b], &pattern);
                        if elims.is_empty() {
                            continue;
                        }
                        let mut s = Step::new(Technique::Skyscraper);
                        s.eliminations = elims;
                        s.cells = pattern.to_vec();
                        s.candidates = pattern.iter().map(|&x| Cand::new(x as usize, d)).collect();
                        s.units = vec![*la, *lb];
                        explain!(c, s,
                            "In {} and in {}, {d} has two places each, and {} and {} share a line, so {d} is in {} or {}; remove it from {}",
                            c.un(*la as usize),
                            c.un(*lb as usize),
                            c.cn(base_a as usize),
                            c.cn(base_b as usize),
                            c.cn(far_a as usize),
                            c.cn(far_b as usize),
                            list_and(c, &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>())
                        );
                        return Some(s);
                    }
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
    fn skyscraper_on_columns() {
        // Column 2: 1 only at r1c2, r7c2; column 6: 1 only at r3c6, r7c6.
        // Base row 7; far ends r1c2 and r3c6.
        let mut removed = Vec::new();
        for (col, keep) in [(1usize, [0usize, 6]), (5, [2, 6])] {
            for r in 0..9 {
                if !keep.contains(&r) {
                    removed.push((r * 9 + col, 1));
                }
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::Skyscraper);
        assert_eq!(
            elims(&c, &s),
            vec!["r1c4<>1", "r1c5<>1", "r3c1<>1", "r3c3<>1"]
        );
    }
}
