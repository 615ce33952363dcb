//! The one presentation form of the use cases' answers.
//!
//! A step, a grade, a rating, a whole path, a count, a verdict, a player's
//! hint and an error are shaped here once, as plain serde structs, and every
//! surface prints these: the CLI's `--json`, the web API and the WebAssembly
//! binding (through [`crate::service`]) and the Python package. Keys are
//! declared in alphabetical order, so a struct serialised directly and one
//! turned into a `serde_json::Value` first print the same bytes. The schema
//! is `docs/json.md`; with the `ts` feature each type also derives
//! `ts_rs::TS` and `typescript` writes their TypeScript declarations.
//!
//! ```
//! use sudokit::view::{PathView, StepView};
//! use sudokit::{Options, Puzzle};
//! let p: Puzzle = "..1..3....2.4...".parse().unwrap();
//! let path = p.explain(&Options::default()).unwrap();
//! let view = PathView::new(p.geometry(), &path);
//! assert_eq!(view.steps[0], StepView::new(p.geometry(), &path.steps[0]));
//! let json = serde_json::to_value(&view).unwrap();
//! assert_eq!(json["steps"][0]["technique"], "naked-single");
//! assert_eq!(json["steps"][0]["name"], "Naked Single");
//! ```

use serde::{Deserialize, Serialize};

use crate::constraints::{Constraint, TrueCandidates};
use crate::count::Count;
use crate::format::GridJson;
use crate::generate::{ConstrainedPuzzle, Generated};
use crate::geometry::{Geometry, Layout, UnitKind};
use crate::logic::{self, Cand, Grade, Level, Path, Step, Technique};

use crate::puzzle::{Error, Puzzle, Rating, Verdict};

/// A step as every surface shows it: the library's [`Step`] plus the
/// technique's display name and level, the cells and names of the units it
/// names (for highlighting) and the whole sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StepView {
    /// Candidates of the pattern.
    pub candidates: Vec<Cand>,
    /// Cells of the pattern.
    pub cells: Vec<u32>,
    /// `Name: sentence` ([`Step::describe`]).
    pub describe: String,
    /// Candidates removed by the step.
    pub eliminations: Vec<Cand>,
    /// The sentence alone, `r1c1` notation.
    pub explanation: String,
    /// The technique's level (`Easy` … `Extreme`).
    pub level: Level,
    /// The technique's display name (`Hidden Single`).
    pub name: String,
    /// Digits placed by the step.
    pub placements: Vec<Cand>,
    /// The technique's identifier (`hidden-single`).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub technique: Technique,
    /// The cells of each unit in `units`.
    pub unit_cells: Vec<Vec<u32>>,
    /// The name of each unit in `units` (`box 5`).
    pub unit_names: Vec<String>,
    /// Units of the pattern (indices into the board's units).
    pub units: Vec<u32>,
}

impl StepView {
    /// The step on `geometry`'s board.
    pub fn new(geometry: &Geometry, step: &Step) -> Self {
        let known = |u: &&u32| (**u as usize) < geometry.units().len();
        StepView {
            candidates: step.candidates.clone(),
            cells: step.cells.clone(),
            describe: step.describe(),
            eliminations: step.eliminations.clone(),
            explanation: step.explanation.clone(),
            level: step.technique.level(),
            name: step.technique.name().to_string(),
            placements: step.placements.clone(),
            technique: step.technique,
            unit_cells: step
                .units
                .iter()
                .filter(known)
                .map(|&u| geometry.units()[u as usize].cells.clone())
                .collect(),
            unit_names: step
                .units
                .iter()
                .filter(known)
                .map(|&u| geometry.unit_name(u as usize))
                .collect(),
            units: step.units.clone(),
        }
    }
}

/// A grade: level, score, hardest technique (display name) and the grade in
/// words ([`Grade::describe`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GradeView {
    pub describe: String,
    pub hardest: Option<String>,
    pub level: Level,
    pub score: u32,
    pub without_guessing: bool,
}

