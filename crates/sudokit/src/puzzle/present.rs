//! Presentation use cases: the canonical form, pictures and print labels.
//!
//! They sit with the other use cases so that the CLI, the web server and the
//! bindings draw and label a puzzle the same way: which candidates to show
//! (the puzzle's own candidate state when it has one) and which solution to
//! fill in are decisions about the puzzle, not about a frontend.

use crate::render::svg::{self, SvgOptions};
use crate::{canon, render};

use super::{Error, Options, Puzzle};

/// Largest board whose candidate marks are drawn: above it a cell holds too
/// many marks to read, and the picture grows with N³ (a 64×64 with marks is
/// some 30 MB).
pub const MAX_MARKED_SIDE: usize = 25;

/// Largest board drawn with its solution filled in (N² digits to write).
pub const MAX_FILLED_SIDE: usize = 100;

/// What a picture of a puzzle shows besides its givens.
#[derive(Clone, Debug, Default)]
pub struct Picture {
    /// Side of a cell in SVG units (40 when 0).
    pub cell_size: f64,
    /// Fill the empty cells with the solution, in a lighter colour.
    pub solution: bool,
    /// Show the candidates of the empty cells: the puzzle's candidate state
    /// when it has one, otherwise the digits its givens leave open.
    pub candidates: bool,
    /// A caption above the grid; the puzzle's name when `None`.
    pub title: Option<String>,
}

impl Puzzle {
    /// The canonical (minlex) form of a classic 9×9 puzzle, the same for every
    /// relabelling, transposition and band, stack, row and column swap of it:
    /// `sudokit canon F | sort -u` removes disguised duplicates.
    ///
    /// ```
    /// use sudokit::Puzzle;
    /// let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    ///     .parse()
    ///     .unwrap();
    /// let c = p.canonical().unwrap();
    /// assert_eq!(c.parse::<Puzzle>().unwrap().canonical().unwrap(), c);
    /// ```
    pub fn canonical(&self) -> Result<String, Error> {
        if !self.constraints().is_empty() {
            return Err(Error::Unsupported(
                "canonical forms are defined for classic 9×9 only".into(),
            ));
        }
        canon::minlex(&self.grid).ok_or_else(|| {
            Error::Unsupported("canonical forms are defined for classic 9×9 only".into())
        })
    }

    /// The puzzle as a standalone SVG document. Asking for the solution
    /// solves the puzzle within `opts` (and fails as [`Puzzle::solve`] does).
    ///
    /// ```
    /// use sudokit::{Options, Picture, Puzzle};
    /// let p: Puzzle = "1...............".parse().unwrap();
    /// let pic = Picture { solution: true, ..Picture::default() };
    /// let doc = p.to_svg(&pic, &Options::default()).unwrap();
    /// assert!(doc.starts_with("<svg"));
    /// ```
    pub fn to_svg(&self, pic: &Picture, opts: &Options) -> Result<String, Error> {
        // Bounded before anything is built.
        let n = self.geometry().n();
        if pic.candidates && n > MAX_MARKED_SIDE {
            return Err(Error::TooLarge(format!(
                "candidate marks are drawn on boards up to {MAX_MARKED_SIDE}×{MAX_MARKED_SIDE}; this one is {n}×{n}"
            )));
        }
        if pic.solution && n > MAX_FILLED_SIDE {
            return Err(Error::TooLarge(format!(
                "solutions are drawn on boards up to {MAX_FILLED_SIDE}×{MAX_FILLED_SIDE}; this one is {n}×{n}"
            )));
        }
        let solution = if pic.solution {
            Some(self.solve(opts)?)
        } else {
            None
        };
        let candidates = pic.candidates.then(|| match &self.candidates {
            Some(masks) => (0..masks.len())
                .map(|c| if self.grid.get(c) == 0 { masks[c] } else { 0 })
                .collect(),
            None => render::given_candidates(&self.grid),
        });
        let doc = svg::render_puzzle(
            &self.grid,
            &self.constraints,
            &SvgOptions {
                cell_size: pic.cell_size,
                solution: solution.as_ref(),
                candidates: candidates.as_deref(),
                title: pic.title.as_deref().or(self.name()),
            },
        );
        Ok(with_metadata(doc, self))
    }

    /// The difficulty label printed under a puzzle, `Level score (hardest
    /// technique)`, for classic 9×9 puzzles with one solution (the boards the
    /// grader's levels are calibrated for); `None` for others.
    ///
    /// ```
    /// use sudokit::{Options, Puzzle};
    /// let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    ///     .parse()
    ///     .unwrap();
    /// let label = p.difficulty_label(&Options::default()).unwrap();
    /// assert!(label.ends_with(')'), "{label}");
    /// ```
    pub fn difficulty_label(&self, opts: &Options) -> Option<String> {
        let geo = self.geometry();
        if geo.n() != 9 || geo.cell_count() != 81 {
            return None;
        }
        Some(self.rate(opts).ok()?.grade.label())
    }
}

#[cfg(feature = "pdf")]
impl Puzzle {
    /// The puzzle as one entry of a printed booklet
    /// ([`crate::render::pdf::booklet`]): its caption, its difficulty label
    /// and, when asked for, its solution (solved within `opts`).
    ///
    /// ```
    /// use sudokit::render::pdf::{booklet, BookletOptions};
    /// use sudokit::{Options, Puzzle};
    /// let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    ///     .parse()
    ///     .unwrap();
    /// let entry = p.print_entry("1", true, &Options::default()).unwrap();
    /// assert!(entry.difficulty.is_some() && entry.solution.is_some());
    /// let pdf = booklet(&[entry], &BookletOptions::default()).unwrap();
    /// assert!(pdf.starts_with(b"%PDF"));
    /// ```
    pub fn print_entry(
        &self,
        caption: impl Into<String>,
        with_solution: bool,
        opts: &Options,
    ) -> Result<crate::render::pdf::Entry, Error> {
        let opts = &opts.started();
        let solution = match with_solution {
            true => Some(self.solve(opts)?),
            false => None,
        };
        Ok(crate::render::pdf::Entry {
            puzzle: self.grid.clone(),
            solution,
            caption: caption.into(),
            difficulty: self.difficulty_label(opts),
            constraints: self.constraints.clone(),
        })
    }
}

/// The marker of the puzzle text an SVG of ours carries, so that the reader
/// takes the picture back as the same puzzle (board, variants, regions and
/// constraints included).
pub const SVG_METADATA: &str = "<metadata id=\"sudokit-puzzle\">";

/// `doc` with the puzzle written as text (the line format and its
/// directives) in a `<metadata>` element right after the opening tag.
fn with_metadata(doc: String, p: &Puzzle) -> String {
    let text = crate::format::Writer::new(crate::format::OutputFormat::Line).write(p);
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    match doc.find(">\n") {
        Some(i) => format!(
            "{}\n{SVG_METADATA}\n{escaped}</metadata>{}",
            &doc[..i + 1],
            &doc[i + 1..]
        ),
        None => doc,
    }
}
