//! Almost locked sets: ALS-XZ.
//!
//! An almost locked set (ALS) is N cells of one unit holding N + 1 digits
//! between them: if any one of its digits is removed, the rest are locked.
//! Two disjoint ALSs A and B with a *restricted common* digit X (every X of
//! A sees every X of B, so at most one of them holds X) lock each other:
//! one of them loses X and is then locked, so for every other digit Z they
//! share, Z is in A or in B, and a cell seeing every Z of both loses Z.
//! Works on any geometry: ALSs come from any unit, links are peers.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::adjacency::Adjacency;
use super::{digits_text, elim_text, list_and, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// Largest ALS considered: the shared table's size. HoDoKu has no limit;
/// five cells find every doubly linked example in its library, and eight
/// cost 20 % more CPU on top1465 for two more library lines.
const MAX_SIZE: usize = 5;

#[derive(Clone)]
pub(super) struct Als {
    /// Shared: the table of each board copies the ALSs of unchanged units
    /// from the last one.
    pub(super) cells: Rc<[u32]>,
    pub(super) mask: u64,
    pub(super) unit: u32,
}

pub(super) fn all_als(c: &Candidates, max_size: usize) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for u in 0..c.geometry().units().len() {
        if !unit_als(c, u, max_size, &mut out) {
            break;
        }
    }
    out
}

/// Appends the ALSs of up to `max_size` cells of unit `u` (those not
/// already of an earlier unit) to `out`; false when the limits cut it short.
fn unit_als(c: &Candidates, u: usize, max_size: usize, out: &mut Vec<Als>) -> bool {
    let unit = &c.geometry().units()[u];
    let mut cur = Vec::with_capacity(max_size);
    let empty: Vec<u32> = unit
        .cells
        .iter()
        .copied()
        .filter(|&x| c.values()[x as usize] == 0)
        .collect();
    let masks: Vec<u64> = empty.iter().map(|&x| c.mask(x as usize)).collect();
    for k in 1..=max_size.min(empty.len().saturating_sub(1)) {
        if c.out_of_time() {
            return false;
        }
        subsets(&empty, &masks, k, 0, 0, &mut cur, &mut |cells, mask| {
            // The same cells can form an ALS of two units (a line and a
            // box): keep it once, from the first unit holding them all.
            let geo = c.geometry();
            let earlier = geo.units_of(cells[0] as usize).iter().any(|&u2| {
                (u2 as usize) < u
                    && cells[1..]
                        .iter()
                        .all(|&x| geo.units_of(x as usize).contains(&u2))
            });
            if !earlier {
                out.push(Als {
                    cells: cells.into(),
                    mask,
                    unit: u as u32,
                });
            }
        });
    }
    true
}

/// One unit's ALSs and their bit sets, with the key they were made for.
struct UnitEntry {
    key: Vec<u64>,
    list: Vec<Als>,
    small: Vec<Small>,
}

/// Per unit, its last ALSs, for one board context.
type UnitMemo = (Arc<super::Ctx>, Vec<Option<UnitEntry>>);

thread_local! {
    /// A step changes the candidates of a few cells, hence the ALSs of a
    /// few units: the others are taken from the last board's table.
    static LAST_UNITS: RefCell<Option<UnitMemo>> = const { RefCell::new(None) };
}

/// [`all_als`] of up to [`MAX_SIZE`] cells and their [`small_sets`], unit
/// by unit, reusing a unit's sets while its cells are as they were. A
/// unit's ALSs depend on its own cells only (which are empty, their
/// candidates) and on the geometry (which earlier unit holds them all); so
/// do their bit sets (peers are the geometry's). The key is the masks of
/// the unit's cells, with bit 63 marking a filled cell (boards here have
/// at most 11 digits).
fn cached_als(c: &Candidates) -> Option<(Vec<Als>, Vec<Small>)> {
    let units = c.geometry().units();
    let mut memo = LAST_UNITS
        .with(|m| m.borrow_mut().take())
        .filter(|(ctx, _)| Arc::ptr_eq(ctx, &c.ctx))
        .unwrap_or_else(|| (c.ctx.clone(), (0..units.len()).map(|_| None).collect()));
    let (mut list, mut small) = (Vec::new(), Vec::new());
    let mut key = Vec::new();
    for (u, unit) in units.iter().enumerate() {
        key.clear();
        key.extend(unit.cells.iter().map(|&x| {
            let x = x as usize;
            c.mask(x) | ((c.values()[x] != 0) as u64) << 63
        }));
        let entry = &mut memo.1[u];
        if !entry.as_ref().is_some_and(|e| e.key == key) {
            let mut unit_list = Vec::new();
            if !unit_als(c, u, MAX_SIZE, &mut unit_list) {
                return None;
            }
            let unit_small = small_sets(c, &unit_list)?;
            *entry = Some(UnitEntry {
                key: key.clone(),
                list: unit_list,
                small: unit_small,
            });
        }
        let e = entry.as_ref().expect("set above");
        list.extend(e.list.iter().cloned());
        small.extend(e.small.iter().cloned());
    }
    LAST_UNITS.with(|m| *m.borrow_mut() = Some(memo));
    Some((list, small))
}

