//! Between lines: the digits on the line between its two ends lie strictly
//! between the ends' digits (in either order).

use super::family::Family;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::{Pen, Stroke};

/// Between lines: `between: r1c1 r1c2 r1c3`, the ends first and last.
pub(crate) struct Between;

impl Family for Between {
    fn keys(&self) -> &'static [&'static str] {
        &["between"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(Constraint::Between(text::need_cells(
            value,
            n,
            2,
            "a between line",
        )?))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("between: {}", text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Between(cells) => cells.clone(),
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
        m.props.push(Prop::Between(self.cells(c, m.n)));
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        format!(
            "the digits inside the between line {} lie between its ends",
            names(&self.cells(c, n))
        )
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let cells = self.cells(c, pen.n);
        pen.line(&cells, "#9cf", pen.size * 0.15);
        for &end in [cells[0], cells[cells.len() - 1]].iter() {
            let r = pen.size * 0.4;
            pen.disc(pen.centre(end), r, "#fff", Some(Stroke::new("#9cf", 2.0)));
        }
    }
}

pub(super) fn satisfied(cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    if cells.len() < 3 {
        return true;
    }
    let (a, b) = (v(cells[0]), v(cells[cells.len() - 1]));
    let (l, h) = (a.min(b), a.max(b));
    cells[1..cells.len() - 1]
        .iter()
        .all(|&c| l < v(c) && v(c) < h)
}
