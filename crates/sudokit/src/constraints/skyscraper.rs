//! Skyscrapers: a clue outside the grid counts the digits of its row or
//! column seen from that side, a digit hiding every smaller one behind it.
//! Propagation over the sets of digits a prefix of the line can use
//! ([`super::family::line_permutations`]).

use super::family::{clue, line_direction, line_permutations, outside_clue, outside_line, Family};
use super::mask::Narrowed;
use super::model::Model;
use super::prop::Prop;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::Pen;

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

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let (seen, cells) = parts(c);
        let mut tallest = 0;
        let mut count = 0;
        for &c in cells {
            if values[c] > tallest {
                tallest = values[c];
                count += 1;
            }
        }
        count == seen
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props
            .push(Prop::Family(c.clone(), self.cells(c, m.n), |c, cand, n| {
                Skyscraper.propagate(c, cand, n)
            }));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], n: usize) -> Narrowed {
        let (seen, cells) = parts(c);
        let seen = usize::try_from(seen).unwrap_or(usize::MAX);
        // The state is how many digits were seen; the tallest so far is
        // the largest digit used.
        let step = |count: usize, used: u64, d: u32| {
            let tallest = 64 - used.leading_zeros();
            let count = count + usize::from(d > tallest);
            (count <= seen).then_some(count)
        };
        line_permutations(cand, cells, n + 1, &step, &|count| count == seen)
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (seen, cells) = parts(c);
        format!(
            "looking {} from {}, {seen} digits are seen (a larger digit hides the smaller ones behind it)",
            line_direction(cells, n).unwrap_or(""),
            names(&cells[..cells.len().min(1)])
        )
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["skyscraper"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        super::family::read_fpuzzles_outside(&Skyscraper, key, entry, n)
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        super::family::to_fpuzzles_outside("skyscraper", c, n)
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
