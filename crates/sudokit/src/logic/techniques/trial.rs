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

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    // The forcing chains just tried most of these assumptions on this board.
    let mut a = super::assumptions::Assumptions::of(c);
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
                if a.get(c, x, d).is_none() {
                    let mut s = Step::new(Technique::ForcingNetContradiction);
                    s.eliminations = vec![Cand::new(x, d)];
                    s.cells = vec![x as u32];
                    s.candidates = vec![Cand::new(x, d)];
                    if c.texts() {
                        s.explanation = net_text(c, x, d);
                    }
                    return Some(s);
                }
            }
        }
    }
    None
}

/// Singles followed from one assumption, each remembering why it holds.
///
/// Each candidate removed on the way remembers the placement that removed
/// it; a single depends on the placements that removed the other
/// candidates of its cell (naked) or the other places of its digit in its
/// unit (hidden). Walking those links back from a conclusion keeps only the
/// singles it needs: the net a player can check (the other singles are true
/// but beside the point).
pub(crate) struct Net {
    /// The board after the placements so far.
    pub t: Candidates,
    n: usize,
    /// `removed_by[cell * n + digit - 1]`: the placement that removed it.
    removed_by: Vec<usize>,
    /// Placements: (cell, digit, reason, the placements it needs); the
    /// first is the assumption.
    placed: Vec<(usize, u16, String, Vec<usize>)>,
}

impl Net {
    /// Assume `x = d`.
    pub fn assume(c: &Candidates, x: usize, d: u16) -> Net {
        let n = c.ctx.n;
        let mut net = Net {
            t: c.clone(),
            n,
            removed_by: vec![usize::MAX; c.cell_count() * n],
            placed: Vec::new(),
        };
        net.place(x, d, String::new(), Vec::new());
        net
    }

    fn place(&mut self, y: usize, e: u16, reason: String, needs: Vec<usize>) {
        let i = self.placed.len();
        self.placed.push((y, e, reason, needs));
        let before: Vec<u64> = (0..self.t.cell_count()).map(|z| self.t.mask(z)).collect();
        self.t.place(y, e);
        for (z, &m) in before.iter().enumerate() {
            for k in bits(m & !self.t.mask(z)) {
                let r = &mut self.removed_by[z * self.n + k];
                if *r == usize::MAX {
                    *r = i;
                }
            }
        }
    }

    /// The placements that removed the given candidates.
    pub fn causes(&self, cands: impl Iterator<Item = (usize, u16)>) -> Vec<usize> {
        let mut v: Vec<usize> = cands
            .map(|(z, k)| self.removed_by[z * self.n + k as usize - 1])
            .filter(|&i| i != usize::MAX)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The placement of `digit` in `cell`, if made.
    pub fn placement(&self, cell: usize, digit: u16) -> Option<usize> {
        self.placed.iter().position(|p| p.0 == cell && p.1 == digit)
    }

    /// Places the next single (`c` is the board before the assumption);
    /// false when there is none.
    pub fn advance(&mut self, c: &Candidates) -> bool {
        let Some((y, e, unit)) = next_single(&self.t) else {
            return false;
        };
        let (reason, needs) = match unit {
            None => (
                "naked single".to_string(),
                self.causes(c.digits(y).into_iter().filter(|&k| k != e).map(|k| (y, k))),
            ),
            Some(u) => (
                format!("hidden single in {}", c.un(u)),
                self.causes(
                    c.geometry().units()[u]
                        .cells
                        .iter()
                        .map(|&z| z as usize)
                        .filter(|&z| z != y && c.has(z, e))
                        .map(|z| (z, e)),
                ),
            ),
        };
        self.place(y, e, reason, needs);
        true
    }

    /// The singles (after the assumption) that `needs` rests on, in order,
    /// as `r2c3 = 4 (naked single)`.
    pub fn needed(&self, c: &Candidates, needs: &[usize]) -> Vec<String> {
        let mut keep = vec![false; self.placed.len()];
        let mut todo = needs.to_vec();
        while let Some(i) = todo.pop() {
            if !keep[i] {
                keep[i] = true;
                todo.extend(self.placed[i].3.iter().copied());
            }
        }
        self.placed
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(i, _)| keep[i])
            .map(|(_, (y, e, reason, _))| format!("{} = {e} ({reason})", c.cn(*y)))
            .collect()
    }

