//! The constraint family: one trait, and the helpers its files share.
//!
//! A *family* is one kind of rule (killer cages, thermometers, kropki
//! dots…). Everything about it lives in its own file as one implementation
//! of [`Family`]: reading and writing its directive, the cells it names,
//! the check on a filled grid, what it compiles to for the solvers, the
//! sentence its logical steps use and its drawing. The solver, the reader,
//! the writer, the renderer and the logic reach a family only through this
//! trait, found by [`Constraint::family`] or by directive key in the
//! registry (`registry::FAMILIES`). Adding a family is its file plus one
//! row there (see "Adding a constraint family" in `docs/ARCHITECTURE.md`).
//!
//! The trait is only used where a call per constraint is cheap (reading,
//! writing, compiling, the final check of a grid, drawing). The search's
//! inner loop runs the compiled propagators (`Prop`), a closed
//! enum matched without dynamic dispatch; a family with a propagator of
//! its own ([`Family::propagate`]) hands it over as a function pointer
//! when it compiles, so the model never looks a family up.

use super::mask::Narrowed;
use super::model::Model;
use super::prop::Prop;
use super::rule::Clue;
use super::rule::Constraint;
use super::text::{self, TextError};
use crate::marks::Pen;

/// One kind of constraint. See the module docs.
pub(crate) trait Family: Sync {
    /// The directive keys this family reads (lower-case).
    fn keys(&self) -> &'static [&'static str];

    /// Keys that may stand alone on a line, without a colon (board-wide
    /// rules such as `anti-knight`).
    fn flags(&self) -> &'static [&'static str] {
        &[]
    }

    /// Reads the directive `key: value` (`key` one of [`Family::keys`]) on
    /// an N×N board. The caller then runs `family::checked`.
    fn parse(&self, key: &str, value: &str, n: usize) -> Result<Constraint, TextError>;

    /// The directive line that [`Family::parse`] reads back.
    fn write(&self, c: &Constraint, n: usize) -> String;

    /// Every cell the constraint names (empty for board-wide rules).
    fn cells(&self, c: &Constraint, n: usize) -> Vec<usize>;

    /// Checks beyond "every cell is on the board", which the caller does
    /// first: repeats, adjacency, parameters.
    fn validate(&self, _c: &Constraint, _n: usize) -> Result<(), String> {
        Ok(())
    }

    /// Whether a complete grid obeys the rule. `all` is every constraint of
    /// the puzzle (negative rules need to know which pairs are marked).
    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, all: &[Constraint]) -> bool;

    /// Adds the rule's propagators (and root masks) to `m`.
    fn compile(&self, c: &Constraint, m: &mut Model, all: &[Constraint]);

    /// The propagator of a [`super::prop::Prop::Family`] this family compiled:
    /// narrows `cand` (candidate masks, bit `d - 1` for digit `d`).
    fn propagate(&self, _c: &Constraint, _cand: &mut [u64], _n: usize) -> Narrowed {
        Ok(false)
    }

    /// The rule in words for a logical step, without its eliminations;
    /// `names` writes a list of cells (`r1c1, r1c2 and r1c3`).
    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String;

    /// Draws the constraint once for every picture (SVG, the web app's
    /// overlay, PDF): shapes in cells under the grid lines and digits
    /// (`pen.under`), marks on borders and clues over them (`pen.over`).
    fn draw(&self, c: &Constraint, pen: &mut Pen);

    /// The f-puzzles list key and entry of the constraint, for the
    /// families f-puzzles knows (`None`: it has no such constraint).
    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        _c: &Constraint,
        _geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        None
    }

    /// The f-puzzles list keys this family reads with
    /// [`Family::read_fpuzzles`].
    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        &[]
    }

    /// Reads one entry of f-puzzles list `key` (one of
    /// [`Family::fpuzzles_keys`]) on the board `geo`.
    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        _key: &str,
        _entry: &serde_json::Value,
        _geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        Ok(Vec::new())
    }

    /// Every f-puzzles entry of the constraint: the one of
    /// [`Family::to_fpuzzles`], unless the family keeps one entry per cell
    /// where sudokit keeps one constraint (odd and even cells).
    #[cfg(feature = "serde")]
    fn to_fpuzzles_entries(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<Vec<(&'static str, serde_json::Value)>> {
        self.to_fpuzzles(c, geo).map(|e| vec![e])
    }

    /// Reads every entry of f-puzzles list `key`: one at a time with
    /// [`Family::read_fpuzzles`], unless the family gathers them.
    #[cfg(feature = "serde")]
    fn read_fpuzzles_list(
        &self,
        key: &str,
        entries: &[serde_json::Value],
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let mut out = Vec::new();
        for e in entries {
            out.extend(self.read_fpuzzles(key, e, geo)?);
        }
        Ok(out)
    }

    /// For rules with no mark on the grid: their name, stated in a caption.
    fn caption(&self, _c: &Constraint) -> Option<&'static str> {
        None
    }
}

