//! The candidate grid.

use std::sync::Arc;

use crate::limits::Limits;

use crate::geometry::{Geometry, Layout, UnitKind};
use crate::grid::Grid;

use super::rules::Rules;
use super::{Cand, Technique};
use crate::constraints::Constraint;

/// Why a candidate grid cannot be built.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CandidatesError {
    #[error("human-style solving supports at most 64 digits, this board has {0}")]
    TooLarge(usize),
    #[error(
        "a candidate state needs one value and one mask per cell: {cells} cells, found {found}"
    )]
    GridCells { cells: usize, found: usize },
}

/// What never changes while solving one board: peers and unit structure.
///
/// The tables depend only on the geometry, so consecutive puzzles on the
/// same geometry share them (building them took about 1 % of rating a
/// hard puzzle). Each board still gets its own `Ctx`: the memos of the
/// techniques are keyed by its address, and reset with each new puzzle.
pub(crate) struct Ctx {
    tables: Arc<Tables>,
}

impl std::ops::Deref for Ctx {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.tables
    }
}

thread_local! {
    /// The tables built last on this thread.
    static LAST_TABLES: std::cell::RefCell<Option<Arc<Tables>>> =
        const { std::cell::RefCell::new(None) };
}

/// Drops this thread's tables (see [`super::forget_thread_memos`]).
pub(super) fn forget_tables() {
    drop(LAST_TABLES.with(std::cell::RefCell::take));
}

impl Ctx {
    fn new(geo: Arc<Geometry>) -> Self {
        let tables = LAST_TABLES.with(|last| {
            let mut last = last.borrow_mut();
            match last.as_ref() {
                Some(t) if Arc::ptr_eq(&t.geo, &geo) || *t.geo == *geo => t.clone(),
                _ => {
                    let t = Arc::new(Tables::new(geo));
                    *last = Some(t.clone());
                    t
                }
            }
        });
        Ctx { tables }
    }
}

impl Ctx {
    /// Whether two contexts share their tables (the same geometry).
    pub fn same_tables(&self, other: &Ctx) -> bool {
        Arc::ptr_eq(&self.tables, &other.tables)
    }
}

/// The tables of a [`Ctx`].
pub(crate) struct Tables {
    pub geo: Arc<Geometry>,
    pub n: usize,
    /// Bit set of each cell's peers (cells sharing a unit), `words` u64s each.
    peer_bits: Vec<u64>,
    words: usize,
    /// Peers of each cell as a list.
    pub peers: Vec<Vec<u32>>,
    /// Rows and columns (unit indices) when the board is a square one.
    pub rows: Vec<u32>,
    pub cols: Vec<u32>,
    /// Unit index of each cell's row, column and box (`u32::MAX` when none).
    pub row_of: Vec<u32>,
    pub col_of: Vec<u32>,
    pub box_of: Vec<u32>,
    /// Pairs of units sharing at least two cells, with the shared cells.
    pub overlaps: Vec<(u32, u32, Vec<u32>)>,
    /// For each overlap, the cells of its first and of its second unit
    /// outside the shared cells.
    pub overlap_rest: Vec<(Vec<u32>, Vec<u32>)>,
    /// For rows (`[0]`) and columns (`[1]`): each line's boxes in order
    /// along the line, with the positions (bit = index along the line) the
    /// line has in that box. Used by finned fish.
    pub line_boxes: [Vec<Vec<(u32, u64)>>; 2],
    /// Peers of each cell as a 128-bit set, for boards of at most 128 cells.
    pub peer128: Option<Vec<u128>>,
    /// For boards of at most 128 cells and 128 units: the cells of each
    /// unit, and the units of each cell, as 128-bit sets (singles
    /// propagation works digit by digit on them).
    pub unit128: Option<(Vec<u128>, Vec<u128>)>,
    /// Box units (indices into units), for square boards.
    pub box_units: Vec<u32>,
    /// For rows (`[0]`) and columns (`[1]`): `[line * boxes + b]` holds the
    /// positions along the line in the `b`-th box of `box_units`.
    pub line_box_inside: [Vec<u64>; 2],
}

