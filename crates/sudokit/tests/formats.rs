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
            if let Ok(p) = r.result {
                let _ = sudokit::validate::check_givens(p.grid());
            }
        }
    }
}

// ---- One sample file per input format, all the same puzzle -------------------

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn sample(name: &str) -> Vec<sudokit::format::Record> {
    let path = format!("{}/tests/formats/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    sudokit::format::Reader::new(&bytes[..], ParseOptions::default()).collect()
}

fn only_puzzle(name: &str) -> sudokit::Puzzle {
    let recs = sample(name);
    assert_eq!(recs.len(), 1, "{name}: {recs:?}");
    recs[0]
        .result
        .clone()
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_sample_file_reads_the_same_puzzle() {
    let wiki = Grid::from_line(WIKI).unwrap();
    for name in [
        "line.txt",
        "bom.txt",
        "forum.txt",
        "pair.txt",
        "tabbed.txt",
        "sadman.sdk",
        "simple.ss",
        "simple_x.ss",
        "hodoku.txt",
        "kaggle.csv",
        "puzzle_solution.csv",
        "grid.json",
        "solved.jsonl",
        "rc.txt",
        "pretty.txt",
    ] {
        let p = only_puzzle(name);
        assert_eq!(p.grid(), &wiki, "{name}");
        assert!(!p.has_candidates(), "{name}");
    }
}

#[test]
fn csv_and_json_carry_the_solution() {
    let solution = Grid::from_line(WIKI_SOLUTION).unwrap();
    for name in ["kaggle.csv", "puzzle_solution.csv", "solved.jsonl"] {
        let p = only_puzzle(name);
        assert_eq!(p.given_solution(), Some(&solution), "{name}");
    }
}

#[test]
fn sadman_metadata_lines_are_notes() {
    let p = only_puzzle("sadman.sdk");
    assert_eq!(p.notes()[0], "A Wikipedia");
    assert_eq!(p.notes().len(), 4);
    assert_eq!(p.name(), None);
}

#[test]
fn pencilmarks_and_candidate_grids_read_the_same_state() {
    let wiki = Grid::from_line(WIKI).unwrap();
    let line = only_puzzle("pencilmarks.txt");
    let grid = only_puzzle("candidates.txt");
    assert_eq!(line.grid(), &wiki);
    assert_eq!(line, grid);
    let masks = line.candidates().unwrap();
    for (cell, &m) in masks.iter().enumerate() {
        match wiki.get(cell) {
            0 => assert!(m.count_ones() >= 2, "cell {cell}"),
            v => assert_eq!(m, 1 << (v - 1), "cell {cell}"),
        }
    }
    // r1c3 of the sample: 1, 2, 4.
    assert_eq!(masks[2], 0b1011);
}

// ---- Regressions: one per reader bug of issue 20 ------------------------------

fn kinds(text: &str) -> Vec<Result<(), sudokit::format::ParseErrorKind>> {
    parse_all(text, &ParseOptions::default())
        .into_iter()
        .map(|r| r.result.map(|_| ()).map_err(|e| e.kind))
        .collect()
}

#[test]
fn huge_rc_header_is_one_error_not_an_overflow() {
    for text in [
        "9999999999 9999999999\n",
        "9223372036854775809 2\n1 2\n2 1\n",
    ] {
        // The header is one error; the lines after it are read on their own
        // (a bad header never swallows its neighbours).
        let recs = parse_all(text, &ParseOptions::default());
        assert_eq!(recs[0].line, 1, "{text:?}: {recs:?}");
        assert!(recs[1..].iter().all(|r| r.line >= 2), "{text:?}: {recs:?}");
        let e = recs[0].result.as_ref().unwrap_err();
        assert!(
            matches!(&e.kind, format::ParseErrorKind::BadShape(m) if m.contains("512")),
            "{e}"
        );
    }
}

#[test]
fn cell_count_errors_speak_plainly() {
    let e = parse_one(&"1".repeat(5_000_000), &ParseOptions::default()).unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "wrong cell count: found 5,000,000 cells; a 512×512 puzzle has 262,144"
    );
    let e = parse_one(&".".repeat(80), &ParseOptions::default()).unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "wrong cell count: found 80 cells; a 9×9 puzzle has 81"
    );
    // 513² cells: too large a board, not "found 263169, expected 263169".
    let line = vec!["0"; 513 * 513].join(" ");
    let e = parse_one(&line, &ParseOptions::default()).unwrap_err();
    assert!(e.kind.to_string().contains("at most 512"), "{}", e.kind);
}

#[test]
fn regions_block_does_not_swallow_puzzles() {
    let text = format!("{WIKI}\nregions:\n{WIKI}\n{WIKI}\n{WIKI}\n");
    let recs = parse_all(&text, &ParseOptions::default());
    assert_eq!(recs.len(), 4, "{recs:?}");
    assert!(recs[0].result.is_ok() && recs[2].result.is_ok() && recs[3].result.is_ok());
    let e = recs[1].result.as_ref().unwrap_err();
    assert_eq!((e.puzzle, e.line), (2, 2));
    assert!(e.to_string().contains("regions"), "{e}");
}

