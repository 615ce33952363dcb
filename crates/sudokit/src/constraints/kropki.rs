//! Kropki dots: white (digits differ by 1), black (one is twice the other),
//! and the negative rule when every dot is given.
//!
//! The dots themselves compile to pair relations (arc consistency on the
//! two cells); this file holds the rules and the pairs the negative rule
//! covers.

use super::family::Family;
use super::mask::orthogonal_pairs;
use super::model::Model;
use super::prop::Relation;
use super::prop::{black, white};
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::{Pen, Shape, Stroke};

/// Kropki dots: `kropki-white: r1c1 r1c2`, `kropki-black: …`, the same as
/// `kropki: white r1c1 r1c2`, and `kropki: all` for the negative rule.
pub(crate) struct Kropki;

impl Family for Kropki {
    fn keys(&self) -> &'static [&'static str] {
        &["kropki-white", "kropki-black", "kropki"]
    }

    fn parse(&self, key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        Ok(match key {
            "kropki-white" => {
                let (a, b) = text::pair(value, n, "a white dot")?;
                Constraint::KropkiWhite(a, b)
            }
            "kropki-black" => {
                let (a, b) = text::pair(value, n, "a black dot")?;
                Constraint::KropkiBlack(a, b)
            }
            _ => {
                match toks.as_slice() {
                    [(_, t)] if t.eq_ignore_ascii_case("all") => Constraint::KropkiAll,
                    [(_, t)] if t.eq_ignore_ascii_case("all-white") => Constraint::KropkiWhiteAll,
                    [(_, t)] if t.eq_ignore_ascii_case("all-black") => Constraint::KropkiBlackAll,
                    [(at, t), rest @ ..]
                        if t.eq_ignore_ascii_case("white") || t.eq_ignore_ascii_case("black") =>
                    {
                        let cs = text::cells(rest, n)?;
                        if cs.len() != 2 {
                            return err(*at, "a dot needs exactly two cells");
                        }
                        if t.eq_ignore_ascii_case("white") {
                            Constraint::KropkiWhite(cs[0], cs[1])
                        } else {
                            Constraint::KropkiBlack(cs[0], cs[1])
                        }
                    }
                    _ => return err(
                        0,
                        "expected `kropki: all`, `kropki: white r1c1 r1c2` or `kropki: black …`",
                    ),
                }
            }
        })
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        match c {
            Constraint::KropkiWhite(a, b) => {
                format!("kropki-white: {} {}", text::name(*a, n), text::name(*b, n))
            }
            Constraint::KropkiBlack(a, b) => {
                format!("kropki-black: {} {}", text::name(*a, n), text::name(*b, n))
            }
            Constraint::KropkiWhiteAll => "kropki: all-white".into(),
            Constraint::KropkiBlackAll => "kropki: all-black".into(),
            _ => "kropki: all".into(),
        }
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::KropkiWhite(a, b) | Constraint::KropkiBlack(a, b) => vec![*a, *b],
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        match c {
            Constraint::KropkiWhite(a, b) | Constraint::KropkiBlack(a, b) => {
                text::adjacent(*a, *b, n)
            }
            _ => Ok(()),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, all: &[Constraint]) -> bool {
        let v = |c: usize| values[c] as u32;
        match c {
            Constraint::KropkiWhite(a, b) => white(v(*a), v(*b)),
            Constraint::KropkiBlack(a, b) => black(v(*a), v(*b)),
            Constraint::KropkiWhiteAll => negative_pairs(n, all)
                .into_iter()
                .all(|(a, b)| !white(v(a), v(b))),
            Constraint::KropkiBlackAll => negative_pairs(n, all)
                .into_iter()
                .all(|(a, b)| !black(v(a), v(b))),
            _ => negative_pairs(n, all)
                .into_iter()
                .all(|(a, b)| !white(v(a), v(b)) && !black(v(a), v(b))),
        }
    }

    fn compile(&self, c: &Constraint, m: &mut Model, all: &[Constraint]) {
        match c {
            Constraint::KropkiWhite(a, b) => m.pair(*a, *b, Relation::KropkiWhite),
            Constraint::KropkiBlack(a, b) => m.pair(*a, *b, Relation::KropkiBlack),
            Constraint::KropkiWhiteAll => {
                for (a, b) in negative_pairs(m.n, all) {
                    m.pair(a, b, Relation::NotConsecutive);
                }
            }
            Constraint::KropkiBlackAll => {
                for (a, b) in negative_pairs(m.n, all) {
                    m.pair(a, b, Relation::NoKropkiBlack);
                }
            }
            _ => {
                for (a, b) in negative_pairs(m.n, all) {
                    m.pair(a, b, Relation::NoKropki);
                }
            }
        }
    }

    fn rule_text(&self, c: &Constraint, _n: usize, _names: &dyn Fn(&[usize]) -> String) -> String {
        match c {
            Constraint::KropkiWhite(..) => "a white dot joins consecutive digits".into(),
            Constraint::KropkiBlack(..) => "a black dot joins digits in ratio 2".into(),
            Constraint::KropkiWhiteAll => "neighbours without a dot are not consecutive".into(),
            Constraint::KropkiBlackAll => "neighbours without a dot are not in ratio 2".into(),
            _ => "neighbours without a dot are neither consecutive nor in ratio 2".into(),
        }
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["difference", "ratio"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let (white, want) = (key == "difference", if key == "difference" { 1 } else { 2 });
        let value = entry
            .get("value")
            .and_then(super::fpuzzles_values::as_number);
        if value.is_some_and(|x| x != want) {
            return Err(format!(
                "{key} dots with a value other than {want}, which sudokit does not model"
            ));
        }
        let p = super::fpuzzles_values::cells(entry.get("cells"), n)?;
        let [a, b] = p[..] else {
            return Err(format!("a {key} dot joins two cells"));
        };
        Ok(vec![if white {
            Constraint::KropkiWhite(a, b)
        } else {
            Constraint::KropkiBlack(a, b)
        }])
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let (key, a, b) = match c {
            Constraint::KropkiWhite(a, b) => ("difference", a, b),
            Constraint::KropkiBlack(a, b) => ("ratio", a, b),
            _ => return None, // the negative rules: the importer's `negative` list
        };
        let cells = super::family::fpuzzles_names(&[*a, *b], n);
        Some((key, serde_json::json!({ "cells": cells })))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (Constraint::KropkiWhite(a, b) | Constraint::KropkiBlack(a, b)) = c else {
            return;
        };
        let fill = if matches!(c, Constraint::KropkiWhite(..)) {
            "#fff"
        } else {
            "#000"
        };
        pen.over.push(Shape::Circle {
            at: pen.mid(*a, *b),
            r: pen.size * 0.12,
            fill: Some(fill),
            stroke: Some(Stroke::new("#000", 1.0)),
        });
    }

    fn caption(&self, c: &Constraint) -> Option<&'static str> {
        match c {
            Constraint::KropkiAll => Some("all dots given"),
            Constraint::KropkiWhiteAll => Some("all white dots given"),
            Constraint::KropkiBlackAll => Some("all black dots given"),
            _ => None,
        }
    }
}

/// Orthogonal neighbours that carry no kropki dot.
pub(crate) fn negative_pairs(n: usize, all: &[Constraint]) -> Vec<(usize, usize)> {
    let dotted: Vec<(usize, usize)> = all
        .iter()
        .filter_map(|c| match c {
            Constraint::KropkiWhite(a, b) | Constraint::KropkiBlack(a, b) => {
                Some((*a.min(b), *a.max(b)))
            }
            _ => None,
        })
        .collect();
    orthogonal_pairs(n)
        .into_iter()
        .filter(|p| !dotted.contains(p))
        .collect()
}
