//! Reading puzzles: every common text format, auto-detected, streamed.
//!
//! A file is a sequence of *records*; between them the reader skips blank lines,
//! `#` or `//` comments, `Grid NN` headers (kept as the puzzle's name), prose lines
//! (such as a solver's summary under a grid), and header *directives*:
//!
//! | directive | meaning | scope |
//! |---|---|---|
//! | `box: 2x3` | box shape (N = 6) | rest of the file |
//! | `variant: x disjoint` | extra units (`x`, `disjoint`, `hypercube`, `windoku`, `none`) | rest of the file |
//! | `cube: 2x2` | a 3-D cube with 2×2 boxes in every plane | rest of the file |
//! | `regions:` + N rows | jigsaw regions, one label per cell | next puzzle |
//!
//! A record is one of:
//! - a **line**: all N² cells on one line, one character each (`1-9`, then `A-Z`
//!   for 10-35; `.`, `0` or `_` for empty) or as numbers separated by spaces;
//!   anything after the cells (a comment) is ignored;
//! - an **`R C` header** (seed 001): two numbers, then N = R·C rows of numbers;
//! - a **grid**: N rows of N cells, optionally drawn with `|` and `+---+` or
//!   `---+---` separators; the box shape is read from the separators.
//!
//! Every record yields exactly one [`Record`], holding a grid or a [`ParseError`]
//! that names the puzzle, line, column and what is wrong. A bad record never
//! stops the reader.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::Arc;

use serde::Serialize;

use crate::bits::MAX_DIGITS;
use crate::geometry::{BoxShape, Geometry, GeometryError, Variant};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::validate::Contradiction;

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
}

/// What is wrong with a record.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ParseErrorKind {
    #[error("bad character {ch:?}")]
    BadCharacter { ch: char },
    #[error("digit {value} out of range 1..={n}")]
    DigitOutOfRange { value: u64, n: usize },
    #[error("wrong cell count: found {found}, expected {expected}")]
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
}

/// A bad record: where (1-based puzzle number, line and column) and what.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, thiserror::Error)]
#[error("puzzle {puzzle}, line {line}{}: {kind}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    pub puzzle: usize,
    pub line: usize,
    pub column: Option<usize>,
    pub kind: ParseErrorKind,
}

/// One record of the input.
#[derive(Clone, Debug)]
pub struct Record {
    /// 1-based position among the records of the input.
    pub number: usize,
    /// Line where the record starts (1-based).
    pub line: usize,
    /// The puzzle (with its name, from a `Grid NN` header or `name:`
    /// directive), or what is wrong with the record.
    pub result: Result<Puzzle, ParseError>,
    /// Source (line, column) of every cell, for error messages.
    positions: Vec<(u32, u32)>,
}

/// An error of a use case, located at the record it is about.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("puzzle {puzzle}, line {line}{}: {error}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct Located {
    pub puzzle: usize,
    pub line: usize,
    pub column: Option<usize>,
    pub error: crate::Error,
}

impl Record {
    /// Source line and column of a cell of this record.
    pub fn position_of(&self, cell: usize) -> Option<(usize, usize)> {
        self.positions
            .get(cell)
            .map(|&(l, c)| (l as usize, c as usize))
    }

    /// The puzzle's name, if it has one.
    pub fn name(&self) -> Option<&str> {
        self.result.as_ref().ok().and_then(|p| p.name())
    }

    /// Turns a contradiction found in this record's grid into a located error.
    pub fn contradiction_error(&self, c: Contradiction) -> ParseError {
        let (line, column) = match c.cell().and_then(|cell| self.position_of(cell)) {
            Some((l, col)) => (l, Some(col)),
            None => (self.line, None),
        };
        ParseError {
            puzzle: self.number,
            line,
            column,
            kind: ParseErrorKind::Contradiction(Box::new(c)),
        }
    }

    /// A use case's error, located at this record (and at the cell it is
    /// about, when there is one).
    pub fn locate(&self, error: crate::Error) -> Located {
        let (line, column) = match error.cell().and_then(|cell| self.position_of(cell)) {
            Some((l, col)) => (l, Some(col)),
            None => (self.line, None),
        };
        Located {
            puzzle: self.number,
            line,
            column,
            error,
        }
    }

