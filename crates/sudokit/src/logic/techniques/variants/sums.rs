//! Sums outside the grid: little-killer diagonals and sandwich clues.

use super::super::{Candidates, Step, Technique};
use crate::constraints::{Constraint, Direction, Line};

pub(crate) fn little_killer(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::LittleKiller,
        |k| matches!(k, Constraint::LittleKiller { .. }),
        &|c, k| match k {
            Constraint::LittleKiller {
                sum,
                start,
                direction,
            } => {
                let dir = match direction {
                    Direction::DownRight => "down-right",
                    Direction::DownLeft => "down-left",
                    Direction::UpRight => "up-right",
                    Direction::UpLeft => "up-left",
                };
                format!(
                    "the diagonal from {} {dir} sums to {sum} (digits may repeat)",
                    c.cn(*start)
                )
            }
            _ => String::new(),
        },
    )
}

pub(crate) fn sandwich(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::SandwichSum,
        |k| matches!(k, Constraint::Sandwich { .. }),
        &|c, k| match k {
            Constraint::Sandwich { line, sum } => {
                let line = match line {
                    Line::Row(r) => format!("row {}", r + 1),
                    Line::Column(col) => format!("column {}", col + 1),
                };
                format!(
                    "the digits between 1 and {} in {line} sum to {sum}",
                    c.ctx.n
                )
            }
            _ => String::new(),
        },
    )
}
