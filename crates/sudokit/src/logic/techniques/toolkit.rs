//! The toolkit the technique finders share: per-digit walks, the unit
//! order boxes-first, subsets and combinations, the sentences' common
//! parts (eliminations, eurekas, lists of cells and digits), and the
//! switch that lets tests run the plain copies of searches compiled twice.

use std::cell::RefCell;
use std::sync::Arc;

use super::super::candidates::{bits, Candidates, Ctx};
use crate::logic::{Cand, Step};

/// Techniques that look at one digit at a time, for [`per_digit`].
#[derive(Clone, Copy)]
pub(crate) enum DigitSlot {
    Basic(usize),
    Finned(usize),
    Skyscraper,
    Kite,
    EmptyRectangle,
    Colouring,
    XChain,
    /// Franken fish of a size, finned or not.
    Franken(usize, bool),
    TurbotFish,
}

impl DigitSlot {
    const COUNT: usize = 18;
    fn index(self) -> Option<usize> {
        Some(match self {
            DigitSlot::Basic(k @ 2..=4) => k - 2,
            DigitSlot::Finned(k @ 2..=4) => 3 + k - 2,
            DigitSlot::Basic(_) | DigitSlot::Finned(_) => return None,
            DigitSlot::Skyscraper => 6,
            DigitSlot::Kite => 7,
            DigitSlot::EmptyRectangle => 8,
            DigitSlot::Colouring => 9,
            DigitSlot::XChain => 10,
            DigitSlot::Franken(k @ 2..=3, finned) => 11 + k - 2 + 2 * finned as usize,
            DigitSlot::Franken(4, finned) => 16 + finned as usize,
            DigitSlot::Franken(..) => return None,
            DigitSlot::TurbotFish => 15,
        })
    }
}

/// For each digit of the last board seen on this thread and each
/// single-digit technique: the digit's candidate cells when that technique
/// last found nothing for it.
pub(super) struct DigitMemo {
    ctx: Arc<Ctx>,
    /// `[slot * n + digit - 1]`.
    failed: Vec<Option<u128>>,
}

thread_local! {
    pub(super) static DIGIT_MEMO: RefCell<Option<DigitMemo>> = const { RefCell::new(None) };
}

/// Runs `find_digit` for digits 1..=n in order and returns the first step,
/// skipping digits for which this technique found nothing before with
/// exactly the same candidate cells.
///
/// Why this is exact: the techniques of [`DigitSlot`] look only at one
/// digit's candidates (and the fixed board), so the same cells give the
/// same answer. Why it pays: hard puzzles take hundreds of steps, each
/// touching few digits, and every step reruns the whole technique ladder;
/// most digits are unchanged since the previous run. Boards of more than 128
/// cells are not memoised.
pub(crate) fn per_digit(
    c: &Candidates,
    slot: DigitSlot,
    mut find_digit: impl FnMut(u16) -> Option<Step>,
) -> Option<Step> {
    per_digit_since(c, slot, |d, _| find_digit(d))
}

/// [`per_digit`], also telling `find_digit` which of the digit's cells it
/// lost since this technique last found nothing for it (all bits set when
/// there is no such failure, or when the digit gained cells since).
///
/// A fish search may use this: a fish whose base sets lost no cell has the
/// same base cells, fins and covers on the earlier board, and there at
/// least the same eliminations (the cover sets only held more), so that
/// search would have found it. Only base choices touching a lost cell can
/// hold a new fish.
pub(crate) fn per_digit_since(
    c: &Candidates,
    slot: DigitSlot,
    mut find_digit: impl FnMut(u16, u128) -> Option<Step>,
) -> Option<Step> {
    let n = c.ctx.n;
    let Some(slot) = slot.index().filter(|_| c.cell_count() <= 128) else {
        return (1..=n as u16)
            .take_while(|_| !c.out_of_time())
            .find_map(|d| find_digit(d, !0));
    };
    let mut cells_of = [0u128; 64];
    for x in 0..c.cell_count() {
        for d in bits(c.mask(x)) {
            cells_of[d] |= 1 << x;
        }
    }
    let base = slot * n;
    DIGIT_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if !m.as_ref().is_some_and(|m| Arc::ptr_eq(&m.ctx, &c.ctx)) {
            *m = Some(DigitMemo {
                ctx: c.ctx.clone(),
                failed: vec![None; DigitSlot::COUNT * n],
            });
        }
    });
    for d in 1..=n as u16 {
        let key = cells_of[d as usize - 1];
        let before = DIGIT_MEMO.with(|m| {
            m.borrow()
                .as_ref()
                .and_then(|m| m.failed[base + d as usize - 1])
        });
        let gone = match before {
            Some(b) if b == key => continue,
            Some(b) if key & !b == 0 => b & !key,
            _ => !0,
        };
        if let Some(s) = find_digit(d, gone) {
            return Some(s);
        }
        if c.out_of_time() {
            return None;
        }
        DIGIT_MEMO.with(|m| {
            if let Some(m) = m.borrow_mut().as_mut() {
                if Arc::ptr_eq(&m.ctx, &c.ctx) {
                    m.failed[base + d as usize - 1] = Some(key);
                }
            }
        });
    }
    None
}

