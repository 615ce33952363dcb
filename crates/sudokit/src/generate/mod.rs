//! Puzzle generation: a random solution grid, then clues removed in random
//! order (whole symmetry orbits at a time) while the solution stays unique.
//!
//! Every puzzle is checked by the solver, never assumed: a clue (or orbit) is
//! removed only if the puzzle without it still has exactly one solution, so
//! the result is unique by construction and *minimal per orbit*: putting back
//! nothing less than a whole orbit would do. With `minimal`, every single
//! clue is also checked (removing any one clue gives several solutions), and
//! a candidate that fails is discarded for a fresh one.
//!
//! Each check asks the solver for a solution *other than* the known one (see
//! `remove_clues`), which is cheaper than counting to two. On boards of more
//! cells than 16×16 (25×25 and up, cubes from 7×7×7) each check runs under a
//! guess budget ([`DEFAULT_CHECK_BUDGET`], [`GenerateOptions::check_budget`]):
//! near-minimal puzzles there make some checks very hard searches, and a
//! check that runs out of budget keeps its
//! clue. The puzzle is still proven unique (it was, with that clue), and the
//! budget counts guesses, not time, so the output is still reproducible; but
//! such a puzzle is not guaranteed minimal per orbit ([`Generated::unsettled`]
//! counts the orbits kept that way). With `minimal`, minimality is then
//! proven clue by clue, and a candidate whose proof runs out of budget is
//! discarded; [`GenerateError::MinimalUnproven`] says when none could be
//! proven.
//!
//! Randomness comes from a seeded ChaCha generator, so the same seed gives the
//! same puzzles on every machine and with any number of threads (puzzle `i`
//! of a run uses its own stream derived from the seed and `i`).
//!
//! With a [`Difficulty`] target, each candidate puzzle is graded by the
//! human-style solver ([`crate::logic::solve_path`] and [`crate::logic::grade`])
//! and a fresh one is drawn from the same stream until one matches, so a
//! targeted run is as reproducible as a plain one.
//!
//! ```
//! use std::sync::Arc;
//! use sudokit::generate::{generate, GenerateOptions, Symmetry};
//! use sudokit::{solve, BoxShape, Geometry};
//! let geo = Arc::new(Geometry::square(BoxShape::new(3, 3), &[]).unwrap());
//! let opts = GenerateOptions { symmetry: Symmetry::Rotational, ..Default::default() };
//! let p = generate(&geo, &opts, 7, 0).unwrap();
//! assert_eq!(solve::count(&p.puzzle, 2).unwrap(), 1);
//! assert!(Symmetry::Rotational.holds(&geo, p.puzzle.cells()));
//! assert_eq!(p, generate(&geo, &opts, 7, 0).unwrap()); // reproducible
//! ```
//!
//! Aiming at a level of the grader:
//!
//! ```
//! use std::sync::Arc;
//! use sudokit::generate::{generate, Difficulty, GenerateOptions};
//! use sudokit::logic::{self, Level};
//! use sudokit::{BoxShape, Geometry};
//! let geo = Arc::new(Geometry::square(BoxShape::new(3, 3), &[]).unwrap());
//! let opts = GenerateOptions {
//!     difficulty: Some(Difficulty::level(Level::Medium)),
//!     ..Default::default()
//! };
//! let p = generate(&geo, &opts, 1, 0).unwrap();
//! let grade = p.grade.unwrap();
//! assert_eq!(grade.level, Level::Medium);
//! // The grade is the grader's, recomputed here from the puzzle alone.
//! assert_eq!(grade, logic::grade(&logic::solve_path(&p.puzzle).unwrap()));
//! ```

mod clues;
mod constrained;
mod fill;
pub mod jigsaw;
mod symmetry;
mod target;

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::limits::{Limits, Progress};
use crate::logic::{self, Candidates, Grade};
use crate::solve::{self, ExclusionCheck};

