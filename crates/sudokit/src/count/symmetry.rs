//! Completions that follow from the number of grids by symmetry alone.
//!
//! On a plain board with boxes of `r` rows and `c` columns (`N = r·c`), the
//! count of completions of a few givens is often a fixed share of all grids,
//! found without counting anything beyond the total. Two facts give it:
//!
//! * **Relabelling.** Only which givens hold equal digits matters, not the
//!   digits themselves. Take a *singleton*: a given whose digit appears in no
//!   other given. Summing over the digit at its cell, the completions of the
//!   other givens split into those where the cell repeats the digit of
//!   another given's block, and `N − m` equal parts (one per digit unused by
//!   the `m` other blocks, exchanged by relabelling) where it is the
//!   singleton. So
//!
//!   ```text
//!   count(π) = (count(π − c) − Σ_B count(π − c, c joined to block B)) / (N − m)
//!   ```
//!
//!   which trades the singleton for positions with fewer distinct digits or
//!   fewer givens.
//! * **One digit's cells.** The cells of one digit in a grid form a
//!   *pattern*: one cell per row, column and box. Permuting bands, stacks,
//!   rows within a band and columns within a stack maps grids to grids and
//!   acts transitively on patterns (within a band, the pattern is a bijection
//!   from its `r` rows to its `r` boxes; within a stack, from its `c` boxes
//!   to its `c` columns; both can be moved to the identity). So every
//!   pattern of a fixed digit occurs in the same number of grids, and the
//!   grids holding one digit on a set `S` of cells are the total times the
//!   share of patterns that contain `S`: per band `(r − f)! / r!`, per stack
//!   `(c − f)! / c!`, with `f` the cells of `S` in it.
//!
//! Applied until no singleton is left, any position with at most three
//! givens ends in single patterns, and so do larger ones whose digits
//! collapse onto one (three equal and one other, say). Two repeated digits
//! (`x` on two cells, `y` on two others) need the grids where two digits'
//! patterns pass through given cells, which symmetry alone does not fix; on
//! 9×9 they come from a table of the 528 kinds of pattern pairs
//! (`count::two_patterns`), so any four or five givens are exact too. Three
//! repeated digits and more are left to band composition.

use std::collections::HashMap;

use num_bigint::{BigInt, BigUint, Sign};

use super::two_patterns;
use crate::geometry::Geometry;

/// How many positions the recursion may visit before giving up. One it can
/// answer needs few: the partitions of subsets of its givens, at most 203
/// for five givens.
const MAX_POSITIONS: usize = 4096;

/// The share `num / den` of all grids that complete these givens, when it
/// follows from symmetry (see the module docs). `values` is the plain board,
/// row by row, 0 for an empty cell; the givens must not contradict each
/// other in a unit (a repeated digit in a unit gives 0).
pub(crate) fn share(geo: &Geometry, values: &[u16]) -> Option<(BigUint, BigUint)> {
    let (board, givens) = position(geo, values)?;
    // A dry run first: whether every branch ends in a case covered, before
    // any pattern sum is paid for.
    Shares::new(board, true).of(givens.clone())?;
    let share = Shares::new(board, false).of(givens)?;
    let num = share.num.to_biguint()?;
    Some((num, share.den))
}

/// Whether [`share`] answers (without computing the share).
pub(crate) fn applies(geo: &Geometry, values: &[u16]) -> bool {
    position(geo, values)
        .is_some_and(|(board, givens)| Shares::new(board, true).of(givens).is_some())
}

/// The board and its givens as a [`Position`]: blocks numbered by the
/// digit's first given, so positions equal under relabelling share one
/// memo entry.
fn position(geo: &Geometry, values: &[u16]) -> Option<(Board, Position)> {
    let shape = geo.box_shape();
    let (r, c) = (shape.rows, shape.cols);
    let n = r * c;
    if n != geo.n() || values.len() != n * n || n > 255 {
        return None;
    }
    let mut block_of_digit = HashMap::new();
    let mut givens = Vec::new();
    for (cell, &v) in values.iter().enumerate() {
        if v != 0 {
            let next = block_of_digit.len();
            let block = *block_of_digit.entry(v).or_insert(next);
            givens.push((u16::try_from(cell).ok()?, block as u8));
        }
    }
    Some((Board { r, c, n }, givens))
}

#[derive(Clone, Copy)]
struct Board {
    r: usize,
    c: usize,
    n: usize,
}

