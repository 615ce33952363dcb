//! Conflict analysis: first-UIP learning, recursive minimisation and
//! shrinking, and the LBD of clauses.

use super::clauses::HEADER;
use super::{not, var, Cdcl, Conflict, Lit, Reason, VarInfo};

/// How many distinct decision levels the literals span (their LBD),
/// counted with a fresh `stamp` in `level_stamp`.
pub(super) fn count_levels(
    vars: &[VarInfo],
    level_stamp: &mut Vec<u64>,
    stamp: u64,
    lits: &[Lit],
) -> u32 {
    let mut k = 0;
    for &l in lits {
        let lv = vars[var(l)].level as usize;
        if lv >= level_stamp.len() {
            level_stamp.resize(lv + 1, 0);
        }
        if level_stamp[lv] != stamp {
            level_stamp[lv] = stamp;
            k += 1;
        }
    }
    k
}

#[inline]
pub(super) fn abstract_level(level: u32) -> u32 {
    1 << (level & 31)
}

impl Cdcl {
    /// The literals of the clause that implied `v` (all false but `v`'s).
    pub(super) fn reason_lits(&self, r: Reason, out: &mut Vec<Lit>) {
        out.clear();
        match r {
            Reason::None => {}
            Reason::Clause(ci) => out.extend_from_slice(self.clause_lits(ci)),
            Reason::Lit(l) => out.push(l),
            Reason::Group(g) => out.extend_from_slice(self.group(g)),
        }
    }

