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

use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;

use crate::format::{parse_all, ParseOptions};
use crate::generate::{Board, ConstraintKind, Difficulty, GenerateOptions, Symmetry};
use crate::logic::{Level, Technique};
use crate::view::{
    CountView, ErrorView, GeneratedView, PathView, PlayerHintView, PuzzleInfoView, RatingView,
    TechniqueView, VerdictView,
};
use crate::{BoxShape, CountMode, Error, Geometry, Layout, Options, Puzzle, Variant, Verdict};

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
        /// The error's code ([`ErrorView::code`]): `parse` or the library's
        /// [`Error::code`].
        code: &'static str,
        line: Option<usize>,
        column: Option<usize>,
        cell: Option<usize>,
    },
    /// The time limit passed or the work was cancelled.
    OverBudget(String),
}

impl Failure {
    fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Failure::Unprocessable {
            message: message.into(),
            code,
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

    /// The error's code: `bad-request`, `timed-out` (over budget) or the
    /// code of the error that made the puzzle unprocessable.
    pub fn code(&self) -> &'static str {
        match self {
            Failure::BadRequest(_) => "bad-request",
            Failure::OverBudget(_) => "timed-out",
            Failure::Unprocessable { code, .. } => code,
        }
    }

    /// The error answer in its one form ([`ErrorView`]): message, code and
    /// the location when known.
    pub fn view(&self) -> ErrorView {
        let (line, column, cell) = match self {
            Failure::Unprocessable {
                line, column, cell, ..
            } => (*line, *column, *cell),
            _ => (None, None, None),
        };
        ErrorView {
            cell,
            code: self.code().into(),
            column,
            error: self.message().into(),
            line,
        }
    }

    /// [`Failure::view`] as JSON.
    pub fn to_json(&self) -> Value {
        to_json(&self.view())
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
            code: e.code(),
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
    /// `hint`: answer only this level of the hint (1 where to look, 2
    /// which technique, 3 the move with its step); all three when absent.
    pub level: Option<u8>,
    /// `explain`, `rate`, `hint`: techniques HoDoKu leaves off, turned on
    /// by their JSON keys ([`Technique::opt_ins`]); an unknown name is a
    /// bad request naming the accepted ones.
    pub techniques: Vec<String>,
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
            code: "parse",
            line: Some(e.line),
            column: e.column,
            cell: None,
        })
    }

    /// `opts` with the request's opt-in [`techniques`](Self::techniques)
    /// turned on.
    pub fn logic_options(&self, opts: &Options) -> Result<Options, Failure> {
        let t = Technique::opt_ins_from_keys(&self.techniques).map_err(Failure::BadRequest)?;
        Ok(opts.clone().with_techniques(&t))
    }
}

/// The puzzle as read: a [`PuzzleInfoView`] (its grid, the number of
/// givens and every unit with its kind and cells, so a page checks
/// conflicts and draws variants against the puzzle's real units).
pub fn parse(p: &Puzzle) -> Value {
    to_json(&PuzzleInfoView::new(p))
}

/// The techniques a request's `techniques` may name, in their search
/// order: HoDoKu's opt-ins, off unless asked for ([`TechniqueView`]s).
///
/// ```
/// let list = sudokit::service::opt_in_techniques();
/// let keys: Vec<&str> = list.as_array().unwrap().iter().map(|t| t["key"].as_str().unwrap()).collect();
/// assert!(keys.contains(&"kraken-fish") && !keys.contains(&"x-wing"));
/// ```
pub fn opt_in_techniques() -> Value {
    to_json(
        &Technique::opt_ins()
            .map(TechniqueView::from)
            .collect::<Vec<_>>(),
    )
}

/// A view as a JSON value (keys sorted, as every answer prints them).
fn to_json<T: serde::Serialize>(view: &T) -> Value {
    serde_json::to_value(view).unwrap_or(Value::Null)
}

