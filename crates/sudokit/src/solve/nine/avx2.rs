//! AVX2 helpers of the triad rule (functions rather than closures, so
//! that they inherit the target feature and inline).

use std::arch::x86_64::*;

/// Digits 0–7 of the words 0..24 of `words` (word 3d + b), one vector
/// per band with digit d in lane d.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn transpose(words: &[u32; 28]) -> [__m256i; 3] {
    let src = [
        _mm256_loadu_si256(words.as_ptr() as *const __m256i),
        _mm256_loadu_si256(words.as_ptr().add(8) as *const __m256i),
        _mm256_loadu_si256(words.as_ptr().add(16) as *const __m256i),
    ];
    [
        transpose_band(src, 0),
        transpose_band(src, 1),
        transpose_band(src, 2),
    ]
}

/// Band `b` of [`transpose`]: lane d is lane (3d + b) mod 8 of source
/// vector (3d + b) / 8, each source permuted to the lanes, then blended.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn transpose_band(src: [__m256i; 3], b: i32) -> __m256i {
    let idx = _mm256_setr_epi32(b, 3 + b, 6 + b, 1 + b, 4 + b, 7 + b, 2 + b, 5 + b);
    let idx = _mm256_and_si256(idx, _mm256_set1_epi32(7));
    // (Not `src.map`: a closure would not inherit the target feature.)
    let p = [
        _mm256_permutevar8x32_epi32(src[0], idx),
        _mm256_permutevar8x32_epi32(src[1], idx),
        _mm256_permutevar8x32_epi32(src[2], idx),
    ];
    match b {
        0 => _mm256_blend_epi32::<0xc0>(_mm256_blend_epi32::<0x38>(p[0], p[1]), p[2]),
        1 => _mm256_blend_epi32::<0xe0>(_mm256_blend_epi32::<0x18>(p[0], p[1]), p[2]),
        _ => _mm256_blend_epi32::<0xe0>(_mm256_blend_epi32::<0x1c>(p[0], p[1]), p[2]),
    }
}

/// What [`stack_lanes`] found for digits 0–7 (lane = digit).
pub(super) struct StackLanes {
    /// Per band, the digit's word after the filter.
    pub kept: [[u32; 8]; 3],
    /// Per band, the hidden singles in columns.
    pub alone: [[u32; 8]; 3],
    /// Digits whose words the filter changed (bit d).
    pub changed: u32,
    /// Digits with a hidden single (bit d).
    pub alone_any: u32,
}

/// The stack filter (see `stack_digit`) for digits 0–7 at once. The
/// words are transposed from `cand` (word 3d + b) into one vector per
/// band with digit d in lane d: each source vector permuted to the
/// lanes, then blended. `None` when some digit has no column left in a
/// stack.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn stack_lanes(cand: &[u32; 28], unsolved: &[u32; 3]) -> Option<StackLanes> {
    let x = transpose(cand);
    let or = _mm256_or_si256;
    let and = _mm256_and_si256;
    let splat = |v: u32| _mm256_set1_epi32(v as i32);
    let col = |v: __m256i| {
        and(
            or(v, or(_mm256_srli_epi32::<9>(v), _mm256_srli_epi32::<18>(v))),
            splat(0o777),
        )
    };
    let cols = or(
        col(x[0]),
        or(
            _mm256_slli_epi32::<9>(col(x[1])),
            _mm256_slli_epi32::<18>(col(x[2])),
        ),
    );
    // `stack_permutations` and `rotate_bands`, lane by lane.
    let rot1 = |v: __m256i| {
        and(
            or(_mm256_srli_epi32::<9>(v), _mm256_slli_epi32::<18>(v)),
            splat(super::tables::BAND),
        )
    };
    let rot2 = |v: __m256i| {
        and(
            or(_mm256_srli_epi32::<18>(v), _mm256_slli_epi32::<9>(v)),
            splat(super::tables::BAND),
        )
    };
    let c1 = or(
        and(_mm256_srli_epi32::<1>(cols), splat(0o333_333_333)),
        and(_mm256_slli_epi32::<2>(cols), splat(0o444_444_444)),
    );
    let c2 = or(
        and(_mm256_srli_epi32::<2>(cols), splat(0o111_111_111)),
        and(_mm256_slli_epi32::<1>(cols), splat(0o666_666_666)),
    );
    let kept = and(cols, or(and(rot1(c1), rot2(c2)), and(rot1(c2), rot2(c1))));
    let any = col(kept);
    let stacks = and(
        or(
            any,
            or(_mm256_srli_epi32::<1>(any), _mm256_srli_epi32::<2>(any)),
        ),
        splat(0o111),
    );
    let full = _mm256_cmpeq_epi32(stacks, splat(0o111));
    if _mm256_movemask_ps(_mm256_castsi256_ps(full)) != 0xff {
        return None;
    }
    let same = _mm256_cmpeq_epi32(kept, cols);
    let changed = !(_mm256_movemask_ps(_mm256_castsi256_ps(same)) as u32) & 0xff;
    let others = or(rot1(kept), rot2(kept));
    // Nine column bits copied to the three rows of a band.
    let spread = |v: __m256i| or(v, or(_mm256_slli_epi32::<9>(v), _mm256_slli_epi32::<18>(v)));
    let mut out = StackLanes {
        kept: [[0; 8]; 3],
        alone: [[0; 8]; 3],
        changed,
        alone_any: 0,
    };
    let mut alone_or = _mm256_setzero_si256();
    let shifted = |v: __m256i, b: usize| match b {
        0 => and(v, splat(0o777)),
        1 => and(_mm256_srli_epi32::<9>(v), splat(0o777)),
        _ => _mm256_srli_epi32::<18>(v),
    };
    for b in 0..3 {
        let nx = and(x[b], spread(shifted(kept, b)));
        let m = _mm256_andnot_si256(spread(shifted(others, b)), nx);
        let m = and(m, splat(unsolved[b]));
        let m0 = and(m, splat(0o777));
        let m1 = and(_mm256_srli_epi32::<9>(m), splat(0o777));
        let m2 = _mm256_srli_epi32::<18>(m);
        let a = or(
            _mm256_andnot_si256(or(m1, m2), m0),
            or(
                _mm256_slli_epi32::<9>(_mm256_andnot_si256(or(m0, m2), m1)),
                _mm256_slli_epi32::<18>(_mm256_andnot_si256(or(m0, m1), m2)),
            ),
        );
        alone_or = or(alone_or, a);
        _mm256_storeu_si256(out.kept[b].as_mut_ptr() as *mut __m256i, nx);
        _mm256_storeu_si256(out.alone[b].as_mut_ptr() as *mut __m256i, a);
    }
    let none = _mm256_cmpeq_epi32(alone_or, _mm256_setzero_si256());
    out.alone_any = !(_mm256_movemask_ps(_mm256_castsi256_ps(none)) as u32) & 0xff;
    Some(out)
}

