//! Full house: the last empty cell of a unit takes the missing digit.

use super::{Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    for (ui, u) in c.geometry().units().iter().enumerate() {
        let mut empty = u.cells.iter().filter(|&&x| c.values()[x as usize] == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let m = c.mask(cell as usize);
        if m.count_ones() != 1 {
            continue;
        }
        let d = m.trailing_zeros() as u16 + 1;
        let mut s = Step::new(Technique::FullHouse);
        s.placements.push(Cand::new(cell as usize, d));
        s.cells.push(cell);
        s.units.push(ui as u32);
        s.candidates.push(Cand::new(cell as usize, d));
        explain!(
            c,
            s,
            "{} is the last empty cell of {}, so {} = {d}",
            c.cn(cell as usize),
            c.un(ui),
            c.cn(cell as usize)
        );
        return Some(s);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn last_cell_of_a_row() {
        let c = cands(&format!("12345678.{}", ".".repeat(72)), &[]);
        let s = super::find(&c).unwrap();
        assert_eq!(s.placements, vec![super::Cand::new(8, 9)]);
        assert_eq!(
            s.explanation,
            "r1c9 is the last empty cell of row 1, so r1c9 = 9"
        );
    }
}
