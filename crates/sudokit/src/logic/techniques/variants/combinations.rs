//! Constraint combinations: every filling of one constraint's empty cells
//! from their candidates that keeps its rule and puts different digits in
//! cells sharing a row, column or box. A candidate in no filling goes.
//!
//! The per-constraint steps before it run the rule's propagator alone,
//! which reasons on bounds and ignores the units between its cells (an
//! arrow whose two cells share a row cannot be 1 + 1); enumerating is what a
//! solver does with a short line or cage on paper, and the fillings are
//! printed when few, so the step can be checked.

use super::super::{elim_text, Cand, Candidates, Step, Technique};
use super::{masks, rule};
use crate::constraints::model::Model;
use crate::logic::candidates::bits;

/// Open cells at most, and search nodes at most, per constraint: past them
/// the constraint is skipped (a whole-row X-sum with nine open cells is a
/// search, not a step, and its propagator already reads the row exactly).
const MAX_OPEN: usize = 6;
const MAX_NODES: usize = 2_000;

/// Fillings listed in the sentence at most.
const LISTED: usize = 4;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let rules = c.rules()?;
    let n = c.ctx.n;
    let start = masks(c);
    for (k, con) in rules.constraints.iter().enumerate() {
        if c.out_of_time() {
            return None;
        }
        let cells = con.cells(n);
        let open: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&x| c.values()[x] == 0)
            .collect();
        if cells.len() < 2 || open.is_empty() || open.len() > MAX_OPEN {
            continue;
        }
        let mut walk = Walk {
            c,
            open: &open,
            model: &rules.each[k],
            values: c.values().to_vec(),
            seen: vec![0; open.len()],
            count: 0,
            shown: Vec::new(),
            nodes: 0,
            ok: &|v: &[u16]| con.satisfied(v, n, &rules.constraints),
        };
        if !walk.fill(0, &start) {
            continue;
        }
        let mut elims = Vec::new();
        for (i, &x) in open.iter().enumerate() {
            for d in bits(c.mask(x) & !walk.seen[i]) {
                elims.push(Cand::new(x, d as u16 + 1));
            }
        }
        // No filling at all means the position is broken: not a step.
        if elims.is_empty() || walk.count == 0 {
            continue;
        }
        let mut s = Step::new(Technique::ConstraintCombination);
        s.cells = cells.iter().map(|&x| x as u32).collect();
        if c.texts() {
            let names: Vec<String> = open.iter().map(|&x| c.cn(x)).collect();
            let count = walk.count;
            let listed = if count <= LISTED {
                let each: Vec<String> = walk
                    .shown
                    .iter()
                    .map(|f| {
                        f.iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join("-")
                    })
                    .collect();
                format!(": {}", each.join(", "))
            } else {
                String::new()
            };
            let fillings = if count == 1 { "filling" } else { "fillings" };
            s.explanation = format!(
                "{}; with no digit twice in a row, column or box, {} ({}) {} {count} {fillings}{listed}: removes {}",
                rule(c, con),
                if open.len() == 1 { "its open cell" } else { "its open cells" },
                names.join(", "),
                if count == 1 { "has" } else { "have" },
                elim_text(c, &elims)
            );
        }
        s.eliminations = elims;
        return Some(s);
    }
    None
}

struct Walk<'a> {
    c: &'a Candidates,
    open: &'a [usize],
    /// The constraint's own propagators: they prune part-fillings (a
    /// wipe-out is certain) before the rule is checked on a whole one.
    model: &'a Model,
    /// The grid's digits with the filling so far.
    values: Vec<u16>,
    /// Per open cell, the digits some filling puts there.
    seen: Vec<u64>,
    /// Fillings found, and the first [`LISTED`] of them.
    count: usize,
    shown: Vec<Vec<u16>>,
    nodes: usize,
    ok: &'a dyn Fn(&[u16]) -> bool,
}

impl Walk<'_> {
    /// Fills open cells from `i` on, from candidate masks `m` (narrowed
    /// by the filling so far); false when the node budget ran out.
    fn fill(&mut self, i: usize, m: &[u64]) -> bool {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return false;
        }
        if i == self.open.len() {
            if !(self.ok)(&self.values) {
                return true;
            }
            for (s, &x) in self.seen.iter_mut().zip(self.open) {
                *s |= 1 << (self.values[x] - 1);
            }
            self.count += 1;
            if self.shown.len() < LISTED {
                self.shown
                    .push(self.open.iter().map(|&x| self.values[x]).collect());
            }
            return true;
        }
        let x = self.open[i];
        for d in bits(m[x]) {
            let d = d as u16 + 1;
            let clash = self.open[..i]
                .iter()
                .any(|&y| self.values[y] == d && self.c.ctx.sees(x, y));
            if clash {
                continue;
            }
            let mut next = m.to_vec();
            next[x] = 1 << (d - 1);
            if self.model.fixpoint(&mut next).is_err() {
                continue;
            }
            self.values[x] = d;
            let within = self.fill(i + 1, &next);
            self.values[x] = 0;
            if !within {
                return false;
            }
        }
        true
    }
}
