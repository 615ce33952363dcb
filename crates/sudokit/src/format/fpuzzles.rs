//! Import from f-puzzles: its JSON, plain or in the compressed form of its
//! share links (lz-string `compressToBase64`, decoded by the `lz-str`
//! crate).
//!
//! Supported keys ([`FPUZZLES_KEYS`]): `size`, `grid` (`value` with
//! `given: true` as givens, `region` for irregular regions), `title` and
//! `author` (the name), `diagonal+` / `diagonal-` (both: the X variant;
//! one: an extra region along it), `disjointgroups`, `antiknight`,
//! `antiking`, `nonconsecutive`, `killercage`, `thermometer`, `arrow`,
//! `difference` (white dots), `ratio` (black dots), `xv`, `negative`
//! (`ratio` and `difference` together: every dot given; `xv`: every X and
//! V given), `sandwichsum`, `littlekiller`, `odd`, `even`, `palindrome`,
//! `betweenline`, `extraregion`, and `renban` / `whispers` as line lists
//! (`{"lines": [[…]]}`). Any other key with content is an error naming it,
//! so that a constraint is never silently dropped; purely cosmetic keys
//! (`text`, `line`, `cage`, `circle`, `rectangle`, colours…) are ignored.

use std::sync::Arc;

use serde_json::Value;

use crate::constraints::{Constraint, Direction, Line};
use crate::geometry::{BoxShape, Geometry, Variant};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// The f-puzzles keys the importer understands.
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
    "killercage",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "negative",
    "sandwichsum",
    "littlekiller",
    "odd",
    "even",
    "palindrome",
    "betweenline",
    "extraregion",
    "renban",
    "whispers",
];

/// Keys that only draw (no rule), skipped.
const COSMETIC: &[&str] = &[
    "text",
    "line",
    "cage",
    "circle",
    "rectangle",
    "highlight",
    "cosmetic",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
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
        // Links carry `+` as `%2B` or as a space, and `/` and `=` escaped.
        let packed = packed
            .replace("%2B", "+")
            .replace("%2F", "/")
            .replace("%3D", "=")
            .replace(' ', "+");
        let wide = lz_str::decompress_from_base64(&packed)
            .ok_or("not f-puzzles JSON nor a compressed f-puzzles string")?;
        String::from_utf16(&wide).map_err(|_| "the compressed string does not decode to text")?
    };
    let v: Value = serde_json::from_str(&json).map_err(|e| format!("f-puzzles JSON: {e}"))?;
    import(&v)
}