/// The subsets of `k` cells of `cells` (candidates `masks`) holding `k + 1`
/// digits between them, in the order `combinations` lists subsets. A
/// prefix already holding more than `k + 1` digits is cut: digits only add
/// up as cells join.
fn subsets(
    cells: &[u32],
    masks: &[u64],
    k: usize,
    start: usize,
    mask: u64,
    cur: &mut Vec<u32>,
    found: &mut dyn FnMut(&[u32], u64),
) {
    if cur.len() == k {
        if mask.count_ones() as usize == k + 1 {
            found(cur, mask);
        }
        return;
    }
    for i in start..cells.len() {
        if cells.len() - i < k - cur.len() {
            break;
        }
        let m = mask | masks[i];
        if m.count_ones() as usize > k + 1 {
            continue;
        }
        cur.push(cells[i]);
        subsets(cells, masks, k, i + 1, m, cur, found);
        cur.pop();
    }
}

/// Per-ALS bit sets over the cells of boards of at most 128 cells, so the
/// pair search tests restricted commons with a few word operations.
#[derive(Clone)]
pub(super) struct Small {
    pub(super) set: u128,
    /// `cells_of[d]`: the ALS's cells holding digit `d` (0-based). Boards of
    /// at most 128 cells have at most 11 digits.
    pub(super) cells_of: [u128; 11],
    /// `seen[d]`: cells that see every cell of `cells_of[d]`.
    pub(super) seen: [u128; 11],
}

pub(super) fn small_sets(c: &Candidates, list: &[Als]) -> Option<Vec<Small>> {
    let peers = c.ctx.peer128.as_ref()?;
    if c.ctx.n > 11 {
        return None;
    }
    Some(
        list.iter()
            .map(|a| {
                let mut s = Small {
                    set: 0,
                    cells_of: [0; 11],
                    seen: [u128::MAX; 11],
                };
                for &x in a.cells.iter() {
                    s.set |= 1 << x;
                    for d in bits(c.mask(x as usize)) {
                        s.cells_of[d] |= 1 << x;
                        s.seen[d] &= peers[x as usize];
                    }
                }
                s
            })
            .collect(),
    )
}

/// The ALSs of up to five cells of a board and their bit sets: ALS-XZ
/// takes those of up to four cells (in the same order), the net all.
pub(super) struct Table {
    pub(super) list: Rc<Vec<Als>>,
    pub(super) small: Rc<Vec<Small>>,
}

/// A board (its context, values and masks) and its ALS table.
type TableMemo = (Arc<super::Ctx>, Vec<u16>, Vec<u64>, Rc<Table>);

thread_local! {
    /// The last board's table: ALS-XZ, ALS-XY-Wing and ALS-XY-Chain run
    /// one after the other on the same board.
    static LAST_TABLE: RefCell<Option<TableMemo>> = const { RefCell::new(None) };
}

/// The table of `c`, reused when the board is the one seen last; `None`
/// where [`small_sets`] has no bit sets (boards over 128 cells).
pub(super) fn table(c: &Candidates) -> Option<Rc<Table>> {
    if c.ctx.peer128.is_none() || c.ctx.n > 11 {
        return None;
    }
    let hit = LAST_TABLE.with(|m| {
        m.borrow().as_ref().and_then(|(ctx, values, masks, t)| {
            (Arc::ptr_eq(ctx, &c.ctx) && values == c.values() && masks == c.masks())
                .then(|| t.clone())
        })
    });
    if hit.is_some() {
        return hit;
    }
    let (list, small) = cached_als(c)?;
    let t = Rc::new(Table {
        list: Rc::new(list),
        small: Rc::new(small),
    });
    // A list cut short by the limits is not the board's.
    if !c.out_of_time() {
        let key = (c.ctx.clone(), c.values().to_vec(), c.masks().to_vec());
        LAST_TABLE.with(|m| *m.borrow_mut() = Some((key.0, key.1, key.2, t.clone())));
    }
    Some(t)
}

