//! The encoding: one variable per remaining candidate, the exactly-one
//! groups over them, and the blocking clause that excludes a solution.

use crate::geometry::Geometry;

use super::heap::VarHeap;
use super::{neg, pos, var, Cdcl, Limits, Lit, Reason, VarInfo, NO_GROUP, RESTART_UNIT, UNDEF};

impl Cdcl {
    /// Builds the solver from each cell's candidate digits (0-based; a cell
    /// with a single candidate is fixed), as singles propagation on the
    /// givens leaves them; `None` (propagation failed) gives a solver already
    /// known unsatisfiable. The caller computes the candidates, so this
    /// module needs none of the other solvers.
    pub(crate) fn new(geo: &Geometry, cands: Option<Vec<Vec<u16>>>) -> Self {
        let cells = geo.cell_count();
        let n = geo.n();
        let mut s = Cdcl {
            fixed: vec![0; cells],
            var_cell: Vec::new(),
            var_digit: Vec::new(),
            cell_vars: vec![(u32::MAX, Vec::new()); cells],
            group_lits: Vec::new(),
            group_start: vec![0],
            var_groups: Vec::new(),
            groups_per_var: 0,
            group_count: Vec::new(),
            arena: Vec::new(),
            learnt_list: Vec::new(),
            problem_clauses: 0,
            watches: Vec::new(),
            vals: Vec::new(),
            vars: Vec::new(),
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
            min_clear: Vec::new(),
            conflicts: 0,
            decisions: 0,
            learnts: 0,
            max_learnts: 0,
            limits: Limits::none(),
            shrink_mark: Vec::new(),
            shrink_marked: Vec::new(),
            shrink_reason: Vec::new(),
            shrink_levels: Vec::new(),
            shrink_added: Vec::new(),
            level_first: Vec::new(),
            poison: Vec::new(),
            poisoned: Vec::new(),
            min_frames: Vec::new(),
            analyze_uip: Vec::new(),
            analyze_reason: Vec::new(),
            learnt: Vec::new(),
            restart_unit: RESTART_UNIT,
            stop: None,
            exchange: None,
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
        let nv = s.var_cell.len();
        // Groups of each variable (they hold positive literals only).
        let mut lg: Vec<Vec<u32>> = vec![Vec::new(); nv];
        for (g, lits) in groups.iter().enumerate() {
            for &l in lits {
                lg[var(l)].push(g as u32);
                s.group_lits.push(l);
            }
            s.group_start.push(s.group_lits.len() as u32);
        }
        let k = lg.iter().map(Vec::len).max().unwrap_or(0);
        s.groups_per_var = k;
        s.var_groups = vec![NO_GROUP; nv * k];
        for (v, gs) in lg.iter().enumerate() {
            s.var_groups[v * k..v * k + gs.len()].copy_from_slice(gs);
        }

        s.watches = vec![Vec::new(); 2 * nv];
        s.vals = vec![UNDEF; 2 * nv];
        s.vars = vec![
            VarInfo {
                level: 0,
                pos: 0,
                reason: Reason::None
            };
            nv
        ];
        s.activity = vec![0.0; nv];
        s.seen = vec![false; nv];
        s.shrink_mark = vec![false; nv];
        s.poison = vec![false; nv];
        s.heap = VarHeap::new(nv);
        for v in 0..nv {
            s.heap.insert(v, &s.activity);
        }
        // "At least one" of each group lives in its counters; a group of one
        // is a unit fact.
        for lits in &groups {
            s.group_count
                .push([lits.len() as u32, lits.iter().fold(0, |x, &l| x ^ l)]);
            if let [l] = lits[..] {
                match s.value(l) {
                    0 => {
                        s.unsat = true;
                        return s;
                    }
                    1 => {}
                    _ => s.enqueue(l, Reason::None),
                }
            }
        }
        s.problem_clauses = groups.len();
        s.max_learnts = (s.problem_clauses / 3).max(2000);
        s
    }

    /// Adds a clause over candidates, each literal `(cell, digit, holds)`
    /// (digit 0-based): the constraints of variant puzzles beyond the
    /// units. A literal on a fixed cell or a digit that is no longer a
    /// candidate is already decided and drops out (or satisfies the
    /// clause). False once the clauses are unsatisfiable.
    pub(crate) fn add_rule_clause(&mut self, lits: &[(usize, u16, bool)]) -> bool {
        let mut out = Vec::with_capacity(lits.len());
        for &(c, d, holds) in lits {
            let (first, ds) = &self.cell_vars[c];
            let is = if *first == u32::MAX {
                self.fixed[c] == d + 1
            } else if let Some(i) = ds.iter().position(|&x| x == d) {
                let v = first + i as u32;
                out.push(if holds { pos(v) } else { neg(v) });
                continue;
            } else {
                false
            };
            if is == holds {
                return !self.unsat;
            }
        }
        self.backtrack(0);
        self.add_clause(out, None)
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
        self.add_clause(lits, None);
    }
}
