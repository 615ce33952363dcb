//! Solving, checking, counting and enumerating: the search use cases.

use crate::constraints::learning::LearningSearch;
use crate::constraints::model::Model;
use crate::constraints::portfolio::FirstSolution;
use crate::constraints::search::{ConstraintSearch, Step};
use crate::constraints::{self, TrueCandidates};
use crate::count::{self, BigUint, Count};
use crate::geometry::Layout;
use crate::grid::Grid;
use crate::limits::Progress;
use crate::logic::Candidates;
use crate::solve::{self, Engine, Solutions};
use crate::validate;

use super::{Error, Options, Puzzle};

/// What [`Puzzle::check`] found: one solution, or (at least) two.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    Unique(Grid),
    /// Two different solutions (there may be more).
    Multiple(Grid, Grid),
}

impl Verdict {
    pub fn is_unique(&self) -> bool {
        matches!(self, Verdict::Unique(_))
    }
    /// The (first) solution.
    pub fn solution(&self) -> &Grid {
        match self {
            Verdict::Unique(s) | Verdict::Multiple(s, _) => s,
        }
    }
}

/// How far [`Puzzle::count`] counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CountMode {
    /// Enumerate up to this many solutions (at least 1); reaching it gives
    /// [`Count::AtLeast`].
    UpTo(u64),
    /// Enumerate every solution.
    All,
    /// Count every completion exactly, without enumerating each one (digit
    /// relabelling, band composition): any size of count, on all threads.
    Exact,
}

/// What a search is for: only the solutions' order depends on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// One solution, as soon as possible.
    First,
    /// Every solution in turn (counting, uniqueness).
    All,
}

impl Puzzle {
    /// The solutions, lazily in search order (drop the iterator to stop). The
    /// givens are checked first, so a contradiction is an error rather than
    /// an empty stream.
    ///
    /// ```
    /// use sudokit::{Options, Puzzle};
    /// let p: Puzzle = ".".repeat(16).parse().unwrap();
    /// assert_eq!(p.solutions(&Options::default()).unwrap().count(), 288);
    /// ```
    pub fn solutions(&self, opts: &Options) -> Result<Solutions, Error> {
        self.check_rules()?;
        self.search(opts)
    }

    /// One solution (the first found).
    ///
    /// ```
    /// use sudokit::{Error, Options, Puzzle};
    /// let p: Puzzle = format!("11{}", ".".repeat(79)).parse().unwrap();
    /// assert!(matches!(p.solve(&Options::default()), Err(Error::Contradiction(_))));
    /// ```
    pub fn solve(&self, opts: &Options) -> Result<Grid, Error> {
        self.solve_counting_guesses(opts).map(|(g, _)| g)
    }

    /// [`Puzzle::solve`], with the number of guesses the search made: the
    /// measure of difficulty batch users record beside each solution.
    ///
    /// ```
    /// use sudokit::{Options, Puzzle};
    /// let p: Puzzle = "1...............".parse().unwrap();
    /// let (solution, guesses) = p.solve_counting_guesses(&Options::default()).unwrap();
    /// assert!(solution.is_full() && guesses < 16);
    /// ```
    pub fn solve_counting_guesses(&self, opts: &Options) -> Result<(Grid, u64), Error> {
        let mut s = self.search_with(opts, Goal::First)?;
        match s.next() {
            Some(g) => {
                self.check_given_solution()?;
                Ok((g, s.guesses()))
            }
            None if s.interrupted() => Err(opts.stopped()),
            None => Err(self.why_no_solution()),
        }
    }

