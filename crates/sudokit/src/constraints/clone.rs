//! Clones: two groups of cells of the same shape hold the same digits in
//! the same places. Each pair of corresponding cells compiles to an
//! "equal" pair relation.

use super::family::{clue, Family};
use super::model::Model;
use super::prop::Relation;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::{Pen, Shape};

/// `clone: r1c1 r1c2 | r5c5 r5c6` (the cells of each copy in matching
/// order).
pub(crate) struct CloneRegion;

impl Family for CloneRegion {
    fn keys(&self) -> &'static [&'static str] {
        &["clone"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        let Some(bar) = toks.iter().position(|&(_, t)| t == "|") else {
            return err(0, "a clone is `cells | cells of the copy`");
        };
        let a = text::cells(&toks[..bar], n)?;
        let b = text::cells(&toks[bar + 1..], n)?;
        if a.is_empty() || a.len() != b.len() {
            return err(0, "a clone needs two groups of as many cells");
        }
        let k = a.len() as i64;
        Ok(Clue::constraint(
            &CloneRegion,
            vec![k],
            a.into_iter().chain(b).collect(),
        ))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let (a, b) = halves(c);
        format!("clone: {} | {}", text::names(a, n), text::names(b, n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        clue(c).map_or(Vec::new(), |k| k.cells.clone())
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        let (a, b) = halves(c);
        if a.is_empty() || a.len() != b.len() {
            return Err("a clone needs two groups of as many cells".into());
        }
        text::no_repeat(&self.cells(c, n), "a clone", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let (a, b) = halves(c);
        a.iter().zip(b).all(|(&x, &y)| values[x] == values[y])
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        let (a, b) = halves(c);
        for (&x, &y) in a.iter().zip(b) {
            m.pair(x, y, Relation::Equal);
        }
    }

    fn rule_text(&self, c: &Constraint, _n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (a, b) = halves(c);
        format!("the clone {} holds the digits of {}", names(b), names(a))
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["clone"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let a = super::family::fpuzzles_cells(entry.get("cells"))?;
        let b = super::family::fpuzzles_cells(entry.get("cloneCells"))?;
        let value = format!("{a} | {b}");
        Ok(vec![super::family::parse_fpuzzles(
            self, key, "clone", &value, n,
        )?])
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let (a, b) = halves(c);
        let rc = |xs: &[usize]| super::family::fpuzzles_names(xs, n);
        Some((
            "clone",
            serde_json::json!({ "cells": rc(a), "cloneCells": rc(b) }),
        ))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let size = pen.size;
        for cell in self.cells(c, pen.n) {
            pen.under.push(Shape::Rect {
                at: pen.corner(cell),
                w: size,
                h: size,
                fill: Some("#d7e8f7"),
                stroke: None,
            });
        }
    }
}

/// The two copies.
fn halves(c: &Constraint) -> (&[usize], &[usize]) {
    match clue(c) {
        Some(k) => {
            let h = (k.numbers.first().copied().unwrap_or(0).max(0) as usize).min(k.cells.len());
            k.cells.split_at(h)
        }
        None => (&[], &[]),
    }
}
