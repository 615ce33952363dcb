//! `sudokit canon`: the canonical (minlex) form of 9×9 puzzles, one line each,
//! so that `sudokit canon FILE | sort -u` removes disguised duplicates.

use anyhow::Result;

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
        let p = match item.puzzle(false) {
            Ok(p) => p,
            Err(out) => return out,
        };
        match p.canonical() {
            Ok(line) => Output::ok(line),
            Err(e) => item.fail_with(false, e),
        }
    })
}
