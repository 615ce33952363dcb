//! The one error type of the use cases.

use std::time::Duration;

use crate::grid::Grid;
use crate::validate::Contradiction;

/// Why a use case could not give its answer.
///
/// Messages are plain sentences; a reader's [`crate::format::Record`] adds
/// where the puzzle came from ([`crate::format::Record::locate`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The givens break a rule visibly (a digit twice in a unit, a cell or a
    /// digit with no place).
    #[error("contradictory givens: {0}")]
    Contradiction(Box<Contradiction>),
    /// The candidates of a position contradict each other (a cell with none
    /// left, a digit with no place in a unit).
    #[error("these candidates leave {0}")]
    BrokenCandidates(String),
    /// The rules admit no solution.
    #[error("no solution")]
    NoSolution,
    /// Several solutions where the use case needs one (rating, hints that
    /// rely on uniqueness, `check`).
    #[error("more than one solution (two differ at {differ_at})")]
    NotUnique {
        differ_at: String,
        first: Box<Grid>,
        second: Box<Grid>,
    },
    /// A solution shipped with the puzzle is not the puzzle's solution.
    #[error("the given solution is wrong at {0}")]
    WrongGivenSolution(String),
    /// The time limit ran out first.
    #[error("timed out after {} s", fmt_secs(*.0))]
    TimedOut(Duration),
    /// The cancel flag was set.
    #[error("cancelled")]
    Cancelled,
    /// The board or request is beyond what this use case supports.
    #[error("{0}")]
    Unsupported(String),
    /// The result would exceed a size limit (steps, output bytes).
    #[error("{0}")]
    TooLarge(String),
}

fn fmt_secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s}")
    }
}

impl From<Contradiction> for Error {
    fn from(c: Contradiction) -> Self {
        Error::Contradiction(Box::new(c))
    }
}

impl Error {
    /// The error for a puzzle with (at least) these two solutions.
    pub fn not_unique(a: Grid, b: Grid) -> Self {
        let differ_at = a
            .cells()
            .iter()
            .zip(b.cells())
            .position(|(x, y)| x != y)
            .map(|c| a.geometry().cell_name(c))
            .unwrap_or_default();
        Error::NotUnique {
            differ_at,
            first: Box::new(a),
            second: Box::new(b),
        }
    }

    /// A short, stable identifier of the kind of error, for JSON.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Contradiction(_) => "contradiction",
            Error::BrokenCandidates(_) => "broken-candidates",
            Error::NoSolution => "no-solution",
            Error::NotUnique { .. } => "not-unique",
            Error::WrongGivenSolution(_) => "wrong-given-solution",
            Error::TimedOut(_) => "timed-out",
            Error::Cancelled => "cancelled",
            Error::Unsupported(_) => "unsupported",
            Error::TooLarge(_) => "too-large",
        }
    }

    /// The cell a message should point at, if there is one.
    pub fn cell(&self) -> Option<usize> {
        match self {
            Error::Contradiction(c) => c.cell(),
            _ => None,
        }
    }
}