#[test]
fn non_utf8_line_is_one_error_and_reading_goes_on() {
    let mut bytes = format!("{WIKI}\n").into_bytes();
    bytes.extend_from_slice(b"53..\xff..\n");
    bytes.extend_from_slice(format!("{WIKI}\n").as_bytes());
    let recs: Vec<_> = sudokit::format::Reader::new(&bytes[..], ParseOptions::default()).collect();
    assert_eq!(recs.len(), 3);
    let e = recs[1].result.as_ref().unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(e.kind, format::ParseErrorKind::NotText { byte: 0xff });
    assert!(recs[2].result.is_ok());
}

#[test]
fn cube_blank_lines_separate_puzzles() {
    // Two 2×2 cubes of 4 rows of 4... written as 16 rows each; the first is one row short.
    let row = "....";
    let short = vec![row; 15].join("\n");
    let good = vec![row; 16].join("\n");
    let text = format!("cube: 2x2\n{short}\n\n{good}\n");
    let recs = parse_all(&text, &ParseOptions::default());
    assert_eq!(recs.len(), 2, "{recs:?}");
    assert!(recs[0].result.is_err());
    assert_eq!(recs[1].result.as_ref().unwrap().grid().cells().len(), 64);
}

#[test]
fn bad_pencilmark_line_is_one_error() {
    let good = std::fs::read_to_string(format!(
        "{}/tests/formats/pencilmarks.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let good = good.trim();
    let mut bad = good.to_string();
    bad.replace_range(1..2, "7"); // the slot of digit 2 in r1c1
    let text = format!("{good}\n{bad}\n{good}\n");
    let k = kinds(&text);
    assert_eq!(k.len(), 3);
    assert!(k[0].is_ok() && k[2].is_ok());
    assert_eq!(
        k[1],
        Err(format::ParseErrorKind::MisplacedMark { ch: '7', digit: 2 })
    );
    let e = parse_all(&text, &ParseOptions::default())[1]
        .result
        .clone()
        .unwrap_err();
    assert_eq!((e.line, e.column), (2, Some(2)));
}

#[test]
fn sixteen_digits_zero_to_f_needs_the_option() {
    // A 16×16 row pattern in 0-F digits with some blanks.
    let digits = "0123456789ABCDEF";
    let mut line = String::new();
    for r in 0..16 {
        for c in 0..16 {
            let v = (r % 4 * 4 + r / 4 + c) % 16;
            line.push(if (r + c) % 3 == 0 {
                '.'
            } else {
                digits.as_bytes()[v] as char
            });
        }
    }
    let e = parse_one(&line, &ParseOptions::default()).unwrap_err();
    assert!(e.to_string().contains("--digits 0-f"), "{e}");
    let opts = ParseOptions {
        digits: format::DigitStyle::ZeroToF,
        ..Default::default()
    };
    let g = parse_one(&line, &opts).unwrap();
    assert_eq!(g.get(1), 2); // '1' is the second digit
    let g2 = parse_one(&format!("digits: 0-f\n{line}"), &ParseOptions::default()).unwrap();
    assert_eq!(g, g2);
    // Lower-case letters are digits above 9, like upper-case.
    let lower = parse_one(&line.to_lowercase(), &opts).unwrap();
    assert_eq!(lower, g);
}

#[test]
fn sixteen_digits_zero_as_blank_is_named() {
    let mut line = ".".repeat(256);
    line.replace_range(0..3, "0AF");
    let line = line.replace('.', "0");
    let p = sudokit::format::parse_puzzle(&line, &ParseOptions::default()).unwrap();
    assert_eq!(p.grid().get(1), 10);
    assert_eq!(p.grid().get(0), 0);
    assert!(
        p.notes().iter().any(|n| n.contains("0-f")),
        "{:?}",
        p.notes()
    );
}

#[test]
fn long_line_is_one_error() {
    let long = "1".repeat(format::MAX_LINE_BYTES + 10);
    let text = format!("{WIKI}\n{long}\n{WIKI}\n");
    let k = kinds(&text);
    assert_eq!(k.len(), 3);
    assert!(k[0].is_ok() && k[2].is_ok());
    assert!(matches!(
        k[1],
        Err(format::ParseErrorKind::LineTooLong { .. })
    ));
}

#[test]
fn json_reads_variants_regions_and_cubes() {
    let x = r#"{"box":"2x2","layout":"square","variants":["x"],"line":"1...............","rows":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}"#;
    let p = sudokit::format::parse_puzzle(x, &ParseOptions::default()).unwrap();
    assert_eq!(p.geometry().variants(), &[sudokit::Variant::Diagonals]);
    let jig =
        r#"{"box":"2x2","line":"1...............","regions":[0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3]}"#;
    let p = sudokit::format::parse_puzzle(jig, &ParseOptions::default()).unwrap();
    assert!(matches!(
        p.geometry().variants()[0],
        sudokit::Variant::Jigsaw(_)
    ));
    let cube = format!(
        r#"{{"box":"2x2","layout":"cube","line":"{}"}}"#,
        ".".repeat(64)
    );
    let p = sudokit::format::parse_puzzle(&cube, &ParseOptions::default()).unwrap();
    assert_eq!(p.geometry().layout(), sudokit::Layout::Cube);
    let e = sudokit::format::parse_puzzle("{\"box\":", &ParseOptions::default()).unwrap_err();
    assert!(matches!(e.kind, format::ParseErrorKind::Json(_)), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_bytes_never_panic_and_records_count_up(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let recs: Vec<_> = sudokit::format::Reader::new(&bytes[..], ParseOptions::default()).collect();
        for (i, r) in recs.iter().enumerate() {
            prop_assert_eq!(r.number, i + 1);
        }
    }

    #[test]
    fn near_formats_never_panic(
        parts in proptest::collection::vec(prop_oneof![
            Just("\n"), Just(WIKI), Just(":0000:x:"), Just(","), Just(";"), Just("{"), Just("}"),
            Just("\"line\":"), Just("quizzes,solutions\n"), Just("[Puzzle]\n"), Just("#A x\n"),
            Just("regions:\n"), Just("cube: 2x2\n"), Just("digits: 0-f\n"), Just("| 12 3 |"),
            Just("123456789"), Just("0AF"), Just("X"), Just("***********\n"), Just("99999999999 3\n"),
        ], 0..40)
    ) {
        let text: String = parts.concat();
        let recs = parse_all(&text, &ParseOptions::default());
        for (i, r) in recs.iter().enumerate() {
            prop_assert_eq!(r.number, i + 1);
        }
    }
}

#[test]
fn prose_under_a_grid_is_skipped_and_notes_do_not_leak() {
    let text = format!(
        "[Puzzle]\n#A someone\n{WIKI}\n\nPuzzle is minimal concerning hidden singles\n{WIKI}\n"
    );
    let recs = parse_all(&text, &ParseOptions::default());
    assert_eq!(recs.len(), 2, "{recs:?}");
    assert_eq!(recs[0].result.as_ref().unwrap().notes(), ["A someone"]);
    assert!(recs[1].result.as_ref().unwrap().notes().is_empty());
}

#[test]
fn csv_ends_at_a_blank_line_and_reports_short_rows() {
    let text = format!("puzzle,solution\n{WIKI},{WIKI_SOLUTION}\n{WIKI}\n\n{WIKI}\n");
    let recs = parse_all(&text, &ParseOptions::default());
    assert_eq!(recs.len(), 3, "{recs:?}");
    assert!(recs[0].result.as_ref().unwrap().given_solution().is_some());
    // A row without its solution field still has its puzzle.
    let e = recs[1].result.as_ref().unwrap_err();
    assert!(e.to_string().contains("field 2"), "{e}");
    assert!(recs[2].result.as_ref().unwrap().given_solution().is_none());
}

#[test]
fn small_candidate_grid_lower_case_digits_and_cli_json() {
    // A 4×4 candidate grid: N groups per row, box lines between.
    let text = "+-----+-----+\n| 1 234 | 34 2 |\n| 34 2 | 1 34 |\n+-----+-----+\n| 2 1 | 34 34 |\n| 34 34 | 2 1 |\n+-----+-----+\n";
    let p = sudokit::format::parse_puzzle(text, &ParseOptions::default()).unwrap();
    assert_eq!(p.grid().n(), 4);
    assert_eq!(p.grid().get(0), 1);
    assert_eq!(p.candidates().unwrap()[1], 0b1110);
    // The same rows with single digits only are a plain grid.
    let plain = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
    let p = sudokit::format::parse_puzzle(plain, &ParseOptions::default()).unwrap();
    assert!(!p.has_candidates());
    assert!(p.grid().is_solved());
    // 16×16 with lower-case letters for 10-16.
    let mut line = ".".repeat(256);
    line.replace_range(0..3, "agG");
    let g = parse_one(&line, &ParseOptions::default()).unwrap();
    assert_eq!((g.get(0), g.get(1), g.get(2)), (10, 16, 16));
    // Simple Sudoku's X blank on one line.
    let g = parse_one(&WIKI.replace('.', "X"), &ParseOptions::default()).unwrap();
    assert_eq!(g, Grid::from_line(WIKI).unwrap());
    // `sudokit solve --format json` output: the solution object is the grid.
    let solution = Grid::from_line(WIKI_SOLUTION).unwrap();
    let json = format!(
        r#"{{"puzzle":1,"status":"solved","solution":{}}}"#,
        format::write_json(&solution)
    );
    assert_eq!(
        parse_one(&json, &ParseOptions::default()).unwrap(),
        solution
    );
}
