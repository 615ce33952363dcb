//! The rows of a `regions:` block (jigsaw labels): which lines can be one,
//! and the labels turned into region numbers.

use crate::bits::MAX_DIGITS;

/// Compact region rows use one character per label; more than this many
/// characters is a puzzle line, not a row (a jigsaw that large writes its
/// labels separated by spaces).
const MAX_COMPACT_REGION_ROW: usize = 62;

/// Labels in a region row: whitespace-separated tokens, or one character each.
fn region_tokens(line: &str) -> Vec<&str> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Vec::new();
    }
    if t.contains(char::is_whitespace) {
        t.split_whitespace().collect()
    } else {
        t.char_indices()
            .map(|(i, c)| &t[i..i + c.len_utf8()])
            .collect()
    }
}

/// The number of labels of a region row, or `None` when the line cannot be one.
pub(super) fn region_row_width(line: &str) -> Option<usize> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') || t.contains(['.', '_', ':']) {
        return None;
    }
    let w = region_tokens(t).len();
    let compact = !t.contains(char::is_whitespace);
    (w > 0 && w <= MAX_DIGITS && !(compact && w > MAX_COMPACT_REGION_ROW)).then_some(w)
}

/// Region labels (any tokens) → region numbers `0..N` in order of appearance.
pub(super) fn region_labels(rows: &[String], n: usize) -> Result<Vec<u16>, String> {
    if rows.is_empty() {
        return Err("the `regions:` block has no rows of labels".into());
    }
    let labels: Vec<&str> = rows.iter().flat_map(|r| region_tokens(r)).collect();
    if labels.len() != n * n {
        return Err(format!(
            "{} region labels for a board of {} cells",
            labels.len(),
            n * n
        ));
    }
    let mut names: Vec<&str> = Vec::new();
    let mut out = Vec::with_capacity(labels.len());
    for l in labels {
        let i = match names.iter().position(|x| *x == l) {
            Some(i) => i,
            None => {
                names.push(l);
                names.len() - 1
            }
        };
        out.push(i as u16);
    }
    Ok(out)
}
