//! Remote pairs: bivalue cells holding the same two digits {a, b}, linked
//! cell to cell by seeing each other, must alternate a, b, a, b along the
//! links. Two cells an odd number of links apart hold one a and one b, so a
//! cell that sees both can be neither. Works on any geometry (links are
//! peers).

use super::{digits_text, list_and, Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    let cells = c.cell_count();
    let mut done = vec![false; cells];
    for start in 0..cells {
        let pair = c.mask(start);
        if pair.count_ones() != 2 || done[start] {
            continue;
        }
        // Breadth-first 2-colouring of the component of `start`.
        let mut comp: Vec<u32> = vec![start as u32];
        let mut colour: Vec<u8> = vec![0];
        let mut parent: Vec<usize> = vec![usize::MAX];
        let mut i = 0;
        let mut consistent = true;
        while i < comp.len() {
            let x = comp[i] as usize;
            for &p in &ctx.peers[x] {
                if c.mask(p as usize) != pair {
                    continue;
                }
                match comp.iter().position(|&y| y == p) {
                    Some(j) => consistent &= colour[j] != colour[i],
                    None => {
                        comp.push(p);
                        colour.push(1 - colour[i]);
                        parent.push(i);
                    }
                }
            }
            i += 1;
        }
        for &x in &comp {
            done[x as usize] = true;
        }
        if !consistent || comp.len() < 4 {
            continue;
        }
        for target in 0..cells {
            if c.mask(target) & pair == 0 || comp.contains(&(target as u32)) {
                continue;
            }
            let seen: Vec<usize> = (0..comp.len())
                .filter(|&j| ctx.sees(target, comp[j] as usize))
                .collect();
            // The chain between two cells, through the search tree.
            let up = |mut j: usize| {
                let mut v = vec![j];
                while parent[j] != usize::MAX {
                    j = parent[j];
                    v.push(j);
                }
                v
            };
            let chain_of = |a: usize, b: usize| -> Vec<u32> {
                let (pa, pb) = (up(a), up(b));
                let common = pa.iter().find(|j| pb.contains(j)).copied().unwrap_or(0);
                let mut chain: Vec<u32> = pa
                    .iter()
                    .take_while(|&&j| j != common)
                    .map(|&j| comp[j])
                    .collect();
                chain.push(comp[common]);
                let back: Vec<u32> = pb
                    .iter()
                    .take_while(|&&j| j != common)
                    .map(|&j| comp[j])
                    .collect();
                chain.extend(back.iter().rev());
                chain
            };
            // Ends of opposite colours joined by at least four cells (two or
            // three cells would be a naked pair's job, found earlier).
            let Some(chain) = seen
                .iter()
                .filter(|&&j| colour[j] == 0)
                .flat_map(|&a| {
                    seen.iter()
                        .filter(|&&j| colour[j] == 1)
                        .map(move |&b| (a, b))
                })
                .map(|(a, b)| chain_of(a, b))
                .find(|ch| ch.len() >= 4)
            else {
                continue;
            };
            let mut s = Step::new(Technique::RemotePair);
            for d in super::super::candidates::bits(c.mask(target) & pair) {
                s.eliminations.push(Cand::new(target, d as u16 + 1));
            }
            s.cells = chain.clone();
            for &x in &chain {
                for d in super::super::candidates::bits(pair) {
                    s.candidates.push(Cand::new(x as usize, d as u16 + 1));
                }
            }
            explain!(c, s,
                "{} all hold {} and each sees the next, so they alternate; {} and {} differ, and {} sees both, so {} cannot be {}",
                list_and(c, &chain),
                digits_text(pair),
                c.cn(chain[0] as usize),
                c.cn(chain[chain.len() - 1] as usize),
                c.cn(target),
                c.cn(target),
                digits_text(c.mask(target) & pair).replace('/', " or ")
            );
            return Some(s);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn remote_pair_of_four_cells() {
        // {2,7} in r1c1 - r1c5 - r5c5 - r5c8: r1c1 and r5c8 hold different
        // digits, so r5c1 and r1c8 (each sees both ends) lose 2 and 7, and
        // nothing else does.
        let chain = [cell("r1c1"), cell("r1c5"), cell("r5c5"), cell("r5c8")];
        let mut removed = Vec::new();
        for &x in &chain {
            for d in 1..=9 {
                if d != 2 && d != 7 {
                    removed.push((x as usize, d));
                }
            }
        }
        let mut c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::RemotePair);
        let mut all = Vec::new();
        // Collect every elimination the pattern allows, step by step.
        let mut step = Some(s);
        while let Some(s) = step {
            all.extend(elims(&c, &s));
            crate::logic::apply(&mut c, &s);
            step = find(&c);
        }
        all.sort();
        assert_eq!(all, vec!["r1c8<>2", "r1c8<>7", "r5c1<>2", "r5c1<>7"]);
    }
}
