//! Region sum lines: where a line crosses from one region (box) into
//! another it is cut into segments, and every segment has the same sum.
//!
//! The clue keeps its segments (their lengths, the cells in line order),
//! so the rule needs no board: the readers cut the line by the board's
//! regions (jigsaw ones included) when they read it. Propagation: the
//! sums each segment can still make, intersected over the segments, then
//! each digit kept where its segment can still make a common sum with it.

use super::family::{clue, Family};
use super::mask::{Narrowed, Wipeout};
use super::model::Model;
use super::prop::Prop;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::geometry::BoxShape;
use crate::marks::Pen;

/// `region-sum: r1c1 r1c2 | r1c3 r2c3` (segments split by `|`), or the
/// line alone, cut by the usual boxes of the board's size.
pub(crate) struct RegionSum;

impl Family for RegionSum {
    fn keys(&self) -> &'static [&'static str] {
        &["region-sum"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        let mut lengths = Vec::new();
        let mut cells = Vec::new();
        for piece in toks.split(|&(_, t)| t == "|") {
            if piece.is_empty() {
                return err(0, "a region sum line has an empty segment");
            }
            cells.extend(text::cells(piece, n)?);
            lengths.push(piece.len() as i64);
        }
        if cells.len() < 2 {
            return err(value.len(), "a region sum line needs at least 2 cells");
        }
        if lengths.len() == 1 {
            // No segments given: the usual boxes of an N×N board.
            let shape = BoxShape::for_side(n).unwrap_or(BoxShape::new(1, n.max(1)));
            lengths = cut(&cells, &|c| box_of(c, n, shape));
        }
        Ok(Clue::constraint(&RegionSum, lengths, cells))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let parts: Vec<String> = segments(c).iter().map(|s| text::names(s, n)).collect();
        format!("region-sum: {}", parts.join(" | "))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        clue(c).map_or(Vec::new(), |k| k.cells.clone())
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        let Some(k) = clue(c) else {
            return Ok(());
        };
        if k.numbers.iter().any(|&l| l < 1) || k.numbers.iter().sum::<i64>() != k.cells.len() as i64
        {
            return Err("a region sum line's segments must cover its cells".into());
        }
        text::no_repeat(&k.cells, "a region sum line", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let sums: Vec<u32> = segments(c)
            .iter()
            .map(|s| s.iter().map(|&x| u32::from(values[x])).sum())
            .collect();
        sums.windows(2).all(|w| w[0] == w[1])
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        if segments(c).len() > 1 {
            m.props
                .push(Prop::Family(c.clone(), self.cells(c, m.n), |c, cand, n| {
                    RegionSum.propagate(c, cand, n)
                }));
        }
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], n: usize) -> Narrowed {
        let segs = segments(c);
        let top = n * (n + 1) / 2;
        // The sums every segment can make. Digits are not taken to differ
        // within a segment: its cells' region says so to the solver, and a
        // clue read from text may cut its segments elsewhere.
        let mut common = vec![true; top + 1];
        for s in &segs {
            let sums = prefix_sums(cand, s, top);
            for (k, ok) in common.iter_mut().zip(&sums[s.len()]) {
                *k &= ok;
            }
        }
        if !common.contains(&true) {
            return Err(Wipeout);
        }
        let mut changed = false;
        for s in &segs {
            // A digit stays where the sums before it, it and the sums after
            // it can make a common total.
            let before = prefix_sums(cand, s, top);
            let rev: Vec<usize> = s.iter().rev().copied().collect();
            let after = prefix_sums(cand, &rev, top);
            for (i, &cell) in s.iter().enumerate() {
                let around = add(&before[i], &after[s.len() - 1 - i], top);
                let mut keep = 0u64;
                for d in super::mask::digits(cand[cell]).map(|d| d as usize) {
                    if (d..=top).any(|t| common[t] && around[t - d]) {
                        keep |= super::mask::bit(d as u32);
                    }
                }
                changed |= super::mask::restrict(cand, cell, keep)?;
            }
        }
        Ok(changed)
    }

    fn rule_text(&self, c: &Constraint, _n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        // Each segment bracketed: a list of lists reads ambiguously.
        let parts: Vec<String> = segments(c)
            .iter()
            .map(|s| format!("[{}]", names(s)))
            .collect();
        format!(
            "the region sum line's segments {} have the same sum",
            parts.join(" ")
        )
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["regionsumline"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let mut out = Vec::new();
        for cells in super::family::fpuzzles_lines(key, entry, n)? {
            let lengths = cut(&cells, &|c| region_of(geo, c));
            let c = Clue::constraint(&RegionSum, lengths, cells);
            super::family::checked(self, &c, n).map_err(|e| format!("f-puzzles `{key}`: {e}"))?;
            out.push(c);
        }
        Ok(out)
    }

    /// f-puzzles keeps the line alone and cuts it by the board's regions:
    /// a line whose segments are cut elsewhere has no f-puzzles form.
    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let k = clue(c)?;
        if cut(&k.cells, &|x| region_of(geo, x)) != k.numbers {
            return None;
        }
        let rc = super::family::fpuzzles_names(&k.cells, n);
        Some(("regionsumline", serde_json::json!({ "lines": [rc] })))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        pen.line(&self.cells(c, pen.n), "#4a90e2", pen.size * 0.18);
    }
}

