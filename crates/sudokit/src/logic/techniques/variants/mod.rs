//! Steps on constraints beyond units (cages, lines, dots, board-wide rules).
//!
//! Each finder explains one constraint at a time: it runs that constraint's
//! propagator alone (the same code the search uses, so every elimination
//! is one the rule forces) on the current candidates, and reports what it
//! removes with a sentence naming the rule. Pair rules (dots, knight and
//! king moves, neighbours) are explained from one cell at a time: the
//! digits that cell still allows its partners.

pub(crate) mod cage;
pub(crate) mod combinations;
pub(crate) mod dots;
pub(crate) mod forcing;
pub(crate) mod lines;
pub(crate) mod neighbours;
mod net;
pub(crate) mod parity;
pub(crate) mod pointing;
pub(crate) mod rule_of_45;
pub(crate) mod sums;

use crate::constraints::mask::support;
use crate::constraints::Constraint;
use crate::logic::rules::Rules;

use super::{elim_text, Cand, Candidates, Step, Technique};

/// Candidate masks with placed digits as single bits: the propagators' form.
pub(crate) fn masks(c: &Candidates) -> Vec<u64> {
    (0..c.cell_count())
        .map(|x| match c.values()[x] {
            0 => c.mask(x),
            v => 1 << (v - 1),
        })
        .collect()
}

/// The candidates of empty cells that are in `before` and not in `after`.
fn removed(c: &Candidates, before: &[u64], after: &[u64]) -> Vec<Cand> {
    let mut out = Vec::new();
    for x in 0..before.len() {
        if c.values()[x] != 0 {
            continue;
        }
        for d in crate::logic::candidates::bits(before[x] & !after[x]) {
            out.push(Cand::new(x, d as u16 + 1));
        }
    }
    out
}

/// The first constraint chosen by `pick` whose propagator, run alone to a
/// fixpoint, removes candidates: a step of `technique` explained by
/// `rule` (the rule in words, without the eliminations).
pub(crate) fn per_constraint(
    c: &Candidates,
    technique: Technique,
    pick: fn(&Constraint) -> bool,
    rule: &dyn Fn(&Candidates, &Constraint) -> String,
) -> Option<Step> {
    let rules = c.rules()?;
    let before = masks(c);
    for (k, con) in rules.constraints.iter().enumerate() {
        if !pick(con) || c.out_of_time() {
            continue;
        }
        let mut after = before.clone();
        // A wipe-out means the position has no solution: no step.
        if rules.each[k].fixpoint(&mut after).is_err() {
            continue;
        }
        let elims = removed(c, &before, &after);
        if elims.is_empty() {
            continue;
        }
        let n = c.ctx.n;
        let mut s = Step::new(technique);
        s.cells = con.cells(n).iter().map(|&x| x as u32).collect();
        explain!(c, s, "{}: removes {}", rule(c, con), elim_text(c, &elims));
        s.eliminations = elims;
        return Some(s);
    }
    None
}

/// For the pair rules chosen by `pick`: the first cell whose candidates
/// (or digit) leave some partner digits without support. `rule` words the
/// relation for that cell, e.g. `a knight's move away`.
pub(crate) fn per_cell_pairs(
    c: &Candidates,
    technique: Technique,
    pick: fn(&Constraint) -> bool,
    rule: &dyn Fn(&Constraint) -> String,
) -> Option<Step> {
    let rules = c.rules()?;
    let m = masks(c);
    let partners = pair_partners(rules, m.len(), pick);
    for x in 0..m.len() {
        if c.out_of_time() {
            return None;
        }
        // One constraint at a time, so the sentence names the rule that
        // makes every elimination of the step (a cell may sit on a white
        // dot and a black one, or on an X and next to unmarked pairs).
        let mut ks: Vec<usize> = partners[x].iter().map(|&(_, _, k)| k).collect();
        ks.sort_unstable();
        ks.dedup();
        for k in ks {
            let mut elims = Vec::new();
            let mut cells = vec![x as u32];
            for &(y, t, _) in partners[x].iter().filter(|p| p.2 == k) {
                if c.values()[y] != 0 {
                    continue;
                }
                let gone = c.mask(y) & !support(m[x], t);
                if gone != 0 {
                    cells.push(y as u32);
                    for d in crate::logic::candidates::bits(gone) {
                        elims.push(Cand::new(y, d as u16 + 1));
                    }
                }
            }
            if elims.is_empty() {
                continue;
            }
            elims.sort();
            elims.dedup();
            cells.sort();
            cells.dedup();
            let rule = rule(&rules.constraints[k]);
            let own = match c.values()[x] {
                // Every digit is still open: the rule alone does it.
                0 if m[x] == crate::bits::full_mask(c.ctx.n) => {
                    format!("{rule}, whatever {} holds", c.cn(x))
                }
                0 => format!(
                    "{} can only be {}, and {rule}",
                    c.cn(x),
                    super::digits_text(m[x])
                ),
                v => format!("{} = {v}, and {rule}", c.cn(x)),
            };
            let mut s = Step::new(technique);
            s.candidates = crate::logic::candidates::bits(c.mask(x))
                .map(|d| Cand::new(x, d as u16 + 1))
                .collect();
            s.cells = cells;
            explain!(c, s, "{own}: removes {}", elim_text(c, &elims));
            s.eliminations = elims;
            return Some(s);
        }
    }
    None
}

/// Per cell, its partners under the pair rules of the constraints `pick`
/// chooses: (partner, relation table, constraint index), both ways.
pub(crate) fn pair_partners(
    rules: &Rules,
    cells: usize,
    pick: fn(&Constraint) -> bool,
) -> Vec<Vec<(usize, &[u64], usize)>> {
    let mut partners: Vec<Vec<(usize, &[u64], usize)>> = vec![Vec::new(); cells];
    for (k, con) in rules.constraints.iter().enumerate() {
        if !pick(con) {
            continue;
        }
        for (a, b, t) in rules.each[k].pairs() {
            partners[a].push((b, t, k));
            partners[b].push((a, t, k));
        }
    }
    partners
}

/// The rule of `k` in words, from its family's file.
pub(crate) fn rule(c: &Candidates, k: &Constraint) -> String {
    k.family()
        .rule_text(k, c.ctx.n, &|cells| cells_text(c, cells))
}

/// The rule of pair constraint `k` in words (pair rules name no cells).
pub(crate) fn pair_rule(k: &Constraint) -> String {
    k.family().rule_text(k, 0, &|_| String::new())
}

/// `r1c1, r1c2 and r1c3` for a constraint's cells.
pub(crate) fn cells_text(c: &Candidates, cells: &[usize]) -> String {
    let cells: Vec<u32> = cells.iter().map(|&x| x as u32).collect();
    super::list_and(c, &cells)
}

/// A solution under the units and every constraint that agrees with the
/// candidates (for the brute-force step), within the grid's limits.
pub(crate) fn solution(c: &Candidates, rules: &Rules) -> Option<Vec<u16>> {
    let mut search = crate::constraints::search::ConstraintSearch::new(
        c.geometry().clone(),
        rules.all.clone(),
        masks(c),
        c.limits().clone(),
    );
    search.advance().then(|| search.solution_values()).flatten()
}
