//! Constraint marks in PDF booklets, drawn like the SVG's
//! ([`super::svg::render_puzzle`]): cages dashed with their sum, thermometers,
//! arrows, dots, X / V, sandwich and little-killer clues outside the grid,
//! coloured lines, odd / even cells and shaded extra regions.
//!
//! PDF's y axis points up: cell (r, k) of a grid whose lower-left corner is
//! (x, y) with side `side` spans `x + k·cell .. x + (k+1)·cell` across and
//! `y + side − (r+1)·cell .. y + side − r·cell` up.

use pdf_writer::types::{LineCapStyle, LineJoinStyle};
use pdf_writer::Content;

use super::pdf_text::{text, BOLD, DIGIT_WIDTH, FONT};
use crate::constraints::{Constraint, Direction, Line};

/// Where one grid sits on the page.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub n: usize,
    pub x: f32,
    pub y: f32,
    pub cell: f32,
}

impl Frame {
    fn centre(&self, c: usize) -> (f32, f32) {
        let (r, k) = (c / self.n, c % self.n);
        let top = self.y + self.n as f32 * self.cell;
        (
            self.x + (k as f32 + 0.5) * self.cell,
            top - (r as f32 + 0.5) * self.cell,
        )
    }

    /// Top-left corner of cell `c`.
    fn corner(&self, c: usize) -> (f32, f32) {
        let (r, k) = (c / self.n, c % self.n);
        let top = self.y + self.n as f32 * self.cell;
        (self.x + k as f32 * self.cell, top - r as f32 * self.cell)
    }

    fn mid(&self, a: usize, b: usize) -> (f32, f32) {
        let ((xa, ya), (xb, yb)) = (self.centre(a), self.centre(b));
        ((xa + xb) / 2.0, (ya + yb) / 2.0)
    }
}

/// Whether some clue is written outside the grid (the booklet then leaves
/// half a cell of room around it).
pub(super) fn has_outside_clues(cs: &[Constraint]) -> bool {
    cs.iter().any(|c| {
        matches!(
            c,
            Constraint::Sandwich { .. } | Constraint::LittleKiller { .. }
        )
    })
}

/// Names of the rules that have no mark on the grid, for the caption.
pub(super) fn unmarked_rules(cs: &[Constraint]) -> Vec<&'static str> {
    cs.iter().filter_map(|c| c.family().caption(c)).collect()
}

/// A circle as four Bézier arcs (the usual 0.5523 control distance).
fn circle(c: &mut Content, x: f32, y: f32, r: f32) {
    let k = 0.5523 * r;
    c.move_to(x + r, y);
    c.cubic_to(x + r, y + k, x + k, y + r, x, y + r);
    c.cubic_to(x - k, y + r, x - r, y + k, x - r, y);
    c.cubic_to(x - r, y - k, x - k, y - r, x, y - r);
    c.cubic_to(x + k, y - r, x + r, y - k, x + r, y);
    c.close_path();
}

fn polyline(c: &mut Content, f: &Frame, cells: &[usize], rgb: (f32, f32, f32), width: f32) {
    c.set_stroke_rgb(rgb.0, rgb.1, rgb.2);
    c.set_line_width(width);
    let (x, y) = f.centre(cells[0]);
    c.move_to(x, y);
    for &cell in &cells[1..] {
        let (x, y) = f.centre(cell);
        c.line_to(x, y);
    }
    if cells.len() == 1 {
        c.line_to(x, y);
    }
    c.stroke();
}

fn centred(c: &mut Content, font: pdf_writer::Name, size: f32, x: f32, y: f32, s: &str) {
    // Digits and the letters X / V are about as wide as a digit.
    let w = s.len() as f32 * DIGIT_WIDTH * size;
    text(c, font, size, x - w / 2.0, y - size * 0.36, s);
}

