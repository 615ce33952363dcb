//! A conflict-driven clause-learning (CDCL) solver specialised to sudoku.
//!
//! Why. Propagation plus backtracking explores the same dead ends again and
//! again on hard large boards (the minimal 25×25 puzzles never finish), while a
//! SAT solver learns a clause from every conflict and never repeats it. This is
//! a small CDCL solver whose only constraints are the sudoku ones, built from
//! the candidates left after singles propagation (so the instance is already
//! much smaller than a plain encoding of the givens).
//!
//! Encoding. One Boolean variable per remaining (cell, digit) candidate. Every
//! cell and every (unit, digit) pair still open is an *exactly-one group* of
//! variables. "At least one" is an ordinary clause (watched literals); "at most
//! one" is not expanded into pairwise clauses: when a variable becomes true,
//! every other variable of its groups is set false with a two-literal reason
//! (¬x ∨ ¬y) that exists only implicitly. That keeps memory proportional to
//! the candidates rather than to their squares.
//!
//! Search. The usual modern recipe: two watched literals, first-UIP learning
//! with clause minimisation, VSIDS variable activity on a binary heap, phase
//! saving, Luby restarts and periodic removal of learnt clauses with a high
//! literal-block distance (LBD). Solutions are enumerated by adding a blocking
//! clause for each one found, which is how uniqueness is proved.

use std::sync::Arc;

use crate::geometry::{Geometry, UnitKind};

use super::limits::Limits;

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

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision, or a level-0 fact.
    None,
    /// Implied by this clause (the implied literal is one of its literals).
    Clause(u32),
    /// Implied by the implicit binary clause (implied ∨ this literal).
    Lit(Lit),
}

#[derive(Clone, Copy)]
enum Conflict {
    Clause(u32),
    Pair(Lit, Lit),
}

struct Clause {
    lits: Vec<Lit>,
    learnt: bool,
    deleted: bool,
    lbd: u32,
    activity: f32,
}

/// Outcome of one [`Cdcl::solve`] call.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SatResult {
    Sat,
    Unsat,
    Interrupted,
}

/// Max-heap of variables by activity, with positions for decrease/increase.
struct VarHeap {
    heap: Vec<u32>,
    pos: Vec<u32>,
}

const NOT_IN_HEAP: u32 = u32::MAX;

impl VarHeap {
    fn new(n: usize) -> Self {
        VarHeap {
            heap: Vec::with_capacity(n),
            pos: vec![NOT_IN_HEAP; n],
        }
    }
    fn contains(&self, v: usize) -> bool {
        self.pos[v] != NOT_IN_HEAP
    }
    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let p = (i - 1) / 2;
            if act[self.heap[p] as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = self.heap[p];
            self.pos[self.heap[i] as usize] = i as u32;
            i = p;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && act[self.heap[r] as usize] > act[self.heap[l] as usize] {
                r
            } else {
                l
            };
            if act[self.heap[c] as usize] <= act[v as usize] {
                break;
            }
            self.heap[i] = self.heap[c];
            self.pos[self.heap[i] as usize] = i as u32;
            i = c;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
    fn insert(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.heap.push(v as u32);
        let i = self.heap.len() - 1;
        self.pos[v] = i as u32;
        self.up(i, act);
    }
    fn bumped(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            self.up(self.pos[v] as usize, act);
        }
    }
    fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        self.pos[top as usize] = NOT_IN_HEAP;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top as usize)
    }
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

/// Conflicts per Luby unit between restarts (256 measured a little better
/// than 64 on the 25×25 puzzles).
const RESTART_UNIT: u64 = 256;

/// The CDCL solver over one puzzle's remaining candidates.
pub(crate) struct Cdcl {
    geo: Arc<Geometry>,
    /// Values of the cells fixed before encoding (0 = open).
    fixed: Vec<u16>,
    var_cell: Vec<u32>,
    var_digit: Vec<u16>,
    /// `var_of[cell]` = (first variable, candidate digits) of an open cell.
    cell_vars: Vec<(u32, Vec<u16>)>,
    /// Exactly-one groups of literals (flattened) and, per literal, the
    /// groups it occurs in.
    group_lits: Vec<Lit>,
    group_start: Vec<u32>,
    lit_groups: Vec<u32>,
    lit_group_start: Vec<u32>,

