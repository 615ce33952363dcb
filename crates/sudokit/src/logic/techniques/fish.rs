//! Fish on rows and columns: X-wing, swordfish, jellyfish, the larger
//! squirmbag, whale and leviathan (opt-ins, as in HoDoKu), and their finned
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
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        4 => Technique::Jellyfish,
        5 => Technique::Squirmbag,
        6 => Technique::Whale,
        _ => Technique::Leviathan,
    }
}

/// The finned (or with `sashimi`, sashimi) fish of size `k`.
fn finned_technique(k: usize, sashimi: bool) -> Technique {
    use Technique as T;
    let (finned, sashimi_t) = match k {
        2 => (T::FinnedXWing, T::SashimiXWing),
        3 => (T::FinnedSwordfish, T::SashimiSwordfish),
        4 => (T::FinnedJellyfish, T::SashimiJellyfish),
        5 => (T::FinnedSquirmbag, T::SashimiSquirmbag),
        6 => (T::FinnedWhale, T::SashimiWhale),
        _ => (T::FinnedLeviathan, T::SashimiLeviathan),
    };
    if sashimi {
        sashimi_t
    } else {
        finned
    }
}

pub(crate) fn find_basic(c: &Candidates, k: usize) -> Option<Step> {
    if c.ctx.rows.is_empty() || !(2..=7).contains(&k) {
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
    find_finned_form(c, k, None)
}

/// [`find_finned`] for the larger fish, whose finned and sashimi forms are
/// switched on apart (HoDoKu's rows): only the form `sashimi` says. Sizes
/// above 4 keep no memo, so a search that skips the other form records no
/// miss for it.
pub(crate) fn find_one_form(c: &Candidates, k: usize, sashimi: bool) -> Option<Step> {
    debug_assert!(k > 4, "sizes 2 to 4 find both forms on one row");
    find_finned_form(c, k, Some(sashimi))
}

fn find_finned_form(c: &Candidates, k: usize, form: Option<bool>) -> Option<Step> {
    if c.ctx.rows.is_empty() || !(2..=7).contains(&k) {
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
                            match check_cover(
                                c,
                                d,
                                k,
                                bs,
                                cover,
                                &masks,
                                base_lines,
                                cover_lines,
                                form,
                            ) {
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
/// share one box, it removes something and it has the form `form` asks for
/// (sashimi or not; `None`: either).
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
    form: Option<bool>,
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
    if form.is_some_and(|f| f != sashimi) {
        return None;
    }
    let mut s = Step::new(finned_technique(k, sashimi));
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

    /// Eliminations as sorted `(cell, digit)` pairs.
    fn gone(s: &Step) -> Vec<(u32, u16)> {
        let mut v: Vec<_> = s.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
        v.sort();
        v
    }

    /// 1 only in columns 1-5 of rows 1-5: a squirmbag on those rows clears
    /// columns 1-5 of rows 6-9 (on 9×9 the complement, a jellyfish on
    /// columns 6-9, clears the same cells).
    #[test]
    fn squirmbag_by_hand() {
        let cols: &[usize] = &[0, 1, 2, 3, 4];
        let c = rows_only(1, &[(0, cols), (1, cols), (2, cols), (3, cols), (4, cols)]);
        let s = find_basic(&c, 5).unwrap();
        assert_eq!(s.technique, Technique::Squirmbag);
        let want: Vec<(u32, u16)> = (45..81).filter(|x| x % 9 < 5).map(|x| (x, 1)).collect();
        assert_eq!(gone(&s), want);
        assert_eq!(gone(&find_basic(&c, 4).unwrap()), want);
    }

    /// Rows 3-7 hold 1 in columns 1-5, and row 3 also at r3c6, a fin in
    /// box 2: cells of columns 4 and 5 in box 2 outside the base rows
    /// (r1c4, r1c5, r2c4, r2c5) see the fin and lose 1 either way. With row
    /// 3 cut to r3c1 and the fin, the fish is sashimi.
    #[test]
    fn finned_and_sashimi_squirmbag_by_hand() {
        let cols: &[usize] = &[0, 1, 2, 3, 4];
        let want = vec![(3, 1), (4, 1), (12, 1), (13, 1)];
        let rest = [(3, cols), (4, cols), (5, cols), (6, cols)];
        let c = rows_only(1, &[&[(2, &[0, 1, 2, 3, 4, 5][..])][..], &rest].concat());
        let s = find_one_form(&c, 5, false).unwrap();
        assert_eq!(
            (s.technique, gone(&s)),
            (Technique::FinnedSquirmbag, want.clone())
        );
        let c = rows_only(1, &[&[(2, &[0, 5][..])][..], &rest].concat());
        let s = find_one_form(&c, 5, true).unwrap();
        assert_eq!((s.technique, gone(&s)), (Technique::SashimiSquirmbag, want));
    }

    /// Along hard solving paths, no fish of five to seven lines, plain,
    /// finned or sashimi, removes the search solver's digit (that solver
    /// shares no code with this one).
    #[test]
    fn large_fish_keep_the_solution() {
        let mut seen = 0;
        for line in HARD {
            let solution = solution_of(line);
            along_paths(&[line], |c| {
                for k in 5..=7 {
                    let found = [
                        find_basic(c, k),
                        find_one_form(c, k, false),
                        find_one_form(c, k, true),
                    ];
                    for s in found.into_iter().flatten() {
                        seen += 1;
                        for e in &s.eliminations {
                            assert_ne!(solution[e.cell as usize], e.digit, "{line}: {s:?}");
                        }
                    }
                }
                false
            });
        }
        assert!(seen > 0);
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
