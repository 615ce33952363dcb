//! Failed-and-unchanged memos for searches that work one region at a time.
//!
//! Every step reruns the whole ladder, and a hard puzzle takes hundreds of
//! steps that each change a few cells. A region search (subsets in a unit,
//! locked subsets or Sue de Coq in an overlap of two units) that found
//! nothing in a region finds nothing there again as long as every cell it
//! reads is as it was: the search is a function of those cells. Each
//! search reads only the cells of a few whole units (see [`Search`]), so
//! the memo keeps, per unit, when one of its cells last changed (a stamp
//! that rises with each board that differs from the one before), and per
//! search and region the stamp when it last failed there. A region is
//! skipped while none of its units changed since.
//!
//! One table per thread, for the last board context seen (a new puzzle
//! starts afresh).

use std::cell::RefCell;
use std::sync::Arc;

use super::{Candidates, Ctx, Step};

/// The searches remembered here, each with its own table, and the units
/// whose cells each one reads in a region.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Search {
    /// Naked subsets of size 2 to 4, by unit: the unit and, for
    /// eliminations, every unit sharing two or more cells with it.
    Naked(usize),
    /// Hidden subsets of size 2 to 4, by unit: the unit alone.
    Hidden(usize),
    /// Locked pairs and triples, by overlap of two units: both units.
    Locked(usize),
    /// Sue de Coq, by overlap of a line and a box: both units.
    SueDeCoq,
}

impl Search {
    const COUNT: usize = 9;

    fn index(self) -> Option<usize> {
        Some(match self {
            Search::Naked(k @ 2..=4) => k - 2,
            Search::Hidden(k @ 2..=4) => 3 + k - 2,
            Search::Locked(k @ 2..=3) => 6 + k - 2,
            Search::SueDeCoq => 8,
            _ => return None,
        })
    }
}

struct Memo {
    ctx: Arc<Ctx>,
    /// `[search][region]`: the stamp when the search last failed there (0:
    /// never).
    failed: Vec<Vec<u64>>,
    /// The masks and values of the board seen last.
    masks: Vec<u64>,
    values: Vec<u16>,
    /// The stamp of that board.
    stamp: u64,
    /// For each unit, the stamp of the last board on which one of its
    /// cells changed (0: none since the memo began).
    changed: Vec<u64>,
    /// For each unit, itself and every unit sharing two or more cells with
    /// it (where a subset of the unit can eliminate).
    around: Vec<Vec<u32>>,
}

impl Memo {
    /// Takes in the board `c`: a new stamp, and the units of the cells that
    /// changed marked with it, when it differs from the last one.
    fn see(&mut self, c: &Candidates) {
        let (masks, values) = (c.masks(), c.values());
        if self.masks == masks && self.values == values {
            return;
        }
        self.stamp += 1;
        let geo = c.geometry();
        for x in 0..masks.len() {
            if self.masks[x] != masks[x] || self.values[x] != values[x] {
                self.masks[x] = masks[x];
                self.values[x] = values[x];
                for &u in geo.units_of(x) {
                    self.changed[u as usize] = self.stamp;
                }
            }
        }
    }

    /// The last stamp at which a unit read by `search` in `region` changed.
    fn last_change(&self, search: Search, region: usize) -> u64 {
        let changed = &self.changed;
        match search {
            Search::Naked(_) => self.around[region]
                .iter()
                .map(|&u| changed[u as usize])
                .max()
                .unwrap_or(0),
            Search::Hidden(_) => changed[region],
            Search::Locked(_) | Search::SueDeCoq => {
                let (a, b, _) = &self.ctx.overlaps[region];
                changed[*a as usize].max(changed[*b as usize])
            }
        }
    }
}

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// Drops this thread's memos (see [`super::forget_memos`]).
pub(super) fn forget_memos() {
    drop(MEMO.with(std::cell::RefCell::take));
}

/// Each unit with the units sharing two or more cells with it.
fn around(ctx: &Ctx) -> Vec<Vec<u32>> {
    let units = ctx.geo.units();
    let cells = ctx.geo.cell_count();
    let mut mark = vec![usize::MAX; cells];
    let mut out = Vec::with_capacity(units.len());
    for (u, unit) in units.iter().enumerate() {
        for &x in &unit.cells {
            mark[x as usize] = u;
        }
        let mut list = vec![u as u32];
        for (v, other) in units.iter().enumerate() {
            let shared = other
                .cells
                .iter()
                .filter(|&&x| mark[x as usize] == u)
                .count();
            if v != u && shared >= 2 {
                list.push(v as u32);
            }
        }
        out.push(list);
    }
    out
}

