//! The number of grids of a variant, by first-band classes: the engine
//! behind `count::disjoint`, `count::diagonals` and `count::windows`.
//!
//! Every grid has exactly one relabelling of its digits that makes the first
//! row read `1 2 … N`, and every variant here is closed under relabelling, so
//!
//! ```text
//! grids = N! · Σ over first bands F with that first row of  M(F)
//! ```
//!
//! with `M(F)` the number of ways to fill the other bands under `F`. A
//! [`Family`] gives the variant's extra units and a set of transformations of
//! the first band under which `M` is unchanged (each family proves this for
//! its own set); every transformation is followed by the relabelling that
//! restores the first row. The first bands are grouped into classes under
//! them, and `M` is counted once per class by a search over the remaining
//! cells (fewest candidates first), times the number of members.
//!
//! Every term is a count of actual grids, so a count stopped by the budget is
//! a proven lower bound. Shards own classes in sorted order.

use std::collections::HashMap;

use num_bigint::BigUint;
use rayon::prelude::*;

use super::bands::factorial;
use super::{in_pool, shard_items, sum_finished, Count, Options, Stop};
use crate::geometry::BoxShape;

/// The box shapes the engine takes: at most 9 digits (4 bits a cell) and
/// bands of two or three rows (their first bands number at most a few
/// million).
pub(super) fn applies(shape: BoxShape) -> bool {
    shape.n() <= 9 && shape.rows <= 3 && shape.rows >= 2 && shape.cols >= 2
}

/// Cell layout of one shape.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    /// Rows of a box (the rows of a band).
    pub bh: usize,
    /// Columns of a box (the columns of a stack).
    pub bw: usize,
    pub n: usize,
}

impl Shape {
    pub fn new(shape: BoxShape) -> Self {
        Shape {
            bh: shape.rows,
            bw: shape.cols,
            n: shape.n(),
        }
    }
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.n
    }
    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.n
    }
    pub fn box_of(&self, cell: usize) -> usize {
        let (r, c) = (self.row_of(cell), self.col_of(cell));
        (r / self.bh) * (self.n / self.bw) + c / self.bw
    }
}

/// Most extra units a cell may have (the centre of an X-sudoku has two).
const MAX_EXTRA: usize = 2;

/// A variant as the engine sees it.
pub(super) struct Family {
    pub shape: Shape,
    /// For every cell (row-major), the extra units it lies in (beyond its
    /// row, column and box), numbered from 0; at most two.
    pub extra: Vec<Vec<usize>>,
    /// For every transformation, the source cell of each cell of the first
    /// band (band cells numbered row-major). `M` must be unchanged by each
    /// one followed by the relabelling that restores the first row.
    pub syms: Vec<Vec<usize>>,
}

/// Units of a cell as indices into a mask table: row, column, box, then the
/// extra units, padded with a unit private to the cell (which only that cell
/// ever fills, so it never removes a candidate of another).
type Units = [usize; 3 + MAX_EXTRA];

impl Family {
    /// A family from its extra units and its transformations.
    ///
    /// `extra(r, c)` lists the extra units of cell `(r, c)`. Every map is a
    /// pair `(rows, cols)` of source indices: the cell `(r, c)` of the moved
    /// band takes the cell `(rows[r], cols[c])` of the band, for the rows
    /// `r` of the first band (so `rows` has at least a band's rows, all in
    /// the first band) and every column `c`. All three families move whole
    /// rows and whole columns, so this is every transformation they need.
    pub fn new(
        shape: BoxShape,
        extra: impl Fn(usize, usize) -> Vec<usize>,
        maps: impl IntoIterator<Item = (Vec<usize>, Vec<usize>)>,
    ) -> Self {
        let shape = Shape::new(shape);
        let n = shape.n;
        let extra = (0..n * n)
            .map(|cell| extra(shape.row_of(cell), shape.col_of(cell)))
            .collect();
        let mut syms: Vec<Vec<usize>> = maps
            .into_iter()
            .map(|(rows, cols)| {
                (0..shape.bh * n)
                    .map(|t| {
                        let src = rows[t / n];
                        assert!(src < shape.bh, "a map must keep the first band");
                        src * n + cols[t % n]
                    })
                    .collect()
            })
            .collect();
        // Maps that differ only outside the first band move it alike; one
        // of each is enough for the classes.
        syms.sort_unstable();
        syms.dedup();
        Family { shape, extra, syms }
    }

