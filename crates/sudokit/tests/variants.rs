//! Constraint variants: the puzzle suite in `tests/variants/` (each with
//! its unique solution, confirmed by the engine and by an independent
//! checker), text round trips, located errors, and counts and true
//! candidates against plain enumeration.
//!
//! `cargo run --release -p sudokit --example variant_suite` rebuilds the
//! constructed part of the suite.

mod support;
mod variant_checker;

use std::path::PathBuf;
use std::time::Duration;

use proptest::prelude::*;
use sudokit::constraints::{Constraint, Direction, Line};
use sudokit::format::{parse_all, OutputFormat, ParseOptions, Writer};
use sudokit::{CountMode, Grid, Options, Puzzle, Verdict};
use support::variant_suite as suite;

fn suite_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variants"))
}

fn opts() -> Options {
    Options::default().with_timeout(Duration::from_secs(60))
}

fn values(g: &Grid) -> Vec<u32> {
    g.cells().iter().map(|&v| v as u32).collect()
}

/// Every constraint family the suite must cover, by directive key.
const FAMILIES: [&str; 20] = [
    "cage",
    "thermo",
    "arrow",
    "kropki-white",
    "kropki-black",
    "kropki",
    "xv",
    "sandwich",
    "little-killer",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "odd",
    "even",
    "whisper",
    "renban",
    "palindrome",
    "between",
    "region",
    "xv-all",
];

#[test]
fn suite_puzzles_have_their_unique_solution() {
    let files = suite();
    assert!(files.len() >= 40, "only {} puzzles", files.len());
    let mut covered = std::collections::BTreeSet::new();
    for (name, text) in &files {
        let p: Puzzle = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!p.constraints().is_empty(), "{name}: no constraints");
        let t = std::time::Instant::now();
        let verdict = p.check(&opts()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Verdict::Unique(sol) = verdict else {
            panic!("{name}: not unique")
        };
        eprintln!("{name}: unique in {:?}", t.elapsed());
        let file = variant_checker::read(text);
        let expected = file.solution.as_ref().expect("a # solution: line");
        assert_eq!(&values(&sol), expected, "{name}: another solution");
        variant_checker::check(&file, expected).unwrap_or_else(|e| panic!("{name}: checker: {e}"));
        for (k, v) in &file.rules {
            covered.insert(if k == "xv" && v == "all" {
                "xv-all".to_string()
            } else {
                k.clone()
            });
        }
    }
    for f in FAMILIES {
        assert!(covered.contains(f), "no suite puzzle uses {f}");
    }
}

/// The learning solver with the constraints (clauses for pair-like rules,
/// each model checked against the others) finds each suite puzzle's
/// solution and proves it unique. The 6×6 puzzles here; all of them in the
/// release run of the ignored tests.
#[test]
fn small_suite_puzzles_on_the_learning_solver() {
    learning_solver_on(|name| name.ends_with("-6.txt"));
}

#[test]
#[ignore = "the whole suite on the learning solver: about 3 s in release"]
fn suite_puzzles_on_the_learning_solver() {
    learning_solver_on(|_| true);
}

fn learning_solver_on(take: impl Fn(&str) -> bool) {
    use sudokit::solve::Engine;
    let o = opts().with_engine(Engine::Learning);
    let mut tried = 0;
    for (name, text) in suite().iter().filter(|(name, _)| take(name)) {
        let p: Puzzle = text.parse().unwrap();
        let file = variant_checker::read(text);
        let expected = file.solution.as_ref().expect("a # solution: line");
        let solved = p.solve(&o).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&values(&solved), expected, "{name}: solve");
        let Verdict::Unique(sol) = p.check(&o).unwrap_or_else(|e| panic!("{name}: {e}")) else {
            panic!("{name}: not unique on the learning solver")
        };
        assert_eq!(&values(&sol), expected, "{name}: check");
        variant_checker::check(&file, &values(&sol)).unwrap_or_else(|e| panic!("{name}: {e}"));
        tried += 1;
    }
    assert!(tried >= 10, "only {tried} puzzles");
}

