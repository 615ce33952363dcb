//! `sudokit solve`: solve every puzzle of the input.

use anyhow::Result;
use serde_json::json;
use sudokit::format::GridJson;

use crate::batch::{self, Output, Tally};
use crate::input::{BatchArgs, EngineArg, InputArgs, Item};
use crate::output::{grid_text, OutputFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format for solutions: line, pretty, rc or json.
    #[arg(long, short, value_parser = crate::output::parse_format, default_value = "line")]
    pub output: OutputFormat,
    /// Also prove the solution unique; a puzzle with several solutions fails.
    #[arg(long)]
    pub unique: bool,
    /// Search engine: auto, backtrack or learning.
    #[arg(long, value_enum, default_value_t)]
    pub engine: EngineArg,
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (fmt, unique) = (args.output, args.unique);
    // Each puzzle is one task of the batch: the search itself stays on one thread.
    let opts = args.batch.options().with_engine(args.engine.into());
    let threads = args.batch.threads();
    batch::run(args.input.items()?, threads, move |item| {
        solve_one(&item, fmt, unique, &opts)
    })
}

fn solve_one(item: &Item, fmt: OutputFormat, unique: bool, opts: &sudokit::Options) -> Output {
    let json = fmt == OutputFormat::Json;
    let puzzle = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let found = if unique {
        puzzle.unique_solution(opts)
    } else {
        puzzle.solve(opts)
    };
    match found {
        Err(e) => item.fail_with(json, e),
        Ok(s) => {
            let text = if json {
                let mut v = json!({ "solution": GridJson::new(&s) });
                if unique {
                    v["unique"] = json!(true);
                }
                item.json_ok(v)
            } else {
                grid_text(&s, fmt)
            };
            if json {
                Output::ok(text)
            } else {
                Output::grids(text, &s, fmt, puzzle.name())
            }
        }
    }
}
