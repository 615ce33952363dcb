//! The shared 9×9 sets: every puzzle has exactly one solution, verified by the
//! independent checker. The normal run takes a sample of each large set; the
//! full sets run as `#[ignore]` tests in release mode (see `.ci/run`).

mod support;

use std::fs::File;
use std::io::BufReader;

use sudokit::format::{ParseOptions, Reader};
use sudokit::solve::{self, Uniqueness};
use support::{check, data, Rules};

/// Checks the first `take` puzzles of a set (all when `None`); returns how many.
fn all_unique_and_checked(file: &str, take: Option<usize>) -> usize {
    let f = File::open(data(file)).unwrap();
    let reader = Reader::new(BufReader::new(f), ParseOptions::default());
    let rules = Rules::classic(3, 3);
    let mut k = 0;
    for rec in reader.take(take.unwrap_or(usize::MAX)) {
        let g = rec
            .result
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .into_grid();
        match solve::uniqueness(&g).unwrap() {
            Uniqueness::Unique(s) => check(&rules, g.cells(), s.cells())
                .unwrap_or_else(|e| panic!("{file}: puzzle {}: {e}", rec.number)),
            other => panic!("{file}: puzzle {}: {other:?}", rec.number),
        }
        k += 1;
    }
    k
}

#[test]
fn top1465_all() {
    assert_eq!(
        all_unique_and_checked("puzzles3_magictour_top1465", None),
        1465
    );
}

#[test]
fn seventeen_clue_sample() {
    assert_eq!(all_unique_and_checked("puzzles2_17_clue", Some(2000)), 2000);
}

#[test]
fn hardest_sample() {
    assert_eq!(
        all_unique_and_checked("puzzles5_forum_hardest_1905_11+", Some(300)),
        300
    );
}

#[test]
#[ignore = "release-mode: all 49,158 puzzles"]
fn seventeen_clue_all() {
    assert_eq!(all_unique_and_checked("puzzles2_17_clue", None), 49_158);
}

#[test]
// The data README says 48,765; the file holds 48,766 puzzle lines.
#[ignore = "release-mode: all 48,766 puzzles"]
fn hardest_all() {
    assert_eq!(
        all_unique_and_checked("puzzles5_forum_hardest_1905_11+", None),
        48_766
    );
}
