//! XV: X marks two cells summing to 10, V two summing to 5, and the
//! negative rule when every X and V is given. Like kropki dots, these
//! compile to pair relations.

use super::family::Family;
use super::mask::orthogonal_pairs;
use super::model::Model;
use super::prop::{either, Relation};
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::{Anchor, Pen, Shape};

/// XV: `xv: x r1c1 r1c2`, `xv: v …`, `xv: all` for the negative rule.
pub(crate) struct Xv;

impl Family for Xv {
    fn keys(&self) -> &'static [&'static str] {
        &["xv"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        Ok(match toks.as_slice() {
            [(_, t)] if t.eq_ignore_ascii_case("all") => Constraint::XvAll,
            [(at, t), rest @ ..] if t.eq_ignore_ascii_case("x") || t.eq_ignore_ascii_case("v") => {
                let cs = text::cells(rest, n)?;
                if cs.len() != 2 {
                    return err(*at, "an X or V needs exactly two cells");
                }
                if t.eq_ignore_ascii_case("x") {
                    Constraint::X(cs[0], cs[1])
                } else {
                    Constraint::V(cs[0], cs[1])
                }
            }
            _ => return err(0, "expected `xv: x r1c1 r1c2`, `xv: v …` or `xv: all`"),
        })
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        match c {
            Constraint::X(a, b) => format!("xv: x {} {}", text::name(*a, n), text::name(*b, n)),
            Constraint::V(a, b) => format!("xv: v {} {}", text::name(*a, n), text::name(*b, n)),
            _ => "xv: all".into(),
        }
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::X(a, b) | Constraint::V(a, b) => vec![*a, *b],
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        match c {
            Constraint::X(a, b) | Constraint::V(a, b) => text::adjacent(*a, *b, n),
            _ => Ok(()),
        }
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, all: &[Constraint]) -> bool {
        let v = |c: usize| values[c] as u32;
        match c {
            Constraint::X(a, b) => v(*a) + v(*b) == 10,
            Constraint::V(a, b) => v(*a) + v(*b) == 5,
            _ => negative_pairs(n, all)
                .into_iter()
                .all(|(a, b)| !either(v(a), v(b))),
        }
    }

    fn compile(&self, c: &Constraint, m: &mut Model, all: &[Constraint]) {
        match c {
            Constraint::X(a, b) => m.pair(*a, *b, Relation::SumX),
            Constraint::V(a, b) => m.pair(*a, *b, Relation::SumV),
            _ => {
                for (a, b) in negative_pairs(m.n, all) {
                    m.pair(a, b, Relation::NoXv);
                }
            }
        }
    }

    fn rule_text(&self, c: &Constraint, _n: usize, _names: &dyn Fn(&[usize]) -> String) -> String {
        match c {
            Constraint::X(..) => "an X joins digits summing to 10".into(),
            Constraint::V(..) => "a V joins digits summing to 5".into(),
            _ => "neighbours without an X or a V sum to neither 10 nor 5".into(),
        }
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["xv"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let _ = key;
        let p = super::fpuzzles_values::cells(entry.get("cells"), n)?;
        let [a, b] = p[..] else {
            return Err("an X or V joins two cells".into());
        };
        match entry.get("value").and_then(serde_json::Value::as_str) {
            Some("X" | "x") => Ok(vec![Constraint::X(a, b)]),
            Some("V" | "v") => Ok(vec![Constraint::V(a, b)]),
            other => Err(format!("xv value {other:?}")),
        }
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let (a, b, v) = match c {
            Constraint::X(a, b) => (a, b, "X"),
            Constraint::V(a, b) => (a, b, "V"),
            _ => return None, // the negative rule: the importer's `negative` list
        };
        let cells = super::family::fpuzzles_names(&[*a, *b], n);
        Some(("xv", serde_json::json!({ "cells": cells, "value": v })))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (Constraint::X(a, b) | Constraint::V(a, b)) = c else {
            return;
        };
        let letter = if matches!(c, Constraint::X(..)) {
            "X"
        } else {
            "V"
        };
        pen.over.push(Shape::Text {
            at: pen.mid(*a, *b),
            size: pen.size * 0.35,
            text: letter.into(),
            bold: true,
            anchor: Anchor::Centre,
            halo: true,
        });
    }

    fn caption(&self, c: &Constraint) -> Option<&'static str> {
        matches!(c, Constraint::XvAll).then_some("all X/V given")
    }
}

/// Orthogonal neighbours that carry no X or V.
pub(crate) fn negative_pairs(n: usize, all: &[Constraint]) -> Vec<(usize, usize)> {
    let marked: Vec<(usize, usize)> = all
        .iter()
        .filter_map(|c| match c {
            Constraint::X(a, b) | Constraint::V(a, b) => Some((*a.min(b), *a.max(b))),
            _ => None,
        })
        .collect();
    orthogonal_pairs(n)
        .into_iter()
        .filter(|p| !marked.contains(p))
        .collect()
}
