//! Exact number of completions of a partial grid, for any geometry.
//!
//! The counter walks the solver's search tree ([`Expander`]: singles
//! propagation, branching on a cell with fewest candidates) and adds one per
//! solution, with one reduction: **digit relabelling**. Let F be the digits
//! that appear neither in the givens nor in any branch decision on the path to
//! a node. Swapping two digits of F maps the node's solutions onto themselves
//! (every constraint placed so far involves only other digits), so at a branch
//! all children that place a digit of F have the same count: the counter
//! explores the smallest one and multiplies by how many there are. On the empty
//! 9×9 grid this is the familiar "first row fixed, times 9!"; it applies at every
//! depth and to every variant, because relabelling digits never breaks a unit.
//!
//! On a plain 9×9, a subtree where at most one digit is still interchangeable
//! gains nothing from relabelling, so it is enumerated by the dedicated 9×9
//! solver instead, which finds about three times as many solutions per second.
//!
//! For parallelism and sharding the top of the tree is expanded breadth-first,
//! a whole level at a time, until there are enough subtrees; the expansion
//! depends only on the grid, so subtree `i` is the same on every machine.

use std::sync::Arc;

use num_bigint::BigUint;

use super::tally::{Overflow, Tally};
use super::{in_pool, shard_items, sum_items, Count, Options, Stop};
use crate::bits::{with_digit_set, DigitSet};
use crate::geometry::Geometry;
use crate::solve::{self, Expander, State};

/// How many subtrees the split aims for: enough to keep many threads busy and
/// to give shards of similar size, few enough that splitting is instant.
const SPLIT_TARGET: usize = 1024;
/// Memory the split may spend on states (bytes), so huge boards split less.
const SPLIT_MEMORY: usize = 64 << 20;
/// Budget checks happen every this many nodes.
const CHECK_EVERY: u64 = 64;

/// Like `completions` for givens already checked (contradictions give 0).
pub(crate) fn completions_unchecked(geo: &Arc<Geometry>, values: &[u16], opts: &Options) -> Count {
    with_digit_set!(geo.n(), B => count_with::<B>(geo, values, opts)).expect("geometry caps N")
}

/// A subtree root: a propagated state, its interchangeable digits, and how
/// many isomorphic copies of it it stands for.
struct Subtree<B> {
    state: State<B>,
    free: B,
    mult: BigUint,
}

/// The counting tree's root: the propagated givens (`None` if they
/// contradict) and the digits no given uses, which are interchangeable.
fn tree_root<B: DigitSet>(exp: &mut Expander, n: usize, values: &[u16]) -> Option<(State<B>, B)> {
    let root = exp.root::<B>(values)?;
    let mut free = B::full(n);
    for &v in values.iter().filter(|&&v| v != 0) {
        free.remove(v as usize - 1);
    }
    Some((root, free))
}

fn count_with<B: DigitSet>(geo: &Arc<Geometry>, values: &[u16], opts: &Options) -> Count {
    let n = geo.n();
    let mut exp = Expander::new(geo.clone());
    let Some((root, free)) = tree_root::<B>(&mut exp, n, values) else {
        return Count::Exact(BigUint::default());
    };
    let state_bytes = geo.cell_count() * (std::mem::size_of::<B>() + 1) + 64;
    let max_states = (SPLIT_MEMORY / state_bytes).min(SPLIT_TARGET * n);
    let subtrees = split(&mut exp, root, free, n, SPLIT_TARGET, max_states);
    let mine = shard_items(&subtrees, opts.shard);
    let nine = solve::plain_nine(geo);
    let stop = Stop::new(&opts.limits);
    let (sum, exact) = in_pool(opts.threads, || {
        sum_items(
            &mine,
            opts,
            &stop,
            || Expander::new(geo.clone()),
            |exp, sub| {
                let (v, complete) = if nine && sub.free.len() <= 1 {
                    count_nine_subtree(&sub.state, &stop)
                } else {
                    count_subtree(exp, &sub.state, sub.free, &stop)
                };
                (v * &sub.mult, complete)
            },
        )
    });
    Count::new(sum, exact)
}

