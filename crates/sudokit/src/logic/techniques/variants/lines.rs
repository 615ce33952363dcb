//! Lines and regions: thermometers, arrows, whispers, renban, palindromes,
//! between lines and extra regions (cages without a sum count as regions:
//! no repeats). The sentences come from each family's file
//! ([`super::rule`]).

use super::super::{Candidates, Step, Technique};
use super::rule;
use crate::constraints::Constraint;

pub(crate) fn thermo(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::ThermoBounds,
        |k| matches!(k, Constraint::Thermo(_)),
        &rule,
    )
}

pub(crate) fn arrow(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::ArrowSum,
        |k| matches!(k, Constraint::Arrow { .. }),
        &rule,
    )
}

pub(crate) fn whisper(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::GermanWhisper,
        |k| matches!(k, Constraint::Whisper(_)),
        &rule,
    )
}

pub(crate) fn renban(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::Renban,
        |k| matches!(k, Constraint::Renban(_)),
        &rule,
    )
}

pub(crate) fn palindrome(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::Palindrome,
        |k| matches!(k, Constraint::Palindrome(_)),
        &rule,
    )
}

pub(crate) fn between(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::BetweenLine,
        |k| matches!(k, Constraint::Between(_)),
        &rule,
    )
}

/// The rules of the families that exist only through the registry.
pub(crate) fn family_rule(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::VariantRule,
        |k| matches!(k, Constraint::Clue(_)),
        &rule,
    )
}

pub(crate) fn region(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::ExtraRegion,
        |k| {
            matches!(
                k,
                Constraint::Region(_) | Constraint::Cage { sum: None, .. }
            )
        },
        &rule,
    )
}
