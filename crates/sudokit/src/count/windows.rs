//! The number of 9×9 windoku grids (four extra 3×3 windows, rows and
//! columns 1–3 and 5–7), by first-band classes.
//!
//! As for the other families of `count::classes`, `grids = 9! · Σ M(F)`
//! over the first bands `F` whose first row reads `1 2 … 9`, with `M(F)` the
//! number of windoku grids with first band `F`; the first bands are grouped
//! into classes of equal `M` and each class is counted once.
//!
//! The nine regions. Split the indices `0..9` into the classes
//! `A = {0, 4, 8}`, `B = {1, 2, 3}` and `C = {5, 6, 7}`. The board is the
//! disjoint union of the nine regions `X × Y` (rows in class `X`, columns in
//! class `Y`), nine cells each; the four windows are `B×B`, `B×C`, `C×B` and
//! `C×C`. In a windoku grid the other five are all-different too:
//!
//! * `A×B`: the three columns of `B` hold every digit three times; the
//!   windows `B×B` and `C×B` hold it once each, so the nine cells left,
//!   `A×B`, hold it exactly once. `A×C`, `B×A` and `C×A` alike.
//! * `A×A`: the three rows of `A` hold every digit three times; `A×B` and
//!   `A×C` hold it once each, so `A×A` holds it once.
//!
//! Conversely a sudoku grid whose nine regions are all-different has its
//! windows all-different. So a grid is windoku iff its nine regions are, and
//! the family has one extra unit per cell: region `3·class(r) + class(c)`.
//!
//! The transformations. A cell map `(r, c) → (p(r), q(c))` maps rows to
//! rows and columns to columns; it maps boxes to boxes iff `p` maps bands to
//! bands and `q` stacks to stacks; it maps regions to regions iff `p` and `q`
//! map classes to classes (`X × Y → p(X) × q(Y)`); and it keeps the first
//! band on top iff `p` maps band 1 onto itself. Such a map takes windoku
//! grids with first band `F` one-to-one onto windoku grids with first band
//! `g(F)`, so `M(g(F)) = M(F)`, and the relabelling that restores the first
//! row keeps every unit. The maps form a group (a product of the group of
//! such `p` and the group of such `q`), so the classes are well defined.
//!
//! On 9×9 there are 4 row maps and 8 column maps, 32 in all. Band 1
//! (`A, B, B`) meets `A` once, `B` twice and `C` never; `p` keeps band 1,
//! so it maps `A → A`, `B → B` and `C → C`. Band 2 (`B, A, C`) meets every
//! class once and band 3 (`C, C, A`) meets `C` twice, so they cannot swap.
//! Hence `p` fixes rows 0, 3, 4, 5 and 8 (each the only row of its class in
//! its band) and swaps rows 1 and 2 or not, and rows 6 and 7 or not. The
//! column maps need not keep stack 1: either the stacks stay, and `q` is
//! one of the same 4, or stacks 1 and 3 swap (stack 2 cannot move, as
//! above), which maps `A → A` and `B ↔ C`: one of the 4 composed with the
//! reversal `c → 8 − c`. A transpose would move the first band to the
//! first stack. The maps are computed from these conditions
//! ([`keeps_structure`]), not listed.
//!
//! Windows on other box shapes (`geometry.rs` places them one cell from the
//! edges, one cell apart) do not partition the board this way, so this
//! method takes only 3×3 boxes.

use super::bands::permutations;
use super::classes::{self, Family};
use super::{Count, Options};
use crate::geometry::BoxShape;

/// The box shapes this method takes: 3×3 only (see the module docs).
pub(crate) fn applies(shape: BoxShape) -> bool {
    shape.rows == 3 && shape.cols == 3 && classes::applies(shape)
}

/// The class of a row or column index on 9×9: 0 for `A = {0, 4, 8}`, 1 for
/// `B = {1, 2, 3}`, 2 for `C = {5, 6, 7}`.
fn class(i: usize) -> usize {
    match i {
        0 | 4 | 8 => 0,
        1..=3 => 1,
        _ => 2,
    }
}

/// Whether the permutation `p` of `0..9` maps blocks of three (bands or
/// stacks) to blocks and classes to classes.
fn keeps_structure(p: &[usize]) -> bool {
    let same = |f: &dyn Fn(usize) -> usize| {
        (0..9).all(|i| (0..9).all(|j| (f(i) == f(j)) == (f(p[i]) == f(p[j]))))
    };
    same(&|i| i / 3) && same(&class)
}

/// The row maps `p` (bands, classes and the first band kept) and the column
/// maps `q` (stacks and classes kept).
fn row_and_column_maps() -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let (rows, cols): (Vec<_>, Vec<_>) = permutations(9)
        .into_iter()
        .filter(|p| keeps_structure(p))
        .partition(|p| p[..3].iter().all(|&r| r < 3));
    // `rows` ⊂ the structure-keeping maps, so the column maps are both parts.
    let mut all_cols = rows.clone();
    all_cols.extend(cols);
    (rows, all_cols)
}

/// Windoku as a family of the engine: region `3·class(r) + class(c)` is
/// the extra unit of cell `(r, c)`, and the 32 maps of the module docs. (The
/// maps form a group, so using each as a source map instead of a target map
/// gives the same set of transformations; the engine drops the ones that
/// move the first band alike.)
fn family(shape: BoxShape) -> Family {
    assert!(applies(shape), "windoku classes need 3x3 boxes");
    let (rows, cols) = row_and_column_maps();
    let maps = rows
        .iter()
        .flat_map(|p| cols.iter().map(move |q| (p.clone(), q.clone())));
    Family::new(shape, |r, c| vec![3 * class(r) + class(c)], maps)
}

