//! Renban lines: the digits are a set of consecutive digits in any order,
//! without repeats. A line of k cells holds one window `a..a+k-1`; each
//! cell keeps the digits of the windows every cell of the line can fit.

use super::family::Family;
use super::mask::bit;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::Pen;

/// Renban lines: `renban: r1c1 r1c2 r1c3`.
pub(crate) struct Renban;

impl Family for Renban {
    fn keys(&self) -> &'static [&'static str] {
        &["renban"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(Constraint::Renban(text::need_cells(
            value,
            n,
            1,
            "a renban line",
        )?))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("renban: {}", text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Renban(cells) => cells.clone(),
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
        m.props.push(Prop::Renban(self.cells(c, m.n)));
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        format!(
            "the renban line {} holds a run of consecutive digits",
            names(&self.cells(c, n))
        )
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        pen.line(&self.cells(c, pen.n), "#c9f", pen.size * 0.25);
    }
}

pub(super) fn satisfied(cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    let vals: Vec<u32> = cells.iter().map(|&c| v(c)).collect();
    let (Some(&min), Some(&max)) = (vals.iter().min(), vals.iter().max()) else {
        return true;
    };
    let distinct = vals
        .iter()
        .try_fold(0u64, |seen, &d| {
            (seen & bit(d) == 0).then_some(seen | bit(d))
        })
        .is_some();
    distinct && (max - min) as usize == vals.len() - 1
}
