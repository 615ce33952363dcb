//! `sudokit count`: number of solutions, up to a limit or all of them.

use anyhow::Result;
use serde_json::json;
use sudokit::solve;

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item};
use crate::output::{grid_text, OutputFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 2, conflicts_with = "all")]
    pub limit: u64,
    /// Enumerate and count every solution.
    #[arg(long)]
    pub all: bool,
    /// Print each solution found (one per line) before the count.
    #[arg(long)]
    pub print: bool,
    /// Format for printed solutions; `json` also makes the count a JSON object.
    #[arg(long, short, value_enum, default_value_t)]
    pub output: OutputFormat,
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: &Args) -> Result<Tally> {
    let limit = if args.all { 0 } else { args.limit };
    let (print, fmt) = (args.print, args.output);
    batch::run(args.input.items()?, args.threads, move |item| {
        count_one(&item, limit, print, fmt)
    })
}

fn count_one(item: &Item, limit: u64, print: bool, fmt: OutputFormat) -> Output {
    let rec = &item.record;
    let grid = match rec.checked() {
        Ok(g) => g,
        Err(e) => {
            let text = if fmt == OutputFormat::Json {
                json!({"puzzle": rec.number, "error": e.to_string()}).to_string()
            } else {
                format!("error: {}{e}", item.prefix())
            };
            return Output { text, ok: false };
        }
    };
    let mut text = String::new();
    let mut sols = solve::unchecked_solutions(grid);
    let mut k = 0u64;
    while limit == 0 || k < limit {
        if print {
            let Some(s) = sols.next() else { break };
            text.push_str(&grid_text(&s, fmt));
            text.push('\n');
        } else if !sols.skip_one() {
            break;
        }
        k += 1;
    }
    let capped = limit != 0 && k == limit;
    let status = match (k, capped) {
        (0, _) => "none",
        (1, false) => "unique",
        (_, true) => "at least",
        _ => "exact",
    };
    if fmt == OutputFormat::Json {
        let v = json!({"puzzle": rec.number, "count": k, "complete": !capped, "status": status});
        text.push_str(&v.to_string());
    } else if capped {
        text.push_str(&format!("{k}+ (stopped at the limit)"));
    } else {
        text.push_str(&format!("{k} {status}"));
    }
    // A count is a successful answer whatever its value.
    Output { text, ok: true }
}
