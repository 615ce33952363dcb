//! Templates: in any solution a digit's cells form a *template*, one cell
//! in every row, column and box (46,656 of them on 9×9). Listing the
//! templates the candidates allow for each digit, then dropping those that
//! cross a cell another digit's templates all take (until nothing more
//! drops), gives two steps: Template Set (a cell every template of `d`
//! holds is `d`) and Template Delete (a candidate no template of `d` holds
//! goes). HoDoKu's last resorts before brute force, off in its default
//! set and here: searched only when asked for ([`Candidates::enable`]).
//!
//! Boards up to 9×9 (at most a few tens of thousands of templates per
//! digit); the listing checks the caller's deadline as it goes.

use super::{list_and, Cand, Candidates, Step, Technique};
use crate::logic::candidates::cells128;

/// Template Set: the first digit (in order) whose templates all hold a
/// cell not placed yet; the step places the digit in every such cell.
pub(crate) fn set(c: &Candidates) -> Option<Step> {
    let t = Templates::of(c)?;
    for d in 0..t.must.len() {
        let cells = t.must[d] & !t.placed[d];
        if cells == 0 {
            continue;
        }
        let digit = d as u16 + 1;
        let mut s = Step::new(Technique::TemplateSet);
        s.placements = cells128(cells).map(|cell| Cand::new(cell, digit)).collect();
        s.cells = cells128(cells).map(|cell| cell as u32).collect();
        explain!(
            c,
            s,
            "Every way to place {digit} once in each row, column and box that the candidates \
             allow puts it in {}, so {digit} goes there",
            list_and(c, &s.cells)
        );
        return Some(s);
    }
    None
}

/// Template Delete: the first digit with candidates that no template of
/// it holds; the step removes them.
pub(crate) fn delete(c: &Candidates) -> Option<Step> {
    let t = Templates::of(c)?;
    for d in 0..t.may.len() {
        let digit = d as u16 + 1;
        let gone = t.cand[d] & !t.may[d];
        if gone == 0 {
            continue;
        }
        let mut s = Step::new(Technique::TemplateDelete);
        s.eliminations = cells128(gone).map(|cell| Cand::new(cell, digit)).collect();
        let cells: Vec<u32> = cells128(gone).map(|cell| cell as u32).collect();
        explain!(
            c,
            s,
            "No way to place {digit} once in each row, column and box that the candidates \
             allow uses {}, so remove {digit} there",
            list_and(c, &cells)
        );
        return Some(s);
    }
    None
}

/// Per digit (index `d` for digit `d + 1`), as cell sets: the cells every
/// template holds (`must`), those some template holds (`may`), the
/// digit's candidates and its placed cells.
struct Templates {
    must: Vec<u128>,
    may: Vec<u128>,
    cand: Vec<u128>,
    placed: Vec<u128>,
}

impl Templates {
    /// `None` on boards beyond 9×9, without rows and columns, when the time
    /// is up, or when some digit has no template (no solution: the other
    /// techniques show why).
    fn of(c: &Candidates) -> Option<Templates> {
        let ctx = &c.ctx;
        let n = ctx.n;
        if n > 9 || ctx.rows.len() != n || ctx.cols.len() != n || c.cell_count() > 128 {
            return None;
        }
        let units = ctx.geo.units();
        let rows: Vec<&[u32]> = ctx
            .rows
            .iter()
            .map(|&u| &units[u as usize].cells[..])
            .collect();
        // Column and box of each cell as small indices (boxless boards: 0).
        let index_of = |list: &[u32], u: u32| list.iter().position(|&x| x == u).unwrap_or(0);
        let col: Vec<usize> = (0..c.cell_count())
            .map(|cell| index_of(&ctx.cols, ctx.col_of[cell]))
            .collect();
        let boxed = ctx.box_units.len() == n;
        let bx: Vec<usize> = (0..c.cell_count())
            .map(|cell| {
                if boxed {
                    index_of(&ctx.box_units, ctx.box_of[cell])
                } else {
                    0
                }
            })
            .collect();
        let cand = c.digit_cells();
        let mut placed = vec![0u128; n];
        for (cell, &v) in c.values().iter().enumerate() {
            if v != 0 {
                placed[v as usize - 1] |= 1 << cell;
            }
        }
        let mut lists = Vec::with_capacity(n);
        for d in 0..n {
            let allowed = cand[d] | placed[d];
            let mut list = Vec::new();
            let walk = Walk {
                rows: &rows,
                col: &col,
                bx: &bx,
                boxed,
                allowed,
                placed: placed[d],
            };
            walk.extend(0, 0, 0, 0, &mut list);
            if c.out_of_time() || list.is_empty() {
                return None;
            }
            lists.push(list);
        }
        // Drop templates that cross a cell another digit must take, until
        // none drops (HoDoKu's refinement).
        let mut must: Vec<u128> = lists
            .iter()
            .map(|l| l.iter().fold(!0, |a, t| a & t))
            .collect();
        loop {
            let mut dropped = false;
            for d in 0..n {
                let taken = (0..n).filter(|&e| e != d).fold(0, |a, e| a | must[e]);
                let before = lists[d].len();
                lists[d].retain(|t| t & taken == 0);
                if lists[d].is_empty() {
                    return None;
                }
                if lists[d].len() != before {
                    dropped = true;
                    must[d] = lists[d].iter().fold(!0, |a, t| a & t);
                }
            }
            if !dropped {
                break;
            }
        }
        let may = lists
            .iter()
            .map(|l| l.iter().fold(0, |a, t| a | t))
            .collect();
        Some(Templates {
            must,
            may,
            cand,
            placed,
        })
    }
}