fn import(v: &Value) -> Result<Puzzle, String> {
    let obj = v.as_object().ok_or("f-puzzles JSON is an object")?;
    for (k, val) in obj {
        let empty = match val {
            Value::Null => true,
            Value::Bool(b) => !b,
            Value::Array(a) => a.is_empty(),
            Value::String(s) => s.is_empty(),
            _ => false,
        };
        if !empty && !FPUZZLES_KEYS.contains(&k.as_str()) && !COSMETIC.contains(&k.as_str()) {
            return Err(format!("f-puzzles key {k:?} is not supported"));
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
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let (true, Some(d)) = (given, cell.get("value").and_then(Value::as_u64)) {
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
    let cell = |s: &Value| -> Result<usize, String> {
        let s = s.as_str().ok_or("a cell is a string such as \"R1C1\"")?;
        let (r, c) = rc(s)?;
        if !(1..=n as i64).contains(&r) || !(1..=n as i64).contains(&c) {
            return Err(format!("cell {s} is off the board"));
        }
        Ok((r as usize - 1) * n + c as usize - 1)
    };
    let cells = |v: Option<&Value>| -> Result<Vec<usize>, String> {
        v.and_then(Value::as_array)
            .ok_or("expected a list of cells")?
            .iter()
            .map(cell)
            .collect()
    };
    let lines = |e: &Value| -> Result<Vec<Vec<usize>>, String> {
        e.get("lines")
            .and_then(Value::as_array)
            .ok_or("expected lines")?
            .iter()
            .map(|l| cells(Some(l)))
            .collect()
    };
    let number = |e: &Value| -> Option<u32> {
        match e.get("value")? {
            Value::String(s) => s.trim().parse().ok(),
            Value::Number(x) => x.as_u64().map(|x| x as u32),
            _ => None,
        }
    };
    if flag("antiknight") {
        cs.push(Constraint::AntiKnight);
    }
    if flag("antiking") {
        cs.push(Constraint::AntiKing);
    }
    if flag("nonconsecutive") {
        cs.push(Constraint::NonConsecutive);
    }
    for e in list("killercage") {
        cs.push(Constraint::Cage {
            sum: number(&e),
            cells: cells(e.get("cells"))?,
        });
    }
    for e in list("thermometer") {
        cs.extend(lines(&e)?.into_iter().map(Constraint::Thermo));
    }
    for e in list("arrow") {
        let circle = cells(e.get("cells"))?;
        let mut arrow = Vec::new();
        for l in lines(&e)? {
            arrow.extend(l.into_iter().filter(|c| !circle.contains(c)));
        }
        cs.push(Constraint::Arrow { circle, arrow });
    }
    for (key, white) in [("difference", true), ("ratio", false)] {
        for e in list(key) {
            let want = if white { 1 } else { 2 };
            if number(&e).is_some_and(|x| x != want) {
                return Err(format!("{key} dots with a value other than {want}"));
            }
            let p = cells(e.get("cells"))?;
            let [a, b] = p[..] else {
                return Err(format!("a {key} dot joins two cells"));
            };
            cs.push(if white {
                Constraint::KropkiWhite(a, b)
            } else {
                Constraint::KropkiBlack(a, b)
            });
        }
    }
    for e in list("xv") {
        let p = cells(e.get("cells"))?;
        let [a, b] = p[..] else {
            return Err("an X or V joins two cells".into());
        };
        match e.get("value").and_then(Value::as_str) {
            Some("X" | "x") => cs.push(Constraint::X(a, b)),
            Some("V" | "v") => cs.push(Constraint::V(a, b)),
            other => return Err(format!("xv value {other:?}")),
        }
    }
    let negative: Vec<String> = list("negative")
        .iter()
        .filter_map(|x| x.as_str().map(str::to_string))
        .collect();
    let has = |k: &str| negative.iter().any(|x| x == k);
    match (has("ratio"), has("difference")) {
        (true, true) => cs.push(Constraint::KropkiAll),
        (false, false) => {}
        _ => return Err("a negative constraint on one kind of kropki dot only".into()),
    }
    if has("xv") {
        cs.push(Constraint::XvAll);
    }
    for e in list("sandwichsum") {
        let s = e
            .get("cell")
            .and_then(Value::as_str)
            .ok_or("a sandwich clue has a cell")?;
        let (r, c) = rc(s)?;
        let out = |k: i64| k == 0 || k == n as i64 + 1;
        let line = match (out(r), out(c)) {
            (false, true) if (1..=n as i64).contains(&r) => Line::Row(r as usize - 1),
            (true, false) if (1..=n as i64).contains(&c) => Line::Column(c as usize - 1),
            _ => {
                return Err(format!(
                    "sandwich clue at {s} is not beside a row or column"
                ))
            }
        };
        let sum = number(&e).ok_or("a sandwich clue has a value")?;
        cs.push(Constraint::Sandwich { line, sum });
    }
    for e in list("littlekiller") {
        let s = e
            .get("cell")
            .and_then(Value::as_str)
            .ok_or("a little killer has a cell")?;
        let (r, c) = rc(s)?;
        let direction = match e.get("direction").and_then(Value::as_str) {
            Some("DR") => Direction::DownRight,
            Some("DL") => Direction::DownLeft,
            Some("UR") => Direction::UpRight,
            Some("UL") => Direction::UpLeft,
            d => return Err(format!("little killer direction {d:?}")),
        };
        let (dr, dc) = match direction {
            Direction::DownRight => (1, 1),
            Direction::DownLeft => (1, -1),
            Direction::UpRight => (-1, 1),
            Direction::UpLeft => (-1, -1),
        };
        let (r1, c1) = (r + dr, c + dc);
        if !(1..=n as i64).contains(&r1) || !(1..=n as i64).contains(&c1) {
            return Err(format!("little killer at {s} points off the board"));
        }
        let sum = number(&e).ok_or("a little killer has a value")?;
        cs.push(Constraint::LittleKiller {
            sum,
            start: (r1 as usize - 1) * n + c1 as usize - 1,
            direction,
        });
    }
    for (key, odd) in [("odd", true), ("even", false)] {
        let cs_: Vec<usize> = list(key)
            .iter()
            .map(|e| {
                e.get("cell")
                    .ok_or("expected a cell".to_string())
                    .and_then(cell)
            })
            .collect::<Result<_, _>>()?;
        if !cs_.is_empty() {
            cs.push(if odd {
                Constraint::Odd(cs_)
            } else {
                Constraint::Even(cs_)
            });
        }
    }
    type Make = fn(Vec<usize>) -> Constraint;
    let line_keys: [(&str, Make); 4] = [
        ("palindrome", Constraint::Palindrome),
        ("betweenline", Constraint::Between),
        ("renban", Constraint::Renban),
        ("whispers", Constraint::Whisper),
    ];
    for (key, make) in line_keys {
        for e in list(key) {
            cs.extend(lines(&e)?.into_iter().map(make));
        }
    }
    for e in list("extraregion") {
        cs.push(Constraint::Region(cells(e.get("cells"))?));
    }
    for c in &cs {
        c.validate(n)?;
    }
    let mut p = Puzzle::new(Grid::new(Arc::new(geo), values)).with_constraints(cs);
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

/// `R3C5` → (3, 5); rows and columns may be 0 or N + 1 outside the grid.
fn rc(s: &str) -> Result<(i64, i64), String> {
    let u = s.to_ascii_uppercase();
    let parsed = u.strip_prefix('R').and_then(|rest| {
        let (r, c) = rest.split_once('C')?;
        Some((r.parse().ok()?, c.parse().ok()?))
    });
    parsed.ok_or_else(|| format!("expected a cell such as R1C1, found {s:?}"))
}
