//! `sudokit check`: is each puzzle valid, and does it have exactly one solution?

use anyhow::Result;
use sudokit::solve::{self, Uniqueness};

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: &Args) -> Result<Tally> {
    batch::run(args.input.items()?, args.threads, |item| check_one(&item))
}

fn check_one(item: &Item) -> Output {
    let rec = &item.record;
    let (text, ok) = match &rec.result {
        Err(e) => (format!("invalid: {}{e}", item.prefix()), false),
        Ok(grid) => {
            let at = format!("{}puzzle {}, line {}", item.prefix(), rec.number, rec.line);
            match solve::uniqueness(grid) {
                Err(c) => (
                    format!("invalid: {}{}", item.prefix(), rec.contradiction_error(c)),
                    false,
                ),
                Ok(Uniqueness::None) => (format!("no solution: {at}"), false),
                Ok(Uniqueness::Multiple(..)) => {
                    (format!("not unique: {at}: more than one solution"), false)
                }
                Ok(Uniqueness::Unique(_)) => (
                    format!("ok: {at}: unique solution, {} givens", grid.givens()),
                    true,
                ),
            }
        }
    };
    Output { text, ok }
}
