//! `sudokit check`: is each puzzle valid, and does it have exactly one solution?

use anyhow::Result;
use sudokit::view::VerdictView;
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
    item.warn_ignored();
    let givens = p.grid().givens();
    let checked = p.check(opts);
    if json {
        return match VerdictView::new(p, checked) {
            Ok(v) => Output {
                ok: v.unique,
                text: item.json_ok(serde_json::to_value(v).unwrap_or_default()),
                board: None,
            },
            Err(e) => item.fail_with(true, e),
        };
    }
    let (text, ok) = match checked {
        Ok(Verdict::Unique(_)) => (format!("ok: {at}: unique solution, {givens} givens"), true),
        Ok(Verdict::Multiple(a, b)) => {
            let e = Error::not_unique(a, b);
            (format!("not unique: {at}: {e}"), false)
        }
        Err(Error::NoSolution) => (format!("no solution: {at}"), false),
        Err(e) => {
            let word = if matches!(e, Error::Contradiction(_) | Error::BrokenCandidates(_)) {
                "invalid"
            } else {
                "error"
            };
            let msg = format!("{word}: {}{}", item.error_prefix(), rec.locate(e));
            return Output::failed(msg);
        }
    };
    Output {
        text,
        ok,
        board: None,
    }
}
