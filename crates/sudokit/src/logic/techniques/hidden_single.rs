//! Hidden single: a digit with one place left in a unit.

use super::{Cand, Candidates, Step, Technique};

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    // Boxes first, as people look there first; then the other units.
    let units = c.geometry().units();
    let order = (0..units.len())
        .filter(|&u| {
            !matches!(
                units[u].kind,
                crate::geometry::UnitKind::Row | crate::geometry::UnitKind::Column
            )
        })
        .chain((0..units.len()).filter(|&u| {
            matches!(
                units[u].kind,
                crate::geometry::UnitKind::Row | crate::geometry::UnitKind::Column
            )
        }));
    for ui in order {
        let u = &units[ui];
        let mut once = 0u64;
        let mut twice = 0u64;
        for &x in &u.cells {
            let m = c.mask(x as usize);
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if single == 0 {
            continue;
        }
        let d = single.trailing_zeros() as usize;
        let cell = *u
            .cells
            .iter()
            .find(|&&x| c.mask(x as usize) >> d & 1 != 0)? as usize;
        let d = d as u16 + 1;
        let mut s = Step::new(Technique::HiddenSingle);
        s.placements.push(Cand::new(cell, d));
        s.cells.push(cell as u32);
        s.units.push(ui as u32);
        s.candidates.push(Cand::new(cell, d));
        explain!(
            c,
            s,
            "In {}, {d} fits only in {}, so {} = {d}",
            c.un(ui),
            c.cn(cell),
            c.cn(cell)
        );
        return Some(s);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn only_place_in_box() {
        // 7s in r2c4, r3c7, r5c2 and r9c3 leave r1c1 as box 1's only place for 7.
        let mut line = vec![b'.'; 81];
        for i in [12, 24, 37, 74] {
            line[i] = b'7';
        }
        let c = cands(std::str::from_utf8(&line).unwrap(), &[]);
        let s = super::find(&c).unwrap();
        assert_eq!(s.explanation, "In box 1, 7 fits only in r1c1, so r1c1 = 7");
    }
}
