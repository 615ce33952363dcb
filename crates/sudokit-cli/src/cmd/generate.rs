//! `sudokit generate`: unique puzzles of any shape and variant.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use serde_json::json;
use sudokit::format::GridJson;
use sudokit::generate::{
    self, Board, ConstraintKind, Difficulty, GenerateOptions, Generated, Symmetry,
};
use sudokit::logic::{Grade, Level};
use sudokit::{BoxShape, Geometry};

use crate::batch::{self, Output, Tally};
use crate::output::{grid_text, OutputFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Box shape RxC (N = R·C); 3x3 gives classic 9×9.
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    pub box_shape: BoxShape,
    /// Extra units: x, disjoint, hypercube, windoku (comma-separated), or
    /// jigsaw: irregular regions in place of the boxes, a fresh random layout
    /// for every puzzle (combines with x and windoku). To generate on a
    /// layout of your own, give a puzzle with its `regions:` to --like.
    #[arg(long, value_delimiter = ',', value_name = "NAME")]
    pub variant: Vec<String>,
    /// Generate 3-D cubes (N×N×N) instead of square boards.
    #[arg(long)]
    pub cube: bool,
    /// Generate on the board of the first puzzle in FILE (any format the
    /// reader knows): its box shape, variants, jigsaw regions or cube, in
    /// place of --box, --variant and --cube.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["box_shape", "variant", "cube"])]
    pub like: Option<std::path::PathBuf>,
    /// Symmetry of the clue pattern: none, rotational, quarter, mirror,
    /// diagonal, dihedral (cubes: none or rotational).
    #[arg(long, default_value = "none")]
    pub symmetry: Symmetry,
    /// Also require that removing any single clue gives several solutions.
    #[arg(long)]
    pub minimal: bool,
    /// Stop removing clues at this many (a target; some grids stop above it).
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// Only puzzles the grader rates at this level: easy, medium, hard,
    /// unfair or extreme. Each line then ends with `# Level score (hardest)`.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub difficulty: Option<Level>,
    /// Only puzzles whose grader score is in MIN..MAX (both included; an end
    /// may be left out: `1200..`). Combines with --difficulty.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_score)]
    pub score: Option<Difficulty>,
    /// Grade every puzzle (implied by --difficulty and --score).
    #[arg(long)]
    pub grade: bool,
    /// Give up on a puzzle after this many candidates (default: 100, 2000
    /// for --minimal with symmetry, 20000 with a difficulty target).
    #[arg(long, value_name = "N")]
    pub max_attempts: Option<usize>,
    /// Guesses each uniqueness check may make before it counts as unsettled
    /// and the clue stays (0 = unlimited). Default: unlimited up to 256
    /// cells (16×16, cubes up to 6×6×6), 1000 above (25×25, 8×8×8 and
    /// 9×9×9 cubes), where near-minimal puzzles make some checks very hard
    /// searches. Puzzles are always proven unique; with the budget, large
    /// ones may keep a clue that could have gone (--minimal then either
    /// proves minimality or reports that it could not).
    #[arg(long, value_name = "N")]
    pub check_budget: Option<u64>,
    /// Give up on a puzzle after this many seconds (reported as an error in
    /// its place; the other puzzles go on).
    #[arg(long, value_name = "SECS", value_parser = crate::input::parse_timeout)]
    pub timeout: Option<f64>,
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed for reproducible output; random (and printed to stderr) if absent.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (0 = one per core). The output does not depend on it.
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
    /// Output format: line, pretty, rc or json.
    #[arg(long, short, value_parser = crate::output::parse_format, default_value = "line")]
    pub output: OutputFormat,
    /// The same as `-o json`.
    #[arg(long, conflicts_with = "output")]
    pub json: bool,
    /// Print the solution after each puzzle (in JSON, a `solution` field).
    #[arg(long)]
    pub with_solution: bool,
    /// Killer puzzles: cages covering the board, sums from the solution,
    /// givens removed while unique (square boards of 4 to 16 digits); with
    /// --difficulty, eased (givens put back) or retried until graded so.
    #[arg(long, conflicts_with_all = ["thermo", "cube", "minimal", "clues", "score"])]
    pub killer: bool,
    /// Thermo puzzles: thermometers read off the solution, givens removed
    /// while unique (square boards of 4 to 16 digits); --difficulty as for
    /// --killer.
    #[arg(long, conflicts_with_all = ["cube", "minimal", "clues", "score"])]
    pub thermo: bool,
    /// Constraint puzzles of one family: killer, thermo, or lines of
    /// renban, whisper, palindrome, between, entropic, modular, zipper,
    /// region-sum, arrow or dutch-whisper (random lines where the solution
    /// keeps the rule, over about a third of the board), or clues of
    /// x-sum, skyscraper, sandwich, little-killer, minimum, maximum,
    /// quadruple, clone, kropki or xv (every true clue, then givens and
    /// clues cut while the puzzle stays unique); --difficulty as for
    /// --killer.
    #[arg(long, value_name = "NAME", value_parser = ConstraintKind::from_name,
          conflicts_with_all = ["killer", "thermo", "cube", "minimal", "clues", "score"])]
    pub rules: Option<ConstraintKind>,
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::from_name(s)
        .ok_or_else(|| format!("unknown level {s:?} (easy, medium, hard, unfair, extreme)"))
}

