//! Lines kept as their own [`Constraint`] variant (thermometers, renban,
//! between lines, palindromes, German whispers), compiled into the model's
//! own shapes: a line propagator or pairs.
//! A family of this kind states only what differs ([`ShapedLine`]: its
//! key, its variant and shape, the test on the line's digits, its sentence
//! and drawing); reading, writing and the shape checks are shared here
//! ([`Shaped`]).

use std::marker::PhantomData;

use super::family::Family;
use super::model::Model;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::Pen;

/// What a shaped-line family states: see the module docs.
pub(crate) trait ShapedLine: Sync + Send + 'static {
    /// The directive key (`thermo`).
    const KEY: &'static str;
    /// The line in messages: "a thermometer".
    const WHAT: &'static str;
    /// The fewest cells a line takes.
    const MIN_CELLS: usize;
    /// The f-puzzles key (`thermometer`), whose entries hold `lines`; read
    /// and written with the serde feature.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    const FPUZZLES_KEY: &'static str;

    /// The constraint of this family on `cells`.
    fn constraint(cells: Vec<usize>) -> Constraint;

    /// The line's cells, when `c` is of this family.
    fn line(c: &Constraint) -> Option<&[usize]>;

    /// Adds the line's propagators to `m`.
    fn compile(cells: Vec<usize>, m: &mut Model);

    /// Whether the digits of the line, in order, obey the rule on an N×N
    /// board.
    fn holds(line: &[u32], n: usize) -> bool;

    /// The rule in words for the line named `line` on an N×N board.
    fn rule_text(line: &str, n: usize) -> String;

    /// Whether this family reads f-puzzles entry `entry` of its key (f-puzzles
    /// keeps Dutch whispers under the German whispers' key).
    #[cfg(feature = "serde")]
    fn reads_fpuzzles_entry(_entry: &serde_json::Value) -> bool {
        true
    }

    /// The rules an f-puzzles line stands for: itself, or pieces of it
    /// (whispers drawn back through a cell).
    #[cfg(feature = "serde")]
    fn fpuzzles_pieces(line: Vec<usize>) -> Vec<Vec<usize>> {
        vec![line]
    }

    /// Draws the line.
    fn draw(cells: &[usize], pen: &mut Pen);
}

/// The family of a [`ShapedLine`].
pub(crate) struct Shaped<R>(PhantomData<R>);

impl<R> Shaped<R> {
    /// The one value, for the registry.
    pub(crate) const FAMILY: Self = Shaped(PhantomData);
}

impl<R: ShapedLine> Family for Shaped<R> {
    fn keys(&self) -> &'static [&'static str] {
        std::slice::from_ref(&R::KEY)
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        Ok(R::constraint(text::need_cells(
            value,
            n,
            R::MIN_CELLS,
            R::WHAT,
        )?))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("{}: {}", R::KEY, text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        R::line(c).map_or(Vec::new(), <[usize]>::to_vec)
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        text::no_repeat(&self.cells(c, n), "a line", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let line: Vec<u32> = R::line(c)
            .unwrap_or_default()
            .iter()
            .map(|&c| u32::from(values[c]))
            .collect();
        R::holds(&line, n)
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        R::compile(self.cells(c, m.n), m);
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        R::rule_text(&names(&self.cells(c, n)), n)
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        if let Some(cells) = R::line(c).filter(|l| !l.is_empty()) {
            R::draw(cells, pen);
        }
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        std::slice::from_ref(&R::FPUZZLES_KEY)
    }

    /// Every line of the entry (or piece of one) is a rule of its own.
    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        if !R::reads_fpuzzles_entry(entry) {
            return Ok(Vec::new());
        }
        let lines = super::family::fpuzzles_lines(key, entry, geo.n())?;
        Ok(lines
            .into_iter()
            .flat_map(R::fpuzzles_pieces)
            .map(R::constraint)
            .collect())
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let cells = super::family::fpuzzles_names(R::line(c)?, geo.n());
        Some((R::FPUZZLES_KEY, serde_json::json!({ "lines": [cells] })))
    }
}