#[test]
fn suite_puzzles_round_trip_through_the_writer() {
    for (name, text) in suite() {
        let p: Puzzle = text.parse().unwrap();
        for format in [OutputFormat::Line, OutputFormat::Pretty, OutputFormat::Json] {
            let mut w = Writer::new(format);
            let out = w.write(&p);
            let back: Puzzle = out.parse().unwrap_or_else(|e| panic!("{name}: {e}\n{out}"));
            assert_eq!(back.constraints(), p.constraints(), "{name}\n{out}");
            assert_eq!(back.grid(), p.grid(), "{name}");
        }
    }
}

#[test]
fn bad_directives_name_puzzle_line_and_column() {
    let text = "name: first\n1.3.............\n\ncage: 7 r1c1 r9c2\n................\n";
    let recs = parse_all(text, &ParseOptions::default());
    let e = recs[1].result.as_ref().unwrap_err();
    assert_eq!((e.puzzle, e.line, e.column), (2, 4, Some(14)), "{e}");
    assert!(e.to_string().contains("off the 4×4 board"), "{e}");
    let e = "thermo: r1c1 x2\n................\n"
        .parse::<Puzzle>()
        .unwrap_err();
    assert_eq!((e.line, e.column), (1, Some(14)), "{e}");
    let e = "arrow: r1c1 r1c2\n................\n"
        .parse::<Puzzle>()
        .unwrap_err();
    assert!(e.to_string().contains("circle"), "{e}");
    let e = "kropki-white: r1c1 r2c2\n................\n"
        .parse::<Puzzle>()
        .unwrap_err();
    assert!(e.to_string().contains("neighbours"), "{e}");
}

/// A 4×4 board with some constraints, for enumeration against the
/// checker's brute force.
fn small_cases() -> Vec<&'static str> {
    vec![
        "cage: 3 r1c1 r1c2\n................\n",
        "thermo: r1c1 r2c1 r3c1\nkropki-white: r4c3 r4c4\n................\n",
        "arrow: r1c1 | r2c2 r3c3\nxv: v r4c1 r4c2\n................\n",
        "sandwich: row 1 = 2\nodd: r2c2\n................\n",
        "little-killer: 7 r1c2 down-right\neven: r4c4\n................\n",
        "anti-king\n................\n",
        "non-consecutive\n................\n",
        "kropki-black: r1c1 r1c2\nkropki: all\n................\n",
        "xv: v r1c1 r2c1\nxv: all\n................\n",
        "whisper: r1c1 r1c2 r2c2\n1...............\n",
        "renban: r1c1 r2c2 r3c3\n................\n",
        "palindrome: r1c1 r2c2 r3c3 r4c4\n................\n",
        "between: r1c1 r2c2 r3c1\n................\n",
        "region: r1c1 r2c3 r3c2 r4c4\n................\n",
        "anti-knight\ncage: r2c2 r3c3\n................\n",
        // Arrows whose cells share a box (distinct digits on the arrow).
        "arrow: r1c1 | r1c2 r2c2\n................\n",
        "arrow: r1c3 r1c4 | r2c4 r3c4 r4c4 r4c3 r4c2\n................\n",
    ]
}

#[test]
fn counts_and_true_candidates_agree_with_plain_enumeration() {
    for text in small_cases() {
        let p: Puzzle = text.parse().unwrap();
        let file = variant_checker::read(text);
        let brute = variant_checker::brute_force(&file, usize::MAX);
        let count = p.count(CountMode::All, &opts()).unwrap();
        assert_eq!(count.to_string(), brute.len().to_string(), "{text}");
        let mut ours: Vec<Vec<u32>> = p.solutions(&opts()).unwrap().map(|g| values(&g)).collect();
        ours.sort();
        let mut theirs = brute.clone();
        theirs.sort();
        assert_eq!(ours, theirs, "{text}");
        let tc = p.true_candidates(&opts()).unwrap();
        for cell in 0..16 {
            let mut want: Vec<u16> = brute.iter().map(|s| s[cell] as u16).collect();
            want.sort();
            want.dedup();
            assert_eq!(tc.digits(cell), want, "{text} cell {cell}");
        }
        let up_to = p.count(CountMode::UpTo(2), &opts()).unwrap();
        // Reaching the limit reads "at least 2": a bound, not a total.
        let want = match brute.len() {
            0 | 1 => brute.len().to_string(),
            _ => "at least 2".to_string(),
        };
        assert_eq!(up_to.to_string(), want, "{text}");
    }
}

