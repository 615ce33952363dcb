//! Constraint pointing: wherever a digit goes in a unit (or whichever digit
//! a cell takes), it rules a candidate out, by a unit or by a pair rule
//! (anti-knight, non-consecutive, a dot…) in one step; so the candidate goes.
//! The locked-candidates idea with the puzzle's pair rules added, and a
//! forcing chain of one link per branch: every branch is written out with
//! the rule that makes its link, so a reader can check it on the board.

use super::super::{Cand, Candidates, Step, Technique};
use super::rule;
use crate::constraints::mask::support;
use crate::logic::candidates::bits;

/// Branches at most: more would not read as one step.
const MAX_BRANCHES: usize = 3;

/// What one branch removes from a cell: digits by a shared unit, digits by
/// a pair rule, and that rule's constraint index.
#[derive(Clone, Copy, Default)]
struct Reach {
    by_unit: u64,
    by_rule: u64,
    rule: usize,
}

impl Reach {
    fn all(self) -> u64 {
        self.by_unit | self.by_rule
    }
}

/// Per cell: (partner, relation table, constraint index), every pair rule.
type Pairs<'a> = [Vec<(usize, &'a [u64], usize)>];

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let rules = c.rules()?;
    let pairs = super::pair_partners(rules, c.cell_count(), |_| true);
    if pairs.iter().all(Vec::is_empty) {
        return None;
    }
    let n = c.ctx.n;
    // Digits in units first (the more familiar form), then cells.
    for u in 0..c.geometry().units().len() {
        for d in 1..=n as u16 {
            if c.out_of_time() {
                return None;
            }
            let places = c.places(u, d);
            if !(2..=MAX_BRANCHES).contains(&places.len()) {
                continue;
            }
            let branches: Vec<(usize, u16)> = places.iter().map(|&x| (x as usize, d)).collect();
            let what = || {
                let cells: Vec<String> = places.iter().map(|&x| c.cn(x as usize)).collect();
                format!("{d} in {} goes in {}", c.un(u), or_list(&cells))
            };
            if let Some(s) = step(c, &pairs, &branches, &what) {
                return Some(s);
            }
        }
    }
    for x in 0..c.cell_count() {
        let m = c.mask(x);
        if c.values()[x] != 0 || !(2..=MAX_BRANCHES as u32).contains(&m.count_ones()) {
            continue;
        }
        let branches: Vec<(usize, u16)> = bits(m).map(|d| (x, d as u16 + 1)).collect();
        let what = || {
            let digits: Vec<String> = branches.iter().map(|&(_, d)| d.to_string()).collect();
            format!("{} is {}", c.cn(x), or_list(&digits))
        };
        if let Some(s) = step(c, &pairs, &branches, &what) {
            return Some(s);
        }
    }
    None
}

/// What `from` = `digit` removes in one link, per cell.
fn reach(c: &Candidates, pairs: &Pairs, from: usize, digit: u16) -> Vec<Reach> {
    let bit = 1u64 << (digit - 1);
    let mut out = vec![Reach::default(); c.cell_count()];
    for (y, r) in out.iter_mut().enumerate() {
        if y != from && c.values()[y] == 0 && c.mask(y) & bit != 0 && c.ctx.sees(from, y) {
            r.by_unit = bit;
        }
    }
    for &(y, t, k) in &pairs[from] {
        if c.values()[y] != 0 {
            continue;
        }
        let gone = c.mask(y) & !support(bit, t) & !out[y].all();
        // One rule per cell and branch: a cell two rules reach keeps the
        // first one's digits (a later rule's extra digits wait).
        if gone != 0 && out[y].by_rule == 0 {
            out[y].by_rule = gone;
            out[y].rule = k;
        }
    }
    out
}

/// The step when every branch removes the same candidates and at least one
/// link is a pair rule (unit links alone are locked candidates, found
/// earlier). `what` words the branches; it runs only for a step written
/// out.
fn step(
    c: &Candidates,
    pairs: &Pairs,
    branches: &[(usize, u16)],
    what: &dyn Fn() -> String,
) -> Option<Step> {
    let reaches: Vec<_> = branches
        .iter()
        .map(|&(x, d)| reach(c, pairs, x, d))
        .collect();
    let mut elims = Vec::new();
    for y in 0..c.cell_count() {
        if branches.iter().any(|&(x, _)| x == y) {
            continue;
        }
        let common = reaches.iter().fold(u64::MAX, |m, r| m & r[y].all());
        for e in bits(common) {
            elims.push(Cand::new(y, e as u16 + 1));
        }
    }
    let by_rule = |e: &Cand| {
        reaches
            .iter()
            .any(|r| r[e.cell as usize].by_rule >> (e.digit - 1) & 1 == 1)
    };
    if !elims.iter().any(by_rule) {
        return None;
    }
    let mut s = Step::new(Technique::ConstraintPointing);
    s.candidates = branches.iter().map(|&(x, d)| Cand::new(x, d)).collect();
    s.cells = branches.iter().map(|&(x, _)| x as u32).collect();
    s.cells.dedup();
    if c.texts() {
        let rules = c.rules()?;
        let mut links = Vec::new();
        for (&(x, d), r) in branches.iter().zip(&reaches) {
            let mut by: Vec<(String, Vec<String>)> = Vec::new();
            for e in &elims {
                let y = e.cell as usize;
                let why = if r[y].by_unit >> (e.digit - 1) & 1 == 1 {
                    let units = c.geometry().units();
                    let shared = (0..units.len()).find(|&u| {
                        let cells = &units[u].cells;
                        cells.contains(&(x as u32)) && cells.contains(&e.cell)
                    });
                    shared.map_or_else(|| "a shared unit".into(), |u| c.un(u))
                } else {
                    let con = &rules.constraints[r[y].rule];
                    con.family()
                        .caption(con)
                        .map_or_else(|| rule(c, con), str::to_string)
                };
                let cand = format!("{} <> {}", c.cn(y), e.digit);
                match by.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, list)) => list.push(cand),
                    None => by.push((why, vec![cand])),
                }
            }
            let parts: Vec<String> = by
                .into_iter()
                .map(|(why, list)| format!("{} ({why})", list.join(", ")))
                .collect();
            links.push(format!("if {} = {d}: {}", c.cn(x), parts.join("; ")));
        }
        s.explanation = format!(
            "{}; {}: removes {}",
            what(),
            links.join("; "),
            super::super::elim_text(c, &elims)
        );
    }
    s.eliminations = elims;
    Some(s)
}

/// `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.join(""),
    }
}