    clauses: Vec<Clause>,
    free_clauses: Vec<u32>,
    /// Per literal: (clause, blocker) for the clauses watching it; a true
    /// blocker means the clause is satisfied without reading it.
    watches: Vec<Vec<(u32, Lit)>>,
    assign: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    phase: Vec<bool>,
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
    conflicts: u64,
    decisions: u64,
    learnts: usize,
    max_learnts: usize,
    limits: Limits,
}

impl Cdcl {
    /// Builds the solver from the givens (`0` = empty). Returns a solver that
    /// is already known unsatisfiable when singles propagation fails.
    pub(crate) fn new(geo: Arc<Geometry>, values: &[u16]) -> Self {
        let cands = super::with_initial_candidates(&geo, values);
        Self::from_candidates(geo, cands)
    }

    fn from_candidates(geo: Arc<Geometry>, cands: Option<Vec<Vec<u16>>>) -> Self {
        let cells = geo.cell_count();
        let n = geo.n();
        let mut s = Cdcl {
            geo: geo.clone(),
            fixed: vec![0; cells],
            var_cell: Vec::new(),
            var_digit: Vec::new(),
            cell_vars: vec![(u32::MAX, Vec::new()); cells],
            group_lits: Vec::new(),
            group_start: vec![0],
            lit_groups: Vec::new(),
            lit_group_start: Vec::new(),
            clauses: Vec::new(),
            free_clauses: Vec::new(),
            watches: Vec::new(),
            assign: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            phase: Vec::new(),
            trail: Vec::new(),
            trail_lim: Vec::new(),
            qhead: 0,
            activity: Vec::new(),
            var_inc: 1.0,
            heap: VarHeap::new(0),
            clause_inc: 1.0,
            seen: Vec::new(),
            level_stamp: Vec::new(),
            stamp: 0,
            unsat: false,
            conflicts: 0,
            decisions: 0,
            learnts: 0,
            max_learnts: 0,
            limits: Limits::none(),
        };
        let Some(cands) = cands else {
            s.unsat = true;
            return s;
        };
        // Variables: candidates of open cells.
        let mut groups: Vec<Vec<Lit>> = Vec::new();
        for (c, ds) in cands.iter().enumerate() {
            if ds.len() == 1 {
                s.fixed[c] = ds[0] + 1;
                continue;
            }
            let first = s.var_cell.len() as u32;
            for &d in ds {
                s.var_cell.push(c as u32);
                s.var_digit.push(d);
            }
            s.cell_vars[c] = (first, ds.clone());
            groups.push((first..first + ds.len() as u32).map(pos).collect());
        }
        // (unit, digit) groups over open cells, for digits not yet fixed in the unit.
        let mut per_digit: Vec<Vec<Lit>> = vec![Vec::new(); n];
        for u in geo.units() {
            per_digit.iter_mut().for_each(Vec::clear);
            let mut done = vec![false; n];
            for &c in &u.cells {
                let c = c as usize;
                if s.fixed[c] != 0 {
                    done[s.fixed[c] as usize - 1] = true;
                    continue;
                }
                let (first, ds) = &s.cell_vars[c];
                for (i, &d) in ds.iter().enumerate() {
                    per_digit[d as usize].push(pos(first + i as u32));
                }
            }
            for d in 0..n {
                if done[d] {
                    continue;
                }
                if per_digit[d].is_empty() {
                    s.unsat = true;
                    return s;
                }
                groups.push(per_digit[d].clone());
            }
        }
        s.add_segment_groups(&mut groups);
        let nv = s.var_cell.len();
        let mut lg: Vec<Vec<u32>> = vec![Vec::new(); 2 * nv];
        for (g, lits) in groups.iter().enumerate() {
            for &l in lits {
                lg[l as usize].push(g as u32);
                s.group_lits.push(l);
            }
            s.group_start.push(s.group_lits.len() as u32);
        }
        for gs in &lg {
            s.lit_group_start.push(s.lit_groups.len() as u32);
            s.lit_groups.extend_from_slice(gs);
        }
        s.lit_group_start.push(s.lit_groups.len() as u32);

        s.watches = vec![Vec::new(); 2 * nv];
        s.assign = vec![UNDEF; nv];
        s.level = vec![0; nv];
        s.reason = vec![Reason::None; nv];
        s.phase = vec![false; nv];
        s.activity = vec![0.0; nv];
        s.seen = vec![false; nv];
        s.heap = VarHeap::new(nv);
        for v in 0..nv {
            s.heap.insert(v, &s.activity);
        }
        // "At least one" clauses; a group of one is a unit fact.
        for lits in groups {
            if !s.add_clause(lits, false) {
                break;
            }
        }
        s.max_learnts = (s.clauses.len() / 3).max(2000);
        s
    }

