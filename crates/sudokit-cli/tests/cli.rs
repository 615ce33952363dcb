//! End-to-end tests of the `sudokit` binary: output order, error lines, exit
//! codes, standard input and format conversion.

mod support;

use support::{data, lines, sudokit, sudokit_stdin};

/// A 9×9 solution line is a valid grid that keeps the puzzle's givens.
/// Written here from scratch so that it shares nothing with the library.
fn assert_solves(puzzle: &str, solution: &str) {
    let p: Vec<u8> = puzzle.bytes().take(81).collect();
    let s: Vec<u8> = solution.bytes().collect();
    assert_eq!(s.len(), 81, "solution {solution:?}");
    for i in 0..81 {
        assert!((b'1'..=b'9').contains(&s[i]), "cell {i} of {solution}");
        if p[i].is_ascii_digit() && p[i] != b'0' {
            assert_eq!(p[i], s[i], "given {i} changed");
        }
    }
    for k in 0..9 {
        let row: Vec<usize> = (0..9).map(|j| k * 9 + j).collect();
        let col: Vec<usize> = (0..9).map(|j| j * 9 + k).collect();
        let bx: Vec<usize> = (0..9)
            .map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3)
            .collect();
        for unit in [row, col, bx] {
            let mut seen: Vec<u8> = unit.iter().map(|&c| s[c]).collect();
            seen.sort_unstable();
            assert_eq!(seen, b"123456789", "unit {unit:?} of {solution}");
        }
    }
}

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn invalid_file_gives_one_error_line_per_puzzle_with_reason() {
    let out = sudokit(&["solve", &data("invalid_9x9.txt")]);
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out);
    let expected = [
        (
            "puzzle 1, line 1, column 40",
            "digit 5 appears twice in box 5",
        ),
        (
            "puzzle 2, line 2, column 32",
            "digit 1 appears twice in column 5",
        ),
        (
            "puzzle 3, line 3, column 45",
            "digit 2 appears twice in row 5",
        ),
        ("puzzle 4, line 4, column 37", "r5c1 has no candidate"),
        ("puzzle 5, line 5", "digit 4 has no place in row 5"),
        ("puzzle 6, line 6", "digit 2 has no place in column 5"),
        ("puzzle 7, line 7", "digit 1 has no place in row 5"),
    ];
    assert_eq!(got.len(), expected.len(), "{got:#?}");
    for (line, (place, reason)) in got.iter().zip(expected) {
        assert!(line.starts_with("error: "), "{line}");
        assert!(line.contains(place), "{line} should name {place}");
        assert!(line.contains(reason), "{line} should say {reason}");
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("7 of 7 puzzles failed"), "{stderr}");
}

#[test]
fn bad_puzzle_keeps_its_place_in_the_batch() {
    let input = format!(
        "{WIKI}\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n\
         {WIKI}\n53..7....6..195....98\n{WIKI}\n"
    );
    let out = sudokit_stdin(&["solve", "-j", "2"], &input);
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out);
    assert_eq!(got.len(), 5, "{got:#?}");
    assert_eq!(got[0], WIKI_SOLUTION);
    assert!(got[1].contains("puzzle 2, line 2, column 81"), "{}", got[1]);
    assert!(got[1].contains("'x'"), "{}", got[1]);
    assert_eq!(got[2], WIKI_SOLUTION);
    assert!(got[3].contains("puzzle 4, line 4"), "{}", got[3]);
    assert_eq!(got[4], WIKI_SOLUTION);
}

