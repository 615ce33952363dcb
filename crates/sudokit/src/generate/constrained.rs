//! Killer, thermo and line puzzles: constraints read off a random solution
//! grid, then givens removed in random order while the solution stays
//! unique.
//!
//! Killer: the board is cut into cages (random orthogonal growth, no digit
//! twice in a cage, 2 to 5 cells on 9×9) whose sums are the solution's.
//! Thermo: thermometers (cells touching orthogonally or diagonally, digits
//! of the solution increasing, at least 3 cells) grown from random bulbs.
//! Lines of a family whose clue is its cells alone (renban, whispers,
//! entropic…: [`LINE_FAMILIES`]): random walks of 3 to 6 cells through
//! touching cells, each kept when the solution keeps the family's rule on
//! it, until about a third of the board is covered.
//! Clues a setter places on a few chosen spots (X-sums, skyscrapers,
//! sandwiches, little killers, minimum and maximum cells, quadruples,
//! clones: [`CLUE_FAMILIES`]): every true clue of the family to start
//! with (a sample for quadruples and clones); once the givens are cut,
//! the clues are cut the same way.
//! Every removal is checked by the constraint search; a check cut short by
//! the limits, or by its guess budget (above 9×9,
//! [`CONSTRAINED_CHECK_BUDGET`]; clue puzzles, a smaller one at every size),
//! keeps its given, so the result is always proven unique.

use std::sync::Arc;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use crate::constraints::text::name;
use crate::constraints::Constraint;
use crate::geometry::{touching_cells, Geometry, Layout};
use crate::grid::Grid;
use crate::logic::{self, Level};
use crate::puzzle::{Error, Options, Puzzle, Rating};

pub use super::clues::CLUE_FAMILIES;

/// The constraint family of a generated puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConstraintKind {
    /// Killer cages covering the whole board.
    Killer,
    /// Thermometers on part of the board.
    Thermo,
    /// Lines of one family whose clue is its cells alone, by its directive
    /// key (one of [`LINE_FAMILIES`]).
    Line(&'static str),
    /// Clues of one family given on a few chosen spots, by its directive
    /// key (one of [`CLUE_FAMILIES`]).
    Clues(&'static str),
}

/// The line families [`ConstraintKind::Line`] makes puzzles of (directive
/// keys; `docs/constraints.md` has their rules).
pub const LINE_FAMILIES: &[&str] = &[
    "renban",
    "whisper",
    "palindrome",
    "between",
    "entropic",
    "modular",
    "zipper",
    "region-sum",
    "arrow",
    "dutch-whisper",
];

impl ConstraintKind {
    /// The kind a name asks for: `killer`, `thermo` or a line family's
    /// directive key.
    ///
    /// ```
    /// use sudokit::generate::ConstraintKind;
    /// assert_eq!(ConstraintKind::from_name("renban"), Ok(ConstraintKind::Line("renban")));
    /// assert!(ConstraintKind::from_name("sudoku").unwrap_err().contains("killer, thermo, renban"));
    /// ```
    pub fn from_name(name: &str) -> Result<Self, String> {
        match name {
            "killer" => Ok(ConstraintKind::Killer),
            "thermo" => Ok(ConstraintKind::Thermo),
            _ => {
                if let Some(&key) = LINE_FAMILIES.iter().find(|&&k| k == name) {
                    Ok(ConstraintKind::Line(key))
                } else if let Some(&key) = CLUE_FAMILIES.iter().find(|&&k| k == name) {
                    Ok(ConstraintKind::Clues(key))
                } else {
                    Err(format!(
                        "unknown rules {name:?}: the generator makes killer, thermo, {}, {}",
                        LINE_FAMILIES.join(", "),
                        CLUE_FAMILIES.join(", ")
                    ))
                }
            }
        }
    }

    /// The name [`ConstraintKind::from_name`] reads.
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::Killer => "killer",
            ConstraintKind::Thermo => "thermo",
            ConstraintKind::Line(key) | ConstraintKind::Clues(key) => key,
        }
    }
}

