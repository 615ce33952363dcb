//! Odd/even cells: a cell marked odd (even) loses the even (odd) digits.

use super::super::{elim_text, Cand, Candidates, Step, Technique};
use crate::constraints::Constraint;
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let rules = c.rules()?;
    for (k, con) in rules.constraints.iter().enumerate() {
        let (cells, kind) = match con {
            Constraint::Odd(cells) => (cells, "odd"),
            Constraint::Even(cells) => (cells, "even"),
            _ => continue,
        };
        let root = &rules.each[k].root;
        let elims: Vec<Cand> = cells
            .iter()
            .filter(|&&x| c.values()[x] == 0)
            .flat_map(|&x| bits(c.mask(x) & !root[x]).map(move |d| Cand::new(x, d as u16 + 1)))
            .collect();
        if elims.is_empty() {
            continue;
        }
        let mut s = Step::new(Technique::Parity);
        s.cells = cells.iter().map(|&x| x as u32).collect();
        explain!(
            c,
            s,
            "{} hold{} {kind} digits: removes {}",
            super::cells_text(c, cells),
            if cells.len() == 1 { "s" } else { "" },
            elim_text(c, &elims)
        );
        s.eliminations = elims;
        return Some(s);
    }
    None
}
