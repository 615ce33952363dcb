//! `sudokit count`: number of solutions, up to a limit or all of them, or
//! exactly with the counter of `sudokit::count` (`--exact`: digit
//! relabelling, threads, `--timeout` with a proven lower bound, `--shard`),
//! or an estimate (`--estimate`, never mixed with counts).

use std::sync::atomic::Ordering;

use anyhow::Result;
use serde_json::json;
use sudokit::count::{self, Count, Options, Partial, Shard};
use sudokit::limits::Limits;
use sudokit::view::CountView;
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
    /// digit-relabelling symmetry, parallel within each puzzle). Progress
    /// (parts done, rate, time left) shows on stderr: live on a terminal,
    /// else a line every --progress-every seconds. Ctrl-C stops the count
    /// with a summary (parts done, lower bound so far) and exit status 130.
    #[arg(long, conflicts_with = "all")]
    pub exact: bool,
    /// Estimate the number of completions instead of counting them (Knuth's
    /// random probes of the search tree): `~N ± E (estimate, ...)`, never an
    /// exact count; for the order of magnitude of counts too large to finish.
    #[arg(long, conflicts_with_all = ["exact", "all", "print", "shard"])]
    pub estimate: bool,
    /// With --estimate: random probes per puzzle (more: a smaller error bar).
    #[arg(long, default_value_t = 20_000, requires = "estimate")]
    pub probes: u64,
    /// With --estimate: the seed of the probes (the same seed, the same estimate).
    #[arg(long, default_value_t = 1, requires = "estimate")]
    pub seed: u64,
    /// With --exact, when stderr is not a terminal: seconds between progress
    /// lines (0: none).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub progress_every: f64,
    /// Give up on each puzzle after this many seconds: an error line (exit
    /// status 1); with --exact, a proven lower bound instead (exit status 3
    /// when every other puzzle succeeded).
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
    /// The same as `-o json`.
    #[arg(long, conflicts_with = "output")]
    pub json: bool,
    /// Worker threads (0 = one per core); with --exact, threads per puzzle.
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: &Args) -> Result<Tally> {
    if args.exact {
        return run_exact(args);
    }
    if args.estimate {
        let (probes, seed, fmt) = (args.probes.max(1), args.seed, args.output);
        return batch::run(args.input.items()?, args.threads, move |item| {
            estimate_one(&item, probes, seed, fmt)
        });
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
    let view = CountView::from(c);
    if fmt == OutputFormat::Json {
        item.json_ok(serde_json::to_value(&view).unwrap_or_default())
    } else if c.is_exact() {
        format!("{value} {}", view.status)
    } else if at_limit {
        format!("{value}+ (stopped at the limit)")
    } else {
        format!("{value}+ (stopped at the time limit; a proven lower bound)")
    }
}

/// `--exact`: puzzles one after another, each counted on all threads.
fn run_exact(args: &Args) -> Result<Tally> {
    let mut tally = Tally::default();
    // Ctrl-C cancels the count under way (a second one ends the process).
    let interrupted = crate::batch::interrupt_flag();
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
        let bar = crate::progress::CountProgress::start(
            &format!("count, puzzle {}", rec.number),
            args.progress_every,
        );
        let update = |p| bar.update(p);
        let limits = Limits::from_secs(args.timeout).map_err(anyhow::Error::msg)?;
        let opts = Options {
            limits: limits.with_cancel(interrupted.clone()),
            threads: args.threads,
            shard: args.shard.unwrap_or_default(),
            progress: Some(&update),
        };
        let result = match count::completions(grid, &opts) {
            Ok(c) => c,
            // The givens were checked above; a contradiction found here means none.
            Err(_) => Count::Exact(0u32.into()),
        };
        let progress = bar.summary();
        bar.finish();
        if interrupted.load(Ordering::Relaxed) && !result.is_exact() {
            // The count was cut short: its bound goes to the summary, not to
            // the output, which stays a complete prefix of answers.
            eprintln!(
                "sudokit: interrupted: puzzle {} stopped at {progress}; at least {} solutions \
                 so far (a proven lower bound, not the count); {} puzzle(s) before it were \
                 answered, their output is complete",
                rec.number,
                result.value(),
                tally.total - 1,
            );
            return Err(batch::Interrupted.into());
        }
        if !result.is_exact() {
            tally.bounds += 1;
        }
        println!("{}", exact_text(args, &item, grid, &result));
        if interrupted.load(Ordering::Relaxed) {
            eprintln!(
                "sudokit: interrupted: the first {} puzzles were answered, their output is \
                 complete; the rest were not read",
                tally.total
            );
            return Err(batch::Interrupted.into());
        }
    }
    anyhow::ensure!(
        tally.total > 0,
        "no puzzles found in the input (it is empty, or holds only blank lines, comments or notes)"
    );
    Ok(tally)
}

/// `--estimate`: `~N ± E (estimate, K random probes; not a count)`; in JSON
/// `estimate`, `std_error`, `probes` and `status: "estimate"`, with no
/// `count` field, so that nobody reads it as one.
fn estimate_one(item: &Item, probes: u64, seed: u64, fmt: OutputFormat) -> Output {
    let json = fmt == OutputFormat::Json;
    let puzzle = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    match count::estimate(puzzle.grid(), probes, seed) {
        Err(c) => item.fail(json, "contradiction", item.record.contradiction_error(c)),
        Ok(e) if json => Output::ok(item.json_ok(json!({
            "estimate": e.mean(),
            "std_error": e.std_error(),
            "probes": e.probes,
            "status": "estimate",
        }))),
        Ok(e) => Output::ok(format!(
            "~{:.3e} ± {:.1e} (estimate: ±{:.1} %, one standard error over {} random probes; not a count)",
            e.mean(),
            e.std_error(),
            e.relative_error() * 100.0,
            e.probes
        )),
    }
}

fn exact_text(args: &Args, item: &Item, grid: &sudokit::Grid, result: &Count) -> String {
    if let Some(shard) = args.shard {
        return Partial::new(&count::completions_problem(grid), shard, result).to_json();
    }
    count_text(item, args.output, result, 0)
}
