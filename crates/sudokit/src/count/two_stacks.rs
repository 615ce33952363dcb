//! The number of grids whose boxes have two rows (box shape 2×C, N = 2C
//! digits; C×2 is its transpose and has as many grids), by splitting the
//! board into its two stacks.
//!
//! The board has C bands of two rows and two stacks of C columns. Call the
//! set of digits in the top row of band k, first stack, `T_k` (C digits);
//! the box there holds every digit once, so its bottom row holds the other C,
//! and each row of the board holds every digit once, so in the second stack
//! the top row of band k holds the complement of `T_k` and the bottom row
//! `T_k`. Given the *profile* `(T_0, …, T_{C−1})`, the two stacks fill
//! independently (a stack fixes no row set of the other beyond the profile,
//! and columns and boxes lie in one stack). A stack filling is an N×C array
//! whose rows hold the given sets and whose columns hold every digit once;
//! swapping the two rows of every band maps the second stack's fillings
//! one-to-one onto the first's, so both stacks have the same number `F` of
//! fillings and
//!
//! `grids = Σ over profiles F(profile)²`.
//!
//! A profile is also a list of N vectors in `{0,1}^C`, digit d's vector
//! having bit k when d is in `T_k`, with every bit set in exactly C of them;
//! relabelling digits permutes the list and keeps `F`, so profiles are
//! counted as multisets of vectors, each standing for `N! / Π mult!` lists.
//! Permuting the bands and swapping the rows of a band (flipping bit k in
//! every vector) keep `F` too, so multisets are grouped into classes under
//! those `C! · 2^C` maps and `F` is computed once per class (C = 5: 589,392
//! multisets in 355 classes).
//!
//! `F` itself: digit d has one cell per band (in the row its vector names),
//! and those C cells must lie in C different columns; the cells of one row
//! must lie in different columns too. Placing digits one at a time, the
//! state is the set of columns used in each of the N rows (N·C bits, at most
//! 50 for C = 5), and the number of ways to reach each state is carried
//! forward. The first digit's columns are fixed (column order is free and
//! every filling has distinct columns), which divides the work by C!.

use std::collections::{HashMap, HashSet};

use num_bigint::BigUint;

use super::bands::factorial;
use super::{in_pool, shard_items, sum_finished, Count, Options, Stop};
use crate::geometry::BoxShape;

/// The largest C: the per-row column sets of the fill count fit 64 bits.
const MAX_C: usize = 5;

/// The box shapes this method takes: two rows (or two columns) by 2..=5.
pub(crate) fn applies(shape: BoxShape) -> bool {
    let (short, long) = (shape.rows.min(shape.cols), shape.rows.max(shape.cols));
    short == 2 && (2..=MAX_C).contains(&long)
}

/// A multiset of vectors: `mult[v]`, the number of digits whose vector is
/// `v`, four bits per vector (at most 10 digits, 32 vectors).
type Multiset = u128;

fn mult(m: Multiset, v: usize) -> usize {
    (m >> (4 * v) & 0xf) as usize
}

/// Every multiset of `2c` vectors with every bit set in exactly `c`.
fn multisets(c: usize) -> Vec<Multiset> {
    fn go(
        v: usize,
        left: usize,
        sums: &mut [usize],
        m: Multiset,
        c: usize,
        out: &mut Vec<Multiset>,
    ) {
        if left == 0 {
            if sums.iter().all(|&s| s == c) {
                out.push(m);
            }
            return;
        }
        if v == 1 << c {
            return;
        }
        // Prune: every bit still needs `c - sums[b]` ones from `left` more
        // vectors, all from `v` on; once no vector from `v` on lacks bit b,
        // each of them brings one.
        let all = (1 << c) - 1;
        let feasible = sums.iter().enumerate().all(|(b, &s)| {
            let need = c - s;
            need <= left && (v <= all ^ 1 << b || need == left)
        });
        if !feasible {
            return;
        }
        for k in 0..=left {
            let fits = (0..c).all(|b| v >> b & 1 == 0 || sums[b] + k <= c);
            if !fits {
                break;
            }
            for (b, s) in sums.iter_mut().enumerate() {
                if v >> b & 1 == 1 {
                    *s += k;
                }
            }
            go(v + 1, left - k, sums, m | (k as u128) << (4 * v), c, out);
            for (b, s) in sums.iter_mut().enumerate() {
                if v >> b & 1 == 1 {
                    *s -= k;
                }
            }
        }
    }
    let mut out = Vec::new();
    go(0, 2 * c, &mut vec![0; c], 0, c, &mut out);
    out
}

/// The maps of the vectors: a permutation of the bits, then a flip mask;
/// `table[g][v]` is the image of `v` under map `g`.
fn vector_maps(c: usize) -> Vec<Vec<usize>> {
    let mut perms = vec![Vec::new()];
    for k in 0..c {
        perms = perms
            .into_iter()
            .flat_map(|p: Vec<usize>| {
                (0..=k).map(move |i| {
                    let mut q = p.clone();
                    q.insert(i, k);
                    q
                })
            })
            .collect();
    }
    let mut out = Vec::new();
    for p in &perms {
        for flip in 0..1usize << c {
            out.push(
                (0..1usize << c)
                    .map(|v| {
                        (0..c)
                            .filter(|&b| v >> b & 1 == 1)
                            .fold(0, |w, b| w | 1 << p[b])
                            ^ flip
                    })
                    .collect(),
            );
        }
    }
    out
}

