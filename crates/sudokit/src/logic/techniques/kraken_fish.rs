//! Kraken fish, type 1: a finned fish on rows and columns whose fins do not
//! all see a cell of its cover lines. Either no fin is true, and then the
//! fish holds and the cover lines lose the digit outside the base lines, or
//! some fin is true. When each fin, assumed true, removes the digit from
//! that cell by singles, the cell loses it either way.
//!
//! HoDoKu (index 8450, score 500, off by default) follows each fin by the
//! chains of its forcing-chain tables; here each fin is followed by singles,
//! as in our forcing chains (`forcing.rs`), whose per-board memo of
//! assumptions both share. Searched as HoDoKu's default kraken settings
//! allow: 2 to 4 base lines, at most two fins, no endo fins; basic fish
//! only (HoDoKu also tries Franken ones), and type 1 only (type 2, a
//! conclusion reached from every cover line, is not written).

use super::assumptions::{Assumptions, Outcome};
use super::fish::{line_masks, names};
use super::{combinations, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// HoDoKu's default for kraken fish (its plain fish take five).
const MAX_FINS: usize = 2;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    if c.ctx.rows.is_empty() || c.cell_count() > 128 {
        return None;
    }
    let mut a = Assumptions::of(c);
    // Singles reach far: a fin's branch may run through most of the board.
    // Every kraken fish of the smallest size is gathered, one per cell it
    // clears, and the one whose branches need the fewest singles wins, so
    // the step stays a fish with short chains, as a player looks for it.
    for k in 2..=4.min(c.ctx.n / 2) {
        let found = all_of_size(c, k, &mut a);
        if c.out_of_time() {
            return None;
        }
        // The first in search order on ties (`min_by_key` keeps the first).
        let best = found.into_iter().min_by_key(|s| {
            s.candidates
                .iter()
                .map(|&f| Branch::of(c, f, s).map_or(usize::MAX / 8, |b| b.len()))
                .sum::<usize>()
        });
        if let Some(mut s) = best {
            explain(c, &mut s);
            return Some(s);
        }
    }
    None
}

/// Every kraken fish of `k` base lines, one step per cell it clears, in
/// search order (digit, rows then columns as base, base lines, covers).
fn all_of_size(c: &Candidates, k: usize, a: &mut Assumptions) -> Vec<Step> {
    let n = c.ctx.n;
    let mut found = Vec::new();
    for d in 1..=n as u16 {
        for (base_lines, cover_lines) in [(&c.ctx.rows, &c.ctx.cols), (&c.ctx.cols, &c.ctx.rows)] {
            let masks = line_masks(c, base_lines, d);
            // Every position outside the covers holds a fin: a line with
            // more than k + MAX_FINS places cannot be a base line.
            let lines: Vec<u32> = (0..n as u32)
                .filter(|&i| {
                    let p = masks[i as usize].count_ones() as usize;
                    p >= 1 && p <= k + MAX_FINS
                })
                .collect();
            combinations(c, &lines, k, |bs| {
                let all = bs.iter().fold(0u64, |m, &b| m | masks[b as usize]);
                let width = all.count_ones() as usize;
                if width <= k || width > k + MAX_FINS {
                    return false;
                }
                let positions: Vec<u32> = bits(all).map(|i| i as u32).collect();
                combinations(c, &positions, k, |cover| {
                    let cover = cover.iter().fold(0u64, |m, &i| m | 1 << i);
                    let fish = Fish {
                        d,
                        bs,
                        cover,
                        masks: &masks,
                        base_lines,
                        cover_lines,
                    };
                    found.extend(fish.check(c, a));
                    false
                })
            });
        }
    }
    found
}

/// One choice of base lines (`bs`, indices into `base_lines`) and cover
/// lines (`cover`, a mask of indices into `cover_lines`) for digit `d`.
struct Fish<'a> {
    d: u16,
    bs: &'a [u32],
    cover: u64,
    masks: &'a [u64],
    base_lines: &'a [u32],
    cover_lines: &'a [u32],
}

