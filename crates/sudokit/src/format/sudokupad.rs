//! Import from SudokuPad: its share links in every form, and its own
//! puzzle JSON (`scl`).
//!
//! A SudokuPad link names its puzzle after the host (`sudokupad.app/<id>`,
//! `app.crackingthecryptic.com/sudoku/<id>`, or `?puzzleid=<id>`). The id
//! starts with the format: `fpuzzles` or `fpuz` (f-puzzles JSON), `scl` or
//! `ctc` (SudokuPad JSON), each followed by the lz-string
//! `compressToBase64` of the data (SudokuPad also accepts the data
//! uncompressed). SudokuPad JSON may be "zipped": single quotes for
//! double ones, unquoted keys, short key names (`ce` for `cells`), `t` and
//! `f` for booleans. Any other id names a puzzle kept on SudokuPad's
//! server: the link does not carry the puzzle, and sudokit does not fetch
//! it.
//!
//! SudokuPad JSON holds givens (`cells`), regions (`regions`) and cages
//! (`cages`: a killer cage when it has cells and a numeric sum, the
//! puzzle's title, author, rules and solution when it is a `name: value`
//! label). Everything else SudokuPad draws (lines, arrows, shapes under and
//! over the cells) carries the rules only for a reader of the rules text,
//! so it is listed in [`Puzzle::ignored`], as is the rules text.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::links::percent_decode;
use crate::constraints::Constraint;
use crate::geometry::{BoxShape, Geometry, Variant};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// SudokuPad's short key names in zipped JSON, and the long ones.
const ZIP_KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
];

/// Reads a SudokuPad puzzle: a link in any of its forms, an id with its
/// format prefix (`scl…`, `fpuzzles…`), or SudokuPad JSON.
///
/// ```
/// use sudokit::format::from_sudokupad;
/// let fp = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],
///   [{},{},{},{}],[{},{},{},{}]]}"#;
/// let link = format!("https://sudokupad.app/fpuzzles{}", lz_str::compress_to_base64(fp));
/// assert_eq!(from_sudokupad(&link).unwrap().grid().get(0), 1);
/// let e = from_sudokupad("https://sudokupad.app/abc123xyz").unwrap_err();
/// assert!(e.contains("kept on SudokuPad's server"), "{e}");
/// ```
pub fn from_sudokupad(text: &str) -> Result<Puzzle, String> {
    let t = text.trim();
    if t.starts_with('{') {
        let v: Value =
            serde_json::from_str(t).map_err(|e| format!("SudokuPad JSON does not parse: {e}"))?;
        return import_value(&v);
    }
    let id = puzzle_id(t);
    let Some((format, data)) = split_format(&id) else {
        return Err(format!(
            "a SudokuPad link to a puzzle kept on SudokuPad's server (id `{}`): the link does \
             not carry the puzzle and sudokit does not fetch it; open it in SudokuPad and copy \
             the puzzle's f-puzzles or JSON form",
            short(&id)
        ));
    };
    let raw = percent_decode(data).replace(' ', "+");
    // As SudokuPad does: data that does not decompress (or shrinks a lot)
    // is taken as it stands.
    let text = match lz_str::decompress_from_base64(&raw).and_then(|w| String::from_utf16(&w).ok())
    {
        Some(s) if !s.is_empty() && s.len() * 2 >= raw.len() => s,
        _ => raw.clone(),
    };
    let what = format!(
        "a SudokuPad link whose payload ({format}, {} characters)",
        raw.chars().count()
    );
    match format {
        "fpuzzles" => {
            let v: Value = serde_json::from_str(&text)
                .map_err(|_| format!("{what} is not f-puzzles JSON once decompressed"))?;
            super::fpuzzles::import_value(&v).map_err(|e| format!("{what}: {e}"))
        }
        "scl" => {
            let v: Value = serde_json::from_str(&text)
                .ok()
                .or_else(|| unzip(&text).and_then(|u| serde_json::from_str(&u).ok()))
                .ok_or_else(|| format!("{what} is not SudokuPad JSON once decompressed"))?;
            import_value(&v).map_err(|e| format!("{what}: {e}"))
        }
        _ => Err(format!(
            "{what} is in SudokuPad's legacy `scf` format, which sudokit does not read"
        )),
    }
}

