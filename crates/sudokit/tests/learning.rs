//! The learning (CDCL) back-end and the automatic switch to it: solutions
//! checked by the independent checker, counts compared with the plain
//! backtracking search, the hard 25×25 puzzles and large empty grids.

mod support;

use std::sync::Arc;

use proptest::prelude::*;
use sudokit::format::{parse_all, ParseOptions};
use sudokit::solve::{self, Engine, Limits};
use sudokit::{BoxShape, Geometry, Grid, Variant};
use support::{check, data, read, Rules};

/// Up to `limit` solutions with `engine`, each checked, sorted for comparison.
fn solutions(g: &Grid, engine: Engine, limit: usize, rules: &Rules) -> Vec<Vec<u16>> {
    let mut out: Vec<Vec<u16>> = solve::solutions_with_engine(g, engine, Limits::none())
        .take(limit)
        .map(|s| {
            check(rules, g.cells(), s.cells()).unwrap();
            s.cells().to_vec()
        })
        .collect();
    out.sort();
    out
}

fn puzzles(file: &str) -> Vec<Grid> {
    parse_all(&read(data(file)), &ParseOptions::default())
        .into_iter()
        .map(|r| r.result.unwrap().into_grid())
        .collect()
}

#[test]
fn learning_agrees_with_backtracking_on_gecode_16x16() {
    let rules = Rules::classic(4, 4);
    for (i, g) in puzzles("gecode_16x16.txt").iter().enumerate() {
        let a = solutions(g, Engine::Learning, 2, &rules);
        let b = solutions(g, Engine::Backtrack, 2, &rules);
        assert_eq!(a.len(), 1, "puzzle {}", i + 1);
        assert_eq!(a, b, "puzzle {}", i + 1);
    }
}

#[test]
fn learning_agrees_with_backtracking_on_hard_9x9() {
    let rules = Rules::classic(3, 3);
    let text = read(data("puzzles3_magictour_top1465"));
    for line in text.lines().filter(|l| l.len() == 81).take(300) {
        let g = Grid::from_line(line).unwrap();
        let a = solutions(&g, Engine::Learning, 2, &rules);
        assert_eq!(a, solutions(&g, Engine::Backtrack, 2, &rules), "{line}");
        assert_eq!(a, solutions(&g, Engine::Auto, 2, &rules), "{line}");
    }
}

#[test]
fn learning_enumerates_small_grids_completely() {
    // 4×4: 288 grids; 6×6 with two rows given leaves a few hundred.
    let empty4 = Grid::from_line(&".".repeat(16)).unwrap();
    assert_eq!(
        solve::solutions_with_engine(&empty4, Engine::Learning, Limits::none()).count(),
        288
    );
    let geo = Arc::new(Geometry::square(BoxShape::new(2, 3), &[]).unwrap());
    let mut cells = vec![0u16; 36];
    cells[..12].copy_from_slice(&[1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3]);
    let g = Grid::new(geo, cells);
    let rules = Rules::classic(2, 3);
    let a = solutions(&g, Engine::Learning, usize::MAX, &rules);
    let b = solutions(&g, Engine::Backtrack, usize::MAX, &rules);
    assert!(a.len() > 10);
    assert_eq!(a, b);
}