/// A generated constraint puzzle.
#[derive(Clone, Debug)]
pub struct ConstrainedPuzzle {
    /// Givens and constraints.
    pub puzzle: Puzzle,
    pub solution: Grid,
    /// The human-style rating, when asked for.
    pub rating: Option<Rating>,
}

/// Puzzle number `index` of the run seeded with `seed`: a unique killer,
/// thermo or line puzzle on a square board of 4 to 16 digits, within
/// `opts`' limits.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::generate::{constrained, ConstraintKind};
/// use sudokit::{BoxShape, Geometry, Options};
/// let geo = Arc::new(Geometry::square(BoxShape::new(2, 2), &[]).unwrap());
/// let made = constrained(&geo, ConstraintKind::Killer, 7, 0, true, &Options::default()).unwrap();
/// assert!(made.puzzle.check(&Options::default()).unwrap().is_unique());
/// assert!(made.rating.is_some());
/// ```
pub fn constrained(
    geometry: &Arc<Geometry>,
    kind: ConstraintKind,
    seed: u64,
    index: u64,
    grade: bool,
    opts: &Options,
) -> Result<ConstrainedPuzzle, Error> {
    let n = geometry.n();
    if geometry.layout() != Layout::Square || !(4..=16).contains(&n) {
        return Err(Error::Unsupported(
            "constraint puzzles are generated on square boards of 4 to 16 digits".into(),
        ));
    }
    let opts = &opts.started();
    let limits = opts.limits();
    let mut rng = super::rng_for(seed, index);
    let solution = super::random_solution(geometry, &mut rng)
        .ok_or_else(|| Error::Unsupported("this board has no solution grid".into()))?;
    let constraints = match kind {
        ConstraintKind::Killer => cages(&solution, n, &mut rng),
        ConstraintKind::Thermo => thermos(&solution, n, &mut rng),
        ConstraintKind::Line(key) => lines(&solution, key, n, &mut rng),
        ConstraintKind::Clues(key) => super::clues::candidates(&solution, key, n, &mut rng),
    };
    if constraints.is_empty() {
        return Err(Error::Unsupported(format!(
            "no {} fits this solution grid; try another seed",
            kind.name()
        )));
    }
    let mut puzzle = Puzzle::new(solution.clone()).with_constraints(constraints);
    let budget = check_budget(n, kind);
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(&mut rng);
    for cell in order {
        if limits.expired() {
            return Err(opts.stopped());
        }
        let mut fewer = puzzle.grid().clone();
        fewer.set(cell, 0);
        let trial = Puzzle::new(fewer).with_constraints(puzzle.constraints().to_vec());
        // A check cut short (by the limits or the budget) keeps the given.
        if let Ok(Some(true)) = trial.unique_within(opts, budget) {
            puzzle = trial;
        }
    }
    if let ConstraintKind::Clues(_) = kind {
        puzzle = cut_clues(puzzle, budget, &mut rng, opts)?;
    }
    let rating = if grade {
        Some(puzzle.rate(opts)?)
    } else {
        None
    };
    Ok(ConstrainedPuzzle {
        puzzle,
        solution,
        rating,
    })
}

/// Attempts [`constrained_at`] makes before giving up on a level.
pub const CONSTRAINED_LEVEL_ATTEMPTS: u64 = 30;

