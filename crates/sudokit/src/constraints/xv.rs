//! XV: X marks two cells summing to 10, V two summing to 5, and the
//! negative rule when every X and V is given. Like kropki dots, these
//! compile to pair relations.

use super::{orthogonal_pairs, Constraint};

/// Sums to 10 or to 5.
pub(crate) fn either(a: u32, b: u32) -> bool {
    a + b == 10 || a + b == 5
}

/// Orthogonal neighbours that carry no X or V.
pub(crate) fn negative_pairs(n: usize, all: &[Constraint]) -> Vec<(usize, usize)> {
    let marked: Vec<(usize, usize)> = all
        .iter()
        .filter_map(|c| match c {
            Constraint::X(a, b) | Constraint::V(a, b) => Some((*a.min(b), *a.max(b))),
            _ => None,
        })
        .collect();
    orthogonal_pairs(n)
        .into_iter()
        .filter(|p| !marked.contains(p))
        .collect()
}