#[test]
fn constraints_combine_with_unit_variants_and_other_box_shapes() {
    // A 6×6 (2×3 boxes) with the X diagonals and a killer cage.
    let text = "box: 2x3\nvariant: x\ncage: 3 r1c1 r1c2\n....................................\n";
    let p: Puzzle = text.parse().unwrap();
    for s in p.solutions(&opts()).unwrap().take(50) {
        let v = values(&s);
        assert_eq!(v[0] + v[1], 3);
        let f = variant_checker::read(text);
        variant_checker::check(&f, &v).unwrap();
    }
    assert_eq!(p.constraints().len(), 1);
}

fn arb_constraint(n: usize) -> impl Strategy<Value = Constraint> {
    let cell = 0..n * n;
    let cells = proptest::collection::vec(0..n * n, 1..6).prop_map(|mut v| {
        v.sort();
        v.dedup();
        v
    });
    let pair = (0..n, 0..n - 1, any::<bool>()).prop_map(move |(r, c, down)| {
        if down {
            (c * n + r, (c + 1) * n + r)
        } else {
            (r * n + c, r * n + c + 1)
        }
    });
    prop_oneof![
        (proptest::option::of(1u32..40), cells.clone())
            .prop_map(|(sum, cells)| Constraint::Cage { sum, cells }),
        cells
            .clone()
            .prop_filter("two", |v| v.len() >= 2)
            .prop_map(Constraint::Thermo),
        (cells.clone(), cell.clone()).prop_filter_map("disjoint", |(a, c)| {
            (!a.contains(&c)).then(|| Constraint::Arrow {
                circle: vec![c],
                arrow: a,
            })
        }),
        pair.clone()
            .prop_map(|(a, b)| Constraint::KropkiWhite(a, b)),
        pair.clone()
            .prop_map(|(a, b)| Constraint::KropkiBlack(a, b)),
        pair.clone().prop_map(|(a, b)| Constraint::X(a, b)),
        pair.prop_map(|(a, b)| Constraint::V(a, b)),
        Just(Constraint::KropkiAll),
        Just(Constraint::KropkiWhiteAll),
        Just(Constraint::KropkiBlackAll),
        Just(Constraint::XvAll),
        Just(Constraint::AntiKnight),
        Just(Constraint::AntiKing),
        Just(Constraint::NonConsecutive),
        (0..n, any::<bool>(), 0u32..50).prop_map(|(k, row, sum)| Constraint::Sandwich {
            line: if row { Line::Row(k) } else { Line::Column(k) },
            sum
        }),
        (0u32..60, cell, 0..4usize).prop_map(|(sum, start, d)| Constraint::LittleKiller {
            sum,
            start,
            direction: [
                Direction::DownRight,
                Direction::DownLeft,
                Direction::UpRight,
                Direction::UpLeft
            ][d],
        }),
        cells.clone().prop_map(Constraint::Odd),
        cells.clone().prop_map(Constraint::Even),
        cells
            .clone()
            .prop_filter("two", |v| v.len() >= 2)
            .prop_map(Constraint::Whisper),
        cells.clone().prop_map(Constraint::Renban),
        cells
            .clone()
            .prop_filter("two", |v| v.len() >= 2)
            .prop_map(Constraint::Palindrome),
        cells
            .clone()
            .prop_filter("two", |v| v.len() >= 2)
            .prop_map(Constraint::Between),
        cells.prop_map(Constraint::Region),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// Whatever constraints a puzzle has, the writer's text reads back to
    /// the same puzzle, on boards of several sizes and in every text format.
    #[test]
    fn constraints_round_trip(
        (side, cs) in prop_oneof![Just(4usize), Just(6), Just(9), Just(12)]
            .prop_flat_map(|side| (Just(side), proptest::collection::vec(arb_constraint(side), 0..8))),
    ) {
        let p = Puzzle::new(Grid::from_line(&".".repeat(side * side)).unwrap())
            .with_constraints(cs);
        for format in [
            OutputFormat::Line,
            OutputFormat::Pretty,
            OutputFormat::Rc,
            OutputFormat::Json,
        ] {
            let text = Writer::new(format).write(&p);
            let back: Puzzle = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back.constraints(), p.constraints(), "{}", text);
            prop_assert_eq!(back.grid(), p.grid());
        }
    }
}

