//! The hot loop of the 9×9 solver: band bitboards, propagation, branch choice.
//!
//! # Data layout
//!
//! The 81 cells split into three *bands* of three rows (27 cells). For each digit
//! `d` and band `b`, one `u32` word `cand[3·d + b]` holds the cells of the band
//! that may still hold `d`: bit `9·r + c` is row `r` of the band, column `c`. The
//! 27 words are the whole candidate state; a placed digit keeps its bit (its
//! word has exactly one bit in that row), so "each digit once per row and once
//! per box of a band" is a property of each word alone, and "once per column"
//! links a word with the two other band words of the same digit.
//!
//! Beside the candidates a [`Board`] keeps:
//! - `seen[j]` and `seen_stack[j]`: the value of `cand[j]` when the band
//!   filter and the stack filter last saw it, so each only touches what changed
//!   (both equal `cand` after a successful propagation, so a branch point saves
//!   only a [`Snapshot`] without them);
//! - `unsolved[b]`: the cells of band `b` not placed yet;
//! - `done_rows`, `done_cols`: the triads the triad rule has already
//!   emptied of all but their three certain digits on this branch.
//!
//! # Propagation
//!
//! 1. *Band filter* (per changed word). Shrink the word to its 3×3 matrix of
//!    non-empty triads (row × box), and keep only the triads that lie on a
//!    permutation (one per row and per box) of present triads — one table
//!    lookup. This covers box–line interactions inside the band, hidden singles
//!    in boxes (a box with one cell forces its row) and empty rows or boxes
//!    (no permutation: contradiction). A row left with one cell, not yet
//!    placed, is placed (found bit-parallel over the three rows).
//! 2. *Naked singles* (per band, bit-parallel over the nine digits): the cells
//!    covered exactly once are placed; a cell covered by no digit is a
//!    contradiction.
//! 3. *Stack filter* (per digit whose words changed): the band filter turned
//!    sideways, on column triads (band × column) of each stack, with hidden
//!    singles in columns. The permutation test is bit logic on the digit's
//!    27 column bits (see `stack_permutations`) rather than a table.
//! 4. *Triad capacity* (all words at once): the three cells of a triad (a
//!    row, or a column, inside one box) hold three different digits. A digit
//!    is *certain* to lie in a row triad when its row has cells in that triad
//!    only, and in a column triad when its column has cells in that band
//!    only; four certain digits in one triad are a contradiction, and with
//!    three, every other digit leaves the triad. Computed bit-parallel: row
//!    triads summed in three-bit fields at the bit of each triad's first
//!    cell, column triads with "at least 1/2/3/4" counters over the nine
//!    digits. Only triads with an open cell, not already emptied by an
//!    earlier pass on this branch (`done_rows`/`done_cols`, saved at branch
//!    points), can lose candidates; the removal step runs only for those.
//!
//! Placing `d` in a cell clears the cell from the eight other digits' words,
//! clears the cell's row, box and column peers from `d`'s band word, and the
//! column from `d`'s two other band words. The rules run cheapest first: each
//! later rule only when the earlier ones are stuck, and anything it changes
//! sends the board back to step 1 (for the stack filter roughly 10–15% less
//! CPU time on the hardest set than running all three every round; measured
//! on a busy machine, so only roughly).
//!
//! The propagation of the givens runs inside the search (its first step), so
//! it uses the AVX2/BMI build too.
//!
//! # Builds
//!
//! The hot loop is compiled three times, picked per CPU at run time (a const
//! parameter [`Build`]): plain Rust for any CPU, [`WIDE`] with AVX2, BMI1/2,
//! POPCNT and LZCNT, and [`WIDE_PEXT`], which also gathers triad bits with
//! `pext`. `pext` is one fast instruction on Intel and on AMD from Zen 3, but
//! microcode on Zen 1 and 2 (AMD family 17h), where using it cost ~25 % of the
//! solving time; those CPUs run [`WIDE`], which gathers by table lookups.
//!
//! # Branching
//!
//! The search branches on a digit's *configuration* in a band or stack (the
//! idea is tdoku's): in a band a digit sits on one of six permutations of
//! triads (one per row and per box), likewise on column triads in a stack.
//! The branch takes the band or stack with the lowest score, `t + 4·u`,
//! where `u` counts the digits not fixed there yet and `t` their triads
//! beyond the three a fixed digit has; in it, the first digit with two
//! configurations (5 or 6 triads; else the fewest), and each alternative
//! keeps the digit on the triads of one configuration. The number of triads
//! gives the number of configurations of a consistent triad matrix (3→1,
//! 5–6→2, 7→3, 8→4, 9→6), so counting triads (one popcount per three
//! digits) stands in for counting configurations; which digits are fixed
//! comes from the triad rule's last pass.
//!
//! Configurations with the triad rule gave the fewest branch points of the
//! rules measured; the weight 4 on `u` is the compromise between the hardest
//! set and the easier ones (top1465, 17 clues). The figures, the work that
//! made each step cheaper, and what was tried and dropped are in
//! `docs/notes/nine-solver.md`.

#[cfg(target_arch = "x86_64")]
use super::avx2;
use super::tables::{BAND, COLUMN, CONFIGS, CONFIG_CELLS, KEEP, PEERS, PERMS, ROW_TRIADS};

/// `j % 3` (the band) for a word index (a load is cheaper than the division
/// in the band filter's inner loop).
const MOD3: [u8; 28] = {
    let mut t = [0u8; 28];
    let mut j = 0;
    while j < 28 {
        t[j] = (j % 3) as u8;
        j += 1;
    }
    t
};

/// Which compiled copy of the hot loop runs, see "Builds" above.
pub(super) type Build = u8;
/// Plain Rust, any CPU.
pub(super) const PLAIN: Build = 0;
/// AVX2, BMI1/2, POPCNT and LZCNT, without `pext`.
pub(super) const WIDE: Build = 1;
/// [`WIDE`] with `pext` gathers, where `pext` is fast.
pub(super) const WIDE_PEXT: Build = 2;

/// Multiplying nine column bits by this copies them to the three rows of a band.
const SPREAD: u32 = 1 | (1 << 9) | (1 << 18);

/// The candidate state of a 9×9 puzzle. See the module documentation.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(super) struct Board {
    /// 27 words; the 28th stays zero (it pads the SIMD comparison).
    cand: [u32; 28],
    seen: [u32; 28],
    /// `cand` as the stack filter last left it (the 28th word stays zero).
    seen_stack: [u32; 28],
    /// Left by the last triad-rule pass, which a successful propagation ends
    /// with, for the branch choice: per word its triads (bit of each triad's
    /// first cell) and those certain to hold the digit, per digit its
    /// columns (bit 9b + c) and those it holds in two or more bands (bit
    /// c). Not saved at branch points: only read right
    /// after a propagation. (Which digits are still open in each band and
    /// stack is derived from them in the branch choice, not in every pass:
    /// most passes end in a change or a contradiction, not a branch.)
    triads: [u32; 28],
    cert: [u32; 28],
    digit_cols: [u32; 9],
    digit_shared: [u32; 9],
    unsolved: [u32; 3],
    /// Triads the triad rule has already emptied of all but their three
    /// certain digits (row triads at bit `3i + b`, column triads at bit
    /// `9b + c`); they stay so while candidates only shrink, so later passes
    /// skip them. Saved at branch points.
    done_rows: u32,
    done_cols: u32,
}

