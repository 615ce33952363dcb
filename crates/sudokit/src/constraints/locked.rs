//! Locked candidates across every rule, for the search: a digit must go in
//! one of its places in a *house* (a unit, an extra region of N cells);
//! whatever those places rule out together is ruled out. With rows, columns
//! and boxes this is pointing and claiming; with extra regions, knight or
//! king moves it reaches cells outside the house's units; with pair rules
//! (non-consecutive, dots) a cell next to every place of `d` loses the
//! digits the rule forbids beside a `d`.
//!
//! Each *class* of rules is a set of partner cells per cell (a bitset) and
//! the digits a partner of a `d` may not hold: `{d}` for "differ" (unit
//! peers, knight/king moves, cages, regions, thermometers, renban), the
//! complement of the table for a pair relation. Places are intersected per
//! class, so a cell limited by two classes at once is not caught (sound,
//! not complete).
//!
//! Inside the house the same reasoning holds for a pair rule: a cell
//! partnered with every *other* place of `d` cannot take a digit that
//! forbids a `d` beside it, as `d` would then have no place (a non-consecutive
//! row whose 5 must go in r1c4, r1c5 or r1c6 leaves r1c5 neither 4 nor 6).
//! On the suite's 9×9 non-consecutive puzzles this cut the uniqueness
//! search from 3,546 and 2,730 guesses to 840 and 708.

use super::mask::{restrict, Narrowed};
use super::prop::{Program, Prop, Relation};
use crate::geometry::Geometry;

/// Boards up to this many cells get the bitsets (16 words per cell).
const MAX_CELLS: usize = 1024;
const MAX_WORDS: usize = MAX_CELLS / 64;

#[derive(Debug)]
struct Class {
    /// Per cell, `words` words: the cells whose digit a digit here limits.
    partners: Vec<u64>,
    /// `forbid[d - 1]`: digits a partner of a `d` cannot hold.
    forbid: Vec<u64>,
    /// Per house, per position in it, the positions of its partners in
    /// the same house (empty when the house holds no partners at all).
    inside: Vec<Vec<u64>>,
    /// Per house, the most partners a cell has inside it: a digit with
    /// more places than that plus one leaves the inside rule nothing.
    inside_most: Vec<u32>,
    /// Per house, the most of its cells one cell outside it is partnered
    /// with: a digit with more places than that rules nothing out there
    /// (non-consecutive: 1, so only the inside rule is left); `u32::MAX`
    /// when it is more than a few.
    outside_most: Vec<u32>,
}

#[derive(Debug)]
pub(crate) struct Locked {
    words: usize,
    /// Cell lists holding every digit once.
    houses: Vec<Vec<usize>>,
    /// Per house, `words` words: its cells (never targets: no digit's
    /// places there limit another place of the same house usefully).
    house_bits: Vec<u64>,
    classes: Vec<Class>,
    /// Whether some rule ties cells beyond the row, column and box
    /// cliques and the cliques of sums and orderings (a pair rule, a
    /// knight or king move, an extra house). Without one the pass is plain
    /// pointing and claiming, which costs the search more than the guesses
    /// it saves (`docs/notes/constraint-variants.md`, 2026-11-29).
    beyond_cliques: bool,
}