/// Constraints as a set, odd and even cells merged: what an f-puzzles round
/// trip keeps (it lists rules by kind, and odd/even cells as one list each).
fn as_set(cs: &[Constraint]) -> Vec<String> {
    let (mut odd, mut even): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    let mut out: Vec<String> = Vec::new();
    for c in cs {
        match c {
            Constraint::Odd(v) => odd.extend(v),
            Constraint::Even(v) => even.extend(v),
            c => out.push(format!("{c:?}")),
        }
    }
    for (v, name) in [(&mut odd, "odd"), (&mut even, "even")] {
        v.sort();
        v.dedup();
        if !v.is_empty() {
            out.push(format!("{name} {v:?}"));
        }
    }
    out.sort();
    out.dedup();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// Every constraint kind survives f-puzzles export and import, as JSON
    /// and as a share link, with the givens and the name.
    #[test]
    fn fpuzzles_export_round_trips(
        (side, cs, given) in prop_oneof![Just(4usize), Just(6), Just(9)]
            .prop_flat_map(|side| (
                Just(side),
                proptest::collection::vec(arb_constraint(side), 0..8),
                1..=side as u16,
            )),
    ) {
        let mut g = Grid::from_line(&".".repeat(side * side)).unwrap();
        g.set(side + 1, given);
        let p = Puzzle::new(g).with_constraints(cs).named("round trip");
        let dotted = p.constraints().iter().any(|c| {
            matches!(c, Constraint::KropkiWhite(..) | Constraint::KropkiBlack(..))
        });
        if dotted && p.constraints().contains(&Constraint::NonConsecutive) {
            // f-puzzles' non-consecutive exempts dotted pairs: not ours.
            prop_assert!(sudokit::format::to_fpuzzles(&p).is_err());
            return Ok(());
        }
        let negatives = [
            Constraint::KropkiAll,
            Constraint::KropkiWhiteAll,
            Constraint::KropkiBlackAll,
        ];
        if negatives.iter().filter(|c| p.constraints().contains(c)).count() > 1 {
            // Overlapping negative rules merge in f-puzzles' one list of
            // kinds: the same rules, not the same constraint values.
            return Ok(());
        }
        let json = sudokit::format::to_fpuzzles(&p).map_err(TestCaseError::fail)?;
        let link = sudokit::format::to_fpuzzles_link(&p).map_err(TestCaseError::fail)?;
        for text in [&json, &link] {
            let back = sudokit::format::from_fpuzzles(text)
                .map_err(|e| TestCaseError::fail(format!("{e}\n{json}")))?;
            prop_assert_eq!(as_set(back.constraints()), as_set(p.constraints()), "{}", json);
            prop_assert_eq!(back.grid(), p.grid());
            prop_assert_eq!(back.name(), p.name());
        }
    }
}

#[test]
fn fpuzzles_export_keeps_suite_puzzles_and_refuses_other_shapes() {
    for (name, text) in suite() {
        let p: Puzzle = text.parse().unwrap();
        let back = sudokit::format::from_fpuzzles(&sudokit::format::to_fpuzzles(&p).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            as_set(back.constraints()),
            as_set(p.constraints()),
            "{name}"
        );
        assert_eq!(back.grid(), p.grid(), "{name}");
    }
    // 6×6 with 3×2 boxes: f-puzzles only draws its own 2×3.
    let p: Puzzle = "box: 3x2\n...................................."
        .parse()
        .unwrap();
    let e = sudokit::format::to_fpuzzles(&p).unwrap_err();
    assert!(e.contains("box shape"), "{e}");
}

