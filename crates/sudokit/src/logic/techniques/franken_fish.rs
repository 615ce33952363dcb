//! Franken fish (X-wing, swordfish and, when asked for, jellyfish sizes) and their finned forms: fish
//! whose base or cover sets include boxes. Base: k rows and boxes (or
//! columns and boxes); cover: k columns and boxes (or rows and boxes), at
//! least one box on either side, otherwise the fish is a basic one.
//!
//! The base sets hold k copies of the digit in distinct cells (a cell in
//! two base sets is an "endo fin"); each cover set holds at most one, so
//! if every base cell is covered the cover sets hold exactly those copies
//! and lose the digit elsewhere. A cell in two cover sets ("cannibal")
//! would fill two covers at once, so it is false too. With fins (base
//! cells outside the covers, and endo fins), either a fin is true or the
//! fish holds: cells seeing every fin lose the digit either way.
//!
//! Search: for each choice of base sets, covers are chosen for the first
//! base cell not yet covered (or it becomes a fin), so only cover sets that
//! cover something are tried. A branch stops once no cell seeing every fin
//! (those already chosen and the base cells no cover left can take) could
//! still lose the digit. Before any of that, a finned base choice needs a
//! cell that could be its victim: the base cells it does not see must fit
//! in k − 1 covers (most choices have none, and the check is far cheaper
//! than the search). HoDoKu's limits: at most 5 fins, of which at
//! most 2 endo fins. Boards of up to 128 cells.

#[cfg(test)]
use super::PLAIN;
use super::{elim_text, Cand, Candidates, DigitSlot, Step, Technique};

/// HoDoKu's limits on a finned fish's fins, and on those that are endo
/// fins (the mutant fish search uses them too).
pub(super) const MAX_FINS: u32 = 5;
pub(super) const MAX_ENDO_FINS: u32 = 2;

/// A unit as a set of the digit's cells.
#[derive(Clone, Copy)]
struct Set {
    unit: u32,
    cells: u128,
    is_box: bool,
}

/// Most cover sets, as a `u64` marks them (a board of up to 128 cells has
/// at most 11 lines and 11 boxes).
const MAX_SETS: usize = 64;

struct Search<'a> {
    c: &'a Candidates,
    d: u16,
    k: usize,
    finned: bool,
    /// Every candidate cell of the digit.
    all: u128,
    /// Every cover set (lines across, then boxes).
    covers: &'a [Set],
    /// For each cell, the indices in `covers` of its line and its box (a
    /// cell is in no other cover set), `NONE` where that set is missing.
    cover_of: &'a [[u8; 2]],
    /// Covers that may be chosen: they hold a base cell and are no base set.
    allowed: u64,
    peers: &'a [u128],
    base: &'a [Set],
    base_cells: u128,
    endo: u128,
    /// The covers chosen so far, in order: `chosen[..len]`.
    chosen: [u8; 4],
    len: usize,
    /// The most base cells one cover set holds.
    widest: u32,
    found: Option<Step>,
}

const NONE: u8 = u8::MAX;

/// The digit's cells in the cover sets a search node may still use: in
/// lines and in boxes, chosen or not (`lines`, `boxes`), and in those not
/// chosen yet (`free_*`). Lines are disjoint from each other, and so are
/// boxes, so taking one set away is a mask.
#[derive(Clone, Copy)]
struct Reach {
    lines: u128,
    boxes: u128,
    free_lines: u128,
    free_boxes: u128,
}

impl Reach {
    fn choose(mut self, s: Set) -> Reach {
        if s.is_box {
            self.free_boxes &= !s.cells;
        } else {
            self.free_lines &= !s.cells;
        }
        self
    }

    fn ban(mut self, s: Set) -> Reach {
        if s.is_box {
            self.boxes &= !s.cells;
            self.free_boxes &= !s.cells;
        } else {
            self.lines &= !s.cells;
            self.free_lines &= !s.cells;
        }
        self
    }
}

/// The fins of a partial fish: those chosen (`cells`, endo fins aside),
/// how many with the endo fins, and the cells seeing all of them.
#[derive(Clone, Copy)]
struct Fins {
    cells: u128,
    count: u32,
    seen: u128,
}

