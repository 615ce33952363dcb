//! Constraints beyond units: killer cages, thermometers, arrows, dots, lines…
//!
//! A [`Constraint`] is a rule on some cells of a square board, on top of the
//! board's units (rows, columns, boxes and the unit variants of
//! [`crate::Geometry`]). Each family lives in its own file with two parts:
//! a *propagator* that narrows candidate masks (bit `d - 1` for digit `d`)
//! by bounds or combination reasoning, and a `satisfied` check on a full
//! grid. The propagators are allowed to be incomplete: the search
//! (`search`) checks every constraint on each complete grid before calling
//! it a solution, so a weak propagator costs speed, never correctness.
//! `Engine::Learning` takes these puzzles to the clause-learning solver
//! instead (`learning.rs`), with the same final check.
//!
//! Cells are indices `row * N + column` (0-based); the text form names them
//! `r1c1` ([`Constraint::parse`], [`Constraint::to_directive`]).
//!
//! ```
//! use sudokit::constraints::Constraint;
//! use sudokit::{Options, Puzzle};
//! // A 4×4 with one killer cage: r1c1 + r1c2 = 5, and a thermometer.
//! let mut p: Puzzle = ".".repeat(16).parse().unwrap();
//! p.add_constraint(Constraint::parse("cage", "5 r1c1 r1c2", 4).unwrap());
//! p.add_constraint(Constraint::parse("thermo", "r1c1 r2c1 r3c1", 4).unwrap());
//! let s = p.solve(&Options::default()).unwrap();
//! assert_eq!(s.get(0) + s.get(1), 5);
//! assert!(s.get(0) < s.get(4) && s.get(4) < s.get(8));
//! ```

mod arrow;
mod between;
mod clone;
mod dutch_whisper;
mod entropic;
mod extremum;
pub(crate) mod family;
mod killer;
mod kropki;
pub(crate) mod learning;
mod little_killer;
mod locked;
mod modular;
mod neighbours;
mod palindrome;
mod parity;
pub(crate) mod portfolio;
mod quadruple;
mod region;
mod region_sum;
pub(crate) mod registry;
mod renban;
mod sandwich;
mod schedule;
pub(crate) mod search;
mod skyscraper;
mod text;
mod thermo;
mod whisper;
mod xsum;
mod xv;
mod zipper;

#[cfg(feature = "serde")]
pub(crate) use dutch_whisper::fpuzzles_gap as dutch_gap;
pub use family::Clue;
pub use registry::directive_keys;
pub use search::TrueCandidates;

/// Whether `key` names a constraint directive; `bare` when the line had no
/// colon (only board-wide rules such as `anti-knight` stand alone).
pub(crate) fn is_directive_key(key: &str, bare: bool) -> bool {
    registry::is_key(key, bare)
}

/// Reads one directive for an N×N board; on failure the byte offset into
/// `value` where the trouble starts, and a message.
pub(crate) fn parse_directive(
    key: &str,
    value: &str,
    n: usize,
) -> Result<Constraint, (usize, String)> {
    registry::parse(key, value, n).map_err(|e| (e.at.min(value.len()), e.message))
}

/// A row or a column of the board (0-based index), for sandwich clues.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Line {
    Row(usize),
    Column(usize),
}

impl Line {
    /// The line's cells in order (left to right, top to bottom).
    pub fn cells(self, n: usize) -> Vec<usize> {
        match self {
            Line::Row(r) => (0..n).map(|c| r * n + c).collect(),
            Line::Column(c) => (0..n).map(|r| r * n + c).collect(),
        }
    }
}

/// The direction a little-killer diagonal runs from its first cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    DownRight,
    DownLeft,
    UpRight,
    UpLeft,
}

impl Direction {
    /// Row and column steps.
    fn steps(self) -> (isize, isize) {
        match self {
            Direction::DownRight => (1, 1),
            Direction::DownLeft => (1, -1),
            Direction::UpRight => (-1, 1),
            Direction::UpLeft => (-1, -1),
        }
    }

    /// The cells from `start` to the board's edge in this direction.
    pub fn cells_from(self, start: usize, n: usize) -> Vec<usize> {
        let (dr, dc) = self.steps();
        let (mut r, mut c) = ((start / n) as isize, (start % n) as isize);
        let mut out = Vec::new();
        while (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
            out.push(r as usize * n + c as usize);
            r += dr;
            c += dc;
        }
        out
    }
}

