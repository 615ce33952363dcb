//! Renban lines: the digits are a set of consecutive digits in any order,
//! without repeats. A line of k cells holds one window `a..a+k-1`; each
//! cell keeps the digits of the windows every cell of the line can fit.

use super::mask::bit;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::shaped_line::{Shaped, ShapedLine};
use crate::marks::Pen;

/// Renban lines: `renban: r1c1 r1c2 r1c3`.
pub(crate) struct Renban;

impl Renban {
    /// The family's one value.
    pub(crate) const FAMILY: Shaped<Renban> = Shaped::FAMILY;
}

impl ShapedLine for Renban {
    const KEY: &'static str = "renban";
    const WHAT: &'static str = "a renban line";
    const FPUZZLES_KEY: &'static str = "renban";
    const MIN_CELLS: usize = 1;

    fn constraint(cells: Vec<usize>) -> Constraint {
        Constraint::Renban(cells)
    }

    fn line(c: &Constraint) -> Option<&[usize]> {
        match c {
            Constraint::Renban(cells) => Some(cells),
            _ => None,
        }
    }

    fn compile(cells: Vec<usize>, m: &mut Model) {
        m.props.push(Prop::Renban(cells));
    }

    fn holds(line: &[u32], _n: usize) -> bool {
        let (Some(&min), Some(&max)) = (line.iter().min(), line.iter().max()) else {
            return true;
        };
        let distinct = line
            .iter()
            .try_fold(0u64, |seen, &d| {
                (seen & bit(d) == 0).then_some(seen | bit(d))
            })
            .is_some();
        distinct && (max - min) as usize == line.len() - 1
    }

    fn rule_text(line: &str, _n: usize) -> String {
        format!("the renban line {line} holds a run of consecutive digits")
    }

    fn draw(cells: &[usize], pen: &mut Pen) {
        pen.line(cells, "#c9f", pen.size * 0.25);
    }
}
