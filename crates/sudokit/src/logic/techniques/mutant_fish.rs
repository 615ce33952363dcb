//! Mutant fish: fish whose base and cover sets mix rows, columns and boxes
//! in ways neither basic nor Franken fish do (rows on both sides, say).
//! The logic is every fish's: k base sets hold k copies of the digit in
//! distinct cells, k cover sets hold at most one each, so if the covers
//! hold every base cell they hold exactly those copies and lose the digit
//! elsewhere; a base cell in two covers is false. With fins (base cells
//! outside the covers, or in two base sets), cells seeing every fin lose
//! the digit either way. HoDoKu's limits: at most 5 fins, 2 of them endo.
//! HoDoKu ships them off, so they are searched only when asked for
//! ([`Candidates::enable`]).
//!
//! Search: every k-set of base units (rows, columns and boxes, each with
//! the digit; without fins, at most k copies each and no shared cell),
//! then covers chosen for the first base cell not yet covered, one of its
//! (at most three) units, or, with fins, that cell left as a fin. A choice
//! whose sets make a basic or Franken fish is skipped: those have their
//! own rows. Boards of up to 128 cells with rows, columns and boxes.
//!
//! Finned fish first bound their victims, as Franken fish do: a victim v
//! sees every fin and lies in a cover, one of its own units, whose base
//! cells all see v. So the base cells v does not see must fit in the other
//! k - 1 covers (k - 2 for a base cell in two covers). Base sets are only
//! added, so a cell that fails this for some base sets fails it for every
//! superset: the walk carries the cells that could still be victims and
//! stops a prefix with none. Without it, size 4 took 23 s on 5 top1465
//! puzzles.

use super::franken_fish::{MAX_ENDO_FINS, MAX_FINS};
use super::{elim_text, list_and, Cand, Candidates, Step, Technique};
use crate::logic::candidates::cells128;

/// Which kinds of unit a side of the fish uses (bits).
const ROW: u8 = 1;
const COL: u8 = 2;
const BOX: u8 = 4;

/// A unit with the digit: its index, its kind and the digit's cells in it.
#[derive(Clone, Copy)]
struct Set {
    unit: u32,
    kind: u8,
    cells: u128,
}

/// The first mutant fish of size `k` (2 to 4), with fins or without.
pub(crate) fn find(c: &Candidates, k: usize, finned: bool) -> Option<Step> {
    let ctx = &c.ctx;
    let peers = ctx.peer128.as_deref()?;
    let unit_cells = &ctx.unit128.as_ref()?.0;
    if ctx.rows.is_empty()
        || ctx.cols.is_empty()
        || ctx.box_units.is_empty()
        || !(2..=4).contains(&k)
    {
        return None;
    }
    let digit_cells = c.digit_cells();
    for d in 1..=ctx.n as u16 {
        let digit = digit_cells[d as usize - 1];
        let sets: Vec<Set> = [(&ctx.rows, ROW), (&ctx.cols, COL), (&ctx.box_units, BOX)]
            .into_iter()
            .flat_map(|(list, kind)| {
                list.iter().map(move |&u| Set {
                    unit: u,
                    kind,
                    cells: unit_cells[u as usize] & digit,
                })
            })
            .filter(|s| s.cells != 0)
            .collect();
        // Each cell's units among `sets` (a row, a column and a box at most).
        let mut of_cell = vec![Vec::with_capacity(3); c.cell_count()];
        for (i, s) in sets.iter().enumerate() {
            for x in cells128(s.cells) {
                of_cell[x].push(i);
            }
        }
        let base_pool: Vec<usize> = (0..sets.len())
            .filter(|&i| finned || sets[i].cells.count_ones() as usize <= k)
            .collect();
        let search = Search {
            c,
            d,
            k,
            finned,
            digit,
            sets: &sets,
            of_cell: &of_cell,
            peers,
        };
        let mut base = Vec::with_capacity(k);
        if let Some(s) = search.bases(&base_pool, 0, &mut base, 0, 0, digit) {
            return Some(s);
        }
        if c.out_of_time() {
            return None;
        }
    }
    None
}

