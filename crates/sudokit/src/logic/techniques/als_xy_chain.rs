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
    // One link per restricted common digit.
    let links = Adjacency::build(net.links.nodes(), |i, out| {
        for &(j, m) in net.links.of(i) {
            out.extend(bits(m).map(|x| (j, x as u8)));
        }
    });
    let mut w = Walk {
        c,
        list,
        small,
        links: &links,
        digit_cells,
        chain: Vec::new(),
        digits: Vec::new(),
        used: 0,
        visited: 0,
        stop_at: 0,
        best: None,
    };
    for a in 0..list.len() {
        if w.visited >= BUDGET || c.out_of_time() {
            break;
        }
        // Digits of A1 with a cell outside seeing all of them: without
        // one, no chain from A1 can eliminate anything.
        let s = &small[a];
        let useful = bits(list[a].mask)
            .filter(|&z| digit_cells[z] & s.seen[z] & !s.set != 0)
            .fold(0u64, |m, z| m | 1 << z);
        if useful.count_ones() < 2 {
            continue;
        }
        w.chain.push(a as u32);
        w.used = s.set;
        w.stop_at = (w.visited + PER_START).min(BUDGET);
        w.extend(useful);
        w.chain.pop();
    }
    if c.out_of_time() {
        return None;
    }
    let (_, chain, digits, elims) = w.best?;
    let mut s = Step::new(Technique::AlsXyChain);
    s.eliminations = elims;
    let sets: Vec<String> = chain
        .iter()
        .map(|&i| {
            let a = &list[i as usize];
            format!("{} ({})", list_and(c, &a.cells), digits_text(a.mask))
        })
        .collect();
    let mut text = sets[0].clone();
    for (k, d) in digits.iter().enumerate() {
        text.push_str(&format!(" -{}- {}", d + 1, sets[k + 1]));
    }
    for &i in &chain {
        let a = &list[i as usize];
        s.units.push(a.unit);
        for &cell in &a.cells {
            s.cells.push(cell);
            for d in bits(c.mask(cell as usize)) {
                s.candidates.push(Cand::new(cell as usize, d as u16 + 1));
            }
        }
    }
    s.explanation = format!(
        "almost locked sets {text}, each linked to the next by a restricted common digit (every one of them in a set sees every one in the next), neighbouring links on different digits; if the first set lost its other digits it would hold {}, forcing each next set to be locked, so each digit Z of both ends is in one of them: remove {}",
        digits[0] + 1,
        elim_text(c, &s.eliminations)
    );
    Some(s)
}

/// (eliminations, sets, link digits, eliminations) of the best chain.
type Best = (usize, Vec<u32>, Vec<u8>, Vec<Cand>);

struct Walk<'a> {
    c: &'a Candidates,
    list: &'a [super::als::Als],
    small: &'a [super::als::Small],
    links: &'a Adjacency<(u32, u8)>,
    digit_cells: &'a [u128],
    chain: Vec<u32>,
    digits: Vec<u8>,
    used: u128,
    visited: u32,
    /// Where the walk from the current first set stops.
    stop_at: u32,
    best: Option<Best>,
}

impl Walk<'_> {
    /// Extends the chain from its last set; `useful` are the first set's
    /// digits that could be eliminated.
    fn extend(&mut self, useful: u64) {
        let last = *self.chain.last().unwrap() as usize;
        // The same for every link from here.
        let (prev, first) = (self.digits.last().copied(), self.digits.is_empty());
        let links = self.links;
        for &(next, x) in links.of(last) {
            self.visited += 1;
            if self.visited >= self.stop_at || (self.visited % 256 == 0 && self.c.out_of_time()) {
                return;
            }
            if prev == Some(x) || (first && useful & !(1 << x) == 0) {
                continue;
            }
            let sn = &self.small[next as usize];
            if sn.set & self.used != 0 {
                continue;
            }
            self.chain.push(next);
            self.digits.push(x);
            self.used |= sn.set;
            if self.digits.len() >= 3 {
                self.record(x as usize);
            }
            if self.digits.len() < MAX_LINKS {
                self.extend(useful);
            }
            self.used &= !sn.set;
            self.digits.pop();
            self.chain.pop();
            if self.visited >= self.stop_at {
                return;
            }
        }
    }

    /// The chain as it stands ends here: its eliminations, if the best.
    fn record(&mut self, last_x: usize) {
        let a = &self.small[self.chain[0] as usize];
        let e = &self.small[*self.chain.last().unwrap() as usize];
        let first_x = self.digits[0] as usize;
        let mut elims = Vec::new();
        let zs = self.list[self.chain[0] as usize].mask
            & self.list[*self.chain.last().unwrap() as usize].mask;
        for z in bits(zs & !(1 << first_x) & !(1 << last_x)) {
            let mut hit = self.digit_cells[z] & a.seen[z] & e.seen[z] & !(a.set | e.set);
            while hit != 0 {
                let t = hit.trailing_zeros() as usize;
                hit &= hit - 1;
                elims.push(Cand::new(t, z as u16 + 1));
            }
        }
        let k = elims.len();
        let better = self.best.as_ref().map_or(true, |b| {
            k > b.0 || (k == b.0 && self.chain.len() < b.1.len())
        });
        if k > 0 && better {
            self.best = Some((k, self.chain.clone(), self.digits.clone(), elims));
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
