//! A conflict-driven clause-learning (CDCL) solver specialised to sudoku.
//!
//! Why. Propagation plus backtracking explores the same dead ends again and
//! again on hard large boards (the minimal 25×25 puzzles never finish), while a
//! SAT solver learns a clause from every conflict and never repeats it. This is
//! a small CDCL solver whose only constraints are the sudoku ones, built from
//! the candidates left after singles propagation (so the instance is already
//! much smaller than a plain encoding of the givens).
//!
//! Encoding. One Boolean variable per remaining (cell, digit) candidate, and
//! no others. Every cell and every (unit, digit) pair still open is an
//! *exactly-one group* of variables. Neither half is stored as clauses.
//! "At most one": when a
//! variable becomes true, every other variable of its groups is set false with
//! a two-literal reason (¬x ∨ ¬y) that exists only implicitly, which keeps
//! memory proportional to the candidates rather than to their squares. "At
//! least one": each group keeps a count of its literals not yet false and
//! their XOR, so the last one standing is known without a scan and without
//! watching the group (learnt clauses use two watched literals).
//!
//! Search. The usual modern recipe: two watched literals, first-UIP learning
//! with recursive clause minimisation and shrinking (see [`Cdcl::shrink`]),
//! VSIDS variable activity on a binary heap (a candidate chosen is placed,
//! see [`Cdcl::pick_branch`]), CaDiCaL's stable mode only (Luby restarts,
//! slow activity decay; see [`Cdcl::solve`]), clauses in one flat arena,
//! and periodic removal of learnt clauses by tiers of literal-block
//! distance (LBD, updated on use).
//! Solutions are enumerated by adding a blocking clause for each one found,
//! which is how uniqueness is proved; the learnt clauses carry over, so the
//! proof costs far less than a fresh solve with the solution blocked.
//!
//! The variants tried and measured (segment variables, Hall sets, probing,
//! other branching and restart schemes, proof systems that reason about
//! counts) and why each lost are in `docs/notes/sat-solver.md`.
//!
//! # Hot-loop data layout
//!
//! Everything the propagation loop reads is a flat vector indexed by a
//! number, so that one visit costs few cache lines:
//! - A literal ([`Lit`]) is `2·var` (the candidate placed) or `2·var + 1`
//!   (struck out). `vals` holds the value of both polarities of each
//!   variable; `vars` holds level, trail position and reason side by side.
//! - The exactly-one groups are one flat list of positive literals
//!   (`group_lits`, rows at `group_start`); `var_groups` gives each
//!   variable's groups in fixed-width padded rows; `group_count` keeps
//!   each group's live count and XOR next to each other.
//! - Clauses live in one `u32` arena, a three-word header (see
//!   `clauses::HEADER`) before the literals; watches are (clause, blocker)
//!   pairs per literal.
//! - Propagation runs on a [`propagate::Propagator`] holding those slices
//!   as locals, so their addresses stay in registers.
//!
//! # Modules
//!
//! - `mod.rs`: the solver's state, literals and reasons, the search loop
//!   with its restarts, and the crate-facing API.
//! - `encode`: building the variables and groups from the candidates;
//!   blocking a solution.
//! - `propagate`: unit propagation and backtracking.
//! - `analyze`: conflict analysis, minimisation, shrinking, LBD.
//! - `clauses`: the clause arena, clause activity, database reduction.
//! - `heap`: VSIDS activities, their heap, and the branching choice.
//! - `exchange`: learnt-clause sharing with a racing partner.

mod analyze;
mod clauses;
mod encode;
mod exchange;
mod heap;
mod propagate;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::limits::Limits;

pub(crate) use exchange::Exchange;
use exchange::SHARE_MAX_LBD;
use heap::VarHeap;

type Lit = u32;

#[inline]
fn pos(v: u32) -> Lit {
    v << 1
}
#[inline]
fn neg(v: u32) -> Lit {
    (v << 1) | 1
}
#[inline]
fn var(l: Lit) -> usize {
    (l >> 1) as usize
}
#[inline]
fn not(l: Lit) -> Lit {
    l ^ 1
}

const UNDEF: i8 = -1;

/// Padding in [`Cdcl::var_groups`].
const NO_GROUP: u32 = u32::MAX;

