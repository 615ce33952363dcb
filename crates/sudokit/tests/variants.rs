//! Constraint variants: the puzzle suite in `tests/variants/` (each with
//! its unique solution, confirmed by the engine and by an independent
//! checker), text round trips, located errors, and counts and true
//! candidates against plain enumeration.
//!
//! `cargo test -p sudokit --test variants -- --ignored make_suite`
//! rebuilds the constructed part of the suite.

mod variant_checker;

use std::path::PathBuf;
use std::time::Duration;

use proptest::prelude::*;
use sudokit::constraints::{Constraint, Direction, Line};
use sudokit::format::{parse_all, write_line, OutputFormat, ParseOptions, Writer};
use sudokit::{CountMode, Grid, Options, Puzzle, Verdict};

fn suite_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variants"))
}

fn suite() -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(suite_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
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
            covered.insert(if k == "xv" && v == "all" { "xv-all".to_string() } else { k.clone() });
        }
    }
    for f in FAMILIES {
        assert!(covered.contains(f), "no suite puzzle uses {f}");
    }
}

#[test]
fn suite_puzzles_round_trip_through_the_writer() {
    for (name, text) in suite() {
        let p: Puzzle = text.parse().unwrap();
        for format in [OutputFormat::Line, OutputFormat::Pretty] {
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
    let e = "arrow: r1c1 r1c2\n................\n".parse::<Puzzle>().unwrap_err();
    assert!(e.to_string().contains("circle"), "{e}");
    let e = "kropki-white: r1c1 r2c2\n................\n".parse::<Puzzle>().unwrap_err();
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
        cells.clone().prop_filter("two", |v| v.len() >= 2).prop_map(Constraint::Thermo),
        (cells.clone(), cell.clone()).prop_filter_map("disjoint", |(a, c)| {
            (!a.contains(&c)).then(|| Constraint::Arrow {
                circle: vec![c],
                arrow: a,
            })
        }),
        pair.clone().prop_map(|(a, b)| Constraint::KropkiWhite(a, b)),
        pair.clone().prop_map(|(a, b)| Constraint::KropkiBlack(a, b)),
        pair.clone().prop_map(|(a, b)| Constraint::X(a, b)),
        pair.prop_map(|(a, b)| Constraint::V(a, b)),
        Just(Constraint::KropkiAll),
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
        cells.clone().prop_filter("two", |v| v.len() >= 2).prop_map(Constraint::Whisper),
        cells.clone().prop_map(Constraint::Renban),
        cells.clone().prop_filter("two", |v| v.len() >= 2).prop_map(Constraint::Palindrome),
        cells.clone().prop_filter("two", |v| v.len() >= 2).prop_map(Constraint::Between),
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
        for format in [OutputFormat::Line, OutputFormat::Pretty, OutputFormat::Rc] {
            let text = Writer::new(format).write(&p);
            let back: Puzzle = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back.constraints(), p.constraints(), "{}", text);
            prop_assert_eq!(back.grid(), p.grid());
        }
    }
}

// ---------------------------------------------------------------------
// Building the constructed part of the suite.

/// A small deterministic generator (xorshift), so the suite rebuilds the
/// same way.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

/// Givens added, one cell where two solutions differ at a time, until the
/// puzzle is unique; then givens dropped while it stays so.
fn make_unique(mut p: Puzzle, sol: &Grid, rng: &mut Rng) -> Option<Puzzle> {
    let o = Options::default().with_timeout(Duration::from_secs(20));
    loop {
        match p.check(&o).ok()? {
            Verdict::Unique(s) => {
                assert_eq!(&s, sol);
                break;
            }
            Verdict::Multiple(a, b) => {
                let diff: Vec<usize> = (0..a.cells().len()).filter(|&c| a.get(c) != b.get(c)).collect();
                let c = diff[rng.below(diff.len())];
                let mut g = p.grid().clone();
                g.set(c, sol.get(c));
                p = Puzzle::new(g).with_constraints(p.constraints().to_vec());
            }
        }
    }
    let mut givens: Vec<usize> = (0..p.grid().cells().len()).filter(|&c| p.grid().get(c) != 0).collect();
    for i in (1..givens.len()).rev() {
        givens.swap(i, rng.below(i + 1));
    }
    for c in givens {
        let mut g = p.grid().clone();
        g.set(c, 0);
        let q = Puzzle::new(g).with_constraints(p.constraints().to_vec());
        if matches!(q.check(&o), Ok(Verdict::Unique(_))) {
            p = q;
        }
    }
    Some(p)
}

