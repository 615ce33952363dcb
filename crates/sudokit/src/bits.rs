//! Fixed-width digit sets.
//!
//! The generic solver stores one candidate set per cell. Its width is chosen once
//! per puzzle from N (the number of digits): a 9×9 board uses `u16`, a 25×25 board
//! `u32`, a 400×400 board `Wide<8>` (the width steps are powers of two: see
//! `with_digit_set!`). The solver is monomorphised over
//! [`DigitSet`], so small boards never pay for the width of large ones.
//!
//! Digits inside a set are 0-based (`0..N`); the public API uses 1-based values.

use std::fmt::Debug;

/// A set of digits `0..capacity`, as a bit set.
pub trait DigitSet: Copy + Eq + Debug + Send + Sync + 'static {
    /// Largest N this set type can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// `{0, 1, …, n-1}`.
    fn full(n: usize) -> Self;
    /// `{d}`.
    fn single(d: usize) -> Self;
    fn contains(&self, d: usize) -> bool;
    fn insert(&mut self, d: usize);
    fn remove(&mut self, d: usize);
    fn len(&self) -> u32;
    fn is_empty(&self) -> bool;
    /// Smallest digit in the set; `None` when empty.
    fn first(&self) -> Option<usize>;
    fn union(self, other: Self) -> Self;
    fn intersection(self, other: Self) -> Self;
    /// `self \ other`.
    fn difference(self, other: Self) -> Self;

    /// True when the set holds exactly one digit.
    #[inline]
    fn is_single(&self) -> bool {
        self.len() == 1
    }

    /// Iterates the digits in increasing order.
    #[inline]
    fn iter(self) -> DigitIter<Self> {
        DigitIter(self)
    }
}

/// Iterator over the digits of a [`DigitSet`], smallest first.
#[derive(Clone, Copy, Debug)]
pub struct DigitIter<B>(B);

impl<B: DigitSet> Iterator for DigitIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let d = self.0.first()?;
        self.0.remove(d);
        Some(d)
    }
}

macro_rules! primitive_set {
    ($t:ty) => {
        impl DigitSet for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline]
            fn full(n: usize) -> Self {
                if n >= Self::CAPACITY {
                    <$t>::MAX
                } else {
                    ((1 as $t) << n) - 1
                }
            }
            #[inline]
            fn single(d: usize) -> Self {
                (1 as $t) << d
            }
            #[inline]
            fn contains(&self, d: usize) -> bool {
                (*self >> d) & 1 != 0
            }
            #[inline]
            fn insert(&mut self, d: usize) {
                *self |= (1 as $t) << d;
            }
            #[inline]
            fn remove(&mut self, d: usize) {
                *self &= !((1 as $t) << d);
            }
            #[inline]
            fn len(&self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn is_empty(&self) -> bool {
                *self == 0
            }
            #[inline]
            fn is_single(&self) -> bool {
                *self != 0 && *self & (*self - 1) == 0
            }
            #[inline]
            fn first(&self) -> Option<usize> {
                if *self == 0 {
                    None
                } else {
                    Some(self.trailing_zeros() as usize)
                }
            }
            #[inline]
            fn union(self, other: Self) -> Self {
                self | other
            }
            #[inline]
            fn intersection(self, other: Self) -> Self {
                self & other
            }
            #[inline]
            fn difference(self, other: Self) -> Self {
                self & !other
            }
        }
    };
}

primitive_set!(u16);
primitive_set!(u32);
primitive_set!(u64);

/// A digit set of `64 * W` bits, for boards with more than 64 digits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const W: usize>(pub [u64; W]);

impl<const W: usize> DigitSet for Wide<W> {
    const CAPACITY: usize = 64 * W;
    const EMPTY: Self = Wide([0; W]);
    fn full(n: usize) -> Self {
        let mut s = Self::EMPTY;
        for (i, w) in s.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }
    #[inline]
    fn single(d: usize) -> Self {
        let mut s = Self::EMPTY;
        s.0[d / 64] = 1 << (d % 64);
        s
    }
    #[inline]
    fn contains(&self, d: usize) -> bool {
        (self.0[d / 64] >> (d % 64)) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, d: usize) {
        self.0[d / 64] |= 1 << (d % 64);
    }
    #[inline]
    fn remove(&mut self, d: usize) {
        self.0[d / 64] &= !(1 << (d % 64));
    }
    #[inline]
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
    #[inline]
    fn union(mut self, other: Self) -> Self {
        for i in 0..W {
            self.0[i] |= other.0[i];
        }
        self
    }
    #[inline]
    fn intersection(mut self, other: Self) -> Self {
        for i in 0..W {
            self.0[i] &= other.0[i];
        }
        self
    }
    #[inline]
    fn difference(mut self, other: Self) -> Self {
        for i in 0..W {
            self.0[i] &= !other.0[i];
        }
        self
    }
}

/// Calls `$body` with the type alias `$B` bound to the narrowest [`DigitSet`]
/// that holds `$n` digits. Evaluates to `None` when `$n` exceeds every width.
macro_rules! with_digit_set {
    ($n:expr, $B:ident => $body:expr) => {{
        let n: usize = $n;
        if n <= 16 {
            type $B = u16;
            Some($body)
        } else if n <= 32 {
            type $B = u32;
            Some($body)
        } else if n <= 64 {
            type $B = u64;
            Some($body)
        } else if n <= 128 {
            type $B = $crate::bits::Wide<2>;
            Some($body)
        } else if n <= 256 {
            type $B = $crate::bits::Wide<4>;
            Some($body)
        } else if n <= 512 {
            type $B = $crate::bits::Wide<8>;
            Some($body)
        } else {
            None
        }
    }};
}
pub(crate) use with_digit_set;

/// Largest number of digits (N) any supported board may have.
pub const MAX_DIGITS: usize = 512;

/// The `u64` candidate mask holding every digit of an N-digit board (the
/// constraint search's and the puzzle's candidate masks; all ones from 64).
pub(crate) fn full_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: DigitSet>(n: usize) {
        let full = B::full(n);
        assert_eq!(full.len() as usize, n);
        assert_eq!(full.iter().collect::<Vec<_>>(), (0..n).collect::<Vec<_>>());
        let mut s = B::EMPTY;
        assert!(s.is_empty());
        s.insert(n - 1);
        s.insert(0);
        assert_eq!(s.first(), Some(0));
        assert!(!s.is_single());
        s.remove(0);
        assert!(s.is_single());
        assert_eq!(s.first(), Some(n - 1));
        assert_eq!(full.difference(s).len() as usize, n - 1);
        assert_eq!(full.intersection(s), s);
        assert_eq!(B::EMPTY.union(s), s);
    }

    #[test]
    fn all_widths_behave_alike() {
        exercise::<u16>(9);
        exercise::<u16>(16);
        exercise::<u32>(25);
        exercise::<u64>(64);
        exercise::<Wide<2>>(100);
        exercise::<Wide<8>>(400);
        exercise::<Wide<8>>(512);
    }
}