/// The first Franken fish of size `k` (2 to 4), finned or not.
pub(crate) fn find(c: &Candidates, k: usize, finned: bool) -> Option<Step> {
    let ctx = &c.ctx;
    let peers = ctx.peer128.as_deref()?;
    let unseen: Vec<u128> = peers
        .iter()
        .enumerate()
        .map(|(x, &p)| !(p | 1 << x))
        .collect();
    if ctx.rows.is_empty() || ctx.box_units.is_empty() || !(2..=4).contains(&k) {
        return None;
    }
    let units = c.geometry().units();
    let slot = DigitSlot::Franken(k, finned);
    let unit_cells = ctx.unit128.as_ref().map(|(u, _)| u);
    super::per_digit_since(c, slot, |d, gone| {
        // The digit's cells, to cut each unit's out of them with one `and`
        // where the units' cells are kept as sets.
        let mut digit_cells = 0u128;
        for x in 0..c.cell_count() {
            digit_cells |= ((c.mask(x) >> (d - 1) & 1) as u128) << x;
        }
        let sets = |list: &[u32], is_box: bool| -> Vec<Set> {
            let mut v = Vec::with_capacity(list.len());
            for &u in list {
                let cells = match unit_cells {
                    Some(uc) => uc[u as usize] & digit_cells,
                    None => units[u as usize]
                        .cells
                        .iter()
                        .fold(0u128, |a, &x| a | (digit_cells & 1 << x)),
                };
                if cells != 0 {
                    v.push(Set {
                        unit: u,
                        cells,
                        is_box,
                    });
                }
            }
            v
        };
        let (rows, cols, boxes) = (
            sets(&ctx.rows, false),
            sets(&ctx.cols, false),
            sets(&ctx.box_units, true),
        );
        let all = rows.iter().fold(0u128, |a, s| a | s.cells);
        for (lines, across) in [(&rows, &cols), (&cols, &rows)] {
            let mut base_pool: Vec<Set> = Vec::with_capacity(lines.len() + boxes.len());
            base_pool.extend(
                lines
                    .iter()
                    .chain(&boxes)
                    .filter(|s| finned || s.cells.count_ones() as usize <= k),
            );
            // Base sets that lost a cell since the last search that found
            // nothing: a new fish needs one (see `per_digit_since`).
            let mut dirty = 0u64;
            for (i, s) in base_pool.iter().enumerate() {
                let unit = match unit_cells {
                    Some(uc) => uc[s.unit as usize],
                    None => units[s.unit as usize]
                        .cells
                        .iter()
                        .fold(0u128, |a, &x| a | 1 << x),
                };
                if unit & gone != 0 {
                    dirty |= 1 << i;
                }
            }
            let cover_pool: Vec<Set> = [&across[..], &boxes[..]].concat();
            if cover_pool.len() > MAX_SETS {
                return None;
            }
            let mut cover_of = vec![[NONE; 2]; c.cell_count()];
            let mut outside = vec![[!0u128; 2]; c.cell_count()];
            for (i, s) in cover_pool.iter().enumerate() {
                let mut m = s.cells;
                while m != 0 {
                    let x = m.trailing_zeros() as usize;
                    cover_of[x][s.is_box as usize] = i as u8;
                    outside[x][s.is_box as usize] = !s.cells;
                    m &= m - 1;
                }
            }
            // For each base set: the covers holding some of its cells, and
            // the cover that is the same unit (a box is on both sides).
            let touch: Vec<Touch> = base_pool
                .iter()
                .map(|b| {
                    let mut t = Touch {
                        hit: 0,
                        same: 0,
                        lines: 0,
                        boxes: 0,
                    };
                    for (i, s) in cover_pool.iter().enumerate() {
                        if s.cells & b.cells != 0 {
                            t.hit |= 1 << i;
                            if s.is_box {
                                t.boxes |= s.cells;
                            } else {
                                t.lines |= s.cells;
                            }
                        }
                        t.same |= ((s.unit == b.unit) as u64) << i;
                    }
                    t
                })
                .collect();
            let pool = Pool {
                c,
                d,
                k,
                finned,
                all,
                base_pool: &base_pool,
                cover_pool: &cover_pool,
                cover_of: &cover_of,
                outside: &outside,
                touch: &touch,
                peers,
                unseen: &unseen,
                dirty,
            };
            let start = Partial {
                sets: [0; 4],
                len: 0,
                cells: 0,
                endo: 0,
                base_boxes: 0,
                victims: all,
                lines: 0,
                boxes: 0,
                dirty: false,
            };
            let mut walk = Walk {
                visited: 0,
                found: None,
            };
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("popcnt") && !super::plain_in_tests() {
                pool.walk(0, &start, &mut walk, &mut |p| {
                    // SAFETY: the CPU has `popcnt` (checked just above; the
                    // check is a cached load).
                    unsafe { pool.base_popcnt(p) }
                });
                if walk.found.is_some() {
                    return walk.found;
                }
                continue;
            }
            pool.walk(0, &start, &mut walk, &mut |p| pool.base(p));
            if walk.found.is_some() {
                return walk.found;
            }
        }
        None
    })
}

/// A choice of base sets, being built: `sets[..len]` (indices into the
/// base pool), their cells, the cells in two of them (endo fins), the
/// cells of those that are boxes, and for a finned fish the cells that
/// could still be its victim, and the cells of the covers they hit.
#[derive(Clone, Copy)]
struct Partial {
    sets: [u32; 4],
    len: usize,
    cells: u128,
    endo: u128,
    base_boxes: u128,
    victims: u128,
    /// The cells of the lines and of the boxes among the covers the sets
    /// hit, base boxes included.
    lines: u128,
    boxes: u128,
    /// Whether one of the sets lost a cell (see [`Pool::dirty`]).
    dirty: bool,
}

impl Partial {
    /// The cells of the covers the choice may use, in lines and in boxes:
    /// a base box is no cover, and boxes do not overlap, so taking its
    /// cells away leaves the other boxes' cells.
    fn reach(&self) -> (u128, u128) {
        (self.lines, self.boxes & !self.base_boxes)
    }
}

/// The state of the walk over base choices.
struct Walk {
    /// Complete choices met, to read the clock every 256.
    visited: u32,
    found: Option<Step>,
}

/// For one base set: the covers holding some of its cells (`hit`), and
/// the cover that is the same unit (`same`, a box is on both sides); the
/// cells of the lines and of the boxes among the covers it hits.
struct Touch {
    hit: u64,
    same: u64,
    lines: u128,
    boxes: u128,
}

/// What the base choices of one digit and orientation share.
struct Pool<'a> {
    c: &'a Candidates,
    d: u16,
    k: usize,
    finned: bool,
    all: u128,
    base_pool: &'a [Set],
    cover_pool: &'a [Set],
    cover_of: &'a [[u8; 2]],
    /// For each cell, the cells outside its line and outside its box among
    /// the covers (kept complemented: the victim tests only ever take a
    /// cover's cells away).
    outside: &'a [[u128; 2]],
    touch: &'a [Touch],
    peers: &'a [u128],
    /// For each cell, the cells it neither is nor sees (complemented: the
    /// victim tests keep the base cells a victim does not see).
    unseen: &'a [u128],
    /// Base sets (bits of `base_pool`) that lost a cell since this search
    /// last found nothing for the digit; only choices with one are tried.
    dirty: u64,
}

