//! Human-style solving: soundness against the unique solution, completeness
//! on the data sets, pencilmark round trips, variants.

use std::collections::BTreeMap;

use sudokit::logic::{self, Candidates, Technique};
use sudokit::{solve, BoxShape, Geometry, Grid, Variant};

fn data(name: &str) -> String {
    // `$SUDOKIT_DATA` if set, else `../shared/data` beside the repository.
    let dir = std::env::var("SUDOKIT_DATA")
        .unwrap_or_else(|_| format!("{}/../../../shared/data", env!("CARGO_MANIFEST_DIR")));
    let path = format!("{dir}/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn puzzles(name: &str) -> Vec<String> {
    data(name)
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| l[..81].to_string())
        .collect()
}

/// Solves by steps, checking every placement and elimination against the
/// unique solution. Returns the path's technique counts and whether it
/// needed a guess.
fn check_path(line: &str) -> (BTreeMap<Technique, usize>, bool) {
    let grid = Grid::from_line(line).unwrap();
    let solution = solve::solve(&grid).unwrap().unwrap();
    let path = logic::solve_path(&grid).unwrap();
    let mut c = Candidates::from_grid(&grid).unwrap();
    let mut counts = BTreeMap::new();
    for step in &path.steps {
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{line}: empty step {step:?}"
        );
        for p in &step.placements {
            assert_eq!(
                solution.get(p.cell as usize),
                p.digit,
                "{line}: wrong placement in {}",
                step.explanation
            );
        }
        for e in &step.eliminations {
            assert_ne!(
                solution.get(e.cell as usize),
                e.digit,
                "{line}: eliminates the solution in {}",
                step.explanation
            );
            assert!(
                c.has(e.cell as usize, e.digit),
                "{line}: eliminates a non-candidate: {}",
                step.explanation
            );
        }
        logic::apply(&mut c, step);
        *counts.entry(step.technique).or_insert(0) += 1;
    }
    assert!(path.solved, "{line}: no full path");
    assert_eq!(path.final_values, solution.cells(), "{line}");
    let guessed = !logic::grade(&path).without_guessing;
    (counts, guessed)
}

fn check_set(name: &str, take: Option<usize>) -> (usize, usize, BTreeMap<Technique, usize>) {
    let all = puzzles(name);
    let list = &all[..take.unwrap_or(all.len()).min(all.len())];
    let mut guessed = 0;
    let mut total = BTreeMap::new();
    for p in list {
        let (counts, g) = check_path(p);
        guessed += g as usize;
        for (t, k) in counts {
            *total.entry(t).or_insert(0) += k;
        }
    }
    eprintln!(
        "{name}: {} puzzles, {} solved without a guess (brute force) ({:.1}%)",
        list.len(),
        list.len() - guessed,
        100.0 * (list.len() - guessed) as f64 / list.len() as f64
    );
    eprintln!("{total:?}");
    (list.len(), guessed, total)
}

#[test]
fn top1465_sample_sound_and_complete() {
    let (n, _, _) = check_set("puzzles3_magictour_top1465", Some(60));
    assert_eq!(n, 60);
}

#[test]
#[ignore = "release-mode: all 1465 puzzles"]
fn top1465_sound_and_complete() {
    let (n, _, _) = check_set("puzzles3_magictour_top1465", None);
    assert_eq!(n, 1465);
}

#[test]
#[ignore = "release-mode: 500 of the forum's hardest puzzles"]
fn hardest_sample_sound_and_complete() {
    // The first 500 of 48,766: every step checked against the solution.
    let (n, _, _) = check_set("puzzles5_forum_hardest_1905_11+", Some(500));
    assert_eq!(n, 500);
}

#[test]
fn seventeen_clue_sample_sound_and_complete() {
    let (n, guessed, _) = check_set("puzzles2_17_clue", Some(300));
    assert_eq!(n, 300);
    assert_eq!(guessed, 0);
}

#[test]
#[ignore = "release-mode: all 49,158 17-clue puzzles"]
fn seventeen_clue_all_sound_and_complete() {
    let (n, _, _) = check_set("puzzles2_17_clue", None);
    assert_eq!(n, 49_158);
}

#[test]
fn easy_puzzle_needs_only_singles() {
    let g = Grid::from_line(
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    )
    .unwrap();
    let path = logic::solve_path(&g).unwrap();
    assert!(path.solved);
    let grade = logic::grade(&path);
    assert_eq!(grade.level, logic::Level::Easy);
    assert!(path.steps.iter().all(|s| matches!(
        s.technique,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    )));
}

#[test]
fn pencilmarks_round_trip_and_hint() {
    let g = Grid::from_line(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    )
    .unwrap();
    let mut c = Candidates::from_grid(&g).unwrap();
    // Take a few steps, then resume from the pencilmark line.
    for _ in 0..10 {
        let s = logic::next_step(&c).unwrap();
        logic::apply(&mut c, &s);
    }
    let line = c.to_pencilmarks().unwrap();
    assert_eq!(line.len(), 729);
    let state = |text: &str| {
        let p: sudokit::Puzzle = text.parse().unwrap();
        Candidates::from_state(
            p.geometry().clone(),
            p.grid().cells(),
            p.candidates().unwrap(),
        )
        .unwrap()
    };
    let back = state(&line);
    assert_eq!(back.to_pencilmarks().unwrap(), line);
    assert_eq!(back.values(), c.values());
    let again = state(&c.to_grid_text());
    assert_eq!(again.to_pencilmarks().unwrap(), line);
    assert_eq!(
        logic::next_step(&back).map(|s| s.technique),
        logic::next_step(&c).map(|s| s.technique)
    );
}

