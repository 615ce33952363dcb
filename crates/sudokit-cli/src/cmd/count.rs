//! `sudokit count`: number of solutions, up to a limit or all of them, or
//! exactly with the counter of `sudokit::count` (`--exact`: digit
//! relabelling, threads, `--timeout` with a proven lower bound, `--shard`).

use anyhow::Result;
use serde_json::json;
use sudokit::count::{self, Count, Options, Partial, Shard};
use sudokit::CountMode;

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item};
use crate::output::{grid_text, OutputFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 2, conflicts_with_all = ["all", "exact"])]
    pub limit: u64,
    /// Enumerate and count every solution.
    #[arg(long)]
    pub all: bool,
    /// Print each solution found (one per line) before the count.
    #[arg(long, conflicts_with = "exact")]
    pub print: bool,
    /// Count every solution with the exact counter (arbitrary precision,
    /// digit-relabelling symmetry, parallel within each puzzle).
    #[arg(long, conflicts_with = "all")]
    pub exact: bool,
    /// Give up on each puzzle after this many seconds: an error line (exit
    /// status 1); with --exact, a proven lower bound instead.
    #[arg(long, value_name = "SECS", value_parser = crate::input::parse_timeout)]
    pub timeout: Option<f64>,
    /// With --exact: count only shard I of N and print a partial result (JSON)
    /// for `sudokit merge`.
    #[arg(long, value_name = "I/N", requires = "exact")]
    pub shard: Option<Shard>,
    /// Format for printed solutions (line, pretty, rc or json); `json` also
    /// makes the count a JSON object.
    #[arg(long, short, value_parser = crate::output::parse_format, default_value = "line")]
    pub output: OutputFormat,
    /// Worker threads (0 = one per core); with --exact, threads per puzzle.
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: &Args) -> Result<Tally> {
    if args.exact {
        return run_exact(args);
    }
    let limit = if args.all { 0 } else { args.limit };
    let (print, fmt, timeout) = (args.print, args.output, args.timeout);
    batch::run(args.input.items()?, args.threads, move |item| {
        count_one(&item, limit, print, fmt, timeout)
    })
}

fn count_one(
    item: &Item,
    limit: u64,
    print: bool,
    fmt: OutputFormat,
    timeout: Option<f64>,
) -> Output {
    let json = fmt == OutputFormat::Json;
    let puzzle = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let opts = crate::input::options(timeout, 1);
    if !print {
        let mode = if limit == 0 {
            CountMode::All
        } else {
            CountMode::UpTo(limit)
        };
        return match puzzle.count(mode, &opts) {
            // A count cut short by the time limit is a lower bound, not an
            // answer: shown, but the puzzle counts as failed.
            Ok(c) => Output {
                ok: c.is_exact() || (limit != 0 && *c.value() == limit.into()),
                text: count_text(item, fmt, &c, limit),
                board: None,
            },
            Err(e) => item.fail_with(json, e),
        };
    }
    let mut sols = match puzzle.solutions(&opts) {
        Ok(s) => s,
        Err(e) => return item.fail_with(json, e),
    };
    let mut text = String::new();
    let mut k = 0u64;
    while limit == 0 || k < limit {
        let Some(s) = sols.next() else { break };
        if k > 0 && fmt == OutputFormat::Pretty {
            text.push('\n');
        }
        text.push_str(&grid_text(&s, fmt));
        text.push('\n');
        k += 1;
    }
    let exact = !sols.interrupted() && (limit == 0 || k < limit);
    let c = if exact {
        Count::Exact(k.into())
    } else {
        Count::AtLeast(k.into())
    };
    text.push_str(&count_text(item, fmt, &c, limit));
    if json {
        return Output::ok(text);
    }
    Output::grids(text, puzzle.grid(), fmt, None)
}

/// `3 exact`, `1 unique`, `0 none`, `2+ (stopped at the limit)` or
/// `N+ (stopped at the time limit; a proven lower bound)`; in JSON the count
/// as a decimal string with `exact` and `status`.
fn count_text(item: &Item, fmt: OutputFormat, c: &Count, limit: u64) -> String {
    let value = c.value();
    let at_limit = !c.is_exact() && limit != 0 && *value == limit.into();
    let status = match (c.is_exact(), u64::try_from(value)) {
        (false, _) => "at least",
        (true, Ok(0)) => "none",
        (true, Ok(1)) => "unique",
        _ => "exact",
    };
    if fmt == OutputFormat::Json {
        item.json_ok(json!({"count": value.to_string(), "exact": c.is_exact(), "status": status}))
    } else if c.is_exact() {
        format!("{value} {status}")
    } else if at_limit {
        format!("{value}+ (stopped at the limit)")
    } else {
        format!("{value}+ (stopped at the time limit; a proven lower bound)")
    }
}

/// `--exact`: puzzles one after another, each counted on all threads.
fn run_exact(args: &Args) -> Result<Tally> {
    let mut tally = Tally::default();
    let bar = crate::progress::count_bar("count");
    let update = |p| crate::progress::update(&bar, p);
    for item in args.input.items()? {
        tally.total += 1;
        let rec = &item.record;
        let grid = match rec.checked() {
            Ok(p) => p.grid(),
            Err(e) => {
                tally.failed += 1;
                println!(
                    "{}",
                    item.fail(args.output == OutputFormat::Json, "parse", e)
                        .text
                );
                continue;
            }
        };
        let opts = Options {
            budget: crate::cmd::grids::budget(args.timeout)?,
            threads: args.threads,
            shard: args.shard.unwrap_or_default(),
            progress: Some(&update),
        };
        bar.reset();
        let result = match count::completions(grid, &opts) {
            Ok(c) => c,
            // The givens were checked above; a contradiction found here means none.
            Err(_) => Count::Exact(0u32.into()),
        };
        bar.finish_and_clear();
        println!("{}", exact_text(args, &item, grid, &result));
    }
    Ok(tally)
}

fn exact_text(args: &Args, item: &Item, grid: &sudokit::Grid, result: &Count) -> String {
    if let Some(shard) = args.shard {
        return Partial::new(&count::completions_problem(grid), shard, result).to_json();
    }
    count_text(item, args.output, result, 0)
}
