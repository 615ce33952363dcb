//! German whispers: neighbours on the line differ by at least
//! [`super::whisper_gap`]. Each step of the line compiles to a pair
//! relation; arc consistency removes the middle digit (5 on 9×9) at once,
//! since no digit is far enough from it.

use super::family::Family;
use super::model::Model;
use super::prop::Relation;
use super::rule::{whisper_gap, Constraint};
use super::text::{self, TextError};
use crate::marks::Pen;

/// German whispers: `whisper: r1c1 r1c2 r2c2`.
pub(crate) struct Whisper;

impl Family for Whisper {
    fn keys(&self) -> &'static [&'static str] {
        &["whisper"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(Constraint::Whisper(text::need_cells(
            value,
            n,
            2,
            "a whisper line",
        )?))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("whisper: {}", text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Whisper(cells) => cells.clone(),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        text::no_repeat(&self.cells(c, n), "a line", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let v = |c: usize| values[c] as u32;
        self.cells(c, n)
            .windows(2)
            .all(|w| v(w[0]).abs_diff(v(w[1])) >= whisper_gap(n))
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        for w in self.cells(c, m.n).windows(2) {
            m.pair(w[0], w[1], Relation::Whisper);
        }
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        format!(
            "neighbours on the whisper line {} differ by at least {}",
            names(&self.cells(c, n)),
            whisper_gap(n)
        )
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        pen.line(&self.cells(c, pen.n), "#6c6", pen.size * 0.2);
    }
}
