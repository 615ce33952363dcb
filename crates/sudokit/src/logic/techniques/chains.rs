//! Chains: X-chains, XY-chains and AICs (alternating inference chains).
//!
//! A chain alternates strong links (at least one end true: a digit with two
//! places in a unit, or a cell with two candidates) and weak links (at most
//! one end true: two candidates that see each other). Starting from "s is
//! false", a strong link makes the next candidate true, a weak link makes the
//! next false; reaching "t is true" proves that s or t is true, so every
//! candidate seeing both is false. Reaching "s is true" proves s. The search
//! is breadth-first from each start, so each chain found is a shortest one
//! from its start.
//!
//! X-chains use one digit only; XY-chains use bivalue cells as strong links
//! and same-digit links between cells as weak links; AICs mix both.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::adjacency::Adjacency;
use super::{elim_text, Cand, Candidates, Step, Technique};
use crate::logic::candidates::{bits, Ctx};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    X(u16),
    Xy,
    Aic,
}

pub(crate) fn find_x_chain(c: &Candidates) -> Option<Step> {
    // One graph for every digit, built when some digit needs a search: X-chain
    // links never change digit, so a search from a candidate of digit d stays
    // on d, as if the graph held d alone.
    let n = c.ctx.n;
    let cells = c.cell_count();
    let mut graph: Option<(Graph, Scratch)> = None;
    let found = super::per_digit(c, super::DigitSlot::XChain, |d| {
        let (g, scratch) = graph.get_or_insert_with(|| {
            let g = build(c, Mode::X(0));
            let scratch = Scratch::take(g.nodes());
            (g, scratch)
        });
        let k = d as usize - 1;
        search(c, Mode::X(d), g, scratch, (0..cells).map(|x| node(n, x, k)))
    });
    if let Some((_, scratch)) = graph {
        scratch.give_back();
    }
    found
}
pub(crate) fn find_xy_chain(c: &Candidates) -> Option<Step> {
    let g = build(c, Mode::Xy);
    let mut scratch = Scratch::take(g.nodes());
    let found = search(c, Mode::Xy, &g, &mut scratch, 0..g.nodes() as u32);
    scratch.give_back();
    found
}
pub(crate) fn find_aic(c: &Candidates) -> Option<Step> {
    let g = build(c, Mode::Aic);
    let mut scratch = Scratch::take(g.nodes());
    let found = search(c, Mode::Aic, &g, &mut scratch, 0..g.nodes() as u32);
    scratch.give_back();
    found
}

pub(super) struct Graph {
    pub(super) n: usize,
    /// Strong neighbours of each candidate node (cell · n + digit − 1) in
    /// AIC mode: each node's unit links, then its bivalue cell's link.
    /// Shared by the finders that run on one board.
    links: Rc<Adjacency<u32>>,
    mode: Mode,
}

impl Graph {
    pub(super) fn nodes(&self) -> usize {
        self.links.nodes()
    }

    /// Strong neighbours of `v` in this graph's mode: an X-chain's are the
    /// unit links, an XY-chain's the bivalue link (the last one, in `v`'s
    /// own cell, when there is one).
    #[inline(always)]
    pub(super) fn strong(&self, v: u32) -> &[u32] {
        let all = self.links.of(v as usize);
        if self.mode == Mode::Aic {
            return all;
        }
        let n = self.n as u32;
        let bivalue = all.last().is_some_and(|&w| w / n == v / n);
        match (self.mode, bivalue) {
            (Mode::Xy, true) => &all[all.len() - 1..],
            (Mode::Xy, false) => &[],
            (_, true) => &all[..all.len() - 1],
            (_, false) => all,
        }
    }
}

/// Search buffers, reused between starts.
struct Scratch {
    bfs: Bfs,
    victims: Vec<u32>,
}

thread_local! {
    /// The last search's buffers: the three chain finders run on every
    /// board, and allocating and filling two arrays of twice the nodes
    /// each time cost about as much as a short search. A state counts as
    /// seen only at the current generation, which keeps rising across
    /// searches, so what earlier searches left behind reads as unseen.
    static SCRATCH: std::cell::RefCell<Option<Scratch>> = const { std::cell::RefCell::new(None) };
}

