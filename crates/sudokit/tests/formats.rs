//! Property tests for the parsers and writers: every output format reads back
//! to the same grid, and no input makes the reader panic.

use std::sync::Arc;

use proptest::prelude::*;
use sudokit::format::{self, parse_all, parse_one, ParseOptions};
use sudokit::{solve, BoxShape, Geometry, Grid};

/// A random partial grid: a valid completed grid of a random shape, built from
/// a fixed pattern and shuffled (digits relabelled, rows shuffled within bands,
/// columns within stacks), with random cells blanked. Built without the solver
/// so that the test data cannot depend on the code under test.
fn partial_grid() -> impl Strategy<Value = Grid> {
    let shapes = prop_oneof![
        Just((2usize, 2usize)),
        Just((2, 3)),
        Just((3, 2)),
        Just((2, 4)),
        Just((3, 3)),
        Just((3, 4)),
        Just((4, 4)),
        Just((5, 5)),
        Just((6, 6)),
        Just((5, 8)),
    ];
    (shapes, any::<u64>()).prop_map(|((r, c), seed)| {
        let geo = Arc::new(Geometry::square(BoxShape::new(r, c), &[]).unwrap());
        let n = r * c;
        let mut rng = seed | 1;
        let mut next = move |bound: usize| {
            // xorshift64: enough variety for test data.
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % bound as u64) as usize
        };
        let mut shuffled = |len: usize| {
            let mut v: Vec<usize> = (0..len).collect();
            for i in (1..len).rev() {
                v.swap(i, next(i + 1));
            }
            v
        };
        let digits = shuffled(n);
        // Rows r*band + a are permuted within each band (R rows); columns likewise.
        let rows: Vec<usize> = (0..c)
            .flat_map(|band| shuffled(r).into_iter().map(move |a| band * r + a))
            .collect();
        let cols: Vec<usize> = (0..r)
            .flat_map(|stack| shuffled(c).into_iter().map(move |d| stack * c + d))
            .collect();
        let mut g = Grid::empty(geo);
        for (i, &row) in rows.iter().enumerate() {
            for (j, &col) in cols.iter().enumerate() {
                let v = (c * (row % r) + row / r + col) % n;
                if next(3) != 0 {
                    g.set(i * n + j, digits[v] as u16 + 1);
                }
            }
        }
        g
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_format_reads_back(g in partial_grid()) {
        prop_assert!(sudokit::validate::check_givens(&g).is_ok());
        let opts = ParseOptions::default();
        let shape = g.geometry().box_shape();
        // Line form loses the box shape when it is not the default for N.
        let line_opts = ParseOptions { box_shape: Some(shape), ..Default::default() };
        prop_assert_eq!(&parse_one(&format::write_line(&g), &line_opts).unwrap(), &g);
        prop_assert_eq!(&parse_one(&format::write_pretty(&g), &opts).unwrap(), &g);
        prop_assert_eq!(&parse_one(&format::write_rc(&g), &opts).unwrap(), &g);
        let json: serde_json::Value = serde_json::from_str(&format::write_json(&g)).unwrap();
        prop_assert_eq!(json["line"].as_str().unwrap(), format::write_line(&g));
    }

    #[test]
    fn batches_keep_one_record_per_puzzle(gs in proptest::collection::vec(partial_grid(), 1..6)) {
        let text: String = gs.iter().map(|g| format::write_rc(g) + "\n").collect();
        let recs = parse_all(&text, &ParseOptions::default());
        prop_assert_eq!(recs.len(), gs.len());
        for (r, g) in recs.iter().zip(&gs) {
            prop_assert_eq!(r.result.as_ref().unwrap().grid(), g);
        }
    }

    #[test]
    fn reader_never_panics(text in "(?s).{0,400}") {
        for r in parse_all(&text, &ParseOptions::default()) {
            // Counting is exponential in the worst case: keep it to small boards.
            if let Some(g) = r.result.ok().map(sudokit::Puzzle::into_grid).filter(|g| g.geometry().n() <= 9) {
                let _ = solve::count(&g, 2);
            }
        }
    }

    #[test]
    fn reader_never_panics_on_near_puzzles(
        base in proptest::collection::vec(prop_oneof![Just('.'), Just('1'), Just('9'), Just(' '), Just('|'), Just('\n'), Just('-'), Just('+'), Just('0'), Just('A')], 0..300)
    ) {
        let text: String = base.into_iter().collect();
        for r in parse_all(&text, &ParseOptions::default()) {
            if let Ok(g) = r.result.map(sudokit::Puzzle::into_grid) {
                let _ = sudokit::validate::check_givens(&g);
            }
        }
    }
}
