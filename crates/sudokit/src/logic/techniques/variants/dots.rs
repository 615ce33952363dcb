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
                Constraint::KropkiWhite(..) | Constraint::KropkiBlack(..) | Constraint::KropkiAll
            )
        },
        &|k| match k {
            Constraint::KropkiWhite(..) => "a white dot joins consecutive digits".into(),
            Constraint::KropkiBlack(..) => "a black dot joins digits in ratio 2".into(),
            _ => "neighbours without a dot are neither consecutive nor in ratio 2".into(),
        },
    )
}

pub(crate) fn xv(c: &Candidates) -> Option<Step> {
    super::per_cell_pairs(
        c,
        Technique::XvPair,
        |k| matches!(k, Constraint::X(..) | Constraint::V(..) | Constraint::XvAll),
        &|k| match k {
            Constraint::X(..) => "an X joins digits summing to 10".into(),
            Constraint::V(..) => "a V joins digits summing to 5".into(),
            _ => "neighbours without an X or a V sum to neither 10 nor 5".into(),
        },
    )
}
