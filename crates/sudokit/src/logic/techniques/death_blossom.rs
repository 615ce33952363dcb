//! Death Blossom: a stem cell and, for each of its digits x (one is
//! enough, as in HoDoKu), an almost
//! locked set (a *petal*) holding x whose every x sees the stem. Whatever
//! the stem holds, the petal of that digit loses it and is locked. So a
//! digit z that every petal holds (and the stem does not) lies in some
//! petal: a cell seeing every z of every petal loses z. Petals share no
//! cell with each other or the stem (HoDoKu's default). HoDoKu ships it
//! off in its solving order, so it is searched only when asked for
//! ([`Candidates::enable`]); petals are the ALSs of up to five cells the
//! other ALS techniques use.

use super::als::{Als, Small};
use super::{digits_text, elim_text, Cand, Candidates, Step, Technique};
use crate::logic::candidates::{bits, cells128};

/// The first Death Blossom: stems in cell order, petals per stem digit in
/// the ALS table's order.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let mut found = None;
    search(c, &mut |s| {
        found = Some(s);
        false
    });
    found
}

/// Calls `take` with each Death Blossom until it returns false.
fn search(c: &Candidates, take: &mut dyn FnMut(Step) -> bool) {
    let Some(table) = super::als::table(c) else {
        return;
    };
    let (list, small) = (&table.list, &table.small);
    let digit_cells = c.digit_cells();
    for stem in 0..c.cell_count() {
        let stem_mask = c.mask(stem);
        if c.values()[stem] != 0 || stem_mask == 0 || c.out_of_time() {
            continue;
        }
        // For each stem digit, the ALSs it can be the petal of.
        let petals: Vec<(usize, Vec<usize>)> = bits(stem_mask)
            .map(|x| {
                let of: Vec<usize> = (0..small.len())
                    .filter(|&i| {
                        let s = &small[i];
                        s.cells_of[x] != 0 && s.seen[x] >> stem & 1 != 0 && s.set >> stem & 1 == 0
                    })
                    .collect();
                (x, of)
            })
            .collect();
        if petals.iter().any(|(_, of)| of.is_empty()) {
            continue;
        }
        let mut walk = Walk {
            c,
            list,
            small,
            digit_cells: &digit_cells,
            stem,
            stem_mask,
            petals: &petals,
            chosen: Vec::with_capacity(petals.len()),
            take,
        };
        if !walk.extend(1 << stem, !0) {
            return;
        }
    }
}

struct Walk<'a> {
    c: &'a Candidates,
    list: &'a [Als],
    small: &'a [Small],
    digit_cells: &'a [u128],
    stem: usize,
    stem_mask: u64,
    /// Per stem digit (0-based), the ALSs that can be its petal.
    petals: &'a [(usize, Vec<usize>)],
    chosen: Vec<usize>,
    take: &'a mut dyn FnMut(Step) -> bool,
}

