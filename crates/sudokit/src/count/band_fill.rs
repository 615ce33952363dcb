//! One band's fillings under its givens, for band composition
//! (`frontier`): enumerated cell by cell and recorded by column
//! configuration (packed column sets) or by band key, with the digits that
//! appear in no given tried once and weighted.

use rayon::prelude::*;

use super::bands::{KeyMap, Plan};
use super::bucket::{Bucket, Unfinished};
use super::cut::{estimate_cells, BOXES_FROM};
use super::{band_boxes, partitions, Stop};

/// Most column configurations one band may materialise (memory bound:
/// about 40 bytes each).
pub(super) const MAX_ENTRIES: usize = 1 << 22;

/// What a band filling is recorded by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Record {
    /// Its column configuration (packed column sets).
    Columns,
    /// Its band key (multiset of digit profiles), when nothing else matters.
    Key,
}

/// Enumerates the fillings of one band under its givens, by column
/// configuration or by key.
#[derive(Clone)]
struct BandFill<'s> {
    plan: Plan,
    record: Record,
    /// The empty cells in order: (row, column, box).
    empty: Vec<(usize, usize, usize)>,
    row: Vec<u32>,
    col: Vec<u32>,
    bx: Vec<u32>,
    /// Digits given in the same column in another band: never in this one.
    forbid: Vec<u32>,
    /// Profile of each digit so far (sum of column offset · w^stack).
    prof: Vec<usize>,
    /// Profile increment of each column.
    add: Vec<usize>,
    /// Index in `empty` of the last row's first empty cell (`empty.len()`
    /// when the last row is given in full).
    last_row: usize,
    /// Scratch for [`BandFill::last_row_leaves`]: the boxes' key parts one
    /// after another, and where each box's parts end.
    parts: Vec<u128>,
    part_ends: Vec<usize>,
    /// Occurrences of each digit in the band so far.
    seen: Vec<u8>,
    /// Interchangeable digits not yet placed in the band.
    unseen_free: u32,
    free: u32,
    out: KeyMap<u128>,
    stop: &'s Stop<'s>,
    nodes: u64,
    stopped: Option<Unfinished>,
}

impl<'s> BandFill<'s> {
    /// `free`: digits (bits) interchangeable in the whole problem; 0 to
    /// enumerate every filling. `None` if the givens clash inside the band.
    fn new(
        plan: Plan,
        record: Record,
        cells: &[u8],
        forbid: &[u32],
        free: u32,
        stop: &'s Stop<'s>,
    ) -> Option<Self> {
        let Plan { w, h, n } = plan;
        let add = (0..n).map(|c| (c % w) * w.pow((c / w) as u32)).collect();
        let mut f = BandFill {
            plan,
            record,
            empty: Vec::new(),
            row: vec![0; h],
            col: vec![0; n],
            bx: vec![0; h],
            forbid: forbid.to_vec(),
            prof: vec![0; n],
            add,
            last_row: 0,
            parts: Vec::new(),
            part_ends: Vec::new(),
            seen: vec![0; n],
            unseen_free: free,
            free,
            out: KeyMap::default(),
            stop,
            nodes: 0,
            stopped: None,
        };
        for (i, &v) in cells.iter().enumerate() {
            if v == 0 {
                f.empty.push((i / n, i % n, i % n / w));
                continue;
            }
            let d = v as usize - 1;
            let (r, c) = (i / n, i % n);
            let bit = 1u32 << d;
            if (f.row[r] | f.col[c] | f.bx[c / w] | f.forbid[c]) & bit != 0 {
                return None;
            }
            f.place(r, c, c / w, d);
        }
        f.last_row = f.empty.partition_point(|&(r, _, _)| r < h - 1);
        Some(f)
    }

    #[inline]
    fn place(&mut self, r: usize, c: usize, b: usize, d: usize) {
        let bit = 1u32 << d;
        self.row[r] |= bit;
        self.col[c] |= bit;
        self.bx[b] |= bit;
        self.prof[d] += self.add[c];
        self.seen[d] += 1;
        self.unseen_free &= !bit;
    }

    #[inline]
    fn unplace(&mut self, r: usize, c: usize, b: usize, d: usize) {
        let bit = 1u32 << d;
        self.row[r] &= !bit;
        self.col[c] &= !bit;
        self.bx[b] &= !bit;
        self.prof[d] -= self.add[c];
        self.seen[d] -= 1;
        if self.seen[d] == 0 {
            self.unseen_free |= bit & self.free;
        }
    }

    /// The children worth trying at empty cell `i`: `(digit, multiplicity)`.
    /// Of the interchangeable digits not yet used only the smallest is
    /// tried, standing for all of them.
    #[inline]
    fn choices(&self, i: usize) -> ((usize, usize, usize), u32, u32, u32) {
        let (r, c, b) = self.empty[i];
        let full = (1u32 << self.plan.n) - 1;
        let cand = full & !(self.row[r] | self.col[c] | self.bx[b] | self.forbid[c]);
        let sym = cand & self.unseen_free;
        let rep = if sym != 0 {
            sym & sym.wrapping_neg()
        } else {
            0
        };
        ((r, c, b), (cand & !sym) | rep, rep, sym.count_ones())
    }

