//! Text on PDF pages: the two standard fonts the booklet names (Helvetica
//! and Helvetica-Bold, nothing embedded) and one line of text, shared by
//! the page layout (`pdf`) and the constraint marks (`pdf_constraints`).

use pdf_writer::{Content, Name, Str};

pub(super) const FONT: Name = Name(b"F1");
pub(super) const BOLD: Name = Name(b"F2");
/// Advance width of a digit in Helvetica (all digits are equal), per point of size.
pub(super) const DIGIT_WIDTH: f32 = 0.556;

pub(super) fn text(c: &mut Content, font: Name, size: f32, x: f32, y: f32, s: &str) {
    // The standard fonts use a single-byte encoding: keep ASCII, mark the rest.
    let bytes: Vec<u8> = s
        .chars()
        .map(|ch| if ch.is_ascii() { ch as u8 } else { b'?' })
        .collect();
    c.begin_text();
    c.set_font(font, size);
    c.next_line(x, y);
    c.show(Str(&bytes));
    c.end_text();
}
