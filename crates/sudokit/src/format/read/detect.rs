//! Detection: what a line is (separator, header, directive, prose, note) and
//! which board a cell count makes. All arithmetic is checked.

use crate::bits::MAX_DIGITS;
use crate::geometry::BoxShape;

/// N such that `count` = N² (or N³ for cubes), whatever its size.
pub(super) fn side_unbounded(count: usize, cube: bool) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let (power, root) = if cube {
        (3, (count as f64).cbrt())
    } else {
        (2, (count as f64).sqrt())
    };
    let approx = root.round() as usize;
    (approx.saturating_sub(1)..=approx.saturating_add(1))
        .find(|&n| n > 0 && n.checked_pow(power) == Some(count))
}

/// N such that `count` = N² (or N³), for boards the engine supports.
pub(super) fn side_of(count: usize, cube: bool) -> Option<usize> {
    side_unbounded(count, cube).filter(|&n| n <= MAX_DIGITS)
}

pub(super) fn nearest_square(k: usize) -> usize {
    let r = ((k as f64).sqrt().round() as usize).clamp(1, MAX_DIGITS);
    r * r
}

/// A horizontal separator: only `-`, `+`, `=`, `|`, `*` and spaces, with a `-`
/// or `=`; or a Simple Sudoku border of `*` alone (any length that is no
/// square, so that a row or line of `*` blanks stays a row).
pub(super) fn is_separator(t: &str) -> bool {
    if t.len() >= 3 && t.bytes().all(|c| c == b'*') {
        return super::detect::side_unbounded(t.len(), false).is_none();
    }
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '*'))
        && t.chars().any(|c| c == '-' || c == '=')
}

/// `Grid 01`, `Puzzle 7`, `Problem 3:` and the like (not a cube's `layer 2`).
pub(super) fn is_name_header(t: &str) -> bool {
    // The word is ASCII letters: most lines (puzzles) fail on the first byte.
    if !t.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let mut it = t.split_whitespace();
    let (Some(word), Some(num), None) = (it.next(), it.next(), it.next()) else {
        return false;
    };
    word.chars().all(|c| c.is_ascii_alphabetic())
        && word.len() > 1
        && !word.eq_ignore_ascii_case("layer")
        && num
            .trim_end_matches(':')
            .chars()
            .all(|c| c.is_ascii_digit())
}

/// A cube's `layer 2` line (written by [`crate::format::write_pretty`]).
pub(super) fn is_layer_header(t: &str) -> bool {
    let mut it = t.split_whitespace();
    matches!((it.next(), it.next(), it.next()), (Some(w), Some(k), None)
        if w.eq_ignore_ascii_case("layer") && k.chars().all(|c| c.is_ascii_digit()))
}

/// A SadMan section line such as `[Puzzle]`.
pub(super) fn is_section(t: &str) -> bool {
    t.len() > 2
        && t.starts_with('[')
        && t.ends_with(']')
        && t[1..t.len() - 1]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '_')
}

/// A SadMan metadata line `#A author`, `#D description`…: the text kept as a note.
pub(super) fn metadata_note(t: &str) -> Option<&str> {
    let b = t.as_bytes();
    (b.len() >= 2 && b[0] == b'#' && b[1].is_ascii_uppercase() && (b.len() == 2 || b[2] == b' '))
        .then(|| t[1..].trim_end())
}

/// `key: value` with a known key.
pub(super) fn directive(t: &str) -> Option<(String, &str)> {
    let (key, value) = t.split_once(':')?;
    let key = key.trim().to_ascii_lowercase();
    const KEYS: [&str; 11] = [
        "box", "size", "variant", "variants", "cube", "name", "title", "regions", "jigsaw",
        "digits", "placed",
    ];
    KEYS.contains(&key.as_str()).then_some((key, value))
}

/// The first whitespace-separated word. Every record line goes through
/// this several times, so ASCII lines (nearly all) skip UTF-8 decoding; the
/// set of separators is the same as `split_whitespace`'s.
pub(super) fn first_word(s: &str) -> Option<&str> {
    if !s.is_ascii() {
        return s.split_whitespace().next();
    }
    let b = s.as_bytes();
    let space = |c: u8| c.is_ascii_whitespace() || c == 0x0B;
    let start = b.iter().position(|&c| !space(c))?;
    let len = b[start..]
        .iter()
        .position(|&c| space(c))
        .unwrap_or(b.len() - start);
    Some(&s[start..start + len])
}

/// The leading field of a forum line: the first word up to a `;` or `,`
/// (rating lines `<cells>;11.9;11.9;…`, pairs `<cells>,<solution>`).
pub(super) fn first_field(s: &str) -> Option<&str> {
    let w = first_word(s)?;
    Some(w.split([';', ',']).next().unwrap_or(w)).filter(|f| !f.is_empty())
}

/// Free text such as "116143 givens, 457182 candidates." under a grid: at least
/// two tokens, one of them a word of three or more letters with a lowercase one
/// (cells use only uppercase letters). Only skipped when it is no puzzle row.
pub(super) fn is_prose(t: &str) -> bool {
    t.split_whitespace().nth(1).is_some()
        && t.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| c.is_ascii_punctuation());
            w.len() >= 3
                && w.chars().all(|c| c.is_alphabetic())
                && w.chars().any(|c| c.is_lowercase())
        })
}

/// `R C` header: exactly two positive whole numbers with R·C ≥ 2. `Some(Err)`
/// names a header whose board the engine cannot hold (the product is
/// computed without overflow).
pub(super) fn rc_header(t: &str) -> Option<Result<BoxShape, String>> {
    // Two numbers: most lines (puzzles) fail on a byte that is neither a
    // digit nor whitespace, long before the end of the line.
    let stray =
        |c: u8| c.is_ascii() && !c.is_ascii_digit() && !c.is_ascii_whitespace() && c != 0x0B;
    if t.bytes().any(stray) {
        return None;
    }
    let mut it = t.split_whitespace();
    let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
        return None;
    };
    let number = |s: &str| {
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let (r, c) = (number(a)?, number(b)?);
    if r == 0 || c == 0 || (r == 1 && c == 1) {
        return None;
    }
    Some(match r.checked_mul(c) {
        Some(n) if n <= MAX_DIGITS => Ok(BoxShape::new(r, c)),
        _ => Err(format!(
            "header `{a} {b}`: boxes of {a}×{b} cells make a board of more than {MAX_DIGITS} digits, the most supported"
        )),
    })
}
