//! Real puzzles from public sources (`tests/data/real/`, sources and
//! licences in its SOURCES.md), read in every form they are shared in and
//! solved against their sources' solutions.
//!
//! `expected.tsv` there gives each file's outcome: `unique` (one solution:
//! the file's `solution`, or the `solution=` column for links, or, where the
//! source gives none, the `found=` column, which `check_solutions.py` checks
//! against the file's rules with no code of ours), `several:N` (the
//! source's puzzle has exactly N solutions, its given one among them),
//! `multiple` (a test board of the source with no solution given: more
//! than one), `refused:WORDS` (the reader refuses it, naming what it does
//! not model). A `slow` column keeps a file out of the default run;
//! `cargo test --release --test real_files -- --ignored` solves those too.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;
use sudokit::format::{parse_all, ParseOptions};
use sudokit::{Grid, Options, Puzzle, Verdict};

fn dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/real"))
}

struct Case {
    file: String,
    outcome: String,
    /// The source's solution when the file itself cannot carry it (links).
    solution: Option<String>,
    slow: bool,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(dir().join("expected.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let extra = |k: &str| f.iter().skip(2).find_map(|x| x.strip_prefix(k));
            Case {
                file: f[0].to_string(),
                outcome: f[1].to_string(),
                solution: extra("solution=")
                    .or_else(|| extra("found="))
                    .map(str::to_string),
                slow: f.iter().skip(2).any(|x| *x == "slow"),
            }
        })
        .collect()
}

