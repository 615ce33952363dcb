//! Human-style use cases: hint, explain, rate.
//!
//! All three start from the same place: the puzzle's solutions are checked
//! (a position without a solution gets no hint), the candidate grid is built
//! from the givens or the candidate state, and uniqueness techniques are
//! enabled only when the position is proven to have exactly one solution.

use serde::Serialize;

use crate::logic::{self, Candidates, Grade, Path, Step};

use super::{Error, Options, Puzzle, Verdict};

/// A puzzle's difficulty, HoDoKu-style, with the path it was read from.
#[derive(Clone, Debug, Serialize)]
pub struct Rating {
    pub grade: Grade,
    /// Number of steps of the path.
    pub steps: usize,
}

impl Puzzle {
    /// The candidate grid a person would start from, with uniqueness
    /// techniques enabled when the position is proven unique.
    pub fn logic_state(&self, opts: &Options) -> Result<Candidates, Error> {
        let unique = self.check(opts)?.is_unique();
        let mut c = match &self.candidates {
            None => Candidates::from_grid(&self.grid),
            Some(masks) => {
                Candidates::from_state(self.geometry().clone(), self.grid.cells(), masks)
            }
        }
        .map_err(|e| Error::Unsupported(e.to_string()))?;
        c.set_unique(unique);
        Ok(c)
    }

    /// The easiest next step, or `None` when the board is already full.
    ///
    /// ```
    /// use sudokit::{Options, Puzzle};
    /// let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    ///     .parse()
    ///     .unwrap();
    /// let step = p.hint(&Options::default()).unwrap().unwrap();
    /// assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
    /// ```
    pub fn hint(&self, opts: &Options) -> Result<Option<Step>, Error> {
        let c = self.logic_state(opts)?;
        Ok(logic::next_step(&c))
    }

    /// Every step from this position to the solution, each with its reason.
    pub fn explain(&self, opts: &Options) -> Result<Path, Error> {
        let c = self.logic_state(opts)?;
        walk(c, opts)
    }

    /// The grade: level, score and hardest technique. Needs a unique
    /// solution.
    ///
    /// ```
    /// use sudokit::{logic::Level, Options, Puzzle};
    /// let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(p.rate(&Options::default()).unwrap().grade.level, Level::Easy);
    /// ```
    pub fn rate(&self, opts: &Options) -> Result<Rating, Error> {
        let verdict = self.check(opts)?;
        if let Verdict::Multiple(a, b) = verdict {
            return Err(Error::not_unique(a, b));
        }
        let path = self.explain(opts)?;
        Ok(Rating {
            grade: logic::grade(&path),
            steps: path.steps.len(),
        })
    }
}

/// Applies steps until the board is full, checking the limits between steps.
fn walk(mut c: Candidates, opts: &Options) -> Result<Path, Error> {
    let limits = opts.limits();
    let mut steps = Vec::new();
    while let Some(step) = logic::next_step(&c) {
        if limits.expired() {
            return Err(opts.stopped());
        }
        logic::apply(&mut c, &step);
        steps.push(step);
    }
    Ok(Path {
        solved: c.is_full() && !c.is_broken(),
        final_values: c.values().to_vec(),
        steps,
    })
}
