//! Exact counters: `u128` while it fits, arbitrary precision when it does not.
//!
//! The search adds leaves one by one and multiplies subtree counts by small
//! symmetry factors. Doing that in `u128` is fast and covers every count an
//! enumeration can reach; the checked operations report the rare overflow (huge
//! symmetry factors on a nearly empty large board) so the caller can redo the
//! subtree with [`BigUint`], which never overflows.

use num_bigint::BigUint;

/// The count no longer fits the counter's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Overflow;

/// A non-negative counter with overflow-checked addition.
pub(crate) trait Tally: Sized + Send {
    fn zero() -> Self;
    /// `self += k`.
    fn add_small(&mut self, k: u64) -> Result<(), Overflow>;
    /// `self += other · k`.
    fn add_scaled(&mut self, other: &Self, k: u64) -> Result<(), Overflow>;
    fn into_big(self) -> BigUint;
}

impl Tally for u128 {
    fn zero() -> Self {
        0
    }
    #[inline]
    fn add_small(&mut self, k: u64) -> Result<(), Overflow> {
        *self = self.checked_add(k as u128).ok_or(Overflow)?;
        Ok(())
    }
    #[inline]
    fn add_scaled(&mut self, other: &Self, k: u64) -> Result<(), Overflow> {
        let x = other.checked_mul(k as u128).ok_or(Overflow)?;
        *self = self.checked_add(x).ok_or(Overflow)?;
        Ok(())
    }
    fn into_big(self) -> BigUint {
        BigUint::from(self)
    }
}

impl Tally for BigUint {
    fn zero() -> Self {
        BigUint::default()
    }
    fn add_small(&mut self, k: u64) -> Result<(), Overflow> {
        *self += k;
        Ok(())
    }
    fn add_scaled(&mut self, other: &Self, k: u64) -> Result<(), Overflow> {
        *self += other * k;
        Ok(())
    }
    fn into_big(self) -> BigUint {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u128_reports_overflow_bigint_does_not() {
        let mut a: u128 = u128::MAX - 1;
        assert_eq!(a.add_small(1), Ok(()));
        assert_eq!(a.add_small(1), Err(Overflow));
        let mut b = BigUint::from(u128::MAX);
        b.add_scaled(&BigUint::from(2u8), 3).unwrap();
        assert_eq!(b, BigUint::from(u128::MAX) + 6u8);
    }
}