/// A rule on the digits along a drawn line whose clue is its cells alone
/// (entropic, modular and zipper lines). Such a family states only what
/// differs: its keys, how it reads, the test on the digits and its
/// sentence; every [`Family`] method follows (the directive `key: r1c1
/// r1c2 …`, f-puzzles `{"lines": [[…]]}`, a coloured line drawn, the
/// propagator [`enumerate`] with the test).
pub(crate) trait LineRule: Sync {
    /// The directive key.
    const KEY: &'static str;
    /// The f-puzzles key (read and written with the serde feature only).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    const FPUZZLES_KEY: &'static str;
    /// The line in messages: "an entropic line".
    const WHAT: &'static str;
    /// The drawn line: its colour and width (a share of the cell side).
    const STROKE: (&'static str, f64);
    /// The family's one value, for [`Clue::constraint`].
    const FAMILY: &'static dyn Family;

    /// Rules on the board beyond a line without repeats.
    fn check_board(_n: usize) -> Result<(), String> {
        Ok(())
    }

    /// The line's cells in the order [`LineRule::ok`] reads them.
    fn order(cells: &[usize]) -> Vec<usize> {
        cells.to_vec()
    }

    /// The test on the digits read so far, in [`LineRule::order`], on an
    /// N×N board and a line of `len` cells (it sees every prefix).
    fn ok(n: usize, len: usize, v: &[u32]) -> bool;

    /// The rule in words for the line named `line`.
    fn rule_text(line: &str, n: usize) -> String;
}

impl<T: LineRule> Family for T {
    fn keys(&self) -> &'static [&'static str] {
        std::slice::from_ref(&T::KEY)
    }

    fn parse(&self, _key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
        let cells = text::need_cells(value, n, 2, T::WHAT)?;
        Ok(Clue::constraint(T::FAMILY, Vec::new(), cells))
    }

    fn write(&self, c: &Constraint, n: usize) -> String {
        format!("{}: {}", T::KEY, text::names(&self.cells(c, n), n))
    }

    fn cells(&self, c: &Constraint, _n: usize) -> Vec<usize> {
        clue(c).map_or(Vec::new(), |k| k.cells.clone())
    }

    fn validate(&self, c: &Constraint, n: usize) -> Result<(), String> {
        T::check_board(n)?;
        text::no_repeat(&self.cells(c, n), "a line", n)
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let cells = T::order(&self.cells(c, n));
        holds(values, &cells, &|v| T::ok(n, cells.len(), v))
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        m.props
            .push(Prop::Family(c.clone(), self.cells(c, m.n), |c, cand, n| {
                T::FAMILY.propagate(c, cand, n)
            }));
    }

    fn propagate(&self, c: &Constraint, cand: &mut [u64], n: usize) -> Narrowed {
        let cells = T::order(&self.cells(c, n));
        enumerate(cand, &cells, &|v| T::ok(n, cells.len(), v))
    }

    fn rule_text(&self, c: &Constraint, n: usize, names: &dyn Fn(&[usize]) -> String) -> String {
        T::rule_text(&names(&self.cells(c, n)), n)
    }

    #[cfg(feature = "serde")]
    fn fpuzzles_keys(&self) -> &'static [&'static str] {
        std::slice::from_ref(&T::FPUZZLES_KEY)
    }

    #[cfg(feature = "serde")]
    fn read_fpuzzles(
        &self,
        key: &str,
        entry: &serde_json::Value,
        geo: &crate::geometry::Geometry,
    ) -> Result<Vec<Constraint>, String> {
        let n = geo.n();
        let lines = entry
            .get("lines")
            .and_then(serde_json::Value::as_array)
            .ok_or("expected lines")?;
        lines
            .iter()
            .map(|l| {
                let cells = fpuzzles_cells(Some(l))?;
                parse_fpuzzles(self, key, T::KEY, &cells, n)
            })
            .collect()
    }

    #[cfg(feature = "serde")]
    fn to_fpuzzles(
        &self,
        c: &Constraint,
        geo: &crate::geometry::Geometry,
    ) -> Option<(&'static str, serde_json::Value)> {
        let n = geo.n();
        let rc = fpuzzles_names(&self.cells(c, n), n);
        Some((T::FPUZZLES_KEY, serde_json::json!({ "lines": [rc] })))
    }

    fn draw(&self, c: &Constraint, pen: &mut Pen) {
        let (colour, width) = T::STROKE;
        pen.line(&self.cells(c, pen.n), colour, pen.size * width);
    }
}

