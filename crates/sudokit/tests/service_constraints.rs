//! `service::parse` on puzzles with constraints, as the web app uses it: the
//! grid comes back with its directive lines (so the page can send them
//! again), an overlay drawing, and the cells whose values break a rule.
#![cfg(feature = "serde")]

use serde_json::Value;
use sudokit::service::{self, PuzzleRequest};

fn parse(text: &str) -> Value {
    let req = PuzzleRequest {
        puzzle: text.into(),
        ..Default::default()
    };
    service::parse(&req.puzzle().unwrap())
}

fn broken(answer: &Value) -> Vec<u64> {
    answer["broken"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// An 81-character line with `digits` placed at (cell, digit).
fn line(digits: &[(usize, u8)]) -> String {
    let mut cells = vec![b'.'; 81];
    for &(c, d) in digits {
        cells[c] = b'0' + d;
    }
    String::from_utf8(cells).unwrap()
}

#[test]
fn the_answer_keeps_the_constraints_and_draws_them() {
    let text = format!(
        "cage: 10 r1c1 r1c2\nthermo: r2c1 r2c2 r2c3\n{}\n",
        line(&[])
    );
    let a = parse(&text);
    let lines: Vec<&str> = a["grid"]["constraints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("cage: 10 r1c1 r1c2"), "{lines:?}");
    assert!(lines[1].starts_with("thermo: r2c1 r2c2 r2c3"), "{lines:?}");
    // The lines read back into the same puzzle: the page sends them again.
    let again = format!("{}\n{}\n", lines.join("\n"), line(&[]));
    assert_eq!(
        parse(&again)["grid"]["constraints"],
        a["grid"]["constraints"]
    );
    let svg = a["overlay"].as_str().unwrap();
    assert!(
        svg.contains(">10</text>") && svg.contains("<polyline"),
        "{svg}"
    );
    assert!(broken(&a).is_empty());
    // No constraints: nothing to draw, nothing broken.
    let plain = parse(&line(&[]));
    assert!(plain["overlay"].is_null());
    assert!(broken(&plain).is_empty());
}

#[test]
fn broken_rules_name_their_cells() {
    // A full cage with the wrong sum; a part-filled cage that can still
    // make its sum is not broken.
    let cage = "cage: 10 r1c1 r1c2\ncage: 3 r9c8 r9c9\n";
    let a = parse(&format!("{cage}{}\n", line(&[(0, 1), (1, 2), (80, 1)])));
    assert_eq!(broken(&a), vec![0, 1]);
    let a = parse(&format!(
        "{cage}{}\n",
        line(&[(0, 4), (1, 6), (79, 1), (80, 2)])
    ));
    assert!(broken(&a).is_empty());
    // A thermometer going down.
    let a = parse(&format!(
        "thermo: r2c1 r2c2\n{}\n",
        line(&[(9, 5), (10, 3)])
    ));
    assert_eq!(broken(&a), vec![9, 10]);
    // Anti-knight: the pair a knight's move apart, not the third digit.
    let a = parse(&format!(
        "anti-knight\n{}\n",
        line(&[(2, 7), (13, 7), (60, 7)])
    ));
    assert_eq!(broken(&a), vec![2, 13]);
    // Odd: cell by cell.
    let a = parse(&format!("odd: r1c1 r1c2\n{}\n", line(&[(0, 3), (1, 4)])));
    assert_eq!(broken(&a), vec![1]);
}

#[test]
fn part_filled_rules_are_broken_as_soon_as_their_digits_break_them() {
    let cage = "cage: 6 r1c1 r1c2 r1c3\n";
    // Over the sum with a cell still empty; a digit twice; still possible.
    let a = parse(&format!("{cage}{}\n", line(&[(0, 4), (1, 3)])));
    assert_eq!(broken(&a), vec![0, 1]);
    let spread = "cage: 12 r1c1 r2c4 r3c7\n";
    let a = parse(&format!("{spread}{}\n", line(&[(0, 2), (12, 2)])));
    assert_eq!(broken(&a), vec![0, 12]);
    let a = parse(&format!("{cage}{}\n", line(&[(0, 1), (2, 3)])));
    assert!(broken(&a).is_empty());
    // A thermometer with no room left between its ends, and one whose bulb
    // leaves no digit above it; an empty cell between 2 and 5 is fine.
    let thermo = "thermo: r2c1 r2c2 r2c3\n";
    let a = parse(&format!("{thermo}{}\n", line(&[(9, 5), (11, 6)])));
    assert_eq!(broken(&a), vec![9, 11]);
    let a = parse(&format!("{thermo}{}\n", line(&[(9, 9)])));
    assert_eq!(broken(&a), vec![9]);
    let a = parse(&format!("{thermo}{}\n", line(&[(9, 2), (11, 5)])));
    assert!(broken(&a).is_empty());
    // An extra region with a digit twice.
    let a = parse(&format!(
        "region: r1c1 r2c5 r5c5 r9c9\n{}\n",
        line(&[(0, 7), (80, 7)])
    ));
    assert_eq!(broken(&a), vec![0, 80]);
}

#[test]
fn pencil_marks_follow_the_rules_without_giving_the_solution_away() {
    let a = parse(&format!(
        "cage: 3 r1c1 r1c2\nodd: r9c9\n{}\n",
        line(&[(72, 5)])
    ));
    let marks = &a["pencil"];
    assert_eq!(marks[0], serde_json::json!([1, 2]));
    assert_eq!(marks[1], serde_json::json!([1, 2]));
    // The rest of row 1 keeps every digit: nothing is tried.
    assert_eq!(marks[2], serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    // r9c9 odd, and not the 5 of its row.
    assert_eq!(marks[80], serde_json::json!([1, 3, 7, 9]));
    assert_eq!(marks[72], serde_json::json!([5]));
    // Without constraints the page works the marks out from the units.
    assert!(parse(&line(&[]))["pencil"].is_null());
}

#[test]
fn an_fpuzzles_link_keeps_its_constraints() {
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C2","R2C2"],"value":"5"}]}"#;
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    );
    let a = parse(&link);
    assert_eq!(a["n"], 4);
    assert_eq!(a["givens"], 1);
    let cage = a["grid"]["constraints"][0].as_str().unwrap();
    assert!(cage.starts_with("cage: 5 r1c2 r2c2"), "{cage}");
    assert!(a["overlay"].as_str().unwrap().contains(">5</text>"));
    // Not f-puzzles: said so, not read as something else.
    let req = PuzzleRequest {
        puzzle: "https://www.f-puzzles.com/?load=N4Ig%%%".into(),
        ..Default::default()
    };
    let e = req.puzzle().unwrap_err();
    assert!(e.message().contains("line 1: f-puzzles: "), "{e}");
}