/// A constraint puzzle graded `level`: puzzles `index`, `index + 1`,
/// … of the run seeded with `seed` ([`constrained`]), each eased when it
/// grades harder than `level` (digits of the solution given back, one at a
/// time, in the cell of the first step harder than the level, so that step
/// is no longer needed), until one grades exactly `level`; at most
/// [`CONSTRAINED_LEVEL_ATTEMPTS`] of them. Returns the puzzle and the index
/// it came from.
///
/// Minimal killers grade Medium (cage combinations) to Extreme (forcing
/// nets); easing reaches the easier levels, and harder ones turn up among
/// the attempts.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::generate::{constrained_at, ConstraintKind};
/// use sudokit::logic::Level;
/// use sudokit::{BoxShape, Geometry, Options};
/// let geo = Arc::new(Geometry::square(BoxShape::new(3, 3), &[]).unwrap());
/// let opts = Options::default();
/// let (made, _) = constrained_at(&geo, ConstraintKind::Killer, 7, 0, Level::Medium, &opts).unwrap();
/// assert_eq!(made.rating.unwrap().grade.level, Level::Medium);
/// assert!(made.puzzle.check(&opts).unwrap().is_unique());
/// ```
pub fn constrained_at(
    geometry: &Arc<Geometry>,
    kind: ConstraintKind,
    seed: u64,
    index: u64,
    level: Level,
    opts: &Options,
) -> Result<(ConstrainedPuzzle, u64), Error> {
    let opts = &opts.started();
    for i in index..index + CONSTRAINED_LEVEL_ATTEMPTS {
        let made = constrained(geometry, kind, seed, i, true, opts)?;
        let made = ease(made, level, opts)?;
        if made.rating.as_ref().is_some_and(|r| r.grade.level == level) {
            return Ok((made, i));
        }
    }
    Err(Error::Unsupported(format!(
        "no {} {} puzzle in {CONSTRAINED_LEVEL_ATTEMPTS} attempts; try another level",
        level.name().to_lowercase(),
        kind.name()
    )))
}

/// `puzzle` without each of its clues in turn (random order) that it can
/// lose and stay unique.
fn cut_clues(
    mut puzzle: Puzzle,
    budget: u64,
    rng: &mut impl Rng,
    opts: &Options,
) -> Result<Puzzle, Error> {
    let mut order: Vec<Constraint> = puzzle.constraints().to_vec();
    order.shuffle(rng);
    for clue in order {
        if opts.limits().expired() {
            return Err(opts.stopped());
        }
        let fewer: Vec<Constraint> = puzzle
            .constraints()
            .iter()
            .filter(|&c| *c != clue)
            .cloned()
            .collect();
        if fewer.is_empty() {
            break;
        }
        let trial = Puzzle::new(puzzle.grid().clone()).with_constraints(fewer);
        if let Ok(Some(true)) = trial.unique_within(opts, budget) {
            puzzle = trial;
        }
    }
    Ok(puzzle)
}

/// Puzzle number `index` of a batch seeded with `seed`, graded `level`
/// when one is asked for: [`constrained`] without a level; with one,
/// [`constrained_at`] from attempt `index ×`
/// [`CONSTRAINED_LEVEL_ATTEMPTS`], so no two puzzles of a batch start from
/// the same grid. Returns the puzzle and the attempt it came from (what
/// [`constrained`] reproduces it from, before easing). The CLI, the web
/// API and Python all make their constraint puzzles here.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::generate::{constrained_puzzle, ConstraintKind};
/// use sudokit::logic::Level;
/// use sudokit::{BoxShape, Geometry, Options};
/// let geo = Arc::new(Geometry::square(BoxShape::new(2, 2), &[]).unwrap());
/// let opts = Options::default();
/// let (made, at) = constrained_puzzle(&geo, ConstraintKind::Killer, 7, 0, None, false, &opts).unwrap();
/// assert_eq!(at, 0);
/// assert!(made.rating.is_none());
/// ```
pub fn constrained_puzzle(
    geometry: &Arc<Geometry>,
    kind: ConstraintKind,
    seed: u64,
    index: u64,
    level: Option<Level>,
    grade: bool,
    opts: &Options,
) -> Result<(ConstrainedPuzzle, u64), Error> {
    match level {
        None => constrained(geometry, kind, seed, index, grade, opts).map(|m| (m, index)),
        Some(level) => {
            let first = index.saturating_mul(CONSTRAINED_LEVEL_ATTEMPTS);
            constrained_at(geometry, kind, seed, first, level, opts)
        }
    }
}