    /// Whether the puzzle has exactly one solution (a proof: the search
    /// looks for a second one).
    ///
    /// ```
    /// use sudokit::{Options, Puzzle, Verdict};
    /// let p: Puzzle = ".".repeat(16).parse().unwrap();
    /// assert!(matches!(p.check(&Options::default()).unwrap(), Verdict::Multiple(..)));
    /// ```
    pub fn check(&self, opts: &Options) -> Result<Verdict, Error> {
        let mut s = self.search(opts)?;
        let Some(first) = s.next() else {
            return Err(if s.interrupted() {
                opts.stopped()
            } else {
                self.why_no_solution()
            });
        };
        let second = s.next();
        if second.is_none() && s.interrupted() {
            return Err(opts.stopped());
        }
        self.check_given_solution()?;
        Ok(match second {
            None => Verdict::Unique(first),
            Some(b) => Verdict::Multiple(first, b),
        })
    }

    /// The unique solution, or an error saying why there is none or several.
    pub fn unique_solution(&self, opts: &Options) -> Result<Grid, Error> {
        match self.check(opts)? {
            Verdict::Unique(s) => Ok(s),
            Verdict::Multiple(a, b) => Err(Error::not_unique(a, b)),
        }
    }

    /// The number of solutions. A time limit gives a proven lower bound
    /// ([`Count::AtLeast`]), never a guess.
    ///
    /// ```
    /// use sudokit::{count::Count, CountMode, Options, Puzzle};
    /// let p: Puzzle = ".".repeat(16).parse().unwrap();
    /// let opts = Options::default();
    /// assert_eq!(p.count(CountMode::All, &opts).unwrap(), Count::Exact(288u32.into()));
    /// assert_eq!(p.count(CountMode::Exact, &opts).unwrap(), Count::Exact(288u32.into()));
    /// assert_eq!(p.count(CountMode::UpTo(2), &opts).unwrap(), Count::AtLeast(2u32.into()));
    /// ```
    pub fn count(&self, mode: CountMode, opts: &Options) -> Result<Count, Error> {
        self.check_rules()?;
        let limit = match mode {
            CountMode::Exact if self.candidates.is_none() && self.constraints.is_empty() => {
                let limits = opts.limits();
                let parts = |p: count::Progress| {
                    limits.report(|| Progress::Parts {
                        done: p.done,
                        total: p.total,
                    })
                };
                let copts = count::Options {
                    limits: limits.clone(),
                    threads: opts.threads,
                    progress: limits.reports().then_some(&parts as _),
                    ..Default::default()
                };
                return Ok(count::completions(&self.grid, &copts)?);
            }
            CountMode::Exact | CountMode::All => u64::MAX,
            CountMode::UpTo(k) => k.max(1),
        };
        let mut s = self.search(opts)?;
        let limits = opts.limits();
        let mut k = 0u64;
        while k < limit && s.skip_one() {
            k += 1;
            if k % 64 == 0 {
                limits.report(|| Progress::Solutions(k.into()));
            }
        }
        let exact = k < limit && !s.interrupted();
        Ok(if exact {
            Count::Exact(BigUint::from(k))
        } else {
            Count::AtLeast(BigUint::from(k))
        })
    }

    /// True candidates: per cell, every digit that appears in at least one
    /// solution (a given's only candidate is itself). Bounded by the
    /// options' time limit and cancel flag.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// use sudokit::{Options, Puzzle};
    /// let mut p: Puzzle = ".".repeat(16).parse().unwrap();
    /// // A 2-cell thermo in the top row: r1c1 can be 1, 2 or 3, never 4.
    /// p.add_constraint(Constraint::Thermo(vec![0, 1]));
    /// let tc = p.true_candidates(&Options::default()).unwrap();
    /// assert_eq!(tc.digits(0), vec![1, 2, 3]);
    /// assert_eq!(tc.digits(1), vec![2, 3, 4]);
    /// ```
    pub fn true_candidates(&self, opts: &Options) -> Result<TrueCandidates, Error> {
        self.check_rules()?;
        let (model, masks) = self.constraint_model()?;
        let limits = opts.limits();
        constraints::search::true_candidates(self.geometry(), &model, masks, &limits)
            .ok_or_else(|| opts.stopped())
    }

