//! Two differently seeded CDCL solvers racing on one puzzle, when a core is
//! free.
//!
//! Why. The time a CDCL search needs to *find* a solution of a hard 25×25
//! puzzle depends a lot on luck: the same puzzle takes 10k conflicts with one
//! initial variable order and 160k with another. Running a second solver
//! with another order on the second core and keeping the
//! first answer turns that spread into a speed-up (the expected minimum of
//! two draws), while the proof of uniqueness, which varies less, runs at the
//! speed of the faster of the two.
//!
//! Both solvers see the same clauses: each solution found is blocked in
//! both, so either can answer the next call. The loser of a call is
//! interrupted (it stops at its next conflict, at decision level 0) and keeps
//! its learnt clauses for the next call. While racing they pass each other
//! their short learnt clauses (see [`Exchange`]), which is what speeds up the
//! proof of uniqueness (BENCHMARKS.md has the figures). The helper differs
//! from the main solver only by its initial order and by restarting four
//! times as often (see [`HELPER_RESTART_UNIT`]); clauses are imported at
//! restarts only. Helpers that differed in other ways (stronger propagation,
//! another encoding, CaDiCaL's focused mode) and more frequent imports were
//! tried and did not win: see `docs/notes/sat-solver.md`.
//!
//! A second thread is only started while fewer solver threads than cores
//! are racing, so batch work that already keeps every core busy with
//! puzzles (one per rayon worker) does not oversubscribe the machine.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use crate::geometry::Geometry;

use super::limits::Limits;
use super::sat::{Cdcl, Exchange, SatResult};

/// CDCL searches running in this process, helpers included.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| {
        if cfg!(feature = "parallel") {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            1
        }
    })
}

/// Calls that race: the first solution and the proof that there is no
/// second (or the second). Enumerating further runs the main solver alone:
/// two solvers finding the same easy next models would only share the work
/// of one core between two.
const RACED_MODELS: usize = 2;

/// Seed of the helper's initial variable order (any fixed value other than
/// the main solver's "all zero" does).
const HELPER_SEED: u64 = 0x005E_ED2B;

/// The helper's restart unit (the main solver's is 512): restarting four
/// times as often makes the pair more diverse (measured against the main
/// solver's unit and against 64 and 256: see docs/notes/sat-solver.md).
const HELPER_RESTART_UNIT: u64 = 128;

/// One CDCL solver, and a helper built on the first call that finds a free
/// core.
pub(crate) struct Race {
    geo: Arc<Geometry>,
    /// The candidates the solvers are built from (see [`Race::new`]), kept
    /// for a helper built later.
    cands: Option<Vec<Vec<u16>>>,
    limits: Limits,
    main: Cdcl,
    helper: Option<Cdcl>,
    exchange: Arc<Exchange>,
    /// Every solution blocked so far, to replay into a helper built late
    /// (kept only while one may still be built).
    blocked: Vec<Vec<u16>>,
    /// Solutions blocked so far (models found here or streamed before the
    /// switch to learning), and up to how many calls race (see
    /// [`RACED_MODELS`]).
    models: usize,
    raced_models: usize,
    /// Whether a helper may be started at all (off for deterministic runs).
    parallel: bool,
    /// Decisions of a helper already dropped (for [`Race::decisions`]).
    dropped_decisions: u64,
}

impl Race {
    /// A race over the candidates that singles propagation leaves on the
    /// givens (0-based digits per cell; `None` when it failed), as the
    /// caller's search computed them.
    pub(crate) fn new(
        geo: Arc<Geometry>,
        cands: Option<Vec<Vec<u16>>>,
        limits: Limits,
        parallel: bool,
    ) -> Self {
        let mut main = Cdcl::new(&geo, cands.clone());
        main.set_limits(limits.clone());
        Race {
            geo,
            cands,
            limits,
            main,
            helper: None,
            exchange: Arc::default(),
            blocked: Vec::new(),
            models: 0,
            raced_models: RACED_MODELS,
            parallel,
            dropped_decisions: 0,
        }
    }

    /// Excludes one solution from later models, in both solvers.
    pub(crate) fn block(&mut self, values: &[u16]) {
        self.main.block(values);
        self.models += 1;
        if self.models >= self.raced_models {
            if let Some(h) = self.helper.take() {
                self.dropped_decisions += h.decisions();
            }
            self.blocked = Vec::new();
            return;
        }
        if let Some(h) = &mut self.helper {
            h.block(values);
        } else if self.parallel {
            self.blocked.push(values.to_vec());
        }
    }

    pub(crate) fn decisions(&self) -> u64 {
        self.main.decisions()
            + self.dropped_decisions
            + self.helper.as_ref().map_or(0, Cdcl::decisions)
    }

    /// The next model's cell values, `Ok(None)` when there is none, or
    /// `Err(())` when the limits stopped the search.
    pub(crate) fn next_model(&mut self) -> Result<Option<Vec<u16>>, ()> {
        let me = Running::enter();
        if self.parallel && self.models < self.raced_models && me.others < cores() - 1 {
            let _helper = Running::enter();
            return self.race();
        }
        // Alone: no partner to stop it or to send clauses to.
        self.main.set_stop(None);
        self.main.set_exchange(None);
        let r = self.main.solve();
        answer(&mut self.main, r)
    }

