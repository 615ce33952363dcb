//! Arrows: the circle's number equals the sum along the arrow, with runs of
//! arrow cells that share a unit.

use crate::constraints::mask::{digits, hi, lo, restrict, Narrowed, Wipeout};

fn weight(circle: &[usize], i: usize) -> i64 {
    10i64.pow((circle.len() - 1 - i) as u32)
}

/// Narrows an arrow whose cells form runs ending at `ends` (cells of a run
/// share a unit; one cell per run: bounds only).
pub(crate) fn propagate(
    cand: &mut [u64],
    circle: &[usize],
    arrow: &[usize],
    ends: &[usize],
) -> Narrowed {
    let mut changed = bounds(cand, circle, arrow)?;
    if ends.len() == arrow.len() || circle.len() > 2 {
        return Ok(changed);
    }
    // The circle's values as a set of totals (at most 99 on two cells).
    let (first, last) = (circle[0], circle[circle.len() - 1]);
    let tens = if circle.len() == 2 { cand[first] } else { 1 };
    let mut targets = 0u128;
    for t in digits(tens) {
        let t = if circle.len() == 2 { t } else { 0 };
        for u in digits(cand[last]) {
            let v = 10 * t + u;
            if v < 128 {
                targets |= 1 << v;
            }
        }
    }
    let Some((c, reach)) = super::diagonal::narrow(cand, arrow, ends, targets)? else {
        return Ok(changed);
    };
    changed |= c;
    let (mut keep_tens, mut keep_units) = (0u64, 0u64);
    for t in digits(tens) {
        let t = if circle.len() == 2 { t } else { 0 };
        for u in digits(cand[last]) {
            let v = 10 * t + u;
            if v < 128 && reach >> v & 1 == 1 {
                keep_units |= crate::constraints::mask::bit(u);
                if t > 0 {
                    keep_tens |= crate::constraints::mask::bit(t);
                }
            }
        }
    }
    changed |= restrict(cand, last, keep_units)?;
    if circle.len() == 2 {
        changed |= restrict(cand, first, keep_tens)?;
    }
    Ok(changed)
}

/// Bounds on both sides.
fn bounds(cand: &mut [u64], circle: &[usize], arrow: &[usize]) -> Narrowed {
    let mut changed = false;
    // Circle range.
    let circle_range = |cand: &[u64]| {
        circle
            .iter()
            .enumerate()
            .fold((0i64, 0i64), |(l, h), (i, &c)| {
                let w = weight(circle, i);
                (l + w * lo(cand[c]) as i64, h + w * hi(cand[c]) as i64)
            })
    };
    let arrow_range = |cand: &[u64]| {
        arrow.iter().fold((0i64, 0i64), |(l, h), &c| {
            (l + lo(cand[c]) as i64, h + hi(cand[c]) as i64)
        })
    };
    let (cl, ch) = circle_range(cand);
    let (al, ah) = arrow_range(cand);
    let (lo_v, hi_v) = (cl.max(al), ch.min(ah));
    if lo_v > hi_v {
        return Err(Wipeout);
    }
    // Each arrow digit leaves the other arrow cells a sum in range.
    for &c in arrow {
        let (l, h) = (lo(cand[c]) as i64, hi(cand[c]) as i64);
        let keep = digits(cand[c])
            .filter(|&d| {
                let d = d as i64;
                al - l + d <= hi_v && ah - h + d >= lo_v
            })
            .fold(0, |m, d| m | crate::constraints::mask::bit(d));
        changed |= restrict(cand, c, keep)?;
    }
    // Each circle digit, at its place value, likewise.
    for (i, &c) in circle.iter().enumerate() {
        let w = weight(circle, i);
        let (l, h) = (lo(cand[c]) as i64, hi(cand[c]) as i64);
        let keep = digits(cand[c])
            .filter(|&d| {
                let d = d as i64;
                cl - w * l + w * d <= hi_v && ch - w * h + w * d >= lo_v
            })
            .fold(0, |m, d| m | crate::constraints::mask::bit(d));
        changed |= restrict(cand, c, keep)?;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::mask::bit;

    const FULL: u64 = 0x1ff;

    #[test]
    fn an_arrow_inside_a_box_takes_distinct_digits() {
        // Circle r1c1 is 2 or 3; arrow r2c2 r3c3 lies in box 1 (one run):
        // 1 + 1 is out, so the circle is 3 and the arrow 1 and 2.
        let mut cand = vec![FULL; 81];
        cand[0] = bit(2) | bit(3);
        propagate(&mut cand, &[0], &[10, 20], &[2]).unwrap();
        assert_eq!(cand[0], bit(3));
        assert_eq!(cand[10], bit(1) | bit(2));
        // Two runs of one cell (bounds only): 2 stays.
        let mut cand = vec![FULL; 81];
        cand[0] = bit(2) | bit(3);
        propagate(&mut cand, &[0], &[10, 20], &[1, 2]).unwrap();
        assert_eq!(cand[0], bit(2) | bit(3));
    }

    #[test]
    fn the_circle_meets_the_exact_totals() {
        // Arrow of three cells of box 5 (one run, distinct digits), each 1
        // to 3: its only total is 6, so a circle of 5 or 7 fails (bounds
        // alone see 3..9 on the arrow and keep both).
        let arrow = [30, 31, 40];
        let mut cand = vec![FULL; 81];
        cand[0] = bit(5) | bit(7);
        for &c in &arrow {
            cand[c] = bit(1) | bit(2) | bit(3);
        }
        assert_eq!(propagate(&mut cand, &[0], &arrow, &[3]), Err(Wipeout));
        // A two-cell circle r1c1 r1c2 with tens 1, two arrow cells within
        // 1..3: totals 1 + 2 + 4 = 7 up to 2 + 3 + 9 = 14, so the units
        // digit is 1..=4.
        let mut cand = vec![FULL; 81];
        cand[0] = bit(1);
        cand[30] = bit(1) | bit(2) | bit(3);
        cand[31] = bit(1) | bit(2) | bit(3);
        propagate(&mut cand, &[0, 1], &arrow, &[3]).unwrap();
        assert_eq!(cand[1], bit(1) | bit(2) | bit(3) | bit(4));
    }
}
