//! Continuous nice loops: an alternating chain that closes on itself.
//!
//! A closed loop of distinct nodes alternating strong links (at least one
//! end true) and weak links (at most one end true) has exactly one true end
//! on every link: its k strong links need at least k true nodes, its k weak
//! links allow at most k. So every weak link becomes strong as well, and
//! each one eliminates: a weak link between two digits of one cell removes
//! the cell's other digits; a weak link between two nodes of digit d
//! removes d from every cell off the loop that sees every cell of both.
//!
//! The search is the AIC search of [`super::chains`] from "s is false"
//! (breadth-first, X, XY and mixed links): reaching "t is true" with t
//! weakly linked to s closes the loop. Every start is tried and the loop
//! with the most eliminations kept (ties: the shortest), as HoDoKu chooses.
//! Shape-free: links come from units and cells of any geometry.
//!
//! The same search runs on the grouped AIC graph ([`super::grouped_aic`]),
//! whose nodes may be groups (a digit's candidates where two units
//! overlap): grouped continuous nice loops, HoDoKu's next entry, loops
//! through at least one group (the others are plain loops, found first by
//! the plain search). Any node of a loop can be its start (its strong link
//! first, its weak link closing), so that search starts from groups only:
//! every path is then grouped, and there are far fewer starts.

use super::chains::{build, chain_len, chain_states, simple, Bfs, Graph, Links, Mode};
use super::{elim_text, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let g = build(c, Mode::Aic);
    let plain = Plain {
        g: &g,
        all_cells: (0..c.cell_count() as u32).collect(),
    };
    search(c, &plain, Technique::ContinuousNiceLoop)
}

/// The link graph a loop search walks: plain candidates (node
/// cell · n + digit − 1) and, in the grouped graph, group nodes after them.
pub(super) trait LoopGraph {
    fn nodes(&self) -> usize;
    fn strong(&self, v: u32) -> &[u32];
    /// Weak neighbours of `v`, symmetric: `w` is listed for `v` exactly
    /// when `v` is listed for `w`.
    fn for_weak(&self, c: &Candidates, v: u32, f: impl FnMut(u32));
    fn is_group(&self, v: u32) -> bool;
    /// Digit − 1.
    fn digit(&self, v: u32) -> usize;
    /// The node's cells, ascending (one for a plain candidate).
    fn cells(&self, v: u32) -> &[u32];
    /// Eureka name: `(5)r3c4`, or `(5)r3c45` for a group.
    fn name(&self, c: &Candidates, v: u32) -> String;
}

impl<G: LoopGraph> Links for G {
    fn strong(&self, v: u32) -> &[u32] {
        LoopGraph::strong(self, v)
    }
    fn for_weak(&self, c: &Candidates, v: u32, f: impl FnMut(u32)) {
        LoopGraph::for_weak(self, c, v, f)
    }
}

/// The plain AIC graph, with what a loop needs to treat its nodes as cells.
struct Plain<'a> {
    g: &'a Graph,
    /// `0..cells`, so that a candidate's cell is a slice.
    all_cells: Vec<u32>,
}

impl LoopGraph for Plain<'_> {
    fn nodes(&self) -> usize {
        self.g.nodes()
    }
    fn strong(&self, v: u32) -> &[u32] {
        self.g.strong(v)
    }
    fn for_weak(&self, c: &Candidates, v: u32, f: impl FnMut(u32)) {
        self.g.for_weak(c, v, f)
    }
    fn is_group(&self, _: u32) -> bool {
        false
    }
    fn digit(&self, v: u32) -> usize {
        v as usize % self.g.n
    }
    fn cells(&self, v: u32) -> &[u32] {
        let x = v as usize / self.g.n;
        &self.all_cells[x..x + 1]
    }
    fn name(&self, c: &Candidates, v: u32) -> String {
        let n = self.g.n;
        format!("({}){}", v as usize % n + 1, c.cn(v as usize / n))
    }
}

/// The loop with the most eliminations (ties: the fewest links) as a step
/// of `technique`; for [`Technique::GroupedContinuousNiceLoop`] only loops
/// from a group (so through one) are searched.
pub(super) fn search<G: LoopGraph>(c: &Candidates, g: &G, technique: Technique) -> Option<Step> {
    let grouped = technique == Technique::GroupedContinuousNiceLoop;
    let nodes = g.nodes();
    let mut bfs = Bfs::new(nodes);
    // Nodes weakly linked to the start (which close a loop), by generation.
    let mut closer_gen = vec![0u32; nodes];
    // (eliminations, links, loop states).
    let mut best: Option<(Vec<Cand>, usize, Vec<u32>)> = None;
    for s in 0..nodes as u32 {
        if c.out_of_time() {
            return None;
        }
        if g.strong(s).is_empty() || (grouped && !g.is_group(s)) {
            continue;
        }
        let generation = bfs.start(s);
        g.for_weak(c, s, |w| closer_gen[w as usize] = generation);
        while let Some(st) = bfs.pop() {
            let (v, on) = (st / 2, st % 2 == 1);
            if on
                && v != s
                && closer_gen[v as usize] == generation
                && chain_len(&bfs.parent, st) >= 3
            {
                let states = chain_states(&bfs.parent, st);
                if simple(&states) {
                    let elims = eliminations(c, g, &states);
                    let links = states.len();
                    let better = best.as_ref().map_or(true, |b| {
                        elims.len() > b.0.len() || (elims.len() == b.0.len() && links < b.1)
                    });
                    if !elims.is_empty() && better {
                        best = Some((elims, links, states));
                    }
                }
            }
            bfs.expand(g, c, st);
        }
    }
    best.map(|(elims, _, states)| make(c, g, &states, elims, technique))
}

