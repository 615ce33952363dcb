//! `sudokit suggest`: for setters, the givens to add so that a puzzle with
//! several solutions becomes unique, or the givens a unique puzzle can do
//! without (one at a time, and a minimal set together). A wrapper of
//! `sudokit::setter::suggest_givens`.

use anyhow::Result;
use serde_json::json;
use sudokit::setter::{suggest_givens, Suggestion};

use crate::batch::{Output, Tally};
use crate::input::{BatchArgs, InputArgs, Item};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per puzzle: `unique`, then `add` (cell, name, digit)
    /// or `removable` and `remove_together` (cell, name, digit).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
}

pub fn run(args: &Args) -> Result<Tally> {
    let json = args.json;
    args.batch
        .each_puzzle(&args.input, move |item, opts| suggest_one(item, json, opts))
}

fn suggest_one(item: &Item, json: bool, opts: &sudokit::Options) -> Output {
    let rec = &item.record;
    let p = match item.puzzle_or_invalid(json) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let s = match suggest_givens(p, opts) {
        Ok(s) => s,
        Err(e) => return item.fail_with(json, e),
    };
    let geo = p.geometry();
    let name = |c: usize| geo.cell_name(c);
    let digit = |d: u16| sudokit::format::value_char(d).to_string();
    let cells_json = |cells: &[usize]| -> Vec<serde_json::Value> {
        cells
            .iter()
            .map(|&c| json!({"cell": c, "name": name(c), "digit": p.grid().get(c)}))
            .collect()
    };
    let list = |cells: &[(usize, u16)]| -> String {
        let words: Vec<String> = cells
            .iter()
            .map(|&(c, d)| format!("{}={}", name(c), digit(d)))
            .collect();
        if words.is_empty() {
            "none".into()
        } else {
            words.join(" ")
        }
    };
    let with_digits = |cells: &[usize]| -> Vec<(usize, u16)> {
        cells.iter().map(|&c| (c, p.grid().get(c))).collect()
    };
    let head = format!("{}puzzle {}, line {}", item.prefix(), rec.number, rec.line);
    let text = match (&s, json) {
        (Suggestion::Add { givens, .. }, true) => item.json_ok(json!({
            "unique": false,
            "add": givens
                .iter()
                .map(|&(c, d)| json!({"cell": c, "name": name(c), "digit": d}))
                .collect::<Vec<_>>(),
        })),
        (Suggestion::Remove { each, together, .. }, true) => item.json_ok(json!({
            "unique": true,
            "removable": cells_json(each),
            "remove_together": cells_json(together),
        })),
        (Suggestion::Add { givens, .. }, false) => format!(
            "{head}: several solutions; add {} ({} givens) for a unique solution",
            list(givens),
            givens.len()
        ),
        (Suggestion::Remove { each, together, .. }, false) => format!(
            "{head}: unique; removable one at a time: {}\n{head}: removable together: {}",
            list(&with_digits(each)),
            list(&with_digits(together))
        ),
    };
    Output::ok(text)
}
