//! Grid records: N rows of cells, with or without box separators.

use std::io::BufRead;

use super::cells::{row_cells, segment_width};
use super::detect::{
    directive, first_word, is_layer_header, is_name_header, is_separator, rc_header, side_of,
};
use super::errors::ParseErrorKind;
use super::reader::{LocatedCells, Reader};
use super::ParseError;
use crate::bits::MAX_DIGITS;
use crate::geometry::BoxShape;

impl<R: BufRead> Reader<R> {
    /// Reads rows of a grid starting with `first`. Returns all cells (with line
    /// numbers folded into the positions) and the box shape the separators show.
    pub(super) fn read_rows(
        &mut self,
        line_no: usize,
        first: &str,
        n_hint: Option<usize>,
    ) -> Result<(LocatedCells, Option<BoxShape>), ParseError> {
        let mut out: LocatedCells = Vec::new();
        let mut n = n_hint;
        let mut rows = 0usize;
        let cube = self.cube;
        let rows_wanted = |n: usize| if cube { n.saturating_mul(n) } else { n };
        let mut box_cols: Option<usize> = None;
        let mut box_rows: Option<usize> = None;
        let mut current: Option<(usize, String)> = Some((line_no, first.to_string()));
        let mut seen_separator_after_rows = false;
        let style = self.digits;
        loop {
            let (ln, line) = match current.take() {
                Some(x) => x,
                None => {
                    if let Some(n) = n {
                        if rows >= rows_wanted(n) {
                            break;
                        }
                    }
                    let blank = match self.peek(0) {
                        None => break,
                        Some((_, l)) => l.trim().is_empty(),
                    };
                    // A blank line ends a grid; in a cube it may only come
                    // between layers, before a `layer k` line.
                    if blank {
                        let next_is_layer = cube
                            && n.is_some_and(|n| rows > 0 && rows % n == 0)
                            && self.peek(1).is_some_and(|(_, l)| is_layer_header(l.trim()));
                        if !next_is_layer {
                            break;
                        }
                        self.take_line();
                        continue;
                    }
                    let (l, t) = self.take_line().expect("peeked");
                    (l, t)
                }
            };
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') || is_layer_header(t) {
                continue;
            }
            if is_separator(t) {
                if rows > 0 && box_rows.is_none() && !seen_separator_after_rows {
                    box_rows = Some(rows);
                    seen_separator_after_rows = true;
                }
                continue;
            }
            let cells = match row_cells(&line, n, style) {
                Ok(cells) => cells,
                Err((col, kind)) => {
                    // A whole-puzzle line after a short one whose digits do
                    // not fit the short one's width: as below, the short
                    // line was a bad puzzle of its own.
                    if let Some(width) = n.filter(|_| ln != line_no) {
                        if let Some(count) = self.standalone_count(&line, width) {
                            self.ahead.push_front((ln, line));
                            return Err(self.short_record(line_no, rows, width, count));
                        }
                    }
                    if ln != line_no {
                        self.skip_rest_of_grid(n.unwrap_or(0));
                    }
                    return Err(self.error(ln, Some(col), kind));
                }
            };
            if box_cols.is_none() && line.contains('|') {
                box_cols = segment_width(&line, style);
            }
            let width = *n.get_or_insert(cells.len());
            if cells.len() != width {
                // A whole-puzzle line after a short one: the short line was a
                // bad puzzle of its own, and the next one must not be lost.
                if ln != line_no {
                    if let Some(count) = self.standalone_count(&line, width) {
                        self.ahead.push_front((ln, line));
                        return Err(self.short_record(line_no, rows, width, count));
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
                self.skip_rest_of_grid(width);
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
            (Some(r), Some(c)) if r.checked_mul(c) == Some(n) => Some(BoxShape::new(r, c)),
            (None, Some(c)) if c > 0 && n % c == 0 => Some(BoxShape::new(n / c, c)),
            (Some(r), None) if r > 0 && n % r == 0 => Some(BoxShape::new(r, n / r)),
            _ => None,
        };
        Ok((out, shape))
    }

    /// The error of a record of `rows` rows of `width` cells cut short by a
    /// whole puzzle of `count` cells on the next line.
    fn short_record(&self, line_no: usize, rows: usize, width: usize, count: usize) -> ParseError {
        let kind = if rows == 1 {
            ParseErrorKind::WrongCellCount {
                found: width,
                expected: count,
            }
        } else {
            let wanted = if self.cube {
                width.saturating_mul(width)
            } else {
                width
            };
            ParseErrorKind::TooFewRows {
                found: rows,
                expected: wanted,
            }
        };
        self.error(line_no, None, kind)
    }

    /// The cell count of `line` read as a one-line puzzle, when it is longer
    /// than a row of `width` cells and so cannot belong to the grid being read.
    pub(super) fn standalone_count(&self, line: &str, width: usize) -> Option<usize> {
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
    pub(super) fn skip_rest_of_grid(&mut self, width: usize) {
        while let Some((_, l)) = self.peek(0) {
            let t = l.trim().to_string();
            let t = t.as_str();
            let ends_grid = t.is_empty()
                || t.starts_with('#')
                || t.starts_with("//")
                || t.starts_with('{')
                || directive(t).is_some()
                || is_name_header(t)
                || rc_header(t).is_some();
            if ends_grid || self.standalone_count(t, width).is_some() {
                break;
            }
            self.take_line();
        }
    }
}