pub use constrained::{
    constrained, constrained_at, constrained_puzzle, ConstrainedPuzzle, ConstraintKind,
    CLUE_FAMILIES, CONSTRAINED_CHECK_BUDGET, CONSTRAINED_LEVEL_ATTEMPTS, LINE_FAMILIES,
};
pub use fill::random_solution;
use fill::random_solution_with;
pub use jigsaw::{random_jigsaw, Board};
pub use symmetry::Symmetry;
pub use target::Difficulty;

/// What to generate.
#[derive(Clone, Debug, Default)]
pub struct GenerateOptions {
    pub symmetry: Symmetry,
    /// Also require that no single clue can be removed.
    pub minimal: bool,
    /// Stop removing clues once the puzzle has at most this many (a target:
    /// removal stops earlier when no further clue can go).
    pub target_clues: Option<usize>,
    /// Only accept puzzles the grader rates this way (implies `grade`).
    pub difficulty: Option<Difficulty>,
    /// Grade every puzzle (the grade is then in [`Generated::grade`]).
    pub grade: bool,
    /// Guesses each uniqueness check may make on boards other than plain
    /// 9×9 before it counts as unsettled (the clue then stays). `None`: the
    /// default, [`default_check_budget`]; `Some(u64::MAX)`: no budget.
    pub check_budget: Option<u64>,
    /// Give up after this many candidate grids (default 100; 2000 when a
    /// symmetric puzzle must also be strictly minimal, which most are not;
    /// [`DIFFICULTY_ATTEMPTS`] with a difficulty target).
    pub max_attempts: Option<usize>,
    /// When to stop: checked between candidate grids, between the clues
    /// removed and inside grading, so generation ends soon after a deadline
    /// or a cancellation ([`GenerateError::Stopped`]).
    pub limits: Limits,
}

/// Default attempt cap with a difficulty target. Every level turns up within
/// a few dozen random 9×9 candidates (10 Extreme puzzles take well under a
/// second, see BENCHMARKS), so the cap leaves a wide margin for narrow score
/// ranges while still ending a hopeless search in bounded time.
pub const DIFFICULTY_ATTEMPTS: usize = 20_000;

/// Guesses per uniqueness check by default on boards of more than
/// [`BUDGET_ABOVE_CELLS`] cells. Near-minimal 25×25 puzzles and 8×8×8 cubes
/// make some checks hard searches (minutes each, or longer); with this budget
/// a 25×25 puzzle or an 8×8×8 cube takes about a second. Smaller boards
/// (every check settles quickly) get no budget.
pub const DEFAULT_CHECK_BUDGET: u64 = 1_000;

/// Boards up to this many cells (16×16; a 6×6×6 cube has 216) get no
/// default check budget. Counted in cells, not digits: a cube's checks grow
/// hard with its cell count (an 8×8×8 cube, 512 cells of 8 digits, ran for
/// minutes without a budget).
pub const BUDGET_ABOVE_CELLS: usize = 256;

/// The budget used when [`GenerateOptions::check_budget`] is `None`: none
/// (`u64::MAX`) up to [`BUDGET_ABOVE_CELLS`] cells, [`DEFAULT_CHECK_BUDGET`]
/// above.
///
/// ```
/// use sudokit::generate::{default_check_budget, DEFAULT_CHECK_BUDGET};
/// use sudokit::{BoxShape, Geometry};
/// let square = |r, c| Geometry::square(BoxShape::new(r, c), &[]).unwrap();
/// assert_eq!(default_check_budget(&square(4, 4)), u64::MAX);
/// assert_eq!(default_check_budget(&square(5, 5)), DEFAULT_CHECK_BUDGET);
/// let cube = |r, c| Geometry::cube(BoxShape::new(r, c)).unwrap();
/// assert_eq!(default_check_budget(&cube(2, 3)), u64::MAX);
/// assert_eq!(default_check_budget(&cube(2, 4)), DEFAULT_CHECK_BUDGET);
/// ```
pub fn default_check_budget(geometry: &Geometry) -> u64 {
    if geometry.cell_count() > BUDGET_ABOVE_CELLS {
        DEFAULT_CHECK_BUDGET
    } else {
        u64::MAX
    }
}