/// The children of a node worth exploring: `(digit, multiplicity, free digits
/// of the child)`, in increasing digit order. Of the interchangeable digits
/// only the smallest is listed, standing for all of them.
fn branches<B: DigitSet>(st: &State<B>, free: B) -> (usize, Vec<(usize, u64, B)>) {
    let cell = st.branch_cell();
    let cand = st.candidates(cell);
    let sym = cand.intersection(free);
    let rep = sym.first();
    let mut out = Vec::new();
    for d in cand.iter() {
        if Some(d) == rep {
            let mut f = free;
            f.remove(d);
            out.push((d, sym.len() as u64, f));
        } else if !sym.contains(d) {
            out.push((d, 1, free));
        }
    }
    (cell, out)
}

/// Expands the tree breadth-first, whole levels at a time, until there are at
/// least `target` subtrees, every node is a solution, or the next level (at
/// most `n` children per node) could exceed `max_states`. Deterministic: depends only on the root.
fn split<B: DigitSet>(
    exp: &mut Expander,
    root: State<B>,
    free: B,
    n: usize,
    target: usize,
    max_states: usize,
) -> Vec<Subtree<B>> {
    let mut level = vec![Subtree {
        state: root,
        free,
        mult: BigUint::from(1u8),
    }];
    while level.len() < target
        && level.len().saturating_mul(n) <= max_states
        && level.iter().any(|s| !s.state.is_complete())
    {
        let mut next = Vec::with_capacity(level.len() * 2);
        for sub in level {
            if sub.state.is_complete() {
                next.push(sub);
                continue;
            }
            let (cell, kids) = branches(&sub.state, sub.free);
            for (d, k, f) in kids {
                let mut child = sub.state.clone();
                if exp.child_into(&sub.state, cell, d, &mut child) {
                    next.push(Subtree {
                        state: child,
                        free: f,
                        mult: &sub.mult * k,
                    });
                }
            }
        }
        level = next;
    }
    level
}

/// Counts one subtree: `(count, finished)`. In `u128` first, redone in
/// arbitrary precision on overflow.
fn count_subtree<B: DigitSet>(
    exp: &mut Expander,
    root: &State<B>,
    free: B,
    stop: &Stop,
) -> (BigUint, bool) {
    match dfs::<B, u128>(exp, root, free, stop) {
        Ok((v, done)) => (v.into_big(), done),
        Err(Overflow) => match dfs::<B, BigUint>(exp, root, free, stop) {
            Ok((v, done)) => (v, done),
            Err(Overflow) => unreachable!("BigUint never overflows"),
        },
    }
}

/// Counts a plain 9×9 subtree where at most one digit is interchangeable,
/// so relabelling saves nothing, by enumerating it with the dedicated 9×9
/// solver (about three times as many solutions per second as [`dfs`]).
fn count_nine_subtree<B: DigitSet>(state: &State<B>, stop: &Stop) -> (BigUint, bool) {
    let masks: Vec<u16> = (0..81)
        .map(|c| state.candidates(c).iter().fold(0u16, |m, d| m | 1 << d))
        .collect();
    let (n, finished) = solve::count_nine(&masks, || !stop.should_stop());
    (n.into(), finished)
}

/// Random descents [`estimated_completions`] averages.
const PROBES: usize = 256;

/// An estimate of the number of completions, for choosing a method: the
/// mean of Knuth's estimator over [`PROBES`] random descents of the
/// counting tree (each multiplies the branching it meets, relabelled
/// children weighted as in the count; a dead end counts zero). Unbiased,
/// but on sparse boards a few descents carry most of the mean, so it is
/// good to a small factor, which is all the router needs. The seed is
/// fixed, so the estimate, like the method chosen, depends only on the
/// grid.
pub(crate) fn estimated_completions(geo: &Arc<Geometry>, values: &[u16]) -> f64 {
    with_digit_set!(geo.n(), B => estimate_with::<B>(geo, values)).unwrap_or(0.0)
}

