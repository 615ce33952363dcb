//! The number of completed grids of a geometry.

use std::sync::Arc;

use super::completions::completions_unchecked;
use super::{bands, diagonals, disjoint, two_stacks, windows, Count, Options};
use crate::geometry::{Geometry, Layout, Variant};

/// How [`grids`] counts a geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridsMethod {
    /// Band composition (plain square boards with 2 or 3 bands and at most 32
    /// column profiles: box shapes 2×2, 2×3, 2×4, 2×5, 3×3 and transposes).
    Bands,
    /// Boxes of two rows by five columns (or five by two), where band
    /// composition runs out: the board split into its two stacks, whose
    /// fillings are counted per class of top-row digit sets
    /// (`count::two_stacks`).
    TwoStacks,
    /// Disjoint groups (and no other variant) on box shapes with at most 9
    /// digits and at most 3 rows per box: first bands grouped into classes
    /// under row, stack and column permutations, the rest of each class's
    /// grid counted by search (`count::disjoint`).
    DisjointBands,
    /// Sudoku X (and no other variant) on the same box shapes: first bands
    /// grouped into classes under the row-and-column permutations that keep
    /// the first band on top and the diagonals on the diagonals, the rest of
    /// each class's grid counted by search (`count::diagonals`).
    DiagonalBands,
    /// Windoku (and no other variant) on 3×3 boxes: the windows and five
    /// regions they imply partition the board into nine all-different
    /// regions; first bands grouped into classes under the 32 row-and-column
    /// permutations that keep bands, stacks, regions and the first band, the
    /// rest of each class's grid counted by search (`count::windows`).
    WindowBands,
    /// Exact completion counting of the empty grid, with digit relabelling
    /// (every variant, cubes and other shapes; feasible for small boards).
    Enumeration,
}

impl GridsMethod {
    /// The method [`grids`] uses for `geometry`.
    pub fn for_geometry(geometry: &Geometry) -> Self {
        if two_stacks(geometry) {
            GridsMethod::TwoStacks
        } else if plain_bands(geometry).is_some() {
            GridsMethod::Bands
        } else if disjoint_bands(geometry) {
            GridsMethod::DisjointBands
        } else if diagonal_bands(geometry) {
            GridsMethod::DiagonalBands
        } else if window_bands(geometry) {
            GridsMethod::WindowBands
        } else {
            GridsMethod::Enumeration
        }
    }
}

fn plain_bands(geometry: &Geometry) -> Option<bands::Plan> {
    if geometry.layout() != Layout::Square || !geometry.variants().is_empty() {
        return None;
    }
    bands::plan(geometry.box_shape())
}

/// Plain 2×5 and 5×2: the two-row shapes band composition does not reach
/// (the smaller ones keep it; the tests check both methods agree there).
fn two_stacks(geometry: &Geometry) -> bool {
    let shape = geometry.box_shape();
    geometry.layout() == Layout::Square
        && geometry.variants().is_empty()
        && two_stacks::applies(shape)
        && shape.rows.max(shape.cols) == 5
}

fn disjoint_bands(geometry: &Geometry) -> bool {
    geometry.layout() == Layout::Square
        && geometry.variants() == [Variant::DisjointGroups]
        && disjoint::applies(geometry.box_shape())
}

fn diagonal_bands(geometry: &Geometry) -> bool {
    geometry.layout() == Layout::Square
        && geometry.variants() == [Variant::Diagonals]
        && diagonals::applies(geometry.box_shape())
}

fn window_bands(geometry: &Geometry) -> bool {
    geometry.layout() == Layout::Square
        && geometry.variants() == [Variant::Windows]
        && windows::applies(geometry.box_shape())
}

/// The number of completed grids of `geometry` (exact, or a lower bound when
/// the budget runs out). Shards split the work deterministically; the partial
/// counts of shards `0..n` add up to the total.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::{count, BoxShape, Geometry, Variant};
/// let plain = Arc::new(Geometry::square(BoxShape::new(2, 3), &[]).unwrap());
/// assert_eq!(count::grids(&plain, &Default::default()).to_string(), "28200960");
/// let x = Arc::new(Geometry::square(BoxShape::new(2, 2), &[Variant::Diagonals]).unwrap());
/// assert_eq!(count::grids(&x, &Default::default()).to_string(), "48");
/// let dg = Arc::new(Geometry::square(BoxShape::new(2, 2), &[Variant::DisjointGroups]).unwrap());
/// assert_eq!(count::grids(&dg, &Default::default()).to_string(), "168");
/// ```
pub fn grids(geometry: &Arc<Geometry>, opts: &Options) -> Count {
    if two_stacks(geometry) {
        return two_stacks::count(geometry.box_shape(), opts);
    }
    match plain_bands(geometry) {
        Some(plan) => bands::count(plan, opts),
        None if disjoint_bands(geometry) => disjoint::count(geometry.box_shape(), opts),
        None if diagonal_bands(geometry) => diagonals::count(geometry.box_shape(), opts),
        None if window_bands(geometry) => windows::count(geometry.box_shape(), opts),
        None => {
            let empty = vec![0u16; geometry.cell_count()];
            completions_unchecked(geometry, &empty, opts)
        }
    }
}
