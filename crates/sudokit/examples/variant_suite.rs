//! Builds the constructed part of the constraint-variant suite in
//! `crates/sudokit/tests/variants/` (the puzzles `tests/variants.rs` checks).
//! Deterministic: the same seeds write the same files.
//!
//! ```text
//! cargo run --release -p sudokit --example variant_suite -- suite        # 02..41, chess rules
//! cargo run --release -p sudokit --example variant_suite -- rules-first  # from 42
//! cargo run --release -p sudokit --example variant_suite -- palindromes  # from 46
//! ```

use std::path::PathBuf;
use std::time::Duration;

use sudokit::constraints::{Constraint, Direction, Line};
use sudokit::format::{write_line, OutputFormat, Writer};
use sudokit::{Grid, Options, Puzzle, Verdict};

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("suite") => make_suite(),
        Some("rules-first") => make_suite_rules_first(),
        Some("palindromes") => make_suite_palindromes(),
        _ => {
            eprintln!("usage: variant_suite suite|rules-first|palindromes");
            std::process::exit(2);
        }
    }
}

/// Every pair of orthogonal neighbours (right, then below) on an `n`×`n`
/// board, in row-major order of the first cell.
fn neighbour_pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n * n).flat_map(move |a| {
        let right = (a % n + 1 < n).then_some((a, a + 1));
        let below = (a + n < n * n).then_some((a, a + n));
        right.into_iter().chain(below)
    })
}

fn suite_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variants"))
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
    // Short limits: a check that runs out counts as "needs more givens",
    // so that every puzzle in the suite is one the engine proves quickly.
    let o = Options::default().with_timeout(Duration::from_secs(3));
    let cells = sol.cells().len();
    let add = |p: &Puzzle, c: usize| {
        let mut g = p.grid().clone();
        g.set(c, sol.get(c));
        Puzzle::new(g).with_constraints(p.constraints().to_vec())
    };
    loop {
        match p.check(&o) {
            Ok(Verdict::Unique(s)) => {
                assert_eq!(&s, sol);
                break;
            }
            Ok(Verdict::Multiple(a, b)) => {
                let diff: Vec<usize> = (0..cells).filter(|&c| a.get(c) != b.get(c)).collect();
                p = add(&p, diff[rng.below(diff.len())]);
            }
            Err(_) => {
                let empty: Vec<usize> = (0..cells).filter(|&c| p.grid().get(c) == 0).collect();
                if empty.is_empty() {
                    return None;
                }
                p = add(&p, empty[rng.below(empty.len())]);
            }
        }
    }
    let mut givens: Vec<usize> = (0..cells).filter(|&c| p.grid().get(c) != 0).collect();
    for i in (1..givens.len()).rev() {
        givens.swap(i, rng.below(i + 1));
    }
    let quick = Options::default().with_timeout(Duration::from_secs(1));
    for c in givens {
        let mut g = p.grid().clone();
        g.set(c, 0);
        let q = Puzzle::new(g).with_constraints(p.constraints().to_vec());
        if matches!(q.check(&quick), Ok(Verdict::Unique(_))) {
            p = q;
        }
    }
    Some(p)
}

/// A random solution grid of `side` under `cs` (first solution after a few
/// random consistent seed digits).
fn random_solution(side: usize, box_: &str, cs: &[Constraint], rng: &mut Rng) -> Option<Grid> {
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
    p.solve(&o).ok()
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
    let mut text = format!("# {comment}\n# source: constructed for sudokit's suite (examples/variant_suite.rs)\n# solution: {}\n", write_line(sol));
    if box_ != "3x3" {
        text.push_str(&format!("box: {box_}\n"));
    }
    let body = Writer::new(OutputFormat::Line).write(p);
    // The writer states the box shape itself when it is not the default.
    text.push_str(&body.replace(&format!("box: {box_}\n"), ""));
    let path = suite_dir().join(format!("{index:02}-{name}.txt"));
    std::fs::write(path, text).unwrap();
}

const SHAPES: [(usize, &str); 3] = [(9, "3x3"), (9, "3x3"), (6, "2x3")];

