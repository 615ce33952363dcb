//! Forcing chains (cell and unit forcing, propagated by singles): if every
//! candidate of a cell, or every place of a digit in a unit, leads by singles
//! to the same placement or removes the same candidate, that conclusion
//! holds whichever branch is true. Each branch is shown as the singles it
//! needs to reach the conclusion (see [`Net`]).

use std::rc::Rc;

use super::assumptions::{Assumptions, Outcome};
use super::propagation::{Singles, MAX_DIGITS};
use super::trial::Net;
use super::{Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// What every branch agrees on: placements in cell order, and the removals
/// off the cells not placed, by cell then digit. `settled` is the board's
/// state when it has one (the branches are then sets).
fn common(
    c: &Candidates,
    settled: Option<&Singles>,
    branches: &[Rc<Outcome>],
) -> (Vec<Cand>, Vec<Cand>) {
    let sets: Option<Vec<&Singles>> = branches
        .iter()
        .map(|b| match &**b {
            Outcome::Sets(s) => Some(s),
            Outcome::Board(_) => None,
        })
        .collect();
    if let (Some(base), Some(sets)) = (settled, sets) {
        return common_sets(base, &sets);
    }
    let boards: Vec<&Candidates> = branches
        .iter()
        .filter_map(|b| match &**b {
            Outcome::Board(t) => Some(t),
            Outcome::Sets(_) => None,
        })
        .collect();
    assert_eq!(boards.len(), branches.len(), "one kind of outcome a board");
    common_boards(c, &boards)
}

/// [`common`] digit by digit on the sets: a digit every branch places in a
/// cell, and candidates of the board no branch keeps as a candidate or a
/// value.
fn common_sets(base: &Singles, sets: &[&Singles]) -> (Vec<Cand>, Vec<Cand>) {
    let n = base.cand().len();
    // The board's empty cells: a settled board has none without candidates.
    let empty = base.cand().iter().fold(0u128, |m, &c| m | c);
    let mut same = [0u128; MAX_DIGITS];
    let mut gone = [0u128; MAX_DIGITS];
    let mut placed = 0u128;
    for (d, same) in same[..n].iter_mut().enumerate() {
        *same = sets.iter().fold(empty, |m, s| m & s.value()[d]);
        placed |= *same;
    }
    let mut any_gone = 0u128;
    for (d, gone) in gone[..n].iter_mut().enumerate() {
        let keep = sets
            .iter()
            .fold(0u128, |m, s| m | s.cand()[d] | s.value()[d]);
        *gone = base.cand()[d] & !placed & !keep;
        any_gone |= *gone;
    }
    let list = |cells: u128, of: &[u128]| {
        let mut v = Vec::new();
        let mut m = cells;
        while m != 0 {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            for (d, &s) in of[..n].iter().enumerate() {
                if s >> x & 1 != 0 {
                    v.push(Cand::new(x, d as u16 + 1));
                }
            }
        }
        v
    };
    (list(placed, &same), list(any_gone, &gone))
}

/// [`common`] cell by cell on the boards.
fn common_boards(c: &Candidates, branches: &[&Candidates]) -> (Vec<Cand>, Vec<Cand>) {
    let mut placements = Vec::new();
    let mut elims = Vec::new();
    for x in 0..c.cell_count() {
        if c.values()[x] != 0 {
            continue;
        }
        let v = branches[0].values()[x];
        if v != 0 && branches.iter().all(|b| b.values()[x] == v) {
            placements.push(Cand::new(x, v));
            continue;
        }
        // A digit is gone in every branch unless one keeps it as a
        // candidate or a value.
        let mut keep = 0u64;
        for b in branches {
            keep |= b.mask(x);
            let v = b.values()[x];
            if v != 0 {
                keep |= 1 << (v - 1);
            }
        }
        for d in bits(c.mask(x) & !keep) {
            elims.push(Cand::new(x, d as u16 + 1));
        }
    }
    (placements, elims)
}

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    // The short cases first: cells with two then three candidates, digits
    // with two places in a unit. Then the wider ones (more branches, each
    // still propagated by singles only), tried just before trial and error.
    // A candidate is assumed in its cell and in each of its units: the
    // branches are worked out once per board.
    let mut a = Assumptions::of(c);
    cell_forcing(c, &mut a, 2..=3)
        .or_else(|| unit_forcing(c, &mut a, 2..=2))
        .or_else(|| unit_forcing(c, &mut a, 3..=3))
}

/// `a, b or c`.
fn list_or(items: &[String]) -> String {
    match items.len() {
        0 | 1 => items.concat(),
        k => format!("{} or {}", items[..k - 1].join(", "), items[k - 1]),
    }
}

fn cell_forcing(
    c: &Candidates,
    a: &mut Assumptions,
    sizes: std::ops::RangeInclusive<u32>,
) -> Option<Step> {
    for k in sizes {
        for x in 0..c.cell_count() {
            if c.out_of_time() {
                return None;
            }
            if c.mask(x).count_ones() != k {
                continue;
            }
            let digits: Vec<u16> = bits(c.mask(x)).map(|d| d as u16 + 1).collect();
            let Some(branches) = digits
                .iter()
                .map(|&d| a.get(c, x, d))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let (p, e) = common(c, a.settled(), &branches);
            if p.is_empty() && e.is_empty() {
                continue;
            }
            return Some(make(
                c,
                p,
                e,
                vec![x as u32],
                None,
                &digits.iter().map(|&d| Cand::new(x, d)).collect::<Vec<_>>(),
                || {
                    let alts: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                    format!("{} is {}", c.cn(x), list_or(&alts))
                },
            ));
        }
    }
    None
}

