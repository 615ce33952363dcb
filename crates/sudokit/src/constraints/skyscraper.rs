//! Skyscrapers: a clue outside the grid counts the digits of its row or
//! column seen from that side, a digit hiding every smaller one behind it.
//! Propagation over the sets of digits a prefix of the line can use
//! ([`super::family::line_permutations`]).

use super::family::{line_permutations, Family};
use super::mask::Narrowed;
use super::outside::{Outside, OutsideRule};

/// `skyscraper: 3 r1c1 right` (the count, the first cell, the direction).
pub(crate) struct Skyscraper;

impl OutsideRule for Skyscraper {
    const KEY: &'static str = "skyscraper";
    const FPUZZLES_KEY: &'static str = "skyscraper";
    const WHAT: &'static str = "a skyscraper clue";
    const FRAMED: bool = true;
    const FAMILY: &'static dyn Family = &Outside::<Skyscraper>::FAMILY;

    fn holds(seen: i64, line: &[u16]) -> bool {
        let mut tallest = 0;
        let mut count = 0;
        for &d in line {
            if d > tallest {
                tallest = d;
                count += 1;
            }
        }
        count == seen
    }

    fn propagate(seen: i64, cand: &mut [u64], cells: &[usize], n: usize) -> Narrowed {
        let seen = usize::try_from(seen).unwrap_or(usize::MAX);
        // The state is how many digits were seen; the tallest so far is
        // the largest digit used.
        let step = |count: usize, used: u64, d: u32| {
            let tallest = 64 - used.leading_zeros();
            let count = count + usize::from(d > tallest);
            (count <= seen).then_some(count)
        };
        line_permutations(cand, cells, n + 1, &step, &|count| count == seen)
    }

    fn rule_text(seen: i64, first: &str, direction: &str) -> String {
        format!("looking {direction} from {first}, {seen} digits are seen (a larger digit hides the smaller ones behind it)")
    }
}
