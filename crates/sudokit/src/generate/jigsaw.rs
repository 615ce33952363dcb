//! Random jigsaw layouts, and the board a run of puzzles is generated on.
//!
//! A layout starts as the regular boxes of the box shape and is shuffled by
//! many random exchanges across region borders: a cell of region A next to
//! region B moves to B while a cell of B touching A moves to A, and the
//! exchange is kept only if both regions stay orthogonally connected. Every
//! region therefore keeps exactly N cells and stays in one piece.
//!
//! Some layouts admit no solution grid at all (the rows, columns and regions
//! cannot be filled together). [`random_jigsaw`] proves a grid exists before
//! handing a layout out and draws another one when it does not, up to
//! [`LAYOUT_TRIES`] layouts. The proof is a search under a guess budget, so a
//! layout whose search runs long is also redrawn; that only depends on the
//! layout, so the result is as reproducible as the rest of the generator.
//!
//! With [`Board::RandomJigsaw`] every puzzle of a run gets its own layout,
//! drawn from the puzzle's random stream ([`rng_for`]`(seed, index)`) just
//! before its solution grid: puzzle `i` of a seed is the same layout and the
//! same puzzle whatever the number of puzzles or threads.
//!
//! ```
//! use sudokit::generate::{jigsaw, rng_for, Board, GenerateOptions};
//! use sudokit::{solve, BoxShape, Variant};
//! let regions = jigsaw::random_regions(BoxShape::new(3, 3), &mut rng_for(5, 0));
//! assert_eq!(regions.len(), 81);
//! assert!(jigsaw::is_layout(&regions, 9));
//! assert_eq!(regions, jigsaw::random_regions(BoxShape::new(3, 3), &mut rng_for(5, 0)));
//!
//! // A puzzle on a fresh random layout, which it carries in its geometry.
//! let board = Board::new(BoxShape::new(3, 3), &["jigsaw"], None, false).unwrap();
//! let p = board.generate(&GenerateOptions::default(), 5, 0).unwrap();
//! assert!(matches!(p.puzzle.geometry().variants(), [Variant::Jigsaw(_)]));
//! assert_eq!(solve::count(&p.puzzle, 2).unwrap(), 1);
//! ```

use std::collections::VecDeque;
use std::sync::Arc;

use rand::seq::IndexedRandom;
use rand::Rng;

use super::{generate_from, rng_for, GenerateError, GenerateOptions, Generated};
use crate::geometry::{BoxShape, Geometry, Layout, Variant};
use crate::solve::ExclusionCheck;

/// Layouts [`random_jigsaw`] draws before giving up with
/// [`GenerateError::NoLayout`].
pub const LAYOUT_TRIES: usize = 50;

/// The largest N for which [`Board::new`] offers random jigsaw layouts. On
/// 9×9 most layouts are filled within a few guesses and a puzzle takes
/// milliseconds; on 12×12 about two layouts in three exhaust
/// [`LAYOUT_CHECK_BUDGET`] and a puzzle's uniqueness checks take seconds,
/// on 16×16 nearly every layout exhausts it and puzzles take minutes.
pub const RANDOM_JIGSAW_MAX_N: usize = 9;

/// Guesses the search proving that a layout has a solution grid may make
/// before the layout is redrawn. Layouts with a grid are almost always
/// filled with a handful of guesses.
pub const LAYOUT_CHECK_BUDGET: u64 = 20_000;

