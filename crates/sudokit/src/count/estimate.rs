//! An estimate of a count too large to finish: Knuth's random-probe
//! estimator of the search tree (D. E. Knuth, "Estimating the efficiency
//! of backtrack programs", 1975).
//!
//! A probe walks from the grid to a leaf: at each node it fills the empty
//! cell with the fewest candidates (the first such cell: a fixed rule, as
//! the estimator needs) with a digit drawn uniformly among them, and
//! multiplies its weight by the number of choices. A probe that completes
//! the grid is worth its weight; one that meets a cell with no candidate is
//! worth 0. The expected worth of one probe is exactly the number of
//! completions, so the mean of many probes is an unbiased estimate, with
//! the standard error of a mean as its error bar. The spread can be large
//! (the tree is uneven): the error bar says how much.
//!
//! Only the board's units are used (rows, columns, boxes or regions and
//! the variants' extra units), as by [`super::completions`].

use rand::{Rng, SeedableRng};

use crate::grid::Grid;
use crate::validate::{check_givens, Contradiction};

/// The result of [`estimate`]: natural logarithms, since the counts of
/// large boards overflow a float.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Probes drawn.
    pub probes: u64,
    /// Natural log of the estimated count (`-inf` when every probe met a
    /// dead end: no completion seen).
    pub ln_mean: f64,
    /// Natural log of the standard error of the estimate (`-inf` when 0).
    pub ln_std_error: f64,
}

impl Estimate {
    /// The estimated count as a float (infinite beyond `f64`).
    pub fn mean(&self) -> f64 {
        self.ln_mean.exp()
    }

    /// The standard error as a float.
    pub fn std_error(&self) -> f64 {
        self.ln_std_error.exp()
    }

    /// The standard error relative to the estimate (0.1 = ±10 %).
    pub fn relative_error(&self) -> f64 {
        (self.ln_std_error - self.ln_mean).exp()
    }
}

/// Estimates the number of completions of `grid` from `probes` random
/// probes drawn with `seed` (the same seed gives the same estimate).
pub fn estimate(grid: &Grid, probes: u64, seed: u64) -> Result<Estimate, Contradiction> {
    check_givens(grid)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut logs = Vec::with_capacity(probes as usize);
    for _ in 0..probes {
        if let Some(w) = probe(grid, &mut rng) {
            logs.push(w);
        }
    }
    Ok(summarize(&logs, probes))
}

/// Mean and standard error of the probes' worths, given the logs of the
/// non-zero ones, computed relative to the largest to stay finite.
fn summarize(logs: &[f64], probes: u64) -> Estimate {
    let k = probes.max(1) as f64;
    let Some(top) = logs.iter().copied().reduce(f64::max) else {
        return Estimate {
            probes,
            ln_mean: f64::NEG_INFINITY,
            ln_std_error: f64::NEG_INFINITY,
        };
    };
    let scaled: Vec<f64> = logs.iter().map(|l| (l - top).exp()).collect();
    let mean = scaled.iter().sum::<f64>() / k;
    // Zero-worth probes count in the variance too.
    let zeros = k - scaled.len() as f64;
    let sq: f64 = scaled.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() + zeros * mean * mean;
    let var = if k > 1.0 { sq / (k - 1.0) } else { 0.0 };
    let se = (var / k).sqrt();
    Estimate {
        probes,
        ln_mean: top + mean.ln(),
        ln_std_error: if se > 0.0 {
            top + se.ln()
        } else {
            f64::NEG_INFINITY
        },
    }
}

/// One probe: the log of its weight when it completes the grid, `None` at
/// a dead end.
fn probe(grid: &Grid, rng: &mut impl Rng) -> Option<f64> {
    let g = grid.geometry();
    let n = g.n();
    let all: u128 = if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    let mut used = vec![0u128; g.units().len()];
    let mut cells = grid.cells().to_vec();
    for (c, &v) in cells.iter().enumerate() {
        if v != 0 {
            for &u in g.units_of(c) {
                used[u as usize] |= 1u128 << (v - 1);
            }
        }
    }
    let mut log_weight = 0.0f64;
    loop {
        // The first empty cell with the fewest candidates.
        let mut best: Option<(usize, u128, u32)> = None;
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                continue;
            }
            let mut free = all;
            for &u in g.units_of(c) {
                free &= !used[u as usize];
            }
            let k = free.count_ones();
            if k == 0 {
                return None;
            }
            if best.map_or(true, |(_, _, b)| k < b) {
                best = Some((c, free, k));
                if k == 1 {
                    break;
                }
            }
        }
        let Some((c, mut free, k)) = best else {
            return Some(log_weight);
        };
        log_weight += f64::from(k).ln();
        for _ in 0..rng.random_range(0..k) {
            free &= free - 1;
        }
        let d = free.trailing_zeros() as u16;
        cells[c] = d + 1;
        for &u in g.units_of(c) {
            used[u as usize] |= 1u128 << d;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_one;
    use crate::format::ParseOptions;

    /// A position with a known number of completions: the error bar covers
    /// the true count (at four standard errors; a fixed seed).
    #[test]
    fn estimate_brackets_a_known_count() {
        // The Wikipedia puzzle with its first row emptied: counted exactly
        // by the library's counter, which the estimate must agree with.
        let text =
            ".........6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = parse_one(text, &ParseOptions::default()).unwrap();
        let exact = crate::count::completions(&grid, &Default::default()).unwrap();
        let exact: f64 = exact.value().to_string().parse().unwrap();
        let e = estimate(&grid, 20_000, 7).unwrap();
        assert!(
            (e.mean() - exact).abs() <= 4.0 * e.std_error(),
            "estimate {} ± {} vs exact {exact}",
            e.mean(),
            e.std_error()
        );
        assert!(exact > 1.0);
    }

    #[test]
    fn a_full_grid_is_one_and_a_dead_end_an_error() {
        let full =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let grid = parse_one(full, &ParseOptions::default()).unwrap();
        let e = estimate(&grid, 10, 1).unwrap();
        assert_eq!((e.mean(), e.std_error()), (1.0, 0.0));
        // r1c9 can hold nothing (its row has 1-8 and its column 9): the
        // givens' check says so before any probe.
        let dead = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        let grid = parse_one(&dead, &ParseOptions::default()).unwrap();
        assert!(estimate(&grid, 10, 1).is_err());
    }
}
