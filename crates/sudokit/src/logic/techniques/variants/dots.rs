//! Kropki dots and XV pairs (with their negative rules): the digits one
//! cell still allows its partner across a dot, an X or a V.

use super::super::{Candidates, Step, Technique};
use crate::constraints::Constraint;

pub(crate) fn kropki(c: &Candidates) -> Option<Step> {
    super::per_cell_pairs(
        c,
        Technique::KropkiDot,
        |k| {
            matches!(
                k,
                Constraint::KropkiWhite(..)
                    | Constraint::KropkiBlack(..)
                    | Constraint::KropkiAll
                    | Constraint::KropkiWhiteAll
                    | Constraint::KropkiBlackAll
            )
        },
        &super::pair_rule,
    )
}

pub(crate) fn xv(c: &Candidates) -> Option<Step> {
    super::per_cell_pairs(
        c,
        Technique::XvPair,
        |k| matches!(k, Constraint::X(..) | Constraint::V(..) | Constraint::XvAll),
        &super::pair_rule,
    )
}
