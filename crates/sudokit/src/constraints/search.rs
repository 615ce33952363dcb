//! The search for puzzles with constraints: candidate masks (one `u64` per
//! cell, so N ≤ 64), singles on the board's units plus every constraint's
//! propagator to a fixpoint (a queue re-runs only those whose cells changed,
//! `schedule.rs`; costly propagators last), then depth-first branching on a
//! two-candidate cell, or else on the cell where guesses failed most often
//! per candidate.
//!
//! This is the general path: a full copy of the masks per node, and
//! propagators that each look at their own cells. Classic puzzles never
//! come here (they keep the dedicated solvers); puzzles with constraints
//! trade speed for one simple loop that every constraint plugs into. Every
//! complete grid is checked against every constraint before it counts, so
//! the propagators may be weak.

use std::sync::Arc;

use crate::geometry::Geometry;
use crate::limits::Limits;
use crate::solve::Searcher;

use super::model::Model;
use super::schedule::{Queue, Watchers};

/// The other side of a guess: the masks at the guess with the guessed digit
/// removed from `cell` (`before`: its mask at the guess), propagated only
/// when the search comes back to it (two-way branching, `cell = d` then
/// `cell ≠ d`, so the next choice of cell sees what `≠ d` implied).
struct Frame {
    state: Vec<u64>,
    cell: usize,
    before: u64,
}

/// Depth-first search under units and constraints, resumable like the
/// generic solver's: each [`ConstraintSearch::advance`] finds the next
/// solution.
pub(crate) struct ConstraintSearch {
    geo: Arc<Geometry>,
    model: Model,
    stack: Vec<Frame>,
    pending: Option<Vec<u64>>,
    solution: Option<Vec<u64>>,
    guesses: u64,
    /// Per cell, guesses there whose propagation failed (halved every
    /// [`DECAY`] failures, so recent trouble counts most).
    conflicts: Vec<u32>,
    failures: u32,
    limits: Limits,
    interrupted: bool,
    watchers: Arc<Watchers>,
    scratch: Scratch,
    /// Whether two-candidate cells are ranked ([`branch_cell`]): not on
    /// puzzles with little killers, where the ranking measured worse than
    /// taking the first (`docs/notes/constraint-variants.md`, var7).
    hot_pairs: bool,
    /// Per cell, how many units and propagators watch it.
    degree: Vec<u32>,
    order: ValueOrder,
}

/// Which digit of the branching cell is tried first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ValueOrder {
    /// The digit that leaves its neighbours the most room (Geelen's
    /// promise): the default, best on most puzzles.
    Promise,
    /// The digit that leaves them the least: the opposite guess, which the
    /// first-solution portfolio (`portfolio.rs`) runs beside the default.
    Contrary,
}

/// How [`ConstraintSearch::advance_until`] stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// A solution ([`ConstraintSearch::solution_values`]).
    Found,
    /// The guess budget ran out; calling again resumes.
    Paused,
    /// No solution left, or the limits stopped it
    /// ([`ConstraintSearch::interrupted`]).
    Done,
}

/// Failures between two halvings of the conflict counts.
const DECAY: u32 = 1 << 14;

impl ConstraintSearch {
    /// A search from per-cell masks (givens as single bits).
    pub(crate) fn new(geo: Arc<Geometry>, model: Model, masks: Vec<u64>, limits: Limits) -> Self {
        let (model, mut root, watchers) = prepared(&geo, model, masks);
        let hot_pairs = !model
            .props
            .iter()
            .any(|p| matches!(p, super::prop::Prop::LittleKiller { .. }));
        let mut scratch = Scratch::default();
        let pending =
            propagate_from(&geo, &model, &watchers, &mut scratch, &mut root, None).then_some(root);
        let cells = geo.cell_count();
        ConstraintSearch {
            geo,
            model,
            stack: Vec::new(),
            pending,
            solution: None,
            guesses: 0,
            conflicts: vec![0; cells],
            failures: 0,
            limits,
            interrupted: false,
            hot_pairs,
            degree: (0..cells).map(|c| watchers.degree(c)).collect(),
            watchers,
            scratch,
            order: ValueOrder::Promise,
        }
    }