    /// Every cell's units, and the size of the mask table.
    fn units(&self) -> (Vec<Units>, usize) {
        let n = self.shape.n;
        let extra_units = self.extra.iter().flatten().map(|&u| u + 1).max();
        let base = 3 * n + extra_units.unwrap_or(0);
        let units = (0..n * n)
            .map(|cell| {
                assert!(self.extra[cell].len() <= MAX_EXTRA);
                let mut u = [base + cell; 3 + MAX_EXTRA];
                u[0] = self.shape.row_of(cell);
                u[1] = n + self.shape.col_of(cell);
                u[2] = 2 * n + self.shape.box_of(cell);
                for (k, &e) in self.extra[cell].iter().enumerate() {
                    u[3 + k] = 3 * n + e;
                }
                u
            })
            .collect();
        (units, base + n * n)
    }
}

/// A first band without its first row, packed 4 bits per cell (row-major
/// from row 1); the order of keys is the order of classes.
pub(super) type Key = u128;

fn pack(shape: Shape, band: &[u8]) -> Key {
    band[shape.n..]
        .iter()
        .enumerate()
        .fold(0, |acc, (k, &d)| acc | (Key::from(d) << (4 * k)))
}

/// The smallest image of `band` (digits `0..N`) under the transformations,
/// each followed by the relabelling that makes its first row `0 1 … N-1`.
pub(super) fn canonical(shape: Shape, band: &[u8], syms: &[Vec<usize>]) -> Key {
    let n = shape.n;
    let len = band.len();
    let mut best = [u8::MAX; 32];
    let mut lambda = [0u8; 16];
    for src in syms {
        for c in 0..n {
            lambda[band[src[c]] as usize] = c as u8;
        }
        // Compare lazily from row 1, stopping at the first difference.
        let mut t = n;
        while t < len {
            let v = lambda[band[src[t]] as usize];
            if v != best[t - n] {
                if v < best[t - n] {
                    best[t - n] = v;
                    for u in t + 1..len {
                        best[u - n] = lambda[band[src[u]] as usize];
                    }
                }
                break;
            }
            t += 1;
        }
    }
    let mut full = band.to_vec();
    full[n..].copy_from_slice(&best[..len - n]);
    pack(shape, &full)
}

/// Enumerates the first bands with first row `0 1 … N-1` (under every unit,
/// extra ones included), adding each one's class to `classes`.
struct FirstBands<'a> {
    shape: Shape,
    band: Vec<u8>,
    used: Vec<u32>,
    units: &'a [Units],
    syms: &'a [Vec<usize>],
    classes: HashMap<Key, u64>,
}

impl FirstBands<'_> {
    fn candidates(&self, cell: usize) -> u32 {
        let full = (1u32 << self.shape.n) - 1;
        self.units[cell]
            .iter()
            .fold(full, |a, &u| a & !self.used[u])
    }

    fn set(&mut self, cell: usize, d: u8, on: bool) {
        self.band[cell] = d;
        for &u in &self.units[cell] {
            if on {
                self.used[u] |= 1 << d;
            } else {
                self.used[u] &= !(1 << d);
            }
        }
    }

    fn run(&mut self, k: usize) {
        if k == self.band.len() {
            let key = canonical(self.shape, &self.band, self.syms);
            *self.classes.entry(key).or_insert(0) += 1;
            return;
        }
        let mut a = self.candidates(k);
        while a != 0 {
            let d = a.trailing_zeros() as u8;
            a &= a - 1;
            self.set(k, d, true);
            self.run(k + 1);
            self.set(k, d, false);
        }
    }
}

/// Classes of first bands (key of the smallest member → number of members),
/// in key order.
pub(super) fn classes(family: &Family, stop: &Stop) -> Option<Vec<(Key, u64)>> {
    let shape = family.shape;
    let n = shape.n;
    let (units, size) = family.units();
    // Split on the first two cells of row 1.
    let prefixes: Vec<(u8, u8)> = (0..n as u8)
        .flat_map(|d0| (0..n as u8).map(move |d1| (d0, d1)))
        .collect();
    let parts: Vec<Option<HashMap<Key, u64>>> = prefixes
        .par_iter()
        .map(|&(d0, d1)| {
            if stop.should_stop() {
                return None;
            }
            let mut e = FirstBands {
                shape,
                band: vec![0; shape.bh * n],
                used: vec![0; size],
                units: &units,
                syms: &family.syms,
                classes: HashMap::new(),
            };
            for c in 0..n {
                e.set(c, c as u8, true);
            }
            for (cell, d) in [(n, d0), (n + 1, d1)] {
                if e.candidates(cell) & (1 << d) == 0 {
                    return Some(e.classes);
                }
                e.set(cell, d, true);
            }
            e.run(n + 2);
            Some(e.classes)
        })
        .collect();
    let mut all: HashMap<Key, u64> = HashMap::new();
    for part in parts {
        for (k, v) in part? {
            *all.entry(k).or_insert(0) += v;
        }
    }
    let mut out: Vec<(Key, u64)> = all.into_iter().collect();
    out.sort_unstable();
    Some(out)
}

