//! Setter suggestions (`sudokit::setter`) on suite puzzles, with known
//! answers: givens put back from the solution are found removable, givens
//! taken away are found again (or replaced) so that the puzzle is unique,
//! every claim re-proven by the engine and the solutions confirmed by the
//! independent checker (its plain enumeration on a 4×4).

mod variant_checker;

use std::path::PathBuf;
use std::time::Duration;

use sudokit::setter::{suggest_givens, Suggestion};
use sudokit::{Grid, Options, Puzzle, Verdict};

fn file(name: &str) -> String {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variants")).join(name);
    std::fs::read_to_string(p).unwrap()
}

fn opts() -> Options {
    Options::default().with_timeout(Duration::from_secs(60))
}

fn with(p: &Puzzle, changes: &[(usize, u16)]) -> Puzzle {
    let mut g = p.grid().clone();
    for &(c, d) in changes {
        g.set(c, d);
    }
    Puzzle::new(g).with_constraints(p.constraints().to_vec())
}

fn unique(p: &Puzzle) -> bool {
    matches!(p.check(&opts()).unwrap(), Verdict::Unique(_))
}

fn values(g: &Grid) -> Vec<u32> {
    g.cells().iter().map(|&v| v as u32).collect()
}

/// Suite puzzles used below (each with givens): killer, XV and parity
/// 6×6, the 9×9 killer, thermo and arrow, and the Miracle.
const PUZZLES: [&str; 7] = [
    "04-killer-6.txt",
    "16-xv-6.txt",
    "25-parity-6.txt",
    "02-killer-9.txt",
    "05-thermo-9.txt",
    "09-arrow-9.txt",
    "01-miracle.txt",
];

#[test]
fn givens_put_back_are_found_removable() {
    for name in PUZZLES {
        let text = file(name);
        let f = variant_checker::read(&text);
        let sol = f.solution.clone().unwrap();
        let p: Puzzle = text.parse().unwrap();
        // Four empty cells spread over the board get their solution digit.
        let empty: Vec<usize> = (0..f.n * f.n).filter(|&c| f.givens[c] == 0).collect();
        let extra: Vec<usize> = (0..4).map(|i| empty[i * empty.len() / 4]).collect();
        let q = with(
            &p,
            &extra
                .iter()
                .map(|&c| (c, sol[c] as u16))
                .collect::<Vec<_>>(),
        );
        let Suggestion::Remove {
            each,
            together,
            solution,
        } = suggest_givens(&q, &opts()).unwrap()
        else {
            panic!("{name}: unique with more givens")
        };
        assert_eq!(values(&solution), sol, "{name}");
        // The original puzzle is unique, so each added given alone can go.
        for c in &extra {
            assert!(each.contains(c), "{name}: r{}c{}", c / f.n + 1, c % f.n + 1);
        }
        // Each reported removal keeps the solution unique.
        for &c in &each {
            assert!(unique(&with(&q, &[(c, 0)])), "{name}: {c} alone");
        }
        // Together: unique, and minimal (any further removal breaks it).
        let r = with(&q, &together.iter().map(|&c| (c, 0)).collect::<Vec<_>>());
        assert!(unique(&r), "{name}: together");
        for c in (0..f.n * f.n).filter(|&c| r.grid().get(c) != 0) {
            assert!(!unique(&with(&r, &[(c, 0)])), "{name}: {c} could go too");
        }
        assert!(together.iter().all(|c| each.contains(c)));
        assert_eq!(variant_checker::check(&f, &sol), Ok(()));
    }
}

#[test]
fn givens_taken_away_are_suggested_back() {
    for name in PUZZLES {
        let text = file(name);
        let mut f = variant_checker::read(&text);
        let p: Puzzle = text.parse().unwrap();
        // Take away every given: with the constraints alone these puzzles
        // have several solutions (the Miracle keeps one less given).
        let givens: Vec<usize> = (0..f.n * f.n).filter(|&c| f.givens[c] != 0).collect();
        let take = if name == "01-miracle.txt" {
            vec![givens[0]]
        } else {
            givens.clone()
        };
        let q = with(&p, &take.iter().map(|&c| (c, 0)).collect::<Vec<_>>());
        let Suggestion::Add {
            givens: add,
            solution,
        } = suggest_givens(&q, &opts()).unwrap()
        else {
            panic!("{name}: several solutions without its givens")
        };
        assert!(!add.is_empty());
        for &(c, d) in &add {
            assert_eq!(q.grid().get(c), 0, "{name}: {c} was empty");
            assert_eq!(solution.get(c), d, "{name}: digit from the solution");
        }
        let r = with(&q, &add);
        match r.check(&opts()).unwrap() {
            Verdict::Unique(s) => assert_eq!(s, solution, "{name}"),
            Verdict::Multiple(..) => panic!("{name}: still several solutions"),
        }
        // Minimal: without any one of the suggested givens, several again.
        for &(c, _) in &add {
            assert!(!unique(&with(&r, &[(c, 0)])), "{name}: {c} not needed");
        }
        // The solution keeps every rule, by the independent checker, with
        // the suggested givens in place of the file's.
        for &c in &take {
            f.givens[c] = 0;
        }
        for &(c, d) in &add {
            f.givens[c] = d as u32;
        }
        assert_eq!(
            variant_checker::check(&f, &values(&solution)),
            Ok(()),
            "{name}"
        );
    }
}

#[test]
fn four_by_four_suggestion_agrees_with_enumeration() {
    // A thermometer along row 1 of an empty 4×4 fixes that row; the
    // checker's own enumeration finds exactly one filling after the
    // suggested givens, and several before.
    let text = "thermo: r1c1 r1c2 r1c3 r1c4\n................\n";
    let mut f = variant_checker::read(text);
    assert!(variant_checker::brute_force(&f, 2).len() == 2);
    let p: Puzzle = text.parse().unwrap();
    let Suggestion::Add { givens, solution } = suggest_givens(&p, &opts()).unwrap() else {
        panic!("several solutions")
    };
    for &(c, d) in &givens {
        f.givens[c] = d as u32;
    }
    let all = variant_checker::brute_force(&f, 3);
    assert_eq!(all, vec![values(&solution)]);
    // Without each suggested given, the enumeration finds two again.
    for &(c, _) in &givens {
        let mut g = variant_checker::read(text);
        g.givens = f.givens.clone();
        g.givens[c] = 0;
        assert!(variant_checker::brute_force(&g, 2).len() == 2);
    }
}

#[test]
fn limits_stop_the_search_with_an_error() {
    // A cancel flag already set stops the first check: an error, no guess.
    let p: Puzzle = file("03-killer-9.txt").parse().unwrap();
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let o = Options::default().with_cancel(flag);
    match suggest_givens(&p, &o) {
        Err(sudokit::Error::Cancelled) => {}
        other => panic!("{other:?}"),
    }
}
