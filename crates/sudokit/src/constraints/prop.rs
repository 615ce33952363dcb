//! What a rule compiles into: pair relations and the propagator shapes
//! ([`Prop`]) that the model runs and the learning solver and locked
//! candidates read.

use super::kernels::diagonal;
use super::mask::{bit, Narrowed};
use super::rule::{whisper_gap, Constraint};

/// When a propagator runs in a round: cheap tables and orderings first,
/// then the board's units, then sums (which narrow more once the units have
/// settled their cells), then the costly ones.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tier {
    First,
    Unit,
    AfterUnits,
    Heavy,
}

/// The propagator of a [`Prop::Family`]: narrows `cand` for the rule on an
/// N×N board. A function pointer, so that the model runs a family's own
/// propagator without knowing the family.
pub(crate) type OwnPropagator = fn(&Constraint, &mut [u64], usize) -> Narrowed;

/// Kropki's white dot: the digits differ by 1.
pub(crate) fn white(a: u32, b: u32) -> bool {
    a.abs_diff(b) == 1
}

/// Kropki's black dot: one digit is twice the other.
pub(crate) fn black(a: u32, b: u32) -> bool {
    a == 2 * b || b == 2 * a
}

/// An X or a V: the digits sum to 10 or to 5.
pub(crate) fn either(a: u32, b: u32) -> bool {
    a + b == 10 || a + b == 5
}

/// Pairwise relations, as tables: `table[d - 1]` is the mask of partner
/// digits compatible with digit `d`. Every relation used here is symmetric.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Relation {
    Differ,
    Equal,
    KropkiWhite,
    KropkiBlack,
    NoKropki,
    NoKropkiBlack,
    SumX,
    SumV,
    NoXv,
    NotConsecutive,
    Whisper,
    /// A family's own relation (its key and parameter), whose table the
    /// family builds (`Model::pair_table`).
    Family(&'static str, i64),
}

impl Relation {
    fn holds(self, a: u32, b: u32, n: usize) -> bool {
        match self {
            Relation::Differ => a != b,
            Relation::Equal => a == b,
            Relation::KropkiWhite => white(a, b),
            Relation::KropkiBlack => black(a, b),
            Relation::NoKropki => !white(a, b) && !black(a, b),
            Relation::NoKropkiBlack => !black(a, b),
            Relation::SumX => a + b == 10,
            Relation::SumV => a + b == 5,
            Relation::NoXv => !either(a, b),
            Relation::NotConsecutive => a.abs_diff(b) != 1,
            Relation::Whisper => a.abs_diff(b) >= whisper_gap(n),
            // Never asked: the family hands over its table.
            Relation::Family(..) => true,
        }
    }

    pub(crate) fn table(self, n: usize) -> Vec<u64> {
        (1..=n as u32)
            .map(|a| {
                (1..=n as u32)
                    .filter(|&b| self.holds(a, b, n))
                    .fold(0, |m, b| m | bit(b))
            })
            .collect()
    }
}

/// A constraint compiled for the search: the pieces each family's
/// propagator works on.
#[derive(Clone, Debug)]
pub(crate) enum Prop {
    /// Two cells in a relation (index into the model's tables).
    Pair(usize, usize, usize),
    Sum {
        cells: Vec<usize>,
        sum: u32,
        distinct: bool,
    },
    Distinct(Vec<usize>),
    Unit(Vec<usize>),
    Thermo(Vec<usize>),
    /// An arrow; `ends` closes each run of arrow cells that share a unit
    /// (one cell per run until `Model::share_units`).
    Arrow {
        circle: Vec<usize>,
        arrow: Vec<usize>,
        ends: Vec<usize>,
    },
    Sandwich {
        cells: Vec<usize>,
        sum: u32,
        /// `kernels::sandwich::fillings` of `sum`.
        fillings: Vec<Vec<u64>>,
    },
    /// A little-killer diagonal; `ends` closes each run of cells that share
    /// a unit (one cell per run until `Model::share_units`).
    LittleKiller {
        cells: Vec<usize>,
        ends: Vec<usize>,
        sum: u32,
    },
    Renban(Vec<usize>),
    Between(Vec<usize>),
    /// A rule with its own propagator (its family's `Family::propagate`,
    /// handed over when it compiled), and the cells it reads and narrows.
    Family(Constraint, Vec<usize>, OwnPropagator),
}

impl Prop {
    /// When this propagator runs in a propagation round
    /// (`Tier`).
    pub(crate) fn tier(&self) -> Tier {
        match self {
            Prop::Sandwich { fillings, .. } if !fillings.is_empty() => Tier::Heavy,
            Prop::LittleKiller { cells, ends, .. }
            | Prop::Arrow {
                arrow: cells, ends, ..
            } if ends.len() < cells.len() => Tier::Heavy,
            Prop::Sum { .. }
            | Prop::Sandwich { .. }
            | Prop::LittleKiller { .. }
            | Prop::Family(..) => Tier::AfterUnits,
            _ => Tier::First,
        }
    }

    /// Whether one run leaves nothing for a second run to narrow: pairs
    /// (arc consistency) and little killers split by units (each digit kept
    /// belongs to a whole assignment of kept digits).
    pub(crate) fn idempotent(&self) -> bool {
        match self {
            Prop::Pair(..) => true,
            Prop::LittleKiller { cells, ends, sum } => {
                ends.len() < cells.len() && *sum <= diagonal::MAX_SUM
            }
            _ => false,
        }
    }

    /// The cells this propagator reads and narrows.
    pub(crate) fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        let (a, b): (&[usize], &[usize]) = match self {
            Prop::Pair(a, b, _) => {
                return std::slice::from_ref(a)
                    .iter()
                    .chain(std::slice::from_ref(b))
                    .copied()
            }
            Prop::Sum { cells, .. }
            | Prop::Distinct(cells)
            | Prop::Unit(cells)
            | Prop::Thermo(cells)
            | Prop::Sandwich { cells, .. }
            | Prop::LittleKiller { cells, .. }
            | Prop::Renban(cells)
            | Prop::Between(cells)
            | Prop::Family(_, cells, _) => (cells, &[]),
            Prop::Arrow { circle, arrow, .. } => (circle, arrow),
        };
        a.iter().chain(b).copied()
    }
}

/// The compiled rules as locked candidates and the propagation schedule
/// read them: the propagators, and the pair tables with their relations.
pub(crate) struct Program<'a> {
    pub(crate) n: usize,
    pub(crate) props: &'a [Prop],
    pub(crate) tables: &'a [Vec<u64>],
    pub(crate) relations: &'a [Relation],
}