/// Counts the fillings of every empty cell of a board (fewest candidates
/// first); `None` when stopped.
struct Rest<'a> {
    n: usize,
    empty: Vec<usize>,
    used: Vec<u32>,
    units: &'a [Units],
    stop: &'a Stop<'a>,
    nodes: u64,
    stopped: bool,
}

impl Rest<'_> {
    fn candidates(&self, cell: usize) -> u32 {
        let u = &self.units[cell];
        let full = (1u32 << self.n) - 1;
        full & !(self.used[u[0]]
            | self.used[u[1]]
            | self.used[u[2]]
            | self.used[u[3]]
            | self.used[u[4]])
    }

    /// Completions with the first `left` entries of `empty` still empty.
    fn count(&mut self, left: usize) -> u64 {
        if left == 0 {
            return 1;
        }
        self.nodes += 1;
        if self.nodes % (1 << 16) == 0 && self.stop.should_stop() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let (mut best, mut best_n, mut best_c) = (0, u32::MAX, 0);
        for i in 0..left {
            let c = self.candidates(self.empty[i]);
            let k = c.count_ones();
            if k < best_n {
                (best, best_n, best_c) = (i, k, c);
                if k <= 1 {
                    break;
                }
            }
        }
        if best_n == 0 {
            return 0;
        }
        self.empty.swap(best, left - 1);
        let cell = self.empty[left - 1];
        let units = self.units[cell];
        let mut total = 0;
        let mut c = best_c;
        while c != 0 {
            let bit = c & c.wrapping_neg();
            c &= c - 1;
            for &u in &units {
                self.used[u] |= bit;
            }
            total += self.count(left - 1);
            for &u in &units {
                self.used[u] &= !bit;
            }
        }
        self.empty.swap(best, left - 1);
        total
    }
}

/// Completions of a board of the family (values 1..=N, 0 empty, row-major;
/// the givens are assumed consistent); `None` when stopped. The per-class
/// search, for the tests to check classes against.
#[cfg(test)]
pub(super) fn completions_of(family: &Family, values: &[u8], stop: &Stop) -> Option<u64> {
    let (units, size) = family.units();
    completions_with(family.shape.n, &units, size, values, stop)
}

fn completions_with(
    n: usize,
    units: &[Units],
    size: usize,
    values: &[u8],
    stop: &Stop,
) -> Option<u64> {
    let mut used = vec![0u32; size];
    let mut empty = Vec::new();
    for (cell, &v) in values.iter().enumerate() {
        if v == 0 {
            empty.push(cell);
        } else {
            for &u in &units[cell] {
                used[u] |= 1 << (v - 1);
            }
        }
    }
    let mut r = Rest {
        n,
        empty,
        used,
        units,
        stop,
        nodes: 0,
        stopped: false,
    };
    let left = r.empty.len();
    let c = r.count(left);
    (!r.stopped).then_some(c)
}

/// The number of grids of the family (see the module docs).
pub(super) fn count(family: &Family, opts: &Options) -> Count {
    let stop = Stop::new(&opts.limits);
    in_pool(opts.threads, || count_in_pool(family, opts, &stop))
}

fn count_in_pool(family: &Family, opts: &Options, stop: &Stop) -> Count {
    let shape = family.shape;
    let Some(classes) = classes(family, stop) else {
        return Count::AtLeast(BigUint::default());
    };
    let (units, size) = family.units();
    let mine = shard_items(classes, opts.shard);
    let (sum, exact) = sum_finished(&mine, opts, stop, |&(key, members)| {
        let board = board_of(shape, key);
        let m = completions_with(shape.n, &units, size, &board, stop)?;
        Some(BigUint::from(u128::from(members) * u128::from(m)))
    });
    Count::new(sum * BigUint::from(factorial(shape.n as u32)), exact)
}

/// The board (values 1..=N, 0 empty) whose first band is the class `key`.
pub(super) fn board_of(shape: Shape, key: Key) -> Vec<u8> {
    let n = shape.n;
    let mut values = vec![0u8; n * n];
    for (c, v) in values.iter_mut().take(n).enumerate() {
        *v = c as u8 + 1;
    }
    for k in 0..(shape.bh - 1) * n {
        values[n + k] = ((key >> (4 * k)) & 0xf) as u8 + 1;
    }
    values
}