/// The solution and whether it is unique (with a second one when not):
/// a [`VerdictView`]. A puzzle read only in part ([`Puzzle::ignored`],
/// listed under `warnings`) gets a solution only when it is unique: with
/// several, one of them may break the rules not read, so none is presented.
pub fn solve(p: &Puzzle, opts: &Options) -> Result<Value, Failure> {
    // No solution is an error here (there is nothing to show), unlike in
    // `sudokit check`, whose verdict it is.
    let verdict = p.check(opts).map_err(failure)?;
    if matches!(verdict, Verdict::Multiple(..)) && !p.ignored().is_empty() {
        return Err(Failure::unprocessable(
            "partly-read",
            format!(
                "not answered: the puzzle has parts sudokit did not read as rules ({}), and the \
             rules read leave more than one solution",
                p.ignored().join("; ")
            ),
        ));
    }
    let v = VerdictView::new(p, Ok(verdict))
        .map(|v| to_json(&v))
        .map_err(failure)?;
    Ok(v)
}

/// The number of solutions, as a string (it may not fit a JavaScript
/// number); `exact` is false when the limits cut the count short: a
/// [`CountView`].
pub fn count(p: &Puzzle, opts: &Options) -> Result<Value, Failure> {
    let c = p.count(CountMode::Exact, opts).map_err(failure)?;
    Ok(to_json(&CountView::from(&c)))
}

/// The whole path, step by step, with the grade: a [`PathView`]; the
/// request's opt-in techniques join the search.
pub fn explain(p: &Puzzle, req: &PuzzleRequest, opts: &Options) -> Result<Value, Failure> {
    let path = p.explain(&req.logic_options(opts)?).map_err(failure)?;
    Ok(to_json(&PathView::new(p.geometry(), &path)))
}

/// Level, score and hardest technique: a [`RatingView`]; the request's
/// opt-in techniques join the search.
pub fn rate(p: &Puzzle, req: &PuzzleRequest, opts: &Options) -> Result<Value, Failure> {
    let rating = p.rate(&req.logic_options(opts)?).map_err(failure)?;
    Ok(to_json(&RatingView::from(&rating)))
}

/// The next hint from the player's position (`req.entries`, `req.pencil`):
/// first any entry that is not the solution's digit (or pencil marks that
/// lose a needed digit), then the easiest logical step with its three
/// levels; a [`PlayerHintView`]. With `req.level` only that level is
/// answered, and the step itself only at level 3. The request's opt-in
/// techniques join the search.
pub fn hint(p: &Puzzle, req: &PuzzleRequest, opts: &Options) -> Result<Value, Failure> {
    if let Some(l) = req.level {
        if !(1..=3).contains(&l) {
            return Err(Failure::BadRequest(format!(
                "hint level {l}: 1 (where to look), 2 (which technique) or 3 (the move)"
            )));
        }
    }
    let hint = p
        .player_hint(&req.entries, &req.pencil, &req.logic_options(opts)?)
        .map_err(failure)?;
    let mut view = PlayerHintView::new(p, &hint);
    if let Some(l) = req.level {
        if let Some(levels) = &mut view.levels {
            levels.retain(|h| h.level == l);
        }
        if l < 3 {
            view.step = None;
        }
    }
    Ok(to_json(&view))
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
    booklet(&[entry], &layout).map_err(|e| Failure::unprocessable("unsupported", e.to_string()))
}