/// Gives back digits of the solution while `made` grades harder than
/// `level`: each time in a cell of the first step harder than `level`
/// (its placement, else its first elimination, else its first cell), or of
/// the hardest step when only the score keeps the level up.
fn ease(
    mut made: ConstrainedPuzzle,
    level: Level,
    opts: &Options,
) -> Result<ConstrainedPuzzle, Error> {
    let cells = made.solution.cells().len();
    for _ in 0..cells {
        // One walk per round: the puzzle stays unique as givens come back,
        // so no check; the grade and the step to remove come from it.
        let path = made.puzzle.graded_path(opts)?;
        let grade = logic::grade(&path);
        let hardest = grade.hardest;
        made.rating = Some(Rating {
            grade,
            steps: path.steps.len(),
        });
        if made.rating.as_ref().is_some_and(|r| r.grade.level <= level) {
            return Ok(made);
        }
        let cell = path
            .steps
            .iter()
            .find(|s| s.technique.level() > level || Some(s.technique) == hardest)
            .and_then(|step| {
                step.placements
                    .first()
                    .or(step.eliminations.first())
                    .map(|p| p.cell as usize)
                    .or(step.cells.first().map(|&x| x as usize))
            });
        let Some(cell) = cell else {
            return Ok(made);
        };
        let mut grid = made.puzzle.grid().clone();
        grid.set(cell, made.solution.get(cell));
        made.puzzle = Puzzle::new(grid).with_constraints(made.puzzle.constraints().to_vec());
    }
    made.rating = Some(made.puzzle.rate(opts)?);
    Ok(made)
}

/// Guesses each uniqueness check may take on boards above 9×9, where a
/// sparse killer can make one check a search of many seconds (a 12×12 took
/// 16 s with 17 givens left); a check out of budget keeps its given, so the
/// puzzle stays unique and the run reproducible, but it may keep a given
/// it could lose. Other puzzles up to 9×9 settle quickly: no budget. Clue
/// puzzles have their own, smaller budget at every size.
pub const CONSTRAINED_CHECK_BUDGET: u64 = 2_000;

/// The guess budget of each check on clue puzzles, which start from many
/// weak clues and no givens would prove cheaply. 9×9 little killers, 12
/// puzzles: 50.6 s with 2,000 guesses, 8.8 s with 300, and 201 clues in
/// all against 211 (a check cut short keeps its given or clue).
const CLUE_CHECK_BUDGET: u64 = 300;

fn check_budget(n: usize, kind: ConstraintKind) -> u64 {
    if matches!(kind, ConstraintKind::Clues(_)) {
        CLUE_CHECK_BUDGET
    } else if n > 9 {
        CONSTRAINED_CHECK_BUDGET
    } else {
        u64::MAX
    }
}

/// Cages covering the board, each grown from a random free cell through
/// free orthogonal neighbours whose digits are not yet in the cage.
fn cages(sol: &Grid, n: usize, rng: &mut impl Rng) -> Vec<Constraint> {
    let max = (n * 5).div_ceil(9).max(2);
    let mut free = vec![true; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if !free[start] {
            continue;
        }
        let size = rng.random_range(2..=max);
        let mut cells = vec![start];
        free[start] = false;
        while cells.len() < size {
            let mut options: Vec<usize> = cells
                .iter()
                .flat_map(|&x| touching_cells(x, n, false))
                .filter(|&y| free[y] && cells.iter().all(|&x| sol.get(x) != sol.get(y)))
                .collect();
            options.sort_unstable();
            options.dedup();
            let Some(&next) = options.choose(rng) else {
                break;
            };
            free[next] = false;
            cells.push(next);
        }
        groups.push(cells);
    }
    merge_single_cells(&mut groups, sol, n);
    groups
        .into_iter()
        .map(|cells| Constraint::Cage {
            sum: Some(cells.iter().map(|&x| sol.get(x) as u32).sum()),
            cells,
        })
        .collect()
}

