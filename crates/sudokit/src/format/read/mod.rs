//! Reading puzzles: every common text format, auto-detected per record, streamed.
//!
//! A file is a sequence of *records*; between them the reader skips blank lines,
//! `#` or `//` comments, `Grid NN` headers (kept as the puzzle's name), SadMan
//! `[Puzzle]` section lines, prose lines (such as a solver's summary under a
//! grid), and header *directives*:
//!
//! | directive | meaning | scope |
//! |---|---|---|
//! | `box: 2x3` | box shape (N = 6) | rest of the file |
//! | `variant: x disjoint` | extra units (`x`, `disjoint`, `hypercube`, `windoku`, `none`) | rest of the file |
//! | `cube: 2x2` | a 3-D cube with 2×2 boxes in every plane; blank lines end a cube | rest of the file |
//! | `digits: 0-f` | 16×16 digits written `0`-`F` (also `1-g`, `auto`) | rest of the file |
//! | `name: …` | the next puzzle's name | next puzzle |
//! | `regions:` + N rows | jigsaw regions, one label per cell | next puzzle |
//! | `cage: 15 r1c1 r1c2`, `thermo: …`, `arrow: r1c1 \| r1c2 r1c3`, `kropki-white: …`, `kropki-black: …`, `kropki: all`, `xv: x r1c1 r1c2`, `xv: all`, `sandwich: row 1 = 15`, `little-killer: 23 r1c1 down-right`, `anti-knight`, `anti-king`, `non-consecutive`, `odd: …`, `even: …`, `whisper: …`, `renban: …`, `palindrome: …`, `between: …`, `region: …` | one constraint each ([`crate::constraints`]); a bad one is the record's error, at its line and column | next puzzle |
//!
//! A record is one of:
//!
//! | format | example | yields |
//! |---|---|---|
//! | line | `53..7....6..195…` (`1-9`, `A-Z` or `a-z` for 10-35; `.`, `0`, `_`, `X` empty) | givens |
//! | line + trailing fields | `<81 cells>;11.9;1.2;…`, `<81>,<81>`, `<81> comment` (after `;`, `,`, space, tab) | givens |
//! | numbers on one line | `16 0 0 … 3` | givens |
//! | `R C` header (seed 001) | `2 3` then N rows of numbers | givens |
//! | grid | N rows, optionally drawn with `\|`, `+---+`, `---+---`, `*****` (Simple Sudoku `.ss`) | givens, box shape from separators |
//! | SadMan `.sdk` | `[Puzzle]`, `#A author` … lines, then 9 rows | givens; every `#X` line is a note |
//! | HoDoKu library | `:0000:x:<cells>:<deleted>:…:` | givens (the fields after the cells are ignored) |
//! | CSV with a header | `quizzes,solutions` or `puzzle,solution` (any case, extra columns ignored) | givens and the given solution |
//! | JSON line | `{"box":"3x3","line":"…"}` or one with a `puzzle`, `grid` or `solution` object | givens, box, variants, `regions`, cube |
//! | pencilmark line | 729 characters, the k-th of each cell `k` or `.`/`0`/`-` | candidate state |
//! | candidate grid | N (4..=9) rows of N digit groups, with `\|`, `+`, `-`, `*` box lines, some group of 2+ digits | candidate state |
//!
//! In candidate states a cell with one candidate is placed. A UTF-8 byte order
//! mark is ignored. Where a 16×16 line could be read two ways (`0` as an empty
//! cell or as a digit), the reader either adds a note naming the reading it
//! took or, when `0` must be a digit, asks for `digits: 0-f`.
//!
//! Every record yields exactly one [`Record`], holding a puzzle or a
//! [`ParseError`] that names the puzzle, line, column and what is wrong. A bad
//! record (bad characters, bytes that are not UTF-8, a line over
//! [`MAX_LINE_BYTES`]) never stops the reader.

mod cells;
mod detect;
mod directives;
mod errors;
mod foreign;
mod foreign_lines;
mod json;
mod marks;
mod reader;
mod regions;
mod rows;
mod svg;

pub use cells::DigitStyle;
pub use errors::{ParseError, ParseErrorKind};
pub use reader::{Located, Reader, Record};

use crate::geometry::{BoxShape, Variant};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// The longest line the reader holds in memory; a longer one is one error
/// record (a 512×512 puzzle as numbers takes about 1 MiB).
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Which input format to expect.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum InputFormat {
    /// Detect per record.
    #[default]
    Auto,
    /// One puzzle per line.
    Line,
    /// `R C` header, then rows.
    Header,
    /// N rows of cells, with or without box separators.
    Grid,
}

impl std::str::FromStr for InputFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "auto" => InputFormat::Auto,
            "line" => InputFormat::Line,
            "header" | "rc" => InputFormat::Header,
            "grid" | "block" | "blocks" => InputFormat::Grid,
            _ => {
                return Err(format!(
                    "unknown input format {s:?} (auto, line, header, grid)"
                ))
            }
        })
    }
}

/// How to read input. The defaults detect everything.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    pub format: InputFormat,
    /// Box shape; when `None` it is read from the input (header, separators) or
    /// derived from N ([`BoxShape::for_side`]).
    pub box_shape: Option<BoxShape>,
    /// Extra units for every puzzle (added to those declared in the input).
    pub variants: Vec<Variant>,
    /// Read 3-D cubes (N³ cells).
    pub cube: bool,
    /// How one-character cells are numbered (`0`-`F` for 16×16 only when asked).
    pub digits: DigitStyle,
}

/// Parses the first record of `text` as a grid (its givens).
pub fn parse_one(text: &str, opts: &ParseOptions) -> Result<Grid, ParseError> {
    parse_puzzle(text, opts).map(Puzzle::into_grid)
}

/// Parses the first record of `text`.
///
/// ```
/// use sudokit::format::{parse_puzzle, ParseOptions};
/// let p = parse_puzzle("name: tiny\n1.3.............\n", &ParseOptions::default()).unwrap();
/// assert_eq!(p.name(), Some("tiny"));
/// assert_eq!(p.grid().get(2), 3);
/// ```
pub fn parse_puzzle(text: &str, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    let mut r = Reader::new(text.as_bytes(), opts.clone());
    match r.next() {
        Some(rec) => rec.result,
        None => Err(ParseError {
            puzzle: 1,
            line: 1,
            column: None,
            kind: ParseErrorKind::WrongCellCount {
                found: 0,
                expected: 81,
            },
        }),
    }
}

/// Parses every record of `text`.
///
/// ```
/// use sudokit::format::{parse_all, ParseOptions};
/// let text = "# two puzzles\n1.3.............\n\n2 2\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 4\n";
/// let recs = parse_all(text, &ParseOptions::default());
/// assert_eq!(recs.len(), 2);
/// assert_eq!(recs[1].result.as_ref().unwrap().grid().get(15), 4);
/// ```
pub fn parse_all(text: &str, opts: &ParseOptions) -> Vec<Record> {
    Reader::new(text.as_bytes(), opts.clone()).collect()
}

#[cfg(test)]
mod tests;

impl Grid {
    /// Parses one puzzle in any supported format (convenience over
    /// [`parse_one`], with automatic format detection).
    pub fn from_line(text: &str) -> Result<Self, ParseError> {
        parse_one(text, &ParseOptions::default())
    }
}
