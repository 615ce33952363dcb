//! Printable PDF booklets: several puzzles per page, solutions at the back.
//!
//! Pages are drawn directly as PDF vector graphics with the standard
//! Helvetica fonts (every PDF reader has them, so nothing is embedded and a
//! booklet of a hundred puzzles stays small).

use std::fmt;
use std::str::FromStr;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};

use super::pdf_constraints::{self as pdf_marks, Frame};
use super::pdf_text::{text, BOLD, DIGIT_WIDTH, FONT};
use super::{region_of, shaded};
use crate::constraints::Constraint;
use crate::geometry::Layout;
use crate::grid::Grid;
use crate::marks::Pen;

/// Paper sizes, in PostScript points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.0, 842.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl FromStr for Paper {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(format!("unknown paper {s:?} (a4, letter)")),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        })
    }
}

/// One puzzle of a booklet.
#[derive(Clone, Debug)]
pub struct Entry {
    pub puzzle: Grid,
    /// Printed in the solutions section when present.
    pub solution: Option<Grid>,
    /// Caption above the grid, e.g. "7".
    pub caption: String,
    /// Difficulty printed under the grid, e.g. "Hard 1234 (XY-Wing)"; the
    /// caller grades (see [`crate::logic::Grade::label`]), the renderer only
    /// prints.
    pub difficulty: Option<String>,
    /// Constraints drawn on the grid (cages, thermometers, dots, …) the way
    /// the SVG draws them; rules without a mark (anti-knight, …) are named
    /// after the caption. Empty for a classic puzzle.
    pub constraints: Vec<Constraint>,
}

/// Layout of a booklet.
#[derive(Clone, Debug)]
pub struct BookletOptions {
    pub paper: Paper,
    /// Puzzles per page: 1, 2, 4 or 6 (other values are rounded to one of these).
    pub per_page: usize,
    /// Title on top of the first page.
    pub title: Option<String>,
}

impl Default for BookletOptions {
    fn default() -> Self {
        BookletOptions {
            paper: Paper::A4,
            per_page: 4,
            title: None,
        }
    }
}

/// Why a booklet cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookletError {
    #[error("a booklet needs at least one puzzle")]
    Empty,
    #[error("puzzle {0}: booklets print square boards, not cubes")]
    Cube(usize),
}

const MARGIN: f32 = 40.0;
const CAPTION: f32 = 18.0;

