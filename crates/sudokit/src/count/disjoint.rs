//! The number of grids with disjoint groups, by first-band classes.
//!
//! Write a cell as (band `i`, row `a` in the band, stack `j`, column `b` in
//! the stack). Rows fix `(i, a)`, columns `(j, b)`, boxes `(i, j)` and the
//! disjoint groups `(a, b)`. Every grid has exactly one relabelling of its
//! digits that makes the first row read `1 2 … N`, so
//!
//! ```text
//! grids = N! · Σ over first bands F with that first row of  M(F)
//! ```
//!
//! with `M(F)` the number of ways to fill the other bands under `F`. `M` is
//! unchanged by permuting the rows `a` (the same way in every band), the
//! stacks `j`, and the columns `b` (the same way in every stack), each
//! followed by the relabelling that restores the first row: all of them map
//! rows, columns, boxes and groups to rows, columns, boxes and groups. So the
//! first bands are grouped into classes under these `a! · a! · b!`
//! transformations (216 on 9×9: 2,612,736 first bands fall into a few
//! thousand classes), and `M` is counted once per class by a search over the
//! remaining cells (fewest candidates first). The counting itself is the
//! engine of `count::classes`; this module gives it the groups and the
//! transformations.

use super::bands::permutations;
use super::classes::{self, Family, Shape};
use super::{Count, Options};
use crate::geometry::BoxShape;

/// The box shapes this method takes: those of the first-band class engine.
pub(crate) fn applies(shape: BoxShape) -> bool {
    classes::applies(shape)
}

/// Disjoint groups as a family of the engine: group `(a, b)` is unit
/// `a · b_max + b`, and the `a!·a!·b!` transformations above.
fn family(shape: BoxShape) -> Family {
    let Shape { bh, bw, n } = Shape::new(shape);
    let group = |r: usize, c: usize| vec![(r % bh) * bw + c % bw];
    let mut maps = Vec::new();
    for ra in permutations(bh) {
        for sj in permutations(n / bw) {
            for cb in permutations(bw) {
                // Target (a', j', b') takes source (ra[a'], sj[j'], cb[b']).
                let cols = (0..n).map(|c| sj[c / bw] * bw + cb[c % bw]).collect();
                maps.push((ra.clone(), cols));
            }
        }
    }
    Family::new(shape, group, maps)
}

/// The number of `shape` grids with disjoint groups (see the module docs).
pub(crate) fn count(shape: BoxShape, opts: &Options) -> Count {
    classes::count(&family(shape), opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::classes::{band_of, canonical, checks, completions_of};
    use crate::count::Stop;
    use crate::limits::Limits;

    #[test]
    fn classes_are_sound() {
        for (r, c) in [(2, 2), (2, 3), (3, 2)] {
            checks::classes_are_sound(&family(BoxShape::new(r, c)));
        }
    }

    #[test]
    fn four_by_four_has_168_grids() {
        let c = count(BoxShape::new(2, 2), &Options::default());
        assert_eq!(c, Count::Exact(168u32.into()));
    }

    /// The per-class search against the enumerating counter of
    /// `count::completions` on the disjoint-groups geometry, under two 9×9
    /// first bands and three more cells of the first column (the band alone
    /// takes the enumerator a quarter of an hour; with the three cells, 2.1
    /// million and 6,914 completions, a few seconds).
    #[test]
    #[ignore = "enumerates every completion of two 9x9 first bands; run with --release -- --ignored"]
    fn search_agrees_with_enumeration_under_a_first_band() {
        use crate::geometry::{Geometry, Variant};
        use crate::grid::Grid;
        use std::sync::Arc;
        let geo =
            Arc::new(Geometry::square(BoxShape::new(3, 3), &[Variant::DisjointGroups]).unwrap());
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        let f = family(BoxShape::new(3, 3));
        for (band, column) in [
            ("123456789456789123789123456", [2, 5, 8]),
            ("123456789457189236968237145", [3, 5, 6]),
        ] {
            let mut values: Vec<u8> = band.bytes().map(|b| b - b'0').collect();
            values.resize(81, 0);
            for (row, d) in (3..).zip(column) {
                values[row * 9] = d;
            }
            let mine = completions_of(&f, &values, &stop).unwrap();
            let grid = Grid::new(geo.clone(), values.iter().map(|&v| v as u16).collect());
            let plain =
                crate::count::completions_by_enumeration(&grid, &Options::default()).unwrap();
            assert_eq!(plain, Count::Exact(mine.into()), "{band}");
            assert!(mine > 0, "{band}");
        }
    }

    /// A band moved by any of the transformations (and relabelled) has the
    /// same class as the band itself.
    #[test]
    fn classes_are_invariant() {
        let f = family(BoxShape::new(3, 3));
        let s = f.shape;
        assert_eq!(f.syms.len(), 216);
        let board: Vec<u8> = "123456789457189236968237145"
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let band = band_of(s, &board);
        let k = canonical(s, &band, &f.syms);
        for src in f.syms.iter().step_by(7) {
            let moved: Vec<u8> = src.iter().map(|&i| band[i]).collect();
            let mut lambda = [0u8; 9];
            for c in 0..9 {
                lambda[moved[c] as usize] = c as u8;
            }
            let relabelled: Vec<u8> = moved.iter().map(|&d| lambda[d as usize]).collect();
            assert_eq!(canonical(s, &relabelled, &f.syms), k);
        }
    }
}
