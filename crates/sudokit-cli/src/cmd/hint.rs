//! `sudokit hint`: only the next (easiest) step, from a puzzle or from a
//! mid-solve state (a pencilmark line or a printed candidate grid).

use anyhow::Result;
use serde_json::json;
use sudokit::logic;

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Puzzles, 729-character pencilmark lines or printed candidate grids.
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per state: the step and the pencilmarks after it.
    #[arg(long)]
    pub json: bool,
    /// Also print the state after the step as a pencilmark line (9×9 only),
    /// ready to feed back into `sudokit hint`.
    #[arg(long)]
    pub then: bool,
    /// Give up on a puzzle after this many seconds (reported as an error).
    #[arg(long, value_name = "SECS", value_parser = crate::input::parse_timeout)]
    pub timeout: Option<f64>,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (json, then) = (args.json, args.then);
    let opts = crate::input::options(args.timeout, 1);
    batch::run(args.input.items()?, 1, move |item| {
        hint_one(&item, json, then, &opts)
    })
}

fn hint_one(item: &Item, json: bool, then: bool, opts: &sudokit::Options) -> Output {
    let puzzle = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let step = match puzzle.hint(opts) {
        Ok(Some(step)) => step,
        Ok(None) => {
            let rec = &item.record;
            let text = if json {
                item.json_ok(json!({"solved": true}))
            } else {
                format!(
                    "{}puzzle {}, line {}: solved",
                    item.prefix(),
                    rec.number,
                    rec.line
                )
            };
            return Output::ok(text);
        }
        Err(e) => return item.fail_with(json, e),
    };
    let after = puzzle.logic_state(opts).ok().and_then(|mut c| {
        logic::apply(&mut c, &step);
        c.to_pencilmarks()
    });
    let text = if json {
        item.json_ok(json!({ "step": step, "technique": step.technique.name(), "after": after }))
    } else {
        let mut t = format!("{}: {}", step.technique.name(), step.explanation);
        if let (true, Some(a)) = (then, &after) {
            t.push('\n');
            t.push_str(a);
        }
        t
    };
    Output::ok(text)
}
