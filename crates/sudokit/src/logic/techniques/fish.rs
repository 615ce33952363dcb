//! Fish on rows and columns: X-wing, swordfish, jellyfish, and their finned
//! and sashimi forms.
//!
//! When a digit's places in k base lines all lie in k cover lines, each cover
//! line's copy of the digit is in a base line, so the cover lines lose it
//! elsewhere. With fins (extra base places in one box), either the fish
//! holds or a fin is true; cells that are in a cover line and see every fin
//! lose the digit either way. Sashimi: a base line has at most one place in
//! the cover lines, so without its fin it would not be a fish at all.

#[cfg(test)]
use super::PLAIN;
use super::{combinations, elim_text, Cand, Candidates, Step, Technique};

/// Positions (bit = index along the line) of `d` in each line.
pub(super) fn line_masks(c: &Candidates, lines: &[u32], d: u16) -> Vec<u64> {
    let units = c.geometry().units();
    lines
        .iter()
        .map(|&l| {
            units[l as usize]
                .cells
                .iter()
                .enumerate()
                .filter(|(_, &x)| c.has(x as usize, d))
                .fold(0u64, |a, (i, _)| a | 1 << i)
        })
        .collect()
}

pub(super) fn names(c: &Candidates, units: &[u32]) -> String {
    units
        .iter()
        .map(|&u| c.un(u as usize))
        .collect::<Vec<_>>()
        .join(", ")
}

fn basic_technique(k: usize) -> Technique {
    [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2]
}

