//! How f-puzzles writes values in its JSON: cells (`"R1C1"`), numbers
//! (a JSON number or a string of digits) and lines. Shared by the family
//! files, which read their own f-puzzles keys, and by the f-puzzles reader
//! in `format`, which reads the grid and hands each key to its family.

use serde_json::Value;

/// A number written as a JSON number or a string of digits.
pub(crate) fn as_number(v: &Value) -> Option<u32> {
    match v {
        Value::String(s) => s.trim().parse().ok(),
        Value::Number(x) => x.as_u64().and_then(|x| u32::try_from(x).ok()),
        _ => None,
    }
}

/// An f-puzzles cell on the board (`"R1C1"`) as `row * n + column`.
pub(crate) fn cell(s: &Value, n: usize) -> Result<usize, String> {
    let s = s.as_str().ok_or("a cell is a string such as \"R1C1\"")?;
    let (r, c) = rc(s)?;
    if !(1..=n as i64).contains(&r) || !(1..=n as i64).contains(&c) {
        return Err(format!("cell {s} is off the board"));
    }
    Ok((r as usize - 1) * n + c as usize - 1)
}

/// A list of f-puzzles cells on the board.
pub(crate) fn cells(v: Option<&Value>, n: usize) -> Result<Vec<usize>, String> {
    v.and_then(Value::as_array)
        .ok_or("expected a list of cells")?
        .iter()
        .map(|s| cell(s, n))
        .collect()
}

/// `R3C5` → (3, 5); rows and columns may be 0 or N + 1 outside the grid.
pub(crate) fn rc(s: &str) -> Result<(i64, i64), String> {
    let u = s.to_ascii_uppercase();
    let parsed = u.strip_prefix('R').and_then(|rest| {
        let (r, c) = rest.split_once('C')?;
        Some((r.parse().ok()?, c.parse().ok()?))
    });
    parsed.ok_or_else(|| format!("expected a cell such as R1C1, found {s:?}"))
}

/// A line cut where it would pass a cell it already passed: consecutive
/// pieces share their end cell, so every neighbouring pair of the line is
/// in exactly one piece. Right for rules on neighbouring pairs (whispers),
/// whose lines f-puzzles lets a setter draw back through a cell.
pub(crate) fn split_at_repeats(line: Vec<usize>) -> Vec<Vec<usize>> {
    let mut pieces = vec![];
    let mut piece: Vec<usize> = vec![];
    for c in line {
        if piece.contains(&c) {
            let last = *piece.last().expect("a repeat follows a cell");
            pieces.push(std::mem::replace(&mut piece, vec![last]));
        }
        piece.push(c);
    }
    pieces.push(piece);
    pieces
}
