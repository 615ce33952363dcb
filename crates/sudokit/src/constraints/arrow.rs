//! Arrows: the digits on the arrow sum to the number in the circle.
//!
//! A circle of several cells reads as a decimal number, first cell first
//! (as setters draw two- and three-cell "pills"). Propagation is by bounds:
//! the circle's range and the arrow's range must meet, and each digit must
//! leave the rest a value inside the other side's range.

use super::{digits, hi, lo, restrict, Narrowed, Wipeout};

/// The circle's number from its digits.
pub(super) fn circle_value(circle: &[usize], v: &dyn Fn(usize) -> u32) -> u64 {
    circle.iter().fold(0u64, |acc, &c| acc * 10 + v(c) as u64)
}

pub(super) fn satisfied(circle: &[usize], arrow: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    circle_value(circle, v) == arrow.iter().map(|&c| v(c) as u64).sum::<u64>()
}

fn weight(circle: &[usize], i: usize) -> i64 {
    10i64.pow((circle.len() - 1 - i) as u32)
}

pub(super) fn propagate(cand: &mut [u64], circle: &[usize], arrow: &[usize]) -> Narrowed {
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
            .fold(0, |m, d| m | super::bit(d));
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
            .fold(0, |m, d| m | super::bit(d));
        changed |= restrict(cand, c, keep)?;
    }
    Ok(changed)
}
