//! Turbot fish: two strong links on one digit (each a unit where the digit
//! has exactly two places), joined by a weak link (one end of each sees the
//! other). The joined ends cannot both hold the digit, so one of the far
//! ends does, and every cell seeing both far ends loses it.
//!
//! Skyscrapers (two parallel lines) and 2-string kites (a row and a
//! column joined in a box) are the turbot fish with names of their own and
//! are tried first; this finds the rest, e.g. a strong link inside a box.
//! HoDoKu scores it 120 (Hard); without it these chains would be found
//! later as X-chains (260, Unfair).

use super::{list_and, seeing_all, Cand, Candidates, Step, Technique};

/// The first turbot fish, digit by digit. It reads one digit's cells at a
/// time, so a digit found empty before with the same cells is skipped.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    super::per_digit(c, super::DigitSlot::TurbotFish, |d| find_digit(c, d))
}

fn find_digit(c: &Candidates, d: u16) -> Option<Step> {
    let units = c.geometry().units().len();
    let links: Vec<(u32, u32, u32)> = (0..units)
        .filter_map(|u| {
            let p = c.places(u, d);
            (p.len() == 2).then(|| (u as u32, p[0], p[1]))
        })
        .collect();
    for (i, &(ua, a0, a1)) in links.iter().enumerate() {
        for &(ub, b0, b1) in &links[i + 1..] {
            if [a0, a1].iter().any(|x| *x == b0 || *x == b1) {
                continue;
            }
            for (far_a, near_a) in [(a0, a1), (a1, a0)] {
                for (near_b, far_b) in [(b0, b1), (b1, b0)] {
                    if !c.ctx.sees(near_a as usize, near_b as usize) {
                        continue;
                    }
                    let pattern = [far_a, near_a, near_b, far_b];
                    let elims = seeing_all(c, d, &[far_a, far_b], &pattern);
                    if elims.is_empty() {
                        continue;
                    }
                    let mut s = Step::new(Technique::TurbotFish);
                    s.eliminations = elims;
                    s.cells = pattern.to_vec();
                    s.candidates = pattern.iter().map(|&x| Cand::new(x as usize, d)).collect();
                    s.units = vec![ua, ub];
                    let cells: Vec<u32> = s.eliminations.iter().map(|e| e.cell).collect();
                    explain!(c, s,
                        "({d}){} = ({d}){} - ({d}){} = ({d}){}: {d} has two places in {} and two in {}, and {} sees {}, so {d} is in {} or {}; remove {d} from {}",
                        c.cn(far_a as usize),
                        c.cn(near_a as usize),
                        c.cn(near_b as usize),
                        c.cn(far_b as usize),
                        c.un(ua as usize),
                        c.un(ub as usize),
                        c.cn(near_a as usize),
                        c.cn(near_b as usize),
                        c.cn(far_a as usize),
                        c.cn(far_b as usize),
                        list_and(c, &cells),
                    );
                    return Some(s);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn box_link_joined_to_a_column() {
        // Digit 1 only in r1c1, r2c3 within box 1 (strong link in the box)
        // and in column 6 only in r2c6, r7c6 (strong link in the column);
        // r2c3 sees r2c6. So r1c1 or r7c6 holds 1, and r7c1, the one cell
        // left seeing both, loses it.
        let mut removed = Vec::new();
        for name in ["r1c2", "r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3"] {
            removed.push((cell(name) as usize, 1));
        }
        for r in 1..=9 {
            if r != 2 && r != 7 {
                removed.push((cell(&format!("r{r}c6")) as usize, 1));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::TurbotFish);
        assert_eq!(elims(&c, &s), vec!["r7c1<>1"]);
    }

    /// With digits skipped where nothing was found before, the finder gives
    /// what a search of every digit gives, along hard puzzles' paths.
    #[test]
    fn skipped_digits_equal_fresh() {
        let boards = along_paths(&HARD, |c| {
            let fresh = (1..=9).find_map(|d| find_digit(c, d));
            let kept = find(c);
            assert_eq!(
                kept.as_ref().map(|s| (&s.eliminations, &s.explanation)),
                fresh.as_ref().map(|s| (&s.eliminations, &s.explanation))
            );
            true
        });
        assert!(boards > 60, "{boards} boards");
    }
}
