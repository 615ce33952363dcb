//! `service::generate` on given jigsaw regions (what the page asks for when a
//! jigsaw is loaded): the answer keeps those regions, and its puzzle has one
//! solution, checked by a small solver of this file's own.
#![cfg(feature = "serde")]

use serde_json::Value;
use std::sync::Arc;
use sudokit::service::{self, Failure, GenerateRequest};

use sudokit::{solve, BoxShape, Geometry, Grid, Options, Variant};

/// The nine boxes with two cells traded between boxes 1 and 2 (r1c4 joins
/// box 1, r3c3 joins box 2): each region still connected.
fn layout() -> Vec<u16> {
    let mut regions: Vec<u16> = (0..81)
        .map(|i| ((i / 27) * 3 + (i % 9) / 3) as u16)
        .collect();
    regions.swap(3, 20);
    regions
}

fn cells(grid: &Value) -> Vec<u16> {
    grid["rows"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as u16)
        })
        .collect()
}

/// Rows, columns and the labelled regions of a 9×9 board.
fn groups(regions: &[u16]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .collect();
    out.extend((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()));
    out.extend((0..9).map(|k| (0..81).filter(|&i| regions[i] == k).collect()));
    out
}

/// `solution` holds 1..=9 once in every group, and `puzzle`'s givens are
/// among its digits.
fn assert_solves(puzzle: &[u16], solution: &[u16], groups: &[Vec<usize>]) {
    for g in groups {
        let mut digits: Vec<u16> = g.iter().map(|&c| solution[c]).collect();
        digits.sort_unstable();
        assert_eq!(digits, (1..=9).collect::<Vec<u16>>(), "group {g:?}");
    }
    assert!(puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s));
}

/// Solutions of `grid` under `groups`, counted up to `cap` by plain
/// backtracking on the emptiest cell.
fn count(grid: &mut [u16], groups: &[Vec<usize>], cap: usize) -> usize {
    let of: Vec<Vec<usize>> = (0..81)
        .map(|i| {
            (0..groups.len())
                .filter(|&g| groups[g].contains(&i))
                .collect()
        })
        .collect();
    fn go(grid: &mut [u16], groups: &[Vec<usize>], of: &[Vec<usize>], cap: usize) -> usize {
        let mut best: Option<(usize, Vec<u16>)> = None;
        for i in (0..81).filter(|&i| grid[i] == 0) {
            let used: Vec<u16> = of[i]
                .iter()
                .flat_map(|&g| groups[g].iter().map(|&c| grid[c]))
                .collect();
            let free: Vec<u16> = (1..=9).filter(|d| !used.contains(d)).collect();
            if best.as_ref().map_or(true, |(_, f)| free.len() < f.len()) {
                best = Some((i, free));
            }
        }
        let Some((i, free)) = best else { return 1 };
        let mut found = 0;
        for d in free {
            grid[i] = d;
            found += go(grid, groups, of, cap - found);
            if found >= cap {
                break;
            }
        }
        grid[i] = 0;
        found
    }
    go(grid, groups, &of, cap)
}

#[test]
fn a_puzzle_on_given_regions_keeps_them_and_has_one_solution() {
    let regions = layout();
    let req = GenerateRequest {
        regions: regions.clone(),
        symmetry: "none".into(),
        ..Default::default()
    };
    for seed in 1..=3 {
        let answer = service::generate(&req, seed, &Options::default()).unwrap();
        let want: Vec<Value> = regions.iter().map(|&r| r.into()).collect();
        assert_eq!(answer["grid"]["regions"].as_array().unwrap(), &want);
        let (mut puzzle, solution) = (cells(&answer["grid"]), cells(&answer["solution"]));
        let groups = groups(&regions);
        assert_solves(&puzzle, &solution, &groups);
        assert_eq!(count(&mut puzzle, &groups, 2), 1, "seed {seed}");
    }
}

