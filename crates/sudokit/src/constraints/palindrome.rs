//! Palindromes: the line reads the same both ways, so cell `i` and cell
//! `len - 1 - i` compile to "equal" pairs, whose arc consistency
//! intersects their candidates.

use super::model::Model;
use super::prop::Relation;
use super::rule::Constraint;
use super::shaped_line::{Shaped, ShapedLine};
use crate::marks::Pen;

/// Palindromes: `palindrome: r1c1 r1c2 r1c3`.
pub(crate) struct Palindrome;

impl Palindrome {
    /// The family's one value.
    pub(crate) const FAMILY: Shaped<Palindrome> = Shaped::FAMILY;
}

impl ShapedLine for Palindrome {
    const KEY: &'static str = "palindrome";
    const FPUZZLES_KEY: &'static str = "palindrome";
    const WHAT: &'static str = "a palindrome";
    const MIN_CELLS: usize = 2;

    fn constraint(cells: Vec<usize>) -> Constraint {
        Constraint::Palindrome(cells)
    }

    fn line(c: &Constraint) -> Option<&[usize]> {
        match c {
            Constraint::Palindrome(cells) => Some(cells),
            _ => None,
        }
    }

    fn compile(cells: Vec<usize>, m: &mut Model) {
        for i in 0..cells.len() / 2 {
            m.pair(cells[i], cells[cells.len() - 1 - i], Relation::Equal);
        }
    }

    fn holds(line: &[u32], _n: usize) -> bool {
        line.iter().eq(line.iter().rev())
    }

    fn rule_text(line: &str, _n: usize) -> String {
        format!("the palindrome {line} reads the same from either end")
    }

    fn draw(cells: &[usize], pen: &mut Pen) {
        pen.line(cells, "#ccc", pen.size * 0.25);
    }
}