/// One rule on top of the units. See the module docs for the cell numbering.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Constraint {
    /// Killer cage: no digit twice; the digits sum to `sum` when given.
    Cage { sum: Option<u32>, cells: Vec<usize> },
    /// Thermometer from the bulb: digits strictly increase along the line.
    Thermo(Vec<usize>),
    /// Arrow: the digits on the arrow sum to the circle's number. A circle
    /// of several cells reads as a decimal number (two cells `1`, `2`: 12).
    Arrow {
        circle: Vec<usize>,
        arrow: Vec<usize>,
    },
    /// White dot: the two digits differ by 1.
    KropkiWhite(usize, usize),
    /// Black dot: one digit is twice the other.
    KropkiBlack(usize, usize),
    /// Every dot is given: orthogonal neighbours without a dot are neither
    /// consecutive nor in ratio 2.
    KropkiAll,
    /// Every white dot is given: orthogonal neighbours without a dot (of
    /// either colour) are not consecutive (f-puzzles' `negative:
    /// ["difference"]`, or its non-consecutive rule on a board with dots).
    KropkiWhiteAll,
    /// Every black dot is given: orthogonal neighbours without a dot (of
    /// either colour) are not in ratio 2 (f-puzzles' `negative: ["ratio"]`).
    KropkiBlackAll,
    /// X: the two digits sum to 10.
    X(usize, usize),
    /// V: the two digits sum to 5.
    V(usize, usize),
    /// Every X and V is given: orthogonal neighbours without one sum to
    /// neither 10 nor 5.
    XvAll,
    /// The digits between 1 and N in this row or column sum to `sum`.
    Sandwich { line: Line, sum: u32 },
    /// The digits on the diagonal from `start` in `direction` sum to `sum`
    /// (repeats allowed where the units allow them).
    LittleKiller {
        sum: u32,
        start: usize,
        direction: Direction,
    },
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart (diagonal touch included) differ.
    AntiKing,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
    /// These cells hold odd digits.
    Odd(Vec<usize>),
    /// These cells hold even digits.
    Even(Vec<usize>),
    /// German whispers: neighbours on the line differ by at least
    /// [`whisper_gap`] (5 on 9×9).
    Whisper(Vec<usize>),
    /// Renban: the line holds a set of consecutive digits, no repeats.
    Renban(Vec<usize>),
    /// The line reads the same from either end.
    Palindrome(Vec<usize>),
    /// Between line: the digits strictly between the two ends lie strictly
    /// between the ends' digits.
    Between(Vec<usize>),
    /// Extra region: no repeats (and every digit once when it has N cells).
    Region(Vec<usize>),
    /// A rule of a family that keeps its clue as numbers and cells
    /// (minimum/maximum, quadruples, X-sums, skyscrapers, zipper, entropic
    /// and modular lines, Dutch whispers, clones): see [`Clue`].
    Clue(Clue),
}

/// The smallest difference between neighbours on a German whisper line:
/// 5 for N = 9, generally ⌈N/2⌉, so that (as on 9×9) the middle digit has
/// no partner and the low and high halves alternate.
///
/// ```
/// assert_eq!(sudokit::constraints::whisper_gap(9), 5);
/// assert_eq!(sudokit::constraints::whisper_gap(6), 3);
/// ```
pub fn whisper_gap(n: usize) -> u32 {
    n.div_ceil(2) as u32
}

/// Why a propagator gave up: the masks admit no solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Wipeout;

/// The result of a propagator: whether any mask changed.
pub(crate) type Narrowed = Result<bool, Wipeout>;

/// Intersects `cand[cell]` with `keep`; an empty result is a wipe-out.
#[inline]
pub(crate) fn restrict(cand: &mut [u64], cell: usize, keep: u64) -> Narrowed {
    let old = cand[cell];
    let new = old & keep;
    if new == 0 {
        return Err(Wipeout);
    }
    cand[cell] = new;
    Ok(new != old)
}

/// Bit of digit `d` (1-based).
#[inline]
pub(crate) fn bit(d: u32) -> u64 {
    1u64 << (d - 1)
}

/// Smallest digit of a non-empty mask.
#[inline]
pub(crate) fn lo(m: u64) -> u32 {
    m.trailing_zeros() + 1
}

/// Largest digit of a non-empty mask.
#[inline]
pub(crate) fn hi(m: u64) -> u32 {
    64 - m.leading_zeros()
}

/// Digits `a..=b` as a mask (empty when `a > b`; clipped to 1..=64).
#[inline]
pub(crate) fn range(a: i64, b: i64) -> u64 {
    let a = a.max(1);
    let b = b.min(64);
    if a > b {
        return 0;
    }
    let upto = |k: i64| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
    upto(b) & !upto(a - 1)
}

