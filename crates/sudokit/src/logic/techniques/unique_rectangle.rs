//! Unique rectangles (types 1 to 6, hidden): four unsolved cells in two rows, two
//! columns and two boxes that could all be {a, b} would allow the two digits
//! to be swapped, giving a second solution. In a puzzle known to be unique,
//! that pattern must be broken. Used only when uniqueness is known.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let ctx = &c.ctx;
    if !c.unique() || ctx.rows.is_empty() || ctx.box_of.contains(&u32::MAX) {
        return None;
    }
    let n = ctx.n;
    let units = c.geometry().units();
    let cell = |r: usize, k: usize| units[ctx.rows[r] as usize].cells[k] as usize;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let q = [cell(r1, c1), cell(r1, c2), cell(r2, c1), cell(r2, c2)];
                    let common = q.iter().fold(u64::MAX, |m, &x| m & c.mask(x));
                    if common.count_ones() < 2 {
                        continue;
                    }
                    // Exactly two boxes among the four cells.
                    let b = q.map(|x| ctx.box_of[x]);
                    let distinct = (0..4).filter(|&i| !b[..i].contains(&b[i])).count();
                    if distinct != 2 {
                        continue;
                    }
                    for a in bits(common) {
                        for b in bits(common & !((2u64 << a) - 1)) {
                            let ab = (1u64 << a) | (1u64 << b);
                            if let Some(s) = check(c, &q, ab, a as u16 + 1, b as u16 + 1) {
                                return Some(s);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

fn check(c: &Candidates, q: &[usize; 4], ab: u64, a: u16, b: u16) -> Option<Step> {
    check_types(c, q, ab, a, b).or_else(|| hidden(c, q, ab, a, b))
}

/// Hidden rectangle: corner `x` is exactly {a, b}; in the row and in the
/// column of the opposite corner `z`, digit `keep` has only the rectangle's
/// cells as places. If `z` were `drop`, `keep` would fill both neighbours of
/// `z`, `x` would then be `drop` too, and the four cells would form the
/// deadly pattern. So `z` is not `drop`.
fn hidden(c: &Candidates, q: &[usize; 4], ab: u64, a: u16, b: u16) -> Option<Step> {
    let ctx = &c.ctx;
    for xi in 0..4 {
        let (x, z) = (q[xi], q[3 - xi]);
        if c.mask(x) != ab || c.mask(z) == ab {
            continue;
        }
        let row = ctx.row_of[z];
        let col = ctx.col_of[z];
        let (Some(&y1), Some(&y2)) = (
            q.iter().find(|&&y| y != z && ctx.row_of[y] == row),
            q.iter().find(|&&y| y != z && ctx.col_of[y] == col),
        ) else {
            continue;
        };
        for (keep, drop) in [(a, b), (b, a)] {
            let pr = c.places(row as usize, keep);
            let pc = c.places(col as usize, keep);
            let only = |p: &[u32], y: usize| {
                p.len() == 2 && p.contains(&(z as u32)) && p.contains(&(y as u32))
            };
            if only(&pr, y1) && only(&pc, y2) {
                let mut s = Step::new(Technique::HiddenRectangle);
                s.cells = q.iter().map(|&x| x as u32).collect();
                for &x in q {
                    for d in [a, b] {
                        if c.has(x, d) {
                            s.candidates.push(Cand::new(x, d));
                        }
                    }
                }
                s.units = vec![row, col];
                s.eliminations = vec![Cand::new(z, drop)];
                s.explanation = format!(
                    "{} is {a}/{b}, and in {} and in {}, {keep} fits only in the rectangle {}; if {} were {drop}, all four cells would be {a}/{b} (a deadly pattern), so {} is not {drop}",
                    c.cn(x),
                    c.un(row as usize),
                    c.un(col as usize),
                    list_and(c, &s.cells),
                    c.cn(z),
                    c.cn(z)
                );
                return Some(s);
            }
        }
    }
    None
}

fn check_types(c: &Candidates, q: &[usize; 4], ab: u64, a: u16, b: u16) -> Option<Step> {
    let ctx = &c.ctx;
    let exact: Vec<usize> = q.iter().copied().filter(|&x| c.mask(x) == ab).collect();
    let extra: Vec<usize> = q.iter().copied().filter(|&x| c.mask(x) != ab).collect();
    let mut s;
    let base = |t: Technique| {
        let mut s = Step::new(t);
        s.cells = q.iter().map(|&x| x as u32).collect();
        for &x in q {
            s.candidates.push(Cand::new(x, a));
            s.candidates.push(Cand::new(x, b));
        }
        s
    };
    // Named only when a step is found: formatting is costly next to the search.
    let qs = || list_and(c, &q.iter().map(|&x| x as u32).collect::<Vec<_>>());
    match extra.len() {
        1 => {
            let x = extra[0];
            s = base(Technique::UniqueRectangle1);
            s.eliminations = vec![Cand::new(x, a), Cand::new(x, b)];
            s.explanation = format!(
                "{} would all be {a}/{b} (a deadly pattern in a unique puzzle), so {} is not {a} or {b}",
                qs(),
c.cn(x)
            );
            Some(s)
        }
        2 if ctx.row_of[extra[0]] != ctx.row_of[extra[1]]
            && ctx.col_of[extra[0]] != ctx.col_of[extra[1]] =>
        {
            let (x, y) = (extra[0], extra[1]);
            type_5(c, q, &extra, ab, a, b).or_else(|| type_6(c, q, [x, y], a, b))
        }
        3 => type_5(c, q, &extra, ab, a, b),
        2 => {
            let (x, y) = (extra[0], extra[1]);
            let (xe, ye) = (c.mask(x) & !ab, c.mask(y) & !ab);
            if xe == ye && xe.count_ones() == 1 {
                let z = xe.trailing_zeros() as u16 + 1;
                let elims = seeing_all(c, z, &[x as u32, y as u32], &[]);
                if !elims.is_empty() {
                    s = base(Technique::UniqueRectangle2);
                    s.eliminations = elims;
                    s.explanation = format!(
                        "{} would all be {a}/{b} unless {} or {} is {z}, so remove {z} from {}",
                        qs(),
                        c.cn(x),
                        c.cn(y),
                        list_and(
                            c,
                            &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()
                        )
                    );
                    return Some(s);
                }
            }
            // Type 3: one of the two extra cells holds an extra digit, so
            // together they act as one cell with the extra digits; with k
            // more cells of a unit they share, holding k + 1 digits in all,
            // that is a naked subset.
            let extras = xe | ye;
            for &u in c.geometry().units_of(x) {
                let ucells = &c.geometry().units()[u as usize].cells;
                if !ucells.contains(&(y as u32)) {
                    continue;
                }
                let others: Vec<u32> = ucells
                    .iter()
                    .copied()
                    .filter(|&o| o as usize != x && o as usize != y && c.values()[o as usize] == 0)
                    .collect();
                for k in 1..=3usize {
                    let mut hit = None;
                    super::combinations(c, &others, k, |sub| {
                        let m = sub.iter().fold(extras, |m, &o| m | c.mask(o as usize));
                        if m.count_ones() as usize != k + 1 {
                            return false;
                        }
                        let elims: Vec<Cand> = others
                            .iter()
                            .filter(|o| !sub.contains(o))
                            .flat_map(|&o| {
                                bits(c.mask(o as usize) & m)
                                    .map(move |d| Cand::new(o as usize, d as u16 + 1))
                            })
                            .collect();
                        if elims.is_empty() {
                            return false;
                        }
                        let mut st = base(Technique::UniqueRectangle3);
                        st.units = vec![u];
                        st.cells.extend(sub.iter().copied());
                        st.eliminations = elims;
                        st.explanation = format!(
                            "{} would all be {a}/{b} unless {} or {} is {}; with {} they form a naked subset of {} in {}, so remove {}",
                            qs(),
c.cn(x),
                            c.cn(y),
                            super::digits_text(extras).replace('/', " or "),
                            list_and(c, sub),
                            super::digits_text(m),
                            c.un(u as usize),
                            super::elim_text(c, &st.eliminations)
                        );
                        hit = Some(st);
                        true
                    });
                    if hit.is_some() {
                        return hit;
                    }
                }
            }
            // Type 4: the two extra cells share a unit where one digit has
            // only them as places: the other digit goes from both.
            let _ = exact;
            for &u in c.geometry().units_of(x) {
                if !c.geometry().units()[u as usize].cells.contains(&(y as u32)) {
                    continue;
                }
                for (keep, drop) in [(a, b), (b, a)] {
                    let p = c.places(u as usize, keep);
                    if p.len() == 2 && p.contains(&(x as u32)) && p.contains(&(y as u32)) {
                        s = base(Technique::UniqueRectangle4);
                        s.eliminations = vec![Cand::new(x, drop), Cand::new(y, drop)];
                        s.units = vec![u];
                        s.explanation = format!(
                            "{} would all be {a}/{b}; in {}, {keep} must be in {} or {}, so neither can be {drop}",
                            qs(),
c.un(u as usize),
                            c.cn(x),
                            c.cn(y)
                        );
                        let _ = ctx;
                        return Some(s);
                    }
                }
            }
            None
        }
        _ => None,
    }
}

/// A rectangle's cells, with a and b as highlighted candidates.
fn pattern(c: &Candidates, t: Technique, q: &[usize; 4], a: u16, b: u16) -> Step {
    let mut s = Step::new(t);
    s.cells = q.iter().map(|&x| x as u32).collect();
    for &x in q {
        s.candidates.push(Cand::new(x, a));
        s.candidates.push(Cand::new(x, b));
    }
    let _ = c;
    s
}

/// Type 5: the cells beyond {a, b} (two diagonal ones, or three) all hold
/// just one more digit z; one of them is z, so cells seeing all lose z.
fn type_5(
    c: &Candidates,
    q: &[usize; 4],
    extra: &[usize],
    ab: u64,
    a: u16,
    b: u16,
) -> Option<Step> {
    let z = c.mask(extra[0]) & !ab;
    if z.count_ones() != 1 || extra.iter().any(|&x| c.mask(x) & !ab != z) {
        return None;
    }
    let z = z.trailing_zeros() as u16 + 1;
    let ex: Vec<u32> = extra.iter().map(|&x| x as u32).collect();
    let elims = seeing_all(c, z, &ex, &[]);
    if elims.is_empty() {
        return None;
    }
    let mut s = pattern(c, Technique::UniqueRectangle5, q, a, b);
    s.eliminations = elims;
    s.explanation = format!(
        "{} would all be {a}/{b} unless one of {} is {z}, so remove {z} from {}",
        list_and(c, &s.cells),
        list_and(c, &ex),
        list_and(
            c,
            &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()
        )
    );
    Some(s)
}

/// Type 6: the two cells beyond {a, b} are diagonal, and digit `keep` has
/// only the rectangle's cells as places in both its rows (or both its
/// columns), so it sits on one diagonal. On the diagonal with more digits
/// the other two cells would be the other UR digit: a deadly pattern. So
/// the extra cells are not `keep`.
fn type_6(c: &Candidates, q: &[usize; 4], extra: [usize; 2], a: u16, b: u16) -> Option<Step> {
    let ctx = &c.ctx;
    let in_q = |p: &[u32]| p.len() == 2 && p.iter().all(|&x| q.contains(&(x as usize)));
    for keep in [a, b] {
        let lines = [
            [ctx.row_of[extra[0]], ctx.row_of[extra[1]]],
            [ctx.col_of[extra[0]], ctx.col_of[extra[1]]],
        ];
        for pair in lines {
            if !pair.iter().all(|&u| in_q(&c.places(u as usize, keep))) {
                continue;
            }
            let mut s = pattern(c, Technique::UniqueRectangle6, q, a, b);
            s.units = pair.to_vec();
            s.eliminations = vec![Cand::new(extra[0], keep), Cand::new(extra[1], keep)];
            s.explanation = format!(
                "{} would all be {a}/{b}; in {} and {}, {keep} fits only in the rectangle, so it is on one diagonal; on {} and {} the other two cells would be the other digit, a deadly pattern, so remove {keep} from {} and {}",
                list_and(c, &s.cells),
                c.un(pair[0] as usize),
                c.un(pair[1] as usize),
                c.cn(extra[0]),
                c.cn(extra[1]),
                c.cn(extra[0]),
                c.cn(extra[1])
            );
            return Some(s);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn type_1() {
        // r1c1, r1c4, r2c1 are {1,2}; r2c4 is {1,2,3}.
        let mut removed = Vec::new();
        for (cell, keep) in [
            (0usize, vec![1u16, 2]),
            (3, vec![1, 2]),
            (9, vec![1, 2]),
            (12, vec![1, 2, 3]),
        ] {
            for d in 1..=9 {
                if !keep.contains(&d) {
                    removed.push((cell, d));
                }
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle1);
        assert_eq!(elims(&c, &s), vec!["r2c4<>1", "r2c4<>2"]);
    }

    #[test]
    fn type_3() {
        // r1c1, r1c4 are {1,2}; r2c1 {1,2,3}, r2c4 {1,2,4}; r2c7 {3,4}. One
        // of r2c1, r2c4 is 3 or 4, so with r2c7 they lock 3 and 4 in row 2:
        // the rest of row 2 loses 3 and 4.
        let keep: &[(&str, &[u16])] = &[
            ("r1c1", &[1, 2]),
            ("r1c4", &[1, 2]),
            ("r2c1", &[1, 2, 3]),
            ("r2c4", &[1, 2, 4]),
            ("r2c7", &[3, 4]),
        ];
        let c = keeping(keep);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle3);
        let mut expected = Vec::new();
        for col in [2, 3, 5, 6, 8, 9] {
            for d in [3, 4] {
                expected.push(format!("r2c{col}<>{d}"));
            }
        }
        expected.sort();
        assert_eq!(elims(&c, &s), expected);
    }

    #[test]
    fn hidden_rectangle() {
        // Rectangle r1c1, r1c4, r2c1, r2c4 (boxes 1 and 2). r1c1 is {1,2};
        // the others keep 1, 2 and more. In row 2 and column 4, 1 fits only in
        // the rectangle, so r2c4 (opposite r1c1) cannot be 2.
        let mut removed = Vec::new();
        for d in 3..=9 {
            removed.push((cell("r1c1") as usize, d));
        }
        for col in 0..9 {
            if col != 0 && col != 3 {
                removed.push((9 + col, 1));
            }
        }
        for row in 0..9 {
            if row != 0 && row != 1 {
                removed.push((row * 9 + 3, 1));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::HiddenRectangle);
        assert_eq!(elims(&c, &s), vec!["r2c4<>2"]);
    }

    fn keep_only(keep: &[(&str, &[u16])]) -> Vec<(usize, u16)> {
        let mut removed = Vec::new();
        for (name, digits) in keep {
            for d in 1..=9 {
                if !digits.contains(&d) {
                    removed.push((cell(name) as usize, d));
                }
            }
        }
        removed
    }

    #[test]
    fn type_5() {
        // r1c1 and r2c4 are {1,2}; the diagonal r1c4 and r2c1 are {1,2,3}.
        // One of them is 3, so the cells seeing both lose 3: r1c2 and r1c3
        // (row 1, box 1), r2c5 and r2c6 (row 2, box 2).
        let removed = keep_only(&[
            ("r1c1", &[1, 2]),
            ("r2c4", &[1, 2]),
            ("r1c4", &[1, 2, 3]),
            ("r2c1", &[1, 2, 3]),
        ]);
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(
            s.technique,
            Technique::UniqueRectangle5,
            "{}",
            s.explanation
        );
        assert_eq!(
            elims(&c, &s),
            vec!["r1c2<>3", "r1c3<>3", "r2c5<>3", "r2c6<>3"]
        );
    }

    #[test]
    fn type_6() {
        // r1c1 and r2c4 are {1,2}; r1c4 is {1,2,3} and r2c1 {1,2,4}; in rows
        // 1 and 2, 1 fits only in the rectangle. So 1 is on one diagonal,
        // and on r1c4/r2c1 it would leave r1c1 and r2c4 both 2 (deadly):
        // r1c4 and r2c1 lose 1.
        let mut removed = keep_only(&[
            ("r1c1", &[1, 2]),
            ("r2c4", &[1, 2]),
            ("r1c4", &[1, 2, 3]),
            ("r2c1", &[1, 2, 4]),
        ]);
        for row in 0..2 {
            for col in [1, 2, 4, 5, 6, 7, 8] {
                removed.push((row * 9 + col, 1));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(
            s.technique,
            Technique::UniqueRectangle6,
            "{}",
            s.explanation
        );
        assert_eq!(elims(&c, &s), vec!["r1c4<>1", "r2c1<>1"]);
    }
}