/// Unit indices in the order HoDoKu searches subsets: boxes (and jigsaw
/// regions) first, then rows, columns and any other units, each in index
/// order. Which instance is found first changes the path, hence the score.
pub(crate) fn box_first_units(c: &Candidates) -> Vec<usize> {
    let units = c.geometry().units();
    let boxy = |u: usize| {
        matches!(
            units[u].kind,
            crate::geometry::UnitKind::Box | crate::geometry::UnitKind::Region
        )
    };
    (0..units.len())
        .filter(|&u| boxy(u))
        .chain((0..units.len()).filter(|&u| !boxy(u)))
        .collect()
}

/// `7 from r1c2 and r1c3; 4 from r5c5`: eliminations for explanations.
pub(crate) fn elim_text(c: &Candidates, elims: &[Cand]) -> String {
    let mut by_digit: Vec<(u16, Vec<u32>)> = Vec::new();
    let mut sorted = elims.to_vec();
    sorted.sort_by_key(|e| (e.digit, e.cell));
    for e in sorted {
        match by_digit.last_mut() {
            Some((d, cells)) if *d == e.digit => cells.push(e.cell),
            _ => by_digit.push((e.digit, vec![e.cell])),
        }
    }
    // Digits removed from the same cells are said once: "1, 2 and 7 from
    // r1c2", not "1 from r1c2; 2 from r1c2; 7 from r1c2".
    let mut groups: Vec<(Vec<u16>, Vec<u32>)> = Vec::new();
    for (d, cells) in by_digit {
        match groups.iter_mut().find(|(_, cs)| *cs == cells) {
            Some((ds, _)) => ds.push(d),
            None => groups.push((vec![d], cells)),
        }
    }
    groups
        .iter()
        .map(|(ds, cells)| {
            let digits: Vec<String> = ds.iter().map(u16::to_string).collect();
            format!("{} from {}", and_list(&digits), list_and(c, cells))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `1, 2 and 7`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A chain of link states in Eureka notation, `(5)r1c1 - (5)r1c4 = (5)r2c6`:
/// state `2v + 1` is node `v` on (entered by a strong link, written `=`),
/// `2v` off (a weak link, `-`). `name` writes a node.
pub(crate) fn eureka(states: &[u32], name: impl Fn(u32) -> String) -> String {
    let mut s = name(states[0] / 2);
    for &st in &states[1..] {
        s.push_str(if st % 2 == 1 { " = " } else { " - " });
        s.push_str(&name(st / 2));
    }
    s
}

/// `r1c2, r1c3 and r4c4`.
pub(crate) fn list_and(c: &Candidates, cells: &[u32]) -> String {
    let names: Vec<String> = cells.iter().map(|&x| c.cn(x as usize)).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        k => format!("{} and {}", names[..k - 1].join(", "), names[k - 1]),
    }
}

/// Digits of a mask as `3/7`.
pub(crate) fn digits_text(m: u64) -> String {
    bits(m)
        .map(|d| (d + 1).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Candidates of `digit` in cells (other than `except`) that see every cell
/// of `targets`.
pub(crate) fn seeing_all(c: &Candidates, digit: u16, targets: &[u32], except: &[u32]) -> Vec<Cand> {
    let ctx = &c.ctx;
    let Some(&first) = targets.first() else {
        return Vec::new();
    };
    ctx.peers[first as usize]
        .iter()
        .copied()
        .filter(|&p| {
            c.has(p as usize, digit)
                && !except.contains(&p)
                && !targets.contains(&p)
                && targets.iter().all(|&t| ctx.sees(p as usize, t as usize))
        })
        .map(|p| Cand::new(p as usize, digit))
        .collect()
}

/// All k-subsets of `items`, in lexicographic order, until `f` returns true
/// (then true) or `c`'s limits expire (then false: nothing found). On big
/// boards the subsets number in the billions, so the deadline is read here
/// rather than between techniques; every 256 subsets keeps the clock's cost
/// out of sight.
pub(crate) fn combinations(
    c: &Candidates,
    items: &[u32],
    k: usize,
    mut f: impl FnMut(&[u32]) -> bool,
) -> bool {
    struct Walk<'a> {
        c: &'a Candidates,
        items: &'a [u32],
        /// The subset being built: `cur[..len]` (`cur` holds `k` items).
        cur: &'a mut [u32],
        len: usize,
        visited: u32,
        stopped: bool,
    }
    fn rec(w: &mut Walk, start: usize, f: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        let k = w.cur.len();
        if w.len == k {
            w.visited = w.visited.wrapping_add(1);
            if w.visited % 256 == 0 && w.c.out_of_time() {
                w.stopped = true;
                return true;
            }
            return f(w.cur);
        }
        for i in start..w.items.len() {
            if w.items.len() - i < k - w.len {
                break;
            }
            w.cur[w.len] = w.items[i];
            w.len += 1;
            if rec(w, i + 1, f) {
                return true;
            }
            w.len -= 1;
        }
        false
    }
    if c.out_of_time() || k > items.len() {
        return false;
    }
    // On the stack: callers run this in inner loops (Sue de Coq for each
    // line side, the ALS table for each unit).
    let (mut small, mut large) = ([0u32; 64], Vec::new());
    let cur = if k <= small.len() {
        &mut small[..k]
    } else {
        large.resize(k, 0);
        &mut large[..]
    };
    let mut w = Walk {
        c,
        items,
        cur,
        len: 0,
        visited: 0,
        stopped: false,
    };
    rec(&mut w, 0, &mut f) && !w.stopped
}

/// The k-subsets of `items` whose masks (`mask_of`) together with `base`
/// have at most `limit` bits, in the order of [`combinations`], each with
/// that union, until `f` returns true (then true) or `c`'s limits expire
/// (then false). Unions only grow as items are added, so a start already
/// over the limit is left with every subset it begins: the subset searches
/// that use this want few digits (naked and locked subsets, Sue de Coq's
/// sides) or few places (hidden subsets), and most starts have too many.
pub(crate) fn subsets_within(
    c: &Candidates,
    items: &[u32],
    k: usize,
    (base, limit): (u64, usize),
    mask_of: impl Fn(u32) -> u64,
    mut f: impl FnMut(&[u32], u64) -> bool,
) -> bool {
    struct Walk<'a, M> {
        c: &'a Candidates,
        items: &'a [u32],
        mask_of: M,
        k: usize,
        limit: u32,
        cur: [u32; 64],
        len: usize,
        visited: u32,
        stopped: bool,
    }
    fn rec<M: Fn(u32) -> u64>(
        w: &mut Walk<M>,
        start: usize,
        union: u64,
        f: &mut dyn FnMut(&[u32], u64) -> bool,
    ) -> bool {
        for i in start..w.items.len() {
            if w.items.len() - i < w.k - w.len {
                break;
            }
            let u = union | (w.mask_of)(w.items[i]);
            if u.count_ones() > w.limit {
                continue;
            }
            w.cur[w.len] = w.items[i];
            w.len += 1;
            let stop = if w.len == w.k {
                w.visited = w.visited.wrapping_add(1);
                if w.visited % 256 == 0 && w.c.out_of_time() {
                    w.stopped = true;
                    return true;
                }
                f(&w.cur[..w.k], u)
            } else {
                rec(w, i + 1, u, f)
            };
            if stop {
                return true;
            }
            w.len -= 1;
        }
        false
    }
    if c.out_of_time() || k > items.len() || k > 64 || base.count_ones() as usize > limit {
        return false;
    }
    let mut w = Walk {
        c,
        items,
        mask_of,
        k,
        limit: limit.min(64) as u32,
        cur: [0; 64],
        len: 0,
        visited: 0,
        stopped: false,
    };
    rec(&mut w, 0, base, &mut f) && !w.stopped
}

#[cfg(test)]
mod subsets_tests {
    use super::super::test_util::cands;
    use super::*;

    /// The subsets met are those of [`combinations`] within the limit, in
    /// the same order, with their unions.
    #[test]
    fn subsets_within_keeps_the_order_of_combinations() {
        let c = cands(&".".repeat(81), &[]);
        // Masks of 1 to 4 bits out of 9, by a small fixed generator.
        let masks: Vec<u64> = (0..12u64)
            .map(|i| {
                let m = (i * 0x9e37 + 0x51) % 511 + 1;
                [m & 0x1f, m & 0x3, m & 0x1f0, m][i as usize % 4].max(1 << (i % 9))
            })
            .collect();
        let items: Vec<u32> = (0..masks.len() as u32).collect();
        let mask_of = |i: u32| masks[i as usize];
        let (mut met, mut left) = (0, 0);
        for k in 1..=5 {
            for base in [0u64, 1, 0b1_0010_0000] {
                for limit in 0..=9 {
                    let mut want = Vec::new();
                    combinations(&c, &items, k, |s| {
                        let u = s.iter().fold(base, |m, &i| m | mask_of(i));
                        if u.count_ones() as usize <= limit {
                            want.push((s.to_vec(), u));
                        }
                        false
                    });
                    let mut got = Vec::new();
                    subsets_within(&c, &items, k, (base, limit), mask_of, |s, u| {
                        got.push((s.to_vec(), u));
                        false
                    });
                    assert_eq!(got, want, "k {k}, base {base:b}, limit {limit}");
                    met += got.len();
                    left += combinations_count(items.len(), k) - got.len();
                }
            }
        }
        assert!(met > 1000 && left > 1000, "{met} met, {left} left");
    }

    fn combinations_count(n: usize, k: usize) -> usize {
        (0..k).fold(1, |a, i| a * (n - i) / (i + 1))
    }
}

#[cfg(test)]
thread_local! {
    /// Set by tests to run the plain copies of the searches compiled twice
    /// (plain and with `popcnt`: the fish base walk, Franken fish's cover
    /// search).
    pub(crate) static PLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a test asked for the plain copies (see `PLAIN`).
#[cfg(target_arch = "x86_64")]
pub(crate) fn plain_in_tests() -> bool {
    #[cfg(test)]
    return PLAIN.with(|p| p.get());
    #[cfg(not(test))]
    false
}

#[cfg(test)]
mod tests {
    use super::super::{fish, franken_fish, test_util::boards_both_ways};
    use super::*;

    /// The fish searches that skip base choices untouched since their last
    /// failure (`per_digit_since`) answer on every board as fresh runs.
    /// Boards follow solving paths; after each comes a copy with a few
    /// more candidates removed (digits losing cells away from the path's
    /// own steps) and then the path board again (digits gaining cells).
    #[test]
    fn fish_told_what_was_lost_equal_fresh() {
        type Finder = fn(&Candidates) -> Option<Step>;
        let finders: [(&str, Finder); 7] = [
            ("finned 2", |c| fish::find_finned(c, 2)),
            ("finned 3", |c| fish::find_finned(c, 3)),
            ("finned 4", |c| fish::find_finned(c, 4)),
            ("franken 2", |c| franken_fish::find(c, 2, false)),
            ("franken 3", |c| franken_fish::find(c, 3, false)),
            ("finned franken 2", |c| franken_fish::find(c, 2, true)),
            ("finned franken 3", |c| franken_fish::find(c, 3, true)),
        ];
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
            "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
        ];
        let mut found = [0usize; 7];
        // (The digit memo starts afresh on each puzzle: it keys on the board's
        // context.)
        for (i, b) in boards_both_ways(&puzzles, 80, 4).iter().enumerate() {
            for (j, (name, f)) in finders.iter().enumerate() {
                let remembered = f(b);
                let saved = DIGIT_MEMO.with(|m| m.borrow_mut().take());
                let fresh = f(b);
                DIGIT_MEMO.with(|m| *m.borrow_mut() = saved);
                assert_eq!(remembered, fresh, "{name}, board {i}");
                found[j] += usize::from(fresh.is_some());
            }
        }
        // A finder that finds nothing on these boards compares nothing.
        assert!(found.iter().all(|&k| k > 0), "{found:?}");
    }
}
