//! The first solution of a puzzle with constraints, by two searches taking
//! turns: the default value order and its opposite ([`ValueOrder`]).
//!
//! Where the first solution lies in the search tree is decided by the
//! value order, and no single order puts it early on every puzzle: on
//! sparse non-consecutive puzzles the solution sits at the far end of the
//! default order's tree and near the start of the opposite one's. Running
//! both in turns costs at most about twice the better one (plus one slice),
//! where one order alone can cost the whole tree. Counting and uniqueness
//! proofs walk the whole tree anyway and keep one search.
//!
//! The second search starts only once the first has used one slice, so
//! puzzles solved with few guesses pay nothing for it.

use std::sync::Arc;

use crate::geometry::Geometry;
use crate::limits::Limits;
use crate::solve::Searcher;

use super::model::Model;
use super::search::{ConstraintSearch, Step, ValueOrder};

/// Guesses each search makes in its turn.
const SLICE: u64 = 32;

/// What the second search needs to start.
struct Later {
    geo: Arc<Geometry>,
    model: Model,
    masks: Vec<u64>,
    limits: Limits,
}

/// The two searches; after the first solution the one that found it goes
/// on alone, so later solutions come in its order, each once.
pub(crate) struct FirstSolution {
    searches: Vec<ConstraintSearch>,
    later: Option<Later>,
    winner: Option<usize>,
    interrupted: bool,
}

impl FirstSolution {
    /// Both searches from the same masks (givens as single bits).
    pub(crate) fn new(geo: Arc<Geometry>, model: Model, masks: Vec<u64>, limits: Limits) -> Self {
        let later = Later {
            geo: geo.clone(),
            model: model.clone(),
            masks: masks.clone(),
            limits: limits.clone(),
        };
        FirstSolution {
            searches: vec![ConstraintSearch::new(geo, model, masks, limits)],
            later: Some(later),
            winner: None,
            interrupted: false,
        }
    }
}

impl Searcher for FirstSolution {
    /// Finds the next solution; false when there is none left or the
    /// limits stopped the search.
    fn advance(&mut self) -> bool {
        if let Some(w) = self.winner {
            return self.searches[w].advance();
        }
        loop {
            for i in 0..self.searches.len() {
                let s = &mut self.searches[i];
                match s.advance_until(s.guesses() + SLICE) {
                    Step::Found => {
                        self.winner = Some(i);
                        return true;
                    }
                    // Each search is complete: one that ends without a
                    // solution proves there is none.
                    Step::Done => {
                        self.interrupted = s.interrupted();
                        return false;
                    }
                    Step::Paused => {}
                }
            }
            if let Some(l) = self.later.take() {
                let s = ConstraintSearch::new(l.geo, l.model, l.masks, l.limits);
                self.searches.push(s.with_order(ValueOrder::Contrary));
            }
        }
    }

    fn guesses(&self) -> u64 {
        self.searches.iter().map(ConstraintSearch::guesses).sum()
    }

    fn interrupted(&self) -> bool {
        // After the first solution the winner goes on alone, under the
        // same limits.
        self.interrupted || self.winner.is_some_and(|w| self.searches[w].interrupted())
    }

    fn solution_values(&self) -> Option<Vec<u16>> {
        self.searches[self.winner?].solution_values()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;

    fn parts(text: &str) -> (Arc<Geometry>, Model, Vec<u64>) {
        let p: Puzzle = text.parse().unwrap();
        let (model, masks) = p.constraint_model().unwrap();
        (p.geometry().clone(), model, masks)
    }

    fn all(mut next: impl FnMut() -> Option<Vec<u16>>) -> Vec<Vec<u16>> {
        let mut found = Vec::new();
        while let Some(s) = next() {
            found.push(s);
        }
        found
    }

    /// Either order is a complete search, and the portfolio, which goes on
    /// with the search that found the first solution, yields each solution
    /// once: the same set three ways.
    #[test]
    fn every_order_finds_every_solution_once() {
        let text = "box: 2x3\nnon-consecutive\n.5..................................";
        let (geo, model, masks) = parts(text);
        let mut sets = Vec::new();
        for order in [ValueOrder::Promise, ValueOrder::Contrary] {
            let mut s =
                ConstraintSearch::new(geo.clone(), model.clone(), masks.clone(), Limits::default())
                    .with_order(order);
            sets.push(all(|| s.advance().then(|| s.solution_values().unwrap())));
        }
        let mut s = FirstSolution::new(geo, model, masks, Limits::default());
        sets.push(all(|| s.advance().then(|| s.solution_values().unwrap())));
        assert!(sets[0].len() > 1, "{} solutions", sets[0].len());
        for set in &mut sets {
            let n = set.len();
            set.sort();
            set.dedup();
            assert_eq!(set.len(), n, "a solution came twice");
        }
        assert_eq!(sets[0], sets[1]);
        assert_eq!(sets[0], sets[2]);
    }

    /// A search that ends without a solution proves there is none; the
    /// portfolio must say so rather than wait for the other one.
    #[test]
    fn no_solution_ends_the_portfolio() {
        // Two 1s apart from each other only through the rule: r1c1 = 1
        // forbids 2 at r1c2, and the cage needs 1 + 2 there.
        let text = "box: 2x2\nnon-consecutive\ncage: 3 r1c2 r2c2\n1...............";
        let (geo, model, masks) = parts(text);
        let mut s = FirstSolution::new(geo, model, masks, Limits::default());
        assert!(!s.advance());
        assert!(!s.interrupted());
        assert_eq!(s.solution_values(), None);
    }

    /// After the first solution the winning search goes on alone; a stop by
    /// the limits then must still read as a stop, not as the last solution.
    #[test]
    fn a_stop_after_the_first_solution_is_reported() {
        let text = "box: 2x3\nthermo: r1c1 r1c2 r1c3\n....................................";
        let (geo, model, masks) = parts(text);
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let limits = Limits::default().with_cancel(flag.clone());
        let mut s = FirstSolution::new(geo, model, masks, limits);
        assert!(s.advance());
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        while s.advance() {}
        assert!(s.interrupted());
    }

    /// The reason for the portfolio: on this sparse non-consecutive puzzle
    /// the default order reaches its solution near the end of its tree.
    #[test]
    fn the_contrary_order_shortens_a_late_first_solution() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/variants");
        let text = std::fs::read_to_string(dir.join("44-non-consecutive-9.txt")).unwrap();
        let (geo, model, masks) = parts(&text);
        let mut one =
            ConstraintSearch::new(geo.clone(), model.clone(), masks.clone(), Limits::default());
        assert!(one.advance());
        let mut two = FirstSolution::new(geo, model, masks, Limits::default());
        assert!(two.advance());
        assert_eq!(one.solution_values(), two.solution_values());
        assert!(
            2 * two.guesses() < one.guesses(),
            "{} guesses in turns, {} alone",
            two.guesses(),
            one.guesses()
        );
    }
}
