//! Random solution grids for any geometry.

use std::sync::Arc;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use super::jigsaw::LAYOUT_CHECK_BUDGET;
use crate::geometry::{Geometry, Layout};
use crate::grid::Grid;
use crate::solve::ExclusionCheck;

/// Guesses each seeded jigsaw fill may make before the seeds are redrawn.
/// The general completion may hand a stalled search to racing learning
/// solvers, whose answer depends on timing; jigsaw fills stall often enough
/// that they use plain backtracking, which keeps them reproducible.
const JIGSAW_FILL_GUESSES: u64 = 2_000;

/// A random completed grid of `geometry` (any shape, variant or cube).
///
/// A handful of random cells get random digits that agree with each other,
/// the solver completes the grid, and the digits are relabelled at random.
/// Seeds that admit no completion are simply redrawn. This is random but not
/// uniform over all grids: the solver's branching order shapes the rest.
pub fn random_solution(geometry: &Arc<Geometry>, rng: &mut impl Rng) -> Option<Grid> {
    random_solution_with(geometry, rng, &mut ExclusionCheck::new(geometry, None))
}

/// [`random_solution`] reusing the generator's search (`check` must be for
/// `geometry`).
pub(super) fn random_solution_with(
    geometry: &Arc<Geometry>,
    rng: &mut impl Rng,
    check: &mut ExclusionCheck,
) -> Option<Grid> {
    if let Some(grid) = classic_nine(geometry, rng, check) {
        return Some(grid);
    }
    let n = geometry.n();
    let cells = geometry.cell_count();
    let jigsaw = geometry.jigsaw_regions().is_some();
    // About one seed digit per row: enough variety, still almost always completable.
    let seeds = n.min(cells);
    for _ in 0..64 {
        let mut grid = Grid::empty(geometry.clone());
        let mut order: Vec<usize> = (0..cells).collect();
        order.shuffle(rng);
        for &cell in order.iter().take(seeds) {
            let used: Vec<u16> = geometry
                .units_of(cell)
                .iter()
                .flat_map(|&u| geometry.units()[u as usize].cells.iter())
                .map(|&c| grid.get(c as usize))
                .collect();
            let free: Vec<u16> = (1..=n as u16).filter(|d| !used.contains(d)).collect();
            if let Some(&d) = free.choose(rng) {
                grid.set(cell, d);
            }
        }
        let solution = if jigsaw {
            check.backtrack_solution(grid.cells(), JIGSAW_FILL_GUESSES)
        } else {
            check.first_solution(grid.cells())
        };
        if let Some(solution) = solution {
            return Some(relabel(&Grid::new(geometry.clone(), solution), rng));
        }
        if check.limits().expired() {
            return None;
        }
    }
    // Fall back to the solver's own completion of the empty grid (for a
    // jigsaw, first by backtracking, as `random_jigsaw` proved its layouts).
    if jigsaw {
        if let Some(s) = check.backtrack_solution(&vec![0; cells], LAYOUT_CHECK_BUDGET) {
            return Some(relabel(&Grid::new(geometry.clone(), s), rng));
        }
    }
    check
        .first_solution(&vec![0; cells])
        .map(|s| relabel(&Grid::new(geometry.clone(), s), rng))
}

/// Plain 9×9: the three boxes on the diagonal share no row, column or box,
/// so each gets an independent random permutation, and every such start
/// completes to a grid. With 27 givens the solver finishes almost without
/// guessing, several times faster than from a handful of scattered seeds
/// (which made the fill a fifth of the generator's time).
fn classic_nine(
    geometry: &Arc<Geometry>,
    rng: &mut impl Rng,
    check: &mut ExclusionCheck,
) -> Option<Grid> {
    let plain = geometry.layout() == Layout::Square
        && geometry.n() == 9
        && geometry.box_shape().rows == 3
        && geometry.variants().is_empty();
    if !plain {
        return None;
    }
    let mut values = [0u16; 81];
    for k in 0..3 {
        let mut digits: [u16; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(rng);
        for (i, d) in digits.into_iter().enumerate() {
            values[(3 * k + i / 3) * 9 + 3 * k + i % 3] = d;
        }
    }
    let solution = check.first_solution(&values)?;
    Some(Grid::new(geometry.clone(), solution))
}

/// The same grid with its digits permuted at random (a symmetry of every
/// geometry: units constrain which cells differ, not which digits they hold).
fn relabel(grid: &Grid, rng: &mut impl Rng) -> Grid {
    let n = grid.n();
    let mut perm: Vec<u16> = (1..=n as u16).collect();
    perm.shuffle(rng);
    let mut out = grid.clone();
    for cell in 0..grid.cells().len() {
        let v = grid.get(cell);
        if v != 0 {
            out.set(cell, perm[v as usize - 1]);
        }
    }
    out
}