fn unit_forcing(
    c: &Candidates,
    a: &mut Assumptions,
    places: std::ops::RangeInclusive<usize>,
) -> Option<Step> {
    for u in 0..c.geometry().units().len() {
        for d in 1..=c.ctx.n as u16 {
            if c.out_of_time() {
                return None;
            }
            let p = c.places(u, d);
            if !places.contains(&p.len()) {
                continue;
            }
            let Some(branches) = p
                .iter()
                .map(|&x| a.get(c, x as usize, d))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let (pl, e) = common(c, a.settled(), &branches);
            if pl.is_empty() && e.is_empty() {
                continue;
            }
            let cands: Vec<Cand> = p.iter().map(|&x| Cand::new(x as usize, d)).collect();
            return Some(make(c, pl, e, p.to_vec(), Some(u as u32), &cands, || {
                let names: Vec<String> = p.iter().map(|&x| c.cn(x as usize)).collect();
                format!("{d} in {} is at {}", c.un(u), list_or(&names))
            }));
        }
    }
    None
}

fn make(
    c: &Candidates,
    placements: Vec<Cand>,
    eliminations: Vec<Cand>,
    cells: Vec<u32>,
    unit: Option<u32>,
    cands: &[Cand],
    premise: impl FnOnce() -> String,
) -> Step {
    let mut s = Step::new(Technique::ForcingChain);
    // One conclusion per step keeps explanations readable.
    if let Some(&p) = placements.first() {
        s.placements = vec![p];
    } else {
        s.eliminations = eliminations;
    }
    s.cells = cells;
    s.units = unit.into_iter().collect();
    s.candidates = cands.to_vec();
    if c.texts() {
        s.explanation = text(c, &s, premise());
    }
    s
}

/// The premise, each branch with the singles it needs, and the conclusion.
fn text(c: &Candidates, s: &Step, premise: String) -> String {
    let what = if let Some(p) = s.placements.first() {
        format!("{} = {}", c.cn(p.cell as usize), p.digit)
    } else {
        format!("remove {}", super::elim_text(c, &s.eliminations))
    };
    let branches: Vec<String> = s.candidates.iter().map(|&a| branch_text(c, a, s)).collect();
    format!(
        "{premise}: {}; every case ends the same way: {what}",
        branches.join("; ")
    )
}

/// `if a, then ...`: the singles that lead from assuming `a` to the step's
/// conclusion (only those it needs), so a player can check the branch.
fn branch_text(c: &Candidates, a: Cand, s: &Step) -> String {
    let head = format!("if {} = {}", c.cn(a.cell as usize), a.digit);
    match branch(c, a, s) {
        Some(steps) if steps.is_empty() => format!("{head}, that alone does it"),
        Some(steps) => format!("{head}, then {}", steps.join(", ")),
        None => head,
    }
}

/// The singles (as `r2c3 = 4 (naked single)`) that lead from assuming `a`
/// to the step's conclusion, only those it needs; `None` when they never
/// reach it.
pub(super) fn branch(c: &Candidates, a: Cand, s: &Step) -> Option<Vec<String>> {
    let mut net = Net::assume(c, a.cell as usize, a.digit);
    let reached = |net: &Net| -> Option<Vec<usize>> {
        if let Some(p) = s.placements.first() {
            net.placement(p.cell as usize, p.digit).map(|i| vec![i])
        } else {
            let gone = s.eliminations.iter().all(|e| {
                !net.t.has(e.cell as usize, e.digit) && net.t.values()[e.cell as usize] != e.digit
            });
            gone.then(|| net.causes(s.eliminations.iter().map(|e| (e.cell as usize, e.digit))))
        }
    };
    loop {
        if let Some(needs) = reached(&net) {
            return Some(net.needed(c, &needs));
        }
        if !net.advance(c) {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::propagate_singles;
    use super::super::test_util::*;
    use super::*;

    /// What the branches agree on, read off the sets, equals the reading
    /// of fresh boards, for every cell's candidates and every unit's
    /// places of a digit along two hard paths.
    #[test]
    fn sets_agree_with_boards() {
        let mut compared = 0;
        let boards = along_paths(&HARD, |c| {
            let mut a = Assumptions::of(c);
            if a.settled().is_none() {
                return false;
            }
            let board = |x: usize, d: u16| {
                let mut t = c.clone();
                t.place(x, d);
                propagate_singles(&mut t).then(|| Rc::new(Outcome::Board(t)))
            };
            let mut groups: Vec<Vec<(usize, u16)>> = (0..c.cell_count())
                .map(|x| bits(c.mask(x)).map(|d| (x, d as u16 + 1)).collect())
                .collect();
            for u in 0..c.geometry().units().len() {
                for d in 1..=c.ctx.n as u16 {
                    groups.push(c.places(u, d).iter().map(|&x| (x as usize, d)).collect());
                }
            }
            for g in groups.iter().filter(|g| g.len() >= 2) {
                let sets: Option<Vec<_>> = g.iter().map(|&(x, d)| a.get(c, x, d)).collect();
                let fresh: Option<Vec<_>> = g.iter().map(|&(x, d)| board(x, d)).collect();
                assert_eq!(sets.is_some(), fresh.is_some());
                if let (Some(sets), Some(fresh)) = (sets, fresh) {
                    assert!(sets.iter().all(|s| matches!(**s, Outcome::Sets(_))));
                    assert_eq!(
                        common(c, a.settled(), &sets),
                        common(c, None, &fresh),
                        "{g:?}"
                    );
                    compared += 1;
                }
            }
            true
        });
        assert!(
            boards > 50 && compared > 1000,
            "{boards} boards, {compared} compared"
        );
    }
}
