//! Forcing chains (cell and unit forcing, propagated by singles): if every
//! candidate of a cell, or every place of a digit in a unit, leads by singles
//! to the same placement or removes the same candidate, that conclusion
//! holds whichever branch is true.

use super::{propagate_singles, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// Outcome of assuming `cell = d`: `None` on contradiction.
fn branch(c: &Candidates, cell: usize, d: u16) -> Option<Candidates> {
    let mut t = c.clone();
    t.place(cell, d);
    propagate_singles(&mut t).then_some(t)
}

/// What every branch agrees on.
fn common(c: &Candidates, branches: &[Candidates]) -> (Vec<Cand>, Vec<Cand>) {
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
        for d in bits(c.mask(x)) {
            let d = d as u16 + 1;
            if branches.iter().all(|b| !b.has(x, d) && b.values()[x] != d) {
                elims.push(Cand::new(x, d));
            }
        }
    }
    (placements, elims)
}

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    // Cells with two then three candidates.
    for k in 2..=3 {
        for x in 0..c.cell_count() {
            if c.mask(x).count_ones() != k {
                continue;
            }
            let digits: Vec<u16> = bits(c.mask(x)).map(|d| d as u16 + 1).collect();
            let Some(branches) = digits
                .iter()
                .map(|&d| branch(c, x, d))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let (p, e) = common(c, &branches);
            if p.is_empty() && e.is_empty() {
                continue;
            }
            let alts: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
            return Some(make(
                c,
                p,
                e,
                vec![x as u32],
                None,
                &digits.iter().map(|&d| Cand::new(x, d)).collect::<Vec<_>>(),
                format!("{} is {}", c.cn(x), alts.join(" or ")),
            ));
        }
    }
    // Digits with two places in a unit.
    for (u, unit) in c.geometry().units().iter().enumerate() {
        for d in 1..=c.ctx.n as u16 {
            let p = c.places(u, d);
            if p.len() != 2 {
                continue;
            }
            let Some(branches) = p
                .iter()
                .map(|&x| branch(c, x as usize, d))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let (pl, e) = common(c, &branches);
            if pl.is_empty() && e.is_empty() {
                continue;
            }
            let _ = unit;
            let cands: Vec<Cand> = p.iter().map(|&x| Cand::new(x as usize, d)).collect();
            return Some(make(
                c,
                pl,
                e,
                p.clone(),
                Some(u as u32),
                &cands,
                format!(
                    "{d} in {} is at {} or {}",
                    c.un(u),
                    c.cn(p[0] as usize),
                    c.cn(p[1] as usize)
                ),
            ));
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
    premise: String,
) -> Step {
    let mut s = Step::new(Technique::ForcingChain);
    // One conclusion per step keeps explanations readable.
    let what = if let Some(&p) = placements.first() {
        s.placements = vec![p];
        format!("{} = {}", c.cn(p.cell as usize), p.digit)
    } else {
        s.eliminations = eliminations;
        format!("remove {}", super::elim_text(c, &s.eliminations))
    };
    s.cells = cells;
    s.units = unit.into_iter().collect();
    s.candidates = cands.to_vec();
    s.explanation = format!(
        "Forcing chain: {premise}, and each case leads by singles to the same result: {what}"
    );
    s
}