/// A random jigsaw layout for the N×N board of `shape` (N = rows · cols):
/// one region label `0..N` per cell, row-major, every region N orthogonally
/// connected cells, labels numbered in order of first appearance (the order
/// the `regions:` reader gives them). Not every layout admits a solution
/// grid: [`random_jigsaw`] checks that.
pub fn random_regions(shape: BoxShape, rng: &mut impl Rng) -> Vec<u16> {
    let n = shape.n();
    let (br, bc) = (shape.rows, shape.cols);
    let stacks = n / bc.max(1);
    let mut labels: Vec<u16> = (0..n * n)
        .map(|i| ((i / n / br) * stacks + (i % n) / bc) as u16)
        .collect();
    if n < 2 {
        return labels;
    }
    // Enough kept exchanges to move every cell a few times over, with a cap
    // on the attempts for shapes where few exchanges are possible.
    let wanted = 3 * n * n;
    let mut kept = 0;
    let mut mine = Vec::with_capacity(4);
    let mut theirs = Vec::with_capacity(n);
    for _ in 0..20 * wanted {
        if kept == wanted {
            break;
        }
        let a = rng.random_range(0..n * n);
        let la = labels[a];
        mine.clear();
        mine.extend(neighbours(a, n).filter(|&x| labels[x] != la));
        let Some(&x) = mine.choose(rng) else {
            continue;
        };
        let lb = labels[x];
        // The cell of B that goes to A must touch what stays of A.
        theirs.clear();
        theirs.extend(
            (0..n * n).filter(|&b| {
                labels[b] == lb && neighbours(b, n).any(|y| y != a && labels[y] == la)
            }),
        );
        let Some(&b) = theirs.choose(rng) else {
            continue;
        };
        labels[a] = lb;
        labels[b] = la;
        if connected(&labels, n, la) && connected(&labels, n, lb) {
            kept += 1;
        } else {
            labels[a] = la;
            labels[b] = lb;
        }
    }
    renumber(&mut labels);
    labels
}

/// Whether `regions` is a jigsaw layout of an N×N board: N·N labels `0..N`,
/// each label on N cells that are orthogonally connected.
///
/// ```
/// use sudokit::generate::jigsaw::is_layout;
/// assert!(is_layout(&[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], 4));
/// // Region 0 in two pieces.
/// assert!(!is_layout(&[0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3], 4));
/// ```
pub fn is_layout(regions: &[u16], n: usize) -> bool {
    regions.len() == n * n
        && (0..n as u16)
            .all(|l| regions.iter().filter(|&&r| r == l).count() == n && connected(regions, n, l))
}

/// A random jigsaw board for `shape` with the extra `variants` (any but
/// disjoint groups and hypercube, which need regular boxes), whose layout is
/// proven to admit a solution grid: layouts are drawn from `rng` until one
/// does, at most [`LAYOUT_TRIES`] of them. Also stops when `opts.limits`
/// expire ([`GenerateError::Stopped`]).
pub fn random_jigsaw(
    shape: BoxShape,
    variants: &[Variant],
    opts: &GenerateOptions,
    rng: &mut impl Rng,
) -> Result<Arc<Geometry>, GenerateError> {
    for _ in 0..LAYOUT_TRIES {
        if opts.limits.expired() {
            return Err(GenerateError::Stopped);
        }
        let geometry = Arc::new(jigsaw_geometry(
            shape,
            variants,
            random_regions(shape, rng),
        )?);
        let mut check = ExclusionCheck::new(&geometry, Some(LAYOUT_CHECK_BUDGET))
            .with_limits(opts.limits.clone());
        if check.satisfiable(&vec![0; geometry.cell_count()], &[]) == Some(true) {
            return Ok(geometry);
        }
    }
    Err(if opts.limits.expired() {
        GenerateError::Stopped
    } else {
        GenerateError::NoLayout(LAYOUT_TRIES)
    })
}

fn jigsaw_geometry(
    shape: BoxShape,
    variants: &[Variant],
    regions: Vec<u16>,
) -> Result<Geometry, GenerateError> {
    let mut vs: Vec<Variant> = variants
        .iter()
        .filter(|v| !matches!(v, Variant::Jigsaw(_)))
        .cloned()
        .collect();
    vs.push(Variant::Jigsaw(regions));
    Geometry::square(shape, &vs).map_err(|e| GenerateError::Board(e.to_string()))
}

