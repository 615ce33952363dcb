//! ALS-XY-Chain: almost locked sets A1 - A2 - … - Ak (k ≥ 4) where each
//! neighbouring pair has a restricted common digit x_i and neighbouring
//! links use different digits.
//!
//! If a digit Z of both ends (other than x_1 and the last link's digit)
//! were in neither end, A1 would be locked on its other digits and hold
//! x_1; then A2 has no x_1, is locked and holds x_2 (x_2 ≠ x_1); and so on
//! to Ak, which is locked and holds Z after all. So Z is in A1 or Ak, and
//! a cell seeing every Z of both loses Z. Three sets are an ALS-XY-Wing
//! (its own row, earlier). HoDoKu scores it 340 (Unfair).
//!
//! HoDoKu walks every chain up to fifty links; the number of chains grows
//! exponentially, so here chains have at most [`MAX_LINKS`] links, the walk
//! visits at most [`PER_START`] chains from each first set and [`BUDGET`]
//! in all per step, and reads the clock as it goes. The per-start share
//! keeps the sets late in the list from getting nothing: with one shared
//! budget of 20,000 the first sets' long chains used it all, and seven of
//! HoDoKu's library lines went missed that now find their chain.
//! Sets are pairwise disjoint. Boards of at most 128 cells (bit sets), any
//! geometry.

use super::adjacency::Adjacency;
use super::{digits_text, elim_text, list_and, Cand, Candidates, Step, Technique};
use crate::logic::candidates::bits;

/// Longest chain, in links (restricted commons).
const MAX_LINKS: usize = 12;
/// Chains (partial ones included) visited per step at most.
const BUDGET: u32 = 100_000;
/// Chains visited from one first set at most.
const PER_START: u32 = 1_000;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let net = super::als::net(c)?;
    let list = &net.list;
    let small = &net.small;
    let digit_cells = &net.digit_cells;
    // One link per restricted common digit, with the next set's cells: the
    // walk looks at every link it passes (most are refused for a set already
    // in the chain), so what it tests sits in the link itself.
    let links = Adjacency::build(net.links.nodes(), |i, out| {
        for &(j, m) in net.links.of(i) {
            let set = small[j as usize].set;
            out.extend(bits(m).map(|x| Link {
                set,
                next: j,
                x: x as u8,
            }));
        }
    });
    let mut w = Walk {
        c,
        list,
        small,
        links: &links,
        digit_cells,
        chain: [0; MAX_LINKS + 1],
        digits: [0; MAX_LINKS],
        len: 0,
        used: 0,
        visited: 0,
        stop_at: 0,
        check_at: 0,
        best: None,
    };
    for a in 0..list.len() {
        if w.visited >= BUDGET || c.out_of_time() {
            break;
        }
        // Digits of A1 with a cell outside seeing all of them: without
        // one, no chain from A1 can eliminate anything. With two or more,
        // every first link leaves one (Z differs from x_1).
        let s = &small[a];
        let useful = bits(list[a].mask)
            .filter(|&z| digit_cells[z] & s.seen[z] & !s.set != 0)
            .fold(0u64, |m, z| m | 1 << z);
        if useful.count_ones() < 2 {
            continue;
        }
        w.chain[0] = a as u32;
        w.used = s.set;
        w.stop_at = (w.visited + PER_START).min(BUDGET);
        w.check_at = w.stop_at.min((w.visited | 255) + 1);
        w.extend();
    }
    if c.out_of_time() {
        return None;
    }
    let (_, chain, digits, elims) = w.best?;
    let mut s = Step::new(Technique::AlsXyChain);
    s.eliminations = elims;
    let mut text = String::new();
    if c.texts() {
        let sets: Vec<String> = chain
            .iter()
            .map(|&i| {
                let a = &list[i as usize];
                format!("{} ({})", list_and(c, &a.cells), digits_text(a.mask))
            })
            .collect();
        text = sets[0].clone();
        for (k, d) in digits.iter().enumerate() {
            text.push_str(&format!(" -{}- {}", d + 1, sets[k + 1]));
        }
    }
    for &i in &chain {
        let a = &list[i as usize];
        s.units.push(a.unit);
        for &cell in a.cells.iter() {
            s.cells.push(cell);
            for d in bits(c.mask(cell as usize)) {
                s.candidates.push(Cand::new(cell as usize, d as u16 + 1));
            }
        }
    }
    explain!(c, s,
        "almost locked sets {text}, each linked to the next by a restricted common digit (every one of them in a set sees every one in the next), neighbouring links on different digits; if the first set lost its other digits it would hold {}, forcing each next set to be locked, so each digit Z of both ends is in one of them: remove {}",
        digits[0] + 1,
        elim_text(c, &s.eliminations)
    );
    Some(s)
}

