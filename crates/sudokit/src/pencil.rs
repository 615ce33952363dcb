//! Pencilmark (Sukaku) lines: a 9×9 puzzle given by its candidates.
//!
//! A line holds 729 characters, nine per cell in row-major order. Within a
//! cell, position `k` (0..9) is the digit `k + 1` when that digit is a
//! candidate, or one of `.`, `0`, `-` when it is not. This is the layout the
//! usual Sukaku tools write; it is strict about positions so that a shifted or
//! truncated line is an error rather than a different puzzle.

use std::fmt;

/// Candidates of the 81 cells of a 9×9 puzzle.
///
/// ```
/// use sudokit::format::Pencilmarks;
/// let line = "123456789".repeat(81);
/// let pm = Pencilmarks::parse(&line).unwrap();
/// assert_eq!(pm.masks()[0], 0x1ff);
/// assert_eq!(pm.to_line(), line);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pencilmarks {
    masks: [u16; 81],
}

/// Why a pencilmark line was rejected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PencilmarkError {
    /// The line does not hold exactly 729 characters (after trimming).
    Length(usize),
    /// A character at this 0-based position is neither the digit its
    /// position stands for nor a blank.
    Char { pos: usize, ch: char },
}

impl fmt::Display for PencilmarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PencilmarkError::Length(n) => {
                write!(f, "pencilmark line has {n} characters, expected 729")
            }
            PencilmarkError::Char { pos, ch } => write!(
                f,
                "character {:?} at column {} (cell {}, slot of digit {}) is neither that digit nor a blank",
                ch,
                pos + 1,
                pos / 9 + 1,
                pos % 9 + 1
            ),
        }
    }
}

impl std::error::Error for PencilmarkError {}

/// Number of characters of a pencilmark line.
pub const PENCILMARK_LEN: usize = 729;

impl Pencilmarks {
    /// Reads one 729-character line (surrounding whitespace ignored).
    pub fn parse(line: &str) -> Result<Self, PencilmarkError> {
        let line = line.trim();
        let n = line.chars().count();
        if n != PENCILMARK_LEN {
            return Err(PencilmarkError::Length(n));
        }
        let mut masks = [0u16; 81];
        for (pos, ch) in line.chars().enumerate() {
            let slot = pos % 9;
            match ch {
                '.' | '0' | '-' => {}
                _ if ch.to_digit(10) == Some(slot as u32 + 1) => masks[pos / 9] |= 1 << slot,
                _ => return Err(PencilmarkError::Char { pos, ch }),
            }
        }
        Ok(Pencilmarks { masks })
    }

    /// From candidate sets: bit `d` of `masks[c]` is digit `d + 1` in cell
    /// `c` (row-major); bits above the ninth are ignored.
    pub fn from_masks(masks: [u16; 81]) -> Self {
        Pencilmarks {
            masks: masks.map(|m| m & 0x1ff),
        }
    }

    /// The candidates of a plain 9×9 puzzle given by its values (`0` =
    /// empty, every digit a candidate; a given is its only candidate).
    /// `None` unless there are 81 values in `0..=9`.
    ///
    /// ```
    /// use sudokit::format::Pencilmarks;
    /// let mut values = [0u16; 81];
    /// values[0] = 5;
    /// let pm = Pencilmarks::from_values(&values).unwrap();
    /// assert_eq!(pm.masks()[0], 1 << 4);
    /// assert_eq!(pm.masks()[1], 0x1ff);
    /// ```
    pub fn from_values(values: &[u16]) -> Option<Self> {
        if values.len() != 81 || values.iter().any(|&v| v > 9) {
            return None;
        }
        let mut masks = [0x1ffu16; 81];
        for (m, &v) in masks.iter_mut().zip(values) {
            if v != 0 {
                *m = 1 << (v - 1);
            }
        }
        Some(Pencilmarks { masks })
    }

    /// The candidate sets, row-major; bit `d` is digit `d + 1`.
    pub fn masks(&self) -> &[u16; 81] {
        &self.masks
    }

    /// The 729-character line, with `.` for missing candidates.
    pub fn to_line(&self) -> String {
        let mut s = String::with_capacity(PENCILMARK_LEN);
        for &m in &self.masks {
            for d in 0..9 {
                s.push(if m & (1 << d) != 0 {
                    char::from(b'1' + d as u8)
                } else {
                    '.'
                });
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_lines() {
        assert_eq!(Pencilmarks::parse("123"), Err(PencilmarkError::Length(3)));
        let mut line = "123456789".repeat(81);
        line.replace_range(10..11, "3"); // slot of digit 2 in cell 2
        assert_eq!(
            Pencilmarks::parse(&line),
            Err(PencilmarkError::Char { pos: 10, ch: '3' })
        );
        let line = "é".repeat(729);
        assert!(matches!(
            Pencilmarks::parse(&line),
            Err(PencilmarkError::Char { pos: 0, .. })
        ));
    }

    #[test]
    fn blanks_and_round_trip() {
        let mut line = String::new();
        for c in 0..81 {
            line.push_str(if c % 2 == 0 { "1-3.5.7.9" } else { "0234000.0" });
        }
        let pm = Pencilmarks::parse(&line).unwrap();
        assert_eq!(pm.masks()[0], 0b1_0101_0101);
        assert_eq!(pm.masks()[1], 0b1110);
        assert_eq!(Pencilmarks::parse(&pm.to_line()).unwrap(), pm);
    }
}