/// The ALSs of up to five cells of a board, their bit sets and, for each,
/// the others it shares restricted common digits with: what ALS-XY-Wing
/// and ALS-XY-Chain search. Boards of at most 128 cells.
pub(super) struct Net {
    pub(super) list: Rc<Vec<Als>>,
    pub(super) small: Rc<Vec<Small>>,
    /// `links.of(i)`: (j, mask of the restricted common digits of i and
    /// j), for every disjoint j with at least one, in increasing j.
    pub(super) links: Adjacency<(u32, u64)>,
    /// Cells holding each digit.
    pub(super) digit_cells: Vec<u128>,
}

/// A board (its context and every cell's mask) and its net.
type Memo = (std::sync::Arc<super::Ctx>, Vec<u64>, std::rc::Rc<Net>);

thread_local! {
    /// The last board's net: the chain search runs on the board the wing
    /// search just left.
    static LAST_NET: std::cell::RefCell<Option<Memo>> = const { std::cell::RefCell::new(None) };
}

/// Drops this thread's memos (see [`super::forget_memos`]).
pub(super) fn forget_memos() {
    drop(LAST_UNITS.with(std::cell::RefCell::take));
    drop(LAST_TABLE.with(std::cell::RefCell::take));
    drop(LAST_NET.with(std::cell::RefCell::take));
}

/// The net of `c`, reused when the board is the one seen last; `None` on
/// boards over 128 cells or when time runs out while building it.
pub(super) fn net(c: &Candidates) -> Option<std::rc::Rc<Net>> {
    let masks: Vec<u64> = (0..c.cell_count()).map(|x| c.mask(x)).collect();
    let last = LAST_NET.with(|m| m.borrow_mut().take());
    let mut old: Option<Rc<Net>> = None;
    if let Some((ctx, k, net)) = last {
        if Arc::ptr_eq(&ctx, &c.ctx) {
            if k == masks {
                let hit = net.clone();
                LAST_NET.with(|m| *m.borrow_mut() = Some((ctx, k, net)));
                return Some(hit);
            }
            old = Some(net);
        }
    }
    let t = table(c)?;
    let (list, small) = (t.list.clone(), t.small.clone());
    let digit_cells = c.digit_cells();
    let links = match &old {
        Some(old) => links_from(c, &list, &small, &digit_cells, old)?,
        None => links_fresh(c, &list, &small, &digit_cells)?,
    };
    let net = std::rc::Rc::new(Net {
        list,
        small,
        links,
        digit_cells,
    });
    LAST_NET.with(|m| *m.borrow_mut() = Some((c.ctx.clone(), masks, net.clone())));
    Some(net)
}

/// The sets listed by digit and first cell holding it: `of(x · cells + y)`
/// is the sets whose first x is in cell y, in increasing index.
fn by_first(c: &Candidates, list: &[Als], small: &[Small]) -> Adjacency<u32> {
    let cells = c.cell_count();
    let mut firsts: Vec<(u32, u32)> = Vec::new();
    for (j, (a, s)) in list.iter().zip(small.iter()).enumerate() {
        for x in bits(a.mask) {
            firsts.push((
                (x * cells) as u32 + s.cells_of[x].trailing_zeros(),
                j as u32,
            ));
        }
    }
    Adjacency::from_edges(c.ctx.n * cells, &firsts)
}