impl Fish<'_> {
    /// One step per cell the fish and every fin's branch clear (HoDoKu
    /// also takes one elimination per kraken fish).
    fn check(&self, c: &Candidates, a: &mut Assumptions) -> Vec<Step> {
        let units = c.geometry().units();
        let (d, cover, masks) = (self.d, self.cover, self.masks);
        // Each base line keeps a place in the covers: without any, the fish
        // part would be empty and the fins alone would carry the logic.
        if self.bs.iter().any(|&b| masks[b as usize] & cover == 0) {
            return Vec::new();
        }
        let (mut body, mut fins) = (Vec::new(), Vec::new());
        for &b in self.bs {
            let cells = &units[self.base_lines[b as usize] as usize].cells;
            for i in bits(masks[b as usize]) {
                if cover >> i & 1 != 0 {
                    body.push(cells[i]);
                } else {
                    fins.push(cells[i]);
                }
            }
        }
        if fins.is_empty() || fins.len() > MAX_FINS {
            return Vec::new();
        }
        let base_set = self.bs.iter().fold(0u64, |m, &b| m | 1 << b);
        let mut elims = Vec::new();
        for i in bits(cover) {
            for (j, &x) in units[self.cover_lines[i] as usize].cells.iter().enumerate() {
                let x = x as usize;
                if base_set >> j & 1 != 0 || !c.has(x, d) {
                    continue;
                }
                // Every fin, assumed true, must remove `d` from `x`. A fin
                // whose singles break the board cannot be true: it counts,
                // and its branch shows the break.
                let gone = fins
                    .iter()
                    .all(|&f| match a.get(c, f as usize, d).as_deref() {
                        Some(Outcome::Sets(s)) => {
                            (s.cand()[d as usize - 1] | s.value()[d as usize - 1]) >> x & 1 == 0
                        }
                        Some(Outcome::Board(t)) => !t.has(x, d) && t.values()[x] != d,
                        None => true,
                    });
                if gone {
                    elims.push(Cand::new(x, d));
                }
            }
        }
        let base_u = self.bs.iter().map(|&b| self.base_lines[b as usize]);
        let cover_u = bits(cover).map(|i| self.cover_lines[i]);
        let units: Vec<u32> = base_u.chain(cover_u).collect();
        elims
            .into_iter()
            .map(|e| {
                let mut s = Step::new(Technique::KrakenFish);
                s.eliminations = vec![e];
                s.cells = body.iter().chain(&fins).copied().collect();
                // The fins are the branches the text follows; the body is
                // drawn from `cells`.
                s.candidates = fins.iter().map(|&x| Cand::new(x as usize, d)).collect();
                s.units = units.clone();
                s
            })
            .collect()
    }
}

/// Where a fin leads, as the singles it needs (`r2c3 = 4 (naked single)`).
enum Branch {
    /// To the step's elimination.
    Clears(Vec<String>),
    /// To a broken board (in words): the fin is false.
    Breaks(Vec<String>, String),
}

impl Branch {
    fn of(c: &Candidates, fin: Cand, s: &Step) -> Option<Branch> {
        super::forcing::branch(c, fin, s)
            .map(Branch::Clears)
            .or_else(|| {
                let (v, why) = super::trial::contradiction_net(c, fin.cell as usize, fin.digit)?;
                Some(Branch::Breaks(v, why))
            })
    }

    /// Singles the branch needs (a break counts as one more).
    fn len(&self) -> usize {
        match self {
            Branch::Clears(v) => v.len(),
            Branch::Breaks(v, _) => v.len() + 1,
        }
    }
}

