//! Candidate masks (bit `d - 1` for digit `d`) and the narrowing every
//! propagator shares: a wipe-out, restricting a cell, digits of a mask.

/// Why a propagator gave up: the masks admit no solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Wipeout;

/// The result of a propagator: whether any mask changed.
pub(crate) type Narrowed = Result<bool, Wipeout>;

/// Intersects `cand[cell]` with `keep`; an empty result is a wipe-out.
#[inline]
pub(crate) fn restrict(cand: &mut [u64], cell: usize, keep: u64) -> Narrowed {
    let old = cand[cell];
    let new = old & keep;
    if new == 0 {
        return Err(Wipeout);
    }
    cand[cell] = new;
    Ok(new != old)
}

/// Bit of digit `d` (1-based).
#[inline]
pub(crate) fn bit(d: u32) -> u64 {
    1u64 << (d - 1)
}

/// Smallest digit of a non-empty mask.
#[inline]
pub(crate) fn lo(m: u64) -> u32 {
    m.trailing_zeros() + 1
}

/// Largest digit of a non-empty mask.
#[inline]
pub(crate) fn hi(m: u64) -> u32 {
    64 - m.leading_zeros()
}

/// Digits `a..=b` as a mask (empty when `a > b`; clipped to 1..=64).
#[inline]
pub(crate) fn range(a: i64, b: i64) -> u64 {
    let a = a.max(1);
    let b = b.min(64);
    if a > b {
        return 0;
    }
    let upto = |k: i64| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
    upto(b) & !upto(a - 1)
}

/// The digits of a mask, ascending.
pub(crate) fn digits(mut m: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() + 1;
            m &= m - 1;
            d
        })
    })
}

/// Orthogonally adjacent pairs `(a, b)` with `a < b` of an N×N board.
pub(crate) fn orthogonal_pairs(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = r * n + c;
            if c + 1 < n {
                out.push((a, a + 1));
            }
            if r + 1 < n {
                out.push((a, a + n));
            }
        }
    }
    out
}

/// The digits of `table`'s relation compatible with some digit of `m`.
pub(crate) fn support(m: u64, table: &[u64]) -> u64 {
    digits(m).fold(0, |acc, d| acc | table[d as usize - 1])
}
