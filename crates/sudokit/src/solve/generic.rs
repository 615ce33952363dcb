//! The generic solver: candidate bitsets, singles propagation, depth-first search.
//!
//! Data layout. A [`State`] is one node of the search tree: for every cell its
//! candidate set (`cand`, a [`DigitSet`] as narrow as N allows), whether the cell
//! has been *placed* (its digit propagated to its units), and how many cells are
//! still unplaced. Geometry (cells → units → cells) is shared and read-only.
//!
//! Propagation. Placing digit d in a cell removes d from every other cell of each
//! of its units (naked singles fall out when a set shrinks to one digit, and are
//! queued). A unit whose cells lost candidates is marked dirty; dirty units are
//! scanned with two running sets, `once` and `twice`, which give in one pass the
//! digits with no place (contradiction) and the digits with one place (hidden
//! singles). The queue and the dirty list alternate until both are empty.
//!
//! Search. Branch on the unplaced cell with fewest candidates; each child is a
//! copy of the parent state with one digit placed. Copying a whole state costs
//! N² words but keeps backtracking trivial and the code small; the explicit stack
//! turns the search into a resumable iterator, so enumeration can stream and stop.

use std::sync::Arc;

use crate::bits::DigitSet;
use crate::geometry::Geometry;

use super::limits::Limits;

/// One node of the search: candidates and placement of every cell.
#[derive(Clone)]
pub(crate) struct State<B> {
    cand: Vec<B>,
    placed: Vec<bool>,
    left: usize,
}

/// Scratch space for propagation, reused across nodes.
struct Propagator {
    /// Forced placements waiting to be made: (cell, digit).
    queue: Vec<(u32, u32)>,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
}

impl Propagator {
    fn new(geo: &Geometry) -> Self {
        Propagator {
            queue: Vec::new(),
            dirty: vec![false; geo.units().len()],
            dirty_list: Vec::new(),
        }
    }

    fn reset(&mut self) {
        self.queue.clear();
        for &u in &self.dirty_list {
            self.dirty[u as usize] = false;
        }
        self.dirty_list.clear();
    }

    #[inline]
    fn mark_units(&mut self, geo: &Geometry, cell: usize) {
        for &u in geo.units_of(cell) {
            if !self.dirty[u as usize] {
                self.dirty[u as usize] = true;
                self.dirty_list.push(u);
            }
        }
    }

    /// Places `d` in `cell` and removes it from the cell's units.
    /// Returns false on a contradiction (some cell lost its last candidate).
    fn place<B: DigitSet>(
        &mut self,
        geo: &Geometry,
        st: &mut State<B>,
        cell: usize,
        d: usize,
    ) -> bool {
        if !st.cand[cell].is_single() {
            // Dropping this cell's other candidates may leave hidden singles.
            self.mark_units(geo, cell);
        }
        st.cand[cell] = B::single(d);
        st.placed[cell] = true;
        st.left -= 1;
        let units = geo.units();
        for &u in geo.units_of(cell) {
            for &c in &units[u as usize].cells {
                let c = c as usize;
                let cc = st.cand[c];
                if c == cell || !cc.contains(d) {
                    continue;
                }
                let mut nc = cc;
                nc.remove(d);
                if nc.is_empty() {
                    return false;
                }
                st.cand[c] = nc;
                if nc.is_single() {
                    self.queue.push((c as u32, nc.first().unwrap() as u32));
                }
                self.mark_units(geo, c);
            }
        }
        true
    }