    /// The same search with another value order.
    pub(crate) fn with_order(mut self, order: ValueOrder) -> Self {
        self.order = order;
        self
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    pub(crate) fn interrupted(&self) -> bool {
        self.interrupted
    }

    pub(crate) fn solution_values(&self) -> Option<Vec<u16>> {
        self.solution.as_ref().map(|s| values(s))
    }

    /// The last solution's masks (one bit per cell).
    fn solution_masks(&self) -> Option<&[u64]> {
        self.solution.as_deref()
    }

    /// Finds the next solution; false when there is none left or the
    /// limits stopped the search ([`ConstraintSearch::interrupted`]).
    pub(crate) fn advance(&mut self) -> bool {
        self.advance_until(u64::MAX) == Step::Found
    }

    /// [`ConstraintSearch::advance`], pausing before guess number `budget`
    /// (counted from the start of the search).
    pub(crate) fn advance_until(&mut self, budget: u64) -> Step {
        self.solution = None;
        loop {
            if let Some(st) = self.pending.take() {
                match branch_cell(&st, &self.conflicts, self.hot_pairs, &self.degree) {
                    None => {
                        if super::registry::satisfied(&self.model, &values(&st)) {
                            self.solution = Some(st);
                            return Step::Found;
                        }
                    }
                    Some(cell) => {
                        if self.guesses >= budget {
                            self.pending = Some(st);
                            return Step::Paused;
                        }
                        // A guess here propagates every constraint (tens of
                        // µs on a 16×16), so reading the clock every 16 is
                        // cheap and prompt.
                        if self.guesses % 16 == 15 && self.limits.expired() {
                            self.pending = Some(st);
                            self.interrupted = true;
                            return Step::Done;
                        }
                        self.guesses += 1;
                        let before = st[cell];
                        let d = self.value(&st, cell);
                        let mut child = st.clone();
                        let mut rest = st;
                        rest[cell] = before & !d;
                        self.stack.push(Frame {
                            state: rest,
                            cell,
                            before,
                        });
                        child[cell] = d;
                        self.try_state(child, cell, before);
                        continue;
                    }
                }
            }
            let Some(frame) = self.stack.pop() else {
                return Step::Done;
            };
            self.try_state(frame.state, frame.cell, frame.before);
        }
    }

    /// The digit to try first in `cell`: the one that leaves its
    /// neighbours the most room, i.e. the largest product over the cells
    /// sharing a unit with it and its pair-propagator partners of
    /// (candidates left if the digit were placed) / (candidates now), a
    /// one-step look-ahead on the constraints that say most cheaply what a
    /// digit rules out (the "promise" value order, Geelen 1992). The
    /// lowest such digit on a tie. [`ValueOrder::Contrary`] takes the
    /// smallest product instead.
    fn value(&self, st: &[u64], cell: usize) -> u64 {
        let contrary = self.order == ValueOrder::Contrary;
        let mut best = (if contrary { f32::MAX } else { f32::MIN }, 0u64);
        let mut rest = st[cell];
        while rest != 0 {
            let d = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let i = d.trailing_zeros() as usize;
            let mut score = 0f32;
            for &p in self.watchers.peers_of(cell) {
                let q = st[p as usize];
                if q & d != 0 {
                    let k = q.count_ones() as usize;
                    score += LN[k - 1] - LN[k];
                }
            }
            // Pair partners with their tables (`table[d - 1]`: the partner
            // digits that `d` allows).
            for &(p, t) in self.watchers.pairs_of(cell) {
                let q = st[p as usize];
                let allowed = self.model.tables[t as usize][i];
                score += LN[(q & allowed).count_ones() as usize] - LN[q.count_ones() as usize];
            }
            if (score > best.0) != contrary && score != best.0 {
                best = (score, d);
            }
        }
        best.1
    }

    /// Propagates `st`, a fixpoint where `cell` (mask `before` there) was
    /// narrowed; on success it is the next node, else the failure counts
    /// against `cell`.
    fn try_state(&mut self, mut st: Vec<u64>, cell: usize, before: u64) {
        let (geo, model, w) = (&self.geo, &self.model, &self.watchers);
        if propagate_from(
            geo,
            model,
            w,
            &mut self.scratch,
            &mut st,
            Some((cell, before)),
        ) {
            #[cfg(test)]
            tests::check_fixpoint(geo, model, w, &st);
            self.pending = Some(st);
        } else {
            self.conflicts[cell] += 1;
            self.failures += 1;
            if self.failures == DECAY {
                self.failures = 0;
                self.conflicts.iter_mut().for_each(|c| *c >>= 1);
            }
        }
    }
}

/// The solvers' common face, so `solve::Solutions` can stream this search.
impl Searcher for ConstraintSearch {
    fn advance(&mut self) -> bool {
        ConstraintSearch::advance(self)
    }
    fn solution_values(&self) -> Option<Vec<u16>> {
        ConstraintSearch::solution_values(self)
    }
    fn guesses(&self) -> u64 {
        ConstraintSearch::guesses(self)
    }
    fn interrupted(&self) -> bool {
        ConstraintSearch::interrupted(self)
    }
}

/// The model compiled for the units, the masks narrowed by the rules
/// that hold from the start (parity), and the model's watch lists: what
/// every search over a puzzle with constraints starts from.
pub(crate) fn prepared(
    geo: &Geometry,
    mut model: Model,
    mut masks: Vec<u64>,
) -> (Model, Vec<u64>, Arc<Watchers>) {
    model.share_units(geo);
    for (m, r) in masks.iter_mut().zip(&model.root) {
        *m &= r;
    }
    let watchers = model.watchers(geo);
    (model, masks, watchers)
}

/// `LN[k]` = ln k, and a large negative number for ln 0 (a neighbour left
/// without candidates).
static LN: [f32; 65] = {
    let mut t = [0f32; 65];
    t[0] = -1e9;
    let mut k = 1;
    while k <= 64 {
        t[k] = ln_const(k as f64) as f32;
        k += 1;
    }
    t
};

/// ln x for 1 ≤ x ≤ 64 in const context: x = 2^e · m with m in [1, 2),
/// ln m by the series of atanh ((m - 1) / (m + 1)).
const fn ln_const(x: f64) -> f64 {
    let mut m = x;
    let mut e = 0.0;
    while m >= 2.0 {
        m /= 2.0;
        e += 1.0;
    }
    let y = (m - 1.0) / (m + 1.0);
    let y2 = y * y;
    let mut term = y;
    let mut sum = 0.0;
    let mut n = 1.0;
    while n < 40.0 {
        sum += term / n;
        term *= y2;
        n += 2.0;
    }
    e * std::f64::consts::LN_2 + 2.0 * sum
}

fn values(masks: &[u64]) -> Vec<u16> {
    masks
        .iter()
        .map(|&m| {
            if m.is_power_of_two() {
                m.trailing_zeros() as u16 + 1
            } else {
                0
            }
        })
        .collect()
}

/// The undecided cell to branch on; `None` when all are decided. A cell
/// with two candidates if there is one (with `hot_pairs`, the one with the
/// most failed guesses, then the most propagators watching it, the classic
/// dom/deg tie-break; else the first); otherwise the cell with the most
/// failed guesses per candidate (the conflict-weighted choice of CSP
/// solvers, dom/wdeg), and while no guess has failed, the fewest
/// candidates. First such cell on a tie.
fn branch_cell(st: &[u64], conflicts: &[u32], hot_pairs: bool, degree: &[u32]) -> Option<usize> {
    let mut pair: Option<(u32, u32, usize)> = None;
    let mut weighted: Option<(u64, u64, usize)> = None;
    let mut fewest: Option<(u32, usize)> = None;
    for (c, m) in st.iter().enumerate() {
        let k = m.count_ones();
        if k == 2 {
            if !hot_pairs {
                return Some(c);
            }
            let key = (conflicts[c], degree[c]);
            if pair.map_or(true, |(w, g, _)| key > (w, g)) {
                pair = Some((key.0, key.1, c));
            }
            continue;
        }
        if k > 2 {
            if fewest.map_or(true, |(b, _)| k < b) {
                fewest = Some((k, c));
            }
            let (w, k) = (u64::from(conflicts[c]), u64::from(k));
            // w / k > bw / bk, without division.
            if w > 0 && weighted.map_or(true, |(bw, bk, _)| w * bk > bw * k) {
                weighted = Some((w, k, c));
            }
        }
    }
    if let Some((_, _, c)) = pair {
        return Some(c);
    }
    weighted.map(|(_, _, c)| c).or(fewest.map(|(_, c)| c))
}

/// Singles on every unit and every constraint's propagator, to a fixpoint,
/// with `model`'s watch lists (`Model::watchers`, built once for many
/// calls). False on a contradiction.
pub(crate) fn propagate(geo: &Geometry, model: &Model, w: &Watchers, cand: &mut [u64]) -> bool {
    propagate_from(geo, model, w, &mut Scratch::default(), cand, None)
}

/// Buffers [`propagate_from`] reuses from one call to the next.
#[derive(Default)]
struct Scratch {
    queue: Queue,
    /// A propagator's masks before it ran.
    before: Vec<u64>,
    /// The masks when the last locked-candidates pass started.
    start: Vec<u64>,
    base: Vec<u64>,
    /// Cells whose pair partners are still to settle ([`narrowed`]).
    stack: Vec<usize>,
}

/// [`propagate`] on a fixpoint's masks where one cell was then narrowed
/// (`guess`: the cell and its mask at the fixpoint): only the propagators
/// watching a changed cell run again, and locked candidates look only at
/// what changed since the fixpoint. Cheap propagators and the units settle
/// first, then locked candidates, then one costly propagator at a time.
fn propagate_from(
    geo: &Geometry,
    model: &Model,
    w: &Watchers,
    sc: &mut Scratch,
    cand: &mut [u64],
    guess: Option<(usize, u64)>,
) -> bool {
    let full = crate::bits::full_mask(geo.n());
    sc.queue.reset(w);
    let mut has_base = false;
    match guess {
        Some((cell, before)) => {
            // The base first: the partners `narrowed` settles must count
            // as changed for the locked-candidates pass.
            if model.has_locked() {
                sc.base.clear();
                sc.base.extend_from_slice(cand);
                sc.base[cell] = before;
                has_base = true;
            }
            if !narrowed(model, w, sc, cand, cell) {
                return false;
            }
        }
        None => sc.queue.push_all(w),
    }
    let units = w.units();
    loop {
        while let Some(id) = sc.queue.pop_light() {
            if !run(geo, model, w, sc, cand, id, units, full) {
                return false;
            }
        }
        if model.has_locked() {
            sc.start.clear();
            sc.start.extend_from_slice(cand);
            let base = has_base.then_some(sc.base.as_slice());
            match model.propagate_locked(cand, base) {
                Err(_) => return false,
                Ok(changed) => {
                    std::mem::swap(&mut sc.base, &mut sc.start);
                    has_base = true;
                    if changed {
                        // sc.base now holds the masks before the pass.
                        for c in 0..cand.len() {
                            if cand[c] != sc.base[c] && !narrowed(model, w, sc, cand, c) {
                                return false;
                            }
                        }
                        continue;
                    }
                }
            }
        }
        // The costly ones queued now, in one go (a locked-candidates pass
        // between two of them costs more than it saves).
        let mut any = false;
        for _ in 0..sc.queue.heavy_len() {
            let Some(id) = sc.queue.pop_heavy() else {
                break;
            };
            any = true;
            if !run(geo, model, w, sc, cand, id, units, full) {
                return false;
            }
        }
        if !any {
            return true;
        }
    }
}

/// Runs propagator `id` once and queues the propagators watching each cell
/// it narrowed. False on a contradiction.
#[allow(clippy::too_many_arguments)]
fn run(
    geo: &Geometry,
    model: &Model,
    w: &Watchers,
    sc: &mut Scratch,
    cand: &mut [u64],
    id: usize,
    units: usize,
    full: u64,
) -> bool {
    if id < units {
        // A unit runs to its own fixpoint while still marked as queued, so
        // its own narrowings (and the pair settling they set off in its
        // cells) do not queue it again: it reads all its cells each time.
        let cells = &geo.units()[id].cells;
        loop {
            let Some(mut changed) = unit_singles(cand, cells, full) else {
                return false;
            };
            if changed == 0 {
                break;
            }
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !narrowed(model, w, sc, cand, cells[i] as usize) {
                    return false;
                }
            }
        }
        sc.queue.done(id);
        return true;
    }
    let idempotent = w.idempotent(id);
    if !idempotent {
        sc.queue.done(id);
    }
    // Pairs know which cells they narrowed; the others are compared with a
    // copy of their cells.
    if let super::prop::Prop::Pair(a, b, _) = model.props[id - units] {
        let (was_a, was_b) = (cand[a], cand[b]);
        if model.run_prop(id - units, cand).is_err() {
            return false;
        }
        if cand[a] != was_a && !narrowed(model, w, sc, cand, a) {
            return false;
        }
        if cand[b] != was_b && !narrowed(model, w, sc, cand, b) {
            return false;
        }
    } else {
        let scope = w.scope(id);
        sc.before.clear();
        sc.before.extend(scope.iter().map(|&c| cand[c as usize]));
        if model.run_prop(id - units, cand).is_err() {
            return false;
        }
        for (i, &c) in scope.iter().enumerate() {
            if cand[c as usize] != sc.before[i] && !narrowed(model, w, sc, cand, c as usize) {
                return false;
            }
        }
    }
    if idempotent {
        sc.queue.done(id);
    }
    true
}

