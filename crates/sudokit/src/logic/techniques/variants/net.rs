//! The constraint forcing net written out for a player to check: from the
//! assumption, the singles and the constraint eliminations that lead to
//! the contradiction, each with the rule that forces it, and nothing the
//! contradiction does not need.
//!
//! The net is followed again here, slowly and one reason at a time (the
//! search's propagation that found it keeps no reasons): singles first,
//! then pair rules one pair at a time (anti-knight, dots, …: an
//! elimination rests on its partner cell alone), then every other
//! constraint's propagator on its own. Each removed candidate remembers the
//! event that removed it, and each event the removed candidates it rested
//! on; walking those links back from the contradiction keeps what it needs.

use crate::constraints::mask::support;
use crate::constraints::Constraint;
use crate::logic::candidates::bits;
use crate::logic::rules::Rules;

use super::super::toolkit::digits_text;
use super::super::Candidates;
use super::rule;

/// Events followed before giving up on writing the net out (the caller
/// then keeps the short sentence).
const MAX_EVENTS: usize = 20_000;

enum What {
    Assume,
    /// A single: the cell, its digit, and why ("naked single", "hidden
    /// single in row 3").
    Place(usize, u16, String),
    /// Candidates removed by a rule, given in words.
    Remove(String),
}

/// What one more rule applied did.
enum Progress {
    Made,
    None,
    /// The rule cannot hold: the words and what they rest on (removed
    /// candidates, singles).
    Broken(String, Vec<usize>, Vec<usize>),
}

struct Event {
    what: What,
    /// The removed candidates (keys `cell * n + digit - 1`) it rests on.
    needs: Vec<usize>,
    /// The singles it rests on (a partner's digit), by event.
    after: Vec<usize>,
}

struct Trace<'a> {
    c: &'a Candidates,
    rules: &'a Rules,
    n: usize,
    /// The candidates before the assumption.
    orig: Vec<u64>,
    t: Vec<u64>,
    placed: Vec<bool>,
    /// The event that placed each cell's digit (`usize::MAX`: none).
    placed_by: Vec<usize>,
    removed_by: Vec<usize>,
    events: Vec<Event>,
    /// Per pair constraint, its pairs (cell, partner, table index into
    /// `tables`); empty for the other constraints.
    pairs: Vec<Vec<(usize, usize, &'a [u64])>>,
}

/// The net from `x = d` on candidates `start` (the board's candidates
/// under the rules' root domains) as a sentence, or `None` when this
/// slower walk does not reach the contradiction the search found.
pub(crate) fn text(
    c: &Candidates,
    rules: &Rules,
    start: &[u64],
    x: usize,
    d: u16,
) -> Option<String> {
    let n = c.ctx.n;
    let pairs = rules
        .each
        .iter()
        .map(|m| m.pairs().collect::<Vec<_>>())
        .collect();
    let mut tr = Trace {
        c,
        rules,
        n,
        orig: start.to_vec(),
        t: start.to_vec(),
        placed: (0..start.len()).map(|y| c.values()[y] != 0).collect(),
        placed_by: vec![usize::MAX; start.len()],
        removed_by: vec![usize::MAX; start.len() * n],
        events: Vec::new(),
        pairs,
    };
    tr.place(x, d, What::Assume, Vec::new());
    let (why, needs, after) = loop {
        if tr.events.len() > MAX_EVENTS {
            return None;
        }
        if let Some((why, needs)) = tr.contradiction() {
            break (why, needs, Vec::new());
        }
        if tr.single() || tr.pair_rule() {
            continue;
        }
        match tr.other_rule() {
            Progress::Made => continue,
            Progress::Broken(why, needs, after) => break (why, needs, after),
            Progress::None => return None,
        }
    };
    let (keep, used) = tr.needed(&needs, &after);
    let mut parts = Vec::new();
    for (i, e) in tr.events.iter().enumerate().skip(1) {
        if !keep[i] {
            continue;
        }
        match &e.what {
            What::Assume => {}
            What::Place(y, v, reason) => parts.push(format!("{} = {v} ({reason})", c.cn(*y))),
            What::Remove(reason) => {
                // Per cell, in cell order: `r1c8 <> 4/5/6`.
                let mut gone: Vec<String> = Vec::new();
                for cell in used[i].chunk_by(|a, b| a / n == b / n) {
                    let m = cell.iter().fold(0u64, |m, &k| m | 1 << (k % n));
                    gone.push(format!("{} <> {}", c.cn(cell[0] / n), digits_text(m)));
                }
                parts.push(format!("{} ({reason})", gone.join(" and ")));
            }
        }
    }
    let chain = if parts.is_empty() {
        String::new()
    } else {
        format!(": {}", parts.join(", "))
    };
    Some(format!(
        "if {} were {d}{chain}; then {why}, so {} is not {d}",
        c.cn(x),
        c.cn(x)
    ))
}

