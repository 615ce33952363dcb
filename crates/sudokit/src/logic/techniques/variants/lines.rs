//! Lines and regions: thermometers, arrows, whispers, renban, palindromes,
//! between lines and extra regions (cages without a sum count as regions:
//! no repeats).

use super::super::{Candidates, Step, Technique};
use super::cells_text;
use crate::constraints::{whisper_gap, Constraint};

pub(crate) fn thermo(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::ThermoBounds,
        |k| matches!(k, Constraint::Thermo(_)),
        &|c, k| {
            format!(
                "digits strictly increase along the thermometer {}",
                cells_text(c, &k.cells(c.ctx.n))
            )
        },
    )
}

pub(crate) fn arrow(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::ArrowSum,
        |k| matches!(k, Constraint::Arrow { .. }),
        &|c, k| match k {
            Constraint::Arrow { circle, arrow } => format!(
                "the arrow {} sums to its circle {}",
                cells_text(c, arrow),
                cells_text(c, circle)
            ),
            _ => String::new(),
        },
    )
}

pub(crate) fn whisper(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::GermanWhisper,
        |k| matches!(k, Constraint::Whisper(_)),
        &|c, k| {
            format!(
                "neighbours on the whisper line {} differ by at least {}",
                cells_text(c, &k.cells(c.ctx.n)),
                whisper_gap(c.ctx.n)
            )
        },
    )
}

pub(crate) fn renban(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::Renban,
        |k| matches!(k, Constraint::Renban(_)),
        &|c, k| {
            format!(
                "the renban line {} holds a run of consecutive digits",
                cells_text(c, &k.cells(c.ctx.n))
            )
        },
    )
}

pub(crate) fn palindrome(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::Palindrome,
        |k| matches!(k, Constraint::Palindrome(_)),
        &|c, k| {
            format!(
                "the palindrome {} reads the same from either end",
                cells_text(c, &k.cells(c.ctx.n))
            )
        },
    )
}

pub(crate) fn between(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::BetweenLine,
        |k| matches!(k, Constraint::Between(_)),
        &|c, k| {
            format!(
                "the digits inside the between line {} lie between its ends",
                cells_text(c, &k.cells(c.ctx.n))
            )
        },
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
        &|c, k| {
            let what = match k {
                Constraint::Region(_) => "the extra region",
                _ => "the cage",
            };
            format!(
                "{what} {} holds no digit twice",
                cells_text(c, &k.cells(c.ctx.n))
            )
        },
    )
}
