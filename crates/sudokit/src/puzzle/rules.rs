//! Rules a page checks while a player fills the grid: which filled cells
//! break one of the puzzle's constraints.

use crate::constraints::Constraint;
use crate::geometry::Layout;

use super::Puzzle;

impl Puzzle {
    /// The cells of the grid's values that break one of the puzzle's
    /// constraints (not its units: a page checks those itself). A rule on a
    /// list of cells (cage, thermometer, dot…) is judged as soon as one of its
    /// cells is filled: broken when its digits break it already (a cage over
    /// its sum or with a digit twice, a thermometer out of order), judged by
    /// the rule's own propagator with the empty cells open; odd/even cell by
    /// cell; board-wide pair rules (anti-knight, anti-king, non-consecutive,
    /// negative kropki/XV) pair by pair.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// use sudokit::Puzzle;
    /// let mut p: Puzzle = "12..............".parse().unwrap();
    /// p.add_constraint(Constraint::Cage { cells: vec![0, 1], sum: Some(4) });
    /// assert_eq!(p.broken_cells(), vec![0, 1]);
    /// ```
    pub fn broken_cells(&self) -> Vec<usize> {
        let (cs, grid) = (self.constraints(), self.grid());
        let n = self.geometry().n();
        if cs.is_empty() || self.geometry().layout() == Layout::Cube {
            return Vec::new();
        }
        let vals = grid.cells();
        // Empty cells hold values no pair rule can object to: all different,
        // never consecutive, never double or summing to 5 or 10 with another
        // (1000 + 3i is 1 mod 3, its double 2 mod 3; digits are at most 25).
        let stand_in = |keep: &dyn Fn(usize) -> bool| -> Vec<u16> {
            (0..vals.len())
                .map(|i| {
                    if vals[i] != 0 && keep(i) {
                        vals[i]
                    } else {
                        1000 + 3 * i as u16
                    }
                })
                .collect()
        };
        let mut bad = vec![false; vals.len()];
        for c in cs {
            use Constraint::{Even, Odd};
            let cells = c.cells(n);
            match c {
                Odd(cells) | Even(cells) => {
                    let want = u16::from(matches!(c, Odd(_)));
                    for &i in cells {
                        bad[i] |= vals[i] != 0 && vals[i] % 2 != want;
                    }
                }
                _ if cells.is_empty() => {
                    if c.satisfied(&stand_in(&|_| true), n, cs) {
                        continue;
                    }
                    // Which pairs: the rules here bind cells at most two rows
                    // and two columns apart.
                    for a in (0..vals.len()).filter(|&a| vals[a] != 0) {
                        let (ra, ca) = (a / n, a % n);
                        for b in (a + 1..vals.len()).filter(|&b| vals[b] != 0) {
                            let (rb, cb) = (b / n, b % n);
                            if rb.abs_diff(ra) > 2 || cb.abs_diff(ca) > 2 {
                                continue;
                            }
                            if !c.satisfied(&stand_in(&|i| i == a || i == b), n, cs) {
                                bad[a] = true;
                                bad[b] = true;
                            }
                        }
                    }
                }
                _ if cells.iter().all(|&i| vals[i] != 0) && !c.satisfied(vals, n, cs) => {
                    cells.iter().for_each(|&i| bad[i] = true);
                }
                _ if cells.iter().any(|&i| vals[i] != 0) && !c.may_hold(vals, n, cs) => {
                    cells
                        .iter()
                        .filter(|&&i| vals[i] != 0)
                        .for_each(|&i| bad[i] = true);
                }
                _ => {}
            }
        }
        (0..vals.len()).filter(|&i| bad[i]).collect()
    }
}
