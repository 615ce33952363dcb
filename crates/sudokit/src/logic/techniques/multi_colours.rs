//! Multi-colouring: simple colouring with two clusters of one digit (each
//! cluster: cells joined by conjugate pairs, coloured alternately, one
//! colour true, the other false).
//!
//! - Type 1 (HoDoKu's numbering): a colour `a` of one cluster sees a colour
//!   `b` of another, so they are not both true: the opposite of `a` or the
//!   opposite of `b` is. A cell seeing both opposites loses the digit.
//! - Type 2: a colour of one cluster sees both colours of another. One of
//!   those two is true, so that colour would see a true cell: it is false.
//!
//! HoDoKu scores both 200 (Hard) and tries them after simple colours.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::{list_and, Cand, Candidates, Step, Technique};
use crate::logic::candidates::Ctx;

/// A digit's clusters, with the digit's candidate cells they were made for.
type Kept = (u128, Rc<Vec<[Vec<u32>; 2]>>);

/// Per digit, its kept clusters, for one board context.
type KeptMemo = (Arc<Ctx>, Vec<Option<Kept>>);

thread_local! {
    /// Per digit, its last clusters, for one board context. Both types run
    /// on each board, and a step changes where a few digits can go.
    static LAST_CLUSTERS: RefCell<Option<KeptMemo>> = const { RefCell::new(None) };
}

/// Drops this thread's memos (see [`super::forget_memos`]).
pub(super) fn forget_memos() {
    drop(LAST_CLUSTERS.with(std::cell::RefCell::take));
}

/// [`clusters`] of digit `d`, reused while the digit's cells are as they
/// were (they read nothing else). Boards over 128 cells make them afresh.
fn kept_clusters(c: &Candidates, d: u16) -> Rc<Vec<[Vec<u32>; 2]>> {
    let cells = c.cell_count();
    if cells > 128 {
        return Rc::new(clusters(c, d));
    }
    let n = c.ctx.n;
    let key = (0..cells).fold(0u128, |k, x| k | (c.has(x, d) as u128) << x);
    LAST_CLUSTERS.with(|m| {
        let mut m = m.borrow_mut();
        if !m
            .as_ref()
            .is_some_and(|(ctx, kept)| Arc::ptr_eq(ctx, &c.ctx) && kept.len() == n)
        {
            *m = Some((c.ctx.clone(), vec![None; n]));
        }
        let slot = &mut m.as_mut().expect("set above").1[d as usize - 1];
        match slot {
            Some((k, cl)) if *k == key => cl.clone(),
            _ => {
                let cl = Rc::new(clusters(c, d));
                *slot = Some((key, cl.clone()));
                cl
            }
        }
    })
}

/// Each cluster of digit `d`: its two colours.
fn clusters(c: &Candidates, d: u16) -> Vec<[Vec<u32>; 2]> {
    let cells = c.cell_count();
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for u in 0..c.geometry().units().len() {
        let p = c.places(u, d);
        if p.len() == 2 {
            adj[p[0] as usize].push(p[1]);
            adj[p[1] as usize].push(p[0]);
        }
    }
    let mut colour = vec![u8::MAX; cells];
    let mut out = Vec::new();
    for start in 0..cells {
        if adj[start].is_empty() || colour[start] != u8::MAX {
            continue;
        }
        let mut sides = [vec![start as u32], Vec::new()];
        colour[start] = 0;
        let mut queue = vec![start as u32];
        let mut i = 0;
        while i < queue.len() {
            let x = queue[i] as usize;
            i += 1;
            for &y in &adj[x] {
                if colour[y as usize] == u8::MAX {
                    let k = 1 - colour[x];
                    colour[y as usize] = k;
                    sides[k as usize].push(y);
                    queue.push(y);
                }
            }
        }
        sides[0].sort_unstable();
        sides[1].sort_unstable();
        out.push(sides);
    }
    out
}

fn sees_any(c: &Candidates, x: u32, side: &[u32]) -> bool {
    side.iter().any(|&y| c.ctx.sees(x as usize, y as usize))
}

