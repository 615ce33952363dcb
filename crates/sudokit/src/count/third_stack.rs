//! The third stack of the 9×9 three-band join, by partition number.
//!
//! In every band each box holds the nine digits once, so a band's third stack
//! is one of the 1,680 ordered partitions of the digits into three columns of
//! three (`9! / 3!³`), packed as three 9-bit column sets. Once the outer
//! band's third stack is known, the middle band's must avoid it column by
//! column (56 partitions do: the 3×3 overlap counts between the two have a
//! zero diagonal and margins 3, four such matrices, `1 + 27 + 27 + 1`
//! partitions), and the last band's is the rest. So the join over the third
//! stack reads 56 pairs of counts from dense arrays indexed by partition
//! number, instead of testing every entry of a bucket against the outer band
//! (about one entry in thirty passed).

use std::sync::OnceLock;

/// Number of ordered partitions of nine digits into three sets of three.
pub(super) const PARTITIONS: usize = 1680;

/// Middle-band partitions compatible with one outer band's.
pub(super) const COMPATIBLE: usize = 56;

const DIGITS: u32 = 0x1FF;

/// The partitions, numbered, and the compatible pairs of each.
pub(super) struct ThirdStacks {
    /// Partition number → its column sets (27 bits).
    sets: Vec<u32>,
    /// Outer band's partition number → the (middle, last) pairs that
    /// complete it.
    pairs: Vec<[(u16, u16); COMPATIBLE]>,
}

/// The table, built on first use (about a millisecond).
pub(super) fn third_stacks() -> &'static ThirdStacks {
    static TABLE: OnceLock<ThirdStacks> = OnceLock::new();
    TABLE.get_or_init(ThirdStacks::build)
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

impl ThirdStacks {
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
        ThirdStacks { sets, pairs }
    }

    /// The column sets of partition `p`.
    #[inline]
    pub(super) fn sets(&self, p: u16) -> u32 {
        self.sets[p as usize]
    }

    /// The (middle, last) partition pairs that complete an outer band's `p`.
    #[inline]
    pub(super) fn pairs(&self, p: u16) -> &[(u16, u16); COMPATIBLE] {
        &self.pairs[p as usize]
    }
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
        let t = third_stacks();
        let mut seen = std::collections::HashSet::new();
        for p in 0..PARTITIONS as u16 {
            let s = t.sets(p);
            assert_eq!(number(s), p);
            assert_eq!((s & 0x1FF) | ((s >> 9) & 0x1FF) | (s >> 18), 0x1FF);
            assert!(seen.insert(s));
        }
    }

    #[test]
    fn each_outer_partition_has_fifty_six_completions() {
        let t = third_stacks();
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