/// A cage of one cell is a given in disguise: each joins a neighbouring
/// cage that does not hold its digit yet (the smallest such, so cages stay
/// small). One with no such neighbour stays alone.
fn merge_single_cells(groups: &mut Vec<Vec<usize>>, sol: &Grid, n: usize) {
    let mut i = 0;
    while i < groups.len() {
        if groups[i].len() != 1 {
            i += 1;
            continue;
        }
        let cell = groups[i][0];
        let near = touching_cells(cell, n, false);
        let target = (0..groups.len())
            .filter(|&j| j != i && groups[j].iter().any(|x| near.contains(x)))
            .filter(|&j| groups[j].iter().all(|&x| sol.get(x) != sol.get(cell)))
            .min_by_key(|&j| (groups[j].len(), j));
        match target {
            Some(j) => {
                groups[j].push(cell);
                groups.remove(i);
            }
            None => i += 1,
        }
    }
}

/// Up to N thermometers of at least 3 cells, on cells no other one uses.
fn thermos(sol: &Grid, n: usize, rng: &mut impl Rng) -> Vec<Constraint> {
    let mut free = vec![true; n * n];
    let mut out = Vec::new();
    for _ in 0..n * 4 {
        if out.len() == n {
            break;
        }
        let bulb = rng.random_range(0..n * n);
        if !free[bulb] {
            continue;
        }
        let mut cells = vec![bulb];
        let want = rng.random_range(3..=n.min(6));
        while cells.len() < want {
            let last = *cells.last().unwrap();
            let options: Vec<usize> = touching_cells(last, n, true)
                .into_iter()
                .filter(|&y| free[y] && !cells.contains(&y) && sol.get(y) > sol.get(last))
                .collect();
            let Some(&next) = options.choose(rng) else {
                break;
            };
            cells.push(next);
        }
        if cells.len() >= 3 {
            for &x in &cells {
                free[x] = false;
            }
            out.push(Constraint::Thermo(cells));
        }
    }
    out
}

/// Lines of family `key` on cells no other line uses: random walks of 3 to
/// 6 cells through touching cells (diagonals included), each kept when the
/// solution keeps the rule on it, until a third of the board is covered or
/// the attempts run out.
fn lines(sol: &Grid, key: &str, n: usize, rng: &mut impl Rng) -> Vec<Constraint> {
    let mut free = vec![true; n * n];
    let (mut covered, mut out) = (0, Vec::new());
    for _ in 0..n * n * 40 {
        if covered * 3 >= n * n {
            break;
        }
        let start = rng.random_range(0..n * n);
        if !free[start] {
            continue;
        }
        let want = rng.random_range(3..=n.min(6));
        let mut cells = vec![start];
        while cells.len() < want {
            let last = *cells.last().expect("a start");
            let options: Vec<usize> = touching_cells(last, n, true)
                .into_iter()
                .filter(|&y| free[y] && !cells.contains(&y))
                .collect();
            let Some(&next) = options.choose(rng) else {
                break;
            };
            cells.push(next);
        }
        if cells.len() < 3 {
            continue;
        }
        let mut names: Vec<String> = cells.iter().map(|&x| name(x, n)).collect();
        if key == "arrow" {
            // The first cell is the circle: `arrow: r1c1 | r1c2 r1c3`.
            names.insert(1, "|".into());
        }
        let Ok(line) = Constraint::parse(key, &names.join(" "), n) else {
            continue;
        };
        if line.satisfied(sol.cells(), n, &[]) {
            for &x in &cells {
                free[x] = false;
            }
            covered += cells.len();
            out.push(line);
        }
    }
    out
}
