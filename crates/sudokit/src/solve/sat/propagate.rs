//! Unit propagation over the exactly-one groups and the watched learnt
//! clauses, and backtracking (which undoes it).

use super::clauses::{F_DELETED, HEADER};
use super::{
    assign_lit, groups_of_lit, lit_value, not, row_range, var, Cdcl, Conflict, Lit, Reason,
    VarInfo, NO_GROUP, UNDEF,
};

/// Unit propagation, with the solver's state split into the slices it
/// touches. Why a separate struct: as locals, the slices' addresses and
/// lengths stay in registers; read through `&mut Cdcl` they are reloaded
/// after every store (the compiler cannot tell the stores do not hit them).
pub(super) struct Propagator<'a> {
    level: u32,
    qhead: usize,
    trail: &'a mut Vec<Lit>,
    vals: &'a mut [i8],
    vars: &'a mut [VarInfo],
    group_count: &'a mut [[u32; 2]],
    group_lits: &'a [Lit],
    group_start: &'a [u32],
    var_groups: &'a [u32],
    groups_per_var: usize,
    watches: &'a mut [Vec<(u32, Lit)>],
    arena: &'a mut [u32],
}

impl<'a> Propagator<'a> {
    #[inline]
    fn value(&self, l: Lit) -> i8 {
        lit_value(self.vals, l)
    }

    #[inline]
    fn enqueue(&mut self, l: Lit, reason: Reason) {
        assign_lit(self.vals, self.vars, self.trail, self.level, l, reason);
    }

    /// The groups `l` is in (none for a negative literal).
    #[inline]
    fn groups_of(&self, l: Lit) -> &'a [u32] {
        groups_of_lit(self.var_groups, self.groups_per_var, l)
    }

    fn run(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            // Its negation leaves the live counts of the groups it is in.
            // All of them are updated, even past a conflict, so that
            // `backtrack` can undo exactly the literals before `qhead`.
            let f = not(p);
            let mut conflict = None;
            for &g in self.groups_of(f) {
                if g == NO_GROUP {
                    break;
                }
                let g = g as usize;
                let gc = &mut self.group_count[g];
                gc[0] -= 1;
                gc[1] ^= f;
                let [live, xor] = *gc;
                match live {
                    0 => conflict = Some(Conflict::Group(g as u32)),
                    1 if self.value(xor) == UNDEF => {
                        self.enqueue(xor, Reason::Group(g as u32));
                    }
                    _ => {}
                }
            }
            if conflict.is_some() {
                return conflict;
            }
            // A true literal: every other literal of its groups is false.
            for &g in self.groups_of(p) {
                if g == NO_GROUP {
                    break;
                }
                let g = g as usize;
                // The live count (which includes `p`) often settles the group
                // without a scan: one means the others are all false already,
                // two means the XOR names the only other one.
                let [live, xor] = self.group_count[g];
                match live {
                    1 => continue,
                    2 => {
                        let q = xor ^ p;
                        match self.value(q) {
                            1 => return Some(Conflict::Pair(not(p), not(q))),
                            0 => {}
                            _ => self.enqueue(not(q), Reason::Lit(not(p))),
                        }
                        continue;
                    }
                    _ => {}
                }
                let group_lits = self.group_lits;
                for &q in &group_lits[row_range(self.group_start, g)] {
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
            // Most false literals (about 70% on 25×25) are watched by no
            // clause: skip taking and restoring their empty list.
            if !self.watches[f as usize].is_empty() {
                if let Some(c) = self.watches_of(f) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// Visits the clauses watching `false_lit`, which just became false.
    fn watches_of(&mut self, false_lit: Lit) -> Option<Conflict> {
        let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut i = 0;
        let mut j = 0;
        let mut conflict = None;
        while i < ws.len() {
            let (ci, blocker) = ws[i];
            i += 1;
            if self.value(blocker) == 1 {
                ws[j] = (ci, blocker);
                j += 1;
                continue;
            }
            let c = ci as usize;
            if self.arena[c + 1] & F_DELETED != 0 {
                continue;
            }
            let len = self.arena[c] as usize;
            let base = c + HEADER;
            if self.arena[base] == false_lit {
                self.arena.swap(base, base + 1);
            }
            let first = self.arena[base];
            let a = self.value(first);
            if a == 1 {
                ws[j] = (ci, first);
                j += 1;
                continue;
            }
            let mut moved = false;
            for k in base + 2..base + len {
                let l = self.arena[k];
                if self.value(l) != 0 {
                    self.arena.swap(base + 1, k);
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
}

impl Cdcl {
    /// Unit propagation to a fixpoint; the conflict, if any.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        let level = self.decision_level();
        let mut prop = Propagator {
            level,
            qhead: self.qhead,
            trail: &mut self.trail,
            vals: &mut self.vals,
            vars: &mut self.vars,
            group_count: &mut self.group_count,
            group_lits: &self.group_lits,
            group_start: &self.group_start,
            var_groups: &self.var_groups,
            groups_per_var: self.groups_per_var,
            watches: &mut self.watches,
            arena: &mut self.arena,
        };
        let conflict = prop.run();
        self.qhead = prop.qhead;
        conflict
    }

    pub(super) fn backtrack(&mut self, lvl: u32) {
        if self.decision_level() <= lvl {
            return;
        }
        let lim = self.trail_lim[lvl as usize];
        // Local slices, for the reason given at [`Propagator`].
        let (var_groups, k) = (&self.var_groups[..], self.groups_per_var);
        let group_count = &mut self.group_count[..];
        let vals = &mut self.vals[..];
        let processed = self.qhead.max(lim);
        // Literals past `qhead` never reached the group counts.
        for &l in self.trail[lim..processed].iter().rev() {
            let f = not(l);
            for &g in groups_of_lit(var_groups, k, f) {
                if g == NO_GROUP {
                    break;
                }
                let gc = &mut group_count[g as usize];
                gc[0] += 1;
                gc[1] ^= f;
            }
        }
        for &l in self.trail[lim..].iter().rev() {
            let v = var(l);
            // `vars` is only read for assigned variables: left stale.
            vals[l as usize] = UNDEF;
            vals[not(l) as usize] = UNDEF;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(lim);
        self.trail_lim.truncate(lvl as usize);
        self.qhead = lim;
    }
}
