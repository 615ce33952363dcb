//! Import from f-puzzles: its JSON (any layout: compact, spaced or
//! pretty-printed over many lines), plain or in the compressed form of its
//! share links (lz-string `compressToBase64`, decoded by the `lz-str`
//! crate). SudokuPad links that carry f-puzzles data (`…/fpuzzles…`) are
//! read by [`super::from_sudokupad`], which calls this importer.
//!
//! Read here ([`FPUZZLES_KEYS`]), with f-puzzles' own meanings: `size`,
//! `grid` (`value` with `given: true` as givens, `region` for irregular
//! regions), `title` and `author` (the name), `solution` (kept, checked
//! against ours), `diagonal+` / `diagonal-` (both: the X variant; one: an
//! extra region along it), `disjointgroups`, `antiknight`, `antiking`,
//! `nonconsecutive` (on a board with kropki dots: every white dot is given,
//! pairs with a dot of either colour exempt, as f-puzzles' solver reads
//! it), `negative` (`difference`, `ratio`, or both: every dot of that kind
//! given; `xv`: every X and V given). Every other rule key is read by its
//! constraint family's file through the registry: `odd`, `even` (one
//! constraint for all the cells of each), `killercage`, `thermometer`, `arrow`
//! (each line from a circle sums to the circle), `difference` (white dots),
//! `ratio` (black dots), `xv`, `sandwichsum`, `littlekillersum` (also the
//! older spelling `littlekiller`), `palindrome`, `betweenline`,
//! `extraregion`, `renban`, `whispers` (with a `value`: whispers of that
//! difference), `minimum`, `maximum`, `quadruple`, `clone`, `xsum`,
//! `skyscraper`, `entropicline`, `modularline`, `zipperline`,
//! `regionsumline`.
//!
//! Rules f-puzzles has and sudokit does not model ([`FPUZZLES_REFUSED`]:
//! `slowthermometer`, `doublearrow`, …) are an error naming the key, so
//! that a rule is never silently dropped. Drawings (`line`, `circle`,
//! `rectangle`, `cage`, `text`), a rules text (`ruleset`) and keys unknown
//! to sudokit are read as nothing but listed in [`Puzzle::ignored`]: the
//! setter may have put rules there.

use std::sync::Arc;

use serde_json::Value;

use crate::constraints::fpuzzles_values::as_number;
use crate::constraints::Constraint;
use crate::geometry::{BoxShape, Geometry, Variant};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// The f-puzzles keys the importer itself reads: the board, names and
/// board-wide rules. The constraint families read their own keys (cages,
/// arrows, dots, lines, outside clues…: each family's `fpuzzles_keys`).
pub const FPUZZLES_KEYS: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "diagonal+",
    "diagonal-",
    "disjointgroups",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "negative",
];

/// f-puzzles rules sudokit does not model, with their names in plain
/// words: a file using one is refused rather than solved without it.
pub const FPUZZLES_REFUSED: &[(&str, &str)] = &[
    ("slowthermometer", "slow thermometers"),
    ("rowindexer", "row indexer cells"),
    ("columnindexer", "column indexer cells"),
    ("boxindexer", "box indexer cells"),
    ("doublearrow", "double arrows"),
    ("lockout", "lockout lines"),
    ("nabner", "nabner lines"),
    ("sumdot", "sum dots"),
    ("chaosconstruction", "chaos construction"),
];

/// Keys that carry no rule (settings, colours, the editor's state).
const HARMLESS: &[&str] = &[
    "activeConstraints",
    "highlightConflicts",
    "highlight",
    "cosmetic",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
    "fogofwar",
    "foglight",
];

/// Drawing keys: read as nothing, listed as ignored (rules may hide there).
const DRAWINGS: &[(&str, &str)] = &[
    ("line", "drawn lines"),
    ("circle", "drawn circles"),
    ("rectangle", "drawn rectangles"),
    ("cage", "drawn cages"),
    ("text", "texts"),
];

/// Reads an f-puzzles puzzle: its JSON text, the compressed string of a
/// share link, or the link itself (`…?load=<compressed>`).
///
/// ```
/// use sudokit::format::from_fpuzzles;
/// let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],
///   [{},{},{},{}],[{},{},{},{}]],
///   "killercage":[{"cells":["R1C2","R2C2"],"value":"5"}],"antiknight":true}"#;
/// let p = from_fpuzzles(json).unwrap();
/// assert_eq!(p.grid().get(0), 1);
/// assert_eq!(p.constraints().len(), 2);
/// let link = lz_str::compress_to_base64(json);
/// assert_eq!(from_fpuzzles(&link).unwrap(), p);
/// ```
pub fn from_fpuzzles(text: &str) -> Result<Puzzle, String> {
    let t = text.trim();
    let json = if t.starts_with('{') {
        t.to_string()
    } else {
        let packed = t.rsplit_once("load=").map_or(t, |(_, p)| p);
        let packed = packed.split('&').next().unwrap_or(packed);
        decompress(packed).ok_or_else(|| {
            format!(
                "an f-puzzles link or compressed string ({} characters) that does not decompress",
                packed.chars().count()
            )
        })?
    };
    let v: Value = serde_json::from_str(&json).map_err(|e| format!("f-puzzles JSON: {e}"))?;
    import_value(&v)
}

