//! Constraints beyond units: killer cages, thermometers, arrows, dots, lines…
//!
//! A [`Constraint`] is a rule on some cells of a square board, on top of the
//! board's units (rows, columns, boxes and the unit variants of
//! [`crate::geometry::Geometry`]). Each family lives in its own file (reading,
//! writing, checking a full grid, compiling, its sentences, its drawing);
//! it compiles into *propagators* that narrow candidate masks (bit `d - 1`
//! for digit `d`) by bounds or combination reasoning: shapes several
//! families share (`kernels`) or one of its own. The propagators are
//! allowed to be incomplete: the search
//! (`search`) checks every constraint on each complete grid before calling
//! it a solution, so a weak propagator costs speed, never correctness.
//! `Engine::Learning` takes these puzzles to the clause-learning solver
//! instead (`learning.rs`), with the same final check.
//!
//! Cells are indices `row * N + column` (0-based); the text form names them
//! `r1c1` ([`Constraint::parse`], [`Constraint::to_directive`]).
//!
//! ```
//! use sudokit::constraints::Constraint;
//! use sudokit::{Options, Puzzle};
//! // A 4×4 with one killer cage: r1c1 + r1c2 = 5, and a thermometer.
//! let mut p: Puzzle = ".".repeat(16).parse().unwrap();
//! p.add_constraint(Constraint::parse("cage", "5 r1c1 r1c2", 4).unwrap());
//! p.add_constraint(Constraint::parse("thermo", "r1c1 r2c1 r3c1", 4).unwrap());
//! let s = p.solve(&Options::default()).unwrap();
//! assert_eq!(s.get(0) + s.get(1), 5);
//! assert!(s.get(0) < s.get(4) && s.get(4) < s.get(8));
//! ```

mod arrow;
mod between;
mod clone;
mod dutch_whisper;
mod entropic;
mod extremum;
pub(crate) mod family;
#[cfg(feature = "serde")]
pub(crate) mod fpuzzles_values;
pub(crate) mod kernels;
mod killer;
mod kropki;
pub(crate) mod learning;
mod little_killer;
mod locked;
pub(crate) mod mask;
pub(crate) mod model;
mod modular;
mod neighbours;
mod outside;
mod palindrome;
mod parity;
pub(crate) mod portfolio;
pub(crate) mod prop;
mod quadruple;
mod region;
mod region_sum;
pub(crate) mod registry;
mod renban;
pub(crate) mod rule;
mod sandwich;
mod schedule;
pub(crate) mod search;
mod shaped_line;
mod skyscraper;
pub(crate) mod text;
mod thermo;
mod whisper;
mod xsum;
mod xv;
mod zipper;

pub use registry::directive_keys;
pub use rule::{whisper_gap, Clue, Constraint, Direction, Line};
pub use search::TrueCandidates;

/// Whether `key` names a constraint directive; `bare` when the line had no
/// colon (only board-wide rules such as `anti-knight` stand alone).
pub(crate) fn is_directive_key(key: &str, bare: bool) -> bool {
    registry::is_key(key, bare)
}

/// Reads one directive for an N×N board; on failure the byte offset into
/// `value` where the trouble starts, and a message.
pub(crate) fn parse_directive(
    key: &str,
    value: &str,
    n: usize,
) -> Result<Constraint, (usize, String)> {
    registry::parse(key, value, n).map_err(|e| (e.at.min(value.len()), e.message))
}
