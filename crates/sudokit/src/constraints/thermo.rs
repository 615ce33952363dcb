//! Thermometers: digits strictly increase from the bulb.
//!
//! Bounds in both directions: a cell is above its predecessor's lowest
//! digit and below its successor's highest.

use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::shaped_line::{Shaped, ShapedLine};
use crate::marks::Pen;

/// Thermometers: `thermo: r1c1 r1c2 r1c3`, bulb first.
pub(crate) struct Thermo;

impl Thermo {
    /// The family's one value.
    pub(crate) const FAMILY: Shaped<Thermo> = Shaped::FAMILY;
}

impl ShapedLine for Thermo {
    const KEY: &'static str = "thermo";
    const WHAT: &'static str = "a thermometer";
    const FPUZZLES_KEY: &'static str = "thermometer";
    const MIN_CELLS: usize = 2;

    fn constraint(cells: Vec<usize>) -> Constraint {
        Constraint::Thermo(cells)
    }

    fn line(c: &Constraint) -> Option<&[usize]> {
        match c {
            Constraint::Thermo(cells) => Some(cells),
            _ => None,
        }
    }

    fn compile(cells: Vec<usize>, m: &mut Model) {
        m.props.push(Prop::Thermo(cells));
    }

    fn holds(line: &[u32], _n: usize) -> bool {
        line.windows(2).all(|w| w[0] < w[1])
    }

    fn rule_text(line: &str, _n: usize) -> String {
        format!("digits strictly increase along the thermometer {line}")
    }

    fn draw(cells: &[usize], pen: &mut Pen) {
        pen.line(cells, "#bbb", pen.size * 0.3);
        let r = pen.size * 0.38;
        pen.disc(pen.centre(cells[0]), r, "#bbb", None);
    }
}