/// The booklet as PDF bytes: the puzzles, `per_page` to a page, then the
/// solutions of those that have one, six to a page.
///
/// ```
/// use sudokit::render::pdf::{booklet, BookletOptions, Entry};
/// use sudokit::{solve, Grid};
/// let p = Grid::from_line("1.3.............").unwrap();
/// let s = solve::solve(&p).unwrap().unwrap();
/// let e = Entry {
///     puzzle: p,
///     solution: Some(s),
///     caption: "1".into(),
///     difficulty: Some("Easy 100".into()),
///     constraints: Vec::new(),
/// };
/// let pdf = booklet(&[e], &BookletOptions::default()).unwrap();
/// assert!(pdf.starts_with(b"%PDF"));
/// ```
pub fn booklet(entries: &[Entry], opts: &BookletOptions) -> Result<Vec<u8>, BookletError> {
    if entries.is_empty() {
        return Err(BookletError::Empty);
    }
    if let Some(i) = entries
        .iter()
        .position(|e| e.puzzle.geometry().layout() == Layout::Cube)
    {
        return Err(BookletError::Cube(i + 1));
    }
    let per_page = match opts.per_page {
        0 | 1 => 1,
        2 => 2,
        3 | 4 => 4,
        _ => 6,
    };
    // (entry, filled-in solution, caption, difficulty) per slot, page by page.
    type Slot<'g> = (&'g Entry, Option<&'g Grid>, String, Option<&'g str>);
    let mut pages: Vec<Vec<Slot>> = entries
        .chunks(per_page)
        .map(|chunk| {
            chunk
                .iter()
                .map(|e| (e, None, e.caption.clone(), e.difficulty.as_deref()))
                .collect()
        })
        .collect();
    let solved: Vec<Slot> = entries
        .iter()
        .filter_map(|e| {
            let caption = format!("Solution {}", e.caption);
            e.solution.as_ref().map(|s| (e, Some(s), caption, None))
        })
        .collect();
    let puzzle_pages = pages.len();
    pages.extend(solved.chunks(6).map(|c| c.to_vec()));

    let (width, height) = opts.paper.size();
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let bold = Ref::new(4);
    let page_ref = |i: usize| Ref::new(5 + 2 * i as i32);
    let content_ref = |i: usize| Ref::new(6 + 2 * i as i32);
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids((0..pages.len()).map(page_ref))
        .count(pages.len() as i32);
    pdf.type1_font(font).base_font(Name(b"Helvetica"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold"));

    for (i, slots) in pages.iter().enumerate() {
        let mut page = pdf.page(page_ref(i));
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(tree);
        page.contents(content_ref(i));
        page.resources().fonts().pair(FONT, font).pair(BOLD, bold);
        page.finish();

        let mut c = Content::new();
        let mut top = height - MARGIN;
        if i == 0 {
            if let Some(title) = &opts.title {
                text(&mut c, BOLD, 20.0, MARGIN, top - 20.0, title);
                top -= 40.0;
            }
        }
        if i == puzzle_pages {
            text(&mut c, BOLD, 16.0, MARGIN, top - 16.0, "Solutions");
            top -= 30.0;
        }
        let per = if i < puzzle_pages { per_page } else { 6 };
        let (cols, rows) = match per {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        };
        let slot_w = (width - 2.0 * MARGIN) / cols as f32;
        let slot_h = (top - MARGIN) / rows as f32;
        for (k, (entry, filled, caption, difficulty)) in slots.iter().enumerate() {
            let (col, row) = (k % cols, k / cols);
            let side = (slot_w - 20.0).min(slot_h - CAPTION - 20.0);
            let x = MARGIN + col as f32 * slot_w + (slot_w - side) / 2.0;
            let y_top = top - row as f32 * slot_h;
            let rules = crate::constraints::registry::captions(&entry.constraints);
            let caption = match rules.is_empty() {
                true => caption.clone(),
                false => format!("{caption}  ({})", rules.join(", ")),
            };
            text(&mut c, FONT, 11.0, x, y_top - 12.0, &caption);
            let bottom = y_top - CAPTION - side;
            // Clues outside the grid get half a cell of room on every side.
            let n = entry.puzzle.geometry().n();
            let pen = pdf_marks::marks_of(&entry.constraints, n);
            let (x, bottom, side) = if pen.reaches_outside() {
                let pad = side / (n as f32 + 1.0) / 2.0;
                (x + pad, bottom + pad, side - 2.0 * pad)
            } else {
                (x, bottom, side)
            };
            draw_grid(&mut c, entry, &pen, *filled, x, bottom, side);
            // Under the grid, in the 20 pt kept free below every grid.
            if let Some(d) = difficulty {
                text(&mut c, FONT, 9.0, x, bottom - 12.0, d);
            }
        }
        text(
            &mut c,
            FONT,
            9.0,
            width / 2.0 - 10.0,
            MARGIN / 2.0,
            &format!("{}", i + 1),
        );
        pdf.stream(content_ref(i), &c.finish());
    }
    Ok(pdf.finish())
}

/// One grid with its constraints' marks `pen`, its lower-left corner at
/// (`x`, `y`) and side `side`.
fn draw_grid(
    c: &mut Content,
    entry: &Entry,
    pen: &Pen,
    filled: Option<&Grid>,
    x: f32,
    y: f32,
    side: f32,
) {
    let grid = &entry.puzzle;
    let geo = grid.geometry();
    let n = geo.n();
    let cell = side / n as f32;
    let frame = Frame { n, x, y, cell };
    // Cell (r, k) has its top-left corner at (x + k·cell, y + side − r·cell).
    let left = |k: usize| x + k as f32 * cell;
    let top = |r: usize| y + side - r as f32 * cell;

    c.set_fill_gray(0.88);
    for i in 0..n * n {
        if shaded(geo, i) {
            let (r, k) = (i / n, i % n);
            c.rect(left(k), top(r) - cell, cell, cell);
        }
    }
    c.fill_nonzero();
    pdf_marks::draw(c, &frame, &pen.under);

    let region = region_of(grid, 0);
    for thick in [false, true] {
        c.set_line_width(if thick { 2.0 } else { 0.5 });
        c.set_stroke_gray(if thick { 0.0 } else { 0.45 });
        for r in 0..n {
            for k in 0..n {
                if k + 1 < n && (region[r * n + k] != region[r * n + k + 1]) == thick {
                    c.move_to(left(k + 1), top(r));
                    c.line_to(left(k + 1), top(r + 1));
                }
                if r + 1 < n && (region[r * n + k] != region[(r + 1) * n + k]) == thick {
                    c.move_to(left(k), top(r + 1));
                    c.line_to(left(k + 1), top(r + 1));
                }
            }
        }
        c.stroke();
    }
    c.set_line_width(2.0);
    c.rect(x, y, side, side);
    c.stroke();
    pdf_marks::draw(c, &frame, &pen.over);

    let size = if n > 9 { cell * 0.5 } else { cell * 0.62 };
    for i in 0..n * n {
        let (r, k) = (i / n, i % n);
        let (v, font) = match (grid.get(i), filled.map_or(0, |s| s.get(i))) {
            (0, 0) => continue,
            (0, f) => (f, FONT),
            (g, _) => (g, BOLD),
        };
        let label = v.to_string();
        let w = label.len() as f32 * DIGIT_WIDTH * size;
        let tx = left(k) + (cell - w) / 2.0;
        let ty = top(r) - cell / 2.0 - size * 0.36;
        if font == FONT {
            c.set_fill_gray(0.35);
        } else {
            c.set_fill_gray(0.0);
        }
        text(c, font, size, tx, ty, &label);
    }
    c.set_fill_gray(0.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;

    fn count(haystack: &[u8], needle: &[u8]) -> usize {
        haystack
            .windows(needle.len())
            .filter(|w| *w == needle)
            .count()
    }

    #[test]
    fn pages_hold_the_puzzles_then_the_solutions() {
        let p = Grid::from_line(
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        )
        .unwrap();
        let s = solve::solve(&p).unwrap().unwrap();
        let entries: Vec<Entry> = (0..9)
            .map(|i| Entry {
                puzzle: p.clone(),
                solution: Some(s.clone()),
                caption: format!("{}", i + 1),
                difficulty: Some("Medium 1234 (X-Wing)".into()),
                constraints: Vec::new(),
            })
            .collect();
        let opts = BookletOptions {
            per_page: 4,
            title: Some("Test".into()),
            ..Default::default()
        };
        let pdf = booklet(&entries, &opts).unwrap();
        // 9 puzzles at 4 a page: 3 pages; 9 solutions at 6 a page: 2 more.
        assert_eq!(
            count(&pdf, b"/Type /Page") - count(&pdf, b"/Type /Pages"),
            5
        );
        assert_eq!(count(&pdf, b"(Solution "), 9);
        // One difficulty label under each puzzle, none under the solutions.
        assert_eq!(count(&pdf, b"(Medium 1234 "), 9);
    }

    #[test]
    fn cubes_and_empty_input_are_refused() {
        assert_eq!(
            booklet(&[], &BookletOptions::default()),
            Err(BookletError::Empty)
        );
        let geo = std::sync::Arc::new(
            crate::geometry::Geometry::cube(crate::geometry::BoxShape::new(2, 2)).unwrap(),
        );
        let g = Grid::empty(geo);
        let e = Entry {
            puzzle: g,
            solution: None,
            caption: String::new(),
            difficulty: None,
            constraints: Vec::new(),
        };
        assert_eq!(
            booklet(&[e], &BookletOptions::default()),
            Err(BookletError::Cube(1))
        );
    }
}
