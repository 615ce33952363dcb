//! Other tools' formats: CSV with a header (Kaggle) and HoDoKu library lines.

use std::io::BufRead;

use super::errors::ParseErrorKind;
use super::reader::Reader;
use super::ParseError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// The columns of a CSV file, from its header line.
#[derive(Clone, Debug)]
pub(super) struct Csv {
    sep: char,
    puzzle: usize,
    solution: Option<usize>,
}

impl Csv {
    /// A header such as `quizzes,solutions` or `id,puzzle,solution,clues`
    /// (any case, optionally quoted; `,`, `;` or tab separated).
    pub(super) fn header(t: &str) -> Option<Csv> {
        let sep = [',', ';', '\t'].into_iter().find(|&c| t.contains(c))?;
        let names: Vec<String> = t
            .split(sep)
            .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
            .collect();
        let find = |keys: &[&str]| names.iter().position(|n| keys.contains(&n.as_str()));
        let puzzle = find(&["quizzes", "quiz", "puzzle", "puzzles", "givens", "grid"])?;
        let solution = find(&["solutions", "solution", "answer"]);
        Some(Csv {
            sep,
            puzzle,
            solution,
        })
    }
}

/// Fields of a line with their 0-based start columns (quotes stripped).
fn fields(line: &str, sep: char) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut col = 0;
    for f in line.split(sep) {
        let lead = f.len() - f.trim_start().len();
        let inner = f.trim();
        let quoted = inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"');
        let (start, text) = if quoted {
            (col + lead + 1, &inner[1..inner.len() - 1])
        } else {
            (col + lead, inner)
        };
        out.push((start, text));
        col += f.chars().count() + 1;
    }
    out
}

/// The cells field of a HoDoKu library line `:0000:x:<cells>:<deleted>:…:`,
/// with its 0-based column. The candidate eliminations and the fields after
/// them are ignored: the puzzle is its givens.
pub(super) fn hodoku_cells(line: &str) -> Option<(usize, &str)> {
    let t = line.trim_start();
    if !t.starts_with(':') {
        return None;
    }
    let lead = line.len() - t.len();
    let parts: Vec<&str> = t.split(':').collect();
    // "", technique code, candidate(s), cells, …
    if parts.len() < 4 || parts[1].is_empty() || parts[3].is_empty() {
        return None;
    }
    let col = lead
        + parts[..3]
            .iter()
            .map(|p| p.chars().count() + 1)
            .sum::<usize>();
    Some((col, parts[3]))
}

impl<R: BufRead> Reader<R> {
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
