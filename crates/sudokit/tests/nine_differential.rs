//! Differential tests: the dedicated 9×9 solver (behind `solve::unchecked_solutions`)
//! against the generic solver (`solve::generic_solutions`).
//!
//! For every puzzle both must agree on the number of solutions up to two (and up
//! to N for the random puzzles), and every solution either returns must pass the
//! checker below, which shares no code with the solvers. Where a puzzle has one
//! solution both must return the same grid.
//!
//! The normal run covers top1465 and a sample of the two large sets; the full
//! large sets are `#[ignore]`d and meant for `cargo test --release -- --ignored`.

use std::collections::BTreeSet;

use sudokit::solve;
use sudokit::Grid;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/");

/// The puzzles of a data file (81-character lines; `#` lines are comments).
fn load(file: &str, take: usize) -> Vec<String> {
    let path = format!("{DATA}{file}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| l[..81].to_string())
        .take(take)
        .collect()
}

/// Digits of an 81-character line: `1..=9`, anything else empty (0).
fn digits(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| {
            if (b'1'..=b'9').contains(&b) {
                b - b'0'
            } else {
                0
            }
        })
        .collect()
}

fn line_of(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// Independent checker: `sol` is a complete valid 9×9 grid that keeps the
/// givens of `puzzle`.
fn check_solution(puzzle: &[u8], sol: &[u16]) -> Result<(), String> {
    if sol.len() != 81 {
        return Err(format!("{} cells", sol.len()));
    }
    for i in 0..81 {
        if !(1..=9).contains(&sol[i]) {
            return Err(format!("cell {i} holds {}", sol[i]));
        }
        if puzzle[i] != 0 && puzzle[i] as u16 != sol[i] {
            return Err(format!("cell {i} changes given {}", puzzle[i]));
        }
    }
    for k in 0..9 {
        let groups = [
            (0..9).map(|j| 9 * k + j).collect::<Vec<_>>(),
            (0..9).map(|j| 9 * j + k).collect(),
            (0..9)
                .map(|j| 9 * (3 * (k / 3) + j / 3) + 3 * (k % 3) + j % 3)
                .collect(),
        ];
        for (name, g) in ["row", "column", "box"].iter().zip(groups) {
            let mut seen = [false; 10];
            for c in g {
                let v = sol[c] as usize;
                if seen[v] {
                    return Err(format!("{name} {k} repeats {v}"));
                }
                seen[v] = true;
            }
        }
    }
    Ok(())
}

fn grid(cells: &[u8]) -> Grid {
    let line = line_of(cells);
    let g = Grid::from_line(&line).unwrap();
    assert_eq!(g.cells().len(), 81);
    g
}

/// Up to `limit` solutions, by the fast path and by the generic solver.
fn both(g: &Grid, limit: usize) -> (Vec<Vec<u16>>, Vec<Vec<u16>>) {
    let fast = solve::unchecked_solutions(g)
        .take(limit)
        .map(|s| s.cells().to_vec())
        .collect();
    let generic = solve::generic_solutions(g)
        .take(limit)
        .map(|s| s.cells().to_vec())
        .collect();
    (fast, generic)
}

/// Compares the two solvers on one puzzle, up to `limit` solutions; returns
/// the count found (≤ limit).
fn agree(cells: &[u8], limit: usize) -> usize {
    let g = grid(cells);
    let (fast, generic) = both(&g, limit);
    let line = line_of(cells);
    assert_eq!(fast.len(), generic.len(), "count≤{limit} differs on {line}");
    for s in fast.iter().chain(&generic) {
        check_solution(cells, s).unwrap_or_else(|e| panic!("{line}: bad solution: {e}"));
    }
    let distinct: BTreeSet<_> = fast.iter().collect();
    assert_eq!(
        distinct.len(),
        fast.len(),
        "fast path repeats a solution: {line}"
    );
    if fast.len() == 1 {
        assert_eq!(fast[0], generic[0], "solutions differ on {line}");
    }
    if fast.len() < limit {
        // Both enumerated everything: the same set of solutions.
        let a: BTreeSet<_> = fast.iter().collect();
        let b: BTreeSet<_> = generic.iter().collect();
        assert_eq!(a, b, "solution sets differ on {line}");
    }
    // The counting entry points take the fast path too.
    if limit == 2 {
        assert_eq!(
            solve::count(&g, 2).unwrap_or(0),
            fast.len() as u64,
            "solve::count on {line}"
        );
    }
    fast.len()
}

/// Every puzzle of the file sample has exactly one solution, and both agree.
fn set_agrees(file: &str, take: usize) -> usize {
    let puzzles = load(file, take);
    assert!(!puzzles.is_empty(), "{file}: no puzzles");
    for p in &puzzles {
        assert_eq!(agree(&digits(p), 2), 1, "{file}: {p} is not unique");
    }
    puzzles.len()
}

#[test]
fn top1465_all() {
    assert_eq!(set_agrees("puzzles3_magictour_top1465", usize::MAX), 1465);
}

#[test]
fn seventeen_clue_sample() {
    assert_eq!(set_agrees("puzzles2_17_clue", 5000), 5000);
}

#[test]
fn hardest_sample() {
    assert_eq!(set_agrees("puzzles5_forum_hardest_1905_11+", 3000), 3000);
}

#[test]
#[ignore = "full set; run with cargo test --release -- --ignored"]
fn seventeen_clue_all() {
    assert_eq!(set_agrees("puzzles2_17_clue", usize::MAX), 49158);
}

#[test]
#[ignore = "full set; run with cargo test --release -- --ignored"]
fn hardest_all() {
    assert!(set_agrees("puzzles5_forum_hardest_1905_11+", usize::MAX) >= 48765);
}

/// SplitMix64: a small seeded generator, enough for shuffling.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A random complete grid: a fixed valid grid under a random validity-keeping
/// transformation (digits, bands, rows in bands, stacks, columns in stacks,
/// transposition).
fn random_solution(rng: &mut Rng) -> Vec<u8> {
    let base: Vec<u8> = (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            ((3 * (r % 3) + r / 3 + c) % 9 + 1) as u8
        })
        .collect();
    check_solution(
        &[0; 81],
        &base.iter().map(|&v| v as u16).collect::<Vec<_>>(),
    )
    .expect("base grid is valid");
    let mut digit: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digit);
    let lines = |rng: &mut Rng| {
        let mut blocks = [0, 1, 2];
        rng.shuffle(&mut blocks);
        let mut order = Vec::new();
        for b in blocks {
            let mut inner = [0, 1, 2];
            rng.shuffle(&mut inner);
            order.extend(inner.iter().map(|i| 3 * b + i));
        }
        order
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let transpose = rng.below(2) == 1;
    (0..81)
        .map(|i| {
            let (mut r, mut c) = (rows[i / 9], cols[i % 9]);
            if transpose {
                std::mem::swap(&mut r, &mut c);
            }
            digit[base[9 * r + c] as usize - 1]
        })
        .collect()
}

