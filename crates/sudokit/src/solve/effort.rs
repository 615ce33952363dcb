//! How much work the learning solver needs on a puzzle, in conflicts.
//!
//! Why. Wall time on a shared machine drifts by ±10% from run to run, and
//! the racing pair (see `race.rs`) is not even deterministic, so two
//! heuristics that differ by a few percent cannot be told apart by timing
//! them. One CDCL solver with a fixed initial variable order is
//! deterministic: its conflicts to the first solution and to the end of the
//! uniqueness proof are the same on every run and every machine. Summed over
//! several puzzles and several orders (seeds), they measure a change in
//! heuristics or encoding; the time per conflict then measures its cost.

use crate::grid::Grid;

use super::limits::Limits;
use super::sat::{Cdcl, SatResult};

/// Conflicts and decisions of one solver up to some point of its search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Conflicts met (each one teaches a clause).
    pub conflicts: u64,
    /// Decisions made (candidates placed by choice).
    pub decisions: u64,
}

/// The learning solver's work on one puzzle: to its first solution, and in
/// all when it has proved there is no second one (or found it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Work up to the first solution; `None` when there is none (or the
    /// limits stopped the search first).
    pub first: Option<Work>,
    /// Work up to the answer of "is there a second solution"; `None` when
    /// the limits stopped the search first.
    pub total: Option<Work>,
    /// Solutions found: 0, 1 or 2.
    pub solutions: usize,
}

/// Runs one CDCL solver (never a racing pair) on `grid` up to proven
/// uniqueness and reports its [`Effort`]. `seed` draws the initial variable
/// order (`0`: the order the solver uses by default); the counts depend on
/// nothing else. Contradictory givens simply have no solution here.
///
/// ```
/// use sudokit::{Grid, solve::{self, Limits}};
/// // An empty 4×4 board has 288 solutions: a second one turns up.
/// let g = Grid::from_line(&".".repeat(16)).unwrap();
/// let e = solve::learning_effort(&g, 7, Limits::none());
/// assert_eq!(e.solutions, 2);
/// assert_eq!(e, solve::learning_effort(&g, 7, Limits::none()));
/// ```
pub fn learning_effort(grid: &Grid, seed: u64, limits: Limits) -> Effort {
    let geo = grid.geometry();
    let mut solver = Cdcl::new(geo, super::with_initial_candidates(geo, grid.cells()));
    solver.set_limits(limits);
    if seed != 0 {
        solver.shuffle_order(seed);
    }
    let work = |s: &Cdcl| Work {
        conflicts: s.conflicts(),
        decisions: s.decisions(),
    };
    let mut effort = Effort {
        first: None,
        total: None,
        solutions: 0,
    };
    while effort.solutions < 2 {
        match solver.solve() {
            SatResult::Sat => {
                effort.solutions += 1;
                if effort.solutions == 1 {
                    effort.first = Some(work(&solver));
                }
                let model = solver.model_values();
                solver.block(&model);
            }
            SatResult::Unsat => break,
            SatResult::Interrupted => return effort,
        }
    }
    effort.total = Some(work(&solver));
    effort
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unique 9×9 puzzle: one solution, the same counts on every run of a
    /// seed, and a proof that comes after the first solution.
    #[test]
    fn unique_puzzle_has_one_solution_and_a_proof() {
        let g = Grid::from_line(
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        )
        .unwrap();
        for seed in [0, 1, 2] {
            let e = learning_effort(&g, seed, Limits::none());
            assert_eq!(e.solutions, 1);
            let (first, total) = (e.first.unwrap(), e.total.unwrap());
            assert!(total.conflicts >= first.conflicts && total.decisions >= first.decisions);
            assert_eq!(e, learning_effort(&g, seed, Limits::none()));
        }
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        let g = Grid::from_line(&format!("11{}", ".".repeat(79))).unwrap();
        let e = learning_effort(&g, 0, Limits::none());
        assert_eq!((e.first, e.solutions), (None, 0));
        assert!(e.total.is_some());
    }
}
