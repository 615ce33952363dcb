//! Minimum and maximum cells: the digit is smaller (larger) than every
//! orthogonal neighbour's. Propagation by enumeration of the cell and its
//! neighbours ([`super::family::enumerate`]).

use super::family::{clue, enumerate, holds, Family};
use super::mask::Narrowed;
use super::model::Model;
use super::prop::Prop;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::{Pen, Shape, Stroke};

/// `minimum: r1c1`, `maximum: r5c5`.
pub(crate) struct Extremum;

impl Family for Extremum {
    fn keys(&self) -> &'static [&'static str] {
        &["minimum", "maximum"]
    }

    fn parse(&self, key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let cells = text::cells(&text::tokens(value), n)?;
        let [cell] = cells[..] else {
            return err(0, format!("`{key}` names one cell"));
        };
        let (r, c) = ((cell / n) as isize, (cell % n) as isize);
        let mut all = vec![cell];
        for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
            let (r2, c2) = (r + dr, c + dc);
            if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                all.push(r2 as usize * n + c2 as usize);
            }
        }
        Ok(Clue::constraint(
            &Extremum,
            vec![i64::from(key == "maximum")],
            all,
        ))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let (max, cells) = parts(c);
        let key = if max { "maximum" } else { "minimum" };
        format!(
            "{key}: {}",
            text::name(cells.first().copied().unwrap_or(0), n)
        )
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        parts(c).1.to_vec()
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        let cells = parts(c).1;
        let Some(&x) = cells.first() else {
            return Err("a minimum or maximum names a cell".into());
        };
        for &y in &cells[1..] {
            text::adjacent(x, y, n)?;
        }
        text::no_repeat(cells, "a minimum or maximum", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let (max, cells) = parts(c);
        holds(values, cells, &|v| ok(max, v))
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props
            .push(Prop::Family(c.clone(), self.cells(c, m.n), |c, cand, n| {
                Extremum.propagate(c, cand, n)
            }));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], _n: usize) -> Narrowed {
        let (max, cells) = parts(c);
        enumerate(cand, cells, &|v| ok(max, v))
    }

    fn rule_text(&self, c: &Constraint, _n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (max, cells) = parts(c);
        let Some((first, rest)) = cells.split_first() else {
            return String::new();
        };
        let what = if max { "larger" } else { "smaller" };
        format!(
            "{} is {what} than its neighbours {}",
            names(&[*first]),
            names(rest)
        )
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["minimum", "maximum"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let cell = super::family::fpuzzles_cell(entry.get("cell").unwrap_or(entry))?;
        Ok(vec![super::family::parse_fpuzzles(
            self, key, key, &cell, n,
        )?])
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let (max, cells) = parts(c);
        let key = if max { "maximum" } else { "minimum" };
        let &x = cells.first()?;
        Some((
            key,
            serde_json::json!({ "cell": super::family::fpuzzles_name(x, n) }),
        ))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (max, cells) = parts(c);
        let Some(&cell) = cells.first() else { return };
        let (cx, cy) = pen.centre(cell);
        let h = pen.size * 0.5;
        // A chevron at each edge: pointing in for a minimum (the digit
        // below its neighbours), out for a maximum.
        let (tip, base) = if max { (0.95, 0.75) } else { (0.75, 0.95) };
        for (dx, dy) in [(0.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (0.0, 1.0)] {
            let (px, py) = (-dy, dx);
            let w = 0.15;
            pen.over.push(Shape::Line {
                points: vec![
                    (cx + (dx * base + px * w) * h, cy + (dy * base + py * w) * h),
                    (cx + dx * tip * h, cy + dy * tip * h),
                    (cx + (dx * base - px * w) * h, cy + (dy * base - py * w) * h),
                ],
                stroke: Stroke::new("#555", 1.5),
                class: None,
            });
        }
    }
}

/// Maximum or not, and the cell followed by its neighbours.
fn parts(c: &Constraint) -> (bool, &[usize]) {
    clue(c).map_or((false, &[]), |k| (k.numbers.first() == Some(&1), &k.cells))
}

/// Every neighbour placed so far is above (below) the first digit.
fn ok(max: bool, v: &[u32]) -> bool {
    v.iter()
        .skip(1)
        .all(|&d| if max { d < v[0] } else { d > v[0] })
}
