//! Grouped AICs: alternating inference chains whose nodes may be *groups*.
//!
//! A group is a digit's candidates in the cells two units share (a box and a
//! line on a classic board; any two overlapping units on variants), when
//! there are at least two of them. "The group is true" means the digit sits
//! in one of those cells. Groups link like single candidates:
//!
//! - strong, inside a unit: two disjoint nodes of the same digit that
//!   together hold all of the unit's places for it (one of them is true);
//! - weak: two disjoint nodes of the same digit where every cell of one sees
//!   every cell of the other (both cannot be true); and, for single cells
//!   only, two digits of one cell.
//!
//! The search is the one of plain AICs (`chains.rs`, whose path helpers it
//! shares): from "s is false", alternately strong and weak, breadth-first,
//! until a node t is reached "true"; then s or t is true, and every candidate that both would kill is
//! false. A chain must use at least one group, or it is a plain AIC (which
//! runs first). Reaching a single candidate s "true" from "s false" proves
//! s, as with plain AICs.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;
use std::sync::Arc;

use super::adjacency::Adjacency;
use super::chains::{chain_len, chain_states};
use super::continuous_nice_loop::{self, LoopGraph};
use super::{elim_text, Cand, Candidates, Step, Technique};
use crate::logic::candidates::{bits, Ctx};

/// A node of the link graph: candidates `0..cells·n` (cell · n + digit − 1),
/// then the groups.
type Node = u32;

struct Group {
    /// Digit − 1.
    d: usize,
    /// Cells, ascending. Shared with the digit's part kept across boards.
    cells: Rc<[u32]>,
    /// On boards of up to 128 cells: the cells as a bit set, and the cells
    /// seeing every one of them (0 elsewhere).
    mask: u128,
    seen_by: u128,
}

struct Graph {
    n: usize,
    /// First group node (`cells · n`).
    base: u32,
    groups: Vec<Group>,
    /// Strong neighbours of every node.
    strong: Adjacency<Node>,
    /// Weak neighbours that involve a group, both directions (the weak
    /// links between single candidates are computed from the candidates).
    group_weak: Adjacency<Node>,
    /// `0..cells`, so that a single candidate's cell is a slice too.
    all_cells: Vec<u32>,
}

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let g = graph(c)?;
    search(c, &g)
}

/// Grouped continuous nice loops: the loop search of
/// [`continuous_nice_loop`] on this graph, loops through a group only.
pub(crate) fn find_loop(c: &Candidates) -> Option<Step> {
    let g = graph(c)?;
    continuous_nice_loop::search(c, &*g, Technique::GroupedContinuousNiceLoop)
}

/// A board (its context, values and masks) and its grouped graph.
type Memo = (Arc<Ctx>, Vec<u16>, Vec<u64>, Rc<Graph>);

