//! Extra regions and "no repeats" groups (cages without a sum, renban
//! lines): a placed digit leaves the group's other cells; a region of N
//! cells is a full unit, so a digit with one place left goes there.

use super::family::Family;
use super::mask::bit;
use super::model::Model;
use super::prop::Prop;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::{Pen, Shape};

/// Extra regions: `region: r1c1 r2c2 r3c3 …`.
pub(crate) struct Region;

impl Family for Region {
    fn keys(&self) -> &'static [&'static str] {
        &["region"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(Constraint::Region(text::need_cells(
            value, n, 1, "a region",
        )?))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("region: {}", text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        match c {
            Constraint::Region(cells) => cells.clone(),
            _ => Vec::new(),
        }
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        text::no_repeat(&self.cells(c, n), "a region", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        satisfied(&self.cells(c, n), &|c| values[c] as u32)
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        let cells = self.cells(c, m.n);
        if cells.len() == m.n {
            m.props.push(Prop::Unit(cells));
        } else {
            m.props.push(Prop::Distinct(cells));
        }
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        format!(
            "the extra region {} holds no digit twice",
            names(&self.cells(c, n))
        )
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["extraregion"]
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
        Ok(vec![Constraint::Region(super::fpuzzles_values::cells(
            entry.get("cells"),
            n,
        )?)])
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let Constraint::Region(cells) = c else {
            return None;
        };
        let cells = super::family::fpuzzles_names(cells, n);
        Some(("extraregion", serde_json::json!({ "cells": cells })))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let size = pen.size;
        for cell in self.cells(c, pen.n) {
            pen.under.push(Shape::Rect {
                at: pen.corner(cell),
                w: size,
                h: size,
                fill: Some("#fdf1c7"),
                stroke: None,
            });
        }
    }
}

pub(super) fn satisfied(cells: &[usize], v: &dyn Fn(usize) -> u32) -> bool {
    let mut seen = 0u64;
    cells.iter().all(|&c| {
        let b = bit(v(c));
        let fresh = seen & b == 0;
        seen |= b;
        fresh
    })
}
