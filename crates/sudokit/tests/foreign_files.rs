//! Files and links written by other tools (f-puzzles, SudokuPad, Python's
//! `json.dumps`), read with the meanings those tools give them. The JSON
//! files under `tests/data/foreign/` were written by Python, not by our
//! writer; the links are built here with lz-string, the compression
//! f-puzzles and SudokuPad use.

use std::path::PathBuf;

use sudokit::constraints::{Constraint, Direction};
use sudokit::format::{from_fpuzzles, from_sudokupad, parse_all, to_fpuzzles, ParseOptions};
use sudokit::{CountMode, Grid, Options, Puzzle};

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn data(name: &str) -> String {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/foreign")).join(name);
    std::fs::read_to_string(p).unwrap()
}

fn one(text: &str) -> Puzzle {
    let recs = parse_all(text, &ParseOptions::default());
    assert_eq!(recs.len(), 1, "one document, one puzzle");
    recs.into_iter().next().unwrap().result.unwrap()
}

/// An empty f-puzzles board of side `n` with extra keys (a JSON fragment).
fn fp(n: usize, extra: &str) -> String {
    let row = format!("[{}]", vec!["{}"; n].join(","));
    let grid = vec![row; n].join(",");
    let sep = if extra.is_empty() { "" } else { "," };
    format!(r#"{{"size":{n},"grid":[{grid}]{sep}{extra}}}"#)
}

/// Every solution of a puzzle (few enough to list).
fn all(p: &Puzzle) -> Vec<Vec<u16>> {
    p.solutions(&Options::default())
        .unwrap()
        .map(|g| g.cells().to_vec())
        .collect()
}

/// The 288 grids of 4×4, by the plain solver (no constraints).
fn grids_4x4() -> Vec<Vec<u16>> {
    all(&".".repeat(16).parse::<Puzzle>().unwrap())
}

fn orthogonal(n: usize) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for x in 0..n * n {
        if x % n + 1 < n {
            v.push((x, x + 1));
        }
        if x + n < n * n {
            v.push((x, x + n));
        }
    }
    v
}

#[test]
fn json_in_every_layout_reads_as_one_puzzle() {
    for f in [
        "classic-compact.json",
        "classic-spaced.json",
        "classic-indent2.json",
        "classic-indent4.json",
    ] {
        let text = data(f);
        let p = one(&text);
        assert_eq!(
            p.grid().cells(),
            Grid::from_line(WIKI).unwrap().cells(),
            "{f}"
        );
        assert_eq!(p.name(), Some("Wikipedia by unknown"), "{f}");
        let s = p.given_solution().expect("the file's solution");
        assert_eq!(s.cells(), Grid::from_line(WIKI_SOLUTION).unwrap().cells());
        assert_eq!(
            p.solve(&Options::default()).unwrap().cells(),
            s.cells(),
            "{f}"
        );
        // The f-puzzles importer takes the text itself too.
        assert_eq!(from_fpuzzles(&text).unwrap(), p, "{f}");
    }
}

#[test]
fn a_pretty_document_between_other_puzzles_is_one_record() {
    let text = format!(
        "{WIKI}\n{}\n{WIKI}\n",
        data("classic-indent2.json").trim_end()
    );
    let recs = parse_all(&text, &ParseOptions::default());
    assert_eq!(recs.len(), 3);
    for r in &recs {
        assert_eq!(r.result.as_ref().unwrap().grid().givens(), 30);
    }
    assert_eq!(recs[2].line, text.lines().count());
    // An unterminated document is one error naming why, not many records.
    let cut: String = data("classic-indent2.json")
        .lines()
        .take(20)
        .collect::<Vec<_>>()
        .join("\n");
    let recs = parse_all(&format!("{cut}\n\n{WIKI}\n"), &ParseOptions::default());
    assert_eq!(recs.len(), 2);
    let e = recs[0].result.as_ref().unwrap_err().to_string();
    assert!(e.contains("does not end"), "{e}");
    assert!(recs[1].result.is_ok());
}

