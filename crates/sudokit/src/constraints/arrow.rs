//! Arrows: the digits on the arrow sum to the number in the circle.
//!
//! A circle of several cells reads as a decimal number, first cell first
//! (as setters draw two- and three-cell "pills"). Propagation is by bounds:
//! the circle's range and the arrow's range must meet, and each digit must
//! leave the rest a value inside the other side's range. Once the search
//! knows the units, arrow cells sharing one take distinct digits and the
//! arrow's exact reachable totals meet the circle's values
//! (`kernels::diagonal::narrow`), for circles of one or two cells.

use super::family::Family;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::{Pen, Stroke};

/// Arrows: `arrow: r1c1 | r1c2 r1c3` (circle cells, a bar, arrow cells).
pub(crate) struct Arrow;

impl Family for Arrow {
    fn keys(&self) -> &'static [&'static str] {
        &["arrow"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        let Some(bar) = toks.iter().position(|&(_, t)| t == "|") else {
            return err(0, "an arrow is `circle cells | arrow cells`");
        };
        let circle = text::cells(&toks[..bar], n)?;
        let arrow = text::cells(&toks[bar + 1..], n)?;
        if circle.is_empty() || arrow.is_empty() {
            return err(0, "an arrow needs circle cells and arrow cells");
        }
        Ok(Constraint::Arrow { circle, arrow })
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        match c {
            Constraint::Arrow { circle, arrow } => format!(
                "arrow: {} | {}",
                text::names(circle, n),
                text::names(arrow, n)
            ),
            _ => String::new(),
        }
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Arrow { circle, arrow } => circle.iter().chain(arrow).copied().collect(),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        text::no_repeat(&self.cells(c, n), "an arrow", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        match c {
            Constraint::Arrow { circle, arrow } => satisfied(circle, arrow, &|c| values[c] as u32),
            _ => true,
        }
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        if let Constraint::Arrow { circle, arrow } = c {
            m.props.push(Prop::Arrow {
                circle: circle.clone(),
                arrow: arrow.clone(),
                ends: (1..=arrow.len()).collect(),
            });
        }
    }

    fn rule_text(&self, c: &Constraint, _n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        match c {
            Constraint::Arrow { circle, arrow } => format!(
                "the arrow {} sums to its circle {}",
                names(arrow),
                names(circle)
            ),
            _ => String::new(),
        }
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["arrow"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        // f-puzzles: every line from a circle sums to the circle on its own.
        let _ = key;
        let circle = super::fpuzzles_values::cells(entry.get("cells"), n)?;
        let lines = entry
            .get("lines")
            .and_then(serde_json::Value::as_array)
            .ok_or("expected lines")?;
        let mut out = Vec::new();
        for l in lines {
            let line = super::fpuzzles_values::cells(Some(l), n)?;
            let arrow: Vec<usize> = line.into_iter().filter(|c| !circle.contains(c)).collect();
            if !arrow.is_empty() {
                out.push(Constraint::Arrow {
                    circle: circle.clone(),
                    arrow,
                });
            }
        }
        Ok(out)
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let Constraint::Arrow { circle, arrow } = c else {
            return None;
        };
        // The line starts in the circle's last cell.
        let mut line = vec![circle[circle.len() - 1]];
        line.extend(arrow);
        let names = |xs: &[usize]| super::family::fpuzzles_names(xs, n);
        Some((
            "arrow",
            serde_json::json!({ "cells": names(circle), "lines": [names(&line)] }),
        ))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let Constraint::Arrow { circle, arrow } = c else {
            return;
        };
        let mut path = vec![*circle.last().unwrap()];
        path.extend(arrow);
        pen.line(&path, "#999", 2.0);
        for &cell in circle {
            let r = pen.size * 0.4;
            pen.disc(pen.centre(cell), r, "#fff", Some(Stroke::new("#999", 2.0)));
        }
        if let [.., a, b] = path[..] {
            pen.arrowhead(a, b, "#999", 2.0);
        }
    }
}

/// The circle's number from its digits.
pub(super) fn circle_value(circle: &[usize], v: &dyn Fn(usize) -> u32) -> u64 {
    circle.iter().fold(0u64, |acc, &c| acc * 10 + v(c) as u64)
}

pub(super) fn satisfied(circle: &[usize], arrow: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    circle_value(circle, v) == arrow.iter().map(|&c| v(c) as u64).sum::<u64>()
}