/// Row `i` of a table stored as row starts (plus one end) over a flat list.
#[inline]
fn row_range(starts: &[u32], i: usize) -> std::ops::Range<usize> {
    starts[i] as usize..starts[i + 1] as usize
}

/// The groups literal `l` is in: its variable's row of `var_groups`
/// (`k` slots, padded with [`NO_GROUP`]), or none for a negative literal.
#[inline]
fn groups_of_lit(var_groups: &[u32], k: usize, l: Lit) -> &[u32] {
    if l & 1 != 0 {
        return &[];
    }
    let v = var(l);
    &var_groups[v * k..v * k + k]
}

/// The value of a literal: 1 true, 0 false, [`UNDEF`].
#[inline]
fn lit_value(vals: &[i8], l: Lit) -> i8 {
    vals[l as usize]
}

/// Makes `l` true at `level` for `reason` and puts it on the trail.
#[inline]
fn assign_lit(
    vals: &mut [i8],
    vars: &mut [VarInfo],
    trail: &mut Vec<Lit>,
    level: u32,
    l: Lit,
    reason: Reason,
) {
    let v = var(l);
    vals[l as usize] = 1;
    vals[not(l) as usize] = 0;
    vars[v] = VarInfo {
        level,
        pos: trail.len() as u32,
        reason,
    };
    trail.push(l);
}

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision, or a level-0 fact.
    None,
    /// Implied by this clause (the implied literal is one of its literals).
    Clause(u32),
    /// Implied by the implicit binary clause (implied ∨ this literal).
    Lit(Lit),
    /// Implied by the "at least one" of this group (all its other literals
    /// are false).
    Group(u32),
}

/// What the solver knows about an assigned variable besides its value.
#[derive(Clone, Copy)]
struct VarInfo {
    /// Decision level of the assignment.
    level: u32,
    /// Position on the trail.
    pos: u32,
    reason: Reason,
}

#[derive(Clone, Copy)]
enum Conflict {
    Clause(u32),
    Pair(Lit, Lit),
    /// Every literal of this group is false.
    Group(u32),
}

/// Outcome of one [`Cdcl::solve`] call.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SatResult {
    Sat,
    Unsat,
    Interrupted,
}