/// A generated puzzle with its unique solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    /// Candidate grids tried before this one was accepted.
    pub attempts: usize,
    /// The grader's verdict, when grading was asked for (or a difficulty).
    pub grade: Option<Grade>,
    /// Orbits kept because their uniqueness check ran out of budget (see
    /// [`GenerateOptions::check_budget`]). The puzzle is unique either way;
    /// with a non-zero count it may not be minimal per orbit.
    pub unsettled: usize,
}

/// Why generation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("this geometry has no solution grid")]
    NoGrid,
    #[error("none of {0} random jigsaw layouts could be shown to have a solution grid")]
    NoLayout(usize),
    /// The board asked for cannot be built (a random jigsaw with variants
    /// that need regular boxes, say).
    #[error("{0}")]
    Board(String),
    #[error("no candidate within {attempts} attempts could be proven minimal: for {unsettled} of them some clue's check ran out of budget (raise --check-budget, 0 = unlimited)")]
    MinimalUnproven { attempts: usize, unsettled: usize },
    #[error("no puzzle met the constraints within {0} attempts")]
    GaveUp(usize),
    #[error("stopped: the time limit passed or the work was cancelled")]
    Stopped,
    #[error("no puzzle graded {target} within {attempts} attempts (grades seen: {seen}); allow more attempts or widen the target")]
    NoMatch {
        target: Difficulty,
        attempts: usize,
        /// How many candidates of each level were seen, e.g. `Easy 12, Hard 3`.
        seen: String,
    },
    /// The target looks out of reach on this board: none of the first
    /// candidates came near it (raise `max_attempts` to insist).
    #[error("{target} puzzles are rare on this board: the first {attempts} candidates graded {seen}; give --max-attempts to keep trying")]
    Unlikely {
        target: Difficulty,
        attempts: usize,
        seen: String,
    },
}

