//! Forcing chain contradictions: assume a candidate true (or false) and
//! follow the implications of the grid as it stands; if two chains from
//! that assumption reach the same candidate, one proving it true and the
//! other false, the assumption was wrong.
//!
//! The implications are the static links of the grid, as in HoDoKu's
//! forcing chains: a true candidate makes every candidate it sees false; a
//! false candidate makes the other candidate of its bivalue cell true, and
//! the other place of its digit in a unit where it has two places. Because
//! the links do not change as the chain grows, each step follows from the
//! one before alone: a chain, not a net. What needs a net (a single that
//! appears only after several removals) is left to the forcing net
//! (`trial.rs`), which HoDoKu scores higher.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::adjacency::Adjacency;
use super::{Cand, Candidates, Step, Technique};
use crate::logic::candidates::{bits, Ctx};

/// State `2 · (cell · n + digit − 1) + on`.
fn state(n: usize, x: usize, d: usize, on: bool) -> u32 {
    ((x * n + d) * 2 + on as usize) as u32
}

/// A board context and the unit slots of its geometry.
type Slots = (Arc<Ctx>, Rc<Adjacency<u32>>);

thread_local! {
    /// The last geometry's unit slots (see [`unit_slots`]).
    static UNIT_SLOTS: RefCell<Option<Slots>> = const { RefCell::new(None) };
}

/// Drops this thread's memos (see [`super::forget_memos`]).
pub(super) fn forget_memos() {
    drop(UNIT_SLOTS.with(std::cell::RefCell::take));
}

