//! Entropic lines: any three cells in a row along the line hold one low,
//! one middle and one high digit (1–3, 4–6, 7–9 on 9×9: the digits in
//! three equal bands). Boards whose size is a multiple of 3 only.
//! Propagation by enumeration ([`super::family::enumerate`]).

use super::family::{Family, LineRule};

/// `entropic: r1c1 r1c2 r1c3 …`.
pub(crate) struct Entropic;

impl LineRule for Entropic {
    const KEY: &'static str = "entropic";
    const FPUZZLES_KEY: &'static str = "entropicline";
    const WHAT: &'static str = "an entropic line";
    const STROKE: (&'static str, f64) = ("#f7b267", 0.22);
    const FAMILY: &'static dyn Family = &Entropic;

    fn check_board(n: usize) -> Result<(), String> {
        if n % 3 != 0 {
            return Err(format!(
                "entropic lines need a board size divisible by 3, not {n}"
            ));
        }
        Ok(())
    }

    /// The last digit's band differs from the two before it.
    fn ok(n: usize, _len: usize, v: &[u32]) -> bool {
        let band = |d: u32| (d as usize - 1) / (n / 3).max(1);
        let k = v.len();
        let last = band(v[k - 1]);
        v[k.saturating_sub(3)..k - 1]
            .iter()
            .all(|&d| band(d) != last)
    }

    fn rule_text(line: &str, n: usize) -> String {
        let third = n / 3;
        format!(
            "any three cells in a row on the entropic line {line} hold one digit of 1–{third}, one of {}–{} and one of {}–{n}",
            third + 1,
            2 * third,
            2 * third + 1
        )
    }
}
