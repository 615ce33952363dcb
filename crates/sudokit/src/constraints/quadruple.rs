//! Quadruples: a circle on the corner of four cells lists digits (up to
//! four, repeats allowed) that appear among those cells. Propagation by
//! enumeration of the four cells ([`super::family::enumerate`]).

use super::family::{clue, enumerate, holds, Family};
use super::mask::Narrowed;
use super::model::Model;
use super::prop::Prop;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::{Pen, Shape, Stroke};

/// `quadruple: r1c1 1 2 3`: the 2×2 block whose top-left cell is r1c1
/// holds 1, 2 and 3.
pub(crate) struct Quadruple;

impl Family for Quadruple {
    fn keys(&self) -> &'static [&'static str] {
        &["quadruple"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        let Some(&(at, first)) = toks.first() else {
            return err(
                0,
                "expected `quadruple: CELL DIGITS` (the block's top-left cell)",
            );
        };
        let tl = text::cell(at, first, n)?;
        if tl / n + 1 >= n || tl % n + 1 >= n {
            return err(
                at,
                format!("{first} has no 2×2 block below and right of it"),
            );
        }
        let digits = toks[1..]
            .iter()
            .map(|&(at, t)| text::number(at, t).map(i64::from))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Clue::constraint(
            &Quadruple,
            digits,
            vec![tl, tl + 1, tl + n, tl + n + 1],
        ))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let (digits, cells) = parts(c);
        let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
        format!(
            "quadruple: {} {}",
            text::name(cells.first().copied().unwrap_or(0), n),
            ds.join(" ")
        )
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        parts(c).1.to_vec()
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        let (digits, cells) = parts(c);
        if digits.is_empty() || digits.len() > 4 {
            return Err("a quadruple lists one to four digits".into());
        }
        if let Some(d) = digits.iter().find(|&&d| !(1..=n as i64).contains(&d)) {
            return Err(format!("a quadruple digit {d} is not a digit of 1 to {n}"));
        }
        let tl = cells.first().copied().unwrap_or(usize::MAX);
        if cells.len() != 4
            || tl / n + 1 >= n
            || tl % n + 1 >= n
            || cells != [tl, tl + 1, tl + n, tl + n + 1]
        {
            return Err("a quadruple covers a 2×2 block".into());
        }
        Ok(())
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let (digits, cells) = parts(c);
        holds(values, cells, &|v| ok(digits, v))
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props
            .push(Prop::Family(c.clone(), self.cells(c, m.n), |c, cand, n| {
                Quadruple.propagate(c, cand, n)
            }));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], _n: usize) -> Narrowed {
        let (digits, cells) = parts(c);
        enumerate(cand, cells, &|v| ok(digits, v))
    }

    fn rule_text(&self, c: &Constraint, _n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (digits, cells) = parts(c);
        let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
        format!("the quadruple on {} holds {}", names(cells), ds.join(", "))
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["quadruple"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let cells = super::family::fpuzzles_cells(entry.get("cells"))?;
        // The block's top-left cell is the first in reading order.
        let first = cells
            .split_whitespace()
            .min_by_key(|c| {
                let (r, k) = c
                    .trim_start_matches('r')
                    .split_once('c')
                    .unwrap_or(("", ""));
                (
                    r.parse::<usize>().unwrap_or(0),
                    k.parse::<usize>().unwrap_or(0),
                )
            })
            .unwrap_or_default()
            .to_string();
        let digits: Vec<String> = entry
            .get("values")
            .and_then(serde_json::Value::as_array)
            .map(|v| {
                v.iter()
                    .map(|d| d.to_string().trim_matches('"').to_string())
                    .collect()
            })
            .unwrap_or_default();
        let value = format!("{first} {}", digits.join(" "));
        Ok(vec![super::family::parse_fpuzzles(
            self,
            key,
            "quadruple",
            &value,
            n,
        )?])
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let (digits, cells) = parts(c);
        let rc = super::family::fpuzzles_names(cells, n);
        Some((
            "quadruple",
            serde_json::json!({ "cells": rc, "values": digits }),
        ))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (digits, cells) = parts(c);
        let Some(&br) = cells.get(3) else { return };
        let at = pen.corner(br);
        let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
        pen.over.push(Shape::Circle {
            at,
            r: pen.size * 0.28,
            fill: Some("#fff"),
            stroke: Some(Stroke::new("#000", 1.0)),
        });
        pen.label(at, pen.size * 0.16, ds.join(" "));
    }
}

/// The digits the block must hold and its four cells.
fn parts(c: &Constraint) -> (&[i64], &[usize]) {
    clue(c).map_or((&[], &[]), |k| (&k.numbers, &k.cells))
}

/// Whether the digits `v` placed so far can still hold every listed digit
/// (each as often as it is listed) in the cells left.
fn ok(digits: &[i64], v: &[u32]) -> bool {
    let mut missing = 0;
    let mut counted: Vec<i64> = Vec::new();
    for &d in digits {
        if counted.contains(&d) {
            continue;
        }
        counted.push(d);
        let need = digits.iter().filter(|&&x| x == d).count();
        let have = v.iter().filter(|&&x| i64::from(x) == d).count();
        missing += need.saturating_sub(have);
    }
    missing <= 4usize.saturating_sub(v.len())
}
