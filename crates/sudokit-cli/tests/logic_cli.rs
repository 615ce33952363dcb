//! End-to-end tests of the human-style commands: `explain`, `hint`, `rate`
//! and `show --candidates`.

use std::process::Output;

mod support;
use support::sudokit_stdin as sudokit;

/// Needs pointing, pairs and singles only (a HoDoKu "Medium"-style puzzle).
const PUZZLE: &str =
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
/// Solvable by singles alone.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Written from scratch: every row, column and box of a 9×9 line holds 1–9
/// and the givens of `puzzle` are kept.
fn assert_solution(puzzle: &str, sol: &str) {
    let s: Vec<u8> = sol.bytes().map(|b| b - b'0').collect();
    assert_eq!(s.len(), 81, "{sol}");
    for (p, &v) in puzzle.bytes().zip(&s) {
        if p.is_ascii_digit() && p != b'0' {
            assert_eq!(p - b'0', v);
        }
    }
    for i in 0..9 {
        let mut row = [false; 10];
        let mut col = [false; 10];
        let mut bx = [false; 10];
        for j in 0..9 {
            row[s[i * 9 + j] as usize] = true;
            col[s[j * 9 + i] as usize] = true;
            bx[s[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3] as usize] = true;
        }
        assert!(
            row[1..].iter().all(|&x| x)
                && col[1..].iter().all(|&x| x)
                && bx[1..].iter().all(|&x| x)
        );
    }
}

#[test]
fn explain_prints_every_step_and_the_solution() {
    let o = sudokit(&["explain", EASY], "");
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("puzzle 1, line 1: Easy, score "),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].ends_with("hardest: Full House") || lines[0].ends_with("hardest: Naked Single"),
        "{}",
        lines[0]
    );
    // One step per empty cell (singles only), numbered from 1.
    let empty = EASY.bytes().filter(|&b| b == b'.').count();
    assert_eq!(lines.len(), empty + 2);
    assert!(lines[1].trim_start().starts_with("1. "));
    assert!(lines[1].contains(" = "), "{}", lines[1]);
    let sol = lines.last().unwrap().strip_prefix("solution: ").unwrap();
    assert_solution(EASY, sol);
}

#[test]
fn explain_json_has_grade_and_steps() {
    let o = sudokit(&["explain", "--json"], &format!("{PUZZLE}\n"));
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solved"], true);
    assert_eq!(v["grade"]["without_guessing"], true);
    let steps = v["steps"].as_array().unwrap();
    let score: u64 = v["grade"]["score"].as_u64().unwrap();
    assert!(score > 0);
    // Every empty cell is placed exactly once.
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, PUZZLE.bytes().filter(|&b| b == b'.').count());
    for s in steps {
        assert!(!s["explanation"].as_str().unwrap().is_empty());
    }
    assert_solution(PUZZLE, v["solution"].as_str().unwrap());
}

#[test]
fn hint_gives_one_step_and_continues_from_pencilmarks() {
    let o = sudokit(&["hint", "--then", EASY], "");
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].contains(" = "), "{}", lines[0]);
    assert_eq!(lines[1].len(), 729);
    // Feeding the state back gives a next step; the state after it keeps
    // only marks it had and has more cells down to a single candidate.
    let o2 = sudokit(&["hint", "--then"], lines[1]);
    assert!(o2.status.success(), "{o2:?}");
    let t2 = stdout(&o2);
    let after = t2.lines().nth(1).unwrap();
    let solved = |pm: &str| {
        pm.as_bytes()
            .chunks(9)
            .filter(|c| c.iter().filter(|&&b| b != b'.').count() == 1)
            .count()
    };
    assert!(solved(after) > solved(lines[1]));
    for (a, b) in after.bytes().zip(lines[1].bytes()) {
        assert!(a == b'.' || a == b, "a mark appeared");
    }
}

#[test]
fn hint_reads_a_candidate_grid_and_json() {
    let grid = sudokit(&["show", "--candidates"], &format!("{PUZZLE}\n"));
    assert!(grid.status.success());
    let o = sudokit(&["hint", "--json"], &stdout(&grid));
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(v["step"]["technique"].is_string());
    assert_eq!(v["after"].as_str().unwrap().len(), 729);
}

#[test]
fn show_candidates_lists_each_cells_digits() {
    let o = sudokit(&["show", "--candidates"], &format!("{EASY}\n"));
    assert!(o.status.success());
    let text = stdout(&o);
    // 9 rows + 2 box rules.
    assert_eq!(text.lines().count(), 11);
    // r1c1 of EASY: row 1 has 3,2,6; column 1 has 9,7,8; box 1 has 3,9,1.
    // So r1c1 is one of 4, 5.
    assert!(text.lines().next().unwrap().trim_start().starts_with("45 "));
}

#[test]
fn rate_keeps_order_and_reports_errors() {
    let input = format!("{EASY}\n{PUZZLE}\n11{}\n{}\n", &EASY[2..], ".".repeat(81));
    let o = sudokit(&["rate", "-j", "2"], &input);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0].split('\t').collect::<Vec<_>>()[0], "Easy");
    assert!(matches!(
        lines[0].split('\t').nth(2),
        Some("Full House" | "Naked Single")
    ));
    let second: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(second.len(), 3);
    assert!(second[1].parse::<u32>().unwrap() > 0);
    assert!(
        lines[2].starts_with("error: standard input: puzzle 3, line 3")
            && lines[2].contains("twice"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("error: standard input: puzzle 4, line 4: more than one solution"),
        "{}",
        lines[3]
    );
}

#[test]
fn rate_json_lines() {
    let o = sudokit(&["rate", "--json"], &format!("{EASY}\n"));
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["level"], "Easy");
    assert!(v["hardest"] == "Full House" || v["hardest"] == "Naked Single");
}

/// `--help` lists every opt-in the library has (the help text is built
/// from `Technique::opt_ins`; this keeps it from going back to a copy).
#[test]
fn with_help_lists_every_opt_in() {
    for cmd in ["rate", "explain", "hint"] {
        let o = sudokit(&[cmd, "--help"], "");
        let help = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
        for t in sudokit::logic::Technique::opt_ins() {
            assert!(help.contains(&t.key()), "{cmd} --help lacks {}", t.key());
        }
    }
}

#[test]
fn with_takes_only_the_opt_in_techniques() {
    // Templates come after forcing nets, so on this puzzle they change
    // nothing; what is checked is that the names are read and that the
    // others are refused with the list of what is accepted.
    let on = sudokit(&["rate", "--with", "template-set,Template-Delete"], PUZZLE);
    let off = sudokit(&["rate"], PUZZLE);
    assert!(on.status.success(), "{on:?}");
    assert_eq!(stdout(&on), stdout(&off));
    for (name, why) in [("x-wing", "always searched"), ("templates", "no technique")] {
        let o = sudokit(&["explain", "--with", name], PUZZLE);
        assert_eq!(o.status.code(), Some(2), "{o:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(why) && err.contains("template-set, template-delete"),
            "{err}"
        );
    }
}
