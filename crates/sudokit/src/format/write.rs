//! Printing grids: one-line, pretty (with box separators), `R C` header, JSON.

use crate::geometry::{BoxShape, Geometry, Layout, Variant};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// Character for value `v` in compact form: `.` for empty, `1-9`, then `A-Z`.
pub fn value_char(v: u16) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v as u8) as char,
        10..=35 => (b'A' + (v - 10) as u8) as char,
        _ => '?',
    }
}

/// The largest N whose values fit one character each.
pub const MAX_COMPACT_N: usize = 35;

/// One line: one character per cell when N ≤ 35 (`.` for empty), otherwise
/// numbers separated by spaces with `0` for empty.
///
/// ```
/// use sudokit::{Grid, format::write_line};
/// let g = Grid::from_line("1.3.............").unwrap();
/// assert_eq!(write_line(&g), "1.3.............");
/// ```
pub fn write_line(grid: &Grid) -> String {
    if grid.n() <= MAX_COMPACT_N {
        grid.cells().iter().map(|&v| value_char(v)).collect()
    } else {
        let mut s = String::with_capacity(grid.cells().len() * 4);
        for (i, v) in grid.cells().iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&v.to_string());
        }
        s
    }
}

fn cell_text(v: u16, width: usize, compact: bool) -> String {
    if compact {
        format!("{:>width$}", value_char(v))
    } else if v == 0 {
        format!("{:>width$}", ".")
    } else {
        format!("{v:>width$}")
    }
}

/// A grid drawn with box separators, as in seed 001:
///
/// ```text
/// +-------+-------+
/// | 1 2 3 | 4 5 6 |
/// ```
///
/// Empty cells print as `.`. Values above 9 print as numbers (right-aligned),
/// so the output reads back for any N. Cubes print layer by layer.
pub fn write_pretty(grid: &Grid) -> String {
    let g = grid.geometry();
    if let Some(regions) = g.jigsaw_regions() {
        return pretty_regions(grid, regions);
    }
    let n = g.n();
    let shape = g.box_shape();
    let width = if n <= 9 { 1 } else { n.to_string().len() };
    let seg = "-".repeat(shape.cols * (width + 1) + 1);
    let sep = format!("+{}+\n", vec![seg; n / shape.cols].join("+"));
    let layers = if g.layout() == Layout::Cube { n } else { 1 };
    let mut out = String::new();
    for layer in 0..layers {
        if layers > 1 {
            out.push_str(&format!("# layer {}\n", layer + 1));
        }
        for r in 0..n {
            if r % shape.rows == 0 {
                out.push_str(&sep);
            }
            for c in 0..n {
                if c % shape.cols == 0 {
                    out.push_str(if c == 0 { "|" } else { " |" });
                }
                out.push(' ');
                out.push_str(&cell_text(
                    grid.get(layer * n * n + r * n + c),
                    width,
                    false,
                ));
            }
            out.push_str(" |\n");
        }
        out.push_str(&sep);
    }
    out
}

