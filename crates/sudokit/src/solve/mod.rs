//! Solving, counting and enumerating solutions of a [`Grid`]: the lower
//! level that [`crate::Puzzle`]'s methods are built on.
//!
//! Use [`crate::Puzzle`] (`solve`, `check`, `count`, `solutions`) unless
//! you need what only this level offers: a grid without a puzzle around it,
//! a chosen engine or solver for differential tests and benchmarks
//! ([`generic_solutions`], [`solutions_with_engine`]), pencilmark puzzles
//! as [`Pencilmarks`] ([`pencilmark_solutions`]) or the search's own
//! [`Limits`] (streams of puzzles of one board: `RowSolver`, at the front
//! door). The free functions
//! here take no [`crate::Options`] and skip the front door's checks of
//! constraints and candidate states.
//!
//! Contradictory givens are reported with their unit and digit
//! ([`crate::validate::check_givens`]) rather than as a bare "no solution". The
//! check runs only when the search finds nothing: a puzzle with a solution has no
//! contradiction, so the common case pays nothing for the explanation.
//!
//! ```
//! use sudokit::{Grid, solve};
//! let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
//! let s = solve::solve(&g).unwrap().expect("solvable");
//! assert_eq!(s.to_line(), "859612437723854169164379528986147352375268914241593786432981675617425893598736241");
//! assert_eq!(solve::count(&g, 2).unwrap(), 1);
//! ```

mod effort;
mod generic;
mod hybrid;
use crate::limits;
pub(crate) mod nine;
mod race;
mod sat;
pub(crate) use sat::{Cdcl, SatResult};

use std::sync::{Arc, OnceLock};

use crate::bits::{with_digit_set, DigitSet};
use crate::geometry::{BoxShape, Geometry};
use crate::grid::Grid;
use crate::pencil::Pencilmarks;
use crate::validate::{check_givens, Contradiction};

pub use effort::{learning_effort, Effort, Work};
use generic::Search;
pub(crate) use generic::{Expander, State};
use hybrid::Hybrid;
pub use limits::Limits;
use nine::NineSearch;

/// Object-safe face of the width-specific searches.
pub(crate) trait Searcher: Send {
    fn advance(&mut self) -> bool;
    fn solution_values(&self) -> Option<Vec<u16>>;
    fn guesses(&self) -> u64;
    /// True when the search stopped on its [`Limits`] rather than finishing.
    fn interrupted(&self) -> bool {
        false
    }
}

impl<B: DigitSet> Searcher for Hybrid<B> {
    fn advance(&mut self) -> bool {
        Hybrid::advance(self)
    }
    fn solution_values(&self) -> Option<Vec<u16>> {
        Hybrid::solution_values(self)
    }
    fn guesses(&self) -> u64 {
        Hybrid::guesses(self)
    }
    fn interrupted(&self) -> bool {
        Hybrid::interrupted(self)
    }
}

impl<B: DigitSet> Searcher for Search<B> {
    fn advance(&mut self) -> bool {
        Search::advance(self)
    }
    fn solution_values(&self) -> Option<Vec<u16>> {
        Search::solution_values(self)
    }
    fn guesses(&self) -> u64 {
        Search::guesses(self)
    }
    fn interrupted(&self) -> bool {
        self.stopped() == Some(generic::Stop::Interrupted)
    }
}

impl Searcher for NineSearch {
    fn advance(&mut self) -> bool {
        NineSearch::advance(self)
    }
    fn solution_values(&self) -> Option<Vec<u16>> {
        NineSearch::solution_values(self)
    }
    fn guesses(&self) -> u64 {
        NineSearch::guesses(self)
    }
    fn interrupted(&self) -> bool {
        NineSearch::interrupted(self)
    }
}

