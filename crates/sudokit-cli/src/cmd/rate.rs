//! `sudokit rate`: grade many puzzles, one line each, in input order.

use anyhow::Result;
use sudokit::view::RatingView;

use crate::batch::{Output, Tally};
use crate::cpu_clock::thread_cpu_time;
use crate::input::{BatchArgs, InputArgs, Item, TechniqueArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per puzzle.
    #[arg(long)]
    pub json: bool,
    /// Append the time spent on each puzzle in milliseconds (for benchmarks):
    /// wall clock, then the thread's CPU time where the system reports it.
    #[arg(long)]
    pub timing: bool,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (json, timing) = (args.json, args.timing);
    let opts = args.batch.options().with_techniques(&args.techniques.with);
    args.batch
        .each_puzzle_with(&args.input, opts, move |item, opts| {
            let start = std::time::Instant::now();
            let cpu_start = timing.then(thread_cpu_time).flatten();
            let mut out = rate_one(item, json, opts);
            if timing {
                let ms = start.elapsed().as_secs_f64() * 1e3;
                out.text = format!("{}\t{ms:.2} ms", out.text);
                if let (Some(a), Some(b)) = (cpu_start, thread_cpu_time()) {
                    let cpu = b.saturating_sub(a).as_secs_f64() * 1e3;
                    out.text = format!("{}\t{cpu:.2} ms CPU", out.text);
                }
            }
            out
        })
}

/// `Hard<TAB>1234<TAB>X-Wing`: level, score, hardest technique.
fn rate_one(item: &Item, json: bool, opts: &sudokit::Options) -> Output {
    let p = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let r = match p.rate(opts) {
        Ok(r) => r,
        Err(e) => return item.fail_with(json, e),
    };
    let g = &r.grade;
    let hardest = g.hardest.map_or("none", |t| t.name());
    let text = if json {
        item.json_ok(serde_json::to_value(RatingView::from(&r)).unwrap_or_default())
    } else {
        format!("{}\t{}\t{}", g.level.name(), g.score, hardest)
    };
    Output::ok(text)
}