impl From<&Grade> for GradeView {
    fn from(g: &Grade) -> Self {
        GradeView {
            describe: g.describe(),
            hardest: g.hardest.map(|t| t.name().to_string()),
            level: g.level,
            score: g.score,
            without_guessing: g.without_guessing,
        }
    }
}

/// A technique a request may switch on (`"techniques": ["kraken-fish"]`):
/// its `key`, the `name` players read, and the `level` and `score` of one
/// step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TechniqueView {
    pub key: String,
    pub name: String,
    pub level: Level,
    pub score: u32,
}

impl From<Technique> for TechniqueView {
    fn from(t: Technique) -> Self {
        TechniqueView {
            key: t.key(),
            name: t.name().to_string(),
            level: t.level(),
            score: t.score(),
        }
    }
}

/// The answer of `rate`: the grade's fields, the number of steps, and
/// `solved` (always true: a rating needs the path to reach the end).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingView {
    pub describe: String,
    pub hardest: Option<String>,
    pub level: Level,
    pub score: u32,
    pub solved: bool,
    pub steps: usize,
    pub without_guessing: bool,
}

impl From<&Rating> for RatingView {
    fn from(r: &Rating) -> Self {
        let g = GradeView::from(&r.grade);
        RatingView {
            describe: g.describe,
            hardest: g.hardest,
            level: g.level,
            score: g.score,
            solved: true,
            steps: r.steps,
            without_guessing: g.without_guessing,
        }
    }
}

/// The answer of `explain`: every step, whether they reach the end, the
/// grade of the path and the grid after the last step as a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PathView {
    pub grade: GradeView,
    /// The grid after the last step, one line ([`values_line`]).
    pub solution: String,
    pub solved: bool,
    pub steps: Vec<StepView>,
}

impl PathView {
    /// The path on `geometry`'s board.
    pub fn new(geometry: &Geometry, path: &Path) -> Self {
        PathView {
            grade: GradeView::from(&logic::grade(path)),
            solution: values_line(&path.final_values),
            solved: path.solved,
            steps: path
                .steps
                .iter()
                .map(|s| StepView::new(geometry, s))
                .collect(),
        }
    }
}

/// Cell values as one line: digits beyond 9 as letters (up to 35), empty
/// cells as `.`.
pub fn values_line(values: &[u16]) -> String {
    values
        .iter()
        .map(|&v| match v {
            0 => '.',
            v => char::from_digit(u32::from(v), 36)
                .unwrap_or('?')
                .to_ascii_uppercase(),
        })
        .collect()
}

/// A number of solutions: a decimal string (it outgrows every JSON number
/// type), whether it is complete, and the status in words: `none`,
/// `unique`, `exact` or `at least` (a lower bound: a limit or the time ran
/// out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CountView {
    pub count: String,
    pub exact: bool,
    pub status: String,
}

impl From<&Count> for CountView {
    fn from(c: &Count) -> Self {
        let status = match (c.is_exact(), u64::try_from(c.value())) {
            (false, _) => "at least",
            (true, Ok(0)) => "none",
            (true, Ok(1)) => "unique",
            _ => "exact",
        };
        CountView {
            count: c.value().to_string(),
            exact: c.is_exact(),
            status: status.into(),
        }
    }
}

/// Whether a puzzle has exactly one solution: `verdict` is `unique`,
/// `not-unique` or `no-solution`; `solution` the first solution found and
/// `other` a second one, when there are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VerdictView {
    pub givens: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub other: Option<GridJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub solution: Option<GridJson>,
    pub unique: bool,
    pub verdict: String,
    /// Parts of the source not read as rules ([`Puzzle::ignored`]), when any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