/// Variants give some cells more groups than others (a diagonal cell of
/// Sudoku X is in five units, the others in four), which the learning
/// solver pads: every grid of small variant boards, against known counts
/// and the backtracking search, each grid checked.
#[test]
fn learning_enumerates_variant_grids_completely() {
    let square = |r: usize, c: usize, variants: &[Variant]| {
        Arc::new(Geometry::square(BoxShape::new(r, c), variants).unwrap())
    };
    let cases: [(Arc<Geometry>, Rules, Option<usize>); 4] = [
        (
            square(2, 2, &[Variant::Diagonals]),
            Rules {
                diagonals: true,
                ..Rules::classic(2, 2)
            },
            Some(48),
        ),
        (
            square(2, 2, &[Variant::DisjointGroups]),
            Rules {
                disjoint: true,
                ..Rules::classic(2, 2)
            },
            Some(168),
        ),
        (
            square(2, 2, &[Variant::Windows]),
            Rules {
                windows: true,
                ..Rules::classic(2, 2)
            },
            None,
        ),
        (
            square(2, 3, &[Variant::Diagonals]),
            Rules {
                diagonals: true,
                ..Rules::classic(2, 3)
            },
            None,
        ),
    ];
    for (geo, rules, known) in cases {
        let mut cells = vec![0u16; geo.cell_count()];
        if geo.n() == 6 {
            // Two rows given keep the 6×6 enumeration small.
            let g = solve::solutions_with_engine(
                &Grid::new(geo.clone(), cells.clone()),
                Engine::Backtrack,
                Limits::none(),
            )
            .next()
            .unwrap();
            cells[..12].copy_from_slice(&g.cells()[..12]);
        }
        let g = Grid::new(geo.clone(), cells);
        let a = solutions(&g, Engine::Learning, usize::MAX, &rules);
        let b = solutions(&g, Engine::Backtrack, usize::MAX, &rules);
        if let Some(k) = known {
            assert_eq!(a.len(), k);
        }
        assert!(a.len() > 1);
        assert!(a.windows(2).all(|w| w[0] != w[1]), "a grid repeated");
        assert_eq!(a, b);
    }
    // The 9×9 hypercube with its first row fixed: 104 grids.
    let hyper = square(3, 3, &[Variant::Hypercube]);
    let mut cells = vec![0u16; 81];
    for (c, v) in cells.iter_mut().take(9).enumerate() {
        *v = c as u16 + 1;
    }
    let rules = Rules {
        hypercube: true,
        ..Rules::classic(3, 3)
    };
    let a = solutions(
        &Grid::new(hyper, cells),
        Engine::Learning,
        usize::MAX,
        &rules,
    );
    assert_eq!(a.len(), 104);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Random holes in a known 9×9 solution: both engines give the same
    /// solutions when there are fewer than 50 (all checked); with more, each
    /// gives 50 distinct valid ones (orders differ, so subsets may too).
    #[test]
    fn learning_matches_backtracking_on_random_holes(mask in proptest::collection::vec(any::<bool>(), 81)) {
        let solution = "859612437723854169164379528986147352375268914241593786432981675617425893598736241";
        let line: String = solution
            .chars()
            .zip(&mask)
            .map(|(c, &keep)| if keep { c } else { '.' })
            .collect();
        let g = Grid::from_line(&line).unwrap();
        let rules = Rules::classic(3, 3);
        let a = solutions(&g, Engine::Learning, 50, &rules);
        let b = solutions(&g, Engine::Backtrack, 50, &rules);
        prop_assert!(!a.is_empty());
        let mut distinct = a.clone();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), a.len());
        if a.len() < 50 || b.len() < 50 {
            prop_assert_eq!(a, b);
        }
    }
}

/// The two easier 25×25 puzzles (9 and 10) of the Frisch file: unique.
#[test]
fn frisch_easier_two_unique() {
    let rules = Rules::classic(5, 5);
    for g in &puzzles("frisch_25x25.txt")[8..] {
        let s = solutions(g, Engine::Auto, 2, &rules);
        assert_eq!(s.len(), 1);
    }
}

/// Every Frisch 25×25 puzzle (eight of them minimal) has exactly one
/// solution, found and proven by the default search; the solution passes the
/// independent checker. About half a minute in release on two cores (two
/// solvers race; puzzle 1 is half of it): see BENCHMARKS.md and
/// benchmarks/history/large-grids.md.
#[test]
#[ignore = "expensive: run in release"]
fn frisch_25x25_all_unique() {
    let rules = Rules::classic(5, 5);
    for (i, g) in puzzles("frisch_25x25.txt").iter().enumerate() {
        let s = solutions(g, Engine::Auto, 2, &rules);
        assert_eq!(s.len(), 1, "puzzle {}", i + 1);
    }
}

/// The 400×400 singles puzzle through the learning-capable default search.
#[test]
#[ignore = "expensive: run in release"]
fn kociemba_400x400_unique() {
    let g = &puzzles("kociemba_400x400_singles.txt")[0];
    let s = solutions(g, Engine::Auto, 2, &Rules::classic(20, 20));
    assert_eq!(s.len(), 1);
}

/// Empty grids of 36×36, 49×49 and 64×64 are filled with valid solutions.
#[test]
#[ignore = "expensive: run in release"]
fn empty_large_grids_filled() {
    for k in [6usize, 7, 8] {
        let geo = Arc::new(Geometry::square(BoxShape::new(k, k), &[]).unwrap());
        let g = Grid::empty(geo);
        let s = solve::solve(&g)
            .unwrap()
            .expect("an empty grid has solutions");
        check(&Rules::classic(k, k), g.cells(), s.cells()).unwrap();
    }
}

/// An expired deadline stops an endless enumeration and says so.
#[test]
fn expired_limits_interrupt_enumeration() {
    let g = Grid::from_line(&".".repeat(81)).unwrap();
    let mut s = solve::unchecked_solutions_within(&g, Limits::timeout(std::time::Duration::ZERO));
    let n = s.by_ref().take(1_000_000).count();
    assert!(n < 1_000_000);
    assert!(s.interrupted());
    let mut s = solve::unchecked_solutions(&g);
    assert!(s.next().is_some());
    assert!(!s.interrupted());
}
