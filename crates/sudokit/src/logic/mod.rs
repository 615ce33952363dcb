//! Human-style solving: explain, hint and grade.
//!
//! A [`Candidates`] grid holds, for every empty cell, the digits still possible
//! there. Each technique (one module under `techniques/`) looks at the
//! candidates and returns a [`Step`]: the digits it places, the candidates it
//! removes, what justifies it (cells, units and candidates to highlight) and a
//! one-sentence explanation in `r1c1` notation. [`next_step`] tries the
//! techniques from simplest to hardest, the order a person would, so the first
//! step found is the easiest available one; [`solve_path`] repeats that until
//! the grid is full and [`grade`] scores the path the way HoDoKu does.
//!
//! Singles, intersections, subsets, chains, forcing chains and trial and error
//! work on any [`Geometry`](crate::geometry::Geometry) (any box shape, any variant's extra units); fish,
//! skyscrapers, kites, empty rectangles and unique rectangles use rows and
//! columns (and boxes) of square boards. Candidate sets are `u64` masks, so
//! boards up to 64×64 are supported.
//!
//! ```
//! use sudokit::{Grid, logic};
//! let g = Grid::from_line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").unwrap();
//! let path = logic::solve_path(&g).unwrap();
//! assert!(path.solved);
//! let grade = logic::grade(&path);
//! assert!(grade.score > 0);
//! println!("{:?} {} (hardest: {})", grade.level, grade.score, grade.hardest.unwrap().name());
//! ```

mod candidates;
mod rules;
pub mod techniques;

pub use candidates::{Candidates, CandidatesError};
pub use techniques::Technique;

use crate::grid::Grid;

/// One candidate: a digit (1-based) in a cell.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cand {
    pub cell: u32,
    pub digit: u16,
}

impl Cand {
    pub fn new(cell: usize, digit: u16) -> Self {
        Cand {
            cell: cell as u32,
            digit,
        }
    }
}

/// One deduction: what a technique found and why.
///
/// `cells`, `units` and `candidates` are what a viewer highlights: the pattern
/// that justifies the step, as opposed to its effect (`placements`,
/// `eliminations`).
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    pub technique: Technique,
    /// Digits placed by the step.
    pub placements: Vec<Cand>,
    /// Candidates removed by the step.
    pub eliminations: Vec<Cand>,
    /// Cells of the pattern.
    pub cells: Vec<u32>,
    /// Units of the pattern (indices into [`crate::geometry::Geometry::units`]).
    pub units: Vec<u32>,
    /// Candidates of the pattern.
    pub candidates: Vec<Cand>,
    /// One sentence in plain English, `r1c1` notation; empty when the
    /// candidates were told to skip texts ([`Candidates::set_texts`], as
    /// [`crate::Puzzle::rate`] does).
    pub explanation: String,
}

impl Step {
    pub(crate) fn new(technique: Technique) -> Self {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            units: Vec::new(),
            candidates: Vec::new(),
            explanation: String::new(),
        }
    }

    /// `Name: sentence`, the one place a step's technique name and its
    /// explanation are joined (the explanation never repeats the name).
    ///
    /// ```
    /// use sudokit::{Grid, logic};
    /// let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
    /// let step = logic::next_step(&logic::Candidates::from_grid(&g).unwrap()).unwrap();
    /// assert_eq!(step.describe(), format!("{}: {}", step.technique.name(), step.explanation));
    /// assert!(!step.explanation.starts_with(step.technique.name()));
    /// ```
    pub fn describe(&self) -> String {
        format!("{}: {}", self.technique.name(), self.explanation)
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

/// The steps that take a puzzle from its givens to the end.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Path {
    pub steps: Vec<Step>,
    /// True when the steps fill the grid; false when no technique applied
    /// (only possible for a puzzle without a solution).
    pub solved: bool,
    /// The grid after the last step.
    pub final_values: Vec<u16>,
}

/// Difficulty levels, after HoDoKu.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl Level {
    /// Highest total score a puzzle of this level may have (HoDoKu's defaults).
    pub fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }
    /// The level named `name` (case-insensitive), e.g. `"hard"`.
    ///
    /// ```
    /// use sudokit::logic::Level;
    /// assert_eq!(Level::from_name("Unfair"), Some(Level::Unfair));
    /// assert_eq!(Level::from_name("tricky"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
    }
    /// A requested difficulty: `None`, empty or `any` for none, else a
    /// level's name; the error says which names read.
    ///
    /// ```
    /// use sudokit::logic::Level;
    /// assert_eq!(Level::from_difficulty(Some("hard")), Ok(Some(Level::Hard)));
    /// assert_eq!(Level::from_difficulty(Some("any")), Ok(None));
    /// assert!(Level::from_difficulty(Some("tricky")).unwrap_err().contains("easy, medium"));
    /// ```
    pub fn from_difficulty(name: Option<&str>) -> Result<Option<Level>, String> {
        match name.map(str::trim) {
            None | Some("") | Some("any") => Ok(None),
            Some(name) => Level::from_name(name).map(Some).ok_or_else(|| {
                format!("unknown difficulty {name:?}: easy, medium, hard, unfair, extreme or any")
            }),
        }
    }
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];
}

/// A puzzle's grade.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grade {
    pub level: Level,
    /// Sum of the scores of all steps.
    pub score: u32,
    /// The technique with the highest level (ties: highest score) used.
    pub hardest: Option<Technique>,
    /// True when the path needed no trial and error or brute force.
    pub without_guessing: bool,
}