/// `cell` narrowed: queues the propagators watching it and settles its pair
/// rules at once, following every partner that narrows in turn (see
/// `schedule.rs`). False on a contradiction.
fn narrowed(model: &Model, w: &Watchers, sc: &mut Scratch, cand: &mut [u64], cell: usize) -> bool {
    sc.stack.clear();
    sc.stack.push(cell);
    while let Some(c) = sc.stack.pop() {
        sc.queue.wake(w, c);
        let mine = cand[c];
        // A placed digit leaves its peers at once: the units woken above
        // then mostly find nothing to remove, only hidden singles to look
        // for (one sweep of their cells instead of two).
        if mine & (mine - 1) == 0 {
            for &p in w.peers_of(c) {
                let p = p as usize;
                let old = cand[p];
                if old & mine != 0 {
                    if old == mine {
                        return false;
                    }
                    cand[p] = old & !mine;
                    sc.stack.push(p);
                }
            }
        }
        // Partners under one rule share the support (non-consecutive: all
        // four), so it is looked up once per run of equal tables.
        let (mut table, mut support) = (u32::MAX, 0);
        for &(p, t) in w.pairs_of(c) {
            let p = p as usize;
            if t != table {
                (table, support) = (t, model.pair_support(t as usize, mine));
            }
            let old = cand[p];
            let new = old & support;
            if new != old {
                if new == 0 {
                    return false;
                }
                cand[p] = new;
                sc.stack.push(p);
            }
        }
    }
    true
}