    /// The puzzle, checked for contradictions among the givens; errors are located.
    pub fn checked(&self) -> Result<&Puzzle, ParseError> {
        let p = self.result.as_ref().map_err(Clone::clone)?;
        crate::validate::check_givens(p.grid()).map_err(|c| self.contradiction_error(c))?;
        Ok(p)
    }
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

/// A streaming reader of records from any [`BufRead`]: memory stays
/// proportional to one record, whatever the size of the input.
pub struct Reader<R> {
    src: R,
    opts: ParseOptions,
    ahead: VecDeque<(usize, String)>,
    line_no: usize,
    eof: bool,
    puzzles: usize,
    /// Settings from directives (rest of the file).
    box_shape: Option<BoxShape>,
    variants: Vec<Variant>,
    cube: bool,
    /// One-shot settings for the next record.
    name: Option<String>,
    regions: Option<(usize, Vec<String>)>,
    /// A read error: the stream ends there.
    io_error: Option<std::io::Error>,
    last_geometry: Option<Arc<Geometry>>,
    /// Cell count of the last good record: what a bad one most likely meant.
    last_cells: Option<usize>,
    /// A directive that could not be applied: reported on the next record.
    directive_error: Option<(usize, String)>,
}

/// One cell as read: its value and its source column.
type Cells = Vec<(u16, u32)>;

/// Cells of a multi-line record: value, source line and column.
type LocatedCells = Vec<(u16, u32, u32)>;

impl<R: BufRead> Reader<R> {
    pub fn new(src: R, opts: ParseOptions) -> Self {
        Reader {
            src,
            box_shape: opts.box_shape,
            variants: Vec::new(),
            cube: opts.cube,
            opts,
            ahead: VecDeque::new(),
            line_no: 0,
            eof: false,
            puzzles: 0,
            name: None,
            regions: None,
            io_error: None,
            last_geometry: None,
            last_cells: None,
            directive_error: None,
        }
    }

    /// A read error met on the way (the stream ends there).
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.io_error.as_ref()
    }

    fn fill(&mut self, k: usize) {
        while self.ahead.len() < k && !self.eof {
            let mut buf = Vec::new();
            match self.src.read_until(b'\n', &mut buf) {
                Ok(0) => self.eof = true,
                Ok(_) => {
                    self.line_no += 1;
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    let line = String::from_utf8(buf)
                        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                    self.ahead.push_back((self.line_no, line));
                }
                Err(e) => {
                    self.io_error = Some(e);
                    self.eof = true;
                }
            }
        }
    }

    fn peek(&mut self, k: usize) -> Option<&(usize, String)> {
        self.fill(k + 1);
        self.ahead.get(k)
    }

    fn take_line(&mut self) -> Option<(usize, String)> {
        self.fill(1);
        self.ahead.pop_front()
    }