/// The number of 9×9 windoku grids (see the module docs).
pub(crate) fn count(shape: BoxShape, opts: &Options) -> Count {
    classes::count(&family(shape), opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::classes::{board_of, checks, classes, completions_of};
    use crate::count::Stop;
    use crate::limits::Limits;

    #[test]
    fn nine_by_nine_has_32_transformations() {
        let (rows, cols) = row_and_column_maps();
        assert_eq!(rows.len(), 4);
        assert_eq!(cols.len(), 8);
        let reversal: Vec<usize> = (0..9).rev().collect();
        assert!(cols.contains(&reversal));
        for p in &rows {
            for r in [0, 3, 4, 5, 8] {
                assert_eq!(p[r], r);
            }
        }
        // Swapping rows 6 and 7 does not move a cell of the first band, so
        // the 32 maps act on first bands as 16 distinct transformations.
        let f = family(BoxShape::new(3, 3));
        assert_eq!(f.syms.len(), 16);
    }

    /// Every one of the 32 maps takes each row, column, box and region to
    /// a row, column, box and region, and the first band onto itself.
    #[test]
    fn maps_keep_every_unit_and_the_first_band() {
        let key = |r: usize, c: usize| {
            [
                (0, r),
                (1, c),
                (2, 3 * (r / 3) + c / 3),
                (3, 3 * class(r) + class(c)),
            ]
        };
        let (rows, cols) = row_and_column_maps();
        for p in &rows {
            assert!((0..3).all(|r| p[r] < 3));
            for q in &cols {
                // Cells in one unit before the map are in one unit of the
                // same kind after it, and the other way round.
                for a in 0..81 {
                    for b in 0..81 {
                        let (ka, kb) = (key(a / 9, a % 9), key(b / 9, b % 9));
                        let (ma, mb) = (key(p[a / 9], q[a % 9]), key(p[b / 9], q[b % 9]));
                        for kind in 0..4 {
                            assert_eq!(ka[kind] == kb[kind], ma[kind] == mb[kind]);
                        }
                    }
                }
            }
        }
    }

    /// The regions partition the board into nine sets of nine cells, four of
    /// them the windows of `geometry.rs`.
    #[test]
    fn regions_partition_the_board_and_contain_the_windows() {
        use crate::geometry::{Geometry, UnitKind, Variant};
        let f = family(BoxShape::new(3, 3));
        let mut sizes = [0; 9];
        for e in &f.extra {
            assert_eq!(e.len(), 1);
            sizes[e[0]] += 1;
        }
        assert_eq!(sizes, [9; 9]);
        let geo = Geometry::square(BoxShape::new(3, 3), &[Variant::Windows]).unwrap();
        let windows: Vec<_> = geo
            .units()
            .iter()
            .filter(|u| u.kind == UnitKind::Window)
            .collect();
        assert_eq!(windows.len(), 4);
        for w in windows {
            let region = f.extra[w.cells[0] as usize][0];
            assert!(w.cells.iter().all(|&c| f.extra[c as usize] == [region]));
        }
    }

    /// The engine's shared checks on 9×9: class sizes add up to the first
    /// bands counted by brute force, every key is its own canonical form,
    /// and a sample of classes keeps its `M` under every transformation.
    /// (About 20 s: the brute force checks every plain first band.)
    #[test]
    fn classes_are_sound() {
        let f = family(BoxShape::new(3, 3));
        checks::classes_are_sound(&f);
        let budget = Limits::none();
        let classes = classes(&f, &Stop::new(&budget)).unwrap();
        assert_eq!(classes.len(), 12_576);
    }

    /// On 9×9, the per-class search (nine regions) against the enumerating
    /// counter of `count::completions` on the windoku geometry (the four
    /// windows only, and nothing of classes or of this search) under the
    /// representatives of two classes; and each of the 32 maps, applied to
    /// the whole partial board and followed by the relabelling that restores
    /// the first row, keeps that counter's count. This checks both the
    /// implied regions and the invariance on the real shape with an
    /// independent counter.
    #[test]
    #[ignore = "enumerates every completion of 9x9 first bands; run with --release -- --ignored"]
    fn search_agrees_with_enumeration_under_9x9_first_bands() {
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        let f = family(BoxShape::new(3, 3));
        let enumerate = checks::enumerated_9x9(crate::geometry::Variant::Windows);
        let classes = classes(&f, &stop).unwrap();
        let (rows, cols) = row_and_column_maps();
        for (i, &(key, _)) in [0, classes.len() / 2].iter().map(|&i| (i, &classes[i])) {
            let values = board_of(f.shape, key);
            let mine = completions_of(&f, &values, &stop).unwrap();
            assert!(mine > 0, "class {i}");
            assert_eq!(enumerate(&values), Count::Exact(mine.into()), "class {i}");
            for p in &rows {
                for q in &cols {
                    // Cell (r, c) takes cell (p(r), q(c)); p fixes row 0, so
                    // the moved first row is whole and fixes the relabelling.
                    let moved: Vec<u8> = (0..81).map(|t| values[p[t / 9] * 9 + q[t % 9]]).collect();
                    let other = checks::first_row_in_order(&moved, 9);
                    assert_eq!(&other[..9], &values[..9]);
                    assert_eq!(
                        enumerate(&other),
                        Count::Exact(mine.into()),
                        "class {i}, {p:?} {q:?}"
                    );
                }
            }
        }
    }
}