/// Runs `find_region` over `order` (region indices below `count`) and
/// returns the first step, skipping regions where this search last found
/// nothing and whose units have not changed since.
pub(crate) fn per_region(
    c: &Candidates,
    search: Search,
    count: usize,
    order: impl IntoIterator<Item = usize>,
    mut find_region: impl FnMut(usize) -> Option<Step>,
) -> Option<Step> {
    let Some(slot) = search.index() else {
        return order
            .into_iter()
            .take_while(|_| !c.out_of_time())
            .find_map(find_region);
    };
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if !m.as_ref().is_some_and(|m| Arc::ptr_eq(&m.ctx, &c.ctx)) {
            // A new board: forget the failures, keep `around` when the
            // geometry is the same.
            let around = match m.take() {
                Some(old) if old.ctx.same_tables(&c.ctx) => old.around,
                _ => around(&c.ctx),
            };
            *m = Some(Memo {
                ctx: c.ctx.clone(),
                failed: vec![Vec::new(); Search::COUNT],
                masks: c.masks().to_vec(),
                values: c.values().to_vec(),
                stamp: 1,
                changed: vec![0; c.geometry().units().len()],
                around,
            });
        }
        let m = m.as_mut().expect("set above");
        m.see(c);
        if m.failed[slot].len() != count {
            m.failed[slot] = vec![0; count];
        }
    });
    for r in order {
        let known = MEMO.with(|m| {
            m.borrow().as_ref().is_some_and(|m| {
                let failed = m.failed[slot][r];
                failed != 0 && m.last_change(search, r) <= failed
            })
        });
        if known {
            continue;
        }
        if let Some(s) = find_region(r) {
            return Some(s);
        }
        // A search cut short by the limits found nothing but proved nothing.
        if c.out_of_time() {
            return None;
        }
        MEMO.with(|m| {
            if let Some(m) = m.borrow_mut().as_mut() {
                if Arc::ptr_eq(&m.ctx, &c.ctx) {
                    m.failed[slot][r] = m.stamp;
                }
            }
        });
    }
    None
}

/// Forgets everything (tests compare remembered and fresh answers).
#[cfg(test)]
pub(crate) fn clear() {
    MEMO.with(|m| *m.borrow_mut() = None);
}

#[cfg(test)]
mod tests {
    use super::super::{
        hidden_subsets, locked_subsets, naked_subsets, sue_de_coq, test_util::boards_both_ways,
    };
    use super::*;
    use crate::logic::Candidates;

    const PUZZLES: [&str; 4] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    ];

    /// Each remembered search answers on every board exactly as a fresh run.
    #[test]
    fn remembered_equals_fresh() {
        type Finder = fn(&Candidates) -> Option<Step>;
        let finders: [(&str, Finder); 9] = [
            ("naked 2", |c| naked_subsets::find(c, 2)),
            ("naked 3", |c| naked_subsets::find(c, 3)),
            ("naked 4", |c| naked_subsets::find(c, 4)),
            ("hidden 2", |c| hidden_subsets::find(c, 2)),
            ("hidden 3", |c| hidden_subsets::find(c, 3)),
            ("hidden 4", |c| hidden_subsets::find(c, 4)),
            ("locked 2", |c| locked_subsets::find(c, 2)),
            ("locked 3", |c| locked_subsets::find(c, 3)),
            ("sue de coq", sue_de_coq::find),
        ];
        let boards = boards_both_ways(&PUZZLES, 60, 3);
        assert!(boards.len() > 300, "{} boards", boards.len());
        let mut found = [0usize; 9];
        for (j, (name, f)) in finders.into_iter().enumerate() {
            clear();
            for (i, c) in boards.iter().enumerate() {
                let remembered = f(c);
                let saved = MEMO.with(|m| m.borrow_mut().take());
                let fresh = f(c);
                MEMO.with(|m| *m.borrow_mut() = saved);
                assert_eq!(remembered, fresh, "{name}, board {i}");
                found[j] += usize::from(fresh.is_some());
            }
        }
        // The boards exercise every search (a test that finds nothing
        // compares nothing).
        assert!(found.iter().all(|&k| k > 0), "{found:?}");
    }
}