/// Whether a line is a SudokuPad link or a prefixed SudokuPad id (so that
/// the reader takes it as one puzzle).
pub(crate) fn is_sudokupad_link(t: &str) -> bool {
    let t = t.trim();
    // Every link and prefixed id starts with a letter (`https:`, a host,
    // `scl…`); a puzzle line of digits and dots (nearly every line a batch
    // holds) is ruled out by its first byte, before the substring searches
    // below (about 3,000 instructions a 9×9 line: a quarter of its reading).
    if !t.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) || t.contains(char::is_whitespace)
    {
        return false;
    }
    let host = strip_scheme(t).split(['/', '?']).next().unwrap_or("");
    host.contains("sudokupad")
        || host.contains("crackingthecryptic")
        || host.contains("cracking-the-cryptic")
        || t.contains("puzzleid=")
        || (split_format(t).is_some_and(|(_, d)| d.len() >= 20) && !t.contains('.'))
}

fn strip_scheme(t: &str) -> &str {
    t.strip_prefix("https://")
        .or_else(|| t.strip_prefix("http://"))
        .unwrap_or(t)
}

/// The puzzle id of a link (the text itself when it is no link).
fn puzzle_id(t: &str) -> String {
    if let Some((_, rest)) = t.split_once("puzzleid=") {
        return rest.split('&').next().unwrap_or(rest).to_string();
    }
    let s = strip_scheme(t);
    let first = s.split(['/', '?']).next().unwrap_or("");
    // A host is a name with a dot: `sudokupad.app`, `app.crackingthecryptic.com`.
    let path = if first.contains('.') {
        s[first.len()..].trim_start_matches('/')
    } else {
        s
    };
    let path = path.strip_prefix("sudoku/").unwrap_or(path);
    // SudokuPad settings follow a `?` (`?setting-nogrid=1`); ids keep `?`
    // only percent-escaped.
    path.split('?').next().unwrap_or(path).to_string()
}

/// The format prefix of an id and the data after it.
fn split_format(id: &str) -> Option<(&'static str, &str)> {
    for (prefix, format) in [
        ("fpuzzles", "fpuzzles"),
        ("fpuz", "fpuzzles"),
        ("scl", "scl"),
        ("ctc", "scl"),
        ("scf", "scf"),
    ] {
        if let Some(rest) = id.strip_prefix(prefix) {
            if !rest.is_empty() {
                return Some((format, rest));
            }
        }
    }
    None
}

fn short(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(37).collect::<String>())
    } else {
        s.to_string()
    }
}

/// Undoes SudokuPad's JSON zipping (see the module docs); `None` when the
/// result is not JSON.
pub(crate) fn unzip(zipped: &str) -> Option<String> {
    // Quotes: zipped text has no `"`; `'` stands for it and `\'` for `'`.
    let text = if zipped.contains('"') {
        zipped.to_string()
    } else {
        zipped
            .replace("\\'", "\u{1}")
            .replace('\'', "\"")
            .replace('\u{1}', "'")
    };
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    let mut in_string = false;
    while i < c.len() {
        let ch = c[i];
        if in_string {
            out.push(ch);
            if ch == '\\' && i + 1 < c.len() {
                out.push(c[i + 1]);
                i += 2;
                continue;
            }
            if ch == '"' {
                in_string = false;
            }
            i += 1;
            continue;
        }
        match ch {
            '"' => {
                in_string = true;
                out.push(ch);
                i += 1;
            }
            ',' | '{' | '[' => {
                out.push(ch);
                i += 1;
                // An empty element: `[,` `,,` `,]` hold `{}`.
                if ch != '{' && matches!(c.get(i), Some(',' | ']' | '}')) {
                    out.push_str("{}");
                    continue;
                }
                // An unquoted key: `{ce:` → `{"ce":`.
                let mut j = i;
                while j < c.len() && c[j].is_ascii_alphanumeric() {
                    j += 1;
                }
                if j > i && c.get(j) == Some(&':') {
                    out.push('"');
                    out.extend(&c[i..j]);
                    out.push('"');
                    i = j;
                }
            }
            ':' => {
                out.push(ch);
                i += 1;
                // Short values: `t`, `f`, `#0`, `#F`, six hex digits.
                let mut k = i;
                while k < c.len() && !matches!(c[k], ',' | '}' | ']' | '"' | '{' | '[') {
                    k += 1;
                }
                if k < c.len() && matches!(c[k], ',' | '}' | ']') {
                    let value: String = c[i..k].iter().collect();
                    let is_hex = value.len() == 6 && value.chars().all(|x| x.is_ascii_hexdigit());
                    let replaced = match value.as_str() {
                        "t" => Some("true".to_string()),
                        "f" => Some("false".to_string()),
                        "#0" => Some("\"#000000\"".to_string()),
                        "#F" => Some("\"#FFFFFF\"".to_string()),
                        _ if is_hex => Some(format!("\"#{value}\"")),
                        _ => None,
                    };
                    if let Some(r) = replaced {
                        out.push_str(&r);
                        i = k;
                    }
                }
            }
            _ => {
                out.push(ch);
                i += 1;
            }
        }
    }
    let mut v: Value = serde_json::from_str(&out).ok()?;
    long_keys(&mut v);
    Some(v.to_string())
}

