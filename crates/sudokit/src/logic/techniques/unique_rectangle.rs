//! Unique rectangles (types 1 to 6, hidden): four unsolved cells in two rows, two
//! columns and two boxes that could all be {a, b} would allow the two digits
//! to be swapped, giving a second solution. In a puzzle known to be unique,
//! that pattern must be broken. Used only when uniqueness is known.
//!
//! As in HoDoKu's default ("allow missing candidates"), a corner with more
//! digits than a and b may already have lost a or b to an elimination: the
//! swap argument still holds, since it only needs each corner to be free to
//! take either digit as far as the solved cells go. A digit ruled out by a
//! solved peer is different (the swapped grid would clash with that peer),
//! so such a corner does not count. Every rectangle has at least one corner
//! that is exactly {a, b}, which names the pair.

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// Which type a search looks for: HoDoKu's order (type 1 first, hidden
/// rectangles last) decides between rectangles of different types.
type Want<'a> = &'a dyn Fn(Technique) -> bool;

fn rank(t: Technique) -> usize {
    use Technique as T;
    [
        T::UniqueRectangle1,
        T::UniqueRectangle2,
        T::UniqueRectangle3,
        T::UniqueRectangle4,
        T::UniqueRectangle5,
        T::UniqueRectangle6,
        T::HiddenRectangle,
    ]
    .iter()
    .position(|&u| u == t)
    .unwrap_or(usize::MAX)
}

/// The first rectangle of the lowest type with eliminations (one scan: a
/// rectangle of a later type is kept only until one of an earlier type
/// turns up).
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let mut best: Option<Step> = None;
    rectangles(c, |q, ab, a, b| {
        let limit = best.as_ref().map_or(usize::MAX, |s| rank(s.technique));
        if let Some(s) = check(c, q, ab, a, b, &|t| rank(t) < limit) {
            best = Some(s);
        }
        best.as_ref().is_some_and(|s| rank(s.technique) == 0)
    });
    best
}

/// The first rectangle of type `t` (a unique rectangle type or a hidden
/// rectangle) with eliminations.
#[cfg(test)]
pub(crate) fn find_type(c: &Candidates, t: Technique) -> Option<Step> {
    let mut found = None;
    rectangles(c, |q, ab, a, b| {
        found = check(c, q, ab, a, b, &|u| u == t);
        found.is_some()
    });
    found
}

