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

/// The PDF operator setting the stroke colour `#rgb`, as pdf-writer writes
/// it (shortest decimals, integers without a point).
fn stroke_op(colour: &str) -> String {
    let part = |i: usize| {
        let v = u8::from_str_radix(&colour[i..i + 1], 16).unwrap() as f32 / 15.0;
        format!("{v}")
    };
    format!("{} {} {} RG", part(1), part(2), part(3))
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
        // X / V letters, one more `(…) Tj` each than without constraints;
        // two for cage sums and letters, whose white halo is the same text
        // stroked first.
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
            let want: usize = cs
                .iter()
                .map(|c| match c {
                    Constraint::Cage { sum: Some(s), .. } if s.to_string() == *t => 2,
                    Constraint::Sandwich { sum, .. } | Constraint::LittleKiller { sum, .. }
                        if sum.to_string() == *t =>
                    {
                        1
                    }
                    Constraint::X(..) if t == "X" => 2,
                    Constraint::V(..) if t == "V" => 2,
                    _ => 0,
                })
                .sum();
            assert_eq!(added(&p, &format!("({t}) Tj")), want, "{name}: text {t}");
        }
        // Lines, one stroke colour per family: a thermometer's line, an
        // arrow's line, head and circles, a between line and its two end
        // circles.
        let arrows: usize = cs
            .iter()
            .map(|c| match c {
                Constraint::Arrow { circle, .. } => 2 + circle.len(),
                _ => 0,
            })
            .sum();
        let lines = [
            ("#bbb", n_of(|c| matches!(c, Constraint::Thermo(_)))),
            ("#999", arrows),
            ("#6c6", n_of(|c| matches!(c, Constraint::Whisper(_)))),
            ("#c9f", n_of(|c| matches!(c, Constraint::Renban(_)))),
            ("#ccc", n_of(|c| matches!(c, Constraint::Palindrome(_)))),
            ("#9cf", 3 * n_of(|c| matches!(c, Constraint::Between(_)))),
        ];
        for (colour, want) in lines {
            let op = stroke_op(colour);
            assert_eq!(count(&doc, &op), want, "{name}: {op}");
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

/// The families added through the registry draw in booklets too: each adds
/// its marks to the page (strokes, fills or texts), and an outside clue
/// moves the grid in to make room for it.
#[test]
fn registry_families_draw_in_booklets() {
    let blank = ".".repeat(81);
    for (directive, text) in [
        ("minimum: r5c5", None),
        ("maximum: r2c2", None),
        ("quadruple: r1c1 1 2", Some("(1 2) Tj")),
        ("x-sum: 15 r1c1 right", Some("(15) Tj")),
        ("skyscraper: 3 r1c1 down", Some("(3) Tj")),
        ("zipper: r1c1 r1c2 r1c3", None),
        ("entropic: r2c1 r2c2 r2c3", None),
        ("modular: r3c1 r3c2 r3c3", None),
        ("dutch-whisper: 4 r4c1 r4c2", None),
        ("clone: r1c1 r1c2 | r9c8 r9c9", None),
    ] {
        let p: Puzzle = format!("{directive}\n{blank}\n")
            .parse()
            .unwrap_or_else(|e| panic!("{directive}: {e}"));
        assert_eq!(p.constraints().len(), 1, "{directive}");
        let (with, without) = (pdf(&p, true), pdf(&p, false));
        let ops = |d: &[u8]| {
            ["S\n", "f\n", "B\n", "Tj"]
                .iter()
                .map(|o| count(d, o))
                .sum::<usize>()
        };
        assert!(ops(&with) > ops(&without), "{directive}: nothing drawn");
        if let Some(t) = text {
            assert_eq!(added(&p, t), 1, "{directive}: its clue");
        }
        // Outside clues (x-sums, skyscrapers) shrink the grid's frame.
        let frame = |d: &[u8]| {
            let s = String::from_utf8_lossy(d).into_owned();
            s.lines()
                .rev()
                .find(|l| l.ends_with(" re"))
                .map(str::to_string)
        };
        let outside = directive.starts_with("x-sum") || directive.starts_with("skyscraper");
        assert_eq!(
            frame(&with) != frame(&without),
            outside,
            "{directive}: frame"
        );
    }
}