/// Appends to `partners` the sets after index `after` (all with `None`)
/// sharing restricted common digits with set `i`, as (j, digit bit),
/// then sorts them by j and merges each j's digits into one mask.
///
/// A link through digit x puts every x of one set among the cells seeing
/// every x of the other, the other set's first x among them; so each set
/// looks for partners among the sets whose first x it sees, instead of
/// pairing every two sets. Whether two sets are linked depends on the two
/// sets only.
#[allow(clippy::too_many_arguments)]
fn partners_of(
    i: usize,
    after: Option<usize>,
    list: &[Als],
    small: &[Small],
    digit_cells: &[u128],
    by_first: &Adjacency<u32>,
    cells: usize,
    partners: &mut Vec<(u32, u64)>,
) {
    let a = &small[i];
    partners.clear();
    for x in bits(list[i].mask) {
        let seen = a.seen[x];
        let mut ys = seen & digit_cells[x] & !a.set;
        while ys != 0 {
            let y = ys.trailing_zeros() as usize;
            ys &= ys - 1;
            let sets = by_first.of(x * cells + y);
            let from = after.map_or(0, |k| sets.partition_point(|&j| j as usize <= k));
            for &j in &sets[from..] {
                let b = &small[j as usize];
                if b.set & a.set == 0 && b.cells_of[x] & !seen == 0 {
                    partners.push((j, 1 << x));
                }
            }
        }
    }
    partners.sort_unstable_by_key(|p| p.0);
    let mut k = 0;
    let mut w = 0;
    while k < partners.len() {
        let (j, mut m) = partners[k];
        k += 1;
        while k < partners.len() && partners[k].0 == j {
            m |= partners[k].1;
            k += 1;
        }
        partners[w] = (j, m);
        w += 1;
    }
    partners.truncate(w);
}

/// The net's links built afresh: each pair (i < j) found once from i.
fn links_fresh(
    c: &Candidates,
    list: &[Als],
    small: &[Small],
    digit_cells: &[u128],
) -> Option<Adjacency<(u32, u64)>> {
    let by_first = by_first(c, list, small);
    // Both directions of each pair (i < j), pairs in increasing (i, j): the
    // stable sort by node then lists each node's links by the other node.
    let mut edges: Vec<(u32, (u32, u64))> = Vec::new();
    let mut partners: Vec<(u32, u64)> = Vec::new();
    for i in 0..list.len() {
        if c.out_of_time() {
            return None;
        }
        let cells = c.cell_count();
        partners_of(
            i,
            Some(i),
            list,
            small,
            digit_cells,
            &by_first,
            cells,
            &mut partners,
        );
        for &(j, m) in &partners {
            edges.push((i as u32, (j, m)));
            edges.push((j, (i as u32, m)));
        }
    }
    Some(Adjacency::from_edges(list.len(), &edges))
}

/// The net's links from the last net of the same board context: a step
/// remakes the ALSs of the units whose cells changed, and the others are
/// the same objects, in the same order. Links between two such sets are
/// the old ones, renumbered; only the new sets look for partners.
fn links_from(
    c: &Candidates,
    list: &[Als],
    small: &[Small],
    digit_cells: &[u128],
    old: &Net,
) -> Option<Adjacency<(u32, u64)>> {
    const NONE: u32 = u32::MAX;
    // Old index of each set kept from the old net. Both lists are in unit
    // order, and a unit's sets are either all kept or all remade.
    let mut old_of = vec![NONE; list.len()];
    let mut new_of = vec![NONE; old.list.len()];
    let mut p = 0;
    for (i, a) in list.iter().enumerate() {
        while p < old.list.len() && old.list[p].unit < a.unit {
            p += 1;
        }
        if let Some(b) = old.list.get(p) {
            if b.unit == a.unit && Rc::ptr_eq(&b.cells, &a.cells) && b.mask == a.mask {
                old_of[i] = p as u32;
                new_of[p] = i as u32;
                p += 1;
            }
        }
    }
    let by_first = by_first(c, list, small);
    let cells = c.cell_count();
    // Links that involve a new set: all of a new set's, in increasing j,
    // and a kept set's to new sets, found as new sets come in order.
    let mut edges: Vec<(u32, (u32, u64))> = Vec::new();
    let mut partners: Vec<(u32, u64)> = Vec::new();
    for i in 0..list.len() {
        if old_of[i] != NONE {
            continue;
        }
        if c.out_of_time() {
            return None;
        }
        partners_of(
            i,
            None,
            list,
            small,
            digit_cells,
            &by_first,
            cells,
            &mut partners,
        );
        for &(j, m) in &partners {
            edges.push((i as u32, (j, m)));
            if old_of[j as usize] != NONE {
                edges.push((j, (i as u32, m)));
            }
        }
    }
    let fresh = Adjacency::from_edges(list.len(), &edges);
    Some(Adjacency::build(list.len(), |i, out| {
        let new = fresh.of(i);
        if old_of[i] == NONE {
            out.extend_from_slice(new);
            return;
        }
        // Merge the kept links (renumbered, still increasing) with the new.
        let mut k = 0;
        for &(oj, m) in old.links.of(old_of[i] as usize) {
            let j = new_of[oj as usize];
            if j == NONE {
                continue;
            }
            while k < new.len() && new[k].0 < j {
                out.push(new[k]);
                k += 1;
            }
            out.push((j, m));
        }
        out.extend_from_slice(&new[k..]);
    }))
}

