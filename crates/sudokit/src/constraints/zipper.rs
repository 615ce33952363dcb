//! Zipper lines: digits the same distance from the line's middle sum to
//! the same total, which is the middle digit on a line of odd length.
//! Propagation by enumeration from both ends inwards
//! ([`super::family::enumerate`]).

use super::family::{Family, LineRule};

/// `zipper: r1c1 r1c2 r1c3`.
pub(crate) struct Zipper;

impl LineRule for Zipper {
    const KEY: &'static str = "zipper";
    const FPUZZLES_KEY: &'static str = "zipperline";
    const WHAT: &'static str = "a zipper line";
    const STROKE: (&'static str, f64) = ("#b58cd9", 0.18);
    const FAMILY: &'static dyn Family = &Zipper;

    fn order(cells: &[usize]) -> Vec<usize> {
        inward(cells)
    }

    fn ok(_n: usize, len: usize, v: &[u32]) -> bool {
        ok(len, v)
    }

    fn rule_text(line: &str, _n: usize) -> String {
        format!(
            "digits the same distance from the middle of the zipper line {line} have the same sum"
        )
    }
}

/// The line's cells from both ends inwards: first, last, second, second
/// last, …, the middle cell (odd length) at the end.
fn inward(cells: &[usize]) -> Vec<usize> {
    let k = cells.len();
    let mut out = Vec::with_capacity(k);
    for i in 0..k / 2 {
        out.push(cells[i]);
        out.push(cells[k - 1 - i]);
    }
    if k % 2 == 1 {
        out.push(cells[k / 2]);
    }
    out
}

/// Digits in [`inward`] order on a line of `k` cells: every complete pair
/// has the first pair's sum; the middle digit of an odd line (last in this
/// order) equals it, and the first digit of a pair still open is below it.
fn ok(k: usize, v: &[u32]) -> bool {
    if v.len() < 2 {
        return true;
    }
    let total = v[0] + v[1];
    v.chunks(2).all(|p| match p {
        [a, b] => a + b == total,
        [m] if v.len() == k => *m == total,
        [a] => *a < total,
        _ => true,
    })
}
