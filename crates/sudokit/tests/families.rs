//! The constraint families added through the registry (minimum/maximum,
//! quadruples, X-sums, skyscrapers, zipper, entropic and modular lines,
//! Dutch whispers, clones): each read from its directive, written back,
//! checked and solved. Every known-answer puzzle is built here from a
//! solution grid (clues read off it, givens added until the puzzle is
//! unique) and its solutions are compared with an independent brute-force
//! search that shares no code with the library: its own grid enumeration
//! and its own statement of every rule.

use std::time::Duration;

use proptest::prelude::*;
use sudokit::constraints::Constraint;
use sudokit::format::{parse_puzzle, ParseOptions};
use sudokit::{Options, Puzzle};

/// A 4×4 solution (boxes 2×2) and a 6×6 one (boxes 2 rows × 3 columns).
const S4: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
const S6: [u8; 36] = [
    1, 2, 3, 4, 5, 6, //
    4, 5, 6, 1, 2, 3, //
    2, 3, 1, 5, 6, 4, //
    5, 6, 4, 2, 3, 1, //
    3, 1, 2, 6, 4, 5, //
    6, 4, 5, 3, 1, 2,
];

/// One rule as the brute force states it: cells (0-based row-major) and
/// numbers, read independently of the library's own code.
#[derive(Clone, Debug)]
enum Rule {
    Min(usize),
    Max(usize),
    Quad(usize, Vec<u8>),
    XSum(Vec<usize>, u32),
    Sky(Vec<usize>, u32),
    Zipper(Vec<usize>),
    Entropic(Vec<usize>),
    Modular(Vec<usize>),
    Whisper(Vec<usize>, u8),
    Clone(Vec<usize>, Vec<usize>),
    /// A region sum line, cut where it crosses from one box to another.
    RegionSum(Vec<usize>),
}

fn neighbours(c: usize, n: usize) -> Vec<usize> {
    let (r, k) = (c / n, c % n);
    let mut out = Vec::new();
    if r > 0 {
        out.push(c - n);
    }
    if r + 1 < n {
        out.push(c + n);
    }
    if k > 0 {
        out.push(c - 1);
    }
    if k + 1 < n {
        out.push(c + 1);
    }
    out
}

fn holds(rule: &Rule, g: &[u8], n: usize) -> bool {
    match rule {
        Rule::Min(c) => neighbours(*c, n).iter().all(|&x| g[x] > g[*c]),
        Rule::Max(c) => neighbours(*c, n).iter().all(|&x| g[x] < g[*c]),
        Rule::Quad(tl, ds) => {
            let mut block = vec![g[*tl], g[tl + 1], g[tl + n], g[tl + n + 1]];
            ds.iter().all(|d| match block.iter().position(|x| x == d) {
                Some(i) => {
                    block.remove(i);
                    true
                }
                None => false,
            })
        }
        Rule::XSum(line, s) => {
            let x = g[line[0]] as usize;
            line[..x].iter().map(|&c| g[c] as u32).sum::<u32>() == *s
        }
        Rule::Sky(line, s) => {
            let mut top = 0;
            let mut seen = 0;
            for &c in line {
                if g[c] > top {
                    top = g[c];
                    seen += 1;
                }
            }
            seen == *s
        }
        Rule::Zipper(line) => {
            let k = line.len();
            let total = g[line[0]] as u32 + g[line[k - 1]] as u32;
            (0..k / 2).all(|i| g[line[i]] as u32 + g[line[k - 1 - i]] as u32 == total)
                && (k % 2 == 0 || g[line[k / 2]] as u32 == total)
        }
        Rule::Entropic(line) => {
            line.windows(3).all(|w| {
                let band = |c: usize| (g[c] as usize - 1) / (n / 3);
                let mut b = [band(w[0]), band(w[1]), band(w[2])];
                b.sort();
                b == [0, 1, 2]
            }) && line
                .windows(2)
                .all(|w| (g[w[0]] as usize - 1) / (n / 3) != (g[w[1]] as usize - 1) / (n / 3))
        }
        Rule::Modular(line) => {
            line.windows(3).all(|w| {
                let mut b = [g[w[0]] % 3, g[w[1]] % 3, g[w[2]] % 3];
                b.sort();
                b == [0, 1, 2]
            }) && line.windows(2).all(|w| g[w[0]] % 3 != g[w[1]] % 3)
        }
        Rule::Whisper(line, gap) => line.windows(2).all(|w| g[w[0]].abs_diff(g[w[1]]) >= *gap),
        Rule::Clone(a, b) => a.iter().zip(b).all(|(&x, &y)| g[x] == g[y]),
        Rule::RegionSum(line) => {
            let sums: Vec<u32> = segments(line, n)
                .iter()
                .map(|s| s.iter().map(|&c| g[c] as u32).sum())
                .collect();
            sums.windows(2).all(|w| w[0] == w[1])
        }
    }
}

