//! German whispers: neighbours on the line differ by at least
//! [`whisper_gap`]. Each step of the line compiles to a pair relation; arc
//! consistency removes the middle digit (5 on 9×9) at once, since no digit
//! is far enough from it.

use super::model::Model;
use super::prop::Relation;
use super::rule::{whisper_gap, Constraint};
use super::shaped_line::{Shaped, ShapedLine};
use crate::marks::Pen;

/// German whispers: `whisper: r1c1 r1c2 r2c2`.
pub(crate) struct Whisper;

impl Whisper {
    /// The family's one value.
    pub(crate) const FAMILY: Shaped<Whisper> = Shaped::FAMILY;
}

impl ShapedLine for Whisper {
    const KEY: &'static str = "whisper";
    const FPUZZLES_KEY: &'static str = "whispers";
    const WHAT: &'static str = "a whisper line";
    const MIN_CELLS: usize = 2;

    fn constraint(cells: Vec<usize>) -> Constraint {
        Constraint::Whisper(cells)
    }

    fn line(c: &Constraint) -> Option<&[usize]> {
        match c {
            Constraint::Whisper(cells) => Some(cells),
            _ => None,
        }
    }

    fn compile(cells: Vec<usize>, m: &mut Model) {
        for w in cells.windows(2) {
            m.pair(w[0], w[1], Relation::Whisper);
        }
    }

    fn holds(line: &[u32], n: usize) -> bool {
        line.windows(2)
            .all(|w| w[0].abs_diff(w[1]) >= whisper_gap(n))
    }

    fn rule_text(line: &str, n: usize) -> String {
        format!(
            "neighbours on the whisper line {line} differ by at least {}",
            whisper_gap(n)
        )
    }

    /// An entry with a difference of its own is a Dutch whisper, read by
    /// that family.
    #[cfg(feature = "serde")]
    fn reads_fpuzzles_entry(entry: &serde_json::Value) -> bool {
        super::dutch_whisper::fpuzzles_gap(entry).is_none()
    }

    /// f-puzzles lets a setter draw a line back through a cell; each
    /// neighbouring pair is one piece's.
    #[cfg(feature = "serde")]
    fn fpuzzles_pieces(line: Vec<usize>) -> Vec<Vec<usize>> {
        super::fpuzzles_values::split_at_repeats(line)
    }

    fn draw(cells: &[usize], pen: &mut Pen) {
        pen.line(cells, "#6c6", pen.size * 0.2);
    }
}
