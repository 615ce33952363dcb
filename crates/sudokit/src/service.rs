//! The use cases as JSON requests and answers (the schema in `docs/json.md`),
//! shared by the HTTP API (`sudokit-web`) and the WebAssembly binding
//! (`sudokit-wasm`), so the page gets the same answers from either.
//!
//! Everything here only reads a request, calls the [`Puzzle`] front door (or
//! the generator) and shapes the answer; transport concerns (status codes,
//! time budgets, threads) stay with the caller.
//!
//! ```
//! use sudokit::service::{self, PuzzleRequest};
//! use sudokit::Options;
//! let req = PuzzleRequest { puzzle: ".".repeat(16), ..Default::default() };
//! let p = req.puzzle().unwrap();
//! let answer = service::count(&p, &Options::default()).unwrap();
//! assert_eq!(answer["count"], "288");
//! ```

use serde::Deserialize;
use serde_json::{json, Value};

use crate::format::{parse_all, GridJson, ParseOptions};
use crate::generate::{Board, Difficulty, GenerateOptions, Symmetry};
use crate::logic::{self, Level, Step};
use crate::{
    BoxShape, CountMode, Error, Geometry, Layout, Options, PlayerHint, Puzzle, UnitKind, Variant,
    Verdict,
};

/// Why a request gets no answer, by whose fault: the transport maps these
/// to its own codes (HTTP 400, 422, 503).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The request itself is malformed (unknown option, bad box shape).
    BadRequest(String),
    /// The puzzle was read but cannot be worked on (no solution,
    /// contradictory givens, a line that does not read). `line`/`column`
    /// locate a reading error, `cell` a contradiction.
    Unprocessable {
        message: String,
        line: Option<usize>,
        column: Option<usize>,
        cell: Option<usize>,
    },
    /// The time limit passed or the work was cancelled.
    OverBudget(String),
}

impl Failure {
    fn unprocessable(message: impl Into<String>) -> Self {
        Failure::Unprocessable {
            message: message.into(),
            line: None,
            column: None,
            cell: None,
        }
    }

    /// The message for people.
    pub fn message(&self) -> &str {
        match self {
            Failure::BadRequest(m) | Failure::OverBudget(m) => m,
            Failure::Unprocessable { message, .. } => message,
        }
    }

