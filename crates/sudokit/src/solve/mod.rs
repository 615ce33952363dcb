//! Solving, counting and enumerating solutions.
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

mod generic;
mod nine;

use std::sync::{Arc, OnceLock};

use crate::bits::{with_digit_set, DigitSet};
use crate::format::Pencilmarks;
use crate::geometry::{BoxShape, Geometry};
use crate::grid::Grid;
use crate::validate::{check_givens, Contradiction};

use generic::Search;
use nine::NineSearch;

/// Object-safe face of the width-specific searches.
trait Searcher: Send {
    fn advance(&mut self) -> bool;
    fn solution_values(&self) -> Option<Vec<u16>>;
    fn guesses(&self) -> u64;
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
    let geometry = grid.geometry().clone();
    if nine::applies(&geometry) {
        let search = Box::new(NineSearch::new(grid.cells()));
        return Solutions { geometry, search };
    }
    generic_solutions(grid)
}

/// Like [`unchecked_solutions`] but always with the generic solver, whatever
/// the geometry: the reference for differential tests of the fast paths.
#[doc(hidden)]
pub fn generic_solutions(grid: &Grid) -> Solutions {
    let geometry = grid.geometry().clone();
    let search: Box<dyn Searcher> = with_digit_set!(grid.n(), B => {
        Box::new(Search::<B>::new(geometry.clone(), grid.cells())) as Box<dyn Searcher>
    })
    .expect("geometry caps N");
    Solutions { geometry, search }
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