impl Tables {
    fn new(geo: Arc<Geometry>) -> Self {
        let cells = geo.cell_count();
        let words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * words];
        let mut peers = vec![Vec::new(); cells];
        for c in 0..cells {
            for &u in geo.units_of(c) {
                for &p in &geo.units()[u as usize].cells {
                    let p = p as usize;
                    if p != c && peer_bits[c * words + p / 64] >> (p % 64) & 1 == 0 {
                        peer_bits[c * words + p / 64] |= 1 << (p % 64);
                        peers[c].push(p as u32);
                    }
                }
            }
        }
        let mut rows = Vec::new();
        let mut cols = Vec::new();
        let none = u32::MAX;
        let (mut row_of, mut col_of, mut box_of) =
            (vec![none; cells], vec![none; cells], vec![none; cells]);
        let square = geo.layout() == Layout::Square;
        for (i, u) in geo.units().iter().enumerate() {
            let target = match u.kind {
                UnitKind::Row if square => {
                    rows.push(i as u32);
                    &mut row_of
                }
                UnitKind::Column if square => {
                    cols.push(i as u32);
                    &mut col_of
                }
                UnitKind::Box | UnitKind::Region if square => &mut box_of,
                _ => continue,
            };
            for &c in &u.cells {
                target[c as usize] = i as u32;
            }
        }
        let mut overlaps = Vec::new();
        let units = geo.units();
        let mut mark = vec![u32::MAX; cells];
        for (a, ua) in units.iter().enumerate() {
            for &c in &ua.cells {
                mark[c as usize] = a as u32;
            }
            for (b, ub) in units.iter().enumerate().skip(a + 1) {
                let shared: Vec<u32> = ub
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| mark[c as usize] == a as u32)
                    .collect();
                if shared.len() >= 2 && shared.len() < ua.cells.len() {
                    overlaps.push((a as u32, b as u32, shared));
                }
            }
        }
        let boxes_along = |lines: &[u32]| -> Vec<Vec<(u32, u64)>> {
            lines
                .iter()
                .map(|&l| {
                    let mut v: Vec<(u32, u64)> = Vec::new();
                    for (i, &x) in units[l as usize].cells.iter().enumerate() {
                        let bx = box_of[x as usize];
                        if bx == u32::MAX || i >= 64 {
                            continue;
                        }
                        match v.iter_mut().find(|(y, _)| *y == bx) {
                            Some((_, m)) => *m |= 1 << i,
                            None => v.push((bx, 1 << i)),
                        }
                    }
                    v
                })
                .collect()
        };
        let line_boxes = [boxes_along(&rows), boxes_along(&cols)];
        let mut box_units: Vec<u32> = box_of.iter().copied().filter(|&b| b != u32::MAX).collect();
        box_units.sort_unstable();
        box_units.dedup();
        let inside_of = |along: &[Vec<(u32, u64)>]| -> Vec<u64> {
            let mut v = vec![0u64; along.len() * box_units.len()];
            for (l, boxes) in along.iter().enumerate() {
                for &(bx, m) in boxes {
                    if let Ok(b) = box_units.binary_search(&bx) {
                        v[l * box_units.len() + b] = m;
                    }
                }
            }
            v
        };
        let line_box_inside = [inside_of(&line_boxes[0]), inside_of(&line_boxes[1])];
        let overlap_rest = overlaps
            .iter()
            .map(|(a, b, shared)| {
                let rest = |u: u32| -> Vec<u32> {
                    units[u as usize]
                        .cells
                        .iter()
                        .copied()
                        .filter(|x| !shared.contains(x))
                        .collect()
                };
                (rest(*a), rest(*b))
            })
            .collect();
        let peer128 = (cells <= 128).then(|| {
            peers
                .iter()
                .map(|ps| ps.iter().fold(0u128, |m, &p| m | 1 << p))
                .collect()
        });
        let unit128 = (cells <= 128 && units.len() <= 128).then(|| {
            let unit_cells = units
                .iter()
                .map(|u| u.cells.iter().fold(0u128, |m, &x| m | 1 << x))
                .collect();
            let cell_units = (0..cells)
                .map(|x| geo.units_of(x).iter().fold(0u128, |m, &u| m | 1 << u))
                .collect();
            (unit_cells, cell_units)
        });
        Tables {
            overlap_rest,
            peer128,
            unit128,
            box_units,
            line_box_inside,
            line_boxes,
            n: geo.n(),
            geo,
            peer_bits,
            words,
            peers,
            rows,
            cols,
            row_of,
            col_of,
            box_of,
            overlaps,
        }
    }

    /// True when two distinct cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] >> (b % 64) & 1 != 0
    }
}