impl Locked {
    /// The houses and classes of `model` on `geo`; `None` on boards too
    /// large for the bitsets.
    pub(crate) fn new(geo: &Geometry, model: &Program<'_>) -> Option<Self> {
        let cells = geo.cell_count();
        if cells > MAX_CELLS || model.n > 64 {
            return None;
        }
        let n = model.n;
        let words = cells.div_ceil(64);
        let full = crate::bits::full_mask(n);
        let set = |bits: &mut [u64], a: usize, b: usize| bits[a * words + b / 64] |= 1 << (b % 64);
        let clique = |bits: &mut [u64], group: &[usize]| {
            for &a in group {
                for &b in group {
                    if a != b {
                        set(bits, a, b);
                    }
                }
            }
        };
        let mut houses: Vec<Vec<usize>> = geo
            .units()
            .iter()
            .map(|u| u.cells.iter().map(|&c| c as usize).collect())
            .collect();
        let mut differ = vec![0u64; cells * words];
        for h in &houses {
            clique(&mut differ, h);
        }
        // Rows, columns and boxes are 3N units; more are variant houses
        // (diagonals, windows, disjoint groups).
        let mut beyond_cliques = houses.len() > 3 * model.n;
        let mut by_table: Vec<Option<Vec<u64>>> = vec![None; model.tables.len()];
        for p in model.props.iter() {
            match p {
                Prop::Unit(cs) => {
                    clique(&mut differ, cs);
                    houses.push(cs.clone());
                    beyond_cliques = true;
                }
                Prop::Distinct(cs)
                | Prop::Thermo(cs)
                | Prop::Renban(cs)
                | Prop::Sum {
                    cells: cs,
                    distinct: true,
                    ..
                } => clique(&mut differ, cs),
                Prop::Pair(a, b, t) if model.relations[*t] == Relation::Differ => {
                    set(&mut differ, *a, *b);
                    set(&mut differ, *b, *a);
                    beyond_cliques = true;
                }
                Prop::Pair(a, b, t) => {
                    beyond_cliques = true;
                    let bits = by_table[*t].get_or_insert_with(|| vec![0u64; cells * words]);
                    set(bits, *a, *b);
                    set(bits, *b, *a);
                }
                _ => {}
            }
        }
        let mut classes = vec![Class {
            partners: differ,
            forbid: (0..n).map(|d| 1u64 << d).collect(),
            inside: Vec::new(),
            inside_most: Vec::new(),
            outside_most: Vec::new(),
        }];
        for (t, bits) in by_table.into_iter().enumerate() {
            if let Some(partners) = bits {
                let forbid: Vec<u64> = model.tables[t].iter().map(|&ok| full & !ok).collect();
                if forbid.iter().any(|&f| f != 0) {
                    let inside: Vec<Vec<u64>> = houses
                        .iter()
                        .map(|h| {
                            let bit =
                                |a: usize, b: usize| partners[a * words + b / 64] >> (b % 64) & 1;
                            let rows: Vec<u64> = h
                                .iter()
                                .map(|&a| (0..h.len()).fold(0, |m, j| m | bit(a, h[j]) << j))
                                .collect();
                            if rows.iter().all(|&r| r == 0) {
                                Vec::new()
                            } else {
                                rows
                            }
                        })
                        .collect();
                    let inside_most = inside
                        .iter()
                        .map(|rows| rows.iter().map(|r| r.count_ones()).max().unwrap_or(0))
                        .collect();
                    classes.push(Class {
                        partners,
                        forbid,
                        inside,
                        inside_most,
                        outside_most: Vec::new(),
                    });
                }
            }
        }
        let mut house_bits = vec![0u64; houses.len() * words];
        for (h, cs) in houses.iter().enumerate() {
            for &c in cs {
                house_bits[h * words + c / 64] |= 1 << (c % 64);
            }
        }
        // Bitsets of the cells outside the house partnered with more than
        // j of its cells, j < OUTSIDE_LEVELS, built like a binary counter
        // with carries; beyond that the class is not bounded.
        const OUTSIDE_LEVELS: usize = 4;
        let mut more_than = vec![0u64; OUTSIDE_LEVELS * words];
        for class in &mut classes {
            class.outside_most = (0..houses.len())
                .map(|h| {
                    more_than.fill(0);
                    let house = &house_bits[h * words..(h + 1) * words];
                    for &y in &houses[h] {
                        let p = &class.partners[y * words..(y + 1) * words];
                        for (i, (&word, &inside)) in p.iter().zip(house).enumerate() {
                            let mut carry = word & !inside;
                            let mut j = 0;
                            while carry != 0 && j < OUTSIDE_LEVELS {
                                let level = &mut more_than[j * words + i];
                                (*level, carry) = (*level | carry, *level & carry);
                                j += 1;
                            }
                        }
                    }
                    let level = |j: usize| {
                        more_than[j * words..(j + 1) * words]
                            .iter()
                            .any(|&x| x != 0)
                    };
                    match (0..OUTSIDE_LEVELS).rev().find(|&j| level(j)) {
                        None => 0,
                        Some(j) if j + 1 == OUTSIDE_LEVELS => u32::MAX,
                        Some(j) => j as u32 + 1,
                    }
                })
                .collect();
        }
        Some(Locked {
            words,
            houses,
            house_bits,
            classes,
            beyond_cliques,
        })
    }