/// The depth-first listing of one digit's templates, row by row.
struct Walk<'a> {
    rows: &'a [&'a [u32]],
    col: &'a [usize],
    bx: &'a [usize],
    boxed: bool,
    allowed: u128,
    placed: u128,
}

impl Walk<'_> {
    fn extend(&self, row: usize, cols: u32, boxes: u32, cells: u128, out: &mut Vec<u128>) {
        if row == self.rows.len() {
            if cells & self.placed == self.placed {
                out.push(cells);
            }
            return;
        }
        for &cell in self.rows[row] {
            let cell = cell as usize;
            let (cb, bb) = (1u32 << self.col[cell], 1u32 << self.bx[cell]);
            if self.allowed >> cell & 1 == 0 || cols & cb != 0 || (self.boxed && boxes & bb != 0) {
                continue;
            }
            self.extend(row + 1, cols | cb, boxes | bb, cells | 1 << cell, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::solution_of;
    use super::*;
    use crate::grid::Grid;

    /// Known answers: for the first candidates of these top1465 puzzles,
    /// per digit the cells Template Set places and the candidates Template
    /// Delete removes, as HoDoKu's template solver computes them (through
    /// the PyPI port hodoku-py 0.2.1, `solver/templates.py`).
    /// Per digit, the cells of one step kind.
    type PerDigit = [&'static [usize]; 9];

    #[rustfmt::skip]
    const HODOKU: &[(&str, PerDigit, PerDigit)] = &[
        ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", [&[],&[],&[],&[],&[],&[],&[74],&[],&[]], [&[1,10,28,74],&[1,10,19,28,74],&[78,79,80],&[74],&[2,11,20,78,79,80],&[74],&[2,11,20,75,76,77],&[58,61,62,74],&[2,11,20]]),
        ("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", [&[],&[],&[53],&[],&[],&[],&[],&[],&[]], [&[],&[73],&[49,50,71,80],&[],&[37,38,39,41,53],&[],&[24,25,26,53],&[15,24,25,26,53,60,78],&[]]),
        ("3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....", [&[],&[],&[],&[],&[],&[],&[],&[],&[20]], [&[20,28,46,55,74],&[13,14,15,20],&[21,22,23,29,38,47],&[20,59,68,77],&[20],&[20],&[14,21,22,23,59,68,77],&[29,38,47],&[21,22,23,29,38,47]]),
        (".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........", [&[],&[],&[],&[],&[],&[],&[],&[49],&[]], [&[],&[],&[],&[71],&[5,23,49,68,77],&[49],&[29,38,47,49],&[13,22,51,52,53],&[29,37,38,42,44,47,49]]),
        ("7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.", [&[20],&[],&[],&[],&[],&[],&[],&[59],&[]], [&[24,25,26,56,65,74],&[20,59],&[29,38,47],&[20,37,46,55,59],&[24,25,26,59],&[20,59,72,74],&[24,25,26,29,38,47],&[5,13,15,17,20,23,32,41,50],&[13,15,17,20,59,71]]),
        (".2.....8.....4.6......1.....3.2.74..1.....5.....8.....2..3...7.4.5......6........", [&[50],&[],&[74],&[],&[],&[],&[],&[],&[]], [&[51,52,53,59,68,74,77],&[68,77],&[2,11,20,50,78,79,80],&[37,38,50],&[4,50,58,76],&[50],&[10,19,37,46,74],&[59,62,68,71,74,77,80],&[50,74]]),
        ("...6.13..85.............4......7..523.1.............8..2.....7....1..6.....9.....", [&[33,49],&[],&[53],&[],&[],&[],&[],&[],&[]], [&[15,25,26,51,53,60,78],&[48,49,50],&[48,49,50,62,71,80],&[37,39,40,41,49,53],&[48,49,50,62,71,80],&[37,40,41,49,53,59,77],&[14,23,53],&[62,71,80],&[33,49,53]]),
    ];

    #[test]
    fn templates_agree_with_hodoku() {
        for (line, set, del) in HODOKU {
            let c = Candidates::from_grid(&Grid::from_line(line).unwrap()).unwrap();
            let t = Templates::of(&c).unwrap();
            for d in 0..9 {
                let placed: Vec<usize> = cells128(t.must[d] & !t.placed[d]).collect();
                let gone: Vec<usize> = cells128(t.cand[d] & !t.may[d]).collect();
                assert_eq!(placed, set[d], "{line}: Template Set of {}", d + 1);
                assert_eq!(gone, del[d], "{line}: Template Delete of {}", d + 1);
            }
        }
    }

    /// Along the solving paths of hard puzzles, every Template Set places
    /// the solution's digit and no Template Delete removes it (the solution
    /// from the search solver, which shares no code with this module), and
    /// both steps are found somewhere.
    #[test]
    fn template_steps_keep_the_solution() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "...6.13..85.............4......7..523.1.............8..2.....7....1..6.....9.....",
        ];
        let (mut sets, mut deletes) = (0, 0);
        for line in lines {
            let grid = Grid::from_line(line).unwrap();
            let solution = solution_of(line);
            let mut c = Candidates::from_grid(&grid).unwrap();
            while let Some(step) = crate::logic::next_step(&c) {
                if let Some(s) = set(&c) {
                    sets += 1;
                    for p in &s.placements {
                        assert_eq!(solution[p.cell as usize], p.digit, "{line}: {s:?}");
                    }
                }
                if let Some(s) = delete(&c) {
                    deletes += 1;
                    for e in &s.eliminations {
                        assert_ne!(solution[e.cell as usize], e.digit, "{line}: {s:?}");
                    }
                }
                crate::logic::apply(&mut c, &step);
            }
            assert!(c.is_full(), "{line}");
        }
        assert!(sets > 0 && deletes > 0, "sets {sets}, deletes {deletes}");
    }
}
