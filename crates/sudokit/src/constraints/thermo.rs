//! Thermometers: digits strictly increase from the bulb.
//!
//! Bounds in both directions: a cell is above its predecessor's lowest
//! digit and below its successor's highest.

use super::family::Family;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::Pen;

/// Thermometers: `thermo: r1c1 r1c2 r1c3`, bulb first.
pub(crate) struct Thermo;

impl Family for Thermo {
    fn keys(&self) -> &'static [&'static str] {
        &["thermo"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(Constraint::Thermo(text::need_cells(
            value,
            n,
            2,
            "a thermometer",
        )?))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("thermo: {}", text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Thermo(cells) => cells.clone(),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        text::no_repeat(&self.cells(c, n), "a line", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        satisfied(&self.cells(c, n), &|c| values[c] as u32)
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props.push(Prop::Thermo(self.cells(c, m.n)));
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        format!(
            "digits strictly increase along the thermometer {}",
            names(&self.cells(c, n))
        )
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let cells = self.cells(c, pen.n);
        pen.line(&cells, "#bbb", pen.size * 0.3);
        let r = pen.size * 0.38;
        pen.disc(pen.centre(cells[0]), r, "#bbb", None);
    }
}

pub(super) fn satisfied(cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    cells.windows(2).all(|w| v(w[0]) < v(w[1]))
}
