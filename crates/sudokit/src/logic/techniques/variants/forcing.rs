//! Constraint forcing net: assume a candidate, follow singles on the units
//! and every constraint's propagator; when that ends in a contradiction (a
//! cell or a digit without a place, or a full grid breaking a rule), the
//! candidate is false. The unit-only forcing nets before it cannot see the
//! constraints, so this is the last step before a guess on variant boards.

use super::super::{Cand, Candidates, Step, Technique};
use super::masks;
use crate::constraints::search::propagate;
use crate::logic::candidates::bits;

pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let rules = c.rules()?;
    let mut start = masks(c);
    for (m, r) in start.iter_mut().zip(&rules.all.root) {
        *m &= r;
    }
    let geo = c.geometry();
    let watchers = rules.all.watchers(geo);
    // Cells with few candidates first: the most natural assumptions.
    for k in 2..=c.ctx.n as u32 {
        for x in 0..c.cell_count() {
            if c.values()[x] != 0 || c.mask(x).count_ones() != k {
                continue;
            }
            if c.out_of_time() {
                return None;
            }
            for d in bits(c.mask(x)) {
                let mut t = start.clone();
                t[x] = 1 << d;
                let contradiction = !propagate(geo, &rules.all, &watchers, &mut t)
                    || (t.iter().all(|m| m.is_power_of_two())
                        && !crate::constraints::registry::satisfied(&rules.all, &values(&t)));
                if contradiction {
                    let d = d as u16 + 1;
                    let mut s = Step::new(Technique::ConstraintForcingNet);
                    s.eliminations = vec![Cand::new(x, d)];
                    s.cells = vec![x as u32];
                    s.candidates = vec![Cand::new(x, d)];
                    if c.texts() {
                        // The net written out; the short sentence only if
                        // the slower walk that keeps reasons misses it.
                        s.explanation = super::net::text(c, rules, &start, x, d).unwrap_or_else(|| {
                            format!(
                                "if {} were {d}, singles and the puzzle's constraints would lead to a contradiction, so {} <> {d}",
                                c.cn(x),
                                c.cn(x)
                            )
                        });
                    }
                    return Some(s);
                }
            }
        }
    }
    None
}

fn values(masks: &[u64]) -> Vec<u16> {
    masks
        .iter()
        .map(|m| m.trailing_zeros() as u16 + 1)
        .collect()
}
