//! Clues outside the grid that read a whole row or column from its edge
//! (X-sums, skyscrapers): one number and the line in reading order. A rule
//! of this kind states only what differs ([`OutsideRule`]: its keys, the
//! test on the line's digits, its propagator and its sentence); reading,
//! writing, checking the shape, drawing and f-puzzles' `{"cell": "R0C3",
//! "value": "15"}` entries are shared here ([`Outside`]).

use std::marker::PhantomData;

use super::family::{clue, Family};
use super::mask::Narrowed;
use super::model::Model;
use super::prop::Prop;
use super::rule::{Clue, Constraint};
use super::text::{self, TextError};
use crate::marks::{Pen, Shape, Stroke};

/// What an outside-clue family states: see the module docs.
pub(crate) trait OutsideRule: Sync + Send + 'static {
    /// The directive key (`x-sum`).
    const KEY: &'static str;
    /// The f-puzzles key (`xsum`), read and written with the serde feature.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    const FPUZZLES_KEY: &'static str;
    /// The clue in messages: "an X-sum".
    const WHAT: &'static str;
    /// Whether the drawn number sits in a box (skyscrapers).
    const FRAMED: bool;
    /// The family's one value, for [`Clue::constraint`].
    const FAMILY: &'static dyn Family;

    /// Whether the digits of the line, in reading order, meet `number`.
    fn holds(number: i64, line: &[u16]) -> bool;

    /// Narrows the line's candidates (`cells` in reading order) for
    /// `number` on an N×N board.
    fn propagate(number: i64, cand: &mut [u64], cells: &[usize], n: usize) -> Narrowed;

    /// The rule in words, for the line starting at `first` and read in
    /// `direction` (right, left, down, up).
    fn rule_text(number: i64, first: &str, direction: &str) -> String;
}

/// The family of an [`OutsideRule`]; its value is the rule's `FAMILY`.
pub(crate) struct Outside<R>(PhantomData<R>);

impl<R> Outside<R> {
    /// The one value, for the registry's table.
    pub(crate) const FAMILY: Self = Outside(PhantomData);
}

impl<R: OutsideRule> Family for Outside<R> {
    fn keys(&self) -> &'static [&'static str] {
        std::slice::from_ref(&R::KEY)
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let (number, cells) = outside_line(value, n)?;
        Ok(Clue::constraint(R::FAMILY, vec![i64::from(number)], cells))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let (number, cells) = parts(c);
        format!(
            "{}: {number} {} {}",
            R::KEY,
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
            None => Err(format!(
                "{} reads a whole row or column from its edge",
                R::WHAT
            )),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let (number, cells) = parts(c);
        let line: Vec<u16> = cells.iter().map(|&c| values[c]).collect();
        R::holds(number, &line)
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props
            .push(Prop::Family(c.clone(), self.cells(c, m.n), |c, cand, n| {
                R::FAMILY.propagate(c, cand, n)
            }));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], n: usize) -> Narrowed {
        let (number, cells) = parts(c);
        R::propagate(number, cand, cells, n)
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (number, cells) = parts(c);
        R::rule_text(
            number,
            &names(&cells[..cells.len().min(1)]),
            line_direction(cells, n).unwrap_or(""),
        )
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        std::slice::from_ref(&R::FPUZZLES_KEY)
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        read_fpuzzles_outside(R::FAMILY, key, entry, geo.n())
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        to_fpuzzles_outside(R::FPUZZLES_KEY, c, geo.n())
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (number, cells) = parts(c);
        outside_clue(pen, cells, &number.to_string(), R::FRAMED);
    }
}

/// The clue's number and its line in reading order.
fn parts(c: &Constraint) -> (i64, &[usize]) {
    clue(c).map_or((0, &[]), |k| {
        (k.numbers.first().copied().unwrap_or(0), &k.cells)
    })
}

/// Reads `NUMBER CELL DIRECTION` for clues outside the grid that read a
/// whole row or column from one end (X-sums, skyscrapers): the number and
/// the line's cells in reading order, from CELL on the edge `right`,
/// `left`, `down` or `up`.
pub(crate) fn outside_line(value: &str, n: usize) -> Result<(u32, Vec<usize>), TextError> {
    let toks = text::tokens(value);
    let [(a0, s), (a1, c), (a2, d)] = toks.as_slice() else {
        return text::err(
            0,
            "expected `NUMBER CELL DIRECTION` (right, left, down or up)",
        );
    };
    let number = text::number(*a0, s)?;
    let start = text::cell(*a1, c, n)?;
    let (r, col) = (start / n, start % n);
    let (edge, cells): (bool, Vec<usize>) = match d.to_ascii_lowercase().as_str() {
        "right" => (col == 0, (0..n).map(|k| r * n + k).collect()),
        "left" => (col == n - 1, (0..n).rev().map(|k| r * n + k).collect()),
        "down" => (r == 0, (0..n).map(|k| k * n + col).collect()),
        "up" => (r == n - 1, (0..n).rev().map(|k| k * n + col).collect()),
        _ => {
            return text::err(
                *a2,
                format!("unknown direction {d:?} (right, left, down, up)"),
            )
        }
    };
    if !edge {
        return text::err(
            *a1,
            format!("{c} is not on the edge where a line {d} starts"),
        );
    }
    Ok((number, cells))
}