/// The solutions of a puzzle with constraints, from one of its searches
/// (`constraints/`: the propagation search, the two value orders for a
/// first solution, the learning solver).
pub(crate) fn constrained_solutions(
    geometry: &Arc<Geometry>,
    search: impl Searcher + 'static,
) -> Solutions {
    Solutions {
        geometry: geometry.clone(),
        search: Box::new(search),
    }
}

/// The solutions of a puzzle, found lazily in search order. Dropping the
/// iterator stops the search.
pub struct Solutions {
    geometry: Arc<Geometry>,
    search: Box<dyn Searcher>,
}

impl Solutions {
    /// Branch trials made so far: each digit tried at a cell where propagation
    /// alone could not decide.
    pub fn guesses(&self) -> u64 {
        self.search.guesses()
    }

    /// Advances to the next solution without building a [`Grid`]; for counting.
    pub fn skip_one(&mut self) -> bool {
        self.search.advance()
    }

    /// True when the stream ended because its [`Limits`] expired, not because
    /// the solutions ran out: counts and "no solution" are then incomplete.
    pub fn interrupted(&self) -> bool {
        self.search.interrupted()
    }
}

impl Iterator for Solutions {
    type Item = Grid;
    fn next(&mut self) -> Option<Grid> {
        if !self.search.advance() {
            return None;
        }
        let values = self.search.solution_values()?;
        Some(Grid::new(self.geometry.clone(), values))
    }
}

/// All solutions of `grid`, as a stream.
///
/// ```
/// use sudokit::{Grid, solve};
/// let empty = Grid::from_line(&".".repeat(16)).unwrap();
/// assert_eq!(solve::solutions(&empty).unwrap().count(), 288);
/// ```
pub fn solutions(grid: &Grid) -> Result<Solutions, Contradiction> {
    check_givens(grid)?;
    Ok(unchecked_solutions(grid))
}

/// Like [`solutions`] without the upfront checks: contradictions just give an
/// empty stream. For callers that validated already.
///
/// Plain 9×9 grids (3×3 boxes, no variants) use the dedicated band-bitboard
/// solver; everything else the generic one.
pub fn unchecked_solutions(grid: &Grid) -> Solutions {
    unchecked_solutions_within(grid, Limits::none())
}

/// Like [`unchecked_solutions`], giving up when `limits` expire (see
/// [`Solutions::interrupted`]).
///
/// ```
/// use std::time::Duration;
/// use sudokit::{Grid, solve::{self, Limits}};
/// let g = Grid::from_line(&".".repeat(81)).unwrap();
/// let mut s = solve::unchecked_solutions_within(&g, Limits::timeout(Duration::from_secs(60)));
/// assert!(s.next().unwrap().is_solved());
/// assert!(!s.interrupted());
/// ```
pub fn unchecked_solutions_within(grid: &Grid, limits: Limits) -> Solutions {
    let geometry = grid.geometry().clone();
    if nine::applies(&geometry) {
        let mut search = Box::new(NineSearch::new(grid.cells()));
        search.set_limits(limits);
        return Solutions { geometry, search };
    }
    generic_solutions_within(grid, limits)
}

/// Like [`unchecked_solutions`] but always with the generic solver, whatever
/// the geometry: the reference for differential tests of the fast paths.
#[doc(hidden)]
pub fn generic_solutions(grid: &Grid) -> Solutions {
    generic_solutions_within(grid, Limits::none())
}

fn generic_solutions_within(grid: &Grid, limits: Limits) -> Solutions {
    let geometry = grid.geometry().clone();
    let search: Box<dyn Searcher> = with_digit_set!(grid.n(), B => {
        Box::new(Hybrid::<B>::with_shortcuts(geometry.clone(), grid.cells(), limits)) as Box<dyn Searcher>
    })
    .expect("geometry caps N");
    Solutions { geometry, search }
}

/// Which search engine [`solutions_with_engine`] uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Engine {
    /// Propagation and backtracking, switching to learning when it stalls (the default).
    #[default]
    Auto,
    /// Propagation and backtracking only, never learning.
    Backtrack,
    /// Conflict-driven clause learning from the start.
    Learning,
}