/// Short key names back to long ones, at every depth.
fn long_keys(v: &mut Value) {
    match v {
        Value::Array(a) => a.iter_mut().for_each(long_keys),
        Value::Object(o) => {
            let old = std::mem::take(o);
            let mut new = Map::new();
            for (k, mut x) in old {
                long_keys(&mut x);
                let k = ZIP_KEYS
                    .iter()
                    .find(|(s, _)| *s == k)
                    .map_or(k, |(_, l)| l.to_string());
                new.insert(k, x);
            }
            *o = new;
        }
        _ => {}
    }
}

/// Whether a JSON object is SudokuPad's (it has `cells` rows of objects).
pub(crate) fn is_sudokupad_json(v: &Value) -> bool {
    v.get("cells")
        .and_then(Value::as_array)
        .is_some_and(|rows| rows.iter().all(Value::is_array))
}

/// The puzzle of a parsed SudokuPad JSON object.
pub(crate) fn import_value(v: &Value) -> Result<Puzzle, String> {
    let obj = v.as_object().ok_or("SudokuPad JSON is an object")?;
    let rows = obj
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("SudokuPad JSON without `cells`")?;
    let n = rows.len();
    let width = rows
        .iter()
        .map(|r| r.as_array().map_or(0, Vec::len))
        .max()
        .unwrap_or(0);
    if n == 0 || width != n || BoxShape::for_side(n).is_none() || n > 64 {
        return Err(format!(
            "a SudokuPad board of {n}×{width} cells, not a square sudoku sudokit reads \
             (outside clue cells and other shapes are not read)"
        ));
    }
    let mut values = vec![0u16; n * n];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let Some(d) = cell
                .get("value")
                .and_then(crate::constraints::fpuzzles_values::as_number)
            else {
                continue;
            };
            if d == 0 || d as usize > n {
                return Err(format!(
                    "r{}c{}: given {d} out of range 1..={n}",
                    r + 1,
                    c + 1
                ));
            }
            values[r * n + c] = d as u16;
        }
    }
    let rc = |p: &Value| -> Option<usize> {
        let a = p.as_array()?;
        let (r, c) = (a.first()?.as_u64()? as usize, a.get(1)?.as_u64()? as usize);
        (r < n && c < n).then_some(r * n + c)
    };
    let cell_list = |v: &Value| -> Option<Vec<usize>> {
        v.as_array()?.iter().map(rc).collect::<Option<Vec<_>>>()
    };
    let mut ignored = Vec::new();
    let mut variants = Vec::new();
    let shape = match obj.get("regions").and_then(Value::as_array) {
        Some(regions) if !regions.is_empty() => {
            let mut labels = vec![u16::MAX; n * n];
            for (k, region) in regions.iter().enumerate() {
                let cells = cell_list(region).ok_or("a region with a cell off the board")?;
                if cells.len() != n {
                    return Err(format!(
                        "region {} has {} cells; sudokit reads regions of {n} cells",
                        k + 1,
                        cells.len()
                    ));
                }
                for x in cells {
                    if labels[x] != u16::MAX {
                        return Err(format!("r{}c{} is in two regions", x / n + 1, x % n + 1));
                    }
                    labels[x] = k as u16;
                }
            }
            if let Some(x) = labels.iter().position(|&l| l == u16::MAX) {
                return Err(format!(
                    "r{}c{} is in no region, which sudokit does not model",
                    x / n + 1,
                    x % n + 1
                ));
            }
            match box_shape_of(&labels, n) {
                Some(shape) => shape,
                None => {
                    variants.push(Variant::Jigsaw(labels));
                    BoxShape::for_side(n).expect("checked")
                }
            }
        }
        _ => BoxShape::for_side(n).expect("checked"),
    };
    let geo = Arc::new(Geometry::square(shape, &variants).map_err(|e| e.to_string())?);
    let mut cs = Vec::new();
    let mut meta: Vec<(String, String)> = Vec::new();
    let mut labelled = 0;
    for cage in obj
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let label = cage.get("value").map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
        let cells = cage.get("cells").and_then(cell_list).unwrap_or_default();
        if cells.is_empty() {
            if let Some((k, v)) = label.as_deref().and_then(|l| l.split_once(": ")) {
                meta.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
            }
            continue;
        }
        let unique = cage.get("unique").and_then(Value::as_bool) != Some(false);
        let styled = cage
            .get("style")
            .and_then(Value::as_str)
            .is_some_and(|s| s != "killer");
        let sum = cage
            .get("sum")
            .and_then(crate::constraints::fpuzzles_values::as_number)
            .or_else(|| {
                cage.get("value")
                    .and_then(crate::constraints::fpuzzles_values::as_number)
            });
        let blank = label.as_deref().map_or(true, |l| l.trim().is_empty());
        if !unique || styled || (sum.is_none() && !blank) {
            labelled += 1;
            continue;
        }
        cs.push(Constraint::Cage { sum, cells });
    }
    if labelled > 0 {
        ignored.push(format!(
            "{labelled} cages with a label that is not a sum, a style, or repeats allowed"
        ));
    }
    for (key, name) in [
        ("lines", "drawn lines"),
        ("arrows", "drawn arrows"),
        ("underlays", "shapes under the cells"),
        ("overlays", "shapes or texts over the cells"),
        ("foglight", "fog-of-war lights"),
    ] {
        let count = obj.get(key).and_then(Value::as_array).map_or(0, Vec::len);
        if count > 0 {
            ignored.push(format!("{count} {name} (SudokuPad `{key}`)"));
        }
    }
    const KNOWN: &[&str] = &[
        "id",
        "cellSize",
        "cells",
        "regions",
        "cages",
        "lines",
        "arrows",
        "underlays",
        "overlays",
        "foglight",
        "settings",
        "metadata",
        "metaData",
        "videos",
        "title",
        "author",
        "rules",
        "solution",
    ];
    for (k, val) in obj {
        let empty = match val {
            Value::Null => true,
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            Value::String(s) => s.is_empty(),
            Value::Bool(b) => !b,
            _ => false,
        };
        if !empty && !KNOWN.contains(&k.as_str()) {
            ignored.push(format!("SudokuPad key `{k}`, unknown to sudokit"));
        }
    }
    // Metadata may also sit in an object of its own.
    for key in ["metadata", "metaData"] {
        if let Some(m) = obj.get(key).and_then(Value::as_object) {
            for (k, v) in m {
                if let Some(s) = v.as_str() {
                    meta.push((k.to_ascii_lowercase(), s.to_string()));
                }
            }
        }
    }
    for key in ["title", "author", "rules", "solution"] {
        if let Some(s) = obj.get(key).and_then(Value::as_str) {
            meta.push((key.to_string(), s.to_string()));
        }
    }
    let get = |k: &str| {
        meta.iter()
            .find(|(key, v)| key == k && !v.is_empty())
            .map(|(_, v)| v.as_str())
    };
    if let Some(rules) = get("rules") {
        ignored.push(format!(
            "the rules text ({})",
            super::fpuzzles::excerpt(rules)
        ));
    }
    let solution = get("solution").and_then(|s| {
        let digits: Vec<u16> = s
            .chars()
            .map(|c| c.to_digit(36).map(|d| d as u16))
            .collect::<Option<_>>()?;
        (digits.len() == n * n && digits.iter().all(|&d| d >= 1 && d as usize <= n))
            .then(|| Grid::new(geo.clone(), digits))
    });
    for c in &cs {
        c.validate(n)?;
    }
    let mut p = Puzzle::new(Grid::new(geo, values)).with_constraints(cs);
    p.set_given_solution(solution);
    match (get("title"), get("author")) {
        (Some(t), Some(a)) => p.set_name(Some(format!("{t} by {a}"))),
        (Some(t), None) => p.set_name(Some(t.to_string())),
        (None, Some(a)) => p.set_name(Some(format!("by {a}"))),
        _ => {}
    }
    for i in ignored {
        p.add_ignored(i);
    }
    Ok(p)
}