pub(crate) fn find_xz(c: &Candidates) -> Option<Step> {
    // The pair with the most eliminations (ties: the first found), as
    // HoDoKu chooses. Scanning every pair costs what a step without any
    // ALS-XZ costs already.
    let mut best: Option<Step> = None;
    // Boards of at most 128 cells: the disjoint pairs with a restricted
    // common digit are the links of the shared net (which ALS-XY-Wing and
    // ALS-XY-Chain search next on this board), listed by increasing (i, j)
    // as the scan of all pairs below meets them.
    if c.ctx.peer128.is_some() && c.ctx.n <= 11 {
        let net = net(c)?;
        let (list, small) = (&net.list, &net.small);
        for i in 0..list.len() {
            if c.out_of_time() {
                return None;
            }
            for &(j, rccs) in net.links.of(i) {
                let j = j as usize;
                let common = list[i].mask & list[j].mask;
                // At least two common digits: the link's and a Z.
                if j <= i || common & (common - 1) == 0 {
                    continue;
                }
                let pair = Pair {
                    a: &list[i],
                    b: &list[j],
                    small: Some((&small[i], &small[j])),
                    common,
                    rccs,
                };
                pair.step(c, &net.digit_cells, &mut best);
            }
        }
        return best;
    }
    let list = all_als(c, MAX_SIZE);
    let ctx = &c.ctx;
    for (i, a) in list.iter().enumerate() {
        if c.out_of_time() {
            return None;
        }
        for b in list.iter().skip(i + 1) {
            let common = a.mask & b.mask;
            if common.count_ones() < 2 {
                continue;
            }
            if a.cells.iter().any(|x| b.cells.contains(x)) {
                continue;
            }
            let has = |cell: u32, d: usize| c.mask(cell as usize) >> d & 1 != 0;
            let restricted = |x: usize| {
                a.cells.iter().filter(|&&p| has(p, x)).all(|&p| {
                    b.cells
                        .iter()
                        .filter(|&&q| has(q, x))
                        .all(|&q| ctx.sees(p as usize, q as usize))
                })
            };
            let rccs: u64 = bits(common)
                .filter(|&x| restricted(x))
                .fold(0, |m, x| m | 1 << x);
            let pair = Pair {
                a,
                b,
                small: None,
                common,
                rccs,
            };
            pair.step(c, &[], &mut best);
        }
    }
    best
}

/// Two disjoint ALSs, their common digits and their restricted ones.
struct Pair<'a> {
    a: &'a Als,
    b: &'a Als,
    small: Option<(&'a Small, &'a Small)>,
    common: u64,
    rccs: u64,
}