/// Naked and hidden singles in one unit: the positions (in `cells`) of
/// the masks that changed, `None` on a contradiction.
fn unit_singles(cand: &mut [u64], cells: &[u32], full: u64) -> Option<u64> {
    // One sweep reads everything. A second, removing placed digits from
    // the other cells, is needed only when one of them still holds such a
    // digit: [`narrowed`] clears a placed digit from its peers at once, so
    // that happens only before the first fixpoint.
    let (mut fixed, mut open) = (0u64, 0u64);
    let (mut once, mut twice) = (0u64, 0u64);
    for &c in cells {
        let m = cand[c as usize];
        if m.is_power_of_two() {
            if fixed & m != 0 {
                return None;
            }
            fixed |= m;
        } else if m == 0 {
            return None;
        } else {
            open |= m;
        }
        twice |= once & m;
        once |= m;
    }
    let mut changed = 0u64;
    if open & fixed != 0 {
        (once, twice) = (0, 0);
        for (i, &c) in cells.iter().enumerate() {
            let m = &mut cand[c as usize];
            if !m.is_power_of_two() && *m & fixed != 0 {
                *m &= !fixed;
                if *m == 0 {
                    return None;
                }
                changed |= 1 << i;
            }
            twice |= once & *m;
            once |= *m;
        }
    }
    if once != full {
        return None;
    }
    let hidden = once & !twice & !fixed;
    if hidden != 0 {
        for (i, &c) in cells.iter().enumerate() {
            let m = &mut cand[c as usize];
            let h = *m & hidden;
            if h != 0 {
                if !h.is_power_of_two() {
                    return None; // two digits with one place, both here
                }
                if *m != h {
                    *m = h;
                    changed |= 1 << i;
                }
            }
        }
    }
    Some(changed)
}

