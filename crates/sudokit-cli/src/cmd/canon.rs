//! `sudokit canon`: the canonical (minlex) form of 9×9 puzzles, one line each,
//! so that `sudokit canon FILE | sort -u` removes disguised duplicates.

use anyhow::Result;
use sudokit::canon;

use crate::batch::{self, Output, Tally};
use crate::input::InputArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: &Args) -> Result<Tally> {
    batch::run(args.input.items()?, args.threads, |item| {
        let rec = &item.record;
        let fail = |msg: String| Output {
            text: format!("error: {}{msg}", item.prefix()),
            ok: false,
            board: None,
        };
        match &rec.result {
            Err(e) => fail(e.to_string()),
            Ok(p) => match canon::minlex(p.grid()) {
                Some(line) => Output::ok(line),
                None => fail(format!(
                    "puzzle {}, line {}: canonical forms are defined for classic 9×9 only",
                    rec.number, rec.line
                )),
            },
        }
    })
}
