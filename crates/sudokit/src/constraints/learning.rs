//! Puzzles with constraints on the learning (CDCL) solver: for
//! `Engine::Learning`, and for hard puzzles where the propagation search
//! keeps meeting the same dead ends.
//!
//! The CDCL solver knows the units. Rules that a pair of candidates can
//! break (pair relations, distinct sets, thermometer order) become
//! two-literal clauses up front, and extra regions also their "at least
//! one" clauses. Sums, arrows, sandwiches, little killers, renban and
//! between lines are checked on each model instead: a model that breaks
//! one gets a clause forbidding the smallest part of its assignment that the
//! rule's own propagation still rejects ([`Constraint::may_hold`]), and the
//! search goes on. The clauses only ever forbid what breaks a rule, so the
//! solutions are exactly the puzzle's.

use std::sync::Arc;

use crate::geometry::Geometry;
use crate::limits::Limits;
use crate::solve::{Cdcl, SatResult, Searcher};

use super::mask::digits;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::search;

/// The learning solver with a puzzle's constraints.
pub(crate) struct LearningSearch {
    /// `None` when propagation already found the puzzle impossible.
    sat: Option<Cdcl>,
    model: Model,
    solution: Option<Vec<u16>>,
    interrupted: bool,
    /// Models rejected by a constraint checked on the model.
    rejected: u64,
}

impl LearningSearch {
    /// The solver from per-cell masks (givens as single bits).
    pub(crate) fn new(geo: Arc<Geometry>, model: Model, masks: Vec<u64>, limits: Limits) -> Self {
        let (model, mut masks, watchers) = search::prepared(&geo, model, masks);
        let sat = search::propagate(&geo, &model, &watchers, &mut masks).then(|| {
            let cands = masks
                .iter()
                .map(|&m| digits(m).map(|d| d as u16 - 1).collect())
                .collect();
            let mut sat = Cdcl::new(&geo, Some(cands));
            sat.set_limits(limits);
            encode(&mut sat, &model, &masks);
            sat
        });
        LearningSearch {
            sat,
            model,
            solution: None,
            interrupted: false,
            rejected: 0,
        }
    }

    /// Models a constraint rejected so far.
    #[cfg(test)]
    fn rejected(&self) -> u64 {
        self.rejected
    }
}

impl Searcher for LearningSearch {
    /// Finds the next solution; false when there is none left or the
    /// limits stopped the search.
    fn advance(&mut self) -> bool {
        self.solution = None;
        let Some(sat) = self.sat.as_mut() else {
            return false;
        };
        let n = self.model.n;
        loop {
            match sat.solve() {
                SatResult::Unsat => return false,
                SatResult::Interrupted => {
                    self.interrupted = true;
                    return false;
                }
                SatResult::Sat => {
                    let values = sat.model_values();
                    let all = &self.model.constraints;
                    let mut broken = false;
                    for c in all.iter().filter(|c| !c.satisfied(&values, n, all)) {
                        broken = true;
                        self.rejected += 1;
                        let nogood = smallest_rejected_part(c, &values, n, all);
                        let lits: Vec<(usize, u16, bool)> = nogood
                            .iter()
                            .map(|&cell| (cell, values[cell] - 1, false))
                            .collect();
                        sat.add_rule_clause(&lits);
                    }
                    if !broken {
                        sat.block(&values);
                        self.solution = Some(values);
                        return true;
                    }
                }
            }
        }
    }

    /// Decisions of the learning solver (its counterpart of guesses).
    fn guesses(&self) -> u64 {
        self.sat.as_ref().map_or(0, Cdcl::decisions)
    }

    fn interrupted(&self) -> bool {
        self.interrupted
    }

    fn solution_values(&self) -> Option<Vec<u16>> {
        self.solution.clone()
    }
}

/// The clauses for the rules two candidates can break, and the extra
/// regions' "at least one" clauses; `masks` are the candidates after
/// propagation.
fn encode(sat: &mut Cdcl, model: &Model, masks: &[u64]) {
    let two = |sat: &mut Cdcl, a: usize, d: u32, b: usize, e: u32| {
        sat.add_rule_clause(&[(a, d as u16 - 1, false), (b, e as u16 - 1, false)]);
    };
    let distinct = |sat: &mut Cdcl, cells: &[usize]| {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                for d in digits(masks[a] & masks[b]) {
                    two(sat, a, d, b, d);
                }
            }
        }
    };
    for p in &model.props {
        match p {
            Prop::Pair(a, b, t) => {
                let table = &model.tables[*t];
                for d in digits(masks[*a]) {
                    for e in digits(masks[*b] & !table[d as usize - 1]) {
                        two(sat, *a, d, *b, e);
                    }
                }
            }
            Prop::Distinct(cells)
            | Prop::Renban(cells)
            | Prop::Sum {
                cells,
                distinct: true,
                ..
            } => distinct(sat, cells),
            Prop::Unit(cells) => {
                distinct(sat, cells);
                for d in 0..model.n as u16 {
                    let lits: Vec<_> = cells.iter().map(|&c| (c, d, true)).collect();
                    sat.add_rule_clause(&lits);
                }
            }
            Prop::Thermo(cells) => {
                for w in cells.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    for d in digits(masks[a]) {
                        for e in digits(masks[b]).filter(|&e| e <= d) {
                            two(sat, a, d, b, e);
                        }
                    }
                }
            }
            // Checked on each model (see the module comment).
            Prop::Sum { .. }
            | Prop::Arrow { .. }
            | Prop::Sandwich { .. }
            | Prop::LittleKiller { .. }
            | Prop::Between(_)
            | Prop::Family(..) => {}
        }
    }
}

