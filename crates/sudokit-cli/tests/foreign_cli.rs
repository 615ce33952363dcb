//! Links and JSON given on the command line, and puzzles read only in part
//! (drawings, rules texts): warned about, and never answered with one
//! solution among several.

mod support;

use support::{lines, repo_root, sudokit};

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