thread_local! {
    /// The last board's graph: the grouped AIC search runs on the board
    /// the grouped loop search just left.
    static LAST_GRAPH: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// The grouped graph of `c`, reused when the board is the one seen last.
fn graph(c: &Candidates) -> Option<Rc<Graph>> {
    let hit = LAST_GRAPH.with(|m| {
        m.borrow().as_ref().and_then(|(ctx, values, masks, g)| {
            (Arc::ptr_eq(ctx, &c.ctx) && values == c.values() && masks == c.masks())
                .then(|| g.clone())
        })
    });
    if hit.is_some() {
        return hit;
    }
    let g = Rc::new(match c.ctx.peer128 {
        Some(_) => by_digit(c)?,
        None => build(c)?,
    });
    // A graph cut short by the limits is not the board's (`build` then
    // returns `None`; checked again for safety).
    if !c.out_of_time() {
        let key = (c.ctx.clone(), c.values().to_vec(), c.masks().to_vec());
        LAST_GRAPH.with(|m| *m.borrow_mut() = Some((key.0, key.1, key.2, g.clone())));
    }
    Some(g)
}

/// The link graph; `None` when the board has no group at all.
fn build(c: &Candidates) -> Option<Graph> {
    let ctx = &c.ctx;
    let n = ctx.n;
    let cells = c.cell_count();
    let base = (cells * n) as u32;

    // Groups: each digit's candidates in each overlap of two units, when
    // two or more; the same cells reached through another pair of units
    // are one group.
    let mut groups: Vec<Group> = Vec::new();
    // Where the board has bit sets, a digit's groups so far are compared
    // (masks first; a few dozen at most, cheaper than hashing); else the
    // cell lists are hashed.
    let peer128 = ctx.peer128.as_deref();
    let mut seen: HashSet<(usize, Vec<u32>)> = HashSet::new();
    // Each digit's groups. Group–group links join groups of one digit
    // only: bucketing by digit keeps the pair loop from going quadratic in
    // all groups (15,000 on an empty 36×36).
    let mut of_digit: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for (_, _, shared) in &ctx.overlaps {
        if c.out_of_time() {
            return None;
        }
        for (d, digit_groups) in of_digit.iter_mut().enumerate().take(n) {
            // Most overlaps hold a digit once or not at all.
            let has = |x: &&u32| c.mask(**x as usize) >> d & 1 != 0;
            if shared.iter().filter(has).nth(1).is_none() {
                continue;
            }
            let inside: Vec<u32> = shared
                .iter()
                .copied()
                .filter(|&x| c.mask(x as usize) >> d & 1 != 0)
                .collect();
            let (mut mask, mut seen_by) = (0u128, 0u128);
            let new = match peer128 {
                Some(peers) => {
                    seen_by = !0;
                    for &x in &inside {
                        mask |= 1 << x;
                        seen_by &= peers[x as usize];
                    }
                    !digit_groups
                        .iter()
                        .any(|&j| groups[j].mask == mask && *groups[j].cells == *inside)
                }
                None => seen.insert((d, inside.clone())),
            };
            if new {
                digit_groups.push(groups.len());
                groups.push(Group {
                    d,
                    cells: inside.into(),
                    mask,
                    seen_by,
                });
            }
        }
    }
    if groups.is_empty() {
        return None;
    }
    let nodes = base as usize + groups.len();
    // Links as (from, to) in the order found; each node's neighbours are
    // kept once, at their first place (`Adjacency::from_edges_dedup`), in
    // one buffer rather than a `Vec` per node.
    let mut strong: Vec<(Node, Node)> = Vec::new();
    let mut group_weak: Vec<(Node, Node)> = Vec::new();
    let link = |list: &mut Vec<(Node, Node)>, a: Node, b: Node| list.push((a, b));
    let cell_node = |x: u32, d: usize| x * n as u32 + d as u32;

    // Groups inside each unit, by unit and digit (`u · n + d`), in group
    // order.
    let units = c.geometry().units();
    let mut unit_of_group: Vec<(u32, usize)> = Vec::with_capacity(groups.len() * 2);
    for (k, g) in groups.iter().enumerate() {
        for &u in ctx.geo.units_of(g.cells[0] as usize) {
            let unit = &units[u as usize].cells;
            if g.cells.iter().all(|x| unit.contains(x)) {
                unit_of_group.push((u * n as u32 + g.d as u32, k));
            }
        }
    }
    let in_unit = Adjacency::from_edges(units.len() * n, &unit_of_group);

    // Strong links.
    for u in 0..units.len() {
        for d in 0..n {
            let places = c.places(u, d as u16 + 1);
            if places.len() == 2 {
                let (a, b) = (cell_node(places[0], d), cell_node(places[1], d));
                link(&mut strong, a, b);
                link(&mut strong, b, a);
            }
            let unit_groups = in_unit.of(u * n + d);
            if unit_groups.is_empty() {
                continue;
            }
            let place_mask = match peer128 {
                Some(_) => places.iter().fold(0u128, |m, &x| m | 1 << x),
                None => 0,
            };
            for &k in unit_groups {
                let gk = base + k as u32;
                // The unit's other places: none, one cell, or a group of
                // the same cells in the same order. Masks rule out most
                // groups before the lists are compared.
                let rest_list = || {
                    places
                        .iter()
                        .copied()
                        .filter(|x| !groups[k].cells.contains(x))
                };
                let other = if peer128.is_some() {
                    let rest = place_mask & !groups[k].mask;
                    if rest == 0 {
                        None
                    } else if rest & (rest - 1) == 0 {
                        Some(cell_node(rest.trailing_zeros(), d))
                    } else {
                        unit_groups
                            .iter()
                            .find(|&&j| {
                                groups[j].mask == rest
                                    && groups[j].cells.iter().copied().eq(rest_list())
                            })
                            .map(|&j| base + j as u32)
                    }
                } else {
                    let rest: Vec<u32> = rest_list().collect();
                    match rest.len() {
                        0 => None,
                        1 => Some(cell_node(rest[0], d)),
                        _ => unit_groups
                            .iter()
                            .find(|&&j| *groups[j].cells == *rest)
                            .map(|&j| base + j as u32),
                    }
                };
                if let Some(o) = other {
                    link(&mut strong, gk, o);
                    link(&mut strong, o, gk);
                }
            }
        }
    }
    for x in 0..cells {
        let m = c.mask(x);
        if m.count_ones() == 2 {
            for d in bits(m) {
                let e = (m & !(1 << d)).trailing_zeros() as usize;
                link(&mut strong, cell_node(x as u32, d), cell_node(x as u32, e));
            }
        }
    }

    // Weak links that involve a group.
    let sees_all = |x: u32, cells: &[u32]| cells.iter().all(|&y| ctx.sees(x as usize, y as usize));
    let digit_cells: Option<Vec<u128>> = peer128.map(|_| {
        let mut v = vec![0u128; n];
        for x in 0..cells {
            for d in bits(c.mask(x)) {
                v[d] |= 1 << x;
            }
        }
        v
    });
    for (k, g) in groups.iter().enumerate() {
        if c.out_of_time() {
            return None;
        }
        let gk = base + k as u32;
        if let Some(digit_cells) = &digit_cells {
            // As below, with bit sets: cells seeing the whole group, in
            // cell order; groups of the digit inside those cells.
            let mut m = digit_cells[g.d] & g.seen_by;
            while m != 0 {
                let v = cell_node(m.trailing_zeros(), g.d);
                m &= m - 1;
                link(&mut group_weak, gk, v);
                link(&mut group_weak, v, gk);
            }
            for &j in &of_digit[g.d] {
                if groups[j].mask & !g.seen_by == 0 {
                    link(&mut group_weak, gk, base + j as u32);
                }
            }
            continue;
        }
        // A cell seeing every cell of the group is a peer of its first one;
        // in cell order, as before, so that the search order is unchanged.
        let mut near: Vec<u32> = ctx.peers[g.cells[0] as usize]
            .iter()
            .copied()
            .filter(|&x| c.mask(x as usize) >> g.d & 1 != 0 && !g.cells.contains(&x))
            .collect();
        near.sort_unstable();
        for x in near {
            if sees_all(x, &g.cells) {
                let v = cell_node(x, g.d);
                link(&mut group_weak, gk, v);
                link(&mut group_weak, v, gk);
            }
        }
        for &j in &of_digit[g.d] {
            let h = &groups[j];
            if j != k
                && h.cells.iter().all(|x| !g.cells.contains(x))
                && h.cells.iter().all(|&x| sees_all(x, &g.cells))
            {
                link(&mut group_weak, gk, base + j as u32);
            }
        }
    }
    Some(Graph {
        n,
        base,
        groups,
        strong: Adjacency::from_edges_dedup(nodes, &strong),
        group_weak: Adjacency::from_edges_dedup(nodes, &group_weak),
        all_cells: (0..cells as u32).collect(),
    })
}

/// One digit's share of the graph on a board of at most 128 cells: its
/// groups and the links between its own nodes. Every link but a bivalue
/// cell's joins two nodes of one digit, and depends only on where that
/// digit can go; so a part is kept while the digit's cells stay the same.
struct DigitPart {
    /// The digit's candidate cells the part was made for.
    key: u128,
    /// The digit's groups in board order, with the index of their overlap.
    groups: Vec<(u32, Group)>,
    /// Local nodes: cell `x` is `x`, the digit's group `l` is `cells + l`.
    strong: Adjacency<u32>,
    group_weak: Adjacency<u32>,
}

/// Per digit, its last part, for one board context.
type PartsMemo = (Arc<Ctx>, Vec<Option<Rc<DigitPart>>>);

thread_local! {
    /// A step changes where a few digits can go: the other digits' parts
    /// are taken from the last board's graph.
    static LAST_PARTS: RefCell<Option<PartsMemo>> = const { RefCell::new(None) };
}

/// Drops this thread's memos (see [`super::forget_memos`]).
pub(super) fn forget_memos() {
    drop(LAST_GRAPH.with(std::cell::RefCell::take));
    drop(LAST_PARTS.with(std::cell::RefCell::take));
}

/// [`build`] on boards of at most 128 cells, from the digits' parts: those
/// of digits whose cells changed are made again. Groups are numbered in
/// board order (overlap, then digit), and each node's links keep the order
/// in which `build` finds them, so the graph is the same.
fn by_digit(c: &Candidates) -> Option<Graph> {
    let ctx = &c.ctx;
    let n = ctx.n;
    let cells = c.cell_count();
    let base = (cells * n) as u32;
    let digit_cells = c.digit_cells();
    let mut memo = LAST_PARTS
        .with(|m| m.borrow_mut().take())
        .filter(|(m_ctx, parts)| Arc::ptr_eq(m_ctx, ctx) && parts.len() == n)
        .unwrap_or_else(|| (ctx.clone(), vec![None; n]));
    for (d, part) in memo.1.iter_mut().enumerate() {
        if part.as_ref().is_some_and(|p| p.key == digit_cells[d]) {
            continue;
        }
        if c.out_of_time() {
            return None;
        }
        *part = Some(Rc::new(digit_part(c, d, digit_cells[d])));
    }
    let parts: Vec<Rc<DigitPart>> = memo
        .1
        .iter()
        .map(|p| p.clone().expect("set above"))
        .collect();
    LAST_PARTS.with(|m| *m.borrow_mut() = Some(memo));

    // Board order of the groups: by overlap, then digit.
    let mut order: Vec<(u32, u32, u32)> = Vec::new();
    for (d, p) in parts.iter().enumerate() {
        for (l, (o, _)) in p.groups.iter().enumerate() {
            order.push((*o * n as u32 + d as u32, d as u32, l as u32));
        }
    }
    if order.is_empty() {
        return None;
    }
    order.sort_unstable();
    // Graph node of each digit's group `l`: `global[first[d] + l]`.
    let mut first = vec![0usize; n];
    for d in 1..n {
        first[d] = first[d - 1] + parts[d - 1].groups.len();
    }
    let mut global = vec![0u32; order.len()];
    let mut groups: Vec<Group> = Vec::with_capacity(order.len());
    for (k, &(_, d, l)) in order.iter().enumerate() {
        global[first[d as usize] + l as usize] = base + k as u32;
        let g = &parts[d as usize].groups[l as usize].1;
        groups.push(Group {
            d: g.d,
            cells: g.cells.clone(),
            mask: g.mask,
            seen_by: g.seen_by,
        });
    }
    // Node by node, cells' candidates first (cell by cell, digit by digit),
    // then the groups; each list is the digit's, renumbered.
    // Generic in `of` so that each use inlines its accessor.
    fn assemble<F: Fn(&DigitPart) -> &Adjacency<u32>>(
        c: &Candidates,
        parts: &[Rc<DigitPart>],
        order: &[(u32, u32, u32)],
        number: impl Fn(usize, u32) -> u32,
        bivalue: bool,
        of: F,
    ) -> Adjacency<u32> {
        let (n, cells) = (c.ctx.n, c.cell_count());
        let mut start = Vec::with_capacity(cells * n + order.len() + 1);
        let mut items = Vec::new();
        start.push(0);
        for x in 0..cells {
            let m = c.mask(x);
            for (d, part) in parts.iter().enumerate() {
                // A digit the cell cannot hold is no node of its part's
                // links: its lists are empty.
                if m >> d & 1 != 0 {
                    items.extend(of(part).of(x).iter().map(|&w| number(d, w)));
                    // A bivalue cell's link to its other digit, found after
                    // the unit links.
                    if bivalue && m.count_ones() == 2 {
                        items.push((x * n) as u32 + (m & !(1 << d)).trailing_zeros());
                    }
                }
                start.push(items.len() as u32);
            }
        }
        for &(_, d, l) in order {
            let d = d as usize;
            items.extend(
                of(&parts[d])
                    .of(cells + l as usize)
                    .iter()
                    .map(|&w| number(d, w)),
            );
            start.push(items.len() as u32);
        }
        Adjacency::from_parts(start, items)
    }
    // A digit's local node `w` in the graph.
    let number = |d: usize, w: u32| {
        if (w as usize) < cells {
            w * n as u32 + d as u32
        } else {
            global[first[d] + w as usize - cells]
        }
    };
    let strong = assemble(c, &parts, &order, number, true, |p| &p.strong);
    let group_weak = assemble(c, &parts, &order, number, false, |p| &p.group_weak);
    Some(Graph {
        n,
        base,
        groups,
        strong,
        group_weak,
        all_cells: (0..cells as u32).collect(),
    })
}

/// Digit `d`'s part (0-based) where it can go in `key`: what [`build`]
/// finds for it, in the same order.
fn digit_part(c: &Candidates, d: usize, key: u128) -> DigitPart {
    let ctx = &c.ctx;
    let peers = ctx.peer128.as_deref().expect("boards of at most 128 cells");
    let cells = c.cell_count();
    let mut groups: Vec<(u32, Group)> = Vec::new();
    for (o, (_, _, shared)) in ctx.overlaps.iter().enumerate() {
        if shared
            .iter()
            .filter(|&&x| key >> x & 1 != 0)
            .nth(1)
            .is_none()
        {
            continue;
        }
        let inside: Vec<u32> = shared
            .iter()
            .copied()
            .filter(|&x| key >> x & 1 != 0)
            .collect();
        let (mut mask, mut seen_by) = (0u128, !0u128);
        for &x in &inside {
            mask |= 1 << x;
            seen_by &= peers[x as usize];
        }
        if groups
            .iter()
            .any(|(_, g)| g.mask == mask && *g.cells == *inside)
        {
            continue;
        }
        groups.push((
            o as u32,
            Group {
                d,
                cells: inside.into(),
                mask,
                seen_by,
            },
        ));
    }
    let nodes = cells + groups.len();
    let units = c.geometry().units();
    let mut unit_of_group: Vec<(u32, usize)> = Vec::new();
    for (k, (_, g)) in groups.iter().enumerate() {
        for &u in ctx.geo.units_of(g.cells[0] as usize) {
            let unit = &units[u as usize].cells;
            if g.cells.iter().all(|x| unit.contains(x)) {
                unit_of_group.push((u, k));
            }
        }
    }
    let in_unit = Adjacency::from_edges(units.len(), &unit_of_group);
    let gnode = |k: usize| (cells + k) as u32;
    let mut strong: Vec<(u32, u32)> = Vec::new();
    for u in 0..units.len() {
        let places = c.places(u, d as u16 + 1);
        if places.len() == 2 {
            strong.push((places[0], places[1]));
            strong.push((places[1], places[0]));
        }
        let unit_groups = in_unit.of(u);
        if unit_groups.is_empty() {
            continue;
        }
        let place_mask = places.iter().fold(0u128, |m, &x| m | 1 << x);
        for &k in unit_groups {
            // The unit's other places: none, one cell, or a group of the
            // same cells in the same order.
            let rest = place_mask & !groups[k].1.mask;
            let other = if rest == 0 {
                None
            } else if rest & (rest - 1) == 0 {
                Some(rest.trailing_zeros())
            } else {
                unit_groups
                    .iter()
                    .find(|&&j| {
                        groups[j].1.mask == rest
                            && groups[j].1.cells.iter().copied().eq(places
                                .iter()
                                .copied()
                                .filter(|x| !groups[k].1.cells.contains(x)))
                    })
                    .map(|&j| gnode(j))
            };
            if let Some(o) = other {
                strong.push((gnode(k), o));
                strong.push((o, gnode(k)));
            }
        }
    }
    let mut group_weak: Vec<(u32, u32)> = Vec::new();
    for (k, (_, g)) in groups.iter().enumerate() {
        let mut m = key & g.seen_by;
        while m != 0 {
            let v = m.trailing_zeros();
            m &= m - 1;
            group_weak.push((gnode(k), v));
            group_weak.push((v, gnode(k)));
        }
        for (j, (_, h)) in groups.iter().enumerate() {
            if h.mask & !g.seen_by == 0 {
                group_weak.push((gnode(k), gnode(j)));
            }
        }
    }
    DigitPart {
        key,
        groups,
        strong: Adjacency::from_edges_dedup(nodes, &strong),
        group_weak: Adjacency::from_edges_dedup(nodes, &group_weak),
    }
}

impl Graph {
    fn nodes(&self) -> usize {
        self.strong.nodes()
    }
    fn is_group(&self, v: Node) -> bool {
        v >= self.base
    }
    fn digit(&self, v: Node) -> usize {
        if self.is_group(v) {
            self.groups[(v - self.base) as usize].d
        } else {
            v as usize % self.n
        }
    }
    fn cells(&self, v: Node) -> &[u32] {
        if self.is_group(v) {
            &self.groups[(v - self.base) as usize].cells
        } else {
            let x = v as usize / self.n;
            &self.all_cells[x..x + 1]
        }
    }

    /// Weak neighbours of `v`: same digit in the peers of a single cell, the
    /// cell's other digits, and the links that involve groups.
    fn for_weak(&self, c: &Candidates, v: Node, mut f: impl FnMut(Node)) {
        if !self.is_group(v) {
            let n = self.n;
            let (x, d) = (v as usize / n, v as usize % n);
            for &p in &c.ctx.peers[x] {
                if c.mask(p as usize) >> d & 1 != 0 {
                    f((p as usize * n + d) as Node);
                }
            }
            for e in bits(c.mask(x) & !(1 << d)) {
                f((x * n + e) as Node);
            }
        }
        for &w in self.group_weak.of(v as usize) {
            f(w);
        }
    }

    /// Whether `v` being true makes the single candidate `(x, e)` false.
    fn kills(&self, c: &Candidates, v: Node, x: u32, e: usize) -> bool {
        let d = self.digit(v);
        let cells = self.cells(v);
        if cells.contains(&x) {
            // Same cell: another digit of a single cell dies; a digit of
            // the group itself is not killed by the group.
            return !self.is_group(v) && e != d;
        }
        e == d && cells.iter().all(|&y| c.ctx.sees(x as usize, y as usize))
    }

    fn name(&self, c: &Candidates, v: Node) -> String {
        format!("({}){}", self.digit(v) + 1, cells_name(c, self.cells(v)))
    }
}

/// A node's cells as HoDoKu writes them: `r3c5`, a group in one row
/// `r3c45`, in one column `r34c5`; other groups (variants, boards over
/// 9×9, where digits of two-digit numbers would run together) in braces.
fn cells_name(c: &Candidates, cells: &[u32]) -> String {
    if cells.len() == 1 {
        return c.cn(cells[0] as usize);
    }
    let geo = &c.ctx.geo;
    let rc: Vec<(usize, usize)> = cells.iter().map(|&x| geo.row_col(x as usize)).collect();
    let square = c.ctx.n <= 9 && matches!(geo.layout(), crate::geometry::Layout::Square);
    let joined = |f: fn(&(usize, usize)) -> usize| -> String {
        rc.iter().map(|p| (f(p) + 1).to_string()).collect()
    };
    if square && rc.iter().all(|p| p.0 == rc[0].0) {
        format!("r{}c{}", rc[0].0 + 1, joined(|p| p.1))
    } else if square && rc.iter().all(|p| p.1 == rc[0].1) {
        format!("r{}c{}", joined(|p| p.0), rc[0].1 + 1)
    } else {
        let names: Vec<String> = cells.iter().map(|&x| c.cn(x as usize)).collect();
        format!("{{{}}}", names.join(" "))
    }
}

impl LoopGraph for Graph {
    fn nodes(&self) -> usize {
        Graph::nodes(self)
    }
    fn strong(&self, v: u32) -> &[u32] {
        self.strong.of(v as usize)
    }
    fn for_weak(&self, c: &Candidates, v: u32, f: impl FnMut(u32)) {
        Graph::for_weak(self, c, v, f)
    }
    fn is_group(&self, v: u32) -> bool {
        Graph::is_group(self, v)
    }
    fn digit(&self, v: u32) -> usize {
        Graph::digit(self, v)
    }
    fn cells(&self, v: u32) -> &[u32] {
        Graph::cells(self, v)
    }
    fn name(&self, c: &Candidates, v: u32) -> String {
        Graph::name(self, c, v)
    }
}

fn search(c: &Candidates, g: &Graph) -> Option<Step> {
    let states = g.nodes() * 2;
    let mut parent = vec![u32::MAX; states];
    let mut seen_gen = vec![0u32; states];
    // Whether the search-tree path to a state passes a group: only such
    // chains are grouped AICs (the others were the plain AIC finder's), so
    // eliminations are worked out for those states alone.
    let mut via_group = vec![false; states];
    let mut queue: Vec<u32> = Vec::new();
    let mut victims: Vec<Cand> = Vec::new();
    // The chain with the most eliminations (ties: the shortest, then the
    // first found), as HoDoKu chooses: (count, length, states, eliminations).
    // Bounded: once a chain is found, the search goes on for at most as
    // many states as it took to find it, so the finder costs at most about
    // twice its first-found time.
    let mut best: Option<(usize, usize, Vec<u32>, Vec<Cand>)> = None;
    let (mut popped, mut budget) = (0usize, usize::MAX);
    let mut fast = c.ctx.peer128.as_deref().map(|peers| Victims::new(g, peers));
    for (generation, s) in (1u32..).zip(0..g.nodes() as Node) {
        if c.out_of_time() {
            return None;
        }
        if popped >= budget {
            break;
        }
        if g.strong.of(s as usize).is_empty() {
            continue;
        }
        // Candidates that s being true would kill: the possible victims.
        victims.clear();
        let (sd, s_cells) = (g.digit(s), g.cells(s));
        // What `Graph::kills` allows: the other digits of a single cell, and
        // the digit itself in cells off s seeing all of s's cells (all
        // peers of its first cell).
        if !g.is_group(s) {
            let x = s_cells[0];
            for e in bits(c.mask(x as usize) & !(1 << sd)) {
                victims.push(Cand::new(x as usize, e as u16 + 1));
            }
        }
        for &p in &c.ctx.peers[s_cells[0] as usize] {
            if c.mask(p as usize) >> sd & 1 != 0
                && !s_cells.contains(&p)
                && s_cells.iter().all(|&y| c.ctx.sees(p as usize, y as usize))
            {
                victims.push(Cand::new(p as usize, sd as u16 + 1));
            }
        }
        victims.sort_by_key(|k| (k.cell, k.digit));
        victims.dedup();
        if let Some(f) = fast.as_mut() {
            f.load(&victims);
        }

        queue.clear();
        let start = s * 2;
        seen_gen[start as usize] = generation;
        parent[start as usize] = u32::MAX;
        via_group[start as usize] = g.is_group(s);
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let st = queue[head];
            head += 1;
            popped += 1;
            let (v, on) = (st / 2, st % 2 == 1);
            if on && via_group[st as usize] {
                let path = || chain_states(&parent, st);
                if v == s && !g.is_group(s) {
                    let p = path();
                    if simple(&p[..p.len() - 1]) {
                        return Some(make(c, g, &p, Vec::new(), Some(s)));
                    }
                } else if v != s {
                    let depth = chain_len(&parent, st);
                    if depth >= 3 {
                        let count = match &fast {
                            Some(f) => f.count(g, v),
                            None => victims
                                .iter()
                                .filter(|k| g.kills(c, v, k.cell, k.digit as usize - 1))
                                .count(),
                        };
                        let better = best
                            .as_ref()
                            .map_or(true, |b| count > b.0 || (count == b.0 && depth < b.1));
                        if count > 0 && better {
                            let p = path();
                            if simple(&p) {
                                let elims: Vec<Cand> = victims
                                    .iter()
                                    .copied()
                                    .filter(|k| g.kills(c, v, k.cell, k.digit as usize - 1))
                                    .collect();
                                if best.is_none() {
                                    budget = popped.saturating_mul(2);
                                }
                                best = Some((count, depth, p, elims));
                            }
                        }
                    }
                }
            }
            let mut visit = |w: Node| {
                let ns = w * 2 + (!on) as u32;
                if seen_gen[ns as usize] != generation {
                    seen_gen[ns as usize] = generation;
                    parent[ns as usize] = st;
                    via_group[ns as usize] = via_group[st as usize] || g.is_group(w);
                    queue.push(ns);
                }
            };
            if on {
                g.for_weak(c, v, visit);
            } else {
                g.strong.of(v as usize).iter().for_each(|&w| visit(w));
            }
        }
    }
    best.map(|(_, _, p, elims)| make(c, g, &p, elims, None))
}

