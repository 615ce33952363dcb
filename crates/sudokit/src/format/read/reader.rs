//! The streaming [`Reader`]: lines in, one [`Record`] per record out.

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, Read};
use std::sync::Arc;

use super::cells::{compact_cells, numeric_cells, resolve_marks, row_cells, Cells, DigitStyle};
use super::detect::{
    directive, first_field, first_word, is_name_header, is_prose, is_section, is_separator,
    metadata_note, nearest_square, rc_header, side_of, side_unbounded,
};
use super::errors::{ParseError, ParseErrorKind};
use super::foreign_lines::{hodoku_cells, Csv};
use super::regions::region_labels;
use super::{InputFormat, ParseOptions, MAX_LINE_BYTES};
use crate::bits::MAX_DIGITS;
use crate::geometry::{BoxShape, Geometry, GeometryError, Variant};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::validate::Contradiction;

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

/// A streaming reader of records from any [`BufRead`]: memory stays
/// proportional to one record, whatever the size of the input.
pub struct Reader<R> {
    src: R,
    pub(super) opts: ParseOptions,
    pub(super) ahead: VecDeque<(usize, String)>,
    pub(super) line_no: usize,
    eof: bool,
    pub(super) puzzles: usize,
    /// Settings from directives (rest of the file).
    pub(super) box_shape: Option<BoxShape>,
    pub(super) variants: Vec<Variant>,
    pub(super) cube: bool,
    pub(super) digits: DigitStyle,
    /// A CSV header was read: rows are records until a blank line.
    pub(super) csv: Option<Csv>,
    /// One-shot settings for the next record.
    pub(super) name: Option<String>,
    pub(super) notes: Vec<String>,
    pub(super) regions: Option<(usize, Vec<String>)>,
    /// A read error: the stream ends there.
    io_error: Option<std::io::Error>,
    last_geometry: Option<Arc<Geometry>>,
    /// Cell count of the last good record: what a bad one most likely meant.
    pub(super) last_cells: Option<usize>,
    /// A directive that could not be applied: reported on the next record.
    pub(super) directive_error: Option<(usize, String)>,
    /// Constraint directives for the next record: line, column of the
    /// value, key, value. Parsed once the record's N is known.
    pub(super) constraint_lines: Vec<(usize, usize, String, String)>,
    /// A `placed:` directive before the next record: its line and cells.
    pub(super) placed_line: Option<(usize, String)>,
    /// Lines that could not be read as text, by line number: each one that
    /// starts a record is that record's error.
    flaws: BTreeMap<usize, ParseErrorKind>,
}

/// A constraint directive: lower-case key, 1-based column where the value
/// starts, value. Board-wide rules (`anti-knight`) stand alone or take a
/// colon with nothing after it.
pub(super) fn constraint_directive(line: &str) -> Option<(String, usize, &str)> {
    let lead = line.len() - line.trim_start().len();
    let t = line.trim();
    // Every key starts with a letter: puzzle lines are settled here, before
    // their lower-case copy.
    if !t.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let (key, value, at) = match t.split_once(':') {
        Some((k, v)) => (k.trim(), v, lead + k.len() + 1),
        None => (t, "", lead + t.len()),
    };
    let key = key.to_ascii_lowercase();
    if !crate::constraints::is_directive_key(&key, value.trim().is_empty() && !t.contains(':')) {
        return None;
    }
    let trimmed = value.trim_start();
    let at = at + (value.len() - trimmed.len());
    let col = line[..at].chars().count() + 1;
    Some((key, col, trimmed.trim_end()))
}