impl VerdictView {
    /// The verdict of `check` on `puzzle`; `Err(Error::NoSolution)` is a
    /// verdict too (`no-solution`), other errors are not and come back.
    pub fn new(puzzle: &Puzzle, checked: Result<Verdict, Error>) -> Result<Self, Error> {
        let givens = puzzle.grid().givens();
        let warnings = puzzle.ignored().to_vec();
        Ok(match checked {
            Ok(Verdict::Unique(s)) => VerdictView {
                givens,
                other: None,
                solution: Some(GridJson::new(&s)),
                unique: true,
                verdict: "unique".into(),
                warnings,
            },
            Ok(Verdict::Multiple(a, b)) => VerdictView {
                givens,
                other: Some(GridJson::new(&b)),
                solution: Some(GridJson::new(&a)),
                unique: false,
                verdict: "not-unique".into(),
                warnings,
            },
            Err(Error::NoSolution) => VerdictView {
                givens,
                other: None,
                solution: None,
                unique: false,
                verdict: "no-solution".into(),
                warnings,
            },
            Err(e) => return Err(e),
        })
    }
}

/// A failure: the message, its code (the library's [`Error::code`],
/// `parse` for text that does not read, `bad-request` for a malformed
/// request) and where it is when known: `line` and `column` of the text,
/// or the `cell` of a contradiction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorView {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cell: Option<usize>,
    pub code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub column: Option<usize>,
    pub error: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub line: Option<usize>,
}

impl From<&Error> for ErrorView {
    fn from(e: &Error) -> Self {
        ErrorView {
            cell: e.cell(),
            code: e.code().into(),
            column: None,
            error: e.to_string(),
            line: None,
        }
    }
}

impl From<&crate::format::ParseError> for ErrorView {
    fn from(e: &crate::format::ParseError) -> Self {
        ErrorView {
            cell: None,
            code: "parse".into(),
            column: e.column,
            error: e.to_string(),
            line: Some(e.line),
        }
    }
}

/// One level of a hint ([`Puzzle::hint_levels`]): `1` where to look (a
/// unit or a cage, never the cell of a single), `2` which technique, `3`
/// the whole move. `cells` and `units` are what to highlight at that level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HintLevel {
    pub cells: Vec<u32>,
    pub level: u8,
    pub text: String,
    pub units: Vec<u32>,
}

/// The mistake of a player's hint: an entry that is not the solution's
/// `digit`, or pencil marks of `cell` that leave out the solution's
/// `candidate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MistakeView {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub candidate: Option<u16>,
    pub cell: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub digit: Option<u16>,
}

/// A player's hint ([`Puzzle::player_hint`]): `kind` is `mistake`,
/// `missing-candidate`, `done`, `step` or `stuck`; a step comes with its
/// three [`HintLevel`]s, a mistake with the cell to point at; every kind
/// but `step` says what to do in `explanation`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerHintView {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cells: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub done: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub explanation: Option<String>,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub levels: Option<Vec<HintLevel>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mistake: Option<MistakeView>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub step: Option<StepView>,
    /// Parts of the source not read as rules ([`Puzzle::ignored`]), when any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

impl PlayerHintView {
    /// The hint on `puzzle`'s board, its messages in words.
    pub fn new(puzzle: &Puzzle, hint: &crate::puzzle::PlayerHint) -> Self {
        use crate::puzzle::PlayerHint as H;
        let geometry = puzzle.geometry();
        let empty = PlayerHintView {
            cells: None,
            done: None,
            explanation: None,
            kind: String::new(),
            levels: None,
            mistake: None,
            step: None,
            warnings: puzzle.ignored().to_vec(),
        };
        match hint {
            H::Mistake { cell, digit } => PlayerHintView {
                cells: Some(vec![*cell]),
                explanation: Some(format!(
                    "{} = {digit} is a mistake: the solution has another digit there. Remove it first.",
                    geometry.cell_name(*cell)
                )),
                kind: "mistake".into(),
                mistake: Some(MistakeView {
                    candidate: None,
                    cell: *cell,
                    digit: Some(*digit),
                }),
                ..empty
            },
            H::MissingCandidate { cell, digit } => PlayerHintView {
                cells: Some(vec![*cell]),
                explanation: Some(format!(
                    "The pencil marks of {} leave out {digit}, which the solution needs there. Add it back.",
                    geometry.cell_name(*cell)
                )),
                kind: "missing-candidate".into(),
                mistake: Some(MistakeView {
                    candidate: Some(*digit),
                    cell: *cell,
                    digit: None,
                }),
                ..empty
            },
            H::Done => PlayerHintView {
                done: Some(true),
                explanation: Some("The grid is full.".into()),
                kind: "done".into(),
                ..empty
            },
            H::Step(step) => PlayerHintView {
                kind: "step".into(),
                levels: Some(puzzle.hint_levels(step)),
                step: Some(StepView::new(geometry, step)),
                ..empty
            },
            H::Stuck => PlayerHintView {
                explanation: Some(
                    "No logical step found from here: check your pencil marks, or undo the last entries."
                        .into(),
                ),
                kind: "stuck".into(),
                ..empty
            },
        }
    }
}