/// The digits of a mask, ascending.
pub(crate) fn digits(mut m: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() + 1;
            m &= m - 1;
            d
        })
    })
}

/// Orthogonally adjacent pairs `(a, b)` with `a < b` of an N×N board.
pub(crate) fn orthogonal_pairs(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = r * n + c;
            if c + 1 < n {
                out.push((a, a + 1));
            }
            if r + 1 < n {
                out.push((a, a + n));
            }
        }
    }
    out
}

impl Constraint {
    /// Every cell this constraint names (empty for board-wide rules).
    pub fn cells(&self, n: usize) -> Vec<usize> {
        self.family().cells(self, n)
    }

    /// Whether the rule can still hold with the filled cells of `values`
    /// (0 = empty, any digit 1–`n` there): false once the digits placed
    /// break it already, e.g. a part-filled cage over its sum or with a digit
    /// twice, a thermometer going down. Judged by the rule's own propagation
    /// alone (units and other rules aside), so `true` does not promise a
    /// completion; `false` is certain.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// let cage = Constraint::Cage { cells: vec![0, 1, 2], sum: Some(6) };
    /// assert!(cage.may_hold(&[1, 2, 0, 0], 4, &[]));
    /// assert!(!cage.may_hold(&[4, 3, 0, 0], 4, &[]));
    /// assert!(!cage.may_hold(&[2, 2, 0, 0], 4, &[]));
    /// ```
    pub fn may_hold(&self, values: &[u16], n: usize, all: &[Constraint]) -> bool {
        if n > 64 || self.validate(n).is_err() {
            return true;
        }
        let full = crate::bits::full_mask(n);
        let mut cand: Vec<u64> = values
            .iter()
            .map(|&v| match v {
                0 => full,
                v if (v as usize) <= n => 1 << (v - 1),
                _ => 0,
            })
            .collect();
        let model = Model::of_one(n, self, all);
        for (c, r) in cand.iter_mut().zip(&model.root) {
            *c &= r;
        }
        cand.iter().all(|&m| m != 0) && model.fixpoint(&mut cand).is_ok()
    }

    /// Whether a complete grid (`values[c]` in `1..=N`, row-major) obeys
    /// the rule. `all` is every constraint of the puzzle: the negative
    /// rules ([`Constraint::KropkiAll`], [`Constraint::XvAll`]) need to know
    /// which pairs carry a dot.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// let thermo = Constraint::Thermo(vec![0, 1]);
    /// assert!(thermo.satisfied(&[1, 2, 2, 1], 2, &[]));
    /// assert!(!thermo.satisfied(&[2, 1, 1, 2], 2, &[]));
    /// ```
    pub fn satisfied(&self, values: &[u16], n: usize, all: &[Constraint]) -> bool {
        self.family().satisfied(self, values, n, all)
    }

    /// Checks the cells are on an N×N board and the clue makes sense
    /// (lines of adjacent cells where the rule reads along a line).
    pub fn validate(&self, n: usize) -> Result<(), String> {
        text::validate(self, n)
    }
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
    /// family builds ([`Model::pair_table`]).
    Family(&'static str, i64),
}

impl Relation {
    fn holds(self, a: u32, b: u32, n: usize) -> bool {
        match self {
            Relation::Differ => a != b,
            Relation::Equal => a == b,
            Relation::KropkiWhite => kropki::white(a, b),
            Relation::KropkiBlack => kropki::black(a, b),
            Relation::NoKropki => !kropki::white(a, b) && !kropki::black(a, b),
            Relation::NoKropkiBlack => !kropki::black(a, b),
            Relation::SumX => a + b == 10,
            Relation::SumV => a + b == 5,
            Relation::NoXv => !xv::either(a, b),
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
    /// (one cell per run until [`Model::share_units`]).
    Arrow {
        circle: Vec<usize>,
        arrow: Vec<usize>,
        ends: Vec<usize>,
    },
    Sandwich {
        cells: Vec<usize>,
        sum: u32,
        /// [`sandwich::fillings`] of `sum`.
        fillings: Vec<Vec<u64>>,
    },
    /// A little-killer diagonal; `ends` closes each run of cells that share
    /// a unit (one cell per run until [`Model::share_units`]).
    LittleKiller {
        cells: Vec<usize>,
        ends: Vec<usize>,
        sum: u32,
    },
    Renban(Vec<usize>),
    Between(Vec<usize>),
    /// A rule with its own propagator ([`family::Family::propagate`]),
    /// and the cells it reads and narrows.
    Family(Constraint, Vec<usize>),
}

impl Prop {
    /// When this propagator runs in a propagation round
    /// ([`schedule::Tier`]).
    fn tier(&self) -> schedule::Tier {
        use schedule::Tier;
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
    fn idempotent(&self) -> bool {
        match self {
            Prop::Pair(..) => true,
            Prop::LittleKiller { cells, ends, sum } => {
                ends.len() < cells.len() && *sum <= little_killer::MAX_SUM
            }
            _ => false,
        }
    }

    /// The cells this propagator reads and narrows.
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
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
            | Prop::Family(_, cells) => (cells, &[]),
            Prop::Arrow { circle, arrow, .. } => (circle, arrow),
        };
        a.iter().chain(b).copied()
    }
}

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
    /// Compiles `constraints` for an N×N board.
    pub(crate) fn new(n: usize, constraints: &[Constraint]) -> Self {
        let full = crate::bits::full_mask(n);
        let mut m = Model {
            n,
            props: Vec::new(),
            tables: Vec::new(),
            luts: Vec::new(),
            relations: Vec::new(),
            root: vec![full; n * n],
            constraints: constraints.to_vec(),
            locked: None,
            shared: false,
            watchers: None,
        };
        for c in constraints {
            m.compile(c, constraints);
        }
        m
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

    fn compile(&mut self, c: &Constraint, all: &[Constraint]) {
        c.family().compile(c, self, all);
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
                } => *ends = little_killer::groups(cells, geo),
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
        self.locked = locked::Locked::new(geo, self).map(std::sync::Arc::new);
        self.watchers = Some(std::sync::Arc::new(schedule::Watchers::new(geo, self)));
    }