/// What a branch point keeps of a propagated board: the candidates and the
/// bookkeeping that cannot be recomputed cheaply. After a successful
/// propagation both filters have seen every word, so `seen` and `seen_stack`
/// equal `cand` and need not be saved (less than half the bytes to copy).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(super) struct Snapshot {
    cand: [u32; 28],
    unsolved: [u32; 3],
    done_rows: u32,
    done_cols: u32,
}

/// Givens sorted by digit, kept up to date from one puzzle to the next (the
/// generator's checks differ by a few cells each): `pos[d][b]` holds the
/// cells of band `b` given `d + 1`, `pos[9][b]` the empty ones.
#[derive(Clone)]
pub(super) struct Givens {
    last: [u16; 81],
    pos: [[u32; 3]; 10],
}

impl Givens {
    /// No givens.
    pub(super) fn new() -> Self {
        let mut pos = [[0; 3]; 10];
        pos[9] = [BAND; 3];
        Givens { last: [0; 81], pos }
    }

    /// Moves to the givens `values` (81 cells row-major, `0` = empty),
    /// touching only the cells that changed. False (and left empty) on a
    /// value above 9 or a length other than 81.
    #[inline(always)]
    pub(super) fn update(&mut self, values: &[u16]) -> bool {
        let Ok(values) = <&[u16; 81]>::try_from(values) else {
            *self = Givens::new();
            return false;
        };
        for k in (0..81).step_by(9) {
            // Nine cells at a time: one comparison when none changed.
            if values[k..k + 9] == self.last[k..k + 9] {
                continue;
            }
            let cells = values[k..k + 9].iter().zip(&mut self.last[k..k + 9]);
            for (c, (&new, last)) in (k..).zip(cells) {
                let old = *last;
                if old == new {
                    continue;
                }
                if new > 9 {
                    *self = Givens::new();
                    return false;
                }
                let (b, bit) = (c / 27, 1u32 << (c % 27));
                self.pos[(old as usize).wrapping_sub(1).min(9)][b] &= !bit;
                self.pos[(new as usize).wrapping_sub(1).min(9)][b] |= bit;
                *last = new;
            }
        }
        true
    }
}

/// What a branch point splits on.
#[derive(Clone, Copy)]
pub(super) enum Split {
    /// The configuration of `digit` in band `band`; alternatives are
    /// configurations (indices into [`PERMS`]).
    Band { digit: usize, band: usize },
    /// The configuration of `digit` in stack `stack` (`PERMS[p][b]` is the
    /// column of the stack that holds the digit in band `b`).
    Stack { digit: usize, stack: usize },
    /// The digit of one cell (bit `bit` of band `band`); alternatives are digits.
    Cell { band: usize, bit: u32 },
}

/// A branch point: what it splits on and the alternatives (bit `k` = try `k`).
/// The alternatives are mutually exclusive and cover every solution.
#[derive(Clone, Copy)]
pub(super) struct Branch {
    pub split: Split,
    pub alts: u32,
}

impl Board {
    /// The board of an empty grid.
    pub(super) fn empty() -> Self {
        Board {
            cand: {
                let mut c = [BAND; 28];
                c[27] = 0;
                c
            },
            seen: [0; 28],
            seen_stack: [0; 28],
            triads: [0; 28],
            cert: [0; 28],
            digit_cols: [0; 9],
            digit_shared: [0; 9],
            unsolved: [BAND; 3],
            done_rows: 0,
            done_cols: 0,
        }
    }

    /// Places the givens (`values` in row-major order, `0` = empty), without
    /// propagating (the search does that first, in its fast build). `None`
    /// when two givens contradict each other, on a value above 9 or a length
    /// other than 81.
    #[inline(always)]
    pub(super) fn from_values<const B: Build>(values: &[u16]) -> Option<Self> {
        let values = <&[u16; 81]>::try_from(values).ok()?;
        // The cells of each value, without a branch per cell (whether a cell
        // is given is unpredictable): `pos[v - 1]`, and `pos[9]` for 0.
        let mut pos = [[0u32; 3]; 10];
        #[cfg(target_arch = "x86_64")]
        if B >= WIDE {
            // SAFETY: `B >= WIDE` only after AVX2 was detected.
            let (planes, big) = unsafe { avx2::value_planes(values) };
            // Values 10 and up: bit 3 with bit 1 or 2.
            if big || planes[3] & (planes[1] | planes[2]) != 0 {
                return None;
            }
            for (d, pos) in pos.iter_mut().enumerate() {
                let v = (d + 1) % 10;
                let cells = planes.iter().enumerate().fold(!0u128, |m, (k, &p)| {
                    m & if v & (1 << k) != 0 { p } else { !p }
                });
                *pos = [0, 1, 2].map(|b| (cells >> (27 * b)) as u32 & BAND);
            }
            return Board::from_positions(&pos, &[]);
        }
        for (c, &v) in values.iter().enumerate() {
            if v > 9 {
                return None;
            }
            pos[(usize::from(v) + 9) % 10][c / 27] |= 1 << (c % 27);
        }
        Board::from_positions(&pos, &[])
    }

    /// The givens placed and each `(cell, digit)` of `exclude` struck from
    /// its cell's candidates, not yet propagated: call [`Board::propagate`]
    /// next. `None` when two givens clash.
    #[inline(always)]
    pub(super) fn from_givens(g: &Givens, exclude: &[(usize, u16)]) -> Option<Self> {
        Board::from_positions(&g.pos, exclude)
    }

