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

mod fill;
mod symmetry;

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::solve;

pub use fill::random_solution;
pub use symmetry::Symmetry;

/// What to generate.
#[derive(Clone, Debug, Default)]
pub struct GenerateOptions {
    pub symmetry: Symmetry,
    /// Also require that no single clue can be removed.
    pub minimal: bool,
    /// Stop removing clues once the puzzle has at most this many (a target:
    /// removal stops earlier when no further clue can go).
    pub target_clues: Option<usize>,
    /// Give up after this many candidate grids (default 100; 2000 when a
    /// symmetric puzzle must also be strictly minimal, which most are not).
    pub max_attempts: Option<usize>,
}

/// A generated puzzle with its unique solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    /// Candidate grids tried before this one was accepted.
    pub attempts: usize,
}

/// Why generation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("this geometry has no solution grid")]
    NoGrid,
    #[error("no puzzle met the constraints within {0} attempts")]
    GaveUp(usize),
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
    let attempts = opts
        .max_attempts
        .unwrap_or(if strict_symmetric { 2000 } else { 100 })
        .max(1);
    for attempt in 0..attempts {
        let solution = random_solution(geometry, &mut rng).ok_or(GenerateError::NoGrid)?;
        let puzzle = remove_clues(&solution, &orbits, opts.target_clues, &mut rng);
        // Without symmetry, one-clue-at-a-time removal is minimal already:
        // a clue that had to stay still has to once others are gone.
        if strict_symmetric && !is_minimal(&puzzle) {
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution,
            attempts: attempt + 1,
        });
    }
    Err(GenerateError::GaveUp(attempts))
}

/// Removes orbits of clues in random order while the solution stays unique.
fn remove_clues(
    solution: &Grid,
    orbits: &[Vec<usize>],
    target: Option<usize>,
    rng: &mut ChaCha8Rng,
) -> Grid {
    let mut puzzle = solution.clone();
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    order.shuffle(rng);
    let mut clues = puzzle.givens();
    for orbit in order {
        if target.is_some_and(|t| clues <= t) {
            break;
        }
        for &c in orbit {
            puzzle.set(c, 0);
        }
        if unique(&puzzle) {
            clues -= orbit.len();
        } else {
            for &c in orbit {
                puzzle.set(c, solution.get(c));
            }
        }
    }
    puzzle
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
