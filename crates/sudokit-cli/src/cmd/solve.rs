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
    /// The same as `-o json`.
    #[arg(long, conflicts_with = "output")]
    pub json: bool,
    /// Also prove the solution unique; a puzzle with several solutions fails.
    #[arg(long)]
    pub unique: bool,
    /// Print a solution even when the puzzle was read only in part
    /// (drawings or a rules text not read as rules) and has several
    /// solutions under the rules read: by default such a puzzle is
    /// answered only when its solution is unique.
    #[arg(long)]
    pub any_solution: bool,
    /// Search engine: auto, backtrack or learning.
    #[arg(long, value_enum, default_value_t)]
    pub engine: EngineArg,
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (fmt, unique, any) = (args.output, args.unique, args.any_solution);
    // Each puzzle is one task of the batch: the search itself stays on one thread.
    let opts = args.batch.options().with_engine(args.engine.into());
    let threads = args.batch.threads();
    batch::run(args.input.items()?, threads, move |item| {
        solve_one(&item, fmt, unique, any, &opts)
    })
}

fn solve_one(
    item: &Item,
    fmt: OutputFormat,
    unique: bool,
    any: bool,
    opts: &sudokit::Options,
) -> Output {
    let json = fmt == OutputFormat::Json;
    let puzzle = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    item.warn_ignored();
    // A puzzle read in part is answered only when the rules read settle
    // it: a solution among several may break the rules not read.
    let partial = !puzzle.ignored().is_empty() && !any;
    let found = if unique || partial {
        puzzle.unique_solution(opts)
    } else {
        puzzle.solve(opts)
    };
    match found {
        Err(e @ sudokit::Error::NotUnique { .. }) if partial && !unique => {
            let msg = format!(
                "not answered: {}: the puzzle has parts sudokit did not read as rules, and the \
                 rules read leave more than one solution, so none is the answer \
                 (--any-solution prints one anyway)",
                item.record.locate(e)
            );
            item.fail(json, "partly-read", msg)
        }
        Err(e) => item.fail_with(json, e),
        Ok(s) => {
            let text = if json {
                let mut v = json!({ "solution": GridJson::new(&s) });
                if unique || partial {
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
