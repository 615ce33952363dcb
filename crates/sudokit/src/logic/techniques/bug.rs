//! BUG+1: if every unsolved cell but one has two candidates and every digit
//! appears twice in every unit except in one unit of the three-candidate
//! cell, removing the odd digit would leave a "bivalue universal grave" with
//! two solutions. In a puzzle known to be unique, that cell takes the digit
//! that appears three times. Used only when uniqueness is known.

use super::{Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    if !c.unique() {
        return None;
    }
    let mut odd = None;
    for x in 0..c.cell_count() {
        match c.mask(x).count_ones() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(x),
            _ => return None,
        }
    }
    let x = odd?;
    let geo = c.geometry();
    let mut digit = None;
    for (u, unit) in geo.units().iter().enumerate() {
        for d in 1..=c.ctx.n as u16 {
            let k = unit.cells.iter().filter(|&&y| c.has(y as usize, d)).count();
            match k {
                0 | 2 => {}
                3 if unit.cells.contains(&(x as u32)) && c.has(x, d) => match digit {
                    None => digit = Some((d, u)),
                    Some((e, _)) if e == d => {}
                    Some(_) => return None,
                },
                _ => return None,
            }
        }
    }
    let (d, u) = digit?;
    let mut s = Step::new(Technique::BugPlusOne);
    s.placements = vec![Cand::new(x, d)];
    s.cells = vec![x as u32];
    s.units = vec![u as u32];
    s.candidates = vec![Cand::new(x, d)];
    explain!(c, s,
        "Every other cell has two candidates and {d} appears three times in {}; without {d} at {} the puzzle would have two solutions, so {} = {d}",
        c.un(u),
        c.cn(x),
        c.cn(x)
    );
    Some(s)
}