    /// Runs singles to a fixpoint. Returns false on a contradiction.
    fn propagate<B: DigitSet>(&mut self, geo: &Geometry, st: &mut State<B>) -> bool {
        let full = B::full(geo.n());
        let units = geo.units();
        loop {
            while let Some((c, d)) = self.queue.pop() {
                let (c, d) = (c as usize, d as usize);
                if !st.cand[c].contains(d) {
                    return false; // two digits forced into one cell
                }
                if !st.placed[c] && !self.place(geo, st, c, d) {
                    return false;
                }
            }
            let Some(u) = self.dirty_list.pop() else {
                return true;
            };
            self.dirty[u as usize] = false;
            let cells = &units[u as usize].cells;
            let (mut once, mut twice, mut done) = (B::EMPTY, B::EMPTY, B::EMPTY);
            for &c in cells {
                let x = st.cand[c as usize];
                twice = twice.union(once.intersection(x));
                once = once.union(x);
                if st.placed[c as usize] {
                    done = done.union(x);
                }
            }
            if once != full {
                return false;
            }
            let hidden = once.difference(twice).difference(done);
            for d in hidden.iter() {
                let c = cells
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| st.cand[c].contains(d))
                    .expect("digit seen once in this unit");
                if !st.cand[c].is_single() {
                    self.queue.push((c as u32, d as u32));
                }
            }
        }
    }
}

/// A search frame: the state before branching, the branch cell, digits not yet tried.
struct Frame<B> {
    state: State<B>,
    cell: usize,
    untried: B,
}

/// Depth-first search over one puzzle, resumable: each call to
/// [`Search::advance`] finds the next solution.
pub(crate) struct Search<B> {
    geo: Arc<Geometry>,
    prop: Propagator,
    stack: Vec<Frame<B>>,
    /// A propagated, consistent state not yet expanded.
    pending: Option<State<B>>,
    /// The last solution found.
    solution: Option<State<B>>,
    spare: Vec<State<B>>,
    guesses: u64,
    /// [`Search::advance`] gives up (resumably) once `guesses` reaches this.
    guess_budget: u64,
    limits: Limits,
    stopped: Option<Stop>,
}

/// Why [`Search::advance`] returned false without exhausting the search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stop {
    /// The guess budget ran out; raising it and calling again resumes.
    Budget,
    /// The deadline passed or the caller cancelled.
    Interrupted,
}

impl<B: DigitSet> Search<B> {
    /// Sets up the search from given values (`0` = empty). Givens must already
    /// be free of duplicates; any other contradiction just yields no solution.
    pub(crate) fn new(geo: Arc<Geometry>, values: &[u16]) -> Self {
        Self::excluding(geo, values, &[])
    }

    /// Like [`Search::new`], with each `(cell, digit)` of `exclude` struck
    /// from the cell's candidates before propagation.
    pub(crate) fn excluding(geo: Arc<Geometry>, values: &[u16], exclude: &[(usize, u16)]) -> Self {
        let mut prop = Propagator::new(&geo);
        let pending = Self::initial_state(&geo, values, exclude, &mut prop);
        Self::starting_from(geo, prop, pending)
    }

    /// A search whose root is `pending` (`None`: no solution at all).
    fn starting_from(geo: Arc<Geometry>, prop: Propagator, pending: Option<State<B>>) -> Self {
        Search {
            geo,
            prop,
            stack: Vec::new(),
            pending,
            solution: None,
            spare: Vec::new(),
            guesses: 0,
            guess_budget: u64::MAX,
            limits: Limits::none(),
            stopped: None,
        }
    }

    /// Sets the deadline / cancel flag checked during the search.
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Sets the total number of guesses after which `advance` stops with
    /// [`Stop::Budget`].
    pub(crate) fn set_guess_budget(&mut self, budget: u64) {
        self.guess_budget = budget;
    }