/// `"variants": ["jigsaw"]` without regions: a random layout, sent back in
/// the grid, different for another seed, with one solution on it.
#[test]
fn a_random_jigsaw_sends_its_regions_and_has_one_solution() {
    let req = GenerateRequest {
        variants: vec!["jigsaw".into()],
        ..Default::default()
    };
    let mut layouts = Vec::new();
    for seed in 1..=2 {
        let answer = service::generate(&req, seed, &Options::default()).unwrap();
        let regions: Vec<u16> = answer["grid"]["regions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u16)
            .collect();
        assert_eq!(regions.len(), 81);
        let (puzzle, solution) = (cells(&answer["grid"]), cells(&answer["solution"]));
        assert_solves(&puzzle, &solution, &groups(&regions));
        // This file's plain solver takes minutes on some sparse jigsaws: the
        // engine's count here (the rules of the solution are checked above).
        let geo = Geometry::square(BoxShape::new(3, 3), &[Variant::Jigsaw(regions.clone())]);
        let grid = Grid::new(Arc::new(geo.unwrap()), puzzle);
        assert_eq!(solve::count(&grid, 2), Ok(1), "seed {seed}");
        layouts.push(regions);
    }
    assert_ne!(layouts[0], layouts[1]);
}

#[test]
fn regions_are_refused_when_they_cannot_be_used() {
    let bad = |req: GenerateRequest| match service::generate(&req, 1, &Options::default()) {
        Err(Failure::BadRequest(m)) => m,
        other => panic!("expected a bad request, got {other:?}"),
    };
    // Too few labels for the board.
    let m = bad(GenerateRequest {
        regions: vec![0; 16],
        ..Default::default()
    });
    assert!(m.contains("regions"), "{m}");
    // A label used ten times.
    let mut regions = layout();
    regions[0] = 1;
    assert!(bad(GenerateRequest {
        regions,
        ..Default::default()
    })
    .contains("regions"));
    let m = bad(GenerateRequest {
        regions: layout(),
        cube: true,
        ..Default::default()
    });
    assert!(m.contains("cube"), "{m}");
}

/// `"clues"`: a 16×16 keeps about that many clues, and with 120 of 256 it
/// grades below the levels that need trial and error (which an untargeted
/// 16×16 reaches: "Extreme, Brute Force" was seen in the web app).
#[test]
fn a_clue_target_keeps_clues_and_makes_big_boards_easier() {
    let req = GenerateRequest {
        box_shape: "4x4".into(),
        clues: Some(120),
        ..Default::default()
    };
    for seed in 1..=2 {
        let answer = service::generate(&req, seed, &Options::default()).unwrap();
        let clues = answer["clues"].as_u64().unwrap();
        let given = cells(&answer["grid"]).iter().filter(|&&v| v != 0).count() as u64;
        assert_eq!(clues, given);
        assert!(clues >= 120, "seed {seed}: {clues} clues");
        let level = answer["grade"]["level"].as_str().unwrap();
        assert!(
            ["Easy", "Medium", "Hard"].contains(&level),
            "seed {seed}: {level}"
        );
    }
}

/// `(r, c)` of a directive's cell name `rXcY` (1-based), as a cell index.
fn cell_of(name: &str, n: usize) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
}