/// Every digit that appears in at least one solution, per cell: what
/// setters call *true candidates*.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TrueCandidates {
    /// Per cell, bit `d - 1` set when digit `d` is in some solution.
    pub masks: Vec<u64>,
    /// Solutions found on the way (at least one per true candidate, not
    /// all of them).
    pub solutions_seen: usize,
}

impl TrueCandidates {
    /// The true candidates of `cell` as digits.
    pub fn digits(&self, cell: usize) -> Vec<u16> {
        super::mask::digits(self.masks[cell])
            .map(|d| d as u16)
            .collect()
    }
}

/// True candidates: for each cell and each digit still possible there and
/// not yet seen in a solution, one search for a solution with that digit
/// there; every solution found marks all its digits at once, so most
/// candidates are settled without a search of their own. `None` when the
/// limits stopped the work.
pub(crate) fn true_candidates(
    geo: &Arc<Geometry>,
    model: &Model,
    masks: Vec<u64>,
    limits: &Limits,
) -> Option<TrueCandidates> {
    // Compiled for the units once: every search below clones it.
    let mut model = model.clone();
    model.share_units(geo);
    let model = &model;
    let root = ConstraintSearch::new(geo.clone(), model.clone(), masks, limits.clone());
    let Some(root_masks) = root.pending.clone() else {
        return Some(TrueCandidates {
            masks: vec![0; geo.cell_count()],
            solutions_seen: 0,
        });
    };
    let mut found = vec![0u64; root_masks.len()];
    let mut seen = 0;
    for cell in 0..root_masks.len() {
        for d in super::mask::digits(root_masks[cell] & !found[cell]) {
            if found[cell] & super::mask::bit(d) != 0 {
                continue;
            }
            let mut start = root_masks.clone();
            start[cell] = super::mask::bit(d);
            let mut s = ConstraintSearch::new(geo.clone(), model.clone(), start, limits.clone());
            if s.advance() {
                seen += 1;
                for (f, m) in found.iter_mut().zip(s.solution_masks().unwrap()) {
                    *f |= m;
                }
            } else if s.interrupted() || limits.expired() {
                return None;
            }
        }
    }
    Some(TrueCandidates {
        masks: found,
        solutions_seen: seen,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// While set, every fixpoint the search reaches is compared with a
        /// full sweep from scratch; this counts those that fall short.
        static SHORT: Cell<Option<u32>> = const { Cell::new(None) };
    }

    pub(super) fn check_fixpoint(geo: &Geometry, model: &Model, w: &Watchers, st: &[u64]) {
        if SHORT.with(Cell::get).is_none() {
            return;
        }
        let mut again = st.to_vec();
        let ok = propagate_from(geo, model, w, &mut Scratch::default(), &mut again, None);
        if !ok || again != st {
            SHORT.with(|s| s.set(s.get().map(|n| n + 1)));
        }
    }

    /// The incremental propagation after a guess (queue, pairs settled at
    /// once, locked candidates only where something changed) must end where
    /// a full sweep would: a weaker fixpoint is sound but costs guesses, and
    /// once went unnoticed for a commit.
    #[test]
    fn incremental_fixpoints_equal_full_sweeps() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/variants");
        for name in [
            "44-non-consecutive-9",
            "11-kropki-9",
            "14-xv-9",
            "27-whisper-9",
            "38-anti-knight-9",
            "49-anti-knight-thermo-9",
            "22-little-killer-6",
            "10-arrow-6",
            "01-miracle",
        ] {
            let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
            let p: crate::Puzzle = text.parse().unwrap();
            SHORT.with(|s| s.set(Some(0)));
            let verdict = p.check(&crate::Options::default()).unwrap();
            let short = SHORT.with(|s| s.replace(None)).unwrap();
            assert!(matches!(verdict, crate::Verdict::Unique(_)), "{name}");
            assert_eq!(short, 0, "{name}: {short} fixpoints short of a full sweep");
        }
    }
}