    /// Box–line segments. For every row or column A and box B that meet in
    /// two or more cells, and every digit d, a variable y says "d lies in
    /// A ∩ B": the group {¬y, x₁ … x_k} (candidates of d there) makes y equal
    /// to their sum, and each line and box gets an exactly-one group over its
    /// segments. Unit propagation then performs locked candidates (pointing
    /// and claiming), which the plain encoding cannot, and learnt clauses can
    /// speak of segments: on the minimal 25×25 puzzles this cuts conflicts
    /// several-fold.
    fn add_segment_groups(&mut self, groups: &mut Vec<Vec<Lit>>) {
        let geo = self.geo.clone();
        let units = geo.units();
        let is_line = |k: UnitKind| matches!(k, UnitKind::Row | UnitKind::Column);
        let n = geo.n();
        // (line, box) -> cells of their intersection.
        let mut segs: Vec<(u32, u32, Vec<u32>)> = Vec::new();
        for (b, ub) in units.iter().enumerate() {
            if ub.kind != UnitKind::Box {
                continue;
            }
            let start = segs.len();
            for &c in &ub.cells {
                for &a in geo.units_of(c as usize) {
                    if !is_line(units[a as usize].kind) {
                        continue;
                    }
                    match segs[start..].iter_mut().find(|s| s.0 == a) {
                        Some(s) => s.2.push(c),
                        None => segs.push((a, b as u32, vec![c])),
                    }
                }
            }
        }
        if segs.iter().all(|s| s.2.len() < 2) {
            return;
        }
        // Per (unit, line kind, digit): the segment literals.
        let key = |u: u32, row: bool, d: usize| ((u as usize * 2 + row as usize) * n) + d;
        let mut parts: Vec<Vec<Lit>> = vec![Vec::new(); units.len() * 2 * n];
        for (a, b, cells) in &segs {
            let row = units[*a as usize].kind == UnitKind::Row;
            for d in 0..n {
                let xs: Vec<Lit> = cells
                    .iter()
                    .filter_map(|&c| {
                        let (first, ds) = &self.cell_vars[c as usize];
                        let i = ds.iter().position(|&x| x as usize == d)?;
                        Some(pos(first + i as u32))
                    })
                    .collect();
                let lit = match xs.len() {
                    0 => continue,
                    1 => xs[0],
                    _ => {
                        let y = self.var_cell.len() as u32;
                        self.var_cell.push(u32::MAX);
                        self.var_digit.push(d as u16);
                        let mut g = vec![neg(y)];
                        g.extend_from_slice(&xs);
                        groups.push(g);
                        pos(y)
                    }
                };
                parts[key(*a, row, d)].push(lit);
                parts[key(*b, row, d)].push(lit);
            }
        }
        for (b, ub) in units.iter().enumerate() {
            let lines = is_line(ub.kind);
            for row in [false, true] {
                if lines && row != (ub.kind == UnitKind::Row) {
                    continue;
                }
                for d in 0..n {
                    let p = std::mem::take(&mut parts[key(b as u32, row, d)]);
                    if p.len() >= 2 {
                        groups.push(p);
                    }
                }
            }
        }
    }

    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Decisions made so far (the CDCL counterpart of guesses).
    pub(crate) fn decisions(&self) -> u64 {
        self.decisions
    }