    /// First-UIP analysis. Leaves the learnt clause (asserting literal
    /// first) in `self.learnt` and returns the level to jump back to.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> u32 {
        let mut learnt = std::mem::take(&mut self.analyze_uip);
        learnt.clear();
        learnt.push(0);
        let mut path = 0usize;
        let mut idx = self.trail.len();
        let mut lits = std::mem::take(&mut self.analyze_reason);
        lits.clear();
        match conflict {
            Conflict::Clause(ci) => {
                self.bump_clause(ci);
                lits.extend_from_slice(self.clause_lits(ci));
            }
            Conflict::Pair(a, b) => lits.extend_from_slice(&[a, b]),
            Conflict::Group(g) => lits.extend_from_slice(self.group(g)),
        }
        let dl = self.decision_level();
        let mut skip = usize::MAX;
        loop {
            for &q in &lits {
                let v = var(q);
                if v == skip || self.seen[v] || self.vars[v].level == 0 {
                    continue;
                }
                self.seen[v] = true;
                self.bump_var(v);
                if self.vars[v].level >= dl {
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
            let r = self.vars[v].reason;
            if let Reason::Clause(ci) = r {
                self.bump_clause(ci);
            }
            self.reason_lits(r, &mut lits);
            skip = v;
        }
        self.analyze_reason = lits;
        // Recursive minimisation (MiniSat): drop every literal implied by the
        // others through a chain of reasons that stays within their levels.
        let mut levels = 0u32;
        if self.level_first.len() <= dl as usize {
            self.level_first.resize(dl as usize + 1, u32::MAX);
        }
        for &q in &learnt[1..] {
            let info = self.vars[var(q)];
            levels |= abstract_level(info.level);
            let first = &mut self.level_first[info.level as usize];
            *first = (*first).min(info.pos);
        }
        let mut out = std::mem::take(&mut self.learnt);
        out.clear();
        out.push(learnt[0]);
        let mut clear = std::mem::take(&mut self.min_clear);
        clear.clear();
        for &q in &learnt[1..] {
            let redundant = !matches!(self.vars[var(q)].reason, Reason::None)
                && self.redundant(q, levels, &mut clear);
            if !redundant {
                out.push(q);
            }
        }
        for &q in &learnt[1..] {
            self.level_first[self.vars[var(q)].level as usize] = u32::MAX;
        }
        for &v in &self.poisoned {
            self.poison[v] = false;
        }
        self.poisoned.clear();
        self.shrink(&mut out, &mut clear);
        for &q in &learnt[1..] {
            self.seen[var(q)] = false;
        }
        self.analyze_uip = learnt;
        for &v in &clear {
            self.seen[v] = false;
        }
        self.min_clear = clear;
        // Backjump level: the highest level among the rest, placed second.
        let mut back = 0;
        if out.len() > 1 {
            let mut best = 1;
            for i in 1..out.len() {
                if self.vars[var(out[i])].level > self.vars[var(out[best])].level {
                    best = i;
                }
            }
            out.swap(1, best);
            back = self.vars[var(out[1])].level;
        }
        self.learnt = out;
        back
    }

    /// Shrinking, after Feng and Bacchus's all-UIP learning: from the
    /// highest lower level down, the clause's literals of one level are
    /// replaced by that level's own UIP, taking in the lower-level literals
    /// its derivation needs, when that makes the clause shorter (those are
    /// then shrunk in turn at their own levels). In the sudoku encoding a
    /// conflict touches many candidates that one placement struck out;
    /// without this, half the learnt clauses on 25×25 have over 60 literals.
    pub(super) fn shrink(&mut self, out: &mut Vec<Lit>, clear: &mut Vec<usize>) {
        if out.len() <= 2 {
            return;
        }
        let mut by_level = std::mem::take(&mut self.shrink_levels);
        let top = out[1..]
            .iter()
            .map(|&l| self.vars[var(l)].level)
            .max()
            .unwrap_or(0) as usize;
        if by_level.len() <= top {
            by_level.resize_with(top + 1, Vec::new);
        }
        for &l in &out[1..] {
            by_level[self.vars[var(l)].level as usize].push(l);
        }
        for lv in (1..=top).rev() {
            if by_level[lv].len() < 2 {
                continue;
            }
            let mut added = std::mem::take(&mut self.shrink_added);
            added.clear();
            if let Some(u) = self.level_uip(&by_level[lv], lv as u32, clear, &mut added) {
                by_level[lv].clear();
                by_level[lv].push(not(u));
                for &x in &added {
                    by_level[self.vars[var(x)].level as usize].push(x);
                }
            }
            self.shrink_added = added;
        }
        out.truncate(1);
        for lits in by_level.iter_mut().take(top + 1) {
            out.append(lits);
        }
        self.shrink_levels = by_level;
    }

    /// The UIP of level `lv` for the clause literals `lits` (all at `lv`),
    /// walking the level's trail backwards and resolving on marked literals
    /// until one is left; the lower-level literals the walk took in go to
    /// `added`. `None` when those would be as many as `lits`. Taken-in
    /// variables are marked `seen` (and listed in `clear`) on success.
    pub(super) fn level_uip(
        &mut self,
        lits: &[Lit],
        lv: u32,
        clear: &mut Vec<usize>,
        added: &mut Vec<Lit>,
    ) -> Option<Lit> {
        let mut marked = std::mem::take(&mut self.shrink_marked);
        marked.clear();
        let mut open = 0usize;
        let mut idx = 0usize;
        for &l in lits {
            let v = var(l);
            self.shrink_mark[v] = true;
            marked.push(v);
            open += 1;
            idx = idx.max(self.vars[v].pos as usize + 1);
        }
        let mut reason = std::mem::take(&mut self.shrink_reason);
        let mut result = None;
        'walk: while idx > 0 {
            idx -= 1;
            let t = self.trail[idx];
            let v = var(t);
            if !self.shrink_mark[v] {
                continue;
            }
            open -= 1;
            if open == 0 {
                result = Some(t);
                break;
            }
            let r = self.vars[v].reason;
            if matches!(r, Reason::None) {
                break;
            }
            self.reason_lits(r, &mut reason);
            for &x in &reason {
                let w = var(x);
                if w == v || self.vars[w].level == 0 || self.shrink_mark[w] || self.seen[w] {
                    continue;
                }
                let lw = self.vars[w].level;
                if lw == lv {
                    self.shrink_mark[w] = true;
                    marked.push(w);
                    open += 1;
                } else if added.len() + 2 >= lits.len() {
                    break 'walk;
                } else {
                    self.seen[w] = true;
                    added.push(x);
                }
            }
        }
        for &v in &marked {
            self.shrink_mark[v] = false;
        }
        self.shrink_marked = marked;
        self.shrink_reason = reason;
        match result {
            Some(u) => {
                clear.extend(added.iter().map(|&x| var(x)));
                Some(u)
            }
            None => {
                for &x in added.iter() {
                    self.seen[var(x)] = false;
                }
                None
            }
        }
    }

