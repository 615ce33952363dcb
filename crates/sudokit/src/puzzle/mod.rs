//! The front door: one [`Puzzle`] type and every use case as one call on it.
//!
//! A `Puzzle` is everything a puzzle is: its board (box shape, variants,
//! jigsaw regions or cube, all in the [`Geometry`]), its givens, optionally a
//! mid-solve candidate state, and its name and notes. The use cases — solve,
//! check, count, solutions, hint, explain, rate, canon, render — are methods
//! taking one [`Options`] (time limit, cancellation, engine, threads), and
//! fail with one typed [`Error`]. The CLI, the web server and the bindings
//! only wrap these calls.
//!
//! ```
//! use sudokit::{Options, Puzzle};
//! let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
//!     .parse()
//!     .unwrap();
//! let opts = Options::default();
//! let s = p.solve(&opts).unwrap();
//! assert!(s.is_solved());
//! assert!(p.check(&opts).unwrap().is_unique());
//! let rating = p.rate(&opts).unwrap();
//! assert!(rating.grade.without_guessing);
//! ```

mod error;
mod human;
mod present;
mod rows;
mod rules;
mod search;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::bits::full_mask;
use crate::constraints::Constraint;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::limits::{Clock, Limits, ProgressFn};
use crate::solve::Engine;

pub use error::Error;
pub use human::{PlayerHint, Rating};
pub use present::{Picture, MAX_FILLED_SIDE, MAX_MARKED_SIDE, SVG_METADATA};
pub use rows::RowSolver;
pub use search::{CountMode, Verdict};

/// A puzzle: givens on a board, optionally a candidate state, and a name.
///
/// Build one by reading text ([`str::parse`], [`crate::format::Reader`]) or
/// from a [`Grid`] ([`Puzzle::new`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    grid: Grid,
    /// Candidate masks of a mid-solve state: bit `d - 1` set when digit `d`
    /// is still possible. Filled cells are the grid's values. `None` when the
    /// puzzle is just its givens.
    candidates: Option<Vec<u64>>,
    name: Option<String>,
    notes: Vec<String>,
    /// A solution shipped with the puzzle (a CSV's solution column), to be
    /// checked against ours.
    solution: Option<Grid>,
    /// Rules beyond the units (cages, thermometers, dots…); empty for a
    /// classic puzzle, which then keeps the fast solvers.
    constraints: Vec<Constraint>,
    /// Parts of the source the reader did not turn into rules (drawings,
    /// a rules text, unknown keys), in plain words: the rules read may be
    /// fewer than the puzzle's.
    ignored: Vec<String>,
    /// Cells of a candidate state whose digit a solver placed (HoDoKu's
    /// `+`): in the grid, but not givens. Sorted; empty when every digit
    /// of the grid is a given.
    placed: Vec<usize>,
}

impl Puzzle {
    /// The puzzle made of these givens.
    pub fn new(grid: Grid) -> Self {
        Puzzle {
            grid,
            candidates: None,
            name: None,
            notes: Vec::new(),
            solution: None,
            constraints: Vec::new(),
            ignored: Vec::new(),
            placed: Vec::new(),
        }
    }

    /// A mid-solve position: `grid` holds the placed digits, `masks` one
    /// candidate mask per cell (bit `d - 1` for digit `d`; ignored for placed
    /// cells). Boards of at most 64 digits.
    ///
    /// ```
    /// use sudokit::{Grid, Puzzle};
    /// let g = Grid::from_line(&".".repeat(16)).unwrap();
    /// let mut masks = vec![0b1111u64; 16];
    /// masks[0] = 0b0001; // r1c1 can only be 1
    /// let p = Puzzle::with_candidates(g, masks).unwrap();
    /// assert_eq!(p.candidate_mask(0), 1);
    /// ```
    pub fn with_candidates(grid: Grid, masks: Vec<u64>) -> Result<Self, Error> {
        let n = grid.n();
        if n > 64 {
            return Err(Error::Unsupported(format!(
                "candidate states need at most 64 digits; this board has {n}"
            )));
        }
        if masks.len() != grid.cells().len() {
            return Err(Error::Unsupported(format!(
                "a candidate state needs one mask per cell: found {}, the board has {}",
                masks.len(),
                grid.cells().len()
            )));
        }
        let full = full_mask(n);
        let masks = masks
            .into_iter()
            .zip(grid.cells())
            .map(|(m, &v)| if v == 0 { m & full } else { 1 << (v - 1) })
            .collect();
        Ok(Puzzle {
            candidates: Some(masks),
            ..Puzzle::new(grid)
        })
    }

