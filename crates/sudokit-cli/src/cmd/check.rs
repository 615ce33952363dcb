//! `sudokit check`: is each puzzle valid, and does it have exactly one solution?

use anyhow::Result;
use serde_json::json;
use sudokit::{Error, Verdict};

use crate::batch::{Output, Tally};
use crate::input::{BatchArgs, EngineArg, InputArgs, Item};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per puzzle.
    #[arg(long)]
    pub json: bool,
    /// Search engine: auto, backtrack or learning.
    #[arg(long, value_enum, default_value_t)]
    pub engine: EngineArg,
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (json, engine) = (args.json, args.engine.into());
    args.batch.each_puzzle(&args.input, move |item, opts| {
        check_one(item, json, &opts.clone().with_engine(engine))
    })
}

/// `ok: puzzle 1, line 1: unique solution, 22 givens`, or what is wrong:
/// `invalid:` (unreadable or contradictory), `no solution:`, `not unique:`.
fn check_one(item: &Item, json: bool, opts: &sudokit::Options) -> Output {
    let rec = &item.record;
    let at = format!("{}puzzle {}, line {}", item.prefix(), rec.number, rec.line);
    let p = match item.puzzle_or_invalid(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let givens = p.grid().givens();
    let (verdict, text, ok) = match p.check(opts) {
        Ok(Verdict::Unique(_)) => (
            "unique",
            format!("ok: {at}: unique solution, {givens} givens"),
            true,
        ),
        Ok(Verdict::Multiple(a, b)) => {
            let e = Error::not_unique(a, b);
            ("not-unique", format!("not unique: {at}: {e}"), false)
        }
        Err(Error::NoSolution) => ("no-solution", format!("no solution: {at}"), false),
        Err(e) => {
            if json {
                return item.fail_with(true, e);
            }
            let word = if matches!(e, Error::Contradiction(_) | Error::BrokenCandidates(_)) {
                "invalid"
            } else {
                "error"
            };
            let msg = format!("{word}: {}{}", item.prefix(), rec.locate(e));
            return Output::failed(msg);
        }
    };
    if json {
        let text = item.json_ok(json!({"verdict": verdict, "givens": givens}));
        return Output {
            text,
            ok,
            board: None,
        };
    }
    Output {
        text,
        ok,
        board: None,
    }
}
