//! Other tools' formats: CSV with a header (Kaggle) and HoDoKu library lines.

use std::io::BufRead;

use super::errors::ParseErrorKind;
use super::foreign_lines::fields;
use super::reader::Reader;
use super::ParseError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;

impl<R: BufRead> Reader<R> {
    /// A HoDoKu library line: its cells field, where `+d` is a digit
    /// placed while solving (not a given), and its deleted candidates
    /// (`dRC` triples, 9×9 only). Without either it is a plain puzzle of
    /// givens; with them, a candidate state whose placed digits are kept
    /// apart from the givens ([`Puzzle::placed`]).
    pub(super) fn read_hodoku(
        &mut self,
        line_no: usize,
        line: &str,
        offset: usize,
        cells: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let mut givens = String::with_capacity(cells.len());
        let mut placed = Vec::new();
        let mut plus = false;
        for ch in cells.chars() {
            if ch == '+' {
                plus = true;
                continue;
            }
            if plus {
                placed.push((givens.chars().count(), ch));
                givens.push('.');
                plus = false;
            } else {
                givens.push(ch);
            }
        }
        let deleted = line.trim_start().split(':').nth(4).unwrap_or("").trim();
        let mut p = self.read_line_field(line_no, &givens, offset, positions)?;
        if placed.is_empty() && deleted.is_empty() {
            return Ok(p);
        }
        let n = p.grid().n();
        let bad = |this: &Self, m: String| this.error(line_no, None, ParseErrorKind::BadShape(m));
        let mut values = p.grid().cells().to_vec();
        for &(cell, ch) in &placed {
            let d = ch
                .to_digit(36)
                .filter(|&d| d >= 1 && d as usize <= n)
                .ok_or_else(|| bad(self, format!("HoDoKu line: `+{ch}` is not a digit 1-{n}")))?;
            let Some(v) = values.get_mut(cell) else {
                return Err(bad(
                    self,
                    format!("HoDoKu line: `+{ch}` after the last cell"),
                ));
            };
            *v = d as u16;
        }
        let full = u64::MAX >> 64usize.saturating_sub(n);
        let mut masks = vec![full; values.len()];
        for t in deleted.split_whitespace() {
            let b: Vec<u32> = t.chars().filter_map(|c| c.to_digit(10)).collect();
            let (&[d, r, c], 3, 9) = (&b[..], t.len(), n) else {
                return Err(bad(
                    self,
                    format!("HoDoKu line: deleted candidate {t:?} is not digit-row-column on 9×9"),
                ));
            };
            if d == 0 || r == 0 || c == 0 {
                return Err(bad(self, format!("HoDoKu line: deleted candidate {t:?}")));
            }
            masks[(r as usize - 1) * 9 + c as usize - 1] &= !(1 << (d - 1));
        }
        let grid = Grid::new(p.geometry().clone(), values);
        let mut q = Puzzle::with_candidates(grid, masks)
            .map_err(|e| bad(self, format!("HoDoKu line: {e}")))?;
        q.set_placed(placed.into_iter().map(|(c, _)| c));
        q.set_constraints(p.constraints().to_vec());
        q.set_name(p.name().map(str::to_string));
        for note in p.notes() {
            q.add_note(note.clone());
        }
        std::mem::swap(&mut p, &mut q);
        Ok(p)
    }

    /// One CSV row: the puzzle column, and the solution column when there is one.
    pub(super) fn read_csv_row(
        &mut self,
        line_no: usize,
        line: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let csv = self.csv.clone().expect("in CSV mode");
        let fs = fields(line, csv.sep);
        let missing = |this: &Self, what: &str, idx: usize| {
            this.error(
                line_no,
                None,
                ParseErrorKind::BadShape(format!(
                    "CSV row has {} fields; the {what} is field {}",
                    fs.len(),
                    idx + 1
                )),
            )
        };
        let &(col, text) = fs
            .get(csv.puzzle)
            .ok_or_else(|| missing(self, "puzzle", csv.puzzle))?;
        let mut p = self.read_line_field(line_no, text, col, positions)?;
        if let Some(s) = csv.solution {
            let &(col, text) = fs.get(s).ok_or_else(|| missing(self, "solution", s))?;
            if !text.is_empty() {
                let solution = self.solution_grid(line_no, text, col, p.grid())?;
                p.set_given_solution(Some(solution));
            }
        }
        Ok(p)
    }

    /// A solution field read on the board of `puzzle`.
    fn solution_grid(
        &self,
        line_no: usize,
        text: &str,
        col: usize,
        puzzle: &Grid,
    ) -> Result<Grid, ParseError> {
        let cells = self.field_cells(line_no, text, col)?;
        let n = puzzle.n();
        let mut values: Vec<u16> = cells.iter().map(|c| c.0).collect();
        if values.len() != puzzle.cells().len() {
            return Err(self.error(
                line_no,
                Some(col + 1),
                ParseErrorKind::BadShape(format!(
                    "the solution has {} cells, the puzzle {}",
                    values.len(),
                    puzzle.cells().len()
                )),
            ));
        }
        super::cells::resolve_marks(&mut values, n)
            .map_err(|m| self.error(line_no, None, ParseErrorKind::Ambiguous(m)))?;
        if let Some(i) = values.iter().position(|&v| v as usize > n) {
            return Err(self.error(
                line_no,
                Some(cells[i].1 as usize),
                ParseErrorKind::DigitOutOfRange {
                    value: values[i].to_string(),
                    n,
                },
            ));
        }
        Ok(Grid::new(puzzle.geometry().clone(), values))
    }
}