/// The possible victims of one start as bit sets, on boards of at most 128
/// cells: counts what [`Graph::kills`] would, for every chain end, with a
/// few word operations instead of a pass over the victims.
struct Victims<'a> {
    peers: &'a [u128],
    /// Cells that see every cell of each group (peers exclude a cell itself,
    /// so a group's own cells are not among them).
    group_seen: Vec<u128>,
    /// `[digit]`: cells where that digit is a victim.
    by_digit: Vec<u128>,
    /// `[cell]`: the victim digits in that cell.
    by_cell: Vec<u64>,
    /// Cells set in `by_cell`, cleared on the next load.
    touched: Vec<u32>,
}

impl<'a> Victims<'a> {
    fn new(g: &Graph, peers: &'a [u128]) -> Self {
        let group_seen = g
            .groups
            .iter()
            .map(|gr| {
                gr.cells
                    .iter()
                    .fold(u128::MAX, |m, &x| m & peers[x as usize])
            })
            .collect();
        Victims {
            peers,
            group_seen,
            by_digit: vec![0; g.n],
            by_cell: vec![0; g.all_cells.len()],
            touched: Vec::new(),
        }
    }

    fn load(&mut self, victims: &[Cand]) {
        self.by_digit.iter_mut().for_each(|m| *m = 0);
        for &x in &self.touched {
            self.by_cell[x as usize] = 0;
        }
        self.touched.clear();
        for k in victims {
            let d = k.digit as usize - 1;
            self.by_digit[d] |= 1 << k.cell;
            self.by_cell[k.cell as usize] |= 1 << d;
            self.touched.push(k.cell);
        }
    }

