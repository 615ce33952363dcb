//! `sudokit candidates`: true candidates per cell (every digit that appears
//! in at least one solution), for setters checking a puzzle in progress.

use anyhow::Result;
use sudokit::view::CandidatesView;

use crate::batch::{Output, Tally};
use crate::input::{BatchArgs, InputArgs, Item};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per puzzle (`candidates`: per cell, the list of digits).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let json = args.json;
    args.batch.each_puzzle(&args.input, move |item, opts| {
        candidates_one(item, json, opts)
    })
}

/// One line per row: each cell's true candidates, `-` for none.
fn candidates_one(item: &Item, json: bool, opts: &sudokit::Options) -> Output {
    let rec = &item.record;
    let p = match item.puzzle_or_invalid(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let tc = match p.true_candidates(opts) {
        Ok(tc) => tc,
        Err(e) => return item.fail_with(json, e),
    };
    let view = CandidatesView::from(&tc);
    if json {
        let fields = serde_json::to_value(&view).unwrap_or_default();
        return Output::ok(item.json_ok(fields));
    }
    let lists = view.candidates;
    let n = p.grid().n();
    let mut text = format!(
        "{}puzzle {}, line {}: true candidates\n",
        item.prefix(),
        rec.number,
        rec.line
    );
    for row in lists.chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|ds| {
                if ds.is_empty() {
                    "-".to_string()
                } else {
                    ds.iter().map(|d| sudokit::format::value_char(*d)).collect()
                }
            })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text.pop();
    Output::ok(text)
}