/// The solution with all but `keep` cells (chosen at random) emptied.
fn remove_clues(rng: &mut Rng, sol: &[u8], keep: usize) -> Vec<u8> {
    let mut idx: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut idx);
    let mut p = vec![0u8; 81];
    for &i in &idx[..keep] {
        p[i] = sol[i];
    }
    p
}

#[test]
fn random_puzzles_count_two() {
    let mut rng = Rng(0x5EED_0001);
    let mut seen = [0usize; 3];
    for round in 0..600 {
        let sol = random_solution(&mut rng);
        let keep = 17 + round % 65; // 17..=81 givens
        let p = remove_clues(&mut rng, &sol, keep);
        let n = agree(&p, 2);
        seen[n] += 1;
    }
    assert!(seen[1] > 0 && seen[2] > 0, "coverage: {seen:?}");
}

#[test]
fn random_puzzles_count_many() {
    let mut rng = Rng(0x5EED_0002);
    let mut many = 0;
    for round in 0..120 {
        let sol = random_solution(&mut rng);
        let keep = 20 + round % 16; // 20..=35 givens: often many solutions
        let p = remove_clues(&mut rng, &sol, keep);
        let limit = if round % 2 == 0 { 10 } else { 100 };
        if agree(&p, limit) == limit {
            many += 1;
        }
    }
    assert!(many > 10, "only {many} puzzles reached the limit");
}

