//! One test per failure of the "one front door" issue: our own output reads
//! back, every command reads every format and takes puzzle text arguments,
//! and the CLI says plainly what is wrong.

mod support;

use support::{lines, repo_root, sudokit, sudokit_stdin};

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn generated_variants_and_cubes_check_as_unique_in_every_output_format() {
    let mut cases: Vec<Vec<&str>> = ["x", "disjoint", "windoku", "hypercube", "jigsaw"]
        .iter()
        .map(|v| vec!["--variant", v])
        .collect();
    cases.push(vec!["--cube", "--box", "2x2"]);
    // A jigsaw: generated on the board of a puzzle file.
    let dir = std::env::temp_dir().join(format!("sudokit-like-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let like = dir.join("jigsaw.txt");
    std::fs::write(
        &like,
        "regions:\nAAAB\nCABB\nCCDB\nCDDD\n1...............\n",
    )
    .unwrap();
    let like = like.to_str().unwrap().to_string();
    cases.push(vec!["--like", &like]);
    for case in cases {
        for fmt in ["line", "pretty", "rc", "json"] {
            let mut args = vec!["generate", "--seed", "1", "-o", fmt];
            args.extend(&case);
            let made = sudokit(&args);
            assert!(made.status.success(), "{args:?}");
            let checked = sudokit_stdin(&["check"], &stdout(&made));
            assert_eq!(
                stdout(&checked).lines().count(),
                1,
                "{args:?}\n{}",
                stdout(&made)
            );
            assert!(
                stdout(&checked).starts_with("ok: "),
                "{args:?}: {}",
                stdout(&checked)
            );
        }
    }
}

#[test]
fn generate_variant_jigsaw_draws_a_layout_per_puzzle_that_reads_back() {
    for fmt in ["line", "pretty", "rc", "json"] {
        let args = |threads| {
            sudokit(&[
                "generate",
                "--variant",
                "jigsaw",
                "-n",
                "3",
                "--seed",
                "4",
                "--symmetry",
                "rotational",
                "--with-solution",
                "-o",
                fmt,
                "-j",
                threads,
            ])
        };
        let made = args("1");
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
        let text = stdout(&made);
        // The same puzzles whatever the number of threads.
        assert_eq!(text, stdout(&args("2")), "{fmt}");
        // Three puzzles and their solutions, each read on its own regions
        // (JSON: the solution is a field of its puzzle's line).
        let checked = stdout(&sudokit_stdin(&["check"], &text));
        let verdicts: Vec<&str> = checked.lines().collect();
        let per_puzzle = if fmt == "json" { 1 } else { 2 };
        assert_eq!(verdicts.len(), 3 * per_puzzle, "{fmt}\n{checked}\n{text}");
        for (i, v) in verdicts.iter().enumerate() {
            assert!(
                v.starts_with("ok: ") && v.contains("unique solution"),
                "{fmt}: {v}"
            );
            assert_eq!(v.ends_with(" 81 givens"), i % per_puzzle == 1, "{fmt}: {v}");
        }
        if fmt == "line" {
            // Every grid has its own regions block; the puzzles' differ.
            let blocks: Vec<&str> = text.split("regions:\n").skip(1).collect();
            assert_eq!(blocks.len(), 6, "{text}");
            let layout = |b: &str| b.lines().take(9).collect::<Vec<_>>().join("\n");
            assert_eq!(layout(blocks[0]), layout(blocks[1]));
            assert_ne!(layout(blocks[0]), layout(blocks[2]));
        }
    }
    for (extra, word) in [
        (&["--box", "4x4"][..], "9×9"),
        (&["--cube"][..], "cubes"),
        (&["--killer"][..], "--like"),
    ] {
        let mut args = vec!["generate", "--variant", "jigsaw", "--seed", "1"];
        args.extend(extra);
        let out = sudokit(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(word),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn jigsaw_pretty_output_draws_regions_and_reads_back() {
    let jigsaw = "regions:\nAAAB\nCABB\nCCDB\nCDDD\n1...............\n";
    let pretty = sudokit_stdin(&["show", "-o", "pretty"], jigsaw);
    let text = stdout(&pretty);
    // r1c3 and r1c4 lie in different regions: a border between them.
    assert!(text.contains("| 1   .   . | . |"), "{text}");
    let a = sudokit_stdin(&["count", "--all"], jigsaw);
    let b = sudokit_stdin(&["count", "--all"], &text);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(stdout(&a).trim(), "24 exact");
}

#[test]
fn a_pencilmark_line_from_hint_is_a_position_in_every_command() {
    let hint = sudokit(&["hint", "--then", WIKI]);
    let state = stdout(&hint).lines().nth(1).unwrap().to_string();
    assert_eq!(state.len(), 729);
    let solved = sudokit_stdin(&["solve"], &state);
    assert_eq!(lines(&solved), [WIKI_SOLUTION]);
    assert!(stdout(&sudokit_stdin(&["check"], &state)).starts_with("ok: "));
    assert_eq!(
        stdout(&sudokit_stdin(&["count"], &state)).trim(),
        "1 unique"
    );
    assert!(sudokit_stdin(&["rate"], &state).status.success());
    // `-` marks a missing candidate too.
    let dashed = state.replace('.', "-");
    assert!(sudokit_stdin(&["hint"], &dashed).status.success());
}

#[test]
fn candidate_grid_from_show_solves_as_one_puzzle() {
    let grid = sudokit(&["show", "--candidates", WIKI]);
    let solved = sudokit_stdin(&["solve"], &stdout(&grid));
    assert_eq!(lines(&solved), [WIKI_SOLUTION]);
}

#[test]
fn a_position_without_the_solution_gets_no_hint() {
    // r1c3 is 4 in the solution: a state that strikes 4 there has no solution.
    let mut state = String::new();
    for (i, ch) in WIKI.chars().enumerate() {
        for d in 1..=9u32 {
            let given = ch.to_digit(10);
            let keep = match given {
                Some(g) => g == d,
                None => !(i == 2 && d == 4),
            };
            state.push(if keep {
                char::from_digit(d, 10).unwrap()
            } else {
                '.'
            });
        }
    }
    let out = sudokit_stdin(&["hint"], &state);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("no solution"), "{}", stdout(&out));
}

#[test]
fn puzzle_text_arguments_and_files_in_every_command() {
    for cmd in [
        "solve", "check", "count", "rate", "show", "explain", "hint", "canon",
    ] {
        let out = sudokit(&[cmd, WIKI]);
        assert!(
            out.status.success(),
            "{cmd}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = sudokit(&[cmd, "./crates/sudokit/tests/formats/line.txt"]);
        assert!(
            out.status.success(),
            "{cmd} ./file: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn other_tools_files_are_read_by_every_command() {
    let dir = repo_root().join("crates/sudokit/tests/formats");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let p = path.to_str().unwrap();
        let out = sudokit(&["solve", p]);
        assert!(out.status.success(), "{p}: {}", stdout(&out));
        assert!(
            stdout(&out).lines().all(|l| l == WIKI_SOLUTION),
            "{p}: {}",
            stdout(&out)
        );
        for cmd in ["check", "count", "rate", "show", "canon", "explain", "hint"] {
            let out = sudokit(&[cmd, p]);
            assert!(out.status.success(), "{cmd} {p}: {}", stdout(&out));
        }
    }
}

#[test]
fn paths_that_are_not_puzzle_files() {
    let out = sudokit(&["solve", "crates"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a directory"));
    // An empty input is an error (exit 2), not a silent success.
    let out = sudokit_stdin(&["solve"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no puzzles"));
    let out = sudokit(&["solve", "-j", "10000", WIKI]);
    assert_eq!(lines(&out), [WIKI_SOLUTION]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("using"));
}

#[test]
fn unreachable_difficulty_says_so_quickly() {
    let out = sudokit(&[
        "generate",
        "--box",
        "4x4",
        "--difficulty",
        "easy",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("rare on this board"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn json_uses_one_schema_and_names_print_once() {
    for args in [
        vec!["solve", "-o", "json", WIKI],
        vec!["rate", "--json", WIKI],
        vec!["check", "--json", WIKI],
        vec!["count", "-o", "json", WIKI],
        vec!["show", "-o", "json", WIKI],
        vec!["hint", "--json", WIKI],
        vec!["explain", "--json", WIKI],
    ] {
        let out = sudokit(&args);
        let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(v["puzzle"], 1, "{args:?}");
        assert_eq!(v["line"], 1, "{args:?}");
    }
    let out = sudokit(&["explain", WIKI]);
    for line in stdout(&out).lines().skip(1) {
        let name_and_rest: Vec<&str> = line.splitn(3, ": ").collect();
        if name_and_rest.len() == 3 {
            let name = name_and_rest[0]
                .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
            assert!(
                !name_and_rest[1].starts_with(name) || name.is_empty(),
                "{line}"
            );
        }
    }
}

#[test]
fn a_rendered_picture_reads_back_as_its_puzzle() {
    let jigsaw = "regions:\nAAAB\nCABB\nCCDB\nCDDD\n1...............\n";
    let svg = stdout(&sudokit_stdin(&["render"], jigsaw));
    assert!(svg.starts_with("<svg"), "{svg}");
    let a = sudokit_stdin(&["count", "--all"], jigsaw);
    let b = sudokit_stdin(&["count", "--all"], &svg);
    assert_eq!(stdout(&b).trim(), "24 exact");
    assert_eq!(stdout(&a), stdout(&b));
    // A picture that is not ours says what is missing.
    let foreign = sudokit_stdin(&["check"], "<svg xmlns=\"x\">\n</svg>\n");
    assert!(
        stdout(&foreign).contains("no sudokit puzzle in this picture"),
        "{}",
        stdout(&foreign)
    );
}