    /// The error answer: `{"error": message}` plus the location when known.
    pub fn to_json(&self) -> Value {
        let mut v = json!({ "error": self.message() });
        if let Failure::Unprocessable {
            line, column, cell, ..
        } = self
        {
            for (key, val) in [("line", line), ("column", column), ("cell", cell)] {
                if let Some(x) = val {
                    v[key] = json!(x);
                }
            }
        }
        v
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// A use case's error: over time or cancelled is [`Failure::OverBudget`],
/// unsupported input a bad request, the rest unprocessable.
pub fn failure(e: Error) -> Failure {
    match e {
        Error::TimedOut(_) | Error::Cancelled => Failure::OverBudget(e.to_string()),
        Error::Unsupported(m) => Failure::BadRequest(m),
        e => Failure::Unprocessable {
            cell: e.cell(),
            message: e.to_string(),
            line: None,
            column: None,
        },
    }
}

/// A request about one puzzle: the puzzle as text in any format the reader
/// knows (or an f-puzzles link), plus options.
#[derive(Deserialize, Default, Clone, Debug)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzleRequest {
    /// The puzzle, in any supported text format.
    pub puzzle: String,
    /// Box shape `RxC` when the text does not imply it.
    #[serde(rename = "box")]
    pub box_shape: Option<String>,
    /// Extra units: `x`, `disjoint`, `hypercube`, `windoku`.
    pub variants: Vec<String>,
    /// `render`: fill in the solution.
    pub solution: bool,
    /// `render`: show candidates.
    pub candidates: bool,
    /// `render`: `svg` (default) or `pdf`.
    pub format: Option<String>,
    /// `render` as PDF ([`render_pdf`]): the caption above the puzzle.
    pub title: Option<String>,
    /// `hint`: the player's entries, one per cell (0 = empty), beside the
    /// givens in `puzzle`; a wrong entry is pointed out before any step.
    pub entries: Vec<u16>,
    /// `hint`: the player's pencil marks, one list per cell; an empty list
    /// (or no array) means "every digit the placed ones allow".
    pub pencil: Vec<Vec<u16>>,
}

impl PuzzleRequest {
    /// The one puzzle of the request, read and its givens checked; reading
    /// errors keep their line and column.
    pub fn puzzle(&self) -> Result<Puzzle, Failure> {
        let mut opts = ParseOptions::default();
        if let Some(b) = &self.box_shape {
            opts.box_shape = Some(b.parse().map_err(Failure::BadRequest)?);
        }
        opts.variants = Variant::parse_list(&self.variants).map_err(Failure::BadRequest)?;
        let mut records = parse_all(&self.puzzle, &opts).into_iter();
        let rec = records
            .next()
            .ok_or_else(|| Failure::BadRequest("no puzzle in the request".into()))?;
        if records.next().is_some() {
            return Err(Failure::BadRequest("one puzzle per request".into()));
        }
        rec.checked().cloned().map_err(|e| Failure::Unprocessable {
            message: e.to_string(),
            line: Some(e.line),
            column: e.column,
            cell: None,
        })
    }
}

fn unit_kind_name(kind: UnitKind) -> String {
    match kind {
        UnitKind::CubeLine(a) => format!("cube-line-{a}"),
        UnitKind::CubeBox(a) => format!("cube-box-{a}"),
        k => serde_json::to_value(k)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default(),
    }
}

/// The puzzle as read: its grid, the number of givens and every unit with
/// its kind and cells, so a page checks conflicts and draws variants
/// against the puzzle's real units instead of rebuilding them.
pub fn parse(p: &Puzzle) -> Value {
    let grid = p.grid();
    let g = p.geometry();
    let units: Vec<Value> = g
        .units()
        .iter()
        .enumerate()
        .map(|(i, u)| json!({"kind": unit_kind_name(u.kind), "name": g.unit_name(i), "cells": u.cells}))
        .collect();
    json!({
        "grid": GridJson::of_puzzle(p),
        "givens": grid.givens(),
        "n": g.n(),
        "cells": g.cell_count(),
        "cube": g.layout() == Layout::Cube,
        "units": units,
        "overlay": crate::render::svg::constraint_overlay(p, 40.0),
        "broken": broken_cells(p),
        "pencil": pencil(p),
    })
}

/// For a puzzle with constraints, every cell's pencil marks by its units and
/// the rules ([`Puzzle::rule_candidates`]); `null` without constraints (a
/// page works those out from the units) or where the rules do not apply.
fn pencil(p: &Puzzle) -> Value {
    if p.constraints().is_empty() {
        return Value::Null;
    }
    match p.rule_candidates() {
        Ok(masks) => json!(masks
            .iter()
            .map(|&m| (1..=64u16)
                .filter(|d| m >> (d - 1) & 1 == 1)
                .collect::<Vec<_>>())
            .collect::<Vec<_>>()),
        Err(_) => Value::Null,
    }
}

/// The cells of the grid's values that break one of the puzzle's
/// constraints (not its units: a page checks those itself). A rule on a
/// list of cells (cage, thermometer, dot…) is judged as soon as one of its
/// cells is filled: broken when its digits break it already (a cage over
/// its sum or with a digit twice, a thermometer out of order), judged by
/// the rule's own propagator with the empty cells open; odd/even cell by
/// cell; board-wide pair rules (anti-knight, anti-king, non-consecutive,
/// negative kropki/XV) pair by pair.
pub fn broken_cells(p: &Puzzle) -> Vec<usize> {
    let (cs, grid) = (p.constraints(), p.grid());
    let n = p.geometry().n();
    if cs.is_empty() || p.geometry().layout() == Layout::Cube {
        return Vec::new();
    }
    let vals = grid.cells();
    // Empty cells hold values no pair rule can object to: all different,
    // never consecutive, never double or summing to 5 or 10 with another
    // (1000 + 3i is 1 mod 3, its double 2 mod 3; digits are at most 25).
    let stand_in = |keep: &dyn Fn(usize) -> bool| -> Vec<u16> {
        (0..vals.len())
            .map(|i| {
                if vals[i] != 0 && keep(i) {
                    vals[i]
                } else {
                    1000 + 3 * i as u16
                }
            })
            .collect()
    };
    let mut bad = vec![false; vals.len()];
    for c in cs {
        use crate::constraints::Constraint::{Even, Odd};
        let cells = c.cells(n);
        match c {
            Odd(cells) | Even(cells) => {
                let want = u16::from(matches!(c, Odd(_)));
                for &i in cells {
                    bad[i] |= vals[i] != 0 && vals[i] % 2 != want;
                }
            }
            _ if cells.is_empty() => {
                if c.satisfied(&stand_in(&|_| true), n, cs) {
                    continue;
                }
                // Which pairs: the rules here bind cells at most two rows
                // and two columns apart.
                for a in (0..vals.len()).filter(|&a| vals[a] != 0) {
                    let (ra, ca) = (a / n, a % n);
                    for b in (a + 1..vals.len()).filter(|&b| vals[b] != 0) {
                        let (rb, cb) = (b / n, b % n);
                        if rb.abs_diff(ra) > 2 || cb.abs_diff(ca) > 2 {
                            continue;
                        }
                        if !c.satisfied(&stand_in(&|i| i == a || i == b), n, cs) {
                            bad[a] = true;
                            bad[b] = true;
                        }
                    }
                }
            }
            _ if cells.iter().all(|&i| vals[i] != 0) && !c.satisfied(vals, n, cs) => {
                cells.iter().for_each(|&i| bad[i] = true);
            }
            _ if cells.iter().any(|&i| vals[i] != 0) && !c.may_hold(vals, n, cs) => {
                cells
                    .iter()
                    .filter(|&&i| vals[i] != 0)
                    .for_each(|&i| bad[i] = true);
            }
            _ => {}
        }
    }
    (0..vals.len()).filter(|&i| bad[i]).collect()
}

/// The solution and whether it is unique (with a second one when not).
pub fn solve(p: &Puzzle, opts: &Options) -> Result<Value, Failure> {
    Ok(match p.check(opts).map_err(failure)? {
        Verdict::Unique(s) => json!({"solution": GridJson::new(&s), "unique": true}),
        Verdict::Multiple(a, b) => json!({
            "solution": GridJson::new(&a),
            "unique": false,
            "other": GridJson::new(&b),
        }),
    })
}

/// The number of solutions, as a string (it may not fit a JavaScript
/// number); `exact` is false when the limits cut the count short.
pub fn count(p: &Puzzle, opts: &Options) -> Result<Value, Failure> {
    let c = p.count(CountMode::Exact, opts).map_err(failure)?;
    Ok(json!({"count": c.value().to_string(), "exact": c.is_exact()}))
}

/// A step as a page shows it: the library's step plus the technique's name,
/// the cells of every unit it names (for highlighting), the names of those
/// units and the whole sentence.
pub fn step_json(geometry: &Geometry, step: &Step) -> Value {
    let mut v = serde_json::to_value(step).unwrap_or(Value::Null);
    let units: Vec<&[u32]> = step
        .units
        .iter()
        .filter_map(|&u| geometry.units().get(u as usize))
        .map(|u| u.cells.as_slice())
        .collect();
    let unit_names: Vec<String> = step
        .units
        .iter()
        .filter(|&&u| (u as usize) < geometry.units().len())
        .map(|&u| geometry.unit_name(u as usize))
        .collect();
    v["name"] = json!(step.technique.name());
    v["level"] = json!(step.technique.level().name());
    v["unit_cells"] = json!(units);
    v["unit_names"] = json!(unit_names);
    v["describe"] = json!(step.describe());
    v
}

/// A grade: level, score, hardest technique and the grade in words.
pub fn grade_json(grade: &logic::Grade) -> Value {
    let mut v = json!(grade.summary());
    v["describe"] = json!(grade.describe());
    v
}

/// The whole path, step by step, with the grade.
pub fn explain(p: &Puzzle, opts: &Options) -> Result<Value, Failure> {
    let path = p.explain(opts).map_err(failure)?;
    let steps: Vec<Value> = path
        .steps
        .iter()
        .map(|s| step_json(p.geometry(), s))
        .collect();
    Ok(json!({
        "steps": steps,
        "solved": path.solved,
        "grade": grade_json(&logic::grade(&path)),
    }))
}

/// Level, score and hardest technique.
pub fn rate(p: &Puzzle, opts: &Options) -> Result<Value, Failure> {
    let rating = p.rate(opts).map_err(failure)?;
    let mut answer = grade_json(&rating.grade);
    answer["solved"] = json!(true);
    answer["steps"] = json!(rating.steps);
    Ok(answer)
}

/// The next hint from the player's position: first any entry that is not
/// the solution's digit (or pencil marks that lose a needed digit), then
/// the easiest logical step. Messages say what to do.
pub fn hint(
    p: &Puzzle,
    entries: &[u16],
    pencil: &[Vec<u16>],
    opts: &Options,
) -> Result<Value, Failure> {
    let geometry = p.geometry();
    let hint = p.player_hint(entries, pencil, opts).map_err(failure)?;
    Ok(match hint {
        PlayerHint::Mistake { cell, digit } => json!({
            "mistake": {"cell": cell, "digit": digit},
            "cells": [cell],
            "explanation": format!(
                "{} = {digit} is a mistake: the solution has another digit there. Remove it first.",
                geometry.cell_name(cell)
            ),
        }),
        PlayerHint::MissingCandidate { cell, digit } => json!({
            "mistake": {"cell": cell, "candidate": digit},
            "cells": [cell],
            "explanation": format!(
                "The pencil marks of {} leave out {digit}, which the solution needs there. Add it back.",
                geometry.cell_name(cell)
            ),
        }),
        PlayerHint::Done => json!({"done": true, "explanation": "The grid is full."}),
        PlayerHint::Step(step) => json!({"step": step_json(geometry, &step)}),
        PlayerHint::Stuck => json!({
            "explanation": "No logical step found from here: check your pencil marks, or undo the last entries."
        }),
    })
}

/// The SVG drawing of the puzzle, with its solution or candidates on request.
pub fn render_svg(req: &PuzzleRequest, opts: &Options) -> Result<String, Failure> {
    let pic = crate::Picture {
        solution: req.solution,
        candidates: req.candidates,
        ..Default::default()
    };
    req.puzzle()?.to_svg(&pic, opts).map_err(failure)
}

/// A printable page as PDF bytes: the puzzle with `title` and its
/// difficulty under it, and with `solution` its solution on a second page.
/// Square boards only (a cube is refused as unprocessable).
#[cfg(feature = "pdf")]
pub fn render_pdf(req: &PuzzleRequest, opts: &Options) -> Result<Vec<u8>, Failure> {
    use crate::render::pdf::{booklet, BookletOptions};
    let entry = req
        .puzzle()?
        .print_entry(req.title.clone().unwrap_or_default(), req.solution, opts)
        .map_err(failure)?;
    let layout = BookletOptions {
        per_page: 1,
        ..Default::default()
    };
    booklet(&[entry], &layout).map_err(|e| Failure::unprocessable(e.to_string()))
}

/// A request for a new puzzle.
#[derive(Deserialize, Clone, Debug)]
#[serde(default, deny_unknown_fields)]
pub struct GenerateRequest {
    /// Box shape `RxC`.
    #[serde(rename = "box")]
    pub box_shape: String,
    /// Extra units: `x`, `disjoint`, `hypercube`, `windoku`.
    pub variants: Vec<String>,
    /// Jigsaw regions replacing the boxes: one label `0..N` per cell, row by
    /// row (as in a parse answer's `regions`); empty for boxes.
    pub regions: Vec<u16>,
    /// A cube (N×N×N) of that box shape instead of a square board; no
    /// variants, symmetry `rotational` (point reflection) or `none`.
    pub cube: bool,
    /// `rotational`, `none`, `mirror`, `diagonal`, `quarter`, `dihedral`.
    pub symmetry: String,
    /// Remove givens until none can go.
    pub minimal: bool,
    /// The seed; the caller picks one when absent. A number or a decimal
    /// string (JavaScript numbers lose digits past 2^53).
    #[serde(deserialize_with = "seed_de")]
    pub seed: Option<u64>,
    /// A grader level (`easy` … `extreme`): puzzles are drawn until one
    /// grades at that level, within the limits.
    pub difficulty: Option<String>,
}

fn seed_de<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Seed {
        N(u64),
        S(String),
    }
    match Option::<Seed>::deserialize(d)? {
        None => Ok(None),
        Some(Seed::N(n)) => Ok(Some(n)),
        Some(Seed::S(s)) if s.is_empty() => Ok(None),
        Some(Seed::S(s)) => s
            .parse()
            .map(Some)
            .map_err(|_| serde::de::Error::custom(format!("seed {s:?} is not a whole number"))),
    }
}

