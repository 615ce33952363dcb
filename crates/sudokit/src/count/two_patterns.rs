//! 9×9 grids holding two digits on given cells, from a table of the grids
//! holding two digits' whole patterns.
//!
//! A digit's cells in a 9×9 grid form a *pattern*: per band a bijection from
//! its rows to its stacks (`beta[b]`), per stack one from its bands to its
//! columns (`gamma[s]`); 6⁶ = 46,656 patterns. The grids where digit `x`
//! fills pattern `P` and digit `y` fills `Q` number `F(P, Q)`, and `F` is
//! unchanged when rows within bands and columns within stacks are permuted.
//! Those permutations take any `P` to the identity pattern `P0`, and the
//! ones fixing `P0` (a band permutation `π` and a stack permutation `σ`
//! applied to rows as `σ` and columns as `π`: 36 of them) split the 17,972
//! patterns disjoint from `P0` into 528 orbits. `F` on each orbit is
//! `two_patterns_3x3.txt`, written by the `two_pattern_table` example from
//! the counts of `count::completions` (whole patterns, `count::patterns`).
//! Then
//!
//! ```text
//! grids with x on S1 and y on S2 = Σ over P ⊇ S1, Q ⊇ S2, P ∩ Q = ∅ of F(P, Q)
//! ```
//!
//! which `count::symmetry` uses where a position reduces to two repeated
//! digits.

use std::sync::OnceLock;

use num_bigint::BigUint;

/// The table: its first line `total T` (all 9×9 grids, for the shares),
/// then one line `code count` per orbit, `code` the orbit's smallest
/// [`Pattern::code`] relative to `P0`.
const TABLE: &str = include_str!("two_patterns_3x3.txt");

/// The six permutations of 0..3, indexed as in [`Pattern::code`].
const PERMS: [[usize; 3]; 6] = crate::geometry::ORDERS_OF_THREE;

/// A pattern as permutation indices into [`PERMS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    beta: [u8; 3],
    gamma: [u8; 3],
}

struct Perms {
    /// `compose[a][b]` = index of `PERMS[a] ∘ PERMS[b]` (b first).
    compose: [[u8; 6]; 6],
    inverse: [u8; 6],
}

fn perms() -> &'static Perms {
    static P: OnceLock<Perms> = OnceLock::new();
    P.get_or_init(|| {
        let index = |p: [usize; 3]| PERMS.iter().position(|&q| q == p).unwrap_or(0) as u8;
        let mut compose = [[0u8; 6]; 6];
        let mut inverse = [0u8; 6];
        for a in 0..6 {
            for b in 0..6 {
                let (pa, pb) = (PERMS[a], PERMS[b]);
                compose[a][b] = index([pa[pb[0]], pa[pb[1]], pa[pb[2]]]);
            }
            let mut inv = [0usize; 3];
            for (i, &v) in PERMS[a].iter().enumerate() {
                inv[v] = i;
            }
            inverse[a] = index(inv);
        }
        Perms { compose, inverse }
    })
}

impl Pattern {
    fn from_code(mut code: usize) -> Pattern {
        let mut p = Pattern {
            beta: [0; 3],
            gamma: [0; 3],
        };
        for k in 0..6 {
            let v = (code % 6) as u8;
            code /= 6;
            if k < 3 {
                p.beta[k] = v;
            } else {
                p.gamma[k - 3] = v;
            }
        }
        p
    }

    fn code(&self) -> usize {
        self.beta
            .iter()
            .chain(&self.gamma)
            .rev()
            .fold(0, |acc, &v| acc * 6 + v as usize)
    }

    /// The 81-bit set of its cells (row-major).
    fn cells(&self) -> u128 {
        let mut set = 0u128;
        for b in 0..3 {
            for (r, &s) in PERMS[self.beta[b] as usize].iter().enumerate() {
                let c = PERMS[self.gamma[s] as usize][b];
                set |= 1u128 << ((3 * b + r) * 9 + 3 * s + c);
            }
        }
        set
    }

    /// `q` seen from `self`: the image of `q` under the row and column
    /// permutations that take `self` to the identity pattern.
    fn relative(&self, q: &Pattern) -> Pattern {
        let t = perms();
        let mut out = *q;
        for b in 0..3 {
            out.beta[b] = t.compose[q.beta[b] as usize][t.inverse[self.beta[b] as usize] as usize];
        }
        for s in 0..3 {
            out.gamma[s] =
                t.compose[t.inverse[self.gamma[s] as usize] as usize][q.gamma[s] as usize];
        }
        out
    }

