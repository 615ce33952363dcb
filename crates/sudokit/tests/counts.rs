//! Solution counts by enumeration, against published numbers. Every enumerated
//! solution is also verified by the independent checker.

mod support;

use std::sync::Arc;

use sudokit::{solve, BoxShape, Geometry, Grid, Variant};
use support::{check, check_cube, Rules};

/// Enumerates every solution of `grid`, checks each, and returns how many.
fn enumerate(grid: &Grid, rules: Option<&Rules>) -> u64 {
    let mut k = 0;
    for s in solve::solutions(grid).unwrap() {
        match rules {
            Some(r) => check(r, grid.cells(), s.cells()).unwrap(),
            None => {
                let b = grid.geometry().box_shape();
                check_cube(b.rows, b.cols, s.cells()).unwrap()
            }
        }
        k += 1;
    }
    k
}

fn empty(shape: BoxShape, variants: &[Variant]) -> Grid {
    Grid::empty(Arc::new(Geometry::square(shape, variants).unwrap()))
}

#[test]
fn empty_4x4_has_288_grids() {
    let g = empty(BoxShape::new(2, 2), &[]);
    assert_eq!(enumerate(&g, Some(&Rules::classic(2, 2))), 288);
}

#[test]
fn sudoku_x_4x4_has_48_grids() {
    let g = empty(BoxShape::new(2, 2), &[Variant::Diagonals]);
    let r = Rules {
        diagonals: true,
        ..Rules::classic(2, 2)
    };
    assert_eq!(enumerate(&g, Some(&r)), 48);
}

#[test]
fn disjoint_groups_4x4_has_168_grids() {
    let g = empty(BoxShape::new(2, 2), &[Variant::DisjointGroups]);
    let r = Rules {
        disjoint: true,
        ..Rules::classic(2, 2)
    };
    assert_eq!(enumerate(&g, Some(&r)), 168);
}

#[test]
fn cube_4x4x4_has_768_and_32_with_row_fixed() {
    let geo = Arc::new(Geometry::cube(BoxShape::new(2, 2)).unwrap());
    let g = Grid::empty(geo.clone());
    assert_eq!(enumerate(&g, None), 768);
    let mut fixed = Grid::empty(geo);
    for (i, v) in [1, 2, 3, 4].into_iter().enumerate() {
        fixed.set(i, v);
    }
    assert_eq!(enumerate(&fixed, None), 32);
}

#[test]
fn hypercube_9x9_has_104_with_first_row_fixed() {
    let mut g = empty(BoxShape::new(3, 3), &[Variant::Hypercube]);
    for c in 0..9 {
        g.set(c, c as u16 + 1);
    }
    let r = Rules {
        hypercube: true,
        ..Rules::classic(3, 3)
    };
    assert_eq!(enumerate(&g, Some(&r)), 104);
}

/// Seed 003's relabelling argument: fixing row 1 to 1..6 leaves 1/6! of the grids.
#[test]
fn six_by_six_by_relabelling() {
    let mut g = empty(BoxShape::new(2, 3), &[]);
    for c in 0..6 {
        g.set(c, c as u16 + 1);
    }
    let with_row_fixed = enumerate(&g, Some(&Rules::classic(2, 3)));
    assert_eq!(with_row_fixed, 39_168);
    assert_eq!(with_row_fixed * 720, 28_200_960);
}

/// The full 6×6 enumeration (28 million grids); release mode, run by CI.
#[test]
#[ignore = "release-mode: enumerates 28 million grids"]
fn six_by_six_full_enumeration() {
    let g = empty(BoxShape::new(2, 3), &[]);
    let mut s = solve::solutions(&g).unwrap();
    let mut k = 0u64;
    while s.skip_one() {
        k += 1;
    }
    assert_eq!(k, 28_200_960);
}

#[test]
fn count_respects_its_limit() {
    let g = empty(BoxShape::new(2, 2), &[]);
    assert_eq!(solve::count(&g, 2).unwrap(), 2);
    assert_eq!(solve::count(&g, 0).unwrap(), 288);
    assert_eq!(solve::count(&g, 1000).unwrap(), 288);
}

#[test]
fn windoku_and_jigsaw_solutions_check_out() {
    // An empty windoku: take a few solutions and check them independently.
    let g = empty(BoxShape::new(3, 3), &[Variant::Windows]);
    let r = Rules {
        windows: true,
        ..Rules::classic(3, 3)
    };
    for s in solve::solutions(&g).unwrap().take(20) {
        check(&r, g.cells(), s.cells()).unwrap();
    }
    // Jigsaw regions given by label, drawn here as the 2×2 boxes: the region
    // units must replace the boxes exactly, giving the plain count.
    let regions: Vec<u16> = (0..16)
        .map(|i| ((i / 8) * 2 + (i % 4) / 2) as u16)
        .collect();
    let g = empty(BoxShape::new(2, 2), &[Variant::Jigsaw(regions)]);
    assert_eq!(solve::count(&g, 0).unwrap(), 288);
}
