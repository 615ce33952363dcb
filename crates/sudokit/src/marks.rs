//! What a constraint family draws, recorded once as shapes and written by
//! every backend: the SVG picture and the web app's overlay (`render::svg`)
//! and PDF booklets (`render::pdf`). A family only says where its lines,
//! circles and texts go (each family's `Family::draw`); how each backend
//! spells them is here (SVG) and in `render::pdf_constraints`. It sits
//! below the families and knows no rule, so the renderers above can draw
//! a puzzle's rules through the registry.
//!
//! Coordinates are SVG user units, y pointing down, the board's top-left
//! corner at `(x0, y0)` and cells `size` wide; widths and font sizes are in
//! the same units, so a backend that scales the picture scales them too.

use std::fmt::Write;

/// A colour as `#rgb` or `#rrggbb`.
pub(crate) type Colour = &'static str;

/// A line's colour and width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Stroke {
    pub colour: Colour,
    pub width: f64,
}

impl Stroke {
    pub fn new(colour: Colour, width: f64) -> Stroke {
        Stroke { colour, width }
    }
}

/// Where a text's position is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Anchor {
    /// At the text's centre, both ways.
    Centre,
    /// At the start of its baseline.
    Start,
}

/// One shape of a constraint's drawing.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Shape {
    /// A line through `points`, with round ends and joins.
    Line {
        points: Vec<(f64, f64)>,
        stroke: Stroke,
        /// A class name in the SVG, for tests and styling.
        class: Option<&'static str>,
    },
    /// Separate straight pieces, dashed (`dash`, `gap`) or not.
    Segments {
        segments: Vec<[(f64, f64); 2]>,
        stroke: Stroke,
        dash: Option<(f64, f64)>,
        class: Option<&'static str>,
    },
    Circle {
        at: (f64, f64),
        r: f64,
        fill: Option<Colour>,
        stroke: Option<Stroke>,
    },
    /// A rectangle from its top-left corner.
    Rect {
        at: (f64, f64),
        w: f64,
        h: f64,
        fill: Option<Colour>,
        stroke: Option<Stroke>,
    },
    /// Black text; `halo` puts a white outline behind it so lines under it
    /// break around the glyphs.
    Text {
        at: (f64, f64),
        size: f64,
        text: String,
        bold: bool,
        anchor: Anchor,
        halo: bool,
    },
}

/// Where the constraint marks go: the board's cell size and top-left
/// corner, and the two layers (under the grid lines and digits, over them).
pub(crate) struct Pen {
    pub n: usize,
    pub size: f64,
    pub x0: f64,
    pub y0: f64,
    pub under: Vec<Shape>,
    pub over: Vec<Shape>,
}

impl Pen {
    /// A pen for an `n`×`n` board of `size`-unit cells, its top-left corner
    /// at `(x0, y0)`.
    pub fn new(n: usize, size: f64, x0: f64, y0: f64) -> Pen {
        Pen {
            n,
            size,
            x0,
            y0,
            under: Vec::new(),
            over: Vec::new(),
        }
    }

    /// Centre of cell `c`.
    pub fn centre(&self, c: usize) -> (f64, f64) {
        let (n, size) = (self.n, self.size);
        (
            self.x0 + (c % n) as f64 * size + size / 2.0,
            self.y0 + (c / n) as f64 * size + size / 2.0,
        )
    }

    /// Top-left corner of cell `c`.
    pub fn corner(&self, c: usize) -> (f64, f64) {
        (
            self.x0 + (c % self.n) as f64 * self.size,
            self.y0 + (c / self.n) as f64 * self.size,
        )
    }

    /// The midpoint between the centres of `a` and `b`.
    pub fn mid(&self, a: usize, b: usize) -> (f64, f64) {
        let ((xa, ya), (xb, yb)) = (self.centre(a), self.centre(b));
        ((xa + xb) / 2.0, (ya + yb) / 2.0)
    }

    /// Font size of `text` as a clue outside the grid: as large as reads on
    /// a phone's board, and narrow enough to stay in the half cell of margin
    /// around it (a digit is about 0.64 em wide in the sans fonts).
    pub fn outside_font(&self, text: &str) -> f64 {
        let chars = text.chars().count().max(1) as f64;
        self.size * (0.44 / (0.64 * chars)).min(0.36)
    }

    /// A line through the centres of `cells`, under the grid.
    pub fn line(&mut self, cells: &[usize], colour: Colour, width: f64) {
        let points = cells.iter().map(|&c| self.centre(c)).collect();
        self.under.push(Shape::Line {
            points,
            stroke: Stroke::new(colour, width),
            class: None,
        });
    }

    /// A circle at `at` under the grid.
    pub fn disc(&mut self, at: (f64, f64), r: f64, fill: Colour, stroke: Option<Stroke>) {
        self.under.push(Shape::Circle {
            at,
            r,
            fill: Some(fill),
            stroke,
        });
    }

    /// A small black text centred on `at`, over the grid.
    pub fn label(&mut self, at: (f64, f64), size: f64, text: String) {
        self.over.push(Shape::Text {
            at,
            size,
            text,
            bold: false,
            anchor: Anchor::Centre,
            halo: false,
        });
    }