fn estimate_with<B: DigitSet>(geo: &Arc<Geometry>, values: &[u16]) -> f64 {
    use rand::{Rng, SeedableRng};
    let mut exp = Expander::new(geo.clone());
    let Some((root, free)) = tree_root::<B>(&mut exp, geo.n(), values) else {
        return 0.0;
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed);
    let mut sum = 0.0;
    for _ in 0..PROBES {
        let (mut st, mut f, mut weight) = (root.clone(), free, 1.0);
        while !st.is_complete() {
            let (cell, kids) = branches(&st, f);
            if kids.is_empty() {
                weight = 0.0;
                break;
            }
            let (d, k, child_free) = kids[rng.random_range(0..kids.len())];
            weight *= (kids.len() as u64 * k) as f64;
            f = child_free;
            if !exp.place_in(&mut st, cell, d) {
                weight = 0.0;
                break;
            }
        }
        sum += weight;
    }
    sum / PROBES as f64
}

/// One branch node on the explicit stack.
struct Frame<B, T> {
    state: State<B>,
    cell: usize,
    /// Digits still to try at `cell`.
    todo: B,
    free: B,
    /// The representative of the interchangeable digits, and how many it stands for.
    rep: Option<usize>,
    rep_mult: u64,
    /// Solutions counted below this node so far.
    acc: T,
    /// Multiplicity of this node in its parent.
    mult: u64,
}

impl<B: DigitSet, T: Tally> Frame<B, T> {
    fn new(state: State<B>, free: B, mult: u64) -> Self {
        let cell = state.branch_cell();
        let cand = state.candidates(cell);
        let sym = cand.intersection(free);
        let rep = sym.first();
        let mut todo = cand.difference(sym);
        if let Some(r) = rep {
            todo.insert(r);
        }
        Frame {
            state,
            cell,
            todo,
            free,
            rep,
            rep_mult: sym.len() as u64,
            acc: T::zero(),
            mult,
        }
    }
}

/// Depth-first count with an explicit stack (boards can be deeper than the
/// call stack allows). On a stop, the partial sums on the stack are folded up:
/// the result is then a lower bound.
fn dfs<B: DigitSet, T: Tally>(
    exp: &mut Expander,
    root: &State<B>,
    free: B,
    stop: &Stop,
) -> Result<(T, bool), Overflow> {
    if root.is_complete() {
        let mut one = T::zero();
        one.add_small(1)?;
        return Ok((one, true));
    }
    if stop.should_stop() {
        return Ok((T::zero(), false));
    }
    let mut pool: Vec<State<B>> = Vec::new();
    let mut stack: Vec<Frame<B, T>> = vec![Frame::new(root.clone(), free, 1)];
    let mut nodes = 0u64;
    loop {
        let Some(top) = stack.last_mut() else {
            unreachable!("the root frame returns before the stack empties");
        };
        let Some(d) = top.todo.first() else {
            let f = stack.pop().expect("non-empty");
            pool.push(f.state);
            match stack.last_mut() {
                None => return Ok((f.acc, true)),
                Some(parent) => parent.acc.add_scaled(&f.acc, f.mult)?,
            }
            continue;
        };
        top.todo.remove(d);
        nodes += 1;
        if nodes % CHECK_EVERY == 0 && stop.should_stop() {
            break;
        }
        let (k, child_free) = if Some(d) == top.rep {
            let mut f = top.free;
            f.remove(d);
            (top.rep_mult, f)
        } else {
            (1, top.free)
        };
        let ok;
        let child = if top.todo.is_empty() {
            // Last child: reuse the parent's state instead of copying it.
            // The frame keeps a spare buffer in exchange, so the pool of
            // allocated states keeps circulating.
            let spare = pool.pop().unwrap_or_else(State::vacant);
            let mut st = std::mem::replace(&mut top.state, spare);
            ok = exp.place_in(&mut st, top.cell, d);
            st
        } else {
            let mut st = pool.pop().unwrap_or_else(|| top.state.clone());
            ok = exp.child_into(&top.state, top.cell, d, &mut st);
            st
        };
        if !ok {
            pool.push(child);
            continue;
        }
        if child.is_complete() {
            top.acc.add_small(k)?;
            pool.push(child);
            continue;
        }
        stack.push(Frame::new(child, child_free, k));
    }
    // Stopped: fold the partial counts up the stack.
    let mut carry = T::zero();
    while let Some(f) = stack.pop() {
        let mut v = f.acc;
        v.add_scaled(&carry, 1)?;
        carry = T::zero();
        carry.add_scaled(&v, f.mult)?;
    }
    Ok((carry, false))
}

