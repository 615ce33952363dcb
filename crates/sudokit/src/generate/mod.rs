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

mod fill;
mod symmetry;
mod target;

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::logic::{self, Candidates, Grade};
use crate::solve::{self, Engine, Limits};

pub use fill::random_solution;
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
    /// Give up after this many candidate grids (default 100; 2000 when a
    /// symmetric puzzle must also be strictly minimal, which most are not;
    /// [`DIFFICULTY_ATTEMPTS`] with a difficulty target).
    pub max_attempts: Option<usize>,
}

/// Default attempt cap with a difficulty target. Every level turns up within
/// a few dozen random 9×9 candidates (10 Extreme puzzles take well under a
/// second, see BENCHMARKS), so the cap leaves a wide margin for narrow score
/// ranges while still ending a hopeless search in bounded time.
pub const DIFFICULTY_ATTEMPTS: usize = 20_000;

/// A generated puzzle with its unique solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    /// Candidate grids tried before this one was accepted.
    pub attempts: usize,
    /// The grader's verdict, when grading was asked for (or a difficulty).
    pub grade: Option<Grade>,
    /// Clues (orbits) kept only because the solver could not decide within
    /// its work budget whether the puzzle stays unique without them. `0`
    /// means minimal per orbit; large boards near minimality can leave some.
    /// Uniqueness never depends on this: every removal made was proven.
    pub undecided: usize,
}

/// Why generation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("this geometry has no solution grid")]
    NoGrid,
    #[error("no puzzle met the constraints within {0} attempts")]
    GaveUp(usize),
    #[error("no puzzle graded {target} within {attempts} attempts (grades seen: {seen}); allow more attempts or widen the target")]
    NoMatch {
        target: Difficulty,
        attempts: usize,
        /// How many candidates of each level were seen, e.g. `Easy 12, Hard 3`.
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
    let mut rng = rng_for(seed, index);
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
    let mut seen = [0usize; logic::Level::ALL.len()];
    for attempt in 0..attempts {
        let solution = random_solution(geometry, &mut rng).ok_or(GenerateError::NoGrid)?;
        let (puzzle, undecided) = remove_clues(&solution, &orbits, opts.target_clues, &mut rng);
        // Without symmetry, one-clue-at-a-time removal is minimal already
        // (a clue that had to stay still has to once others are gone),
        // unless some removal could not be decided.
        if (strict_symmetric || (opts.minimal && undecided > 0))
            && minimal_within_budget(&puzzle) != Some(true)
        {
            continue;
        }
        let grade = if opts.grade || opts.difficulty.is_some() {
            let Some(g) = grade_unique(&puzzle) else {
                continue;
            };
            seen[g.level as usize] += 1;
            if opts.difficulty.as_ref().is_some_and(|d| !d.accepts(&g)) {
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
            undecided: if opts.minimal { 0 } else { undecided },
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

/// Grades a puzzle already known to have exactly one solution (so the
/// uniqueness check of [`logic::solve_path`] is skipped; the result is the
/// same). `None` only if the grid cannot hold candidates at all.
fn grade_unique(puzzle: &Grid) -> Option<Grade> {
    let mut c = Candidates::from_grid(puzzle).ok()?;
    c.set_unique(true);
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

/// Removes orbits of clues in random order while the solution stays unique.
/// Returns the puzzle and how many orbits were kept because the check ran
/// out of its work budget.
fn remove_clues(
    solution: &Grid,
    orbits: &[Vec<usize>],
    target: Option<usize>,
    rng: &mut ChaCha8Rng,
) -> (Grid, usize) {
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    order.shuffle(rng);
    let mut puzzle = solution.clone();
    let mut clues = puzzle.givens();
    let mut undecided = 0;
    for orbit in order {
        if target.is_some_and(|t| clues <= t) {
            break;
        }
        for &c in orbit {
            puzzle.set(c, 0);
        }
        match unique_within_budget(&puzzle) {
            Some(true) => clues -= orbit.len(),
            verdict => {
                undecided += verdict.is_none() as usize;
                for &c in orbit {
                    puzzle.set(c, solution.get(c));
                }
            }
        }
    }
    (puzzle, undecided)
}

/// Work budget of one uniqueness check while removing clues, in limit
/// checks (see [`Limits::with_work`]: about 2,000 guesses of the generic
/// search). Near minimality a check on a large board (25×25) can turn into
/// a search of minutes; keeping such a clue costs little, and a budget in
/// work rather than time keeps the output the same on every machine. Boards
/// up to 16×16 are checked without a budget.
const CHECK_WORK: u64 = 1;

/// Whether `puzzle` (cut from a solution grid, so never contradictory) has
/// exactly one solution; `None` when the budget ran out first.
fn unique_within_budget(puzzle: &Grid) -> Option<bool> {
    if puzzle.n() <= 16 {
        // Checks up to 16×16 end within milliseconds: no budget needed, so
        // these puzzles stay minimal per orbit.
        return Some(unique(puzzle));
    }
    // Plain backtracking: the budget would expire before clause learning,
    // which the default search turns to after 2,000 guesses, could pay off.
    let limits = Limits::none().with_work(CHECK_WORK);
    let mut s = solve::solutions_with_engine(puzzle, Engine::Backtrack, limits);
    let mut found = 0;
    while found < 2 && s.skip_one() {
        found += 1;
    }
    (!s.interrupted()).then_some(found == 1)
}

/// [`is_minimal`] under the same work budget per check: `None` when some
/// check could not be decided.
fn minimal_within_budget(puzzle: &Grid) -> Option<bool> {
    let mut p = puzzle.clone();
    for c in 0..p.cells().len() {
        let v = p.get(c);
        if v == 0 {
            continue;
        }
        p.set(c, 0);
        let still_unique = unique_within_budget(&p);
        p.set(c, v);
        match still_unique {
            Some(false) => {}
            Some(true) => return Some(false),
            None => return None,
        }
    }
    Some(true)
}

fn unique(puzzle: &Grid) -> bool {
    solve::count(puzzle, 2) == Ok(1)
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
