//! A 9×9 band's fillings by column configuration, box by box.
//!
//! A box filling is an orthogonal pair of partitions of the digits (its row
//! sets `R`, its column sets `S`; see `partitions`), and a band filling is
//! three box fillings whose row partitions fit together (each row of the
//! band holds every digit once). So the number of fillings with column
//! configuration `(S1, S2, S3)` is
//!
//! ```text
//! N(S1, S2, S3) = Σ over fitting (R1, R2, R3) of  O1[R1][S1] · O2[R2][S2] · O3[R3][S3]
//! ```
//!
//! where `O_s` says whether `R` and `S` are orthogonal and agree with box
//! `s`'s givens and its columns' forbidden digits. For each `S1` the sum
//! runs over the `R1` orthogonal to it and the 56 `(R2, R3)` that fit, and
//! adds box 3's whole list of `S3` into a dense row of counts per `S2`: a
//! filling costs one add into an array in cache. The walk in `frontier`
//! paid a hash-map insertion per filling (about 50 ns; 21 M fillings for
//! 0.35 M configurations on a random-16 position).

use rayon::prelude::*;

use super::bands::KeyMap;
use super::bucket::{Bucket, Unfinished, MAX_BUCKETED};
use super::partitions::{self, PARTITIONS};
use super::Stop;

const DIGITS: u32 = 0x1FF;

/// What box `s`'s givens and forbidden digits ask of its partitions.
#[derive(Clone, Copy, Default)]
struct BoxRule {
    /// Digits each row part must hold (part `r` at bits `9r`).
    rows: u32,
    /// Digits each column part must hold.
    cols: u32,
    /// Digits each column part must not hold.
    cols_forbidden: u32,
}

impl BoxRule {
    fn rows_allow(&self, r: u32) -> bool {
        r & self.rows == self.rows
    }
    fn cols_allow(&self, s: u32) -> bool {
        s & self.cols == self.cols && s & self.cols_forbidden == 0
    }
}

/// The column configurations of a 9×9 band (27 cells, 0 for empty, else the
/// digit) whose columns may not hold `forbid[c]`, with the number of
/// fillings of each: in buckets keyed by the column sets of the first two
/// stacks, packed as in `frontier` (column `c`'s set at bits `9c`), each
/// listing third stacks by partition number.
pub(super) fn fill(
    cells: &[u8],
    forbid: &[u32],
    stop: &Stop,
) -> Result<KeyMap<Bucket>, Unfinished> {
    debug_assert_eq!(cells.len(), 27);
    let mut rules = [BoxRule::default(); 3];
    for (i, &v) in cells.iter().enumerate() {
        let (r, c) = (i / 9, i % 9);
        if v != 0 {
            let bit = 1u32 << (v - 1);
            rules[c / 3].rows |= bit << (9 * r);
            rules[c / 3].cols |= bit << (9 * (c % 3));
        }
    }
    for (c, &f) in forbid.iter().enumerate().take(9) {
        rules[c / 3].cols_forbidden |= (f & DIGITS) << (9 * (c % 3));
    }
    let t = partitions::partitions();
    // Per row partition of boxes 2 and 3: the column partitions it fills
    // the box with.
    let lists = |rule: &BoxRule| -> Vec<Vec<u16>> {
        (0..PARTITIONS as u16)
            .map(|r| {
                if !rule.rows_allow(t.sets(r)) {
                    return Vec::new();
                }
                t.orthogonal(r)
                    .iter()
                    .copied()
                    .filter(|&s| rule.cols_allow(t.sets(s)))
                    .collect()
            })
            .collect()
    };
    let (second, third) = (lists(&rules[1]), lists(&rules[2]));
    let firsts: Vec<u16> = (0..PARTITIONS as u16)
        .filter(|&s| rules[0].cols_allow(t.sets(s)))
        .collect();
    firsts
        .par_iter()
        .fold(
            || Ok(Scratch::default()),
            |acc: Result<Scratch, Unfinished>, &s1| {
                let mut acc = acc?;
                if stop.should_stop() {
                    return Err(Unfinished::Stopped);
                }
                acc.first(s1, &rules[0], &second, &third);
                if acc.entries > MAX_BUCKETED {
                    return Err(Unfinished::TooBig);
                }
                Ok(acc)
            },
        )
        .map(|acc| acc.map(|a| (a.out, a.entries)))
        .reduce(
            || Ok((KeyMap::default(), 0)),
            |x, y| {
                let ((mut x, nx), (mut y, ny)) = (x?, y?);
                if y.len() > x.len() {
                    std::mem::swap(&mut x, &mut y);
                }
                // Different first stacks: no key is in both.
                x.extend(y);
                if nx + ny > MAX_BUCKETED {
                    return Err(Unfinished::TooBig);
                }
                Ok((x, nx + ny))
            },
        )
        .map(|(out, _)| out)
}