fn parse_score(s: &str) -> Result<Difficulty, String> {
    if !s.contains("..") {
        return Err(format!("{s:?} is not a score range MIN..MAX"));
    }
    s.parse()
}

/// One puzzle's output in the chosen format, with its grade when graded.
fn puzzle_text(
    g: &Generated,
    index: u64,
    seed: u64,
    fmt: OutputFormat,
    with_solution: bool,
) -> String {
    if fmt == OutputFormat::Json {
        let mut v = json!({
            "puzzle": index + 1,
            "index": index,
            "seed": seed,
            "clues": g.puzzle.givens(),
            "grid": GridJson::new(&g.puzzle),
            // Orbits kept because their check ran out of budget: non-zero
            // means unique but possibly not minimal per orbit.
            "unsettled": g.unsettled,
        });
        if with_solution {
            v["solution"] = json!(GridJson::new(&g.solution));
        }
        if let Some(grade) = &g.grade {
            let view = sudokit::view::GradeView::from(grade);
            v["level"] = json!(view.level);
            v["score"] = json!(view.score);
            v["hardest"] = json!(view.hardest);
        }
        return v.to_string();
    }
    let mut text = grid_text(&g.puzzle, fmt);
    if let Some(grade) = &g.grade {
        // A trailing comment on a line puzzle, a comment line above a
        // multi-line grid: both read back as the same puzzle.
        text = if fmt == OutputFormat::Line {
            format!("{text}  # {}", Grade::label(grade))
        } else {
            format!("# {}\n{text}", Grade::label(grade))
        };
    }
    if with_solution {
        text = format!("{text}\n{}", solution_text(&g.solution, fmt));
    }
    text
}

/// A solution after its puzzle. Jigsaw regions govern only the grid after
/// them, so on a jigsaw the solution gets its own `regions:` block to read
/// back on the same board.
fn solution_text(solution: &sudokit::Grid, fmt: OutputFormat) -> String {
    let geometry = solution.geometry();
    let regions = match geometry.jigsaw_regions() {
        Some(_) => sudokit::format::Writer::new(fmt).prelude(geometry, None),
        None => String::new(),
    };
    format!("{regions}{}", grid_text(solution, fmt))
}

/// The board of the first puzzle of `path`.
fn board_like(path: &std::path::Path) -> Result<Board> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let p = sudokit::format::parse_puzzle(&text, &Default::default())
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(Board::Fixed(p.geometry().clone()))
}

pub fn run(args: &Args) -> Result<Tally> {
    let board = match &args.like {
        Some(path) => board_like(path)?,
        None => Board::new(args.box_shape, &args.variant, None, args.cube)
            .map_err(anyhow::Error::msg)?,
    };
    // Whichever way the board came, a cube keeps only point symmetry.
    args.symmetry
        .check_layout(board.layout())
        .map_err(anyhow::Error::msg)?;
    let kind = match (args.killer, args.thermo, args.rules) {
        (true, _, _) => Some(ConstraintKind::Killer),
        (_, true, _) => Some(ConstraintKind::Thermo),
        (_, _, kind) => kind,
    };
    if let Some(kind) = kind {
        let Board::Fixed(geometry) = board else {
            bail!("constraint puzzles (--killer, --thermo, --rules) generate on boxes or on the regions of --like, not on random jigsaw layouts");
        };
        return constrained_on(args, kind, geometry);
    }
    generate_on(args, board)
}