/// A jigsaw grid with a border wherever two neighbouring cells lie in
/// different regions.
fn pretty_regions(grid: &Grid, regions: &[u16]) -> String {
    let n = grid.n();
    let width = if n <= 9 { 1 } else { n.to_string().len() };
    let region = |r: usize, c: usize| regions[r * n + c];
    // Is there a border above (r, c), left of (r, c)? Edges always have one.
    let above = |r: usize, c: usize| r == 0 || r == n || region(r - 1, c) != region(r, c);
    let left = |r: usize, c: usize| c == 0 || c == n || region(r, c - 1) != region(r, c);
    // Each cell is `|` or space, a space, the value, a space: fixed columns,
    // so the borders line up whatever the regions' shapes.
    let mut out = String::new();
    for r in 0..=n {
        let mut line = String::new();
        for c in 0..=n {
            let seg_left = c > 0 && above(r, c - 1);
            let seg_right = c < n && above(r, c);
            let up = r > 0 && left(r - 1, c);
            let down = r < n && left(r, c);
            line.push(if seg_left || seg_right {
                '+'
            } else if up || down {
                '|'
            } else {
                ' '
            });
            if c < n {
                let seg = if seg_right { '-' } else { ' ' };
                line.extend(std::iter::repeat(seg).take(width + 2));
            }
        }
        // Rows inside one region need no line between them (the reader
        // would take a line of bars alone for an empty row).
        if line.contains('-') {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if r == n {
            break;
        }
        let mut row = String::new();
        for c in 0..=n {
            row.push(if left(r, c) { '|' } else { ' ' });
            if c < n {
                row.push(' ');
                row.push_str(&cell_text(grid.get(r * n + c), width, false));
                row.push(' ');
            }
        }
        out.push_str(&row);
        out.push('\n');
    }
    out
}

/// The `R C` header format of seed 001: the box shape, then one row per line,
/// numbers separated by spaces and `0` for empty.
pub fn write_rc(grid: &Grid) -> String {
    let g = grid.geometry();
    let n = g.n();
    let width = n.to_string().len();
    let mut out = format!("{} {}\n", g.box_shape().rows, g.box_shape().cols);
    for row in grid.cells().chunks(n) {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// A grid as JSON-ready data.
#[cfg(feature = "serde")]
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GridJson {
    /// Box shape as `RxC`.
    #[serde(rename = "box")]
    pub box_shape: String,
    #[cfg_attr(feature = "ts", ts(type = "\"square\" | \"cube\""))]
    pub layout: Layout,
    /// Extra units other than jigsaw regions (`x`, `disjoint`, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub variants: Vec<String>,
    /// Jigsaw regions: one label `0..N` per cell, row-major.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub regions: Option<Vec<u16>>,
    /// The one-line form.
    pub line: String,
    /// Rows of values, `0` for empty.
    pub rows: Vec<Vec<u16>>,
    /// Constraints beyond units, one directive line each (`cage: 15 r1c1
    /// r1c2`), as a text file would carry them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub constraints: Vec<String>,
    /// Cells (row-major indices) whose digit was placed while solving, not
    /// given (HoDoKu's `+d`): a position, where uniqueness techniques such
    /// as avoidable rectangles tell the two apart.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<usize>>", optional))]
    pub placed: Vec<usize>,
    /// A candidate state: per cell (row-major) the digits still possible
    /// (a filled cell's own digit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub candidates: Option<Vec<Vec<u16>>>,
}

#[cfg(feature = "serde")]
impl GridJson {
    pub fn new(grid: &Grid) -> Self {
        let g = grid.geometry();
        GridJson {
            box_shape: g.box_shape().to_string(),
            layout: g.layout(),
            variants: g
                .variants()
                .iter()
                .filter(|v| !matches!(v, Variant::Jigsaw(_)))
                .map(|v: &Variant| v.name().to_string())
                .collect(),
            regions: g.jigsaw_regions().map(<[u16]>::to_vec),
            line: write_line(grid),
            rows: grid.cells().chunks(g.n()).map(|r| r.to_vec()).collect(),
            constraints: Vec::new(),
            placed: Vec::new(),
            candidates: None,
        }
    }

    /// A puzzle's grid with its constraints, and for a position its placed
    /// digits and candidates.
    pub fn of_puzzle(puzzle: &Puzzle) -> Self {
        let n = puzzle.grid().n();
        let candidates = puzzle.candidates().map(|masks| {
            masks
                .iter()
                .map(|&m| (1..=n as u16).filter(|d| m >> (d - 1) & 1 == 1).collect())
                .collect()
        });
        GridJson {
            constraints: puzzle
                .constraints()
                .iter()
                .map(|c| c.to_directive(n))
                .collect(),
            placed: puzzle.placed().to_vec(),
            candidates,
            ..GridJson::new(puzzle.grid())
        }
    }
}

/// The grid as a JSON object (see [`GridJson`]).
#[cfg(feature = "serde")]
pub fn write_json(grid: &Grid) -> String {
    serde_json::to_string(&GridJson::new(grid)).expect("plain data serialises")
}

/// The output formats.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum OutputFormat {
    /// One line per grid (directive lines before it when the board is not
    /// what the reader assumes by default).
    #[default]
    Line,
    /// A drawn grid with box (or region) borders, puzzles separated and named.
    Pretty,
    /// The `R C` header followed by rows of numbers (seed 001's format).
    Rc,
    /// One JSON object per line (see `docs/json.md`); needs the `serde`
    /// feature.
    #[cfg(feature = "serde")]
    Json,
}

impl std::str::FromStr for OutputFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "line" => OutputFormat::Line,
            "pretty" => OutputFormat::Pretty,
            "rc" => OutputFormat::Rc,
            #[cfg(feature = "serde")]
            "json" => OutputFormat::Json,
            #[cfg(not(feature = "serde"))]
            "json" => return Err("JSON output needs sudokit's `serde` feature".into()),
            _ => {
                return Err(format!(
                    "unknown output format {s:?} (line, pretty, rc, json)"
                ))
            }
        })
    }
}