#[test]
fn batch_output_is_in_input_order_whatever_the_thread_count() {
    let path = data("puzzles3_magictour_top1465");
    let one = sudokit(&["solve", "-j", "1", &path]);
    let two = sudokit(&["solve", "-j", "2", &path]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(one.stdout, two.stdout);
    let puzzles: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    let got = lines(&one);
    assert_eq!(got.len(), puzzles.len());
    assert_eq!(got.len(), 1465);
    for (p, s) in puzzles.iter().zip(&got) {
        assert_solves(p, s);
    }
}

#[test]
fn reads_standard_input_and_proves_uniqueness() {
    let out = sudokit_stdin(&["solve", "--unique"], &format!("{WIKI}\n"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(lines(&out), [WIKI_SOLUTION]);

    // Remove two givens: several solutions.
    let loose = format!("..{}\n", &WIKI[2..]);
    let out = sudokit_stdin(&["solve", "--unique"], &loose);
    assert_eq!(out.status.code(), Some(1));
    assert!(lines(&out)[0].contains("more than one solution"));
}

#[test]
fn count_enumerates_variants_and_cubes() {
    let out = sudokit(&["count", "--all", "examples/variants.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(lines(&out), ["48 exact", "32 exact"]);

    let out = sudokit(&["count", "examples/variants.txt"]);
    assert_eq!(lines(&out), ["2+ (stopped at the limit)"; 2]);

    let out = sudokit_stdin(&["count", "--all", "--box", "2x2"], "................\n");
    assert_eq!(lines(&out), ["288 exact"]);
}

#[test]
fn check_accepts_the_seed_examples() {
    let out = sudokit(&["check", "examples/seed001_examples.txt"]);
    assert_eq!(out.status.code(), Some(0));
    let got = lines(&out);
    assert_eq!(got.len(), 4);
    assert!(
        got.iter().all(|l| l.contains("unique solution")),
        "{got:#?}"
    );
}

#[test]
fn show_converts_between_formats() {
    let rc = sudokit_stdin(&["show", "-o", "rc"], &format!("{WIKI}\n"));
    assert_eq!(rc.status.code(), Some(0));
    let rc_text = String::from_utf8(rc.stdout).unwrap();
    assert!(rc_text.starts_with("3 3\n5 3 0 0 7 0 0 0 0\n"), "{rc_text}");

    let back = sudokit_stdin(&["show", "-o", "line"], &rc_text);
    assert_eq!(lines(&back), [WIKI]);

    let pretty = sudokit_stdin(&["show"], &format!("{WIKI}\n"));
    let pretty_text = String::from_utf8(pretty.stdout).unwrap();
    assert!(
        pretty_text.contains("| 5 3 . | . 7 . | . . . |"),
        "{pretty_text}"
    );
    let back = sudokit_stdin(&["show", "-o", "line"], &pretty_text);
    assert_eq!(lines(&back), [WIKI]);

    let json = sudokit_stdin(&["show", "-o", "json"], &format!("{WIKI}\n"));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["grid"]["line"], WIKI);
    assert_eq!(v["grid"]["box"], "3x3");
    assert_eq!(v["puzzle"], 1);
}

#[test]
fn usage_and_file_errors_exit_with_2() {
    let out = sudokit(&["solve", "no/such/file.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/file.txt"));
    let out = sudokit(&["solve", "--box", "0x3"]);
    assert_eq!(out.status.code(), Some(2));
    let out = sudokit(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn render_draws_one_svg_per_puzzle() {
    let out = sudokit_stdin(&["render", "--solution"], &format!("{WIKI}\n"));
    assert_eq!(out.status.code(), Some(0));
    let doc = String::from_utf8(out.stdout).unwrap();
    assert!(doc.starts_with("<svg") && doc.trim_end().ends_with("</svg>"));
    let givens = WIKI.bytes().filter(u8::is_ascii_digit).count();
    assert_eq!(doc.matches("font-weight=\"bold\"").count(), givens);
    assert_eq!(doc.matches("<text").count(), 81);

    // Several puzzles need a directory; each gets its own file.
    let out = sudokit(&["render", "examples/seed001_examples.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let dir = std::env::temp_dir().join(format!("sudokit-render-{}", std::process::id()));
    let out = sudokit(&[
        "render",
        "--out-dir",
        dir.to_str().unwrap(),
        "examples/seed001_examples.txt",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "puzzle-0001.svg",
            "puzzle-0002.svg",
            "puzzle-0003.svg",
            "puzzle-0004.svg"
        ]
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn generate_is_reproducible_and_unique() {
    let args = [
        "generate",
        "-n",
        "6",
        "--seed",
        "11",
        "--symmetry",
        "rotational",
    ];
    let one = sudokit(&[&args[..], &["-j", "1"]].concat());
    let two = sudokit(&[&args[..], &["-j", "2"]].concat());
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(one.stdout, two.stdout);
    let puzzles = String::from_utf8(one.stdout).unwrap();
    assert_eq!(puzzles.lines().count(), 6);
    let checked = sudokit_stdin(&["check"], &puzzles);
    assert_eq!(checked.status.code(), Some(0));
    assert_eq!(lines(&checked).len(), 6);

    let json = sudokit(&[
        "generate",
        "--box",
        "2x3",
        "--seed",
        "1",
        "-o",
        "json",
        "--with-solution",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["grid"]["box"], "2x3");
    assert_eq!(v["solution"]["line"].as_str().unwrap().len(), 36);
}

#[test]
fn canon_finds_disguised_duplicates() {
    // The Wikipedia puzzle, then the same with bands 1 and 2 swapped and
    // digits 5 and 6 exchanged, then a different puzzle.
    let swapped: String = {
        let rows: Vec<&str> = (0..9).map(|r| &WIKI[r * 9..r * 9 + 9]).collect();
        let order = [3, 4, 5, 0, 1, 2, 6, 7, 8];
        order
            .iter()
            .map(|&r| rows[r])
            .collect::<String>()
            .chars()
            .map(|c| match c {
                '5' => '6',
                '6' => '5',
                c => c,
            })
            .collect()
    };
    let other = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    let out = sudokit_stdin(&["canon"], &format!("{WIKI}\n{swapped}\n{other}\n"));
    assert_eq!(out.status.code(), Some(0));
    let got = lines(&out);
    assert_eq!(got.len(), 3);
    assert_eq!(got[0], got[1]);
    assert_ne!(got[0], got[2]);
    assert!(got.iter().all(|l| l.len() == 81));
    let out = sudokit_stdin(&["canon"], "1.3.............\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn render_pdf_booklet_has_puzzle_and_solution_pages() {
    let dir = std::env::temp_dir().join(format!("sudokit-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf_path = dir.join("book.pdf");
    let puzzles = std::fs::read_to_string(data("puzzles3_magictour_top1465"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(7)
        .collect::<Vec<_>>()
        .join("\n");
    let out = sudokit_stdin(
        &[
            "render",
            "--pdf",
            pdf_path.to_str().unwrap(),
            "--solution",
            "--per-page",
            "2",
            "--title",
            "Seven",
        ],
        &puzzles,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pdf = std::fs::read(&pdf_path).unwrap();
    let count = |needle: &[u8]| pdf.windows(needle.len()).filter(|w| *w == needle).count();
    // 7 puzzles at 2 a page, then 7 solutions at 6 a page.
    assert_eq!(count(b"/Type /Page") - count(b"/Type /Pages"), 4 + 2);
    assert_eq!(count(b"(Solution "), 7);
    assert_eq!(count(b"(Seven)"), 1);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn timeout_reports_each_puzzle_and_fails() {
    // Counting every 9×9 grid never ends: the expired deadline stops it.
    let empty = ".".repeat(81);
    let out = sudokit_stdin(&["count", "--all", "--timeout", "0"], &format!("{empty}\n"));
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.ends_with("+ (stopped at the time limit; a proven lower bound)\n"),
        "{stdout}"
    );
    // A generous limit changes nothing for an easy puzzle.
    let p = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    let out = sudokit_stdin(&["solve", "--unique", "--timeout", "60"], &format!("{p}\n"));
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.trim(),
        "859612437723854169164379528986147352375268914241593786432981675617425893598736241"
    );
    let out = sudokit_stdin(&["solve", "--timeout", "-1"], &format!("{p}\n"));
    assert_eq!(out.status.code(), Some(2));
}

/// Pencilmark lines: solved in order; a broken line and a line with two
/// solutions (under `--unique`) fail in place; comments are skipped.
#[test]
fn solve_pencilmark_lines() {
    let puzzle =
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    let pm: String = puzzle
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => {
                let d = d as usize;
                format!("{}{}{}", ".".repeat(d - 1), d, ".".repeat(9 - d))
            }
            None => "123456789".to_string(),
        })
        .collect();
    let broken = format!("{}x", &pm[..728]);
    let input = format!("{pm}\n# comment\n{broken}\n{}\n", "123456789".repeat(81));
    let out = sudokit_stdin(&["solve", "--unique", "-j", "1"], &input);
    let got = lines(&out);
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(
        got[0],
        "859612437723854169164379528986147352375268914241593786432981675617425893598736241"
    );
    assert!(
        got[1]
            .starts_with("error: standard input: puzzle 2, line 3, column 729: bad character 'x'"),
        "{}",
        got[1]
    );
    assert!(got[2].contains("more than one solution"), "{}", got[2]);
    assert!(!out.status.success());
}

#[test]
fn generate_to_difficulty_is_graded_unique_and_reproducible() {
    let args = ["generate", "-n", "4", "--seed", "3", "--difficulty", "hard"];
    let one = sudokit(&[&args[..], &["-j", "1"]].concat());
    let two = sudokit(&[&args[..], &["-j", "2"]].concat());
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(one.stdout, two.stdout);
    let out = lines(&one);
    assert_eq!(out.len(), 4);
    for line in &out {
        // `PUZZLE  # Hard 1234 (Technique)`, the grade recomputed here.
        let (puzzle, comment) = line.split_once("  # ").unwrap();
        let grid = sudokit::Grid::from_line(puzzle).unwrap();
        assert_eq!(sudokit::solve::count(&grid, 0).unwrap(), 1, "{puzzle}");
        let grade = sudokit::logic::grade(&sudokit::logic::solve_path(&grid).unwrap());
        assert_eq!(grade.level, sudokit::logic::Level::Hard, "{line}");
        let expected = format!("Hard {} ({})", grade.score, grade.hardest.unwrap().name());
        assert_eq!(comment, expected);
    }
    // The graded lines read back as puzzles.
    let checked = sudokit_stdin(&["check"], &String::from_utf8(one.stdout).unwrap());
    assert_eq!(checked.status.code(), Some(0));

    let json = sudokit(&[
        "generate",
        "--seed",
        "2",
        "--score",
        "900..1500",
        "-o",
        "json",
        "--with-solution",
    ]);
    assert_eq!(json.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let grid = sudokit::Grid::from_line(v["grid"]["line"].as_str().unwrap()).unwrap();
    let grade = sudokit::logic::grade(&sudokit::logic::solve_path(&grid).unwrap());
    assert!((900..=1500).contains(&grade.score));
    assert_eq!(v["score"], grade.score);
    assert_eq!(v["level"], grade.level.name());
    assert_eq!(v["hardest"], grade.hardest.unwrap().name());
    assert_eq!(v["solution"]["line"].as_str().unwrap().len(), 81);

    // An unreachable target fails with a clear message, not a hang.
    let none = sudokit(&[
        "generate",
        "--seed",
        "1",
        "--score",
        "0..0",
        "--max-attempts",
        "4",
    ]);
    assert_eq!(none.status.code(), Some(1));
    let err =
        String::from_utf8_lossy(&none.stdout).to_string() + &String::from_utf8_lossy(&none.stderr);
    assert!(
        err.contains("no puzzle graded score 0..0 within 4 attempts"),
        "{err}"
    );
}

/// `--json` is `-o json` on the commands that take `-o` (as it is the JSON
/// switch of check, hint, explain, rate, candidates and suggest), and the
/// two together are a usage error.
#[test]
fn json_switch_is_output_json() {
    let puzzle = "..1..3....2.4...";
    for args in [
        &["solve", puzzle][..],
        &["count", "--limit", "5", puzzle],
        &["show", puzzle],
        &["generate", "--box", "2x2", "--seed", "7"],
    ] {
        let mut with_o = args.to_vec();
        with_o.extend(["-o", "json"]);
        let mut with_json = args.to_vec();
        with_json.push("--json");
        let (a, b) = (sudokit(&with_o), sudokit(&with_json));
        assert!(a.status.success() && b.status.success(), "{args:?}");
        assert!(a.stdout.starts_with(b"{"), "{args:?}");
        assert_eq!(a.stdout, b.stdout, "{args:?}");
    }
    let both = sudokit(&["solve", puzzle, "--json", "-o", "line"]);
    assert_eq!(both.status.code(), Some(2));
}