    /// [`Board::from_givens`] from the cells of each value: `pos[d][b]` holds
    /// the cells of band `b` given `d + 1`, `pos[9][b]` the empty ones.
    #[inline(always)]
    fn from_positions(all: &[[u32; 3]; 10], exclude: &[(usize, u16)]) -> Option<Self> {
        let filled = all[9].map(|x| BAND & !x);
        let pos: &[[u32; 3]; 9] = all[..9].try_into().expect("nine digits");
        let mut b = Board::empty();
        // Bit 8 of each row of `x`: set when the row has a cell (as in the
        // band filter).
        const LOW8: u32 = 0o377 * SPREAD;
        let rows_of = |x: u32| (((x & LOW8) + LOW8) | x) & (0o400 * SPREAD);
        let cols_of = |x: u32| (x | (x >> 9) | (x >> 18)) & 0o777;
        // Bit 3k for each box k with a column in `c`.
        let boxes_of = |c: u32| (c | (c >> 1) | (c >> 2)) & 0o111;
        for (d, pos) in pos.iter().enumerate() {
            let rows = pos.map(rows_of);
            let cols = pos.map(cols_of);
            let boxes = cols.map(boxes_of);
            let count: u32 = pos.iter().map(|x| x.count_ones()).sum();
            let n_rows: u32 = rows.iter().map(|x| x.count_ones()).sum();
            let n_boxes: u32 = boxes.iter().map(|x| x.count_ones()).sum();
            let all_cols = cols[0] | cols[1] | cols[2];
            // Two givens of `d` in one row, column or box: no solution.
            if n_rows != count || all_cols.count_ones() != count || n_boxes != count {
                return None;
            }
            for band in 0..3 {
                // Without branches: the taken rows, columns and boxes spread
                // to cell masks by multiplication.
                let taken = ((all_cols | (boxes[band] * 7)) * SPREAD) | ((rows[band] >> 8) * 0o777);
                b.cand[3 * d + band] = (BAND & !filled[band] & !taken) | pos[band];
            }
        }
        b.unsolved = all[9];
        for &(cell, v) in exclude {
            if (1..=9).contains(&v) {
                b.cand[3 * (v as usize - 1) + cell / 27] &= !(1 << (cell % 27));
            }
        }
        Some(b)
    }

    /// Starts from candidate sets (bit `d` of `masks[c]` = digit `d + 1`
    /// allowed in cell `c`, row-major): pencilmark puzzles. Not propagated
    /// (a cell with no candidate shows up as a contradiction then).
    pub(super) fn from_candidates(masks: &[u16]) -> Self {
        debug_assert_eq!(masks.len(), 81);
        let mut b = Board::empty();
        for (cell, &m) in masks.iter().enumerate() {
            let bit = 1u32 << (cell % 27);
            for d in (0..9).filter(|&d| m & (1 << d) == 0) {
                b.cand[3 * d + cell / 27] &= !bit;
            }
        }
        b
    }

    /// The state to return to at a branch point. Call only on a propagated
    /// board (see [`Snapshot`]).
    #[inline(always)]
    pub(super) fn snapshot(&self) -> Snapshot {
        debug_assert!(self.cand == self.seen && self.cand == self.seen_stack);
        Snapshot {
            cand: self.cand,
            unsolved: self.unsolved,
            done_rows: self.done_rows,
            done_cols: self.done_cols,
        }
    }

    /// Returns to a state taken by [`Board::snapshot`].
    #[inline(always)]
    pub(super) fn restore(&mut self, s: &Snapshot) {
        self.cand = s.cand;
        self.seen = s.cand;
        self.seen_stack = s.cand;
        self.unsolved = s.unsolved;
        self.done_rows = s.done_rows;
        self.done_cols = s.done_cols;
    }

    /// True once every cell is placed (after a successful propagation this
    /// means the board is a solution).
    #[inline(always)]
    pub(super) fn solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// The digit values (1..=9) in row-major order; `0` for cells not placed.
    pub(super) fn values(&self) -> Vec<u16> {
        let mut out = vec![0u16; 81];
        self.write_values(&mut out);
        out
    }