/// The answer of `candidates`: per cell, every digit that some solution
/// puts there (true candidates); no digit anywhere when there is no
/// solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CandidatesView {
    pub candidates: Vec<Vec<u16>>,
}

impl From<&TrueCandidates> for CandidatesView {
    fn from(tc: &TrueCandidates) -> Self {
        CandidatesView {
            candidates: (0..tc.masks.len()).map(|c| tc.digits(c)).collect(),
        }
    }
}

/// One unit of the board as a `parse` answer lists it: its kind (`row`,
/// `column`, `box`, `region`, `diagonal`, `cube-line-0`, ...), its name
/// (`box 5`) and its cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UnitView {
    pub cells: Vec<u32>,
    pub kind: String,
    pub name: String,
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

/// The answer of `parse`: the puzzle as read, with every unit of its board
/// so a page checks conflicts and draws variants against the real units.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleInfoView {
    /// The cells whose values break a constraint ([`Puzzle::broken_cells`]).
    pub broken: Vec<usize>,
    /// The number of cells.
    pub cells: usize,
    /// An N×N×N cube rather than a square board.
    pub cube: bool,
    pub givens: usize,
    pub grid: GridJson,
    /// Digits per cell (the board's side).
    pub n: usize,
    /// Whether the overlay draws clues outside the board (sandwich,
    /// little-killer, X-sum and skyscraper clues): a page leaves half a
    /// cell of room around the board for them.
    pub outside: bool,
    /// An SVG of the constraints alone (board at `0..N·40` with half a cell
    /// around), `null` without constraints.
    pub overlay: Option<String>,
    /// With constraints, per cell the digits its units and the rules allow
    /// ([`Puzzle::rule_candidates`]); `null` without constraints (a page
    /// works those out from the units) or where the rules do not apply.
    pub pencil: Option<Vec<Vec<u16>>>,
    pub units: Vec<UnitView>,
    /// Parts of the source not read as rules ([`Puzzle::ignored`]), when any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

impl PuzzleInfoView {
    /// What `puzzle` reads as.
    pub fn new(puzzle: &Puzzle) -> Self {
        let g = puzzle.geometry();
        let pencil = if puzzle.constraints().is_empty() {
            None
        } else {
            puzzle.rule_candidates().ok().map(|masks| {
                masks
                    .iter()
                    .map(|&m| (1..=64u16).filter(|d| m >> (d - 1) & 1 == 1).collect())
                    .collect()
            })
        };
        let (overlay, outside) =
            crate::render::svg::overlay_and_outside(puzzle.grid(), puzzle.constraints(), 40.0);
        PuzzleInfoView {
            broken: puzzle.broken_cells(),
            cells: g.cell_count(),
            cube: g.layout() == Layout::Cube,
            givens: puzzle.grid().givens(),
            grid: GridJson::of_puzzle(puzzle),
            n: g.n(),
            outside,
            overlay,
            pencil,
            units: g
                .units()
                .iter()
                .enumerate()
                .map(|(i, u)| UnitView {
                    cells: u.cells.clone(),
                    kind: unit_kind_name(u.kind),
                    name: g.unit_name(i),
                })
                .collect(),
            warnings: puzzle.ignored().to_vec(),
        }
    }
}