/// A line cut into its runs within one box.
fn segments(line: &[usize], n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, &c) in line.iter().enumerate() {
        if i > 0 && box_of(c, n) == box_of(line[i - 1], n) {
            out.last_mut().unwrap().push(c);
        } else {
            out.push(vec![c]);
        }
    }
    out
}

fn name(c: usize, n: usize) -> String {
    format!("r{}c{}", c / n + 1, c % n + 1)
}

fn names(cs: &[usize], n: usize) -> String {
    cs.iter().map(|&c| name(c, n)).collect::<Vec<_>>().join(" ")
}

fn direction(line: &[usize], n: usize) -> &'static str {
    match line[1] as isize - line[0] as isize {
        1 => "right",
        -1 => "left",
        d if d == n as isize => "down",
        _ => "up",
    }
}

/// The rule's directive, written by hand from the format in the docs.
fn directive(rule: &Rule, n: usize) -> String {
    match rule {
        Rule::Min(c) => format!("minimum: {}", name(*c, n)),
        Rule::Max(c) => format!("maximum: {}", name(*c, n)),
        Rule::Quad(tl, ds) => format!(
            "quadruple: {} {}",
            name(*tl, n),
            ds.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Rule::XSum(l, s) => format!("x-sum: {s} {} {}", name(l[0], n), direction(l, n)),
        Rule::Sky(l, s) => format!("skyscraper: {s} {} {}", name(l[0], n), direction(l, n)),
        Rule::Zipper(l) => format!("zipper: {}", names(l, n)),
        Rule::Entropic(l) => format!("entropic: {}", names(l, n)),
        Rule::Modular(l) => format!("modular: {}", names(l, n)),
        Rule::Whisper(l, gap) => format!("dutch-whisper: {gap} {}", names(l, n)),
        Rule::Clone(a, b) => format!("clone: {} | {}", names(a, n), names(b, n)),
        Rule::RegionSum(l) => {
            let parts: Vec<String> = segments(l, n).iter().map(|s| names(s, n)).collect();
            format!("region-sum: {}", parts.join(" | "))
        }
    }
}

fn box_of(c: usize, n: usize) -> usize {
    let (br, bc) = if n == 4 { (2, 2) } else { (2, 3) };
    (c / n / br) * (n / bc) + (c % n) / bc
}

/// Every grid (up to `limit`) that fills `givens` (0 = empty) with each
/// row, column and box holding each digit once and obeying `rules`.
fn brute_force(givens: &[u8], n: usize, rules: &[Rule], limit: usize) -> Vec<Vec<u8>> {
    fn go(
        g: &mut Vec<u8>,
        i: usize,
        n: usize,
        rules: &[Rule],
        limit: usize,
        out: &mut Vec<Vec<u8>>,
    ) {
        if out.len() >= limit {
            return;
        }
        if i == g.len() {
            if rules.iter().all(|r| holds(r, g, n)) {
                out.push(g.clone());
            }
            return;
        }
        if g[i] != 0 {
            return go(g, i + 1, n, rules, limit, out);
        }
        for d in 1..=n as u8 {
            let clash = (0..g.len()).any(|j| {
                j != i
                    && g[j] == d
                    && (j / n == i / n || j % n == i % n || box_of(j, n) == box_of(i, n))
            });
            if !clash {
                g[i] = d;
                go(g, i + 1, n, rules, limit, out);
                g[i] = 0;
            }
        }
    }
    let mut g = givens.to_vec();
    let mut out = Vec::new();
    go(&mut g, 0, n, rules, limit, &mut out);
    out
}

fn puzzle(givens: &[u8], n: usize, rules: &[Rule]) -> Puzzle {
    let mut text: String = rules.iter().map(|r| directive(r, n) + "\n").collect();
    let line: String = givens
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect();
    text.push_str(&line);
    text.push('\n');
    parse_puzzle(&text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn ours(p: &Puzzle, limit: usize) -> Vec<Vec<u8>> {
    let opts = Options::default().with_timeout(Duration::from_secs(60));
    let mut out: Vec<Vec<u8>> = p
        .solutions(&opts)
        .unwrap()
        .take(limit)
        .map(|g| g.cells().iter().map(|&v| v as u8).collect())
        .collect();
    out.sort();
    out
}

/// Builds the known-answer puzzle for `rules` from `solution`: givens are
/// added in a fixed scattered order until the brute force finds one
/// solution. At every stage our solutions must be the brute force's.
fn known_answer(solution: &[u8], n: usize, rules: &[Rule], start: usize) {
    for r in rules {
        assert!(holds(r, solution, n), "{r:?} does not hold on the solution");
    }
    let cells = n * n;
    let order: Vec<usize> = (0..cells).map(|i| (i * 7 + 3) % cells).collect();
    let mut givens = vec![0u8; cells];
    for &c in &order[..start] {
        givens[c] = solution[c];
    }
    for &c in &order[start..] {
        let mut theirs = brute_force(&givens, n, rules, 50);
        theirs.sort();
        let p = puzzle(&givens, n, rules);
        let found = ours(&p, 50);
        if theirs.len() < 50 {
            assert_eq!(found, theirs, "givens {givens:?} rules {rules:?}");
        } else {
            // Both stopped at the limit, each in its own order: ours must
            // still be solutions by the brute force's rules.
            assert_eq!(found.len(), 50, "givens {givens:?} rules {rules:?}");
            for g in &found {
                assert!(
                    rules.iter().all(|r| holds(r, g, n)),
                    "{g:?} breaks {rules:?}"
                );
            }
        }
        if theirs.len() == 1 {
            assert_eq!(theirs[0], solution);
            let opts = Options::default();
            assert!(p.check(&opts).unwrap().is_unique());
            return;
        }
        givens[c] = solution[c];
    }
    panic!("never unique: {rules:?}");
}

/// Cells of row `r` read from the left, or of column `k` from the top.
fn row(r: usize, n: usize) -> Vec<usize> {
    (0..n).map(|k| r * n + k).collect()
}
fn col(k: usize, n: usize) -> Vec<usize> {
    (0..n).map(|r| r * n + k).collect()
}

fn x_sum(line: Vec<usize>, s: &[u8]) -> Rule {
    let x = s[line[0]] as usize;
    let sum = line[..x].iter().map(|&c| s[c] as u32).sum();
    Rule::XSum(line, sum)
}

fn sky(line: Vec<usize>, s: &[u8]) -> Rule {
    let mut r = Rule::Sky(line.clone(), 0);
    for k in 1..=s.len() as u32 {
        r = Rule::Sky(line.clone(), k);
        if holds(&r, s, (s.len() as f64).sqrt() as usize) {
            break;
        }
    }
    r
}

#[test]
fn minimum_and_maximum_cells() {
    // S4: r1c1 = 1 is below its neighbours, r4c1 = 4 and r1c4 = 4 above.
    known_answer(&S4, 4, &[Rule::Min(0), Rule::Max(12), Rule::Max(3)], 0);
}

#[test]
fn quadruples() {
    known_answer(
        &S4,
        4,
        &[Rule::Quad(0, vec![1, 4]), Rule::Quad(10, vec![1, 2])],
        0,
    );
}

#[test]
fn x_sums() {
    let n = 4;
    let rules = [
        x_sum(row(0, n), &S4),
        x_sum(col(1, n), &S4),
        x_sum(row(2, n).into_iter().rev().collect(), &S4),
    ];
    known_answer(&S4, n, &rules, 0);
}

#[test]
fn skyscrapers() {
    let n = 4;
    let rules = [
        sky(row(0, n), &S4),
        sky(col(0, n), &S4),
        sky(col(3, n).into_iter().rev().collect(), &S4),
    ];
    known_answer(&S4, n, &rules, 0);
}

#[test]
fn zipper_lines() {
    // Lines of the solution grid that are zippers, found by search.
    let n = 6;
    let lines = lines_where(&S6, n, |l| holds(&Rule::Zipper(l.to_vec()), &S6, n), 3);
    assert!(lines.len() >= 2, "{lines:?}");
    let rules: Vec<Rule> = lines.into_iter().take(3).map(Rule::Zipper).collect();
    known_answer(&S6, n, &rules, 14);
}

#[test]
fn entropic_lines() {
    let n = 6;
    let lines = lines_where(
        &S6,
        n,
        |l| l.len() >= 4 && holds(&Rule::Entropic(l.to_vec()), &S6, n),
        4,
    );
    assert!(!lines.is_empty());
    let rules: Vec<Rule> = lines.into_iter().take(3).map(Rule::Entropic).collect();
    known_answer(&S6, n, &rules, 14);
}

#[test]
fn modular_lines() {
    let n = 6;
    let lines = lines_where(
        &S6,
        n,
        |l| l.len() >= 4 && holds(&Rule::Modular(l.to_vec()), &S6, n),
        4,
    );
    assert!(!lines.is_empty());
    let rules: Vec<Rule> = lines.into_iter().take(3).map(Rule::Modular).collect();
    known_answer(&S6, n, &rules, 14);
}

#[test]
fn dutch_whispers() {
    let n = 6;
    let lines = lines_where(&S6, n, |l| holds(&Rule::Whisper(l.to_vec(), 3), &S6, n), 3);
    assert!(!lines.is_empty());
    let rules: Vec<Rule> = lines
        .into_iter()
        .take(3)
        .map(|l| Rule::Whisper(l, 3))
        .collect();
    known_answer(&S6, n, &rules, 14);
}

#[test]
fn region_sum_lines() {
    // Lines of the solution crossing a box border with equal sums on each
    // side, found by search.
    let n = 6;
    let crossing = |l: &[usize]| {
        let r = Rule::RegionSum(l.to_vec());
        segments(l, n).len() > 1 && holds(&r, &S6, n)
    };
    let lines = lines_where(&S6, n, crossing, 2);
    assert!(lines.len() >= 3, "{lines:?}");
    let rules: Vec<Rule> = lines.into_iter().map(Rule::RegionSum).collect();
    known_answer(&S6, n, &rules, 10);
}

#[test]
fn a_region_sum_line_without_segments_is_cut_by_the_boxes() {
    let c = Constraint::parse("region-sum", "r2c3 r2c4 r2c5 r3c5", 6).unwrap();
    assert_eq!(c.to_directive(6), "region-sum: r2c3 | r2c4 r2c5 | r3c5");
    let c = Constraint::parse("region-sum", "r1c1 r1c2 | r1c3", 9).unwrap();
    assert_eq!(c.to_directive(9), "region-sum: r1c1 r1c2 | r1c3");
    for (value, says) in [
        ("r1c1", "at least 2 cells"),
        ("r1c1 | | r1c2", "empty segment"),
        ("r1c1 r1c2 r1c1", "twice"),
    ] {
        let e = Constraint::parse("region-sum", value, 9).unwrap_err();
        assert!(e.to_string().contains(says), "{value}: {e}");
    }
}

#[test]
fn clones() {
    // Pairs of horizontal dominoes holding the same digits, found by search.
    let n = 4;
    let mut rules = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            if a % n + 1 < n
                && b % n + 1 < n
                && S4[a] == S4[b]
                && S4[a + 1] == S4[b + 1]
                && b != a + 1
            {
                rules.push(Rule::Clone(vec![a, a + 1], vec![b, b + 1]));
            }
        }
    }
    assert!(!rules.is_empty());
    rules.truncate(2);
    known_answer(&S4, n, &rules, 0);
}

/// Straight lines (runs along rows and columns, both ways, and L-shaped
/// bends of two runs) of at least `min` cells that `ok` accepts, longest
/// first, no two sharing a cell.
fn lines_where(_s: &[u8], n: usize, ok: impl Fn(&[usize]) -> bool, min: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    for r in 0..n {
        for a in 0..n {
            for len in min..=n - a {
                let h: Vec<usize> = (a..a + len).map(|k| r * n + k).collect();
                let v: Vec<usize> = (a..a + len).map(|k| k * n + r).collect();
                for l in [h, v] {
                    let back: Vec<usize> = l.iter().rev().copied().collect();
                    all.push(l);
                    all.push(back);
                }
            }
        }
    }
    all.retain(|l| ok(l));
    all.sort_by_key(|l| std::cmp::Reverse(l.len()));
    let mut used = vec![false; n * n];
    let mut out = Vec::new();
    for l in all {
        if l.iter().all(|&c| !used[c]) {
            l.iter().for_each(|&c| used[c] = true);
            out.push(l);
        }
    }
    out
}

#[test]
fn bad_clues_are_refused_in_plain_words() {
    let bad = [
        ("x-sum", "15 r2c2 right", "edge"),
        ("skyscraper", "3 r1c1 sideways", "direction"),
        ("quadruple", "r9c9 1", "2×2"),
        ("quadruple", "r1c1 1 2 3 4 5", "one to four"),
        ("dutch-whisper", "9 r1c1 r1c2", "difference"),
        ("clone", "r1c1 r1c2 | r3c3", "as many"),
        ("entropic", "r1c1 r1c2 r1c3", "divisible by 3"),
        ("minimum", "r1c1 r1c2", "one cell"),
    ];
    for (key, value, says) in bad {
        let n = if key == "entropic" { 4 } else { 9 };
        let e = Constraint::parse(key, value, n).unwrap_err();
        assert!(e.contains(says), "{key}: {value} gave {e:?}");
    }
}

fn arb_directive() -> impl Strategy<Value = (String, String)> {
    let cell = || (1..=9usize, 1..=9usize).prop_map(|(r, c)| format!("r{r}c{c}"));
    let cells = || prop::collection::vec(cell(), 2..7).prop_map(|v| v.join(" "));
    prop_oneof![
        cell().prop_map(|c| ("minimum".to_string(), c)),
        cell().prop_map(|c| ("maximum".to_string(), c)),
        (
            (1..=8usize, 1..=8usize),
            prop::collection::vec(1..=9u8, 1..=4)
        )
            .prop_map(|((r, c), ds)| (
                "quadruple".to_string(),
                format!(
                    "r{r}c{c} {}",
                    ds.iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            )),
        (0..=45u32, 1..=9usize, 0..4usize).prop_map(|(s, k, d)| {
            let (cell, dir) = [
                (format!("r{k}c1"), "right"),
                (format!("r{k}c9"), "left"),
                (format!("r1c{k}"), "down"),
                (format!("r9c{k}"), "up"),
            ][d]
                .clone();
            ("x-sum".to_string(), format!("{s} {cell} {dir}"))
        }),
        (1..=9u32, 1..=9usize, 0..4usize).prop_map(|(s, k, d)| {
            let (cell, dir) = [
                (format!("r{k}c1"), "right"),
                (format!("r{k}c9"), "left"),
                (format!("r1c{k}"), "down"),
                (format!("r9c{k}"), "up"),
            ][d]
                .clone();
            ("skyscraper".to_string(), format!("{s} {cell} {dir}"))
        }),
        cells().prop_map(|c| ("zipper".to_string(), c)),
        cells().prop_map(|c| ("entropic".to_string(), c)),
        cells().prop_map(|c| ("modular".to_string(), c)),
        (1..=8u32, cells()).prop_map(|(g, c)| ("dutch-whisper".to_string(), format!("{g} {c}"))),
        (cells(), cells()).prop_map(|(a, b)| ("clone".to_string(), format!("{a} | {b}"))),
        (cells(), cells()).prop_map(|(a, b)| ("region-sum".to_string(), format!("{a} | {b}"))),
        cells().prop_map(|c| ("region-sum".to_string(), c)),
    ]
}

proptest! {
    /// Whatever we read, we write back as a directive that reads the same.
    #[test]
    fn directives_round_trip((key, value) in arb_directive()) {
        if let Ok(c) = Constraint::parse(&key, &value, 9) {
            let line = c.to_directive(9);
            let (k, v) = line.split_once(':').unwrap();
            prop_assert_eq!(Constraint::parse(k, v, 9).unwrap(), c);
        }
    }

    /// Whatever we read, we write to f-puzzles JSON and read back the same.
    #[cfg(feature = "serde")]
    #[test]
    fn fpuzzles_round_trip((key, value) in arb_directive()) {
        use sudokit::format::{from_fpuzzles, to_fpuzzles};
        if let Ok(c) = Constraint::parse(&key, &value, 9) {
            let p = puzzle(&[0; 81], 9, &[]).with_constraints(vec![c]);
            let json = match to_fpuzzles(&p) {
                Ok(json) => json,
                Err(e) => {
                    // Only a region sum line cut elsewhere than at the
                    // boxes has no f-puzzles form.
                    prop_assert!(e.contains("cannot hold the region-sum"), "{}", e);
                    return Ok(());
                }
            };
            let back = from_fpuzzles(&json).unwrap();
            prop_assert_eq!(back.constraints(), p.constraints());
        }
    }

    /// The check on a full grid agrees with the independent statement of
    /// each rule, on the solution and on grids with two cells swapped.
    #[test]
    fn checks_agree_with_the_brute_force_rules(a in 0..36usize, b in 0..36usize) {
        let mut g = S6;
        g.swap(a, b);
        let n = 6;
        let rules = [
            Rule::Min(7), Rule::Max(20), Rule::Quad(14, vec![6, 4]),
            x_sum(row(2, n), &S6), sky(col(4, n), &S6),
            Rule::Zipper(vec![0, 1, 2, 3]), Rule::Entropic(vec![6, 7, 8, 9]),
            Rule::Modular(row(5, n)), Rule::Whisper(vec![30, 31, 32], 2),
            Rule::Clone(vec![0, 1], vec![33, 34]),
            Rule::RegionSum(vec![8, 9, 10, 11]), Rule::RegionSum(vec![4, 10, 16]),
        ];
        let values: Vec<u16> = g.iter().map(|&d| d as u16).collect();
        for r in &rules {
            let text = directive(r, n);
            let (k, v) = text.split_once(':').unwrap();
            let c = Constraint::parse(k, v, n).unwrap();
            prop_assert_eq!(c.satisfied(&values, n, &[]), holds(r, &g, n), "{}", text);
        }
    }
}

/// Every new family leaves a mark in the SVG, and the SVG's embedded
/// puzzle text reads back to the same constraints.
#[test]
fn every_family_is_drawn_and_read_back_from_its_svg() {
    let n = 6;
    let svg = |p: &Puzzle| {
        p.to_svg(&sudokit::Picture::default(), &Options::default())
            .unwrap()
    };
    let rules = [
        Rule::Min(7),
        Rule::Max(20),
        Rule::Quad(14, vec![6, 4]),
        x_sum(row(2, n), &S6),
        sky(col(4, n), &S6),
        Rule::Zipper(vec![0, 1, 2, 3]),
        Rule::Entropic(vec![6, 7, 8, 9]),
        Rule::Modular(row(5, n)),
        Rule::Whisper(vec![30, 31, 32], 2),
        Rule::Clone(vec![0, 1], vec![33, 34]),
        Rule::RegionSum(vec![8, 9, 10, 11]),
    ];
    let plain = svg(&puzzle(&[0; 36], n, &[]));
    for r in rules {
        let p = puzzle(&[0; 36], n, std::slice::from_ref(&r));
        let doc = svg(&p);
        let tags = |d: &str| d.matches('<').count();
        assert!(tags(&doc) > tags(&plain), "{r:?} draws nothing");
        let back = parse_puzzle(&doc, &ParseOptions::default()).unwrap();
        assert_eq!(back.constraints(), p.constraints(), "{r:?}");
    }
}

/// The new families go out to f-puzzles JSON and come back, compact and
/// pretty-printed.
#[cfg(feature = "serde")]
#[test]
fn fpuzzles_json_round_trips_the_families_it_knows() {
    use sudokit::format::{from_fpuzzles, to_fpuzzles};
    let n = 6;
    let known = [
        Rule::Min(7),
        Rule::Max(20),
        Rule::Quad(14, vec![6, 4]),
        x_sum(row(2, n), &S6),
        x_sum(col(1, n).into_iter().rev().collect(), &S6),
        sky(col(4, n), &S6),
        sky(row(3, n).into_iter().rev().collect(), &S6),
        Rule::Zipper(vec![0, 1, 2, 3]),
        Rule::Entropic(vec![6, 7, 8, 9]),
        Rule::Modular(row(5, n)),
        Rule::Whisper(vec![30, 31, 32], 2),
        Rule::Clone(vec![0, 1], vec![33, 34]),
        Rule::RegionSum(vec![3, 9, 15]),
    ];
    let p = puzzle(&[0; 36], n, &known);
    let json = to_fpuzzles(&p).unwrap();
    let back = from_fpuzzles(&json).unwrap();
    assert_eq!(back.constraints(), p.constraints());
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let pretty = serde_json::to_string_pretty(&value).unwrap();
    assert_eq!(
        from_fpuzzles(&pretty).unwrap().constraints(),
        p.constraints()
    );
}

/// The rule as an f-puzzles entry, written by hand the way f-puzzles and
/// Rangsk's solver write it (clues outside the grid in row or column 0 or
/// N + 1, a whisper's difference as its `value`), not by our writer.
#[cfg(feature = "serde")]
fn fpuzzles_entry(rule: &Rule, n: usize) -> (&'static str, serde_json::Value) {
    use serde_json::json;
    let rc = |c: usize| format!("R{}C{}", c / n + 1, c % n + 1);
    let rcs = |l: &[usize]| l.iter().map(|&c| rc(c)).collect::<Vec<_>>();
    // The cell outside the grid, one step back from the line's first cell.
    let outside = |l: &[usize]| {
        let (r, c) = ((l[0] / n) as i64 + 1, (l[0] % n) as i64 + 1);
        let (dr, dc) = match direction(l, n) {
            "right" => (0, 1),
            "left" => (0, -1),
            "down" => (1, 0),
            _ => (-1, 0),
        };
        format!("R{}C{}", r - dr, c - dc)
    };
    match rule {
        Rule::Min(c) => ("minimum", json!({ "cell": rc(*c) })),
        Rule::Max(c) => ("maximum", json!({ "cell": rc(*c) })),
        Rule::Quad(tl, ds) => (
            "quadruple",
            json!({ "cells": rcs(&[*tl, tl + 1, tl + n, tl + n + 1]), "values": ds }),
        ),
        Rule::XSum(l, s) => (
            "xsum",
            json!({ "cell": outside(l), "value": s.to_string() }),
        ),
        Rule::Sky(l, s) => (
            "skyscraper",
            json!({ "cell": outside(l), "value": s.to_string() }),
        ),
        Rule::Zipper(l) => ("zipperline", json!({ "lines": [rcs(l)] })),
        Rule::Entropic(l) => ("entropicline", json!({ "lines": [rcs(l)] })),
        Rule::Modular(l) => ("modularline", json!({ "lines": [rcs(l)] })),
        Rule::Whisper(l, gap) => (
            "whispers",
            json!({ "lines": [rcs(l)], "value": gap.to_string() }),
        ),
        Rule::Clone(a, b) => ("clone", json!({ "cells": rcs(a), "cloneCells": rcs(b) })),
        Rule::RegionSum(l) => ("regionsumline", json!({ "lines": [rcs(l)] })),
    }
}

/// An f-puzzles file of a 6×6 puzzle, written by hand.
#[cfg(feature = "serde")]
fn fpuzzles_file(givens: &[u8], n: usize, rules: &[Rule]) -> serde_json::Value {
    use serde_json::json;
    let grid: Vec<Vec<serde_json::Value>> = givens
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|&d| {
                    if d == 0 {
                        json!({})
                    } else {
                        json!({ "value": d, "given": true })
                    }
                })
                .collect()
        })
        .collect();
    let mut file = json!({ "size": n, "title": "", "author": "", "ruleset": "", "grid": grid });
    for r in rules {
        let (key, entry) = fpuzzles_entry(r, n);
        file[key]
            .as_array_mut()
            .map(|a| a.push(entry.clone()))
            .unwrap_or_else(|| file[key] = json!([entry]));
    }
    file
}