/// See `triad_words`: triads, certain triads and columns of eight words.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn triad_word(x: __m256i) -> (__m256i, __m256i, __m256i) {
    let or3 = |a, b, c| _mm256_or_si256(a, _mm256_or_si256(b, c));
    let any = _mm256_and_si256(
        or3(x, _mm256_srli_epi32(x, 1), _mm256_srli_epi32(x, 2)),
        _mm256_set1_epi32(0o111_111_111),
    );
    // The other two triads of the same row.
    let next = _mm256_or_si256(
        _mm256_and_si256(_mm256_srli_epi32(any, 3), _mm256_set1_epi32(0o011_011_011)),
        _mm256_and_si256(_mm256_slli_epi32(any, 6), _mm256_set1_epi32(0o100_100_100)),
    );
    let prev = _mm256_or_si256(
        _mm256_and_si256(_mm256_srli_epi32(any, 6), _mm256_set1_epi32(0o001_001_001)),
        _mm256_and_si256(_mm256_slli_epi32(any, 3), _mm256_set1_epi32(0o110_110_110)),
    );
    let cert = _mm256_andnot_si256(_mm256_or_si256(next, prev), any);
    let cols = _mm256_and_si256(
        or3(x, _mm256_srli_epi32(x, 9), _mm256_srli_epi32(x, 18)),
        _mm256_set1_epi32(0o777),
    );
    (any, cert, cols)
}

/// Bit plane `k` of the 81 values (bit c = bit k of cell c), and
/// whether a value is above 15.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn value_planes(values: &[u16; 81]) -> ([u128; 4], bool) {
    let mut planes = [0u128; 4];
    let mut all = _mm256_setzero_si256();
    // Each value's bit k moved to the top of its 16 bits; packing to
    // bytes with signed saturation keeps that bit as the byte's sign, in
    // bytes 0..8 and 16..24 (packs works per 128-bit lane), where
    // `movemask` reads it. (`pext` on the 32-bit mask is microcode on
    // AMD Zen 1 and 2.)
    let gather = |v: __m256i| {
        let m = _mm256_movemask_epi8(_mm256_packs_epi16(v, _mm256_setzero_si256())) as u32;
        u128::from((m & 0xff) | ((m >> 8) & 0xff00))
    };
    for c in 0..5 {
        let v = _mm256_loadu_si256(values.as_ptr().add(16 * c) as *const __m256i);
        all = _mm256_or_si256(all, v);
        let sh = 16 * c;
        planes[0] |= gather(_mm256_slli_epi16::<15>(v)) << sh;
        planes[1] |= gather(_mm256_slli_epi16::<14>(v)) << sh;
        planes[2] |= gather(_mm256_slli_epi16::<13>(v)) << sh;
        planes[3] |= gather(_mm256_slli_epi16::<12>(v)) << sh;
    }
    let last = values[80];
    for (k, p) in planes.iter_mut().enumerate() {
        *p |= u128::from((last >> k) & 1) << 80;
    }
    let big = _mm256_and_si256(all, _mm256_set1_epi16(!15));
    (planes, _mm256_testz_si256(big, big) == 0 || last > 15)
}