    /// How many victims `v` being true kills: its digit in the cells that
    /// see all of it and, for a single candidate, its cell's other digits.
    fn count(&self, g: &Graph, v: Node) -> usize {
        let d = g.digit(v);
        if g.is_group(v) {
            let seen = self.group_seen[(v - g.base) as usize];
            (self.by_digit[d] & seen).count_ones() as usize
        } else {
            let x = v as usize / g.n;
            ((self.by_digit[d] & self.peers[x]).count_ones()
                + (self.by_cell[x] & !(1 << d)).count_ones()) as usize
        }
    }
}

/// True when no node (candidate or group) occurs twice among the states.
fn simple(states: &[u32]) -> bool {
    let mut v: Vec<u32> = states.iter().map(|s| s / 2).collect();
    v.sort_unstable();
    v.windows(2).all(|w| w[0] != w[1])
}

fn make(c: &Candidates, g: &Graph, states: &[u32], elims: Vec<Cand>, proved: Option<Node>) -> Step {
    let text = if c.texts() {
        super::eureka(states, |v| g.name(c, v))
    } else {
        String::new()
    };
    let mut s = Step::new(Technique::GroupedAic);
    continuous_nice_loop::mark_nodes(&mut s, g, states);
    let first = if c.texts() {
        g.name(c, states[0] / 2)
    } else {
        String::new()
    };
    if let Some(p) = proved {
        let k = Cand::new(p as usize / g.n, (p as usize % g.n) as u16 + 1);
        s.placements = vec![k];
        explain!(
            c,
            s,
            "{text}; if {first} were false it would be true, so {} = {}",
            c.cn(k.cell as usize),
            k.digit
        );
    } else {
        s.eliminations = elims;
        explain!(
            c,
            s,
            "{text}, so {first} or {} is true; remove {}",
            g.name(c, states[states.len() - 1] / 2),
            elim_text(c, &s.eliminations)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    /// The graph made from the digits' kept parts equals one built afresh,
    /// along hard puzzles' paths (each board a few candidates away from the
    /// last).
    #[test]
    fn parts_kept_equal_fresh() {
        let boards = along_paths(&HARD, |c| {
            let (kept, fresh) = (by_digit(c), build(c));
            assert_eq!(kept.is_some(), fresh.is_some());
            let (Some(a), Some(b)) = (kept, fresh) else {
                return false;
            };
            assert_eq!((a.n, a.base, a.nodes()), (b.n, b.base, b.nodes()));
            for (g, h) in a.groups.iter().zip(&b.groups) {
                assert_eq!(
                    (g.d, &g.cells, g.mask, g.seen_by),
                    (h.d, &h.cells, h.mask, h.seen_by)
                );
            }
            for v in 0..a.nodes() {
                assert_eq!(a.strong.of(v), b.strong.of(v), "strong {v}");
                assert_eq!(a.group_weak.of(v), b.group_weak.of(v), "weak {v}");
            }
            true
        });
        assert!(boards > 60, "{boards} boards");
    }
}