    /// The watch lists of [`Model::share_units`], or built now.
    pub(crate) fn watchers(
        &self,
        geo: &crate::geometry::Geometry,
    ) -> std::sync::Arc<schedule::Watchers> {
        match &self.watchers {
            Some(w) => w.clone(),
            None => std::sync::Arc::new(schedule::Watchers::new(geo, self)),
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

    /// One constraint alone (`all` is every constraint of the puzzle, for
    /// the negative rules): the human-style steps explain one constraint at
    /// a time.
    pub(crate) fn of_one(n: usize, c: &Constraint, all: &[Constraint]) -> Self {
        let mut m = Model::new(n, &[]);
        m.compile(c, all);
        m.constraints = vec![c.clone()];
        m
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
            .filter(|p| (p.tier() == schedule::Tier::Heavy) == heavy)
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
            } => killer::propagate(cand, cells, *sum, *distinct, self.n)?,
            Prop::Distinct(cells) => region::distinct(cand, cells)?,
            Prop::Unit(cells) => region::unit(cand, cells, self.n)?,
            Prop::Thermo(cells) => thermo::propagate(cand, cells)?,
            Prop::Arrow {
                circle,
                arrow,
                ends,
            } => arrow::propagate(cand, circle, arrow, ends)?,
            Prop::Sandwich {
                cells,
                sum,
                fillings,
            } => sandwich::propagate(cand, cells, *sum, self.n, fillings)?,
            Prop::LittleKiller { cells, ends, sum } => {
                little_killer::propagate(cand, cells, ends, *sum)?
            }
            Prop::Renban(cells) => renban::propagate(cand, cells, self.n)?,
            Prop::Between(cells) => between::propagate(cand, cells)?,
            Prop::Family(c, _) => c.family().propagate(c, cand, self.n)?,
        })
    }

    /// Runs propagator `i` of [`Model::props`] once.
    pub(crate) fn run_prop(&self, i: usize, cand: &mut [u64]) -> Narrowed {
        self.run(&self.props[i], cand)
    }

    /// Whether the complete grid `values` obeys every constraint.
    pub(crate) fn satisfied(&self, values: &[u16]) -> bool {
        self.constraints
            .iter()
            .all(|c| c.satisfied(values, self.n, &self.constraints))
    }
}

/// The digits of `table`'s relation compatible with some digit of `m`.
pub(crate) fn support(m: u64, table: &[u64]) -> u64 {
    digits(m).fold(0, |acc, d| acc | table[d as usize - 1])
}

/// A sum over `cells` (distinct digits or not) narrowed by the cage
/// reasoning: for the rule of 45's innies and outies.
pub(crate) fn narrow_sum(cand: &mut [u64], cells: &[usize], sum: u32, distinct: bool) -> Narrowed {
    killer::propagate(cand, cells, sum, distinct, 0)
}

/// Boards up to this size get a lookup table per pair relation (2^N masks).
const LUT_MAX_N: usize = 12;
