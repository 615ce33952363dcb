use super::detect::first_word;
use super::*;
use crate::geometry::BoxShape;
use crate::geometry::Variant;

proptest::proptest! {
    /// The ASCII fast path splits exactly where `split_whitespace` does.
    #[test]
    fn first_word_matches_split_whitespace(s in "[ \t\x0B\x0C\r\n.1-9a\u{a0}\u{2003}é]{0,12}") {
        proptest::prop_assert_eq!(first_word(&s), s.split_whitespace().next());
    }
}

fn one(text: &str) -> Result<Grid, ParseError> {
    parse_one(text, &ParseOptions::default())
}

#[test]
fn line_with_comment() {
    let g = one("..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87 box duplicate").unwrap();
    assert_eq!(g.get(2), 9);
    assert_eq!(g.n(), 9);
}

#[test]
fn bad_character_is_located() {
    let mut s = ".".repeat(81);
    s.replace_range(10..11, "x");
    let e = one(&s).unwrap_err();
    assert_eq!(e.column, Some(11));
    assert_eq!(e.kind, ParseErrorKind::BadCharacter { ch: 'x' });
}

#[test]
fn wrong_count() {
    let e = one(&".".repeat(80)).unwrap_err();
    assert!(
        matches!(e.kind, ParseErrorKind::WrongCellCount { found: 80, .. }),
        "{e}"
    );
}

#[test]
fn rc_header_six() {
    let g =
        one("2 3\n2 0 0 0 0 3\n4 0 0 5 2 1\n3 0 6 0 0 0\n0 0 0 3 0 2\n6 3 4 0 0 5\n5 0 0 0 0 6\n")
            .unwrap();
    assert_eq!(g.geometry().box_shape(), BoxShape::new(2, 3));
    assert_eq!(g.get(35), 6);
}

#[test]
fn block_grid_reads_box_shape() {
    let text = "+-----+-----+\n| 1 . | . . |\n| . . | . . |\n+-----+-----+\n| . . | . . |\n| . . | . 4 |\n+-----+-----+\n";
    let g = one(text).unwrap();
    assert_eq!(g.geometry().box_shape(), BoxShape::new(2, 2));
    let wide = "1 2 3 | 4 5 6\n. . . | . . .\n--------------\n. . . | . . .\n. . . | . . .\n--------------\n. . . | . . .\n. . . | . . .\n";
    let g = one(wide).unwrap();
    assert_eq!(g.geometry().box_shape(), BoxShape::new(2, 3));
}

#[test]
fn euler_grids_with_names() {
    let text = "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\nGrid 02\n200080300\n060070084\n030500209\n000105408\n000000000\n402706000\n301007040\n720040060\n004010003\n";
    let recs = parse_all(text, &ParseOptions::default());
    assert_eq!(recs.len(), 2, "{recs:?}");
    assert_eq!(recs[1].name(), Some("Grid 02"));
    assert_eq!(recs[1].result.as_ref().unwrap().grid().get(0), 2);
}

#[test]
fn errors_do_not_stop_the_batch() {
    let text = format!(
        "{}\n{}x\n{}\n",
        ".".repeat(81),
        ".".repeat(80),
        ".".repeat(81)
    );
    let recs = parse_all(&text, &ParseOptions::default());
    assert_eq!(recs.len(), 3);
    assert!(recs[0].result.is_ok() && recs[1].result.is_err() && recs[2].result.is_ok());
    assert_eq!(recs[1].result.as_ref().unwrap_err().line, 2);
}

#[test]
fn directives() {
    let text = "variant: x\nbox: 2x2\n1.3.............\n";
    let g = one(text).unwrap();
    assert_eq!(g.geometry().variants(), &[Variant::Diagonals]);
    let jig = "regions:\nAABB\nAABB\nCCDD\nCCDD\n1...............\n";
    let g = one(jig).unwrap();
    assert!(matches!(g.geometry().variants()[0], Variant::Jigsaw(_)));
    let cube = "cube: 2x2\n".to_string() + &".".repeat(64);
    let g = one(&cube).unwrap();
    assert_eq!(g.geometry().cell_count(), 64);
}

#[test]
fn large_line_numbers() {
    let cells: Vec<String> = (0..256)
        .map(|i| if i == 0 { "16".into() } else { "0".into() })
        .collect();
    let g = one(&cells.join(" ")).unwrap();
    assert_eq!(g.n(), 16);
    assert_eq!(g.get(0), 16);
}