/// The board a run of puzzles is generated on: one fixed geometry (boxes,
/// given jigsaw regions, a cube), or a fresh random jigsaw layout for every
/// puzzle. The one place the CLI, the Python package and the web API turn
/// a box shape, variant names, optional regions and a cube flag into a board.
#[derive(Clone, Debug, PartialEq)]
pub enum Board {
    /// Every puzzle on this geometry.
    Fixed(Arc<Geometry>),
    /// Every puzzle on its own random layout ([`random_jigsaw`]) of this box
    /// shape, with these extra variants.
    RandomJigsaw {
        shape: BoxShape,
        variants: Vec<Variant>,
    },
}

impl Board {
    /// The board of `shape` with the variants `names` (as
    /// [`Variant::parse_list`] reads them, plus `jigsaw`), jigsaw `regions`
    /// (one label `0..N` per cell, row-major) or an N×N×N `cube`. `jigsaw`
    /// without regions asks for a random layout per puzzle; with regions,
    /// naming `jigsaw` too is allowed and changes nothing.
    ///
    /// ```
    /// use sudokit::generate::Board;
    /// use sudokit::BoxShape;
    /// let b = Board::new(BoxShape::new(2, 3), &["x,jigsaw"], None, false).unwrap();
    /// assert!(matches!(b, Board::RandomJigsaw { .. }));
    /// assert!(Board::new(BoxShape::new(3, 3), &["jigsaw"], None, true).is_err());
    /// assert!(Board::new(BoxShape::new(3, 3), &["jigsaw", "disjoint"], None, false).is_err());
    /// ```
    pub fn new<S: AsRef<str>>(
        shape: BoxShape,
        names: &[S],
        regions: Option<Vec<u16>>,
        cube: bool,
    ) -> Result<Board, String> {
        let mut jigsaw = false;
        let mut rest = Vec::new();
        for list in names {
            for name in list.as_ref().split(|c: char| c == ',' || c.is_whitespace()) {
                if name.trim().eq_ignore_ascii_case("jigsaw") {
                    jigsaw = true;
                } else {
                    rest.push(name);
                }
            }
        }
        let variants = Variant::parse_list(rest)?;
        if cube {
            if jigsaw || regions.is_some() {
                return Err("jigsaw regions apply to square boards, not cubes".into());
            }
            if !variants.is_empty() {
                return Err("variants apply to square boards, not cubes".into());
            }
            return Geometry::cube(shape)
                .map(|g| Board::Fixed(Arc::new(g)))
                .map_err(|e| e.to_string());
        }
        if let Some(regions) = regions {
            let mut vs = variants;
            vs.push(Variant::Jigsaw(regions));
            return Geometry::square(shape, &vs)
                .map(|g| Board::Fixed(Arc::new(g)))
                .map_err(|e| e.to_string());
        }
        if !jigsaw {
            return Geometry::square(shape, &variants)
                .map(|g| Board::Fixed(Arc::new(g)))
                .map_err(|e| e.to_string());
        }
        if shape.n() > RANDOM_JIGSAW_MAX_N {
            return Err(format!(
                "random jigsaw layouts are made up to {m}×{m}; for a larger board give the regions",
                m = RANDOM_JIGSAW_MAX_N
            ));
        }
        // Refuse what no layout could carry now, not at the first puzzle.
        let boxes: Vec<u16> = {
            let n = shape.n();
            let stacks = n / shape.cols.max(1);
            (0..n * n)
                .map(|i| ((i / n / shape.rows) * stacks + (i % n) / shape.cols) as u16)
                .collect()
        };
        jigsaw_geometry(shape, &variants, boxes).map_err(|e| e.to_string())?;
        Ok(Board::RandomJigsaw { shape, variants })
    }

    /// Square board or cube.
    pub fn layout(&self) -> Layout {
        match self {
            Board::Fixed(g) => g.layout(),
            Board::RandomJigsaw { .. } => Layout::Square,
        }
    }

    /// The number of digits.
    pub fn n(&self) -> usize {
        match self {
            Board::Fixed(g) => g.n(),
            Board::RandomJigsaw { shape, .. } => shape.n(),
        }
    }

