//! Sandwich sums: in a row or column, the digits between the 1 and the N
//! sum to the clue. Propagation tries every placement of the 1 and the N
//! that the candidates allow, keeps those whose crust can reach the sum
//! (by bounds and by the smallest and largest sums of distinct digits),
//! and removes the 1 and the N from the cells no kept placement uses.
//! On boards up to 16×16 it goes further: for each kept placement, every
//! *filling* (set of distinct digits 2..N-1 with the clue's total and the
//! length between) is tried, the inside cells taking the filling and the
//! outside cells the other middle digits; each cell keeps only the digits
//! of some placement and filling that every cell can take part in.

use super::family::Family;
use super::text::{self, err, TextError};
use super::{bit, hi, lo, restrict, Constraint, Line, Model, Narrowed, Prop, Wipeout};
use crate::render::marks::Pen;

/// Sandwich clues: `sandwich: row 3 = 15`, `sandwich: column 2 = 0`.
pub(crate) struct Sandwich;

impl Family for Sandwich {
    fn keys(&self) -> &'static [&'static str] {
        &["sandwich"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        // `row 3 = 15`, `column 2 = 0` (`col`, `r3`, `c2` too).
        let t: String = value.split_whitespace().collect::<Vec<_>>().join(" ");
        let Some((line, sum)) = t.split_once('=') else {
            return err(0, "expected `sandwich: row 1 = 15`");
        };
        let at_sum = value.find('=').unwrap_or(0) + 1;
        let sum = text::number(at_sum, sum.trim())?;
        let line = line.trim().to_ascii_lowercase();
        let (kind, idx) = if let Some(x) = line.strip_prefix("row") {
            ("row", x)
        } else if let Some(x) = line.strip_prefix("column").or(line.strip_prefix("col")) {
            ("column", x)
        } else if let Some(x) = line.strip_prefix('r') {
            ("row", x)
        } else if let Some(x) = line.strip_prefix('c') {
            ("column", x)
        } else {
            return err(0, "a sandwich clue names `row K` or `column K`");
        };
        let k = text::number(0, idx.trim())? as usize;
        if !(1..=n).contains(&k) {
            return err(0, format!("{kind} {k} is off the {n}×{n} board"));
        }
        let line = if kind == "row" {
            Line::Row(k - 1)
        } else {
            Line::Column(k - 1)
        };
        Ok(Constraint::Sandwich { line, sum })
    }

    fn write(&self, c: &Constraint, _n: usize) -> String {
        match c {
            Constraint::Sandwich {
                line: Line::Row(k),
                sum,
            } => format!("sandwich: row {} = {sum}", k + 1),
            Constraint::Sandwich {
                line: Line::Column(k),
                sum,
            } => format!("sandwich: column {} = {sum}", k + 1),
            _ => String::new(),
        }
    }

    fn cells(&self, c: &Constraint, n: usize) -> Vec<usize> {
        match c {
            Constraint::Sandwich { line, .. } => line.cells(n),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        match c {
            Constraint::Sandwich {
                line: Line::Row(k) | Line::Column(k),
                ..
            } if *k < n => Ok(()),
            _ => Err("sandwich line off the board".into()),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        match c {
            Constraint::Sandwich { line, sum } => {
                satisfied(&line.cells(n), *sum, n as u32, &|c| values[c] as u32)
            }
            _ => true,
        }
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        if let Constraint::Sandwich { line, sum } = c {
            m.props.push(Prop::Sandwich {
                cells: line.cells(m.n),
                sum: *sum,
                fillings: fillings(m.n, *sum),
            });
        }
    }

    fn rule_text(&self, c: &Constraint, n: usize, _names: &dyn Fn(&[usize]) -> String) -> String {
        match c {
            Constraint::Sandwich { line, sum } => {
                let line = match line {
                    Line::Row(r) => format!("row {}", r + 1),
                    Line::Column(col) => format!("column {}", col + 1),
                };
                format!("the digits between 1 and {n} in {line} sum to {sum}")
            }
            _ => String::new(),
        }
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let Constraint::Sandwich { line: l, sum } = c else {
            return;
        };
        let (size, x0, y0, small) = (pen.size, pen.x0, pen.y0, pen.small());
        let at = match *l {
            Line::Row(k) => (x0 - size * 0.25, y0 + (k as f64 + 0.5) * size),
            Line::Column(k) => (x0 + (k as f64 + 0.5) * size, y0 - size * 0.25),
        };
        pen.label(at, small, sum.to_string());
    }
}

pub(super) fn satisfied(cells: &[usize], sum: u32, n: u32, v: &dyn Fn(usize) -> u32) -> bool {
    let p1 = cells.iter().position(|&c| v(c) == 1);
    let pn = cells.iter().position(|&c| v(c) == n);
    let (Some(a), Some(b)) = (p1, pn) else {
        return false;
    };
    let (a, b) = (a.min(b), a.max(b));
    cells[a + 1..b].iter().map(|&c| v(c)).sum::<u32>() == sum
}

/// Boards above this many digits keep to placement bounds (the fillings
/// would be too many to list).
const MAX_FILLED: usize = 16;

/// Per inside length k, the sets of k distinct digits from 2..=N-1 with
/// total `sum`; empty on boards over [`MAX_FILLED`].
pub(super) fn fillings(n: usize, sum: u32) -> Vec<Vec<u64>> {
    if !(3..=MAX_FILLED).contains(&n) {
        return Vec::new();
    }
    let mut by_len = vec![Vec::new(); n - 1];
    for m in 0u64..1 << (n - 2) {
        let set = m << 1; // bit 1 is digit 2
        if super::digits(set).sum::<u32>() == sum {
            by_len[set.count_ones() as usize].push(set);
        }
    }
    by_len
}

/// Whether `cells` can hold exactly the digits of `set`, one each (every
/// cell has one of them and together they cover it: necessary, and with
/// the unit's distinct rule enough for the search).
fn fits(cand: &[u64], cells: &[usize], set: u64) -> bool {
    let mut cover = 0;
    for &c in cells {
        let m = cand[c] & set;
        if m == 0 {
            return false;
        }
        cover |= m;
    }
    cover == set
}

/// Every placement of the 1 at `cells[i]` and the N at `cells[j]` that the
/// candidates allow, as `(i, j)`.
fn crust_placements<'a>(
    cand: &'a [u64],
    cells: &'a [usize],
    n: usize,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let (one, top) = (bit(1), bit(n as u32));
    let may = move |i: usize, d: u64| cand[cells[i]] & d != 0;
    (0..cells.len())
        .filter(move |&i| may(i, one))
        .flat_map(move |i| {
            (0..cells.len())
                .filter(move |&j| j != i && may(j, top))
                .map(move |j| (i, j))
        })
}

pub(super) fn propagate(
    cand: &mut [u64],
    cells: &[usize],
    sum: u32,
    n: usize,
    fillings: &[Vec<u64>],
) -> Narrowed {
    if fillings.is_empty() {
        return placements(cand, cells, sum, n);
    }
    let (one, top) = (bit(1), bit(n as u32));
    let middle = crate::bits::full_mask(n) & !(one | top);
    let mut keep = [0u64; MAX_FILLED];
    let mut any = false;
    for (i, j) in crust_placements(cand, cells, n) {
        let (a, b) = (i.min(j), i.max(j));
        let inner = &cells[a + 1..b];
        let outer = cells[..a].iter().chain(&cells[b + 1..]);
        for &set in &fillings[inner.len()] {
            let rest = middle & !set;
            if !fits(cand, inner, set) || !outer.clone().all(|&c| cand[c] & rest != 0) {
                continue;
            }
            let cover = outer.clone().fold(0, |m, &c| m | (cand[c] & rest));
            if cover != rest {
                continue;
            }
            any = true;
            keep[i] |= one;
            keep[j] |= top;
            for t in (a + 1..b).chain(0..a).chain(b + 1..cells.len()) {
                let allowed = if (a + 1..b).contains(&t) { set } else { rest };
                keep[t] |= cand[cells[t]] & allowed;
            }
        }
    }
    if !any {
        return Err(Wipeout);
    }
    let mut changed = false;
    for (t, &c) in cells.iter().enumerate() {
        changed |= restrict(cand, c, keep[t])?;
    }
    Ok(changed)
}

/// Placement bounds only (boards over [`MAX_FILLED`]).
fn placements(cand: &mut [u64], cells: &[usize], sum: u32, n: usize) -> Narrowed {
    let (one, top) = (bit(1), bit(n as u32));
    let crust = one | top;
    let mut ones = 0u64; // positions (bits) where the 1 may go
    let mut tops = 0u64;
    for (i, j) in crust_placements(cand, cells, n) {
        let (a, b) = (i.min(j), i.max(j));
        let inner = &cells[a + 1..b];
        let k = inner.len() as u32;
        // k distinct digits from 2..=n-1.
        let min_distinct = k * (k + 3) / 2; // 2 + 3 + … + (k + 1)
        let max_distinct = (0..k).map(|t| n as u32 - 1 - t).sum::<u32>();
        if k as usize > n.saturating_sub(2) || sum < min_distinct || sum > max_distinct {
            continue;
        }
        let mut lo_sum = 0;
        let mut hi_sum = 0;
        let mut ok = true;
        for &c in inner {
            let m = cand[c] & !crust;
            if m == 0 {
                ok = false;
                break;
            }
            lo_sum += lo(m);
            hi_sum += hi(m);
        }
        if ok && lo_sum <= sum && sum <= hi_sum {
            ones |= 1 << i;
            tops |= 1 << j;
        }
    }
    if ones == 0 {
        return Err(Wipeout);
    }
    let mut changed = false;
    for (i, &c) in cells.iter().enumerate() {
        let mut drop = 0;
        if ones & (1 << i) == 0 {
            drop |= one;
        }
        if tops & (1 << i) == 0 {
            drop |= top;
        }
        if cand[c] & drop != 0 {
            changed |= restrict(cand, c, !drop)?;
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: u64 = 0x1ff;

    #[test]
    fn fillings_of_nine_by_length() {
        let f = fillings(9, 10);
        // No single digit 2..8 is 10; two digits: 2+8, 3+7, 4+6.
        assert_eq!(f[1], Vec::<u64>::new());
        assert_eq!(f[2].len(), 3);
        assert_eq!(f[3], vec![bit(2) | bit(3) | bit(5)]); // 2+4+4 repeats
        assert!(f[4].is_empty()); // 2+3+4+5 is already 14
        assert!(fillings(25, 10).is_empty());
    }

    #[test]
    fn a_one_at_the_end_and_a_sum_of_two_place_the_two_and_nine() {
        let cells: Vec<usize> = (0..9).collect();
        let mut cand = vec![FULL; 9];
        cand[0] = bit(1);
        propagate(&mut cand, &cells, 2, 9, &fillings(9, 2)).unwrap();
        assert_eq!(cand[1], bit(2));
        assert_eq!(cand[2], bit(9));
        assert!(cand[3..]
            .iter()
            .all(|&m| m == FULL & !(bit(1) | bit(2) | bit(9))));
    }

    #[test]
    fn a_full_sum_puts_the_crust_at_the_ends() {
        // 35 = 2 + … + 8: the 1 and the 9 are the first and last cells.
        let cells: Vec<usize> = (0..9).collect();
        let mut cand = vec![FULL; 9];
        propagate(&mut cand, &cells, 35, 9, &fillings(9, 35)).unwrap();
        assert_eq!(cand[0], bit(1) | bit(9));
        assert_eq!(cand[8], bit(1) | bit(9));
        assert!(cand[1..8].iter().all(|&m| m == FULL & !(bit(1) | bit(9))));
    }
}