/// One grid in `format`, without directives or a trailing newline.
pub fn write_body(grid: &Grid, format: OutputFormat) -> String {
    let s = match format {
        OutputFormat::Line => write_line(grid),
        OutputFormat::Pretty => write_pretty(grid),
        OutputFormat::Rc => write_rc(grid),
        #[cfg(feature = "serde")]
        OutputFormat::Json => write_json(grid),
    };
    s.trim_end_matches('\n').to_string()
}

/// What the reader assumes at a point of the output: the settings that
/// `box:`, `variant:` and `cube:` directives carry to the rest of a file.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
struct Scope {
    box_shape: Option<BoxShape>,
    variants: Vec<&'static str>,
    cube: bool,
}

/// Writes puzzles so that they read back the same: before each one it puts
/// the directives (`box:`, `variant:`, `cube:`, `regions:`) the reader needs
/// and that earlier output has not already set. A classic 9×9 gets none, so
/// plain output stays one line per puzzle.
///
/// ```
/// use sudokit::format::{OutputFormat, Writer};
/// use sudokit::{BoxShape, Geometry, Grid, Puzzle, Variant};
/// use std::sync::Arc;
/// let geo = Arc::new(Geometry::square(BoxShape::new(2, 2), &[Variant::Diagonals]).unwrap());
/// let p = Puzzle::new(Grid::empty(geo));
/// let mut w = Writer::new(OutputFormat::Line);
/// assert_eq!(w.write(&p), "variant: x\n................\n");
/// assert_eq!(w.write(&p), "................\n");
/// let back: Puzzle = "variant: x\n................\n".parse().unwrap();
/// assert_eq!(back.geometry().variants(), p.geometry().variants());
/// ```
#[derive(Debug)]
pub struct Writer {
    format: OutputFormat,
    scope: Scope,
    written: usize,
}

impl Writer {
    pub fn new(format: OutputFormat) -> Self {
        Writer {
            format,
            scope: Scope::default(),
            written: 0,
        }
    }

    /// A puzzle (its givens, and its name in the formats that carry one).
    pub fn write(&mut self, puzzle: &Puzzle) -> String {
        #[cfg(feature = "serde")]
        if self.format == OutputFormat::Json
            && (!puzzle.constraints().is_empty()
                || puzzle.has_candidates()
                || !puzzle.placed().is_empty())
        {
            let json = serde_json::to_string(&GridJson::of_puzzle(puzzle));
            return json.expect("plain data serialises") + "\n";
        }
        let cube = puzzle.geometry().layout() == Layout::Cube;
        let placed = !puzzle.placed().is_empty() && !cube;
        if puzzle.constraints().is_empty() && !placed {
            return self.write_grid_named(puzzle.grid(), puzzle.name());
        }
        // Constraints and placed cells govern the next puzzle only: their
        // directives go right before its grid, after the board's
        // directives and name.
        let grid = puzzle.grid();
        let mut out = self.prelude(grid.geometry(), puzzle.name());
        let n = grid.n();
        for c in puzzle.constraints() {
            out.push_str(&c.to_directive(n));
            out.push('\n');
        }
        if placed {
            let cells = crate::constraints::text::names(puzzle.placed(), n);
            out.push_str(&format!("placed: {cells}\n"));
        }
        out.push_str(&write_body(grid, self.format));
        out.push('\n');
        out
    }