#[test]
fn steps_serialise_to_json() {
    let g = Grid::from_line(
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    )
    .unwrap();
    let c = Candidates::from_grid(&g).unwrap();
    let s = logic::next_step(&c).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains("\"technique\""));
    assert!(json.contains("\"explanation\""));
}

#[test]
fn works_on_other_shapes_and_variants() {
    // 6×6 (2×3 boxes), and 9×9 sudoku X: full paths that agree with the solver.
    let six = Grid::from_line(
        "2 3\n2 0 0 0 0 3\n4 0 0 5 2 1\n3 0 6 0 0 0\n0 0 0 3 0 2\n6 3 4 0 0 5\n5 0 0 0 0 6\n",
    )
    .unwrap();
    let path = logic::solve_path(&six).unwrap();
    assert!(path.solved);
    assert_eq!(
        path.final_values,
        solve::solve(&six).unwrap().unwrap().cells()
    );

    let geo =
        std::sync::Arc::new(Geometry::square(BoxShape::new(3, 3), &[Variant::Diagonals]).unwrap());
    // Solve an X puzzle built from a full X solution with cells removed.
    let empty = Grid::empty(geo.clone());
    let full = solve::solve(&empty).unwrap().unwrap();
    let mut cells = full.cells().to_vec();
    for (i, v) in cells.iter_mut().enumerate() {
        if i % 3 != 0 {
            *v = 0;
        }
    }
    let puzzle = Grid::new(geo, cells);
    let path = logic::solve_path(&puzzle).unwrap();
    assert!(path.solved);
    let sol = solve::solve(&puzzle).unwrap().unwrap();
    if solve::count(&puzzle, 2).unwrap() == 1 {
        assert_eq!(path.final_values, sol.cells());
    }
}

/// A player's entries are placed digits, not givens: the hint from a
/// position typed into the web app (givens, entries, pencil marks) is the
/// step found from the same position read as a HoDoKu library line, where
/// `+d` marks placed digits, so avoidable rectangles are found from both.
#[test]
fn a_players_entries_are_placed_not_given() {
    use sudokit::format::{parse_all, ParseOptions};
    use sudokit::{Options, PlayerHint, Puzzle};
    let text = include_str!("data/hodoku-reglib.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(":0607") || l.starts_with(":0608"))
        .collect();
    assert!(lines.len() >= 20, "{}", lines.len());
    let opts = Options::default();
    let mut avoidable = 0;
    for rec in parse_all(&lines.join("\n"), &ParseOptions::default()) {
        let library = rec.result.unwrap();
        let state = library.logic_state(&opts).unwrap();
        let expected = logic::next_step(&state).expect("a step");
        // The same position as the web app sends it.
        let placed = library.placed();
        let mut givens = library.grid().cells().to_vec();
        let mut entries = vec![0u16; givens.len()];
        for &c in placed {
            entries[c] = givens[c];
            givens[c] = 0;
        }
        let pencil: Vec<Vec<u16>> = (0..givens.len())
            .map(|c| {
                if library.grid().get(c) != 0 {
                    Vec::new()
                } else {
                    (1..=9).filter(|&d| state.has(c, d)).collect()
                }
            })
            .collect();
        let puzzle = Puzzle::new(Grid::new(library.geometry().clone(), givens));
        match puzzle.player_hint(&entries, &pencil, &opts).unwrap() {
            PlayerHint::Step(step) => {
                assert_eq!(step.technique, expected.technique, "line {}", rec.line);
                assert_eq!(step.eliminations, expected.eliminations);
                avoidable += usize::from(matches!(
                    step.technique,
                    Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2
                ));
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(avoidable > 0, "no avoidable rectangle among the hints");
}

/// A position written as JSON keeps its placed digits and candidates: the
/// HoDoKu library's avoidable-rectangle positions, read from the library
/// lines, written by our JSON writer and read back, give the same first
/// step as the library line, avoidable rectangles included.
#[cfg(feature = "serde")]
#[test]
fn positions_written_as_json_keep_placed_digits_and_candidates() {
    use sudokit::format::{parse_all, OutputFormat, ParseOptions, Writer};
    use sudokit::Options;
    let text = include_str!("data/hodoku-reglib.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(":0607") || l.starts_with(":0608"))
        .collect();
    let opts = Options::default();
    let mut avoidable = 0;
    for rec in parse_all(&lines.join("\n"), &ParseOptions::default()) {
        let library = rec.result.unwrap();
        assert!(!library.placed().is_empty(), "line {}", rec.line);
        let json = Writer::new(OutputFormat::Json).write(&library);
        let back = parse_all(&json, &ParseOptions::default())
            .remove(0)
            .result
            .unwrap_or_else(|e| panic!("{e}\n{json}"));
        assert_eq!(back.placed(), library.placed(), "{json}");
        assert_eq!(back.candidates(), library.candidates(), "{json}");
        assert_eq!(back.grid().cells(), library.grid().cells());
        let step = |p: &sudokit::Puzzle| logic::next_step(&p.logic_state(&opts).unwrap());
        let (a, b) = (
            step(&library).expect("a step"),
            step(&back).expect("a step"),
        );
        assert_eq!(
            (a.technique, &a.eliminations),
            (b.technique, &b.eliminations)
        );
        avoidable += usize::from(matches!(
            b.technique,
            Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2
        ));
    }
    assert!(avoidable > 0, "no avoidable rectangle among the steps");
}
