//! The exact text of explanations a player reads, for the cases issue 21
//! listed as unreadable: the technique named once, every unit of a locked
//! subset named, eliminations grouped by digit with no digit running into a
//! unit number, ALS-XZ naming X and Z, chains without repeated nodes, nets
//! showing the singles that matter and where they break, and an all-singles
//! grade naming its hardest single.

use super::published_examples::parse;
use super::test_util::*;
use super::*;
use crate::grid::Grid;

/// `Name: sentence` of the finder's first step on a library line.
fn first(find: fn(&Candidates) -> Option<Step>, line: &str) -> String {
    let (c, _) = parse(line);
    find(&c).expect("a step").describe()
}

/// The first step of `t` on the human path of `line`, and the board then.
fn first_on_path(line: &str, t: Technique) -> Option<(Candidates, Step)> {
    let mut c = cands(line, &[]);
    while let Some(s) = crate::logic::next_step(&c) {
        if s.technique == t {
            return Some((c, s));
        }
        crate::logic::apply(&mut c, &s);
    }
    None
}

#[test]
fn locked_pair_names_both_units_and_groups_by_digit() {
    // HoDoKu library, Locked Pair (0110).
    assert_eq!(
        first(
            |c| locked_subsets::find(c, 2),
            ":0110-1:47:6.......8..2....7.94.........15.98..79....5.2.....4..916...5.2......2..5..3961...::477 479 487 488 491 498 777 779 787 792::",
        ),
        "Locked Pair: r9c7 and r9c9 hold only 4/7 and lie in both row 9 and box 9, so those digits go there and both units lose them elsewhere: remove 4 from r7c7, r7c9, r8c7, r8c8, r9c1 and r9c8; 7 from r7c7, r7c9, r8c7 and r9c2"
    );
}

#[test]
fn naked_pair_names_every_unit_it_clears() {
    // r1c3 and r2c3 hold only 1/2: column 3 and box 1 both lose them (the
    // bug was "naked pair in column 3" removing from r2c1, in box 1).
    let mut removed = Vec::new();
    for d in 3..=9 {
        removed.push((cell("r1c3") as usize, d));
        removed.push((cell("r2c3") as usize, d));
    }
    let c = cands(&".".repeat(81), &removed);
    assert_eq!(
        naked_subsets::find(&c, 2).unwrap().describe(),
        "Naked Pair: In column 3 and in box 1, r1c3 and r2c3 hold only 1/2, so those digits go there: remove 1 and 2 from r1c1, r1c2, r2c1, r2c2, r3c1, r3c2, r3c3, r4c3, r5c3, r6c3, r7c3, r8c3 and r9c3"
    );
}

#[test]
fn locked_candidates_keep_digit_and_unit_apart() {
    // HoDoKu library, Locked Candidates Type 1 (0100). The digit never
    // follows a unit number ("in row 4 and column 2 4 fits only").
    assert_eq!(
        first(
            locked_candidates::find,
            ":0100:3:.7.+4..1+58...6759..5+3....4+7+6...3....4+7.59248..3....1.....3.....7..7549.+8.2.8....4.:222 223 133 243 263 171 671 172 672 277 278 687 189 192 692:397 399::",
        ),
        "Locked Candidates (Pointing): In box 8, 3 can only go in r9c5 and r9c6, which are also in row 9, so remove 3 from r9c7 and r9c9"
    );
}

#[test]
fn als_xz_names_x_and_z() {
    // HoDoKu library, ALS-XZ (0901).
    assert_eq!(
        first(
            als::find_xz,
            ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::",
        ),
        "ALS-XZ: A = r1c4, r1c6 and r2c5 (1/3/5/8) and B = r1c8, r1c9 and r3c8 (3/5/8/9) are almost locked sets; X = 5 cannot be in both (every 5 of A sees every 5 of B), so one set is locked without it; Z = 3 is then in A or B, so cells seeing every Z of both lose it: remove 3 from r2c7"
    );
}

#[test]
fn aic_named_once() {
    // HoDoKu library, Discontinuous Nice Loop (0707): "AIC: " once, then
    // the chain in Eureka notation.
    assert_eq!(
        first(
            chains::find_aic,
            ":0707-2:7:....8.2....5....4..2...5...+9+6+2+8+37.....+321+4+6971+74+5..+83+2..+1......+6973+4+852+1+2+48+75136+9::718::8",
        ),
        "AIC: (5)r1c8 = (5)r1c9 - (5)r4c9 = (4)r4c9 - (4)r4c7 = (4)r7c7 - (7)r7c7 = (7)r7c8, so (5)r1c8 or (7)r7c8 is true; remove 7 from r1c8"
    );
}

