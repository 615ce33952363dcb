//! Little killers: a clue outside the grid gives the sum of the diagonal
//! it points along (cells from [`super::rule::Direction::cells_from`]). Digits
//! may repeat, except where a unit forbids it: the search splits the
//! diagonal into *groups* of cells that pairwise share a unit (on a 9×9,
//! the diagonal's run through one box), and the propagator keeps in each
//! cell only the digits of some assignment with distinct digits inside each
//! group and the right total. Without groups (the human-style steps, which
//! do not know the units) it is bounds reasoning, the sum bounds of `kernels::sum`.

use super::family::Family;
use super::model::Model;
use super::prop::Prop;
use super::rule::{Constraint, Direction};
use super::text::{self, err, TextError};
use crate::marks::{Pen, Shape, Stroke};

/// Little killers: `little-killer: 23 r1c1 down-right` (sum, first cell,
/// direction).
pub(crate) struct LittleKiller;

/// The direction's name in the text form.
fn direction_name(d: Direction) -> &'static str {
    match d {
        Direction::DownRight => "down-right",
        Direction::DownLeft => "down-left",
        Direction::UpRight => "up-right",
        Direction::UpLeft => "up-left",
    }
}

impl Family for LittleKiller {
    fn keys(&self) -> &'static [&'static str] {
        &["little-killer"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        let [(a0, s), (a1, c), (a2, d)] = toks.as_slice() else {
            return err(0, "expected `little-killer: SUM CELL DIRECTION` (down-right, down-left, up-right, up-left)");
        };
        let sum = text::number(*a0, s)?;
        let start = text::cell(*a1, c, n)?;
        let direction = match d.to_ascii_lowercase().as_str() {
            "down-right" | "dr" => Direction::DownRight,
            "down-left" | "dl" => Direction::DownLeft,
            "up-right" | "ur" => Direction::UpRight,
            "up-left" | "ul" => Direction::UpLeft,
            _ => {
                return err(
                    *a2,
                    format!("unknown direction {d:?} (down-right, down-left, up-right, up-left)"),
                )
            }
        };
        Ok(Constraint::LittleKiller {
            sum,
            start,
            direction,
        })
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        match c {
            Constraint::LittleKiller {
                sum,
                start,
                direction,
            } => format!(
                "little-killer: {sum} {} {}",
                text::name(*start, n),
                direction_name(*direction)
            ),
            _ => String::new(),
        }
    }

    fn cells(&self, c: &Constraint, n: usize) -> Vec<usize> {
        match c {
            Constraint::LittleKiller {
                start, direction, ..
            } => direction.cells_from(*start, n),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        match c {
            Constraint::LittleKiller { start, .. } if *start < n * n => Ok(()),
            _ => Err("little-killer start off the board".into()),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let Constraint::LittleKiller { sum, .. } = c else {
            return true;
        };
        self.cells(c, n)
            .iter()
            .map(|&c| values[c] as u32)
            .sum::<u32>()
            == *sum
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        if let Constraint::LittleKiller { sum, .. } = c {
            let cells = self.cells(c, m.n);
            m.props.push(Prop::LittleKiller {
                ends: (1..=cells.len()).collect(),
                cells,
                sum: *sum,
            })
        }
    }

    fn rule_text(&self, c: &Constraint, _n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        match c {
            Constraint::LittleKiller {
                sum,
                start,
                direction,
            } => format!(
                "the diagonal from {} {} sums to {sum} (digits may repeat)",
                names(&[*start]),
                direction_name(*direction)
            ),
            _ => String::new(),
        }
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["littlekillersum", "littlekiller"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        // `littlekillersum` is what f-puzzles writes; `littlekiller` was ours.
        let _ = key;
        let s = entry
            .get("cell")
            .and_then(serde_json::Value::as_str)
            .ok_or("a little killer has a cell")?;
        let (r, c) = super::fpuzzles_values::rc(s)?;
        let direction = match entry.get("direction").and_then(serde_json::Value::as_str) {
            Some("DR") => Direction::DownRight,
            Some("DL") => Direction::DownLeft,
            Some("UR") => Direction::UpRight,
            Some("UL") => Direction::UpLeft,
            d => return Err(format!("little killer direction {d:?}")),
        };
        let (dr, dc) = direction.steps();
        let (r1, c1) = (r + dr as i64, c + dc as i64);
        if !(1..=n as i64).contains(&r1) || !(1..=n as i64).contains(&c1) {
            return Err(format!("little killer at {s} points off the board"));
        }
        // An arrow without a total says nothing.
        let sum = entry
            .get("value")
            .and_then(super::fpuzzles_values::as_number);
        let start = (r1 as usize - 1) * n + c1 as usize - 1;
        Ok(sum
            .map(|sum| Constraint::LittleKiller {
                sum,
                start,
                direction,
            })
            .into_iter()
            .collect())
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let Constraint::LittleKiller {
            sum,
            start,
            direction,
        } = c
        else {
            return None;
        };
        // The clue sits one step before the first cell, outside.
        let (dr, dc) = direction.steps();
        let r = (start / n) as i64 + 1 - dr as i64;
        let col = (start % n) as i64 + 1 - dc as i64;
        let d = match direction {
            Direction::DownRight => "DR",
            Direction::DownLeft => "DL",
            Direction::UpRight => "UR",
            Direction::UpLeft => "UL",
        };
        let entry = serde_json::json!({ "cell": format!("R{r}C{col}"), "direction": d, "value": sum.to_string() });
        Some(("littlekillersum", entry))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let Constraint::LittleKiller {
            sum,
            start,
            direction,
        } = c
        else {
            return;
        };
        // The sum sits one diagonal step before the first cell, with a
        // short arrow from it along the diagonal (as setters draw it; a
        // font's arrow glyph is not in every font).
        let (dx, dy) = match direction {
            Direction::DownRight => (1.0, 1.0),
            Direction::DownLeft => (-1.0, 1.0),
            Direction::UpRight => (1.0, -1.0),
            Direction::UpLeft => (-1.0, -1.0),
        };
        let size = pen.size;
        let (cx, cy) = pen.centre(*start);
        let at = |k: f64| (cx - dx * size * k, cy - dy * size * k);
        // The sum in the middle of the half cell of margin; the arrow runs
        // from its corner into the first cell's. Sized by the cell, so both
        // still read on a phone's board.
        let ((tx, ty), h) = (at(0.4), size * 0.13);
        let text = sum.to_string();
        pen.label(at(0.75), pen.outside_font(&text), text);
        pen.over.push(Shape::Segments {
            segments: vec![
                [at(0.6), (tx, ty)],
                [(tx - dx * h, ty), (tx, ty)],
                [(tx, ty), (tx, ty - dy * h)],
            ],
            stroke: Stroke::new("#000", (size * 0.035).max(1.0)),
            dash: None,
            class: Some("lk-arrow"),
        });
    }
}
