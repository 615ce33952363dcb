//! Avoidable rectangles (types 1 and 2): a unique rectangle whose corners
//! are partly solved. Four cells in two rows, two columns and two boxes,
//! none of them a given, that held a, b / b, a could swap their digits and
//! give a second solution; in a unique puzzle the solve must avoid that.
//! Two solved corners a and b share a box and a line; the opposite corners
//! would take b (across from a) and a (across from b).
//!
//! - Type 1: one opposite corner is solved as its deadly digit, the last one
//!   (two candidates, one of them its deadly digit) loses that digit.
//! - Type 2: both opposite corners are unsolved, {b, z} and {a, z}: one of
//!   them is z, so cells seeing both lose z.
//!
//! The conditions (two-candidate corners) and the search order (solved
//! cells in cell order, their partner in the same box) are HoDoKu's.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};

/// The first avoidable rectangle of `kind` (1 or 2) with eliminations.
pub(crate) fn find(c: &Candidates, kind: u8) -> Option<Step> {
    let ctx = &c.ctx;
    if !c.unique() || ctx.rows.is_empty() || ctx.box_of.contains(&u32::MAX) {
        return None;
    }
    let units = c.geometry().units();
    let placed = |x: usize| c.values()[x] != 0 && !c.is_given(x);
    let bivalue_with =
        |x: usize, d: u16| c.values()[x] == 0 && c.mask(x).count_ones() == 2 && c.has(x, d);
    for x11 in (0..c.cell_count()).filter(|&x| placed(x)) {
        let (r11, c11, b11) = (ctx.row_of[x11], ctx.col_of[x11], ctx.box_of[x11]);
        let a = c.values()[x11];
        // Partners in the same box and line, so that each orientation of a
        // rectangle is met from either solved corner, as HoDoKu does.
        for x12 in (0..c.cell_count()).filter(|&x| {
            x != x11
                && ctx.box_of[x] == b11
                && (ctx.row_of[x] == r11) != (ctx.col_of[x] == c11)
                && placed(x)
        }) {
            let b = c.values()[x12];
            // The lines through x11 and x12 across the one they share,
            // walked together: x21 across from x11, x22 across from x12.
            let (u1, u2) = if ctx.row_of[x12] == r11 {
                (c11, ctx.col_of[x12])
            } else {
                (r11, ctx.row_of[x12])
            };
            let (u1, u2) = (&units[u1 as usize].cells, &units[u2 as usize].cells);
            for (&x21, &x22) in u1.iter().zip(u2) {
                let (x21, x22) = (x21 as usize, x22 as usize);
                if ctx.box_of[x21] == b11 || ctx.box_of[x22] != ctx.box_of[x21] {
                    continue;
                }
                let (v21, v22) = (c.values()[x21], c.values()[x22]);
                let q = [x11, x12, x21, x22];
                let step = if kind == 1 && v21 == b && placed(x21) && bivalue_with(x22, a) {
                    Some(type_1(c, q, a, b, x22, a))
                } else if kind == 1 && v22 == a && placed(x22) && bivalue_with(x21, b) {
                    Some(type_1(c, q, a, b, x21, b))
                } else if kind == 2 && bivalue_with(x21, b) && bivalue_with(x22, a) {
                    type_2(c, q, a, b)
                } else {
                    None
                };
                if step.is_some() {
                    return step;
                }
            }
        }
    }
    None
}

fn pattern(c: &Candidates, t: Technique, q: [usize; 4], a: u16, b: u16) -> Step {
    let mut s = Step::new(t);
    s.cells = q.iter().map(|&x| x as u32).collect();
    for &x in &q[2..] {
        for d in [a, b] {
            if c.has(x, d) {
                s.candidates.push(Cand::new(x, d));
            }
        }
    }
    s
}

/// Corner `x` would complete the deadly pattern with `d`.
fn type_1(c: &Candidates, q: [usize; 4], a: u16, b: u16, x: usize, d: u16) -> Step {
    let mut s = pattern(c, Technique::AvoidableRectangle1, q, a, b);
    s.eliminations = vec![Cand::new(x, d)];
    let solved: Vec<u32> = q.iter().filter(|&&y| y != x).map(|&y| y as u32).collect();
    explain!(c, s,
        "{} were solved (not given) as {a}/{b}; if {} were {d}, the four cells could swap {a} and {b} (a second solution), so {} is not {d}",
        list_and(c, &solved),
        c.cn(x),
        c.cn(x)
    );
    s
}

