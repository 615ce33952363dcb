//! The JSON our CLI and web API write, read back (needs the `serde`
//! feature; without it a JSON line is an error that says so).

use std::io::BufRead;

#[cfg(feature = "serde")]
use serde_json::Value;

use super::errors::ParseErrorKind;
use super::reader::Reader;
use super::ParseError;
use crate::puzzle::Puzzle;
#[cfg(feature = "serde")]
use {
    super::directives::parse_box_directive, crate::bits::MAX_DIGITS, crate::geometry::Variant,
    crate::grid::Grid,
};

#[cfg(not(feature = "serde"))]
impl<R: BufRead> Reader<R> {
    pub(super) fn read_json(
        &mut self,
        line_no: usize,
        _t: &str,
        _positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let why = "reading JSON needs sudokit's `serde` feature".to_string();
        Err(self.error(line_no, None, ParseErrorKind::Json(why)))
    }
}

#[cfg(feature = "serde")]
impl<R: BufRead> Reader<R> {
    /// A JSON document: on one line, or over several (pretty-printed, as
    /// `json.dumps(..., indent=2)` writes it) up to the line where its
    /// braces close. An f-puzzles object (`size` and `grid`) or a
    /// SudokuPad one (`cells` rows) is imported as such; otherwise a grid
    /// object of ours (`box`, `layout`, `variants`, `regions`, `rows` or
    /// `line`), itself or under `puzzle`, `grid` or `solution`. With both
    /// a `puzzle` and a `solution` object, the solution is attached.
    pub(super) fn read_json(
        &mut self,
        line_no: usize,
        t: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let json_err = |this: &Self, m: String| this.error(line_no, None, ParseErrorKind::Json(m));
        let doc = self.json_document(line_no, t)?;
        let v: Value = serde_json::from_str(&doc).map_err(|e| json_err(self, e.to_string()))?;
        let Value::Object(obj) = &v else {
            return Err(json_err(self, "expected an object".into()));
        };
        let foreign = if obj.contains_key("size") && obj.get("grid").is_some_and(Value::is_array) {
            Some(
                crate::format::fpuzzles::import_value(&v)
                    .map_err(|e| self.error(line_no, None, ParseErrorKind::FPuzzles(e))),
            )
        } else if crate::format::sudokupad::is_sudokupad_json(&v) {
            Some(
                crate::format::sudokupad::import_value(&v)
                    .map_err(|e| self.error(line_no, None, ParseErrorKind::SudokuPad(e))),
            )
        } else {
            None
        };
        if let Some(read) = foreign {
            let p = read?;
            positions.extend((0..p.grid().cells().len()).map(|_| (line_no as u32, 1)));
            self.last_cells = Some(p.grid().cells().len());
            return Ok(p);
        }
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
        // Constraints as directive lines (`cage: 15 r1c1 r1c2`), attached
        // with the record like the directives of a text file.
        if let Some(Value::Array(lines)) = grid_obj.get("constraints") {
            for line in lines {
                let directive = line.as_str().and_then(super::reader::constraint_directive);
                let Some((key, col, value)) = directive else {
                    return Err(json_err(
                        self,
                        format!("not a constraint directive: {line}"),
                    ));
                };
                self.constraint_lines
                    .push((line_no, col, key, value.to_string()));
            }
        }
        let mut p = self
            .json_position(grid, grid_obj)
            .map_err(|m| json_err(self, m))?;
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

    /// The text of the JSON document that starts with `first`: the line
    /// itself when its braces balance, else the lines up to the one that
    /// balances them (a blank line or the end of input first is an error,
    /// and so is a document longer than [`super::MAX_LINE_BYTES`]).
    fn json_document(&mut self, line_no: usize, first: &str) -> Result<String, ParseError> {
        let mut depth = Depth::default();
        depth.scan(first);
        if depth.open <= 0 {
            return Ok(first.to_string());
        }
        let mut doc = first.to_string();
        while depth.open > 0 {
            // A JSON string cannot hold a line break, so a string still open
            // at the end of a line is a broken one-line record: reading
            // further would swallow the puzzles after it.
            if depth.in_string {
                let why = format!(
                    "the JSON on line {line_no} breaks off inside a string (a JSON string \
                     cannot span lines)"
                );
                return Err(self.error(line_no, None, ParseErrorKind::Json(why)));
            }
            let next = self.peek(0).map(|(_, l)| l.trim().to_string());
            let blank_next = next.as_deref().map_or(true, str::is_empty);
            // A line of a board (digits and dots alone, no JSON punctuation)
            // starts the next record: a document open before it is broken.
            let board_next = next.as_deref().is_some_and(super::reader::is_board_line);
            if board_next {
                let why = format!(
                    "the JSON document starting on line {line_no} does not end before the \
                     puzzle on the next line"
                );
                return Err(self.error(line_no, None, ParseErrorKind::Json(why)));
            }
            if blank_next || doc.len() > super::MAX_LINE_BYTES {
                let why = format!(
                    "the JSON document starting on line {line_no} does not end: {} bracket{} \
                     still open at {}",
                    depth.open,
                    if depth.open == 1 { "" } else { "s" },
                    if blank_next {
                        "a blank line or the end of the input"
                    } else {
                        "the size limit"
                    }
                );
                return Err(self.error(line_no, None, ParseErrorKind::Json(why)));
            }
            let (_, line) = self.take_line().expect("peeked");
            depth.scan(&line);
            doc.push('\n');
            doc.push_str(&line);
        }
        Ok(doc)
    }

    /// The puzzle of a grid object: its givens, or a position when the
    /// object has `candidates` (digits per cell) or `placed` (cells placed
    /// while solving, not given).
    fn json_position(&self, grid: Grid, g: &Value) -> Result<Puzzle, String> {
        let (n, count) = (grid.n(), grid.cells().len());
        let mut placed = Vec::new();
        if let Some(cells) = g.get("placed") {
            let Value::Array(cells) = cells else {
                return Err("`placed` must be an array of cell indices".into());
            };
            for c in cells {
                let c = c
                    .as_u64()
                    .ok_or("`placed` must be an array of cell indices")?;
                match grid.cells().get(c as usize) {
                    None => {
                        return Err(format!("placed cell {c} is off the board of {count} cells"))
                    }
                    Some(0) => return Err(format!("placed cell {c} holds no digit")),
                    Some(_) => placed.push(c as usize),
                }
            }
        }
        let mut p = match g.get("candidates") {
            None | Some(Value::Null) => Puzzle::new(grid),
            Some(Value::Array(cells)) if cells.len() == count => {
                let mut masks = Vec::with_capacity(count);
                for (i, cell) in cells.iter().enumerate() {
                    let Value::Array(digits) = cell else {
                        return Err(format!(
                            "`candidates` of cell {i}: expected an array of digits"
                        ));
                    };
                    let mut mask = 0u64;
                    for d in digits {
                        match d.as_u64() {
                            Some(d) if (1..=n as u64).contains(&d) => mask |= 1 << (d - 1),
                            _ => {
                                return Err(format!(
                                    "`candidates` of cell {i}: {d} is not a digit 1..={n}"
                                ))
                            }
                        }
                    }
                    let v = grid.cells()[i];
                    if v != 0 && mask != 1 << (v - 1) {
                        return Err(format!(
                            "`candidates` of cell {i}: the cell holds {v}, so its only candidate is {v}"
                        ));
                    }
                    masks.push(mask);
                }
                Puzzle::with_candidates(grid, masks).map_err(|e| e.to_string())?
            }
            Some(Value::Array(cells)) => {
                return Err(format!(
                    "`candidates` has {} cells; the board has {count}",
                    cells.len()
                ))
            }
            Some(_) => return Err("`candidates` must be an array of digit arrays".into()),
        };
        p.set_placed(placed);
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

/// Open brackets of a JSON text read so far (strings skipped).
#[cfg(feature = "serde")]
#[derive(Default)]
struct Depth {
    open: i64,
    in_string: bool,
    escaped: bool,
}

#[cfg(feature = "serde")]
impl Depth {
    fn scan(&mut self, text: &str) {
        for b in text.bytes() {
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.open += 1,
                b'}' | b']' => self.open -= 1,
                _ => {}
            }
        }
    }
}
