//! Kropki dots: white (digits differ by 1), black (one is twice the other),
//! and the negative rule when every dot is given.
//!
//! The dots themselves compile to pair relations (arc consistency on the
//! two cells); this file holds the rules and the pairs the negative rule
//! covers.

use super::{orthogonal_pairs, Constraint};

pub(crate) fn white(a: u32, b: u32) -> bool {
    a.abs_diff(b) == 1
}

pub(crate) fn black(a: u32, b: u32) -> bool {
    a == 2 * b || b == 2 * a
}

/// Orthogonal neighbours that carry no kropki dot.
pub(crate) fn negative_pairs(n: usize, all: &[Constraint]) -> Vec<(usize, usize)> {
    let dotted: Vec<(usize, usize)> = all
        .iter()
        .filter_map(|c| match c {
            Constraint::KropkiWhite(a, b) | Constraint::KropkiBlack(a, b) => {
                Some((*a.min(b), *a.max(b)))
            }
            _ => None,
        })
        .collect();
    orthogonal_pairs(n)
        .into_iter()
        .filter(|p| !dotted.contains(p))
        .collect()
}
