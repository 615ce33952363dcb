//! Canonical form (minlex) of classic 9×9 puzzles, to recognise the same
//! puzzle under another disguise.
//!
//! Two 9×9 puzzles are equivalent when one is obtained from the other by the
//! validity-preserving transformations: transposition, permuting the three
//! bands, the rows inside each band, the three stacks, the columns inside each
//! stack, and relabelling the digits. The canonical form is the smallest of
//! all equivalent puzzles read as an 81-character line, with blanks as `0`
//! (so smaller than any digit) and digits relabelled in order of first
//! appearance.
//!
//! The search fixes a column order (2 × 6⁴ = 2,592 choices with the
//! transposition) and then builds the rows top to bottom by depth-first
//! search, abandoning a branch as soon as its prefix is larger than the best
//! found so far. Most branches die on their first row, so a puzzle takes well
//! under a millisecond.

use crate::geometry::ORDERS_OF_THREE as PERMS3;
use crate::grid::Grid;

/// The canonical (minlex) form of a classic 9×9 grid, or `None` for other
/// shapes and for variants (whose symmetry groups differ).
///
/// ```
/// use sudokit::{canon, Grid};
/// let a = Grid::from_line("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.").unwrap();
/// let c = canon::minlex(&a).unwrap();
/// assert_eq!(c.len(), 81);
/// assert_eq!(canon::minlex(&Grid::from_line(&c).unwrap()).unwrap(), c);
/// ```
pub fn minlex(grid: &Grid) -> Option<String> {
    let geo = grid.geometry();
    // Jigsaw regions also make 27 units, but the classic symmetries do not
    // preserve them: any variant, jigsaw included, has no minlex form here.
    if geo.n() != 9
        || geo.box_shape().rows != 3
        || geo.units().len() != 27
        || !geo.variants().is_empty()
    {
        return None;
    }
    let mut cells = [0u8; 81];
    for (i, &v) in grid.cells().iter().enumerate() {
        cells[i] = v as u8;
    }
    let best = minlex_cells(&cells);
    Some(best.iter().map(|&v| (b'0' + v) as char).collect())
}

/// Minlex of 81 values (0 = blank).
fn minlex_cells(cells: &[u8; 81]) -> [u8; 81] {
    let mut transposed = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            transposed[c * 9 + r] = cells[r * 9 + c];
        }
    }
    let mut search = Search {
        best: [u8::MAX; 81],
        grid: [0; 81],
        cols: [0; 9],
    };
    for source in [cells, &transposed] {
        search.grid = *source;
        for stacks in PERMS3 {
            for p0 in PERMS3 {
                for p1 in PERMS3 {
                    for p2 in PERMS3 {
                        let within = [p0, p1, p2];
                        for (j, col) in search.cols.iter_mut().enumerate() {
                            *col = stacks[j / 3] * 3 + within[j / 3][j % 3];
                        }
                        search.rows(0, 0, 0, [0; 10], 0);
                    }
                }
            }
        }
    }
    search.best
}

struct Search {
    best: [u8; 81],
    grid: [u8; 81],
    /// Source column of each output column.
    cols: [usize; 9],
}