#[test]
fn arrow_lines_from_one_circle_each_sum_to_it() {
    let text = fp(
        9,
        r#""arrow":[{"cells":["R5C5"],"lines":[["R5C5","R4C4","R3C3"],["R5C5","R6C6","R7C7"]]}]"#,
    );
    let p = from_fpuzzles(&text).unwrap();
    assert_eq!(
        p.constraints(),
        [
            Constraint::Arrow {
                circle: vec![40],
                arrow: vec![30, 20]
            },
            Constraint::Arrow {
                circle: vec![40],
                arrow: vec![50, 60]
            },
        ]
    );
    let s = p.solve(&Options::default()).unwrap();
    let v = |x: usize| s.get(x);
    assert_eq!(v(30) + v(20), v(40));
    assert_eq!(v(50) + v(60), v(40));
}

#[test]
fn little_killers_read_under_fpuzzles_key_and_ours_is_written_so() {
    let text = fp(
        4,
        r#""littlekillersum":[{"cell":"R0C1","direction":"DR","value":"10"}]"#,
    );
    let p = from_fpuzzles(&text).unwrap();
    let lk = Constraint::LittleKiller {
        sum: 10,
        start: 1,
        direction: Direction::DownRight,
    };
    assert_eq!(p.constraints(), std::slice::from_ref(&lk));
    // The older spelling still reads; an empty clue says nothing.
    let old = fp(
        4,
        r#""littlekiller":[{"cell":"R0C1","direction":"DR","value":"10"},{"cell":"R0C2","direction":"DR"}]"#,
    );
    assert_eq!(from_fpuzzles(&old).unwrap().constraints(), [lk]);
    let written = to_fpuzzles(&p).unwrap();
    assert!(written.contains("\"littlekillersum\""), "{written}");
    assert!(!written.contains("\"littlekiller\""), "{written}");
    // Every solution: r1c2 + r2c3 + r3c4 = 10, checked by hand.
    for s in all(&p) {
        assert_eq!(s[1] + s[6] + s[11], 10);
    }
}

/// The solutions of an f-puzzles board are the 4×4 grids that pass `keep`,
/// found without the constraint code.
fn same_as_filter(text: &str, keep: impl Fn(&[u16]) -> bool) {
    let p = from_fpuzzles(text).unwrap();
    let want: Vec<Vec<u16>> = grids_4x4().into_iter().filter(|g| keep(g)).collect();
    let mut got = all(&p);
    got.sort();
    let mut want = want;
    want.sort();
    assert!(want.contains(&G.to_vec()) && want.len() < 288);
    assert_eq!(got, want, "{text}");
    let count = p.count(CountMode::All, &Options::default()).unwrap();
    assert_eq!(count.to_string(), want.len().to_string());
}

