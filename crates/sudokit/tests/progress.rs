//! Long work reports how far it has come through the options' progress
//! callback: generation by candidate and clue group, counts by solutions
//! found or parts finished.

use std::sync::{Arc, Mutex};

use sudokit::generate::{self, GenerateOptions};
use sudokit::limits::Progress;
use sudokit::{CountMode, Geometry, Options, Puzzle};

fn recorder() -> (Options, Arc<Mutex<Vec<Progress>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let opts = Options::default().with_progress(Arc::new(move |p| log.lock().unwrap().push(p)));
    (opts, seen)
}

#[test]
fn generation_reports_its_candidate_and_the_clues_tried() {
    let (opts, seen) = recorder();
    let geometry = Arc::new(Geometry::square("3x3".parse().unwrap(), &[]).unwrap());
    let made = generate::first_match(&geometry, &GenerateOptions::default(), 5, &opts.limits())
        .unwrap()
        .unwrap();
    let seen = seen.lock().unwrap();
    assert_eq!(seen.first(), Some(&Progress::Attempt(1)));
    let clues: Vec<(usize, usize)> = seen
        .iter()
        .filter_map(|p| match *p {
            Progress::Clues { tried, total } => Some((tried, total)),
            _ => None,
        })
        .collect();
    // No symmetry by default: 81 orbits of one cell, tried in turn from the
    // first, restarting with each candidate grid.
    let attempts = seen
        .iter()
        .filter(|p| matches!(p, Progress::Attempt(_)))
        .count();
    assert_eq!(attempts, made.0.attempts);
    assert!(clues.iter().all(|&(_, total)| total == 81), "{clues:?}");
    assert_eq!(clues[0].0, 0);
    assert!(clues
        .windows(2)
        .all(|w| w[1].0 == w[0].0 + 1 || w[1].0 == 0));
}

#[test]
fn counts_report_solutions_found_so_far() {
    // A rule keeps the count on the constraint search, which reports every
    // 64 solutions: 4×4 boards with an odd corner, half of the 288.
    let mut p: Puzzle = ".".repeat(16).parse().unwrap();
    p.add_constraint(sudokit::constraints::Constraint::Odd(vec![0]));
    let (opts, seen) = recorder();
    let c = p.count(CountMode::All, &opts).unwrap();
    let total: u128 = c.value().to_string().parse().unwrap();
    let seen = seen.lock().unwrap();
    let want: Vec<Progress> = (1..=total / 64)
        .map(|k| Progress::Solutions(64 * k))
        .collect();
    assert_eq!(total, 144);
    assert_eq!(*seen, want);
}
