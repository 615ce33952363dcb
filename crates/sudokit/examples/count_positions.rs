//! Writes the partial 9×9 positions used by the counting tests and
//! benchmark (`tests/data/count_positions.txt`), deterministically.
//!
//! ```text
//! cargo run --release -p sudokit --example count_positions -- /work/shared/data/puzzles2_17_clue > crates/sudokit/tests/data/count_positions.txt
//! ```
//!
//! Each output line is an 81-character position (`.` blank) and a tag saying
//! where it comes from. Solutions are the solver's solutions of the first
//! 17-clue puzzles of the file; the random choices come from a seeded ChaCha
//! generator, so the file is the same on every run.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit::{solve, Grid};

fn line(cells: &[u16]) -> String {
    cells
        .iter()
        .map(|&v| {
            if v == 0 {
                '.'
            } else {
                char::from(b'0' + v as u8)
            }
        })
        .collect()
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/work/shared/data/puzzles2_17_clue".into());
    let text = std::fs::read_to_string(&path).expect("read the 17-clue file");
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(40)
        .map(|l| Grid::from_line(&l[..81]).expect("a 9×9 puzzle"))
        .collect();
    let solutions: Vec<Vec<u16>> = puzzles
        .iter()
        .map(|p| solve::solve(p).unwrap().unwrap().cells().to_vec())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut out: Vec<(Vec<u16>, String)> = Vec::new();
    let empty = vec![0u16; 81];
    out.push((empty.clone(), "empty".into()));
    for (cell, d) in [(0, 1), (40, 9), (75, 3)] {
        let mut g = empty.clone();
        g[cell] = d;
        out.push((g, format!("one-given r{}c{}", cell / 9 + 1, cell % 9 + 1)));
    }
    let s0 = &solutions[0];
    let keep = |f: &dyn Fn(usize) -> bool, s: &[u16]| -> Vec<u16> {
        (0..81).map(|i| if f(i) { s[i] } else { 0 }).collect()
    };
    out.push((keep(&|i| i < 9, s0), "first-row".into()));
    out.push((keep(&|i| i / 9 == 4, &solutions[1]), "middle-row".into()));
    out.push((keep(&|i| i % 9 == 0, s0), "first-column".into()));
    out.push((keep(&|i| i < 27, s0), "first-band".into()));
    out.push((keep(&|i| i % 9 < 3, &solutions[1]), "first-stack".into()));
    out.push((keep(&|i| i / 9 < 3 && i % 9 < 3, s0), "first-box".into()));
    out.push((
        keep(&|i| i / 9 == 0 || i % 9 == 0, s0),
        "first-row-and-column".into(),
    ));
    // Random cells of solutions, 1..=30 of them, six per size.
    for k in 1..=30 {
        for j in 0..6 {
            let s = &solutions[(k * 6 + j) % solutions.len()];
            let mut cells: Vec<usize> = (0..81).collect();
            cells.shuffle(&mut rng);
            let chosen = &cells[..k];
            out.push((keep(&|i| chosen.contains(&i), s), format!("random-{k}")));
        }
    }
    // Real play: subsets of a 17-clue puzzle's givens, and the puzzle with
    // solved cells added in a random order (as a player fills them in).
    for (p, s) in puzzles.iter().zip(&solutions).take(20) {
        let givens: Vec<usize> = (0..81).filter(|&i| p.cells()[i] != 0).collect();
        let k = rng.random_range(4..=16);
        let mut g = givens.clone();
        g.shuffle(&mut rng);
        let chosen = &g[..k];
        out.push((
            keep(&|i| chosen.contains(&i), s),
            format!("puzzle-subset-{k}"),
        ));
        let mut open: Vec<usize> = (0..81).filter(|&i| p.cells()[i] == 0).collect();
        open.shuffle(&mut rng);
        let extra = rng.random_range(0..=13);
        let added = &open[..extra];
        out.push((
            keep(&|i| p.cells()[i] != 0 || added.contains(&i), s),
            format!("play-{}", 17 + extra),
        ));
    }
    for (g, tag) in out {
        println!("{} {}", line(&g), tag);
    }
}