fn apply(m: Multiset, map: &[usize]) -> Multiset {
    (0..map.len()).fold(0, |acc, v| acc | (mult(m, v) as u128) << (4 * map[v]))
}

/// Digit lists a multiset stands for: `N! / Π mult!`.
fn labellings(m: Multiset, c: usize) -> u128 {
    (0..1 << c).fold(factorial(2 * c as u32), |w, v| {
        w / factorial(mult(m, v) as u32)
    })
}

/// The classes, in a fixed order: a representative and the number of
/// profiles (digit lists) in the class.
fn classes(c: usize) -> Vec<(Multiset, u128)> {
    let maps = vector_maps(c);
    let mut seen: HashSet<Multiset> = HashSet::new();
    let mut out = Vec::new();
    for m in multisets(c) {
        if seen.contains(&m) {
            continue;
        }
        let orbit: HashSet<Multiset> = maps.iter().map(|g| apply(m, g)).collect();
        out.push((m, orbit.len() as u128 * labellings(m, c)));
        seen.extend(orbit);
    }
    out
}

/// Fillings of one stack for the profile `m` (see the module docs); `None`
/// when stopped.
fn fillings(m: Multiset, c: usize, stop: &Stop) -> Option<u128> {
    let vectors: Vec<usize> = (0..1 << c)
        .flat_map(|v| std::iter::repeat(v).take(mult(m, v)))
        .collect();
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for k in 0..c {
        orders = orders
            .into_iter()
            .flat_map(|p| {
                (0..=k).map(move |i| {
                    let mut q = p.clone();
                    q.insert(i, k);
                    q
                })
            })
            .collect();
    }
    let mut states: HashMap<u64, u128> = HashMap::from([(0, 1)]);
    for (i, &v) in vectors.iter().enumerate() {
        if stop.should_stop() {
            return None;
        }
        // Digit i's row in band k: the top (2k) when its vector has bit k.
        let rows: Vec<usize> = (0..c)
            .map(|k| 2 * k + usize::from(v >> k & 1 == 0))
            .collect();
        let choices = if i == 0 { &orders[..1] } else { &orders[..] };
        let mut next: HashMap<u64, u128> = HashMap::with_capacity(states.len() * 2);
        for (&state, &ways) in &states {
            'order: for cols in choices {
                let mut s = state;
                for (k, &row) in rows.iter().enumerate() {
                    let bit = 1u64 << (row * c + cols[k]);
                    if s & bit != 0 {
                        continue 'order;
                    }
                    s |= bit;
                }
                *next.entry(s).or_insert(0) += ways;
            }
        }
        states = next;
    }
    Some(states.values().sum::<u128>() * factorial(c as u32))
}

/// The number of grids of box shape `shape` (2×C or C×2); classes are
/// split between shards.
pub(super) fn count(shape: BoxShape, opts: &Options) -> Count {
    let c = shape.rows.max(shape.cols);
    let stop = Stop::new(&opts.limits);
    in_pool(opts.threads, || {
        let mine = shard_items(classes(c), opts.shard);
        let (sum, exact) = sum_finished(&mine, opts, &stop, |&(m, profiles)| {
            let f = BigUint::from(fillings(m, c, &stop)?);
            Some(BigUint::from(profiles) * &f * &f)
        });
        Count::new(sum, exact)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_every_profile() {
        // A profile is one C-subset of the 2C digits per band: C(2C, C)^C
        // of them, and the classes' sizes must add up to that.
        for (c, subsets) in [(2u32, 6u128), (3, 20), (4, 70), (5, 252)] {
            let sum: u128 = classes(c as usize).iter().map(|x| x.1).sum();
            assert_eq!(sum, subsets.pow(c), "C = {c}");
        }
        assert_eq!(multisets(5).len(), 589_392);
        assert_eq!(classes(5).len(), 355);
    }

    #[test]
    fn every_map_keeps_the_fill_count() {
        // F depends only on the class: spot-check C = 4 on every map.
        let budget = crate::limits::Limits::none();
        let stop = Stop::new(&budget);
        let maps = vector_maps(4);
        for &(m, _) in classes(4).iter().step_by(5) {
            let f = fillings(m, 4, &stop).unwrap();
            for g in maps.iter().step_by(7) {
                assert_eq!(fillings(apply(m, g), 4, &stop), Some(f));
            }
        }
    }

    #[test]
    fn agrees_with_band_composition() {
        // Two independent methods on the shapes both reach: band
        // composition (`count::bands`) and the two stacks.
        for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
            let shape = BoxShape::new(r, c);
            let plan = crate::count::bands::plan(shape).unwrap();
            let opts = Options::default();
            assert_eq!(
                count(shape, &opts),
                crate::count::bands::count(plan, &opts),
                "{r}x{c}"
            );
        }
        let opts = Options::default();
        assert_eq!(
            count(BoxShape::new(2, 4), &opts).to_string(),
            "29136487207403520"
        );
    }

    #[test]
    fn shards_add_up() {
        let whole = count(BoxShape::new(2, 4), &Options::default());
        let sum: BigUint = (0..3)
            .map(|i| {
                let opts = Options {
                    shard: crate::count::Shard::new(i, 3).unwrap(),
                    ..Default::default()
                };
                count(BoxShape::new(2, 4), &opts).value().clone()
            })
            .sum();
        assert_eq!(&sum, whole.value());
    }
}