    /// [`Board::values`] into `out` (81 cells; every cell is written).
    pub(super) fn write_values(&self, out: &mut [u16]) {
        out.fill(0);
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[3 * d + b] & !self.unsolved[b];
                while x != 0 {
                    let i = x.trailing_zeros() as usize;
                    x &= x - 1;
                    out[27 * b + i] = d as u16 + 1;
                }
            }
        }
    }

    /// Applies alternative `k` of a branch point; false when it is already
    /// impossible. Call [`Board::propagate`] afterwards.
    #[inline(always)]
    pub(super) fn try_alternative(&mut self, split: Split, k: usize) -> bool {
        match split {
            Split::Band { digit, band } => {
                self.cand[3 * digit + band] &= CONFIG_CELLS[k];
                true
            }
            Split::Stack { digit, stack } => {
                for (b, &col) in PERMS[k].iter().enumerate() {
                    let other_cols = (0o7 & !(1 << col)) << (3 * stack);
                    self.cand[3 * digit + b] &= !(other_cols * SPREAD);
                }
                true
            }
            Split::Cell { band, bit } => self.try_place(k, band, bit),
        }
    }

    /// Places `d` at `bit` of band `b` if it is still a candidate there.
    #[inline(always)]
    pub(super) fn try_place(&mut self, d: usize, b: usize, bit: u32) -> bool {
        if self.cand[3 * d + b] & bit == 0 {
            return false;
        }
        self.place(d, b, bit);
        true
    }

    /// Places `d` at `bit` (a candidate) of band `b` and clears its peers.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        let i = bit.trailing_zeros() as usize;
        self.unsolved[b] &= !bit;
        let j = 3 * d + b;
        let x = self.cand[j];
        for e in 0..9 {
            self.cand[3 * e + b] &= !bit;
        }
        // The column in all three bands, then the row, box and column peers
        // in this band (without choosing the other two bands by branches).
        let col = COLUMN[i];
        for w in &mut self.cand[3 * d..3 * d + 3] {
            *w &= !col;
        }
        self.cand[j] = (x & !PEERS[i]) | bit;
    }

    /// Runs the band filter and naked singles to a fixpoint. False on a
    /// contradiction.
    #[inline(always)]
    ///
    /// `B`: the build (see "Builds" above); the caller guarantees the CPU
    /// has its features.
    pub(super) fn propagate<const B: Build>(&mut self) -> bool {
        loop {
            if !self.filter_bands::<B>() {
                return false;
            }
            // Cheapest rules first: the stack filter runs only when the
            // others are stuck, and anything it changes sends the board back
            // through the band filter.
            match self.naked_singles::<B>() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            // Every cell placed, each over a candidate that its earlier
            // placements left: a solution, with nothing left to filter.
            if self.solved() {
                return true;
            }
            match self.filter_stacks::<B>() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.filter_triads::<B>() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Triad capacity rule, for the row triads of every band and the column
    /// triads of every stack: a triad's three cells hold three different
    /// digits, so at most three digits can be *certain* to lie in it (more is
    /// a contradiction), and when three are, no other digit can. A digit is
    /// certain to lie in a row triad when its row (after the band filter) has
    /// cells in that triad only, and in a column triad when its column has
    /// cells in that band only. `None` on a contradiction; otherwise whether
    /// any candidate went.
    #[inline(always)]
    fn filter_triads<const B: Build>(&mut self) -> Option<bool> {
        let mut cols = [0u32; 28];
        triad_words::<B>(&self.cand, &mut self.triads, &mut self.cert, &mut cols);
        let cert = &self.cert;
        // Certain digits per row triad, summed in the triad's three bits
        // (its bit and the two above). A consistent board has at most three
        // per triad; four to seven are caught below, and eight or nine
        // (which carry into the next triad's bits) only make the removal
        // wrong on a board that has no solution anyway.
        let mut sum = [0u32; 3];
        for d in 0..9 {
            for (b, s) in sum.iter_mut().enumerate() {
                *s += cert[3 * d + b];
            }
        }
        // Column triads: at least 3 and at least 4 certain digits, at bit
        // 9b + c for column c of band b.
        let (c3, c4) = column_certainty::<B>(&cols, &mut self.digit_cols, &mut self.digit_shared);
        if ((sum[0] | sum[1] | sum[2]) & 0o444_444_444) | c4 != 0 {
            return None;
        }
        // Only triads with an open cell can lose candidates (a full one
        // holds its three placed digits, and nothing else is left there),
        // and only those not emptied by an earlier pass.
        let u = self.unsolved;
        let row_open = |x: u32| (x | (x >> 1) | (x >> 2)) & 0o111_111_111;
        let col_open = |x: u32| (x | (x >> 9) | (x >> 18)) & 0o777;
        let three = |s: u32| ((s >> 2) | (s & (s >> 1))) & 0o111_111_111;
        let r3b = |b: usize| three(sum[b]) & row_open(u[b]) & !(self.done_rows >> b);
        let r3 = [r3b(0), r3b(1), r3b(2)];
        let c3 = c3
            & (col_open(u[0]) | (col_open(u[1]) << 9) | (col_open(u[2]) << 18))
            & !self.done_cols;
        if (r3[0] | r3[1] | r3[2] | c3) == 0 {
            return Some(false);
        }
        self.done_rows |= r3[0] | (r3[1] << 1) | (r3[2] << 2);
        self.done_cols |= c3;
        let c3 = [c3 & 0o777, (c3 >> 9) & 0o777, c3 >> 18];
        let gone_any =
            remove_from_triads::<B>(&mut self.cand, cert, (&cols, &self.digit_shared), r3, c3);
        Some(gone_any)
    }

    #[inline(always)]
    fn filter_bands<const B: Build>(&mut self) -> bool {
        loop {
            let mut changed = self.changed_words::<B>();
            if changed == 0 {
                return true;
            }
            // Only placements change words other than the one filtered, so
            // without one this pass leaves nothing to look at again.
            let mut placed = false;
            while changed != 0 {
                let j = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                let x = self.cand[j];
                let t = row_triads::<B>(x);
                // (`t` has nine bits; the mask spares a bounds check.)
                let keep = KEEP[(t & 0o777) as usize];
                if keep == 0 {
                    return false;
                }
                let x = x & keep;
                self.cand[j] = x;
                self.seen[j] = x;
                // Rows down to one cell, that cell not placed yet: hidden
                // singles. Every row has a cell here (else `keep` is 0), so
                // subtracting one per row borrows inside each row, and `z`
                // keeps each row's cells but the lowest.
                let z = x & x.wrapping_sub(SPREAD);
                // Bit 8 of each row of `z`: set when the row has a cell.
                const LOW8: u32 = 0o377 * SPREAD;
                let more = (((z & LOW8) + LOW8) | z) & (0o400 * SPREAD);
                let b = MOD3[j] as usize;
                let mut singles = (x ^ z) & !((more >> 8) * 0o777) & self.unsolved[b];
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // Placing in an earlier row may have cleared this row's
                    // only cell: no place left for the digit in that row.
                    if !self.try_place(j / 3, b, bit) {
                        return false;
                    }
                    placed = true;
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// The words that differ from what the band filter last left (bit `j`).
    #[inline(always)]
    fn changed_words<const B: Build>(&self) -> u32 {
        differing_words::<B>(&self.cand, &self.seen)
    }
}

/// Column triads of the triad rule. From each digit's columns per band
/// (`word_cols`, word 3d + b), writes the digit's columns of all bands
/// (`digit_cols[d]`, nine bits per band) and its columns held in two or
/// more bands (`shared[d]`); the others are certain to lie in their band.
/// Returns, at bit 9b + c for column c of band b, the column triads with at
/// least three and at least four certain digits. Digits 0–7 in the lanes of
/// AVX2 vectors from [`WIDE`] up (as a loop over digits this was a third of
/// the triad rule).
#[inline(always)]
fn column_certainty<const B: Build>(
    word_cols: &[u32; 28],
    digit_cols: &mut [u32; 9],
    shared: &mut [u32; 9],
) -> (u32, u32) {
    // Digit `d`'s columns in all bands, and those certain to lie in theirs.
    let digit = |d: usize, shared: &mut [u32; 9]| {
        let (k0, k1, k2) = (word_cols[3 * d], word_cols[3 * d + 1], word_cols[3 * d + 2]);
        let cc = k0 | (k1 << 9) | (k2 << 18);
        let sh = (k0 & (k1 | k2)) | (k1 & k2);
        shared[d] = sh;
        (cc, cc & !(sh * SPREAD))
    };
    #[cfg(target_arch = "x86_64")]
    if B >= WIDE {
        // SAFETY: `B >= WIDE` only on the path taken after
        // `is_x86_feature_detected!("avx2")` succeeded.
        let (c2, c3, c4) = unsafe { avx2::column_counts(word_cols, digit_cols, shared) };
        let (cc, cd) = digit(8, shared);
        digit_cols[8] = cc;
        return (c3 | (c2 & cd), c4 | (c3 & cd));
    }
    // Counters: at least 1, 2, 3, 4 certain digits.
    let (mut c1, mut c2, mut c3, mut c4) = (0u32, 0u32, 0u32, 0u32);
    for (d, dc) in digit_cols.iter_mut().enumerate() {
        let (cc, cd) = digit(d, shared);
        *dc = cc;
        c4 |= c3 & cd;
        c3 |= c2 & cd;
        c2 |= c1 & cd;
        c1 |= cd;
    }
    (c3, c4)
}

/// Per word of `cand`: its triads (the bit of each triad's first cell: row
/// r, box k at bit 9r + 3k), the triads certain to hold the digit (the only
/// one its row has) and its columns (nine bits). One AVX2 vector per eight
/// words from [`WIDE`] up.
#[inline(always)]
fn triad_words<const B: Build>(
    cand: &[u32; 28],
    triads: &mut [u32; 28],
    cert: &mut [u32; 28],
    cols: &mut [u32; 28],
) {
    #[cfg(target_arch = "x86_64")]
    if B >= WIDE {
        use std::arch::x86_64::*;
        // SAFETY: `B >= WIDE` only on the path taken after
        // `is_x86_feature_detected!("avx2")` succeeded; all four arrays hold
        // 28 words, so words 8k..8k+8 (k < 3) and 24..28 are in bounds;
        // unaligned loads and stores have no alignment requirement.
        unsafe {
            for k in 0..3 {
                let x = _mm256_loadu_si256(cand.as_ptr().add(8 * k) as *const __m256i);
                let (any, c, l) = avx2::triad_word(x);
                _mm256_storeu_si256(triads.as_mut_ptr().add(8 * k) as *mut __m256i, any);
                _mm256_storeu_si256(cert.as_mut_ptr().add(8 * k) as *mut __m256i, c);
                _mm256_storeu_si256(cols.as_mut_ptr().add(8 * k) as *mut __m256i, l);
            }
            let x =
                _mm256_castsi128_si256(_mm_loadu_si128(cand.as_ptr().add(24) as *const __m128i));
            let (any, c, l) = avx2::triad_word(x);
            _mm_storeu_si128(
                triads.as_mut_ptr().add(24) as *mut __m128i,
                _mm256_castsi256_si128(any),
            );
            _mm_storeu_si128(
                cert.as_mut_ptr().add(24) as *mut __m128i,
                _mm256_castsi256_si128(c),
            );
            _mm_storeu_si128(
                cols.as_mut_ptr().add(24) as *mut __m128i,
                _mm256_castsi256_si128(l),
            );
        }
        return;
    }
    for j in 0..28 {
        let x = cand[j];
        let any = (x | (x >> 1) | (x >> 2)) & 0o111_111_111;
        triads[j] = any;
        // The other two triads of the same row.
        let next = ((any >> 3) & 0o011_011_011) | ((any << 6) & 0o100_100_100);
        let prev = ((any >> 6) & 0o001_001_001) | ((any << 3) & 0o110_110_110);
        cert[j] = any & !(next | prev);
        cols[j] = (x | (x >> 9) | (x >> 18)) & 0o777;
    }
}

/// The removal step of the triad rule: from word `j` (band `b`), the row
/// triads of `rows[b]` (bit of each triad's first cell) not in `cert[j]`,
/// and the columns of `cols[b]` where the digit is certain to lie in
/// another band (its columns `word_cols[j]` outside `shared[j / 3]`, the
/// digit's columns in two or more bands, are certain to lie in this one).
/// Whether any candidate went. One AVX2 vector per eight words from
/// [`WIDE`] up.
#[inline(always)]
fn remove_from_triads<const B: Build>(
    cand: &mut [u32; 28],
    cert: &[u32; 28],
    (word_cols, shared): (&[u32; 28], &[u32; 9]),
    rows: [u32; 3],
    cols: [u32; 3],
) -> bool {
    // Word `j` as a scalar: its candidates outside the certain triads go
    // (a triad's bit times 7 covers its three cells); returns what went.
    let remove = |cand: &mut [u32; 28], j: usize| {
        let b = j % 3;
        let col_cert = word_cols[j] & !shared[j / 3];
        let g = ((rows[b] & !cert[j]) * 7) | ((cols[b] & !col_cert) * SPREAD);
        let gone = cand[j] & g;
        cand[j] &= !g;
        gone
    };
    #[cfg(target_arch = "x86_64")]
    if B >= WIDE {
        use std::arch::x86_64::*;
        // SAFETY: as in `triad_words` (AVX2 present, words in bounds).
        unsafe {
            let masks = _mm256_setr_epi32(
                rows[0] as i32,
                rows[1] as i32,
                rows[2] as i32,
                cols[0] as i32,
                cols[1] as i32,
                cols[2] as i32,
                0,
                0,
            );
            let mut hit = _mm256_setzero_si256();
            for k in 0..3 {
                let p = cand.as_mut_ptr().add(8 * k) as *mut __m256i;
                let x = _mm256_loadu_si256(p);
                let g = avx2::gone(masks, k, cert, word_cols, shared);
                hit = _mm256_or_si256(hit, _mm256_and_si256(x, g));
                _mm256_storeu_si256(p, _mm256_andnot_si256(g, x));
            }
            // Words 24..27 (digit 9) as scalars.
            let rest = remove(cand, 24) | remove(cand, 25) | remove(cand, 26);
            return _mm256_testz_si256(hit, hit) == 0 || rest != 0;
        }
    }
    (0..27).fold(0, |hit, j| hit | remove(cand, j)) != 0
}

/// Bit `j` set where `a[j] != b[j]`: one SIMD comparison per eight words
/// from [`WIDE`] up (the AVX2 builds), per four words otherwise.
#[inline(always)]
fn differing_words<const B: Build>(cand: &[u32; 28], seen: &[u32; 28]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if B >= WIDE {
        use std::arch::x86_64::{
            __m128i, __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
            _mm256_movemask_ps, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128,
            _mm_movemask_ps,
        };
        // SAFETY: `B >= WIDE` only on the path taken after
        // `is_x86_feature_detected!("avx2")` succeeded; words 8k..8k+8
        // (k < 3) and 24..28 are in bounds; unaligned loads have no
        // alignment requirement.
        let same = unsafe {
            let mut same = 0u32;
            for k in 0..3 {
                let a = _mm256_loadu_si256(cand.as_ptr().add(8 * k) as *const __m256i);
                let b = _mm256_loadu_si256(seen.as_ptr().add(8 * k) as *const __m256i);
                let m = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b)));
                same |= (m as u32) << (8 * k);
            }
            let a = _mm_loadu_si128(cand.as_ptr().add(24) as *const __m128i);
            let b = _mm_loadu_si128(seen.as_ptr().add(24) as *const __m128i);
            let m = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b)));
            same | ((m as u32) << 24)
        };
        return !same & ((1 << 27) - 1);
    }
    {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
            };
            let mut same = 0u32;
            for k in 0..7 {
                // SAFETY: SSE2 is part of every x86-64 target, so the intrinsics
                // are available; `cand` and `seen` hold 28 words, and words
                // 4k..4k+4 (k < 7) are in bounds; unaligned loads have no
                // alignment requirement.
                let m = unsafe {
                    let a = _mm_loadu_si128(cand.as_ptr().add(4 * k) as *const __m128i);
                    let b = _mm_loadu_si128(seen.as_ptr().add(4 * k) as *const __m128i);
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b)))
                };
                same |= (m as u32) << (4 * k);
            }
            !same & ((1 << 27) - 1)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut m = 0u32;
            for j in 0..27 {
                m |= ((cand[j] != seen[j]) as u32) << j;
            }
            m
        }
    }
}

