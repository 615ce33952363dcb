//! Bad input: each puzzle of `invalid_9x9.txt` gets the reason its comment names,
//! located by line and (where a cell is at fault) column.

mod support;

use sudokit::format::{parse_all, ParseErrorKind, ParseOptions};
use sudokit::validate::Contradiction;
use support::{data, read};

#[test]
fn every_invalid_puzzle_gets_its_reason() {
    let text = read(data("invalid_9x9.txt"));
    let recs = parse_all(&text, &ParseOptions::default());
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(recs.len(), 7);
    for (rec, line) in recs.iter().zip(lines) {
        // The comment after the puzzle names the defect, e.g. "box duplicate".
        let comment: Vec<&str> = line.split_whitespace().skip(1).collect();
        let err = rec.checked().expect_err(line);
        assert_eq!(err.line, rec.line);
        let ParseErrorKind::Contradiction(c) = &err.kind else {
            panic!("{err}");
        };
        let message = err.to_string();
        match (comment[0], comment[1], &**c) {
            (unit, "duplicate", Contradiction::Duplicate { unit_name, .. }) => {
                assert!(unit_name.starts_with(unit), "{line}: {message}");
                assert!(err.column.is_some(), "{message}");
            }
            ("unsolvable", "square", Contradiction::NoCandidate { .. }) => {
                assert!(err.column.is_some(), "{message}");
            }
            ("unsolvable", unit, Contradiction::NoPlace { unit_names, .. }) => {
                assert!(
                    unit_names.iter().any(|u| u.starts_with(unit)),
                    "{line}: {message}"
                );
            }
            _ => panic!("{line}: unexpected {message}"),
        }
    }
}

#[test]
fn batch_keeps_going_and_locates_bad_characters() {
    let good = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    let bad_char = good.replacen('.', "x", 1);
    let short = &good[..80];
    let big_digit = "2 2\n1 2 3 4\n0 0 0 0\n0 0 0 0\n0 0 0 9\n";
    let text = format!("{good}\n{bad_char}\n{short}\n{good}\n\n{big_digit}");
    let recs = parse_all(&text, &ParseOptions::default());
    assert_eq!(recs.len(), 5);
    assert!(recs[0].result.is_ok() && recs[3].result.is_ok());
    let e = recs[1].result.as_ref().unwrap_err();
    assert_eq!((e.puzzle, e.line, e.column), (2, 2, Some(3)));
    assert_eq!(e.kind, ParseErrorKind::BadCharacter { ch: 'x' });
    let e = recs[2].result.as_ref().unwrap_err();
    assert!(
        matches!(
            e.kind,
            ParseErrorKind::WrongCellCount {
                found: 80,
                expected: 81
            }
        ),
        "{e}"
    );
    let e = recs[4].result.as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (10, Some(7)));
    assert!(
        matches!(e.kind, ParseErrorKind::DigitOutOfRange { ref value, n: 4 } if value == "9"),
        "{e}"
    );
}

/// A short line, or a grid with a bad row, is one bad puzzle: the puzzles
/// after it are neither swallowed into it nor split into spurious errors.
#[test]
fn one_bad_puzzle_one_error_and_nothing_lost() {
    let good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let grid = "+-------+-------+-------+\n\
                | 5 3 . | . 7 . | . . . |\n\
                | 6 . . | 1 9 5 | . . |\n\
                | . 9 8 | . . . | . 6 . |\n\
                +-------+-------+-------+\n\
                | 8 . . | . 6 . | . . 3 |\n\
                | 4 . . | 8 . 3 | . . 1 |\n\
                | 7 . . | . 2 . | . . 6 |\n\
                +-------+-------+-------+\n\
                | . 6 . | . . . | 2 8 . |\n\
                | . . . | 4 1 9 | . . 5 |\n\
                | . . . | . 8 . | . 7 9 |\n\
                +-------+-------+-------+";
    let text = format!(
        "{good}\n{}\n{good}\n{}\n{}\n{good}\n\n{grid}\n{good}\n",
        &good[..21],
        &good[..37],
        &good[..30]
    );
    let recs = parse_all(&text, &ParseOptions::default());
    let summary: Vec<String> = recs
        .iter()
        .map(|r| match &r.result {
            Ok(_) => format!("{}: ok", r.line),
            Err(e) => format!("{}: {}", e.line, e.kind),
        })
        .collect();
    assert_eq!(
        summary,
        [
            "1: ok",
            "2: wrong cell count: found 21 cells; a 9×9 puzzle has 81",
            "3: ok",
            "4: wrong cell count: found 37 cells; a 9×9 puzzle has 81",
            "5: wrong cell count: found 30 cells; a 9×9 puzzle has 81",
            "6: ok",
            "10: row 2 has 8 cells, expected 9",
            "21: ok",
        ]
    );
}

/// Found by the fuzzer: a huge `box:` side overflowed the cell count. A bad
/// directive is now reported on the puzzle it governs.
#[test]
fn oversized_shape_directives_are_errors_not_overflows() {
    for text in [
        "box: 2708200\ncube:\n1234\n",
        "# note\ncube: 99999999999x99999999999\n1234\n",
        "box: 600x600\n1234\n",
    ] {
        let recs = parse_all(text, &ParseOptions::default());
        assert_eq!(recs.len(), 1, "{text:?}");
        let e = recs[0].result.as_ref().unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadShape(_)), "{e}");
        assert_eq!(
            e.line,
            text.lines()
                .position(|l| l.contains("x") || l.starts_with("box"))
                .unwrap()
                + 1
        );
    }
    // A good directive after a bad one applies again.
    let recs = parse_all(
        "box: 0\n1234\nbox: 2x2\n1234341221434321\n",
        &ParseOptions::default(),
    );
    assert_eq!(recs.len(), 2);
    assert!(recs[0].result.is_err());
    assert!(recs[1].result.as_ref().unwrap().grid().is_solved());
    assert!("600x600".parse::<sudokit::BoxShape>().is_err());
    assert!("20x20".parse::<sudokit::BoxShape>().is_ok());
}

/// A number too big for any integer type is reported as written, not as a
/// saturated 18446744073709551615; a huge one is cut short.
#[test]
fn huge_numbers_are_reported_as_written() {
    let text = "2 2\n1 0 0 100000000000000000000000\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let recs = parse_all(text, &ParseOptions::default());
    let e = recs[0].result.as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (2, Some(7)));
    assert!(
        e.to_string()
            .ends_with("digit 100000000000000000000000 out of range 1..=4"),
        "{e}"
    );
    let long = format!(
        "2 2\n{} 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
        "7".repeat(5000)
    );
    let e = parse_all(&long, &ParseOptions::default())[0]
        .result
        .clone()
        .unwrap_err();
    assert!(
        e.to_string()
            .contains(&format!("digit {}… out of range", "7".repeat(24))),
        "{e}"
    );
}

/// A jigsaw label out of range is reported as given (labels count from 0):
/// 9 on a 9×9 used to be called "label 10", 65535 "label 65536".
#[test]
fn jigsaw_label_out_of_range_is_named_as_given() {
    use sudokit::{BoxShape, Geometry, Variant};
    for bad in [9u16, 65535] {
        let mut labels: Vec<u16> = (0..81)
            .map(|i| ((i / 9) / 3 * 3 + (i % 9) / 3) as u16)
            .collect();
        labels[40] = bad;
        let e = Geometry::square(BoxShape::new(3, 3), &[Variant::Jigsaw(labels)])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!(
                "region label {bad} out of range: labels are 0 to 8"
            )),
            "{e}"
        );
    }
}
