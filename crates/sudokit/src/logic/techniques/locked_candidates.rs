//! Locked candidates: when a digit's places in one unit all lie in its
//! overlap with a second unit, the digit is removed from the rest of the
//! second unit. Pointing (box → line) and claiming (line → box) are the
//! classic cases; any two overlapping units of a variant work the same way.

use super::{elim_text, list_and, Cand, Candidates, Step, Technique};
use crate::geometry::UnitKind;

fn is_line(k: UnitKind) -> bool {
    matches!(k, UnitKind::Row | UnitKind::Column)
}
fn is_box(k: UnitKind) -> bool {
    matches!(k, UnitKind::Box | UnitKind::Region)
}

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    find_passes(c, 0..3)
}

/// Only the locked candidates of kind `t` (pointing, claiming or another
/// pair of units), as if the other kinds had none: HoDoKu's library tests
/// each kind alone.
#[cfg(test)]
pub(crate) fn find_kind(c: &Candidates, t: Technique) -> Option<Step> {
    let pass = t as usize - Technique::Pointing as usize;
    find_passes(c, pass..pass + 1)
}

/// The first instance, pass by pass (see [`find`]).
fn find_passes(c: &Candidates, passes: std::ops::Range<usize>) -> Option<Step> {
    let units = c.geometry().units();
    let union = |cells: &[u32]| cells.iter().fold(0u64, |m, &x| m | c.mask(x as usize));
    // Per overlap: digits in the shared cells, in the rest of the first unit,
    // in the rest of the second.
    let digits: Vec<[u64; 3]> = c
        .ctx
        .overlaps
        .iter()
        .zip(&c.ctx.overlap_rest)
        .map(|((_, _, shared), (rest_a, rest_b))| [union(shared), union(rest_a), union(rest_b)])
        .collect();
    // Pass 0: pointing, 1: claiming, 2: any other pair. Within a pass, the
    // instance HoDoKu would take first: by the unit the digit is confined
    // in (boxes, then rows before columns, in index order), then by digit.
    for pass in passes {
        let mut best: Option<(u32, u16, u32, u32)> = None;
        for (i, ((a, b, _), m)) in c.ctx.overlaps.iter().zip(&digits).enumerate() {
            for ((from, to), (out_from, out_to)) in
                [((*a, *b), (m[1], m[2])), ((*b, *a), (m[2], m[1]))]
            {
                let (kf, kt) = (units[from as usize].kind, units[to as usize].kind);
                let technique = if is_box(kf) && is_line(kt) {
                    Technique::Pointing
                } else if is_line(kf) && is_box(kt) {
                    Technique::Claiming
                } else {
                    Technique::LockedCandidates
                };
                if pass != technique as usize - Technique::Pointing as usize {
                    continue;
                }
                let locked = m[0] & !out_from & out_to;
                if locked != 0 {
                    let d = locked.trailing_zeros() as u16 + 1;
                    let key = (from, d, to);
                    if best.map_or(true, |(bf, bd, bt, _)| key < (bf, bd, bt)) {
                        best = Some((from, d, to, i as u32));
                    }
                }
            }
        }
        if let Some((from, d, to, i)) = best {
            let technique = [
                Technique::Pointing,
                Technique::Claiming,
                Technique::LockedCandidates,
            ][pass];
            let shared = &c.ctx.overlaps[i as usize].2;
            return Some(make(
                c,
                from as usize,
                to as usize,
                shared,
                technique,
                1 << (d - 1),
            ));
        }
    }
    None
}

/// The step for digits `locked` (the lowest one is used), confined in unit
/// `from` to the cells it shares with `to`.
fn make(c: &Candidates, from: usize, to: usize, shared: &[u32], t: Technique, locked: u64) -> Step {
    let units = c.geometry().units();
    let d = locked.trailing_zeros() as u16 + 1;
    let mut s = Step::new(t);
    let places: Vec<u32> = shared
        .iter()
        .copied()
        .filter(|&x| c.has(x as usize, d))
        .collect();
    for &x in &units[to].cells {
        if !shared.contains(&x) && c.has(x as usize, d) {
            s.eliminations.push(Cand::new(x as usize, d));
        }
    }
    s.cells = places.clone();
    s.units = vec![from as u32, to as u32];
    s.candidates = places.iter().map(|&x| Cand::new(x as usize, d)).collect();
    explain!(
        c,
        s,
        "In {}, {d} can only go in {}, which are also in {}, so {}",
        c.un(from),
        list_and(c, &places),
        c.un(to),
        format_args!("remove {}", elim_text(c, &s.eliminations))
    );
    s
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn pointing_in_box() {
        // 5 removed from rows 2 and 3 of box 1: box 1's 5 points along row 1.
        let removed: Vec<(usize, u16)> = [9, 10, 11, 18, 19, 20].iter().map(|&x| (x, 5)).collect();
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::Pointing);
        assert_eq!(
            elims(&c, &s),
            vec!["r1c4<>5", "r1c5<>5", "r1c6<>5", "r1c7<>5", "r1c8<>5", "r1c9<>5"]
        );
        assert!(s
            .explanation
            .starts_with("In box 1, 5 can only go in r1c1, r1c2 and r1c3"));
    }

    #[test]
    fn claiming_from_row() {
        // 5 removed from r1c4-r1c9: row 1 claims box 1.
        let removed: Vec<(usize, u16)> = (3..9).map(|x| (x, 5)).collect();
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::Claiming);
        assert_eq!(
            elims(&c, &s),
            vec!["r2c1<>5", "r2c2<>5", "r2c3<>5", "r3c1<>5", "r3c2<>5", "r3c3<>5"]
        );
    }
}
