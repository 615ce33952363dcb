//! X-sums: a clue outside the grid gives the sum of the first X digits of
//! its row or column, X being the first digit. Propagation over the sets
//! of digits a prefix of the line can use
//! ([`super::family::line_permutations`]).

use super::family::{line_permutations, Family};
use super::mask::{bit, digits, Narrowed};
use super::outside::{Outside, OutsideRule};

/// `x-sum: 15 r1c1 right` (the sum, the first cell, the reading direction).
pub(crate) struct XSum;

impl OutsideRule for XSum {
    const KEY: &'static str = "x-sum";
    const FPUZZLES_KEY: &'static str = "xsum";
    const WHAT: &'static str = "an X-sum";
    const FRAMED: bool = false;
    const FAMILY: &'static dyn Family = &Outside::<XSum>::FAMILY;

    fn holds(sum: i64, line: &[u16]) -> bool {
        let x = line.first().map_or(0, |&d| usize::from(d));
        line.iter().take(x).map(|&d| i64::from(d)).sum::<i64>() == sum
    }

    fn propagate(sum: i64, cand: &mut [u64], cells: &[usize], n: usize) -> Narrowed {
        // The state is X, the first digit; the sum of a prefix is the sum
        // of the digits it used.
        let step = |x: usize, used: u64, d: u32| {
            let x = if used == 0 { d as usize } else { x };
            let len = used.count_ones() as usize + 1;
            if len > x {
                return Some(x);
            }
            let taken: i64 = digits(used | bit(d)).map(i64::from).sum();
            // Each digit still to come within X adds at least 1.
            let fits = if len == x {
                taken == sum
            } else {
                taken + (x - len) as i64 <= sum
            };
            fits.then_some(x)
        };
        line_permutations(cand, cells, n + 1, &step, &|_| true)
    }

    fn rule_text(sum: i64, first: &str, direction: &str) -> String {
        format!(
            "the first X digits from {first} {direction} sum to {sum}, X being the first of them"
        )
    }
}
