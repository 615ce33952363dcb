//! `sudokit`: the command-line face of the sudokit library.
//!
//! Exit status: 0 when every puzzle succeeded; 1 when at least one puzzle
//! failed (bad input, contradiction, no solution, not unique where uniqueness
//! was asked); 2 for usage errors, unreadable files and input without a
//! single puzzle; 3 for `count --exact` stopped by `--timeout` (a proven
//! lower bound, not the count); 130 after Ctrl-C (with a summary of how far
//! the batch got, or how far the `count --exact` under way got: parts done
//! and its lower bound so far).

mod batch;
mod cmd;
mod cpu_clock;
mod input;
mod output;
mod progress;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "sudokit",
    version,
    about = "Sudoku solver, checker and converter for any box shape and variant"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles: one solution (or error) per puzzle, in input order.
    Solve(cmd::solve::Args),
    /// Count solutions: up to a limit, all by enumeration, or exactly (--exact).
    Count(cmd::count::Args),
    /// Count all completed grids of a box shape (optionally a variant or cube).
    Grids(cmd::grids::Args),
    /// Sum the partial results of sharded counts (`--shard`).
    Merge(cmd::merge::Args),
    /// Validate givens and check that each puzzle has exactly one solution.
    Check(cmd::check::Args),
    /// True candidates: per cell, every digit that appears in some solution.
    Candidates(cmd::candidates::Args),
    /// For setters: givens to add for a unique solution, or givens that can go.
    Suggest(cmd::suggest::Args),
    /// Print puzzles as pretty grids or convert between formats.
    Show(cmd::show::Args),
    /// Generate puzzles with a unique solution (any shape, variant, symmetry).
    Generate(cmd::generate::Args),
    /// Canonical (minlex) form of 9×9 puzzles, to find disguised duplicates.
    Canon(cmd::canon::Args),
    /// Draw puzzles as SVG (any shape, variant and cube).
    Render(cmd::render::Args),
    /// Serve the web app and its JSON API (default http://127.0.0.1:8080).
    Serve(cmd::serve::Args),
    /// Explain the human-style solving path of puzzles, step by step.
    Explain(cmd::explain::Args),
    /// The next human-style step only, from a puzzle or a mid-solve state.
    Hint(cmd::hint::Args),
    /// Grade puzzles like HoDoKu: level, score and hardest technique.
    Rate(cmd::rate::Args),
    /// Measure solver speed on puzzle files (single-threaded).
    Bench(cmd::bench::Args),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(cmd::completions::Args),
    /// Print the man page (roff) of every command.
    Man,
}

impl Command {
    /// `--json` is `-o json` for the commands that also print grids.
    fn json_means_output_json(&mut self) {
        let (json, output) = match self {
            Command::Solve(a) => (a.json, &mut a.output),
            Command::Count(a) => (a.json, &mut a.output),
            Command::Show(a) => (a.json, &mut a.output),
            Command::Generate(a) => (a.json, &mut a.output),
            _ => return,
        };
        if json {
            *output = output::OutputFormat::Json;
        }
    }
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    cli.command.json_means_output_json();
    let result = match &cli.command {
        Command::Solve(a) => cmd::solve::run(a),
        Command::Count(a) => cmd::count::run(a),
        Command::Grids(a) => cmd::grids::run(a),
        Command::Merge(a) => cmd::merge::run(a),
        Command::Check(a) => cmd::check::run(a),
        Command::Candidates(a) => cmd::candidates::run(a),
        Command::Suggest(a) => cmd::suggest::run(a),
        Command::Show(a) => cmd::show::run(a),
        Command::Generate(a) => cmd::generate::run(a),
        Command::Canon(a) => cmd::canon::run(a),
        Command::Render(a) => cmd::render::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Explain(a) => cmd::explain::run(a),
        Command::Hint(a) => cmd::hint::run(a),
        Command::Rate(a) => cmd::rate::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Completions(a) => cmd::completions::run(a, Cli::command()),
        Command::Man => cmd::completions::man(Cli::command()),
    };
    match result {
        Ok(tally) => {
            if tally.failed > 0 {
                eprintln!("{} of {} puzzles failed", tally.failed, tally.total);
                ExitCode::from(1)
            } else if tally.bounds > 0 {
                eprintln!(
                    "{} of {} counts stopped at the time limit: lower bounds, not counts",
                    tally.bounds, tally.total
                );
                ExitCode::from(3)
            } else {
                ExitCode::SUCCESS
            }
        }
        // The reader went away (`sudokit solve big.txt | head`): stop
        // quietly, as other Unix filters do.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        // Ctrl-C in a batch: the summary is already on stderr.
        Err(e) if e.downcast_ref::<batch::Interrupted>().is_some() => ExitCode::from(130),
        Err(e) => {
            eprintln!("sudokit: {e:#}");
            ExitCode::from(2)
        }
    }
}
