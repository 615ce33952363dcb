//! Test helpers shared by the technique modules' tests: boards from
//! puzzle lines, candidates cut down by hand, boards along solving paths,
//! eliminations as text.

use super::*;
use crate::grid::Grid;

/// The solution of a puzzle line, from the search solver (which shares no
/// code with the techniques): the digits their eliminations must keep.
pub fn solution_of(line: &str) -> Vec<u16> {
    let grid = Grid::from_line(line).unwrap();
    let solution = crate::solve::solutions(&grid).unwrap().next().unwrap();
    solution.cells().to_vec()
}

/// Candidates of a puzzle line after removing the given candidates.
pub fn cands(line: &str, removed: &[(usize, u16)]) -> Candidates {
    let g = Grid::from_line(line).unwrap();
    let mut c = Candidates::from_grid(&g).unwrap();
    for &(cell, d) in removed {
        c.eliminate(cell, d);
    }
    c.set_unique(true);
    c
}

/// An empty 9×9 board's candidates with each named cell cut down to its
/// digits: `[("r1c1", &[1, 2]), …]`.
pub fn keeping(keep: &[(&str, &[u16])]) -> Candidates {
    let mut removed = Vec::new();
    for (name, digits) in keep {
        for d in (1..=9).filter(|d| !digits.contains(d)) {
            removed.push((cell(name) as usize, d));
        }
    }
    cands(&".".repeat(81), &removed)
}

/// `r1c2` → cell index (9×9).
pub fn cell(name: &str) -> u32 {
    let b = name.as_bytes();
    ((b[1] - b'1') as u32) * 9 + (b[3] - b'1') as u32
}

/// Two hard top1465 puzzles whose solving paths run through most of the
/// chain, ALS and fish techniques.
pub const HARD: [&str; 2] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
];

/// Calls `check` on each board along the solving paths of `lines` (at
/// most 80 steps each, so each board is a few candidates away from the
/// last, as the kept caches meet them) and returns on how many it
/// returned true.
pub fn along_paths(lines: &[&str], mut check: impl FnMut(&Candidates) -> bool) -> usize {
    let mut boards = 0;
    for line in lines {
        let mut c = cands(line, &[]);
        for _ in 0..80 {
            if check(&c) {
                boards += 1;
            }
            let Some(s) = crate::logic::next_step(&c) else {
                break;
            };
            crate::logic::apply(&mut c, &s);
        }
    }
    boards
}

/// Sorted eliminations as `r1c2<>7` strings.
pub fn elims(c: &Candidates, s: &Step) -> Vec<String> {
    let mut v: Vec<String> = s
        .eliminations
        .iter()
        .map(|e| format!("{}<>{}", c.cn(e.cell as usize), e.digit))
        .collect();
    v.sort();
    v
}

/// Boards along each puzzle's solving path (at most `steps` steps), each
/// followed by a copy with up to `cuts` more candidates removed (from cells
/// with three or more, picked by a fixed LCG) and then the path board
/// again: a memo sees boards change in every direction.
pub fn boards_both_ways(puzzles: &[&str], steps: usize, cuts: usize) -> Vec<Candidates> {
    let mut out = Vec::new();
    let mut seed = 21u64;
    for line in puzzles {
        let mut c = cands(line, &[]);
        for _ in 0..steps {
            out.push(c.clone());
            let mut t = c.clone();
            for _ in 0..cuts {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let x = (seed >> 33) as usize % 81;
                let ds: Vec<usize> = crate::logic::candidates::bits(t.mask(x)).collect();
                if ds.len() > 2 {
                    t.eliminate(x, ds[(seed >> 40) as usize % ds.len()] as u16 + 1);
                }
            }
            out.push(t);
            out.push(c.clone());
            let Some(s) = crate::logic::next_step(&c) else {
                break;
            };
            crate::logic::apply(&mut c, &s);
        }
    }
    out
}
