//! W-wing: two cells with the same two candidates {a, b}, not seeing each
//! other, and a unit where b has exactly two places, one seeing each cell.
//! One of the two cells must be a, so cells seeing both lose a.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    let bivalue: Vec<u32> = (0..c.cell_count() as u32)
        .filter(|&x| c.mask(x as usize).count_ones() == 2)
        .collect();
    let units = c.geometry().units();
    for (i, &x) in bivalue.iter().enumerate() {
        for &y in &bivalue[i + 1..] {
            let m = c.mask(x as usize);
            if c.mask(y as usize) != m || ctx.sees(x as usize, y as usize) {
                continue;
            }
            for b in bits(m) {
                let a = (m & !(1 << b)).trailing_zeros() as u16 + 1;
                let b = b as u16 + 1;
                let elims = seeing_all(c, a, &[x, y], &[]);
                if elims.is_empty() {
                    continue;
                }
                for (ui, _) in units.iter().enumerate() {
                    let p = c.places(ui, b);
                    if p.len() != 2 || p.contains(&x) || p.contains(&y) {
                        continue;
                    }
                    let (p, q) = if ctx.sees(p[0] as usize, x as usize)
                        && ctx.sees(p[1] as usize, y as usize)
                    {
                        (p[0], p[1])
                    } else if ctx.sees(p[1] as usize, x as usize)
                        && ctx.sees(p[0] as usize, y as usize)
                    {
                        (p[1], p[0])
                    } else {
                        continue;
                    };
                    let mut s = Step::new(Technique::WWing);
                    s.eliminations = elims;
                    s.cells = vec![x, p, q, y];
                    s.candidates = vec![
                        Cand::new(x as usize, a),
                        Cand::new(x as usize, b),
                        Cand::new(p as usize, b),
                        Cand::new(q as usize, b),
                        Cand::new(y as usize, a),
                        Cand::new(y as usize, b),
                    ];
                    s.units = vec![ui as u32];
                    explain!(c, s,
                        "{} and {} are both {a}/{b}, and {b} in {} is in {} or {}, so one of them is {a}; remove {a} from {}",
                        c.cn(x as usize),
                        c.cn(y as usize),
                        c.un(ui),
                        c.cn(p as usize),
                        c.cn(q as usize),
                        list_and(c, &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>())
                    );
                    return Some(s);
                }
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
    fn w_wing() {
        // r1c2 and r6c7 are {1,2} and do not see each other; in column 5, 2
        // fits only in r1c5 (seeing r1c2) and r6c5 (seeing r6c7). One of the
        // two cells is 1, so r1c7 and r6c2 (seeing both) lose 1.
        let mut removed = Vec::new();
        for x in [cell("r1c2"), cell("r6c7")] {
            for d in 3..=9 {
                removed.push((x as usize, d));
            }
        }
        for r in [2, 3, 4, 5, 7, 8, 9] {
            removed.push((cell(&format!("r{r}c5")) as usize, 2));
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::WWing);
        assert_eq!(elims(&c, &s), vec!["r1c7<>1", "r6c2<>1"]);
    }
}
