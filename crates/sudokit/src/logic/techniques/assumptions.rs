//! Assumptions followed by singles, remembered per board.
//!
//! Forcing chains (`forcing.rs`) and forcing net contradictions (`trial.rs`)
//! both ask "what follows from `x = d` by singles alone?". On one board the
//! answer is fixed, yet cell forcing, unit forcing (each candidate lies in
//! several units) and then the net search ask it again and again: the
//! last board's answers are kept, so each is worked out once. Boards of
//! more than 128 cells are not remembered (one board each answer would
//! hold too much memory: 64×64 has 262,144 candidates).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::propagation::{Masks, Singles};
use super::{propagate_singles, Candidates, Ctx};

/// What follows from one assumption by singles.
// Always behind an `Rc`, and one board's outcomes are all of one kind: the
// size difference costs nothing a box would save.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Outcome {
    /// On a board with a settled state: the state the assumption leads to,
    /// each digit's candidate and placed cells as sets.
    Sets(Singles),
    /// On other boards: the board itself.
    Board(Candidates),
}

/// One board's answers: `out[cell * n + d - 1]`, `Some(None)` for a
/// contradiction.
struct Memo {
    ctx: Arc<Ctx>,
    values: Vec<u16>,
    masks: Vec<u64>,
    out: Vec<Option<Option<Rc<Outcome>>>>,
    /// The board's singles state with nothing left to look at, and its
    /// cells' candidates, when it has no single: each assumption then looks
    /// only at what it changes.
    settled: Option<(Singles, Masks)>,
}

thread_local! {
    static LAST: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// Drops this thread's memos (see [`super::forget_memos`]).
pub(super) fn forget_memos() {
    drop(LAST.with(std::cell::RefCell::take));
}

/// The answers for one board, borrowed from the thread's memo while a
/// finder runs and handed back when dropped (`None`: not remembered).
pub(crate) struct Assumptions {
    memo: Option<Memo>,
}

const MAX_CELLS: usize = 128;

impl Assumptions {
    /// The memo for `c`: the last one if it was made for exactly this board
    /// (context, values and candidates), else an empty one.
    pub fn of(c: &Candidates) -> Assumptions {
        if c.cell_count() > MAX_CELLS {
            return Assumptions { memo: None };
        }
        let last = LAST.with(|m| m.borrow_mut().take());
        let same = last.as_ref().is_some_and(|m| {
            Arc::ptr_eq(&m.ctx, &c.ctx) && m.values == c.values() && m.masks == c.masks()
        });
        let memo = if same {
            last
        } else {
            Some(Memo {
                ctx: c.ctx.clone(),
                values: c.values().to_vec(),
                masks: c.masks().to_vec(),
                out: vec![None; c.cell_count() * c.ctx.n],
                settled: Singles::settled(c).map(|s| (s, Masks::of(c))),
            })
        };
        Assumptions { memo }
    }

    /// The board's settled state (see [`Singles::settled`]), when it has
    /// one: then every [`Outcome`] of this board is [`Outcome::Sets`].
    pub fn settled(&self) -> Option<&Singles> {
        self.memo.as_ref()?.settled.as_ref().map(|(s, _)| s)
    }

    /// The outcome of `x = d` and every single that follows, or `None` when
    /// they reach a contradiction. `c` must be the board given to [`of`].
    ///
    /// [`of`]: Assumptions::of
    pub fn get(&mut self, c: &Candidates, x: usize, d: u16) -> Option<Rc<Outcome>> {
        let fresh = |settled: Option<&(Singles, Masks)>| {
            match settled {
                Some((s, m)) => {
                    // The sets say all the board would: only they are kept.
                    let (mut s, mut m) = (s.clone(), m.clone());
                    s.assume(&c.ctx, &mut m, x, d)
                        .then(|| Rc::new(Outcome::Sets(s)))
                }
                None => {
                    let mut t = c.clone();
                    t.place(x, d);
                    propagate_singles(&mut t).then(|| Rc::new(Outcome::Board(t)))
                }
            }
        };
        match self.memo.as_mut() {
            Some(memo) => {
                let settled = memo.settled.as_ref();
                memo.out[x * c.ctx.n + d as usize - 1]
                    .get_or_insert_with(|| fresh(settled))
                    .clone()
            }
            None => fresh(None),
        }
    }
}

impl Drop for Assumptions {
    fn drop(&mut self) {
        if let Some(memo) = self.memo.take() {
            LAST.with(|m| *m.borrow_mut() = Some(memo));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::cands;
    use super::*;

    /// Remembered answers equal fresh ones, on the board they were made
    /// for and after the board changes.
    #[test]
    fn same_as_propagating_afresh() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut c = cands(line, &[]);
        for round in 0..2 {
            let mut a = Assumptions::of(&c);
            for x in 0..81 {
                for d in crate::logic::candidates::bits(c.mask(x)) {
                    let d = d as u16 + 1;
                    let mut t = c.clone();
                    t.place(x, d);
                    let fresh = propagate_singles(&mut t).then_some(t);
                    let got = a.get(&c, x, d);
                    assert_eq!(
                        got.is_some(),
                        fresh.is_some(),
                        "round {round}, cell {x}, digit {d}"
                    );
                    if let (Some(g), Some(f)) = (got, fresh) {
                        match &*g {
                            Outcome::Sets(s) => assert!(s.describes(&f)),
                            Outcome::Board(t) => {
                                assert_eq!(t.values(), f.values());
                                assert_eq!(t.masks(), f.masks());
                            }
                        }
                    }
                }
            }
            drop(a);
            // A different board: the memo must not answer for the old one.
            c.eliminate(2, c.digits(2)[0]);
        }
    }
}
