//! Odd and even cells. Their rule is a fixed mask per cell, applied once to
//! the root candidates by `Model`; nothing to propagate later.

use super::family::Family;
use super::mask::bit;
use super::model::Model;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::{Pen, Shape};

/// Odd and even cells: `odd: r1c1 r5c5`, `even: …`.
pub(crate) struct Parity;

impl Family for Parity {
    fn keys(&self) -> &'static [&'static str] {
        &["odd", "even"]
    }

    fn parse(&self, key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(if key == "odd" {
            Constraint::Odd(text::need_cells(value, n, 1, "an odd clue")?)
        } else {
            Constraint::Even(text::need_cells(value, n, 1, "an even clue")?)
        })
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        match c {
            Constraint::Odd(cs) => format!("odd: {}", text::names(cs, n)),
            _ => format!("even: {}", text::names(&self.cells(c, n), n)),
        }
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Odd(cells) | Constraint::Even(cells) => cells.clone(),
            _ => Vec::new(),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let want = u16::from(matches!(c, Constraint::Odd(_)));
        self.cells(c, n).iter().all(|&x| values[x] % 2 == want)
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        let want = u32::from(matches!(c, Constraint::Odd(_)));
        let mask = (1..=m.n as u32)
            .filter(|d| d % 2 == want)
            .fold(0, |acc, d| acc | bit(d));
        for cell in self.cells(c, m.n) {
            m.root[cell] &= mask;
        }
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["odd", "even"]
    }

    /// f-puzzles lists one `{"cell": "R1C1"}` per odd (even) cell; they are
    /// read as one constraint per list.
    #[cfg(feature = "serde")]
    fn read_fpuzzles_list(
        &self,
        key: &str,
        entries: &[serde_json::Value],
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let cells = entries
            .iter()
            .map(|e| {
                e.get("cell")
                    .ok_or("expected a cell".to_string())
                    .and_then(|c| super::fpuzzles_values::cell(c, geo.n()))
            })
            .collect::<Result<Vec<usize>, String>>()?;
        Ok(match (cells.is_empty(), key) {
            (true, _) => Vec::new(),
            (false, "odd") => vec![Constraint::Odd(cells)],
            (false, _) => vec![Constraint::Even(cells)],
        })
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles_entries(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<Vec<(&'static str, serde_json::Value)>> {
        let key = if matches!(c, Constraint::Odd(_)) {
            "odd"
        } else {
            "even"
        };
        let n = geo.n();
        Some(
            self.cells(c, n)
                .iter()
                .map(|&x| {
                    let name = super::family::fpuzzles_name(x, n);
                    (key, serde_json::json!({ "cell": name }))
                })
                .collect(),
        )
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let cells = self.cells(c, n);
        let kind = if matches!(c, Constraint::Odd(_)) {
            "odd"
        } else {
            "even"
        };
        let s = if cells.len() == 1 { "s" } else { "" };
        format!("{} hold{s} {kind} digits", names(&cells))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let r = pen.size * 0.4;
        for cell in self.cells(c, pen.n) {
            let (x, y) = pen.centre(cell);
            if matches!(c, Constraint::Odd(_)) {
                pen.disc((x, y), r, "#ddd", None);
            } else {
                pen.under.push(Shape::Rect {
                    at: (x - r, y - r),
                    w: 2.0 * r,
                    h: 2.0 * r,
                    fill: Some("#ddd"),
                    stroke: None,
                });
            }
        }
    }
}