impl Grade {
    /// The grade in words, e.g. `Hard, score 1234, hardest: X-Wing`; a
    /// puzzle that needs only singles says so, then names the hardest by
    /// HoDoKu's scores and order (hidden single 14; naked single 4, after
    /// full house 4), and a guess is flagged. The one place grades are
    /// rendered to text.
    ///
    /// ```
    /// use sudokit::{Grid, logic};
    /// let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
    /// let grade = logic::grade(&logic::solve_path(&g).unwrap());
    /// assert_eq!(grade.to_string(), grade.describe());
    /// ```
    pub fn describe(&self) -> String {
        let mut s = format!("{}, score {}", self.level.name(), self.score);
        match self.hardest {
            None => s.push_str(", no step needed"),
            Some(t) if t.level() == Level::Easy => {
                s.push_str(", singles only (hardest: ");
                s.push_str(t.name());
                s.push(')');
            }
            Some(t) => {
                s.push_str(", hardest: ");
                s.push_str(t.name());
            }
        }
        if !self.without_guessing {
            s.push_str(" (needs a guess)");
        }
        s
    }
}

impl Grade {
    /// The short label printed under a puzzle or after a generated one,
    /// `Level score (hardest technique)`, e.g. `Hard 1234 (X-Wing)`.
    ///
    /// ```
    /// use sudokit::{Grid, logic};
    /// let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
    /// let grade = logic::grade(&logic::solve_path(&g).unwrap());
    /// assert!(grade.label().starts_with(&format!("{} {}", grade.level.name(), grade.score)));
    /// ```
    pub fn label(&self) -> String {
        match self.hardest {
            Some(t) => format!("{} {} ({})", self.level.name(), self.score, t.name()),
            None => format!("{} {}", self.level.name(), self.score),
        }
    }
}

impl std::fmt::Display for Grade {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

/// Grades a path like HoDoKu: the score is the sum of the steps' scores; the
/// level is the level of the hardest technique used, raised while the score
/// of its classic steps exceeds that level's maximum. Steps on constraints
/// ([`Technique::is_variant`]) count in the score but do not raise the
/// level: HoDoKu's limits were set on classic puzzles, and a killer's
/// forty cage steps are its ordinary fare, not a sign of difficulty (with
/// them counted, every generated killer graded Extreme).
///
/// ```
/// use sudokit::{Grid, logic};
/// let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
/// let grade = logic::grade(&logic::solve_path(&g).unwrap());
/// assert!(grade.without_guessing);
/// ```
pub fn grade(path: &Path) -> Grade {
    let score: u32 = path.steps.iter().map(|s| s.technique.score()).sum();
    let hardest = path
        .steps
        .iter()
        .map(|s| s.technique)
        // Ties go to the later row of the table (a naked single over a
        // full house): the harder to see of two equal-scored steps.
        .max_by_key(|&t| (t.level(), t.score(), t.order()));
    let classic: u32 = path
        .steps
        .iter()
        .filter(|s| !s.technique.is_variant())
        .map(|s| s.technique.score())
        .sum();
    let mut level = hardest.map_or(Level::Easy, |t| t.level());
    while classic > level.max_score() && level != Level::Extreme {
        level = Level::ALL[level as usize + 1];
    }
    let without_guessing = !path.steps.iter().any(|s| s.technique.is_guess());
    Grade {
        level,
        score,
        hardest,
        without_guessing,
    }
}

/// The easiest step available, or `None` when the grid is full or no technique
/// applies (a contradictory grid).
pub fn next_step(c: &Candidates) -> Option<Step> {
    if c.is_full() || c.is_broken() {
        return None;
    }
    techniques::find(c)
}

/// Drops what the technique finders keep on the calling thread between
/// calls: the tables, graphs and answers of the board seen last, which
/// speed up the next step on the same board. On big boards they run to
/// tens of MB per thread; a server whose worker threads outlive their
/// requests calls this when a request is done so that the memory can go
/// back to the system. The next call on the thread builds them anew.
pub fn forget_thread_memos() {
    techniques::forget_memos();
    candidates::forget_tables();
}

/// Applies a step's placements and eliminations.
pub fn apply(c: &mut Candidates, step: &Step) {
    for p in &step.placements {
        c.place(p.cell as usize, p.digit);
    }
    for e in &step.eliminations {
        c.eliminate(e.cell as usize, e.digit);
    }
}

/// The full human-style path for a puzzle.
///
/// Uniqueness techniques (unique rectangles, BUG+1) are used only when the
/// puzzle is known to have exactly one solution; this function checks that
/// first with the solver.
pub fn solve_path(grid: &Grid) -> Result<Path, CandidatesError> {
    let mut c = Candidates::from_grid(grid)?;
    let unique = matches!(
        crate::solve::uniqueness(grid),
        Ok(crate::solve::Uniqueness::Unique(_))
    );
    c.set_unique(unique);
    Ok(solve_from(c))
}

/// Runs [`next_step`] and [`apply`] until the grid is full or nothing applies.
pub fn solve_from(mut c: Candidates) -> Path {
    let mut steps = Vec::new();
    while let Some(step) = next_step(&c) {
        apply(&mut c, &step);
        steps.push(step);
    }
    Path {
        solved: c.is_full() && !c.is_broken(),
        final_values: c.values().to_vec(),
        steps,
    }
}