/// The answer of `generate`: the puzzle, its solution, the number of
/// clues, the seed and index that give it again, and its grade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GeneratedView {
    pub clues: usize,
    pub grade: Option<GradeView>,
    pub grid: GridJson,
    /// The puzzle's index in the run of `seed` ([`crate::generate::rng_for`]).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub index: u64,
    /// The seed as a decimal string (JavaScript numbers lose digits past
    /// 2^53).
    pub seed: String,
    pub solution: GridJson,
}

impl GeneratedView {
    /// Puzzle `index` of the run seeded with `seed`.
    pub fn new(made: &Generated, seed: u64, index: u64) -> Self {
        GeneratedView {
            clues: made.puzzle.givens(),
            grade: made.grade.as_ref().map(GradeView::from),
            grid: GridJson::new(&made.puzzle),
            index,
            seed: seed.to_string(),
            solution: GridJson::new(&made.solution),
        }
    }

    /// A constraint puzzle ([`crate::generate::constrained`]): its
    /// grid carries the constraints.
    pub fn of_constrained(made: &ConstrainedPuzzle, seed: u64, index: u64) -> Self {
        GeneratedView {
            clues: made.puzzle.grid().givens(),
            grade: made.rating.as_ref().map(|r| GradeView::from(&r.grade)),
            grid: GridJson::of_puzzle(&made.puzzle),
            index,
            seed: seed.to_string(),
            solution: GridJson::new(&made.solution),
        }
    }
}

impl Puzzle {
    /// A step told in three levels, each giving away more: where to look
    /// (the units the step names, else the cage its pattern lies in, else
    /// the box of its first cell: never the cell of a single), which
    /// technique applies there, and the whole move.
    ///
    /// ```
    /// use sudokit::{Options, Puzzle};
    /// let p: Puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    ///     .parse()
    ///     .unwrap();
    /// let step = p.hint(&Options::default()).unwrap().unwrap();
    /// let levels = p.hint_levels(&step);
    /// assert_eq!(levels[0].text, "Look at box 4.");
    /// assert_eq!(levels[1].text, "Look at box 4: a Hidden Single (easy) applies there.");
    /// assert_eq!(levels[2].text, step.describe());
    /// ```
    pub fn hint_levels(&self, step: &Step) -> Vec<HintLevel> {
        let (place, cells, units) = self.where_to_look(step);
        let technique = format!(
            "{place}: a {} ({}) applies there.",
            step.technique.name(),
            step.technique.level().name().to_lowercase()
        );
        // Past level 1 a pattern step shows its pattern; a step that places
        // a digit keeps showing the region, or the cell would be named.
        let pattern = if step.placements.is_empty() && !step.cells.is_empty() {
            step.cells.clone()
        } else {
            cells.clone()
        };
        vec![
            HintLevel {
                cells: cells.clone(),
                level: 1,
                text: format!("{place}."),
                units: units.clone(),
            },
            HintLevel {
                cells: pattern,
                level: 2,
                text: technique,
                units: units.clone(),
            },
            HintLevel {
                cells: step.cells.clone(),
                level: 3,
                text: step.describe(),
                units: step.units.clone(),
            },
        ]
    }