/// Marks that sit inside cells, drawn under the grid lines and digits.
pub(super) fn draw_under(c: &mut Content, f: &Frame, cs: &[Constraint]) {
    let cell = f.cell;
    c.save_state();
    c.set_line_cap(LineCapStyle::RoundCap);
    c.set_line_join(LineJoinStyle::RoundJoin);
    for con in cs {
        match con {
            Constraint::Region(cells) => {
                c.set_fill_rgb(0.99, 0.945, 0.78);
                for &cl in cells {
                    let (x, y) = f.corner(cl);
                    c.rect(x, y - cell, cell, cell);
                }
                c.fill_nonzero();
            }
            Constraint::Thermo(cells) => {
                polyline(c, f, cells, (0.73, 0.73, 0.73), cell * 0.3);
                let (x, y) = f.centre(cells[0]);
                c.set_fill_gray(0.73);
                circle(c, x, y, cell * 0.38);
                c.fill_nonzero();
            }
            Constraint::Arrow {
                circle: ring,
                arrow,
            } => {
                let mut path = vec![*ring.last().unwrap_or(&arrow[0])];
                path.extend(arrow);
                polyline(c, f, &path, (0.6, 0.6, 0.6), 1.2);
                // Arrowhead at the last cell, along the last step.
                if let [.., a, b] = path[..] {
                    let ((xa, ya), (xb, yb)) = (f.centre(a), f.centre(b));
                    let len = ((xb - xa).powi(2) + (yb - ya).powi(2)).sqrt().max(1e-3);
                    let (ux, uy) = ((xb - xa) / len, (yb - ya) / len);
                    let h = cell * 0.22;
                    c.move_to(xb - h * (ux - uy * 0.7), yb - h * (uy + ux * 0.7));
                    c.line_to(xb, yb);
                    c.line_to(xb - h * (ux + uy * 0.7), yb - h * (uy - ux * 0.7));
                    c.stroke();
                }
                c.set_fill_gray(1.0);
                c.set_line_width(1.2);
                for &cl in ring {
                    let (x, y) = f.centre(cl);
                    circle(c, x, y, cell * 0.4);
                    c.fill_nonzero_and_stroke();
                }
            }
            Constraint::Whisper(cells) => polyline(c, f, cells, (0.42, 0.8, 0.42), cell * 0.2),
            Constraint::Renban(cells) => polyline(c, f, cells, (0.8, 0.6, 1.0), cell * 0.25),
            Constraint::Palindrome(cells) => polyline(c, f, cells, (0.8, 0.8, 0.8), cell * 0.25),
            Constraint::Between(cells) => {
                polyline(c, f, cells, (0.6, 0.8, 1.0), cell * 0.15);
                c.set_fill_gray(1.0);
                c.set_line_width(1.2);
                for &end in [cells[0], cells[cells.len() - 1]].iter() {
                    let (x, y) = f.centre(end);
                    circle(c, x, y, cell * 0.4);
                    c.fill_nonzero_and_stroke();
                }
            }
            Constraint::Odd(cells) | Constraint::Even(cells) => {
                c.set_fill_gray(0.87);
                let r = cell * 0.4;
                for &cl in cells {
                    let (x, y) = f.centre(cl);
                    if matches!(con, Constraint::Odd(_)) {
                        circle(c, x, y, r);
                    } else {
                        c.rect(x - r, y - r, 2.0 * r, 2.0 * r);
                    }
                }
                c.fill_nonzero();
            }
            _ => {}
        }
    }
    c.restore_state();
}