/// JSON on one line with a space after each `,` and `:` (Python's
/// `json.dumps` default), written here so that no serializer of ours is
/// involved.
fn spaced(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("[{}]", a.iter().map(spaced).collect::<Vec<_>>().join(", ")),
        Value::Object(o) => format!(
            "{{{}}}",
            o.iter()
                .map(|(k, v)| format!("{}: {}", Value::String(k.clone()), spaced(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

/// The f-puzzles JSON inside a stored file: the file itself, or the
/// payload of an f-puzzles link.
fn json_of(stored: &str) -> String {
    let s = stored.trim();
    if s.starts_with('{') {
        return s.to_string();
    }
    let payload = s.split("load=").nth(1).expect("an f-puzzles link");
    let units = lz_str::decompress_from_base64(payload).expect("an lz-string payload");
    String::from_utf16(&units).unwrap()
}

/// Every form a file can be shared in: as stored, its JSON compact, pretty
/// and spaced, and as f-puzzles and SudokuPad links.
fn forms(stored: &str) -> Vec<(&'static str, String)> {
    let v: Value = serde_json::from_str(&json_of(stored)).expect("JSON");
    let compact = v.to_string();
    let packed = lz_str::compress_to_base64(&compact);
    vec![
        ("stored", stored.to_string()),
        ("compact", compact),
        ("pretty", serde_json::to_string_pretty(&v).unwrap()),
        ("spaced", spaced(&v)),
        (
            "f-puzzles link",
            format!("https://www.f-puzzles.com/?load={packed}"),
        ),
        (
            "SudokuPad link",
            format!("https://sudokupad.app/fpuzzles{packed}"),
        ),
    ]
}

fn read(text: &str) -> Result<Puzzle, String> {
    let recs = parse_all(text, &ParseOptions::default());
    assert_eq!(recs.len(), 1, "one document, one puzzle");
    recs.into_iter()
        .next()
        .unwrap()
        .result
        .map_err(|e| e.to_string())
}

/// Reads a case in every form: each form gives the same puzzle, or each is
/// refused (the messages may differ by the form they name); every refusal
/// message is returned.
fn read_all_forms(c: &Case) -> Result<Puzzle, Vec<String>> {
    let stored = std::fs::read_to_string(dir().join(&c.file)).unwrap();
    let mut first: Option<(&str, Result<Puzzle, String>)> = None;
    let mut refusals = Vec::new();
    for (form, text) in forms(&stored) {
        let got = read(&text);
        if let Err(e) = &got {
            refusals.push(format!("{form}: {e}"));
        }
        match &first {
            None => first = Some((form, got)),
            Some((f0, Ok(want))) => {
                assert_eq!(got.as_ref(), Ok(want), "{}: {form} and {f0} differ", c.file)
            }
            Some((f0, Err(_))) => assert!(got.is_err(), "{}: {form} read, {f0} not", c.file),
        }
    }
    match first.unwrap().1 {
        Ok(p) => Ok(p),
        Err(_) => Err(refusals),
    }
}

fn source_solution(c: &Case, p: &Puzzle) -> Grid {
    match &c.solution {
        Some(s) => Grid::from_line(s).unwrap(),
        None => p
            .given_solution()
            .unwrap_or_else(|| panic!("{}: no solution given", c.file))
            .clone(),
    }
}

/// Checks one case's outcome; returns its kind for the tally.
fn check(c: &Case) -> &'static str {
    let read = read_all_forms(c);
    let opts = Options::default();
    if let Some(words) = c.outcome.strip_prefix("refused:") {
        let errs = read
            .err()
            .unwrap_or_else(|| panic!("{}: read, not refused", c.file));
        for e in errs {
            assert!(
                e.contains(words),
                "{}: {e:?} does not name {words:?}",
                c.file
            );
            assert!(!e.contains("cell count"), "{}: {e}", c.file);
        }
        return "refused";
    }
    let p = read.unwrap_or_else(|e| panic!("{}: {e:?}", c.file));
    if c.outcome == "multiple" {
        assert!(
            matches!(p.check(&opts), Ok(Verdict::Multiple(..))),
            "{}",
            c.file
        );
        return "multiple";
    }
    let want = source_solution(c, &p);
    if c.outcome == "unique" {
        match p.check(&opts) {
            Ok(Verdict::Unique(g)) => assert_eq!(g.cells(), want.cells(), "{}", c.file),
            other => panic!("{}: {other:?}", c.file),
        }
        return "unique";
    }
    let n: usize = c
        .outcome
        .strip_prefix("several:")
        .unwrap_or_else(|| panic!("{}: outcome {}", c.file, c.outcome))
        .parse()
        .unwrap();
    let all: Vec<Grid> = p.solutions(&opts).unwrap().take(n + 1).collect();
    assert_eq!(all.len(), n, "{}: solutions", c.file);
    assert!(all.contains(&want), "{}: the source's solution", c.file);
    // Read in part, such a puzzle gets no grid at all.
    if !p.ignored().is_empty() {
        let e = sudokit::service::solve(&p, &opts).unwrap_err();
        assert!(format!("{e:?}").contains("partly-read"), "{}", c.file);
    }
    "several"
}

fn run(slow: bool) {
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    for c in cases().iter().filter(|c| slow || !c.slow) {
        *tally.entry(check(c)).or_default() += 1;
    }
    eprintln!("real files: {tally:?}");
}

#[test]
fn real_files_in_every_form_read_and_solve_as_their_sources_say() {
    run(false);
}

/// The same with the puzzles that take seconds in a debug build.
#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn real_files_including_slow_ones() {
    run(true);
}

#[test]
fn every_corpus_file_has_an_expected_outcome_and_a_source() {
    let listed: Vec<String> = cases().into_iter().map(|c| c.file).collect();
    let sources = std::fs::read_to_string(dir().join("SOURCES.md")).unwrap()
        + &std::fs::read_to_string(dir().join("iss-sources.md")).unwrap();
    for sub in ["iss", "links"] {
        for e in std::fs::read_dir(dir().join(sub)).unwrap() {
            let name = format!("{sub}/{}", e.unwrap().file_name().to_string_lossy());
            assert!(listed.contains(&name), "{name} not in expected.tsv");
            assert!(
                sources.contains(&format!("`{name}`")),
                "{name} not in SOURCES.md"
            );
        }
    }
}
