//! What band composition's parts share: the bucket a band's column
//! configurations are kept in (`frontier` joins them, `band_boxes` fills
//! them), its memory bound, and why a composition did not finish.

use super::partitions;

/// Most column configurations one band may hold in buckets (10 bytes each:
/// 160 MB).
pub(super) const MAX_BUCKETED: usize = 1 << 24;

/// Why band composition did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unfinished {
    /// The budget ran out.
    Stopped,
    /// A band has more column configurations than `band_fill::MAX_ENTRIES`.
    TooBig,
}

/// One bucket of a stack index (`frontier`; or of the last band's table): the
/// configurations sharing their first two stacks, as their third stacks'
/// partition numbers and counts in two arrays. The join scatters a bucket
/// into a dense array by partition number and reads the 56 compatible
/// entries for each outer band (see `partitions`).
#[derive(Default)]
pub(super) struct Bucket {
    pub(super) third: Vec<u16>,
    /// Fillings (or weighted representatives) per configuration: at most a
    /// band's 9.5·10^11.
    pub(super) counts: Vec<u64>,
}

impl Bucket {
    pub(super) fn push(&mut self, third: u32, count: u128) {
        // Fillings of one band with one configuration: far below 2^64.
        self.push_number(partitions::number(third), count as u64);
    }

    /// Adds the configuration whose third stack is partition `p`.
    pub(super) fn push_number(&mut self, p: u16, count: u64) {
        self.third.push(p);
        self.counts.push(count);
    }

    pub(super) fn scatter(&self, dense: &mut [u64; 1 << 16]) {
        for (&p, &n) in self.third.iter().zip(&self.counts) {
            // Inner bands have no interchangeable digits: at most 1680 · 56
            // fillings per configuration.
            dense[p as usize] = n;
        }
    }

    pub(super) fn clear(&self, dense: &mut [u64; 1 << 16]) {
        for &p in &self.third {
            dense[p as usize] = 0;
        }
    }
}
