//! Candidate clues of the families a setter gives as numbers or marks on a
//! chosen few places (outside clues, little killers, minimum and maximum
//! cells, quadruples, clones, kropki dots, X and V): every clue of the
//! family that the solution
//! makes true, or a random sample where "every" would be most of the board.
//! The generator ([`super::constrained`]) starts from all of them and cuts
//! both givens and clues while the puzzle stays unique.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::constraints::text::{name, names};
use crate::constraints::{Constraint, Direction};
use crate::geometry::touching_cells;
use crate::grid::Grid;

/// The families [`super::ConstraintKind::Clues`] makes puzzles of
/// (directive keys; `docs/constraints.md` has their rules).
pub const CLUE_FAMILIES: &[&str] = &[
    "x-sum",
    "skyscraper",
    "sandwich",
    "little-killer",
    "minimum",
    "maximum",
    "quadruple",
    "clone",
    "kropki",
    "xv",
];

/// Every clue of family `key` the solution makes true (a sample for
/// quadruples and clones), as directives read back by the family's file.
/// `kropki` and `xv` name the dots (`kropki-white`, `kropki-black`) and
/// marks (`xv: x`, `xv: v`) of those families.
pub(super) fn candidates(sol: &Grid, key: &str, n: usize, rng: &mut impl Rng) -> Vec<Constraint> {
    let v = |x: usize| sol.get(x) as u32;
    let text: Vec<String> = match key {
        "x-sum" => edges(n)
            .into_iter()
            .map(|(from, cells)| {
                let x = v(cells[0]) as usize;
                let total: u32 = cells[..x.min(n)].iter().map(|&c| v(c)).sum();
                format!("{total} {from}")
            })
            .collect(),
        "skyscraper" => edges(n)
            .into_iter()
            .map(|(from, cells)| {
                let (mut top, mut seen) = (0, 0);
                for &c in &cells {
                    if v(c) > top {
                        top = v(c);
                        seen += 1;
                    }
                }
                format!("{seen} {from}")
            })
            .collect(),
        "sandwich" => (0..n)
            .flat_map(|i| [("row", i), ("column", i)])
            .map(|(what, i)| {
                let cells: Vec<usize> = (0..n)
                    .map(|j| if what == "row" { i * n + j } else { j * n + i })
                    .collect();
                let at = |d: u32| cells.iter().position(|&c| v(c) == d).unwrap_or(0);
                let (a, b) = (at(1).min(at(n as u32)), at(1).max(at(n as u32)));
                let total: u32 = cells[a + 1..b].iter().map(|&c| v(c)).sum();
                format!("{what} {} = {total}", i + 1)
            })
            .collect(),
        "little-killer" => diagonals(n)
            .into_iter()
            .map(|(start, dir, word)| {
                let total: u32 = dir.cells_from(start, n).iter().map(|&c| v(c)).sum();
                format!("{total} {} {word}", name(start, n))
            })
            .collect(),
        "minimum" | "maximum" => (0..n * n)
            .filter(|&x| {
                touching_cells(x, n, false).iter().all(|&y| match key {
                    "minimum" => v(x) < v(y),
                    _ => v(x) > v(y),
                })
            })
            .map(|x| name(x, n))
            .collect(),
        "quadruple" => {
            // One corner in four, each listing 2 to 4 of its block's digits.
            let mut corners: Vec<usize> = (0..n * n)
                .filter(|&x| x / n + 1 < n && x % n + 1 < n)
                .collect();
            corners.shuffle(rng);
            corners.truncate(corners.len().div_ceil(4));
            corners
                .into_iter()
                .map(|tl| {
                    let mut ds: Vec<u32> = [tl, tl + 1, tl + n, tl + n + 1]
                        .iter()
                        .map(|&c| v(c))
                        .collect();
                    ds.shuffle(rng);
                    ds.truncate(rng.random_range(2..=4));
                    ds.sort_unstable();
                    let ds: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
                    format!("{} {}", name(tl, n), ds.join(" "))
                })
                .collect()
        }
        "clone" => clones(sol, n, rng),
        // Every dot (X or V) the solution allows, on pairs of orthogonal
        // neighbours; no negative rule (a cut dot says nothing).
        "kropki" | "xv" => {
            let mut out = Vec::new();
            for x in 0..n * n {
                for y in touching_cells(x, n, false).into_iter().filter(|&y| y > x) {
                    let (a, b) = (v(x), v(y));
                    let (mark, value) = match key {
                        "kropki" if a.abs_diff(b) == 1 => ("kropki-white", ""),
                        "kropki" if a == 2 * b || b == 2 * a => ("kropki-black", ""),
                        "xv" if a + b == 10 => ("xv", "x "),
                        "xv" if a + b == 5 => ("xv", "v "),
                        _ => continue,
                    };
                    let value = format!("{value}{} {}", name(x, n), name(y, n));
                    out.extend(Constraint::parse(mark, &value, n));
                }
            }
            return out;
        }
        _ => Vec::new(),
    };
    text.iter()
        .filter_map(|t| Constraint::parse(key, t, n).ok())
        .filter(|c| c.satisfied(sol.cells(), n, &[]))
        .collect()
}