/// `column_certainty` for digits 0–7 (lane = digit): writes their
/// `digit_cols` and `shared`, returns the column triads with at least 2,
/// 3 and 4 certain digits among them. The counts are merged across
/// lanes in three halving steps (pairs, quads, halves).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn column_counts(
    word_cols: &[u32; 28],
    digit_cols: &mut [u32; 9],
    shared: &mut [u32; 9],
) -> (u32, u32, u32) {
    let k = transpose(word_cols);
    let (or, and) = (_mm256_or_si256, _mm256_and_si256);
    let cc = or(
        k[0],
        or(_mm256_slli_epi32::<9>(k[1]), _mm256_slli_epi32::<18>(k[2])),
    );
    _mm256_storeu_si256(digit_cols.as_mut_ptr() as *mut __m256i, cc);
    let sh = or(and(k[0], or(k[1], k[2])), and(k[1], k[2]));
    _mm256_storeu_si256(shared.as_mut_ptr() as *mut __m256i, sh);
    let spread = or(
        sh,
        or(_mm256_slli_epi32::<9>(sh), _mm256_slli_epi32::<18>(sh)),
    );
    let cd = _mm256_andnot_si256(spread, cc);
    // Pairs of lanes: at least 1, at least 2.
    let b = _mm256_shuffle_epi32::<0b10_11_00_01>(cd);
    let (p1, p2) = (or(cd, b), and(cd, b));
    // Quads: at least 1..4 from two pairs.
    let (b1, b2) = (
        _mm256_shuffle_epi32::<0b01_00_11_10>(p1),
        _mm256_shuffle_epi32::<0b01_00_11_10>(p2),
    );
    let q1 = or(p1, b1);
    let q2 = or(or(p2, b2), and(p1, b1));
    let q3 = or(and(p2, b1), and(p1, b2));
    let q4 = and(p2, b2);
    // Halves: the high 128 bits merged into the low (an extract, not a
    // cross-lane permute: that is eight micro-ops on AMD Zen 1).
    let lo = _mm256_castsi256_si128;
    let hi = |v| _mm256_extracti128_si256::<1>(v);
    let (a1, a2, a3, a4) = (lo(q1), lo(q2), lo(q3), lo(q4));
    let (r1, r2, r3, r4) = (hi(q1), hi(q2), hi(q3), hi(q4));
    let (or, and) = (_mm_or_si128, _mm_and_si128);
    let c2 = or(or(a2, r2), and(a1, r1));
    let c3 = or(or(a3, r3), or(and(a2, r1), and(a1, r2)));
    let c4 = or(or(a4, r4), or(and(a3, r1), or(and(a2, r2), and(a1, r3))));
    let lane0 = |v| _mm_cvtsi128_si32(v) as u32;
    (lane0(c2), lane0(c3), lane0(c4))
}

/// See `remove_from_triads`: the cells leaving words 8k..8k+8. `masks`
/// holds the row-triad masks of bands 0..3, then the column masks.
/// Caller: AVX2 present, k < 3.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn gone(
    masks: __m256i,
    k: usize,
    cert: &[u32; 28],
    word_cols: &[u32; 28],
    shared: &[u32; 9],
) -> __m256i {
    // The band of each of the eight words.
    let band = _mm256_setr_epi32(
        ((8 * k) % 3) as i32,
        ((8 * k + 1) % 3) as i32,
        ((8 * k + 2) % 3) as i32,
        ((8 * k + 3) % 3) as i32,
        ((8 * k + 4) % 3) as i32,
        ((8 * k + 5) % 3) as i32,
        ((8 * k + 6) % 3) as i32,
        ((8 * k + 7) % 3) as i32,
    );
    let r = _mm256_permutevar8x32_epi32(masks, band);
    let c = _mm256_permutevar8x32_epi32(masks, _mm256_add_epi32(band, _mm256_set1_epi32(3)));
    let cert = _mm256_loadu_si256(cert.as_ptr().add(8 * k) as *const __m256i);
    // Word j belongs to digit j / 3 (below 8 for j < 24).
    const WORD_DIGIT: [i32; 24] = {
        let mut t = [0; 24];
        let mut j = 0;
        while j < 24 {
            t[j] = (j / 3) as i32;
            j += 1;
        }
        t
    };
    let digit = _mm256_loadu_si256(WORD_DIGIT.as_ptr().add(8 * k) as *const __m256i);
    let shared = _mm256_loadu_si256(shared.as_ptr() as *const __m256i);
    let col_cert = _mm256_andnot_si256(
        _mm256_permutevar8x32_epi32(shared, digit),
        _mm256_loadu_si256(word_cols.as_ptr().add(8 * k) as *const __m256i),
    );
    // A triad's bit copied to its three cells; a column's bit to its
    // three rows.
    let r = _mm256_andnot_si256(cert, r);
    let r = _mm256_or_si256(
        r,
        _mm256_or_si256(_mm256_slli_epi32(r, 1), _mm256_slli_epi32(r, 2)),
    );
    let c = _mm256_andnot_si256(col_cert, c);
    let c = _mm256_or_si256(
        c,
        _mm256_or_si256(_mm256_slli_epi32(c, 9), _mm256_slli_epi32(c, 18)),
    );
    _mm256_or_si256(r, c)
}
