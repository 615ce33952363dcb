//! Constraint marks in PDF booklets: the shapes each family draws once
//! ([`crate::marks`]), written as PDF paths and text, so a booklet shows
//! what the SVG shows.
//!
//! PDF's y axis points up: cell (r, k) of a grid whose lower-left corner is
//! (x, y) with side `side` spans `x + k·cell .. x + (k+1)·cell` across and
//! `y + side − (r+1)·cell .. y + side − r·cell` up.

use pdf_writer::types::{LineCapStyle, LineJoinStyle, TextRenderingMode};
use pdf_writer::Content;

use super::pdf_text::{text, BOLD, DIGIT_WIDTH, FONT};
use crate::constraints::Constraint;
use crate::marks::{self, rgb, Anchor, Pen, Shape};

/// Where one grid sits on the page.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub n: usize,
    pub x: f32,
    pub y: f32,
    pub cell: f32,
}

/// The marks are drawn for cells of this many units (the SVG's default)
/// and scaled to the frame's cell.
const UNIT_CELL: f64 = 40.0;

impl Frame {
    /// Points per mark unit.
    fn scale(&self) -> f32 {
        self.cell / UNIT_CELL as f32
    }

    /// A mark's point on the page (PDF's y points up).
    fn at(&self, (x, y): (f64, f64)) -> (f32, f32) {
        let top = self.y + self.n as f32 * self.cell;
        (
            self.x + x as f32 * self.scale(),
            top - y as f32 * self.scale(),
        )
    }
}

/// The marks of `cs` on an `n`×`n` board, drawn once per grid: they say
/// whether the booklet must leave room for clues outside the grid
/// ([`Pen::reaches_outside`]) and are scaled to the grid's frame when
/// written.
pub(super) fn marks_of(cs: &[Constraint], n: usize) -> Pen {
    crate::constraints::registry::draw(cs, n, UNIT_CELL, 0.0, 0.0)
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

/// Advance width of `s` in Helvetica per point of size (digits, capitals
/// and spaces: what marks write).
fn text_width(s: &str) -> f32 {
    s.chars()
        .map(|ch| match ch {
            '0'..='9' => DIGIT_WIDTH,
            ' ' => 0.278,
            'A'..='Z' => 0.667,
            _ => DIGIT_WIDTH,
        })
        .sum()
}

/// Writes `shapes` (a layer of [`marks_of`]) in frame `f`.
pub(super) fn draw(c: &mut Content, f: &Frame, shapes: &[Shape]) {
    let k = f.scale();
    let set_stroke = |c: &mut Content, colour, width: f64| {
        let (r, g, b) = rgb(colour);
        c.set_stroke_rgb(r, g, b);
        c.set_line_width(width as f32 * k);
    };
    let set_fill = |c: &mut Content, colour| {
        let (r, g, b) = rgb(colour);
        c.set_fill_rgb(r, g, b);
    };
    c.save_state();
    c.set_line_cap(LineCapStyle::RoundCap);
    c.set_line_join(LineJoinStyle::RoundJoin);
    for shape in shapes {
        match shape {
            Shape::Line { points, stroke, .. } => {
                set_stroke(c, stroke.colour, stroke.width);
                let (x, y) = f.at(points[0]);
                c.move_to(x, y);
                for &p in &points[1..] {
                    let (x, y) = f.at(p);
                    c.line_to(x, y);
                }
                if points.len() == 1 {
                    c.line_to(x, y);
                }
                c.stroke();
            }
            Shape::Segments {
                segments,
                stroke,
                dash,
                ..
            } => {
                set_stroke(c, stroke.colour, stroke.width);
                c.set_line_cap(LineCapStyle::ButtCap);
                if let Some((on, off)) = dash {
                    c.set_dash_pattern([*on as f32 * k, *off as f32 * k], 0.0);
                }
                for &[a, b] in segments {
                    let ((xa, ya), (xb, yb)) = (f.at(a), f.at(b));
                    c.move_to(xa, ya);
                    c.line_to(xb, yb);
                }
                c.stroke();
                c.set_dash_pattern([], 0.0);
                c.set_line_cap(LineCapStyle::RoundCap);
            }
            Shape::Circle {
                at,
                r,
                fill,
                stroke,
            } => {
                let (x, y) = f.at(*at);
                circle(c, x, y, *r as f32 * k);
                paint(c, *fill, *stroke, &set_fill, &set_stroke);
            }
            Shape::Rect {
                at: (x0, y0),
                w,
                h,
                fill,
                stroke,
            } => {
                // From the lower-left corner on the page.
                let (x, y) = f.at((*x0, *y0 + *h));
                c.rect(x, y, *w as f32 * k, *h as f32 * k);
                paint(c, *fill, *stroke, &set_fill, &set_stroke);
            }
            Shape::Text {
                at,
                size,
                text: s,
                bold,
                anchor,
                halo,
            } => {
                let (mut x, mut y) = f.at(*at);
                let size = *size as f32 * k;
                if *anchor == Anchor::Centre {
                    x -= text_width(s) * size / 2.0;
                    y -= size * 0.36;
                }
                let font = if *bold { BOLD } else { FONT };
                if *halo {
                    set_stroke(c, "#fff", 3.0);
                    c.set_text_rendering_mode(TextRenderingMode::Stroke);
                    text(c, font, size, x, y, s);
                    c.set_text_rendering_mode(TextRenderingMode::Fill);
                }
                c.set_fill_gray(0.0);
                text(c, font, size, x, y, s);
            }
        }
    }
    c.restore_state();
}

/// Fills and strokes the path just built, as the shape asks.
fn paint(
    c: &mut Content,
    fill: Option<&'static str>,
    stroke: Option<marks::Stroke>,
    set_fill: &dyn Fn(&mut Content, &'static str),
    set_stroke: &dyn Fn(&mut Content, &'static str, f64),
) {
    if let Some(colour) = fill {
        set_fill(c, colour);
    }
    if let Some(s) = stroke {
        set_stroke(c, s.colour, s.width);
    }
    match (fill, stroke) {
        (Some(_), Some(_)) => c.fill_nonzero_and_stroke(),
        (Some(_), None) => c.fill_nonzero(),
        (None, Some(_)) => c.stroke(),
        (None, None) => c.end_path(),
    };
}