impl Scratch {
    /// The thread's buffers when they fit `nodes` (and generations are far
    /// from running out), else new ones.
    fn take(nodes: usize) -> Self {
        match SCRATCH.with(|s| s.borrow_mut().take()) {
            Some(s) if s.bfs.fits(nodes) => s,
            _ => Scratch::new(nodes),
        }
    }

    fn give_back(self) {
        SCRATCH.with(|s| *s.borrow_mut() = Some(self));
    }

    fn new(nodes: usize) -> Self {
        Scratch {
            bfs: Bfs::new(nodes),
            victims: Vec::new(),
        }
    }
}

pub(super) fn node(n: usize, cell: usize, d: usize) -> u32 {
    (cell * n + d) as u32
}

/// The link graph of `mode`; `Mode::X(_)` has the single-digit links of
/// every digit.
pub(super) fn build(c: &Candidates, mode: Mode) -> Graph {
    Graph {
        n: c.ctx.n,
        links: shared_links(c),
        mode,
    }
}

/// A board (its context and every cell's mask) and its AIC links.
type LinksMemo = (Arc<Ctx>, Vec<u64>, Rc<Adjacency<u32>>);

thread_local! {
    /// The last board's links: X-chains, XY-chains, AICs and continuous
    /// nice loops run one after the other on the same board, and each
    /// mode's links are a part of the AIC ones.
    static LAST_LINKS: RefCell<Option<LinksMemo>> = const { RefCell::new(None) };
}

/// Drops this thread's memos (see [`super::forget_memos`]).
pub(super) fn forget_memos() {
    drop(SCRATCH.with(std::cell::RefCell::take));
    drop(LAST_LINKS.with(std::cell::RefCell::take));
}

/// The AIC links of `c`, reused when its masks are the last board's (the
/// links read nothing else).
fn shared_links(c: &Candidates) -> Rc<Adjacency<u32>> {
    let hit = LAST_LINKS.with(|m| {
        m.borrow().as_ref().and_then(|(ctx, masks, links)| {
            (Arc::ptr_eq(ctx, &c.ctx) && masks == c.masks()).then(|| links.clone())
        })
    });
    if let Some(links) = hit {
        return links;
    }
    let links = Rc::new(links(c, true, true));
    LAST_LINKS.with(|m| *m.borrow_mut() = Some((c.ctx.clone(), c.masks().to_vec(), links.clone())));
    links
}

/// Strong links: same-digit links between cells (`units`), then each
/// bivalue cell's link between its digits (`bivalue`).
fn links(c: &Candidates, units: bool, bivalue: bool) -> Adjacency<u32> {
    let ctx = &c.ctx;
    let n = ctx.n;
    let cells = c.cell_count();
    let mut strong: Vec<(u32, u32)> = Vec::new();
    if let (true, Some((unit_cells, _))) = (units, ctx.unit128.as_ref()) {
        // With bit sets: a unit's places for a digit are its cells among the
        // digit's. Which of the two comes first does not matter: each edge
        // goes to its own node's list.
        let digit_cells = c.digit_cells();
        for &u in unit_cells.iter() {
            for (d, &cells_d) in digit_cells.iter().enumerate() {
                let p = u & cells_d;
                if p.count_ones() == 2 {
                    let (x, y) = (p.trailing_zeros(), (p & (p - 1)).trailing_zeros());
                    let (a, b) = (node(n, x as usize, d), node(n, y as usize, d));
                    strong.push((a, b));
                    strong.push((b, a));
                }
            }
        }
    } else if units {
        for u in 0..c.geometry().units().len() {
            for d in 0..n {
                let p = c.places(u, d as u16 + 1);
                if p.len() == 2 {
                    let (a, b) = (node(n, p[0] as usize, d), node(n, p[1] as usize, d));
                    strong.push((a, b));
                    strong.push((b, a));
                }
            }
        }
    }
    if bivalue {
        for x in 0..cells {
            let m = c.mask(x);
            if m.count_ones() == 2 {
                for d in bits(m) {
                    let e = (m & !(1 << d)).trailing_zeros() as usize;
                    strong.push((node(n, x, d), node(n, x, e)));
                }
            }
        }
    }
    Adjacency::from_edges_dedup(cells * n, &strong)
}