/// Calls `visit` with every rectangle and the pair {a, b} (as a mask and as
/// digits) it could be a deadly pattern of, in row, column and digit order,
/// until `visit` returns true.
fn rectangles(c: &Candidates, mut visit: impl FnMut(&[usize; 4], u64, u16, u16) -> bool) {
    let ctx = &c.ctx;
    if !c.unique() || ctx.rows.is_empty() || ctx.box_of.contains(&u32::MAX) {
        return;
    }
    let n = ctx.n;
    let units = c.geometry().units();
    let cell = |r: usize, k: usize| units[ctx.rows[r] as usize].cells[k] as usize;
    // Per cell, the digits of its solved peers.
    let solved_peers: Vec<u64> = (0..c.cell_count())
        .map(|x| {
            ctx.peers[x]
                .iter()
                .map(|&p| c.values()[p as usize])
                .filter(|&v| v != 0)
                .fold(0, |m, v| m | 1 << (v - 1))
        })
        .collect();
    // A corner of an {a, b} rectangle: unsolved, and either exactly {a, b}
    // or holding more digits with each of a and b a candidate or missing
    // only by elimination.
    // Two-digit cells, counted once rather than at each rectangle's corners.
    let bivalue: Vec<bool> = (0..c.cell_count())
        .map(|x| c.mask(x).count_ones() == 2)
        .collect();
    let corner = |x: usize, ab: u64| {
        let m = c.mask(x);
        c.values()[x] == 0 && (m == ab || (m & !ab != 0 && (m | !solved_peers[x]) & ab == ab))
    };
    // Per row, the columns (bit = index along the row) of its two-digit
    // cells: a rectangle without one names no pair and is skipped whole.
    let bivalue_cols: Vec<u64> = (0..n)
        .map(|r| (0..n).fold(0, |m, k| m | (bivalue[cell(r, k)] as u64) << k))
        .collect();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            let rows = bivalue_cols[r1] | bivalue_cols[r2];
            if rows == 0 {
                continue;
            }
            for c1 in 0..n {
                // Columns after c1; only those of two-digit cells unless c1
                // has one.
                let mut after = u64::MAX.checked_shl(c1 as u32 + 1).unwrap_or(0)
                    & u64::MAX.checked_shl(n as u32).map_or(u64::MAX, |m| !m);
                if rows >> c1 & 1 == 0 {
                    after &= rows;
                }
                for c2 in bits(after) {
                    let q = [cell(r1, c1), cell(r1, c2), cell(r2, c1), cell(r2, c2)];
                    // The pairs named by two-digit corners, in digit order.
                    let mut pairs = [0u64; 4];
                    let mut k = 0;
                    for &x in &q {
                        let m = c.mask(x);
                        if bivalue[x] && !pairs[..k].contains(&m) {
                            pairs[k] = m;
                            k += 1;
                        }
                    }
                    if k == 0 {
                        continue;
                    }
                    // Exactly two boxes among the four cells.
                    let b = q.map(|x| ctx.box_of[x]);
                    let distinct = (0..4).filter(|&i| !b[..i].contains(&b[i])).count();
                    if distinct != 2 {
                        continue;
                    }
                    let pairs = &mut pairs[..k];
                    pairs.sort_by_key(|&ab| (ab.trailing_zeros(), 63 - ab.leading_zeros()));
                    for &ab in pairs.iter() {
                        if !q.iter().all(|&x| corner(x, ab)) {
                            continue;
                        }
                        let (a, b) = (
                            ab.trailing_zeros() as u16 + 1,
                            64 - ab.leading_zeros() as u16,
                        );
                        if visit(&q, ab, a, b) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// `cells` (each once) with every digit of `digits` they still hold: the
/// eliminations of a step, or its highlighted candidates.
fn present(c: &Candidates, cells: &[usize], digits: &[u16]) -> Vec<Cand> {
    cells
        .iter()
        .flat_map(|&x| {
            digits
                .iter()
                .filter(move |&&d| c.has(x, d))
                .map(move |&d| Cand::new(x, d))
        })
        .collect()
}

fn check(c: &Candidates, q: &[usize; 4], ab: u64, a: u16, b: u16, want: Want) -> Option<Step> {
    check_types(c, q, ab, a, b, want).or_else(|| {
        want(Technique::HiddenRectangle)
            .then(|| hidden(c, q, ab, a, b))
            .flatten()
    })
}

/// Hidden rectangle: corner `x` is exactly {a, b}; in the row and in the
/// column of the opposite corner `z`, digit `keep` has only the rectangle's
/// cells as places. If `z` were `drop`, `keep` would fill both neighbours of
/// `z`, `x` would then be `drop` too, and the four cells would form the
/// deadly pattern. So `z` is not `drop`, whatever else `z` holds (it may be
/// exactly {a, b} too, as in HoDoKu).
fn hidden(c: &Candidates, q: &[usize; 4], ab: u64, a: u16, b: u16) -> Option<Step> {
    let ctx = &c.ctx;
    for xi in 0..4 {
        let (x, z) = (q[xi], q[3 - xi]);
        if c.mask(x) != ab {
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
            if only(&pr, y1) && only(&pc, y2) && c.has(z, drop) {
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
                explain!(c, s,
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

fn check_types(
    c: &Candidates,
    q: &[usize; 4],
    ab: u64,
    a: u16,
    b: u16,
    want: Want,
) -> Option<Step> {
    let ctx = &c.ctx;
    let exact: Vec<usize> = q.iter().copied().filter(|&x| c.mask(x) == ab).collect();
    let extra: Vec<usize> = q.iter().copied().filter(|&x| c.mask(x) != ab).collect();
    let mut s;
    let base = |t: Technique| pattern(c, t, q, a, b);
    // Named only when a step is found: formatting is costly next to the search.
    let qs = || list_and(c, &q.iter().map(|&x| x as u32).collect::<Vec<_>>());
    match extra.len() {
        1 if want(Technique::UniqueRectangle1) => {
            let x = extra[0];
            s = base(Technique::UniqueRectangle1);
            s.eliminations = present(c, &[x], &[a, b]);
            if s.eliminations.is_empty() {
                return None;
            }
            explain!(
                c,
                s,
                "{} would all be {a}/{b} (a deadly pattern in a unique puzzle), so {} is not {}",
                qs(),
                c.cn(x),
                super::digits_text(s.eliminations.iter().fold(0, |m, e| m | 1 << (e.digit - 1)))
                    .replace('/', " or ")
            );
            Some(s)
        }
        2 if ctx.row_of[extra[0]] != ctx.row_of[extra[1]]
            && ctx.col_of[extra[0]] != ctx.col_of[extra[1]] =>
        {
            let (x, y) = (extra[0], extra[1]);
            let five = want(Technique::UniqueRectangle5);
            let six = want(Technique::UniqueRectangle6);
            five.then(|| type_5(c, q, &extra, ab, a, b))
                .flatten()
                .or_else(|| six.then(|| type_6(c, q, [x, y], a, b)).flatten())
        }
        3 if want(Technique::UniqueRectangle5) => type_5(c, q, &extra, ab, a, b),
        2 => {
            let (x, y) = (extra[0], extra[1]);
            let (xe, ye) = (c.mask(x) & !ab, c.mask(y) & !ab);
            if want(Technique::UniqueRectangle2) && xe == ye && xe.count_ones() == 1 {
                let z = xe.trailing_zeros() as u16 + 1;
                let elims = seeing_all(c, z, &[x as u32, y as u32], &[]);
                if !elims.is_empty() {
                    s = base(Technique::UniqueRectangle2);
                    s.eliminations = elims;
                    explain!(
                        c,
                        s,
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
            let units_of_both = if want(Technique::UniqueRectangle3) {
                c.geometry().units_of(x)
            } else {
                &[]
            };
            for &u in units_of_both {
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
                        // The subset holds in every unit that has x, y and
                        // all of `sub` (a line and a box), as HoDoKu counts it.
                        let units: Vec<u32> = units_of_both
                            .iter()
                            .copied()
                            .filter(|&v| {
                                let vc = &c.geometry().units()[v as usize].cells;
                                v == u
                                    || (vc.contains(&(y as u32))
                                        && sub.iter().all(|o| vc.contains(o)))
                            })
                            .collect();
                        let mut elims: Vec<Cand> = Vec::new();
                        for &v in &units {
                            for &o in c.geometry().units()[v as usize].cells.iter() {
                                let o = o as usize;
                                if o == x || o == y || sub.contains(&(o as u32)) {
                                    continue;
                                }
                                for d in bits(c.mask(o) & m) {
                                    let e = Cand::new(o, d as u16 + 1);
                                    if !elims.contains(&e) {
                                        elims.push(e);
                                    }
                                }
                            }
                        }
                        if elims.is_empty() {
                            return false;
                        }
                        let mut st = base(Technique::UniqueRectangle3);
                        st.cells.extend(sub.iter().copied());
                        st.eliminations = elims;
                        let names: Vec<String> = units.iter().map(|&v| c.un(v as usize)).collect();
                        st.units = units;
                        explain!(c, st,
                            "{} would all be {a}/{b} unless {} or {} is {}; with {} they form a naked subset of {} in {}, so remove {}",
                            qs(),
                            c.cn(x),
                            c.cn(y),
                            super::digits_text(extras).replace('/', " or "),
                            list_and(c, sub),
                            super::digits_text(m),
                            names.join(" and "),
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
            let units_of_both = if want(Technique::UniqueRectangle4) {
                c.geometry().units_of(x)
            } else {
                &[]
            };
            for &u in units_of_both {
                if !c.geometry().units()[u as usize].cells.contains(&(y as u32)) {
                    continue;
                }
                for (keep, drop) in [(a, b), (b, a)] {
                    let p = c.places(u as usize, keep);
                    let elims = present(c, &[x, y], &[drop]);
                    if p.len() == 2
                        && p.contains(&(x as u32))
                        && p.contains(&(y as u32))
                        && !elims.is_empty()
                    {
                        s = base(Technique::UniqueRectangle4);
                        s.eliminations = elims;
                        s.units = vec![u];
                        explain!(c, s,
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
    s.candidates = present(c, q, &[a, b]);
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
    explain!(
        c,
        s,
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
            let elims = present(c, &extra, &[keep]);
            if elims.is_empty() {
                continue;
            }
            let mut s = pattern(c, Technique::UniqueRectangle6, q, a, b);
            s.units = pair.to_vec();
            s.eliminations = elims;
            explain!(c, s,
                "{} would all be {a}/{b}; in {} and {}, {keep} fits only in the rectangle, so it is on one diagonal; on {} and {} the other two cells would be the other digit, a deadly pattern, so remove {keep} from {}",
                list_and(c, &s.cells),
                c.un(pair[0] as usize),
                c.un(pair[1] as usize),
                c.cn(extra[0]),
                c.cn(extra[1]),
                list_and(
                    c,
                    &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()
                )
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
