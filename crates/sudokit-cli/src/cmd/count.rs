//! `sudokit count`: number of solutions, up to a limit or all of them, or
//! exactly with the counter of `sudokit::count` (`--exact`: digit
//! relabelling, threads, `--timeout` with a proven lower bound, `--shard`).

use anyhow::Result;
use serde_json::json;
use sudokit::count::{self, Count, Options, Partial, Shard};
use sudokit::solve;

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
    /// Format for printed solutions; `json` also makes the count a JSON object.
    #[arg(long, short, value_enum, default_value_t)]
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
    let limits = timeout.map_or_else(solve::Limits::none, crate::input::limits);
    let mut sols = solve::unchecked_solutions_within(grid, limits);
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
    if let (true, Some(secs)) = (sols.interrupted(), timeout) {
        let msg = format!(
            "puzzle {}, line {}: timed out after {secs} s ({k} solutions found so far)",
            rec.number, rec.line
        );
        if fmt == OutputFormat::Json {
            text.push_str(&json!({"puzzle": rec.number, "error": msg, "count": k}).to_string());
        } else {
            text.push_str(&format!("error: {}{msg}", item.prefix()));
        }
        return Output { text, ok: false };
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

/// `--exact`: puzzles one after another, each counted on all threads.
fn run_exact(args: &Args) -> Result<Tally> {
    let mut tally = Tally::default();
    let bar = crate::progress::count_bar("count");
    let update = |p| crate::progress::update(&bar, p);
    for item in args.input.items()? {
        tally.total += 1;
        let rec = &item.record;
        let grid = match rec.checked() {
            Ok(g) => g,
            Err(e) => {
                tally.failed += 1;
                if args.output == OutputFormat::Json {
                    println!("{}", json!({"puzzle": rec.number, "error": e.to_string()}));
                } else {
                    println!("error: {}{e}", item.prefix());
                }
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
        println!("{}", exact_text(args, grid, rec.number, &result));
    }
    Ok(tally)
}

fn exact_text(args: &Args, grid: &sudokit::Grid, number: usize, result: &Count) -> String {
    if let Some(shard) = args.shard {
        let problem = format!(
            "completions {} {}",
            count::describe_geometry(grid.geometry()),
            grid.to_line()
        );
        return Partial::new(&problem, shard, result).to_json();
    }
    let value = result.value();
    let status = match (result.is_exact(), u64::try_from(value)) {
        (false, _) => "at least",
        (true, Ok(0)) => "none",
        (true, Ok(1)) => "unique",
        _ => "exact",
    };
    if args.output == OutputFormat::Json {
        // Counts beyond u64 are written as decimal strings.
        let count = match u64::try_from(value) {
            Ok(v) => json!(v),
            Err(_) => json!(value.to_string()),
        };
        json!({"puzzle": number, "count": count, "complete": result.is_exact(), "status": status})
            .to_string()
    } else if result.is_exact() {
        format!("{value} {status}")
    } else {
        format!("{value}+ (stopped at the time limit; a proven lower bound)")
    }
}