/// lz-string `decompressFromBase64` of a string copied from a link: `+`
/// may come as `%2B` or a space, `/` and `=` percent-escaped. `None` when
/// it does not decode to text.
pub(crate) fn decompress(packed: &str) -> Option<String> {
    let packed = super::links::percent_decode(packed).replace(' ', "+");
    let wide = lz_str::decompress_from_base64(&packed)?;
    let text = String::from_utf16(&wide).ok()?;
    (!text.is_empty()).then_some(text)
}

/// The puzzle of a parsed f-puzzles JSON object.
pub(crate) fn import_value(v: &Value) -> Result<Puzzle, String> {
    import(v)
}

fn import(v: &Value) -> Result<Puzzle, String> {
    let obj = v.as_object().ok_or("f-puzzles JSON is an object")?;
    let mut ignored = Vec::new();
    for (k, val) in obj {
        let empty = match val {
            Value::Null => true,
            Value::Bool(b) => !b,
            Value::Array(a) => a.is_empty(),
            Value::String(s) => s.trim().is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        };
        let key = k.as_str();
        if empty
            || FPUZZLES_KEYS.contains(&key)
            || HARMLESS.contains(&key)
            || crate::constraints::registry::is_fpuzzles_key(key)
        {
            continue;
        }
        if let Some((_, name)) = FPUZZLES_REFUSED.iter().find(|(r, _)| *r == key) {
            return Err(format!(
                "this f-puzzles file uses {name} (key `{key}`), a rule sudokit does not model; \
                 solving without it would give a wrong answer"
            ));
        }
        if let Some((_, name)) = DRAWINGS.iter().find(|(d, _)| *d == key) {
            let count = val.as_array().map_or(1, |a| drawn_count(key, a));
            if count > 0 {
                ignored.push(format!("{count} {name} (f-puzzles `{key}`)"));
            }
            continue;
        }
        ignored.push(format!("f-puzzles key `{key}`, unknown to sudokit"));
    }
    if let Some(rules) = obj.get("ruleset").and_then(Value::as_str) {
        if !rules.trim().is_empty() {
            ignored.push(format!("the rules text ({})", excerpt(rules)));
        }
    }
    let n = obj
        .get("size")
        .and_then(Value::as_u64)
        .ok_or("f-puzzles JSON needs a size")? as usize;
    if !(1..=64).contains(&n) {
        return Err(format!("size {n} is out of range 1..=64"));
    }
    let rows = obj
        .get("grid")
        .and_then(Value::as_array)
        .ok_or("f-puzzles JSON needs a grid")?;
    if rows.len() != n
        || rows
            .iter()
            .any(|r| r.as_array().map_or(true, |r| r.len() != n))
    {
        return Err(format!("the grid is not {n}×{n}"));
    }
    let mut values = vec![0u16; n * n];
    let mut regions = vec![None; n * n];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let (true, Some(d)) = (given, cell.get("value").and_then(as_number)) {
                if d == 0 || d as usize > n {
                    return Err(format!("r{}c{}: digit {d} out of range", r + 1, c + 1));
                }
                values[r * n + c] = d as u16;
            }
            regions[r * n + c] = cell.get("region").and_then(Value::as_u64);
        }
    }
    let flag = |k: &str| obj.get(k).and_then(Value::as_bool).unwrap_or(false);
    let list = |k: &str| -> Vec<Value> {
        obj.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let shape = BoxShape::for_side(n).ok_or("no box shape")?;
    let mut variants = Vec::new();
    let mut cs: Vec<Constraint> = Vec::new();
    let diag: Vec<usize> = (0..n).map(|i| i * n + i).collect();
    let anti: Vec<usize> = (0..n).map(|i| (n - 1 - i) * n + i).collect();
    match (flag("diagonal+"), flag("diagonal-")) {
        (true, true) => variants.push(Variant::Diagonals),
        (true, false) => cs.push(Constraint::Region(anti)),
        (false, true) => cs.push(Constraint::Region(diag)),
        _ => {}
    }
    if flag("disjointgroups") {
        variants.push(Variant::DisjointGroups);
    }
    if regions.iter().any(Option::is_some) {
        // Cells without a region keep their box.
        let labels = regions
            .iter()
            .enumerate()
            .map(|(i, r)| {
                r.map_or_else(
                    || ((i / n / shape.rows) * (n / shape.cols) + (i % n) / shape.cols) as u16,
                    |r| r as u16,
                )
            })
            .collect();
        variants.push(Variant::Jigsaw(labels));
    }
    let geo = Geometry::square(shape, &variants).map_err(|e| e.to_string())?;
    let number = |e: &Value| -> Option<u32> { e.get("value").and_then(as_number) };
    if flag("antiknight") {
        cs.push(Constraint::AntiKnight);
    }
    if flag("antiking") {
        cs.push(Constraint::AntiKing);
    }
    // Killer cage labels that are no sum: the cage is read without one.
    for e in list("killercage") {
        if number(&e).is_none() {
            if let Some(v) = e.get("value").filter(|v| !is_blank(v)) {
                ignored.push(format!("a killer cage label {v} that is not a sum"));
            }
        }
    }
    let dots = list("difference").len() + list("ratio").len();
    let negative: Vec<String> = list("negative")
        .iter()
        .filter_map(|x| x.as_str().map(str::to_string))
        .collect();
    let has = |k: &str| negative.iter().any(|x| x == k);
    // f-puzzles' non-consecutive rule on a board with dots is the negative
    // white-dot rule: neighbours joined by a dot of either colour are exempt.
    let nonconsecutive = flag("nonconsecutive");
    let white_all = has("difference") || (nonconsecutive && dots > 0);
    if nonconsecutive && dots == 0 {
        cs.push(Constraint::NonConsecutive);
    }
    match (white_all, has("ratio")) {
        (true, true) => cs.push(Constraint::KropkiAll),
        (true, false) => cs.push(Constraint::KropkiWhiteAll),
        (false, true) => cs.push(Constraint::KropkiBlackAll),
        (false, false) => {}
    }
    if has("xv") {
        cs.push(Constraint::XvAll);
    }
    if let Some(other) = negative
        .iter()
        .find(|k| !["difference", "ratio", "xv"].contains(&k.as_str()))
    {
        return Err(format!(
            "a negative constraint on `{other}`, which sudokit does not model"
        ));
    }
    // The families that read their own f-puzzles entries.
    cs.extend(crate::constraints::registry::from_fpuzzles(&list, &geo)?);
    for c in &cs {
        c.validate(n)?;
    }
    let geo = Arc::new(geo);
    let solution = obj.get("solution").and_then(|s| solution_grid(s, &geo));
    let mut p = Puzzle::new(Grid::new(geo, values)).with_constraints(cs);
    p.set_given_solution(solution);
    for i in ignored {
        p.add_ignored(i);
    }
    let title = obj
        .get("title")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty());
    let author = obj
        .get("author")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty());
    match (title, author) {
        (Some(t), Some(a)) => p.set_name(Some(format!("{t} by {a}"))),
        (Some(t), None) => p.set_name(Some(t.to_string())),
        (None, Some(a)) => p.set_name(Some(format!("by {a}"))),
        _ => {}
    }
    Ok(p)
}

