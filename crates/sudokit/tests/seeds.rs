//! Every example of the seed documents, solved and checked.

mod support;

use sudokit::format::{parse_all, parse_one, ParseOptions};
use sudokit::solve::{self, Uniqueness};
use sudokit::Grid;
use support::{check, example, read, Rules};

fn unique_solution(g: &Grid) -> Grid {
    match solve::uniqueness(g).expect("valid givens") {
        Uniqueness::Unique(s) => s,
        other => panic!("expected a unique solution, got {other:?}"),
    }
}

fn rules_of(g: &Grid) -> Rules {
    let b = g.geometry().box_shape();
    Rules::classic(b.rows, b.cols)
}

#[test]
fn seed000_hardest_with_their_solutions() {
    let recs = parse_all(
        &read(example("seed000_hardest.txt")),
        &ParseOptions::default(),
    );
    let expected = [
        "859612437723854169164379528986147352375268914241593786432981675617425893598736241",
        "145327698839654127672918543496185372218473956753296481367542819984761235521839764",
    ];
    assert_eq!(recs.len(), 2);
    for (rec, want) in recs.iter().zip(expected) {
        let g = rec.result.as_ref().unwrap().grid();
        let s = unique_solution(g);
        check(&rules_of(g), g.cells(), s.cells()).unwrap();
        assert_eq!(s.to_line(), want);
    }
}

#[test]
fn seed001_all_four_examples() {
    let recs = parse_all(
        &read(example("seed001_examples.txt")),
        &ParseOptions::default(),
    );
    let sides: Vec<usize> = recs
        .iter()
        .map(|r| r.result.as_ref().unwrap().grid().n())
        .collect();
    assert_eq!(sides, [6, 9, 9, 25]);
    for rec in &recs {
        let g = rec.result.as_ref().unwrap().grid();
        let s = unique_solution(g);
        check(&rules_of(g), g.cells(), s.cells()).unwrap();
    }
    // The Wikipedia puzzle's published solution.
    let wiki = unique_solution(recs[1].result.as_ref().unwrap().grid());
    assert_eq!(
        wiki.to_line(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    // Seed 001's 6×6 keeps its 2×3 boxes from the header.
    assert_eq!(
        recs[0]
            .result
            .as_ref()
            .unwrap()
            .geometry()
            .box_shape()
            .to_string(),
        "2x3"
    );
}

#[test]
fn seed002_example() {
    let g = parse_one(
        &read(example("seed002_example.txt")),
        &ParseOptions::default(),
    )
    .unwrap();
    let s = unique_solution(&g);
    check(&rules_of(&g), g.cells(), s.cells()).unwrap();
}

#[test]
fn euler_96_all_fifty() {
    let recs = parse_all(
        &read(support::data("p096_euler50.txt")),
        &ParseOptions::default(),
    );
    assert_eq!(recs.len(), 50);
    let mut sum = 0u32;
    for (i, rec) in recs.iter().enumerate() {
        assert_eq!(rec.name(), Some(format!("Grid {:02}", i + 1).as_str()));
        let g = rec.result.as_ref().unwrap().grid();
        let s = unique_solution(g);
        check(&rules_of(g), g.cells(), s.cells()).unwrap();
        sum += s.cells()[..3]
            .iter()
            .fold(0u32, |acc, &d| acc * 10 + d as u32);
    }
    // Project Euler 96: the sum of the three-digit numbers in the top-left corners.
    assert_eq!(sum, 24702);
}
