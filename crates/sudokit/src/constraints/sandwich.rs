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
use super::model::Model;
use super::prop::Prop;
use super::rule::{Constraint, Line};
use super::text::{self, err, TextError};
use crate::marks::Pen;

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
                fillings: super::kernels::sandwich::fillings(m.n, *sum),
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

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["sandwichsum"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let _ = key;
        let s = entry
            .get("cell")
            .and_then(serde_json::Value::as_str)
            .ok_or("a sandwich clue has a cell")?;
        let (r, c) = super::fpuzzles_values::rc(s)?;
        let out = |k: i64| k == 0 || k == n as i64 + 1;
        let line = match (out(r), out(c)) {
            (false, true) if (1..=n as i64).contains(&r) => Line::Row(r as usize - 1),
            (true, false) if (1..=n as i64).contains(&c) => Line::Column(c as usize - 1),
            _ => {
                return Err(format!(
                    "sandwich clue at {s} is not beside a row or column"
                ))
            }
        };
        // An empty clue says nothing.
        let sum = entry
            .get("value")
            .and_then(super::fpuzzles_values::as_number);
        Ok(sum
            .map(|sum| Constraint::Sandwich { line, sum })
            .into_iter()
            .collect())
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let _ = n;
        let Constraint::Sandwich { line, sum } = c else {
            return None;
        };
        let cell = match line {
            Line::Row(r) => format!("R{}C0", r + 1),
            Line::Column(col) => format!("R0C{}", col + 1),
        };
        Some((
            "sandwichsum",
            serde_json::json!({ "cell": cell, "value": sum.to_string() }),
        ))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let Constraint::Sandwich { line: l, sum } = c else {
            return;
        };
        let (size, x0, y0) = (pen.size, pen.x0, pen.y0);
        let at = match *l {
            Line::Row(k) => (x0 - size * 0.25, y0 + (k as f64 + 0.5) * size),
            Line::Column(k) => (x0 + (k as f64 + 0.5) * size, y0 - size * 0.25),
        };
        let text = sum.to_string();
        pen.label(at, pen.outside_font(&text), text);
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