/// What the loop `states` (from "s off" to "t on", closed by t – s)
/// removes: every weak link, the closing one included, acts as strong.
/// Cells of the loop are left alone, as HoDoKu does.
fn eliminations<G: LoopGraph>(c: &Candidates, g: &G, states: &[u32]) -> Vec<Cand> {
    let mut loop_cells: Vec<u32> = Vec::new();
    for &st in states {
        loop_cells.extend_from_slice(g.cells(st / 2));
    }
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
    let ctx = &c.ctx;
    for (a, b) in weak {
        let (da, db) = (g.digit(a), g.digit(b));
        let (ca, cb) = (g.cells(a), g.cells(b));
        if !g.is_group(a) && !g.is_group(b) && ca[0] == cb[0] {
            for d in bits(c.mask(ca[0] as usize) & !(1 << da) & !(1 << db)) {
                add(Cand::new(ca[0] as usize, d as u16 + 1));
            }
        } else {
            debug_assert_eq!(da, db);
            for &p in &ctx.peers[ca[0] as usize] {
                if c.mask(p as usize) >> da & 1 != 0
                    && !loop_cells.contains(&p)
                    && ca[1..].iter().all(|&x| ctx.sees(p as usize, x as usize))
                    && cb.iter().all(|&x| ctx.sees(p as usize, x as usize))
                {
                    add(Cand::new(p as usize, da as u16 + 1));
                }
            }
        }
    }
    out
}

fn make<G: LoopGraph>(
    c: &Candidates,
    g: &G,
    states: &[u32],
    elims: Vec<Cand>,
    technique: Technique,
) -> Step {
    // Eureka notation, the loop written out to its first node again.
    let mut text = String::new();
    if c.texts() {
        text = super::eureka(states, |v| g.name(c, v));
        text.push_str(" - ");
        text.push_str(&g.name(c, states[0] / 2));
    }
    let mut s = Step::new(technique);
    mark_nodes(&mut s, g, states);
    s.eliminations = elims;
    explain!(c, s,
        "{text} closes on itself, so every link holds both ways (exactly one end of each is true): remove {}",
        elim_text(c, &s.eliminations)
    );
    s
}

/// Adds the candidates and cells of every node along `states` to the
/// step, each once, in path order (a group gives all its cells).
pub(super) fn mark_nodes<G: LoopGraph>(s: &mut Step, g: &G, states: &[u32]) {
    for &st in states {
        let v = st / 2;
        let d = g.digit(v) as u16 + 1;
        for &x in g.cells(v) {
            let k = Cand::new(x as usize, d);
            if !s.candidates.contains(&k) {
                s.candidates.push(k);
            }
            if !s.cells.contains(&x) {
                s.cells.push(x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::super::{grouped_aic, Technique};
    use super::find;

    /// An empty board where digit 1 stays only in `ones`.
    fn ones_only(ones: &[&str]) -> crate::logic::candidates::Candidates {
        let keep: Vec<u32> = ones.iter().map(|x| cell(x)).collect();
        let removed: Vec<(usize, u16)> = (0..81u32)
            .filter(|x| !keep.contains(x))
            .map(|x| (x as usize, 1))
            .collect();
        cands(&".".repeat(81), &removed)
    }

    #[test]
    fn grouped_loop() {
        // Digit 1: row 3 holds it in the group r3c12 and r3c9, row 2 in
        // r2c2 and r2c8; r3c9 and r2c8 share box 3, r2c2 sees both cells of
        // r3c12 in box 1. (1)r3c12 = (1)r3c9 - (1)r2c8 = (1)r2c2 - (1)r3c12:
        // each weak link is strong too, so box 3 off the loop (r1c7, r1c8)
        // and box 1 off it (r1c1) lose 1. (Row 1 gives a loop as good,
        // through the group r1c78; the first found is kept.)
        let c = ones_only(&[
            "r1c1", "r1c7", "r1c8", "r3c9", "r7c9", "r7c2", "r2c2", "r3c2", "r2c8", "r7c5", "r3c1",
        ]);
        let s = grouped_aic::find_loop(&c).unwrap();
        assert_eq!(s.technique, Technique::GroupedContinuousNiceLoop);
        assert_eq!(elims(&c, &s), ["r1c1<>1", "r1c7<>1", "r1c8<>1"]);
        assert_eq!(
            s.explanation,
            "(1)r3c12 = (1)r3c9 - (1)r2c8 = (1)r2c2 - (1)r3c12 closes on itself, so every \
             link holds both ways (exactly one end of each is true): remove 1 from r1c1, \
             r1c7 and r1c8"
        );
        let mut cells: Vec<String> = s.cells.iter().map(|&x| c.cn(x as usize)).collect();
        cells.sort();
        assert_eq!(cells, ["r2c2", "r2c8", "r3c1", "r3c2", "r3c9"]);
        assert_eq!(s.candidates.len(), 5);
        assert!(s.candidates.iter().all(|k| k.digit == 1));
    }

    #[test]
    fn grouped_loop_needs_a_group() {
        // An X-wing loop on digit 1 with no group of 1s on the board: the
        // plain loop finder takes it, the grouped one finds nothing.
        let c = ones_only(&["r1c1", "r1c5", "r5c5", "r5c1", "r8c5", "r8c1"]);
        assert!(grouped_aic::find_loop(&c).is_none());
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::ContinuousNiceLoop);
        assert_eq!(elims(&c, &s), ["r8c1<>1", "r8c5<>1"]);
    }
}