impl Pair<'_> {
    /// Replaces `best` by this pair's step if it eliminates more.
    /// `digit_cells` (cells holding each digit) is read with bit sets only.
    fn step(&self, c: &Candidates, digit_cells: &[u128], best: &mut Option<Step>) {
        let ctx = &c.ctx;
        let (a, b, common, rccs) = (self.a, self.b, self.common, self.rccs);
        let (sa, sb) = match self.small {
            Some((sa, sb)) => (Some(sa), Some(sb)),
            None => (None, None),
        };
        let has = |cell: u32, d: usize| c.mask(cell as usize) >> d & 1 != 0;
        // Cells off both sets holding `z` and seeing every `z` of `sets`.
        let victims = |z: usize, sets: &[&Als], out: &mut Vec<Cand>| {
            let mut zs = sets
                .iter()
                .flat_map(|s| s.cells.iter())
                .filter(|&&q| has(q, z));
            let Some(&first) = zs.next() else { return };
            for &p in &ctx.peers[first as usize] {
                if has(p, z)
                    && !a.cells.contains(&p)
                    && !b.cells.contains(&p)
                    && sets
                        .iter()
                        .flat_map(|s| s.cells.iter())
                        .filter(|&&q| has(q, z))
                        .all(|&q| q == p || ctx.sees(p as usize, q as usize))
                {
                    out.push(Cand::new(p as usize, z as u16 + 1));
                }
            }
        };
        let best_len = best.as_ref().map_or(0, |b| b.eliminations.len());
        if rccs.count_ones() == 2 {
            // Doubly linked: each set holds its N + 1 digits in N cells,
            // so it keeps at least one of the two restricted digits, and
            // neither can be in both: each holds exactly one and is
            // locked on the rest. Every digit of A but the two is in A,
            // every one of B in B, and each of the two in A or B.
            let elims = match (sa, sb) {
                // With bit sets: the victims of `z` seeing every `z` of the
                // sets are `seen[z]` of each (the peers of every such cell),
                // listed by digit and then cell as the sort below leaves them.
                (Some(sa), Some(sb)) => {
                    let off = !(sa.set | sb.set);
                    let mut by_digit = [0u128; 11];
                    let mut count = 0;
                    for z in bits(a.mask | b.mask) {
                        let mut v = 0;
                        if common >> z & 1 != 0 {
                            v |= sa.seen[z] & sb.seen[z];
                        }
                        if (a.mask & !rccs) >> z & 1 != 0 {
                            v |= sa.seen[z];
                        }
                        if (b.mask & !rccs) >> z & 1 != 0 {
                            v |= sb.seen[z];
                        }
                        v &= digit_cells[z] & off;
                        by_digit[z] = v;
                        count += v.count_ones() as usize;
                    }
                    if count <= best_len {
                        return;
                    }
                    let mut elims = Vec::with_capacity(count);
                    for z in bits(a.mask | b.mask) {
                        let mut m = by_digit[z];
                        while m != 0 {
                            elims.push(Cand::new(m.trailing_zeros() as usize, z as u16 + 1));
                            m &= m - 1;
                        }
                    }
                    elims
                }
                _ => {
                    let mut elims = Vec::new();
                    for z in bits(common) {
                        victims(z, &[a, b], &mut elims);
                    }
                    for (set, mask) in [(a, a.mask), (b, b.mask)] {
                        for z in bits(mask & !rccs) {
                            victims(z, &[set], &mut elims);
                        }
                    }
                    elims.sort_unstable_by_key(|e| (e.digit, e.cell));
                    elims.dedup();
                    elims
                }
            };
            if elims.len() <= best_len {
                return;
            }
            let xs: Vec<String> = bits(rccs).map(|x| (x + 1).to_string()).collect();
            let mut s = als_pair_step(c, a, b, elims);
            explain!(c, s,
                "A = {} ({}) and B = {} ({}) are almost locked sets linked twice: neither {x} nor {y} can be in both (every one of A sees every one of B), and each set needs one of them, so one holds {x} and the other {y} and both are locked: each of A's other digits is in A, each of B's in B, and {x} and {y} in A or B, so cells seeing every such digit lose it: remove {}",
                list_and(c, &a.cells),
                digits_text(a.mask),
                list_and(c, &b.cells),
                digits_text(b.mask),
                elim_text(c, &s.eliminations),
                x = xs[0],
                y = xs[1],
            );
            *best = Some(s);
            return;
        }
        for x in bits(rccs) {
            let best_len = best.as_ref().map_or(0, |b| b.eliminations.len());
            // Quick count: the cells outside both seeing every Z of both
            // (the list below is in peer order, so it is made only when it
            // would win).
            if let (Some(sa), Some(sb)) = (sa, sb) {
                let count: u32 = bits(common & !(1 << x))
                    .map(|z| {
                        (sa.seen[z] & sb.seen[z] & digit_cells[z] & !(sa.set | sb.set)).count_ones()
                    })
                    .sum();
                if count as usize <= best_len {
                    continue;
                }
            }
            let mut elims = Vec::new();
            for z in bits(common & !(1 << x)) {
                victims(z, &[a, b], &mut elims);
            }
            if elims.len() <= best_len {
                continue;
            }
            let mut s = als_pair_step(c, a, b, elims);
            let mut zs: Vec<u16> = s.eliminations.iter().map(|e| e.digit).collect();
            zs.sort_unstable();
            zs.dedup();
            let zs: Vec<String> = zs.iter().map(|z| z.to_string()).collect();
            explain!(c, s,
                "A = {} ({}) and B = {} ({}) are almost locked sets; X = {x1} cannot be in both (every {x1} of A sees every {x1} of B), so one set is locked without it; Z = {} is then in A or B, so cells seeing every Z of both lose it: remove {}",
                list_and(c, &a.cells),
                digits_text(a.mask),
                list_and(c, &b.cells),
                digits_text(b.mask),
                zs.join(" and "),
                elim_text(c, &s.eliminations),
                x1 = x + 1,
            );
            *best = Some(s);
        }
    }
}