/// The work of one base choice, compiled twice like the cover search (it
/// counts cells for every cover the choice may use).
macro_rules! base_choice {
    ($(#[$attr:meta])* $name:ident, $cover:ident) => {
        /// The fish on the complete base choice `p`, if any.
        $(#[$attr])*
        fn $name(&self, p: &Partial) -> Option<Step> {
            let (k, finned) = (self.k, self.finned);
            let bs = &p.sets[..k];
            let mut base = [self.base_pool[0]; 4];
            for (b, &i) in base.iter_mut().zip(bs) {
                *b = self.base_pool[i as usize];
            }
            let base = &base[..k];
            let (cells, endo) = (p.cells, p.endo);
            let (mut hit, mut same) = (0u64, 0u64);
            for &i in bs {
                let t = &self.touch[i as usize];
                hit |= t.hit;
                same |= t.same;
            }
            let allowed = hit & !same;
            let (lines, boxes) = p.reach();
            let reach = Reach {
                lines,
                boxes,
                free_lines: lines,
                free_boxes: boxes,
            };
            let mut widest = 0;
            let mut m = allowed;
            while m != 0 {
                let s = &self.cover_pool[m.trailing_zeros() as usize];
                widest = widest.max((s.cells & cells).count_ones());
                m &= m - 1;
            }
            let mut search = Search {
                c: self.c,
                d: self.d,
                k,
                finned,
                all: self.all,
                covers: self.cover_pool,
                cover_of: self.cover_of,
                allowed,
                peers: self.peers,
                base,
                base_cells: cells,
                endo,
                chosen: [0; 4],
                len: 0,
                widest,
                found: None,
            };
            let fins = Fins {
                cells: 0,
                count: endo.count_ones(),
                seen: search.fin_peers(endo),
            };
            search.$cover(0, fins, 0, reach);
            search.found
        }
    };
}

impl Pool<'_> {
    base_choice!(base, cover);
    base_choice!(
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt")]
        base_popcnt,
        cover_popcnt
    );

    /// Calls `leaf` with every choice of k base sets extending `p` by sets
    /// from `start` on, in lexicographic order, until it finds a fish or
    /// the limits expire; true to stop. Choices that cannot give a fish
    /// are left out: more than the endo fins allowed (they only grow as
    /// sets are added), or, for a finned fish, no cell left that could be
    /// the victim.
    fn walk(
        &self,
        start: usize,
        p: &Partial,
        w: &mut Walk,
        leaf: &mut dyn FnMut(&Partial) -> Option<Step>,
    ) -> bool {
        let n = self.base_pool.len();
        for i in start..n {
            if n - i < self.k - p.len || !p.dirty && self.dirty >> i == 0 {
                break;
            }
            let s = &self.base_pool[i];
            let endo = p.endo | (p.cells & s.cells);
            if endo != 0 && (!self.finned || endo.count_ones() > MAX_ENDO_FINS) {
                continue;
            }
            let mut q = *p;
            q.sets[q.len] = i as u32;
            q.len += 1;
            q.cells |= s.cells;
            q.endo = endo;
            if s.is_box {
                q.base_boxes |= s.cells;
            }
            q.lines |= self.touch[i].lines;
            q.boxes |= self.touch[i].boxes;
            q.dirty |= self.dirty >> i & 1 != 0;
            if q.len == self.k {
                if !q.dirty {
                    continue;
                }
                w.visited = w.visited.wrapping_add(1);
                if w.visited % 256 == 0 && self.c.out_of_time() {
                    return true;
                }
                if self.finned && !self.victim_possible(&q) {
                    continue;
                }
                if let Some(step) = leaf(&q) {
                    w.found = Some(step);
                    return true;
                }
                continue;
            }
            if !q.dirty && self.dirty >> i >> 1 == 0 {
                continue;
            }
            if self.finned {
                q.victims = self.partial_victims(&q);
                if q.victims == 0 {
                    continue;
                }
            }
            if self.walk(i + 1, &q, w, leaf) {
                return true;
            }
        }
        false
    }

    /// The cells of `p.victims` that could still be the victim of a finned
    /// fish on base sets extending `p` (see [`Pool::victim_possible`]):
    /// whether off the base or a cannibal, a victim sees the endo fins and
    /// the base cells it does not see fit in k − 1 covers; both hold for
    /// every part of the base.
    fn partial_victims(&self, p: &Partial) -> u128 {
        match self.k {
            2 => self.partial_victims_in::<1>(p),
            3 => self.partial_victims_in::<2>(p),
            _ => self.partial_victims_in::<3>(p),
        }
    }

    /// [`Pool::partial_victims`] with `J` = k − 1 covers.
    fn partial_victims_in<const J: usize>(&self, p: &Partial) -> u128 {
        let mut keep = p.victims;
        let mut m = p.victims;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            let low = m & m.wrapping_neg();
            m ^= low;
            let unseen = self.unseen[v];
            if p.endo & unseen != 0 || !self.coverable::<J>(p.cells & unseen, p.base_boxes) {
                keep ^= low;
            }
        }
        keep
    }

    /// Whether some cell of `p.victims` could lose the digit to a finned
    /// fish on the complete base choice `p`, whatever its covers. A victim
    /// off the base sees every fin, and the cover holding it (its line or
    /// its box) lies among its peers, so the base cells it does not see
    /// must be covered by the other k − 1 covers. A cannibal victim is in
    /// two covers, both among its peers, leaving k − 2 for the base cells
    /// it does not see. Endo fins are fins whatever the covers, so the
    /// victim sees them too.
    fn victim_possible(&self, p: &Partial) -> bool {
        match self.k {
            2 => self.victim_possible_in::<1, 0>(p),
            3 => self.victim_possible_in::<2, 1>(p),
            _ => self.victim_possible_in::<3, 2>(p),
        }
    }

    /// [`Pool::victim_possible`] with `J` = k − 1 and `I` = k − 2 covers.
    #[inline(always)]
    fn victim_possible_in<const J: usize, const I: usize>(&self, p: &Partial) -> bool {
        let (cells, endo, base_boxes) = (p.cells, p.endo, p.base_boxes);
        let (lines, boxes) = p.reach();
        // Off the base, a victim's own cell is in no base set, so what it
        // does not see of them is the same with or without itself.
        let mut m = (lines | boxes) & !cells & p.victims;
        while m != 0 {
            let unseen = self.unseen[m.trailing_zeros() as usize];
            m &= m - 1;
            if endo & unseen == 0 && self.coverable::<J>(cells & unseen, base_boxes) {
                return true;
            }
        }
        let mut m = lines & boxes & cells & p.victims;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            let unseen = self.unseen[v];
            if endo & unseen == 0 && self.coverable::<I>(cells & unseen, base_boxes) {
                return true;
            }
        }
        false
    }

    /// Whether `J` covers hold every cell of `rest`, a set of base cells:
    /// the first cell's line or box must be one of them. A box of the base
    /// is no cover: its cells are in `base_boxes`, so a box test with them
    /// added to what is left fails. Past two covers (Franken jellyfish)
    /// this answers yes without looking.
    #[inline(always)]
    fn coverable<const J: usize>(&self, rest: u128, base_boxes: u128) -> bool {
        if rest == 0 || J > 2 {
            return true;
        }
        if J == 0 {
            return false;
        }
        let [off_line, off_box] = self.outside[rest.trailing_zeros() as usize];
        let (a, b) = (rest & off_line, rest & (off_box | base_boxes));
        if J == 1 {
            return a == 0 || b == 0;
        }
        self.coverable1(a, base_boxes) || self.coverable1(b, base_boxes)
    }

    #[inline(always)]
    fn coverable1(&self, rest: u128, base_boxes: u128) -> bool {
        if rest == 0 {
            return true;
        }
        let [off_line, off_box] = self.outside[rest.trailing_zeros() as usize];
        rest & off_line == 0 || rest & (off_box | base_boxes) == 0
    }
}