impl Default for GenerateRequest {
    fn default() -> Self {
        GenerateRequest {
            box_shape: "3x3".into(),
            variants: Vec::new(),
            regions: Vec::new(),
            cube: false,
            symmetry: "rotational".into(),
            minimal: false,
            seed: None,
            difficulty: None,
        }
    }
}

/// A new puzzle from `seed` (the request's own seed wins), drawn until one
/// matches the difficulty or `opts`' limits expire. The seed is answered as
/// a string so JavaScript keeps every digit.
pub fn generate(req: &GenerateRequest, seed: u64, opts: &Options) -> Result<Value, Failure> {
    let shape: BoxShape = req.box_shape.parse().map_err(Failure::BadRequest)?;
    if shape.n() > 25 {
        return Err(Failure::BadRequest(
            "puzzles are generated up to 25×25".into(),
        ));
    }
    let symmetry: Symmetry = req.symmetry.parse().map_err(Failure::BadRequest)?;
    if req.cube {
        if shape.n() > 9 {
            return Err(Failure::BadRequest(
                "cubes are generated up to 9×9×9".into(),
            ));
        }
        if !matches!(symmetry, Symmetry::None | Symmetry::Rotational) {
            return Err(Failure::BadRequest(
                "a cube's clue pattern can be symmetric only by point reflection: symmetry rotational or none".into(),
            ));
        }
    }
    // `jigsaw` among the variants without regions: a random layout.
    let regions = (!req.regions.is_empty()).then(|| req.regions.clone());
    let board = Board::new(shape, &req.variants, regions, req.cube).map_err(Failure::BadRequest)?;
    let seed = req.seed.unwrap_or(seed);
    let level = match req.difficulty.as_deref() {
        None | Some("") | Some("any") => None,
        Some(name) => Some(
            Level::ALL
                .into_iter()
                .find(|l| l.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    Failure::BadRequest(format!(
                        "unknown difficulty {name:?}: easy, medium, hard, unfair or extreme"
                    ))
                })?,
        ),
    };
    let gen_opts = GenerateOptions {
        symmetry,
        minimal: req.minimal,
        difficulty: level.map(Difficulty::level),
        grade: true,
        // A few candidates per index, so the limits are checked often.
        max_attempts: level.map(|_| 20),
        ..Default::default()
    };
    let made = board
        .first_match(&gen_opts, seed, &opts.limits())
        .map_err(|e| Failure::unprocessable(e.to_string()))?;
    let Some((g, index)) = made else {
        return Err(Failure::OverBudget(
            "no puzzle of that difficulty found in time, try again".into(),
        ));
    };
    Ok(json!({
        "grid": GridJson::new(&g.puzzle),
        "solution": GridJson::new(&g.solution),
        "clues": g.puzzle.givens(),
        "seed": seed.to_string(),
        "index": index,
        "grade": g.grade.as_ref().map(grade_json),
    }))
}
