//! `sudokit show`: print puzzles in another format (pretty grid by default).

use anyhow::Result;
use sudokit::logic::Candidates;

use crate::batch::{self, Output, Tally};
use crate::input::InputArgs;
use crate::output::{grid_text, OutputFormat};
use sudokit::format::GridJson;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format: line, pretty, rc or json.
    #[arg(long, short, value_parser = crate::output::parse_format, default_value = "pretty")]
    pub output: OutputFormat,
    /// The same as `-o json`.
    #[arg(long, conflicts_with = "output")]
    pub json: bool,
    /// Print each empty cell's candidates (a candidate grid) instead.
    #[arg(long)]
    pub candidates: bool,
    /// Write each puzzle, with its constraints, for another tool instead:
    /// f-puzzles JSON on one line, or an f-puzzles share link (which
    /// SudokuPad opens too). A rule the format cannot hold is an error line.
    #[arg(long, value_enum, conflicts_with = "candidates")]
    pub to: Option<Foreign>,
}

/// The other tools' formats `show --to` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foreign {
    /// f-puzzles JSON.
    Fpuzzles,
    /// An f-puzzles share link (`https://www.f-puzzles.com/?load=…`).
    FpuzzlesLink,
}

pub fn run(args: &Args) -> Result<Tally> {
    let fmt = args.output;
    let candidates = args.candidates;
    let to = args.to;
    batch::run(args.input.items()?, 1, move |item| {
        match &item.record.result {
            Ok(p) if to.is_some() => {
                let written = match to {
                    Some(Foreign::FpuzzlesLink) => sudokit::format::to_fpuzzles_link(p),
                    _ => sudokit::format::to_fpuzzles(p),
                };
                match written {
                    Ok(text) => Output::ok(text),
                    Err(e) => Output {
                        text: format!("error: {}{e}", item.error_prefix()),
                        ok: false,
                        board: None,
                    },
                }
            }
            Ok(p) if candidates => match Candidates::from_grid(p.grid()) {
                Ok(c) => Output::ok(c.to_grid_text()),
                Err(e) => Output {
                    text: format!("error: {}{e}", item.error_prefix()),
                    ok: false,
                    board: None,
                },
            },
            Ok(p) if fmt == OutputFormat::Json => {
                Output::ok(item.json_ok(serde_json::json!({ "grid": GridJson::of_puzzle(p) })))
            }
            Ok(p) => {
                Output::grids(grid_text(p.grid(), fmt), p.grid(), fmt, p.name()).with_constraints(p)
            }
            Err(e) => Output {
                text: format!("error: {}{e}", item.error_prefix()),
                ok: false,
                board: None,
            },
        }
    })
}
