//! SVG pictures of boards, for printing and for the web app.
//!
//! The picture is drawn from the geometry alone: a border between two
//! neighbouring cells is thick when they lie in different boxes or jigsaw
//! regions, so regular boxes, irregular regions and every box shape come out
//! of the same rule. Extra units of variants (diagonals, windows) are shaded.
//! A cube is drawn as its N layers side by side.

use std::fmt::Write;

use super::{region_of, shaded};
use crate::constraints::Constraint;
use crate::geometry::Layout;
use crate::grid::Grid;
use crate::marks;

/// What to draw besides the givens.
#[derive(Clone, Debug, Default)]
pub struct SvgOptions<'a> {
    /// Side of one cell in SVG user units (default 40 when 0).
    pub cell_size: f64,
    /// Digits to write in the empty cells, in a lighter style (a solution).
    pub solution: Option<&'a Grid>,
    /// Pencil marks per cell (bit `d - 1` set when `d` is a candidate), drawn
    /// small in empty cells that the solution does not fill.
    pub candidates: Option<&'a [u64]>,
    /// A caption above the grid.
    pub title: Option<&'a str>,
}

const GIVEN_COLOUR: &str = "#000";
const FILLED_COLOUR: &str = "#1a5fb4";
const CANDIDATE_COLOUR: &str = "#555";
const SHADE_COLOUR: &str = "#e4e4e4";
const THIN: f64 = 1.0;
const THICK: f64 = 3.0;