/// The box shape whose boxes are exactly these regions, if any.
fn box_shape_of(labels: &[u16], n: usize) -> Option<BoxShape> {
    (2..n).filter(|r| n % r == 0).find_map(|rows| {
        let shape = BoxShape::new(rows, n / rows);
        let box_of = |x: usize| (x / n / rows) * rows + (x % n) / (n / rows);
        // Same region exactly when same box: compare each cell with the
        // first cell of its box.
        let mut first = vec![usize::MAX; n];
        let ok = (0..n * n).all(|x| {
            let b = box_of(x);
            if first[b] == usize::MAX {
                first[b] = x;
            }
            labels[x] == labels[first[b]]
        });
        // Equal labels within boxes and n regions of n cells: a bijection.
        ok.then_some(shape)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unzip_restores_keys_quotes_and_short_values() {
        let zipped = "{ce:[[{v:1},,{}],[,,]],ca:[{v:'title: A \\'b\\''},{ce:[[0,0],[0,1]],v:3}],u:[{c2:FFA0A0,r:t}]}";
        let json = unzip(zipped).unwrap();
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["cells"][0][0]["value"], 1);
        assert_eq!(v["cells"][1].as_array().unwrap().len(), 3);
        assert_eq!(v["cages"][0]["value"], "title: A 'b'");
        assert_eq!(v["underlays"][0]["backgroundColor"], "#FFA0A0");
        assert_eq!(v["underlays"][0]["rounded"], true);
    }

    #[test]
    fn ids_and_links_in_every_prefix_form() {
        for (link, id) in [
            ("https://sudokupad.app/fpuzzlesN4Ig", "fpuzzlesN4Ig"),
            ("sudokupad.app/sudoku/sclABC", "sclABC"),
            ("https://sudokupad.app/?puzzleid=ctcXYZ&x=1", "ctcXYZ"),
            ("https://app.crackingthecryptic.com/sudoku/fpuzQQ", "fpuzQQ"),
            ("https://sudokupad.app/sclDEF?setting-nogrid=1", "sclDEF"),
        ] {
            assert_eq!(puzzle_id(link), id, "{link}");
        }
        assert_eq!(split_format("fpuzN4Ig").unwrap().0, "fpuzzles");
        assert_eq!(split_format("fpuzzlesN4Ig").unwrap(), ("fpuzzles", "N4Ig"));
        assert_eq!(split_format("ctcN4").unwrap().0, "scl");
        assert!(split_format("abcdef").is_none());
        assert_eq!(percent_decode("a%2Bb%2F%3D"), "a+b/=");
        assert_eq!(percent_decode("100%"), "100%");
    }

    #[test]
    fn regions_equal_to_boxes_are_boxes_and_others_a_jigsaw() {
        let n = 4;
        let boxes: Vec<u16> = (0..16)
            .map(|x| ((x / 8) * 2 + (x % 4) / 2) as u16)
            .collect();
        assert_eq!(box_shape_of(&boxes, n), Some(BoxShape::new(2, 2)));
        let rows: Vec<u16> = (0..16).map(|x| (x / 4) as u16).collect();
        assert_eq!(box_shape_of(&rows, n), None, "rows as regions: a jigsaw");
        assert_eq!(
            box_shape_of(&[0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3], n),
            None
        );
    }
}