/// For each candidate, its (unit, digit) counters: what a false candidate
/// bumps. They depend on the geometry only, so they are kept for the last
/// one seen.
fn unit_slots(c: &Candidates) -> Rc<Adjacency<u32>> {
    UNIT_SLOTS.with(|m| {
        let mut m = m.borrow_mut();
        if let Some((ctx, slots)) = m.as_ref() {
            if ctx.same_tables(&c.ctx) {
                return slots.clone();
            }
        }
        let (n, geo) = (c.ctx.n, c.geometry());
        let slots = Rc::new(Adjacency::build(c.cell_count() * n, |v, out| {
            out.extend(
                geo.units_of(v / n)
                    .iter()
                    .map(|&u| u * n as u32 + (v % n) as u32),
            );
        }));
        *m = Some((c.ctx.clone(), slots.clone()));
        slots
    })
}

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let n = c.ctx.n;
    let cells = c.cell_count();
    let total = cells * n * 2;
    // Strong partners: for each candidate, the candidates made true when it
    // is false (bivalue cell, bilocal unit); flat lists, built once a call.
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for x in 0..cells {
        let m = c.mask(x);
        if m.count_ones() == 2 {
            let d0 = m.trailing_zeros() as usize;
            let d1 = (m & (m - 1)).trailing_zeros() as usize;
            edges.push(((x * n + d0) as u32, (x * n + d1) as u32));
            edges.push(((x * n + d1) as u32, (x * n + d0) as u32));
        }
    }
    for u in 0..c.geometry().units().len() {
        for d in 0..n {
            let p = c.places(u, d as u16 + 1);
            if p.len() == 2 {
                let (a, b) = (
                    (p[0] as usize * n + d) as u32,
                    (p[1] as usize * n + d) as u32,
                );
                edges.push((a, b));
                edges.push((b, a));
            }
        }
    }
    // Repeats (two cells sharing a row and a box) are harmless: a state is
    // visited once.
    edges.sort_unstable();
    edges.dedup();
    let mut start = vec![0u32; cells * n + 1];
    for &(a, _) in &edges {
        start[a as usize + 1] += 1;
    }
    for v in 0..cells * n {
        start[v + 1] += start[v];
    }
    let strong_of = |v: usize| &edges[start[v] as usize..start[v + 1] as usize];
    // Every state's successors, in the order the search takes them: a true
    // candidate makes the cell's other candidates false, then the peers
    // holding its digit; a false one makes its strong partners true.
    let next = Adjacency::build(total, |st, out| {
        let v = st / 2;
        let (vx, vd) = (v / n, v % n);
        if c.mask(vx) >> vd & 1 == 0 {
            return;
        }
        if st % 2 == 1 {
            out.extend(bits(c.mask(vx) & !(1 << vd)).map(|e| state(n, vx, e, false)));
            out.extend(
                c.ctx.peers[vx]
                    .iter()
                    .filter(|&&p| c.mask(p as usize) >> vd & 1 != 0)
                    .map(|&p| state(n, p as usize, vd, false)),
            );
        } else {
            out.extend(strong_of(v).iter().map(|&(_, w)| w * 2 + 1));
        }
    });
    let units = c.geometry().units();
    // Places of each digit in each unit, to notice a unit left without it.
    let mut places = vec![0u32; units.len() * n];
    for (u, unit) in units.iter().enumerate() {
        for &x in &unit.cells {
            for d in bits(c.mask(x as usize)) {
                places[u * n + d] += 1;
            }
        }
    }
    let count: Vec<u32> = (0..cells).map(|x| c.mask(x).count_ones()).collect();
    let unit_slots = unit_slots(c);
    let cell_of: Vec<u32> = (0..cells * n).map(|v| (v / n) as u32).collect();
    // Generation-stamped counts of false candidates per cell and per
    // (unit, digit).
    fn bump(slot: &mut (u32, u32), generation: u32) -> u32 {
        if slot.0 != generation {
            *slot = (generation, 0);
        }
        slot.1 += 1;
        slot.1
    }
    let mut cell_off = vec![(0u32, 0u32); cells];
    let mut unit_off = vec![(0u32, 0u32); units.len() * n];
    let mut parent = vec![u32::MAX; total];
    let mut seen = vec![0u32; total];
    let mut generation = 0u32;
    let mut queue: Vec<u32> = Vec::new();
    // Cells with few candidates first, as a player would try them; within a
    // start, breadth-first, so the contradiction found is a nearest one.
    for k in 2..=n as u32 {
        for x in 0..cells {
            if c.out_of_time() {
                return None;
            }
            if c.mask(x).count_ones() != k {
                continue;
            }
            for d in bits(c.mask(x)) {
                for on in [true, false] {
                    generation += 1;
                    let root = state(n, x, d, on);
                    seen[root as usize] = generation;
                    parent[root as usize] = u32::MAX;
                    queue.clear();
                    queue.push(root);
                    let mut head = 0;
                    while head < queue.len() {
                        let st = queue[head];
                        head += 1;
                        let mut hit = None;
                        // Reaching state `w` from `st`; the first hit ends
                        // the expansion (the rest of it would change nothing).
                        'expand: {
                            macro_rules! visit {
                                ($w:expr) => {{
                                    let w: u32 = $w;
                                    let fresh = seen[w as usize] != generation;
                                    if fresh {
                                        seen[w as usize] = generation;
                                        parent[w as usize] = st;
                                        queue.push(w);
                                    }
                                    if seen[(w ^ 1) as usize] == generation {
                                        hit = Some(Hit::Both(w));
                                        break 'expand;
                                    }
                                    // A new false candidate: its cell, or its
                                    // digit in one of its units, may have run
                                    // out.
                                    if fresh && w % 2 == 0 {
                                        let v = w as usize / 2;
                                        let y = cell_of[v] as usize;
                                        if bump(&mut cell_off[y], generation) == count[y] {
                                            hit = Some(Hit::Cell(y));
                                            break 'expand;
                                        }
                                        for &k in unit_slots.of(v) {
                                            let k = k as usize;
                                            if bump(&mut unit_off[k], generation) == places[k] {
                                                hit = Some(Hit::Unit(k / n, k % n));
                                                break 'expand;
                                            }
                                        }
                                    }
                                }};
                            }
                            for &w in next.of(st as usize) {
                                visit!(w);
                            }
                        }
                        if let Some(h) = hit {
                            return Some(make(c, root, h, &parent));
                        }
                    }
                }
            }
        }
    }
    None
}

/// What the chains reached.
enum Hit {
    /// This state and its opposite.
    Both(u32),
    /// Every candidate of this cell false.
    Cell(usize),
    /// Every place of this digit (0-based) in this unit false.
    Unit(usize, usize),
}

/// The states from the root to `st`.
fn path(parent: &[u32], mut st: u32) -> Vec<u32> {
    let mut v = vec![st];
    while parent[st as usize] != u32::MAX {
        st = parent[st as usize];
        v.push(st);
    }
    v.reverse();
    v
}

/// A chain in Eureka notation: `(5)r1c1 - (5)r1c4 = (5)r2c6`; `-` into a
/// false candidate, `=` into a true one.
pub(crate) fn eureka(c: &Candidates, states: &[u32]) -> String {
    let n = c.ctx.n;
    super::eureka(states, |v| {
        let v = v as usize;
        format!("({}){}", v % n + 1, c.cn(v / n))
    })
}

