//! Palindromes: the line reads the same both ways, so cell `i` and cell
//! `len - 1 - i` compile to "equal" pairs, whose arc consistency
//! intersects their candidates.

use super::family::Family;
use super::model::Model;
use super::prop::Relation;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::Pen;

/// Palindromes: `palindrome: r1c1 r1c2 r1c3`.
pub(crate) struct Palindrome;

impl Family for Palindrome {
    fn keys(&self) -> &'static [&'static str] {
        &["palindrome"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(Constraint::Palindrome(text::need_cells(
            value,
            n,
            2,
            "a palindrome",
        )?))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("palindrome: {}", text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Palindrome(cells) => cells.clone(),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        text::no_repeat(&self.cells(c, n), "a line", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let cells = self.cells(c, n);
        (0..cells.len() / 2).all(|i| values[cells[i]] == values[cells[cells.len() - 1 - i]])
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        let cells = self.cells(c, m.n);
        for i in 0..cells.len() / 2 {
            m.pair(cells[i], cells[cells.len() - 1 - i], Relation::Equal);
        }
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        format!(
            "the palindrome {} reads the same from either end",
            names(&self.cells(c, n))
        )
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        pen.line(&self.cells(c, pen.n), "#ccc", pen.size * 0.25);
    }
}
