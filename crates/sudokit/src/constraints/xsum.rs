//! X-sums: a clue outside the grid gives the sum of the first X digits of
//! its row or column, X being the first digit. Propagation by enumeration
//! along the line ([`super::family::enumerate`]); it gives up on open
//! lines and narrows once enough cells are settled.

use super::family::{
    clue, enumerate, holds, line_direction, outside_clue, outside_line, Clue, Family,
};
use super::text::{self, TextError};
use super::{Constraint, Model, Narrowed, Prop};
use crate::render::marks::Pen;

/// `x-sum: 15 r1c1 right` (the sum, the first cell, the reading direction).
pub(crate) struct XSum;

impl Family for XSum {
    fn keys(&self) -> &'static [&'static str] {
        &["x-sum"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let (sum, cells) = outside_line(value, n)?;
        Ok(Clue::constraint(&XSum, vec![i64::from(sum)], cells))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let (sum, cells) = parts(c);
        format!(
            "x-sum: {sum} {} {}",
            text::name(cells.first().copied().unwrap_or(0), n),
            line_direction(cells, n).unwrap_or("right")
        )
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        parts(c).1.to_vec()
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        match line_direction(parts(c).1, n) {
            Some(_) => Ok(()),
            None => Err("an X-sum reads a whole row or column from its edge".into()),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let (sum, cells) = parts(c);
        holds(values, cells, &|v| ok(sum, v, false))
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props.push(Prop::Family(c.clone(), self.cells(c, m.n)));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], _n: usize) -> Narrowed {
        let (sum, cells) = parts(c);
        enumerate(cand, cells, &|v| ok(sum, v, true))
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (sum, cells) = parts(c);
        format!(
            "the first X digits from {} {} sum to {sum}, X being the first of them",
            names(&cells[..cells.len().min(1)]),
            line_direction(cells, n).unwrap_or("")
        )
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (sum, cells) = parts(c);
        outside_clue(pen, cells, &sum.to_string(), false);
    }
}

/// The sum and the line in reading order.
fn parts(c: &Constraint) -> (i64, &[usize]) {
    clue(c).map_or((0, &[]), |k| {
        (k.numbers.first().copied().unwrap_or(0), &k.cells)
    })
}

/// Whether digits `v` (the line's first ones) can still start a line whose
/// first X digits sum to `sum`; distinct digits, as in a row.
fn ok(sum: i64, v: &[u32], distinct: bool) -> bool {
    // Digits repeat nowhere in a row or column; the check of a full grid
    // leaves that to the units (`distinct` false).
    let last = v[v.len() - 1];
    if distinct && v[..v.len() - 1].contains(&last) {
        return false;
    }
    let x = v[0] as usize;
    let taken: i64 = v.iter().take(x).map(|&d| i64::from(d)).sum();
    if v.len() >= x {
        taken == sum
    } else {
        // Each digit still to come adds at least 1.
        taken + (x - v.len()) as i64 <= sum
    }
}
