//! Other tools' formats: CSV with a header (Kaggle), HoDoKu library lines,
//! and the JSON our CLI writes.

use std::io::BufRead;

use serde_json::Value;

use super::directives::parse_box_directive;
use super::errors::ParseErrorKind;
use super::reader::Reader;
use super::ParseError;
use crate::bits::MAX_DIGITS;
use crate::geometry::Variant;
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
                    value: values[i] as u64,
                    n,
                },
            ));
        }
        Ok(Grid::new(puzzle.geometry().clone(), values))
    }

    /// A JSON line: a grid object (`box`, `layout`, `variants`, `regions`,
    /// `rows` or `line`), itself or under `puzzle`, `grid` or `solution`.
    /// With both a `puzzle` and a `solution` object, the solution is attached.
    pub(super) fn read_json(
        &mut self,
        line_no: usize,
        t: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let json_err = |this: &Self, m: String| this.error(line_no, None, ParseErrorKind::Json(m));
        let v: Value = serde_json::from_str(t).map_err(|e| json_err(self, e.to_string()))?;
        let Value::Object(obj) = &v else {
            return Err(json_err(self, "expected an object".into()));
        };
        let is_grid = |v: &Value| v.get("rows").is_some() || v.get("line").is_some();
        let key = ["puzzle", "grid", "solution"]
            .into_iter()
            .find(|k| obj.get(*k).is_some_and(|v| v.is_object() && is_grid(v)));
        let grid_obj = match key {
            Some(k) => &obj[k],
            None if is_grid(&v) => &v,
            None => return Err(json_err(
                self,
                "no grid: expected `line` or `rows`, or a `puzzle`, `grid` or `solution` object"
                    .into(),
            )),
        };
        let grid = self
            .json_grid(line_no, grid_obj)
            .map_err(|m| json_err(self, m))?;
        positions.extend((0..grid.cells().len()).map(|_| (line_no as u32, 1)));
        self.last_cells = Some(grid.cells().len());
        let mut p = Puzzle::new(grid);
        if key == Some("puzzle") {
            if let Some(s) = obj.get("solution").filter(|s| is_grid(s)) {
                let sol = self.json_grid(line_no, s).map_err(|m| json_err(self, m))?;
                if sol.geometry() != p.geometry() && sol.cells().len() != p.grid().cells().len() {
                    return Err(json_err(self, "the solution is on another board".into()));
                }
                p.set_given_solution(Some(Grid::new(p.geometry().clone(), sol.cells().to_vec())));
            }
        }
        if let Some(name) = obj.get("name").and_then(Value::as_str) {
            p.set_name(Some(name.to_string()));
        }
        Ok(p)
    }

    fn json_grid(&mut self, line_no: usize, g: &Value) -> Result<Grid, String> {
        let cube = g.get("layout").and_then(Value::as_str) == Some("cube");
        let values: Vec<u64> = match (g.get("rows"), g.get("line")) {
            (Some(Value::Array(rows)), _) => {
                let mut out = Vec::new();
                for row in rows {
                    let Value::Array(cells) = row else {
                        return Err("`rows` must be arrays of numbers".into());
                    };
                    for c in cells {
                        out.push(c.as_u64().ok_or("`rows` must be arrays of numbers")?);
                    }
                }
                out
            }
            (_, Some(Value::String(line))) => self
                .field_cells(line_no, line, 0)
                .map_err(|e| e.kind.to_string())?
                .into_iter()
                .map(|c| c.0 as u64)
                .collect(),
            _ => return Err("expected `rows` (arrays of numbers) or `line` (text)".into()),
        };
        let count = values.len();
        let n = super::detect::side_of(count, cube)
            .ok_or_else(|| format!("{count} cells make no board of at most {MAX_DIGITS} digits"))?;
        let shape = match g.get("box").and_then(Value::as_str) {
            Some(b) => parse_box_directive(b)?,
            None => crate::geometry::BoxShape::for_side(n).expect("n > 0"),
        };
        if shape.n() != n {
            return Err(format!("box {shape} does not fit {count} cells"));
        }
        let mut values16 = Vec::with_capacity(count);
        for v in values {
            if v > n as u64 {
                return Err(format!("digit {v} out of range 1..={n}"));
            }
            values16.push(v as u16);
        }
        let mut variants = self.opts.variants.clone();
        if let Some(Value::Array(names)) = g.get("variants") {
            // `jigsaw` comes from `regions`.
            let names = names
                .iter()
                .filter_map(Value::as_str)
                .filter(|n| *n != "jigsaw");
            for v in Variant::parse_list(names)? {
                if !variants.contains(&v) {
                    variants.push(v);
                }
            }
        }
        if let Some(Value::Array(labels)) = g.get("regions") {
            if labels.len() != count {
                return Err(format!(
                    "{} region labels for a board of {count} cells",
                    labels.len()
                ));
            }
            // Labels in order of appearance, as for a `regions:` block.
            let mut seen: Vec<u64> = Vec::new();
            let mut out = Vec::with_capacity(count);
            for l in labels {
                let l = l.as_u64().ok_or("`regions` must be numbers")?;
                let i = match seen.iter().position(|&s| s == l) {
                    Some(i) => i,
                    None => {
                        seen.push(l);
                        seen.len() - 1
                    }
                };
                if i >= n {
                    return Err(format!("more than {n} regions"));
                }
                out.push(i as u16);
            }
            variants.push(Variant::Jigsaw(out));
        }
        let geometry = self
            .geometry_for(shape, cube, variants, line_no)
            .map_err(|e| e.kind.to_string())?;
        Ok(Grid::new(geometry, values16))
    }
}