    /// `r5c2 = 5, r4c4 = 5`: the placements `is`.
    fn who(&self, c: &Candidates, is: &[usize]) -> String {
        let names: Vec<String> = is
            .iter()
            .map(|&i| format!("{} = {}", c.cn(self.placed[i].0), self.placed[i].1))
            .collect();
        names.join(", ")
    }
}

/// The net as a player would follow it: `x = d`, then only the singles
/// the contradiction needs, in the order they follow, each with its reason,
/// then the contradiction and the placements that cause it.
fn net_text(c: &Candidates, x: usize, d: u16) -> String {
    let Some((steps, why)) = contradiction_net(c, x, d) else {
        // Unreachable when `propagate_singles` failed; stay truthful.
        return format!(
            "if {} were {d}, no contradiction follows after all",
            c.cn(x)
        );
    };
    let chain = if steps.is_empty() {
        String::new()
    } else {
        format!(", then {}", steps.join(", "))
    };
    format!(
        "if {} were {d}{chain}; then {why}, so {} is not {d}",
        c.cn(x),
        c.cn(x)
    )
}

/// The singles (`r2c3 = 4 (naked single)`) that lead from `x = d` to a
/// contradiction, only those it needs, and the contradiction in words;
/// `None` when singles reach none.
pub(super) fn contradiction_net(c: &Candidates, x: usize, d: u16) -> Option<(Vec<String>, String)> {
    let mut net = Net::assume(c, x, d);
    loop {
        if let Some((why, needs)) = contradiction(c, &net) {
            return Some((net.needed(c, &needs), why));
        }
        if !net.advance(c) {
            return None;
        }
    }
}

/// A broken cell or unit of the net's board, in words, with the placements
/// that broke it.
fn contradiction(c: &Candidates, net: &Net) -> Option<(String, Vec<usize>)> {
    let t = &net.t;
    for x in 0..t.cell_count() {
        if t.values()[x] == 0 && t.mask(x) == 0 {
            let needs = net.causes(c.digits(x).into_iter().map(|k| (x, k)));
            return Some((
                format!(
                    "{} has no candidate left (because of {})",
                    c.cn(x),
                    net.who(c, &needs)
                ),
                needs,
            ));
        }
    }
    let mut seen: Vec<Option<usize>> = vec![None; t.ctx.n];
    for (ui, u) in t.geometry().units().iter().enumerate() {
        seen.fill(None);
        let mut open = 0u64;
        for &y in &u.cells {
            let v = t.values()[y as usize];
            if v != 0 {
                if let Some(z) = seen[v as usize - 1] {
                    let needs: Vec<usize> = [y as usize, z]
                        .iter()
                        .filter_map(|&w| net.placement(w, v))
                        .collect();
                    return Some((format!("{} holds {v} twice", c.un(ui)), needs));
                }
                seen[v as usize - 1] = Some(y as usize);
            }
            open |= t.mask(y as usize);
        }
        for e in 1..=t.ctx.n as u16 {
            if seen[e as usize - 1].is_none() && open >> (e - 1) & 1 == 0 {
                let needs = net.causes(
                    u.cells
                        .iter()
                        .map(|&z| z as usize)
                        .filter(|&z| c.has(z, e))
                        .map(|z| (z, e)),
                );
                return Some((
                    format!(
                        "{e} has no place left in {} (because of {})",
                        c.un(ui),
                        net.who(c, &needs)
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
    let x = (0..c.cell_count())
        .filter(|&x| c.values()[x] == 0)
        .min_by_key(|&x| c.mask(x).count_ones())?;
    let d = match c.rules() {
        Some(rules) => super::variants::solution(c, rules)?[x],
        None => {
            let grid = c.to_grid();
            crate::solve::unchecked_solutions(&grid)
                .find(|sol| {
                    (0..c.cell_count()).all(|x| c.values()[x] != 0 || c.has(x, sol.get(x)))
                })?
                .get(x)
        }
    };
    let mut s = Step::new(Technique::BruteForce);
    s.placements = vec![Cand::new(x, d)];
    s.cells = vec![x as u32];
    s.candidates = vec![Cand::new(x, d)];
    explain!(
        c,
        s,
        "A guess: no technique applies; the solution found by search has {} = {d}",
        c.cn(x)
    );
    Some(s)
}
