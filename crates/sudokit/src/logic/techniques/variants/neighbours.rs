//! Anti-knight, anti-king and non-consecutive: a cell's digit (or its
//! candidates) rules digits out of the cells a move away.

use super::super::{Candidates, Step, Technique};
use crate::constraints::Constraint;

pub(crate) fn knight(c: &Candidates) -> Option<Step> {
    super::per_cell_pairs(
        c,
        Technique::AntiKnight,
        |k| matches!(k, Constraint::AntiKnight),
        &super::pair_rule,
    )
}

pub(crate) fn king(c: &Candidates) -> Option<Step> {
    super::per_cell_pairs(
        c,
        Technique::AntiKing,
        |k| matches!(k, Constraint::AntiKing),
        &super::pair_rule,
    )
}

pub(crate) fn non_consecutive(c: &Candidates) -> Option<Step> {
    super::per_cell_pairs(
        c,
        Technique::NonConsecutive,
        |k| matches!(k, Constraint::NonConsecutive),
        &super::pair_rule,
    )
}