    fn leaf_key(&self) -> u128 {
        match self.record {
            Record::Columns => {
                let n = self.plan.n;
                self.col
                    .iter()
                    .enumerate()
                    .fold(0u128, |acc, (c, &m)| acc | ((m as u128) << (c * n)))
            }
            Record::Key => self
                .prof
                .iter()
                .fold(0u128, |acc, &p| acc + (1u128 << (4 * p))),
        }
    }

    fn run(&mut self, i: usize, weight: u128) {
        self.nodes += 1;
        if self.nodes & 0x3FF == 0 && self.stop.should_stop() {
            self.stopped = Some(Unfinished::Stopped);
        }
        if self.stopped.is_some() {
            return;
        }
        if i == self.empty.len() {
            let key = self.leaf_key();
            self.record(key, weight);
            return;
        }
        if i == self.last_row && self.unseen_free == 0 && self.plan.h > 1 {
            self.last_row_leaves(weight);
            return;
        }
        let ((r, c, b), mut todo, rep, k) = self.choices(i);
        while todo != 0 {
            let bit = todo & todo.wrapping_neg();
            todo &= todo - 1;
            let d = bit.trailing_zeros() as usize;
            let wgt = if bit == rep {
                weight * k as u128
            } else {
                weight
            };
            self.place(r, c, b, d);
            self.run(i + 1, wgt);
            self.unplace(r, c, b, d);
        }
    }

    fn record(&mut self, key: u128, weight: u128) {
        *self.out.entry(key).or_insert(0) += weight;
        if self.out.len() > MAX_ENTRIES {
            self.stopped = Some(Unfinished::TooBig);
        }
    }

    /// All leaves below the last row's first empty cell at once. Each box
    /// must put the digits it still lacks into its empty cells of that row,
    /// so the fillings are the products of the boxes' arrangements, and
    /// both kinds of key add up box by box. One node per leaf cost four
    /// times as much as the leaf's own record, and the leaves are most of
    /// the tree.
    fn last_row_leaves(&mut self, weight: u128) {
        let Plan { h, n, .. } = self.plan;
        let r = h - 1;
        let full = (1u32 << n) - 1;
        // The key without the last row's empty cells (their digits'
        // profiles move on), then per box the key part of each arrangement.
        let mut base = self.leaf_key();
        let mut used = self.row[r];
        let mut parts = std::mem::take(&mut self.parts);
        let mut ends = std::mem::take(&mut self.part_ends);
        parts.clear();
        ends.clear();
        let mut cols = [0usize; 32];
        let mut next = self.last_row;
        for s in 0..h {
            let mut k = 0;
            while next < self.empty.len() && self.empty[next].2 == s {
                cols[k] = self.empty[next].1;
                k += 1;
                next += 1;
            }
            let missing = full & !self.bx[s];
            if missing.count_ones() as usize != k || missing & used != 0 {
                break;
            }
            used |= missing;
            if self.record == Record::Key {
                let mut m = missing;
                while m != 0 {
                    base -= 1u128 << (4 * self.prof[m.trailing_zeros() as usize]);
                    m &= m - 1;
                }
            }
            let start = parts.len();
            self.arrangements(&cols[..k], missing, 0, &mut parts);
            if parts.len() == start {
                break;
            }
            ends.push(parts.len());
        }
        if ends.len() == h {
            self.products(&parts, &ends, 0, base, weight);
        }
        self.parts = parts;
        self.part_ends = ends;
    }

