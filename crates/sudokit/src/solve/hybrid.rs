//! The default search: propagation and backtracking first, learning when that
//! stalls.
//!
//! Most puzzles of every size fall to singles propagation and a few guesses,
//! where the generic search is fastest (no encoding to build). A puzzle that
//! needs many guesses is one where backtracking without learning tends to
//! repeat the same dead ends exponentially often (the minimal 25×25 puzzles),
//! so after a guess budget the search switches to the CDCL solver, which
//! first excludes the solutions already streamed.

use std::sync::Arc;

use crate::bits::DigitSet;
use crate::geometry::Geometry;

use super::generic::{Search, Stop};
use super::limits::Limits;
use super::race::Race;

/// Guesses the generic search may make before the switch to CDCL.
const GUESS_BUDGET: u64 = 2_000;
/// Solutions remembered (for blocking) while the switch is still possible;
/// an enumeration that streams more stays with the generic search.
const MAX_REMEMBERED: usize = 16;

pub(crate) struct Hybrid<B> {
    geo: Arc<Geometry>,
    givens: Vec<u16>,
    generic: Search<B>,
    cdcl: Option<Race>,
    /// Whether the CDCL back-end may race a second solver on a free core.
    parallel: bool,
    found: Vec<Vec<u16>>,
    last: Option<Vec<u16>>,
    limits: Limits,
    interrupted: bool,
    exhausted: bool,
    /// Solutions found without the search: the pattern fill of an empty
    /// board (see [`pattern_fill`]) and relabellings (see
    /// [`Hybrid::with_shortcuts`]). The first `shortcuts_streamed` have been
    /// streamed, the rest are streamed before searching further; the search
    /// skips them all when it finds them.
    shortcuts: Vec<Vec<u16>>,
    shortcuts_streamed: usize,
    /// Two digits no given uses: swapping them in the first solution gives a
    /// second one.
    relabel: Option<(u16, u16)>,
}

/// The banded pattern solution of an empty square board: row r is row 0
/// shifted by `bc·(r mod br) + r / br`, which satisfies rows, columns and
/// boxes of `br×bc`. Searching an empty large board is surprisingly hard
/// (backtracking paints itself into corners deep down, and CDCL has N³
/// variables to settle), while this is instant. It is checked against every
/// unit of the geometry, so variants and irregular regions simply fall back
/// to the search.
fn pattern_fill(geo: &Geometry, values: &[u16]) -> Option<Vec<u16>> {
    if values.iter().any(|&v| v != 0) || geo.layout() != crate::geometry::Layout::Square {
        return None;
    }
    let n = geo.n();
    let (br, bc) = (geo.box_shape().rows, geo.box_shape().cols);
    if br * bc != n || n < 4 {
        return None;
    }
    let fill: Vec<u16> = (0..geo.cell_count())
        .map(|cell| {
            let (r, c) = geo.row_col(cell);
            ((bc * (r % br) + r / br + c) % n) as u16 + 1
        })
        .collect();
    let mut seen = vec![false; n + 1];
    for u in geo.units() {
        seen.iter_mut().for_each(|x| *x = false);
        for &c in &u.cells {
            let v = fill[c as usize] as usize;
            if seen[v] {
                return None;
            }
            seen[v] = true;
        }
    }
    Some(fill)
}

impl<B: DigitSet> Hybrid<B> {
    pub(crate) fn new(geo: Arc<Geometry>, values: &[u16], limits: Limits) -> Self {
        let mut generic = Search::<B>::new(geo.clone(), values);
        generic.set_limits(limits.clone());
        generic.set_guess_budget(GUESS_BUDGET);
        Hybrid {
            geo,
            givens: values.to_vec(),
            generic,
            cdcl: None,
            parallel: false,
            found: Vec::new(),
            last: None,
            limits,
            interrupted: false,
            exhausted: false,
            shortcuts: Vec::new(),
            shortcuts_streamed: 0,
            relabel: None,
        }
    }

