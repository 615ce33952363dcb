//! What can be wrong with a record, in plain words.

use crate::validate::Contradiction;

/// What is wrong with a record.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum ParseErrorKind {
    #[error("bad character {ch:?}")]
    BadCharacter { ch: char },
    /// `value` as written (cut to 24 digits): a number too big for any
    /// integer type is still shown as the input had it.
    #[error("digit {value} out of range 1..={n}")]
    DigitOutOfRange { value: String, n: usize },
    #[error("{}", cell_count_message(.found, .expected))]
    WrongCellCount { found: usize, expected: usize },
    #[error("row {row} has {found} cells, expected {expected}")]
    WrongRowLength {
        row: usize,
        found: usize,
        expected: usize,
    },
    #[error("grid ended after {found} rows, expected {expected}")]
    TooFewRows { found: usize, expected: usize },
    #[error("{0}")]
    BadShape(String),
    #[error("{0}")]
    Geometry(String),
    #[error("contradictory givens: {0}")]
    Contradiction(Box<Contradiction>),
    /// A line that is not UTF-8 text.
    #[error("byte 0x{byte:02x} is not UTF-8 text")]
    NotText { byte: u8 },
    /// A line longer than [`super::MAX_LINE_BYTES`].
    #[error("line is longer than {limit} bytes")]
    LineTooLong { limit: usize },
    /// A pencilmark character in the slot of another digit.
    #[error("{ch:?} stands in the slot of digit {digit} (each cell lists digits 1-9 in order, `.` when absent)")]
    MisplacedMark { ch: char, digit: u8 },
    /// Text that two formats read differently; the message says which option decides.
    #[error("{0}")]
    Ambiguous(String),
    /// A constraint directive (`cage:`, `thermo:`, …) that does not read.
    #[error("bad constraint: {0}")]
    Constraint(String),
    /// A JSON line that does not hold a grid.
    #[error("JSON: {0}")]
    Json(String),
    /// An SVG picture without the puzzle text ours carry.
    #[error("SVG: {0}")]
    Svg(String),
    /// An f-puzzles link, compressed string or JSON that does not import.
    #[error("f-puzzles: {0}")]
    FPuzzles(String),
    /// A SudokuPad link or JSON file that does not import (the message
    /// says what was recognised).
    #[error("SudokuPad: {0}")]
    SudokuPad(String),
}

/// `found 5,000,000 cells; a 9×9 puzzle has 81`.
fn cell_count_message(found: &usize, expected: &usize) -> String {
    let board = match (exact_root(*expected, 2), exact_root(*expected, 3)) {
        (Some(n), _) => format!("a {n}×{n} puzzle has"),
        (None, Some(n)) => format!("a {n}×{n}×{n} cube has"),
        _ => "expected".to_string(),
    };
    format!(
        "wrong cell count: found {} cells; {board} {}",
        thousands(*found),
        thousands(*expected)
    )
}

fn exact_root(k: usize, power: u32) -> Option<usize> {
    let approx = (k as f64).powf(1.0 / power as f64).round() as usize;
    (approx.saturating_sub(1)..=approx.saturating_add(1))
        .find(|&r| r > 0 && r.checked_pow(power) == Some(k))
}

/// `5000000` → `5,000,000`.
pub(super) fn thousands(k: usize) -> String {
    let digits = k.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A bad record: where (1-based puzzle number, line and column) and what.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("puzzle {puzzle}, line {line}{}: {kind}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    pub puzzle: usize,
    pub line: usize,
    pub column: Option<usize>,
    pub kind: ParseErrorKind,
}