/// An ALS-XZ step on sets `a` and `b` with these eliminations: the sets'
/// cells and candidates for highlighting; the caller writes the text.
fn als_pair_step(c: &Candidates, a: &Als, b: &Als, elims: Vec<Cand>) -> Step {
    let mut s = Step::new(Technique::AlsXz);
    s.eliminations = elims;
    s.cells = a.cells.iter().chain(b.cells.iter()).copied().collect();
    s.units = vec![a.unit, b.unit];
    for &cell in &s.cells {
        for d in bits(c.mask(cell as usize)) {
            s.candidates.push(Cand::new(cell as usize, d as u16 + 1));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn als_xz_with_small_sets() {
        // A = {r1c1} holding 1/2 (one bivalue cell is an ALS); B = {r5c1,
        // r5c2} holding 1/2/3 (row 5, box 4). X = 1 is restricted: the only
        // 1s are r1c1 and r5c1, in one column. Z = 2 is in r1c1 and r5c2, so
        // every cell seeing both loses 2: r1c2, r2c2, r3c2 (row or box 1 and
        // column 2), r4c1 and r6c1 (column 1 and box 4).
        let keep: &[(&str, &[u16])] = &[("r1c1", &[1, 2]), ("r5c1", &[1, 3]), ("r5c2", &[2, 3])];
        let c = keeping(keep);
        let s = find_xz(&c).unwrap();
        assert_eq!(s.technique, Technique::AlsXz);
        assert_eq!(
            elims(&c, &s),
            vec!["r1c2<>2", "r2c2<>2", "r3c2<>2", "r4c1<>2", "r6c1<>2"]
        );
    }

    /// The table kept unit by unit equals one built afresh, along a hard
    /// puzzle's path (each board a few candidates away from the last).
    #[test]
    fn units_kept_equal_fresh() {
        let boards = along_paths(&HARD[..1], |c| {
            let (list, small) = cached_als(c).unwrap();
            let fresh = all_als(c, MAX_SIZE);
            let fresh_small = small_sets(c, &fresh).unwrap();
            assert_eq!(list.len(), fresh.len());
            for (a, b) in list.iter().zip(&fresh) {
                assert_eq!((&a.cells, a.mask, a.unit), (&b.cells, b.mask, b.unit));
            }
            for (a, b) in small.iter().zip(&fresh_small) {
                assert_eq!((a.set, a.cells_of, a.seen), (b.set, b.cells_of, b.seen));
            }
            true
        });
        assert!(boards > 20, "{boards} boards");
    }

    /// The net's links made from the last net equal links built afresh,
    /// along hard puzzles' paths. The last net carries over from one puzzle
    /// to the next, as the kept net does between puzzles of one geometry.
    #[test]
    fn net_links_kept_equal_fresh() {
        let mut last: Option<Rc<Net>> = None;
        let boards = along_paths(&HARD, |c| {
            let t = table(c).unwrap();
            let digit_cells = c.digit_cells();
            let fresh = links_fresh(c, &t.list, &t.small, &digit_cells).unwrap();
            let links = match &last {
                Some(old) => links_from(c, &t.list, &t.small, &digit_cells, old).unwrap(),
                None => links_fresh(c, &t.list, &t.small, &digit_cells).unwrap(),
            };
            assert_eq!(links.nodes(), fresh.nodes());
            for i in 0..links.nodes() {
                assert_eq!(links.of(i), fresh.of(i), "set {i}");
            }
            last = Some(Rc::new(Net {
                list: t.list.clone(),
                small: t.small.clone(),
                links,
                digit_cells,
            }));
            true
        });
        assert!(boards > 60, "{boards} boards");
    }
}