/// The candidate grid: a value or a set of candidates for every cell.
///
/// Built from a [`Grid`] (candidates are the digits no peer holds) or, for 9×9,
/// from a 729-character pencilmark line or a printed candidate grid, which
/// lets a solver resume from any mid-solve state.
#[derive(Clone)]
pub struct Candidates {
    pub(crate) ctx: Arc<Ctx>,
    values: Vec<u16>,
    /// Bit `d - 1` set when digit `d` is a candidate; 0 for filled cells.
    masks: Vec<u64>,
    /// Cells that held a value when the grid was built (the puzzle's
    /// givens), one bit per cell; cells placed later are not in it. Shared:
    /// it never changes after construction.
    given: Arc<[u64]>,
    unique: bool,
    /// The puzzle's constraints beyond units, for the variant techniques.
    rules: Option<Arc<Rules>>,
    /// When the caller's time is up: finders check it in their outer loops
    /// and give up (finding nothing), so a step ends soon after a deadline
    /// however large the board.
    limits: Limits,
    /// Whether finders write [`Step::explanation`](crate::logic::Step):
    /// grading reads only the techniques, and the sentences cost more than
    /// finding the easy steps.
    texts: bool,
    /// Opt-in techniques to search as well (bit `t as usize`), see
    /// [`Candidates::enable`].
    enabled: u128,
}

