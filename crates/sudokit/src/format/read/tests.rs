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
