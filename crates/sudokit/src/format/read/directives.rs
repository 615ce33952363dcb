//! Header directives (`box:`, `variant:`, `cube:`, `digits:`, `name:`,
//! `regions:`), and `placed:` (the next record's cells placed while
//! solving, not given).

use std::io::BufRead;

use super::reader::Reader;
use super::regions::region_row_width;
use crate::bits::MAX_DIGITS;
use crate::geometry::{BoxShape, Variant};

impl<R: BufRead> Reader<R> {
    pub(super) fn apply_directive(&mut self, key: &str, value: &str) {
        match key {
            "box" | "size" => match parse_box_directive(value) {
                Ok(shape) => self.box_shape = Some(shape),
                Err(msg) => self.directive_error = Some((self.line_no, msg)),
            },
            "variant" | "variants" => match Variant::parse_list([value]) {
                Ok(v) => self.variants = v,
                Err(msg) => self.directive_error = Some((self.line_no, msg)),
            },
            "cube" if matches!(value, "none" | "off" | "no") => self.cube = false,
            "cube" => {
                self.cube = true;
                if !value.is_empty() {
                    match parse_box_directive(value) {
                        Ok(shape) => self.box_shape = Some(shape),
                        Err(msg) => self.directive_error = Some((self.line_no, msg)),
                    }
                }
            }
            "digits" => match value.parse() {
                Ok(style) => self.digits = style,
                Err(msg) => self.directive_error = Some((self.line_no, msg)),
            },
            "name" | "title" => self.name = Some(value.to_string()),
            "placed" => self.placed_line = Some((self.line_no, value.to_string())),
            "regions" | "jigsaw" => {
                // The region rows follow: as many as the first has labels, all
                // of the same width. A line that reads as a puzzle (blanks, or
                // too wide for a row) ends the block, so that a bad block never
                // swallows the puzzles after it.
                let at = self.line_no;
                let mut rows: Vec<String> = Vec::new();
                let mut width = 0;
                while let Some((_, l)) = self.peek(0) {
                    let Some(w) = region_row_width(l) else { break };
                    if rows.is_empty() {
                        width = w;
                    } else if w != width || rows.len() >= width {
                        break;
                    }
                    let l = l.clone();
                    rows.push(l);
                    self.take_line();
                }
                self.regions = Some((at, rows));
            }
            _ => {}
        }
    }
}

/// The value of a `box:`, `size:` or `cube:` directive: `RxC`, or a side N
/// (given the usual box shape for N).
pub(super) fn parse_box_directive(value: &str) -> Result<BoxShape, String> {
    let shape = value
        .parse()
        .or_else(|e: String| match value.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_DIGITS).contains(&n) => Ok(BoxShape::for_side(n).expect("n > 0")),
            Ok(n) => Err(format!("side {n} is out of range 1..={MAX_DIGITS}")),
            Err(_) => Err(e),
        })?;
    match shape.rows.checked_mul(shape.cols) {
        Some(n) if n <= MAX_DIGITS => Ok(shape),
        _ => Err(format!(
            "box {}x{} makes a board of more than {MAX_DIGITS} digits, the most supported",
            shape.rows, shape.cols
        )),
    }
}
