//! Ordered partitions of the nine digits into three parts of three, numbered.
//!
//! On 9×9 they describe a box two ways: its column sets and its row sets
//! are each such a partition (1,680 of them, `9! / 3!³`), and a box filling
//! is a pair of them that are *orthogonal*, each row part meeting each
//! column part in one digit (216 column partitions per row partition, `1680
//! · 216 = 9!`). Across boxes, three partitions fit together when they are
//! disjoint part by part: the boxes of a stack in their columns, the boxes
//! of a band in their rows. Given the first, 56 second ones fit (the 3×3
//! overlap counts between the two have a zero diagonal and margins 3: four
//! such matrices, `1 + 27 + 27 + 1` partitions), and the third is the rest.
//!
//! The three-band join uses this for the third stack: a middle band's third
//! stack is read for each outer band from 56 pairs in dense arrays indexed
//! by partition number, instead of testing every entry of a bucket (about
//! one in thirty passed). `band_boxes` uses both relations to fill a band.
//!
//! A partition is packed as three 9-bit sets, part `i` at bits `9i`.

use std::sync::OnceLock;

/// Number of ordered partitions of nine digits into three sets of three.
pub(super) const PARTITIONS: usize = 1680;

/// Partitions that fit one given partition part by part.
pub(super) const COMPATIBLE: usize = 56;

const DIGITS: u32 = 0x1FF;

/// Box fillings per row (or column) partition.
pub(super) const ORTHOGONAL: usize = 216;

/// The partitions, numbered, with the pairs that complete each and the
/// partitions orthogonal to each.
pub(super) struct Partitions {
    /// Partition number → its parts (27 bits).
    sets: Vec<u32>,
    /// Partition number → the (second, third) pairs that complete it.
    pairs: Vec<[(u16, u16); COMPATIBLE]>,
    /// Partition number → the partitions orthogonal to it.
    orthogonal: Vec<[u16; ORTHOGONAL]>,
}

/// The table, built on first use (a few milliseconds).
pub(super) fn partitions() -> &'static Partitions {
    static TABLE: OnceLock<Partitions> = OnceLock::new();
    TABLE.get_or_init(Partitions::build)
}

/// Rank of a 3-subset among the 3-subsets of `n` bits, in increasing
/// order of the masks (`None` if `set` does not have three bits).
fn subset_rank(set: u32, n: u32) -> Option<u32> {
    if set.count_ones() != 3 || set >> n != 0 {
        return None;
    }
    Some((0..set).filter(|s| s.count_ones() == 3).count() as u32)
}

/// Ranks of the 3-subsets of nine and of six bits, by mask.
struct Ranks {
    of_nine: [u8; 512],
    of_six: [u8; 64],
}

fn ranks() -> &'static Ranks {
    static RANKS: OnceLock<Ranks> = OnceLock::new();
    RANKS.get_or_init(|| {
        let mut r = Ranks {
            of_nine: [u8::MAX; 512],
            of_six: [u8::MAX; 64],
        };
        for s in 0..512u32 {
            if let Some(k) = subset_rank(s, 9) {
                r.of_nine[s as usize] = k as u8;
            }
        }
        for s in 0..64u32 {
            if let Some(k) = subset_rank(s, 6) {
                r.of_six[s as usize] = k as u8;
            }
        }
        r
    })
}

impl Partitions {
    fn build() -> Self {
        let mut sets = vec![0u32; PARTITIONS];
        for first in (0..=DIGITS).filter(|s| s.count_ones() == 3) {
            let rest = DIGITS & !first;
            for second in (0..=DIGITS).filter(|s| s.count_ones() == 3 && s & !rest == 0) {
                let set = first | (second << 9) | ((rest & !second) << 18);
                sets[number(set) as usize] = set;
            }
        }
        let pairs = sets
            .iter()
            .map(|&outer| {
                let mut out = [(0u16, 0u16); COMPATIBLE];
                let mut k = 0;
                for (middle, &set) in sets.iter().enumerate() {
                    if set & outer == 0 {
                        let last = number(!(outer | set) & ((1 << 27) - 1));
                        out[k] = (middle as u16, last);
                        k += 1;
                    }
                }
                debug_assert_eq!(k, COMPATIBLE);
                out
            })
            .collect();
        let orthogonal = sets
            .iter()
            .map(|&rows| {
                let mut out = [0u16; ORTHOGONAL];
                let mut k = 0;
                for (cols, &set) in sets.iter().enumerate() {
                    if orthogonal(rows, set) {
                        out[k] = cols as u16;
                        k += 1;
                    }
                }
                debug_assert_eq!(k, ORTHOGONAL);
                out
            })
            .collect();
        Partitions {
            sets,
            pairs,
            orthogonal,
        }
    }