impl Board {
    fn sees(&self, a: u16, b: u16) -> bool {
        let (a, b) = (a as usize, b as usize);
        let (ra, ca, rb, cb) = (a / self.n, a % self.n, b / self.n, b % self.n);
        ra == rb || ca == cb || (ra / self.r == rb / self.r && ca / self.c == cb / self.c)
    }

    /// The share of one digit's patterns that pass through every cell of
    /// `cells` (pairwise not peers).
    fn pattern_share(&self, cells: &[u16]) -> Ratio {
        let (bands, stacks) = (self.n / self.r, self.n / self.c);
        let mut in_band = vec![0usize; bands];
        let mut in_stack = vec![0usize; stacks];
        for &cell in cells {
            let cell = cell as usize;
            in_band[cell / self.n / self.r] += 1;
            in_stack[cell % self.n / self.c] += 1;
        }
        // A band has `r` rows over `r` boxes, a stack `c` boxes over `c`
        // columns: (k − f)! / k! = 1 / (k·(k−1)·…·(k−f+1)).
        let falling = |k: usize, f: usize| (k - f + 1..=k).product::<usize>();
        let den = in_band
            .iter()
            .map(|&f| falling(self.r, f))
            .product::<usize>()
            * in_stack
                .iter()
                .map(|&f| falling(self.c, f))
                .product::<usize>();
        Ratio::new(BigInt::from(1), BigUint::from(den))
    }
}

/// A position: (cell, block) pairs, sorted by cell, blocks numbered by first
/// appearance; cells of one block hold one digit, different blocks different
/// digits.
type Position = Vec<(u16, u8)>;

struct Shares {
    board: Board,
    /// Only whether the recursion closes: base cases answer 0.
    dry: bool,
    memo: HashMap<Position, Option<Ratio>>,
}

impl Shares {
    fn new(board: Board, dry: bool) -> Shares {
        Shares {
            board,
            dry,
            memo: HashMap::new(),
        }
    }

    fn of(&mut self, position: Position) -> Option<Ratio> {
        if let Some(known) = self.memo.get(&position) {
            return known.clone();
        }
        if self.memo.len() >= MAX_POSITIONS {
            return None;
        }
        let share = self.compute(&position);
        self.memo.insert(position, share.clone());
        share
    }

    fn compute(&mut self, position: &[(u16, u8)]) -> Option<Ratio> {
        let blocks = position
            .iter()
            .map(|&(_, b)| b as usize + 1)
            .max()
            .unwrap_or(0);
        if blocks == 0 {
            return Some(Ratio::one());
        }
        if blocks > self.board.n
            || position.iter().enumerate().any(|(i, &(x, bx))| {
                position[i + 1..]
                    .iter()
                    .any(|&(y, by)| bx == by && self.board.sees(x, y))
            })
        {
            return Some(Ratio::zero());
        }
        let mut sizes = vec![0usize; blocks];
        for &(_, b) in position {
            sizes[b as usize] += 1;
        }
        let Some(single) = position.iter().rposition(|&(_, b)| sizes[b as usize] == 1) else {
            let cells = |block: u8| -> Vec<u16> {
                position
                    .iter()
                    .filter(|&&(_, b)| b == block)
                    .map(|&(cell, _)| cell)
                    .collect()
            };
            let nine = self.board.r == 3 && self.board.c == 3;
            return match blocks {
                _ if blocks > 2 || (blocks == 2 && !nine) => None,
                _ if self.dry => Some(Ratio::zero()),
                1 => Some(self.board.pattern_share(&cells(0))),
                _ => {
                    let (num, den) = two_patterns::share(&cells(0), &cells(1))?;
                    Some(Ratio::new(BigInt::from(num), den))
                }
            };
        };
        let (cell, block) = position[single];
        let rest: Vec<(u16, u8)> = position
            .iter()
            .filter(|&&(x, _)| x != cell)
            .map(|&(x, b)| (x, if b > block { b - 1 } else { b }))
            .collect();
        let mut share = self.of(normalised(rest.clone()))?;
        for joined in 0..blocks - 1 {
            let mut with = rest.clone();
            with.push((cell, joined as u8));
            with.sort_unstable();
            share = share.minus(&self.of(normalised(with))?);
        }
        Some(share.over((self.board.n - (blocks - 1)) as u64))
    }
}

/// Renumbers blocks by first appearance in cell order.
fn normalised(mut position: Position) -> Position {
    let mut map = [u8::MAX; 256];
    let mut next = 0u8;
    for (_, b) in position.iter_mut() {
        if map[*b as usize] == u8::MAX {
            map[*b as usize] = next;
            next += 1;
        }
        *b = map[*b as usize];
    }
    position
}

