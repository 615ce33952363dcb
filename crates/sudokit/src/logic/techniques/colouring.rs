//! Simple colouring: the cells joined by conjugate pairs of one digit (units
//! where it has exactly two places) alternate between true and false, so
//! colour them in two colours. If two cells of one colour see each other, that
//! colour is false (colour wrap); a cell seeing both colours is false (colour
//! trap).

use super::{list_and, Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    let cells = c.cell_count();
    let units = c.geometry().units().len();
    super::per_digit(c, super::DigitSlot::Colouring, |d| {
        // Conjugate adjacency.
        let mut adj: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for u in 0..units {
            let p = c.places(u, d);
            if p.len() == 2 {
                adj[p[0] as usize].push(p[1]);
                adj[p[1] as usize].push(p[0]);
            }
        }
        let mut colour = vec![u8::MAX; cells];
        // The component each coloured cell belongs to (its first cell).
        let mut owner = vec![u32::MAX; cells];
        for start in 0..cells {
            if adj[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            let mut comp = vec![start as u32];
            colour[start] = 0;
            owner[start] = start as u32;
            let mut i = 0;
            while i < comp.len() {
                let x = comp[i] as usize;
                i += 1;
                for &y in &adj[x] {
                    if colour[y as usize] == u8::MAX {
                        colour[y as usize] = 1 - colour[x];
                        owner[y as usize] = start as u32;
                        comp.push(y);
                    }
                }
            }
            if comp.len() < 4 {
                continue;
            }
            let side = |k: u8| -> Vec<u32> {
                comp.iter()
                    .copied()
                    .filter(|&x| colour[x as usize] == k)
                    .collect()
            };
            let (a, b) = (side(0), side(1));
            let step = |elims: Vec<Cand>, why: String| -> Step {
                let mut s = Step::new(Technique::SimpleColours);
                s.eliminations = elims;
                s.cells = comp.clone();
                s.candidates = comp.iter().map(|&x| Cand::new(x as usize, d)).collect();
                s.explanation = why;
                s
            };
            // Colour wrap.
            for (same, other) in [(&a, &b), (&b, &a)] {
                let clash = same.iter().enumerate().find_map(|(i, &x)| {
                    same[i + 1..]
                        .iter()
                        .find(|&&y| ctx.sees(x as usize, y as usize))
                        .map(|&y| (x, y))
                });
                if let Some((x, y)) = clash {
                    let elims = same.iter().map(|&z| Cand::new(z as usize, d)).collect();
                    return Some(step(
                        elims,
                        format!(
                            "Colouring the chain of strong links on {d}, {} and {} get the same colour but see each other, so that colour is false: remove {d} from {} (the other colour, {}, is true)",
                            c.cn(x as usize),
                            c.cn(y as usize),
                            list_and(c, same),
                            list_and(c, other)
                        ),
                    ));
                }
            }
            // Colour trap: any cell outside this chain, coloured by
            // another chain or not.
            let mut elims = Vec::new();
            for (x, &o) in owner.iter().enumerate() {
                if o == start as u32 || !c.has(x, d) {
                    continue;
                }
                if a.iter().any(|&y| ctx.sees(x, y as usize))
                    && b.iter().any(|&y| ctx.sees(x, y as usize))
                {
                    elims.push(Cand::new(x, d));
                }
            }
            if !elims.is_empty() {
                let cells_e: Vec<u32> = elims.iter().map(|e: &Cand| e.cell).collect();
                let why = format!(
                    "Colouring the chain of strong links on {d}, either {} or {} hold {d}, and {} see{} both colours, so remove {d} there",
                    list_and(c, &a),
                    list_and(c, &b),
                    list_and(c, &cells_e),
                    if cells_e.len() == 1 { "s" } else { "" }
                );
                return Some(step(elims, why));
            }
        }
        None
    })
}