/// The segments: the line's cells cut at the clue's lengths.
fn segments(c: &Constraint) -> Vec<&[usize]> {
    let Some(k) = clue(c) else {
        return Vec::new();
    };
    let mut rest = k.cells.as_slice();
    let mut out = Vec::new();
    for &l in &k.numbers {
        let (a, b) = rest.split_at((l.max(0) as usize).min(rest.len()));
        out.push(a);
        rest = b;
    }
    out
}

/// The lengths of the runs of `cells` in one region.
fn cut(cells: &[usize], region: &dyn Fn(usize) -> usize) -> Vec<i64> {
    let mut lengths: Vec<i64> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 && region(c) == region(cells[i - 1]) {
            *lengths.last_mut().expect("a run is open") += 1;
        } else {
            lengths.push(1);
        }
    }
    lengths
}

fn box_of(c: usize, n: usize, shape: BoxShape) -> usize {
    let (r, col) = (c / n, c % n);
    (r / shape.rows) * (n / shape.cols) + col / shape.cols
}

/// The region (jigsaw piece or box) of cell `c`.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
fn region_of(geo: &crate::geometry::Geometry, c: usize) -> usize {
    match geo.jigsaw_regions() {
        Some(r) => usize::from(r[c]),
        None => box_of(c, geo.n(), geo.box_shape()),
    }
}

/// `out[i][t]`: whether the first `i` of `cells` can sum to `t` (0 to
/// `top`) within `cand`.
fn prefix_sums(cand: &[u64], cells: &[usize], top: usize) -> Vec<Vec<bool>> {
    let mut out = vec![vec![false; top + 1]];
    out[0][0] = true;
    for &c in cells {
        let last = out.last().expect("starts with the empty prefix");
        let mut next = vec![false; top + 1];
        for d in super::mask::digits(cand[c]).map(|d| d as usize) {
            for t in 0..=top.saturating_sub(d) {
                next[t + d] |= last[t];
            }
        }
        out.push(next);
    }
    out
}

/// The sums `a + b` of a sum in `x` and one in `y`, up to `top`.
fn add(x: &[bool], y: &[bool], top: usize) -> Vec<bool> {
    let mut out = vec![false; top + 1];
    for (a, _) in x.iter().enumerate().filter(|(_, &k)| k) {
        for (b, _) in y.iter().enumerate().take(top + 1 - a).filter(|(_, &k)| k) {
            out[a + b] = true;
        }
    }
    out
}
