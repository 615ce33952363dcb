//! Last resorts.
//!
//! Forcing net contradiction: assume a candidate is true, fill in every
//! single that follows; if that reaches a contradiction (a cell with no
//! candidate, a digit with no place in a unit), the candidate is false.
//! Before, this step was called trial and error and scored as a guess; it
//! is a forcing net (each single may need several earlier ones), which
//! HoDoKu scores 700, above a forcing chain (500).
//!
//! Brute force: when even that finds nothing, place one digit of the
//! solution found by search. Only used when every technique above has
//! failed, so every valid puzzle still gets a full path.

use super::{Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// Fills in naked and hidden singles until none is left. Returns false on a
/// contradiction.
pub(crate) fn propagate_singles(c: &mut Candidates) -> bool {
    let units = c.geometry().clone();
    let n = c.ctx.n;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    loop {
        let mut changed = false;
        for x in 0..c.cell_count() {
            if c.values()[x] != 0 {
                continue;
            }
            let m = c.mask(x);
            if m == 0 {
                return false;
            }
            if m.count_ones() == 1 {
                c.place(x, m.trailing_zeros() as u16 + 1);
                changed = true;
            }
        }
        for u in units.units() {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &x in &u.cells {
                let m = c.mask(x as usize);
                twice |= once & m;
                once |= m;
                let v = c.values()[x as usize];
                if v != 0 {
                    if placed >> (v - 1) & 1 != 0 {
                        return false;
                    }
                    placed |= 1 << (v - 1);
                }
            }
            if (once | placed) != full {
                return false;
            }
            let single = once & !twice & !placed;
            for d in bits(single) {
                if let Some(&x) = u.cells.iter().find(|&&x| c.mask(x as usize) >> d & 1 != 0) {
                    c.place(x as usize, d as u16 + 1);
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    // Cells with few candidates first: the most natural assumptions.
    for k in 2..=c.ctx.n as u32 {
        for x in 0..c.cell_count() {
            if c.out_of_time() {
                return None;
            }
            if c.mask(x).count_ones() != k {
                continue;
            }
            for d in bits(c.mask(x)) {
                let d = d as u16 + 1;
                let mut t = c.clone();
                t.place(x, d);
                if !propagate_singles(&mut t) {
                    let mut s = Step::new(Technique::ForcingNetContradiction);
                    s.eliminations = vec![Cand::new(x, d)];
                    s.cells = vec![x as u32];
                    s.candidates = vec![Cand::new(x, d)];
                    s.explanation = net_text(c, x, d);
                    return Some(s);
                }
            }
        }
    }
    None
}

/// The net as a player would follow it: the singles in the order they
/// follow from `x = d`, then the contradiction they reach.
fn net_text(c: &Candidates, x: usize, d: u16) -> String {
    let mut t = c.clone();
    t.place(x, d);
    let mut singles = Vec::new();
    let why = loop {
        if let Some(bad) = contradiction(&t) {
            break bad;
        }
        let Some((y, e)) = next_single(&t) else {
            // Unreachable when `propagate_singles` failed; stay truthful.
            break "no contradiction after all".to_string();
        };
        singles.push(format!("{} = {e}", t.cn(y)));
        t.place(y, e);
    };
    let chain = if singles.is_empty() {
        String::new()
    } else {
        format!(", singles follow: {}", singles.join(", "))
    };
    format!(
        "if {} were {d}{chain}; then {why}, so {} is not {d}",
        c.cn(x),
        c.cn(x)
    )
}

/// A broken cell or unit, in words.
fn contradiction(c: &Candidates) -> Option<String> {
    for x in 0..c.cell_count() {
        if c.values()[x] == 0 && c.mask(x) == 0 {
            return Some(format!("{} has no candidate left", c.cn(x)));
        }
    }
    for (ui, u) in c.geometry().units().iter().enumerate() {
        let mut placed = 0u64;
        let mut open = 0u64;
        for &y in &u.cells {
            let v = c.values()[y as usize];
            if v != 0 {
                if placed >> (v - 1) & 1 != 0 {
                    return Some(format!("{} holds {v} twice", c.un(ui)));
                }
                placed |= 1 << (v - 1);
            }
            open |= c.mask(y as usize);
        }
        for e in 1..=c.ctx.n as u16 {
            if (placed | open) >> (e - 1) & 1 == 0 {
                return Some(format!("{e} has no place left in {}", c.un(ui)));
            }
        }
    }
    None
}

/// The first naked single, else the first hidden single.
fn next_single(c: &Candidates) -> Option<(usize, u16)> {
    for x in 0..c.cell_count() {
        let m = c.mask(x);
        if c.values()[x] == 0 && m.count_ones() == 1 {
            return Some((x, m.trailing_zeros() as u16 + 1));
        }
    }
    for u in 0..c.geometry().units().len() {
        for e in 1..=c.ctx.n as u16 {
            let p = c.places(u, e);
            if p.len() == 1 {
                return Some((p[0] as usize, e));
            }
        }
    }
    None
}

pub(crate) fn brute_force(c: &Candidates) -> Option<Step> {
    let grid = c.to_grid();
    let solution = crate::solve::unchecked_solutions(&grid)
        .find(|sol| (0..c.cell_count()).all(|x| c.values()[x] != 0 || c.has(x, sol.get(x))))?;
    let x = (0..c.cell_count())
        .filter(|&x| c.values()[x] == 0)
        .min_by_key(|&x| c.mask(x).count_ones())?;
    let d = solution.get(x);
    let mut s = Step::new(Technique::BruteForce);
    s.placements = vec![Cand::new(x, d)];
    s.cells = vec![x as u32];
    s.candidates = vec![Cand::new(x, d)];
    s.explanation = format!(
        "A guess: no technique applies; the solution found by search has {} = {d}",
        c.cn(x)
    );
    Some(s)
}
