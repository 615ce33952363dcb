//! End-to-end tests of the commands on constraint puzzles: true
//! candidates (text and JSON), hint/rate through the variant techniques, and
//! generated killer and thermo puzzles read back by `check`.

mod support;

use support::{lines, sudokit, sudokit_stdin};

/// A 4×4 whose row 1 is a thermometer: it must be 1 2 3 4, so row 2 holds
/// 3/4 under the first box and 1/2 under the second; rows 3 and 4 only lose
/// their column's row-1 digit.
const THERMO_4: &str = "thermo: r1c1 r1c2 r1c3 r1c4\n................\n";

#[test]
fn candidates_prints_true_candidates() {
    let out = sudokit_stdin(&["candidates"], THERMO_4);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let l = lines(&out);
    assert_eq!(
        &l[1..],
        [
            "1 2 3 4",
            "34 34 12 12",
            "234 134 124 123",
            "234 134 124 123"
        ]
    );
}

#[test]
fn candidates_json_lists_digits_per_cell() {
    let out = sudokit_stdin(&["candidates", "--json"], THERMO_4);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let c = v["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 16);
    assert_eq!(c[0], serde_json::json!([1]));
    assert_eq!(c[4], serde_json::json!([3, 4]));
    assert_eq!(c[15], serde_json::json!([1, 2, 3]));
}

#[test]
fn candidates_reports_a_bad_directive_with_its_place() {
    let out = sudokit_stdin(&["candidates"], "thermo: r1c1 r9c9\n................\n");
    assert!(!out.status.success());
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(all.contains("line 1"), "{all}");
}

#[test]
fn hint_and_rate_use_the_variant_techniques() {
    let file = "crates/sudokit/tests/variants/02-killer-9.txt";
    let out = sudokit(&["hint", file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Cage Combination: the cage r1c1, r2c1 and r2c2 of 19"),
        "{text}"
    );
    let out = sudokit(&["rate", file]);
    assert!(out.status.success());
}

#[test]
fn generated_killer_and_thermo_puzzles_read_back_unique() {
    for kind in ["--killer", "--thermo", "--rules=whisper"] {
        let out = sudokit(&["generate", kind, "--box", "2x3", "--seed", "4", "--grade"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let key = match kind {
            "--killer" => "cage:",
            "--thermo" => "thermo:",
            _ => "whisper:",
        };
        assert!(text.lines().any(|l| l.starts_with(key)), "{text}");
        let check = sudokit_stdin(&["check"], &text);
        let verdict = String::from_utf8_lossy(&check.stdout);
        assert!(verdict.contains("unique solution"), "{kind}: {verdict}");
    }
    // JSON: one object a puzzle, its grid carrying the cages; read back,
    // the same puzzle, unique.
    let json = sudokit(&[
        "generate", "--killer", "-o", "json", "--seed", "1", "-n", "2",
    ]);
    assert!(json.status.success());
    let text = String::from_utf8(json.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    for (i, line) in lines.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["puzzle"], i + 1);
        let cages = v["grid"]["constraints"].as_array().unwrap();
        assert!(
            cages
                .iter()
                .all(|c| c.as_str().unwrap().starts_with("cage: ")),
            "{line}"
        );
    }
    let check = sudokit_stdin(&["check"], &text);
    let verdict = String::from_utf8_lossy(&check.stdout);
    assert_eq!(verdict.matches("unique solution").count(), 2, "{verdict}");
    let lined = sudokit(&["generate", "--killer", "--seed", "1", "-n", "2"]);
    let shown = sudokit_stdin(&["show", "-o", "line"], &text);
    assert_eq!(
        shown.stdout, lined.stdout,
        "JSON and line output are one puzzle"
    );
}

/// `--killer --difficulty medium`: two different puzzles, each labelled
/// Medium, and `rate` agrees when they are read back.
#[test]
fn generated_killers_meet_a_chosen_level() {
    let out = sudokit(&[
        "generate",
        "--killer",
        "--difficulty",
        "medium",
        "--seed",
        "3",
        "-n",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let labels: Vec<&str> = text.lines().filter(|l| l.contains("# ")).collect();
    assert_eq!(labels.len(), 2, "{text}");
    assert!(labels.iter().all(|l| l.contains("# Medium")), "{text}");
    assert_ne!(labels[0], labels[1], "the same puzzle twice");
    let rated = sudokit_stdin(&["rate"], &text);
    let said = String::from_utf8_lossy(&rated.stdout);
    assert_eq!(said.matches("Medium").count(), 2, "{said}");
}

/// An f-puzzles share link (and its JSON) is read like any other puzzle
/// line: `solve` answers the thermometer 4×4 with row 1 = 1 2 3 4, and the
/// solution read from the JSON line is the same.
#[test]
fn fpuzzles_links_and_json_are_read_by_every_command() {
    let p: sudokit::Puzzle = THERMO_4.parse().unwrap();
    let link = sudokit::format::to_fpuzzles_link(&p).unwrap();
    let json = sudokit::format::to_fpuzzles(&p).unwrap();
    assert!(!json.contains('\n'), "one line: {json}");
    let input = format!("{link}\n{json}\n");
    let out = sudokit_stdin(&["solve"], &input);
    assert!(
        out.status.success(),
        "{}{}\n{input}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let l = lines(&out);
    assert_eq!(l.len(), 2, "{l:?}");
    assert!(l[0].starts_with("1234"), "{l:?}");
    assert_eq!(l[0], l[1]);
    // A link that does not decode is an error naming the line.
    let out = sudokit_stdin(&["solve"], "https://www.f-puzzles.com/?load=notapuzzle\n");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stdout);
    assert!(
        err.contains("puzzle 1, line 1: f-puzzles: an f-puzzles link or compressed string"),
        "{err}"
    );
}

/// The 4×4 thermo board with `givens` (cell, digit) written in.
fn thermo_with(givens: &[(usize, u64)]) -> String {
    let mut line: Vec<char> = ".".repeat(16).chars().collect();
    for &(c, d) in givens {
        line[c] = char::from_digit(d as u32, 10).unwrap();
    }
    format!(
        "thermo: r1c1 r1c2 r1c3 r1c4\n{}\n",
        line.into_iter().collect::<String>()
    )
}

#[test]
fn suggest_adds_givens_that_make_the_puzzle_unique() {
    let out = sudokit_stdin(&["suggest", "--json"], THERMO_4);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["unique"], false);
    let add: Vec<(usize, u64)> = v["add"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["cell"].as_u64().unwrap() as usize,
                g["digit"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(!add.is_empty());
    // `check` proves the board with the suggested givens unique, and with
    // any one of them missing not unique.
    assert!(sudokit_stdin(&["check"], &thermo_with(&add))
        .status
        .success());
    for i in 0..add.len() {
        let mut fewer = add.clone();
        fewer.remove(i);
        assert!(!sudokit_stdin(&["check"], &thermo_with(&fewer))
            .status
            .success());
    }
    // The text form names the cells.
    let out = sudokit_stdin(&["suggest"], THERMO_4);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("several solutions; add r"), "{text}");
}

#[test]
fn suggest_lists_removable_givens_of_a_unique_puzzle() {
    // A full 4×4 grid: every given can go alone.
    let out = sudokit_stdin(&["suggest", "--json"], "1234341221434321\n");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["unique"], true);
    assert_eq!(v["removable"].as_array().unwrap().len(), 16);
    let together: Vec<usize> = v["remove_together"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["cell"].as_u64().unwrap() as usize)
        .collect();
    let mut line: Vec<char> = "1234341221434321".chars().collect();
    for &c in &together {
        line[c] = '.';
    }
    let reduced: String = line.into_iter().collect();
    assert!(sudokit_stdin(&["check"], &format!("{reduced}\n"))
        .status
        .success());
}

/// `--engine learning` takes constraint puzzles to the learning solver:
/// the thermo 4×4 (12 solutions) is "not unique" there too, and a suite
/// killer comes out with its known solution.
#[test]
fn the_learning_engine_solves_and_checks_constraint_puzzles() {
    let out = sudokit_stdin(&["check", "--engine", "learning"], THERMO_4);
    assert!(!out.status.success());
    assert!(
        lines(&out)[0].starts_with("not unique:"),
        "{:?}",
        lines(&out)
    );
    let killer = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sudokit/tests/variants/03-killer-9.txt"
    ))
    .unwrap();
    let out = sudokit_stdin(&["solve", "--engine", "learning"], &killer);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = killer
        .lines()
        .find_map(|l| l.strip_prefix("# solution: "))
        .unwrap();
    assert_eq!(lines(&out), [expected]);
}