/// (eliminations, sets, link digits, eliminations) of the best chain.
type Best = (usize, Vec<u32>, Vec<u8>, Vec<Cand>);

/// A link to the next set through restricted common digit `x`.
#[derive(Clone, Copy)]
struct Link {
    /// The next set's cells.
    set: u128,
    next: u32,
    x: u8,
}

struct Walk<'a> {
    c: &'a Candidates,
    list: &'a [super::als::Als],
    small: &'a [super::als::Small],
    links: &'a Adjacency<Link>,
    digit_cells: &'a [u128],
    /// The sets `chain[..=len]` and the link digits `digits[..len]`.
    chain: [u32; MAX_LINKS + 1],
    digits: [u8; MAX_LINKS],
    len: usize,
    used: u128,
    visited: u32,
    /// Where the walk from the current first set stops.
    stop_at: u32,
    /// The next visit count to look at: `stop_at` or the next clock
    /// reading (every 256 visits), whichever comes first.
    check_at: u32,
    best: Option<Best>,
}

impl Walk<'_> {
    /// Extends the chain from its last set. Every link looked at counts as
    /// a visit, taken or not.
    fn extend(&mut self) {
        let last = self.chain[self.len] as usize;
        // Neighbouring links use different digits (none before the first).
        let prev = if self.len == 0 {
            u8::MAX
        } else {
            self.digits[self.len - 1]
        };
        let links = self.links;
        // The run of refused links between two taken ones works on locals
        // (the chain's cells are the same again after each taken link).
        let used = self.used;
        let (mut visited, mut check_at) = (self.visited, self.check_at);
        for l in links.of(last) {
            visited += 1;
            if visited >= check_at {
                if visited >= self.stop_at || self.c.out_of_time() {
                    self.visited = visited;
                    return;
                }
                check_at = self.stop_at.min(visited + 256);
            }
            if l.x == prev || l.set & used != 0 {
                continue;
            }
            (self.visited, self.check_at) = (visited, check_at);
            self.len += 1;
            self.chain[self.len] = l.next;
            self.digits[self.len - 1] = l.x;
            self.used = used | l.set;
            if self.len >= 3 {
                self.record(l.x as usize);
            }
            if self.len < MAX_LINKS {
                self.extend();
            }
            self.used = used;
            self.len -= 1;
            (visited, check_at) = (self.visited, self.check_at);
            if visited >= self.stop_at {
                return;
            }
        }
        (self.visited, self.check_at) = (visited, check_at);
    }

    /// The chain as it stands ends here: its eliminations, if the best.
    fn record(&mut self, last_x: usize) {
        let (chain, digits) = (&self.chain[..=self.len], &self.digits[..self.len]);
        let (first, last) = (chain[0] as usize, chain[self.len] as usize);
        let (a, e) = (&self.small[first], &self.small[last]);
        let first_x = digits[0] as usize;
        // Counted first: the list is made only for a new best.
        let zs = self.list[first].mask & self.list[last].mask & !(1 << first_x) & !(1 << last_x);
        let mut hits = [0u128; 11];
        let mut k = 0;
        for z in bits(zs) {
            let hit = self.digit_cells[z] & a.seen[z] & e.seen[z] & !(a.set | e.set);
            if hit != 0 {
                hits[z] = hit;
                k += hit.count_ones() as usize;
            }
        }
        let better = self
            .best
            .as_ref()
            .map_or(true, |b| k > b.0 || (k == b.0 && chain.len() < b.1.len()));
        if k > 0 && better {
            let mut elims = Vec::with_capacity(k);
            for z in bits(zs) {
                let mut hit = hits[z];
                while hit != 0 {
                    let t = hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    elims.push(Cand::new(t, z as u16 + 1));
                }
            }
            self.best = Some((k, chain.to_vec(), digits.to_vec(), elims));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn four_bivalue_sets() {
        // A1 = r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c2 {4,1}: Z = 1
        // is in r1c1 or r5c2, so cells seeing both lose 1.
        let keep: &[(&str, &[u16])] = &[
            ("r1c1", &[1, 2]),
            ("r1c5", &[2, 3]),
            ("r5c5", &[3, 4]),
            ("r5c2", &[4, 1]),
        ];
        let c = keeping(keep);
        let s = find(&c).unwrap();
        assert_eq!(s.technique, Technique::AlsXyChain);
        assert_eq!(
            elims(&c, &s),
            vec!["r1c2<>1", "r2c2<>1", "r3c2<>1", "r4c1<>1", "r5c1<>1", "r6c1<>1"],
            "{}",
            s.explanation
        );
    }
}