/// A line that can only be a board: digits and dots alone, at least 16 of
/// them (the one-line form of a 4×4 and up). A multi-line record (JSON,
/// SVG) still open when one comes is broken: the line starts the next
/// record instead of being swallowed.
pub(super) fn is_board_line(t: &str) -> bool {
    t.len() >= 16 && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// The product `R × C` of a header line's two numbers, when it fits.
fn header_product(t: &str) -> Option<usize> {
    let mut it = t.split_whitespace().map(|w| w.parse::<usize>().ok());
    it.next()??.checked_mul(it.next()??)
}

/// Fields of a row that follows an `R C` header: numbers or blanks separated
/// by spaces (`|` and `+` borders are not fields); a `#` starts a comment.
fn header_row_fields(line: &str) -> usize {
    let body = line.split('#').next().unwrap_or("");
    body.split(|c: char| c.is_whitespace() || c == '|' || c == '+')
        .filter(|w| !w.is_empty())
        .count()
}

/// Cells of a multi-line record: value, source line and column.
pub(super) type LocatedCells = Vec<(u16, u32, u32)>;

/// The cells of a record: those of one line (with its number), or of
/// several (each with its own).
pub(super) enum CellsAt {
    Line(u32, Cells),
    Rows(LocatedCells),
}

impl CellsAt {
    fn len(&self) -> usize {
        match self {
            CellsAt::Line(_, c) => c.len(),
            CellsAt::Rows(c) => c.len(),
        }
    }

    fn values(&self) -> Vec<u16> {
        match self {
            CellsAt::Line(_, c) => c.iter().map(|x| x.0).collect(),
            CellsAt::Rows(c) => c.iter().map(|x| x.0).collect(),
        }
    }

    /// Source line and column of cell `i`.
    fn at(&self, i: usize) -> (u32, u32) {
        match self {
            CellsAt::Line(l, c) => (*l, c[i].1),
            CellsAt::Rows(c) => (c[i].1, c[i].2),
        }
    }

    fn positions_into(&self, out: &mut Vec<(u32, u32)>) {
        match self {
            CellsAt::Line(l, c) => out.extend(c.iter().map(|&(_, col)| (*l, col))),
            CellsAt::Rows(c) => out.extend(c.iter().map(|&(_, l, col)| (l, col))),
        }
    }
}

impl<R: BufRead> Reader<R> {
    pub fn new(src: R, opts: ParseOptions) -> Self {
        Reader {
            src,
            box_shape: opts.box_shape,
            variants: Vec::new(),
            cube: opts.cube,
            digits: opts.digits,
            csv: None,
            opts,
            ahead: VecDeque::new(),
            line_no: 0,
            eof: false,
            puzzles: 0,
            name: None,
            notes: Vec::new(),
            regions: None,
            io_error: None,
            last_geometry: None,
            last_cells: None,
            directive_error: None,
            constraint_lines: Vec::new(),
            placed_line: None,
            flaws: BTreeMap::new(),
        }
    }

    /// A read error met on the way (the stream ends there).
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.io_error.as_ref()
    }

    fn fill(&mut self, k: usize) {
        while self.ahead.len() < k && !self.eof {
            let mut buf = Vec::new();
            // The limit is checked before the line is held: a longer line is
            // skipped to its end and reported.
            let limit = MAX_LINE_BYTES as u64 + 1;
            match (&mut self.src).take(limit).read_until(b'\n', &mut buf) {
                Ok(0) => self.eof = true,
                Ok(_) => {
                    self.line_no += 1;
                    let too_long = buf.len() as u64 == limit && buf.last() != Some(&b'\n');
                    if too_long {
                        buf.clear();
                        if let Err(e) = self.skip_to_line_end() {
                            self.io_error = Some(e);
                            self.eof = true;
                        }
                        self.flaws.insert(
                            self.line_no,
                            ParseErrorKind::LineTooLong {
                                limit: MAX_LINE_BYTES,
                            },
                        );
                        self.ahead.push_back((self.line_no, "\u{FFFD}".into()));
                        continue;
                    }
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    if self.line_no == 1 && buf.starts_with(b"\xEF\xBB\xBF") {
                        buf.drain(..3);
                    }
                    let line = match String::from_utf8(buf) {
                        Ok(s) => s,
                        Err(e) => {
                            let at = e.utf8_error().valid_up_to();
                            let byte = e.as_bytes()[at];
                            self.flaws
                                .insert(self.line_no, ParseErrorKind::NotText { byte });
                            String::from_utf8_lossy(e.as_bytes()).into_owned()
                        }
                    };
                    self.ahead.push_back((self.line_no, line));
                }
                Err(e) => {
                    self.io_error = Some(e);
                    self.eof = true;
                }
            }
        }
    }

    fn skip_to_line_end(&mut self) -> std::io::Result<()> {
        loop {
            let buf = self.src.fill_buf()?;
            if buf.is_empty() {
                return Ok(());
            }
            if let Some(i) = buf.iter().position(|&b| b == b'\n') {
                self.src.consume(i + 1);
                return Ok(());
            }
            let len = buf.len();
            self.src.consume(len);
        }
    }

    pub(super) fn peek(&mut self, k: usize) -> Option<&(usize, String)> {
        self.fill(k + 1);
        self.ahead.get(k)
    }

    pub(super) fn take_line(&mut self) -> Option<(usize, String)> {
        self.fill(1);
        self.ahead.pop_front()
    }

    /// Handles a line between records. Returns true if it was consumed.
    fn skip_or_directive(&mut self, line_no: usize, line: &str) -> bool {
        if let Some((key, col, value)) = constraint_directive(line) {
            self.constraint_lines
                .push((line_no, col, key, value.to_string()));
            return true;
        }
        let t = line.trim();
        if let Some(note) = metadata_note(t) {
            self.notes.push(note.to_string());
            return true;
        }
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") || is_section(t) {
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
        if let Some(csv) = Csv::header(t) {
            self.csv = Some(csv);
            return true;
        }
        // A bare separator line before or between grids.
        is_separator(t)
    }

    pub(super) fn error(
        &self,
        line: usize,
        column: Option<usize>,
        kind: ParseErrorKind,
    ) -> ParseError {
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
        let notes = std::mem::take(&mut self.notes);
        let mut result = match self.flaws.remove(&line_no) {
            Some(kind) => Err(self.error(line_no, None, kind)),
            None => self.read_puzzle(line_no, &first, &mut positions),
        };
        // A bad directive spoils the record it governs (read anyway, so that
        // its lines do not turn into records of their own).
        if let Some((line, msg)) = self.directive_error.take() {
            result = Err(self.error(line, None, ParseErrorKind::BadShape(msg)));
        }
        let constraint_lines = std::mem::take(&mut self.constraint_lines);
        let placed_line = self.placed_line.take();
        if let Ok(p) = &mut result {
            if let Err(e) = self.attach_constraints(p, constraint_lines) {
                result = Err(e);
            } else if let Some((line, cells)) = placed_line {
                if let Err(msg) = mark_placed(p, &cells) {
                    result = Err(self.error(line, None, ParseErrorKind::BadShape(msg)));
                }
            }
        }
        if result.is_err() {
            positions.clear();
        }
        Record {
            number: self.puzzles,
            line: line_no,
            result: result.map(|mut p| {
                if name.is_some() {
                    p.set_name(name);
                }
                for n in notes {
                    p.add_note(n);
                }
                p
            }),
            positions,
        }
    }

    /// Parses the constraint directives read before a record onto its
    /// puzzle; the first bad one is the record's error, located at the
    /// token that does not read.
    fn attach_constraints(
        &self,
        p: &mut Puzzle,
        lines: Vec<(usize, usize, String, String)>,
    ) -> Result<(), ParseError> {
        if lines.is_empty() {
            return Ok(());
        }
        let n = p.grid().n();
        if p.geometry().layout() == crate::geometry::Layout::Cube {
            let (line, col, key, _) = &lines[0];
            return Err(self.error(
                *line,
                Some(*col),
                ParseErrorKind::Constraint(format!("`{key}` needs a square board, not a cube")),
            ));
        }
        for (line, col, key, value) in lines {
            match crate::constraints::parse_directive(&key, &value, n) {
                Ok(c) => p.add_constraint(c),
                Err((at, msg)) => {
                    return Err(self.error(
                        line,
                        Some(col + value[..at].chars().count()),
                        ParseErrorKind::Constraint(format!("{key}: {msg}")),
                    ))
                }
            }
        }
        Ok(())
    }

    /// Which kind of record starts at `first`, and its reading.
    fn read_puzzle(
        &mut self,
        line_no: usize,
        first: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let t = first.trim();
        let format = self.opts.format;
        let one_line = matches!(format, InputFormat::Auto | InputFormat::Line);
        if self.csv.is_some() {
            return self.read_csv_row(line_no, first, positions);
        }
        if one_line {
            if let Some(result) = self.try_fpuzzles(line_no, t) {
                return result;
            }
        }
        if one_line && t.starts_with('{') {
            return self.read_json(line_no, t, positions);
        }
        if t.starts_with("<svg") || t.starts_with("<?xml") {
            return self.read_svg(line_no, first, positions);
        }
        if one_line {
            if let Some((offset, cells)) = hodoku_cells(first) {
                return self.read_hodoku(line_no, first, offset, cells, positions);
            }
            if let Some(result) = self.try_pencilmarks(line_no, first, positions) {
                return result;
            }
        }
        if matches!(format, InputFormat::Auto | InputFormat::Grid) {
            if let Some(result) = self.try_candidate_grid(line_no, first, positions) {
                return result;
            }
        }
        let (cells, shape) = self.read_grid(line_no, first)?;
        self.build(line_no, cells, shape, positions)
    }

    /// An f-puzzles or SudokuPad share link, or an f-puzzles compressed
    /// string, as one line (JSON documents go to `read_json`). A bare
    /// string that only looks compressed (`N4Ig…`, which a large board's
    /// letters could also spell) and does not decode is left to the other
    /// readings.
    fn try_fpuzzles(&self, line_no: usize, t: &str) -> Option<Result<Puzzle, ParseError>> {
        #[cfg(feature = "serde")]
        if crate::format::sudokupad::is_sudokupad_link(t) {
            // A bare `scl…` id that does not read may be a large board's
            // letters: left to the other readings, like `N4Ig…` below.
            let bare = !t.contains('/')
                && !t.contains("puzzleid=")
                && side_of(t.chars().count(), self.cube).is_some();
            return match crate::format::from_sudokupad(t) {
                Ok(p) => Some(Ok(p)),
                Err(_) if bare => None,
                Err(e) => Some(Err(self.error(line_no, None, ParseErrorKind::SudokuPad(e)))),
            };
        }
        let link = t.contains("f-puzzles.com") || t.contains("?load=");
        let packed = t.starts_with("N4Ig") && !t.contains(char::is_whitespace);
        if !(link || packed) {
            return None;
        }
        #[cfg(feature = "serde")]
        let read = crate::format::from_fpuzzles(t);
        #[cfg(not(feature = "serde"))]
        let read: Result<Puzzle, String> =
            Err("reading f-puzzles needs sudokit's `serde` feature".into());
        match read {
            Ok(p) => Some(Ok(p)),
            Err(_) if packed && !link => None,
            Err(e) => Some(Err(self.error(line_no, None, ParseErrorKind::FPuzzles(e)))),
        }
    }

    /// The cell count a malformed record most likely meant: that of the
    /// previous good record, else the nearest square.
    pub(super) fn expected_cells(&self, found: usize) -> usize {
        self.known_n()
            .map(|n| self.cells_wanted(n))
            .or(self.last_cells)
            .unwrap_or_else(|| nearest_square(found))
    }

    pub(super) fn known_n(&self) -> Option<usize> {
        self.box_shape.map(|b| b.n())
    }

    pub(super) fn cells_wanted(&self, n: usize) -> usize {
        if self.cube {
            n.saturating_mul(n).saturating_mul(n)
        } else {
            n.saturating_mul(n)
        }
    }

    /// Cells and box shape of a line, `R C` header or grid record.
    fn read_grid(
        &mut self,
        line_no: usize,
        first: &str,
    ) -> Result<(CellsAt, Option<BoxShape>), ParseError> {
        let t = first.trim();
        let format = self.opts.format;
        let header = rc_header(t);
        if format == InputFormat::Header || (format == InputFormat::Auto && header.is_some()) {
            let shape = match header {
                Some(Ok(shape)) => shape,
                Some(Err(msg)) => {
                    // Its rows of numbers (if any) belong to this bad record:
                    // rows with as many numbers as the header's product, so
                    // that one-line puzzles after a stray line are kept.
                    let width = header_product(t);
                    while self.peek(0).is_some_and(|(_, l)| {
                        let fields = l.split_whitespace().count();
                        Some(fields) == width
                            && l.split_whitespace().all(|w| {
                                w.bytes().all(|c| c.is_ascii_digit())
                                    || matches!(w, "." | "_" | "-")
                            })
                    }) {
                        self.take_line();
                    }
                    return Err(self.error(line_no, Some(1), ParseErrorKind::BadShape(msg)));
                }
                None => {
                    return Err(self.error(
                        line_no,
                        Some(1),
                        ParseErrorKind::BadShape(format!("expected an `R C` header, found {t:?}")),
                    ))
                }
            };
            let n = shape.n();
            // A header is followed by its rows of N separated numbers. When
            // the next line is not one (a stray `9 9` among one-line
            // puzzles), the header alone is the bad record and reading
            // resumes on the next line: read as an 81×81 board, it would
            // swallow the 81 puzzles after it.
            let next = self.peek(0).map(|(l, row)| (*l, header_row_fields(row)));
            if let Some((l2, fields)) = next {
                if fields != n {
                    return Err(self.error(
                        line_no,
                        Some(1),
                        ParseErrorKind::BadShape(format!(
                            "`{t}` reads as an `R C` header (boxes of {}×{}, a {n}×{n} board), \
                             but line {l2} is not a row of {n} numbers separated by spaces \
                             ({fields} found); the header line is skipped",
                            shape.rows, shape.cols
                        )),
                    ));
                }
            }
            let Some((l2, row)) = self.take_line() else {
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
            return Ok((CellsAt::Rows(cells), Some(shape)));
        }
        let looks_like_grid = is_separator(t) || t.contains('|') || format == InputFormat::Grid;
        let line_cells = if looks_like_grid {
            None
        } else {
            self.try_line(line_no, first, 0)?
        };
        match line_cells {
            Some(cells) => Ok((CellsAt::Line(line_no as u32, cells), self.box_shape)),
            None => {
                if format == InputFormat::Line {
                    let found = row_cells(first, None, self.digits)
                        .map(|c| c.len())
                        .unwrap_or(0);
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
                Ok((CellsAt::Rows(cells), self.box_shape.or(seps)))
            }
        }
    }

    /// Interprets one line as a whole puzzle, if its cell count fits a board.
    /// `base` is the column (0-based) where `line` starts in its source line.
    pub(super) fn try_line(
        &self,
        line_no: usize,
        line: &str,
        base: usize,
    ) -> Result<Option<Cells>, ParseError> {
        let t = line.trim_start();
        let offset = base + line[..line.len() - t.len()].chars().count();
        let wanted = self.known_n().map(|n| self.cells_wanted(n));
        let fits = |k: usize| match wanted {
            Some(w) => k == w,
            // Prime N (a 5-character row, say) is never guessed as a whole puzzle.
            None => side_of(k, self.cube)
                .and_then(BoxShape::for_side)
                .is_some_and(|b| b.n() >= 4 && b.rows >= 2),
        };
        // Compact: the first field, one character per cell; what follows a
        // space, tab, `;` or `,` (a comment, ratings, a solution) is ignored.
        let first_token = first_field(t).unwrap_or("");
        let len = first_token.chars().count();
        if fits(len) {
            let n = side_of(len, self.cube).unwrap_or(MAX_DIGITS);
            let cells = compact_cells(first_token, offset, n, self.digits)
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
        if wanted.is_none()
            && len > crate::format::write::MAX_COMPACT_N
            && first_word(t).is_some_and(|w| w.chars().count() == t.chars().count())
        {
            return Err(self.wrong_count(line_no, len));
        }
        Ok(None)
    }

    /// A record of `found` cells that fits no board, in plain words.
    pub(super) fn wrong_count(&self, line_no: usize, found: usize) -> ParseError {
        let kind = match side_unbounded(found, self.cube) {
            Some(n) if n > MAX_DIGITS => ParseErrorKind::BadShape(format!(
                "found {} cells: a board of {n} digits; at most {MAX_DIGITS} are supported",
                super::errors::thousands(found)
            )),
            _ => ParseErrorKind::WrongCellCount {
                found,
                expected: self.expected_cells(found),
            },
        };
        self.error(line_no, None, kind)
    }

    /// A puzzle given as one field of a line (HoDoKu, CSV) starting at 0-based `offset`.
    pub(super) fn read_line_field(
        &mut self,
        line_no: usize,
        field: &str,
        offset: usize,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let cells = self.field_cells(line_no, field, offset)?;
        self.build(
            line_no,
            CellsAt::Line(line_no as u32, cells),
            self.box_shape,
            positions,
        )
    }

    pub(super) fn field_cells(
        &self,
        line_no: usize,
        field: &str,
        offset: usize,
    ) -> Result<Cells, ParseError> {
        match self.try_line(line_no, field, offset)? {
            Some(cells) => Ok(cells),
            None => {
                let found = first_word(field).map_or(0, |w| w.chars().count());
                Err(self.wrong_count(line_no, found))
            }
        }
    }

    pub(super) fn build(
        &mut self,
        line_no: usize,
        cells: CellsAt,
        shape: Option<BoxShape>,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let count = cells.len();
        let Some(n) = side_of(count, self.cube) else {
            return Err(self.wrong_count(line_no, count));
        };
        let shape = shape.or_else(|| BoxShape::for_side(n)).expect("n > 0");
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
        let mut values = cells.values();
        let note = resolve_marks(&mut values, n)
            .map_err(|m| self.error(line_no, None, ParseErrorKind::Ambiguous(m)))?;
        if let Some(i) = values.iter().position(|&v| v as usize > n) {
            let (l, c) = cells.at(i);
            return Err(self.error(
                l as usize,
                Some(c as usize),
                ParseErrorKind::DigitOutOfRange {
                    value: values[i].to_string(),
                    n,
                },
            ));
        }
        let geometry = self.geometry(shape, n)?;
        cells.positions_into(positions);
        self.last_cells = Some(count);
        let mut p = Puzzle::new(Grid::new(geometry, values));
        if let Some(note) = note {
            p.add_note(note);
        }
        Ok(p)
    }

    /// The geometry for this record; reused while shape and variants repeat, so a
    /// file of a million puzzles builds it once.
    pub(super) fn geometry(
        &mut self,
        shape: BoxShape,
        n: usize,
    ) -> Result<Arc<Geometry>, ParseError> {
        let mut variants = self.opts.variants.clone();
        let mut regions_line = self.line_no;
        if !self.cube {
            for v in &self.variants {
                if !variants.contains(v) {
                    variants.push(v.clone());
                }
            }
            if let Some((line, rows)) = self.regions.take() {
                regions_line = line;
                let labels = region_labels(&rows, n).map_err(|m| {
                    self.error(
                        line,
                        None,
                        ParseErrorKind::Geometry(GeometryError::BadRegions(m).to_string()),
                    )
                })?;
                variants.push(Variant::Jigsaw(labels));
            }
        }
        self.geometry_for(shape, self.cube, variants, regions_line)
    }

    /// A geometry, reusing the last one when it is the same board.
    pub(super) fn geometry_for(
        &mut self,
        shape: BoxShape,
        cube: bool,
        variants: Vec<Variant>,
        line: usize,
    ) -> Result<Arc<Geometry>, ParseError> {
        if let Some(g) = &self.last_geometry {
            let same_layout = (g.layout() == crate::geometry::Layout::Cube) == cube;
            if same_layout && g.box_shape() == shape && g.variants() == variants.as_slice() {
                return Ok(g.clone());
            }
        }
        let g = if cube {
            Geometry::cube(shape)
        } else {
            Geometry::square(shape, &variants)
        }
        .map_err(|e| self.error(line, None, ParseErrorKind::Geometry(e.to_string())))?;
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
            // Flaws of lines already passed (inside a grid) are spent. (Most
            // inputs have none: skipping the split saves ~800 instructions a
            // line.)
            if !self.flaws.is_empty() {
                self.flaws = self.flaws.split_off(&line_no);
            }
            if self.flaws.contains_key(&line_no) {
                self.puzzles += 1;
                return Some(self.read_record(line_no, line));
            }
            if self.csv.is_some() {
                let t = line.trim();
                if t.is_empty() {
                    self.csv = None;
                    continue;
                }
                if t.starts_with('#') || t.starts_with("//") {
                    continue;
                }
                self.puzzles += 1;
                return Some(self.read_record(line_no, line));
            }
            if self.skip_or_directive(line_no, &line) {
                continue;
            }
            let t = line.trim_start();
            let structured = t.starts_with('{') || t.starts_with(':');
            let whole = first_word(&line).map_or(0, |t| t.chars().count());
            // Text before a `#` with a word of three letters or more, one
            // lower-case: rows of lower-case digits have no such words.
            let body = line.split('#').next().unwrap_or("");
            if !structured && side_of(whole, false).is_none() && is_prose(body) {
                continue; // a note such as a solver's summary under a grid
            }
            self.puzzles += 1;
            let rec = self.read_record(line_no, line);
            return Some(rec);
        }
    }
}

/// Marks the cells of a `placed:` directive (`r1c2 r5c5`) as placed while
/// solving, not given: each must be on the board and hold a digit.
fn mark_placed(p: &mut Puzzle, cells: &str) -> Result<(), String> {
    let n = p.grid().n();
    if p.geometry().layout() == crate::geometry::Layout::Cube {
        return Err("`placed:` names cells of a square board, not a cube".into());
    }
    let mut out = Vec::new();
    for name in cells.split_whitespace() {
        let cell = crate::constraints::text::cell(0, name, n)
            .map_err(|_| format!("placed: {name} is not a cell of this {n}×{n} board"))?;
        if p.grid().get(cell) == 0 {
            return Err(format!("placed: {name} holds no digit"));
        }
        out.push(cell);
    }
    p.set_placed(out);
    Ok(())
}