impl Board {
    /// Stack filter and hidden singles in columns, per digit. The stack filter
    /// is the band filter turned sideways: in each stack (three columns) the
    /// digit sits once per column and once per box, so only vertical triads
    /// (band × column) on a permutation of present ones keep it. A digit with
    /// one cell left in a column is placed. `None` on a contradiction;
    /// otherwise whether any word changed.
    #[inline(always)]
    fn filter_stacks<const B: Build>(&mut self) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        if B >= WIDE {
            // SAFETY: `B >= WIDE` only after AVX2 was detected.
            return unsafe { self.filter_stacks_avx2::<B>() };
        }
        let mut changed = false;
        let words = differing_words::<B>(&self.cand, &self.seen_stack);
        // Bit 3d for each digit d with a changed word.
        let mut digits = (words | (words >> 1) | (words >> 2)) & 0o111_111_111;
        while digits != 0 {
            let j = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let x = [self.cand[j], self.cand[j + 1], self.cand[j + 2]];
            let (kept, alone) = stack_digit(x, &self.unsolved)?;
            if kept != x {
                self.cand[j..j + 3].copy_from_slice(&kept);
                changed = true;
            }
            self.seen_stack[j..j + 3].copy_from_slice(&kept);
            changed |= self.place_singles(j / 3, alone)?;
        }
        Some(changed)
    }

    /// Places digit `d` at the cells of `alone` (per band). `None` when one
    /// of them no longer holds `d` (an earlier placement cleared it: a
    /// contradiction); otherwise whether anything was placed.
    #[inline(always)]
    fn place_singles(&mut self, d: usize, alone: [u32; 3]) -> Option<bool> {
        let mut placed = false;
        for (b, &a) in alone.iter().enumerate() {
            let mut s = a;
            while s != 0 {
                let bit = s & s.wrapping_neg();
                s ^= bit;
                if !self.try_place(d, b, bit) {
                    return None;
                }
                placed = true;
            }
        }
        Some(placed)
    }

    /// [`Board::filter_stacks`] with digits 0–7 in the eight lanes of AVX2
    /// vectors (one per band) and digit 8 alone. Every digit is filtered,
    /// changed or not (eight lanes cost what one digit does in scalar code);
    /// the filtered words are written back first, then the hidden singles
    /// placed. A placement only removes candidates, so a single found before
    /// it stays implied (or its `try_place` fails: a contradiction), and the
    /// fixpoint, hence the search, is the same as the scalar filter's.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn filter_stacks_avx2<const B: Build>(&mut self) -> Option<bool> {
        let words = differing_words::<B>(&self.cand, &self.seen_stack);
        if words == 0 {
            return Some(false);
        }
        // SAFETY: AVX2 is present (the caller's contract).
        let lanes = unsafe { avx2::stack_lanes(&self.cand, &self.unsolved) }?;
        let mut changed = lanes.changed != 0;
        let mut m = lanes.changed;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            for b in 0..3 {
                self.cand[3 * d + b] = lanes.kept[b][d];
            }
        }
        // Digit 8, as in the scalar filter, when its words changed.
        let mut alone8 = [0u32; 3];
        if words >> 24 != 0 {
            let x = [self.cand[24], self.cand[25], self.cand[26]];
            let kept8;
            (kept8, alone8) = stack_digit(x, &self.unsolved)?;
            if kept8 != x {
                self.cand[24..27].copy_from_slice(&kept8);
                changed = true;
            }
        }
        self.seen_stack = self.cand;
        let mut m = lanes.alone_any;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let alone = [lanes.alone[0][d], lanes.alone[1][d], lanes.alone[2][d]];
            changed |= self.place_singles(d, alone)?;
        }
        changed |= self.place_singles(8, alone8)?;
        Some(changed)
    }

    /// Places every cell covered by exactly one digit. `None` on a cell with
    /// no candidate; otherwise whether anything was placed.
    #[inline(always)]
    fn naked_singles<const B: Build>(&mut self) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        if B >= WIDE {
            // SAFETY: `B >= WIDE` only after AVX2 (and so SSE4.1) was
            // detected.
            return unsafe { self.naked_singles_avx2() };
        }
        let mut placed = false;
        for b in 0..3 {
            if self.unsolved[b] == 0 {
                continue;
            }
            // `planes[k]`: the cells where some digit with bit k set in its
            // index is a candidate; for a cell with one candidate, they spell
            // out that digit without a search.
            let (mut one, mut two) = (0u32, 0u32);
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                two |= one & x;
                one |= x;
                for (k, plane) in planes.iter_mut().enumerate() {
                    if d & (1 << k) != 0 {
                        *plane |= x;
                    }
                }
            }
            if one != BAND {
                return None;
            }
            let mut singles = self.unsolved[b] & !two;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let d = planes
                    .iter()
                    .enumerate()
                    .fold(0, |d, (k, p)| d | (((p & bit != 0) as usize) << k));
                // An earlier placement may have taken the cell's last digit.
                if !self.try_place(d, b, bit) {
                    return None;
                }
                placed = true;
            }
        }
        Some(placed)
    }

    /// [`Board::naked_singles`] with the three bands side by side in the
    /// lanes of one 128-bit vector (lane 3 is the zero padding word).
    ///
    /// # Safety
    /// The CPU must have SSE4.1.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn naked_singles_avx2(&mut self) -> Option<bool> {
        use std::arch::x86_64::*;
        let word = |d: usize| {
            // SAFETY: words 3d..3d+4 are in bounds for d < 9 (28 words).
            unsafe { _mm_loadu_si128(self.cand.as_ptr().add(3 * d) as *const __m128i) }
        };
        let (mut one, mut two) = (_mm_setzero_si128(), _mm_setzero_si128());
        let mut planes = [_mm_setzero_si128(); 4];
        for d in 0..9 {
            let x = word(d);
            two = _mm_or_si128(two, _mm_and_si128(one, x));
            one = _mm_or_si128(one, x);
            for (k, plane) in planes.iter_mut().enumerate() {
                if d & (1 << k) != 0 {
                    *plane = _mm_or_si128(*plane, x);
                }
            }
        }
        let full = _mm_cmpeq_epi32(one, _mm_set1_epi32(BAND as i32));
        if _mm_movemask_ps(_mm_castsi128_ps(full)) & 7 != 7 {
            return None;
        }
        let u = self.unsolved;
        let singles = _mm_andnot_si128(
            two,
            _mm_setr_epi32(u[0] as i32, u[1] as i32, u[2] as i32, 0),
        );
        if _mm_testz_si128(singles, singles) != 0 {
            return Some(false);
        }
        let mut s = [0u32; 4];
        _mm_storeu_si128(s.as_mut_ptr() as *mut __m128i, singles);
        let mut p = [[0u32; 4]; 4];
        for (p, plane) in p.iter_mut().zip(planes) {
            _mm_storeu_si128(p.as_mut_ptr() as *mut __m128i, plane);
        }
        for b in 0..3 {
            while s[b] != 0 {
                let bit = s[b] & s[b].wrapping_neg();
                s[b] ^= bit;
                let d = (0..4).fold(0, |d, k| d | (usize::from(p[k][b] & bit != 0) << k));
                // An earlier placement may have taken the cell's last digit.
                if !self.try_place(d, b, bit) {
                    return None;
                }
            }
        }
        Some(true)
    }

    /// What to branch on (see the module documentation). Call only on a
    /// propagated, unsolved board.
    #[inline(always)]
    pub(super) fn branch<const B: Build>(&self) -> Branch {
        self.config_branch::<B>()
            .unwrap_or_else(|| self.cell_branch())
    }

    /// The band or stack with the lowest score (open digits and their
    /// triads), and in it the first digit with two configurations (else
    /// fewest). `None` when every band and stack is fixed. See the module
    /// documentation.
    #[inline(always)]
    fn config_branch<const B: Build>(&self) -> Option<Branch> {
        // What the last triad-rule pass left (see `Board::triads`).
        debug_assert!((0..27).all(|j| {
            let x = self.cand[j];
            self.triads[j] == (x | (x >> 1) | (x >> 2)) & 0o111_111_111
        }));
        let triads = &self.triads;
        let cols = &self.digit_cols;
        // A digit is fixed in a band when every triad it has is certain, and
        // open in a stack when one of the stack's columns is in two bands.
        let open_in_band = differing_words::<B>(&self.cert, triads);
        let open_in_stack = open_per_stack::<B>(&self.digit_shared);
        // A fixed digit has 3 triads, so `n - 27` counts the triads beyond
        // fixed over the open digits; each open digit weighs 4 more.
        let key = |n: u32, open: u32| n - 27 + 4 * open;
        // Count three digits with one popcount: their triad (or stack
        // column) bits shifted apart. 27 triads = every digit fixed.
        // Each group's score packed above its index (bands 0–2, stacks 3–5),
        // so one `min` keeps the first lowest without a data-dependent branch
        // (these comparisons were a quarter of the solver's mispredictions).
        // (All ones when `open` is 0: arithmetic, as the compiler made a
        // branch of an `if`.)
        let packed = |n: u32, open: u32, g: u32| {
            (key(n, open) << 3) | g | 0u32.wrapping_sub(u32::from(open == 0))
        };
        let mut best = u32::MAX;
        for b in 0..3 {
            let mut n = 0;
            for d in [0, 3, 6] {
                let t =
                    triads[3 * d + b] | (triads[3 * d + 3 + b] << 1) | (triads[3 * d + 6 + b] << 2);
                n += t.count_ones();
            }
            let open = (open_in_band & (0o111_111_111 << b)).count_ones();
            best = best.min(packed(n, open, b as u32));
        }
        for (s, &open) in open_in_stack.iter().enumerate() {
            let m = (0o7 << (3 * s)) * SPREAD;
            let mut n = 0;
            for d in [0, 3, 6] {
                // Shifted by 3 and 6, the stack's columns land on columns of
                // later stacks (or the next band), never on each other.
                let t = u64::from(cols[d] & m)
                    | (u64::from(cols[d + 1] & m) << 3)
                    | (u64::from(cols[d + 2] & m) << 6);
                n += t.count_ones();
            }
            best = best.min(packed(n, open, 3 + s as u32));
        }
        if best == u32::MAX {
            return None;
        }
        let g = (best & 7) as usize;
        let stack_cols = |s: usize| (0o7 << (3 * s)) * SPREAD;
        // The digit: first with 5 or 6 triads (two configurations), else
        // fewest triads above 3 (a fixed digit has 3).
        // Packed as in the group choice: digits with 4–6 triads rank by index
        // alone, the others by count then index, fixed digits (3) never.
        let (words, stride, mask) = if g < 3 {
            (&triads[g..], 3, u32::MAX)
        } else {
            (&cols[..], 1, stack_cols(g - 3))
        };
        // Rank by count: fixed never, 4–6 triads alike, more by count.
        const RANK: [u32; 32] = {
            let mut r = [0; 32];
            let mut n = 0;
            while n < 32 {
                r[n] = if n <= 3 {
                    u32::MAX
                } else if n <= 6 {
                    0
                } else {
                    (n as u32) << 4
                };
                n += 1;
            }
            r
        };
        let mut pick = u32::MAX;
        for d in 0..9 {
            let n = (words[stride * d] & mask).count_ones();
            pick = pick.min(RANK[(n & 31) as usize] | d as u32);
        }
        // (An open group has a digit with more than three triads.)
        let digit = (pick & 15) as usize % 9;
        let (split, matrix) = if g < 3 {
            let m = row_triads::<B>(self.cand[3 * digit + g]);
            (Split::Band { digit, band: g }, m)
        } else {
            let stack = g - 3;
            let c = cols[digit] >> (3 * stack);
            let m = (c & 7) | ((c >> 6) & 0o70) | ((c >> 12) & 0o700);
            (Split::Stack { digit, stack }, m)
        };
        Some(Branch {
            split,
            alts: CONFIGS[matrix as usize] as u32,
        })
    }

    /// The first cell with fewest candidates (see [`Board::branch`]; only a
    /// safety net, as a board with every band and stack fixed propagates to
    /// a solution).
    #[inline(always)]
    fn cell_branch(&self) -> Branch {
        let mut fewest = (u32::MAX, 0, 0);
        for b in 0..3 {
            let mut u = self.unsolved[b];
            while u != 0 {
                let bit = u & u.wrapping_neg();
                u ^= bit;
                let k = self.branch_at(b, bit).alts.count_ones();
                if k < fewest.0 {
                    fewest = (k, b, bit);
                }
            }
        }
        self.branch_at(fewest.1, fewest.2)
    }

    #[inline(always)]
    fn branch_at(&self, band: usize, bit: u32) -> Branch {
        let mut digits = 0;
        for d in 0..9 {
            if self.cand[3 * d + band] & bit != 0 {
                digits |= 1 << d;
            }
        }
        Branch {
            split: Split::Cell { band, bit },
            alts: digits,
        }
    }
}

