//! A board's contents: one value per cell.

use std::sync::Arc;

use crate::geometry::Geometry;

/// Values on a board: `0` for an empty cell, `1..=N` for a digit. Reading
/// and writing text (`Grid::from_line`, `to_line`, `Display`) live in
/// [`crate::format`], which builds on this type.
///
/// The geometry is shared (`Arc`) because a batch of puzzles of one shape, and
/// every solution of one puzzle, use the same cells and units.
///
/// ```
/// use sudokit::Grid;
/// let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
/// assert_eq!(g.get(0), 8);
/// assert_eq!(g.givens(), 22);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    geometry: Arc<Geometry>,
    cells: Vec<u16>,
}

impl Grid {
    /// An empty board.
    pub fn empty(geometry: Arc<Geometry>) -> Self {
        let cells = vec![0; geometry.cell_count()];
        Grid { geometry, cells }
    }

    /// A board with the given values. Panics if the length is not the number of
    /// cells or a value exceeds N; parsers check both before calling.
    pub fn new(geometry: Arc<Geometry>, cells: Vec<u16>) -> Self {
        assert_eq!(cells.len(), geometry.cell_count(), "wrong number of cells");
        let n = geometry.n() as u16;
        assert!(cells.iter().all(|&v| v <= n), "value out of range");
        Grid { geometry, cells }
    }

    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }
    pub fn n(&self) -> usize {
        self.geometry.n()
    }
    #[inline]
    pub fn get(&self, cell: usize) -> u16 {
        self.cells[cell]
    }
    /// Sets a cell (`0` clears it). Panics if `value > N`.
    pub fn set(&mut self, cell: usize, value: u16) {
        assert!(value as usize <= self.n(), "value out of range");
        self.cells[cell] = value;
    }
    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
    /// True when no cell is empty (says nothing about validity).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// True when the grid is full and every unit holds every digit once.
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.geometry.first_duplicate(&self.cells).is_none()
    }
}