    /// The parts of partition `p`.
    #[inline]
    pub(super) fn sets(&self, p: u16) -> u32 {
        self.sets[p as usize]
    }

    /// The (second, third) partitions that complete `p` part by part.
    #[inline]
    pub(super) fn pairs(&self, p: u16) -> &[(u16, u16); COMPATIBLE] {
        &self.pairs[p as usize]
    }

    /// The partitions orthogonal to `p`.
    #[inline]
    pub(super) fn orthogonal(&self, p: u16) -> &[u16; ORTHOGONAL] {
        &self.orthogonal[p as usize]
    }
}

/// Whether every part of `a` meets every part of `b` in one digit.
fn orthogonal(a: u32, b: u32) -> bool {
    (0..3).all(|i| (0..3).all(|j| ((a >> (9 * i)) & (b >> (9 * j)) & DIGITS).count_ones() == 1))
}

/// The number of a partition given as three 9-bit column sets (each a
/// 3-subset, together the nine digits): the first set's rank among the 84
/// subsets of nine, times 20, plus the second's among the 20 subsets of
/// the six digits left.
#[inline]
pub(super) fn number(sets: u32) -> u16 {
    let r = ranks();
    let first = sets & DIGITS;
    let second = (sets >> 9) & DIGITS;
    debug_assert!(first & second == 0 && (sets >> 18) == DIGITS & !(first | second));
    // The second set as a subset of the six digits the first leaves.
    let mut rest = DIGITS & !first;
    let mut compact = 0u32;
    let mut bit = 0;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if second & low != 0 {
            compact |= 1 << bit;
        }
        bit += 1;
        rest ^= low;
    }
    u16::from(r.of_nine[first as usize]) * 20 + u16::from(r.of_six[compact as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_are_numbered_one_to_one() {
        let t = partitions();
        let mut seen = std::collections::HashSet::new();
        for p in 0..PARTITIONS as u16 {
            let s = t.sets(p);
            assert_eq!(number(s), p);
            assert_eq!((s & 0x1FF) | ((s >> 9) & 0x1FF) | (s >> 18), 0x1FF);
            assert!(seen.insert(s));
        }
    }

    #[test]
    fn orthogonal_pairs_are_the_box_fillings() {
        let t = partitions();
        let mut boxes = std::collections::HashSet::new();
        for rows in 0..PARTITIONS as u16 {
            for &cols in t.orthogonal(rows) {
                // The 3×3 box: cell (r, c) holds the digit in row part r
                // and column part c.
                let (r, c) = (t.sets(rows), t.sets(cols));
                let cells: Vec<u32> = (0..9)
                    .map(|i| ((r >> (9 * (i / 3))) & (c >> (9 * (i % 3))) & 0x1FF).trailing_zeros())
                    .collect();
                assert!(boxes.insert(cells));
            }
        }
        assert_eq!(boxes.len(), 362_880);
    }

    #[test]
    fn each_outer_partition_has_fifty_six_completions() {
        let t = partitions();
        for a in [0u16, 1, 837, 1679] {
            // Brute force over all pairs: disjoint column by column and
            // together every digit in every column.
            let mut want: Vec<(u16, u16)> = Vec::new();
            for b in 0..PARTITIONS as u16 {
                for c in 0..PARTITIONS as u16 {
                    let (x, y, z) = (t.sets(a), t.sets(b), t.sets(c));
                    if x & y == 0 && x & z == 0 && y & z == 0 {
                        want.push((b, c));
                    }
                }
            }
            let mut got = t.pairs(a).to_vec();
            got.sort_unstable();
            assert_eq!(got, want);
        }
    }
}
