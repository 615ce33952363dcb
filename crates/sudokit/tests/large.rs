//! Large boards: 16×16 (Gecode), 25×25 (seed 001's Giant, in seeds.rs) and the
//! 400×400 singles puzzle whose box shape comes from its separators.

mod support;

use sudokit::format::{parse_all, ParseOptions};
use sudokit::solve::{self, Uniqueness};
use sudokit::BoxShape;
use support::{check, data, read, Rules};

#[test]
fn gecode_16x16_all_unique() {
    let recs = parse_all(&read(data("gecode_16x16.txt")), &ParseOptions::default());
    assert_eq!(recs.len(), 55);
    for rec in recs {
        let g = rec.result.unwrap().into_grid();
        assert_eq!(g.geometry().box_shape(), BoxShape::new(4, 4));
        match solve::uniqueness(&g).unwrap() {
            Uniqueness::Unique(s) => check(&Rules::classic(4, 4), g.cells(), s.cells()).unwrap(),
            other => panic!("puzzle {}: {other:?}", rec.number),
        }
    }
}

#[test]
fn kociemba_400x400_parsed_and_solved() {
    let recs = parse_all(
        &read(data("kociemba_400x400_singles.txt")),
        &ParseOptions::default(),
    );
    // The summary lines under the grid are notes, not puzzles.
    assert_eq!(recs.len(), 1);
    let g = recs[0].result.as_ref().unwrap().grid();
    assert_eq!(g.geometry().box_shape(), BoxShape::new(20, 20));
    assert_eq!(g.givens(), 116_143);
    let s = solve::solve(g).unwrap().expect("solvable");
    check(&Rules::classic(20, 20), g.cells(), s.cells()).unwrap();
}
