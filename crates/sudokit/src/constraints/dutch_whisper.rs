//! Whispers with a difference of the setter's choice: neighbours on the
//! line differ by at least the line's difference (Dutch whispers: 4).
//! Each step of the line compiles to a pair relation with its own table.

use super::family::{clue, Family};
use super::model::Model;
use super::prop::Relation;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, err, TextError};
use crate::marks::Pen;

/// `dutch-whisper: r1c1 r1c2 …` (difference 4) or `dutch-whisper: 3 r1c1 …`.
pub(crate) struct DutchWhisper;

/// The difference of a Dutch whisper unless the directive names another.
const DUTCH: i64 = 4;

impl Family for DutchWhisper {
    fn keys(&self) -> &'static [&'static str] {
        &["dutch-whisper"]
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let toks = text::tokens(value);
        let (gap, rest) = match toks.first() {
            Some(&(at, t)) if t.starts_with(|c: char| c.is_ascii_digit()) => {
                (text::number(at, t)? as i64, &toks[1..])
            }
            _ => (DUTCH, &toks[..]),
        };
        let cells = text::cells(rest, n)?;
        if cells.len() < 2 {
            return err(value.len(), "a whisper line needs at least 2 cells");
        }
        Ok(Clue::constraint(&DutchWhisper, vec![gap], cells))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        let (gap, cells) = parts(c);
        format!("dutch-whisper: {gap} {}", text::names(cells, n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        parts(c).1.to_vec()
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        let (gap, cells) = parts(c);
        if !(1..n as i64).contains(&gap) {
            return Err(format!(
                "a whisper difference of {gap} does not fit digits 1 to {n}"
            ));
        }
        text::no_repeat(cells, "a line", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], _n: usize, _all: &[Constraint]) -> bool {
        let (gap, cells) = parts(c);
        cells
            .windows(2)
            .all(|w| i64::from(values[w[0]].abs_diff(values[w[1]])) >= gap)
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        let (gap, cells) = parts(c);
        let n = m.n as i64;
        let table = || {
            (1..=n)
                .map(|a| {
                    (1..=n)
                        .filter(|b| (a - b).abs() >= gap)
                        .fold(0u64, |t, b| t | 1 << (b - 1))
                })
                .collect()
        };
        for w in cells.windows(2) {
            m.pair_table(w[0], w[1], Relation::Family("dutch-whisper", gap), table);
        }
    }

    fn rule_text(&self, c: &Constraint, _n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        let (gap, cells) = parts(c);
        format!(
            "neighbours on the whisper line {} differ by at least {gap}",
            names(cells)
        )
    }

    /// f-puzzles writes a whisper line's difference as the entry's
    /// `value`; German whispers (5 on 9×9) have none.
    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &["whispers"]
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let Some(gap) = fpuzzles_gap(entry) else {
            return Ok(Vec::new()); // German whispers: read with the old families
        };
        let gap = gap.map_err(|v| format!("f-puzzles `{key}`: a difference of {v}"))?;
        let mut out = Vec::new();
        for cells in super::family::fpuzzles_lines(key, entry, n)? {
            for piece in super::fpuzzles_values::split_at_repeats(cells) {
                let c = Clue::constraint(&DutchWhisper, vec![gap], piece);
                super::family::checked(self, &c, n)
                    .map_err(|e| format!("f-puzzles `{key}`: {e}"))?;
                out.push(c);
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
        let (gap, cells) = parts(c);
        let rc = super::family::fpuzzles_names(cells, n);
        Some((
            "whispers",
            serde_json::json!({ "lines": [rc], "value": gap.to_string() }),
        ))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        pen.line(parts(c).1, "#f4a340", pen.size * 0.2);
    }
}

/// The difference and the cells.
fn parts(c: &Constraint) -> (i64, &[usize]) {
    match clue(c) {
        Some(k) => (k.numbers.first().copied().unwrap_or(DUTCH), &k.cells),
        None => (DUTCH, &[]),
    }
}

/// The difference an f-puzzles whispers entry names: `None` when it names
/// none (German whispers), `Err` with the text when it is not a number.
#[cfg(feature = "serde")]
pub(crate) fn fpuzzles_gap(entry: &serde_json::Value) -> Option<Result<i64, String>> {
    let v = entry.get("value").filter(|v| match v {
        serde_json::Value::Null => false,
        serde_json::Value::String(s) => !s.trim().is_empty(),
        _ => true,
    })?;
    Some(
        super::fpuzzles_values::as_number(v)
            .map(i64::from)
            .ok_or_else(|| v.to_string()),
    )
}