/// How many drawn elements a drawing key holds. `cage` entries that are
/// SudokuPad metadata (`"value": "title: …"`, no colour) are not drawings.
fn drawn_count(key: &str, items: &[Value]) -> usize {
    items
        .iter()
        .filter(|e| {
            key != "cage"
                || !e
                    .get("value")
                    .and_then(Value::as_str)
                    .is_some_and(super::links::is_metadata_label)
        })
        .count()
}

/// The start of a text, on one line, for messages.
pub(crate) fn excerpt(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > 80 {
        let cut: String = flat.chars().take(77).collect();
        format!("\"{cut}…\"")
    } else {
        format!("\"{flat}\"")
    }
}

fn is_blank(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

/// A complete solution (a list of N² digits, or a string of them) on
/// this board; `None` for a partial or blank one.
fn solution_grid(s: &Value, geo: &Arc<Geometry>) -> Option<Grid> {
    let n = geo.n();
    let digits: Vec<u32> = match s {
        Value::Array(a) => a.iter().map(as_number).collect::<Option<_>>()?,
        Value::String(t) if t.contains(',') => t
            .split(',')
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?,
        Value::String(t) => t.chars().map(|c| c.to_digit(36)).collect::<Option<_>>()?,
        _ => return None,
    };
    if digits.len() != n * n || digits.iter().any(|&d| d == 0 || d as usize > n) {
        return None;
    }
    Some(Grid::new(
        geo.clone(),
        digits.into_iter().map(|d| d as u16).collect(),
    ))
}