    /// Why the last `advance` returned false early, if it did.
    pub(crate) fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Candidates of every cell after the initial singles propagation (`None`
    /// when the givens already contradict), as 0-based digit lists; placed
    /// cells have one candidate. Used to build the SAT encoding from the
    /// already-reduced puzzle.
    pub(crate) fn initial_candidates(geo: &Geometry, values: &[u16]) -> Option<Vec<Vec<u16>>> {
        let mut prop = Propagator::new(geo);
        let st = Self::initial_state(geo, values, &[], &mut prop)?;
        Some(
            st.cand
                .iter()
                .map(|x| x.iter().map(|d| d as u16).collect())
                .collect(),
        )
    }

    /// Sets up the search from candidate sets given per cell (bit `d` of
    /// `masks[c]` = digit `d + 1` allowed): pencilmark puzzles. No cell is
    /// placed yet; propagation places the singles and finds contradictions.
    pub(crate) fn with_candidates(geo: Arc<Geometry>, masks: &[u16]) -> Self {
        let mut prop = Propagator::new(&geo);
        let pending = Self::candidate_state(&geo, masks, &mut prop);
        Self::starting_from(geo, prop, pending)
    }

    fn candidate_state(geo: &Geometry, masks: &[u16], prop: &mut Propagator) -> Option<State<B>> {
        let n = geo.n();
        let cells = geo.cell_count();
        let mut st = State {
            cand: Vec::with_capacity(cells),
            placed: vec![false; cells],
            left: cells,
        };
        for (c, &m) in masks.iter().enumerate().take(cells) {
            let mut x = B::EMPTY;
            for d in (0..n).filter(|&d| m & (1 << d) != 0) {
                x.insert(d);
            }
            if x.is_empty() {
                return None;
            }
            if x.is_single() {
                prop.queue.push((c as u32, x.first().unwrap() as u32));
            }
            st.cand.push(x);
        }
        if st.cand.len() != cells {
            return None;
        }
        prop.dirty.iter_mut().for_each(|d| *d = true);
        prop.dirty_list = (0..geo.units().len() as u32).rev().collect();
        let ok = prop.propagate(geo, &mut st);
        prop.reset();
        ok.then_some(st)
    }

    /// Candidates from the givens by unit masks (cheaper than placing each
    /// given), then propagation with every unit dirty.
    fn initial_state(
        geo: &Geometry,
        values: &[u16],
        exclude: &[(usize, u16)],
        prop: &mut Propagator,
    ) -> Option<State<B>> {
        let n = geo.n();
        let full = B::full(n);
        let mut used = vec![B::EMPTY; geo.units().len()];
        for (ui, u) in geo.units().iter().enumerate() {
            for &c in &u.cells {
                let v = values[c as usize] as usize;
                if v != 0 {
                    if used[ui].contains(v - 1) {
                        return None;
                    }
                    used[ui].insert(v - 1);
                }
            }
        }
        let cells = geo.cell_count();
        let mut st = State {
            cand: Vec::with_capacity(cells),
            placed: Vec::with_capacity(cells),
            left: 0,
        };
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                st.cand.push(B::single(v as usize - 1));
                st.placed.push(true);
                continue;
            }
            let mut x = geo
                .units_of(c)
                .iter()
                .fold(full, |acc, &u| acc.difference(used[u as usize]));
            for &(_, d) in exclude.iter().filter(|&&(cell, _)| cell == c) {
                if d != 0 {
                    x.remove(d as usize - 1);
                }
            }
            if x.is_empty() {
                return None;
            }
            if x.is_single() {
                prop.queue.push((c as u32, x.first().unwrap() as u32));
            }
            st.cand.push(x);
            st.placed.push(false);
            st.left += 1;
        }
        prop.dirty.iter_mut().for_each(|d| *d = true);
        prop.dirty_list = (0..geo.units().len() as u32).rev().collect();
        let ok = prop.propagate(geo, &mut st);
        prop.reset();
        ok.then_some(st)
    }

    /// Number of branch trials so far (each digit tried at a branch cell).
    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    /// The values of the last solution found by [`Search::advance`].
    pub(crate) fn solution_values(&self) -> Option<Vec<u16>> {
        let st = self.solution.as_ref()?;
        Some(
            st.cand
                .iter()
                .map(|x| x.first().map_or(0, |d| d as u16 + 1))
                .collect(),
        )
    }

    /// Finds the next solution; false when the search space is exhausted.
    pub(crate) fn advance(&mut self) -> bool {
        self.stopped = None;
        if let Some(old) = self.solution.take() {
            self.spare.push(old);
        }
        loop {
            if let Some(st) = self.pending.take() {
                if st.left == 0 {
                    self.solution = Some(st);
                    return true;
                }
                let cell = Self::branch_cell(&st);
                let untried = st.cand[cell];
                self.stack.push(Frame {
                    state: st,
                    cell,
                    untried,
                });
            }
            let Some(frame) = self.stack.last_mut() else {
                return false;
            };
            let Some(d) = frame.untried.first() else {
                let f = self.stack.pop().unwrap();
                self.spare.push(f.state);
                continue;
            };
            if self.guesses >= self.guess_budget {
                self.stopped = Some(Stop::Budget);
                return false;
            }
            if self.guesses % 1024 == 1023 && self.limits.expired() {
                self.stopped = Some(Stop::Interrupted);
                return false;
            }
            frame.untried.remove(d);
            self.guesses += 1;
            let cell = frame.cell;
            let mut child = if frame.untried.is_empty() {
                self.stack.pop().unwrap().state
            } else {
                match self.spare.pop() {
                    Some(mut s) => {
                        s.clone_from(&frame.state);
                        s
                    }
                    None => frame.state.clone(),
                }
            };
            let ok = child.cand[cell].contains(d)
                && self.prop.place(&self.geo, &mut child, cell, d)
                && self.prop.propagate(&self.geo, &mut child);
            self.prop.reset();
            if ok {
                self.pending = Some(child);
            } else {
                self.spare.push(child);
            }
        }
    }

    /// The unplaced cell with fewest candidates (first found on ties).
    fn branch_cell(st: &State<B>) -> usize {
        st.branch_cell()
    }
}

