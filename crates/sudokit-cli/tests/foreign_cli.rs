//! Links and JSON given on the command line, and puzzles read only in part
//! (drawings, rules texts): warned about, and never answered with one
//! solution among several.

mod support;

use support::{lines, repo_root, sudokit, sudokit_stdin};

const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn foreign(name: &str) -> String {
    let p = repo_root()
        .join("crates/sudokit/tests/data/foreign")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

/// An empty 4×4 f-puzzles board with extra keys.
fn fp4(extra: &str) -> String {
    let row = "[{},{},{},{}]";
    format!(r#"{{"size":4,"grid":[{row},{row},{row},{row}],{extra}}}"#)
}

#[test]
fn links_and_json_as_arguments_are_the_puzzle() {
    let json = foreign("classic-compact.json");
    let p: sudokit::Puzzle = sudokit::format::from_fpuzzles(&json).unwrap();
    let link = sudokit::format::to_fpuzzles_link(&p).unwrap();
    assert!(link.contains('/'));
    let packed = link.rsplit_once("load=").unwrap().1;
    for arg in [
        json.trim().to_string(),
        link.clone(),
        format!("https://sudokupad.app/fpuzzles{packed}"),
        format!("sudokupad.app/?puzzleid=fpuzzles{packed}"),
    ] {
        let out = sudokit(&["solve", &arg]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{arg}: {err}");
        assert_eq!(lines(&out), [SOLUTION], "{arg}");
        assert!(!err.contains("cannot open"), "{err}");
    }
    // A missing file is still named as one.
    let out = sudokit(&["solve", "no/such/file.txt"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
}

#[test]
fn partly_read_puzzles_warn_and_need_a_unique_answer() {
    // Unique under the rules read: answered, with a warning naming the
    // rules text that was not read.
    let out = sudokit(&["solve", foreign("classic-indent2.json").as_str()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(lines(&out), [SOLUTION]);
    assert!(
        err.contains("warning:") && err.contains("rules text"),
        "{err}"
    );
    // An empty board with a drawn line: many solutions, none presented.
    let drawn = fp4(r#""line":[{"lines":[["R1C1","R2C2"]]}]"#);
    let out = sudokit(&["solve", &drawn]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        text.contains("not answered") && text.contains("--any-solution"),
        "{text}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 drawn lines"));
    let out = sudokit(&["solve", "--any-solution", &drawn]);
    assert!(out.status.success());
    assert_eq!(lines(&out)[0].len(), 16);
    // JSON: the warnings field, and the error code.
    let out = sudokit(&["solve", "-o", "json", &drawn]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["code"], "partly-read");
    assert_eq!(v["warnings"][0], "1 drawn lines (f-puzzles `line`)");
    // A puzzle read completely keeps today's behaviour: first solution.
    let out = sudokit(&["solve", &fp4(r#""antiknight":false"#)]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    // check and hint warn too.
    for cmd in ["check", "hint"] {
        let out = sudokit(&[cmd, foreign("classic-spaced.json").trim()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not read as rules"), "{cmd}: {err}");
    }
}

/// `show --to` writes each puzzle for f-puzzles (JSON or a share link);
/// both read back as the same puzzle, and a rule f-puzzles cannot hold is
/// an error line in its place while the others are still written.
#[test]
fn show_writes_fpuzzles_json_and_links_that_read_back() {
    let dots = ".".repeat(81);
    let puzzle = format!("x-sum: 15 r1c1 right\nregion-sum: r1c2 r1c3 r1c4\n{dots}\n");
    let directives = |text: &str| -> Vec<String> {
        let out = sudokit_stdin(&["show", "-o", "line"], text);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        lines(&out)
    };
    let ours = directives(&puzzle);
    assert_eq!(ours[1], "region-sum: r1c2 r1c3 | r1c4");
    for to in ["fpuzzles", "fpuzzles-link"] {
        let out = sudokit_stdin(&["show", "--to", to], &puzzle);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let written = lines(&out);
        assert_eq!(written.len(), 1, "{written:?}");
        assert_eq!(directives(&written[0]), ours, "{to}");
    }
    let bad = format!("region-sum: r1c1 | r1c2\n{dots}\n{dots}\n");
    let out = sudokit_stdin(&["show", "--to", "fpuzzles"], &bad);
    assert!(!out.status.success());
    let l = lines(&out);
    assert_eq!(l.len(), 2, "{l:?}");
    assert!(
        l[0].starts_with("error:") && l[0].contains("cannot hold the region-sum"),
        "{}",
        l[0]
    );
    assert!(l[1].starts_with("{\"grid\""), "{}", l[1]);
}