    /// Puzzle number `index` of the run seeded with `seed`, as
    /// [`super::generate`] makes it; on a random jigsaw, its layout is drawn
    /// first from the same stream. The puzzle's geometry carries the layout.
    pub fn generate(
        &self,
        opts: &GenerateOptions,
        seed: u64,
        index: u64,
    ) -> Result<Generated, GenerateError> {
        let mut rng = rng_for(seed, index);
        match self {
            Board::Fixed(g) => generate_from(g, opts, rng, index),
            Board::RandomJigsaw { shape, variants } => {
                let g = random_jigsaw(*shape, variants, opts, &mut rng)?;
                generate_from(&g, opts, rng, index)
            }
        }
    }

    /// [`super::first_match`] on this board: puzzle `index` of the seed, or
    /// when it finds none matching the difficulty, the next index, until
    /// `limits` expire (`Ok(None)` then).
    pub fn first_match(
        &self,
        opts: &GenerateOptions,
        seed: u64,
        limits: &crate::limits::Limits,
    ) -> Result<Option<(Generated, u64)>, GenerateError> {
        super::first_match_with(opts, limits, |o, i| self.generate(o, seed, i))
    }
}

/// Orthogonal neighbours of cell `i` on an N×N board.
fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether the cells labelled `label` form one orthogonally connected piece.
fn connected(labels: &[u16], n: usize, label: u16) -> bool {
    let Some(start) = labels.iter().position(|&l| l == label) else {
        return true;
    };
    let mut seen = vec![false; labels.len()];
    seen[start] = true;
    let mut queue = VecDeque::from([start]);
    let mut reached = 1;
    while let Some(i) = queue.pop_front() {
        for j in neighbours(i, n) {
            if !seen[j] && labels[j] == label {
                seen[j] = true;
                reached += 1;
                queue.push_back(j);
            }
        }
    }
    reached == labels.iter().filter(|&&l| l == label).count()
}