/// A constraint puzzle (killer, thermo or lines) for [`generate`]: plain
/// boards only; with a
/// difficulty, [`crate::generate::constrained_at`] (eased or retried until
/// it grades that level).
fn generate_constrained(
    req: &GenerateRequest,
    rules: &str,
    shape: BoxShape,
    seed: u64,
    opts: &Options,
) -> Result<Value, Failure> {
    let kind = ConstraintKind::from_name(rules).map_err(Failure::BadRequest)?;
    if req.cube || !req.regions.is_empty() || !req.variants.is_empty() {
        return Err(Failure::BadRequest(format!(
            "{rules} puzzles are generated on plain square boards: no cube, variants or jigsaw regions"
        )));
    }
    let level = Level::from_difficulty(req.difficulty.as_deref()).map_err(Failure::BadRequest)?;
    if !(4..=16).contains(&shape.n()) {
        return Err(Failure::BadRequest(format!(
            "{rules} puzzles are generated with 4 to 16 digits"
        )));
    }
    let geometry =
        Arc::new(Geometry::square(shape, &[]).map_err(|e| Failure::BadRequest(e.to_string()))?);
    let seed = req.seed.unwrap_or(seed);
    let (made, index) =
        crate::generate::constrained_puzzle(&geometry, kind, seed, 0, level, true, opts)
            .map_err(failure)?;
    Ok(to_json(&GeneratedView::of_constrained(&made, seed, index)))
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
    /// Stop removing clues at about this many (a target: some grids stop
    /// above it). More clues make easier puzzles and a level quicker to
    /// find (16×16 with 120 clues: most need singles only, a few still a
    /// chain; with a difficulty too, a few milliseconds natively).
    pub clues: Option<usize>,
    /// `killer` (cages covering the board) or `thermo` (thermometers): a
    /// constraint puzzle on a plain square board of 4 to 16 digits
    /// ([`crate::generate::constrained`]); absent or empty for a classic one.
    pub rules: Option<String>,
}

fn seed_de<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Seed {
        N(u64),
        S(String),
        // Anything else (a negative or too large number, a fraction, an
        // array) gets a plain message instead of serde's "did not match
        // any variant".
        Other(serde_json::Value),
    }
    let wanted = || format!("a whole number from 0 to {}", u64::MAX);
    match Option::<Seed>::deserialize(d)? {
        None => Ok(None),
        Some(Seed::N(n)) => Ok(Some(n)),
        Some(Seed::Other(v)) => Err(serde::de::Error::custom(format!(
            "seed {v} is not {}",
            wanted()
        ))),
        Some(Seed::S(s)) if s.is_empty() => Ok(None),
        Some(Seed::S(s)) => s
            .parse()
            .map(Some)
            .map_err(|_| serde::de::Error::custom(format!("seed {s:?} is not {}", wanted()))),
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
            clues: None,
            rules: None,
        }
    }
}

/// A new puzzle from `seed` (the request's own seed wins), drawn until one
/// matches the difficulty or `opts`' limits expire: a [`GeneratedView`]
/// (the seed as a string, so JavaScript keeps every digit).
pub fn generate(req: &GenerateRequest, seed: u64, opts: &Options) -> Result<Value, Failure> {
    let shape: BoxShape = req.box_shape.parse().map_err(Failure::BadRequest)?;
    match req.rules.as_deref() {
        None | Some("") | Some("classic") => {}
        Some(rules) => return generate_constrained(req, rules, shape, seed, opts),
    }
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
        symmetry
            .check_layout(Layout::Cube)
            .map_err(Failure::BadRequest)?;
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
        target_clues: req.clues,
        difficulty: level.map(Difficulty::level),
        grade: true,
        // A few candidates per index, so the limits are checked often.
        max_attempts: level.map(|_| 20),
        ..Default::default()
    };
    let made = board
        .first_match(&gen_opts, seed, &opts.limits())
        .map_err(|e| Failure::unprocessable("unsupported", e.to_string()))?;
    let Some((g, index)) = made else {
        let what = match level {
            Some(l) => format!("a puzzle graded {} was found", l.name()),
            None => "a puzzle was finished".into(),
        };
        return Err(Failure::OverBudget(format!(
            "ran out of time before {what}; try again or ask for less"
        )));
    };
    Ok(to_json(&GeneratedView::new(&g, seed, index)))
}