/// Rules chosen first, then a solution found under them.
fn make_rules_first(rng: &mut Rng, index: &mut usize, chess: bool) {
    let mut first: Vec<(&str, &str, Vec<Constraint>)> = Vec::new();
    if chess {
        first.push(("anti-knight", "anti-knight", vec![Constraint::AntiKnight]));
        first.push(("anti-king", "anti-king", vec![Constraint::AntiKing]));
    }
    first.extend([
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
        (
            "non-consecutive",
            "non-consecutive",
            vec![Constraint::NonConsecutive],
        ),
    ]);
    for (name, comment, cs) in first {
        for &(n, box_) in &SHAPES[1..] {
            let cs: Vec<Constraint> = cs
                .iter()
                .filter(|c| {
                    c.cells(n).iter().all(|&x| x < n * n)
                        && (n == 9 || !matches!(c, Constraint::Palindrome(_)))
                })
                .cloned()
                .collect();
            if cs.is_empty() {
                continue;
            }
            let Some(sol) = random_solution(n, box_, &cs, rng) else {
                continue;
            };
            let empty = Grid::from_line(&format!("box: {box_}\n{}\n", ".".repeat(n * n))).unwrap();
            let p = Puzzle::new(empty).with_constraints(cs);
            if let Some(p) = make_unique(p, &sol, rng) {
                write_case(*index, &format!("{name}-{n}"), comment, box_, &p, &sol);
                *index += 1;
            }
        }
    }
}

/// The rules-first part without the chess rules, numbered from 42: the
/// suite's first full run stopped after the anti-king puzzles (a 9×9
/// non-consecutive solution search timed out), and this finished it.
fn make_suite_rules_first() {
    let mut rng = Rng(0x0dd_ba11_5eed);
    let mut index = 42;
    make_rules_first(&mut rng, &mut index, false);
}