/// `--killer`, `--thermo`, `--rules`: the library's constrained
/// generator, written as directives and grid (and the grade when asked for).
fn constrained_on(args: &Args, kind: ConstraintKind, geometry: Arc<Geometry>) -> Result<Tally> {
    let seed = args.seed.unwrap_or_else(|| {
        let s = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        eprintln!("seed: {s}");
        s
    });
    let timeout = args.timeout.map(std::time::Duration::from_secs_f64);
    let (fmt, with_solution, grade, level) =
        (args.output, args.with_solution, args.grade, args.difficulty);
    batch::run(0..args.count, args.threads, move |index| {
        let mut opts = sudokit::Options::default();
        if let Some(t) = timeout {
            opts = opts.with_timeout(t);
        }
        let made = generate::constrained_puzzle(&geometry, kind, seed, index, level, grade, &opts)
            .map(|(m, _)| m);
        match made {
            // The fields of a classic puzzle's JSON; the grid object
            // carries the constraints.
            Ok(made) if fmt == OutputFormat::Json => {
                let mut v = json!({
                    "puzzle": index + 1,
                    "index": index,
                    "seed": seed,
                    "clues": made.puzzle.grid().givens(),
                    "grid": GridJson::of_puzzle(&made.puzzle),
                });
                if with_solution {
                    v["solution"] = json!(GridJson::new(&made.solution));
                }
                if let Some(r) = &made.rating {
                    let view = sudokit::view::GradeView::from(&r.grade);
                    v["level"] = json!(view.level);
                    v["score"] = json!(view.score);
                    v["hardest"] = json!(view.hardest);
                }
                Output::ok(v.to_string())
            }
            Ok(made) => {
                let mut text = grid_text(made.puzzle.grid(), fmt);
                if let Some(r) = &made.rating {
                    text = if fmt == OutputFormat::Line {
                        format!("{text}  # {}", r.grade.label())
                    } else {
                        format!("# {}\n{text}", r.grade.label())
                    };
                }
                if with_solution {
                    text = format!("{text}\n{}", solution_text(&made.solution, fmt));
                }
                Output::grids(text, made.puzzle.grid(), fmt, None).with_constraints(&made.puzzle)
            }
            Err(e) => Output::failed(format!("error: puzzle {}: {e}", index + 1)),
        }
    })
}

fn generate_on(args: &Args, board: Board) -> Result<Tally> {
    let seed = args.seed.unwrap_or_else(|| {
        let s = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        eprintln!("seed: {s}");
        s
    });
    let difficulty = match (args.difficulty, args.score.clone()) {
        (None, None) => None,
        (level, score) => Some(Difficulty {
            level,
            score: score.and_then(|d| d.score),
        }),
    };
    let opts = GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal,
        target_clues: args.clues,
        difficulty,
        grade: args.grade,
        max_attempts: args.max_attempts,
        check_budget: args.check_budget.map(|b| if b == 0 { u64::MAX } else { b }),
        limits: sudokit::Limits::none(),
    };
    let timeout = args.timeout.map(std::time::Duration::from_secs_f64);
    let (fmt, with_solution) = (args.output, args.with_solution);
    batch::run(0..args.count, args.threads, move |index| {
        // Each puzzle gets the whole time limit, from its own start.
        let opts = match timeout {
            Some(t) => &GenerateOptions {
                limits: sudokit::Limits::timeout(t),
                ..opts.clone()
            },
            None => &opts,
        };
        match board.generate(opts, seed, index) {
            Ok(g) => Output::grids(
                puzzle_text(&g, index, seed, fmt, with_solution),
                &g.puzzle,
                fmt,
                None,
            ),
            Err(e) => Output {
                text: format!("error: puzzle {}: {e}", index + 1),
                ok: false,
                board: None,
            },
        }
    })
}