/// Each new family read from f-puzzles files as other tools write them,
/// compact and pretty-printed: the same puzzle as its directives, solved
/// and proven unique.
#[cfg(feature = "serde")]
#[test]
fn fpuzzles_files_of_the_new_families_solve_and_prove_unique() {
    use sudokit::format::from_fpuzzles;
    let n = 6;
    // Lines of the solution that obey a rule, found by search.
    let found = |make: &dyn Fn(&[usize]) -> Rule, len: usize| -> Vec<Rule> {
        let ok = |l: &[usize]| l.len() >= len && holds(&make(l), &S6, n);
        lines_where(&S6, n, ok, len)
            .iter()
            .take(2)
            .map(|l| make(l))
            .collect()
    };
    let whisper_lines = lines_where(&S6, n, |l| holds(&Rule::Whisper(l.to_vec(), 3), &S6, n), 3);
    let sets: Vec<(&str, Vec<Rule>)> = vec![
        (
            "minimum/maximum",
            vec![Rule::Min(0), Rule::Max(5), Rule::Max(16)],
        ),
        (
            "quadruple",
            vec![Rule::Quad(0, vec![1, 4]), Rule::Quad(14, vec![5, 4])],
        ),
        (
            "xsum",
            vec![
                x_sum(row(0, n), &S6),
                x_sum(col(2, n).into_iter().rev().collect(), &S6),
                x_sum(row(4, n).into_iter().rev().collect(), &S6),
                x_sum(col(5, n), &S6),
            ],
        ),
        (
            "skyscraper",
            vec![
                sky(row(1, n), &S6),
                sky(col(0, n), &S6),
                sky(col(3, n).into_iter().rev().collect(), &S6),
                sky(row(5, n).into_iter().rev().collect(), &S6),
            ],
        ),
        ("zipper", found(&|l| Rule::Zipper(l.to_vec()), 3)),
        ("entropic", found(&|l| Rule::Entropic(l.to_vec()), 4)),
        ("modular", found(&|l| Rule::Modular(l.to_vec()), 4)),
        (
            "dutch whispers",
            whisper_lines
                .into_iter()
                .take(2)
                .map(|l| Rule::Whisper(l, 3))
                .collect(),
        ),
        ("clone", vec![Rule::Clone(vec![0, 1], vec![34, 35])]),
        (
            "region sum",
            found(&|l| Rule::RegionSum(l.to_vec()), 2)
                .into_iter()
                .filter(|r| matches!(r, Rule::RegionSum(l) if segments(l, n).len() > 1))
                .collect(),
        ),
    ];
    let order: Vec<usize> = (0..n * n).map(|i| (i * 7 + 3) % (n * n)).collect();
    for (what, rules) in sets {
        assert!(!rules.is_empty(), "{what}");
        for r in &rules {
            assert!(holds(r, &S6, n), "{what}: {r:?} does not hold");
        }
        // Givens in a fixed order until the directives' puzzle is unique
        // by the independent brute force.
        let mut givens = vec![0u8; n * n];
        for &c in &order {
            if brute_force(&givens, n, &rules, 2).len() == 1 {
                break;
            }
            givens[c] = S6[c];
        }
        let by_directives = puzzle(&givens, n, &rules);
        let file = fpuzzles_file(&givens, n, &rules);
        for text in [
            serde_json::to_string(&file).unwrap(),
            serde_json::to_string_pretty(&file).unwrap(),
        ] {
            let p = from_fpuzzles(&text).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
            let sorted = |p: &Puzzle| {
                let mut d: Vec<String> =
                    p.constraints().iter().map(|c| c.to_directive(n)).collect();
                d.sort();
                d
            };
            assert_eq!(sorted(&p), sorted(&by_directives), "{what}");
            assert!(p.ignored().is_empty(), "{what}: {:?}", p.ignored());
            assert_eq!(ours(&p, 2), vec![S6.to_vec()], "{what}");
            assert!(p.check(&Options::default()).unwrap().is_unique(), "{what}");
        }
    }
}