fn make_suite() {
    let mut rng = Rng(0x5eed_cafe_f00d_1234);
    let mut index = 2; // 01 is the Miracle Sudoku
    let shapes = [(9usize, "3x3"), (9, "3x3"), (6, "2x3")];
    type Build = fn(usize, &Grid, &mut Rng) -> Vec<Constraint>;
    // Constraints read off a solution grid.
    let from_solution: Vec<(&str, &str, Build)> = vec![
        (
            "killer",
            "killer cages partitioning the grid, sums from the solution",
            |n, s, rng| {
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
                            .filter(|&c| {
                                c < n * n
                                    && owner[c] == usize::MAX
                                    && (c % n).abs_diff(cage[0] % n) < 3
                            })
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
            },
        ),
        (
            "thermo",
            "thermometers along increasing digits",
            |n, s, rng| {
                let v = |c: usize| s.get(c);
                lines_from(n, 8, 4, rng, &|p, c| {
                    c == usize::MAX || v(c) > v(*p.last().unwrap())
                })
                .into_iter()
                .map(Constraint::Thermo)
                .collect()
            },
        ),
        (
            "arrow",
            "arrows whose sums are read off the solution",
            |n, s, rng| {
                let v = |c: usize| s.get(c) as u32;
                let mut out = Vec::new();
                for p in lines_from(n, 12, 3, rng, &|p, c| {
                    c != usize::MAX || v(p[0]) == v(p[1]) + v(p[2])
                }) {
                    out.push(Constraint::Arrow {
                        circle: vec![p[0]],
                        arrow: p[1..].to_vec(),
                    });
                }
                out
            },
        ),
        (
            "kropki",
            "every kropki dot of the solution (negative constraint)",
            |n, s, _| {
                let mut out = Vec::new();
                for (a, b) in neighbour_pairs(n) {
                    let (x, y) = (s.get(a), s.get(b));
                    if x.abs_diff(y) == 1 {
                        out.push(Constraint::KropkiWhite(a, b));
                    } else if x == 2 * y || y == 2 * x {
                        out.push(Constraint::KropkiBlack(a, b));
                    }
                }
                out.push(Constraint::KropkiAll);
                out
            },
        ),
        (
            "xv",
            "every X and V of the solution (negative constraint)",
            |n, s, _| {
                let mut out = Vec::new();
                for (a, b) in neighbour_pairs(n) {
                    match s.get(a) + s.get(b) {
                        10 => out.push(Constraint::X(a, b)),
                        5 => out.push(Constraint::V(a, b)),
                        _ => {}
                    }
                }
                out.push(Constraint::XvAll);
                out
            },
        ),
        (
            "sandwich",
            "sandwich sums of every row and column",
            |n, s, _| {
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
            },
        ),
        (
            "little-killer",
            "little killer diagonals and odd/even cells",
            |n, s, rng| {
                let mut out = Vec::new();
                for k in 1..n - 1 {
                    for (start, direction) in
                        [(k, Direction::DownRight), (k * n, Direction::UpRight)]
                    {
                        if rng.below(3) == 0 {
                            continue;
                        }
                        let sum = direction
                            .cells_from(start, n)
                            .iter()
                            .map(|&c| s.get(c) as u32)
                            .sum();
                        out.push(Constraint::LittleKiller {
                            sum,
                            start,
                            direction,
                        });
                    }
                }
                out
            },
        ),
        ("parity", "odd and even cells", |n, s, rng| {
            let pick: Vec<usize> = (0..n * n).filter(|_| rng.below(3) == 0).collect();
            vec![
                Constraint::Odd(
                    pick.iter()
                        .copied()
                        .filter(|&c| s.get(c) % 2 == 1)
                        .collect(),
                ),
                Constraint::Even(
                    pick.iter()
                        .copied()
                        .filter(|&c| s.get(c) % 2 == 0)
                        .collect(),
                ),
            ]
        }),
        (
            "whisper",
            "German whispers along the solution",
            |n, s, rng| {
                let v = |c: usize| s.get(c) as u32;
                let gap = (n as u32).div_ceil(2);
                lines_from(n, 8, 4, rng, &|p, c| {
                    c == usize::MAX || v(c).abs_diff(v(*p.last().unwrap())) >= gap
                })
                .into_iter()
                .map(Constraint::Whisper)
                .collect()
            },
        ),
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
                d.len() == vals.len()
                    && (mx - mn) as usize <= 2
                    && (c != usize::MAX || (mx - mn) as usize + 1 == vals.len())
            })
            .into_iter()
            .map(Constraint::Renban)
            .collect()
        }),
        (
            "between",
            "between lines along the solution",
            |n, s, rng| {
                let v = |c: usize| s.get(c) as u32;
                lines_from(n, 8, 4, rng, &|p, c| {
                    if c != usize::MAX {
                        return true;
                    }
                    let (a, b) = (v(p[0]), v(p[p.len() - 1]));
                    p[1..p.len() - 1]
                        .iter()
                        .all(|&m| a.min(b) < v(m) && v(m) < a.max(b))
                })
                .into_iter()
                .map(Constraint::Between)
                .collect()
            },
        ),
        (
            "region",
            "extra regions with distinct digits of the solution",
            |n, s, rng| {
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
            },
        ),
    ];
    for (name, comment, build) in &from_solution {
        for &(n, box_) in &shapes {
            let sol = random_solution(n, box_, &[], &mut rng).unwrap();
            let cs = build(n, &sol, &mut rng);
            let empty = Grid::from_line(&format!("box: {box_}\n{}\n", ".".repeat(n * n))).unwrap();
            let p = Puzzle::new(empty).with_constraints(cs);
            if let Some(p) = make_unique(p, &sol, &mut rng) {
                write_case(index, &format!("{name}-{n}"), comment, box_, &p, &sol);
                index += 1;
            }
        }
    }
    make_rules_first(&mut rng, &mut index, true);
    eprintln!("wrote up to {index}");
}

/// Palindromes read off a solution grid (king-step lines whose digits read
/// the same both ways), numbered from `first`.
fn make_palindromes(first: usize) {
    let mut rng = Rng(0x00a1_1ce5_ba5e);
    let mut index = first;
    for &(n, box_) in &SHAPES {
        let sol = random_solution(n, box_, &[], &mut rng).unwrap();
        let v = |c: usize| sol.get(c);
        let mut cs = Vec::new();
        for len in [3, 5, 3, 5, 3, 4, 3] {
            let lines = lines_from(n, 1, len, &mut rng, &|p, c| {
                if c != usize::MAX {
                    return true;
                }
                (0..p.len() / 2).all(|i| v(p[i]) == v(p[p.len() - 1 - i]))
            });
            cs.extend(lines.into_iter().map(Constraint::Palindrome));
        }
        let empty = Grid::from_line(&format!("box: {box_}\n{}\n", ".".repeat(n * n))).unwrap();
        let p = Puzzle::new(empty).with_constraints(cs);
        if let Some(p) = make_unique(p, &sol, &mut rng) {
            let comment = "palindromes read off the solution";
            write_case(index, &format!("palindrome-{n}"), comment, box_, &p, &sol);
            index += 1;
        }
    }
}

fn make_suite_palindromes() {
    make_palindromes(46);
}