/// Luby sequence 1 1 2 1 1 2 4 1 1 2 …, for restart intervals.
fn luby(mut i: u64) -> u64 {
    let (mut size, mut seq) = (1u64, 0u32);
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

/// Conflicts per Luby unit between restarts (by default; see
/// [`Cdcl::set_restart_unit`]).
const RESTART_UNIT: u64 = 512;

/// The CDCL solver over one puzzle's remaining candidates.
pub(crate) struct Cdcl {
    /// Values of the cells fixed before encoding (0 = open).
    fixed: Vec<u16>,
    /// Cell and digit (0-based) of each variable (a candidate).
    var_cell: Vec<u32>,
    var_digit: Vec<u16>,
    /// `cell_vars[cell]` = (first variable, candidate digits) of an open cell.
    cell_vars: Vec<(u32, Vec<u16>)>,
    /// Exactly-one groups of literals, flattened (`group_start` has each
    /// group's start, plus one end).
    group_lits: Vec<Lit>,
    group_start: Vec<u32>,
    /// The groups of each variable's positive literal (negative literals
    /// are in none), `groups_per_var` slots per variable padded with
    /// [`NO_GROUP`]: one load instead of a row start and then the row.
    var_groups: Vec<u32>,
    groups_per_var: usize,
    /// Per group: how many of its literals are not false, and the XOR of
    /// those literals, counting only literals already processed by
    /// propagation (trail positions before `qhead`). When the count drops to
    /// one, the XOR *is* the last literal standing: "at least one" then
    /// propagates without scanning the group or keeping watches for it.
    /// The two sit side by side: propagation and backtracking touch both.
    group_count: Vec<[u32; 2]>,

    arena: Vec<u32>,
    /// Header indices of the learnt clauses (live ones).
    learnt_list: Vec<u32>,
    /// Number of problem (non-learnt) clauses, to size the learnt database.
    problem_clauses: usize,
    /// Per literal: (clause, blocker) for the clauses watching it; a true
    /// blocker means the clause is satisfied without reading it.
    watches: Vec<Vec<(u32, Lit)>>,
    /// The value of each literal, both polarities stored (as CaDiCaL
    /// does): a check is one load, without a branch on "unassigned".
    vals: Vec<i8>,
    /// Level, trail position and reason of each assigned variable, side by
    /// side: `enqueue` writes all three and conflict analysis reads them
    /// together, so one cache line instead of three.
    vars: Vec<VarInfo>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,

    activity: Vec<f64>,
    var_inc: f64,
    heap: VarHeap,
    clause_inc: f32,

    seen: Vec<bool>,
    level_stamp: Vec<u64>,
    stamp: u64,

    unsat: bool,
    /// Variables marked `seen` by clause minimisation, to clear after it.
    min_clear: Vec<usize>,
    conflicts: u64,
    decisions: u64,
    learnts: usize,
    max_learnts: usize,
    limits: Limits,
    shrink_mark: Vec<bool>,
    shrink_marked: Vec<usize>,
    shrink_reason: Vec<Lit>,
    shrink_levels: Vec<Vec<Lit>>,
    shrink_added: Vec<Lit>,
    /// Per decision level: the earliest trail position of a literal of the
    /// clause being minimised at that level (`u32::MAX` if none); see
    /// [`Cdcl::redundant`].
    level_first: Vec<u32>,
    /// Variables found not implied by the clause during this minimisation,
    /// and their list (to clear); see [`Cdcl::redundant`].
    poison: Vec<bool>,
    poisoned: Vec<usize>,
    /// Depth-first frames of [`Cdcl::redundant`]: variable, next reason
    /// literal to look at.
    min_frames: Vec<(u32, u32)>,
    /// Scratch of conflict analysis, kept to spare an allocation per
    /// conflict: the first-UIP clause, the reason being resolved, and the
    /// final learnt clause (asserting literal first).
    analyze_uip: Vec<Lit>,
    analyze_reason: Vec<Lit>,
    learnt: Vec<Lit>,
    /// Conflicts per Luby unit between restarts.
    restart_unit: u64,
    /// Set by a racing partner that has answered (see `race.rs`).
    stop: Option<Arc<AtomicBool>>,
    /// Clause exchange with a racing partner, and this solver's side of it.
    exchange: Option<(Arc<Exchange>, usize)>,
}

impl Cdcl {
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// A flag that interrupts [`Cdcl::solve`] at its next conflict.
    pub(crate) fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// Restarts every `unit` conflicts times the Luby sequence (a racing
    /// helper restarts more often than the main solver, for diversity).
    pub(crate) fn set_restart_unit(&mut self, unit: u64) {
        self.restart_unit = unit.max(1);
    }

    /// Decisions made so far (the CDCL counterpart of guesses).
    pub(crate) fn decisions(&self) -> u64 {
        self.decisions
    }

    /// Conflicts met so far.
    pub(crate) fn conflicts(&self) -> u64 {
        self.conflicts
    }

    #[inline]
    fn value(&self, l: Lit) -> i8 {
        lit_value(&self.vals, l)
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    fn enqueue(&mut self, l: Lit, r: Reason) {
        let level = self.decision_level();
        assign_lit(&mut self.vals, &mut self.vars, &mut self.trail, level, l, r);
    }

    #[inline]
    fn group(&self, g: u32) -> &[Lit] {
        &self.group_lits[row_range(&self.group_start, g as usize)]
    }

    /// Searches for a model of the current clauses.
    pub(crate) fn solve(&mut self) -> SatResult {
        if self.unsat {
            return SatResult::Unsat;
        }
        if self.propagate().is_some() {
            self.unsat = true;
            return SatResult::Unsat;
        }
        // CaDiCaL and Kissat alternate two modes: *focused* (glucose-style
        // restarts when recent learnt clauses have a high LBD, fast activity
        // decay) and *stable* (rare Luby restarts, slow decay). Here stable
        // alone needs fewer conflicts to proven uniqueness, and a racing
        // helper alternating the modes lost to a stable one, so focused mode
        // is gone (figures: docs/notes/sat-solver.md).
        let mut luby_round = 0u64;
        loop {
            if !self.import() {
                self.unsat = true;
                return SatResult::Unsat;
            }
            luby_round += 1;
            let budget = luby(luby_round - 1) * self.restart_unit;
            let mut conflicts_here = 0u64;
            loop {
                if let Some(confl) = self.propagate() {
                    self.conflicts += 1;
                    conflicts_here += 1;
                    if self.decision_level() == 0 {
                        self.unsat = true;
                        return SatResult::Unsat;
                    }
                    let back = self.analyze(confl);
                    self.backtrack(back);
                    let learnt = std::mem::take(&mut self.learnt);
                    if learnt.len() == 1 {
                        self.export(&learnt, 1);
                        self.enqueue(learnt[0], Reason::None);
                    } else {
                        let lbd = self.lbd(&learnt);
                        if lbd <= SHARE_MAX_LBD {
                            self.export(&learnt, lbd);
                        }
                        let ci = self.attach(&learnt, true, lbd);
                        self.bump_clause(ci);
                        self.enqueue(learnt[0], Reason::Clause(ci));
                    }
                    self.learnt = learnt;
                    // Activity decay 0.975: fewer conflicts than 0.95, 0.99
                    // or 0.9 (see docs/notes/sat-solver.md).
                    self.var_inc /= 0.975;
                    self.clause_inc /= 0.999;
                    // A conflict costs micro- to milliseconds (100×100:
                    // a million variables), a clock read 20 ns: every 16th
                    // keeps a deadline prompt at no measurable cost.
                    if (self.conflicts % 16 == 0 && self.limits.expired())
                        || self
                            .stop
                            .as_ref()
                            .is_some_and(|f| f.load(Ordering::Relaxed))
                    {
                        self.backtrack(0);
                        return SatResult::Interrupted;
                    }
                    continue;
                }
                if conflicts_here >= budget {
                    self.backtrack(0);
                    break;
                }
                if self.learnts >= self.max_learnts + self.trail.len() {
                    self.reduce_db();
                    self.max_learnts += self.max_learnts / 10;
                }
                let Some(l) = self.pick_branch() else {
                    return SatResult::Sat;
                };
                self.decisions += 1;
                if self.decisions % 1024 == 0 && self.limits.expired() {
                    self.backtrack(0);
                    return SatResult::Interrupted;
                }
                self.trail_lim.push(self.trail.len());
                self.enqueue(l, Reason::None);
            }
        }
    }

    /// The cell values of the current model (after [`SatResult::Sat`]).
    pub(crate) fn model_values(&self) -> Vec<u16> {
        let mut out = self.fixed.clone();
        for v in 0..self.var_cell.len() {
            if self.vals[pos(v as u32) as usize] == 1 {
                out[self.var_cell[v] as usize] = self.var_digit[v] + 1;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Enumerates every solution of the empty 4×4 board (288) with the
    /// learnt-clause limit at zero, so that database reduction and arena
    /// compaction run after nearly every conflict; each model must obey the
    /// rules (checked here directly on rows, columns and boxes) and be new.
    #[test]
    fn enumeration_survives_constant_clause_reduction() {
        use crate::geometry::{BoxShape, Geometry};
        let geo = Arc::new(Geometry::square(BoxShape { rows: 2, cols: 2 }, &[]).unwrap());
        // An empty board: every digit is a candidate of every cell.
        let mut s = Cdcl::new(&geo, Some(vec![(0..4).collect(); 16]));
        s.max_learnts = 0;
        let mut seen = std::collections::HashSet::new();
        while s.solve() == SatResult::Sat {
            let v = s.model_values();
            for i in 0..4 {
                let row: std::collections::HashSet<u16> = (0..4).map(|j| v[i * 4 + j]).collect();
                let col: std::collections::HashSet<u16> = (0..4).map(|j| v[j * 4 + i]).collect();
                let (br, bc) = (i / 2 * 2, i % 2 * 2);
                let bx: std::collections::HashSet<u16> =
                    (0..4).map(|k| v[(br + k / 2) * 4 + bc + k % 2]).collect();
                for set in [row, col, bx] {
                    assert_eq!(set, (1..=4).collect());
                }
            }
            assert!(seen.insert(v.clone()), "solution repeated");
            s.block(&v);
            // At level 0 after blocking: compact explicitly as well.
            s.reduce_db();
        }
        assert_eq!(seen.len(), 288);
    }

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