/// An f-puzzles file using every key the importer knows (constructed for
/// this test; the keys and their shapes follow f-puzzles' format).
const FPUZZLES: &str = r#"{
  "size": 9, "title": "Everything", "author": "sudokit tests",
  "grid": [
    [{"value":5,"given":true},{},{},{},{},{},{},{},{}],
    [{},{},{},{},{},{},{},{},{}], [{},{},{},{},{},{},{},{},{}],
    [{},{},{},{},{},{},{},{},{}], [{},{},{},{},{},{},{},{},{}],
    [{},{},{},{},{},{},{},{},{}], [{},{},{},{},{},{},{},{},{}],
    [{},{},{},{},{},{},{},{},{}], [{},{},{},{},{},{},{},{},{"value":3}]
  ],
  "diagonal+": true, "antiknight": true, "antiking": false, "nonconsecutive": false,
  "killercage": [{"cells":["R2C2","R2C3"],"value":"11"},{"cells":["R3C3","R3C4"]}],
  "thermometer": [{"lines":[["R4C1","R4C2","R4C3"]]}],
  "arrow": [{"cells":["R6C6"],"lines":[["R6C6","R7C7","R8C8"]]}],
  "difference": [{"cells":["R1C8","R1C9"]}],
  "ratio": [{"cells":["R2C8","R2C9"]}],
  "negative": ["ratio","difference","xv"],
  "xv": [{"cells":["R9C1","R9C2"],"value":"X"},{"cells":["R8C1","R8C2"],"value":"V"}],
  "sandwichsum": [{"cell":"R0C5","value":"20"},{"cell":"R5C0","value":"0"}],
  "littlekiller": [{"cell":"R0C3","direction":"DR","value":"30"}],
  "odd": [{"cell":"R5C5"}], "even": [{"cell":"R5C6"},{"cell":"R5C7"}],
  "palindrome": [{"lines":[["R7C1","R7C2","R7C3"]]}],
  "betweenline": [{"lines":[["R8C4","R8C5","R8C6"]]}],
  "renban": [{"lines":[["R9C4","R9C5","R9C6"]]}],
  "whispers": [{"lines":[["R9C7","R9C8"]]}],
  "extraregion": [{"cells":["R1C4","R1C5","R2C4","R2C5"]}],
  "text": [{"cells":["R1C1"],"value":"hi"}]
}"#;

#[test]
fn fpuzzles_import_round_trips_through_our_text_form() {
    use sudokit::format::from_fpuzzles;
    let p = from_fpuzzles(FPUZZLES).unwrap();
    assert_eq!(p.name(), Some("Everything by sudokit tests"));
    assert_eq!(p.grid().get(0), 5);
    assert_eq!(
        p.grid().get(80),
        0,
        "a value without `given` is not a given"
    );
    let keys: Vec<String> = p
        .constraints()
        .iter()
        .map(|c| c.to_directive(9).split(':').next().unwrap().to_string())
        .collect();
    for k in [
        "region",
        "anti-knight",
        "cage",
        "thermo",
        "arrow",
        "kropki-white",
        "kropki-black",
        "kropki",
        "xv",
        "sandwich",
        "little-killer",
        "odd",
        "even",
        "palindrome",
        "between",
        "renban",
        "whisper",
    ] {
        assert!(keys.iter().any(|x| x == k), "{k} missing from {keys:?}");
    }
    assert!(p.constraints().contains(&Constraint::Arrow {
        circle: vec![50],
        arrow: vec![60, 70]
    }));
    assert!(p.constraints().contains(&Constraint::Sandwich {
        line: Line::Column(4),
        sum: 20
    }));
    assert!(p.constraints().contains(&Constraint::LittleKiller {
        sum: 30,
        start: 3,
        direction: Direction::DownRight
    }));
    // Our text form and back.
    let text = Writer::new(OutputFormat::Line).write(&p);
    let back: Puzzle = text.parse().unwrap();
    assert_eq!(back.constraints(), p.constraints(), "{text}");
    assert_eq!(back.grid(), p.grid());
    // The compressed share-link form gives the same puzzle.
    let packed = lz_str::compress_to_base64(FPUZZLES);
    assert_eq!(from_fpuzzles(&packed).unwrap(), p);
    let link = format!("https://www.f-puzzles.com/?load={packed}");
    assert_eq!(from_fpuzzles(&link).unwrap(), p);
    // A rule we do not know is an error, not a silent drop.
    let e = from_fpuzzles(r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"quadruple":[{"cells":["R1C1"]}]}"#).unwrap_err();
    assert!(e.contains("quadruple"), "{e}");
}

