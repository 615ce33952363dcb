//! `sudokit solve`: solve every puzzle of the input.

use anyhow::Result;
use serde_json::json;
use sudokit::format::{GridJson, Pencilmarks};
use sudokit::solve::{self, Uniqueness};

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item, Line};
use crate::output::{grid_text, OutputFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format for solutions.
    #[arg(long, short, value_enum, default_value_t)]
    pub output: OutputFormat,
    /// Also prove the solution unique; a puzzle with several solutions fails.
    #[arg(long)]
    pub unique: bool,
    /// Read 9×9 pencilmark (Sukaku) lines: 729 characters, nine per cell,
    /// the k-th the digit k or `.`/`0`/`-` when it is not a candidate.
    #[arg(long)]
    pub pencilmarks: bool,
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
    /// Give up on a puzzle after this many seconds (reported as an error).
    #[arg(long, value_name = "SECS", value_parser = crate::input::parse_timeout)]
    pub timeout: Option<f64>,
}

pub fn run(args: &Args) -> Result<Tally> {
    let fmt = args.output;
    let unique = args.unique;
    let timeout = args.timeout;
    if args.pencilmarks {
        return batch::run(args.input.lines()?, args.threads, move |line| {
            solve_pencilmarks(&line, fmt, unique)
        });
    }
    batch::run(args.input.items()?, args.threads, move |item| {
        solve_one(&item, fmt, unique, timeout)
    })
}

fn solve_one(item: &Item, fmt: OutputFormat, unique: bool, timeout: Option<f64>) -> Output {
    let rec = &item.record;
    let fail = |msg: String| {
        let text = if fmt == OutputFormat::Json {
            json!({"puzzle": rec.number, "error": msg}).to_string()
        } else {
            format!("error: {}{msg}", item.prefix())
        };
        Output { text, ok: false }
    };
    // Contradictions are explained by the solver when it finds nothing.
    let grid = match &rec.result {
        Ok(g) => g,
        Err(e) => return fail(e.to_string()),
    };
    let where_ = || format!("puzzle {}, line {}", rec.number, rec.line);
    let found = match timeout {
        None if unique => solve::uniqueness(grid),
        None => solve::solve(grid).map(|s| s.map_or(Uniqueness::None, Uniqueness::Unique)),
        Some(secs) => match solve::uniqueness_within(grid, unique, crate::input::limits(secs)) {
            Ok(Some(u)) => Ok(u),
            Ok(None) => return fail(format!("{}: timed out after {secs} s", where_())),
            Err(c) => Err(c),
        },
    };
    match found {
        Err(c) => fail(rec.contradiction_error(c).to_string()),
        Ok(Uniqueness::None) => fail(format!("{}: no solution", where_())),
        Ok(Uniqueness::Multiple(a, b)) => {
            let diff = a
                .cells()
                .iter()
                .zip(b.cells())
                .position(|(x, y)| x != y)
                .map(|c| a.geometry().cell_name(c))
                .unwrap_or_default();
            fail(format!(
                "{}: more than one solution (two differ at {diff})",
                where_()
            ))
        }
        Ok(Uniqueness::Unique(s)) => {
            let text = if fmt == OutputFormat::Json {
                let mut v = json!({
                    "puzzle": rec.number,
                    "solution": GridJson::new(&s),
                });
                if unique {
                    v["unique"] = json!(true);
                }
                if let Some(name) = &rec.name {
                    v["name"] = json!(name);
                }
                v.to_string()
            } else {
                grid_text(&s, fmt)
            };
            Output { text, ok: true }
        }
    }
}

/// One pencilmark line: parse, solve (and prove unique with `--unique`).
fn solve_pencilmarks(line: &Line, fmt: OutputFormat, unique: bool) -> Output {
    let where_ = if line.source.is_empty() {
        format!("line {}", line.number)
    } else {
        format!("{}: line {}", line.source, line.number)
    };
    let fail = |msg: String| {
        let text = if fmt == OutputFormat::Json {
            json!({"line": line.number, "error": msg}).to_string()
        } else {
            format!("error: {where_}: {msg}")
        };
        Output { text, ok: false }
    };
    let text = match &line.text {
        Ok(t) => t,
        Err(e) => return fail(e.clone()),
    };
    let pm = match Pencilmarks::parse(text) {
        Ok(pm) => pm,
        Err(e) => return fail(e.to_string()),
    };
    let mut found = solve::pencilmark_solutions(&pm);
    let Some(s) = found.next() else {
        return fail("no solution".into());
    };
    if unique && found.next().is_some() {
        return fail("more than one solution".into());
    }
    let text = if fmt == OutputFormat::Json {
        let mut v = json!({"line": line.number, "solution": GridJson::new(&s)});
        if unique {
            v["unique"] = json!(true);
        }
        v.to_string()
    } else {
        grid_text(&s, fmt)
    };
    Output { text, ok: true }
}
