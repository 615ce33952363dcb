//! A dedicated solver for plain 9×9 sudoku (3×3 boxes, no variants).
//!
//! Candidates are band bitboards (see [`board`] for the layout and the
//! propagation rules); the search is depth-first over copies of the 250-byte
//! board, with an explicit stack so that enumeration streams and can stop at
//! any solution. The generic solver is the reference: the tests in
//! `tests/nine_differential.rs` check that both agree.

mod board;
mod tables;

use crate::geometry::{BoxShape, Geometry, Layout};

use board::Board;

/// Whether `geo` is the plain 9×9 board this solver handles.
pub(crate) fn applies(geo: &Geometry) -> bool {
    geo.layout() == Layout::Square
        && geo.box_shape() == BoxShape::new(3, 3)
        && geo.variants().is_empty()
}

/// A branch point on the stack: the board before branching, where, and the
/// digits not tried yet.
struct Frame {
    board: Board,
    band: usize,
    bit: u32,
    untried: u32,
}

/// Depth-first search over one 9×9 puzzle, resumable: each
/// [`NineSearch::advance`] finds the next solution.
pub(crate) struct NineSearch {
    stack: Vec<Frame>,
    /// A propagated, consistent board not yet expanded.
    pending: Option<Board>,
    /// The last solution found.
    solution: Option<Board>,
    guesses: u64,
}

impl NineSearch {
    /// `values`: 81 cells row-major, `0` = empty, `1..=9` = given.
    pub(crate) fn new(values: &[u16]) -> Self {
        NineSearch {
            stack: Vec::with_capacity(16),
            pending: Board::from_values(values),
            solution: None,
            guesses: 0,
        }
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    pub(crate) fn solution_values(&self) -> Option<Vec<u16>> {
        self.solution.as_ref().map(Board::values)
    }

    /// Finds the next solution; false when the search space is exhausted.
    pub(crate) fn advance(&mut self) -> bool {
        self.solution = None;
        loop {
            if let Some(board) = self.pending.take() {
                if board.solved() {
                    self.solution = Some(board);
                    return true;
                }
                let br = board.branch();
                self.stack.push(Frame {
                    board,
                    band: br.band,
                    bit: br.bit,
                    untried: br.digits,
                });
            }
            let Some(frame) = self.stack.last_mut() else {
                return false;
            };
            let d = frame.untried.trailing_zeros() as usize;
            frame.untried &= frame.untried - 1;
            self.guesses += 1;
            let (band, bit) = (frame.band, frame.bit);
            let mut child = if frame.untried == 0 {
                self.stack.pop().expect("frame").board
            } else {
                frame.board
            };
            if child.try_place(d, band, bit) && child.propagate() {
                self.pending = Some(child);
            }
        }
    }
}