    /// Like [`Hybrid::new`], with two shortcuts that spare the search where
    /// it is slowest, on nearly empty large boards: an empty board streams
    /// first an instant pattern solution (see [`pattern_fill`]); and when two
    /// digits appear in no given, swapping them in the first solution gives
    /// a second (every constraint is "all different", which a relabelling
    /// keeps), so counting to two costs one search, not two. Either
    /// solution is skipped when the search finds it later.
    pub(crate) fn with_shortcuts(geo: Arc<Geometry>, values: &[u16], limits: Limits) -> Self {
        let mut h = Self::new(geo, values, limits);
        h.parallel = true;
        let n = h.geo.n();
        let mut used = vec![false; n + 1];
        for &v in values {
            used[v as usize] = true;
        }
        let mut unused = (1..=n as u16).filter(|&d| !used[d as usize]);
        if let (Some(a), Some(b)) = (unused.next(), unused.next()) {
            h.relabel = Some((a, b));
        }
        h.shortcuts.extend(pattern_fill(&h.geo, values));
        h
    }

    /// Streams `v`, queueing its relabelling if that shortcut is unused.
    fn emit(&mut self, v: Vec<u16>) -> bool {
        if let Some((a, b)) = self.relabel.take() {
            let swapped: Vec<u16> = v
                .iter()
                .map(|&d| match d {
                    d if d == a => b,
                    d if d == b => a,
                    d => d,
                })
                .collect();
            if swapped != v {
                self.shortcuts.push(swapped);
            }
        }
        self.last = Some(v);
        true
    }

    /// Forces the CDCL back-end from the start (for tests and benchmarks).
    pub(crate) fn cdcl_only(geo: Arc<Geometry>, values: &[u16], limits: Limits) -> Self {
        let mut h = Self::new(geo, values, limits);
        h.switch_to_cdcl();
        h
    }

    fn switch_to_cdcl(&mut self) {
        let cands = Search::<B>::initial_candidates(&self.geo, &self.givens);
        let mut sat = Race::new(self.geo.clone(), cands, self.limits.clone(), self.parallel);
        for s in &self.found {
            sat.block(s);
        }
        self.found.clear();
        self.cdcl = Some(sat);
    }

    pub(crate) fn advance(&mut self) -> bool {
        if self.exhausted || self.interrupted {
            return false;
        }
        if let Some(v) = self.shortcuts.get(self.shortcuts_streamed).cloned() {
            self.shortcuts_streamed += 1;
            return self.emit(v);
        }
        loop {
            if !self.advance_search() {
                return false;
            }
            let v = self.last.take().expect("a solution");
            if !self.shortcuts.contains(&v) {
                return self.emit(v);
            }
        }
    }

    fn advance_search(&mut self) -> bool {
        self.last = None;
        if self.cdcl.is_none() {
            if self.generic.advance() {
                let v = self.generic.solution_values().unwrap_or_default();
                if self.found.len() < MAX_REMEMBERED {
                    self.found.push(v.clone());
                } else {
                    self.generic.set_guess_budget(u64::MAX);
                }
                self.last = Some(v);
                return true;
            }
            match self.generic.stopped() {
                None => {
                    self.exhausted = true;
                    return false;
                }
                Some(Stop::Interrupted) => {
                    self.interrupted = true;
                    return false;
                }
                Some(Stop::Budget) => self.switch_to_cdcl(),
            }
        }
        let sat = self.cdcl.as_mut().expect("switched");
        match sat.next_model() {
            Ok(Some(v)) => {
                sat.block(&v);
                self.last = Some(v);
                true
            }
            Ok(None) => {
                self.exhausted = true;
                false
            }
            Err(()) => {
                self.interrupted = true;
                false
            }
        }
    }

    pub(crate) fn solution_values(&self) -> Option<Vec<u16>> {
        self.last.clone()
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.generic.guesses() + self.cdcl.as_ref().map_or(0, Race::decisions)
    }

    pub(crate) fn interrupted(&self) -> bool {
        self.interrupted
    }
}