/// Draws `puzzle` as a standalone SVG document.
///
/// ```
/// use sudokit::{render::svg, Grid};
/// let g = Grid::from_line(&"1234341221434321".replace('4', ".")).unwrap();
/// let doc = svg::render(&g, &svg::SvgOptions::default());
/// assert!(doc.starts_with("<svg"));
/// assert_eq!(doc.matches("font-weight=\"bold\"").count(), 12); // 12 givens
/// ```
pub fn render(puzzle: &Grid, opts: &SvgOptions) -> String {
    let geo = puzzle.geometry();
    let n = geo.n();
    let size = if opts.cell_size > 0.0 {
        opts.cell_size
    } else {
        40.0
    };
    let layers = if geo.layout() == Layout::Cube { n } else { 1 };
    let margin = size * 0.5;
    let gap = size; // between cube layers
    let board = size * n as f64;
    let title_h = if opts.title.is_some() { size } else { 0.0 };
    let width = 2.0 * margin + layers as f64 * board + (layers - 1) as f64 * gap;
    let height = 2.0 * margin + board + title_h;

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>"
    );
    if let Some(title) = opts.title {
        // Half a cell high, smaller when that would not fit the width (a
        // character is about 0.6 em wide in the sans fonts named above).
        let chars = title.chars().count().max(1) as f64;
        let font = (size * 0.5).min(width * 0.95 / (0.6 * chars));
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{font:.1}\" text-anchor=\"middle\">{}</text>",
            width / 2.0,
            margin + size * 0.6,
            marks::escape(title)
        );
    }

    for layer in 0..layers {
        let x0 = margin + layer as f64 * (board + gap);
        let y0 = margin + title_h;
        let base = layer * n * n;
        let cell_xy = |cell: usize| {
            let (r, c) = geo.row_col(cell);
            (x0 + c as f64 * size, y0 + r as f64 * size)
        };

        // Shading of variant units.
        let _ = writeln!(out, "<g class=\"shade\" fill=\"{SHADE_COLOUR}\">");
        for cell in base..base + n * n {
            if shaded(geo, cell) {
                let (x, y) = cell_xy(cell);
                let _ = writeln!(
                    out,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\"/>"
                );
            }
        }
        let _ = writeln!(out, "</g>");

        // Cell borders: thin inside a region, thick between regions.
        let region = region_of(puzzle, base);
        let mut thin = String::new();
        let mut thick = String::new();
        for r in 0..n {
            for c in 0..n {
                let (x, y) = (x0 + c as f64 * size, y0 + r as f64 * size);
                if c + 1 < n {
                    let path = if region[r * n + c] == region[r * n + c + 1] {
                        &mut thin
                    } else {
                        &mut thick
                    };
                    let _ = write!(path, "M{} {}v{size}", x + size, y);
                }
                if r + 1 < n {
                    let path = if region[r * n + c] == region[(r + 1) * n + c] {
                        &mut thin
                    } else {
                        &mut thick
                    };
                    let _ = write!(path, "M{} {}h{size}", x, y + size);
                }
            }
        }
        let _ = writeln!(
            out,
            "<path d=\"{thin}\" stroke=\"#888\" stroke-width=\"{THIN}\" fill=\"none\"/>"
        );
        let _ = writeln!(
            out,
            "<path d=\"{thick}\" stroke=\"#000\" stroke-width=\"{THICK}\" fill=\"none\" stroke-linecap=\"square\"/>"
        );
        let _ = writeln!(
            out,
            "<rect x=\"{x0}\" y=\"{y0}\" width=\"{board}\" height=\"{board}\" stroke=\"#000\" stroke-width=\"{THICK}\" fill=\"none\"/>"
        );

        // Digits.
        let font = if n > 9 { size * 0.45 } else { size * 0.6 };
        for cell in base..base + n * n {
            let (x, y) = cell_xy(cell);
            let (cx, cy) = (x + size / 2.0, y + size / 2.0);
            let given = puzzle.get(cell);
            let filled = opts.solution.map_or(0, |s| s.get(cell));
            if given != 0 {
                let _ = writeln!(
                    out,
                    "<text x=\"{cx}\" y=\"{cy}\" font-size=\"{font:.1}\" font-weight=\"bold\" fill=\"{GIVEN_COLOUR}\" text-anchor=\"middle\" dominant-baseline=\"central\">{given}</text>"
                );
            } else if filled != 0 {
                let _ = writeln!(
                    out,
                    "<text x=\"{cx}\" y=\"{cy}\" font-size=\"{font:.1}\" fill=\"{FILLED_COLOUR}\" text-anchor=\"middle\" dominant-baseline=\"central\">{filled}</text>"
                );
            } else if let Some(&mask) = opts.candidates.and_then(|c| c.get(cell)) {
                write_candidates(&mut out, puzzle, x, y, size, mask);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Draws a puzzle with its constraints the way setters draw them: killer
/// cages dashed with their sum, thermometers as a bulb and a thick line,
/// arrows as circles with a line, kropki dots, X and V between cells,
/// sandwich and little-killer clues outside the grid, lines (whispers
/// green, renban purple, palindromes grey, between lines blue), odd cells
/// as circles, even cells as squares, extra regions shaded. Board-wide rules
/// (anti-knight, anti-king, non-consecutive, "all dots given") have no mark:
/// they are named in the caption above the grid, after the title if there
/// is one. Cubes are drawn without constraints.
///
/// ```
/// use sudokit::{render::svg, Puzzle};
/// let p: Puzzle = "cage: 5 r1c1 r1c2\nthermo: r2c1 r3c1\n................\n".parse().unwrap();
/// let doc = svg::render_puzzle(p.grid(), p.constraints(), &svg::SvgOptions::default());
/// assert!(doc.contains("stroke-dasharray"));
/// assert!(doc.contains(">5</text>"));
/// ```
pub fn render_puzzle(grid: &Grid, constraints: &[Constraint], opts: &SvgOptions) -> String {
    let geo = grid.geometry();
    if constraints.is_empty() || geo.layout() == Layout::Cube {
        return render(grid, opts);
    }
    // Rules with no mark on the grid are stated in the caption, so a
    // Miracle is not drawn as an empty grid with two digits.
    let unmarked = crate::constraints::registry::captions(constraints);
    let title = match (opts.title, unmarked.is_empty()) {
        (title, true) => title.map(str::to_string),
        (None, false) => Some(unmarked.join(", ")),
        (Some(t), false) => Some(format!("{t} ({})", unmarked.join(", "))),
    };
    let opts = &SvgOptions {
        title: title.as_deref(),
        ..opts.clone()
    };
    let doc = render(grid, opts);
    let size = if opts.cell_size > 0.0 {
        opts.cell_size
    } else {
        40.0
    };
    let x0 = size * 0.5;
    let y0 = size * 0.5 + if opts.title.is_some() { size } else { 0.0 };
    let (under, over) = constraint_layers(constraints, geo.n(), size, x0, y0);
    // Shapes that sit in cells go under the grid lines and digits (after
    // the shading group); marks on borders and clues go on top.
    let mut out = match doc.find("</g>\n") {
        Some(i) => format!("{}{under}{}", &doc[..i + 5], &doc[i + 5..]),
        None => doc,
    };
    if let Some(i) = out.rfind("</svg>") {
        out.insert_str(i, &over);
    }
    out
}

/// The constraints alone (on `grid`'s board), as an SVG to lay over a board drawn
/// elsewhere (the web app's grid of cells). The view box puts the board at
/// `0..N·cell_size` both ways with half a cell around it for the clues
/// outside (sandwich sums, little killer arrows); shapes that fill cells
/// (thermometers, circles, shaded regions) are half transparent so the
/// digits under them stay readable. `None` for a cube or when there is
/// nothing to draw (no constraints, or only board-wide rules such as
/// anti-knight).
///
/// ```
/// use sudokit::{format, render::svg};
/// let text = format!("thermo: r1c1 r1c2 r1c3\n{}\n", ".".repeat(81));
/// let p = format::parse_puzzle(&text, &Default::default()).unwrap();
/// let overlay = svg::constraint_overlay(p.grid(), p.constraints(), 40.0).unwrap();
/// assert!(overlay.starts_with("<svg") && overlay.contains("viewBox=\"-20.0 -20.0 400.0 400.0\""));
/// assert!(overlay.contains("<polyline"));
/// let plain = format::parse_puzzle(&".".repeat(81), &Default::default()).unwrap();
/// assert!(svg::constraint_overlay(plain.grid(), plain.constraints(), 40.0).is_none());
/// ```
pub fn constraint_overlay(
    grid: &Grid,
    constraints: &[Constraint],
    cell_size: f64,
) -> Option<String> {
    overlay_and_outside(grid, constraints, cell_size).0
}

/// [`constraint_overlay`] and [`clues_outside`] from one drawing of the
/// marks (the web app's puzzle view wants both).
pub(crate) fn overlay_and_outside(
    grid: &Grid,
    constraints: &[Constraint],
    cell_size: f64,
) -> (Option<String>, bool) {
    let geo = grid.geometry();
    if geo.layout() == Layout::Cube {
        return (None, false);
    }
    let pen = crate::constraints::registry::draw(constraints, geo.n(), cell_size, 0.0, 0.0);
    if pen.under.is_empty() && pen.over.is_empty() {
        return (None, false);
    }
    let (mut under, mut over) = (String::new(), String::new());
    marks::to_svg(&pen.under, &mut under);
    marks::to_svg(&pen.over, &mut over);
    let (m, side) = (cell_size * 0.5, cell_size * (geo.n() as f64 + 1.0));
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{:.1} {:.1} {side:.1} {side:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" font-family=\"sans-serif\">\n<g opacity=\"0.55\">\n{under}</g>\n{over}</svg>\n",
        -m, -m
    );
    (Some(svg), pen.reaches_outside())
}

/// Whether some constraint of `constraints` writes its clue outside the board
/// (sandwich, little-killer, X-sum and skyscraper clues), so a picture
/// needs room around the board.
///
/// ```
/// use sudokit::{render::svg, Puzzle};
/// let blank = ".".repeat(81);
/// let sandwich: Puzzle = format!("sandwich: row 1 = 10\n{blank}\n").parse().unwrap();
/// let thermo: Puzzle = format!("thermo: r1c1 r1c2\n{blank}\n").parse().unwrap();
/// assert!(svg::clues_outside(sandwich.grid(), sandwich.constraints())
///     && !svg::clues_outside(thermo.grid(), thermo.constraints()));
/// ```
pub fn clues_outside(grid: &Grid, constraints: &[Constraint]) -> bool {
    let geo = grid.geometry();
    geo.layout() != Layout::Cube
        && crate::constraints::registry::draw(constraints, geo.n(), 40.0, 0.0, 0.0)
            .reaches_outside()
}

/// The SVG of the constraints: (under the grid, over the grid). Each
/// family draws its own ([`crate::constraints::Constraint::family`]).
fn constraint_layers(cs: &[Constraint], n: usize, size: f64, x0: f64, y0: f64) -> (String, String) {
    let pen = crate::constraints::registry::draw(cs, n, size, x0, y0);
    let (mut under, mut over) = (String::new(), String::new());
    marks::to_svg(&pen.under, &mut under);
    marks::to_svg(&pen.over, &mut over);
    (under, over)
}

/// Pencil marks laid out like the box shape (3×3 for 9×9, 2×3 for 6×6).
fn write_candidates(out: &mut String, puzzle: &Grid, x: f64, y: f64, size: f64, mask: u64) {
    let shape = puzzle.geometry().box_shape();
    let (rows, cols) = (shape.rows, shape.cols);
    let font = size / (rows.max(cols) as f64 + 0.5);
    for d in 1..=puzzle.geometry().n().min(64) {
        if mask & (1 << (d - 1)) == 0 {
            continue;
        }
        let (r, c) = ((d - 1) / cols, (d - 1) % cols);
        let cx = x + (c as f64 + 0.5) * size / cols as f64;
        let cy = y + (r as f64 + 0.5) * size / rows as f64;
        let _ = writeln!(
            out,
            "<text x=\"{cx:.1}\" y=\"{cy:.1}\" font-size=\"{font:.1}\" fill=\"{CANDIDATE_COLOUR}\" text-anchor=\"middle\" dominant-baseline=\"central\">{d}</text>"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse_one, ParseOptions};

    fn thick_segments(doc: &str) -> usize {
        let line = doc
            .lines()
            .find(|l| {
                l.contains(&format!(
                    "stroke-width=\"{THICK}\" fill=\"none\" stroke-linecap"
                ))
            })
            .unwrap();
        line.matches('M').count()
    }

    /// The value of attribute `key` on an SVG element's line.
    fn attr<'a>(line: &'a str, key: &str) -> &'a str {
        let rest = line
            .split(&format!(" {key}=\""))
            .nth(1)
            .unwrap_or_else(|| panic!("no {key} in {line}"));
        rest.split('"').next().unwrap()
    }

    /// The dashed cage lines of an overlay as segments (x1, y1, x2, y2).
    fn cage_segments(doc: &str) -> Vec<[f64; 4]> {
        let mut out = Vec::new();
        for line in doc.lines().filter(|l| l.contains("stroke-dasharray")) {
            let d = attr(line, "d");
            for part in d.split('M').filter(|p| !p.is_empty()) {
                let v: Vec<f64> = part.split(['L', ' ']).map(|x| x.parse().unwrap()).collect();
                out.push([v[0], v[1], v[2], v[3]]);
            }
        }
        out
    }

    #[test]
    fn cage_outlines_close_and_keep_to_their_cage() {
        // An L of three cells (r1c2, r1c3, r2c3) and the single cell r1c4
        // beside it.
        let p: crate::Puzzle = format!(
            "cage: 10 r1c2 r1c3 r2c3\ncage: 3 r1c4\n{}\n",
            ".".repeat(81)
        )
        .parse()
        .unwrap();
        let doc = constraint_overlay(p.grid(), p.constraints(), 40.0).unwrap();
        let segs = cage_segments(&doc);
        // Closed: every end meets exactly one other end.
        let key = |x: f64, y: f64| format!("{x:.1},{y:.1}");
        let mut ends = std::collections::HashMap::new();
        for s in &segs {
            *ends.entry(key(s[0], s[1])).or_insert(0) += 1;
            *ends.entry(key(s[2], s[3])).or_insert(0) += 1;
        }
        assert!(ends.values().all(|&k| k == 2), "{ends:?}");
        // The L's outline: 6 sides (its top runs across r1c2 and r1c3 in
        // two pieces that meet), and the lone cell's square of 4, all 3.2
        // inside the cells; the square stays within r1c4 (x 120..160).
        assert_eq!(segs.len(), 8 + 4);
        let square: Vec<_> = segs
            .iter()
            .filter(|s| s[0] > 120.0 && s[2] > 120.0)
            .collect();
        assert_eq!(square.len(), 4);
        for s in square {
            for x in [s[0], s[2]] {
                assert!((123.1..=156.9).contains(&x), "{s:?}");
            }
        }
        // The L's top line: from r1c2's inset corner to r1c3's, unbroken.
        assert!(segs
            .iter()
            .any(|s| key(s[0], s[1]) == "43.2,3.2" && key(s[2], s[3]) == "80.0,3.2"));
        assert!(segs
            .iter()
            .any(|s| key(s[0], s[1]) == "80.0,3.2" && key(s[2], s[3]) == "116.8,3.2"));
    }

    #[test]
    fn box_borders_follow_the_box_shape() {
        // 6×6 with 2×3 boxes: inner thick segments are one vertical line of 6
        // cells and two horizontal lines of 6 cells.
        let g = parse_one(
            "2 3\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
            &ParseOptions::default(),
        )
        .unwrap();
        let doc = render(&g, &SvgOptions::default());
        assert_eq!(thick_segments(&doc), 6 + 2 * 6);
    }

    #[test]
    fn jigsaw_regions_draw_their_own_borders() {
        let text = "regions:\nAAAB\nACBB\nCCDB\nCDDD\n................\n";
        let g = parse_one(text, &ParseOptions::default()).unwrap();
        let doc = render(&g, &SvgOptions::default());
        // Borders between different letters, counted by hand from the map:
        // 6 between horizontal neighbours, 6 between vertical ones.
        assert_eq!(thick_segments(&doc), 12);
    }

    #[test]
    fn solution_and_candidates_are_drawn_in_empty_cells() {
        let g = Grid::from_line("1.3.............").unwrap();
        let s = crate::solve::solve(&g).unwrap().unwrap();
        let doc = render(
            &g,
            &SvgOptions {
                solution: Some(&s),
                title: Some("a <small> one"),
                ..Default::default()
            },
        );
        assert_eq!(doc.matches("font-weight=\"bold\"").count(), 2);
        assert_eq!(doc.matches(FILLED_COLOUR).count(), 14);
        assert!(doc.contains("a &lt;small&gt; one"));
        let cands = vec![0b1010u64; 16];
        let doc = render(
            &g,
            &SvgOptions {
                candidates: Some(&cands),
                ..Default::default()
            },
        );
        assert_eq!(doc.matches(CANDIDATE_COLOUR).count(), 14 * 2);
    }

    #[test]
    fn variants_are_shaded_and_cubes_show_every_layer() {
        let g = parse_one("variant: x\n................\n", &ParseOptions::default()).unwrap();
        let doc = render(&g, &SvgOptions::default());
        assert_eq!(doc.matches("<rect x=").count(), 8 + 1); // 8 diagonal cells + frame
        let g = parse_one("cube: 2x2\n1234\n", &ParseOptions::default());
        assert!(g.is_err()); // too few cells for a cube
        let text = format!("cube: 2x2\n1234{}\n", ".".repeat(60));
        let g = parse_one(&text, &ParseOptions::default()).unwrap();
        let doc = render(&g, &SvgOptions::default());
        assert_eq!(doc.matches("stroke-linecap").count(), 4); // one board per layer
    }

    /// The points of the first `<polyline class="CLASS" …>` in `doc`.
    fn polyline_points(doc: &str, class: &str) -> Vec<(f64, f64)> {
        let line = doc
            .lines()
            .find(|l| l.contains(&format!("class=\"{class}\"")))
            .unwrap_or_else(|| panic!("no {class} in {doc}"));
        attr(line, "points")
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn arrows_end_in_a_head_pointing_along_their_last_step() {
        // Circle r1c1, arrow r1c2 r2c3: the last step goes down-right, so
        // the head's tip is r2c3's centre (100, 60) and both barbs lie up
        // and to the left of it, one on each side of the step.
        let p: crate::Puzzle = format!("arrow: r1c1 | r1c2 r2c3\n{}\n", ".".repeat(81))
            .parse()
            .unwrap();
        let doc = constraint_overlay(p.grid(), p.constraints(), 40.0).unwrap();
        let head = polyline_points(&doc, "arrowhead");
        assert_eq!(head.len(), 3);
        assert_eq!(head[1], (100.0, 60.0));
        for &(x, y) in [head[0], head[2]].iter() {
            assert!(x < 100.0 && y < 60.0, "{head:?}");
        }
        // Mirror images across the step's direction (1, 1): swapping the
        // offsets of one barb gives the other.
        let (a, b) = (
            (head[0].0 - 100.0, head[0].1 - 60.0),
            (head[2].0 - 100.0, head[2].1 - 60.0),
        );
        assert!(
            (a.0 - b.1).abs() < 0.2 && (a.1 - b.0).abs() < 0.2,
            "{head:?}"
        );
        assert!(!doc.contains("r=\"3\""), "the old end dot is gone");
    }

    #[test]
    fn little_killer_clues_have_an_arrow_towards_their_diagonal() {
        // Sum 15 along the diagonal from r1c9 going down-left: the clue sits
        // outside the top-right corner and its arrow points down-left, its
        // tip nearer r1c9 than its tail.
        let p: crate::Puzzle = format!("little-killer: 15 r1c9 down-left\n{}\n", ".".repeat(81))
            .parse()
            .unwrap();
        let doc = constraint_overlay(p.grid(), p.constraints(), 40.0).unwrap();
        let text = doc.lines().find(|l| l.contains(">15</text>")).unwrap();
        let num = |k: &str| -> f64 { attr(text, k).parse().unwrap() };
        let (x, y) = (num("x"), num("y"));
        assert!(x > 360.0 && y < 0.0, "clue at {x},{y}");
        let path = doc.lines().find(|l| l.contains("lk-arrow")).unwrap();
        let d = attr(path, "d");
        let nums: Vec<f64> = d
            .split(['M', 'L', ' '])
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let (tail, tip) = ((nums[0], nums[1]), (nums[2], nums[3]));
        assert!(tip.0 < tail.0 && tip.1 > tail.1, "{d}");
        // r1c9's centre is (340, 20): the tip is in its corner, the tail
        // and the clue beyond it, outside the grid.
        let dist = |(a, b): (f64, f64)| ((a - 340.0).powi(2) + (b - 20.0).powi(2)).sqrt();
        assert!(
            dist(tip) < 20.0 * 2f64.sqrt() && dist(tip) < dist(tail),
            "{d}"
        );
        assert!(dist((x, y)) > dist(tail), "clue at {x},{y}, arrow {d}");
    }

    #[test]
    fn rules_without_marks_are_named_in_the_caption() {
        let p: crate::Puzzle = format!(
            "anti-knight\nanti-king\nnon-consecutive\n{}\n",
            ".".repeat(81)
        )
        .parse()
        .unwrap();
        let doc = render_puzzle(p.grid(), p.constraints(), &SvgOptions::default());
        assert!(
            doc.contains(">anti-knight, anti-king, non-consecutive</text>"),
            "{doc}"
        );
        let titled = render_puzzle(
            p.grid(),
            p.constraints(),
            &SvgOptions {
                title: Some("Miracle"),
                ..Default::default()
            },
        );
        assert!(titled.contains(">Miracle (anti-knight, anti-king, non-consecutive)</text>"));
        // The caption fits the picture's width.
        let size = |l: &str| -> f64 { attr(l, "font-size").parse().unwrap() };
        let caption = titled.lines().find(|l| l.contains(">Miracle")).unwrap();
        let chars = "Miracle (anti-knight, anti-king, non-consecutive)".len() as f64;
        assert!(size(caption) * 0.6 * chars <= 400.0, "{caption}");
    }
}