    /// Whether `p` (false, in the learnt clause) is implied by literals that
    /// are already marked `seen`: a depth-first walk over reasons that gives
    /// up at a decision, at a level no clause literal has, or at a literal
    /// assigned before every clause literal of its level (its chain of
    /// reasons within the level runs back to the level's decision without
    /// meeting one). On success the variables the walk went through are
    /// implied too: they are marked `seen` and recorded in `clear`. On
    /// failure the variables on the walk's current path are *poisoned* for
    /// the rest of this minimisation: none of them can follow from the
    /// clause (their failing descendant never will, as `seen` only grows by
    /// implied variables), so later walks stop there instead of exploring
    /// the same dead end again. The same clauses as MiniSat's walk (which
    /// forgets its failures), for fewer instructions.
    pub(super) fn redundant(&mut self, p: Lit, levels: u32, clear: &mut Vec<usize>) -> bool {
        let mut frames = std::mem::take(&mut self.min_frames);
        frames.clear();
        frames.push((var(p) as u32, 0));
        let top = clear.len();
        let mut ok = true;
        'walk: while let Some(&(v, k)) = frames.last() {
            let v = v as usize;
            let (in_group, start, len, single) = match self.vars[v].reason {
                Reason::None => (false, 0, 0, None),
                Reason::Clause(ci) => (
                    false,
                    ci as usize + HEADER,
                    self.arena[ci as usize] as usize,
                    None,
                ),
                Reason::Lit(l) => (false, 0, 1, Some(l)),
                Reason::Group(g) => {
                    let s = self.group_start[g as usize] as usize;
                    (true, s, self.group_start[g as usize + 1] as usize - s, None)
                }
            };
            let mut k = k as usize;
            while k < len {
                let x = match single {
                    Some(l) => l,
                    None if in_group => self.group_lits[start + k],
                    None => self.arena[start + k],
                };
                k += 1;
                let w = var(x);
                let info = self.vars[w];
                if w == v || self.seen[w] || info.level == 0 {
                    continue;
                }
                if self.poison[w]
                    || matches!(info.reason, Reason::None)
                    || abstract_level(info.level) & levels == 0
                    || info.pos < self.level_first[info.level as usize]
                {
                    for &(f, _) in &frames[1..] {
                        if !self.poison[f as usize] {
                            self.poison[f as usize] = true;
                            self.poisoned.push(f as usize);
                        }
                    }
                    for &u in &clear[top..] {
                        self.seen[u] = false;
                    }
                    clear.truncate(top);
                    ok = false;
                    break 'walk;
                }
                // Descend into `w`, coming back to `v` at the next literal.
                frames.last_mut().expect("non-empty").1 = k as u32;
                frames.push((w as u32, 0));
                continue 'walk;
            }
            // Every reason literal of `v` is implied: so is `v`.
            frames.pop();
            if !frames.is_empty() {
                self.seen[v] = true;
                clear.push(v);
            }
        }
        self.min_frames = frames;
        ok
    }

    /// The LBD of a stored clause at the current assignment.
    pub(super) fn clause_lbd_now(&mut self, ci: u32) -> u32 {
        self.stamp += 1;
        let c = ci as usize;
        let lits = &self.arena[c + HEADER..c + HEADER + self.arena[c] as usize];
        count_levels(&self.vars, &mut self.level_stamp, self.stamp, lits)
    }

    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        count_levels(&self.vars, &mut self.level_stamp, self.stamp, lits)
    }
}