    fn race(&mut self) -> Result<Option<Vec<u16>>, ()> {
        if self.helper.is_none() {
            let mut h = Cdcl::new(&self.geo, self.cands.clone());
            h.set_limits(self.limits.clone());
            h.shuffle_order(HELPER_SEED);
            h.set_restart_unit(HELPER_RESTART_UNIT);
            for s in &self.blocked {
                h.block(s);
            }
            self.helper = Some(h);
        }
        let helper = self.helper.as_mut().expect("built above");
        let stop = Arc::new(AtomicBool::new(false));
        self.main.set_stop(Some(stop.clone()));
        helper.set_stop(Some(stop.clone()));
        self.main.set_exchange(Some((self.exchange.clone(), 0)));
        helper.set_exchange(Some((self.exchange.clone(), 1)));
        let main = &mut self.main;
        let (a, b) = std::thread::scope(|scope| {
            let other = scope.spawn(|| {
                let r = helper.solve();
                stop.store(true, Ordering::Relaxed);
                r
            });
            let r = main.solve();
            stop.store(true, Ordering::Relaxed);
            (r, other.join().expect("helper solver panicked"))
        });
        match (a, b) {
            (SatResult::Interrupted, SatResult::Sat | SatResult::Unsat) => {
                answer(self.helper.as_mut().expect("built"), b)
            }
            _ => answer(&mut self.main, a),
        }
    }
}

/// One solver thread counted in [`RUNNING`] while this lives (panics
/// included).
struct Running {
    /// Solver threads running when this one entered.
    others: usize,
}

impl Running {
    fn enter() -> Self {
        Running {
            others: RUNNING.fetch_add(1, Ordering::Relaxed),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::Relaxed);
    }
}

fn answer(s: &mut Cdcl, r: SatResult) -> Result<Option<Vec<u16>>, ()> {
    match r {
        SatResult::Sat => Ok(Some(s.model_values())),
        SatResult::Unsat => Ok(None),
        SatResult::Interrupted => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoxShape;
    use crate::solve::with_initial_candidates;
    use std::collections::BTreeSet;

    /// A 6×6 board with its first two rows given: a few hundred solutions.
    fn six_by_six() -> (Arc<Geometry>, Vec<u16>) {
        let geo = Arc::new(Geometry::square(BoxShape { rows: 2, cols: 3 }, &[]).unwrap());
        let mut cells = vec![0u16; 36];
        cells[..12].copy_from_slice(&[1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3]);
        (geo, cells)
    }

    /// Every solution, by one solver alone.
    fn all_alone(geo: Arc<Geometry>, cells: &[u16]) -> BTreeSet<Vec<u16>> {
        let mut single = Cdcl::new(&geo, with_initial_candidates(&geo, cells));
        let mut all = BTreeSet::new();
        while single.solve() == SatResult::Sat {
            let v = single.model_values();
            single.block(&v);
            all.insert(v);
        }
        all
    }

    /// Racing enumeration finds exactly the solutions a single solver
    /// finds, each once and each valid, with clauses exchanged and the loser
    /// interrupted on every call (every call races here, not only the first
    /// two).
    #[test]
    fn racing_enumeration_matches_a_single_solver() {
        let (geo, cells) = six_by_six();
        let mut race = Race::new(
            geo.clone(),
            with_initial_candidates(&geo, &cells),
            Limits::none(),
            true,
        );
        race.raced_models = usize::MAX;
        let mut raced = BTreeSet::new();
        while let Some(v) = race.race().expect("no limits") {
            for u in geo.units() {
                let mut digits: Vec<u16> = u.cells.iter().map(|&c| v[c as usize]).collect();
                digits.sort_unstable();
                assert_eq!(digits, (1..=6).collect::<Vec<_>>());
            }
            assert_eq!(&v[..12], &cells[..12]);
            assert!(raced.insert(v.clone()), "solution repeated");
            race.block(&v);
        }
        let alone = all_alone(geo, &cells);
        assert!(alone.len() > 10);
        assert_eq!(raced, alone);
    }

    /// Through `next_model`, enumeration goes on with the main solver alone
    /// after two models (the helper is dropped) and still finds every
    /// solution once.
    #[test]
    fn enumeration_continues_alone_after_two_models() {
        let (geo, cells) = six_by_six();
        let mut race = Race::new(
            geo.clone(),
            with_initial_candidates(&geo, &cells),
            Limits::none(),
            true,
        );
        let mut seen = BTreeSet::new();
        while let Some(v) = race.next_model().expect("no limits") {
            assert!(seen.insert(v.clone()), "solution repeated");
            race.block(&v);
            if seen.len() >= RACED_MODELS {
                assert!(race.helper.is_none());
            }
        }
        assert_eq!(seen, all_alone(geo, &cells));
    }
}
