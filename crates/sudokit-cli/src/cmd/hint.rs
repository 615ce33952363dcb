//! `sudokit hint`: only the next (easiest) step, from a puzzle or from a
//! mid-solve state.

use anyhow::Result;
use serde_json::json;
use sudokit::logic;

use crate::batch::{self, Output, Tally};
use crate::input::InputArgs;
use crate::states::{states, State};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Puzzles (files or the puzzle text itself), 729-character pencilmark
    /// lines or a printed candidate grid; none reads standard input.
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object per state: the step and the pencilmarks after it.
    #[arg(long)]
    pub json: bool,
    /// Also print the state after the step as a pencilmark line (9×9 only),
    /// ready to feed back into `sudokit hint`.
    #[arg(long)]
    pub then: bool,
}

pub fn run(args: &Args) -> Result<Tally> {
    let (json, then) = (args.json, args.then);
    batch::run(states(&args.input)?.into_iter(), 1, move |s| {
        hint_one(s, json, then)
    })
}

fn hint_one(state: State, json: bool, then: bool) -> Output {
    let puzzle = match state.result {
        Ok(p) => p,
        Err(text) => return Output::failed(text),
    };
    let opts = sudokit::Options::default();
    let step = match puzzle.hint(&opts) {
        Ok(Some(step)) => step,
        Ok(None) => {
            return Output {
                text: format!("{}: solved", state.at),
                ok: true,
                board: None,
            }
        }
        Err(e) => {
            return Output {
                text: format!("error: {}: {e}", state.at),
                ok: false,
                board: None,
            }
        }
    };
    let after = puzzle.logic_state(&opts).ok().and_then(|mut c| {
        logic::apply(&mut c, &step);
        (c.geometry().n() == 9 && c.geometry().cell_count() == 81).then(|| c.to_pencilmarks())
    });
    let text = if json {
        json!({ "at": state.at, "step": step, "after": after }).to_string()
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