/// Relabels regions `0, 1, …` in order of first appearance.
fn renumber(labels: &mut [u16]) {
    let mut map: Vec<Option<u16>> = vec![None; labels.len()];
    let mut next = 0;
    for l in labels.iter_mut() {
        let m = map[*l as usize].get_or_insert_with(|| {
            next += 1;
            next - 1
        });
        *l = *m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{OutputFormat, Writer};
    use crate::generate::Symmetry;
    use crate::grid::Grid;
    use crate::solve;
    use crate::Puzzle;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Every layout is a partition into connected regions of N cells,
        /// numbered in order of appearance, and the same seed gives the same
        /// layout.
        #[test]
        fn layouts_are_connected_partitions(
            seed: u64,
            index in 0u64..1000,
            shape in proptest::sample::select(vec![(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4)]),
        ) {
            let shape = BoxShape::new(shape.0, shape.1);
            let n = shape.n();
            let r = random_regions(shape, &mut rng_for(seed, index));
            proptest::prop_assert!(is_layout(&r, n), "{r:?}");
            let mut next = 0;
            for &l in &r {
                proptest::prop_assert!(l <= next);
                next = next.max(l + 1);
            }
            proptest::prop_assert_eq!(&r, &random_regions(shape, &mut rng_for(seed, index)));
        }
    }

    #[test]
    fn layouts_move_away_from_the_boxes_and_differ_by_seed() {
        let shape = BoxShape::new(3, 3);
        let boxes = Geometry::square(shape, &[]).unwrap();
        let a = random_regions(shape, &mut rng_for(1, 0));
        let b = random_regions(shape, &mut rng_for(1, 1));
        assert_ne!(a, b);
        // Few regions left exactly a box.
        let same = boxes
            .units()
            .iter()
            .filter(|u| {
                u.cells
                    .iter()
                    .all(|&c| a[c as usize] == a[u.cells[0] as usize])
            })
            .count();
        assert!(same < 9, "{same} of the 9 boxes untouched");
    }

    #[test]
    fn is_layout_rejects_bad_partitions() {
        let boxes: Vec<u16> = (0..16)
            .map(|i| ((i / 8) * 2 + (i % 4) / 2) as u16)
            .collect();
        assert!(is_layout(&boxes, 4));
        assert!(!is_layout(&boxes[1..], 4));
        let mut uneven = boxes.clone();
        uneven[0] = 1;
        assert!(!is_layout(&uneven, 4));
    }

    /// Generated jigsaw puzzles have one solution, keep the symmetry asked
    /// for, are reproducible, and read back with their regions in every
    /// text format and JSON.
    #[test]
    fn jigsaw_puzzles_are_unique_symmetric_and_round_trip() {
        for (shape, symmetry) in [
            (BoxShape::new(2, 2), Symmetry::None),
            (BoxShape::new(2, 3), Symmetry::Rotational),
            (BoxShape::new(3, 3), Symmetry::None),
            (BoxShape::new(3, 3), Symmetry::Dihedral),
        ] {
            let board = Board::new(shape, &["jigsaw"], None, false).unwrap();
            let opts = GenerateOptions {
                symmetry,
                ..Default::default()
            };
            let first = board.generate(&opts, 3, 0).unwrap();
            let second = board.generate(&opts, 3, 1).unwrap();
            assert_ne!(first.puzzle.geometry(), second.puzzle.geometry());
            assert_eq!(first, board.generate(&opts, 3, 0).unwrap());
            for g in [&first, &second] {
                let geo = g.puzzle.geometry();
                let Some(Variant::Jigsaw(regions)) = geo.variants().last() else {
                    panic!("no regions: {geo:?}");
                };
                assert!(is_layout(regions, shape.n()));
                assert_eq!(solve::count(&g.puzzle, 2).unwrap(), 1);
                assert!(symmetry.holds(geo, g.puzzle.cells()));
                let solved = solve::solve(&g.puzzle).unwrap().unwrap();
                assert_eq!(solved.cells(), g.solution.cells());
                for fmt in [
                    OutputFormat::Line,
                    OutputFormat::Pretty,
                    OutputFormat::Rc,
                    #[cfg(feature = "serde")]
                    OutputFormat::Json,
                ] {
                    let mut w = Writer::new(fmt);
                    let text = w.write(&Puzzle::new(g.puzzle.clone())) + &w.write_grid(&g.solution);
                    let back: Vec<Grid> = crate::format::parse_all(&text, &Default::default())
                        .into_iter()
                        .map(|r| r.result.unwrap().into_grid())
                        .collect();
                    assert_eq!(
                        back,
                        [g.puzzle.clone(), g.solution.clone()],
                        "{fmt:?}\n{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn given_regions_are_kept() {
        let regions: Vec<u16> = "AAABCABBCCDBCDDD"
            .bytes()
            .map(|b| (b - b'A') as u16)
            .collect();
        let board = Board::new(
            BoxShape::new(2, 2),
            &["jigsaw"],
            Some(regions.clone()),
            false,
        )
        .unwrap();
        let g = board.generate(&GenerateOptions::default(), 9, 0).unwrap();
        assert_eq!(g.puzzle.geometry().variants(), [Variant::Jigsaw(regions)]);
        assert_eq!(solve::count(&g.puzzle, 2).unwrap(), 1);
    }

    #[test]
    fn boards_that_cannot_be_are_refused() {
        let nine = BoxShape::new(3, 3);
        for (names, cube) in [
            (vec!["jigsaw"], true),
            (vec!["jigsaw,hypercube"], false),
            (vec!["disjoint", "jigsaw"], false),
            (vec!["x"], true),
        ] {
            assert!(Board::new(nine, &names, None, cube).is_err(), "{names:?}");
        }
        assert!(Board::new(BoxShape::new(3, 4), &["jigsaw"], None, false).is_err());
        assert!(Board::new(nine, &["jigsaw"], Some(vec![0; 80]), false).is_err());
        let windoku = Board::new(nine, &["windoku", "jigsaw"], None, false).unwrap();
        let g = windoku.generate(&GenerateOptions::default(), 1, 0).unwrap();
        assert_eq!(g.puzzle.geometry().variants()[0], Variant::Windows);
    }
}