fn make(c: &Candidates, root: u32, hit: Hit, parent: &[u32]) -> Step {
    let n = c.ctx.n;
    let cand = |st: u32| {
        let v = (st / 2) as usize;
        Cand::new(v / n, (v % n) as u16 + 1)
    };
    let off = |x: usize, d: usize| ((x * n + d) * 2) as u32;
    // The chains to show.
    let paths: Vec<Vec<u32>> = match hit {
        Hit::Both(w) => vec![path(parent, w | 1), path(parent, w & !1)],
        Hit::Cell(y) => bits(c.mask(y)).map(|d| path(parent, off(y, d))).collect(),
        Hit::Unit(u, e) => c
            .places(u, e as u16 + 1)
            .iter()
            .map(|&x| path(parent, off(x as usize, e)))
            .collect(),
    };
    let r = cand(root);
    let mut s = Step::new(Technique::ForcingChainContradiction);
    let assumed = root % 2 == 1;
    if assumed {
        s.eliminations = vec![r];
    } else {
        s.placements = vec![r];
    }
    for p in &paths {
        for &st in p {
            let k = cand(st);
            if !s.candidates.contains(&k) {
                s.candidates.push(k);
            }
            if !s.cells.contains(&k.cell) {
                s.cells.push(k.cell);
            }
        }
    }
    if !c.texts() {
        return s;
    }
    // The contradiction the chains reach.
    let what = match hit {
        Hit::Both(w) => {
            let t = cand(w);
            let tn = format!("({}){}", t.digit, c.cn(t.cell as usize));
            format!("{tn} would be both true and false")
        }
        Hit::Cell(y) => format!("{} would have no candidate left", c.cn(y)),
        Hit::Unit(u, e) => format!("{} would have no place left in {}", e + 1, c.un(u)),
    };
    let rn = c.cn(r.cell as usize);
    let chains: Vec<String> = paths.iter().map(|p| eureka(c, p)).collect();
    s.explanation = format!(
        "if {rn} {} {}: {}; then {what}, so {rn} {} {}",
        if assumed { "were" } else { "were not" },
        r.digit,
        chains.join("; "),
        if assumed { "is not" } else { "is" },
        r.digit,
    );
    s
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;
    use crate::grid::Grid;

    /// The kept unit slots give the answers of fresh ones along two hard
    /// paths, and are rebuilt for another geometry.
    #[test]
    fn kept_unit_slots_equal_fresh() {
        let mut found = 0;
        let boards = along_paths(&HARD, |c| {
            let kept = find(c);
            UNIT_SLOTS.with(|m| *m.borrow_mut() = None);
            let fresh = find(c);
            assert_eq!(kept, fresh);
            found += usize::from(fresh.is_some());
            true
        });
        assert!(boards > 50 && found > 0, "{boards} boards, {found} found");
        let g = Grid::from_line(&".".repeat(36)).unwrap();
        let c = Candidates::from_grid(&g).unwrap();
        let slots = unit_slots(&c);
        assert_eq!(slots.nodes(), 36 * 6);
        // Cell 1, digit 2: its row, column and box, each with digit 2.
        let want: Vec<u32> = c
            .geometry()
            .units_of(1)
            .iter()
            .map(|&u| u * 6 + 1)
            .collect();
        assert_eq!(slots.of(7), want);
    }

    #[test]
    fn three_bivalue_cells_in_a_row() {
        // r1c1, r1c2, r1c3 all 1/2: r1c1 = 1 makes r1c2 = 2, r1c3 = 1,
        // which removes 1 from r1c1.
        let mut removed = Vec::new();
        for x in 0..3 {
            for d in 3..=9 {
                removed.push((x, d));
            }
        }
        let c = cands(&".".repeat(81), &removed);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::ForcingChainContradiction);
        assert!(s.explanation.contains("(1)r1c1 - "), "{}", s.explanation);
    }

    #[test]
    fn every_step_is_sound_on_hard_puzzles() {
        // Two top1465 puzzles whose paths reach forcing chain
        // contradictions; each step must agree with the unique solution.
        for line in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ] {
            let g = Grid::from_line(line).unwrap();
            let sol = crate::solve::solve(&g).unwrap().unwrap();
            let mut c = cands(line, &[]);
            let mut used = 0;
            while let Some(step) = crate::logic::next_step(&c) {
                if step.technique == Technique::ForcingChainContradiction {
                    used += 1;
                    assert!(step.explanation.contains(" - ") || step.explanation.contains(" = "));
                    assert!(!step.explanation.starts_with("Forcing"));
                }
                for p in &step.placements {
                    assert_eq!(sol.get(p.cell as usize), p.digit, "{}", step.explanation);
                }
                for e in &step.eliminations {
                    assert_ne!(sol.get(e.cell as usize), e.digit, "{}", step.explanation);
                }
                crate::logic::apply(&mut c, &step);
            }
            assert!(c.is_full());
            assert!(
                used > 0,
                "the test puzzles need a forcing chain contradiction"
            );
        }
    }
}