    /// Whether the search should run the pass ([`Locked::beyond_cliques`]).
    pub(crate) fn pays_in_search(&self) -> bool {
        self.beyond_cliques
    }

    /// One pass over every house, digit and class. With `base` (the
    /// masks when a previous pass started, which left no work behind), only
    /// the digits some cell of the house lost since then: the others have
    /// the same places, so the same consequences, already drawn.
    pub(crate) fn propagate(&self, cand: &mut [u64], base: Option<&[u64]>) -> Narrowed {
        match self.words {
            1 => self.pass::<1>(cand, base),
            2 => self.pass::<2>(cand, base),
            3 | 4 => self.pass::<4>(cand, base),
            5..=8 => self.pass::<8>(cand, base),
            _ => self.pass::<MAX_WORDS>(cand, base),
        }
    }

    /// [`Locked::propagate`] with bitsets of `W` words (`W >= words`; the
    /// words past `words` stay zero).
    fn pass<const W: usize>(&self, cand: &mut [u64], base: Option<&[u64]>) -> Narrowed {
        let w = self.words;
        let mut changed = false;
        let mut places = [0usize; 64];
        // Per digit, its positions in the house at hand (cleared after
        // each house, digit by digit: a fresh array per house cost more
        // than the rest of most houses' work).
        let mut at_of = [0u64; 64];
        // With a base, the cells that lost a digit since: a house without
        // one has nothing new to say.
        let mut touched = [0u64; W];
        if let Some(b) = base {
            for (c, (&m, &was)) in cand.iter().zip(b).enumerate() {
                if m != was {
                    touched[c / 64] |= 1 << (c % 64);
                }
            }
        }
        for (h, cells) in self.houses.iter().enumerate() {
            if base.is_some() && (0..w.min(W)).all(|i| touched[i] & self.house_bits[h * w + i] == 0)
            {
                continue;
            }
            // The digits lost here since the base (all digits without one).
            let mut lost = u64::MAX;
            if let Some(b) = base {
                lost = 0;
                for (i, &word) in touched[..w.min(W)].iter().enumerate() {
                    let mut word = word & self.house_bits[h * w + i];
                    while word != 0 {
                        let c = i * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        lost |= b[c] & !cand[c];
                    }
                }
            }
            // Per lost digit its positions; placed digits are left to the
            // units and pair rules.
            let (mut fixed, mut seen) = (0u64, 0u64);
            for (i, &c) in cells.iter().enumerate() {
                let m = cand[c];
                if m.is_power_of_two() {
                    fixed |= m;
                }
                let mut m = m & lost;
                seen |= m;
                while m != 0 {
                    at_of[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
            for d in super::mask::digits(seen & fixed) {
                at_of[d as usize - 1] = 0;
            }
            let todo = seen & !fixed;
            if todo == 0 {
                continue;
            }
            let mut outside = [0u64; W];
            for (o, i) in outside.iter_mut().zip(&self.house_bits[h * w..(h + 1) * w]) {
                *o = !i;
            }
            for d in super::mask::digits(todo) {
                let b = 1u64 << (d - 1);
                // Positions as of now: the inside rule for an earlier digit
                // may have taken some.
                let mut at = 0u64;
                let mut k = 0;
                let mut rest = std::mem::take(&mut at_of[d as usize - 1]);
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if cand[cells[i]] & b != 0 {
                        places[k] = cells[i];
                        k += 1;
                        at |= 1 << i;
                    }
                }
                if k == 0 {
                    // The inside rule below, for an earlier digit, took
                    // this digit's last place in the house.
                    return Err(super::mask::Wipeout);
                }
                // Inside the house: a cell partnered with every other
                // place of `d` cannot hold a digit that forbids `d` beside
                // it, for `d` would have no place left.
                for class in &self.classes[1..] {
                    let inside = &class.inside[h];
                    if inside.is_empty() || k as u32 > class.inside_most[h] + 1 {
                        continue;
                    }
                    // Partnership is symmetric, so the cells partnered
                    // with every other place are the intersection over the
                    // places of (their partners and themselves); `at` is
                    // not empty, so no bit past the house survives.
                    let mut next_to_all = u64::MAX;
                    let mut rest = at;
                    while rest != 0 && next_to_all != 0 {
                        let j = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        next_to_all &= inside[j] | 1 << j;
                    }
                    let forbid = class.forbid[d as usize - 1] & !b;
                    while next_to_all != 0 {
                        let i = next_to_all.trailing_zeros() as usize;
                        next_to_all &= next_to_all - 1;
                        let c = cells[i];
                        let lose = cand[c] & forbid;
                        if lose != 0 {
                            changed |= restrict(cand, c, !lose)?;
                        }
                    }
                }
                for class in &self.classes {
                    if k as u32 > class.outside_most[h] {
                        continue;
                    }
                    let mut acc = outside;
                    let mut any = 1;
                    for &c in &places[..k] {
                        let p = &class.partners[c * w..c * w + w];
                        any = 0;
                        for i in 0..W.min(w) {
                            acc[i] &= p[i];
                            any |= acc[i];
                        }
                        if any == 0 {
                            break;
                        }
                    }
                    if any == 0 {
                        continue;
                    }
                    let forbid = class.forbid[d as usize - 1];
                    for (i, &word) in acc[..w].iter().enumerate() {
                        let mut word = word;
                        while word != 0 {
                            let x = i * 64 + word.trailing_zeros() as usize;
                            word &= word - 1;
                            if cand[x] & forbid != 0 {
                                changed |= restrict(cand, x, !forbid)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::model::Model;
    use crate::constraints::registry::compile;
    use crate::constraints::rule::Constraint;
    use crate::geometry::BoxShape;

    fn four() -> Geometry {
        Geometry::square(BoxShape::new(2, 2), &[]).unwrap()
    }

    /// Every filled 4×4 sudoku grid (288), by plain backtracking.
    fn all_grids() -> Vec<Vec<u16>> {
        fn fill(g: &mut Vec<u16>, i: usize, out: &mut Vec<Vec<u16>>) {
            if i == 16 {
                out.push(g.clone());
                return;
            }
            let (r, c) = (i / 4, i % 4);
            for d in 1..=4 {
                let clash = (0..16).any(|j| {
                    j < i
                        && g[j] == d
                        && (j / 4 == r || j % 4 == c || (j / 8 == r / 2 && (j % 4) / 2 == c / 2))
                });
                if !clash {
                    g[i] = d;
                    fill(g, i + 1, out);
                }
            }
            g[i] = 0;
        }
        let mut out = Vec::new();
        fill(&mut vec![0; 16], 0, &mut out);
        out
    }

    fn model(constraints: &[Constraint]) -> Model {
        let mut m = compile(4, constraints);
        m.share_units(&four());
        m
    }

    #[test]
    fn pointing_and_claiming_on_the_units() {
        let m = model(&[]);
        // Digit 1 in box 1 only in row 1 (r1c1, r1c2): r1c3 and r1c4 lose it.
        let mut cand = vec![0b1111u64; 16];
        cand[4] &= !1;
        cand[5] &= !1;
        assert_eq!(m.propagate_locked(&mut cand, None), Ok(true));
        assert_eq!(cand[2] & 1, 0);
        assert_eq!(cand[3] & 1, 0);
        assert_eq!(cand[8] & 1, 1);
    }

    /// A 6×6 model: non-consecutive 4×4 sudokus do not exist, so a 4×4
    /// position under that rule would always end in a contradiction.
    fn model6(constraints: &[Constraint]) -> Model {
        let mut m = compile(6, constraints);
        m.share_units(&Geometry::square(BoxShape::new(2, 3), &[]).unwrap());
        m
    }

    #[test]
    fn outside_bounds_count_the_partners_of_each_house() {
        // 9×9 with non-consecutive, anti-knight and an extra region: every
        // class's bound is the brute-force count, or unbounded past 3.
        let geo = Geometry::square(BoxShape::new(3, 3), &[]).unwrap();
        let region = Constraint::Region(vec![0, 10, 20, 30, 40, 50, 60, 70, 80]);
        let mut m = compile(
            9,
            &[Constraint::NonConsecutive, Constraint::AntiKnight, region],
        );
        m.share_units(&geo);
        let locked = Locked::new(&geo, &m.program()).unwrap();
        assert!(locked.classes.len() >= 2);
        let w = locked.words;
        for class in &locked.classes {
            for (h, cells) in locked.houses.iter().enumerate() {
                let most = (0..81)
                    .filter(|x| !cells.contains(x))
                    .map(|x| {
                        let bits = &class.partners[x * w..(x + 1) * w];
                        cells
                            .iter()
                            .filter(|&&y| bits[y / 64] >> (y % 64) & 1 == 1)
                            .count() as u32
                    })
                    .max()
                    .unwrap();
                let want = if most > 3 { u32::MAX } else { most };
                assert_eq!(class.outside_most[h], want, "house {h}");
            }
        }
        // Non-consecutive alone: a cell outside a row, column or box
        // touches at most one of its cells.
        let mut m = compile(9, &[Constraint::NonConsecutive]);
        m.share_units(&geo);
        let locked = Locked::new(&geo, &m.program()).unwrap();
        assert!(locked.classes[1].outside_most.iter().all(|&k| k == 1));
        // Rows and columns: three cells of a box see three of theirs.
        assert_eq!(locked.classes[0].outside_most[0], 3);
    }

    #[test]
    fn a_cell_next_to_every_place_loses_the_neighbours_of_the_digit() {
        // Non-consecutive and a region {r1c2, r2c1, r3c4, r4c6, r5c3, r6c5}
        // whose 2 can only be at r1c2 or r2c1: r1c1 and r2c2 touch both
        // places, so they lose 1 and 3 (non-consecutive) and 2 (they see
        // both places).
        let region = Constraint::Region(vec![1, 6, 15, 23, 26, 34]);
        let m = model6(&[Constraint::NonConsecutive, region]);
        let mut cand = vec![0b11_1111u64; 36];
        for c in [15, 23, 26, 34] {
            cand[c] &= !0b10;
        }
        m.propagate_locked(&mut cand, None).unwrap();
        assert_eq!(cand[0], 0b11_1000, "r1c1 keeps 4, 5 and 6");
        assert_eq!(cand[7], 0b11_1000, "r2c2 keeps 4, 5 and 6");
        // r1c3 sees both places (box 1) but touches r1c2 only: it loses
        // 2 and keeps 1 and 3.
        assert_eq!(cand[2], 0b11_1101);
    }

    #[test]
    fn a_house_cell_next_to_every_other_place_loses_the_neighbours() {
        // Non-consecutive, row 1: 2 can only be at r1c1, r1c2 or r1c3, and
        // r1c2 touches the other two places, so r1c2 is neither 1 nor 3
        // (either would leave the row without a 2).
        let mut cand = vec![0b11_1111u64; 36];
        for c in [3, 4, 5] {
            cand[c] &= !0b10;
        }
        let before = cand.clone();
        model6(&[Constraint::NonConsecutive])
            .propagate_locked(&mut cand, None)
            .unwrap();
        assert_eq!(cand[1], 0b11_1010, "r1c2 keeps 2, 4, 5 and 6");
        assert_eq!(cand[0], 0b11_1111, "r1c1 touches r1c2 only");
        // Without the rule r1c2 keeps everything.
        let mut cand = before;
        model6(&[]).propagate_locked(&mut cand, None).unwrap();
        assert_eq!(cand[1], 0b11_1111);
    }

    #[test]
    fn pair_rules_inside_a_unit_also_forbid_equal_digits() {
        // Non-consecutive: r1c1 is 2 or 3, so r1c2 (same row) can be
        // neither 2 nor 3 (each equal or consecutive to both); 1 and 4 stay
        // (1 beside a 3, 4 beside a 2).
        let m = model(&[Constraint::NonConsecutive]);
        let mut cand = vec![0b1111u64; 16];
        cand[0] = 0b0110;
        m.propagate(&mut cand).unwrap();
        assert_eq!(cand[1], 0b1001);
        // Without the units (the human-style steps' model) 2 and 3 stay.
        let alone = compile(4, &[Constraint::NonConsecutive]);
        let mut cand = vec![0b1111u64; 16];
        cand[0] = 0b0110;
        alone.propagate(&mut cand).unwrap();
        assert_eq!(cand[1], 0b1111);
    }

    /// Random masks holding at least one solution's digits, random rules:
    /// no digit of a grid that fits the masks and obeys the rules may go.
    #[test]
    fn never_removes_a_digit_of_a_solution() {
        let grids = all_grids();
        assert_eq!(grids.len(), 288);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut removed = 0;
        for case in 0..1500 {
            let mut rules = Vec::new();
            let r = next();
            if r & 1 != 0 {
                rules.push(Constraint::AntiKnight);
            }
            if r & 2 != 0 {
                rules.push(Constraint::AntiKing);
            }
            if r & 4 != 0 {
                rules.push(Constraint::NonConsecutive);
            }
            if r & 8 != 0 {
                let mut cells: Vec<usize> = Vec::new();
                while cells.len() < 4 {
                    let c = (next() % 16) as usize;
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
                rules.push(Constraint::Region(cells));
            }
            if r & 16 != 0 {
                rules.push(Constraint::KropkiWhite(0, 1));
                rules.push(Constraint::KropkiAll);
            }
            if r & 32 != 0 {
                rules.push(Constraint::Thermo(vec![4, 5, 9]));
            }
            let m = model(&rules);
            // Any masks at all, solvable or not: a verdict, never a panic.
            let mut any: Vec<u64> = (0..16).map(|_| next() & 0b1111).collect();
            let _ = m.propagate_locked(&mut any, None);
            let fits: Vec<&Vec<u16>> = grids
                .iter()
                .filter(|g| crate::constraints::registry::satisfied(&m, g))
                .collect();
            if fits.is_empty() {
                continue;
            }
            let keep = fits[(next() % fits.len() as u64) as usize];
            let mut cand: Vec<u64> = (0..16)
                .map(|c| (next() & 0b1111) | 1 << (keep[c] - 1))
                .collect();
            let before = cand.clone();
            let mut truth = [0u64; 16];
            for g in fits
                .iter()
                .filter(|g| (0..16).all(|c| cand[c] >> (g[c] - 1) & 1 == 1))
            {
                for c in 0..16 {
                    truth[c] |= 1 << (g[c] - 1);
                }
            }
            assert!(m.propagate_locked(&mut cand, None).is_ok(), "case {case}");
            for c in 0..16 {
                assert_eq!(truth[c] & !cand[c], 0, "case {case} cell {c} {rules:?}");
                removed += (before[c] & !cand[c]).count_ones();
            }
        }
        assert!(
            removed > 100,
            "only {removed} eliminations: the test tests nothing"
        );
    }
}
