//! Modular lines: any three cells in a row along the line hold digits
//! with different remainders mod 3 (one of 1/4/7, one of 2/5/8, one of
//! 3/6/9). Boards whose size is a multiple of 3 only.
//! Propagation by enumeration ([`super::family::enumerate`]).

use super::family::{Family, LineRule};

/// `modular: r1c1 r1c2 r1c3 …`.
pub(crate) struct Modular;

impl LineRule for Modular {
    const KEY: &'static str = "modular";
    const FPUZZLES_KEY: &'static str = "modularline";
    const WHAT: &'static str = "a modular line";
    const STROKE: (&'static str, f64) = ("#7fc8a9", 0.22);
    const FAMILY: &'static dyn Family = &Modular;

    fn check_board(n: usize) -> Result<(), String> {
        if n % 3 != 0 {
            return Err(format!(
                "modular lines need a board size divisible by 3, not {n}"
            ));
        }
        Ok(())
    }

    /// The last digit's remainder mod 3 differs from the two before it's.
    fn ok(_n: usize, _len: usize, v: &[u32]) -> bool {
        let k = v.len();
        let last = v[k - 1] % 3;
        v[k.saturating_sub(3)..k - 1].iter().all(|&d| d % 3 != last)
    }

    fn rule_text(line: &str, _n: usize) -> String {
        format!(
            "any three cells in a row on the modular line {line} leave different remainders divided by 3"
        )
    }
}