/// Marks on borders and clues, drawn over the grid lines.
pub(super) fn draw_over(c: &mut Content, f: &Frame, cs: &[Constraint]) {
    let (n, cell) = (f.n, f.cell);
    let small = (cell * 0.25).max(4.0);
    c.save_state();
    for con in cs {
        match con {
            Constraint::Cage { sum, cells } => {
                c.set_stroke_gray(0.0);
                c.set_line_width(0.6);
                c.set_dash_pattern([2.0, 1.5], 0.0);
                let inset = cell * 0.08;
                for &cl in cells {
                    let (x, y) = f.corner(cl);
                    let (r, k) = (cl / n, cl % n);
                    let inside = |dr: i64, dk: i64| {
                        let (r2, k2) = (r as i64 + dr, k as i64 + dk);
                        (0..n as i64).contains(&r2)
                            && (0..n as i64).contains(&k2)
                            && cells.contains(&(r2 as usize * n + k2 as usize))
                    };
                    let (a, b) = (inset, cell - inset);
                    if !inside(-1, 0) {
                        c.move_to(x + a, y - a);
                        c.line_to(x + b, y - a);
                    }
                    if !inside(1, 0) {
                        c.move_to(x + a, y - b);
                        c.line_to(x + b, y - b);
                    }
                    if !inside(0, -1) {
                        c.move_to(x + a, y - a);
                        c.line_to(x + a, y - b);
                    }
                    if !inside(0, 1) {
                        c.move_to(x + b, y - a);
                        c.line_to(x + b, y - b);
                    }
                }
                c.stroke();
                c.set_dash_pattern([], 0.0);
                if let (Some(s), Some(&first)) = (sum, cells.iter().min()) {
                    let (x, y) = f.corner(first);
                    let size = cell * 0.24;
                    // A white patch so the dashed corner does not cross the sum.
                    let w = s.to_string().len() as f32 * DIGIT_WIDTH * size;
                    c.set_fill_gray(1.0);
                    c.rect(x + cell * 0.05, y - cell * 0.05 - size, w + 1.0, size);
                    c.fill_nonzero();
                    c.set_fill_gray(0.0);
                    text(
                        c,
                        FONT,
                        size,
                        x + cell * 0.06,
                        y - cell * 0.05 - size * 0.8,
                        &s.to_string(),
                    );
                }
            }
            Constraint::KropkiWhite(a, b) | Constraint::KropkiBlack(a, b) => {
                let (x, y) = f.mid(*a, *b);
                c.set_fill_gray(if matches!(con, Constraint::KropkiWhite(..)) {
                    1.0
                } else {
                    0.0
                });
                c.set_stroke_gray(0.0);
                c.set_line_width(0.8);
                circle(c, x, y, cell * 0.12);
                c.fill_nonzero_and_stroke();
            }
            Constraint::X(a, b) | Constraint::V(a, b) => {
                let (x, y) = f.mid(*a, *b);
                c.set_fill_gray(1.0);
                circle(c, x, y, cell * 0.17);
                c.fill_nonzero();
                c.set_fill_gray(0.0);
                let letter = if matches!(con, Constraint::X(..)) {
                    "X"
                } else {
                    "V"
                };
                centred(c, BOLD, cell * 0.3, x, y, letter);
            }
            Constraint::Sandwich { line, sum } => {
                let (x, y) = match *line {
                    Line::Row(k) => f.centre(k * n),
                    Line::Column(k) => f.centre(k),
                };
                let (x, y) = match *line {
                    Line::Row(_) => (x - cell * 0.75, y),
                    Line::Column(_) => (x, y + cell * 0.75),
                };
                c.set_fill_gray(0.0);
                centred(c, FONT, small, x, y, &sum.to_string());
            }
            Constraint::LittleKiller {
                sum,
                start,
                direction,
            } => {
                // The clue sits one diagonal step before the first cell,
                // with a short arrow pointing along the diagonal.
                let (dx, dy) = match direction {
                    Direction::DownRight => (1.0, -1.0),
                    Direction::DownLeft => (-1.0, -1.0),
                    Direction::UpRight => (1.0, 1.0),
                    Direction::UpLeft => (-1.0, 1.0),
                };
                let (cx, cy) = f.centre(*start);
                let (x, y) = (cx - dx * cell * 0.8, cy - dy * cell * 0.8);
                c.set_fill_gray(0.0);
                centred(c, FONT, small, x, y, &sum.to_string());
                let (tx, ty) = (cx - dx * cell * 0.45, cy - dy * cell * 0.45);
                let (bx, by) = (tx - dx * cell * 0.15, ty - dy * cell * 0.15);
                let h = cell * 0.08;
                c.set_stroke_gray(0.0);
                c.set_line_width(0.6);
                c.move_to(bx, by);
                c.line_to(tx, ty);
                c.move_to(tx - dx * h, ty);
                c.line_to(tx, ty);
                c.line_to(tx, ty - dy * h);
                c.stroke();
            }
            _ => {}
        }
    }
    c.restore_state();
}