/// The reading direction of a whole row or column given in reading order,
/// as [`outside_line`] reads it; `None` when `cells` is not one.
pub(crate) fn line_direction(cells: &[usize], n: usize) -> Option<&'static str> {
    let (&a, &b) = (cells.first()?, cells.get(1)?);
    let d = if b == a + 1 {
        "right"
    } else if b + 1 == a {
        "left"
    } else if b == a + n {
        "down"
    } else if b + n == a {
        "up"
    } else {
        return None;
    };
    let (_, expect) = outside_line(&format!("0 {} {d}", text::name(a, n)), n).ok()?;
    (expect == cells).then_some(d)
}

/// Writes an outside clue `text` next to the first cell of a line read
/// from the edge, half a cell out.
fn outside_clue(pen: &mut Pen, cells: &[usize], text: &str, framed: bool) {
    let (Some(&a), Some(&b)) = (cells.first(), cells.get(1)) else {
        return;
    };
    let ((xa, ya), (xb, yb)) = (pen.centre(a), pen.centre(b));
    let (x, y) = (xa - (xb - xa) * 0.75, ya - (yb - ya) * 0.75);
    if framed {
        let h = pen.size * 0.22;
        pen.over.push(Shape::Rect {
            at: (x - h, y - h),
            w: 2.0 * h,
            h: 2.0 * h,
            fill: None,
            stroke: Some(Stroke::new("#000", 1.0)),
        });
    }
    let font = pen.outside_font(text);
    pen.label((x, y), font, text.to_string());
}

/// Reads an f-puzzles clue outside the grid that reads a whole row or
/// column from its edge (`xsum`, `skyscraper`: `{"cell": "R0C3", "value":
/// "15"}`, row or column 0 or N + 1) as a [`Clue`] of `f` with that number
/// and the line's cells in reading order. An empty clue says nothing.
#[cfg(feature = "serde")]
fn read_fpuzzles_outside(
    f: &'static dyn Family,
    key: &str,
    entry: &serde_json::Value,
    n: usize,
) -> Result<Vec<Constraint>, String> {
    let at = entry
        .get("cell")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| format!("f-puzzles `{key}`: a clue needs a cell"))?;
    let rc = at.to_ascii_uppercase();
    let parsed: Option<(usize, usize)> = rc.strip_prefix('R').and_then(|rest| {
        let (r, c) = rest.split_once('C')?;
        Some((r.parse().ok()?, c.parse().ok()?))
    });
    let inside = |k: usize| (1..=n).contains(&k);
    let cells: Vec<usize> = match parsed {
        Some((0, c)) if inside(c) => (0..n).map(|k| k * n + c - 1).collect(),
        Some((r, c)) if r == n + 1 && inside(c) => (0..n).rev().map(|k| k * n + c - 1).collect(),
        Some((r, 0)) if inside(r) => (0..n).map(|k| (r - 1) * n + k).collect(),
        Some((r, c)) if c == n + 1 && inside(r) => (0..n).rev().map(|k| (r - 1) * n + k).collect(),
        _ => {
            return Err(format!(
                "f-puzzles `{key}`: a clue at {at} is not beside a row or column"
            ))
        }
    };
    let value = entry.get("value");
    if value.map_or(true, |v| v.as_str().is_some_and(|s| s.trim().is_empty())) {
        return Ok(Vec::new());
    }
    let number = value
        .and_then(super::fpuzzles_values::as_number)
        .ok_or_else(|| format!("f-puzzles `{key}`: the clue at {at} is not a number"))?;
    let c = Clue::constraint(f, vec![i64::from(number)], cells);
    super::family::checked(f, &c, n).map_err(|e| format!("f-puzzles `{key}`: {e}"))?;
    Ok(vec![c])
}

/// The f-puzzles entry of a clue read by [`read_fpuzzles_outside`]: the
/// cell outside the grid where its line starts, and its number.
#[cfg(feature = "serde")]
fn to_fpuzzles_outside(
    key: &'static str,
    c: &Constraint,
    n: usize,
) -> Option<(&'static str, serde_json::Value)> {
    let k = clue(c)?;
    let first = *k.cells.first()?;
    let (r, col) = (first / n + 1, first % n + 1);
    let cell = match line_direction(&k.cells, n)? {
        "right" => format!("R{r}C0"),
        "left" => format!("R{r}C{}", n + 1),
        "down" => format!("R0C{col}"),
        _ => format!("R{}C{col}", n + 1),
    };
    let value = k.numbers.first()?.to_string();
    Some((key, serde_json::json!({ "cell": cell, "value": value })))
}
