//! Cells: one character each (`1-9`, `A-Z`/`a-z`, blanks) or numbers.

use super::errors::ParseErrorKind;
use crate::bits::MAX_DIGITS;

/// How one-character cells are numbered.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum DigitStyle {
    /// `1-9` then `A-Z` (or `a-z`) for 10-35; `.`, `0`, `_`, `*`, `X` empty.
    /// On a 16×16 board a `0` that may be a digit is reported (see the module docs).
    #[default]
    Auto,
    /// 16×16 boards written `0`-`F`: `0` is digit 1, `F` digit 16; `.` empty.
    ZeroToF,
    /// `0` is always empty and `G` is 16, even where `0`-`F` would fit.
    OneToG,
}

impl std::str::FromStr for DigitStyle {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "auto" => DigitStyle::Auto,
            "0-f" | "0f" | "hex" => DigitStyle::ZeroToF,
            "1-g" | "1g" | "1-9a-z" => DigitStyle::OneToG,
            _ => return Err(format!("unknown digit style {s:?} (auto, 0-f, 1-g)")),
        })
    }
}

/// An `X`: empty on boards of fewer than 33 digits (Simple Sudoku), else 33.
pub(super) const X_MARK: u16 = u16::MAX;
/// A `0` read in [`DigitStyle::Auto`]: empty, unless the board says otherwise.
pub(super) const ZERO_MARK: u16 = u16::MAX - 1;

/// One cell as read: its value and its source column.
pub(super) type Cells = Vec<(u16, u32)>;

/// Value of one compact character: `Some(0)` for a blank, `None` if not a cell.
pub(super) fn char_value(ch: char, style: DigitStyle) -> Option<u16> {
    if style == DigitStyle::ZeroToF {
        return match ch {
            '.' | '_' | '*' => Some(0),
            '0'..='9' => Some(ch as u16 - '0' as u16 + 1),
            'A'..='F' => Some(ch as u16 - 'A' as u16 + 11),
            'a'..='f' => Some(ch as u16 - 'a' as u16 + 11),
            _ => None,
        };
    }
    match ch {
        '0' if style == DigitStyle::Auto => Some(ZERO_MARK),
        'X' => Some(X_MARK),
        '.' | '0' | '_' | '*' => Some(0),
        '1'..='9' => Some(ch as u16 - '0' as u16),
        'A'..='Z' => Some(ch as u16 - 'A' as u16 + 10),
        'a'..='z' => Some(ch as u16 - 'a' as u16 + 10),
        _ => None,
    }
}

/// Decodes a compact token; columns are 1-based and include `offset`.
pub(super) fn compact_cells(
    token: &str,
    offset: usize,
    n: usize,
    style: DigitStyle,
) -> Result<Cells, (usize, ParseErrorKind)> {
    let mut out = Vec::with_capacity(token.len());
    for (i, ch) in token.chars().enumerate() {
        let col = offset + i + 1;
        // Not `ok_or`: building (and dropping) the error for every good
        // character cost ~800 instructions an 81-character line.
        let Some(v) = char_value(ch, style) else {
            return Err((col, ParseErrorKind::BadCharacter { ch }));
        };
        if v as usize > n && v < ZERO_MARK {
            // A lower-case letter where digits stop at 9 is most likely text.
            if ch.is_ascii_lowercase() {
                return Err((col, ParseErrorKind::BadCharacter { ch }));
            }
            return Err((
                col,
                ParseErrorKind::DigitOutOfRange {
                    value: v.to_string(),
                    n,
                },
            ));
        }
        out.push((v, col as u32));
    }
    Ok(out)
}

/// Decodes whitespace-separated numbers (`0`, `.`, `_` or `-` for blank).
pub(super) fn numeric_cells(
    body: &str,
    offset: usize,
    n: usize,
) -> Result<Cells, (usize, ParseErrorKind)> {
    let mut out = Vec::new();
    for (start, tok) in tokens_with_columns(body) {
        let col = offset + start + 1;
        out.push((numeric_value(tok, col, n)?, col as u32));
    }
    Ok(out)
}

pub(super) fn numeric_value(
    tok: &str,
    col: usize,
    n: usize,
) -> Result<u16, (usize, ParseErrorKind)> {
    if matches!(tok, "." | "_" | "-" | "*") {
        return Ok(0);
    }
    if let Some((i, ch)) = tok.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err((col + i, ParseErrorKind::BadCharacter { ch }));
    }
    let v: u64 = tok.parse().unwrap_or(u64::MAX);
    if v > n as u64 || v > u16::MAX as u64 {
        let value = if tok.len() > 24 {
            format!("{}…", &tok[..24])
        } else {
            tok.to_string()
        };
        return Err((col, ParseErrorKind::DigitOutOfRange { value, n }));
    }
    Ok(v as u16)
}