/// The triads of a band word that hold a candidate: bit `3·r + k` for row `r`,
/// box `k` (the index of [`KEEP`]). In the [`WIDE_PEXT`] build one `pext`
/// gathers the nine triad bits; otherwise three table lookups.
#[inline(always)]
fn row_triads<const B: Build>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if B == WIDE_PEXT {
        let any = x | (x >> 1) | (x >> 2);
        // SAFETY: `B == WIDE_PEXT` only on the path taken after
        // `is_x86_feature_detected!("bmi2")` succeeded.
        return unsafe { std::arch::x86_64::_pext_u32(any, 0o111_111_111) };
    }
    ROW_TRIADS[(x & 0o777) as usize]
        | (ROW_TRIADS[((x >> 9) & 0o777) as usize] << 3)
        | (ROW_TRIADS[(x >> 18) as usize] << 6)
}

/// The stack filter on one digit's three band words `x`: the words kept
/// (cells on a permutation of column triads) and, per band, the unplaced
/// cells alone in their column (hidden singles). `None` when a stack has no
/// column left for the digit.
#[inline(always)]
fn stack_digit(mut x: [u32; 3], unsolved: &[u32; 3]) -> Option<([u32; 3], [u32; 3])> {
    let col = |v: u32| (v | (v >> 9) | (v >> 18)) & 0o777;
    // The digit's columns, band b at bits 9b.. (each stack a three-bit
    // group), and those on a permutation.
    let cols = col(x[0]) | (col(x[1]) << 9) | (col(x[2]) << 18);
    let kept = stack_permutations(cols);
    // A stack with no column left (there is no permutation).
    let any = col(kept);
    if (any | (any >> 1) | (any >> 2)) & 0o111 != 0o111 {
        return None;
    }
    // Cells whose column has no cell in the other bands, alone in their
    // column in this band.
    let others = rotate_bands(kept, 1) | rotate_bands(kept, 2);
    let mut alone = [0u32; 3];
    for b in 0..3 {
        x[b] &= ((kept >> (9 * b)) & 0o777) * SPREAD;
        let m = x[b] & !(((others >> (9 * b)) & 0o777) * SPREAD) & unsolved[b];
        let (m0, m1, m2) = (m & 0o777, (m >> 9) & 0o777, m >> 18);
        alone[b] = (m0 & !(m1 | m2)) | ((m1 & !(m0 | m2)) << 9) | ((m2 & !(m0 | m1)) << 18);
    }
    Some((x, alone))
}