    /// An open arrowhead at the centre of `b`, pointing from `a`, under the
    /// grid.
    pub fn arrowhead(&mut self, a: usize, b: usize, colour: Colour, width: f64) {
        let ((xa, ya), (xb, yb)) = (self.centre(a), self.centre(b));
        let len = ((xb - xa).powi(2) + (yb - ya).powi(2)).sqrt().max(1e-3);
        let (ux, uy) = ((xb - xa) / len, (yb - ya) / len);
        let h = self.size * 0.22;
        self.under.push(Shape::Line {
            points: vec![
                (xb - h * (ux - uy * 0.7), yb - h * (uy + ux * 0.7)),
                (xb, yb),
                (xb - h * (ux + uy * 0.7), yb - h * (uy - ux * 0.7)),
            ],
            stroke: Stroke::new(colour, width),
            class: Some("arrowhead"),
        });
    }

    /// Whether some shape reaches outside the board (clues in the margin).
    pub fn reaches_outside(&self) -> bool {
        let (lo_x, lo_y) = (self.x0, self.y0);
        let side = self.n as f64 * self.size;
        let out = |(x, y): (f64, f64)| {
            x < lo_x - 0.01 || y < lo_y - 0.01 || x > lo_x + side + 0.01 || y > lo_y + side + 0.01
        };
        self.under.iter().chain(&self.over).any(|s| match s {
            Shape::Line { points, .. } => points.iter().any(|&p| out(p)),
            Shape::Segments { segments, .. } => segments.iter().flatten().any(|&p| out(p)),
            Shape::Circle { at, .. } | Shape::Rect { at, .. } | Shape::Text { at, .. } => out(*at),
        })
    }
}

/// The shapes as SVG elements, one per line.
pub(crate) fn to_svg(shapes: &[Shape], out: &mut String) {
    let class = |c: &Option<&str>| c.map_or(String::new(), |c| format!(" class=\"{c}\""));
    let stroke = |s: &Option<Stroke>| {
        s.map_or(String::new(), |s| {
            format!(" stroke=\"{}\" stroke-width=\"{:.1}\"", s.colour, s.width)
        })
    };
    for shape in shapes {
        let _ = match shape {
            Shape::Line {
                points,
                stroke: s,
                class: c,
            } => {
                let points: Vec<String> = points
                    .iter()
                    .map(|(x, y)| format!("{x:.1},{y:.1}"))
                    .collect();
                writeln!(
                    out,
                    "<polyline{} points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                    class(c),
                    points.join(" "),
                    s.colour,
                    s.width
                )
            }
            Shape::Segments {
                segments,
                stroke: s,
                dash,
                class: c,
            } => {
                let mut d = String::new();
                for [(x1, y1), (x2, y2)] in segments {
                    let _ = write!(d, "M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}");
                }
                let dash = dash.map_or(String::new(), |(a, b)| {
                    format!(" stroke-dasharray=\"{a} {b}\"")
                });
                writeln!(
                    out,
                    "<path{} d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\"{dash}/>",
                    class(c),
                    s.colour,
                    s.width
                )
            }
            Shape::Circle {
                at: (x, y),
                r,
                fill,
                stroke: s,
            } => writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{}\"{}/>",
                fill.unwrap_or("none"),
                stroke(s)
            ),
            Shape::Rect {
                at: (x, y),
                w,
                h,
                fill,
                stroke: s,
            } => writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{}\"{}/>",
                fill.unwrap_or("none"),
                stroke(s)
            ),
            Shape::Text {
                at: (x, y),
                size,
                text,
                bold,
                anchor,
                halo,
            } => writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\"{}{} fill=\"#000\"{}>{}</text>",
                if *bold { " font-weight=\"bold\"" } else { "" },
                match anchor {
                    Anchor::Centre => " text-anchor=\"middle\" dominant-baseline=\"central\"",
                    Anchor::Start => "",
                },
                if *halo {
                    " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\""
                } else {
                    ""
                },
                escape(text)
            ),
        };
    }
}

/// `#rgb` or `#rrggbb` as fractions of full intensity (black if malformed).
#[cfg_attr(not(feature = "pdf"), allow(dead_code))]
pub(crate) fn rgb(colour: Colour) -> (f32, f32, f32) {
    let hex = colour.trim_start_matches('#');
    let digits: Vec<u32> = hex.chars().filter_map(|c| c.to_digit(16)).collect();
    match digits[..] {
        [r, g, b] => (r as f32 / 15.0, g as f32 / 15.0, b as f32 / 15.0),
        [r1, r2, g1, g2, b1, b2] => (
            (r1 * 16 + r2) as f32 / 255.0,
            (g1 * 16 + g2) as f32 / 255.0,
            (b1 * 16 + b2) as f32 / 255.0,
        ),
        _ => (0.0, 0.0, 0.0),
    }
}

/// Text made safe inside SVG markup and attributes.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_in_both_forms() {
        assert_eq!(rgb("#fff"), (1.0, 1.0, 1.0));
        assert_eq!(rgb("#000000"), (0.0, 0.0, 0.0));
        let (r, g, b) = rgb("#fdf1c7");
        assert!((r - 253.0 / 255.0).abs() < 1e-6 && (g - 241.0 / 255.0).abs() < 1e-6);
        assert!((b - 199.0 / 255.0).abs() < 1e-6);
    }

    #[test]
    fn clues_in_the_margin_are_found() {
        let mut pen = Pen::new(4, 10.0, 5.0, 5.0);
        pen.line(&[0, 5, 10], "#000", 1.0);
        assert!(!pen.reaches_outside());
        pen.label((2.0, 20.0), 2.5, "7".into());
        assert!(pen.reaches_outside());
    }
}