/// Clues that f-puzzles files write and that are not a rule on the board
/// are refused in plain words naming the key.
#[cfg(feature = "serde")]
#[test]
fn fpuzzles_outside_clues_off_the_board_are_refused() {
    use sudokit::format::from_fpuzzles;
    let file = |entry: &str| {
        format!(
            r#"{{"size":4,"grid":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],{entry}}}"#
        )
    };
    for (entry, says) in [
        (
            r#""xsum":[{"cell":"R2C2","value":"5"}]"#,
            "not beside a row or column",
        ),
        (
            r#""skyscraper":[{"cell":"R0C0","value":"2"}]"#,
            "not beside a row or column",
        ),
        (
            r#""xsum":[{"cell":"R0C6","value":"5"}]"#,
            "not beside a row or column",
        ),
        (
            r#""skyscraper":[{"cell":"R0C1","value":"two"}]"#,
            "not a number",
        ),
        (
            r#""whispers":[{"lines":[["R1C1","R1C2"]],"value":"x"}]"#,
            "difference",
        ),
    ] {
        let e = from_fpuzzles(&file(entry)).unwrap_err();
        assert!(e.contains(says), "{entry}: {e}");
    }
    // An empty clue says nothing.
    let p = from_fpuzzles(&file(r#""xsum":[{"cell":"R0C1","value":""}]"#)).unwrap();
    assert!(p.constraints().is_empty());
}

/// f-puzzles keeps a region sum line as its cells alone: on a jigsaw board
/// it is cut by the pieces, not the boxes, and written back so.
#[cfg(feature = "serde")]
#[test]
fn fpuzzles_region_sum_lines_are_cut_by_jigsaw_pieces() {
    use sudokit::format::{from_fpuzzles, to_fpuzzles};
    // Pieces: A A A B / A C B B / C C D B / C D D D.
    let pieces = ["AAAB", "ACBB", "CCDB", "CDDD"];
    let grid: Vec<Vec<serde_json::Value>> = pieces
        .iter()
        .map(|row| {
            row.bytes()
                .map(|p| serde_json::json!({ "region": p - b'A' }))
                .collect()
        })
        .collect();
    let file = serde_json::json!({
        "size": 4,
        "grid": grid,
        "regionsumline": [{ "lines": [["R1C2", "R1C3", "R1C4", "R2C4"]] }],
    });
    let p = from_fpuzzles(&file.to_string()).unwrap();
    let lines: Vec<String> = p.constraints().iter().map(|c| c.to_directive(4)).collect();
    // By the boxes it would be r1c2 | r1c3 r1c4 r2c4.
    assert_eq!(lines, ["region-sum: r1c2 r1c3 | r1c4 r2c4"]);
    let back = from_fpuzzles(&to_fpuzzles(&p).unwrap()).unwrap();
    assert_eq!(back.constraints(), p.constraints());
}

/// The user's list of directives (docs/constraints.md) names every key the
/// reader knows.
#[test]
fn every_directive_key_is_documented_for_users() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/constraints.md"
    ))
    .unwrap();
    for key in sudokit::constraints::directive_keys() {
        assert!(
            doc.contains(&format!("`{key}:")) || doc.contains(&format!("`{key}`")),
            "docs/constraints.md does not show `{key}`"
        );
    }
}