/// The fish, each fin's branch and the conclusion, in words.
fn explain(c: &Candidates, s: &mut Step) {
    if !c.texts() {
        return;
    }
    let d = s.candidates[0].digit;
    let (base_u, cover_u) = s.units.split_at(s.units.len() / 2);
    let fins: Vec<u32> = s.candidates.iter().map(|f| f.cell).collect();
    let branches: Vec<String> = s
        .candidates
        .iter()
        .map(|&f| {
            let head = format!("if {} = {d}", c.cn(f.cell as usize));
            match Branch::of(c, f, s) {
                Some(Branch::Clears(v)) if v.is_empty() => format!("{head}, that alone does it"),
                Some(Branch::Clears(v)) => format!("{head}, then {}", v.join(", ")),
                Some(Branch::Breaks(v, why)) if v.is_empty() => {
                    format!("{head}, {why}, so that fin is false")
                }
                Some(Branch::Breaks(v, why)) => {
                    format!(
                        "{head}, then {}; then {why}, so that fin is false",
                        v.join(", ")
                    )
                }
                None => head,
            }
        })
        .collect();
    s.explanation =
        format!(
        "In {}, {d} fits only in {} or in the fin{} {}: with no fin true, the fish holds and {} \
         cannot be {d}; {}; every case ends the same way: remove {}",
        names(c, base_u),
        names(c, cover_u),
        if fins.len() > 1 { "s" } else { "" },
        super::list_and(c, &fins),
        super::list_and(c, &s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()),
        branches.join("; "),
        super::elim_text(c, &s.eliminations)
    );
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    /// A published example (forum.enjoysudoku.com, "Where do I go from
    /// here", HoDoKu's own output quoted there): the sashimi X-wing on 9 in
    /// rows 1 and 6, columns 2 and 7, with fins r1c5 and r6c3. r6c3 = 9
    /// sees r4c2; r1c5 = 9 takes 9 from r2c6 and r3c6, so column 6's 9 is
    /// r4c6, which sees r4c2. HoDoKu: "Kraken Fish Type 1: => r4c2<>9".
    #[test]
    fn published_example() {
        #[rustfmt::skip]
        let rows: [[&str; 9]; 9] = [
            ["4", "159", "2", "6", "159", "3", "159", "7", "8"],
            ["8", "159", "19", "12459", "7", "1249", "3", "6", "145"],
            ["6", "3", "7", "1459", "8", "149", "2", "49", "145"],
            ["37", "19", "6", "13459", "13459", "149", "1579", "8", "2"],
            ["37", "2", "8", "1359", "1359", "6", "1579", "49", "145"],
            ["5", "4", "19", "8", "2", "7", "19", "3", "6"],
            ["9", "6", "45", "1234", "134", "124", "8", "15", "7"],
            ["1", "8", "3", "7", "6", "5", "4", "2", "9"],
            ["2", "7", "45", "149", "149", "8", "6", "15", "3"],
        ];
        // Solved cells as givens, the others cut down to their marks.
        let mut line = String::new();
        let mut removed = Vec::new();
        for (x, marks) in rows.iter().flatten().enumerate() {
            if marks.len() == 1 {
                line += marks;
            } else {
                line.push('.');
                for d in (1..=9).filter(|d| !marks.contains(&d.to_string())) {
                    removed.push((x, d));
                }
            }
        }
        let c = cands(&line, &removed);
        let mut all = all_of_size(&c, 2, &mut Assumptions::of(&c));
        // Rows 1 and 6, columns 2 and 7 (units 0, 5, 10, 15).
        let i = all
            .iter()
            .position(|s| s.units == [0, 5, 10, 15] && s.eliminations == [Cand::new(28, 9)])
            .expect("the published kraken fish");
        let mut s = all.swap_remove(i);
        explain(&c, &mut s);
        let text = &s.explanation;
        assert!(
            text.contains("9 fits only in column 2, column 7 or in the fins r1c5 and r6c3"),
            "{text}"
        );
        assert!(text.contains("if r6c3 = 9, that alone does it"), "{text}");
        // r1c5 = 9 is false: its singles empty column 3 of 1s.
        assert!(text.contains("1 has no place left in column 3"), "{text}");
        assert!(text.contains("so that fin is false"), "{text}");
        assert!(text.ends_with("remove 9 from r4c2"), "{text}");
        // The step taken: the kraken fish whose branches need the fewest
        // singles (four, against the published one's seven).
        let singles = |s: &Step| -> usize {
            s.candidates
                .iter()
                .map(|&f| Branch::of(&c, f, s).unwrap().len())
                .sum()
        };
        let best = find(&c).unwrap();
        assert_eq!(best.technique, Technique::KrakenFish);
        assert_eq!((singles(&best), singles(&s)), (4, 7), "{best:?}");
    }

    /// Along the solving paths of hard puzzles (each step taken with every
    /// default technique first), no kraken fish removes the search solver's
    /// digit (that solver shares no code with this one).
    #[test]
    fn kraken_fish_keep_the_solution() {
        let mut seen = 0;
        for line in HARD {
            let solution = solution_of(line);
            let mut c = cands(line, &[]);
            while let Some(step) = crate::logic::next_step(&c) {
                if let Some(s) = find(&c) {
                    seen += 1;
                    for e in &s.eliminations {
                        assert_ne!(solution[e.cell as usize], e.digit, "{line}: {s:?}");
                    }
                }
                crate::logic::apply(&mut c, &step);
            }
        }
        assert!(seen > 0);
    }
}