    /// Handles a line between records. Returns true if it was consumed.
    fn skip_or_directive(&mut self, line: &str) -> bool {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
            return true;
        }
        if is_name_header(t) {
            self.name = Some(t.to_string());
            return true;
        }
        if let Some((key, value)) = directive(t) {
            self.apply_directive(&key, value.trim());
            return true;
        }
        // A bare separator line before or between grids.
        is_separator(t)
    }

    fn apply_directive(&mut self, key: &str, value: &str) {
        match key {
            "box" | "size" => match parse_box_directive(value) {
                Ok(shape) => self.box_shape = Some(shape),
                Err(msg) => self.directive_error = Some((self.line_no, msg)),
            },
            "variant" | "variants" => {
                self.variants = value
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter_map(Variant::from_name)
                    .collect();
            }
            "cube" if matches!(value, "none" | "off" | "no") => self.cube = false,
            "cube" => {
                self.cube = true;
                if !value.is_empty() {
                    match parse_box_directive(value) {
                        Ok(shape) => self.box_shape = Some(shape),
                        Err(msg) => self.directive_error = Some((self.line_no, msg)),
                    }
                }
            }
            "name" | "title" => self.name = Some(value.to_string()),
            "regions" | "jigsaw" => {
                // The region rows follow; their count is the width of the first.
                let mut rows = Vec::new();
                let start = self.peek(0).map(|l| l.0).unwrap_or(self.line_no);
                while let Some((_, l)) = self.peek(0) {
                    let cells = region_tokens(l);
                    if cells.is_empty() || (!rows.is_empty() && rows.len() >= region_n(&rows)) {
                        break;
                    }
                    rows.push(l.clone());
                    self.take_line();
                }
                self.regions = Some((start, rows));
            }
            _ => {}
        }
    }

    fn error(&self, line: usize, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError {
            puzzle: self.puzzles,
            line,
            column,
            kind,
        }
    }

    /// Reads one record starting at `first` (already taken).
    fn read_record(&mut self, line_no: usize, first: String) -> Record {
        let mut positions = Vec::new();
        let name = self.name.take();
        let mut result = self.read_grid(line_no, &first, &mut positions);
        // A bad directive spoils the record it governs (read anyway, so that
        // its lines do not turn into records of their own).
        if let Some((line, msg)) = self.directive_error.take() {
            result = Err(self.error(line, None, ParseErrorKind::BadShape(msg)));
        }
        if result.is_err() {
            positions.clear();
        }
        Record {
            number: self.puzzles,
            line: line_no,
            result: result.map(|g| {
                let mut p = Puzzle::new(g);
                p.set_name(name);
                p
            }),
            positions,
        }
    }

    /// The cell count a malformed record most likely meant: that of the
    /// previous good record, else the nearest square.
    fn expected_cells(&self, found: usize) -> usize {
        self.known_n()
            .map(|n| self.cells_wanted(n))
            .or(self.last_cells)
            .unwrap_or_else(|| nearest_square(found))
    }

    fn known_n(&self) -> Option<usize> {
        self.box_shape.map(|b| b.n())
    }

    fn cells_wanted(&self, n: usize) -> usize {
        if self.cube {
            n.saturating_mul(n).saturating_mul(n)
        } else {
            n.saturating_mul(n)
        }
    }

    fn read_grid(
        &mut self,
        line_no: usize,
        first: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Grid, ParseError> {
        let t = first.trim();
        let format = self.opts.format;
        let header = parse_rc_header(t);
        let (cells, shape) = if format == InputFormat::Header
            || (format == InputFormat::Auto && header.is_some())
        {
            let shape = header.ok_or_else(|| {
                self.error(
                    line_no,
                    Some(1),
                    ParseErrorKind::BadShape(format!("expected an `R C` header, found {t:?}")),
                )
            })?;
            let n = shape.n();
            if n > MAX_DIGITS {
                return Err(self.error(
                    line_no,
                    None,
                    ParseErrorKind::BadShape(format!("{n} digits; at most {MAX_DIGITS} supported")),
                ));
            }
            let next = self.take_line();
            let Some((l2, row)) = next else {
                return Err(self.error(
                    line_no,
                    None,
                    ParseErrorKind::TooFewRows {
                        found: 0,
                        expected: n,
                    },
                ));
            };
            let (cells, _) = self.read_rows(l2, &row, Some(n))?;
            (cells, Some(shape))
        } else {
            let looks_like_grid = is_separator(t) || t.contains('|') || format == InputFormat::Grid;
            let line_cells = if looks_like_grid || format == InputFormat::Grid {
                None
            } else {
                self.try_line(line_no, first)?
            };
            match line_cells {
                Some(cells) => (
                    cells
                        .into_iter()
                        .map(|(v, c)| (v, line_no as u32, c))
                        .collect(),
                    self.box_shape,
                ),
                None => {
                    if format == InputFormat::Line {
                        let found = row_cells(first, None).map(|c| c.len()).unwrap_or(0);
                        return Err(self.error(
                            line_no,
                            None,
                            ParseErrorKind::WrongCellCount {
                                found,
                                expected: self.cells_wanted(self.known_n().unwrap_or(9)),
                            },
                        ));
                    }
                    let (cells, seps) = self.read_rows(line_no, first, self.known_n())?;
                    (cells, self.box_shape.or(seps))
                }
            }
        };
        self.build(line_no, cells, shape, positions)
    }

    /// Interprets one line as a whole puzzle, if its cell count fits a board.
    fn try_line(&self, line_no: usize, line: &str) -> Result<Option<Cells>, ParseError> {
        let t = line.trim_start();
        let offset = line.len() - t.len();
        let wanted = self.known_n().map(|n| self.cells_wanted(n));
        let fits = |k: usize| match wanted {
            Some(w) => k == w,
            // Prime N (a 5-character row, say) is never guessed as a whole puzzle.
            None => side_of(k, self.cube)
                .and_then(BoxShape::for_side)
                .is_some_and(|b| b.n() >= 4 && b.rows >= 2),
        };
        // Compact: the first token, one character per cell; the rest is a comment.
        let first_token = first_word(t).unwrap_or("");
        if fits(first_token.chars().count()) {
            let n = side_of(first_token.chars().count(), self.cube).unwrap_or(MAX_DIGITS);
            let cells = compact_cells(first_token, offset, n)
                .map_err(|(col, kind)| self.error(line_no, Some(col), kind))?;
            return Ok(Some(cells));
        }
        // Separated numbers: all tokens up to an optional `#` comment.
        let body = t.split('#').next().unwrap_or("");
        let count = body.split_whitespace().count();
        if count > 1 && fits(count) {
            let n = side_of(count, self.cube).unwrap_or(MAX_DIGITS);
            let cells = numeric_cells(body, offset, n)
                .map_err(|(col, kind)| self.error(line_no, Some(col), kind))?;
            return Ok(Some(cells));
        }
        if self.opts.format == InputFormat::Line || wanted.is_some_and(|w| w > 0 && self.cube) {
            return Ok(None);
        }
        // A long token that cannot be a row is a line puzzle with the wrong count.
        let len = first_token.chars().count();
        if wanted.is_none() && len > crate::format::write::MAX_COMPACT_N && !t.contains(' ') {
            return Err(self.error(
                line_no,
                None,
                ParseErrorKind::WrongCellCount {
                    found: len,
                    expected: self.expected_cells(len),
                },
            ));
        }
        Ok(None)
    }

    /// Reads rows of a grid starting with `first`. Returns all cells (with line
    /// numbers folded into the positions) and the box shape the separators show.
    fn read_rows(
        &mut self,
        line_no: usize,
        first: &str,
        n_hint: Option<usize>,
    ) -> Result<(LocatedCells, Option<BoxShape>), ParseError> {
        let mut out: LocatedCells = Vec::new();
        let mut n = n_hint;
        let mut rows = 0usize;
        let cube = self.cube;
        let rows_wanted = |n: usize| if cube { n * n } else { n };
        let mut box_cols: Option<usize> = None;
        let mut box_rows: Option<usize> = None;
        let mut current: Option<(usize, String)> = Some((line_no, first.to_string()));
        let mut seen_separator_after_rows = false;
        loop {
            let (ln, line) = match current.take() {
                Some(x) => x,
                None => {
                    if let Some(n) = n {
                        if rows >= rows_wanted(n) {
                            break;
                        }
                    }
                    match self.peek(0) {
                        None => break,
                        Some((_, l)) if l.trim().is_empty() && !cube => break,
                        Some((_, l)) if l.trim().starts_with('#') => {
                            self.take_line();
                            continue;
                        }
                        _ => self.take_line().unwrap(),
                    }
                }
            };
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if is_separator(t) {
                if rows > 0 && box_rows.is_none() && !seen_separator_after_rows {
                    box_rows = Some(rows);
                    seen_separator_after_rows = true;
                }
                continue;
            }
            let cells = match row_cells(&line, n) {
                Ok(cells) => cells,
                Err((col, kind)) => {
                    if ln != line_no {
                        self.skip_rest_of_grid(n.unwrap_or(0));
                    }
                    return Err(self.error(ln, Some(col), kind));
                }
            };
            if box_cols.is_none() && line.contains('|') {
                box_cols = segment_width(&line);
            }
            let width = *n.get_or_insert(cells.len());
            if cells.len() != width {
                // A whole-puzzle line after a short one: the short line was a
                // bad puzzle of its own, and the next one must not be lost.
                if ln != line_no {
                    if let Some(count) = self.standalone_count(&line, width) {
                        self.ahead.push_front((ln, line));
                        return Err(self.error(
                            line_no,
                            None,
                            if rows == 1 {
                                ParseErrorKind::WrongCellCount {
                                    found: width,
                                    expected: count,
                                }
                            } else {
                                ParseErrorKind::TooFewRows {
                                    found: rows,
                                    expected: rows_wanted(width),
                                }
                            },
                        ));
                    }
                }
                self.skip_rest_of_grid(width);
                return Err(self.error(
                    ln,
                    None,
                    ParseErrorKind::WrongRowLength {
                        row: rows + 1,
                        found: cells.len(),
                        expected: width,
                    },
                ));
            }
            if width > MAX_DIGITS {
                return Err(self.error(
                    ln,
                    None,
                    ParseErrorKind::BadShape(format!(
                        "rows of {width} cells; at most {MAX_DIGITS} supported"
                    )),
                ));
            }
            out.extend(cells.into_iter().map(|(v, col)| (v, ln as u32, col)));
            rows += 1;
        }
        let n = n.unwrap_or(0);
        if rows < rows_wanted(n) || n == 0 {
            return Err(self.error(
                self.line_no.max(line_no),
                None,
                ParseErrorKind::TooFewRows {
                    found: rows,
                    expected: rows_wanted(n),
                },
            ));
        }
        let shape = match (box_rows, box_cols) {
            (Some(r), Some(c)) if r * c == n => Some(BoxShape::new(r, c)),
            (None, Some(c)) if c > 0 && n % c == 0 => Some(BoxShape::new(n / c, c)),
            (Some(r), None) if r > 0 && n % r == 0 => Some(BoxShape::new(r, n / r)),
            _ => None,
        };
        Ok((out, shape))
    }

    /// The cell count of `line` read as a one-line puzzle, when it is longer
    /// than a row of `width` cells and so cannot belong to the grid being read.
    fn standalone_count(&self, line: &str, width: usize) -> Option<usize> {
        let token = first_word(line)?;
        let count = token.chars().count();
        let fits = side_of(count, self.cube)
            .and_then(BoxShape::for_side)
            .is_some_and(|b| b.n() >= 4 && b.rows >= 2);
        (count > width && fits).then_some(count)
    }

    /// After an error inside a multi-line grid, drops the grid's remaining
    /// rows (up to a blank line, comment, directive or a line that is a whole
    /// puzzle) so that they are not reported as puzzles of their own: one bad
    /// puzzle, one error.
    fn skip_rest_of_grid(&mut self, width: usize) {
        while let Some((_, l)) = self.peek(0) {
            let t = l.trim().to_string();
            let t = t.as_str();
            let ends_grid = t.is_empty()
                || t.starts_with('#')
                || t.starts_with("//")
                || directive(t).is_some()
                || is_name_header(t)
                || parse_rc_header(t).is_some();
            if ends_grid || self.standalone_count(t, width).is_some() {
                break;
            }
            self.take_line();
        }
    }

    fn build(
        &mut self,
        line_no: usize,
        cells: Vec<(u16, u32, u32)>,
        shape: Option<BoxShape>,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Grid, ParseError> {
        let count = cells.len();
        let n = side_of(count, self.cube).ok_or_else(|| {
            self.error(
                line_no,
                None,
                ParseErrorKind::WrongCellCount {
                    found: count,
                    expected: self.expected_cells(count),
                },
            )
        })?;
        let shape = shape.or_else(|| BoxShape::for_side(n)).unwrap();
        if shape.n() != n {
            return Err(self.error(
                line_no,
                None,
                ParseErrorKind::BadShape(format!(
                    "box shape {shape} needs {} cells, found {count}",
                    self.cells_wanted(shape.n())
                )),
            ));
        }
        if let Some(&(v, l, c)) = cells.iter().find(|x| x.0 as usize > n) {
            return Err(self.error(
                l as usize,
                Some(c as usize),
                ParseErrorKind::DigitOutOfRange { value: v as u64, n },
            ));
        }
        let geometry = self.geometry(shape, n)?;
        positions.extend(cells.iter().map(|&(_, l, c)| (l, c)));
        self.last_cells = Some(count);
        Ok(Grid::new(
            geometry,
            cells.into_iter().map(|x| x.0).collect(),
        ))
    }

    /// The geometry for this record; reused while shape and variants repeat, so a
    /// file of a million puzzles builds it once.
    fn geometry(&mut self, shape: BoxShape, n: usize) -> Result<Arc<Geometry>, ParseError> {
        let geo_err = |e: GeometryError, line| ParseError {
            puzzle: self.puzzles,
            line,
            column: None,
            kind: ParseErrorKind::Geometry(e.to_string()),
        };
        let mut variants = self.opts.variants.clone();
        if !self.cube {
            for v in &self.variants {
                if !variants.contains(v) {
                    variants.push(v.clone());
                }
            }
            if let Some((line, rows)) = self.regions.take() {
                let labels = region_labels(&rows, n)
                    .map_err(|m| geo_err(GeometryError::BadRegions(m), line))?;
                variants.push(Variant::Jigsaw(labels));
            }
        }
        if let Some(g) = &self.last_geometry {
            let same_layout = (g.layout() == crate::geometry::Layout::Cube) == self.cube;
            if same_layout && g.box_shape() == shape && g.variants() == variants.as_slice() {
                return Ok(g.clone());
            }
        }
        let g = if self.cube {
            Geometry::cube(shape)
        } else {
            Geometry::square(shape, &variants)
        }
        .map_err(|e| geo_err(e, self.line_no))?;
        let g = Arc::new(g);
        self.last_geometry = Some(g.clone());
        Ok(g)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;
    fn next(&mut self) -> Option<Record> {
        loop {
            let (line_no, line) = self.take_line()?;
            if self.skip_or_directive(&line) {
                continue;
            }
            let whole = first_word(&line).map_or(0, |t| t.chars().count());
            if side_of(whole, false).is_none() && is_prose(&line) && row_cells(&line, None).is_err()
            {
                continue; // a note such as a solver's summary under a grid
            }
            self.puzzles += 1;
            let rec = self.read_record(line_no, line);
            return Some(rec);
        }
    }
}

/// The value of a `box:`, `size:` or `cube:` directive: `RxC`, or a side N
/// (given the usual box shape for N).
fn parse_box_directive(value: &str) -> Result<BoxShape, String> {
    value
        .parse()
        .or_else(|e: String| match value.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_DIGITS).contains(&n) => Ok(BoxShape::for_side(n).expect("n > 0")),
            Ok(n) => Err(format!("side {n} is out of range 1..={MAX_DIGITS}")),
            Err(_) => Err(e),
        })
}

