//! `sudokit hint`: only the next (easiest) step, from a puzzle or from a
//! mid-solve state (a pencilmark line or a printed candidate grid).

use anyhow::Result;
use serde_json::json;
use sudokit::logic;
use sudokit::view::StepView;

use crate::batch::{self, Output, Tally};
use crate::input::{InputArgs, Item, TechniqueArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Puzzles, 729-character pencilmark lines or printed candidate grids.
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per state: the step and the pencilmarks after it.
    #[arg(long)]
    pub json: bool,
    /// Also print the state after the step as a pencilmark line (9×9 only),
    /// ready to feed back into `sudokit hint`.
    #[arg(long)]
    pub then: bool,
    /// How much to give away: 1 where to look (a row, column, box or cage),
    /// 2 which technique, 3 the whole move (the default).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub level: u8,
    /// Give up on a puzzle after this many seconds (reported as an error).
    #[arg(long, value_name = "SECS", value_parser = crate::input::parse_timeout)]
    pub timeout: Option<f64>,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (json, then, level) = (args.json, args.then, args.level);
    let opts = crate::input::options(args.timeout, 1).with_techniques(&args.techniques.with);
    batch::run(args.input.items()?, 1, move |item| {
        hint_one(&item, json, then, level, &opts)
    })
}

fn hint_one(item: &Item, json: bool, then: bool, level: u8, opts: &sudokit::Options) -> Output {
    let puzzle = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    item.warn_ignored();
    let step = match puzzle.hint(opts) {
        Ok(Some(step)) => step,
        Ok(None) => {
            let rec = &item.record;
            let text = if json {
                item.json_ok(json!({"solved": true}))
            } else {
                format!(
                    "{}puzzle {}, line {}: solved",
                    item.prefix(),
                    rec.number,
                    rec.line
                )
            };
            return Output::ok(text);
        }
        Err(e) => return item.fail_with(json, e),
    };
    let mut levels = puzzle.hint_levels(&step);
    if level < 3 {
        // Where to look, or which technique: not the move itself.
        levels.retain(|h| h.level == level);
        return Output::ok(if json {
            item.json_ok(json!({ "levels": levels }))
        } else {
            levels.iter().map(|h| h.text.as_str()).collect()
        });
    }
    let after = puzzle.logic_state(opts).ok().and_then(|mut c| {
        logic::apply(&mut c, &step);
        c.to_pencilmarks()
    });
    let text = if json {
        let view = StepView::new(puzzle.geometry(), &step);
        item.json_ok(json!({
            "after": after,
            "levels": levels,
            "step": view,
            "technique": step.technique.name(),
        }))
    } else {
        let mut t = format!("{}: {}", step.technique.name(), step.explanation);
        if let (true, Some(a)) = (then, &after) {
            t.push('\n');
            t.push_str(a);
        }
        t
    };
    Output::ok(text)
}