/// The random stream for puzzle `index` of a run seeded with `seed`.
pub fn rng_for(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// Generates puzzle number `index` of the run seeded with `seed`.
pub fn generate(
    geometry: &Arc<Geometry>,
    opts: &GenerateOptions,
    seed: u64,
    index: u64,
) -> Result<Generated, GenerateError> {
    generate_from(geometry, opts, rng_for(seed, index), index)
}

/// [`generate`] drawing from `rng`, the stream of puzzle `index` (the index
/// only numbers progress reports).
pub(crate) fn generate_from(
    geometry: &Arc<Geometry>,
    opts: &GenerateOptions,
    mut rng: ChaCha8Rng,
    index: u64,
) -> Result<Generated, GenerateError> {
    let orbits = opts.symmetry.orbits(geometry);
    let strict_symmetric = opts.minimal && opts.symmetry != Symmetry::None;
    let default_cap = if opts.difficulty.is_some() {
        DIFFICULTY_ATTEMPTS
    } else if strict_symmetric {
        2000
    } else {
        100
    };
    let attempts = opts.max_attempts.unwrap_or(default_cap).max(1);
    let budget = opts
        .check_budget
        .unwrap_or_else(|| default_check_budget(geometry));
    let mut check = ExclusionCheck::new(geometry, (budget != u64::MAX).then_some(budget))
        .with_limits(opts.limits.clone());
    let mut seen = [0usize; logic::Level::ALL.len()];
    let mut minimal_unknown = 0;
    for attempt in 0..attempts {
        if opts.limits.expired() {
            return Err(GenerateError::Stopped);
        }
        // Counted across the indices `first_match` moves through.
        let overall = (index as usize).saturating_mul(attempts) + attempt + 1;
        opts.limits.report(|| Progress::Attempt(overall));
        let Some(solution) = random_solution_with(geometry, &mut rng, &mut check) else {
            return Err(if opts.limits.expired() {
                GenerateError::Stopped
            } else {
                GenerateError::NoGrid
            });
        };
        let (puzzle, unsettled) = remove_clues(
            &solution,
            &orbits,
            opts.target_clues,
            &mut rng,
            &mut check,
            &opts.limits,
        )
        .ok_or(GenerateError::Stopped)?;
        // Without symmetry, one-clue-at-a-time removal is minimal already
        // (a clue that had to stay still has to once others are gone), unless
        // some check was cut short.
        if opts.minimal && (strict_symmetric || unsettled > 0) {
            match minimal_given(&puzzle, &solution, &mut check, &opts.limits) {
                Some(true) => {}
                Some(false) => continue,
                None => {
                    minimal_unknown += 1;
                    continue;
                }
            }
        }
        if opts.limits.expired() {
            return Err(GenerateError::Stopped);
        }
        let grade = if opts.grade || opts.difficulty.is_some() {
            let Some(g) = grade_unique(&puzzle, &opts.limits) else {
                if opts.limits.expired() {
                    return Err(GenerateError::Stopped);
                }
                continue;
            };
            seen[g.level as usize] += 1;
            if opts.difficulty.as_ref().is_some_and(|d| !d.accepts(&g)) {
                if opts.max_attempts.is_none() && attempt + 1 == PROBE_ATTEMPTS {
                    if let Some(e) = unlikely_target(opts, &seen) {
                        return Err(e);
                    }
                }
                continue;
            }
            Some(g)
        } else {
            None
        };
        return Ok(Generated {
            puzzle,
            solution,
            attempts: attempt + 1,
            grade,
            unsettled,
        });
    }
    if minimal_unknown > 0 && opts.difficulty.is_none() {
        return Err(GenerateError::MinimalUnproven {
            attempts,
            unsettled: minimal_unknown,
        });
    }
    Err(match &opts.difficulty {
        Some(target) => GenerateError::NoMatch {
            target: target.clone(),
            attempts,
            seen: describe_seen(&seen),
        },
        None => GenerateError::GaveUp(attempts),
    })
}

/// Candidates drawn before judging whether a difficulty target is within
/// reach: some shapes and variants almost always grade at one level.
const PROBE_ATTEMPTS: usize = 50;

/// After [`PROBE_ATTEMPTS`] candidates none of the target's level, all of
/// one other level: give up at once with the evidence rather than draw
/// thousands more (minutes on 16×16) for a target the grader hardly ever
/// gives on this board.
fn unlikely_target(opts: &GenerateOptions, seen: &[usize]) -> Option<GenerateError> {
    let target = opts.difficulty.as_ref()?;
    let level = target.level?;
    let total: usize = seen.iter().sum();
    let top = seen.iter().copied().max().unwrap_or(0);
    (seen[level as usize] == 0 && total > 0 && top * 10 >= total * 9).then(|| {
        GenerateError::Unlikely {
            target: target.clone(),
            attempts: total,
            seen: describe_seen(seen),
        }
    })
}

/// Grades a puzzle already known to have exactly one solution (so the
/// uniqueness check of [`logic::solve_path`] is skipped; the result is the
/// same). `None` only if the grid cannot hold candidates at all.
fn grade_unique(puzzle: &Grid, limits: &Limits) -> Option<Grade> {
    let mut c = Candidates::from_grid(puzzle).ok()?;
    c.set_unique(true);
    c.set_limits(limits.clone());
    let path = logic::solve_from(c);
    path.solved.then(|| logic::grade(&path))
}

fn describe_seen(seen: &[usize]) -> String {
    let parts: Vec<String> = logic::Level::ALL
        .iter()
        .zip(seen)
        .filter(|(_, &n)| n > 0)
        .map(|(l, n)| format!("{} {n}", l.name()))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// Removes orbits of clues in random order while the solution stays unique;
/// also returns how many orbits stayed only because a check ran out of budget.
/// `None` when `limits` expire first.
///
/// The puzzle stays unique by induction: the full grid has one solution, and
/// an orbit goes only when the solver proves that the puzzle without it has no
/// solution other than `solution`. Any other solution would differ from
/// `solution` in some cell of the orbit (agreeing on all of them, it would
/// solve the previous, unique puzzle), so for each cell `a` of the orbit in
/// turn the solver searches for a solution with `a` different and the cells
/// before `a` as in `solution`; the orbit goes when every search comes back
/// empty. Each is a plain satisfiability search with the removed digit struck
/// out, cheaper than counting to two, and a search that finds a solution ends
/// the moment it does.
fn remove_clues(
    solution: &Grid,
    orbits: &[Vec<usize>],
    target: Option<usize>,
    rng: &mut ChaCha8Rng,
    check: &mut ExclusionCheck,
    limits: &Limits,
) -> Option<(Grid, usize)> {
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    order.shuffle(rng);
    let sol = solution.cells();
    let mut values = sol.to_vec();
    let mut clues = values.len();
    let mut unsettled = 0;
    let total = order.len();
    for (tried, orbit) in order.into_iter().enumerate() {
        if target.is_some_and(|t| clues <= t) {
            break;
        }
        if limits.expired() {
            return None;
        }
        limits.report(|| Progress::Clues { tried, total });
        for &c in orbit {
            values[c] = 0;
        }
        let mut verdict = Some(false);
        for &c in orbit {
            match check.satisfiable(&values, &[(c, sol[c])]) {
                Some(false) => values[c] = sol[c],
                other => {
                    verdict = other;
                    break;
                }
            }
        }
        if verdict == Some(false) {
            for &c in orbit {
                values[c] = 0;
            }
            clues -= orbit.len();
        } else {
            for &c in orbit {
                values[c] = sol[c];
            }
            unsettled += verdict.is_none() as usize;
        }
    }
    Some((Grid::new(solution.geometry().clone(), values), unsettled))
}

fn unique(puzzle: &Grid) -> bool {
    solve::count(puzzle, 2) == Ok(1)
}

/// Whether the unique puzzle `puzzle` (with solution `solution`) is minimal:
/// for every clue, a solution with that cell different exists once the clue
/// is gone. `None` when some check ran out of budget before settling.
fn minimal_given(
    puzzle: &Grid,
    solution: &Grid,
    check: &mut ExclusionCheck,
    limits: &Limits,
) -> Option<bool> {
    let mut values = puzzle.cells().to_vec();
    let mut unknown = false;
    for c in 0..values.len() {
        if limits.expired() {
            return None;
        }
        let v = values[c];
        if v == 0 {
            continue;
        }
        debug_assert_eq!(v, solution.get(c));
        values[c] = 0;
        let other = check.satisfiable(&values, &[(c, v)]);
        values[c] = v;
        match other {
            Some(true) => {}
            Some(false) => return Some(false),
            None => unknown = true,
        }
    }
    (!unknown).then_some(true)
}

/// Puzzle `index` of the seed, or when its attempts find none that matches
/// the difficulty, the next index, until `limits` expire (`Ok(None)` then).
/// Every result is reproducible from the seed and the index returned.
pub fn first_match(
    geometry: &Arc<Geometry>,
    opts: &GenerateOptions,
    seed: u64,
    limits: &crate::limits::Limits,
) -> Result<Option<(Generated, u64)>, GenerateError> {
    first_match_with(opts, limits, |o, i| generate(geometry, o, seed, i))
}

/// [`first_match`] with `make(opts, index)` making puzzle `index`.
pub(crate) fn first_match_with(
    opts: &GenerateOptions,
    limits: &crate::limits::Limits,
    make: impl Fn(&GenerateOptions, u64) -> Result<Generated, GenerateError>,
) -> Result<Option<(Generated, u64)>, GenerateError> {
    let opts = GenerateOptions {
        limits: limits.clone(),
        ..opts.clone()
    };
    let mut index = 0;
    loop {
        match make(&opts, index) {
            Ok(g) => return Ok(Some((g, index))),
            Err(GenerateError::NoMatch { .. }) if !limits.expired() => index += 1,
            Err(GenerateError::Unlikely { .. } | GenerateError::Stopped) => return Ok(None),
            Err(GenerateError::NoMatch { .. }) => return Ok(None),
            Err(e) => return Err(e),
        }
    }
}

/// True when removing any single clue leaves more than one solution.
pub fn is_minimal(puzzle: &Grid) -> bool {
    let mut p = puzzle.clone();
    (0..p.cells().len()).all(|c| {
        let v = p.get(c);
        if v == 0 {
            return true;
        }
        p.set(c, 0);
        let still_unique = unique(&p);
        p.set(c, v);
        !still_unique
    })
}
