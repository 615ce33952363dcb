//! Export to f-puzzles: the JSON its editor loads and the share link
//! (lz-string `compressToBase64` of that JSON, by the `lz-str` crate).
//! Every constraint family and the unit variants f-puzzles knows (X
//! diagonals, disjoint groups, jigsaw regions) are written with the keys
//! [`super::from_fpuzzles`] reads, so that importing an export gives the
//! same puzzle (constraints possibly in another order, odd and even cells
//! merged into one list each).

use serde_json::{json, Map, Value};

use crate::constraints::Constraint;
use crate::geometry::{BoxShape, Layout, Variant};
use crate::puzzle::Puzzle;

/// The puzzle as f-puzzles JSON. Boards f-puzzles cannot show (cubes, box
/// shapes other than its default for the size, hypercube or windoku
/// units) are an error naming the feature.
///
/// ```
/// use sudokit::constraints::Constraint;
/// use sudokit::format::{from_fpuzzles, to_fpuzzles, to_fpuzzles_link};
/// use sudokit::Puzzle;
/// let mut p: Puzzle = "1...............".parse().unwrap();
/// p.add_constraint(Constraint::Thermo(vec![4, 5, 6]));
/// let json = to_fpuzzles(&p).unwrap();
/// assert_eq!(from_fpuzzles(&json).unwrap(), p);
/// assert_eq!(from_fpuzzles(&to_fpuzzles_link(&p).unwrap()).unwrap(), p);
/// ```
pub fn to_fpuzzles(p: &Puzzle) -> Result<String, String> {
    Ok(export(p)?.to_string())
}

/// The f-puzzles share link of the puzzle.
pub fn to_fpuzzles_link(p: &Puzzle) -> Result<String, String> {
    let packed = lz_str::compress_to_base64(&to_fpuzzles(p)?);
    Ok(format!("https://www.f-puzzles.com/?load={packed}"))
}

fn export(p: &Puzzle) -> Result<Value, String> {
    let geo = p.geometry();
    let n = geo.n();
    if geo.layout() != Layout::Square {
        return Err("f-puzzles has no cubes".into());
    }
    if Some(geo.box_shape()) != BoxShape::for_side(n) {
        return Err(format!(
            "f-puzzles draws {n}×{n} boards with its own box shape, not {}×{}",
            geo.box_shape().rows,
            geo.box_shape().cols
        ));
    }
    let mut o = Map::new();
    o.insert("size".into(), json!(n));
    let mut regions: Option<&[u16]> = None;
    for v in geo.variants() {
        match v {
            Variant::Diagonals => {
                o.insert("diagonal+".into(), json!(true));
                o.insert("diagonal-".into(), json!(true));
            }
            Variant::DisjointGroups => {
                o.insert("disjointgroups".into(), json!(true));
            }
            Variant::Jigsaw(r) => regions = Some(r),
            other => return Err(format!("f-puzzles has no {} units", other.name())),
        }
    }
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let x = r * n + c;
                    let mut cell = Map::new();
                    if p.grid().get(x) != 0 {
                        cell.insert("value".into(), json!(p.grid().get(x)));
                        cell.insert("given".into(), json!(true));
                    }
                    if let Some(r) = regions {
                        cell.insert("region".into(), json!(r[x]));
                    }
                    Value::Object(cell)
                })
                .collect()
        })
        .collect();
    o.insert("grid".into(), Value::Array(grid));
    if let Some(name) = p.name() {
        o.insert("title".into(), json!(name));
    }
    let mut lists = Map::new();
    let mut push = |key: &str, v: Value| {
        lists
            .entry(key)
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .expect("a list key")
            .push(v);
    };
    let mut negative = Vec::new();
    let mut flags = Vec::new();
    let dotted = p
        .constraints()
        .iter()
        .any(|c| matches!(c, Constraint::KropkiWhite(..) | Constraint::KropkiBlack(..)));
    if dotted && p.constraints().contains(&Constraint::NonConsecutive) {
        // f-puzzles exempts dotted pairs from its non-consecutive rule.
        return Err(
            "f-puzzles reads non-consecutive on a board with kropki dots as \"every white dot \
             is given\" (dotted pairs exempt), not as this puzzle's rule"
                .into(),
        );
    }
    for c in p.constraints() {
        use Constraint::*;
        match c {
            KropkiAll => negative.extend(["ratio", "difference"]),
            KropkiWhiteAll => negative.push("difference"),
            KropkiBlackAll => negative.push("ratio"),
            XvAll => negative.push("xv"),
            AntiKnight => {
                flags.push("antiknight");
            }
            AntiKing => {
                flags.push("antiking");
            }
            NonConsecutive => {
                flags.push("nonconsecutive");
            }
            // The families that write their own f-puzzles entries.
            Cage { .. }
            | Arrow { .. }
            | KropkiWhite(..)
            | KropkiBlack(..)
            | X(..)
            | V(..)
            | Sandwich { .. }
            | LittleKiller { .. }
            | Region(_)
            | Thermo(_)
            | Renban(_)
            | Between(_)
            | Palindrome(_)
            | Whisper(_)
            | Odd(_)
            | Even(_)
            | Clue(_) => {
                let family = c.family();
                match family.to_fpuzzles_entries(c, geo) {
                    Some(entries) => entries.into_iter().for_each(|(key, v)| push(key, v)),
                    None => {
                        return Err(format!(
                            "f-puzzles cannot hold the {} constraint `{}`",
                            family.keys().first().copied().unwrap_or_default(),
                            c.to_directive(n)
                        ))
                    }
                }
            }
        }
    }
    o.extend(lists);
    for f in flags {
        o.insert(f.into(), json!(true));
    }
    if !negative.is_empty() {
        o.insert("negative".into(), json!(negative));
    }
    Ok(Value::Object(o))
}
