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

use super::{Cand, Candidates, Ctx, Step, Technique};
use crate::logic::candidates::bits;

/// Fills in naked and hidden singles until none is left. Returns false on a
/// contradiction.
///
/// Singles stay singles (or become contradictions) as candidates go, so the
/// order of placements changes neither the answer nor the final board: after
/// a first look at everything, only cells and units whose candidates changed
/// are looked at again.
pub(crate) fn propagate_singles(c: &mut Candidates) -> bool {
    match Singles::new(c) {
        Some(mut s) => s.run(c),
        None => propagate_by_units(c),
    }
}

/// [`propagate_singles`] on any board, looking at whole units.
fn propagate_by_units(c: &mut Candidates) -> bool {
    let geo = c.geometry().clone();
    let units = geo.units();
    let n = c.ctx.n;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut cell_dirty = vec![true; c.cell_count()];
    let mut unit_dirty = vec![true; units.len()];
    // Places `x = d`, marking what it changes.
    let place = |c: &mut Candidates, cd: &mut [bool], ud: &mut [bool], x: usize, d: u16| {
        for &u in geo.units_of(x) {
            ud[u as usize] = true;
        }
        for &p in &c.ctx.peers[x] {
            if c.has(p as usize, d) {
                cd[p as usize] = true;
                for &u in geo.units_of(p as usize) {
                    ud[u as usize] = true;
                }
            }
        }
        c.place(x, d);
    };
    loop {
        let mut changed = false;
        for x in 0..c.cell_count() {
            if !std::mem::take(&mut cell_dirty[x]) || c.values()[x] != 0 {
                continue;
            }
            let m = c.mask(x);
            if m == 0 {
                return false;
            }
            if m.count_ones() == 1 {
                place(
                    c,
                    &mut cell_dirty,
                    &mut unit_dirty,
                    x,
                    m.trailing_zeros() as u16 + 1,
                );
                changed = true;
            }
        }
        for (ui, u) in units.iter().enumerate() {
            if !std::mem::take(&mut unit_dirty[ui]) {
                continue;
            }
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
                    place(
                        c,
                        &mut cell_dirty,
                        &mut unit_dirty,
                        x as usize,
                        d as u16 + 1,
                    );
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

/// Most digits [`Singles`] handles.
pub(crate) const MAX_DIGITS: usize = 16;

/// Singles propagation digit by digit, for boards of at most 128 cells and
/// units and [`MAX_DIGITS`] digits. Each digit's candidate cells and placed
/// cells are 128-bit sets, so the places of a digit in a unit are one `and`,
/// and a placement marks only the cells and the (unit, digit) pairs it
/// changed: one placement touches a few of those, where a unit-by-unit look
/// goes through nearly every unit again after each round.
///
/// Made once for a board that has no single (see [`Singles::settled`]), a
/// copy follows one assumption from that board looking only at what the
/// assumption changes.
#[derive(Clone)]
pub(crate) struct Singles {
    /// Cells holding each digit as a candidate.
    cand: [u128; MAX_DIGITS],
    /// Cells holding each digit as their value.
    value: [u128; MAX_DIGITS],
    /// Per digit, the units whose places for it changed since last looked at.
    units: [u128; MAX_DIGITS],
    /// Empty cells whose candidates changed since last looked at.
    cells: u128,
    n: usize,
}

impl Singles {
    /// The state of `c`, everything still to be looked at; `None` when the
    /// board is too large.
    pub fn new(c: &Candidates) -> Option<Singles> {
        let n = c.ctx.n;
        let (unit_cells, _) = c.ctx.unit128.as_ref()?;
        if n > MAX_DIGITS || c.ctx.peer128.is_none() {
            return None;
        }
        let mut s = Singles {
            cand: [0; MAX_DIGITS],
            value: [0; MAX_DIGITS],
            units: [0; MAX_DIGITS],
            cells: 0,
            n,
        };
        for x in 0..c.cell_count() {
            let b = 1u128 << x;
            match c.values()[x] {
                0 => {
                    s.cells |= b;
                    for d in bits(c.mask(x)) {
                        s.cand[d] |= b;
                    }
                }
                v => s.value[v as usize - 1] |= b,
            }
        }
        let all = match unit_cells.len() {
            0 => 0,
            k => u128::MAX >> (128 - k),
        };
        s.units[..n].fill(all);
        Some(s)
    }

    /// The state of `c` with nothing left to look at, when `c` has no
    /// single and no contradiction (following singles changes nothing);
    /// else `None`.
    pub fn settled(c: &Candidates) -> Option<Singles> {
        let mut s = Singles::new(c)?;
        let mut t = c.clone();
        (s.run(&mut t) && t.values() == c.values()).then_some(s)
    }

    /// Each digit's candidate cells (`[d - 1]`, empty cells only).
    pub fn cand(&self) -> &[u128] {
        &self.cand[..self.n]
    }

    /// Each digit's placed cells (`[d - 1]`).
    pub fn value(&self) -> &[u128] {
        &self.value[..self.n]
    }

    /// Whether these sets are exactly the candidates and values of `c`.
    #[cfg(test)]
    pub fn describes(&self, c: &Candidates) -> bool {
        (0..c.cell_count()).all(|x| {
            let (mut m, mut v) = (0u64, 0u16);
            for d in 0..self.n {
                m |= ((self.cand[d] >> x & 1) as u64) << d;
                if self.value[d] >> x & 1 != 0 {
                    v = d as u16 + 1;
                }
            }
            m == c.mask(x) && v == c.values()[x]
        })
    }

    /// Assumes `x = d` on the board this state was made from (`ctx`, and
    /// its cells `c`, changed in place) and follows the singles: false on a
    /// contradiction.
    pub fn assume(&mut self, ctx: &Ctx, c: &mut Masks, x: usize, d: u16) -> bool {
        self.place(ctx, c, x, d as usize - 1);
        self.run_on(ctx, c)
    }

    /// Follows singles until none is left; false on a contradiction.
    pub fn run(&mut self, c: &mut Candidates) -> bool {
        let ctx = c.ctx.clone();
        self.run_on(&ctx, c)
    }

    /// [`Singles::run`] on the cells `c` of a board of context `ctx`.
    fn run_on(&mut self, ctx: &Ctx, c: &mut impl Cells) -> bool {
        let unit_cells = &ctx.unit128.as_ref().expect("checked in new").0;
        loop {
            while self.cells != 0 {
                let x = self.cells.trailing_zeros() as usize;
                self.cells &= self.cells - 1;
                let m = c.cands(x);
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.place(ctx, c, x, m.trailing_zeros() as usize);
                }
            }
            for d in 0..self.n {
                while self.units[d] != 0 {
                    let u = self.units[d].trailing_zeros() as usize;
                    self.units[d] &= self.units[d] - 1;
                    let inside = unit_cells[u];
                    let placed = self.value[d] & inside;
                    if placed != 0 {
                        if placed & (placed - 1) != 0 {
                            return false;
                        }
                        continue;
                    }
                    let places = self.cand[d] & inside;
                    if places == 0 {
                        return false;
                    }
                    if places & (places - 1) == 0 {
                        self.place(ctx, c, places.trailing_zeros() as usize, d);
                    }
                }
            }
            if self.cells == 0 && self.units[..self.n].iter().all(|&u| u == 0) {
                return true;
            }
        }
    }

    /// Places digit `d` (from 0) in `x`, marking the cells and the (unit,
    /// digit) pairs it changes.
    fn place(&mut self, ctx: &Ctx, c: &mut impl Cells, x: usize, d: usize) {
        let (_, cell_units) = ctx.unit128.as_ref().expect("checked in new");
        let peers = ctx.peer128.as_ref().expect("checked in new");
        let b = 1u128 << x;
        for e in bits(c.cands(x)) {
            self.cand[e] &= !b;
            self.units[e] |= cell_units[x];
        }
        let mut lost = peers[x] & self.cand[d];
        c.put(x, d, lost);
        self.cand[d] &= !lost;
        self.cells = (self.cells | lost) & !b;
        while lost != 0 {
            let p = lost.trailing_zeros() as usize;
            lost &= lost - 1;
            self.units[d] |= cell_units[p];
        }
        self.value[d] |= b;
        self.units[d] |= cell_units[x];
    }
}

/// The cells of a board as [`Singles`] reads and changes them.
pub(crate) trait Cells {
    /// The candidates of cell `x`.
    fn cands(&self, x: usize) -> u64;
    /// Places digit `d` (from 0) in `x`; `lost` are the peers that held it.
    fn put(&mut self, x: usize, d: usize, lost: u128);
}

impl Cells for Candidates {
    fn cands(&self, x: usize) -> u64 {
        self.mask(x)
    }

    fn put(&mut self, x: usize, d: usize, _: u128) {
        self.place(x, d as u16 + 1);
    }
}

/// The candidates of each cell of a board of at most 128 cells: with the
/// digit sets of [`Singles`], all that following an assumption needs, and
/// cheaper to copy and change than the board (a placement touches only the
/// peers that held the digit).
#[derive(Clone)]
pub(crate) struct Masks([u64; 128]);

impl Masks {
    pub fn of(c: &Candidates) -> Masks {
        let mut m = [0; 128];
        m[..c.cell_count()].copy_from_slice(c.masks());
        Masks(m)
    }
}

impl Cells for Masks {
    fn cands(&self, x: usize) -> u64 {
        self.0[x]
    }

    fn put(&mut self, x: usize, d: usize, mut lost: u128) {
        self.0[x] = 0;
        while lost != 0 {
            self.0[lost.trailing_zeros() as usize] &= !(1 << d);
            lost &= lost - 1;
        }
    }
}

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
    let mut net = Net::assume(c, x, d);
    let (why, needs) = loop {
        if let Some(found) = contradiction(c, &net) {
            break found;
        }
        if !net.advance(c) {
            // Unreachable when `propagate_singles` failed; stay truthful.
            return format!(
                "if {} were {d}, no contradiction follows after all",
                c.cn(x)
            );
        }
    };
    let steps = net.needed(c, &needs);
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

#[cfg(test)]
mod tests {
    use super::super::test_util::cands;
    use super::*;

    /// Singles the plain way, for comparison: look at every cell and every
    /// digit of every unit until nothing changes.
    fn reference(c: &mut Candidates) -> bool {
        let units = c.geometry().clone();
        loop {
            let mut changed = false;
            for x in 0..c.cell_count() {
                if c.values()[x] == 0 {
                    match c.mask(x).count_ones() {
                        0 => return false,
                        1 => {
                            c.place(x, c.mask(x).trailing_zeros() as u16 + 1);
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
            for u in units.units() {
                for d in 1..=c.ctx.n as u16 {
                    let solved = u.cells.iter().filter(|&&x| c.values()[x as usize] == d);
                    let places: Vec<u32> = u
                        .cells
                        .iter()
                        .copied()
                        .filter(|&x| c.has(x as usize, d))
                        .collect();
                    match (solved.count(), places.len()) {
                        (0, 0) => return false,
                        (0, 1) => {
                            c.place(places[0] as usize, d);
                            changed = true;
                        }
                        (0, _) | (1, _) => {}
                        _ => return false,
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Every assumption on boards along two hard puzzles' paths: the same
    /// answer and, where there is no contradiction, the same board.
    #[test]
    fn singles_as_the_plain_way() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ];
        let (mut sound, mut contradictions) = (0, 0);
        for line in lines {
            let mut c = cands(line, &[]);
            for _ in 0..25 {
                for x in 0..c.cell_count() {
                    for d in bits(c.mask(x)) {
                        let mut a = c.clone();
                        a.place(x, d as u16 + 1);
                        let mut b = a.clone();
                        let mut u = a.clone();
                        let (ra, rb) = (propagate_singles(&mut a), reference(&mut b));
                        assert_eq!(ra, rb, "cell {x}, digit {}", d + 1);
                        assert_eq!(propagate_by_units(&mut u), rb, "by units");
                        if ra {
                            assert_eq!(a.values(), b.values());
                            assert_eq!(a.masks(), b.masks());
                            assert_eq!(u.masks(), b.masks());
                            sound += 1;
                        } else {
                            contradictions += 1;
                        }
                    }
                }
                let Some(s) = crate::logic::next_step(&c) else {
                    break;
                };
                crate::logic::apply(&mut c, &s);
            }
        }
        assert!(
            sound > 100 && contradictions > 100,
            "{sound} / {contradictions}"
        );
    }
}