/// `v` (27 bits, three groups of nine) with group `g` replaced by group
/// `g + k` (mod 3): a band's columns next to those of band `b + k`.
#[inline(always)]
fn rotate_bands(v: u32, k: u32) -> u32 {
    ((v >> (9 * k)) | (v << (27 - 9 * k))) & BAND
}

/// The stack filter's permutation test on a digit's columns (band b at bits
/// 9b..9b+9, stack s at bits 3s.. of each band): the bits that lie on a
/// permutation of present ones in their stack, one column per band and per
/// column. Bit logic for all three stacks at once: (band b, column i) is on
/// one when bands b+1 and b+2 hold columns i+1 and i+2 in some order.
#[inline(always)]
fn stack_permutations(v: u32) -> u32 {
    // Columns i+1 and i+2 (mod 3, inside each stack) moved to column i.
    let c1 = ((v >> 1) & 0o333_333_333) | ((v << 2) & 0o444_444_444);
    let c2 = ((v >> 2) & 0o111_111_111) | ((v << 1) & 0o666_666_666);
    v & ((rotate_bands(c1, 1) & rotate_bands(c2, 2)) | (rotate_bands(c2, 1) & rotate_bands(c1, 2)))
}

/// Per stack, how many digits are open in it: have a column of the stack in
/// two bands (`shared[d]`: digit `d`'s columns in two or more bands, as the
/// triad rule left them). Digits 0–7 in the lanes of one AVX2 vector from
/// [`WIDE`] up (this was a third of the branch choice as a loop over digits).
#[inline(always)]
fn open_per_stack<const B: Build>(shared: &[u32; 9]) -> [u32; 3] {
    #[cfg(target_arch = "x86_64")]
    if B >= WIDE {
        use std::arch::x86_64::*;
        // SAFETY: `B >= WIDE` only on the path taken after
        // `is_x86_feature_detected!("avx2")` succeeded; words 0..8 of the
        // nine are in bounds; unaligned loads have no alignment requirement.
        return unsafe {
            let sh = _mm256_loadu_si256(shared.as_ptr() as *const __m256i);
            let zero = _mm256_setzero_si256();
            let mut open = [0; 3];
            for (s, o) in open.iter_mut().enumerate() {
                let m = 0o7 << (3 * s);
                let closed = _mm256_cmpeq_epi32(_mm256_and_si256(sh, _mm256_set1_epi32(m)), zero);
                let closed = _mm256_movemask_ps(_mm256_castsi256_ps(closed)) as u32;
                *o = 8 - closed.count_ones() + u32::from(shared[8] & m as u32 != 0);
            }
            open
        };
    }
    let mut open = [0; 3];
    for &sh in shared {
        for (s, o) in open.iter_mut().enumerate() {
            *o += u32::from(sh & (0o7 << (3 * s)) != 0);
        }
    }
    open
}