/// N such that `count` = N² (or N³ for cubes).
fn side_of(count: usize, cube: bool) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let approx = if cube {
        (count as f64).cbrt().round() as usize
    } else {
        (count as f64).sqrt().round() as usize
    };
    (approx.saturating_sub(1)..=approx + 1)
        .find(|&n| {
            n > 0
                && if cube {
                    n * n * n == count
                } else {
                    n * n == count
                }
        })
        .filter(|&n| n <= MAX_DIGITS)
}

fn nearest_square(k: usize) -> usize {
    let r = ((k as f64).sqrt().round() as usize).max(1);
    r * r
}

/// Value of one compact character: `Some(0)` for a blank, `None` if not a cell.
fn char_value(ch: char) -> Option<u16> {
    match ch {
        '.' | '0' | '_' | '*' => Some(0),
        '1'..='9' => Some(ch as u16 - '0' as u16),
        'A'..='Z' => Some(ch as u16 - 'A' as u16 + 10),
        _ => None,
    }
}

/// Decodes a compact token; columns are 1-based and include `offset`.
fn compact_cells(token: &str, offset: usize, n: usize) -> Result<Cells, (usize, ParseErrorKind)> {
    let mut out = Vec::with_capacity(token.len());
    for (i, ch) in token.chars().enumerate() {
        let col = offset + i + 1;
        let v = char_value(ch).ok_or((col, ParseErrorKind::BadCharacter { ch }))?;
        if v as usize > n {
            return Err((col, ParseErrorKind::DigitOutOfRange { value: v as u64, n }));
        }
        out.push((v, col as u32));
    }
    Ok(out)
}