    /// The image under the symmetry `(pi, sigma)` fixing the identity
    /// pattern: band `b` goes to `pi(b)` with its rows permuted by `sigma`,
    /// stack `s` to `sigma(s)` with its columns permuted by `pi`.
    fn moved(&self, pi: usize, sigma: usize) -> Pattern {
        let t = perms();
        let mut out = *self;
        let (pp, sp) = (PERMS[pi], PERMS[sigma]);
        let (pi_inv, sigma_inv) = (t.inverse[pi] as usize, t.inverse[sigma] as usize);
        for (&beta, &to) in self.beta.iter().zip(&pp) {
            out.beta[to] = t.compose[sigma][t.compose[beta as usize][sigma_inv] as usize];
        }
        for (&gamma, &to) in self.gamma.iter().zip(&sp) {
            out.gamma[to] = t.compose[pi][t.compose[gamma as usize][pi_inv] as usize];
        }
        out
    }

    /// The smallest code of its orbit under the 36 symmetries.
    fn canonical(&self) -> usize {
        (0..6)
            .flat_map(|pi| (0..6).map(move |sigma| (pi, sigma)))
            .map(|(pi, sigma)| self.moved(pi, sigma).code())
            .min()
            .unwrap_or(0)
    }
}

/// Every pattern with its cells.
fn all() -> &'static [(Pattern, u128)] {
    static ALL: OnceLock<Vec<(Pattern, u128)>> = OnceLock::new();
    ALL.get_or_init(|| {
        (0..46_656)
            .map(|code| {
                let p = Pattern::from_code(code);
                (p, p.cells())
            })
            .collect()
    })
}

/// The orbits' representatives (smallest codes) of the patterns disjoint
/// from the identity pattern, in increasing order: what the table lists.
#[cfg(test)]
fn orbit_representatives() -> Vec<usize> {
    let p0 = all()[0].1;
    let mut reps: Vec<usize> = all()
        .iter()
        .filter(|(_, cells)| cells & p0 == 0)
        .map(|(p, _)| p.canonical())
        .collect();
    reps.sort_unstable();
    reps.dedup();
    reps
}

struct Table {
    total: BigUint,
    /// Per relative code: `F` of its orbit (`None` where the pattern meets
    /// the identity pattern).
    by_code: Vec<Option<u128>>,
}

/// The parsed table, `None` if it does not cover every orbit.
fn table() -> Option<&'static Table> {
    static T: OnceLock<Option<Table>> = OnceLock::new();
    T.get_or_init(|| {
        let mut lines = TABLE.lines().filter(|l| !l.starts_with('#'));
        let total: BigUint = lines.next()?.strip_prefix("total ")?.trim().parse().ok()?;
        let mut by_rep = std::collections::HashMap::new();
        for line in lines {
            let (code, count) = line.split_once(' ')?;
            by_rep.insert(
                code.parse::<usize>().ok()?,
                count.trim().parse::<u128>().ok()?,
            );
        }
        let p0 = all()[0].1;
        let mut by_code = vec![None; 46_656];
        for (p, cells) in all() {
            if cells & p0 == 0 {
                by_code[p.code()] = Some(*by_rep.get(&p.canonical())?);
            }
        }
        Some(Table { total, by_code })
    })
    .as_ref()
}

