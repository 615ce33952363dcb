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

/// The net as a player would follow it: `x = d`, then only the singles
/// the contradiction needs, in the order they follow, each with its reason,
/// then the contradiction and what causes it.
///
/// Each candidate removed on the way remembers the placement that removed
/// it; a single depends on the placements that removed the other
/// candidates of its cell (naked) or the other places of its digit in its
/// unit (hidden); the contradiction on those that emptied its cell or unit.
/// Walking those links back from the contradiction keeps the net minimal
/// for a reader (the rest of the singles are true but beside the point).
fn net_text(c: &Candidates, x: usize, d: u16) -> String {
    let cells = c.cell_count();
    let n = c.ctx.n;
    // removed_by[cell * n + digit - 1]: index of the placement that removed it.
    let mut removed_by = vec![usize::MAX; cells * n];
    // Placements: (cell, digit, reason, the placements it needs).
    let mut placed: Vec<(usize, u16, String, Vec<usize>)> = Vec::new();
    let mut t = c.clone();
    let place = |t: &mut Candidates, removed_by: &mut Vec<usize>, i: usize, y: usize, e: u16| {
        let before: Vec<u64> = (0..cells).map(|z| t.mask(z)).collect();
        t.place(y, e);
        for (z, &m) in before.iter().enumerate() {
            for k in bits(m & !t.mask(z)) {
                if removed_by[z * n + k] == usize::MAX {
                    removed_by[z * n + k] = i;
                }
            }
        }
    };
    placed.push((x, d, String::new(), Vec::new()));
    place(&mut t, &mut removed_by, 0, x, d);
    // The placements that removed the given candidates (all of them removed).
    let causes = |removed_by: &[usize], cands: &mut dyn Iterator<Item = (usize, u16)>| {
        let mut v: Vec<usize> = cands
            .map(|(z, k)| removed_by[z * n + k as usize - 1])
            .filter(|&i| i != usize::MAX)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (why, needs) = loop {
        if let Some((why, needs)) = contradiction(c, &t, &removed_by, &placed, &causes) {
            break (why, needs);
        }
        let Some((y, e, unit)) = next_single(&t) else {
            // Unreachable when `propagate_singles` failed; stay truthful.
            return format!(
                "if {} were {d}, no contradiction follows after all",
                c.cn(x)
            );
        };
        let (reason, needs) = match unit {
            None => (
                "naked single".to_string(),
                causes(
                    &removed_by,
                    &mut c.digits(y).into_iter().filter(|&k| k != e).map(|k| (y, k)),
                ),
            ),
            Some(u) => (
                format!("hidden single in {}", c.un(u)),
                causes(
                    &removed_by,
                    &mut c.geometry().units()[u]
                        .cells
                        .iter()
                        .map(|&z| z as usize)
                        .filter(|&z| z != y && c.has(z, e))
                        .map(|z| (z, e)),
                ),
            ),
        };
        let i = placed.len();
        placed.push((y, e, reason, needs));
        place(&mut t, &mut removed_by, i, y, e);
    };
    // Back from the contradiction to the assumption.
    let mut keep = vec![false; placed.len()];
    let mut todo = needs;
    while let Some(i) = todo.pop() {
        if !keep[i] {
            keep[i] = true;
            todo.extend(placed[i].3.iter().copied());
        }
    }
    let steps: Vec<String> = placed
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(i, _)| keep[i])
        .map(|(_, (y, e, reason, _))| format!("{} = {e} ({reason})", c.cn(*y)))
        .collect();
    let net = if steps.is_empty() {
        String::new()
    } else {
        format!(", then {}", steps.join(", "))
    };
    format!(
        "if {} were {d}{net}; then {why}, so {} is not {d}",
        c.cn(x),
        c.cn(x)
    )
}

type Causes<'a> = dyn Fn(&[usize], &mut dyn Iterator<Item = (usize, u16)>) -> Vec<usize> + 'a;

/// A broken cell or unit of `t`, in words, with the placements (indices
/// into `placed`) that broke it.
fn contradiction(
    c: &Candidates,
    t: &Candidates,
    removed_by: &[usize],
    placed: &[(usize, u16, String, Vec<usize>)],
    causes: &Causes,
) -> Option<(String, Vec<usize>)> {
    let who = |is: &[usize]| -> String {
        let names: Vec<String> = is
            .iter()
            .map(|&i| format!("{} = {}", c.cn(placed[i].0), placed[i].1))
            .collect();
        names.join(", ")
    };
    for x in 0..t.cell_count() {
        if t.values()[x] == 0 && t.mask(x) == 0 {
            let needs = causes(removed_by, &mut c.digits(x).into_iter().map(|k| (x, k)));
            return Some((
                format!(
                    "{} has no candidate left (because of {})",
                    c.cn(x),
                    who(&needs)
                ),
                needs,
            ));
        }
    }
    for (ui, u) in t.geometry().units().iter().enumerate() {
        let mut seen: Vec<Option<usize>> = vec![None; t.ctx.n];
        let mut open = 0u64;
        for &y in &u.cells {
            let v = t.values()[y as usize];
            if v != 0 {
                if let Some(z) = seen[v as usize - 1] {
                    let needs: Vec<usize> = placed
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.0 == y as usize || p.0 == z)
                        .map(|(i, _)| i)
                        .collect();
                    return Some((format!("{} holds {v} twice", c.un(ui)), needs));
                }
                seen[v as usize - 1] = Some(y as usize);
            }
            open |= t.mask(y as usize);
        }
        for e in 1..=t.ctx.n as u16 {
            if seen[e as usize - 1].is_none() && open >> (e - 1) & 1 == 0 {
                let needs = causes(
                    removed_by,
                    &mut u
                        .cells
                        .iter()
                        .map(|&z| z as usize)
                        .filter(|&z| c.has(z, e))
                        .map(|z| (z, e)),
                );
                return Some((
                    format!(
                        "{e} has no place left in {} (because of {})",
                        c.un(ui),
                        who(&needs)
                    ),
                    needs,
                ));
            }
        }
    }
    None
}

/// The first naked single (unit `None`), else the first hidden single.
fn next_single(c: &Candidates) -> Option<(usize, u16, Option<usize>)> {
    for x in 0..c.cell_count() {
        let m = c.mask(x);
        if c.values()[x] == 0 && m.count_ones() == 1 {
            return Some((x, m.trailing_zeros() as u16 + 1, None));
        }
    }
    for u in 0..c.geometry().units().len() {
        for e in 1..=c.ctx.n as u16 {
            let p = c.places(u, e);
            if p.len() == 1 {
                return Some((p[0] as usize, e, Some(u)));
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