    /// `Look at …`, the cells to highlight and the units named.
    fn where_to_look(&self, step: &Step) -> (String, Vec<u32>, Vec<u32>) {
        let geometry = self.geometry();
        let all = geometry.units().len();
        let units: Vec<u32> = step
            .units
            .iter()
            .copied()
            .filter(|&u| (u as usize) < all)
            .collect();
        let cells_of = |us: &[u32]| -> Vec<u32> {
            let mut cs: Vec<u32> = us
                .iter()
                .flat_map(|&u| geometry.units()[u as usize].cells.iter().copied())
                .collect();
            cs.sort_unstable();
            cs.dedup();
            cs
        };
        if !units.is_empty() {
            let names: Vec<String> = units
                .iter()
                .map(|&u| geometry.unit_name(u as usize))
                .collect();
            return (
                format!("Look at {}", names.join(" and ")),
                cells_of(&units),
                units,
            );
        }
        let first = step
            .placements
            .first()
            .map(|p| p.cell)
            .or_else(|| step.cells.first().copied())
            .or_else(|| step.eliminations.first().map(|e| e.cell))
            .unwrap_or(0) as usize;
        let home = self.box_of(first);
        // A pattern inside one cage: the cage, placed by the box it starts in.
        if step.cells.len() > 1 {
            for c in self.constraints() {
                if let Constraint::Cage { sum, cells } = c {
                    if step.cells.iter().all(|&s| cells.contains(&(s as usize))) {
                        let cage = match sum {
                            Some(s) => format!("the cage of {s}"),
                            None => "the cage".into(),
                        };
                        let start = cells.iter().copied().min().unwrap_or(first);
                        let place = match self.box_of(start) {
                            Some(b) => format!(
                                "Look at {cage} that starts in {}",
                                geometry.unit_name(b as usize)
                            ),
                            None => format!("Look at {cage}"),
                        };
                        let mut cs: Vec<u32> = cells.iter().map(|&c| c as u32).collect();
                        cs.sort_unstable();
                        return (place, cs, Vec::new());
                    }
                }
            }
        }
        match home {
            Some(b) => (
                format!("Look at {}", geometry.unit_name(b as usize)),
                cells_of(&[b]),
                vec![b],
            ),
            None => ("Look at the board".into(), Vec::new(), Vec::new()),
        }
    }

    /// The box (jigsaw region, cube box) holding `cell`, else its first unit.
    fn box_of(&self, cell: usize) -> Option<u32> {
        let geometry = self.geometry();
        if cell >= geometry.cell_count() {
            return None;
        }
        let units = geometry.units_of(cell);
        units
            .iter()
            .copied()
            .find(|&u| {
                matches!(
                    geometry.units()[u as usize].kind,
                    UnitKind::Box | UnitKind::Region
                ) || (geometry.layout() == Layout::Cube
                    && matches!(geometry.units()[u as usize].kind, UnitKind::CubeBox(_)))
            })
            .or_else(|| units.first().copied())
    }
}

