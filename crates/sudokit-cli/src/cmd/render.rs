//! `sudokit render`: SVG pictures of puzzles.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use sudokit::render::pdf::{self, BookletOptions, Entry, Paper};
use sudokit::Picture;

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
    /// Give up on a puzzle's solution or difficulty after this many seconds
    /// (reported as an error for that puzzle).
    #[arg(long, value_name = "SECS", value_parser = crate::input::parse_timeout)]
    pub timeout: Option<f64>,
}

pub fn run(args: &Args) -> Result<Tally> {
    if let Some(path) = &args.pdf {
        return run_booklet(args, path);
    }
    let mut items = args.input.items()?;
    let items: Box<dyn Iterator<Item = Item>> = match &args.out_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            // Streamed: one puzzle in memory at a time.
            Box::new(items)
        }
        None => {
            // Only the first two are read: one SVG, or the advice.
            let first: Vec<Item> = items.by_ref().take(2).collect();
            if first.len() != 1 {
                let held = if first.is_empty() { "no" } else { "several" };
                bail!("the input holds {held} puzzles: give --out-dir to write one SVG file each");
            }
            Box::new(first.into_iter())
        }
    };
    let opts = crate::input::options(args.timeout, 1);
    let mut tally = Tally::default();
    for item in items {
        let item = &item;
        tally.total += 1;
        let pic = Picture {
            cell_size: args.cell_size,
            solution: args.solution,
            candidates: args.candidates,
            title: args.title.clone(),
        };
        let doc = match checked(item).and_then(|p| {
            p.to_svg(&pic, &opts)
                .map_err(|e| error_line(item, item.record.locate(e)))
        }) {
            Ok(doc) => doc,
            Err(msg) => {
                tally.failed += 1;
                println!("{msg}");
                continue;
            }
        };
        match &args.out_dir {
            Some(dir) => {
                let path = dir.join(format!("puzzle-{:04}.svg", item.record.number));
                std::fs::write(&path, doc)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                println!("{}", path.display());
            }
            None => print!("{doc}"),
        }
    }
    Ok(tally)
}

/// The puzzle of `item` with consistent givens, or the error line to print
/// in its place.
fn checked(item: &Item) -> Result<&sudokit::Puzzle, String> {
    item.record.checked().map_err(|e| error_line(item, e))
}

fn error_line(item: &Item, e: impl std::fmt::Display) -> String {
    format!("error: {}{e}", item.error_prefix())
}

/// All puzzles into one PDF; bad puzzles are reported and left out.
fn run_booklet(args: &Args, path: &PathBuf) -> Result<Tally> {
    let opts = crate::input::options(args.timeout, 1);
    let mut tally = Tally::default();
    let mut entries: Vec<Entry> = Vec::new();
    for item in args.input.items()? {
        tally.total += 1;
        let caption = match item.record.name() {
            Some(name) => format!("{} - {name}", entries.len() + 1),
            None => format!("{}", entries.len() + 1),
        };
        let entry = checked(&item).and_then(|p| {
            p.print_entry(caption, args.solution, &opts)
                .map_err(|e| error_line(&item, item.record.locate(e)))
        });
        match entry {
            Ok(e) => entries.push(e),
            Err(msg) => {
                tally.failed += 1;
                println!("{msg}");
            }
        }
    }
    let layout = BookletOptions {
        paper: args.paper,
        per_page: args.per_page,
        title: args.title.clone(),
    };
    let bytes = pdf::booklet(&entries, &layout)?;
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    eprintln!("{}: {} puzzles", path.display(), entries.len());
    Ok(tally)
}
