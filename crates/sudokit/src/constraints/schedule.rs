//! The search's propagation queue: which propagators watch which cells, and
//! the propagators to run because a cell they watch changed since they last
//! ran. Propagator ids: the board's units first (`0..units`), then the
//! model's `Prop`s in order.
//!
//! Re-running only what a change touches replaces whole sweeps over every
//! unit and every constraint after each narrowing: on a 9×9 a guess
//! touches one cell and its 20 peers, and most constraints never see it.
//!
//! The board's units wait in a bitset, one bit per unit: a narrowed cell
//! wakes its units with one OR per word instead of one queue push each (a
//! non-consecutive guess wakes about 40 cells, three units each), and they
//! run lowest id first.
//!
//! Pair rules are not queued after the first sweep: a narrowed cell settles
//! its partners at once ([`Watchers::pairs_of`]), since a pair is one table
//! lookup and a queue round trip costs more (non-consecutive has 144 pairs
//! on a 9×9, most of what a guess wakes).

use std::collections::VecDeque;

use super::prop::{Program, Prop, Tier};
use crate::geometry::Geometry;

/// Per cell, the propagators that read it; per propagator, its cells.
#[derive(Debug)]
pub(crate) struct Watchers {
    units: usize,
    tier: Vec<Tier>,
    /// Whether a propagator's own narrowing can never enable more of its
    /// own narrowing (pair arc consistency), so it need not wake itself.
    idempotent: Vec<bool>,
    /// Words per unit bitset.
    unit_words: usize,
    /// `unit_bits[c * unit_words..]`: the units holding cell c.
    unit_bits: Vec<u64>,
    /// `watch[watch_start[c]..watch_start[c + 1]]`: the propagators (not
    /// the units, not pair rules) watching cell c.
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
    pub(crate) fn new(geo: &Geometry, model: &Program<'_>) -> Self {
        let units = geo.units().len();
        let mut scope_start = vec![0u32];
        let mut scope = Vec::new();
        let (mut tier, mut idempotent) = (Vec::new(), Vec::new());
        for u in geo.units() {
            scope.extend_from_slice(&u.cells);
            scope_start.push(scope.len() as u32);
            tier.push(Tier::Unit);
            idempotent.push(false);
        }
        for p in model.props.iter() {
            scope.extend(p.cells().map(|c| c as u32));
            scope_start.push(scope.len() as u32);
            tier.push(p.tier());
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
        for p in (units..tier.len()).filter(|&p| !is_pair(p)) {
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
        for p in model.props.iter() {
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
        let unit_words = units.div_ceil(64).max(1);
        let mut unit_bits = vec![0u64; cells * unit_words];
        for (u, unit) in geo.units().iter().enumerate() {
            for &c in &unit.cells {
                unit_bits[c as usize * unit_words + u / 64] |= 1 << (u % 64);
            }
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
            unit_words,
            unit_bits,
            peer_start,
            peers,
            tier,
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
        let units: u32 = self.units_of(cell).iter().map(|w| w.count_ones()).sum();
        units + (self.watching(cell).len() + self.pairs_of(cell).len()) as u32
    }

    /// The cell's partners in pair rules, with each rule's table index.
    pub(crate) fn pairs_of(&self, cell: usize) -> &[(u32, u32)] {
        &self.pairs[self.pair_start[cell] as usize..self.pair_start[cell + 1] as usize]
    }

    /// The cells sharing one of the board's units with `cell`.
    pub(crate) fn peers_of(&self, cell: usize) -> &[u32] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The units holding `cell`, as a bitset of unit ids.
    fn units_of(&self, cell: usize) -> &[u64] {
        &self.unit_bits[cell * self.unit_words..(cell + 1) * self.unit_words]
    }

    fn watching(&self, cell: usize) -> &[u32] {
        &self.watch[self.watch_start[cell] as usize..self.watch_start[cell + 1] as usize]
    }
}

/// The propagators waiting to run, by [`Tier`], each at most once.
#[derive(Default, Debug)]
pub(crate) struct Queue {
    /// How many ids are units.
    unit_count: usize,
    units: Vec<u64>,
    first: VecDeque<u32>,
    after_units: VecDeque<u32>,
    heavy: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Queue {
    /// Empties the queue, sized for `w`.
    pub(crate) fn reset(&mut self, w: &Watchers) {
        self.unit_count = w.units;
        self.units.clear();
        self.units.resize(w.unit_words, 0);
        self.first.clear();
        self.after_units.clear();
        self.heavy.clear();
        self.queued.clear();
        self.queued.resize(w.tier.len(), false);
    }

    /// Queues every propagator (a fresh start).
    pub(crate) fn push_all(&mut self, w: &Watchers) {
        for id in 0..w.tier.len() {
            self.push(w, id as u32);
        }
    }

    /// Queues every propagator watching `cell` (pair rules aside: see the
    /// module docs).
    pub(crate) fn wake(&mut self, w: &Watchers, cell: usize) {
        match w.units_of(cell) {
            // Up to 64 units (every board up to 21×21): one word.
            &[bits] => self.units[0] |= bits,
            all => {
                for (pending, &bits) in self.units.iter_mut().zip(all) {
                    *pending |= bits;
                }
            }
        }
        for &id in w.watching(cell) {
            self.push(w, id);
        }
    }

    fn push(&mut self, w: &Watchers, id: u32) {
        if (id as usize) < w.units {
            self.units[id as usize / 64] |= 1 << (id % 64);
            return;
        }
        let q = &mut self.queued[id as usize];
        if !*q {
            *q = true;
            match w.tier[id as usize] {
                Tier::First => self.first.push_back(id),
                Tier::AfterUnits => self.after_units.push_back(id),
                Tier::Heavy | Tier::Unit => self.heavy.push_back(id),
            }
        }
    }

    /// The next cheap propagator, still marked as queued (see
    /// [`Queue::done`]), by tier; the lowest waiting unit, else the oldest.
    pub(crate) fn pop_light(&mut self) -> Option<usize> {
        if let Some(id) = self.first.pop_front() {
            return Some(id as usize);
        }
        for (i, word) in self.units.iter_mut().enumerate() {
            if *word != 0 {
                let u = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(i * 64 + u);
            }
        }
        self.after_units.pop_front().map(|id| id as usize)
    }

    /// The next costly propagator, still marked as queued.
    pub(crate) fn pop_heavy(&mut self) -> Option<usize> {
        self.heavy.pop_front().map(|id| id as usize)
    }

    /// How many costly propagators wait.
    pub(crate) fn heavy_len(&self) -> usize {
        self.heavy.len()
    }

    /// Marks `id` as no longer queued: a later change wakes it again. A
    /// unit's wakes while it ran are dropped (it ran to its own fixpoint).
    pub(crate) fn done(&mut self, id: usize) {
        if id < self.unit_count {
            self.units[id / 64] &= !(1 << (id % 64));
            return;
        }
        self.queued[id] = false;
    }
}