/// The cover search, written once and compiled twice: plain, and on
/// x86-64 with `popcnt` (without it, `u128::count_ones` is a sequence of
/// about thirty instructions, and the search counts cells at every node).
macro_rules! cover_search {
    ($(#[$attr:meta])* $name:ident) => {
        /// Covers the first base cell neither covered nor a fin; true to
        /// stop. `banned` (bits of `covers`) are covers whose sets were all
        /// explored in an earlier branch, so each set of covers is met once.
        $(#[$attr])*
        fn $name(
            &mut self,
            covered: u128,
            fins: Fins,
            mut banned: u64,
            mut sets: Reach,
        ) -> bool {
            let open = self.base_cells & !covered & !fins.cells;
            if self.len == self.k || open == 0 {
                return self.len == self.k && self.leaf(covered, fins);
            }
            // The covers left cannot leave few enough fins.
            let fins_left = if self.finned {
                MAX_FINS.saturating_sub(fins.count)
            } else {
                0
            };
            let reach = (self.k - self.len) as u32 * self.widest;
            if open.count_ones() > reach + fins_left {
                return false;
            }
            if !self.victim_left(open, fins, sets) {
                return false;
            }
            let x = open.trailing_zeros();
            // x's line comes before its box in `covers`.
            for i in self.cover_of[x as usize] {
                if i == NONE || (self.allowed & !banned) >> i & 1 == 0 {
                    continue;
                }
                let s = self.covers[i as usize];
                self.chosen[self.len] = i;
                self.len += 1;
                // The last cover: the leaf of the call below, without the call.
                let stop = if self.len == self.k {
                    self.leaf(covered | s.cells, fins)
                } else {
                    self.$name(covered | s.cells, fins, banned | 1 << i, sets.choose(s))
                };
                self.len -= 1;
                if stop {
                    return true;
                }
                banned |= 1 << i;
                sets = sets.ban(s);
            }
            // Or x is a fin (no cover of it from here on), if some cell off the
            // base holding the digit still sees every fin: only cannibals would
            // be left to remove otherwise, and those are not searched for.
            if fins_left > 0 {
                let fins = Fins {
                    cells: fins.cells | 1 << x,
                    count: fins.count + (self.endo >> x & 1 == 0) as u32,
                    seen: fins.seen & self.peers[x as usize],
                };
                if fins.seen & self.all & !self.base_cells != 0 {
                    return self.$name(covered, fins, banned, sets);
                }
            }
            false
        }
    };
}

impl Search<'_> {
    /// With every cover chosen, what is left open becomes fins.
    #[inline(always)]
    fn leaf(&mut self, covered: u128, fins: Fins) -> bool {
        let open = self.base_cells & !covered & !fins.cells;
        let new = open & !self.endo;
        fins.count + new.count_ones() <= MAX_FINS
            && self.check(covered, fins.cells | open | self.endo, fins.seen, new)
    }

    cover_search!(cover);
    cover_search!(
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt")]
        cover_popcnt
    );

    /// Whether the search below can still end in a fish with eliminations:
    /// open base cells that no cover still possible holds will be fins, so
    /// some cell seeing every fin, those included, must be able to lose the
    /// digit: a cell off the base in a cover chosen or still possible, or a
    /// base cell whose line and box can both be covers (a cannibal).
    #[inline]
    fn victim_left(&self, open: u128, fins: Fins, reach: Reach) -> bool {
        let forced = open & !(reach.free_lines | reach.free_boxes) & !self.endo;
        if forced == 0 && fins.count == 0 {
            return true;
        }
        if forced != 0 && (!self.finned || fins.count + forced.count_ones() > MAX_FINS) {
            return false;
        }
        let victims =
            ((reach.lines | reach.boxes) & !self.base_cells) | (reach.lines & reach.boxes);
        fins.seen & self.fin_peers(forced) & victims != 0
    }

    /// Cells seeing every fin.
    #[inline]
    fn fin_peers(&self, fins: u128) -> u128 {
        let mut m = !0u128;
        let mut f = fins;
        while f != 0 {
            m &= self.peers[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        m
    }

    /// `covered`: the cells of the chosen covers; the cells seeing every
    /// fin are those in `seen` seeing every cell of `new` too (worked out
    /// only when needed). The cheap tests that fail most come first; all
    /// must pass.
    #[inline]
    fn check(&mut self, covered: u128, fins: u128, seen: u128, new: u128) -> bool {
        if self.finned != (fins != 0) {
            return false;
        }
        let covers = self.chosen[..self.len]
            .iter()
            .map(|&i| self.covers[i as usize]);
        let (mut cover_cells, mut cannibal) = (0u128, 0u128);
        for s in covers.clone() {
            cannibal |= cover_cells & s.cells;
            cover_cells |= s.cells;
        }
        let mut elim = (covered & !self.base_cells) | cannibal;
        if self.finned {
            elim &= seen & self.fin_peers(new);
        }
        if elim == 0 {
            return false;
        }
        // A basic fish (rows and columns only) is another technique's.
        if !self.base.iter().any(|s| s.is_box) && !covers.clone().any(|s| s.is_box) {
            return false;
        }
        let covers: Vec<Set> = covers.collect();
        self.found = Some(self.step(&covers, fins, elim));
        true
    }

    fn step(&self, covers: &[Set], fins: u128, elim: u128) -> Step {
        let c = self.c;
        let t = match (self.finned, self.k) {
            (false, 2) => Technique::FrankenXWing,
            (false, 3) => Technique::FrankenSwordfish,
            (false, _) => Technique::FrankenJellyfish,
            (true, 2) => Technique::FinnedFrankenXWing,
            (true, 3) => Technique::FinnedFrankenSwordfish,
            (true, _) => Technique::FinnedFrankenJellyfish,
        };
        let cells = |mut m: u128| {
            let mut v = Vec::new();
            while m != 0 {
                v.push(m.trailing_zeros());
                m &= m - 1;
            }
            v
        };
        let mut s = Step::new(t);
        s.cells = cells(self.base_cells);
        s.candidates = s
            .cells
            .iter()
            .map(|&x| Cand::new(x as usize, self.d))
            .collect();
        s.units = self.base.iter().chain(covers).map(|s| s.unit).collect();
        s.eliminations = cells(elim)
            .into_iter()
            .map(|x| Cand::new(x as usize, self.d))
            .collect();
        if !c.texts() {
            return s;
        }
        let names = |sets: &[Set]| {
            let v: Vec<String> = sets.iter().map(|s| c.un(s.unit as usize)).collect();
            v.join(", ")
        };
        let d = self.d;
        let fin_text = if fins == 0 {
            String::new()
        } else {
            let f = cells(fins);
            format!(
                " or in the fin{} {}",
                if f.len() > 1 { "s" } else { "" },
                super::list_and(c, &f)
            )
        };
        s.explanation = format!(
            "In {}, {d} fits only in {}{fin_text}; either way remove {}",
            names(self.base),
            names(covers),
            elim_text(c, &s.eliminations)
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    /// An empty board where digit `d` keeps only the listed cells.
    fn only(d: u16, keep: &[&str]) -> Candidates {
        let keep: Vec<u32> = keep.iter().map(|n| cell(n)).collect();
        let removed: Vec<(usize, u16)> = (0..81u32)
            .filter(|x| !keep.contains(x))
            .map(|x| (x as usize, d))
            .collect();
        cands(&".".repeat(81), &removed)
    }

    /// The plain and the `popcnt` copies of the cover search give the same
    /// answers (fresh boards each time: the per-digit memo is per board).
    #[test]
    fn both_copies_agree() {
        let boards = || {
            let rest: Vec<String> = (3..=9)
                .flat_map(|r| (1..=9).map(move |k| format!("r{r}c{k}")))
                .collect();
            let mut keep = vec!["r1c1", "r1c5", "r2c2", "r2c5"];
            let mut v = vec![only(5, &keep)];
            keep.extend(rest.iter().map(|s| s.as_str()));
            v.push(only(5, &keep));
            keep.push("r2c6");
            v.push(only(5, &keep));
            for line in [
                "2..5..6...9.....3...1..9..44..9..7...5..4..8...7..1..6...1..3...2..7..9...8..3..5",
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ] {
                v.push(cands(line, &[]));
            }
            v
        };
        let run = |plain: bool| {
            PLAIN.with(|p| p.set(plain));
            let mut out = Vec::new();
            for k in 2..=3 {
                for finned in [false, true] {
                    for c in boards() {
                        out.push(find(&c, k, finned));
                    }
                }
            }
            PLAIN.with(|p| p.set(false));
            out
        };
        let (fast, plain) = (run(false), run(true));
        assert_eq!(fast, plain);
        assert!(fast.iter().filter(|s| s.is_some()).count() >= 2);
    }

    #[test]
    fn franken_x_wing() {
        // Row 1: 5 in r1c1, r1c5; row 2: 5 in r2c2, r2c5. If r1c1 then
        // r2c5, if r1c5 then r2c2: either way box 1 and column 5 hold their
        // 5 in rows 1-2.
        let mut keep = vec!["r1c1", "r1c5", "r2c2", "r2c5"];
        let rest: Vec<String> = (3..=9)
            .flat_map(|r| (1..=9).map(move |k| format!("r{r}c{k}")))
            .collect();
        keep.extend(rest.iter().map(|s| s.as_str()));
        let c = only(5, &keep);
        let s = find(&c, 2, false).expect("a Franken X-wing");
        assert_eq!(s.technique, Technique::FrankenXWing);
        let mut want = vec!["r3c1<>5", "r3c2<>5", "r3c3<>5"];
        let col5: Vec<String> = (3..=9).map(|r| format!("r{r}c5<>5")).collect();
        want.extend(col5.iter().map(|s| s.as_str()));
        want.sort();
        assert_eq!(elims(&c, &s), want);
        assert_eq!(
            s.explanation,
            "In row 1, row 2, 5 fits only in box 1, column 5; either way remove 5 from r3c1, r3c2, r3c3, r3c5, r4c5, r5c5, r6c5, r7c5, r8c5 and r9c5"
        );
    }

    #[test]
    fn finned_franken_x_wing() {
        // As above with a third place r2c6 in row 2, and no Franken fish
        // without fins. With the fin r2c2 false, row 2's 5 is in box 2, so
        // row 1's is r1c1: column 1 and box 2 are filled from rows 1-2.
        // With r2c2 true, r3c1 sees it. Either way r3c1 is not 5.
        let mut keep = vec!["r1c1", "r1c5", "r2c2", "r2c5", "r2c6"];
        let rest: Vec<String> = (3..=9)
            .flat_map(|r| (1..=9).map(move |k| format!("r{r}c{k}")))
            .collect();
        keep.extend(rest.iter().map(|s| s.as_str()));
        let c = only(5, &keep);
        assert!(find(&c, 2, false).is_none());
        assert!(find(&c, 3, false).is_none());
        let s = find(&c, 2, true).expect("a finned Franken X-wing");
        assert_eq!(s.technique, Technique::FinnedFrankenXWing);
        assert_eq!(elims(&c, &s), ["r3c1<>5"]);
        assert!(
            s.explanation.contains("or in the fin r2c2"),
            "{}",
            s.explanation
        );
    }

    /// Known answers: on the first candidates of the first 30 top1465
    /// puzzles, every candidate some Franken jellyfish (plain, then finned)
    /// removes, as HoDoKu's fish solver finds them all (through the PyPI
    /// port hodoku-py 0.2.1, `FishSolver.find_all`); `(cell, digit)`. Ours
    /// finds the first of each kind, so its eliminations must be among them.
    /// `(cell, digit)` eliminations.
    type Elims = &'static [(usize, u16)];

    #[rustfmt::skip]
    const HODOKU_JELLYFISH: &[(&str, Elims, Elims)] = &[
        ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", &[(2,7),(2,9),(11,7),(11,9),(20,7),(20,9),(75,7),(76,7),(77,7),(78,3),(79,3),(80,3)], &[(2,5),(2,7),(2,9),(11,5),(11,7),(11,9),(20,5),(20,7),(20,9),(75,7),(76,7),(77,7),(78,3),(78,5),(79,3),(79,5),(80,3),(80,5)]),
        ("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", &[(24,8),(25,8),(26,8),(49,3),(50,3),(71,3),(80,3)], &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(73,2),(80,3)]),
        ("7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", &[(24,8),(25,8),(26,8),(49,3),(50,3),(71,3),(80,3)], &[(24,7),(24,8),(25,7),(25,8),(26,7),(26,8),(49,3),(50,3),(71,3),(73,6),(80,3)]),
        ("3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....", &[(14,7),(21,7),(21,9),(22,7),(22,9),(23,7),(23,9),(29,8),(29,9),(38,8),(38,9),(47,8),(47,9),(59,4),(59,7),(68,4),(68,7),(77,4),(77,7)], &[(14,7),(21,3),(21,7),(21,9),(22,3),(22,7),(22,9),(23,3),(23,7),(23,9),(29,3),(29,8),(29,9),(38,3),(38,8),(38,9),(47,3),(47,8),(47,9),(59,4),(59,7),(68,4),(68,7),(74,1),(77,4),(77,7)]),
        ("5..7..6....38...........2..62.4............917............35.8.4.....1......9....", &[(5,4),(14,4),(23,4),(35,8),(48,2),(49,2),(50,2),(53,8),(78,4),(79,4),(80,4)], &[(5,4),(10,9),(14,4),(20,9),(23,4),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(56,9),(78,4),(79,4),(80,4)]),
        ("4..7..6....38...........2..62.5............917............43.8.5.....1......9....", &[(5,5),(14,5),(23,5),(35,8),(48,2),(49,2),(50,2),(53,8),(78,5),(79,5),(80,5)], &[(5,5),(10,9),(14,5),(20,9),(23,5),(35,8),(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(53,8),(56,9),(78,5),(79,5),(80,5)]),
        (".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........", &[(13,8),(22,8),(29,9),(38,9),(47,9),(51,8),(52,8),(53,8)], &[(13,8),(22,8),(29,7),(29,9),(38,7),(38,9),(47,7),(47,9),(51,8),(52,8),(53,8),(71,4)]),
        ("7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.", &[(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(38,3),(38,7),(47,3),(47,7),(56,1),(65,1),(74,1)], &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)]),
        ("......41.9..3.....3...5.....48..7..........62.1.......6..2....5.7....8......9....", &[(2,6),(11,6),(20,6),(48,4),(48,6),(48,8),(49,4),(49,6),(49,8),(50,4),(50,6),(50,8),(56,1),(56,4),(65,1),(65,4),(74,1),(74,4)], &[(2,6),(10,5),(11,5),(11,6),(20,6),(35,3),(48,4),(48,6),(48,8),(49,4),(49,6),(49,8),(50,4),(50,6),(50,8),(53,3),(56,1),(56,4),(65,1),(65,4),(71,3),(74,1),(74,4),(80,3)]),
        ("7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....9....8...8.....6.", &[(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(38,3),(38,7),(47,3),(47,7),(56,1),(65,1),(74,1)], &[(5,8),(23,8),(24,1),(24,5),(24,7),(25,1),(25,5),(25,7),(26,1),(26,5),(26,7),(29,3),(29,7),(32,8),(38,3),(38,7),(41,8),(47,3),(47,7),(50,8),(56,1),(65,1),(74,1)]),
        (".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....", &[(5,2),(5,9),(13,2),(13,9),(14,2),(14,9),(22,2),(22,9),(23,2),(23,9),(51,5),(51,6),(52,5),(52,6),(53,5),(53,6),(72,7),(73,7),(74,7)], &[(5,2),(5,9),(13,2),(13,9),(14,2),(14,9),(22,2),(22,9),(23,2),(23,9),(38,1),(41,1),(43,1),(44,1),(50,1),(51,5),(51,6),(52,5),(52,6),(53,5),(53,6),(72,7),(73,7),(74,7)]),
        ("8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........", &[(24,7),(24,9),(25,7),(25,9),(26,7),(26,9),(49,3),(50,3),(56,7),(65,7),(71,3),(74,7),(80,3)], &[(24,7),(24,8),(24,9),(25,7),(25,8),(25,9),(26,7),(26,8),(26,9),(49,3),(50,3),(56,7),(65,7),(71,3),(74,7),(80,3)]),
        ("6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..", &[(24,1),(24,6),(24,9),(25,1),(25,6),(25,9),(26,1),(26,6),(26,9),(29,1),(38,1),(47,1),(56,4),(56,6),(65,4),(65,6),(74,4),(74,6)], &[(24,1),(24,6),(24,9),(25,1),(25,6),(25,9),(26,1),(26,6),(26,9),(29,1),(38,1),(47,1),(56,4),(56,6),(65,4),(65,6),(74,4),(74,6)]),
        ("......41.9..3.....3...2.....48..7..........52.1.......5..2....6.7....8......9....", &[(0,2),(2,5),(10,2),(11,2),(11,5),(20,5),(45,2),(47,2),(48,4),(48,5),(48,8),(49,4),(49,5),(49,8),(50,4),(50,5),(50,8),(56,1),(56,4),(63,2),(65,1),(65,4),(72,2),(74,1),(74,4)], &[(0,2),(2,5),(10,2),(11,2),(11,5),(20,5),(35,3),(45,2),(47,2),(48,4),(48,5),(48,8),(49,4),(49,5),(49,8),(50,4),(50,5),(50,8),(53,3),(56,1),(56,4),(63,2),(65,1),(65,4),(71,3),(72,2),(74,1),(74,4),(80,3)]),
        ("1...48....5....9....6...3.....57.2..8.3.........9............4167..........2.....", &[(18,9),(19,9),(25,5),(26,5),(34,1),(35,4),(43,1),(44,4),(51,5),(51,7),(51,8),(52,1),(52,5),(52,7),(52,8),(53,4),(53,5),(53,7),(53,8),(58,8),(65,2),(67,8),(70,8),(71,8),(76,8),(79,8),(80,8)], &[(18,9),(19,9),(25,5),(26,5),(34,1),(35,4),(43,1),(44,4),(51,5),(51,7),(51,8),(52,1),(52,5),(52,7),(52,8),(53,4),(53,5),(53,7),(53,8),(58,8),(65,2),(67,8),(70,8),(71,8),(76,8),(79,8),(80,8)]),
        ("7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........", &[(24,6),(24,8),(25,6),(25,8),(26,6),(26,8),(49,3),(50,3),(56,6),(65,6),(71,3),(74,6),(80,3)], &[(24,6),(24,7),(24,8),(25,6),(25,7),(25,8),(26,6),(26,7),(26,8),(49,3),(50,3),(56,6),(65,6),(71,3),(74,6),(80,3)]),
        ("4.3.....2...6.1...8...........5..79.2...3.....1..........84.....9....6...7.....5.", &[(24,1),(24,3),(24,4),(25,1),(25,3),(25,4),(26,1),(26,3),(26,4),(29,4),(29,8),(38,4),(38,8),(47,4),(47,8),(48,2),(49,2),(50,2),(56,1),(65,1),(74,1)], &[(24,1),(24,3),(24,4),(25,1),(25,3),(25,4),(26,1),(26,3),(26,4),(29,4),(29,8),(38,4),(38,8),(47,4),(47,8),(48,2),(49,2),(50,2),(56,1),(65,1),(74,1)]),
        (".1.62....5......43....9....7......8...5.....4...1..........36...9....2..8....7...", &[(8,8),(18,2),(18,3),(18,6),(19,2),(19,3),(19,6),(20,2),(20,3),(20,6),(26,8),(30,2),(30,3),(30,9),(39,2),(39,3),(39,9)], &[(8,8),(18,2),(18,3),(18,6),(19,2),(19,3),(19,6),(20,2),(20,3),(20,6),(26,8),(30,2),(30,3),(30,9),(39,2),(39,3),(39,9),(73,4),(74,4),(75,4),(76,4)]),
        ("4.3.....2...6.1...8...........5..97.2...3.....1..........84.....9....6...7.....5.", &[(24,1),(24,3),(24,4),(25,1),(25,3),(25,4),(26,1),(26,3),(26,4),(29,4),(29,8),(38,4),(38,8),(47,4),(47,8),(48,2),(49,2),(50,2),(56,1),(65,1),(74,1)], &[(24,1),(24,3),(24,4),(25,1),(25,3),(25,4),(26,1),(26,3),(26,4),(29,4),(29,8),(38,4),(38,8),(47,4),(47,8),(48,2),(49,2),(50,2),(56,1),(65,1),(74,1)]),
        ("8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....1....9...4.....7.", &[(24,1),(24,5),(24,8),(25,1),(25,5),(25,8),(26,1),(26,5),(26,8),(29,1),(29,3),(29,8),(38,1),(38,3),(38,8),(47,1),(47,3),(47,8),(78,1),(80,1)], &[(24,1),(24,5),(24,8),(25,1),(25,5),(25,8),(26,1),(26,5),(26,8),(29,1),(29,3),(29,8),(38,1),(38,3),(38,8),(47,1),(47,3),(47,8),(78,1),(80,1)]),
        ("....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..", &[(8,8),(17,8),(26,8),(30,7),(31,7),(32,7),(56,4),(56,7),(65,4),(65,7),(74,4),(74,7),(75,8),(76,8),(77,8)], &[(8,8),(17,8),(26,8),(30,7),(31,7),(32,7),(56,2),(56,4),(56,7),(65,2),(65,4),(65,7),(74,2),(74,4),(74,7),(75,8),(76,8),(77,8)]),
        ("8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....4....7...1.....9.", &[(24,1),(24,5),(24,8),(25,1),(25,5),(25,8),(26,1),(26,5),(26,8),(29,1),(29,3),(29,8),(38,1),(38,3),(38,8),(47,1),(47,3),(47,8),(70,1),(71,1)], &[(24,1),(24,5),(24,8),(25,1),(25,5),(25,8),(26,1),(26,5),(26,8),(29,1),(29,3),(29,8),(38,1),(38,3),(38,8),(47,1),(47,3),(47,8),(70,1),(71,1)]),
        ("....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3..", &[(49,7),(50,7),(72,2),(72,6),(73,2),(73,6),(74,2),(74,6)], &[(49,1),(49,7),(50,1),(50,7),(72,2),(72,6),(73,2),(73,6),(74,2),(74,6)]),
        ("3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..", &[(35,2),(44,2),(53,2),(56,9),(65,9),(74,9),(75,2),(76,2),(77,2)], &[(14,5),(35,2),(35,7),(44,2),(53,2),(56,3),(56,9),(65,3),(65,9),(68,9),(74,3),(74,9),(75,2),(76,2),(77,2)]),
        ("...9.31..6.7....8.2.........5....4......6..2..1.......8...7.......3..5.....4....9", &[(21,1),(22,1),(23,1),(24,6),(24,7),(25,6),(25,7),(26,6),(26,7),(56,1),(56,2),(56,6),(65,1),(65,2),(65,6),(74,1),(74,2),(74,6)], &[(21,1),(22,1),(23,1),(24,6),(24,7),(25,6),(25,7),(26,6),(26,7),(56,1),(56,2),(56,6),(65,1),(65,2),(65,6),(74,1),(74,2),(74,6)]),
        ("8.5.....2...4.1...3.........6.7..4..2...5...........9....38.....1....7...9.....6.", &[(24,1),(24,5),(24,8),(25,1),(25,5),(25,8),(26,1),(26,5),(26,8),(29,1),(29,3),(29,8),(38,1),(38,3),(38,8),(47,1),(47,3),(47,8),(78,1),(80,1)], &[(24,1),(24,5),(24,8),(25,1),(25,5),(25,8),(26,1),(26,5),(26,8),(29,1),(29,3),(29,8),(38,1),(38,3),(38,8),(47,1),(47,3),(47,8),(78,1),(80,1)]),
        ("7.4.....2...8.1...3.........5.6..1..2...4...........9....37.....9....5...8.....6.", &[(24,4),(24,7),(24,8),(25,4),(25,7),(25,8),(26,4),(26,7),(26,8),(29,3),(29,7),(29,8),(38,3),(38,7),(38,8),(47,3),(47,7),(47,8)], &[(24,4),(24,7),(24,8),(25,4),(25,7),(25,8),(26,4),(26,7),(26,8),(29,3),(29,7),(29,8),(38,3),(38,7),(38,8),(47,3),(47,7),(47,8)]),
        ("7.4.....2...8.1...3.........5.6..1..2...4...........9....37.....8....6...9.....5.", &[(24,4),(24,7),(24,8),(25,4),(25,7),(25,8),(26,4),(26,7),(26,8),(29,3),(29,7),(29,8),(38,3),(38,7),(38,8),(47,3),(47,7),(47,8)], &[(24,4),(24,7),(24,8),(25,4),(25,7),(25,8),(26,4),(26,7),(26,8),(29,3),(29,7),(29,8),(38,3),(38,7),(38,8),(47,3),(47,7),(47,8)]),
        ("..1.....7...89..........6..26..3.......5...749...........1.4.5.83.............2..", &[(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(79,3),(80,3)], &[(48,2),(48,6),(49,2),(49,6),(50,2),(50,6),(79,1),(79,3),(80,1),(80,3)]),
        ("2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......", &[(45,9),(46,9),(47,9)], &[(22,8),(45,3),(45,9),(46,3),(46,9),(47,3),(47,9)]),
    ];

    #[test]
    fn franken_jellyfish_agree_with_hodoku() {
        for (line, plain, finned) in HODOKU_JELLYFISH {
            let c = cands(line, &[]);
            for (fins, want) in [(false, plain), (true, finned)] {
                let s = find(&c, 4, fins).unwrap_or_else(|| panic!("{line}: none found"));
                for e in &s.eliminations {
                    let e = (e.cell as usize, e.digit);
                    assert!(want.contains(&e), "{line}: {e:?} not HoDoKu's ({s:?})");
                }
            }
        }
    }

    /// Along the solving paths of hard puzzles, no Franken jellyfish removes
    /// the search solver's digit (that solver shares no code with this one).
    #[test]
    fn franken_jellyfish_keep_the_solution() {
        let mut seen = 0;
        for (line, ..) in &HODOKU_JELLYFISH[..6] {
            let solution = solution_of(line);
            let mut c = cands(line, &[]);
            while let Some(step) = crate::logic::next_step(&c) {
                for fins in [false, true] {
                    if let Some(s) = find(&c, 4, fins) {
                        seen += 1;
                        for e in &s.eliminations {
                            assert_ne!(solution[e.cell as usize], e.digit, "{line}: {s:?}");
                        }
                    }
                }
                crate::logic::apply(&mut c, &step);
            }
        }
        assert!(seen > 0);
    }
}