    #[inline]
    fn value(&self, l: Lit) -> i8 {
        let a = self.assign[var(l)];
        if a == UNDEF {
            UNDEF
        } else {
            a ^ (l & 1) as i8
        }
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    fn enqueue(&mut self, l: Lit, r: Reason) {
        let v = var(l);
        self.assign[v] = (l & 1 == 0) as i8;
        self.level[v] = self.decision_level();
        self.reason[v] = r;
        self.trail.push(l);
    }

    /// Adds a clause at level 0. Returns false when the formula became
    /// unsatisfiable.
    fn add_clause(&mut self, mut lits: Vec<Lit>, learnt: bool) -> bool {
        debug_assert_eq!(self.decision_level(), 0);
        if self.unsat {
            return false;
        }
        lits.sort_unstable();
        lits.dedup();
        if lits.iter().any(|&l| self.value(l) == 1) {
            return true;
        }
        lits.retain(|&l| self.value(l) == UNDEF);
        match lits.len() {
            0 => {
                self.unsat = true;
                false
            }
            1 => {
                self.enqueue(lits[0], Reason::None);
                if self.propagate().is_some() {
                    self.unsat = true;
                    return false;
                }
                true
            }
            _ => {
                self.attach(lits, learnt, 0);
                true
            }
        }
    }

    fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        let (a, b) = (lits[0], lits[1]);
        let clause = Clause {
            lits,
            learnt,
            deleted: false,
            lbd,
            activity: 0.0,
        };
        let ci = match self.free_clauses.pop() {
            Some(ci) => {
                self.clauses[ci as usize] = clause;
                ci
            }
            None => {
                self.clauses.push(clause);
                (self.clauses.len() - 1) as u32
            }
        };
        self.watches[a as usize].push((ci, b));
        self.watches[b as usize].push((ci, a));
        if learnt {
            self.learnts += 1;
        }
        ci
    }