/// HoDoKu library lines: `+d` is a digit placed while solving (a cell, not
/// an extra one), the deleted candidates are read, and placed digits are
/// kept apart from givens, so that avoidable rectangles are found from the
/// line alone.
#[test]
fn hodoku_library_lines_with_placed_digits() {
    use crate::logic::Technique;
    let text = include_str!("../../../tests/data/hodoku-reglib.txt");
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with(':')).collect();
    let recs = parse_all(&lines.join("\n"), &ParseOptions::default());
    assert_eq!(recs.len(), lines.len());
    let bad: Vec<String> = recs
        .iter()
        .filter_map(|r| r.result.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} lines fail: {:?}",
        bad.len(),
        lines.len(),
        &bad[..bad.len().min(3)]
    );
    // The first line: `+6+3+42…`: r1c1-r1c3 placed 6, 3, 4; r1c4 given 2.
    let p = recs[0].result.as_ref().unwrap();
    assert_eq!(p.grid().cells()[..4], [6, 3, 4, 2]);
    assert!(p.placed().starts_with(&[0, 1, 2]) && !p.placed().contains(&3));
    let (mut found, mut total) = (0, 0);
    for (line, rec) in lines.iter().zip(&recs) {
        // Codes such as `0607-1` (the technique, then a variant number).
        let kind = match line.split(':').nth(1).and_then(|c| c.get(..4)) {
            Some("0607") => Technique::AvoidableRectangle1,
            Some("0608") => Technique::AvoidableRectangle2,
            _ => continue,
        };
        total += 1;
        let p = rec.result.as_ref().unwrap();
        // Deleted candidates: the first `dRC` of the field is gone.
        let c = p.logic_state(&crate::Options::default()).unwrap();
        let deleted = line.split(':').nth(4).unwrap_or("");
        if let Some(first) = deleted.split_whitespace().next() {
            let b = first.as_bytes();
            let cell = (b[1] - b'1') as usize * 9 + (b[2] - b'1') as usize;
            assert!(!c.has(cell, (b[0] - b'0') as u16), "{line}");
        }
        let find = kind.row().find.expect("a finder");
        if find(&c).is_some_and(|s| s.technique == kind) {
            found += 1;
        }
    }
    assert!(total >= 20, "{total}");
    assert_eq!(
        found, total,
        "avoidable rectangles found from the lines alone"
    );
}

/// A stray `R C` line among one-line puzzles is one bad record; the
/// puzzles after it are read one by one (a `9 9` used to swallow the next
/// 81 lines as one 81×81 board, and `99 99` every digit-only line).
#[test]
fn stray_header_is_one_bad_record() {
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    for stray in ["9 9", "3 3", "2 2", "99 99", "1 81"] {
        let mut text = format!("{puzzle}\n{stray}\n");
        for _ in 0..90 {
            text.push_str(puzzle);
            text.push('\n');
        }
        text.push_str(&"0".repeat(81));
        text.push('\n');
        let records: Vec<_> = Reader::new(text.as_bytes(), ParseOptions::default()).collect();
        assert_eq!(records.len(), 93, "{stray}");
        let bad: Vec<_> = records.iter().filter(|r| r.result.is_err()).collect();
        assert_eq!(bad.len(), 1, "{stray}");
        assert_eq!(bad[0].line, 2);
        assert!(
            matches!(
                bad[0].result.as_ref().unwrap_err().kind,
                ParseErrorKind::BadShape(_)
            ),
            "{stray}"
        );
    }
    // A real header still reads its grid, with comments and borders.
    let g = one("2 2\n1 0 | 0 0 # top\n0 0 | 0 0\n0 0 | 0 0\n0 0 | 0 4\n").unwrap();
    assert_eq!((g.get(0), g.get(15)), (1, 4));
}

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The records of `text`: for each, its first line and whether it read.
fn outcomes(text: &str) -> Vec<(usize, bool)> {
    parse_all(text, &ParseOptions::default())
        .iter()
        .map(|r| (r.line, r.result.is_ok()))
        .collect()
}

/// An SVG picture that never closes is one bad record: the puzzle lines
/// after it are read one by one, not swallowed into the picture.
#[test]
fn unclosed_svg_is_one_bad_record() {
    let open = r#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">"#;
    // Only the opening tag; then a picture of ours cut after its metadata.
    let cut = format!(
        "{open}\n{}\n{WIKI}\n</metadata>\n<rect width=\"400\"/>",
        crate::puzzle::SVG_METADATA
    );
    for (svg, lines) in [(open.to_string(), 1), (cut, 5)] {
        let text = format!("{WIKI}\n{svg}\n{WIKI}\n{WIKI}\n{WIKI}\n");
        let after = 2 + lines;
        let want = vec![
            (1, true),
            (2, false),
            (after, true),
            (after + 1, true),
            (after + 2, true),
        ];
        assert_eq!(outcomes(&text), want, "{text}");
        let records = parse_all(&text, &ParseOptions::default());
        let e = records[1].result.as_ref().unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Svg(_)), "{e}");
    }
    // A whole picture of ours still reads, its metadata's board included.
    let p: crate::Puzzle = WIKI.parse().unwrap();
    let svg = p
        .to_svg(&crate::Picture::default(), &crate::Options::default())
        .unwrap();
    let svg = svg.trim_end();
    let text = format!("{WIKI}\n{svg}\n{WIKI}\n");
    let lines = svg.lines().count();
    assert_eq!(
        outcomes(&text),
        vec![(1, true), (2, true), (2 + lines, true)]
    );
}

