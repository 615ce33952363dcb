//! The clause database: the flat arena, adding clauses, clause activity and
//! LBD, and the periodic reduction of the learnt clauses.

use super::{not, var, Cdcl, Lit, Reason, UNDEF};

/// Clauses live in one flat arena of `u32`: a header of [`HEADER`] words
/// (length; flags and LBD; activity as `f32` bits) followed by the literals.
/// A clause is named by the index of its header. One allocation instead of a
/// `Vec` per clause: visiting a watched clause touches one cache line instead
/// of two scattered ones, and propagation is most of the running time.
pub(super) const HEADER: usize = 3;
pub(super) const F_LEARNT: u32 = 1;
pub(super) const F_DELETED: u32 = 2;
/// Took part in a conflict analysis since the last database reduction.
pub(super) const F_USED: u32 = 4;
pub(super) const LBD_SHIFT: u32 = 3;

impl Cdcl {
    /// Adds a clause at level 0. Returns false when the formula became
    /// unsatisfiable.
    /// Adds a clause at decision level 0: a problem clause (`lbd` = `None`)
    /// or a learnt one received from a partner.
    pub(super) fn add_clause(&mut self, mut lits: Vec<Lit>, lbd: Option<u32>) -> bool {
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
                self.attach(&lits, lbd.is_some(), lbd.unwrap_or(0));
                true
            }
        }
    }

    pub(super) fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let (a, b) = (lits[0], lits[1]);
        let ci = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena
            .push((u32::from(learnt) * F_LEARNT) | (lbd.min(1 << 20) << LBD_SHIFT));
        self.arena.push(0f32.to_bits());
        self.arena.extend_from_slice(lits);
        self.watches[a as usize].push((ci, b));
        self.watches[b as usize].push((ci, a));
        if learnt {
            self.learnts += 1;
            self.learnt_list.push(ci);
        } else {
            self.problem_clauses += 1;
        }
        ci
    }

    #[inline]
    pub(super) fn clause_lits(&self, ci: u32) -> &[Lit] {
        let c = ci as usize;
        let len = self.arena[c] as usize;
        &self.arena[c + HEADER..c + HEADER + len]
    }

    #[inline]
    pub(super) fn clause_flags(&self, ci: u32) -> u32 {
        self.arena[ci as usize + 1]
    }

    #[inline]
    pub(super) fn clause_lbd(&self, ci: u32) -> u32 {
        self.clause_flags(ci) >> LBD_SHIFT
    }

    #[inline]
    pub(super) fn clause_activity(&self, ci: u32) -> f32 {
        f32::from_bits(self.arena[ci as usize + 2])
    }

    pub(super) fn bump_clause(&mut self, ci: u32) {
        let c = ci as usize;
        let flags = self.arena[c + 1];
        if flags & F_LEARNT == 0 {
            return;
        }
        let mut lbd = flags >> LBD_SHIFT;
        if lbd > 2 {
            // Dynamic LBD (glucose): a clause that now spans fewer decision
            // levels than when it was learnt is worth more.
            let l = self.clause_lbd_now(ci);
            if l + 1 < lbd {
                lbd = l;
            }
        }
        self.arena[c + 1] = (flags & ((1 << LBD_SHIFT) - 1)) | F_USED | (lbd << LBD_SHIFT);
        let act = self.clause_activity(ci) + self.clause_inc;
        self.arena[c + 2] = act.to_bits();
        if act > 1e20 {
            for &l in &self.learnt_list {
                let k = l as usize + 2;
                self.arena[k] = (f32::from_bits(self.arena[k]) * 1e-20).to_bits();
            }
            self.clause_inc *= 1e-20;
        }
    }

    pub(super) fn locked(&self, ci: u32) -> bool {
        let first = self.clause_lits(ci)[0];
        self.value(first) == 1
            && matches!(self.vars[var(first)].reason, Reason::Clause(r) if r == ci)
    }

    /// Removes about half the learnt clauses: the least useful by LBD then
    /// activity; clauses with LBD ≤ 2 ("glue") are kept, and so are those
    /// with LBD ≤ 6 used since the last reduction. Then compacts the arena.
    pub(super) fn reduce_db(&mut self) {
        let mut cand: Vec<u32> = Vec::new();
        for i in 0..self.learnt_list.len() {
            let ci = self.learnt_list[i];
            let flags = self.clause_flags(ci);
            let lbd = flags >> LBD_SHIFT;
            self.arena[ci as usize + 1] = flags & !F_USED;
            if lbd <= 2 || (lbd <= 6 && flags & F_USED != 0) || self.locked(ci) {
                continue;
            }
            cand.push(ci);
        }
        cand.sort_by(|&a, &b| {
            self.clause_lbd(b)
                .cmp(&self.clause_lbd(a))
                .then(self.clause_activity(a).total_cmp(&self.clause_activity(b)))
        });
        let remove = cand.len() / 2;
        for &ci in &cand[..remove] {
            self.arena[ci as usize + 1] |= F_DELETED;
            self.learnts -= 1;
        }
        self.collect_garbage();
    }

    /// Copies the live clauses into a fresh arena and renames every
    /// reference (watches, reasons, the learnt list); drops deleted clauses.
    ///
    /// The new order follows the watch lists (as CaDiCaL does): first the
    /// clauses watched by the literals now false, in trail order, then the
    /// rest by literal. Propagation visits the watch lists of false
    /// literals in trail order, so after a restart it mostly walks the arena
    /// forwards instead of jumping around it (visiting a clause is the
    /// usual cache miss of the search). Same search (same conflicts), a
    /// little faster where the clause database is large.
    pub(super) fn collect_garbage(&mut self) {
        let old = std::mem::take(&mut self.arena);
        let mut new = Vec::with_capacity(old.len());
        // Old header index -> new one (MAX: not copied yet, or deleted).
        let mut forward: Vec<u32> = vec![u32::MAX; old.len()];
        let trail_false = self.trail.iter().map(|&l| not(l));
        let all = (0..self.watches.len() as u32).filter(|&l| self.value(l) != 0);
        for lit in trail_false.chain(all) {
            for &(ci, _) in &self.watches[lit as usize] {
                let c = ci as usize;
                if forward[c] != u32::MAX || old[c + 1] & F_DELETED != 0 {
                    continue;
                }
                forward[c] = new.len() as u32;
                new.extend_from_slice(&old[c..c + HEADER + old[c] as usize]);
            }
        }
        let map = |ci: u32| forward[ci as usize];
        for ws in &mut self.watches {
            ws.retain_mut(|w| {
                w.0 = map(w.0);
                w.0 != u32::MAX
            });
        }
        for &l in &self.trail {
            if let Reason::Clause(ci) = &mut self.vars[var(l)].reason {
                *ci = map(*ci);
            }
        }
        self.learnt_list.retain_mut(|ci| {
            *ci = map(*ci);
            *ci != u32::MAX
        });
        self.arena = new;
    }
}