    /// Pencil marks a player can trust without trying digits: per cell, the
    /// digits its units' placed digits allow, narrowed by the puzzle's rules
    /// themselves (a cage's possible sums, a thermometer's order, odd/even…)
    /// until no rule narrows further. Unlike [`Puzzle::true_candidates`]
    /// nothing is searched, so the marks give no solution away. A filled
    /// cell keeps its digit; when the rules contradict the placed digits the
    /// marks are the units' alone.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// use sudokit::Puzzle;
    /// let mut p: Puzzle = ".".repeat(16).parse().unwrap();
    /// // A 2-cell cage of 3 in the top row: 1 or 2 in its cells; the rest
    /// // of the row keeps 1–4 (no digit is tried to go further).
    /// p.add_constraint(Constraint::Cage { cells: vec![0, 1], sum: Some(3) });
    /// let marks = p.rule_candidates().unwrap();
    /// assert_eq!(marks[0], 0b0011);
    /// assert_eq!(marks[2], 0b1111);
    /// ```
    pub fn rule_candidates(&self) -> Result<Vec<u64>, Error> {
        let (model, mut masks) = self.constraint_model()?;
        let geo = self.geometry();
        let vals = self.grid.cells();
        for unit in geo.units() {
            let placed = unit
                .cells
                .iter()
                .map(|&c| vals[c as usize])
                .filter(|&v| v != 0)
                .fold(0u64, |m, v| m | 1 << (v - 1));
            for &c in &unit.cells {
                if vals[c as usize] == 0 {
                    masks[c as usize] &= !placed;
                }
            }
        }
        let mut narrowed: Vec<u64> = masks.iter().zip(&model.root).map(|(m, r)| m & r).collect();
        Ok(if model.fixpoint(&mut narrowed).is_ok() {
            narrowed
        } else {
            masks
        })
    }

    /// Whether this puzzle with constraints has exactly one solution,
    /// decided within `guesses` guesses of the constraint search: `None`
    /// when the budget ran out first (for generation, where a check that
    /// runs long keeps its given).
    pub(crate) fn unique_within(
        &self,
        opts: &Options,
        guesses: u64,
    ) -> Result<Option<bool>, Error> {
        self.check_rules()?;
        let (model, masks) = self.constraint_model()?;
        let mut s = ConstraintSearch::new(self.geometry().clone(), model, masks, opts.limits());
        let mut found = 0;
        loop {
            match s.advance_until(guesses) {
                Step::Found if found == 1 => return Ok(Some(false)),
                Step::Found => found += 1,
                Step::Paused => return Ok(None),
                Step::Done if s.interrupted() => return Err(opts.stopped()),
                Step::Done => return Ok(Some(found == 1)),
            }
        }
    }

    /// The compiled constraints and the starting masks of the constraint
    /// search.
    pub(crate) fn constraint_model(&self) -> Result<(Model, Vec<u64>), Error> {
        let geo = self.geometry();
        let n = geo.n();
        if n > 64 {
            return Err(Error::Unsupported(format!(
                "constraints and true candidates need at most 64 digits; this board has {n}"
            )));
        }
        if !self.constraints.is_empty() && geo.layout() == Layout::Cube {
            return Err(Error::Unsupported(
                "constraints are defined on square boards, not cubes".into(),
            ));
        }
        for c in &self.constraints {
            c.validate(n).map_err(Error::Unsupported)?;
        }
        let masks = (0..geo.cell_count())
            .map(|c| self.candidate_mask(c))
            .collect();
        Ok((constraints::registry::compile(n, &self.constraints), masks))
    }

    /// The raw search over this puzzle's givens or candidates, no checks.
    fn search(&self, opts: &Options) -> Result<Solutions, Error> {
        self.search_with(opts, Goal::All)
    }