#[test]
fn suite_puzzles_render_with_their_constraints() {
    use sudokit::render::svg::{render_puzzle, SvgOptions};
    let marks = [
        ("killer", "stroke-dasharray"),
        ("thermo", "<polyline"),
        ("kropki", "<circle"),
        ("xv", ">X</text>"),
        ("sandwich", "</text>"),
        ("little-killer", "lk-arrow"),
        ("arrow", "arrowhead"),
        ("anti-knight", ">anti-knight</text>"),
        ("anti-king", ">anti-king</text>"),
        ("non-consecutive", ">non-consecutive</text>"),
        ("region", "#fdf1c7"),
    ];
    for (name, text) in suite() {
        let p: Puzzle = text.parse().unwrap();
        let doc = render_puzzle(p.grid(), p.constraints(), &SvgOptions::default());
        assert!(
            doc.starts_with("<svg") && doc.trim_end().ends_with("</svg>"),
            "{name}"
        );
        // `NN-family-N.txt`
        let family_of = name[3..].rsplit_once('-').map_or("", |(f, _)| f);
        for (family, mark) in marks {
            if family_of == family {
                assert!(doc.contains(mark), "{name}: no {mark}");
            }
        }
    }
}

/// The reader takes f-puzzles share links, compressed strings and JSON as
/// puzzle lines among others, and a classic line after them still reads.
#[test]
fn reader_reads_fpuzzles_lines() {
    use sudokit::format::{parse_all, to_fpuzzles, to_fpuzzles_link, ParseOptions};
    let (name, text) = suite().into_iter().next().unwrap();
    let p: Puzzle = text.parse().unwrap();
    let link = to_fpuzzles_link(&p).unwrap();
    let packed = link.rsplit_once("load=").unwrap().1.to_string();
    let json = to_fpuzzles(&p).unwrap();
    let classic = "1".to_string() + &".".repeat(80);
    let input = [link.as_str(), &packed, &json, &classic].join("\n");
    let records = parse_all(&input, &ParseOptions::default());
    assert_eq!(records.len(), 4, "{name}");
    for r in &records[..3] {
        let q = r.result.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(q.grid(), p.grid(), "{name}");
        assert_eq!(as_set(q.constraints()), as_set(p.constraints()), "{name}");
    }
    let last = records[3].result.as_ref().unwrap();
    assert!(last.constraints().is_empty());
    assert_eq!(last.grid().get(0), 1);
}

/// The learning solver knows only units: a constraint puzzle asked to use
/// it still goes to the constraint search, so the answer keeps the rules.
#[test]
fn every_engine_choice_honours_constraints() {
    use sudokit::solve::Engine;
    let text = std::fs::read_to_string(suite_dir().join("02-killer-9.txt")).unwrap();
    let f = variant_checker::read(&text);
    let p: Puzzle = text.parse().unwrap();
    for engine in [Engine::Auto, Engine::Learning] {
        let o = opts().with_engine(engine);
        let s = p.unique_solution(&o).unwrap();
        assert_eq!(Some(values(&s)), f.solution, "{engine:?}");
        assert_eq!(variant_checker::check(&f, &values(&s)), Ok(()));
    }
}
