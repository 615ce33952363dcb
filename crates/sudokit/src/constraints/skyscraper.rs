//! Skyscrapers: a clue outside the grid counts the digits of its row or
//! column seen from that side, a digit hiding every smaller one behind it.
//! Propagation by enumeration along the line
//! ([`super::family::enumerate`]).

use super::family::{
    clue, enumerate, holds, line_direction, outside_clue, outside_line, Clue, Family,
};
use super::text::{self, TextError};
use super::{Constraint, Model, Narrowed, Prop};
use crate::render::marks::Pen;

/// `skyscraper: 3 r1c1 right` (the count, the first cell, the direction).
pub(crate) struct Skyscraper;

impl Family for Skyscraper {
    fn keys(&self) -> &'static [&'static str] {
        &["skyscraper"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let (seen, cells) = outside_line(value, n)?;
        Ok(Clue::constraint(&Skyscraper, vec![i64::from(seen)], cells))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let (seen, cells) = parts(c);
        format!(
            "skyscraper: {seen} {} {}",
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
            None => Err("a skyscraper clue reads a whole row or column from its edge".into()),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let (seen, cells) = parts(c);
        holds(values, cells, &|v| ok(seen, n, v, false))
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props.push(Prop::Family(c.clone(), self.cells(c, m.n)));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], n: usize) -> Narrowed {
        let (seen, cells) = parts(c);
        enumerate(cand, cells, &|v| ok(seen, n, v, true))
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (seen, cells) = parts(c);
        format!(
            "looking {} from {}, {seen} digits are seen (a larger digit hides the smaller ones behind it)",
            line_direction(cells, n).unwrap_or(""),
            names(&cells[..cells.len().min(1)])
        )
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (seen, cells) = parts(c);
        outside_clue(pen, cells, &seen.to_string(), true);
    }
}

/// The count and the line in reading order.
fn parts(c: &Constraint) -> (i64, &[usize]) {
    clue(c).map_or((0, &[]), |k| {
        (k.numbers.first().copied().unwrap_or(0), &k.cells)
    })
}

/// Whether the line's first digits `v` (distinct, as in a row) can still
/// show exactly `seen` digits on a line of `n`.
fn ok(seen: i64, n: usize, v: &[u32], distinct: bool) -> bool {
    // Digits repeat nowhere in a row or column; the check of a full grid
    // leaves that to the units (`distinct` false).
    let last = v[v.len() - 1];
    if distinct && v[..v.len() - 1].contains(&last) {
        return false;
    }
    let (mut top, mut count) = (0u32, 0i64);
    for &d in v {
        if d > top {
            top = d;
            count += 1;
        }
    }
    // Every digit still to come that is seen is above the tallest so far.
    let more = (n - v.len()).min(n.saturating_sub(top as usize)) as i64;
    count <= seen && count + more >= seen
}