/// The cells of `c` whose digits in `values` already break it, as few as
/// one pass finds: each cell is dropped in turn while the rest still
/// cannot hold ([`Constraint::may_hold`] is exact when it says no). A
/// board-wide rule names no cells, so its part is the whole board.
fn smallest_rejected_part(
    c: &Constraint,
    values: &[u16],
    n: usize,
    all: &[Constraint],
) -> Vec<usize> {
    let mut cells = c.cells(n);
    if cells.is_empty() {
        return (0..values.len()).collect();
    }
    let mut part = vec![0u16; values.len()];
    for &x in &cells {
        part[x] = values[x];
    }
    if c.may_hold(&part, n, all) {
        // The rule's propagation cannot see this break on part of the
        // board: forbid the rule's whole assignment.
        return cells;
    }
    let mut i = 0;
    while i < cells.len() {
        let x = cells[i];
        part[x] = 0;
        if c.may_hold(&part, n, all) {
            part[x] = values[x];
            i += 1;
        } else {
            cells.swap_remove(i);
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;

    fn search(text: &str) -> LearningSearch {
        let p: Puzzle = text.parse().unwrap();
        let (model, masks) = p.constraint_model().unwrap();
        LearningSearch::new(p.geometry().clone(), model, masks, Limits::default())
    }

    fn all(mut s: LearningSearch) -> (Vec<Vec<u16>>, LearningSearch) {
        let mut found = Vec::new();
        while s.advance() {
            found.push(s.solution_values().unwrap());
        }
        (found, s)
    }

    /// The same solutions as the propagation search, on puzzles with
    /// several: rules encoded as clauses (non-consecutive, thermometers)
    /// and rules checked on each model (cages, arrows).
    #[test]
    fn learning_finds_the_same_solutions_as_the_propagation_search() {
        for text in [
            "box: 2x3\nnon-consecutive\n.5..................................",
            "box: 2x2\nthermo: r1c1 r1c2 r2c2\ncage: 5 r3c1 r4c1\n................",
            "box: 2x2\narrow: r1c1 | r2c2 r3c3\ncage: 5 r4c1 r4c2\n................",
            "box: 2x2\nregion: r1c1 r2c2 r3c3 r4c4\nodd: r1c2\n................",
            "box: 2x3\nsandwich: row 1 = 9\nlittle-killer: 22 r1c2 down-right\nlittle-killer: 12 r1c3 down-right\nlittle-killer: 10 r3c1 up-right\n2.....1.....3...........6.....5.....",
        ] {
            let (mut ours, s) = all(search(text));
            let p: Puzzle = text.parse().unwrap();
            let (model, masks) = p.constraint_model().unwrap();
            let mut other =
                search::ConstraintSearch::new(p.geometry().clone(), model, masks, Limits::default());
            let mut theirs = Vec::new();
            while other.advance() {
                theirs.push(other.solution_values().unwrap());
            }
            assert!(theirs.len() > 1, "{text}: {} solutions", theirs.len());
            let n = ours.len();
            ours.sort();
            ours.dedup();
            assert_eq!(ours.len(), n, "{text}: a solution came twice");
            theirs.sort();
            assert_eq!(ours, theirs, "{text}");
            if text.contains("cage") || text.contains("killer") {
                assert!(s.rejected() > 0, "{text}: no model was rejected");
            }
        }
    }

    #[test]
    fn a_cage_that_cannot_hold_leaves_no_solution() {
        // 1 + 2 is the only way to 3 in two cells; r1c1 = 1 and r1c3 = 2
        // take both from the cage's row.
        let (found, _) = all(search("box: 2x2\ncage: 3 r1c2 r1c4\n1.2............."));
        assert!(found.is_empty());
    }

    #[test]
    fn the_rejected_part_is_smaller_than_the_rule() {
        let cage = Constraint::Cage {
            cells: vec![0, 1, 2, 3],
            sum: Some(10),
        };
        // Two 4s break the cage whatever the other two cells hold.
        let part = smallest_rejected_part(&cage, &[4, 4, 1, 2, 0, 0, 0, 0], 4, &[]);
        assert!(part.len() < 4, "{part:?}");
        let mut probe = vec![0u16; 8];
        for &c in &part {
            probe[c] = [4, 4, 1, 2][c];
        }
        assert!(!cage.may_hold(&probe, 4, &[]));
    }
}
