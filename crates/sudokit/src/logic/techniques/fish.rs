//! Fish on rows and columns: X-wing, swordfish, jellyfish, and their finned
//! and sashimi forms.
//!
//! When a digit's places in k base lines all lie in k cover lines, each cover
//! line's copy of the digit is in a base line, so the cover lines lose it
//! elsewhere. With fins (extra base places in one box), either the fish
//! holds or a fin is true; cells that are in a cover line and see every fin
//! lose the digit either way. Sashimi: a base line has at most one place in
//! the cover lines, so without its fin it would not be a fish at all.

use super::{combinations, elim_text, Cand, Candidates, Step, Technique};

/// Positions (bit = index along the line) of `d` in each line.
fn line_masks(c: &Candidates, lines: &[u32], d: u16) -> Vec<u64> {
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

fn names(c: &Candidates, units: &[u32]) -> String {
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
    for d in 1..=n as u16 {
        for (base_lines, cover_lines) in [(&c.ctx.rows, &c.ctx.cols), (&c.ctx.cols, &c.ctx.rows)] {
            let masks = line_masks(c, base_lines, d);
            let idx: Vec<u32> = (0..n as u32)
                .filter(|&i| {
                    let p = masks[i as usize].count_ones() as usize;
                    p >= 2 && p <= k
                })
                .collect();
            let mut found = None;
            combinations(&idx, k, |bs| {
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
                s.explanation = format!(
                    "{}: in {}, {d} fits only in {}, so {} lose it elsewhere: remove {}",
                    s.technique.name(),
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
    }
    None
}

pub(crate) fn find_finned(c: &Candidates, k: usize) -> Option<Step> {
    if c.ctx.rows.is_empty() {
        return None;
    }
    let n = c.ctx.n;
    let units = c.geometry().units();
    for d in 1..=n as u16 {
        for (base_lines, cover_lines) in [(&c.ctx.rows, &c.ctx.cols), (&c.ctx.cols, &c.ctx.rows)] {
            let masks = line_masks(c, base_lines, d);
            // For each base line, the positions along it in each box.
            let line_boxes: Vec<Vec<(u32, u64)>> = base_lines
                .iter()
                .map(|&l| {
                    let mut v: Vec<(u32, u64)> = Vec::new();
                    for (i, &x) in units[l as usize].cells.iter().enumerate() {
                        let bx = c.ctx.box_of[x as usize];
                        if bx == u32::MAX {
                            continue;
                        }
                        match v.iter_mut().find(|(y, _)| *y == bx) {
                            Some((_, m)) => *m |= 1 << i,
                            None => v.push((bx, 1 << i)),
                        }
                    }
                    v
                })
                .collect();
            let idx: Vec<u32> = (0..n as u32)
                .filter(|&i| masks[i as usize].count_ones() >= 1)
                .collect();
            let mut found = None;
            combinations(&idx, k, |bs| {
                let all = bs.iter().fold(0u64, |a, &b| a | masks[b as usize]);
                let width = all.count_ones() as usize;
                if width <= k || width > k + 3 {
                    return false;
                }
                // The fins share one box, so every position of the base lines
                // outside that box's positions must be a cover line: only the
                // remaining covers are chosen, among that box's positions.
                let mut tried: Vec<u64> = Vec::new();
                let mut covers: Vec<Vec<u32>> = Vec::new();
                let mut seen_boxes: Vec<u32> = Vec::new();
                for &b0 in bs {
                    for &(bx, pos) in &line_boxes[b0 as usize] {
                        if masks[b0 as usize] & pos == 0 || seen_boxes.contains(&bx) {
                            continue;
                        }
                        seen_boxes.push(bx);
                    }
                }
                for &bx in &seen_boxes {
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
                    let free: Vec<u32> = crate::logic::candidates::bits(all & stack)
                        .map(|i| i as u32)
                        .collect();
                    combinations(&free, k - r, |extra| {
                        let cover = extra.iter().fold(need, |a, &i| a | 1 << i);
                        if !tried.contains(&cover) {
                            tried.push(cover);
                            covers.push(
                                crate::logic::candidates::bits(cover)
                                    .map(|i| i as u32)
                                    .collect(),
                            );
                        }
                        false
                    });
                }
                covers.iter().any(|cs| {
                    let cs = &cs[..];
                    let cover = cs.iter().fold(0u64, |a, &i| a | 1 << i);
                    // Every base line must touch the cover lines.
                    if bs.iter().any(|&b| masks[b as usize] & cover == 0) {
                        return false;
                    }
                    // All fins in one box, checked without allocating: this
                    // rejects almost every cover choice, and it runs often.
                    let mut fin_box = u32::MAX;
                    for &b in bs {
                        let cells = &units[base_lines[b as usize] as usize].cells;
                        for i in crate::logic::candidates::bits(masks[b as usize] & !cover) {
                            let bx = c.ctx.box_of[cells[i] as usize];
                            if bx == u32::MAX || (fin_box != u32::MAX && bx != fin_box) {
                                return false;
                            }
                            fin_box = bx;
                        }
                    }
                    if fin_box == u32::MAX {
                        return false;
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
                    let mut elims = Vec::new();
                    for &i in cs {
                        for (j, &x) in units[cover_lines[i as usize] as usize]
                            .cells
                            .iter()
                            .enumerate()
                        {
                            if c.has(x as usize, d)
                                && !bs.contains(&(j as u32))
                                && c.ctx.box_of[x as usize] == fin_box
                                && fins.iter().all(|&f| c.ctx.sees(x as usize, f as usize))
                            {
                                elims.push(Cand::new(x as usize, d));
                            }
                        }
                    }
                    if elims.is_empty() {
                        return false;
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
                    let cover_u: Vec<u32> = cs.iter().map(|&i| cover_lines[i as usize]).collect();
                    s.eliminations = elims;
                    s.cells = body.iter().chain(&fins).copied().collect();
                    s.candidates = s.cells.iter().map(|&x| Cand::new(x as usize, d)).collect();
                    s.units = base_u.iter().chain(&cover_u).copied().collect();
                    s.explanation = format!(
                        "{}: in {}, {d} fits only in {} or in the fin{} {}; either way {} cannot be {d}",
                        t.name(),
                        names(c, &base_u),
                        names(c, &cover_u),
                        if fins.len() > 1 { "s" } else { "" },
                        super::list_and(c, &fins),
                        super::list_and(c, &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>())
                    );
                    found = Some(s);
                    true
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
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