/// Each row and column read from both ends: the first cell's directive
/// words (`r1c1 right`) and the cells in reading order.
fn edges(n: usize) -> Vec<(String, Vec<usize>)> {
    let mut out = Vec::new();
    for i in 0..n {
        let row: Vec<usize> = (0..n).map(|j| i * n + j).collect();
        let col: Vec<usize> = (0..n).map(|j| j * n + i).collect();
        for (cells, forward, back) in [(row, "right", "left"), (col, "down", "up")] {
            let rev: Vec<usize> = cells.iter().rev().copied().collect();
            out.push((format!("{} {forward}", name(cells[0], n)), cells));
            out.push((format!("{} {back}", name(rev[0], n)), rev));
        }
    }
    out
}

/// Every diagonal of two or more cells, from the edge cell it starts at.
fn diagonals(n: usize) -> Vec<(usize, Direction, &'static str)> {
    let dirs = [
        (Direction::DownRight, "down-right"),
        (Direction::DownLeft, "down-left"),
        (Direction::UpRight, "up-right"),
        (Direction::UpLeft, "up-left"),
    ];
    let mut out = Vec::new();
    for (dir, word) in dirs {
        let (dr, dc) = dir.steps();
        for x in 0..n * n {
            let (r, c) = ((x / n) as isize, (x % n) as isize);
            let (pr, pc) = (r - dr, c - dc);
            let on_edge = !(0..n as isize).contains(&pr) || !(0..n as isize).contains(&pc);
            if on_edge && dir.cells_from(x, n).len() >= 2 {
                out.push((x, dir, word));
            }
        }
    }
    out
}

/// Pairs of same-shaped groups of 2 to 4 orthogonally touching cells
/// holding the same digits in the same places, no cell in two groups.
fn clones(sol: &Grid, n: usize, rng: &mut impl Rng) -> Vec<String> {
    let mut free = vec![true; n * n];
    let mut out = Vec::new();
    for _ in 0..n * n * 4 {
        if out.len() * 2 >= n {
            break;
        }
        let start = rng.random_range(0..n * n);
        let want = rng.random_range(2..=4);
        let mut shape = vec![(0isize, 0isize)];
        while shape.len() < want {
            let &(r, c) = &shape[rng.random_range(0..shape.len())];
            let step = [(0, 1), (1, 0), (0, -1), (-1, 0)][rng.random_range(0..4)];
            let next = (r + step.0, c + step.1);
            if !shape.contains(&next) {
                shape.push(next);
            }
        }
        let at = |origin: usize| -> Option<Vec<usize>> {
            let (r0, c0) = ((origin / n) as isize, (origin % n) as isize);
            shape
                .iter()
                .map(|&(dr, dc)| {
                    let (r, c) = (r0 + dr, c0 + dc);
                    let inside = (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
                    inside.then(|| (r * n as isize + c) as usize)
                })
                .collect()
        };
        let Some(a) = at(start).filter(|a| a.iter().all(|&x| free[x])) else {
            continue;
        };
        let mut others: Vec<usize> = (0..n * n).filter(|&o| o != start).collect();
        others.shuffle(rng);
        let copy = others.into_iter().find_map(|o| {
            at(o).filter(|b| {
                b.iter().all(|&x| free[x] && !a.contains(&x))
                    && a.iter().zip(b).all(|(&x, &y)| sol.get(x) == sol.get(y))
            })
        });
        if let Some(b) = copy {
            for &x in a.iter().chain(&b) {
                free[x] = false;
            }
            out.push(format!("{} | {}", names(&a, n), names(&b, n)));
        }
    }
    out
}
