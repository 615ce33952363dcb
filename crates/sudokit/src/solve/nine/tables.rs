//! Constant lookup tables for the 9×9 band bitboards, built at compile time.
//!
//! A band word holds the 27 cells of one band (three rows) for one digit: bit
//! `9·r + c` is row `r` of the band (0..3), column `c` (0..9). The nine bits of
//! one row split into three *triads* (three cells of the row inside one box):
//! columns 0–2, 3–5 and 6–8.

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For the nine bits of one row: which of its three triads hold a bit.
pub(super) static ROW_TRIADS: [u32; 512] = row_triads();

/// For a 3×3 matrix of triads present in a band (bit `3·r + k` = row `r`,
/// box `k`), the cells of the triads that lie on some *permutation*: one triad
/// per row and per box, all present. A digit must sit once in each row and
/// once in each box of a band, so only those triads can hold it; `0` when no
/// permutation exists (the band cannot hold the digit).
pub(super) static KEEP: [u32; 512] = keep();

/// The same permutation filter as [`KEEP`], as a triad mask (bit `3·r + k`)
/// rather than band cells (the stack filter computes it with bit logic, see
/// `stack_permutations`; kept for the tests).
#[cfg(test)]
pub(super) static PERM: [u32; 512] = perm();

/// For a triad matrix (as in [`KEEP`]), the configurations whose three
/// triads are all present: bit `p` for configuration `p` (see [`PERMS`]).
pub(super) static CONFIGS: [u8; 512] = configs();

/// The cells of a band on the triads of configuration `p`: row `r`, box
/// `PERMS[p][r]`.
pub(super) static CONFIG_CELLS: [u32; 6] = config_cells();

/// For a cell of a band (0..27), the three cells of its column.
pub(super) static COLUMN: [u32; 27] = column();

/// For a cell of a band (0..27), the other cells of its row, box and column
/// inside the band.
pub(super) static PEERS: [u32; 27] = peers();

const fn row_triads() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut v = 0;
    while v < 512 {
        t[v] = (v & 0o7 != 0) as u32
            | (((v & 0o70 != 0) as u32) << 1)
            | (((v & 0o700 != 0) as u32) << 2);
        v += 1;
    }
    t
}

/// The six ways to put one triad in each row and each box of a band (or
/// one column triad in each band and column of a stack): `PERMS[p][r]` is
/// the box (column) of row (band) `r`. A digit's *configuration* in a band
/// or stack is one of these.
pub(super) const PERMS: [[usize; 3]; 6] = crate::geometry::ORDERS_OF_THREE;

const fn configs() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut t = 0;
    while t < 512 {
        let mut p = 0;
        while p < 6 {
            let m = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if t & m == m {
                out[t] |= 1 << p;
            }
            p += 1;
        }
        t += 1;
    }
    out
}

const fn config_cells() -> [u32; 6] {
    let mut out = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            out[p] |= 0o7 << (9 * r + 3 * PERMS[p][r]);
            r += 1;
        }
        p += 1;
    }
    out
}

const fn perm() -> [u32; 512] {
    let mut out = [0u32; 512];
    let mut t = 0;
    while t < 512 {
        let mut kept = 0usize;
        let mut p = 0;
        while p < 6 {
            let m = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if t & m == m {
                kept |= m;
            }
            p += 1;
        }
        out[t] = kept as u32;
        t += 1;
    }
    out
}

const fn keep() -> [u32; 512] {
    let kept_by = perm();
    let mut out = [0u32; 512];
    let mut t = 0;
    while t < 512 {
        let kept = kept_by[t];
        let mut cells = 0u32;
        let mut i = 0;
        while i < 9 {
            if kept & (1 << i) != 0 {
                let (r, k) = (i / 3, i % 3);
                cells |= 0o7 << (9 * r + 3 * k);
            }
            i += 1;
        }
        out[t] = cells;
        t += 1;
    }
    out
}

const fn column() -> [u32; 27] {
    let mut out = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let c = i % 9;
        out[i] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        i += 1;
    }
    out
}

const fn peers() -> [u32; 27] {
    let mut out = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let row = 0o777 << (9 * r);
        let bx = (0o7 << (3 * (c / 3))) * (1 | (1 << 9) | (1 << 18));
        let col = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        out[i] = (row | bx | col) & !(1 << i);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_table() {
        // Everything present: every triad lies on some permutation.
        assert_eq!(KEEP[0o777], BAND);
        // A row with no triad: no permutation.
        assert_eq!(KEEP[0o770], 0);
        // Row 0 only in box 0 and row 1 only in box 0: impossible.
        assert_eq!(KEEP[0o711], 0);
        // Row 0 only in box 0: rows 1 and 2 lose box 0.
        assert_eq!(KEEP[0o771], 0o7 | (0o770 << 9) | (0o770 << 18));
        assert_eq!(PEERS[0].count_ones(), 8 + 6);
    }

    #[test]
    fn config_tables() {
        assert_eq!(CONFIGS[0o777], 0o77);
        assert_eq!(CONFIGS[0o421], 1); // the diagonal: configuration 0
        assert_eq!(CONFIGS[0o770], 0);
        for p in 0..6 {
            assert_eq!(CONFIG_CELLS[p].count_ones(), 9);
            assert_eq!(KEEP[ROW_TRIADS_OF[p] as usize], CONFIG_CELLS[p]);
        }
        // The number of configurations of a consistent triad matrix
        // follows from its number of triads (used by the branch choice).
        for t in 1..512usize {
            if PERM[t] as usize == t {
                let n = [0, 0, 0, 1, 0, 2, 2, 3, 4, 6][t.count_ones() as usize];
                assert_eq!(CONFIGS[t].count_ones(), n, "{t:o}");
            }
        }
    }

    /// Triad matrix of configuration `p`.
    const ROW_TRIADS_OF: [u32; 6] = {
        let mut out = [0u32; 6];
        let mut p = 0;
        while p < 6 {
            out[p] = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            p += 1;
        }
        out
    };
}
