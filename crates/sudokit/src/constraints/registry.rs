//! The registry of constraint families: every family in one table, looked
//! up by directive key or f-puzzles key, and the one match that maps a
//! [`Constraint`] to its family. It stands above the family files (they
//! know only the [`Family`] trait), so adding a family is its file plus a
//! row here.

use super::family::Family;
use super::text::{self, err, validate, TextError};
use super::{
    arrow, between, clone, dutch_whisper, entropic, extremum, killer, kropki, little_killer,
    modular, neighbours, palindrome, parity, quadruple, region, region_sum, renban, sandwich,
    skyscraper, thermo, whisper, xsum, xv, zipper, Constraint,
};

/// Every family, in the order their keys are looked up. One row each.
pub(crate) static FAMILIES: &[&dyn Family] = &[
    &killer::Killer,
    &thermo::Thermo,
    &arrow::Arrow,
    &kropki::Kropki,
    &xv::Xv,
    &sandwich::Sandwich,
    &little_killer::LittleKiller,
    &neighbours::Neighbours,
    &parity::Parity,
    &whisper::Whisper,
    &renban::Renban,
    &palindrome::Palindrome,
    &between::Between,
    &region::Region,
    &extremum::Extremum,
    &quadruple::Quadruple,
    &xsum::XSum,
    &skyscraper::Skyscraper,
    &zipper::Zipper,
    &entropic::Entropic,
    &modular::Modular,
    &dutch_whisper::DutchWhisper,
    &clone::CloneRegion,
    &region_sum::RegionSum,
];

/// Every directive key the reader knows, family by family in the
/// registry's order: the `key:` forms, then those that stand alone on a
/// line (`anti-knight`). Documented for users in `docs/constraints.md`.
///
/// ```
/// let keys = sudokit::constraints::directive_keys();
/// assert!(keys.contains(&"cage") && keys.contains(&"region-sum"));
/// assert!(keys.contains(&"anti-knight"));
/// ```
pub fn directive_keys() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for f in FAMILIES {
        for &k in f.keys().iter().chain(f.flags()) {
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// The family reading directive `key`.
pub(crate) fn by_key(key: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|f| f.keys().contains(&key))
}

/// Whether `key` is some family's directive key (`bare`: standing alone).
pub(crate) fn is_key(key: &str, bare: bool) -> bool {
    FAMILIES.iter().any(|f| {
        if bare {
            f.flags().contains(&key)
        } else {
            f.keys().contains(&key)
        }
    })
}

/// Reads one directive (`key` lower-case, `value` after the colon).
pub(crate) fn parse(key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
    let Some(family) = by_key(key) else {
        return err(0, format!("unknown constraint {key:?}"));
    };
    let c = family.parse(key, value, n)?;
    validate(&c, n).map_err(|message| TextError { at: 0, message })?;
    Ok(c)
}

/// Whether some family reads f-puzzles key `key`.
#[cfg(feature = "serde")]
pub(crate) fn is_fpuzzles_key(key: &str) -> bool {
    FAMILIES.iter().any(|f| f.fpuzzles_keys().contains(&key))
}

/// Every constraint the families read from an f-puzzles object, whose
/// lists `list` hands out by key.
#[cfg(feature = "serde")]
pub(crate) fn from_fpuzzles(
    list: &dyn Fn(&str) -> Vec<serde_json::Value>,
    geo: &crate::geometry::Geometry,
) -> Result<Vec<Constraint>, String> {
    let mut out = Vec::new();
    for f in FAMILIES {
        for &key in f.fpuzzles_keys() {
            for e in list(key) {
                out.extend(f.read_fpuzzles(key, &e, geo)?);
            }
        }
    }
    Ok(out)
}

impl Constraint {
    /// The family this constraint belongs to: the one place that maps
    /// variants to their files.
    pub(crate) fn family(&self) -> &'static dyn Family {
        use Constraint::*;
        match self {
            Cage { .. } => &killer::Killer,
            Thermo(_) => &thermo::Thermo,
            Arrow { .. } => &arrow::Arrow,
            KropkiWhite(..) | KropkiBlack(..) | KropkiAll | KropkiWhiteAll | KropkiBlackAll => {
                &kropki::Kropki
            }
            X(..) | V(..) | XvAll => &xv::Xv,
            Sandwich { .. } => &sandwich::Sandwich,
            LittleKiller { .. } => &little_killer::LittleKiller,
            AntiKnight | AntiKing | NonConsecutive => &neighbours::Neighbours,
            Odd(_) | Even(_) => &parity::Parity,
            Whisper(_) => &whisper::Whisper,
            Renban(_) => &renban::Renban,
            Palindrome(_) => &palindrome::Palindrome,
            Between(_) => &between::Between,
            Region(_) => &region::Region,
            Clue(k) => k.family,
        }
    }

    /// Reads a constraint from its directive: `key` as in `cage`, `thermo`,
    /// `kropki-white`, … and `value` the text after the colon.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// let c = Constraint::parse("cage", "15 r1c1 r1c2 r2c1", 9).unwrap();
    /// assert_eq!(c, Constraint::Cage { sum: Some(15), cells: vec![0, 1, 9] });
    /// assert_eq!(c.to_directive(9), "cage: 15 r1c1 r1c2 r2c1");
    /// assert!(Constraint::parse("thermo", "r1c1 r1c10", 9).is_err());
    /// ```
    pub fn parse(key: &str, value: &str, n: usize) -> Result<Constraint, String> {
        parse(&key.to_ascii_lowercase(), value, n).map_err(|e| e.message)
    }

    /// The directive line that [`Constraint::parse`] reads back.
    pub fn to_directive(&self, n: usize) -> String {
        text::write(self, n)
    }
}