impl Walk<'_> {
    /// Chooses the petal of the next stem digit; `used` holds the stem and
    /// the petals so far, `common` the digits every one of them holds.
    /// False once `take` wants no more.
    fn extend(&mut self, used: u128, common: u64) -> bool {
        if common & !self.stem_mask == 0 {
            return true;
        }
        let k = self.chosen.len();
        if k == self.petals.len() {
            return self.check(used, common & !self.stem_mask);
        }
        for &i in &self.petals[k].1 {
            let s = &self.small[i];
            if s.set & used != 0 {
                continue;
            }
            self.chosen.push(i);
            let more = self.extend(used | s.set, common & self.list[i].mask);
            self.chosen.pop();
            if !more {
                return false;
            }
        }
        true
    }

    /// The eliminations of a full blossom: for each digit `z` of `zs`, the
    /// cells outside it seeing every z of every petal.
    fn check(&mut self, used: u128, zs: u64) -> bool {
        let mut elims = Vec::new();
        for z in bits(zs) {
            let seen = self
                .chosen
                .iter()
                .fold(!0u128, |a, &i| a & self.small[i].seen[z]);
            for x in cells128(seen & self.digit_cells[z] & !used) {
                elims.push(Cand::new(x, z as u16 + 1));
            }
        }
        if elims.is_empty() {
            return true;
        }
        let c = self.c;
        let mut s = Step::new(Technique::DeathBlossom);
        s.eliminations = elims;
        s.cells = std::iter::once(self.stem as u32)
            .chain(
                self.chosen
                    .iter()
                    .flat_map(|&i| self.list[i].cells.iter().copied()),
            )
            .collect();
        s.candidates = bits(self.stem_mask)
            .map(|d| Cand::new(self.stem, d as u16 + 1))
            .collect();
        for &i in &self.chosen {
            for &x in self.list[i].cells.iter() {
                s.candidates
                    .extend(bits(c.mask(x as usize)).map(|d| Cand::new(x as usize, d as u16 + 1)));
            }
        }
        explain!(c, s, "{}", self.text(c, &s, zs));
        (self.take)(s)
    }

    fn text(&self, c: &Candidates, s: &Step, zs: u64) -> String {
        let petals: Vec<String> = self
            .petals
            .iter()
            .zip(&self.chosen)
            .map(|((x, _), &i)| {
                let a = &self.list[i];
                let cells: Vec<String> = a.cells.iter().map(|&y| c.cn(y as usize)).collect();
                format!("{} for {}", cells.join(" "), x + 1)
            })
            .collect();
        format!(
            "Whatever {} holds ({}), the set of that digit among {} loses it and is locked; \
             each holds {}, so remove {}",
            c.cn(self.stem),
            digits_text(self.stem_mask),
            petals.join("; "),
            digits_text(zs),
            elim_text(c, &s.eliminations)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::solution_of;
    use super::*;
    use crate::grid::Grid;

    /// Known answers: on the first candidates of the first 40 top1465
    /// puzzles, every candidate some Death Blossom removes, as HoDoKu's ALS
    /// solver finds them all (through the PyPI port hodoku-py 0.2.1,
    /// `_find_death_blossom_all`), counting only blossoms whose petals have
    /// at most five cells, as here; `(cell, digit)`.
    #[rustfmt::skip]
    const HODOKU: &[(&str, &[(usize, u16)])] = &[
        ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", &[(2,7),(11,7),(20,7),(28,1),(28,2),(75,7),(76,7),(77,7)]),
        ("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", &[]),
        ("7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", &[]),
        ("3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....", &[]),
        ("5..7..6....38...........2..62.4............917............35.8.4.....1......9....", &[]),
        ("4..7..6....38...........2..62.5............917............43.8.5.....1......9....", &[]),
        (".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........", &[]),
        ("7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.", &[(13,8),(13,9),(24,1),(25,1),(26,1),(56,1),(65,1),(74,1)]),
        ("......41.9..3.....3...5.....48..7..........62.1.......6..2....5.7....8......9....", &[(2,6),(11,6),(20,6),(42,3),(42,9),(48,6),(49,6),(50,6)]),
        ("7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....9....8...8.....6.", &[(13,8),(13,9),(24,1),(25,1),(26,1),(56,1),(65,1),(74,1)]),
        (".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....", &[(2,3),(20,3),(27,3),(28,3),(29,3),(31,4),(38,4),(38,7),(43,4),(44,3),(44,4),(49,4),(49,7),(50,4),(50,7),(51,5),(51,6),(52,5),(52,6),(53,5),(53,6),(56,3),(74,3)]),
        ("8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........", &[]),
        ("6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..", &[(13,2),(13,3),(24,1),(25,1),(26,1),(29,1),(38,1),(47,1)]),
        ("......41.9..3.....3...2.....48..7..........52.1.......5..2....6.7....8......9....", &[(2,5),(11,5),(20,5),(42,3),(42,9),(48,5),(49,5),(50,5)]),
        ("1...48....5....9....6...3.....57.2..8.3.........9............4167..........2.....", &[(19,2)]),
        ("7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........", &[]),
        ("4.3.....2...6.1...8...........5..79.2...3.....1..........84.....9....6...7.....5.", &[(13,7),(13,9),(24,1),(25,1),(26,1),(55,5),(56,1),(65,1),(74,1)]),
        (".1.62....5......43....9....7......8...5.....4...1..........36...9....2..8....7...", &[]),
        ("4.3.....2...6.1...8...........5..97.2...3.....1..........84.....9....6...7.....5.", &[(13,7),(13,9),(24,1),(25,1),(26,1),(55,5),(56,1),(65,1),(74,1)]),
        ("8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....1....9...4.....7.", &[(13,4),(13,6),(24,1),(25,1),(26,1)]),
        ("....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..", &[]),
        ("8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....4....7...1.....9.", &[(13,4),(13,6),(24,1),(25,1),(26,1)]),
        ("....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3..", &[(62,8),(64,1),(64,8),(65,1),(65,8),(66,1),(66,7),(66,8),(79,1),(79,8),(80,7),(80,8)]),
        ("3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..", &[]),
        ("...9.31..6.7....8.2.........5....4......6..2..1.......8...7.......3..5.....4....9", &[(21,1),(22,1),(23,1),(37,3),(37,9),(56,1),(65,1),(74,1)]),
        ("8.5.....2...4.1...3.........6.7..4..2...5...........9....38.....1....7...9.....6.", &[(13,6),(13,9),(24,1),(25,1),(26,1)]),
        ("7.4.....2...8.1...3.........5.6..1..2...4...........9....37.....9....5...8.....6.", &[(13,5),(13,9),(24,8),(25,8),(26,8)]),
        ("7.4.....2...8.1...3.........5.6..1..2...4...........9....37.....8....6...9.....5.", &[(13,5),(13,9),(24,8),(25,8),(26,8)]),
        ("..1.....7...89..........6..26..3.......5...749...........1.4.5.83.............2..", &[(29,8),(40,1),(40,8),(41,1),(41,8),(42,1),(42,3),(42,8),(46,1),(46,8),(47,3),(47,8)]),
        ("2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......", &[(7,1),(25,1),(27,1),(27,5),(28,4),(28,5),(34,4),(34,5),(40,6),(42,1),(43,1),(44,1),(45,3),(45,9),(46,3),(46,9),(47,3),(47,9),(50,4),(50,5),(51,4),(52,4),(52,5),(52,6),(53,4),(53,5),(53,6),(61,1),(79,1)]),
        ("8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....1....7...4.....9.", &[(13,4),(13,6),(24,1),(25,1),(26,1)]),
        (".8.....63....4.2............1.8.35..7.....9.....6.....2.9.7...........354........", &[(44,1),(44,4),(51,7),(52,7),(53,7)]),
        (".9.3...2.....7.5...1.......7.86..4.....9.2...5...........1...634...8.............", &[(40,1),(51,9),(52,9),(53,9)]),
        ("...9.31..5.7....8.2.........4....6......5..2..1.......8...7.......6..4.....3....9", &[(21,1),(22,1),(23,1),(37,3),(37,9),(56,1),(65,1),(74,1)]),
        ("5.8.....7...9.1...4............5...4.6.....3..9....6...2.3...1.7...8..........2..", &[(13,2),(13,6),(24,9),(25,9),(26,9)]),
        (".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........", &[(6,6)]),
        ("......41.6..3.....3...2.....49..8..........52.1.......5..6....7.8....9......3....", &[(2,5),(11,5),(20,5),(42,3),(42,6),(48,5),(49,5),(50,5)]),
        ("5..6.3....2....98.......1...1..9.......3....67.......4....8.25.4..7..............", &[(35,3),(35,5),(70,6),(79,6)]),
        ("......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9....", &[(0,2),(0,5),(1,8),(2,2),(2,5),(2,6),(3,8),(4,8),(5,8),(8,8),(10,8),(11,2),(11,5),(11,6),(19,8),(20,2),(20,6),(37,6),(47,2),(47,5),(51,3),(51,6),(51,9),(52,3),(52,6),(52,9),(53,3),(53,6),(53,9),(56,1),(56,4),(63,2),(63,5),(65,1),(65,4),(72,2),(72,5),(72,8),(74,1),(74,4)]),
        ("7.4.....2...8.1...3.........5.6..1..2...4...........5....37.....9....6...8.....9.", &[(13,5),(13,9),(24,8),(25,8),(26,8)]),
    ];

    #[test]
    fn every_blossom_agrees_with_hodoku() {
        let mut steps = 0;
        for (line, want) in HODOKU {
            let c = Candidates::from_grid(&Grid::from_line(line).unwrap()).unwrap();
            let mut got = Vec::new();
            search(&c, &mut |s| {
                steps += 1;
                got.extend(s.eliminations.iter().map(|e| (e.cell as usize, e.digit)));
                true
            });
            got.sort_unstable();
            got.dedup();
            assert_eq!(&got, want, "{line}");
            assert_eq!(find(&c).is_some(), !want.is_empty(), "{line}");
        }
        assert!(steps > 40, "{steps} blossoms");
    }

    /// Along the solving paths of hard puzzles, no Death Blossom removes
    /// the search solver's digit (that solver shares no code with this one).
    #[test]
    fn blossoms_keep_the_solution() {
        let mut seen = 0;
        for (line, _) in &HODOKU[..12] {
            let grid = Grid::from_line(line).unwrap();
            let solution = solution_of(line);
            let mut c = Candidates::from_grid(&grid).unwrap();
            while let Some(step) = crate::logic::next_step(&c) {
                search(&c, &mut |s| {
                    seen += 1;
                    for e in &s.eliminations {
                        assert_ne!(solution[e.cell as usize], e.digit, "{line}: {s:?}");
                    }
                    true
                });
                crate::logic::apply(&mut c, &step);
            }
        }
        assert!(seen > 0);
    }
}
