//! Cage combinations: a killer cage of k cells and sum s holds one of the
//! sets of k distinct digits summing to s that its cells can take; digits
//! in no such set (or in none a cell can be part of) go.

use super::super::{Candidates, Step, Technique};
use super::{cells_text, masks};
use crate::constraints::Constraint;

/// At most this many combinations are written out in an explanation.
const SHOWN: usize = 6;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    super::per_constraint(
        c,
        Technique::CageCombination,
        |k| matches!(k, Constraint::Cage { sum: Some(_), .. }),
        &|c, k| match k {
            Constraint::Cage {
                sum: Some(sum),
                cells,
            } => {
                if c.ctx.n > 16 {
                    // Too many sets to list on large boards.
                    return format!("the cage {} sums to {sum}", cells_text(c, cells));
                }
                let m = masks(c);
                let cell_masks: Vec<u64> = cells.iter().map(|&x| m[x]).collect();
                let sets = combinations(&cell_masks, *sum, c.ctx.n as u32);
                let sets_text = if sets.len() <= SHOWN {
                    sets.join(", ")
                } else {
                    format!("{} combinations", sets.len())
                };
                format!(
                    "the cage {} of {sum} can only be {sets_text}",
                    cells_text(c, cells)
                )
            }
            _ => String::new(),
        },
    )
}

/// The sets of distinct digits (`1+2+6`) summing to `sum` that can be
/// placed in cells with these candidate masks, one digit per cell.
fn combinations(cells: &[u64], sum: u32, n: u32) -> Vec<String> {
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    subsets(1, n, cells.len(), sum, &mut chosen, &mut |set| {
        if placeable(cells, set, 0, 0) {
            out.push(
                set.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("+"),
            );
        }
    });
    out
}

fn subsets(
    from: u32,
    n: u32,
    k: usize,
    sum: u32,
    chosen: &mut Vec<u32>,
    f: &mut dyn FnMut(&[u32]),
) {
    if k == 0 {
        if sum == 0 {
            f(chosen);
        }
        return;
    }
    for d in from..=n.min(sum) {
        chosen.push(d);
        subsets(d + 1, n, k - 1, sum - d, chosen, f);
        chosen.pop();
    }
}

/// Whether the digits of `set` can go one to a cell from cell `i` on
/// (`used`: digits of `set` taken so far, by position).
fn placeable(cells: &[u64], set: &[u32], i: usize, used: u64) -> bool {
    if i == cells.len() {
        return true;
    }
    set.iter().enumerate().any(|(j, &d)| {
        used >> j & 1 == 0
            && cells[i] >> (d - 1) & 1 != 0
            && placeable(cells, set, i + 1, used | 1 << j)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn combinations_of_a_cage() {
        let all = 0x1ff;
        assert_eq!(super::combinations(&[all, all], 3, 9), vec!["1+2"]);
        assert_eq!(super::combinations(&[all, all, all], 23, 9), vec!["6+8+9"]);
        // 10 in two cells, one of them without 1 or 9.
        assert_eq!(
            super::combinations(&[0b011111110, all], 10, 9),
            vec!["2+8", "3+7", "4+6"]
        );
    }
}
