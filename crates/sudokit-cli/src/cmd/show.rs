//! `sudokit show`: print puzzles in another format (pretty grid by default).

use anyhow::Result;

use crate::batch::{self, Output, Tally};
use crate::input::InputArgs;
use crate::output::{grid_text, OutputFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = OutputFormat::Pretty)]
    pub output: OutputFormat,
}

pub fn run(args: &Args) -> Result<Tally> {
    let fmt = args.output;
    batch::run(args.input.items()?, 1, move |item| {
        match &item.record.result {
            Ok(g) => Output {
                text: grid_text(g, fmt),
                ok: true,
            },
            Err(e) => Output {
                text: format!("error: {}{e}", item.prefix()),
                ok: false,
            },
        }
    })
}
