//! The search's propagation queue: which propagators watch which cells, and
//! the propagators to run because a cell they watch changed since they last
//! ran. Propagator ids: the board's units first (`0..units`), then the
//! model's [`super::Prop`]s in order.
//!
//! Re-running only what a change touches replaces whole sweeps over every
//! unit and every constraint after each narrowing: on a 9×9 a guess
//! touches one cell and its 20 peers, and most constraints never see it.
//!
//! Pair rules are not queued after the first sweep: a narrowed cell settles
//! its partners at once ([`Watchers::pairs_of`]), since a pair is one table
//! lookup and a queue round trip costs more (non-consecutive has 144 pairs
//! on a 9×9, most of what a guess wakes).

use std::collections::VecDeque;

use super::{Model, Prop};
use crate::geometry::Geometry;

/// Per cell, the propagators that read it; per propagator, its cells.
#[derive(Debug)]
pub(crate) struct Watchers {
    units: usize,
    heavy: Vec<bool>,
    /// Whether a propagator's own narrowing can never enable more of its
    /// own narrowing (pair arc consistency), so it need not wake itself.
    idempotent: Vec<bool>,
    /// `watch[watch_start[c]..watch_start[c + 1]]`: the ids watching cell c.
    watch_start: Vec<u32>,
    watch: Vec<u32>,
    /// `scope[scope_start[p]..scope_start[p + 1]]`: the cells of id p.
    scope_start: Vec<u32>,
    scope: Vec<u32>,
    /// `pairs[pair_start[c]..pair_start[c + 1]]`: per cell, its partners in
    /// pair rules with the rule's table.
    pair_start: Vec<u32>,
    pairs: Vec<(u32, u32)>,
    /// `peers[peer_start[c]..peer_start[c + 1]]`: the cells sharing one of
    /// the board's units with cell c.
    peer_start: Vec<u32>,
    peers: Vec<u32>,
}

impl Watchers {
    pub(crate) fn new(geo: &Geometry, model: &Model) -> Self {
        let units = geo.units().len();
        let mut scope_start = vec![0u32];
        let mut scope = Vec::new();
        let (mut heavy, mut idempotent) = (Vec::new(), Vec::new());
        for u in geo.units() {
            scope.extend_from_slice(&u.cells);
            scope_start.push(scope.len() as u32);
            heavy.push(false);
            idempotent.push(false);
        }
        for p in &model.props {
            scope.extend(p.cells().map(|c| c as u32));
            scope_start.push(scope.len() as u32);
            heavy.push(p.heavy());
            idempotent.push(p.idempotent());
        }
        let cells = geo.cell_count();
        let mut count = vec![0u32; cells + 1];
        for &c in &scope {
            count[c as usize + 1] += 1;
        }
        for c in 0..cells {
            count[c + 1] += count[c];
        }
        let watch_start = count.clone();
        let mut fill = count;
        let mut watch = vec![0u32; scope.len()];
        let is_pair = |p: usize| p >= units && matches!(model.props[p - units], Prop::Pair(..));
        for p in (0..heavy.len()).filter(|&p| !is_pair(p)) {
            for &c in &scope[scope_start[p] as usize..scope_start[p + 1] as usize] {
                let at = &mut fill[c as usize];
                // A cell twice in one scope is watched once.
                if *at == watch_start[c as usize] || watch[*at as usize - 1] != p as u32 {
                    watch[*at as usize] = p as u32;
                    *at += 1;
                }
            }
        }
        // Close the gaps left by duplicates.
        let mut compact = Vec::with_capacity(watch.len());
        let mut starts = vec![0u32];
        for c in 0..cells {
            compact.extend_from_slice(&watch[watch_start[c] as usize..fill[c] as usize]);
            starts.push(compact.len() as u32);
        }
        let mut partners = vec![Vec::new(); cells];
        for p in &model.props {
            if let Prop::Pair(a, b, t) = *p {
                partners[a].push((b as u32, t as u32));
                partners[b].push((a as u32, t as u32));
            }
        }
        let mut pair_start = vec![0u32];
        let mut pairs = Vec::new();
        for list in partners {
            pairs.extend(list);
            pair_start.push(pairs.len() as u32);
        }
        let mut peer_start = vec![0u32];
        let mut peers = Vec::new();
        let mut seen = vec![usize::MAX; cells];
        for a in 0..cells {
            seen[a] = a;
            for &u in geo.units_of(a) {
                for &b in &geo.units()[u as usize].cells {
                    if seen[b as usize] != a {
                        seen[b as usize] = a;
                        peers.push(b);
                    }
                }
            }
            peer_start.push(peers.len() as u32);
        }
        Watchers {
            units,
            peer_start,
            peers,
            heavy,
            idempotent,
            watch_start: starts,
            watch: compact,
            scope_start,
            scope,
            pair_start,
            pairs,
        }
    }