/// Decodes whitespace-separated numbers (`0`, `.`, `_` or `-` for blank).
fn numeric_cells(body: &str, offset: usize, n: usize) -> Result<Cells, (usize, ParseErrorKind)> {
    let mut out = Vec::new();
    for (start, tok) in tokens_with_columns(body) {
        let col = offset + start + 1;
        out.push((numeric_value(tok, col, n)?, col as u32));
    }
    Ok(out)
}

fn numeric_value(tok: &str, col: usize, n: usize) -> Result<u16, (usize, ParseErrorKind)> {
    if matches!(tok, "." | "_" | "-" | "*") {
        return Ok(0);
    }
    if let Some((i, ch)) = tok.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err((col + i, ParseErrorKind::BadCharacter { ch }));
    }
    let v: u64 = tok.parse().unwrap_or(u64::MAX);
    if v as usize > n || v > u16::MAX as u64 {
        return Err((col, ParseErrorKind::DigitOutOfRange { value: v, n }));
    }
    Ok(v as u16)
}

/// Tokens split on whitespace, with their 0-based character column.
fn tokens_with_columns(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte start, char column)
    for (col, (b, ch)) in s.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((bs, cs)) = start.take() {
                out.push((cs, &s[bs..b]));
            }
        } else if start.is_none() {
            start = Some((b, col));
        }
    }
    if let Some((bs, cs)) = start {
        out.push((cs, &s[bs..]));
    }
    out.into_iter()
}