impl Clue {
    /// The constraint of `family` with these numbers and cells.
    pub(crate) fn constraint(
        family: &'static dyn Family,
        numbers: Vec<i64>,
        cells: Vec<usize>,
    ) -> Constraint {
        Constraint::Clue(Clue {
            key: family.keys().first().copied().unwrap_or_default(),
            numbers,
            cells,
        })
    }
}

/// Rules every constraint of family `f` must meet, however it was built:
/// its cells on the N×N board, then the family's own checks.
pub(crate) fn checked(f: &dyn Family, c: &Constraint, n: usize) -> Result<(), String> {
    if let Some(&bad) = f.cells(c, n).iter().find(|&&x| x >= n * n) {
        return Err(format!("cell {bad} is off the {n}×{n} board"));
    }
    f.validate(c, n)
}

/// The clue of a registry-only family's constraint.
pub(crate) fn clue(c: &Constraint) -> Option<&Clue> {
    match c {
        Constraint::Clue(k) => Some(k),
        _ => None,
    }
}

/// Nodes [`enumerate`] visits before it gives up (and narrows nothing).
const ENUMERATION_BUDGET: usize = 50_000;

/// Generalised arc consistency by enumeration, for families whose rule is
/// easiest said as a test on the digits of a few cells: keeps in each of
/// `cells` only the digits of some assignment (within `cand`) that `ok`
/// accepts. `ok` sees every prefix of an assignment in the order of
/// `cells` (the whole assignment last) and must accept each prefix of an
/// assignment it accepts in full. Past [`ENUMERATION_BUDGET`] nodes it
/// narrows nothing: the search checks every rule on each complete grid, so
/// giving up costs speed, never correctness.
pub(crate) fn enumerate(
    cand: &mut [u64],
    cells: &[usize],
    ok: &dyn Fn(&[u32]) -> bool,
) -> Narrowed {
    let k = cells.len();
    if k == 0 {
        return Ok(false);
    }
    let mut support = vec![0u64; k];
    let mut vals: Vec<u32> = Vec::with_capacity(k);
    // Per depth, the digits of that cell not tried yet.
    let mut left: Vec<u64> = vec![cand[cells[0]]];
    let mut nodes = 0usize;
    while let Some(rest) = left.last_mut() {
        if *rest == 0 {
            left.pop();
            continue;
        }
        let d = rest.trailing_zeros() + 1;
        *rest &= *rest - 1;
        nodes += 1;
        if nodes > ENUMERATION_BUDGET {
            return Ok(false);
        }
        let depth = left.len() - 1;
        vals.truncate(depth);
        vals.push(d);
        if !ok(&vals) {
            continue;
        }
        if vals.len() == k {
            for (s, &v) in support.iter_mut().zip(&vals) {
                *s |= super::mask::bit(v);
            }
        } else {
            left.push(cand[cells[depth + 1]]);
        }
    }
    let mut changed = false;
    for (i, &c) in cells.iter().enumerate() {
        changed |= super::mask::restrict(cand, c, support[i])?;
    }
    Ok(changed)
}

/// Lines longer than this fall back to [`enumerate`] in
/// [`line_permutations`]: its table has 2^N rows.
const PERMUTATION_TABLE_MAX: usize = 12;

