//! # sudokit
//!
//! A sudoku engine for any box shape and variant: boards are cells and units
//! ([`Geometry`]), puzzles are [`Grid`]s read from any common text format
//! ([`format`](mod@format)), and [`solve`] finds, counts and enumerates solutions;
//! [`count`] counts exactly, in arbitrary precision: the completions of any
//! partial grid and all grids of a shape.
//!
//! ```
//! use sudokit::{format, solve, Grid};
//! // Seed 001's 6×6 example in its `R C` header format.
//! let text = "2 3\n2 0 0 0 0 3\n4 0 0 5 2 1\n3 0 6 0 0 0\n0 0 0 3 0 2\n6 3 4 0 0 5\n5 0 0 0 0 6\n";
//! let puzzle: Grid = format::parse_one(text, &Default::default()).unwrap();
//! let solution = solve::solve(&puzzle).unwrap().unwrap();
//! assert!(solution.is_solved());
//! assert_eq!(solve::count(&puzzle, 0).unwrap(), 1);
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
mod puzzle;
pub mod render;
#[cfg(feature = "serde")]
pub mod service;
pub mod setter;
pub mod solve;
pub mod validate;

pub use geometry::{BoxShape, Geometry, Layout, UnitKind, Variant};
pub use grid::Grid;
pub use limits::Limits;
pub use puzzle::{
    CountMode, Error, Options, Picture, PlayerHint, Puzzle, Rating, Verdict, MAX_FILLED_SIDE,
    MAX_MARKED_SIDE,
};