/// The cells of one grid row, ignoring `|` and `+` separators. Chooses between
/// one-character cells and numbers: numbers when a token is longer than one
/// character and reads as a number without leading zero (or when that gives
/// exactly `n` cells).
fn row_cells(line: &str, n: Option<usize>) -> Result<Cells, (usize, ParseErrorKind)> {
    // Separators become spaces so that columns stay right.
    let cleaned: String = line
        .chars()
        .map(|c| if c == '|' || c == '+' { ' ' } else { c })
        .collect();
    let body = cleaned.split('#').next().unwrap_or("");
    let toks: Vec<(usize, &str)> = tokens_with_columns(body).collect();
    let compact_count: usize = toks.iter().map(|(_, t)| t.chars().count()).sum();
    let numeric_ok = toks.iter().all(|(_, t)| {
        matches!(*t, "." | "_" | "-" | "*")
            || (t.chars().all(|c| c.is_ascii_digit()) && (t.len() == 1 || !t.starts_with('0')))
    });
    let use_numbers = match n {
        Some(n) if toks.len() == n && compact_count != n => true,
        Some(n) if compact_count == n => false,
        _ => numeric_ok && toks.len() > 1 && toks.iter().any(|(_, t)| t.len() > 1),
    };
    let mut out = Vec::new();
    for (start, tok) in toks {
        if use_numbers {
            out.push((numeric_value(tok, start + 1, MAX_DIGITS)?, start as u32 + 1));
        } else {
            out.extend(compact_cells(tok, start, MAX_DIGITS)?);
        }
    }
    Ok(out)
}

