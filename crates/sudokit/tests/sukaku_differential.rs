//! Pencilmark (Sukaku) puzzles: the 9×9 fast path against the generic solver,
//! both started from candidate sets, with a checker that shares no code with
//! either.
//!
//! Covered: every top1465 puzzle turned into pencilmarks (with and without
//! extra non-solution candidates removed), and random pencilmark grids with
//! 0, 1 and many solutions, compared up to a limit and, when both enumerate
//! everything, as whole solution sets.

use std::collections::BTreeSet;

use sudokit::format::Pencilmarks;
use sudokit::solve;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/");

/// SplitMix64: small and seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Independent checker: `sol` is a complete valid grid and every cell holds
/// one of its candidates.
fn check(masks: &[u16; 81], sol: &[u16]) -> Result<(), String> {
    if sol.len() != 81 {
        return Err(format!("{} cells", sol.len()));
    }
    for i in 0..81 {
        let v = sol[i];
        if !(1..=9).contains(&v) || masks[i] & (1 << (v - 1)) == 0 {
            return Err(format!("cell {i} holds {v}, not a candidate"));
        }
    }
    for k in 0..9 {
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            row |= 1 << sol[9 * k + j];
            col |= 1 << sol[9 * j + k];
            bx |= 1 << sol[9 * (3 * (k / 3) + j / 3) + 3 * (k % 3) + j % 3];
        }
        if row != 0x3fe || col != 0x3fe || bx != 0x3fe {
            return Err(format!("unit {k} repeats a digit"));
        }
    }
    Ok(())
}

/// Both solvers up to `limit` solutions; asserts agreement and returns the count.
fn agree(pm: &Pencilmarks, limit: usize) -> usize {
    let fast: Vec<Vec<u16>> = solve::pencilmark_solutions(pm)
        .take(limit)
        .map(|g| g.cells().to_vec())
        .collect();
    let generic: Vec<Vec<u16>> = solve::generic_pencilmark_solutions(pm)
        .take(limit)
        .map(|g| g.cells().to_vec())
        .collect();
    let line = pm.to_line();
    assert_eq!(fast.len(), generic.len(), "count≤{limit} differs on {line}");
    for s in fast.iter().chain(&generic) {
        check(pm.masks(), s).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let a: BTreeSet<_> = fast.iter().collect();
    assert_eq!(a.len(), fast.len(), "fast path repeats a solution: {line}");
    if fast.len() < limit {
        let b: BTreeSet<_> = generic.iter().collect();
        assert_eq!(a, b, "solution sets differ on {line}");
    }
    fast.len()
}

fn top1465() -> Vec<Vec<u16>> {
    let path = format!("{DATA}puzzles3_magictour_top1465");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| {
            l.bytes()
                .take(81)
                .map(|b| {
                    if b.is_ascii_digit() {
                        (b - b'0') as u16
                    } else {
                        0
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn top1465_as_pencilmarks() {
    let mut rng = Rng(0x5CA4_0001);
    let puzzles = top1465();
    assert_eq!(puzzles.len(), 1465);
    for values in &puzzles {
        let pm = Pencilmarks::from_values(values).unwrap();
        // Read back from the text form: the parser is part of the path.
        let pm = Pencilmarks::parse(&pm.to_line()).unwrap();
        assert_eq!(agree(&pm, 2), 1);
        let sol: Vec<u16> = solve::pencilmark_solutions(&pm)
            .next()
            .unwrap()
            .cells()
            .to_vec();
        // Removing candidates the solution does not use keeps it unique.
        let mut masks = *pm.masks();
        for (m, &v) in masks.iter_mut().zip(&sol) {
            *m &= rng.next() as u16 | (1 << (v - 1));
        }
        let thinner = Pencilmarks::from_masks(masks);
        assert_eq!(agree(&thinner, 2), 1);
        let again = solve::pencilmark_solutions(&thinner).next().unwrap();
        assert_eq!(again.cells(), &sol[..]);
    }
}

/// Random pencilmarks around a valid grid: each cell keeps its solution digit
/// with high probability and a random share of the others; some cells lose
/// everything (no solution), some keep every digit (many solutions).
#[test]
fn random_pencilmarks() {
    let mut rng = Rng(0x5CA4_0002);
    let base: Vec<u16> = (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            ((3 * (r % 3) + r / 3 + c) % 9 + 1) as u16
        })
        .collect();
    check(&[0x1ff; 81], &base).expect("base grid is valid");
    let mut seen = [0usize; 3];
    for round in 0..1500u64 {
        // Relabel digits so the grids differ.
        let mut perm: Vec<u16> = (1..=9).collect();
        for i in (1..9).rev() {
            perm.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let sol: Vec<u16> = base.iter().map(|&v| perm[v as usize - 1]).collect();
        let keep_sol = 1000 - (round % 4) * 10; // per mille
        let density = round % 7; // how many extra candidates
        let mut masks = [0u16; 81];
        for (m, &v) in masks.iter_mut().zip(&sol) {
            if rng.below(1000) < keep_sol {
                *m |= 1 << (v - 1);
            }
            for _ in 0..density {
                *m |= 1 << rng.below(9);
            }
            if rng.below(60) == 0 {
                *m = 0x1ff;
            }
        }
        let pm = Pencilmarks::from_masks(masks);
        let n = agree(&pm, 50);
        seen[n.min(2)] += 1;
    }
    assert!(seen.iter().all(|&k| k > 20), "coverage: {seen:?}");
}

#[test]
fn empty_and_contradictory_pencilmarks() {
    // Every candidate everywhere: the empty grid, many solutions.
    let all = Pencilmarks::parse(&"123456789".repeat(81)).unwrap();
    assert_eq!(agree(&all, 100), 100);
    // A cell with no candidate.
    let mut masks = [0x1ffu16; 81];
    masks[40] = 0;
    assert_eq!(agree(&Pencilmarks::from_masks(masks), 2), 0);
    // Two cells of a row that can only be 1.
    let mut masks = [0x1ffu16; 81];
    masks[0] = 1;
    masks[5] = 1;
    assert_eq!(agree(&Pencilmarks::from_masks(masks), 2), 0);
}