    /// [`Puzzle::search`] for `goal`: puzzles with constraints look for
    /// their first solution with two value orders in turn.
    fn search_with(&self, opts: &Options, goal: Goal) -> Result<Solutions, Error> {
        let limits = opts.limits();
        if !self.constraints.is_empty() {
            let (model, masks) = self.constraint_model()?;
            let geo = self.geometry().clone();
            if opts.engine == Engine::Learning {
                return Ok(solve::constrained_solutions(
                    self.geometry(),
                    LearningSearch::new(geo, model, masks, limits),
                ));
            }
            return Ok(match goal {
                Goal::First => solve::constrained_solutions(
                    self.geometry(),
                    FirstSolution::new(geo, model, masks, limits),
                ),
                Goal::All => solve::constrained_solutions(
                    self.geometry(),
                    ConstraintSearch::new(geo, model, masks, limits),
                ),
            });
        }
        let Some(masks) = &self.candidates else {
            return Ok(match opts.engine {
                Engine::Auto => solve::unchecked_solutions_within(&self.grid, limits),
                e => solve::solutions_with_engine(&self.grid, e, limits),
            });
        };
        let masks: Vec<u16> = masks.iter().map(|&m| m as u16).collect();
        if self.grid.n() > 16 {
            return Err(Error::Unsupported(format!(
                "solving a candidate state needs at most 16 digits; this board has {}",
                self.grid.n()
            )));
        }
        solve::candidate_solutions(self.geometry(), &masks, limits).ok_or_else(|| {
            Error::Unsupported("solving a candidate state needs at most 16 digits".into())
        })
    }

    /// Contradictions visible without search: duplicate givens, and for a
    /// candidate state, a cell without candidates or a digit without a place.
    pub(crate) fn check_rules(&self) -> Result<(), Error> {
        if let Some(c) = validate::first_duplicate(&self.grid) {
            return Err(c.into());
        }
        match &self.candidates {
            None => validate::check_givens(&self.grid).map_err(Error::from),
            Some(masks) => {
                let state =
                    Candidates::from_state(self.geometry().clone(), self.grid.cells(), masks)
                        .map_err(|e| Error::Unsupported(e.to_string()))?;
                state
                    .broken()
                    .map_or(Ok(()), |why| Err(Error::BrokenCandidates(why)))
            }
        }
    }

    /// After a search found nothing: the visible contradiction if there is
    /// one, otherwise a plain "no solution".
    fn why_no_solution(&self) -> Error {
        match self.check_rules() {
            Err(e) => e,
            Ok(()) => Error::NoSolution,
        }
    }

    /// A solution shipped with the puzzle must fit the givens and the rules.
    fn check_given_solution(&self) -> Result<(), Error> {
        let Some(sol) = &self.solution else {
            return Ok(());
        };
        let geo = self.geometry();
        let bad = self
            .grid
            .cells()
            .iter()
            .zip(sol.cells())
            .position(|(&g, &s)| s == 0 || (g != 0 && g != s));
        if let Some(c) = bad {
            return Err(Error::WrongGivenSolution(geo.cell_name(c)));
        }
        if let Some(c) = validate::first_duplicate(sol) {
            let cell = c.cell().unwrap_or(0);
            return Err(Error::WrongGivenSolution(geo.cell_name(cell)));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite(name: &str) -> Puzzle {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/variants");
        std::fs::read_to_string(dir.join(name))
            .unwrap()
            .parse()
            .unwrap()
    }

    /// The budgeted check of generation: decided when the search settles
    /// within the budget, `None` when it does not.
    #[test]
    fn unique_within_answers_or_runs_out_of_guesses() {
        let opts = Options::default();
        let p = suite("08-arrow-9.txt"); // 277 guesses to its proof
        assert_eq!(p.unique_within(&opts, u64::MAX).unwrap(), Some(true));
        assert_eq!(p.unique_within(&opts, 10).unwrap(), None);
        let two: Puzzle = "thermo: r1c1 r1c2 r1c3 r1c4\n................"
            .parse()
            .unwrap();
        assert_eq!(two.unique_within(&opts, u64::MAX).unwrap(), Some(false));
        let none: Puzzle = "cage: 3 r1c2 r1c4\n1.2.............".parse().unwrap();
        assert_eq!(none.unique_within(&opts, u64::MAX).unwrap(), Some(false));
    }
}