/// A 4×4 solution grid the dots below are drawn from.
const G: [u16; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

fn consecutive(a: u16, b: u16) -> bool {
    a.abs_diff(b) == 1
}

fn ratio(a: u16, b: u16) -> bool {
    a == 2 * b || b == 2 * a
}

fn rc(x: usize) -> String {
    format!("\"R{}C{}\"", x / 4 + 1, x % 4 + 1)
}

/// f-puzzles dots (`key`) on the pairs of `pairs`.
fn dots(key: &str, pairs: &[(usize, usize)]) -> String {
    let items: Vec<String> = pairs
        .iter()
        .map(|&(a, b)| format!(r#"{{"cells":[{},{}]}}"#, rc(a), rc(b)))
        .collect();
    format!(r#""{key}":[{}]"#, items.join(","))
}

fn pairs_of(rel: fn(u16, u16) -> bool) -> Vec<(usize, usize)> {
    orthogonal(4)
        .into_iter()
        .filter(|&(a, b)| rel(G[a], G[b]))
        .collect()
}

#[test]
fn negative_rule_on_black_dots_only() {
    // Black dots wherever G has ratio 2; every other pair is not in ratio
    // 2, while consecutive pairs stay free.
    let black = pairs_of(ratio);
    let text = fp(
        4,
        &format!(r#"{},"negative":["ratio"]"#, dots("ratio", &black)),
    );
    same_as_filter(&text, |g| {
        orthogonal(4)
            .into_iter()
            .all(|(a, b)| ratio(g[a], g[b]) == black.contains(&(a, b)))
    });
}

#[test]
fn negative_rule_on_white_dots_only_and_xv() {
    let white = pairs_of(consecutive);
    let text = fp(
        4,
        &format!(
            r#"{},"negative":["difference"]"#,
            dots("difference", &white)
        ),
    );
    same_as_filter(&text, |g| {
        orthogonal(4)
            .into_iter()
            .all(|(a, b)| consecutive(g[a], g[b]) == white.contains(&(a, b)))
    });
    let xv = from_fpuzzles(&fp(4, r#""negative":["xv"]"#)).unwrap();
    assert_eq!(xv.constraints(), [Constraint::XvAll]);
}

#[test]
fn non_consecutive_with_dots_means_every_white_dot_is_given() {
    // f-puzzles: pairs with a dot of either colour are exempt. r1c1-r1c2
    // holds 1 and 2 in G under a black dot: consecutive, and allowed.
    let white: Vec<(usize, usize)> = pairs_of(consecutive)
        .into_iter()
        .filter(|&p| p != (0, 1))
        .collect();
    let black = [(0, 1)];
    let text = fp(
        4,
        &format!(
            r#""nonconsecutive":true,{},{}"#,
            dots("difference", &white),
            dots("ratio", &black)
        ),
    );
    let p = from_fpuzzles(&text).unwrap();
    assert!(!p.constraints().contains(&Constraint::NonConsecutive));
    assert!(p.constraints().contains(&Constraint::KropkiWhiteAll));
    same_as_filter(&text, |g| {
        orthogonal(4).into_iter().all(|(a, b)| {
            if black.contains(&(a, b)) {
                ratio(g[a], g[b])
            } else if white.contains(&(a, b)) {
                consecutive(g[a], g[b])
            } else {
                !consecutive(g[a], g[b])
            }
        })
    });
    // Without dots it is the plain rule.
    let plain = from_fpuzzles(&fp(4, r#""nonconsecutive":true"#)).unwrap();
    assert_eq!(plain.constraints(), [Constraint::NonConsecutive]);
}

#[test]
fn rules_sudokit_does_not_model_are_refused_by_name() {
    for key in ["slowthermometer", "rowindexer", "doublearrow", "sumdot"] {
        let e = from_fpuzzles(&fp(4, &format!(r#""{key}":[{{"cells":["R1C1"]}}]"#))).unwrap_err();
        assert!(e.contains(&format!("`{key}`")), "{e}");
        assert!(e.contains("does not model"), "{e}");
    }
}

#[test]
fn drawings_rules_texts_and_unknown_keys_are_listed_as_ignored() {
    let plain = from_fpuzzles(&fp(4, "")).unwrap();
    assert!(plain.ignored().is_empty());
    let p = from_fpuzzles(&fp(
        4,
        r#""line":[{"lines":[["R1C1","R2C2"]]},{"lines":[["R3C3","R4C4"]]}],
           "circle":[{"cells":["R1C1"]}],"rectangle":[{"cells":["R1C1"]}],
           "cage":[{"cells":["R1C1","R1C2"]},{"value":"title: x"}],"text":[{"cells":["R1C1"],"value":"!"}],
           "ruleset":"Digits on the green line ...","mysteryrule":[1]"#,
    ))
    .unwrap();
    let ig = p.ignored().join(" | ");
    for part in [
        "2 drawn lines",
        "1 drawn circles",
        "1 drawn rectangles",
        "1 drawn cages",
        "1 texts",
        "the rules text",
        "`mysteryrule`",
    ] {
        assert!(ig.contains(part), "{part} not in {ig}");
    }
}

fn lz(s: &str) -> String {
    lz_str::compress_to_base64(s)
}

#[test]
fn sudokupad_links_in_every_prefix_form() {
    let text = data("classic-compact.json");
    let packed = lz(text.trim());
    let escaped = packed
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    let want = from_fpuzzles(&text).unwrap();
    for link in [
        format!("https://sudokupad.app/fpuzzles{packed}"),
        format!("https://sudokupad.app/fpuzzles{escaped}"),
        format!("sudokupad.app/fpuz{packed}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{escaped}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{packed}"),
        format!("https://beta.sudokupad.app/fpuzzles{packed}?setting-nogrid=1"),
        format!("https://www.f-puzzles.com/?load={packed}"),
    ] {
        let recs = parse_all(&link, &ParseOptions::default());
        assert_eq!(recs.len(), 1, "{link}");
        let p = recs[0]
            .result
            .as_ref()
            .unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(p, &want, "{link}");
    }
    // SudokuPad's own JSON: compressed, and zipped before that.
    let scl = data("classic-sudokupad.json");
    let v: serde_json::Value = serde_json::from_str(&scl).unwrap();
    let compact = v.to_string();
    let from_file = one(&scl);
    assert_eq!(from_file.grid(), want.grid());
    assert_eq!(from_file.name(), Some("Wikipedia by unknown"));
    assert_eq!(from_file.given_solution(), want.given_solution());
    let ig = from_file.ignored().join(" | ");
    assert!(
        ig.contains("1 drawn lines") && ig.contains("rules text"),
        "{ig}"
    );
    for link in [
        format!("https://sudokupad.app/scl{}", lz(&compact)),
        format!("https://sudokupad.app/ctc{}", lz(&compact)),
        format!("https://sudokupad.app/scl{}", lz(&zip(&compact))),
    ] {
        let p = from_sudokupad(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(p.grid(), want.grid());
        assert_eq!(p.given_solution(), want.given_solution());
    }
}

/// SudokuPad's zipping of its JSON, as its public code does it: keys
/// unquoted and shortened, `{}` elements dropped, quotes swapped.
fn zip(json: &str) -> String {
    let short = [
        ("cells", "ce"),
        ("regions", "re"),
        ("cages", "ca"),
        ("value", "v"),
        ("lines", "l"),
        ("wayPoints", "wp"),
        ("color", "c"),
        ("thickness", "th"),
        ("cellSize", "cs"),
    ];
    let mut s = json.to_string();
    for (long, k) in short {
        s = s.replace(&format!("\"{long}\":"), &format!("{k}:"));
    }
    s = s.replace("\"id\":", "id:");
    s = s.replace(",{}", ",").replace("[{}", "[");
    s.replace('"', "'")
}

#[test]
fn sudokupad_errors_say_what_was_recognised() {
    let e = from_sudokupad("https://sudokupad.app/4swipiexba").unwrap_err();
    assert!(
        e.contains("kept on SudokuPad's server") && e.contains("4swipiexba"),
        "{e}"
    );
    let recs = parse_all("https://sudokupad.app/sclAAAA", &ParseOptions::default());
    let e = recs[0].result.as_ref().unwrap_err().to_string();
    assert!(e.contains("SudokuPad link whose payload (scl"), "{e}");
    assert!(!e.contains("cell count"), "{e}");
    // A board with outside clue cells is named as such.
    let wide = r#"{"cells":[[{},{}],[{},{}],[{},{}]]}"#;
    let e = from_sudokupad(wide).unwrap_err();
    assert!(e.contains("3×2"), "{e}");
}

/// A whisper line drawn back through a cell it already passed (a real
/// puzzle's line does this) is still a set of neighbouring pairs: it reads
/// as the same pairs split into lines that do not repeat a cell.
#[test]
fn a_whisper_line_passing_a_cell_twice_reads_as_its_pairs() {
    let looped = fp(
        9,
        r#""whispers":[{"lines":[["R6C7","R5C7","R6C6","R5C5","R4C6","R5C7"]]}]"#,
    );
    let split = fp(
        9,
        r#""whispers":[{"lines":[["R6C7","R5C7","R6C6","R5C5","R4C6"],["R4C6","R5C7"]]}]"#,
    );
    let a = from_fpuzzles(&looped).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a, from_fpuzzles(&split).unwrap());
}
