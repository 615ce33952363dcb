//! Between lines: the digits inside lie strictly between the digits at the
//! ends.

use crate::constraints::mask::{bit, digits, hi, lo, range, restrict, Narrowed};

pub(crate) fn propagate(cand: &mut [u64], cells: &[usize]) -> Narrowed {
    if cells.len() < 3 {
        return Ok(false);
    }
    let (e1, e2) = (cells[0], cells[cells.len() - 1]);
    let middle = &cells[1..cells.len() - 1];
    let mut changed = false;
    // A middle digit needs one end below it and the other above.
    for &c in middle {
        let keep = digits(cand[c])
            .filter(|&m| {
                (lo(cand[e1]) < m && hi(cand[e2]) > m) || (lo(cand[e2]) < m && hi(cand[e1]) > m)
            })
            .fold(0, |acc, d| acc | bit(d));
        changed |= restrict(cand, c, keep)?;
    }
    // An end digit needs a partner at the other end that leaves every
    // middle cell a digit strictly between them.
    let fits = |cand: &[u64], a: u32, b: u32| {
        let inside = range(a.min(b) as i64 + 1, a.max(b) as i64 - 1);
        middle.iter().all(|&c| cand[c] & inside != 0)
    };
    for (end, other) in [(e1, e2), (e2, e1)] {
        let keep = digits(cand[end])
            .filter(|&a| digits(cand[other]).any(|b| fits(cand, a, b)))
            .fold(0, |acc, d| acc | bit(d));
        changed |= restrict(cand, end, keep)?;
    }
    Ok(changed)
}