/// The band cells of `board` as digits `0..N` (for [`canonical`]).
#[cfg(test)]
pub(super) fn band_of(shape: Shape, board: &[u8]) -> Vec<u8> {
    board[..shape.bh * shape.n].iter().map(|&v| v - 1).collect()
}

/// Shared checks of a family's classes, for the families' tests.
#[cfg(test)]
pub(super) mod checks {
    use super::*;
    use crate::limits::Limits;

    /// First bands with first row fixed, by trying every filling of the
    /// other rows cell by cell and checking every unit of the family at the
    /// end (pruning only by rows, columns and boxes, which keeps 9×9 to its
    /// 2,612,736 plain first bands).
    pub fn first_bands_by_brute_force(family: &Family) -> u64 {
        let s = family.shape;
        let len = s.bh * s.n;
        let mut band: Vec<u8> = (0..len).map(|c| c.min(s.n) as u8).collect();
        fn valid(f: &Family, band: &[u8]) -> bool {
            let s = f.shape;
            for i in 0..band.len() {
                for j in i + 1..band.len() {
                    let same = s.row_of(i) == s.row_of(j)
                        || s.col_of(i) == s.col_of(j)
                        || s.box_of(i) == s.box_of(j)
                        || f.extra[i].iter().any(|u| f.extra[j].contains(u));
                    if same && band[i] == band[j] {
                        return false;
                    }
                }
            }
            true
        }
        fn go(f: &Family, band: &mut Vec<u8>, k: usize) -> u64 {
            let s = f.shape;
            if k == band.len() {
                return valid(f, band) as u64;
            }
            let mut t = 0;
            for d in 0..s.n as u8 {
                let r = k / s.n;
                let clash = (r * s.n..k)
                    .chain((0..r).map(|r0| r0 * s.n + k % s.n))
                    .chain((0..k).filter(|&i| s.box_of(i) == s.box_of(k)))
                    .any(|i| band[i] == d);
                if clash {
                    continue;
                }
                band[k] = d;
                t += go(f, band, k + 1);
            }
            t
        }
        go(family, &mut band, s.n)
    }

    /// `values` (an N×N board, digits 1..=N, 0 empty) with its digits
    /// renamed so that the first row reads 1, 2, …, N; the first row must be
    /// whole.
    pub fn first_row_in_order(values: &[u8], n: usize) -> Vec<u8> {
        let mut lambda = [0u8; 65];
        for c in 0..n {
            lambda[values[c] as usize] = c as u8 + 1;
        }
        values.iter().map(|&d| lambda[d as usize]).collect()
    }

    /// The completions of a 9×9 board (digits 1..=9, 0 empty) under
    /// `variant`, by the enumerating counter of `count::completions`, which
    /// knows nothing of classes: the independent side of the 9×9 checks.
    pub fn enumerated_9x9(variant: crate::geometry::Variant) -> impl Fn(&[u8]) -> Count {
        use crate::geometry::Geometry;
        use crate::grid::Grid;
        let geo = std::sync::Arc::new(Geometry::square(BoxShape::new(3, 3), &[variant]).unwrap());
        move |values: &[u8]| {
            let grid = Grid::new(geo.clone(), values.iter().map(|&v| v as u16).collect());
            crate::count::completions_by_enumeration(&grid, &crate::count::Options::default())
                .unwrap()
        }
    }

    /// Class sizes add up to the first bands counted by brute force, every
    /// class key is its own canonical form, and `M` of every member of a
    /// sample of classes (moved by each transformation) equals `M` of its
    /// representative.
    pub fn classes_are_sound(family: &Family) {
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        let s = family.shape;
        let classes = classes(family, &stop).unwrap();
        let members: u64 = classes.iter().map(|&(_, m)| m).sum();
        assert_eq!(members, first_bands_by_brute_force(family), "{s:?}");
        for &(k, _) in &classes {
            let b = board_of(s, k);
            assert_eq!(canonical(s, &band_of(s, &b), &family.syms), k);
        }
        for &(k, _) in classes.iter().step_by(classes.len() / 5 + 1) {
            let board = board_of(s, k);
            let m = completions_of(family, &board, &stop).unwrap();
            let band = band_of(s, &board);
            for src in &family.syms {
                let mut other = board.clone();
                for (t, &i) in src.iter().enumerate() {
                    other[t] = band[i] + 1;
                }
                let other = first_row_in_order(&other, s.n);
                assert_eq!(canonical(s, &band_of(s, &other), &family.syms), k);
                assert_eq!(completions_of(family, &other, &stop), Some(m), "{s:?}");
            }
        }
    }
}