impl<B: DigitSet> State<B> {
    /// A placeholder without cells (no allocation), for a state moved out.
    pub(crate) fn vacant() -> Self {
        State {
            cand: Vec::new(),
            placed: Vec::new(),
            left: 0,
        }
    }

    /// True when every cell is placed: the state is a solution.
    pub(crate) fn is_complete(&self) -> bool {
        self.left == 0
    }

    /// The candidates of `cell`.
    pub(crate) fn candidates(&self, cell: usize) -> B {
        self.cand[cell]
    }

    /// The unplaced cell with fewest candidates (first found on ties).
    pub(crate) fn branch_cell(&self) -> usize {
        let mut best = (u32::MAX, 0);
        for (c, x) in self.cand.iter().enumerate() {
            if self.placed[c] {
                continue;
            }
            let k = x.len();
            if k < best.0 {
                best = (k, c);
                if k <= 2 {
                    break;
                }
            }
        }
        best.1
    }
}

/// The search's building blocks for callers that walk the tree themselves
/// (the exact counter in [`crate::count`]): a propagated root and propagated
/// children, with the same singles propagation the solver uses.
pub(crate) struct Expander {
    geo: Arc<Geometry>,
    prop: Propagator,
}

impl Expander {
    pub(crate) fn new(geo: Arc<Geometry>) -> Self {
        let prop = Propagator::new(&geo);
        Expander { geo, prop }
    }

    /// The propagated state of the givens `values` (`0` = empty), or `None`
    /// when propagation finds a contradiction.
    pub(crate) fn root<B: DigitSet>(&mut self, values: &[u16]) -> Option<State<B>> {
        Search::<B>::initial_state(&self.geo, values, &[], &mut self.prop)
    }

    /// Places digit `d` in `cell` of `state` and propagates, in place (for the
    /// last child of a node, whose parent is no longer needed). Returns false
    /// on a dead end, leaving `state` unusable.
    pub(crate) fn place_in<B: DigitSet>(
        &mut self,
        state: &mut State<B>,
        cell: usize,
        d: usize,
    ) -> bool {
        let ok = state.cand[cell].contains(d)
            && self.prop.place(&self.geo, state, cell, d)
            && self.prop.propagate(&self.geo, state);
        self.prop.reset();
        ok
    }

    /// Writes into `out` the child of `parent` with digit `d` (0-based) placed
    /// in `cell`, propagated. Returns false when the child is a dead end.
    /// `out` is a reusable buffer: its previous contents are overwritten.
    pub(crate) fn child_into<B: DigitSet>(
        &mut self,
        parent: &State<B>,
        cell: usize,
        d: usize,
        out: &mut State<B>,
    ) -> bool {
        out.clone_from(parent);
        let ok = out.cand[cell].contains(d)
            && self.prop.place(&self.geo, out, cell, d)
            && self.prop.propagate(&self.geo, out);
        self.prop.reset();
        ok
    }
}