/// Solutions with a chosen engine; for benchmarks and differential tests.
///
/// ```
/// use sudokit::{Grid, solve::{self, Engine, Limits}};
/// let empty = Grid::from_line(&".".repeat(16)).unwrap();
/// for e in [Engine::Auto, Engine::Backtrack, Engine::Learning] {
///     assert_eq!(solve::solutions_with_engine(&empty, e, Limits::none()).count(), 288);
/// }
/// ```
pub fn solutions_with_engine(grid: &Grid, engine: Engine, limits: Limits) -> Solutions {
    let geometry = grid.geometry().clone();
    let cells = grid.cells();
    let search: Box<dyn Searcher> = with_digit_set!(grid.n(), B => {
        match engine {
            Engine::Auto => Box::new(Hybrid::<B>::with_shortcuts(geometry.clone(), cells, limits)) as Box<dyn Searcher>,
            Engine::Learning => Box::new(Hybrid::<B>::cdcl_only(geometry.clone(), cells, limits)),
            Engine::Backtrack => {
                let mut s = Search::<B>::new(geometry.clone(), cells);
                s.set_limits(limits);
                Box::new(s)
            }
        }
    })
    .expect("geometry caps N");
    Solutions { geometry, search }
}

/// Candidates after singles propagation, for building the SAT encoding.
fn with_initial_candidates(geometry: &Geometry, values: &[u16]) -> Option<Vec<Vec<u16>>> {
    with_digit_set!(geometry.n(), B => Search::<B>::initial_candidates(geometry, values)).flatten()
}

/// The solutions of a 9×9 pencilmark (Sukaku) puzzle, by the dedicated 9×9
/// solver. Candidates that contradict each other just give an empty stream.
///
/// ```
/// use sudokit::format::Pencilmarks;
/// use sudokit::{solve, Grid};
/// let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
/// let pm = Pencilmarks::from_values(g.cells()).unwrap();
/// let mut s = solve::pencilmark_solutions(&pm);
/// assert_eq!(s.next(), solve::solve(&g).unwrap());
/// assert_eq!(s.next(), None);
/// ```
pub fn pencilmark_solutions(pm: &Pencilmarks) -> Solutions {
    Solutions {
        geometry: nine_geometry(),
        search: Box::new(NineSearch::with_candidates(pm.masks())),
    }
}

/// Like [`pencilmark_solutions`] with the generic solver: the reference for
/// differential tests.
#[doc(hidden)]
pub fn generic_pencilmark_solutions(pm: &Pencilmarks) -> Solutions {
    let geometry = nine_geometry();
    let search = Box::new(Search::<u16>::with_candidates(geometry.clone(), pm.masks()));
    Solutions { geometry, search }
}

/// The solutions of a candidate state on any board of at most 16 digits
/// (`masks[c]`: bit `d` = digit `d + 1` allowed), under `limits`; plain 9×9
/// takes the dedicated solver. `None` for larger boards.
pub(crate) fn candidate_solutions(
    geometry: &Arc<Geometry>,
    masks: &[u16],
    limits: Limits,
) -> Option<Solutions> {
    if nine::applies(geometry) {
        let mut search = Box::new(NineSearch::with_candidates(masks));
        search.set_limits(limits);
        return Some(Solutions {
            geometry: geometry.clone(),
            search,
        });
    }
    if geometry.n() > 16 {
        return None;
    }
    let mut search = Search::<u16>::with_candidates(geometry.clone(), masks);
    search.set_limits(limits);
    Some(Solutions {
        geometry: geometry.clone(),
        search: Box::new(search),
    })
}

/// Whether `geo` is the plain 9×9 board of the dedicated solver.
pub(crate) fn plain_nine(geo: &Geometry) -> bool {
    nine::applies(geo)
}