pub(crate) fn find_basic(c: &Candidates, k: usize) -> Option<Step> {
    if c.ctx.rows.is_empty() {
        return None;
    }
    let n = c.ctx.n;
    super::per_digit(c, super::DigitSlot::Basic(k), |d| {
        for (base_lines, cover_lines) in [(&c.ctx.rows, &c.ctx.cols), (&c.ctx.cols, &c.ctx.rows)] {
            let masks = line_masks(c, base_lines, d);
            let idx: Vec<u32> = (0..n as u32)
                .filter(|&i| {
                    let p = masks[i as usize].count_ones() as usize;
                    p >= 2 && p <= k
                })
                .collect();
            let mut found = None;
            combinations(c, &idx, k, |bs| {
                let cover = bs.iter().fold(0u64, |a, &b| a | masks[b as usize]);
                if cover.count_ones() as usize != k {
                    return false;
                }
                let mut s = Step::new(basic_technique(k));
                let base_u: Vec<u32> = bs.iter().map(|&b| base_lines[b as usize]).collect();
                let cover_u: Vec<u32> = crate::logic::candidates::bits(cover)
                    .map(|i| cover_lines[i])
                    .collect();
                let units = c.geometry().units();
                for (i, &l) in cover_lines.iter().enumerate() {
                    if cover >> i & 1 == 0 {
                        continue;
                    }
                    for (j, &x) in units[l as usize].cells.iter().enumerate() {
                        if c.has(x as usize, d) {
                            if bs.contains(&(j as u32)) {
                                s.cells.push(x);
                                s.candidates.push(Cand::new(x as usize, d));
                            } else {
                                s.eliminations.push(Cand::new(x as usize, d));
                            }
                        }
                    }
                }
                if s.eliminations.is_empty() {
                    return false;
                }
                s.units = base_u.iter().chain(&cover_u).copied().collect();
                explain!(
                    c,
                    s,
                    "In {}, {d} fits only in {}, so {} lose it elsewhere: remove {}",
                    names(c, &base_u),
                    names(c, &cover_u),
                    if k == 1 { "that line" } else { "those lines" },
                    elim_text(c, &s.eliminations)
                );
                found = Some(s);
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    })
}

/// Calls `f` with every `k`-subset of the set bits of `rem` (as a mask, in
/// lexicographic order of the bit positions) until it returns true.
fn bit_subsets(rem: u64, k: usize, acc: u64, f: &mut dyn FnMut(u64) -> bool) -> bool {
    if k == 0 {
        return f(acc);
    }
    let mut r = rem;
    while r.count_ones() as usize >= k {
        let i = r.trailing_zeros();
        r &= r - 1;
        if bit_subsets(r, k - 1, acc | 1 << i, f) {
            return true;
        }
    }
    false
}

/// Called with the chosen base lines, the union of their positions and, per
/// box, their positions outside it; returns true to stop.
type BaseVisit<'a> = dyn FnMut(&[u32], u64, &[u64]) -> bool + 'a;

/// What [`base_combos`] needs besides the recursion state.
struct BaseSearch<'a> {
    /// Positions of the digit in each base line.
    masks: &'a [u64],
    k: usize,
    /// Widest union of positions a finned fish can have.
    max_width: u32,
    /// `inside[line * boxes + b]`: the line's positions in box `b`.
    inside: &'a [u64],
    boxes: usize,
    /// Base lines (bits of indices) that lost a place since this search
    /// last found nothing for the digit: a new fish needs one of them
    /// (see `per_digit_since`).
    dirty: u64,
}

/// The base-line walk, written once and compiled twice: plain, and on
/// x86-64 with `popcnt` (it counts positions for every box at every line
/// added, and without the instruction a count is a dozen).
macro_rules! base_walk {
    ($(#[$attr:meta])* $name:ident) => {
        /// Calls `f` with every `k`-combination of base lines (indices into
        /// `masks`, lexicographic order) that could hold a finned fish, with
        /// the union of their positions and, per box, the positions outside
        /// that box. A choice is cut as soon as its union is too wide or every
        /// box leaves more than `k` positions outside it (the fins must share
        /// one box, so all other positions must be cover lines); both only
        /// grow as lines are added, so the order of the remaining choices is
        /// unchanged. Choices without a line of `s.dirty` are left out
        /// (`dirty`: the lines chosen so far include one).
        $(#[$attr])*
        #[allow(clippy::too_many_arguments)]
        fn $name(
            s: &BaseSearch,
            lines: u64,
            chosen: &mut [u32; 8],
            depth: usize,
            union: u64,
            outs: &mut [u64],
            dirty: bool,
            f: &mut BaseVisit,
        ) -> bool {
            let (k, nb) = (s.k, s.boxes);
            if depth == k {
                return f(&chosen[..k], union, &outs[depth * nb..(depth + 1) * nb]);
            }
            let mut r = lines;
            while r.count_ones() as usize >= k - depth {
                let i = r.trailing_zeros() as usize;
                if !dirty && r & s.dirty == 0 {
                    break;
                }
                r &= r - 1;
                let now_dirty = dirty || s.dirty >> i & 1 != 0;
                if !now_dirty && (depth + 1 == k || r & s.dirty == 0) {
                    continue;
                }
                let m = s.masks[i];
                let u = union | m;
                if u.count_ones() > s.max_width {
                    continue;
                }
                let (prev, next) = outs.split_at_mut((depth + 1) * nb);
                let prev = &prev[depth * nb..];
                let mut any = false;
                for b in 0..nb {
                    let o = prev[b] | (m & !s.inside[i * nb + b]);
                    next[b] = o;
                    any |= o.count_ones() as usize <= k;
                }
                if !any {
                    continue;
                }
                chosen[depth] = i as u32;
                if $name(s, r, chosen, depth + 1, u, outs, now_dirty, f) {
                    return true;
                }
            }
            false
        }
    };
}

base_walk!(base_combos);
base_walk!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    base_combos_popcnt
);

/// [`base_combos`] from the first line, in its `popcnt` copy where the CPU
/// has the instruction.
fn base_combos_from_start(
    s: &BaseSearch,
    lines: u64,
    chosen: &mut [u32; 8],
    outs: &mut [u64],
    f: &mut BaseVisit,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") && !super::plain_in_tests() {
        // SAFETY: the CPU has `popcnt` (checked just above; the check is a
        // cached load).
        return unsafe { base_combos_popcnt(s, lines, chosen, 0, 0, outs, false, f) };
    }
    base_combos(s, lines, chosen, 0, 0, outs, false, f)
}

pub(crate) fn find_finned(c: &Candidates, k: usize) -> Option<Step> {
    if c.ctx.rows.is_empty() || k > 8 {
        return None;
    }
    let n = c.ctx.n;
    let units = c.geometry().units();
    // Fins share one box, so they add at most a box's width of positions.
    let shape = c.geometry().box_shape();
    let max_width = (k + shape.rows.max(shape.cols)) as u32;
    let mut tried: Vec<u64> = Vec::new();
    let mut seen_boxes: Vec<u32> = Vec::new();
    let mut ok_needs: Vec<u64> = Vec::new();
    let mut outs = vec![0u64; (k + 1) * c.ctx.box_units.len()];
    let mut masks = vec![0u64; n];
    super::per_digit_since(c, super::DigitSlot::Finned(k), |d, gone| {
        for (o, (base_lines, cover_lines)) in
            [(&c.ctx.rows, &c.ctx.cols), (&c.ctx.cols, &c.ctx.rows)]
                .into_iter()
                .enumerate()
        {
            // For each base line, the positions along it in each box.
            let line_boxes = &c.ctx.line_boxes[o];
            let (mut lines, mut dirty) = (0u64, 0u64);
            for (i, &l) in base_lines.iter().enumerate() {
                let mut m = 0u64;
                for (j, &x) in units[l as usize].cells.iter().enumerate() {
                    m |= (c.mask(x as usize) >> (d - 1) & 1) << j;
                    if x >= 128 || gone >> x & 1 != 0 {
                        dirty |= 1 << i;
                    }
                }
                masks[i] = m;
                if m != 0 {
                    lines |= 1 << i;
                }
            }
            let mut found = None;
            let mut chosen = [0u32; 8];
            let search = BaseSearch {
                masks: &masks,
                k,
                max_width,
                inside: &c.ctx.line_box_inside[o],
                boxes: c.ctx.box_units.len(),
                dirty,
            };
            outs.fill(0);
            base_combos_from_start(
                &search,
                lines,
                &mut chosen,
                &mut outs,
                &mut |bs, all, out| {
                    let width = all.count_ones() as usize;
                    if width <= k {
                        return false;
                    }
                    // The fins share one box, so every position of the base lines
                    // outside that box's positions must be a cover line: only the
                    // remaining covers are chosen, among that box's positions.
                    tried.clear();
                    seen_boxes.clear();
                    for &b0 in bs {
                        for &(bx, pos) in &line_boxes[b0 as usize] {
                            if masks[b0 as usize] & pos != 0 && !seen_boxes.contains(&bx) {
                                seen_boxes.push(bx);
                            }
                        }
                    }
                    // A cover works only if it holds every base position outside
                    // the fin box: keep, per possible fin box, that set when it
                    // is small enough. Most base choices have none and stop here.
                    ok_needs.clear();
                    ok_needs.extend(out.iter().copied().filter(|o| o.count_ones() as usize <= k));
                    if ok_needs.is_empty() {
                        return false;
                    }
                    for &bx in seen_boxes.iter() {
                        // Positions where some base line has a cell in box `bx`.
                        let stack = bs.iter().fold(0u64, |a, &b| {
                            line_boxes[b as usize]
                                .iter()
                                .filter(|(x, _)| *x == bx)
                                .fold(a, |a, (_, m)| a | m)
                        });
                        let need = all & !stack;
                        let r = need.count_ones() as usize;
                        if r > k {
                            continue;
                        }
                        let done = bit_subsets(all & stack, k - r, need, &mut |cover| {
                            if ok_needs.iter().all(|&m| m & !cover != 0) || tried.contains(&cover) {
                                return false;
                            }
                            tried.push(cover);
                            match check_cover(c, d, k, bs, cover, &masks, base_lines, cover_lines) {
                                Some(s) => {
                                    found = Some(s);
                                    true
                                }
                                None => false,
                            }
                        });
                        if done {
                            return true;
                        }
                    }
                    false
                },
            );
            if found.is_some() {
                return found;
            }
        }
        None
    })
}

/// The finned fish on base lines `bs` (indices into `base_lines`) and the
/// cover lines of `cover` (a mask of indices into `cover_lines`), if its fins
/// share one box and it removes something.
#[allow(clippy::too_many_arguments)]
fn check_cover(
    c: &Candidates,
    d: u16,
    k: usize,
    bs: &[u32],
    cover: u64,
    masks: &[u64],
    base_lines: &[u32],
    cover_lines: &[u32],
) -> Option<Step> {
    let units = c.geometry().units();
    // Every base line must touch the cover lines.
    if bs.iter().any(|&b| masks[b as usize] & cover == 0) {
        return None;
    }
    // All fins in one box: this rejects almost every cover choice.
    let mut fin_box = u32::MAX;
    for &b in bs {
        let cells = &units[base_lines[b as usize] as usize].cells;
        for i in crate::logic::candidates::bits(masks[b as usize] & !cover) {
            let bx = c.ctx.box_of[cells[i] as usize];
            if bx == u32::MAX || (fin_box != u32::MAX && bx != fin_box) {
                return None;
            }
            fin_box = bx;
        }
    }
    if fin_box == u32::MAX {
        return None;
    }
    let base_set = bs.iter().fold(0u64, |a, &b| a | 1 << b);
    // Cover-line cells in the fin box, outside the base lines, see every fin
    // (the fins are all in that box).
    let mut elims = Vec::new();
    for i in crate::logic::candidates::bits(cover) {
        for (j, &x) in units[cover_lines[i] as usize].cells.iter().enumerate() {
            if base_set >> j & 1 == 0 && c.ctx.box_of[x as usize] == fin_box && c.has(x as usize, d)
            {
                elims.push(Cand::new(x as usize, d));
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let mut fins = Vec::new();
    let mut body = Vec::new();
    for &b in bs {
        let cells = &units[base_lines[b as usize] as usize].cells;
        for i in crate::logic::candidates::bits(masks[b as usize]) {
            if cover >> i & 1 != 0 {
                body.push(cells[i]);
            } else {
                fins.push(cells[i]);
            }
        }
    }
    let sashimi = bs
        .iter()
        .any(|&b| (masks[b as usize] & cover).count_ones() <= 1);
    let t = match (sashimi, k) {
        (false, 2) => Technique::FinnedXWing,
        (false, 3) => Technique::FinnedSwordfish,
        (false, _) => Technique::FinnedJellyfish,
        (true, 2) => Technique::SashimiXWing,
        (true, 3) => Technique::SashimiSwordfish,
        (true, _) => Technique::SashimiJellyfish,
    };
    let mut s = Step::new(t);
    let base_u: Vec<u32> = bs.iter().map(|&b| base_lines[b as usize]).collect();
    let cover_u: Vec<u32> = crate::logic::candidates::bits(cover)
        .map(|i| cover_lines[i])
        .collect();
    s.eliminations = elims;
    s.cells = body.iter().chain(&fins).copied().collect();
    s.candidates = s.cells.iter().map(|&x| Cand::new(x as usize, d)).collect();
    s.units = base_u.iter().chain(&cover_u).copied().collect();
    explain!(
        c,
        s,
        "In {}, {d} fits only in {} or in the fin{} {}; either way {} cannot be {d}",
        names(c, &base_u),
        names(c, &cover_u),
        if fins.len() > 1 { "s" } else { "" },
        super::list_and(c, &fins),
        super::list_and(
            c,
            &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()
        )
    );
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    /// Candidates with `d` kept in row r only at the given columns (0-based).
    fn rows_only(d: u16, rows: &[(usize, &[usize])]) -> Candidates {
        let mut removed = Vec::new();
        for &(r, cols) in rows {
            for col in 0..9 {
                if !cols.contains(&col) {
                    removed.push((r * 9 + col, d));
                }
            }
        }
        cands(&".".repeat(81), &removed)
    }

    /// The plain and the `popcnt` copies of the base-line walk give the
    /// same answers along two hard paths (the per-digit memo forgotten
    /// before each run, so both search every digit).
    #[test]
    fn both_walks_agree() {
        let forget = || super::super::toolkit::DIGIT_MEMO.with(|m| *m.borrow_mut() = None);
        let mut found = 0;
        let boards = along_paths(&HARD, |c| {
            for k in 2..=4 {
                forget();
                PLAIN.with(|p| p.set(true));
                let plain = find_finned(c, k);
                PLAIN.with(|p| p.set(false));
                forget();
                let fast = find_finned(c, k);
                assert_eq!(plain, fast, "size {k}");
                found += usize::from(fast.is_some());
            }
            true
        });
        assert!(boards > 50 && found > 0, "{boards} boards, {found} found");
    }

    #[test]
    fn x_wing_rows() {
        let c = rows_only(4, &[(1, &[2, 7]), (5, &[2, 7])]);
        let s = find_basic(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.eliminations.len(), 14);
        assert!(elims(&c, &s).contains(&"r1c3<>4".to_string()));
        assert!(!elims(&c, &s).contains(&"r2c3<>4".to_string()));
    }

    #[test]
    fn digit_memo_sees_changed_candidates() {
        // No X-wing while row 6 has a third place; the memo records that
        // digit 4 found nothing. Removing the third place (same board, so
        // the same memo) must bring the X-wing back, and an unchanged digit
        // must still give the same answer.
        let mut c = rows_only(4, &[(1, &[2, 7]), (5, &[0, 2, 7])]);
        assert!(find_basic(&c, 2).is_none());
        assert!(find_basic(&c, 2).is_none());
        c.eliminate(45, 4);
        let s = find_basic(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.eliminations.len(), 14);
    }

    #[test]
    fn swordfish_rows() {
        let c = rows_only(4, &[(0, &[0, 4]), (4, &[4, 8]), (8, &[0, 8])]);
        let s = find_basic(&c, 3).unwrap();
        assert_eq!(s.technique, Technique::Swordfish);
        assert_eq!(s.eliminations.len(), 18);
    }

    #[test]
    fn finned_x_wing() {
        // Row 2: 4 in c3, c8; row 6: 4 in c3, c8 and fin c9 (box 6).
        let c = rows_only(4, &[(1, &[2, 7]), (5, &[2, 7, 8])]);
        assert!(find_basic(&c, 2).is_none());
        let s = find_finned(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::FinnedXWing);
        // Column 8 cells in box 6 outside the base rows: r4c8, r5c8.
        assert_eq!(elims(&c, &s), vec!["r4c8<>4", "r5c8<>4"]);
    }
}