    /// Unit propagation to a fixpoint; the conflict, if any.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            // A true literal: every other literal of its groups is false.
            let (gs, ge) = (
                self.lit_group_start[p as usize] as usize,
                self.lit_group_start[p as usize + 1] as usize,
            );
            for gi in gs..ge {
                let g = self.lit_groups[gi] as usize;
                let (s, e) = (
                    self.group_start[g] as usize,
                    self.group_start[g + 1] as usize,
                );
                for k in s..e {
                    let q = self.group_lits[k];
                    if q == p {
                        continue;
                    }
                    match self.value(q) {
                        1 => return Some(Conflict::Pair(not(p), not(q))),
                        0 => {}
                        _ => self.enqueue(not(q), Reason::Lit(not(p))),
                    }
                }
            }
            if let Some(c) = self.propagate_watches(not(p)) {
                return Some(c);
            }
        }
        None
    }

    /// Visits the clauses watching `false_lit`, which just became false.
    fn propagate_watches(&mut self, false_lit: Lit) -> Option<Conflict> {
        let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut i = 0;
        let mut j = 0;
        let mut conflict = None;
        while i < ws.len() {
            let (ci, blocker) = ws[i];
            i += 1;
            let b = self.assign[var(blocker)];
            if b != UNDEF && (b ^ (blocker & 1) as i8) == 1 {
                ws[j] = (ci, blocker);
                j += 1;
                continue;
            }
            let clause = &mut self.clauses[ci as usize];
            if clause.deleted {
                continue;
            }
            if clause.lits[0] == false_lit {
                clause.lits.swap(0, 1);
            }
            let first = clause.lits[0];
            let a = self.assign[var(first)];
            if a != UNDEF && (a ^ (first & 1) as i8) == 1 {
                ws[j] = (ci, first);
                j += 1;
                continue;
            }
            let mut moved = false;
            for k in 2..clause.lits.len() {
                let l = clause.lits[k];
                let a = self.assign[var(l)];
                if a == UNDEF || (a ^ (l & 1) as i8) == 1 {
                    clause.lits.swap(1, k);
                    self.watches[l as usize].push((ci, first));
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            ws[j] = (ci, first);
            j += 1;
            if a == UNDEF {
                self.enqueue(first, Reason::Clause(ci));
            } else {
                conflict = Some(Conflict::Clause(ci));
                while i < ws.len() {
                    ws[j] = ws[i];
                    i += 1;
                    j += 1;
                }
            }
        }
        ws.truncate(j);
        // Nothing was pushed for `false_lit` meanwhile: a clause never moves
        // its watch onto a false literal.
        self.watches[false_lit as usize] = ws;
        conflict
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.bumped(v, &self.activity);
    }

    fn bump_clause(&mut self, ci: u32) {
        let c = &mut self.clauses[ci as usize];
        if !c.learnt {
            return;
        }
        c.activity += self.clause_inc;
        if c.activity > 1e20 {
            for c in &mut self.clauses {
                c.activity *= 1e-20;
            }
            self.clause_inc *= 1e-20;
        }
    }

    /// The literals of the clause that implied `v` (all false but `v`'s).
    fn reason_lits(&self, r: Reason, out: &mut Vec<Lit>) {
        out.clear();
        match r {
            Reason::None => {}
            Reason::Clause(ci) => out.extend_from_slice(&self.clauses[ci as usize].lits),
            Reason::Lit(l) => out.push(l),
        }
    }

    /// First-UIP analysis. Returns the learnt clause (asserting literal first)
    /// and the level to jump back to.
    fn analyze(&mut self, conflict: Conflict) -> (Vec<Lit>, u32) {
        let mut learnt: Vec<Lit> = vec![0];
        let mut path = 0usize;
        let mut idx = self.trail.len();
        let mut lits = Vec::new();
        match conflict {
            Conflict::Clause(ci) => {
                self.bump_clause(ci);
                lits.extend_from_slice(&self.clauses[ci as usize].lits);
            }
            Conflict::Pair(a, b) => lits.extend_from_slice(&[a, b]),
        }
        let dl = self.decision_level();
        let mut skip = usize::MAX;
        loop {
            for &q in &lits {
                let v = var(q);
                if v == skip || self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                self.bump_var(v);
                if self.level[v] >= dl {
                    path += 1;
                } else {
                    learnt.push(q);
                }
            }
            loop {
                idx -= 1;
                if self.seen[var(self.trail[idx])] {
                    break;
                }
            }
            let p = self.trail[idx];
            let v = var(p);
            self.seen[v] = false;
            path -= 1;
            if path == 0 {
                learnt[0] = not(p);
                break;
            }
            let r = self.reason[v];
            if let Reason::Clause(ci) = r {
                self.bump_clause(ci);
            }
            self.reason_lits(r, &mut lits);
            skip = v;
        }
        // Minimisation: drop literals implied by the others.
        let mut out = Vec::with_capacity(learnt.len());
        out.push(learnt[0]);
        let mut rl = Vec::new();
        for &q in &learnt[1..] {
            let r = self.reason[var(q)];
            let redundant = match r {
                Reason::None => false,
                _ => {
                    self.reason_lits(r, &mut rl);
                    rl.iter().all(|&x| {
                        let w = var(x);
                        w == var(q) || self.seen[w] || self.level[w] == 0
                    })
                }
            };
            if !redundant {
                out.push(q);
            }
        }
        for &q in &learnt[1..] {
            self.seen[var(q)] = false;
        }
        // Backjump level: the highest level among the rest, placed second.
        let mut back = 0;
        if out.len() > 1 {
            let mut best = 1;
            for i in 1..out.len() {
                if self.level[var(out[i])] > self.level[var(out[best])] {
                    best = i;
                }
            }
            out.swap(1, best);
            back = self.level[var(out[1])];
        }
        (out, back)
    }

    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut k = 0;
        for &l in lits {
            let lv = self.level[var(l)] as usize;
            if lv >= self.level_stamp.len() {
                self.level_stamp.resize(lv + 1, 0);
            }
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                k += 1;
            }
        }
        k
    }

    fn backtrack(&mut self, lvl: u32) {
        if self.decision_level() <= lvl {
            return;
        }
        let lim = self.trail_lim[lvl as usize];
        for i in (lim..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = var(l);
            self.phase[v] = l & 1 == 0;
            self.assign[v] = UNDEF;
            self.reason[v] = Reason::None;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(lim);
        self.trail_lim.truncate(lvl as usize);
        self.qhead = lim;
    }

    fn locked(&self, ci: u32) -> bool {
        let c = &self.clauses[ci as usize];
        let v = var(c.lits[0]);
        self.value(c.lits[0]) == 1 && matches!(self.reason[v], Reason::Clause(r) if r == ci)
    }

    /// Removes about half the learnt clauses: the least useful by LBD then
    /// activity; clauses with LBD ≤ 2 ("glue") are kept.
    fn reduce_db(&mut self) {
        let mut cand: Vec<u32> = (0..self.clauses.len() as u32)
            .filter(|&ci| {
                let c = &self.clauses[ci as usize];
                c.learnt && !c.deleted && c.lbd > 2 && !self.locked(ci)
            })
            .collect();
        cand.sort_by(|&a, &b| {
            let (ca, cb) = (&self.clauses[a as usize], &self.clauses[b as usize]);
            cb.lbd
                .cmp(&ca.lbd)
                .then(ca.activity.total_cmp(&cb.activity))
        });
        let remove = cand.len() / 2;
        for &ci in &cand[..remove] {
            let c = &mut self.clauses[ci as usize];
            c.deleted = true;
            c.lits = Vec::new();
            self.learnts -= 1;
        }
        // Purge watch lists, then recycle the slots.
        for ws in &mut self.watches {
            ws.retain(|&(ci, _)| !self.clauses[ci as usize].deleted);
        }
        self.free_clauses.extend_from_slice(&cand[..remove]);
    }

    fn pick_branch(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.assign[v] == UNDEF {
                return Some(if self.phase[v] {
                    pos(v as u32)
                } else {
                    neg(v as u32)
                });
            }
        }
        None
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
        let mut restart_round = 0u64;
        loop {
            let budget = luby(restart_round) * RESTART_UNIT;
            restart_round += 1;
            let mut conflicts_here = 0u64;
            loop {
                if let Some(confl) = self.propagate() {
                    self.conflicts += 1;
                    conflicts_here += 1;
                    if self.decision_level() == 0 {
                        self.unsat = true;
                        return SatResult::Unsat;
                    }
                    let (learnt, back) = self.analyze(confl);
                    self.backtrack(back);
                    if learnt.len() == 1 {
                        self.enqueue(learnt[0], Reason::None);
                    } else {
                        let lbd = self.lbd(&learnt);
                        let first = learnt[0];
                        let ci = self.attach(learnt, true, lbd);
                        self.bump_clause(ci);
                        self.enqueue(first, Reason::Clause(ci));
                    }
                    self.var_inc /= 0.95;
                    self.clause_inc /= 0.999;
                    if self.conflicts % 256 == 0 && self.limits.expired() {
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
                if self.decisions % 8192 == 0 && self.limits.expired() {
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
        for v in 0..self.assign.len() {
            if self.assign[v] == 1 && self.var_cell[v] != u32::MAX {
                out[self.var_cell[v] as usize] = self.var_digit[v] + 1;
            }
        }
        out
    }

    /// Excludes one full solution (cell values) from later models.
    pub(crate) fn block(&mut self, values: &[u16]) {
        self.backtrack(0);
        let mut lits = Vec::new();
        for (c, (first, ds)) in self.cell_vars.iter().enumerate() {
            if *first == u32::MAX {
                continue;
            }
            let d = values[c].wrapping_sub(1);
            if let Some(i) = ds.iter().position(|&x| x == d) {
                lits.push(neg(first + i as u32));
            }
        }
        let _ = &self.geo;
        self.add_clause(lits, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