/// Counts the solutions of a plain 9×9 candidate state (`masks[c]`: bit
/// `d` = digit `d + 1` allowed) with the dedicated solver, asking `go_on`
/// every 4,096 solutions whether to continue: `(count, finished)`.
pub(crate) fn count_nine(masks: &[u16], mut go_on: impl FnMut() -> bool) -> (u128, bool) {
    let mut search = NineSearch::with_candidates(masks);
    let mut n = 0u128;
    while search.advance() {
        n += 1;
        if n % 4096 == 0 && !go_on() {
            return (n, false);
        }
    }
    (n, true)
}

/// The plain 9×9 geometry, built once.
fn nine_geometry() -> Arc<Geometry> {
    static NINE: OnceLock<Arc<Geometry>> = OnceLock::new();
    NINE.get_or_init(|| {
        Arc::new(Geometry::square(BoxShape::new(3, 3), &[]).expect("9×9 is a valid geometry"))
    })
    .clone()
}

/// The first solution found, or `None` when there is none.
pub fn solve(grid: &Grid) -> Result<Option<Grid>, Contradiction> {
    let found = unchecked_solutions(grid).next();
    explain_if_none(grid, found.is_none())?;
    Ok(found)
}

/// After a search that found nothing, tells a contradiction from a plain
/// "no solution".
fn explain_if_none(grid: &Grid, none: bool) -> Result<(), Contradiction> {
    if none {
        check_givens(grid)?;
    }
    Ok(())
}

/// Number of solutions, counting no further than `limit` (`0` = no limit).
pub fn count(grid: &Grid, limit: u64) -> Result<u64, Contradiction> {
    let mut s = unchecked_solutions(grid);
    let mut k = 0;
    while (limit == 0 || k < limit) && s.skip_one() {
        k += 1;
    }
    explain_if_none(grid, k == 0)?;
    Ok(k)
}

/// What a uniqueness check found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// At least two; here are two of them.
    Multiple(Grid, Grid),
}

