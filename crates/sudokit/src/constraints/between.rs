//! Between lines: the digits on the line between its two ends lie strictly
//! between the ends' digits (in either order).

use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::shaped_line::{Shaped, ShapedLine};
use crate::marks::{Pen, Stroke};

/// Between lines: `between: r1c1 r1c2 r1c3`, the ends first and last.
pub(crate) struct Between;

impl Between {
    /// The family's one value.
    pub(crate) const FAMILY: Shaped<Between> = Shaped::FAMILY;
}

impl ShapedLine for Between {
    const KEY: &'static str = "between";
    const WHAT: &'static str = "a between line";
    const FPUZZLES_KEY: &'static str = "betweenline";
    const MIN_CELLS: usize = 2;

    fn constraint(cells: Vec<usize>) -> Constraint {
        Constraint::Between(cells)
    }

    fn line(c: &Constraint) -> Option<&[usize]> {
        match c {
            Constraint::Between(cells) => Some(cells),
            _ => None,
        }
    }

    fn compile(cells: Vec<usize>, m: &mut Model) {
        m.props.push(Prop::Between(cells));
    }

    fn holds(line: &[u32], _n: usize) -> bool {
        let [a, inside @ .., b] = line else {
            return true;
        };
        let (l, h) = (*a.min(b), *a.max(b));
        inside.iter().all(|&d| l < d && d < h)
    }

    fn rule_text(line: &str, _n: usize) -> String {
        format!("the digits inside the between line {line} lie between its ends")
    }

    fn draw(cells: &[usize], pen: &mut Pen) {
        pen.line(cells, "#9cf", pen.size * 0.15);
        for &end in [cells[0], cells[cells.len() - 1]].iter() {
            let r = pen.size * 0.4;
            pen.disc(pen.centre(end), r, "#fff", Some(Stroke::new("#9cf", 2.0)));
        }
    }
}
