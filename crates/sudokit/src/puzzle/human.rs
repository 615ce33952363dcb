//! Human-style use cases: hint, explain, rate.
//!
//! All three start from the same place: the puzzle's solutions are checked
//! (a position without a solution gets no hint), the candidate grid is built
//! from the givens or the candidate state, and uniqueness techniques are
//! enabled only when the position is proven to have exactly one solution
//! and has no constraints beyond units. Constraints (cages, lines, dots)
//! are handed to the candidate grid, where the variant techniques use them.

use crate::geometry::Layout;
use crate::logic::{self, Candidates, Grade, Path, Step};

use super::{Error, Options, Puzzle, Verdict};

/// A puzzle's difficulty, HoDoKu-style, with the path it was read from.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rating {
    pub grade: Grade,
    /// Number of steps of the path.
    pub steps: usize,
}

impl Puzzle {
    /// The candidate grid a person would start from, with uniqueness
    /// techniques enabled when the position is proven unique.
    pub fn logic_state(&self, opts: &Options) -> Result<Candidates, Error> {
        self.state_knowing(&opts.started(), None)
    }

    /// [`Puzzle::logic_state`] with its clock started (`opts`), and whether
    /// the position is unique when the caller has checked it already.
    fn state_knowing(&self, opts: &Options, unique: Option<bool>) -> Result<Candidates, Error> {
        if !self.constraints().is_empty() && self.geometry().layout() != Layout::Square {
            return Err(Error::Unsupported(
                "human-style steps with constraints need a square board".into(),
            ));
        }
        let unique = match unique {
            Some(u) => u,
            None => self.check(opts)?.is_unique(),
        };
        let mut c = match &self.candidates {
            None => Candidates::from_grid(&self.grid),
            Some(masks) => {
                Candidates::from_state(self.geometry().clone(), self.grid.cells(), masks)
            }
        }
        .map_err(|e| Error::Unsupported(e.to_string()))?;
        if !self.placed().is_empty() {
            c.unmark_givens(self.placed());
        }
        c.set_unique(unique);
        c.set_constraints(self.constraints());
        c.set_limits(opts.limits());
        for &t in &opts.techniques {
            c.enable(t);
        }
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
        let step = logic::next_step(&c);
        if step.is_none() && c.out_of_time() {
            return Err(opts.stopped());
        }
        Ok(step)
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
    /// let rating = p.rate(&Options::default()).unwrap();
    /// assert!(rating.grade.without_guessing && rating.grade.level <= Level::Hard);
    /// ```
    pub fn rate(&self, opts: &Options) -> Result<Rating, Error> {
        let verdict = self.check(opts)?;
        if let Verdict::Multiple(a, b) = verdict {
            return Err(Error::not_unique(a, b));
        }
        // Unique, as just checked.
        self.rate_unique(opts)
    }

    /// [`Puzzle::rate`] for a puzzle known to have one solution: no check.
    fn rate_unique(&self, opts: &Options) -> Result<Rating, Error> {
        let path = self.graded_path(opts)?;
        Ok(Rating {
            grade: logic::grade(&path),
            steps: path.steps.len(),
        })
    }

    /// The path [`Puzzle::rate`] grades, for a puzzle known to have one
    /// solution (also the generator's, which only adds givens to a unique
    /// one): no check, and the steps skip their texts (the grade reads the
    /// techniques only).
    pub(crate) fn graded_path(&self, opts: &Options) -> Result<Path, Error> {
        let mut c = self.state_knowing(&opts.started(), Some(true))?;
        c.set_texts(false);
        walk(c, opts)
    }
}

/// Applies steps until the board is full, checking the limits between steps.
fn walk(mut c: Candidates, opts: &Options) -> Result<Path, Error> {
    let mut steps = Vec::new();
    while let Some(step) = logic::next_step(&c) {
        logic::apply(&mut c, &step);
        steps.push(step);
    }
    // The finders find nothing once the limits expire.
    if c.out_of_time() {
        return Err(opts.stopped());
    }
    Ok(Path {
        solved: c.is_full() && !c.is_broken(),
        final_values: c.values().to_vec(),
        steps,
    })
}

/// What a player should hear next: a wrong entry first, then a step.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "kind"))]
pub enum PlayerHint {
    /// An entry that is not the solution's digit (puzzles with one solution).
    Mistake { cell: usize, digit: u16 },
    /// Pencil marks of `cell` that leave out the solution's `digit`.
    MissingCandidate { cell: usize, digit: u16 },
    /// The board is full and right.
    Done,
    /// The easiest step from the player's position.
    Step(Step),
    /// No technique applies from the player's marks (they removed a
    /// candidate that is needed, say).
    Stuck,
}

impl Puzzle {
    /// The next hint for a player's position: `entries` (one per cell, `0`
    /// for empty; givens are ignored) and optional pencil marks (one list
    /// per cell; an empty list means every digit the placed ones allow).
    /// A wrong entry is pointed out before any step.
    ///
    /// ```
    /// use sudokit::{Options, PlayerHint, Puzzle};
    /// let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    ///     .parse()
    ///     .unwrap();
    /// let mut entries = vec![0; 81];
    /// entries[2] = 1; // r1c3 is 9 in the solution
    /// let h = p.player_hint(&entries, &[], &Options::default()).unwrap();
    /// assert!(matches!(h, PlayerHint::Mistake { cell: 2, digit: 1 }));
    /// ```
    pub fn player_hint(
        &self,
        entries: &[u16],
        pencil: &[Vec<u16>],
        opts: &Options,
    ) -> Result<PlayerHint, Error> {
        let opts = &opts.started();
        let cells = self.grid.cells().len();
        let n = self.grid.n() as u16;
        if !entries.is_empty() && entries.len() != cells {
            return Err(Error::Unsupported(format!(
                "{} entries for a board of {cells} cells",
                entries.len()
            )));
        }
        if !pencil.is_empty() && pencil.len() != cells {
            return Err(Error::Unsupported(format!(
                "{} pencil-mark lists for a board of {cells} cells",
                pencil.len()
            )));
        }
        if let Some(&bad) = entries
            .iter()
            .chain(pencil.iter().flatten())
            .find(|&&v| v > n)
        {
            return Err(Error::Unsupported(format!(
                "{bad} is not a digit of this board (1 to {n})"
            )));
        }
        let solution = match self.check(opts)? {
            Verdict::Unique(s) => Some(s),
            Verdict::Multiple(..) => None,
        };
        let mut position = self.grid.clone();
        // The player's entries are placed, not given (avoidable rectangles
        // tell them apart), as are the puzzle's own placed digits.
        let mut placed = self.placed().to_vec();
        for (cell, &v) in entries.iter().enumerate() {
            if v == 0 || self.grid.get(cell) != 0 {
                continue;
            }
            if solution.as_ref().is_some_and(|s| s.get(cell) != v) {
                return Ok(PlayerHint::Mistake { cell, digit: v });
            }
            position.set(cell, v);
            placed.push(cell);
        }
        if position.is_full() {
            return Ok(PlayerHint::Done);
        }
        if let Some(sol) = &solution {
            for (cell, marks) in pencil.iter().enumerate() {
                let digit = sol.get(cell);
                if !marks.is_empty() && position.get(cell) == 0 && !marks.contains(&digit) {
                    return Ok(PlayerHint::MissingCandidate { cell, digit });
                }
            }
        }
        let mut c =
            Candidates::from_grid(&position).map_err(|e| Error::Unsupported(e.to_string()))?;
        c.unmark_givens(&placed);
        c.set_unique(solution.is_some());
        c.set_constraints(self.constraints());
        c.set_limits(opts.limits());
        for (cell, marks) in pencil.iter().enumerate() {
            if marks.is_empty() || position.get(cell) != 0 {
                continue;
            }
            for d in (1..=n).filter(|d| !marks.contains(d)) {
                c.eliminate(cell, d);
            }
        }
        Ok(match logic::next_step(&c) {
            Some(step) => PlayerHint::Step(step),
            None if c.out_of_time() => return Err(opts.stopped()),
            None => PlayerHint::Stuck,
        })
    }
}
