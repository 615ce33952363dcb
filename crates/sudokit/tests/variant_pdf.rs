//! PDF booklets draw the constraints of every suite family: each booklet
//! renders, and its content stream holds the marks of the puzzle's clues
//! (counted against the same booklet drawn without the constraints).

#![cfg(feature = "pdf")]

mod support;

use sudokit::constraints::{Constraint, Line};
use sudokit::render::pdf::{booklet, BookletOptions, Entry};
use sudokit::Puzzle;

/// The suite's puzzles, named by file stem.
fn suite() -> Vec<(String, Puzzle)> {
    support::variant_suite()
        .into_iter()
        .map(|(name, text)| {
            (
                name.trim_end_matches(".txt").to_string(),
                text.parse().unwrap(),
            )
        })
        .collect()
}

fn pdf(p: &Puzzle, constraints: bool) -> Vec<u8> {
    let e = Entry {
        puzzle: p.grid().clone(),
        solution: None,
        caption: "1".into(),
        difficulty: None,
        constraints: if constraints {
            p.constraints().to_vec()
        } else {
            Vec::new()
        },
    };
    booklet(&[e], &BookletOptions::default()).unwrap()
}

fn count(haystack: &[u8], needle: &str) -> usize {
    let needle = needle.as_bytes();
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count()
}

/// Occurrences of `needle` the constraints added.
fn added(p: &Puzzle, needle: &str) -> usize {
    count(&pdf(p, true), needle) - count(&pdf(p, false), needle)
}

#[test]
fn every_suite_puzzle_draws_its_clues() {
    for (name, p) in suite() {
        let cs = p.constraints();
        let n_of = |f: fn(&Constraint) -> bool| cs.iter().filter(|c| f(c)).count();
        let doc = pdf(&p, true);
        assert!(doc.starts_with(b"%PDF"), "{name}");
        // Texts: every cage sum, sandwich sum and little-killer sum, and the
        // X / V letters, one more `(…) Tj` each than without constraints.
        let mut texts: Vec<String> = Vec::new();
        for c in cs {
            match c {
                Constraint::Cage { sum: Some(s), .. } => texts.push(s.to_string()),
                Constraint::Sandwich { sum, .. } => texts.push(sum.to_string()),
                Constraint::LittleKiller { sum, .. } => texts.push(sum.to_string()),
                Constraint::X(..) => texts.push("X".into()),
                Constraint::V(..) => texts.push("V".into()),
                _ => {}
            }
        }
        texts.sort();
        texts.dedup();
        for t in &texts {
            let want = cs
                .iter()
                .filter(|c| match c {
                    Constraint::Cage { sum: Some(s), .. } => s.to_string() == *t,
                    Constraint::Sandwich { sum, .. } | Constraint::LittleKiller { sum, .. } => {
                        sum.to_string() == *t
                    }
                    Constraint::X(..) => t == "X",
                    Constraint::V(..) => t == "V",
                    _ => false,
                })
                .count();
            assert_eq!(added(&p, &format!("({t}) Tj")), want, "{name}: text {t}");
        }
        // Lines, one stroke colour per line.
        let lines = [
            (
                "0.73 0.73 0.73 RG",
                n_of(|c| matches!(c, Constraint::Thermo(_))),
            ),
            (
                "0.6 0.6 0.6 RG",
                n_of(|c| matches!(c, Constraint::Arrow { .. })),
            ),
            (
                "0.42 0.8 0.42 RG",
                n_of(|c| matches!(c, Constraint::Whisper(_))),
            ),
            ("0.8 0.6 1 RG", n_of(|c| matches!(c, Constraint::Renban(_)))),
            (
                "0.8 0.8 0.8 RG",
                n_of(|c| matches!(c, Constraint::Palindrome(_))),
            ),
            (
                "0.6 0.8 1 RG",
                n_of(|c| matches!(c, Constraint::Between(_))),
            ),
        ];
        for (op, want) in lines {
            assert_eq!(count(&doc, op), want, "{name}: {op}");
        }
        // Filled-and-stroked circles: kropki dots, arrow circles, between
        // ends; plain squares for even cells and region cells.
        let circles: usize = cs
            .iter()
            .map(|c| match c {
                Constraint::KropkiWhite(..) | Constraint::KropkiBlack(..) => 1,
                Constraint::Arrow { circle, .. } => circle.len(),
                Constraint::Between(_) => 2,
                _ => 0,
            })
            .sum();
        assert_eq!(added(&p, "\nB\n"), circles, "{name}: circles");
        let squares: usize = cs
            .iter()
            .map(|c| match c {
                Constraint::Even(cells) | Constraint::Region(cells) => cells.len(),
                // The white patch under each cage sum.
                Constraint::Cage { sum: Some(_), .. } => 1,
                _ => 0,
            })
            .sum();
        assert_eq!(added(&p, " re\n"), squares, "{name}: squares");
        // Odd cells: four curves each.
        let odd: usize = cs
            .iter()
            .map(|c| match c {
                Constraint::Odd(cells) => cells.len(),
                _ => 0,
            })
            .sum();
        if odd > 0 {
            assert!(added(&p, " c\n") >= 4 * odd, "{name}: odd cells");
        }
        // Rules without a mark are named in the caption.
        for (rule, word) in [
            (Constraint::AntiKnight, "anti-knight"),
            (Constraint::AntiKing, "anti-king"),
            (Constraint::NonConsecutive, "non-consecutive"),
        ] {
            assert_eq!(
                count(&doc, word) > 0,
                cs.contains(&rule),
                "{name}: caption names {word}"
            );
        }
    }
}

#[test]
fn outside_clues_sit_outside_the_grid() {
    // A sandwich clue on row 1 of a 4×4: its text starts left of the grid's
    // frame (the booklet moves the grid in by half a cell to make room).
    let mut p: Puzzle = ".".repeat(16).parse().unwrap();
    p.add_constraint(Constraint::Sandwich {
        line: Line::Row(0),
        sum: 5,
    });
    let doc = String::from_utf8_lossy(&pdf(&p, true)).into_owned();
    // The frame is the only 2-point-wide rectangle: `x y w h re` then `S`.
    let frame_x: f32 = doc
        .lines()
        .collect::<Vec<_>>()
        .windows(2)
        .find(|w| w[0].ends_with(" re") && w[1] == "S")
        .map(|w| w[0].split(' ').next().unwrap().parse().unwrap())
        .expect("the frame");
    let clue = doc.find("(5) Tj").expect("the clue");
    let td = doc[..clue].rfind(" Td").unwrap();
    let line_start = doc[..td].rfind('\n').unwrap() + 1;
    let clue_x: f32 = doc[line_start..td]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(clue_x < frame_x, "clue at {clue_x}, frame at {frame_x}");
}
