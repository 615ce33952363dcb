//! A puzzle's rules compiled for the search ([`Model`]): propagators,
//! their tables, root masks, and the unit-aware extras once the geometry
//! is known. Compiling goes through the registry (`registry::compile`);
//! this file runs what was compiled.

use super::kernels;
use super::locked;
use super::mask::{restrict, support, Narrowed, Wipeout};
use super::prop::{Program, Prop, Relation, Tier};
use super::rule::Constraint;
use super::schedule;

/// Every constraint of a puzzle compiled into propagators, plus the masks
/// that hold from the start (parity).
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub(crate) n: usize,
    pub(crate) props: Vec<Prop>,
    pub(crate) tables: Vec<Vec<u64>>,
    /// Per table on boards up to [`LUT_MAX_N`], [`support`] of every mask.
    luts: Vec<Vec<u64>>,
    relations: Vec<Relation>,
    /// Per cell, digits allowed from the start (odd/even).
    pub(crate) root: Vec<u64>,
    pub(crate) constraints: Vec<Constraint>,
    /// Locked candidates over houses and rules, once the geometry is known
    /// ([`Model::share_units`]).
    locked: Option<std::sync::Arc<locked::Locked>>,
    /// Whether [`Model::share_units`] ran.
    shared: bool,
    /// Which propagators watch which cells, once the geometry is known.
    watchers: Option<std::sync::Arc<schedule::Watchers>>,
}

impl Model {
    /// A model of no rules for an N×N board, which
    /// `registry::compile` fills family by family.
    pub(crate) fn empty(n: usize) -> Self {
        Model {
            n,
            props: Vec::new(),
            tables: Vec::new(),
            luts: Vec::new(),
            relations: Vec::new(),
            root: vec![crate::bits::full_mask(n); n * n],
            constraints: Vec::new(),
            locked: None,
            shared: false,
            watchers: None,
        }
    }

    /// Adds a pair propagator for `rel`.
    pub(crate) fn pair(&mut self, a: usize, b: usize, rel: Relation) {
        let n = self.n;
        self.pair_table(a, b, rel, || rel.table(n));
    }

    /// Adds a pair propagator for `rel` whose table (`table[d - 1]`: the
    /// partner digits digit `d` allows; symmetric) `table` builds on first
    /// use.
    pub(crate) fn pair_table(
        &mut self,
        a: usize,
        b: usize,
        rel: Relation,
        table: impl FnOnce() -> Vec<u64>,
    ) {
        let i = match self.relations.iter().position(|&r| r == rel) {
            Some(i) => i,
            None => self.add_table(rel, table()),
        };
        self.props.push(Prop::Pair(a, b, i));
    }

    /// Adds `table` (for `rel`) and its lookup table; returns its index.
    fn add_table(&mut self, rel: Relation, table: Vec<u64>) -> usize {
        let lut = if self.n <= LUT_MAX_N {
            (0..1u64 << self.n).map(|m| support(m, &table)).collect()
        } else {
            Vec::new()
        };
        self.relations.push(rel);
        self.tables.push(table);
        self.luts.push(lut);
        self.tables.len() - 1
    }

    /// Lets the propagators use the board's units where they know how: a
    /// little-killer diagonal is split into runs of cells sharing a unit,
    /// whose digits differ; a pair rule on two cells of one unit also
    /// forbids equal digits; and locked candidates run over the units, the
    /// extra regions and the rules ([`Model::propagate_locked`]).
    pub(crate) fn share_units(&mut self, geo: &crate::geometry::Geometry) {
        if self.shared {
            return;
        }
        self.shared = true;
        let shares = |a: usize, b: usize| {
            let ub = geo.units_of(b);
            geo.units_of(a).iter().any(|u| ub.contains(u))
        };
        // Per table, its copy without equal digits (made on first need).
        let mut unequal: Vec<Option<usize>> = vec![None; self.tables.len()];
        for i in 0..self.props.len() {
            match &mut self.props[i] {
                Prop::LittleKiller { cells, ends, .. }
                | Prop::Arrow {
                    arrow: cells, ends, ..
                } => *ends = kernels::diagonal::groups(cells, geo),
                Prop::Pair(a, b, t) if shares(*a, *b) => {
                    let table = &self.tables[*t];
                    if (0..self.n).any(|d| table[d] >> d & 1 == 1) {
                        let (a, b, old) = (*a, *b, *t);
                        let new = match unequal[old] {
                            Some(t) => t,
                            None => {
                                let mut table = self.tables[old].clone();
                                for (d, m) in table.iter_mut().enumerate() {
                                    *m &= !(1 << d);
                                }
                                let t = self.add_table(self.relations[old], table);
                                unequal[old] = Some(t);
                                t
                            }
                        };
                        self.props[i] = Prop::Pair(a, b, new);
                    }
                }
                _ => {}
            }
        }
        self.locked = locked::Locked::new(geo, &self.program()).map(std::sync::Arc::new);
        self.watchers = Some(std::sync::Arc::new(schedule::Watchers::new(
            geo,
            &self.program(),
        )));
    }

