//! Naked single: a cell with one candidate left.

use super::{Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let cell = (0..c.cell_count()).find(|&x| c.mask(x).count_ones() == 1)?;
    let d = c.mask(cell).trailing_zeros() as u16 + 1;
    let mut s = Step::new(Technique::NakedSingle);
    s.placements.push(Cand::new(cell, d));
    s.cells.push(cell as u32);
    s.candidates.push(Cand::new(cell, d));
    explain!(
        c,
        s,
        "{d} is the only candidate left in {}, so {} = {d}",
        c.cn(cell),
        c.cn(cell)
    );
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn only_candidate() {
        // r1c1 sees 1-8 in its row and column.
        let line = format!("..2345678{}1{}", ".".repeat(9), ".".repeat(62));
        let c = cands(&line, &[]);
        let s = super::find(&c).unwrap();
        assert_eq!(s.placements, vec![super::Cand::new(0, 9)]);
    }
}