/// Cells in the first complete `|`-delimited segment of a row.
fn segment_width(line: &str) -> Option<usize> {
    let parts: Vec<&str> = line.split('|').collect();
    // Skip an empty leading part (row starting with `|`).
    let seg = parts
        .iter()
        .skip(1)
        .find(|p| !p.trim().is_empty())
        .or(parts.first())?;
    let cells = row_cells(seg, None).ok()?;
    (!cells.is_empty()).then_some(cells.len())
}

/// A horizontal separator: only `-`, `+`, `=`, `|` and spaces, with a `-` or `=`.
fn is_separator(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '*'))
        && t.chars().any(|c| c == '-' || c == '=')
}

/// `Grid 01`, `Puzzle 7`, `Problem 3:` and the like.
fn is_name_header(t: &str) -> bool {
    let mut it = t.split_whitespace();
    let (Some(word), Some(num), None) = (it.next(), it.next(), it.next()) else {
        return false;
    };
    word.chars().all(|c| c.is_ascii_alphabetic())
        && word.len() > 1
        && num
            .trim_end_matches(':')
            .chars()
            .all(|c| c.is_ascii_digit())
}

/// `key: value` with a known key.
fn directive(t: &str) -> Option<(String, &str)> {
    let (key, value) = t.split_once(':')?;
    let key = key.trim().to_ascii_lowercase();
    const KEYS: [&str; 9] = [
        "box", "size", "variant", "variants", "cube", "name", "title", "regions", "jigsaw",
    ];
    KEYS.contains(&key.as_str()).then_some((key, value))
}

/// Free text such as "116143 givens, 457182 candidates." under a grid: at least
/// two tokens, one of them a word of three or more letters with a lowercase one
/// (cells use only uppercase letters). Only skipped when it is no puzzle row.
/// The first whitespace-separated word. Every record line goes through
/// this several times, so ASCII lines (nearly all) skip UTF-8 decoding; the
/// set of separators is the same as `split_whitespace`'s.
fn first_word(s: &str) -> Option<&str> {
    if !s.is_ascii() {
        return s.split_whitespace().next();
    }
    let b = s.as_bytes();
    let space = |c: u8| c.is_ascii_whitespace() || c == 0x0B;
    let start = b.iter().position(|&c| !space(c))?;
    let len = b[start..]
        .iter()
        .position(|&c| space(c))
        .unwrap_or(b.len() - start);
    Some(&s[start..start + len])
}

fn is_prose(t: &str) -> bool {
    t.split_whitespace().nth(1).is_some()
        && t.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| c.is_ascii_punctuation());
            w.len() >= 3
                && w.chars().all(|c| c.is_alphabetic())
                && w.chars().any(|c| c.is_lowercase())
        })
}

/// `R C` header: exactly two positive numbers with R·C ≥ 2.
fn parse_rc_header(t: &str) -> Option<BoxShape> {
    let mut it = t.split_whitespace();
    let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
        return None;
    };
    let (r, c): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
    (r >= 1 && c >= 1 && r * c >= 2 && r * c <= 4096).then_some(BoxShape::new(r, c))
}

fn region_tokens(line: &str) -> Vec<String> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Vec::new();
    }
    if t.contains(char::is_whitespace) {
        t.split_whitespace().map(str::to_string).collect()
    } else {
        t.chars().map(|c| c.to_string()).collect()
    }
}

fn region_n(rows: &[String]) -> usize {
    rows.first().map(|r| region_tokens(r).len()).unwrap_or(0)
}