/// A reduced fraction with a positive denominator.
#[derive(Clone, Debug, PartialEq)]
struct Ratio {
    num: BigInt,
    den: BigUint,
}

impl Ratio {
    fn new(num: BigInt, den: BigUint) -> Ratio {
        let g = gcd(num.magnitude().clone(), den.clone());
        if g.bits() <= 1 {
            return Ratio { num, den };
        }
        let num = BigInt::from_biguint(num.sign(), num.magnitude() / &g);
        Ratio { num, den: den / g }
    }

    fn zero() -> Ratio {
        Ratio::new(BigInt::from(0), BigUint::from(1u32))
    }

    fn one() -> Ratio {
        Ratio::new(BigInt::from(1), BigUint::from(1u32))
    }

    fn minus(&self, other: &Ratio) -> Ratio {
        let num = &self.num * BigInt::from_biguint(Sign::Plus, other.den.clone())
            - &other.num * BigInt::from_biguint(Sign::Plus, self.den.clone());
        Ratio::new(num, &self.den * &other.den)
    }

    fn over(&self, k: u64) -> Ratio {
        Ratio::new(self.num.clone(), &self.den * k)
    }
}

fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while b.bits() != 0 {
        let rem = &a % &b;
        a = b;
        b = rem;
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoxShape;

    fn nine() -> Geometry {
        Geometry::square(BoxShape::new(3, 3), &[]).unwrap()
    }

    fn at(givens: &[(usize, u16)]) -> Vec<u16> {
        let mut values = vec![0; 81];
        for &(cell, digit) in givens {
            values[cell] = digit;
        }
        values
    }

    fn ratio(num: u64, den: u64) -> Option<(BigUint, BigUint)> {
        Some((BigUint::from(num), BigUint::from(den)))
    }

    #[test]
    fn one_and_two_givens_have_their_known_shares() {
        let geo = nine();
        assert_eq!(share(&geo, &at(&[])), ratio(1, 1));
        assert_eq!(share(&geo, &at(&[(40, 7)])), ratio(1, 9));
        // Different bands and stacks: 1/81 whatever the digits.
        assert_eq!(share(&geo, &at(&[(0, 1), (40, 1)])), ratio(1, 81));
        assert_eq!(share(&geo, &at(&[(0, 1), (40, 2)])), ratio(1, 81));
        // One band (r1c1, r2c4): equal 1/54, distinct 5/432.
        assert_eq!(share(&geo, &at(&[(0, 1), (12, 1)])), ratio(1, 54));
        assert_eq!(share(&geo, &at(&[(0, 1), (12, 2)])), ratio(5, 432));
        // One unit: equal never, distinct 1/72.
        assert_eq!(share(&geo, &at(&[(0, 1), (8, 1)])), ratio(0, 1));
        assert_eq!(share(&geo, &at(&[(0, 1), (8, 2)])), ratio(1, 72));
    }

    #[test]
    fn a_full_pattern_is_one_in_46656_of_one_digit() {
        // Digit 5 on the cells r1c1, r2c4, r3c7, r4c2, … (one per row,
        // column and box).
        let cells = [0, 12, 24, 28, 40, 52, 56, 68, 80];
        let givens: Vec<(usize, u16)> = cells.iter().map(|&c| (c, 5)).collect();
        assert_eq!(share(&nine(), &at(&givens)), ratio(1, 46656));
    }

    #[test]
    fn two_repeated_digits_close_on_nine_by_nine_only() {
        let geo = nine();
        assert!(share(&geo, &at(&[(0, 1), (40, 1), (13, 2), (80, 2)])).is_some());
        // Four distinct digits collapse onto two pairs on the way.
        assert!(share(&geo, &at(&[(0, 1), (40, 2), (13, 3), (80, 4)])).is_some());
        // Three repeated digits do not.
        let three_pairs = [(0, 1), (40, 1), (13, 2), (80, 2), (30, 3), (60, 3)];
        assert_eq!(share(&geo, &at(&three_pairs)), None);
        // Off 9×9 there is no table of two patterns.
        let six = Geometry::square(BoxShape::new(2, 3), &[]).unwrap();
        let mut values = vec![0; 36];
        (values[0], values[21], values[9], values[32]) = (1, 1, 2, 2);
        assert_eq!(share(&six, &values), None);
        // Three equal and one other close anywhere.
        assert!(share(&geo, &at(&[(0, 1), (40, 1), (80, 1), (13, 2)])).is_some());
    }
}