#[cfg(test)]
mod tests {
    use super::super::tables::PERM;
    use super::*;

    /// The givens' board is the same from the scalar and the AVX2 code, and
    /// from placing the givens one by one.
    #[test]
    fn from_values_paths_agree() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/puzzles3_magictour_top1465"
        );
        let mut lines: Vec<String> = std::fs::read_to_string(path)
            .map(|t| {
                t.lines()
                    .filter(|l| l.len() >= 81)
                    .take(200)
                    .map(|l| l[..81].to_string())
                    .collect()
            })
            .unwrap_or_default();
        lines.push(".".repeat(81));
        lines.push(format!("11{}", ".".repeat(79)));
        lines.push(format!("1{}1{}", ".".repeat(8), ".".repeat(71)));
        lines.push(format!("1{}1{}", ".".repeat(9), ".".repeat(70)));
        lines.push(format!("1{}1{}", ".".repeat(19), ".".repeat(60)));
        #[cfg(target_arch = "x86_64")]
        let wide = super::super::wide_cpu();
        for line in &lines {
            let v: Vec<u16> = line
                .bytes()
                .map(|b| {
                    if b.is_ascii_digit() {
                        u16::from(b - b'0')
                    } else {
                        0
                    }
                })
                .collect();
            let one_by_one = (|| {
                let mut b = Board::empty();
                for (c, &x) in v.iter().enumerate().filter(|(_, &x)| x != 0) {
                    if !b.try_place(usize::from(x) - 1, c / 27, 1 << (c % 27)) {
                        return None;
                    }
                }
                Some((b.cand, b.unsolved))
            })();
            let plain = Board::from_values::<PLAIN>(&v).map(|b| (b.cand, b.unsolved));
            assert_eq!(plain, one_by_one, "{line}");
            #[cfg(target_arch = "x86_64")]
            if wide {
                // SAFETY: `wide_cpu` found the features.
                let fast =
                    unsafe { super::super::from_values_wide(&v) }.map(|b| (b.cand, b.unsolved));
                assert_eq!(fast, plain, "{line}");
            }
        }
        let mut v = vec![0u16; 81];
        v[80] = 10;
        assert!(Board::from_values::<PLAIN>(&v).is_none());
        #[cfg(target_arch = "x86_64")]
        if wide {
            for (c, x) in [(80, 10), (3, 12), (40, 16), (0, 0x8001)] {
                let mut v = vec![0u16; 81];
                v[c] = x;
                // SAFETY: as above.
                assert!(
                    unsafe { super::super::from_values_wide(&v) }.is_none(),
                    "{c} {x}"
                );
            }
        }
    }

    /// The bit logic of the stack filter keeps what the permutation table
    /// keeps, in each of the three stacks.
    #[test]
    fn stack_permutations_match_table() {
        for t in 0..512u32 {
            for s in 0..3 {
                // Bit 3b + i of `t` (band b, column i of the stack) to bit
                // 9b + 3s + i.
                let spread = |t: u32| {
                    (0..9)
                        .filter(|k| t & (1 << k) != 0)
                        .fold(0, |v, k| v | 1 << (9 * (k / 3) + 3 * s + k % 3))
                };
                assert_eq!(
                    stack_permutations(spread(t)),
                    spread(PERM[t as usize]),
                    "{t:o} stack {s}"
                );
            }
        }
    }
}