impl Graph {
    /// Calls `f` with the weak neighbours of node `v`, in a fixed order: the
    /// same digit in the cell's peers, then (AICs) the cell's other digits.
    /// Computed from the candidates rather than stored: there are many.
    #[inline]
    pub(super) fn for_weak(&self, c: &Candidates, v: u32, mut f: impl FnMut(u32)) {
        let n = self.n;
        let (x, d) = (v as usize / n, v as usize % n);
        for &p in &c.ctx.peers[x] {
            if c.mask(p as usize) >> d & 1 != 0 {
                f(node(n, p as usize, d));
            }
        }
        if self.mode == Mode::Aic {
            for e in bits(c.mask(x) & !(1 << d)) {
                f(node(n, x, e));
            }
        }
    }
}

/// Two candidates that cannot both be true.
pub(super) fn sees(c: &Candidates, n: usize, a: u32, b: u32) -> bool {
    let (ca, da) = (a as usize / n, a as usize % n);
    let (cb, db) = (b as usize / n, b as usize % n);
    if a == b {
        return false;
    }
    if ca == cb {
        return true;
    }
    da == db && c.ctx.sees(ca, cb)
}

fn search(
    c: &Candidates,
    mode: Mode,
    g: &Graph,
    sc: &mut Scratch,
    starts: impl Iterator<Item = u32>,
) -> Option<Step> {
    let n = g.n;
    let Scratch { bfs, victims } = sc;
    // The chain with the most eliminations (ties: the shortest, then the
    // first found), as HoDoKu chooses: (count, length, states, victims).
    let mut best: Option<(usize, usize, Vec<u32>, Conclusion)> = None;
    for s in starts {
        if c.out_of_time() {
            return None;
        }
        if g.strong(s).is_empty() {
            continue;
        }
        // Candidates seeing s: the possible victims.
        let sc = s as usize / n;
        victims.clear();
        let sd = s as usize % n;
        if !matches!(mode, Mode::X(_)) {
            for d in bits(c.mask(sc)) {
                let v = node(n, sc, d);
                if v != s {
                    victims.push(v);
                }
            }
        }
        for &p in &c.ctx.peers[sc] {
            if c.mask(p as usize) >> sd & 1 != 0 {
                victims.push(node(n, p as usize, sd));
            }
        }
        bfs.start(s);
        while let Some(st) = bfs.pop() {
            let (v, on) = (st / 2, st % 2 == 1);
            if on {
                if v == s {
                    // A placement settles the cell: taken at once, if the
                    // loop passes each candidate once (a breadth-first path
                    // may meet a candidate as true and later as false: sound,
                    // but no chain a player would draw).
                    let states = chain_states(&bfs.parent, st);
                    if simple(&states[..states.len() - 1]) {
                        return Some(make(c, mode, &states, Conclusion::Proved(s)));
                    }
                    continue;
                }
                // A lasso: the path met v as false earlier, so the loop
                // from there proves v (a discontinuous nice loop). The
                // loop alone is the step.
                if bfs.seen(v * 2) {
                    if let Some(lp) = inner_loop(&bfs.parent, st, v * 2) {
                        if simple(&lp[..lp.len() - 1]) {
                            return Some(make(c, mode, &lp, Conclusion::Proved(v)));
                        }
                    }
                }
                let depth = chain_len(&bfs.parent, st);
                if depth >= 3 {
                    let hits = || {
                        victims
                            .iter()
                            .copied()
                            .filter(|&x| x != v && sees(c, n, x, v))
                    };
                    let count = hits().count();
                    let better = best
                        .as_ref()
                        .map_or(true, |b| count > b.0 || (count == b.0 && depth < b.1));
                    if count > 0 && better {
                        let states = chain_states(&bfs.parent, st);
                        if simple(&states) {
                            best =
                                Some((count, depth, states, Conclusion::Removes(hits().collect())));
                        }
                    }
                }
            } else if v != s && bfs.seen(v * 2 + 1) && best.as_ref().map_or(true, |b| b.0 <= 1) {
                // A lasso: the path met v as true earlier, so the loop from
                // there (v true makes v false) removes v; the loop alone is
                // the step, a candidate for the best like any chain.
                if let Some(lp) = inner_loop(&bfs.parent, st, v * 2 + 1) {
                    let depth = lp.len() - 1;
                    let better = best.as_ref().map_or(true, |b| b.0 < 1 || depth < b.1);
                    if better && simple(&lp[..depth]) {
                        best = Some((1, depth, lp, Conclusion::Disproved(v)));
                    }
                }
            }
            bfs.expand(g, c, st);
        }
    }
    best.map(|(_, _, states, what)| make(c, mode, &states, what))
}

