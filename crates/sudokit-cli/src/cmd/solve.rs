//! `sudokit solve`: solve every puzzle of the input.

use anyhow::Result;
use serde_json::json;
use sudokit::format::GridJson;

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item};
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
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
    /// Give up on a puzzle after this many seconds (reported as an error).
    #[arg(long, value_name = "SECS", value_parser = crate::input::parse_timeout)]
    pub timeout: Option<f64>,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (fmt, unique) = (args.output, args.unique);
    // Each puzzle is one task of the batch: the search itself stays on one thread.
    let opts = crate::input::options(args.timeout, 1);
    let threads = crate::input::threads(args.threads);
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