/// Looks for a second solution to decide uniqueness.
pub fn uniqueness(grid: &Grid) -> Result<Uniqueness, Contradiction> {
    let mut s = unchecked_solutions(grid);
    let first = s.next();
    explain_if_none(grid, first.is_none())?;
    Ok(match (first, s.next()) {
        (None, _) => Uniqueness::None,
        (Some(a), None) => Uniqueness::Unique(a),
        (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
    })
}

/// [`uniqueness`] (or, with `prove_unique` false, [`solve`] reported as
/// `Unique`) under [`Limits`]; `Ok(None)` when the limits expired first.
///
/// ```
/// use std::time::Duration;
/// use sudokit::{Grid, solve::{self, Limits, Uniqueness}};
/// let g = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
/// let r = solve::uniqueness_within(&g, true, Limits::timeout(Duration::from_secs(60))).unwrap();
/// assert!(matches!(r, Some(Uniqueness::Unique(_))));
/// // An already expired deadline on a hard search gives up rather than guess.
/// let r = solve::uniqueness_within(&Grid::from_line(&".".repeat(81)).unwrap(), false, Limits::none()).unwrap();
/// assert!(matches!(r, Some(Uniqueness::Unique(_))));
/// ```
pub fn uniqueness_within(
    grid: &Grid,
    prove_unique: bool,
    limits: Limits,
) -> Result<Option<Uniqueness>, Contradiction> {
    let mut s = unchecked_solutions_within(grid, limits);
    let first = s.next();
    if first.is_none() && s.interrupted() {
        return Ok(None);
    }
    explain_if_none(grid, first.is_none())?;
    let Some(a) = first else {
        return Ok(Some(Uniqueness::None));
    };
    if !prove_unique {
        return Ok(Some(Uniqueness::Unique(a)));
    }
    let second = s.next();
    if s.interrupted() {
        return Ok(None);
    }
    Ok(Some(match second {
        None => Uniqueness::Unique(a),
        Some(b) => Uniqueness::Multiple(a, b),
    }))
}

/// Satisfiability checks with struck candidates, for the generator: is there
/// a solution of these givens with these digits ruled out of these (empty)
/// cells? Plain 9×9 reuses one dedicated search (no allocation per check);
/// other geometries run the generic backtracking search, optionally under a
/// guess budget so that a hard check ends, deterministically, as "unknown".
/// Every check also stops when the caller's [`Limits`] expire (then
/// "unknown" too: the caller reads [`Limits::expired`] to tell the two apart).
pub(crate) struct ExclusionCheck {
    geometry: Arc<Geometry>,
    nine: Option<Box<NineSearch>>,
    budget: Option<u64>,
    limits: Limits,
}

impl ExclusionCheck {
    /// `budget`: guesses each check may make on geometries other than plain
    /// 9×9 (`None` = unlimited). Plain 9×9 checks always finish: the
    /// dedicated solver settles any 9×9 puzzle in milliseconds.
    pub(crate) fn new(geometry: &Arc<Geometry>, budget: Option<u64>) -> Self {
        let nine = nine::applies(geometry).then(|| Box::new(NineSearch::new(&[0; 81])));
        ExclusionCheck {
            geometry: geometry.clone(),
            nine,
            budget,
            limits: Limits::none(),
        }
    }

    /// Stop every later check (and completion) once `limits` expire.
    pub(crate) fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The limits the checks run under.
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether `values` (givens, `0` = empty) has a solution in which no
    /// `(cell, digit)` of `exclude` holds: `Some(true)` with one found,
    /// `Some(false)` when the search proved there is none, `None` when the
    /// budget ran out first.
    pub(crate) fn satisfiable(&mut self, values: &[u16], exclude: &[(usize, u16)]) -> Option<bool> {
        if let Some(s) = self.nine.as_mut() {
            s.load(values, exclude);
            return Some(s.advance());
        }
        let geo = self.geometry.clone();
        let budget = self.budget;
        with_digit_set!(geo.n(), B => {
            let mut s = Search::<B>::excluding(geo.clone(), values, exclude);
            if let Some(b) = budget {
                s.set_guess_budget(b);
            }
            if !self.limits.is_unlimited() {
                s.set_limits(self.limits.clone());
            }
            if s.advance() {
                Some(true)
            } else if s.stopped().is_some() {
                None
            } else {
                Some(false)
            }
        })
        .expect("geometry caps N")
    }

    /// The first solution of `values` found by plain backtracking within
    /// `guesses` guesses (`None` when there is none, the budget runs out or
    /// the limits expire). Unlike [`Self::first_solution`], whose search may
    /// switch to racing learning solvers, the answer depends only on
    /// `values`: what a reproducible fill needs on boards whose searches
    /// can stall (jigsaw layouts).
    pub(crate) fn backtrack_solution(&mut self, values: &[u16], guesses: u64) -> Option<Vec<u16>> {
        if self.nine.is_some() {
            return self.first_solution(values);
        }
        let geo = self.geometry.clone();
        with_digit_set!(geo.n(), B => {
            let mut s = Search::<B>::new(geo.clone(), values);
            s.set_guess_budget(guesses);
            if !self.limits.is_unlimited() {
                s.set_limits(self.limits.clone());
            }
            if s.advance() {
                s.solution_values()
            } else {
                None
            }
        })
        .expect("geometry caps N")
    }

    /// The first solution of `values` (no guess budget; `None` also when the
    /// limits expire), reusing the 9×9 search.
    pub(crate) fn first_solution(&mut self, values: &[u16]) -> Option<Vec<u16>> {
        if let Some(s) = self.nine.as_mut() {
            s.load(values, &[]);
            return if s.advance() {
                s.solution_values()
            } else {
                None
            };
        }
        let grid = Grid::new(self.geometry.clone(), values.to_vec());
        unchecked_solutions_within(&grid, self.limits.clone())
            .next()
            .map(|g| g.cells().to_vec())
    }
}