/// The links a chain search follows: a node's strong links and, through
/// a callback, its weak ones (the plain graph here, the loop graphs of
/// `continuous_nice_loop`).
pub(super) trait Links {
    fn strong(&self, v: u32) -> &[u32];
    fn for_weak(&self, c: &Candidates, v: u32, f: impl FnMut(u32));
}

impl Links for Graph {
    fn strong(&self, v: u32) -> &[u32] {
        Graph::strong(self, v)
    }
    fn for_weak(&self, c: &Candidates, v: u32, f: impl FnMut(u32)) {
        Graph::for_weak(self, c, v, f)
    }
}

/// A breadth-first search over chain states `2·node + on` (odd: the node
/// is true), reused from one start to the next. A state counts as seen only
/// when marked in the current generation, which rises with every start, so
/// starting again clears nothing.
pub(super) struct Bfs {
    /// Each seen state's predecessor, `u32::MAX` at the start.
    pub(super) parent: Vec<u32>,
    seen_gen: Vec<u32>,
    generation: u32,
    queue: Vec<u32>,
    head: usize,
}

impl Bfs {
    pub(super) fn new(nodes: usize) -> Self {
        Bfs {
            parent: vec![u32::MAX; nodes * 2],
            seen_gen: vec![0; nodes * 2],
            generation: 0,
            queue: Vec::new(),
            head: 0,
        }
    }

    /// Sized for `nodes`, with generations far from running out.
    fn fits(&self, nodes: usize) -> bool {
        self.seen_gen.len() == nodes * 2 && self.generation < u32::MAX / 2
    }

    /// Starts a new search from "s is false"; returns its generation.
    pub(super) fn start(&mut self, s: u32) -> u32 {
        self.generation += 1;
        let start = s * 2;
        self.seen_gen[start as usize] = self.generation;
        self.parent[start as usize] = u32::MAX;
        self.queue.clear();
        self.queue.push(start);
        self.head = 0;
        self.generation
    }

    /// The next state in breadth-first order.
    pub(super) fn pop(&mut self) -> Option<u32> {
        let st = *self.queue.get(self.head)?;
        self.head += 1;
        Some(st)
    }

    /// True when this search has reached state `st`.
    pub(super) fn seen(&self, st: u32) -> bool {
        self.seen_gen[st as usize] == self.generation
    }

    /// Queues the states one link from `st`: a true node's weak links and a
    /// false node's strong links lead to the neighbours' opposite states.
    pub(super) fn expand(&mut self, g: &impl Links, c: &Candidates, st: u32) {
        let (v, on) = (st / 2, st % 2 == 1);
        let mut visit = |w: u32| {
            let ns = w * 2 + (!on) as u32;
            if self.seen_gen[ns as usize] != self.generation {
                self.seen_gen[ns as usize] = self.generation;
                self.parent[ns as usize] = st;
                self.queue.push(ns);
            }
        };
        if on {
            g.for_weak(c, v, visit);
        } else {
            g.strong(v).iter().for_each(|&w| visit(w));
        }
    }
}

/// What a chain proves.
enum Conclusion {
    /// Candidates seeing both ends are false.
    Removes(Vec<u32>),
    /// The candidate (the loop's start and end) is true.
    Proved(u32),
    /// The candidate (the loop's start and end) is false.
    Disproved(u32),
}

/// The states from `from` to `end` when `from` is an ancestor of `end` in
/// the search tree: the loop inside a lasso.
fn inner_loop(parent: &[u32], end: u32, from: u32) -> Option<Vec<u32>> {
    let mut states = vec![end];
    let mut st = end;
    while parent[st as usize] != u32::MAX {
        st = parent[st as usize];
        states.push(st);
        if st == from {
            states.reverse();
            return Some(states);
        }
    }
    None
}

