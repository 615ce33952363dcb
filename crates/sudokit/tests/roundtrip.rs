//! Round trips: whatever the writer writes, the reader reads back to the
//! same puzzle — board (box shape, variants, jigsaw regions, cube) and
//! givens — in every output format, also when boards change from one puzzle
//! to the next in one file.

use std::sync::Arc;

use proptest::prelude::*;
use sudokit::format::{parse_all, OutputFormat, ParseOptions, Writer};
use sudokit::{BoxShape, Geometry, Grid, Puzzle, Variant};

/// Box shapes of boards up to 16×16.
fn shapes() -> Vec<BoxShape> {
    let mut v = Vec::new();
    for r in 1..=4 {
        for c in 1..=4 {
            if r * c >= 4 {
                v.push(BoxShape::new(r, c));
            }
        }
    }
    v
}

/// A jigsaw partition for `shape`: the boxes of the transposed shape, or for
/// square boxes the boxes shifted one row down (cyclically), so that the
/// regions are never the board's own boxes.
fn regions(shape: BoxShape) -> Vec<u16> {
    let n = shape.n();
    let (br, bc) = if shape.rows != shape.cols {
        (shape.cols, shape.rows)
    } else {
        (shape.rows, shape.cols)
    };
    let shift = usize::from(shape.rows == shape.cols);
    (0..n * n)
        .map(|i| {
            let (r, c) = ((i / n + shift) % n, i % n);
            ((r / br) * (n / bc) + c / bc) as u16
        })
        .collect()
}

/// Every board the geometry accepts: each shape with each combination of
/// variants, jigsaw regions, and cubes.
fn boards() -> Vec<Arc<Geometry>> {
    let extras = [
        Variant::Diagonals,
        Variant::DisjointGroups,
        Variant::Hypercube,
        Variant::Windows,
    ];
    let mut out = Vec::new();
    for shape in shapes() {
        for mask in 0..16u32 {
            let mut vs: Vec<Variant> = (0..4)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| extras[i].clone())
                .collect();
            if let Ok(g) = Geometry::square(shape, &vs) {
                out.push(Arc::new(g));
            }
            vs.push(Variant::Jigsaw(regions(shape)));
            if let Ok(g) = Geometry::square(shape, &vs) {
                out.push(Arc::new(g));
            }
        }
        if shape.n() <= 9 {
            if let Ok(g) = Geometry::cube(shape) {
                out.push(Arc::new(g));
            }
        }
    }
    out
}

fn puzzle(boards: &[Arc<Geometry>]) -> impl Strategy<Value = Puzzle> + '_ {
    (0..boards.len(), any::<u64>()).prop_map(move |(b, seed)| {
        let geo = boards[b].clone();
        let n = geo.n() as u64;
        let mut g = Grid::empty(geo);
        let cells = g.cells().len() as u64;
        let mut x = seed | 1;
        for _ in 0..(seed % 12) {
            // xorshift: a few givens anywhere, validity does not matter here.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            g.set((x % cells) as usize, (1 + (x >> 32) % n) as u16);
        }
        Puzzle::new(g)
    })
}

/// A mid-solve position: some cells placed (not given), and candidates
/// narrowed at random in the empty cells.
fn position(boards: &[Arc<Geometry>]) -> impl Strategy<Value = Puzzle> + '_ {
    (puzzle(boards), any::<u64>()).prop_map(|(p, seed)| {
        let n = p.grid().n();
        let full = (1u64 << n) - 1;
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let masks = (0..p.grid().cells().len()).map(|_| next() & full).collect();
        let placed: Vec<usize> = (0..p.grid().cells().len())
            .filter(|&c| p.grid().get(c) != 0 && next() % 2 == 0)
            .collect();
        let mut q = Puzzle::with_candidates(p.grid().clone(), masks).unwrap();
        q.set_placed(placed);
        q
    })
}

fn same(a: &Puzzle, b: &Puzzle) -> bool {
    let (ga, gb) = (a.geometry(), b.geometry());
    ga.box_shape() == gb.box_shape()
        && ga.layout() == gb.layout()
        && ga.variants() == gb.variants()
        && a.grid().cells() == b.grid().cells()
}

fn read_back(text: &str) -> Vec<Puzzle> {
    parse_all(text, &ParseOptions::default())
        .into_iter()
        .map(|r| r.result.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect()
}

const FORMATS: [OutputFormat; 4] = [
    OutputFormat::Line,
    OutputFormat::Pretty,
    OutputFormat::Rc,
    OutputFormat::Json,
];

#[test]
fn every_board_is_covered() {
    let b = boards();
    // Every shape, many variant combinations, jigsaws and cubes.
    assert!(b.len() > 60, "{}", b.len());
    assert!(b.iter().any(|g| g.layout() == sudokit::Layout::Cube));
    assert!(b
        .iter()
        .any(|g| g.variants().iter().any(|v| matches!(v, Variant::Jigsaw(_)))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn one_puzzle_reads_back_in_every_format(p in puzzle(&boards())) {
        for f in FORMATS {
            let text = Writer::new(f).write(&p);
            let back = read_back(&text);
            prop_assert_eq!(back.len(), 1, "{:?}\n{}", f, text);
            prop_assert!(same(&back[0], &p), "{:?}\n{}", f, text);
        }
        // A picture carries the puzzle too.
        let svg = p.to_svg(&sudokit::Picture::default(), &sudokit::Options::default()).unwrap();
        let back = read_back(&svg);
        prop_assert_eq!(back.len(), 1, "{}", svg);
        prop_assert!(same(&back[0], &p), "{}", svg);
    }

    /// JSON keeps a position whole: placed digits apart from givens, and
    /// every cell's candidates.
    #[test]
    fn a_position_reads_back_from_json(p in position(&boards())) {
        let text = Writer::new(OutputFormat::Json).write(&p);
        let back = read_back(&text);
        prop_assert_eq!(back.len(), 1, "{}", text);
        prop_assert!(same(&back[0], &p), "{}", text);
        prop_assert_eq!(back[0].placed(), p.placed(), "{}", text);
        prop_assert_eq!(back[0].candidates(), p.candidates(), "{}", text);
    }

    /// The text formats keep placed digits apart from givens (a `placed:`
    /// line before the grid) on square boards; candidates and cubes'
    /// placed digits need JSON.
    #[test]
    fn placed_digits_read_back_from_every_text_format(p in position(&boards())) {
        prop_assume!(p.geometry().layout() != sudokit::Layout::Cube);
        for f in [OutputFormat::Line, OutputFormat::Pretty, OutputFormat::Rc] {
            let text = Writer::new(f).write(&p);
            let back = read_back(&text);
            prop_assert_eq!(back.len(), 1, "{:?}\n{}", f, text);
            prop_assert!(same(&back[0], &p), "{:?}\n{}", f, text);
            prop_assert_eq!(back[0].placed(), p.placed(), "{:?}\n{}", f, text);
        }
    }

    #[test]
    fn mixed_boards_in_one_file_read_back(ps in proptest::collection::vec(puzzle(&boards()), 1..6)) {
        for f in FORMATS {
            let mut w = Writer::new(f);
            let text: String = ps.iter().map(|p| w.write(p)).collect();
            let back = read_back(&text);
            prop_assert_eq!(back.len(), ps.len(), "{:?}\n{}", f, text);
            for (a, b) in back.iter().zip(&ps) {
                prop_assert!(same(a, b), "{:?}\n{}", f, text);
            }
        }
    }
}