    /// The givens (or placed digits of a candidate state).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    /// The givens, without the rest.
    pub fn into_grid(self) -> Grid {
        self.grid
    }
    /// The board: box shape, variants, regions, cube.
    pub fn geometry(&self) -> &Arc<Geometry> {
        self.grid.geometry()
    }
    /// The puzzle's name (a `Grid 01` header, a `name:` directive, a
    /// `#A author`… line).
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    pub fn set_name(&mut self, name: Option<String>) {
        self.name = name;
    }
    /// The same puzzle with a name.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }
    /// Free-text notes read with the puzzle (SadMan `#D` lines, say).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }
    pub fn add_note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }
    /// The solution that came with the puzzle, if any.
    pub fn given_solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }
    /// Attaches a solution read with the puzzle; [`Puzzle::solve`] checks it.
    pub fn set_given_solution(&mut self, solution: Option<Grid>) {
        self.solution = solution;
    }
    /// The constraints beyond the board's units (killer cages, thermometers,
    /// dots, lines…), in the order they were added.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }
    /// Adds a constraint; `solve`, `check`, `count`, `solutions` and
    /// [`Puzzle::true_candidates`] honour it.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// use sudokit::{CountMode, Options, Puzzle};
    /// let mut p: Puzzle = ".".repeat(16).parse().unwrap();
    /// p.add_constraint(Constraint::Thermo(vec![0, 1, 2, 3]));
    /// // r1 must read 1 2 3 4: the 288 grids of 4×4 shrink to 12.
    /// let n = p.count(CountMode::All, &Options::default()).unwrap();
    /// assert_eq!(n.to_string(), "12");
    /// ```
    pub fn add_constraint(&mut self, c: Constraint) {
        self.constraints.push(c);
    }
    /// Replaces the constraints.
    pub fn set_constraints(&mut self, cs: Vec<Constraint>) {
        self.constraints = cs;
    }
    /// The same puzzle with these constraints added.
    pub fn with_constraints(mut self, cs: impl IntoIterator<Item = Constraint>) -> Self {
        self.constraints.extend(cs);
        self
    }
    /// What the reader met in the source and did not read as rules, in
    /// plain words (`"3 drawn lines (f-puzzles `line`)"`, `"the rules
    /// text"`). Empty for puzzles read completely. When it is not empty the
    /// puzzle may have rules beyond [`Puzzle::constraints`], so a solution
    /// under the rules read is the answer only if it is the only one
    /// (front ends check uniqueness before presenting one).
    ///
    /// ```
    /// let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    ///   "line":[{"lines":[["R1C1","R2C2"]]}]}"#;
    /// let p = sudokit::format::from_fpuzzles(json).unwrap();
    /// assert_eq!(p.ignored().len(), 1);
    /// ```
    pub fn ignored(&self) -> &[String] {
        &self.ignored
    }
    /// Records a part of the source that was not read as a rule.
    pub fn add_ignored(&mut self, what: impl Into<String>) {
        self.ignored.push(what.into());
    }
    /// The cells whose digit was placed while solving rather than given
    /// (a HoDoKu library line's `+d`), sorted. Uniqueness techniques that
    /// need to tell them apart (avoidable rectangles) use them.
    pub fn placed(&self) -> &[usize] {
        &self.placed
    }
    /// Marks these cells of the grid as placed, not given (cells without a
    /// digit are left out).
    pub fn set_placed(&mut self, cells: impl IntoIterator<Item = usize>) {
        let mut v: Vec<usize> = cells
            .into_iter()
            .filter(|&c| self.grid.cells().get(c).is_some_and(|&d| d != 0))
            .collect();
        v.sort_unstable();
        v.dedup();
        self.placed = v;
    }
    /// True when the puzzle is a candidate state rather than plain givens.
    pub fn has_candidates(&self) -> bool {
        self.candidates.is_some()
    }
    /// The candidate masks of a candidate state.
    pub fn candidates(&self) -> Option<&[u64]> {
        self.candidates.as_deref()
    }
    /// Candidates of `cell` as a mask (bit `d - 1` for digit `d`): the
    /// state's marks, the single value of a filled cell, or every digit.
    /// Boards of at most 64 digits.
    pub fn candidate_mask(&self, cell: usize) -> u64 {
        match (&self.candidates, self.grid.get(cell)) {
            (Some(m), _) => m[cell],
            (None, 0) => full_mask(self.grid.n()),
            (None, v) => 1 << (v - 1),
        }
    }
}

impl From<Grid> for Puzzle {
    fn from(grid: Grid) -> Self {
        Puzzle::new(grid)
    }
}