impl Search {
    /// Places output row `k`. `used_rows`/`used_bands` are bit sets of source
    /// rows and bands already placed; `band` is the source band of the current
    /// output band; `labels[d]` is the new name of digit `d` (0 = not yet).
    fn rows(&mut self, k: usize, used_rows: u16, used_bands: u8, labels: [u8; 10], band: usize) {
        if k == 9 {
            return;
        }
        let candidates: Vec<(usize, usize)> = if k % 3 == 0 {
            (0..3)
                .filter(|b| used_bands & (1 << b) == 0)
                .flat_map(|b| (0..3).map(move |i| (b, b * 3 + i)))
                .collect()
        } else {
            (0..3).map(|i| (band, band * 3 + i)).collect()
        };
        for (b, row) in candidates {
            if used_rows & (1 << row) != 0 {
                continue;
            }
            let mut labels = labels;
            let mut next_label = labels.iter().filter(|&&l| l != 0).count() as u8 + 1;
            let mut out = [0u8; 9];
            for (j, o) in out.iter_mut().enumerate() {
                let v = self.grid[row * 9 + self.cols[j]] as usize;
                if v != 0 {
                    if labels[v] == 0 {
                        labels[v] = next_label;
                        next_label += 1;
                    }
                    *o = labels[v];
                }
            }
            let target = &self.best[k * 9..k * 9 + 9];
            match out.as_slice().cmp(target) {
                std::cmp::Ordering::Greater => continue,
                std::cmp::Ordering::Less => {
                    // A new best prefix: whatever follows it beats the old best.
                    self.best[k * 9..k * 9 + 9].copy_from_slice(&out);
                    self.best[k * 9 + 9..].fill(u8::MAX);
                }
                std::cmp::Ordering::Equal => {}
            }
            self.rows(
                k + 1,
                used_rows | (1 << row),
                used_bands | (1 << b),
                labels,
                b,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies a transformation chosen from `seed` (independent of the search
    /// order above): transpose, band/row/stack/column permutations, relabel.
    fn disguise(line: &str, seed: u64) -> String {
        let mut x = seed | 1;
        let mut next = |k: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % k as u64) as usize
        };
        let perm3 = |next: &mut dyn FnMut(usize) -> usize| PERMS3[next(6)];
        let v: Vec<u8> = line
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        let bands = perm3(&mut next);
        let stacks = perm3(&mut next);
        let rows: Vec<usize> = (0..9)
            .map(|i| bands[i / 3] * 3 + PERMS3[(i / 3 * 7 + seed as usize) % 6][i % 3])
            .collect();
        let cols: Vec<usize> = (0..9)
            .map(|j| stacks[j / 3] * 3 + PERMS3[(j / 3 * 5 + seed as usize / 3) % 6][j % 3])
            .collect();
        let mut relabel: Vec<u8> = (1..=9).collect();
        for i in (1..9).rev() {
            relabel.swap(i, next(i + 1));
        }
        let transpose = next(2) == 1;
        let mut out = String::new();
        for &row in &rows {
            for &col in &cols {
                let (sr, sc) = if transpose { (col, row) } else { (row, col) };
                let d = v[sr * 9 + sc];
                out.push(if d == 0 {
                    '.'
                } else {
                    (b'0' + relabel[d as usize - 1]) as char
                });
            }
        }
        out
    }

    fn canon_line(line: &str) -> String {
        minlex(&Grid::from_line(line).unwrap()).unwrap()
    }

    #[test]
    fn disguises_share_one_canonical_form() {
        for line in [
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ] {
            let c = canon_line(line);
            for seed in 1..20 {
                let d = disguise(line, seed * 7919);
                assert_eq!(canon_line(&d), c, "disguise {d}");
            }
            assert_eq!(canon_line(&c), c);
            assert!(c.as_str() <= line.replace('.', "0").as_str());
        }
    }

    #[test]
    fn jigsaw_and_variants_have_no_form() {
        use crate::geometry::{BoxShape, Geometry, Variant};
        use std::sync::Arc;
        // Boxes with two cells swapped: still 27 units, but not classic.
        let mut regions: Vec<u16> = (0..81)
            .map(|i| ((i / 27) * 3 + (i % 9) / 3) as u16)
            .collect();
        regions.swap(3, 20);
        for v in [Variant::Jigsaw(regions), Variant::Diagonals] {
            let geo = Geometry::square(BoxShape::new(3, 3), &[v]).unwrap();
            assert_eq!(minlex(&Grid::empty(Arc::new(geo))), None);
        }
    }

    #[test]
    fn the_smallest_grid_is_its_own_form() {
        let g = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        assert_eq!(canon_line(g), g);
    }

    #[test]
    fn different_puzzles_differ() {
        let a = canon_line(
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        );
        let b = canon_line(
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        );
        assert_ne!(a, b);
    }
}
