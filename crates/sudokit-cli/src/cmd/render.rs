//! `sudokit render`: SVG pictures of puzzles.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use sudokit::render::pdf::{self, BookletOptions, Entry, Paper};
use sudokit::render::svg::{self, SvgOptions};
use sudokit::solve;
use sudokit::Grid;

use crate::batch::Tally;
use crate::input::{InputArgs, Item};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write `puzzle-0001.svg`, `puzzle-0002.svg`, … into this directory;
    /// without it, the input must hold one puzzle and its SVG goes to stdout.
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
    /// Fill the empty cells with the solution (in a lighter colour).
    #[arg(long)]
    pub solution: bool,
    /// Show each empty cell's candidates (digits not yet given in its units).
    #[arg(long)]
    pub candidates: bool,
    /// Caption above each grid (the puzzle's name when it has one).
    #[arg(long)]
    pub title: Option<String>,
    /// Side of a cell in SVG units.
    #[arg(long, default_value_t = 40.0)]
    pub cell_size: f64,
    /// Write a printable PDF booklet of all the puzzles to this file instead
    /// of SVGs (with --solution, the solutions go at the back).
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
    /// Booklet: puzzles per page (1, 2, 4 or 6).
    #[arg(long, default_value_t = 4)]
    pub per_page: usize,
    /// Booklet: paper size, a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: Paper,
}

pub fn run(args: &Args) -> Result<Tally> {
    if let Some(path) = &args.pdf {
        return run_booklet(args, path);
    }
    let items: Vec<_> = args.input.items()?.collect();
    if args.out_dir.is_none() && items.len() != 1 {
        bail!(
            "the input holds {} puzzles: give --out-dir to write one SVG file each",
            items.len()
        );
    }
    if let Some(dir) = &args.out_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut tally = Tally::default();
    for item in &items {
        tally.total += 1;
        let rec = &item.record;
        let (grid, solution) = match drawable(item, args.solution) {
            Ok(x) => x,
            Err(msg) => {
                tally.failed += 1;
                println!("{msg}");
                continue;
            }
        };
        let grid = &grid;
        let candidates = args
            .candidates
            .then(|| sudokit::render::given_candidates(grid));
        let title = args.title.as_deref().or(rec.name());
        // The constraints come along so that cages, thermos and dots are drawn.
        let constraints = rec
            .result
            .as_ref()
            .map(|p| p.constraints().to_vec())
            .unwrap_or_default();
        let puzzle = sudokit::Puzzle::new(grid.clone()).with_constraints(constraints);
        let doc = svg::render_puzzle(
            &puzzle,
            &SvgOptions {
                cell_size: args.cell_size,
                solution: solution.as_ref(),
                candidates: candidates.as_deref(),
                title,
            },
        );
        match &args.out_dir {
            Some(dir) => {
                let path = dir.join(format!("puzzle-{:04}.svg", rec.number));
                std::fs::write(&path, doc)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                println!("{}", path.display());
            }
            None => print!("{doc}"),
        }
    }
    Ok(tally)
}

/// The puzzle of `item`, checked, with its solution when asked for; or the
/// error line to print in its place.
fn drawable(item: &Item, want_solution: bool) -> Result<(Grid, Option<Grid>), String> {
    let rec = &item.record;
    let grid = rec
        .checked()
        .map_err(|e| format!("error: {}{e}", item.prefix()))?
        .grid()
        .clone();
    if !want_solution {
        return Ok((grid, None));
    }
    match solve::solve(&grid) {
        Ok(Some(s)) => Ok((grid, Some(s))),
        _ => Err(format!(
            "error: {}puzzle {}, line {}: no solution to draw",
            item.prefix(),
            rec.number,
            rec.line
        )),
    }
}

/// All puzzles into one PDF; bad puzzles are reported and left out.
fn run_booklet(args: &Args, path: &PathBuf) -> Result<Tally> {
    let mut tally = Tally::default();
    let mut kept: Vec<(Grid, Option<Grid>, String)> = Vec::new();
    for item in args.input.items()? {
        tally.total += 1;
        let rec = &item.record;
        let (grid, solution) = match drawable(&item, args.solution) {
            Ok(x) => x,
            Err(msg) => {
                tally.failed += 1;
                println!("{msg}");
                continue;
            }
        };
        let caption = match rec.name() {
            Some(name) => format!("{} - {name}", kept.len() + 1),
            None => format!("{}", kept.len() + 1),
        };
        kept.push((grid, solution, caption));
    }
    let entries: Vec<Entry> = kept
        .iter()
        .map(|(p, s, c)| Entry {
            puzzle: p,
            solution: s.as_ref(),
            caption: c.clone(),
            // The grader's verdict for 9×9 boards, the size its levels are
            // calibrated for (larger boards would also take long to grade).
            difficulty: (p.geometry().n() == 9 && p.cells().len() == 81)
                .then(|| pdf::difficulty_label(p))
                .flatten(),
        })
        .collect();
    let opts = BookletOptions {
        paper: args.paper,
        per_page: args.per_page,
        title: args.title.clone(),
    };
    let bytes = pdf::booklet(&entries, &opts)?;
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    eprintln!("{}: {} puzzles", path.display(), entries.len());
    Ok(tally)
}
