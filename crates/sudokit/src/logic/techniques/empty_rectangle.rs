//! Empty rectangle: a box whose candidates for a digit all lie in one row
//! and one column of the box, plus a line with the digit in exactly two
//! places, one of them in the box's row (or column). Either that end is true,
//! pushing the box's digit into the box's column, or the other end is true;
//! the cell where the other end's line crosses the box's column loses the
//! digit in both cases.

use super::{list_and, Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    if ctx.rows.is_empty() {
        return None;
    }
    let geo = c.geometry();
    let units = geo.units();
    // Each box with its rows and columns (the candidate row/column pairs):
    // the geometry's, the same for every digit.
    let boxes: Vec<(u32, Vec<u32>, Vec<u32>)> = (0..units.len() as u32)
        .filter(|&u| units[u as usize].kind == crate::geometry::UnitKind::Box)
        .map(|b| {
            let box_cells = &units[b as usize].cells;
            let lines = |of: &[u32]| {
                let mut v: Vec<u32> = box_cells.iter().map(|&x| of[x as usize]).collect();
                v.sort();
                v.dedup();
                v
            };
            (b, lines(&ctx.row_of), lines(&ctx.col_of))
        })
        .collect();
    super::per_digit(c, super::DigitSlot::EmptyRectangle, |d| {
        // The two places of the digit in each column and each row that has
        // exactly two, looked up once for every box and row/column pair.
        let mut links: Option<[Vec<Option<[u32; 2]>>; 2]> = None;
        for (b, rows, cols) in &boxes {
            let b = *b;
            let places = c.places(b as usize, d);
            if places.len() < 2 {
                continue;
            }
            for &er_row in rows {
                for &er_col in cols {
                    let covered = places.iter().all(|&x| {
                        ctx.row_of[x as usize] == er_row || ctx.col_of[x as usize] == er_col
                    });
                    let in_row = places.iter().any(|&x| {
                        ctx.row_of[x as usize] == er_row && ctx.col_of[x as usize] != er_col
                    });
                    let in_col = places.iter().any(|&x| {
                        ctx.col_of[x as usize] == er_col && ctx.row_of[x as usize] != er_row
                    });
                    if !covered || !in_row || !in_col {
                        continue;
                    }
                    // Strong link in a column, one end in the ER row (outside the box);
                    // the other end's row meets the ER column at the target.
                    // And the transposed form.
                    let [col_links, row_links] = links.get_or_insert_with(|| {
                        [&ctx.cols, &ctx.rows].map(|lines| {
                            lines
                                .iter()
                                .map(|&l| {
                                    let p = c.places(l as usize, d);
                                    (p.len() == 2).then(|| [p[0], p[1]])
                                })
                                .collect()
                        })
                    });
                    for (link_lines, two, er_line, er_cross, line_of, cross_of) in [
                        (
                            &ctx.cols,
                            &*col_links,
                            er_row,
                            er_col,
                            &ctx.row_of,
                            &ctx.col_of,
                        ),
                        (
                            &ctx.rows,
                            &*row_links,
                            er_col,
                            er_row,
                            &ctx.col_of,
                            &ctx.row_of,
                        ),
                    ] {
                        for (&l, p) in link_lines.iter().zip(two) {
                            let Some(p) = p else {
                                continue;
                            };
                            for (i, j) in [(0, 1), (1, 0)] {
                                let (near, far) = (p[i], p[j]);
                                if line_of[near as usize] != er_line
                                    || ctx.box_of[near as usize] == b
                                    || ctx.box_of[far as usize] == b
                                {
                                    continue;
                                }
                                // Target: line of `far` × ER cross line.
                                let target = units[er_cross as usize]
                                    .cells
                                    .iter()
                                    .copied()
                                    .find(|&x| line_of[x as usize] == line_of[far as usize]);
                                let Some(t) = target else { continue };
                                if !c.has(t as usize, d) || ctx.box_of[t as usize] == b {
                                    continue;
                                }
                                let _ = cross_of;
                                let mut s = Step::new(Technique::EmptyRectangle);
                                s.eliminations = vec![Cand::new(t as usize, d)];
                                s.cells = places.iter().copied().chain([near, far]).collect();
                                s.candidates =
                                    s.cells.iter().map(|&x| Cand::new(x as usize, d)).collect();
                                s.units = vec![b, er_row, er_col, l];
                                explain!(c, s,
                                    "In {}, {d} lies only in {} or {}; with {d} in {} or {}, {} cannot be {d}",
                                    c.un(b as usize),
                                    c.un(er_row as usize),
                                    c.un(er_col as usize),
                                    c.cn(near as usize),
                                    c.cn(far as usize),
                                    list_and(c, &[t])
                                );
                                return Some(s);
                            }
                        }
                    }
                }
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn empty_rectangle() {
        // Box 5: 3 only in r5c4, r5c6, r4c5, r6c5 (row 5 / column 5, centre r5c5 too).
        // Column 8: 3 only at r5c8 and r1c8. Target: r1c5.
        let mut removed = Vec::new();
        for cell in [30, 32, 48, 50] {
            removed.push((cell, 3));
        }
        for r in 0..9 {
            if r != 0 && r != 4 {
                removed.push((r * 9 + 7, 3));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::EmptyRectangle);
        assert_eq!(elims(&c, &s), vec!["r1c5<>3"]);
    }
}