#[test]
fn random_puzzles_fully_enumerated() {
    // Enough givens that the full solution sets are small: compare them whole.
    let mut rng = Rng(0x5EED_0003);
    for round in 0..200 {
        let sol = random_solution(&mut rng);
        let p = remove_clues(&mut rng, &sol, 36 + round % 20);
        let n = agree(&p, 5000);
        assert!(n < 5000, "too many solutions to compare whole");
    }
}

#[test]
fn random_puzzles_without_solution() {
    let mut rng = Rng(0x5EED_0004);
    let mut none = 0;
    for round in 0..400 {
        let sol = random_solution(&mut rng);
        let mut p = remove_clues(&mut rng, &sol, 20 + round % 50);
        // Change one given to another digit that repeats nothing in its units:
        // no contradiction among the givens, but usually no solution either.
        let i = (0..81).find(|&i| p[i] != 0).unwrap();
        let (r, c) = (i / 9, i % 9);
        let unit_has = |p: &[u8], v: u8| {
            (0..9).any(|j| {
                p[9 * r + j] == v
                    || p[9 * j + c] == v
                    || p[9 * (3 * (r / 3) + j / 3) + 3 * (c / 3) + j % 3] == v
            })
        };
        let old = p[i];
        p[i] = 0;
        if let Some(v) = (1..=9).find(|&v| v != old && !unit_has(&p, v)) {
            p[i] = v;
        } else {
            p[i] = old;
        }
        if agree(&p, 2) == 0 {
            none += 1;
        }
    }
    assert!(none > 50, "only {none} puzzles without solution");
}

#[test]
fn contradictory_givens_have_no_solution() {
    let mut rng = Rng(0x5EED_0005);
    for round in 0..200 {
        let sol = random_solution(&mut rng);
        let mut p = remove_clues(&mut rng, &sol, 10 + round % 40);
        // Copy a given to another empty cell of its row: a repeated digit.
        let i = (0..81).find(|&i| p[i] != 0).unwrap();
        let r = i / 9;
        if let Some(j) = (0..9).map(|c| 9 * r + c).find(|&j| p[j] == 0) {
            p[j] = p[i];
            assert_eq!(agree(&p, 2), 0, "{}", line_of(&p));
            assert!(solve::solve(&grid(&p)).is_err());
        }
    }
}

#[test]
fn empty_and_full_grids() {
    assert_eq!(agree(&[0; 81], 100), 100);
    let mut rng = Rng(0x5EED_0006);
    for _ in 0..20 {
        let sol = random_solution(&mut rng);
        assert_eq!(agree(&sol, 2), 1);
    }
}

#[test]
fn streaming_stops_and_counts_guesses() {
    // The empty grid has ~6.7e21 solutions: enumeration must stream.
    let g = grid(&[0; 81]);
    let mut s = solve::unchecked_solutions(&g);
    for _ in 0..1000 {
        assert!(s.skip_one());
    }
    assert!(s.guesses() > 0);
    // A puzzle solved by propagation alone makes no guess.
    let mut rng = Rng(0x5EED_0007);
    let sol = random_solution(&mut rng);
    let p = remove_clues(&mut rng, &sol, 79);
    let mut s = solve::unchecked_solutions(&grid(&p));
    assert!(s.skip_one());
    assert_eq!(s.guesses(), 0);
    assert!(!s.skip_one());
}
