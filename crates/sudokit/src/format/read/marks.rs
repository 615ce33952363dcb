//! Candidate states: 729-character pencilmark lines and printed candidate grids.
//!
//! In both, a cell with a single candidate is placed (the convention of the
//! Sukaku tools). The characters of a pencilmark line are checked by
//! [`Pencilmarks::parse`], the one parser of that layout.

use std::io::BufRead;

use super::detect::first_field;
use super::errors::ParseErrorKind;
use super::reader::Reader;
use super::ParseError;
use crate::format::{PencilmarkError, Pencilmarks, PENCILMARK_LEN};
use crate::geometry::BoxShape;
use crate::grid::Grid;
use crate::puzzle::Puzzle;

impl<R: BufRead> Reader<R> {
    /// A 729-character pencilmark line (nine characters per cell; the k-th is
    /// `k`, or `.`, `0`, `-` when `k` is no candidate). `None` when the line is
    /// not one: another length, a cube, a board other than 9×9, or letters (a
    /// 27×27 puzzle, which also has 729 cells).
    pub(super) fn try_pencilmarks(
        &mut self,
        line_no: usize,
        first: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Option<Result<Puzzle, ParseError>> {
        // Most lines are far shorter: settle them before scanning for fields.
        if first.len() < PENCILMARK_LEN {
            return None;
        }
        let t = first.trim_start();
        let offset = first[..first.len() - t.len()].chars().count();
        let token = first_field(t)?;
        if self.cube
            || token.len() != PENCILMARK_LEN
            || self.known_n().is_some_and(|n| n != 9)
            || !token
                .bytes()
                .all(|c| c.is_ascii_digit() || c == b'.' || c == b'-')
        {
            return None;
        }
        let masks = match Pencilmarks::parse(token) {
            Ok(pm) => pm.masks().iter().map(|&m| u64::from(m)).collect(),
            Err(PencilmarkError::Char { pos, ch }) => {
                let kind = ParseErrorKind::MisplacedMark {
                    ch,
                    digit: (pos % 9) as u8 + 1,
                };
                return Some(Err(self.error(line_no, Some(offset + pos + 1), kind)));
            }
            // The length was checked above.
            Err(PencilmarkError::Length(_)) => return None,
        };
        let cols = (0..81).map(|c| (line_no as u32, (offset + c * 9 + 1) as u32));
        Some(self.candidate_puzzle(line_no, 9, masks, cols.collect(), positions))
    }

    /// A printed candidate grid: N (4..=9) rows of N groups of digits (a
    /// cell's candidates, or its value), between `|`, `+`, `-`, `*` box
    /// lines. It is one only if some group has two or more digits; otherwise
    /// the lines read ahead go back and the record is read as a plain grid.
    pub(super) fn try_candidate_grid(
        &mut self,
        line_no: usize,
        first: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Option<Result<Puzzle, ParseError>> {
        let first_groups = groups(first)?;
        let k = first_groups.len();
        if self.cube || !(4..=9).contains(&k) || self.known_n().is_some_and(|n| n != k) {
            return None;
        }
        let valid = |gs: &[(usize, u64, usize)]| {
            gs.len() == k
                && gs.iter().all(|&(_, m, len)| m.count_ones() as usize == len)
                && gs.iter().all(|&(_, m, _)| m != 0 && m >> k == 0)
        };
        if !valid(&first_groups) {
            return None;
        }
        let mut cells: Vec<(u64, u32, u32)> = Vec::with_capacity(k * k);
        let mut multi = false;
        let mut push = |gs: Vec<(usize, u64, usize)>, line: usize, cells: &mut Vec<_>| {
            for (col, m, len) in gs {
                multi |= len > 1;
                cells.push((m, line as u32, col as u32 + 1));
            }
        };
        push(first_groups, line_no, &mut cells);
        let mut taken: Vec<(usize, String)> = Vec::new();
        while cells.len() < k * k {
            let Some((l, s)) = self.peek(0).cloned() else {
                break;
            };
            let t = s.trim();
            if t.is_empty() {
                break;
            }
            if is_box_line(t) {
                taken.push((l, s));
                self.take_line();
                continue;
            }
            match groups(&s) {
                Some(gs) if valid(&gs) => {
                    push(gs, l, &mut cells);
                    taken.push((l, s.clone()));
                    self.take_line();
                }
                _ => break,
            }
        }
        if !multi {
            for line in taken.into_iter().rev() {
                self.ahead.push_front(line);
            }
            return None;
        }
        if cells.len() != k * k {
            return Some(Err(self.error(
                line_no,
                None,
                ParseErrorKind::WrongCellCount {
                    found: cells.len(),
                    expected: k * k,
                },
            )));
        }
        let masks = cells.iter().map(|c| c.0).collect();
        let at = cells.iter().map(|c| (c.1, c.2)).collect();
        Some(self.candidate_puzzle(line_no, k, masks, at, positions))
    }

    /// The candidate state of an N×N board from one mask per cell.
    fn candidate_puzzle(
        &mut self,
        line_no: usize,
        n: usize,
        masks: Vec<u64>,
        at: Vec<(u32, u32)>,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let shape = self
            .box_shape
            .filter(|b| b.n() == n)
            .or_else(|| BoxShape::for_side(n))
            .expect("n > 0");
        let geometry = self.geometry(shape, n)?;
        let values = masks
            .iter()
            .map(|m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u16 + 1
                } else {
                    0
                }
            })
            .collect();
        let p = Puzzle::with_candidates(Grid::new(geometry, values), masks)
            .map_err(|e| self.error(line_no, None, ParseErrorKind::BadShape(e.to_string())))?;
        positions.extend(at);
        self.last_cells = Some(n * n);
        Ok(p)
    }
}

/// Digit groups of a candidate-grid row: (0-based column, mask, digits).
/// `None` when the line has anything but digits, spaces and `|`, `+`, `*`.
fn groups(line: &str) -> Option<Vec<(usize, u64, usize)>> {
    let mut out = Vec::new();
    let mut current: Option<(usize, u64, usize)> = None;
    for (col, ch) in line.chars().enumerate() {
        if let Some(d) = ch.to_digit(10) {
            let g = current.get_or_insert((col, 0, 0));
            // A `0` never is a candidate: the mask check rejects the row.
            g.1 |= if d == 0 { 1 << 63 } else { 1 << (d - 1) };
            g.2 += 1;
        } else if ch.is_whitespace() || matches!(ch, '|' | '+' | '*') {
            out.extend(current.take());
        } else {
            return None;
        }
        if out.len() > 9 {
            return None;
        }
    }
    out.extend(current);
    (!out.is_empty()).then_some(out)
}

/// A box line of a printed grid: `+-----+`, `*-----*`, HoDoKu's `.---.` and `:---:`.
fn is_box_line(t: &str) -> bool {
    t.chars()
        .all(|c| matches!(c, '-' | '+' | '*' | '|' | '=' | '.' | ':' | '\'' | ' '))
        && t.contains(['-', '='])
}