fn type_2(c: &Candidates, q: [usize; 4], a: u16, b: u16) -> Option<Step> {
    let (x21, x22) = (q[2], q[3]);
    let extra = c.mask(x21) & !(1u64 << (b - 1));
    if c.mask(x22) & !(1u64 << (a - 1)) != extra {
        return None;
    }
    let z = extra.trailing_zeros() as u16 + 1;
    let targets = [x21 as u32, x22 as u32];
    let elims = seeing_all(c, z, &targets, &[]);
    if elims.is_empty() {
        return None;
    }
    let mut s = pattern(c, Technique::AvoidableRectangle2, q, a, b);
    s.candidates.push(Cand::new(x21, z));
    s.candidates.push(Cand::new(x22, z));
    s.eliminations = elims;
    explain!(c, s,
        "{} and {} were solved (not given) as {a} and {b}; {} is {b}/{z} and {} is {a}/{z}: without {z} the four cells could swap {a} and {b} (a second solution), so one of them is {z}; remove {}",
        c.cn(q[0]),
        c.cn(q[1]),
        c.cn(x21),
        c.cn(x22),
        super::elim_text(c, &s.eliminations)
    );
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;
    use crate::grid::Grid;

    /// A 9×9 board with `givens` (a puzzle line), then `placed` cells
    /// solved, then each listed cell cut down to its digits.
    fn board(givens: &str, placed: &[(&str, u16)], keep: &[(&str, &[u16])]) -> Candidates {
        let mut c = Candidates::from_grid(&Grid::from_line(givens).unwrap()).unwrap();
        for &(name, d) in placed {
            c.place(cell(name) as usize, d);
        }
        for (name, digits) in keep {
            for d in (1..=9).filter(|d| !digits.contains(d)) {
                c.eliminate(cell(name) as usize, d);
            }
        }
        c.set_unique(true);
        c
    }

    #[test]
    fn type_1() {
        // r1c1 = 1, r1c2 = 2, r4c1 = 2 were solved; r4c2 is 1/3. As 1 it
        // would complete 1 2 / 2 1 in rows 1 and 4, columns 1 and 2.
        let empty = ".".repeat(81);
        let placed = [("r1c1", 1), ("r1c2", 2), ("r4c1", 2)];
        let c = board(&empty, &placed, &[("r4c2", &[1, 3])]);
        assert!(find(&c, 2).is_none());
        let s = find(&c, 1).expect("avoidable rectangle type 1");
        assert_eq!(s.technique, Technique::AvoidableRectangle1);
        assert_eq!(elims(&c, &s), ["r4c2<>1"]);
        assert_eq!(
            s.explanation,
            "r1c1, r1c2 and r4c1 were solved (not given) as 1/2; if r4c2 were 1, the four cells could swap 1 and 2 (a second solution), so r4c2 is not 1"
        );
        // The same cells, with r1c1 a given: swapping would change a given,
        // so there is no deadly pattern.
        let c = board(
            &format!("1{}", ".".repeat(80)),
            &placed[1..],
            &[("r4c2", &[1, 3])],
        );
        assert!(find(&c, 1).is_none());
    }

    #[test]
    fn type_2() {
        // r1c1 = 1 and r1c2 = 2 were solved; r4c1 is 2/3, r4c2 is 1/3: one
        // of them is 3, so row 4 and box 4 lose 3 elsewhere.
        let empty = ".".repeat(81);
        let c = board(
            &empty,
            &[("r1c1", 1), ("r1c2", 2)],
            &[("r4c1", &[2, 3]), ("r4c2", &[1, 3])],
        );
        assert!(find(&c, 1).is_none());
        let s = find(&c, 2).expect("avoidable rectangle type 2");
        assert_eq!(s.technique, Technique::AvoidableRectangle2);
        let mut want: Vec<String> = (3..=9).map(|k| format!("r4c{k}<>3")).collect();
        for r in [5, 6] {
            want.extend((1..=3).map(|k| format!("r{r}c{k}<>3")));
        }
        want.sort();
        assert_eq!(elims(&c, &s), want);
        // Not without uniqueness.
        let mut c = c;
        c.set_unique(false);
        assert!(find(&c, 2).is_none());
    }
}