/// The share `num / den` of all 9×9 grids holding one digit on every cell
/// of `first` and another on every cell of `second` (cells numbered
/// row-major, each set pairwise not peers, the two sets disjoint); `None`
/// if the table is missing.
pub(crate) fn share(first: &[u16], second: &[u16]) -> Option<(BigUint, BigUint)> {
    let table = table()?;
    let mask = |cells: &[u16]| cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
    let (m1, m2) = (mask(first), mask(second));
    let through = |m: u128| -> Vec<&(Pattern, u128)> {
        all().iter().filter(|(_, cells)| cells & m == m).collect()
    };
    let (ps, qs) = (through(m1), through(m2));
    let mut sum = BigUint::default();
    let mut part = 0u128;
    for (p, pc) in &ps {
        for (q, qc) in &qs {
            if pc & qc != 0 {
                continue;
            }
            let f = table.by_code[p.relative(q).code()]?;
            match part.checked_add(f) {
                Some(s) => part = s,
                None => {
                    sum += part;
                    part = f;
                }
            }
        }
    }
    sum += part;
    Some((sum, table.total.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_and_orbits() {
        let p0 = all()[0].1;
        // The identity pattern: row 3b + r, column 3r + b.
        let want = (0..3)
            .flat_map(|b| (0..3).map(move |r| (3 * b + r) * 9 + 3 * r + b))
            .fold(0u128, |m, c| m | 1u128 << c);
        assert_eq!(p0, want);
        let mut sets: Vec<u128> = all().iter().map(|&(_, c)| c).collect();
        sets.sort_unstable();
        sets.dedup();
        assert_eq!(sets.len(), 46_656);
        assert!(sets.iter().all(|c| c.count_ones() == 9));
        assert_eq!(all().iter().filter(|(_, c)| c & p0 == 0).count(), 17_972);
        assert_eq!(orbit_representatives().len(), 528);
        // Every grid with digit 1 on the identity pattern has digit 2 on
        // one pattern disjoint from it, and those grids are a 46,656th of
        // all: the table must add up to that.
        let table = table().expect("the table covers every orbit");
        let sum: BigUint = all()
            .iter()
            .filter(|(_, c)| c & p0 == 0)
            .map(|(q, _)| BigUint::from(table.by_code[q.code()].unwrap()))
            .sum();
        assert_eq!(sum * 46_656u32, table.total);
        // Relative to itself a pattern is the identity; the symmetries fix
        // the identity pattern and keep patterns disjoint from it.
        for (p, cells) in all().iter().step_by(97) {
            assert_eq!(p.relative(p).code(), 0);
            for (pi, sigma) in [(1, 0), (0, 3), (5, 4)] {
                let moved = p.moved(pi, sigma).cells();
                assert_eq!(moved & p0 == 0, cells & p0 == 0);
            }
        }
    }
}

/// Writes or checks the table (release; the ignored run recounts every
/// sixteenth orbit, `SUDOKIT_WRITE_TABLE=1` recounts all and writes the file):
/// `cargo test --release -p sudokit --lib two_patterns -- --ignored`.
#[cfg(test)]
mod table_tests {
    use super::*;
    use crate::count::{self, patterns, Stop};
    use crate::geometry::{BoxShape, Geometry};
    use crate::limits::Limits;
    use rayon::prelude::*;

    /// Grids with digit 1 on the pattern `p` and digit 2 on `q` (codes).
    fn whole_pair(p: usize, q: usize) -> u128 {
        let geo = Geometry::square(BoxShape::new(3, 3), &[]).unwrap();
        let mut values = vec![0u16; 81];
        for (digit, code) in [(1, p), (2, q)] {
            let cells = Pattern::from_code(code).cells();
            for (i, v) in values.iter_mut().enumerate() {
                if cells >> i & 1 == 1 {
                    *v = digit;
                }
            }
        }
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        let n = patterns::whole_patterns(&geo, &values, &stop)
            .unwrap()
            .unwrap();
        u128::try_from(n).unwrap()
    }

    #[test]
    #[ignore = "release: counts grids holding two whole digits"]
    fn table_matches_whole_pattern_counts() {
        let reps = orbit_representatives();
        if std::env::var_os("SUDOKIT_WRITE_TABLE").is_some() {
            let geo = std::sync::Arc::new(Geometry::square(BoxShape::new(3, 3), &[]).unwrap());
            let total = count::grids(&geo, &count::Options::default());
            assert!(total.is_exact());
            let counts: Vec<u128> = reps.par_iter().map(|&c| whole_pair(0, c)).collect();
            let mut text = String::from(
                "# Grids holding digit 1 on the identity pattern and digit 2 on each orbit's\n\
                 # smallest pattern (count/two_patterns.rs); written by\n\
                 # SUDOKIT_WRITE_TABLE=1 cargo test --release -p sudokit --lib two_patterns -- --ignored\n",
            );
            text += &format!("total {}\n", total.value());
            for (code, f) in reps.iter().zip(&counts) {
                text += &format!("{code} {f}\n");
            }
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/count/two_patterns_3x3.txt"
            );
            std::fs::write(path, text).unwrap();
            return;
        }
        let table = table().expect("the table covers every orbit");
        for &code in reps.iter().step_by(16) {
            assert_eq!(
                table.by_code[code],
                Some(whole_pair(0, code)),
                "orbit of {code}"
            );
        }
        // Pairs away from the identity pattern: the table read through
        // `relative` against a direct count.
        let mut checked = 0;
        for (i, (p, pc)) in all().iter().enumerate().skip(5_000).step_by(9_001) {
            let (q, _) = all()
                .iter()
                .skip(i % 977)
                .step_by(31)
                .find(|(_, qc)| qc & pc == 0)
                .unwrap();
            let f = table.by_code[p.relative(q).code()];
            assert_eq!(f, Some(whole_pair(p.code(), q.code())), "{p:?} {q:?}");
            checked += 1;
        }
        assert_eq!(checked, 5);
    }
}