struct Search<'a> {
    c: &'a Candidates,
    d: u16,
    k: usize,
    finned: bool,
    digit: u128,
    sets: &'a [Set],
    of_cell: &'a [Vec<usize>],
    peers: &'a [u128],
}

/// The covers being chosen: which (indices into the sets), the cells they
/// hold, those in two of them, and the base cells left as fins.
#[derive(Clone)]
struct Covers {
    chosen: Vec<usize>,
    cells: u128,
    twice: u128,
    fins: u128,
}

impl Search<'_> {
    /// Every k-set of base units extending `base` from `start` on; `cells`
    /// and `endo` are the base cells so far and those in two base sets,
    /// `victims` the cells a finned fish on them could still remove from.
    fn bases(
        &self,
        pool: &[usize],
        start: usize,
        base: &mut Vec<usize>,
        cells: u128,
        endo: u128,
        victims: u128,
    ) -> Option<Step> {
        for (j, &i) in pool.iter().enumerate().skip(start) {
            if pool.len() - j < self.k - base.len() {
                break;
            }
            let s = self.sets[i];
            let endo = endo | (cells & s.cells);
            if endo != 0 && (!self.finned || endo.count_ones() > MAX_ENDO_FINS) {
                continue;
            }
            let victims = if self.finned {
                self.victims(victims, cells | s.cells, endo)
            } else {
                victims
            };
            if victims == 0 {
                continue;
            }
            base.push(i);
            let found = if base.len() == self.k {
                let covers = Covers {
                    chosen: Vec::with_capacity(self.k),
                    cells: 0,
                    twice: 0,
                    fins: 0,
                };
                self.covers(base, cells | s.cells, endo, victims, covers)
            } else {
                self.bases(pool, j + 1, base, cells | s.cells, endo, victims)
            };
            base.pop();
            if found.is_some() || self.c.out_of_time() {
                return found;
            }
        }
        None
    }

    /// The cells of `victims` that a finned fish on base cells `cells`
    /// (`endo` in two base sets) could remove from: each sees every endo
    /// fin, and the base cells it does not see fit in k - 1 covers (k - 2
    /// when it is a base cell itself, then in two covers).
    fn victims(&self, victims: u128, cells: u128, endo: u128) -> u128 {
        let mut kept = victims;
        for v in cells128(victims) {
            let seen = self.peers[v] | 1 << v;
            let in_base = cells >> v & 1 == 1;
            let ok = endo & !self.peers[v] == 0
                && (self.k >= 2 + in_base as usize)
                && self.coverable(cells & !seen, self.k - 1 - in_base as usize);
            if !ok {
                kept &= !(1 << v);
            }
        }
        kept
    }

    /// Whether `cells` fit in `m` of the digit's units.
    fn coverable(&self, cells: u128, m: usize) -> bool {
        if cells == 0 {
            return true;
        }
        if m == 0 {
            return false;
        }
        let x = cells.trailing_zeros() as usize;
        self.of_cell[x]
            .iter()
            .any(|&u| self.coverable(cells & !self.sets[u].cells, m - 1))
    }

    /// Covers for the first base cell neither covered nor a fin yet.
    fn covers(
        &self,
        base: &[usize],
        cells: u128,
        endo: u128,
        victims: u128,
        cv: Covers,
    ) -> Option<Step> {
        let open = cells & !cv.cells & !cv.fins;
        if cv.chosen.len() == self.k {
            return self.fish(base, cells, endo, &cv);
        }
        if open == 0 {
            return None;
        }
        // With fins, only cells seeing every fin can lose the digit: none
        // left, no choice of the remaining covers helps.
        let fins = cv.fins | endo;
        if fins != 0 && cells128(fins).fold(victims, |m, f| m & self.peers[f]) == 0 {
            return None;
        }
        let x = open.trailing_zeros() as usize;
        for &u in &self.of_cell[x] {
            if base.contains(&u) || cv.chosen.contains(&u) {
                continue;
            }
            let s = self.sets[u];
            let mut next = cv.clone();
            next.chosen.push(u);
            next.twice |= next.cells & s.cells;
            next.cells |= s.cells;
            if let Some(f) = self.covers(base, cells, endo, victims, next) {
                return Some(f);
            }
        }
        if self.finned && (cv.fins | endo).count_ones() < MAX_FINS {
            let mut next = cv;
            next.fins |= 1 << x;
            return self.covers(base, cells, endo, victims, next);
        }
        None
    }

    /// The fish of a full choice of sets, if it is a mutant one and removes
    /// something.
    fn fish(&self, base: &[usize], cells: u128, endo: u128, cv: &Covers) -> Option<Step> {
        let fins = (cells & !cv.cells) | endo;
        if self.finned != (fins != 0) || fins.count_ones() > MAX_FINS {
            return None;
        }
        let kinds = |list: &[usize]| list.iter().fold(0, |a, &i| a | self.sets[i].kind);
        let (b, v) = (kinds(base), kinds(&cv.chosen));
        let franken = |x: u8, y: u8| x & !(ROW | BOX) == 0 && y & !(COL | BOX) == 0;
        if franken(b, v) || franken(v, b) {
            return None;
        }
        let mut gone = (cv.cells & !cells | cv.twice) & self.digit;
        for f in cells128(fins) {
            gone &= self.peers[f];
        }
        if gone == 0 {
            return None;
        }
        Some(self.step(base, cells, fins, &cv.chosen, gone))
    }

    fn step(&self, base: &[usize], cells: u128, fins: u128, covers: &[usize], gone: u128) -> Step {
        let (c, d) = (self.c, self.d);
        let t = match (self.finned, self.k) {
            (false, 2) => Technique::MutantXWing,
            (false, 3) => Technique::MutantSwordfish,
            (false, _) => Technique::MutantJellyfish,
            (true, 2) => Technique::FinnedMutantXWing,
            (true, 3) => Technique::FinnedMutantSwordfish,
            (true, _) => Technique::FinnedMutantJellyfish,
        };
        let mut s = Step::new(t);
        s.cells = cells128(cells).map(|x| x as u32).collect();
        s.candidates = cells128(cells).map(|x| Cand::new(x, d)).collect();
        s.units = base
            .iter()
            .chain(covers)
            .map(|&i| self.sets[i].unit)
            .collect();
        s.eliminations = cells128(gone).map(|x| Cand::new(x, d)).collect();
        if c.texts() {
            let names = |list: &[usize]| {
                let v: Vec<String> = list
                    .iter()
                    .map(|&i| c.un(self.sets[i].unit as usize))
                    .collect();
                v.join(", ")
            };
            let fin_text = if fins == 0 {
                String::new()
            } else {
                let f: Vec<u32> = cells128(fins).map(|x| x as u32).collect();
                let plural = if f.len() > 1 { "s" } else { "" };
                format!(" or in the fin{plural} {}", list_and(c, &f))
            };
            s.explanation = format!(
                "In {}, {d} fits only in {}{fin_text}; either way remove {}",
                names(base),
                names(covers),
                elim_text(c, &s.eliminations)
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    /// `(cell, digit)` eliminations.
    type Elims = &'static [(usize, u16)];

    /// Known answers: on the first candidates of the first 12 top1465
    /// puzzles, every candidate some mutant X-wing, mutant swordfish,
    /// finned mutant X-wing and finned mutant swordfish removes, as
    /// HoDoKu's fish solver finds them all (through the PyPI port
    /// hodoku-py 0.2.1, `FishSolver.find_all`).
    #[rustfmt::skip]
    const HODOKU: &[(&str, [Elims; 4])] = &[
        ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", [&[(2,5),(2,7),(11,5),(11,7),(20,5),(20,7),(78,3),(78,5),(79,3),(79,5),(80,3),(80,5)], &[(2,5),(2,7),(11,5),(11,7),(20,5),(20,7),(75,7),(76,7),(77,7),(78,5),(79,5),(80,5)], &[(2,5),(2,7),(2,9),(11,5),(11,7),(11,9),(20,5),(20,7),(20,9),(75,7),(76,7),(77,7),(78,3),(78,5),(79,3),(79,5),(80,3),(80,5)], &[(2,5),(2,7),(2,9),(11,5),(11,7),(11,9),(20,5),(20,7),(20,9),(75,7),(76,7),(77,7),(78,3),(78,5),(79,3),(79,5),(80,3),(80,5)]]),
        ("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", [&[], &[(24,8),(25,8),(26,8),(49,3),(50,3),(71,3),(80,3)], &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(80,3)], &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(80,3)]]),
        ("7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", [&[], &[(24,8),(25,8),(26,8),(49,3),(50,3),(71,3),(80,3)], &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(80,3)], &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(80,3)]]),
        ("3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....", [&[(14,7),(21,3),(21,7),(21,9),(22,3),(22,7),(22,9),(23,3),(23,7),(23,9),(29,3),(29,9),(38,3),(38,9),(47,3),(47,9),(59,4),(59,7),(68,4),(68,7),(77,4),(77,7)], &[(14,7),(21,3),(21,7),(21,9),(22,3),(22,7),(22,9),(23,3),(23,7),(23,9),(29,3),(29,9),(38,3),(38,9),(47,3),(47,9),(59,7),(68,7),(77,7)], &[(14,7),(21,3),(21,7),(21,9),(22,3),(22,7),(22,9),(23,3),(23,7),(23,9),(29,3),(29,8),(29,9),(38,3),(38,8),(38,9),(47,3),(47,8),(47,9),(59,4),(59,7),(68,4),(68,7),(77,4),(77,7)], &[(14,7),(21,3),(21,7),(21,9),(22,3),(22,7),(22,9),(23,3),(23,7),(23,9),(29,3),(29,8),(29,9),(38,3),(38,8),(38,9),(47,3),(47,8),(47,9),(59,4),(59,7),(68,4),(68,7),(74,1),(77,4),(77,7)]]),
        ("5..7..6....38...........2..62.4............917............35.8.4.....1......9....", [&[(78,4),(79,4),(80,4)], &[(5,4),(14,4),(23,4),(48,2),(49,2),(50,2),(78,4),(79,4),(80,4)], &[(5,4),(14,4),(20,9),(23,4),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(78,4),(79,4),(80,4)], &[(5,4),(10,9),(14,4),(20,9),(23,4),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(78,4),(79,4),(80,4)]]),
        ("4..7..6....38...........2..62.5............917............43.8.5.....1......9....", [&[(78,5),(79,5),(80,5)], &[(5,5),(14,5),(23,5),(48,2),(49,2),(50,2),(78,5),(79,5),(80,5)], &[(5,5),(14,5),(20,9),(23,5),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(78,5),(79,5),(80,5)], &[(5,5),(10,9),(14,5),(20,9),(23,5),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(78,5),(79,5),(80,5)]]),
        (".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........", [&[(51,8),(52,8),(53,8)], &[(13,8),(22,8),(29,9),(38,9),(47,9),(51,8),(52,8),(53,8)], &[(13,8),(22,8),(29,7),(29,9),(38,7),(38,9),(47,7),(47,9),(51,8),(52,8),(53,8)], &[(13,8),(22,8),(29,7),(29,9),(38,7),(38,9),(47,7),(47,9),(51,8),(52,8),(53,8)]]),
        ("7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.", [&[(24,1),(24,7),(25,1),(25,7),(26,1),(26,7),(29,3),(29,7),(38,3),(38,7),(47,3),(47,7)], &[(24,1),(24,7),(25,1),(25,7),(26,1),(26,7),(29,3),(29,7),(38,3),(38,7),(47,3),(47,7),(56,1),(65,1),(74,1)], &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)], &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)]]),
        ("......41.9..3.....3...5.....48..7..........62.1.......6..2....5.7....8......9....", [&[(48,4),(48,6),(49,4),(49,6),(50,4),(50,6),(56,1),(56,4),(65,1),(65,4),(74,1),(74,4)], &[(2,6),(11,6),(20,6),(48,4),(48,6),(49,4),(49,6),(50,4),(50,6),(56,1),(56,4),(65,1),(65,4),(74,1),(74,4)], &[(2,6),(10,5),(11,5),(11,6),(20,6),(35,3),(48,4),(48,6),(48,8),(49,4),(49,6),(49,8),(50,4),(50,6),(50,8),(53,3),(56,1),(56,4),(65,1),(65,4),(71,3),(74,1),(74,4),(80,3)], &[(2,6),(10,5),(11,5),(11,6),(20,6),(35,3),(48,4),(48,6),(48,8),(49,4),(49,6),(49,8),(50,4),(50,6),(50,8),(53,3),(56,1),(56,4),(65,1),(65,4),(71,3),(74,1),(74,4),(80,3)]]),
        ("7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....9....8...8.....6.", [&[(24,1),(24,7),(25,1),(25,7),(26,1),(26,7),(29,3),(29,7),(38,3),(38,7),(47,3),(47,7)], &[(24,1),(24,7),(25,1),(25,7),(26,1),(26,7),(29,3),(29,7),(38,3),(38,7),(47,3),(47,7),(56,1),(65,1),(74,1)], &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)], &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)]]),
        (".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....", [&[(38,1),(41,1),(43,1),(44,1),(50,1),(51,5),(51,6),(52,5),(52,6),(53,5),(53,6),(72,7),(73,7),(74,7)], &[], &[(5,2),(5,9),(13,2),(13,9),(14,2),(14,9),(22,2),(22,9),(23,2),(23,9),(38,1),(41,1),(43,1),(44,1),(50,1),(51,5),(51,6),(52,5),(52,6),(53,5),(53,6),(72,7),(73,7),(74,7)], &[(5,2),(5,9),(13,2),(13,9),(14,2),(14,9),(22,2),(22,9),(23,2),(23,9),(38,1),(41,1),(43,1),(44,1),(50,1),(51,5),(51,6),(52,5),(52,6),(53,5),(53,6),(72,7),(73,7),(74,7)]]),
        ("8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........", [&[(24,7),(25,7),(26,7)], &[(24,7),(24,9),(25,7),(25,9),(26,7),(26,9),(49,3),(50,3),(56,7),(65,7),(71,3),(74,7),(80,3)], &[(24,7),(24,8),(24,9),(25,7),(25,8),(25,9),(26,7),(26,8),(26,9),(49,3),(50,3),(56,7),(65,7),(71,3),(74,7),(80,3)], &[(24,7),(24,8),(24,9),(25,7),(25,8),(25,9),(26,7),(26,8),(26,9),(49,3),(50,3),(56,7),(65,7),(71,3),(74,7),(80,3)]]),
    ];

    /// Every candidate some finned mutant jellyfish removes on the same
    /// candidates of the same 12 puzzles, from the same HoDoKu port.
    #[rustfmt::skip]
    const HODOKU_FINNED_JELLYFISH: [Elims; 12] = [
        &[(2,5),(2,7),(2,9),(11,5),(11,7),(11,9),(20,5),(20,7),(20,9),(75,7),(76,7),(77,7),(78,3),(78,5),(79,3),(79,5),(80,3),(80,5)],
        &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(73,2),(80,3)],
        &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(73,6),(80,3)],
        &[(14,7),(21,3),(21,7),(21,9),(22,3),(22,7),(22,9),(23,3),(23,7),(23,9),(29,3),(29,8),(29,9),(38,3),(38,8),(38,9),(47,3),(47,8),(47,9),(59,4),(59,7),(68,4),(68,7),(74,1),(77,4),(77,7)],
        &[(5,4),(10,9),(14,4),(20,9),(23,4),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(56,9),(78,4),(79,4),(80,4)],
        &[(5,5),(10,9),(14,5),(20,9),(23,5),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(56,9),(78,5),(79,5),(80,5)],
        &[(13,8),(22,8),(29,7),(29,9),(38,7),(38,9),(47,7),(47,9),(51,8),(52,8),(53,8),(71,4)],
        &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)],
        &[(2,6),(10,5),(11,5),(11,6),(20,6),(35,3),(48,4),(48,6),(48,8),(49,4),(49,6),(49,8),(50,4),(50,6),(50,8),(53,3),(56,1),(56,4),(65,1),(65,4),(71,3),(74,1),(74,4),(80,3)],
        &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)],
        &[(5,2),(5,9),(13,2),(13,9),(14,2),(14,9),(22,2),(22,9),(23,2),(23,9),(38,1),(41,1),(43,1),(44,1),(50,1),(51,5),(51,6),(52,5),(52,6),(53,5),(53,6),(72,7),(73,7),(74,7)],
        &[(24,7),(24,8),(24,9),(25,7),(25,8),(25,9),(26,7),(26,8),(26,9),(49,3),(50,3),(56,7),(65,7),(71,3),(74,7),(80,3)],
    ];

    #[test]
    fn finned_mutant_jellyfish_agree_with_hodoku() {
        for ((line, _), want) in HODOKU.iter().zip(HODOKU_FINNED_JELLYFISH) {
            let c = cands(line, &[]);
            let s = find(&c, 4, true).unwrap_or_else(|| panic!("{line}: none found"));
            assert_eq!(s.technique, Technique::FinnedMutantJellyfish);
            for e in &s.eliminations {
                let e = (e.cell as usize, e.digit);
                assert!(want.contains(&e), "{line}: {e:?} not HoDoKu's ({s:?})");
            }
        }
    }

    #[test]
    fn mutant_fish_agree_with_hodoku() {
        for (line, want) in HODOKU {
            for (i, (k, finned)) in [(2, false), (3, false), (2, true), (3, true)]
                .into_iter()
                .enumerate()
            {
                let c = cands(line, &[]);
                let first = find(&c, k, finned);
                assert_eq!(
                    first.is_some(),
                    !want[i].is_empty(),
                    "{line}: size {k}, fins {finned}"
                );
                if let Some(s) = first {
                    for e in &s.eliminations {
                        let e = (e.cell as usize, e.digit);
                        assert!(want[i].contains(&e), "{line}: {e:?} not HoDoKu's ({s:?})");
                    }
                }
            }
        }
    }

    /// Along the solving paths of hard puzzles, no mutant fish of the sizes
    /// searched removes the search solver's digit (that solver shares no code with
    /// this one).
    #[test]
    fn mutant_fish_keep_the_solution() {
        let mut seen = 0;
        for (line, _) in &HODOKU[..3] {
            let solution = solution_of(line);
            let mut c = cands(line, &[]);
            while let Some(step) = crate::logic::next_step(&c) {
                for (k, finned) in [
                    (2, false),
                    (3, false),
                    (4, false),
                    (2, true),
                    (3, true),
                    (4, true),
                ] {
                    if let Some(s) = find(&c, k, finned) {
                        seen += 1;
                        for e in &s.eliminations {
                            assert_ne!(solution[e.cell as usize], e.digit, "{line}: {s:?}");
                        }
                    }
                }
                crate::logic::apply(&mut c, &step);
            }
        }
        assert!(seen > 0);
    }
}