impl Candidates {
    /// The candidates of a puzzle: every digit not held by a peer.
    ///
    /// ```
    /// use sudokit::{Grid, logic::Candidates};
    /// let g = Grid::from_line(&format!("123{}", ".".repeat(78))).unwrap();
    /// let c = Candidates::from_grid(&g).unwrap();
    /// assert_eq!(c.digits(3), vec![4, 5, 6, 7, 8, 9]);
    /// ```
    pub fn from_grid(grid: &Grid) -> Result<Self, CandidatesError> {
        let mut c = Self::blank(grid.geometry().clone())?;
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                c.place(cell, v);
            }
        }
        c.mark_givens();
        Ok(c)
    }

    /// Records every cell holding a value now as a given.
    fn mark_givens(&mut self) {
        let mut given = vec![0u64; self.values.len().div_ceil(64)];
        for (cell, _) in self.values.iter().enumerate().filter(|(_, &v)| v != 0) {
            given[cell / 64] |= 1 << (cell % 64);
        }
        self.given = given.into();
    }

    /// Records these cells as placed while solving, not given.
    pub(crate) fn unmark_givens(&mut self, cells: &[usize]) {
        let mut given = self.given.to_vec();
        for &cell in cells.iter().filter(|&&c| c < self.values.len()) {
            given[cell / 64] &= !(1 << (cell % 64));
        }
        self.given = given.into();
    }

    fn blank(geo: Arc<Geometry>) -> Result<Self, CandidatesError> {
        let n = geo.n();
        if n > 64 {
            return Err(CandidatesError::TooLarge(n));
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let cells = geo.cell_count();
        Ok(Candidates {
            ctx: Arc::new(Ctx::new(geo)),
            values: vec![0; cells],
            masks: vec![full; cells],
            given: Arc::from([]),
            unique: false,
            rules: None,
            limits: Limits::none(),
            texts: true,
            enabled: 0,
        })
    }

    /// A candidate grid on any board of at most 64 digits: `values` are the
    /// placed digits (`0` = empty), `masks` the candidates of the empty cells
    /// (bit `d - 1` for digit `d`). Placed digits are removed from their
    /// peers whatever the masks say.
    pub fn from_state(
        geo: Arc<Geometry>,
        values: &[u16],
        masks: &[u64],
    ) -> Result<Self, CandidatesError> {
        let mut c = Self::blank(geo)?;
        let cells = c.values.len();
        if values.len() != cells || masks.len() != cells {
            return Err(CandidatesError::GridCells {
                cells,
                found: values.len().min(masks.len()),
            });
        }
        let full = c.masks.first().copied().unwrap_or(0);
        for (m, &given) in c.masks.iter_mut().zip(masks) {
            *m = given & full;
        }
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                c.values[cell] = v;
                c.masks[cell] = 0;
                for &p in &c.ctx.clone().peers[cell] {
                    c.masks[p as usize] &= !(1 << (v - 1));
                }
            }
        }
        c.mark_givens();
        Ok(c)
    }

    /// The 729-character pencilmark line of a 9×9 grid (values as single
    /// candidates), which the reader takes back as this state; `None` on
    /// other boards, for which the format has no layout.
    pub fn to_pencilmarks(&self) -> Option<String> {
        if self.ctx.n != 9 || self.values.len() != 81 {
            return None;
        }
        let mut masks = [0u16; 81];
        for (cell, m) in masks.iter_mut().enumerate() {
            *m = self.mask_or_value(cell) as u16;
        }
        Some(crate::pencil::Pencilmarks::from_masks(masks).to_line())
    }

    /// Why the state has no solution, when that shows without search: an
    /// empty cell without candidates, or a digit without a place in a unit.
    pub fn broken(&self) -> Option<String> {
        let g = &self.ctx.geo;
        if let Some(c) = (0..self.values.len()).find(|&c| self.values[c] == 0 && self.masks[c] == 0)
        {
            return Some(format!("{} without a candidate", g.cell_name(c)));
        }
        let full = u64::MAX >> (64 - self.ctx.n);
        g.units().iter().enumerate().find_map(|(u, unit)| {
            let seen = unit
                .cells
                .iter()
                .fold(0, |a, &c| a | self.mask_or_value(c as usize));
            let missing = full & !seen;
            (missing != 0).then(|| {
                let d = missing.trailing_zeros() + 1;
                format!("no place for {d} in {}", g.unit_name(u))
            })
        })
    }

    fn mask_or_value(&self, cell: usize) -> u64 {
        match self.values[cell] {
            0 => self.masks[cell],
            v => 1 << (v - 1),
        }
    }

    /// A printed candidate grid: every cell shows its value or candidates,
    /// columns aligned, boxes separated.
    pub fn to_grid_text(&self) -> String {
        let g = &self.ctx.geo;
        let n = self.ctx.n;
        let shape = g.box_shape();
        let text_of = |cell: usize| -> String {
            let m = self.mask_or_value(cell);
            let digits: Vec<String> = (0..n)
                .filter(|k| m >> k & 1 != 0)
                .map(|k| (k + 1).to_string())
                .collect();
            let sep = if n > 9 { "," } else { "" };
            if digits.is_empty() {
                "-".into()
            } else {
                digits.join(sep)
            }
        };
        let layers = self.values.len() / (n * n);
        let mut out = String::new();
        for layer in 0..layers {
            let base = layer * n * n;
            let mut width = vec![1; n];
            for cell in 0..n * n {
                width[cell % n] = width[cell % n].max(text_of(base + cell).len());
            }
            let rule: String = (0..n)
                .map(|c| {
                    let mut s = "-".repeat(width[c] + 1);
                    if c % shape.cols == shape.cols - 1 && c + 1 < n {
                        s.push_str("-+");
                    }
                    s
                })
                .collect();
            for r in 0..n {
                if r > 0 && r % shape.rows == 0 {
                    out.push_str(&rule);
                    out.push('\n');
                }
                let mut line = String::new();
                for (c, w) in width.iter().enumerate() {
                    let t = text_of(base + r * n + c);
                    line.push_str(&format!(" {t:<w$}"));
                    if c % shape.cols == shape.cols - 1 && c + 1 < n {
                        line.push_str(" |");
                    }
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
            if layer + 1 < layers {
                out.push('\n');
            }
        }
        out
    }

    /// The board.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.ctx.geo
    }
    /// Values, `0` for unsolved cells.
    pub fn values(&self) -> &[u16] {
        &self.values
    }
    /// The values as a [`Grid`].
    pub fn to_grid(&self) -> Grid {
        Grid::new(self.ctx.geo.clone(), self.values.clone())
    }
    /// Every cell's candidate mask (0 for filled cells), in cell order.
    pub(crate) fn masks(&self) -> &[u64] {
        &self.masks
    }
    /// Candidate mask of a cell: bit `d - 1` for digit `d`; 0 when solved.
    #[inline]
    pub fn mask(&self, cell: usize) -> u64 {
        self.masks[cell]
    }
    /// Each digit's candidate cells as one set (`[d - 1]`, empty cells
    /// only): the bit-set view the techniques for boards of at most 128
    /// cells work on.
    #[inline]
    pub(crate) fn digit_cells(&self) -> Vec<u128> {
        debug_assert!(self.cell_count() <= 128);
        let mut out = vec![0u128; self.ctx.n];
        for (x, &m) in self.masks.iter().enumerate() {
            for d in bits(m) {
                out[d] |= 1 << x;
            }
        }
        out
    }
    /// Candidates of a cell, ascending.
    pub fn digits(&self, cell: usize) -> Vec<u16> {
        bits(self.masks[cell]).map(|d| d as u16 + 1).collect()
    }
    #[inline]
    pub fn has(&self, cell: usize, digit: u16) -> bool {
        self.masks[cell] >> (digit - 1) & 1 != 0
    }
    /// Whether uniqueness techniques may be used: never with constraints,
    /// since swapping two digits of a deadly pattern may break a cage or a
    /// line, so the pattern no longer implies a second solution.
    pub fn unique(&self) -> bool {
        self.unique && self.rules.is_none()
    }
    /// Declares the puzzle's constraints beyond units (cages, lines,
    /// dots…): the variant techniques reason on them and the brute-force
    /// step honours them. An empty list removes them.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// use sudokit::{logic, Grid};
    /// let g = Grid::from_line(&".".repeat(81)).unwrap();
    /// let mut c = logic::Candidates::from_grid(&g).unwrap();
    /// c.set_constraints(&[Constraint::Cage { sum: Some(3), cells: vec![0, 1] }]);
    /// let step = logic::next_step(&c).unwrap();
    /// assert_eq!(step.technique.name(), "Cage Combination");
    /// assert_eq!(step.eliminations.len(), 14); // 3..9 leave r1c1 and r1c2
    /// ```
    pub fn set_constraints(&mut self, constraints: &[Constraint]) {
        self.rules =
            (!constraints.is_empty()).then(|| Arc::new(Rules::new(self.ctx.n, constraints)));
    }
    /// The constraints set with [`Candidates::set_constraints`].
    pub fn constraints(&self) -> &[Constraint] {
        self.rules
            .as_ref()
            .map_or(&[], |r| r.constraints.as_slice())
    }
    pub(crate) fn rules(&self) -> Option<&Rules> {
        self.rules.as_deref()
    }
    /// Declares the puzzle known to have exactly one solution, which enables
    /// unique rectangles and BUG+1. Only the caller can know this (for
    /// example from [`crate::solve::uniqueness`]).
    pub fn set_unique(&mut self, unique: bool) {
        self.unique = unique;
    }
    /// Bounds the work of every technique finder on this state (and on the
    /// copies finders make of it): once `limits` expire, finders find
    /// nothing, so [`crate::logic::next_step`] returns `None` soon after;
    /// the caller tells this apart from "no step" with
    /// [`Candidates::out_of_time`].
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }
    /// Whether steps found on this state (and on the copies finders make of
    /// it) carry their [`Step::explanation`](crate::logic::Step): on by
    /// default. Off, every explanation is empty and the steps are otherwise
    /// the same, which is all grading needs.
    ///
    /// ```
    /// use sudokit::{Grid, logic::{self, Candidates}};
    /// let g = Grid::from_line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").unwrap();
    /// let mut c = Candidates::from_grid(&g).unwrap();
    /// let with = logic::next_step(&c).unwrap();
    /// c.set_texts(false);
    /// let without = logic::next_step(&c).unwrap();
    /// assert!(!with.explanation.is_empty() && without.explanation.is_empty());
    /// assert_eq!((with.technique, &with.eliminations), (without.technique, &without.eliminations));
    /// ```
    pub fn set_texts(&mut self, texts: bool) {
        self.texts = texts;
    }
    /// Whether steps carry explanations ([`Candidates::set_texts`]).
    #[inline]
    pub fn texts(&self) -> bool {
        self.texts
    }
    /// Searches technique `t` too when it is one of those off by default
    /// ([`Technique::opt_ins`], HoDoKu's Death Blossom say); the others are
    /// always searched.
    ///
    /// ```
    /// use sudokit::{Grid, logic::{self, Candidates, Technique}};
    /// let g = Grid::from_line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").unwrap();
    /// let mut c = Candidates::from_grid(&g).unwrap();
    /// assert!(!c.is_enabled(Technique::TemplateDelete));
    /// c.enable(Technique::TemplateDelete);
    /// assert!(c.is_enabled(Technique::TemplateDelete));
    /// ```
    pub fn enable(&mut self, t: Technique) {
        self.enabled |= 1 << (t as usize);
    }
    /// Whether technique `t` is searched: on by default or enabled with
    /// [`Candidates::enable`].
    pub fn is_enabled(&self, t: Technique) -> bool {
        t.row().default || self.enabled >> (t as usize) & 1 != 0
    }
    /// Whether the limits set with [`Candidates::set_limits`] have expired.
    pub fn out_of_time(&self) -> bool {
        self.limits.expired()
    }
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
    /// True when some empty cell has no candidate left or some unit cannot
    /// place some digit: no solution from here.
    pub fn is_broken(&self) -> bool {
        self.broken().is_some()
    }

    /// Places `digit` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: usize, digit: u16) {
        self.values[cell] = digit;
        self.masks[cell] = 0;
        let bit = !(1u64 << (digit - 1));
        // Borrow the fields apart: no reference count traffic on the hot path.
        let (ctx, masks) = (&self.ctx, &mut self.masks);
        for &p in &ctx.peers[cell] {
            masks[p as usize] &= bit;
        }
    }
    /// Whether `cell` held its value when this grid was built (a given),
    /// rather than being placed since. Avoidable rectangles need the
    /// difference: only placed cells may form their pattern.
    ///
    /// ```
    /// use sudokit::{Grid, logic::Candidates};
    /// let g = Grid::from_line(&format!("1{}", ".".repeat(80))).unwrap();
    /// let mut c = Candidates::from_grid(&g).unwrap();
    /// c.place(1, 2);
    /// assert!(c.is_given(0) && !c.is_given(1) && !c.is_given(2));
    /// ```
    pub fn is_given(&self, cell: usize) -> bool {
        self.given
            .get(cell / 64)
            .is_some_and(|w| w >> (cell % 64) & 1 == 1)
    }
    /// Removes a candidate.
    pub fn eliminate(&mut self, cell: usize, digit: u16) {
        self.masks[cell] &= !(1u64 << (digit - 1));
    }
    /// Every candidate, in cell order.
    pub fn all(&self) -> Vec<Cand> {
        let mut v = Vec::new();
        for (cell, &m) in self.masks.iter().enumerate() {
            for d in bits(m) {
                v.push(Cand::new(cell, d as u16 + 1));
            }
        }
        v
    }
    pub(crate) fn cell_count(&self) -> usize {
        self.values.len()
    }
    /// Cells of unit `u` holding candidate `digit`, in the unit's order.
    pub(crate) fn places(&self, u: usize, digit: u16) -> Places {
        let mut p = Places {
            cells: [0; 64],
            len: 0,
        };
        for &x in &self.ctx.geo.units()[u].cells {
            // A unit holds each digit once: at most 64 places (`get_mut`
            // only keeps a malformed unit from panicking).
            if let Some(slot) = p
                .cells
                .get_mut(p.len)
                .filter(|_| self.has(x as usize, digit))
            {
                *slot = x;
                p.len += 1;
            }
        }
        p
    }
    /// Name of a cell, `r3c5`.
    pub(crate) fn cn(&self, cell: usize) -> String {
        self.ctx.geo.cell_name(cell)
    }
    /// Name of a unit, `box 5`.
    pub(crate) fn un(&self, u: usize) -> String {
        self.ctx.geo.unit_name(u)
    }
}

/// The places of a digit in a unit ([`Candidates::places`]): a slice
/// without allocating (the finders ask for them in their inner loops).
#[derive(Clone, Copy)]
pub(crate) struct Places {
    cells: [u32; 64],
    len: usize,
}

impl std::ops::Deref for Places {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.cells[..self.len]
    }
}

/// The set bits of a cell set of a board of up to 128 cells, ascending.
#[inline]
pub(crate) fn cells128(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            x
        })
    })
}

/// The set bits of a mask, ascending (0-based digits).
#[inline]
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(d)
        }
    })
}