/// The TypeScript declarations of every type here (and those they use), one
/// `export type` each, for the npm package of the WebAssembly binding.
#[cfg(feature = "ts")]
pub fn typescript() -> String {
    use ts_rs::TS;
    let cfg = ts_rs::Config::default();
    let mut out = String::from(
        "// The answers of sudokit's use cases: generated from the Rust types\n// (sudokit::view), do not edit.\n\n",
    );
    for decl in [
        Cand::decl(&cfg),
        Level::decl(&cfg),
        GridJson::decl(&cfg),
        StepView::decl(&cfg),
        GradeView::decl(&cfg),
        TechniqueView::decl(&cfg),
        RatingView::decl(&cfg),
        PathView::decl(&cfg),
        CountView::decl(&cfg),
        VerdictView::decl(&cfg),
        ErrorView::decl(&cfg),
        HintLevel::decl(&cfg),
        MistakeView::decl(&cfg),
        PlayerHintView::decl(&cfg),
        CandidatesView::decl(&cfg),
        UnitView::decl(&cfg),
        PuzzleInfoView::decl(&cfg),
        GeneratedView::decl(&cfg),
    ] {
        out.push_str("export ");
        out.push_str(&decl);
        out.push_str("\n\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    #[test]
    fn hint_levels_of_a_single_name_no_cell() {
        // A naked single at r1c1 on a 4×4: level 1 names its box only.
        let p: Puzzle = "..1..3....2.4...".parse().unwrap();
        let step = p.hint(&Options::default()).unwrap().unwrap();
        assert_eq!(step.technique, Technique::NakedSingle);
        let levels = p.hint_levels(&step);
        assert_eq!(levels[0].text, "Look at box 1.");
        assert_eq!(levels[0].cells, vec![0, 1, 4, 5]);
        assert!(!levels[1].text.contains("r1c1"), "{}", levels[1].text);
        assert!(levels[2].text.contains("r1c1"));
    }

    #[test]
    fn verdict_and_hint_carry_what_was_not_read() {
        // A solved 4×4 with a drawn line: the answers name the drawing.
        let row = "[{},{},{},{}]";
        let text = format!(
            r#"{{"size":4,"grid":[{row},{row},{row},{row}],"line":[{{"lines":[["R1C1","R2C2"]]}}]}}"#
        );
        let p = crate::format::from_fpuzzles(&text).unwrap();
        assert!(!p.ignored().is_empty());
        let opts = Options::default();
        let verdict = VerdictView::new(&p, p.check(&opts)).unwrap();
        assert_eq!(verdict.warnings, p.ignored());
        let hint = PlayerHintView::new(&p, &p.player_hint(&[], &[], &opts).unwrap());
        let json = serde_json::to_value(&hint).unwrap();
        assert_eq!(json["warnings"][0], p.ignored()[0].as_str());
        // Read completely: no `warnings` key at all.
        let plain: Puzzle = "..1..3....2.4...".parse().unwrap();
        let json = serde_json::to_value(VerdictView::new(&plain, plain.check(&opts)).unwrap());
        assert!(json.unwrap().get("warnings").is_none());
    }

    #[test]
    fn views_read_back() {
        let p: Puzzle = "..1..3....2.4...".parse().unwrap();
        let view = PathView::new(p.geometry(), &p.explain(&Options::default()).unwrap());
        let text = serde_json::to_string(&view).unwrap();
        let back: PathView = serde_json::from_str(&text).unwrap();
        assert_eq!(back, view);
        // Keys in alphabetical order, whichever way it is printed.
        let via_value = serde_json::to_value(&view).unwrap().to_string();
        assert_eq!(text, via_value);
        assert_eq!(view.solution, "2413134231244231");
    }

    #[test]
    fn puzzle_info_lists_the_units_and_leaves_out_what_is_absent() {
        let p: Puzzle = "..1..3....2.4...".parse().unwrap();
        let info = PuzzleInfoView::new(&p);
        assert_eq!((info.n, info.cells, info.givens), (4, 16, 4));
        assert_eq!(info.units.len(), 12);
        let first = &info.units[0];
        assert_eq!((first.kind.as_str(), first.name.as_str()), ("row", "row 1"));
        assert_eq!(first.cells, vec![0, 1, 2, 3]);
        let json = serde_json::to_value(&info).unwrap();
        // No constraints: `overlay` and `pencil` are null, `warnings` absent.
        assert_eq!(json["overlay"], serde_json::Value::Null);
        assert_eq!(json["pencil"], serde_json::Value::Null);
        assert!(json.get("warnings").is_none(), "{json}");
        assert_eq!(
            serde_json::from_value::<PuzzleInfoView>(json).unwrap(),
            info
        );
    }

    #[test]
    fn puzzle_info_of_a_killer_carries_its_pencil_marks() {
        let p: Puzzle = "cage: 3 r1c1 r1c2\n................\n".parse().unwrap();
        let info = PuzzleInfoView::new(&p);
        let pencil = info.pencil.expect("a cage gives pencil marks");
        assert_eq!(pencil[0], vec![1, 2], "a cage of 3 over two cells");
        assert!(info.overlay.unwrap().starts_with("<svg"));
    }

    #[test]
    fn generated_view_keeps_every_digit_of_the_seed() {
        let geometry = std::sync::Arc::new(
            Geometry::square(crate::geometry::BoxShape::new(2, 2), &[]).unwrap(),
        );
        let made = crate::generate::generate(&geometry, &Default::default(), 7, 3).unwrap();
        let view = GeneratedView::new(&made, u64::MAX, 3);
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["seed"], "18446744073709551615");
        assert_eq!(json["index"], 3);
        assert_eq!(view.clues, made.puzzle.givens());
        assert_eq!(view.solution.line.len(), 16);
    }

    #[cfg(feature = "ts")]
    #[test]
    fn typescript_declares_every_view() {
        let ts = typescript();
        for name in [
            "StepView",
            "PathView",
            "ErrorView",
            "PlayerHintView",
            "GridJson",
            "PuzzleInfoView",
            "GeneratedView",
        ] {
            assert!(ts.contains(&format!("export type {name} =")), "{ts}");
        }
        eprintln!("{ts}");
    }
}
