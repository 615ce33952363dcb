//! Singles propagation: what follows from a board, or from one assumption
//! on it, by naked and hidden singles alone. The forcing techniques
//! (`forcing`, `trial`) and the assumptions they share (`assumptions`)
//! follow their assumptions with it.

use super::{Candidates, Ctx};
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