    /// How many of the ids are the board's units.
    pub(crate) fn units(&self) -> usize {
        self.units
    }

    pub(crate) fn idempotent(&self, id: usize) -> bool {
        self.idempotent[id]
    }

    /// The cells propagator `id` reads and narrows.
    pub(crate) fn scope(&self, id: usize) -> &[u32] {
        &self.scope[self.scope_start[id] as usize..self.scope_start[id + 1] as usize]
    }

    /// How many propagators read `cell`, its pair rules included.
    pub(crate) fn degree(&self, cell: usize) -> u32 {
        (self.watching(cell).len() + self.pairs_of(cell).len()) as u32
    }

    /// The cell's partners in pair rules, with each rule's table index.
    pub(crate) fn pairs_of(&self, cell: usize) -> &[(u32, u32)] {
        &self.pairs[self.pair_start[cell] as usize..self.pair_start[cell + 1] as usize]
    }

    /// The cells sharing one of the board's units with `cell`.
    pub(crate) fn peers_of(&self, cell: usize) -> &[u32] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    fn watching(&self, cell: usize) -> &[u32] {
        &self.watch[self.watch_start[cell] as usize..self.watch_start[cell + 1] as usize]
    }
}

/// The propagators waiting to run: cheap ones (units included) and costly
/// ones apart, each at most once.
#[derive(Default, Debug)]
pub(crate) struct Queue {
    light: VecDeque<u32>,
    heavy: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Queue {
    /// Empties the queue, sized for `w`.
    pub(crate) fn reset(&mut self, w: &Watchers) {
        self.light.clear();
        self.heavy.clear();
        self.queued.clear();
        self.queued.resize(w.heavy.len(), false);
    }

    /// Queues every propagator (a fresh start).
    pub(crate) fn push_all(&mut self, w: &Watchers) {
        for id in 0..w.heavy.len() {
            self.push(w, id as u32);
        }
    }

    /// Queues every propagator watching `cell` (pair rules aside: see the
    /// module docs).
    pub(crate) fn wake(&mut self, w: &Watchers, cell: usize) {
        for &id in w.watching(cell) {
            self.push(w, id);
        }
    }

    fn push(&mut self, w: &Watchers, id: u32) {
        let q = &mut self.queued[id as usize];
        if !*q {
            *q = true;
            if w.heavy[id as usize] {
                self.heavy.push_back(id);
            } else {
                self.light.push_back(id);
            }
        }
    }

    /// The next cheap propagator, still marked as queued (see
    /// [`Queue::done`]).
    pub(crate) fn pop_light(&mut self) -> Option<usize> {
        self.light.pop_front().map(|id| id as usize)
    }

    /// The next costly propagator, still marked as queued.
    pub(crate) fn pop_heavy(&mut self) -> Option<usize> {
        self.heavy.pop_front().map(|id| id as usize)
    }

    /// How many costly propagators wait.
    pub(crate) fn heavy_len(&self) -> usize {
        self.heavy.len()
    }

    /// Marks `id` as no longer queued: a later change wakes it again.
    pub(crate) fn done(&mut self, id: usize) {
        self.queued[id] = false;
    }
}
