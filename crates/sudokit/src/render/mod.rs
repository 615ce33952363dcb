//! Pictures of boards: SVG for any shape, variant and cube; PDF booklets.
//!
//! Both renderers draw from the geometry alone: a border between two
//! neighbouring cells is thick when they lie in different boxes or jigsaw
//! regions, so regular boxes, irregular regions and every box shape come out
//! of the same rule, and cells of extra units (diagonals, windows) are shaded.

#[cfg(feature = "pdf")]
pub mod pdf;
#[cfg(feature = "pdf")]
mod pdf_constraints;
#[cfg(feature = "pdf")]
mod pdf_text;
pub mod svg;

use crate::geometry::{Geometry, UnitKind};
use crate::grid::Grid;

/// For each cell of the layer starting at `base` (0 for a square board): the
/// index of its box or jigsaw region, the units whose borders are drawn thick.
pub(crate) fn region_of(puzzle: &Grid, base: usize) -> Vec<usize> {
    let geo = puzzle.geometry();
    let n = geo.n();
    let jigsaw = geo
        .units()
        .iter()
        .any(|u| matches!(u.kind, UnitKind::Region));
    (base..base + n * n)
        .map(|cell| {
            geo.units_of(cell)
                .iter()
                .map(|&u| &geo.units()[u as usize])
                .find(|u| match u.kind {
                    UnitKind::Region => true,
                    UnitKind::Box => !jigsaw,
                    // A cube's layers are its planes of fixed first coordinate.
                    UnitKind::CubeBox(axis) => axis == 0,
                    _ => false,
                })
                .map_or(usize::MAX, |u| u.index)
        })
        .collect()
}

/// Whether a cell belongs to an extra unit drawn shaded (diagonals, windows).
pub(crate) fn shaded(geo: &Geometry, cell: usize) -> bool {
    geo.units_of(cell).iter().any(|&u| {
        matches!(
            geo.units()[u as usize].kind,
            UnitKind::Diagonal | UnitKind::AntiDiagonal | UnitKind::Window
        )
    })
}

/// Pencil marks from the givens alone: for each empty cell, every digit not
/// already placed in one of its units (bit `d - 1` for digit `d`, digits up
/// to 64); 0 for filled cells.
///
/// ```
/// use sudokit::{render::given_candidates, Grid};
/// let g = Grid::from_line("1.3.............").unwrap();
/// assert_eq!(given_candidates(&g)[1], 0b1010); // r1c2: 2 or 4
/// ```
pub fn given_candidates(grid: &Grid) -> Vec<u64> {
    let geo = grid.geometry();
    let all = if geo.n() >= 64 {
        u64::MAX
    } else {
        (1u64 << geo.n()) - 1
    };
    (0..geo.cell_count())
        .map(|cell| {
            if grid.get(cell) != 0 {
                return 0;
            }
            let mut mask = all;
            for &u in geo.units_of(cell) {
                for &other in &geo.units()[u as usize].cells {
                    let v = grid.get(other as usize);
                    if (1..=64).contains(&v) {
                        mask &= !(1u64 << (v - 1));
                    }
                }
            }
            mask
        })
        .collect()
}