/// Generalised arc consistency for a rule on a whole row or column read
/// from one end (X-sums, skyscrapers), whose cells hold each digit once.
///
/// A prefix of the line is summed up by the set of digits it used (which
/// also fixes its length, its sum and its largest digit) and a small
/// `state` of the rule's own (skyscrapers: how many were seen; X-sums: X).
/// `step(state, used, d)` is the state after digit `d` follows a prefix
/// that used `used` (bit `d - 1` per digit), `None` if the rule already
/// fails; `accept` tests the state of the whole line. Each (set, state)
/// pair is visited once: 2^N × states nodes where [`enumerate`] would walk
/// up to N! orders and give up on an open line (9! > its budget).
pub(crate) fn line_permutations(
    cand: &mut [u64],
    cells: &[usize],
    states: usize,
    step: &dyn Fn(usize, u64, u32) -> Option<usize>,
    accept: &dyn Fn(usize) -> bool,
) -> Narrowed {
    let n = cells.len();
    if n == 0 || n > PERMUTATION_TABLE_MAX {
        return enumerate(cand, cells, &|v| {
            let last = v[v.len() - 1];
            if v[..v.len() - 1].contains(&last) {
                return false;
            }
            let mut state = Some(0);
            let mut used = 0u64;
            for &d in v {
                state = state.and_then(|s| step(s, used, d));
                used |= super::mask::bit(d);
            }
            state.is_some_and(|s| v.len() < n || accept(s))
        });
    }
    let full = (1u64 << n) - 1;
    let at = |used: u64, state: usize| used as usize * states + state;
    // Forward: which (set, state) pairs some prefix within `cand` reaches.
    // Every move adds a bit, so masks in increasing order see their
    // predecessors first.
    let mut reached = vec![false; (full as usize + 1) * states];
    reached[at(0, 0)] = true;
    for used in 0..full {
        let cell = cells[used.count_ones() as usize];
        let open = cand[cell] & full & !used;
        for state in 0..states {
            if !reached[at(used, state)] {
                continue;
            }
            for d in super::mask::digits(open) {
                if let Some(next) = step(state, used, d) {
                    reached[at(used | super::mask::bit(d), next)] = true;
                }
            }
        }
    }
    // Backward: which of those still end in an accepted line; the digits
    // on such moves are the support.
    let mut alive = vec![false; reached.len()];
    for state in 0..states {
        alive[at(full, state)] = reached[at(full, state)] && accept(state);
    }
    let mut support = vec![0u64; n];
    for used in (0..full).rev() {
        let i = used.count_ones() as usize;
        let open = cand[cells[i]] & full & !used;
        for state in 0..states {
            if !reached[at(used, state)] {
                continue;
            }
            for d in super::mask::digits(open) {
                let b = super::mask::bit(d);
                if step(state, used, d).is_some_and(|next| alive[at(used | b, next)]) {
                    alive[at(used, state)] = true;
                    support[i] |= b;
                }
            }
        }
    }
    let mut changed = false;
    for (i, &c) in cells.iter().enumerate() {
        changed |= super::mask::restrict(cand, c, support[i])?;
    }
    Ok(changed)
}

/// A rule given as a test on its cells' digits (see [`enumerate`]) checked
/// on a complete grid: every prefix passes, as in the enumeration.
pub(crate) fn holds(values: &[u16], cells: &[usize], ok: &dyn Fn(&[u32]) -> bool) -> bool {
    let vals: Vec<u32> = cells.iter().map(|&c| values[c] as u32).collect();
    (1..=vals.len()).all(|i| ok(&vals[..i]))
}

/// An f-puzzles cell (`"R1C1"`) in our text form (`r1c1`), for handing an
/// entry to [`Family::parse`].
#[cfg(feature = "serde")]
pub(crate) fn fpuzzles_cell(v: &serde_json::Value) -> Result<String, String> {
    v.as_str()
        .map(str::to_ascii_lowercase)
        .ok_or_else(|| format!("expected a cell such as \"R1C1\", found {v}"))
}

/// A cell as f-puzzles names it (`R1C1`) on an N×N board.
#[cfg(feature = "serde")]
pub(crate) fn fpuzzles_name(cell: usize, n: usize) -> String {
    format!("R{}C{}", cell / n + 1, cell % n + 1)
}

/// Cells as f-puzzles names them, in order.
#[cfg(feature = "serde")]
pub(crate) fn fpuzzles_names(cells: &[usize], n: usize) -> Vec<String> {
    cells.iter().map(|&c| fpuzzles_name(c, n)).collect()
}

/// The lines of an f-puzzles entry (`{"lines": [[cells], …]}`) as cells
/// on an N×N board; messages name the list `key`.
#[cfg(feature = "serde")]
pub(crate) fn fpuzzles_lines(
    key: &str,
    entry: &serde_json::Value,
    n: usize,
) -> Result<Vec<Vec<usize>>, String> {
    entry
        .get("lines")
        .and_then(serde_json::Value::as_array)
        .ok_or_else(|| format!("f-puzzles `{key}`: expected lines"))?
        .iter()
        .map(|l| {
            super::fpuzzles_values::cells(Some(l), n).map_err(|e| format!("f-puzzles `{key}`: {e}"))
        })
        .collect()
}

/// The cells of f-puzzles list `v` in our text form, space-separated.
#[cfg(feature = "serde")]
pub(crate) fn fpuzzles_cells(v: Option<&serde_json::Value>) -> Result<String, String> {
    let cells = v
        .and_then(serde_json::Value::as_array)
        .ok_or("expected a list of cells")?;
    Ok(cells
        .iter()
        .map(fpuzzles_cell)
        .collect::<Result<Vec<_>, _>>()?
        .join(" "))
}

/// A family's directive read from f-puzzles: the message names the key.
#[cfg(feature = "serde")]
pub(crate) fn parse_fpuzzles(
    f: &dyn Family,
    key: &str,
    directive: &str,
    value: &str,
    n: usize,
) -> Result<Constraint, String> {
    let c = f
        .parse(directive, value, n)
        .map_err(|e| format!("f-puzzles `{key}`: {}", e.message))?;
    checked(f, &c, n).map_err(|e| format!("f-puzzles `{key}`: {e}"))?;
    Ok(c)
}
