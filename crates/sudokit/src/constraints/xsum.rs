//! X-sums: a clue outside the grid gives the sum of the first X digits of
//! its row or column, X being the first digit. Propagation over the sets
//! of digits a prefix of the line can use
//! ([`super::family::line_permutations`]).

use super::family::{clue, line_direction, line_permutations, outside_clue, outside_line, Family};
use super::mask::Narrowed;
use super::model::Model;
use super::prop::Prop;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::Pen;

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
        let x = cells.first().map_or(0, |&c| usize::from(values[c]));
        let taken: i64 = cells.iter().take(x).map(|&c| i64::from(values[c])).sum();
        taken == sum
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props
            .push(Prop::Family(c.clone(), self.cells(c, m.n), |c, cand, n| {
                XSum.propagate(c, cand, n)
            }));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], n: usize) -> Narrowed {
        let (sum, cells) = parts(c);
        // The state is X, the first digit; the sum of a prefix is the sum
        // of the digits it used.
        let step = |x: usize, used: u64, d: u32| {
            let x = if used == 0 { d as usize } else { x };
            let len = used.count_ones() as usize + 1;
            if len > x {
                return Some(x);
            }
            let taken: i64 = super::mask::digits(used | super::mask::bit(d))
                .map(i64::from)
                .sum();
            // Each digit still to come within X adds at least 1.
            let fits = if len == x {
                taken == sum
            } else {
                taken + (x - len) as i64 <= sum
            };
            fits.then_some(x)
        };
        line_permutations(cand, cells, n + 1, &step, &|_| true)
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (sum, cells) = parts(c);
        format!(
            "the first X digits from {} {} sum to {sum}, X being the first of them",
            names(&cells[..cells.len().min(1)]),
            line_direction(cells, n).unwrap_or("")
        )
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["xsum"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        super::family::read_fpuzzles_outside(&XSum, key, entry, n)
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        super::family::to_fpuzzles_outside("xsum", c, n)
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