    /// A grid, such as a solution.
    pub fn write_grid(&mut self, grid: &Grid) -> String {
        self.write_grid_named(grid, None)
    }

    fn write_grid_named(&mut self, grid: &Grid, name: Option<&str>) -> String {
        let mut out = self.prelude(grid.geometry(), name);
        out.push_str(&write_body(grid, self.format));
        out.push('\n');
        out
    }

    /// What goes before the next grid of board `g`: in `pretty`, a blank
    /// line between puzzles and the name; in every text format, the
    /// directives the reader needs. For callers that format grids
    /// elsewhere (in parallel, say) and write them in order.
    pub fn prelude(&mut self, g: &Geometry, name: Option<&str>) -> String {
        self.written += 1;
        #[cfg(feature = "serde")]
        if self.format == OutputFormat::Json {
            return String::new();
        }
        let mut out = String::new();
        if self.format == OutputFormat::Pretty && self.written > 1 {
            out.push('\n');
        }
        out.push_str(&self.directives(g));
        if let (OutputFormat::Pretty, Some(name)) = (self.format, name) {
            out.push_str(&format!("name: {name}\n"));
        }
        out
    }

    /// The directive lines `g` needs after what was written so far.
    fn directives(&mut self, g: &Geometry) -> String {
        let mut out = String::new();
        let n = g.n();
        let cube = g.layout() == Layout::Cube;
        let shape = g.box_shape();
        // The `R C` format states the box shape itself, except for cubes.
        let header_has_box = self.format == OutputFormat::Rc && !cube;
        let default_shape = if cube { None } else { BoxShape::for_side(n) };
        // Pretty jigsaw borders follow the regions, from which the reader
        // would guess a box shape: state the real one.
        let borders_mislead = self.format == OutputFormat::Pretty && g.jigsaw_regions().is_some();
        let box_needed = match self.scope.box_shape {
            Some(b) => b != shape,
            None => borders_mislead || (!header_has_box && Some(shape) != default_shape),
        };
        if cube != self.scope.cube {
            if cube {
                out.push_str(&format!("cube: {shape}\n"));
                self.scope.box_shape = Some(shape);
            } else {
                out.push_str("cube: none\n");
            }
            self.scope.cube = cube;
        } else if cube && box_needed {
            out.push_str(&format!("cube: {shape}\n"));
            self.scope.box_shape = Some(shape);
        }
        if !cube && box_needed && !(header_has_box && self.scope.box_shape.is_none()) {
            out.push_str(&format!("box: {shape}\n"));
            self.scope.box_shape = Some(shape);
        }
        let variants: Vec<&'static str> = g
            .variants()
            .iter()
            .filter(|v| !matches!(v, Variant::Jigsaw(_)))
            .map(Variant::name)
            .collect();
        if variants != self.scope.variants {
            if variants.is_empty() {
                out.push_str("variant: none\n");
            } else {
                out.push_str(&format!("variant: {}\n", variants.join(" ")));
            }
            self.scope.variants = variants;
        }
        if let Some(regions) = g.jigsaw_regions() {
            out.push_str("regions:\n");
            for row in regions.chunks(n) {
                let labels: Vec<String> = row
                    .iter()
                    .map(|&r| {
                        if n <= 26 {
                            ((b'A' + r as u8) as char).to_string()
                        } else {
                            r.to_string()
                        }
                    })
                    .collect();
                out.push_str(&labels.join(if n <= 26 { "" } else { " " }));
                out.push('\n');
            }
        }
        out
    }
}

impl Grid {
    /// The grid in one-line form (see [`write_line`]).
    pub fn to_line(&self) -> String {
        write_line(self)
    }
}

impl std::fmt::Display for Grid {
    /// The one-line form; `{:#}` gives the pretty grid with box separators.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if f.alternate() {
            f.write_str(&write_pretty(self))
        } else {
            f.write_str(&write_line(self))
        }
    }
}