/// `"rules": "killer"`: cages covering the board whose sums are the
/// solution's, no digit twice in a cage; `"thermo"`: thermometers rising
/// along the solution. Checked here on the answer's directive lines, then
/// read back as the page does (the grid JSON) and proven unique.
#[test]
fn killer_and_thermo_puzzles_keep_their_rules_and_have_one_solution() {
    let boxes: Vec<u16> = (0..81)
        .map(|i| ((i / 27) * 3 + (i % 9) / 3) as u16)
        .collect();
    for (rules, kind) in [("killer", "cage"), ("thermo", "thermo")] {
        for seed in 1..=3 {
            let req = GenerateRequest {
                rules: Some(rules.into()),
                ..Default::default()
            };
            let answer = service::generate(&req, seed, &Options::default()).unwrap();
            let (puzzle, solution) = (cells(&answer["grid"]), cells(&answer["solution"]));
            assert_solves(&puzzle, &solution, &groups(&boxes));
            let lines: Vec<&str> = answer["grid"]["constraints"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect();
            assert!(!lines.is_empty(), "{rules} seed {seed}: no constraints");
            let mut covered = vec![0; 81];
            for line in &lines {
                let (head, rest) = line.split_once(':').unwrap();
                assert_eq!(head, kind, "{line}");
                let words: Vec<&str> = rest.split_whitespace().collect();
                if kind == "cage" {
                    let sum: u16 = words[0].parse().unwrap();
                    let digits: Vec<u16> =
                        words[1..].iter().map(|w| solution[cell_of(w, 9)]).collect();
                    assert_eq!(digits.iter().sum::<u16>(), sum, "{line}");
                    let mut seen = digits.clone();
                    seen.sort_unstable();
                    seen.dedup();
                    assert_eq!(seen.len(), digits.len(), "a digit twice in {line}");
                    for w in &words[1..] {
                        covered[cell_of(w, 9)] += 1;
                    }
                } else {
                    let digits: Vec<u16> = words.iter().map(|w| solution[cell_of(w, 9)]).collect();
                    assert!(digits.windows(2).all(|p| p[0] < p[1]), "{line}: {digits:?}");
                }
            }
            if kind == "cage" {
                assert!(
                    covered.iter().all(|&k| k == 1),
                    "cages cover every cell once"
                );
            }
            let text = answer["grid"].to_string();
            let read: sudokit::Puzzle = text.parse().unwrap();
            assert_eq!(read.constraints().len(), lines.len());
            assert!(
                read.check(&Options::default()).unwrap().is_unique(),
                "{rules} seed {seed}"
            );
        }
    }
}

/// `"rules": "renban"` (any line family): lines where the solution holds a
/// run of consecutive digits, checked here from the answer alone, and the
/// grid object reads back as a unique puzzle with those lines.
#[test]
fn line_puzzles_through_the_api_keep_their_rule() {
    let boxes: Vec<u16> = (0..81)
        .map(|i| ((i / 27) * 3 + (i % 9) / 3) as u16)
        .collect();
    let req = GenerateRequest {
        rules: Some("renban".into()),
        ..Default::default()
    };
    let answer = service::generate(&req, 5, &Options::default()).unwrap();
    let (puzzle, solution) = (cells(&answer["grid"]), cells(&answer["solution"]));
    assert_solves(&puzzle, &solution, &groups(&boxes));
    let lines = answer["grid"]["constraints"].as_array().unwrap();
    assert!(!lines.is_empty());
    for line in lines {
        let (head, rest) = line.as_str().unwrap().split_once(':').unwrap();
        assert_eq!(head, "renban", "{line}");
        let mut digits: Vec<u16> = rest
            .split_whitespace()
            .map(|w| solution[cell_of(w, 9)])
            .collect();
        digits.sort_unstable();
        assert!(
            digits.windows(2).all(|p| p[1] == p[0] + 1),
            "{line}: {digits:?}"
        );
    }
    let read: sudokit::Puzzle = answer["grid"].to_string().parse().unwrap();
    assert_eq!(read.constraints().len(), lines.len());
    assert!(read.check(&Options::default()).unwrap().is_unique());
}

#[test]
fn killer_and_thermo_requests_outside_their_boards_are_refused() {
    for (req, words) in [
        (
            GenerateRequest {
                rules: Some("killer".into()),
                cube: true,
                box_shape: "2x2".into(),
                ..Default::default()
            },
            "plain square boards",
        ),
        (
            GenerateRequest {
                rules: Some("thermo".into()),
                variants: vec!["x".into()],
                ..Default::default()
            },
            "plain square boards",
        ),
        (
            GenerateRequest {
                rules: Some("killer".into()),
                box_shape: "5x5".into(),
                ..Default::default()
            },
            "4 to 16 digits",
        ),
        (
            GenerateRequest {
                rules: Some("killer".into()),
                difficulty: Some("tricky".into()),
                ..Default::default()
            },
            "unknown difficulty",
        ),
        (
            GenerateRequest {
                rules: Some("jigsaw-sum".into()),
                ..Default::default()
            },
            "killer, thermo, renban, whisper",
        ),
    ] {
        match service::generate(&req, 1, &Options::default()) {
            Err(Failure::BadRequest(m)) => assert!(m.contains(words), "{m}"),
            other => panic!("{req:?}: {other:?}"),
        }
    }
}

/// A killer or thermo puzzle at a chosen level: graded that level by the
/// grader itself (read back from the answer's grid, as the page does), and
/// still unique with the givens given back.
#[test]
fn killer_and_thermo_puzzles_meet_a_chosen_level() {
    use sudokit::logic::Level;
    for (rules, level) in [
        ("killer", Level::Medium),
        ("killer", Level::Hard),
        ("thermo", Level::Medium),
    ] {
        let req = GenerateRequest {
            rules: Some(rules.into()),
            difficulty: Some(level.name().to_lowercase()),
            ..Default::default()
        };
        let answer = service::generate(&req, 3, &Options::default()).unwrap();
        assert_eq!(answer["grade"]["level"], level.name(), "{rules}: {answer}");
        let read: sudokit::Puzzle = answer["grid"].to_string().parse().unwrap();
        let opts = Options::default();
        assert!(read.check(&opts).unwrap().is_unique(), "{rules} {level:?}");
        assert_eq!(read.rate(&opts).unwrap().grade.level, level, "{rules}");
    }
}