/// A JSON record still open when a board line comes is one bad record,
/// and the board line is read as the next puzzle.
#[test]
fn board_line_after_open_json_record() {
    let text = format!("{WIKI}\n{{\"name\": \"open\",\n\"puzzle\": {{\n{WIKI}\n{WIKI}\n");
    assert_eq!(
        outcomes(&text),
        vec![(1, true), (2, false), (4, true), (5, true)]
    );
    let records = parse_all(&text, &ParseOptions::default());
    let e = records[1].result.as_ref().unwrap_err();
    assert!(
        matches!(&e.kind, ParseErrorKind::Json(m) if m.contains("does not end before")),
        "{e}"
    );
}

/// A position's `placed` and `candidates` are checked against its grid, and
/// the error names the cell and what is wrong.
#[cfg(feature = "serde")]
#[test]
fn json_position_fields_are_checked() {
    let grid = r#""line":"1...............""#;
    let err = |fields: &str| {
        let text = format!("{{{grid},{fields}}}");
        let rec = parse_all(&text, &ParseOptions::default()).remove(0);
        rec.result.unwrap_err().to_string()
    };
    assert!(err(r#""placed":[3]"#).contains("placed cell 3 holds no digit"));
    assert!(err(r#""placed":[16]"#).contains("off the board of 16 cells"));
    assert!(err(r#""candidates":[[1]]"#).contains("`candidates` has 1 cells; the board has 16"));
    let mut cells = vec!["[2,3]"; 16];
    cells[0] = "[1]";
    cells[5] = "[5]";
    let bad_digit = format!(r#""candidates":[{}]"#, cells.join(","));
    assert!(err(&bad_digit).contains("`candidates` of cell 5: 5 is not a digit 1..=4"));
    cells[5] = "[2]";
    cells[0] = "[2]";
    let wrong_given = format!(r#""candidates":[{}]"#, cells.join(","));
    assert!(err(&wrong_given).contains("cell 0: the cell holds 1"));
    cells[0] = "[1]";
    let ok = format!(
        r#"{{{grid},"placed":[0],"candidates":[{}]}}"#,
        cells.join(",")
    );
    let p = parse_all(&ok, &ParseOptions::default())
        .remove(0)
        .result
        .unwrap();
    assert_eq!(p.placed(), &[0]);
    assert_eq!(p.candidate_mask(5), 0b0010);
}

/// `placed:` marks the next grid's cells as placed, not given (what the
/// text writers write for a position); a cell off the board or without a
/// digit is that record's error, on the directive's line.
#[test]
fn placed_directive_reads_and_refuses_bad_cells() {
    let grid = format!("12{}", ".".repeat(79));
    let read = |head: &str| {
        parse_all(&format!("{head}\n{grid}\n"), &ParseOptions::default())
            .remove(0)
            .result
    };
    let p = read("placed: r1c2 R1C1").unwrap();
    assert_eq!(p.placed(), [0, 1]);
    let e = read("placed: r1c3").unwrap_err();
    assert_eq!(
        (e.line, e.to_string().contains("r1c3 holds no digit")),
        (1, true),
        "{e}"
    );
    let e = read("placed: r10c1").unwrap_err();
    assert!(
        e.to_string()
            .contains("r10c1 is not a cell of this 9×9 board"),
        "{e}"
    );
    // A HoDoKu library line's placed digits survive the line writer.
    let text = include_str!("../../../tests/data/hodoku-reglib.txt");
    let first = text.lines().find(|l| l.starts_with(':')).unwrap();
    let p = parse_all(first, &ParseOptions::default())
        .remove(0)
        .result
        .unwrap();
    let written = crate::format::Writer::new(crate::format::OutputFormat::Line).write(&p);
    assert!(written.starts_with("placed: r1c1 r1c2 r1c3 "), "{written}");
    let back = parse_all(&written, &ParseOptions::default())
        .remove(0)
        .result
        .unwrap();
    assert_eq!(back.placed(), p.placed());
    assert_eq!(back.grid(), p.grid());
}
