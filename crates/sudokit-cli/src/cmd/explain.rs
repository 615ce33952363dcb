//! `sudokit explain`: the full human-style path of each puzzle, step by step.

use anyhow::Result;
use sudokit::logic;
use sudokit::view::{values_line, PathView};

use crate::batch::{Output, Tally};
use crate::input::{BatchArgs, InputArgs, Item, TechniqueArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Puzzles (files or the puzzle text itself), pencilmark lines or a
    /// candidate grid; none reads standard input.
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per puzzle: grade and every step.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let json = args.json;
    let opts = args.batch.options().with_techniques(&args.techniques.with);
    args.batch
        .each_puzzle_with(&args.input, opts, move |item, opts| {
            explain_one(item, json, opts)
        })
}

fn explain_one(item: &Item, json: bool, opts: &sudokit::Options) -> Output {
    let puzzle = match item.puzzle(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let path = match puzzle.explain(opts) {
        Ok(path) => path,
        Err(e) => return item.fail_with(json, e),
    };
    if json {
        let v = serde_json::to_value(PathView::new(puzzle.geometry(), &path)).unwrap_or_default();
        return Output {
            text: item.json_ok(v),
            ok: path.solved,
            board: None,
        };
    }
    let grade = logic::grade(&path);
    let rec = &item.record;
    let mut text = format!(
        "{}puzzle {}, line {}: {}, score {}, hardest: {}{}\n",
        item.prefix(),
        rec.number,
        rec.line,
        grade.level.name(),
        grade.score,
        grade.hardest.map_or("none", |t| t.name()),
        if grade.without_guessing {
            ""
        } else {
            " (needs trial and error)"
        }
    );
    for (i, step) in path.steps.iter().enumerate() {
        text.push_str(&format!(
            "{:>4}. {}: {}\n",
            i + 1,
            step.technique.name(),
            step.explanation
        ));
    }
    if path.solved {
        text.push_str(&format!("solution: {}\n", values_line(&path.final_values)));
    } else {
        text.push_str("stuck: no technique applies (the position has no solution)\n");
    }
    Output {
        text,
        ok: path.solved,
        board: None,
    }
}