#[cfg(test)]
mod tests {
    use super::super::chooser::*;
    use super::*;
    use crate::geometry::BoxShape;
    use crate::grid::Grid;
    use crate::limits::Limits;
    use crate::solve;

    fn grid(line: &str) -> Grid {
        Grid::from_line(line).unwrap()
    }

    #[test]
    fn empty_4x4_and_one_given() {
        let opts = Options::default();
        assert_eq!(
            completions(&grid(&".".repeat(16)), &opts).unwrap(),
            Count::Exact(288u32.into())
        );
        assert_eq!(
            completions(&grid("1..............2"), &opts).unwrap(),
            Count::Exact(18u32.into())
        );
        assert_eq!(
            completions(&grid("1..............1"), &opts).unwrap(),
            Count::Exact(18u32.into())
        );
    }

    #[test]
    fn agrees_with_enumeration_on_6x6_with_givens() {
        let geo = Arc::new(Geometry::square(BoxShape::new(2, 3), &[]).unwrap());
        let mut g = Grid::empty(geo);
        g.set(0, 1);
        g.set(7, 3);
        g.set(14, 5);
        let want = solve::count(&g, 0).unwrap();
        let got = completions(&g, &Options::default()).unwrap();
        assert_eq!(got, Count::Exact(want.into()));
    }

    #[test]
    fn cancelled_count_is_a_lower_bound() {
        let g = grid(&".".repeat(81));
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let opts = Options {
            limits: Limits::none().with_cancel(flag),
            ..Default::default()
        };
        let c = completions(&g, &opts).unwrap();
        assert!(!c.is_exact());
    }

    #[test]
    fn the_nine_solver_counts_subtrees_like_the_tree_walk() {
        // Every digit given, so no relabelling: the position
        // `completions` hands to the dedicated 9×9 solver.
        let g = grid(
            ".......................2.3...2...4....3.5......46....7.5.1......8.....2..9.76....",
        );
        let mut exp = Expander::new(g.geometry().clone());
        let root = exp.root::<u16>(g.cells()).unwrap();
        let budget = Limits::none();
        let stop = Stop::new(&budget);
        let walked = count_subtree(&mut exp, &root, 0u16, &stop);
        let nine = count_nine_subtree(&root, &stop);
        assert_eq!(walked, (1982u32.into(), true));
        assert_eq!(nine, walked);
    }

    #[test]
    fn the_estimate_is_within_a_factor_of_two() {
        let cases = [
            (".".repeat(16), 288.0),
            (".".repeat(36), 28_200_960.0),
            (".".repeat(81), 6.670_903_752_021_073e21),
            // Counted in `the_nine_solver_counts_subtrees_like_the_tree_walk`.
            (
                ".......................2.3...2...4....3.5......46....7.5.1......8.....2..9.76...."
                    .into(),
                1982.0,
            ),
        ];
        for (line, exact) in cases {
            let g = grid(&line);
            let e = estimated_completions(g.geometry(), g.cells());
            assert!(e > exact / 2.0 && e < exact * 2.0, "{e} for {exact}");
        }
        // Givens that break a unit: no completions.
        let g = grid(&format!("11{}", ".".repeat(14)));
        assert_eq!(estimated_completions(g.geometry(), g.cells()), 0.0);
    }

    #[test]
    fn solved_grid_counts_one() {
        let s = "859612437723854169164379528986147352375268914241593786432981675617425893598736241";
        let c = completions(&grid(s), &Options::default()).unwrap();
        assert_eq!(c, Count::Exact(1u32.into()));
    }
}