/// One worker's counts under one first stack at a time.
#[derive(Default)]
struct Scratch {
    /// Counts by `S2 · 1680 + S3` (allocated on first use: 11 MB).
    counts: Vec<u32>,
    /// The `S2` rows written under the current `S1`.
    touched: Vec<u16>,
    seen: Vec<bool>,
    out: KeyMap<Bucket>,
    /// Configurations in `out`.
    entries: usize,
}

impl Scratch {
    /// Adds the fillings whose first box has column partition `s1`.
    fn first(&mut self, s1: u16, rule: &BoxRule, second: &[Vec<u16>], third: &[Vec<u16>]) {
        let t = partitions::partitions();
        if self.counts.is_empty() {
            self.counts = vec![0; PARTITIONS * PARTITIONS];
            self.seen = vec![false; PARTITIONS];
        }
        for &r1 in t.orthogonal(s1) {
            if !rule.rows_allow(t.sets(r1)) {
                continue;
            }
            for &(r2, r3) in t.pairs(r1) {
                let (l2, l3) = (&second[r2 as usize], &third[r3 as usize]);
                if l3.is_empty() {
                    continue;
                }
                for &s2 in l2 {
                    if !self.seen[s2 as usize] {
                        self.seen[s2 as usize] = true;
                        self.touched.push(s2);
                    }
                    let row = &mut self.counts[s2 as usize * PARTITIONS..][..PARTITIONS];
                    for &s3 in l3 {
                        row[s3 as usize] += 1;
                    }
                }
            }
        }
        let low = u128::from(t.sets(s1));
        for s2 in self.touched.drain(..) {
            self.seen[s2 as usize] = false;
            let mut bucket = Bucket::default();
            let row = &mut self.counts[s2 as usize * PARTITIONS..][..PARTITIONS];
            for (s3, n) in row.iter_mut().enumerate() {
                if *n != 0 {
                    bucket.push_number(s3 as u16, u64::from(*n));
                    *n = 0;
                }
            }
            self.entries += bucket.third.len();
            self.out.insert(low | u128::from(t.sets(s2)) << 27, bucket);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::band_fill::{fill_band, Record};
    use crate::count::bands::Plan;
    use crate::limits::Limits;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// A small deterministic generator (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self, k: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % k as u64) as usize
        }
    }

    fn walk(cells: &[u8], forbid: &[u32]) -> KeyMap<u128> {
        let plan = Plan { w: 3, h: 3, n: 9 };
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        fill_band(plan, Record::Columns, cells, forbid, 0, &stop).unwrap()
    }

    fn boxes(cells: &[u8], forbid: &[u32]) -> KeyMap<u128> {
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        let t = partitions::partitions();
        let mut flat = KeyMap::default();
        for (low, b) in fill(cells, forbid, &stop).unwrap() {
            assert!(!b.third.is_empty());
            for (&p, &n) in b.third.iter().zip(&b.counts) {
                assert!(flat
                    .insert(low | u128::from(t.sets(p)) << 54, u128::from(n))
                    .is_none());
            }
        }
        flat
    }

    #[test]
    fn agrees_with_the_walk_on_bands_of_a_grid() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let grid: Vec<u8> = SOLUTION.bytes().map(|b| b - b'0').collect();
        for case in 0..24 {
            // Relabel the digits, pick a band, keep some of its cells as
            // givens and some of the other bands' digits as forbidden.
            let mut perm: Vec<u8> = (1..=9).collect();
            for i in (1..9).rev() {
                perm.swap(i, rng.next(i + 1));
            }
            let band = case % 3;
            let keep = 6 + case % 4;
            let mut cells = vec![0u8; 27];
            let mut kept = 0;
            while kept < keep {
                let i = rng.next(27);
                if cells[i] == 0 {
                    cells[i] = perm[grid[band * 27 + i] as usize - 1];
                    kept += 1;
                }
            }
            let mut forbid = vec![0u32; 9];
            for r in (0..9).filter(|r| r / 3 != band) {
                for (c, f) in forbid.iter_mut().enumerate() {
                    if rng.next(4) == 0 {
                        *f |= 1 << (perm[grid[r * 9 + c] as usize - 1] - 1);
                    }
                }
            }
            let want = walk(&cells, &forbid);
            assert!(!want.is_empty(), "case {case}: the grid's own band fits");
            assert_eq!(boxes(&cells, &forbid), want, "case {case}");
        }
    }

    #[test]
    fn clashing_givens_have_no_fillings() {
        let mut cells = vec![0u8; 27];
        // The same digit twice in row 1 (boxes 1 and 3), twice in box 2,
        // and once where its column forbids it.
        let clashes: [(&[(usize, u8)], u32); 3] = [
            (&[(0, 5), (8, 5)], 0),
            (&[(3, 7), (13, 7)], 0),
            (&[(4, 2)], 1 << 1),
        ];
        for (givens, forbid4) in clashes {
            cells.fill(0);
            for &(i, d) in givens {
                cells[i] = d;
            }
            let mut forbid = vec![0u32; 9];
            forbid[4] = forbid4;
            assert!(walk(&cells, &forbid).is_empty());
            assert!(boxes(&cells, &forbid).is_empty());
        }
    }
}