/// A random solution grid of `side` under `cs` (first solution after a few
/// random consistent seed digits).
fn random_solution(side: usize, box_: &str, cs: &[Constraint], rng: &mut Rng) -> Grid {
    let text = format!("box: {box_}\n{}\n", ".".repeat(side * side));
    let mut p: Puzzle = text.parse().unwrap();
    p.set_constraints(cs.to_vec());
    let o = Options::default().with_timeout(Duration::from_secs(20));
    for _ in 0..side {
        let c = rng.below(side * side);
        let d = 1 + rng.below(side) as u16;
        let mut g = p.grid().clone();
        if g.get(c) != 0 {
            continue;
        }
        g.set(c, d);
        let q = Puzzle::new(g).with_constraints(cs.to_vec());
        if q.solve(&o).is_ok() {
            p = q;
        }
    }
    p.solve(&o).unwrap()
}

fn king_neighbours(c: usize, n: usize) -> Vec<usize> {
    let (r, col) = ((c / n) as i64, (c % n) as i64);
    let mut out = Vec::new();
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            let (r2, c2) = (r + dr, col + dc);
            if (dr, dc) != (0, 0) && r2 >= 0 && c2 >= 0 && r2 < n as i64 && c2 < n as i64 {
                out.push((r2 * n as i64 + c2) as usize);
            }
        }
    }
    out
}

/// A random king-step path of `len` cells where `ok(path, next)` holds for
/// each step; `None` after a few failed tries.
fn path(
    n: usize,
    len: usize,
    rng: &mut Rng,
    used: &[bool],
    ok: &dyn Fn(&[usize], usize) -> bool,
) -> Option<Vec<usize>> {
    for _ in 0..200 {
        let start = rng.below(n * n);
        if used[start] {
            continue;
        }
        let mut p = vec![start];
        while p.len() < len {
            let last = *p.last().unwrap();
            let opts: Vec<usize> = king_neighbours(last, n)
                .into_iter()
                .filter(|&c| !used[c] && !p.contains(&c) && ok(&p, c))
                .collect();
            if opts.is_empty() {
                break;
            }
            p.push(opts[rng.below(opts.len())]);
        }
        if p.len() == len && ok(&p, usize::MAX) {
            return Some(p);
        }
    }
    None
}