impl std::str::FromStr for Puzzle {
    type Err = crate::format::ParseError;
    /// The first puzzle of `text`, in any format the reader knows.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        crate::format::parse_puzzle(text, &Default::default())
    }
}

/// How to run a use case: time limit, cancellation, engine, threads.
///
/// Each call starts its own clock, so in a batch every puzzle gets the whole
/// `timeout`; within one call every step (a uniqueness check, then the
/// search for a step) shares that one deadline.
///
/// ```
/// use std::time::Duration;
/// use sudokit::Options;
/// let opts = Options::default().with_timeout(Duration::from_secs(5)).with_threads(1);
/// assert_eq!(opts.timeout, Some(Duration::from_secs(5)));
/// ```
#[derive(Clone, Default)]
pub struct Options {
    /// Give up after this long (reported as [`Error::TimedOut`], or as a lower
    /// bound for counts).
    pub timeout: Option<Duration>,
    /// Give up once this flag is set.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The clock deadlines are read from (default: the system clock; on
    /// `wasm32-unknown-unknown` pass one, or deadlines never pass).
    pub clock: Option<Arc<dyn Clock>>,
    /// Which search engine solves. Puzzles with constraints (cages,
    /// thermometers, …) use the constraint search under `Auto` and
    /// `Backtrack`, and under `Learning` the learning solver with the
    /// constraints as clauses and checks of each model.
    pub engine: Engine,
    /// Worker threads for work that can use several (0 = one per core).
    pub threads: usize,
    /// Told how far long work (counts, generation) has come.
    pub progress: Option<ProgressFn>,
    /// Techniques off by default to search too in human-style solving
    /// ([`crate::logic::Technique::opt_ins`]: HoDoKu's Death Blossom,
    /// Franken jellyfish, mutant fish and templates).
    pub techniques: Vec<crate::logic::Technique>,
    /// The limits fixed by [`Options::started`], shared by every step.
    started: Option<Limits>,
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("timeout", &self.timeout)
            .field("cancel", &self.cancel)
            .field("engine", &self.engine)
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("techniques", &self.techniques)
            .finish()
    }
}

impl Options {
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = Some(clock);
        self
    }
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }
    /// Search the opt-in techniques `t` too in human-style solving. They
    /// keep their place in the order (HoDoKu's: templates after forcing
    /// nets, before brute force).
    ///
    /// ```
    /// use sudokit::{logic::Technique, Options, Puzzle};
    /// let p: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    ///     .parse()
    ///     .unwrap();
    /// let opts = Options::default().with_techniques(&[Technique::TemplateSet, Technique::TemplateDelete]);
    /// assert!(p.explain(&opts).unwrap().solved);
    /// ```
    pub fn with_techniques(mut self, t: &[crate::logic::Technique]) -> Self {
        self.techniques = t.to_vec();
        self
    }
    /// Report progress of long work to `f` (see [`crate::limits::Progress`]).
    pub fn with_progress(mut self, f: ProgressFn) -> Self {
        self.progress = Some(f);
        self
    }

    /// These options with their deadline fixed now: every later
    /// [`Options::limits`] returns the same one, so a use case made of
    /// several steps stays within one `timeout` in all. Already started
    /// options stay as they are.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudokit::Options;
    /// let opts = Options::default().with_timeout(Duration::from_secs(60)).started();
    /// std::thread::sleep(Duration::from_millis(20));
    /// // The clock started with `started`, not with this call.
    /// assert!(opts.limits().remaining().unwrap() <= Duration::from_millis(59_980));
    /// ```
    pub fn started(&self) -> Options {
        let mut o = self.clone();
        if o.started.is_none() {
            o.started = Some(self.limits());
        }
        o
    }

    /// The limits of one call, its clock started now.
    pub fn limits(&self) -> Limits {
        if let Some(l) = &self.started {
            return l.clone();
        }
        let mut l = match (self.timeout, &self.clock) {
            (None, _) => Limits::none(),
            (Some(t), None) => Limits::timeout(t),
            (Some(t), Some(c)) => Limits::with_clock(c.clone(), t),
        };
        if let Some(f) = &self.cancel {
            l = l.with_cancel(f.clone());
        }
        if let Some(f) = &self.progress {
            l = l.with_progress(f.clone());
        }
        l
    }

    /// The error for work stopped by these options' limits.
    pub(crate) fn stopped(&self) -> Error {
        match self.timeout {
            Some(t)
                if !self
                    .cancel
                    .as_ref()
                    .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed)) =>
            {
                Error::TimedOut(t)
            }
            _ => Error::Cancelled,
        }
    }
}