fn sees_side(c: &Candidates, a: &[u32], b: &[u32]) -> bool {
    a.iter().any(|&x| sees_any(c, x, b))
}

/// Type 2: a colour seeing both colours of another cluster is false.
pub(crate) fn find_sees_both(c: &Candidates) -> Option<Step> {
    for d in 1..=c.ctx.n as u16 {
        if c.out_of_time() {
            return None;
        }
        let cl = kept_clusters(c, d);
        for (i, ci) in cl.iter().enumerate() {
            for (j, cj) in cl.iter().enumerate() {
                if i == j {
                    continue;
                }
                for s in 0..2 {
                    let a = &ci[s];
                    if !(sees_side(c, a, &cj[0]) && sees_side(c, a, &cj[1])) {
                        continue;
                    }
                    let mut st = Step::new(Technique::MultiColours2);
                    st.eliminations = a.iter().map(|&x| Cand::new(x as usize, d)).collect();
                    st.cells = ci.iter().chain(cj.iter()).flatten().copied().collect();
                    st.candidates = st.cells.iter().map(|&x| Cand::new(x as usize, d)).collect();
                    explain!(c, st,
                        "colouring the conjugate pairs of {d}: one cluster is {} against {}, another {} against {}; {} sees both colours of the second cluster, one of which is true, so {d} is false there: remove {d} from {}",
                        list_and(c, &ci[s]),
                        list_and(c, &ci[1 - s]),
                        list_and(c, &cj[0]),
                        list_and(c, &cj[1]),
                        list_and(c, a),
                        list_and(c, a),
                    );
                    return Some(st);
                }
            }
        }
    }
    None
}

/// Type 1: colours of two clusters that see each other are not both true,
/// so one of their opposites is; cells seeing both opposites lose the digit.
/// Every such pair of colours of the two clusters counts, in one step.
pub(crate) fn find_linked(c: &Candidates) -> Option<Step> {
    for d in 1..=c.ctx.n as u16 {
        if c.out_of_time() {
            return None;
        }
        let cl = kept_clusters(c, d);
        for (i, ci) in cl.iter().enumerate() {
            for cj in &cl[i + 1..] {
                let mut elims: Vec<Cand> = Vec::new();
                let mut why: Vec<String> = Vec::new();
                for s in 0..2 {
                    for t in 0..2 {
                        if !sees_side(c, &ci[s], &cj[t]) {
                            continue;
                        }
                        let (oa, ob) = (&ci[1 - s], &cj[1 - t]);
                        let before = elims.len();
                        for x in 0..c.cell_count() as u32 {
                            let e = Cand::new(x as usize, d);
                            if c.has(x as usize, d)
                                && !oa.contains(&x)
                                && !ob.contains(&x)
                                && sees_any(c, x, oa)
                                && sees_any(c, x, ob)
                                && !elims.contains(&e)
                            {
                                elims.push(e);
                            }
                        }
                        if elims.len() > before {
                            why.push(format!(
                                "{} sees {}, so {} or {} holds {d}",
                                list_and(c, &ci[s]),
                                list_and(c, &cj[t]),
                                list_and(c, oa),
                                list_and(c, ob)
                            ));
                        }
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                elims.sort_by_key(|e| e.cell);
                let mut st = Step::new(Technique::MultiColours1);
                st.eliminations = elims;
                st.cells = ci.iter().chain(cj.iter()).flatten().copied().collect();
                st.candidates = st.cells.iter().map(|&x| Cand::new(x as usize, d)).collect();
                explain!(c, st,
                    "colouring the conjugate pairs of {d} in two clusters, colours of different clusters that see each other are not both true: {}; cells seeing both lose {d}: remove {}",
                    why.join("; "),
                    super::elim_text(c, &st.eliminations)
                );
                return Some(st);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    /// The clusters kept digit by digit equal clusters made afresh, along a
    /// hard puzzle's path.
    #[test]
    fn kept_equal_fresh() {
        let boards = along_paths(&HARD[..1], |c| {
            for d in 1..=9 {
                assert_eq!(*kept_clusters(c, d), clusters(c, d), "digit {d}");
            }
            true
        });
        assert!(boards > 20, "{boards} boards");
    }
}