    /// The watch lists of [`Model::share_units`], or built now.
    pub(crate) fn watchers(
        &self,
        geo: &crate::geometry::Geometry,
    ) -> std::sync::Arc<schedule::Watchers> {
        match &self.watchers {
            Some(w) => w.clone(),
            None => std::sync::Arc::new(schedule::Watchers::new(geo, &self.program())),
        }
    }

    /// Locked candidates (see `locked.rs`; `base`: the masks when the
    /// previous pass started, `None` for a full pass); nothing before
    /// [`Model::share_units`].
    pub(crate) fn propagate_locked(&self, cand: &mut [u64], base: Option<&[u64]>) -> Narrowed {
        self.locked
            .as_ref()
            .map_or(Ok(false), |l| l.propagate(cand, base))
    }

    /// Whether the search runs [`Model::propagate_locked`]: built, and
    /// worth its cost on these rules.
    pub(crate) fn has_locked(&self) -> bool {
        self.locked.as_ref().is_some_and(|l| l.pays_in_search())
    }

    /// The compiled rules, as locked candidates and the schedule read them.
    pub(crate) fn program(&self) -> Program<'_> {
        Program {
            n: self.n,
            props: &self.props,
            tables: &self.tables,
            relations: &self.relations,
        }
    }

    /// The pairs of this model's pair propagators, with their tables.
    pub(crate) fn pairs(&self) -> impl Iterator<Item = (usize, usize, &[u64])> {
        self.props.iter().filter_map(|p| match p {
            Prop::Pair(a, b, t) => Some((*a, *b, self.tables[*t].as_slice())),
            _ => None,
        })
    }

    /// The digits that some digit of `m` allows beside it under table `t`
    /// ([`support`], from the lookup table where there is one).
    pub(crate) fn pair_support(&self, t: usize, m: u64) -> u64 {
        match self.luts[t].get(m as usize) {
            Some(&s) => s,
            None => support(m, &self.tables[t]),
        }
    }

    /// Arc consistency on one pair: each digit keeps a partner in the
    /// other cell.
    fn arc_pair(&self, cand: &mut [u64], a: usize, b: usize, t: usize) -> Narrowed {
        let mut changed = restrict(cand, a, self.pair_support(t, cand[b]))?;
        changed |= restrict(cand, b, self.pair_support(t, cand[a]))?;
        Ok(changed)
    }

    /// Runs every propagator until nothing changes.
    pub(crate) fn fixpoint(&self, cand: &mut [u64]) -> Result<(), Wipeout> {
        while self.propagate(cand)? {}
        Ok(())
    }

    /// Runs every propagator once. `Ok(true)` when some mask shrank.
    pub(crate) fn propagate(&self, cand: &mut [u64]) -> Narrowed {
        Ok(self.propagate_tier(cand, false)? | self.propagate_tier(cand, true)?)
    }

    /// Runs the cheap propagators once (`heavy` false) or the costly ones
    /// (sandwich fillings, little killers split by units): the search runs
    /// the costly ones only once the cheap ones and the units settle.
    pub(crate) fn propagate_tier(&self, cand: &mut [u64], heavy: bool) -> Narrowed {
        let mut changed = false;
        for p in self
            .props
            .iter()
            .filter(|p| (p.tier() == Tier::Heavy) == heavy)
        {
            changed |= self.run(p, cand)?;
        }
        Ok(changed)
    }

    /// Runs one propagator once.
    pub(crate) fn run(&self, p: &Prop, cand: &mut [u64]) -> Narrowed {
        Ok(match p {
            Prop::Pair(a, b, t) => self.arc_pair(cand, *a, *b, *t)?,
            Prop::Sum {
                cells,
                sum,
                distinct,
            } => kernels::sum::propagate(cand, cells, *sum, *distinct, self.n)?,
            Prop::Distinct(cells) => kernels::distinct::distinct(cand, cells)?,
            Prop::Unit(cells) => kernels::distinct::unit(cand, cells, self.n)?,
            Prop::Thermo(cells) => kernels::increasing::propagate(cand, cells)?,
            Prop::Arrow {
                circle,
                arrow,
                ends,
            } => kernels::arrow::propagate(cand, circle, arrow, ends)?,
            Prop::Sandwich {
                cells,
                sum,
                fillings,
            } => kernels::sandwich::propagate(cand, cells, *sum, self.n, fillings)?,
            Prop::LittleKiller { cells, ends, sum } => {
                kernels::diagonal::propagate(cand, cells, ends, *sum)?
            }
            Prop::Renban(cells) => kernels::consecutive::propagate(cand, cells, self.n)?,
            Prop::Between(cells) => kernels::between::propagate(cand, cells)?,
            Prop::Family(c, _, own) => own(c, cand, self.n)?,
        })
    }

    /// Runs propagator `i` of [`Model::props`] once.
    pub(crate) fn run_prop(&self, i: usize, cand: &mut [u64]) -> Narrowed {
        self.run(&self.props[i], cand)
    }
}

/// Boards up to this size get a lookup table per pair relation (2^N masks).
const LUT_MAX_N: usize = 12;