fn lines_from(
    n: usize,
    count: usize,
    len: usize,
    rng: &mut Rng,
    ok: &dyn Fn(&[usize], usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for _ in 0..count {
        if let Some(p) = path(n, len, rng, &used, ok) {
            for &c in &p {
                used[c] = true;
            }
            out.push(p);
        }
    }
    out
}

fn write_case(index: usize, name: &str, comment: &str, box_: &str, p: &Puzzle, sol: &Grid) {
    let mut text = format!("# {comment}\n# source: constructed for sudokit's suite (tests/variants.rs make_suite)\n# solution: {}\n", write_line(sol));
    if box_ != "3x3" {
        text.push_str(&format!("box: {box_}\n"));
    }
    let body = Writer::new(OutputFormat::Line).write(p);
    // The writer states the box shape itself when it is not the default.
    text.push_str(&body.replace(&format!("box: {box_}\n"), ""));
    let path = suite_dir().join(format!("{index:02}-{name}.txt"));
    std::fs::write(path, text).unwrap();
}

#[test]
#[ignore]
fn make_suite() {
    let mut rng = Rng(0x5eed_cafe_f00d_1234);
    let mut index = 2; // 01 is the Miracle Sudoku
    let shapes = [(9usize, "3x3"), (9, "3x3"), (6, "2x3")];
    type Build = fn(usize, &Grid, &mut Rng) -> Vec<Constraint>;
    // Constraints read off a solution grid.
    let from_solution: Vec<(&str, &str, Build)> = vec![
        ("killer", "killer cages partitioning the grid, sums from the solution", |n, s, rng| {
            let mut owner = vec![usize::MAX; n * n];
            let mut cages = Vec::new();
            for start in 0..n * n {
                if owner[start] != usize::MAX {
                    continue;
                }
                let want = 2 + rng.below(3);
                let mut cage = vec![start];
                owner[start] = cages.len();
                while cage.len() < want {
                    let opts: Vec<usize> = cage
                        .iter()
                        .flat_map(|&c| [c + 1, c + n, c.wrapping_sub(1)])
                        .filter(|&c| c < n * n && owner[c] == usize::MAX && (c % n).abs_diff(cage[0] % n) < 3)
                        .filter(|&c| !cage.iter().any(|&x| s.get(x) == s.get(c)))
                        .collect();
                    if opts.is_empty() {
                        break;
                    }
                    let c = opts[rng.below(opts.len())];
                    owner[c] = cages.len();
                    cage.push(c);
                }
                cages.push(cage);
            }
            cages
                .into_iter()
                .map(|cells| Constraint::Cage {
                    sum: Some(cells.iter().map(|&c| s.get(c) as u32).sum()),
                    cells,
                })
                .collect()
        }),
        ("thermo", "thermometers along increasing digits", |n, s, rng| {
            let v = |c: usize| s.get(c);
            lines_from(n, 8, 4, rng, &|p, c| c == usize::MAX || v(c) > v(*p.last().unwrap()))
                .into_iter()
                .map(Constraint::Thermo)
                .collect()
        }),
        ("arrow", "arrows whose sums are read off the solution", |n, s, rng| {
            let v = |c: usize| s.get(c) as u32;
            let mut out = Vec::new();
            for p in lines_from(n, 12, 3, rng, &|p, c| {
                c == usize::MAX && v(p[0]) == v(p[1]) + v(p[2]) || c != usize::MAX
            }) {
                out.push(Constraint::Arrow { circle: vec![p[0]], arrow: p[1..].to_vec() });
            }
            out
        }),
        ("kropki", "every kropki dot of the solution (negative constraint)", |n, s, _| {
            let mut out = Vec::new();
            for r in 0..n {
                for c in 0..n {
                    let a = r * n + c;
                    for b in [a + 1, a + n] {
                        if b >= n * n || (b == a + 1 && c + 1 == n) {
                            continue;
                        }
                        let (x, y) = (s.get(a), s.get(b));
                        if x.abs_diff(y) == 1 {
                            out.push(Constraint::KropkiWhite(a, b));
                        } else if x == 2 * y || y == 2 * x {
                            out.push(Constraint::KropkiBlack(a, b));
                        }
                    }
                }
            }
            out.push(Constraint::KropkiAll);
            out
        }),
        ("xv", "every X and V of the solution (negative constraint)", |n, s, _| {
            let mut out = Vec::new();
            for r in 0..n {
                for c in 0..n {
                    let a = r * n + c;
                    for b in [a + 1, a + n] {
                        if b >= n * n || (b == a + 1 && c + 1 == n) {
                            continue;
                        }
                        match s.get(a) + s.get(b) {
                            10 => out.push(Constraint::X(a, b)),
                            5 => out.push(Constraint::V(a, b)),
                            _ => {}
                        }
                    }
                }
            }
            out.push(Constraint::XvAll);
            out
        }),
        ("sandwich", "sandwich sums of every row and column", |n, s, _| {
            let mut out = Vec::new();
            for k in 0..n {
                for line in [Line::Row(k), Line::Column(k)] {
                    let cells = line.cells(n);
                    let vals: Vec<u32> = cells.iter().map(|&c| s.get(c) as u32).collect();
                    let a = vals.iter().position(|&x| x == 1).unwrap();
                    let b = vals.iter().position(|&x| x as usize == n).unwrap();
                    let sum = vals[a.min(b) + 1..a.max(b)].iter().sum();
                    out.push(Constraint::Sandwich { line, sum });
                }
            }
            out
        }),
        ("little-killer", "little killer diagonals and odd/even cells", |n, s, rng| {
            let mut out = Vec::new();
            for k in 1..n - 1 {
                for (start, direction) in [(k, Direction::DownRight), (k * n, Direction::UpRight)] {
                    if rng.below(3) == 0 {
                        continue;
                    }
                    let sum = direction.cells_from(start, n).iter().map(|&c| s.get(c) as u32).sum();
                    out.push(Constraint::LittleKiller { sum, start, direction });
                }
            }
            out
        }),
        ("parity", "odd and even cells", |n, s, rng| {
            let pick: Vec<usize> = (0..n * n).filter(|_| rng.below(3) == 0).collect();
            vec![
                Constraint::Odd(pick.iter().copied().filter(|&c| s.get(c) % 2 == 1).collect()),
                Constraint::Even(pick.iter().copied().filter(|&c| s.get(c) % 2 == 0).collect()),
            ]
        }),
        ("whisper", "German whispers along the solution", |n, s, rng| {
            let v = |c: usize| s.get(c) as u32;
            let gap = (n as u32).div_ceil(2);
            lines_from(n, 8, 4, rng, &|p, c| c == usize::MAX || v(c).abs_diff(v(*p.last().unwrap())) >= gap)
                .into_iter()
                .map(Constraint::Whisper)
                .collect()
        }),
        ("renban", "renban lines along the solution", |n, s, rng| {
            let v = |c: usize| s.get(c) as u32;
            lines_from(n, 8, 3, rng, &|p, c| {
                let mut vals: Vec<u32> = p.iter().map(|&x| v(x)).collect();
                if c != usize::MAX {
                    vals.push(v(c));
                }
                let (mn, mx) = (*vals.iter().min().unwrap(), *vals.iter().max().unwrap());
                let mut d = vals.clone();
                d.sort();
                d.dedup();
                d.len() == vals.len() && (mx - mn) as usize <= 2 && (c != usize::MAX || (mx - mn) as usize + 1 == vals.len())
            })
            .into_iter()
            .map(Constraint::Renban)
            .collect()
        }),
        ("between", "between lines along the solution", |n, s, rng| {
            let v = |c: usize| s.get(c) as u32;
            lines_from(n, 8, 4, rng, &|p, c| {
                if c != usize::MAX {
                    return true;
                }
                let (a, b) = (v(p[0]), v(p[p.len() - 1]));
                p[1..p.len() - 1].iter().all(|&m| a.min(b) < v(m) && v(m) < a.max(b))
            })
            .into_iter()
            .map(Constraint::Between)
            .collect()
        }),
        ("region", "extra regions with distinct digits of the solution", |n, s, rng| {
            let mut out = Vec::new();
            for _ in 0..2 {
                let mut cells: Vec<usize> = Vec::new();
                let mut seen = 0u64;
                let mut order: Vec<usize> = (0..n * n).collect();
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                for c in order {
                    if seen >> s.get(c) & 1 == 0 {
                        seen |= 1 << s.get(c);
                        cells.push(c);
                    }
                }
                cells.sort();
                out.push(Constraint::Region(cells));
            }
            out
        }),
    ];
    for (name, comment, build) in &from_solution {
        for &(n, box_) in &shapes {
            let sol = random_solution(n, box_, &[], &mut rng);
            let cs = build(n, &sol, &mut rng);
            let empty = Grid::from_line(&format!("box: {box_}\n{}\n", ".".repeat(n * n))).unwrap();
            let p = Puzzle::new(empty).with_constraints(cs);
            if let Some(p) = make_unique(p, &sol, &mut rng) {
                write_case(index, &format!("{name}-{n}"), comment, box_, &p, &sol);
                index += 1;
            }
        }
    }
    // Rules chosen first, then a solution found under them.
    let first: Vec<(&str, &str, Vec<Constraint>)> = vec![
        ("anti-knight", "anti-knight", vec![Constraint::AntiKnight]),
        ("anti-king", "anti-king", vec![Constraint::AntiKing]),
        ("non-consecutive", "non-consecutive", vec![Constraint::NonConsecutive]),
        (
            "palindrome",
            "palindromes",
            vec![
                Constraint::Palindrome(vec![0, 10, 20, 30, 40]),
                Constraint::Palindrome(vec![8, 16, 24, 32]),
                Constraint::Palindrome(vec![72, 73, 74, 65, 56]),
            ],
        ),
        (
            "anti-knight-thermo",
            "anti-knight with a thermometer",
            vec![Constraint::AntiKnight, Constraint::Thermo(vec![0, 1, 2, 3])],
        ),
    ];
    for (name, comment, cs) in first {
        for &(n, box_) in &shapes[1..] {
            let cs: Vec<Constraint> = cs
                .iter()
                .filter(|c| c.cells(n).iter().all(|&x| x < n * n) && (n == 9 || !matches!(c, Constraint::Palindrome(_))))
                .cloned()
                .collect();
            if cs.is_empty() {
                continue;
            }
            let sol = random_solution(n, box_, &cs, &mut rng);
            let empty = Grid::from_line(&format!("box: {box_}\n{}\n", ".".repeat(n * n))).unwrap();
            let p = Puzzle::new(empty).with_constraints(cs);
            if let Some(p) = make_unique(p, &sol, &mut rng) {
                write_case(index, &format!("{name}-{n}"), comment, box_, &p, &sol);
                index += 1;
            }
        }
    }
    eprintln!("wrote up to {index}");
}