#[test]
fn forcing_net_shows_the_singles_that_matter_and_where_it_breaks() {
    // top1465 #1099: the net keeps only the singles the contradiction needs.
    let (_, s) = first_on_path(
        ".364.2...8......4...278.....2...873.6....49.87..6..........7.1....1..3..2....6..5",
        Technique::ForcingNetContradiction,
    )
    .unwrap();
    assert_eq!(
        s.describe(),
        "Forcing Net Contradiction: if r5c2 were 5, then r5c8 = 2 (naked single), r5c4 = 3 (naked single), r6c8 = 5 (naked single), r6c6 = 9 (naked single), r4c4 = 5 (naked single), r2c4 = 9 (naked single), r1c5 = 5 (naked single), r2c2 = 7 (naked single), r2c3 = 5 (naked single); then 5 has no place left in row 7 (because of r5c2 = 5, r4c4 = 5, r1c5 = 5, r2c3 = 5), so r5c2 is not 5"
    );
}

/// The candidates `(d)rXcY` named in a chain's Eureka text, in order.
fn chain_nodes(text: &str) -> Vec<&str> {
    let chain = text.split([',', ';']).next().unwrap();
    chain
        .split([' ', '=', '-'])
        .filter(|t| t.starts_with('('))
        .collect()
}

#[test]
fn chains_never_repeat_a_node() {
    // Every chain step on the paths of hard puzzles: each candidate once
    // (a loop may close on its first candidate), no lasso.
    for line in [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ".364.2...8......4...278.....2...873.6....49.87..6..........7.1....1..3..2....6..5",
    ] {
        let mut c = cands(line, &[]);
        while let Some(s) = crate::logic::next_step(&c) {
            if matches!(
                s.technique,
                Technique::XChain | Technique::XYChain | Technique::Aic
            ) {
                let mut nodes = chain_nodes(&s.explanation);
                if nodes.first() == nodes.last() {
                    nodes.pop();
                }
                let k = nodes.len();
                nodes.sort_unstable();
                nodes.dedup();
                assert_eq!(nodes.len(), k, "{}", s.explanation);
            }
            crate::logic::apply(&mut c, &s);
        }
    }
}

#[test]
fn all_singles_grade_names_its_hardest_single() {
    let g = Grid::from_line(
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    )
    .unwrap();
    let grade = crate::logic::grade(&crate::logic::solve_path(&g).unwrap());
    // Naked singles and full houses only: the naked single is the harder
    // (same score, later in HoDoKu's order), not "Full House".
    assert_eq!(grade.hardest, Some(Technique::NakedSingle));
    assert_eq!(
        grade.describe(),
        "Easy, score 196, singles only (hardest: Naked Single)"
    );
}

#[test]
fn forcing_chain_shows_each_branch() {
    // top1465 #1: each branch lists the singles that reach the conclusion.
    let (_, s) = first_on_path(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        Technique::ForcingChain,
    )
    .unwrap();
    assert_eq!(
        s.describe(),
        "Forcing Chain: r4c2 is 3, 4 or 6: if r4c2 = 3, then r4c7 = 2 (naked single), r1c7 = 5 (naked single), r9c4 = 3 (hidden single in column 4), r9c6 = 5 (naked single), r2c2 = 5 (hidden single in row 2), r3c4 = 5 (hidden single in row 3), r5c4 = 4 (hidden single in column 4), r1c4 = 9 (hidden single in column 4), r1c2 = 6 (naked single); if r4c2 = 4, then r7c2 = 6 (naked single); if r4c2 = 6, that alone does it; every case ends the same way: remove 6 from r3c2"
    );
}

#[test]
fn texts_off_leave_the_steps_alone() {
    // Hard top1465 paths (#125, #244, #200, #1099): forcing chains and nets,
    // Franken fish, grouped loops and ALS chains on the way.
    for line in [
        "4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5",
        "6..1..7......7..8...9..8..37..4..5...3.....2...4..5..81..2..4.........5...6..9...",
        "2..5..6...9.....3...1..9..44..9..7...5..4..8...7..1..6...1..3...2..7..9...8..3..5",
        ".364.2...8......4...278.....2...873.6....49.87..6..........7.1....1..3..2....6..5",
    ] {
        let mut c = cands(line, &[]);
        c.set_unique(true);
        let with = crate::logic::solve_from(c.clone());
        c.set_texts(false);
        let without = crate::logic::solve_from(c);
        assert!(with.solved && without.solved);
        assert_eq!(with.steps.len(), without.steps.len());
        for (a, b) in with.steps.iter().zip(&without.steps) {
            assert!(!a.explanation.is_empty() && b.explanation.is_empty());
            let blank = Step {
                explanation: String::new(),
                ..a.clone()
            };
            assert_eq!(&blank, b);
        }
    }
}
