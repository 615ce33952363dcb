//! Sums outside the grid: little-killer diagonals and sandwich clues.

use super::super::{Candidates, Step, Technique};
use crate::constraints::Constraint;

pub(crate) fn little_killer(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::LittleKiller,
        |k| matches!(k, Constraint::LittleKiller { .. }),
        &super::rule,
    )
}

pub(crate) fn sandwich(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::SandwichSum,
        |k| matches!(k, Constraint::Sandwich { .. }),
        &super::rule,
    )
}
