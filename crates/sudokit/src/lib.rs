//! # sudokit
//!
//! A sudoku engine for any box shape and variant. The front door is
//! [`Puzzle`]: read one from any common text format, then call a use case
//! on it (solve, check, count, solutions, hint, explain, rate, canonical
//! form, pictures), each taking one [`Options`] (time limit, cancellation,
//! engine, threads) and failing with one typed [`Error`]. With the `serde`
//! feature, [`view`] holds the one printed form of the answers that the CLI,
//! the web API and the bindings share.
//!
//! Below the front door: boards are cells and units ([`Geometry`]), their
//! contents [`Grid`]s, [`format`](mod@format) reads and writes text, [`solve`]
//! holds the grid-level solvers the `Puzzle` methods are built on, and
//! [`count`] counts exactly, in arbitrary precision: the completions of any
//! partial grid and all grids of a shape.
//!
//! ```
//! use sudokit::{CountMode, Options, Puzzle};
//! // Seed 001's 6×6 example in its `R C` header format.
//! let text = "2 3\n2 0 0 0 0 3\n4 0 0 5 2 1\n3 0 6 0 0 0\n0 0 0 3 0 2\n6 3 4 0 0 5\n5 0 0 0 0 6\n";
//! let puzzle: Puzzle = text.parse().unwrap();
//! let opts = Options::default();
//! let solution = puzzle.solve(&opts).unwrap();
//! assert!(solution.is_solved());
//! assert!(puzzle.count(CountMode::All, &opts).unwrap().is_exact());
//! assert!(puzzle.check(&opts).unwrap().is_unique());
//! ```

pub mod bits;
pub mod canon;
pub mod constraints;
pub mod count;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod limits;
pub mod logic;
mod marks;
mod pencil;
mod puzzle;
pub mod render;
#[cfg(feature = "serde")]
pub mod service;
pub mod setter;
pub mod solve;
pub mod validate;
#[cfg(feature = "serde")]
pub mod view;

pub use geometry::{BoxShape, Geometry, Layout, UnitKind, Variant};
pub use grid::Grid;
pub use limits::Limits;
pub use puzzle::{
    CountMode, Error, Options, Picture, PlayerHint, Puzzle, Rating, RowSolver, Verdict,
    MAX_FILLED_SIDE, MAX_MARKED_SIDE,
};