/// Region labels (any tokens) → region numbers `0..N` in order of appearance.
fn region_labels(rows: &[String], n: usize) -> Result<Vec<u16>, String> {
    let labels: Vec<String> = rows.iter().flat_map(|r| region_tokens(r)).collect();
    if labels.len() != n * n {
        return Err(format!(
            "{} region labels for a board of {} cells",
            labels.len(),
            n * n
        ));
    }
    let mut names: Vec<&String> = Vec::new();
    let mut out = Vec::with_capacity(labels.len());
    for l in &labels {
        let i = match names.iter().position(|x| *x == l) {
            Some(i) => i,
            None => {
                names.push(l);
                names.len() - 1
            }
        };
        out.push(i as u16);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The ASCII fast path splits exactly where `split_whitespace` does.
        #[test]
        fn first_word_matches_split_whitespace(s in "[ \t\x0B\x0C\r\n.1-9a\u{a0}\u{2003}é]{0,12}") {
            proptest::prop_assert_eq!(first_word(&s), s.split_whitespace().next());
        }
    }

    fn one(text: &str) -> Result<Grid, ParseError> {
        parse_one(text, &ParseOptions::default())
    }

    #[test]
    fn line_with_comment() {
        let g = one("..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87 box duplicate").unwrap();
        assert_eq!(g.get(2), 9);
        assert_eq!(g.n(), 9);
    }

    #[test]
    fn bad_character_is_located() {
        let mut s = ".".repeat(81);
        s.replace_range(10..11, "x");
        let e = one(&s).unwrap_err();
        assert_eq!(e.column, Some(11));
        assert_eq!(e.kind, ParseErrorKind::BadCharacter { ch: 'x' });
    }

    #[test]
    fn wrong_count() {
        let e = one(&".".repeat(80)).unwrap_err();
        assert!(
            matches!(e.kind, ParseErrorKind::WrongCellCount { found: 80, .. }),
            "{e}"
        );
    }

    #[test]
    fn rc_header_six() {
        let g = one(
            "2 3\n2 0 0 0 0 3\n4 0 0 5 2 1\n3 0 6 0 0 0\n0 0 0 3 0 2\n6 3 4 0 0 5\n5 0 0 0 0 6\n",
        )
        .unwrap();
        assert_eq!(g.geometry().box_shape(), BoxShape::new(2, 3));
        assert_eq!(g.get(35), 6);
    }

    #[test]
    fn block_grid_reads_box_shape() {
        let text = "+-----+-----+\n| 1 . | . . |\n| . . | . . |\n+-----+-----+\n| . . | . . |\n| . . | . 4 |\n+-----+-----+\n";
        let g = one(text).unwrap();
        assert_eq!(g.geometry().box_shape(), BoxShape::new(2, 2));
        let wide = "1 2 3 | 4 5 6\n. . . | . . .\n--------------\n. . . | . . .\n. . . | . . .\n--------------\n. . . | . . .\n. . . | . . .\n";
        let g = one(wide).unwrap();
        assert_eq!(g.geometry().box_shape(), BoxShape::new(2, 3));
    }

    #[test]
    fn euler_grids_with_names() {
        let text = "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\nGrid 02\n200080300\n060070084\n030500209\n000105408\n000000000\n402706000\n301007040\n720040060\n004010003\n";
        let recs = parse_all(text, &ParseOptions::default());
        assert_eq!(recs.len(), 2, "{recs:?}");
        assert_eq!(recs[1].name(), Some("Grid 02"));
        assert_eq!(recs[1].result.as_ref().unwrap().grid().get(0), 2);
    }

    #[test]
    fn errors_do_not_stop_the_batch() {
        let text = format!(
            "{}\n{}x\n{}\n",
            ".".repeat(81),
            ".".repeat(80),
            ".".repeat(81)
        );
        let recs = parse_all(&text, &ParseOptions::default());
        assert_eq!(recs.len(), 3);
        assert!(recs[0].result.is_ok() && recs[1].result.is_err() && recs[2].result.is_ok());
        assert_eq!(recs[1].result.as_ref().unwrap_err().line, 2);
    }

    #[test]
    fn directives() {
        let text = "variant: x\nbox: 2x2\n1.3.............\n";
        let g = one(text).unwrap();
        assert_eq!(g.geometry().variants(), &[Variant::Diagonals]);
        let jig = "regions:\nAABB\nAABB\nCCDD\nCCDD\n1...............\n";
        let g = one(jig).unwrap();
        assert!(matches!(g.geometry().variants()[0], Variant::Jigsaw(_)));
        let cube = "cube: 2x2\n".to_string() + &".".repeat(64);
        let g = one(&cube).unwrap();
        assert_eq!(g.geometry().cell_count(), 64);
    }

    #[test]
    fn large_line_numbers() {
        let cells: Vec<String> = (0..256)
            .map(|i| if i == 0 { "16".into() } else { "0".into() })
            .collect();
        let g = one(&cells.join(" ")).unwrap();
        assert_eq!(g.n(), 16);
        assert_eq!(g.get(0), 16);
    }
}