    /// The key parts of every placement of `digits` in row `h - 1` at
    /// `cols` (as many as digits) that the columns allow, added to `acc`.
    fn arrangements(&self, cols: &[usize], digits: u32, acc: u128, out: &mut Vec<u128>) {
        let Some((&c, rest)) = cols.split_first() else {
            out.push(acc);
            return;
        };
        if rest.is_empty() {
            // One digit left, one place for it.
            if digits & (self.col[c] | self.forbid[c]) == 0 {
                let d = digits.trailing_zeros() as usize;
                out.push(acc + self.part(c, d));
            }
            return;
        }
        let mut todo = digits & !(self.col[c] | self.forbid[c]);
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            self.arrangements(rest, digits & !(1 << d), acc + self.part(c, d), out);
        }
    }

    /// What digit `d` in column `c` of the last row adds to the key.
    #[inline]
    fn part(&self, c: usize, d: usize) -> u128 {
        match self.record {
            Record::Columns => 1u128 << (c * self.plan.n + d),
            Record::Key => 1u128 << (4 * (self.prof[d] + self.add[c])),
        }
    }

    /// Records `base` plus one part of each box (`parts[from..ends[0]]`,
    /// then up to `ends[1]`, …), for every choice.
    fn products(&mut self, parts: &[u128], ends: &[usize], from: usize, base: u128, weight: u128) {
        match ends {
            [] => self.record(base, weight),
            [last] => {
                self.nodes += (last - from) as u64;
                for &p in &parts[from..*last] {
                    self.record(base + p, weight);
                }
            }
            [end, rest @ ..] => {
                for &p in &parts[from..*end] {
                    self.products(parts, rest, *end, base + p, weight);
                }
            }
        }
    }

    /// Breadth-first expansion of the first cells into at least `target`
    /// independent subtrees `(state, next cell, weight)` (fewer if the band
    /// is nearly full).
    fn split(self, target: usize) -> Vec<(Self, usize, u128)> {
        let mut level = vec![(self, 0usize, 1u128)];
        while level.len() < target && level.iter().all(|(f, i, _)| *i < f.empty.len()) {
            let mut next = Vec::new();
            for (f, i, weight) in level {
                let ((r, c, b), mut todo, rep, k) = f.choices(i);
                while todo != 0 {
                    let bit = todo & todo.wrapping_neg();
                    todo &= todo - 1;
                    let d = bit.trailing_zeros() as usize;
                    let wgt = if bit == rep {
                        weight * k as u128
                    } else {
                        weight
                    };
                    let mut g = f.clone();
                    g.place(r, c, b, d);
                    next.push((g, i + 1, wgt));
                }
            }
            level = next;
        }
        level
    }
}

/// Whether a band is filled box by box (`band_boxes`): a 9×9 band with
/// many fillings and no interchangeable digit.
fn by_boxes(plan: Plan, cells: &[u8], forbid: &[u32], free: u32) -> bool {
    (plan.w, plan.h) == (3, 3) && free == 0 && estimate_cells(plan, cells, forbid) > BOXES_FROM
}

/// A 9×9 band's fillings by column configuration, in buckets by the column
/// sets of its first two stacks (the join's index).
pub(super) fn fill_band_buckets(
    plan: Plan,
    cells: &[u8],
    forbid: &[u32],
    stop: &Stop,
) -> Result<KeyMap<Bucket>, Unfinished> {
    if by_boxes(plan, cells, forbid, 0) {
        return band_boxes::fill(cells, forbid, stop);
    }
    let shift2 = 2 * plan.w * plan.n;
    let low2 = (1u128 << shift2) - 1;
    let mut split: KeyMap<Bucket> = KeyMap::default();
    for (cols, v) in fill_band(plan, Record::Columns, cells, forbid, 0, stop)? {
        split
            .entry(cols & low2)
            .or_default()
            .push((cols >> shift2) as u32, v);
    }
    Ok(split)
}

/// A band's fillings by column configuration, as a list.
pub(super) fn fill_band_list(
    plan: Plan,
    cells: &[u8],
    forbid: &[u32],
    free: u32,
    stop: &Stop,
) -> Result<Vec<(u128, u128)>, Unfinished> {
    if by_boxes(plan, cells, forbid, free) {
        let t = partitions::partitions();
        let shift2 = 2 * plan.w * plan.n;
        let buckets = band_boxes::fill(cells, forbid, stop)?;
        // The list takes 32 bytes a configuration: the maps' bound.
        if buckets.values().map(|b| b.third.len()).sum::<usize>() > MAX_ENTRIES {
            return Err(Unfinished::TooBig);
        }
        return Ok(buckets
            .into_iter()
            .flat_map(|(low, b)| {
                b.third
                    .into_iter()
                    .zip(b.counts)
                    .map(move |(p, n)| (low | u128::from(t.sets(p)) << shift2, u128::from(n)))
            })
            .collect());
    }
    Ok(fill_band(plan, Record::Columns, cells, forbid, free, stop)?
        .into_iter()
        .collect())
}

/// Fillings of a band by `record`, in parallel, by a walk over the band's
/// cells with one representative of the interchangeable digits at each cell.
pub(super) fn fill_band(
    plan: Plan,
    record: Record,
    cells: &[u8],
    forbid: &[u32],
    free: u32,
    stop: &Stop,
) -> Result<KeyMap<u128>, Unfinished> {
    let Some(f) = BandFill::new(plan, record, cells, forbid, free, stop) else {
        return Ok(KeyMap::default());
    };
    let parts: Vec<Result<KeyMap<u128>, Unfinished>> = f
        .split(64)
        .into_par_iter()
        .map(|(mut g, i, weight)| {
            g.run(i, weight);
            match g.stopped {
                None => Ok(g.out),
                Some(u) => Err(u),
            }
        })
        .collect();
    let mut all: KeyMap<u128> = KeyMap::default();
    for part in parts {
        let part = part?;
        if stop.should_stop() {
            return Err(Unfinished::Stopped);
        }
        if all.is_empty() {
            all = part;
            continue;
        }
        for (k, v) in part {
            *all.entry(k).or_insert(0) += v;
        }
        if all.len() > MAX_ENTRIES {
            return Err(Unfinished::TooBig);
        }
    }
    Ok(all)
}
