//! The registry of constraint families: every family in one table, looked
//! up by directive key or f-puzzles key, and the one match that maps a
//! [`Constraint`] to its family. It stands above the family files (they
//! know only the [`Family`] trait), so adding a family is its file plus a
//! row here.

use super::family::checked;
use super::family::Family;
use super::model::Model;
use super::outside::OutsideRule;
use super::rule::Constraint;
use super::text::{err, TextError};
use super::{
    arrow, between, clone, dutch_whisper, entropic, extremum, killer, kropki, little_killer,
    modular, neighbours, palindrome, parity, quadruple, region, region_sum, renban, sandwich,
    skyscraper, thermo, whisper, xsum, xv, zipper,
};
use crate::marks::Pen;

/// Every family, in the order their keys are looked up. One row each.
pub(crate) static FAMILIES: &[&dyn Family] = &[
    &killer::Killer,
    &thermo::Thermo::FAMILY,
    &arrow::Arrow,
    &kropki::Kropki,
    &xv::Xv,
    &sandwich::Sandwich,
    &little_killer::LittleKiller,
    &neighbours::Neighbours,
    &parity::Parity,
    &whisper::Whisper::FAMILY,
    &renban::Renban::FAMILY,
    &palindrome::Palindrome::FAMILY,
    &between::Between::FAMILY,
    &region::Region,
    &extremum::Extremum,
    &quadruple::Quadruple,
    xsum::XSum::FAMILY,
    skyscraper::Skyscraper::FAMILY,
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
    checked(family, &c, n).map_err(|message| TextError { at: 0, message })?;
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
            out.extend(f.read_fpuzzles_list(key, &list(key), geo)?);
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
            Thermo(_) => &thermo::Thermo::FAMILY,
            Arrow { .. } => &arrow::Arrow,
            KropkiWhite(..) | KropkiBlack(..) | KropkiAll | KropkiWhiteAll | KropkiBlackAll => {
                &kropki::Kropki
            }
            X(..) | V(..) | XvAll => &xv::Xv,
            Sandwich { .. } => &sandwich::Sandwich,
            LittleKiller { .. } => &little_killer::LittleKiller,
            AntiKnight | AntiKing | NonConsecutive => &neighbours::Neighbours,
            Odd(_) | Even(_) => &parity::Parity,
            Whisper(_) => &whisper::Whisper::FAMILY,
            Renban(_) => &renban::Renban::FAMILY,
            Palindrome(_) => &palindrome::Palindrome::FAMILY,
            Between(_) => &between::Between::FAMILY,
            Region(_) => &region::Region,
            // Every clue is made by its family (`Clue::constraint`), under its key.
            Clue(k) => by_key(k.key).expect("a clue's key names a registered family"),
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
        self.family().write(self, n)
    }

    /// Every cell this constraint names (empty for board-wide rules).
    pub fn cells(&self, n: usize) -> Vec<usize> {
        self.family().cells(self, n)
    }

    /// Whether the rule can still hold with the filled cells of `values`
    /// (0 = empty, any digit 1–`n` there): false once the digits placed
    /// break it already, e.g. a part-filled cage over its sum or with a digit
    /// twice, a thermometer going down. Judged by the rule's own propagation
    /// alone (units and other rules aside), so `true` does not promise a
    /// completion; `false` is certain.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// let cage = Constraint::Cage { cells: vec![0, 1, 2], sum: Some(6) };
    /// assert!(cage.may_hold(&[1, 2, 0, 0], 4, &[]));
    /// assert!(!cage.may_hold(&[4, 3, 0, 0], 4, &[]));
    /// assert!(!cage.may_hold(&[2, 2, 0, 0], 4, &[]));
    /// ```
    pub fn may_hold(&self, values: &[u16], n: usize, all: &[Constraint]) -> bool {
        if n > 64 || self.validate(n).is_err() {
            return true;
        }
        let full = crate::bits::full_mask(n);
        let mut cand: Vec<u64> = values
            .iter()
            .map(|&v| match v {
                0 => full,
                v if (v as usize) <= n => 1 << (v - 1),
                _ => 0,
            })
            .collect();
        let model = compile_one(n, self, all);
        for (c, r) in cand.iter_mut().zip(&model.root) {
            *c &= r;
        }
        cand.iter().all(|&m| m != 0) && model.fixpoint(&mut cand).is_ok()
    }

    /// Whether a complete grid (`values[c]` in `1..=N`, row-major) obeys
    /// the rule. `all` is every constraint of the puzzle: the negative
    /// rules ([`Constraint::KropkiAll`], [`Constraint::XvAll`]) need to know
    /// which pairs carry a dot.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// let thermo = Constraint::Thermo(vec![0, 1]);
    /// assert!(thermo.satisfied(&[1, 2, 2, 1], 2, &[]));
    /// assert!(!thermo.satisfied(&[2, 1, 1, 2], 2, &[]));
    /// ```
    pub fn satisfied(&self, values: &[u16], n: usize, all: &[Constraint]) -> bool {
        self.family().satisfied(self, values, n, all)
    }

    /// Checks the cells are on an N×N board and the clue makes sense
    /// (lines of adjacent cells where the rule reads along a line).
    pub fn validate(&self, n: usize) -> Result<(), String> {
        checked(self.family(), self, n)
    }
}

/// Compiles `constraints` for an N×N board: each family adds its
/// propagators to the model.
pub(crate) fn compile(n: usize, constraints: &[Constraint]) -> Model {
    let mut m = Model::empty(n);
    m.constraints = constraints.to_vec();
    for c in constraints {
        c.family().compile(c, &mut m, constraints);
    }
    m
}

/// One constraint alone (`all` is every constraint of the puzzle, for
/// the negative rules): the human-style steps explain one constraint at
/// a time.
pub(crate) fn compile_one(n: usize, c: &Constraint, all: &[Constraint]) -> Model {
    let mut m = Model::empty(n);
    c.family().compile(c, &mut m, all);
    m.constraints = vec![c.clone()];
    m
}

/// Whether the complete grid `values` obeys every rule of `model`.
pub(crate) fn satisfied(model: &Model, values: &[u16]) -> bool {
    let all = &model.constraints;
    all.iter().all(|c| c.satisfied(values, model.n, all))
}

/// Every constraint of `cs` drawn by its family on a pen for an `n`×`n`
/// board of `size`-unit cells with its top-left corner at `(x0, y0)`.
pub(crate) fn draw(cs: &[Constraint], n: usize, size: f64, x0: f64, y0: f64) -> Pen {
    let mut pen = Pen::new(n, size, x0, y0);
    for c in cs {
        c.family().draw(c, &mut pen);
    }
    pen
}

/// The rules of `cs` that have no mark on the grid (anti-knight, "all dots
/// given", …), by name, for a caption.
pub(crate) fn captions(cs: &[Constraint]) -> Vec<&'static str> {
    cs.iter().filter_map(|c| c.family().caption(c)).collect()
}
