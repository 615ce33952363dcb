//! Continuous nice loops: an alternating chain that closes on itself.
//!
//! A closed loop of distinct candidates alternating strong links (at least
//! one end true) and weak links (at most one end true) has exactly one true
//! end on every link: its k strong links need at least k true nodes, its k
//! weak links allow at most k. So every weak link becomes strong as well,
//! and each one eliminates: a weak link between two digits of one cell
//! removes the cell's other digits; a weak link between two cells on digit
//! d removes d from every cell off the loop that sees both.
//!
//! The search is the AIC search of [`super::chains`] from "s is false"
//! (breadth-first, X, XY and mixed links): reaching "t is true" with t
//! weakly linked to s closes the loop. Every start is tried and the loop
//! with the most eliminations kept (ties: the shortest), as HoDoKu chooses.
//! Shape-free: links come from units and cells of any geometry.

use super::chains::{build, chain_len, chain_states, node, sees, simple, Graph, Mode};
use super::{elim_text, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let g = build(c, Mode::Aic);
    search(c, &g)
}

fn search(c: &Candidates, g: &Graph) -> Option<Step> {
    let n = g.n;
    let nodes = g.nodes();
    let mut parent = vec![u32::MAX; nodes * 2];
    let mut seen_gen = vec![0u32; nodes * 2];
    let mut queue: Vec<u32> = Vec::new();
    // (eliminations, links, loop states).
    let mut best: Option<(Vec<Cand>, usize, Vec<u32>)> = None;
    for (generation, s) in (1u32..).zip(0..nodes as u32) {
        if c.out_of_time() {
            return None;
        }
        if g.strong.of(s as usize).is_empty() {
            continue;
        }
        queue.clear();
        let start = s * 2;
        seen_gen[start as usize] = generation;
        parent[start as usize] = u32::MAX;
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let st = queue[head];
            head += 1;
            let (v, on) = (st / 2, st % 2 == 1);
            if on && v != s && sees(c, n, v, s) && chain_len(&parent, st) >= 3 {
                let states = chain_states(&parent, st);
                if simple(&states) {
                    let elims = eliminations(c, n, &states);
                    let links = states.len();
                    let better = best.as_ref().map_or(true, |b| {
                        elims.len() > b.0.len() || (elims.len() == b.0.len() && links < b.1)
                    });
                    if !elims.is_empty() && better {
                        best = Some((elims, links, states));
                    }
                }
            }
            let mut visit = |w: u32| {
                let ns = w * 2 + (!on) as u32;
                if seen_gen[ns as usize] != generation {
                    seen_gen[ns as usize] = generation;
                    parent[ns as usize] = st;
                    queue.push(ns);
                }
            };
            if on {
                g.for_weak(c, v, visit);
            } else {
                g.strong.of(v as usize).iter().for_each(|&w| visit(w));
            }
        }
    }
    best.map(|(elims, _, states)| make(c, n, &states, elims))
}

/// What the loop `states` (from "s off" to "t on", closed by t – s)
/// removes: every weak link, the closing one included, acts as strong.
fn eliminations(c: &Candidates, n: usize, states: &[u32]) -> Vec<Cand> {
    let loop_cells: Vec<usize> = states.iter().map(|&st| st as usize / 2 / n).collect();
    let mut weak: Vec<(u32, u32)> = states
        .windows(2)
        .filter(|w| w[1] % 2 == 0)
        .map(|w| (w[0] / 2, w[1] / 2))
        .collect();
    weak.push((states[states.len() - 1] / 2, states[0] / 2));
    let mut out: Vec<Cand> = Vec::new();
    let mut add = |k: Cand| {
        if !out.contains(&k) {
            out.push(k);
        }
    };
    for (a, b) in weak {
        let (ca, da) = (a as usize / n, a as usize % n);
        let (cb, db) = (b as usize / n, b as usize % n);
        if ca == cb {
            for d in bits(c.mask(ca) & !(1 << da) & !(1 << db)) {
                add(Cand::new(ca, d as u16 + 1));
            }
        } else {
            for &p in &c.ctx.peers[ca] {
                let p = p as usize;
                if c.mask(p) >> da & 1 != 0
                    && !loop_cells.contains(&p)
                    && sees(c, n, node(n, p, da), b)
                {
                    add(Cand::new(p, da as u16 + 1));
                }
            }
            debug_assert_eq!(da, db);
        }
    }
    out
}

fn make(c: &Candidates, n: usize, states: &[u32], elims: Vec<Cand>) -> Step {
    let cand = |v: u32| Cand::new(v as usize / n, (v as usize % n) as u16 + 1);
    let name = |v: u32| {
        let k = cand(v);
        format!("({}){}", k.digit, c.cn(k.cell as usize))
    };
    // Eureka notation, the loop written out to its first node again.
    let mut text = name(states[0] / 2);
    for w in states.windows(2) {
        text.push_str(if w[1] % 2 == 1 { " = " } else { " - " });
        text.push_str(&name(w[1] / 2));
    }
    text.push_str(" - ");
    text.push_str(&name(states[0] / 2));
    let mut s = Step::new(Technique::ContinuousNiceLoop);
    for &st in states {
        let k = cand(st / 2);
        if !s.candidates.contains(&k) {
            s.candidates.push(k);
        }
        if !s.cells.contains(&k.cell) {
            s.cells.push(k.cell);
        }
    }
    s.eliminations = elims;
    s.explanation = format!(
        "{text} closes on itself, so every link holds both ways (exactly one end of each is true): remove {}",
        elim_text(c, &s.eliminations)
    );
    s
}
