//! Killer cages (and sums along little-killer diagonals, which allow repeats).
//!
//! A cage with a sum keeps, in each cell, only the digits that belong to
//! some combination of distinct digits with the cage's size and sum that
//! every cell of the cage can take part in. Enumerating combinations (at
//! most 126 on 9×9) is cheaper and stronger than bounds; on large boards,
//! where the combinations explode, the enumeration stops at a budget and
//! bounds reasoning takes over.

use super::family::Family;
use super::mask::bit;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::{Anchor, Pen, Shape, Stroke};

/// Killer cages: `cage: 15 r1c1 r1c2` (the sum may be left out).
pub(crate) struct Killer;

impl Family for Killer {
    fn keys(&self) -> &'static [&'static str] {
        &["cage", "killer"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        let (sum, rest) = match toks.first() {
            Some(&(at, t)) if t.starts_with(|c: char| c.is_ascii_digit()) => {
                (Some(text::number(at, t)?), &toks[1..])
            }
            _ => (None, &toks[..]),
        };
        let cs = text::cells(rest, n)?;
        if cs.is_empty() {
            return err(value.len(), "a cage needs cells");
        }
        Ok(Constraint::Cage { sum, cells: cs })
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        match c {
            Constraint::Cage {
                sum: Some(s),
                cells,
            } => format!("cage: {s} {}", text::names(cells, n)),
            Constraint::Cage { sum: None, cells } => format!("cage: {}", text::names(cells, n)),
            _ => String::new(),
        }
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Cage { cells, .. } => cells.clone(),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        text::no_repeat(&self.cells(c, n), "a cage", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        match c {
            Constraint::Cage { sum, cells } => satisfied(*sum, cells, &|c| values[c] as u32),
            _ => true,
        }
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        match c {
            Constraint::Cage {
                sum: Some(s),
                cells,
            } => m.props.push(Prop::Sum {
                cells: cells.clone(),
                sum: *s,
                distinct: true,
            }),
            Constraint::Cage { sum: None, cells } => m.props.push(Prop::Distinct(cells.clone())),
            _ => {}
        }
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        match c {
            Constraint::Cage {
                sum: Some(s),
                cells,
            } => {
                format!("the cage {} sums to {s}", names(cells))
            }
            _ => format!("the cage {} holds no digit twice", names(&self.cells(c, n))),
        }
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["killercage"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        // A label that is no sum is reported by the importer; the cage
        // stays, without a sum.
        let _ = key;
        let sum = entry
            .get("value")
            .and_then(super::fpuzzles_values::as_number);
        let cells = super::fpuzzles_values::cells(entry.get("cells"), n)?;
        Ok(vec![Constraint::Cage { sum, cells }])
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let Constraint::Cage { sum, cells } = c else {
            return None;
        };
        let mut e = serde_json::json!({ "cells": super::family::fpuzzles_names(cells, n) });
        if let Some(s) = sum {
            e["value"] = serde_json::json!(s.to_string());
        }
        Some(("killercage", e))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let Constraint::Cage { sum, cells } = c else {
            return;
        };
        let (n, size) = (pen.n, pen.size);
        // Dashed lines, inset, along every side whose neighbour is outside
        // the cage. Each line runs on to meet the next one: to the cell's
        // edge where the next cell along continues the same side, a
        // further `inset` round an inner corner, so the outline is closed
        // and never crosses into another cage.
        let inset = size * 0.08;
        let h = size / 2.0;
        let inside = |r: i64, c: i64| {
            r >= 0
                && c >= 0
                && (r as usize) < n
                && (c as usize) < n
                && cells.contains(&(r as usize * n + c as usize))
        };
        for &cell in cells {
            let (r, col) = ((cell / n) as i64, (cell % n) as i64);
            let (cx, cy) = pen.centre(cell);
            let mut segments = Vec::new();
            // (dr, dc): towards the neighbour across the side.
            for (dr, dc) in [(-1i64, 0i64), (0, 1), (1, 0), (0, -1)] {
                if inside(r + dr, col + dc) {
                    continue;
                }
                // Along the side, and how far each end reaches.
                let (tr, tc) = (dc, -dr);
                let reach = |s: i64| {
                    let (r2, c2) = (r + s * tr, col + s * tc);
                    if !inside(r2, c2) {
                        h - inset
                    } else if !inside(r2 + dr, c2 + dc) {
                        h
                    } else {
                        h + inset
                    }
                };
                let (bx, by) = (cx + dc as f64 * (h - inset), cy + dr as f64 * (h - inset));
                let (p, q) = (reach(-1), reach(1));
                segments.push([
                    (bx - tc as f64 * p, by - tr as f64 * p),
                    (bx + tc as f64 * q, by + tr as f64 * q),
                ]);
            }
            if !segments.is_empty() {
                pen.over.push(Shape::Segments {
                    segments,
                    stroke: Stroke::new("#000", 1.0),
                    dash: Some((3.0, 2.0)),
                    class: None,
                });
            }
        }
        if let Some(s) = sum {
            let first = *cells.iter().min().unwrap();
            let (x, y) = pen.corner(first);
            // In the corner, on a white halo that breaks the dashed line
            // under it; large enough to read on a phone (about 11 px in a
            // 42 px cell).
            pen.over.push(Shape::Text {
                at: (x + size * 0.06, y + size * 0.28),
                size: size * 0.26,
                text: s.to_string(),
                bold: false,
                anchor: Anchor::Start,
                halo: true,
            });
        }
    }
}

pub(super) fn satisfied(sum: Option<u32>, cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    let mut seen = 0u64;
    for &c in cells {
        if seen & bit(v(c)) != 0 {
            return false;
        }
        seen |= bit(v(c));
    }
    sum.map_or(true, |s| cells.iter().map(|&c| v(c)).sum::<u32>() == s)
}
