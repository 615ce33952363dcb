//! The rule of 45 (innies and outies): a house of N cells, or a band of
//! whole rows or columns, sums to a known total (45 per house on 9×9). Take
//! away the cages inside it and the few cells left over (innies) have a
//! known sum; or, when cages cover the whole area, the cells of those cages
//! sticking out (outies) sum to the cages' total minus the area's.

use super::super::{elim_text, Candidates, Step, Technique};
use super::{cells_text, masks, removed};
use crate::constraints::kernels::sum::narrow_sum;
use crate::constraints::Constraint;

/// Innies or outies are only worth a person's look when they are few.
const MAX_LEFT_OVER: usize = 4;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let rules = c.rules()?;
    let cages: Vec<(u32, &[usize])> = rules
        .constraints
        .iter()
        .filter_map(|k| match k {
            Constraint::Cage {
                sum: Some(s),
                cells,
            } => Some((*s, cells.as_slice())),
            _ => None,
        })
        .collect();
    if cages.is_empty() {
        return None;
    }
    let n = c.ctx.n;
    let house = (n * (n + 1) / 2) as u32;
    let units = c.geometry().units();
    let mut areas: Vec<(String, Vec<usize>, u32)> = units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.cells.len() == n)
        .map(|(i, u)| {
            (
                c.un(i),
                u.cells.iter().map(|&x| x as usize).collect(),
                house,
            )
        })
        .collect();
    for (lines, word) in [(&c.ctx.rows, "rows"), (&c.ctx.cols, "columns")] {
        for k in 2..lines.len() {
            for first in 0..=lines.len() - k {
                let cells = lines[first..first + k]
                    .iter()
                    .flat_map(|&u| units[u as usize].cells.iter().map(|&x| x as usize))
                    .collect();
                let name = format!("{word} {} to {}", first + 1, first + k);
                areas.push((name, cells, house * k as u32));
            }
        }
    }
    let before = masks(c);
    let mut inside_area = vec![false; before.len()];
    for (name, area, total) in &areas {
        if c.out_of_time() {
            return None;
        }
        inside_area.iter_mut().for_each(|b| *b = false);
        for &x in area {
            inside_area[x] = true;
        }
        let inside: Vec<&(u32, &[usize])> = cages
            .iter()
            .filter(|(_, cells)| cells.iter().all(|&x| inside_area[x]))
            .collect();
        let touching: Vec<&(u32, &[usize])> = cages
            .iter()
            .filter(|(_, cells)| cells.iter().any(|&x| inside_area[x]))
            .collect();
        // Innies: the area's cells outside the cages it contains.
        let mut covered = vec![false; before.len()];
        for (_, cells) in &inside {
            for &x in *cells {
                covered[x] = true;
            }
        }
        let innies: Vec<usize> = area.iter().copied().filter(|&x| !covered[x]).collect();
        let inside_sum: u32 = inside.iter().map(|(s, _)| s).sum();
        if !innies.is_empty() && innies.len() <= MAX_LEFT_OVER && inside_sum < *total {
            let sum = total - inside_sum;
            let text = format!(
                "{name} sums to {total} and the cages inside it to {inside_sum}, so the innies {} sum to {sum}",
                cells_text(c, &innies)
            );
            if let Some(s) = narrowed(c, &before, &innies, sum, text) {
                return Some(s);
            }
        }
        // Outies: cells of the touching cages outside the area, when those
        // cages cover it.
        for (_, cells) in &touching {
            for &x in *cells {
                covered[x] = true;
            }
        }
        if area.iter().any(|&x| !covered[x]) || touching.len() == inside.len() {
            continue;
        }
        let mut outies: Vec<usize> = touching
            .iter()
            .flat_map(|(_, cells)| cells.iter().copied())
            .filter(|&x| !inside_area[x])
            .collect();
        outies.sort_unstable();
        outies.dedup();
        let cage_sum: u32 = touching.iter().map(|(s, _)| s).sum();
        if outies.len() <= MAX_LEFT_OVER && cage_sum > *total {
            let sum = cage_sum - total;
            let text = format!(
                "{name} sums to {total} and the cages covering it to {cage_sum}, so the outies {} sum to {sum}",
                cells_text(c, &outies)
            );
            if let Some(s) = narrowed(c, &before, &outies, sum, text) {
                return Some(s);
            }
        }
    }
    None
}

/// The step when a sum of `sum` over `cells` removes candidates.
fn narrowed(
    c: &Candidates,
    before: &[u64],
    cells: &[usize],
    sum: u32,
    text: String,
) -> Option<Step> {
    // Distinct digits only when the cells all see each other.
    let distinct = cells
        .iter()
        .all(|&a| cells.iter().all(|&b| a == b || c.ctx.sees(a, b)));
    let mut after = before.to_vec();
    loop {
        match narrow_sum(&mut after, cells, sum, distinct) {
            Ok(true) => continue,
            Ok(false) => break,
            Err(_) => return None,
        }
    }
    let elims = removed(c, before, &after);
    if elims.is_empty() {
        return None;
    }
    let mut s = Step::new(Technique::RuleOf45);
    s.cells = cells.iter().map(|&x| x as u32).collect();
    explain!(c, s, "{text}: removes {}", elim_text(c, &elims));
    s.eliminations = elims;
    Some(s)
}
