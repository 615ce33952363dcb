//! Printing grids: one-line, pretty (with box separators), `R C` header, JSON.

use serde::Serialize;

use crate::geometry::{Layout, Variant};
use crate::grid::Grid;

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
    let n = g.n();
    let shape = g.box_shape();
    let width = if n <= 9 { 1 } else { n.to_string().len() };
    let seg = "-".repeat(shape.cols * (width + 1) + 1);
    let sep = format!("+{}+\n", vec![seg; n / shape.cols].join("+"));
    let layers = if g.layout() == Layout::Cube { n } else { 1 };
    let mut out = String::new();
    for layer in 0..layers {
        if layers > 1 {
            if layer > 0 {
                out.push('\n');
            }
            out.push_str(&format!("layer {}\n", layer + 1));
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
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct GridJson {
    /// Box shape as `RxC`.
    #[serde(rename = "box")]
    pub box_shape: String,
    pub layout: Layout,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<String>,
    /// The one-line form.
    pub line: String,
    /// Rows of values, `0` for empty.
    pub rows: Vec<Vec<u16>>,
}

impl GridJson {
    pub fn new(grid: &Grid) -> Self {
        let g = grid.geometry();
        GridJson {
            box_shape: g.box_shape().to_string(),
            layout: g.layout(),
            variants: g
                .variants()
                .iter()
                .map(|v: &Variant| v.name().to_string())
                .collect(),
            line: write_line(grid),
            rows: grid.cells().chunks(g.n()).map(|r| r.to_vec()).collect(),
        }
    }
}

/// The grid as a JSON object (see [`GridJson`]).
pub fn write_json(grid: &Grid) -> String {
    serde_json::to_string(&GridJson::new(grid)).expect("plain data serialises")
}