impl Trace<'_> {
    /// Removes `gone` from cell `y`, remembering event `by` as the cause.
    fn remove(&mut self, y: usize, gone: u64, by: usize) {
        for k in bits(gone & self.t[y]) {
            let key = y * self.n + k;
            if self.removed_by[key] == usize::MAX {
                self.removed_by[key] = by;
            }
        }
        self.t[y] &= !gone;
    }

    /// The keys of the candidates of `cells` removed so far.
    fn removed_in(&self, cells: impl Iterator<Item = usize>) -> Vec<usize> {
        let mut keys = Vec::new();
        for y in cells {
            for k in bits(self.orig[y] & !self.t[y]) {
                keys.push(y * self.n + k);
            }
        }
        keys
    }

    /// The events that placed digits in `cells`.
    fn placements_in(&self, cells: impl Iterator<Item = usize>) -> Vec<usize> {
        cells
            .map(|y| self.placed_by[y])
            .filter(|&e| e != usize::MAX)
            .collect()
    }

    /// Places `v` in `y` and takes it from the cell's peers.
    fn place(&mut self, y: usize, v: u16, what: What, needs: Vec<usize>) {
        let i = self.events.len();
        self.events.push(Event {
            what,
            needs,
            after: Vec::new(),
        });
        let bit = 1u64 << (v - 1);
        self.remove(y, !bit, i);
        self.placed[y] = true;
        self.placed_by[y] = i;
        let geo = self.c.geometry();
        for &u in geo.units_of(y) {
            for &z in &geo.units()[u as usize].cells {
                if z as usize != y {
                    self.remove(z as usize, bit, i);
                }
            }
        }
    }

    /// A cell left without candidates, or a digit without a place in a
    /// unit: the words and the removed candidates it rests on.
    fn contradiction(&self) -> Option<(String, Vec<usize>)> {
        let c = self.c;
        for y in 0..self.t.len() {
            if self.t[y] == 0 {
                return Some((
                    format!("{} has no candidate left", c.cn(y)),
                    self.removed_in(std::iter::once(y)),
                ));
            }
        }
        for (ui, u) in c.geometry().units().iter().enumerate() {
            let open = u.cells.iter().fold(0u64, |m, &y| m | self.t[y as usize]);
            let want = u.cells.iter().fold(0u64, |m, &y| m | self.orig[y as usize]);
            if let Some(k) = bits(want & !open).next() {
                let keys = u
                    .cells
                    .iter()
                    .map(|&y| y as usize)
                    .filter(|&y| self.orig[y] >> k & 1 == 1)
                    .map(|y| y * self.n + k)
                    .collect();
                return Some((format!("{} has no place left in {}", k + 1, c.un(ui)), keys));
            }
        }
        None
    }

    /// Places the first naked single, else the first hidden single.
    fn single(&mut self) -> bool {
        for y in 0..self.t.len() {
            if !self.placed[y] && self.t[y].is_power_of_two() {
                let v = self.t[y].trailing_zeros() as u16 + 1;
                let needs = self.removed_in(std::iter::once(y));
                self.place(y, v, What::Place(y, v, "naked single".into()), needs);
                return true;
            }
        }
        let c = self.c;
        for (ui, u) in c.geometry().units().iter().enumerate() {
            for k in 0..self.n {
                let mut at = u
                    .cells
                    .iter()
                    .map(|&y| y as usize)
                    .filter(|&y| self.t[y] >> k & 1 == 1);
                let (Some(y), None) = (at.next(), at.next()) else {
                    continue;
                };
                if self.placed[y] {
                    continue;
                }
                let needs = u
                    .cells
                    .iter()
                    .map(|&z| z as usize)
                    .filter(|&z| z != y && self.orig[z] >> k & 1 == 1)
                    .map(|z| z * self.n + k)
                    .collect();
                let v = k as u16 + 1;
                let why = format!("hidden single in {}", c.un(ui));
                self.place(y, v, What::Place(y, v, why), needs);
                return true;
            }
        }
        false
    }

    /// The first pair of a pair rule where one cell's candidates leave
    /// digits of the other without a partner.
    fn pair_rule(&mut self) -> bool {
        for k in 0..self.pairs.len() {
            for i in 0..self.pairs[k].len() {
                let (a, b, table) = self.pairs[k][i];
                for (y, z) in [(a, b), (b, a)] {
                    let gone = self.t[y] & !support(self.t[z], table);
                    if gone == 0 {
                        continue;
                    }
                    let con = &self.rules.constraints[k];
                    // Board-wide rules by name; a dot or a line by its
                    // rule, naming its cells.
                    let name = con
                        .family()
                        .caption(con)
                        .map_or_else(|| rule(self.c, con), str::to_string);
                    let e = self.events.len();
                    self.events.push(Event {
                        what: What::Remove(format!("{name}, with {}", self.c.cn(z))),
                        needs: self.removed_in(std::iter::once(z)),
                        after: self.placements_in(std::iter::once(z)),
                    });
                    self.remove(y, gone, e);
                    return true;
                }
            }
        }
        false
    }

    /// The first other constraint whose propagator, alone, removes
    /// candidates; `Broken` when it finds the rule cannot hold on its
    /// cells' candidates (named in the words).
    fn other_rule(&mut self) -> Progress {
        for k in 0..self.rules.constraints.len() {
            if !self.pairs[k].is_empty() {
                continue;
            }
            let mut after = self.t.clone();
            let con: &Constraint = &self.rules.constraints[k];
            let cells = con.cells(self.n);
            if self.rules.each[k].fixpoint(&mut after).is_err() {
                let state: Vec<String> = cells
                    .iter()
                    .map(|&y| match self.t[y] {
                        m if m.is_power_of_two() => {
                            format!("{} = {}", self.c.cn(y), m.trailing_zeros() + 1)
                        }
                        m => format!("{} can only be {}", self.c.cn(y), digits_text(m)),
                    })
                    .collect();
                return Progress::Broken(
                    format!("{} cannot hold ({})", rule(self.c, con), state.join(", ")),
                    self.removed_in(cells.iter().copied()),
                    self.placements_in(cells.iter().copied()),
                );
            }
            if after == self.t {
                continue;
            }
            let e = self.events.len();
            self.events.push(Event {
                what: What::Remove(rule(self.c, con)),
                needs: self.removed_in(cells.iter().copied()),
                after: self.placements_in(cells.iter().copied()),
            });
            for (y, &kept) in after.iter().enumerate() {
                let gone = self.t[y] & !kept;
                if gone != 0 {
                    self.remove(y, gone, e);
                }
            }
            return Progress::Made;
        }
        Progress::None
    }

    /// The events the removed candidates `needs` and the singles `after`
    /// rest on, and per event the candidates of it that were used.
    fn needed(&self, needs: &[usize], after: &[usize]) -> (Vec<bool>, Vec<Vec<usize>>) {
        let mut keep = vec![false; self.events.len()];
        let mut used: Vec<Vec<usize>> = vec![Vec::new(); self.events.len()];
        let mut todo: Vec<usize> = needs.to_vec();
        let mut events: Vec<usize> = after.to_vec();
        let mut seen = vec![false; self.removed_by.len()];
        loop {
            if let Some(key) = todo.pop() {
                if std::mem::replace(&mut seen[key], true) {
                    continue;
                }
                let e = self.removed_by[key];
                if e != usize::MAX {
                    used[e].push(key);
                    events.push(e);
                }
            } else if let Some(e) = events.pop() {
                if !std::mem::replace(&mut keep[e], true) {
                    todo.extend(self.events[e].needs.iter().copied());
                    events.extend(self.events[e].after.iter().copied());
                }
            } else {
                break;
            }
        }
        for u in &mut used {
            u.sort_unstable();
        }
        (keep, used)
    }
}