/// Tokens split on whitespace, with their 0-based character column.
pub(super) fn tokens_with_columns(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte start, char column)
    for (col, (b, ch)) in s.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((bs, cs)) = start.take() {
                out.push((cs, &s[bs..b]));
            }
        } else if start.is_none() {
            start = Some((b, col));
        }
    }
    if let Some((bs, cs)) = start {
        out.push((cs, &s[bs..]));
    }
    out.into_iter()
}

/// The cells of one grid row, ignoring `|` and `+` separators. Chooses between
/// one-character cells and numbers: numbers when a token is longer than one
/// character and reads as a number without leading zero (or when that gives
/// exactly `n` cells).
pub(super) fn row_cells(
    line: &str,
    n: Option<usize>,
    style: DigitStyle,
) -> Result<Cells, (usize, ParseErrorKind)> {
    // Separators become spaces so that columns stay right.
    let cleaned: String = line
        .chars()
        .map(|c| if c == '|' || c == '+' { ' ' } else { c })
        .collect();
    let body = cleaned.split('#').next().unwrap_or("");
    let toks: Vec<(usize, &str)> = tokens_with_columns(body).collect();
    let compact_count: usize = toks.iter().map(|(_, t)| t.chars().count()).sum();
    let numeric_ok = toks.iter().all(|(_, t)| {
        matches!(*t, "." | "_" | "-" | "*")
            || (t.chars().all(|c| c.is_ascii_digit()) && (t.len() == 1 || !t.starts_with('0')))
    });
    let use_numbers = match n {
        // N separate numbers: `0` is a blank there, never the digit 0.
        Some(n) if toks.len() == n && (compact_count != n || numeric_ok) => true,
        Some(n) if compact_count == n => false,
        _ => numeric_ok && toks.len() > 1 && toks.iter().any(|(_, t)| t.len() > 1),
    };
    // With the board known, a digit above its N is reported against N.
    let top = n.unwrap_or(MAX_DIGITS);
    let mut out = Vec::new();
    for (start, tok) in toks {
        if use_numbers {
            out.push((numeric_value(tok, start + 1, top)?, start as u32 + 1));
        } else {
            out.extend(compact_cells(tok, start, top, style)?);
        }
    }
    Ok(out)
}

/// Cells in the first complete `|`-delimited segment of a row.
pub(super) fn segment_width(line: &str, style: DigitStyle) -> Option<usize> {
    let parts: Vec<&str> = line.split('|').collect();
    // Skip an empty leading part (row starting with `|`).
    let seg = parts
        .iter()
        .skip(1)
        .find(|p| !p.trim().is_empty())
        .or(parts.first())?;
    let cells = row_cells(seg, None, style).ok()?;
    (!cells.is_empty()).then_some(cells.len())
}

/// Replaces the `X` and `0` marks by values once N is known. `Ok(note)` names
/// the reading taken when a 16×16 board could be read two ways; `Err` asks
/// for the option when `0` must be a digit.
pub(super) fn resolve_marks(values: &mut [u16], n: usize) -> Result<Option<String>, String> {
    let zeros = values.iter().filter(|&&v| v == ZERO_MARK).count();
    if n == 16 && zeros > 0 && !values.contains(&16) {
        let blanks = values.iter().filter(|&&v| v == 0 || v == X_MARK).count();
        if blanks > 0 || zeros == 16 {
            return Err(format!(
                "`0` and digits up to F on a 16×16 board: if the digits are 0-F, \
                 pass `--digits 0-f` (or a `digits: 0-f` line); if `0` is empty, `--digits 1-g`{}",
                if blanks > 0 {
                    " (here `0` cannot be empty: `.` is)"
                } else {
                    ""
                }
            ));
        }
        for v in values.iter_mut() {
            if *v == ZERO_MARK {
                *v = 0;
            } else if *v == X_MARK {
                *v = if n >= 33 { 33 } else { 0 };
            }
        }
        return Ok(Some(
            "read `0` as an empty cell (digits 1-G); use `digits: 0-f` if it is a digit".into(),
        ));
    }
    for v in values.iter_mut() {
        if *v == ZERO_MARK {
            *v = 0;
        } else if *v == X_MARK {
            *v = if n >= 33 { 33 } else { 0 };
        }
    }
    Ok(None)
}
