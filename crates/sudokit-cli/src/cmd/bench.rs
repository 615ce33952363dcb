//! `sudokit bench`: solver speed on puzzle files, single-threaded.
//!
//! Each set is loaded and parsed first (parsing is not timed), solved once
//! untimed (warm-up: caches, branch predictors, CPU clock), then solved
//! `--runs` times. A run repeats the set until it has lasted `--min-secs`, so
//! a small set (top1465 takes ~10 ms) is not timed over a window shorter than
//! a scheduler tick. The median run gives µs/puzzle and puzzles/s, which are
//! far steadier than the mean on a noisy machine.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use sudokit::solve;
use sudokit::Grid;

use crate::batch::Tally;
use crate::input::InputArgs;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Count up to two solutions (a uniqueness check).
    Unique,
    /// Both, one after the other.
    Both,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Puzzle files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = Mode::Both)]
    pub mode: Mode,
    /// Timed runs per set; the median is reported.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// Shortest timed run in seconds: a run goes over the set as many times as
    /// it takes to last this long.
    #[arg(long, default_value_t = 1.0)]
    pub min_secs: f64,
    /// Use only the first N puzzles of each file.
    #[arg(long)]
    pub take: Option<usize>,
}

struct RunResult {
    secs: f64,
    guesses: u64,
    solved: u64,
    /// How many times the set was solved in this run.
    passes: u64,
}

/// Passes over the set until `min_secs` have gone by; the totals of all passes.
fn timed_run(grids: &[Grid], limit: u64, min_secs: f64) -> RunResult {
    let mut total = time_set(grids, limit);
    while total.secs < min_secs && !grids.is_empty() {
        let pass = time_set(grids, limit);
        total.secs += pass.secs;
        total.guesses += pass.guesses;
        total.solved += pass.solved;
        total.passes += 1;
    }
    total
}

pub fn run(args: &Args) -> Result<Tally> {
    if args.runs == 0 {
        bail!("--runs must be at least 1");
    }
    println!("| set | puzzles | mode | µs/puzzle | puzzles/s | guesses/puzzle | runs |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    let mut tally = Tally::default();
    for path in &args.files {
        let input = InputArgs {
            files: vec![path.clone()],
            format: Default::default(),
            box_shape: None,
            variant: Vec::new(),
            cube: false,
            digits: Default::default(),
        };
        let mut grids: Vec<Grid> = Vec::new();
        for item in input.items()? {
            tally.total += 1;
            let prefix = item.error_prefix();
            match item.record.result {
                Ok(p) => grids.push(p.into_grid()),
                Err(e) => {
                    tally.failed += 1;
                    eprintln!("skipped: {prefix}{e}");
                }
            }
            if args.take.is_some_and(|t| grids.len() >= t) {
                break;
            }
        }
        let name = path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let modes: &[(&str, u64)] = match args.mode {
            Mode::First => &[("first", 1)],
            Mode::Unique => &[("count≤2", 2)],
            Mode::Both => &[("first", 1), ("count≤2", 2)],
        };
        for &(label, limit) in modes {
            time_set(&grids, limit); // warm-up
            let mut runs: Vec<RunResult> = (0..args.runs)
                .map(|_| timed_run(&grids, limit, args.min_secs))
                .collect();
            runs.sort_by(|a, b| a.secs.total_cmp(&b.secs));
            let med = &runs[runs.len() / 2];
            let k = (grids.len() as u64 * med.passes).max(1) as f64;
            if med.solved != grids.len() as u64 * med.passes {
                eprintln!(
                    "warning: {name}: {} of {} puzzles had no solution",
                    grids.len() as u64 - med.solved / med.passes,
                    grids.len()
                );
            }
            println!(
                "| {name} | {} | {label} | {:.2} | {:.0} | {:.2} | {} |",
                grids.len(),
                med.secs * 1e6 / k,
                k / med.secs,
                med.guesses as f64 / k,
                args.runs
            );
        }
    }
    Ok(tally)
}

fn time_set(grids: &[Grid], limit: u64) -> RunResult {
    let start = Instant::now();
    let (mut guesses, mut solved) = (0, 0);
    for g in grids {
        let mut s = solve::unchecked_solutions(g);
        let mut k = 0;
        while k < limit && s.skip_one() {
            k += 1;
        }
        guesses += s.guesses();
        solved += (k > 0) as u64;
    }
    RunResult {
        secs: start.elapsed().as_secs_f64(),
        guesses,
        solved,
        passes: 1,
    }
}
