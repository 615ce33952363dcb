//! `sudokit rate`: grade many puzzles, one line each, in input order.

use anyhow::Result;
use serde_json::json;
use sudokit::logic::{self, Candidates};
use sudokit::solve::{self, Uniqueness};

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per puzzle.
    #[arg(long)]
    pub json: bool,
    /// Append the time spent on each puzzle, in milliseconds (for benchmarks).
    #[arg(long)]
    pub timing: bool,
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (json, timing) = (args.json, args.timing);
    batch::run(args.input.items()?, args.threads, move |item| {
        let start = std::time::Instant::now();
        let mut out = rate_one(&item, json);
        if timing {
            let ms = start.elapsed().as_secs_f64() * 1e3;
            out.text = format!("{}\t{ms:.2} ms", out.text);
        }
        out
    })
}

/// `Hard<TAB>1234<TAB>X-Wing`: level, score, hardest technique. Errors follow
/// `sudokit solve`: an `error:` line naming the file, puzzle and line (in JSON,
/// `{"puzzle": N, "error": ...}`).
fn rate_one(item: &Item, json: bool) -> Output {
    let rec = &item.record;
    let fail = |msg: String| {
        let text = if json {
            json!({"puzzle": rec.number, "error": msg}).to_string()
        } else {
            format!("error: {}{msg}", item.prefix())
        };
        Output { text, ok: false }
    };
    let grid = match &rec.result {
        Ok(g) => g,
        Err(e) => return fail(e.to_string()),
    };
    let at = format!("puzzle {}, line {}", rec.number, rec.line);
    match solve::uniqueness(grid) {
        Err(c) => return fail(rec.contradiction_error(c).to_string()),
        Ok(Uniqueness::None) => return fail(format!("{at}: no solution")),
        Ok(Uniqueness::Multiple(..)) => {
            return fail(format!(
                "{at}: more than one solution (grading needs a unique one)"
            ))
        }
        Ok(Uniqueness::Unique(_)) => {}
    }
    let mut c = match Candidates::from_grid(grid) {
        Ok(c) => c,
        Err(e) => return fail(format!("{at}: {e}")),
    };
    c.set_unique(true);
    let path = logic::solve_from(c);
    let g = logic::grade(&path);
    let hardest = g.hardest.map_or("none", |t| t.name());
    let text = if json {
        json!({
            "puzzle": rec.number,
            "level": g.level.name(),
            "score": g.score,
            "hardest": hardest,
            "steps": path.steps.len(),
            "without_guessing": g.without_guessing,
        })
        .to_string()
    } else {
        format!("{}\t{}\t{}", g.level.name(), g.score, hardest)
    };
    Output {
        text,
        ok: path.solved,
    }
}