/// True when no candidate occurs twice among the states.
pub(super) fn simple(states: &[u32]) -> bool {
    let mut v: Vec<u32> = states.iter().map(|s| s / 2).collect();
    v.sort_unstable();
    v.windows(2).all(|w| w[0] != w[1])
}

/// Links from the start to state `st` of a breadth-first chain search
/// (`parent` holds each state's predecessor, `u32::MAX` at the start).
pub(super) fn chain_len(parent: &[u32], mut st: u32) -> usize {
    let mut k = 0;
    while parent[st as usize] != u32::MAX {
        st = parent[st as usize];
        k += 1;
    }
    k
}

/// The states of a breadth-first chain search from the start to `end`.
pub(super) fn chain_states(parent: &[u32], end: u32) -> Vec<u32> {
    let mut states = vec![end];
    let mut st = end;
    while parent[st as usize] != u32::MAX {
        st = parent[st as usize];
        states.push(st);
    }
    states.reverse();
    states
}

fn make(c: &Candidates, mode: Mode, states: &[u32], what: Conclusion) -> Step {
    let n = c.ctx.n;
    let end = states[states.len() - 1];
    let technique = match mode {
        Mode::X(_) => Technique::XChain,
        Mode::Xy => Technique::XYChain,
        Mode::Aic => Technique::Aic,
    };
    let cand = |v: u32| Cand::new(v as usize / n, (v as usize % n) as u16 + 1);
    let name = |v: u32| {
        let k = cand(v);
        format!("({}){}", k.digit, c.cn(k.cell as usize))
    };
    let text = if c.texts() {
        super::eureka(states, name)
    } else {
        String::new()
    };
    let mut s = Step::new(technique);
    for &st in states {
        let k = cand(st / 2);
        if !s.candidates.contains(&k) {
            s.candidates.push(k);
        }
        if !s.cells.contains(&k.cell) {
            s.cells.push(k.cell);
        }
    }
    let first = if c.texts() {
        name(states[0] / 2)
    } else {
        String::new()
    };
    match what {
        Conclusion::Proved(p) => {
            let k = cand(p);
            s.placements = vec![k];
            explain!(
                c,
                s,
                "{text}; if {first} were false it would be true, so {} = {}",
                c.cn(k.cell as usize),
                k.digit
            );
        }
        Conclusion::Disproved(p) => {
            let k = cand(p);
            s.eliminations = vec![k];
            explain!(
                c,
                s,
                "{text}; if {first} were true it would be false, so remove {}",
                elim_text(c, &s.eliminations)
            );
        }
        Conclusion::Removes(elims) => {
            s.eliminations = elims.iter().map(|&v| cand(v)).collect();
            explain!(
                c,
                s,
                "{text}, so {first} or {} is true; remove {}",
                name(end / 2),
                elim_text(c, &s.eliminations)
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn xy_chain_four_cells() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c2 {4,1}: r1c1 or r5c2 is 1,
        // so cells seeing both lose 1: r2c2, r3c2, r5c1... (box 1 ∩ column 2, and r5c1? no)
        let mut removed = Vec::new();
        for (cell, keep) in [(0usize, [1u16, 2]), (4, [2, 3]), (40, [3, 4]), (37, [4, 1])] {
            for d in 1..=9 {
                if !keep.contains(&d) {
                    removed.push((cell, d));
                }
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find_xy_chain(&c).unwrap();
        assert_eq!(s.technique, Technique::XYChain);
        for e in &s.eliminations {
            assert_eq!(e.digit, 1);
        }
        assert!(elims(&c, &s).contains(&"r2c2<>1".to_string()));
    }

    /// Each mode's links read from the shared AIC links equal the links of
    /// that mode built afresh, along a hard puzzle's path.
    #[test]
    fn shared_links_equal_fresh() {
        let boards = along_paths(&HARD[1..], |c| {
            for (mode, units, bivalue) in [
                (Mode::X(0), true, false),
                (Mode::Xy, false, true),
                (Mode::Aic, true, true),
            ] {
                let (g, fresh) = (build(c, mode), links(c, units, bivalue));
                assert_eq!(g.nodes(), fresh.nodes());
                for v in 0..g.nodes() {
                    assert_eq!(g.strong(v as u32), fresh.of(v));
                }
            }
            true
        });
        assert!(boards > 20, "{boards} boards");
    }
}
